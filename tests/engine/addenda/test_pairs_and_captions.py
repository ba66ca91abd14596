"""Forms of issue 21 round 21, in words of their own. Precision first: a "Delete:" / "Insert:" pair
of margin labels under a line naming a provision changes part of it when the deleted words are a
phrase, all of it when both open with its own label, and is for a person when the deleted words are
whole sentences (all of the provision, or one sentence of it: the words never settle it). A line
naming a sheet's note heads the pair below it. A reading phrase opening its sentence after a
label's colon ("Note 4: May be read as "NOTE 4: ..."") restates the note whole. A sentence opening
on "Under Section ..." places its change there. Agencies' special provisions captioned by a clause
number, a dated tag under the caption, are proposed in the one document holding that clause."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 22 40 00 - PLUMBING FIXTURES\n\nPART 2 - PRODUCTS\n\n2.3 LAVATORIES\n\n"
        "A. Wall-hung vitreous china, 20 by 18 inches, with a concealed arm carrier.\n\n"
        "B. Faucets: single lever, 0.5 gpm aerator.\n\n"
        "PART 3 - EXECUTION\n\n3.4 ADJUSTING\n\nA. Set each flush valve to the fixture's rated volume.\n")
CONDITIONS = ("STANDARD SPECIFICATIONS FOR MARINE WORKS\n\nSECTION 4 - SCOPE OF WORK\n\n"
              "4.6 Temporary Fencing\n\nFence the laydown yard before the first delivery.\n\n"
              "Keep the gates locked outside working hours.\n\n"
              "4.9 Night Work\n\nNo work between 10 p.m. and 6 a.m. without the Engineer's leave.\n")
SHEET = ("id: DWG-P-501\nkind: drawing\nsheet: P-501\ntitle: Plumbing Details\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-2\n    text: \"NOTE 2: TRAP PRIMERS AT EVERY FLOOR DRAIN.\"\n"
         "  - id: note-4\n    text: \"NOTE 4: HOSE BIBBS AT 24 INCHES ABOVE GRADE.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "pairs-and-captions")
    write_doc(root, "SPEC-224000", "2026-01-05", SPEC)
    write_doc(root, "SPEC-MW", "2026-01-05", CONDITIONS)
    (root / "documents" / "dwg-p-501.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_phrase_deleted_and_a_phrase_inserted_under_a_paragraph_line_change_it_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "PROJECT MANUAL is changed as follows:\n\nSection 22 40 00 - Plumbing Fixtures, 2.3.B\n\n"
        "Delete: 0.5 gpm aerator\n\nInsert: 0.35 gpm laminar outlet\n"))
    assert ("SPEC-224000#2.3.B", "partial", True) in _applied(reading)
    assert not any(scope == "full" for target, scope, _ in _applied(reading) if target == "SPEC-224000#2.3.B")


def test_whole_sentences_deleted_and_inserted_under_a_paragraph_line_are_proposed_never_applied(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "PROJECT MANUAL is changed as follows:\n\nSection 22 40 00 - Plumbing Fixtures, 3.4.A\n\n"
        "Delete: Set each flush valve to the fixture's rated volume.\n\n"
        "Insert: Set each flush valve to the fixture's rated volume and record the setting on the tag.\n"))
    assert not any(target == "SPEC-224000#3.4.A" for target, _, _ in _applied(reading))
    assert ("SPEC-224000#3.4.A", "full", True) in _proposed(reading)


def test_a_note_deleted_and_inserted_under_its_own_label_is_the_note_replaced_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "PROJECT MANUAL is changed as follows:\n\nSection 22 40 00 - Plumbing Fixtures, 2.3.A\n\n"
        "Delete: 20 by 18 inches\n\nInsert: 22 by 19 inches\n\n"
        "Sheet P-501, Note 2\n\nDelete: NOTE 2: TRAP PRIMERS AT EVERY FLOOR DRAIN.\n\n"
        "Insert: NOTE 2: TRAP PRIMERS AT EVERY FLOOR DRAIN AND AT THE MOP SINK.\n\n"
        "Sheet P-501, Note 4\n\nDelete: 24 INCHES\n\nInsert: 18 INCHES\n"))
    edges = _applied(reading)
    assert ("DWG-P-501#note-2", "full", True) in edges
    assert ("DWG-P-501#note-4", "partial", True) in edges
    # (the sheet's note lines head their pairs: nothing of them goes to the section above)
    assert {target for target, _, _ in edges if target.startswith("SPEC-")} == {"SPEC-224000#2.3.A"}


def test_a_reading_phrase_opening_its_sentence_after_the_labels_colon_restates_the_note(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CORRIGENDUM NO. 1\n\n"
        'Item 3 of the Drawings, Drawing No. P-501, Note 2: Deleted\n\n'
        'Item 4 of the Drawings, Drawing No. P-501, Note 4: May be read as "NOTE 4: HOSE BIBBS AT 18 INCHES '
        'ABOVE GRADE, EACH WITH A VACUUM BREAKER."\n'))
    assert ("DWG-P-501#note-4", "full", True) in _applied(reading)
    assert ("DWG-P-501#note-4", "partial", True) not in _applied(reading)


def test_a_sentence_opening_under_a_section_places_its_change_there(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "THE CONTRACT DOCUMENTS ARE AMENDED AS FOLLOWS:\n\n"
        "1. Under Section 22 40 00, Plumbing Fixtures, Part 2, Article 2.3 - revise paragraph B to read as follows:\n\n"
        '"B. Faucets: single lever, sensor operated, 0.35 gpm laminar outlet."\n'))
    assert ("SPEC-224000#2.3.B", "full", True) in _applied(reading)


def test_clauses_captioned_by_number_over_a_dated_tag_are_proposed_in_their_one_holder(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "AMENDMENTS TO THE SPECIAL PROVISIONS\n\n"
        "The special provisions are amended as follows.\n\n"
        "4.6 Temporary Fencing\n\n(Harbour Board March 2026)\n\n"
        "Revise the second paragraph to read:\n\nKeep the gates locked and lit outside working hours.\n\n"
        "4.9 Night Work\n\n(Harbour Board March 2026)\n\nThis Section is deleted in its entirety.\n"))
    assert not any(target.startswith("SPEC-MW") for target, _, _ in _applied(reading))
    proposals = _proposed(reading)
    assert ("SPEC-MW#4.6", "partial", True) in proposals
    assert ("SPEC-MW#4.9", "full", False) in proposals


def test_a_scope_resting_on_the_verb_alone_is_proposed_not_applied(tmp_path, rules):
    # (an instruction after the colon, no new text under the paragraph's label, nothing quoted, no part
    # named, no value given anew: whether all of 2.3.B or part of it changes, the words never settle)
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\nQUESTIONS AND ANSWERS\n\nQ1: May the public toilets have manual faucets?\n\n"
        "A1: No. Section 22 40 00, Article 2.3, Paragraph B is revised: provide sensor faucets in the public toilets.\n"))
    assert not any(target.startswith("SPEC-224000#2.3") for target, _, _ in _applied(reading))
    assert any(target == "SPEC-224000#2.3.B" for target, _, _ in _proposed(reading))


def test_a_value_given_anew_or_the_provision_deleted_by_name_still_applies(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\nSPECIFICATIONS\n\n"
        "1. Section 22 40 00, Paragraph 2.3.A: the carrier is changed to a floor-mounted carrier.\n\n"
        "2. Section 22 40 00: delete Paragraph 3.4.A.\n"))
    edges = _applied(reading)
    assert ("SPEC-224000#2.3.A", "partial", True) in edges
    assert ("SPEC-224000#3.4.A", "full", False) in edges


def test_a_part_named_alone_on_its_line_under_the_section_heading_takes_the_instruction_below(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe Employer amends the bid document as set out below.\n\n"
        "Section 22 40 00 Plumbing Fixtures\n\nSub-Clause 2.3.A\n\nDelete entirely and substitute following:\n\n"
        '"A. Wall-hung vitreous china, 22 by 19 inches, with a floor-mounted carrier."\n\n'
        "Sub-Clause 3.4.A\n\nDelete the Sub-Clause.\n"))
    # (applied since round 71: each instruction opens with its verb, names nothing of its own, and its
    # words settle the extent - "entirely", the part itself deleted; test_round71_applied.py)
    applied = _applied(reading)
    assert ("SPEC-224000#2.3.A", "full", True) in applied
    assert ("SPEC-224000#3.4.A", "full", False) in applied
    assert not any(target == "SPEC-224000" for target, _, _ in applied | _proposed(reading))


def test_a_provision_as_it_stood_and_as_it_stands_under_labels_alone_is_one_whole_change(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThe following elements of the bidding documents have been amended:\n\n"
        "1)\n\nOriginal:\n\nSection 22 40 00, 2.3.B Faucets: single lever, 0.5 gpm aerator.\n\n"
        "Amended:\n\nSection 22 40 00, 2.3.B Faucets: sensor operated, 0.35 gpm laminar outlet.\n\n"
        "2)\n\nOriginal:\n\nSection 22 40 00, 3.4.A Set each flush valve to the fixture's rated volume.\n\n"
        "Amended:\n\nDeleted.\n"))
    proposals = _proposed(reading)
    assert ("SPEC-224000#2.3.B", "full", True) in proposals
    assert ("SPEC-224000#2.3.B", "partial", True) not in proposals
    assert ("SPEC-224000#3.4.A", "full", False) in proposals
    assert not any(target.startswith("SPEC-224000#") and scope == "partial" for target, scope, _ in _applied(reading))


def test_a_clause_written_with_its_short_word_in_a_corrigendum_by_serial_number_is_read(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CORRIGENDUM NO. 2\n\n"
        'Sl. No. 4 of Technical Specifications (Section 22 40 00), Cl. 2.3 B: May be read as "B. Faucets: sensor '
        'operated, 0.35 gpm laminar outlet."\n\n'
        "Sl. No. 4 of Technical Specifications (Section 22 40 00), Cl. 3.4 A: Deleted\n"))
    edges = _applied(reading)
    assert ("SPEC-224000#2.3.B", "full", True) in edges
    assert ("SPEC-224000#3.4.A", "full", False) in edges
    assert not any(target == "SPEC-224000" for target, _, _ in edges | _proposed(reading))


def test_a_run_on_pair_of_whole_sentences_in_an_answer_is_proposed_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "QUESTIONS RECEIVED\n\nQuestion 1: Should the flush valves be set and tagged?\n\n"
        "Answer 1: Yes. Section 22 40 00, 3.4.A is modified as follows. Delete: Set each flush valve to the "
        "fixture's rated volume. Insert: Set each flush valve to the fixture's rated volume and tag it.\n"))
    assert not any(target == "SPEC-224000#3.4.A" for target, _, _ in _applied(reading))
    assert ("SPEC-224000#3.4.A", "full", True) in _proposed(reading)
