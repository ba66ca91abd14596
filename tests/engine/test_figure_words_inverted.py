"""The fifteenth audit (F5-F11): the figure nets turned from word lists into a fail-safe rule.

A claim figure passes only when every word of its clause is known to be harmless: neutral (an
article, an auxiliary, a pronoun, 'for'/'of'/'in'/'at'), its own unit, its subject's words, or a
word the cited figure's sentence also holds. Any other word ("almost", "x2", "shrank", "can’t")
escalates naming it, so a word no list foresaw costs an escalation, never a wrong answer. A
negation in the cited sentence the claim lacks escalates too. In an amending item a figure is
the new value only in a value-setting form ("to read", "is now", "shall be", "from ... to")."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.quantities.modifiers import sets_value, unheld
from inforce.ontology import Answer

from corpus_writer import FRONT_MATTER

_PLAIN = "Test sheets are archived for 6 years after the bench is scrapped."
_DENIED = "Test sheets aren’t archived for 6 years after the bench is scrapped."


def _base(line: str) -> str:
    return FRONT_MATTER.format(id="BEN-001", kind="sop", title="Benches", day="2026-10-05", extra="") + (
        f"BEN-001 BENCHES\n\n4 SHEETS\n\n4.1 Each bench carries a label.\n\n4.2 {line}\n")


_EDGE = "supersedes:\n  - target: BEN-001#4.2\n    scope: partial\n    effective: 2026-10-20\n    by: BEN-007#1\n"
_AMENDS = {
    "raised": ("In BEN-001 paragraph 4.2 the archive period is raised 2 years.", "2 years", False),
    "signed": ("BEN-001 paragraph 4.2: +2 years.", "2 years", False),
    "knock-off": ("Knock 2 years off the archive period of BEN-001 paragraph 4.2.", "2 years", False),
    "to-read": ("In BEN-001 paragraph 4.2 change the period to read 8 years.", "8 years", True),
    "shall-be": ("In BEN-001 paragraph 4.2, test sheets shall be archived for 8 years.", "8 years", True),
    "value-then-comparison": ("In BEN-001 paragraph 4.2 the archive period is 8 years, longer than before.",
                              "8 years", True),
}
_ON = dt.date(2026, 10, 25)
_CLAIM = "Test sheets are archived for {} after the bench is scrapped."


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    cases: dict[str, tuple[str, str | None]] = {"plain": (_PLAIN, None), "denied": (_DENIED, None)}
    for name, (words, _, _) in _AMENDS.items():
        cases[name] = (_PLAIN, FRONT_MATTER.format(id="BEN-007", kind="addendum", title="Change 7", day="2026-10-20",
                                            extra=_EDGE) + f"BEN-007 CHANGE\n\n1 CHANGE TO BEN-001 4.2\n\n{words}\n")
    found: dict[str, Path] = {}
    for name, (line, amender) in cases.items():
        root = tmp_path_factory.mktemp(name)
        (root / "documents").mkdir()
        (root / "inforce.yaml").write_text(f"project: {name}\nfacets: []\nrules: []\n")
        (root / "documents" / "ben-001.md").write_text(_base(line))
        if amender is not None:
            (root / "documents" / "ben-007.md").write_text(amender)
        ingest_project(root)
        found[name] = root
    return found


def _check(root: Path, text: str, loc: str) -> Any:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": _ON.isoformat(), "groups": []},
                                    "claims": [{"text": text, "citations": [{"locator": loc}]}]})
    with Project.open(root, backends=ModelBackends()) as project:
        return project.check(answer)


@pytest.mark.parametrize(("figure", "word"), [
    ("almost 6 years", "almost"), ("nearly 6 years", "nearly"), ("6 years tops", "tops"),
    ("6 years x2", "x2"), ("twice as long as 6 years", "long"), ("as much as 6 years", "much"),
    ("shy of 6 years", "shy of"), ("⩽ 6 years", "⩽"),
])
def test_a_word_no_list_holds_beside_the_claim_figure_escalates_naming_it(
    made: dict[str, Path], figure: str, word: str,
) -> None:
    """F6, F7: each was a plain answer to the cited "6 years"."""
    verdict = _check(made["plain"], _CLAIM.format(figure), "BEN-001#4.2")
    assert verdict.verdict == "escalation", verdict
    assert any("the claim says" in w and repr(word) in w and "BEN-001#4.2 does not" in w
               for w in verdict.claims[0].warnings), verdict.claims[0].warnings


@pytest.mark.parametrize(("claim", "word"), [
    ("Test sheets aren’t archived for 6 years after the bench is scrapped.", "aren't"),
    ("Test sheets can't be archived for 6 years after the bench is scrapped.", "can't"),
    ("Test sheets are not (in any case) archived for 6 years after the bench is scrapped.", "not"),
    ("Test sheets are not put by the bench crew into the basement store for 6 years.", "not"),
    ("Test sheets are archived for 6 years after the bench is scrapped? No.", "No"),
])
def test_a_negation_the_cited_sentence_lacks_escalates_wherever_it_is_written(
    made: dict[str, Path], claim: str, word: str,
) -> None:
    """F5: a typographic apostrophe, "can't", a bracket or a long clause hid the negation."""
    verdict = _check(made["plain"], claim, "BEN-001#4.2")
    assert verdict.verdict == "escalation", verdict
    assert any(repr(word) in w or f'"{word}"' in w for w in verdict.claims[0].warnings), verdict.claims[0].warnings


def test_a_source_denying_its_figure_never_supports_a_plain_claim(made: dict[str, Path]) -> None:
    """F5, the source direction: "aren’t archived for 6 years" answered "are archived for 6 years"."""
    verdict = _check(made["denied"], _CLAIM.format("6 years"), "BEN-001#4.2")
    assert verdict.verdict == "escalation", verdict
    assert any("BEN-001#4.2 says" in w and "aren't" in w for w in verdict.claims[0].warnings), verdict.claims[0]
    same = _check(made["denied"], _DENIED, "BEN-001#4.2")
    assert same.verdict == "answer", same


def test_the_cited_words_themselves_pass(made: dict[str, Path]) -> None:
    verdict = _check(made["plain"], _PLAIN, "BEN-001#4.2")
    assert verdict.verdict == "answer" and verdict.claims[0].warnings == (), verdict


@pytest.mark.parametrize("name", sorted(_AMENDS))
def test_an_amending_figure_is_the_new_value_only_in_a_value_setting_form(made: dict[str, Path], name: str) -> None:
    """F8, F11: 'raised 2 years', '+2 years', 'knock 2 years off' answered the amount as the new
    value; F9: 'is 8 years, longer than before' is the value."""
    _, figure, sets = _AMENDS[name]
    verdict = _check(made[name], _CLAIM.format(figure), "BEN-007#1")
    if sets:
        assert verdict.verdict == "answer", verdict
    else:
        assert verdict.verdict == "escalation", verdict
        assert any("BEN-007#1 states" in w and figure in w and "in no value-setting form" in w
                   for w in verdict.claims[0].warnings), verdict.claims[0].warnings


@pytest.mark.parametrize(("text", "expected"), [
    ("the period is raised 3 years", False), ("the period: +3 years", False), ("the period ↑ 3 years", False),
    ("the period is 3 years longer", False), ("knock 3 years off", False), ("an uplift of 3 years", False),
    ("change the period to 3 years", True), ("the period is now 3 years", True), ("substitute 3 years", True),
    ("the period is 3 years, longer than before", True), ("from 7 years to 3 years", True),
    ('for "3 years"', True), ("Retention period: 3 years.", True), ("retention period: +3 years", False), ("retention period: −3 years", False),
    ("retention period: 3 years (increase).", False), ("| Item | Was | Now |\n| 2.2 | 7 years | 3 years |", True),
    ("| Item | Change |\n| 2.2 | +3 years |", False),
])
def test_the_value_setting_forms(text: str, expected: bool) -> None:
    at = text.rindex("3 years")
    assert sets_value(text, at, at + 7) is expected


def test_the_inverted_word_test_reads_across_brackets_and_typographic_apostrophes() -> None:
    source = "Sheets are kept for 6 years."
    at = source.index("6 years")
    for claim, word in (("Sheets aren’t kept for 6 years.", "aren't"), ("Sheets are kept (nearly) 6 years.", "nearly"),
                        ("Sheets are kept for 6 years x2.", "x2")):
        c = claim.index("6 years")
        assert word in unheld(claim, (c, c + 7), source, (at, at + 7)), claim
    same = "Sheets are kept for 6 years."
    assert unheld(same, (at, at + 7), source, (at, at + 7)) == []
