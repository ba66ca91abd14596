"""The consolidated text of an in-force section whose descendants were replaced or amended.

The "As-of" contract (corpus-format.md) says an answer's text is the in-force text only: for a
section whose descendants were replaced, each replaced descendant is shown as its
replacement, marked with the replacing locator. So, in the section's own text:

- a descendant that a full edge replaced becomes ``[PATH replaced by LOC] <text of LOC>``,
  LOC its final in-force replacement(s), followed transitively (an addendum replacing an
  addendum's item); a replacement that is a whole document (a full edge without ``by``: the
  descendant was deleted) shows the marker alone;
- a descendant whose replacements are all out of force (the replacing document lapsed) shows
  ``[PATH replaced by LOC, no longer in force]`` alone: a lapsed replacement does not revive
  the wording it replaced, as a lapsed revision does not revive its predecessor
  (``not yet in force`` where none of them has taken effect yet: an edge dated before its
  replacement's document);
- a descendant that a partial edge amended keeps its text, followed by
  ``[PATH amended by LOC]`` (``[PATH amended by LOC, no longer in force]`` when the amender
  lapsed); a partial edge on the section itself, an ancestor or the whole document puts its
  marker after the section's text.

Each descendant is placed by its character span: a provision's text is the slice of its
revision's text layer that its ``span`` covers, so a descendant of the section (read in the
section's own revision) sits at its span's offsets less the section's span start (0 for a whole
document, whose text is the text layer). Only where the texts give no spans is the
descendant's wording searched for in the section's text instead.

The old wording of a replaced descendant never stays in. Edges on paths inside a replaced
descendant are left out: their text went with it.

A replacement or amender the asker may not read (``visible`` says no) is named by its document
id alone, ``[2.1.A replaced by ADD-02 (withheld: access)]``, and its text is left out.

``consolidated`` also says where each marker stands in the text it made (``TextMark``: the
marker with the words it brings or follows, the kind, the locators it names), so a page marks
and links them from what built them, never by reading markers back out of the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inforce.ontology import Locator, NotFoundError, Supersedes
from inforce.ontology.answers import TextMark
from inforce.ontology.text import whole_number

from .supersession import INSIDE, EdgeHit
from .timeline import IN_FORCE, NO_COVERAGE, NOT_YET

if TYPE_CHECKING:
    from .view import AsOfView

__all__ = [
    "Successors", "Visible", "consolidated", "consolidated_text", "everything", "in_force_successors", "named", "out_of_force",
    "with_text_held",
]

_Applies = Callable[[Supersedes], bool]

#: Whether the asker may read a locator's revision (the access gate's answer, for one question).
Visible = Callable[[Locator], bool]


def everything(locator: Locator) -> bool:
    """Every locator visible: a question asked without groups to apply (the engine's own use)."""
    return True


def named(locator: Locator, visible: Visible) -> str:
    """``locator`` as an answer names it: in full, or by its document id alone when withheld."""
    return str(locator) if visible(locator) else f"{locator.doc} (withheld: access)"

@dataclass(frozen=True, slots=True)
class _Mark:
    """What one marker names (``TextMark`` less its place in the text)."""

    kind: str
    path: str
    named: tuple[Locator, ...]
    visible: Visible
    in_force: bool = True

    def placed(self, start: int, end: int) -> TextMark:
        shown = tuple(dict.fromkeys(n for n in self.named if self.visible(n)))
        hidden = tuple(dict.fromkeys(n.doc for n in self.named if not self.visible(n)))
        return TextMark(start=start, end=end, kind=self.kind, path=self.path,  # type: ignore[arg-type]
                        by=shown, withheld=hidden, in_force=self.in_force)


#: What a marker adds when the replacement (or amender) it names is out of force on the day.
LAPSED = "no longer in force"
#: ... when none of them has taken effect yet on the day (an edge effective before its replacement).
PENDING = "not yet in force"


def out_of_force(index: AsOfView, locators: Sequence[Locator], day: int, known_ts: float) -> str:
    """How replacements (or amenders) out of force on the day are told: ``PENDING`` when
    none of them had taken effect yet (its document not yet in force, or its revision in
    force not holding it yet), else ``LAPSED``."""
    for locator in locators:
        state = index.section_state(locator.doc, locator.path, day, known_ts)
        entry = index.entry(locator.doc)
        not_yet = state.state == NOT_YET or (
            state.state == NO_COVERAGE and entry is not None and entry.froms[0] > day)
        if not not_yet:
            return LAPSED
    return PENDING if locators else LAPSED


@dataclass(frozen=True, slots=True)
class Successors:
    """The replacements of a provision as of a day, transitively: ``live`` are in force on the
    day, ``lapsed`` are not (their document lapsed, or dropped them); ``walked`` the edges."""

    live: list[str]
    lapsed: list[str]
    walked: list[Supersedes]

    def lapsed_pinned(self) -> list[Locator]:
        """The lapsed replacements, each pinned to the revision that declared its edge."""
        return [_declared_pin(Locator.parse(name), self.walked) for name in self.lapsed]


def in_force_successors(
    index: AsOfView, doc: str, path: str | None, day: int, known_ts: float, applies: _Applies | None
) -> Successors:
    """The full supersessions of ``doc#path`` followed transitively, split by whether each
    final replacement is in force on the day (``index.section_state``: the one in-force
    truth). A replacement out of force does not revive the target; it is only not named as
    in force."""
    names, walked = index.supersession.successors(doc, path, day, known_ts, applies)
    live: list[str] = []
    lapsed: list[str] = []
    for name in names:
        (live if _in_force(index, Locator.parse(name), day, known_ts) else lapsed).append(name)
    return Successors(live, lapsed, walked)


def _in_force(index: AsOfView, locator: Locator, day: int, known_ts: float) -> bool:
    return index.section_state(locator.doc, locator.path, day, known_ts).state == IN_FORCE


def _declared_pin(locator: Locator, walked: Sequence[Supersedes]) -> Locator:
    """``locator`` pinned to the revision of the edge that named it (as it was declared)."""
    for edge in reversed(walked):
        replacement = edge.by if edge.by is not None else edge.source
        if replacement.unpinned() != locator.unpinned():
            continue
        if replacement.rev is not None:
            return replacement
        if edge.source.doc == locator.doc and edge.source.rev is not None:
            return Locator(doc=locator.doc, rev=edge.source.rev, path=locator.path)
    return locator


def consolidated_text(
    index: AsOfView, section: Locator, hits: Sequence[EdgeHit], day: int, known_ts: float,
    visible: Visible = everything,
) -> str:
    """The text of ``section`` (pinned: its in-force version) with the amendments ``hits`` applied
    (``consolidated``'s text)."""
    return consolidated(index, section, hits, day, known_ts, visible)[0]


def consolidated(
    index: AsOfView, section: Locator, hits: Sequence[EdgeHit], day: int, known_ts: float,
    visible: Visible = everything,
) -> tuple[str, tuple[TextMark, ...]]:
    """The text of ``section`` (pinned: its in-force version) with the amendments ``hits`` applied,
    and where each marker stands in it.

    ``hits`` are the section's amendments as of the day (the second list of
    ``SupersessionIndex.hits``); without any, this is the section's stored text. One whose
    change the text already holds (``Supersedes.consolidated``) adds nothing. Reads text
    (and spans) through ``index.texts``, which must be set.
    """
    texts = index.texts
    if texts is None:
        raise ValueError("consolidated_text needs an index with texts")
    base = texts.text(section)
    # an amendment already consolidated in the target's words is named, never marked again
    hits = [hit for hit in hits if not hit.edge.consolidated]
    if not hits:
        return base, ()
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

    origin = _span_start(index, section)  # None: no spans, search for the wording instead
    # (start, end, new text, what it marks, where the marked part starts) on ``base``: a
    # replacement, or an insertion where start == end (an amended part's marker after its words)
    edits: list[tuple[int, int, str, list[_Mark], int]] = []
    trailing: list[tuple[str, _Mark]] = []  # what has no place in the text (neither span nor wording found)
    cursor = 0  # descendants come in outline order: look for each after the one before
    for path in sorted(replaced | amended.keys(), key=_natural_key):
        if _inside_any(index, doc, path, replaced):
            continue
        if path in replaced:
            shown = [_replacement(index, doc, path, day, known_ts, applies, visible)]
        else:
            shown = _amend_markers(index, amended[path], day, known_ts, applies, visible)
        place = _placed(index, section, path, origin, len(base))
        if place is None:
            old = _descendant_text(index, section, path, day, known_ts)
            if old is None:
                # a paragraph only another revision holds (one the asker may not read, say): the
                # text shown has no such paragraph, so no marker names it (issue 23, AUDIT-U 01)
                continue
            found = _find(base, old, cursor)
            if found < 0:
                trailing += shown
                continue
            cursor, place = found, (found, found + len(old))
        start, end = place
        if path in replaced:
            edits.append((start, end, shown[0][0], [shown[0][1]], start))
        else:
            edits.append((end, end, " " + " ".join(text for text, _ in shown), [m for _, m in shown], start))
    trailing += _amend_markers(index, covering, day, known_ts, applies, visible)

    # Outermost wins: an edit inside a range already replaced went with it. Insertions sort
    # before a replacement starting where they stand (a marker after 2.1.B, then 2.1.C).
    kept: list[tuple[int, int, str, list[_Mark], int]] = []
    reach = 0
    for edit in sorted(edits, key=lambda e: (e[0], e[1] != e[0], -e[1])):
        start, end = edit[0], edit[1]
        if start < reach:
            continue
        kept.append(edit)
        reach = max(reach, end)
    pieces: list[str] = []
    marks: list[TextMark] = []
    length = at = 0  # the text made so far, and where in ``base`` it has reached
    for start, end, new, named_, marked_from in kept:
        pieces.append(base[at:start])
        length += start - at
        # an amended part's own words are marked with its marker (those already in the text made)
        begins = length - (start - max(marked_from, at)) if start == end else length
        pieces.append(new)
        length += len(new)
        marks += [m.placed(begins, length) for m in named_]
        at = end
    pieces.append(base[at:])
    text = "".join(pieces)
    if trailing:
        text = text.rstrip()
        for said, mark in trailing:
            text += "\n\n"
            marks.append(mark.placed(len(text), len(text) + len(said)))
            text += said
    return text, tuple(marks)


def _natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Outline order: 2.1.A before 2.1.B, 2.9 before 2.10 (as ``answer.natural_key``)."""
    return tuple((1, p) if (number := whole_number(p)) is None else (0, number) for p in re.split(r"(\d+)", text) if p)


def _inside_any(index: AsOfView, doc: str, path: str, replaced: set[str]) -> bool:
    """Whether a strict ancestor of ``path`` (by the outline or the numbering) was replaced."""
    if not replaced:
        return False
    above = set(index.lineage(doc, path))
    return any(p != path and (p in above or path.startswith(p + ".")) for p in replaced)


def _span(index: AsOfView, locator: Locator) -> tuple[int, int] | None:
    """A pinned provision's (start, end) in its revision's text layer; None when the texts
    cannot say (a source without spans, or a provision it does not hold)."""
    span_of = getattr(index.texts, "span", None)
    if span_of is None:
        return None
    try:
        span = span_of(locator)
    except NotFoundError:
        return None
    return None if span is None else (int(span[0]), int(span[1]))


def _span_start(index: AsOfView, section: Locator) -> int | None:
    """Where the section's text starts in its revision's text layer (0 for a whole document)."""
    if getattr(index.texts, "span", None) is None:
        return None
    if section.path is None:
        return 0
    span = _span(index, section)
    return None if span is None else span[0]


def _placed(
    index: AsOfView, section: Locator, path: str, origin: int | None, length: int
) -> tuple[int, int] | None:
    """Where descendant ``path`` sits in the section's text, by its span in the section's own
    revision (None: no span, or one that does not fall inside the section's text)."""
    if origin is None:
        return None
    descendant = Locator(doc=section.doc, rev=section.rev, path=path)
    if not index.has(descendant):
        return None
    span = _span(index, descendant)
    if span is None:
        return None
    start, end = span[0] - origin, span[1] - origin
    return (start, end) if 0 <= start <= end <= length else None


def _find(base: str, old: str, cursor: int) -> int:
    if not old:
        return -1
    start = base.find(old, cursor)
    return start if start >= 0 else base.find(old)


def _pin(index: AsOfView, locator: Locator, day: int, known_ts: float) -> Locator | None:
    """``locator`` pinned to its in-force version on the day; None when it is not in force."""
    state = index.section_state(locator.doc, locator.path, day, known_ts)
    entry = index.entry(locator.doc)
    if state.state != IN_FORCE or entry is None:
        return None
    return Locator(doc=locator.doc, rev=entry.labels[state.version], path=locator.path)


def with_text_held(
    index: AsOfView, section: Locator, hits: Sequence[EdgeHit], day: int, known_ts: float,
) -> list[EdgeHit]:
    """``hits`` less those on a descendant the in-force ``section`` does not hold and that is
    not in force by itself: an edge on a paragraph only another revision holds (one an asker
    may not read, say) amends nothing of this text, so it is neither marked in it nor named
    among its amenders (issue 23, twenty-ninth audit)."""
    return [hit for hit in hits if hit.relation != INSIDE or hit.edge.target.path is None
            or _held_descendant(index, section, hit.edge.target.path, day, known_ts) is not None]


def _descendant_text(
    index: AsOfView, section: Locator, path: str, day: int, known_ts: float
) -> str | None:
    """The descendant's text as it reads inside the section's text; None when neither a version
    in force nor the section's own revision holds it (an edge on a paragraph only another
    revision holds: nothing of this text to mark)."""
    held = _held_descendant(index, section, path, day, known_ts)
    return None if held is None else index.texts.text(held)  # type: ignore[union-attr]


def _held_descendant(index: AsOfView, section: Locator, path: str, day: int, known_ts: float) -> Locator | None:
    """The version of descendant ``path`` in force on the day, else the one the section's own
    revision holds; None when neither is."""
    pinned = _pin(index, Locator(doc=section.doc, path=path), day, known_ts)
    if pinned is None:  # not in force by itself: read it in the section's own revision
        pinned = Locator(doc=section.doc, rev=section.rev, path=path)
        if not index.has(pinned):
            return None
    return pinned


def _replacement(
    index: AsOfView, doc: str, path: str, day: int, known_ts: float, applies: _Applies, visible: Visible,
) -> tuple[str, _Mark]:
    """``[PATH replaced by LOC, ...] text`` for the replaced descendant ``doc#path``; the
    marker alone, saying so, when no replacement is in force on the day, or that it was
    deleted (``[PATH deleted by LOC]``) when nothing replaces it. With what it names."""
    found = in_force_successors(index, doc, path, day, known_ts, applies)
    if not found.live and not found.lapsed:
        deleters = list(dict.fromkeys(e.by or e.source for e in found.walked if not e.successor))
        deleted = dict.fromkeys(named(d, visible) for d in deleters)
        return f"[{path} deleted by {', '.join(deleted)}]", _Mark("deleted", path, tuple(deleters), visible)
    if not found.live:
        pinned = found.lapsed_pinned()
        lapsed = ", ".join(named(s, visible) for s in pinned)
        return (f"[{path} replaced by {lapsed}, {out_of_force(index, pinned, day, known_ts)}]",
                _Mark("replaced", path, tuple(pinned), visible, in_force=False))
    shown: list[str] = []
    bodies: list[str] = []
    successors: list[Locator] = []
    for successor in (Locator.parse(n) for n in found.live):
        pinned = _pin(index, successor, day, known_ts)
        shown.append(named(pinned or successor, visible))
        successors.append(pinned or successor)
        if pinned is not None and pinned.path is not None and visible(pinned):
            bodies.append(index.texts.text(pinned))  # type: ignore[union-attr]
    marker = f"[{path} replaced by {', '.join(shown)}]"
    mark = _Mark("replaced", path, tuple(successors), visible)
    return (f"{marker} " + "\n\n".join(bodies) if bodies else marker), mark


def _amend_markers(
    index: AsOfView, hits: Sequence[EdgeHit], day: int, known_ts: float, applies: _Applies, visible: Visible,
) -> list[tuple[str, _Mark]]:
    """``[TARGET amended by LOC]`` for each amending edge's in-force amender, without repeats;
    ``[TARGET amended by LOC, no longer in force]`` for an edge none of whose amenders is."""
    markers: list[tuple[str, _Mark]] = []
    for hit in hits:
        target = hit.edge.target
        label = target.path if target.path is not None else target.doc
        amender = Locator.parse(hit.successor)
        if index.supersession.targets_document(amender.doc):
            found = in_force_successors(index, amender.doc, amender.path, day, known_ts, applies)
        else:
            found = Successors([], [], [])
        if not found.live and not found.lapsed:  # not replaced: the amender itself
            own = _in_force(index, amender, day, known_ts)
            found = Successors([hit.successor] if own else [], [] if own else [hit.successor], [hit.edge])
        if found.live:
            amenders = [_pin(index, Locator.parse(n), day, known_ts) or Locator.parse(n) for n in found.live]
            new = [(f"[{label} amended by {named(a, visible)}]", _Mark("amended", label, (a,), visible))
                   for a in amenders]
        else:
            pinned = found.lapsed_pinned()
            lapsed = ", ".join(named(s, visible) for s in pinned)
            new = [(f"[{label} amended by {lapsed}, {out_of_force(index, pinned, day, known_ts)}]",
                    _Mark("amended", label, tuple(pinned), visible, in_force=False))]
        said = [text for text, _ in markers]
        markers += [m for m in new if m[0] not in said]
    return markers
