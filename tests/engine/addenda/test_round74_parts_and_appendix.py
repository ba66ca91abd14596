"""Round 74 of issue 21: (1) an addition to a part of a specification named by its number after the section
("Section 3, Part 2: add new Clause 2.5") changes that part, which the format reader outlines as ``part-2``,
never the whole document applied; a part the outline does not hold leaves the item proposed. (2) "the words "X" shall be
replaced by "Y"" changes the provision in part, as "the words "X" are replaced" does, whatever auxiliary of the
pack's passives stands before the verb. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

PARTICULAR = ("PARTICULAR SPECIFICATION\n\nSECTION 3 - MASONRY\n\nPART 1 - GENERAL\n\n"
              "1.1 Masonry work is to the national standard with the amendments below.\n\n"
              "1.2 Sample panels are built before the work starts.\n\nPART 2 - PRODUCTS\n\n"
              "2.1 Blocks are dense concrete, 7 N/mm2.\n\n2.2 Mortar is class M4.\n\n"
              "2.3 Wall ties are stainless steel.\n\n2.4 Damp-proof courses are polymer-based.\n\n"
              "SECTION 6 - ROOFING\n\nPART 4 - SHEETING\n\n4.1 Roof sheets are coated steel, 0.7 mm.\n\n"
              "4.2 Fixings are self-drilling screws with sealing washers.\n")

TECHNICAL = ("TECHNICAL SPECIFICATION\n\n1. GENERAL\n\n1.1 The pumps run on three-phase supply at 400 V.\n\n"
             "1.2 The contractor keeps the existing station in service.\n\n2. PUMPS\n\n"
             "2.1 Each pump delivers 45 l/s at 18 m head.\n\n2.2 Pumps are submersible with cast iron casings.\n\n"
             "3. CONTROLS\n\n3.1 Level control is by ultrasonic sensor.\n\n3.2 Alarms are sent by SMS to the operator.\n")


def _particular(root: Path) -> None:
    write_doc(root, "SPEC-PS-MR", "2028-03-01", PARTICULAR, kind="specification",
              title="Volume 3 Particular Specification, Section 3 Masonry and Section 6 Roofing (parts and clauses)")


def _technical(root: Path) -> None:
    write_doc(root, "SPEC-TS-PS", "2028-03-01", TECHNICAL, kind="specification",
              title="Annex B to the Agreement, Technical Specification, Pump Station Upgrade")


def _read(root: Path, rules, body: str, title: str):
    write_doc(root, "ADD-01", "2028-03-10", body, kind="addendum", title=title)
    reading = read_project(root, rules)
    return reading, applied(reading), proposed(reading)


NOTICE = "TENDER NOTICE No. 4\n\nVOLUME 3 - PARTICULAR SPECIFICATION\n\n"


def test_a_new_clause_added_to_a_part_named_after_its_section_changes_that_part(tmp_path, rules):
    start_project(tmp_path, "round-74-part")
    _particular(tmp_path)
    reading, done, asked = _read(tmp_path, rules, NOTICE + (
        'TN4-01 Section 3, Part 2: add new Clause 2.5 as follows: "2.5 Lintels are precast concrete."\n\n'
        'TN4-02 Section 6, Part 4: insert new Clause 4.3: "4.3 Ridge flashings are coated steel."\n'),
        "Tender Notice No. 4")
    assert ("SPEC-PS-MR#part-2", "partial", True) in done, (done, asked, reading.not_understood)
    assert ("SPEC-PS-MR#part-4", "partial", True) in done, (done, asked)
    assert not any(t == "SPEC-PS-MR" for t, _, _ in done), done


def test_a_part_the_outline_does_not_hold_leaves_the_addition_proposed_never_the_document_applied(tmp_path, rules):
    start_project(tmp_path, "round-74-part-unheld")
    _particular(tmp_path)
    reading, done, asked = _read(tmp_path, rules, NOTICE + (
        'TN4-01 Section 3, Part 7: add new Clause 7.2 as follows: "7.2 Movement joints are at 6 m centres."\n'),
        "Tender Notice No. 4")
    assert not any(t.startswith("SPEC-PS-MR") for t, _, _ in done), done
    assert any(t.startswith("SPEC-PS-MR") for t, _, _ in asked), (asked, reading.not_understood)


def test_the_words_of_a_clause_that_shall_be_replaced_change_it_in_part(tmp_path, rules):
    start_project(tmp_path, "round-74-words")
    _technical(tmp_path)
    reading, done, asked = _read(tmp_path, rules, (
        "WATER BOARD\n\nAddendum No. 3\n\n"
        "| No. | Document / Section | Change |\n|---|---|---|\n"
        "| 1 | Annex B, Section 2.1 | In Section 2.1 the words \"45 l/s\" shall be replaced by \"52 l/s\". |\n"
        "| 2 | Annex B, Section 3.2 | In Section 3.2 the figure \"SMS\" is to be replaced by \"SMS and e-mail\". |\n"),
        "Addendum No. 3")
    assert ("SPEC-TS-PS#2.1", "partial", True) in done, (done, asked, reading.not_understood)
    assert ("SPEC-TS-PS#3.2", "partial", True) in done, (done, asked, reading.not_understood)
    assert not any(scope == "full" for _, scope, _ in done), done


def test_a_part_named_alone_is_not_read_as_the_target(tmp_path, rules):
    # "add ... TO PART 2" names the part only as where the addition goes: read as before, never part-2 applied
    start_project(tmp_path, "round-74-part-alone")
    _particular(tmp_path)
    reading, done, asked = _read(tmp_path, rules, NOTICE + (
        'TN4-01 SECTION 3 - MASONRY: ADD THE FOLLOWING CLAUSE 2.5 TO PART 2: "2.5 Lintels are precast concrete."\n'),
        "Tender Notice No. 4")
    assert not any(t.endswith("#part-2") for t, _, _ in done), done
