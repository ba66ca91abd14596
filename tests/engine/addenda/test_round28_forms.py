"""Forms of owners' addenda read in round 28 (issue 21). A two-column table of changes under a
lead-in saying only that changes are brought, each row naming a clause and giving text with no
verb: a row whose text opens with the label of the lettered item it names replaces that item
whole, and a row giving the clause's text without its label is a replacement for a person to
confirm, never a change in part applied. Answers whose words change what they name with no verb of
the pack ("Note 4 on Drawing W-201 is withdrawn.", "Item b) of Section 5.3 is supplemented
accordingly.", "The rest of Section 5.2 is unchanged.", "... remains as stated in Section 3.2."),
and an agreement amendment replacing a recital, which no outline numbers, are proposed against
what they change, never left unsaid."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CHAPTER = ("VOLUME II - EMPLOYER'S REQUIREMENTS\n\nCHAPTER 5 - WATER SUPPLY TO THE BERTHS\n\n"
           "5.1 Scope. The Contractor shall supply potable water to every berth of the marina.\n\n"
           "5.2 Outlets\n\n5.2.1 Standpipes. One standpipe for each pair of berths.\n\n"
           "5.2.2 Hoses. Berth hoses shall be as follows:\n\n"
           "a) Drinking water hose: 19 mm bore, 10 m long, white.\n\n"
           "b) Wash-down hose: 25 mm bore, 18 m long, green.\n\n"
           "5.3 Metering\n\n5.3.1 Meters. Class C meters read from the harbour office, one for each pontoon arm.\n\n"
           "END OF CHAPTER 5\n")


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def _table(root: Path, rules: RuleSet, rows: str):
    start_project(root, "round-28")
    write_doc(root, "SPEC-ER5", "2026-01-05", CHAPTER)
    _titled(root, "SPEC-ER5", "Employer's Requirements Chapter 5 Water Supply to the Berths")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM 3\n\nThe changes below are brought to the document\n\n"
              "| Data Clause | Tender Data details |\n|---|---|\n" + rows)
    return read_project(root, rules)


def test_a_row_giving_the_lettered_item_under_its_own_label_replaces_that_item_whole(tmp_path, rules):
    reading = _table(tmp_path, rules, "| Employer's Requirements, Chapter 5, Clause 5.2.2 b) Wash-down hose | "
                     "b) Wash-down hose: 25 mm bore, 24 m long, green, with a brass nozzle. |\n")
    assert _applied(reading) == {("SPEC-ER5#5.2.2.b", "full", True)}
    assert ("SPEC-ER5#5.2.2", "partial", True) not in _proposed(reading)


def test_a_row_giving_a_clause_text_without_its_label_is_proposed_whole_never_applied_in_part(tmp_path, rules):
    reading = _table(tmp_path, rules, "| Employer's Requirements, Chapter 5, Clause 5.3.1 Meters | "
                     "Class C meters with pulse output, read from the harbour office, one for each berth. |\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-ER5#5.3.1", "full", True)}
    # (a row with a verb of its own still says what it does: a value changed, in part)
    own = _table(tmp_path / "own", rules, "| Employer's Requirements, Chapter 5, Clause 5.2.1 Standpipes | "
                 "Number of berths per standpipe changed from two to three. |\n")
    assert _applied(own) == {("SPEC-ER5#5.2.1", "partial", True)}


WORK = ("STATEMENT OF WORK: SLIPWAY BOOKING SYSTEM\n\nSECTION 3 - SYSTEM\n\n"
        "3.1 Scope. One booking system for the slipway and the crane.\n\n"
        "3.2 Bookings. Slots may be booked up to 60 days ahead; a card deposit of 20 dollars holds each slot.\n\n"
        "SECTION 5 - SERVICES\n\n5.1 Training. One day for three clerks.\n\n"
        "5.2 Support. A help line from 09:00 to 17:00 on working days, answered within two rings.\n\n"
        "5.3 Handover. The Contractor shall deliver:\n\na) the source code;\n\nb) an operator manual in English.\n")


SHEET = ("id: DWG-W-201\nkind: drawing\nsheet: W-201\ntitle: Water Supply Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-3\n    text: \"NOTE 3: TEST ALL PIPES AT 10 BAR.\"\n"
         "  - id: note-4\n    text: \"NOTE 4: HOSE BIBS AT 15 M SPACING ALONG THE PONTOON.\"\n")


def _answers(root: Path, rules: RuleSet, answers: str):
    start_project(root, "round-28")
    write_doc(root, "SPEC-SOW", "2026-01-05", WORK)
    (root / "documents" / "dwg-w-201.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", "Questions and Answers\n\n" + answers)
    return read_project(root, rules)


def test_an_answer_withdrawing_a_note_on_a_sheet_is_proposed_as_its_deletion(tmp_path, rules):
    reading = _answers(tmp_path, rules, "Question no. 1:\n\nSection 5.1 asks for training while Note 4 on "
                       "Drawing W-201 asks for hose bibs. Are both wanted?\n\nAnswer no. 1:\n\n"
                       "No. The standpipes serve every berth. Note 4 on Drawing W-201 is withdrawn.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("DWG-W-201#note-4", "full", False)}


def test_an_answer_supplementing_a_lettered_item_is_proposed_in_part_on_that_item(tmp_path, rules):
    reading = _answers(tmp_path, rules, "Question no. 2:\n\nSection 5.3 b) asks for a manual in English. "
                       "Will a Welsh manual be accepted?\n\nAnswer no. 2:\n\nThe operator manual shall be "
                       "supplied in English and in Welsh. Item b) of Section 5.3 is supplemented accordingly.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-SOW#5.3.b", "partial", True)}


def test_an_answer_giving_one_value_and_keeping_the_rest_of_the_clause_is_proposed_in_part(tmp_path, rules):
    rest = _answers(tmp_path, rules, "Question no. 3:\n\nSection 5.2 Support. Will the help line open at "
                    "weekends?\n\nAnswer no. 3:\n\nFrom June to August the help line shall also be open on "
                    "Saturdays. The rest of Section 5.2 is unchanged.\n")
    assert _applied(rest) == set()
    assert _proposed(rest) == {("SPEC-SOW#5.2", "partial", True)}
    remains = _answers(tmp_path / "remains", rules, "Question no. 4:\n\nSection 3.2 Bookings. Clubs book a "
                       "season ahead. Is 60 days fixed?\n\nAnswer no. 4:\n\nSlots may be booked up to 150 days "
                       "ahead. The card deposit remains as stated in Section 3.2.\n")
    assert _applied(remains) == set()
    assert _proposed(remains) == {("SPEC-SOW#3.2", "partial", True)}
    # (an answer that only explains, pointing at the clause, changes nothing)
    explains = _answers(tmp_path / "explains", rules, "Question no. 5:\n\nSection 5.2 Support. Are calls "
                        "recorded?\n\nAnswer no. 5:\n\nNo. Calls are not recorded, as Section 5.2 states.\n")
    assert _proposed(explains) == set()


AGREEMENT = ("HARBOUR WORKS - EXHIBIT F\n\nJOINT AGREEMENT BETWEEN THE HARBOUR TRUST AND THE PARISH OF ELM QUAY\n\n"
             "WHEREAS, the Trust intends to rebuild the quay wall; and,\n\n"
             "WHEREAS, the share of the wall lying within the Parish is 12 percent of its length; and,\n\n"
             "NOW, THEREFORE, the parties agree as follows:\n\nSECTION 1 - THE TRUST AGREES TO:\n\n"
             "1.1 Design. Prepare the plans for the quay wall.\n\n1.2 Build. Build the quay wall.\n")


def test_a_recital_deleted_and_replaced_is_proposed_as_the_agreement_changed_in_part(tmp_path, rules):
    start_project(tmp_path, "round-28")
    write_doc(tmp_path, "SPEC-JA", "2026-01-05", AGREEMENT)
    _titled(tmp_path, "SPEC-JA", "Exhibit F Joint Agreement for the Quay Wall")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT NO. 2 TO JOINT AGREEMENT (EXHIBIT F)\n\n"
              "NOW, THEREFORE, the Trust and the Parish agree to amend the Agreement as follows:\n\n"
              "1. DELETE the existing second WHEREAS recital and REPLACE it with a revised second WHEREAS "
              "recital, which shall read as follows:\n\n"
              "WHEREAS, the share of the wall lying within the Parish is 15 percent of its length; and,\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-JA", "partial", True)}
