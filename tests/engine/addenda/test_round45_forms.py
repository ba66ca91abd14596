"""General forms of owners' addenda read in round 45 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A row of a table of existing and amended provisions whose amended cell opens with its deleting word as a
  sentence of its own ("| As printed. | Deleted. No mobilisation advance is payable. |"): the provision is
  deleted, nothing in its place (before: replaced whole by the cell, a successor edge - the one wrong applied
  edge of held-out-45).
- The same table's amended cell opening with an instruction in part ("| As printed. | Add at the end: ... |",
  "| As printed. | Delete the second sentence. |"): the provision changes in part (before: replaced whole).
- A drawing in such a table, "| Revision 0 | Revision 1 attached, replacing Revision 0 in full. |": the sheet
  is replaced whole by the attached revision (before: proposed, "says nothing of what replaces it").
- A sub-clause of four levels ("Sub-Clause 1.1.3.3 Time for Completion") of no named document, held by one
  document whose title has the words the row writes ("Particular Conditions, Part A Contract Data"): placed
  as a clause of three levels is (before: reported, "no section it belongs to"); the document's lettered
  part named before the clause ("Part A") is no lettered paragraph inside the clause.
- A contract let in lots: "Lot 2 Technical Specification, Clause 6.2.4 Title" names the document titled
  "Technical Specification" where its title names no lot (the lot designates, as "Section 7" does); a
  document titled for another lot is not named so.
- A plain title line alone ("Changes to the Specifications", "Changes to the Drawings") heads the
  instructions under it after a question whose answer starts on the question's second line, or after an
  instruction ending its sentence (before: the lines below ran on into the answer or the instruction above,
  so a five-digit section's paragraph replaced, or a sheet's keynote revised, was proposed or reported).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _drawing(root: Path, sheet: str, title: str, *callouts: tuple[str, str]) -> None:
    """A drawing sheet with its callouts, as a sheet's YAML record gives them."""
    listed = "".join(f"  - id: {key}\n    text: \"{text}\"\n" for key, text in callouts)
    (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(
        f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nissued: 2026-01-05\n"
        f"effective: {{from: 2026-01-05}}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n{listed}")


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


CONTRACT_DATA = ("SECTION VIII - PARTICULAR CONDITIONS OF CONTRACT\n\nPART A - CONTRACT DATA\n\n"
                 "1.1.3.3 Time for Completion. 240 days from the Commencement Date.\n\n"
                 "4.2 Performance Security. 5 percent of the Accepted Contract Amount.\n\n"
                 "14.2 Advance Payment. 10 percent of the Accepted Contract Amount, against a bank guarantee.\n\n"
                 "14.3 Retention. 5 percent of each interim payment.\n")
GENERAL = ("GENERAL CONDITIONS\n\n4.2 Performance Security. The Contractor shall obtain the security.\n\n"
           "14.2 Advance Payment. The Employer shall make an advance payment as stated.\n")
SPEC = ("SECTION 5 - TECHNICAL SPECIFICATION\n\n5.3 Transformers\n\n5.3.1 Rating. 1,000 kVA, 11/0.415 kV.\n\n"
        "5.3.2 Cooling. ONAN.\n\n5.4 Spares\n\n5.4.1 Mandatory Spares. One set of bushings.\n")
OTHER = "3.2 Staff\n\n3.2.1 Supervisor. One supervisor on site.\n\n5.4.1 Identification. Every worker wears a badge.\n"


def _lots(root: Path, rows: str, *, spec_title: str = "Section 5 Technical Specification, Pump Station Transformers") -> None:
    start_project(root, "round-45-lots")
    write_doc(root, "SPEC-CD", "2026-01-05", CONTRACT_DATA)
    _titled(root, "SPEC-CD", "Section VIII Particular Conditions of Contract Part A Contract Data, Hillside Drainage")
    write_doc(root, "SPEC-GC", "2026-01-05", GENERAL)
    _titled(root, "SPEC-GC", "Section VII General Conditions of Contract, Hillside Drainage")
    write_doc(root, "SPEC-TS", "2026-01-05", SPEC)
    _titled(root, "SPEC-TS", spec_title)
    # (another document titled with the words "Contract Data": the title alone names no one document)
    write_doc(root, "SPEC-SW", "2026-01-05", "3.1 Depot. A depot of 400 square metres.\n")
    _titled(root, "SPEC-SW", "Volume 1 Contract Data and Scope of Work, Regional Depot")
    write_doc(root, "SPEC-TX", "2026-01-05", "2.1 Rails. Crane rails of grade 900A.\n")  # (and "Technical Specifications")
    _titled(root, "SPEC-TX", "Section 6 Technical Specification, Crane Rails")
    write_doc(root, "SPEC-WD", "2026-01-05", OTHER)
    _titled(root, "SPEC-WD", "Invitation to Tender Part 3 Detailed Requirements, Window Cleaning")
    _drawing(root, "E-410", "Transformer Plinth", ("note-1", "NOTE 1: PLINTH 300 MM ABOVE GRADE."))
    _drawing(root, "C-220", "Outfall", ("note-1", "NOTE 1: RIPRAP APRON AT THE OUTFALL."))
    write_doc(root, "ADD-01", "2026-02-02",
              "Contract No. and Title: HD-3: Lot 1 - Hillside Drainage; Lot 2 - Pump Station Transformers\n\n"
              "AMENDMENT No. 1 TO THE BIDDING DOCUMENT\n\n"
              "The Employer amends the Bidding Document as set out in the table below.\n\n"
              "| No. | Section / Clause | Existing Provision | Amended Provision |\n|---|---|---|---|\n" + rows
              # (the amendment names a document of the project by number, as such tables do)
              + "| 9 | Section 7 - Drawings, Lot 1, Drawing C-220 Outfall, Note 1 | As printed. | Deleted. |\n")


#: The edge of the row every table of ``_lots`` ends with.
_NOTE = ("DWG-C-220#note-1", "full", False)


def test_an_amended_cell_opening_with_deleted_deletes_the_provision_whatever_follows(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 8 - Contract Data, Sub-Clause 14.2 Advance Payment | As printed. | Deleted. No "
                    "mobilisation advance is payable under this Contract. |\n"
                    "| 2 | Section 8 - Contract Data, Sub-Clause 4.2 Performance Security | As printed. | 4.2 Performance "
                    "Security. 10 percent of the Accepted Contract Amount. |\n")
    reading = read_project(tmp_path, rules)
    # (before: SPEC-CD#14.2 replaced whole, a successor edge from the cell's explanation)
    assert ("SPEC-CD#14.2", "full", False) in _applied(reading)
    assert ("SPEC-CD#14.2", "full", True) not in _applied(reading) | _proposed(reading)
    assert ("SPEC-CD#4.2", "full", True) in _applied(reading)


def test_an_amended_cell_saying_deleted_of_part_of_it_is_no_deletion_of_the_whole(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 8 - Contract Data, Sub-Clause 14.2 Advance Payment | As printed. | Deleted: the "
                    "words \"against a bank guarantee\". |\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-CD#14.2", "full", False) not in _applied(reading)


def test_an_amended_cell_opening_with_an_instruction_in_part_changes_the_clause_in_part(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 8 - Contract Data, Sub-Clause 14.3 Retention | As printed. | Add at the end: \", "
                    "released in full at taking over\". |\n")
    reading = read_project(tmp_path, rules)
    # (before: replaced whole, the cell read as the clause's new text)
    assert _applied(reading) - {_NOTE} == {("SPEC-CD#14.3", "partial", True)}


def test_a_four_level_sub_clause_after_its_documents_titled_part_is_placed_in_its_one_holder(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 8 - Particular Conditions, Part A Contract Data, Sub-Clause 1.1.3.3 Time for Completion "
                    "| 240 days from the Commencement Date. | 1.1.3.3 Time for Completion. 300 days from the Commencement "
                    "Date. |\n")
    reading = read_project(tmp_path, rules)
    # (before: reported, "names Sub-Clause 1.1.3.3, but no section it belongs to")
    assert _applied(reading) - {_NOTE} == {("SPEC-CD#1.1.3.3", "full", True)}


def test_a_lots_technical_specification_clause_is_placed_in_the_specification_naming_no_lot(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 7 - Employer's Requirements, Lot 2 Technical Specification, Clause 5.3.1 Rating | "
                    "As printed. | 5.3.1 Rating. 1,250 kVA, 11/0.415 kV. |\n"
                    "| 2 | Section 7 - Lot 2 Technical Specification, Clause 5.4.1 Mandatory Spares | As printed. | "
                    "Add at the end: \"and one tap changer motor\". |\n")
    reading = read_project(tmp_path, rules)
    # (before: both proposed, "no section it belongs to"; 5.4.1 is held by another document too)
    assert _applied(reading) - {_NOTE} == {("SPEC-TS#5.3.1", "full", True), ("SPEC-TS#5.4.1", "partial", True)}


def test_a_lot_the_specifications_title_does_not_name_leaves_the_clause_unapplied(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 7 - Lot 2 Technical Specification, Clause 5.4.1 Mandatory Spares | As printed. | "
                    "Add at the end: \"and one tap changer motor\". |\n",
          spec_title="Section 5 Lot 1 Technical Specification, Hillside Drainage Pumps")
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-TS") for target, _, _ in _applied(reading))


def test_a_drawing_row_with_the_attached_revision_replacing_the_old_is_reissued_whole(tmp_path, rules):
    _lots(tmp_path, "| 1 | Section 7 - Drawings, Lot 2, Drawing E-410 Transformer Plinth | Revision 0 | Revision 1 "
                    "attached, replacing Revision 0 in full. |\n")
    reading = read_project(tmp_path, rules)
    # (before: E-410 proposed, "it replaces the whole of it but says nothing of what replaces it")
    assert ("DWG-E-410", "full", True) in _applied(reading)
    assert ("DWG-C-220#note-1", "full", False) in _applied(reading)


CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 - PRODUCTS\n\n2.02 MIXES\n\n"
            "A. Footings: 3,500 psi at 28 days.\n\nB. Walls: 4,000 psi at 28 days.\n")
