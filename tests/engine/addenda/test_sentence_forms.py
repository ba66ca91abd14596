"""Forms of real owners' addenda read sentence by sentence (issue 21, round 13), in words of their
own: an erratum citing the document that disagrees with it ("the paragraph said X, whereas Sheet
Y shows Z. The paragraph now reads: ...": the sheet is cited, not changed); an answer changing two
documents, one sentence each (each target takes the scope of its own sentence); labelled entries
under a lead-in that says what each entry does ("Label (Section X, 2.1.B): new text"); a paragraph
after one saying nothing changes, which the itemizer ran in (read again, never silent); a question
on two provisions answered by changing one ("Note 1 governs. Paragraph ... is amended by adding");
paragraphs citing a provision by the section sign ("§3.1 of Section ... - Add ..."), each an item;
a table row whose reference cell lists two notes with a semicolon ("Both notes are deleted.")."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 09 91 23 - INTERIOR PAINTING\n\n2 PRODUCTS\n\n2.1 PAINTS\n\nA. Latex, eggshell, two coats.\n\n"
        "B. Primer as the paint maker directs.\n\n3 EXECUTION\n\n3.1 APPLICATION\n\n"
        "A. Apply at 50 degrees F or warmer.\n\nB. Back-roll sprayed coats.\n")
BASE = ("SECTION 09 65 13 - RESILIENT BASE\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Scribe to the floor.\n\n"
        "B. Butt joints tight.\n\n3.2 CLEANING\n\nA. Wipe with a damp cloth, then dry.\n")
SHEET = ("id: DWG-A-601\nkind: drawing\nsheet: A-601\ntitle: Finish Plan\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: detail-4\n    text: \"DETAIL 4: WAINSCOT AT 48 INCHES.\"\n"
         "  - id: note-1\n    text: \"NOTE 1: PAINT ALL EXPOSED DUCTS.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "sentence-forms")
    write_doc(root, "SPEC-099123", "2026-01-05", SPEC)
    write_doc(root, "SPEC-096513", "2026-01-05", BASE)
    (root / "documents" / "dwg-a-601.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_sheet_cited_to_explain_an_erratum_is_not_changed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "SPECIFICATIONS\n\n"
        "Section 09 91 23 Interior Painting, paragraph 3.1.A: the paragraph said \"50 degrees F\", whereas "
        "Sheet A-601 shows a warmer limit. The paragraph now reads: \"A. Apply at 55 degrees F or warmer, "
        "and hold that temperature for a day after.\"\n"))
    assert _applied(reading) == {("SPEC-099123#3.1.A", "full", True)}
    assert ("DWG-A-601", "full", True) in _proposed(reading)  # cited: a person may still look


def test_an_answer_changing_two_documents_takes_each_scope_from_its_own_sentence(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "1. Paragraph 2.1.A of Section 09 91 23 asks for eggshell; Sheet A-601, Detail 4 shows gloss. "
        "Which governs?\n"
        "RESPONSE: Paragraph 2.1.A of Section 09 91 23 is revised to read: \"A. Latex, semi-gloss, two "
        "coats over a primer.\" Detail 4 on Sheet A-601 is revised to show the wainscot at 42 inches.\n"))
    assert _applied(reading) == {("SPEC-099123#2.1.A", "full", True), ("DWG-A-601#detail-4", "partial", True)}


def test_labelled_entries_under_a_lead_in_saying_what_each_does_are_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "2. Changes to the painting section follow. Each label gives the provision; the words after it "
        "replace that provision in full:\n\n"
        "Primer (Section 09 91 23, 2.1.B): One coat of a bonding primer on every new surface.\n\n"
        "Back-rolling (Section 09 91 23, 3.1.B): No change. Sprayed coats are back-rolled as written.\n"))
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-099123#2.1.B", "full", True)}  # never the "No change" entry
    assert not reading.not_understood


def test_a_paragraph_run_in_after_one_saying_nothing_changes_is_never_silent(tmp_path, rules):
    # (the itemizer runs the title line and the "§" paragraphs into the no-change item above them)
    reading = _read(tmp_path, rules, (
        "LAKESIDE LIBRARY RENOVATION\n\nLog of Revisions\n\nEach revision below is part of the Bid Documents "
        "from its date.\n\n"
        "February 2, 2026:\n\n"
        "1. The wording of Article 3.1 of Section 09 91 23 is corrected as follows:\n\n"
        "3.1 APPLICATION\n\nA. Apply at 55 degrees F or warmer.\n\n"
        "2. A bidder asked about the paint colours. Paragraph 2.1.A of Section 09 91 23 already names "
        "them, and no revision is made.\n\n"
        "Further revisions (February 2, 2026)\n\n"
        "§3.2.A of Section 09 65 13 - Make this change to Section 3.2.A: remove \"damp\" and insert "
        "\"wrung-out\".\n\n"
        "§3.1 of Section 09 65 13 - Add the following paragraph at the end of Article 3.1:\n"
        "C. Cope inside corners.\n"))
    named = [n for n in reading.not_understood if n.words.startswith("§3.2.A")] + [
        p for p in reading.proposed if p.target.format() == "SPEC-096513#3.2.A"] + [
        e for e in reading.applied if e.target.format() == "SPEC-096513#3.2.A"]
    assert named  # applied, proposed or reported: never silent
    assert not any(e.target.path == "2.1.A" for e in reading.applied)  # the no-change item applies nothing


def test_paragraphs_citing_a_provision_by_the_section_sign_are_items_of_their_own(tmp_path, rules):
    # ("§2.1.B of Section ... - <instruction>" paragraphs after new text lettered "C.": each its own
    # item, never words of the lettered text above it)
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 2\n\nREVISIONS TO THE SPECIFICATIONS\n\n"
        "§3.1 of Section 09 65 13 - Add the following paragraph at the end of Article 3.1:\n"
        "C. Cope inside corners.\n\n"
        "§2.1.B of Section 09 91 23 - Make this change to Section 2.1.B: In the only sentence, remove "
        "\"as the paint maker directs\" and insert \"of the same maker as the finish\".\n\n"
        "§3.1.B of Section 09 91 23 - Delete Section 3.1.B in its entirety and substitute the following:\n"
        "B. Brush out every sprayed coat while wet.\n"))
    assert _applied(reading) == {
        ("SPEC-096513#3.1", "partial", True),
        ("SPEC-099123#2.1.B", "partial", True),
        ("SPEC-099123#3.1.B", "full", True),
    }


def test_an_answer_saying_which_governs_and_changing_the_other_applies_only_that_one(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "3. Paragraph 2.1.A of Section 09 91 23 calls for eggshell \"throughout\", while Sheet A-601, Note 1 "
        "asks for flat paint on ducts. Please clarify.\n"
        "RESPONSE: Sheet A-601, Note 1 governs. Paragraph 2.1.A of Section 09 91 23 is amended by adding at "
        "its end: \"except exposed ducts, which are flat as Sheet A-601 shows.\"\n"))
    assert _applied(reading) == {("SPEC-099123#2.1.A", "partial", True)}
    assert ("DWG-A-601#note-1", "partial", True) in _proposed(reading)  # named, not changed: a person looks


def test_a_table_row_listing_two_notes_with_a_semicolon_reads_its_change_cell_for_both(tmp_path, rules):
    # (the semicolon in the reference cell joins a list; it is no clause of the change cell's verb)
    start_project(tmp_path, "sentence-forms")
    for sheet in ("A-601", "A-602"):
        (tmp_path / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(
            SHEET.replace("A-601", sheet))
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "SCHEDULE OF AMENDMENTS\n\n"
        "| Ref. | Drawing and note | Change |\n|---|---|---|\n"
        "| 1 | Drawing A-601, Note 1; Drawing A-602, Note 1 | Both notes are deleted. |\n"))
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-A-601#note-1", "full", False), ("DWG-A-602#note-1", "full", False)}
