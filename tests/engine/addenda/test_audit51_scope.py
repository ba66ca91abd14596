"""Audit 51: no applied edge on a provision an item does not change, and none left out of a range.

- "All references to Paragraph X in Paragraph Y are deleted" changes Y in part, X not at all
  (``references._cites``, ``gate._WORDS_SUBJECT``).
- "Paragraph E: Delete Paragraph F." deletes F; E only says where the item is
  (``extent._opening_places``).
- An exception before the verb cites what it names, and one naming nothing makes the change a
  proposal (the pack's ``reasons`` with the group ``exception``, ``steps._One._excepted_first``).
- "Paragraphs 2.1.B through 2.1.D" holds 2.1.C too (``references._paragraph_ranges``).
- Exception words in the owners' other languages (the pack's ``reasons``).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 - PRODUCTS\n\n2.1 MIXES\n\n"
        "A. Strength.\n\nB. Slump.\n\nC. Air content.\n\nD. Water-cement ratio.\n\nE. Aggregate.\n\nF. Fly ash.\n\n"
        "2.2 CURING\n\nA. Cure for 7 days.\n\nB. Curing compound.\n\nC. Protect from freezing as in Paragraph 2.2.B.\n")


@pytest.fixture
def project(tmp_path):
    start_project(tmp_path, "audit-51")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", SPEC)
    return tmp_path


def _read(project, rules, item: str):
    write_doc(project, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1. " + item)
    reading = read_project(project, rules)
    return _applied(reading), _proposed(reading), reading


def _full(*letters: str) -> set[tuple[str, str, bool]]:
    return {(f"SPEC-033000#2.1.{letter}", "full", False) for letter in letters}


@pytest.mark.parametrize("item", [
    "Section 03 30 00: All references to Paragraph 2.2.B in Paragraph 2.2.C are deleted.",
    "Section 03 30 00: Delete all references to Paragraph 2.2.B in Paragraph 2.2.C.",
])
def test_every_reference_to_one_paragraph_deleted_from_another_changes_only_the_other_in_part(project, rules, item):
    applied, proposed, _ = _read(project, rules, item)
    assert applied == {("SPEC-033000#2.2.C", "partial", True)}
    assert not proposed


def test_the_paragraph_written_before_the_colon_is_not_deleted_with_the_one_the_verb_names(project, rules):
    applied, proposed, _ = _read(project, rules, "Section 03 30 00, Paragraph 2.1.E: Delete Paragraph 2.1.F.")
    assert applied == _full("F")
    assert not any(t.endswith("#2.1.E") for t, _, _ in proposed)


@pytest.mark.parametrize("item", [
    "Section 03 30 00, Paragraph 2.1.A: Except as noted, delete the paragraph.",
    "Section 03 30 00: Except for Paragraph 2.1.C, Article 2.1 is deleted.",
])
def test_an_exception_before_the_verb_that_leaves_the_scope_unsaid_is_proposed(project, rules, item):
    applied, proposed, _ = _read(project, rules, item)
    assert not applied
    assert len(proposed) == 1 and not any(t.endswith("#2.1.C") for t, _, _ in proposed)


@pytest.mark.parametrize("between", ["through", "thru", "to", "-"])
def test_a_range_of_paragraphs_takes_each_sibling_between_its_ends(project, rules, between):
    applied, _, _ = _read(project, rules, f"Section 03 30 00: Delete Paragraphs 2.1.B {between} 2.1.D.")
    assert applied == _full("B", "C", "D")


def test_a_paragraph_moved_to_another_is_no_range(project, rules):
    applied, proposed, _ = _read(project, rules, "Section 03 30 00: Move Paragraph 2.1.B to 2.1.D.")
    assert not any(t.endswith("#2.1.C") for t, _, _ in applied | proposed)


@pytest.mark.parametrize("item", [
    "Section 03 30 00: With the exception of Paragraph 2.1.C, delete Paragraphs 2.1.B through 2.1.D.",
    "Section 03 30 00: Delete Paragraphs 2.1.B through 2.1.D save Paragraph 2.1.C.",
    "Section 03 30 00: Les paragraphes 2.1.B à 2.1.D sont supprimés, à l'exception du paragraphe 2.1.C.",
])
def test_the_paragraph_a_range_excepts_keeps(project, rules, item):
    applied, proposed, _ = _read(project, rules, item)
    assert applied == _full("B", "D")
    assert not proposed


@pytest.mark.parametrize("item, kept", [
    ("Section 03 30 00: Der Absatz 2.1.A wird gestrichen, mit Ausnahme von Absatz 2.1.B.", "B"),
    ("Section 03 30 00: Delete Paragraph 2.1.A, salvo el párrafo 2.1.B.", "B"),
    ("Section 03 30 00: Delete Paragraph 2.1.A, z wyjątkiem 2.1.B.", "B"),
])
def test_a_paragraph_excepted_in_the_owners_language_is_no_target(project, rules, item, kept):
    applied, proposed, _ = _read(project, rules, item)
    assert not any(t.endswith(f"#2.1.{kept}") for t, _, _ in applied | proposed)
    assert applied == _full("A")
