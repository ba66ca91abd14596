"""Input that used to ingest silently wrong: a `changed` typo, a PDF without text, a symlink
out of the project, an empty group name, dates that are not YYYY-MM-DD, extreme offsets.

Each is refused with the file (relative to the project), line and field, and an ingest that
meets one leaves the graph as it was (exit 2).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import (
    UnreadableFileError,
    discover_documents,
    parse_document,
    parse_document_with_warnings,
)
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.adapters.ingest.register import RegisterRow, read_register
from inforce.engine import Project
from inforce.ontology import InputError, InputErrors

from project_copies import ingested_copy

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
runner = CliRunner()

SPEC = """\
---
id: SPEC-033000
kind: specification
title: Cast-in-Place Concrete
revision: "{rev}"
seq: {seq}
effective: {{from: {day}}}
recorded: {day}T09:00:00Z
{extra}---
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Maximum water-cementitious materials ratio: {ratio}.

B. Compressive strength at 28 days: not less than 4,000 psi.
"""


def spec(rev: str = "0", seq: int = 0, day: str = "2026-03-02", ratio: str = "0.45", extra: str = "") -> str:
    return SPEC.format(rev=rev, seq=seq, day=day, ratio=ratio, extra=extra)


def new_project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: hostile\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "spec-0.md").write_text(spec(), encoding="utf-8")
    return root


def write(root: Path, name: str, text: str) -> Path:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def ingest(project: Path):
    return runner.invoke(app, ["ingest", str(project)], catch_exceptions=False)


def said(done) -> str:
    """Standard error with the console's line wrapping undone."""
    return re.sub(r"\s+", " ", done.stderr)


def graph_state(project: Path) -> tuple:
    with Project.open(project) as opened:
        store = opened.snapshot.store
        return store.build_id(), sorted(store.document(m.uid).model_dump_json() for m in store.documents())


def _ingested_new_project(root: Path) -> None:
    done = ingest(new_project(root))
    assert done.exit_code == 0, done.output


def ingested(tmp_path: Path) -> tuple[Path, tuple]:
    """The small project, ingested: one ingest per test process, a copy of its folder (graph
    included) for each test, so a test that changes it changes only its own."""
    project = ingested_copy("hostile", _ingested_new_project, tmp_path / "project")
    return project, graph_state(project)


def only(caught: pytest.ExceptionInfo[InputErrors]) -> InputError:
    errors = list(caught.value.exceptions)
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]  # type: ignore[return-value]


# -- changed: a path the revision does not have ---------------------------------------------


def test_a_changed_path_the_revision_lacks_is_refused_and_the_old_text_not_kept_in_force(tmp_path: Path):
    project, before = ingested(tmp_path)
    write(project, "spec-1.md", spec(rev="1", seq=1, day="2026-05-01", ratio="0.40", extra='changed: ["2.1.8"]\n'))

    done = ingest(project)

    assert done.exit_code == 2, done.output
    assert "documents/spec-1.md:9:" in said(done) and "changed[0]" in said(done) and "2.1.8" in said(done)
    assert graph_state(project) == before


def test_the_changed_error_points_at_the_item_and_lists_the_sections(tmp_path: Path):
    path = write(tmp_path, "spec-1.md", spec(rev="1", seq=1, extra='changed:\n  - "2.1"\n  - "2.1.8"\n'))
    with pytest.raises(InputErrors) as caught:
        parse_document(path, tmp_path)
    error = only(caught)
    assert (error.file, error.line, error.field) == ("documents/spec-1.md", 11, "changed[1]")
    assert "2.1.8" in error.message and "2.1.A" in (error.hint or "")


@pytest.mark.parametrize("changed", ['["2.1.A"]', '["2.1"]', '["2"]', '["part-2", "2.1.B"]', "[]"])
@pytest.mark.slow
def test_changed_paths_the_revision_has_or_covers_ingest(tmp_path: Path, changed: str):
    """A path covers its descendants: ``2`` names the 2.x sections though no heading is ``2``."""
    project, _ = ingested(tmp_path)
    write(project, "spec-1.md", spec(rev="1", seq=1, day="2026-05-01", ratio="0.40", extra=f"changed: {changed}\n"))
    done = ingest(project)
    assert done.exit_code == 0, done.output


# -- a PDF with no text layer ----------------------------------------------------------------

SIDECAR = "id: A-201\nkind: drawing\ntitle: Level 2 plan\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02\n"


