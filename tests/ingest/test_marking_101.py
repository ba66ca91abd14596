"""Audit 101 A F1: a marking in one cell of a table row of three cells or more was text.

In a document declaring no access, ``| SPEC-01 | MGMT ONLY | 0 |`` under ``| Document | Classification | Revision |``
was accepted and shown to every asker: the short-marking rule (``_SHORT_RUN`` words at most, audit 97 A F1) counted
the words of the whole row (four), though ``| MGMT ONLY | 0 |`` was refused. The same in a PDF's ruled table, a Word
table, a CSV record, and for a marking split over two rows of three cells (``RESTRICTED TO`` / ``MGMT``). Each cell
is now judged alone too, in ``Opening.judge`` (every reader's cells go through it), and a cell a marking carries or
continues from is judged with the next row's cells; a public table's ``| Adults only | 250 | daily |`` stays text
(a cell's other words must be written as a marking writes a group: ``MGMT``, ``Own.``, ``Mgrs``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.opening import Opening, declare_access, document_access, groups_in_use

META = "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"
#: another document, so the project uses the groups the markings abbreviate
GROUPS_DOC = ("---\nid: G\nkind: specification\ntitle: G\naccess: [owners, managers, finance]\n" + META +
              "---\n1.1 Group text.\n")
GROUPS = ["owners", "managers", "finance", "board", "staff", "it", "contractors"]


def project(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules:\n  - stock: precedence/none\n",
                                       encoding="utf-8")
    (root / "documents" / "g.md").write_text(GROUPS_DOC, encoding="utf-8")
    for name, text in files.items():
        if isinstance(text, bytes):
            (root / name).write_bytes(text)
        else:
            (root / name).write_text(text, encoding="utf-8")
    return root


def ingested(root: Path) -> tuple[int, str]:
    done = CliRunner().invoke(app, ["ingest", str(root)])
    return done.exit_code, done.output


def shown(root: Path, ident: str) -> str:
    return CliRunner().invoke(app, ["show", str(root), ident]).output


def label(table: str) -> str:
    return "---\nid: M1\nkind: label\ntitle: Label\n" + META + "---\n" + table + \
        "\n1.1 Recommended dosage. Give the QQDOSES below.\n"


@pytest.mark.parametrize("cell", ["MGMT ONLY", "FIN ONLY", "CONFIDENTIAL - MGMT", "Mgrs only", "RESTRICTED: OWN."])
def test_a_marking_in_one_cell_of_a_markdown_row_of_three_is_refused_and_never_shown(tmp_path, cell):
    table = f"| Document | Classification | Revision |\n|---|---|---|\n| SPEC-01 | {cell} | 0 |\n"
    root = project(tmp_path, {"documents/m1.md": label(table)})
    code, output = ingested(root)
    assert code == 2, output
    assert "documents/m1.md:11: access:" in output and "names no group" in output, output
    assert "QQDOSES" not in shown(root, "M1")


@pytest.mark.parametrize("table", [
    # a public table's rows: ordinary words beside 'only', a restricting word as a title's adjective
    "| Patient group | Dose (mg) | Frequency |\n|---|---|---|\n| Adults only | 250 | daily |\n"
    "| Restricted diet | 200 | daily |\n",
    "| Item | Note | Revision |\n|---|---|---|\n| Bins | Confidential waste disposal | 0 |\n",
    "| Door | Access | Note |\n|---|---|---|\n| D1 | Roof | keyed |\n",
])
def test_a_public_table_of_ordinary_words_is_kept(tmp_path, table):
    root = project(tmp_path, {"documents/m1.md": label(table)})
    code, output = ingested(root)
    assert code == 0, output
    assert "QQDOSES" in shown(root, "M1")


def test_a_marking_in_one_cell_of_a_csv_record_is_refused_and_never_shown(tmp_path):
    root = project(tmp_path, {"documents/c.csv": "Document,Classification,Revision\nSPEC-01,MGMT ONLY,0\n"
                                                 "SPEC-02,QQSCHEDULE,1\n",
                              "documents/c.csv.yaml": "id: C1\nkind: schedule\ntitle: Sched\n" + META})
    code, output = ingested(root)
    assert code == 2, output
    assert "documents/c.csv:2: access:" in output and "'| SPEC-01 | MGMT ONLY | 0 |' (table 1, row 1)" in output
    assert "QQSCHEDULE" not in shown(root, "C1")


def test_a_csv_of_ordinary_records_is_kept(tmp_path):
    root = project(tmp_path, {"documents/c.csv": "Patient group,Dose (mg),Frequency\nAdults only,250,daily\n"
                                                 "Restricted diet,200,QQSCHEDULE\n",
                              "documents/c.csv.yaml": "id: C1\nkind: schedule\ntitle: Sched\n" + META})
    code, output = ingested(root)
    assert code == 0, output
    assert "QQSCHEDULE" in shown(root, "C1")


def _word(rows: list[tuple[str, ...]]) -> bytes:
    docx = pytest.importorskip("docx")
    import io

    document = docx.Document()
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    for row, written in zip(table.rows, rows, strict=True):
        for cell, text in zip(row.cells, written, strict=True):
            cell.text = text
    document.add_paragraph("1.1 General")
    document.add_paragraph("A. The contractor shall do the QQWORK.")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


@pytest.mark.parametrize(("rows", "refused"), [
    ([("Document", "Classification", "Revision"), ("SPEC-01", "MGMT ONLY", "0")], True),
    ([("Patient group", "Dose (mg)", "Frequency"), ("Adults only", "250", "daily")], False),
])
def test_a_marking_in_one_cell_of_a_word_table_row_is_refused(tmp_path, rows, refused):
    root = project(tmp_path, {"documents/w.docx": _word(rows),
                              "documents/w.docx.yaml": "id: W1\nkind: specification\ntitle: Spec W\n" + META})
    code, output = ingested(root)
    assert code == (2 if refused else 0), output
    if refused:
        assert "documents/w.docx:2: access: '| SPEC-01 | MGMT ONLY | 0 |'" in output, output
    assert ("QQWORK" in shown(root, "W1")) is not refused


def _pdf(path: Path, rows: list[tuple[str, ...]]) -> None:
    fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")
    drawn = fpdf.FPDF(unit="pt", format="letter")
    drawn.set_auto_page_break(False)
    drawn.set_font("Helvetica", size=11)
    drawn.add_page()
    y = 72
    for row in rows:
        drawn.set_xy(72, y)
        for width, cell in zip((180, 100, 160), row, strict=True):
            drawn.cell(width, 20, cell, border=1)
        y += 20
    drawn.set_xy(72, y + 20)
    drawn.multi_cell(468, 14, "1.1 Recommended dosage. Give the QQDOSES below by mouth with food.")
    drawn.set_xy(72, y + 60)
    drawn.multi_cell(468, 14, "1.2 Renal impairment. Halve the dose when creatinine clearance is low.")
    drawn.output(str(path))


@pytest.mark.parametrize(("rows", "refused"), [
    ([("Group", "Dose (mg)", "Frequency"), ("MGMT ONLY", "250", "daily"), ("Adults", "125", "daily")],
     "'| MGMT ONLY | 250 | daily |' (table 1, row 1, page 1)"),
    # a marking split over two rows: the cell that restricts carried to the next row's cells
    ([("Group", "Dose (mg)", "Frequency"), ("RESTRICTED TO", "250", "daily"), ("MGMT", "200", "daily")],
     "'| MGMT | 200 | daily |' (table 1, row 2, page 1)"),
    ([("Patient group", "Dose (mg)", "Frequency"), ("Adults only", "250", "daily"),
      ("Restricted diet", "200", "daily")], None),
])
def test_a_marking_in_a_cell_of_a_pdf_table_is_refused(tmp_path, rows, refused):
    root = project(tmp_path, {"documents/t.pdf.yaml": "id: T1\nkind: label\ntitle: Label T\n" + META})
    _pdf(root / "documents" / "t.pdf", rows)
    code, output = ingested(root)
    assert code == (2 if refused else 0), output
    if refused:
        assert refused in output and "names no group" in output, output
    assert ("QQDOSES" in shown(root, "T1")) is (refused is None)


@pytest.mark.parametrize(("rows", "access", "refused"), [
    ([("Group", "Dose (mg)", "Frequency"), ("RESTRICTED TO", "250", "daily"), ("MGMT", "200", "daily")], None, 3),
    ([("Group", "Dose (mg)", "Frequency"), ("CONFIDENTIAL", "Dose (mg)", "Frequency"), ("FIN", "200", "daily")], None, 3),
    ([("Group", "Dose (mg)", "Frequency"), ("ONLY FOR", "MGMT", "x")], None, 2),  # split over two cells of a row
    # under access: [managers], the continuation names owners, which the document does not declare
    ([("Group", "Dose", "Frequency"), ("RESTRICTED TO MANAGERS AND", "1", "d"), ("OWNERS", "2", "d")], ["managers"], 3),
    ([("Group", "Dose (mg)", "Frequency"), ("Adults only", "250", "daily"), ("Restricted diet", "200", "daily")],
     None, None),
    ([("Group", "Dose (mg)", "Frequency"), ("Restricted to", "250", "daily"), ("Adults", "200", "daily")], None, None),
])
def test_the_library_judge_reads_each_cell_and_carries_a_cell_to_the_next_row(rows, access, refused):
    with groups_in_use(GROUPS), document_access():
        if access:
            declare_access(access)
        judge = Opening("x.md")
        errors = [judge.judge("| " + " | ".join(row) + " |", line_no=number, found=list(row))
                  for number, row in enumerate(rows, 1)]
    assert [number for number, error in enumerate(errors, 1) if error is not None] == \
        ([] if refused is None else [refused]), errors
