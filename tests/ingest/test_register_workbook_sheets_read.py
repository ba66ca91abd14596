"""An XLSX register is read from its sheet alone: the workbook's other sheets are never read
past their first row (what ``_register_sheet`` needs to tell a second register sheet), and the
parts read — the register's sheet and what sheets share — unpack to at most
``MAX_WORKBOOK_READ`` in all. openpyxl's own opening read every sheet to its end (for a
``<dimension>`` a writer may leave out), twice: fifty unused sheets of 10 MiB each held every
ingest 112 s, changed or not (audit 104 B F2)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner
from zip_parts import write_zip, zip_members

from inforce.adapters.cli import app
from inforce.adapters.ingest.register import MAX_WORKBOOK_READ, read_register
from inforce.ontology import InputErrors

COLUMNS = ["file", "id", "revision", "seq", "kind", "title", "effective_from", "recorded"]
ROW = ["documents/a.md", "SOP-1", "0", 1, "sop", "Scope", "2026-01-10", "2026-01-05T09:00:00Z"]
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def _row(number: int, cells: list[str]) -> str:
    return f'<row r="{number}">' + "".join(
        f'<c r="{chr(65 + column)}{number}" t="inlineStr"><is><t>{text}</t></is></c>'
        for column, text in enumerate(cells)) + "</row>"


def _workbook(root: Path, other_sheet: str | None = None, extra: dict[str, bytes] | None = None) -> Path:
    """``register.xlsx``: the register (a header and one row) on its first sheet; a second
    sheet whose part is ``other_sheet`` as written; ``extra`` members besides."""
    from openpyxl import Workbook

    (root / "documents").mkdir(parents=True)
    (root / "documents" / "a.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nregistry: register.xlsx\n")
    book = Workbook()
    book.active.append(COLUMNS)
    book.active.append(ROW)
    book.create_sheet("data").append(["placeholder"])
    path = root / "register.xlsx"
    book.save(path)
    members = zip_members(path)
    if other_sheet is not None:
        members["xl/worksheets/sheet2.xml"] = other_sheet.encode()
    members.update(extra or {})
    return write_zip(path, members)


def _sheet(first_row: list[str], filler_mib: int) -> str:
    """A sheet part: ``first_row``, ``filler_mib`` MiB of rows, then XML that is not well-formed
    (an error to anything that reads the part past its first row)."""
    filler = "".join(_row(number, [f"{number:x}", "x", "y"]) for number in range(2, 2 + filler_mib * 7000))
    return f"<worksheet {NS}><sheetData>{_row(1, first_row)}{filler}<row r=\"999999\"><c></sheetData></worksheet>"


def test_an_unused_sheet_is_not_read_past_its_first_row(tmp_path: Path):
    path = _workbook(tmp_path, _sheet(["item", "qty", "note"], 2))
    started = time.perf_counter()
    register = read_register(path, "register.xlsx", root=tmp_path)
    assert time.perf_counter() - started < 10  # (generous: about 0.3 s; 12 s with 20 MiB read twice before)
    assert [row.values["id"] for row in register.rows] == ["SOP-1"]


def test_an_unused_sheet_opening_with_a_register_header_is_still_named(tmp_path: Path):
    path = _workbook(tmp_path, _sheet(COLUMNS, 1))
    with pytest.raises(InputErrors) as raised:
        read_register(path, "register.xlsx", root=tmp_path)
    [problem] = raised.value.exceptions
    assert "sheet(s) 'data' open with a register's header too" in problem.message


def test_an_unused_sheet_whose_first_row_runs_past_a_mib_is_no_register(tmp_path: Path):
    # a register's header is a line of short names: a first row past 1 MiB is not read to its end
    path = _workbook(tmp_path, _sheet(["file", "id", random.Random(3).randbytes(1 << 20).hex()], 0))
    register = read_register(path, "register.xlsx", root=tmp_path)
    assert [row.values["id"] for row in register.rows] == ["SOP-1"]


def test_parts_past_the_total_read_are_refused_naming_the_register(tmp_path: Path):
    # three parts of 45 MiB each (each under the 64 MiB and 200-times limits of one part)
    block = random.Random(7).randbytes(16 * 1024)
    blob = block * (45 * 64)
    path = _workbook(tmp_path, extra={f"xl/media/blob{i}.bin": blob for i in range(3)})
    result = CliRunner().invoke(app, ["ingest", str(tmp_path)])
    assert result.exit_code == 2, result.output[-2000:]
    assert "register.xlsx: not read: its register's sheet and shared parts unpack to " in result.stderr
    assert f"past the {MAX_WORKBOOK_READ:,} a register's workbook is read to" in result.stderr
    assert path.exists() and not any((tmp_path / ".inforce").rglob("*.kuzu*"))
