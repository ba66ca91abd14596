"""Audit 70 C: an item saying its own provision is not changed changes nothing.

"Section 03 30 00, Paragraph 3.2.A: Ref. No. 7 removed this paragraph; the paragraph is not deleted." applied a
deletion of 3.2.A: the change verb told of the reference was read and the denial beside it was not. The pack's
``no_change`` words now read the item's provision (by a pronoun, "the paragraph" or its number) said not deleted, not
removed or not to be revised, the clause ending there: the item is reported, never applied, and what it
names alone ("Paragraph 3.2.A should not be revised.") is no longer proposed as a
change. A denial naming another provision beside a change speaks for that provision alone.
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

_SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
         "B. Water-cement ratio 0.45.\n\n3.1 PLACING\n\nA. Place concrete.\n\nB. Cure concrete.\n\n"
         "3.2 CURING\n\nA. Cure for not less than 7 days.\n\nB. Protect from freezing.\n")


def _read(root, rules, line: str):
    start_project(root, "audit-70c")
    write_doc(root, "SPEC-033000", "2026-01-05", _SPEC, title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 1\n\n1 CHANGES\n\n{line}\n", title="Addendum No. 1")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 3.2.A: Ref. No. 7 removed this paragraph; the paragraph is not deleted.",
    "1.1 Section 03 30 00, Paragraph 3.2.A: Addendum No. 1 removed this paragraph in error; the paragraph is not removed.",
    "1.1 Section 03 30 00, Paragraph 3.2.A: The Engineer deleted this paragraph in the draft; it is not deleted.",
])
def test_a_provision_said_not_deleted_is_never_deleted(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading), [(e.target.format(), e.words) for e in reading.applied]
    assert not {p for p in proposed(reading) if not p[2]}, "a deletion was proposed"


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 3.2.A should not be revised.",
    "1.1 Section 03 30 00, Paragraph 3.2.A: the paragraph is not removed.",
    "1.1 Section 03 30 00, Paragraph 3.2.A is not deleted.",
])
def test_a_provision_said_not_changed_is_proposed_as_no_change(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading) and not proposed(reading), (
        applied(reading), [(p.target.format(), p.evidence.why) for p in reading.proposed])


@pytest.mark.parametrize(("line", "edge"), [
    # the denial of another provision, by its number, speaks for it alone
    ("1.1 Section 03 30 00: Delete Paragraph 3.2.A; Paragraph 3.2.B is not deleted.", ("SPEC-033000#3.2.A", "full", False)),
    ("1.1 Section 03 30 00: Delete Paragraph 3.2.A; do not delete Paragraph 3.2.B.", ("SPEC-033000#3.2.A", "full", False)),
    # a deletion with nothing in its place
    ("1.1 Section 03 30 00, Paragraph 3.2.A: Delete the paragraph and do not replace it.", ("SPEC-033000#3.2.A", "full", False)),
    # a denial inside the new text is the provision's own words
    ('1.1 Section 03 30 00, Paragraph 3.2.A: Revise to read "Cure for not less than 10 days; forms are not removed."',
     ("SPEC-033000#3.2.A", "full", True)),
])
def test_a_change_beside_a_denial_is_still_applied(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {edge}, ([(p.target.format(), p.evidence.why) for p in reading.proposed],
                                        [n.reason for n in reading.not_understood])


def test_a_sheet_not_reissued_still_has_its_note_changed(tmp_path, rules):
    """"Not reissued" says the sheet is not printed again, not that nothing changes: the note revised before it is
    applied (held-out-13's form; a first reading of "not reissued" as no change had lost it)."""
    start_project(tmp_path, "audit-70c")
    (tmp_path / "documents" / "d-101.drawing.yaml").write_text(
        "id: DWG-D-101\nkind: drawing\nsheet: D-101\ntitle: Demolition Plan\nrevision: \"0\"\nseq: 1\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: REMOVE THE FENCE.\"\n  - id: note-2\n    text: \"NOTE 2: PROTECT THE PIPING.\"\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nItem No. 6 - SHEET D-101 - DEMOLITION PLAN\n\n"
              "Revise Note 2 to read: \"NOTE 2: PROTECT THE PIPING AND ITS TEST STATIONS IN PLACE.\" The sheet is not "
              "reissued; bidders shall mark their sets by hand.\n", title="Addendum No. 1")
    reading = read_project(tmp_path, rules)
    assert ("DWG-D-101#note-2", "full", True) in applied(reading), (applied(reading), proposed(reading))