def _pdf(path: Path, *, image: bool) -> Path:
    """A one-page PDF without a text layer: a scanned page (an image) or a blank one."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw

    pdf = pdfium.PdfDocument.new()
    page = pdf.new_page(612, 792)
    if image:
        scan = Image.new("RGB", (300, 100), "white")
        ImageDraw.Draw(scan).text((10, 40), "2.1 CONCRETE: 4,000 psi", fill="black")
        picture = pdfium.PdfImage.new(pdf)
        picture.set_bitmap(pdfium.PdfBitmap.from_pil(scan))
        picture.set_matrix(pdfium.PdfMatrix().scale(450, 150).translate(80, 500))
        page.insert_obj(picture)
        page.gen_content()
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.save(str(path))
    pdf.close()
    return path


@pytest.mark.parametrize("image", [True, False], ids=["image-only", "blank"])
def test_a_pdf_without_a_text_layer_is_unreadable_and_named(tmp_path: Path, image: bool):
    pdf = _pdf(tmp_path / "documents" / "drawings" / "A-201.pdf", image=image)
    write(tmp_path, "drawings/A-201.pdf.yaml", SIDECAR)
    with pytest.raises(UnreadableFileError) as caught:
        parse_document_with_warnings(pdf, tmp_path)
    error = caught.value
    assert isinstance(error, InputError) and not isinstance(error, InputErrors)
    assert error.file == "documents/drawings/A-201.pdf"
    assert str(error).startswith("documents/drawings/A-201.pdf: ")
    assert "no text layer" in str(error) and "not ingested" in str(error) and "OCR" in str(error)


@pytest.mark.shared
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_scanned_page_among_text_pages_is_a_warning_naming_the_page(tmp_path: Path):
    import pypdfium2 as pdfium

    source = SHARED / "data" / "camelot-tests" / "pdfs" / "us-030.pdf"
    if not source.exists():
        pytest.skip("../shared/data/camelot-tests is not available")
    scan = _pdf(tmp_path / "scan.pdf", image=True)
    merged = pdfium.PdfDocument(str(source))
    merged.import_pages(pdfium.PdfDocument(str(scan)))
    pages = len(merged)
    target = tmp_path / "documents" / "us-030.pdf"
    target.parent.mkdir(parents=True)
    merged.save(str(target))
    write(tmp_path, "us-030.pdf.yaml", SIDECAR.replace("A-201", "US-030").replace("drawing", "other"))
    document, warnings = parse_document_with_warnings(target, tmp_path)
    assert document.provisions
    (warning,) = [w for w in warnings if "text layer" in w.message]
    assert warning.file == "documents/us-030.pdf" and f"page {pages}" in warning.message


def test_a_pdf_with_text_is_not_unreadable(tmp_path: Path):
    source = SHARED / "data" / "camelot-tests" / "pdfs" / "us-030.pdf"
    if not source.exists():
        pytest.skip("../shared/data/camelot-tests is not available")
    target = tmp_path / "documents" / "us-030.pdf"
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    write(tmp_path, "us-030.pdf.yaml", SIDECAR.replace("A-201", "US-030").replace("drawing", "other"))
    document, warnings = parse_document_with_warnings(target, tmp_path)
    assert document.provisions and not [w for w in warnings if "text layer" in w.message]


# -- symlinks --------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_symlink_leading_outside_the_project_is_refused_by_name(tmp_path: Path):
    project, before = ingested(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "far.md").write_text(spec(rev="1", seq=1, day="2026-05-01", extra='changed: ["2.1"]\n'))
    os.symlink(outside / "far.md", project / "documents" / "far.md")

    done = ingest(project)

    assert done.exit_code == 2, done.output
    # Named by its place in the project, not by the absolute path it leads to.
    assert "documents/far.md: a symlink leading outside the project" in said(done)
    assert graph_state(project) == before


def test_a_symlinked_folder_leading_outside_the_project_is_refused(tmp_path: Path):
    project, _ = ingested(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "far.md").write_text(spec(rev="1", seq=1, day="2026-05-01", extra='changed: ["2.1"]\n'))
    os.symlink(outside, project / "documents" / "linked")
    with pytest.raises(InputErrors) as caught:
        discover_documents(project)
    error = only(caught)
    assert error.file == "documents/linked" and "outside the project" in error.message


def test_a_documents_folder_leading_outside_the_project_is_refused(tmp_path: Path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "spec-0.md").write_text(spec())
    project = tmp_path / "project"
    project.mkdir()
    os.symlink(outside, project / "documents")
    with pytest.raises(InputErrors) as caught:
        discover_documents(project)
    assert only(caught).file == "documents"


def test_symlinks_inside_the_project_keep_working(tmp_path: Path):
    project = new_project(tmp_path / "project")
    archive = project / "archive"
    archive.mkdir()
    (archive / "spec-1.md").write_text(spec(rev="1", seq=1, day="2026-05-01", extra='changed: ["2.1"]\n'))
    (archive / "spec-2.md").write_text(spec(rev="2", seq=2, day="2026-06-01", extra='changed: ["2.1.B"]\n'))
    os.symlink(archive / "spec-1.md", project / "documents" / "spec-1.md")  # absolute
    os.symlink(Path("..") / "archive" / "spec-2.md", project / "documents" / "spec-2.md")  # relative
    result = ingest_project(project)
    assert result.swapped and len(result.added) == 3
    # The project root reached through a link of its own is still the project.
    os.symlink(project, tmp_path / "alias")
    assert [p.name for p in discover_documents(tmp_path / "alias")] == ["spec-0.md", "spec-1.md", "spec-2.md"]


# -- access and applies_to: names, never empty ----------------------------------------------


@pytest.mark.parametrize(
    ("extra", "line", "field"),
    [
        ("access: ['']\n", 9, "access[0]"),
        ("access: [qa, '  ']\n", 9, "access[1]"),
        ("access: [' qa']\n", 9, "access[0]"),
        ("access: ['qa,uk']\n", 9, "access[0]"),
        ("applies_to: {market: [UK, '']}\n", 9, "applies_to.market[1]"),
    ],
)
def test_a_group_or_facet_value_no_command_line_can_give_is_an_error(tmp_path: Path, extra: str, line: int, field: str):
    path = write(tmp_path, "spec-0.md", spec(extra=extra))
    with pytest.raises(InputErrors) as caught:
        parse_document(path, tmp_path)
    error = only(caught)
    assert (error.file, error.line, error.field) == ("documents/spec-0.md", line, field)
    assert "--groups" in (error.hint or "") or "--context" in (error.hint or "")


def test_an_empty_access_list_is_an_error_at_its_line(tmp_path: Path):
    """``access: []`` lists no group, so nobody could read the document: read as written (a
    warning once) it was ingested with exit 0 and readable by no one (issue 23, the twentieth
    audit). Neither widened to everyone nor kept: an error at its field, as ``[""]`` is."""
    with pytest.raises(InputErrors) as caught:
        parse_document(write(tmp_path, "spec-0.md", spec(extra="access: []\n")), tmp_path)
    error = only(caught)
    assert (error.file, error.line, error.field) == ("documents/spec-0.md", 9, "access")
    assert "no group" in error.message


# -- dates: YYYY-MM-DD, and datetimes that exist in UTC --------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "field", "suggested"),
    [
        ("effective: {from: 2026-03-02}", "effective: 20260302", "effective", "{from: 2026-03-02}"),
        ("effective: {from: 2026-03-02}", "effective: {from: 20260302}", "effective.from", "2026-03-02"),
        ("effective: {from: 2026-03-02}", "effective: {from: 2026-3-2}", "effective.from", "2026-03-02"),
        ("effective: {from: 2026-03-02}", "effective: {from: '2026-3-2'}", "effective.from", "2026-03-02"),
        ("effective: {from: 2026-03-02}", "effective: {from: 2026-03-02, until: 2027-1-01}",
         "effective.until", "2027-01-01"),
        ("seq: 0", "seq: 0\nissued: 2026-3-02", "issued", "2026-03-02"),
        ("recorded: 2026-03-02T09:00:00Z", "recorded: 2026-3-2", "recorded", "2026-03-02"),
        ("recorded: 2026-03-02T09:00:00Z", "recorded: 20260302", "recorded", "2026-03-02"),
    ],
)
def test_a_date_that_is_not_iso_is_an_error_with_the_iso_form(
    tmp_path: Path, old: str, new: str, field: str, suggested: str
):
    text = spec()
    assert old in text
    path = write(tmp_path, "spec-0.md", text.replace(old, new))
    with pytest.raises(InputErrors) as caught:
        parse_document(path, tmp_path)
    error = only(caught)
    assert error.file == "documents/spec-0.md" and error.field == field
    assert error.line == 1 + text.replace(old, new).split("\n").index(
        next(line for line in text.replace(old, new).split("\n") if line.startswith(field.split(".")[0]))
    )
    assert "YYYY-MM-DD" in str(error) and suggested in (error.hint or "")


@pytest.mark.parametrize("recorded", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:00:00-05:00"])
@pytest.mark.slow
def test_a_recorded_time_outside_the_utc_calendar_is_an_input_error(tmp_path: Path, recorded: str):
    project, before = ingested(tmp_path)
    text = spec(rev="1", seq=1, day="2026-05-01").replace("recorded: 2026-05-01T09:00:00Z", f"recorded: {recorded}")
    write(project, "spec-1.md", text)
    with pytest.raises(InputErrors) as caught:
        parse_document(project / "documents" / "spec-1.md", project)
    error = only(caught)
    assert (error.file, error.line, error.field) == ("documents/spec-1.md", 8, "recorded")
    done = ingest(project)
    assert done.exit_code == 2, done.output
    assert "documents/spec-1.md:8" in said(done) and "Traceback" not in done.output
    assert graph_state(project) == before


# -- the register: every cell under a column, every formula with its value (issue 23) -------

REGISTER_HEADER = "file,id,revision,seq,kind,title,issued,effective_from,recorded"
REGISTER_ROW = "documents/sop-1.md,SOP-1,0,1,sop,Retention,2026-01-05,2026-01-10,2026-01-05T09:00:00Z"


def register_project(root: Path, name: str = "register.csv") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: reg\nfacets: []\nregistry: {name}\n", encoding="utf-8")
    (root / "documents" / "sop-1.md").write_text("1 SCOPE\n\n1.1 All records are kept.\n", encoding="utf-8")
    if name.endswith(".csv"):
        (root / name).write_text(f"{REGISTER_HEADER}\n{REGISTER_ROW}\n", encoding="utf-8")
    return root


def register_problems(root: Path) -> list[InputError]:
    with pytest.raises(InputErrors) as caught:
        ingest_project(root)
    return list(caught.value.exceptions)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("row", "cells"),
    [(REGISTER_ROW + ",finance", 10), (REGISTER_ROW.rsplit(",", 1)[0], 8)],
    ids=["a-cell-more", "a-cell-fewer"],
)
def test_a_register_row_whose_cells_do_not_match_its_header_is_an_error_at_its_line(
    tmp_path: Path, row: str, cells: int,
):
    """A cell past the header (here the access group a header without ``access`` cannot
    hold) was cut off, and the confidential document ingested public."""
    project = register_project(tmp_path / "project")
    done = ingest(project)
    assert done.exit_code == 0, done.output
    before = graph_state(project)
    (project / "register.csv").write_text(f"{REGISTER_HEADER}\n{row}\n", encoding="utf-8")
    done = ingest(project)
    assert done.exit_code == 2, done.output
    assert f"register.csv:2: the row has {cells} cells, the header (line 1) has 9" in said(done)
    assert graph_state(project) == before


def test_a_register_cell_under_a_blank_column_is_an_error_not_dropped(tmp_path: Path):
    project = register_project(tmp_path / "project")
    (project / "register.csv").write_text(f"{REGISTER_HEADER},\n{REGISTER_ROW},finance\n", encoding="utf-8")
    [error] = register_problems(project)
    assert (error.file, error.line) == ("register.csv", 2)
    assert "column 10 has a value ('finance') but no name in the header" in error.message


@pytest.mark.parametrize("title", ["Retention \U0001d465", "Retention \U0001f4c4", "Retention caf\u00e9 \u2014 \\ud835"])
def test_a_register_cell_past_the_basic_plane_is_read_as_written(tmp_path: Path, title: str):
    """A title cell holding a character past the Basic Multilingual Plane (a mathematical letter,
    an emoji) failed the whole ingest with a YAML error at a line of YAML the user never wrote
    (audit B, finding 7: JSON's surrogate pair, which YAML refuses)."""
    project = register_project(tmp_path / "project")
    (project / "register.csv").write_text(
        f"{REGISTER_HEADER}\n{REGISTER_ROW.replace(',Retention,', f',{title},')}\n", encoding="utf-8")
    done = ingest(project)
    assert done.exit_code == 0, done.output
    document = parse_document(project / "documents" / "sop-1.md", project,
                              register=read_register(project / "register.csv", "register.csv", root=project))
    assert document.title == title


@pytest.mark.parametrize(("column", "cell"), [("title", "Reten\x00tion"), ("access", "owners;q\x00a")])
def test_a_nul_in_a_register_cell_is_refused_at_the_registers_row_and_column(tmp_path: Path, column: str, cell: str):
    """Audit 60 F06: a NUL in a title cell was refused naming the Markdown document the row
    describes, with no line; the register names its own file, row and column."""
    project = register_project(tmp_path / "project")
    row = REGISTER_ROW.replace(",Retention,", f",{cell},") if column == "title" else f"{REGISTER_ROW},{cell}"
    header = REGISTER_HEADER if column == "title" else f"{REGISTER_HEADER},{column}"
    (project / "register.csv").write_text(f"{header}\n{row}\n", encoding="utf-8")
    [error] = register_problems(project)
    assert (error.file, error.line, error.field) == ("register.csv", 2, column), str(error)
    assert "NUL" in error.message


def test_a_nul_in_a_yaml_registers_entry_is_refused_at_its_entry(tmp_path: Path):
    project = register_project(tmp_path / "project", "register.yaml")
    fields = dict(zip(REGISTER_HEADER.split(","), REGISTER_ROW.split(","), strict=True))
    fields["title"] = "Reten\\0tion"  # YAML's escape in a double-quoted scalar: a NUL in the value
    entry = "".join(f'  {key}: "{value}"\n' for key, value in fields.items()).replace("  file:", "- file:", 1)
    (project / "register.yaml").write_text(entry, encoding="utf-8")
    [error] = register_problems(project)
    assert (error.file, error.line, error.field) == ("register.yaml", 1, "title"), str(error)


def test_a_register_cell_yaml_refuses_is_an_error_at_its_row_and_column():
    """What YAML refuses in a row's cells (a lone surrogate, from a workbook) is an error at the
    register's row and the cell's column, not at a line of the YAML the row is read through."""
    row = RegisterRow(line=7, values={"id": "SOP-1", "kind": "sop", "title": "bad \udc80 cell"})
    with pytest.raises(InputError) as caught:
        row.composed("register.xlsx")
    assert (caught.value.file, caught.value.line, caught.value.field) == ("register.xlsx", 7, "title")


@pytest.mark.parametrize(("column", "cell"), [("access", "[]"), ("access", '"[owners, qa]"'), ("access", " [owners] "),
                                           ("changed", "[2.1]"), ("applies_to.market", "[UK]")])
def test_a_register_list_cell_written_as_a_yaml_list_is_an_error_at_its_cell(tmp_path: Path, column: str, cell: str):
    """A CSV access cell ``[]`` was read as one group named ``[]`` (the fifth audit of issue 23,
    H3): a cell written as a list is an error saying how a register's cell lists its values."""
    project = register_project(tmp_path / "project")
    (project / "inforce.yaml").write_text("project: reg\nfacets: [market]\nregistry: register.csv\n", encoding="utf-8")
    (project / "register.csv").write_text(f"{REGISTER_HEADER},{column}\n{REGISTER_ROW},{cell}\n", encoding="utf-8")
    [error] = register_problems(project)
    assert (error.file, error.line, error.field) == ("register.csv", 2, column)
    assert "is written as a list" in error.message and "separated by ';'" in (error.hint or "")


def test_a_register_access_cell_with_groups_separated_by_semicolons_still_reads(tmp_path: Path):
    project = register_project(tmp_path / "project")
    (project / "register.csv").write_text(f"{REGISTER_HEADER},access\n{REGISTER_ROW},owners;qa\n", encoding="utf-8")
    assert list(_access_of(project).values()) == [("owners", "qa")]


def test_an_xlsx_boolean_cell_reads_as_the_sheet_shows_it(tmp_path: Path):
    """A boolean cell showed as Python's ``True`` (the fifth audit of issue 23, H4); the sheet
    shows ``TRUE``. A case given as true, TRUE or yes still admits it, and no excludes it."""
    from inforce.adapters.ingest.register import read_register

    project = register_project(tmp_path / "project", "register.xlsx")
    (project / "inforce.yaml").write_text("project: reg\nfacets: [pilot]\nregistry: register.xlsx\n", encoding="utf-8")
    xlsx_register(project, [[*REGISTER_HEADER.split(","), "applies_to.pilot"], [*REGISTER_ROW.split(","), True]])
    [row] = read_register(project / "register.xlsx", "register.xlsx", root=project).rows
    assert row.values["applies_to.pilot"] == "TRUE"
    ingest_project(project)
    with Project.open(project) as opened:
        [document] = opened.snapshot.store.documents()
        assert document.applies_to == {"pilot": ("TRUE",)}
    for value, admitted in (("true", True), ("TRUE", True), ("yes", True), ("no", False), ("false", False)):
        done = runner.invoke(app, ["eligible", str(project), "-c", f"pilot={value}", "--valid-at", "2026-02-01"])
        expected = "eligible: SOP-1" if admitted else "excluded: SOP-1 (pilot)"
        assert (done.exit_code, expected in done.output) == (0 if admitted else 1, True), (value, done.output)


def xlsx_register(project: Path, rows: list[list[object]]) -> Path:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(project / "register.xlsx")
    return project / "register.xlsx"


def test_an_xlsx_register_cell_past_its_header_is_an_error_at_its_row(tmp_path: Path):
    project = register_project(tmp_path / "project", "register.xlsx")
    xlsx_register(project, [REGISTER_HEADER.split(","), [*REGISTER_ROW.split(","), "finance"]])
    [error] = register_problems(project)
    assert (error.file, error.line) == ("register.xlsx", 2) and "column 10 has a value ('finance')" in error.message


def test_an_xlsx_formula_without_a_saved_value_is_an_error_at_its_cell(tmp_path: Path):
    """openpyxl (like any program that computes nothing) writes a formula without its value:
    read for its value, the access cell was empty and the document public."""
    project = register_project(tmp_path / "project", "register.xlsx")
    xlsx_register(project, [
        [*REGISTER_HEADER.split(","), "access"],
        [*REGISTER_ROW.split(","), '="fin"&"ance"'],
        [*REGISTER_ROW.replace("sop-1", "sop-2").replace(",0,1,", ",1,2,").split(","), "=UPPER(A1)"],
    ])
    (project / "documents" / "sop-2.md").write_text("1 SCOPE\n\n1.1 All records are kept.\n", encoding="utf-8")
    errors = register_problems(project)
    assert [(e.file, e.line, e.field) for e in errors] == [("register.xlsx", 2, "access"), ("register.xlsx", 3, "access")]
    assert "cell J2 holds a formula whose value was never saved" in errors[0].message
    assert '="fin"&"ance"' in errors[0].message


def test_an_xlsx_error_cell_is_an_error_at_its_cell_not_a_group(tmp_path: Path):
    """Audit 23g L9: an access cell holding the error value #N/A (``t="e"``, no formula) was
    read as the group '#N/A'; it is an error at the cell, as a formula's error value is."""
    project = register_project(tmp_path / "project", "register.xlsx")
    book = xlsx_register(project, [[*REGISTER_HEADER.split(","), "access"], [*REGISTER_ROW.split(","), "#N/A"]])
    with zipfile.ZipFile(book) as archive:
        assert b't="e"' in archive.read("xl/worksheets/sheet1.xml")  # the cell is an error cell
    [error] = register_problems(project)
    assert (error.file, error.line, error.field) == ("register.xlsx", 2, "access")
    assert "cell J2 holds the error value #N/A" in error.message


def test_an_xlsx_date_cell_past_the_dates_a_sheet_shows_is_named_as_such(tmp_path: Path):
    """Audit 80 B L2: a number in a date format past 9999-12-31 (a sheet shows #####) was called
    "the error value #VALUE!", which the cell does not hold (openpyxl reads it so)."""
    from openpyxl import load_workbook

    project = register_project(tmp_path / "project", "register.xlsx")
    row: list[object] = list(REGISTER_ROW.split(","))
    row[7] = 3_000_000
    book = xlsx_register(project, [REGISTER_HEADER.split(","), row])
    workbook = load_workbook(book)
    workbook.active["H2"].number_format = "yyyy-mm-dd"
    workbook.save(book)
    [error] = register_problems(project)
    assert (error.file, error.line, error.field) == ("register.xlsx", 2, "effective_from")
    assert "cell H2 holds the number 3000000 in a date format, which is no date a sheet shows" in error.message
    assert "#VALUE!" not in error.message


def test_an_xlsx_register_that_unpacks_like_a_bomb_is_refused_by_name(tmp_path: Path):
    """Held to the limits a Word file is (``archives``): a sheet padded to 3 MB of blanks
    stores in a few KB, a thousand times smaller."""
    import zipfile

    project = register_project(tmp_path / "project", "register.xlsx")
    plain = xlsx_register(project, [REGISTER_HEADER.split(","), REGISTER_ROW.split(",")])
    with zipfile.ZipFile(plain) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b"<sheetData>", b"<sheetData>" + b" " * 3_000_000, 1)
    with zipfile.ZipFile(plain, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    [error] = register_problems(project)
    assert error.file == "register.xlsx"
    assert f"{sheet} unpacks to" in error.message and "zip bomb" in error.message


def _rewrite_part(path: Path, part: str, change) -> None:
    import zipfile

    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts[part] = change(parts[part])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _access_of(project: Path) -> dict[str, tuple[str, ...] | None]:
    ingest_project(project)
    with Project.open(project) as opened:
        return {d.uid: d.access for d in opened.snapshot.store.documents()}


@pytest.mark.parametrize("stale", ["A1:I2", "A1:J1"], ids=["columns", "rows"])
def test_an_xlsx_register_is_read_past_a_stale_dimension(tmp_path: Path, stale: str):
    """openpyxl's read-only mode cuts every row to the sheet's stored <dimension>: a writer
    that left it stale (A1:I2 over ten columns) lost the access column, header and cell alike,
    and the document ingested public."""
    project = register_project(tmp_path / "project", "register.xlsx")
    second = REGISTER_ROW.replace("sop-1", "sop-2").replace("SOP-1", "SOP-2")
    (project / "documents" / "sop-2.md").write_text("1 SCOPE\n\n1.1 All records are kept.\n", encoding="utf-8")
    path = xlsx_register(project, [[*REGISTER_HEADER.split(","), "access"], [*REGISTER_ROW.split(","), "owners"],
                                   [*second.split(","), "owners"]])
    _rewrite_part(path, "xl/worksheets/sheet1.xml",
                  lambda data: re.sub(rb'<dimension ref="[^"]*"/>', f'<dimension ref="{stale}"/>'.encode(), data))
    assert _access_of(project) == {"SOP-1@0": ("owners",), "SOP-2@0": ("owners",)}


def test_merged_cells_in_an_xlsx_register_are_an_error_at_their_range(tmp_path: Path):
    """A merged access cell shows "owners" on every row, but only its first cell holds it:
    the rows below read as blank and their documents public."""
    from openpyxl import load_workbook

    project = register_project(tmp_path / "project", "register.xlsx")
    second = REGISTER_ROW.replace("sop-1", "sop-2").replace("SOP-1", "SOP-2")
    (project / "documents" / "sop-2.md").write_text("1 SCOPE\n\n1.1 All records are kept.\n", encoding="utf-8")
    path = xlsx_register(project, [[*REGISTER_HEADER.split(","), "access"], [*REGISTER_ROW.split(","), "owners"],
                                   [*second.split(","), None]])
    book = load_workbook(path)
    book.active.merge_cells("J2:J3")
    book.save(path)
    [error] = register_problems(project)
    assert (error.file, error.line) == ("register.xlsx", 2)
    assert "cells J2:J3 are merged" in error.message


def test_an_xlsx_register_is_its_first_visible_sheet_and_never_a_guess(tmp_path: Path):
    """The first sheet was read even when hidden (an old copy without the access column),
    while whoever opens the workbook sees the visible register, which restricts it."""
    from openpyxl import Workbook

    project = register_project(tmp_path / "project", "register.xlsx")
    book = Workbook()
    lists = book.active
    lists.title, lists.sheet_state = "lists", "hidden"
    lists.append(["owners", "finance"])
    register = book.create_sheet("Register")
    register.append([*REGISTER_HEADER.split(","), "access"])
    register.append([*REGISTER_ROW.split(","), "owners"])
    book.save(project / "register.xlsx")
    assert _access_of(project) == {"SOP-1@0": ("owners",)}
    # a hidden old copy of the register beside it: which is meant is not guessed
    old = book.create_sheet("old", 0)
    old.sheet_state = "hidden"
    old.append(REGISTER_HEADER.split(","))
    old.append(REGISTER_ROW.split(","))
    book.save(project / "register.xlsx")
    [error] = register_problems(project)
    assert error.file == "register.xlsx" and error.field == "registry"
    assert "sheet 'Register' is read as the register, but sheet(s) 'old'" in error.message


@pytest.mark.parametrize("access", ["[]", '[""]', '""', "~", "[owners]", '[" owners"]', "[owners, ~]", "true", "5", "owners"])
def test_a_yaml_register_access_reads_as_the_same_front_matter(tmp_path: Path, access: str):
    """``access: []`` (or ``[""]``, ``""``) in a YAML register was joined to an empty cell,
    left out as blank, and the document was public; in front matter the same value is read
    by no group (a warning) or an error. One reading for both."""
    from inforce.adapters.ingest.register import read_register

    fields = REGISTER_HEADER.split(",")[1:]
    values = dict(zip(fields, REGISTER_ROW.split(",")[1:], strict=True))
    values["effective"] = "{from: " + values.pop("effective_from") + "}"
    values["revision"] = '"0"'
    lines = [f"{key}: {value}" for key, value in values.items()] + [f"access: {access}"]
    front = tmp_path / "front"
    front_file = write(front, "sop-1.md", "---\n" + "\n".join(lines) + "\n---\n1 SCOPE\n\n1.1 Kept.\n")
    listed = tmp_path / "listed"
    listed_file = write(listed, "sop-1.md", "1 SCOPE\n\n1.1 Kept.\n")
    (listed / "register.yaml").write_text("- file: documents/sop-1.md\n" + "".join(f"  {line}\n" for line in lines))
    try:
        register = read_register(listed / "register.yaml", "register.yaml", root=listed)
    except InputErrors as caught:  # refused by the register itself (access: ~, as front matter refuses it)
        register, refused = None, [(e.message, e.field) for e in caught.exceptions]  # type: ignore[union-attr]

    def outcome(path: Path, root: Path, **options) -> tuple[object, list[tuple[str, str | None]]]:
        try:
            document, warnings = parse_document_with_warnings(path, root, **options)
        except InputErrors as caught:
            return "refused", [(e.message, e.field) for e in caught.exceptions]  # type: ignore[union-attr]
        except InputError as caught:
            return "refused", [(caught.message, caught.field)]
        return document.access, [(w.message, w.field) for w in warnings]

    read_front = outcome(front_file, front)
    read_listed = outcome(listed_file, listed, register=register) if register is not None else ("refused", refused)
    assert read_listed == (read_front[0], [(message, (field or "").split("[")[0] or None)
                                           for message, field in read_front[1]])
    expected = {"[owners]": ("owners",), "owners": ("owners",), "5": ("5",)}  # "~", "[]": refused
    assert read_front[0] == expected.get(access, "refused")


def test_a_yaml_register_entry_giving_a_field_twice_is_an_error_at_its_line(tmp_path: Path):
    """``document`` is ``id`` and ``effective.until`` is ``effective_until``: an entry giving
    both kept the later one, silently."""
    project = register_project(tmp_path / "project", "register.yaml")
    (project / "register.yaml").write_text(
        "- file: documents/sop-1.md\n  id: SOP-1\n  document: SOP-777\n  kind: sop\n  title: T\n"
        "  effective: {from: 2026-01-10, until: 2026-02-05}\n  effective_until: 2027-02-05\n"
        "  recorded: 2026-01-05T09:00:00Z\n", encoding="utf-8")
    errors = register_problems(project)
    assert [(e.file, e.line, e.field) for e in errors] == [("register.yaml", 3, "id"),
                                                          ("register.yaml", 7, "effective_until")]
    assert "given twice in one entry (as 'id' and 'document')" in errors[0].message


# -- a provision longer than the text pipeline reads at once (issue 23) ---------------------


@pytest.mark.slow
def test_a_provision_over_a_million_characters_ingests(tmp_path: Path):
    """spaCy reads at most 1,000,000 characters a text; a provision dense with numbers is one
    window of them, read in pieces to its end: the ingest used to fail with exit 70."""
    project = new_project(tmp_path / "project")
    # a figure pair every 214 characters: pieces end anywhere, among figures or between them
    sentence = ("Concrete shall reach 4,000 psi at 28 days and the slab is 150 mm thick. The formwork stays "
                "in place until the engineer agrees in writing that the surface is sound, clean and ready for "
                "the finish the drawings show. ")
    last = "Concrete shall reach 5,250 psi at 28 days. "
    write(project, "spec-0.md", spec().replace("B. Compressive", "B. " + sentence * 4_800 + last + "Compressive"))
    done = ingest(project)
    assert done.exit_code == 0, done.output
    with Project.open(project) as opened:
        assert len(opened.asof("SPEC-033000#2.1.B", dt.date(2026, 4, 1)).text) > 1_000_000
        read = [f.text for f in opened.facts(None, dt.date(2026, 4, 1)).facts if str(f.locator).endswith("#2.1.B")]
    assert read.count("4,000 psi") == 4_800 and "5,250 psi" in read  # every figure, to the last one


# -- a file name on the terminal (issue 23) ----------------------------------------------------


def test_a_file_name_with_control_characters_is_written_out_on_the_terminal(tmp_path: Path):
    project = new_project(tmp_path / "project")
    write(project, "odd\x1b[2J\x1b]0;title\x07.xyz", "not a document")
    done = ingest(project)
    assert done.exit_code == 0, done.output
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert "documents/odd\\x1b[2J\\x1b]0;title\\x07.xyz: not read" in done.stderr


@pytest.mark.parametrize("where", ["front matter", "register"])
def test_a_merge_key_is_an_error_at_its_line_wherever_it_is_written(tmp_path: Path, where: str):
    """``<<: {access: [owners]}`` in front matter was an unknown key, dropped with a warning (the
    document public), while a register applied it, and a register's merged keys had no line
    (exit 70). One reader refuses it alike everywhere, naming its line."""
    from inforce.adapters.ingest.register import read_register

    fields = REGISTER_HEADER.split(",")[1:]
    values = dict(zip(fields, REGISTER_ROW.split(",")[1:], strict=True))
    values["effective"] = "{from: " + values.pop("effective_from") + "}"
    values["revision"] = '"0"'
    lines = [f"{key}: {value}" for key, value in values.items()] + ["<<: {access: [owners]}"]
    if where == "front matter":
        path = write(tmp_path, "sop-1.md", "---\n" + "\n".join(lines) + "\n---\n1 SCOPE\n\n1.1 Kept.\n")
        with pytest.raises((InputError, InputErrors)) as caught:
            parse_document_with_warnings(path, tmp_path)
    else:
        write(tmp_path, "sop-1.md", "1 SCOPE\n\n1.1 Kept.\n")
        (tmp_path / "register.yaml").write_text("- file: documents/sop-1.md\n" + "".join(f"  {line}\n" for line in lines))
        with pytest.raises((InputError, InputErrors)) as caught:
            read_register(tmp_path / "register.yaml", "register.yaml", root=tmp_path)
    errors = caught.value.exceptions if isinstance(caught.value, InputErrors) else [caught.value]
    assert any("merge key" in e.message for e in errors), [e.message for e in errors]  # type: ignore[union-attr]
    line = len(lines) + 1  # the merge key's own line (front matter opens with "---", the register with "- file")
    assert any(getattr(e, "line", None) == line for e in errors), [(e.message, getattr(e, "line", None)) for e in errors]


# -- metadata that would be lost: a known key misspelt, a '...' line -----------------------------

#: ``access`` as people and scripts misspell it: capitalised, a letter added, left out or
#: swapped, a trailing underscore, a zero-width space inside, a Cyrillic 'а' for the Latin one
ACCESS_MISSPELT = ["Access", "ACCESS", "acess", "accesss", "acecss", "access_", "acc\u200bess", "\u0430ccess"]


def _metadata(key: str) -> str:
    return ("id: SCH-1\nkind: schedule\ntitle: Door schedule\neffective: {from: 2026-03-02}\n"
            f"recorded: 2026-03-02T09:00:00Z\n{key}: [owners]\n")


@pytest.mark.parametrize("key", ACCESS_MISSPELT)
@pytest.mark.parametrize("where", ["front matter", "CSV sidecar", "drawing"])
def test_a_misspelt_access_key_is_an_error_naming_access_never_a_public_document(tmp_path: Path, where: str, key: str):
    """``Access: [owners]`` was ignored with a warning and the document ingested public (a YAML
    register refuses the same key): a known key misspelt is an error naming the key meant."""
    if where == "front matter":
        path, line = write(tmp_path, "a.md", f"---\n{_metadata(key)}---\n1 SCOPE\n\n1.1 Kept.\n"), 7
    elif where == "CSV sidecar":
        path, line = write(tmp_path, "a.csv", "Mark,Width\nD1,900\n"), 6
        write(tmp_path, "a.csv.yaml", _metadata(key))
    else:
        path, line = write(tmp_path, "a.drawing.yaml", _metadata(key) + "callouts:\n  - {id: callout-1, text: Note}\n"), 6
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    error = only(caught)
    assert (error.line, error.field) == (line, key)
    assert "did you mean 'access'?" in error.message


@pytest.mark.parametrize(("key", "meant"), [("applies-to", "applies_to"), ("AppliesTo", "applies_to"),
                                            ("On_Lapse", "on_lapse"), ("supersede", "supersedes"),
                                            ("revisions", "revision"), ("issue", "issued"), ("ID", "id")])
def test_any_known_key_misspelt_is_an_error_naming_it(tmp_path: Path, key: str, meant: str):
    path = write(tmp_path, "a.md", f"---\n{_metadata('access').replace('access:', key + ':')}---\n1 SCOPE\n")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    messages = [e.message for e in caught.value.exceptions]
    assert f"unknown key {key!r}: did you mean {meant!r}?" in messages, messages


@pytest.mark.parametrize("key", ["colour", "author", "tags", "status", "idx"])
def test_a_key_that_is_no_known_key_misspelt_is_an_error_listing_the_known_keys(tmp_path: Path, key: str):
    """An unknown key was ignored with a warning: it is an error, as an unknown register
    column is, so nothing a key says is lost without the ingest failing."""
    path = write(tmp_path, "a.md", f"---\n{_metadata('access').replace('access:', key + ':')}---\n1 SCOPE\n")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    error = only(caught)
    assert (error.file, error.line, error.field) == ("documents/a.md", 7, key)
    assert error.message == f"unknown key {key!r}" and "known keys: access, applies_to" in (error.hint or "")


#: keys that mean who may read, none of them ``access`` misspelt (the fifth audit of issue 23,
#: H2: each was a warning and the document public); ``аcl`` with a Cyrillic ``а``
ACCESS_ALIKE = ["readers", "Readers", "roles", "allowed", "private", "owners", "zugriff", "\u0430cl"]


def _word_document(tmp_path: Path, metadata: str) -> Path:
    import docx

    document = docx.Document()
    document.add_paragraph("1 SCOPE")
    document.add_paragraph("1.1 Kept.")
    path = tmp_path / "documents" / "a.docx"
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(str(path))
    write(tmp_path, "a.docx.yaml", metadata)
    return path


@pytest.mark.parametrize("key", ACCESS_ALIKE)
@pytest.mark.parametrize("where", ["front matter", "CSV sidecar", "Word sidecar", "drawing"])
def test_an_unknown_key_that_reads_like_access_is_an_error_saying_how_access_is_written(
    tmp_path: Path, where: str, key: str,
):
    metadata = _metadata(key).replace(f"{key}: [owners]", f"{key}: true" if key == "private" else f"{key}: [owners]")
    if where == "front matter":
        path, line = write(tmp_path, "a.md", f"---\n{metadata}---\n1 SCOPE\n\n1.1 Kept.\n"), 7
    elif where == "CSV sidecar":
        path, line = write(tmp_path, "a.csv", "Mark,Width\nD1,900\n"), 6
        write(tmp_path, "a.csv.yaml", metadata)
    elif where == "Word sidecar":
        path, line = _word_document(tmp_path, metadata), 6
    else:
        path, line = write(tmp_path, "a.drawing.yaml", metadata + "callouts:\n  - {id: callout-1, text: Note}\n"), 6
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    error = only(caught)
    assert (error.line, error.field) == (line, key)
    assert f"unknown key {key!r}: who may read a document is said only by 'access'" == error.message
    assert "access: [group, ...]" in (error.hint or "")


def test_an_unknown_callout_key_is_an_error_at_its_line(tmp_path: Path):
    path = write(tmp_path, "a.drawing.yaml", _metadata("access") + "callouts:\n  - {id: callout-1, text: Note}\n"
                 "  - {id: callout-2, txt: Other note}\n  - {id: callout-3, text: Third, colour: red}\n")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    messages = [(e.line, e.field, e.message) for e in caught.value.exceptions]  # type: ignore[union-attr]
    assert (9, "callouts[1].txt", "unknown key 'txt': did you mean 'text'?") in messages, messages
    assert (10, "callouts[2].colour", "unknown key 'colour'") in messages, messages


@pytest.mark.parametrize("key", ["readers", "\u0430cl", "author"])
def test_an_ingest_meeting_an_unknown_key_fails_and_leaves_the_graph_as_it_was(tmp_path: Path, key: str):
    project, before = ingested(tmp_path)
    write(project, "secret.md", "---\nid: SOP-9\nkind: sop\neffective: {from: 2026-03-02}\n"
          f"recorded: 2026-03-02T09:00:00Z\n{key}: [owners]\n---\n1 SCOPE\n\n1.1 ZEBRAWORD.\n")
    done = ingest(project)
    assert done.exit_code == 2, done.output
    assert f"documents/secret.md:6:1: {key}: unknown key {key!r}" in said(done)
    assert graph_state(project) == before


_KNOWN = ("id", "kind", "title", "revision", "seq", "issued", "effective", "recorded", "changed", "on_lapse",
          "access", "applies_to", "supersedes", "sheet", "scale")


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from([k for k in _KNOWN if len(k.replace("_", "")) >= 4]), data=st.data())
def test_every_one_letter_slip_of_a_known_key_is_caught(key: str, data: st.DataObject):
    """One letter added, left out, changed or two swapped, any capitals: never ignored."""
    from inforce.adapters.ingest.yamlnodes import misspelt_key

    letters = st.sampled_from("abcdefghijklmnopqrstuvwxyz_-")
    at = data.draw(st.integers(0, len(key) - 1))
    slip = data.draw(st.sampled_from(["insert", "delete", "change", "swap"]))
    if slip == "insert":
        name = key[:at] + data.draw(letters) + key[at:]
    elif slip == "delete":
        name = key[:at] + key[at + 1:]
    elif slip == "change":
        name = key[:at] + data.draw(letters) + key[at + 1:]
    else:
        name = key[:at] + key[at + 1:at + 2] + key[at] + key[at + 2:]
    name = "".join(c.upper() if data.draw(st.booleans()) else c for c in name)
    assert name in _KNOWN or misspelt_key(name, _KNOWN) is not None, name


