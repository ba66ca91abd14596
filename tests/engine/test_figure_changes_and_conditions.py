"""The seventeenth audit (23q P5): a change verb no list names, and a condition the claim drops.

(a) A cited figure governed by a verb of change ("sagged 4%", "crept up 0.5%", "stretched by 2
days") is a change amount, not a level: a claim stating the figure as a level ("was 4%") escalates
naming the verb, whatever verb it is (read by the form: a word directly before a percent, or before
"by" and a figure), and a heading or subject word holding the verb does not make it a level. The
claim's own change verb the cited clause lacks escalates the same way. (b) A condition the cited
sentence puts on its figure ("Provided the vents are open, ...", "... only while frost is
forecast") that the claim drops escalates naming it; a claim keeping it answers; a condition the
claim adds that the source lacks escalates too."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.quantities.modifiers import (
    conditions,
    governing,
    unconditioned,
    unheld,
    unheld_negation,
    unscoped,
)
from inforce.ontology import Answer

from corpus_writer import FRONT_MATTER

_LEVEL = "The seedling loss rate was 4% in 2027."


def _span(text: str, figure: str) -> tuple[int, int]:
    start = text.index(figure)
    return start, start + len(figure)


# ---- (a) a change verb, read by its form (fast) ---------------------------------------------------


@pytest.mark.parametrize(("source", "figure", "words"), [
    ("The seedling loss rate sagged 4% in 2027.", "4%", ["sagged"]),
    ("The seedling loss rate slumped 4% in 2027.", "4%", ["slumped"]),
    ("The seedling loss rate ballooned 4% in 2027.", "4%", ["ballooned"]),
    ("The seedling loss rate crept up 4% in 2027.", "4%", ["crept", "up"]),
    ("The seedling loss rate ticked down 4 percentage points in 2027.", "4 percentage points", ["ticked", "down"]),
    ("The misting cycle stretched by 2 days in 2027.", "2 days", ["stretched"]),
])
def test_a_verb_directly_governing_a_percent_or_by_a_figure_is_a_change(source: str, figure: str,
                                                                           words: list[str]) -> None:
    assert governing(source, *_span(source, figure)) == words
    claim = f"The seedling loss rate was {figure} in 2027."
    said = unheld_negation(source, _span(source, figure), claim, _span(claim, figure),
                           allowed=[*words, "seedling", "loss", "rate"])  # a heading or subject holding the verb
    assert all(word in said for word in words), said


@pytest.mark.parametrize(("text", "figure"), [
    (_LEVEL, "4%"),
    ("A seedling loss rate of 4% was recorded.", "4%"),
    ("The rate rose to 4% in 2027.", "4%"),
    ("Each bench is 4 ft by 8 ft.", "8 ft"),
    ("Trays are watered for 12 minutes.", "12 minutes"),
])
def test_a_figure_stated_as_a_level_has_no_governing_change(text: str, figure: str) -> None:
    assert governing(text, *_span(text, figure)) == []


def test_a_claim_reading_the_figure_as_the_same_change_is_held_both_ways() -> None:
    sagged = "The seedling loss rate sagged 4% in 2027."
    assert unheld_negation(sagged, _span(sagged, "4%"), sagged, _span(sagged, "4%")) == []
    assert unheld(sagged, _span(sagged, "4%"), sagged, _span(sagged, "4%")) == []
    # the claim's own change verb the cited clause lacks: named, even where the subject's words hold it
    said = unheld(sagged, _span(sagged, "4%"), _LEVEL, _span(_LEVEL, "4%"), allowed=["sagged"])
    assert "sagged" in said, said


# ---- (b) a condition on the figure (fast) ---------------------------------------------------------

_MISTED = "Seedlings are misted for 12 minutes."


@pytest.mark.parametrize(("source", "condition"), [
    ("Provided the vents are open, seedlings are misted for 12 minutes.", "Provided the vents are open"),
    ("Should frost be forecast, seedlings are misted for 12 minutes.", "Should frost be forecast"),
    ("Seedlings are misted for 12 minutes only while frost is forecast.", "only while frost is forecast"),
    ("Except where the trays are dry, seedlings are misted for 12 minutes.", "Except where the trays are dry"),
    ("In the event of frost, seedlings are misted for 12 minutes.", "In the event of frost"),
    ("When the grower asks, seedlings are misted for 12 minutes.", "When the grower asks"),
])
def test_a_condition_the_claim_drops_is_named(source: str, condition: str) -> None:
    assert unconditioned(source, _span(source, "12 minutes"), _MISTED, _span(_MISTED, "12 minutes")) == [condition]
    # the claim keeping it (in its own place in the sentence) answers
    kept = f"Seedlings are misted for 12 minutes, {condition[0].lower()}{condition[1:]}."
    assert unconditioned(source, _span(source, "12 minutes"), kept, _span(kept, "12 minutes")) == []


def test_a_condition_of_the_other_kind_or_on_other_words_is_not_kept() -> None:
    source = "Provided the vents are open, seedlings are misted for 12 minutes."
    for claim in ("Unless the vents are open, seedlings are misted for 12 minutes.",
                  "Provided the heaters are on, seedlings are misted for 12 minutes."):
        assert unconditioned(source, _span(source, "12 minutes"), claim, _span(claim, "12 minutes")), claim


def test_a_condition_the_claim_adds_is_named_the_other_way() -> None:
    claim = "If the grower asks, seedlings are misted for 12 minutes."
    assert unconditioned(claim, _span(claim, "12 minutes"), _MISTED, _span(_MISTED, "12 minutes")) == [
        "If the grower asks"]


@pytest.mark.parametrize("text", [
    "The shed where trays are stacked holds 40 trays.",
    "Seedlings should be misted for 12 minutes.",
    _MISTED,
])
def test_a_relative_where_or_a_plain_should_is_no_condition(text: str) -> None:
    figure = "40 trays" if "40" in text else "12 minutes"
    assert conditions(text, *_span(text, figure)) == []


# ---- 23r R1: a condition by its place, not by a condition word (fast) ------------------------------


@pytest.mark.parametrize(("source", "condition"), [
    ("In times of drought, seedlings are misted for 12 minutes.", "In times of drought"),
    ("Throughout a heatwave, seedlings are misted for 12 minutes.", "Throughout a heatwave"),
    ("At the grower's discretion, seedlings are misted for 12 minutes.", "At the grower's discretion"),
    ("After the vents close, seedlings are misted for 12 minutes.", "After the vents close"),
    ("Frost may be forecast. In such cases seedlings are misted for 12 minutes.", "In such cases"),
    ("Frost may be forecast. Then seedlings are misted for 12 minutes.", "Then"),
    ("This rule applies only to grafted stock. Seedlings are misted for 12 minutes.",
     "This rule applies only to grafted stock"),
    ("Only trays on the north bench qualify. Seedlings are misted for 12 minutes.",
     "Only trays on the north bench qualify"),
])
def test_an_opening_phrase_or_a_scoping_sentence_the_claim_drops_is_a_condition(source: str, condition: str) -> None:
    assert unscoped(source, _span(source, "12 minutes"), _MISTED, _span(_MISTED, "12 minutes")) == [condition]


@pytest.mark.parametrize(("source", "claim"), [
    ("For seedlings, misting lasts 12 minutes.", _MISTED),
    ("In 2028, seedlings are misted for 12 minutes.", "In 2028 seedlings are misted for 12 minutes."),
    ("Under this schedule, seedlings are misted for 12 minutes.",
     "Seedlings are misted for 12 minutes under this schedule."),
    ("In times of drought, seedlings are misted for 12 minutes.",
     "Seedlings are misted for 12 minutes in times of drought."),
    ("Nevertheless, seedlings are misted for 12 minutes.", _MISTED),  # one word: a link, no phrase
    ("However, seedlings are misted for 12 minutes.", _MISTED),
    ("In addition, seedlings are misted for 12 minutes.", _MISTED),
    ("On March 3, 2028, seedlings were misted for 12 minutes.", "Seedlings were misted for 12 minutes on March 3, 2028."),
    ("Seedlings, like cuttings, are misted for 12 minutes.", _MISTED),
    ("| Tray | Misting |\n|---|---|\n| In drought, seedlings | 12 minutes |\n", _MISTED),
])
def test_a_neutral_opener_or_one_the_claim_keeps_is_no_dropped_condition(source: str, claim: str) -> None:
    assert unscoped(source, _span(source, "12 minutes"), claim, _span(claim, "12 minutes")) == []


def test_an_opener_naming_a_year_the_claim_does_not_name_is_dropped() -> None:
    source = "In 2028, seedlings are misted for 12 minutes."
    assert unscoped(source, _span(source, "12 minutes"), _MISTED, _span(_MISTED, "12 minutes")) == ["In 2028"]


def test_an_opener_is_read_on_the_cited_side_only_and_a_wrapped_line_opens_nothing() -> None:
    claim = "According to the grower, seedlings are misted for 12 minutes."
    assert unscoped(_MISTED, _span(_MISTED, "12 minutes"), claim, _span(claim, "12 minutes")) == []
    wrapped = "The grower keeps the\nseedling trays, like cuttings, misted for 12 minutes."
    assert unscoped(wrapped, _span(wrapped, "12 minutes"), _MISTED, _span(_MISTED, "12 minutes")) == []


# ---- through check (slow) -------------------------------------------------------------------------

_ON = dt.date(2027, 6, 1)
_LINES = {
    "2.1": ("Losses sagged", "The seedling loss rate sagged 4% in 2027."),
    "2.2": ("Misting", "Provided the vents are open, seedlings are misted for 12 minutes."),
    "2.3": ("Levels", _LEVEL),
    "2.4": ("Watering", "Trays are watered for 8 minutes."),
    "2.5": ("Drought", "During a dry spell, trays are watered for 9 minutes."),
    "2.6": ("Grafts", "This applies only to grafted stock. Trays are watered for 10 minutes."),
}


@pytest.fixture(scope="module")
def nursery(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("nursery")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text(f"project: {root.name}\nfacets: []\nrules: []\n")
    body = "NUR-001 NURSERY PRACTICE\n\n2 PRACTICE\n\n" + "\n\n".join(
        f"{number} {heading}\n\n{line}" for number, (heading, line) in _LINES.items()) + "\n"
    (root / "documents" / "nur-001.md").write_text(
        FRONT_MATTER.format(id="NUR-001", kind="sop", title="Nursery practice", day="2027-01-04", extra="") + body)
    ingest_project(root)
    return root


def _check(root: Path, text: str, loc: str) -> Any:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": _ON.isoformat(), "groups": []},
                                    "claims": [{"text": text, "citations": [{"locator": loc}]}]})
    with Project.open(root, backends=ModelBackends()) as project:
        return project.check(answer)


@pytest.mark.slow
def test_check_escalates_a_level_claim_citing_a_change_no_list_names(nursery: Path) -> None:
    """The heading 'Losses sagged' holds the verb: it does not make the figure a level."""
    verdict = _check(nursery, _LEVEL, "NUR-001#2.1")
    assert verdict.verdict == "escalation", verdict
    assert any("sagged" in w for w in verdict.claims[0].warnings), verdict.claims[0].warnings
    assert _check(nursery, "The seedling loss rate sagged 4% in 2027.", "NUR-001#2.1").verdict == "answer"
    assert _check(nursery, _LEVEL, "NUR-001#2.3").verdict == "answer"
    claimed = _check(nursery, "The seedling loss rate sagged 4% in 2027.", "NUR-001#2.3")  # the other way
    assert claimed.verdict == "escalation" and any("sagged" in w for w in claimed.claims[0].warnings), claimed


@pytest.mark.slow
def test_check_escalates_a_claim_dropping_or_adding_a_condition_and_answers_one_keeping_it(nursery: Path) -> None:
    dropped = _check(nursery, _MISTED, "NUR-001#2.2")
    assert dropped.verdict == "escalation", dropped
    assert any("'Provided the vents are open'" in w and "unconditionally" in w
               for w in dropped.claims[0].warnings), dropped.claims[0].warnings
    kept = _check(nursery, "Seedlings are misted for 12 minutes provided the vents are open.", "NUR-001#2.2")
    assert kept.verdict == "answer", kept
    added = _check(nursery, "If the grower asks, trays are watered for 8 minutes.", "NUR-001#2.4")
    assert added.verdict == "escalation", added
    assert any("'If the grower asks'" in w and "unconditionally" in w for w in added.claims[0].warnings), added
    assert _check(nursery, "Trays are watered for 8 minutes.", "NUR-001#2.4").verdict == "answer"


# ---- 23q P7: a long cited table is read once, not once per claim figure (fast) ---------------------


def test_each_claim_figure_against_a_long_table_costs_no_pass_over_the_table() -> None:
    """Before, every claim figure re-read the whole cited table for its bound phrases (0.4 s a
    figure at 1,500 rows): 120 figures took about 45 s. Now the table's words and negations are
    read once and the bound phrases only around a negation."""
    import time

    table = "| Tray class | Misting |\n|---|---|\n" + "\n".join(
        f"| Tray class {i} | {3 + i % 9} minutes |" for i in range(1500)) + "\n"
    claim = " ".join(f"Tray class {i} is misted {3 + i % 9} minutes." for i in range(120))
    started = time.process_time()
    for i in range(120):
        figure = f"{3 + i % 9} minutes"
        row = f"| Tray class {i} | {figure} |"
        at = table.index(row) + len(f"| Tray class {i} | ")
        said = claim.index(f"Tray class {i} is misted {figure}") + len(f"Tray class {i} is misted ")
        unheld(claim, (said, said + len(figure)), table, (at, at + len(figure)))
        unheld_negation(table, (at, at + len(figure)), claim, (said, said + len(figure)))
    assert time.process_time() - started < 10



@pytest.mark.slow
def test_check_escalates_a_claim_dropping_an_opening_phrase_or_a_scoping_sentence(nursery: Path) -> None:
    """23r R1: the condition is written by its place, with no condition word."""
    for claim, loc, condition in (("Trays are watered for 9 minutes.", "NUR-001#2.5", "'During a dry spell'"),
                                  ("Trays are watered for 10 minutes.", "NUR-001#2.6",
                                   "'This applies only to grafted stock'")):
        verdict = _check(nursery, claim, loc)
        assert verdict.verdict == "escalation", verdict
        assert any(condition in w and "unconditionally" in w for w in verdict.claims[0].warnings), verdict
    kept = _check(nursery, "Trays are watered for 9 minutes during a dry spell.", "NUR-001#2.5")
    assert kept.verdict == "answer", kept
