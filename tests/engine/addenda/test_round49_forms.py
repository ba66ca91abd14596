"""General forms of owners' addenda read in round 49 (issue 21): Italian, Polish and Czech tender answers
and corrections, measured across every part of the set from real owners' forms with no wrong applied edge.

- Owners' verbs in their own language are the pack's verbs (YAML): Polish "otrzymuje (nowe) brzmienie",
  "zastępuje się" (replaced whole), "uzupełnia się o", "dodaje się" (in part), "skreśla się", "wykreśla się"
  (deleted); Czech "se nahrazuje", "mění text ... takto" (replaced), "se doplňuje o" (in part), "se ruší"
  (deleted); Italian "è sostituito", "è integrato", "è soppresso"; and their "no change" words.
- Their words for a provision are the pack's notations: "art. 12.3", "pkt 2.1.B", "punkt 4.1", "článek 3.2",
  "odstavec 2.1.B", "Point 4.1", "Chapter 3".
- "Quesito n:", "Pytanie nr n", "Dotaz č. n:" open question items, "Rettifica n -" and "Změna č. n:" numbered
  corrections; "Risposta:", "Odpowiedź (Zamawiającego):", "Odpověď:" open the answer, so the section the
  question names places the paragraph the answer changes, and what the question names is no target.
- "replaced by this text:" then the note written whole is the note replaced, not words of it.
- "Detail 2 is withdrawn and is not to be priced" deletes the detail (not an item taken back).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

DOORS = ("SECTION 08 14 16 - FLUSH WOOD DOORS\n\nPART 2 - PRODUCTS\n\n2.1 DOORS\n\n"
         "A. Solid core, five-ply, 45 mm.\n\nB. Face veneer of white oak, plain sliced.\n\n"
         "2.2 FINISH\n\nA. Factory finish, satin.\n\nB. Edge banding of matching veneer.\n")

REQUIREMENTS = ("CAPITOLATO - REQUISITI TECNICI\n\n"
                "12 INTONACI (PLASTER)\n\n12.1 Lime plaster in three coats.\n\n12.2 Plaster corner beads of zinc.\n\n"
                "13 PAVIMENTI (FLOORS)\n\n13.1 Terracotta tiles on mortar bed.\n\n13.2 Skirting of terracotta, 80 mm.\n")


def _doors(root: Path, addendum: str) -> None:
    start_project(root, "round-49")
    write_doc(root, "SPEC-081416", "2026-01-05", DOORS)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_polish_answers_read_their_verbs_and_take_the_section_from_the_question(tmp_path, rules):
    _doors(tmp_path, "WYJAŚNIENIE TREŚCI SWZ\n\n"
                     "Pytanie nr 1 Dotyczy: Section 08 14 16, pkt 2.1.B. May a walnut veneer be offered?\n"
                     "Odpowiedź: Tak. Pkt 2.1.B otrzymuje brzmienie: \"B. Face veneer of walnut, quarter sliced.\"\n\n"
                     "Pytanie nr 2 Dotyczy: Section 08 14 16, pkt 2.2.B. Is edge banding needed on hidden edges?\n"
                     "Odpowiedź Zamawiającego: Nie. Pkt 2.2.B skreśla się.\n")
    reading = read_project(tmp_path, rules)
    assert {("SPEC-081416#2.1.B", "full", True), ("SPEC-081416#2.2.B", "full", False)} <= _applied(reading)


def test_czech_question_names_no_target_and_its_answer_changes_the_article(tmp_path, rules):
    # the drawing the question cites is the asker's, not what the answer changes
    _doors(tmp_path, "VYSVĚTLENÍ ZADÁVACÍ DOKUMENTACE\n\n"
                     "Dotaz č. 1: Section 08 14 16, článek 2.2 FINISH: drawing A-601 shows a gloss finish. Which applies?\n"
                     "Odpověď: Článek 2.2 se ruší.\n")
    write_sheet(tmp_path, "A-601")
    reading = read_project(tmp_path, rules)
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-081416#2.2", "full", False) in found
    assert not [edge for edge in found if edge[0].startswith("DWG-A-601")]


def test_italian_numbered_corrections_by_article(tmp_path, rules):
    # the document named by no number: proposed in the one document holding the articles (round 38's rule)
    start_project(tmp_path, "round-49-it")
    write_doc(tmp_path, "SPEC-CAP", "2026-01-05", REQUIREMENTS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "RETTIFICA N. 2\n\n"
              "Rettifica 1 - Art. 12.2 è soppresso.\n\n"
              "Rettifica 2 - Art. 13.1 è sostituito dal seguente: \"13.1 Stoneware tiles on adhesive.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert {("SPEC-CAP#12.2", "full", False), ("SPEC-CAP#13.1", "full", True)} <= _proposed(reading)


def test_a_chapter_given_new_wording_is_reported_not_silent(tmp_path, rules):
    # (the chapter of a document named by no number: no section it belongs to is said, for a person)
    start_project(tmp_path, "round-49-ch")
    write_doc(tmp_path, "SPEC-CAP", "2026-01-05", REQUIREMENTS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ODPOWIEDZI\n\n1 The Employer informs: chapter 13 of the specification otrzymuje nowe brzmienie:\n\n"
              "\"13 FLOORS\n\n13.1 Stoneware tiles on adhesive.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert [n.reason for n in reading.not_understood if "chapter 13" in n.reason]


def _sheet_with_notes(root: Path) -> None:
    write_sheet(root, "M-301")
    path = root / "documents" / "dwg-m-301.md"
    path.unlink()
    (root / "documents" / "M-301.drawing.yaml").write_text(
        "id: DWG-M-301\nkind: drawing\nsheet: M-301\ntitle: Ventilation Plan\nrevision: \"0\"\nseq: 1\n"
        "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: ALL DUCT IS GALVANISED.\"\n"
        "  - id: note-2\n    text: \"NOTE 2: FIT A FIRE DAMPER AT EACH WALL.\"\n"
        "  - id: detail-1\n    text: \"DETAIL 1: LOUVRE SECTION.\"\n  - id: detail-2\n    text: \"DETAIL 2: DAMPER ACCESS.\"\n")


def test_a_note_replaced_by_this_text_is_replaced_whole(tmp_path, rules):
    start_project(tmp_path, "round-49-note")
    _sheet_with_notes(tmp_path)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ADDENDUM NO. 1\n\n1. Sheet M-301, note 2, is replaced by this text: \"NOTE 2: FIT A SMOKE DAMPER "
              "AT EACH WALL.\"\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-M-301#note-2", "full", True)}


def test_a_detail_withdrawn_and_not_to_be_priced_is_deleted(tmp_path, rules):
    start_project(tmp_path, "round-49-detail")
    _sheet_with_notes(tmp_path)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ADDENDUM NO. 1\n\n1. Detail 2 of Sheet M-301 is withdrawn and is not to be priced.\n")
    reading = read_project(tmp_path, rules)
    assert ("DWG-M-301#detail-2", "full", False) in _applied(reading) | _proposed(reading)


# second pass of round 49: general rules, each measured across every part of the set


def test_a_closing_line_keeping_the_other_provisions_does_not_unsettle_the_last_item(tmp_path, rules):
    # the letter's closing line runs on under its last item; the other provisions stay, the item's change stands
    start_project(tmp_path, "round-49b-closing")
    write_sheet(tmp_path, "G-410")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "CHANGES TO THE TENDER DOCUMENTS\n\n"
              "1) Sheet G-410 Site Plan is replaced by Sheet G-410 revision 2, enclosed with this letter.\n\n"
              "All other provisions of the tender documents remain unchanged.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-G-410", "full", True)}


def test_a_question_naming_a_section_and_a_sheet_places_the_answers_paragraph_in_the_section(tmp_path, rules):
    _doors(tmp_path, "ANSWERS TO BIDDERS\n\n"
                     "Dotaz č. 1: Section 08 14 16, paragraph 2.2.A asks for a satin finish while sheet G-410 "
                     "calls for gloss. Which governs?\n"
                     "Odpověď: The sheet governs. In paragraph 2.2.A the word \"satin\" is replaced by \"gloss\"; "
                     "the rest of the paragraph stays.\n")
    write_sheet(tmp_path, "G-410")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-081416#2.2.A", "partial", True)}


def test_an_article_supplemented_with_a_lettered_paragraph_gains_it(tmp_path, rules):
    # the letter is the new paragraph's, not one the article already lacks
    _doors(tmp_path, "ADDENDUM NO. 2\n\n"
                     "1. Section 08 14 16, Article 2.2 is supplemented with paragraph C: \"C. Seal the top and bottom edges.\"\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-081416#2.2", "partial", True)}
    assert not reading.not_understood


def test_a_numbered_paragraph_added_after_its_sibling_changes_their_article(tmp_path, rules):
    # the new text's own number, in the same article as the paragraph it follows, says whose it is
    # (the document named by no number: proposed, round 38's rule)
    start_project(tmp_path, "round-49b-after")
    write_doc(tmp_path, "SPEC-CAP", "2026-01-05", REQUIREMENTS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "RETTIFICA N. 3\n\nRettifica 1 - After art. 12.2 the following paragraph is added: "
              "\"12.3 Plaster to be cured for seven days.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert ("SPEC-CAP#12", "partial", True) in _proposed(reading)


def test_a_sheet_replaced_by_its_changed_issue_published_with_the_notice_goes_whole(tmp_path, rules):
    start_project(tmp_path, "round-49b-published")
    write_sheet(tmp_path, "G-410")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "NOTICE OF CHANGES\n\n2. Sheet G-410 Site Plan is replaced by the changed sheet G-410 published with "
              "this bulletin.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-G-410", "full", True)}
