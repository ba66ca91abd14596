"""Two readings of round 77 (issue 21), each held here by a test of its own, in words and numbers of our own:
the title written after a designation reads words of any Latin letters ("Sección 3 – Especificaciones
técnicas", "Section II – Études ..."), so where two documents carry the designation the accented title says
which; and a Spanish-speaking owner's "rubro n.n" (an item of the bill, numbering its technical
specifications) is a reference noun as "numeral n.n" is."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

WORKS = ("ESPECIFICACIONES\n\n1 OBRAS PRELIMINARES\n\n1.1 Replanteo con estación total.\n\n"
         "1.2 Cerramiento provisional de 2 m de altura.\n\n2 ESTRUCTURA\n\n2.1 Hormigón de 240 kg/cm2 en columnas.\n\n"
         "2.2 Acero de refuerzo de 4200 kg/cm2.\n")
FORMS = ("FORMULARIOS\n\n1 CARTA\n\n1.1 Carta de presentación firmada.\n\n1.2 Declaración de integridad.\n\n"
         "2 GARANTÍAS\n\n2.1 Garantía de seriedad del 2 %.\n\n2.2 Garantía de fiel cumplimiento.\n")


def _read(root: Path, rules, body: str):
    write_doc(root, "ADD-01", "2027-10-04", body, kind="addendum", title="Adenda 1")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


@pytest.mark.parametrize(("works_title", "forms_title", "item", "target"), [
    # the accent inside the title's second word (the title read "Especificaciones t" and fitted neither)
    ("Sección 3 – Especificaciones técnicas, centro de salud de Pallatanga", "Sección 3 – Formularios de la oferta",
     "ACLARACIÓN 2: Sección 3 – Especificaciones técnicas, numeral 2.2: se elimina.", "SPEC-WORKS#2.2"),
    # the title opening with an accented capital (no title read at all)
    ("Section II – Études et prescriptions techniques, lycée de Daloa", "Section II – Formulaires de soumission",
     "Section II, Études et prescriptions techniques, article 1.2 : supprimé.", "SPEC-WORKS#1.2"),
], ids=["accent-inside-the-title", "title-opening-accented"])
def test_an_accented_title_says_which_of_two_documents_so_designated(tmp_path, rules, works_title, forms_title,
                                                                    item, target):
    start_project(tmp_path, "round-78c")
    write_doc(tmp_path, "SPEC-WORKS", "2027-09-01", WORKS, title=works_title)
    write_doc(tmp_path, "SPEC-FORMS", "2027-09-01", FORMS, title=forms_title)
    reading, applied, proposed = _read(tmp_path, rules, f"ADENDA N° 1\n\n{item}\n")
    assert applied == {(target, "full", False)}, (applied, proposed, reading.not_understood)
    assert not any(t.startswith("SPEC-FORMS") for t, _, _ in applied | proposed), (applied, proposed)


def test_a_rubro_is_a_reference_to_the_numbered_item_of_the_specifications(tmp_path, rules):
    start_project(tmp_path, "round-78c")
    write_doc(tmp_path, "SPEC-WORKS", "2027-09-01", WORKS, title="Especificaciones técnicas, centro de salud de Alausí")
    write_doc(tmp_path, "SPEC-FORMS", "2027-09-01", FORMS, title="Formularios de la oferta")
    reading, applied, proposed = _read(tmp_path, rules, (
        "ACTA DE ACLARACIONES\n\n"
        'ACLARACIÓN 4: Especificaciones técnicas, rubro 1.2: se modifica el texto "de 2 m" por "de 2,40 m".\n'))
    # placed where the one document so titled holds that number (no section named: a person confirms it)
    assert (applied | proposed) == {("SPEC-WORKS#1.2", "partial", True)}, (applied, proposed, reading.not_understood)
    assert not reading.not_understood, reading.not_understood


def test_a_rubro_naming_no_document_is_reported_by_its_number(tmp_path, rules):
    start_project(tmp_path, "round-78c")
    write_doc(tmp_path, "SPEC-WORKS", "2027-09-01", WORKS, title="Especificaciones técnicas, centro de salud de Alausí")
    write_doc(tmp_path, "SPEC-FORMS", "2027-09-01", FORMS, title="Formularios de la oferta")
    reading, applied, proposed = _read(tmp_path, rules, "ACTA DE ACLARACIONES\n\nACLARACIÓN 7: Rubro 2.1: se elimina.\n")
    assert not applied and not proposed, (applied, proposed)
    assert [r.reason for r in reading.not_understood] == ["names Rubro 2.1, but no section it belongs to"], \
        reading.not_understood
