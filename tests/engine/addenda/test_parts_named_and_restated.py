"""Forms of issue 21 round 17, in words of their own. Precision: every part an item's words name
must be reached by the target it applies to ("sub-clause B" in the change cell of a row whose
clause cell says 2.4 is paragraph 2.4.B, never article 2.4); "REVISE Page ..., Section 1.07.B as
follows:" or "REVISE Sheet C-201, Note 3 as follows:" with the complete new paragraph or note
below, opening with its own label, is the whole of it written anew (full). Structure: the page
cited between the verb and the paragraph only says where the paragraph is; a short title-case
line standing alone after an answered question heads what follows (the lines under it are
instructions of their own, not more of the answer); "is cancelled" deletes; "is to read:"
restates; "Special Provision 207, <title>" is the agency's section 207 where the title agrees
(else it is said, never silent); "gets a new paragraph C" adds to the article."""

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
         "  - id: detail-4\n    text: \"DETAIL 4: CURB RAMP WITH TRUNCATED DOMES AND FLARED SIDES.\"\n")
AGENCY = ("---\nid: SPEC-SS207\nkind: specification\ntitle: Section 207 Erosion Control\nissued: 2026-01-05\n"
          "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\n---\n"
          "SECTION 207 - EROSION CONTROL\n\n207.01 DESCRIPTION\n\nA. Silt fence and inlet protection.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "parts-named")
    write_doc(root, "SPEC-321313", "2026-01-05", SPEC)
    for sheet in ("C-201", "C-202"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    (root / "documents" / "spec-ss207.md").write_text(AGENCY)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


TABLE = ("Amendments to the Specification\n\nSection 32 13 13 - Concrete Paving\n\n"
         "| Clause No. | Sub-heading of Clause | Major Changes |\n|---|---|---|\n")


def test_a_sub_clause_named_in_a_rows_change_cell_is_read_in_the_rows_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + (
        '| 2.4 | Curing Materials | Replace sub-clause B with "B. Burlap-polyethylene sheet, 12 ounce." |\n'
        "| 1.07 | Warranty | Delete sub-clause C. |\n"))
    assert _applied(reading) == {("SPEC-321313#2.4.B", "full", True), ("SPEC-321313#1.07.C", "full", False)}


def test_words_swapped_in_a_sub_clause_change_that_sub_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + (
        '| 1.09 | Field Samples | Replace "4 by 4 feet" with "5 by 5 feet" in sub-clause A. |\n'))
    # the sub-clause after the two quotations is where the words change, not what replaces them
    assert _applied(reading) == {("SPEC-321313#1.09.A", "partial", True)}


def test_sub_clauses_added_after_a_sub_clause_change_the_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + (
        '| 2.4 | Curing Materials | Add sub-clauses C and D after sub-clause B: "C. Wax-based compound." and '
        '"D. Polyethylene film." |\n'))
    # the sub-clause after "after" is a place, never what the row changes
    assert _applied(reading) == {("SPEC-321313#2.4", "partial", True)}


def test_a_sub_clause_the_outline_lacks_never_applies_to_its_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + "| 2.4 | Curing Materials | Delete sub-clause F. |\n")
    assert not any(target == "SPEC-321313#2.4" for target, _, _ in _applied(reading))


def test_revise_a_cited_page_and_paragraph_as_follows_with_the_whole_paragraph_below_is_full(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Changes to the SPECIFICATIONS:\n\n"
        "a. REVISE Page 32 13 13-2, Section 1.07.B as follows:\n\n"
        "B. Cracks wider than 1/16 inch routed, sealed and repaired at no cost to the Owner.\n"))
    assert _applied(reading) == {("SPEC-321313#1.07.B", "full", True)}


def test_revise_a_sheet_note_as_follows_with_the_whole_note_below_is_full(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "2. Changes to the PLANS:\n\n"
        "a. REVISE Sheet C-201, Note 3 as follows:\n\n"
        "NOTE 3: SAWCUT, REMOVE AND REPLACE EXISTING CURB AND GUTTER TO THE NEAREST JOINT.\n"))
    assert _applied(reading) == {("DWG-C-201#note-3", "full", True)}


def test_revise_a_sheet_note_as_follows_with_words_below_that_are_not_the_note_stays_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "2. Changes to the PLANS:\n\n"
        "a. REVISE Sheet C-201, Note 3 as follows:\n\n"
        "Add the words AND GUTTER after CURB.\n"))
    assert ("DWG-C-201#note-3", "full", True) not in _applied(reading)


