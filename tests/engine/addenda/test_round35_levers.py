"""General levers of applied recall found in round 35 (issue 21), each measured across every part of
the set from real owners' forms with no wrong applied edge. A clause of a document named by its title
written word for word as that document's own (letter case, punctuation and the labels and number
before it aside), and as no other document's, is placed as surely as by the document's number: the
item's change is applied (the title's score kept on the reference). A title that only comes close (its
words in another order) still only proposes, and so does a document so named with no clause of it.
A clause of no named document, held by one document of the project alone, is applied where the
addendum names that document by a title clearing the cutoff and names no other."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.addenda.references import find_references

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

INTERIOR = ("SECTION 09 91 23 - INTERIOR PAINTING\n\nPART 2 - PRODUCTS\n\n2.1 PAINT\n\nA. Walls: two coats of latex.\n\n"
            "B. Doors: two coats of enamel.\n")
EXTERIOR = "SECTION 09 91 13 - EXTERIOR PAINTING\n\nPART 2 - PRODUCTS\n\n2.1 PAINT\n\nA. Siding: two coats of acrylic.\n"


def _titled(root: Path, doc: str, title: str) -> None:
    """Give ``doc`` its own title in front matter (``write_doc`` writes "Document <id>")."""
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def _painting(root: Path, addendum: str) -> None:
    start_project(root, "round-35")
    write_doc(root, "SPEC-099123", "2026-01-05", INTERIOR)
    _titled(root, "SPEC-099123", "Section 09 91 23 Interior Painting")
    write_doc(root, "SPEC-099113", "2026-01-05", EXTERIOR)
    _titled(root, "SPEC-099113", "Section 09 91 13 Exterior Painting")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_ingest_applies_a_change_to_a_document_named_by_its_exact_title(tmp_path):
    from inforce.engine import Project

    _painting(tmp_path, "ADDENDUM NO. 1\n\nSPECIFICATIONS\n\n"
                        '1. Interior Painting, paragraph 2.1.A: delete "two coats" and substitute "three coats".\n')
    result = Project.ingest(tmp_path)
    # (before: proposed, "the target is named by its title alone ...: a title never applies by itself")
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {("SPEC-099123#2.1.A", "partial", True)}
    assert not result.proposed


def test_a_title_written_in_capitals_after_its_label_is_exact(tmp_path, rules):
    _painting(tmp_path, "ADDENDUM NO. 1\n\nSPECIFICATIONS\n\n"
                        '1. Section INTERIOR PAINTING, paragraph 2.1.B: delete "two coats" and substitute '
                        '"three coats".\n')
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-099123#2.1.B", "partial", True)}
    assert not reading.proposed


def test_a_title_close_to_but_not_word_for_word_one_documents_title_still_only_proposes(tmp_path, rules):
    # its words in another order: rapidfuzz's token_sort_ratio scores 100, yet it is not the title as written
    _painting(tmp_path, "ADDENDUM NO. 1\n\nSPECIFICATIONS\n\n"
                        '1. Painting Interior, paragraph 2.1.A: delete "two coats" and substitute "three coats".\n')
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-099123#2.1.A", "partial", True) in _proposed(reading)


def test_a_title_two_documents_share_names_neither_by_number(tmp_path, rules):
    from inforce.engine.addenda.references import Corpus
    from inforce.engine.derivation import TargetDirectory

    directory = TargetDirectory()
    directory.add_entry("SPEC-A", "specification", "Section 09 91 23 Interior Painting")
    directory.add_entry("SPEC-B", "specification", "Section 09 91 24 Interior Painting")
    directory.add_entry("SPEC-C", "specification", "Section 09 91 13 Exterior Painting")
    corpus = Corpus(directory, paths=lambda doc: [])
    shared = [r for r in find_references("Revise the Interior Painting section as follows.", corpus) if r.kind == "title"]
    assert shared and all(not r.exact and not r.by_number for r in shared)
    (one,) = [r for r in find_references("Revise the Exterior Painting section as follows.", corpus) if r.kind == "title"]
    assert one.exact and one.score == 100.0
    assert not one.by_number  # the document alone, no clause of it: what of it changes is for a proposal


TIDE = ("TECHNICAL SPECIFICATIONS\n\n3.4 Experience. The Supplier has completed one similar contract within the last "
        "three years.\n\n3.5 Warranty. Two years from acceptance.\n")


def _tide(root: Path, lead: str) -> None:
    start_project(root, "round-35")
    write_doc(root, "SPEC-TS", "2026-01-05", TIDE)
    _titled(root, "SPEC-TS", "Technical Specifications for Tide Gauge Stations")
    write_doc(root, "SPEC-099113", "2026-01-05", EXTERIOR)
    _titled(root, "SPEC-099113", "Section 09 91 13 Exterior Painting")
    write_doc(root, "ADD-01", "2026-02-02", f"BID BULLETIN NO. 2\n\n{lead}\n\n"
              '1. Clause 3.4 is amended by deleting "three years" and substituting "five years".\n')


def test_a_clause_of_no_named_document_is_applied_where_the_addendum_names_its_one_holder_by_title(tmp_path, rules):
    _tide(tmp_path, 'The following changes are made to the "Technical Specifications for Tide Gauge Stations":')
    reading = read_project(tmp_path, rules)
    # (before: proposed, "names Clause 3.4, but no section it belongs to: SPEC-TS is the one document of
    # the project holding clause 3.4, for a person to confirm")
    assert _applied(reading) == {("SPEC-TS#3.4", "partial", True)}
    assert not any(p.target.format() == "SPEC-TS#3.4" for p in reading.proposed)


def test_a_clause_of_no_named_document_stays_proposed_where_the_addendum_names_no_document(tmp_path, rules):
    _tide(tmp_path, "The following changes are made to the bidding documents:")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert ("SPEC-TS#3.4", "partial", True) in _proposed(reading)
