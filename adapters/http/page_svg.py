"""Pictures the pages draw on the server, as inline SVG: a clause's versions on both clocks, and
a document's supersession graph.

Drawn from what the front answered (``History``), nothing computed about it: where a bar
starts and ends is the version's own ``effective_from`` and ``applied_until`` (or
``effective_until``), its recording the version's ``recorded``. The picture is a reading aid:
every bar has a ``<title>`` (shown on hover, read by a screen reader) and the page puts a table
of the same versions below it. Text in it goes through the one escape (``page_html.text``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence

from inforce.ontology import History
from inforce.ontology.answers import HistoryEntry
from inforce.ontology.dates import month_after, shift_date_within
from inforce.ontology.text import whole_number
from inforce.ontology.views import ShownEdge

from .page_html import text

__all__ = ["EDGE_KINDS", "bar_label", "bar_title", "edge_title", "edge_verb", "graph_svg", "timeline_svg"]

#: history entries that are edges on the clause (an addendum's item), not versions of its own text
EDGE_KINDS = frozenset({"superseded", "deleted", "amended", "replaces", "deletes"})
_DELETIONS = frozenset({"deleted", "deletes", "removed"})
#: what an edge's item does to the clause, as its bar says it
_ACTS = {"superseded": "replaces", "replaces": "replaces", "deleted": "deletes", "deletes": "deletes",
         "amended": "amends"}

_WIDTH = 960
_LEFT = 16
_RIGHT = 16
_ROW = 34
_BAND_HEAD = 26
_AXIS = 22


def bar_label(entry: HistoryEntry) -> str:
    """What a bar is named: the revision (``SPEC-033000 rev 0``) or the addendum item
    (``ADD-02 §1.3 replaces``) it stands for."""
    loc = entry.locator
    if entry.kind in EDGE_KINDS:
        where = f" §{loc.path}" if loc.path else ""
        return f"{loc.doc}{where} {_ACTS.get(entry.kind, entry.kind)}"
    revisions = ", ".join(entry.revisions) if entry.revisions else (loc.rev or "")
    return f"{loc.doc} rev {revisions}".rstrip() if revisions else loc.doc


def _until(entry: HistoryEntry) -> dt.date | None:
    return entry.applied_until or entry.effective_until


def bar_title(entry: HistoryEntry) -> str:
    """A bar's whole description, as its ``<title>`` and the table row say it."""
    until = _until(entry)
    said = [f"{entry.locator} ({entry.kind.replace('_', ' ')}, origin {entry.origin})",
            f"in force from {entry.effective_from}" + (f" until {until}" if until else ", still applying")]
    if entry.stopped:
        said.append(f"stopped: {entry.stopped}" + (f" by {entry.stopped_by}" if entry.stopped_by else ""))
    if entry.recorded is not None:
        said.append(f"recorded {entry.recorded.astimezone(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}")
    if entry.target is not None:
        said.append(f"on {entry.target}" + (f" ({entry.scope})" if entry.scope else ""))
    return "; ".join(said)


def _classes(entry: HistoryEntry) -> str:
    names = ["bar", f"kind-{entry.kind}"]
    if entry.kind in EDGE_KINDS:
        names.append("edge")
    if entry.kind in _DELETIONS:
        names.append("deletion")
    if entry.kind == "amended":
        names.append("amends")
    if entry.stopped == "lapsed":
        names.append("lapsed")
    return " ".join(names)


