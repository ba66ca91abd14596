"""Cross-references: a provision naming one its document does not have (escalated with an
RFI), or one an addendum replaced on the date (read as amended)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from inforce.ontology import Finding, Locator, NotFoundError, SourceRun
from inforce.ontology.text import whole_number

from .. import rfi
from ._state import _reference_provision, _Run, finding_id
from ._workers import Progress

#: A provision gives at most this many findings of one kind of reference (broken, or to a
#: paragraph replaced on the date); more are one finding that quotes the provision once and lists
#: them (issue 23, audit 34 BB-01): each finding quotes its provision, so one paragraph of N
#: references had made N findings each quoting all N, a report growing with N². The quantity
#: findings are bounded so too (``_pairs.GROUP_PAIRS_PER_STATEMENT``). No example or test
#: fixture has more than 4 in a provision, so their reports are unchanged.
REFERENCES_PER_PROVISION = 4

#: How many references a grouped finding's explanation names (the rest counted).
NAMED_REFERENCES = 3


def _references(run: _Run, progress: Progress | None) -> None:
    """References (the qualifier links stored at ingest) to a path their document does not have,
    or to one replaced on the date: per provision, each its own finding, or more than
    ``REFERENCES_PER_PROVISION`` of a kind one finding."""
    index = run.snapshot.index
    # only the links of revisions the asker may read: another's make no finding for them, and
    # counted in the progress they would tell how many references it holds (issue 23)
    held = run.snapshot.readable(run.groups)
    links = [(uid, link, severity) for uid, link, severity in run.snapshot.all_qualifiers()
             if held(Locator(doc=link.provision.doc, rev=uid.partition("@")[2]))]
    examined = 0
    # per provision (pinned), its references by target, the first link naming each (a finding's
    # id is the provision and the target, so a second link to one target made no second finding)
    broken: dict[Locator, dict[str, Any]] = {}
    superseded: dict[Locator, dict[str, tuple[Any, Locator, Locator | None, list[Locator]]]] = {}
    for n, (uid, link, _severity) in enumerate(links, 1):
        if progress and (n % 500 == 0 or n == len(links)):
            progress("references", n, len(links))
        source = Locator(doc=link.provision.doc, rev=uid.partition("@")[2], path=link.provision.path)
        if index.version(source.doc, source.path, run.valid_at, run.known_at) != source.format():
            continue  # not the provision's in-force version on the date
        if not run.readable(source):
            run.withheld.add(source.doc)
            continue
        examined += 1
        if not link.resolved:
            broken.setdefault(source, {}).setdefault(link.qualifier.unpinned().format(), link)
            continue
        target = Locator(doc=source.doc, path=link.qualifier.path)
        of_source = superseded.setdefault(source, {})
        if target.format() in of_source:
            continue
        try:
            answer = index.answer(target, run.valid_at, run.known_at, with_text=False)
        except NotFoundError:
            continue
        if answer.reason == "superseded" and answer.successors:
            readable = _readable_successors(run, answer.successors)
            if readable:
                version = next((step.locator for step in answer.chain if step.kind == "version"), None)
                of_source[target.format()] = (link, target, version, readable)
    for source, by_target in broken.items():
        if len(by_target) > REFERENCES_PER_PROVISION:
            _broken_group(run, source, [by_target[key] for key in sorted(by_target, key=_natural)])
        else:
            for link in by_target.values():
                _broken(run, source, link)
    edges = _edges(run) if any(superseded.values()) else {}
    for source, replaced in superseded.items():
        if len(replaced) > REFERENCES_PER_PROVISION:
            _superseded_group(run, source, [replaced[key] for key in sorted(replaced, key=_natural)], edges)
        else:
            for link, target, version, readable in replaced.values():
                _superseded_reference(run, source, link, target, version, readable, edges)
    run.sources["cross_reference"] = SourceRun(source="cross_reference", ran=True, pairs=examined)


def _natural(locator: str) -> tuple[tuple[int, int | str], ...]:
    """How a group lists its targets: by path, numbers as numbers (3.9.B before 3.10.B)."""
    return tuple((1, part) if (number := whole_number(part)) is None else (0, number) for part in re.split(r"[.#@]", locator))


def _readable_successors(run: _Run, successors: Sequence[Locator]) -> list[Locator]:
    """The in-force versions of a replaced paragraph's successors the asker may read (the others'
    documents counted as withheld)."""
    index = run.snapshot.index
    readable = []
    for successor in successors:
        pinned = index.version(successor.doc, successor.path, run.valid_at, run.known_at)
        if pinned is None:
            continue
        if not run.readable(Locator.parse(pinned)):
            run.withheld.add(successor.doc)
            continue
        readable.append(Locator.parse(pinned))
    return readable


def _broken(run: _Run, source: Locator, link: Any) -> None:
    label = run.label(source)
    document = run.label(Locator(doc=source.doc, rev=source.rev))
    ident = finding_id("broken_reference", None, (source, link.qualifier))
    target = link.qualifier.path
    draft = rfi.broken_reference(
        rfi.RfiProvision(label=label, locator=source, text=run.snapshot.store.provision_text(source)[0]),
        document=document, target=target or "", words=link.words, rule=link.rule, valid_at=run.valid_at,
        project=run.snapshot.manifest.project,
    )
    run.add(Finding(
        id=ident, kind="broken_reference", scope="within_document", provisions=(_reference_provision(run, source, label, kind="reference"),),
        resolution="escalate", rule=link.rule, rfi=draft, sources=("cross_reference",),
        explanation=f"\u201c{link.words}\u201d: {document} has no {target}",
    ))


def _superseded_reference(
    run: _Run, source: Locator, link: Any, target: Locator, version: Locator | None, readable: Sequence[Locator],
    edges: dict[tuple[Locator, Locator], Any],
) -> None:
    target_label = run.label(version) if version is not None else target.format()
    sides = [_reference_provision(run, source, kind="reference")]
    names = []
    # at most REFERENCES_PER_PROVISION replacements quoted, the rest counted: a paragraph many items
    # replaced, named by many references, had been quoted whole in each (audit 35 DD-01)
    for pinned in readable[:REFERENCES_PER_PROVISION]:
        label = f"{target_label} as amended by {run.label(pinned)}"
        names.append(label)
        sides.append(_reference_provision(run, pinned, label, replaces=target))
    read_as = " and ".join(names)
    if len(readable) > REFERENCES_PER_PROVISION:
        read_as = (", ".join(names[:NAMED_REFERENCES]) + f" and {len(readable) - NAMED_REFERENCES:,} more "
                   f"replacements (the first {len(names)} quoted)")
    rule = _edge_rule(edges, target, readable[0])
    run.add(Finding(
        id=finding_id("superseded_reference", None, (source, target)), kind="superseded_reference",
        scope="within_document" if all(p.doc == source.doc for p in readable) else "across_documents",
        provisions=tuple(sides), resolution="resolved_by_supersession", rule=rule, clause=run.label(readable[0]),
        explanation=(f"\u201c{link.words}\u201d names {target.format()}, replaced as of "
                     f"{run.valid_at.isoformat()}: read it as {read_as}"),
        winner=readable[0].unpinned(), sources=("cross_reference",),
    ))


def _edges(run: _Run) -> dict[tuple[Locator, Locator], Any]:
    """The supersession edges by (target, replacement), both unpinned; the first in the index's
    order where two match (read once per sweep, not once per reference)."""
    edges: dict[tuple[Locator, Locator], Any] = {}
    for edge in run.snapshot.index.supersession.edges:
        if edge.by is not None:
            edges.setdefault((edge.target.unpinned(), edge.by.unpinned()), edge)
    return edges


def _edge_rule(edges: dict[tuple[Locator, Locator], Any], target: Locator, by: Locator) -> str | None:
    """The rule that derived the edge of ``target`` replaced by ``by`` (None: declared, or none)."""
    edge = edges.get((target, by.unpinned()))
    return None if edge is None or edge.origin == "declared" else edge.origin.removeprefix("rule:")


def _named(items: Sequence[str]) -> str:
    """The first ``NAMED_REFERENCES`` of ``items`` and how many more."""
    shown = ", ".join(items[:NAMED_REFERENCES])
    return shown + (f" and {len(items) - NAMED_REFERENCES:,} more" if len(items) > NAMED_REFERENCES else "")


def _broken_group(run: _Run, source: Locator, links: Sequence[Any]) -> None:
    """More than ``REFERENCES_PER_PROVISION`` references of one provision to provisions its
    document does not have: one escalation quoting the provision once, its RFI listing each."""
    label = run.label(source)
    document = run.label(Locator(doc=source.doc, rev=source.rev))
    rules = {link.rule for link in links}
    draft = rfi.broken_references(
        rfi.RfiProvision(label=label, locator=source, text=run.snapshot.store.provision_text(source)[0]),
        [(link.qualifier.path or "", link.words, link.rule) for link in links], document=document,
        valid_at=run.valid_at, project=run.snapshot.manifest.project,
    )
    named = _named([f"\u201c{link.words}\u201d" for link in links])
    run.add(Finding(
        id=finding_id("broken_reference", None, (source, *(link.qualifier for link in links))), kind="broken_reference",
        scope="within_document", provisions=(_reference_provision(run, source, label, kind="reference"),),
        resolution="escalate", rule=next(iter(rules)) if len(rules) == 1 else None, rfi=draft,
        sources=("cross_reference",),
        explanation=(f"{len(links):,} references name provisions {document} does not have: {named}; more than "
                     f"{REFERENCES_PER_PROVISION} in one provision, so they are reported as one finding"),
    ))


def _superseded_group(
    run: _Run, source: Locator, replaced: Sequence[tuple[Any, Locator, Locator | None, Sequence[Locator]]],
    edges: dict[tuple[Locator, Locator], Any],
) -> None:
    """More than ``REFERENCES_PER_PROVISION`` references of one provision to paragraphs replaced on
    the date: one finding, the provision and each replacing provision quoted once (one replacing
    several of them is listed as replacing the first); no winner, as no one provision wins."""
    sides = [_reference_provision(run, source, kind="reference")]
    seen: set[Locator] = set()
    names = []
    for _link, target, version, readable in replaced:
        target_label = run.label(version) if version is not None else target.format()
        names.append(f"{target_label} as amended by {run.label(readable[0])}")
        for pinned in readable:
            if pinned not in seen:
                seen.add(pinned)
                sides.append(_reference_provision(run, pinned, f"{target_label} as amended by {run.label(pinned)}",
                                                  replaces=target))
    rules = {_edge_rule(edges, target, readable[0]) for _link, target, _version, readable in replaced}
    run.add(Finding(
        id=finding_id("superseded_reference", None, (source, *(target for _l, target, _v, _r in replaced))),
        kind="superseded_reference",
        scope="within_document" if all(p.doc == source.doc for p in seen) else "across_documents",
        provisions=tuple(sides), resolution="resolved_by_supersession", rule=next(iter(rules)) if len(rules) == 1 else None,
        explanation=(f"{len(replaced):,} references name provisions replaced as of {run.valid_at.isoformat()}: read "
                     f"{_named(names)}; more than {REFERENCES_PER_PROVISION} in one provision, so they are "
                     "reported as one finding"),
        sources=("cross_reference",),
    ))
