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

from ._lexicon import MONTH_NUMBERS
from ._tokens import Found

if TYPE_CHECKING:
    from .units import ResolvedUnit, UnitTable

__all__ = [
    "CELL_BEFORE", "PERCENT_HEADER", "Period", "cell_periods", "claim_periods", "headings",
    "period_of_claim_figure", "read_periods", "row_label", "statement_cells",
]

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
_FIRST_FIGURE = re.compile(r"(?<![^\S\n])[^\S\n]+[$€£(\-–—]*\d")
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


#: A currency named in words in a scale heading (``(Amounts in millions of euros)``, ``In
#: thousands of U.S. dollars``, ``EUR thousands``).
_CURRENCY_WORD = re.compile(r"\b(?:(?P<eur>euros?|EUR)|(?P<usd>(?:U\.?S\.?\s+)?dollars?|USD)|"
                            r"(?P<gbp>pounds?(?:\s+sterling)?|sterling|GBP))\b", re.IGNORECASE)
#: A scale caption heading one-line rows, the columns' periods after it on its line:
#: ``(€ thousands)   2025   2024``, ``EUR thousands  2025  2024``, ``EUR million``.
_CAPTION_LINE = re.compile(
    r"^[^\S\n]*\(?[^\S\n]*(?:in[^\S\n]+)?(?P<currency>US\$|€|\$|£|EUR|USD|GBP)[^\S\n]*"
    r"(?P<scale>thousand|million|billion)s?[^\S\n]*\)?(?P<rest>[^\n]*)$", re.IGNORECASE | re.MULTILINE)
_CURRENCY_CODES = {"us$": "USD", "$": "USD", "€": "EUR", "£": "GBP", "eur": "EUR", "usd": "USD", "gbp": "GBP"}


def _named_currency(phrase: str) -> str | None:
    """The one currency a scale heading names in words (None: none, or two)."""
    named = {name for match in _CURRENCY_WORD.finditer(phrase) for name, said in match.groupdict().items() if said}
    return named.pop().upper() if len(named) == 1 else None


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
        found.append((match.end(), unit or _named_currency(phrase), _SCALES[(scale["scale"] or scale["plain"]).lower()]))
    taken = {at for at, _, _ in found}
    for match in _CAPTION_LINE.finditer(text):
        rest = match["rest"].strip()
        if match.end() in taken or (rest and _header_periods(rest) is None):
            continue  # a caption is alone on its line or heads period columns
        found.append((match.end(), _CURRENCY_CODES[match["currency"].lower()], _SCALES[match["scale"].lower()]))
    found.sort()
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


# ---- periods: the year (quarter, half) a statement's figure is of -----------------------------

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_YEAR = r"(?:19|20)\d{2}"
_SPAN_WORDS = {"three": 3, "3": 3, "13": 3, "thirteen": 3, "six": 6, "6": 6, "26": 6, "twenty-six": 6,
               "nine": 9, "9": 9, "39": 9, "thirty-nine": 9, "twelve": 12, "12": 12, "52": 12, "53": 12,
               "fifty-two": 12, "fifty-three": 12}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
