"""Round 72 of issue 21, items neither applied nor proposed right: a clause an addendum adds as new
("New Clause 4.4 ... is added to Section 4") goes in the document that has no clause of that number yet
and holds the one before it, changed in part there (in the clause it joins, where that is not the whole
document). Always for a person to confirm, never applied. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-05-03") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Addendum No. 3", body, kind="addendum", issued="2027-06-10")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


PUMPS = ("SECTION 4 - TECHNICAL SPECIFICATION: BOOSTER PUMP STATION\n\n4.1 GENERAL\n\n"
         "4.1.1 Scope. The Contractor shall supply and install two duty and one standby booster pumps.\n\n"
         "4.2 PUMPS\n\n4.2.1 Type. Pumps shall be vertical multistage, stainless steel.\n\n"
         "4.2.2 Motors. Motors shall be rated IE3, 400 V, 50 Hz.\n\n"
         "4.3 TESTING\n\n4.3.1 Site Tests. Each pump shall be run for four hours at its duty point.\n")
DUTIES = ("4 SERVICES REQUIRED\n\n4.1 CLEANING\n\n4.1.1 Offices. Offices shall be cleaned each working day.\n\n"
          "4.2 WASTE\n\n4.2.1 Bins. Bins shall be emptied twice a week.\n\n4.2.2 Recycling. Paper shall be kept apart.\n\n"
          "4.3 SECURITY\n\n4.3.1 Locking. The cleaner shall lock every door on leaving.\n\n"
          "4.4 REPORTS\n\n4.4.1 Monthly. A report of the work shall be sent each month.\n")
TENDER = ("4 INSTRUCTIONS\n\n4.1 Tenders shall be sealed.\n\n4.2 Tenders shall be valid for 90 days.\n")


def _three_fours(root: Path) -> None:
    _doc(root, "SPEC-TS-PUMP", "Section 4 Technical Specification, Booster Pump Station", PUMPS)
    _doc(root, "SPEC-SOR-CLN", "Section 4 Statement of Requirements, Office Cleaning", DUTIES)
    _doc(root, "SPEC-ITT-S4", "Section 4 Instructions to Tenderers", TENDER)


def test_a_new_clause_added_to_a_section_several_documents_are_goes_in_the_one_that_can_take_it(tmp_path, rules):
    # three documents are Section 4; the cleaning one holds a 4.4 already (a new 4.4 there would be a
    # renumbering, not said), the tender one stops at 4.2: only the pump one lacks 4.4 and holds 4.3
    start_project(tmp_path, "round-72-new-clause")
    _three_fours(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 3\n\nThe following changes are made to the bidding documents.\n\n"
        "1. New Clause 4.4 Spares is added to Section 4: \"4.4 Spares. One spare mechanical seal shall be "
        "delivered for each pump.\"\n"))
    assert ("SPEC-TS-PUMP", "partial", True) in proposed, (proposed, reading.not_understood)
    assert not any(t.startswith(("SPEC-SOR-CLN", "SPEC-ITT-S4")) for t, _, _ in proposed), proposed
    assert not applied, applied


def test_a_new_clause_two_documents_could_take_is_proposed_in_each_where_it_joins(tmp_path, rules):
    # 4.2.3 is new: both the pump and the cleaning document hold a 4.2.2 and no 4.2.3, the tender one has
    # no 4.2.2 at all; each of the two is proposed changed in part at its 4.2, the third left out
    start_project(tmp_path, "round-72-new-clause")
    _three_fours(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 3\n\nThe following changes are made to the bidding documents.\n\n"
        "A1. Section 4: add new Article 4.2.3 as follows: \"4.2.3 Labels. Every item shall carry a label.\"\n"))
    assert {("SPEC-TS-PUMP#4.2", "partial", True), ("SPEC-SOR-CLN#4.2", "partial", True)} <= proposed, (
        proposed, reading.not_understood)
    assert not any(t.startswith("SPEC-ITT-S4") for t, _, _ in proposed), proposed
    assert not applied, applied


def test_a_clause_named_without_the_word_new_is_not_read_as_new(tmp_path, rules):
    # "Clause 4.4 ... is amended" names an existing clause: the cleaning document's 4.4, never the pump
    # document's whole as though a 4.4 were joining it
    start_project(tmp_path, "round-72-new-clause")
    _three_fours(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 3\n\nThe following changes are made to the bidding documents.\n\n"
        "1. Section 4, Clause 4.4.1: the words \"each month\" are replaced by \"each quarter\".\n"))
    assert not any(t.startswith("SPEC-TS-PUMP") for t, _, _ in applied | proposed), (applied, proposed)


SITE = ("PARTICULAR SPECIFICATION\n\n1 GENERAL\n\n1.1 The Works comprise a car park of 80 spaces.\n\n"
        "1.2 Working hours shall be 08:00 to 18:00.\n\n3 DRAINAGE\n\n3.1 Gullies shall be trapped, of precast concrete.\n\n"
        "3.2 Pipes shall be laid to a fall of not less than 1 in 100.\n\n4 SURFACING\n\n"
        "4.1 The surface shall be 30 mm of dense bitumen macadam.\n")


def test_a_new_clause_in_a_document_named_by_title_is_proposed_in_the_clause_it_joins(tmp_path, rules):
    # the document is named by its title alone (never applied); the new 3.3 after 3.2 changes its
    # clause 3 in part, not the whole specification
    start_project(tmp_path, "round-72-new-clause")
    _doc(tmp_path, "SPEC-PART-SPEC", "Particular Specification, Contract No. CP/2027/04, Ferry Terminal Car Park", SITE)
    # (another document is Section 3 and holds a 3.2 and no 3.3 too: the number alone does not say which)
    _doc(tmp_path, "SPEC-GEN-SPEC", "Section 3 Site Requirements, Harbour Kiosk",
         "SECTION 3 - SITE REQUIREMENTS\n\n3.1 Cement shall be CEM I.\n\n3.2 Sand shall be washed.\n")
    reading, applied, proposed = _read(tmp_path, rules, (
        "TENDER ADDENDUM NO. 3\n\nCONTRACT NO. CP/2027/04\n\n1. Amendments to the Tender Documents\n\n(a) Particular Specification Section 3, Drainage: add the following new Clause 3.3 after "
        "Clause 3.2: \"3.3 Every manhole cover shall be rated D400.\"\n"))
    # (held-out-76: "Section 3, Drainage:" with its colon is also the part so numbered and titled of the one document
    # of the contract the addendum names, CP/2027/04 in both titles, the other "Section 3" another's: it may apply)
    assert ("SPEC-PART-SPEC#3", "partial", True) in proposed | applied, (applied, proposed, reading.not_understood)
    assert ("SPEC-PART-SPEC", "partial", True) not in proposed | applied, (applied, proposed)
    assert not any(t.startswith("SPEC-GEN-SPEC") for t, _, _ in proposed | applied), (applied, proposed)
    assert applied <= {("SPEC-PART-SPEC#3", "partial", True)}, applied
