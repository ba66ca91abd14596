"""Decisions logged for rules (issue 25): ``--decision-log`` on ``eligible`` and ``precedence``
writes one JSON line a decision (the case, the outcome, the rules, the index build; no text),
and ``rules impact --decisions`` replays such logs and ``check --audit-dir`` records under the
old pack and the new one, each changed decision named by ``LOG:LINE`` (a record by its file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.cli import app

from impact_cases import invoke, period_edited, runner

UK_REFURBISHED = ["-c", "market=UK", "-c", "product=refurbished", "-c", "dispatch_date=2024-12-12",
                  "-c", "pilot=false", "--groups", "support-uk"]
IE_NEW = ["-c", "market=IE", "-c", "product=new", "-c", "dispatch_date=2024-03-01"]
#: the policy owner holds the handbooks' group: every change shown whole
OWNER = ("--groups", "support-uk")


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def edited(followup, tmp_path_factory) -> Path:
    """The project's pack with the UK refurbished period changed from 14 to 10 days, written elsewhere."""
    return period_edited(followup, tmp_path_factory.mktemp("edited"))


@pytest.fixture(scope="module")
def logged(followup, tmp_path_factory) -> Path:
    """A log of three decisions: a UK refurbished case (its follow-up date depends on the
    period), an Irish new-product case (it does not), and a precedence question."""
    log = tmp_path_factory.mktemp("log") / "decisions.jsonl"
    invoke("eligible", str(followup), *UK_REFURBISHED, "--decision-log", str(log))
    invoke("eligible", str(followup), *IE_NEW, "--decision-log", str(log), code=1)
    invoke("precedence", str(followup), "P1#2", "P2#2", "--valid-at", "2024-12-12", "--groups", "support-uk",
           "--decision-log", str(log), code=1)
    return log


def test_each_decision_is_one_line_holding_the_case_the_outcome_the_rules_and_the_build(followup, logged):
    lines = [json.loads(line) for line in logged.read_text("utf-8").splitlines()]
    assert [line["endpoint"] for line in lines] == ["eligible", "eligible", "precedence"]
    first = lines[0]
    assert set(first) == {"at", "endpoint", "caller", "project", "index_build", "outcome", "context", "rules"}
    assert first["outcome"] == "eligible" and first["rules"] == ["FUP-E001", "FUP-C001"]
    assert first["context"] == {"groups": ["support-uk"], "attributes": {
        "market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12", "pilot": False}}
    assert first["project"] == "followup-handbooks" and len(first["index_build"]) == 16
    assert lines[1]["outcome"] in ("refusal", "clarification_request")
    asked = lines[2]
    assert (asked["a"], asked["b"], asked["outcome"]) == ("P1#2", "P2#2", "escalate")
    assert asked["context"] == {"valid_at": "2024-12-12", "groups": ["support-uk"]}
    # ids, dates and attribute values only: no provision's text, no RFI draft
    text = logged.read_text("utf-8")
    assert "follow-up contact" not in text and "Which requirement governs" not in text


def test_impact_replays_the_logged_decisions_and_names_each_change_by_log_and_line(followup, edited, logged):
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions", str(logged),
                             "-f", "json", code=1).stdout)
    replayed = [c for c in data["changes"] if c["origin"].startswith(f"{logged}:")]
    assert [c["origin"] for c in replayed] == [f"{logged}:1"]  # the Irish case's outcome does not move
    (change,) = replayed
    assert change["source"] == "eligibility" and change["subject"].startswith("eligible at ")
    assert "2024-12-26 [FUP-C001]" in change["before"] and "2024-12-22 [FUP-C001]" in change["after"]
    assert change["rules"] == [{"id": "FUP-C001", "file": str(edited), "line": 31}]
    eligibility = next(s for s in data["sources"] if s["source"] == "eligibility")
    without = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "-f", "json",
                                code=1).stdout)
    assert eligibility["decisions"] == next(s for s in without["sources"]
                                            if s["source"] == "eligibility")["decisions"] + 2
    # the change touches no precedence rule: the logged question is counted, not replayed
    precedence = next(s for s in data["sources"] if s["source"] == "precedence")
    assert "1 logged precedence decision(s) not replayed" in precedence["note"]


def test_lines_of_other_endpoints_are_counted_not_replayed(followup, edited, logged, tmp_path):
    log = tmp_path / "service.jsonl"
    other = {"at": "2026-12-02T00:00:00Z", "endpoint": "asof", "caller": "dms", "project": "followup-handbooks",
             "index_build": "x", "outcome": "in_force", "status": 200}
    log.write_text(json.dumps(other) + "\n\n" + logged.read_text("utf-8").splitlines()[0] + "\n", encoding="utf-8")
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions", str(log),
                             "-f", "json", code=1).stdout)
    assert [c["origin"] for c in data["changes"] if c["origin"].startswith(str(log))] == [f"{log}:3"]
    eligibility = next(s for s in data["sources"] if s["source"] == "eligibility")
    assert eligibility["note"].startswith("1 logged line(s) hold no eligibility, precedence or check decision")


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", '{"endpoint": "eligible", "context": {"valid_at": "soon"}}',
                                 '{"outcome": "eligible"}'])
def test_a_line_that_does_not_read_is_an_input_error_naming_the_file_and_line(followup, edited, logged, tmp_path,
                                                                              bad):
    log = tmp_path / "bad.jsonl"
    log.write_text(logged.read_text("utf-8") + bad + "\n", encoding="utf-8")
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions", str(log), code=2)
    assert f"{log}:4: decisions: the logged decision does not read" in result.output


def test_a_log_that_is_not_there_is_an_input_error(followup, edited, tmp_path):
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions",
                    str(tmp_path / "missing.jsonl"), code=2)
    assert "missing.jsonl" in result.output


def test_impact_replays_the_context_of_a_checks_audit_record(followup, edited, tmp_path):
    records = tmp_path / "audit"
    checked = runner.invoke(app, ["check", str(followup), "--answer", str(followup / "answers" / "s3-p2.json"),
                                  "--audit-dir", str(records)])
    assert checked.exit_code in (0, 1), checked.output  # the verdict's own exit: the record is written either way
    (record,) = records.glob("*.json")
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions", str(records),
                             "-f", "json", code=1).stdout)
    (change,) = [c for c in data["changes"] if c["origin"] == str(record)]
    assert change["subject"].startswith("check ") and "2024-12-22 [FUP-C001]" in change["after"]
    # the record file itself, given alone, is read the same way
    alone = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "--decisions", str(record),
                              "-f", "json", code=1).stdout)
    assert [c["origin"] for c in alone["changes"] if c["origin"] == str(record)] == [str(record)]
