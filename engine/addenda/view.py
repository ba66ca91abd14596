"""What an addendum is read against: the revisions every reader of it may read (issue 23).

An item changes what it names by itself only when every target it names is held by revisions
every reader of the item may read (``engine.access`` rule 7). Each addendum is therefore read
against the corpus as its readers share it (``ReaderViews.of``, by the access of the addendum's
revision): a section, paragraph, sheet, note or title held only by a revision some reader of
the item may not read is, for that item, one the project does not hold. So the item is applied,
proposed or reported exactly as the same item naming a target no revision holds — to an asker
who may not read that revision, nothing about it differs, in the review listings or in any
dated answer (``asof``, ``check``, ``resolve``, ``facts``, ``precedence``, the sweep, ``rules
impact``), because the graph holds the same edges for everyone. A person who may read the
target declares the edge by review (``inforce review accept ITEM --target T --scope S``).

Ingest (``engine.ingest.derive``) and the re-reading of the graph (``reading.readings_of``)
both read through here, so the listing and the graph never disagree. A project whose every
revision its addenda's readers share (every project without access lists) reads against the
corpus as it is, at no cost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from inforce.ontology import (
    AddendaReadings,
    Document,
    Locator,
    NotUnderstoodItem,
    ProposalEvidence,
    ProposedEdge,
    UnsharedReading,
)

from ..access import shared_by_readers
from ..derivation import TargetDirectory

__all__ = ["UNSHARED_WHY", "ReaderViews", "gathered", "in_full", "read_otherwise", "with_unshared"]

#: Why an edge only the reading against every revision gives is proposed, not applied.
UNSHARED_WHY = ("names what only revisions some readers of this item may not read hold: not applied by itself "
                "(access); a person who may read them decides")

#: A revision's outline, as a lookup gives it: its named paragraphs and its paths.
Outline = tuple[Mapping[str, str], Sequence[str]]


class ReaderViews:
    """The lookups (``outcome.Lookup``, or ingest's ``Targets``) an addendum is read against,
    one per access of the addendum's revision, built on first use.

    ``base``: the lookup over every revision; ``revisions``: every revision's metadata;
    ``outline``: a revision's outline by uid; ``numbers``: a revision's section numbers by uid,
    as ``TargetDirectory.add`` indexes them."""

    def __init__(self, base: Any, revisions: Iterable[Document], *, outline: Callable[[str], Outline],
                 numbers: Callable[[str], Sequence[str]]) -> None:
        self._base = base
        self._revisions = list(revisions)
        self._outline = outline
        self._numbers = numbers
        self._views: dict[tuple[str, ...] | None, Any] = {}
        #: no revision has an access list: every reader shares every revision
        self._all_public = all(revision.access is None for revision in self._revisions)

    def of(self, document: Document) -> Any:
        """The lookup ``document`` (an addendum's revision) is read against."""
        if self._all_public:
            return self._base
        reader = tuple(sorted(document.access)) if document.access is not None else None
        if reader not in self._views:
            self._views[reader] = self._view(reader)
        return self._views[reader]

    def read(self, document: Document, read: Callable[[Any], Any]) -> tuple[Any, UnsharedReading | None]:
        """``read`` (a lookup → an ``outcome.Reading``) of ``document`` against the revisions its
        readers share, and, where reading it against every revision differs for some items, those
        items' reading so (``UnsharedReading``: what only it would apply, proposed)."""
        view = self.of(document)
        reading = read(view)
        if view is self._base:
            return reading, None
        full = read(self._base)
        mine, theirs = _outcomes(reading), _outcomes(full)
        items = sorted((path for path in mine.keys() | theirs.keys() if mine.get(path) != theirs.get(path)),
                       key=lambda path: path or "")
        if not items:
            return reading, None
        differ = set(items)
        applied_here = {(e.by.path, e.target, e.scope) for e in reading.applied}
        proposed = [p for p in full.proposed if p.item.path in differ]
        proposed += [ProposedEdge(
            item=e.by.unpinned(), target=e.target, scope=e.scope, successor=e.successor, rule=e.rule,
            file=e.file or document.source.file, line=e.line, words=e.words, evidence=ProposalEvidence(
                reference=e.target.path or e.target.doc, reference_score=1.0, why=UNSHARED_WHY,
                change="delete" if not e.successor else "replace" if e.scope == "full" else "amend"))
            for e in full.applied if e.by.path in differ and (e.by.path, e.target, e.scope) not in applied_here]
        reader = document.access
        missed = tuple(n for n in full.not_understood if n.item.path in differ)
        # who may see this reading: an asker who may read every revision it rests on that the
        # addendum's readers do not share — those of the documents it proposes to change; where
        # it also reports items not understood (a reason may rest on any document), every one
        # (none of those: the difference rests on what they do not share elsewhere — every one)
        targets = {p.target.doc for p in proposed}
        unshared = sorted(r.uid for r in self._revisions if not shared_by_readers(reader, r.access))
        apart = tuple(uid for uid in unshared if missed or uid.partition("@")[0] in targets) or tuple(unshared)
        return reading, UnsharedReading(
            document=document.id, items=tuple(Locator(doc=document.id, path=path) for path in items),
            apart=apart,
            proposed=tuple(sorted(proposed, key=lambda p: (p.line or 0, p.item.path or ""))),
            not_understood=missed)

    def _view(self, reader: tuple[str, ...] | None) -> Any:
        shared = [r for r in self._revisions if shared_by_readers(reader, r.access)]
        # the documents some revision of which the readers do not share: read apart
        apart = {r.id for r in self._revisions if not shared_by_readers(reader, r.access)}
        if not apart:
            return self._base
        base = self._base
        directory = TargetDirectory()
        for revision in shared:
            directory.add(revision, self._numbers(revision.uid))
        # a document some revision of which the readers do not share: its newest shared
        # revision's outline, and the paths any shared revision holds
        newest: dict[str, Document] = {}
        holding: dict[str, list[str]] = {}
        for revision in shared:
            if revision.id in apart:
                holding.setdefault(revision.id, []).append(revision.uid)
                if revision.id not in newest or (revision.effective.from_, revision.seq) >= (
                        newest[revision.id].effective.from_, newest[revision.id].seq):
                    newest[revision.id] = revision
        held_paths: dict[str, frozenset[str]] = {}

        def paths_held(doc: str) -> frozenset[str]:
            if doc not in held_paths:
                held_paths[doc] = frozenset(path for uid in holding.get(doc, ()) for path in self._outline(uid)[1])
            return held_paths[doc]

        def has_target(locator: Locator) -> bool:
            if locator.doc not in apart:
                return base.has_target(locator) if base.has_target is not None else True
            if locator.doc not in holding:
                return False
            return locator.path is None or locator.path in paths_held(locator.doc)

        def names(doc: str) -> Mapping[str, str]:
            if doc not in apart:
                return base.names(doc) if base.names is not None else {}
            return self._outline(newest[doc].uid)[0] if doc in newest else {}

        def paths(doc: str) -> Sequence[str]:
            if doc not in apart:
                return base.paths(doc) if base.paths is not None else ()
            return self._outline(newest[doc].uid)[1] if doc in newest else ()

        update: dict[str, Any] = {"directory": directory, "has_target": has_target, "names": names, "paths": paths}
        if getattr(base, "text", None) is not None:
            # a proposal's similarity is measured against a document's newest words: of one the
            # readers share in part, none is given (no revision they may not read is read)
            update["text"] = lambda locator: None if locator.doc in apart else base.text(locator)
        return dataclasses.replace(base, **update)


def _outcomes(reading: Any) -> dict[str | None, frozenset[tuple[object, ...]]]:
    """Per item path, what a reading did with it: the edges applied and proposed, the reasons
    it was not understood."""
    found: dict[str | None, set[tuple[object, ...]]] = {}
    for e in reading.applied:
        found.setdefault(e.by.path, set()).add(("applied", e.target, e.scope, e.successor))
    for p in reading.proposed:
        found.setdefault(p.item.path, set()).add(("proposed", p.target, p.scope, p.successor))
    for n in reading.not_understood:
        found.setdefault(n.item.path, set()).add(("missed", n.reason))
    return {path: frozenset(outcome) for path, outcome in found.items()}


def in_full(proposed: Sequence[ProposedEdge], not_understood: Sequence[NotUnderstoodItem],
            unshared: Iterable[UnsharedReading], may_read: Callable[[str], bool] | None,
            ) -> tuple[list[ProposedEdge], list[NotUnderstoodItem]]:
    """The proposals and items not understood as an asker is shown them: where an addendum's
    items read otherwise against every revision (``unshared``) and the asker may read every
    revision its readers do not share (``may_read``, by ``DOC@REV``; None: everything), those
    items as read so, in place of their reading against what the readers share."""
    shown = [reading for reading in unshared
             if may_read is None or all(may_read(uid) for uid in reading.apart)]
    if not shown:
        return list(proposed), list(not_understood)
    items = {item.unpinned() for reading in shown for item in reading.items}
    return ([p for p in proposed if p.item.unpinned() not in items] + [p for r in shown for p in r.proposed],
            [n for n in not_understood if n.item.unpinned() not in items] + [n for r in shown for n in r.not_understood])


def read_otherwise(warning: Exception, may_read: Callable[[str], bool] | None) -> bool:
    """Whether a warning about an item ("no supersedes edge derived": its reading against what its
    readers share, marked ``read_apart`` by ``ingest.derive``) is one an asker is shown that item's
    reading against every revision in place of (``in_full``'s rule): told "Section 03 30 00 is no
    document" beside the proposal to change it, the owner looked for a section that is there."""
    apart = getattr(warning, "read_apart", None)
    return apart is not None and (may_read is None or all(may_read(uid) for uid in apart))


def with_unshared(readings: AddendaReadings, unshared: Iterable[UnsharedReading],
                  skipped_by: Mapping[str, Mapping[str, int]] | None = None) -> AddendaReadings:
    """``readings`` carrying ``unshared`` and the items skipped by document (``skipped_by``;
    None: those ``readings`` carry) for the access gate (never serialized with them)."""
    kept = readings.model_copy()
    kept._unshared = tuple(unshared)
    if skipped_by is not None:
        kept._skipped_by = {doc: dict(counts) for doc, counts in skipped_by.items()}
    return kept


def gathered(read: Iterable[tuple[str, Any, UnsharedReading | None]]) -> AddendaReadings:
    """The readings of a build from each addendum's, in the build's order of revisions: its
    document id, its reading against the revisions its readers share and, where they differ, its
    reading against every revision (``ReaderViews.read``). The one assembly ``reading.readings_of``
    and the readings an ingest keeps (``readings_file.keep_ingested``) both make. The items
    skipped are kept by document too (``AddendaReadings._skipped_by``), for the access gate."""
    applied: list[Any] = []
    proposed: list[ProposedEdge] = []
    missed: list[NotUnderstoodItem] = []
    skipped: dict[str, int] = {}
    skipped_by: dict[str, dict[str, int]] = {}
    unshared: list[UnsharedReading] = []
    for doc, reading, differs in read:
        applied += reading.applied
        proposed += reading.proposed
        missed += reading.not_understood
        for rule, count in reading.skipped.items():
            skipped[rule] = skipped.get(rule, 0) + count
            by_doc = skipped_by.setdefault(doc, {})
            by_doc[rule] = by_doc.get(rule, 0) + count
        if differs is not None:
            unshared.append(differs)
    readings = AddendaReadings(applied=tuple(applied), proposed=tuple(proposed), not_understood=tuple(missed),
                               skipped=skipped)
    return with_unshared(readings, unshared, skipped_by)
