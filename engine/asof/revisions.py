"""The per-document arrays behind ``AsOfIndex``, and where a section stands on a day.

A revision is kept as a plain row (``RevisionRow``: the store's lean read, no ontology
object) until its document is first used; ``index_document`` turns one document's rows (and
the provision paths each revision holds) into
parallel arrays in registry order plus, per path, the sorted positions where its text
changed; ``locate`` answers where a path stands on a day: which revision is in force comes from
``timeline.in_force_position`` (the one function that decides it), the section's version from
one ``bisect``. The semantics are described in ``engine.asof.index``.
"""

from __future__ import annotations

import gc
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from inforce.ontology import Revision

from .timeline import (
    IN_FORCE,
    NO_COVERAGE,
    NOT_YET,
    OPEN,
    REMOVED,
    RESUME_PREVIOUS,
    UNKNOWN_PATH,
    deciding_position,
    in_force_position,
    registry_order,
)

__all__ = [
    "CHANGED",
    "DOC",
    "LABEL",
    "ACCESS",
    "ON_LAPSE",
    "RECORDED",
    "DocumentRevisions",
    "RevisionRow",
    "ancestors",
    "collector_paused",
    "deciding_label",
    "index_document",
    "locate",
    "revision_row",
]

#: ``(doc, label, seq, issued, effective_from, effective_until, recorded, changed, on_lapse,
#: access)``, as ``GraphStore.revision_rows`` reads them (``recorded`` UTC-aware); a row made
#: from a ``Revision`` carries that record as an eleventh item, so it is handed back as given.
RevisionRow = Sequence[Any]
DOC, LABEL, SEQ, ISSUED, FROM, UNTIL, RECORDED, CHANGED, ON_LAPSE, ACCESS = range(10)


def revision_row(revision: Revision) -> tuple[Any, ...]:
    """The row of a ``Revision`` record (the record itself rides along as the last item)."""
    effective = revision.effective
    return (
        revision.document, revision.label, revision.seq, revision.issued, effective.from_,
        effective.until, revision.recorded, revision.changed, revision.on_lapse, revision.access, revision,
    )


def _revision_of(row: RevisionRow) -> Revision:
    if len(row) > ACCESS + 1:
        return row[ACCESS + 1]  # type: ignore[no-any-return]
    changed, access = row[CHANGED], row[ACCESS]
    return Revision(
        document=row[DOC], label=row[LABEL], seq=row[SEQ], issued=row[ISSUED],
        effective={"from": row[FROM], "until": row[UNTIL]}, recorded=row[RECORDED],
        changed=None if changed is None else tuple(changed), on_lapse=row[ON_LAPSE] or "lapse",
        access=None if access is None else tuple(access),
    )


@dataclass(slots=True)
class DocumentRevisions:
    """One document's revisions in registry order, as parallel arrays for ``bisect``."""

    rows: list[RevisionRow]
    froms: list[int]
    untils: list[int]
    recorded: list[float]
    resumes: list[bool]
    labels: list[str]
    position: dict[str, int]
    contents: list[frozenset[str] | None]
    # path -> the revisions where its text changed, each encoded as ``2 * position + removed``
    # (one sorted list of ints per path: compact, and ``bisect`` finds the last change)
    versions: dict[str, list[int]]
    paths_known: bool
    # path -> parent path, only where the outline is not the dotted numbering's
    parents: dict[str, str | None] | None = None
    built: list[Revision] | None = None

    @property
    def revisions(self) -> list[Revision]:
        """The revisions as ``Revision`` records, in registry order; built on first use
        (lookups never need them, only answers and histories that show dates)."""
        if self.built is None:
            self.built = [_revision_of(row) for row in self.rows]
        return self.built


