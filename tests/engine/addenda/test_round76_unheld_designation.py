"""Round 76 of issue 21: an item naming a part of the bidding documents the project does not hold ("Secção II -
Instruções aos Concorrentes, cláusula 1.2: é eliminada.", "Sección I, numeral 1.2: se elimina.") names that part's
clause, never the clause of that number in the document the addendum's other items changed (round 73's second
reading placed it there, a wrong applied edge, once "Secção" was read as a section): it is reported, or at most
proposed. A label the changed document's own outline holds ("Secção 3, cláusula 3.1") may be that document's own
part and is read as before. A "Capítulo" after a Sección names that Sección's chapter. In words and numbers of our
own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECÇÃO VI - ESPECIFICAÇÕES TÉCNICAS\n\n1 GERAL\n\n1.1 As obras compreendem a cobertura do posto de saúde.\n\n"
        "1.2 O empreiteiro manterá um livro de obra.\n\n2 COBERTURA\n\n2.1 As chapas serão de aço pré-pintado de 0,5 mm.\n\n"
        "2.2 As caleiras serão de aço galvanizado.\n\n3 ACABAMENTOS\n\n3.1 Os tectos serão de placas de gesso.\n")


def _read(root: Path, rules, body: str):
    start_project(root, "round-76-unheld")
    write_doc(root, "SPEC-ET-PS", "2027-09-01", SPEC, kind="specification",
              title="Secção VI Especificações Técnicas, Concurso n.º 21/OBR/2027, Cobertura do Posto de Saúde")
    write_doc(root, "SPEC-OTHER", "2027-09-01", "1.2 Other works.\n\n2.2 Other gutters.\n", kind="specification",
              title="Works Requirements, Depot Fencing")
    write_doc(root, "ADD-01", "2027-10-05", body, kind="addendum", title="Adenda n.º 2, Concurso n.º 21/OBR/2027")
    return read_project(root, rules)


HEAD = "ADENDA N.º 2\n\nCONCURSO N.º 21/OBR/2027 - COBERTURA DO POSTO DE SAÚDE\n\n"


def test_a_clause_of_a_section_the_project_does_not_hold_is_not_placed_in_the_changed_document(tmp_path, rules):
    reading = _read(tmp_path, rules, HEAD + (
        '1. Secção VI, cláusula 2.1: onde se lê "0,5 mm", deve ler-se "0,6 mm".\n\n'
        "2. Secção II - Instruções aos Concorrentes, cláusula 1.2: é eliminada.\n"))
    edges = applied(reading)
    assert ("SPEC-ET-PS#2.1", "partial", True) in edges, (edges, reading.proposed, reading.not_understood)
    assert not any(t.endswith("#1.2") for t, _, _ in edges), edges


def test_a_section_label_the_changed_document_holds_is_read_as_before(tmp_path, rules):
    # "Secção 3" designates no document, but the changed specification's outline holds a 3: it may be its own
    reading = _read(tmp_path, rules, HEAD + (
        '1. Secção VI, cláusula 2.1: onde se lê "0,5 mm", deve ler-se "0,6 mm".\n\n'
        "2. Secção 3, cláusula 3.1: é eliminada.\n"))
    reference = _read(tmp_path / "again", rules, HEAD + (
        '1. Secção VI, cláusula 2.1: onde se lê "0,5 mm", deve ler-se "0,6 mm".\n\n'
        "2. Cláusula 3.1: é eliminada.\n"))
    assert ("SPEC-ET-PS#3.1", "full", False) in applied(reading) or (
        ("SPEC-ET-PS#3.1", "full", False) not in applied(reference)), (applied(reading), reading.proposed)


MERCADO = ("SECCIÓN II - ESPECIFICACIONES TÉCNICAS\n\n1 PRELIMINARES\n\n1.1 La bodega tendrá 24 m2.\n\n"
           "2 ALBAÑILERÍA\n\n2.1 Los muros serán de bloque de 15 cm.\n\n2.2 El repello tendrá 1.5 cm.\n")
PARQUE = ("ESPECIFICACIONES TÉCNICAS\n\n1 GENERALIDADES\n\n1.1 Las obras son las del parque.\n\n"
          "2 JUEGOS\n\n2.1 Los juegos serán de madera.\n\n2.2 El piso será de caucho.\n\n2.3 Las bancas serán de concreto.\n")


def test_a_seccion_and_its_chapter_name_that_seccions_chapter(tmp_path, rules):
    # "capítulo 2" is read by the pack's notation as a chapter; "Sección II" before it says whose (a chapter 2 of
    # two documents, one of them holding a 2.3 and designated "Chapter 2" in the English gloss)
    start_project(tmp_path, "round-76-chapter")
    write_doc(tmp_path, "SPEC-MERC", "2027-09-01", MERCADO, kind="specification",
              title="Sección II Especificaciones Técnicas, Mercado Municipal")
    write_doc(tmp_path, "SPEC-PARQ", "2027-09-01", PARQUE, kind="specification",
              title="Chapter 2 Playground Specifications, Parque Central")
    write_doc(tmp_path, "ADD-01", "2027-10-05", "ADENDA No. 4\n\n1. Sección II, capítulo 2: se adiciona el numeral "
              "siguiente: \"2.3 Las juntas serán de mortero 1:4.\" (Chapter 2: numeral 2.3 added.)\n",
              kind="addendum", title="Adenda No. 4")
    reading = read_project(tmp_path, rules)
    named = applied(reading) | {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    assert ("SPEC-MERC#2", "partial", True) in named, (named, reading.not_understood)
