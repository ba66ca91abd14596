"""Audit 69 C's HIGH over-reaches of addenda readings (issue 23): forms read as this addendum's
instruction, applied, that are none. Each is held back (proposed, reported, or nothing), its
control still applied.

- F1: a condition inverted ("Should the access road be re-routed, Drawing C-204 Rev. B will be
  withdrawn ...") was cut from its verb by a sentence ended at "Rev.": the frame's sentences end at no
  abbreviation's point, as the clauses of the readings do (one pattern, ``extent.ABBREVIATION_POINT``).
- F8: a past tense's account of an earlier issue's act ("Bidders are reminded that Drawing C-204 Rev. A
  was withdrawn and replaced by Drawing C-204 Rev. B in Addendum No. 1") is the frame's report of another
  issue's change, the issue named after the verb's object as well as right after the verb; a past tense
  naming no other issue ("has been withdrawn and replaced") stays this addendum's instruction.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _sheets(root: Path, addendum: str) -> None:
    start_project(root, "audit-69-c")
    write_sheet(root, "C-204")
    write_doc(root, "ADD-01", "2026-02-02", addendum, kind="addendum", title="Addendum No. 2")


_DRAWINGS = "ADDENDUM NO. 2\n\nDRAWINGS\n\n"


@pytest.mark.parametrize("line", [
    "1. Should the access road be re-routed, Drawing C-204 Rev. B will be withdrawn and replaced by "
    "Drawing C-204 Rev. C.",
    "1. If the access road is re-routed, Drawing C-204 Rev. B will be withdrawn and replaced by Drawing C-204 Rev. C.",
    "1. Unless the access road is re-routed, Drawing No. C-204 will be withdrawn and replaced by Drawing C-204 Rev. C.",
])
def test_a_conditional_sheet_withdrawal_is_not_applied(tmp_path, rules, line):
    _sheets(tmp_path, _DRAWINGS + line + "\n")
    reading = read_project(tmp_path, rules)
    assert not {t for t in _applied(reading) if t[0] == "DWG-C-204"}
    assert ("DWG-C-204", "full", True) in _proposed(reading)


def test_control_a_sheet_withdrawn_and_replaced_at_a_revision_is_applied(tmp_path, rules):
    _sheets(tmp_path, _DRAWINGS + "1. Drawing C-204 Rev. B is withdrawn and replaced by Drawing C-204 Rev. C enclosed.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-C-204", "full", True)}


@pytest.mark.parametrize("line", [
    "1. Bidders are reminded that Drawing C-204 Rev. A was withdrawn and replaced by Drawing C-204 Rev. B in "
    "Addendum No. 1.",
    "1. Note: Drawing C-204 Rev. A was withdrawn and replaced by Drawing C-204 Rev. B under Addendum No. 1; "
    "no further change.",
    "1. Bidders are reminded that Drawing C-204 was withdrawn from this Contract by Addendum No. 1.",
])
def test_an_account_of_an_earlier_addendum_is_not_applied(tmp_path, rules, line):
    _sheets(tmp_path, _DRAWINGS + line + "\n")
    reading = read_project(tmp_path, rules)
    assert not {t for t in _applied(reading) if t[0] == "DWG-C-204"}


@pytest.mark.parametrize("line", [
    "1. Drawing C-204 Rev. A has been withdrawn and replaced by Drawing C-204 Rev. B enclosed.",
    "1. Drawing C-204 Rev. A has been withdrawn and replaced by Drawing C-204 Rev. B in Addendum No. 2.",
])
def test_control_a_past_tense_naming_no_other_addendum_is_applied(tmp_path, rules, line):
    _sheets(tmp_path, _DRAWINGS + line + "\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-C-204", "full", True)}
