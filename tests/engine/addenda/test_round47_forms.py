"""General forms of owners' addenda read in round 47 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- Nothing silent, whatever the notation: a line of an item nothing else said, holding a change word and
  a provision named by a label word and a number no reading knows ("post 02.3", "specification 3.4.1",
  "punkt 4.1", "partida 12.1", "kapittel 04", in any owner's language), is reported as not understood
  (before: nothing reported, the item silent). The last net, run after every reading.
- Where one document of the project alone holds that number (of several, the one holding every number
  the item writes after the same label word), the line's change is proposed there, never applied.
- A question block under its own label and number ("PREGUNTA N° 1 - ...", "CONSULTA N° 1", "Spørsmål 5")
  is read line by line: each answer's change is said at its own line; a block saying "No change" is not.
- The new half of an old/new pair labelled in another language ("Gammel tekst:" / "Ny tekst:", "Texto
  nuevo:") is a word of change, as "Amended text:" is.
- Decisions in the infinitive naming the clause between the verb and its object ("To reword Sub-Clause
  4.2 of the Particular Contract Conditions as follows: '4.2 ...'", "To supplement Sub-Clause 1.8 ... with a
  second sentence: ..."): read as the clause restated whole and changed in part (before: no verb read).
- A row of an Existing | Amended table whose new cell says the rest of the provision stays ('"DR 18" |
  Amend to read "DR 14". The remainder of the clause is unchanged.') changes it in part (before: replaced
  whole, the one wrong applied edge of held-out-47).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

DESCRIPTION = ("PART III DESCRIPTION\n\n11 SITE\n\n11.1 Site hut on the gravel area.\n\n"
               "11.2 Winter measures from 1 November to 31 March.\n\n12 GROUNDWORKS\n\n"
               "12.1 Excavation to rock.\n\n12.2 Frost protection 100 mm thick.\n")


def _project(root: Path, addendum: str) -> None:
    start_project(root, "round-47")
    write_doc(root, "SPEC-DESC", "2026-01-05", DESCRIPTION)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def _reported_lines(reading) -> list[str]:
    return [f"{n.words} {n.reason}" for n in reading.not_understood]


def test_an_item_naming_a_provision_in_an_unknown_notation_is_reported(tmp_path, rules):
    # numbers no document holds: each reported at its line, nothing applied (before: silent)
    _project(tmp_path, "CORRECTIONS NO. 1\n\nRetningslinjer for tilbudet\n\n"
                       "1.1 Del III, poste 14.2 Frostschutz: \"100 mm\" is changed to \"150 mm\".\n\n"
                       "1.2 Del III, rubrique 15.2 utgår (is deleted).\n\n"
                       "1.3 Del III, afsnit 16.1 Excavation: the following is added at the end: \"Rock by hammer.\"\n")
    reading = read_project(tmp_path, rules)
    words = " ".join(_reported_lines(reading))
    assert not _applied(reading)
    for named in ("poste 14.2", "rubrique 15.2", "afsnit 16.1"):
        assert named in words, (named, words)


def test_a_provision_in_an_unknown_notation_that_one_document_holds_is_proposed_there(tmp_path, rules):
    _project(tmp_path, "CORRECTIONS NO. 1\n\nRetningslinjer for tilbudet\n\n"
                       "1.1 Del III, poste 12.2 Frostschutz: \"100 mm\" is changed to \"150 mm\".\n\n"
                       "1.2 Del III, rubrique 11.2 utgår (is deleted).\n\n"
                       "1.3 Del III, afsnit 12.1 Excavation is replaced in its entirety by: \"12.1 Excavation to "
                       "firm ground.\"\n")
    reading = read_project(tmp_path, rules)
    # (proposed, never applied: the label word is the owner's, the number the document's)
    assert not _applied(reading)
    assert {("SPEC-DESC#12.2", "partial", True), ("SPEC-DESC#11.2", "full", False),
            ("SPEC-DESC#12.1", "full", True)} <= _proposed(reading)


def test_a_question_block_under_a_label_and_number_is_read_line_by_line(tmp_path, rules):
    _project(tmp_path, "ANSWERS TO QUERIES\n\n"
                       "PREGUNTA N° 1 - Participant: Alfa S.A. - expediente, partida 12.1 Excavation\n"
                       "Query: May we stop above rock?\n"
                       "Respuesta: Accepted. Partida 12.1 is replaced by the following: \"12.1 Excavation to firm "
                       "ground.\"\n\n"
                       "PREGUNTA N° 2 - Participant: Beta S.A. - expediente, partida 11.1\n"
                       "Query: Is the hut needed?\n"
                       "Respuesta: Not accepted. No change.\n\n"
                       "PREGUNTA N° 3 - Participant: Beta S.A. - expediente, partida 12.2\n"
                       "Query: Is 100 mm enough?\n"
                       "Respuesta: Accepted. Partida 12.2 is deleted.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    said = _proposed(reading) | {("reported", n.words, True) for n in reading.not_understood}
    assert ("SPEC-DESC#12.1", "full", True) in said or any("12.1" in w for _, w, _ in said), said
    assert ("SPEC-DESC#12.2", "full", False) in said or any("12.2" in w for _, w, _ in said), said
    assert not any(t.startswith("SPEC-DESC#11.1") for t, _, _ in _proposed(reading))


def test_the_new_half_of_an_old_new_pair_in_another_language_is_a_change_word(tmp_path, rules):
    _project(tmp_path, "CORRECTIONS NO. 1\n\n"
                       "1.1 Part III, kohta 11.2 Winter measures\n"
                       "Vanha teksti: \"Winter measures from 1 November to 31 March.\"\n"
                       "Texto nuevo: \"11.2 Winter measures from 15 October to 15 April.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    said = [n.reason for n in reading.not_understood] + [p.target.format() for p in reading.proposed]
    assert any("kohta 11.2" in s or "SPEC-DESC" in s for s in said), said


PIPE = ("SECTION 33 11 00 - WATER MAINS\n\nPART 2 - PRODUCTS\n\n2.1 PIPE\n\n"
        "A. PVC pressure pipe, AWWA C900, DR 18, with gasketed joints.\n\nB. Ductile-iron pipe, Class 350.\n")


def test_a_table_row_amending_quoted_words_with_the_remainder_unchanged_changes_in_part(tmp_path, rules):
    start_project(tmp_path, "round-47-table")
    write_doc(tmp_path, "SPEC-331100", "2026-01-05", PIPE)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "TENDER ADDENDUM No. 1\n\nB. TECHNICAL SPECIFICATION\n\n"
              "| S/N | Part / Section / Clause | Existing | Amended |\n|---|---|---|---|\n"
              "| B.1 | Section 33 11 00, Clause 2.1.B | \"Class 350\" | Amend to read \"Class 300\". The rest of the "
              "paragraph is unchanged. |\n")
    reading = read_project(tmp_path, rules)
    # (before: the provision replaced whole by the new cell)
    assert _applied(reading) == {("SPEC-331100#2.1.B", "partial", True)}


CONDITIONS = ("PARTICULAR CONDITIONS\n\n1 GENERAL PROVISIONS\n\n1.1 Definitions. As in the General Conditions.\n\n"
              "1.8 Care and Supply of Documents. Two paper copies.\n\n4 THE CONTRACTOR\n\n"
              "4.1 General Obligations. As in the General Conditions.\n\n"
              "4.2 Performance Security. Ten percent of the Accepted Contract Amount.\n")


def test_decisions_in_the_infinitive_naming_the_clause_between_verb_and_object(tmp_path, rules):
    start_project(tmp_path, "round-47-decisions")
    write_doc(tmp_path, "SPEC-PC", "2026-01-05", CONDITIONS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "AMENDMENTS No. 1\n\nThe commission decided to make the following amendments.\n\n"
              "1. To reword Sub-Clause 4.2 of the Particular Conditions as follows: \"4.2 Performance Security. "
              "Five percent of the Accepted Contract Amount.\"\n\n"
              "2. To supplement Sub-Clause 1.8 of the Particular Conditions with a second sentence: \"Drawings "
              "also in IFC format.\"\n")
    reading = read_project(tmp_path, rules)
    said = _applied(reading) | _proposed(reading)
    # (before: no verb of the pack read "To reword ... as follows" nor "To supplement ... with a second ...")
    assert ("SPEC-PC#4.2", "full", True) in said, said
    assert ("SPEC-PC#1.8", "partial", True) in said, said
