"""Section numbering to paths: every numbering style, the false-positive guards, real FAR and
CFR text, unnumbered Markdown headings and pipe tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.ingest import parse_outline
from inforce.ontology import Section, TableRow

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def outline(text: str) -> dict[str, Section | TableRow]:
    found = parse_outline(text, file="doc.md")
    assert not found.errors, found.errors
    by_path = {p.path: p for p in found.provisions}
    assert len(by_path) == len(found.provisions), "paths are unique"
    for provision in found.provisions:
        if isinstance(provision, Section):
            assert text[provision.span.start : provision.span.end] == provision.text
    return by_path


def paths(text: str) -> list[str]:
    return [p.path for p in parse_outline(text, file="doc.md").provisions]


CSI_SPEC = """\
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 1 - GENERAL

1.1 SUMMARY

A. Section includes cast-in-place concrete.

PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi.
   1. Slump limit: 4 inches.
      a. Tolerance: plus or minus 1 inch.
         1) Measured at the point of placement.
            a) Per ASTM C143.
   2. Air content: 6 percent.
B. Water-cementitious ratio: 0.45.

2.2 FORMWORK

A. Plywood forms.
"""


def test_csi_sectionformat_paths_and_parents():
    found = outline(CSI_SPEC)
    assert list(found) == [
        "033000",
        "part-1",
        "1.1",
        "1.1.A",
        "part-2",
        "2.1",
        "2.1.A",
        "2.1.A.1",
        "2.1.A.1.a",
        "2.1.A.1.a.1",
        "2.1.A.1.a.1.a",
        "2.1.A.2",
        "2.1.B",
        "2.2",
        "2.2.A",
    ]
    csi = found["033000"]
    assert (csi.number, csi.heading, csi.parent, csi.depth) == (
        "SECTION 03 30 00",
        "CAST-IN-PLACE CONCRETE",
        None,
        0,
    )
    assert found["part-2"].parent == "033000" and found["part-2"].heading == "PRODUCTS"
    # Articles are not prefixed with their part.
    assert found["2.1"].parent == "part-2" and found["2.1"].heading == "CONCRETE MIXTURES"
    a = found["2.1.A"]
    assert (a.number, a.parent, a.depth) == ("A.", "2.1", 3)
    assert a.text.startswith("A. Compressive strength") and a.text.endswith(
        "Air content: 6 percent."
    )
    assert found["2.1.A.1.a.1"].number == "1)" and found["2.1.A.1.a.1.a"].number == "a)"
    assert found["2.1.B"].text == "B. Water-cementitious ratio: 0.45."
    # A section runs to the next heading at its level or above, trailing blank lines left out.
    assert found["2.1"].text.endswith("B. Water-cementitious ratio: 0.45.")
    assert found["part-2"].text.endswith("A. Plywood forms.")


def test_decimal_numbering_with_and_without_introducers():
    text = """\
ARTICLE 1 GENERAL PROVISIONS

1.1 Definitions

1.2 Order of Precedence

1.2.1 Drawings

Section 2 Contract Time

§ 447.21 Definitions.
"""
    found = outline(text)
    assert list(found) == ["1", "1.1", "1.2", "1.2.1", "2", "447.21"]
    assert found["1"].number == "ARTICLE 1" and found["1"].heading == "GENERAL PROVISIONS"
    assert found["1.2"].heading == "Order of Precedence" and found["1.2"].parent == "1"
    assert found["1.2.1"].parent == "1.2"
    assert found["447.21"].number == "§ 447.21" and found["447.21"].heading == "Definitions."


def test_zero_articles_printed_numbers_and_separators():
    text = "1.0 GENERAL\n\n1.1 Scope\n\n2.0 PRODUCTS\n\n2.01 Concrete\n\n2.02 - Forms\n\nARTICLE 3: CLOSEOUT\n"
    found = outline(text)
    # "1.0" heads "1.1"; a path keeps the number as printed ("2.01", not "2.1").
    assert [(p.path, p.parent) for p in found.values()] == [
        ("1.0", None),
        ("1.1", "1.0"),
        ("2.0", None),
        ("2.01", "2.0"),
        ("2.02", "2.0"),
        ("3", None),
    ]
    assert found["2.02"].heading == "Forms"
    assert (found["3"].number, found["3"].heading) == ("ARTICLE 3", "CLOSEOUT")


def test_addendum_items_may_skip_numbers_under_their_parent():
    text = "ADDENDUM NO. 2\n\n1 CHANGES TO THE SPECIFICATIONS\n\n1.3 Section 03 30 00, Paragraph 2.1.A: Delete.\n"
    found = outline(text)
    assert list(found) == ["1", "1.3"]
    assert found["1.3"].parent == "1"


def test_years_quantities_and_run_on_references_are_not_headings():
    text = """\
