"""Structures of owners' addenda read in round 14 (issue 21), each in words of its own: the
document a bidder's inquiry is about heads the answer that names only a part of it; a sheet
number joined to its title by a hyphen; a note of what a revision does ("Revised to require ...")
under the heading of a whole section the addendum says it reissues; a callout said to be on each
sheet of a list; an owner's item number before a paragraph that follows new text; and the
proposal net: a clause changing something beside words saying nothing changes, a document named
only inside quotation marks, "that paragraph" taken up from the item before, a document the
project holds only from a later date. What the net finds is proposed, never applied."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PAINT = ("SECTION 09 91 23 - INTERIOR PAINTING\n\n2 PRODUCTS\n\n2.1 PAINTS\n\nA. Latex, eggshell, two coats.\n\n"
         "B. Primer as the paint maker directs.\n\n3 EXECUTION\n\n3.1 APPLICATION\n\n"
         "A. Apply at 50 degrees F or warmer.\n\nB. Back-roll sprayed coats.\n")
BASE = ("SECTION 09 65 13 - RESILIENT BASE\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Scribe to the floor.\n\n"
        "B. Butt joints tight.\n\n3.2 CLEANING\n\nA. Wipe with a damp cloth, then dry.\n")


def _sheet(root: Path, number: str, issued: str = "2026-01-05") -> None:
    (root / "documents" / f"dwg-{number.lower()}.drawing.yaml").write_text(
        f"id: DWG-{number}\nkind: drawing\nsheet: {number}\ntitle: Plan {number}\nissued: {issued}\n"
        f"effective: {{from: {issued}}}\nrecorded: {issued}T00:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: SEAL ALL PENETRATIONS.\"\n"
        "  - id: keynote-2\n    text: \"KEYNOTE 2: GUARD POST.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str, *, later_sheet: bool = False):
    start_project(root, "proposal-net")
    write_doc(root, "SPEC-099123", "2026-01-05", PAINT)
    write_doc(root, "SPEC-096513", "2026-01-05", BASE)
    _sheet(root, "A-601")
    _sheet(root, "A-602")
    if later_sheet:
        _sheet(root, "A-701", issued="2026-03-30")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


# --- structures that apply --------------------------------------------------------------------


def test_the_document_an_inquiry_is_about_places_the_part_its_answer_names(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ANSWERS TO BIDDER INQUIRIES:\n\n"
        "1. Inquiry: 09 65 13 Resilient Base, 3.1. Must the base be scribed at the stair nosings too?\n\n"
        "Response: Yes. Requirement 3.1.B is revised to read \"Butt joints tight; scribe at nosings.\"\n\n"
        "2. Inquiry: 09 91 23 Interior Painting, 2.1.A. Is a satin finish acceptable?\n\n"
        "Response: No. Eggshell remains the finish, as written.\n"))
    assert _applied(reading) == {("SPEC-096513#3.1.B", "full", True)}
    assert not reading.proposed


def test_a_sheet_number_joined_to_its_title_by_a_hyphen_is_the_sheet(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\nDrawing Sheet A-602-Enlarged Finish Plan: Delete: Key Note 2 in its entirety.\n"))
    assert _applied(reading) == {("DWG-A-602#keynote-2", "full", False)}


def test_revision_notes_under_the_headings_of_documents_the_addendum_says_it_reissues_replace_them(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1.01 Every section listed below is reissued in its entirety with this Addendum.\n\n"
        "CHANGES TO THE SPECIFICATIONS:\n\n"
        "2.01 SECTION 09 91 23 - INTERIOR PAINTING\n\nA. Updated to add a stain-blocking primer at water marks.\n\n"
        "2.02 SECTION 09 65 13 - RESILIENT BASE\n\nA. Deleted from the Project Manual.\n"))
    assert _applied(reading) == {("SPEC-099123", "full", True), ("SPEC-096513", "full", False)}


def test_a_revision_note_with_no_word_of_reissue_is_proposed_as_the_document_reissued(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CHANGES TO THE SPECIFICATIONS:\n\n"
        "2.01 SECTION 09 91 23 - INTERIOR PAINTING\n\nA. Updated to add a stain-blocking primer at water marks.\n"))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-099123", "full", True)}


def test_a_callout_on_each_sheet_of_a_list_is_each_sheets_callout(tmp_path, rules):
    reading = _read(tmp_path, rules, "DRAWINGS\n\n1. Sheets A-601 and A-602: Note 1 on each sheet is deleted.\n")
    assert _applied(reading) == {("DWG-A-601#note-1", "full", False), ("DWG-A-602#note-1", "full", False)}


def test_a_callout_after_a_list_of_sheets_never_changes_the_others_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "DRAWINGS\n\n1. Sheets A-601 and A-602: Note 1 is deleted.\n")
    assert ("DWG-A-601", "full", False) not in _applied(reading)
    assert not reading.applied
    assert ("DWG-A-602#note-1", "full", False) in _proposed(reading)


def test_an_owner_item_number_opens_the_next_instruction_after_new_text(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Item BX2-1 Section 09 91 23, Interior Painting: Replace paragraph 3.1.A with the following:\n\n"
        "A. Apply at 55 degrees F or warmer.\n\n"
        "Item BX2-2 Section 09 65 13, Resilient Base: In Article 3.2, add the following paragraph:\n\n"
        "B. Buff after the floor finish cures.\n"))
    assert _applied(reading) == {("SPEC-099123#3.1.A", "full", True), ("SPEC-096513#3.2", "partial", True)}


def test_the_words_as_they_stood_and_now_stand_each_opening_with_the_paragraph_number_restate_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        '1. In Specification 09 91 23, the paragraph "3.1.B Back-roll sprayed coats." was modified as follows: '
        '"3.1.B Back-roll every sprayed coat within ten minutes."\n'))
    assert _applied(reading) == {("SPEC-099123#3.1.B", "full", True)}


def test_pages_said_to_be_the_whole_of_the_section_replace_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "3. Part 2, Technical Specifications, Section 09 65 13 Resilient Base, pages 40-41 (the whole of that "
        "section) are hereby replaced with the attached pages.\n"))
    assert _applied(reading) == {("SPEC-096513", "full", True)}


def test_a_note_under_an_instruction_tells_what_the_change_holds(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 09 91 23 INTERIOR PAINTING\n\n"
        "1. Replace this Specification in full with the version found in the Attachments.\n\n"
        "a. Note: the new version differs only in a primer added at water marks.\n"))
    assert not [p for p in reading.proposed if p.scope == "partial"]
    assert ("SPEC-099123", "full", True) in _applied(reading) | _proposed(reading)


# --- the proposal net: proposed, never applied --------------------------------------------------


def test_a_clause_changing_a_paragraph_beside_words_withdrawing_something_is_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTION: Is the mural wall still in the work?\n\n"
        "A: No. The mural wall is withdrawn from the bid, and paragraph 3.1.B of Section 09 91 23 is deleted.\n"))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-099123#3.1.B", "full", False)}


def test_a_document_named_only_inside_quotation_marks_is_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        '2. Under "Documents", the file "Section 09 65 13 Resilient Base" was replaced by '
        '"Section 09 65 13 Resilient Base REVISION 1".\n'))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-096513", "full", True)}


def test_that_paragraph_is_taken_up_from_the_item_before(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "In Section 09 91 23 Interior Painting, as first issued, paragraph 3.1.A said:\n\n"
        '"Apply at 50 degrees F or warmer."\n\n'
        'The Owner corrects that paragraph to read: "Apply at 55 degrees F or warmer."\n'))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-099123#3.1.A", "full", True)}


def test_a_document_held_only_from_a_later_date_is_proposed_where_the_item_replaces_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "1. Drawing A-701 is replaced in its entirety by the attached sheet.\n",
                    later_sheet=True)
    assert not reading.applied
    assert _proposed(reading) == {("DWG-A-701", "full", True)}


def test_a_document_held_only_from_a_later_date_and_added_is_no_proposal(tmp_path, rules):
    reading = _read(tmp_path, rules, "1. Add the attached Drawing A-701 to the Drawings.\n", later_sheet=True)
    assert not reading.applied
    assert not reading.proposed


def test_a_paragraph_written_with_its_letter_run_on_is_read_as_that_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ITEM NO. 2: Section 09 91 23 Interior Painting\n"
        'Replace "50 degrees F" with "55 degrees F" in Section 3.1A.\n'))
    # (round 17: the paragraph after the two quotations is where the words are swapped, read as
    # the target; before, it was taken for a citation and only the net proposed it)
    assert {(e.target.format(), e.scope, e.successor) for e in reading.applied} == {("SPEC-099123#3.1.A", "partial", True)}
    assert not reading.proposed


def test_whole_documents_listed_under_a_heading_of_attachments_are_proposed_as_issued_anew(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "4. Revised Attachments (first issued with the bid set):\n\n"
        "a. Section 09 65 13, Resilient Base. Changed lines carry a bar in the margin.\n\n"
        "b. Sheets A-601, Finish Plan, and A-602, Finish Details, Revision 2.\n"))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-096513", "full", True), ("DWG-A-601", "full", True),
                                  ("DWG-A-602", "full", True)}


def test_a_sheet_of_a_replaced_list_held_only_from_a_later_date_is_proposed_with_the_others(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ITEM 3 - DRAWINGS The following drawings are revised: Sheet Numbers A-601, A-602 and A-701. Copies of "
        "the revised drawings are attached herewith.\n"), later_sheet=True)
    assert ("DWG-A-701", "full", True) in _proposed(reading)
    assert ("DWG-A-701", "full", True) not in _applied(reading)


# --- where those readings stop -------------------------------------------------------------------


def test_a_note_opening_with_an_imperative_of_its_own_is_read(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 09 91 23 INTERIOR PAINTING\n\n"
        '1. Paragraph 3.1.A: Revise to read "A. Apply at 55 degrees F or warmer."\n\n'
        "a. Note: delete its second sentence.\n"))
    said = ({e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed}
            | {n.item.path for n in reading.not_understood})
    assert any(path.endswith(".a") for path in said)


def test_quoted_words_opening_with_the_paragraph_number_changed_to_others_are_proposed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        '1. In Specification 09 91 23, change "3.1.B Back-roll sprayed" to "3.1.B Back-roll all sprayed".\n'))
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-099123#3.1.B", "partial", True)}


def test_a_note_deleting_something_from_a_list_inside_the_section_deletes_no_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CHANGES TO THE SPECIFICATIONS:\n\n2.01 SECTION 09 91 23 - INTERIOR PAINTING\n\n"
        "A. Deleted from the schedule of primers: the stain blocker.\n"))
    assert not reading.applied
    assert ("SPEC-099123", "full", False) not in _proposed(reading)
