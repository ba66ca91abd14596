"""Document control's register as the metadata of files that carry none (issue 13).

The register is a CSV (or an XLSX workbook, or a YAML list) the manifest names; each row
with a ``file`` is that file's front matter; the rest are revisions recorded but not
ingested. Everything runs through the real ingest, store and as-of.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import InputErrors

HEADER = "file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed,access,applies_to.market\n"
REV0 = "documents/sop-7-rev0.md,SOP-7,0,1,sop,Retention,2026-01-05,2026-01-10,,2026-01-05T09:00:00Z,,,UK;IE\n"
REV1 = "documents/sop-7-rev1.md,SOP-7,1,2,sop,Retention,2026-03-01,2026-03-10,,2026-03-01T09:00:00Z,2.1,,UK;IE\n"
PENDING = ",SOP-7,2,3,sop,Retention,2026-05-01,2026-05-10,,2026-05-01T09:00:00Z,2.1,,UK\n"


def project(tmp_path: Path, register: str, *, name: str = "register.csv") -> Path:
    root = tmp_path / "reg"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: reg\nfacets: [market]\nregistry: {name}\n")
    # no front matter: the register is their metadata
    (root / "documents" / "sop-7-rev0.md").write_text("1 SCOPE\n\n1.1 All records.\n\n2 RETENTION\n\n2.1 Keep records 5 years.\n")
    (root / "documents" / "sop-7-rev1.md").write_text("1 SCOPE\n\n1.1 All records.\n\n2 RETENTION\n\n2.1 Keep records 7 years.\n")
    if name.endswith(".csv"):
        (root / name).write_text(register)
    return root


@pytest.mark.slow
def test_files_without_front_matter_take_their_metadata_from_the_register(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1 + PENDING)
    result = ingest_project(root)
    assert sorted(result.added) == ["SOP-7@0", "SOP-7@1"]
    with Project.open(root) as opened:
        before = opened.asof("SOP-7#2.1", dt.date(2026, 2, 1))
        after = opened.asof("SOP-7#2.1", dt.date(2026, 4, 1))
        documents = {d.uid: d for d in opened.snapshot.store.documents()}
    assert before.resolved.format() == "SOP-7@0#2.1" and "5 years" in before.text
    assert after.resolved.format() == "SOP-7@1#2.1" and "7 years" in after.text
    rev1 = documents["SOP-7@1"]
    assert (rev1.kind, rev1.title, rev1.seq, rev1.changed) == ("sop", "Retention", 2, ("2.1",))
    assert rev1.applies_to == {"market": ("UK", "IE")} and rev1.source.file == "documents/sop-7-rev1.md"
    # the row without a file is a revision recorded, not ingested: lag names it
    lag = CliRunner().invoke(app, ["lag", str(root), "--format", "json"])
    assert '"SOP-7@2"' in lag.stdout


@pytest.mark.slow
def test_an_xlsx_register_reads_as_the_csv_does(tmp_path):
    from openpyxl import Workbook

    root = project(tmp_path, "", name="register.xlsx")
    book = Workbook()
    sheet = book.active
    for line in (HEADER + REV0 + REV1).splitlines():
        cells: list[object] = line.split(",")
        sheet.append(cells)
    # a spreadsheet keeps dates as dates: a cell typed as a date reads as one
    sheet["H2"] = dt.datetime(2026, 1, 10)
    sheet["J2"] = dt.datetime(2026, 1, 5, 9, 0)
    book.save(root / "register.xlsx")
    ingest_project(root)
    with Project.open(root) as opened:
        rev0 = next(d for d in opened.snapshot.store.documents() if d.uid == "SOP-7@0")
    assert rev0.effective.from_ == dt.date(2026, 1, 10)
    assert rev0.recorded == dt.datetime(2026, 1, 5, 9, tzinfo=dt.UTC)


@pytest.mark.slow
def test_a_row_for_a_missing_file_fails_the_ingest_at_its_line_and_changes_nothing(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    ingest_project(root)
    (root / "register.csv").write_text(HEADER + REV0 + REV1.replace("sop-7-rev1.md", "sop-7-rev9.md"))
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    (problem,) = failed.value.exceptions
    assert (problem.file, problem.line, problem.field) == ("register.csv", 3, "file")
    assert "documents/sop-7-rev9.md" in str(problem)
    with Project.open(root) as opened:
        assert sorted(d.uid for d in opened.snapshot.store.documents()) == ["SOP-7@0", "SOP-7@1"]


def test_a_bad_cell_is_reported_at_the_register_row_and_column(tmp_path):
    root = project(tmp_path, HEADER + REV0.replace("2026-01-10", "10/01/2026") + REV1)
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code != 0
    assert "register.csv:2" in result.stderr and "effective_from" in result.stderr


def test_the_register_and_front_matter_must_agree_and_fill_each_other_in(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    # front matter that leaves recorded to the register, and agrees on the rest
    text = (root / "documents" / "sop-7-rev1.md").read_text()
    (root / "documents" / "sop-7-rev1.md").write_text("---\nid: SOP-7\nrevision: '1'\n---\n" + text)
    ingest_project(root)
    # a field both give, differently: an error naming both places
    (root / "documents" / "sop-7-rev1.md").write_text("---\nid: SOP-7\nrevision: '1'\nkind: policy\n---\n" + text)
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    (problem,) = failed.value.exceptions
    assert (problem.file, problem.line, problem.field) == ("register.csv", 3, "kind")
    assert "the register says kind sop" in str(problem) and "documents/sop-7-rev1.md:4 says policy" in str(problem)


@pytest.mark.slow
def test_a_cell_is_only_ever_a_value(tmp_path):
    import csv
    import io

    cells = REV0.strip().split(",")
    cells[5] = 'Retention", kind: drawing, x: "'  # the title, written to break out of its quotes
    written = io.StringIO()
    csv.writer(written, lineterminator="\n").writerow(cells)
    root = project(tmp_path, HEADER + written.getvalue() + REV1)
    ingest_project(root)
    with Project.open(root) as opened:
        rev0 = next(d for d in opened.snapshot.store.documents() if d.uid == "SOP-7@0")
    assert rev0.kind == "sop" and rev0.title == 'Retention", kind: drawing, x: "'


@pytest.mark.slow
def test_editing_a_row_re_reads_its_file(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    ingest_project(root)
    (root / "register.csv").write_text(HEADER + REV0 + REV1.replace("2026-03-10", "2026-03-20"))
    again = ingest_project(root)
    assert again.replaced == ["SOP-7@1"] and again.unchanged == 1


def test_unknown_columns_and_files_described_twice_are_errors(tmp_path):
    root = project(tmp_path, HEADER.replace("access", "acess") + REV0 + REV1)
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    assert [(p.line, p.field) for p in failed.value.exceptions] == [(1, "acess")]
    (root / "register.csv").write_text(HEADER + REV0 + REV0.replace(",0,1,", ",1,2,") + REV1)
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    assert [(p.line, p.field) for p in failed.value.exceptions] == [(3, "file")]
    assert "also at line 2" in str(failed.value.exceptions[0])


def test_a_register_outside_the_project_is_refused_and_never_quoted(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    secret = tmp_path / "secret.csv"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    (root / "register.csv").unlink()
    (root / "register.csv").symlink_to(secret)
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2
    assert "leads outside the project" in result.stderr and "root:x:0:0" not in result.stderr


def test_duplicate_columns_unknown_yaml_keys_and_unreadable_workbooks_are_errors_not_guesses(tmp_path):
    root = project(tmp_path, HEADER.replace(",kind,", ",id,") + REV0 + REV1)
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    assert [(p.line, str(p).split(": ", 1)[1]) for p in failed.value.exceptions] == [(1, "id: column 'id' appears twice")]

    (root / "inforce.yaml").write_text("project: reg\nfacets: [market]\nregistry: register.yaml\n")
    (root / "register.yaml").write_text(
        "- file: documents/sop-7-rev0.md\n  id: SOP-7\n  revision: '0'\n  kind: sop\n"
        "  effective: {from: 2026-01-10}\n  recorded: 2026-01-05T09:00:00Z\n"
        "  supersedes: [{target: SOP-6, scope: full}]\n")
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    assert [(p.line, p.field) for p in failed.value.exceptions] == [(1, "supersedes")]

    (root / "inforce.yaml").write_text("project: reg\nfacets: [market]\nregistry: register.xlsx\n")
    (root / "register.xlsx").write_bytes(b"not a workbook")
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2 and "not a readable XLSX workbook" in result.stderr


def test_a_row_naming_a_sidecar_or_a_hidden_file_is_an_error_at_the_row(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    (root / "documents" / ".draft.md").write_text("1 DRAFT\n")
    hidden = REV1.replace("documents/sop-7-rev1.md", "documents/.draft.md").replace(",1,2,", ",9,9,")
    (root / "register.csv").write_text(HEADER + REV0 + REV1 + hidden)
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    assert [(p.line, p.field) for p in failed.value.exceptions] == [(4, "file")]
    assert "not a document inforce reads" in str(failed.value.exceptions[0])


def test_the_same_lists_in_another_order_agree_and_a_later_error_names_the_row(tmp_path):
    root = project(tmp_path, HEADER + REV0 + REV1)
    text = (root / "documents" / "sop-7-rev1.md").read_text()
    # the same markets as the register's "UK;IE", written the other way round: no conflict
    (root / "documents" / "sop-7-rev1.md").write_text("---\napplies_to: {market: [IE, UK]}\n---\n" + text)
    ingest_project(root)
    # a `changed` path the revision lacks is the register's cell, reported at its row
    (root / "register.csv").write_text(HEADER + REV0 + REV1.replace(",2.1,", ",9.9,"))
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    (problem,) = failed.value.exceptions
    assert (problem.file, problem.line, problem.field) == ("register.csv", 3, "changed")
    assert "no section 9.9" in str(problem)


# -- an XLSX register's cells as the sheet shows them (issue 23) -----------------------------

COLUMNS = ["file", "id", "revision", "seq", "kind", "title", "effective_from", "recorded", "changed"]


def xlsx_project(tmp_path: Path, rows: list[list[object]], formats: dict[str, str] | None = None) -> Path:
    """A project of two revisions of SOP-7 (sections 2.1 and 2.10) and an XLSX register of
    ``rows`` under ``COLUMNS``, the cells named in ``formats`` given those number formats."""
    from openpyxl import Workbook

    root = tmp_path / "reg"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: reg\nfacets: []\nregistry: register.xlsx\n")
    for name, years in (("sop-7-rev0.md", 5), ("sop-7-rev1.md", 7)):  # only 2.10 changes
        (root / "documents" / name).write_text(
            f"2 RETENTION\n\n2.1 Keep records 5 years.\n\n2.10 Keep logs {years} years.\n")
    book = Workbook()
    sheet = book.active
    sheet.append(COLUMNS)
    for row in rows:
        sheet.append(row)
    for cell, number_format in (formats or {}).items():
        sheet[cell].number_format = number_format
    book.save(root / "register.xlsx")
    return root


def _first(revision: object = "0", changed: object = None, seq: object = 1) -> list[object]:
    return ["documents/sop-7-rev0.md", "SOP-7", revision, seq, "sop", "Retention", dt.datetime(2026, 1, 10),
            "2026-01-05T09:00:00Z", changed]


def _second(revision: object = "1", changed: object = "2.10", seq: object = 2) -> list[object]:
    return ["documents/sop-7-rev1.md", "SOP-7", revision, seq, "sop", "Retention", dt.datetime(2026, 3, 10),
            "2026-03-01T09:00:00Z", changed]


def _documents(root: Path) -> dict[str, object]:
    with Project.open(root) as opened:
        return {d.uid: d for d in opened.snapshot.store.documents()}


@pytest.mark.slow
def test_an_xlsx_number_reads_as_its_cell_shows_it(tmp_path):
    """A changed path 2.10 typed into a number cell is stored as 2.1: the cell shows 2.10
    (format 0.00), and 2.10 is what it reads as, not section 2.1."""
    root = xlsx_project(tmp_path, [_first(revision=1.5, seq=1.0), _second(revision=2, changed=2.1)],
                        {"C2": "0.00", "D2": "000", "I3": "0.00"})
    result = ingest_project(root)
    assert result.warnings == []
    documents = _documents(root)
    assert sorted(documents) == ["SOP-7@1.50", "SOP-7@2"]
    assert documents["SOP-7@2"].changed == ("2.10",)
    assert documents["SOP-7@1.50"].seq == 1


@pytest.mark.slow
def test_an_xlsx_number_in_a_format_not_read_is_its_value_and_a_warning_at_its_cell(tmp_path):
    root = xlsx_project(tmp_path, [_first(), _second(revision=2.1)], {"C3": '0.0# "rev"'})
    result = ingest_project(root)
    assert sorted(_documents(root)) == ["SOP-7@0", "SOP-7@2.1"]
    [warning] = result.warnings
    assert (warning.file, warning.line, warning.field) == ("register.xlsx", 3, "revision")
    assert "cell C3 shows its number in the format '0.0# \"rev\"'" in warning.message and "read as 2.1" in warning.message


def _cache(root: Path, values: dict[str, str]) -> None:
    """Save a value with each formula cell in ``values`` (openpyxl saves a formula without
    one): ``{"B2": '<v>SOP-7</v>'}``, or ``t="e"`` and an error for a formula that failed."""
    import re
    import zipfile

    path = root / "register.xlsx"
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    for cell, value in values.items():
        kind, _, saved = value.rpartition(":")
        typed = f' t="{kind}"' if kind else ' t="str"'
        sheet, found = re.subn(rf'<c r="{cell}"([^>]*)><f>(.*?)</f><v\s*/?>(?:</v>)?',
                               rf'<c r="{cell}"\1{typed}><f>\2</f><v>{saved}</v>', sheet)
        assert found == 1, cell
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.mark.slow
def test_an_xlsx_formula_reads_as_its_saved_value(tmp_path):
    first = _first()
    first[1] = '="SOP"&"-7"'
    second = _second()
    second[8] = '=TEXT(2.1,"0.00")'
    root = xlsx_project(tmp_path, [first, second])
    _cache(root, {"B2": "SOP-7", "I3": "2.10"})
    ingest_project(root)
    documents = _documents(root)
    assert sorted(documents) == ["SOP-7@0", "SOP-7@1"] and documents["SOP-7@1"].changed == ("2.10",)


def test_an_xlsx_formula_without_a_value_or_failed_is_an_error_in_any_column(tmp_path):
    first = _first()
    first[1], first[6] = '="SOP"&"-7"', "=DATE(2026,1,10)"
    second = _second()
    second[2], second[8] = "=1/0", "=Z99"
    root = xlsx_project(tmp_path, [first, second])
    _cache(root, {"C3": "e:#DIV/0!"})
    with pytest.raises(InputErrors) as failed:
        ingest_project(root)
    problems = failed.value.exceptions
    assert [(p.file, p.line, p.field) for p in problems] == [
        ("register.xlsx", 2, "id"), ("register.xlsx", 2, "effective_from"), ("register.xlsx", 3, "revision"),
        ("register.xlsx", 3, "changed"),
    ]
    assert "cell C3 holds a formula whose value is the error #DIV/0! (=1/0)" in problems[2].message
    assert "cell I3 holds a formula whose value was never saved (=Z99)" in problems[3].message


# -- an XLSX sheet read where its references put each cell, or not at all (issue 23, third audit) --

SHEET = "xl/worksheets/sheet1.xml"
_ROW = {"file": "documents/sop-7-rev0.md", "id": "SOP-7", "revision": "0", "kind": "sop", "title": "Retention",
        "effective_from": "2026-01-10", "recorded": "2026-01-05T09:00:00Z", "access": "owners"}


def _cell(column: str, row: int, text: str) -> str:
    return f'<c r="{column}{row}" t="inlineStr"><is><t>{text}</t></is></c>'


def _workbook(root: Path, cells: list[str] | None = None, *, rows: str | None = None) -> Path:
    """``register.xlsx`` in ``root``: the header of ``_ROW``'s columns and one row, its cells
    ``cells`` (XML, in that order; ``_ROW``'s in column order when None), or the sheet's rows
    ``rows`` whole."""
    import re
    import zipfile

    from openpyxl import Workbook

    path = root / "register.xlsx"
    Workbook().save(path)
    letters = "ABCDEFGH"
    header = "".join(_cell(letter, 1, name) for letter, name in zip(letters, _ROW, strict=True))
    if cells is None:
        cells = [_cell(letter, 2, value) for letter, value in zip(letters, _ROW.values(), strict=True)]
    data = rows if rows is not None else f'<row r="1">{header}</row><row r="2">{"".join(cells)}</row>'
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts[SHEET] = re.sub(rb"<sheetData\s*/>|<sheetData>.*</sheetData>", f"<sheetData>{data}</sheetData>".encode(),
                          re.sub(rb"<dimension [^>]*/>", b"", parts[SHEET]), flags=re.S)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, part in parts.items():
            archive.writestr(name, part)
    return path


def _read(root: Path) -> object:
    """The access the register gives the row, or the (line, message) of each error."""
    from inforce.adapters.ingest.register import read_register

    try:
        register = read_register(root / "register.xlsx", "register.xlsx", root=root)
    except InputErrors as caught:
        return [(e.line, e.message) for e in caught.exceptions]  # type: ignore[attr-defined]
    [row] = register.rows
    return row.values.get("access")


def test_an_xlsx_register_read_in_column_order_gives_the_access(tmp_path):
    assert _read(_workbook(tmp_path).parent) == "owners"


@pytest.mark.parametrize(("cells", "said"), [
    # the access cell written first in its row: openpyxl's streaming reader cut the row at its last cell (G)
    (lambda cells: [cells[-1], *cells[:-1]], "cell A2 is written after H2 in row 2 (out of column order)"),
    # the access cell twice, the second blank: the blank one was kept
    (lambda cells: [*cells, _cell("H", 2, "")], "cell H2 is written after H2 in row 2 (the same cell twice)"),
    # a cell naming another row: read in this one, under the wrong reference
    (lambda cells: [*cells[:-1], _cell("H", 5, "owners")], "row 2 holds a cell 'H5', which is no cell of that row"),
    (lambda cells: [*cells[:-1], _cell("XFE", 2, "owners")], "row 2 holds a cell 'XFE2', which is no cell of that row"),
], ids=["access-first", "access-twice", "other-row", "past-the-last-column"])
def test_xlsx_cells_out_of_order_or_written_twice_are_an_error_at_their_row(tmp_path, cells, said):
    """A spreadsheet program shows such a row's access (LibreOffice reads each cell by its
    reference); openpyxl's read-only reader placed cells by their order: the access cell was
    lost and the document ingested public."""
    ordered = [_cell(letter, 2, value) for letter, value in zip("ABCDEFGH", _ROW.values(), strict=True)]
    [(line, message)] = _read(_workbook(tmp_path, cells(ordered)).parent)  # type: ignore[misc]
    assert line == 2 and said in message, message


@pytest.mark.parametrize(("rows", "said"), [
    ('<row r="1">{h}</row><row r="3">{b}</row><row r="2">{b}</row>', "row 2 is written after row 3 (out of order)"),
    ('<row r="1">{h}</row><row r="1">{b}</row>', "row 1 is written after row 1 (the same row twice)"),
    # a row a billion down: openpyxl streamed a billion empty rows before it (the ingest hung)
    ('<row r="1">{h}</row><row r="1000000000">{b}</row>', "a row numbered '1000000000' is no row of a sheet"),
], ids=["rows-out-of-order", "row-twice", "row-past-the-last"])
def test_xlsx_rows_out_of_order_or_past_the_sheet_are_an_error(tmp_path, rows, said):
    header = "".join(_cell(letter, 1, name) for letter, name in zip("ABCDEFGH", _ROW, strict=True))
    body = "".join(_cell(letter, 2, value) for letter, value in zip("ABCDEFGH", _ROW.values(), strict=True))
    problems = _read(_workbook(tmp_path, rows=rows.format(h=header, b=body)).parent)
    assert isinstance(problems, list) and any(said in message for _, message in problems), problems


@pytest.mark.parametrize("access", [  # (a shared string the workbook lacks: named at its cell, below)
    '<c r="H2" t="d"><v>notadate</v></c>',
    '<c r="H2" t="inlineStr"><is><t>own</t><rPh><t>X</t></rPh></is></c>',  # a phonetic run without sb/eb
    '<c r="H2" s="999"><v>5</v></c>',  # a style the workbook lacks
    '<c r="H2" t="b"><v>x</v></c>',
    '<c r="H2"><v>1e999</v></c>',  # no number a sheet holds (its format then failed)
], ids=["date", "phonetic", "style", "boolean", "infinite"])
def test_a_malformed_xlsx_cell_is_an_unreadable_register_not_a_crash(tmp_path, access):
    """Each was converted as the rows streamed, past the errors caught on opening the
    workbook: ``internal error``, exit 70."""
    ordered = [_cell(letter, 2, value) for letter, value in zip("ABCDEFG", _ROW.values(), strict=False)]
    [(line, message)] = _read(_workbook(tmp_path, [*ordered, access]).parent)  # type: ignore[misc]
    assert line is None and message.startswith("not a readable XLSX workbook"), message


@pytest.mark.parametrize(("value", "said"), [
    ("abc", "'abc'"), ("NaN", "'NaN'"), ("9" * 5000, "(5,000 characters)"), ("12abc", "'12abc'")])
def test_a_number_cell_holding_no_number_is_named_at_its_cell(tmp_path, value, said):
    """Audit 72 B F5: ``<v>NaN</v>`` or 5,000 digits in a number cell was "not a readable XLSX
    workbook: invalid literal for int() ..." (or Python's hint to raise its digit limit), naming
    no cell: the cell, its row and its column's name are said, as for a cell holding ``inf``."""
    ordered = [_cell(letter, 2, value) for letter, value in zip("ABCDEFG", _ROW.values(), strict=False)]
    [(line, message)] = _read(_workbook(tmp_path, [*ordered, f'<c r="H2" t="n"><v>{value}</v></c>']).parent)
    assert line == 2 and message.startswith("cell H2 holds ") and said in message, message
    assert "which is no number a sheet holds" in message and "int()" not in message and len(message) < 300


