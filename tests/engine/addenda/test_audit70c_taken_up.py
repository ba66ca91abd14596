"""Audit 70 C F6: an item naming its own paragraph, then "this paragraph", speaks of that one.

"1.2 Section 03 30 00, Paragraph 3.2.A: Addendum No. 0 deleted this paragraph in error; it is reinstated as
written." after an item on Section 08 71 00, Paragraph 2.3.A was proposed as a DELETION of 08 71 00
¶2.3.A: the clause beside the reinstatement ("... deleted this paragraph in error") was read as a
change, and "this paragraph" was taken up from the item before. What an earlier issue (or anyone) did,
told in the past ("Addendum No. 0 deleted ...", "... omitted ... in error"), is no change this item
makes; and words taking a part up mean the one the item itself names before them, never the item
before's. The reinstatement is reported for a person, as any reinstatement is.
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, read_project, start_project
from corpus_writer import write_doc

_HARDWARE = "SECTION 08 71 00 - DOOR HARDWARE\n\n2.3 CLOSERS\n\nA. Surface-mounted closers, Grade 1.\n\nB. Hold-open arms.\n"
_CONCRETE = "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n3.2 CURING\n\nA. Cure for not less than 7 days.\n\nB. Keep forms wet.\n"


def _read(root, rules, line: str):
    start_project(root, "audit-70c-taken-up")
    write_doc(root, "SPEC-087100", "2026-01-05", _HARDWARE, title="Section 08 71 00 Door Hardware")
    write_doc(root, "SPEC-033000", "2026-01-05", _CONCRETE, title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1 CHANGES TO THE SPECIFICATIONS\n\n"
              '1.1 Section 08 71 00, Paragraph 2.3.A: Delete "Grade 1" and substitute "Grade 2".\n\n' + line + "\n",
              title="Addendum No. 1")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    "1.2 Section 03 30 00, Paragraph 3.2.A: Addendum No. 0 deleted this paragraph in error; it is reinstated as written.",
    "1.2 Section 03 30 00, Paragraph 3.2.A: Addendum No. 0 deleted this paragraph in error. It is reinstated as written.",
    "1.2 Section 03 30 00, Paragraph 3.2.A: Bulletin No. 2 removed this paragraph by mistake; it is restored as issued.",
    "1.2 Section 03 30 00, Paragraph 3.2.A: The previous addendum deleted this paragraph in error; reinstate it as "
    "originally issued.",
    "1.2 Paragraph 3.2.A of Section 03 30 00: Addendum No. 0 omitted that paragraph in error; it is reinstated as written.",
    "1.2 Section 03 30 00, Paragraph 3.2.A: The printer omitted this paragraph in error; it is reinstated as written.",
    # ("No. 2" read as a sentence's end: the words taking the paragraph up stand alone, the item's own name before them)
    "1.2 Section 03 30 00, Paragraph 3.2.A: The Contractor No. 2 deleted this paragraph in error; it is reinstated as "
    "written.",
])
def test_a_reinstatement_beside_an_account_of_the_deletion_deletes_nothing(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {("SPEC-087100#2.3.A", "partial", True)}
    assert not [p for p in reading.proposed if p.item.path == "1.2"], [
        (p.target.format(), p.scope, p.successor, p.evidence.why) for p in reading.proposed]
    assert [n for n in reading.not_understood if n.item.path == "1.2"], "the reinstatement went unsaid"


@pytest.mark.parametrize("line", [
    "1.2 The same paragraph is deleted.",
    "1.2 Further, that paragraph is deleted.",
])
def test_a_paragraph_the_item_does_not_name_is_still_taken_up_from_the_item_before(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert {(p.item.path, p.target.format(), p.successor) for p in reading.proposed} == {
        ("1.2", "SPEC-087100#2.3.A", False)}
