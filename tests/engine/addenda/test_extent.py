"""How much of its target an addendum item changes, read from the shape of its words (issue 21):
the verb, its object, and what follows it. Each form in words of its own, not those of the real
addenda it was seen in; the pack test (``csi-addenda.test.yaml``, ADD-65) holds the others."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.addenda.actions import read_action, vocabulary
from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
        "B. Ratio 0.45.\n\nC. Slump 4 inches.\n\n2.2 ADMIXTURES\n\nA. Air entraining, ASTM C260.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "extent")
    write_doc(root, "SPEC-033000", "2026-01-05", SPEC)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_an_answer_adding_to_a_paragraph_named_right_after_its_verb_amends_it(tmp_path, rules):
    # "X is added to Section ... Paragraph ...": where the verb puts what it adds is its target,
    # however long the subject before it
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nQUESTIONS RECEIVED\n\n"
                    "1. Section 03 30 00: Paragraph 2.2.A. May a set-retarding admixture be used in hot weather?\n\n"
                    "RESPONSE: A set-retarding admixture meeting ASTM C494 Type B from a maker on the State's list "
                    "is added to Section 03 30 00 Paragraph 2.2.A as an accepted product.\n")
    assert _applied(reading) == {("SPEC-033000#2.2.A", "partial", True)}


def test_a_verb_whose_own_clause_names_the_target_again_is_placed(tmp_path, rules):
    # a bidder's request heads the item; the answer's clause names the paragraph again, right
    # before its verb: the target is settled there, not in the prose above
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nREQUESTS\n\n"
                    "Section 03 30 00, 2.1.C: A bidder asks for a wetter mix at the footings. Granted; paragraph "
                    "2.1.C of Section 03 30 00 is revised to allow a 5-inch slump at the footings.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "partial", True)}


def test_a_verb_in_a_later_clause_naming_another_paragraph_stays_proposed(tmp_path, rules):
    # the later clause names 2.1.B, the heading prose 2.1.C: which one changes is not settled
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nREQUESTS\n\n"
                    "Section 03 30 00, 2.1.C: A bidder asks for a wetter mix at the footings. Granted; the ratio "
                    "in 2.1.B is revised to suit.\n")
    assert not _applied(reading)
    assert _proposed(reading)


def test_a_compound_adjective_is_no_verb(rules):
    # "water-reducing admixture from the list": "reduce ... from" is a verb only as one
    vocab = vocabulary(rules.supersession[0])
    assert read_action("A pressure-reducing valve from the approved list is acceptable.", vocab).action is None
    assert read_action("Reduce the slump from 4 inches to 3 inches.", vocab).action == "amend"
    assert read_action("The allowance is increased from $5,000 to $7,500.", vocab).action == "amend"


def test_the_rest_unchanged_beside_a_change_is_no_statement_of_no_change(rules):
    vocab = vocabulary(rules.supersession[0])
    changed = read_action("Increase the slump from 4 to 5 inches; the remainder of the paragraph remains unchanged.",
                          vocab)
    assert changed.action == "amend" and changed.ambiguous is None
    assert read_action("Paragraph 2.1.C remains unchanged.", vocab).action == "no_change"


def test_one_page_named_as_the_old_and_the_new_is_no_list_of_pages(tmp_path, rules):
    # "Remove page N-1; replace it with the revised page N-1": one page, written twice; whether it is
    # all of the section is not said, so the section changed in part is proposed, not the whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nSPECIFICATIONS\n\n"
                    "1. Section 03 30 00 - Concrete. Take out page 03 30 00-1; replace it with the revised page "
                    "03 30 00-1 attached.\n")
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-033000", "partial", True)}


def test_a_provision_struck_goes_whole_and_words_struck_change_it_in_part(tmp_path, rules):
    # "strike" takes what it names: the paragraph itself, or words of it; "strike the paragraph and
    # substitute "..."" puts the quoted text in its place (the quotation is the new text, no words of it)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nCHANGES TO SECTION 03 30 00\n\n"
                    "1. Strike Paragraph 2.1.B of Section 03 30 00 in its entirety.\n\n"
                    "2. Section 03 30 00, Paragraph 2.1.C: strike \"4 inches\" and insert \"3 inches\".\n\n"
                    "3. Section 03 30 00, Paragraph 2.2.A: strike the paragraph and substitute "
                    "\"A. Air entraining, ASTM C260, from one maker.\"\n")
    assert _applied(reading) == {("SPEC-033000#2.1.B", "full", False), ("SPEC-033000#2.1.C", "partial", True),
                                 ("SPEC-033000#2.2.A", "full", True)}


def test_door_hardware_strikes_are_no_verb(rules):
    vocab = vocabulary(rules.supersession[0])
    assert read_action("Revise the hardware sets to require electrified strikes at the staff entrance.",
                       vocab).action == "amend"


def test_a_deletion_bringing_new_text_with_the_same_label_replaces_it(tmp_path, rules):
    # "Delete ... and insert the following:" then the paragraph under its own letter: written anew
    # whole; new text under another letter leaves which verb governs to a person. The new text
    # itself is no instruction (it is never proposed on its own)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nSECTION 03 30 00 - CONCRETE\n\n"
                    "1. Delete Paragraph 2.1.A and insert the following:\n\nA. Strength 5,000 psi at 28 days.\n\n"
                    "2. Delete Paragraph 2.1.B and insert the following:\n\nD. Slump 6 inches at the footings.\n")
    assert _applied(reading) == {("SPEC-033000#2.1.A", "full", True)}
    assert {p[0] for p in _proposed(reading)} == {"SPEC-033000#2.1.B"}


def test_a_note_revised_to_read_as_follows_with_its_whole_text_is_replaced(tmp_path, rules):
    # "Revise Note 1 on Sheet A-201 to read as follows:" then the note under its own label: the
    # note written anew whole; "Revise Note 2 ... as follows: add ..." changes it in part
    start_project(tmp_path, "extent")
    (tmp_path / "documents" / "A-201.drawing.yaml").write_text(
        "id: DWG-A-201\nkind: drawing\nsheet: A-201\ntitle: Floor Plan\nrevision: \"0\"\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"NOTE 1: VERIFY IN FIELD.\"\n  - id: note-2\n    text: \"NOTE 2: PATCH OPENINGS.\"\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nDRAWINGS\n\n"
              "1. Revise Note 1 on Sheet A-201 to read as follows: \"NOTE 1: VERIFY ALL DIMENSIONS IN FIELD.\"\n\n"
              "2. Revise Note 2 on Sheet A-201 as follows: add \"AND PAINT\".\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-A-201#note-1", "full", True), ("DWG-A-201#note-2", "partial", True)}


def test_a_numbered_caption_heads_the_instructions_below_it_each_read_alone(tmp_path, rules):
    # "II. Changes to the Specifications:": a numbered caption in title case, its colon ending it;
    # the paragraphs below are instructions of their own (the caption's "Changes" is no verb of
    # theirs): a page after the first replaced changes the section in part, a section replaced in
    # its entirety by the attached goes whole, a value "changes from ... to ..." changes the
    # paragraph in part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nI. Clarifications:\n\n"
                    "The admixtures of Section 03 30 00 are to be from one maker.\n\n"
                    "II. Changes to the Specifications:\n\n"
                    "For Section 03 30 00, Concrete, replace page 03 30 00-3 with the attached revised page "
                    "ADD1 03 30 00-3.\n\n"
                    "In Section 03 30 00, paragraph 2.1.C, the slump changes from 4 inches to 5 inches.\n")
    # (a page of the section after its first, no part of it named: the page places the change, the
    # rest of the section stays; applied in part, round 73)
    assert _applied(reading) == {("SPEC-033000#2.1.C", "partial", True), ("SPEC-033000", "partial", True)}


def test_a_verb_with_nothing_after_it_is_proposed_but_a_bare_deletion_applies(tmp_path, rules):
    # "Paragraph 2.1.B: Replace." says neither what replaces it nor what of it changes; "Delete."
    # alone takes the paragraph whole; a verb with its words after it applies as before
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nCHANGES\n\n"
                    "1. Section 03 30 00, Paragraph 2.1.B: Replace.\n\n"
                    "2. Section 03 30 00, Paragraph 2.1.C: Delete.\n\n"
                    "3. Section 03 30 00, Paragraph 2.1.A: delete \"4,000\" and substitute \"4,500\".\n")
    assert _applied(reading) == {("SPEC-033000#2.1.C", "full", False), ("SPEC-033000#2.1.A", "partial", True)}
    assert {p[0] for p in _proposed(reading)} == {"SPEC-033000#2.1.B"}


def test_a_sentence_about_the_replacement_just_issued_instructs_nothing(tmp_path, rules):
    # "... replace page 3 with page 3 attached. The new page adds Article 2.3 ...": the second
    # sentence says what the replacement holds; the section changes in part (a page after its first)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nCHANGES\n\n"
                    "1. Section 03 30 00 CONCRETE: Replace original page 3 with page 3 attached. The revised page "
                    "adds Article 2.3 FIBERS to the Section.\n")
    assert _applied(reading) == {("SPEC-033000", "partial", True)}
    assert not _proposed(reading)
