"""Facts by subject, end to end: quantities read once at ingest, stored, answered as of a date.

Scenario S4's unit and quantity parts on the Riverside project (the specification's 4,000 psi,
Addendum 2's 5,000 psi replacing it, the drawing callout and the footing schedule's rows),
and S2's dosing table on the label project, through ``inforce facts`` and ``Project.facts``.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.engine.quantities import compare
from inforce.ontology import InputError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
STRENGTH = "concrete.compressive_strength"
runner = CliRunner()


def _copy(name: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp(name) / name
    shutil.copytree(EXAMPLES / name, root, ignore=shutil.ignore_patterns(".inforce"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture(scope="module")
def riverside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy("riverside-library", tmp_path_factory)


@pytest.fixture(scope="module")
def dosing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy("label-dosing", tmp_path_factory)


def _facts(root: Path, *args: str) -> dict:
    result = runner.invoke(app, ["facts", str(root), *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _by_provision(facts: dict) -> dict[str, dict]:
    return {fact["resolved"]: fact for fact in facts["facts"]}


def test_the_addendum_replaces_the_specifications_strength_from_its_date(riverside: Path) -> None:
    after = _by_provision(_facts(riverside, "--subject", STRENGTH, "--valid-at", "2026-05-01"))
    assert "SPEC-033000@0#2.1.A" not in after  # superseded: not a fact any more
    added = after["ADD-02@0#1.3"]
    assert added["replaces"] == ["SPEC-033000#2.1.A"]
    assert added["quantity"] == {"value": 5000.0, "upper": None, "unit": "psi", "bound": "min",
                                 "bound_from": "text", "frequency": None, "per_day": None}
    assert added["normalized"]["unit"] == "megapascal" and added["normalized"]["value"] == pytest.approx(34.4738, rel=1e-4)
    before = _by_provision(_facts(riverside, "--subject", STRENGTH, "--valid-at", "2026-04-01"))
    assert before["SPEC-033000@0#2.1.A"]["quantity"]["value"] == 4000.0
    assert "ADD-02@0#1.3" not in before


def test_prose_callout_and_schedule_row_state_the_same_subject(riverside: Path) -> None:
    facts = _facts(riverside, "--subject", STRENGTH, "--valid-at", "2026-05-01")["facts"]
    kinds = {fact["kind"] for fact in facts}
    assert kinds == {"section", "callout", "table_row"}
    callout = next(f for f in facts if f["resolved"] == "DWG-S-101@0#callout-3")
    # "CONCRETE f'c = 4,000 PSI": a plain value on a subject whose figure is a minimum
    assert callout["quantity"]["bound"] == "min" and callout["quantity"]["bound_from"] == "vocabulary"
    assert callout["text"] in "CONCRETE f'c = 4,000 PSI @ 28 DAYS"


def test_facts_compare_as_the_sweep_will(riverside: Path) -> None:
    """S4: 5,000 psi (addendum) against the drawing's 4,000 PSI conflict; the schedule's
    4,000 psi and the drawing's are the same requirement; 27.6 MPa would equal them."""
    with Project.open(riverside) as project:
        found = {str(f.resolved): f for f in project.facts(STRENGTH, dt.date(2026, 5, 1)).facts}
        vocabulary = project.rules.subjects if project.rules.of_kind("subject") else None
    addendum, callout = found["ADD-02@0#1.3"].as_quantity(), found["DWG-S-101@0#callout-3"].as_quantity()
    row = found["SCHED-FTG@0#table-1.row-1"].as_quantity()
    assert compare(addendum, callout, vocabulary=vocabulary).outcome == "conflict"
    assert compare(row, callout, vocabulary=vocabulary).outcome in {"equal", "compatible"}
    metric = row.model_copy(update={"value": 27.6, "unit": "MPa", "normalized": None, "text": "27.6 MPa"})
    assert compare(metric, row, vocabulary=vocabulary).outcome in {"equal", "compatible"}


def test_the_dosing_table_row_stays_one_provision_with_its_header(dosing: Path) -> None:
    facts = _facts(dosing, "--subject", "drug.dose", "--valid-at", "2026-05-01")["facts"]
    rows = [f for f in facts if f["kind"] == "table_row"]
    assert rows, facts
    band = [f for f in rows if f["quantity"]["value"] == 250.0 and f["quantity"]["frequency"] == "twice daily"]
    assert band and all(f["quantity"]["unit"] == "mg" for f in band)
    with Project.open(dosing) as project:
        shown = {fact["resolved"]: project.show(fact["resolved"]).text for fact in band}
    # S2: "30 to 40 kg | 250 mg twice daily" is one provision, header first, never split
    assert "| Body weight | Dose |\n| 30 to 40 kg | 250 mg twice daily |" in shown.values()


def test_an_unknown_subject_is_an_input_error_listing_the_known_ones(riverside: Path) -> None:
    result = runner.invoke(app, ["facts", str(riverside), "--subject", "concrete.strenght", "--valid-at", "2026-05-01"])
    assert result.exit_code == 2 and STRENGTH in result.output
    with Project.open(riverside) as project, pytest.raises(InputError):
        project.facts("nope", dt.date(2026, 5, 1))


def test_facts_need_a_date(riverside: Path) -> None:
    result = runner.invoke(app, ["facts", str(riverside)])
    assert result.exit_code == 2 and "--valid-at" in result.output


def test_quantities_are_counted_by_stats_and_ingest(riverside: Path) -> None:
    stats = json.loads(runner.invoke(app, ["stats", str(riverside), "--format", "json"]).stdout)
    assert stats["quantities"] > 100
