"""CSV schedules: a ``.csv`` under documents/ with a ``.csv.yaml`` sidecar is a document whose
rows are provisions (``table-1.row-N``, header repeated, header units written in); a CSV
without a sidecar is data, named among the files not read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import content_hash, discover_files, parse_document_with_warnings
from inforce.adapters.ingest.tables import header_unit, linearise_row
from inforce.ontology import InputErrors, TableRow

runner = CliRunner()

SIDECAR = (
    "id: SCH-F\nkind: schedule\ntitle: Footing schedule\neffective: {from: 2026-03-02}\n"
    "recorded: 2026-03-02T09:00:00Z\n"
)
SCHEDULE = (
    "Mark,Width (in),Depth (in),Reinforcing,Concrete f'c (psi)\r\n"
    'F1,24,12,"#5 @ 12"" O.C.",4000\r\n'
    'F2,"1,200",18,"#6 @ 10"" O.C.,\nboth ways",4500\r\n'
    "\r\n"
    "F3,30,12,#5 @ 12,4000\r\n"
)


def _write(root: Path, name: str, text: str) -> Path:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_header_units():
    assert header_unit("Dose (mg)") == "mg" and header_unit("Width [in]") == "in"
    assert header_unit("Rate (mg/kg/day)") == "mg/kg/day" and header_unit("Share (%)") == "%"
    for no_unit in ("Revenue (Rs. in 000)", "Notes (see)", "Size (2)", "Mark"):
        assert header_unit(no_unit) is None, no_unit


def test_a_bare_number_reads_with_its_header_unit():
    header = ("Group", "Dose (mg)", "Share (%)", "Frequency")
    assert linearise_row(header, ("Adults", "250", "1.5", "every 12 hours")) == (
        "| Group | Dose (mg) | Share (%) | Frequency |\n| Adults | 250 mg | 1.5% | every 12 hours |"
    )
    # a cell that is not a bare number, or has its unit, is left as written
    assert "| 0.25 g | none |" in linearise_row(("Dose (mg)", "Notes (mg)"), ("0.25 g", "none"))
    assert "| a\\|b |" in linearise_row(("X",), ("a|b",))  # a pipe in a cell is escaped


def test_discovery_lists_a_csv_with_its_sidecar_only(tmp_path: Path):
    _write(tmp_path, "footings.csv", SCHEDULE)
    _write(tmp_path, "footings.csv.yaml", SIDECAR)
    _write(tmp_path, "data/export.csv", "a,b\n1,2\n")
    _write(tmp_path, "orphan.csv.yaml", SIDECAR)
    found, unread = discover_files(tmp_path)
    names = [path.relative_to(tmp_path).as_posix() for path in found]
    assert names == ["documents/footings.csv", "documents/orphan.csv.yaml"]
    assert [path.name for path in unread] == ["export.csv"]
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(tmp_path / "documents" / "orphan.csv.yaml", tmp_path)
    (error,) = caught.value.exceptions
    assert "a CSV sidecar without its CSV (orphan.csv)" in str(error)


def test_a_csv_schedule_is_a_document_of_rows(tmp_path: Path):
    csv = _write(tmp_path, "footings.csv", SCHEDULE)
    sidecar = _write(tmp_path, "footings.csv.yaml", SIDECAR)
    document, warnings = parse_document_with_warnings(csv, tmp_path)
    assert (document.id, document.kind, document.source.format) == ("SCH-F", "schedule", "csv")
    assert warnings == []
    rows = document.provisions
    assert all(isinstance(row, TableRow) for row in rows)
    assert [row.path for row in rows] == ["table-1.row-1", "table-1.row-2", "table-1.row-3"]
    assert rows[1].cells == ("F2", "1,200", "18", '#6 @ 10" O.C., both ways', "4500")
    assert rows[1].text.splitlines()[1] == '| F2 | 1,200 in | 18 in | #6 @ 10" O.C., both ways | 4500 psi |'
    layer = document.text_layer
    assert layer[rows[0].span.start : rows[0].span.end] == 'F1,24,12,"#5 @ 12"" O.C.",4000'
    assert layer[rows[1].span.start : rows[1].span.end] == 'F2,"1,200",18,"#6 @ 10"" O.C.,\nboth ways",4500'
    assert layer[rows[0].header_span.start : rows[0].header_span.end].startswith("Mark,Width (in)")
    before = content_hash(csv)
    sidecar.write_text(SIDECAR.replace("Footing", "Footings"), encoding="utf-8")
    assert content_hash(csv) != before  # the sidecar is part of the hash


def test_a_schedule_whose_lines_end_in_cr_alone_reads_as_its_lf_twin(tmp_path: Path):
    """Audit 78 B F5: a schedule saved as "CSV (Macintosh)" (each line ended by CR alone) was
    refused with Python's "universal-newline mode" hint and called empty; the register's reader
    took the same file. Its rows, cells and spans are the LF file's; an error's line is counted
    the same (a CR ends a line, as a text editor shows it)."""
    plain = "Mark,Width (in),Depth (in)\nF1,24,12\nF2,\"1,200\",18\n"
    read = {}
    for folder, text in (("lf", plain), ("cr", plain.replace("\n", "\r"))):
        _write(tmp_path / folder, "f.csv.yaml", SIDECAR)
        read[folder] = parse_document_with_warnings(_write(tmp_path / folder, "f.csv", text), tmp_path / folder)
    (lf_doc, _), (cr_doc, warnings) = read["lf"], read["cr"]
    assert warnings == []
    assert [(r.path, r.cells, r.span) for r in cr_doc.provisions] == [(r.path, r.cells, r.span) for r in lf_doc.provisions]
    assert [r.cells for r in cr_doc.provisions] == [("F1", "24", "12"), ("F2", "1,200", "18")]
    bad = _write(tmp_path / "bad", "f.csv", "Mark,Width (in)\rF1,24\rF2,30,12\r")
    _write(tmp_path / "bad", "f.csv.yaml", SIDECAR)
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(bad, tmp_path / "bad")
    (error,) = caught.value.exceptions
    assert (error.line, error.field) == (3, "table-1.row-2"), error


def test_a_record_with_the_wrong_cell_count_is_an_error_at_its_line(tmp_path: Path):
    csv = _write(tmp_path, "footings.csv", "Mark,Width (in)\nF1,24\nF2,30,12\n")
    _write(tmp_path, "footings.csv.yaml", SIDECAR)
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(csv, tmp_path)
    (error,) = caught.value.exceptions
    assert (error.file, error.line, error.field) == ("documents/footings.csv", 3, "table-1.row-2")


def test_a_csv_without_its_sidecar_given_directly_names_the_sidecar(tmp_path: Path):
    csv = _write(tmp_path, "footings.csv", SCHEDULE)
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(csv, tmp_path)
    (error,) = caught.value.exceptions
    assert error.field == "sidecar" and "footings.csv.yaml" in str(error)


def test_semicolons_separate_cells_where_the_header_has_no_comma(tmp_path: Path):
    csv = _write(tmp_path, "doses.csv", "Group;Dose (mg)\nAdults;250\nChildren;2,5\n")
    _write(tmp_path, "doses.csv.yaml", SIDECAR)
    document, _ = parse_document_with_warnings(csv, tmp_path)
    assert [row.cells for row in document.provisions] == [("Adults", "250"), ("Children", "2,5")]


@pytest.mark.slow
def test_ingest_and_show_a_schedule_row(tmp_path: Path):
    (tmp_path / "inforce.yaml").write_text("project: schedules\n")
    _write(tmp_path, "footings.csv", SCHEDULE)
    _write(tmp_path, "footings.csv.yaml", SIDECAR)
    _write(tmp_path, "export.csv", "a,b\n1,2\n")
    result = runner.invoke(app, ["ingest", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["added"] == ["SCH-F@0"] and summary["skipped"] == ["documents/export.csv"]
    assert "documents/export.csv: not read" in result.stderr
    shown = runner.invoke(app, ["show", str(tmp_path), "SCH-F#table-1.row-3"])
    assert shown.exit_code == 0 and "30 in" in shown.stdout
