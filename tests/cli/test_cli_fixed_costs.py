"""What each in-process command paid again although nothing differed: the click commands of a
command's module are built once per process, and a command that asks for model backends
opens the project's graph once."""
from __future__ import annotations

import typer.main
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.models import open_project
from inforce.engine.store import _kuzu

runner = CliRunner()


def test_a_command_module_is_turned_into_click_commands_once_per_process() -> None:
    assert runner.invoke(app, ["facts", "--help"]).exit_code == 0
    first = typer.main.get_command(app).get_command(None, "facts")  # type: ignore[attr-defined]
    assert runner.invoke(app, ["facts", "--help"]).exit_code == 0
    again = typer.main.get_command(app).get_command(None, "facts")  # type: ignore[attr-defined]
    assert first is not None and first is again


def test_opening_with_model_backends_opens_the_graph_once(ingested_example, monkeypatch) -> None:
    root = ingested_example("label-dosing")
    opened_graphs: list[object] = []
    real = _kuzu.KuzuGraph.__init__

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        opened_graphs.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(_kuzu.KuzuGraph, "__init__", counting)
    project, notes = open_project(root, nli=True)  # the example names no NLI model: none is loaded
    with project:
        assert project.stats().revisions
        assert project.backends.nli is None
    assert len(opened_graphs) == 1
    assert all(graph.closed for graph in opened_graphs)  # type: ignore[attr-defined]
