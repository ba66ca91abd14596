"""Forms of owners' addenda read in round 30 (issue 21). A numbered part written after a designated
document and its title ("Exhibit E, Services Agreement, Section 3, General") is that document's part,
not the whole document; a page written after the part and its title ("Article 1.04, Product Data,
page 2 of the Section is hereby replaced") only says where the part is; a new part restated under
its word and number ("SECTION 5 - SUPPORT") is the part written whole. An attachment is designated
like an exhibit ("Attachment 2, Scope of Services"); an attachment named in brackets in the lead-in
makes no list of attachments. An answer giving a clause's words anew ('should read "..."') is a
change; a deletion followed by an item substituting its own subject ("Replace Attachment 4 ...") is
a deletion; a sized thing taken off a sheet ('Delete 4 1/2" Frames: ADD ...') changes it in part;
a clause named inside a part of no named document ("Under Section 2, Records, Section 2.2") is
proposed in the documents likeliest to hold it. And the reader answers the same whether it is
called on the files or through ingest: an item the rule's patterns name but do not read is left
to the nets before it is reported."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


SERVICES = ("EXHIBIT E - SERVICES AGREEMENT FOR THE FERRY SHED\n\nSECTION 1 - SCOPE\n\n1.1 Services. Design of the shed.\n\n"
            "1.2 Visits. Two site visits a month.\n\nSECTION 3 - GENERAL\n\n3.1 Insurance. Cover of two million.\n\n"
            "3.2 Notices. In writing to the Port.\n")

SUPPORT = ("EXHIBIT B - STATEMENT OF WORK: TICKETING SYSTEM\n\nSECTION 4 - DELIVERY\n\n4.1 Plan. Within 12 working days.\n\n"
           "4.2 Training. Two sessions.\n\nSECTION 5 - SUPPORT AND MAINTENANCE\n\n5.1 Help Desk. Open 08:00 to 18:00.\n\n"
           "5.2 Response. Severity 1 defects answered within 2 hours.\n")

SUBMITTALS = ("SECTION 01 33 00 - SUBMITTAL PROCEDURES\n\nPART 1 - GENERAL\n\n1.03 SHOP DRAWINGS\n\nA. Submit three prints.\n\n"
              "1.04 PRODUCT DATA\n\nA. Submit the maker's data sheets.\n\nB. Mark each choice.\n")


def _exhibits(root: Path, rules: RuleSet, body: str):
    start_project(root, "round-30")
    write_doc(root, "SPEC-EXE", "2026-01-05", SERVICES)
    _titled(root, "SPEC-EXE", "Exhibit E Services Agreement for the Ferry Shed")
    write_doc(root, "SPEC-EXB", "2026-01-05", SUPPORT)
    _titled(root, "SPEC-EXB", "Exhibit B Statement of Work Ticketing System")
    write_doc(root, "SPEC-013300", "2026-01-05", SUBMITTALS)
    write_doc(root, "ADD-01", "2026-02-02", "Amendment No. 2\n\nDear Proposer,\n\n" + body)
    return read_project(root, rules)


def test_a_numbered_part_after_a_designated_document_and_its_title_is_that_part(tmp_path, rules):
    reading = _exhibits(tmp_path, rules, "A. Replace Exhibit E, Services Agreement for the Ferry Shed, Section 3, "
                        "General, in its entirety and replace with the attached \"Amendment 2 - Exhibit E, Section 3\".\n")
    # (never the whole agreement: only its Section 3 is given anew)
    assert _applied(reading) == {("SPEC-EXE#3", "full", True)}


def test_a_page_after_the_part_and_its_title_only_says_where_the_part_is(tmp_path, rules):
    reading = _exhibits(tmp_path, rules, "2. Section 01 33 00, Submittal Procedures, Article 1.04, Product Data, page 2 "
                        "of the Section is hereby replaced with the as follows:\n\n1.04 PRODUCT DATA\n\n"
                        "A. Submit data sheets as PDF files only.\n\nB. Mark each choice in red.\n")
    assert _applied(reading) == {("SPEC-013300#1.04", "full", True)}


def test_a_part_restated_under_its_word_and_number_is_written_whole(tmp_path, rules):
    reading = _exhibits(tmp_path, rules, "1. Exhibit B, Statement of Work, Section 5, Support and Maintenance, page 7 "
                        "of the RFP is hereby replaced with the as follows:\n\nSECTION 5 - SUPPORT AND MAINTENANCE\n\n"
                        "5.1 Help Desk. Open 07:00 to 20:00 every day.\n\n5.2 Response. Severity 1 defects answered "
                        "within 1 hour.\n\n5.3 Exit. All data handed over in an open format.\n")
    assert _applied(reading) == {("SPEC-EXB#5", "full", True)}


def test_a_deletion_before_an_item_replacing_its_own_subject_stays_a_deletion(tmp_path, rules):
    start_project(tmp_path, "round-30")
    write_doc(tmp_path, "SPEC-SS104", "2026-01-05", "SECTION 104 - TRAFFIC CONTROL\n\n104.1 General. As shown.\n\n"
              "104.6 Signs\n\n104.6.3 Flaggers. Two flaggers at each lane closure.\n\n104.8 Payment. Lump sum.\n")
    _titled(tmp_path, "SPEC-SS104", "Section 104 Traffic Control")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT OF SOLICITATION\n\n9. DESCRIPTION OF AMENDMENT:\n\n"
              "C. Delete Section 104, Traffic Control, subsection 104.6.3, Flaggers, in its entirety.\n\n"
              "D. Replace Attachment 4, Bid Schedule, in its entirety and replace with the attached "
              "\"Amendment 1 - Attachment 4, Bid Schedule\".\n")
    reading = read_project(tmp_path, rules)
    # (what item D substitutes is its own Attachment 4, which the project does not hold)
    assert _applied(reading) == {("SPEC-SS104#104.6.3", "full", False)}
    assert _proposed(reading) == set()


SAMPLING = ("ATTACHMENT 2 - SCOPE OF SERVICES: STORMWATER SAMPLING\n\nSECTION 2 - FIELD WORK\n\n2.1 Stations. Six outfalls.\n\n"
            "2.2 Sampling\n\n2.2.1 Frequency. Monthly.\n\n2.2.2 Method. Grab samples at the outfall.\n\n"
            "SECTION 3 - RECORDS\n\n3.1 Logs. Each visit logged. The log is kept for a year.\n\n"
            "3.2 Alerts. A result over the limit is reported within 48 hours.\n")

AGREEMENT = ("EXHIBIT D - JOINT FUNDING AGREEMENT\n\n2.1 Shares. Equal shares.\n\n2.2 Invoices. Monthly.\n\n"
             "3.1 Term. Five years.\n\n3.2 Notices. In writing.\n")


def _sampling(root: Path, rules: RuleSet, body: str):
    start_project(root, "round-30")
    write_doc(root, "SPEC-SCOPE", "2026-01-05", SAMPLING)
    _titled(root, "SPEC-SCOPE", "Attachment 2 Scope of Services Stormwater Sampling")
    write_doc(root, "SPEC-FUND", "2026-01-05", AGREEMENT)
    _titled(root, "SPEC-FUND", "Exhibit D Joint Funding Agreement")
    write_doc(root, "ADD-01", "2026-02-02", "Amendment 0003\n\nThis amendment gives changes to the RFP and the answers to "
              "questions from offerors (Attachment B). See below:\n\n" + body)
    return read_project(root, rules)


def test_an_attachment_is_designated_and_a_bracketed_one_in_the_lead_in_lists_nothing(tmp_path, rules):
    reading = _sampling(tmp_path, rules, "2. Attachment 2, Scope of Services Delete 2.2.2, Method and replace with: "
                        "\"2.2.2 Method. Composite samples over four hours, kept below 5 degrees C.\"\n")
    # (the number after the verb is read in the attachment named; the new text under its label is all of it:
    # the number written and the label opening the new text are two witnesses of one clause, so since round 72
    # it is applied, where it was proposed)
    assert _applied(reading) == {("SPEC-SCOPE#2.2.2", "full", True)}
    assert _proposed(reading) == set()


def test_a_clause_inside_a_part_of_no_named_document_is_proposed_where_it_is_likeliest(tmp_path, rules):
    reading = _sampling(tmp_path, rules, "4. Under Section 3, Records, Section 3.1, the last sentence should read: "
                        "\"The log is kept for three years.\"\n")
    assert _applied(reading) == set()
    proposed = _proposed(reading)
    assert ("SPEC-SCOPE#3.1", "partial", True) in proposed
    assert not reading.not_understood


def test_an_answer_giving_a_clauses_words_anew_is_proposed_not_silent(tmp_path, rules):
    reading = _sampling(tmp_path, rules, "ATTACHMENT B - RESPONSES TO QUESTIONS\n\n"
                        "Question 3 - Section 3.2 asks that a result over the limit be reported within 48 hours. "
                        "Is a text message enough?\nAnswer 3 - The period in Section 3.2 should read \"within 24 hours\". "
                        "A text message followed by an e-mail is enough.\n")
    assert _applied(reading) == set()
    # (both documents hold a clause 3.2 and the words name neither: each is proposed, a person picks)
    assert ("SPEC-SCOPE#3.2", "partial", True) in _proposed(reading)
    assert {target for target, _, _ in _proposed(reading)} <= {"SPEC-SCOPE#3.2", "SPEC-FUND#3.2"}


def test_a_sized_thing_swapped_on_a_sheet_changes_it_in_part(tmp_path, rules):
    start_project(tmp_path, "round-30")
    write_sheet(tmp_path, "A-102")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NUMBER 2\n\nCHANGES TO PLANS: EAST WING:\n"
              "Sheet A-102 - Doors # 5 & 6 - These doors only Delete 4 1/2\" Hollow Metal Frames: ADD 6 1/2\" "
              "Hollow Metal Frames\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    # (the frames go from the sheet, not the sheet itself: a change in part, for a person to confirm)
    assert _proposed(reading) == {("DWG-A-102", "partial", True)}


LIGHTING = ("SECTION 26 56 00 - EXTERIOR LIGHTING\n\nPART 2 - PRODUCTS\n\n2.2 POLES\n\nA. Poles: 25 feet, aluminium.\n\n"
            "B. Finish: anodised.\n")


def test_ingest_and_the_reader_agree_on_an_answer_giving_new_words_without_a_verb(tmp_path, rules):
    from inforce.engine import Project

    start_project(tmp_path, "round-30")
    write_doc(tmp_path, "SPEC-265600", "2026-01-05", LIGHTING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Attachment 9, questions and answers\n\nFinal questions\n\n"
              "Question 12: REF: Section 26 56 00, paragraph 2.2 A Question: Poles of 25 feet along the quay will be "
              "seen from the moorings. Will shorter poles do there? Answer: The poles along the quay shall be 16 feet "
              "high; all other poles remain 25 feet.\n")
    direct = read_project(tmp_path, rules)
    result = Project.ingest(tmp_path)
    ingested = {(p.target.format(), p.scope, p.successor) for p in result.proposed}
    assert ("SPEC-265600#2.2.A", "partial", True) in _proposed(direct)
    # (through ingest, the path users call, the same item is proposed, not reported as not understood)
    assert ingested == _proposed(direct)
    assert [n.item.format() for n in result.not_understood] == [n.item.format() for n in direct.not_understood]
