"""A table's header is repeated into every row, so its length costs once per row: a header cell
past ``HEADER_CELL_LIMIT`` characters (or a header line past ``HEADER_LINE_LIMIT``) is named by
its column in the rows (``column 3 (mg)``), keeping the cost linear in the file; a normal table
reads as written (issue 23: a 50 KB header over 4,000 rows made a 247 MB graph). Access never
depends on that length: the opening rule judges the header as written (a marking in a long cell,
an ``Access`` column of a wide header), and past the line limit a short cell keeps its name."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.opening import (
    declare_access,
    document_access,
    groups_in_use,
    table_errors,
)
from inforce.adapters.ingest.tables import (
    HEADER_CELL_KEPT,
    HEADER_CELL_LIMIT,
    HEADER_LINE_LIMIT,
    linearise_row,
    row_header,
)
from inforce.ontology import TableRow

import opening_projects
from opening_projects import refusals

runner = CliRunner()

FRONT = (
    "---\nid: TB-1\nkind: schedule\ntitle: T\nissued: 2026-03-02\neffective: {from: 2026-03-02}\n"
    "recorded: 2026-03-02T09:00:00Z\n---\n1 GENERAL\n\n1.1 Schedule.\n\n"
)
SIDECAR = "id: SCH-H\nkind: schedule\ntitle: H\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"


def _write(root: Path, name: str, text: str) -> Path:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    return path


def _hostile_markdown(columns: int, width: int, rows: int) -> str:
    header = "| " + " | ".join(f"Col{i}" + "w" * width for i in range(columns)) + " |\n"
    return FRONT + header + "|" + "---|" * columns + "\n" + ("|" + "x|" * columns + "\n") * rows


def _row_cost(document) -> int:
    return sum(len(p.text) + sum(map(len, p.header)) for p in document.provisions if p.kind == "table_row")


def test_a_normal_table_reads_as_written(tmp_path: Path):
    header_line = "| Mark | Width (in) | Concrete f'c (psi) |"
    path = _write(tmp_path, "t.md", FRONT + header_line + "\n|---|---|---|\n| F1 | 24 | 4000 |\n| F2 | 30 | 4500 |\n")
    document, _ = parse_document_with_warnings(path, tmp_path)
    rows = [p for p in document.provisions if p.kind == "table_row"]
    assert [row.text for row in rows] == [header_line + "\n| F1 | 24 | 4000 |", header_line + "\n| F2 | 30 | 4500 |"]
    assert rows[0].header == ("Mark", "Width (in)", "Concrete f'c (psi)")
    header = ("Group", "Dose (mg)")
    assert row_header(header) is header
    assert linearise_row(row_header(header), ("Adults", "250")) == "| Group | Dose (mg) |\n| Adults | 250 mg |"


def test_a_long_header_cell_is_named_by_its_column_with_its_unit():
    long = "Dose given to each patient " * 10 + "(mg)"
    assert len(long) > HEADER_CELL_LIMIT
    header = row_header(("Group", long, "Notes " * 40))
    assert header == ("Group", "column 2 (mg)", "column 3")
    # the unit still reads with a bare number under it
    assert linearise_row(header, ("Adults", "250", "none")).endswith("| Adults | 250 mg | none |")
    # a header line past its limit has every cell named by its column, however short each is
    wide = tuple(f"Reading {i} " + "w" * 60 for i in range(HEADER_LINE_LIMIT // 60))
    assert all(len(cell) <= HEADER_CELL_LIMIT for cell in wide)
    assert row_header(wide) == tuple(f"column {i + 1}" for i in range(len(wide)))


def test_a_hostile_markdown_header_costs_linearly(tmp_path: Path):
    text = _hostile_markdown(40, 1250, 300)
    path = _write(tmp_path, "t.md", text)
    document, _ = parse_document_with_warnings(path, tmp_path)
    rows = [p for p in document.provisions if p.kind == "table_row"]
    assert len(rows) == 300
    # repeated as written, the rows would hold 300 x 2 x 50 KB (30 MB) for a 66 KB file
    assert _row_cost(document) < 10 * len(text)
    assert rows[0].header[:2] == ("column 1", "column 2")
    assert rows[0].text.splitlines() == ["| " + " | ".join(f"column {i + 1}" for i in range(40)) + " |",
                                         "|" + "x|" * 40]
    # the header as written is kept once, in the text layer
    span = rows[0].header_span
    assert document.text_layer[span.start:span.end] == text.splitlines()[12]


def test_a_hostile_csv_header_costs_linearly(tmp_path: Path):
    text = ",".join(f"Col{i}" + "w" * 1250 for i in range(20)) + "\n" + ("x," * 19 + "x\n") * 300
    path = _write(tmp_path, "h.csv", text)
    _write(tmp_path, "h.csv.yaml", SIDECAR)
    document, _ = parse_document_with_warnings(path, tmp_path)
    assert sum(p.kind == "table_row" for p in document.provisions) == 300
    assert _row_cost(document) < 10 * len(text)


def _graph_bytes(root: Path) -> int:
    return sum(f.stat().st_size for f in (root / ".inforce").rglob("*") if f.is_file())


def test_a_hostile_header_graph_is_as_large_as_a_short_ones(tmp_path: Path):
    sizes = []
    for name, width in (("short", 0), ("long", 1250)):
        root = tmp_path / name
        _write(root, "t.md", _hostile_markdown(40, width, 200))
        (root / "inforce.yaml").write_text("project: h\nfacets: []\nrules: []\n", encoding="utf-8")
        result = runner.invoke(app, ["ingest", str(root)])
        assert result.exit_code == 0, result.output
        sizes.append(_graph_bytes(root))
    # quadratic, the long header adds 200 rows x 2 x 50 KB (20 MB) to the graph
    assert sizes[1] < sizes[0] * 1.3 + 2_000_000, sizes
    shown = runner.invoke(app, ["show", str(tmp_path / "long"), "TB-1#table-1.row-7"])
    assert shown.exit_code == 0, shown.output
    assert "column 40" in shown.output and "Col0www" not in shown.output


# -- the shortened header never hides access (FIX-I5B): the opening rule judges the header as written --

def _described(root: Path, name: str, text: str) -> Path:
    """A project whose register describes ``documents/<name>`` readable by qa, in a project using
    the groups engineers and qa (by which the opening rule decides)."""
    (root / "documents").mkdir(parents=True)
    row = f"documents/{name},LAB-7,Pump room,sop,B,1,2026-11-02,2026-11-02,2026-11-02T08:00:00Z,qa\n"
    (root / "register.csv").write_text(opening_projects.HEADER + row + opening_projects.other("engineers;qa"),
                                       encoding="utf-8")
    (root / "documents" / name).write_text(text, encoding="utf-8")
    return root


def _wide(separator: str, columns: int) -> str:
    """``columns`` short header cells after ``Mark`` and ``Access``, each behind ``separator``."""
    return "".join(f"{separator}Reading {i}" for i in range(columns))


def test_row_header_keeps_short_cells_past_the_line_limit():
    header = ("Mark", "Access", *(f"Reading {i} " + "w" * 60 for i in range(40)))
    assert len(linearise_row(header, header).splitlines()[0]) > HEADER_LINE_LIMIT
    written = row_header(header)
    assert written[:2] == ("Mark", "Access") and written[2] == "column 3"
    assert written == tuple(cell if len(cell) <= HEADER_CELL_KEPT else f"column {i + 1}" for i, cell in enumerate(header))


@pytest.mark.parametrize("name", ["s.csv", "s.md"])
def test_an_access_column_of_a_wide_header_is_refused_as_under_a_short_one(tmp_path: Path, name: str):
    def said(columns: int) -> list[str]:
        if name.endswith(".csv"):
            text = f"Mark,Access{_wide(',', columns)}\nLAB-7,engineers" + ",x" * columns + "\n"
        else:
            text = (f"| Mark | Access{_wide(' | ', columns)} |\n|" + "---|" * (columns + 2)
                    + "\n| LAB-7 | engineers |" + " x |" * columns + "\n\n1 SCOPE\n\nThe pump room.\n")
        if columns:
            assert len(text.splitlines()[0]) > HEADER_LINE_LIMIT
        return refusals(_described(tmp_path / str(columns), name, text), name)

    short = said(0)
    assert len(short) == 1 and "'Access: engineers' (table 1, row 1) reads as access metadata" in short[0], short
    assert said(250) == short


@pytest.mark.parametrize("name", ["s.csv", "s.md"])
def test_a_marking_in_a_long_header_cell_is_refused_as_in_a_short_one(tmp_path: Path, name: str):
    def said(cell: str) -> list[str]:
        text = (f"Mark,{cell}\nLAB-7,3\n" if name.endswith(".csv")
                else f"| Mark | {cell} |\n|---|---|\n| LAB-7 | 3 |\n\n1 SCOPE\n\nThe pump room.\n")
        return refusals(_described(tmp_path / str(len(cell)), name, text), name)

    long = "Readings taken at the pump room " * 9 + "engineers only"
    assert len(long) > HEADER_CELL_LIMIT and row_header(("Mark", long)) == ("Mark", "column 2")
    for cell in ("engineers only", long):
        errors = said(cell)
        assert len(errors) == 1 and ":1: access:" in errors[0] and "reads as access metadata" in errors[0], errors


def test_table_errors_judge_a_pdf_tables_header_as_written():
    # a PDF's rows repeat the shortened header; its reader hands the one as written on (PdfTables.headers)
    long = "Readings taken at the pump room " * 9 + "engineers only"
    text = f"Mark {long}\nLAB-7 3\n"
    row = TableRow.model_validate({
        "path": "table-1.row-1", "table": 1, "row": 1, "header": row_header(("Mark", long)), "cells": ("LAB-7", "3"),
        "span": {"start": text.index("LAB-7"), "end": len(text) - 1},
        "header_span": {"start": 0, "end": text.index("\n")}, "text": "",
    })
    with groups_in_use(["engineers", "qa"]), document_access():
        declare_access(("qa",))
        assert table_errors(text, [row], "t.pdf", set(), headers={1: ("Mark", "column 2")}) == []
        errors = table_errors(text, [row], "t.pdf", set(), headers={1: ("Mark", long)})
    assert [(error.line, error.field) for error in errors] == [(1, "access")], errors
