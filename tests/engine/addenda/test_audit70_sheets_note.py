"""Audit 70 C L4: "Sheets A-101 and A-102, General Note 1: Revise to read ..." proposed the whole of sheet
A-101 and only A-102's note 1: the sheets listed before the callout were taken whole. Where each listed
sheet holds a callout of that number, each sheet's callout is proposed alike (never a sheet whole); without
"each" in the item a person still confirms it, so nothing is applied. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

SHEET = ("id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nrevision: \"0\"\nissued: 2026-02-02\n"
         "effective: {{from: 2026-02-02}}\nrecorded: 2026-02-02T09:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"GENERAL NOTE 1: DIMENSIONS ARE TO {face}.\"\n"
         "  - id: note-2\n    text: \"GENERAL NOTE 2: VERIFY OPENINGS IN FIELD.\"\n")


def _project(root: Path, *, second_has_note: bool = True) -> None:
    start_project(root, "audit-70-l4")
    (root / "documents" / "b-201.drawing.yaml").write_text(
        SHEET.format(sheet="B-201", title="Ground Floor Plan", face="GRID LINE"))
    second = SHEET.format(sheet="B-202", title="Upper Floor Plan", face="CENTRE OF WALL")
    if not second_has_note:
        second = second[: second.index("  - id: note-1")] + "  - id: note-2\n    text: \"GENERAL NOTE 2: SEE B-201.\"\n"
    (root / "documents" / "b-202.drawing.yaml").write_text(second)


@pytest.mark.parametrize("line", [
    '1.4 Sheets B-201 and B-202, General Note 1: Revise to read "DIMENSIONS ARE TO FACE OF LINING."\n',
    "1.4 Drawings B-201 and B-202, Note 2: Delete.\n",
])
def test_a_note_after_a_list_of_sheets_is_each_sheets_note_proposed_alike(tmp_path: Path, rules, line: str) -> None:
    _project(tmp_path)
    write_doc(tmp_path, "ADD-01", "2026-03-09", "ADDENDUM NO. 1\n\n1. DRAWINGS\n\n" + line, kind="addendum",
              title="Addendum")
    reading = read_project(tmp_path, rules)
    note = "note-1" if "Note 1" in line else "note-2"
    assert not applied(reading), applied(reading)
    targets = {target for target, _, _ in proposed(reading)}
    assert targets == {f"DWG-B-201#{note}", f"DWG-B-202#{note}"}, targets


def test_a_listed_sheet_without_that_note_is_not_given_one(tmp_path: Path, rules) -> None:
    _project(tmp_path, second_has_note=False)
    write_doc(tmp_path, "ADD-01", "2026-03-09", "ADDENDUM NO. 1\n\n1. DRAWINGS\n\n"
              '1.4 Sheets B-202 and B-201, General Note 1: Revise to read "DIMENSIONS ARE TO FACE OF LINING."\n',
              kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert not applied(reading), applied(reading)
    assert "DWG-B-202#note-1" not in {target for target, _, _ in proposed(reading)}
