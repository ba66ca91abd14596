"""Word lists of the addenda reader that were Python regular expressions beside the pack (issue 21: a policy owner adds
a language's word in YAML, tested by ``rules test``, without Python) are the pack's now. Each test reads the same words
under the stock pack and under an owner's pack that lacks the word, or adds one: the engine reads the pack's list, not a
list of its own."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from inforce.engine.addenda.actions import unchanged_clauses, vocabulary
from inforce.rules import RuleSet

from addenda_reading import (
    STOCK_ADDENDA,
    addenda_rules,
    applied,
    owner_pack,
    read_project,
    start_project,
)
from corpus_writer import write_doc

SEALANTS = ("SECTION 07 92 00 - JOINT SEALANTS\n\n2 PRODUCTS\n\n2.1 SEALANTS\n\nA. Silicone sealant, Class 25.\n\n"
            "B. Joint width 12 mm.\n\n2.2 BACKER RODS\n\nA. Closed-cell polyethylene.\n")
READ_VERBS = "    read_verbs:\n      - regex: 'reads?(?:\\s+as)?'\n      - regex: 'to\\s+read'\n"


def _read_as(tmp_path: Path, rules: RuleSet) -> set:
    root = tmp_path / "p"
    if not root.exists():
        start_project(root, "read-verbs")
        write_doc(root, "SPEC-079200", "2027-02-01", SEALANTS, title="Section 07 92 00 - Joint Sealants")
        write_doc(root, "ADD-01", "2027-03-01", "ADDENDUM NO. 2\n\n1. Section 07 92 00, 2.1.B, to read as: "
                  '"B. Joint width 15 mm minimum."\n\n2. Section 07 92 00, Article 2.2, Paragraph A: May be read as '
                  '"A. Closed-cell polyolefin."\n', kind="addendum", title="Addendum No. 2")
    return applied(read_project(root, rules))


def test_a_verb_ending_in_the_packs_reading_phrase_gives_the_paragraph_anew(tmp_path):
    given_anew = {("SPEC-079200#2.1.B", "full", True), ("SPEC-079200#2.2.A", "full", True)}
    assert _read_as(tmp_path, addenda_rules()) == given_anew
    # an owner's pack without the reading phrases: each paragraph is changed in part, no more
    assert _read_as(tmp_path, owner_pack(tmp_path, READ_VERBS, "")) == {
        ("SPEC-079200#2.1.B", "partial", True), ("SPEC-079200#2.2.A", "partial", True)}


PAGE_MARKS = ("    page_marks:\n      - regex: '(?:each|every)\\s+page\\s+(?:(?:is|being)\\s+)?(?:marked|stamped|labell?ed|bearing|"
              "headed|footed|initialled|initialed)'\n")


def _substituted(tmp_path: Path, rules: RuleSet):
    root = tmp_path / "p"
    if not root.exists():
        start_project(root, "page-marks")
        write_doc(root, "SPEC-079200", "2027-02-01", SEALANTS, title="Section 07 92 00 - Joint Sealants")
        write_doc(root, "ADD-01", "2027-03-01", "ADDENDUM NO. 4\n\n1. Section 07 92 00, JOINT SEALANTS: Remove the "
                  'section and substitute the enclosed section, every page initialled "ADD-4".\n', kind="addendum",
                  title="Addendum No. 4")
    return read_project(root, rules)


def test_how_each_page_of_the_substitute_is_marked_is_the_packs_words(tmp_path):
    assert applied(_substituted(tmp_path, addenda_rules())) == {("SPEC-079200", "full", True)}
    # an owner's pack without them: "page" names a part of the section, the whole is not certain, none applied
    reading = _substituted(tmp_path, owner_pack(tmp_path, PAGE_MARKS, ""))
    assert applied(reading) == set() and reading.proposed


BY_CHANGING = ("    by_changing:\n      - regex: 'by\\s+(?:removing|deleting|omitting|withdrawing|striking|replacing|substituting|"
               "superseding|revising|amending|modifying|adding|inserting)(?:\\s+the)?'\n")


def _by_gerund(tmp_path: Path, rules: RuleSet):
    root = tmp_path / "p"
    if not root.exists():
        start_project(root, "by-changing")
        write_doc(root, "SPEC-079200", "2027-02-01", SEALANTS, title="Section 07 92 00 - Joint Sealants")
        write_doc(root, "ADD-01", "2027-03-01", "ADDENDUM NO. 5\n\n1. Sealants: the Project Manual is hereby amended by "
                  "omitting Section 07 92 00.\n\n2. Section 07 92 00 is revised by removing Paragraph 2.1.B.\n", kind="addendum", title="Addendum No. 5")
    return read_project(root, rules)


def test_a_reference_after_the_packs_by_and_gerund_is_what_the_change_takes(tmp_path):
    assert applied(_by_gerund(tmp_path, addenda_rules())) == {("SPEC-079200", "full", False),
                                                              ("SPEC-079200#2.1.B", "full", False)}
    # an owner's pack without them: what follows "by omitting", "by removing" is read as cited, none of it deleted
    assert applied(_by_gerund(tmp_path, owner_pack(tmp_path, BY_CHANGING, ""))) == set()


def _new_clause_nouns() -> str:
    """The stock pack's ``new_clause_nouns`` list, its key and entries (up to the next key or comment of the rule)."""
    text = STOCK_ADDENDA.read_text(encoding="utf-8")
    start = text.index("    new_clause_nouns:\n")
    return text[start:re.compile(r"^    \S", re.MULTILINE).search(text, start + 1).start()]


