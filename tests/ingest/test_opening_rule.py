"""The one opening rule (``adapters/ingest/opening.py``), shape by shape and format by format
(issue 23, audits 23i, 23j and 23k: F1, F2, F6 and their lows).

Every shape an audit found access written as document text in is built here, in each format that
can carry it, and must be refused at its line; the controls (access words that are a document's own
text) must stay text. Nothing is mocked: each file is written and read by the real readers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import groups_named, parse_document_with_warnings
from inforce.adapters.ingest.opening import Opening, cells, declaration, group_names
from inforce.adapters.ingest.register import read_register
from inforce.adapters.ingest.registry import registry_from_file

import opening_projects
from docx_writer import WordWriter
from opening_projects import HEADER, TAIL, read, refusals

#: The project's other document is readable by 'engineers' and 'qa' only: the groups the project
#: uses, by which the opening rule decides.
OTHER = opening_projects.other("engineers;qa")
BODY = ["1 SCOPE", "The pump room key is LOCKWORD."]
CSI_BODY = ["PART 1 - GENERAL", "1.1 SUMMARY", "A. The pump room key is LOCKWORD."]


def project(tmp_path: Path, name: str) -> Path:
    return opening_projects.project(tmp_path, name, "engineers;qa")



# -- the shapes, as opening lines (Markdown, Word paragraphs, PDF lines alike) ----------------

LINE_SHAPES = {
    "key: value": "Access: engineers",
    "tab between key and value": "Access\tengineers",
    "groups key in a row": "groups | engineers",
    "access groups key in a row": "Access groups | engineers",
    "numbered row": "| 1 | Access | engineers |",
    "readers key": "Readers: engineers, qa",
    "acl key": "ACL = [engineers]",
    "escaped colon": "access\\: engineers",
    "entity colon": "access&#58; engineers",
    "link key": "[access](x) | engineers",
    "link reference definition": "[access]: engineers",
    "html table": "<table><tr><td>access</td><td>engineers</td></tr></table>",
    "html header cells": "<tr><th>Access</th><th>engineers</th></tr>",
    "html div": "<div>access: engineers</div>",
    "bold key": "**Access:** engineers",
    "bulleted key": "- access: [engineers]",
    "fullwidth colon": "Ａｃｃｅｓｓ： engineers",
    "a numbered list item": "1. Access: engineers",
    "names joined by and": "Access: engineers and qa",
    "names then only": "Access: engineers only",
    "a spaced dash": "Access - engineers",
}
#: Text before the declaration: nothing, a title, a CSI section and part line (F2).
LEADS = {
    "first": [],
    "under a title": ["LAB-7 PUMP ROOM"],
    "under a CSI section line": ["SECTION 03 30 00 - CAST-IN-PLACE CONCRETE"],
    "under a CSI part line": ["PART 1 - GENERAL"],
    "under a numbered title": ["1 DOCUMENT CONTROL"],
}
#: Shapes Word and PDF text can carry (markup of Markdown's is its own; a PDF cannot hold a tab).
WORD_SHAPES = ("key: value", "tab between key and value", "groups key in a row", "numbered row", "readers key",
               "fullwidth colon", "a numbered list item", "a spaced dash")
PDF_SHAPES = ("key: value", "groups key in a row", "numbered row", "acl key")


def markdown_file(tmp_path: Path, lines: list[str]) -> tuple[Path, str]:
    root = project(tmp_path, "lab-7.md")
    (root / "documents" / "lab-7.md").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return root, "lab-7.md"


def word_file(tmp_path: Path, lines: list[str]) -> tuple[Path, str]:
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    for text in lines:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    return root, "lab-7.docx"


def pdf_file(tmp_path: Path, lines: list[str], table: list[list[str]] | None = None,
             border: int = 1) -> tuple[Path, str]:
    fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")
    root = project(tmp_path, "lab-7.pdf")
    drawing = fpdf.FPDF()
    drawing.add_page()
    drawing.set_font("Helvetica", size=11)
    for row in table or []:
        for column, text in enumerate(row):
            last = column == len(row) - 1
            drawing.cell(40, 8, text, border=border, **({"new_x": "LMARGIN", "new_y": "NEXT"} if last else {}))
    for text in lines:
        drawing.cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")
    drawing.output(str(root / "documents" / "lab-7.pdf"))
    return root, "lab-7.pdf"


CASES = (
    [("markdown", shape, lead) for shape in LINE_SHAPES for lead in LEADS]
    + [("word", shape, lead) for shape in WORD_SHAPES for lead in LEADS]
    + [("pdf", shape, lead) for shape in PDF_SHAPES for lead in ("first", "under a CSI section line")]
)
WRITERS = {"markdown": markdown_file, "word": word_file, "pdf": pdf_file}


@pytest.mark.parametrize(("kind", "shape", "lead"), CASES)
def test_access_written_in_the_opening_is_refused_in_every_format(tmp_path, kind, shape, lead):
    body = CSI_BODY if "CSI" in lead else BODY
    lines = [*LEADS[lead], LINE_SHAPES[shape], *body]
    root, name = WRITERS[kind](tmp_path, lines)
    said = refusals(root, name)
    # a Markdown file's first line shaped as a metadata key is refused as front matter out of place
    assert len(said) == 1 and ("reads as access metadata" in said[0] or "reads as front matter" in said[0]), said
    assert "LOCKWORD" not in said[0]
    if kind != "pdf":  # a Word paragraph and a Markdown line are both counted here
        position = len(LEADS[lead]) + 1 if kind == "word" else 2 * len(LEADS[lead]) + 1
        assert said[0].startswith(f"documents/{name}:{position}:"), said


@pytest.mark.parametrize("shape", ["html_multiline", "definition list", "html cell a line"])
def test_a_key_alone_on_its_line_takes_the_next_line_as_its_value(tmp_path, shape):
    text = {
        "html_multiline": "<table>\n<tr>\n<td>access</td>\n<td>engineers</td>\n</tr>\n</table>\n\n",
        "definition list": "access\n: engineers\n\n",
        "html cell a line": "<table>\n<tr><th>Access</th>\n<th>engineers</th></tr>\n</table>\n\n",
    }[shape]
    root, name = markdown_file(tmp_path, [text + "\n\n".join(BODY)])
    said = refusals(root, name)
    assert len(said) == 1 and "reads as access metadata" in said[0]


def test_a_metadata_table_under_a_csi_section_title_is_judged_row_by_row(tmp_path):
    table = "| Field | Value |\n|---|---|\n| Document | LAB-7 |\n| Access | engineers |"
    root, name = markdown_file(tmp_path, ["SECTION 03 30 00 - CAST-IN-PLACE CONCRETE", table, *CSI_BODY])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:6:") and "(table 1, row 2)" in said[0]


def test_a_word_table_nested_in_a_layout_table_is_read_cell_by_cell(tmp_path):
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    box = writer.document.add_table(1, 1)
    box.cell(0, 0).text = "Document control"
    inner = box.cell(0, 0).add_table(1, 2)
    inner.cell(0, 0).text, inner.cell(0, 1).text = "access", "engineers"
    for text in BODY:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    said = refusals(root, "lab-7.docx")
    assert len(said) == 1 and "(table 1, header row) reads as access metadata" in said[0]


def test_a_word_table_under_a_csi_section_title_is_refused(tmp_path):
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    writer.paragraph("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE")
    writer.table([["Access", "engineers"], ["Revision", "B"]])
    for text in CSI_BODY:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    assert len(refusals(root, "lab-7.docx")) == 1


def test_a_bordered_pdf_table_in_the_opening_is_judged_by_its_cells(tmp_path):
    """The text layer of a bordered table reads 'Revision Access' and 'B engineers' (no '|' or
    ':', neither line a restriction): the table reader's cells are judged, its column headed
    'Access' too. (A text line 'Access engineers' is refused on its own since audit 23n A1.)"""
    root, name = pdf_file(tmp_path, BODY, table=[["Revision", "Access"], ["B", "engineers"]])
    said = refusals(root, name)
    # since audit 23p A4 the text line 'B engineers' (page 1), a marking place's line naming the
    # group, is refused first; either refusal keeps the document out
    assert len(said) == 1 and ("(table 1, row 1, page 1) reads as access metadata" in said[0]
                               or "'B engineers' (page 1) names the access group 'engineers'" in said[0]), said


def test_a_pdf_opening_line_of_spaced_cells_is_judged_by_its_gaps(tmp_path):
    """No rules, no '|' or ':' in the text layer ('Access engineers'): the wide gap parts the cells."""
    root, name = pdf_file(tmp_path, BODY, table=[["Access", "engineers"]], border=0)
    said = refusals(root, name)
    assert len(said) == 1 and "'Access engineers' (page 1) reads as access metadata" in said[0]


def test_a_pdf_opening_title_naming_a_group_beside_access_is_refused(tmp_path):
    """Audit 23o A3: a group named beside a restricting word is refused whatever words stand
    round them (a title too: an edit, never a public document); a title with no group is text."""
    root, name = pdf_file(tmp_path, ["ACCESS DOORS AND PANELS", "Access engineers note", *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and "'Access engineers note' (page 1) reads as access metadata" in said[0], said
    root, name = pdf_file(tmp_path / "b", ["ACCESS DOORS AND PANELS", "Access hatch note", *BODY])
    assert "Access hatch note" in read(root, name).text_layer


#: A marking or a key as a CSV schedule's row or a drawing's callout writes it (audit B, finding 1).
TABLE_SHAPES = {"marking": "CONFIDENTIAL - ENGINEERS ONLY", "key": "Access: engineers"}


@pytest.mark.parametrize("shape", sorted(TABLE_SHAPES))
@pytest.mark.parametrize("place", ["first record", "a row", "last record"])
def test_a_csv_schedule_is_judged_row_by_row(tmp_path, shape, place):
    """A CSV schedule is one table and no numbered provision: all of it is its opening, judged by
    the one rule as a Markdown table before the first numbered provision is (audit B, finding 1:
    a schedule whose first record read 'CONFIDENTIAL - OWNERS ONLY' was ingested public)."""
    root = project(tmp_path, "lab-7.csv")
    records = ["Mark,Width,Depth", "F1,24 in,12 in", "F2,30 in,12 in"]
    at = {"first record": 0, "a row": 2, "last record": 3}[place]
    records.insert(at, TABLE_SHAPES[shape] + ",,")
    (root / "documents" / "lab-7.csv").write_text("\n".join(records) + "\n", encoding="utf-8")
    said = refusals(root, "lab-7.csv")
    # the marking as the header leaves columns 2 and 3 unnamed: refused too (audit 67 B L6)
    access = [line for line in said if ": access:" in line]
    assert all(line.startswith("documents/lab-7.csv:1: header: column ") for line in said if line not in access), said
    assert len(access) == 1 and access[0].startswith(f"documents/lab-7.csv:{at + 1}: access:"), said
    assert "reads as access metadata" in access[0], said


def test_a_csv_schedule_header_alone_and_an_access_column_are_judged(tmp_path):
    root = project(tmp_path, "lab-7.csv")
    schedule = root / "documents" / "lab-7.csv"
    schedule.write_text("CONFIDENTIAL - ENGINEERS ONLY,,\n", encoding="utf-8")
    # (a header alone, its columns 2 and 3 unnamed, is refused for that too: audit 67 B F01, L6)
    assert any(line.startswith("documents/lab-7.csv:1: access:") for line in refusals(root, "lab-7.csv"))
    schedule.write_text("Door,Access,Size\nD1,engineers,900 mm\n", encoding="utf-8")
    assert refusals(root, "lab-7.csv")[0].startswith("documents/lab-7.csv:2: access:")


def test_a_csv_schedule_naming_no_group_stays_text(tmp_path):
    root = project(tmp_path, "lab-7.csv")
    (root / "documents" / "lab-7.csv").write_text(
        "Door,Access,Size\nD1,Roof hatch,900 mm\nD2,Card reader,900 mm\n", encoding="utf-8")
    assert [row.cells[1] for row in read(root, "lab-7.csv").provisions] == ["Roof hatch", "Card reader"]


DRAWING = """id: DWG-X
kind: drawing
sheet: X-1
title: Plan
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-1
    text: "CONCRETE 4,000 PSI"
  - id: callout-2
    text: "%s"