DUCTS = "SECTION 26 05 43 - DUCTS\n\nPART 2 - PRODUCTS\n\n2.2 DUCTS\n\nA. Duct: Schedule 40 PVC.\n"


def _city(root: Path, changes: str) -> None:
    start_project(root, "round-45-city")
    write_doc(root, "SPEC-033000", "2026-01-05", CONCRETE)
    _titled(root, "SPEC-033000", "Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "SPEC-260543", "2026-01-05", DUCTS)
    _titled(root, "SPEC-260543", "Section 26 05 43 Ducts")
    _drawing(root, "L-102", "Landscape Plan", ("keynote-1", "KEYNOTE 1: RAIN GARDEN."), ("keynote-2", "KEYNOTE 2: BENCH."))
    _drawing(root, "E-205", "Site Lighting", ("note-1", "NOTE 1: POLES ON CONCRETE BASES."))
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NUMBER 2\n\nISSUE DATE: 03/02/2026\n\n"
                                            "Bidders are notified that the Contract Documents are amended as follows:\n\n"
                                            "Questions from Bidders\n\n"
                                            "Q1. Is there a bench at the rain garden?\nA. Yes, one bench; see the keynote below.\n\n"
                                            + changes)


def test_a_title_line_after_an_answer_on_the_questions_second_line_heads_a_five_digit_sections_change(tmp_path, rules):
    _city(tmp_path, "Changes to the Specifications\n\n"
                    "Section 03300 - Cast-in-Place Concrete: Paragraph 2.02.B is deleted and replaced with: \"B. Walls: "
                    "4,500 psi at 28 days.\"\n\n"
                    "Section 26 05 43 - Ducts, Paragraph 2.2.A: revise \"Schedule 40\" to read \"Schedule 80\".\n")
    reading = read_project(tmp_path, rules)
    # (before: the change ran on into the answer above it; proposed, "a paragraph of the addendum's preamble")
    assert ("SPEC-033000#2.02.B", "full", True) in _applied(reading)
    assert ("SPEC-260543#2.2.A", "partial", True) in _applied(reading)


