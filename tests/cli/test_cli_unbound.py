"""`inforce ingest` says which quantities it read but bound to no subject, and `stats` counts them.

A small project: a drawing whose notes are in shorthand (one bound by the stock vocabulary,
``f'c = 4,000 PSI``, one bound to nothing, a footing's size) and a specification of many
lengths no subject names. Everything goes through the CLI, as a document controller runs it.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project

runner = CliRunner()

DRAWING = """\
id: DWG-S-201
kind: drawing
sheet: S-201
title: Footing Plan
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-1
    text: "CONCRETE f'c = 4,000 PSI"
  - id: callout-2
    detail: 3/S-501
    text: "FTG F2: 2'-6\\" WIDE x 1'-0\\" DP"
"""


def _spec(lengths: int, *, access: str | None = None, doc: str = "SPEC-1") -> str:
    lines = ["---", f"id: {doc}", "kind: specification", f"title: Curbs {doc}", "issued: 2026-03-01",
             "effective: {from: 2026-03-01}", "recorded: 2026-03-01T00:00:00Z"]
    if access:
        lines.append(f"access: [{access}]")
    lines += ["---", "# PART ONE", ""]
    lines += [f"Curb face exposure: {n + 1} inches above the gutter flow line." for n in range(lengths)]
    return "\n".join(lines) + "\n"


def _project(root: Path, *, lengths: int = 0, drawing: bool = True) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: unbound\nfacets: []\nrules: []\n", encoding="utf-8")
    if drawing:
        (root / "documents" / "S-201.drawing.yaml").write_text(DRAWING, encoding="utf-8")
    if lengths:
        (root / "documents" / "spec-1.md").write_text(_spec(lengths), encoding="utf-8")
    return root


def _ingest(project: Path, *extra: str):
    done = runner.invoke(app, ["ingest", str(project), *extra], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done


def test_a_shorthand_drawing_note_bound_to_nothing_is_listed_at_its_line(tmp_path):
    project = _project(tmp_path / "p")
    said = _ingest(project).stderr
    assert "quantities bound to no subject: 2 (length 2)" in said
    # the callout's text is written on line 15 of the drawing file
    assert """documents/S-201.drawing.yaml:15  2'-6"  (FTG F2: 2'-6" WIDE x 1'-0" DP)""" in said
    assert "documents/S-201.drawing.yaml:15  1'-0\"" in said
    assert "4,000 PSI" not in said  # bound to concrete.compressive_strength: not listed
    assert "more" not in said

    second = _project(tmp_path / "p2")
    data = json.loads(runner.invoke(app, ["ingest", str(second), "--format", "json"],
                                    catch_exceptions=False).stdout)["unbound"]
    assert data["total"] == 2 and data["more"] == 0 and data["by_dimension"] == {"length": 2}
    assert "length" in data["vocabulary_dimensions"] and "pressure" in data["vocabulary_dimensions"]
    first = data["items"][0]
    assert first == {"file": "documents/S-201.drawing.yaml", "line": 15, "locator": "DWG-S-201@0#callout-2",
                     "text": "2'-6\"", "context": "FTG F2: 2'-6\" WIDE x 1'-0\" DP", "dimension": "length"}


def test_twenty_are_listed_by_file_and_line_and_the_rest_counted(tmp_path):
    project = _project(tmp_path / "p", lengths=23)  # 23 in the specification, 2 on the drawing
    said = _ingest(project).stderr
    assert "quantities bound to no subject: 25 (length 25)" in said
    listed = [line for line in said.splitlines() if line.startswith("  documents/")]
    assert len(listed) == 20
    assert "  ... and 5 more" in said
    # by file, then line: the drawing's two, then the specification's from its first line of text
    assert listed[0].startswith("  documents/S-201.drawing.yaml:15  2'-6\"")
    assert listed[2] == ("  documents/spec-1.md:11  1 inches  "
                         "(Curb face exposure: 1 inches above the gutter flow ...)")
    assert listed[19].startswith("  documents/spec-1.md:28  18 inches  ")

    again = _project(tmp_path / "q", lengths=23)
    data = json.loads(runner.invoke(app, ["ingest", str(again), "--format", "json"], catch_exceptions=False).stdout)
    unbound = data["unbound"]
    assert (unbound["total"], unbound["more"], len(unbound["items"])) == (25, 5, 20)
    places = [(item["file"], item["line"]) for item in unbound["items"]]
    assert places == sorted(places)
    assert all(item["locator"].startswith(("DWG-S-201@0#", "SPEC-1@")) for item in unbound["items"])


def test_stats_counts_the_unbound_quantities_by_dimension(tmp_path):
    project = _project(tmp_path / "p", lengths=23)
    _ingest(project)
    data = json.loads(runner.invoke(app, ["stats", str(project), "--format", "json"], catch_exceptions=False).stdout)
    assert data["quantities"] == 26  # the one bound: f'c on the drawing
    assert data["unbound_quantities"] == 25
    assert data["unbound_by_dimension"] == {"length": 25}
    shown = runner.invoke(app, ["stats", str(project)], catch_exceptions=False).stdout
    assert "unbound quantities" in shown and "length 25" in shown


def test_a_reingest_with_nothing_changed_lists_nothing_and_stats_still_counts(tmp_path):
    project = _project(tmp_path / "p")
    _ingest(project)
    said = _ingest(project).stderr
    assert "up to date" in said and "bound to no subject" not in said
    with Project.open(project) as opened:
        assert opened.stats().unbound_quantities == 2


def test_the_dimensions_the_vocabulary_has_come_first(tmp_path):
    project = _project(tmp_path / "p", drawing=False)
    (project / "documents" / "spec-2.md").write_text(
        "---\nid: SPEC-2\nkind: specification\ntitle: Times\nissued: 2026-03-01\neffective: {from: 2026-03-01}\n"
        "recorded: 2026-03-01T00:00:00Z\n---\n# PART ONE\n\nKeep the forms at 50 deg F for 7 days.\n"
        "The room holds 20 deg F and 30 deg F and 40 deg F.\n", encoding="utf-8")
    said = _ingest(project).stderr
    line = next(line for line in said.splitlines() if line.startswith("quantities bound to no subject"))
    # temperature is the most read, but no stock subject is a temperature: it comes after
    assert line == "quantities bound to no subject: 5 (duration 1; no subject has: temperature 4)"
    listed = [line for line in said.splitlines() if line.startswith("  documents/")]
    assert listed[0].startswith("  documents/spec-2.md:11  7 days  ")


def test_an_asker_without_the_group_is_not_listed_a_restricted_documents_quantities(tmp_path):
    project = _project(tmp_path / "p", drawing=False)
    (project / "documents" / "spec-9.md").write_text(_spec(3, access="owner-team", doc="SPEC-9"), encoding="utf-8")
    result = Project.ingest(project, groups=["someone-else"])
    # not counted either: a count over a revision they may not read tells of its words (AUDIT-U 04)
    assert result.unbound.total == 0 and result.unbound.items == [] and result.unbound.more == 0
    assert result.unbound.withheld == ["SPEC-9"]
    (project / "documents" / "spec-9.md").write_text(_spec(4, access="owner-team", doc="SPEC-9"), encoding="utf-8")
    shown = Project.ingest(project, groups=["owner-team"]).unbound
    assert [item.text for item in shown.items] == ["1 inches", "2 inches", "3 inches", "4 inches"]
    assert shown.withheld == []
