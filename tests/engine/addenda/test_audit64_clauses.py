"""Audit 64 (issue 23): two changes in one sentence, each after its own paragraph and a colon ('Paragraph 2.1.A:
Change "X" to "Y" and Paragraph 2.1.B: change "P" to "Q"'). The second paragraph opens an instruction of its own
(``SECOND_INSTRUCTION``), so it is never what the first verb changes; the first is applied to its own paragraph, in
part; the second, which no reading places, is reported naming its paragraph, never silent. In words and numbers of
our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_line

MIX = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
       "A. Compressive strength: 3,500 psi.\n\nB. Water-cementitious ratio: 0.50.\n\nC. Slump: 5 inches.\n\n"
       "2.2 ADMIXTURES\n\nA. Air entraining: ASTM C260.\n")


def _read(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64", line, spec=MIX, doc="SPEC-033000",
                     title="Section 03 30 00 Cast-in-Place Concrete", head="ADDENDUM NO. 4\n\n",
                     issued=("2027-08-02", "2027-09-06"))


def test_two_changes_each_after_its_own_paragraph_and_a_colon_are_both_said(tmp_path, rules):
    # B3: 2.1.A was silent and 2.1.B proposed as what the first verb changed
    applied, proposed, reported = _read(tmp_path, rules, '1. Section 03 30 00, Paragraph 2.1.A: Change "3,500 psi" to '
                                                         '"4,500 psi" and Paragraph 2.1.B: change "0.50" to "0.42".\n')
    assert ("SPEC-033000#2.1.A", "partial", True) in applied, (applied, proposed, reported)
    kept = {t for t, _, _ in applied | proposed}
    assert "SPEC-033000#2.1.B" in kept or "Paragraph 2.1.B" in reported, (applied, proposed, reported)
    # (neither paragraph changed whole, nor deleted)
    assert not any(s == "full" for _, s, _ in applied | proposed), (applied, proposed)


def test_the_first_change_alone_is_its_paragraphs(tmp_path, rules):
    # (the control: the first clause alone reads as before)
    applied, _, _ = _read(tmp_path, rules, '1. Section 03 30 00, Paragraph 2.1.A: Change "3,500 psi" to "4,500 psi".\n')
    assert ("SPEC-033000#2.1.A", "partial", True) in applied, applied


# H1 (issue 23): a clause saying its own provision is unchanged, joined to another provision's change ("y", "and",
# ";", "et", "e"): that provision is never what the change takes (main deleted 2.1.A whole, or proposed it).
CURING = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
          "A. Compressive strength: 3,500 psi.\n\n2.5 CURING\n\nC. Curing compound: ASTM C309, Type 1.\n\n"
          "D. Evaporation retarder: waterborne.\n")


def _read_curing(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64-h1", line, spec=CURING, doc="SPEC-033000",
                     title="Section 03 30 00 Cast-in-Place Concrete", head="ADDENDUM NO. 5\n\n",
                     issued=("2027-08-02", "2027-09-06"))


@pytest.mark.parametrize(("line", "settled"), [
    ("1. Section 03 30 00: Paragraph 2.1.A: no change, and Paragraph 2.5.D is deleted.\n", True),
    ("1. Sección 03 30 00: el numeral 2.1.A queda sin cambios y el numeral 2.5.D se elimina.\n", True),
    # (a sentence of prose before the verb's own: proposed, as ever, but 2.1.A is no longer proposed with it)
    ("1. Sección 03 30 00: el numeral 2.1.A no se modifica; el numeral 2.5.D se elimina.\n", False),
    ("1. Section 03 30 00 : l'article 2.1.A n'est pas modifié et l'article 2.5.D est supprimé.\n", True),
    ("1. Seção 03 30 00: o item 2.1.A permanece inalterado e o item 2.5.D fica suprimido.\n", True),
])
def test_a_provision_said_unchanged_never_takes_the_change_beside_it(tmp_path, rules, line, settled):
    applied, proposed, reported = _read_curing(tmp_path, rules, line)
    assert not any(t == "SPEC-033000#2.1.A" for t, _, _ in applied | proposed), (applied, proposed, reported)
    # (the change is still made, as the control below makes it: 2.5.D, a paragraph the outline leaves in 2.5)
    assert ("SPEC-033000#2.5", "partial", True) in (applied if settled else proposed), (applied, proposed, reported)


def test_the_change_alone_is_what_the_clauses_beside_it_change(tmp_path, rules):
    # (the control: the deletion alone)
    applied, proposed, _ = _read_curing(tmp_path, rules, "1. Sección 03 30 00: el numeral 2.5.D se elimina.\n")
    assert applied == {("SPEC-033000#2.5", "partial", True)} and not proposed, (applied, proposed)