1 RECORDS

Records are kept in the archive.
2026 was the first year of the new policy.
5 years of records are retained.
2 copies are sent to the owner.
10 MPa at 7 days is expected.
4,000 psi is the minimum.
12.5 mm is the clearance.
Section 2.1 of this specification governs.
Section 03 30 00, Paragraph 2.1.A: delete the paragraph.
Section 03 30 00 requires more.
(f) of this clause applies.

2 RETENTION
"""
    assert paths(text) == ["1", "2"]
    found = outline(text)
    assert "2026 was the first year" in found["1"].text and "(f) of this clause" in found["1"].text


def test_a_number_out_of_sequence_stays_text():
    # "7 Days" after "1" skips too far for a plain number; "B." with no "A." open is not a paragraph.
    text = "1 SCOPE\n\nWork continues for\n17 Days after notice.\nB. Not a paragraph here.\n\n2 PRODUCTS\n"
    assert paths(text) == ["1", "2"]


def test_regulation_paragraphs_nest_a_1_i_A():
    text = """\
§ 447.42 Application for permit.

(a)(1) Persons required to obtain a permit shall file an application.
(i) The name and address of the applicant.
(ii) The country of origin.
(iv) Wrong number, still text of (ii)? no: a sibling must follow (ii) with (iii).
(iii) A description of the article, including:
(A) The name of the manufacturer;
(B) The type;
(2) The permit is issued in triplicate.
(b) Additional requirements apply.
"""
    found = outline(text)
    assert list(found) == [
        "447.42",
        "447.42.a",
        "447.42.a.1",
        "447.42.a.1.i",
        "447.42.a.1.ii",
        "447.42.a.1.iii",
        "447.42.a.1.iii.A",
        "447.42.a.1.iii.B",
        "447.42.a.2",
        "447.42.b",
    ]
    a, a1 = found["447.42.a"], found["447.42.a.1"]
    assert (a.number, a.heading) == ("(a)", "")
    assert (a1.number, a1.parent) == ("(1)", "447.42.a")
    # (a)(1) opens both levels on one line: the child starts at its own marker.
    assert a.text.startswith("(a)(1) Persons") and a1.text.startswith("(1) Persons")
    assert "(iv) Wrong number" in found["447.42.a.1.ii"].text


def test_cfr_fifth_and_sixth_levels_repeat_1_and_i():
    text = "(a)(1)(i)(A)(1) Fifth level.\n(i) Sixth level.\n(ii) Sixth again.\n(2) Fifth again.\n(B) Fourth.\n(ii) Third.\n"
    assert paths(text) == [
        "a",
        "a.1",
        "a.1.i",
        "a.1.i.A",
        "a.1.i.A.1",
        "a.1.i.A.1.i",
        "a.1.i.A.1.ii",
        "a.1.i.A.2",
        "a.1.i.B",
        "a.1.ii",
    ]


def test_roman_or_letter_is_decided_by_context():
    letters = "(a) One.\n(b) Two.\n(c) Three.\n(d) Four.\n(e) Five.\n(f) Six.\n(g) Seven.\n(h) Eight.\n(i) Nine.\n"
    assert paths(letters)[-1] == "i"  # after (h), (i) is the letter
    up_to_h = letters[: letters.index("(i)")]
    nested = up_to_h + "(1) One.\n(i) Roman one.\n(ii) Roman two.\n(v) Not next.\n(2) Two.\n"
    found = outline(nested)
    assert list(found)[7:] == ["h", "h.1", "h.1.i", "h.1.ii", "h.2"]  # under (1), (i) is roman
    assert "(v) Not next." in found["h.1.ii"].text
    upper = "(a) A.\n(1) One.\n(i) Roman.\n(A) Upper A.\n(B) Upper B.\n(C) Upper C.\n(D) D.\n(E) E.\n(F) F.\n(G) G.\n(H) H.\n(I) Upper I.\n"
    assert paths(upper)[-1] == "a.1.i.I"  # after (H), (I) is the capital letter


def test_lettered_appendices():
    text = "1 GENERAL\n\nAPPENDIX A – Test Methods\n\nA.1 Sampling\n\nA.2 Curing\n\nAppendix B\n\nB.1 Forms\n"
    found = outline(text)
    assert list(found) == ["1", "A", "A.1", "A.2", "B", "B.1"]
    assert found["A"].heading == "Test Methods" and found["A.1"].parent == "A"
    assert found["B.1"].parent == "B"


def test_markdown_headings_numbered_and_unnumbered():
    text = """\