"""


@pytest.mark.parametrize("shape", sorted(TABLE_SHAPES))
def test_a_drawing_callout_is_judged_by_the_one_rule(tmp_path, shape):
    """A drawing has no numbered provision: each callout is an opening line (audit B, finding 1)."""
    root = project(tmp_path, "lab-7.md")
    (root / "documents" / "x.drawing.yaml").write_text(DRAWING % TABLE_SHAPES[shape], encoding="utf-8")
    said = refusals(root, "x.drawing.yaml")
    assert len(said) == 1 and said[0].startswith("documents/x.drawing.yaml:12: access:"), said
    assert "(callouts[1].text)" in said[0], said
    (root / "documents" / "x.drawing.yaml").write_text(DRAWING % "ACCESS PANEL 600 x 600", encoding="utf-8")
    assert "ACCESS PANEL" in read(root, "x.drawing.yaml").text_layer


def test_a_drawing_callouts_opening_is_judged_and_its_body_is_text(tmp_path):
    """Each callout is a provision with text of its own: title callouts and the first callout of
    body text are the opening, judged; the first of body text ends it (as a Markdown provision's
    text does), and the callouts after it are the drawing's text."""
    root = project(tmp_path, "lab-7.md")
    body = "WALL TYPE W2 SHALL BE BLOCKWORK TO THE SLAB SOFFIT."
    named = "CARD READER AT DOOR 4, BY THE ENGINEERS' ACCESS-CONTROL VENDOR."
    callouts = ["GROUND FLOOR PLAN", body, named, "DOOR 5: SEE SCHEDULE."]
    drawing = DRAWING.split("callouts:")[0] + "callouts:\n" + "".join(
        f'  - id: callout-{n}\n    text: "{text}"\n' for n, text in enumerate(callouts, 1))
    (root / "documents" / "x.drawing.yaml").write_text(drawing, encoding="utf-8")
    assert named in read(root, "x.drawing.yaml").text_layer  # past the opening: the drawing's text
    (root / "documents" / "x.drawing.yaml").write_text(drawing.replace(body, "SCALE 1:100"), encoding="utf-8")
    said = refusals(root, "x.drawing.yaml")  # a title callout before it: still the opening
    assert len(said) == 1 and said[0].startswith("documents/x.drawing.yaml:14: access:"), said


