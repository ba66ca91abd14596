"""A review decision's line in reviews.yaml is not told to an asker who may not read every
document (issue 23, thirty-first audit, AUDIT-X 02; ``engine.reviews.listed``).

Two projects alike but for ADD-N#1.1, which deletes SPEC-M's paragraphs 2.1.B and 2.9.A (2.9.A
held only by revision 1, ``owners``) in one and 2.1.B and 2.8.A (held by no revision) in the
other (``test_access_reader_view_23.write_mixed``). In the first an owner accepts the 2.9.A
proposal, then the 2.1.B one; in the second only the 2.1.B edge is declared. Were the 2.1.B
decision's line told, an asker without the group would read 12 in the first and 4 in the
second: that decisions they may not see come before it, and roughly how long they are.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from tests.engine.test_access_reader_view_23 import write_mixed

runner = CliRunner()
OWNERS = ("owners",)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    built = {}
    for name, other in (("hidden", "2.9.A"), ("absent", "2.8.A")):
        root = built[name] = write_mixed(tmp_path_factory.mktemp(f"review-lines-{name}") / "p", other)
        Project.ingest(root)
        with Project.open(root) as project:
            if name == "hidden":
                project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.9.A", groups=OWNERS)
                project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.1.B", groups=OWNERS)
            else:
                project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.1.B", scope="full",
                               groups=OWNERS)
        Project.ingest(root)
    return built


def _cli(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _decisions(reviewed: Any) -> list[tuple[str, str, int | None]]:
    return [(str(r["item"]), str(r["target"]), r.get("line")) for r in reviewed]


def _front(root: Path, groups: tuple[str, ...] | None) -> list[tuple[str, str, int | None]]:
    with Project.open(root) as project:
        return _decisions(project.readings(groups=groups).model_dump(mode="json")["reviewed"])


def _line_in_file(root: Path, target: str) -> int:
    """The line of the entry on ``target`` in reviews.yaml, counted in the file itself."""
    lines = (root / "reviews.yaml").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if text.strip() == f"target: {target}") - 1


def test_the_front_lists_a_decision_alike_without_the_group(mixed: dict[str, Path]) -> None:
    public = {name: _front(root, ()) for name, root in mixed.items()}
    assert public["hidden"] == public["absent"] == [("ADD-N#1.1", "SPEC-M#2.1.B", None)]
    # the owners (who may read every document) and the operator keep every line
    line = _line_in_file(mixed["hidden"], "SPEC-M#2.1.B")
    assert line > _line_in_file(mixed["hidden"], "SPEC-M#2.9.A")
    for groups in (OWNERS, None):
        assert _front(mixed["hidden"], groups) == [
            ("ADD-N#1.1", "SPEC-M#2.9.A", _line_in_file(mixed["hidden"], "SPEC-M#2.9.A")),
            ("ADD-N#1.1", "SPEC-M#2.1.B", line)]


def test_the_cli_lists_a_decision_alike_without_the_group(mixed: dict[str, Path]) -> None:
    for asked in (("review", "{root}", "--format", "json"),
                  ("ingest", "{root}", "--derived", "--groups", "nobody", "--format", "json")):
        said = {}
        for name, root in mixed.items():
            out = _cli(*(arg.format(root=root) for arg in asked))
            said[name] = _decisions(out.get("readings", out)["reviewed"])
        assert said["hidden"] == said["absent"] == [("ADD-N#1.1", "SPEC-M#2.1.B", None)], asked
    owners = _cli("review", str(mixed["hidden"]), "--groups", "owners", "--format", "json")
    assert _decisions(owners["reviewed"])[-1] == (
        "ADD-N#1.1", "SPEC-M#2.1.B", _line_in_file(mixed["hidden"], "SPEC-M#2.1.B"))


_LEGAL = """---
id: SPEC-L
kind: specification
title: Section 01 11 00 Summary of Work
revision: "0"
seq: 1
issued: 2026-03-01
effective: {from: 2026-03-01}
recorded: 2026-03-01T08:00:00Z
access: [legal]
---
SECTION 01 11 00 - SUMMARY OF WORK

PART 1 - GENERAL

1.1 SCOPE

A. The work comprises the vault.
"""


def _unapplied(root: Path, groups: str) -> list[str]:
    report = _cli("sweep", str(root), "--valid-at", "2026-05-15", "--groups", groups, "--fail-on", "none",
                  "--format", "json")
    return [f["explanation"] for f in report["findings"] if f["kind"] == "unapplied_item"]


def test_a_decision_is_told_without_its_line_to_an_asker_who_may_not_read_everything(
        mixed: dict[str, Path], tmp_path: Path) -> None:
    """Recorded, refused as a repeat, awaiting the next ingest (``review``) and escalated by the
    sweep: the owners, who may not read SPEC-L, are not told its line; who may read it all is."""
    root = tmp_path / "p"
    shutil.copytree(mixed["hidden"], root)
    (root / "documents" / "spec-l.md").write_text(_LEGAL)
    every = ["--target", "SPEC-M#2.9.A", "--groups", "owners,legal"]
    assert runner.invoke(app, ["review", str(root), "reject", "ADD-N#1.1", "--by", "Owner Two", *every]).exit_code == 0
    Project.ingest(root)
    ask = ["review", str(root), "accept", "ADD-N#1.1", "--target", "SPEC-M#2.9.A", "--by", "Owner Three",
           "--groups", "owners"]
    result = runner.invoke(app, [*ask, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["line"] is None
    result = runner.invoke(app, ask)  # the same decision again: refused, its line not told
    assert result.exit_code != 0
    assert "already accepted" in result.output and "line left out" in result.output
    assert not re.search(r"reviews\.yaml line \d", result.output)
    result = runner.invoke(app, ["review", str(root), "--groups", "owners"])
    assert result.exit_code == 0, result.output
    assert "accepted, not applied until the next inforce ingest (1)" in result.output
    assert "line left out" in result.output and not re.search(r"reviews\.yaml line \d", result.output)
    assert _front(root, OWNERS)[-1] == ("ADD-N#1.1", "SPEC-M#2.9.A", None)
    [escalated] = _unapplied(root, "owners")
    assert "accepted by Owner Three" in escalated and "line left out" in escalated
    # the operator, and an asker who may read every document, are told the line
    line = len((root / "reviews.yaml").read_text().splitlines()) - 7
    for groups in (("owners", "legal"), None):
        assert _front(root, groups)[-1] == ("ADD-N#1.1", "SPEC-M#2.9.A", line)
    [escalated] = _unapplied(root, "owners,legal")
    assert f"(reviews.yaml line {line})" in escalated
    result = runner.invoke(app, ["review", str(root), "reject", "ADD-N#1.1", "--by", "Owner Four", *every])
    assert result.exit_code == 0, result.output
    assert f"recorded in reviews.yaml line {line + 8}" in result.output
