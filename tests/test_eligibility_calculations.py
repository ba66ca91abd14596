"""Date arithmetic a policy prescribes: calendar vs business days, the date counted from, conditions."""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.engine.calculations import add_days, evaluate_calculations
from inforce.rules import CalculationRule, DayCount


def rule(rule_id="TST-C001", **fields):
    base = {"id": rule_id, "slug": rule_id.lower(), "kind": "calculation", "description": "d", "source": "s",
            "output": "due"}
    return CalculationRule.model_validate({**base, **fields})


def test_calendar_days_count_from_the_day_after():
    count = DayCount.model_validate({"days": 14, "from": "dispatch_date"})
    assert add_days(dt.date(2024, 12, 12), count) == dt.date(2024, 12, 26)


def test_business_days_skip_weekends_and_holidays():
    count = DayCount.model_validate({"days": 3, "calendar": "business", "from": "x",
                                     "holidays": [dt.date(2024, 12, 25), dt.date(2024, 12, 26)]})
    # Mon 23, Tue 24, (Wed 25, Thu 26 holidays), Fri 27
    assert add_days(dt.date(2024, 12, 20), count) == dt.date(2024, 12, 27)


def test_first_definite_rule_per_output_decides():
    rules = [rule("TST-C001", when={"tier": "gold"}, add={"days": 7, "from": "start"}),
             rule("TST-C002", add={"days": 30, "from": "start"})]
    gold = evaluate_calculations(rules, {"tier": "gold", "start": dt.date(2024, 1, 1)}, None, ())
    assert [(c.rule, c.result) for c in gold.calculations] == [("TST-C001", "2024-01-08")]
    other = evaluate_calculations(rules, {"tier": "silver", "start": dt.date(2024, 1, 1)}, None, ())
    assert [(c.rule, c.result) for c in other.calculations] == [("TST-C002", "2024-01-31")]


def test_a_list_condition_is_membership():
    rules = [rule(when={"market": ["UK", "IE"]}, result="yes")]
    assert evaluate_calculations(rules, {"market": "IE"}, None, ()).calculations[0].result == "yes"
    assert evaluate_calculations(rules, {"market": "FR"}, None, ()).calculations == []


def test_on_unknown_clarify_asks_instead_of_answering():
    rules = [rule(when={"pilot": False}, add={"days": 14, "from": "dispatch_date"}, on_unknown="clarify")]
    outcome = evaluate_calculations(rules, {"dispatch_date": dt.date(2024, 12, 12)}, None, ())
    assert outcome.calculations == [] and outcome.clarify == ["pilot"]


def test_an_unstated_start_date_is_always_asked_for():
    rules = [rule(add={"days": 14, "from": "dispatch_date"})]
    outcome = evaluate_calculations(rules, {}, None, ())
    assert outcome.calculations == [] and outcome.clarify == ["dispatch_date"]


def test_applicability_date_can_be_the_start():
    rules = [rule(add={"days": 1, "from": "applicability_date"})]
    (calculation,) = evaluate_calculations(rules, {}, dt.date(2024, 2, 28), ()).calculations
    assert calculation.result == "2024-02-29"


def test_a_calculation_tied_to_a_document_fires_only_when_it_is_eligible():
    rules = [rule(documents=("P2",), result="r")]
    assert evaluate_calculations(rules, {}, None, ("P1",)).calculations == []
    assert evaluate_calculations(rules, {}, None, ("P2",)).rules_fired == ["TST-C001"]


def test_a_calculation_gives_exactly_one_outcome():
    with pytest.raises(ValueError, match="exactly one"):
        rule(result="x", add={"days": 1, "from": "a"})
