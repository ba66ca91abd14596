"""PDF tables and the row-count check, on PDFs the tests draw themselves (fpdf2).

A dosing table with a ``Dose (mg)`` column, drawn clean (every row ruled), with its last rows
left unruled (camelot's lattice loses them: the naive extraction), and over a page break.
The quarantine must fire where rows are lost and leave nothing of that table indexed; a
clean table must pass and its rows read with their unit; offsets and pages must map back.
Through the CLI: the quarantine is reported with file, page and both counts; an encrypted
or damaged PDF is an input error naming the file (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.pdf import pdf_text_layer
from inforce.adapters.ingest.pdftables import read_pdf_tables
from inforce.ontology import InputErrors, Section, TableRow

from corpus_writer import write_doc

fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")

runner = CliRunner()

HEADER = ("Patient group", "Dose (mg)", "Frequency")
ROWS = [
    ("Adults", "250", "every 12 hours"),
    ("Adolescents", "200", "every 12 hours"),
    ("Children over 6", "125", "every 8 hours"),
    ("Children 2 to 6", "100", "every 8 hours"),
    ("Severe infection", "500", "every 6 hours"),
    ("Maximum daily", "2000", "in divided doses"),
]
WIDTHS = (180, 100, 160)
SIDECAR = (
    "id: LBL-7\nkind: label\ntitle: Dosing label\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01\n"
)


class _Drawing:
    """A letter-size PDF in points, drawn top-down as fpdf2 does."""

    def __init__(self) -> None:
        self.pdf = fpdf.FPDF(unit="pt", format="letter")
        self.pdf.set_auto_page_break(False)
        self.pdf.set_font("Helvetica", size=11)
        self.pdf.add_page()

    def text(self, y: float, words: str) -> None:
        self.pdf.set_xy(72, y)
        self.pdf.multi_cell(468, 14, words)

    def row(self, y: float, cells: tuple[str, ...], *, ruled: bool = True) -> None:
        self.pdf.set_xy(72, y)
        for width, cell in zip(WIDTHS, cells, strict=True):
            self.pdf.cell(width, 20, cell, border=1 if ruled else 0)

    def page(self) -> None:
        self.pdf.add_page()

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pdf.output(str(path))
        return path


def _label(path: Path, *, ruled_rows: int = len(ROWS)) -> Path:
    """The dosing label: a heading, a paragraph, the table (its first ``ruled_rows`` body
    rows ruled, the rest not), and a paragraph after it."""
    drawing = _Drawing()
    drawing.text(72, "1 DOSAGE AND ADMINISTRATION")
    drawing.text(100, "1.1 Recommended dosage. Give the doses below by mouth with food.")
    drawing.row(150, HEADER)
    for index, cells in enumerate(ROWS):
        drawing.row(170 + 20 * index, cells, ruled=index < ruled_rows)
    drawing.text(320, "1.2 Renal impairment. Halve the dose when creatinine clearance is low.")
    return drawing.save(path)


def _over_a_page_break(path: Path, *, second_page_ruled: bool) -> Path:
    """The table starts at the foot of page 1 and its last three rows are on page 2."""
    drawing = _Drawing()
    drawing.text(72, "1 DOSAGE AND ADMINISTRATION")
    drawing.text(100, "1.1 Recommended dosage. Give the doses below by mouth with food.")
    drawing.row(640, HEADER)
    for index, cells in enumerate(ROWS[:3]):
        drawing.row(660 + 20 * index, cells)
    drawing.page()
    for index, cells in enumerate(ROWS[3:]):
        drawing.row(72 + 20 * index, cells, ruled=second_page_ruled)
    drawing.text(200, "1.2 Renal impairment. Halve the dose when creatinine clearance is low.")
    return drawing.save(path)


def _tables(path: Path):
    layer = pdf_text_layer(path, file=path.name)
    return layer, read_pdf_tables(path, layer, file=path.name)


def _document(root: Path, name: str):
    (root / "documents" / f"{name}.yaml").write_text(SIDECAR)
    return parse_document_with_warnings(root / "documents" / name, root)


# -- the check ---------------------------------------------------------------------------


def test_a_clean_table_passes_and_reads_with_its_unit(tmp_path: Path):
    layer, tables = _tables(_label(tmp_path / "label.pdf"))
    assert tables.quarantined == [] and tables.warnings == []
    assert [row.cells for row in tables.rows] == ROWS
    first = tables.rows[0]
    assert first.header == HEADER and first.path == "table-1.row-1"
    assert first.text == (
        "| Patient group | Dose (mg) | Frequency |\n| Adults | 250 mg | every 12 hours |"
    )
    assert tables.rows[-1].text.endswith("| Maximum daily | 2000 mg | in divided doses |")


def test_rows_lattice_loses_are_found_again_by_stream(tmp_path: Path):
    # The last two rows have no ruling lines: lattice reads four body rows and stops (the
    # naive extraction); the page's lines say seven rows, so stream reads the page again.
    path = _label(tmp_path / "label.pdf", ruled_rows=4)
    import camelot

    (naive,) = camelot.read_pdf(str(path), flavor="lattice")
    assert len(naive.data) == 5
    layer, tables = _tables(path)
    assert tables.quarantined == []
    assert [row.cells for row in tables.rows] == ROWS


def test_a_table_over_a_page_break_is_one_table(tmp_path: Path):
    layer, tables = _tables(_over_a_page_break(tmp_path / "label.pdf", second_page_ruled=True))
    assert tables.quarantined == []
    assert [row.cells for row in tables.rows] == ROWS
    assert {row.table for row in tables.rows} == {1} and tables.rows[-1].header == HEADER
    assert [row.span.page_start for row in tables.rows] == [1, 1, 1, 2, 2, 2]


def test_rows_lost_over_a_page_break_quarantine_the_table(tmp_path: Path):
    # Page 2 carries the last rows without rules: camelot finds no table there to join, and
    # the table it reads on page 1 stops at the page break with the largest doses lost.
    layer, tables = _tables(_over_a_page_break(tmp_path / "label.pdf", second_page_ruled=False))
    assert tables.rows == []  # nothing of the table is indexed
    (table,) = tables.quarantined
    assert (table.table, table.page, table.page_end) == (1, 1, 2)
    assert (table.extracted_rows, table.text_rows) == (4, 7)
    (warning,) = tables.warnings
    assert warning.file == "label.pdf" and "pages 1-2" in str(warning)
    assert "4 rows extracted, 7 rows in the text layer" in str(warning)


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_row_spans_and_pages_map_back_to_the_text_layer(tmp_path: Path):
    layer, tables = _tables(_over_a_page_break(tmp_path / "label.pdf", second_page_ruled=True))
    for row in tables.rows:
        found = layer.text[row.span.start : row.span.end]
        assert found.split() == " ".join(row.cells).split()  # the row as the PDF has it
        page = row.span.page_start
        assert layer.page_starts[page - 1] <= row.span.start
        assert page == len(layer.page_starts) or row.span.end <= layer.page_starts[page]
    header = tables.rows[0].header_span
    assert layer.text[header.start : header.end].split() == " ".join(HEADER).split()


def test_a_page_of_prose_is_not_given_to_camelot(tmp_path: Path):
    drawing = _Drawing()
    for line in range(12):
        drawing.text(72 + 16 * line, f"Paragraph {line + 1}: store below 25 C and keep away from children.")
    layer, tables = _tables(drawing.save(tmp_path / "prose.pdf"))
    assert tables.pages_read == () and tables.rows == []


# -- as a document -------------------------------------------------------------------------


def test_a_pdf_documents_rows_sit_in_their_section(tmp_path: Path):
    _label(tmp_path / "documents" / "label.pdf")
    document, warnings = _document(tmp_path, "label.pdf")
    rows = [p for p in document.provisions if isinstance(p, TableRow)]
    assert [row.path for row in rows] == [f"table-1.row-{n}" for n in range(1, 7)]
    assert {row.parent for row in rows} == {"1.1"}
    assert document.quarantined_tables == ()
    for section in (p for p in document.provisions if isinstance(p, Section)):
        assert section.span.slice(document.text_layer) == section.text
    starts = [p.span.start for p in document.provisions]
    assert starts == sorted(starts)  # rows among the sections in document order


def test_a_quarantined_table_is_recorded_on_the_document_and_has_no_rows(tmp_path: Path):
    _over_a_page_break(tmp_path / "documents" / "label.pdf", second_page_ruled=False)
    document, warnings = _document(tmp_path, "label.pdf")
    assert not any(isinstance(p, TableRow) for p in document.provisions)
    (table,) = document.quarantined_tables
    assert (table.extracted_rows, table.text_rows) == (4, 7)
    assert any("quarantined" in str(w) and w.file == "documents/label.pdf" for w in warnings)


# -- through the CLI -----------------------------------------------------------------------


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: dosing\n")
    write_doc(root, "SPEC", "2026-01-01", "2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n")
    return root


def _ingest(root: Path, *extra: str):
    return runner.invoke(app, ["ingest", str(root), *extra])


@pytest.mark.slow
def test_ingest_reports_a_quarantined_table_with_its_page_and_counts(tmp_path: Path):
    root = _project(tmp_path)
    _over_a_page_break(root / "documents" / "label.pdf", second_page_ruled=False)
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    result = _ingest(root, "--format", "json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["quarantined"] == [
        {
            "file": "documents/label.pdf",
            "document": "LBL-7@0",
            "table": 1,
            "page": 1,
            "page_end": 2,
            "extracted_rows": 4,
            "text_rows": 7,
        }
    ]
    assert "documents/label.pdf" in result.stderr and "4 rows extracted, 7 rows" in result.stderr
    shown = runner.invoke(app, ["show", str(root), "LBL-7#table-1.row-1"])
    assert shown.exit_code == 2  # not indexed: no such provision
    found = runner.invoke(app, ["show", str(root), "LBL-7#1.1"])
    assert found.exit_code == 0, found.output


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_ingest_text_output_names_the_quarantine(tmp_path: Path):
    root = _project(tmp_path)
    _over_a_page_break(root / "documents" / "label.pdf", second_page_ruled=False)
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    result = _ingest(root)
    assert result.exit_code == 0, result.output
    assert "quarantined: documents/label.pdf table 1 on pages 1-2: 4 rows extracted, 7" in result.stderr


@pytest.mark.slow
def test_a_clean_tables_rows_are_in_the_graph(tmp_path: Path):
    root = _project(tmp_path)
    _label(root / "documents" / "label.pdf")
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    result = _ingest(root, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["quarantined"] == []
    shown = runner.invoke(app, ["show", str(root), "LBL-7#table-1.row-5"])
    assert shown.exit_code == 0 and "500 mg" in shown.stdout


def test_a_damaged_pdf_is_an_input_error_naming_it(tmp_path: Path):
    root = _project(tmp_path)
    whole = _label(tmp_path / "whole.pdf").read_bytes()
    (root / "documents" / "label.pdf").write_bytes(b"%PDF-1.4\n" + bytes(200) + whole[-300:])
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    result = _ingest(root)
    assert result.exit_code == 2
    assert "documents/label.pdf" in result.stderr and "damaged or not a PDF" in result.stderr


def test_an_encrypted_pdf_is_an_input_error_naming_it(tmp_path: Path):
    root = _project(tmp_path)
    drawing = _Drawing()
    drawing.text(72, "1 DOSAGE: 250 mg every 12 hours.")
    drawing.pdf.set_encryption(owner_password="owner", user_password="secret")
    drawing.save(root / "documents" / "label.pdf")
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    result = _ingest(root)
    assert result.exit_code == 2
    assert "documents/label.pdf" in result.stderr and "encrypted" in result.stderr


def test_a_pdf_without_text_is_named_with_its_page_count(tmp_path: Path):
    from .test_ingest_hostile import _pdf

    pdf = _pdf(tmp_path / "documents" / "scan.pdf", image=True)
    (tmp_path / "documents" / "scan.pdf.yaml").write_text(SIDECAR)
    from inforce.adapters.ingest import UnreadableFileError

    with pytest.raises(UnreadableFileError, match="1 page"):
        parse_document_with_warnings(pdf, tmp_path)


def test_a_damaged_pdf_with_a_bad_sidecar_reports_both(tmp_path: Path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "label.pdf").write_bytes(b"not a pdf at all")
    (tmp_path / "documents" / "label.pdf.yaml").write_text(SIDECAR.replace("kind: label", "kind: leaflet"))
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(tmp_path / "documents" / "label.pdf", tmp_path)
    files = sorted(error.file for error in caught.value.exceptions)  # type: ignore[attr-defined]
    assert files == ["documents/label.pdf", "documents/label.pdf.yaml"]
