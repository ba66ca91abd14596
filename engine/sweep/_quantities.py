"""Quantity subjects and supersession: in-force statements of one subject that disagree,
adjudicated by precedence (or escalated), and a replaced provision against its replacement."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from inforce.ontology import AccessRestrictedError, Fact, Finding, Locator, NotFoundError, SourceRun

from .. import rfi
from ._pairs import _Conflict, _Group, _signature
from ._state import _kind, _provision, _Run, finding_id
from ._workers import Progress, _Job, _run_subjects

#: Conflicts of one subject weighed by precedence between two progress steps: a cancelled
#: service job (``progress`` raises) stops at the next, as it does between subjects.
ADJUDICATED_STEP = 200


def _quantities(run: _Run, workers: int, progress: Progress | None, *, on_ray: bool = False) -> tuple[int, list[str]]:
    """Compare every subject's in-force statements (``on_ray``: as Ray tasks, inside
    ``ray_session``); returns (statements, in-force revisions)."""
    snapshot = run.snapshot
    in_force = snapshot.eligibility.in_force_revisions(run.valid_at, run.known_at, run.groups)
    signatures = {record.uid: _signature(record.applies_to) for record in snapshot.eligibility.records}
    vocabulary = snapshot.subject_vocabulary()
    # a subject only unreadable revisions state is not asked; nor one whose figures are each of
    # their own thing (``compared: false``, amounts of money)
    subjects = [subject for subject in snapshot.subjects_with_facts(run.groups)
                if getattr(vocabulary.get(subject), "compared", True)]
    from ..amendments import amending_documents
    from ..amendments import unstated as unstated_figures

    unstated: frozenset[tuple[Any, ...]] = frozenset()
    if subjects:  # built here, before any fork: the workers inherit them
        snapshot.facts(subjects[0], run.valid_at, run.known_at, groups=run.groups)
        if amending_documents(snapshot):  # read from the graph here: a forked worker never reads it
            unstated = unstated_figures(snapshot, snapshot.facts(None, run.valid_at, run.known_at, groups=run.groups))
    # the qualifier links of the revisions in force that the asker may read: one of a superseded or
    # not yet effective revision must not excuse a conflict of the one in force, nor a restricted
    # revision's words change what a sweep tells an asker without its group (thirty-third audit)
    links: dict[str, list[tuple[str, str]]] = defaultdict(list)
    read = set(in_force)
    for uid, link, _ in snapshot.all_qualifiers():
        if uid in read and link.resolved and link.provision.path and link.qualifier.path:
            links[link.provision.doc].append((link.provision.path, link.qualifier.path))
    job = _Job(snapshot, run.valid_at, run.known_at, run.groups, signatures, vocabulary, dict(links), unstated)
    results = _run_subjects(job, subjects, workers, progress, on_ray=on_ray)
    statements = pairs = per_case = 0
    for n, result in enumerate(results, 1):
        statements += result.statements
        pairs += result.pairs
        per_case += result.per_case
        run.withheld.update(result.withheld)
        run.superseded_left_out += result.superseded_left_out
        for group in result.groups:
            _group_finding(run, group)
        for m, conflict in enumerate(result.conflicts, 1):
            _adjudicate(run, conflict)
            if progress and m % ADJUDICATED_STEP == 0:
                progress("adjudication", n - 1, len(results))  # a service job's cancel is read here
        if progress:
            progress("adjudication", n, len(results))
    note = (f"{per_case:,} table row(s) not compared: their table states the value row by row (each row a case)"
            if per_case else "")
    run.sources["quantity_subject"] = SourceRun(source="quantity_subject", ran=True, pairs=pairs, note=note)
    return statements, in_force


def _side(fact: Fact) -> Locator:
    """The provision precedence weighs: a replacing provision stands as the one it replaced
    ("03 30 00 §2.1.A as amended by Addendum 2 §1.3" is the specification)."""
    return fact.replaces[0].unpinned() if fact.replaces else fact.locator


def _names_another_element(run: _Run, conflict: _Conflict) -> bool:
    """Whether a conflict compared across an element (``_pairs._across_elements``) sets the
    element's figure against a general one whose provision names another element of the element
    side's document and not this one ("Provide cover for slabs on grade of 2 inches" is the slabs'
    figure, not the footings'): that figure is the other element's, so no conflict."""
    from ..quantities.conditions import ELEMENT_FACET, element_named

    if not conflict.siblings:
        return False
    element_side = conflict.a if conflict.a.condition and any(
        t.startswith(ELEMENT_FACET + " ") for t in conflict.a.condition) else conflict.b
    general = conflict.b if element_side is conflict.a else conflict.a
    if any(t.startswith(ELEMENT_FACET + " ") for t in general.condition or ()):
        return False
    own = [t for t in element_side.condition or () if t.startswith(ELEMENT_FACET + " ")]
    text = run.snapshot.store.provision_text(general.resolved)[0]
    named = element_named(conflict.siblings, text)
    return bool(named) and not any(term in named for term in own)


def _adjudicate(run: _Run, conflict: _Conflict) -> None:
    if conflict.replaced_by is not None:
        _replaced_figure(run, conflict, conflict.replaced_by)
        return
    if _names_another_element(run, conflict):
        return
    a, b = sorted((conflict.a, conflict.b), key=lambda f: f.locator.format())
    kind = _kind(a, b)
    scope = "within_document" if a.locator.doc == b.locator.doc else "across_documents"
    ident = finding_id(kind, conflict.subject, (a.locator, b.locator))
    if ident in run.findings:
        return
    side_a, side_b = _side(a), _side(b)
    if side_a == side_b:
        # one statement is in the provision the other amends (an addendum item that restates
        # the quantity of the paragraph it revises): supersession decides, not precedence
        amender = _amender(a, b)
        if amender is not None:
            _amended(run, conflict, amender, b if amender is a else a)
            return
        side_a, side_b = a.locator.unpinned(), b.locator.unpinned()  # two amendments of one provision
    try:
        decided = run.snapshot.precedence(side_a, side_b, run.valid_at, run.known_at, packs=run.packs,
                                         params=run.params, groups=run.groups)
    except NotFoundError:
        # a statement stands for the provision its item amends (``_side``); when that provision
        # is no longer in force (an amendment of a paragraph a later change order deleted), the
        # amendment went with it: not a conflict of in-force provisions
        _lapsed(run, conflict, a, b)
        return
    except AccessRestrictedError as refused:
        run.withheld.update(refused.depends_on)
        run.add(Finding(
            id=ident, kind=kind, scope=scope, subject=conflict.subject,
            provisions=(_provision(run, a), _provision(run, b)), resolution="escalate",
            rfi=rfi.withheld(a.locator, b.locator, refused.hidden_documents, valid_at=run.valid_at, project=run.snapshot.manifest.project),
            explanation=conflict.explanation,
            sources=("quantity_subject",),
        ))
        return
    labels = {side.locator: side.label for side in decided.provisions}
    winner = None
    if decided.winner is not None:
        winner = a.locator if decided.winner == side_a.format() else b.locator
    run.add(Finding(
        id=ident, kind=kind, scope=scope, subject=conflict.subject,
        provisions=(_provision(run, a, labels.get(side_a.format())), _provision(run, b, labels.get(side_b.format()))),
        resolution=decided.resolution, rule=decided.rule, clause=decided.clause, rfi=decided.rfi,
        explanation=f"{conflict.explanation}. {decided.explanation}".strip(), winner=winner,
        sources=("quantity_subject",),
    ))


def _group_finding(run: _Run, group: _Group) -> None:
    """One escalation for a subject stated more than ``GROUP_ABOVE`` ways (or in few ways so
    often that its pairs pass ``GROUP_PAIRS_PER_STATEMENT`` per statement): every provision with
    its quantity, lowest value first, and an RFI of the distinct values and how many state each.
    No precedence is weighed: an order of precedence decides between two provisions, and
    weighing every pair of a group is the quadratic work grouping avoids (a pack that ranks
    documents would still leave the values within each document undecided)."""
    # the contract (shared/spec/corpus-format.md, "Findings") makes ``provisions`` a list, not a
    # pair: a group is a finding like any other, with more than two (docs/formats.md says so)
    facts = [fact for run_of_value in group.values for fact in run_of_value]
    kind = "table_mismatch" if any(fact.kind == "table_row" for fact in facts) else "quantity_conflict"
    ident = finding_id(kind, group.subject, (fact.locator for fact in facts))
    if ident in run.findings:
        return
    run.read_texts(fact.resolved for fact in facts)
    provisions = tuple(_provision(run, fact) for fact in facts)
    sides = iter(provisions)
    values = [(of_value[0].text, [rfi.RfiProvision(label=side.label or side.locator.format(), locator=side.locator)
                                  for side in (next(sides) for _ in of_value)]) for of_value in group.values]
    run.add(Finding(
        id=ident, kind=kind,
        scope="within_document" if len({fact.locator.doc for fact in facts}) == 1 else "across_documents",
        subject=group.subject, provisions=provisions, resolution="escalate",
        rfi=rfi.many_values(group.subject, values, valid_at=run.valid_at, project=run.snapshot.manifest.project),
        explanation=group.explanation, sources=("quantity_subject",),
    ))


def _amender(a: Fact, b: Fact) -> Fact | None:
    """The one of ``a`` and ``b`` whose provision amends (``replaces``) the other's; None when
    neither does (both amend a third provision)."""
    for first, second in ((a, b), (b, a)):
        if any(r.unpinned() == second.locator.unpinned() for r in first.replaces):
            return first
    return None


def _lapsed(run: _Run, conflict: _Conflict, a: Fact, b: Fact) -> None:
    """Two statements of which one stands for a provision no longer in force on the date: left
    out and counted as superseded, or with ``include_superseded`` reported as
    ``resolved_by_supersession`` with the reason (no winner: the provision is gone)."""
    if not run.include_superseded:
        run.superseded_left_out += 1
        return
    kind = _kind(a, b)
    run.add(Finding(
        id=finding_id(kind, conflict.subject, (a.locator, b.locator)), kind=kind,
        scope="within_document" if a.locator.doc == b.locator.doc else "across_documents",
        subject=conflict.subject, provisions=(_provision(run, a), _provision(run, b)),
        resolution="resolved_by_supersession",
        # not the error's words: they may name the restricted document that ended the provision
        explanation=f"{conflict.explanation}; a provision one of them stands for is not in force on {run.valid_at}",
        sources=("quantity_subject",),
    ))


def _replaced_figure(run: _Run, conflict: _Conflict, by: Fact) -> None:
    """A third statement against the figure of a provision amended in part whose figure an
    amending statement replaces (``_pairs._replaced``): the old figure is not in force, so the
    pair is no conflict (the amending statement is compared with the third in its stead);
    reported as ``resolved_by_supersession`` with ``include_superseded``, else counted."""
    if not run.include_superseded:
        run.superseded_left_out += 1
        return
    a, b = sorted((conflict.a, conflict.b), key=lambda f: f.locator.format())
    old = a if any(r.unpinned() == a.locator.unpinned() for r in by.replaces) else b
    kind = _kind(a, b)
    run.add(Finding(
        id=finding_id(kind, conflict.subject, (a.locator, b.locator)), kind=kind,
        scope="within_document" if a.locator.doc == b.locator.doc else "across_documents",
        subject=conflict.subject, provisions=(_provision(run, a), _provision(run, b)),
        resolution="resolved_by_supersession", clause=run.label(by.resolved),
        explanation=(f"{conflict.explanation}; {by.locator.format()} amends {old.locator.format()} and states "
                     f"{by.text!r} in place of {old.text!r}: the amended figure is not in force, and the "
                     "amendment's is compared instead"),
        sources=("quantity_subject",),
    ))


def _amended(run: _Run, conflict: _Conflict, new: Fact, old: Fact) -> None:
    """A statement against the amendment of its own provision: the amendment's statement is in
    force (``resolved_by_supersession``), reported with ``include_superseded``, else counted."""
    if not run.include_superseded:
        run.superseded_left_out += 1
        return
    kind = _kind(old, new)
    old_label = run.label(old.resolved)
    by_label = run.label(new.resolved)
    run.add(Finding(
        id=finding_id(kind, conflict.subject, (old.locator, new.locator)), kind=kind,
        scope="within_document" if old.locator.doc == new.locator.doc else "across_documents",
        subject=conflict.subject,
        provisions=(_provision(run, old, old_label),
                    _provision(run, new, f"{old_label} as amended by {by_label}").model_copy(
                        update={"replaces": old.locator})),
        resolution="resolved_by_supersession", clause=by_label,
        explanation=f"{conflict.explanation}; {new.locator.format()} amends {old.locator.format()}: the amendment is in force",
        winner=new.locator, sources=("quantity_subject",),
    ))


# ---- supersession -------------------------------------------------------------------------------


def _supersession(run: _Run, progress: Progress | None) -> None:
    """A replaced provision against its replacement: never a conflict (the replacement is in
    force); reported as ``resolved_by_supersession`` with ``include_superseded``, else counted."""
    from ..quantities import compare

    snapshot, index = run.snapshot, run.snapshot.index
    vocabulary = snapshot.subject_vocabulary()
    pairs = 0
    # only the edges the asker knows of (``Snapshot.edge_known``): one whose target no revision
    # they may read holds makes no finding for them, and counted in the progress it would tell
    # them that a restricted revision holds it (issue 23, thirty-second audit)
    known = snapshot.edge_known(run.groups)
    edges = [edge for edge in index.supersession.edges if edge.by is not None and edge.successor
             and edge.target.path is not None and known(edge.by, edge.target)]
    # one answer per target, not per edge: every edge on a target asks the same question, and
    # each answer walks all of that target's edges (a thousand items replacing one paragraph
    # made this quadratic; audit 34 BB-02)
    answers: dict[Locator, tuple[Any, frozenset[Locator]] | None] = {}
    for n, edge in enumerate(edges, 1):
        if progress:
            progress("supersession", n, len(edges))
        # the replacement in force first (a look at its own edges): a replacement itself replaced
        # is no final successor, and explaining the target would walk the whole chain past it,
        # once per provision of a long chain (quadratic in it; audit B, finding 6)
        by = index.version(edge.by.doc, edge.by.path, run.valid_at, run.known_at) if edge.by is not None else None
        if by is None:
            continue
        if edge.target not in answers:
            try:
                asked = index.answer(edge.target, run.valid_at, run.known_at, with_text=False)
            except NotFoundError:
                answers[edge.target] = None
            else:
                answers[edge.target] = (asked, frozenset(s.unpinned() for s in asked.successors))
        held = answers[edge.target]
        if held is None:
            continue
        answer, successors = held
        if answer.reason != "superseded" or edge.by is None or edge.by.unpinned() not in successors:
            continue
        version = next((step.locator for step in answer.chain if step.kind == "version"), None)
        if version is None:
            continue
        replaced, replacing = version, Locator.parse(by)
        if not (run.readable(replaced) and run.readable(replacing)):
            run.withheld.update(x.doc for x in (replaced, replacing) if not run.readable(x))
            continue
        old, new = snapshot.statements_of(replaced), snapshot.statements_of(replacing)
        for a in old:
            for b in new:
                if a.subject != b.subject:
                    continue
                pairs += 1
                compared = compare(a.as_quantity(), b.as_quantity(), vocabulary=vocabulary)
                if compared.outcome != "conflict":
                    continue
                if not run.include_superseded:
                    run.superseded_left_out += 1
                    continue
                _superseded_finding(run, edge, a, b, compared.explanation)
    run.sources["supersession"] = SourceRun(source="supersession", ran=True, pairs=pairs)


def _superseded_finding(run: _Run, edge: Any, old: Fact, new: Fact, explanation: str) -> None:
    kind = _kind(old, new)
    ident = finding_id(kind, old.subject, (old.locator, new.locator))
    replaced_label = run.label(old.resolved)
    by_label = run.label(new.resolved)
    origin = "declared by the addendum" if edge.origin == "declared" else f"derived by rule {edge.origin.removeprefix('rule:')}"
    run.add(Finding(
        id=ident, kind=kind, scope="within_document" if old.locator.doc == new.locator.doc else "across_documents",
        subject=old.subject,
        provisions=(_provision(run, old, replaced_label),
                    _provision(run, new, f"{replaced_label} as amended by {by_label}").model_copy(
                        update={"replaces": old.locator})),
        resolution="resolved_by_supersession",
        rule=None if edge.origin == "declared" else edge.origin.removeprefix("rule:"), clause=by_label,
        explanation=(f"{explanation}; {old.locator.format()} was replaced on {edge.effective.isoformat()} by "
                     f"{new.locator.format()} ({origin}): the replacement is in force"),
        winner=new.locator, sources=("supersession",),
    ))
