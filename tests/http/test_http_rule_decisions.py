"""The service's decision log holds each eligibility and precedence decision in the form
``inforce rules impact --decisions`` replays (issue 25): the case, the outcome, the rules, the
index build, never a document's text; and impact replays them under the old and the new pack."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app as cli
from inforce.adapters.http import Service, Warm
from inforce.adapters.http.decisions import DecisionLog
from inforce.rules.loader import STOCK_ROOT

NAME = "riverside-library"
DAY = "2026-04-20"


@pytest.fixture(scope="module")
def project(ingested_example) -> Path:
    return ingested_example(NAME)


@pytest.fixture(scope="module")
def log(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("log") / "decisions.jsonl"


@pytest.fixture(scope="module")
def logged(project: Path, log: Path, serve: Any, http_keys: Any, bearer: Any) -> list[dict[str, Any]]:
    server = serve(Service({NAME: Warm.open(NAME, project)}, http_keys, decision_log=DecisionLog(log), time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        eligible = client.post(f"/v1/projects/{NAME}/eligible", json={"valid_at": DAY}, headers=bearer("public"))
        assert eligible.status_code == 200, eligible.text
        decided = client.post(f"/v1/projects/{NAME}/precedence", headers=bearer("public"),
                              json={"a": "ADD-02#1.3", "b": "DWG-S-101#callout-3", "valid_at": DAY})
        assert decided.status_code == 200 and decided.json()["winner"] == "DWG-S-101#callout-3", decided.text
    server.service.flush()
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def test_the_service_logs_the_case_and_the_rules_of_eligibility_and_precedence(logged):
    eligible, precedence = (next(x for x in logged if x["endpoint"] == name) for name in ("eligible", "precedence"))
    assert eligible["context"] == {"valid_at": DAY} and eligible["caller"] == "public"
    assert eligible["outcome"] == "eligible" and eligible["status"] == 200 and eligible["rules"]
    assert (precedence["a"], precedence["b"], precedence["winner"]) == ("ADD-02#1.3", "DWG-S-101#callout-3",
                                                                       "DWG-S-101#callout-3")
    assert precedence["outcome"] == "resolved_by_precedence" and precedence["rules"] == ["INF-P001"]
    assert precedence["context"] == {"valid_at": DAY} and "rfi" not in precedence and "explanation" not in precedence
    for line in (eligible, precedence):  # the service's own keys stay as they were
        assert {"at", "caller", "project", "index_build", "status", "latency_ms", "answer_sha256",
                "correlation_id"} <= set(line)


def test_impact_replays_the_services_precedence_decision_under_a_swapped_order(project, log, logged, tmp_path):
    text = (STOCK_ROOT / "precedence" / "aia-style.yaml").read_text("utf-8")
    drawings = "      - name: drawings\n        kinds: [drawing]\n"
    specifications = ("      - name: specifications\n        kinds: [specification, addendum]\n"
                      "        description: a specification together with the addenda that amend it\n")
    assert drawings + specifications in text
    pack = tmp_path / "aia-swapped.yaml"
    pack.write_text(text.replace(drawings + specifications, specifications + drawings), encoding="utf-8")
    done = CliRunner().invoke(cli, ["rules", "impact", str(project), "--pack", str(pack), "--decisions", str(log),
                                    "-f", "json"])
    assert done.exit_code == 1, done.output
    data = json.loads(done.stdout)
    number = 1 + next(i for i, x in enumerate(logged) if x["endpoint"] == "precedence")
    (change,) = [c for c in data["changes"] if c["origin"] == f"{log}:{number}"]
    assert change["source"] == "precedence" and change["subject"].startswith("ADD-02#1.3 / DWG-S-101#callout-3 at ")
    assert change["before"].startswith("DWG-S-101#callout-3 governs (rule INF-P001")
    assert change["after"].startswith("ADD-02#1.3 governs (rule INF-P001")
    assert [r["id"] for r in change["rules"]] == ["INF-P001"]
