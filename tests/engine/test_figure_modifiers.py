"""The words that modify a figure's meaning (fourteenth audit F1-F4): one vocabulary
(``engine.quantities.modifiers``), one test where a figure is read for a claim and for facts.

A claim figure whose clause holds a bound, change, multiplier or negation word that the cited
figure's clause does not (or the reverse) is never a plain answer; an amending item's figure
read with a change word is a change amount, not the new value, in check and in facts."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.quantities.modifiers import modifiers
from inforce.ontology import Answer

from corpus_writer import FRONT_MATTER

_BASE = FRONT_MATTER.format(id="CAL-001", kind="sop", title="Calibration", day="2026-11-02", extra="") + """\
CAL-001 CALIBRATION

3 RECORDS

3.1 Each gauge is tagged with the date of its last calibration.

3.2 Calibration certificates are retained for 5 years after the gauge is retired.

3.3 Torque wrenches are checked at least 4 times a year.
"""

_EDGE = """\
supersedes:
  - target: CAL-001#3.2
    scope: partial
    effective: 2026-11-20
    by: CAL-009#1
"""


def _amender(words: str, *, edge: bool = True) -> str:
    return FRONT_MATTER.format(id="CAL-009", kind="addendum", title="Change 9", day="2026-11-20",
                        extra=_EDGE if edge else "") + f"CAL-009 CHANGE\n\n1 CHANGE TO CAL-001 3.2\n\n{words}\n"


_CHANGES = {
    "increased": ("The retention period in CAL-001 paragraph 3.2 is increased 2 years.", "2 years"),
    "longer": ("Keep the certificates of CAL-001 paragraph 3.2 for 2 years longer.", "2 years"),
    "shorter": ("Under CAL-001 paragraph 3.2 the retention period becomes 1 year shorter.", "1 year"),
    "extension-of": ("CAL-001 paragraph 3.2: an extension of 2 years applies.", "2 years"),
    "n-year-extension": ("The period of CAL-001 paragraph 3.2 receives a 2-year extension.", "2 years"),
    "goes-up-by": ("The period of CAL-001 paragraph 3.2 goes up by 2 years.", "2 years"),
    "added": ("For CAL-001 paragraph 3.2, 2 years are added to the retention period.", "2 years"),
    "plus": ("The period of CAL-001 paragraph 3.2 is the present period plus 2 years.", "2 years"),
    "multiplied": ("The period of 5 years in CAL-001 paragraph 3.2 is multiplied by 2.", "5 years"),
    "in-half": ("Cut the period of 5 years in CAL-001 paragraph 3.2 in half.", "5 years"),
}
_NO_EDGE = {"longer-than": "Test certificates are retained for 2 years longer than gauge certificates."}
_ON = dt.date(2026, 11, 25)
_CLAIM = "Calibration certificates are retained for {} after the gauge is retired."


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    found: dict[str, Path] = {}
    cases = {name: _amender(words) for name, (words, _) in _CHANGES.items()}
    cases |= {name: _amender(words, edge=False) for name, words in _NO_EDGE.items()}
    cases["base"] = None  # type: ignore[assignment]
    cases["repeats"] = FRONT_MATTER.format(id="CAL-009", kind="other", title="Figures", day="2026-11-20", extra="") + (
        "CAL-009 FIGURES\n\n1 RESULTS\n\nGauge throughput increased 12% in the year.\n")
    for name, amender in cases.items():
        root = tmp_path_factory.mktemp(name)
        (root / "documents").mkdir()
        (root / "inforce.yaml").write_text(f"project: {name}\nfacets: []\nrules: []\n")
        (root / "documents" / "cal-001.md").write_text(_BASE)
        if amender is not None:
            (root / "documents" / "cal-009.md").write_text(amender)
        ingest_project(root)
        found[name] = root
    return found


def _check(root: Path, claims: list[tuple[str, str]], valid_at: dt.date = _ON) -> Any:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": valid_at.isoformat(), "groups": []},
                                    "claims": [{"text": text, "citations": [{"locator": loc}]} for text, loc in claims]})
    with Project.open(root, backends=ModelBackends()) as project:
        return project.check(answer)


# ---- 1. check: a claim figure's words against the cited figure's -------------------------------


@pytest.mark.parametrize(("figure", "word"), [
    ("under 5 years", "under"), ("no longer than 5 years", "no longer than"), ("short of 5 years", "short of"),
    ("5 years doubled", "doubled"), ("5 years halved", "halved"), ("5 years thrice", "thrice"),
    ("half of 5 years", "half of"), ("half the 5 years", "half the"), ("5 years, doubled", "doubled"),
])
def test_a_claim_figure_with_a_bound_or_multiplier_the_source_lacks_escalates_naming_it(
    made: dict[str, Path], figure: str, word: str,
) -> None:
    """F2, F4: each was a plain answer to the cited "5 years", with no warning."""
    verdict = _check(made["base"], [(_CLAIM.format(figure), "CAL-001#3.2")])
    assert verdict.verdict == "escalation", verdict
    assert any(f"the claim says {word!r}" in w and "CAL-001#3.2 does not" in w for w in verdict.claims[0].warnings), \
        verdict.claims[0].warnings


@pytest.mark.parametrize(("claim", "word"), [
    ("Calibration certificates are not retained for 5 years after the gauge is retired.", "not"),
    ("Calibration certificates are never retained for 5 years after the gauge is retired.", "never"),
    ("It is false that calibration certificates are retained for 5 years after retirement.", "false that"),
])
def test_a_claim_negating_the_cited_figure_escalates(made: dict[str, Path], claim: str, word: str) -> None:
    """F3: a negated claim passed as the cited figure's answer (decided: an escalation, naming the word)."""
    verdict = _check(made["base"], [(claim, "CAL-001#3.2")])
    assert verdict.verdict == "escalation", verdict
    assert any(f"the claim says {word!r}" in w for w in verdict.claims[0].warnings), verdict.claims[0].warnings


