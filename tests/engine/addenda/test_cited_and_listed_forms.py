"""Forms of issue 21 round 19, in words of their own. Precision first: quoted words put in place of
quoted words change part of a provision wherever the instruction sits (a schedule row's cell, a
drawing note's row, prose), never all of it. Structure: a subject title citing its target in
parentheses heads the lines below it; a list of sections under a lettered caption, its lead-in
saying each enclosed document takes the place of the one of the same number, replaces each; an
addendum sketch named by a prefix on a sheet's number is proposed against that sheet; a section
said to be revised, then its paragraphs one a line ("Section 2.2.B Change ..."), reads each
paragraph in that section."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 22 42 00 - PLUMBING FIXTURES\n\nPART 2 - PRODUCTS\n\n2.2 LAVATORIES\n\n"
        "A. Vitreous china, wall hung, 20 by 18 inches.\n\nB. Drinking fountain, stainless steel, with a drain.\n\n"
        "2.3 SINKS\n\nA. Stainless steel, two compartments.\n\nPART 3 - EXECUTION\n\n3.1 INSTALLATION\n\n"
        "A. Set fixtures level and plumb.\n")
BIDDING = ("SECTION 00 21 13 - INSTRUCTIONS TO BIDDERS\n\nPART 1 - GENERAL\n\n1.2 BIDS\n\n"
           "A. Bids are received by the Purchasing Agent.\n")
SHEET = ("id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Power Plan\nissued: 2026-01-05\n"
         "effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-1\n    text: \"NOTE 1: ALL CONDUIT CONCEALED.\"\n"
         "  - id: detail-3\n    text: \"DETAIL 3: PULL BOX AT THE DOCK.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "cited-and-listed")
    write_doc(root, "SPEC-224200", "2026-01-05", SPEC)
    write_doc(root, "SPEC-002113", "2026-01-05", BIDDING)
    for sheet in ("E-401", "E-402"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(SHEET.format(sheet=sheet))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


# -- quoted words for quoted words: part of the provision, wherever the instruction sits ---------


def test_quoted_words_amended_to_read_quoted_words_change_the_paragraph_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        '1. Section 22 42 00, clause 2.2.A: "20 by 18 inches" amended to read "22 by 18 inches".\n\n'
        '2. Drawing E-401, note 1: "CONCEALED" is revised to read "EXPOSED IN THE PLANT ROOM".\n'))
    assert ("SPEC-224200#2.2.A", "partial", True) in _applied(reading)
    assert ("DWG-E-401#note-1", "partial", True) in _applied(reading)
    assert not any(scope == "full" for _, scope, _ in _applied(reading))


def test_a_schedule_row_putting_quoted_words_for_quoted_words_changes_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SCHEDULE OF AMENDMENTS\n\n| Item | Clause | Amendment |\n|---|---|---|\n"
        '| 1 | Section 22 42 00, clause 2.3.A | "two compartments" amended to read "three compartments" |\n'
        '| 2 | Drawing E-402, note 1 | "CONCEALED" amended to read "IN SURFACE RACEWAY" |\n'))
    assert ("SPEC-224200#2.3.A", "full", True) not in _applied(reading)
    assert ("DWG-E-402#note-1", "full", True) not in _applied(reading)
    assert {("SPEC-224200#2.3.A", "partial", True), ("DWG-E-402#note-1", "partial", True)} <= (
        _applied(reading) | _proposed(reading))


def test_quoted_new_words_opening_with_the_paragraphs_own_label_still_restate_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        'SPECIFICATIONS\n\n1. Section 22 42 00, paragraph 2.3.A is revised to read "A. Stainless steel, three compartments, '
        'with a drainboard on each side."\n'))
    assert ("SPEC-224200#2.3.A", "full", True) in _applied(reading)


# -- a subject title citing its target in parentheses -------------------------------------------


def test_a_subject_title_citing_a_paragraph_in_parentheses_heads_the_lines_below(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The changes below are made before bids are due:\n\n"
        "Lavatory Size (22 42 00, 2.2.A)\n\nThe lavatories are to be 22 by 18 inches in place of 20 by 18 inches.\n\n"
        "Sink Work (22 42 00, 2.3)\n\nAdd to the sinks: a drainboard on each side of every sink.\n"))
    found = _applied(reading) | _proposed(reading)
    assert ("SPEC-224200#2.2.A", "partial", True) in found
    assert ("SPEC-224200#2.3", "partial", True) in found
    assert not reading.not_understood


def test_a_subject_title_citing_a_sheet_and_detail_in_parentheses_places_the_detail(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Dock Pull Box (Sheet E-401, Detail 3)\n\nDetail 3 is revised so that the pull box sits 12 inches above the deck.\n"))
    assert ("DWG-E-401#detail-3", "partial", True) in _applied(reading) | _proposed(reading)


def test_an_article_cited_after_its_section_number_and_a_comma_is_that_article(tmp_path, rules):
    reading = _read(tmp_path, rules, "SPECIFICATIONS\n\n1. Section 22 42 00, 2.3: Add a drainboard on each side of every sink.\n")
    assert ("SPEC-224200#2.3", "partial", True) in _applied(reading) | _proposed(reading)
    assert ("SPEC-224200", "partial", True) not in _applied(reading) | _proposed(reading)


# -- an enclosure list under a lettered caption, governed by its lead-in -------------------------


def test_sections_listed_under_a_caption_are_replaced_by_the_lead_ins_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The documents listed below are enclosed, and each takes the place of the document that has the same "
        "number:\n\nA. SPECIFICATIONS\n\nSection 22 42 00 - Plumbing Fixtures\n\n"
        "B. QUESTIONS\n\nQuestion 1: Is the sink stainless?\n\nAnswer: Yes, as specified.\n"))
    assert ("SPEC-224200", "full", True) in _applied(reading)
    assert len(_applied(reading)) == 1


def test_a_caption_after_a_listed_section_is_never_a_paragraph_of_it(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Each document enclosed takes the place of the document of the same number:\n\nA. SPECIFICATIONS\n\n"
        "Section 22 42 00 - Plumbing Fixtures\n\nB. DRAWINGS\n\nSheet E-402 - Power Plan\n"))
    # "B. DRAWINGS" opens the next group: no paragraph B of the section listed above it
    assert not any("#" in target for target, _, _ in _applied(reading) | _proposed(reading))


# -- addendum sketches named by a prefix on the sheet's number -----------------------------------


def test_addendum_sketches_are_proposed_against_the_sheet_their_number_names(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "The sketches below are issued, and each takes the place of the part of the sheet it shows:\n\n"
        "A. SKETCHES\n\nADE-401 - Power Plan, lighting at the loading dock - Addendum 1\n\n"
        "SK-E-402 - Power Plan, Detail 3 - Addendum 1\n"))
    assert not _applied(reading)
    assert ("DWG-E-401", "partial", True) in _proposed(reading)
    assert ("DWG-E-402#detail-3", "full", True) in _proposed(reading)


def test_a_sketch_listed_with_no_word_of_change_over_it_is_only_listed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "This addendum has 2 pages and the documents listed here:\nA. SKETCHES\n"
        "ESK-401 - Power Plan, loading dock lighting\n"))
    assert not any(target.startswith("DWG-E-401") for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_sketch_prefix_without_a_sheet_the_project_holds_names_nothing(tmp_path, rules):
    reading = _read(tmp_path, rules, "Revise per sketch ADM-909 - Boiler Room.\n")
    assert not any(target.startswith("DWG-M-909") for target, _, _ in _applied(reading) | _proposed(reading))


# -- a section said to be revised, then its paragraphs one a line -------------------------------


def test_a_section_revised_to_then_paragraph_lines_after_the_word_section(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CHANGES TO SPECIFICATIONS:\n\nSection 22 42 00 Plumbing Fixtures has been revised to:\n\n"
        "Section 2.2.B Change the words 'with a bottle filler' in lieu of 'with a drain'.\n\n"
        "Section 2.3.A Delete this paragraph in its entirety.\n"))
    assert ("SPEC-224200#2.2.B", "partial", True) in _applied(reading)
    assert ("SPEC-224200#2.3.A", "full", False) in _applied(reading)
    # the line heading them changes nothing the lines under it do not
    assert ("SPEC-224200", "partial", True) not in _applied(reading) | _proposed(reading)


def test_paragraph_lines_under_a_division_00_section_revised_are_skipped(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "Section 00 21 13 Instructions to Bidders has been revised to:\n\n"
        "Section 1.9.A Change the words 'the Clerk' in lieu of 'the Purchasing Agent'.\n"))
    assert not _applied(reading) and not _proposed(reading)
    assert not reading.not_understood
    assert reading.skipped.get("INF-S001", 0) >= 1


# -- structure read elsewhere this round --------------------------------------------------------


def test_sheets_revised_by_attachment_are_replaced_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "DRAWINGS\n\n1. Sheets E-401 Power Plan - Level 1 and E-402 Power Plan - Level 2 are revised by attachment; "
        "use the attached sheets in place of the bid sheets.\n"))
    assert _applied(reading) == {("DWG-E-401", "full", True), ("DWG-E-402", "full", True)}


def test_a_paragraph_letter_joined_to_its_article_by_a_comma_is_that_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SECTION 22 42 00 - PLUMBING FIXTURES\n\n1. Article 2.3, Paragraph A: delete and replace with: "
        '"A. Stainless steel, three compartments, with a drainboard."\n'))
    assert _applied(reading) == {("SPEC-224200#2.3.A", "full", True)}


def test_a_provision_taken_out_of_the_bid_goes_with_nothing_in_its_place(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATIONS\n\n1. Paragraph 2.2.B of Section 22 42 00 has been taken out of the bid; no fountain is wanted.\n"))
    assert _applied(reading) == {("SPEC-224200#2.2.B", "full", False)}


def test_sheets_listed_as_revised_are_proposed_whole_with_a_successor(tmp_path, rules):
    reading = _read(tmp_path, rules, "CHANGES\n\n1. Revised - Drawing Sheets - E-401 & E-402\n")
    # never applied by the status word alone, but proposed as what it most likely is: the sheet issued anew
    assert {("DWG-E-401", "full", True), ("DWG-E-402", "full", True)} <= _proposed(reading)
    assert not _applied(reading)


def test_a_sheet_marked_revised_on_its_own_line_of_a_schedule_is_proposed_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CHANGES\n\n2. Drawings\nDrawing No. E-401 Power Plan Details (Revised)\n"
        "Drawing No. E-402 Power Plan, Detail 3 (Deleted)\n"))
    assert ("DWG-E-401", "full", True) in _proposed(reading)
    assert ("DWG-E-402#detail-3", "full", False) in _proposed(reading) | _applied(reading)


def test_a_line_listing_revised_sheets_proposes_each_sheet_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "Changes are made as follows:\n\nPLANS: Revised sheets E-401 and E-402.\n")
    assert {("DWG-E-401", "full", True), ("DWG-E-402", "full", True)} <= _applied(reading) | _proposed(reading)
    assert ("DWG-E-401", "partial", True) not in _applied(reading) | _proposed(reading)


def test_a_heading_naming_a_sheet_after_a_lead_in_naming_none_heads_the_changes_below(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "PART 2 - DRAWINGS\n\nThe Drawings are amended as follows:\n\nDRAWING E-402 POWER PLAN\n\n"
        "Note 1 shall be edited to the following. NOTE 1: CONDUIT MAY RUN EXPOSED IN THE PLANT ROOM.\n"))
    assert ("DWG-E-402#note-1", "full", True) in _applied(reading)


def test_a_path_joined_by_of_to_the_section_after_it_is_that_sections(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATIONS\n\n1. Delete Section 00 21 13 Instructions to Bidders, Article 1.2, and add the following "
        'paragraph to Article 2.3 of Section 22 42 00: "B. Mop sink, floor mounted."\n'))
    found = _applied(reading) | _proposed(reading)
    assert any(target == "SPEC-224200#2.3" for target, _, _ in found)
    assert not any(target.startswith("SPEC-002113#2.3") for target, _, _ in found)
