"""``rules impact`` on a project of more documents than a line lists (issue 25's benchmark
shape, small): when the eligibility rules are the same on both sides, each case is decided
without listing its exclusions, and a changed case shows them counted by reason; an eligibility
rule changed lists them again, document by document, where they differ."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project

from bench_scripts import load

bench = load("impact_bench")  # the benchmark's own project, pack and cases, small


@pytest.fixture(scope="module")
def handbooks(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("impact-many") / "handbooks"
    (root / "rules").mkdir(parents=True)
    (root / "inforce.yaml").write_text(bench.MANIFEST, encoding="utf-8")
    (root / "rules" / "handbooks.yaml").write_text(bench.pack(14), encoding="utf-8")
    bench.generate_small(root, 60)
    ingest_project(root)
    cases = root.parent / "cases.jsonl"
    bench.write_cases(cases, 40)
    return root


def _impact(root: Path, text: str, tmp_path: Path):
    new = tmp_path / "handbooks.yaml"
    new.write_text(text, encoding="utf-8")
    with Project.open(root) as project:
        return project.impact(new, cases=root.parent / "cases.jsonl", groups=bench.GROUPS)  # the policy owner


def test_a_period_changed_lists_each_case_it_moves_with_its_exclusions_counted(handbooks, tmp_path):
    report = _impact(handbooks, bench.pack(10), tmp_path)
    changed = [c for c in report.changes if c.source == "eligibility"]
    assert changed, "some UK refurbished case moves"
    for change in changed:
        assert "[HB-C001]" in change.before and "[HB-C001]" in change.after
        assert "excluded: " in change.before and " documents (by reason: " in change.before
    # the same cases, decided with every exclusion listed, differ exactly where these do
    cases = [json.loads(line) for line in (handbooks.parent / "cases.jsonl").read_text().splitlines()]
    moved = {f"cases.jsonl:{n}" for n, case in enumerate(cases, 1)
             if case["attributes"]["market"] == "UK" and case["attributes"]["product"] == "refurbished"}
    assert {c.origin for c in changed} <= moved


def test_an_eligibility_rule_changed_lists_the_documents_it_moves(handbooks, tmp_path):
    text = bench.pack(14).replace("      product: membership\n", "")  # the product facet no longer excludes
    report = _impact(handbooks, text, tmp_path)
    changed = [c for c in report.changes if c.source == "eligibility"]
    assert changed
    assert any("not on the other side: HB-" in (c.after or "") for c in changed)
