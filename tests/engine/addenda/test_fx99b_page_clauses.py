"""A tender's clause cited by its page and the document's one word ("3. Page - 8 -, Specifications, Clause 1.2: delete
...", issue 21, held-out-76): the word the title of one document of the addendum's own tender opens with
("Specifications, Tender No. ..."), that tender's number written in both, names that document; a document so titled
of another tender is not named by it. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

_SPEC = ("1 GENERAL\n\n1.1 The Work is the supply of a footbridge.\n\n1.2 Delivery shall be by May 3, 2031.\n\n"
         "2 DESIGN\n\n2.1 Design to CSA S6.\n\n2.4 Deck width shall be 2.4 m.\n")
_OTHER = "1 GENERAL\n\n1.1 The Work is the paving of Elm Street.\n\n1.2 Completion by June 1, 2031.\n"


def _read(root: Path, rules, line: str, tender: str = "2031-14"):
    start_project(root, "fx99b-page-clauses")
    write_doc(root, "SPEC-F99B-TS", "2031-02-01", _SPEC, kind="specification",
              title="Specifications, Tender No. 2031-14, Supply and Delivery of a Steel Footbridge")
    write_doc(root, "SPEC-F99B-RD", "2031-02-01", _OTHER, kind="specification",
              title="Specifications, Tender No. 2031-09, Elm Street Paving")
    head = f"TENDER NO. {tender}\n\nADDENDUM NO. 2\n\nThe following changes to the Tender documents are made:\n\n"
    write_doc(root, "ADD-F99B-03", "2031-02-20", head + line, kind="addendum", title="Addendum No. 2")
    reading = read_project(root, rules, "ADD-F99B-03")
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return applied, proposed


def test_the_documents_word_after_a_dashed_page_names_the_tenders_specifications(tmp_path, rules):
    applied, proposed = _read(tmp_path, rules, '3. Page - 6 -, Specifications, Clause 1.2: delete "May 3, 2031" and '
                                               'replace with "May 24, 2031".\n')
    assert ("SPEC-F99B-TS#1.2", "partial", True) in applied | proposed, (applied, proposed)
    assert not any(t.startswith("SPEC-F99B-RD") for t, _, _ in applied | proposed), (applied, proposed)


def test_a_plain_page_number_too(tmp_path, rules):
    # (clause 1.2 is held by both documents: the word, not the number, says which)
    applied, proposed = _read(tmp_path, rules, "4. Page 7, Specifications, Clause 1.2: revise \"May 3\" to \"May 17\".\n")
    assert ("SPEC-F99B-TS#1.2", "partial", True) in applied | proposed, (applied, proposed)
    assert not any(t.startswith("SPEC-F99B-RD") for t, _, _ in applied | proposed), (applied, proposed)


def test_another_tenders_addendum_does_not_name_it(tmp_path, rules):
    applied, proposed = _read(tmp_path, rules, '3. Page - 6 -, Specifications, Clause 1.2: delete "May 3, 2031" and '
                                               'replace with "May 24, 2031".\n', tender="2031-77")
    assert not any(t == "SPEC-F99B-TS#1.2" for t, _, _ in applied), (applied, proposed)
