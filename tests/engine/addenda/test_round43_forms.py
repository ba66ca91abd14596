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


# --- round 43, second pass: a withdrawn issue with the attached one used instead; the notice's own name;
# a road agency's specification by its word and number.

def test_withdrawing_an_issue_and_using_the_attached_one_replaces_each_sheet(tmp_path, rules):
    start_project(tmp_path, "round-43-withdraw-use")
    write_sheet(tmp_path, "C-201", body="GRADING PLAN\n\nNOTE 1: MATCH EXISTING GRADES.\n")
    write_sheet(tmp_path, "C-202", body="DRAINAGE PLAN\n\nNOTE 1: SLOPE PIPES AT 1%.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\n"
              "1. Sheets C-201 and C-202: withdraw Revision 0 and use the attached Revision 1 of both sheets.\n")
    reading = read_project(tmp_path, rules)
    # (before: no verb of the pack read it; both proposed in part)
    assert _applied(reading) == {("DWG-C-201", "full", True), ("DWG-C-202", "full", True)}


def test_the_notice_naming_itself_a_note_is_no_note_of_the_section(tmp_path, rules):
    _amendments(tmp_path, "EXPLANATORY NOTE No. 3\n\n"
                          "Item 1 - Section 31 22 00 Grading: the section is replaced in full by the revised section "
                          "enclosed with this Explanatory Note.\n")
    reading = read_project(tmp_path, rules)
    # (before: "Note" read as a part of the section no reference placed, so the whole was proposed in part)
    assert _applied(reading) == {("SPEC-312200", "full", True)}


def test_a_note_of_the_section_itself_still_leaves_the_whole_in_doubt(tmp_path, rules):
    _amendments(tmp_path, "ADDENDUM No. 3\n\n"
                          "1. Section 31 22 00 Grading: replace the note on topsoil with the revised one attached.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-312200", "full", True) not in _applied(reading)


BEDDING = ("SECTION 404 - PIPE BEDDING\n\n404.1 DESCRIPTION\n\nBed pipes on granular material.\n\n"
           "404.3 CONSTRUCTION\n\n404.3.1 Bedding: Place 100 mm of bedding under each pipe.\n\n"
           "404.3.2 Haunching: Compact the haunch in layers.\n")


def _agency(root: Path, text: str) -> None:
    start_project(root, "round-43-agency")
    write_doc(root, "SPEC-SS404", "2026-01-05", BEDDING)
    _titled(root, "SPEC-SS404", "Section 404 Pipe Bedding")
    write_doc(root, "ADD-01", "2026-02-02", text)


def test_a_road_agency_specification_named_by_its_word_and_number_places_its_clause(tmp_path, rules):
    _agency(tmp_path, "ADDENDUM No. 2\n\n2. Specification 404 Pipe Bedding, Clause 404.3.1 Bedding is deleted and "
                      "replaced with: \"404.3.1 Bedding: Place 150 mm of bedding under each pipe.\"\n")
    reading = read_project(tmp_path, rules)
    # (before: the section was found by its title alone, so the clause was only proposed)
    assert _applied(reading) == {("SPEC-SS404#404.3.1", "full", True)}


def test_a_technical_specification_number_is_not_read_as_the_agency_section(tmp_path, rules):
    _agency(tmp_path, "ADDENDUM No. 2\n\n2. Technical Specification 404 Roofing, Clause 404.3.1 is deleted and "
                      "replaced with: \"404.3.1 Flashing: Lap 150 mm.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)


SUPPLEMENTARY = ("SUPPLEMENTARY GENERAL CONDITIONS\n\n## SGC 1 Definitions\n\nWords have the meanings of the general "
                 "conditions.\n\n## SGC 2 Site Access\n\nAccess the site from the north gate only.\n\n## SGC 3 Retainage\n\n"
                 "Retain 10% of each payment.\n")


def _supplementary(root: Path, text: str) -> None:
    start_project(root, "round-43-coded-titled")
    write_doc(root, "SPEC-SGC", "2026-01-05", SUPPLEMENTARY)
    _titled(root, "SPEC-SGC", "Supplementary General Conditions")
    write_doc(root, "ADD-01", "2026-02-02", text)


def test_a_condition_named_by_its_letters_number_and_title_is_applied(tmp_path, rules):
    _supplementary(tmp_path, "ADDENDUM No. 4\n\n"
                             "1. SGC 2 Site Access: delete the clause and replace it with the following: "
                             "\"Access the site from the east gate only.\"\n\n"
                             "2. SGC 3 Retainage: add the following: \"Retainage is released at completion.\"\n")
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "for a person to confirm", though number and title agree on one clause)
    assert _applied(reading) == {("SPEC-SGC#sgc-2-site-access", "full", True), ("SPEC-SGC#sgc-3-retainage", "partial", True)}


def test_a_condition_whose_title_does_not_agree_with_its_number_is_not_applied(tmp_path, rules):
    _supplementary(tmp_path, "ADDENDUM No. 4\n\n1. SGC 2 Retainage: delete the clause and replace it with the following: "
                             "\"Retain 5% of each payment.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
