"""Audit 57: an item naming a target beside a change verb in any form - negated ("n'est pas
supprimé"), reported ("Addendum No. 2 removed"), a noun ("Omission of ... was declined"), or a verb
no pattern of the pack reads ("streichen") - is reported when no reading placed it, never silent
(``engine.addenda.silent``: the net reads a line whose words say nothing changes too).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, read_project, start_project
from corpus_writer import write_doc

_MIXES = ("2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Water-cement ratio 0.45.\n\nC. Air content 6 percent.\n")


def _read(root, rules, line: str):
    start_project(root, "audit-57-silent")
    write_doc(root, "SPEC-033000", "2026-01-05", "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n" + _MIXES,
              title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 4\n\n1 CHANGES TO THE SPECIFICATIONS\n\n{line}\n",
              title="Addendum No. 4")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 2.1.C: Addendum No. 2 removed the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Omission of the paragraph was weighed and declined.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Den Absatz streichen, sofern der Bauherr es verlangt.",
])
def test_a_named_target_beside_a_change_verb_in_any_form_is_reported_never_silent(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading)
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert "1.1" in said, "the item names a target beside a change verb, yet nothing says it"