#: Who holds ``collector_paused`` now (threads and nested uses), and whether the collector ran before
#: the first of them paused it; both changed under the lock.
_pause_lock = threading.Lock()
_pausers = 0
_resume = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large, cycle-free structure is built
    (this index; an ingest's documents; an answer of facts).

    The build allocates hundreds of thousands of small lists and dicts (none of them in a
    cycle); each burst would trigger collections that walk every object the process holds,
    the store's records included, which tripled the time to open a 100k-section project.
    One pause for the process, however many threads and nested uses hold it (a service answers
    on many threads): the collector runs again once the last leaves, if it ran before the first
    came, and a caller that had it off finds it off.
    """
    global _pausers, _resume
    with _pause_lock:  # threads pause one collector: the last to leave resumes it (audit 130 F1)
        if _pausers == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pausers += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pausers -= 1
            if _pausers == 0 and _resume:
                gc.enable()


def locate(entry: DocumentRevisions, path: str | None, day: int, known_ts: float) -> tuple[int, int, int]:
    """(state, version position, in-force position) of ``path`` in one document's revisions."""
    recorded = entry.recorded
    i = in_force_position(entry.froms, entry.untils, recorded, entry.resumes, day, known_ts)
    if i < 0:
        return NO_COVERAGE, -1, -1
    if path is None:
        return IN_FORCE, i, i
    events = entry.versions.get(path)
    if events is None:
        events = _events_without_contents(entry, path)
        if events is None:
            return UNKNOWN_PATH, -1, i
    j = bisect_right(events, 2 * i + 1) - 1
    if j < 0:
        return NOT_YET, -1, i
    event = events[j]
    if recorded[event >> 1] <= known_ts:
        return (REMOVED if event & 1 else IN_FORCE), event >> 1, i
    while j >= 0 and recorded[events[j] >> 1] > known_ts:
        j -= 1
    held = entry.contents[i]
    if held is not None:
        # A revision not yet known changed the section; the in-force revision's contents
        # still say whether it is there, so trust them over the skipped change.
        holds = path in held
        if j < 0:
            return (IN_FORCE, i, i) if holds else (NOT_YET, -1, i)
        if (not events[j] & 1) != holds:
            return (IN_FORCE if holds else REMOVED), i, i
    if j < 0:
        return NOT_YET, -1, i
    event = events[j]
    return (REMOVED if event & 1 else IN_FORCE), event >> 1, i


def deciding_label(entry: DocumentRevisions, day: int, known_ts: float) -> str | None:
    """The label of the revision whose dates decide what of the document is in force on the day
    (``timeline.deciding_position``: the one in force, else the one whose lapse leaves the day
    uncovered, else the first to begin); None when no revision is known at ``known_ts``."""
    position = deciding_position(entry.froms, entry.untils, entry.recorded, entry.resumes, day, known_ts)
    return entry.labels[position] if position >= 0 else None


def _registry_order(row: RevisionRow) -> tuple[Any, ...]:
    return registry_order(row[FROM], row[SEQ], row[RECORDED], row[LABEL])


def index_document(
    doc: str, rows: list[RevisionRow], paths: Mapping[str, Sequence[str] | Mapping[str, str | None]]
) -> DocumentRevisions:
    if len(rows) > 1:
        rows.sort(key=_registry_order)
    contents: list[frozenset[str] | None] = []
    outline: dict[str, str | None] | None = None
    for row in rows:
        held = paths.get(f"{doc}@{row[LABEL]}")
        if isinstance(held, Mapping):
            outline = {} if outline is None else outline
            outline.update(held)
        contents.append(None if held is None else held if isinstance(held, frozenset) else frozenset(held))
    known = [c for c in contents if c is not None]
    universe = sorted(known[0].union(*known[1:])) if known else []
    parents = _tree_parents(outline)
    children = _children(parents) if parents is not None else None
    versions: dict[str, list[int]] = {}
    previous: frozenset[str] = frozenset()
    for pos, row in enumerate(rows):
        held = contents[pos]
        if held is None:
            held = previous
        changed = row[CHANGED]
        if changed is None:
            touched: set[str] | frozenset[str] = held | previous
        else:
            touched = _affected(changed, universe, parents, children)
            if held != previous:
                touched |= held ^ previous
        # Positions are appended in registry order, so each path's list stays sorted.
        for path in touched:
            events = versions.get(path)
            if path in held:
                if events is None:
                    versions[path] = [2 * pos]
                else:
                    events.append(2 * pos)
            elif events is not None:
                events.append(2 * pos + 1)
            # else: never held before, so not a version of anything yet
        previous = held
    froms, untils, recorded, resumes, labels = [], [], [], [], []
    for row in rows:
        until = row[UNTIL]
        froms.append(row[FROM].toordinal())
        untils.append(OPEN if until is None else until.toordinal())
        recorded.append(row[RECORDED].timestamp())
        resumes.append(row[ON_LAPSE] == RESUME_PREVIOUS)
        labels.append(row[LABEL])
    return DocumentRevisions(
        rows=rows,
        froms=froms,
        untils=untils,
        recorded=recorded,
        resumes=resumes,
        labels=labels,
        position={label: i for i, label in enumerate(labels)},
        contents=contents,
        versions=versions,
        paths_known=bool(known),
        parents=parents,
    )


def _dotted_parent(path: str) -> str | None:
    return path.rpartition(".")[0] or None


def _tree_parents(outline: dict[str, str | None] | None) -> dict[str, str | None] | None:
    """The outline's parent links, or None when they only repeat the dotted numbering
    (then prefixes answer ancestry, faster)."""
    if not outline:
        return None
    if all(parent == _dotted_parent(path) for path, parent in outline.items()):
        return None
    return outline


def _children(parents: dict[str, str | None]) -> dict[str, list[str]]:
    children: dict[str, list[str]] = {}
    for path, parent in parents.items():
        if parent is not None:
            children.setdefault(parent, []).append(path)
    return children


def ancestors(path: str, parents: dict[str, str | None] | None) -> tuple[str, ...]:
    found: list[str] = []
    current: str | None = path
    while True:
        parent = parents.get(current, _dotted_parent(current)) if parents is not None else _dotted_parent(current)
        if parent is None or parent in found or parent == path:
            return tuple(found)
        found.append(parent)
        current = parent


def _affected(
    changed: Iterable[str],
    universe: list[str],
    parents: dict[str, str | None] | None = None,
    children: dict[str, list[str]] | None = None,
) -> set[str]:
    """The paths whose text a change to ``changed`` touches: each path, its descendants, its ancestors."""
    touched: set[str] = set()
    for path in changed:
        touched.add(path)
        if parents is not None:
            touched.update(ancestors(path, parents))
        elif "." in path:
            parts = path.split(".")
            for n in range(1, len(parts)):
                touched.add(".".join(parts[:n]))
        prefix = path + "."
        i = bisect_left(universe, prefix)
        while i < len(universe) and universe[i].startswith(prefix):
            touched.add(universe[i])
            i += 1
        if children is not None:
            stack, seen = list(children.get(path, ())), set()
            while stack:
                child = stack.pop()
                if child not in seen:
                    seen.add(child)
                    stack.extend(children.get(child, ()))
            touched |= seen
    return touched


def _events_without_contents(entry: DocumentRevisions, path: str) -> list[int] | None:
    """Versions of a path when the index was given no contents for this document: every
    revision whose ``changed`` touches the path changed it, and nothing is ever removed."""
    if entry.paths_known:
        return None
    events = [
        2 * pos
        for pos, row in enumerate(entry.rows)
        if row[CHANGED] is None or path in _affected(row[CHANGED], [path])
    ]
    if not events:
        return None
    entry.versions[path] = events
    return events
