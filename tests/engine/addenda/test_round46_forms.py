"""General forms of owners' addenda read in round 46 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A change item numbered with its own label ("Modification No. 2: Employer's Requirements, Chapter 2, clause
  2.4.1 Screens, is replaced by ...", "Amendment No. 3:", "Clarification No. 1:", "Correction No. 4:"): the
  label names the item, no paragraph of the document (before: read as a paragraph's name the document lacks,
  the clause's edge only proposed).
- A lettered sub-item written after its clause as "clause 2.3.2, letter b)": the sub-item is the target, as
  "item c)" is (round 44).
- "clause 2.5 Intake Pumps, is supplemented with: "..."": words added to the clause, a change in part (before:
  no verb of the pack read it).
- A clause opening its sentence with its number and its own title ("Clause 4.2.1 Ratings: ...") under a
  heading whose designation fits several documents ("(c) Technical Specifications (Volume 2, Section 4)"),
  the number so titled held by one of them alone: applied in it (before: proposed, "no section it belongs
  to").
- A clause "of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 6)" where one document of the project is
  titled "Document No. 6 ..." and holds the clause alone: applied (before: proposed).
- A table row naming two sheets, "Entire sheets | Replace with the revised sheets issued with this Addendum
  (cladding colour changed)": each sheet reissued whole; the words in brackets say what the new sheets
  change (before: proposed, "reads amend and replace verbs").
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _drawing(root: Path, sheet: str, title: str) -> None:
    """A drawing sheet as a sheet's YAML record gives it, one note."""
    (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(
        f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nissued: 2026-01-05\n"
        f"effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        f"  - id: note-1\n    text: \"NOTE 1: SEE SCHEDULE.\"\n")


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


INTAKE = ("INTAKE STATION - EMPLOYER'S REQUIREMENTS\n\nCHAPTER 2 - WATER INTAKE WORKS\n\n"
          "2.1 Scope. The Contractor shall build the intake and its pump house.\n\n2.3 Chemicals\n\n"
          "2.3.1 Dosing. Chlorine dosing at the intake.\n\n2.3.2 Tanks. Dosing tanks shall be as follows:\n\n"
          "a) Chlorine tank: 2,000 litres.\n\nb) Alum tank: 1,500 litres.\n\nc) Bunds under every tank.\n\n"
          "2.4 Screens\n\n2.4.1 Bar Screens. Bars at 25 mm centres.\n\n2.4.2 Fine Screens. Mesh of 6 mm.\n\n"
          "2.5 Intake Pumps. Two duty pumps and one standby.\n")
POWER = ("EMPLOYER'S REQUIREMENTS\n\nCHAPTER 3 - POWER SUPPLY\n\n3.1 Scope. Power to the pump house.\n\n"
         "2.4.1 Cables. Armoured copper cables.\n")


def _circular(root: Path, modifications: str) -> None:
    start_project(root, "round-46-circular")
    write_doc(root, "SPEC-ER2", "2026-01-05", INTAKE)
    _titled(root, "SPEC-ER2", "Employer's Requirements Chapter 2 Water Intake Works")
    write_doc(root, "SPEC-ER3", "2026-01-05", POWER)
    _titled(root, "SPEC-ER3", "Employer's Requirements Chapter 3 Power Supply")
    write_doc(root, "ADD-01", "2026-02-02",
              "CIRCULAR No. 1 - ANSWERS AND MODIFICATIONS\n\nPublic tender 88-2026, River Intake Station\n\n"
              "I. ANSWERS\n\nQuestion No. 1: May the site be visited?\nAnswer: Yes, on any working day. No modification.\n\n"
              "II. MODIFICATIONS\n\n" + modifications)


def test_a_change_items_own_numbered_label_is_no_paragraph_of_the_document(tmp_path, rules):
    _circular(tmp_path, "Modification No. 1: Employer's Requirements, Chapter 2, clause 2.4.1 Bar Screens, is replaced by "
                        "the following: \"2.4.1 Bar Screens. Bars at 20 mm centres, raked automatically.\"\n\n"
                        "Amendment No. 2: Employer's Requirements, Chapter 2, clause 2.4.2 Fine Screens: the text \"6 mm\" "
                        "is replaced by \"3 mm\".\n")
    reading = read_project(tmp_path, rules)
    # (before: both proposed, '"Modification No. 1" names no paragraph of SPEC-ER2')
    assert {("SPEC-ER2#2.4.1", "full", True), ("SPEC-ER2#2.4.2", "partial", True)} <= _applied(reading)


def test_a_lettered_sub_item_written_as_letter_after_its_clause_is_the_target(tmp_path, rules):
    _circular(tmp_path, "Modification No. 1: Employer's Requirements, Chapter 2, clause 2.3.2, letter b) (alum tank) is "
                        "deleted, as alum is no longer dosed.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-ER2#2.3.2.b", "full", False) in _applied(reading)
    assert not any(target == "SPEC-ER2#2.3.2" for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_clause_supplemented_with_words_after_a_colon_changes_in_part(tmp_path, rules):
    _circular(tmp_path, "Modification No. 1: Employer's Requirements, Chapter 2, clause 2.5 Intake Pumps, is supplemented "
                        "with: \"Each pump shall have a soft starter.\"\n")
    reading = read_project(tmp_path, rules)
    # (before: proposed, "no verb of the pack reads what the item does")
    assert ("SPEC-ER2#2.5", "partial", True) in _applied(reading)


SWITCHGEAR = ("SECTION 4 - TECHNICAL SPECIFICATION\n\n4.2 SWITCHGEAR\n\n4.2.1 Ratings. Rated voltage 12 kV, 16 kA for 3 seconds.\n\n"
              "4.2.2 Busbars. Copper busbars.\n\n4.3 TESTS\n\n4.3.1 Factory Tests. Witnessed by the Employer.\n\n"
              "4.3.2 Site Tests. Insulation resistance tests on every panel.\n")
CLEANING = ("SECTION 4 - STATEMENT OF REQUIREMENTS\n\n4.2 OFFICES\n\n4.2.1 Floors. Vacuumed daily.\n\n"
            "4.3 GROUNDS\n\n4.3.1 Lawns. Cut fortnightly.\n\n4.3.2 Hedges. Trimmed twice a year.\n")


def _letter(root: Path, heading: str, amendments: str) -> None:
    start_project(root, "round-46-letter")
    write_doc(root, "SPEC-TS", "2026-01-05", SWITCHGEAR)
    _titled(root, "SPEC-TS", "Section 4 Technical Specification, Pumping Station Switchgear")
    write_doc(root, "SPEC-SR", "2026-01-05", CLEANING)
    _titled(root, "SPEC-SR", "Part 2 Section 4 Statement of Requirements, Cleaning of the Depot")
    _drawing(root, "E-101", "Single-Line Diagram")
    write_doc(root, "ADD-01", "2026-02-02",
              "Ref: PS/2026/07 - PUMPING STATION SWITCHGEAR\n\nADDENDUM No. 1\n\nDear Sir/Madam,\n\n"
              "The Company amends the documents enclosed with the Letter of Invitation to Bid as set out below.\n\n"
              f"{heading}\n\n{amendments}\n"
              "(d) Drawings\n\nDrawing E-101 Single-Line Diagram is withdrawn and replaced by Drawing E-101 Revision 1, "
              "attached.\n\nYours faithfully,\n")


def test_a_clause_titled_as_its_one_holder_titles_it_under_a_designation_fitting_several_is_applied(tmp_path, rules):
    _letter(tmp_path, "(c) Technical Specifications (Volume 2, Section 4)",
            "Clause 4.2.1 Ratings: the short-time current of \"16 kA for 3 seconds\" is amended to \"20 kA for 1 second\".\n\n"
            "Clause 4.3.1 Factory Tests: this clause is deleted. Routine test certificates shall be submitted instead.\n\n"
            "Clause 4.3.2 Site Tests: add at the end of the clause: \"and primary injection tests on every current "
            "transformer.\"\n\n")
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "names Clause 4.2.1, but no section it belongs to")
    assert {("SPEC-TS#4.2.1", "partial", True), ("SPEC-TS#4.3.1", "full", False),
            ("SPEC-TS#4.3.2", "partial", True)} <= _applied(reading)
    assert not any(target.startswith("SPEC-SR") for target, _, _ in _applied(reading))


def test_a_clause_under_a_heading_designating_no_holder_is_not_applied(tmp_path, rules):
    _letter(tmp_path, "(c) Technical Specifications (Volume 2, Section 9)",
            "Clause 4.3.1 Factory Tests: this clause is deleted.\n\n")
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-TS#4.3") for target, _, _ in _applied(reading))


SHED = ("DOCUMENT No. 6: SPECIAL TECHNICAL SPECIFICATIONS\n\n2. SITE INSTALLATION\n\n2.1 A site board of 2 m by 1 m shall be "
        "put up at the entrance.\n\n3. FOUNDATIONS\n\n3.2 Foundation concrete shall be dosed at 350 kg of cement per cubic "
        "metre.\n\n4. WALLS\n\n4.1 Walls shall be of hollow blocks of 15 cm.\n")
MARKET = "DOCUMENT No. 7: SCOPE OF WORKS\n\n3.2 The market stalls shall be of timber.\n\n5.1 Roof of corrugated sheets.\n"


def _tender_file(root: Path, items: str) -> None:
    start_project(root, "round-46-tender-file")
    write_doc(root, "SPEC-STS", "2026-01-05", SHED)
    _titled(root, "SPEC-STS", "Document No. 6 Special Technical Specifications, Construction of a Market Shed")
    write_doc(root, "SPEC-SOW", "2026-01-05", MARKET)
    _titled(root, "SPEC-SOW", "Document No. 7 Scope of Works, Rehabilitation of the Market Stalls")
    write_doc(root, "ADD-01", "2026-02-02",
              "RURAL COUNCIL OF BAMSA\n\nADDENDUM No. 01 TO THE NATIONAL OPEN INVITATION TO TENDER No. 09/2026\n\n"
              "I, the Mayor, Contracting Authority, hereby modify some Articles of the Tender File to read as follows:\n\n"
              + items + "\n9) As concerns Point 11 of the TENDER NOTICE (Submission of bids): bids shall be submitted not "
                        "later than 30/03/2026 at 10 a.m.\n\nThe other provisions of the Tender File remain unchanged.\n")


def test_a_clause_of_a_document_named_by_its_document_number_is_applied_in_the_document_so_titled(tmp_path, rules):
    _tender_file(tmp_path, "1) As concerns Article 3.2 of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 6):\n"
                           "Instead of: \"3.2 Foundation concrete shall be dosed at 350 kg of cement per cubic metre.\"\n"
                           "Read: \"3.2 Foundation concrete shall be dosed at 400 kg of cement per cubic metre.\"\n\n"
                           "2) As concerns Article 2.1 of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 6): this "
                           "article is cancelled.\n\n"
                           "3) As concerns Article 4.1 of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 6):\n"
                           "Instead of: \"hollow blocks of 15 cm\"\nRead: \"hollow blocks of 20 cm\"\n")
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "names Article 3.2, but no section it belongs to"; Document No. 7 holds a 3.2 too)
    assert {("SPEC-STS#3.2", "full", True), ("SPEC-STS#2.1", "full", False),
            ("SPEC-STS#4.1", "partial", True)} <= _applied(reading)
    assert not any(target.startswith("SPEC-SOW") for target, _, _ in _applied(reading))


def test_a_document_number_no_document_is_titled_with_applies_nothing(tmp_path, rules):
    _tender_file(tmp_path, "1) As concerns Article 2.1 of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 9): this "
                           "article is cancelled.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-STS#2.1", "full", False) not in _applied(reading)


def test_a_row_replacing_two_sheets_whole_with_a_bracketed_note_of_what_changed_reissues_each(tmp_path, rules):
    start_project(tmp_path, "round-46-table")
    _drawing(tmp_path, "A-201", "Exterior Elevations")
    _drawing(tmp_path, "A-301", "Building Sections")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "INVITATION FOR BIDS NO. 12-2026 - ADDENDUM NO. 1\n\nTABLE OF CHANGES\n\n"
              "| No. | Document | Location | Change |\n|---|---|---|---|\n"
              "| 1-01 | Sheets A-201 Exterior Elevations and A-301 Building Sections | Entire sheets | Replace with the "
              "revised sheets issued with this Addendum (cladding colour and parapet height changed). |\n")
    reading = read_project(tmp_path, rules)
    # (before: both proposed, "reads amend and replace verbs (Replace … changed)")
    assert {("DWG-A-201", "full", True), ("DWG-A-301", "full", True)} <= _applied(reading)
