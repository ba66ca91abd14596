"""Audit 50: an item applies no edge to a provision it does not change.

- A provision named after an exception ("except", "excepting", "with the exception of", "other than")
  is never a target; where it lies inside what the instruction changes, that change is not whole and
  is proposed (the pack's ``reasons`` words, Python: ``steps._reasons_cited``).
- "the reference to X in Y is deleted" / "delete the reference to X from Y": Y changes in part, X not
  at all (``references._cites``, ``gate._guard``).
- "Paragraph 1.5.D: delete nothing." changes nothing (the pack's ``no_change``).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 1 - GENERAL\n\n1.1 SUBMITTALS\n\n"
        "A. Product data.\n\nB. Design mixtures.\n\n"
        "PART 2 - PRODUCTS\n\n2.1 MIXTURES\n\nA. Normal-weight concrete.\n\nB. Slump limit.\n\n"
        "C. Air content.\n\nD. Water-cement ratio.\n\n"
        "2.2 MATERIALS\n\nA. Portland cement.\n\nB. Fly ash.\n\n"
        "PART 3 - EXECUTION\n\n3.3 FORMWORK\n\nA. Design formwork.\n\n"
        "B. Chamfer corners as in Paragraph 2.1.C.\n\nC. Tolerances per Paragraph 2.1.D.\n")


@pytest.fixture
def project(tmp_path):
    start_project(tmp_path, "audit-50")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", SPEC)
    return tmp_path


def _read(project, rules, body: str):
    write_doc(project, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n" + body)
    reading = read_project(project, rules)
    return _applied(reading), _proposed(reading), reading


@pytest.mark.parametrize("item", [
    "1. Section 03 30 00, Paragraph 2.1 is deleted, except Paragraph 2.1.A.",
    "1. Section 03 30 00: delete Article 2.1 with the exception of Paragraph 2.1.A.",
    "1. Section 03 30 00: delete Article 2.1, excepting Paragraph 2.1.A.",
    "1. Section 03 30 00: delete Article 2.1 other than Paragraph 2.1.A.",
])
def test_a_deletion_that_excepts_a_paragraph_inside_it_is_proposed_and_spares_the_paragraph(project, rules, item):
    applied, proposed, _ = _read(project, rules, item)
    assert not applied
    assert {t for t, _, _ in proposed} == {"SPEC-033000#2.1"}


def test_the_excepted_paragraph_of_an_article_deleted_in_part_gets_no_edge(project, rules):
    applied, proposed, _ = _read(project, rules, "1. Section 03 30 00: delete all of Article 2.2 except Paragraph 2.2.A.")
    assert not any(t == "SPEC-033000#2.2.A" for t, _, _ in applied | proposed)
    assert not applied and proposed


def test_a_range_less_its_excepted_member_applies_to_the_others(project, rules):
    applied, _, _ = _read(project, rules, "1. Section 03 30 00: delete Paragraphs 2.1.B through 2.1.D, "
                                          "excepting Paragraph 2.1.C.")
    assert applied == {("SPEC-033000#2.1.B", "full", False), ("SPEC-033000#2.1.D", "full", False)}


def test_a_reason_naming_another_provision_still_applies(project, rules):
    applied, _, _ = _read(project, rules, "1. Section 03 30 00: delete Paragraph 2.2.B as it duplicates Paragraph 2.1.A.")
    assert applied == {("SPEC-033000#2.2.B", "full", False)}


@pytest.mark.parametrize("item, place", [
    ("1. In Section 03 30 00, the reference to Paragraph 2.1.C in Paragraph 3.3.B is deleted.", "3.3.B"),
    ("1. In Section 03 30 00, the reference to Paragraph 2.1.C in Paragraph 3.3.B is removed.", "3.3.B"),
    ("1. Section 03 30 00, Paragraph 3.3.B: the reference to Paragraph 2.1.C is struck.", "3.3.B"),
    ("1. Section 03 30 00: delete the reference to Paragraph 2.1.D from Paragraph 3.3.C.", "3.3.C"),
])
def test_a_reference_deleted_changes_the_paragraph_holding_it_in_part_and_never_the_one_referred_to(
        project, rules, item, place):
    applied, proposed, _ = _read(project, rules, item)
    assert applied == {(f"SPEC-033000#{place}", "partial", True)}
    assert not any(t.startswith("SPEC-033000#2.1") for t, _, _ in applied | proposed)


def test_a_paragraph_of_which_nothing_is_deleted_is_not_changed(project, rules):
    applied, proposed, reading = _read(project, rules, "1. Section 03 30 00, Paragraph 1.1.B: delete nothing.\n\n"
                                                       "2. Section 03 30 00, Paragraph 2.2.B: nothing is removed.")
    assert not applied and not proposed and not reading.not_understood
