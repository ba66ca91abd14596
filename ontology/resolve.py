"""What a question resolves to: the governing provisions, in force on the day, and how the
searches that proposed them ran.

``ResolveResult`` is the result of ``inforce.engine.Project.resolve`` (built by
``engine.candidates``); it lives here, with the other result types, so an adapter renders it
without reaching into the engine. Its JSON is the "Resolve" shape of docs/formats.md.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .answers import DroppedCandidate
from .eligibility import Calculation, UnmatchedValue
from .scalars import Locator, UtcDateTime
from .verdict import Exclusion
from .vocabulary import ReasonCode, VerdictKind

__all__ = ["QualifierView", "ResolveResult", "ResolvedProvision", "RetrievalReport", "SearchSource"]

_MODEL = ConfigDict(frozen=True, extra="forbid")

#: The searches that propose candidates for a question (fused by reciprocal rank).
SearchSource = Literal["full_text", "vector"]


class QualifierView(BaseModel):
    """A provision that qualifies a resolved one ("except as provided in 9.1"): it travels with it."""

    model_config = _MODEL

    locator: Locator
    rule: str
    words: str
    text: str | None = None


class ResolvedProvision(BaseModel):
    """One governing provision: its in-force version, where it is, and why it ranked.

    ``replaces`` names the superseded sections a search found and this provision replaced
    (``description``: "03 30 00 §2.1.A as amended by Addendum No. 2 (ADD-02 §1.3)").
    """

    model_config = _MODEL

    locator: Locator
    title: str
    heading: str | None = None
    page: int | None = None
    span: tuple[int, int]
    text: str
    score: float
    ranks: dict[str, int] = {}
    replaces: tuple[Locator, ...] = ()
    description: str | None = None
    qualifiers: tuple[QualifierView, ...] = ()


class RetrievalReport(BaseModel):
    """Which searches ran (and why one did not), and how many candidates each proposed."""

    model_config = _MODEL

    sources: tuple[SearchSource, ...]
    skipped: dict[str, str] = {}
    candidates: dict[str, int] = {}
    searched_revisions: int = 0
    eligibility: bool = True
    reranker: str | None = None
    dropped: tuple[DroppedCandidate, ...] = ()


class ResolveResult(BaseModel):
    """What ``inforce resolve`` answers: the governing provisions, or why there are none."""

    model_config = _MODEL

    outcome: VerdictKind
    reason: ReasonCode | None = None
    question: str
    valid_at: dt.date
    valid_at_source: str = "valid_at"
    known_at: UtcDateTime | None = None
    provisions: tuple[ResolvedProvision, ...] = ()
    missing_attributes: tuple[str, ...] = ()
    #: for a clarification request: a stated value no rule accepts, with the values they do
    unmatched_values: tuple[UnmatchedValue, ...] = ()
    conditional_on: tuple[str, ...] = ()
    calculations: tuple[Calculation, ...] = ()
    eligible_total: int = 0
    excluded: tuple[Exclusion, ...] = ()
    excluded_total: int = 0
    excluded_by_reason: dict[str, int] = {}
    withheld: tuple[str, ...] = ()
    retrieval: RetrievalReport
    rules_fired: tuple[str, ...] = ()
    index_build: str

    @property
    def unstated_attributes(self) -> tuple[str, ...]:
        """The missing attributes the case does not state at all (the others are stated with a
        value no rule accepts: ``unmatched_values`` names them with the values that are)."""
        restated = {u.attribute for u in self.unmatched_values}
        return tuple(name for name in self.missing_attributes if name not in restated)
