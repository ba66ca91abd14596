"""Issue 21 round 75, in words of our own: a provision's text as it stood and as it now stands, each on a line of
its own under a label ("Instead of:" / "Read:", "Було:" / "Стало:", "a. Sebelum perubahan (gloss):" / "b. Sesudah
perubahan (gloss):"), below a line naming the provision; or a line whose label is a change verb ("Delete:", "Add,
after point 2.2:"). The labels are the pack's ``old_text_columns`` / ``new_text_columns`` vocabularies; a document
named by its whole title on a line before the first such block ("Book 2 - Works Specifications is corrected as
follows:") is the one the blocks after it number their points in.

Precision first: a pair that leaves the point as it was, a point in a document the project does not hold, and a
phrase for a phrase with no line saying the rest stays apply nothing from these lines."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("BOOK 2 - WORKS SPECIFICATIONS\n\n1 EARTHWORKS\n\n"
        "1.1 Topsoil is stripped to a depth of 20 cm and stockpiled on site.\n\n"
        "1.2 Fill is placed in layers not over 25 cm and compacted to 95 percent.\n\n2 MASONRY\n\n"
        "2.1 Walls are of hollow concrete blocks 20 cm thick.\n\n2.2 Mortar is cement and sand 1:4.\n\n3 ROOFING\n\n"
        "3.1 The roof is insulated with 80 mm of rock wool boards laid in two layers.\n\n"
        "3.2 Gutters are of galvanised steel.\n")
SHEET = ("id: DWG-A-751\nkind: drawing\nsheet: A-751\ntitle: Ground Floor Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: ALL DIMENSIONS IN MILLIMETRES.\"\n"
         "  - id: note-2\n    text: \"NOTE 2: DOOR NUMBERS AS SCHEDULE.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "labelled-lines")
    write_doc(root, "SPEC-WS", "2026-01-05", SPEC, title="Book 2 - Works Specifications")
    (root / "documents" / "dwg-a-751.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_instead_of_and_read_lines_under_a_point_change_it_as_their_words_say(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CORRIGENDUM No 2\n\nBook 2 - Works Specifications is corrected as follows:\n\n"
        "Point n°: 1.2\nInstead of: Fill is placed in layers not over 25 cm and compacted to 95 percent.\n"
        "Read: 1.2 Fill is placed in layers not over 20 cm and compacted to 98 percent of maximum dry density.\n\n"
        "Point n°: 3.1\nInstead of: 80 mm of rock wool\nRead: 100 mm of glass wool\n"
        "The rest of point 3.1 remains unchanged.\n\n"
        "Point n°: 2\nAdd, after point 2.2: 2.3 Lintels are precast, with a bearing of 20 cm each side.\n\n"
        "Drawing n°: A-751 Ground Floor Plan\nInstead of: A-751, revision B.\nRead: A-751, revision C (attached).\n\n"
        "Drawing n°: A-751 Ground Floor Plan, Note 2\nDelete: Note 2 (door numbers).\n"))
    assert _applied(reading) == {
        ("SPEC-WS#1.2", "full", True),
        ("SPEC-WS#3.1", "partial", True),
        ("SPEC-WS#2", "partial", True),
        ("DWG-A-751", "full", True),
        ("DWG-A-751#note-2", "full", False),
    }


def test_words_deleted_from_a_point_that_may_not_be_all_of_it_are_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Book 2 - Works Specifications is corrected as follows:\n\n"
        "Point n°: 2.1\nDelete: Walls are of hollow concrete blocks 20 cm thick.\n"))
    assert not _applied(reading)
    assert ("SPEC-WS#2.1", "full", False) in _proposed(reading)


def test_ukrainian_was_and_became_lines_replace_or_delete_the_point(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Зміни до тендерної документації\n\nBook 2 - Works Specifications:\n\n"
        "Зміна 1. Пункт 2.2\nБуло: Mortar is cement and sand 1:4.\nСтало: 2.2 Mortar is cement and sand 1:3.\n\n"
        "Зміна 2. Пункт 3.2\nБуло: Gutters are of galvanised steel.\nСтало: Пункт виключено.\n"))
    assert _applied(reading) == {("SPEC-WS#2.2", "full", True), ("SPEC-WS#3.2", "full", False)}


def test_before_and_after_lines_with_a_list_letter_and_a_gloss_are_read(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADENDUM\n\n1) Book 2 - Works Specifications, ayat 1.1\n\n"
        "a. Sebelum perubahan (before): \"1.1 Topsoil is stripped to a depth of 20 cm and stockpiled on site.\"\n\n"
        "b. Sesudah perubahan (after): \"1.1 Topsoil is stripped to a depth of 30 cm and carted away.\"\n\n"
        "2) Book 2 - Works Specifications, ayat 3.2\n\n"
        "a. Sebelum perubahan (before): \"3.2 Gutters are of galvanised steel.\"\n\n"
        "b. Sesudah perubahan (after): (dihapus seluruhnya / deleted entirely)\n"))
    assert _applied(reading) == {("SPEC-WS#1.1", "full", True), ("SPEC-WS#3.2", "full", False)}


def test_a_pair_saying_nothing_changes_or_in_a_document_not_held_applies_nothing(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The General Conditions are corrected as follows:\n\n"
        "Point n°: 1.2\nInstead of: The advance payment is 10 percent.\nRead: 1.2 The advance payment is 15 percent.\n\n"
        "Book 2 - Works Specifications is corrected as follows:\n\n"
        "Point n°: 2.2\nInstead of: Mortar is cement and sand 1:4.\nRead: No change is made.\n\n"
        "Point n°: 3.2\nInstead of: galvanised steel\nRead: aluminium\n\n"
        "Point n°: 1.1\nInstead of: Topsoil is stripped to a depth of 20 cm and stockpiled on site.\n"
        "Read: Delete the words after the first comma and the last sentence of the point.\n"))
    assert ("SPEC-WS#1.2", "full", True) not in _applied(reading) | _proposed(reading)
    assert not any(target == "SPEC-WS#2.2" for target, _, _ in _applied(reading))
    # a phrase for a phrase, nothing saying the rest stays: never the point replaced or deleted from these lines
    assert not any(target == "SPEC-WS#3.2" and scope == "full" for target, scope, _ in _applied(reading))
    # new text deleting words of its own object is no point repealed
    assert ("SPEC-WS#1.1", "full", False) not in _applied(reading)
