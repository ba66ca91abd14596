"""Round 71 of issue 21, from held-out-60's misses, each form in words and numbers of our own.

- A revision register's row whose "Clause" column holds a clause numbered after its section's
  letter ("| B2.1 | Sub-clause amended: ..."), under a line naming that section, is read as
  "Clause B2.1" written in a sentence is (``context._row_text``): the clause is the target, never
  the section whole and never nothing.
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

