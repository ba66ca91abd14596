"""An addendum's own numbers are no references (issue 21, held-out-76): an item's own label ("G-2", "K1-03",
"R.4") opening it right before the sheet or section the item names is its label, never a sheet the project
numbers alike; and the addendum's own number, written after the word its title opens with ("BULLETIN NO M-07"
in a bulletin titled "Bulletin no M-07"), is no sheet either. A sheet number opening an item with its title
or instruction after it is still that sheet. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _sheet(root: Path, sheet: str, title: str) -> None:
    (root / "documents" / f"dwg-f99b-{sheet.lower()}.drawing.yaml").write_text(
        f"id: DWG-F99B-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nissued: 2027-09-01\n"
        f"effective: {{from: 2027-09-01}}\nrecorded: 2027-09-01T00:00:00Z\ncallouts:\n"
        f"  - id: note-2\n    text: \"NOTE 2: SEE DETAILS.\"\n")


def _read(root: Path, rules, body: str, title: str = "Addendum 3"):
    start_project(root, "fx99b-own-labels")
    for sheet, name in (("G-2", "Grading plan"), ("G-02", "Grading sections"), ("K1-03", "Kitchen plan"),
                        ("M-07", "Mechanical roof plan"), ("P-310", "Plumbing riser diagram"),
                        ("W-12", "Water main profile")):
        _sheet(root, sheet, name)
    write_doc(root, "ADD-F99B-01", "2027-10-04", body, kind="addendum", title=title)
    reading = read_project(root, rules, "ADD-F99B-01")
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return applied, proposed


@pytest.mark.parametrize(("line", "expected"), [
    # the label "G-2" (held as sheets G-2 and G-02) before the sheet the item replaces
    ("G-2 Sheet P-310 Plumbing Riser Diagram: Replace with the attached Sheet P-310 Rev 2.",
     {("DWG-F99B-P-310", "full", True)}),
    # before a sheet's note, the word "Drawing" and a number sign between
    ("G-2 Drawing No. W-12 Water Main Profile, Note 2: Delete.", {("DWG-F99B-W-12#note-2", "full", False)}),
    # an owner's label of letters, digits and a dash, held as a sheet too
    ("K1-03 Sheet M-07 Mechanical Roof Plan: Replace with the attached Sheet M-07 Revision 1.",
     {("DWG-F99B-M-07", "full", True)}),
], ids=["lettered-label", "label-before-note", "compound-label"])
def test_an_items_own_label_is_not_a_sheet(tmp_path, rules, line, expected):
    body = "ADDENDUM 3\n\nG. CHANGES TO THE DRAWINGS\n\n" + line + "\n"
    applied, proposed = _read(tmp_path, rules, body)
    assert applied == expected, (applied, proposed)
    assert not any(t.startswith(("DWG-F99B-G-", "DWG-F99B-K1-")) for t, _, _ in applied | proposed), (applied, proposed)


def test_a_sheet_number_opening_an_item_with_its_instruction_is_still_the_sheet(tmp_path, rules):
    applied, proposed = _read(tmp_path, rules, "ADDENDUM 3\n\nCHANGES TO THE DRAWINGS\n\n"
                                               "M-07 Delete Note 2 in its entirety.\n")
    assert ("DWG-F99B-M-07#note-2", "full", False) in applied, (applied, proposed)


def test_the_addendums_own_number_is_no_sheet(tmp_path, rules):
    body = ("SUBJECT : BULLETIN NO M-07\nDATE : October 4, 2027\n\n(Subject \"Bulletin No M-07\", date.)\n\n"
            "1. Sheet W-12 is replaced by the attached Sheet W-12 Revision 3.\n\nEND OF BULLETIN NO M-07\n")
    applied, proposed = _read(tmp_path, rules, body, title="Bulletin no M-07, water main renewal")
    assert applied == {("DWG-F99B-W-12", "full", True)}, (applied, proposed)
    assert not any(t == "DWG-F99B-M-07" for t, _, _ in proposed), proposed


def test_the_same_number_named_as_a_sheet_is_still_read(tmp_path, rules):
    # the addendum's own number is kept only where its title's word writes it: "Sheet M-07" is the sheet
    body = "SUBJECT : BULLETIN NO M-07\n\n1. Sheet M-07 is replaced by the attached Sheet M-07 Revision 2.\n"
    applied, proposed = _read(tmp_path, rules, body, title="Bulletin no M-07, roof units")
    assert applied == {("DWG-F99B-M-07", "full", True)}, (applied, proposed)
