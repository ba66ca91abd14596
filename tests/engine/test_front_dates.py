"""The front chooses the date a question is about (``Project.asof``/``facts``): given, or taken
from the case attribute a rule pack names, and the result says which (never today)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from inforce.engine import Project
from inforce.ontology import AsOfAnswer, Facts, InputError, Refusal

DAY = dt.date(2024, 12, 12)
SUPPORT = ["support-uk"]


@pytest.fixture(scope="module")
def handbooks(ingested_example):
    return ingested_example("followup-handbooks")


def test_the_date_comes_from_the_case_attribute_a_pack_names(handbooks):
    with Project.open(handbooks) as project:
        answer = project.asof("P2", attributes={"dispatch_date": "2024-12-12"}, groups=SUPPORT)
        given = project.asof("P2", DAY, groups=SUPPORT)
    assert isinstance(answer, AsOfAnswer) and answer.valid_at == DAY
    assert answer.valid_at_source.startswith("case attribute dispatch_date (rule ")
    assert given.valid_at_source == "valid_at"
    # the same answer either way; where the date came from stays out of the JSON contract
    assert answer.model_dump(mode="json") == given.model_dump(mode="json")
    assert "valid_at_source" not in json.loads(answer.model_dump_json())


def test_no_date_and_no_attribute_is_refused_naming_both(handbooks):
    with Project.open(handbooks) as project, pytest.raises(InputError) as refused:
        project.asof("P2", groups=SUPPORT)
    assert refused.value.field == "valid_at" and refused.value.reason == "required"
    assert "dispatch_date" in str(refused.value)


def test_a_date_and_an_attribute_that_disagree_are_refused(handbooks):
    with Project.open(handbooks) as project, pytest.raises(InputError) as refused:
        project.asof("P2", dt.date(2025, 1, 1), attributes={"dispatch_date": "2024-12-12"}, groups=SUPPORT)
    assert refused.value.field == "valid_at" and refused.value.reason == "conflict"


def test_a_misspelt_attribute_is_refused_before_anything_is_answered(handbooks):
    with Project.open(handbooks) as project, pytest.raises(InputError) as refused:
        project.asof("P2", DAY, attributes={"dispatch_dat": "2024-12-12"}, groups=SUPPORT)
    assert refused.value.field == "context" and "dispatch_dat" in str(refused.value)


def test_a_refusal_carries_no_date(handbooks):
    with Project.open(handbooks) as project:
        refused = project.asof("P2#4.1", attributes={"dispatch_date": "2024-12-12"})
    assert isinstance(refused, Refusal) and refused.reason == "access_restricted"
    assert refused.locator == "P2#4.1" and not hasattr(refused, "valid_at_source")
    assert "2024-12-12" not in refused.model_dump_json()


def test_facts_choose_their_date_the_same_way(handbooks):
    with Project.open(handbooks) as project:
        found = project.facts(None, attributes={"dispatch_date": "2024-12-12"}, groups=SUPPORT)
        given = project.facts(None, DAY, groups=SUPPORT)
        with pytest.raises(InputError) as refused:
            project.facts(None)
    assert isinstance(found, Facts) and found.valid_at == DAY and "dispatch_date" in found.valid_at_source
    assert given.valid_at_source == "valid_at" and found.model_dump(mode="json") == given.model_dump(mode="json")
    assert refused.value.field == "valid_at" and refused.value.reason == "required"