@pytest.mark.parametrize("shape", sorted(LINE_SHAPES))
def test_lag_withholds_a_pending_markdown_file_under_a_csi_title_declaring_access(tmp_path, shape):
    root, _ = markdown_file(tmp_path, [LEADS["under a CSI section line"][0], LINE_SHAPES[shape], *CSI_BODY])
    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert [(r.document, r.access) for r in revisions if r.document == "LAB-7"] == [("LAB-7", ())]


# -- controls: access words that are the document's own text ---------------------------------

CONTROLS = {
    "a sentence under the key": ["SECTION 08 31 13 - ACCESS DOORS AND FRAMES", "Access doors shall be "
                                 "flush, 600 mm clear.", *CSI_BODY],
    "a key followed by a sentence": ["LAB-7", "Access: the contractor shall arrange it with the owner.", *BODY],
    "an access panels title": ["ACCESS PANELS", "ACCESS DOORS AND PANELS", *BODY],
    "a door schedule after the first provision": [
        "LAB-7", "1 GENERAL", "1.1 DOOR SCHEDULE", "| Door | Access |\n|---|---|\n| D-1 | engineers |\n"
        "| Access | card reader |", "The doors are steel."],
    # (two lines of text after them: the closing lines are judged too since audit 23p A4)
    "a room data line inside a provision": ["LAB-7", "1 GENERAL", "The room is on level 2.", "1.1 ROOM DATA",
                                            "Access: engineers", "Access: staff only", *BODY],
    "a numbered paragraph with text ends the opening": ["SECTION 03 30 00 - CONCRETE", "PART 1 - GENERAL",
                                                        "1.1 SUMMARY", "A. Concrete for the slab.",
                                                        "Access: engineers", "B. Forms are steel.", "C. Ties too."],
}


