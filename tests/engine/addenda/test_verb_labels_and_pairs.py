"""Forms of issue 21 round 18, in words of their own. Precision first: "Remove: From Section ...,
2.2.B:" with the words to take out on the line below takes those words out of the paragraph (a
change in part, never the paragraph deleted); an answer saying a paragraph "is amended as per
below" with an "Original:" / "Amended:" pair whose new text opens with the paragraph's own label
restates it whole. Structure: a drawing named by its file name ("<job>_Drawing_E-301-R0") is that
sheet; a lettered list line does not swallow the numbered instruction line below it."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 22 42 00 - PLUMBING FIXTURES\n\nPART 2 - PRODUCTS\n\n2.2 LAVATORIES\n\n"
        "A. Vitreous china, wall hung.\n\nB. Drinking fountain, stainless steel, with a glass filler and a drain.\n\n"
        "2.3 SINKS\n\nA. Stainless steel, two compartments.\n\nPART 3 - EXECUTION\n\n3.1 INSTALLATION\n\n"
        "A. Set fixtures level and plumb.\n")
SHEET = ("id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Power Plan\nissued: 2026-01-05\n"
         "effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: ALL CONDUIT CONCEALED.\"\n"
         "  - id: note-3\n    text: \"NOTE 3: DUPLEX RECEPTACLES AT 30 FEET ON CENTRE.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "verb-labels")
    write_doc(root, "SPEC-224200", "2026-01-05", SPEC)
    for sheet in ("E-401", "E-402"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_words_removed_from_a_paragraph_on_the_line_below_change_it_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "PART E - SPECIFICATIONS\n\nRemove: From Section 22 42 00, 2.2.B:\n\nwith a glass filler\n\n"
        "Delete: Section 22 42 00, 2.3.A in its entirety.\n"))
    assert ("SPEC-224200#2.2.B", "full", False) not in _applied(reading) | _proposed(reading)
    assert ("SPEC-224200#2.2.B", "partial", True) in _applied(reading) | _proposed(reading)
    assert ("SPEC-224200#2.3.A", "full", False) in _applied(reading)


def test_a_paragraph_deleted_from_a_section_named_after_from_is_not_this_form(tmp_path, rules):
    reading = _read(tmp_path, rules, "Delete from Section 22 42 00 paragraph 2.3.A.\n")
    # no colon after the provision: the paragraph is what goes, never words from it
    assert ("SPEC-224200#2.3.A", "partial", True) not in _applied(reading) | _proposed(reading)


def test_an_answer_amending_a_paragraph_as_per_below_with_original_and_amended_restates_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Is a glass filler wanted on the fountain?\n\n"
        "No. Section 22 42 00, 2.2.B is amended as per below:\n\n"
        "Original: B. Drinking fountain, stainless steel, with a glass filler and a drain.\n\n"
        "Amended: B. Drinking fountain, stainless steel, with a drain and a splash guard.\n"))
    assert _applied(reading) == {("SPEC-224200#2.2.B", "full", True)}


def test_original_then_amended_deleted_deletes_the_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section 22 42 00, 2.3.A is revised as follows:\n\nOriginal: A. Stainless steel, two compartments.\n\n"
        "Amended: Deleted.\n"))
    assert _applied(reading) == {("SPEC-224200#2.3.A", "full", False)}


def test_original_and_amended_words_that_are_not_the_whole_paragraph_are_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section 22 42 00, 2.2.B is amended as per below:\n\nOriginal: with a glass filler\n\n"
        "Amended: with a bottle filler\n"))
    assert not _applied(reading)
    assert ("SPEC-224200#2.2.B", "partial", True) in _proposed(reading)


def test_a_verb_label_line_after_a_lettered_summary_is_an_instruction_of_its_own(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\nReplace: Sheet E-401 with the attached Sheet E-401 Revision 1. Summary of the changes made:\n\n"
        "(a) Note 1: conduit now exposed in the plant room.\n\n(b) Note 3: spacing reduced.\n\n"
        "Revise: Sheet E-402, Note 3 to read:\n\nNOTE 3: DUPLEX RECEPTACLES AT 20 FEET ON CENTRE.\n"))
    # the second verb label starts an item of its own, never more words of the lettered line above it
    assert ("DWG-E-402#note-3", "full", True) in _applied(reading)
    assert ("DWG-E-401", "full", True) in _applied(reading) | _proposed(reading)


def test_a_drawing_named_by_its_file_name_is_that_sheet(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\nRevise: 0412-2026_Drawing_E-402-R0, Note 3 to read:\n\n"
        "NOTE 3: DUPLEX RECEPTACLES AT 20 FEET ON CENTRE.\n\n"
        "Replace: 0412-2026_Drawing_E-401-R0 with 0412-2026_Addendum_1_Drawing_E-401-R1.\n"))
    assert ("DWG-E-402#note-3", "full", True) in _applied(reading)
    assert ("DWG-E-401", "full", True) in _applied(reading) | _proposed(reading)


def test_a_file_name_without_the_drawing_word_names_no_sheet(tmp_path, rules):
    reading = _read(tmp_path, rules, "Revise: 0412-2026_E-402-R0, Note 3 to read:\n\nNOTE 3: AT 20 FEET.\n")
    assert not any(target.startswith("DWG-E-402") for target, _, _ in _applied(reading))


def test_a_numbered_instruction_after_a_list_the_one_before_brought_is_its_own(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 22 42 00 - PLUMBING FIXTURES\n\n2.3 Add the following to the list in article 2.3:\n\n"
        "- B. Mop sink, floor mounted, 24 by 24 inches.\n\n"
        '3.1.A Amend paragraph 3.1.A, at the end, by adding the words ", with sealant at the wall".\n'))
    # the numbered line after the bullet is an instruction of its own, never more of the bullet
    assert ("SPEC-224200#3.1.A", "partial", True) in _applied(reading) | _proposed(reading)
    assert ("SPEC-224200#2.3", "partial", True) in _applied(reading)


def test_an_item_under_a_bid_form_heading_is_skipped_but_a_drawing_part_under_it_is_not(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "BID FORM\n\nThe unit price schedule is replaced by the attached revised schedule.\n\n"
        "Note 3 is edited to read: NOTE 3: RECEPTACLES AT 20 FEET.\n"))
    # the first is a Division 00 document's, named by its title alone: counted as skipped, not
    # reported; a drawing's note under that heading (a heading misplaced above it) is never skipped
    assert reading.skipped.get("INF-S001", 0) >= 1
    assert not any("replaced by the attached revised schedule" in n.words for n in reading.not_understood)
    assert any("Note 3" in n.words for n in reading.not_understood) or _proposed(reading)


def test_a_section_number_alone_on_its_line_heads_the_sentences_that_change_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section 22 42 00\n\nParagraph 2.3.A shall be edited to the following. Cast iron, one compartment.\n\n"
        "Paragraph 3.1.A shall be edited to the following. Set each fixture level, plumb and sealed.\n"))
    # each sentence is an item of its own under the number, read with its section
    assert _applied(reading) == {("SPEC-224200#2.3.A", "full", True), ("SPEC-224200#3.1.A", "full", True)}
