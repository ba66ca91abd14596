"""Round 71 of issue 21, applied recall: changes the engine read right but only proposed, where a
careful document controller would apply them without asking. Each test also keeps a near form
proposed, so that the rule stays no wider than its plain reading. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-02-08") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Addendum No. 2", body, kind="addendum", issued="2027-03-15")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


ROOFING = ("SECTION 07 41 13 - METAL ROOF PANELS\n\nPART 2 PRODUCTS\n\n2.1 PANELS\n\n"
           "A. Panels shall be 24-gauge galvalume steel, standing seam.\n\n"
           "B. Seams shall be 2 inches high, mechanically locked.\n\n"
           "C. Finish shall be a two-coat fluoropolymer system.\n\n"
           "PART 3 EXECUTION\n\n3.1 INSTALLATION\n\n"
           "A. Install the panels over a self-adhered underlayment, lapped 6 inches.\n\n"
           "B. Fasten the clips at 18 inches on centre.\n")


def _roofing_addendum(part_line: str, instruction: str) -> str:
    return ("ADDENDUM NO. 2\n\nThe Owner amends the bid documents as follows. Where a part is named on its own line, "
            "the instruction below it applies to that part of the Section headed above it.\n\n"
            "Section 07 41 13 Metal Roof Panels\n\n" + part_line + "\n\n" + instruction + "\n")


@pytest.mark.parametrize("part_line, instruction, edge", [
    # the part deleted, nothing in its place
    ("Sub-Clause 2.1.C", "Delete the Sub-Clause.", ("SPEC-074113#2.1.C", "full", False)),
    # the part replaced, its new text quoted below
    ("Sub-Clause 2.1.B", 'Delete entirely and substitute following:\n\n"B. Seams shall be 3 inches high, '
                         'double-locked on site."', ("SPEC-074113#2.1.B", "full", True)),
    # words of the part changed, quoted
    ("Sub-Clause 3.1.B", 'In the first line, delete "18 inches" and substitute "12 inches".',
     ("SPEC-074113#3.1.B", "partial", True)),
    ("Clause 3.1.A - Underlayment", 'Delete "6 inches" and insert "8 inches".', ("SPEC-074113#3.1.A", "partial", True)),
])
def test_a_plain_instruction_under_a_line_naming_one_part_is_applied_to_that_part(tmp_path, rules, part_line,
                                                                                 instruction, edge):
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, proposed = _read(tmp_path, rules, _roofing_addendum(part_line, instruction))
    assert edge in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-074113" for t, _, _ in applied | proposed), (applied, proposed)


def test_an_instruction_under_a_part_line_naming_a_provision_of_its_own_stays_proposed(tmp_path, rules):
    # the verb opens the item, but the item names another paragraph itself: which of the two it
    # changes is for a person to say
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, _ = _read(tmp_path, rules, _roofing_addendum(
        "Sub-Clause 2.1.B", "Delete paragraph 3.1.B and substitute following:\n\n\"B. Fasten the clips at 12 inches.\""))
    assert ("SPEC-074113#2.1.B", "full", True) not in applied, applied


def test_an_instruction_under_a_part_line_whose_verb_does_not_open_it_stays_proposed(tmp_path, rules):
    # the deletion hangs on a condition written before it: not a plain instruction on the part
    start_project(tmp_path, "round-71-part-line")
    _doc(tmp_path, "SPEC-074113", "Section 07 41 13 - Metal Roof Panels", ROOFING)
    reading, applied, proposed = _read(tmp_path, rules, _roofing_addendum(
        "Sub-Clause 2.1.C", "Where the Owner takes the alternate roof, delete the Sub-Clause."))
    assert not any(t.startswith("SPEC-074113") for t, _, _ in applied), (applied, proposed)

