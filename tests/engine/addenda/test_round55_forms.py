"""Round 55 of issue 21 (held-out-56's forms), in words and numbers of our own: a table of changes whose
columns are headed "Texto original" / "Texto modificado", a clarification that a punto "se mantiene sin
modificación", a paragraph captioned and then given anew as one sentence with no verb, and a French
replacement of quoted words in guillemets."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-03-01") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


PLIEGO = ("PLIEGO DE CARGOS\n\n1 ALCANCE\n\n1.1 Se construirá un galpón de 400 m2 con estructura metálica.\n\n"
          "1.2 El plazo de ejecución es de 120 días.\n\n2 PISOS\n\n2.1 Piso de concreto de 0,12 m con malla electrosoldada.\n")
DUCTS = ("SECTION 23 07 13 - DUCT INSULATION\n\n2.1 INSULATION\n\nA. Mineral-fibre blanket, 1-1/2 inches thick, foil facing, "
         "on concealed supply ducts.\n\nB. Rigid board, 1 inch thick, on exposed ducts.\n")


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Adenda No. 1", body, kind="addendum", issued="2027-04-01")
    reading = read_project(root, rules)
    applied = {(e.target.format(), str(getattr(e.scope, "value", e.scope))) for e in reading.applied}
    proposed = {(p.target.format(), str(getattr(p.scope, "value", p.scope))) for p in reading.proposed}
    return reading, applied, proposed


def test_a_table_of_original_and_modified_text_changes_each_punto_it_names(tmp_path, rules):
    start_project(tmp_path, "round-55")
    _doc(tmp_path, "SPEC-PC", "Pliego de Cargos - Galpón Municipal", PLIEGO)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADENDA No. 1\n\nLa entidad comunica las siguientes modificaciones al Pliego de Cargos:\n\n"
        "| No. | Capítulo y punto | Texto original | Texto modificado |\n|---|---|---|---|\n"
        "| 1 | Capítulo III, punto 1.1 | Se construirá un galpón de 400 m2 con estructura metálica. | "
        "Se construirá un galpón de 480 m2 con estructura metálica y oficina. |\n"
        "| 2 | Capítulo III, punto 2.1 | Piso de concreto de 0,12 m con malla electrosoldada. | Se elimina. |\n\n"
        "Aclaración 1: El plazo indicado en el punto 1.2 se mantiene sin modificación.\n"))
    said = applied | proposed
    assert ("SPEC-PC#1.1", "full") in said, said       # the whole new text of the punto
    assert ("SPEC-PC#2.1", "full") in said, said       # "Se elimina.": the punto goes
    assert not any(target == "SPEC-PC#1.2" for target, _ in said)  # "se mantiene sin modificación": no change
    assert not any("1.2" in (n.reason or "") for n in reading.not_understood)


def test_a_captioned_paragraph_given_anew_as_one_sentence_is_proposed_whole(tmp_path, rules):
    start_project(tmp_path, "round-55")
    _doc(tmp_path, "SPEC-230713", "Section 23 07 13 Duct Insulation", DUCTS)
    _, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\n2.1 Section 23 07 13 Duct Insulation, paragraph 2.1.A: Mineral-fibre blanket, 2 inches thick, "
        "foil facing, on concealed supply and return ducts.\n\n"
        "2.2 Section 23 07 13 Duct Insulation, paragraph 2.1.B: the board is to be 2 inches thick.\n"))
    assert ("SPEC-230713#2.1.A", "full") in proposed, proposed  # proposed, never applied without a verb
    assert not any(target == "SPEC-230713#2.1.A" for target, _ in applied)
    # a lower-case sentence saying one value anew is a change in part, not the paragraph restated
    assert ("SPEC-230713#2.1.B", "full") not in applied | proposed


def test_words_in_guillemets_replaced_change_the_paragraph_in_part(tmp_path, rules):
    start_project(tmp_path, "round-55")
    _doc(tmp_path, "SPEC-230713", "Section 23 07 13 Duct Insulation", DUCTS)
    _, applied, _ = _read(tmp_path, rules, (
        "ADDENDA No 1\n\nQ1 : L'épaisseur peut-elle être réduite ?\n\n"
        "R1 : Non. Section 23 07 13, article 2.1, alinéa B : remplacer « 1 inch » par « 1-1/2 inch ».\n"))
    assert applied == {("SPEC-230713#2.1.B", "partial")}, applied