def test_a_malformed_xlsx_cell_fails_the_ingest_with_exit_2(tmp_path):
    root = tmp_path / "reg"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: reg\nfacets: []\nregistry: register.xlsx\n")
    (root / "documents" / "sop-7-rev0.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    ordered = [_cell(letter, 2, value) for letter, value in zip("ABCDEFG", _ROW.values(), strict=False)]
    _workbook(root, [*ordered, '<c r="H2" t="s"><v>99</v></c>'])
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "register.xlsx:2: access: cell H2 names shared string '99', which the workbook does not hold" in done.output
    assert "internal error" not in done.output


@pytest.mark.parametrize("index", ["-2", "-1", "999", "1.5", "abc"])
def test_a_shared_string_the_workbook_does_not_hold_is_named_at_its_cell(tmp_path, index):
    """Audit 78 B F1, F2: a shared-string index of -2 read the string two from the end of the
    table (another cell's text, the title read as a date, any column fed another's words), and
    one past the end or not a whole number was "list index out of range" or "invalid literal
    for int()", naming no cell. Each is now an error at its cell, row and column."""
    import re
    import zipfile

    root = xlsx_project(tmp_path, [_first()])
    path = root / "register.xlsx"
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    # a table of three shared strings, the title cell naming one of them by ``index``
    parts["xl/sharedStrings.xml"] = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org'
                                     b'/spreadsheetml/2006/main" count="3" uniqueCount="3"><si><t>Retention</t></si>'
                                     b'<si><t>2026-01-10</t></si><si><t>owners</t></si></sst>')
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdSS" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    title = re.search(rb'<c r="F2"[^>]*>.*?</c>', parts[SHEET])
    assert title is not None and b"Retention" in title.group(0), parts[SHEET][:500]
    parts[SHEET] = parts[SHEET].replace(title.group(0), f'<c r="F2" t="s"><v>{index}</v></c>'.encode())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, part in parts.items():
            archive.writestr(name, part)
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert f"register.xlsx:2: title: cell F2 names shared string '{index}', which the workbook does not hold" in \
        done.output, done.output