# 2 Products

## 2.1 Concrete Mixtures

A. Strength: 4,000 psi.

### General Notes

Notes text.

### General Notes

Again.

#### Curing!

## 2.2 Forms

# Closing Remarks

## Contacts
"""
    found = outline(text)
    assert list(found) == [
        "2",
        "2.1",
        "2.1.A",
        "2.1.general-notes",
        "2.1.general-notes-2",
        "2.1.general-notes-2.curing",
        "2.2",
        "closing-remarks",
        "closing-remarks.contacts",
    ]
    assert found["2.1"].number == "2.1" and found["2.1"].heading == "Concrete Mixtures"
    notes = found["2.1.general-notes"]
    assert (notes.number, notes.heading, notes.parent) == (None, "General Notes", "2.1")
    assert found["2.1.general-notes-2.curing"].heading == "Curing!"
    # A Markdown heading ends the lettered paragraph before it.
    assert found["2.1.A"].text == "A. Strength: 4,000 psi."


def test_unnumbered_heading_under_a_plain_numbered_section():
    found = outline(
        "2.1 CONCRETE MIXTURES\n\nA. Strength.\n\n## General Notes\n\nB. Not a sibling of A.\n"
    )
    assert list(found) == ["2.1", "2.1.A", "2.1.general-notes"]
    assert found["2.1.general-notes"].parent == "2.1"


def test_bold_numbering():
    found = outline("**2.1 CONCRETE MIXTURES**\n\n**A.** Strength: not less than 4,000 psi.\n")
    assert list(found) == ["2.1", "2.1.A"]
    assert found["2.1"].heading == "CONCRETE MIXTURES"
    assert found["2.1.A"].heading == "Strength: not less than 4,000 psi."


def test_duplicate_numbers_keep_the_first_and_warn():
    result = parse_outline("1 SCOPE\n\n1.1 One\n\n## 1.1 One again\n", file="doc.md", first_line=7)
    assert [p.path for p in result.provisions] == ["1", "1.1", "1.1-2"]
    (warning,) = result.warnings
    assert warning.line == 11 and warning.field == "1.1" and "first at line 9" in warning.message


def test_code_fences_hide_numbering():
    assert paths("1 SCOPE\n\n```\n2 NOT A HEADING\n```\n\n2 PRODUCTS\n") == ["1", "2"]


DOSING = """\
2 DOSAGE AND ADMINISTRATION

2.1 Adult Dosage

| Weight | Dose |
|--------|------|
| 30 to 40 kg | 250 mg twice daily |
| 40 to 60 kg | 500 mg twice daily |

Take with food.

