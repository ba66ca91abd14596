"""General levers of applied recall found in round 43 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- Amendment blocks of development-bank bidding documents: a caption ("Change 3"), then "Reference:" naming
  the provision, "Original text:" and "Amended text:" on the lines under it. The labels name their noun;
  they are read as "Original:" / "Amended:" are, one item (before: the block was split at "Amended text:"
  and read as the addendum's preamble, or "Amended" read as its verb). The new text "Deleted." deletes the
  provision; a new text that is itself an instruction ("Drawing No. C-201, Revision 1, attached, replaces
  Revision 0 in its entirety") is read as one; old and new texts written out as sentences, neither
  restating the provision's label, are proposed replaced whole (whether the old text is all of the
  provision is for a person to confirm: the reader does not hold the provision's words).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


GRADING = ("SECTION 31 22 00 - GRADING\n\n3.1 PREPARATION\n\nA. Strip topsoil to a depth of 150 mm.\n\n"
           "B. Stockpile topsoil on site.\n")


def _amendments(root: Path, text: str) -> None:
    start_project(root, "round-43-amendments")
    write_doc(root, "SPEC-312200", "2026-01-05", GRADING)
    _titled(root, "SPEC-312200", "Section 31 22 00 Grading")
    write_sheet(root, "C-201", body="GRADING PLAN\n\nNOTE 1: MATCH EXISTING GRADES.\n")
    write_doc(root, "ADD-01", "2026-02-02", text)


HEAD = ("Municipal Works Package W-07\n\nADDENDUM No. 02\n\nThe bidding document is amended as follows; "
        "acknowledge this addendum in the Letter of Bid.\n\n")


def test_a_deleted_amended_text_deletes_the_provision_the_reference_names(tmp_path, rules):
    _amendments(tmp_path, HEAD + "Change 1\nReference: Section 31 22 00 Grading, Paragraph 3.1.B\n"
                                 "Original text: (unchanged from the bid set)\nAmended text: Deleted.\n")
    reading = read_project(tmp_path, rules)
    # (before: the block was read as preamble, or "Amended" and "Deleted" two verbs, proposed in part)
    assert _applied(reading) == {("SPEC-312200#3.1.B", "full", False)}


def test_an_amended_text_that_is_an_instruction_is_read_as_one(tmp_path, rules):
    _amendments(tmp_path, HEAD + "Change 2\nReference: Drawings, Drawing No. C-201\n"
                                 "Original text: Grading plan, Revision 0.\n"
                                 "Amended text: Drawing No. C-201, Revision 1, attached, replaces Revision 0 in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: proposed, "reads amend and replace verbs (Amended … replaces)")
    assert _applied(reading) == {("DWG-C-201", "full", True)}


def test_old_and_new_sentences_are_proposed_replaced_whole_never_applied(tmp_path, rules):
    _amendments(tmp_path, HEAD + "Change 3\nReference: Section 31 22 00 Grading, Paragraph 3.1.A\n"
                                 "Original text: Strip topsoil to a depth of 150 mm.\n"
                                 "Amended text: Strip topsoil to a depth of 200 mm and screen it before reuse.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    # (before: proposed changed in part; the reader cannot see the old text is all of 3.1.A, so a person
    # confirms, but the likeliest reading is the paragraph given whole)
    assert ("SPEC-312200#3.1.A", "full", True) in _proposed(reading)


def test_a_quoted_phrase_for_a_quoted_phrase_stays_a_change_in_part(tmp_path, rules):
    _amendments(tmp_path, HEAD + "Change 4\nReference: Section 31 22 00 Grading, Paragraph 3.1.A\n"
                                 "Original text: \"150 mm\"\nAmended text: \"200 mm\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-312200#3.1.A", "partial", True) in _applied(reading) | _proposed(reading)
    assert not any(scope == "full" for _, scope, _ in _applied(reading) | _proposed(reading))


def test_old_and_new_text_labels_without_their_pair_are_no_change(tmp_path, rules):
    # (a preamble sentence mentioning the original text is still preamble: no pair of labels, no item)
    _amendments(tmp_path, HEAD + "The original text of the bidding document stands except as amended below.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading) and not _proposed(reading)