def _new_clause(tmp_path: Path, rules: RuleSet, line: str) -> tuple[set, set]:
    root = tmp_path / "p"
    if root.exists():
        shutil.rmtree(root)
    start_project(root, "new-clause-nouns")
    write_doc(root, "SPEC-079200", "2027-02-01", SEALANTS, title="Section 07 92 00 - Joint Sealants")
    write_doc(root, "ADD-01", "2027-03-01", f"ADDENDUM NO. 6\n\n1. {line}\n", kind="addendum", title="Addendum No. 6")
    reading = read_project(root, rules)
    return applied(reading), {(p.target.format(), p.scope) for p in reading.proposed}


def test_a_clause_added_as_new_is_named_by_the_packs_nouns(tmp_path):
    held = 'Section 07 92 00: a new Clause 2.2 is added: "2.2 PRIMERS. A. As the sealant maker requires."'
    # the section holds a 2.2 already and the item says no renumbering: which 2.2 it means is for a person
    assert _new_clause(tmp_path, addenda_rules(), held) == (set(), {("SPEC-079200#2.2", "partial")})
    # an owner's pack without the nouns: "Clause 2.2" is no new clause, the 2.2 held is changed in part
    without = owner_pack(tmp_path, _new_clause_nouns(), "")
    assert _new_clause(tmp_path, without, held) == ({("SPEC-079200#2.2", "partial", True)}, set())
    # a noun added in YAML is read (an owner numbering the sections of a document "Section 2.2")
    section = held.replace("Clause", "Section")
    assert _new_clause(tmp_path, addenda_rules(), section)[0] == {("SPEC-079200#2.2", "partial", True)}
    added = owner_pack(tmp_path, _new_clause_nouns(), _new_clause_nouns() + "      - regex: 'section'\n")
    assert _new_clause(tmp_path, added, section) == (set(), {("SPEC-079200#2.2", "partial")})


CLAUSE_JOINS = "      - regex: 'and|y|e|et|but|pero|mais|mas|while|whereas|mientras\\s+que'\n"


def _vocabularies(rules: RuleSet) -> list:
    return [vocabulary(rule) for pack in rules.packs for rule in pack.pack.rules if rule.kind == "supersession"]


def test_a_clause_unchanged_after_the_packs_join_speaks_for_its_own_provision(tmp_path):
    read = "Se suprime el inciso 3.4 y el inciso 3.1 queda sin cambios."
    stock = _vocabularies(addenda_rules())
    assert unchanged_clauses(read, stock) == [(27, 59)]
    # an owner's pack without the Spanish and English joins: the no-change words speak for the whole sentence
    assert unchanged_clauses(read, _vocabularies(owner_pack(tmp_path, CLAUSE_JOINS, ""))) == []
    # and a join added in YAML is read (an owner's "sowie", the pack's Spanish words around it)
    sowie = read.replace(" y ", " sowie ")
    assert unchanged_clauses(sowie, stock) == []
    added = owner_pack(tmp_path, CLAUSE_JOINS, CLAUSE_JOINS + "      - regex: 'sowie'\n")
    assert unchanged_clauses(sowie, _vocabularies(added)) == [(31, 63)]


CLAUSE_ALONE = "    clause_alone_nouns:\n      - regex: 'sections?|articles?|clauses?|subsections?'\n"
PAINTING = ("SECTION 09 91 00 - PAINTING\n\n2 PRODUCTS\n\n2.1 PAINTS\n\nA. Acrylic latex.\n\n2.3 PRIMERS\n\n"
            "A. Alkyd primer.\n")


def _asked(tmp_path: Path, rules: RuleSet, noun: str) -> tuple[set, set, int]:
    root = tmp_path / "p"
    if root.exists():
        shutil.rmtree(root)
    start_project(root, "clause-alone-nouns")
    write_doc(root, "SPEC-079200", "2027-02-01", SEALANTS, title="Section 07 92 00 - Joint Sealants")
    write_doc(root, "SPEC-099100", "2027-02-01", PAINTING, title="Section 09 91 00 - Painting")
    write_doc(root, "ADD-01", "2027-03-01", f"ADDENDUM NO. 7\n\n1. Question: Is {noun} 2.2 required? "
              f"Answer: {noun} 2.2 is withdrawn from the contract.\n", kind="addendum", title="Addendum No. 7")
    reading = read_project(root, rules)
    return applied(reading), {(p.target.format(), p.scope) for p in reading.proposed}, len(reading.not_understood)


def test_a_clause_named_by_the_packs_noun_alone_is_looked_for_in_its_one_holder(tmp_path):
    # only the sealants section holds a 2.2: the answer withdrawing "Section 2.2" is proposed there
    assert _asked(tmp_path, addenda_rules(), "Section") == (set(), {("SPEC-079200#2.2", "full")}, 0)
    # an owner's pack without the nouns: "Section 2.2" names nothing the pack reads, reported
    assert _asked(tmp_path, owner_pack(tmp_path, CLAUSE_ALONE, ""), "Section") == (set(), set(), 1)
