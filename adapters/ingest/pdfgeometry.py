"""Where a PDF page's text and ruling lines sit: what the table pre-check and the row count read.

Coordinates are PDF points with the origin at the page's bottom left (y grows upwards), as
pdfium and camelot give them. A table set sideways is read in a turned *frame* (``turn`` of
0, 90, 180 or 270 degrees) in which its text runs left to right, as camelot turns it.

Everything here comes from pdfium (the text layer's characters and the page's vector
paths), never from camelot: the row count that checks camelot's tables must not share its
mistakes.
"""

from __future__ import annotations

import ctypes
import math
import re
from dataclasses import dataclass, field
from statistics import median
from typing import TYPE_CHECKING, Any, Literal

from .pdf import page_text
from .pdfshows import MAX_FORM_DEPTH

if TYPE_CHECKING:
    import pypdfium2

__all__ = [
    "Glyph",
    "PageGeometry",
    "Rule",
    "TableHint",
    "TextLine",
    "layout_boxes",
    "page_geometry",
    "page_rules",
    "table_hint",
]

#: What the cheap pre-check says a page may hold: a ruled grid (camelot's lattice reads it),
#: rules between rows without a grid, or lines of numbers (stream reads both; lines of
#: numbers are confirmed by their positions first), or nothing worth running camelot for.
TableHint = Literal["grid", "ruled", "numbers"] | None

#: A line is a rule when it is at most this thick (points) and at least _RULE_MIN long.
_RULE_THICK = 3.0
_RULE_MIN = 4.0
#: Path segments read on one page before giving up on its rules (a drawing's vector art).
_SEGMENT_BUDGET = 20_000
#: A token that holds a number: ``250``, ``1,500``, ``(1.2)``, ``5.9%``, ``12'-6"``, ``A1``.
_NUMBER_TOKEN = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class Rule:
    """A ruling line: horizontal (``y0 == y1``) or vertical (``x0 == x1``)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def horizontal(self) -> bool:
        return self.y0 == self.y1


@dataclass(frozen=True, slots=True)
class Glyph:
    """One character of the text layer: its box and its offset in the text layer."""

    left: float
    bottom: float
    right: float
    top: float
    offset: int
    space: bool


@dataclass(slots=True)
class TextLine:
    """Characters sharing a baseline, left to right; ``segments`` are the runs between wide
    gaps (a gap wider than about a character's height: a column gap, not a word space)."""

    glyphs: list[Glyph]
    top: float = 0.0
    bottom: float = 0.0
    segments: list[tuple[float, float]] = field(default_factory=list)

    @property
    def left(self) -> float:
        return self.segments[0][0]

    @property
    def right(self) -> float:
        return self.segments[-1][1]

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def height(self) -> float:
        return self.top - self.bottom

    @property
    def start(self) -> int:
        return min(glyph.offset for glyph in self.glyphs)

    @property
    def end(self) -> int:
        return max(glyph.offset for glyph in self.glyphs) + 1


@dataclass(slots=True)
class PageGeometry:
    """A page's characters (with their text-layer offsets) and ruling lines, in page space."""

    page: int
    width: float
    height: float
    glyphs: list[Glyph]
    rules: list[Rule]
    #: the turn (degrees) that makes most of the page's text run left to right
    turn: int = 0
    #: pieces of text (text objects, forms' too) of which the text layer holds no character: pdfium
    #: leaves out a piece drawn narrower than 0.01 pt (a near-zero font size, a squashed text
    #: matrix), but pdfminer lays out each of its characters all the same (audit 109 B F2)
    unplaced: int = 0
    _lines: dict[int, list[TextLine]] = field(default_factory=dict)
    _turned: dict[int, list[Glyph]] = field(default_factory=dict)

    def glyphs_in(self, turn: int) -> list[Glyph]:
        """The characters in the frame turned by ``turn`` (computed once a turn)."""
        if turn == 0:
            return self.glyphs
        if turn not in self._turned:
            self._turned[turn] = [self._turn_glyph(glyph, turn) for glyph in self.glyphs]
        return self._turned[turn]

    def rules_in(self, turn: int) -> list[Rule]:
        if turn == 0:
            return self.rules
        turned = []
        for rule in self.rules:
            x0, y0 = self._turn_point(rule.x0, rule.y0, turn)
            x1, y1 = self._turn_point(rule.x1, rule.y1, turn)
            turned.append(_rule(x0, y0, x1, y1))
        return [rule for rule in turned if rule is not None]

    def lines(self, turn: int = 0) -> list[TextLine]:
        """The page's text lines in the frame turned by ``turn``, top to bottom."""
        if turn not in self._lines:
            self._lines[turn] = _lines(self.glyphs_in(turn))
        return self._lines[turn]

    def _turn_point(self, x: float, y: float, turn: int) -> tuple[float, float]:
        if turn == 90:  # text running up the page
            return y, self.width - x
        if turn == 180:
            return self.width - x, self.height - y
        if turn == 270:  # text running down the page
            return self.height - y, x
        return x, y

    def _turn_glyph(self, glyph: Glyph, turn: int) -> Glyph:
        x0, y0 = self._turn_point(glyph.left, glyph.bottom, turn)
        x1, y1 = self._turn_point(glyph.right, glyph.top, turn)
        return Glyph(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), glyph.offset, glyph.space)