#: One period as a statement's column or a claim writes it, longest forms first.
_PERIOD = re.compile(
    # "Three months ended September 30, 2025", "Year ended 31 December 2025", "52 weeks ended ..."
    r"(?P<ended>(?:(?P<span>three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three|\d{1,2})"
    r"[\s-]+(?:months?|weeks?)|(?P<unit>(?:fiscal[\s-]+)?years?|quarters?))[\s-]+ended[\s,]+"
    rf"(?:(?P<em1>{_MONTH})[\s-]+(?P<ed1>\d{{1,2}})(?:st|nd|rd|th)?,?[\s-]+(?P<ey1>{_YEAR})"
    rf"|(?P<ed2>\d{{1,2}})[\s-]+(?P<em2>{_MONTH}),?[\s-]+(?P<ey2>{_YEAR})))"
    # "September 30, 2025", "Dec. 31, 2025", "31 December 2025"
    rf"|(?P<date>(?P<dm1>{_MONTH})[\s-]+(?P<dd1>\d{{1,2}})(?:st|nd|rd|th)?,?[\s-]+(?P<dy1>{_YEAR})"
    rf"|(?P<dd2>\d{{1,2}})[\s-]+(?P<dm2>{_MONTH}),?[\s-]+(?P<dy2>{_YEAR}))"
    # "Q3 2025", "3Q25", "Q2 of FY2024", "third quarter of 2025", "Q3'25"
    r"|(?P<quarter>(?:\bQ(?P<q1>[1-4])|\b(?P<q2>[1-4])Q|\b(?P<q3>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+quarter)"
    r"(?:[\s,]*(?:of[\s-]+)?(?:(?P<qf>fiscal[\s-]+(?:year[\s-]+)?|FY[\s-]?)?(?P<qy>'?\d{2}\b|" + _YEAR + r"\b)))?)"
    # "H1 2025", "first half of 2025", "first nine months of 2025"
    r"|(?P<half>(?:\bH(?P<h1>[12])|\b(?P<h2>first|second)[\s-]+half|\bfirst[\s-]+(?P<h3>nine|six|three)[\s-]+months)"
    r"(?:[\s,]*(?:of[\s-]+)?(?:(?P<hf>fiscal[\s-]+(?:year[\s-]+)?|FY[\s-]?)?(?P<hy>'?\d{2}\b|" + _YEAR + r"\b)))?)"
    # "fiscal 2025", "fiscal year 2025", "FY2025", "FY 24", "FY'24"
    r"|(?P<fiscal>\b(?:fiscal(?:[\s-]+year)?[\s-]+|FY[\s-]?'?)(?P<fy>" + _YEAR + r"|\d{2})\b)"
    # "2025" alone; not a standard's edition ("A615-2020", "318-19") nor part of a number or date
    r"|(?P<year>(?<![-/.,\w])" + _YEAR + r"\b(?![-/.,]\d))",
    re.IGNORECASE,
)


class Period:
    """The period a figure is of: its year, how many months it spans (3 a quarter, 6 a half,
    9, 12 a year; None where not said), which quarter or half (where said), the month a dated
    period ends in, and the words that say it. A dated period ending in the first quarter of a
    year (``January 31, 2025``) may be the fiscal year named by the year before (retailers'
    ``fiscal 2024``, a March year end's ``FY2024``), so it agrees with either where the other
    side names no month."""

    __slots__ = ("end_month", "fiscal", "months", "part", "written", "year")

    def __init__(self, year: int | None, written: str, *, months: int | None = None, part: int | None = None,
                 end_month: int | None = None, fiscal: bool = False) -> None:
        self.year, self.written, self.months, self.part = year, written, months, part
        self.end_month, self.fiscal = end_month, fiscal

    def __repr__(self) -> str:
        return f"Period({self.written!r})"

    def _years(self, other: Period) -> set[int]:
        if self.year is None:
            return set()
        years = {self.year}
        if self.end_month is not None and self.end_month <= 3 and other.end_month is None:
            years.add(self.year - 1)
        return years

    def agrees(self, other: Period) -> bool:
        """Whether a figure of ``other`` can be a figure of this period: the same year, and the
        same span, part and closing month where both say them."""
        if self.year is not None and other.year is not None and not (self._years(other) & other._years(self)):
            return False
        if self.months is not None and other.months is not None and self.months != other.months:
            return False
        if self.part is not None and other.part is not None and self.months == other.months \
                and self.part != other.part:
            return False
        return not (self.end_month is not None and other.end_month is not None and self.year == other.year
                    and self.end_month != other.end_month)


def _year(written: str | None) -> int | None:
    if not written:
        return None
    digits = written.lstrip("'")
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def _month(written: str) -> int:
    return MONTH_NUMBERS[written.lower().rstrip(".")]


