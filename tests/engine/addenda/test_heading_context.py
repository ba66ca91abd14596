"""The object of an instruction found through the addendum's structure (issue 21): the nearest
section or sheet heading above an item gives it its document when its own words name only a part
of one, through article subheadings and lead-ins between them; a heading naming several documents
gives them all to an item naming none; a list of bare document lines under a "reissued" lead-in is
a list of whole documents. Each form in words of our own, not those of the real addenda."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

MASONRY = ("SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n2 PRODUCTS\n\n2.1 BLOCK\n\nA. Hollow load-bearing units.\n\n"
           "B. Split-face units at the base course.\n\n2.3 MORTAR\n\nA. Type S.\n\n3 EXECUTION\n\n3.1 LAYING\n\n"
           "A. Running bond.\n\n3.2 CLEANING\n\nA. Dry brush at the end of each day.\n")
FENCING = "SECTION 32 31 13 - CHAIN LINK FENCES\n\n2 PRODUCTS\n\n2.1 FABRIC\n\nA. 9-gauge galvanized wire.\n"


def _sheet(root: Path, sheet: str, title: str, notes: list[str]) -> None:
    """A drawing sheet with numbered general notes as its callouts (``note-1``, ``note-2``)."""
    callouts = "".join(f'  - id: note-{n}\n    text: "NOTE {n}: {text}"\n' for n, text in enumerate(notes, 1))
    (root / "documents" / f"{sheet}.drawing.yaml").write_text(
        f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nrevision: \"0\"\nseq: 1\n"
        f"issued: 2026-01-05\neffective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n{callouts}")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "headings")
    write_doc(root, "SPEC-042200", "2026-01-05", MASONRY)
    write_doc(root, "SPEC-323113", "2026-01-05", FENCING)
    _sheet(root, "S-301", "Foundation Plan", ["GROUT CELLS SOLID BELOW GRADE.", "LAP BARS 48 DIAMETERS."])
    _sheet(root, "S-302", "Framing Plan", ["BOND BEAMS AT EACH FLOOR."])
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_capitalised_instructions_under_a_section_heading_and_its_article_subheadings(tmp_path, rules):
    # city engineers type the whole addendum in capitals: the section's heading, each article's
    # number and title, then the instructions; a capitalised instruction is no heading of its own
    # and does not close the section's heading above it
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "2.1 BLOCK.\n\n"
                    "DELETE PARAGRAPH 2.1.B IN ITS ENTIRETY.\n\n"
                    "2.3 MORTAR.\n\n"
                    "REPLACE PARAGRAPH 2.3.A TO READ:\n\n"
                    "A. Type N above grade and Type S below grade.\n\n"
                    "3.2 CLEANING.\n\n"
                    "ADD NEW PARAGRAPH AT THE END OF ARTICLE 3.2 TO READ:\n\n"
                    "B. Wash the base course with clean water before the sealer goes on.\n\n"
                    "SECTION 32 31 13 - CHAIN LINK FENCES\n\n"
                    "2.1 FABRIC.\n\n"
                    "ADD NEW SENTENCE AT THE END OF PARAGRAPH 2.1.A TO READ:\n\n"
                    "Vinyl coat the fabric along the school frontage.\n")
    assert _applied(reading) == {("SPEC-042200#2.1.B", "full", False), ("SPEC-042200#2.3.A", "full", True),
                                 ("SPEC-042200#3.2", "partial", True), ("SPEC-323113#2.1.A", "partial", True)}
    assert not reading.not_understood
    assert not reading.proposed  # the article subheadings place the instructions; they change nothing


def test_an_article_subheading_between_the_section_heading_and_a_letter(tmp_path, rules):
    # "2.1 BLOCK" heads the instruction under it: "paragraph B" is the article's, in the section
    # the heading above the article names
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "Section 04 22 00 - Concrete Unit Masonry\n\n"
                    "## 2.1 BLOCK\n\n"
                    "Delete paragraph B in its entirety.\n")
    assert _applied(reading) == {("SPEC-042200#2.1.B", "full", False)}


def test_a_sheet_named_with_its_title_after_a_comma_heads_the_numbered_changes_below(tmp_path, rules):
    # county engineers write "Sheet S-301, Foundation Plan" over the changes numbered from 1 under
    # each sheet; the notes named below are that sheet's, not the previous item's words
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n"
                    "DRAWING CHANGES\n\n"
                    "Sheet S-301, Foundation Plan\n\n"
                    "1. Delete Note 2 in its entirety and replace with: \"LAP BARS 60 DIAMETERS.\"\n\n"
                    "2. Note 1, after the words \"BELOW GRADE\" add the words \"AND AT EACH JAMB\".\n\n"
                    "Sheet S-302, Framing Plan\n\n"
                    "1. Note 1, delete the words \"AT EACH FLOOR\".\n")
    assert _applied(reading) == {("DWG-S-301#note-2", "full", True), ("DWG-S-301#note-1", "partial", True),
                                 ("DWG-S-302#note-1", "partial", True)}


def test_a_page_before_the_verb_only_places_the_paragraph_the_verb_takes(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n"
                    "1. Section 04 22 00, page 3, delete paragraph 2.1.B in its entirety.\n")
    assert _applied(reading) == {("SPEC-042200#2.1.B", "full", False)}


def test_a_change_word_inside_new_text_is_no_verb(tmp_path, rules):
    # the lettered text under "Replace with the following:" is the new paragraph: "changing" in it
    # changes nothing; only the lead-in's edge is applied
    reading = _read(tmp_path, rules, "ADDENDUM NO. 3\n\n"
                    "SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "Paragraph 2.3, MORTAR, Subparagraph A; Replace with the following:\n\n"
                    "A. Type S in the changing rooms and the shower walls; Type N elsewhere.\n")
    assert _applied(reading) == {("SPEC-042200#2.3.A", "full", True)}
    assert not reading.proposed


def test_a_heading_naming_two_sheets_over_a_replacement_naming_none(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 3\n\n"
                    "DRAWINGS S-301 AND S-302 - STRUCTURAL PLANS\n\n"
                    "Replace with the attached revised sheets of the same numbers.\n")
    assert _applied(reading) == {("DWG-S-301", "full", True), ("DWG-S-302", "full", True)}


def test_a_heading_naming_two_sheets_over_a_note_change_is_not_guessed(tmp_path, rules):
    # the note may be either sheet's: nothing is inherited, the item is reported
    reading = _read(tmp_path, rules, "ADDENDUM NO. 3\n\n"
                    "DRAWINGS S-301 AND S-302 - STRUCTURAL PLANS\n\n"
                    "Delete Note 1 in its entirety.\n")
    assert not reading.applied
    assert not _proposed(reading)
    assert reading.not_understood


def test_bare_section_lines_listed_under_a_reissued_lead_in(tmp_path, rules):
    # "REISSUED SECTIONS:" then a sentence about them, then each section's number and title on
    # a line of its own; a long capitalised lead-in after the list opens the next part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 5\n\n"
                    "REISSUED SECTIONS:\n\n"
                    "The sections below are reissued in full; each takes the place of the section of the same number.\n\n"
                    "SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "SECTION 32 31 13 - CHAIN LINK FENCES\n\n"
                    "THE CONTRACT DOCUMENTS FOR THE ABOVE NAMED PROJECT ARE FURTHER CHANGED IN THE FOLLOWING WAYS:\n\n"
                    "DRAWING S-302 - FRAMING PLAN\n\n"
                    "Note 1; Replace with the following: \"BOND BEAMS AT EACH FLOOR AND AT THE ROOF.\"\n")
    assert _applied(reading) == {("SPEC-042200", "full", True), ("SPEC-323113", "full", True),
                                 ("DWG-S-302#note-1", "full", True)}


def test_a_lettered_instruction_under_a_lead_in_naming_no_part_is_still_read(tmp_path, rules):
    # "as follows:" over lettered instructions: the letter opens an instruction, not the new text
    # of a paragraph the lead-in names (it names none), so its verb is read
    reading = _read(tmp_path, rules, "ADDENDUM NO. 6\n\n"
                    "SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "Revise the section as follows:\n\n"
                    "A. In the cleaning article, change \"dry brush\" to \"wash down\".\n")
    # (in part, and no part of it named: proposed, never applied, by the last guard)
    assert ("SPEC-042200", "partial", True) in _proposed(reading)
    assert any(p.item.path.endswith(".A") for p in reading.proposed)


def test_a_document_line_with_its_title_after_a_space_or_in_brackets_heads_bullets_and_numbers(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n"
                    "DRAWING CHANGES\n\n"
                    "Sheet S-301 (Foundation Plan)\n\n"
                    "- Delete Note 2 in its entirety.\n\n"
                    "Sheet S-302 Framing Plan\n\n"
                    "1. Note 1, delete the words \"AT EACH FLOOR\".\n\n"
                    "Section 04 22 00 Concrete Unit Masonry\n\n"
                    "1. Paragraph 2.1.B: delete the words \"at the base course\".\n")
    assert _applied(reading) == {("DWG-S-301#note-2", "full", False), ("DWG-S-302#note-1", "partial", True),
                                 ("SPEC-042200#2.1.B", "partial", True)}


def test_article_headings_in_capitals_nest_in_the_document_heading_above_them(tmp_path, rules):
    # "ARTICLE 2.1 - BLOCK" right under "SPECIFICATION 04 22 00 - ...": the article heading sits in
    # the document's (the next article closes only the first), a sheet's heading closes both
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "SPECIFICATION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "ARTICLE 2.1 - BLOCK\n\n"
                    "Delete paragraph B in its entirety.\n\n"
                    "ARTICLE 2.3 - MORTAR\n\n"
                    "Paragraph A: change \"Type S\" to \"Type N\".\n\n"
                    "SHEET S-302 - FRAMING PLAN\n\n"
                    "Note 1: delete the words \"AT EACH FLOOR\".\n")
    assert _applied(reading) == {("SPEC-042200#2.1.B", "full", False), ("SPEC-042200#2.3.A", "partial", True),
                                 ("DWG-S-302#note-1", "partial", True)}
    assert not reading.not_understood


def test_a_part_change_under_a_heading_naming_two_sheets_is_proposed_for_each(tmp_path, rules):
    # which of the two sheets holds the schedule the words do not say: each is proposed, none applied
    reading = _read(tmp_path, rules, "ADDENDUM NO. 3\n\n"
                    "SHEETS S-301 AND S-302\n\n"
                    "Delete the bond beam schedule.\n")
    assert not reading.applied
    assert {p[0] for p in _proposed(reading)} == {"DWG-S-301", "DWG-S-302"}
    assert all("2 documents" in (p.evidence.why or "") for p in reading.proposed)


def test_a_part_named_by_its_heading_alone_is_read_in_the_document_heading_above(tmp_path, rules):
    # "ARTICLE 2.1 - BLOCK" then "Add the following paragraph:" amends the article; "PARAGRAPH
    # 2.3.A" then "Delete in its entirety." deletes that paragraph, of the section named above both
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n"
                    "ARTICLE 2.1 - BLOCK\n\n"
                    "Add the following paragraph:\n\n"
                    "C. Sound-absorbing units in the gym.\n\n"
                    "PARAGRAPH 2.3.A\n\n"
                    "Delete in its entirety.\n")
    assert _applied(reading) == {("SPEC-042200#2.1", "partial", True), ("SPEC-042200#2.3.A", "full", False)}


def test_a_new_paragraph_label_the_section_lacks_amends_its_article(tmp_path, rules):
    # the section named by the heading has no 2.1.C, 3.1.B or 3.2.B: each is a paragraph added to
    # its article, which is changed in part (never the section as a whole, never reported)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 7\n\n"
                    "Section 04 22 00 - Concrete Unit Masonry\n\n"
                    "Add: 2.1.C Glazed units at the pool walls.\n\n"
                    "Add paragraph 3.1.B to read: \"Tool joints concave.\"\n\n"
                    "Insert new 3.2.B: Seal the base course.\n")
    assert _applied(reading) == {("SPEC-042200#2.1", "partial", True), ("SPEC-042200#3.1", "partial", True),
                                 ("SPEC-042200#3.2", "partial", True)}


def test_a_document_line_heads_unnumbered_instructions_that_open_with_their_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n"
                    "Sheet S-301, Foundation Plan\n\n"
                    "Delete Note 2 in its entirety.\n\n"
                    "Note 1: add the words \"AND AT EACH JAMB\".\n\n"
                    "Section 04 22 00, Concrete Unit Masonry\n\n"
                    "Revise paragraph 2.1.B to read: \"Split-face units at all exposed faces.\"\n")
    assert _applied(reading) == {("DWG-S-301#note-2", "full", False), ("DWG-S-301#note-1", "partial", True),
                                 ("SPEC-042200#2.1.B", "full", True)}


def test_a_list_indented_under_a_numbered_reference_heading_is_that_heading_s(tmp_path, rules):
    # school boards number each "Reference Section ..." heading and the changes indented under it from
    # 1 again; the outline, taking the indented numbers for its own, ends the heading before the
    # indented "2." and "3.": each indented change is still the heading's, in the section it names
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n"
                    "1. Reference Section 32 31 13 - Chain Link Fences\n"
                    "   1. Paragraph 2.1.A: Delete \"9-gauge\" and replace with \"6-gauge\".\n\n"
                    "2. Reference Section 04 22 00 - Concrete Unit Masonry\n"
                    "   1. Paragraph 2.3.A: Delete \"Type S\" and replace with \"Type N\".\n"
                    "   2. Paragraph 2.1.B: Delete in its entirety.\n"
                    "   3. Article 3.2: Add new paragraph B as follows: \"B. Wash the base course.\"\n\n"
                    "3. Reference Drawing S-302 - Framing Plan\n"
                    "   1. Note 1: Delete.\n")
    assert _applied(reading) == {("SPEC-323113#2.1.A", "partial", True), ("SPEC-042200#2.3.A", "partial", True),
                                 ("SPEC-042200#2.1.B", "full", False), ("SPEC-042200#3.2", "partial", True),
                                 ("DWG-S-302#note-1", "full", False)}
    assert not reading.not_understood
