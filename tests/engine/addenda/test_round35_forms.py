"""Forms of round 35 (issue 21): provisions an owner numbers by the letters of their document and a
number ("SGC 6" of the Supplementary General Conditions), as provincial owners number supplementary
general conditions. An item with a change word naming such a provision and no target the reader
places is proposed, never silent: the provision where the document holds it, the document changed
in part where the provision is new."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SGC = ("SUPPLEMENTARY GENERAL CONDITIONS\n\n## SGC 1 Site Access\n\nGC 3.02 Access is by the north gate only.\n\n"
       "## SGC 2 Fencing\n\nGC 9.01 The Contractor shall fence the laydown yard.\n")


def _conditions(root: Path, addendum: str) -> None:
    start_project(root, "round-35-forms")
    write_doc(root, "SPEC-SGC", "2026-01-05", SGC)
    path = root / "documents" / "spec-sgc.md"
    path.write_text(path.read_text().replace("title: Document SPEC-SGC",
                                             "title: Supplementary General Conditions, Pump Station Upgrade"))
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_ingest_proposes_a_new_coded_provision_as_its_document_changed_in_part(tmp_path):
    from inforce.engine import Project

    _conditions(tmp_path, "ADDENDUM NO. 1\n\nA. SUPPLEMENTARY GENERAL CONDITIONS\n\nAdd the following new SGC 3:\n\n"
                          '"SGC 3 Noise - GC 14.01 No pile driving before 8:00 am."\n')
    result = Project.ingest(tmp_path)
    # (before: silent - no edge, no proposal, no not-understood line for the item)
    assert not result.derived
    assert {(p.target.format(), p.scope) for p in result.proposed} == {("SPEC-SGC", "partial")}


def test_a_held_coded_provision_deleted_is_proposed_at_its_heading(tmp_path, rules):
    _conditions(tmp_path, "ADDENDUM NO. 1\n\nA. SUPPLEMENTARY GENERAL CONDITIONS\n\n"
                          "SGC 2 Fencing is deleted. Fencing is now governed by the General Conditions.\n")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-SGC#sgc-2-fencing", "full", False) in _proposed(reading)



SUMMARY = "SECTION 01 10 00 - SUMMARY\n\nPART 1 - GENERAL\n\n1.4 USE OF SITE\n\nA. Keep the north gate open during work hours.\n"


def test_amend_by_deleting_words_and_replacing_them_reads_as_a_change_in_part():
    from inforce.engine.addenda.actions import read_action, vocabulary
    from inforce.rules import load_pack

    verbs = vocabulary(load_pack("supersession/csi-addenda").pack.rules[0])
    action = read_action('Amend paragraph 5.1.2 by deleting the words "the 61st day" and replacing them with '
                         '"the 46th day".', verbs)
    # (before: amend, "reads amend and delete and replace verbs (...): which one governs is not clear")
    assert (action.action, action.scope, action.ambiguous) == ("amend", "partial", None)
    # the paragraph taken out whole and another put in its place is no change in part
    whole = read_action("Amend paragraph 5.1.2 by deleting it in its entirety and replacing it with the following:", verbs)
    assert whole.action != "amend" or whole.ambiguous is not None


def test_ingest_applies_amend_by_deleting_words_and_replacing_them(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-35-forms")
    write_doc(tmp_path, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1. Section 01 10 00, paragraph 1.4 A: amend by "
                                                 'deleting the words "north gate" and replacing them with "south gate".\n')
    result = Project.ingest(tmp_path)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {("SPEC-011000#1.4.A", "partial", True)}
    assert not result.proposed


def test_edited_to_read_quoted_words_instead_of_quoted_words_changes_words(tmp_path, rules):
    start_project(tmp_path, "round-35-forms")
    write_doc(tmp_path, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nItem #3: Specifications; Section 01 10 00 Summary\n\n"
                                                 'a) Article 1.4, Paragraph A has been edited to read "south gate" instead of '
                                                 '"north gate".\n')
    reading = read_project(tmp_path, rules)
    # (before: proposed whole, "reads amend and replace verbs (edited to read … instead of): which one governs")
    assert {(e.target.format(), e.scope, e.successor) for e in reading.applied} == {("SPEC-011000#1.4.A", "partial", True)}
    assert not reading.proposed


def test_a_clause_two_documents_hold_is_proposed_in_the_one_the_lead_paragraph_names(tmp_path, rules):
    start_project(tmp_path, "round-35-forms")
    write_doc(tmp_path, "SPEC-SC", "2026-01-05", "SUPPLEMENTARY CONDITIONS\n\n5.2.1 Apply monthly.\n\n"
                                                  "5.2.2 Each application carries a statutory declaration.\n")
    write_doc(tmp_path, "SPEC-SOW", "2026-01-05", "STATEMENT OF WORK\n\n5.2.1 Dredge the berth.\n\n"
                                                   "5.2.2 Survey the berth after dredging.\n")
    for doc, title in (("SPEC-SC", "Supplementary Conditions to CCDC 2, Workshop Annex"),
                       ("SPEC-SOW", "Statement of Work, Berth Dredging")):
        path = tmp_path / "documents" / f"{doc.lower()}.md"
        path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))
    write_doc(tmp_path, "ADD-01", "2026-02-02", "HARBOUR DISTRICT SCHOOL BOARD - FACILITY SERVICES\n\nADDENDUM No. 2\n\n"
                                                 "This Addendum amends the Supplementary Conditions to CCDC 2 issued with the "
                                                 "Tender Documents.\n\nGC 5.2 APPLICATIONS FOR PAYMENT\n\n"
                                                 "5.2.2 Delete paragraph 5.2.2 in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: not understood, "names paragraph 5.2.2, but no section it belongs to": only the
    # letterhead line was read for a document's title)
    assert ("SPEC-SC#5.2.2", "full", False) in _proposed(reading) | {
        (e.target.format(), e.scope, e.successor) for e in reading.applied}
    assert not any(p.target.doc == "SPEC-SOW" for p in reading.proposed)


def test_a_verb_opening_the_item_takes_an_article_and_its_spaced_letter(tmp_path, rules):
    start_project(tmp_path, "round-35-forms")
    write_doc(tmp_path, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nSECTION 01 10 00 - SUMMARY\n\nReplace 1.4 A with:\n\n"
                                                 '"A. Keep the south gate open during work hours."\n')
    reading = read_project(tmp_path, rules)
    # (before: the section whole proposed, 'writes "1.4 A", which may be a paragraph no reference placed')
    assert {(e.target.format(), e.scope, e.successor) for e in reading.applied} == {("SPEC-011000#1.4.A", "full", True)}
    assert not reading.proposed


def test_a_new_clause_numbered_after_one_documents_last_is_that_document_changed_in_part(tmp_path, rules):
    start_project(tmp_path, "round-35-forms")
    write_doc(tmp_path, "SPEC-SC", "2026-01-05", "SUPPLEMENTARY CONDITIONS\n\n11.1.1 General liability: 5,000,000 dollars.\n\n"
                                                  "11.1.2 Builder's risk: full replacement value.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nGC 11.1 INSURANCE\n\n11.1.3 Add new paragraph 11.1.3 as "
                                                 'follows: "11.1.3 Equipment insurance: all risks."\n')
    reading = read_project(tmp_path, rules)
    # (before: not understood, "names paragraph 11.1.3, but no section it belongs to")
    assert ("SPEC-SC", "partial", True) in _proposed(reading)
    assert not reading.applied
