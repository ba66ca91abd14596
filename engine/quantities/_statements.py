"""Statements: bare table cells read with what their table says once.

A financial statement writes what its figures are once and its cells bare below: a scale
heading above the table (``($ million)``, ``(In thousands, except per share data)``), a percent
caption over its columns (``Margin %``), a currency sign on its first row only (``Revenue
$ 8,410`` over ``Cost of sales 5,120``). :func:`statement_cells` gives each bare cell what its
table says, in three steps, each leaving what an earlier one decided:

1. **Percent captions.** A line that is a caption ending in a percent sign or word (``Margin %``,
   ``Gross margin (%)``, ``Segment margin, %``, ``Operating margin (percent)``, ``%``) over rows
   written ``label figure figure`` makes the rows' bare figures percentages, unless one of them
   is written with thousands (``1,245``: then the caption names one column of several, and
   which is not said). A row whose own label ends so (``| Gross margin (%) | 41.3 |``,
   ``Effective tax rate, %   23.4``) is read the same way, on that row alone. A Markdown table's column whose
   header cell holds a percent sign (``| Margin % 2025 |``) is read as percent by the header
   rule of ``extract`` (the cells are left bare here, so no scale heading touches them).
2. **Scale headings** (:func:`headings`). Each applies to the figures after it (up to the next
   heading) that stand on a table row (:func:`row_label`), except on rows about per-share
   amounts, par values, ratios and percentages, and rows under a per-share group heading
   (``Earnings per common share`` over ``Basic`` over ``Continuing operations``); its currency (``$ in millions``) goes to bare
   cells too. A heading that names no currency (``(in millions)``) takes the one its own cells
   write (accountants put ``$`` on a statement's first and total rows only), else the one
   currency the text writes anywhere (``(In thousands, except per share amounts)`` over bare
   cells, with ``$ 1.87`` on the per-share row: a statement in dollars), for bare cells on rows
   that count no shares, people or other things; a text writing no currency, or two, leaves
   them bare (a currency is never guessed). A heading's reach ends at the next one, or at a
   line heading another table below a table of its own: a Markdown heading, or, between two
   Markdown tables, a line of words alone between blank lines (``Employees at year end`` over
   a headcount table).
3. **The first row's currency.** Where no scale heading stands above, a table whose first
   figure is written with a currency (``Revenue $ 8,410``) gives it to the bare figures of its
   later rows, on the same terms as a heading's currency. A table here is a block of adjacent
   lines, each a Markdown table line or a row written ``label figure ...``.

A Markdown table row (``| Net cash from operations | 1,245 | 1,102 |``) is read as the same
row written with spaces. Numbers in running prose keep what they say.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._tokens import Found

if TYPE_CHECKING:
    from .units import ResolvedUnit, UnitTable

__all__ = ["CELL_BEFORE", "PERCENT_HEADER", "headings", "row_label", "statement_cells"]

_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_ANY_SCALE_WORD = re.compile(r"thousand|million|billion", re.IGNORECASE)
#: A scale heading: a line ending in a bracketed scale (``(In millions, except per share
#: data)``, ``Year Ended December 31 (Millions)``, ``... as follows ($ in millions):``), or a
#: line that is one (``In millions, except per share amounts``, ``$ in millions``).
_HEADING = re.compile(
    r"^[^\S\n]*(?:(?P<label>[^\n()]{0,80})\((?P<inside>[^()\n]{1,120})\)[^\S\n]*:?"
    r"|(?P<line>(?:\$|dollars|amounts|\$ and \w+)?[^\S\n]*in[^\S\n]+(?:thousands|millions|billions)\b[^\n()]{0,100}))"
    r"[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
#: ``in millions``, ``Millions``, or a currency sign before the scale word, which may then be
#: singular (``$ million``, ``€ millions``: an earnings release's table heading).
_HEADING_SCALE = re.compile(
    r"^(?:(?P<pre>[^()\n]{0,40}?)\bin\s+(?P<scale>thousand|million|billion)s\b"
    r"|(?P<plain>thousand|million|billion)s\b"
    r"|(?P<sign>\$|US\$|€|£)[^\S\n]*(?P<signed>thousand|million|billion)s?\b)", re.IGNORECASE,
)
_SIGN_UNITS = {"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP"}
#: What may follow a table cell on its line (more figures, signs, brackets).
_CELL_AFTER = re.compile(r"^[\s\d$€£%(),.\-–—]*$")
#: A row label, then figures: the text before a cell on its line.
CELL_BEFORE = re.compile(r"^[^\d\n]*[\s\d$€£%(),.\-–—]*$")
#: Rows whose figures are not in the heading's scale (whole words: "operations" is no ratio).
_UNSCALED_ROW = re.compile(r"per[\s-]*(?:common[\s-]*)?share|par\s*value|\bratios?\b|percent|%|margin",
                           re.IGNORECASE)
#: Rows that count things rather than money: a heading's scale applies to them, the currency
#: its cells write does not.
_COUNT_ROW = re.compile(
    r"\b(?:shares?|employees|headcount|people|persons|customers|subscribers|members|accounts|"
    r"stores|restaurants|locations|units|vehicles|days|months|years|number\s+of)\b", re.IGNORECASE)
#: A group heading over per-share rows (``Earnings (loss) per common share``, ``BASIC EARNINGS PER
#: SHARE:``; text layers may drop the spaces: ``Basicearningspershare``).
_PER_SHARE = re.compile(r"per[\s-]*(?:common[\s-]*|ordinary[\s-]*)?share", re.IGNORECASE)
#: A line of a statement that holds only figures and signs (a ``$`` alone included).
_FIGURE_LINE = re.compile(r"^[\s\d$€£%(),.\-–—|]*[\d$€£][\s\d$€£%(),.\-–—|]*$")
#: Rows that name only a variant of the row above them.
_SUB_ROW = re.compile(r"^\s*(?:basic|diluted)\b", re.IGNORECASE)
#: The first figure of a row written on one line (with the sign or bracket opening it).
_FIRST_FIGURE = re.compile(r"[^\S\n]+[$€£(\-–—]*\d")
#: A caption over percentage columns: words (or nothing) ending in a percent sign.
_PERCENT_CAPTION = re.compile(
    r"^[^\S\n]*(?:[A-Za-z][^\d\n%()|]{0,40}?[^\S\n]*,?[^\S\n]*)?"
    r"(?:%|\((?:%|percent(?:age)?)\)|\bin[^\S\n]+(?:%|percent\b)|(?<=,)[^\S\n]*percent\b)[^\S\n]*:?[^\S\n]*$",
    re.IGNORECASE)
#: A row label naming its figures percentages (``Gross margin (%)``, ``Effective tax rate, %``,
#: ``Return on equity (percent)``, ``Margin in %``).
_PERCENT_LABEL = re.compile(
    r"\((?:%|percent(?:age)?)\)|(?:^|[\s,])%[^\S\n]*:?[^\S\n]*$|\bin[^\S\n]+(?:%|percent\b)|,[^\S\n]*percent\b",
    re.IGNORECASE)
#: A Markdown heading line (``## Employees``).
_MD_HEADING = re.compile(r"^[^\S\n]{0,3}#{1,6}[^\S\n]")
#: A Markdown table column header naming percentages (``Margin % 2025``, ``%``, ``(%)``).
PERCENT_HEADER = re.compile(r"(?<![\w%])\(?%\)?(?![\w%])|\bpercent(?:age)?\b", re.IGNORECASE)
_PERCENT_WORD = re.compile(r"percent", re.IGNORECASE)
#: A figure written with thousands (``1,245``): an amount, not a percentage.
_GROUPED = re.compile(r"\d,\d{3}\b")
_PIPE_LINE = re.compile(r"^[^\S\n]*\|")


def headings(text: str) -> list[tuple[int, str | None, float]]:
    """(offset after the heading, unit expression or None, scale) for each scale heading."""
    found = []
    for match in _HEADING.finditer(text):
        phrase = match["inside"] if match["inside"] is not None else match["line"]
        scale = _HEADING_SCALE.match(phrase.strip())
        if scale is None:
            continue
        if scale["sign"] is not None:
            found.append((match.end(), _SIGN_UNITS[scale["sign"].lower()], _SCALES[scale["signed"].lower()]))
            continue
        before = (scale["pre"] or "").lower()
        unit = "USD" if ("$" in before or "dollar" in before) and "share" not in before else None
        found.append((match.end(), unit, _SCALES[(scale["scale"] or scale["plain"]).lower()]))
    return found


def row_label(text: str, start: int, end: int) -> str | None:
    """The row label of a table cell at ``text[start:end]``: the words before it on its line,
    else on the nearest line above with words (a ``Basic`` or ``Diluted`` row also takes its
    group's label, ``Earnings per share:``); None when it stands on no table line (a row label
    at most before it, nothing but figures and signs after). The bars of a Markdown table row
    count as the spaces between its cells."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[line_start:start], text[end:line_end]
    if _PIPE_LINE.match(before):
        before, after = before.replace("|", " "), after.replace("|", " ")
    if _CELL_AFTER.match(after) is None or CELL_BEFORE.match(before) is None:
        return None
    # the row label: this line's words, else the nearest line above with words; a "Basic" or
    # "Diluted" row also takes the label of its group ("Earnings per share:")
    label, line, cursor = "", before, line_start
    for _ in range(24):
        if re.search(r"[A-Za-z]{2,}", line):
            label += " " + line.replace("|", " ")
            if _SUB_ROW.match(line.replace("|", " ")) is None:
                break
        if cursor == 0:
            break
        previous = text.rfind("\n", 0, cursor - 1) + 1
        line, cursor = text[previous : cursor - 1], previous
    return label


