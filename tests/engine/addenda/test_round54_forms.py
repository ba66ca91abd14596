"""Round 54 of issue 21 (held-out-55's causes), in words and numbers of our own: clauses numbered by
ordinal words in Spanish ("PRIMERO:", "SEGUNDO.-"), a pliego's or anexo's "numeral" with the title of
the document it is "of" after it, the infinitive verbs of Latin-American adendas, an answer
("RESPUESTA:") restating a numeral, a new numeral added to one the chapter names, a plan replaced by its
attached version, and a list heading's verb over a provision whose subject is taken out of the job."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import RuleSet, compile_layout, ordinal_number

from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-03-01") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


# two documents numbered the same way, told apart only by their titles
ANEXO = ("ANEXO TÉCNICO\n\n1 ALCANCE\n\n1.2 Frentes de trabajo de 80 m como máximo.\n\n2 DEMOLICIONES\n\n"
         "2.2 Escombros retirados el mismo día.\n\n4 BARANDAS\n\n4.1 Baranda de tubo galvanizado de 2 pulgadas.\n\n"
         "4.2 Altura de 0,95 m.\n")
PLIEGO = ("PLIEGO\n\n1 PLAZO\n\n1.2 El plazo es de 150 días.\n\n2 CUBIERTA\n\n2.1 Chapa galvanizada calibre 26.\n\n"
          "4 VARIOS\n\n4.1 Cartel de obra de 2 x 1 m.\n")


def _project(root: Path) -> Path:
    start_project(root, "round-54")
    _doc(root, "SPEC-ANEXO", "Anexo Técnico - Especificaciones de Andenes, Licitación SI-7", ANEXO)
    _doc(root, "SPEC-PLIEGO", "Pliego de Condiciones Particulares - Reparación de Cubierta", PLIEGO)
    write_sheet(root, "L-201", issued="2027-03-01")
    return root


def _outcomes(root: Path, rules: RuleSet, body: str):
    _doc(root, "ADD-01", "Adenda No. 1", body, kind="addendum", issued="2027-04-01")
    reading = read_project(root, rules)
    applied = {(e.line, e.target.format(), e.scope.value if hasattr(e.scope, "value") else str(e.scope))
               for e in reading.applied}
    proposed = {(p.line, p.target.format()) for p in reading.proposed}
    return reading, applied, proposed


@pytest.mark.parametrize(("word", "number"), [("PRIMERO", 1), ("Segunda", 2), ("décimo", 10), ("Décimo Primero", 11),
                                              ("troisième", 3), ("FIRST", 1), ("octavo", 8), ("prose", None)])
def test_ordinal_words_say_their_number(word, number):
    assert ordinal_number(word) == number


def test_an_ordinal_opens_an_item_only_with_a_colon_dot_or_dash_after_it():
    layout = compile_layout("{ordinal} [clause|modificación]")
    assert layout.match("PRIMERO: Modificar").group("label") == "PRIMERO"
    assert layout.match("SEGUNDA MODIFICACIÓN.- Se").group(0) == "SEGUNDA MODIFICACIÓN"
    assert layout.match("FIRST CLAUSE - x") is not None
    assert layout.match("Primero se demolerá el andén.") is None
    assert layout.match("First, the contractor shall") is None


def test_spanish_ordinal_clauses_are_items_and_a_numeral_of_a_titled_anexo_is_that_anexos(tmp_path, rules):
    root = _project(tmp_path)
    reading, applied, proposed = _outcomes(root, rules, (
        "ADENDA No. 1\n\nConsiderando que la entidad puede modificar el pliego, se MODIFICA:\n\n"
        'PRIMERO: Modificar el numeral 1.2 del Anexo Técnico, el cual quedará así: "1.2 Frentes de 50 m como máximo."\n\n'
        "SEGUNDO.- Eliminar el numeral 2.2 del Anexo Técnico.\n\n"
        'TERCERO: En el numeral 4.2 del Anexo Técnico, donde dice "0,95 m" debe decir "1,00 m".\n\n'
        'CUARTO: Adicionar al numeral 4 del Anexo Técnico un nuevo numeral 4.3, así: "4.3 Pasamanos anclados."\n\n'
        "QUINTO: Sustituir el plano L-201 por el plano L-201 versión 2, anexo a la presente adenda.\n"))
    targets = {t for _, t, _ in applied} | {t for _, t in proposed}
    # every clause is an item of its own and each names the anexo's numeral, never the pliego's 1.2
    for expected in ("SPEC-ANEXO#1.2", "SPEC-ANEXO#2.2", "SPEC-ANEXO#4.2", "SPEC-ANEXO#4", "DWG-L-201"):
        assert expected in targets, (expected, applied, proposed)
    assert not any(t.startswith("SPEC-PLIEGO") for t in targets)
    assert ("SPEC-ANEXO#2.2" in {t for _, t, _ in applied}) or ("SPEC-ANEXO#2.2" in {t for _, t in proposed})
    # the plan replaced by its attached version: whole, applied
    assert any(t == "DWG-L-201" and scope == "full" for _, t, scope in applied), applied
    # the new numeral 4.3 changes its chapter in part and is never applied as a numeral the anexo lacks
    assert not any(t.endswith("#4.3") for _, t, _ in applied)
    assert not reading.not_understood or all("4.3" not in (n.reason or "") for n in reading.not_understood)


def test_the_answer_to_a_spanish_query_changes_the_numeral_it_restates(tmp_path, rules):
    root = _project(tmp_path)
    reading, applied, proposed = _outcomes(root, rules, (
        "COMUNICADO No. 2\n\nCONSULTA 1: ¿Se puede ampliar el plazo del numeral 1.2 del Pliego de Condiciones Particulares?\n\n"
        'RESPUESTA: Se modifica el numeral 1.2 del Pliego de Condiciones Particulares, que queda redactado así: '
        '"1.2 El plazo es de 200 días."\n\n'
        "CONSULTA 2: ¿Puede usarse chapa calibre 24 según el numeral 2.1?\n\n"
        "RESPUESTA: No; el numeral 2.1 no se modifica.\n"))
    # the answer restating numeral 1.2 of the pliego changes it (the question and its answer are one item)
    said = {t: s for _, t, s in applied} | {t: "proposed" for _, t in proposed}
    assert said.get("SPEC-PLIEGO#1.2") in ("full", "proposed"), said
    assert "SPEC-ANEXO#1.2" not in said
    assert not any(t.endswith("#2.1") for t in said)  # "no se modifica": nothing changes


def test_a_removed_provision_whose_subject_is_taken_out_of_the_job_is_deleted_whole(tmp_path, rules):
    start_project(tmp_path, "removed")
    _doc(tmp_path, "SPEC-331100", "Section 33 11 00 Water Distribution",
         "SECTION 33 11 00 - WATER DISTRIBUTION\n\n2.1 PIPE\n\nA. PVC pipe, AWWA C900.\n\n"
         "B. Ductile-iron pipe, Class 350, under the boat ramp.\n")
    _, applied, _ = _outcomes(tmp_path, rules, (
        "ADDENDUM NO. 2\n\n1. Removed Special Provision, Section 33 11 00 Water Distribution, Paragraph 2.1.B: the "
        "ductile-iron pipe under the boat ramp is removed from the job.\n"))
    assert {(t, s) for _, t, s in applied} == {("SPEC-331100#2.1.B", "full")}
