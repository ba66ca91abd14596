"""General levers of applied recall found in round 38 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge. An addendum that names no document of the project by
number, but whose heading names one by a title that comes close ("AMENDMENT No. 1 TO THE PARTICULAR
CONDITIONS OF CONTRACT (SCHEDULE TWO)" for "Particular Conditions of Contract Schedule Two Quay Works":
every word the heading writes of a title is in that one, and no other title of the project comes as
close), has its clauses of no named document applied where that document alone of the project holds
them and two or more of the clauses the addendum names (as round 36 applies them where the addendum names
other documents by number and never that one). The heading naming no document, a title two documents
come as close to, or one clause alone still only propose. And a clause under a heading of its own that
comes close to one document's title ahead of every other ("2. Particular Conditions of Contract (Schedule
Two)" over "Clause 7.7.1 Retention: deleted.") is applied in that document where it holds the clause,
however many other documents hold a clause so numbered and whatever else the addendum names: the heading
says which document, the clause number that it is there; a heading two titles come as close to, or none,
leaves it proposed."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONDITIONS = ("PARTICULAR CONDITIONS\n\n5.11.1 Access. Keep the quay gate locked outside working hours.\n\n"
              "5.13.1 Working Hours. Work from 6:30 am to 5:30 pm on Working Days.\n\n"
              "7.7.1 Retention. Five percent of each payment is retained.\n")
OTHER = ("GENERAL CONDITIONS\n\n1.1 Definitions. Words have the meanings given here.\n\n"
         "2.2 Notices. Notices are given in writing.\n")

HEADING = "AMENDMENT No. 1 TO THE PARTICULAR CONDITIONS OF CONTRACT (SCHEDULE TWO)"
CHANGES = ('(a) Clause 5.11.1 is amended by deleting "locked" and substituting "locked and lit".\n\n'
           "(b) Clause 7.7.1 is revoked.\n")


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def _project(root: Path, heading: str, changes: str = CHANGES, *, near_twin: bool = False) -> None:
    start_project(root, "round-38")
    write_doc(root, "SPEC-PCC", "2026-01-05", CONDITIONS)
    _titled(root, "SPEC-PCC", "Particular Conditions of Contract Schedule Two Quay Works")
    write_doc(root, "SPEC-GCC", "2026-01-05", OTHER)
    _titled(root, "SPEC-GCC", "General Conditions of Contract for Quay Works")
    if near_twin:  # a second schedule of the same contract, its title as close to the heading
        write_doc(root, "SPEC-PCC1", "2026-01-05", "PARTICULAR CONDITIONS\n\n1.4.2 Language. English.\n")
        _titled(root, "SPEC-PCC1", "Particular Conditions of Contract Schedule Two Slipway Works")
    write_doc(root, "ADD-01", "2026-02-02", f"HARBOUR WORKS UNIT\n\n{heading}\n\n{changes}")


def test_ingest_applies_clauses_under_a_heading_naming_their_one_holder_by_a_close_title(tmp_path):
    from inforce.engine import Project

    _project(tmp_path, HEADING)
    result = Project.ingest(tmp_path)
    derived = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (before: both proposed, "names Clause 5.11.1, but no section it belongs to: SPEC-PCC is the one
    # document of the project holding clause 5.11.1, for a person to confirm": the addendum names no
    # document of the project by number, and its heading's title only comes close)
    assert {("SPEC-PCC#5.11.1", "partial", True), ("SPEC-PCC#7.7.1", "full", False)} <= derived
    assert not any(p.target.doc == "SPEC-PCC" for p in result.proposed)


def test_clauses_under_a_heading_naming_no_document_still_only_propose(tmp_path, rules):
    _project(tmp_path, "AMENDMENT No. 1 TO THE TENDER")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert {("SPEC-PCC#5.11.1", "partial", True), ("SPEC-PCC#7.7.1", "full", False)} <= _proposed(reading)


def test_clauses_under_a_heading_two_titles_come_as_close_to_still_only_propose(tmp_path, rules):
    _project(tmp_path, HEADING, near_twin=True)
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-PCC#5.11.1", "partial", True) in _proposed(reading)


def test_one_clause_under_a_heading_naming_its_holder_by_a_close_title_still_only_proposes(tmp_path, rules):
    _project(tmp_path, HEADING, "(b) Clause 7.7.1 is revoked.\n")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-PCC#7.7.1", "full", False) in _proposed(reading)


def test_clauses_under_a_heading_naming_their_holder_closely_are_applied_as_read(tmp_path, rules):
    _project(tmp_path, HEADING)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-PCC#5.11.1", "partial", True), ("SPEC-PCC#7.7.1", "full", False)}


PAINTING = "SECTION 09 91 13 - EXTERIOR PAINTING\n\nPART 2 - PRODUCTS\n\n2.1 PAINT\n\nA. Siding: two coats of acrylic.\n"
GENERAL = ("GENERAL CONDITIONS\n\n5.11.1 Access. The Employer gives access to the Site.\n\n"
           "7.7.1 Retention. Ten percent of each payment is retained.\n")


def _headed(root: Path, heading: str, *, near_twin: bool = False) -> None:
    """The addendum names a section by number under one heading and, under another, clauses that two
    documents of the project hold, the heading naming one of them by a title that comes close."""
    start_project(root, "round-38-headed")
    write_doc(root, "SPEC-PCC", "2026-01-05", CONDITIONS)
    _titled(root, "SPEC-PCC", "Particular Conditions of Contract Schedule Two Quay Works")
    write_doc(root, "SPEC-GCC", "2026-01-05", GENERAL)
    _titled(root, "SPEC-GCC", "General Conditions of Contract for Quay Works")
    if near_twin:
        write_doc(root, "SPEC-PCC1", "2026-01-05", "PARTICULAR CONDITIONS\n\n1.4.2 Language. English.\n")
        _titled(root, "SPEC-PCC1", "Particular Conditions of Contract Schedule Two Slipway Works")
    write_doc(root, "SPEC-099113", "2026-01-05", PAINTING)
    write_doc(root, "ADD-01", "2026-02-02",
              "ADDENDUM NO. 3\n\nThe tender documents are amended as follows.\n\n"
              '1. Section 09 91 13 - Exterior Painting\n\nParagraph 2.1.A: delete "acrylic" and substitute '
              f'"elastomeric".\n\n2. {heading}\n\n'
              'Clause 5.11.1 Access: delete "locked" and substitute "locked and lit".\n\n'
              "Clause 7.7.1 Retention: deleted.\n")


def test_ingest_applies_a_clause_two_documents_hold_under_a_heading_naming_one_by_a_close_title(tmp_path):
    from inforce.engine import Project

    _headed(tmp_path, "Particular Conditions of Contract (Schedule Two)")
    result = Project.ingest(tmp_path)
    derived = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (before: proposed, the addendum naming Section 09 91 13 by number and the heading's title only
    # coming close; clause 7.7.1 is SPEC-GCC's too)
    assert {("SPEC-PCC#5.11.1", "partial", True), ("SPEC-PCC#7.7.1", "full", False)} <= derived
    assert ("SPEC-099113#2.1.A", "partial", True) in derived
    assert not any(e.target.doc == "SPEC-GCC" for e in result.derived)


def test_a_clause_under_a_heading_two_titles_come_as_close_to_still_only_proposes(tmp_path, rules):
    _headed(tmp_path, "Particular Conditions of Contract (Schedule Two)", near_twin=True)
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith("SPEC-PCC") for target, _, _ in _applied(reading))


def test_a_clause_under_a_heading_naming_no_title_still_only_proposes(tmp_path, rules):
    _headed(tmp_path, "Conditions")
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith(("SPEC-PCC", "SPEC-GCC")) for target, _, _ in _applied(reading))
