"""Document files to Documents: Markdown, drawings, PDFs; every bad input reported at file:line."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

import inforce.adapters.ingest as ingest
from inforce.adapters.ingest import (
    content_hash,
    discover_documents,
    parse_document,
    parse_document_with_warnings,
)
from inforce.ontology import Callout, InputError, InputErrors, Locator, Section, TableRow

SHARED = Path(__file__).resolve().parents[2].parent / "shared"

SPEC = """\
---
id: SPEC-033000
kind: specification
title: Section 03 30 00 Cast-in-Place Concrete
revision: 2
seq: 3
issued: 2026-03-02
effective: {from: 2026-03-02, until: 2027-01-01}
recorded: 2026-03-02
changed: ["2.1", 2]
access: [project-team]
applies_to: {market: UK, product: [refurbished, new]}
---
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi.

| Element | Strength |
|---|---|
| Footings | 4,000 psi |
"""

ADDENDUM = """\
---
id: ADD-02
kind: addendum
title: Addendum No. 2
issued: 2026-04-10
effective: {from: 2026-04-10}
recorded: 2026-04-10T12:00:00Z
supersedes:
  - target: SPEC-033000#2.1.A
    scope: full
    effective: 2026-04-11
    by: ADD-02#1.3
  - {target: SPEC-033000@2, scope: partial}
---
ADDENDUM NO. 2

1 CHANGES TO THE SPECIFICATIONS

