"""Round 71 of issue 21, from held-out-60's misses, each form in words and numbers of our own.

- A revision register's row whose "Clause" column holds a clause numbered after its section's
  letter ("| B2.1 | Sub-clause amended: ..."), under a line naming that section, is read as
  "Clause B2.1" written in a sentence is (``context._row_text``): the clause is the target, never
  the section whole and never nothing.
- A dotted item set after a comma that follows a document's name ("Section IV. Technical
  Specifications, Item 3.1 is amended to read") is that document's item (``references._PARAGRAPH_WORD``);
  an addendum numbers its own items at the start of their lines, never after a comma.
- An answer changing a dotted item of no named document ("No. Item 3.1 is amended to read ...")
  is proposed in the document the bulletin's words make likeliest, as a clause so named is
  (``steps._unplaceable``), never applied and never only reported.
"""

from __future__ import annotations

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

#: A water authority's particular specification, "Part B", its clauses numbered after the part's letter.
_PART_B = ("PART B - PARTICULAR SPECIFICATION\n\nB1 GENERAL\n\nThe Works are a pump station upgrade.\n\n"
           "B2 SITE ACCESS\n\nB2.1 Gates\n\nThe east gate shall be locked outside working hours.\n\n"
           "B2.2 Parking\n\nContractor's vehicles shall park in the north yard.\n\n"
           "B3 TESTING\n\nB3.1 Pressure Test\n\nMains shall be tested at 1.5 times working pressure for 2 hours.\n\n"
           "B3.2 Records\n\nTest records shall be given to the Superintendent within 3 days.\n")


def _project(tmp_path):
    start_project(tmp_path, "round-71-register")
    write_doc(tmp_path, "SPEC-PB", "2027-03-01", _PART_B, kind="specification",
              title="Part B Particular Specification, Pump Station 4 Upgrade")
    return tmp_path


def test_a_revision_registers_lettered_clause_column_names_each_rows_clause(tmp_path, rules):
    project = _project(tmp_path)
    write_doc(project, "ADD-01", "2027-04-12", "ADDENDUM No. 3\n\n"
              "Part B - Particular Specification. Register of revisions:\n\n"
              "| Clause | Revision |\n|---|---|\n"
              '| B2.1 | Sub-clause amended: "outside working hours" changed to "between 6 pm and 6 am". |\n'
              "| B2.2 | Sub-clause replaced by the attached revised page 2 of Part B. |\n"
              "| B3.2 | Sub-clause deleted. |\n", kind="addendum", title="Addendum")
    reading = read_project(project, rules)
    assert applied(reading) == {("SPEC-PB#B2.1", "partial", True), ("SPEC-PB#B2.2", "full", True),
                                ("SPEC-PB#B3.2", "full", False)}
    assert not {t for t, _, _ in proposed(reading)} & {"SPEC-PB", "SPEC-PB#B2.1", "SPEC-PB#B2.2", "SPEC-PB#B3.2"}



#: Two tenders' technical specifications, each "Section IV", numbering their items 1.1, 2.1 ...
_LAB = ("SECTION IV. TECHNICAL SPECIFICATIONS\n\n1 FLOORING\n\n1.1 Vinyl sheet flooring, 2 mm, welded seams.\n\n"
        "2 CASEWORK\n\n2.1 Laboratory benches of epoxy resin.\n\n2.2 Wall cabinets of melamine board.\n\n"
        "3 SERVICES\n\n3.1 Gas outlets with flame-failure valves.\n")
_CLINIC = ("SECTION IV. TECHNICAL SPECIFICATIONS\n\n1 PAINTING\n\n1.1 Two coats of acrylic paint.\n\n"
           "2 DOORS\n\n2.1 Solid-core timber doors.\n\n2.2 Lever handles of stainless steel.\n\n"
           "3 SIGNS\n\n3.1 Room signs of engraved acrylic.\n")


def _two_tenders(tmp_path):
    start_project(tmp_path, "round-71-items")
    write_doc(tmp_path, "SPEC-LAB-TS", "2027-01-11", _LAB, kind="specification",
              title="Section IV Technical Specifications, Chemistry Laboratory Refit, Block C")
    write_doc(tmp_path, "SPEC-CLINIC-TS", "2027-01-11", _CLINIC, kind="specification",
              title="Section IV Technical Specifications, Outpatient Clinic Repainting and Door Renewal")


def test_a_dotted_item_after_a_documents_name_is_that_documents_item(tmp_path, rules):
    _two_tenders(tmp_path)
    write_doc(tmp_path, "ADD-01", "2027-02-08", "BID BULLETIN NO. 3\n\nCHEMISTRY LABORATORY REFIT, BLOCK C\n\n"
              'a. Section IV. Technical Specifications, Item 1.1 is amended to read: "1.1 Vinyl sheet flooring, 3 mm."\n\n'
              'b. Section IV. Technical Specifications, Item 2.1: the words "epoxy resin" are replaced by "phenolic resin".\n\n'
              "c. Section IV. Technical Specifications, Item 2.2 is deleted.\n", kind="addendum", title="Bid Bulletin")
    reading = read_project(tmp_path, rules)
    assert applied(reading) == {("SPEC-LAB-TS#1.1", "full", True), ("SPEC-LAB-TS#2.1", "partial", True),
                                ("SPEC-LAB-TS#2.2", "full", False)}


def test_an_answer_changing_a_dotted_item_of_no_named_document_is_proposed_in_the_likeliest(tmp_path, rules):
    _two_tenders(tmp_path)
    write_doc(tmp_path, "ADD-01", "2027-02-08", "BID BULLETIN NO. 4\n\nCHEMISTRY LABORATORY REFIT, BLOCK C\n\n"
              "| No. | Query | Response |\n|---|---|---|\n"
              "| 1 | Are the gas outlets in Item 3.1 to have flame-failure valves? | Yes. Item 3.1 is amended to read: "
              '"3.1 Gas outlets with flame-failure valves and an emergency shut-off at the door." |\n',
              kind="addendum", title="Bid Bulletin")
    reading = read_project(tmp_path, rules)
    assert not applied(reading)
    assert ("SPEC-LAB-TS#3.1", "full", True) in proposed(reading)
    assert "SPEC-CLINIC-TS#3.1" not in {t for t, _, _ in proposed(reading)}
