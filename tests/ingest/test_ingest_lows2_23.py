"""Issue 23, the twentieth audit's lows at ingest (HELPER LOWS2).

1. A CSV is read strictly, one reading for a schedule and a register (``tables.csv_records``):
   a quote opened and never closed folded every later line into one cell, silently (a
   schedule's rows F2 and F3 vanished into row 1, ingest exit 0).
2. An ``access`` value naming no group (front matter ``access: []``, a register cell ``" ; "``)
   or holding an empty name (``owners;;qa``) is an error at its file, line and field wherever it
   is written: read as written it let no one read the document, silently.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.adapters.ingest.tables import read_csv_table
from inforce.ontology import InputError, InputErrors

SIDECAR = (
    "id: SCH-1\nkind: schedule\ntitle: Footing schedule\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01T09:00:00Z\n"
)
UNCLOSED = 'Mark,Width (in)\nF1,"24\nF2,30\nF3,36\n'


# -- 1. a CSV read strictly --------------------------------------------------------------------


def test_an_unclosed_quote_in_a_schedule_is_an_error_where_its_record_opens():
    block = read_csv_table(UNCLOSED, file="documents/sched.csv")
    assert block.rows == []  # no row made of the rest of the file
    (error,) = block.errors
    assert (error.file, error.line, error.field) == ("documents/sched.csv", 2, "table-1.row-1")
    assert "never closed" in error.message


def test_text_after_a_closing_quote_is_an_error_at_its_record():
    block = read_csv_table('Mark,Bars\nF1,12\nF2,"#5 @ 12" O.C.\n', file="s.csv")
    assert [row.path for row in block.rows] == ["table-1.row-1"]
    (error,) = block.errors
    assert (error.line, error.field) == (3, "table-1.row-2") and "closing quote" in error.message
    # a quote written twice inside a quoted cell is the quote itself
    block = read_csv_table('Mark,Bars\nF2,"#5 @ 12"" O.C."\n', file="s.csv")
    assert not block.errors and block.rows[0].cells == ("F2", '#5 @ 12" O.C.')


def test_an_unclosed_quote_in_a_schedule_fails_the_ingest_and_changes_nothing(tmp_path: Path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lows2\nfacets: []\nrules: []\n")
    (root / "documents" / "sched.csv.yaml").write_text(SIDECAR)
    (root / "documents" / "sched.csv").write_text(UNCLOSED)
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    assert "documents/sched.csv:2: table-1.row-1:" in result.stderr and "never closed" in result.stderr
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def _register(root: Path, rows: str, *, name: str = "register.csv") -> Path:
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "documents" / "a.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    (root / "documents" / "b.md").write_text("1 SCOPE\n\n1.1 No records.\n")
    (root / name).write_text(
        "file,id,revision,seq,kind,title,effective_from,recorded,access\n" + rows, encoding="utf-8")
    return root / name


ROW_A = "documents/a.md,A-1,0,1,sop,Kept,2026-01-10,2026-01-05T09:00:00Z,{access}\n"
ROW_B = "documents/b.md,B-1,0,1,sop,Other,2026-01-10,2026-01-05T09:00:00Z,\n"


def test_an_unclosed_quote_in_a_register_is_an_error_at_its_row(tmp_path: Path):
    """The quote opens in the last column (access), so the row swallowed after it left the cell
    count whole: only a strict read sees it."""
    path = _register(tmp_path, ROW_A.format(access='"owners') + ROW_B)
    with pytest.raises(InputErrors) as caught:
        read_register(path, "register.csv", root=tmp_path)
    (error,) = caught.value.exceptions
    assert isinstance(error, InputError)
    assert (error.file, error.line) == ("register.csv", 2) and "never closed" in error.message


# -- 2. an access value naming no group --------------------------------------------------------


def _access_problems(root: Path, path: Path, register: str) -> list[tuple[str | None, int | None, str | None, str]]:
    try:
        read = read_register(path, register, root=root)
        parse_document_with_warnings(root / "documents" / "a.md", root, register=read)
    except InputErrors as caught:
        return [(e.file, e.line, e.field, e.message) for e in caught.exceptions]  # type: ignore[union-attr]
    return []


@pytest.mark.parametrize(("cell", "said"), [(" ; ", "lists no group"), (";", "lists no group"),
                                            ("owners;;qa", "an empty group name"),
                                            ("owners; ", "an empty group name"),
                                            (" ", "an empty group name")])  # audit 70 B F1: was public
def test_a_csv_register_access_cell_naming_no_group_or_an_empty_one_is_an_error(tmp_path: Path, cell, said):
    path = _register(tmp_path, ROW_A.format(access=cell))
    [(file, line, field, message)] = _access_problems(tmp_path, path, "register.csv")
    assert (file, line, field) == ("register.csv", 2, "access") and said in message


def test_an_xlsx_register_access_cell_naming_no_group_is_an_error(tmp_path: Path):
    from openpyxl import Workbook

    book = Workbook()
    for line in ("file,id,revision,seq,kind,title,effective_from,recorded,access\n" + ROW_A.format(access=" ; ")).splitlines():
        book.active.append(line.split(","))
    _register(tmp_path, "", name="unused.csv")
    book.save(tmp_path / "register.xlsx")
    [(file, line, field, message)] = _access_problems(tmp_path, tmp_path / "register.xlsx", "register.xlsx")
    assert (file, line, field) == ("register.xlsx", 2, "access") and "lists no group" in message


def test_a_sidecar_access_list_naming_no_group_is_an_error_at_its_line(tmp_path: Path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "sched.csv").write_text("Mark,Width (in)\nF1,24\n")
    (tmp_path / "documents" / "sched.csv.yaml").write_text(SIDECAR + "access: []\n")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(tmp_path / "documents" / "sched.csv", tmp_path)
    (error,) = caught.value.exceptions
    assert (error.file, error.line, error.field) == ("documents/sched.csv.yaml", 6, "access")  # type: ignore[union-attr]


def test_an_empty_access_fails_the_ingest_with_exit_2(tmp_path: Path):
    root = tmp_path / "p"
    _register(root, ROW_A.format(access=" ; "))
    (root / "documents" / "b.md").unlink()
    (root / "inforce.yaml").write_text("project: lows2\nfacets: []\nrules: []\nregistry: register.csv\n")
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    [said] = [line for line in result.stderr.splitlines() if line.startswith("register.csv:")]
    assert said.startswith("register.csv:2: access: lists no group")
