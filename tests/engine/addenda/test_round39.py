"""General levers of applied recall found in round 39 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A heading that names a part of one document by its number and its title ("Section 2 - Materials") over
  items that open with a clause of that part by number and title ("3. 2.2 Asphalt - delete ..."): the
  clause, in the one document of the project whose outline has that part and that clause under those very
  titles, read as any placed provision (applied where the gate reads it). Two documents agreeing on all of
  it, or a part title no document has, leave it reported.
- A clause of no named document that two documents hold, the items beside it narrowing it to one: judged
  for applying on the same narrowing (``_clause_holders`` with the neighbouring items) that proposed it."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


GROUNDS = ("GROUNDS WORK - PLAYFIELD FENCING\n\nSECTION 1 - GENERAL\n\n1.1 Site. The playfield north of the gym.\n\n"
           "1.2 Hours. Work between 8:00 am and 4:00 pm on school days.\n\n"
           "SECTION 2 - MATERIALS\n\n2.1 Posts. Galvanized steel posts, 2-1/2 inch.\n\n"
           "2.2 Fabric. Chain link fabric, 9 gauge, 2 inch mesh.\n\n2.3 Gates. Two swing gates, 12 feet.\n\n"
           "SECTION 3 - EXECUTION\n\n3.1 Layout. Stake the fence line before digging.\n\n"
           "3.2 Footings. Concrete footings 10 inches across and 36 inches deep.\n")
# (another document of the project numbering its clauses the same way, its parts otherwise titled)
LIGHTING = ("SITE LIGHTING\n\nPART 1 - GENERAL\n\n1.1 Scope. Pole lights at the parking lot.\n\n"
            "1.2 Hours. Work after 3:30 pm only.\n\n"
            "PART 2 - PRODUCTS\n\n2.1 Poles. Aluminium, 20 feet.\n\n2.2 Fabric. Not used.\n\n"
            "PART 3 - EXECUTION\n\n3.1 Layout. Set out poles from the survey.\n\n3.2 Footings. Precast bases.\n")

PARTS = ('1. The bid opening is moved to May 4.\n\nSection 2 - Materials\n\n'
         '2. 2.2 Fabric - delete in its entirety and substitute: "2.2 Fabric. Chain link fabric, 6 gauge, vinyl coated."\n\n'
         "Section 3 - Execution\n\n"
         "3. 3.2 Footings: the footing depth is changed from 36 inches to 42 inches.\n")


def _parts_project(root: Path, changes: str = PARTS, *, twin: bool = False) -> None:
    start_project(root, "round-39-parts")
    write_doc(root, "SPEC-GRD", "2026-01-05", GROUNDS)
    _titled(root, "SPEC-GRD", "Grounds Work, Playfield Fencing")
    write_doc(root, "SPEC-LTG", "2026-01-05", LIGHTING)
    _titled(root, "SPEC-LTG", "Site Lighting")
    if twin:  # a second statement of work with parts and clauses titled the same
        write_doc(root, "SPEC-GRD2", "2026-01-05", GROUNDS.replace("PLAYFIELD", "TENNIS COURT"))
        _titled(root, "SPEC-GRD2", "Grounds Work, Tennis Court Fencing")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 2\n\n{changes}")


def test_ingest_applies_clauses_under_a_heading_naming_their_part_by_number_and_title(tmp_path):
    from inforce.engine import Project

    _parts_project(tmp_path)
    result = Project.ingest(tmp_path)
    derived = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (before: each reported, 'changes what its heading names ("Section 2"), which no reference notation
    # of the pack places'; SPEC-LTG holds a 2.2 and a 3.2 too, under parts titled otherwise)
    assert {("SPEC-GRD#2.2", "full", True), ("SPEC-GRD#3.2", "partial", True)} <= derived
    assert not any(e.target.doc == "SPEC-LTG" for e in result.derived)


def test_a_part_two_documents_title_alike_leaves_the_clause_unapplied(tmp_path, rules):
    _parts_project(tmp_path, twin=True)
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-GRD") for target, _, _ in _applied(reading))
    assert any("Section 2" in str(n.reason) for n in reading.not_understood)


def test_a_part_title_no_document_has_leaves_the_clause_unapplied(tmp_path, rules):
    _parts_project(tmp_path, PARTS.replace("Section 2 - Materials", "Section 2 - Supplies"))
    reading = read_project(tmp_path, rules)
    assert ("SPEC-GRD#2.2", "full", True) not in _applied(reading)
    assert ("SPEC-GRD#3.2", "partial", True) in _applied(reading)


def test_a_clause_titled_otherwise_than_the_document_titles_it_is_not_applied(tmp_path, rules):
    _parts_project(tmp_path, PARTS.replace("2. 2.2 Fabric - delete", "2. 2.2 Netting - delete"))
    reading = read_project(tmp_path, rules)
    assert ("SPEC-GRD#2.2", "full", True) not in _applied(reading)


BRIDGE = ("4.0 SPECIFICATIONS\n\n4.1 GENERAL\n\n4.1.1 Location. The creek crossing at the boat ramp.\n\n"
          "4.1.2 Site Access. Plant enters from the west road only.\n\n4.2 CONCRETE\n\n"
          "4.2.1 Strength. Deck concrete of 32 MPa at 28 days.\n\n4.2.2 Cover. Cover of 45 mm to all bars.\n\n"
          "4.3 SURFACING\n\n4.3.1 Surfacing. Chip seal on the approaches.\n")
# (another document holding 4.2.1 and 4.2.2, none of the clauses beside them)
MARINE = "MARINE WORKS\n\n4.2 PILING\n\n4.2.1 Piles. Steel tube piles.\n\n4.2.2 Bracing. Welded bracing.\n"

NEIGHBOURS = ("SPECIFICATION CHANGES\n\n"
              '1. Clause 4.1.2 Site Access: add "Plant may also enter from the east gate."\n\n'
              '2. Clause 4.2.1: amend "32 MPa" to "40 MPa".\n\n'
              '3. Clause 4.3.1 Surfacing: no change.\n\n'
              'DRAWINGS\n\n4. Drawing C-201 is reissued at revision 1.\n')


def _neighbours_project(root: Path, changes: str = NEIGHBOURS) -> None:
    start_project(root, "round-39-neighbours")
    write_doc(root, "SPEC-BRG", "2026-01-05", BRIDGE)
    _titled(root, "SPEC-BRG", "Footbridge Specifications")
    write_doc(root, "SPEC-MAR", "2026-01-05", MARINE)
    _titled(root, "SPEC-MAR", "Marine Works Requirements")
    write_sheet(root, "C-201", body="GENERAL NOTES\n\n3. Clear height 12 FEET.\n")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 1\n\n{changes}")


def test_a_clause_its_neighbours_narrow_to_one_holder_is_applied_on_that_narrowing(tmp_path, rules):
    _neighbours_project(tmp_path)
    reading = read_project(tmp_path, rules)
    # (before: proposed, "SPEC-BRG is the one document of the project holding clause 4.2.1", yet judged
    # for applying against every holder, SPEC-MAR too)
    assert ("SPEC-BRG#4.2.1", "partial", True) in _applied(reading)
    assert not any(target.startswith("SPEC-MAR") for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_clause_with_no_neighbour_to_narrow_it_still_only_proposes(tmp_path, rules):
    # (each clause under a heading of its own: nothing beside 4.2.1 says which of SPEC-BRG and SPEC-MAR)
    _neighbours_project(tmp_path, NEIGHBOURS.replace("2. Clause 4.2.1", "CONCRETE\n\n2. Clause 4.2.1").replace(
        "3. Clause 4.3.1", "SURFACING\n\n3. Clause 4.3.1"))
    reading = read_project(tmp_path, rules)
    assert ("SPEC-BRG#4.1.2", "partial", True) in _applied(reading)
    assert not any(target.endswith("#4.2.1") for target, _, _ in _applied(reading))