def test_a_claim_repeating_the_cited_figures_own_words_passes(made: dict[str, Path]) -> None:
    at_least = _check(made["base"], [("Torque wrenches are checked at least 4 times a year.", "CAL-001#3.3")])
    assert at_least.verdict == "answer", at_least
    repeated = _check(made["repeats"], [("Gauge throughput increased 12% in the year.", "CAL-009#1")])
    assert repeated.verdict == "answer", repeated
    plain = _check(made["base"], [(_CLAIM.format("5 years"), "CAL-001#3.2")])
    assert plain.verdict == "answer" and plain.claims[0].warnings == (), plain


def test_a_claim_dropping_the_cited_figures_written_bound_escalates(made: dict[str, Path]) -> None:
    """The reverse: the cited figure is a bound ("at least 4 times a year"), the claim's is not."""
    verdict = _check(made["base"], [("Torque wrenches are checked 4 times a year.", "CAL-001#3.3")])
    assert verdict.verdict == "escalation", verdict
    assert any("CAL-001#3.3 says 'at least'" in w and "the claim does not" in w for w in verdict.claims[0].warnings)


def test_a_claim_that_reads_a_stated_change_as_a_value_escalates(made: dict[str, Path]) -> None:
    """The reverse: the cited figure is a change ("increased 12%"), the claim's a value."""
    verdict = _check(made["repeats"], [("Gauge throughput was 12% in the year.", "CAL-009#1")])
    assert verdict.verdict == "escalation", verdict
    assert any("12%" in w and ("states a change" in w or "increased" in w) for w in verdict.claims[0].warnings)


@pytest.mark.parametrize("figure", ["5² years", "sub-5 years"])
def test_a_figure_the_extractor_does_not_read_is_named(made: dict[str, Path], figure: str) -> None:
    """F4 '7² years', F2 'sub-7 years': no figure was read, so nothing was compared."""
    verdict = _check(made["base"], [(_CLAIM.format(figure), "CAL-001#3.2")])
    assert verdict.verdict != "answer", verdict
    assert f"figure not read: {figure!r}" in verdict.claims[0].warnings, verdict.claims[0]


# ---- 2. amendments: a figure read with a change word is a change amount ------------------------


@pytest.mark.parametrize("name", sorted(_CHANGES))
def test_an_amending_figure_read_with_a_change_word_is_no_new_value(made: dict[str, Path], name: str) -> None:
    """F1: each was an answer as the new value, and facts listed it as "replaces CAL-001#3.2"."""
    amount = _CHANGES[name][1]
    verdict = _check(made[name], [(_CLAIM.format(amount), "CAL-009#1")])
    assert verdict.verdict != "answer", verdict
    if verdict.verdict == "escalation":
        assert any("states a change of" in w and amount.split()[0] in w for w in verdict.claims[0].warnings), \
            verdict.claims[0].warnings
    with Project.open(made[name], backends=ModelBackends()) as project:
        found = project.facts(None, _ON).facts
    assert not [f for f in found if f.resolved.doc == "CAL-009"], found


def test_a_change_in_a_document_with_no_amendment_edge_is_no_value_in_check(made: dict[str, Path]) -> None:
    """F1 addendum: "2 years longer than ..." without an edge was an answer for "2 years"."""
    verdict = _check(made["longer-than"], [(_CLAIM.format("2 years"), "CAL-009#1")])
    assert verdict.verdict == "escalation", verdict
    assert any("states a change of '2 years'" in w for w in verdict.claims[0].warnings), verdict.claims[0]


# ---- the vocabulary, read around one figure ----------------------------------------------------


def _read(text: str, figure: str) -> set[tuple[str, str, str]]:
    at = text.index(figure)
    return {(" ".join(m.words.lower().split()), m.family, m.sense) for m in modifiers(text, at, at + len(figure))}


@pytest.mark.parametrize(("text", "figure", "expected"), [
    ("kept for not more than 5 years", "5 years", {("not more than", "bound", "max")}),
    ("kept no longer than 5 years", "5 years", {("no longer than", "bound", "max")}),
    ("the period is no longer 5 years", "5 years", {("no longer", "negation", "not")}),
    ("the period is increased to 9 years", "9 years", set()),
    ("the period was extended from 5 years", "5 years", set()),
    ("dowels extend 12 inches into the footing", "12 inches", set()),
    ("give 250 mg twice daily", "250 mg", set()),
    ("refer to No. 6 bars at 12 inches", "12 inches", set()),
    ("sales are not strong as revenue grew by 3%", "3%", {("grew", "change", "up")}),
    ("the period is 2 years longer", "2 years", {("longer", "change", "up")}),
    ("a 2-year extension", "2-year", {("extension", "change", "up")}),
    ("kept 2 years beyond the present period", "2 years", {("beyond", "change", "up")}),
    ("laps run 12 inches beyond the face", "12 inches", set()),
    ("the 5 years are multiplied by 2", "5 years", {("multiplied by", "multiplier", "times")}),
])
def test_the_vocabulary_reads_a_figures_own_clause(text: str, figure: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text, figure) == expected
