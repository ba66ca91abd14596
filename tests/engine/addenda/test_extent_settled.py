"""An applied edge rests on words that settle its scope (issue 21): the extent read from the
verb, its object and what follows it; where the words leave the scope to a guess, the edge is
proposed with the doubt in its why, and an item that changes nothing derives nothing. Each form
in words of its own, not those of the real addenda it was seen in."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 92 00 - JOINT SEALANTS\n\n2 PRODUCTS\n\n2.1 SEALANTS\n\nA. Silicone, ASTM C920, Class 50.\n\n"
        "B. Polyurethane at paving joints.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Tool each joint concave.\n")
SHEET = ("id: DWG-S-301\nkind: drawing\nsheet: S-301\ntitle: Foundation Details\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-2\n    text: \"NOTE 2: FOOTINGS BEAR ON UNDISTURBED SOIL.\"\n"
         "  - id: keynote-4\n    text: \"KEYNOTE 4: SUMP PIT, 24 INCHES SQUARE.\"\n"
         "  - id: detail-3\n    text: \"DETAIL 3: GRADE BEAM AT LOADING DOCK.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "settled")
    write_doc(root, "SPEC-079200", "2026-01-05", SPEC)
    (root / "documents" / "dwg-s-301.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_part_replaced_by_the_attached_part_of_its_own_number_is_replaced_whole(tmp_path, rules):
    # the object is described by its content, the successor attached bears the target's own
    # number; a relative clause saying what the new one adds describes it, it is no second verb
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nDRAWINGS\n\n"
                    "1. Sheet S-301; Detail 3; replace the grade beam section with the enclosed revised Detail 3, "
                    "which adds a haunch at the dock edge.\n")
    assert _applied(reading) == {("DWG-S-301#detail-3", "full", True)}


def test_a_part_changed_with_its_sheet_attached_anew_replaces_the_sheet(tmp_path, rules):
    # a keynote's change, then the sheet holding it said to be attached revised: the reissued
    # sheet takes the old one's place whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nDRAWINGS\n\n"
                    "1. Sheet S-301: Keynote 4 revised to call for a 30-inch sump pit. Refer to the attached "
                    "revised sheet S-301.\n")
    assert _applied(reading) == {("DWG-S-301", "full", True)}


def test_a_part_changed_with_no_sheet_attached_stays_a_change_of_the_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nDRAWINGS\n\n"
                    "1. Sheet S-301: Keynote 4, change \"24 INCHES\" to \"30 INCHES\".\n")
    assert _applied(reading) == {("DWG-S-301#keynote-4", "partial", True)}


def test_redlined_text_after_revised_as_follows_without_its_label_is_proposed_whole(tmp_path, rules):
    # struck words and added words run on after the colon: most often the whole note restated
    # with its changes shown, but without the note's own label the words do not settle it
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nDRAWINGS\n\n"
                    "1. Sheet S-301, Note 2, is revised as follows: FOOTINGS BEAR ON ~~UNDISTURBED SOIL~~ "
                    "***COMPACTED STRUCTURAL FILL***.\n")
    assert not _applied(reading)
    assert ("DWG-S-301#note-2", "full", True) in _proposed(reading)


def test_a_line_of_the_attachments_naming_a_revised_page_changed_above_applies_nothing(tmp_path, rules):
    # the page is listed as attached; the item above carries the change
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSPECIFICATIONS\n\n"
                    "1. Section 07 92 00, Paragraph 3.1.A: change \"concave\" to \"flush\".\n\n"
                    "ENCLOSURES\n\n1. Revised page 07 92 00-2.\n")
    assert _applied(reading) == {("SPEC-079200#3.1.A", "partial", True)}


def test_a_duplicate_copy_of_pages_taken_out_changes_nothing(tmp_path, rules):
    # a binding error corrected: no provision of the section changes
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nPROJECT MANUAL\n\n"
                    "1. Remove the duplicate pages 07 92 00-1 through 07 92 00-3 bound after Section 07 92 00.\n\n"
                    "2. Section 07 92 00: take out the extra copy of pages 07 92 00-2; the specification itself "
                    "remains unchanged.\n")
    assert not _applied(reading)


def test_a_whole_section_verb_whose_object_is_an_abbreviated_paragraph_is_not_applied_to_the_section(
        tmp_path, rules):
    # "Para. 9.9" names a paragraph the section does not hold: the section changed in part is a guess
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nANSWERS\n\n"
                    "1. Specification Section 07 92 00 was changed to remove Para. 9.9 B.\n")
    assert not any(target == "SPEC-079200" for target, _, _ in _applied(reading))


def test_an_entry_taking_its_verb_from_a_changes_heading_is_proposed(tmp_path, rules):
    # "CHANGES TO ...:" says only that something changes: an entry naming a paragraph with no
    # words of its own does not say how
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nCHANGES TO THE SPECIFICATIONS:\n\n"
                    "1. Section 07 92 00, Paragraph 2.1.B\n")
    assert not _applied(reading)
    assert ("SPEC-079200#2.1.B", "partial") in {(t, s) for t, s, _ in _proposed(reading)}


def test_an_entry_under_a_changes_heading_saying_which_pages_is_applied_in_part(tmp_path, rules):
    # its own words (a page after the first reprinted) settle that the section changes in part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nCHANGES TO THE SPECIFICATIONS:\n\n"
                    "1. Section 07 92 00 Joint Sealants (page 07 92 00-2 reprinted)\n\n"
                    "2. Section 07 92 00 Joint Sealants\n")
    # (in part, the page reprinted placing the change though no article is named: applied, round 73)
    assert _applied(reading) == {("SPEC-079200", "partial", True)}
    assert ("SPEC-079200", "full", True) not in _proposed(reading)


def test_a_past_tense_change_verb_ending_in_y_is_read(rules):
    # "modify" read as "modified", "modifies" (not "modifyed"); "clarify ... to read" likewise
    from inforce.engine.addenda.actions import read_action, vocabulary
    vocab = vocabulary(rules.supersession[0])
    assert read_action("Sheet S-301 was modified to show a sump pump.", vocab).action == "amend"
    assert read_action("This addendum modifies Keynote 4.", vocab).action == "amend"


def test_a_change_verb_whose_infinitive_names_the_change_takes_that_verb(tmp_path, rules):
    # "was modified to remove Paragraph 3.1.A": the removal is the change, the paragraph goes whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nRESPONSES\n\n"
                    "1. Section 07 92 00 was modified to remove Paragraph 3.1.A; joints are left as tooled by the "
                    "installer.\n")
    assert _applied(reading) == {("SPEC-079200#3.1.A", "full", False)}


def test_a_first_sentence_only_saying_a_change_gives_way_to_the_next(tmp_path, rules):
    # "The sealant work has been substantially changed." says a change is coming; the next
    # sentence's verb is the instruction
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSCOPE\n\n"
                    "1. SEALANTS. The sealant work has been substantially changed. In Section 07 92 00, Paragraph "
                    "2.1.B is deleted; paving joints are filled by the paving contractor.\n")
    assert _applied(reading) == {("SPEC-079200#2.1.B", "full", False)}


def test_a_label_to_read_as_below_with_the_whole_new_paragraph_restates_it(tmp_path, rules):
    # "point B to read as below:" then the paragraph opening with its own letter: written anew whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nCORRIGENDUM\n\n"
                    "(1) Section 07 92 00, clause 2.1, point B to read as below:\n\n"
                    "\"B. Polyurethane, two-part, at every paving and curb joint.\"\n")
    assert _applied(reading) == {("SPEC-079200#2.1.B", "full", True)}


def test_a_sentence_ending_inside_struck_words_ends_the_instruction(tmp_path, rules):
    # "Note 2 has been deleted: ~~NOTE 2: ...~~ Footings are now shown ...": the struck note is
    # what goes; the next sentence, after the struck words, explains and is no second verb
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nDRAWINGS\n\n"
                    "1. Note 2 on Sheet S-301 has been deleted: ~~NOTE 2: FOOTINGS BEAR ON UNDISTURBED SOIL.~~ "
                    "Bearing is now given in the geotechnical report only.\n")
    assert _applied(reading) == {("DWG-S-301#note-2", "full", False)}


def test_in_its_entirety_said_of_a_page_keeps_the_section_changed_in_part(tmp_path, rules):
    # the entirety is the page's: one page after the first replaced, the rest of the section stays
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSPECIFICATIONS\n\n"
                    "1. Section 07 92 00: replace in its entirety page 07 92 00-2 with the attached revised page "
                    "07 92 00-2.\n")
    # (in part, and no part of it named: proposed, never applied, by the last guard)
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-079200", "partial", True)}
