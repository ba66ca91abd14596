"""An edge is applied only when the whole item agrees on one scope and successor (issue 21, round
15), in words of their own: a deletion joined to a clause that brings something in its place
("take out ... and put in its place the enclosed ...") is proposed as a replacement, never applied
as a deletion; a provision "amended to state the following:" and then given whole is replaced; a
paragraph "deleted and the following substituted" whose new text opens with its own label is
replaced whole, not changed in part; a lead-in whose colon brings its own quoted text heads no
list, so the clause heading after it takes none of its verb. And for recall, by structure: an
instruction under a clause caption line ("Clause 4.12 TITLE") is proposed on the one document
holding that clause; a schedule of lines, each with its own marker ("(Revised)", "(Deleted)"),
proposes each target with its own line's action; a sheet replaced by the one "of same
designation" is replaced whole (applied where the heading names exactly those documents)."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 09 91 23 - INTERIOR PAINTING\n\n2 PRODUCTS\n\n2.1 PAINTS\n\nA. Latex, eggshell, two coats.\n\n"
        "B. Primer as the paint maker directs.\n\n3 EXECUTION\n\n3.1 APPLICATION\n\n"
        "A. Apply at 50 degrees F or warmer.\n\nB. Back-roll sprayed coats.\n")
ROADS = ("SECTION 205 - PAVEMENT MARKING\n\n205.2 MATERIALS\n\n205.2.1 Paint: Waterborne traffic paint.\n\n"
         "205.6 REMOVAL\n\n205.6.1 Grinding: Grind old lines flush.\n")
SHEET = ("id: DWG-A-601\nkind: drawing\nsheet: A-601\ntitle: Finish Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: PAINT ALL EXPOSED DUCTS.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "scope-agreement")
    write_doc(root, "SPEC-099123", "2026-01-05", SPEC)
    (root / "documents" / "spec-ss205.md").write_text(
        "---\nid: SPEC-SS205\nkind: specification\ntitle: Section 205 Pavement Marking\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\n---\n" + ROADS)
    (root / "documents" / "dwg-a-601.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_deletion_with_something_put_in_its_place_is_proposed_as_a_replacement(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Section 09 91 23 - INTERIOR PAINTING: remove this section from the bound manual and set in its "
        "place the enclosed Section 09 91 23 (revision A).\n"))
    assert ("SPEC-099123", "full", False) not in _applied(reading)
    assert ("SPEC-099123", "full", True) in _proposed(reading)


def test_a_deletion_with_nothing_in_its_place_is_still_applied(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Paragraph 3.1.B of Section 09 91 23 is deleted, with nothing in its place; rollers are not "
        "required.\n"))
    assert _applied(reading) == {("SPEC-099123#3.1.B", "full", False)}


def test_amended_to_state_the_following_restates_the_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "2. Specification Section 09 91 23; Paragraph 2.1.A. PAINTS\n"
        "Paragraph 2.1.A is Amended to state the following: \"A. Latex, satin, three coats on wet-room "
        "walls.\"\n"))
    assert _applied(reading) == {("SPEC-099123#2.1.A", "full", True)}


def test_a_note_amended_to_state_the_following_is_replaced(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "3. Sheet A-601 FINISH PLAN; Note 1\n"
        "Note 1 is Amended to state the following: \"PAINT EXPOSED DUCTS AND HANGERS IN OPEN-CEILING "
        "ROOMS.\"\n"))
    assert _applied(reading) == {("DWG-A-601#note-1", "full", True)}


def test_delete_the_paragraph_and_substitute_the_following_with_its_own_label_is_full(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "4. In Section 09 91 23, delete paragraph 3.1.A and substitute the following:\n\n"
        "\"A. Apply at 55 degrees F or warmer and keep the room heated for two days.\"\n"))
    assert _applied(reading) == {("SPEC-099123#3.1.A", "full", True)}


def test_a_clause_heading_after_a_complete_replacement_takes_none_of_its_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 205 - PAVEMENT MARKING\n\n"
        "Clause 205.2 MATERIALS\n\n"
        "Replace Sub-Clause 205.2.1 with the following:\n\n"
        "\"205.2.1 Paint: Thermoplastic marking on the main road.\"\n\n"
        "Clause 205.6 REMOVAL\n\n"
        "The following Sub-Clause shall be added.\n\n"
        "\"205.6.2 Blasting: Water-blast lines on new asphalt.\"\n"))
    applied = _applied(reading)
    assert ("SPEC-SS205#205.2.1", "full", True) in applied
    assert not any(target == "SPEC-SS205#205.6" and scope == "full" for target, scope, _ in applied)


GENERAL = ("GENERAL PROVISIONS\n\nSECTION 4 - SCOPE OF WORK\n\n"
           "4.12 Final Cleaning. The Contractor shall clean the site before the final inspection.\n\n"
           "Waste shall be hauled to a licensed tip.\n\n"
           "SECTION 5 - MATERIALS\n\n"
           "5.3 Storage. Store materials off the ground and under cover.\n")
SCHEDULE = ("id: DWG-M-402\nkind: drawing\nsheet: M-402\ntitle: Plant Room Details\nissued: 2026-01-05\n"
            "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
            "  - id: detail-5\n    text: \"DETAIL 5: PUMP PLINTH.\"\n")


def test_an_instruction_under_a_clause_caption_is_proposed_on_the_one_holder(tmp_path, rules):
    start_project(tmp_path, "scope-agreement")
    (tmp_path / "documents" / "spec-gp.md").write_text(
        "---\nid: SPEC-GENPROV\nkind: specification\ntitle: General Provisions for Site Works\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\n---\n" + GENERAL)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "SECTION 4 - SCOPE OF WORK\n\n"
        "Clause 4.12 FINAL CLEANING\n\n"
        "Replace the second paragraph with the following:\n\n"
        "\"Waste shall be hauled to the council's transfer station.\"\n\n"
        "SECTION 5 - MATERIALS\n\n"
        "Clause 5.3 STORAGE\n\n"
        "This Clause stands deleted.\n"))
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-GENPROV#4.12", "partial", True), ("SPEC-GENPROV#5.3", "full", False)}


def test_a_schedule_of_lines_proposes_each_target_with_its_own_lines_marker(tmp_path, rules):
    start_project(tmp_path, "scope-agreement")
    (tmp_path / "documents" / "dwg-a-601.drawing.yaml").write_text(SHEET)
    (tmp_path / "documents" / "dwg-m-402.drawing.yaml").write_text(SCHEDULE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "Drawings\n"
        "Drawing No. A-601 Finish Plan (Revised)\n"
        "Drawing No. M-402 Plant Room Details, Detail 5 (Deleted)\n"))
    reading = read_project(tmp_path, rules)
    proposed = _proposed(reading) | _applied(reading)
    assert ("DWG-M-402#detail-5", "full", False) in proposed
    assert ("DWG-M-402#detail-5", "partial", True) not in proposed


def test_a_sheet_replaced_by_the_one_of_the_same_designation_is_replaced_whole(tmp_path, rules):
    start_project(tmp_path, "scope-agreement")
    (tmp_path / "documents" / "dwg-m-402.drawing.yaml").write_text(SCHEDULE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "DRAWINGS\n\n"
        "ITEM NO. 4 - SHEET M-402\n"
        "1. Replace sheet of same designation to move the pump plinth east (1 drawing in total.)\n"))
    reading = read_project(tmp_path, rules)
    # (the heading names the sheet by number; the instruction replaces it by its own designation)
    assert _applied(reading) == {("DWG-M-402", "full", True)}
    assert not _proposed(reading)


def test_same_designation_under_a_heading_naming_more_than_was_proposed_stays_proposed(tmp_path, rules):
    start_project(tmp_path, "scope-agreement")
    (tmp_path / "documents" / "dwg-a-601.drawing.yaml").write_text(SHEET)
    (tmp_path / "documents" / "dwg-m-402.drawing.yaml").write_text(SCHEDULE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "DRAWINGS\n\n"
        "ITEM NO. 4 - SHEETS A-601, M-402\n"
        "1. Replace sheet M-402 of same designation to move the pump plinth east (1 drawing in total.)\n"))
    reading = read_project(tmp_path, rules)
    # (the instruction names its own sheet: never the heading's other sheet)
    assert ("DWG-A-601", "full", True) not in _applied(reading)


def test_sheets_said_revised_with_replacement_sheets_are_proposed_whole(tmp_path, rules):
    start_project(tmp_path, "scope-agreement")
    (tmp_path / "documents" / "dwg-a-601.drawing.yaml").write_text(SHEET)
    (tmp_path / "documents" / "dwg-m-402.drawing.yaml").write_text(SCHEDULE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "3. Drawings A-601 and M-402 have been revised; the replacement sheets are bound in at the back.\n"))
    reading = read_project(tmp_path, rules)
    found = _applied(reading) | _proposed(reading)
    assert {("DWG-A-601", "full", True), ("DWG-M-402", "full", True)} <= found
    assert not any(scope == "partial" for _, scope, _ in found)


def test_every_page_of_a_section_replaced_is_the_whole_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "5. Section 09 91 23, Pages 1 to 4 (the entire section): remove and insert the replacement pages "
        "marked Addendum 1.\n"))
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-099123", "full", True) in found
    assert ("SPEC-099123", "full", False) not in found


def test_one_page_replaced_in_its_entirety_is_never_the_whole_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "6. Section 09 91 23: Replace in its entirety page 09 91 23-2 with the attached revised page.\n"))
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-099123", "full", True) not in found
    assert found  # (said: proposed in part)


def test_a_proposal_whose_new_text_restates_the_paragraph_from_its_label_is_whole(tmp_path, rules):
    # (proposed for the two verbs; the text after "to read as follows:" opens with the paragraph's
    # own letter, so what is proposed is the paragraph replaced, not changed in part)
    reading = _read(tmp_path, rules, (
        "Specification Modifications:\n\n1. DIVISION 09 91 23 INTERIOR PAINTING\n\n"
        "a. Section 3.1, B Back-rolling; Omit the mention of rollers and change this paragraph to read as "
        "follows: \"B. Back-brush sprayed coats on textured walls.\"\n"))
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-099123#3.1.B", "full", True) in found
    assert not any(target == "SPEC-099123#3.1.B" and scope == "partial" for target, scope, _ in found)
