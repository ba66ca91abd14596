"""General levers of applied recall found in round 40 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A clause of no document named by number, in an addendum that names other documents of the project by
  number, where the item's own line before it ("Document 3) Scope of Work, clause 2.1.2 ...") or the
  heading line over it ("Part A - Scope of Work and Specifications for the Boat Ramp, is amended as
  follows:") writes a run of words all in the title of that clause's holder and not all in any other
  holder's title: read as the clause of that document (applied where the gate reads it). A run that fits
  two holders, or none, or an addendum naming no document by number, leaves it proposed.
- "Replaced by Revision 1 of the same drawing numbers": the sheets again, not a number on them.
- "Delete the existing clause and insert: "<new text>"": the clause replaced (quoted words between the
  verbs stay a change in part).
- A table row whose last cell names a sheet in its explanation keeps the designation its reference cell
  writes ("Section 06 - Specification, Clauses 6.2.1 and 6.2.2").
- "Drawing S-301 is withdrawn and Drawing S-301 Rev B ... is substituted for it": a replacement, not an
  item taken back."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


RAMP = ("3) SCOPE OF WORK\n\n2.1 GENERAL\n\n2.1.1 Site. The public slipway at the north quay.\n\n"
        "2.1.2 Hours. Work between 7 am and 5 pm on weekdays.\n\n2.2 PAVING\n\n"
        "2.2.1 Slab. A 200 mm concrete slab on 150 mm of crushed stone.\n\n"
        "2.3 FINISHES\n\n2.3.1 Grooves. Broom the slab across the slope.\n")
# (a second document of the project numbering some of its clauses the same way)
# (and a third, titled with the same short title, holding none of them: the short title alone settles nothing)
LIGHTING = "QUAY LIGHTING\n\n5.1 POLES\n\n5.1.1 Poles. Galvanized steel, 8 m.\n"
CONDITIONS = ("GENERAL CONDITIONS\n\n2.1 PARTIES\n\n2.1.1 Employer. The harbour board.\n\n"
              "2.1.2 Notices. Notices are given in writing.\n\n2.2 TIME\n\n2.2.1 Start. Within 14 days.\n")

OWN_LINE = ('AMENDMENTS TO THE TENDER DOCUMENTS\n\n'
            '1. Document 3) Scope of Work, clause 2.1.2 Hours: delete "5 pm" and substitute "6 pm".\n\n'
            '2. Document 3) Scope of Work, clause 2.3.1 Grooves: delete the clause. The slab is left as cast.\n\n'
            '3. Document 4) Drawings: on Drawing C-201, Note 1 shall now read: "NOTE 1: SLAB 250 MM."\n')


def _project(root: Path, changes: str, *, ramp_title: str = "Scope of Work and Specifications, Harbour Board Boat Ramp Renewal",
             other_title: str = "General Conditions of Contract") -> None:
    start_project(root, "round-40-titles")
    write_doc(root, "SPEC-RAMP", "2026-01-05", RAMP)
    _titled(root, "SPEC-RAMP", ramp_title)
    write_doc(root, "SPEC-GC", "2026-01-05", CONDITIONS)
    _titled(root, "SPEC-GC", other_title)
    write_doc(root, "SPEC-QL", "2026-01-05", LIGHTING)
    _titled(root, "SPEC-QL", "Scope of Work, Quay Lighting")
    write_sheet(root, "C-201", body="GENERAL NOTES\n\n1. SLAB 200 MM.\n")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM No. 1\n\n{changes}")


def test_a_clause_after_a_short_title_of_its_one_holder_is_applied(tmp_path, rules):
    _project(tmp_path, OWN_LINE)
    reading = read_project(tmp_path, rules)
    # (before: proposed, "names clause 2.1.2, but no section it belongs to: SPEC-RAMP is the one document
    # of the project holding clause 2.1.2, for a person to confirm")
    assert {("SPEC-RAMP#2.1.2", "partial", True), ("SPEC-RAMP#2.3.1", "full", False)} <= _applied(reading)
    assert not any(target.startswith("SPEC-GC") for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_title_that_is_not_the_holders_leaves_the_clause_proposed(tmp_path, rules):
    # (a document the project does not hold: its clause numbers may match the holder's by chance)
    _project(tmp_path, OWN_LINE.replace("Scope of Work", "Bill of Quantities"))
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-RAMP") for target, _, _ in _applied(reading))
    assert ("SPEC-RAMP#2.1.2", "partial", True) in _proposed(reading)


def test_a_title_two_holders_share_leaves_the_clause_proposed(tmp_path, rules):
    _project(tmp_path, OWN_LINE, other_title="Scope of Work, Quay Wall General Conditions")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-RAMP#2.1.2", "partial", True) not in _applied(reading)


HEADED = ('2. Section VI: Specifications, Part A - Scope of Work and Specifications for the Boat Ramp, is amended as follows:\n\n'
          '(a) Clause 2.1.2 Hours: substitute "6 pm" for "5 pm".\n\n'
          '(b) Clause 2.3.1 Grooves is deleted. The slab is left as cast.\n\n'
          '3. Section VII: Drawings, Drawing C-201, Note 1: delete and substitute "NOTE 1: SLAB 250 MM."\n')


def test_clauses_under_a_heading_writing_their_holders_title_are_applied(tmp_path, rules):
    _project(tmp_path, HEADED)
    reading = read_project(tmp_path, rules)
    # (before: each proposed; the heading line as a whole scores under the title cut-off)
    assert {("SPEC-RAMP#2.1.2", "partial", True), ("SPEC-RAMP#2.3.1", "full", False)} <= _applied(reading)
    assert not any(target.startswith("SPEC-GC") for target, _, _ in _applied(reading) | _proposed(reading))


def test_sheets_replaced_by_a_revision_of_the_same_drawing_numbers_are_replaced_whole(tmp_path, rules):
    start_project(tmp_path, "round-40-same-numbers")
    for sheet in ("M-201", "M-202", "M-203"):
        write_sheet(tmp_path, sheet)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\nAMENDMENTS TO THE DRAWINGS\n\n"
              "1. Drawings M-201 to M-203: withdrawn and replaced by Revision 2 of the same drawing numbers, attached.\n")
    reading = read_project(tmp_path, rules)
    # (before: "the same drawing numbers" read as a number on each sheet, each proposed in part)
    assert _applied(reading) == {(f"DWG-M-20{n}", "full", True) for n in (1, 2, 3)}


def test_a_sheets_number_changed_on_it_is_still_a_change_in_part(tmp_path, rules):
    start_project(tmp_path, "round-40-number-on-sheet")
    write_sheet(tmp_path, "M-201")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\n"
              "1. Drawing M-201: replace the drawing number with M-201A.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)


GRILLS = ("SECTION 06 - SPECIFICATION\n\n6.1 MATERIALS\n\n6.1.1 Bar. Mild steel square bar.\n\n"
          "6.1.2 Priming. One coat of zinc phosphate primer.\n\n6.1.3 Hinges. Two butt hinges to each door grill.\n\n"
          "6.2 MAKING\n\n6.2.1 Pattern. A square pattern at 100 mm.\n\n6.2.2 Welding. Continuous fillet welds.\n")
# (another document of the project holding 6.2.1 and 6.2.2 too: the row's section settles which)
PUMPS = "PUMP HOUSE WORKS\n\n6.2 PUMPS\n\n6.2.1 Duty. Two pumps, duty and standby.\n\n6.2.2 Controls. Float switches.\n"


def _table_project(root: Path, rows: str) -> None:
    start_project(root, "round-40-table")
    write_doc(root, "SPEC-GRL", "2026-01-05", GRILLS)
    _titled(root, "SPEC-GRL", "Section 06 Specification, Steel Security Grills")
    write_doc(root, "SPEC-PMP", "2026-01-05", PUMPS)
    _titled(root, "SPEC-PMP", "Section 09 Specification, Pump House")
    write_sheet(root, "A-501")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM No. 01\n\nThe bidding document is amended as shown in the table "
              f"below.\n\n| No. | Reference | Amendment |\n|---|---|---|\n{rows}\n")


def test_delete_the_existing_clause_and_insert_its_new_text_replaces_the_clause(tmp_path, rules):
    _table_project(tmp_path, '| 01 | Section 06 - Specification, Clause 6.1.3 Hinges | Delete the existing clause and '
                             'insert: "6.1.3 Hinges. Three heavy butt hinges to each door grill." |')
    reading = read_project(tmp_path, rules)
    # (before: proposed, "reads amend and delete verbs (Delete … insert): which one governs is not clear")
    assert _applied(reading) == {("SPEC-GRL#6.1.3", "full", True)}


def test_delete_quoted_words_and_insert_others_stays_a_change_in_part(tmp_path, rules):
    _table_project(tmp_path, '| 01 | Section 06 - Specification, Clause 6.1.3 Hinges | Delete the words "Two butt" and '
                             'insert: "Three heavy butt". |')
    reading = read_project(tmp_path, rules)
    assert ("SPEC-GRL#6.1.3", "full", True) not in _applied(reading)


def test_a_rows_section_stands_where_another_cell_of_it_names_a_sheet(tmp_path, rules):
    _table_project(tmp_path, "| 01 | Section 06 - Specification, Clauses 6.2.1 and 6.2.2 | Both clauses are deleted. "
                             "The pattern and the welds are now shown on Detail 1 of Drawing A-501. |")
    reading = read_project(tmp_path, rules)
    # (before: reported, "names Clauses 6.2.1, but no section it belongs to": a sheet anywhere in the row
    # set the row's designation "Section 06" aside)
    assert {("SPEC-GRL#6.2.1", "full", False), ("SPEC-GRL#6.2.2", "full", False)} <= _applied(reading)
    assert not any(target.startswith("SPEC-PMP") for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_sheet_withdrawn_with_its_revision_substituted_for_it_is_replaced(tmp_path, rules):
    start_project(tmp_path, "round-40-withdrawn")
    write_sheet(tmp_path, "S-301")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\nAMENDMENTS\n\n"
              "4. Document 6) Deck Drawings: Drawing S-301 is withdrawn and Drawing S-301 Rev B, attached to this "
              "addendum, is substituted for it.\n")
    reading = read_project(tmp_path, rules)
    # (before: reported, 'reads "substituted", but its own words say "withdrawn"': read as an item taken back)
    assert _applied(reading) == {("DWG-S-301", "full", True)}


def test_a_sheet_withdrawn_alone_is_still_an_item_taken_back(tmp_path, rules):
    start_project(tmp_path, "round-40-withdrawn-alone")
    write_sheet(tmp_path, "S-301")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\nAMENDMENTS\n\n"
              "4. The request to substitute Drawing S-301 is withdrawn.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)


def test_a_short_title_in_an_addendum_naming_no_document_by_number_is_only_proposed(tmp_path, rules):
    # (round 38's rule stands: where the addendum names nothing of the project by number, a title read
    # from the words says which document for a person to confirm)
    _project(tmp_path, OWN_LINE.split("\n\n3. ")[0] + "\n")
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-RAMP") for target, _, _ in _applied(reading))
    assert ("SPEC-RAMP#2.1.2", "partial", True) in _proposed(reading)
