"""What an addendum item does to its target, whole or in part, with a successor or not (issue
21): the forms owners write, each read in words of its own (not those of the real addenda
the forms were seen in)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
        "B. Ratio 0.45.\n\nC. Slump 4 inches.\n")
HARDWARE = "SECTION 08 71 00 - DOOR HARDWARE\n\n2 PRODUCTS\n\n2.1 HINGES\n\nA. Five-knuckle hinges, brass finish.\n"


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "scope")
    write_doc(root, "SPEC-033000", "2026-01-05", SPEC)
    write_doc(root, "SPEC-087100", "2026-01-05", HARDWARE)
    for sheet in ("A-101", "A-102"):
        write_sheet(root, sheet)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_page_written_beside_the_paragraph_only_locates_it(tmp_path, rules):
    # owners cite the bid set's page next to the paragraph; the paragraph is what changes
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, page 03 30 00/4: Paragraph 2.1.B is amended to read: \"B. Ratio 0.40.\"\n\n"
                    "2. Section 08 71 00, page 2: Paragraph 2.1.A is deleted.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.B", "full", True), ("SPEC-087100#2.1.A", "full", False)}


def test_an_item_numbered_like_a_paragraph_is_deleted_whole(tmp_path, rules):
    # "Item 2.1.C" is the owner's word for the paragraph; "Delete items 2 and 3" stays a part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, Item 2.1.C - Delete Item 2.1.C.\n\n"
                    "2. Section 03 30 00, Item 2.1.A - Delete Item 2.1.A and replace with the following: "
                    "\"A. Strength 5,000 psi.\"\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "full", False), ("SPEC-033000#2.1.A", "full", True)}


def test_sheets_revised_and_attached_are_replaced_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Revises Sheets A-101 and A-102 (attached to this Addendum) - the stair moves north.\n")
    assert _applied(reading) == {("DWG-A-101", "full", True), ("DWG-A-102", "full", True)}


def test_a_row_of_a_table_of_revised_sheets_said_to_be_attached_replaces_the_sheet(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Each revised Sheet listed below is attached to this Addendum:\n\n"
                    "| Sheet | Remarks |\n|---|---|\n| A-101 | Revised door tags at the lobby. |\n")
    assert _applied(reading) == {("DWG-A-101", "full", True)}


def test_a_sketch_table_is_no_reissue(tmp_path, rules):
    # a sketch attached changes the sheet beside it; the sheet itself is not issued anew
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Each sketch listed below is attached and revises the sheet beside it:\n\n"
                    "| Sketch | Sheet | Remarks |\n|---|---|---|\n| SK-3 | A-101 | Revised door tags at the lobby. |\n")
    assert ("DWG-A-101", "full", True) not in _applied(reading)


def test_a_list_of_revised_sheets_is_a_reissue(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n1. Revised drawing sheets: A-101 and A-102.\n")
    assert _applied(reading) == {("DWG-A-101", "full", True), ("DWG-A-102", "full", True)}


def test_sheets_replaced_with_the_revised_drawings_of_an_annex_go_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Drawings A-101 and A-102 are replaced with the revised drawings in Annex 2.\n")
    assert _applied(reading) == {("DWG-A-101", "full", True), ("DWG-A-102", "full", True)}


def test_the_following_document_deleted_names_it_after_the_colon(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nDELETED SECTIONS\n\n"
                    "The following Section of the Project Manual is hereby deleted from the Contract in its "
                    "entirety: SECTION 08 71 00 - DOOR HARDWARE.\n")
    assert _applied(reading) == {("SPEC-087100", "full", False)}


def test_a_deletion_is_no_replacement_when_the_next_item_substitutes_its_own_subject(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, Paragraph 2.1.C is deleted.\n\n"
                    "2. Schedule 4 - Prices: the price form is withdrawn and the attached revised form is "
                    "substituted.\n")
    assert ("SPEC-033000#2.1.C", "full", False) in _applied(reading)


def test_a_heading_sentence_then_the_instruction_changes_the_section_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Door Hardware Specification Section 08 71 00. Remove all mention of brass finish. "
                    "Replace with satin chrome.\n")
    assert _applied(reading) == {("SPEC-087100", "partial", True)}


def test_what_a_replacement_now_includes_describes_it_and_names_no_target(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "- Remove existing Sheet A-101 and replace it with the attached revised Sheet A-101, which "
                    "now shows the following change: Detail 2: the handrail is 42 inches high.\n")
    assert _applied(reading) == {("DWG-A-101", "full", True)}


def test_what_follows_should_read_is_new_text_not_targets(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Cover Sheet Index of Drawings should read: A-101 FLOOR PLAN, A-102 ROOF PLAN\n")
    assert reading.applied == []


def test_a_labelled_item_or_a_paragraph_opening_with_its_paragraph_is_no_preamble(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Item AD1-4 Section 03 30 00, Paragraph 2.1.B: Replace the paragraph with the following: "
                    "B. Ratio 0.40.\n\n"
                    "Paragraph 2.1.A of Section 08 71 00 is replaced by the following: A. Butt hinges.\n\n"
                    "Section 03 30 00 is amended in the articles cited below; the others stand.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.B", "full", True), ("SPEC-087100#2.1.A", "full", True)}


def test_a_paragraph_added_by_a_preamble_like_sentence_opening_with_it_amends_its_article(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Paragraph 2.1.D of Section 03 30 00, \"Air,\" is added: D. Air content 5 percent.\n")
    assert _applied(reading) == {("SPEC-033000#2.1", "partial", True)}


@pytest.mark.parametrize("words", [
    "1. Bidders should read Section 08 71 00 for the hinge finish.",  # advice, not "should read:"
    "1. Revises Sheet A-101, attached sketch SK-2 - the stair moves north.",  # a sketch changes the sheet
    "1. See Section 08 71 00. Remove the brass finish.",  # a pointer, then an instruction: not certain
])
def test_words_near_these_forms_apply_nothing_whole(tmp_path, rules, words):
    reading = _read(tmp_path, rules, f"ADDENDUM NO. 1\n\n{words}\n")
    assert not [e for e in reading.applied if e.scope == "full" or e.target.doc == "SPEC-087100"]


def test_revise_as_follows_then_the_text_under_its_own_label_restates_it_whole(tmp_path, rules):
    # "revise as follows:" says no scope; the new text opening with the target's own label
    # ("2.1 ...", "C.") is the whole of it written anew
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 08 71 00, Article 2.1, revise as follows:\n\n"
                    "2.1 HINGES AND PIVOTS\n\n"
                    "2. Section 03 30 00, Paragraph 2.1.C, revise as follows:\n\n"
                    "C. Slump 5 inches at the pump.\n")
    assert _applied(reading) == {("SPEC-087100#2.1", "full", True), ("SPEC-033000#2.1.C", "full", True)}


def test_revise_as_follows_then_text_of_no_label_is_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, Paragraph 2.1.B, modify as follows:\n\n"
                    "Keep the ratio at 0.40 where the slab is exposed to salt.\n")
    assert reading.applied == []
    assert ("SPEC-033000#2.1.B", "partial", True) in _proposed(reading)


def test_a_section_marked_revised_under_a_lead_in_listing_attachments_is_reissued(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "A. The following Specification Sections are enclosed with this Addendum:\n\n"
                    "1. Section 08 71 00 \"Door Hardware,\" revised.\n")
    assert _applied(reading) == {("SPEC-087100", "full", True)}


def test_words_revised_to_others_under_an_attachment_heading_change_part(tmp_path, rules):
    # "revised" there is a verb with its new words after it, not a mark of an attached document
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "ATTACHMENT A - CHANGES TO THE SPECIFICATIONS\n\n"
                    "1. In Section 03 30 00, Paragraph 2.1.B, \"0.45\" is revised to \"0.40.\"\n")
    assert _applied(reading) == {("SPEC-033000#2.1.B", "partial", True)}


def test_pages_from_the_first_may_be_the_whole_section(tmp_path, rules):
    # whether pages 1 and 2 are all of the section the words do not say: proposed whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Replace Section 03 30 00, pages 1 and 2, with the attached revised Section 03 30 00, "
                    "pages 1 and 2.\n")
    assert reading.applied == []
    assert _proposed(reading) == {("SPEC-033000", "full", True)}


def test_a_replacement_that_says_nothing_of_what_replaces_is_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. REPLACE Section 08 71 00, DOOR HARDWARE.\n\n"
                    "2. Replace Section 03 30 00 with the attached Section 03 30 00.\n")
    assert _applied(reading) == {("SPEC-033000", "full", True)}
    assert _proposed(reading) == {("SPEC-087100", "full", True)}


def test_a_whole_document_said_only_to_be_revised_is_proposed(tmp_path, rules):
    # reissued whole or changed in part: the words do not say
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "SECTION 08 71 00 DOOR HARDWARE - REVISED\n\n"
                    "A. Hinges at the lobby doors are to be heavy weight.\n\n"
                    "1. Sheet A-101 is revised.\n\n"
                    "2. Section 03 30 00, Paragraph 2.1.B is revised.\n")
    assert reading.applied == []
    assert _proposed(reading) == {("SPEC-087100", "partial", True), ("DWG-A-101", "partial", True),
                                  ("SPEC-033000#2.1.B", "partial", True)}


def test_the_next_instruction_lettered_like_the_paragraph_is_no_new_text_of_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "C. Section 03 30 00, Paragraph 2.1.B, revise as follows:\n\n"
                    "B. Section 08 71 00, Paragraph 2.1.A: delete the paragraph.\n")
    assert ("SPEC-033000#2.1.B", "full", True) not in _applied(reading)
    assert ("SPEC-033000#2.1.B", "partial", True) in _proposed(reading)