def _rewrite_part(path: Path, part: str, old: bytes, new: bytes) -> None:
    """``part`` of the workbook at ``path`` with its first ``old`` written ``new``."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    assert old in parts[part]
    parts[part] = parts[part].replace(old, new, 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.mark.parametrize(("part", "old"), [
    ("xl/workbook.xml", b"<sheets"),  # read opening the workbook
    (SHEET, b"<sheetData"),  # read as the rows stream
    ("xl/styles.xml", b"<styleSheet"),
], ids=["workbook", "sheet", "styles"])
def test_a_part_that_is_not_well_formed_xml_is_an_unreadable_register_not_a_crash(tmp_path, part, old):
    """An attribute written twice: the XML error out of openpyxl (lxml's or ElementTree's) was ``internal error``,
    exit 70 (issue 23, 62nd audit)."""
    _rewrite_part(_workbook(tmp_path), part, old, old + b' x="1" x="2"')
    [(line, message)] = _read(tmp_path)  # type: ignore[misc]
    assert line is None and message.startswith("not a readable XLSX workbook") and "ttribute" in message, message


def test_a_workbook_that_is_not_well_formed_xml_fails_the_ingest_with_exit_2(tmp_path):
    root = tmp_path / "reg"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: reg\nfacets: []\nregistry: register.xlsx\n")
    (root / "documents" / "sop-7-rev0.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    _rewrite_part(_workbook(root), "xl/workbook.xml", b"<sheets>", b'<sheets x="1" x="2">')
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "register.xlsx: not a readable XLSX workbook" in done.output and "internal error" not in done.output


def test_a_sheet_not_well_formed_past_its_first_row_is_an_unreadable_register_not_a_crash(tmp_path):
    """Audit 74 B F1: a tag left open in the third row of a workbook a spreadsheet program wrote
    (openpyxl's load reads the first row alone) reached ingest and lag as lxml's XMLSyntaxError,
    exit 70. Now the register does not read, naming the sheet and where, without lxml's advice to
    its programmer."""
    import zipfile

    from openpyxl import Workbook

    book = Workbook()
    book.active.append(list(_ROW))
    book.active.append(list(_ROW.values()))
    path = tmp_path / "register.xlsx"
    book.save(path)
    _rewrite_part(path, SHEET, b"</sheetData>",
                  b'<row r="3"><c r="A3" t="inlineStr"><is><t>x</t></is></row></sheetData>')
    assert zipfile.is_zipfile(path)
    [(line, message)] = _read(tmp_path)  # type: ignore[misc]
    assert message.startswith("not a readable XLSX workbook: its sheet xl/worksheets/sheet1.xml is not well-formed XML")
    assert "at line" in message and "XML_PARSE_HUGE" not in message, message


def test_rows_reaching_the_last_column_are_refused_before_they_are_read_cell_by_cell(tmp_path):
    """Audit 74 B F2: openpyxl hands each row on padded to its last cell, so a 12 KB sheet whose 200
    rows each hold a cell in column XFD (16,384 cells a row) took 18 s to refuse, and a 1 MB one half
    an hour. The sheet is read to 2 million cells counted so; past them, an error at the row."""
    import time

    letters = "ABCDEFGH"
    header = "".join(_cell(letter, 1, name) for letter, name in zip(letters, _ROW, strict=True))
    far = "".join(f'<row r="{n}">{_cell("B", n, "x")}{_cell("XFD", n, "y")}</row>' for n in range(2, 402))
    _workbook(tmp_path, rows=f'<row r="1">{header}</row>{far}')
    started = time.monotonic()
    found = _read(tmp_path)
    assert time.monotonic() - started < 10, found
    [(line, message)] = found  # type: ignore[misc]
    assert line == 124 and "reaches column XFD124" in message and "past the 2,000,000" in message, message


def test_a_workbook_holding_a_part_twice_is_refused_naming_it(tmp_path):
    """Python's zipfile reads the last of two members of one name, other readers the first: the
    sheet a reviewer sees and the rows read could differ without a word (62nd audit)."""
    import warnings
    import zipfile

    path = _workbook(tmp_path)
    with zipfile.ZipFile(path) as archive:
        second = archive.read(SHEET).replace(b"owners", b"public")
    with warnings.catch_warnings(), zipfile.ZipFile(path, "a") as archive:
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it is told to write
        archive.writestr(SHEET, second)
    [(line, message)] = _read(tmp_path)  # type: ignore[misc]
    assert line is None and f"holds {SHEET} twice" in message, message


# -- a YAML register reads each scalar as front matter does (issue 23, third audit) ----------

@pytest.mark.parametrize("written", ["2.10", "017", "1.10", "0x1F", "1e3", "1.0", "2026-03-02", "5"])
def test_a_yaml_register_reads_numbers_as_written_as_front_matter_does(tmp_path, written):
    """``revision: 2.10`` in a YAML register was revision 2.1 (two rows 2.1 and 2.10 the same),
    ``access: [1.10]`` group 1.1 (another group read it) and ``changed: [2.10]`` section 2.1;
    front matter reads each as written."""
    from inforce.adapters.ingest import parse_document_with_warnings
    from inforce.adapters.ingest.register import read_register

    lines = ["id: SOP-7", f"revision: {written}", "kind: sop", f"title: {written}", "effective: {from: 2026-01-10}",
             "recorded: 2026-01-05T09:00:00Z", f"access: [{written}]", f"applies_to: {{market: [{written}]}}"]
    body = "1 SCOPE\n\n1.1 All records.\n"
    front = tmp_path / "front"
    (front / "documents").mkdir(parents=True)
    (front / "documents" / "sop.md").write_text("---\n" + "\n".join(lines) + "\n---\n" + body)
    listed = tmp_path / "listed"
    (listed / "documents").mkdir(parents=True)
    (listed / "documents" / "sop.md").write_text(body)
    (listed / "register.yaml").write_text("- file: documents/sop.md\n" + "".join(f"  {line}\n" for line in lines))
    register = read_register(listed / "register.yaml", "register.yaml", root=listed)
    read_front, _ = parse_document_with_warnings(front / "documents" / "sop.md", front)
    read_listed, _ = parse_document_with_warnings(listed / "documents" / "sop.md", listed, register=register)
    shown = (written, written, (written,), {"market": (written,)})
    assert (read_front.revision, read_front.title, read_front.access, dict(read_front.applies_to)) == shown
    assert (read_listed.revision, read_listed.title, read_listed.access, dict(read_listed.applies_to)) == shown


def test_a_yaml_register_number_where_an_integer_is_meant_reads_as_front_matter(tmp_path):
    """``seq: 1.0`` is refused in front matter (a number, not an integer); the register, which
    read it as 1.0 and wrote it back as 1, took it."""
    from inforce.adapters.ingest.register import read_register

    root = tmp_path / "listed"
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "sop.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    (root / "register.yaml").write_text("- file: documents/sop.md\n  id: SOP-7\n  revision: '0'\n  seq: 1.0\n")
    [row] = read_register(root / "register.yaml", "register.yaml", root=root).rows
    assert row.fields()["seq"] == 'seq: !!float "1.0"'


@pytest.mark.parametrize(("value", "number_format", "shown"), [
    (1e26, "0.00", "1" + "0" * 26 + ".00"),  # past decimal's 28 default digits once quantized: exit 70
    (1e300, "000", "1" + "0" * 300),
    (1.7e308, "0%", "17" + "0" * 309 + "%"),  # the largest double times 100: no longer a float
    (12345678901234567, "0", "12345678901234600"),  # the 15 digits a spreadsheet holds
])
def test_a_large_xlsx_number_reads_as_its_cell_shows_it(tmp_path, value, number_format, shown):
    from inforce.adapters.ingest.register import read_register

    root = xlsx_project(tmp_path, [_first(revision=value)], {"C2": number_format})
    [row] = read_register(root / "register.xlsx", "register.xlsx", root=root).rows
    assert row.values["revision"] == shown


def _shuffled_rows() -> object:
    from hypothesis import strategies as st

    ordered = [_cell(letter, 2, value) for letter, value in zip("ABCDEFGH", _ROW.values(), strict=True)]
    blanks = st.lists(st.sampled_from([_cell(letter, 2, "") for letter in "ABCDEFGH"]), max_size=2)
    return st.tuples(st.permutations(ordered), blanks, st.randoms()).map(
        lambda drawn: drawn[2].sample([*drawn[0], *drawn[1]], len(drawn[0]) + len(drawn[1])))


def test_an_xlsx_row_in_any_cell_order_reads_its_access_or_is_refused(tmp_path_factory):
    """Fuzzed: a row's cells in any order, blank copies of some written too. Whatever the
    order, the register reads the row's access as a spreadsheet program shows it, or is
    refused; it never reads the row without it."""
    from hypothesis import HealthCheck, given, settings

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(cells=_shuffled_rows())
    def check(cells: list[str]) -> None:
        root = tmp_path_factory.mktemp("fuzz")
        read = _read(_workbook(root, cells).parent)
        assert read == "owners" or (isinstance(read, list) and read), read

    check()


def test_a_malformed_cell_on_another_sheet_is_an_unreadable_register_not_a_crash(tmp_path):
    """Every sheet's first row is read, to tell whether it is a register too."""
    import re
    import zipfile

    from openpyxl import Workbook

    book = Workbook()
    book.active.append(list(_ROW))
    book.active.append(list(_ROW.values()))
    book.create_sheet("lists").append(["owners"])
    path = tmp_path / "register.xlsx"
    book.save(path)
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    other = "xl/worksheets/sheet2.xml"
    parts[other] = re.sub(rb'<c r="A1"[^>]*>.*?</c>', b'<c r="A1" t="s"><v>99</v></c>', parts[other])
    with zipfile.ZipFile(path, "w") as archive:
        for name, part in parts.items():
            archive.writestr(name, part)
    [(line, message)] = _read(tmp_path)  # type: ignore[misc]
    assert line is None and message.startswith("not a readable XLSX workbook"), message


def test_a_csv_register_without_rows_keeps_every_other_byte(tmp_path: Path) -> None:
    """What an erasure writes in a CSV register's place (``register_without_rows``): the rows
    asked for taken out with their line ends (a quoted cell over two lines included), every other
    byte as it was (BOM, CRLF, quoting, no line end after the last row); a workbook or a YAML list
    is not rewritten (an InputError naming it and the row)."""
    from inforce.adapters.ingest.register import RegisterRow, read_register, register_without_rows
    from inforce.ontology import InputError

    path = tmp_path / "register.csv"
    header = "file,id,revision,title\r\n"
    kept = 'a.md,A,0,"Kept, quoted"\r\n'
    gone = 'b.md,B,0,"Two\r\nlines"\r\n'
    last = ",C,0,Last"
    path.write_bytes(("\ufeff" + header + kept + gone + last).encode())
    rows = {row.line: row for row in read_register(path).rows}
    assert list(rows) == [2, 3, 5]
    before, after = register_without_rows(path, "register.csv", [rows[3]])
    assert before == path.read_bytes() and after == ("\ufeff" + header + kept + last).encode()
    assert register_without_rows(path, "register.csv", [rows[5]])[1] == ("\ufeff" + header + kept + gone).encode()
    with pytest.raises(InputError, match="not where"):
        register_without_rows(path, "register.csv", [RegisterRow(4, rows[3].values)])
    path.write_bytes(header.encode())  # its header alone: a register of no rows
    assert read_register(path).rows == []
    for name in ("register.xlsx", "register.yaml"):
        with pytest.raises(InputError, match="does not rewrite") as refused:
            register_without_rows(tmp_path / name, name, [rows[3]])
        assert refused.value.file == name and refused.value.line == 3


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"])
def test_a_csv_register_is_split_into_records_one_way_for_ingest_and_erasure(tmp_path: Path, end: str) -> None:
    """Audit JJ-01/02: the ingest read a register with universal newlines (a lone CR, inside a
    quoted cell of a CRLF register or ending every line of a "CSV (Macintosh)" one, a line
    break) and the erasure's rewrite split it at LF alone, so their line numbers disagreed:
    erasing one document removed ANOTHER's row, or a CR-only register could not be rewritten.
    Both now split it with ``csv_register_records``: the row read at a line is the row taken
    out, its line ends kept, and a row whose line holds another record (its file or id not the
    row's) is refused."""
    from inforce.adapters.ingest.register import RegisterRow, read_register, register_without_rows
    from inforce.ontology import InputError

    path = tmp_path / "register.csv"
    header = f"file,id,revision,title{end}"
    painting = f'a.md,A,0,"Painting\r09 90 00"{end}'  # a bare CR inside a quoted cell
    gone = f"b.md,B,0,Zzgone{end}"
    kept = f"c.md,C,0,Keepme{end}"
    path.write_bytes((header + painting + gone + kept).encode())
    rows = {row.values["id"]: row for row in read_register(path).rows}
    assert rows["A"].values["title"] == "Painting\n09 90 00" and rows["B"].line == 4 and rows["C"].line == 5
    _, after = register_without_rows(path, "register.csv", [rows["B"]])
    assert after == (header + painting + kept).encode()
    path.write_bytes(after)
    assert [(row.line, row.values["id"]) for row in read_register(path).rows] == [(2, "A"), (4, "C")]
    with pytest.raises(InputError, match="not where"):  # the record at line 4 is C's, not B's
        register_without_rows(path, "register.csv", [RegisterRow(4, rows["B"].values)])