def read_periods(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int, Period]]:
    """Every period written in ``text[start:end]``: (start, end, period), in order."""
    found = []
    for match in _PERIOD.finditer(text, start, len(text) if end is None else end):
        written = " ".join(match.group(0).split())
        if match["ended"]:
            months = (_SPAN_WORDS.get(match["span"].lower()) if match["span"]
                      else 3 if match["unit"].lower().startswith("quarter") else 12)
            if match["span"] and match.group(0).lower().split()[1].startswith("week"):
                months = {13: 3, 26: 6, 39: 9, 52: 12, 53: 12}.get(int(match["span"]) if match["span"].isdigit()
                                                                   else 0, months)
            if months is None:
                continue
            month = match["em1"] or match["em2"]
            period = Period(int(match["ey1"] or match["ey2"]), written, months=months, end_month=_month(month))
        elif match["date"]:
            period = Period(int(match["dy1"] or match["dy2"]), written, end_month=_month(match["dm1"] or match["dm2"]))
        elif match["quarter"]:
            number = match["q1"] or match["q2"]
            part = int(number) if number else _ORDINALS[match["q3"].lower()]
            period = Period(_year(match["qy"]), written, months=3, part=part, fiscal=bool(match["qf"]))
        elif match["half"]:
            if match["h3"]:
                period = Period(_year(match["hy"]), written, months=_SPAN_WORDS[match["h3"].lower()], part=1,
                                fiscal=bool(match["hf"]))
            else:
                number = match["h1"] or {"first": "1", "second": "2"}[match["h2"].lower()]
                period = Period(_year(match["hy"]), written, months=6, part=int(number), fiscal=bool(match["hf"]))
        elif match["fiscal"]:
            period = Period(_year(match["fy"]), written, months=12, fiscal=True)
        else:
            period = Period(int(match["year"]), written)
        found.append((match.start(), match.end(), period))
    return found


#: Words before a year in a claim that make it the period of a figure ("in 2025", "for fiscal
#: 2025", "at the end of 2025", "as of December 31, 2025"); a year after other words ("notes due
#: 2026", "since 2019") is no figure's period.
_CLAIM_PERIOD_LEAD = re.compile(
    r"(?:\b(?:in|for|during|of|over|throughout|within|by|at|as\s+(?:of|at)|ended|ending|"
    r"end\s+of|close\s+of|year|calendar(?:\s+year)?|the|its|from|to|and|vs\.?|versus|compared\s+(?:to|with))"
    r"|^|[(,;:])[^\S\n]*$",
    re.IGNORECASE)


def claim_periods(text: str) -> list[tuple[int, int, Period]]:
    """The periods a claim names for its figures: every period but a bare year after a word
    that does not make it one (``Notes due 2026``)."""
    found = []
    for start, end, period in read_periods(text):
        if period.written.isdigit() and _CLAIM_PERIOD_LEAD.search(text, max(0, start - 24), start) is None:
            continue
        found.append((start, end, period))
    return found


def period_of_claim_figure(periods: Sequence[tuple[int, int, Period]], start: int, end: int,
                           next_figure: int | None) -> Period | None:
    """The period a claim names for its figure at ``[start, end)``: the first period after it
    and before the claim's next figure ("€2,874.6 million in 2025, up from €2,655.1 million in
    2024"), else the nearest before it ("In 2025, revenue was ..."); None when it names none."""
    after = [p for s, _, p in periods if s >= end and (next_figure is None or s < next_figure)]
    if after:
        return after[0]
    before = [p for _, e, p in periods if e <= start]
    return before[-1] if before else None


#: A line that heads a statement's columns with periods (``2025   2024``, ``(€ thousands)
#: 2025  2024``, ``Fiscal 2025 Fiscal 2024``): periods, and words, but no other figure.
_HEADER_WORDS_MAX = 8
#: A prior period written beside a figure in prose: "14.6 per cent (2024: 13.1 per cent)".
_PRIOR_IN_BRACKETS = re.compile(r"\(\s*(?:(?:fiscal|FY)\s*)?(" + _YEAR + r")\s*:\s*[^()\n]*$", re.IGNORECASE)