def page_rules(page: pypdfium2.PdfPage) -> list[Rule]:
    """The page's ruling lines: thin path objects, thin rectangles inside a path (office
    exports draw a grid as one path of many thin filled rectangles), and the straight edges
    of stroked paths (cell rectangles, or one path of many lines).

    A page of heavy vector art (a drawing) stops being read after ``_SEGMENT_BUDGET`` path
    segments: what it has found by then is what it has.
    """
    import pypdfium2.raw as pdfium_c

    rules: list[Rule] = []
    budget = _SEGMENT_BUDGET
    for item in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,), max_depth=3):
        left, bottom, right, top = item.get_bounds()
        if top - bottom <= _RULE_THICK or right - left <= _RULE_THICK:
            found = _thin(left, bottom, right, top)
            if found is not None:
                rules.append(found)
            continue
        count = pdfium_c.FPDFPath_CountSegments(item)
        if count > budget:
            break
        budget -= count
        rules.extend(_path_rules(item, count, pdfium_c))
    return rules


def _thin(left: float, bottom: float, right: float, top: float) -> Rule | None:
    """The rule a thin box draws, if it is one (thin one way, long the other)."""
    if top - bottom <= _RULE_THICK and right - left >= _RULE_MIN:
        y = (top + bottom) / 2
        return Rule(left, y, right, y)
    if right - left <= _RULE_THICK and top - bottom >= _RULE_MIN:
        x = (left + right) / 2
        return Rule(x, bottom, x, top)
    return None


def _path_rules(item: pypdfium2.PdfObject, count: int, pdfium_c: Any) -> list[Rule]:
    matrix = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(item, matrix):
        return []
    a, b, c, d, e, f = matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    stroked = bool(pdfium_c.FPDFPath_GetDrawMode(item, fill, stroke) and stroke.value)
    x, y = ctypes.c_float(), ctypes.c_float()
    rules: list[Rule] = []
    subpath: list[tuple[float, float]] = []

    def close_subpath() -> None:
        if len(subpath) >= 3:
            xs = [point[0] for point in subpath]
            ys = [point[1] for point in subpath]
            found = _thin(min(xs), min(ys), max(xs), max(ys))
            if found is not None:
                rules.append(found)

    for index in range(count):
        segment = pdfium_c.FPDFPath_GetPathSegment(item, index)
        if not pdfium_c.FPDFPathSegment_GetPoint(segment, x, y):
            continue
        point = (a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        if pdfium_c.FPDFPathSegment_GetType(segment) == pdfium_c.FPDF_SEGMENT_MOVETO or not subpath:
            close_subpath()
            subpath = [point]
            continue
        if stroked and pdfium_c.FPDFPathSegment_GetType(segment) == pdfium_c.FPDF_SEGMENT_LINETO:
            found = _rule(*subpath[-1], *point)
            if found is not None:
                rules.append(found)
        subpath.append(point)
        if pdfium_c.FPDFPathSegment_GetClose(segment) and stroked:
            found = _rule(*point, *subpath[0])
            if found is not None:
                rules.append(found)
    close_subpath()
    return rules


def _rule(x0: float, y0: float, x1: float, y1: float) -> Rule | None:
    if abs(y1 - y0) <= 1.0 and abs(x1 - x0) >= _RULE_MIN:
        y = (y0 + y1) / 2
        return Rule(min(x0, x1), y, max(x0, x1), y)
    if abs(x1 - x0) <= 1.0 and abs(y1 - y0) >= _RULE_MIN:
        x = (x0 + x1) / 2
        return Rule(x, min(y0, y1), x, max(y0, y1))
    return None


def page_geometry(
    page: pypdfium2.PdfPage, *, number: int, text_start: int, rules: list[Rule] | None = None
) -> PageGeometry:
    """The page's characters with their offsets in the text layer (the page's text, as
    :func:`~.pdf.page_text` reads it, starts at ``text_start``) and its rules."""
    import pypdfium2.raw as pdfium_c

    width, height = page.get_size()
    textpage = page.get_textpage()
    try:
        raw = page_text(textpage)
        glyphs: list[Glyph] = []
        angles: list[float] = []
        offset = text_start
        previous = ""
        box = pdfium_c.FS_RECTF()
        placed: set[int | None] = set()  # the text objects the text layer holds characters of
        for index, char in enumerate(raw):
            placed.add(ctypes.cast(pdfium_c.FPDFText_GetTextObject(textpage, index), ctypes.c_void_p).value)
            if char == "\n" and previous == "\r":
                previous = char
                continue  # "\r\n" is one "\n" in the text layer
            previous = char
            # The loose box spans the font's ascent to descent: every character of a line
            # gets the same height, so an "a" and an "M" (or a "*") sit on one line.
            if not char.isspace() and pdfium_c.FPDFText_GetLooseCharBox(textpage, index, box):
                left, right = min(box.left, box.right), max(box.left, box.right)
                bottom, top = min(box.bottom, box.top), max(box.bottom, box.top)
                if right > left or top > bottom:
                    glyphs.append(Glyph(left, bottom, right, top, offset, False))
                    if len(angles) < 400:
                        angles.append(pdfium_c.FPDFText_GetCharAngle(textpage, index))
            offset += 1
    finally:
        textpage.close()
    geometry = PageGeometry(
        number,
        width,
        height,
        glyphs,
        rules if rules is not None else page_rules(page),
        turn=_dominant_turn(angles),
        unplaced=_unplaced(page, placed),
    )
    return geometry


def _unplaced(page: pypdfium2.PdfPage, placed: set[int | None]) -> int:
    """The page's text objects (its forms' too, each time shown) that are not in ``placed``."""
    import pypdfium2.raw as pdfium_c

    return sum(
        1
        for item in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_TEXT,), max_depth=MAX_FORM_DEPTH + 1)
        if ctypes.cast(item.raw, ctypes.c_void_p).value not in placed
    )


