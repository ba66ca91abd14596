"""Audit 55: a change verb the item does not make in force now is never applied.

Four kinds of words keep a verb from being this addendum's instruction: a condition or an option
(the choice or approval of a party, in the languages the pack reads), a report, forecast or
counterfactual of a change (an earlier addendum made it, a later one may, it would have been made),
a limit to another lot or project, and another section named for the change. Such an item is
proposed or reported, never applied (the pack's ``no_change`` words, read by
``derivation.derive_supersedes``; another section or title named, by ``gate._guard``).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

_MIXES = ("2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Water-cement ratio 0.45.\n\nC. Air content 6 percent.\n\n"
          "2.3 ADMIXTURES\n\nA. Air-entraining admixture.\n\nB. Water-reducing admixture.\n")


def _read(root, rules, line: str):
    start_project(root, "audit-55")
    write_doc(root, "SPEC-033000", "2026-01-05", "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n" + _MIXES,
              title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "SPEC-032000", "2026-01-05", "SECTION 03 20 00 - CONCRETE REINFORCING\n\n" + _MIXES,
              title="Section 03 20 00 Concrete Reinforcing")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 4\n\n1 CHANGES TO THE SPECIFICATIONS\n\n{line}\n")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    # a condition on a party's choice or approval
    "1.1 Section 03 30 00, Paragraph 2.1.C: Should the Owner so elect, delete the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Remove the paragraph only if accepted by the Engineer.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Si el Contratista así lo desea, eliminar el numeral.",
    "1.1 Section 03 30 00, paragraphe 2.1.C : Si le Maître d'ouvrage le demande, supprimer le paragraphe.",
    # an option or discretion
    "1.1 Section 03 30 00, Paragraph 2.1.C: The paragraph may be omitted at the Engineer's discretion.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph, subject to the Architect's written approval.",
    # a change reported, forecast, imagined or taken back
    "1.1 Bulletin No. 2 removed Section 03 30 00, Paragraph 2.1.C.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The paragraph is to be deleted by a subsequent addendum.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Were the alternate taken, the paragraph could have been removed.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph. This instruction is rescinded.",
    # a change limited to another lot or project
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph for Package B only.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Eliminar el numeral únicamente en el Lote 3.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph for the North Annex building only.",
])
def test_a_verb_made_conditional_optional_reported_or_limited_elsewhere_is_not_applied(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading), [(e.target.format(), e.words) for e in reading.applied]
    said = {n.item.path for n in reading.not_understood} | {p.item.path for p in reading.proposed}
    assert "1.1" in said, "the item went unsaid"


def test_a_paragraph_of_another_section_is_not_applied_to_the_captioned_one(tmp_path, rules):
    reading = _read(tmp_path, rules, "1.1 Section 03 30 00, Paragraph 2.3.A: Delete Paragraph 2.3.A of Section 03 20 00.\n\n"
                                     '1.2 Section 03 30 00, Paragraph 2.1.B: Delete "0.45" and substitute "0.40" in '
                                     "Section 03 20 00 only.")
    assert not {t for t, _, _ in applied(reading) if t.startswith("SPEC-033000")}
    assert {"SPEC-033000#2.3.A", "SPEC-033000#2.1.B"} <= {t for t, _, _ in proposed(reading)}


def test_a_section_number_under_another_sections_title_is_proposed_whatever_follows(tmp_path, rules):
    item = '1.1 Section 03 30 00 "Concrete Reinforcing", Paragraph 2.3.B: Delete the paragraph.'
    other = '1.2 Section 03 20 00 "Concrete Reinforcing", Paragraph 2.3.A: Delete the paragraph.'
    for text in (item, f"{item}\n\n{other}"):
        reading = _read(tmp_path / str(len(text)), rules, text)
        assert "SPEC-033000#2.3.B" not in {t for t, _, _ in applied(reading)}
        assert "SPEC-033000#2.3.B" in {t for t, _, _ in proposed(reading)}
    # (the title agreeing with its own number is applied)
    assert ("SPEC-032000#2.3.A", "full", False) in applied(reading)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Eliminar el numeral.",
    '1.1 Section 03 30 00, Paragraph 2.1.C: Revise to read: "Air content 5 percent if approved by the Engineer."',
    "1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph of Section 03 30 00.",
])
def test_a_plain_instruction_still_applies(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert {t for t, _, _ in applied(reading)} == {"SPEC-033000#2.1.C"}
