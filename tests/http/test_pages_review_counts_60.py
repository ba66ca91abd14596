"""Audit 60's F2: the review page counted every entry of reviews.yaml (a reject a later accept
overruled too), where `inforce review` counts each item/target pair by its last word. The page
is rendered here as the server renders it, from readings with an overruled decision."""

from __future__ import annotations

import re

from inforce.adapters.cli.review_cmds import decision_counts
from inforce.adapters.http.page_html import Frame
from inforce.adapters.http.pages import _reviews_page
from inforce.ontology import AddendaReadings, Locator, ReviewDecision


def _decided(item: str, target: str, decision: str, line: int) -> ReviewDecision:
    return ReviewDecision(item=Locator.parse(item), target=Locator.parse(target), scope="partial",
                          decision=decision, by="Ana Ruiz", at="2027-10-05T09:00:00Z", line=line)


def test_the_review_page_counts_each_pair_by_its_last_word_as_the_cli_does() -> None:
    readings = AddendaReadings(reviewed=(
        _decided("ADD-01#1.2", "SPEC-01#2.1", "reject", 1), _decided("ADD-01#1.2", "SPEC-01#2.1", "accept", 8),
        _decided("ADD-01#1.3", "SPEC-01#2.2", "reject", 15)))
    page = _reviews_page("p", readings, {}, {}, Frame(caller_name="reader", project="p"),
                         decides=False, done=None, ingest=None)
    shown = re.search(r"reviews\.yaml: (\d+ accepted, \d+ rejected)", page)
    assert shown is not None, page
    assert shown.group(1) == decision_counts(readings) == "1 accepted, 1 rejected"
