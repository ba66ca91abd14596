"""Facts by subject, end to end: quantities read once at ingest, stored, answered as of a date.

Scenario S4's unit and quantity parts on the Riverside project (the specification's 4,000 psi,
Addendum 2's 5,000 psi replacing it, the drawing callout and the footing schedule's rows),
and S2's dosing table on the label project, through ``inforce facts`` and ``Project.facts``.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.engine.quantities import compare
from inforce.ontology import InputError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
STRENGTH = "concrete.compressive_strength"
runner = CliRunner()


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


@pytest.fixture(scope="module")
def dosing(ingested_example) -> Path:
    return ingested_example("label-dosing")


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
        rules = project.snapshot.rules
        vocabulary = rules.subjects if rules.of_kind("subject") else None
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


def _key(found) -> list[tuple[str, float, str | None, tuple[str, ...]]]:
    return sorted((str(f.resolved), f.quantity.value, f.quantity.unit, tuple(map(str, f.replaces)))
                  for f in found.facts)


@pytest.fixture(scope="module")
def lapsing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Windows, a lapse that hands back, a lapse that does not, a full and a partial edge, a
    pinned edge: every kind of day on which a fact can start or stop being one."""
    from corpus_writer import write_doc

    root = tmp_path_factory.mktemp("lapsing")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: lapsing\n")
    body = "2 PRODUCTS\n\n2.1 MIXES\n\nA. Compressive strength: not less than {a} psi.\n\nB. Slump: 4 inches maximum.\n"
    write_doc(root, "SPEC", "2026-01-01", body.format(a="4,000"))
    write_doc(root, "SPEC-R1", "2026-03-01", body.format(a="4,500"), until="2026-05-01")
    spec_r1 = root / "documents" / "spec-r1.md"
    spec_r1.write_text(spec_r1.read_text().replace("id: SPEC-R1", "id: SPEC\nrevision: R1\nseq: 2\non_lapse: resume_previous")
                       .replace("\n---\n", "\n---\n", 1))
    write_doc(root, "ADD-1", "2026-02-01", "1 CHANGES\n\n1.1 Paragraph 2.1.A: compressive strength not less than 5,000 psi.\n",
              [{"target": "SPEC@0#2.1.A", "scope": "full", "effective": "2026-02-01", "by": "ADD-1#1.1"}])
    write_doc(root, "ADD-2", "2026-06-01", "1 CHANGES\n\n1.1 Paragraph 2.1.B: slump 5 inches maximum.\n",
              [{"target": "SPEC#2.1.B", "scope": "full", "effective": "2026-06-01", "by": "ADD-2#1.1"}],
              until="2026-09-01")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.mark.parametrize("name", ["riverside", "lapsing"])
@pytest.mark.slow
def test_the_fact_table_answers_as_the_in_force_function_day_by_day(name, request) -> None:
    """FactTable works out each fact's days once; facts_as_of asks the in-force function on
    the day. Every day across the projects' lives, both give the same facts."""
    from inforce.engine.facts import facts_as_of

    root = request.getfixturevalue(name)
    with Project.open(root) as project:
        snapshot = project.snapshot
        rows = snapshot._quantities_by_subject()
        replaced_by = snapshot._edges_by_replacement()
        start = dt.date(2025, 12, 1)
        checked = 0
        for offset in range(0, 420, 3):
            day = start + dt.timedelta(days=offset)
            table = project.facts(None, day)
            direct = facts_as_of(snapshot.index, rows, None, day, None, readable=lambda _: True,
                                 replaced_by=replaced_by)
            assert _key(table) == _key(direct), day
            checked += len(direct.facts)
    assert checked > 0


def test_a_projects_own_unit_spelling_is_read_and_a_bad_one_named(tmp_path: Path) -> None:
    """``units:`` in the manifest: the project's spellings (``KSF``), checked against pint."""
    from corpus_writer import write_doc

    (tmp_path / "documents").mkdir()
    write_doc(tmp_path, "SPEC", "2026-01-01", "3 EXECUTION\n\n3.1 SOILS\n\nA. Allowable bearing pressure: 3 KSF.\n")
    (tmp_path / "inforce.yaml").write_text("project: units\nunits:\n  KSF: klbf / ft ** 2\n")
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    read = [row for row in _stored_quantities(tmp_path) if row[1] == "KSF"]
    assert read and read[0][2] is not None  # normalised: the spelling names a unit pint knows
    (tmp_path / "inforce.yaml").write_text("project: units\nunits:\n  KSF: kilo-bananas\n")
    bad = runner.invoke(app, ["ingest", str(tmp_path)])
    assert bad.exit_code == 2 and "inforce.yaml:3" in bad.output and "units.KSF" in bad.output
    # a spelling inforce reads already is not the project's to change (audit 60 F02: psi as metres)
    (tmp_path / "inforce.yaml").write_text("project: units\nunits:\n  KSF: klbf / ft ** 2\n  psi: meter\n")
    shadow = runner.invoke(app, ["ingest", str(tmp_path)])
    assert shadow.exit_code == 2 and "inforce.yaml:4" in shadow.output and "units.psi" in shadow.output


def _stored_quantities(root: Path) -> list[tuple]:
    """(value, unit as written, normalised unit) of every stored quantity, bound or not."""
    from inforce.engine.store import GraphStore

    with GraphStore.open(root) as store:
        graph = store._reader()
        return [tuple(row) for row in graph.rows("MATCH (q:Quantity) RETURN q.value, q.unit, q.normalized_unit")]


def test_an_unknown_unit_is_a_warning_at_its_file_and_line_and_kept_without_a_unit(tmp_path: Path) -> None:
    from corpus_writer import write_doc

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: unknown-unit\n")
    write_doc(tmp_path, "U-1", "2026-01-01", "1 SCOPE\n\n1.1 Plain words.\n\n1.2 The load shall not exceed 12 kPx per panel.\n")
    result = runner.invoke(app, ["ingest", str(tmp_path)])
    assert result.exit_code == 0
    line = next(n for n, text in enumerate((tmp_path / "documents" / "u-1.md").read_text().splitlines(), 1)
                if "kPx" in text)
    assert f"documents/u-1.md:{line}: unknown_unit" in result.stderr and "12 kPx" in result.stderr
    assert [row for row in _stored_quantities(tmp_path) if row[0] == 12.0] == [(12.0, None, None)]
