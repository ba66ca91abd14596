"""The last guard (issue 21): a change in part of a whole section or sheet whose item names no
part of it is proposed for review, never applied, unless the item locates the change in a way
that cannot be a whole reissue (a part added by a number the document does not hold yet; words
changed wherever they stand in it), or the pack's policy is switched off. Each case is written in
words of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import RuleSet, load_pack

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

#: A section whose articles stand with no Part heading over them (an outline of articles only).
GROUT = ("SECTION 03 60 00 - GROUTING\n\n1.1 SUMMARY\n\nA. Grout under base plates.\n\n1.2 SUBMITTALS\n\n"
         "A. Product data.\n")
HARDWARE = "SECTION 08 71 00 - DOOR HARDWARE\n\n2 PRODUCTS\n\n2.1 HINGES\n\nA. Five-knuckle hinges, brass finish.\n"
WHY = "names no part of it: proposed for review"


def _read(root: Path, rules: RuleSet, body: str):
    start_project(root, "document-partial")
    write_doc(root, "SPEC-036000", "2026-01-05", GROUT)
    write_doc(root, "SPEC-087100", "2026-01-05", HARDWARE)
    (root / "documents" / "A-101.drawing.yaml").write_text(
        "id: DWG-A-101\nkind: drawing\nsheet: A-101\ntitle: Floor Plan\nrevision: \"0\"\nseq: 1\n"
        "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: VERIFY IN FIELD.\"\n"
        "  - id: note-2\n    text: \"NOTE 2: SEAL ALL PENETRATIONS.\"\n")
    (root / "documents" / "A-102.drawing.yaml").write_text(
        "id: DWG-A-102\nkind: drawing\nsheet: A-102\ntitle: Roof Plan\nrevision: \"0\"\nseq: 1\n"
        "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        "  - id: callout-1\n    text: \"1. SLOPE TO DRAIN.\"\n"
        "  - id: callout-2\n    text: \"2. CRICKET AT CURB.\"\n")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n" + body + "\n")
    return read_project(root, rules)


@pytest.mark.parametrize("body, target", [
    ("1. Sheet A-101: revise the door swing at the stair as shown on the attached sketch.", "DWG-A-101"),
    ("1. Section 08 71 00 Door Hardware: revised to add closers at the stair doors.", "SPEC-087100"),
    ("1. Sheet A-101: Add the following note: PROVIDE BLOCKING AT GRAB BARS.", "DWG-A-101"),
    ("1. Section 08 71 00: Add closers to the stair doors throughout the building.", "SPEC-087100"),
])
def test_a_change_in_part_of_a_whole_document_naming_no_part_is_proposed(tmp_path, rules, body, target):
    reading = _read(tmp_path, rules, body)
    assert not {t for t, _, _ in _applied(reading)} & {target}
    assert (target, "partial", True) in _proposed(reading)
    why = [p.evidence.why for p in reading.proposed if p.target.format() == target]
    assert any(f"changes part of {target} but {WHY}" in w for w in why), why


def test_an_article_added_by_a_number_the_section_does_not_hold_is_applied(tmp_path, rules):
    # exception 1: the new article is not there to be named; the section it joins changes in part
    reading = _read(tmp_path, rules, "1. Section 03 60 00 GROUTING: Replace page 2 with the attached page 2. The "
                    "new page adds Article 1.3 QUALITY ASSURANCE to the Section.")
    assert ("SPEC-036000", "partial", True) in _applied(reading)


def test_an_article_added_by_a_number_the_section_holds_is_not_the_section_changed(tmp_path, rules):
    # the number is taken: the section is not what changes at large (the article it names may be)
    reading = _read(tmp_path, rules, "1. Section 03 60 00 GROUTING: Replace page 2 with the attached page 2. The "
                    "new page adds Article 1.2 QUALITY ASSURANCE to the Section.")
    assert ("SPEC-036000", "partial", True) not in _applied(reading)
    assert _applied(reading) | _proposed(reading)


@pytest.mark.parametrize("body", [
    "1. Sheet A-101: Add new Note 3: PROVIDE BLOCKING AT GRAB BARS.",
    "1. Sheet A-101: add Keynote 4 \"BLOCKING AT GRAB BARS.\"",
    "1. Sheet A-101: Please ADD the following note: \"NOTE 3: PROVIDE BLOCKING AT GRAB BARS.\"",
])
def test_a_note_added_by_a_number_the_sheet_does_not_hold_is_applied(tmp_path, rules, body):
    # exception 1, on a sheet: a note numbered past the notes the sheet has (1 and 2)
    reading = _read(tmp_path, rules, body)
    assert ("DWG-A-101", "partial", True) in _applied(reading)
    assert not reading.proposed


@pytest.mark.parametrize("body, sheet", [
    ("1. Sheet A-101: Please ADD the following note: \"NOTE 2: SEAL ALL JOINTS.\"", "DWG-A-101"),
    ("1. Sheet A-102: Please ADD the following note: \"NOTE 2: SEAL ALL JOINTS.\"", "DWG-A-102"),  # held as callout-2
])
def test_a_note_the_sheet_holds_is_never_taken_for_one_added(tmp_path, rules, body, sheet):
    reading = _read(tmp_path, rules, body)
    assert (sheet, "partial", True) not in _applied(reading)


def test_words_changed_wherever_they_stand_in_the_document_are_applied(tmp_path, rules):
    # exception 2: the change is to every place the words stand, no part in particular
    for body in ('1. Section 08 71 00: every reference in this Section to "brass" shall be read as "bronze".',
                 '1. Section 08 71 00: wherever it appears, change "brass" to "bronze".',
                 '1. Section 08 71 00: Remove all references to brass finish.'):
        reading = _read(tmp_path / str(len(body)), rules, body)
        assert ("SPEC-087100", "partial", True) in _applied(reading), body


def test_a_whole_reissue_is_never_taken_for_words_changed_throughout(tmp_path, rules):
    reading = _read(tmp_path, rules, '1. Section 08 71 00: reprinted; every reference to "brass" is changed.')
    assert ("SPEC-087100", "partial", True) not in _applied(reading)


def test_the_pack_setting_off_applies_the_change_as_read(tmp_path):
    own = RuleSet(packs=(load_pack("supersession/csi-addenda", params={"propose_partial_on_documents": False}),))
    body = "1. Section 08 71 00 Door Hardware: revised to add closers at the stair doors."
    reading = _read(tmp_path, own, body)
    assert ("SPEC-087100", "partial", True) in _applied(reading)
    assert not any(WHY in p.evidence.why for p in reading.proposed)
