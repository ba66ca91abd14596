"""Round 71 of issue 21, applied recall: changes the engine read right but only proposed, where a
careful document controller would apply them without asking. Each test also keeps a near form
proposed, so that the rule stays no wider than its plain reading. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-02-08") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Addendum No. 2", body, kind="addendum", issued="2027-03-15")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


ROOFING = ("SECTION 07 41 13 - METAL ROOF PANELS\n\nPART 2 PRODUCTS\n\n2.1 PANELS\n\n"
           "A. Panels shall be 24-gauge galvalume steel, standing seam.\n\n"
           "B. Seams shall be 2 inches high, mechanically locked.\n\n"
           "C. Finish shall be a two-coat fluoropolymer system.\n\n"
           "PART 3 EXECUTION\n\n3.1 INSTALLATION\n\n"
           "A. Install the panels over a self-adhered underlayment, lapped 6 inches.\n\n"
           "B. Fasten the clips at 18 inches on centre.\n")


def _roofing_addendum(part_line: str, instruction: str) -> str:
    return ("ADDENDUM NO. 2\n\nThe Owner amends the bid documents as follows. Where a part is named on its own line, "
            "the instruction below it applies to that part of the Section headed above it.\n\n"
            "Section 07 41 13 Metal Roof Panels\n\n" + part_line + "\n\n" + instruction + "\n")


@pytest.mark.parametrize("part_line, instruction, edge", [
    # the part deleted, nothing in its place
    ("Sub-Clause 2.1.C", "Delete the Sub-Clause.", ("SPEC-074113#2.1.C", "full", False)),
    # the part replaced, its new text quoted below
    ("Sub-Clause 2.1.B", 'Delete entirely and substitute following:\n\n"B. Seams shall be 3 inches high, '
                         'double-locked on site."', ("SPEC-074113#2.1.B", "full", True)),
    # words of the part changed, quoted
    ("Sub-Clause 3.1.B", 'In the first line, delete "18 inches" and substitute "12 inches".',
     ("SPEC-074113#3.1.B", "partial", True)),
    ("Clause 3.1.A - Underlayment", 'Delete "6 inches" and insert "8 inches".', ("SPEC-074113#3.1.A", "partial", True)),
])
def test_a_plain_instruction_under_a_line_naming_one_part_is_applied_to_that_part(tmp_path, rules, part_line,
                                                                                 instruction, edge):
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, proposed = _read(tmp_path, rules, _roofing_addendum(part_line, instruction))
    assert edge in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-074113" for t, _, _ in applied | proposed), (applied, proposed)


def test_an_instruction_under_a_part_line_naming_a_provision_of_its_own_stays_proposed(tmp_path, rules):
    # the verb opens the item, but the item names another paragraph itself: which of the two it
    # changes is for a person to say
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, _ = _read(tmp_path, rules, _roofing_addendum(
        "Sub-Clause 2.1.B", "Delete paragraph 3.1.B and substitute following:\n\n\"B. Fasten the clips at 12 inches.\""))
    assert ("SPEC-074113#2.1.B", "full", True) not in applied, applied


def test_an_instruction_under_a_part_line_whose_verb_does_not_open_it_stays_proposed(tmp_path, rules):
    # the deletion hangs on a condition written before it: not a plain instruction on the part
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, proposed = _read(tmp_path, rules, _roofing_addendum(
        "Sub-Clause 2.1.C", "Where the Owner takes the alternate roof, delete the Sub-Clause."))
    assert not any(t.startswith("SPEC-074113") for t, _, _ in applied), (applied, proposed)


PUMPS = ("SECTION 33 32 16 - PACKAGED PUMP STATIONS\n\nPART 2 PRODUCTS\n\n2.1 PUMPS\n\n"
         "A. Pumps shall be submersible, non-clog, rated 90 gpm.\n\nB. Motors shall be 5 hp, 460 V.\n\n"
         "2.2 CONTROLS\n\nA. Controls shall be float-operated, duplex alternating.\n\n"
         "PART 3 EXECUTION\n\n3.1 TESTING\n\nA. Run each pump for one hour.\n\n"
         "B. Record the drawdown at each start.\n")


def _pumps_addendum(lines: str) -> str:
    return ("ADDENDUM NO. 2\n\nThe Bidding Documents are amended as listed below; the amended clauses are printed in "
            "full on the attached pages, and all other provisions remain unchanged.\n\n"
            "Part 2 Employer's Requirements - Specification 33 32 16 Packaged Pump Stations\n" + lines + "\n")


def test_a_block_of_marked_lines_gives_each_line_its_own_mark(tmp_path, rules):
    # "(Amended)" on one line and "(Deleted)" on the next: each mark is its own line's, so the
    # paragraphs amended are changed in part and the one deleted goes whole
    start_project(tmp_path, "round-71-marked")
    _doc(tmp_path, "SPEC-333216", "Section 33 32 16 - Packaged Pump Stations", PUMPS)
    reading, applied, proposed = _read(tmp_path, rules, _pumps_addendum(
        "Sub-clauses 2.1.A & 2.2.A (Amended)\nSub-clause 3.1.B (Deleted)"))
    assert {("SPEC-333216#2.1.A", "partial", True), ("SPEC-333216#2.2.A", "partial", True),
            ("SPEC-333216#3.1.B", "full", False)} <= applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-333216#2.1.A" and s == "full" for t, s, _ in applied), applied


def test_a_block_with_a_line_carrying_no_mark_is_not_cut_line_by_line(tmp_path, rules):
    # the second line has no mark of its own: what befell it is not said, so the block is read
    # whole and its two verbs compete (nothing applied to 3.1.B)
    start_project(tmp_path, "round-71-marked")
    _doc(tmp_path, "SPEC-333216", "Section 33 32 16 - Packaged Pump Stations", PUMPS)
    reading, applied, proposed = _read(tmp_path, rules, _pumps_addendum(
        "Sub-clause 2.1.A (Amended)\nSub-clause 3.1.B\nSub-clause 2.2.A (Deleted)"))
    assert not any(t == "SPEC-333216#3.1.B" for t, _, _ in applied), (applied, proposed)


SHEET = "STRUCTURAL FOUNDATION PLAN\n\nGENERAL NOTES\n\n1. Footings bear on rock.\n\n2. Concrete 4,000 psi.\n"


def _sheet(root: Path) -> None:
    _doc(root, "DWG-S-101", "S-101 Foundation Plan", SHEET, kind="drawing")
    path = root / "documents" / "dwg-s-101.md"
    path.write_text(path.read_text().replace("kind: drawing", "kind: drawing\nsheet: S-101"))


def _notice(item: str) -> str:
    return ("NOTICE TO TENDERERS No. 3\n\nThis Notice forms part of the Tender Documents.\n\n"
            "PART B - AMENDMENTS TO THE TENDER DOCUMENTS\n\n" + item + "\n")


def test_a_number_after_the_notices_initials_is_the_items_own_number(tmp_path, rules):
    # "NTT 3.4": the notice numbers its items under its initials; the number is no paragraph the
    # sheet replaced might hold, and the sheet's new revision put in place of the old is applied
    start_project(tmp_path, "round-71-initials")
    _sheet(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, _notice(
        "NTT 3.4 Drawing S-101 Rev 0 is superseded by Drawing S-101 Rev B, attached."))
    assert ("DWG-S-101", "full", True) in applied, (applied, proposed, reading.not_understood)


def test_a_loose_number_later_in_the_item_still_holds_the_change_for_review(tmp_path, rules):
    # the same change with a number further in that no reference reads: whether it names a part of
    # the sheet is not said, so the whole sheet is not applied
    start_project(tmp_path, "round-71-initials")
    _sheet(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, _notice(
        "Drawing S-101 Rev 0 is superseded by Drawing S-101 Rev B, attached, as set out at 3.4 of the tender."))
    assert ("DWG-S-101", "full", True) not in applied, (applied, proposed)


def _two_sheets(root: Path) -> None:
    for sheet in ("M-101", "M-102"):
        _doc(root, f"DWG-{sheet}", f"{sheet} Mechanical Plan", f"MECHANICAL PLAN {sheet}\n", kind="drawing")
        path = root / "documents" / f"dwg-{sheet.lower()}.md"
        path.write_text(path.read_text().replace("kind: drawing", f"kind: drawing\nsheet: {sheet}"))


@pytest.mark.parametrize("item", [
    "4. Sheets M-101 and M-102 are revised; replacement sheets come with this addendum.",
    "4. Sheets M-101 and M-102 are revised. Copies of the revised drawings are attached herewith.",
])
def test_sheets_revised_whose_new_copies_come_with_the_addendum_are_each_replaced(tmp_path, rules, item):
    start_project(tmp_path, "round-71-copies")
    _two_sheets(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nCHANGES TO THE DRAWINGS\n\n" + item + "\n")
    assert {("DWG-M-101", "full", True), ("DWG-M-102", "full", True)} <= applied, (applied, proposed)


def test_sheets_revised_with_nothing_said_of_new_copies_stay_proposed(tmp_path, rules):
    # "revised; the changes are clouded": whether the sheets are issued anew or changed in part is not said
    start_project(tmp_path, "round-71-copies")
    _two_sheets(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nCHANGES TO THE DRAWINGS\n\n"
                                       "4. Sheets M-101 and M-102 are revised; the changes are clouded.\n")
    assert not any(t.startswith("DWG-M-10") for t, _, _ in applied), (applied, proposed)


MASONRY = ("SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\nPART 2 PRODUCTS\n\n2.1 UNITS\n\n"
           "A. Hollow load-bearing units, normal weight.\n\nB. Ground-face units at the entrance, sealed.\n\n"
           "2.2 MORTAR\n\nA. Mortar: Type S.\n")


@pytest.mark.parametrize("item, edge", [
    ("a. Section 2.1, B Ground-Face Units; Omit this paragraph entirely.", ("SPEC-042200#2.1.B", "full", False)),
    ("a. Section 2.1, B Ground-Face Units; change the word \"sealed\" to \"sealed twice\".",
     ("SPEC-042200#2.1.B", "partial", True)),
])
def test_a_letter_joined_to_its_article_by_a_comma_with_its_title_is_that_paragraph(tmp_path, rules, item, edge):
    start_project(tmp_path, "round-71-letter")
    _doc(tmp_path, "SPEC-042200", "Section 04 22 00 - Concrete Unit Masonry", MASONRY)
    reading, applied, proposed = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n1. DIVISION 04 22 00 CONCRETE UNIT MASONRY\n\n"
                                       + item + "\n")
    assert edge in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-042200#2.1" for t, _, _ in applied), applied


def test_a_letter_joined_by_a_comma_under_two_verbs_stays_proposed(tmp_path, rules):
    # "Omit reference to X and change this paragraph to read": how much of the paragraph goes is a person's call
    start_project(tmp_path, "round-71-letter")
    _doc(tmp_path, "SPEC-042200", "Section 04 22 00 - Concrete Unit Masonry", MASONRY)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\n1. DIVISION 04 22 00 CONCRETE UNIT MASONRY\n\n"
        "a. Section 2.1, B Ground-Face Units; Omit reference to the sealer and change this paragraph to read as "
        'follows: "B. Ground-face units at the entrance and the stair core."\n'))
    assert not any(t.startswith("SPEC-042200#2.1") for t, _, _ in applied), (applied, proposed)