def test_a_title_line_after_an_instruction_sentence_heads_the_sheets_changed_below_it(tmp_path, rules):
    _city(tmp_path, "Changes to the Specifications\n\n"
                    "Section 26 05 43 - Ducts: Delete Section 26 05 43 in its entirety and replace with the attached "
                    "Section 26 05 43 (Addendum 2).\n\n"
                    "Changes to the Drawings\n\n"
                    "Sheet L-102 Landscape Plan, Keynote 2: revised to read \"KEYNOTE 2: BENCH ON A CONCRETE PAD.\"\n\n"
                    "Sheet E-205 Site Lighting: revised. Replace with the attached sheet E-205 (Addendum 2).\n")
    reading = read_project(tmp_path, rules)
    # (before: the keynote's line ran on into the section's instruction; reported, "in a line no reading placed")
    assert ("DWG-L-102#keynote-2", "full", True) in _applied(reading)
    assert ("SPEC-260543", "full", True) in _applied(reading)
    assert ("DWG-E-205", "full", True) in _applied(reading)


PARTICULAR = ("CONDITIONS OF PARTICULAR APPLICATION\n\n8.7 Delay Damages. 0.05 percent per day.\n\n"
              "SECTION 14 - PAYMENT\n\n14.3 Application for Interim Payment Certificates. The Contractor shall submit one statement each month.\n")
