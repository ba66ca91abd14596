"""A provision named in the reason an item gives for its instruction is no target of it (issue 21).
Owners explain a change after what it names ("Delete Clause 2.2 ...: it duplicates Clause 2.1", "as
Article 2.1 already covers fasteners", "since", "because", "which is covered in", "consistent with",
"to match"): the clause named there explains; a deletion of it would answer a provision in force as
deleted. The words opening a reason are the stock pack's ``reasons``, where a policy owner extends
them. A clause the text is moved to gains it: never deleted, the item is for a person to confirm."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from inforce.rules import RuleSet, load_pack
from inforce.rules.patterns import WordingPattern

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

ROOF = ("SECTION 07 21 00 - THERMAL INSULATION\n\nPART 2 - PRODUCTS\n\n2.1 BOARD\n\nA. Polyiso, 2 inches.\n\n"
        "2.2 FASTENERS\n\nA. Plates and screws.\n")


def _roof(root: Path, item: str) -> None:
    start_project(root, "reasons")
    write_doc(root, "SPEC-072100", "2026-01-05", ROOF)
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 2\n\n" + item + "\n")


DELETES_ONLY_2_2 = [
    # the two forms the issue was found with
    "1. Specification Section 07 21 00: Delete Clause 2.2 in its entirety for clarification: it duplicates Clause 2.1.",
    "1. Section 07 21 00: Delete Article 2.2, as Article 2.1 already covers fasteners.",
    # other reasons owners give
    "1. Section 07 21 00: Delete Article 2.2 as it duplicates Article 2.1.",
    "1. Section 07 21 00: Delete Article 2.2 since Article 2.1 covers fasteners.",
    "1. Section 07 21 00: Delete Article 2.2 because Article 2.1 already requires fasteners.",
    "1. Section 07 21 00: Delete Article 2.2, which is covered in Article 2.1.",
    "1. Section 07 21 00: Delete Article 2.2 as stated in Article 2.1.",
    "1. Section 07 21 00: Delete Article 2.2 as it conflicts with Article 2.1.",
    "1. Section 07 21 00: Delete Article 2.2, see Article 2.1.",
    "1. Section 07 21 00: Delete Article 2.2 (refer to Article 2.1).",
]


@pytest.mark.parametrize("item", DELETES_ONLY_2_2)
def test_a_clause_named_in_the_reason_is_not_deleted(tmp_path, rules, item):
    _roof(tmp_path, item)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-072100#2.2", "full", False)}
    assert not any(t.startswith("SPEC-072100#2.1") for t, _, _ in _proposed(reading))


@pytest.mark.parametrize("item", [
    "1. Section 07 21 00: Revise Paragraph 2.2.A to match Paragraph 2.1.A.",
    "1. Section 07 21 00: Revise Paragraph 2.2.A consistent with Paragraph 2.1.A.",
])
def test_a_clause_a_revision_is_matched_to_is_not_revised(tmp_path, rules, item):
    _roof(tmp_path, item)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-072100#2.2.A", "partial", True)}


def test_two_clauses_the_verb_names_are_both_deleted(tmp_path, rules):
    _roof(tmp_path, "1. Section 07 21 00: Delete Clauses 2.1 and 2.2.")
    assert _applied(read_project(tmp_path, rules)) == {("SPEC-072100#2.1", "full", False),
                                                       ("SPEC-072100#2.2", "full", False)}


def test_a_clause_the_replacement_is_coordinated_with_is_not_replaced(tmp_path, rules):
    _roof(tmp_path, "1. Section 07 21 00: Delete Article 2.2 and replace with the attached Article 2.2, "
                    "coordinated with Article 2.1.")
    assert _applied(read_project(tmp_path, rules)) == {("SPEC-072100#2.2", "full", True)}


def test_a_clause_the_text_is_moved_to_is_never_deleted_and_the_item_is_for_review(tmp_path, rules):
    _roof(tmp_path, "1. Section 07 21 00: Delete Article 2.2, the requirement is moved to Article 2.1.")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert ("SPEC-072100#2.2", "full", False) in _proposed(reading)
    assert not any(t.startswith("SPEC-072100#2.1") for t, _, _ in _proposed(reading))
    assert any("Article 2.1" in (p.evidence.why or "") for p in reading.proposed)


def test_reason_words_are_the_packs_to_extend(tmp_path, rules):
    # "owing to" is no reason word of the stock pack: the clause after it is read as named
    item = "1. Section 07 21 00: Delete Article 2.2 owing to Article 2.1 covering fasteners."
    _roof(tmp_path, item)
    assert ("SPEC-072100#2.1", "full", False) in _applied(read_project(tmp_path, rules))
    # a policy owner adds it to the pack's reasons: the clause after it explains, it is not deleted
    loaded = load_pack("supersession/csi-addenda")
    rule = loaded.pack.rules[0]
    extended = rule.model_copy(update={"reasons": (*rule.reasons, WordingPattern(pattern="owing to"))})
    own = RuleSet(packs=(replace(loaded, pack=loaded.pack.model_copy(update={"rules": (extended,)})),))
    assert _applied(read_project(tmp_path, own)) == {("SPEC-072100#2.2", "full", False)}


def test_ingest_answers_the_explaining_clause_as_in_force(tmp_path):
    from inforce.engine import Project

    _roof(tmp_path, DELETES_ONLY_2_2[0])
    result = Project.ingest(tmp_path)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {("SPEC-072100#2.2", "full", False)}


# "it repeats" is also one of the pack's no_change phrases ("this repeats Section 01 10 00": the item
# only restates); standing in the reason a change verb gives, after what the verb names, it is the
# reason, and the change stands
REASON_SAYS_REPEATS = [
    "1. Section 07 21 00, delete paragraph 2.2 A; it repeats paragraph 2.1 A.",
    "1. Section 07 21 00: Delete Article 2.2 as it repeats Article 2.1.",
]


@pytest.mark.parametrize(("item", "target"), list(zip(REASON_SAYS_REPEATS, ["SPEC-072100#2.2.A", "SPEC-072100#2.2"], strict=True)))
def test_a_no_change_phrase_in_the_reason_does_not_silence_the_change(tmp_path, rules, item, target):
    _roof(tmp_path, item)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {(target, "full", False)}
    assert _proposed(reading) == set()
    assert not reading.not_understood


@pytest.mark.parametrize("item", [
    "1. Section 07 21 00: No change to Article 2.2; it repeats 2.1 for clarity.",
    "1. Section 07 21 00: This item only restates 2.2.",
    "1. Section 07 21 00: Article 2.2 - it only restates Article 2.1.",
])
def test_an_item_saying_it_only_repeats_stays_a_no_change_item(tmp_path, rules, item):
    _roof(tmp_path, item)
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert _proposed(reading) == set()


def test_a_change_verb_beside_words_saying_nothing_changes_is_proposed_never_applied(tmp_path, rules):
    # "changes nothing" opens no reason: the item says of itself that nothing changes, beside a verb
    _roof(tmp_path, "1. Section 07 21 00: Delete Article 2.2; this restates Article 2.1 and changes nothing.")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-072100#2.2", "full", False)}


def test_ingest_applies_the_deletion_whose_reason_says_it_repeats(tmp_path):
    from inforce.engine import Project

    _roof(tmp_path, REASON_SAYS_REPEATS[1])
    result = Project.ingest(tmp_path)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {("SPEC-072100#2.2", "full", False)}
    assert not result.proposed and not result.not_understood
