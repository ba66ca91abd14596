"""What building a project's graph did: one ingest (the edges rules derived, the items no rule
read, the tables kept out) and one embed run.

These are results of ``inforce.engine.Project.ingest`` and ``Project.embed``; they live here,
with the other result types, so an adapter prints them without reaching into the engine.
``IngestSummary`` is the JSON of ``inforce ingest`` (docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from .errors import InputError
from .scalars import Locator

__all__ = [
    "REVIEWS_FILE",
    "REVIEW_BY_MAX",
    "REVIEW_NOTE_MAX",
    "AddendaReadings",
    "DerivedEdge",
    "EmbedReport",
    "IngestResult",
    "IngestSummary",
    "NotUnderstoodItem",
    "ProposalEvidence",
    "ProposedEdge",
    "QuarantinedTableReport",
    "ReviewDecision",
    "UnboundQuantity",
    "UnboundReport",
    "UnsharedReading",
    "review_text_too_long",
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
    #: where the item is written (its file, and the line its words start on), when known
    file: str | None = None
    line: int | None = None


#: What an addendum item does to what it names (issue 21): replaced whole (the item, or what it
#: attaches, the successor), amended in part, deleted with nothing in its place, or nothing.
ItemAction = Literal["replace", "amend", "delete", "no_change"]


class ProposalEvidence(BaseModel):
    """Why an item was proposed rather than applied, and what a reviewer weighs (the contract's
    ``evidence``, ../shared/spec/corpus-format.md): the reference as written, how sure its
    resolution is (``reference_score``, 0-1: 1.0 for an exact number or path, a title's
    rapidfuzz ratio / 100 otherwise) and how it was resolved, the action verb read (if any) and
    the kind of change it makes, and, when an embedder is configured, the similarity of item
    and target. Retrieval proposes; it never decides."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reference: str  # the words naming the target, as written
    reference_score: float | None = None  # 0-1; None when nothing resolved it
    resolved_by: str | None = None  # "number", "title", "outline", "heading", "sheet", ...
    action: str | None = None  # the verb as read, lower case ("revise", "delete"); None: none read
    change: ItemAction | None = None  # what that verb does: replace | amend | delete | no_change
    similarity: float | None = None  # cosine of item and target, when an embedder is configured
    why: str  # why no rule applied it ("no rule reads 'At Room 112 ..., revise'", ...)


class ProposedEdge(BaseModel):
    """A candidate supersedes edge for a person to accept or reject (``inforce review``): never
    applied by itself. ``item`` is the addendum item, ``successor`` False a deletion."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Locator
    target: Locator
    scope: Literal["full", "partial"]
    successor: bool = True
    rule: str
    file: str
    line: int | None
    words: str  # the item's instruction, as written (shortened)
    evidence: ProposalEvidence


#: the project's file of review decisions, at its root
REVIEWS_FILE = "reviews.yaml"
#: the most characters a decision's note may hold when a reviewer records it (``inforce review
#: --note``, the service's review): a sentence or two of why, on one line of reviews.yaml that
#: every later reader is shown; a longer record belongs in a document the note cites (audit 43)
REVIEW_NOTE_MAX = 2000
#: the most characters a decision's ``by`` may hold: a person's name, or a team's (audit 69 B F03)
REVIEW_BY_MAX = 200


def review_text_too_long(field: str, text: str) -> str | None:
    """What is wrong with ``text`` as a decision's ``by`` or ``note`` for its length, or None:
    the one limit of each field, for ``inforce review``, the service and a hand-written
    ``reviews.yaml`` alike (a note of megabytes written by hand was shown by every ``history``)."""
    most = {"by": REVIEW_BY_MAX, "note": REVIEW_NOTE_MAX}[field]
    if len(text) <= most:
        return None
    return f"{len(text):,} characters; a decision's {field} holds at most {most:,}"


class ReviewDecision(BaseModel):
    """One decision of ``reviews.yaml``: a reviewer accepted or rejected a proposed edge (or
    declared one of their own). An accepted one is ingested as a declared edge with origin
    ``review``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Locator
    target: Locator
    scope: Literal["full", "partial"]
    successor: bool = True
    decision: Literal["accept", "reject"]
    by: str
    at: str  # ISO 8601 UTC, as written in the file
    note: str | None = None
    line: int | None = None  # where in reviews.yaml
    #: a digest of the item's words the decision was made on (``inforce review`` writes it); an
    #: accepted entry whose item reads otherwise now is stale: reported at ingest, not applied
    digest: str | None = None


