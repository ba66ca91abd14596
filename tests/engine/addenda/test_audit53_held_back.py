"""Audit 53: words that hold an item's change back leave nothing applied, and the item is never silent.

A permission ("may propose to delete"), a condition written after the change ("This item applies
only to the Alternate No. 3 work"), a provision retained beside the one deleted, a reinstatement of
what an earlier addendum deleted, "(Superseded by Addendum No. 4; disregard.)", a change "only for"
one place with the provision standing elsewhere, and an edit of an earlier addendum's answer are the
pack's ``no_change`` words; an item holding them beside a change verb is reported for review even
where it does not open as an instruction (``derivation.derive_supersedes``).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 - PRODUCTS\n\n2.1 MIXES\n\n"
        "A. Strength.\n\nB. Slump.\n\nC. Air content.\n\nD. Water-cement ratio.\n\n"
        "PART 3 - EXECUTION\n\n3.3 FORMS\n\nC. Earth forms are permitted.\n")


@pytest.fixture
def project(tmp_path):
    start_project(tmp_path, "audit-53")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", SPEC)
    return tmp_path


@pytest.mark.parametrize("item", [
    "Section 03 30 00, Paragraph 2.1.B: The Contractor may propose to delete the paragraph and substitute an "
    "equivalent admixture, subject to acceptance.",
    'Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: "A. General: As specified." '
    "This item applies only to the Alternate No. 3 work.",
    "Section 03 30 00, Paragraph 2.1.C: Previously deleted by Addendum No. 2; reinstate the paragraph as "
    "originally written.",
    'Section 03 30 00, Paragraph 2.1.C: Delete the paragraph and substitute: "Slump: 5 inches." '
    "(Superseded by Addendum No. 4; disregard.)",
    'Section 03 30 00, Paragraph 2.1.C: Delete the paragraph and substitute: "Slump: 5 inches." only for the '
    "elevator pit; elsewhere the paragraph remains.",
    "Addendum No. 1, Item 3.4, referring to Section 03 30 00, Paragraph 3.3.C: Delete the answer and "
    'substitute: "Earth forms are not permitted."',
])
def test_a_change_held_back_by_its_own_words_is_not_applied_and_is_reported(project, rules, item):
    write_doc(project, "ADD-01", "2026-02-02", "ADDENDUM NO. 3\n\n1. " + item)
    reading = read_project(project, rules)
    assert not {edge for edge in _applied(reading) if edge[0].startswith("SPEC-033000")}
    reported = {n.item.format() for n in reading.not_understood} | {p.item.format() for p in reading.proposed}
    assert "ADD-01#1" in reported


def test_the_paragraph_retained_beside_a_deletion_is_not_deleted(project, rules):
    write_doc(project, "ADD-01", "2026-02-02", "ADDENDUM NO. 3\n\n1. Section 03 30 00, Paragraph 2.1.C: Retain the "
              "paragraph; delete Paragraph 2.1.D in its entirety.")
    reading = read_project(project, rules)
    assert not any(t.endswith("#2.1.C") for t, _, _ in _applied(reading) | _proposed(reading))
    assert "ADD-01#1" in {n.item.format() for n in reading.not_understood}