1.3 Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: "5,000 psi."
"""


def write(root: Path, name: str, text: str) -> Path:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(root: Path, name: str, text: str) -> list[InputError]:
    path = write(root, name, text)
    with pytest.raises(InputErrors) as caught:
        parse_document(path, root)
    return list(caught.value.exceptions)  # type: ignore[arg-type]


def only(errors: list[InputError]) -> InputError:
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


def test_markdown_document_fields_and_provisions(tmp_path: Path):
    path = write(tmp_path, "specs/033000.md", SPEC)
    doc = parse_document(path, tmp_path)
    assert (doc.id, doc.kind, doc.revision, doc.seq) == ("SPEC-033000", "specification", "2", 3)
    assert doc.issued == dt.date(2026, 3, 2)
    assert (doc.effective.from_, doc.effective.until) == (dt.date(2026, 3, 2), dt.date(2027, 1, 1))
    # A date given for `recorded` means the end of that day, UTC.
    assert doc.recorded == dt.datetime(2026, 3, 2, 23, 59, 59, 999999, tzinfo=dt.UTC)
    assert doc.changed == ("2.1", "2") and doc.access == ("project-team",)
    assert doc.applies_to == {"market": ("UK",), "product": ("refurbished", "new")}
    assert (doc.source.file, doc.source.line, doc.source.format) == (
        "documents/specs/033000.md",
        1,
        "markdown",
    )
    # The text layer is the body exactly as in the file, after the closing '---' line.
    assert doc.text_layer == SPEC.split("---\n", 2)[2]
    assert [p.path for p in doc.provisions] == ["033000", "part-2", "2.1", "2.1.A", "table-1.row-1"]
    for provision in doc.provisions:
        if isinstance(provision, Section):
            assert provision.span.slice(doc.text_layer) == provision.text
    row = doc.provisions[-1]
    assert (
        isinstance(row, TableRow)
        and row.parent == "2.1.A"
        and row.cells == ("Footings", "4,000 psi")
    )
    assert doc.provision_locator("2.1.A") == Locator.parse("SPEC-033000@2#2.1.A")


def test_declared_supersedes_edges(tmp_path: Path):
    doc = parse_document(write(tmp_path, "add-02.md", ADDENDUM), tmp_path)
    first, second = doc.supersedes
    assert first.source == Locator(doc="ADD-02", rev="0") and first.origin == "declared"
    assert (str(first.target), first.scope, first.effective, str(first.by)) == (
        "SPEC-033000#2.1.A",
        "full",
        dt.date(2026, 4, 11),
        "ADD-02#1.3",
    )
    assert first.line == 9
    # Without its own date an edge takes effect with its document.
    assert (str(second.target), second.scope, second.effective, second.by) == (
        "SPEC-033000@2",
        "partial",
        dt.date(2026, 4, 10),
        None,
    )
    assert second.line == 13


def test_content_hash_covers_bytes_and_parser_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    path = write(tmp_path, "spec.md", SPEC)
    doc = parse_document(path, tmp_path)
    assert doc.content_hash == content_hash(path) and len(doc.content_hash) == 64
    same = write(tmp_path, "copy.md", SPEC)
    assert content_hash(same) == doc.content_hash
    write(tmp_path, "spec.md", SPEC.replace("4,000", "5,000"))
    assert content_hash(path) != doc.content_hash
    monkeypatch.setattr("inforce.adapters.ingest.parsing.PARSER_VERSION", "999")
    assert content_hash(same) != doc.content_hash


# -- bad inputs: each at its file, line and field -------------------------------------------


def test_front_matter_without_closing_line(tmp_path: Path):
    error = only(problems(tmp_path, "a.md", "---\nid: A\nkind: sop\n\n1 SCOPE\n"))
    assert (error.file, error.line) == ("documents/a.md", 1)
    assert "closing" in error.message


def test_document_without_front_matter(tmp_path: Path):
    error = only(problems(tmp_path, "a.md", "# Title\n\n1 SCOPE\n"))
    assert (error.file, error.line) == ("documents/a.md", 1) and "front matter" in error.message


def test_yaml_syntax_error_points_at_the_problem(tmp_path: Path):
    text = "---\nid: A\nkind: sop\neffective: {from: 2026-01-01\nrecorded: 2026-01-01\n---\nbody\n"
    error = only(problems(tmp_path, "a.md", text))
    assert error.file == "documents/a.md" and error.line == 5 and error.col is not None
    assert "YAML syntax error" in error.message


def test_unknown_kind_lists_the_allowed_ones(tmp_path: Path):
    error = only(
        problems(tmp_path, "a.md", SPEC.replace("kind: specification", "kind: specfication"))
    )
    assert (error.line, error.col, error.field) == (3, 7, "kind")
    assert (
        "specfication" in error.message
        and "specification" in (error.hint or "")
        and "sop" in (error.hint or "")
    )


def test_invalid_date(tmp_path: Path):
    error = only(
        problems(tmp_path, "a.md", SPEC.replace("issued: 2026-03-02", "issued: 2026-02-30"))
    )
    assert (error.line, error.field) == (7, "issued") and "2026-02-30" in error.message


def test_effective_until_not_after_from(tmp_path: Path):
    text = SPEC.replace("until: 2027-01-01", "until: 2026-03-01")
    error = only(problems(tmp_path, "a.md", text))
    assert (error.line, error.field) == (8, "effective.until") and "not after" in error.message


def test_unparsable_locator_in_supersedes(tmp_path: Path):
    error = only(
        problems(
            tmp_path,
            "a.md",
            ADDENDUM.replace("target: SPEC-033000#2.1.A", "target: SPEC 033000#2.1.A"),
        )
    )
    assert (error.line, error.field) == (9, "supersedes[0].target")
    assert "SPEC 033000#2.1.A" in error.message and "DOC-ID" in (error.hint or "")
    error = only(problems(tmp_path, "b.md", ADDENDUM.replace("by: ADD-02#1.3", "by: ADD-02#1..3")))
    assert (error.line, error.field) == (12, "supersedes[0].by")


def test_by_must_name_a_provision_of_the_document_itself(tmp_path: Path):
    error = only(problems(tmp_path, "a.md", ADDENDUM.replace("by: ADD-02#1.3", "by: ADD-03#1.3")))
    assert (error.line, error.field) == (12, "supersedes[0].by") and "ADD-03#1.3" in error.message
    error = only(problems(tmp_path, "b.md", ADDENDUM.replace("by: ADD-02#1.3", "by: ADD-02#7.4.2")))
    assert (error.line, error.field) == (
        12,
        "supersedes[0].by",
    ) and "names no provision" in error.message


def test_missing_required_field_and_wrong_types(tmp_path: Path):
    text = (
        SPEC.replace("recorded: 2026-03-02\n", "")
        .replace("seq: 3", "seq: [3]")
        .replace("access: [project-team]", "access: {team: x}")
    )
    errors = problems(tmp_path, "a.md", text)
    assert [(e.line, e.field) for e in errors] == [(2, "recorded"), (6, "seq"), (10, "access")]
    assert "missing required field" in errors[0].message
    assert "integer" in errors[1].message and "list" in errors[2].message


def test_every_problem_in_a_file_is_reported_at_once(tmp_path: Path):
    text = (
        SPEC.replace("kind: specification", "kind: memo")
        .replace("issued: 2026-03-02", "issued: 2026-13-01")
        .replace("| Footings | 4,000 psi |", "| Footings | 4,000 psi | extra |")
    )
    errors = problems(tmp_path, "a.md", text)
    assert [(e.line, e.field) for e in errors] == [
        (3, "kind"),
        (7, "issued"),
        (24, "table-1.row-1"),
    ]
    assert all(e.file == "documents/a.md" for e in errors)


def test_unknown_front_matter_key_is_an_error(tmp_path: Path):
    path = write(tmp_path, "a.md", SPEC.replace("seq: 3\n", "seq: 3\ncolour: blue\n"))
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    (error,) = caught.value.exceptions
    assert (error.file, error.line, error.field) == ("documents/a.md", 7, "colour")
    assert error.message == "unknown key 'colour'"


def test_optional_fields_given_as_null_are_left_out(tmp_path: Path):
    # (not access: written with no value it is an error, test_cli_fourth_audit; left out, public)
    text = SPEC.replace("issued: 2026-03-02", "issued: ~").replace("access: [project-team]\n", "")
    doc = parse_document(
        write(tmp_path, "a.md", text.replace("revision: 2", "revision: null")), tmp_path
    )
    assert (doc.issued, doc.access, doc.revision) == (None, None, "0")


# -- drawings --------------------------------------------------------------------------------

DRAWING = """\
id: DWG-S-101
sheet: S-101
title: Foundation Plan
scale: 1/8" = 1'-0"
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-3
    detail: 3/S-501
    scale: 3/4" = 1'-0"
    text: "CONCRETE f'c = 4,000 PSI @ 28 DAYS"
  - id: callout-4
    text: TOP OF FOOTING EL. 100'-0"