| A | B | C |
|:--|:-:|--:|
| 1 | 2 | 3 |
"""


def test_table_rows_are_provisions_with_their_header():
    found = outline(DOSING)
    assert list(found) == ["2", "2.1", "table-1.row-1", "table-1.row-2", "table-2.row-1"]
    row = found["table-1.row-1"]
    assert isinstance(row, TableRow)
    assert (row.table, row.row, row.parent) == (1, 1, "2.1")
    assert row.header == ("Weight", "Dose") and row.cells == ("30 to 40 kg", "250 mg twice daily")
    assert row.text == "| Weight | Dose |\n| 30 to 40 kg | 250 mg twice daily |"
    assert (
        DOSING[row.header_span.start : row.header_span.end]
        + "\n"
        + DOSING[row.span.start : row.span.end]
        == row.text
    )
    assert found["table-2.row-1"].cells == ("1", "2", "3")
    # The table's lines still belong to the enclosing section.
    assert "| 40 to 60 kg | 500 mg twice daily |" in found["2.1"].text


def test_a_row_with_the_wrong_cell_count_is_an_error_at_its_line():
    text = "1 DOSES\n\n| Weight | Dose |\n|---|---|\n| 30 to 40 kg | 250 mg | twice daily |\n"
    result = parse_outline(text, file="documents/label.md", first_line=9)
    (error,) = result.errors
    assert (error.file, error.line, error.field) == ("documents/label.md", 13, "table-1.row-1")
    assert "3 cells" in error.message and "2" in error.message


def test_pages_are_carried_into_spans():
    text = (
        "1 FIRST\n\nOn page one.\n\f\n2 SECOND\n\nOn page two.\n\f\nStill two's text on page three."
    )
    pages = [0, text.index("\f") + 2, text.rindex("\f") + 2]
    result = parse_outline(text, file="x.pdf", pages=pages, tables=False)
    first, second = result.provisions
    assert (first.span.page_start, first.span.page_end) == (1, 1)
    assert (second.span.page_start, second.span.page_end) == (2, 3)


# -- real text ---------------------------------------------------------------------------


@pytest.fixture
def shared_data() -> Path:
    data = SHARED / "data"
    if not data.is_dir():
        pytest.skip("../shared/data is not available")
    return data


@pytest.mark.shared
def test_far_52_236_21_paragraphs(shared_data: Path):
    path = shared_data / "far-clauses" / "FAR_52.236-21.txt"
    if not path.exists():
        pytest.skip("FAR clause text not available")
    text = path.read_text(encoding="utf-8")
    found = outline(text)
    assert list(found) == ["a", "b", "c", "d", "e", "f", "g"]
    a = found["a"]
    assert a.number == "(a)" and "the specifications shall govern" in a.text
    # "(1)" and "(2)" inside (d) run on within the paragraph: not sections of their own.
    assert "(1) the proposed fabrication" in found["d"].text
    # "(End of clause)" and the Alternates stay in (g)'s text.
    assert (
        found["g"]
        .text.rstrip()
        .endswith(
            "as finally approved. These drawings shall show changes "
            "and revisions made up to the time the equipment is completed and accepted."
        )
    )


@pytest.mark.shared
def test_far_52_215_8_order_of_precedence(shared_data: Path):
    path = shared_data / "far-clauses" / "FAR_52.215-8.txt"
    if not path.exists():
        pytest.skip("FAR clause text not available")
    found = outline(path.read_text(encoding="utf-8"))
    assert list(found) == ["a", "b", "c", "d", "e"]
    assert found["e"].text.startswith("(e) The specifications.")


@pytest.mark.shared
def test_cfr_part_447_paragraph_paths_match_the_ecfr_labels(shared_data: Path):
    """Render 27 CFR 447 (eRegulations tree) as plain text; every labelled paragraph must get
    the path its official label gives (447.42.a.1.iv.A ...)."""
    path = shared_data / "eregs-atf-27cfr447" / "regulation" / "447_2013-09392.json"
    if not path.exists():
        pytest.skip("eRegulations fixture not available")
    tree = json.loads(path.read_text(encoding="utf-8"))
    lines: list[str] = []
    expected: list[str] = []

    def labelled(node: dict) -> bool:
        return all(not part.startswith("p") for part in node["label"][2:])

    def render(node: dict) -> None:
        label = node["label"]
        if node.get("node_type") == "regtext" and len(label) == 2:
            lines.append(node["title"])
            expected.append(f"{label[0]}.{label[1]}")
        elif len(label) > 2 and labelled(node):
            expected.append(".".join([f"{label[0]}.{label[1]}", *label[2:]]))
        if node.get("text"):
            lines.append(node["text"])
        for child in node.get("children", []):
            render(child)

    for subpart in tree["children"]:
        for section in subpart.get("children", []):
            # 447.11 and 447.21 hold unlabelled definition/category paragraphs whose own
            # (a), (b) restart the lettering: a person reads those by their headings.
            if section["label"][1] in ("11", "21"):
                continue
            render(section)
    text = "\n\n".join(lines) + "\n"
    found = outline(text)
    sections = [p for p in found if not p.startswith("table-")]
    assert sections == expected
    assert "447.42.a.1.iv.K" in found and "447.52.b.1.ii.Z" in found and "447.45.a.2.viii" in found
