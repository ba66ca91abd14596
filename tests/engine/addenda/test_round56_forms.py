"""Round 56 of issue 21 (held-out-57's forms), in words and numbers of our own: a reinstatement in the words of
an amendment of solicitation; a tender's pliego and technical specifications named by their name or initials
alone, their articles by the ordinal sign ("ARTÍCULO 4º", "Artículo N° 2") and an article's point by its own
number ("inciso 1" of article 2 is 2.1), under a heading line giving the article with the change below it; a
Portuguese rectification's clauses ("cláusula 3.ª, n.º 2", "é eliminado o n.º", "é aditado o n.º",
"passa a ter a seguinte redacção", "mantém-se inalterada"); and a register row superseding two sheets with
the attached ones."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-05-03") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Amendment", body, kind="addendum", issued="2027-06-01")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


PAVING = ("SECTION 32 12 16 - ASPHALT PAVING\n\nPART 2 - PRODUCTS\n\n2.1 MIXES\n\nA. Surface course: 12.5 mm mix.\n\n"
          "B. Base course: 19 mm mix.\n")

PLIEGO = ("PLIEGO DE CONDICIONES PARTICULARES\n\n1 OBJETO\n\n1.1 La obra es un depósito de herramientas.\n\n"
          "1.2 El plazo de mantenimiento de oferta es de sesenta (60) días.\n\n"
          "2 PLAZO\n\n2.1 El plazo de ejecución es de noventa (90) días.\n\n2.2 El acta de inicio se firma en cinco días.\n")
ETP = ("ESPECIFICACIONES TÉCNICAS PARTICULARES\n\n1 HORMIGONES\n\n1.1 El hormigón será H-21.\n\n"
       "2 CAÑERÍAS\n\n2.1 Las cañerías serán de PVC clase 6.\n\n2.2 Las uniones serán con aro de goma.\n")
CADERNO = ("CADERNO DE ENCARGOS\n\n1 ESTALEIRO\n\n1.1 O estaleiro será vedado.\n\n"
           "2 PAVIMENTOS\n\n2.1 O pavimento será em betonilha.\n\n2.2 O rodapé será cerâmico.\n\n"
           "3 COBERTURAS\n\n3.1 A cobertura será em painel sandwich.\n\n3.2 As caleiras serão em zinco.\n")


def test_a_paragraph_reinstated_as_originally_issued_is_never_deleted(tmp_path, rules):
    start_project(tmp_path, "round-56")
    _doc(tmp_path, "SPEC-321216", "Section 32 12 16 Asphalt Paving", PAVING)
    reading, applied, _ = _read(tmp_path, rules, (
        "AMENDMENT 0003\n\na. Section 32 12 16, ASPHALT PAVING, paragraph 2.1.B, struck by Amendment 0002, is reinstated "
        "as originally issued.\n\nb. Section 32 12 16, paragraph 2.1.A: restore the paragraph as published.\n"))
    assert not any(target.startswith("SPEC-321216") for target, _, _ in applied), applied
    # held back, the item is said for a person, never silent
    assert any("2.1.B" in (n.reason or "") for n in reading.not_understood) or any(
        p.target.format() == "SPEC-321216#2.1.B" for p in reading.proposed)


def test_a_pliego_named_by_its_name_and_its_articles_by_the_ordinal_sign(tmp_path, rules):
    start_project(tmp_path, "round-56")
    _doc(tmp_path, "SPEC-PCP", "Pliego de Condiciones Particulares, Licitación Nº 4/2027, Depósito de herramientas", PLIEGO)
    _, applied, _ = _read(tmp_path, rules, (
        "CIRCULAR MODIFICATORIA Nº 1\n\nLicitación Nº 4/2027.\n\n"
        '- Se modifica el ARTÍCULO 2º DEL PLIEGO DE CONDICIONES PARTICULARES, inciso 2.1, que dice: "El plazo de '
        'ejecución es de noventa (90) días." Reemplazándose por el siguiente texto: "2.1 El plazo de ejecución es de '
        'ciento diez (110) días."\n'
        "- Se suprime el inciso 2.2 del ARTÍCULO 2º del Pliego de Condiciones Particulares.\n"
        '- En el ARTÍCULO 1º del Pliego de Condiciones Particulares, inciso 2, donde dice "sesenta (60) días" deberá leerse "noventa (90) días".\n'))
    assert ("SPEC-PCP#2.1", "full", True) in applied, applied    # "Se modifica ... Reemplazándose por": replaced
    assert ("SPEC-PCP#2.2", "full", False) in applied, applied   # "Se suprime": the inciso goes
    assert ("SPEC-PCP#1.2", "partial", True) in applied, applied  # "inciso 2" of article 1 is 1.2, never article 2


def test_a_heading_line_giving_article_and_inciso_places_the_change_below_it(tmp_path, rules):
    start_project(tmp_path, "round-56")
    _doc(tmp_path, "SPEC-ETP", "Especificaciones Técnicas Particulares (ETP), Licitación Nº 8/2027", ETP)
    _, applied, _ = _read(tmp_path, rules, (
        "CIRCULAR ACLARATORIA Nº 1\n\nLicitación Nº 8/2027.\n\n"
        'Artículo N° 2 de las ETP "Cañerías", inciso 1\n\n'
        'Donde dice: "Las cañerías serán de PVC clase 6."\n\n'
        'Quedará redactado de la siguiente manera: "Las cañerías serán de PVC clase 10 o de PEAD."\n\n'
        'Artículo N° 2 de las ETP "Cañerías"\n\n'
        "Se elimina el inciso 2; las uniones serán las del fabricante.\n"))
    assert ("SPEC-ETP#2.1", "full", True) in applied, applied    # the whole new text of the heading's inciso
    assert ("SPEC-ETP#2.2", "full", False) in applied, applied   # "el inciso 2" of the heading's article
    assert not any(target == "SPEC-ETP#2" for target, _, _ in applied)


def test_a_portuguese_rectification_reads_each_clause_and_point(tmp_path, rules):
    start_project(tmp_path, "round-56")
    _doc(tmp_path, "SPEC-CE", "Caderno de Encargos, Cláusulas Técnicas, Concurso Público n.º 3/2027", CADERNO)
    reading, applied, proposed = _read(tmp_path, rules, (
        "DECLARAÇÃO DE RECTIFICAÇÃO\n\nConcurso Público n.º 3/2027.\n\n"
        'No caderno de encargos, na cláusula 2.ª, n.º 2, onde se lê "cerâmico" deve ler-se "em madeira".\n\n'
        'No caderno de encargos, na cláusula 3.ª, o n.º 1 passa a ter a seguinte redacção: "1 - A cobertura será em chapa sandwich de 50 mm."\n\n'
        "No caderno de encargos, na cláusula 3.ª, é eliminado o n.º 2.\n\n"
        'No caderno de encargos, à cláusula 2.ª é aditado o n.º 3, com a seguinte redacção: "3 - Os pavimentos levarão verniz."\n\n'
        "Mantém-se inalterada a cláusula 1.ª.\n"))
    said = applied | proposed
    assert ("SPEC-CE#2.2", "partial", True) in said, said
    assert ("SPEC-CE#3.1", "full", True) in applied, applied    # "passa a ter a seguinte redacção": the whole point
    assert ("SPEC-CE#3.2", "full", False) in applied, applied   # "é eliminado o n.º 2" of clause 3
    assert ("SPEC-CE#2", "partial", True) in applied, applied   # a new point 2.3 changes clause 2 in part
    assert not any(target.startswith("SPEC-CE#1") for target, _, _ in said)  # "mantém-se inalterada"


def test_a_register_row_superseding_two_sheets_with_the_attached_replaces_each_whole(tmp_path, rules):
    start_project(tmp_path, "round-56")
    write_sheet(tmp_path, "C-201")
    write_sheet(tmp_path, "C-202")
    _, applied, _ = _read(tmp_path, rules, (
        "AMENDMENT 0004\n\n| Item | Document | Sheets | Change |\n|---|---|---|---|\n"
        "| 3 | Drawings | C-201, C-202 | Superseded; replaced by the attached sheets, revision 2. |\n"))
    assert {("DWG-C-201", "full", True), ("DWG-C-202", "full", True)} <= applied, applied