#: The controls that name a group of the project ('engineers') in a marking place (the opening, a
#: table in it, the closing lines): since audit 23p A4 a document declaring no access may not,
#: so they declare themselves public (``public: true``), and are text then.
NAMING_CONTROLS = {"a door schedule after the first provision"}


@pytest.mark.parametrize("control", sorted(CONTROLS))
def test_access_words_that_are_the_documents_own_text_stay_text(tmp_path, control):
    lines = CONTROLS[control]
    if control in NAMING_CONTROLS:
        root, name = markdown_file(tmp_path, lines)
        assert any("names the access group 'engineers'" in refused for refused in refusals(root, name))
        lines = ["---\npublic: true\n---", *lines]
    root, name = markdown_file(tmp_path / "public", lines)
    document = read(root, name)
    assert document.access is None and "access" in document.text_layer.casefold()


def test_a_word_schedule_under_a_title_only_provision_stays_text(tmp_path):
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    for text in ["LAB-7", "1 GENERAL", "1.1 DOOR SCHEDULE"]:
        writer.paragraph(text)
    writer.table([["Door", "Access"], ["D-1", "Wardens"], ["Access", "card reader"]])
    writer.paragraph("The doors are steel.")
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    assert "| Access | card reader |" in read(root, "lab-7.docx").text_layer
    # a row naming a group of the project ('engineers') in the opening of a document declaring
    # no access is refused since audit 23p A4 (a marking place); the column rule is not why
    writer = WordWriter()
    for text in ["LAB-7", "1 GENERAL", "1.1 DOOR SCHEDULE"]:
        writer.paragraph(text)
    writer.table([["Door", "Access"], ["D-1", "engineers"]])
    writer.paragraph("The doors are steel.")
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    said = refusals(root, "lab-7.docx")
    assert len(said) == 1 and "names the access group 'engineers'" in said[0], said


