"""How subject binding reads the text around a figure: clauses, comma parts, lines and their
labels, list headings, the header cells of ``|`` tables.

A note on a drawing is read as an engineer reads it: a clause ends at a sentence end, a
semicolon, a line break or a table cell bar, but not at the period of an abbreviation
(``CONC.``, ``U.N.O.``); a figure's own comma-separated part holds the words that label it
first; the label before its line's colon and the headings above it (lines ending with a
colon, each shallower than the one below) say what it is stated for. ``subjects`` decides
with what this module finds; nothing here knows a subject.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from inforce.rules.subjects import InferenceRule, SubjectRule, WordList

__all__ = ["HEADINGS_READ", "MAX_GAP_AFTER", "MAX_GAP_BEFORE", "BindingTarget", "NoteReading", "Word", "Words"]

#: Clause boundaries: sentence ends, semicolons, line breaks and table cell bars; a run of
#: periods (a schedule's dot leader ``CLEAR COVER ........ 2"``, an ellipsis) ends none.
_BOUNDARY = re.compile(r"[;!?](?=\s|$)|(?<!\.)\.(?=\s|$)|\n|\|")
#: How far (characters) a synonym may be from the quantity it names. Words after a quantity
#: name it only when they follow closely, with no punctuation between (``4,000 psi
#: compressive strength``), not ``less than 15 kg, because an appropriate dose``.
MAX_GAP_BEFORE = 80
MAX_GAP_AFTER = 20

#: How many list headings over a line its figures read, nearest first (:meth:`NoteReading.headings`):
#: real lists nest under ten levels, and inforce's sections at most 16 (``MAX_SECTION_DEPTH``).
#: Every figure reads the headings over it and those over each of them, so a staircase of 220
#: ever-deeper headings (one space a level fits so many in a 240-character heading line) cost
#: ~16 ms a figure (audit 109 B F1).
HEADINGS_READ = 16
#: A list item's marker at the start of a line: ``1.``, ``A.``, ``a)``, ``12)``, ``(a)``, ``(2)``.
_LIST_MARKER = re.compile(r"[ \t]*(?:(?P<digit>\d{1,3})|(?P<letter>[A-Za-z]))[.)][ \t]"
                          r"|[ \t]*\((?:(?P<bracketed_digit>\d{1,3})|(?P<bracketed_letter>[A-Za-z]))\)[ \t]")
#: A line's indentation.
_INDENT = re.compile(r"[ \t]*")
#: Where a line's label ends (``FOOTINGS: 25 MPa``).
_LABEL_END = re.compile(r":(?=\s)")


class NoteReading:
    """One text as binding reads it: clauses, comma parts, lines, list headings, ``|`` tables."""

    def __init__(self, text: str, abbreviated: frozenset[str]) -> None:
        self.text = text
        found = [m for m in _BOUNDARY.finditer(text) if not _abbreviation_before(text, m, abbreviated)]
        self.boundaries = [m.end() for m in found]
        #: where sentences end: clause boundaries but semicolons
        self.sentence_ends = [m.end() for m in found if m.group(0) != ";"]
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self._piped: dict[int, bool] = {}
        self._headings: dict[int, list[tuple[int, int]]] = {}
        self._blocks: _Blocks | None = None
        self._labels: dict[int, list[int]] = {}
        #: where a figure ends that a word right after it may label (``80 mm SLUMP``): end → key
        self.labelled: dict[int, str] = {}
        #: where each figure read in the text stands (start, end), in order of start
        self.figures: list[tuple[int, int]] = []
        self._found: dict[tuple[int, tuple[int, int]], list[tuple[str, int, int]]] = {}
        self._has: dict[tuple[int, tuple[int, int]], bool] = {}
        #: the words of a clause that may decide, for the inference rules that apply (kept by the binder)
        self.words: dict[tuple[tuple[int, int], tuple[int, ...]], Words] = {}
        #: what the note of a heading says for an inference rule, by (the rule's id, the heading): kept by the binder
        self.heading_notes: dict[tuple[int, tuple[int, int]], tuple[bool, bool]] = {}

    def labels_another(self, word: Word, target: BindingTarget, keys: dict[str, str]) -> bool:
        """Whether ``word`` is written right after another figure of its subject's dimension
        (``80 mm SLUMP, 20 mm AGG.``: SLUMP labels the 80 mm, not the 20 mm). A figure opening
        brackets after it is the same thing's other value (``2" CLR. TO REINF. (3" WHERE CAST
        AGAINST EARTH)``): the word labels both. A word read as part of another figure
        (``O.C.`` of ``16" O.C.``) is that figure's."""
        holder = self.figure_holding(word.start, word.end)
        if holder is not None and holder[0] != target.start:
            return True
        at = word.start
        while at > 0 and self.text[at - 1] in " \t":
            at -= 1
        if at == target.end:
            return False
        opening = target.start
        while opening > 0 and self.text[opening - 1] in " \t":
            opening -= 1
        if opening > word.end and self.text[opening - 1] == "(":
            return False
        key = self.labelled.get(at)
        return key is not None and key == keys.get(word.rule.subject)

    def says_for(self, words: WordList, note: list[tuple[int, int]], start: int, end: int) -> bool:
        """Whether ``words`` are written in the note of the figure at ``[start, end)`` (its clause
        first, :meth:`note`), leaving out, in the clause, the words of another comma part that
        holds a figure of its own (``f'c = 30 MPa, ..., TOP OF GROUT 25 mm``: grout is what the
        25 mm is stated for, not the 30 MPa); words before a colon ahead of the figure label the
        whole line (``METAL DECK: 1-1/2" TYPE B, ..., Fy = 33 KSI``) and always count."""
        clause = self.clause(start, end)
        for span in note:
            if not self.has(words, span):
                continue
            if span != clause or not self.figures:
                return True
            colon = max((m.start() for m in _LABEL_END.finditer(self.text, span[0], start)), default=-1)
            key = (id(words), span)
            found = self._found.get(key)
            if found is None:
                found = self._found[key] = words.find(self.text, *span)
            for _, s, e in found:
                part = self.part(s, e, span)
                if e <= colon or part[0] <= start < part[1] or not self._other_figure_in(part, start):
                    return True
        return False

    def figure_holding(self, start: int, end: int) -> tuple[int, int] | None:
        """The figure whose span holds ``[start, end)`` (None: none does)."""
        index = bisect.bisect_right(self.figures, (start, len(self.text) + 1)) - 1
        if index >= 0 and self.figures[index][1] >= end:
            return self.figures[index]
        return None

    def _other_figure_in(self, span: tuple[int, int], start: int) -> bool:
        """Whether a figure other than the one at ``start`` stands wholly in ``span``."""
        index = bisect.bisect_left(self.figures, (span[0], -1))
        while index < len(self.figures) and self.figures[index][0] < span[1]:
            f_start, f_end = self.figures[index]
            if f_start != start and f_end <= span[1]:
                return True
            index += 1
        return False

    def has(self, words: WordList, span: tuple[int, int]) -> bool:
        """Whether ``words`` are written in ``span`` (remembered: a clause's notes repeat, and
        so do clauses, across texts: ``_HAS``)."""
        key = (id(words), span)
        found = self._has.get(key)
        if found is None:
            found = self._has[key] = _has(words, self.text, *span)
        return found

    def clause(self, start: int, end: int) -> tuple[int, int]:
        return _clause(self.boundaries, start, end, len(self.text))

    def part(self, start: int, end: int, clause: tuple[int, int]) -> tuple[int, int]:
        """The comma-separated part of the clause the mention stands in (``3" CLR.`` of
        ``..., W/ (2) #5 CONT. BOT., 3" CLR.``); a comma between digits is a thousands separator.
        Looked for only as far as a word may stand from the mention and still name it."""
        text = self.text
        clause = (max(clause[0], start - MAX_GAP_BEFORE - 80), min(clause[1], end + MAX_GAP_AFTER + 1))
        left = start
        while left > clause[0]:
            at = text.rfind(",", clause[0], left)
            if at < 0:
                left = clause[0]
                break
            if not _thousands(text, at):
                left = at + 1
                break
            left = at
        right = end
        while right < clause[1]:
            at = text.find(",", right, clause[1])
            if at < 0:
                right = clause[1]
                break
            if not _thousands(text, at):
                right = at
                break
            right = at + 1
        return left, right

    def line(self, position: int) -> tuple[int, int]:
        """The line ``position`` stands in, from the line starts read once (a search for the
        next line break would read a long unbroken text to its end for every figure in it)."""
        index = bisect.bisect_right(self.line_starts, position) - 1
        start = self.line_starts[index]
        if index + 1 < len(self.line_starts):
            return start, self.line_starts[index + 1] - 1
        return start, len(self.text)

    def in_table(self, line_start: int, line_end: int) -> bool:
        """Whether the line is a row of a ``|`` table (remembered per line: every figure of a
        line asks, and a line may be a whole long text)."""
        piped = self._piped.get(line_start)
        if piped is None:
            piped = self._piped[line_start] = "|" in self.text[line_start:line_end]
        return piped

    def note(self, start: int, end: int, clause: tuple[int, int]) -> list[tuple[int, int]]:
        """Where a mention's note names what it is stated for: its clause, the label before
        the colon that governs it (``FOUNDATIONS:``), the headings above it; for a row of a
        ``|`` table, the whole row."""
        spans = [clause]
        label = self.label(start, clause)
        if label is not None:
            spans.append(label)
        line_start, line_end = self.line(start)
        if self.in_table(line_start, line_end):
            spans.append((line_start, line_end))  # a schedule's row: the element is in another cell
            header = self.header_line(start)
            if header is not None:
                spans.append(header)  # its header row: TANK WALL SCHEDULE: MARK | ... | VERT. REINF.
            caption = self.caption(start)
            if caption is not None:
                spans.append(caption)  # the table's title: CONCRETE MIX REQUIREMENTS
        return spans + self.headings(start)

    def caption(self, position: int) -> tuple[int, int] | None:
        """The caption of the ``|`` table ``position`` stands in: the line of text right above
        its first line, in its block (None: none, or not in such a table)."""
        line_start, line_end = self.line(position)
        if not self.in_table(line_start, line_end):
            return None
        blocks = self.blocks()
        first = blocks.table_first[bisect.bisect_right(self.line_starts, line_start) - 1]
        if first == 0 or blocks.block_first[first] == first:
            return None  # the table opens the text, or a blank line stands right above it
        return self.line_starts[first - 1], self.line_starts[first] - 1

    def opening(self, clause: tuple[int, int]) -> tuple[int, int] | None:
        """The clauses of the sentence before ``clause`` (``ALL FDN. CONC. SHALL BE 4500 PSI``
        before ``; 3" CLR. BOT. & SIDES``): what the sentence is about, None when the clause
        opens its sentence."""
        before = bisect.bisect_right(self.sentence_ends, clause[0]) - 1
        start = self.sentence_ends[before] if before >= 0 else 0
        return (start, clause[0]) if start < clause[0] else None

    def label(self, start: int, clause: tuple[int, int]) -> tuple[int, int] | None:
        """The label of the mention's line that governs it: the words before the last colon
        ahead of the mention (``SLUMP`` of ``SLUMP: 4\" MAX. ...; 8\" MAX. AFTER``), from the
        clause they open, when that colon stands before the mention's own clause (a colon
        inside the clause is the clause's own words). The innermost heading of the mention."""
        line_start, _ = self.line(start)
        colons = self._labels.get(line_start)
        if colons is None:
            line_end = self.line(start)[1]
            colons = self._labels[line_start] = [m.start() for m in _LABEL_END.finditer(self.text, line_start, line_end)]
        before = [at for at in colons if at < start]
        if not before or before[-1] >= clause[0]:
            return None
        colon = before[-1]
        opening = max(line_start, self.clause(colon, colon)[0])
        if "|" in self.text[opening:colon]:
            return None
        return opening, colon

    def headings(self, position: int) -> list[tuple[int, int]]:
        """The list headings over the line at ``position``, nearest first: lines ending with a
        colon above it in its block (no blank line between), each at a shallower level than
        the one below it (its indentation, a list marker counting one deeper); the nearest
        :data:`HEADINGS_READ` of them. Read from the links :meth:`blocks` finds in one pass
        over the text (walking up the block for each line made a block of 10,000 lines cost
        50 million line reads)."""
        line_start, _ = self.line(position)
        cached = self._headings.get(line_start)
        if cached is None:
            index = self.blocks().first_heading[bisect.bisect_right(self.line_starts, line_start) - 1]
            cached = self._headings[line_start] = self._chain(index)
        return cached

    def _chain(self, index: int) -> list[tuple[int, int]]:
        """The heading at line ``index`` and those it stands under, nearest first, at most
        :data:`HEADINGS_READ` (none where ``index`` is -1)."""
        next_heading = self.blocks().next_heading
        found: list[tuple[int, int]] = []
        while index >= 0 and len(found) < HEADINGS_READ:
            found.append((self.line_starts[index], self.line_starts[index + 1] - 1))
            index = next_heading[index]
        return found

    def heading_note(self, span: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The note a heading over a figure (``span``: one of :meth:`headings`, or the
        :meth:`label` of the figure's line) gives it — the span and the headings over its
        line — and the part of that note not over the figure: a label itself; for a heading,
        the headings over its line it does not stand under (``CONCRETE:`` over ``STEEL:`` at
        its level, both unmarked), the same for every figure under it."""
        note = [span, *self.headings(span[0])]
        if span != self.line(span[0]):
            return note, [span]  # a label: the rest is over the figure's line
        index = bisect.bisect_right(self.line_starts, span[0]) - 1
        over = set(self._chain(self.blocks().next_heading[index]))
        return note, [heading for heading in note[1:] if heading not in over]

    def blocks(self) -> _Blocks:
        """Where each line's block and ``|`` table begin, and its list headings (read once)."""
        if self._blocks is None:
            self._blocks = _Blocks(self.text, self.line_starts)
        return self._blocks

    def block_title(self, position: int) -> tuple[int, int] | None:
        """The first line of the block ``position`` stands in (no blank line between) when it is
        a title over the lines below: another line, no colon ending it, no ``|`` (``1.10 IN-SITU
        CONCRETE`` over ``a) ... GEN1 for trench fill``). None: none, or ``position`` is in it."""
        line_start, _ = self.line(position)
        index = bisect.bisect_right(self.line_starts, line_start) - 1
        first = self.blocks().block_first[index]
        if first == index:
            return None
        start, end = self.line_starts[first], self.line_starts[first + 1] - 1
        line = self.text[start:end].rstrip()
        if not line or line.endswith(":") or "|" in line:
            return None
        return start, end

    def header_line(self, position: int) -> tuple[int, int] | None:
        """The first line of the block of ``|`` lines ``position`` stands in (None: not in such
        a table, or in that line itself)."""
        line_start, line_end = self.line(position)
        if not self.in_table(line_start, line_end):
            return None
        index = bisect.bisect_right(self.line_starts, line_start) - 1
        first = self.blocks().table_first[index]
        if first == index:
            return None
        return self.line_starts[first], self.line_starts[first + 1] - 1

    def column_header(self, position: int) -> tuple[int, int] | None:
        """The header cell of the ``|`` table column ``position`` stands in: the same column of
        the first line of the block of ``|`` lines it belongs to (None: not in such a table, or
        in its first line)."""
        text = self.text
        line_start, line_end = self.line(position)
        if not self.in_table(line_start, line_end):
            return None
        index = bisect.bisect_right(self.line_starts, line_start) - 1
        first = self.blocks().table_first[index]
        if first == index:
            return None
        column = text.count("|", line_start, position)
        header_start = self.line_starts[first]
        header_end = self.line_starts[first + 1] - 1
        bars = [header_start - 1] + [i for i in range(header_start, header_end) if text[i] == "|"] + [header_end]
        if column + 1 >= len(bars) or text.count("|", line_start, line_end) != len(bars) - 2:
            return None  # rows and header disagree on their columns: no header is trusted
        return bars[column] + 1, bars[column + 1]


    def row_label_cell(self, position: int) -> tuple[int, int] | None:
        """The first cell with words of the ``|`` table row ``position`` stands in, when
        ``position`` is in a later cell (``| SLUMP | 4" ± 1" |``: the row says what its values
        are); None off a table or in that cell."""
        text = self.text
        line_start, line_end = self.line(position)
        if not self.in_table(line_start, line_end):
            return None
        previous = line_start - 1
        for bar in [*(i for i in range(line_start, line_end) if text[i] == "|"), line_end]:
            start, end, previous = previous + 1, bar, bar
            if start <= position < end:
                return None
            if re.search(r"[A-Za-z]{2,}", text[start:end]):
                return start, end
        return None


class _Blocks:
    """What the lines above each line of a text hold, found in one pass from the top: by line
    index, the first line of its block (the lines with no blank line between) and of its run
    of ``|`` lines, its nearest list heading (``first_heading``, -1: none) and, for a heading,
    the next one over it (``next_heading``).

    The headings are those :meth:`NoteReading.headings` describes. A line's search upward is
    answered from a stack of the headings of the block so far that a line below may still
    reach, in the order they stand, their levels never falling towards the top: a heading
    hides each one above it at a deeper level (a search that passes it, taken or not, is
    never again at that depth) and the one at its own level marked the same way (taken
    under the same condition, and after it not again). So a search passes over at most one
    heading a marker kind at its own level before it takes one."""

    __slots__ = ("block_first", "first_heading", "next_heading", "table_first")

    def __init__(self, text: str, line_starts: list[int]) -> None:
        count = len(line_starts)
        self.block_first = [0] * count
        self.table_first = [0] * count
        self.first_heading = [-1] * count
        self.next_heading: dict[int, int] = {}
        stack: list[tuple[int, int, str | None]] = []  # (line index, level, marker kind)
        levels: list[int] = []  # the stack's levels, for bisect
        blank = piped = False  # what the line above is
        for index, start in enumerate(line_starts):
            if index:
                self.block_first[index] = index if blank else self.block_first[index - 1]
                self.table_first[index] = self.table_first[index - 1] if piped else index
            end = line_starts[index + 1] - 1 if index + 1 < count else len(text)
            line = text[start:end]
            level, kind = _level(text, start), _marker_kind(text, start)
            self.first_heading[index] = _nearest(stack, levels, level, level % 2 == 0, kind)
            blank, piped = not line.strip(), "|" in line
            if blank:
                stack.clear()
                levels.clear()
            elif not piped and line.rstrip().endswith(":"):
                self.next_heading[index] = _nearest(stack, levels, level, False, kind)
                top = bisect.bisect_right(levels, level)
                del stack[top:], levels[top:]
                for at in range(len(stack) - 1, -1, -1):
                    if levels[at] != level:
                        break
                    if stack[at][2] == kind:
                        del stack[at], levels[at]
                        break
                stack.append((index, level, kind))
                levels.append(level)


def _nearest(stack: list[tuple[int, int, str | None]], levels: list[int], level: int, same_level: bool,
             kind: str | None) -> int:
    """The nearest heading on the stack that a line at ``level`` (marked ``kind``) stands
    under: one shallower, or one at its level when ``same_level`` allows it or it is marked
    another way than ``kind`` (a list within a list); -1: none."""
    for at in range(bisect.bisect_right(levels, level) - 1, -1, -1):
        index, here, marked = stack[at]
        if here < level or same_level or (kind is not None and marked not in (None, kind)):
            return index
    return -1


def _level(text: str, line_start: int) -> int:
    """A line's depth in a list: its indentation, plus one when it starts with a list marker."""
    match = _INDENT.match(text, line_start)
    indent = match.end() - line_start if match is not None else 0
    return indent * 2 + (1 if _LIST_MARKER.match(text, line_start) else 0)


def _marker_kind(text: str, line_start: int) -> str | None:
    """How a line's list marker is written (``digit``, ``letter``, ``bracketed_digit``,
    ``bracketed_letter``), None when it has none."""
    match = _LIST_MARKER.match(text, line_start)
    return match.lastgroup if match is not None else None


def _thousands(text: str, at: int) -> bool:
    return 0 < at < len(text) - 1 and text[at - 1].isdigit() and text[at + 1].isdigit()


#: What ``_has`` remembers (words, the span's text with ``_LOOK_BEHIND`` characters before it,
#: where the span starts in it) → (the words, the answer); emptied when full.
_HAS: dict[tuple[int, str, int], tuple[WordList, bool]] = {}
_HAS_HELD = 65536
_HAS_LONGEST = 2000
#: How far back a word list's pattern looks before a match (``rules.subjects``: a lookbehind
#: of at most two characters, ``(?<![A-Za-z]-)``): more than enough.
_LOOK_BEHIND = 8


def _has(words: WordList, text: str, start: int, end: int) -> bool:
    """``words.in_text(text, start, end)``, remembered by the words of the span and the few
    characters before it (all the search sees: it stops at ``end``, and its lookbehinds reach
    no further back), so a clause repeated across texts (a specification's boilerplate, a
    long provision repeating a sentence) is searched once. The entry holds the word list
    itself, so its id names no other list while it is kept. A long span (a whole text with no
    clause boundary) is searched as it is: it seldom repeats, and its words would fill memory."""
    if end - start > _HAS_LONGEST:
        return words.in_text(text, start, end)
    low = start - _LOOK_BEHIND if start > _LOOK_BEHIND else 0
    key = (id(words), text[low:end], start - low)
    hit = _HAS.get(key)
    if hit is not None and hit[0] is words:
        return hit[1]
    found = words.in_text(text, start, end)
    if len(_HAS) >= _HAS_HELD:
        _HAS.clear()
    _HAS[key] = (words, found)
    return found


def _abbreviation_before(text: str, match: re.Match[str], abbreviated: frozenset[str]) -> bool:
    """Whether a period boundary ends one of the vocabulary's abbreviations (``CONC.``)."""
    if match.group(0) != "." or not abbreviated:
        return False
    start = match.start()
    begin = start
    while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] in ".'/&-"):
        begin -= 1
    word = text[begin:start].lower()
    while word:
        if word in abbreviated:
            return True
        cut = re.search(r"[.'/&-]", word)  # "w/cm." is no abbreviation; "ftg." of "1/ftg." is
        if cut is None:
            return False
        word = word[cut.end():]
    return False


def _clause(boundaries: list[int], start: int, end: int, length: int) -> tuple[int, int]:
    """The clause around ``[start, end)``: from the boundary before it to the boundary after it."""
    before = bisect.bisect_right(boundaries, start) - 1
    clause_start = boundaries[before] if before >= 0 else 0
    after = bisect.bisect_left(boundaries, end + 1)
    clause_end = boundaries[after] if after < len(boundaries) else length
    return clause_start, clause_end


@dataclass(frozen=True)
class BindingTarget:
    """What binding needs of a mention: where it is (offsets into the text), its dimension key,
    whether it may be bound at all (a malformed number or an unknown unit may not), and its
    value (``value``..``upper`` in ``unit``, a pint expression) for the inference rules' ranges."""

    start: int
    end: int
    key: str
    usable: bool = True
    value: float | None = None
    upper: float | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Word:
    """A word in the clause that may decide a mention: the subject it names (or blocks)."""

    start: int
    end: int
    rule: SubjectRule
    synonym: str
    inferred_by: InferenceRule | None
    blocks: bool


class Words:
    """The words of one clause that may decide (in order of start), and those a quantity at
    given offsets could bind to: only words within :data:`MAX_GAP_BEFORE` before it or
    :data:`MAX_GAP_AFTER` after it count (:func:`_distance`), so a bisect over the starts gives
    them without comparing the quantity with every word of a long clause."""

    def __init__(self, words: list[Word]) -> None:
        self.found = sorted(words, key=lambda word: word.start)
        self.starts = [word.start for word in self.found]
        self.longest = max((word.end - word.start for word in self.found), default=0)
        #: whether the clause names any of the subjects; whether it holds a blocking word
        self.names = any(not word.blocks for word in self.found)
        self.blocks = any(word.blocks for word in self.found)

    def near(self, start: int, end: int) -> list[Word]:
        low = bisect.bisect_left(self.starts, start - MAX_GAP_BEFORE - self.longest)
        high = bisect.bisect_right(self.starts, end + MAX_GAP_AFTER)
        return self.found[low:high]
