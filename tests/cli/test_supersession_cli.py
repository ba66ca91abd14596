"""Supersession through ingest and the CLI: declared edges answer `asof`; cycles and edges dated
before their source was issued are input errors that leave the graph as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def write_doc(folder: Path, doc: str, issued: str, edges: list[tuple[str, str, str]] = ()) -> None:
    lines = ["---", f"id: {doc}", "kind: standard", f"title: Standard {doc}", f"issued: {issued}",
             f"effective: {{from: {issued}}}", f"recorded: {issued}T00:00:00Z"]
    if edges:
        lines.append("supersedes:")
        for target, scope, effective in edges:
            lines += [f"  - target: {target}", f"    scope: {scope}", f"    effective: {effective}"]
    lines += ["---", f"The text of {doc}.", ""]
    (folder / "documents" / f"{doc.lower()}.md").write_text("\n".join(lines))


def project(tmp_path: Path) -> Path:
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: edges\n")
    write_doc(tmp_path, "A", "2020-01-01")
    write_doc(tmp_path, "B", "2021-01-01", [("A", "full", "2021-01-01")])
    write_doc(tmp_path, "C", "2022-01-01", [("B", "full", "2022-01-01"), ("A", "partial", "2022-01-01")])
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    return tmp_path


def successors(root: Path, locator: str, when: str) -> list[str]:
    result = runner.invoke(app, ["asof", str(root), locator, "--valid-at", when, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["successors"]


@pytest.mark.slow
def test_declared_chain_resolves_as_of_each_date(tmp_path):
    root = project(tmp_path)
    assert successors(root, "A", "2020-06-01") == []
    assert successors(root, "A", "2021-06-01") == ["B"]
    assert successors(root, "A", "2022-06-01") == ["C"]
    history = json.loads(runner.invoke(app, ["history", str(root), "A", "-f", "json"]).stdout)
    assert [(v["kind"], v["locator"]) for v in history["versions"]] == [
        ("revision", "A@0"), ("superseded", "B@0"), ("amended", "C@0")]


@pytest.mark.slow
def test_a_cycle_is_an_input_error_naming_both_documents_and_the_graph_is_unchanged(tmp_path):
    root = project(tmp_path)
    write_doc(root, "A", "2020-01-01", [("C", "full", "2023-01-01")])
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2
    assert "cycle" in result.stderr and "documents/a.md:" in result.stderr
    assert "A" in result.stderr and "C" in result.stderr
    assert successors(root, "A", "2024-01-01") == ["C"]
    assert successors(root, "C", "2024-01-01") == []


@pytest.mark.slow
def test_an_edge_effective_before_its_source_was_issued_is_an_input_error(tmp_path):
    root = project(tmp_path)
    write_doc(root, "D", "2023-01-01", [("C", "full", "2022-06-01")])
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2 and "documents/d.md:" in result.stderr and "2022-06-01" in result.stderr
    assert successors(root, "C", "2024-01-01") == []
