"""Tables: each body row one provision, kept whole with its header.

A Markdown pipe table's row keeps its own lines (``text`` is the header line, a newline, then
the row line, as written). A row read from a CSV schedule or a PDF has no such lines, so
:func:`linearise_row` writes them in the same pipe form: ``| Dose (mg) | Frequency |`` then
``| 250 mg | every 12 hours |`` — a header's unit (``Dose (mg)``) is written after each bare
number of its column, so the row reads on its own. ``cells`` keep what the source says
(``250``); the header names the unit for whoever reads the cells.

Every row repeats its header, so a header's length costs once per row: :func:`row_header` is
the header as rows repeat it — as written, unless a cell is longer than ``HEADER_CELL_LIMIT``
characters or the header line longer than ``HEADER_LINE_LIMIT`` (no real table comes near
either); then such cells — past the line limit, every cell longer than ``HEADER_CELL_KEPT``
characters — are named by their column (``column 3``, with the unit the header names,
``column 3 (mg)``), so a row costs at most a bounded multiple of its own length (a row has a
cell per column) and a short name (``Access``) still reads as written. The header as written
stays in the text layer (``header_span``) and on the table read (``TableBlock.header``,
``PdfTables.headers``), and the opening rule judges it as written: access never depends on a
length.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from inforce.ontology import MAX_DOCUMENT_PROVISIONS, InputError, TableRow
from inforce.ontology.document import provisions_past_limit
from inforce.ontology.numbering import lines_and_starts

__all__ = [
    "HEADER_CELL_KEPT",
    "HEADER_CELL_LIMIT",
    "HEADER_LINE_LIMIT",
    "MAX_CSV_COLUMNS",
    "TableBlock",
    "clean_cell",
    "csv_records",
    "header_unit",
    "is_table_start",
    "linearise_row",
    "read_csv_table",
    "read_table",
    "row_header",
]

_DELIMITER = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?")
_validate_row = TableRow.__pydantic_validator__.validate_python
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
#: A unit at the end of a header, in brackets: ``Dose (mg)``, ``Width [in]``, ``Rate (mg/kg/day)``.
_HEADER_UNIT = re.compile(r"[(\[]\s*([^()\[\]\s]{1,12})\s*[)\]]\s*$")
_UNIT_TEXT = re.compile(r"(?=.*[A-Za-zµμ°%\'\"])[A-Za-zµμ°%/.·²³0-9\'\"-]+")
#: Bracketed words that are not units (``Notes (see)``, ``Total (all)``).
_NOT_UNITS = frozenset({"see", "note", "notes", "all", "each", "typ", "typ.", "optional", "approx", "approx.", "min", "max", "min.", "max.", "total", "nom", "nom."})
#: A bare number, a range or a signed or bracketed one: what a header's unit completes.
_BARE_NUMBER = re.compile(r"[(\-−+]?\d[\d,]*(?:\.\d+)?\)?(?:\s*(?:-|–|to)\s*\d[\d,]*(?:\.\d+)?)?")
_SPACES = re.compile(r"\s+")
#: The longest header cell a row repeats as written (characters); a longer one is named by its column.
HEADER_CELL_LIMIT = 200
#: The longest header line a row repeats (characters); past it, every cell longer than
#: ``HEADER_CELL_KEPT`` is named by its column.
HEADER_LINE_LIMIT = 2000
#: The longest header cell a row repeats as written whatever the header line's length (characters).
HEADER_CELL_KEPT = 40
#: The most cells a record of a CSV schedule may have. Excel's sheets stop at 16,384 columns and
#: a real schedule has tens; each cell costs kilobytes once read (its row, its checks), so a small
#: file of one very wide row would take a gigabyte. A record past it is an input error.
MAX_CSV_COLUMNS = 1_024


@dataclass(slots=True)
class TableBlock:
    """A table read from the text layer: its rows, the lines it used, and its problems."""

    rows: list[TableRow] = field(default_factory=list)
    lines_used: int = 0
    errors: list[InputError] = field(default_factory=list)
    #: The table's header as written (its rows repeat :func:`row_header`'s) and its file line:
    #: what the opening rule judges.
    header: tuple[tuple[str, ...], int] | None = None
    #: a row went past the room the document had (``read_table``'s ``room``): none after it was read
    past_limit: bool = False


def is_table_start(lines: list[str], index: int) -> bool:
    """Whether a pipe table (header row, then a ``|---|`` delimiter row) starts at ``index``."""
    if index + 1 >= len(lines):
        return False
    delimiter = lines[index + 1]
    return "|" in delimiter and "-" in delimiter and _DELIMITER.fullmatch(delimiter) is not None


def read_table(
    lines: list[str],
    index: int,
    offsets: list[int],
    *,
    table: int,
    parent: str | None,
    file: str,
    first_line: int,
    room: int = MAX_DOCUMENT_PROVISIONS,
) -> TableBlock:
    """Read the table starting at ``lines[index]``; rows whose cell count differs are errors.

    ``offsets[i]`` is where ``lines[i]`` starts in the text layer; ``first_line`` is the file
    line of ``lines[0]``. ``room``: how many more provisions the document may hold; the row
    past it is an error (``provisions_past_limit``) and no row after it is read.
    """
    block = TableBlock()
    header_line = lines[index]
    header = _cells(header_line)
    header_span = _span(header_line, offsets[index])
    header_text = header_line.rstrip()
    block.header = header, first_line + index
    written = row_header(header)
    if written != header:
        header, header_text = written, _pipe_line(written)
    delimiter_cells = _cells(lines[index + 1])
    if len(delimiter_cells) != len(header):
        block.errors.append(
            InputError(
                f"table {table}: the delimiter row has {len(delimiter_cells)} cells, the header {len(header)}",
                file=file,
                line=first_line + index + 1,
                field=f"table-{table}",
            )
        )
    position = index + 2
    row_number = 0
    while position < len(lines) and "|" in lines[position] and lines[position].strip():
        line = lines[position]
        row_number += 1
        if row_number > room:
            block.errors.append(provisions_past_limit(file, first_line + position, f"table {table} row {row_number:,}"))
            block.past_limit = True
            break
        cells = _cells(line)
        if len(cells) != len(header):
            block.errors.append(
                InputError(
                    f"table {table} row {row_number} has {len(cells)} cells, the header has {len(header)}",
                    file=file,
                    line=first_line + position,
                    field=f"table-{table}.row-{row_number}",
                    hint="every row of a pipe table has as many cells as its header (escape a literal | as \\|)",
                )
            )
        block.rows.append(
            _validate_row(
                {
                    "path": f"table-{table}.row-{row_number}",
                    "parent": parent,
                    "table": table,
                    "row": row_number,
                    "header": header,
                    "cells": cells,
                    "span": _span(line, offsets[position]),
                    "header_span": header_span,
                    "text": header_text + "\n" + line.rstrip(),
                }
            )
        )
        position += 1
    block.lines_used = position - index
    return block


def _cells(line: str) -> tuple[str, ...]:
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return tuple(cell.strip() for cell in _CELL_SPLIT.split(text))


def _span(line: str, start: int) -> dict[str, int]:
    return {"start": start, "end": start + len(line.rstrip())}


def clean_cell(cell: str) -> str:
    """A cell as one line: line breaks inside it (a wrapped cell) and runs of spaces are one space."""
    return _SPACES.sub(" ", cell).strip()


def header_unit(header: str) -> str | None:
    """The unit a column header names in brackets at its end (``Dose (mg)`` → ``mg``), or None
    (``Revenue (Rs. in 000)``, ``Notes (see)``: words, not a unit)."""
    match = _HEADER_UNIT.search(header)
    if match is None:
        return None
    unit = match.group(1)
    if unit.lower() in _NOT_UNITS or not _UNIT_TEXT.fullmatch(unit) or unit.isdigit():
        return None
    return unit


def row_header(header: tuple[str, ...]) -> tuple[str, ...]:
    """The header as each row of its table repeats it (module docstring): as written, or with a
    cell past ``HEADER_CELL_LIMIT`` characters — every cell past ``HEADER_CELL_KEPT``, when the
    header line is still past ``HEADER_LINE_LIMIT`` — named by its column and the unit it names
    (``column 3 (mg)``). Never what the opening rule judges: that is the header as written."""
    if all(len(cell) <= HEADER_CELL_LIMIT for cell in header) and len(_pipe_line(header)) <= HEADER_LINE_LIMIT:
        return header
    written = tuple(_by_column(column, cell) if len(cell) > HEADER_CELL_LIMIT else cell
                    for column, cell in enumerate(header))
    if len(_pipe_line(written)) > HEADER_LINE_LIMIT:
        written = tuple(_by_column(column, cell) if len(cell) > HEADER_CELL_KEPT else cell
                        for column, cell in enumerate(header))
    return written


def _by_column(column: int, cell: str) -> str:
    unit = header_unit(cell)
    return f"column {column + 1}" if unit is None else f"column {column + 1} ({unit})"


def linearise_row(header: tuple[str, ...], cells: tuple[str, ...]) -> str:
    """The row's text: its header line, a newline, its row line (the pipe form of a Markdown
    row); a bare number under a header with a unit reads with the unit (``250 mg``).
    ``header`` is the header as rows repeat it (:func:`row_header`)."""
    written = []
    for column, cell in enumerate(cells):
        unit = header_unit(header[column]) if column < len(header) else None
        if unit is not None and _BARE_NUMBER.fullmatch(cell):
            cell = f"{cell}{unit}" if unit in ("%", "°") else f"{cell} {unit}"
        written.append(cell)
    return _pipe_line(header) + "\n" + _pipe_line(tuple(written))


def _pipe_line(cells: tuple[str, ...] | list[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def csv_records(text: str, *, file: str, delimiter: str = ",") -> Iterator[tuple[int, int, list[str]]]:
    """Each record of a CSV text, read strictly: its first and last line (1-based, as
    ``lines_and_starts`` parts the text) and its cells, blank records included.

    The one CSV reading of the project (a schedule's rows, a register's): a quote opened and
    never closed, or text after a closing quote, is an :class:`InputError` at the line where
    its record opens; read leniently, the first folds every later line into one cell, silently.
    """
    lines, _ = lines_and_starts(text)
    reader = csv.reader(
        (line + "\n" if index + 1 < len(lines) else line for index, line in enumerate(lines)),
        delimiter=delimiter,
        strict=True,
    )
    consumed = 0
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise _csv_problem(str(exc), file=file, line=consumed + 1) from None
        first, consumed = consumed + 1, reader.line_num
        yield first, consumed, record


def _csv_problem(reason: str, *, file: str, line: int) -> InputError:
    if reason == "unexpected end of data":
        return InputError(
            f"a quoted cell of the record at line {line} is never closed (the rest of the file would read as that one cell)",
            file=file,
            line=line,
            hint='close the quote; a quote inside a quoted cell is written twice ("")',
        )
    if "expected after" in reason:
        return InputError(
            f"text follows a closing quote in the record at line {line} ({reason})",
            file=file,
            line=line,
            hint='a quote inside a quoted cell is written twice (""); or leave the cell unquoted',
        )
    return InputError(f"not a readable CSV record: {reason}", file=file, line=line)


def read_csv_table(text: str, *, file: str) -> TableBlock:
    """A CSV schedule's rows: its first record is the header, each later record a row
    (``table-1.row-N``, blank records skipped), its span the record's lines in ``text``.

    Commas separate cells unless the header line has none and has semicolons or tabs
    (a spreadsheet saved for a locale that writes decimal commas). A record whose cell
    count differs from the header's is an error at its line, as in a pipe table; so is a
    record :func:`csv_records` cannot read (an unclosed quote), and no row after it is read; so is
    a record of more than :data:`MAX_CSV_COLUMNS` cells. A header with an empty or repeated
    column name is an error at its line (:func:`_header_problems`), and so is a schedule with
    a header and no row: read, either would be a document that says less than its file (a row
    whose cell has no name, a column read as another's, a schedule with no provision).
    """
    block = TableBlock()
    lines, offsets = lines_and_starts(text)
    first = next((line for line in lines if line.strip()), "")
    delimiter = ","
    if "," not in first:
        delimiter = ";" if ";" in first else "\t" if "\t" in first else ","
    header: tuple[str, ...] | None = None
    header_span: dict[str, int] = {}
    header_line = 0
    row_number = 0
    records = csv_records(text, file=file, delimiter=delimiter)
    while True:
        try:
            first_line, last_line, record = next(records)
        except StopIteration:
            break
        except InputError as problem:
            problem.field = "header" if header is None else f"table-1.row-{row_number + 1}"
            block.errors.append(problem)
            break
        if len(record) > MAX_CSV_COLUMNS:
            block.errors.append(
                InputError(
                    f"the {'header' if header is None else f'row {row_number + 1}'} record has {len(record):,} cells, "
                    f"past the {MAX_CSV_COLUMNS:,} a CSV schedule may have",
                    file=file,
                    line=first_line,
                    field="header" if header is None else f"table-1.row-{row_number + 1}",
                    hint="no schedule has so many columns: check the delimiter, or split the schedule",
                )
            )
            return block
        if not any(cell.strip() for cell in record):
            continue
        last = lines[last_line - 1].rstrip()
        span = {"start": offsets[first_line - 1], "end": offsets[last_line - 1] + len(last)}
        if header is None:
            header = tuple(clean_cell(cell) for cell in record)
            header_span, header_line = span, first_line
            block.errors += _header_problems(header, file=file, line=first_line)
            block.header = header, header_line
            header = row_header(header)
            continue
        row_number += 1
        if row_number > MAX_DOCUMENT_PROVISIONS:  # refused as counted: nothing more is read (audit 104 B F1)
            block.errors.append(provisions_past_limit(file, first_line, f"row {row_number:,}"))
            return block
        cells = tuple(clean_cell(cell) for cell in record)
        if len(cells) != len(header):
            block.errors.append(
                InputError(
                    f"row {row_number} has {len(cells)} cells, the header (line {header_line}) has {len(header)}",
                    file=file,
                    line=first_line,
                    field=f"table-1.row-{row_number}",
                    hint="every record of a CSV schedule has as many cells as its header "
                    "(quote a cell that holds the delimiter)",
                )
            )
            continue
        block.rows.append(
            _validate_row(
                {
                    "path": f"table-1.row-{row_number}",
                    "table": 1,
                    "row": row_number,
                    "header": header,
                    "cells": cells,
                    "span": span,
                    "header_span": header_span,
                    "text": linearise_row(header, cells),
                }
            )
        )
    if header is None:
        block.errors.append(
            InputError("the CSV schedule is empty: it needs a header record and rows", file=file, line=1)
        )
    elif row_number == 0 and not block.errors:
        block.errors.append(
            InputError(
                "the CSV schedule has a header record and no rows",
                file=file,
                line=header_line,
                field="header",
                hint="a schedule's rows are its provisions: add them under the header",
            )
        )
    return block


def _header_problems(header: tuple[str, ...], *, file: str, line: int) -> list[InputError]:
    """A CSV schedule header's empty and repeated column names: each row repeats its header,
    so a cell under an unnamed column, or under a name another column has too, would read as
    no column or as the other one."""
    problems = [
        InputError(f"column {column + 1} of the header has no name", file=file, line=line, field="header",
                   hint="name every column, or remove the trailing delimiter")
        for column, name in enumerate(header) if not name
    ]
    problems += [
        InputError(f"column {name!r} appears twice in the header", file=file, line=line, field="header",
                   hint="give each column its own name")
        for name in sorted({name for name in header if name and header.count(name) > 1})
    ]
    return problems
