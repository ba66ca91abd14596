"""General forms of owners' addenda read in round 51 (issue 21): the words of owners who write their
addenda in Spanish, as Puerto Rican and other Latin-American public agencies do, written in the stock
pack's vocabulary (``rules/stock/supersession/csi-addenda.yaml``), not in Python.

- "Artículo 2.1", "párrafo 2.2.A", "inciso 5.2": an article, a paragraph, a sub-article (before: no
  notation read them, the item was silent).
- "se enmienda para que lea:" and "se sustituye en su totalidad por:" the whole new text (replaced);
  "se sustituye "X" por "Y"" and "se añade" a change in part; "se elimina" the provision gone, and
  "se elimina la palabra "X"" words of it gone (a change in part).
- "no se enmienda": the answer changes nothing.

And one layout form (``references._designation``): a designation two documents of the project share
("Section 2"), written with its title after it ("Section 2: Specifications, Clause 2.2.1"), is the one
document whose title holds those words (before: not guessed, the clause's edge only proposed).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PAINTING = ("SECTION 09 91 23 - INTERIOR PAINTING\n\nPART 2 - PRODUCTS\n\n2.1 MATERIALS\n\n"
            "A. Primer: latex, one coat.\n\nB. Finish: two coats, eggshell.\n\n2.2 COLOURS\n\n"
            "A. As scheduled on the finish legend.\n\nPART 3 - EXECUTION\n\n3.1 PREPARATION\n\n"
            "A. Sand every joint before priming.\n")


def _enmienda(root: Path, items: str) -> None:
    start_project(root, "round-51-enmienda")
    write_doc(root, "SPEC-099123", "2026-03-02", PAINTING)
    write_doc(root, "ADD-01", "2026-04-06",
              "ENMIENDA NÚM. 1\n\nSubasta 12-2026, Centro de Servicios\n\n"
              "Los documentos de la subasta se enmiendan como sigue:\n\n" + items)


def test_an_article_restated_whole_and_a_paragraph_taken_out_in_spanish(tmp_path, rules):
    _enmienda(tmp_path, "1. Sección 09 91 23, Artículo 2.2 se enmienda para que lea: \"2.2 COLOURS: as the owner "
                        "selects from the full range.\"\n\n"
                        "2. Sección 09 91 23, párrafo 3.1.A: se elimina.\n")
    reading = read_project(tmp_path, rules)
    # (before: neither the notation nor the verbs were read; both items silent)
    assert {("SPEC-099123#2.2", "full", True), ("SPEC-099123#3.1.A", "full", False)} <= _applied(reading)


def test_words_substituted_or_taken_out_change_the_paragraph_in_part(tmp_path, rules):
    _enmienda(tmp_path, "1. Sección 09 91 23, inciso 2.1.A: se sustituye \"one coat\" por \"two coats\".\n\n"
                        "2. Sección 09 91 23, párrafo 2.1.B: se elimina la palabra \"eggshell\".\n")
    reading = read_project(tmp_path, rules)
    assert {("SPEC-099123#2.1.A", "partial", True), ("SPEC-099123#2.1.B", "partial", True)} <= _applied(reading)
    # "se elimina la palabra" takes out a word, never the paragraph
    assert ("SPEC-099123#2.1.B", "full", False) not in _applied(reading) | _proposed(reading)


def test_an_answer_saying_the_article_is_not_amended_changes_nothing(tmp_path, rules):
    _enmienda(tmp_path, "1. Pregunta 1: ¿Se acepta otro primer? Respuesta: No. El Artículo 2.1 de la Sección "
                        "09 91 23 se mantiene; no se enmienda.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading) and not _proposed(reading)


def _two_section_twos(root: Path, items: str) -> None:
    start_project(root, "round-51-section-two")
    write_doc(root, "SPEC-S2A", "2026-03-02", "SECTION 2 - SPECIFICATIONS\n\n2.1 Mowing\n\n2.1.1 Mow every 14 days.\n\n"
              "2.1.2 Edges trimmed by hand.\n")
    write_doc(root, "SPEC-S2B", "2026-03-02", "SECTION 2 - CONDITIONS OF ENGAGEMENT\n\n2.1 Insurance\n\n"
              "2.1.1 Public liability cover of 1 million.\n\n2.1.2 Cover held for the term.\n")
    for doc, title in (("SPEC-S2A", "Section 2 Specifications, Grounds Upkeep Tender"),
                       ("SPEC-S2B", "Section 2 Conditions of Engagement, Grounds Upkeep Tender")):
        path = root / "documents" / f"{doc.lower()}.md"
        path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))
    write_doc(root, "ADD-01", "2026-04-06", "TENDER ADDENDUM No. 1\n\n" + items)


def test_a_shared_designation_with_its_title_after_it_names_the_document_so_titled(tmp_path, rules):
    _two_section_twos(tmp_path, "1. Section 2: Specifications, Clause 2.1.1 is amended to read: \"2.1.1 Mow every "
                                "10 days in summer.\"\n\n"
                                "2. Section 2: Conditions of Engagement, Clause 2.1.2 is deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    assert {("SPEC-S2A#2.1.1", "full", True), ("SPEC-S2B#2.1.2", "full", False)} <= _applied(reading)


def test_a_shared_designation_whose_title_fits_neither_document_is_still_not_guessed(tmp_path, rules):
    _two_section_twos(tmp_path, "1. Section 2: Pricing Schedule, Clause 2.1.1 is deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