def test_the_opening_reaches_no_further_than_its_bound_past_the_first_provision(tmp_path):
    titles = [f"1.{n} ITEM {n}" for n in range(1, 80)]
    # (past the closing lines too: 'Access: engineers' as a footer is judged, audit 23p A4)
    root, name = markdown_file(tmp_path, ["1 GENERAL", *titles, "Access: engineers", "The text.", "2 END",
                                          "The last words."])
    assert "Access: engineers" in read(root, name).text_layer


# -- the rule's parts ------------------------------------------------------------------------


def test_cells_are_rendered_the_same_way_whatever_the_markup():
    for line in ("| **Access** | owners |", "<td>access</td><td>owners</td>", "Access\towners",
                 "access&#58; owners", "[access](x): owners", "> - `access` = owners", "| 3 | Access | owners |"):
        assert [cell.casefold() for cell in cells(line)] == ["access", "owners"], line
    assert cells("Access  owners", spaced=True) == ["Access", "owners"]
    assert cells("Access  owners") == ["Access  owners"]


def test_a_value_is_a_list_of_group_names_or_text():
    assert group_names("[owners, qa]") == ("owners", "qa")
    assert group_names('["owners"; "project-team"]') == ("owners", "project-team")
    assert group_names("[]") == ()
    for text in ("the contractor shall", "staff only", "doors and panels", "2", "a b c d e f g h i", ""):
        assert group_names(text) is None, text
    assert declaration(["Access Doors", "steel"]) is None
    assert declaration(["Grouts", "epoxy"]) is None  # 'groups' is matched exactly, 'access' also one letter off
    assert declaration(["acess", "owners"]) == ("acess", "owners")
    assert declaration(["Acess", "Owners"], frozenset({"owners"})) == ("Acess", "Owners")


def test_a_key_alone_carries_to_the_next_line_only():
    judge = Opening("f.md")
    assert judge.judge("ACCESS", line_no=1) is None
    assert judge.judge("Doors shall be steel.", line_no=2) is None
    assert judge.judge("owners", line_no=3) is None  # the key was used up by the line before


# -- thirteenth audit (N1, N6, N7, N8, M-D): decided by the groups the project uses --------------

#: Access written as a phrase, with a YAML comment, in brackets or mid-line: each names 'engineers',
#: a group the project uses (its register's other row), so each was meant as metadata (N1).
NAMING_SHAPES = {
    "a yaml comment after a flow list": "access: [engineers]  # board only",
    "a yaml comment after a name": "access: engineers # restricted",
    "restricted to": "Access: restricted to engineers",
    "a note in brackets": "Access: engineers (restricted)",
    "a slash between names": "Access: engineers/qa",
    "or between names": "Access: engineers or qa",
    "see register after it": "Access: engineers, see register",
    "a table row phrase": "| Access | Restricted to engineers |",
    "a key with a qualifier": "Access level: engineers",
    "an element named for the key": "<access>engineers</access>",
    "mid-line among dots": "LAB-7 · Rev B · Access: engineers",
    "after a comma": "Rev B, Access: engineers",
    "after a semicolon": "Rev B; Access: engineers",
    "after a sentence": "Confidential. Access: engineers",
    "an arrow": "access -> engineers",
    "a capitalised name": "Access: Engineers",
    "a stacked cell": "| Classification Access | Internal engineers |",
}
#: Opening lines of a maintenance SOP or a specification that name no group of the project (N8,
#: M-D): text.
PHRASE_SHAPES = {
    "roof": "Access: Roof",
    "scaffold": "Access: Scaffold",
    "permit": "Access: Permit required",
    "confined space": "Access: Confined space",
    "internal use": "Access: Internal use only",
}