def timeline_svg(history: History, valid_at: dt.date | None, known_at: dt.datetime | None,
                 link: Callable[[HistoryEntry], str]) -> str:
    """Every version of the clause on both clocks: valid time across the first band (a bar from
    when it took effect to when it stopped applying, open to the right while it applies), the
    recorded time in the second (a bar from when document control recorded it), ``valid_at``
    and ``known_at`` drawn as lines, withheld versions as one row saying "withheld" (no date,
    no name). Each bar links to its version (``link``)."""
    versions: Sequence[HistoryEntry] = history.versions
    days = [d for e in versions for d in (e.effective_from, _until(e)) if d is not None]
    days += [e.recorded.date() for e in versions if e.recorded is not None]
    days += [d for d in (valid_at, known_at.date() if known_at else None) if d is not None]
    if not days:
        days = [valid_at or dt.date(2000, 1, 1)]
    # a margin either side, held at the calendar's ends (a version until 9999-12-31, a question
    # on 0001-01-01: audit 80 B F3)
    first, last = shift_date_within(min(days), -20), shift_date_within(max(days), 60)
    span = max((last - first).days, 1)
    inner = _WIDTH - _LEFT - _RIGHT

    def x(day: dt.date) -> float:
        return round(_LEFT + inner * (day - first).days / span, 1)

    rows = len(versions) + (1 if history.withheld else 0)
    band = _BAND_HEAD + max(rows, 1) * _ROW + _AXIS
    height = 2 * band + 12
    parts = [f'<svg class="timeline" viewBox="0 0 {_WIDTH} {height}" role="img" '
             f'aria-labelledby="timeline-title" xmlns="http://www.w3.org/2000/svg">'
             f'<title id="timeline-title">Versions of {text(history.locator)} on both clocks: valid time, '
             "then recorded time</title>"]
    for number, (heading, recorded_band) in enumerate((("Valid time: when each version applies", False),
                                                       ("Recorded time: when document control recorded it", True))):
        top = number * (band + 12)
        parts.append(f'<g class="band-group"><rect class="band" x="0" y="{top}" width="{_WIDTH}" height="{band}"/>'
                     f'<text class="band-title" x="{_LEFT}" y="{top + 17}">{text(heading)}</text>')
        parts += _ticks(first, last, x, top + _BAND_HEAD, top + band - _AXIS, top + band - 6)
        for row, entry in enumerate(versions):
            y = top + _BAND_HEAD + row * _ROW
            parts.append(_bar(entry, row, y, x, last, recorded_band, link))
        if history.withheld:
            y = top + _BAND_HEAD + len(versions) * _ROW
            parts.append(f'<g class="bar withheld"><title>withheld: versions from documents you may not read'
                         f'</title><text x="{_LEFT}" y="{y + 12}">withheld</text>'
                         f'<rect x="{_LEFT}" y="{y + 16}" width="{inner}" height="14" rx="3"/></g>')
        day = (known_at.date() if known_at else None) if recorded_band else valid_at
        if day is not None:
            said = f"known at {known_at.strftime('%Y-%m-%d %H:%M UTC')}" if recorded_band and known_at else f"valid at {day}"
            parts.append(f'<g class="chosen"><line class="day" x1="{x(day)}" x2="{x(day)}" y1="{top + _BAND_HEAD - 4}" '
                         f'y2="{top + band - _AXIS}"/><text class="day-label" x="{min(x(day) + 4, _WIDTH - 170)}" '
                         f'y="{top + 17}">{text(said)}</text></g>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _bar(entry: HistoryEntry, row: int, y: float, x: Callable[[dt.date], float], last: dt.date,
         recorded_band: bool, link: Callable[[HistoryEntry], str]) -> str:
    label, title = bar_label(entry), bar_title(entry)
    if recorded_band:
        if entry.recorded is None:
            return (f'<g class="{_classes(entry)}" data-version="{row}"><title>{text(title)}</title>'
                    f'<text x="{_LEFT}" y="{y + 12}">{text(label)}: recording not known</text></g>')
        start, end, open_end = x(entry.recorded.date()), x(last), True
    else:
        until = _until(entry)
        start, end, open_end = x(entry.effective_from), x(until or last), until is None
    width = max(end - start, 3)
    arrow = (f'<path class="open" d="M{end - 6} {y + 17} l6 6 l-6 6"/>' if open_end else "")
    shape = (f'<g class="{_classes(entry)}" data-version="{row}" data-locator="{text(entry.locator)}">'
             f"<title>{text(title)}</title>"
             f'<text x="{min(start, _WIDTH - 260)}" y="{y + 12}">{text(label)}</text>'
             f'<rect x="{start}" y="{y + 16}" width="{round(width, 1)}" height="14" rx="3"/>{arrow}</g>')
    if recorded_band:
        return shape
    return f'<a href="{text(link(entry))}" aria-label="{text(title)}">{shape}</a>'


def _ticks(first: dt.date, last: dt.date, x: Callable[[dt.date], float], top: float, bottom: float,
           label_y: float) -> list[str]:
    """Month lines (years past three years' span) with their labels along the band's foot."""
    months = (last.year - first.year) * 12 + last.month - first.month
    step = 1 if months <= 14 else 3 if months <= 36 else 12
    day: dt.date | None = dt.date(first.year, first.month, 1)
    marks: list[str] = []
    last_label = -1e9
    while day is not None and day <= last:
        if day >= first and (day.month - 1) % step == 0:
            at = x(day)
            marks.append(f'<line class="tick" x1="{at}" x2="{at}" y1="{top}" y2="{bottom}"/>')
            if at - last_label > 60:
                label = day.strftime("%Y") if step == 12 else day.strftime("%b %Y")
                marks.append(f'<text class="tick-label" x="{at + 2}" y="{label_y}">{label}</text>')
                last_label = at
        day = month_after(day)
    return marks


def edge_verb(edge: ShownEdge) -> str:
    """What an edge does to its target, in words: replaces, deletes or amends."""
    if edge.scope == "partial":
        return "amends"
    return "replaces" if edge.successor else "deletes"


def edge_title(edge: ShownEdge) -> str:
    """An edge's whole description: who acts on what, from when, and where the edge came from."""
    actor = edge.by or edge.source
    said = f"{actor} {edge_verb(edge)} {edge.target} from {edge.effective}; origin {edge.origin}"
    if edge.review is not None:
        said += f" (accepted by {edge.review.by})"
    return said


