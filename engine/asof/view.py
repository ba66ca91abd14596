"""What the as-of answers read from an index: the ``AsOfView`` protocol ``AsOfIndex`` meets.

The helpers that build answers (``answer``, ``consolidate``, ``freshness``, ``history``) are
called by ``AsOfIndex`` and read it back; they name it by this protocol, which sits below all
of them, so no module of the package imports one above it, not even for an annotation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Protocol

from inforce.ontology import Locator, Supersedes
from inforce.ontology.answers import AsOfAnswer, ChainStep, StepKind

from .revisions import DocumentRevisions
from .supersession import Spent, SupersessionIndex
from .timeline import SectionState

__all__ = ["AsOfView", "ProvisionTexts"]


class ProvisionTexts(Protocol):
    """Where an answer's text and titles come from (the graph store, for a project)."""

    def text(self, locator: Locator) -> str:
        """The text of a pinned locator: a provision's text, or a whole revision's text layer."""
        ...

    def title(self, locator: Locator) -> str:
        """The title of the document revision a pinned locator belongs to."""
        ...

    def span(self, locator: Locator) -> tuple[int, int] | None:
        """Where a pinned provision lies in its revision's text layer: ``(start, end)``
        character offsets (its ``span``; a provision's text is that slice of the text layer).
        Consolidated text places a replaced descendant by it; a source without spans (None,
        or no such method) makes it search for the descendant's wording instead."""
        ...


class AsOfView(Protocol):
    """The members of ``AsOfIndex`` the answer builders read (see ``index`` for what each means)."""

    build_id: str
    supersession: SupersessionIndex
    texts: ProvisionTexts | None

    def entry(self, doc: str) -> DocumentRevisions | None: ...

    def has(self, locator: Locator) -> bool: ...

    def lineage(self, doc: str, path: str) -> tuple[str, ...]: ...

    def recorded_of(self, doc: str, rev: str | None) -> float | None: ...

    def section_state(self, doc: str, path: str | None, valid_day: int, known_ts: float) -> SectionState: ...

    def is_fresh(self, locator: Locator, state: SectionState) -> bool: ...

    def pinned_applies(self, day: int, known_ts: float) -> Callable[[Supersedes], bool]: ...

    def ended_by(self, edge: Supersedes, day: int, known_ts: float) -> Locator | None: ...

    def spent(self, doc: str, path: str | None, day: int, known_ts: float) -> Spent | None: ...

    def standing_out_of_sight(
        self, doc: str, path: str | None, day: int, known_ts: float, judged: Callable[[Supersedes], bool],
    ) -> tuple[str, ...]: ...

    def revision_step(self, doc: str, pos: int, path: str | None, kind: StepKind) -> ChainStep: ...

    def answer(
        self, locator: Locator | str, valid_at: dt.date, known_at: dt.datetime | dt.date | str | None = None,
        *, with_text: bool = True, visible: Callable[[Locator], bool] = ...,
        targets: Callable[[Locator], bool] | None = None,
    ) -> AsOfAnswer: ...
