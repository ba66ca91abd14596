"""The sweep's gate, decided in the engine (issue 20): a report marked against a baseline,
what fails a pipeline under ``fail_on``, and the counts a summary shows — the CLI only passes
the options and renders ``SweepOutcome``."""

from __future__ import annotations

import pytest

from inforce.engine import Project
from inforce.ontology import InputError, SweepOutcome

from sweep_samples import sample_report

judge_sweep = Project.judge_sweep  # the front's door to the gate (no project is opened for it)

ESCALATED = ("3f2a9c01d4e5b6a7", "9a8b7c6d5e4f3a2b")  # the sample's two escalations, in report order


def _baseline(report, *, drop: str | None = None, resolution: dict[str, str] | None = None):
    """An earlier run's findings as ``read_baseline`` gives them (id, kind, locators, resolution)."""
    return [
        (f.id, f.kind, tuple(p.locator.format() for p in f.provisions), (resolution or {}).get(f.id, f.resolution))
        for f in report.findings if f.id != drop
    ]


def test_without_a_baseline_every_escalation_fails_escalate():
    outcome = judge_sweep(sample_report(), "escalate")
    assert isinstance(outcome, SweepOutcome) and outcome.failed
    assert outcome.failing == ESCALATED
    assert outcome.report.baseline is None and (outcome.new, outcome.changed, outcome.unchanged, outcome.gone) == (0, 0, 0, 0)


def test_any_fails_on_every_finding_and_none_on_nothing():
    report = sample_report()
    assert judge_sweep(report, "any").failing == tuple(f.id for f in report.findings)
    none = judge_sweep(report, "none")
    assert none.failing == () and not none.failed


def test_against_an_identical_baseline_nothing_fails():
    report = sample_report()
    outcome = judge_sweep(report, "any", baseline=_baseline(report), baseline_name="before.json")
    assert not outcome.failed
    assert outcome.report.baseline == "before.json"
    assert {f.baseline for f in outcome.report.findings} == {"unchanged"}
    assert (outcome.new, outcome.changed, outcome.unchanged, outcome.gone) == (0, 0, 4, 0)


def test_against_a_baseline_only_new_and_changed_findings_fail():
    report = sample_report()
    new, changed = ESCALATED
    earlier = _baseline(report, drop=new, resolution={changed: "resolved_by_precedence"})
    earlier.append(("ffffffffffffffff", "contradiction", ("A#1", "B#2"), "escalate"))  # not found this time
    outcome = judge_sweep(report, "escalate", baseline=earlier, baseline_name="ci.json")
    marks = {f.id: f.baseline for f in outcome.report.findings}
    assert marks[new] == "new" and marks[changed] == "changed"
    assert outcome.failing == (new, changed)
    assert (outcome.new, outcome.changed, outcome.unchanged, outcome.gone) == (1, 1, 2, 1)
    assert [g.id for g in outcome.report.gone] == ["ffffffffffffffff"]
    # "any" counts the same two: unchanged findings never fail a pipeline against a baseline
    assert judge_sweep(report, "any", baseline=earlier, baseline_name="ci.json").failing == (new, changed)


def test_counts_hold_every_resolution_by_kind():
    counts = judge_sweep(sample_report(), "none").counts
    assert list(counts) == sorted(counts)
    assert counts["quantity_conflict"] == {"escalate": 1, "resolved_by_precedence": 0, "resolved_by_supersession": 0}
    assert counts["superseded_reference"]["resolved_by_supersession"] == 1
    assert sum(n for by in counts.values() for n in by.values()) == len(sample_report().findings)


def test_an_unknown_fail_on_is_an_input_error_naming_the_domain_field():
    with pytest.raises(InputError) as raised:
        judge_sweep(sample_report(), "sometimes")  # type: ignore[arg-type]
    assert raised.value.field == "fail_on" and raised.value.reason == "unknown"


def test_a_baseline_of_another_project_or_date_is_an_input_error_naming_what_differs():
    """Issue 23: ``--baseline`` took a sweep of another project or date without a word, and
    every finding read as new or gone."""
    report = sample_report()
    earlier = _baseline(report)
    same = {"project": report.project, "as_of": report.as_of.isoformat(), "known_at": None}
    assert judge_sweep(report, "any", baseline=earlier, baseline_name="ci.json", baseline_run=same).unchanged
    other = {"project": "another-project", "as_of": "2026-04-01", "known_at": "2026-04-01T00:00:00Z"}
    with pytest.raises(InputError) as raised:
        judge_sweep(report, "any", baseline=earlier, baseline_name="ci.json", baseline_run=other)
    said = str(raised.value)
    assert raised.value.file == "ci.json" and raised.value.field == "baseline"
    assert "another-project" in said and "2026-04-01" in said and report.as_of.isoformat() in said
    assert "known at 2026-04-01T00:00:00Z, this run everything recorded" in said
    with pytest.raises(InputError, match="as_of of the baseline is not a date"):
        judge_sweep(report, "any", baseline=earlier, baseline_name="ci.json", baseline_run={"as_of": "soon"})
