"""Reading document control's registry for `inforce lag`: front matter, or a registry file."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.adapters.ingest.registry import read_registry
from inforce.ontology import InputErrors

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_front_matter_of_documents_is_the_default_registry(tmp_path):
    project = tmp_path / "sop"
    shutil.copytree(EXAMPLES / "sop-retention", project)
    revisions, sources, _ = read_registry(project)
    assert sorted(f"{r.document}@{r.label}" for r in revisions) == [
        "SOP-114@B", "SOP-114@C", "SOP-114@D", "SOP-121@A", "SOP-121@B", "SOP-121@B1"]
    assert sources["SOP-114@D"] == "documents/sop-114-rev-d.md"
    shutil.copy(project / "pending/SOP-114-rev-E.md", project / "documents/SOP-114-rev-E.md")
    revisions, _, _ = read_registry(project)
    (rev_e,) = [r for r in revisions if r.label == "E"]
    assert rev_e.recorded == dt.datetime(2026, 8, 20, 8, tzinfo=dt.UTC) and rev_e.changed == ("5.3",)


def test_a_yaml_registry_file_named_by_the_manifest(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: reg\nregistry: registry.yaml\n")
    (tmp_path / "registry.yaml").write_text(
        "- id: SOP-1\n  revision: A\n  seq: 1\n  effective: 2026-01-01\n  recorded: 2025-12-20T10:00:00Z\n"
        "- id: SOP-1\n  revision: B\n  seq: 2\n  effective: {from: 2026-05-01}\n  recorded: 2026-04-20\n"
        "  changed: ['2']\n"
    )
    revisions, _, _ = read_registry(tmp_path)
    assert [(r.label, r.effective.from_, r.recorded, r.changed) for r in revisions] == [
        ("A", dt.date(2026, 1, 1), dt.datetime(2025, 12, 20, 10, tzinfo=dt.UTC), None),
        ("B", dt.date(2026, 5, 1), dt.datetime(2026, 4, 20, 23, 59, 59, 999999, tzinfo=dt.UTC), ("2",)),
    ]
    assert type(revisions[0].recorded) is dt.datetime


def test_a_csv_registry_and_its_errors_point_at_the_row(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: reg\nregistry: registry.csv\n")
    (tmp_path / "registry.csv").write_text(
        "id,revision,seq,effective_from,effective_until,recorded,changed\n"
        "SOP-1,A,1,2026-01-01,,2025-12-20T10:00:00Z,\n"
        "SOP-1,B,2,2026-05-01,,2026-04-20T08:00:00Z,2;3.1\n"
    )
    revisions, _, _ = read_registry(tmp_path)
    assert [r.changed for r in revisions] == [None, ("2", "3.1")]
    (tmp_path / "registry.csv").write_text(
        "id,revision,seq,effective_from,effective_until,recorded,changed\n"
        "SOP-1,A,1,2026-01-01,,2025-12-20T10:00:00Z,\n"
        "SOP-1,B,2,not-a-date,,2026-04-20T08:00:00Z,\n"
    )
    with pytest.raises(InputErrors) as raised:
        read_registry(tmp_path)
    (problem,) = raised.value.exceptions
    assert problem.file == "registry.csv" and problem.line == 3 and "effective" in problem.field


def test_a_register_column_named_like_a_flag_is_shown_as_the_column(tmp_path):
    """Audit 23g L6: a register column ``groups`` was reported as ``--groups`` (the CLI's flag
    for the field of that name); an error at a file's line names the file's column."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: l6\nregistry: register.csv\n")
    (tmp_path / "register.csv").write_text(
        "file,id,title,kind,revision,seq,issued,effective_from,recorded,groups\n"
        "documents/a.md,A-1,T,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z,owners\n")
    (tmp_path / "documents" / "a.md").write_text("---\n---\n1.1 Words.\n")
    for command in ("ingest", "lag"):
        done = CliRunner().invoke(app, [command, str(tmp_path)])
        assert done.exit_code == 2 and "register.csv:1: groups: unknown column 'groups'" in done.output, done.output
        assert "--groups" not in done.output


def test_a_register_row_naming_a_file_is_read_with_the_file_by_ingest_and_lag_alike(tmp_path):
    """Audit 23g K1/L3: one reading of a register for ingest and lag. A row naming a file is
    the file read as ingest reads it (the row merged with its front matter): a row that leaves
    its dates to the front matter reads for both; its front matter's access holds for lag."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: one-reading\nregistry: register.csv\n")
    (tmp_path / "register.csv").write_text("file,id\ndocuments/a.md,A-1\n")
    (tmp_path / "documents" / "a.md").write_text(
        "---\ntitle: T\nkind: sop\nrevision: ZZREV\nseq: 1\neffective: {from: 2026-12-01}\n"
        "recorded: 2026-12-01T09:00:00Z\naccess: [owners]\n---\n1.1 Words.\n")
    revisions, _, _ = read_registry(tmp_path)
    assert [(r.document, r.label, r.access) for r in revisions] == [("A-1", "ZZREV", ("owners",))]
    shown = CliRunner().invoke(app, ["lag", str(tmp_path)])
    assert shown.exit_code == 1 and "ZZREV" not in shown.output and "A-1" in shown.output, shown.output
    assert CliRunner().invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    assert CliRunner().invoke(app, ["lag", str(tmp_path)]).exit_code == 0


def test_a_register_row_naming_a_file_gone_is_a_problem_not_withheld(tmp_path):
    """Audit JJ-08 (low): a public document's register row naming a file the project lacks (an
    erasure's row left, or re-added) made lag tell an asker without groups "withheld (access)"
    and no problem, while the next ingest refused the row. Lag now names the ingest's problem
    (to an asker at the register's line only) and reads the row as the row says."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app
    from inforce.engine import Project

    runner = CliRunner()
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: reg\nfacets: []\nrules: []\nregistry: register.csv\n")
    (tmp_path / "documents" / "a.md").write_text("1.1 SUMMARY\n\nA. The coating is applied in two coats over a primer.\n")
    header = "file,id,revision,seq,kind,title,issued,effective_from,recorded\n"
    dates = "2026-03-02,2026-03-02,2026-03-02T09:00:00Z"
    (tmp_path / "register.csv").write_text(header + f"documents/a.md,SPEC-A,0,1,specification,Coatings,{dates}\n")
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    with (tmp_path / "register.csv").open("a") as rows:
        rows.write(f"documents/gone.md,SPEC-W,0,1,specification,Roofing,{dates}\n")
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 2
    asked = Project.lag(tmp_path, groups=())
    assert asked.withheld == () and [r.locator.doc for r in asked.pending] == ["SPEC-W"]
    assert asked.problems == ("register.csv:3: a row names a file the project lacks (the next ingest fails on it)",)
    (whole,) = Project.lag(tmp_path, groups=None).problems
    assert whole.startswith("register.csv:3: file: no file documents/gone.md in the project"), whole
