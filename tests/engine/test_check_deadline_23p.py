"""A check given a deadline stops at it (audit 23p P7): the service's time limit answers 504 and
must also end the work it cut short, not leave it computing the rest of the answer in a
worker thread. ``Project.check(..., deadline=)`` (``time.monotonic()`` seconds) raises
``TimeoutError`` between claims and between a claim's steps once the deadline is past; no
deadline, or one not reached, changes nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import Answer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def retention(ingested_example) -> Path:
    return ingested_example("sop-retention")


def _answer(claims: int) -> Answer:
    stored = json.loads((EXAMPLES / "sop-retention" / "answers" / "s1-rev-d.json").read_text())
    stored["claims"] = (stored["claims"] * claims)[:claims]
    return Answer.model_validate(stored)


def test_a_deadline_already_past_stops_the_check(retention):
    with Project.open(retention) as opened, pytest.raises(TimeoutError, match="time limit"):
        opened.check(_answer(3), deadline=time.monotonic() - 1)


def test_a_deadline_not_reached_changes_nothing(retention):
    with Project.open(retention) as opened:
        free = opened.check(_answer(2))
        bounded = opened.check(_answer(2), deadline=time.monotonic() + 600)
    assert [c.status for c in bounded.claims] == [c.status for c in free.claims]
    assert bounded.verdict == free.verdict


def test_the_deadline_is_read_between_claims(retention, monkeypatch):
    """The first claim is checked; the clock then passes the deadline; the second is not begun."""
    from inforce.engine import verify

    began: list[str] = []
    real = verify._check_claim

    def one_claim_then_late(case, text, citations):
        began.append(text)
        result = real(case, text, citations)
        case.deadline = time.monotonic() - 1  # the time limit passes while the first claim is checked
        return result

    monkeypatch.setattr(verify, "_check_claim", one_claim_then_late)
    with Project.open(retention) as opened, pytest.raises(TimeoutError):
        opened.check(_answer(2), deadline=time.monotonic() + 600)
    assert len(began) == 1
