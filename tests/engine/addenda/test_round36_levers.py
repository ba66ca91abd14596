"""General levers of applied recall found in round 36 (issue 21), each measured across every part of
the set from real owners' forms with no wrong applied edge. A clause of no named document ("Clause
5.10.1 is amended ..."), held by one document of the project alone, is applied where the addendum
names two or more clauses that this document, and no other, holds, and names other documents of the
project but never that one: the clauses agreeing on one document say which document the addendum
changes. One such clause alone still only proposes (it may belong to a document the project lacks), and
so do the clauses of an addendum naming no document of the project, or naming their holder beside
another (the guards of rounds 27 and 34), a clause two documents hold, a clause named only as the place new text goes ("inserted after
clause 5.12.1"), a clause restated "to read:" in words not opening with its number, and a reading the
gate settles otherwise than the proposal did. A clause of a document named by a title that only comes
close ("Paragraph 1.2 of the Interim Agreement" under the agreement's full title) is placed as by the
document's number on the same evidence: that document alone holds it and two or more of the clauses the
addendum names."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONDITIONS = ("SPECIAL CONDITIONS\n\n5.10.1 Clearances. Keep 1.5 m clear of the quay edge.\n\n"
              "5.12.1 Working Hours. Work on Site from 7:00 am to 6:00 pm on Working Days.\n\n"
              "6.6.1 Bonus. A bonus of 2,000 dollars a day for early completion.\n\n"
              "8.1.1 Services. Locate all buried services before digging.\n")
PAINTING = "SECTION 09 91 13 - EXTERIOR PAINTING\n\nPART 2 - PRODUCTS\n\n2.1 PAINT\n\nA. Siding: two coats of acrylic.\n"


def _project(root: Path, addendum: str, *, second_holder: bool = False) -> None:
    start_project(root, "round-36")
    write_doc(root, "SPEC-SC", "2026-01-05", CONDITIONS)
    path = root / "documents" / "spec-sc.md"
    path.write_text(path.read_text().replace("title: Document SPEC-SC", "title: Special Conditions of Contract"))
    write_doc(root, "SPEC-099113", "2026-01-05", PAINTING)
    if second_holder:  # another document numbering its clauses the same way
        write_doc(root, "SPEC-GC", "2026-01-05", "GENERAL CONDITIONS\n\n5.10.1 Access. Keep the gate shut.\n\n"
                                                 "6.6.1 Delay. Notify delays within 5 days.\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


SEVERAL = ("ADDENDUM NO. 2\n\n"
           '(a) Clause 5.10.1 is amended by deleting "1.5 m" and substituting "1.2 m".\n\n'
           "(b) Clause 6.6.1 is revoked.\n\n"
           '(c) Section 09 91 13, paragraph 2.1.A: delete "acrylic" and substitute "elastomeric".\n')


def test_ingest_applies_clauses_of_no_named_document_that_one_document_alone_holds(tmp_path):
    from inforce.engine import Project

    _project(tmp_path, SEVERAL)
    result = Project.ingest(tmp_path)
    derived = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (before: both proposed, "names Clause 5.10.1, but no section it belongs to: SPEC-SC is the one
    # document of the project holding clause 5.10.1, for a person to confirm", the addendum naming
    # Section 09 91 13 too)
    assert {("SPEC-SC#5.10.1", "partial", True), ("SPEC-SC#6.6.1", "full", False)} <= derived
    assert ("SPEC-099113#2.1.A", "partial", True) in derived
    assert not any(p.target.doc == "SPEC-SC" for p in result.proposed)


def test_clauses_of_an_addendum_naming_no_document_of_the_project_still_only_propose(tmp_path, rules):
    # (the addendum may be about a document the project lacks, numbered the same way)
    _project(tmp_path, "ADDENDUM NO. 2\n\n"
                       '(a) Clause 5.10.1 is amended by deleting "1.5 m" and substituting "1.2 m".\n\n'
                       '(b) Clause 8.1.1 is amended by inserting, after "services", the words "and cables".\n')
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert {("SPEC-SC#5.10.1", "partial", True), ("SPEC-SC#8.1.1", "partial", True)} <= _proposed(reading)


def test_one_clause_alone_of_no_named_document_still_only_proposes(tmp_path, rules):
    _project(tmp_path, "ADDENDUM NO. 2\n\n(a) Clause 6.6.1 is revoked.\n\n"
                       '(b) Section 09 91 13, paragraph 2.1.A: delete "acrylic" and substitute "elastomeric".\n')
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-099113#2.1.A", "partial", True)}
    assert ("SPEC-SC#6.6.1", "full", False) in _proposed(reading)


def test_a_clause_two_documents_hold_still_only_proposes(tmp_path, rules):
    _project(tmp_path, SEVERAL, second_holder=True)
    reading = read_project(tmp_path, rules)
    assert not any(target.startswith(("SPEC-SC", "SPEC-GC")) for target, _, _ in _applied(reading))


def test_a_clause_named_as_the_place_new_text_goes_is_not_what_changes(tmp_path, rules):
    _project(tmp_path, "ADDENDUM NO. 2\n\n"
                       '(a) Clause 5.10.1 is amended by deleting "1.5 m" and substituting "1.2 m".\n\n'
                       '(b) The following clause is inserted after clause 5.12.1: "5.12.2 Noise. Keep noise '
                       'below the limits of the bylaw."\n\n'
                       '(c) Section 09 91 13, paragraph 2.1.A: delete "acrylic" and substitute "elastomeric".\n')
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SC#5.10.1", "partial", True) in _applied(reading)
    assert not any(target == "SPEC-SC#5.12.1" for target, _, _ in _applied(reading))


def test_a_clause_restated_to_read_in_words_not_opening_with_its_number_still_only_proposes(tmp_path, rules):
    _project(tmp_path, "ADDENDUM NO. 2\n\n"
                       '(a) Clause 5.10.1 is amended by deleting "1.5 m" and substituting "1.2 m".\n\n'
                       "(b) Clause 6.6.1: update the table to read:\n\n"
                       "| CLAUSE | DATA |\n|---|---|\n| 6.6.1 | A bonus of 3,000 dollars a day. |\n\n"
                       '(c) Section 09 91 13, paragraph 2.1.A: delete "acrylic" and substitute "elastomeric".\n')
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SC#5.10.1", "partial", True) in _applied(reading)
    assert not any(target == "SPEC-SC#6.6.1" for target, _, _ in _applied(reading))


AGREEMENT = ("INTERIM AGREEMENT\n\n1.2 Meetings. The Architect attends the weekly site meeting.\n\n"
             "2.1 Fee. Not more than 7 percent of the construction cost.\n\n2.4 Term. Two years from signing.\n")


def _agreement(root: Path, addendum: str) -> None:
    start_project(root, "round-36")
    write_doc(root, "SPEC-IA", "2026-01-05", AGREEMENT)
    path = root / "documents" / "spec-ia.md"
    path.write_text(path.read_text().replace("title: Document SPEC-IA",
                                             "title: Exhibit E Interim Agreement for Architectural Services During Construction"))
    write_doc(root, "SPEC-099113", "2026-01-05", PAINTING)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_clauses_of_a_document_named_by_a_title_that_only_comes_close_are_applied_where_it_alone_holds_them(tmp_path, rules):
    _agreement(tmp_path, "ADDENDUM NO. 1 TO\nINTERIM AGREEMENT FOR ARCHITECTURAL SERVICES DURING CONSTRUCTION\n\n"
                         '1. Paragraph 1.2 of the Interim Agreement is hereby amended by adding at its end: "The '
                         'Architect also attends the monthly board meeting."\n\n'
                         "2. Paragraph 2.4 of the Interim Agreement is hereby deleted in its entirety.\n")
    reading = read_project(tmp_path, rules)
    # (before: proposed, 'the target is named by its title alone ("Paragraph 1.2", score ...): a title
    # never applies by itself')
    assert _applied(reading) == {("SPEC-IA#1.2", "partial", True), ("SPEC-IA#2.4", "full", False)}


def test_one_clause_of_a_document_named_by_a_title_that_only_comes_close_still_only_proposes(tmp_path, rules):
    _agreement(tmp_path, "ADDENDUM NO. 1 TO\nINTERIM AGREEMENT FOR ARCHITECTURAL SERVICES DURING CONSTRUCTION\n\n"
                         "2. Paragraph 2.4 of the Interim Agreement is hereby deleted in its "
                         "entirety.\n")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-IA#2.4", "full", False) in _proposed(reading)
