"""Audit 80 B F4: a declared partial supersedes edge on 0001-01-01, whose target has no version
that day, made ``ingest`` exit 70 after its new graph went live, and ``facts`` and every
``sweep`` exit 70 after it. The edge's day before does not exist (``ontology.dates``): the
project ingests and reads. And an ingest whose reading of its new graph fails for any reason
leaves the previous graph live, with no half-made build beside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.snapshot import Snapshot

runner = CliRunner()

ADDENDUM = """\
---
id: ADD-1
kind: addendum
title: Addendum 1
issued: 0001-01-01
effective: {from: 0001-01-01}
recorded: 2026-12-06T10:00:00Z
supersedes:
  - target: SOP-001#2.2
    scope: partial
    effective: 0001-01-01
    by: ADD-1#1
---
ADDENDUM 1

1 Paragraph 2.2: replace "7 years" with "10 years".
"""


def invoke(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "p4"
    invoke("init", root)
    sop = root / "documents" / "sop-001.md"
    text = sop.read_text("utf-8")  # the scaffold's dates are the day init ran
    text, dated = re.subn(r"(?m)^effective: \{from: [0-9-]+\}$", "effective: {from: 0001-01-02}", text)
    text, issued = re.subn(r"(?m)^issued: [0-9-]+$", "issued: 0001-01-02", text)
    assert (dated, issued) == (1, 1), text
    sop.write_text(text, "utf-8")
    return root


def _state(root: Path) -> tuple[str, list[str]]:
    home = root / ".inforce"
    return (home / "CURRENT").read_text("utf-8"), sorted(p.name for p in home.iterdir())


def test_an_edge_on_the_first_day_there_is_ingests_and_every_reader_answers(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "documents" / "add-1.md").write_text(ADDENDUM, "utf-8")
    invoke("ingest", root)  # exit 70 (OverflowError in amendments._target_version) before the fix
    home = root / ".inforce"
    build = next(p.stem for p in home.iterdir() if p.name.startswith("facts-")).removeprefix("facts-")
    assert {f"{kind}-{build}" for kind in ("facts", "grammar", "rows", "texts")} <= {p.stem for p in home.iterdir()}
    facts = invoke("facts", root, "--valid-at", "0001-01-03")
    assert "SOP-001@A#2.2" in facts.output and "amended in part by ADD-1#1" in facts.output
    for day in ("0001-01-03", "2026-12-07"):
        invoke("sweep", root, "--valid-at", day)


def test_a_failure_reading_the_new_graph_leaves_the_previous_one_live(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    invoke("ingest", root)
    before = _state(root)
    stats = invoke("stats", root).output
    (root / "documents" / "add-1.md").write_text(ADDENDUM, "utf-8")

    def fail(self: Snapshot, *, tidy: bool = True) -> None:
        raise RuntimeError("a fault in what ingest reads of its new graph")

    monkeypatch.setattr(Snapshot, "write_files", fail)  # where F4's OverflowError was raised
    failed = invoke("ingest", root, code=70)
    assert "a fault in what ingest reads" in failed.output
    # CURRENT unchanged, no graph-000002, no build-NNNNNN folder, no per-build file of the new build
    assert _state(root) == before
    monkeypatch.undo()
    assert invoke("stats", root).output == stats  # the previous graph, as it was
    invoke("facts", root, "--valid-at", "0001-01-03")
    invoke("ingest", root)  # and the next ingest lands the change
    current, names = _state(root)
    assert current != before[0] and "graph-000002.kuzu" in names and "graph-000001.kuzu" not in names
    assert not any(name.startswith("build-") for name in names)
