"""What building a project's graph did: one ingest (the edges rules derived, the items no rule
read, the tables kept out) and one embed run.

These are results of ``inforce.engine.Project.ingest`` and ``Project.embed``; they live here,
with the other result types, so an adapter prints them without reaching into the engine.
``IngestSummary`` is the JSON of ``inforce ingest`` (docs/formats.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .errors import InputError
from .scalars import Locator

__all__ = [
    "DerivedEdge",
    "EmbedReport",
    "IngestResult",
    "IngestSummary",
    "NotUnderstoodItem",
    "QuarantinedTableReport",
]


class DerivedEdge(BaseModel):
    """One supersedes edge a rule read out of an item's words, as ``ingest`` lists it for review:
    the item ``by``, what it replaces (``target``, ``scope``), the rule, and the words it read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    by: Locator
    target: Locator
    scope: Literal["full", "partial"]
    rule: str
    words: str
    successor: bool = True  # False: the item removes the target, nothing replaces it


class QuarantinedTableReport(BaseModel):
    """A PDF table left out of the graph by the row-count check, for a person to confirm:
    its file, the revision it belongs to, its number (``table-N``), the page it starts on
    (and ends on, over a page break), the rows extracted and the rows the text layer shows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    document: str
    table: int
    page: int
    page_end: int | None = None
    extracted_rows: int
    text_rows: int


class NotUnderstoodItem(BaseModel):
    """An addendum or change-order item a supersession rule could not read, where it is written."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Locator
    file: str
    line: int | None
    rule: str
    words: str
    #: why, when the rule read the item but could not place what it names; None: no wording reads it
    reason: str | None = None


class IngestSummary(BaseModel):
    """One ingest's result as adapters print it (the JSON of ``inforce ingest``).

    ``derived`` lists every supersedes edge a rule read out of wording in this ingest (only the
    documents parsed in it are read: a re-ingest that parses nothing derives nothing), and
    ``derived_edges`` counts them. ``quarantined`` lists the PDF tables of the documents
    parsed in this ingest that the row-count check kept out of the graph.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    project: str
    index_build: str
    added: list[str]
    replaced: list[str]
    removed: list[str]
    unchanged: int
    #: unchanged addenda read again because the corpus their derivation reads changed
    rederived: list[str] = []
    provisions: int
    quantities: int = 0
    derived_edges: int
    derived: list[DerivedEdge]
    #: addendum items that name what they would change but derived no edge, to review by hand
    not_understood: list[NotUnderstoodItem] = []
    #: files under documents/ not ingested, each with why (no text layer, a kind inforce does not read)
    skipped: list[str] = []
    #: PDF tables whose rows were not indexed (their row counts disagree), to confirm by hand
    quarantined: list[QuarantinedTableReport] = []
    seconds: float
    graph_replaced: bool


@dataclass
class IngestResult:
    """What one ingest did. ``swapped`` is False when nothing changed and the graph was kept.

    Filled in as the ingest goes (it is the ingest's tally), then returned; nothing reads it
    back into the engine.
    """

    project: str
    build_id: str
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    #: unchanged addenda read again because the corpus their derivation reads changed
    rederived: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    provisions: int = 0
    quantities: int = 0
    derived: list[DerivedEdge] = field(default_factory=list)
    not_understood: list[NotUnderstoodItem] = field(default_factory=list)
    parse_seconds: float = 0.0
    seconds: float = 0.0
    swapped: bool = False
    warnings: list[InputError] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    quarantined: list[QuarantinedTableReport] = field(default_factory=list)

    @property
    def derived_edges(self) -> int:
        """How many supersedes edges the rules derived in this ingest."""
        return len(self.derived)

    @property
    def provisions_per_second(self) -> float:
        return self.provisions / self.seconds if self.seconds else 0.0

    def summary(self) -> IngestSummary:
        return IngestSummary(
            project=self.project, index_build=self.build_id, added=self.added, replaced=self.replaced,
            removed=self.removed, unchanged=self.unchanged, rederived=self.rederived, provisions=self.provisions,
            quantities=self.quantities,
            derived_edges=self.derived_edges, derived=self.derived, not_understood=self.not_understood,
            skipped=self.skipped,
            quarantined=self.quarantined, seconds=round(self.seconds, 3),
            graph_replaced=self.swapped,
        )


class EmbedReport(BaseModel):
    """What one embed run did; ``applied`` False means the vectors wait in the cache."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str
    dim: int
    missing: int
    embedded: int
    seconds: float
    embed_seconds: float
    passages_per_second: float
    applied: bool
    vectors_added: int = 0
    provisions_linked: int = 0
    provisions_without: int = 0
    note: str | None = None
