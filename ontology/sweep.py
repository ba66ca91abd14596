"""What a sweep returns: its findings, and the run summary that says what it examined.

The findings are the contract's "Findings" (``docs/formats.md``); everything else here is an
extension a reader of the contract may ignore. The report holds nothing that depends on how
the run was made (workers, timing): the same input gives the same bytes.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, PrivateAttr

from .scalars import UtcDateTime
from .verdict import Finding
from .vocabulary import CandidateSource, FindingKind

__all__ = ["WITHHELD_BASELINE", "GoneFinding", "SourceRun", "SweepReport", "SweepSummary"]

#: How every report format and the summary line say what ``SweepReport.baseline_withheld`` counts
WITHHELD_BASELINE = "withheld (access: not compared)"

_MODEL = ConfigDict(frozen=True, extra="forbid")


class SourceRun(BaseModel):
    """One candidate source: whether it ran (and why not), the pairs it proposed."""

    model_config = _MODEL

    source: CandidateSource
    ran: bool
    pairs: int = 0
    note: str = ""


class SweepSummary(BaseModel):
    """How much was compared, against how much could have been, and what came of it."""

    model_config = _MODEL

    provisions: int  # in-force provisions the asker may read on the date
    statements: int  # in-force quantity statements compared (facts bound to a subject)
    all_pairs: int  # provisions × (provisions − 1) / 2: the provision pairs there are
    #: comparisons the sources made, every source together, each counting in its own unit (pairs
    #: of quantity statements, links followed, candidate provision pairs): no share of ``all_pairs``,
    #: and more than it in a small project (5 statements in 4 provisions: 10 pairs against 6)
    pairs_examined: int
    sources: tuple[SourceRun, ...]
    unconfirmed: int = 0  # pairs only a similarity score proposed and no rule confirmed
    by_kind: dict[str, int] = {}
    by_resolution: dict[str, int] = {}
    superseded_left_out: int = 0  # pairs with a superseded side (shown with --include-superseded)
    withheld: tuple[str, ...] = ()  # documents the asker may not read: never compared, never quoted


class GoneFinding(BaseModel):
    """A finding of the baseline that this run no longer reports."""

    model_config = _MODEL

    id: str
    kind: FindingKind
    locators: tuple[str, ...] = ()


class SweepReport(BaseModel):
    """``inforce sweep --format json``: the contract's fields first, then the extensions."""

    model_config = _MODEL

    as_of: dt.date
    known_at: UtcDateTime | None = None
    findings: tuple[Finding, ...]
    project: str = ""
    index_build: str = ""
    packs: tuple[str, ...] = ()  # the precedence packs the findings were decided under
    summary: SweepSummary
    baseline: str | None = None  # the baseline file compared against, as given
    gone: tuple[GoneFinding, ...] = ()
    #: findings of the baseline that involve a document the asker may not read (``summary.withheld``):
    #: not compared, neither gone nor unchanged, counted whether or not they still stand
    baseline_withheld: int = 0
    #: provisions (unpinned ``DOC#path``) of documents the asker may read that the run did not
    #: compare (an amending item whose standing rests on a document a revision they may not read
    #: decides that day: ``Snapshot.readable_on``): a baseline finding naming one is withheld,
    #: not gone. Not written out: the run's own, for ``engine.sweep.against_baseline``
    _withheld_provisions: frozenset[str] = PrivateAttr(default=frozenset())
