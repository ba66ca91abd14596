"""Forms of issue 21 round 16, in words of their own. Precision: an answer whose change word is a
participle describing what a document shows ("Sheet ... shows the curb removed") only explains,
and applies nothing; a detail quoted with struck and bold words is changed in part (a
detail is a drawing: the words quoted from it are never all of it), applied only where the
addendum states what its marks mean. Structure: a clause's number and heading with the
directive on the same line ("1.07 WARRANTY - DELETE clause 1.07.C.") is an instruction of its
own, even after other new text; an instruction typed in capitals naming a part by letter or a
callout by number ("ADD THE FOLLOWING SUBPARAGRAPH C TO 2.4:", "REVISE NOTE 3 AS FOLLOWS:") is
no heading, so it keeps the section or sheet heading above it; a callout whose sheet is named
only in a later sentence that explains it belongs to the sheet its heading names; a paragraph's
letters named before the article they go in ("PARAGRAPHS D AND E TO 3.1") are read in it; "Item
2.1.B of Section ..." is that paragraph, and "the same Section" the one the item before names; a
register row's status cell ("Superseded; revision C enclosed") is said of the row's sheet whole."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 32 13 13 - CONCRETE PAVING\n\nPART 1 - GENERAL\n\n1.07 WARRANTY\n\nA. One year from acceptance.\n\n"
        "B. Cracks wider than 1/8 inch repaired at no cost.\n\nC. Joint sealant covered for two years.\n\n"
        "1.09 FIELD SAMPLES\n\nA. One panel, 4 by 4 feet.\n\nPART 2 - PRODUCTS\n\n2.4 CURING MATERIALS\n\n"
        "A. White-pigmented compound.\n\nB. Burlap, 10 ounce.\n")
SHEET = ("id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Site Plan\nissued: 2026-01-05\n"
         "effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-3\n    text: \"NOTE 3: SAWCUT AND PATCH EXISTING CURB.\"\n"
         "  - id: detail-4\n    text: \"DETAIL 4: CURB RAMP WITH TRUNCATED DOMES AND FLARED SIDES.\"\n"
         "  - id: keynote-5\n    text: \"KEYNOTE 5: BOLLARD, 6 INCH, CONCRETE FILLED.\"\n")
LEGEND = ("In revised text, words struck through are taken out and words shown in bold are added.\n\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "caps-and-answers")
    write_doc(root, "SPEC-321313", "2026-01-05", SPEC)
    for sheet in ("C-201", "C-202"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_an_answer_whose_change_word_describes_what_a_sheet_shows_applies_nothing(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "Q3. Does the existing curb at the north drive stay? A3. No; Sheet C-201 shows the curb removed "
        "back to the property line, and Section 32 13 13 covers the new curb.\n"))
    assert not _applied(reading)


def test_an_answer_with_a_finite_change_verb_still_applies(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "Q4. Is one field sample panel enough? A4. No. Paragraph 1.09.A of Section 32 13 13 is revised to "
        "call for two panels.\n"))
    assert _applied(reading) == {("SPEC-321313#1.09.A", "partial", True)}


def test_a_detail_quoted_with_marks_is_changed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, LEGEND + (
        "Drawing Changes\n\n"
        "Sheet C-201, Detail 4: \"CURB RAMP WITH ~~TRUNCATED DOMES~~ **CAST-IRON DETECTABLE PLATES** AND "
        "FLARED SIDES.\"\n"))
    # a detail is a drawing: the words quoted from it are a part of it, never all of it
    assert _applied(reading) == {("DWG-C-201#detail-4", "partial", True)}


def test_a_detail_quoted_with_marks_and_no_convention_stated_is_proposed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Drawing Changes\n\n"
        "Sheet C-201, Detail 4: \"CURB RAMP WITH ~~TRUNCATED DOMES~~ **CAST-IRON DETECTABLE PLATES** AND "
        "FLARED SIDES.\"\n"))
    assert not _applied(reading)
    assert ("DWG-C-201#detail-4", "partial", True) in _proposed(reading)


def test_a_callout_quoted_with_marks_from_its_own_label_is_still_restated(tmp_path, rules):
    reading = _read(tmp_path, rules, LEGEND + (
        "Drawing Changes\n\n"
        "Sheet C-201, Note 3: \"NOTE 3: SAWCUT AND ~~PATCH~~ **REPLACE** EXISTING CURB.\"\n"))
    assert _applied(reading) == {("DWG-C-201#note-3", "full", True)}


def test_a_clause_heading_with_its_directive_on_the_line_after_new_text_is_its_own_item(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 32 13 13 CONCRETE PAVING\n\n"
        "1.09 FIELD SAMPLES\n\n"
        "A. Two panels, each 4 by 4 feet, one broom finished and one exposed aggregate.\n\n"
        "1.07 WARRANTY - DELETE clause 1.07.C.\n"))
    assert ("SPEC-321313#1.07.C", "full", False) in _applied(reading)


def test_an_instruction_in_capitals_naming_a_callout_keeps_the_sheet_heading(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\n"
        "SHEET C-202 SITE PLAN\n\n"
        "REPLACE NOTE 3 WITH THE FOLLOWING:\n\n"
        "NOTE 3: REMOVE EXISTING CURB TO THE NEAREST JOINT AND POUR NEW.\n"))
    assert _applied(reading) == {("DWG-C-202#note-3", "full", True)}


def test_a_callout_is_the_headings_sheet_when_a_later_sentence_cites_another(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\n"
        "SHEET C-202 SITE PLAN\n\n"
        "DELETE KEYNOTE 5 IN ITS ENTIRETY. THE BOLLARDS ARE SHOWN ON SHEET C-201.\n"))
    assert _applied(reading) == {("DWG-C-202#keynote-5", "full", False)}


def test_an_answer_with_two_participles_after_one_auxiliary_still_applies(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "Q5. The curb on Sheet C-202 ends short of the ramp. Is that right? A5. No. Sheet C-202 is withdrawn "
        "and replaced by the attached Sheet C-202 Revision 1, which carries the curb to the ramp.\n"))
    assert _applied(reading) == {("DWG-C-202", "full", True)}


def test_letters_named_before_the_article_they_join(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 32 13 13 CONCRETE PAVING\n\n"
        "ADD THE FOLLOWING SUBPARAGRAPHS C AND D TO 2.4:\n\n"
        "C. Curing blankets, reusable.\n\nD. Evaporation retarder.\n\n"
        "Section 32 13 13:\n\n"
        "- Insert the following Paragraph C in Article 1.09: \"C. Keep the panels until acceptance.\"\n"))
    assert _applied(reading) == {("SPEC-321313#2.4", "partial", True), ("SPEC-321313#1.09", "partial", True)}


def test_an_item_named_by_its_full_path_of_a_section_and_of_the_same_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CHANGES TO THE SPECIFICATIONS\n\n"
        "- Item 1.07.B of Section 32 13 13 (Concrete Paving) shall now read: \"B. Cracks wider than 1/16 "
        "inch repaired at no cost.\"\n"
        "- The panel size in Item 1.09.A of the same Section is increased from 4 by 4 feet to 5 by 5 feet.\n"))
    assert _applied(reading) == {("SPEC-321313#1.07.B", "full", True), ("SPEC-321313#1.09.A", "partial", True)}


def test_a_register_rows_status_cell_is_said_of_the_rows_sheet_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWING REGISTER\n\n"
        "The sheets below replace those bearing the same number in the bid set.\n\n"
        "| Sheet | Name | Rev | Status |\n|---|---|---|---|\n"
        "| C-201 | Site Plan | C | Superseded; revision C enclosed |\n"
        "| C-202 | Site Plan | C | Delete the bollard at the north gate |\n"))
    applied = _applied(reading)
    assert ("DWG-C-201", "full", True) in applied
    # a verb with an object of its own in the cell changes the sheet in part, never the whole of it
    assert not any(target == "DWG-C-202" and scope == "full" for target, scope, _ in applied)


def test_an_answers_participle_after_the_document_itself_still_changes_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "Q7. Are bollards needed at the gate? A7. Yes. Note 3 on Sheet C-202 revised to call for two bollards "
        "at the gate.\n"))
    assert _applied(reading) == {("DWG-C-202#note-3", "partial", True)}


def test_an_answer_describing_one_thing_and_changing_another_is_read_by_its_finite_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "Q8. Are the bollards kept? A8. Sheet C-201 shows the bollards removed; Note 3 on Sheet C-202 is "
        "revised to call for two new ones.\n"))
    assert not any(target == "DWG-C-201" for target, _, _ in _applied(reading))
    assert ("DWG-C-202#note-3", "partial", True) in _applied(reading) | _proposed(reading)


def test_the_next_article_of_a_part_is_added_to_the_section_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 32 13 13 CONCRETE PAVING\n\n"
        "ADD THE FOLLOWING ARTICLE 2.5 TO PART 2:\n\n2.5 JOINT FILLER\n\nA. Preformed, bituminous fibre.\n"))
    assert _applied(reading) == {("SPEC-321313", "partial", True)}


def test_an_article_added_past_a_gap_in_the_numbering_is_for_a_person(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 32 13 13 CONCRETE PAVING\n\n"
        "ADD THE FOLLOWING ARTICLE 2.7 TO PART 2:\n\n2.7 JOINT FILLER\n\nA. Preformed, bituminous fibre.\n"))
    assert not _applied(reading)
    assert ("SPEC-321313", "partial", True) in _proposed(reading)


def test_an_imperative_opening_its_own_sentence_after_a_question_names_its_target(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "BIDDER QUESTIONS\n\n"
        "4. On Sheet C-202, the bollard count at the gate does not match the site plan legend and the sheet "
        "schedule. Please advise which governs.\n"
        "PWD: Delete Keynote 5 on Sheet C-202. Bollards will be shown on a later bulletin.\n"))
    assert _applied(reading) == {("DWG-C-202#keynote-5", "full", False)}


def test_a_letter_is_not_placed_in_an_article_a_later_sentence_names(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 32 13 13 CONCRETE PAVING\n\nDelete paragraph B. Revise Article 2.4 to call for wet burlap.\n"))
    assert not any(target.startswith("SPEC-321313#2.4.") for target, _, _ in _applied(reading) | _proposed(reading))
