"""A path the user typed is printed on one line every time a message names it (audit 78 B L1:
the first mention was written out, ``nm/a\\nb``, a second one in the same message or its hint
raw, so a name holding a line break forged a line of the error, and ESC reached the terminal).
Every message and hint is set on one line where it is rendered (``InputError.__str__``, a group's
heading), whatever the words interpolate."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

NAME = "a\nb\x1b[31mX"


def _run(*args: str) -> str:
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 2, done.output
    return done.output


def _one_line_each(said: str) -> None:
    assert "\x1b" not in said, said
    assert not [line for line in said.splitlines() if line.startswith("b")], said  # no line forged by the name
    assert "a\\nb\\x1b[31mX" in said, said


@pytest.mark.parametrize("command", ["ingest", "lag"])
def test_a_folder_that_is_no_project_is_named_on_one_line(tmp_path: Path, command: str) -> None:
    folder = tmp_path / NAME
    folder.mkdir()
    said = _run(command, str(folder))
    _one_line_each(said)
    assert "inforce init" in said  # the hint names it too, on the same line


def test_a_missing_portfolio_manifest_is_named_on_one_line(tmp_path: Path) -> None:
    _one_line_each(_run("sweep-all", str(tmp_path / f"{NAME}.yaml"), "--valid-at", "2026-05-01",
                        "--out", str(tmp_path / "out")))


def test_an_error_group_heading_is_one_line() -> None:
    from inforce.ontology import InputError, InputErrors

    group = InputErrors(f"{NAME}: not a project", [InputError(f"no inforce.yaml in {NAME}", file="inforce.yaml",
                                                              hint=f"run: inforce init {NAME}")])
    assert str(group).count("\n") == 1, str(group)  # the heading and its one problem
    assert "\x1b" not in str(group).replace("\\x1b", "")