def statement_cells(found: list[tuple[Found, int]], text: str, units: UnitTable) -> list[tuple[Found, int]]:
    """The items read in ``text`` (``(item, window start)``), each bare cell of a statement's
    table read with what its table says once (the module's three steps)."""
    has_scale = _ANY_SCALE_WORD.search(text) is not None
    has_percent = "%" in text or _PERCENT_WORD.search(text) is not None
    has_currency = any(item.notation == "money" for item, _ in found)
    if not (has_scale or has_percent or has_currency):
        return found
    out = list(found)
    decided: set[int] = set()  # the items a step has read (no later step touches them)
    if has_percent:
        _percent_captions(out, text, units, decided)
        _percent_rows(out, text, units, decided)
        _percent_columns(out, text, decided)
    under = _scaled_by_headings(out, text, units, decided) if has_scale else set()
    if has_currency:
        _first_row_currency(out, text, decided | under)
    return out


def _line_bounds(text: str, position: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return start, len(text) if end < 0 else end


def _is_bare(item: Found) -> bool:
    return item.resolved is None and not item.warnings and item.value is not None and item.scale is None


def _percent_captions(found: list[tuple[Found, int]], text: str, units: UnitTable, decided: set[int]) -> None:
    """Step 1: the bare figures of the ``label figure ...`` rows right under a percent caption."""
    percent = units.resolve("%")
    captions: list[tuple[int, int]] = []  # (first row's start, block's end) under each caption
    for match in re.finditer(r"^.*(?:%|percent).*$", text, re.MULTILINE | re.IGNORECASE):
        if _PERCENT_CAPTION.match(match.group(0)) is None:
            continue
        cursor = match.end() + 1
        while cursor < len(text) and text.find("\n", cursor) == cursor:  # blank lines after it
            cursor += 1
        first = end = cursor
        while cursor <= len(text):
            line_end = text.find("\n", cursor)
            line_end = len(text) if line_end < 0 else line_end
            if cursor >= line_end or not _is_row_line(text[cursor:line_end]):
                break
            end, cursor = line_end, line_end + 1
        if end > first:
            captions.append((first, end))
    for first, end in captions:
        cells = [index for index, (item, shift) in enumerate(found)
                 if first <= item.start + shift and item.end + shift <= end and index not in decided]
        if not cells or any(not _is_bare(found[index][0])
                            or _GROUPED.search(text, found[index][0].start + found[index][1],
                                               found[index][0].end + found[index][1]) for index in cells):
            continue  # a caption over amounts too: which column it names is not said
        for index in cells:
            item, shift = found[index]
            found[index] = (item.in_context(percent, 1.0), shift)
            decided.add(index)


def _percent_rows(found: list[tuple[Found, int]], text: str, units: UnitTable, decided: set[int]) -> None:
    """Step 1 on a row: the bare figures of a table row whose own label names percentages
    (``| Gross margin (%) | 41.3 | 40.9 |``, ``Effective tax rate (%)   23.4   24.1``), unless
    one is written with thousands (an amount)."""
    percent = units.resolve("%")
    for index, (item, shift) in enumerate(found):
        if index in decided or not _is_bare(item):
            continue
        start, end = item.start + shift, item.end + shift
        line_start, line_end = _line_bounds(text, start)
        before, after = text[line_start:start], text[end:line_end]
        if _PIPE_LINE.match(before):
            cells = before.split("|")
            label = cells[1] if len(cells) > 2 else ""
            after = after.replace("|", " ")
        else:
            first = _FIRST_FIGURE.search(text, line_start, line_end)
            label = text[line_start:first.start()] if first is not None else ""
            if "|" in label:
                continue
        if not label.strip() or re.search(r"\d", label) or _PERCENT_LABEL.search(label.strip()) is None \
                or _CELL_AFTER.match(after) is None or _GROUPED.search(text, start, end):
            continue
        found[index] = (item.in_context(percent, 1.0), shift)
        decided.add(index)


def _percent_columns(found: list[tuple[Found, int]], text: str, decided: set[int]) -> None:
    """Step 1 in a Markdown table: bare cells under a header cell naming percentages stay bare
    here (the header rule reads them as percent), out of reach of a scale heading."""
    from ._notes import NoteReading

    reading: NoteReading | None = None
    for index, (item, shift) in enumerate(found):
        if index in decided or not _is_bare(item):
            continue
        start = item.start + shift
        line_start, line_end = _line_bounds(text, start)
        if not _PIPE_LINE.match(text[line_start:line_end]):
            continue
        reading = reading or NoteReading(text, frozenset())
        header = reading.column_header(start)
        if header is not None and PERCENT_HEADER.search(text, header[0], header[1]):
            decided.add(index)


def _scaled_by_headings(
    found: list[tuple[Found, int]], text: str, units: UnitTable, decided: set[int],
) -> set[int]:
    """Step 2: table cells read with the scale (and currency) of the heading above them; the
    items a heading stands over (whether or not it changed them)."""
    found_headings = headings(text)
    if not found_headings:
        return set()
    placed: list[tuple[int, str | None]] = []  # (heading's index, row label) of each item
    written: dict[int, ResolvedUnit] = {}  # the currency a heading's own cells write
    heading_ends = [at for at, _, _ in found_headings]
    starts, per_share = _per_share_lines(text, heading_ends)
    for item, shift in found:
        start, end = item.start + shift, item.end + shift
        index = bisect.bisect_right(heading_ends, start) - 1
        label = row_label(text, start, end) if index >= 0 else None
        if label is not None and per_share[bisect.bisect_right(starts, start) - 1]:
            label = label + " per share"
        placed.append((index, label))
        if label is not None and _UNSCALED_ROW.search(label) is None and item.notation == "money" \
                and item.resolved is not None and item.resolved.dimension.startswith("[currency"):
            written.setdefault(index, item.resolved)
    # the one currency the statement writes anywhere (a per-share row's "$ 1.87", a total's "$"):
    # a heading naming none, over cells writing none, states amounts of it
    currencies = {item.resolved.expression: item.resolved for item, _ in found if item.notation == "money"
                  and item.resolved is not None and item.resolved.dimension.startswith("[currency")}
    elsewhere = next(iter(currencies.values())) if len(currencies) == 1 else None
    stops = _scale_stops(text, heading_ends)
    under: set[int] = set()
    for position, ((item, shift), (index, label)) in enumerate(zip(found, placed, strict=True)):
        start = item.start + shift
        if index >= 0 and stops[index] <= start:
            continue  # past a heading of another table: the scale heading's reach has ended
        if index >= 0:
            under.add(position)
        if label is None or _UNSCALED_ROW.search(label) is not None or position in decided:
            continue
        unit_expression, scale = found_headings[index][1:]
        unit = units.resolve(unit_expression) if unit_expression else None
        if unit is None and _COUNT_ROW.search(label) is None:
            unit = written.get(index) or elsewhere
        found[position] = (item.in_context(unit, scale), shift)
    return under


def _scale_stops(text: str, heading_ends: Sequence[int]) -> list[int]:
    """For each scale heading, where its reach ends: the next scale heading, or a line heading
    another table below a table of its own — a Markdown heading after its table's rows, or,
    between two Markdown tables, a line of words standing alone between blank lines
    (``Employees at year end``) — the text's end when none. A statement laid out a cell a line
    (a PDF's text) has no such line: its captions (``Cash Flows from Operating Activities``)
    stand between its figures."""
    lines: list[tuple[int, str]] = []
    cursor = 0
    for line in text.split("\n"):
        lines.append((cursor, line))
        cursor += len(line) + 1
    stops = [heading_ends[number + 1] if number + 1 < len(heading_ends) else len(text) + 1
             for number in range(len(heading_ends))]
    following = [len(lines)] * len(lines)  # the next line with text after each line
    upcoming = len(lines)
    for position in range(len(lines) - 1, -1, -1):
        following[position] = upcoming
        if lines[position][1].strip():
            upcoming = position
    current, piped, tabled, ended = -1, False, False, True
    for position, (start, line) in enumerate(lines):  # one pass: each line belongs to one heading
        while current + 1 < len(heading_ends) and heading_ends[current + 1] <= start:
            current, piped, tabled, ended = current + 1, False, False, False
        if current < 0 or ended:
            continue
        if _PIPE_LINE.match(line):
            piped = tabled = True
            continue
        if _is_row_line(line):
            tabled = True
            continue
        if not tabled or not line.strip():
            continue
        after = following[position]
        alone = (piped and position > 0 and not lines[position - 1][1].strip() and after > position + 1
                 and after < len(lines) and _PIPE_LINE.match(lines[after][1]) is not None)
        if _MD_HEADING.match(line) or (alone and re.search(r"\d", line) is None
                                       and re.search(r"[A-Za-z]{2,}", line) is not None):
            stops[current], ended = start, True
    return stops


def _per_share_lines(text: str, heading_ends: Sequence[int]) -> tuple[list[int], list[bool]]:
    """For each line of ``text`` (its start), whether a table cell on it stands in a group of
    per-share rows: the nearest group heading above it — a line of words with more words, not
    figures, on the next line with text — that is not a ``Basic`` or ``Diluted`` names a share
    (``Earnings (loss) per common share`` over ``Basic`` over ``Continuing operations``), below
    the scale heading over it, and no line between names a count of shares
    (``Weighted-average shares outstanding``)."""
    starts, lines, cursor = [], [], 0
    for line in text.split("\n"):
        starts.append(cursor)
        lines.append(line)
        cursor += len(line) + 1
    words = [re.search(r"[A-Za-z]{2,}", line) is not None and _FIGURE_LINE.match(line) is None for line in lines]
    ends = set(heading_ends)
    states: list[bool] = []
    current = False
    following = None  # index of the next line with text after each line, filled from the end
    next_text = [len(lines)] * len(lines)
    for index in range(len(lines) - 1, -1, -1):
        next_text[index] = following if following is not None else len(lines)
        if lines[index].strip():
            following = index
    for index, line in enumerate(lines):
        states.append(current)
        end = starts[index] + len(line)
        if end in ends:
            current = False  # a scale heading opens its own table
            continue
        if not words[index]:
            continue
        if _COUNT_ROW.search(line) is not None and _PER_SHARE.search(line) is None:
            current = False
            continue
        below = next_text[index]
        if re.search(r"\d", line) is None and below < len(lines) and words[below] \
                and re.search(r"\d", lines[below]) is None:
            if _PER_SHARE.search(line) is not None:
                current = True
            elif _SUB_ROW.match(line) is None:
                current = False  # the nearest group heading decides
    return starts, states


def _first_row_currency(found: list[tuple[Found, int]], text: str, skip: set[int]) -> None:
    """Step 3: a table whose first figure writes a currency gives it to its later bare figures."""
    blocks = _blocks(text)
    if not blocks:
        return
    by_block: dict[int, list[int]] = {}
    for index, (item, shift) in enumerate(found):
        start = item.start + shift
        block = next((number for number, (a, b) in enumerate(blocks) if a <= start < b), None)
        if block is not None:
            by_block.setdefault(block, []).append(index)
    for indices in by_block.values():
        first_item, first_shift = found[indices[0]]
        if indices[0] in skip or first_item.notation != "money" or first_item.resolved is None \
                or not first_item.resolved.dimension.startswith("[currency") \
                or row_label(text, first_item.start + first_shift, first_item.end + first_shift) is None:
            continue
        currency = first_item.resolved
        for index in indices[1:]:
            item, shift = found[index]
            if index in skip or not _is_bare(item):
                continue
            label = row_label(text, item.start + shift, item.end + shift)
            if label is None or _UNSCALED_ROW.search(label) is not None or _COUNT_ROW.search(label) is not None:
                continue
            found[index] = (item.in_context(currency, 1.0), shift)


def _is_row_line(line: str) -> bool:
    """Whether ``line`` is a row written on one line: its label (words, no figure, no bar),
    then only figures and signs (``Net cash from operations 1,245 1,102``)."""
    first = _FIRST_FIGURE.search(line)
    if first is None:
        return False
    label = line[: first.start()]
    return ("|" not in label and re.search(r"\d", label) is None and re.search(r"[A-Za-z]{2,}", label) is not None
            and _CELL_AFTER.match(line[first.end():]) is not None)


def _blocks(text: str) -> list[tuple[int, int]]:
    """The tables of ``text`` as (start, end): runs of two or more adjacent lines, each a
    Markdown table line or a row written ``label figure ...``."""
    blocks: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    cursor = 0
    for line in text.split("\n"):
        start, end = cursor, cursor + len(line)
        cursor = end + 1
        if _PIPE_LINE.match(line) or _is_row_line(line):
            run.append((start, end))
            continue
        if len(run) >= 2:
            blocks.append((run[0][0], run[-1][1] + 1))
        run = []
    if len(run) >= 2:
        blocks.append((run[0][0], run[-1][1] + 1))
    return blocks
