"""Forms of round 36 (issue 21): special conditions numbered by the general clause each supplements
("SCC 13.1: replace ..."), a part of a request for proposals named by its title ("the subsection
entitled "CONTRACT TERM" shall be deleted in its entirety; the following shall be inserted in its
place:"), words changed wherever they stand ('All references to "X" have been revised to "Y"'), a
sub-clause of a designation two documents share ("Section VIII, ... | Sub-Clause 4.2"), a new
clause numbered after the last of its article, and an "UPDATE:" label over the sentence whose
verb says what the change is. Each is proposed (never applied) with its target, none silent — but for
"SCC 13.1" under a heading naming the special conditions, which round 103 applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str, body: str, issued: str = "2026-01-05") -> None:
    write_doc(root, doc, issued, body)
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


SCC = ("SECTION VIII - SPECIAL CONDITIONS OF CONTRACT\n\n"
       "8.1 Governing Law. The Contract follows the laws of the Purchaser's country.\n\n"
       "13.1 Terms of Payment. 70 percent on delivery and 30 percent on acceptance.\n\n"
       "26.1 Liquidated Damages. 0.5 percent of the price of the delayed goods for each week.\n")
# (a second document whose title has the same initials: "Supplementary Conditions of Contract")
SUPPLEMENTARY = ("SUPPLEMENTARY CONDITIONS\n\n13.1 Bonds. A performance bond of 50 percent is required.\n\n"
                 "13.2 Insurance. The Contractor insures the Work.\n")


@pytest.mark.parametrize("heading", ["Section VIII. Special Conditions of Contract\n\n", ""])
def test_ingest_reads_a_special_condition_named_by_its_letters_and_clause(tmp_path, heading):
    """Two documents' titles have the initials SCC and both hold a clause 13.1: under a heading naming
    the special conditions, "SCC 13.1" is theirs and applied (round 103's SCC/GCC notation); with no
    heading the letters alone settle nothing and the clause is proposed, never applied."""
    from inforce.engine import Project

    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-SCC", "Section VIII Special Conditions of Contract, Tide Telemetry", SCC)
    _titled(tmp_path, "SPEC-SUPP", "Supplementary Conditions of Contract, Pump Station", SUPPLEMENTARY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "BIDDING DOCUMENTS GDS-41 - SUPPLY OF A TIDE TELEMETRY SYSTEM\n\n"
                                                 "AMENDMENT No. 1\n\n" + heading +
                                                 'SCC 13.1: replace "70 percent on delivery" with "60 percent on delivery".\n')
    result = Project.ingest(tmp_path)
    # (before round 36: silent - "SCC 13.1" read as no provision: no edge, no proposal, no not-understood line)
    edges = {(e.target.format(), e.scope) for e in result.derived}
    proposals = {(p.target.format(), p.scope) for p in result.proposed}
    assert (edges, proposals) == (({("SPEC-SCC#13.1", "partial")}, set()) if heading
                                  else (set(), {("SPEC-SCC#13.1", "partial")}))


RFP = ("REQUEST FOR PROPOSAL NO. HB-27-118 - TERMS AND CONDITIONS FOR PATROL SERVICES\n\n"
       "## II. SPECIFIC TERMS AND CONDITIONS\n\n## CONTRACT TERM\n\nThe contract term is two years from award.\n\n"
       "## INVOICING\n\nThe Contractor shall invoice monthly in arrears.\n\n"
       "## SUBCONTRACTING\n\nNo part of the services may be subcontracted without consent.\n")


def _rfp_addendum(root: Path, items: str) -> None:
    start_project(root, "round-36-forms")
    _titled(root, "SPEC-RFP", "Request for Proposal HB-27-118 Terms and Conditions, Patrol Services", RFP)
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NUMBER: ONE\nRFP NUMBER: HB-27-118\n\n" + items)


def test_a_subsection_named_by_its_title_is_what_the_proposal_deletes_or_replaces(tmp_path, rules):
    _rfp_addendum(tmp_path, '1. Reference the "SPECIFIC TERMS AND CONDITIONS" section of the original RFP document; the '
                            'subsection entitled "CONTRACT TERM" shall be deleted in its entirety; the following shall be '
                            "inserted in its place:\n\nCONTRACT TERM: The contract term is three years from award.\n\n"
                            '2. Reference the "SPECIFIC TERMS AND CONDITIONS" section of the original RFP document; the '
                            'subsection entitled "SUBCONTRACTING" shall be deleted in its entirety.\n')
    reading = read_project(tmp_path, rules)
    # (before: the whole of SPEC-RFP proposed, replaced and deleted)
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-RFP#contract-term", "full", True), ("SPEC-RFP#subcontracting", "full", False)}


def test_a_title_that_only_places_the_new_subsection_is_no_target(tmp_path, rules):
    _rfp_addendum(tmp_path, '1. Reference the "SPECIFIC TERMS AND CONDITIONS" section of the original RFP document; the '
                            'following subsection shall be added after the subsection entitled "INVOICING":\n\n'
                            "KEY CONTROL: Keys are returned within five days after the contract ends.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-RFP#invoicing", "full", True) not in _proposed(reading)
    assert not any(target == "SPEC-RFP#invoicing" for target, _, _ in _proposed(reading) | _applied(reading))


SOW = ("EXHIBIT B - STATEMENT OF WORK\n\nSECTION 3 - SYSTEM REQUIREMENTS\n\n3.1 Scope. The Contractor supplies one system.\n\n"
       "3.2 Devices. Twelve handheld barcode scanners are supplied.\n\n3.3 Hosting. The system is hosted in the country.\n")


def test_words_changed_wherever_they_stand_are_proposed_on_the_document_the_addendum_changes(tmp_path, rules):
    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-SOW", "Exhibit B Statement of Work, Harbour Information System", SOW)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nNOTICE TO BIDDERS\n\n"
                                                 'All references to "handheld barcode scanners" have been revised to '
                                                 '"handheld mobile terminals".\n\n'
                                                 "1. Exhibit B, Section 3.3 is deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: the first item silent - no edge, no proposal, no not-understood line)
    assert ("SPEC-SOW", "partial", True) in _proposed(reading)


def test_words_changed_wherever_they_stand_with_no_document_changed_are_reported(tmp_path, rules):
    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-SOW", "Exhibit B Statement of Work, Harbour Information System", SOW)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nNOTICE TO BIDDERS\n\n"
                                                 'All references to "handheld barcode scanners" have been revised to '
                                                 '"handheld mobile terminals".\n')
    reading = read_project(tmp_path, rules)
    assert not reading.applied and not reading.proposed
    assert any("names no document" in str(n.reason) for n in reading.not_understood)


CDATA = ("PARTICULAR CONDITIONS OF CONTRACT - PART A - CONTRACT DATA\n\n"
         "## 1.1.3.3 Time for Completion\n\n300 days from the Commencement Date.\n\n"
         "## 4.2 Performance Security\n\n5 percent of the Accepted Contract Amount.\n\n"
         "## 14.2 Advance Payment\n\n10 percent, repaid by deductions of 25 percent.\n")


def test_a_sub_clause_held_by_one_of_the_documents_a_designation_fits_is_proposed_there(tmp_path, rules):
    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-CDATA", "Section VIII Particular Conditions of Contract Part A Contract Data, Slope Works", CDATA)
    _titled(tmp_path, "SPEC-SCC", "Section VIII Special Conditions of Contract, Tide Telemetry", SCC)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 02\n\n"
                                                 "| Item | Part of the Bidding Document | Reference | As in the original | As amended |\n"
                                                 "|---|---|---|---|---|\n"
                                                 "| 1 | Section VIII, Particular Conditions of Contract, Part A - Contract Data | "
                                                 "Sub-Clause 4.2, Performance Security | 5 percent of the Accepted Contract "
                                                 "Amount | 10 percent of the Accepted Contract Amount |\n")
    reading = read_project(tmp_path, rules)
    # (before: both documents "Section VIII" fits proposed whole)
    assert not reading.applied
    assert {target for target, _, _ in _proposed(reading)} == {"SPEC-CDATA#4.2"}


TS = ("SECTION VII - TECHNICAL SPECIFICATIONS\n\n1 GENERAL\n\n1.1 Scope. Three tide stations are supplied.\n\n"
      "2 STATIONS\n\n2.1 Sensors. Each station has a radar level sensor.\n\n"
      "2.2 Masts. Masts are galvanised steel.\n\n3 SERVICES\n\n3.1 Training. Two days of training.\n")


def test_a_new_clause_after_the_last_of_its_article_amends_that_article(tmp_path, rules):
    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-TS", "Section VII Technical Specifications, Tide Telemetry", TS)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT No. 1\n\nSection VII. Technical Specifications\n\n"
                                                 'Insert new Clause 2.3: "2.3 Lightning Protection. Each mast has an air '
                                                 'terminal."\n')
    reading = read_project(tmp_path, rules)
    # (before: the whole of SPEC-TS proposed, changed in part; since round 45 the designation and title alone on
    # their line head the clause, which the one document so titled holds: applied there)
    assert _applied(reading) | _proposed(reading) == {("SPEC-TS#2", "partial", True)}


def test_an_update_label_opening_a_later_line_yields_to_the_sentences_own_verb():
    from inforce.engine.addenda.actions import read_action, vocabulary
    from inforce.rules import load_pack

    verbs = vocabulary(load_pack("supersession/csi-addenda").pack.rules[0])
    action = read_action("REFERENCE: Page 23, Attachment 1, Statement of Work, Section 2.4, Sediment Sampling\n"
                         "UPDATE: Section 2.4 is deleted in its entirety.", verbs)
    # (before: delete, "reads amend and delete verbs (UPDATE … deleted in its entirety): which one governs is not clear")
    assert (action.action, action.scope, action.successor, action.ambiguous) == ("delete", "full", False, None)
    # a label word inside a sentence is a verb as before
    assert read_action("Update Section 2.4 to read as follows:", verbs).action is not None


TRAINING = ("EXHIBIT B - STATEMENT OF WORK\n\nSECTION 4 - IMPLEMENTATION\n\n4.1 Plan. A project plan is delivered.\n\n"
            "4.3 Training. The Contractor shall deliver:\n\na) two days of classroom training;\n\n"
            "b) one day of training on the water;\n\nc) a user guide.\n")


def test_a_point_restated_in_redline_under_a_heading_naming_it_is_proposed_there(tmp_path, rules):
    start_project(tmp_path, "round-36-forms")
    _titled(tmp_path, "SPEC-SOW", "Exhibit B Statement of Work, Harbour Information System", TRAINING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 2\n\nNOTICE TO BIDDERS\n\n"
                                                 "Page 5, Exhibit B, Section 4.3, Paragraph b (Training):\n\n"
                                                 "b) ~~one day~~ **two days** of training on the water;\n")
    reading = read_project(tmp_path, rules)
    # (before: reported, 'gives new text ("~~one day~~") but names no provision the project holds')
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-SOW#4.3.b", "full", True)}
