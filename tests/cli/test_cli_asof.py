"""Scenario S1 and S4's stale claim, end to end: copy an example project, ingest it, ask the CLI."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project

runner = CliRunner()


def asof(project: Path, *args: str, code: int = 0) -> dict:
    result = runner.invoke(app, ["asof", str(project), *args, "--format", "json"])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


# Read-only: the process's shared ingests (tests/conftest.py). A test that edits a project
# (lag after a new revision arrives) takes its own copy of it (ingested_example.copy).
@pytest.fixture(scope="module")
def sop(ingested_example) -> Path:
    return ingested_example("sop-retention")


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


# ---- S1: faithful to a superseded revision ----------------------------------------------------


def test_citing_rev_c_after_rev_d_took_effect_is_stale_and_names_rev_d(sop):
    answer = asof(sop, "SOP-114@C#5.2", "--valid-at", "2026-05-01")
    assert answer["in_force"] is False and answer["reason"] == "stale_revision"
    assert answer["resolved"] == "SOP-114@D#5.2"
    assert "retained for 7 years" in answer["text"] and "5 years" not in answer["text"]
    assert answer["valid_at"] == "2026-05-01" and answer["known_at"] is None
    # the same claim checked by the freshness gate names rev D's text as the replacement
    with Project.open(sop) as project:
        assert answer["index_build"] and answer["index_build"] == project.build_id
        gate = project.freshness_gate(["SOP-114@C#5.2"], dt.date(2026, 5, 1))
    assert gate.outcome == "block"
    (replacement,) = gate.stale[0].in_force
    assert str(replacement.locator) == "SOP-114@D#5.2" and "7 years" in replacement.text


def test_the_same_citation_before_rev_d_is_fresh(sop):
    answer = asof(sop, "SOP-114@C#5.2", "--valid-at", "2025-12-01")
    assert answer["in_force"] is True and answer["resolved"] == "SOP-114@C#5.2"
    assert "retained for 5 years" in answer["text"]


def test_auditor_known_at_before_rev_d_was_recorded_answers_rev_c(sop):
    audit = asof(sop, "SOP-114#5.2", "--valid-at", "2026-03-10", "--known-at", "2026-03-10")
    assert audit["resolved"] == "SOP-114@C#5.2"
    assert audit["known_at"].startswith("2026-03-10T23:59:59")
    now = asof(sop, "SOP-114#5.2", "--valid-at", "2026-03-10")
    assert now["resolved"] == "SOP-114@D#5.2"
    chain = now["chain"][0]
    assert chain == {**chain, "locator": "SOP-114@D#5.2", "effective": "2026-03-01",
                     "recorded": "2026-03-16T09:30:00Z", "origin": "declared"}


@pytest.mark.parametrize("label", ["B", "C", "D"])
def test_section_2_1_is_fresh_in_every_revision_since_b(sop, label):
    answer = asof(sop, f"SOP-114@{label}#2.1", "--valid-at", "2026-05-01")
    assert answer["in_force"] is True and answer["resolved"] == "SOP-114@B#2.1"
    with Project.open(sop) as project:
        assert project.freshness_gate([f"SOP-114@{label}#2.1"], dt.date(2026, 5, 1)).outcome == "pass"


def test_same_day_revisions_are_decided_by_seq_not_file_order(sop):
    on_the_day = asof(sop, "SOP-121#4.3", "--valid-at", "2025-09-01")
    assert on_the_day["resolved"] == "SOP-121@B1#4.3" and "30 minutes" in on_the_day["text"]
    before = asof(sop, "SOP-121#4.3", "--valid-at", "2025-08-31")
    assert before["resolved"] == "SOP-121@A#4.3" and "10 minutes" in before["text"]
    # B1 did not change 5.2: B's text is the in-force one
    assert asof(sop, "SOP-121#5.2", "--valid-at", "2025-09-01")["resolved"] == "SOP-121@B#5.2"


def test_whole_document_locator_and_no_coverage(sop):
    assert asof(sop, "SOP-114", "--valid-at", "2026-03-10", "--known-at", "2026-03-10")["resolved"] == "SOP-114@C"
    none = asof(sop, "SOP-114#5.2", "--valid-at", "2020-01-01", code=1)
    assert none["in_force"] is False and none["reason"] == "no_coverage_for_date"


def test_valid_at_is_required_and_today_is_never_assumed(sop):
    result = runner.invoke(app, ["asof", str(sop), "SOP-114#5.2"])
    assert result.exit_code == 2
    assert "--valid-at is required" in result.stderr and "today" in result.stderr
    assert result.stdout == ""


def test_bad_input_exits_2(sop):
    assert runner.invoke(app, ["asof", str(sop), "SOP-114#7.4.2", "--valid-at", "2026-05-01"]).exit_code == 2
    assert runner.invoke(app, ["asof", str(sop), "SOP-114#5.2", "--valid-at", "May 1"]).exit_code == 2
    assert runner.invoke(app, ["asof", str(sop), "SOP-114#5.2", "--valid-at", "2026-05-01",
                               "--known-at", "yesterday"]).exit_code == 2


def test_history_lists_every_version_on_both_clocks(sop):
    result = runner.invoke(app, ["history", str(sop), "SOP-114#5.2", "--format", "json"])
    assert result.exit_code == 0, result.output
    versions = json.loads(result.stdout)["versions"]
    assert [(v["locator"], v["kind"], v["effective_from"], v["recorded"], v["seq"]) for v in versions] == [
        ("SOP-114@B#5.2", "added", "2023-02-01", "2023-01-25T10:00:00Z", 1),
        ("SOP-114@C#5.2", "changed", "2024-06-01", "2024-05-20T10:00:00Z", 2),
        ("SOP-114@D#5.2", "changed", "2026-03-01", "2026-03-16T09:30:00Z", 3),
    ]
    text = runner.invoke(app, ["history", str(sop), "SOP-114#2.1"])
    assert text.exit_code == 0 and "B, C, D" in text.stdout


@pytest.mark.slow
def test_lag_before_and_after_document_control_records_rev_e(tmp_path, ingested_example):
    project = ingested_example.copy("sop-retention", tmp_path / "sop-retention")  # the run's one ingest
    current = runner.invoke(app, ["lag", str(project), "--format", "json"])
    assert current.exit_code == 0, current.output
    assert json.loads(current.stdout)["pending"] == []

    shutil.copy(project / "pending" / "SOP-114-rev-E.md", project / "documents" / "SOP-114-rev-E.md")
    lagging = runner.invoke(app, ["lag", str(project), "--now", "2026-08-27T08:00:00Z", "--format", "json"])
    assert lagging.exit_code == 1, lagging.output
    report = json.loads(lagging.stdout)
    assert [(p["locator"], p["recorded"]) for p in report["pending"]] == [("SOP-114@E", "2026-08-20T08:00:00Z")]
    assert report["oldest_pending_age_seconds"] == 7 * 24 * 3600
    text = runner.invoke(app, ["lag", str(project), "--now", "2026-08-27T08:00:00Z"])
    assert text.exit_code == 1 and "SOP-114@E" in text.stdout and "7d 00h 00m" in text.stdout

    assert runner.invoke(app, ["ingest", str(project)]).exit_code == 0
    assert runner.invoke(app, ["lag", str(project)]).exit_code == 0
    # rev E changed only 5.3: 5.2 in force stays rev D's
    assert asof(project, "SOP-114#5.2", "--valid-at", "2026-10-01")["resolved"] == "SOP-114@D#5.2"
    assert asof(project, "SOP-114#5.3", "--valid-at", "2026-10-01")["resolved"] == "SOP-114@E#5.3"


# ---- S4: the addendum's stale claim ---------------------------------------------------------


def test_original_paragraph_is_superseded_by_the_addendum(riverside):
    answer = asof(riverside, "SPEC-033000#2.1.A", "--valid-at", "2026-05-01")
    assert answer["in_force"] is False and answer["successors"] == ["ADD-02#1.3"]
    assert answer["resolved"] == "ADD-02@0#1.3"
    assert "5,000 psi" in answer["text"] and "4,000 psi" not in answer["text"]
    edge = answer["chain"][-1]
    assert (edge["locator"], edge["effective"], edge["origin"], edge["kind"]) == (
        "ADD-02#1.3", "2026-04-10", "declared", "supersedes")
    text = runner.invoke(app, ["asof", str(riverside), "SPEC-033000#2.1.A", "--valid-at", "2026-05-01"])
    assert text.exit_code == 0 and "03 30 00 §2.1.A as amended by Addendum No. 2" in text.stdout


def test_before_the_addendum_the_original_paragraph_is_in_force(riverside):
    answer = asof(riverside, "SPEC-033000#2.1.A", "--valid-at", "2026-04-09")
    assert answer["in_force"] is True and answer["resolved"] == "SPEC-033000@0#2.1.A"
    assert "4,000 psi" in answer["text"]


def test_a_claim_citing_the_original_paragraph_is_stale_with_the_addendum_text(riverside):
    with Project.open(riverside) as project:
        gate = project.freshness_gate(["SPEC-033000@0#2.1.A"], dt.date(2026, 5, 1))
        candidates = project.dedup_to_current(["SPEC-033000#2.1.A", "ADD-02#1.3"], dt.date(2026, 5, 1))
    assert gate.outcome == "block" and gate.stale[0].reason == "superseded"
    (replacement,) = gate.stale[0].in_force
    assert str(replacement.locator) == "ADD-02@0#1.3" and "5,000 psi" in replacement.text
    assert [str(k) for k in candidates.kept] == ["ADD-02#1.3"]
    assert [(str(d.locator), d.reason) for d in candidates.dropped] == [("SPEC-033000#2.1.A", "superseded")]


def test_valid_at_may_come_from_the_case_attribute_a_rule_pack_names(followup):
    project = followup
    missing = runner.invoke(app, ["asof", str(project), "P2"])
    assert missing.exit_code == 2 and "dispatch_date" in missing.stderr and "today" in missing.stderr
    given = runner.invoke(app, ["asof", str(project), "P2", "--context", "dispatch_date=2024-12-12",
                                "--groups", "support-uk", "-f", "json"])
    assert given.exit_code == 0, given.output
    assert json.loads(given.stdout)["valid_at"] == "2024-12-12"
    assert "valid_at 2024-12-12: from case attribute dispatch_date" in given.stderr


def test_asof_and_show_refuse_a_document_the_asker_may_not_read(followup):
    project = followup
    for command in (["asof", str(project), "P2#4.1", "--valid-at", "2024-12-12"], ["show", str(project), "P2#4.1"]):
        refused = runner.invoke(app, [*command, "-f", "json"])
        assert refused.exit_code == 1, refused.output
        assert json.loads(refused.stdout) == {"locator": "P2#4.1", "outcome": "refusal", "reason": "access_restricted",
                                              "detail": "the asker's groups may not read it"}
        assert "14 calendar days" not in refused.output and "Refurbished" not in refused.output
        allowed = runner.invoke(app, [*command, "--groups", "qa,support-uk", "-f", "json"])
        assert allowed.exit_code == 0 and "14 calendar days" in json.loads(allowed.stdout)["text"]


def test_history_and_precedence_go_through_the_same_access_gate(followup):
    project = followup
    refused = runner.invoke(app, ["history", str(project), "P2#4.1", "-f", "json"])
    assert refused.exit_code == 1 and json.loads(refused.stdout)["reason"] == "access_restricted"
    assert "2024" not in refused.stdout  # no dates of the restricted document
    decided = runner.invoke(app, ["precedence", str(project), "P1#4.1", "P2#4.1", "--valid-at", "2025-01-01",
                                  "-f", "json"])
    assert decided.exit_code == 1 and json.loads(decided.stdout)["reason"] == "access_restricted"
    assert "Refurbished" not in decided.output and "14 calendar days" not in decided.output
    allowed = runner.invoke(app, ["history", str(project), "P2#4.1", "--groups", "support-uk", "-f", "json"])
    assert allowed.exit_code == 0 and json.loads(allowed.stdout)["versions"]