ANOTHER = "CONDITIONS OF PARTICULAR APPLICATION\n\n8.7 Delay Damages. 0.1 percent per day.\n\n18.1 Insurance. As stated.\n"
GENERAL_CONDITIONS = "GENERAL CONDITIONS\n\n14.3 Application for Interim Payment Certificates. As the Engineer directs.\n"


def _two_part_twos(root: Path, item: str, *, general_title: str = "General Conditions of Contract, Hospital Annex") -> None:
    start_project(root, "round-45-designations")
    write_doc(root, "SPEC-PC", "2026-01-05", PARTICULAR)
    _titled(root, "SPEC-PC", "Conditions of Contract Part II Conditions of Particular Application, Hospital Annex")
    write_doc(root, "SPEC-PX", "2026-01-05", ANOTHER)
    _titled(root, "SPEC-PX", "Section 3 Part II Conditions of Particular Application, Fire Station")
    write_doc(root, "SPEC-GC", "2026-01-05", GENERAL_CONDITIONS)
    _titled(root, "SPEC-GC", general_title)
    write_doc(root, "SPEC-260543", "2026-01-05", DUCTS)
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM No. 2 TO THE BIDDING DOCUMENTS\n\n"
                                            "I.1 Section 26 05 43, Paragraph 2.2.A: revise \"Schedule 40\" to read \"Schedule 80\".\n\n"
                                            + item)


def test_a_clause_the_one_document_of_a_designation_holds_whose_title_the_item_writes_is_applied(tmp_path, rules):
    _two_part_twos(tmp_path, "I.2 Conditions of Contract Part II - Conditions of Particular Application, Sub-Clause 14.3: "
                             "replace \"one statement each month\" with \"one statement each month, in four copies\".\n")
    reading = read_project(tmp_path, rules)
    # (before: proposed, "Part II fits 2 documents ...; of those, only SPEC-PC holds Sub-Clause 14.3")
    assert ("SPEC-PC#14.3", "partial", True) in _applied(reading)


def test_a_clause_another_holder_titled_with_the_items_words_holds_too_stays_proposed(tmp_path, rules):
    _two_part_twos(tmp_path, "I.2 Conditions of Contract Part II - Conditions of Particular Application, Sub-Clause 14.3: "
                             "replace \"one statement each month\" with \"one statement each month, in four copies\".\n",
                   general_title="Conditions of Contract Part II Amendments to the General Conditions, Hospital Annex")
    reading = read_project(tmp_path, rules)
    # (the amendments to the general conditions, titled "Conditions of Contract Part II" too, hold a 14.3: which
    # is meant is for a person)
    assert not any(target.endswith("#14.3") for target, _, _ in _applied(reading))
    assert ("SPEC-PC#14.3", "partial", True) in _proposed(reading)


