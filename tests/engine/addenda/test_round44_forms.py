"""General forms of owners' addenda read in round 44 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A sub-item of a clause named right after it by its word and label ("Chapter 2, Clause 2.4.1, item b)",
  "Clause 2.4.1, sub-paragraph (ii)", "Clause 2.4.1, point 2"): what changes is that sub-item, not the
  clause (before: a clause named after its chapter's designation was read alone, and the change in part
  of its lettered item applied to the clause as a whole). Where the outline holds no such sub-item, the
  clause's edge is never applied as if the whole clause were meant (the item is reported).
- A clause named after a designation that fits several documents ("Section VIII, Particular Conditions,
  Sub-Clause 14.9") where none of them, or several, hold the clause: proposed in the documents holding it
  whose titles have every word of a run the item writes (before: each document the designation fits was
  proposed changed whole). Never applied.
- A clause named after one word of its document's title ("Specification clause 3.4.1 Decking: delete the
  existing clause and substitute ..."), the addendum's items narrowing the holders of its clauses to that
  one document, in an addendum naming other documents of the project by number: applied as a clause of a
  named document (before: proposed, "names clause 3.4.1, but no section it belongs to"). A word not in the
  holder's title leaves it proposed.
- A corrigendum row naming the contract data by title ("Section 5, Contract Data, Sub-Clause 8.7 Delay
  Damages | May be read as: "8.7 Delay Damages. ..."") where several documents hold an 8.7: the run of the
  item's words titling one holder alone settles which (before: the ranking of words and headings chose the
  conditions of particular application); the new text restating the clause under its own number after
  "May be read as:" replaces it whole. (The test below is a guard: on this small project the title reader
  already found the contract data; the held-out-44 part measures the change.)
- Sheets marked revised with only the pointer to the attached revision after them ("Sheets FP-102 and
  FP-103: REVISED; see attached."): each is reissued whole (before: proposed changed in part, "its verb
  takes no object of its own").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


PUMPS = ("CHAPTER 2 - PUMPING STATION\n\n2.4 Pumps\n\n2.4.1 Duty Pumps. The duty pumps shall be as follows:\n\n"
         "a) Two submersible pumps, each 40 l/s at 18 m head.\n\nb) A standby pump of the same duty.\n\n"
         "2.4.2 Controls. Level control by ultrasonic sensor.\n")
HEAD = ("Lakeshore Water Board - Request for Tender RFT-118\n\nADDENDUM No. 1\n\n"
        "CHANGES TO THE REQUEST FOR TENDER\n\n")


def _project(root: Path, item: str) -> None:
    start_project(root, "round-44-sub-items")
    write_doc(root, "SPEC-WR2", "2026-01-05", PUMPS)
    _titled(root, "SPEC-WR2", "Works Requirements Chapter 2 Pumping Station")
    write_doc(root, "ADD-01", "2026-02-02", HEAD + item)


@pytest.mark.parametrize("named", ["item b)", "item (b)", "sub-item b"])
def test_a_lettered_item_named_after_its_clause_is_the_target(tmp_path, rules, named):
    _project(tmp_path, f'1. Works Requirements Chapter 2, Clause 2.4.1, {named}: after "standby pump" insert '
                       '"with its own starter".\n')
    reading = read_project(tmp_path, rules)
    # (before: SPEC-WR2#2.4.1 applied in part, the clause as a whole for its item b)
    assert _applied(reading) == {("SPEC-WR2#2.4.1.b", "partial", True)}


@pytest.mark.parametrize("named", ["item d)", "sub-paragraph (iii)", "bullet 3"])
def test_a_sub_item_the_outline_does_not_hold_never_applies_to_the_clause(tmp_path, rules, named):
    _project(tmp_path, f'1. Works Requirements Chapter 2, Clause 2.4.1, {named}: after "standby pump" insert '
                       '"with its own starter".\n')
    reading = read_project(tmp_path, rules)
    assert not any(target == "SPEC-WR2#2.4.1" for target, _, _ in _applied(reading))
    assert not _applied(reading)
    # reported for a person: the clause named, its sub-item not in the outline
    assert any("2.4.1" in n.reason for n in reading.not_understood) or _proposed(reading)


def _conditions(root: Path, text: str) -> None:
    start_project(root, "round-44-conditions")
    write_doc(root, "SPEC-CD", "2026-01-05", "PART A - CONTRACT DATA\n\n8.7 Delay Damages. 0.05 percent of the Contract Price per "
                                             "day.\n\nSECTION 14 - PAYMENT\n\n14.3 Percentage of Retention. Ten percent of each payment.\n")
    _titled(root, "SPEC-CD", "Section VIII Particular Conditions Part A Contract Data, Quay Wall")
    write_doc(root, "SPEC-SC", "2026-01-05", "SPECIAL CONDITIONS\n\n2.1 Access. Access by the north gate.\n")
    _titled(root, "SPEC-SC", "Section VIII Special Conditions of Contract, Tide Gauges")
    write_doc(root, "SPEC-PA", "2026-01-05", "PART II - CONDITIONS OF PARTICULAR APPLICATION\n\n"
                                             "8.7 Delay Damages. 0.1 percent per day.\n\n"
                                             "SECTION 14 - PAYMENT\n\n14.9 Payment of Retention Money. Half is released at taking over.\n\n"
                                             "18.1 Insurance. As the General Conditions say.\n")
    _titled(root, "SPEC-PA", "Part II Conditions of Particular Application, Fire Training Ground")
    write_doc(root, "ADD-01", "2026-02-02", text)


BANK = "Fire Training Ground - Bid Reference FTG/02\n\nADDENDUM No. 2 TO THE BIDDING DOCUMENTS\n\n"


def test_a_clause_no_document_of_the_designation_holds_is_proposed_where_a_titled_document_holds_it(tmp_path, rules):
    _conditions(tmp_path, BANK + "Amendment 4 - Section VIII, Particular Conditions, Sub-Clause 14.9 Retention Money: "
                                 "deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: both documents numbered Section VIII proposed deleted whole, the clause in neither)
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-PA#14.9", "full", False)}


def test_a_contract_data_row_read_as_a_whole_clause_goes_to_the_document_its_words_title(tmp_path, rules):
    _conditions(tmp_path, "CORRIGENDUM No. 2\n\n| Sl. No. | Section and Clause | Corrigendum |\n|---|---|---|\n"
                          "| 3 | Section 5, Contract Data, Sub-Clause 8.7 Delay Damages | May be read as: \"8.7 Delay "
                          "Damages. 0.1 percent of the Contract Price per day, up to 8 percent.\" |\n")
    reading = read_project(tmp_path, rules)
    # (before: the conditions of particular application's 8.7 proposed changed in part)
    assert any(target == "SPEC-CD#8.7" for target, _, _ in _applied(reading) | _proposed(reading))
    assert not any(target.startswith("SPEC-PA") for target, _, _ in _applied(reading) | _proposed(reading))


def _footbridge(root: Path, word: str) -> None:
    start_project(root, "round-44-specification")
    write_doc(root, "SPEC-FB", "2026-01-05", "3.4 Superstructure\n\n3.4.1 Decking. Softwood decking.\n\n"
                                             "3.5 Paths\n\n3.5.2 Edging. Timber edging.\n")
    _titled(root, "SPEC-FB", "3.0 Specifications, Creek Footbridge")
    write_doc(root, "SPEC-HU", "2026-01-05", "3.4 Floors\n\n3.4.1 Decking. Plywood flooring.\n")
    _titled(root, "SPEC-HU", "Part 3 Specification, Caretaker's Huts")
    write_doc(root, "SPEC-SW", "2026-01-05", "3.4 Yard\n\n3.4.1 Decking. Concrete decking.\n")
    _titled(root, "SPEC-SW", "Scope of Work, Workshop Yard")
    write_doc(root, "SPEC-SS102", "2026-01-05", "SECTION 102 - TRAFFIC\n\n102.2 Signs. Signs as shown.\n")
    _titled(root, "SPEC-SS102", "Section 102 Maintenance of Traffic")
    write_doc(root, "ADD-01", "2026-02-02", "TENDER ADDENDUM No. 1\n\nPART 2 - AMENDMENTS\n\n"
              "A1. Section 102 Maintenance of Traffic, subsection 102.2 Signs: delete.\n\n"
              f"A2. {word} clause 3.4.1 Decking: delete the existing clause and substitute the following: "
              "\"3.4.1 Decking. Hardwood decking, 140 x 45 mm.\"\n\n"
              f"A3. {word} clause 3.5.2 Edging: delete.\n")


def test_a_clause_named_after_the_one_word_titling_its_sole_holder_is_applied(tmp_path, rules):
    _footbridge(tmp_path, "Specification")
    reading = read_project(tmp_path, rules)
    # (before: proposed, "names clause 3.4.1, but no section it belongs to")
    assert {("SPEC-FB#3.4.1", "full", True), ("SPEC-FB#3.5.2", "full", False)} <= _applied(reading)


def test_a_word_not_in_the_holders_title_leaves_the_clause_proposed(tmp_path, rules):
    _footbridge(tmp_path, "Requirements")
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-FB") for target, _, _ in _applied(reading))
    assert ("SPEC-FB#3.4.1", "full", True) in _proposed(reading)


def _sheets(root: Path, line: str) -> None:
    start_project(root, "round-44-sheets")
    write_sheet(root, "FP-201", body="FIRE PROTECTION PLAN\n\nNOTE 1: SPRINKLERS AT 3 M CENTRES.\n")
    write_sheet(root, "FP-202", body="FIRE PROTECTION DETAILS\n\nNOTE 1: HANGERS AT 2 M.\n")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 3\n\nDRAWINGS\n\n" + line + "\n")


def test_sheets_marked_revised_with_the_revision_attached_are_replaced_whole(tmp_path, rules):
    _sheets(tmp_path, "3-4 Sheets FP-201 and FP-202: REVISED; see attached.")
    reading = read_project(tmp_path, rules)
    # (before: each proposed changed in part, "its verb takes no object of its own")
    assert _applied(reading) == {("DWG-FP-201", "full", True), ("DWG-FP-202", "full", True)}


def test_a_sheet_marked_revised_with_words_after_it_is_not_taken_whole_by_this_form(tmp_path, rules):
    _sheets(tmp_path, "3-4 Sheet FP-201: REVISED; see attached sketch SK-3 for the new riser.")
    reading = read_project(tmp_path, rules)
    assert ("DWG-FP-201", "full", True) not in _applied(reading)
