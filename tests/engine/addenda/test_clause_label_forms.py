"""Forms of real owners' addenda read by their structure (issue 21, round 11), in words of their
own: a clause's number and quoted title on a line of its own over the instruction on "this
paragraph" (the clause is the target, not the section of the heading above); an article's number
and title as a sentence opening the instruction ("2.2 Accessories. Delete the text and substitute
the following:"); revised documents in a list of attachments (each issued whole); an addition
placed "below" a paragraph (the article gains it); quoted words as the object of "update ... to
read" (a part changed); a row of a table of the words as they stood and as amended, under a
lead-in (the columns say what it does)."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 21 00 - THERMAL INSULATION\n\n2 PRODUCTS\n\n2.1 BOARD INSULATION\n\n"
        "A. Extruded polystyrene, 2 inches thick.\n\nB. Mineral wool at the fire walls.\n\n"
        "2.2 ACCESSORIES\n\nA. Adhesive as the board maker directs.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\n"
        "A. Stagger the joints of each layer. Tape every joint.\n\nB. Pin boards at 24 inches on centre.\n")
SHEET = ("id: DWG-A-104\nkind: drawing\nsheet: A-104\ntitle: Enlarged Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: SEAL EVERY PENETRATION.\"\n"
         "  - id: note-2\n    text: \"NOTE 2: BENCH AT 18 INCHES.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "clause-label-forms")
    write_doc(root, "SPEC-072100", "2026-01-05", SPEC)
    (root / "documents" / "dwg-a-104.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_quoted_clause_label_over_the_instruction_is_its_target(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The specification is amended clause by clause as below.\n\n"
        "SPECIFICATION SECTION 07 21 00 THERMAL INSULATION\n\n"
        "2.1.B \"Fire wall insulation\"\n\nDelete this sub-clause.\n\n"
        "2.2 \"Accessories\"\n\nInsert the following after the last paragraph of this clause:\n\n"
        "\"B. Tape for the board joints, foil faced.\"\n\n"
        "3.1.B \"Fastening\"\n\nDelete \"24 inches\" and substitute \"16 inches\".\n"))
    assert _applied(reading) == {
        ("SPEC-072100#2.1.B", "full", False),
        ("SPEC-072100#2.2", "partial", True),
        ("SPEC-072100#3.1.B", "partial", True),
    }
    assert not any(target == "SPEC-072100" for target, _, _ in _proposed(reading))  # never the section


def test_an_article_number_and_title_sentence_opens_its_instruction(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section 07 21 00 - THERMAL INSULATION\n\n"
        "2.2 Accessories. Delete the text and substitute the following:\n\n"
        "A. Adhesive and mechanical fasteners as the board maker directs.\n\n"
        "B. Joint tape, foil faced.\n"))
    assert _applied(reading) == {("SPEC-072100#2.2", "full", True)}


def test_revised_documents_listed_as_attachments_are_issued_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ENCLOSURES\n\nB1. Revised Specifications Section 07 21 00 - Thermal Insulation\n\n"
        "B2. Revised Drawing Sheet 6 - A-104\n"))
    assert _applied(reading) == {("SPEC-072100", "full", True), ("DWG-A-104", "full", True)}


def test_an_addition_placed_below_a_paragraph_changes_its_article(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Item No. 2 - ARTICLE 2.2 OF SECTION 07 21 00 - THERMAL INSULATION\n\n"
        "Insert the following paragraph below paragraph A of Article 2.2: \"B. Joint tape, foil faced.\"\n"))
    assert _applied(reading) == {("SPEC-072100#2.2", "partial", True)}


def test_quoted_words_updated_to_read_are_a_part_changed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Section 07 21 00 \"Thermal Insulation\", clause 3.1 B \"Fastening\"\n\n"
        "Update \"24 inches\" to read \"16 inches at the eaves and 24 inches elsewhere\".\n"))
    assert ("SPEC-072100#3.1.B", "full", True) not in _applied(reading)
    assert ("SPEC-072100#3.1.B", "partial", True) in _applied(reading) | _proposed(reading)


def test_a_before_and_after_row_under_a_lead_in_is_read_by_its_columns(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The Board changes the contract documents by the entries of this table.\n\n"
        "| No. | Document and place | As Originally Issued | As amended by Addendum No. 2 |\n"
        "|---|---|---|---|\n"
        "| 1 | Sheet A-104, Note 2 | Bench at 18 inches. | NOTE 2: BENCH AT 20 INCHES, HARDWOOD SLATS. |\n"))
    assert _applied(reading) == {("DWG-A-104#note-2", "full", True)}


AGENCY = ("SECTION 204 - EXCAVATION AND EMBANKMENT\n\n204.1 DESCRIPTION\n\nExcavate and place embankment.\n\n"
          "204.3 ROCK\n\nBlast rock only by permit.\n\n204.6 COMPACTION\n\n204.6.1 Lifts: Place in 8-inch lifts.\n\n"
          "204.6.2 Testing: Test each lift.\n")


def test_an_agency_section_number_written_with_a_point_heads_its_subsections(tmp_path, rules):
    start_project(tmp_path, "agency-point")
    write_doc(tmp_path, "SPEC-SS204", "2026-01-05", AGENCY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "SPECIAL CONTRACT REQUIREMENTS\n\nSection 204. - EXCAVATION AND EMBANKMENT\n\n"
        "204.3 Rock. Delete this subsection.\n\n"
        "204.6.2 Testing. Add the following:\n\nKeep the test results on site.\n"))
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SS204#204.3", "full", False) in _applied(reading)
    # the clause run into the item before it (its parent 204.6 is not in the addendum) is proposed,
    # at its own line, never passed over
    assert ("SPEC-SS204#204.6.2", "partial", True) in _applied(reading) | _proposed(reading)
    assert any(p.words.startswith("204.6.2") for p in reading.proposed if p.target.format() == "SPEC-SS204#204.6.2") \
        or ("SPEC-SS204#204.6.2", "partial", True) in _applied(reading)


def test_a_caption_paragraph_then_the_instruction_under_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Each entry names the place, then the change.\n\n"
        "3. Technical volume, Section 07 21 00 \"Thermal Insulation\", clause 2.1 A \"Board\"\n\n"
        "Update to read: \"A. Extruded polystyrene, 3 inches thick, in two layers with joints staggered.\"\n"))
    assert _applied(reading) == {("SPEC-072100#2.1.A", "full", True)}


def test_both_sheets_a_heading_names_replaced_by_the_attached_ones(tmp_path, rules):
    start_project(tmp_path, "both-sheets")
    for sheet in ("A-201", "A-202"):
        (tmp_path / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(
            f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Elevations\nissued: 2026-01-05\n"
            "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "Drawings\n\n5. Sheets A-201 \"North Elevation\" and A-202 \"South Elevation\"\n\n"
        "Replace both sheets with the attached sheets dated 2 February 2026.\n"))
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-A-201", "full", True), ("DWG-A-202", "full", True)}


def test_what_the_replacing_issue_carries_describes_it_and_is_no_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Question 4: The bench on Sheet A-104 seems short. Answer 4: Sheet A-104 is withdrawn and replaced by "
        "the attached Sheet A-104 Revision 2, which carries the bench to the wall and adds a shelf detail.\n"))
    assert _applied(reading) == {("DWG-A-104", "full", True)}


def test_a_titled_number_whose_title_is_not_the_articles_is_not_applied_to_it(tmp_path, rules):
    # the addendum's own numbering can look like an article's: the title settles it
    reading = _read(tmp_path, rules, (
        "Section 07 21 00 - THERMAL INSULATION\n\n"
        "2.2 Roof Hatches. Delete the text and substitute the following:\n\n"
        "A. Hatches 30 by 36 inches, insulated curb.\n"))
    assert not any(target.startswith("SPEC-072100#2.2") for target, _, _ in _applied(reading))


def test_is_correct_in_an_answer_is_an_adjective_not_the_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Q2: Note 2 on Sheet A-104 gives the bench at 18 inches but the detail shows 20 inches. Which governs?\n\n"
        "A2: The detail is correct. On Sheet A-104, Note 2 is changed from 18 inches to 20 inches.\n"))
    assert _applied(reading) == {("DWG-A-104#note-2", "partial", True)}


def test_every_reference_in_this_section_read_as_under_its_heading(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATION SECTION 07 21 00 THERMAL INSULATION\n\n"
        "Except where the context requires otherwise, every reference in this Section to \"the Architect\" "
        "shall be read as \"the Contract Administrator\".\n"))
    assert _applied(reading) == {("SPEC-072100", "partial", True)}


GENERAL = ("GENERAL PROVISIONS\n\nSECTION 3 - SCOPE OF WORK\n\n3.4 Changes. The Engineer may order changes in writing.\n\n"
           "The Contractor shall proceed with the changed work at once.\n\n"
           "SECTION 6 - CONTROL OF MATERIAL\n\n6.2 Samples. Submit samples 30 days before use.\n")


def test_a_clause_under_a_general_provisions_section_number_is_proposed_in_its_one_holder(tmp_path, rules):
    start_project(tmp_path, "general-provisions")
    write_doc(tmp_path, "SPEC-GP", "2026-01-05", GENERAL)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "SPECIAL CONTRACT REQUIREMENTS\n\nSection 3. - SCOPE OF WORK\n\n"
        "3.4 Changes. Delete the second paragraph and substitute the following:\n\n"
        "Proceed with the changed work within two working days.\n"))
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()  # "Section 3." is no reference the pack places: never applied
    assert ("SPEC-GP#3.4", "partial", True) in _proposed(reading)


def test_a_clause_of_a_document_named_by_a_title_no_reference_reads_is_proposed_in_its_holder(tmp_path, rules):
    start_project(tmp_path, "titled-volume")
    write_doc(tmp_path, "SPEC-GP", "2026-01-05", GENERAL)
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "Each entry names the volume, the part and the clause, then the update.\n\n"
        "2. Volume A, part \"Conditions of Contract, Book 1\", clause 3.4 \"Changes\"\n\n"
        "Update the clause to read:\n\n"
        "3.4 Changes. The Engineer may order changes in writing; an oral order is confirmed in writing within a day.\n"))
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert ("SPEC-GP#3.4", "full", True) in _proposed(reading)
