"""Round 76 (issue 21): an answer to a bidder that gives a numeral anew and names no document ("El numeral 3.1
quedará así: ...") in a project where several documents hold a 3.1 and the answer's words rank none of them first:
it was reported. The addendum's own changes, applied on their own words, have shown which document it changes;
read again knowing them, the numeral is proposed in that document where it alone of them holds one so numbered -
proposed, never applied: nothing of the item's own says which (round 39). In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project, write_sheet
from corpus_writer import write_doc

POOL = ("ESPECIFICACIONES TÉCNICAS\n\n1 OBRAS PRELIMINARES\n\n1.1 La caseta de obra tendrá 30 m2.\n\n"
        "2 EXCAVACIONES\n\n2.1 La excavación del vaso se hará con equipo mecánico.\n\n"
        "2.2 El material excavado se retirará del predio.\n\n3 ACABADOS\n\n"
        "3.1 El vaso llevará azulejo cerámico de 10 x 10 cm color azul.\n")

#: the same chapter 3 in the technical specifications of other works: the answer's words rank none of them first
OTHER = "ESPECIFICACIONES TÉCNICAS\n\n3 ACABADOS\n\n3.1 El vaso llevará azulejo cerámico de 10 x 10 cm color azul.\n"

ADDENDUM = ("UNIDAD DE ADQUISICIONES\n\nADENDA No. 2\n\n"
            "La Unidad de Adquisiciones hace del conocimiento de los ofertantes las siguientes modificaciones, que forman "
            "parte de las Bases.\n\n"
            'MODIFICACIÓN No. 1: Sección III, numeral 2.2, se modifica y queda así: "2.2 El material excavado se llevará '
            'al botadero autorizado."\n\n'
            'MODIFICACIÓN No. 2: Sección IV, Planos: el plano P-761 "Planta del vaso" se sustituye por el plano P-761 '
            "revisión 1, anexo a la presente adenda.\n\n"
            "ACLARACIONES A CONSULTAS\n\n"
            "Consulta 1: El numeral 3.1 pide azulejo cerámico; ¿se acepta mosaico de vidrio?\n"
            'Respuesta: Se acepta. El numeral 3.1 quedará así: "3.1 El vaso llevará azulejo cerámico o mosaico de vidrio, '
            'color azul."\n')


def _project(root: Path, holders: int) -> Path:
    start_project(root, "round-76-answer")
    write_doc(root, "SPEC-POOL-ET", "2026-03-02", POOL, title="Sección III Especificaciones Técnicas, Piscina")
    for number in range(holders):  # other works' documents holding a 3.1, titled in words the answer does not write
        write_doc(root, f"SPEC-OTHER-{number}", "2026-03-02", OTHER, title=f"Sección III Especificaciones Técnicas, Mercado {number}")
    write_sheet(root, "P-761", issued="2026-03-02")
    write_doc(root, "ADD-01", "2026-04-05", ADDENDUM, kind="addendum", title="Adenda No. 2")
    return root


def test_an_answer_giving_a_numeral_anew_is_proposed_in_the_changed_document(tmp_path, rules):
    reading = read_project(_project(tmp_path, holders=6), rules)
    edges = applied(reading)
    assert ("SPEC-POOL-ET#2.2", "full", True) in edges, edges  # the change naming Sección III, on its own words
    assert proposed(reading) == {("SPEC-POOL-ET#3.1", "full", True)}, (proposed(reading), reading.not_understood)
    assert not any(target.endswith("#3.1") for target, _, _ in edges), edges
    assert not any(n.item.path == reading.proposed[0].item.path for n in reading.not_understood)


def test_without_a_change_applied_on_its_own_words_it_stays_unplaced(tmp_path, rules):
    # the answer alone: nothing the addendum changed says whose numeral 3.1 is
    start_project(tmp_path, "round-76-answer-alone")
    write_doc(tmp_path, "SPEC-POOL-ET", "2026-03-02", POOL, title="Sección III Especificaciones Técnicas, Piscina")
    for number in range(6):
        write_doc(tmp_path, f"SPEC-OTHER-{number}", "2026-03-02", OTHER, title=f"Sección III Especificaciones Técnicas, Mercado {number}")
    write_doc(tmp_path, "ADD-01", "2026-04-05", ADDENDUM.split("MODIFICACIÓN No. 1")[0]
              + "ACLARACIONES A CONSULTAS\n\n" + ADDENDUM.split("ACLARACIONES A CONSULTAS\n\n", 1)[1], kind="addendum", title="Adenda No. 2")
    reading = read_project(tmp_path, rules)
    assert not applied(reading), applied(reading)
