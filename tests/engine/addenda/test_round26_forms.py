"""Forms of owners' addenda read in round 26 (issue 21): questions and replies ("Q." / "R.") on
a statement of work whose clauses are numbered as sections of no document the item names. A reply
raising one value of the clause the question names ("The availability target is raised to ..."),
a reply supplementing a clause ("Section 6.1 is supplemented as follows: ..."), and a reply
taking a requirement out of the request for proposals and deleting its clause ("No. The scheme
is withdrawn from this RFP, and Section 5.2.4 is deleted.") each change what they name: proposed
against that clause (the one document holding it), never left unsaid."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

WORK = ("STATEMENT OF WORK: MARINA BOOKING SYSTEM\n\nSECTION 3 - SYSTEM REQUIREMENTS\n\n"
        "3.1 Scope. One booking system for moorings and the slipway.\n\n"
        "3.2 Availability. The service shall be available 99.0 percent of each month, measured at the "
        "marina's router.\n\nSECTION 5 - SERVICES\n\n5.1 Training\n\n5.1.1 Office. One day for four clerks.\n\n"
        "5.1.2 Rewards. A points scheme for returning visitors.\n\n"
        "5.2 Support. A help line from 08:00 to 18:00 on working days.\n\n"
        "5.3 Handover. The Contractor shall deliver:\n\na) the source code;\n\nb) a user guide in English.\n")


def _read(root: Path, rules: RuleSet, answers: str):
    start_project(root, "round-26")
    write_doc(root, "SPEC-SOW", "2026-01-05", WORK)
    write_doc(root, "ADD-01", "2026-02-02", "Questions & Responses\n\n" + answers)
    return read_project(root, rules)


def test_a_reply_raising_a_value_of_the_clause_the_question_names_is_proposed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "Q. Section 3.2 asks for 99.0 percent. Is that figure final?\n\n"
                    "R. The availability target is raised to 99.5 percent of each month; the point of "
                    "measurement stays at the router.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#3.2", "partial", True)}
    # (a question naming two clauses: which the raised value belongs to is not read from it)
    two = _read(tmp_path / "two", rules, "Q. Section 3.2 and Section 5.2 disagree on hours. Which is final?\n\n"
                "R. The availability target is raised to 99.5 percent of each month.\n")
    assert _applied(two) == set()
    assert not {("SPEC-SOW#3.2", "partial", True), ("SPEC-SOW#5.2", "partial", True)} & _proposed(two)


def test_a_clause_supplemented_as_follows_is_proposed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "Q. The help line of Section 5.2 closes at 18:00. What about nights?\n\n"
                    "R. Section 5.2 is supplemented as follows: outside those hours, faults are reported to an "
                    "on-call number.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#5.2", "partial", True)}


def test_a_requirement_withdrawn_from_the_rfp_and_its_clause_deleted_is_proposed_for_deletion(tmp_path, rules):
    reading = _read(tmp_path, rules, "Q. The points scheme of Section 5.1.2 needs a card system. Should it be "
                    "priced?\n\nR. No. The points scheme is withdrawn from this RFP, and Section 5.1.2 is deleted.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#5.1.2", "full", False)}
    # (a question withdrawn still changes nothing)
    taken_back = _read(tmp_path / "back", rules, "Q. May the rewards of Section 5.1.2 be dropped?\n\n"
                       "R. The bidder has since withdrawn this question.\n")
    assert _applied(taken_back) == set()
    assert _proposed(taken_back) == set()


def test_a_lettered_item_of_the_clause_now_reading_anew_is_proposed_for_that_item(tmp_path, rules):
    reading = _read(tmp_path, rules, "Q. Regarding the guide (refer to Section 5.3 b)), is a Spanish version "
                    "wanted?\n\nR. Yes. Item b) of Section 5.3 now reads: \"b) a user guide in English and in "
                    "Spanish.\"\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#5.3.b", "full", True)}


SUMMARY = ("SECTION 01 10 00 - SUMMARY\n\nPART 1 - GENERAL\n\n1.3 WORK SEQUENCE\n\n"
           "A. Phase the work so the marina stays open.\n\n"
           "B. Substantial Completion within 300 calendar days of the Notice to Proceed.\n\n"
           "C. Keep the slipway, the fuel berth and the crane pad open at weekends.\n")

PAIRS = ("CORRIGENDUM No: 2\n\nThe tender dossier is corrected as follows:\n\nThe former text:\n\n"
         "A. Section 01 10 00 Summary - Page 2, paragraph 1.3 B\n\n"
         "\"B. Substantial Completion within 300 calendar days of the Notice to Proceed.\"\n\n"
         "Shall read as new text:\n\n"
         "\"B. Substantial Completion within 330 calendar days of the Notice to Proceed.\"\n\n"
         "The former text:\n\nB. Section 01 10 00 Summary - Page 2, paragraph 1.3 C, last words\n\n"
         "\"... and the crane pad open at weekends.\"\n\nShall read as new text:\n\n"
         "\"... and the crane pad open at weekends and on public holidays.\"\n\n"
         "Nothing else in the tender dossier is altered.\n")


def test_former_and_new_text_under_their_labels_replace_the_place_named_or_its_last_words(tmp_path, rules):
    start_project(tmp_path, "round-26-pairs")
    write_doc(tmp_path, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(tmp_path, "ADD-01", "2026-02-02", PAIRS)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-011000#1.3.B", "full", True), ("SPEC-011000#1.3.C", "partial", True)}
    assert not {("SPEC-011000#1.3.B", "partial", True), ("SPEC-011000#1.3.C", "full", True)} & _proposed(reading)
    # (new text not under the provision's own label, nor last words: whether it restates it all is not read)
    loose = tmp_path / "loose"
    start_project(loose, "round-26-loose")
    write_doc(loose, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(loose, "ADD-01", "2026-02-02", PAIRS.replace(
        "\"B. Substantial Completion within 330", "\"Substantial Completion within 330"))
    reading = read_project(loose, rules)
    assert ("SPEC-011000#1.3.B", "full", True) not in _applied(reading)
    assert ("SPEC-011000#1.3.C", "partial", True) in _applied(reading)


SHORE = ("SECTION 35 31 00 - SHORE PROTECTION\n\nPART 2 - PRODUCTS\n\n2.1 STONE\n\n"
         "A. Armour stone, 1 to 2 tonnes, angular.\n\nB. Bedding stone, 50 to 150 mm.\n\n"
         "PART 3 - EXECUTION\n\n3.1 PLACING\n\nA. Place the armour stone by machine, one piece at a time.\n\n"
         "B. Keep the toe 0.5 m below low water.\n")


def test_paragraphs_listed_by_number_amended_elsewhere_are_each_proposed_whole(tmp_path, rules):
    start_project(tmp_path, "round-26-listed")
    write_doc(tmp_path, "SPEC-353100", "2026-01-05", SHORE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Amendment of the Specifications\n\n"
              "Bidders are informed that the details of the Paragraphs no: 2.1 B, 3.1 A and 3.1 B of Section "
              "35 31 00 are amended. The amended details are posted on the Board's tender page and apply from "
              "today.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-353100#2.1.B", "full", True), ("SPEC-353100#3.1.A", "full", True),
                                  ("SPEC-353100#3.1.B", "full", True)}
    # (the same list with its new words given in the item is read as it always was: no text said to
    # be elsewhere)
    given = tmp_path / "given"
    start_project(given, "round-26-given")
    write_doc(given, "SPEC-353100", "2026-01-05", SHORE)
    write_doc(given, "ADD-01", "2026-02-02", "Amendment of the Specifications\n\n"
              "Paragraphs no: 2.1 B and 3.1 B of Section 35 31 00 are amended to add \"Tolerance: 50 mm.\"\n")
    reading = read_project(given, rules)
    assert {("SPEC-353100#2.1.B", "partial", True), ("SPEC-353100#3.1.B", "partial", True)} <= (
        _applied(reading) | _proposed(reading))


def test_a_spaced_paragraph_letter_before_its_page_in_brackets_names_the_paragraph(tmp_path, rules):
    start_project(tmp_path, "round-26-page")
    write_doc(tmp_path, "SPEC-353100", "2026-01-05", SHORE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "PRE-BID CLARIFICATION - 1\n\n"
              "| Sr. | Volume / Clause No / Page No. / Spec | Query | Response to Query |\n|---|---|---|---|\n"
              "| 1. | Volume-II: Section 35 31 00, 3.1 B (Page no. 12) : Keep the toe 0.5 m below low water. | "
              "We presume 0.3 m is acceptable. Kindly confirm. | Not confirmed. The toe shall be kept 0.8 m below "
              "low water; the armour stays as specified. |\n")
    reading = read_project(tmp_path, rules)
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-353100#3.1.B", "partial", True) in found
    assert not any(target == "SPEC-353100#3.1" for target, _, _ in found)


def test_an_article_and_spaced_letter_before_its_section_in_a_query_row_names_the_paragraph(tmp_path, rules):
    start_project(tmp_path, "round-26-row")
    write_doc(tmp_path, "SPEC-353100", "2026-01-05", SHORE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Response to Pre-Bid Queries\n\n"
              "| Sl. No. | Volume | Clause/ Item No. | Page No. | Subject | Bidder's Query | Employer's Response |\n"
              "|---|---|---|---|---|---|---|\n"
              "| 5. | Vol 2: Part 3 | 3.1 B, Section 35 31 00 | 70 | Toe | Is 0.5 m enough at the fuel dock? | "
              "The toe within the fuel dock basin shall be 0.8 m below low water; elsewhere 0.5 m remains. |\n")
    reading = read_project(tmp_path, rules)
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-353100#3.1.B", "partial", True) in found
    assert not any(target == "SPEC-353100" for target, _, _ in found)
