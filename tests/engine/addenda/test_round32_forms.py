"""Forms of owners' addenda read in round 32 (issue 21). An item captioned by its number and what it
is about, then labelled a clarification ("Item No. 3 Drawing A-501 - Detail #4 Clarification: ..."),
explains: a verb in its explanation ("the existing cap shall be removed") applies nothing; a part of
the work "withdrawn from this assignment" (a consultant's contract) is deleted, never passed over as
an item taken back; a five-digit CSI 1995 section listed with its title ("09900 - Painting") names
the one section of its 2004 group holding that very title."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

ROOF = ("SECTION 07 21 00 - THERMAL INSULATION\n\nPART 2 - PRODUCTS\n\n2.1 BOARD\n\nA. Polyiso, 2 inches.\n\n"
        "2.2 FASTENERS\n\nA. Plates and screws.\n")


def _roof(root: Path, body: str) -> None:
    start_project(root, "round-32")
    (root / "documents" / "a-501.drawing.yaml").write_text(
        "id: DWG-A-501\nkind: drawing\nsheet: A-501\ntitle: Wall Sections and Details\nrevision: \"0\"\nseq: 1\n"
        "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n"
        "  - id: detail-2\n    text: \"DETAIL 2: EAVE AT WORKSHOP.\"\n"
        "  - id: detail-4\n    text: \"DETAIL 4: PARAPET AT GALLERY.\"\n")
    write_doc(root, "SPEC-072100", "2026-01-05", ROOF)
    write_doc(root, "ADD-01", "2026-02-02", "TO: ALL BIDDERS\n\nSUBJECT: ADDENDUM NO. 2\n\n" + body)


CAPTIONED = ("Item No. 3 Drawing A-501 – Detail #4 Clarification: The existing parapet cap shall be removed "
             "along the whole gallery as needed to turn the new membrane up and set the new coping.\n\n"
             "Item No. 4 Specification Section 07 21 00: Delete Clause 2.2 in its entirety.\n")


def test_ingest_applies_nothing_from_an_item_captioned_then_labelled_a_clarification(tmp_path):
    from inforce.engine import Project

    _roof(tmp_path, CAPTIONED)
    result = Project.ingest(tmp_path)
    # (the clarification's "shall be removed" is work explained, not a note deleted; the item beside it
    # still applies its deletion)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {("SPEC-072100#2.2", "full", False)}


SAMPLING = ("TERMS OF REFERENCE - HARBOUR WATER QUALITY MONITORING\n\n1. Objectives. Baseline water quality.\n\n"
            "2. Scope\n\n2.1 Stations. Eight fixed stations.\n\n2.4 Sediment. Sediment sampling at four stations, twice a year.\n\n"
            "3. Reporting\n\n3.1 Monthly report. Within 15 working days.\n")


def test_a_part_withdrawn_from_this_assignment_is_deleted_not_passed_over(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-TOR", "2026-01-05", SAMPLING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Clarification Notice No. 1\n\n"
              "1. Section 2.4 of the Terms of Reference: the sediment sampling is withdrawn from this assignment; it "
              "will be bought separately.\n")
    reading = read_project(tmp_path, rules)
    said = _applied(reading) | _proposed(reading)
    assert ("SPEC-TOR#2.4", "full", False) in said
    assert not reading.not_understood


PAINTING = "SECTION 09 91 00 - PAINTING\n\nPART 1 - GENERAL\n\n1.1 SUMMARY\n\nA. Painting of exposed surfaces.\n"
COATINGS = "SECTION 09 96 00 - HIGH-PERFORMANCE COATINGS\n\nPART 1 - GENERAL\n\n1.1 SUMMARY\n\nA. Epoxy coatings.\n"


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def test_a_five_digit_broad_section_listed_with_its_title_names_the_one_section_of_its_group_so_titled(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-099100", "2026-01-05", PAINTING)
    _titled(tmp_path, "SPEC-099100", "Painting")
    write_doc(tmp_path, "SPEC-099600", "2026-01-05", COATINGS)
    _titled(tmp_path, "SPEC-099600", "High-Performance Coatings")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nSPECIFICATIONS\n\n"
              "09900 – Painting, pages 1-4 (section included in its entirety)\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-099100", "full", True) in _applied(reading) | _proposed(reading)
    assert not any(t.startswith("SPEC-099600") for t, _, _ in _applied(reading) | _proposed(reading))


EXHIBIT = ("EXHIBIT B - STATEMENT OF WORK, HARBOUR OPERATIONS INFORMATION SYSTEM\n\n4. Implementation\n\n"
           "4.2 Data Migration. The Contractor shall migrate five years of berth records.\n\n"
           "4.3 Training. Two sessions for the office users.\n\n6. Support\n\n"
           "6.2 Response Times. Four hours for a severity 1 fault.\n")


def test_a_section_of_an_exhibit_numbered_by_clause_is_that_clause_and_applies(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-SOW", "2026-01-05", EXHIBIT)
    _titled(tmp_path, "SPEC-SOW", "Exhibit B Statement of Work Harbour Operations Information System")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM 02\n\n2.00 CHANGES TO THE RFP\n\n"
              "2.04 REMOVE Exhibit B Section 4.2 Data Migration and REPLACE with revised Exhibit B Section 4.2 Data "
              "Migration (attached).\n\n"
              "2.05 REMOVE Exhibit B Section 6.2 Response Times in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # ("Section 4.2" after the exhibit's designation is its clause 4.2, not a loose number)
    assert _applied(reading) == {("SPEC-SOW#4.2", "full", True), ("SPEC-SOW#6.2", "full", False)}


HARDWARE = ("SECTION 08 71 00 - DOOR HARDWARE\n\nPART 3 - EXECUTION\n\n3.1 HARDWARE SETS\n\n"
            "A. Set 1: exterior pair with exit devices.\n\nB. Set 2: office lockset.\n")


def test_a_spaced_paragraph_letter_closing_the_item_with_its_stop_is_read(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-087100", "2026-01-05", HARDWARE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n3. SECTION 08 71 00 - DOOR HARDWARE\n\n"
              "3.3 DELETE paragraph 3.1 B.\n")
    assert _applied(read_project(tmp_path, rules)) == {("SPEC-087100#3.1.B", "full", False)}


DISPENSERS = ("EMPLOYER'S REQUIREMENTS CHAPTER 3 - FUEL DOCK\n\n3.2 Dispensing\n\n"
              "3.2.1 Dispensers. Two dispensers, each with a card reader.\n\n"
              "3.2.2 Hoses. Hoses of 25 mm bore:\n\na) with a breakaway coupling;\n\nb) with a swivel.\n")


def test_ingest_reads_a_new_column_that_also_names_the_existing_one(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-ER3", "2026-01-05", DISPENSERS)
    _titled(tmp_path, "SPEC-ER3", "Employer's Requirements Chapter 3 Fuel Dock")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO.-2\n\n"
              "| Sl. No | Clause No. | Existing Clause to be replaced | New Clauses replacing existing Clauses |\n"
              "|---|---|---|---|\n"
              "| 1 | ER Chapter 3, 3.2.1 | 3.2.1 Dispensers. Two dispensers, each with a card reader. | 3.2.1 Dispensers. "
              "Two dispensers, each with a card reader and a receipt printer. |\n"
              "| 2 | ER Chapter 3, 3.2.2 | Additional information | c) with a drip collar. |\n")
    result = Project.ingest(tmp_path)
    # (the whole clause given anew replaces it; "Additional information" over a new sub-point adds to it)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {
        ("SPEC-ER3#3.2.1", "full", True), ("SPEC-ER3#3.2.2", "partial", True)}


TIDE = ("SECTION VII - TIDE TELEMETRY\n\n3. Reporting\n\n3.1 Monthly Summaries. A summary each month.\n")
SAMPLING_REPORTS = SAMPLING + "\n3.3 Notices. Exceedances the same day.\n"


def test_a_bare_clause_of_several_documents_is_proposed_in_the_one_the_addendum_opens_by_naming(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-TOR", "2026-01-05", SAMPLING)
    _titled(tmp_path, "SPEC-TOR", "Attachment 1 Terms of Reference Harbour Water Quality Monitoring")
    write_doc(tmp_path, "SPEC-TIDE", "2026-01-05", TIDE)
    _titled(tmp_path, "SPEC-TIDE", "Section VII Tide Telemetry System")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Clarification Notice No. 1 for the Request for Proposals \"Harbour Water "
              "Quality Monitoring\"\n\n| # | Questions | Comments |\n|---|---|---|\n"
              "| 5. | Is the period fixed? | The period in the first sentence of paragraph 3.1 is extended from 15 to 20 "
              "working days. |\n")
    reading = read_project(tmp_path, rules)
    # (neither the row nor a heading names a document; the notice's opening line does: proposed there)
    assert _proposed(reading) == {("SPEC-TOR#3.1", "partial", True)}
    assert not _applied(reading)


GENERAL = ("GENERAL PROVISIONS FOR HARBOUR WORKS\n\n8. Subcontracting\n\n8.1 Subcontracts. Subcontracts shall be in "
           "writing. The Contractor stays liable for its subcontractors.\n")


def test_a_verbless_row_naming_a_clause_of_an_abbreviated_document_is_proposed_in_its_one_holder(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-GP", "2026-01-05", GENERAL)
    _titled(tmp_path, "SPEC-GP", "General Provisions for Harbour Works")
    write_doc(tmp_path, "SPEC-ER3", "2026-01-05", DISPENSERS)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO.-2\n\n| Sl. No | Clause No. | Page | Text |\n|---|---|---|---|\n"
              "| 6 | GP Section 8, Clause 8.1, second sentence | 9 of 30 | The copy of each subcontract reaches the "
              "Engineer within 7 days. |\n")
    reading = read_project(tmp_path, rules)
    assert _proposed(reading) == {("SPEC-GP#8.1", "partial", True)}
    assert not reading.not_understood


def test_an_answer_saying_a_paragraph_must_be_read_as_follows_restates_it(tmp_path, rules):
    start_project(tmp_path, "round-32")
    write_doc(tmp_path, "SPEC-TOR", "2026-01-05", SAMPLING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Clarification Notice No. 1\n\n"
              "3. Terms of Reference, paragraph 2.1: Yes. Indeed, the stations in paragraph 2.1 must be read as follows: "
              "\"2.1 Stations. Ten fixed stations.\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-TOR#2.1", "full", True) in _applied(reading) | _proposed(reading)
