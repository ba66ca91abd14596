"""Bounds written with an intensifier (issue 23, the sixteenth audit's leftover): "at the very
most", "upward of" and their class ("at the very least", "at the utmost", "at the outside",
"or upwards") are bounds, read as the plain phrase is (``quantities.modifiers``, one vocabulary).
Before, "4 years at the very most" hid its bound past the words-net's reach ("at", "the" are
neutral words) and "upward of 4 years" hid it behind "of" ("a period of 4 years"), so a claim
bounding a plainly stated figure was answered as if it stated the figure."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.quantities.modifiers import differ, modifiers
from inforce.ontology import Answer

from corpus_writer import FRONT_MATTER

_PLAIN = "Kennel cards are kept for 4 years after the dog leaves."
_BOUNDED = {
    "at the very most": ("Kennel cards are kept for 4 years at the very most after the dog leaves.", "max"),
    "at the very most, before": ("Kennel cards are kept for at the very most 4 years after the dog leaves.", "max"),
    "upward of": ("Kennel cards are kept for upward of 4 years after the dog leaves.", "min"),
    "at the very least": ("Kennel cards are kept for 4 years at the very least after the dog leaves.", "min"),
    "at the absolute minimum": ("Kennel cards are kept for 4 years at the absolute minimum after the dog leaves.",
                                "min"),
    "at the utmost": ("Kennel cards are kept for 4 years at the utmost after the dog leaves.", "max"),
    "at the outside": ("Kennel cards are kept for 4 years at the outside after the dog leaves.", "max"),
    "or upwards": ("Kennel cards are kept for 4 years or upwards after the dog leaves.", "min"),
    "well upward of": ("Kennel cards are kept for well upward of 4 years after the dog leaves.", "min"),
}


def _span(text: str) -> tuple[int, int]:
    start = text.index("4 years")
    return start, start + len("4 years")


@pytest.mark.parametrize("name", sorted(_BOUNDED))
def test_an_intensified_bound_is_read_as_its_bound(name: str) -> None:
    text, sense = _BOUNDED[name]
    found = modifiers(text, *_span(text))
    assert [(m.family, m.sense) for m in found] == [("bound", sense)], found
    # against the plain figure it is a claim word the cited clause does not hold
    extra, _ = differ(found, modifiers(_PLAIN, *_span(_PLAIN)))
    assert [m.sense for m in extra] == [sense]
    # and the cited side's: a plain claim leaves the cited figure's bound out
    _, missing = differ(modifiers(_PLAIN, *_span(_PLAIN)), found)
    assert [m.sense for m in missing] == [sense]


def test_the_same_bound_either_way_is_held() -> None:
    plain = "Kennel cards are kept for at most 4 years after the dog leaves."
    text, _ = _BOUNDED["at the very most"]
    assert differ(modifiers(text, *_span(text)), modifiers(plain, *_span(plain)), source_bound="max") == ([], [])


_DAY = dt.date(2026, 9, 1)


@pytest.fixture(scope="module")
def kennel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("kennel")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: kennel\nfacets: []\nrules: []\n")
    (root / "documents" / "ken-001.md").write_text(
        FRONT_MATTER.format(id="KEN-001", kind="sop", title="Kennel records", day="2026-08-03", extra="")
        + f"KEN-001 KENNEL RECORDS\n\n3 RECORDS\n\n3.1 Each dog has a card.\n\n3.2 {_PLAIN}\n")
    ingest_project(root)
    return root


def _check(root: Path, text: str) -> Any:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": _DAY.isoformat()},
                                    "claims": [{"text": text, "citations": [{"locator": "KEN-001#3.2"}]}]})
    with Project.open(root, backends=ModelBackends()) as project:
        return project.check(answer)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["at the very most", "upward of", "at the very least", "at the utmost"])
def test_check_never_answers_an_intensified_bound_on_a_plain_figure(kennel: Path, name: str) -> None:
    verdict = _check(kennel, _BOUNDED[name][0])
    assert verdict.verdict != "answer", verdict
    assert _check(kennel, _PLAIN).verdict == "answer"  # the same claim unbounded: the test can fail
