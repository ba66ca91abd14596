"""The engine front as a library user and the CLI meet it: build ids, generations, lapse, lag,
exclusions counted by reason, history's end dates."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import Context

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()
MAY = dt.date(2026, 5, 1)


def copy(name: str, dest: Path) -> Path:
    project = dest / name
    shutil.copytree(EXAMPLES / name, project)
    return project


@pytest.mark.slow
def test_build_id_identifies_the_content_and_a_noop_reingest_keeps_it(tmp_path):
    project = copy("sop-retention", tmp_path)
    first = ingest_project(project).build_id
    assert ingest_project(project).build_id == first  # nothing changed: same id
    removed = project / "documents" / "sop-121-rev-a.md"
    text = removed.read_text()
    removed.unlink()
    without = ingest_project(project).build_id
    assert without != first
    removed.write_text(text)
    assert ingest_project(project).build_id == first  # the same content again: the same id


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_an_open_project_notices_a_newer_generation(tmp_path):
    project = copy("sop-retention", tmp_path)
    ingest_project(project)
    with Project.open(project) as opened:
        before = opened.asof("SOP-114#5.2", MAY)
        assert str(before.resolved) == "SOP-114@D#5.2"
        (project / "documents" / "sop-114-rev-d.md").unlink()
        ingest_project(project)
        after = opened.asof("SOP-114#5.2", MAY)
        assert str(after.resolved) == "SOP-114@C#5.2"
        assert after.index_build != before.index_build
        assert after.index_build == opened.build_id


@pytest.mark.slow
def test_a_lapsed_revision_is_not_in_force_anywhere_unless_it_hands_back(tmp_path):
    project = copy("sop-retention", tmp_path)
    rev_d = project / "documents" / "sop-114-rev-d.md"
    rev_d.write_text(rev_d.read_text().replace("effective: {from: 2026-03-01}",
                                               "effective: {from: 2026-03-01, until: 2026-04-01}"))
    ingest_project(project)
    asked = runner.invoke(app, ["asof", str(project), "SOP-114#5.2", "--valid-at", "2026-05-01", "-f", "json"])
    assert asked.exit_code == 1 and json.loads(asked.stdout)["reason"] == "no_coverage_for_date"
    with Project.open(project) as opened:
        result = opened.eligible(Context(valid_at=MAY), documents=("SOP-114",))
        assert "SOP-114" not in result.eligible
        assert {"document": "SOP-114", "reasons": ["period"]} in [e.model_dump(mode="json") for e in result.excluded]
    rev_d.write_text(rev_d.read_text().replace("changed: [\"5\"]", "changed: [\"5\"]\non_lapse: resume_previous"))
    ingest_project(project)
    with Project.open(project) as opened:
        assert str(opened.asof("SOP-114#5.2", MAY).resolved) == "SOP-114@C#5.2"
        assert "SOP-114" in opened.eligible(Context(valid_at=MAY)).eligible


def test_an_unknown_on_lapse_is_an_input_error_with_file_and_line(tmp_path):
    project = copy("sop-retention", tmp_path)
    rev_d = project / "documents" / "sop-114-rev-d.md"
    rev_d.write_text(rev_d.read_text().replace("changed: [\"5\"]", "changed: [\"5\"]\non_lapse: revert"))
    failed = runner.invoke(app, ["ingest", str(project)])
    assert failed.exit_code == 2
    assert "sop-114-rev-d.md:11:11: on_lapse" in failed.output and "on_lapse" in failed.output


@pytest.mark.slow
def test_lag_reports_a_manifest_edited_since_ingest(tmp_path):
    project = copy("followup-handbooks", tmp_path)
    ingest_project(project)
    now = ["--now", "2026-01-01T00:00:00Z"]
    assert runner.invoke(app, ["lag", str(project), *now]).exit_code == 0
    pack = project / "rules" / "followup.yaml"
    pack.write_text(pack.read_text().replace("14", "15", 1))
    lagging = runner.invoke(app, ["lag", str(project), *now, "-f", "json"])
    assert lagging.exit_code == 1
    assert json.loads(lagging.stdout)["configuration_changed"] == ["rules/followup.yaml"]
    refused = runner.invoke(app, ["eligible", str(project), "-c", "market=UK", "--valid-at", "2025-01-01"])
    assert refused.exit_code == 3 and "rules/followup.yaml" in refused.output and "inforce ingest" in refused.output
    pack.write_text(pack.read_text().replace("15", "14", 1))
    assert runner.invoke(app, ["lag", str(project), *now]).exit_code == 0  # reverted: nothing edited
    moved = shutil.copytree(project, tmp_path / "moved")  # a project moved elsewhere is not "edited"
    assert runner.invoke(app, ["lag", str(moved), *now]).exit_code == 0


def test_eligible_counts_every_exclusion_and_details_only_what_is_asked(ingested_example):
    project = ingested_example("followup-handbooks")  # read only
    case = ["-c", "market=UK", "-c", "product=refurbished", "-c", "dispatch_date=2024-12-12",
            "-c", "pilot=false", "--groups", "support-uk", "-f", "json"]
    full = json.loads(runner.invoke(app, ["eligible", str(project), *case]).stdout)
    assert full["excluded_total"] == len(full["excluded"]) == 2
    assert full["excluded_by_reason"] == {"product": 1, "market": 1, "period": 1}
    one = json.loads(runner.invoke(app, ["eligible", str(project), *case, "--exclusions", "1"]).stdout)
    assert len(one["excluded"]) == 1 and one["excluded_total"] == 2
    assert one["excluded_by_reason"] == full["excluded_by_reason"]
    named = json.loads(runner.invoke(app, ["eligible", str(project), *case, "--exclusions", "P3"]).stdout)
    assert [e["document"] for e in named["excluded"]] == ["P3"]


def test_history_says_when_each_version_stopped_applying(ingested_example):
    project = ingested_example("sop-retention")  # read only
    with Project.open(project) as opened:
        found = opened.history("SOP-114#5.2")
    versions = [v for v in found.versions if v.kind in ("added", "changed")]
    assert [str(v.locator) for v in versions] == ["SOP-114@B#5.2", "SOP-114@C#5.2", "SOP-114@D#5.2"]
    assert [(v.applied_until, v.stopped) for v in versions] == [
        (dt.date(2024, 6, 1), "changed"), (dt.date(2026, 3, 1), "changed"), (None, None)]
    text = runner.invoke(app, ["history", str(project), "SOP-114#5.2"]).stdout
    assert "applied until 2024-06-01 (changed by SOP-114@C#5.2)" in text and "still applies" in text


def test_a_document_the_asker_may_not_read_is_excluded_for_access_alone(ingested_example):
    project = ingested_example("followup-handbooks")  # read only
    case = ["-c", "market=FR", "-c", "product=refurbished", "-c", "dispatch_date=2024-03-31", "-c", "pilot=false"]
    hidden = json.loads(runner.invoke(app, ["eligible", str(project), *case, "-f", "json"]).stdout)
    assert {"document": "P2", "reasons": ["access"]} in hidden["excluded"]
    shown = json.loads(runner.invoke(app, ["eligible", str(project), *case, "--groups", "support-uk", "-f", "json"]).stdout)
    p2 = next(e for e in shown["excluded"] if e["document"] == "P2")
    assert "market" in p2["reasons"] and "access" not in p2["reasons"]


def test_dates_are_written_one_way_and_out_of_range_ones_are_input_errors(ingested_example):
    project = ingested_example("followup-handbooks")  # read only
    compact = runner.invoke(app, ["asof", str(project), "P1#4.1", "--valid-at", "2025-01-01", "--known-at", "20250101"])
    assert compact.exit_code == 2 and "--known-at" in compact.output
    case = ["-c", "market=UK", "-c", "product=new", "-c", "pilot=false", "--groups", "support-uk"]
    compact_case = runner.invoke(app, ["eligible", str(project), *case, "-c", "dispatch_date=20241212"])
    assert compact_case.exit_code == 2 and "dispatch_date" in compact_case.output
    far = runner.invoke(app, ["eligible", str(project), *case, "-c", "dispatch_date=9999-12-31"])
    assert far.exit_code == 2 and isinstance(far.exception, SystemExit), far.output
    assert "9999-12-31" in far.output and "past the last date" in far.output


def test_exclusions_option_refuses_what_it_cannot_mean(ingested_example):
    project = ingested_example("followup-handbooks")  # read only
    case = ["-c", "market=UK", "-c", "product=new", "-c", "dispatch_date=2024-12-12", "-c", "pilot=false"]
    for bad in ("-1", "P9"):
        refused = runner.invoke(app, ["eligible", str(project), *case, "--exclusions", bad])
        assert refused.exit_code == 2, (bad, refused.output)


def _restricted_amendment(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: leak\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-1\nkind: specification\ntitle: Spec\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n"
        "2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Ratio 0.45.\n")
    (root / "documents" / "secret.md").write_text(
        "---\nid: ADD-SECRET\nkind: addendum\ntitle: Secret addendum\naccess: [board]\nissued: 2026-02-01\n"
        "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T12:00:00Z\nsupersedes:\n"
        "  - target: SPEC-1#2.1.B\n    scope: partial\n    effective: 2026-02-01\n    by: ADD-SECRET#1.4\n---\n"
        "1 CHANGES\n\n1.4 Ratio 0.40 for exposed work.\n")
    ingest_project(root)
    return root


@pytest.mark.slow
def test_show_and_history_leave_out_what_the_asker_may_not_read(tmp_path):
    project = _restricted_amendment(tmp_path / "p")
    for command in (["show", str(project), "SPEC-1#2.1"], ["history", str(project), "SPEC-1"]):
        hidden = runner.invoke(app, [*command, "-f", "json"])
        assert hidden.exit_code == 0, hidden.output
        data = json.loads(hidden.stdout)
        listed = json.dumps({k: v for k, v in data.items() if k != "withheld"})
        assert "1.4" not in listed and "2026-02-01" not in listed and "ADD-SECRET" not in listed
        shown = runner.invoke(app, [*command, "--groups", "board", "-f", "json"])
        assert "ADD-SECRET#1.4" in shown.stdout and "2026-02-01" in shown.stdout
    assert json.loads(runner.invoke(app, ["history", str(project), "SPEC-1", "-f", "json"]).stdout)["withheld"] == [
        "ADD-SECRET"]