def test_delete_a_cited_page_and_paragraph_in_its_entirety_deletes_the_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Changes to the SPECIFICATIONS:\n\n"
        "a. DELETE Page 32 13 13-2, Section 1.07.C, in its entirety.\n"))
    assert _applied(reading) == {("SPEC-321313#1.07.C", "full", False)}


def test_a_title_line_after_an_answered_question_heads_the_instructions_below_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Questions and Answers\n\n"
        "1. Is the curing compound to be white-pigmented?\n\n"
        "Answer: Section 32 13 13, paragraph 2.4.A, is revised to read: \"A. Clear compound with fugitive dye.\" "
        "The paving details will be corrected after award.\n\n"
        "Drawing Revisions\n\n"
        "Sheet C-201: Note 3, changed \"EXISTING CURB\" to \"EXISTING CURB AND GUTTER\".\n\n"
        "Sheet C-202: Detail 4 removed; the ramp is built to the city standard.\n"))
    assert _applied(reading) == {("SPEC-321313#2.4.A", "full", True), ("DWG-C-201#note-3", "partial", True),
                                 ("DWG-C-202#detail-4", "full", False)}


def test_a_paragraph_cancelled_in_a_response_is_deleted(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "| No | QUERIES | RESPONSES |\n|---|---|---|\n"
        "| 1 | Warranty - must joint sealant be covered? | No. Paragraph 1.07.C of Section 32 13 13 is cancelled. |\n"))
    assert _applied(reading) == {("SPEC-321313#1.07.C", "full", False)}


def test_a_note_that_is_to_read_new_words_is_restated(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTION: Note 3 on drawing C-201 calls for a patch only. Is the whole curb replaced?\n\n"
        "ANSWER: Yes. Note 3 on drawing C-201 is to read: \"NOTE 3: REMOVE AND REPLACE EXISTING CURB.\"\n"))
    assert _applied(reading) == {("DWG-C-201#note-3", "full", True)}


def test_a_special_provision_by_number_and_agreeing_title_is_the_agencys_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\n"
        "Revisions:\n\n"
        "(1) Revised - Special Provision 207, Erosion Control - Page 4 of 60\n"))
    targets = {target for target, _, _ in _applied(reading) | _proposed(reading)}
    assert targets == {"SPEC-SS207"}


def test_a_special_provision_whose_title_disagrees_is_said_not_silent(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\n"
        "Revisions:\n\n"
        "(1) Revised - Special Provision 207, Pavement Striping - Page 4 of 60\n"))
    assert not _applied(reading)
    assert reading.proposed or reading.not_understood


def test_an_article_that_gets_a_new_paragraph_changes_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "| No | QUERIES | RESPONSES |\n|---|---|---|\n"
        "| 1 | Samples - is a second panel needed? | Yes. Article 1.09 of Section 32 13 13 is amended: it gets a "
        "new paragraph B: \"B. A second panel at the driveway apron.\" |\n"))
    assert _applied(reading) == {("SPEC-321313#1.09", "partial", True)}


def test_a_cited_paragraph_deleted_and_an_attached_page_added_in_its_place_is_replaced(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Changes to the SPECIFICATIONS:\n\n"
        "a. DELETE Page 32 13 13-1, Section 1.09, in its entirety, and ADD the attached Page 32 13 13-1A in its "
        "place.\n"))
    # the page brought new is the successor; the page cited first only says where the article is
    assert _applied(reading) == {("SPEC-321313#1.09", "full", True)}


def test_an_article_named_by_its_quoted_number_and_title_is_that_article(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. On page 32 13 13 - 3, delete the article \"2.4 CURING MATERIALS\" in its entirety and replace with "
        "the following:\n\n2.4 CURING AND SEALING MATERIALS\n\nA. Clear compound with fugitive dye.\n"))
    assert _applied(reading) == {("SPEC-321313#2.4", "full", True)}


def test_words_added_at_the_end_of_a_sub_clause_far_into_a_row_are_placed_by_the_rows_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + (
        '| 1.07 | Warranty | Add ", including spalls at sawcut joints and at the edges of every drainage inlet '
        'frame set in the pavement" at the end of sub-clause B. |\n'))
    # the clause cell names the article before the verb; the letter after it completes the path
    assert _applied(reading) == {("SPEC-321313#1.07.B", "partial", True)}


def test_a_counted_line_in_parentheses_is_an_instruction_not_preamble(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Subject: County Road 12 Resurfacing\n\n"
        "(1)Deleted - Section 32 13 13, Concrete Paving, Article 2.4 - Page 3 of 40\n\n"
        "(2)Revised - Plan Sheets - C-201 & C-202\n"))
    # "(1)" counts the line: an item of the addendum's list, read as an instruction
    assert _applied(reading) == {("SPEC-321313#2.4", "full", False)}
    assert {target for target, _, _ in _proposed(reading)} == {"DWG-C-201", "DWG-C-202"}