def _dominant_turn(angles: list[float]) -> int:
    """The turn (degrees) that makes most characters run left to right."""
    if not angles:
        return 0
    votes: dict[int, int] = {}
    for angle in angles:
        if angle < 0:
            continue
        degrees = round(math.degrees(angle) / 90) * 90 % 360
        votes[degrees] = votes.get(degrees, 0) + 1
    return max(votes, key=lambda turn: (votes[turn], turn == 0)) if votes else 0


def _lines(glyphs: list[Glyph]) -> list[TextLine]:
    """Group characters into lines by their vertical middle; split each at wide gaps."""
    ink = sorted(
        (glyph for glyph in glyphs if not glyph.space),
        key=lambda glyph: -(glyph.top + glyph.bottom),
    )
    lines: list[TextLine] = []
    current: list[Glyph] = []
    middle = height = 0.0
    for glyph in ink:
        glyph_middle = (glyph.top + glyph.bottom) / 2
        glyph_height = glyph.top - glyph.bottom
        if current and abs(glyph_middle - middle) <= 0.3 * max(height, glyph_height):
            current.append(glyph)
            # the line's middle is its characters' mean, so one odd character cannot drag it
            middle += (glyph_middle - middle) / len(current)
            continue
        if current:
            lines.append(_finish(current))
        current, middle, height = [glyph], glyph_middle, glyph_height
    if current:
        lines.append(_finish(current))
    lines.sort(key=lambda line: -line.middle)
    return lines


def layout_boxes(glyphs: list[Glyph]) -> int:
    """About how many text boxes pdfminer's layout (camelot's, before it looks for a table)
    makes of the characters: what its cost grows with, about as the square (audit 108 B F3:
    a ruled page whose tiny digits :func:`_lines` holds in five runs under tall glyphs, by a
    line's first character's height, was 869 boxes to pdfminer, 842 here, and took 12 s).

    As pdfminer makes them: in the order they are written (the text layer's), a character
    joins the line of the one before it when the two overlap vertically by more than half the
    smaller one's height and stand apart by less than the wider one's width (a word space more:
    the text layer's spaces have no box here), each measured by its own box; then a line joins
    the box of a line right above it (at most half its height between) of about its height with
    its left, right or centre edge within that half height. A line is counted when none of the
    few nearest such lines above it is found: each is the top of a box or of a part of one.
    The characters' boxes are pdfium's, not pdfminer's: the count is near, not the same
    (camelot's test pages: 12 to 199 here, 12 to 196 in pdfminer)."""
    lines: list[list[float]] = []  # left, bottom, right, top
    previous: Glyph | None = None
    for glyph in glyphs:
        if glyph.space:
            continue
        if previous is not None and _joined(previous, glyph):
            line = lines[-1]
            line[0], line[1] = min(line[0], glyph.left), min(line[1], glyph.bottom)
            line[2], line[3] = max(line[2], glyph.right), max(line[3], glyph.top)
        else:
            lines.append([glyph.left, glyph.bottom, glyph.right, glyph.top])
        previous = glyph
    lines.sort(key=lambda line: -line[3])
    # lines already placed, by (edge, its place in steps of half the line's height, height step)
    placed: dict[tuple[int, int, int], list[list[float]]] = {}
    boxes = 0
    for line in lines:
        left, bottom, right, top = line
        reach = max(top - bottom, 0.1) / 2
        size = round(math.log(reach * 2) / _HEIGHT_STEP)
        keys = [(edge, round(place / reach), size) for edge, place in enumerate((left, right, (left + right) / 2))]
        if not any(
            _box_neighbour(line, other, reach)
            for edge, place, step in keys
            for near in (place - 1, place, place + 1)
            for height in (step - 1, step, step + 1)
            for other in placed.get((edge, near, height), ())[-_NEIGHBOURS_READ:]
        ):
            boxes += 1
        for key in keys:
            placed.setdefault(key, []).append(line)
    return boxes


