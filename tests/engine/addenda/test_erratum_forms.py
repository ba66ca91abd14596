"""Forms of real owners' addenda read by their structure (issue 21), in words of their own: one
lead-in after another, each over its own numbered list (the last entry of the first list heads
nothing); an erratum that names a part in a reference line, quotes it as published ("The
clause reads as follows: ...") and gives it whole after "The correct statement is:"; a list of
what the addendum issues, each document under its new revision mark ("Revision B of Sheets
...", "Revision 1 of Section ..., which ..."), whole; a verb-less item quoting a provision with
the words taken out struck through and the words put in set in bold (proposed, its extent read
from the marks)."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 08 11 13 - HOLLOW METAL DOORS\n\n2 PRODUCTS\n\n2.1 DOORS\n\nA. Face sheets 16 gauge, cold-rolled.\n\n"
        "B. Cores of honeycomb kraft.\n\n2.2 FRAMES\n\nA. Welded frames, 14 gauge.\n\n3 EXECUTION\n\n3.1 SETTING\n\n"
        "A. Grout frames solid in masonry.\n\nB. Anchor each jamb at three points.\n")
OTHER = "SECTION 09 30 13 - CERAMIC TILING\n\n2 PRODUCTS\n\n2.1 TILE\n\nA. Porcelain, 12 by 24 inches.\n"
SHEETS = {"M-401": ("Ductwork Plan", "NOTE 3: DUCTS ARE GALVANIZED STEEL."),
          "M-402": ("Piping Plan", "NOTE 1: PIPING IS TYPE L COPPER."),
          "M-403": ("Roof Plan", "NOTE 2: CURBS ARE 14 INCHES HIGH.")}


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "erratum-forms")
    write_doc(root, "SPEC-081113", "2026-01-05", SPEC)
    write_doc(root, "SPEC-093013", "2026-01-05", OTHER)
    for number, (title, note) in SHEETS.items():
        word, n, _ = note.replace(":", " ", 1).split(" ", 2)
        (root / "documents" / f"dwg-{number.lower()}.drawing.yaml").write_text(
            f"id: DWG-{number}\nkind: drawing\nsheet: {number}\ntitle: {title}\nissued: 2026-01-05\n"
            f"effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
            f"  - id: {word.lower()}-{n}\n    text: \"{note}\"\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_lead_in_after_a_list_is_not_headed_by_that_lists_last_entry(tmp_path, rules):
    reading = _read(tmp_path, rules, "SPECIFICATIONS:\n\nReissue the following sections complete, as attached:\n\n"
                    "1. 08 11 13 - Hollow Metal Doors\n\n2. 09 30 13 - Ceramic Tiling\n\nModify the following:\n\n"
                    "1. 08 11 13 - Hollow Metal Doors, paragraph 3.1.B: change \"three\" to \"four\".\n")
    applied = _applied(reading)
    assert ("SPEC-093013", "full", True) in applied
    # "Modify the following:" changes nothing of the tiling section above it
    assert not any(t == "SPEC-093013" and scope == "partial" for t, scope, _ in applied)
    assert ("SPEC-081113#3.1.B", "partial", True) in applied


def test_an_erratum_quotes_the_published_words_then_gives_the_correct_statement_whole(tmp_path, rules):
    reading = _read(tmp_path, rules,
                    "1. Reference: Section 08 11 13 Hollow Metal Doors, clause 2.2.A\n\n"
                    "The clause reads as follows: \"Welded frames, 14 gauge.\" The correct statement is: "
                    "\"A. Welded frames, 12 gauge, with mitred corners.\"\n\n"
                    "2. Reference: Drawing No. M-401 (Ductwork Plan), Note 3\n\n"
                    "The note reads as follows: \"DUCTS ARE GALVANIZED STEEL.\" The correct statement is: "
                    "\"DUCTS ARE ALUMINIUM IN THE POOL HALL.\"\n\n"
                    "3. Reference: Section 08 11 13 Hollow Metal Doors, clause 2.1.B\n\n"
                    "This clause is withdrawn from the contract. Cores are as the door schedule shows.\n")
    assert _applied(reading) == {("SPEC-081113#2.2.A", "full", True), ("DWG-M-401#note-3", "full", True),
                                 ("SPEC-081113#2.1.B", "full", False)}


def test_read_as_with_words_between_still_corrects_a_value(tmp_path, rules):
    # 'Read "14 gauge" as "12 gauge"' changes words; "reads as follows" only quotes
    reading = _read(tmp_path, rules, 'Section 08 11 13, paragraph 2.2.A: read "14 gauge" as "12 gauge".\n')
    assert ("SPEC-081113#2.2.A", "partial", True) in _applied(reading) | _proposed(reading)


def test_documents_listed_under_a_new_revision_mark_are_issued_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "This addendum is made up of the documents listed below:\n\n"
                    "1. Revision 1 of Section 08 11 13 Hollow Metal Doors, which adds louvres to the plant room doors.\n\n"
                    "2. Revision C of Sheets M-402 and M-403, superseding those sheets.\n\n"
                    "3. Revision 1 of pages 09 30 13-1 and 09 30 13-2 of Section 09 30 13 Ceramic Tiling, "
                    "to be substituted for the same pages.\n")
    applied = _applied(reading)
    assert {("SPEC-081113", "full", True), ("DWG-M-402", "full", True), ("DWG-M-403", "full", True)} <= applied
    assert not any(t == "SPEC-093013" and scope == "full" for t, scope, _ in applied)  # pages of it, not the whole


def test_a_provision_quoted_with_struck_and_bold_words_is_proposed_with_the_extent_of_its_marks(tmp_path, rules):
    reading = _read(tmp_path, rules, "Changes to the Specifications\n\n"
                    "Section 08 11 13 Hollow Metal Doors, page 08 11 13-2, paragraph 2.1.A: "
                    "\"A. Face sheets ~~16~~ **14** gauge, cold-rolled.\"\n\n"
                    "Section 08 11 13 Hollow Metal Doors, page 08 11 13-3, paragraph 3.1.A: "
                    "\"... in masonry **and at the head of each frame** ...\"\n\n"
                    "Section 08 11 13 Hollow Metal Doors, page 08 11 13-3, paragraph 3.1.B: "
                    "\"~~B. Anchor each jamb at three points.~~\"\n\n"
                    "Changes to the Drawings\n\n"
                    "Sheet M-402 Piping Plan, Note 1: \"PIPING IS TYPE ~~L~~ **K** COPPER.\"\n")
    assert _applied(reading) == set()  # the marks are the owner's convention: for a person to confirm
    assert _proposed(reading) == {("SPEC-081113#2.1.A", "full", True), ("SPEC-081113#3.1.A", "partial", True),
                                  ("SPEC-081113#3.1.B", "full", False), ("DWG-M-402#note-1", "full", True)}
    assert not reading.not_understood


def test_an_erratum_of_a_part_no_notation_places_is_reported_not_passed_over(tmp_path, rules):
    reading = _read(tmp_path, rules, "1. Reference: Part C3 Scope of Work, Section 08 11 13 Hollow Metal Doors, "
                    "clause 3.1, item .2\n\nThe item reads as follows: \"Anchor each jamb.\" The correct statement "
                    "is: \".2 Anchor each jamb at four points.\"\n")
    assert not _applied(reading)
    assert [n.reason for n in reading.not_understood] == [
        'changes what its heading names ("clause 3.1"), which no reference notation of the pack places']