def test_a_register_row_is_said_of_the_document_its_caption_cell_names(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Schedule of Amended Documents\n\n"
        "| Amendment Item | Volume and Document | Details of Document Issued |\n|---|---|---|\n"
        "| 3.1 | Volume 2, Drawings C-201 and C-202 | Revision B of each drawing issued; supersedes Revision A. |\n"))
    assert _applied(reading) == {("DWG-C-201", "full", True), ("DWG-C-202", "full", True)}


def test_a_query_rows_question_cell_is_no_caption(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "| No | QUERIES | RESPONSES |\n|---|---|---|\n"
        "| 1 | Is Drawing C-201 current? | Revision B issued; supersedes Revision A. |\n"))
    # the cell naming the sheet asks a question: what the response supersedes is for a person
    assert not _applied(reading)


def test_pages_from_the_first_replaced_by_the_whole_attached_section_replace_the_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATIONS\n\n"
        "Section 32 13 13, Concrete Paving, Pages 32 13 13-1 through 32 13 13-3: remove and replace with the "
        "attached Section 32 13 13 (Addendum No. 2).\n"))
    assert _applied(reading) == {("SPEC-321313", "full", True)}


def test_pages_from_the_first_replaced_by_attached_pages_stay_for_a_person(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATIONS\n\n"
        "Section 32 13 13, Concrete Paving, Pages 32 13 13-1 through 32 13 13-3: remove and replace with the "
        "attached Section 32 13 13, pages 1 through 3.\n"))
    assert not _applied(reading)


def test_a_number_a_new_clause_goes_after_is_a_place_not_a_loose_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, TABLE + (
        "| After 1.09 | New clause added | Add a new clause 1.10 on joint layout at curb ramps. |\n"))
    # "After 1.09" says where; the addition changes the section, proposed by the pack's policy
    # for a change in part of a whole section (never article 1.09)
    assert not any(target == "SPEC-321313#1.09" for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_corrigendum_of_fields_with_the_old_and_the_new_text_is_read_by_its_texts(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section VII: Changes\n\n"
        "Field number: II.1.4\n"
        "Place of text to be modified: Contract documents, Section 32 13 13 Concrete Paving, paragraph 1.09.A\n"
        "Instead of: A. One panel, 4 by 4 feet.\n"
        "Read: A. Two panels, 5 by 5 feet, one at each entrance.\n\n"
        "Field number: II.1.4\n"
        "Place of text to be modified: Contract documents, Section 32 13 13 Concrete Paving, paragraph 1.07.C\n"
        "Instead of: C. Joint sealant covered for two years.\n"
        "Read: Paragraph deleted.\n"))
    # "to be modified" captions a field; the texts under "Instead of:" and "Read:" say what changes
    assert _applied(reading) == {("SPEC-321313#1.09.A", "full", True), ("SPEC-321313#1.07.C", "full", False)}


def test_a_corrigendum_whose_new_text_is_not_the_whole_paragraph_is_for_a_person(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section VII: Changes\n\n"
        "Field number: II.1.4\n"
        "Place of text to be modified: Contract documents, Section 32 13 13 Concrete Paving, paragraph 1.09.A\n"
        "Instead of: A. One panel, 4 by 4 feet.\n"
        "Read: two panels.\n"))
    assert not _applied(reading)
    assert ("SPEC-321313#1.09.A", "partial", True) in _proposed(reading)


def test_a_name_a_replacement_adds_is_no_part_it_changes(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CLARIFICATIONS\n\n"
        "1. Section 32 13 13 - Concrete Paving is replaced in this Addendum to add Alternate No. 4, outlined in "
        "Answer #3 below.\n"))
    # the alternate is new content; the answer is cited: neither is a part of the section that changes
    assert not reading.not_understood
    assert ("SPEC-321313", "full", True) in _applied(reading) | _proposed(reading)


def test_a_sheet_range_spelled_through_runs_across_the_hundreds(tmp_path, rules):
    start_project(tmp_path, "ranges")
    for sheet in ("M-101", "M-102", "M-201", "M-301"):
        (tmp_path / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "1. Drawings M-101 thru M-201 are superseded by the attached revised drawings.\n"))
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-M-101", "full", True), ("DWG-M-102", "full", True), ("DWG-M-201", "full", True)}
