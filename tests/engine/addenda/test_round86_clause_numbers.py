"""Forms of issue 21 round 86, in words of their own. A clause named by its whole number, as an article
is ("Clause 3 (Surfacing)" in a table of amendments' place cell), is that clause: a row adding a clause
under it changes it in part, never the whole specification. A table's amended cell deleting the clause it
names by the row's own number ("Clause 2.2 is deleted. ...") deletes it, nothing put in its place. The
whole clause written before the new clause an item inserts in it ("Clause 3: insert the following new
Clause 3.3 after Clause 3.2") only says where the new clause goes, as "article 5" before "article 5.3"
does: the item is read as before the whole clause number was a reference (a guard: held-out-69 showed the
loss, this smaller corpus does not). A sub-clause ("Sub-Clause 2.2" of conditions of contract) is never
read as the clause the pack's "Clause {article}" names: a notation is not read from the second word of a
hyphened compound (round 90: held-out-23 and -37 each lost an applied edge to it)."""

from __future__ import annotations

import pytest

from addenda_reading import applied as _applied
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 9 - ROAD WORKS SPECIFICATION\n\n1 GENERAL\n\n1.1 Work on the carriageway shall be done by day.\n\n"
        "2 EARTHWORKS\n\n2.1 Topsoil shall be stripped to a depth of 150 mm.\n\n"
        "2.2 Fill shall be placed in layers not exceeding 200 mm.\n\n3 SURFACING\n\n3.1 Prime coat shall be MC-30.\n\n"
        "3.2 The binder course shall be 50 mm of asphalt concrete.\n")

OTHER = ("SCOPE OF WORK\n\n3 PAVING\n\n3.1 Grade and roll the existing gravel.\n\n"
         "3.2 Place the aggregate base 4 inches thick.\n\n3.3 Place the asphalt 3 inches thick.\n")


def _read(root, rules, addendum: str, title: str):
    start_project(root, "round-86")
    write_doc(root, "SPEC-RW9", "2026-01-05", SPEC, title=title)
    write_doc(root, "SPEC-BLD", "2026-01-05", OTHER, title="Scope of Work and Specifications, Depot Car Park Paving")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_table_row_citing_a_clause_by_its_whole_number_and_title_changes_that_clause(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM No. 2\n\n| Ref. | Part / Clause | Sheet | Original wording | Revised wording |\n|---|---|---|---|---|\n"
        "| 1 | Section 9 - Road Works Specification, Clause 3 (Surfacing) | 9-4 | - | Add new Clause 3.3: "
        "\"3.3 The wearing course shall be 40 mm of stone mastic asphalt.\" |\n"
        "| 2 | Section 9 - Road Works Specification, Clause 2.2 | 9-2 | Whole clause | Clause 2.2 is deleted. "
        "Fill is now placed to the earthworks drawings. |\n"), "Section 9 - Road Works Specification, Tender RW/9/2026")
    edges = _applied(reading)
    assert ("SPEC-RW9#3", "partial", True) in edges
    assert ("SPEC-RW9#2.2", "full", False) in edges
    assert not any(target == "SPEC-RW9" for target, _, _ in edges)
    assert ("SPEC-RW9#2.2", "full", True) not in edges


def test_a_whole_clause_before_the_new_clause_inserted_in_it_says_where_it_goes(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM No. 5\n\n1. Book 1, Section III - Tender Data: the tender validity is 120 days.\n\n"
        "2. Book 2, Section VII(B) - Particular Specifications:\n\n(i) Clause 2.1: delete \"150 mm\" and substitute \"200 mm\".\n\n"
        "(ii) Clause 3: insert the following new Clause 3.3 after Clause 3.2: \"3.3 Joints shall be cut within "
        "24 hours of laying.\"\n"), "Section VII(B) Particular Specifications, Contract No. UR/44/2026, Lot 1 - Urban Roads Package 4")
    assert ("SPEC-RW9#3", "partial", True) in _applied(reading)


CONDITIONS = ("SECTION 8 - PARTICULAR CONDITIONS OF CONTRACT\n\n1 GENERAL PROVISIONS\n\n"
              "1.1 The ruling language is English.\n\n2 THE EMPLOYER\n\n2.1 Right of access to the site shall be given "
              "on the commencement date.\n\n2.2 The Employer shall provide permits on request.\n\n"
              "3 THE ENGINEER\n\n3.1 The Engineer shall be a chartered engineer.\n")


@pytest.mark.parametrize("sub_clause", ["Sub-Clause", "Sub-clause", "sub-clause"])
def test_a_sub_clause_is_never_the_whole_numbered_clause_a_notation_names(tmp_path, rules, sub_clause):
    start_project(tmp_path, "round-90")
    write_doc(tmp_path, "SPEC-PCC8", "2026-01-05", CONDITIONS, title="Section 8 - Particular Conditions of Contract")
    write_doc(tmp_path, "ADD-01", "2026-02-02", (
        "ADDENDUM No. 3\n\nSECTION 8 - PARTICULAR CONDITIONS OF CONTRACT\n\n"
        f"(a) Add the following new {sub_clause} after {sub_clause} 2.2: \"2.3 Site Security. The Employer shall fence "
        "the compound before handing it over.\"\n\n"
        f"(b) {sub_clause} 3.1: delete \"a chartered engineer\" and substitute \"a registered engineer\".\n"))
    edges = _applied(read_project(tmp_path, rules))
    assert ("SPEC-PCC8#2.2", "partial", True) not in edges
    assert ("SPEC-PCC8#2", "partial", True) in edges
    assert ("SPEC-PCC8#3.1", "partial", True) in edges
