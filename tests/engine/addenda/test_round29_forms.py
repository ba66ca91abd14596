"""Forms of owners' addenda read in round 29 (issue 21): general levers for references that name no
document, or the wrong one. An amendment whose heading gives its own number beside the agreement it
amends ("AMENDMENT NO. 3 TO LEASE AGREEMENT (EXHIBIT G)") places the paragraphs its items name in that
agreement; a lead-in naming one document ("The following changes are made to Exhibit C, Statement of
Work:") places its entries' clauses there, before the addendum's title, each sentence of an entry read
as its own instruction; a clause named in no document ("Section 5.3 of the RFP is replaced by ...") is
proposed in the documents most likely holding it (one where the words settle which, else up to three);
a clause the section named with it lacks is proposed where the project holds it, and a sub-clause added
to a clause the section holds, on that clause; a section named only inside quotation marks is proposed
replaced. Proposals only where the reference is not settled: never applied on a guess."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


#: A CSI section holding the same article numbers as the agreement: a bare "paragraph 2.1" fits both.
PAVING = ("SECTION 32 12 16 - ASPHALT PAVING\n\nPART 2 - PRODUCTS\n\n2.1 MIXES\n\n"
          "A. Surface course: 12.5 mm mix.\n\n2.3 PRIMERS\n\nA. Tack coat: emulsion.\n")

LEASE = ("EXHIBIT G - LEASE AGREEMENT FOR THE FERRY TERMINAL KIOSKS\n\n"
         "SECTION 1 - THE PORT AGREES TO:\n\n1.1 Space. Provide four kiosks on the arrivals concourse.\n\n"
         "1.2 Power. Provide one metered 32 A supply to each kiosk.\n\n"
         "SECTION 2 - THE TENANT AGREES TO:\n\n2.1 Rent. Pay a rent of 900 dollars a month for each kiosk.\n\n"
         "2.2 Hours. Open every kiosk from 06:00 to 22:00.\n\n2.3 Signs. Submit every sign to the Port for approval.\n")


def _lease(root: Path, rules: RuleSet, items: str):
    start_project(root, "round-29")
    write_doc(root, "SPEC-321216", "2026-01-05", PAVING)
    write_doc(root, "SPEC-LEASE", "2026-01-05", LEASE)
    _titled(root, "SPEC-LEASE", "Exhibit G Lease Agreement for the Ferry Terminal Kiosks")
    write_doc(root, "ADD-01", "2026-02-02", "AMENDMENT NO. 3 TO LEASE AGREEMENT (EXHIBIT G)\n\n"
              "NOW, THEREFORE, the Port and the Tenant agree to amend the Agreement as follows:\n\n" + items)
    return read_project(root, rules)


def test_an_amendment_heading_with_its_own_number_places_the_paragraphs_in_the_agreement_it_names(tmp_path, rules):
    reading = _lease(tmp_path, rules,
                     "1. DELETE the existing paragraph 2.3 in its entirety.\n\n"
                     "2. DELETE the existing paragraph 2.1 and REPLACE it with a revised paragraph 2.1, which shall "
                     "read as follows:\n\n2.1 Rent. Pay a rent of 950 dollars a month for each kiosk, due on the first "
                     "day of the month.\n")
    assert _applied(reading) == {("SPEC-LEASE#2.1", "full", True), ("SPEC-LEASE#2.3", "full", False)}
    # (the section holding the same numbers is not what the amendment changes)
    assert not any(target.startswith("SPEC-321216") for target, _, _ in _proposed(reading))


def test_a_paragraph_added_to_a_section_of_the_agreement_is_proposed_on_that_section(tmp_path, rules):
    reading = _lease(tmp_path, rules, "1. ADD a new paragraph 1.3 to Section 1, which shall read as follows:\n\n"
                     "1.3 Water. Provide a cold-water point beside each kiosk.\n")
    assert _applied(reading) == set()
    assert ("SPEC-LEASE#1", "partial", True) in _proposed(reading)


WORK = ("STATEMENT OF WORK: BERTH BOOKING SYSTEM\n\nSECTION 3 - SALES\n\n3.1 Point of Sale\n\n"
        "3.1.1 Sales. Each sale shall be recorded against the berth.\n\n"
        "3.1.2 Loyalty. Regular visitors earn one free night in ten.\n\n"
        "SECTION 4 - SUPPORT\n\n4.1 Help Line. Staffed on working days.\n\n"
        "4.2 Defects. Severity 1 defects shall be answered within 1 hour. Severity 2 defects shall be "
        "answered within 8 hours.\n\nSECTION 5 - RECORDS\n\n5.1 Data. Kept for seven years.\n\n"
        "5.2 Backups. Taken nightly.\n\n5.3 Reports. A monthly occupancy report.\n")

SERVICES = ("SERVICES AGREEMENT FOR DESIGN DURING CONSTRUCTION\n\n1.1 Services. The Designer shall attend the site "
            "meetings.\n\n3.1 Fee. Not more than 6 percent of the cost.\n\n4.2 Term. Until final acceptance.\n")


def _services(root: Path, rules: RuleSet, body: str):
    start_project(root, "round-29")
    write_doc(root, "SPEC-SOW", "2026-01-05", WORK)
    _titled(root, "SPEC-SOW", "Exhibit C Statement of Work Berth Booking System")
    write_doc(root, "SPEC-DSA", "2026-01-05", SERVICES)
    _titled(root, "SPEC-DSA", "Exhibit H Services Agreement for Design during Construction")
    write_doc(root, "ADD-01", "2026-02-02", body)
    return read_project(root, rules)


def test_a_lead_in_naming_one_document_places_its_entries_clauses_there_each_sentence_its_own_change(tmp_path, rules):
    reading = _services(tmp_path, rules,
                        "ADDENDUM NO. 2 TO\nSERVICES AGREEMENT FOR DESIGN DURING CONSTRUCTION\n\n"
                        "1. Paragraph 3.1 of the Services Agreement is hereby amended to read as follows: \"3.1 Fee. "
                        "Not more than 5 percent of the cost.\"\n\n"
                        "2. The following changes are made to Exhibit C, Statement of Work, which is attached to the "
                        "Request for Proposals for the Berth Booking System:\n\n"
                        "    a. The last sentence of Section 4.2 is revised to read, \"Severity 2 defects shall be "
                        "answered within 4 hours.\"\n\n"
                        "    b. Section 3.1.2 is deleted. Section 3.1.1 is revised to read: \"3.1.1 Sales. Each sale "
                        "shall be recorded against the berth and the attendant on duty.\"\n")
    proposed = _proposed(reading)
    assert {("SPEC-SOW#4.2", "partial", True), ("SPEC-SOW#3.1.2", "full", False),
            ("SPEC-SOW#3.1.1", "full", True)} <= proposed
    # (the agreement the addendum's title names holds 4.2 too; the lead-in names the statement of work)
    assert not any(target.startswith("SPEC-DSA#4.2") for target, _, _ in proposed | _applied(reading))
    assert not any(target.startswith("SPEC-SOW") for target, _, _ in _applied(reading))


def test_a_lead_in_replacing_a_sheet_whole_does_not_place_its_summary_lines(tmp_path, rules):
    start_project(tmp_path, "round-29")
    (tmp_path / "documents" / "dwg-m-401.drawing.yaml").write_text(
        "id: DWG-M-401\nkind: drawing\nsheet: M-401\ntitle: Boiler Room Details\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        "  - id: detail-1\n    text: \"DETAIL 1: HOUSEKEEPING PAD.\"\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM 4\n\nDRAWINGS\n\nReplace: Drawing M-401 with "
              "Addendum_4_Drawing_M-401-R1. The following changes are summarised in the replacement Drawing:\n\n"
              "(a) Detail 1: pad height raised from 4 inches to 6 inches.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-M-401", "full", True)}


def _rfp(root: Path, rules: RuleSet, response: str, second: str | None = None,
         asked: str = "RFP Section Reference 5.3 Reports."):
    start_project(root, "round-29")
    write_doc(root, "SPEC-SOW", "2026-01-05", WORK)
    _titled(root, "SPEC-SOW", "Exhibit C Statement of Work Berth Booking System")
    if second is not None:
        write_doc(root, "SPEC-OPS", "2026-01-05", second)
        _titled(root, "SPEC-OPS", "Exhibit D Operations Manual")
    write_doc(root, "ADD-01", "2026-02-02", "Clarification No. 2\n\n3.5\n\nQUESTION\n\n"
              f"{asked}\n\nCan the report be weekly?\n\nRESPONSE\n\n" + response)
    return read_project(root, rules)


OPERATIONS = ("OPERATIONS MANUAL\n\nSECTION 5 - RECORDS\n\n5.1 Staff. Two clerks.\n\n5.2 Keys. Kept in the office.\n\n"
              "5.3 Logs. The harbour log is kept daily.\n")


def test_a_clause_of_no_named_document_is_proposed_in_the_one_document_holding_it(tmp_path, rules):
    reading = _rfp(tmp_path, rules, "Section 5.3 of the RFP is replaced by the following: \"5.3 Reports. A weekly "
                   "occupancy report and a monthly summary.\"\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#5.3", "full", True)}
    assert not any(n.item.path for n in reading.not_understood)


def test_a_clause_several_documents_hold_is_proposed_in_each_never_applied(tmp_path, rules):
    reading = _rfp(tmp_path, rules, "Section 5.3 of the RFP is replaced by the following: \"5.3 Reports. A weekly "
                   "occupancy report and a monthly summary.\"\n",
                   second=OPERATIONS)
    assert _applied(reading) == set()
    # (the clause's own title, "Reports", is what the question repeats: the statement of work's, alone)
    assert _proposed(reading) == {("SPEC-SOW#5.3", "full", True)}
    # words naming neither: each holder proposed, for a person to pick; none applied
    both = _rfp(tmp_path / "both", rules, "Section 5.3 is deleted in its entirety.\n",
                second=OPERATIONS, asked="RFP Section Reference 5.3.")
    assert _applied(both) == set()
    assert _proposed(both) == {("SPEC-SOW#5.3", "full", False), ("SPEC-OPS#5.3", "full", False)}


SWITCHES = ("SECTION 26 05 43 - UNDERGROUND DUCTS\n\nPART 3 - EXECUTION\n\n3.1 INSTALLATION\n\n"
            "A. Bury duct banks 600 mm below grade.\n\n3.2 CLEANING\n\nA. Rod every duct.\n")

CHAPTER = ("VOLUME II - EMPLOYER'S REQUIREMENTS\n\nCHAPTER 6 - SHORE POWER\n\n6.1 Scope. Shore power to every berth.\n\n"
           "6.2 Pedestals\n\n6.2.1 Number. Six pedestals on the east pontoon.\n\n6.2.2 Rating. 32 A each.\n")


def _amendment(root: Path, rules: RuleSet, item: str):
    start_project(root, "round-29")
    write_doc(root, "SPEC-260543", "2026-01-05", SWITCHES)
    write_doc(root, "SPEC-ER6", "2026-01-05", CHAPTER)
    _titled(root, "SPEC-ER6", "Employer's Requirements Chapter 6 Shore Power")
    write_doc(root, "ADD-01", "2026-02-02", "AMENDMENT No. 2 TO THE TENDER SPECIFICATION\n\n"
              "Section 26 05 43 Underground Ducts\n\n" + item)
    return read_project(root, rules)


def test_a_sub_clause_added_to_a_clause_the_section_holds_is_proposed_on_that_clause(tmp_path, rules):
    reading = _amendment(tmp_path, rules, "A new sub-clause is added under Section 26 05 43 as Clause 3.1 B): "
                         "\"Lay a warning tape 300 mm above every duct bank.\"\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-260543#3.1", "partial", True)}


def test_a_clause_the_section_read_with_it_lacks_is_proposed_in_the_document_holding_it(tmp_path, rules):
    reading = _amendment(tmp_path, rules, "Employer's Requirements Chapter 6 Clause 6.2.1: the number of pedestals "
                         "shall be read as eight (8) instead of six (6).\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-ER6#6.2.1", "partial", True)}


def test_a_section_named_only_inside_quotation_marks_is_proposed_replaced(tmp_path, rules):
    start_project(tmp_path, "round-29")
    write_doc(tmp_path, "SPEC-075423", "2026-01-05", "SECTION 07 54 23 - TPO ROOFING\n\n1.1 SUMMARY\n\nA. Roofing.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Amendment 03 to Solicitation HB-2026-11\n\n"
              "The purpose of amendment 03 is to:\n\n1. Provide the answers to questions received; and\n\n"
              "2. Delete the original and replace with the updated \"SECTION 07 54 23 - TPO ROOFING\" (attached), "
              "which adds a cover board.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-075423", "full", True)}
