"""Markdown pipe tables: each body row one provision, kept whole with its header line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from inforce.ontology import InputError, TableRow

__all__ = ["TableBlock", "is_table_start", "read_table"]

_DELIMITER = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?")
_validate_row = TableRow.__pydantic_validator__.validate_python
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


@dataclass(slots=True)
class TableBlock:
    """A table read from the text layer: its rows, the lines it used, and its problems."""

    rows: list[TableRow] = field(default_factory=list)
    lines_used: int = 0
    errors: list[InputError] = field(default_factory=list)


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
) -> TableBlock:
    """Read the table starting at ``lines[index]``; rows whose cell count differs are errors.

    ``offsets[i]`` is where ``lines[i]`` starts in the text layer; ``first_line`` is the file
    line of ``lines[0]``.
    """
    block = TableBlock()
    header_line = lines[index]
    header = _cells(header_line)
    header_span = _span(header_line, offsets[index])
    header_text = header_line.rstrip()
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
