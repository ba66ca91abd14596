"""The consolidated text of an in-force section whose descendants were replaced or amended.

The "As-of" contract (corpus-format.md) says an answer's text is the in-force text only: for a
section whose descendants were replaced, each replaced descendant is shown as its
replacement, marked with the replacing locator. So, in the section's own text:

- a descendant that a full edge replaced becomes ``[PATH replaced by LOC] <text of LOC>``,
  LOC its final in-force replacement(s), followed transitively (an addendum replacing an
  addendum's item); a replacement that is a whole document (a full edge without ``by``: the
  descendant was deleted) shows the marker alone;
- a descendant that a partial edge amended keeps its text, followed by
  ``[PATH amended by LOC]``; a partial edge on the section itself, an ancestor or the whole
  document puts its marker after the section's text.

The old wording of a replaced descendant never stays in. Edges on paths inside a replaced
descendant are left out: their text went with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from inforce.ontology import Locator, Supersedes

from .supersession import INSIDE, EdgeHit
from .timeline import IN_FORCE

if TYPE_CHECKING:
    from .index import AsOfIndex

__all__ = ["consolidated_text"]

_Applies = Callable[[Supersedes], bool]


def consolidated_text(
    index: AsOfIndex, section: Locator, hits: Sequence[EdgeHit], day: int, known_ts: float
) -> str:
    """The text of ``section`` (pinned: its in-force version) with the amendments ``hits`` applied.

    ``hits`` are the section's amendments as of the day (the second list of
    ``SupersessionIndex.hits``); without any, this is the section's stored text. Reads text
    through ``index.texts``, which must be set.
    """
    texts = index.texts
    if texts is None:
        raise ValueError("consolidated_text needs an index with texts")
    base = texts.text(section)
    if not hits:
        return base
    doc = section.doc
    applies = index.pinned_applies(day, known_ts)

    replaced: set[str] = set()
    amended: dict[str, list[EdgeHit]] = {}
    covering: list[EdgeHit] = []  # partial edges on the section, an ancestor or the document
    for hit in hits:
        path = hit.edge.target.path
        if hit.relation != INSIDE or path is None:
            covering.append(hit)
        elif hit.edge.scope == "full":
            replaced.add(path)
        else:
            amended.setdefault(path, []).append(hit)

    # (start, end, new text) on ``base``: a replacement, or an insertion where start == end.
    edits: list[tuple[int, int, str]] = []
    trailing: list[str] = []  # what has no place in the text (its wording was not found)
    cursor = 0  # descendants come in outline order: look for each after the one before
    for path in sorted(replaced | amended.keys(), key=_natural_key):
        if _inside_any(index, doc, path, replaced):
            continue
        if path in replaced:
            shown = [_replacement(index, doc, path, day, known_ts, applies)]
        else:
            shown = _amend_markers(index, amended[path], day, known_ts, applies)
        old = _descendant_text(index, section, path, day, known_ts)
        start = _find(base, old, cursor)
        if start < 0:
            trailing += shown
            continue
        cursor, end = start, start + len(old)
        if path in replaced:
            edits.append((start, end, shown[0]))
        else:
            edits.append((end, end, " " + " ".join(shown)))
    trailing += _amend_markers(index, covering, day, known_ts, applies)

    out: list[str] = []
    pos = 0
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < pos:  # overlapping spans cannot come from distinct descendants; keep the first
            continue
        out += [base[pos:start], new]
        pos = end
    out.append(base[pos:])
    text = "".join(out)
    if trailing:
        text = text.rstrip() + "\n\n" + "\n\n".join(trailing)
    return text


def _natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Outline order: 2.1.A before 2.1.B, 2.9 before 2.10 (as ``answer.natural_key``)."""
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"(\d+)", text) if p)


def _inside_any(index: AsOfIndex, doc: str, path: str, replaced: set[str]) -> bool:
    """Whether a strict ancestor of ``path`` (by the outline or the numbering) was replaced."""
    if not replaced:
        return False
    above = set(index.lineage(doc, path))
    return any(p != path and (p in above or path.startswith(p + ".")) for p in replaced)


def _find(base: str, old: str, cursor: int) -> int:
    if not old:
        return -1
    start = base.find(old, cursor)
    return start if start >= 0 else base.find(old)


def _pin(index: AsOfIndex, locator: Locator, day: int, known_ts: float) -> Locator | None:
    """``locator`` pinned to its in-force version on the day; None when it is not in force."""
    state = index.section_state(locator.doc, locator.path, day, known_ts)
    entry = index.entry(locator.doc)
    if state.state != IN_FORCE or entry is None:
        return None
    return Locator(doc=locator.doc, rev=entry.labels[state.version], path=locator.path)


def _descendant_text(
    index: AsOfIndex, section: Locator, path: str, day: int, known_ts: float
) -> str:
    """The descendant's text as it reads inside the section's text ('' when it has none)."""
    pinned = _pin(index, Locator(doc=section.doc, path=path), day, known_ts)
    if pinned is None:  # not in force by itself: read it in the section's own revision
        pinned = Locator(doc=section.doc, rev=section.rev, path=path)
        if not index.has(pinned):
            return ""
    return index.texts.text(pinned)  # type: ignore[union-attr]


def _final(
    index: AsOfIndex, locator: Locator, day: int, known_ts: float, applies: _Applies
) -> list[Locator]:
    """The in-force replacement(s) of ``locator``, full supersessions followed transitively
    (``locator`` itself when none replaced it)."""
    if not index.supersession.targets_document(locator.doc):
        return [locator]
    names, _ = index.supersession.successors(locator.doc, locator.path, day, known_ts, applies)
    return [Locator.parse(n) for n in names] or [locator]


def _replacement(
    index: AsOfIndex, doc: str, path: str, day: int, known_ts: float, applies: _Applies
) -> str:
    """``[PATH replaced by LOC, ...] text`` for the replaced descendant ``doc#path``."""
    names, _ = index.supersession.successors(doc, path, day, known_ts, applies)
    shown: list[str] = []
    bodies: list[str] = []
    for successor in (Locator.parse(n) for n in names):
        pinned = _pin(index, successor, day, known_ts)
        shown.append(str(pinned or successor))
        if pinned is not None and pinned.path is not None:
            bodies.append(index.texts.text(pinned))  # type: ignore[union-attr]
    marker = f"[{path} replaced by {', '.join(shown)}]"
    return f"{marker} " + "\n\n".join(bodies) if bodies else marker


def _amend_markers(
    index: AsOfIndex, hits: Sequence[EdgeHit], day: int, known_ts: float, applies: _Applies
) -> list[str]:
    """``[TARGET amended by LOC]`` for each amending edge's in-force amender, without repeats."""
    markers: list[str] = []
    for hit in hits:
        target = hit.edge.target
        label = target.path if target.path is not None else target.doc
        for amender in _final(index, Locator.parse(hit.successor), day, known_ts, applies):
            marker = f"[{label} amended by {_pin(index, amender, day, known_ts) or amender}]"
            if marker not in markers:
                markers.append(marker)
    return markers
