"""Forms of English addenda read in round 71 (issue 21) that were neither applied nor proposed right.

- A sheet "withdrawn and replaced by" itself at a named revision ("Drawing No. C-204 Rev. B") is
  replaced whole: the point of "Rev." before a revision letter ends no clause, so the words after it
  ("enclosed") are read; a revision named on the sheet put in its place says a whole issue.
- A caption line naming a sheet ("5. Refer Drawing No. C-204 (Grading Plan).") over "Replace Drawing
  No. C-204 with ...": the verb's object is the sheet, named again; the whole sheet is replaced.
- A sheet, its title after its number, "withdrawn from this Contract" is deleted whole, as "from the
  contract" was; a thing on a sheet withdrawn so stays a proposal.
- Clauses reissued in redline under a heading naming their document: a clause struck through whole
  ("~~7.3 ...~~") is proposed deleted, one struck whole and printed anew in bold under the same number
  proposed replaced, a lettered item ("7.2.1 b) ... ~~40~~ **50** ...") proposed replaced, each at its
  own number, in place of the guess of the heading's document changed in part (before: that guess alone).
- A line under a section's heading opening with a lettered paragraph's path and a dash ("3.2.C - ...")
  names that paragraph, as "3.2.C: ..." did; it is no label of the addendum's own (before: masked as
  one, the section proposed in part).
- "replace the whole chapter with the attached Chapter 6": an owner's chapter is the document itself,
  never a thing on it; replaced whole (before: a change in part, proposed).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _project(root: Path, addendum: str) -> None:
    start_project(root, "round-71")
    for sheet, title in (("C-204", "Grading Plan"), ("P-310", "Pump Station Details")):
        write_doc(root, f"DWG-{sheet}", "2026-01-05", f"SHEET {sheet}\n\nGENERAL NOTES\n\n1. Verify levels on site.\n",
                  kind="drawing", title=title)
        path = root / "documents" / f"dwg-{sheet.lower()}.md"
        path.write_text(path.read_text().replace("kind: drawing", f"kind: drawing\nsheet: {sheet}"))
    write_doc(root, "ADD-01", "2026-02-02", addendum, kind="addendum", title="Addendum")


def test_a_sheet_withdrawn_and_replaced_by_a_named_revision_is_replaced_whole(tmp_path, rules):
    _project(tmp_path, "CORRIGENDUM NO. 1\n\nDRAWINGS\n\n"
                       "Entry 3 of the List of Drawings, Drawing No. C-204: Stands withdrawn and replaced by "
                       "Drawing No. C-204 Rev. B enclosed.\n\n"
                       "Drawing P-310 Revision 1 is withdrawn and replaced by Drawing P-310 Revision 3.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-C-204", "full", True), ("DWG-P-310", "full", True)}


def test_a_caption_line_then_replace_the_sheet_named_again_replaces_it_whole(tmp_path, rules):
    _project(tmp_path, "ADDENDUM NO. 2\n\nC. DRAWINGS\n\n"
                       "5. Refer Drawing No. C-204 (Grading Plan).\n"
                       "Replace Drawing No. C-204 with Drawing No. C-204 (R2) annexed to this addendum.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-C-204", "full", True)}


def test_a_caption_line_then_a_change_to_a_note_of_the_sheet_is_not_the_sheet_replaced(tmp_path, rules):
    # the verb's object is a thing on the sheet, not the sheet named again: never the whole sheet
    _project(tmp_path, "ADDENDUM NO. 2\n\nC. DRAWINGS\n\n"
                       "5. Refer Drawing No. C-204 (Grading Plan).\n"
                       "Replace the spot level at the gate on Drawing No. C-204 with 12.40.\n")
    reading = read_project(tmp_path, rules)
    assert ("DWG-C-204", "full", True) not in _applied(reading) | _proposed(reading)


def test_a_sheet_withdrawn_from_this_contract_is_deleted_whole_a_thing_on_it_is_not(tmp_path, rules):
    _project(tmp_path, "ADDENDUM NO. 3\n\nDRAWINGS\n\n"
                       "Drawing P-310 Pump Station Details is withdrawn from this Contract; the pumps are let separately.\n\n"
                       "The gate on Drawing C-204 is withdrawn from this Contract.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("DWG-P-310", "full", False)}
    assert ("DWG-C-204", "full", False) not in _applied(reading)


SCHEDULE = ("CHAPTER 7 MOORINGS\n\n7.1 General. Moorings to the harbour master's approval.\n\n"
            "7.2 Chains.\n\n7.2.1 Chain sizes.\n\na) Riser chain 32 mm.\n\nb) Ground chain 40 mm.\n\n"
            "7.3 Buoys. Foam-filled buoys, yellow.\n\n7.4 Inspection. Divers inspect yearly.\n")


def test_clauses_reissued_in_redline_are_proposed_at_their_own_numbers(tmp_path, rules):
    start_project(tmp_path, "round-71-redline")
    write_doc(tmp_path, "SPEC-MOOR", "2026-01-05", SCHEDULE, kind="specification", title="Chapter 7 Moorings")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "Addendum 3\n\nThe clauses below are reissued; struck text is taken out, bold text put in.\n\n"
              "EMPLOYER'S REQUIREMENTS, CHAPTER 7\n\n"
              "7.2.1 b) Ground chain ~~40~~ **50** mm.\n\n"
              "~~7.3 Buoys. Foam-filled buoys, yellow.~~\n\n"
              "~~7.4 Inspection. Divers inspect yearly.~~ **7.4 Inspection. Divers inspect every six months.**\n",
              kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    proposed = _proposed(reading)
    assert {("SPEC-MOOR#7.2.1.b", "full", True), ("SPEC-MOOR#7.3", "full", False),
            ("SPEC-MOOR#7.4", "full", True)} <= proposed, proposed
    assert not any(target == "SPEC-MOOR" for target, _, _ in proposed), proposed


LIGHTING = ("PART 3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Mount fixtures level.\n\n"
            "3.2 POLES\n\nA. Set poles plumb.\n\nB. Anchor bolts galvanized.\n\nC. Bollards at 30 feet on centre.\n")


def test_a_lettered_path_and_a_dash_under_a_section_heading_names_the_paragraph(tmp_path, rules):
    start_project(tmp_path, "round-71-caption")
    write_doc(tmp_path, "SPEC-265600", "2026-01-05", LIGHTING, kind="specification", title="Exterior Lighting")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ADDENDUM NO. 4\n\nBids remain due on the date stated.\n\nSECTION 26 56 00 - EXTERIOR LIGHTING\n\n"
              "3.2.C - Bollards are deleted from the project.\n\n"
              "3.2.A - change \"plumb\" to \"plumb within 1 in 200\".\n",
              kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-265600#3.2.C", "full", False), ("SPEC-265600#3.2.A", "partial", True)}


def test_the_whole_chapter_replaced_with_the_attached_one_is_the_document_replaced(tmp_path, rules):
    start_project(tmp_path, "round-71-chapter")
    write_doc(tmp_path, "SPEC-EMP6", "2026-01-05", "6.1 Scope. Fendering to the berth face.\n\n6.2 Materials. Rubber cone fenders.\n",
              kind="specification", title="Employer's Requirements Chapter 6 Berth Fendering")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "ADDENDUM NO. 5\n\n1. Employer's Requirements Chapter 6 Berth Fendering: replace the whole chapter with the "
              "attached Chapter 6 (Addendum No. 5, 3 pages).\n\n"
              "2. Employer's Requirements Chapter 6 Berth Fendering, Clause 6.2: replace the chapter reference "
              "\"Chapter 5\" with \"Chapter 7\".\n",
              kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-EMP6", "full", True) in _applied(reading)
    assert not any(target == "SPEC-EMP6#6.2" and scope == "full" for target, scope, _ in _applied(reading))