def cell_periods(text: str, spans: Sequence[tuple[int, int]]) -> list[Period | None]:
    """For each figure of ``text`` at ``spans``, the period of its statement column: the
    header cell of its Markdown table column (the header lines above the ``|---|`` line,
    read together), or, on a row written ``label figure figure ...``, the period in the same
    place on the nearest line above heading the columns with as many periods as the row has
    figures; in prose, the year of a bracket ``(2024: 13.1 per cent)``. None where no one
    period is said (a column header with two years, a row with more figures than periods)."""
    lines = text.split("\n")
    starts, cursor = [], 0
    for line in lines:
        starts.append(cursor)
        cursor += len(line) + 1
    headers = _headers_above(lines)  # the period header in force over each line
    figures_on: dict[int, list[int]] = {}  # a line's figures (by start), for a row's place
    def line_of(span_start: int, span_end: int) -> int:
        # a figure whose sign a text layer put on the line above ("$" / "1,671") is on its digits' line
        return bisect.bisect_right(starts, max(span_start, span_end - 1)) - 1

    for span_start, span_end in spans:
        number = line_of(span_start, span_end)
        if number >= 0:
            figures_on.setdefault(number, []).append(span_start)
    figure_lines = {n: sorted(set(at)) for n, at in figures_on.items()}
    ordered = sorted(start for start, _ in spans)  # every figure's start: a sentence's next figure
    out: list[Period | None] = []
    for span_start, span_end in spans:
        number = line_of(span_start, span_end)
        line = lines[number] if number >= 0 else ""
        if number < 0 or span_end > starts[number] + len(line):
            out.append(None)
            continue
        if span_start < starts[number]:  # the sign on the line above: read as a cell of its digits' line
            out.append(_cell_line_period(lines, number, span_start, figure_lines, headers)
                       if _WORDS.search(line) is None else None)
            continue
        if _PIPE_LINE.match(line):
            out.append(_pipe_column_period(text, lines, starts, number, span_start))
            continue
        label_first = _FIRST_FIGURE.search(line)
        if label_first is not None and re.search(r"[A-Za-z]{2,}", line[: label_first.start()]) \
                and row_label(text, span_start, span_end) is not None:
            # a row written on one line, its label first (a text layer writing a cell a line
            # says nothing of which column a figure is in)
            header = headers[number]
            row = figure_lines.get(number, [])
            if header is not None and len(header) == len(row) >= 2 and span_start in row:
                out.append(header[row.index(span_start)])
                continue
        if _WORDS.search(line) is None:
            out.append(_cell_line_period(lines, number, span_start, figure_lines, headers))
            continue
        prior = _PRIOR_IN_BRACKETS.search(text, starts[number], span_start)
        if prior is not None and text.find(")", span_end, starts[number] + len(line)) >= 0:
            out.append(Period(int(prior.group(1)), prior.group(1)))
            continue
        out.append(_prose_period(text, starts[number], starts[number] + len(line), span_start, span_end, ordered))
    return out


#: Where a sentence of prose ends: a period, question or exclamation mark before a space, or a semicolon.
_SENTENCE_END = re.compile(r"[.!?](?=\s)|;")


def _prose_period(text: str, line_start: int, line_end: int, start: int, end: int,
                  ordered: Sequence[int]) -> Period | None:
    """The period a sentence of prose gives the figure at ``text[start:end]``, read as a
    claim's are (``claim_periods``, ``period_of_claim_figure``): "Revenue was $8.4 billion in
    2025, compared with $7.95 billion in 2024" gives the first figure 2025, the second 2024;
    "Operating income for the three months ended December 31, 2025 was $410 million" gives
    the figure that quarter. None where its sentence names no period."""
    low = max([m.end() for m in _SENTENCE_END.finditer(text, line_start, start)], default=line_start)
    high = next((m.start() for m in _SENTENCE_END.finditer(text, end, line_end)), line_end)
    periods = [(low + a, low + b, period) for a, b, period in claim_periods(text[low:high])]
    if not periods:
        return None
    figures = [at for at in ordered[bisect.bisect_left(ordered, low):] if at < high]
    if _RESPECTIVELY.search(text, low, high):  # "During 2022, 2021 and 2020, ... $0.55, $0.50 and $0.50, respectively"
        return periods[figures.index(start)][2] if len(periods) == len(figures) and start in figures else None
    later = [at for at in figures if at >= end]
    earlier = [at for at in figures if at < start]
    if not any(a >= end and (not later or a < later[0]) for a, _, _ in periods):
        # no period after it: the one before it, if one alone stands since the figure before
        since = [p for a, _, p in periods if a < start and (not earlier or a > earlier[-1])]
        if len(since) > 1:
            return None  # a list of periods ("2022, 2021 and 2020"): which is this figure's is not said
    return period_of_claim_figure(periods, start, end, later[0] if later else None)


_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


_WORDS = re.compile(r"[A-Za-z]{2,}")