class UnsharedReading(BaseModel):
    """An addendum's items read against every revision, where that differs from their reading
    against the revisions every reader of the addendum shares (the one the graph applies:
    ``engine.addenda.view``): shown in its place to an asker who may read every revision in
    ``apart``, never to another. What only this reading would apply is proposed for review."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    document: str
    #: the revisions (``DOC@REV``) the addendum's readers do not all share
    apart: tuple[str, ...]
    #: the items whose reading differs
    items: tuple[Locator, ...]
    proposed: tuple[ProposedEdge, ...] = ()
    not_understood: tuple[NotUnderstoodItem, ...] = ()


class AddendaReadings(BaseModel):
    """What the project's addenda say, read against the graph as it is now (``Project.readings``,
    ``inforce ingest --derived``): the edges applied, the edges proposed for review (pending,
    i.e. not yet decided in ``reviews.yaml``), the items named as not understood, the items a
    rule's declared skip list covers (counted per rule), and the review decisions on file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    applied: tuple[DerivedEdge, ...] = ()
    proposed: tuple[ProposedEdge, ...] = ()
    not_understood: tuple[NotUnderstoodItem, ...] = ()
    skipped: dict[str, int] = {}  # rule id -> items left alone by its skip list (Division 00, ...)
    reviewed: tuple[ReviewDecision, ...] = ()
    #: documents whose items (or targets) the asker may not read: left out of the lists above
    withheld: tuple[str, ...] = ()
    #: accepted entries of reviews.yaml the graph does not hold yet (the next ingest applies them)
    awaiting_ingest: tuple[ReviewDecision, ...] = ()
    #: accepted entries whose item's words changed since the decision (not applied; decide again)
    stale: tuple[ReviewDecision, ...] = ()
    #: the addenda whose reading differs for an asker who may read more (``UnsharedReading``):
    #: kept by the engine for the access gate (``reviews.withhold``), never serialized
    _unshared: tuple[UnsharedReading, ...] = PrivateAttr(default=())
    #: ``skipped`` by the document of the addendum whose items they are (document id -> rule id ->
    #: items): what ``reviews.withhold`` counts for an asker who may read only some addenda,
    #: kept by the engine beside ``_unshared``, never serialized with the readings
    _skipped_by: dict[str, dict[str, int]] = PrivateAttr(default_factory=dict)

    def decided(self) -> tuple[int, int]:
        """How many item/target pairs ``reviewed`` accepts and rejects, each by its last word (an entry
        repeated or overruled counts once): the one count every view of the review file shows."""
        last = {(str(r.item.unpinned()), str(r.target)): r.decision for r in self.reviewed}
        accepted = sum(decision == "accept" for decision in last.values())
        return accepted, len(last) - accepted


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


