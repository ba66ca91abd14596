"""Every version of a provision on both clocks, and when each stopped applying (the
``inforce.ontology.History`` result)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from inforce.ontology import Locator, Supersedes
from inforce.ontology.answers import History, HistoryEntry, HistoryKind

from .answer import pinned, recorded_at
from .timeline import OPEN, in_force_segments

if TYPE_CHECKING:
    from .view import AsOfView

__all__ = ["history"]

_INF = float("inf")

def history(index: AsOfView, asked: Locator) -> History:
    """Every version of ``asked`` across revisions, and every edge on it or from it, oldest first."""
    doc, path = asked.doc, asked.path
    entry = index.entry(doc)
    entries: list[tuple[tuple[object, ...], HistoryEntry]] = []
    revisions = entry.revisions
    segments = in_force_segments(entry.froms, entry.untils, entry.recorded, entry.resumes, _INF)
    replacing = _full_edges_covering(index, doc, path)

    if path is None:
        events = [2 * pos for pos in range(len(revisions))]
    else:
        events = entry.versions.get(path) or []
    positions = [event >> 1 for event in events]
    present = [not event & 1 for event in events]
    for k, (pos, holds) in enumerate(zip(positions, present, strict=True)):
        revision = revisions[pos]
        end = positions[k + 1] if k + 1 < len(positions) else len(revisions)
        if path is None:
            kind: HistoryKind = "revision"
        elif not holds:
            kind = "removed"
        elif k == 0 or not present[k - 1]:
            kind = "added"
        else:
            kind = "changed"
        carried = tuple(r.label for r in revisions[pos:end]) if holds else ()
        stop: tuple[dt.date | None, str | None, Locator | None] = (None, None, None)
        if holds:
            nxt = pinned(doc, revisions[end].label, path) if end < len(revisions) else None
            stopped_kind = "removed" if k + 1 < len(present) and not present[k + 1] else "changed"
            stop = _stopped(index, doc, path, segments, pos, end, stopped_kind, nxt, replacing)
        entries.append((
            (revision.effective.from_, 0, revision.seq, revision.recorded.timestamp()),
            HistoryEntry(
                locator=pinned(doc, revision.label, path), kind=kind,
                effective_from=revision.effective.from_, effective_until=revision.effective.until,
                recorded=revision.recorded, seq=revision.seq, revisions=carried,
                applied_until=stop[0], stopped=stop[1], stopped_by=stop[2],  # type: ignore[arg-type]
            ),
        ))

    def covers(outer: str | None, inner: str | None) -> bool:
        return outer is None or (inner is not None and (outer == inner or outer in index.lineage(doc, inner)))

    def related(target: Locator) -> bool:
        return covers(target.path, path) or covers(path, target.path)

    for edge in index.supersession.edges_on(doc):
        if not related(edge.target):
            continue
        kind: HistoryKind = "superseded" if edge.scope == "full" and covers(edge.target.path, path) else "amended"
        if kind == "superseded" and not edge.successor:
            kind = "deleted"
        entries.append(_edge_entry(index, edge, kind))
    for edge in index.supersession.edges_from(doc):
        replacement = edge.by if edge.by is not None else edge.source
        if replacement.doc == doc and related(replacement):
            entries.append(_edge_entry(index, edge, "replaces" if edge.successor else "deletes"))
    entries.sort(key=lambda item: item[0])
    return History(locator=asked, versions=tuple(e for _, e in entries), index_build=index.build_id)


def _full_edges_covering(index: AsOfView, doc: str, path: str | None) -> list[Supersedes]:
    """Full supersessions of the provision or an ancestor (or the whole document), oldest first."""
    lineage = () if path is None else (path, *index.lineage(doc, path))
    return [
        edge for edge in index.supersession.edges_on(doc)
        if edge.scope == "full" and (edge.target.path is None or edge.target.path in lineage)
    ]


def _stopped(
    index: AsOfView, doc: str, path: str | None, segments: list[tuple[int, int, int]], first: int, end: int,
    changed_kind: str, successor_revision: Locator | None, replacing: list[Supersedes],
) -> tuple[dt.date | None, str | None, Locator | None]:
    """When a version carried by revisions ``[first, end)`` stopped applying, and why.

    Its days are the in-force windows of those revisions (the one in-force timeline); a
    full supersession that applies on one of them (the edge scan ``asof`` reads, everything
    recorded: ``AsOfIndex.pinned_applies``) cuts them short, on the day the version began
    when it was in effect already then.
    """
    windows = [(start, stop) for start, stop, pos in segments if first <= pos < end]
    if not windows:
        return None, None, None
    last = windows[-1][1]
    # The days a full edge can start to apply to the version: each window's first day and
    # each edge's effective date inside a window.
    days = {start for start, _ in windows} if replacing else set()
    days.update(edge.effective.toordinal() for edge in replacing)
    # An amending provision is spent (``AsOfIndex.spent``) from a day one of its targets'
    # revisions took effect: that revision (changed by it) ended its last edge.
    made = index.supersession.made_by(doc, path)
    for e in made:
        target = index.entry(e.target_doc)
        days.add(e.effective)
        days.update(day for day in (target.froms if target is not None else ()) if day > e.effective)
    for day in sorted(days):
        if not any(start <= day < stop for start, stop in windows):
            continue
        full, _ = index.supersession.scan(doc, path, day, _INF, index.pinned_applies(day, _INF))
        if full:
            edge = full[0].edge
            stopped = "superseded" if edge.successor else "deleted"
            return dt.date.fromordinal(day), stopped, edge.by if edge.by is not None else edge.source
        spent = index.spent(doc, path, day, _INF) if made else None
        if spent is not None:  # its change ended by a reissue of what it changed: as its edge's end
            return dt.date.fromordinal(day), "changed", spent.in_force[0] if spent.in_force else spent.ended_by[0]
    if last == OPEN:
        return None, None, None
    following = next((pos for start, _, pos in segments if start == last), None)
    if following is not None and following >= end:
        return dt.date.fromordinal(last), changed_kind, successor_revision
    return dt.date.fromordinal(last), "lapsed", None


def _edge_entry(
    index: AsOfView, edge: Supersedes, kind: HistoryKind
) -> tuple[tuple[object, ...], HistoryEntry]:
    replacement = edge.by if edge.by is not None else edge.source
    when = recorded_at(index, edge)
    until, ended = _edge_ended(index, edge)
    return (
        (edge.effective, 1, 0, when.timestamp() if when else 0.0),
        HistoryEntry(
            locator=replacement, kind=kind, effective_from=edge.effective, recorded=when,
            origin=edge.origin, target=edge.target, scope=edge.scope, review=edge.review,
            applied_until=until, stopped="changed" if ended is not None else None, stopped_by=ended,
        ),
    )


def _edge_ended(index: AsOfView, edge: Supersedes) -> tuple[dt.date | None, Locator | None]:
    """The first day ``edge`` no longer applied after it did (everything recorded), and the
    revision that ended it (``AsOfIndex.ended_by``: its declaring document's next revision, or
    its target's); (None, None) while it applies."""
    effective = edge.effective.toordinal()
    days = {effective}
    for doc in (edge.source.doc, edge.target.doc):
        entry = index.entry(doc)
        if entry is not None:
            days.update(day for day in entry.froms if day > effective)
    applied = False
    for day in sorted(days):
        ended = index.ended_by(edge, day, _INF)
        if ended is None:
            applied = True
        elif applied:
            return dt.date.fromordinal(day), ended
    return None, None
