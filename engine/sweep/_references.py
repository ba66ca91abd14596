"""Cross-references: a provision naming one its document does not have (escalated with an
RFI), or one an addendum replaced on the date (read as amended)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inforce.ontology import Finding, Locator, NotFoundError, SourceRun

from .. import rfi
from ._state import _reference_provision, _Run, finding_id
from ._workers import Progress


def _references(run: _Run, progress: Progress | None) -> None:
    """References (the qualifier links stored at ingest) to a path their document does not have,
    or to one replaced on the date."""
    index = run.snapshot.index
    # only the links of revisions the asker may read: another's make no finding for them, and
    # counted in the progress they would tell how many references it holds (issue 23)
    held = run.snapshot.readable(run.groups)
    links = [(uid, link, severity) for uid, link, severity in run.snapshot.all_qualifiers()
             if held(Locator(doc=link.provision.doc, rev=uid.partition("@")[2]))]
    examined = 0
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
            _broken(run, source, link)
            continue
        target = Locator(doc=source.doc, path=link.qualifier.path)
        try:
            answer = index.answer(target, run.valid_at, run.known_at, with_text=False)
        except NotFoundError:
            continue
        if answer.reason == "superseded" and answer.successors:
            version = next((step.locator for step in answer.chain if step.kind == "version"), None)
            _superseded_reference(run, source, link, target, version, answer.successors)
    run.sources["cross_reference"] = SourceRun(source="cross_reference", ran=True, pairs=examined)


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
    run: _Run, source: Locator, link: Any, target: Locator, version: Locator | None, successors: Sequence[Locator],
) -> None:
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
    if not readable:
        return
    target_label = run.label(version) if version is not None else target.format()
    sides = [_reference_provision(run, source, kind="reference")]
    names = []
    for pinned in readable:
        label = f"{target_label} as amended by {run.label(pinned)}"
        names.append(label)
        sides.append(_reference_provision(run, pinned, label, replaces=target))
    edge = next((e for e in index.supersession.edges
                 if e.target.unpinned() == target and e.by is not None and e.by.unpinned() == readable[0].unpinned()), None)
    rule = None if edge is None or edge.origin == "declared" else edge.origin.removeprefix("rule:")
    run.add(Finding(
        id=finding_id("superseded_reference", None, (source, target)), kind="superseded_reference",
        scope="within_document" if all(p.doc == source.doc for p in readable) else "across_documents",
        provisions=tuple(sides), resolution="resolved_by_supersession", rule=rule, clause=run.label(readable[0]),
        explanation=(f"\u201c{link.words}\u201d names {target.format()}, replaced as of "
                     f"{run.valid_at.isoformat()}: read it as {' and '.join(names)}"),
        winner=readable[0].unpinned(), sources=("cross_reference",),
    ))