class UnboundQuantity(BaseModel):
    """A quantity read but bound to no subject, where it is written: the ``file`` and ``line``
    (None where the file's line is not known, e.g. a PDF page), its provision, the words as
    written, a few words around them on their line, and its dimension's name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    line: int | None
    locator: str
    text: str
    context: str
    dimension: str


class UnboundReport(BaseModel):
    """The quantities an ingest read that no subject rule bound (so no sweep or ``facts``
    compares them): ``total``, counted by dimension (``by_dimension``: the dimensions some
    subject of the project's vocabulary has first, then the others, each most first), and the
    first ``LISTED`` of them by file and line (those of a vocabulary dimension first) in
    ``items``; ``more`` counts the rest. ``withheld``: documents with a revision parsed in
    this ingest that the asker's groups may not read, whose quantities are neither counted nor
    listed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    total: int = 0
    by_dimension: dict[str, int] = {}
    #: the dimensions some subject of the project's vocabulary has (named as in ``by_dimension``)
    vocabulary_dimensions: list[str] = []
    items: list[UnboundQuantity] = []
    more: int = 0
    withheld: list[str] = []


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
    #: candidate edges for a person to review (never applied by themselves; ``inforce review``)
    proposed: list[ProposedEdge] = []
    #: items a rule's declared skip list covers (Division 00, bidding requirements), per rule id
    skipped_items: dict[str, int] = {}
    #: files under documents/ not ingested, each with why (no text layer, a kind inforce does not read)
    skipped: list[str] = []
    #: PDF tables whose rows were not indexed (their row counts disagree), to confirm by hand
    quarantined: list[QuarantinedTableReport] = []
    #: the quantities this ingest read that no subject bound (its parsed documents')
    unbound: UnboundReport = UnboundReport()
    seconds: float
    graph_replaced: bool
    #: ``inforce ingest --derived``: what the project's addenda say as the graph is now, whether
    #: or not this ingest read them (``Project.readings``); None when not asked for
    readings: AddendaReadings | None = None


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
    proposed: list[ProposedEdge] = field(default_factory=list)
    skipped_items: dict[str, int] = field(default_factory=dict)
    parse_seconds: float = 0.0
    seconds: float = 0.0
    swapped: bool = False
    warnings: list[InputError] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    quarantined: list[QuarantinedTableReport] = field(default_factory=list)
    #: the quantities of the documents parsed in this ingest that no subject bound
    unbound: UnboundReport = field(default_factory=UnboundReport)
    #: ``Project.ingest(derived=True)``: the project's addenda readings after this ingest, as the
    #: asker may read them (the summary's ``derived``/``proposed``/``not_understood`` then list them)
    readings: AddendaReadings | None = None
    #: ``(file, revision uid, access groups or None)`` of every revision the graph holds after this
    #: ingest and every one it removed, and ``(file, "", access)`` of each other file a warning
    #: names whose access reads: what ``Project.ingest`` shows an asker by (never in the summary)
    access: list[tuple[str, str, tuple[str, ...] | None]] = field(default_factory=list)
    #: the addenda whose items read otherwise against every revision than against those their
    #: readers share (``UnsharedReading``): what ``Project.ingest`` shows an asker who may read
    #: those revisions (never in the summary)
    unshared: list[UnsharedReading] = field(default_factory=list)
    #: ``(provisions, quantities)`` of each revision parsed in this ingest, by uid: what
    #: ``provisions`` and ``quantities`` count for an asker who may read only some (never in the summary)
    tallies: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False)
    #: ``skipped_items`` by the document of the addendum whose items they are (document id ->
    #: rule id -> items): what ``skipped_items`` counts for an asker who may read only some
    #: addenda (never in the summary)
    skipped_by: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    #: ``unbound`` as an asker holding the groups given reads it (``UnboundCollector.report``);
    #: None when no document was parsed (never in the summary)
    unbound_read_by: Callable[[tuple[str, ...]], UnboundReport] | None = field(default=None, repr=False)

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
            derived_edges=self.derived_edges,
            # with readings (``--derived``): the project's state, whether or not this run re-read the addenda
            derived=self.derived if self.readings is None else list(self.readings.applied),
            not_understood=self.not_understood if self.readings is None else list(self.readings.not_understood),
            proposed=self.proposed if self.readings is None else list(self.readings.proposed),
            skipped_items=self.skipped_items if self.readings is None else dict(self.readings.skipped),
            skipped=self.skipped, quarantined=self.quarantined, unbound=self.unbound,
            seconds=round(self.seconds, 3),
            graph_replaced=self.swapped, readings=self.readings,
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
