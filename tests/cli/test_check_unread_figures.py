"""``check`` of a claim whose figure is written in a form the extractor reads only since audit
23j (H4: ``7½ years``, ``a decade``) compares it; one it still does not read (``a year and a
half``) is named and escalates: never a plain answer, exit 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

_SOP = """---
id: SOP-001
kind: sop
title: Document Control
revision: "A"
seq: 1
issued: 2026-12-02
effective: {from: 2026-12-02}
recorded: 2026-12-02T09:00:00Z
---
SOP-001 DOCUMENT CONTROL

1 PURPOSE

This procedure describes how controlled documents are issued, revised and withdrawn.

2 PROCEDURE

2.1 Each revision is recorded in the registry with its effective date before release.

2.2 Superseded revisions are retained for 7 years after withdrawal.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("figures") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text('project: "figures"\nfacets: [version]\nrules: []\n')
    (root / "documents" / "sop-001.md").write_text(_SOP)
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _check(project: Path, claim: str) -> tuple[int, dict]:
    answer = {"question": "q", "context": {"valid_at": "2026-12-05", "groups": []},
              "claims": [{"text": claim, "citations": [{"locator": "SOP-001#2.2"}]}]}
    path = project / f"answer-{abs(hash(claim))}.json"
    path.write_text(json.dumps(answer))
    done = runner.invoke(app, ["check", str(project), "--answer", str(path), "-f", "json"])
    return done.exit_code, json.loads(done.output)


@pytest.mark.parametrize("figure", ["7½ years", "seven and a half years", "7-and-a-half years", "half a year",
                                    "a decade", "two decades"])
def test_a_figure_in_a_form_now_read_is_compared_and_refused(project, figure):
    code, verdict = _check(project, f"Superseded revisions are retained for {figure} after withdrawal.")
    assert code == 1 and verdict["verdict"] == "refusal"
    assert verdict["claims"][0]["status"] == "unsupported_quantity", verdict["claims"][0]


def test_the_same_figure_written_otherwise_is_an_answer(project):
    code, verdict = _check(project, "Superseded revisions are retained for seven years after withdrawal.")
    assert (code, verdict["verdict"]) == (0, "answer")
    assert verdict["claims"][0]["warnings"] == []


def test_a_figure_not_read_is_named_and_escalates(project):
    code, verdict = _check(project, "Superseded revisions are retained for a year and a half after withdrawal.")
    assert code == 1 and verdict["verdict"] == "escalation"
    assert "figure not read: 'a year and a half'" in verdict["claims"][0]["warnings"]
    assert "a year and a half" in verdict["rfi"]
