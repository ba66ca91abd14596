"""Round 72 of issue 21, English addenda: changes read right but only proposed, where a careful
document controller would apply them without asking. Each test keeps a near form proposed too, so
the rule stays no wider than its plain reading. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PAVING = ("SECTION 32 12 16 - ASPHALT PAVING\n\nPART 3 EXECUTION\n\n3.2 PLACING\n\n"
          "A. Place the surface course in one lift, 50 mm compacted.\n\n"
          "B. Roll until no further marks show.\n")

SHEET = """id: DWG-C-204
kind: drawing
sheet: C-204
title: Site Plan
revision: "0"
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T08:00:00Z
callouts:
  - id: note-1
    text: "NOTE 1: VERIFY THE LEVELS ON SITE."
  - id: note-2
    text: "NOTE 2: KERBS ARE 150 MM HIGH."
"""


def _project(root: Path, rules, addendum: str):
    start_project(root, "round-72-english")
    write_doc(root, "SPEC-321216", "2027-01-11", PAVING, title="Section 32 12 16 - Asphalt Paving")
    (root / "documents" / "C-204.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2027-02-20", addendum, kind="addendum", title="Addendum No. 1")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


def test_a_paragraph_edited_to_include_words_is_changed_in_part_and_applied(tmp_path, rules):
    # "has been edited to include": words put into the paragraph, the rest of it kept
    reading, applied, proposed = _project(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe following changes are made to the bid documents.\n\n"
        "SECTION 32 12 16 - ASPHALT PAVING\n\n"
        "a) Article 3.2, Paragraph B has been edited to include the words \"with a steel-wheeled roller\".\n"))
    assert ("SPEC-321216#3.2.B", "partial", True) in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-321216#3.2.B" for t, _, _ in proposed), proposed


def test_a_paragraph_that_may_be_edited_is_not_applied(tmp_path, rules):
    # a permission to edit is no edit made: nothing applied to the paragraph
    reading, applied, proposed = _project(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe following changes are made to the bid documents.\n\n"
        "SECTION 32 12 16 - ASPHALT PAVING\n\n"
        "a) If the Engineer agrees, Article 3.2, Paragraph B may be edited to include the words "
        "\"with a steel-wheeled roller\".\n"))
    assert not any(t.startswith("SPEC-321216") for t, _, _ in applied), (applied, proposed)


def test_the_set_named_as_a_caption_before_the_sheet_does_not_make_the_item_prose(tmp_path, rules):
    # "Contract Plan Set, Sheet C-204, Note 2;" is a caption: the set, the sheet and its note, then
    # the verb after the semicolon; the note is changed in part
    reading, applied, proposed = _project(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe bid documents are amended as follows.\n\n"
        "Item #4: Contract Plan Set, Sheet C-204, Note 2; Change \"150 mm\" to \"180 mm\".\n"))
    assert ("DWG-C-204#note-2", "partial", True) in applied, (applied, proposed, reading.not_understood)


def test_a_sentence_of_prose_before_the_semicolon_still_holds_the_change_back(tmp_path, rules):
    # a bidder's words name the note in prose; the verb after them is not settled on it
    reading, applied, proposed = _project(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe bid documents are amended as follows.\n\n"
        "Item #4: Bidders asked about Sheet C-204, Note 2; Change \"150 mm\" to \"180 mm\".\n"))
    assert not any(t.startswith("DWG-C-204") for t, _, _ in applied), (applied, proposed)
    assert any(t.startswith("DWG-C-204") for t, _, _ in proposed), (applied, proposed, reading.not_understood)


SCOPE = ("ATTACHMENT 3 - STATEMENT OF WORK: FENDER INSPECTION SERVICES\n\nSECTION 4 - TASKS\n\n"
         "4.1 Survey. The Consultant shall survey every fender panel once a year.\n\n"
         "4.2 Report. The Consultant shall report within 30 days of each survey.\n")


def _scope_project(root: Path, rules, item: str):
    start_project(root, "round-72-scope")
    write_doc(root, "SPEC-SOW-FI", "2027-01-11", SCOPE,
              title="Attachment 3 Statement of Work Fender Inspection Services")
    write_doc(root, "ADD-01", "2027-02-20", "AMENDMENT NO. 1\n\nThe request for proposals is amended as follows.\n\n"
              + item + "\n", kind="addendum", title="Amendment No. 1")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


def test_a_bare_clause_number_replaced_by_new_text_under_that_number_is_applied(tmp_path, rules):
    # "Delete 4.2, Report and replace with" the clause anew under "4.2": the number written and
    # the new text's label name one clause of the one document named
    reading, applied, proposed = _scope_project(tmp_path, rules, (
        '1. Attachment 3, Statement of Work Delete 4.2, Report and replace with: "4.2 Report. The Consultant '
        'shall report within 14 days of each survey."'))
    assert ("SPEC-SOW-FI#4.2", "full", True) in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-SOW-FI" for t, _, _ in applied), applied


def test_a_bare_clause_number_replaced_by_unlabelled_text_stays_proposed(tmp_path, rules):
    # nothing but the bare number says which clause: a guess a person confirms
    reading, applied, proposed = _scope_project(tmp_path, rules, (
        '1. Attachment 3, Statement of Work Delete 4.2, Report and replace with: "The Consultant shall report '
        'within 14 days of each survey."'))
    assert not any(t.startswith("SPEC-SOW-FI") for t, _, _ in applied), (applied, proposed)
    assert any(t == "SPEC-SOW-FI#4.2" for t, _, _ in proposed), (applied, proposed, reading.not_understood)


def test_a_paragraph_that_should_only_state_new_text_is_replaced_whole(tmp_path, rules):
    # a tender corrigendum: "contains a technical error; it should only state:" then the paragraph
    # anew under its own letter: the whole of it replaced, nothing of the old kept
    reading, applied, proposed = _project(tmp_path, rules, (
        "CLARIFICATION NO. 1\n\nQUESTION:\n\n1) How many passes of the roller are needed?\n\nANSWER:\n\n"
        "Paragraph 3.2 B of Section 32 12 16 contains a technical error; it should only state: "
        "\"B. Roll with a steel-wheeled roller until no further marks show.\"\n"))
    assert ("SPEC-321216#3.2.B", "full", True) in applied, (applied, proposed, reading.not_understood)
    assert not any(t == "SPEC-321216#3.2.B" and s != "full" for t, s, _ in applied | proposed), (applied, proposed)


def test_a_note_that_shall_only_state_new_text_is_replaced_whole(tmp_path, rules):
    reading, applied, proposed = _project(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe bid documents are amended as follows.\n\n"
        "1. Drawing C-204 contains a technical error; Note 2 shall only state: "
        "\"NOTE 2: KERBS ARE 180 MM HIGH.\"\n"))
    assert ("DWG-C-204#note-2", "full", True) in applied, (applied, proposed, reading.not_understood)


def test_a_paragraph_that_should_only_state_a_fact_is_no_change(tmp_path, rules):
    # "should only state" with no colon and no new text is a reading of the paragraph, not a restatement
    reading, applied, proposed = _project(tmp_path, rules, (
        "CLARIFICATION NO. 1\n\nQUESTION:\n\n1) What must the rolling record show?\n\nANSWER:\n\n"
        "Per Paragraph 3.2 B of Section 32 12 16 the rolling record should only state the number of passes; "
        "no change is made.\n"))
    assert not any(t.startswith("SPEC-321216") for t, _, _ in applied), (applied, proposed)
