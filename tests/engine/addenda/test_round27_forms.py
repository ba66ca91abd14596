"""Forms of owners' addenda read in round 27 (issue 21), each applied where the words settle it:

- replies on a statement of work whose clauses are numbered as sections of no document the item
  names ("R. Section 3.3 is revised to read: ..."), where the addendum itself names that document
  and no other of the project ("The requirements are set out in Exhibit B, Statement of Work");
- a pre-bid query table whose bidder's column suggests a change of its own ("Add two pedestals."):
  asked, not instructed; the owner's answer beside it says what is done;
- a thing described as a passive delete verb's subject, taken out of where it stands ("b) The
  receipt printers are deleted from the two workstations ..."): part of the clause, not all of it;
- a row whose answer's clause names its target as its subject ("Note 2 on Drawing C-105 is deleted.",
  "Detail 1 of Drawing C-105 is modified to show ..."): the question or
  the row's reference cell says what the row is about, the answer's clause what changes;
- an "Instead | Read as" corrigendum table naming its paragraph after the article's title
  ("Section 10 44 00: Fire Protection Specialties, 2.2 Fire Extinguishers, B"), the last words of a
  paragraph given anew after an ellipsis in both cells (a change in part)."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

WORK = ("STATEMENT OF WORK: MOORING BOOKINGS\n\nSECTION 3 - SYSTEM\n\n"
        "3.1 Scope. One booking system for moorings and the slipway.\n\n"
        "3.2 Hosting. The system shall be hosted in the country.\n\n"
        "SECTION 5 - SERVICES\n\n5.1 Rewards. A points scheme for returning visitors.\n\n"
        "5.2 Support. A help line from 08:00 to 18:00 on working days.\n")

SUMMARY = ("SECTION 01 10 00 - SUMMARY\n\nPART 1 - GENERAL\n\n1.3 WORK SEQUENCE\n\n"
           "A. Phase the work so the marina stays open.\n")


def _statement_of_work(root: Path) -> None:
    write_doc(root, "SPEC-SOW", "2026-01-05", WORK)
    path = root / "documents" / "spec-sow.md"
    path.write_text(path.read_text().replace("title: Document SPEC-SOW", "title: Exhibit C Statement of Work Moorings"))


def _replies(root: Path, rules: RuleSet, preamble: str, replies: str, *, summary: bool = False):
    start_project(root, "round-27")
    _statement_of_work(root)
    if summary:
        write_doc(root, "SPEC-011000", "2026-01-05", SUMMARY)
    write_doc(root, "ADD-01", "2026-02-02", f"Questions & Responses\n\n{preamble}\n\n{replies}")
    return read_project(root, rules)


REPLIES = ("Q. Our host has no data centre here (refer to Section 3.2). May a neighbouring state be used?\n\n"
           "R. Yes. Section 3.2 is revised to read: \"3.2 Hosting. The system shall be hosted in the country or "
           "in a neighbouring state.\"\n\n"
           "Q. The points scheme of Section 5.1 needs a card system. Should it be priced?\n\n"
           "R. No. The points scheme is withdrawn from this RFP, and Section 5.1 is deleted.\n\n"
           "Q. The help line of Section 5.2 closes at 18:00. What about nights?\n\n"
           "R. Section 5.2 is supplemented as follows: outside those hours, faults go to an on-call number.\n")


def test_replies_on_clauses_of_the_one_document_the_addendum_names_are_applied(tmp_path, rules):
    reading = _replies(tmp_path, rules, "The requirements are set out in Exhibit C, Statement of Work, of the RFP.",
                       REPLIES)
    assert _applied(reading) == {("SPEC-SOW#3.2", "full", True), ("SPEC-SOW#5.1", "full", False),
                                 ("SPEC-SOW#5.2", "partial", True)}
    assert _proposed(reading) == set()


def test_replies_on_bare_clauses_stay_proposed_where_the_addendum_names_no_document_or_two(tmp_path, rules):
    expected = {("SPEC-SOW#3.2", "full", True), ("SPEC-SOW#5.1", "full", False), ("SPEC-SOW#5.2", "partial", True)}
    unnamed = _replies(tmp_path / "unnamed", rules, "The answers below are part of the RFP.", REPLIES)
    assert _applied(unnamed) == set()
    assert _proposed(unnamed) == expected
    # (the addendum names another document of the project as well: whose clause 3.2 is meant is not settled)
    two = _replies(tmp_path / "two", rules, "The requirements are set out in Exhibit C, Statement of Work, and "
                   "the phasing in Section 01 10 00.", REPLIES, summary=True)
    assert _applied(two) == set()
    assert _proposed(two) == expected


ER = ("EMPLOYER'S REQUIREMENTS CHAPTER 4 - SHORE POWER\n\n4.2 Pedestals\n\n"
      "4.2.1 Number and Rating. Six pedestals, each with two 32 A outlets.\n\n"
      "4.2.2 Metering. One meter per pedestal.\n\n4.3 Workstations\n\n"
      "4.3.1 Equipment. Each workstation has a 24-inch display and a receipt printer.\n")

QUERIES = ("| S No | Ref. Article | Document | Bidder Queries | Suggested Text / Justifications from Bidders | "
           "Authority Responses |\n|---|---|---|---|---|---|\n{rows}\n")


def _queries(root: Path, rules: RuleSet, rows: str):
    start_project(root, "round-27-queries")
    write_doc(root, "SPEC-ER4", "2026-01-05", ER)
    path = root / "documents" / "spec-er4.md"
    path.write_text(path.read_text().replace("title: Document SPEC-ER4", "title: ER Ch. 4 Shore Power"))
    write_doc(root, "ADD-01", "2026-02-02", "Amendment No. 1 - Responses to Queries\n\n" + QUERIES.format(rows=rows))
    return read_project(root, rules)


def test_a_change_the_bidder_suggests_in_its_own_column_is_asked_not_instructed(tmp_path, rules):
    reading = _queries(tmp_path, rules, "| 1 | 4.2.1 | ER Ch. 4 | The plan shows eight berths but six pedestals. | "
                       "Add two pedestals. | Clause 4.2.1 shall be read as: \"4.2.1 Number and Rating. Eight "
                       "pedestals, each with two 32 A outlets.\" |")
    assert _applied(reading) == {("SPEC-ER4#4.2.1", "full", True)}
    # (the suggestion alone, answered with no change: nothing applied)
    kept = _queries(tmp_path / "kept", rules, "| 1 | 4.2.2 | ER Ch. 4 | Two meters? | Add a second meter. | "
                    "As per RFP, no change(s) envisaged. |")
    assert _applied(kept) == set()


def test_a_thing_deleted_from_where_it_stands_changes_the_clause_in_part(tmp_path, rules):
    reading = _queries(tmp_path, rules, "| 1 | 4.3.1 | ER Ch. 4 | a) Is 24 inches the minimum? b) Are printers "
                       "needed? | Delete the printers. | a) Yes, 24 inches remains. b) The receipt printers are "
                       "deleted from the two office workstations; the dock workstation keeps its printer. |")
    assert _applied(reading) == {("SPEC-ER4#4.3.1", "partial", True)}
    assert ("SPEC-ER4#4.3.1", "full", False) not in _proposed(reading)


SHORE = ("SECTION 35 31 00 - SHORE PROTECTION\n\nPART 2 - PRODUCTS\n\n2.1 STONE\n\n"
         "A. Armour stone, 1 to 2 tonnes, angular.\n")


SHEET = ("id: DWG-C-105\nkind: drawing\nsheet: C-105\ntitle: Shoreline Protection Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-2\n    text: \"NOTE 2: ARMOUR STONE CLASS 2, 1 M THICK.\"\n"
         "  - id: detail-1\n    text: \"DETAIL 1: REVETMENT TOE KEYED 0.6 M BELOW MUDLINE.\"\n")


def _annex(root: Path, rules: RuleSet, header: str, row: str):
    start_project(root, "round-27-annex")
    write_doc(root, "SPEC-353100", "2026-01-05", SHORE)
    (root / "documents" / "C-105.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", f"Annex - Queries and Clarifications\n\n{header}\n{row}\n")
    return read_project(root, rules)


def test_the_answers_clause_names_what_changes_where_the_question_or_reference_names_more(tmp_path, rules):
    header = "| S. No. | Query | Clarification |\n|---|---|---|"
    note = _annex(tmp_path / "note", rules, header, "| 5 | Note 2 on Drawing C-105 repeats the stone class of "
                  "Section 35 31 00. Which one should be followed? | Note 2 on Drawing C-105 is deleted. |")
    assert _applied(note) == {("DWG-C-105#note-2", "full", False)}
    detail = _annex(tmp_path / "detail", rules, "| SN | Page No, Clause No, Section No | Original Clause | Suggested "
                    "Change / Clarification requested | Clarification from the Board |\n|---|---|---|---|---|",
                    "| 6. | Drawing C-105, Detail 1, Section 35 31 00 | Toe keyed 0.6 m below mudline. | The mud is "
                    "soft. Kindly clarify. | Detail 1 of Drawing C-105 is modified to show a toe keyed 1 m below the "
                    "mudline between chainage 0+40 and 0+85; elsewhere the 0.6 m key remains. |")
    assert _applied(detail) == {("DWG-C-105#detail-1", "partial", True)}
    # (the answer's own cell names another document in a sentence before the verb's: which the verb
    # changes is for a person, as in prose)
    both = _annex(tmp_path / "both", rules, header, "| 5 | Which one governs? | The stone class of Section 35 31 00 "
                  "stands as issued. Note 2 on Drawing C-105 is deleted. |")
    assert _applied(both) == set()
    assert ("DWG-C-105#note-2", "full", False) in _proposed(both)


SPECIALTIES = ("SECTION 10 44 00 - FIRE PROTECTION SPECIALTIES\n\nPART 2 - PRODUCTS\n\n2.2 FIRE EXTINGUISHERS\n\n"
               "A. Multipurpose dry chemical, 10 lb.\n\nB. Wet-chemical extinguisher, Class K, at the kitchenette.\n\n"
               "PART 3 - EXECUTION\n\n3.1 INSTALLATION\n\nA. Mount cabinets with the handle no higher than 48 inches "
               "above the floor.\n\n3.2 IDENTIFICATION\n\nA. Label each cabinet.\n")


def test_an_instead_and_read_as_table_names_the_paragraph_after_the_articles_title(tmp_path, rules):
    start_project(tmp_path, "round-27-corrigendum")
    write_doc(tmp_path, "SPEC-104400", "2026-01-05", SPECIALTIES)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Commercial Amendment (Corrigendum)\n\n"
              "a) The tender document is corrected as follows:-\n\n"
              "| Sl. No. | Tender document reference | Instead | Read as |\n|---|---|---|---|\n"
              "| 1. | Page No. 36, Section 10 44 00: Fire Protection Specialties, 2.2 Fire Extinguishers, B | "
              "B. Wet-chemical extinguisher, Class K, at the kitchenette. | B. Deleted. |\n"
              "| 2. | Page No. 37, Section 10 44 00, 3.1 Installation, A | ...no higher than 48 inches above the "
              "floor. | ...no higher than 42 inches above the floor. |\n"
              "| 3. | Page No. 38, Section 10 44 00, 3.2 Identification, A | A. Label each cabinet. | A. Label "
              "each cabinet and each extinguisher. |\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-104400#2.2.B", "full", False), ("SPEC-104400#3.1.A", "partial", True),
                                 ("SPEC-104400#3.2.A", "full", True)}
