"""Audit 66 (issue 23): provisions said unchanged together, in the plural ("el numeral 2.1.A y el numeral 2.5.D no
se modifican", "les articles ... ne sont pas modifiés", "os itens ... permanecem inalterados") were read as no words
of the pack's: the first provision was proposed as changed. Each is now what the singular is, never a change; the
singular beside them is the control. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_line

CURING = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
          "A. Compressive strength: 3,500 psi.\n\n2.5 CURING\n\nC. Curing compound: ASTM C309, Type 1.\n\n"
          "D. Evaporation retarder: waterborne.\n")


def _read(root: Path, rules, line: str):
    return read_line(root, rules, "audit-66", line, spec=CURING, doc="SPEC-033000",
                     title="Section 03 30 00 Cast-in-Place Concrete", head="ADDENDUM NO. 6\n\n",
                     issued=("2027-08-02", "2027-09-06"))


@pytest.mark.parametrize("line", [
    "1. Sección 03 30 00: el numeral 2.1.A y el numeral 2.5.D no se modifican.\n",
    "1. Sección 03 30 00: los numerales 2.1.A y 2.5.C no se eliminan.\n",
    "1. Section 03 30 00 : les articles 2.1.A et 2.5.D ne sont pas modifiés.\n",
    "1. Seção 03 30 00: os itens 2.1.A e 2.5.D permanecem inalterados.\n",
    # (the control: the singular, read before)
    "1. Sección 03 30 00: el numeral 2.1.A no se modifica.\n",
])
def test_provisions_said_unchanged_together_are_never_changed(tmp_path, rules, line):
    applied, proposed, reported = _read(tmp_path, rules, line)
    assert not applied and not proposed, (applied, proposed, reported)


# Item 1: an addendum heading its tender's number ("N° 14/2027") against a project whose document holding the numeral
# is of another tender ("N° 9/2027", in its title): never changed, and the report says why; the Portuguese "n.º" was
# not read as the word before a tender's number, so the other tender's document was proposed.
SPEC = "{name}\n\n3 ESTRUCTURA\n\n3.1 El hormigón será H-21.\n\n3.2 El acero será ADN 420.\n"
TENDERS = {
    "es": ("PLIEGO DE ESPECIFICACIONES TÉCNICAS", "SPEC-PET", "Pliego de Especificaciones Técnicas, Licitación N° {n}",
           "ADENDA N° 1 - LICITACIÓN N° {n}\n\n", "1) Se elimina el numeral 3.2.\n", "/"),
    "en": ("TECHNICAL SPECIFICATIONS", "SPEC-TS", "Technical Specifications, Invitation to Bid No. {n}",
           "ADDENDUM NO. 1 - INVITATION TO BID NO. {n}\n\n", "1) Clause 3.2 is deleted.\n", "-"),
    "fr": ("CCTP", "SPEC-CCTP", "CCTP, Appel d'offres n° {n}", "AVIS RECTIFICATIF N° 1 - APPEL D'OFFRES N° {n}\n\n",
           "1) L'article 3.2 est supprimé.\n", "/"),
    "pt": ("CADERNO DE ENCARGOS", "SPEC-CE", "Caderno de Encargos, Concurso n.º {n}", "ADENDA N.º 1 - CONCURSO N.º {n}\n\n",
           "1) O item 3.2 é suprimido.\n", "/"),
}


def _read_tender(root: Path, rules, language: str, held: str, named: str):
    name, doc, title, head, line, mark = TENDERS[language]
    return doc, read_line(root, rules, "audit-66-tender", line, spec=SPEC.format(name=name), doc=doc,
                          title=title.format(n=f"{held}{mark}2027"), head=head.format(n=f"{named}{mark}2027"),
                          issued=("2027-03-01", "2027-04-05"))


@pytest.mark.parametrize("language", sorted(TENDERS))
def test_a_numeral_held_only_by_another_tenders_document_is_reported_saying_so(tmp_path, rules, language):
    doc, (applied, proposed, reported) = _read_tender(tmp_path, rules, language, "9", "14")
    assert not applied and not proposed, (applied, proposed, reported)
    assert f"{doc} holds 3.2, but of another tender" in reported, reported


@pytest.mark.parametrize("language", sorted(TENDERS))
def test_the_same_deletion_in_its_own_tender_is_made(tmp_path, rules, language):
    # (the control: the tender numbers agree; the deletion is applied or proposed, never only reported)
    doc, (applied, proposed, reported) = _read_tender(tmp_path, rules, language, "9", "9")
    assert (f"{doc}#3.2", "full", False) in applied | proposed, (applied, proposed, reported)
