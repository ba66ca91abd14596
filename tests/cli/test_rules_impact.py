"""``inforce rules impact`` end to end: exit codes (0 nothing changes, 1 a decision does, 2 a
pack that does not lint or an old pack that cannot be read), the four formats, and the old pack
taken from git (``--against-ref``, HEAD by default for a pack edited in place)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from impact_cases import PERIOD, invoke, period_edited

#: the policy owner holds the handbooks' group: every change shown whole (without it, those about
#: the group's handbook are shown withheld: tests/cli/test_rules_impact_hostile.py)
OWNER = ("--groups", "support-uk")


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def edited(followup, tmp_path_factory) -> Path:
    """The project's pack with the UK refurbished period changed from 14 to 10 days, written elsewhere."""
    return period_edited(followup, tmp_path_factory.mktemp("edited"))


def test_text_lists_a_summary_line_per_source_and_a_line_per_changed_decision_and_exits_1(followup, edited):
    out = invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, code=1).stdout
    lines = out.splitlines()
    assert lines[0].startswith(f"impact of {edited} on followup-handbooks (replaces rules/followup.yaml; ")
    assert f"rule FUP-C001 (calculation) modified: {edited}:31" in lines
    assert any(line.startswith("eligibility: 4 of ") for line in lines)
    assert any(line.startswith("precedence: 0 of 0 decision(s) changed (not recomputed") for line in lines)
    changed = [line for line in lines if line.startswith("eligibility answers/s3-p2.json s3-p2: ")]
    assert len(changed) == 1 and "2024-12-26 [FUP-C001] -> " in changed[0] and changed[0].endswith(
        f"2024-12-22 [FUP-C001]  [FUP-C001 ({edited}:31)]")
    assert lines[-1] == "4 decision(s) change"


def test_json_is_the_documented_schema(followup, edited):
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "-f", "json", code=1).stdout)
    assert set(data) == {"project", "index_build", "pack", "new", "old", "valid_at", "rules_changed", "sources",
                         "changes", "unreplayed", "groups", "withheld"}
    assert data["withheld"] == []  # support-uk reads every handbook
    assert [s["source"] for s in data["sources"]] == ["eligibility", "tests", "supersession", "asof", "precedence",
                                                    "subjects"]
    change = data["changes"][0]
    assert set(change) == {"source", "origin", "subject", "change", "before", "after", "rules", "withheld"}
    assert change["rules"] == [{"id": "FUP-C001", "file": str(edited), "line": 31}]
    assert data["rules_changed"] == [{"id": "FUP-C001", "change": "modified", "kind": "calculation",
                                      "place": {"id": "FUP-C001", "file": str(edited), "line": 31}}]


def test_md_is_a_pull_request_comment_with_a_table_of_changed_decisions(followup, edited):
    out = invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "-f", "md", code=1).stdout
    assert out.startswith("### Rule impact: ")
    assert "| Source | Where | Decision | Before | After | Rule |" in out
    assert "**4 decision(s) change.**" in out
    row = next(line for line in out.splitlines() if line.startswith("| eligibility | answers/s3-p2.json |"))
    assert row.count(" | ") == 5


def test_sarif_has_one_result_per_changed_decision_at_the_rules_file_and_line(followup, edited):
    log = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "-f", "sarif", code=1).stdout)
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert len(results) == 4 and {r["ruleId"] for r in results} == {"impact/eligibility"}
    location = results[0]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": str(edited)}, "region": {"startLine": 31}}


def test_an_edit_that_changes_nothing_exits_0(followup, tmp_path):
    pack = tmp_path / "followup.yaml"
    pack.write_text("# a note for the next owner\n" + (followup / "rules" / "followup.yaml").read_text("utf-8"))
    out = invoke("rules", "impact", str(followup), "--pack", str(pack)).stdout
    assert "no rule changed" in out and out.splitlines()[-1] == "no decision changes"


def test_a_pack_that_does_not_lint_exits_2_with_the_lint_messages_at_file_line_col(followup, tmp_path):
    text = (followup / "rules" / "followup.yaml").read_text("utf-8")
    pack = tmp_path / "followup.yaml"
    pack.write_text(text.replace("    output: follow_up_date\n    add: {days: 14", "    outptu: follow_up_date\n    add: {days: 14", 1))
    result = invoke("rules", "impact", str(followup), "--pack", str(pack), code=2)
    assert "the new pack" in result.output and f"{pack}:40:5: RP002" in result.output


@pytest.fixture
def repository(followup, tmp_path) -> Path:
    """A copy of the ingested project, its files committed to a new git repository."""
    root = tmp_path / "followup-handbooks"
    shutil.copytree(followup, root)

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(root), "-c", "user.email=owner@example.com", "-c", "user.name=Owner",
                        *args], check=True, capture_output=True)

    git("init", "-q")
    git("add", "inforce.yaml", "rules", "documents")
    git("commit", "-q", "-m", "handbooks")
    return root


def test_a_pack_edited_in_place_is_compared_with_its_version_at_head(repository):
    pack = repository / "rules" / "followup.yaml"
    pack.write_text(pack.read_text("utf-8").replace(PERIOD, PERIOD.replace("14", "10"), 1), encoding="utf-8")
    # without --groups only the public handbooks are read: every decision the change moves is one of
    # P2, which only support-uk may read, so none is listed or counted (audit 112a F1) and it exits 0
    out = invoke("rules", "impact", str(repository), "--pack", str(pack), code=0).stdout
    assert "old: HEAD:rules/followup.yaml;" in out.splitlines()[0]
    assert "rule FUP-C001 (calculation) modified: rules/followup.yaml:31" in out
    assert "no decision changes" in out and "you may not read, in full or in part" in out
    # the change shows in the pack test's case for support-uk, of P2, which only they may read (audit NN-3)
    out = invoke("rules", "impact", str(repository), "--pack", str(pack), "--against-ref", "HEAD",
                 "--groups", "support-uk", code=1).stdout
    assert "2024-12-22 [FUP-C001]" in out
    result = invoke("rules", "impact", str(repository), "--pack", str(pack), "--against-ref", "no-such-ref", code=2)
    assert "rules/followup.yaml is not at no-such-ref" in result.output


def test_against_ref_outside_a_git_checkout_is_a_clear_error(followup, edited, tmp_path):
    root = tmp_path / "plain"
    shutil.copytree(followup, root)
    if subprocess.run(["git", "-C", str(root), "rev-parse"], capture_output=True).returncode == 0:
        pytest.skip("the temporary folder is inside a git checkout")
    result = invoke("rules", "impact", str(root), "--pack", str(root / "rules" / "followup.yaml"), code=2)
    assert "is not in a git checkout" in result.output and "--against" in result.output
