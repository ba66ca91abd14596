"""Round 73 of issue 21: a clause of no named document ("Se elimina el numeral 4.2.") in an addendum whose
other items changed clauses of one document on their own words ("numeral 1.2 del Pliego de Condiciones
Particulares ... queda redactado así") is that document's, where it is the one of the documents so changed
holding a clause of that number: applied as a clause of a named document is. Where no other item changed a
document, or two documents so changed hold the clause, it stays proposed. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PLIEGO = ("PLIEGO DE CONDICIONES PARTICULARES\n\n1. OBJETO\n\n1.1 El objeto es la reforma del mercado municipal.\n\n"
          "1.2 El plazo de ejecución será de 180 días calendario.\n\n2. OFERTAS\n\n"
          "2.1 Las ofertas se presentarán en sobre cerrado.\n\n2.2 La oferta incluirá el plan de trabajo.\n\n"
          "3. GARANTÍAS\n\n3.1 La garantía de mantenimiento de oferta será de UI 40.000.\n\n"
          "3.2 La garantía de fiel cumplimiento será del 5 % del monto del contrato.\n")
TECNICAS = ("ESPECIFICACIONES TÉCNICAS\n\n1. GENERALIDADES\n\n1.1 Las obras comprenden la cubierta y los locales.\n\n"
            "2. CUBIERTA\n\n2.1 La chapa será de acero prepintado de 0,5 mm.\n\n2.2 Las canaletas serán de chapa galvanizada.\n\n"
            "3. LOCALES\n\n3.1 Los pisos serán de monolítico pulido.\n\n3.2 Las puertas serán de chapa doble.\n")


def _project(root: Path) -> None:
    write_doc(root, "SPEC-PCP-MM", "2027-09-01", PLIEGO, kind="specification",
              title="Pliego de Condiciones Particulares, Licitación Pública No. 7/2027, Reforma del Mercado Municipal")
    write_doc(root, "SPEC-ET-MM", "2027-09-01", TECNICAS, kind="specification",
              title="Especificaciones Técnicas, Licitación Pública No. 7/2027, Reforma del Mercado Municipal")


def _read(root: Path, rules, body: str):
    write_doc(root, "ADD-01", "2027-10-05", body, kind="addendum", title="Comunicado No. 3")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


HEAD = ("LICITACIÓN PÚBLICA No. 7/2027 - REFORMA DEL MERCADO MUNICIPAL\n\nCOMUNICADO No. 3\n\n"
        "Se comunican las consultas recibidas, sus respuestas y las modificaciones al pliego.\n\n")


def test_a_bare_clause_goes_in_the_document_the_addendum_changed_on_its_own_words(tmp_path, rules):
    start_project(tmp_path, "round-73-placed")
    _project(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, HEAD + (
        "CONSULTA 1: ¿Puede ampliarse el plazo?\n\n"
        "RESPUESTA: Se modifica el numeral 1.2 del Pliego de Condiciones Particulares, que queda redactado así: "
        "\"1.2 El plazo de ejecución será de 240 días calendario.\"\n\n"
        "MODIFICACIONES AL PLIEGO\n\n"
        "1) Se elimina el numeral 3.2.\n\n"
        "2) Se sustituye el numeral 2.1 por el siguiente: \"2.1 Las ofertas se presentarán en línea.\"\n"))
    assert ("SPEC-PCP-MM#1.2", "full", True) in applied, (applied, proposed, reading.not_understood)
    assert ("SPEC-PCP-MM#3.2", "full", False) in applied, (applied, proposed)
    assert ("SPEC-PCP-MM#2.1", "full", True) in applied, (applied, proposed)
    assert not any(t.startswith("SPEC-ET-MM") for t, _, _ in applied), applied


def test_a_bare_clause_stays_proposed_where_no_other_item_changed_a_document(tmp_path, rules):
    start_project(tmp_path, "round-73-placed")
    _project(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, HEAD + (
        "MODIFICACIONES AL PLIEGO\n\n1) Se elimina el numeral 3.2.\n\n"
        "2) Se sustituye el numeral 2.1 por el siguiente: \"2.1 Las ofertas se presentarán en línea.\"\n"))
    assert not any(t.endswith(("#3.2", "#2.1")) for t, _, _ in applied), applied


def test_a_bare_clause_stays_proposed_where_two_documents_changed_hold_it(tmp_path, rules):
    # the addendum changed a clause of each document on its own words: which one's 3.2 is meant is not said
    start_project(tmp_path, "round-73-placed")
    _project(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, HEAD + (
        "1) Se modifica el numeral 1.2 del Pliego de Condiciones Particulares, que queda redactado así: "
        "\"1.2 El plazo de ejecución será de 240 días calendario.\"\n\n"
        "2) Se modifica el numeral 2.2 de las Especificaciones Técnicas, que queda redactado así: "
        "\"2.2 Las canaletas serán de PVC.\"\n\n"
        "3) Se elimina el numeral 3.2.\n"))
    assert ("SPEC-PCP-MM#1.2", "full", True) in applied and ("SPEC-ET-MM#2.2", "full", True) in applied, (
        applied, proposed, reading.not_understood)
    assert not any(t.endswith("#3.2") for t, _, _ in applied), applied


def test_a_clause_the_item_gives_another_numbered_document_stays_unapplied(tmp_path, rules):
    # "(Documento No. 8)", a document no title of the project opens with: its 3.2 is that document's, not the pliego's
    start_project(tmp_path, "round-73-placed")
    _project(tmp_path)
    reading, applied, proposed = _read(tmp_path, rules, HEAD + (
        "1) Se modifica el numeral 1.2 del Pliego de Condiciones Particulares, que queda redactado así: "
        "\"1.2 El plazo de ejecución será de 240 días calendario.\"\n\n"
        "2) Planilla de cantidades (Document No. 8), numeral 3.2: se elimina.\n"))
    assert ("SPEC-PCP-MM#1.2", "full", True) in applied, (applied, proposed, reading.not_understood)
    assert not any(t.endswith("#3.2") for t, _, _ in applied), applied
