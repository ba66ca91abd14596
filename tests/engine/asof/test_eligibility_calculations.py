"""Date arithmetic a policy prescribes: calendar vs business days, the date counted from, conditions."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._options import parse_case_value
from inforce.engine.calculations import add_days, evaluate_calculations
from inforce.ontology import UnmatchedValue
from inforce.rules import CalculationRule, DayCount, RuleSet, load_pack

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


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


# ---- a stated value no rule for the output accepts is asked for, never passed over --------
PILOT_RULES = [
    rule("TST-C001", output="follow_up_date", when={"pilot": False}, add={"days": 14, "from": "dispatch_date"}),
    rule("TST-C002", output="follow_up_date", when={"pilot": True}, result="set by hand"),
]
DISPATCHED = {"dispatch_date": dt.date(2024, 12, 12)}


@pytest.mark.parametrize("given", ["maybe", "flase"])
def test_a_value_none_of_the_branches_accepts_is_asked_for_with_the_known_values(given):
    outcome = evaluate_calculations(PILOT_RULES, {**DISPATCHED, "pilot": given}, None, ())
    assert outcome.calculations == [] and outcome.rules_fired == []
    assert outcome.clarify == ["pilot"]
    assert outcome.unmatched == [UnmatchedValue(attribute="pilot", value=given, known=("false", "true"),
                                                output="follow_up_date", rules=("TST-C001", "TST-C002"))]
    assert str(outcome.unmatched[0]) == (
        f"pilot = {given} is none of the values the rules for follow_up_date accept (pilot: false, true)")


def test_the_example_pack_asks_again_for_a_pilot_value_it_does_not_know():
    rules = RuleSet(packs=(load_pack(EXAMPLES / "followup-handbooks" / "rules" / "followup.yaml"),)).calculations
    case = {"market": "UK", "product": "refurbished", **DISPATCHED, "pilot": parse_case_value("maybe")}
    outcome = evaluate_calculations(rules, case, dt.date(2024, 12, 12), ("P2",))
    assert outcome.calculations == [] and outcome.clarify == ["pilot"]
    (unmatched,) = outcome.unmatched
    assert (unmatched.attribute, unmatched.value, set(unmatched.known)) == ("pilot", "maybe", {"true", "false"})
    # rules for documents that are not eligible (P1, P3) neither fire nor lend their values
    assert unmatched.rules == ("FUP-C001", "FUP-C002")


def test_known_values_and_unknown_attributes_are_not_unmatched():
    for pilot in (False, True):
        outcome = evaluate_calculations(PILOT_RULES, {**DISPATCHED, "pilot": pilot}, None, ())
        assert outcome.unmatched == [] and outcome.clarify == [] and len(outcome.calculations) == 1
    unknown = evaluate_calculations(PILOT_RULES, DISPATCHED, None, ())
    assert unknown.unmatched == [] and unknown.clarify == []
    assert {c.status for c in unknown.calculations} == {"conditional"}


def test_only_the_attribute_whose_value_no_rule_accepts_is_asked_for():
    rules = [rule("TST-C001", when={"pilot": False, "tier": "gold"}, result="a"),
             rule("TST-C002", when={"pilot": True}, result="b")]
    outcome = evaluate_calculations(rules, {"pilot": False, "tier": "silver"}, None, ())
    assert [(u.attribute, u.value, u.known) for u in outcome.unmatched] == [("tier", "silver", ("gold",))]
    assert outcome.clarify == ["tier"]


def test_an_output_some_rule_answers_has_nothing_unmatched():
    rules = [rule("TST-C001", when={"pilot": True}, result="by hand"), rule("TST-C002", result="default")]
    outcome = evaluate_calculations(rules, {"pilot": "maybe"}, None, ())
    assert [c.rule for c in outcome.calculations] == ["TST-C002"] and outcome.unmatched == []


def test_each_output_is_judged_by_its_own_rules():
    rules = [*PILOT_RULES, rule("TST-C003", output="courtesy_call", when={"market": ["UK", "IE"]}, result="yes")]
    outcome = evaluate_calculations(rules, {**DISPATCHED, "pilot": "maybe", "market": "FR"}, None, ())
    assert [(u.output, u.attribute, u.known) for u in outcome.unmatched] == [
        ("follow_up_date", "pilot", ("false", "true")), ("courtesy_call", "market", ("UK", "IE"))]
    assert outcome.clarify == ["pilot", "market"]


def test_a_rule_for_a_document_that_is_not_eligible_is_not_considered():
    rules = [rule("TST-C001", documents=("P2",), when={"pilot": True}, result="r")]
    assert evaluate_calculations(rules, {"pilot": "maybe"}, None, ("P1",)).unmatched == []
    assert evaluate_calculations(rules, {"pilot": "maybe"}, None, ("P2",)).clarify == ["pilot"]


# ---- the same through `inforce eligible` ---------------------------------------------------
runner = CliRunner()
S3_CASE = ["-c", "market=UK", "-c", "product=refurbished", "-c", "dispatch_date=2024-12-12", "--groups", "support-uk"]


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


def eligible(project: Path, pilot: str, *args: str):
    return runner.invoke(app, ["eligible", str(project), *S3_CASE, "-c", f"pilot={pilot}", *args])


@pytest.mark.parametrize("pilot", ["maybe", "flase"])
def test_cli_a_pilot_value_no_rule_knows_is_a_clarification_request(followup, pilot):
    text = eligible(followup, pilot)
    assert text.exit_code == 1, text.output
    assert "clarification request" in text.stdout and "pilot" in text.stdout
    assert "follow_up_date =" not in text.stdout
    done = eligible(followup, pilot, "--format", "json")
    assert done.exit_code == 1, done.output
    data = json.loads(done.stdout)
    assert data["outcome"] == "clarification_request" and data["missing_attributes"] == ["pilot"]
    assert data["calculations"] == [] and data["eligible"] == ["P2"]


@pytest.mark.parametrize("pilot", ["maybe", "flase"])
def test_cli_the_clarification_names_the_given_value_and_the_known_values(followup, pilot):
    text = eligible(followup, pilot)
    assert text.exit_code == 1, text.output
    assert f"pilot = {pilot}" in text.stdout and "pilot: false, true" in text.stdout
    assert "does not state pilot" not in text.stdout  # it does state it: a value no rule knows
    data = json.loads(eligible(followup, pilot, "--format", "json").stdout)
    assert data["unmatched_values"] == [{"attribute": "pilot", "value": pilot, "known": ["false", "true"],
                                         "output": "follow_up_date", "rules": ["FUP-C001", "FUP-C002"]}]
