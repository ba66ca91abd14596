"""Forms of real owners' addenda read by their structure (issue 21): an addendum bound as a
section of the bidding requirements heads its items with its own number, which they do not
inherit; a clause opening on the place its verb changes ("Under 2.3.A, change ..."); a
question written as a numbered entry asks, its verbs instruct nothing; a lone deletion of a
thing described leaves the extent open; a word processor's "o" bullets under a caption naming
a sheet; an article's instruction under an item caption naming its section, its new text
quoted below; an imperative naming nothing the project holds is said (a caption opening with a
participle is not). Each form in words of its own, not the real addenda's."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 92 00 - JOINT SEALANTS\n\n2 PRODUCTS\n\n2.1 SEALANTS\n\nA. Silicone, ASTM C920, Class 50.\n\n"
        "B. Polyurethane at paving joints.\n\n2.2 BACKER ROD\n\nA. Closed-cell polyethylene.\n\n"
        "B. Bond-breaker tape at shallow joints.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Tool each joint concave.\n")
SHEETS = {
    "S-301": ("Foundation Details", ("NOTE 2: FOOTINGS BEAR ON UNDISTURBED SOIL.", "KEYNOTE 4: SUMP PIT, 24 INCHES.")),
    "S-302": ("Pier Details", ("NOTE 1: PIERS ARE 18 INCHES ROUND.",)),
    "S-303": ("Grade Beam Details", ("NOTE 1: GRADE BEAMS ARE 12 X 24.",)),
}


def _sheet(number: str, title: str, notes: tuple[str, ...]) -> str:
    lines = [f"id: DWG-{number}", "kind: drawing", f"sheet: {number}", f"title: {title}", "issued: 2026-01-05",
             "effective: {from: 2026-01-05}", "recorded: 2026-01-05T00:00:00Z", "callouts:"]
    for note in notes:
        word, number_, _ = note.replace(":", " ", 1).split(" ", 2)
        lines += [f"  - id: {word.lower()}-{number_}", f'    text: "{note}"']
    return "\n".join(lines) + "\n"


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "owner-forms")
    write_doc(root, "SPEC-079200", "2026-01-05", SPEC)
    for number, (title, notes) in SHEETS.items():
        (root / "documents" / f"dwg-{number.lower()}.drawing.yaml").write_text(_sheet(number, title, notes))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_items_under_an_addendum_bound_as_a_bidding_section_read_the_nearer_section_line(tmp_path, rules):
    # the addendum's own number (Division 00, which the pack skips) heads every item; the entry
    # naming Section 07 92 00 is the nearer heading of the numbered changes under it
    reading = _read(tmp_path, rules, "SECTION 00 91 13 - ADDENDA 04\n\nPART 1 GENERAL\n\n1.01 PROJECT DATA\n\n"
                    "A. Owner: Harbour Works Board.\n\n1.02 REVISIONS TO THE PROJECT MANUAL\n\n"
                    "A. Section 07 92 00 - Joint Sealants:\n\n"
                    "1. Article 2.1, Paragraph B: Revised the joint width limit from 1 inch to 3/4 inch.\n\n"
                    "2. Article 2.2: Added Paragraph C, foam tape at the window heads.\n\nEND OF SECTION\n")
    assert _applied(reading) == {("SPEC-079200#2.1.B", "partial", True), ("SPEC-079200#2.2", "partial", True)}


def test_an_item_naming_the_bidding_section_itself_is_still_skipped(tmp_path, rules):
    reading = _read(tmp_path, rules, "SECTION 00 91 13 - ADDENDUM NO. 4\n\n1.02 CHANGES\n\n"
                    "A. Section 00 41 13 - Bid Form: Replace with the attached Bid Form.\n")
    assert not reading.applied and not reading.proposed
    assert reading.skipped


def test_a_clause_opening_on_the_paragraph_its_verb_changes_names_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSPECIFICATION CHANGES\n\n1. Section 07 92 00 - Joint Sealants\n\n"
                    'a. Under 3.1.A, CHANGE "concave" to "flush".\n\n'
                    "b. In Paragraph 2.2.B, DELETE \"at shallow joints\".\n")
    assert _applied(reading) == {("SPEC-079200#3.1.A", "partial", True), ("SPEC-079200#2.2.B", "partial", True)}


def test_a_sheet_note_opening_the_clause_after_the_sheet_caption_is_changed(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nDRAWINGS\n\n"
                    '3. Sheet S-301 - Foundation Details: at Note 2, CHANGE "UNDISTURBED SOIL" to "COMPACTED FILL".\n')
    assert _applied(reading) == {("DWG-S-301#note-2", "partial", True)}


def test_under_a_paragraph_as_a_citation_is_still_a_citation(tmp_path, rules):
    # "under" cites where the verb does not follow the place right away
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSECTION 07 92 00 - JOINT SEALANTS\n\n"
                    "A. The joint cleaning required under 3.1.A is revised to include solvent wiping.\n")
    assert ("SPEC-079200#3.1.A", "partial", True) not in _applied(reading)


def test_a_numbered_question_and_its_lettered_answer_apply_nothing(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nBIDDER QUESTIONS\n\n"
                    "1. Sheet S-301, Keynote 4 shows a 24-inch sump pit. May a precast pit be substituted?\n\n"
                    "a. No. The pit is cast in place as shown.\n")
    assert _applied(reading) == set()
    assert not reading.not_understood


def test_a_lone_deletion_of_a_thing_described_in_a_paragraph_is_proposed(tmp_path, rules):
    # the paragraph may be that one requirement, or hold more: the extent is not said
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "2. Section 07 92 00 Joint Sealants Article 2.2.B Delete the bond-breaker tape requirement.\n")
    assert _applied(reading) == set()
    assert {(t, s) for t, s, _ in _proposed(reading)} == {("SPEC-079200#2.2.B", "partial")}


def test_a_deletion_with_what_holds_instead_stays_a_change_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n"
                    "2. Section 07 92 00 Joint Sealants Article 2.1.B Remove the paving joint requirement; hybrid "
                    "sealant is acceptable there.\n")
    assert _applied(reading) == {("SPEC-079200#2.1.B", "partial", True)}


def test_o_bullets_under_a_caption_are_each_an_instruction(tmp_path, rules):
    # a word processor's second-level bullets, copied out as "o": each its own instruction under
    # the caption naming the document, not one paragraph naming two targets
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSpecifications\n\nSection 07 92 00 (Joint Sealants)\n"
                    "o Paragraph 3.1.A: the tooled profile is now flush.\n"
                    "o Remove Paragraph 2.2.B in full; no tape is used.\n\nDrawings\n\nSheets S-302 and S-303\n"
                    "o Replace in full with the sheets attached to this addendum.\n")
    assert _applied(reading) == {("SPEC-079200#3.1.A", "partial", True), ("SPEC-079200#2.2.B", "full", False),
                                 ("DWG-S-302", "full", True), ("DWG-S-303", "full", True)}


def test_an_imperative_naming_nothing_the_project_holds_is_reported(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSPECIFICATIONS\n\n"
                    "Add Unit Price No. 7 - Extra Rock Excavation to the schedule of unit prices\n")
    assert not reading.applied and not reading.proposed
    assert [n.words[:20] for n in reading.not_understood] == ["Add Unit Price No. 7"]


def test_an_article_instruction_under_an_item_caption_naming_the_section_reads_that_section(tmp_path, rules):
    # the article's own outline number made it a provision of its own; the caption above names
    # the section, and the quoted new article that follows is its new text, no instruction
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nItem No. 1 - Bid Opening\nBids are opened in public.\n\n"
                    "Item No. 2 - Section 07 92 00 Joint Sealants\n"
                    "Article 2.2 BACKER ROD is deleted and replaced with the following:\n"
                    '"2.2 BACKER ROD\nA. Open-cell polyurethane rod, sized 25 percent over the joint width."\n\n'
                    "Item No. 3 - Pre-Bid Minutes\nThe minutes are attached.\n")
    assert _applied(reading) == {("SPEC-079200#2.2", "full", True)}
    assert not reading.proposed and not reading.not_understood


def test_a_caption_opening_with_a_participle_is_not_reported_as_an_instruction(tmp_path, rules):
    # "Revised Drawings", "Changes to the Specifications": captions over the items, not imperatives
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\n2. Revised Drawings\n\n"
                    "a. Sheet S-302 is replaced in its entirety by the attached Sheet S-302.\n")
    assert _applied(reading) == {("DWG-S-302", "full", True)}
    assert not reading.not_understood


def test_symbol_font_bullets_copied_out_of_a_word_processor_are_bullets(tmp_path, rules):
    # U+F0B7: the Symbol font's bullet, as a list copied out of a word processor arrives
    reading = _read(tmp_path, rules, "ADDENDUM NO. 4\n\nSpecifications\n\nSection 07 92 00 (Joint Sealants)\n"
                    "\uf0b7 Paragraph 3.1.A: the tooled profile is now flush.\n"
                    "\uf0b7 Remove Paragraph 2.2.B in full; no tape is used.\n")
    assert _applied(reading) == {("SPEC-079200#3.1.A", "partial", True), ("SPEC-079200#2.2.B", "full", False)}
