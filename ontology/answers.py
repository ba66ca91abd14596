"""What the front's questions answer: in force on a date, every version, candidates collapsed
to the in-force one, the freshness gate on citations, precedence between two provisions,
index lag, what the graph holds, and a sweep judged for a pipeline.

These are results of ``inforce.engine.Project``'s questions (built by ``engine.asof``); they
live here, with the other result types, so an adapter renders them without reaching into the
engine. Their JSON is the shapes of docs/formats.md ("As-of", "History", "Precedence", ...).

An ``AsOfAnswer`` names a document the asker may not read by its id alone (a successor or
amender ``ADD-02``, a marker ``ADD-02 (withheld: access)`` in the text) and lists it in
``withheld``; its text, title, dates, revisions and section paths stay out.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .document import EdgeReview
from .erasure import ErasedNote
from .scalars import Locator, UtcDateTime
from .sweep import SweepReport
from .vocabulary import (
    AsOfReason,
    DropReason,
    FailOn,
    PrecedenceResolution,
    StaleReason,
    StopReason,
)

__all__ = [
    "AsOfAnswer",
    "ChainStep",
    "DedupResult",
    "DroppedCandidate",
    "FreshnessResult",
    "History",
    "HistoryEntry",
    "HistoryKind",
    "LagReport",
    "PendingRevision",
    "PrecedenceResult",
    "PrecedenceSide",
    "ProjectStats",
    "Replacement",
    "StaleCitation",
    "StepKind",
    "StoreStats",
    "SweepOutcome",
    "TextMark",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")

StepKind = Literal["version", "in_force_revision", "removed", "supersedes", "deletes", "amends"]

HistoryKind = Literal[
    "added", "changed", "removed", "revision", "superseded", "deleted", "amended", "replaces", "deletes",
]


class ChainStep(BaseModel):
    """One revision or edge that made the answer what it is, on both clocks."""

    model_config = _MODEL

    locator: Locator
    effective: dt.date
    recorded: UtcDateTime | None
    origin: str
    kind: StepKind
    target: Locator | None = None
    scope: Literal["full", "partial"] | None = None
    #: origin ``review``: who accepted the edge in reviews.yaml, when, and their note
    review: EdgeReview | None = None


class TextMark(BaseModel):
    """Where an ``AsOfAnswer``'s consolidated text marks a part that a later provision replaced,
    deleted or amended: ``text[start:end]`` is the marker and what stands there now (the
    replacement's words; for an amended part, its own words and then the marker). ``by``: the
    locators the marker names that the asker may read; ``withheld``: the document ids of those
    it may not (named by id alone in the marker). ``in_force`` False: every one it names is out
    of force on the day (lapsed, or not yet in force)."""

    model_config = _MODEL

    start: int
    end: int
    kind: Literal["replaced", "deleted", "amended"]
    path: str
    by: tuple[Locator, ...] = ()
    withheld: tuple[str, ...] = ()
    in_force: bool = True


class AsOfAnswer(BaseModel):
    """The in-force version of a locator as of ``valid_at`` (known by ``known_at``)."""

    model_config = _MODEL

    locator: Locator
    in_force: bool
    resolved: Locator | None
    text: str | None
    successors: tuple[Locator, ...] = ()
    amended_by: tuple[Locator, ...] = ()
    chain: tuple[ChainStep, ...] = ()
    valid_at: dt.date
    known_at: UtcDateTime | None
    index_build: str
    reason: AsOfReason | None = None
    detail: str | None = None
    description: str | None = None
    withheld: tuple[str, ...] = ()  # documents bearing on the answer the asker may not read (access)
    #: ``resolved`` is an erased revision's tombstone: in force on the date, its text not kept
    erased: ErasedNote | None = None
    #: Where ``valid_at`` came from: "valid_at" (given), or "case attribute NAME (rule ID at
    #: FILE:LINE)". For showing the answer; left out of the JSON, whose contract predates it.
    valid_at_source: str = Field(default="valid_at", exclude=True)
    #: Where ``text`` marks replaced, deleted and amended parts (``engine.asof.consolidate``), for
    #: a page to mark and link them; left out of the JSON, whose contract states the markers in text.
    marks: tuple[TextMark, ...] = Field(default=(), exclude=True)

    @property
    def nothing_in_force(self) -> bool:
        """Nothing answers for the locator on the date: not in force, and no in-force
        replacement (lapsed, removed, not yet in force, or every successor out of force)."""
        return not self.in_force and self.resolved is None and not self.successors


class HistoryEntry(BaseModel):
    """One version of a provision, or one edge on it, with its place on both clocks.

    ``revisions`` lists the revisions that carry this version unchanged (registry order).
    ``applied_until`` is the first day this version no longer applied (everything recorded
    counted; None while it still applies) and ``stopped`` says why.
    """

    model_config = _MODEL

    locator: Locator
    kind: HistoryKind
    effective_from: dt.date
    effective_until: dt.date | None = None
    recorded: UtcDateTime | None = None
    seq: int | None = None
    origin: str = "declared"
    revisions: tuple[str, ...] = ()
    target: Locator | None = None
    scope: Literal["full", "partial"] | None = None
    applied_until: dt.date | None = None
    stopped: StopReason | None = None
    stopped_by: Locator | None = None
    #: an edge of origin ``review``: who accepted it in reviews.yaml, when, and their note
    review: EdgeReview | None = None
    #: a version of an erased revision (its tombstone): who erased it and when; no text is kept
    erased: ErasedNote | None = None


class History(BaseModel):
    """Every version of a provision, oldest first."""

    model_config = _MODEL

    locator: Locator
    versions: tuple[HistoryEntry, ...]
    index_build: str
    #: documents whose versions or edges were left out: the asker may not read them
    withheld: tuple[str, ...] = ()


class DroppedCandidate(BaseModel):
    """A candidate left out, why, and what is in force in its place."""

    model_config = _MODEL

    locator: Locator
    reason: DropReason
    in_force: Locator | None = None
    successors: tuple[Locator, ...] = ()


class DedupResult(BaseModel):
    """``kept``: one locator per (document, section), ranked by the best-ranked copy;
    ``in_force[i]`` is the pinned in-force version of ``kept[i]``."""

    model_config = _MODEL

    kept: tuple[Locator, ...]
    in_force: tuple[str, ...]
    dropped: tuple[DroppedCandidate, ...]
    valid_at: dt.date
    known_at: UtcDateTime | None
    index_build: str


class Replacement(BaseModel):
    """What is in force in place of a stale citation (its text when the asker may read it)."""

    model_config = _MODEL

    locator: Locator
    text: str | None = None


class StaleCitation(BaseModel):
    """A cited locator whose text is not the in-force one, and what is in force instead."""

    model_config = _MODEL

    citation: Locator
    reason: StaleReason
    in_force: tuple[Replacement, ...] = ()


class FreshnessResult(BaseModel):
    """The freshness gate's decision on an answer's citations: pass, or block naming each stale one."""

    model_config = _MODEL

    outcome: Literal["pass", "block"]
    stale: tuple[StaleCitation, ...] = ()
    fresh: tuple[Locator, ...] = ()
    unchecked: int = 0  # citations with a quote but no locator: nothing to check here
    valid_at: dt.date
    known_at: UtcDateTime | None
    index_build: str


class PrecedenceSide(BaseModel):
    """One of the two provisions as the precedence decision saw it."""

    model_config = _MODEL

    locator: str
    label: str
    kind: str
    level: str | None = None
    issued: dt.date | None = None
    scale: str | None = None
    as_amended_by: tuple[str, ...] = ()


class PrecedenceResult(BaseModel):
    """The contract's "Precedence" output, with both sides and a one-line explanation."""

    model_config = _MODEL

    resolution: PrecedenceResolution
    winner: str | None = None
    rule: str | None = None
    clause: str | None = None
    rfi: str | None = None
    explanation: str = ""
    provisions: tuple[PrecedenceSide, ...] = ()


class PendingRevision(BaseModel):
    """A revision the registry records and the graph does not hold (or holds differently)."""

    model_config = _MODEL

    locator: Locator
    seq: int
    effective_from: dt.date
    recorded: UtcDateTime
    age_seconds: float
    source: str | None = None


class LagReport(BaseModel):
    """What document control recorded that the graph lacks (index lag, ``engine.lag``).

    ``lagging`` when anything is pending, changed since ingest, withdrawn from the registry,
    when the manifest or a rule pack was edited since ingest, or when the next ingest fails on
    a record of the project (``problems``)."""

    model_config = _MODEL

    lagging: bool
    pending: tuple[PendingRevision, ...] = ()
    changed: tuple[PendingRevision, ...] = ()
    withdrawn: tuple[Locator, ...] = ()
    oldest_pending_recorded: UtcDateTime | None = None
    oldest_pending_age_seconds: float | None = None
    oldest_pending_age: str | None = None
    registry_revisions: int
    ingested_revisions: int
    now: UtcDateTime
    index_build: str
    #: the manifest and rule packs edited since the graph was built: re-ingest before rule decisions
    configuration_changed: tuple[str, ...] = ()
    #: documents with revisions in the report the asker may not read: named, not listed (access)
    withheld: tuple[str, ...] = ()
    #: what the next ingest refuses, each at its file, line and field (``erasures.yaml`` that
    #: does not read, an erasure not finished): the graph cannot be brought up to date until
    #: it is mended; its words and values only to an asker who may read every document
    problems: tuple[str, ...] = ()


class StoreStats(BaseModel):
    """What the live graph holds, and the size of its database file."""

    model_config = _MODEL

    documents: int = 0
    revisions: int = 0
    sections: int = 0
    table_rows: int = 0
    callouts: int = 0
    quantities: int = 0
    #: the stored quantities no subject rule bound (no sweep or ``facts`` compares them)
    unbound_quantities: int = 0
    quarantined_tables: int = 0  # PDF tables whose rows were not indexed (row counts disagree)
    supersedes: int = 0
    embeddings: int = 0
    embedded_provisions: int = 0
    embedding_model: str | None = None
    #: the database file's size; None to an asker who may not read every document (the size
    #: would tell of what is withheld)
    db_bytes: int | None = 0
    generation: int = 0


class ProjectStats(StoreStats):
    """What the project's graph holds (``StoreStats``), with the project and its build id."""

    project: str
    index_build: str
    #: ``unbound_quantities`` by dimension: those some subject of the vocabulary has first,
    #: then the others, each most first (``engine.quantities.unbound``)
    unbound_by_dimension: dict[str, int] = {}


class SweepOutcome(BaseModel):
    """A sweep report judged for a pipeline: marked against a baseline when one was given, the
    findings that fail it under ``fail_on``, and the counts a summary shows."""

    model_config = _MODEL

    report: SweepReport
    fail_on: FailOn
    failing: tuple[str, ...] = ()  # ids of the findings that fail the pipeline, in report order
    #: findings by kind, then by resolution (every resolution present, zero or not)
    counts: dict[str, dict[str, int]] = {}
    new: int = 0
    changed: int = 0
    unchanged: int = 0
    gone: int = 0
    withheld: int = 0  # findings of the baseline not compared (access): ``SweepReport.baseline_withheld``

    @property
    def failed(self) -> bool:
        """Whether the pipeline fails (a finding at or above ``fail_on``)."""
        return bool(self.failing)
