"""General forms of owners' addenda read in round 50 (issue 21): Swedish, Finnish and Portuguese tender
answers and corrections, measured across every part of the set from real owners' forms with no wrong
applied edge.

- Owners' verbs in their own language are the pack's verbs (YAML): Swedish "ersätts i sin helhet med",
  "ersätts av", "Texten ändras till" (replaced), "ändras till", "kompletteras med", "Tillägg:" (in part),
  "utgår" (deleted); Finnish "korvataan", "muutetaan kuulumaan" (replaced), "muutetaan", "lisätään",
  "täydennetään" (in part), "poistetaan" (deleted); Portuguese "passa a vigorar com a seguinte redação",
  "nova redação", "fica substituída" (replaced), "acrescenta-se", "incluir", "onde se lê ... leia-se"
  (in part), "fica excluído", "fica suprimido", "suprimir" (deleted); and their "no change" words.
- Their words for a provision and a sheet are the pack's notations: "kohta 4.1", "o item 2.3", "subitem
  2.1.B", "Ritning E-102", "piirustus A-201", "prancha E-201", "folha A-102".
- "Fråga n:", "Kysymys n:", "Pergunta nº n)" open question items; "Svar:", "Vastaus:", "Resposta." open
  the answer (Python: the question and answer words).
- A provision headed by a dotted code ("AFC.431 Kontraktstid", as AMA AF codes head administrative
  provisions) is the one provision of the project whose heading opens with that code (Python).
- A new issue said to be attached, or the sheet taken out of the tender documents, in the owner's own
  words ("bifogad", "liitteenä", "anexa", "ur förfrågningsunderlaget", "versões revisadas") takes the
  whole sheet (Python).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

PROVISIONS = ("ADMINISTRATIVE PROVISIONS\n\n"
              "## AFB.22 Tender period\n\nTenders are valid for ninety days.\n\n"
              "## AFC.35 Site meetings\n\nMeetings are held every second week.\n\n"
              "## AFC.71 Handover\n\nThe works are handed over at the final inspection.\n\n"
              "## AFG.12 Hoarding\n\nA hoarding of timber panels encloses the site.\n")

PROGRAMME = ("CONTRACT PROGRAMME\n\n1 GENERAL\n\n1.1 The Employer is the city.\n\n1.2 The site is the depot.\n\n"
             "2 TIMES\n\n2.1 Works start in April.\n\n2.2 Works end in October.\n")


def _coded(root: Path, addendum: str) -> None:
    start_project(root, "round-50-coded")
    write_doc(root, "SPEC-ADMIN", "2026-01-05", PROVISIONS)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_provisions_headed_by_dotted_codes_are_changed_by_swedish_verbs(tmp_path, rules):
    _coded(tmp_path, "KOMPLETTERING 1\n\n"
                     "AFC.35 Site meetings. Texten ersätts i sin helhet med: \"Meetings are held weekly.\"\n\n"
                     "AFC.71 Handover. \"final inspection\" ändras till \"handover inspection\".\n\n"
                     "AFG.12 Hoarding utgår.\n")
    reading = read_project(tmp_path, rules)
    assert {("SPEC-ADMIN#afc-35-site-meetings", "full", True),
            ("SPEC-ADMIN#afc-71-handover", "partial", True),
            ("SPEC-ADMIN#afg-12-hoarding", "full", False)} <= _applied(reading) | _proposed(reading)


def test_a_swedish_answer_supplements_the_coded_provision_and_the_question_names_none(tmp_path, rules):
    _coded(tmp_path, "FRÅGOR OCH SVAR\n\n"
                     "Fråga 1: Is AFB.22 meant as calendar days? Svar: Yes. AFB.22 Tender period kompletteras med: "
                     "\"The days are calendar days.\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-ADMIN#afb-22-tender-period", "partial", True) in _applied(reading) | _proposed(reading)


def test_a_dotted_code_two_documents_head_with_is_not_guessed(tmp_path, rules):
    _coded(tmp_path, "KOMPLETTERING 2\n\n"
                     "1. AFC.35 Site meetings. Texten ändras till: \"Meetings are held monthly.\"\n\n"
                     "2. AFC.71 Handover utgår.\n")
    write_doc(tmp_path, "SPEC-ADMIN-B", "2026-01-06", "SUPPLEMENT\n\n## AFC.35 Site meetings\n\nMinutes are kept.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-ADMIN#afc-71-handover", "full", False) in _applied(reading) | _proposed(reading)
    assert not [edge for edge in _applied(reading) if "afc-35" in edge[0]]


def test_finnish_points_are_changed_deleted_and_the_answer_replaces_one(tmp_path, rules):
    # (the programme named by its title alone: proposed, as rounds 38/40 keep it)
    start_project(tmp_path, "round-50-fi")
    write_doc(tmp_path, "SPEC-PROG", "2026-01-05", PROGRAMME)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "TÄSMENNYKSET\n\n"
              "Kysymys 1: When do the works end? Vastaus: Ohjelman kohta 2.2 muutetaan kuulumaan kokonaisuudessaan: "
              "\"2.2 Works end in November.\"\n\n"
              "1. Ohjelma, kohta 1.2 poistetaan.\n\n"
              "2. Ohjelma, kohta 2.1: \"April\" muutetaan muotoon \"May\".\n")
    reading = read_project(tmp_path, rules)
    assert {("SPEC-PROG#2.2", "full", True), ("SPEC-PROG#1.2", "full", False),
            ("SPEC-PROG#2.1", "partial", True)} <= _applied(reading) | _proposed(reading)


def test_portuguese_errata_by_item_are_read_and_a_kept_item_changes_nothing(tmp_path, rules):
    start_project(tmp_path, "round-50-pt")
    write_doc(tmp_path, "SPEC-PROG", "2026-01-05", PROGRAMME)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ERRATA\n\n"
              "Pergunta nº 1) \"O item 1.1 está correto?\"\n\nResposta. Sim; o item 1.1 permanece inalterado.\n\n"
              "1. O item 2.2 do Programa passa a vigorar com a seguinte redação: \"2.2 Works end in December.\"\n\n"
              "2. Fica excluído o item 1.2 do Programa.\n\n"
              "3. Ao item 2.1 do Programa acrescenta-se: \"Night work is not allowed.\"\n")
    reading = read_project(tmp_path, rules)
    found = _applied(reading) | _proposed(reading)
    assert {("SPEC-PROG#2.2", "full", True), ("SPEC-PROG#1.2", "full", False),
            ("SPEC-PROG#2.1", "partial", True)} <= found
    assert not [edge for edge in found if edge[0] == "SPEC-PROG#1.1"]


def test_sheets_replaced_or_taken_out_in_the_owners_words_are_whole(tmp_path, rules):
    start_project(tmp_path, "round-50-sheets")
    for sheet in ("C-310", "C-320", "C-330"):
        write_sheet(tmp_path, sheet)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "RITNINGAR\n\n"
              "1. Ritning C-310 ersätts av C-310 rev A (bifogad).\n\n"
              "2. Ritning C-320 utgår ur förfrågningsunderlaget.\n\n"
              "3. A prancha C-330 fica substituída pela prancha C-330 revisão 1, anexa a esta errata.\n")
    reading = read_project(tmp_path, rules)
    assert {("DWG-C-310", "full", True), ("DWG-C-320", "full", False)} <= _applied(reading)
    # (the plate's own number in brackets beside the sheet's leaves it for a person to confirm)
    assert ("DWG-C-330", "full", True) in _applied(reading) | _proposed(reading)


def test_a_question_naming_the_section_by_its_spaced_number_alone_places_the_answers_point(tmp_path, rules):
    # the question's own words before the number are no word of ours ("Section"); the answer names the point alone
    start_project(tmp_path, "round-50-asked")
    write_doc(tmp_path, "SPEC-081416", "2026-01-05",
              "SECTION 08 14 16 - FLUSH WOOD DOORS\n\nPART 2 - PRODUCTS\n\n2.1 DOORS\n\n"
              "A. Solid core, five-ply, 45 mm.\n\nB. Face veneer of white oak.\n")
    write_doc(tmp_path, "SPEC-087100", "2026-01-05",
              "SECTION 08 71 00 - DOOR HARDWARE\n\nPART 2 - PRODUCTS\n\n2.1 HINGES\n\n"
              "A. Butt hinges, stainless steel.\n\nB. Three hinges a leaf.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "VASTAUKSET\n\n"
              "Kysymys 1: Työselityksen kohdan 08 14 16, 2.1.B mukaan viilu on tammea. Käykö saarni? "
              "Vastaus: Käy. Kohtaa 2.1.B täydennetään lauseella: \"Ash veneer is also accepted.\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-081416#2.1.B", "partial", True) in _applied(reading)


# Audit 49 (H3-H5): a provision found by its heading's dotted code alone is proposed for review, never
# applied on that evidence: an item that keeps it ("utgår inte"), names it as what remains, or excepts it
# ("salvo il punto AFC.71") must not delete it. A code in an item naming a document by its id is looked for
# in that document only.

_KEPT_OR_EXCEPTED = [
    ("1. AFG.12 Hoarding utgår inte.\n", {"afg-12-hoarding"}),
    ("1. AFG.12 Hoarding utgår ej.\n", {"afg-12-hoarding"}),
    ("1. AFC.71 utgår inte, se AFG.12.\n", {"afc-71-handover", "afg-12-hoarding"}),
    ("1. AFC.71 Handover kvarstår, AFG.12 Hoarding utgår.\n", {"afc-71-handover"}),
    ("1. AFG.12 Hoarding não fica excluído.\n", {"afg-12-hoarding"}),
    ("1. AFG.12 Hoarding non è soppresso.\n", {"afg-12-hoarding"}),
    ("1. AFC.35 Site meetings è soppresso, salvo il punto AFC.71.\n", {"afc-71-handover"}),
]


@pytest.mark.parametrize(("item", "kept"), _KEPT_OR_EXCEPTED)
def test_a_provision_named_by_its_dotted_code_alone_is_never_deleted_on_that_evidence(tmp_path, rules, item, kept):
    _coded(tmp_path, "KOMPLETTERING 3\n\n" + item)
    reading = read_project(tmp_path, rules)
    assert not [edge for edge in _applied(reading) if edge[0].split("#")[1] in kept]


@pytest.mark.parametrize("item", ["1. Teknisk beskrivning SPEC-TECH, AFC.35 utgår.\n",
                                  "1. I Document SPEC-TECH utgår AFC.35 Site meetings.\n"])
def test_a_dotted_code_in_an_item_naming_another_document_is_looked_for_there_only(tmp_path, rules, item):
    _coded(tmp_path, "KOMPLETTERING 4\n\n" + item)
    write_doc(tmp_path, "SPEC-TECH", "2026-01-05", "TECHNICAL DESCRIPTION\n\n## 1 General\n\nThe works are described here.\n")
    reading = read_project(tmp_path, rules)
    assert not [edge for edge in _applied(reading) | _proposed(reading) if edge[0].startswith("SPEC-ADMIN#")]


# Audit 50 (H02): a delete verb negated in the owner's language ("Paragraph 2.1.A entfällt nicht": it is
# NOT deleted) deleted a paragraph named by number; the negated forms are no-change words of the pack.

SECTION = ("SECTION 09 91 23 - INTERIOR PAINTING\n\n2.1 MATERIALS\n\nA. Primer of the maker's system.\n\n"
           "B. Two finish coats, eggshell.\n")


@pytest.mark.parametrize("verb", ["entfällt nicht", "vervalt niet", "utgår inte", "utgår ej", "non è soppresso",
                                  "não fica excluído", "nie skreśla się", "nie wykreśla się"])
def test_a_negated_delete_verb_deletes_nothing(tmp_path, rules, verb):
    start_project(tmp_path, "round-50-negated")
    write_doc(tmp_path, "SPEC-099123", "2026-01-05", SECTION)
    write_doc(tmp_path, "ADD-01", "2026-02-02", f"ADDENDUM NO. 1\n\n1. Section 09 91 23, Paragraph 2.1.A {verb}.\n")
    reading = read_project(tmp_path, rules)
    assert not [edge for edge in _applied(reading) if edge[0].startswith("SPEC-099123")], _applied(reading)