@pytest.mark.parametrize("shape", sorted(NAMING_SHAPES))
@pytest.mark.parametrize("kind", ["markdown", "word"])
def test_an_access_key_whose_value_names_a_group_the_project_uses_is_refused(tmp_path, kind, shape):
    root, name = WRITERS[kind](tmp_path, ["LAB-7 PUMP ROOM", NAMING_SHAPES[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and "reads as access metadata" in said[0] and "LOCKWORD" not in said[0], said


@pytest.mark.parametrize("shape", sorted(PHRASE_SHAPES))
def test_an_access_key_whose_value_names_no_group_of_the_project_is_text(tmp_path, shape):
    root, name = markdown_file(tmp_path, ["LAB-7 ROOF PLANT", PHRASE_SHAPES[shape], *BODY])
    assert PHRASE_SHAPES[shape] in read(root, name).text_layer


def test_a_phrase_naming_a_word_the_project_uses_as_a_group_is_refused(tmp_path):
    """'roof' made a group of the project: 'Access: Roof' is then its access, and refused."""
    root, name = markdown_file(tmp_path, ["LAB-7 ROOF PLANT", "Access: Roof", *BODY])
    (root / "register.csv").write_text((root / "register.csv").read_text(encoding="utf-8").replace(
        "engineers;qa", "engineers;roof"), encoding="utf-8")
    said = refusals(root, name)  # the title 'LAB-7 ROOF PLANT' names the group too (audit 23p A4)
    assert sum("'Access: Roof' reads as access metadata" in refused for refused in said) == 1, said


@pytest.mark.parametrize("lead", [["SECTION 08 31 13 - ACCESS DOORS", "PART 1 GENERAL", "1.1 SCHEDULE"],
                                  ["SECTION 08 31 13 - ACCESS DOORS", "1.1 SCHEDULE"]])
def test_a_schedule_with_an_access_column_under_the_first_heading_stays_text(tmp_path, lead):
    """Audit 23l M-D / 23m: 'Location' is no group of the project, nor is 'Corridor'."""
    table = "| Access | Location | Size |\n|---|---|---|\n| AP-1 | Corridor | 600 mm |"
    root, name = markdown_file(tmp_path, [*lead, table, "A. Panels shall be steel."])
    assert "| AP-1 | Corridor | 600 mm |" in read(root, name).text_layer


def test_a_bare_access_line_is_refused_in_a_project_naming_no_group(tmp_path):
    """The choice for a project with no groups yet: access written as front matter writes it (a
    lower-case name, a flow list, a YAML comment after it) is still refused; a phrase is text."""
    root, name = markdown_file(tmp_path, ["LAB-7 PUMP ROOM", "access: [owners]  # board", *BODY])
    (root / "register.csv").write_text(HEADER + "documents/lab-7.md" + TAIL, encoding="utf-8")
    assert len(refusals(root, name)) == 1
    for line in ("Access: owners", "Access: owners, qa", "readers: [Owners]"):
        assert declaration(cells(line)) is not None, line
    for line in ("Access: Owners (restricted)", "Access: Roof", "| Access | Location | Size |"):
        assert declaration(cells(line)) is None, line


def test_the_groups_a_project_uses_come_from_its_register_front_matter_and_sidecars(tmp_path):
    root = project(tmp_path, "lab-7.md")
    (root / "documents" / "lab-7.md").write_text("1 SCOPE\n\nText.\n", encoding="utf-8")
    (root / "documents" / "a.md").write_text(
        "---\nid: A-1\nkind: sop\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n"
        "access: [wardens]\n---\n1 X\n\nY.\n", encoding="utf-8")
    (root / "documents" / "b.pdf").write_bytes(b"%PDF-1.4\n")
    (root / "documents" / "b.pdf.yaml").write_text(
        "id: B-1\nkind: sop\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\naccess: [pilots]\n",
        encoding="utf-8")
    register = read_register(root / "register.csv", "register.csv", root=root)
    named = groups_named(sorted((root / "documents").iterdir()), root, register)
    assert {"engineers", "qa", "wardens", "pilots"} <= named


def _word_with_header(tmp_path: Path, markup: str) -> tuple[Path, str]:
    from docx.oxml import parse_xml

    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    for text in BODY:
        writer.paragraph(text)
    header = writer.document.sections[0].header
    spaces = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
              'xmlns:v="urn:schemas-microsoft-com:vml"')
    header._element.append(parse_xml(f"<w:p {spaces}>{markup}</w:p>"))
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    return root, "lab-7.docx"


@pytest.mark.parametrize("markup", [
    "<w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>Access: restricted to engineers</w:t></w:r>"
    "</w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r>",
    '<w:ins w:id="1" w:author="a"><w:r><w:t>Access: engineers</w:t></w:r></w:ins>',
], ids=["vml text box", "tracked insertion"])
def test_a_word_page_header_text_box_or_insertion_is_read_for_the_rule(tmp_path, markup):
    root, name = _word_with_header(tmp_path, markup)
    said = refusals(root, name)
    assert len(said) == 1 and "page header" in said[0] and "reads as access metadata" in said[0], said


AKN_ACT = """<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0">
  <act name="act">
    <meta>
      <identification source="#x">
        <FRBRWork><FRBRthis value="{uri}/!main"/><FRBRuri value="{uri}"/><FRBRdate date="2004-06-07" name="enactment"/>
          <FRBRauthor href="#x"/><FRBRcountry value="zq"/></FRBRWork>
        <FRBRExpression><FRBRthis value="{uri}/eng@2004-06-07/!main"/><FRBRuri value="{uri}/eng@2004-06-07"/>
          <FRBRdate date="2004-06-07" name="publication"/><FRBRauthor href="#x"/><FRBRlanguage language="eng"/>
        </FRBRExpression>
        <FRBRManifestation><FRBRthis value="{uri}/eng@2004-06-07/!main.xml"/><FRBRuri value="{uri}/eng@2004-06-07/.akn"/>
          <FRBRdate date="2004-06-07" name="generation"/><FRBRauthor href="#x"/></FRBRManifestation>
      </identification>
      <lifecycle source="#x"><eventRef eId="e1" date="2004-06-07" source="#x" type="generation"/></lifecycle>
    </meta>
    <preface><longTitle><p>The Pump Room Act</p></longTitle>{line}</preface>
    <body>
      <section eId="sec_1"><num>1</num><content><p>The vault code LOCKWORD.</p></content></section>
    </body>
  </act>
</akomaNtoso>
"""


@pytest.mark.parametrize("line", ["<p>Access: engineers</p>", "<p>access: owners</p>",
                                  "<container name='x'><p>Issued by the warden</p><p>Access: engineers</p></container>"])
def test_an_akoma_ntoso_preface_is_read_for_the_rule(tmp_path, line):
    """Audit 23m N7: the preface holds no provision; access written there is refused, not dropped."""
    root = project(tmp_path, "act.xml")
    text = AKN_ACT.format(uri="/akn/zq/act/2004-06-07/31", line=line)
    (root / "documents" / "act.xml").write_text(text, encoding="utf-8")
    (root / "register.csv").write_text(HEADER + OTHER, encoding="utf-8")
    said = refusals(root, "act.xml")
    assert len(said) == 1 and "<preface>" in said[0] and "LOCKWORD" not in said[0], said


def test_an_akoma_ntoso_preface_without_access_reads_as_before(tmp_path):
    root = project(tmp_path, "act.xml")
    text = AKN_ACT.format(uri="/akn/zq/act/2004-06-07/31", line="<p>Access: Roof</p>")
    (root / "documents" / "act.xml").write_text(text, encoding="utf-8")
    (root / "register.csv").write_text(HEADER + OTHER, encoding="utf-8")
    assert "LOCKWORD" in read(root, "act.xml").text_layer


def test_a_phrase_that_may_be_access_is_warned_of_in_a_project_naming_no_group(tmp_path):
    """No group known (none in the register, front matter or sidecars): 'restricted to owners' is
    kept as text, with a warning at its line, never silently; 'Access: Roof' draws none."""
    root, name = markdown_file(tmp_path, ["LAB-7 PUMP ROOM", "Access: restricted to owners", "Access: Roof", *BODY])
    (root / "register.csv").write_text(HEADER + "documents/lab-7.md" + TAIL, encoding="utf-8")
    register = read_register(root / "register.csv", "register.csv", root=root)
    document, warnings = parse_document_with_warnings(root / "documents" / name, root, register=register)
    assert "Access: restricted to owners" in document.text_layer
    noted = [str(warning) for warning in warnings if warning.field == "access"]
    assert len(noted) == 1 and noted[0].startswith(f"documents/{name}:3:") and "may be access" in noted[0], noted
