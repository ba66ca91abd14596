"""Forms of issue 21 round 20, in words of their own. Precision first: a range of sheets with a
callout named after it ("Sheets X through Z: on each sheet, Note 3 ...") changes that callout on
each sheet of the range, never the sheets whole; without "each" it is for a person. A question
answered by a pointer to a part of the addendum by its title ("Response: Refer to Revisions to the
Drawings, item 7") reads no verb in that title."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 26 05 19 - WIRE AND CABLE\n\nPART 3 - EXECUTION\n\n3.2 INSTALLATION\n\n"
        "A. Pull conductors with a lubricant listed for the jacket.\n\nB. Tag each feeder at both ends.\n")
SHEET = ("id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Lighting Plan\nissued: 2026-01-05\n"
         "effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: FIXTURES PER SCHEDULE.\"\n"
         "  - id: note-3\n    text: \"NOTE 3: MOUNT AT 9 FEET.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "ranges-and-pointers")
    write_doc(root, "SPEC-260519", "2026-01-05", SPEC)
    for sheet in ("E-301", "E-302", "E-303", "E-304"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_callout_said_on_each_sheet_of_a_range_named_before_it_is_that_callout_on_each(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        'DRAWINGS\n\n1. Sheets E-301 through E-303: on each sheet, Note 3 is revised to read '
        '"NOTE 3: MOUNT AT 10 FEET."\n'))
    assert {("DWG-E-301#note-3", "full", True), ("DWG-E-302#note-3", "full", True),
            ("DWG-E-303#note-3", "full", True)} <= _applied(reading)
    assert not any(target.startswith("DWG-") and "#" not in target for target, _, _ in _applied(reading))


def test_a_callout_after_a_range_of_sheets_without_each_never_changes_sheets_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        'DRAWINGS\n\n1. Sheets E-302 to E-304: Note 1 is revised to read "NOTE 1: FIXTURES AS SCHEDULED."\n'))
    assert not any("#" not in target for target, _, _ in _applied(reading))
    assert any(target.startswith("DWG-E-30") for target, _, _ in _applied(reading) | _proposed(reading))


def test_an_answer_pointing_at_a_part_of_the_addendum_by_its_title_reads_no_verb_there(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ANSWERS TO QUESTIONS\n\n| No. | Question and answer |\n|---|---|\n"
        "| 1 | Question: Section 26 05 19, Paragraph 3.2.B asks for tags at both ends. Are tags needed at pull boxes? "
        "Response: Refer to Revisions to the Specifications item S-2. |\n\n"
        "REVISIONS TO THE SPECIFICATIONS\n\n"
        'S-2 Section 26 05 19, Paragraph 3.2.B: Revise to read: "Tag each feeder at both ends and at every pull box."\n'))
    assert ("SPEC-260519#3.2.B", "full", True) in _applied(reading)
    assert ("SPEC-260519#3.2.B", "partial", True) not in _applied(reading)
    assert all(edge.by.path and not edge.by.path.startswith("table") for edge in reading.applied)


def test_a_sentence_of_the_askers_after_the_question_mark_stays_in_the_question(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS AND ANSWERS\n\n"
        "3. Is the cable work in Section 26 05 19 part of this bid? The lighting sheets show no feeders.\n\n"
        "No. Section 26 05 19 is withdrawn from this contract in its entirety; it will be let separately.\n"))
    assert ("SPEC-260519", "full", False) in _applied(reading)
    assert not reading.not_understood


def test_an_item_numbered_with_its_addendums_prefix_is_an_item_of_its_own(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Item B3-4 REPLACE Sheets E-301 and E-302 with the attached sheets of the same numbers.\n\n"
        "Item B3-5 DELETE Section 26 05 19, Paragraph 3.2.A, in its entirety.\n"))
    assert {("DWG-E-301", "full", True), ("DWG-E-302", "full", True),
            ("SPEC-260519#3.2.A", "full", False)} <= _applied(reading)
    assert not any(scope == "partial" for _, scope, _ in _proposed(reading))
