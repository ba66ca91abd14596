"""Audit 54's addenda findings (issue 23), in words of our own: round 55's new verbs negated in Danish and
French, Spanish infinitives in a sentence that only states a duty of the work, and a paragraph said to be
"of" a document whose title is not the target's — none may apply an edge."""

from __future__ import annotations

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Slump 4 inches.\n\n"
            "2.3 ADMIXTURES\n\nA. Air-entraining admixture.\n\nB. Water-reducing admixture.\n")


def _read(tmp_path, rules, line: str):
    start_project(tmp_path, "audit-54")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", CONCRETE, title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(tmp_path, "ADD-01", "2026-02-02", f"ADDENDUM NO. 3\n\n1 CHANGES TO THE SPECIFICATIONS\n\n{line}\n")
    return read_project(tmp_path, rules)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, afsnit 2.3.B udgår ikke.",
    "1.1 Section 03 30 00, article 2.3, alinéa B n'est pas annulé.",
    "1.1 Section 03 30 00, afsnit 2.3.B tilføjes ikke noget.",
    "1.1 Section 03 30 00, afsnit 2.3.B: Bemærk at teksten ikke rettes til.",
    "1.1 Section 03 30 00, Paragraph 2.3.B: Il n'y a pas lieu de modifier le paragraphe.",
    "1.1 Aclaración: el Contratista deberá agregar el aditivo conforme al numeral 2.3.B de la Sección 03 30 00.",
    "1.1 Section 03 30 00, Paragraph 2.3.B: Agregar el aditivo al concreto en obra es responsabilidad del Contratista.",
    "1.1 Section 03 30 00: Eliminar el numeral 2.1.B del Anexo Técnico.",
])
def test_a_negated_verb_a_duty_or_another_documents_numeral_applies_nothing(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not reading.applied, [(e.target.format(), e.words) for e in reading.applied]


def test_the_spanish_instruction_forms_still_apply(tmp_path, rules):
    reading = _read(tmp_path, rules, "1.1 Section 03 30 00: Eliminar el numeral 2.3.B.\n\n"
                                      '1.2 Section 03 30 00: Agregar al numeral 2.1.A lo siguiente: "Test at 7 days."')
    assert {(e.target.format(), e.scope) for e in reading.applied} == {
        ("SPEC-033000#2.3.B", "full"), ("SPEC-033000#2.1.A", "partial")}
