"""Audit 68 B F03: ``sweep --baseline`` read a report of N findings in time growing with N squared
(each finding's line was looked for in the whole text as it was read, though a line is only said
with a problem): 8,000 findings took 26 s, 30,000 (45 MB, under the read limit) did not finish in
two minutes. A line is now looked for only when a problem is said, and still said then."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.report import baseline
from inforce.ontology import InputError


def _report(path: Path, findings: list[dict]) -> Path:
    path.write_text(json.dumps({"project": "p", "as_of": "2026-06-01", "known_at": None, "findings": findings},
                               indent=1), encoding="utf-8")
    return path


def _finding(n: int) -> dict:
    return {"id": f"{n:016x}", "kind": "quantity_conflict", "resolution": "escalate",
            "provisions": [{"locator": "SPEC-1#2.1"}]}


def test_a_baseline_is_read_without_a_search_per_finding(tmp_path, monkeypatch):
    searched = []
    real = baseline._line
    monkeypatch.setattr(baseline, "_line", lambda text, needle: searched.append(needle) or real(text, needle))
    findings, _ = baseline.read_baseline_run(_report(tmp_path / "b.json", [_finding(n) for n in range(3000)]))
    assert len(findings) == 3000
    assert searched == []  # before: one search of the whole text per finding


def test_a_problem_is_still_said_at_the_findings_line(tmp_path):
    bad = [_finding(n) for n in range(50)]
    bad[40]["kind"] = "not_a_kind"
    with pytest.raises(InputError) as raised:
        baseline.read_baseline_run(_report(tmp_path / "b.json", bad))
    text = (tmp_path / "b.json").read_text()
    assert raised.value.line == text[:text.index(f'"{40:016x}"')].count("\n") + 1
    assert "findings[40].kind" in str(raised.value)