"""


def test_drawing_callouts_and_text_layer(tmp_path: Path):
    doc = parse_document(write(tmp_path, "S-101.drawing.yaml", DRAWING), tmp_path)
    assert (doc.kind, doc.sheet, doc.scale, doc.source.format) == (
        "drawing",
        "S-101",
        '1/8" = 1\'-0"',
        "drawing",
    )
    three, four = doc.provisions
    assert isinstance(three, Callout) and (three.path, three.detail, three.scale) == (
        "callout-3",
        "3/S-501",
        '3/4" = 1\'-0"',
    )
    assert doc.text_layer == "CONCRETE f'c = 4,000 PSI @ 28 DAYS\nTOP OF FOOTING EL. 100'-0\""
    for callout in (three, four):
        assert callout.span.slice(doc.text_layer) == callout.text
    assert four.scale is None


def test_duplicate_callout_id(tmp_path: Path):
    error = only(
        problems(tmp_path, "S-101.drawing.yaml", DRAWING.replace("id: callout-4", "id: callout-3"))
    )
    assert (error.line, error.field) == (
        13,
        "callouts[1].id",
    ) and "first at line 9" in error.message


@pytest.mark.parametrize("blank", ['""', "'   '", '"\\t"'])
def test_a_callout_with_blank_text_is_an_error_at_its_line(tmp_path: Path, blank: str):
    """Audit 75 B: a callout whose text was blank became a provision with no words (cited,
    checked and swept as nothing), taken without a word."""
    error = only(problems(tmp_path, "S-101.drawing.yaml", DRAWING.replace("text: TOP OF FOOTING EL. 100'-0\"", f"text: {blank}")))
    assert (error.line, error.field) == (14, "callouts[1].text") and "blank" in error.message


def test_a_callout_id_past_a_hundred_characters_is_an_error(tmp_path: Path):
    """Audit 75 B: a 100,000-character callout id was taken, and written in every answer citing it."""
    long_id = "c" * 101
    error = only(problems(tmp_path, "S-101.drawing.yaml", DRAWING.replace("id: callout-4", f"id: {long_id}")))
    assert (error.line, error.field) == (13, "callouts[1].id") and "101 characters" in error.message
    doc = parse_document(write(tmp_path, "S-102.drawing.yaml", DRAWING.replace("id: callout-4", f"id: {'c' * 100}")),
                         tmp_path)
    assert [p.path for p in doc.provisions] == ["callout-3", "c" * 100]


# -- PDFs ------------------------------------------------------------------------------------

SIDECAR = "id: US-030\nkind: other\ntitle: Fuel savings report\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01\n"


@pytest.fixture
def camelot_pdf() -> Path:
    path = SHARED / "data" / "camelot-tests" / "pdfs" / "us-030.pdf"
    if not path.exists():
        pytest.skip("../shared/data/camelot-tests is not available")
    return path


@pytest.mark.shared
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_pdf_text_layer_sections_and_pages(tmp_path: Path, camelot_pdf: Path):
    pdf = tmp_path / "documents" / "us-030.pdf"
    pdf.parent.mkdir(parents=True)
    shutil.copy(camelot_pdf, pdf)
    sidecar = write(tmp_path, "us-030.pdf.yaml", SIDECAR)
    doc = parse_document(pdf, tmp_path)
    assert (doc.id, doc.source.file, doc.source.format) == ("US-030", "documents/us-030.pdf", "pdf")
    assert "\f" in doc.text_layer  # two pages or more, joined by a page break
    sections = {p.path: p for p in doc.provisions}
    assert {"2", "2.1", "2.1.1"} <= set(sections)
    for provision in doc.provisions:
        if isinstance(provision, TableRow):  # its text is header and row (units written in); its span the row
            assert provision.span.slice(doc.text_layer).split() == " ".join(provision.cells).split()
            continue
        assert provision.span.slice(doc.text_layer) == provision.text
        assert (
            provision.span.page_start is not None
            and provision.span.page_start <= provision.span.page_end
        )
    assert sections["2"].span.page_end > sections["2"].span.page_start  # it runs over a page break
    before = doc.content_hash
    sidecar.write_text(SIDECAR.replace("Fuel savings", "Fuel-saving"), encoding="utf-8")
    assert parse_document(pdf, tmp_path).content_hash != before  # the sidecar is part of the hash


def test_pdf_without_sidecar(tmp_path: Path):
    pdf = write(tmp_path, "plan.pdf", "%PDF-1.4 not really")
    with pytest.raises(InputErrors) as caught:
        parse_document(pdf, tmp_path)
    error = only(list(caught.value.exceptions))  # type: ignore[arg-type]
    assert (error.file, error.field) == (
        "documents/plan.pdf",
        "sidecar",
    ) and "plan.pdf.yaml" in error.message


def test_pdf_that_cannot_be_opened_and_a_bad_sidecar(tmp_path: Path):
    pdf = write(tmp_path, "plan.pdf", "this is not a PDF")
    write(tmp_path, "plan.pdf.yaml", SIDECAR.replace("kind: other", "kind: blueprint"))
    with pytest.raises(InputErrors) as caught:
        parse_document(pdf, tmp_path)
    errors = sorted(caught.value.exceptions, key=lambda e: e.file)  # type: ignore[attr-defined]
    assert [(e.file, e.line) for e in errors] == [
        ("documents/plan.pdf", None),
        ("documents/plan.pdf.yaml", 2),
    ]
    assert "PDF" in errors[0].message and errors[1].field == "kind"


# -- discovery -------------------------------------------------------------------------------


def test_discover_documents(tmp_path: Path):
    for name in [
        "b/z.md",
        "a.md",
        "S-1.drawing.yaml",
        "plan.pdf",
        "plan.pdf.yaml",
        "orphan.pdf.yaml",
        "notes.txt",
        ".hidden.md",
        ".drafts/x.md",
        "sub/.inforce/cache.md",
    ]:
        write(tmp_path, name, "x")
    (tmp_path / ".inforce").mkdir()
    (tmp_path / ".inforce" / "y.md").write_text("x")
    found = [p.relative_to(tmp_path).as_posix() for p in discover_documents(tmp_path)]
    assert found == [
        "documents/S-1.drawing.yaml",
        "documents/a.md",
        "documents/b/z.md",
        "documents/orphan.pdf.yaml",
        "documents/plan.pdf",
    ]
    error = only(problems(tmp_path, "orphan.pdf.yaml", SIDECAR))
    assert error.file == "documents/orphan.pdf.yaml" and "without its PDF" in error.message
    assert discover_documents(tmp_path / "nowhere") == []


def test_exported_names():
    assert sorted(ingest.__all__) == sorted(set(ingest.__all__))
    for name in ingest.__all__:
        assert hasattr(ingest, name), name
