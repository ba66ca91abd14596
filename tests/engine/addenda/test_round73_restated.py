"""Round 73 of issue 21: an addendum that says each clause it restates takes the place of the clause
of the same number, then writes an article's paragraphs anew under a heading naming the article,
with no verb. The owner said what the restatement does: the article is replaced, applied. Without
that word, or where the clauses may only supplement their own, it stays proposed. In words and
numbers of our own."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 33 14 00 - WATER DISTRIBUTION\n\n2 PRODUCTS\n\n2.1 PIPE\n\n"
        "A. Ductile iron pipe, pressure class 350, cement-mortar lined.\n\nB. Fittings of ductile iron, 250 psi.\n\n"
        "2.2 VALVES\n\nA. Gate valves, resilient wedge, 200 psi.\n")
CLAUSES = ("SECTION 33 14 00 - 2.1 PIPE\n\n"
           "A. Ductile iron pipe, pressure class 250, cement-mortar lined, push-on joints.\n\n"
           "B. Fittings of ductile iron, 350 psi, mechanical joints.\n")


def _read(root: Path, rules: RuleSet, lead: str):
    start_project(root, "round-73-restated")
    write_doc(root, "SPEC-331400", "2027-01-05", SPEC, title="Section 33 14 00 - Water Distribution")
    write_doc(root, "ADD-01", "2027-02-02", "ADDENDUM NO. 1\n\n" + lead + CLAUSES, kind="addendum",
              title="Addendum No. 1")
    return read_project(root, rules)


def test_clauses_said_to_take_the_place_of_their_own_replace_the_article(tmp_path, rules):
    reading = _read(tmp_path, rules, "The clauses below are restated as they now stand. Each restated clause takes "
                                     "the place of the clause of the same number in the bid documents; clauses not "
                                     "listed are unchanged.\n\n")
    assert ("SPEC-331400#2.1", "full", True) in _applied(reading), (_applied(reading), _proposed(reading))


def test_clauses_restated_with_no_word_of_what_they_do_stay_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "The following changes are made to the bid documents.\n\n")
    assert not any(t.startswith("SPEC-331400") for t, _, _ in _applied(reading)), _applied(reading)
    assert ("SPEC-331400#2.1", "full", True) in _proposed(reading), _proposed(reading)


def test_clauses_that_may_supplement_their_own_stay_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "Each clause below supplements, or where so marked takes the place of, the "
                                     "clause of the same number.\n\n")
    assert not any(t.startswith("SPEC-331400") for t, _, _ in _applied(reading)), _applied(reading)
