"""Forms of real owners' addenda read by their structure (issue 21, round 10), in words of their
own: quoted provisions with struck and bold words where the addendum states that convention
(applied, the extent read from the marks) and where it does not (proposed); roman sub-items
indented under a numbered section entry ("1. Section ...:" then "i. ...", "ii. ..."), each a
change in that entry's section; a document replaced by quoting its old and its new issue's
names; a question-log row whose revisions cell names its target again before its verb."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 21 00 - THERMAL INSULATION\n\n2 PRODUCTS\n\n2.1 BOARD INSULATION\n\n"
        "A. Extruded polystyrene, 2 inches thick.\n\nB. Mineral wool at the fire walls.\n\n"
        "2.2 ACCESSORIES\n\nA. Adhesive as the board maker directs.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\n"
        "A. Stagger the joints of each layer. Tape every joint.\n\nB. Pin boards at 24 inches on centre.\n")
OTHER = ("SECTION 10 28 13 - TOILET ACCESSORIES\n\n2 PRODUCTS\n\n2.1 DISPENSERS\n\n"
         "A. Paper towel dispensers, surface mounted.\n\nB. Soap dispensers, 40 ounce.\n")
LEGEND = ("This addendum changes the documents as shown. Words removed are shown struck through; new words "
          "are shown in bold. Unmarked words are quoted only to place each change.\n\n")
MARKED = ("Specification Changes\n\n"
          "Section 07 21 00 Thermal Insulation, page 07 21 00-2, paragraph 2.1.A: "
          "\"A. Extruded polystyrene, ~~2~~ **3** inches thick.\"\n\n"
          "Section 07 21 00 Thermal Insulation, page 07 21 00-3, paragraph 3.1.A: "
          "\"... each layer. ~~Tape every joint.~~ ...\"\n\n"
          "Section 07 21 00 Thermal Insulation, page 07 21 00-3, paragraph 3.1.B: "
          "\"~~B. Pin boards at 24 inches on centre.~~\"\n\n"
          "Section 10 28 13 Toilet Accessories, page 10 28 13-1, Article 2.1 DISPENSERS: "
          "\"**C. Grab bars, stainless steel, at each accessible stall.**\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "marked-forms")
    write_doc(root, "SPEC-072100", "2026-01-05", SPEC)
    write_doc(root, "SPEC-102813", "2026-01-05", OTHER)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_marks_the_addendum_states_are_read_as_its_changes(tmp_path, rules):
    reading = _read(tmp_path, rules, LEGEND + MARKED)
    assert _applied(reading) == {
        ("SPEC-072100#2.1.A", "full", True),  # quoted whole from its own label
        ("SPEC-072100#3.1.A", "partial", True),  # a fragment between ellipses
        ("SPEC-072100#3.1.B", "full", False),  # struck whole from its label, nothing bold: taken out
        ("SPEC-102813#2.1", "partial", True),  # a new lettered paragraph in bold under the article
    }
    assert not reading.not_understood


def test_words_struck_inside_a_provision_change_it_in_part(tmp_path, rules):
    # only the words taken out, quoted without the provision's label: the rest of it stays
    reading = _read(tmp_path, rules, LEGEND + "Section 07 21 00 Thermal Insulation, paragraph 3.1.A: "
                    "\"~~Tape every joint.~~\"\n")
    assert _applied(reading) == {("SPEC-072100#3.1.A", "partial", True)}
    # quoted from its label with the struck words in it: the provision restated whole
    reading = _read(tmp_path / "whole", rules, LEGEND + "Section 07 21 00 Thermal Insulation, paragraph 3.1.A: "
                    "\"A. Stagger the joints of each layer. ~~Tape every joint.~~\"\n")
    assert _applied(reading) == {("SPEC-072100#3.1.A", "full", True)}


def test_without_the_stated_convention_the_marks_are_only_proposed(tmp_path, rules):
    # bold alone said to be new words is no statement of what the struck words mean (the item
    # bearing only bold words, a new paragraph under its article, is read by it: round 73)
    reading = _read(tmp_path, rules, "New words are shown in bold.\n\n" + MARKED)
    assert _applied(reading) == {("SPEC-102813#2.1", "partial", True)}
    assert ("SPEC-072100#2.1.A", "full", True) in _proposed(reading)


def test_roman_sub_items_under_a_numbered_section_entry_change_that_section(tmp_path, rules):
    reading = _read(tmp_path, rules, "C. SPECIFICATIONS\n\n"
                    "1. Section 07 21 00 - Thermal Insulation:\n"
                    "   i. Paragraph 2.1.B: replace \"Mineral wool\" with \"Mineral wool, 8 pcf density,\".\n"
                    "   ii. Paragraph 2.2.A: Delete. Boards are fastened mechanically.\n\n"
                    "2. Section 10 28 13 - Toilet Accessories:\n"
                    "   i. Paragraph 2.1.B: replace \"40 ounce\" with \"30 ounce\".\n\n"
                    "D. DRAWINGS\n\n1. None.\n")
    assert _applied(reading) == {("SPEC-072100#2.1.B", "partial", True), ("SPEC-072100#2.2.A", "full", False),
                                 ("SPEC-102813#2.1.B", "partial", True)}
    assert not reading.not_understood


def test_a_document_replaced_by_quoting_its_old_and_new_names_is_replaced_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "B. SPECIFICATIONS\n\n1. Section 10 28 13 - Toilet Accessories:\n"
                    "   i. Replace \"Section 10 28 13 - Toilet Accessories\" in its entirety with "
                    "\"Section 10 28 13 - Toilet Accessories - Revision 1.\"\n")
    assert _applied(reading) == {("SPEC-102813", "full", True)}


def test_quoted_names_of_another_document_do_not_make_the_change_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "B. SPECIFICATIONS\n\n1. Section 10 28 13 - Toilet Accessories:\n"
                    "   i. Replace \"Section 07 21 00\" in its entirety with \"Section 07 21 00 - Revision 1.\"\n")
    assert ("SPEC-102813", "full", True) not in _applied(reading)


def test_a_revisions_cell_naming_its_target_again_settles_it(tmp_path, rules):
    reading = _read(tmp_path, rules,
                    "| No. | Question | Answer | Revisions |\n|---|---|---|---|\n"
                    "| 1 | The soap dispensers are 40 ounce in Section 10 28 13 but the owner stocks 30 ounce refills. "
                    "Which governs? | The owner's size. | Section 10 28 13, Paragraph 2.1.B: change \"40 ounce\" "
                    "to \"30 ounce\". |\n"
                    "| 2 | May the adhesive be solvent based? | No. | |\n")
    assert _applied(reading) == {("SPEC-102813#2.1.B", "partial", True)}


def test_an_entry_captioned_with_its_document_is_an_instruction_under_no_heading(tmp_path, rules):
    reading = _read(tmp_path, rules, "This addendum answers the questions received by the deadline.\n\n"
                    "Section 10 28 13 Toilet Accessories: revised in its entirety; the new issue, its changes "
                    "marked, is attached and replaces the bid issue.\n")
    assert _applied(reading) == {("SPEC-102813", "full", True)}
    # prose of the preamble that speaks of a document is not captioned by it: for a person
    reading = _read(tmp_path / "prose", rules, "This addendum answers the questions received by the deadline.\n\n"
                    "The owner has revised Section 10 28 13 Toilet Accessories: the new issue is attached.\n")
    assert ("SPEC-102813", "full", True) not in _applied(reading)


def test_an_erratum_reads_a_value_anew_in_the_part_its_reference_line_names(tmp_path, rules):
    reading = _read(tmp_path, rules, "1. Reference: Section 07 21 00 Thermal Insulation, clause 2.1.A\n\n"
                    "The thickness of the extruded boards at the exterior walls of the plant room shall be read as "
                    "3 inches in lieu of 2 inches. The board type is unchanged.\n")
    assert _applied(reading) == {("SPEC-072100#2.1.A", "partial", True)}
    # without the old value beside the new, a long subject leaves which words change for a person
    reading = _read(tmp_path / "bare", rules, "1. Reference: Section 07 21 00 Thermal Insulation, clause 2.1.A\n\n"
                    "The thickness of the extruded boards at the exterior walls of the plant room shall be read as "
                    "3 inches.\n")
    assert _applied(reading) == set()
    assert ("SPEC-072100#2.1.A", "partial", True) in _proposed(reading)


def test_an_entry_captioned_with_its_provision_gives_a_value_anew_in_plain_words(tmp_path, rules):
    reading = _read(tmp_path, rules, "Specifications\n\nSection 07 21 00 (Thermal Insulation)\n\n"
                    "- Paragraph 3.1.B: the pin spacing becomes 16 inches on centre at the parapets.\n"
                    "- Paragraph 2.1.A: the board thickness goes from 2 inches to 3 inches.\n\n"
                    "Section 10 28 13, Paragraph 2.1.B: the soap dispensers are to be 30 ounce rather than the "
                    "size specified.\n")
    assert _applied(reading) == {("SPEC-072100#3.1.B", "partial", True), ("SPEC-072100#2.1.A", "partial", True),
                                 ("SPEC-102813#2.1.B", "partial", True)}


def test_value_words_without_a_caption_or_a_value_are_not_applied(tmp_path, rules):
    reading = _read(tmp_path, rules, "This addendum becomes part of the contract documents on 3 March.\n\n"
                    "Specifications\n\nSection 10 28 13, Paragraph 2.1.B: the dispenser size becomes a matter for "
                    "the submittal.\n\nThe soap dispensers of Paragraph 2.1.B of Section 10 28 13 go from 40 ounce "
                    "to 30 ounce, as a bidder asked.\n")
    assert _applied(reading) == set()


def test_a_query_tables_reference_cell_settles_what_its_decision_changes(tmp_path, rules):
    table = ("| Sl. | Tender clause (page, clause) | Query | Decision |\n|---|---|---|---|\n"
             "| 1 | Page No. 12, Section 07 21 00, clause 2.1 A: board thickness. | Thicker board is stocked locally. "
             "| Replace \"2 inches\" with \"3 inches\". |\n"
             "| 2 | Page No. 14, Section 07 21 00, clause 3.1 B: pin spacing. | Clause 2.1 B asks for mineral wool; "
             "may pins be closer? | Replace \"24 inches\" with \"16 inches\". |\n")
    reading = _read(tmp_path, rules, table)
    applied = _applied(reading)
    assert ("SPEC-072100#2.1.A", "partial", True) in applied
    # the query cell names another clause: which the decision changes is for a person
    assert not any(t.startswith("SPEC-072100#3.1.B") or t.startswith("SPEC-072100#2.1.B") for t, _, _ in applied)