@pytest.mark.parametrize("after", ["access: [owners]\n---\n", "---\n", ""], ids=["keys after it", "a fence after it", "alone"])
def test_a_document_end_line_in_front_matter_is_an_error_at_its_line(tmp_path: Path, after: str):
    """Front matter closed at a '...' line: the keys under it (``access`` too) became the
    document's text and the document was public. Only '---' closes it; '...' is an error."""
    front = "---\nid: SOP-1\nkind: sop\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n...\n"
    path = write(tmp_path, "a.md", front + after + "1 SCOPE\n\n1.1 Kept.\n")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    error = only(caught)
    assert error.line == 6 and "'...'" in error.message and "'---'" in error.message


@pytest.mark.parametrize("lines", ["Access: [owners]\n", "...\naccess: [owners]\n"], ids=["Access", "dots"])
def test_an_ingest_meeting_lost_access_fails_and_leaves_the_graph_as_it_was(tmp_path: Path, lines: str):
    project, before = ingested(tmp_path)
    write(project, "secret.md", "---\nid: SOP-9\nkind: sop\neffective: {from: 2026-03-02}\n"
          f"recorded: 2026-03-02T09:00:00Z\n{lines}---\n1 SCOPE\n\n1.1 ZEBRAWORD.\n")

    done = ingest(project)

    assert done.exit_code == 2, done.output
    assert "documents/secret.md:6" in said(done)
    assert graph_state(project) == before


