"""Nothing silent (issue 21): an item naming a section, sheet, clause or page of the project
next to a change word is applied, proposed or reported, whatever its layout; and the blocks
owners write are cut into the items they mean. Each form in words of its own, not those of
the real addenda it was seen in."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as proposed_edges
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
        "B. Ratio 0.45.\n\nC. Slump 4 inches.\n")
HARDWARE = "SECTION 08 71 00 - DOOR HARDWARE\n\n2 PRODUCTS\n\n2.1 HINGES\n\nA. Five-knuckle hinges, brass finish.\n"
STOREFRONT = "SECTION 08 41 13 - ALUMINUM STOREFRONTS\n\n2 PRODUCTS\n\n2.1 FRAMES\n\nA. Thermally broken frames.\n"
# a book of general conditions whose pages carry the letters "GC" ("GC-4"), numbered by clause
CONDITIONS = ("GENERAL CONDITIONS OF THE CONTRACT\n\nPART 4 - BONDS AND INSURANCE\n\n"
              "4.2 Insurance. The Contractor shall name the Owner as additional insured.\n\n"
              "4.3 Bonds. A performance bond of 100 percent is required.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "silent")
    write_doc(root, "SPEC-033000", "2026-01-05", SPEC)
    write_doc(root, "SPEC-087100", "2026-01-05", HARDWARE)
    write_doc(root, "SPEC-084113", "2026-01-05", STOREFRONT)
    write_doc(root, "SPEC-GC", "2026-01-05", CONDITIONS)
    for sheet in ("A-101", "A-102"):
        write_sheet(root, sheet)
    (root / "documents" / "dwg-a-201.drawing.yaml").write_text(
        "id: DWG-A-201\nkind: drawing\nsheet: A-201\ntitle: Building Sections\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: SEAL ALL PENETRATIONS.\"\n"
        "  - id: detail-4\n    text: \"DETAIL 4: PARAPET AT CANOPY.\"\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def _proposed(reading) -> set[tuple[str, str]]:
    return {(target, scope) for target, scope, _ in proposed_edges(reading)}


def test_a_decimal_heading_naming_a_section_heads_the_lettered_changes_below_it(tmp_path, rules):
    # owners number each section they change by part and entry ("2.1 03 30 00 - Title"), then
    # letter the changes under it: each change belongs to the section its heading names
    reading = _read(tmp_path, rules, "ADDENDUM NO. 3\n\nPART 2 - SPECIFICATIONS\n\n"
                    "2.1 03 30 00 - Cast-in-Place Concrete\n\nA. Paragraph 2.1.C deleted.\n\n"
                    "2.2 SECTION 08 71 00 DOOR HARDWARE\n\n"
                    "A. Paragraph 2.1.A: \"brass finish\" changed to \"satin stainless finish\".\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "full", False), ("SPEC-087100#2.1.A", "partial", True)}


def test_an_instruction_written_as_a_section_line_does_not_swallow_the_next(tmp_path, rules):
    # a paragraph opening with the section it changes reads like an outline line; the next
    # paragraph, naming a sheet of its own and its own verb, is an item of its own
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSPECIFICATIONS AND DRAWINGS\n\n"
                    "Section 03 30 00 - Concrete: paragraph 2.1.C is deleted.\n\n"
                    "Sheet A-201 - Building Sections: Note 1 is replaced by \"NOTE 1: FIRESTOP EVERY "
                    "PENETRATION.\"\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "full", False), ("DWG-A-201#note-1", "full", True)}


def test_a_row_naming_a_page_by_its_code_proposes_the_clause_it_gives(tmp_path, rules):
    # a table of changed pages: the page's letters are the book's ("GC-4"), the clause is written
    # first in the change; what changes is that clause, for a person to confirm
    reading = _read(tmp_path, rules, "ADDENDUM NO. 5\n\nGENERAL CONDITIONS\n\n"
                    "| PAGE | CHANGE |\n|---|---|\n"
                    "| GC-4 | 4.3 Bonds: add 'and a payment bond of equal amount' after 'is required' |\n")
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-GC#4.3", "partial")}
    assert "GC-4" in reading.proposed[0].evidence.why


def test_a_division_replaced_whole_proposes_each_of_its_sections(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 6\n\n"
                    "1. The attached Division 08 - Openings supersedes, in its entirety, the corresponding part of "
                    "the bid documents.\n")
    assert not reading.applied
    assert {target for target, _ in _proposed(reading)} == {"SPEC-087100", "SPEC-084113"}


def test_a_place_the_verb_has_as_its_subject_is_read_though_written_as_shown_on(tmp_path, rules):
    # "shown on" usually cites; as the subject of "is hereby revised" it names what changes
    reading = _read(tmp_path, rules, "ADDENDUM NO. 7\n\n"
                    "1. The extent of work shown on Drawing A-201, Detail 4, is hereby revised to include the "
                    "loading dock canopy.\n")
    said = {(e.target.format(), e.scope) for e in reading.applied} | _proposed(reading)
    assert said == {("DWG-A-201#detail-4", "partial")}


def test_a_change_word_beside_a_number_nothing_places_is_reported(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 8\n\n"
                    "| PAGE | CHANGE |\n|---|---|\n| QX-9 | 9.4 Warranty: add 'two years' after 'period' |\n")
    assert not reading.applied and not reading.proposed
    assert [n.item.format() for n in reading.not_understood] == ["ADD-01#table-1.row-1"]


def test_two_sentences_each_changing_a_target_of_its_own_are_two_instructions(tmp_path, rules):
    # the first names its section as the subject of a passive verb further in; the second
    # replaces a sheet: both are read, each with its own scope
    reading = _read(tmp_path, rules, "ADDENDUM NO. 9\n\n"
                    "1. The work of Section 03 30 00 - Cast-in-Place Concrete is hereby revised to include curing "
                    "blankets in cold weather. The print enclosed replaces Sheet A-101 as first issued.\n")
    # (the section's change in part names no part of it: proposed, never applied, by the last guard)
    assert _applied(reading) == {("DWG-A-101", "full", True)}
    assert ("SPEC-033000", "partial", True) in proposed_edges(reading)


def test_a_heading_with_a_change_word_over_entries_that_say_nothing_is_not_silent(tmp_path, rules):
    # the change is said in the heading and the entries below it only describe: the heading's
    # own words are read (here a whole division, each of its sections proposed)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 10\n\nDIVISION 08 - OPENINGS - REPLACED IN ITS ENTIRETY\n\n"
                    "A. The sections attached are issued for bidding.\n\n"
                    "B. The storefront manufacturer list is unchanged.\n")
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-087100", "full"), ("SPEC-084113", "full")}
    assert {p.item.path for p in reading.proposed} == {"division-08-openings-replaced-in-its-entirety"}


def test_a_change_word_no_verb_of_the_pack_reads_still_proposes_what_the_row_names(tmp_path, rules):
    # "increased" is no verb of the pack: the row is proposed for a person, never applied
    reading = _read(tmp_path, rules, "ADDENDUM NO. 12\n\n| PAGE | CHANGE |\n|---|---|\n"
                    "| GC-4 | 4.3 Bonds: the bond amount increased to 110 percent |\n")
    assert not reading.applied
    assert _proposed(reading) == {("SPEC-GC#4.3", "partial")}
    assert '"increased"' in reading.proposed[0].evidence.why


def test_what_a_question_asks_in_change_words_is_not_reported_when_the_answer_declines(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 13\n\n"
                    "Q: May paragraph 2.1.C of Section 03 30 00 allow 5 inches instead of 4 inches?\n\nA: No.\n")
    assert not reading.applied and not reading.proposed and not reading.not_understood


@pytest.mark.parametrize("lead", ["is hereby revised as follows.", "is hereby revised."])
def test_a_passive_verb_that_only_leads_to_the_next_sentence_is_no_instruction_of_its_own(tmp_path, rules, lead):
    # "... is revised as follows. Paragraph 2.1.C is deleted.": one change, said by the second
    # sentence; the section is never changed in part on the first's bare verb
    reading = _read(tmp_path, rules, "ADDENDUM NO. 14\n\n"
                    f"1. The mix design of Section 03 30 00 - Cast-in-Place Concrete {lead} Paragraph 2.1.C is deleted.\n")
    assert ("SPEC-033000", "partial", True) not in _applied(reading)
    assert all(e.target.path for e in reading.applied)


def test_unnumbered_instructions_under_a_section_heading_are_each_an_item_after_lettered_new_text(tmp_path, rules):
    # the plainest CSI form: "SECTION nn nn nn - TITLE", then unnumbered instructions, each new
    # paragraph lettered as the section holds it; the instruction after a lettered new text is
    # an item of its own, not more of that text
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n"
                    "Delete Paragraph 2.1.A and substitute the following:\n\n"
                    "A. Strength 5,000 psi at 28 days for all footings, and:\n\n"
                    "1. 6,000 psi for the transfer girders.\n\n"
                    "Add the following to Paragraph 2.1.B:\n\n"
                    "Fly ash may make up no more than a fifth of the cementitious content.\n\n"
                    "Delete Paragraph 2.1.C in its entirety.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.A", "full", True), ("SPEC-033000#2.1.B", "partial", True),
                                 ("SPEC-033000#2.1.C", "full", False)}


def test_an_added_paragraph_numbered_in_its_new_text_amends_what_it_joins(tmp_path, rules):
    # "Add the following subparagraph:" names no place; the new text's own number ("2.1.D")
    # does: the article gains it. A number the section already holds is only proposed.
    reading = _read(tmp_path, rules, "ADDENDUM NO. 5\n\nSECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n"
                    "Add the following subparagraph:\n\n2.1.D Air content 6 percent, plus or minus 1.5.\n\n"
                    "SECTION 08 71 00 - DOOR HARDWARE\n\n"
                    "Insert the following new paragraph:\n\n2.1.A Hinges of stainless steel at exterior doors.\n")
    assert _applied(reading) == {("SPEC-033000#2.1", "partial", True)}
    assert ("SPEC-087100#2.1", "partial") in _proposed(reading)


def test_questions_each_opened_by_the_same_sentence_are_each_an_item(tmp_path, rules):
    # a district writes every bidder question after one lead-in sentence, its answer labelled
    # "District response:", the questions ruled apart or not: each answer changes what it says
    reading = _read(tmp_path, rules, "ADDENDUM NO. 6\n\n"
                    "A prospective bidder asked the following: Is a slump of 4 inches enough for pumping?\n\n"
                    "District response: No. Section 03 30 00, Paragraph 2.1.C is revised to read: \"C. Slump 6 "
                    "inches where pumped.\"\n\n--\n\n"
                    "A prospective bidder asked the following: Sheet A-201 shows a parapet note. Is it needed?\n\n"
                    "District response: Note 1 on Sheet A-201 is deleted.\n\n"
                    "A prospective bidder asked the following: Are brass hinges acceptable?\n\n"
                    "District response: Yes. Section 08 71 00, Paragraph 2.1.A is revised to allow satin brass.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "full", True), ("DWG-A-201#note-1", "full", False),
                                 ("SPEC-087100#2.1.A", "partial", True)}


def test_an_item_captioned_by_its_section_with_its_verb_on_a_line_alone(tmp_path, rules):
    # "Item No. 2 - Specification Section ... - Title", then "Replace:" (or "Add:") alone, then
    # the paragraph with its number: the verb heads the item's words; the number places them
    reading = _read(tmp_path, rules, "ADDENDUM C\n\n"
                    "Item No. 1 - Specification Section 03 30 00 - Concrete\n\nReplace:\n\n"
                    "2.1.B Ratio 0.40 for all exposed slabs.\n\n"
                    "Item No. 2 - Specification Section 08 71 00 - Door Hardware\n\nAdd:\n\n"
                    "2.1.B Closers with delayed action at accessible doors.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.B", "full", True), ("SPEC-087100#2.1", "partial", True)}
    assert not reading.proposed


def test_a_heading_marking_a_paragraph_added_amends_the_article_it_joins(tmp_path, rules):
    # owners restating clauses head each with its section and article, and mark a paragraph
    # the article gains in brackets ("(PARAGRAPH D ADDED)"): the article is changed in part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 7\n\n"
                    "SECTION 03 30 00 - 2.1 MIXES (PARAGRAPH D ADDED)\n\n"
                    "D. Air content 6 percent for exposed slabs.\n")
    assert _applied(reading) == {("SPEC-033000#2.1", "partial", True)}


def test_a_request_without_a_question_mark_is_still_answered_and_ends_at_the_next_same_opening(tmp_path, rules):
    # RFIs often ask by "Please advise." rather than "?"; the owner's "Response:" answers it, and
    # the same lead-in sentence written again opens the next request
    reading = _read(tmp_path, rules, "ADDENDUM 8\n\nBIDDER REQUESTS\n\n"
                    "A request was received from a bidder: Sheet A-201 Note 1 conflicts with the survey. "
                    "Please advise.\n\nResponse: Note 1 on Sheet A-201 is deleted.\n\n"
                    "A request was received from a bidder: the storefront frames of Section 08 41 13 are not "
                    "stocked locally. Please advise.\n\n"
                    "Response: Section 08 41 13, Paragraph 2.1.A is revised to read: \"A. Thermally broken frames, "
                    "any listed maker.\"\n")
    assert _applied(reading) == {("DWG-A-201#note-1", "full", False), ("SPEC-084113#2.1.A", "full", True)}
    assert not reading.proposed


def test_the_next_instruction_after_new_text_may_name_its_part_first_or_follow_a_new_article(tmp_path, rules):
    # "Paragraph 2.1.C: Delete ..." (the part first, then the verb) after lettered new text, and
    # "Revise Paragraph ... to read:" after a new article written out ("2.2 CURING" then "A. ..."):
    # each is an instruction of its own, not more of the new text above it
    reading = _read(tmp_path, rules, "ADDENDUM NO. 9\n\nSECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n"
                    "Paragraph 2.1.B: Delete and substitute the following:\n\nB. Ratio 0.42.\n\n"
                    "Paragraph 2.1.C: Delete in its entirety.\n\n"
                    "SECTION 08 71 00 - DOOR HARDWARE\n\nAdd the following new article:\n\n2.2 CLOSERS\n\n"
                    "A. Closers at every exterior door.\n\n"
                    "Revise Paragraph 2.1.A to read:\n\nA. Five-knuckle hinges, satin chrome finish.\n")
    # (the new article "2.2 CLOSERS" amends the section; its paragraph A, under the heading the
    # article's title closes the lead-in with, is proposed for want of a verb: a person sees it)
    assert _applied(reading) == {("SPEC-033000#2.1.B", "full", True), ("SPEC-033000#2.1.C", "full", False),
                                 ("SPEC-087100", "partial", True), ("SPEC-087100#2.1.A", "full", True)}