#: Steps of a line's height (logarithmic) and how many lines a step of one edge is read back:
#: a line above not found counts one box more, never one less.
_HEIGHT_STEP = math.log(1.25)
_NEIGHBOURS_READ = 4


def _joined(first: Glyph, second: Glyph) -> bool:
    """pdfminer's test that two characters written one after the other are on one line."""
    overlap = min(first.top, second.top) - max(first.bottom, second.bottom)
    if overlap <= 0.5 * min(first.top - first.bottom, second.top - second.bottom):
        return False
    distance = max(first.left, second.left) - min(first.right, second.right)
    return distance < max(first.right - first.left, second.right - second.left) + 0.3 * max(
        first.top - first.bottom, second.top - second.bottom
    )


def _box_neighbour(line: list[float], other: list[float], reach: float) -> bool:
    """pdfminer's test that ``other`` is a neighbour of ``line`` in one text box."""
    left, bottom, right, top = line
    o_left, o_bottom, o_right, o_top = other
    return (
        o_bottom <= top + reach
        and o_top >= bottom - reach
        and o_left <= right
        and o_right >= left
        and abs((o_top - o_bottom) - (top - bottom)) <= reach
        and (abs(o_left - left) <= reach or abs(o_right - right) <= reach
             or abs((o_left + o_right) - (left + right)) <= 2 * reach)
    )


def _finish(glyphs: list[Glyph]) -> TextLine:
    glyphs.sort(key=lambda glyph: glyph.left)
    heights = [glyph.top - glyph.bottom for glyph in glyphs]
    gap_limit = max(median(heights), 2.0) * 1.1
    segments: list[tuple[float, float]] = []
    start, end = glyphs[0].left, glyphs[0].right
    for glyph in glyphs[1:]:
        if glyph.left - end > gap_limit:
            segments.append((start, end))
            start = glyph.left
        end = max(end, glyph.right)
    segments.append((start, end))
    return TextLine(
        glyphs,
        top=max(glyph.top for glyph in glyphs),
        bottom=min(glyph.bottom for glyph in glyphs),
        segments=segments,
    )


def table_hint(text: str, rules: list[Rule]) -> TableHint:
    """The cheap pre-check: may this page hold a table worth running camelot for?

    ``grid``: at least two horizontal and two vertical rules that cross (what lattice reads).
    ``ruled``: three horizontal rules over one stretch (a table ruled only between rows or
    under its header). ``numbers``: at least three lines among six in a row that carry two
    tokens with digits or more each (a schedule's rows), or one line with six or more (pdfium
    ran the rows together); the caller confirms these by the characters' positions. Only pages with a hint are looked at further;
    a table of words alone with no rules is not found (a known limit).
    """
    horizontal = [rule for rule in rules if rule.horizontal]
    vertical = [rule for rule in rules if not rule.horizontal]
    if len({round(r.y0) for r in horizontal}) >= 2 and len({round(r.x0) for r in vertical}) >= 2:
        for h in horizontal:
            crossing = {round(v.x0) for v in vertical if v.y0 - 2 <= h.y0 <= v.y1 + 2 and h.x0 - 2 <= v.x0 <= h.x1 + 2}
            if len(crossing) >= 2:
                return "grid"
    if len({round(r.y0) for r in horizontal}) >= 3:
        widest = max(horizontal, key=lambda rule: rule.x1 - rule.x0)
        under = {
            round(rule.y0)
            for rule in horizontal
            if min(rule.x1, widest.x1) - max(rule.x0, widest.x0) > 0.5 * (widest.x1 - widest.x0)
        }
        if len(under) >= 3:
            return "ruled"
    recent: list[bool] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        numbers = sum(1 for token in line.split() if _NUMBER_TOKEN.search(token))
        if numbers >= 6:
            return "numbers"  # pdfium ran a table's rows into one line
        recent.append(numbers >= 2)
        if len(recent) > 6:
            recent.pop(0)
        if sum(recent) >= 3:
            return "numbers"
    return None