def _cell_line_period(lines: Sequence[str], number: int, position: int, figure_lines: dict[int, list[int]],
                      headers: Sequence[list[Period] | None]) -> Period | None:
    """The period of a figure on a line of figures alone, in a statement a text layer writes a
    cell a line (``Cash and cash equivalents`` / ``$`` / ``34,704 $`` / ``13,931``): the row is
    the figures between its label line and the next line with words, and its columns are
    headed by a run of lines each a period alone (``2023`` / ``2022``) above it, as many as the
    row has figures."""
    first = number
    while first > 0 and _WORDS.search(lines[first - 1]) is None:
        first -= 1
    last = number
    while last + 1 < len(lines) and _WORDS.search(lines[last + 1]) is None:
        last += 1
    if first == 0:
        return None
    row = [at for n in range(first, last + 1) for at in figure_lines.get(n, [])]
    header = headers[first - 1]  # the header in force over the row's label line
    if header is None or len(header) != len(row) or len(row) < 2 or position not in row:
        return None
    return header[row.index(position)]


#: A line that may name a period (a year, a two-digit fiscal year, a quarter): the others are
#: not read for one.
_MAY_BE_PERIOD = re.compile(r"\d\d")


def _headers_above(lines: Sequence[str]) -> list[list[Period] | None]:
    """For each line, the periods heading the statement columns above it: the nearest run of
    two or more lines each a period alone (``2023`` / ``2022``, blank lines between them
    allowed: a text layer writing a cell a line), or line heading columns with two or more
    periods (``2025   2024``, ``(€ thousands)  2025  2024``); None below a Markdown heading
    until another such header. One pass down the lines."""
    out: list[list[Period] | None] = []
    current: list[Period] | None = None
    run: list[Period] = []
    for line in lines:
        out.append(run if len(run) >= 2 else current)
        if not line.strip():
            continue
        if _MD_HEADING.match(line):
            current, run = None, []
            continue
        found = read_periods(line) if _MAY_BE_PERIOD.search(line) else []
        if len(found) == 1 and not line[: found[0][0]].strip() and not line[found[0][1]:].strip(" ,:\t"):
            run = [*run, found[0][2]]
            continue
        if len(run) >= 2:
            current = run
        run = []
        periods = _header_periods(line, found) if found else None
        if periods is not None and len(periods) >= 2:
            current = periods
    return out


def _header_periods(line: str, found: Sequence[tuple[int, int, Period]] | None = None) -> list[Period] | None:
    """The periods a line heading statement columns names, in order (``found``: the line's
    periods, when read already); None when it is no such line (no period, another figure, or a
    sentence's worth of words)."""
    found = read_periods(line) if found is None else found
    if not found:
        return None
    rest, cursor = [], 0
    for start, end, _ in found:
        rest.append(line[cursor:start])
        cursor = end
    rest.append(line[cursor:])
    left = " ".join(rest)
    if re.search(r"\d", left) or len(re.findall(r"[A-Za-z]{2,}", left)) > _HEADER_WORDS_MAX:
        return None
    return [period for _, _, period in found]


def _pipe_column_period(text: str, lines: Sequence[str], starts: Sequence[int], number: int,
                        position: int) -> Period | None:
    """The one period the header cells of a Markdown table column name (the lines above the
    ``|---|`` line, each cell of the same column), None where they name none or several."""
    first = number
    while first > 0 and _PIPE_LINE.match(lines[first - 1]):
        first -= 1
    separator = next((n for n in range(first, number) if re.fullmatch(r"[\s|:\-]+", lines[n]) and "-" in lines[n]),
                     None)
    if separator is None or separator >= number:
        return None
    column = text.count("|", starts[number], position)
    bars = lines[number].count("|")
    words = []
    for n in range(first, separator):
        cells = lines[n].split("|")
        if lines[n].count("|") != bars or column >= len(cells):
            return None
        words.append(cells[column])
    periods = read_periods(" ".join(words))
    if len(periods) == 1:
        return periods[0][2]
    if periods:
        return None
    # no period over the column: a row whose label cell is a period alone (``| 2024 | 2,655.1 |``)
    label = next((cell for cell in lines[number].split("|")[1:column] if cell.strip()), None)
    if label is None or column < 2:
        return None
    periods = read_periods(label)
    return periods[0][2] if len(periods) == 1 and _header_periods(label) is not None else None