_NODE_W = 230
_NODE_H = 28
_GAP_X = 110
_GAP_Y = 14


def graph_svg(edges: Sequence[ShownEdge], withheld: int, link: Callable[[str], str]) -> str:
    """The supersession edges as a layered picture: each provision a box, the parts acted on in
    the first column and each later actor one column to the right of what it acts on (an item
    replacing an item that replaced a paragraph stands two columns over); an arrow from the
    actor to its target, drawn dashed for an amendment, red for a deletion, each with its
    ``<title>`` (verb, dates, origin). ``withheld``: edges of documents the asker may not read,
    shown as one box saying "withheld" (no name). Every box links to its clause (``link``)."""
    layer: dict[str, int] = {}
    for edge in edges:
        layer.setdefault(edge.target, 0)
    for _ in range(len(edges) + 1):  # longest path, over a graph a few steps deep
        moved = False
        for edge in edges:
            actor = edge.by or edge.source
            want = layer.get(edge.target, 0) + 1
            if layer.get(actor, -1) < want:
                layer[actor] = want
                moved = True
        if not moved:
            break
    columns: dict[int, list[str]] = {}
    for node, column in sorted(layer.items(), key=lambda item: _natural(item[0])):
        columns.setdefault(min(column, 6), []).append(node)
    # each later column in the order of what its boxes act on (fewer crossing arrows)
    for column in sorted(columns)[1:]:
        before = {node: row for row, node in enumerate(columns.get(column - 1, ()))}
        def under(node: str, before: dict[str, int] = before) -> float:
            rows = [before[e.target] for e in edges if (e.by or e.source) == node and e.target in before]
            return sum(rows) / len(rows) if rows else float(len(before))
        columns[column].sort(key=under)
    if withheld:
        columns.setdefault(1, []).append("")
    height = max((len(nodes) for nodes in columns.values()), default=1) * (_NODE_H + _GAP_Y) + _GAP_Y + 24
    width = max(len(columns), 1) * (_NODE_W + _GAP_X) - _GAP_X + 2 * _LEFT
    place: dict[str, tuple[float, float]] = {}
    for column, nodes in columns.items():
        for row, node in enumerate(nodes):
            place[node] = (_LEFT + column * (_NODE_W + _GAP_X), 24 + row * (_NODE_H + _GAP_Y))
    parts = [f'<svg class="graph" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
             'aria-labelledby="graph-title" '
             f'xmlns="http://www.w3.org/2000/svg"><title id="graph-title">Supersession: what acts on what</title>'
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path class="arrow" d="M0 0 L10 5 L0 10 z"/></marker></defs>'
             f'<text class="tick-label" x="{_LEFT}" y="14">acted on</text>'
             f'<text class="tick-label" x="{_LEFT + _NODE_W + _GAP_X}" y="14">acting (addenda, later revisions)</text>']
    for number, edge in enumerate(edges):
        (ax, ay), (tx, ty) = place[edge.by or edge.source], place[edge.target]
        x1, y1 = ax, ay + _NODE_H / 2
        x2, y2 = tx + _NODE_W, ty + _NODE_H / 2
        if ax <= tx:  # an actor in the same column (a cycle's step): from its right side
            x1 = ax + _NODE_W
        verb = edge_verb(edge)
        cls = "edge" + (" partial" if verb == "amends" else "") + (" deletion" if verb == "deletes" else "")
        parts.append(f'<g class="{cls}" data-version="e{number}"><title>{text(edge_title(edge))}</title>'
                     f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" marker-end="url(#arrow)"/></g>')
    for node, (x, y) in place.items():
        if not node:
            parts.append(f'<g class="node withheld"><title>withheld: edges of documents you may not read</title>'
                         f'<rect x="{x}" y="{y}" width="{_NODE_W}" height="{_NODE_H}" rx="4"/>'
                         f'<text x="{x + 8}" y="{y + 18}">withheld</text></g>')
            continue
        shown = node if len(node) <= 32 else node[:31] + "…"
        parts.append(f'<a href="{text(link(node))}" aria-label="{text(node)}"><g class="node" data-node="{text(node)}">'
                     f'<title>{text(node)}</title><rect x="{x}" y="{y}" width="{_NODE_W}" height="{_NODE_H}" rx="4"/>'
                     f'<text x="{x + 8}" y="{y + 18}">{text(shown)}</text></g></a>')
    parts.append("</svg>")
    return "".join(parts)


def _natural(locator: str) -> tuple[tuple[int, int | str], ...]:
    """Outline order for the boxes of a column: 2.1.A before 2.1.B, 2.9 before 2.10."""
    return tuple((1, p) if (number := whole_number(p)) is None else (0, number) for p in re.split(r"(\d+)", locator) if p)