def _grouped(root: Path, access: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: groups\n")
    (root / "documents" / "sop.md").write_text(
        f"---\nid: SOP-9\nkind: sop\ntitle: T\nissued: 2026-01-01\neffective: {{from: 2026-01-01}}\n"
        f"recorded: 2026-01-01T00:00:00Z\naccess: [{access}]\n---\n1.1 Keep ZZGROUPED records.\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("hidden", ["\u200bowners", "own\u200ders", "owners\u2060", "o\u202ewners", "owners\u00ad",
                                    "\u034f", "own\u034fers", "owners\ufe0f", "\u3164"])  # audit 23g L7: default ignorables
def test_a_group_name_holding_an_invisible_character_is_an_error_at_its_line(tmp_path: Path, hidden: str) -> None:
    """Audit 23f L3: a zero-width character in an access list made a group no one could name."""
    root = _grouped(tmp_path, hidden)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2 and "documents/sop.md:8" in result.output and "cannot be seen" in result.output
    plain = _grouped(tmp_path / "plain", "owners")
    assert runner.invoke(app, ["ingest", str(plain)]).exit_code == 0
    asked = runner.invoke(app, ["show", str(plain), "SOP-9", "--groups", hidden])
    assert asked.exit_code == 2 and "--groups" in asked.output and "ZZGROUPED" not in asked.output


