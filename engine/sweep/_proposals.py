"""Addendum items whose change is only proposed: each pending proposal is escalated until a
person decides it in reviews.yaml (``engine.reviews``), and each accepted one until an ingest
applies it; answers meanwhile read the provision as if the item did not exist, which the
sweep must not leave unsaid."""

from __future__ import annotations

from inforce.ontology import Finding, FindingProvision, Locator, ProposedEdge, ReviewDecision
from inforce.ontology.text import file_line

from .. import rfi
from ..reviews import as_read_by, graph_readings, listed, project_readings, where_recorded
from ._state import _Run, finding_id
from ._workers import Progress


def _proposals(run: _Run, progress: Progress | None) -> None:
    """One escalation ("addendum item not applied: review") for each pending proposal whose
    item is in force on the date, with the item, the target, the file and line as evidence;
    and one ("accepted, not yet ingested") for each proposal accepted in reviews.yaml that the
    graph does not hold yet."""
    snapshot = run.snapshot
    readings = project_readings(snapshot, snapshot.root, run.groups, gated=False)
    told = listed(snapshot, run.groups)  # a decision's line only where it tells nothing withheld
    waiting = {(str(r.item.unpinned()), str(r.target)): told(r) for r in readings.awaiting_ingest}
    accepted = [(p, waiting[(str(p.item.unpinned()), str(p.target))])
                for p in as_read_by(snapshot, graph_readings(snapshot), run.groups).proposed
                if (str(p.item.unpinned()), str(p.target)) in waiting]
    holds = snapshot.target_held(run.groups)
    # only the proposals of an item and to a target some revision the asker may read holds: to them
    # the others name a section that does not exist (nothing said of it), and counted in the
    # progress they would tell that a restricted revision holds it (issue 23, thirty-second audit)
    pending: list[tuple[ProposedEdge, ReviewDecision | None]] = [
        (p, d) for p, d in [(p, None) for p in readings.proposed] + accepted if holds(p.item) and holds(p.target)]
    index = snapshot.index
    for n, (proposal, decision) in enumerate(pending, 1):
        if progress and (n % 100 == 0 or n == len(pending)):
            progress("proposals", n, len(pending))
        version = index.version(proposal.item.doc, proposal.item.path, run.valid_at, run.known_at)
        if version is None:
            continue  # the addendum is not in force (or not yet recorded) on the date
        item = Locator.parse(version)
        if not run.readable(item):
            run.withheld.add(item.doc)
            continue
        if not run.readable(proposal.target):
            run.withheld.add(proposal.target.doc)
            continue
        _escalate(run, proposal, item, decision)


def _escalate(run: _Run, proposal: ProposedEdge, item: Locator, decision: ReviewDecision | None = None) -> None:
    where = file_line(proposal.file, proposal.line)
    evidence = proposal.evidence
    read = f'"{evidence.reference}"' + (f" resolved by {evidence.resolved_by}" if evidence.resolved_by else "")
    if evidence.reference_score is not None:
        read += f" (score {evidence.reference_score:.2f})"
    if evidence.action is not None:
        read += f', action "{evidence.action}"'
    read += f"; {evidence.why}"
    change = evidence.change or ("delete" if not proposal.successor else
                                 ("replace" if proposal.scope == "full" else "amend"))
    pinned = run.snapshot.index.version(proposal.target.doc, proposal.target.path, run.valid_at, run.known_at)
    target = Locator.parse(pinned) if pinned is not None else proposal.target
    if pinned is not None and target.path is not None:
        text, label = run.snapshot.store.provision_text(target)[0], run.label(target)
    else:  # a whole document, or one not in force on the date: named, not quoted
        text, label = "", run.label(target) if pinned is not None else target.format()
    sides = (rfi.RfiProvision(label=run.label(item), locator=item, text=proposal.words),
             rfi.RfiProvision(label=label, locator=target, text=text))
    run.add(Finding(
        id=finding_id("unapplied_item", None, (proposal.item, proposal.target)), kind="unapplied_item",
        scope="within_document" if proposal.item.doc == proposal.target.doc else "across_documents",
        provisions=(
            FindingProvision(locator=proposal.item, text=proposal.words, label=sides[0].label, resolved=item,
                             kind="item"),
            FindingProvision(locator=proposal.target, text=text, label=label,
                             resolved=target if pinned is not None else None, kind="target"),
        ),
        resolution="escalate", rule=proposal.rule,
        rfi=rfi.unapplied_item(*sides, change=change, where=where, evidence=read, valid_at=run.valid_at,
                               project=run.snapshot.manifest.project),
        explanation=(f"addendum item not applied: review. {proposal.item} ({where}) would {change} "
                     f"{proposal.target}; {read}. Accept or reject it: inforce review") if decision is None else
                    (f"addendum item not applied: accepted, not yet ingested. {proposal.item} ({where}) would "
                     f"{change} {proposal.target}; accepted by {decision.by} at {decision.at} "
                     f"({where_recorded(decision)}); answers apply it after the next inforce ingest"),
    ))
