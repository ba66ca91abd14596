"""What the front shows of a project: a stored provision, the date a question is about, the
packs an answer was decided under, and a refusal's ground.

These are results of ``inforce.engine.Project``'s questions; they live here, with the other
result types, so an adapter renders them without reaching into the engine.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from .document import EdgeReview
from .erasure import ErasedNote

__all__ = ["DateChoice", "PackUsed", "ProvisionView", "ShownDocument", "ShownEdge", "ShownRevision", "ShownTexts"]

_MODEL = ConfigDict(frozen=True, extra="forbid")


class ShownDocument(BaseModel):
    """The document (revision) a shown provision belongs to."""

    model_config = _MODEL

    id: str
    kind: str
    title: str
    revision: str
    seq: int
    effective: str
    recorded: str
    source: str
    access: list[str] | None
    applies_to: dict[str, list[str]]


class ShownRevision(BaseModel):
    """One revision of the shown document, and whether it changed the shown provision."""

    model_config = _MODEL

    revision: str
    seq: int
    effective: str
    recorded: str
    changed: bool
    #: an erased revision's tombstone: who erased it and when (its text is not kept)
    erased: ErasedNote | None = None


class ShownEdge(BaseModel):
    """A supersession edge touching the shown provision, as text."""

    model_config = _MODEL

    source: str
    target: str
    scope: str
    effective: str
    by: str | None
    origin: str
    successor: bool = True  # False: a deletion, ``by`` deleted the target and nothing replaces it
    review: EdgeReview | None = None  # origin ``review``: who accepted it, when, and their note


class ProvisionView(BaseModel):
    """What ``inforce show`` prints: one stored provision (or document), its revisions, its edges."""

    model_config = _MODEL

    locator: str
    kind: str
    text: str
    document: ShownDocument
    revisions: tuple[ShownRevision, ...]
    edges: tuple[ShownEdge, ...]
    index_build: str
    withheld: tuple[str, ...] = ()  # documents whose revisions or edges on this provision are left out (access)
    #: the shown revision is an erased one's tombstone: ``text`` is empty, its text is not kept
    erased: ErasedNote | None = None


class ShownTexts(BaseModel):
    """The text ``show`` gives for each of several locators, asked at once (``Project.show_texts``):
    each locator as asked, once, in the order asked, in one of the three."""

    model_config = _MODEL

    texts: dict[str, str]  # locator -> its ``ProvisionView.text``
    refused: tuple[str, ...] = ()  # the asker may not read it (``show``: a Refusal)
    missing: tuple[str, ...] = ()  # the project holds no such thing (``show``: NotFoundError)


class DateChoice(BaseModel):
    """The date a question is about and where it came from (never "today")."""

    model_config = _MODEL

    valid_at: dt.date
    source: str  # "valid_at" (given), or "case attribute NAME (rule ID at FILE:LINE)"


class PackUsed(BaseModel):
    """A rule pack an answer was decided under: its name, file and content hash (12 digits)."""

    model_config = _MODEL

    name: str
    file: str
    hash: str