def test_a_fullwidth_group_name_is_read_as_the_plain_name(tmp_path: Path) -> None:
    """NFKC, where access lists and --groups are read: ｏwners is the group owners."""
    root = _grouped(tmp_path, "\uff4fwners")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    for held in ("owners", "\uff4fwners"):
        shown = runner.invoke(app, ["show", str(root), "SOP-9", "--groups", held])
        assert shown.exit_code == 0 and "ZZGROUPED" in shown.output, shown.output
    assert "ZZGROUPED" not in runner.invoke(app, ["show", str(root), "SOP-9"]).output


def _edge_corpus(root: Path, target: str, bad: str) -> Path:
    """An addendum (a-add.md) replacing ``target``, a policy B-1 with ``bad`` in its front matter,
    and the policy Z-1, in that order of files."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: edges\nfacets: []\nrules: []\n")

    def doc(name: str, doc_id: str, kind: str, extra: str) -> None:
        (root / "documents" / name).write_text(
            f"---\nid: {doc_id}\nkind: {kind}\ntitle: T\nissued: 2026-01-05\neffective: {{from: 2026-01-05}}\n"
            f"recorded: 2026-01-05T09:00:00Z\n{extra}---\n1 X\n\n1.1 Lights off at six.\n")

    doc("a-add.md", "ADD-1", "addendum", f"supersedes:\n  - {{target: {target}, scope: full, effective: 2026-01-05}}\n")
    doc("b-bad.md", "B-1", "policy", bad)
    doc("z.md", "Z-1", "policy", "")
    return root


@pytest.mark.parametrize("target", ["Z-1#1.1", "B-1#1.1", "Z-1@0#1.1"])
def test_a_document_with_a_mistake_makes_no_other_look_missing(tmp_path: Path, target: str) -> None:
    """Audit A8: one file with a mistake stopped the ingest from knowing the documents read
    after it (and knows nothing of its own), so an edge to either was reported as a target not
    in the corpus beside the real error: only the real one is reported; with the mistake
    mended, the ingest succeeds; a target that is truly missing is still reported."""
    root = _edge_corpus(tmp_path / "p", target, "kind2: x\n")
    failed = runner.invoke(app, ["ingest", str(root)])
    assert failed.exit_code == 2 and "documents/b-bad.md:8" in failed.output, failed.output
    assert "not in the corpus" not in failed.output and "a-add.md" not in failed.output, failed.output
    (root / "documents" / "b-bad.md").write_text((root / "documents" / "b-bad.md").read_text().replace("kind2: x\n", ""))
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    missing = _edge_corpus(tmp_path / "q", "Q-9#1.1", "")
    refused = runner.invoke(app, ["ingest", str(missing)])
    assert refused.exit_code == 2 and "documents/a-add.md:9" in refused.output and "no document Q-9" in refused.output


def test_a_document_read_after_one_with_an_undeclared_facet_is_there_for_the_checks_across_files(
    tmp_path: Path,
) -> None:
    """The same when the mistake is found after the document parsed (a facet the manifest
    does not declare): the documents after it are known to the checks across files."""
    root = _edge_corpus(tmp_path / "p", "Z-1#1.1", "applies_to: {market: UK}\n")
    failed = runner.invoke(app, ["ingest", str(root)])
    assert failed.exit_code == 2 and "documents/b-bad.md" in failed.output and "market" in failed.output, failed.output
    assert "not in the corpus" not in failed.output, failed.output


def test_a_nul_written_as_a_yaml_escape_in_a_title_is_refused_at_its_line_and_column(tmp_path: Path):
    """Audit 61 F02: "Docu\\0ment" in front matter reached the store, which named the document's
    file but no line; the front matter's reader refuses it where it is written, and nothing changes."""
    project, before = ingested(tmp_path)
    text = (project / "documents" / "spec-0.md").read_text(encoding="utf-8")
    write(project, "spec-0.md", text.replace("\ntitle: Cast-in-Place Concrete\n", '\ntitle: "Cast-in-\\0Place"\n', 1))
    line = text[:text.index("\ntitle:")].count("\n") + 2
    done = ingest(project)
    assert done.exit_code == 2, done.output
    assert f"spec-0.md:{line}:8: title: text contains a NUL character" in said(done), said(done)
    assert graph_state(project) == before