def test_a_designation_and_title_alone_on_a_line_heads_the_clauses_below_it(tmp_path, rules):
    start_project(tmp_path, "round-45-designation-heading")
    write_doc(tmp_path, "SPEC-TS", "2026-01-05", "2.1 Masts. Galvanised steel masts 6 m high.\n\n"
                                                 "2.2 Sensors. A radar level sensor.\n\n3.1 Training. Two days.\n")
    _titled(tmp_path, "SPEC-TS", "Section VI Technical Specifications, River Gauging Stations")
    write_doc(tmp_path, "SPEC-SW", "2026-01-05", "2.1 Staff. A resident engineer.\n\n2.2 Vehicles. One pickup.\n")
    _titled(tmp_path, "SPEC-SW", "Scope of Works, Road Maintenance Depot")
    write_doc(tmp_path, "SPEC-260543", "2026-01-05", DUCTS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "AMENDMENT No. 1\n\nThe Bidding Documents are amended as set out below.\n\n"
              "Section 26 05 43, Paragraph 2.2.A: revise \"Schedule 40\" to read \"Schedule 80\".\n\n"
              "Section VI. Technical Specifications\n\n"
              "Clause 2.2: delete \"radar\" and insert \"radar or pressure\".\n\n"
              "Clause 3.1: delete in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: the designation's line was a paragraph, and each clause proposed in the likeliest holder)
    assert {("SPEC-TS#2.2", "partial", True), ("SPEC-TS#3.1", "full", False)} <= _applied(reading)


def test_a_reference_field_over_an_update_field_instructs_wherever_it_stands(tmp_path, rules):
    start_project(tmp_path, "round-45-reference-update")
    write_doc(tmp_path, "SPEC-SOW", "2026-01-05", "EXHIBIT 2 - SCOPE OF SERVICES\n\nSECTION 4 - INSPECTIONS\n\n"
                                                  "4.1 Frequency. Each culvert is inspected once a year.\n\n"
                                                  "4.2 Reports. A report is sent within 30 days of the inspection.\n")
    _titled(tmp_path, "SPEC-SOW", "Exhibit 2 Scope of Services, Culvert Inspection Services")
    write_doc(tmp_path, "SPEC-260543", "2026-01-05", DUCTS)
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "INVITATION TO NEGOTIATE ADDENDUM #2                                        May 3, 2026\n\n"
              "Subject: This Addendum amends Exhibit 2, Scope of Services, and Section 26 05 43.\n\n"
              "REFERENCE: Page 14, Exhibit 2, Scope of Services, Section 4.2, Reports\n"
              'CHANGE: Replace "within 30 days" with "within 14 days".\n\n'
              "REFERENCE: Section 26 05 43, Paragraph 2.2.A\n"
              'UPDATE: Revise "Schedule 40" to read "Schedule 80".\n')
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "a paragraph of the addendum's preamble, under no heading")
    assert {("SPEC-SOW#4.2", "partial", True), ("SPEC-260543#2.2.A", "partial", True)} <= _applied(reading)


def _agreement(root: Path, items: str) -> None:
    start_project(root, "round-45-agreement")
    agreement = ("1 SERVICES\n\n1.1 Scope. The Engineer reviews the bids.\n\n1.2 Meetings. The Engineer attends the "
                 "pre-bid meeting.\n\n2 FEE\n\n2.1 Fee. Six percent of the construction cost.\n\n"
                 "2.2 Expenses. Travel is paid at cost.\n")
    write_doc(root, "SPEC-AGR", "2026-01-05", agreement)
    _titled(root, "SPEC-AGR", "Exhibit D Interim Agreement for Engineering Services during Bidding")
    # (another document numbers its clauses the same way: the number alone says nothing)
    write_doc(root, "SPEC-SOW", "2026-01-05", "2 DEVICES\n\n2.1 Terminals. Ten terminals.\n\n2.2 Printers. Two printers.\n")
    _titled(root, "SPEC-SOW", "Exhibit B Statement of Work, Ferry Ticketing System")
    write_doc(root, "ADD-01", "2026-02-02",
              "AMENDMENT NO. 1 TO\nINTERIM AGREEMENT FOR ENGINEERING SERVICES DURING BIDDING\n\n"
              "The parties agree as follows:\n\n" + items)


def test_a_clause_of_the_agreement_the_addendum_is_headed_with_is_applied_by_its_short_title(tmp_path, rules):
    _agreement(tmp_path, "4. Paragraph 2.1 of the Interim Agreement is hereby amended to read as follows:\n\n"
                         "    2.1 Fee. Five percent of the construction cost.\n\n"
                         "5. Paragraph 2.2 of the Interim Agreement is hereby deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "the target is named by its title alone ... a title never applies by itself")
    assert {("SPEC-AGR#2.1", "full", True), ("SPEC-AGR#2.2", "full", False)} <= _applied(reading)
    assert not any(target.startswith("SPEC-SOW") for target, _, _ in _applied(reading))
