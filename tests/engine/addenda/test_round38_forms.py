"""Forms of round 38 (issue 21): sheets "withdrawn and reissued" (the issue withdrawn, a new one in its
place: no item taken back), and the net that reports a line whose words say both that nothing changes and
that something does; a part named by its title alone in quotation marks ('the item titled "Clean-Up"',
'the clause entitled "Handrails"'), placed in the documents the addendum changes elsewhere, else reported;
a statement of work's "Section 1, item 1.3" and "new item 2.6"; a clause ("Sub-Clause 8.7") of a document
named by the end of its title; sheets reissued that "supersede the tender issue" (replaced whole)."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project, write_sheet
from corpus_writer import write_doc

WORKS = ("WORKS STATEMENT - CAR PARK RESURFACING\n\nSECTION 1 - GENERAL\n\n"
         "1.1 Site. The car park north of the depot, about 900 square metres.\n\n"
         "1.2 Hours. Work is allowed Monday to Thursday, 7:00 am to 4:00 pm.\n\n"
         "SECTION 2 - MATERIALS\n\n2.1 Basecourse. Crushed rock, 40 mm maximum.\n\n"
         "2.2 Surfacing. Asphaltic concrete, mix 10, 30 mm thick.\n\n2.3 Kerb Stops. Precast kerb stops, 1.8 m long.\n\n"
         "SECTION 3 - EXECUTION\n\n3.1 Preparation. Grade and roll the existing surface.\n\n"
         "3.2 Tidy-Up. Remove all spoil and sweep the area.\n")


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def _sheets(root: Path, *numbers: str) -> None:
    for number in numbers:
        write_sheet(root, number)


def test_ingest_applies_sheets_withdrawn_and_reissued_as_replaced_whole(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-38")
    _sheets(tmp_path, "C-201", "C-203")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nPART B - AMENDMENTS\n\n"
              "B1. Drawings C-201 and C-203 are withdrawn and reissued at Revision D.\n")
    result = Project.ingest(tmp_path)
    # (before: "withdrawn" read as the item taken back, and the item passed over in silence)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {
        ("DWG-C-201", "full", True), ("DWG-C-203", "full", True)}


def test_ingest_reports_a_line_saying_withdrawn_beside_a_change_verb(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-38")
    _sheets(tmp_path, "C-201", "C-203")
    # "withdrawn, then reissued": the pack reads "withdrawn" as a request taken back, yet the line
    # reissues the sheets; neither reading is certain, and the line names two held sheets
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nPART B - AMENDMENTS\n\n"
              "B1. Drawings C-201 and C-203 are withdrawn, then reissued at Revision D.\n")
    result = Project.ingest(tmp_path)
    assert not result.derived
    said = [n for n in result.not_understood if n.item.doc == "ADD-01"] + [
        p for p in result.proposed if p.item.doc == "ADD-01"]
    assert said, "an item naming two held sheets beside a change verb went unsaid"
    reasons = " ".join(n.reason or "" for n in result.not_understood if n.item.doc == "ADD-01")
    assert "C-201" in reasons and "withdrawn" in reasons


def test_a_change_turned_down_or_taken_back_stays_quiet(tmp_path, rules):
    start_project(tmp_path, "round-38")
    _sheets(tmp_path, "C-201")
    write_doc(tmp_path, "SPEC-122113", "2026-01-05", "SECTION 12 21 13 - HORIZONTAL LOUVER BLINDS\n\n"
              "2.1 PRODUCTS\n\nA. Aluminum slat blinds, 1 inch slats.\n")
    # the verb of change is what the owner turns down or takes back: nothing changes, nothing to report
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nCLARIFICATIONS\n\n"
              "1. A request to substitute a vinyl blind for the blind of Section 12 21 13 is not approved.\n\n"
              "2. The instruction of Addendum 1 to revise Drawing C-201 is withdrawn; the sheet stands as bid.\n")
    reading = read_project(tmp_path, rules)
    assert not applied(reading) and not proposed(reading)
    assert not [n for n in reading.not_understood if "which holds" in (n.reason or "")]


def _works_project(root: Path, addendum: str) -> None:
    start_project(root, "round-38")
    write_doc(root, "SPEC-WS", "2026-01-05", WORKS)
    _titled(root, "SPEC-WS", "Works Statement, Car Park Resurfacing")
    write_doc(root, "SPEC-OTHER", "2026-01-05", "OTHER WORKS\n\n3.1 Survey. Set out the works.\n\n"
              "3.2 Tidy-Up. Leave the site clean.\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_a_part_named_by_its_title_alone_is_proposed_in_the_document_the_addendum_changes(tmp_path, rules):
    _works_project(tmp_path, "ADDENDUM NO. 1\n\n"
                   "1. Works Statement, Section 1, item 1.2 Hours: replace \"Monday to Thursday\" with \"Monday to Friday\".\n\n"
                   "2. The item titled \"Tidy-Up\" is deleted and replaced with: \"Tidy-Up. Remove all spoil and "
                   "wash down the footpath.\"\n")
    reading = read_project(tmp_path, rules)
    found = proposed(reading)
    # "Section 1, item 1.2": a statement of work's clause notation (before: reported, no notation placed it)
    assert ("SPEC-WS#1.2", "partial", True) in found
    # the item titled "Tidy-Up": SPEC-WS#3.2 (before: passed over in silence); never SPEC-OTHER's 3.2,
    # which the addendum changes nowhere else
    assert ("SPEC-WS#3.2", "full", True) in found
    assert not any(t.startswith("SPEC-OTHER") for t, _, _ in found)
    assert not applied(reading)


def test_a_part_named_by_its_title_alone_in_no_document_changed_elsewhere_is_reported(tmp_path, rules):
    _works_project(tmp_path, "ADDENDUM NO. 1\n\n"
                   "1. The item titled \"Tidy-Up\" is deleted and replaced with: \"Tidy-Up. Remove all spoil.\"\n")
    reading = read_project(tmp_path, rules)
    assert not applied(reading) and not proposed(reading)
    reasons = [n.reason or "" for n in reading.not_understood]
    assert any('titled "Tidy-Up"' in reason for reason in reasons), reasons


def test_a_new_item_of_a_statement_of_work_amends_its_part(tmp_path, rules):
    _works_project(tmp_path, "ADDENDUM NO. 1 to the Works Statement, Car Park Resurfacing\n\n"
                   "1. Add new item 2.4: \"2.4 Bollards. Galvanised steel bollards at the two entrances.\"\n")
    # (before: "names "item 2.4", which no reference notation of the pack places"; round 56: the addendum's
    # heading writes the statement's name and the works its title names, so the clause is placed in it as by
    # number, and the new item amends its part, applied)
    reading = read_project(tmp_path, rules)
    assert applied(reading) | proposed(reading) == {("SPEC-WS#2", "partial", True)}


def test_a_clause_entitled_by_its_title_reported_under_its_heading_is_proposed(tmp_path, rules):
    start_project(tmp_path, "round-38")
    write_doc(tmp_path, "SPEC-BRIDGE", "2026-01-05", "BRIDGE SPECIFICATION\n\n4.1 Concrete\n\n"
              "4.1.1 Strength. Deck concrete shall reach 35 MPa at 28 days.\n\n4.1.2 Cover. Cover shall be 40 mm.\n\n"
              "4.2 Timber\n\n4.2.1 Species. Kwila or an approved hardwood.\n\n"
              "4.2.2 Balustrades. Balusters at 100 mm maximum spacing.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NUMBER 1\n\nPART 4.0 WORKS SPECIFICATION\n\n"
              "1. Clause 4.1.1: amend \"35 MPa\" to \"40 MPa\".\n\n"
              "2. The clause entitled \"Balustrades\" is amended by replacing \"100 mm\" with \"90 mm\".\n")
    reading = read_project(tmp_path, rules)
    found = proposed(reading)
    assert ("SPEC-BRIDGE#4.1.1", "partial", True) in found
    # (before: reported as changing what its heading names, which no notation places)
    assert ("SPEC-BRIDGE#4.2.2", "partial", True) in found
    assert not [n for n in reading.not_understood if "Balustrades" in (n.words or "")]


def test_a_sub_clause_of_a_document_named_by_the_end_of_its_title_is_proposed_there(tmp_path, rules):
    start_project(tmp_path, "round-38")
    clauses = "8.6 Programme. Submit a programme within 14 days.\n\n8.7 Delay Damages. {rate} of the contract sum per day.\n"
    write_doc(tmp_path, "SPEC-PCA", "2026-01-05", "PARTICULAR CONDITIONS\n\n" + clauses.format(rate="0.05 percent"))
    _titled(tmp_path, "SPEC-PCA", "Conditions of Contract Part II Particular Conditions for the Slipway and Jetty Works")
    write_doc(tmp_path, "SPEC-PCB", "2026-01-05", "PARTICULAR CONDITIONS\n\n" + clauses.format(rate="0.1 percent"))
    _titled(tmp_path, "SPEC-PCB", "Conditions of Contract Part II Particular Conditions for the Jetty Lighting Works")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 3\n\nPART B - AMENDMENTS\n\n"
              "B2. Particular Conditions for the Slipway and Jetty Works, Sub-Clause 8.7 Delay Damages: the rate is "
              "amended from \"0.05 percent\" to \"0.08 percent\".\n")
    reading = read_project(tmp_path, rules)
    # (before: "names Sub-Clause 8.7, but no section it belongs to": two documents hold 8.7)
    assert proposed(reading) == {("SPEC-PCA#8.7", "partial", True)}
    assert not applied(reading)


def test_sheets_reissued_that_supersede_the_tender_issue_are_replaced_whole(tmp_path, rules):
    start_project(tmp_path, "round-38")
    _sheets(tmp_path, "C-301", "C-302", "C-303")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NUMBER 1\n\nDRAWINGS\n\n"
              "7. Drawings C-301 to C-303 are reissued at revision 2 and supersede the tender issue.\n")
    # (before: "supersede the tender issue" read as words of the sheets replaced, a change in part, proposed)
    assert applied(read_project(tmp_path, rules)) == {
        ("DWG-C-301", "full", True), ("DWG-C-302", "full", True), ("DWG-C-303", "full", True)}
