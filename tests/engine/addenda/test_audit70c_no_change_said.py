"""Audit 70 C L1: an item saying nothing changes in words other than a denied verb proposes no change.

"Tenderers are advised that Clause 3.1 is unchanged.", "Do not delete Paragraph 3.2.A" and "Tenderers should note
that dimensions are to face of stud as previously stated." were proposed as changes (in part, or the note given anew):
the pack's ``no_change`` words now read a provision said unchanged by its number or a pronoun, a change forbidden
opening the item or its words after the caption with the provision its object, and what is pointed back at as stated
before. A forbidden change after a change of the item's own ("Delete Paragraph 3.2.A; do not delete Paragraph
3.2.B.", "Delete the paragraph and do not replace it") leaves that change applied, and a caption's new text in the
imperative ("Note 1: Do not remove shoring until ...") is still the note given anew.
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

_SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
         "B. Water-cement ratio 0.45.\n\n3.1 PLACING\n\nA. Place concrete.\n\nB. Cure concrete.\n\n"
         "3.2 CURING\n\nA. Cure for not less than 7 days.\n\nB. Protect from freezing.\n")
_SHEET = ("id: DWG-A-101\nkind: drawing\nsheet: A-101\ntitle: First Floor Plan\nrevision: \"0\"\nseq: 1\n"
          "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n"
          "  - id: note-1\n    text: \"GENERAL NOTE 1: DIMENSIONS ARE TO FACE OF STUD.\"\n"
          "  - id: note-2\n    text: \"GENERAL NOTE 2: PROVIDE FIRE EXTINGUISHER CABINETS AT EACH EXIT.\"\n")


def _read(root, rules, line: str):
    start_project(root, "audit-70c")
    write_doc(root, "SPEC-033000", "2026-01-05", _SPEC, title="Section 03 30 00 Cast-in-Place Concrete")
    (root / "documents" / "a-101.drawing.yaml").write_text(_SHEET)
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 1\n\n1 CHANGES\n\n{line}\n", title="Addendum No. 1")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Clause 3.1: Tenderers are advised that Clause 3.1 is unchanged.",
    "1.1 Tenderers are advised that Section 03 30 00, Clause 3.1 is unchanged.",
    "1.1 Section 03 30 00, Paragraph 3.2.A: It is unchanged.",
    "1.1 Do not delete Section 03 30 00, Paragraph 3.2.A.",
    "1.1 Section 03 30 00: Do not delete Paragraph 3.2.A.",
    "1.1 Section 03 30 00, Paragraph 3.2.A: Do not revise this paragraph.",
    "1.1 Drawing A-101, Note 1: Tenderers should note that dimensions are to face of stud as previously stated.",
])
def test_an_item_saying_nothing_changes_proposes_nothing(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading) and not proposed(reading), (
        applied(reading), [(p.target.format(), p.evidence.why) for p in reading.proposed])


@pytest.mark.parametrize(("line", "edge"), [
    ("1.1 Section 03 30 00: Delete Paragraph 3.2.A; do not delete Paragraph 3.2.B.", ("SPEC-033000#3.2.A", "full", False)),
    ("1.1 Section 03 30 00, Paragraph 3.2.A: Delete the paragraph and do not replace it.", ("SPEC-033000#3.2.A", "full", False)),
    ('1.1 Section 03 30 00, Paragraph 3.2.A: Delete "7" and substitute "10"; Paragraph 3.2.B is unchanged.',
     ("SPEC-033000#3.2.A", "partial", True)),
])
def test_a_change_beside_these_words_is_still_applied(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {edge}, ([(p.target.format(), p.evidence.why) for p in reading.proposed],
                                        [n.reason for n in reading.not_understood])


def test_a_notes_new_text_in_the_imperative_is_still_the_note_given_anew(tmp_path, rules):
    reading = _read(tmp_path, rules, "1.1 Drawing A-101, Note 1: Do not remove shoring until the slab reaches 75 "
                                     "percent of its strength.")
    assert proposed(reading) == {("DWG-A-101#note-1", "full", True)}
