"""The conflict sweep: every disagreement among a project's in-force provisions on a date,
decided by the rules or escalated to a person.

Comparing every pair of provisions is quadratic and mostly noise, so candidate pairs come
from blocking keys, each a reason two provisions could disagree at all:

- **quantity subject**: two in-force statements of one subject (``engine.quantities``)
  whose documents can apply together (their applicability shares a value on every facet
  both constrain). Statements with the same value are compared once, as a class. Where more
  than ``GROUP_ABOVE`` (8) different values of one subject can apply together, they are one
  grouped finding listing every provision, found by sorting the values (near-linear), never
  by comparing their pairs (``_pairs._grouped``); so are few values stated so many times that
  their pairs would pass ``GROUP_PAIRS_PER_STATEMENT`` (4) per statement.
- **supersession**: a replaced provision and its replacement (``include_superseded``).
- **cross-reference**: the qualifier links found at ingest: a reference to a path its
  document does not have, or to one an addendum replaced on the date.
- **embedding** neighbours (stored vectors) and **NLI** contradiction: similarity only
  *proposes*; a pair becomes a finding only when the NLI model reads a contradiction. With
  no model the proposals are counted, never reported.

Besides the pairs, every addendum item whose change is only **proposed** (no rule applied it,
nobody has decided it in reviews.yaml) is escalated: answers read its target as if the item
did not exist until someone accepts or rejects it (``_proposals``).

Every pair the rules confirm is then adjudicated: a superseded side is not a conflict
(left out, or ``resolved_by_supersession``); otherwise the project's precedence
(``Snapshot.precedence``, the one place) decides it, or it is escalated with an RFI draft.
What the asker may not read is never compared and never quoted (``Snapshot.facts`` and the
access gate withhold it). The report holds nothing that depends on how it was computed:
the same input gives the same findings in the same order, whatever ``workers``.

The package, by concern: ``_pairs`` (blocking keys, value classes, one subject compared),
``_workers`` (the forked pool), ``_state`` (one run, finding ids, how sides are named),
``_quantities`` (subjects and supersession, adjudicated), ``_references`` (cross-references),
``_neighbours`` (embedding proposals, NLI confirmation), ``_proposals`` (addendum items not
applied, waiting for review), ``_gate`` (baseline and fail-on:
``judge_sweep``). RFI drafts are ``engine.rfi``'s. The sweep reads one snapshot of the graph
and the model backends; it never imports the front.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from inforce.ontology import Finding, SweepReport, SweepSummary

from ..precedence import require_date
from ._gate import BaselineFinding, against_baseline, failing, judge_sweep
from ._neighbours import NEIGHBOURS, SIMILARITY, _neighbours
from ._proposals import _proposals
from ._quantities import _quantities, _supersession
from ._references import _references
from ._state import _Run, finding_id
from ._workers import Progress

if TYPE_CHECKING:
    from ..backends import ModelBackends
    from ..snapshot import Snapshot

__all__ = [
    "NEIGHBOURS",
    "SIMILARITY",
    "BaselineFinding",
    "Progress",
    "against_baseline",
    "failing",
    "finding_id",
    "judge_sweep",
    "sweep",
]

_ORDER: dict[str, int] = {"escalate": 0, "resolved_by_precedence": 1, "resolved_by_supersession": 2}


def sweep(
    snapshot: Snapshot,
    backends: ModelBackends,
    valid_at: dt.date | None,
    known_at: dt.datetime | None = None,
    *,
    groups: Iterable[str] = (),
    packs: Sequence[str] = (),
    params: Mapping[str, str] | None = None,
    include_superseded: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
    executor: str = "local",
    ray_address: str | None = None,
) -> SweepReport:
    """Every conflict among the in-force provisions on ``valid_at`` (as recorded by
    ``known_at``) that ``groups`` may read, each resolved by the rules or escalated.
    ``packs`` decide precedence instead of the project's own rules (``Snapshot.precedence``).
    What fails a pipeline, against a baseline or not, is ``judge_sweep``'s to say.

    ``executor`` ``ray`` (``engine._ray.on_ray`` checks it): the comparison of subjects, the
    search for embedding neighbours and the NLI model's reading of candidate pairs run as Ray
    tasks, ``workers`` at once, on a Ray started here with ``workers`` CPUs (stopped at the end)
    or the cluster at ``ray_address``; the report is the same as the local one's. What reads the
    opened graph (statements, texts, adjudication by precedence) runs here: no worker has it."""
    valid_at = require_date(valid_at)
    from .._ray import on_ray

    ray = on_ray(executor, ray_address)
    run = _Run(snapshot, backends, valid_at, known_at, tuple(groups), tuple(packs), dict(params or {}), include_superseded)
    # a pack that does not load, or params with no pack, fail before the work
    snapshot.precedence_rules(run.packs, run.params)
    with contextlib.ExitStack() as stack:
        if ray:
            from .._ray import ray_session

            stack.enter_context(ray_session(ray_address, workers))
        statements, in_force = _quantities(run, workers, progress, on_ray=ray)
        _supersession(run, progress)
        _references(run, progress)
        _neighbours(run, in_force, progress, workers if ray else 0)
    _proposals(run, progress)
    # every document holding a revision the asker may not read is named, whether or not one of its
    # provisions would have made a finding and whatever the date (``Snapshot.withheld``): a list of
    # those in force on the date told a restricted revision's window (issue 23, audit 34 AA-01)
    run.withheld.update(snapshot.withheld(run.groups))
    counts = snapshot.store.provision_counts()
    provisions = sum(counts.get(uid, 0) for uid in in_force)
    findings = sorted(run.findings.values(), key=_sort_key)
    by_kind: dict[str, int] = defaultdict(int)
    by_resolution: dict[str, int] = defaultdict(int)
    for finding in findings:
        by_kind[finding.kind] += 1
        by_resolution[finding.resolution] += 1
    order = ("quantity_subject", "supersession", "cross_reference", "embedding", "nli")
    summary = SweepSummary(
        provisions=provisions, statements=statements, all_pairs=provisions * (provisions - 1) // 2,
        pairs_examined=sum(s.pairs for s in run.sources.values()),
        sources=tuple(run.sources[name] for name in order if name in run.sources),
        unconfirmed=run.unconfirmed, by_kind=dict(sorted(by_kind.items())),
        by_resolution=dict(sorted(by_resolution.items())), superseded_left_out=run.superseded_left_out,
        withheld=tuple(sorted(run.withheld)),
    )
    report = SweepReport(
        as_of=valid_at, known_at=known_at, findings=tuple(findings), project=snapshot.manifest.project,
        index_build=snapshot.build_id, packs=run.packs or snapshot.precedence_pack_names(), summary=summary,
    )
    report._withheld_provisions = _out_of_sight(run)
    return report


def _out_of_sight(run: _Run) -> frozenset[str]:
    """The amending items (an edge's ``by``, unpinned) of documents not withheld that this run
    did not compare: ``run.readable`` (the rule ``facts`` and ``asof`` follow) says no, their
    standing resting on a document a revision the asker may not read decides that day
    (``AsOfIndex.standing_out_of_sight``). A baseline finding naming one is counted withheld,
    never gone (``against_baseline``; audit KK-05): whether it still stands is not told."""
    if run.snapshot.gate.all_public:
        return frozenset()
    found: set[str] = set()
    for edge in run.snapshot.index.supersession.edges:
        by = getattr(edge, "by", None)
        if by is None or by.doc in run.withheld or by.path is None:
            continue
        item = by.unpinned()
        if not run.readable(item):
            found.add(item.format())
    return frozenset(found)


def _sort_key(finding: Finding) -> tuple[Any, ...]:
    return (_ORDER[finding.resolution], finding.kind, finding.subject or "",
            tuple(p.locator.format() for p in finding.provisions), finding.id)
