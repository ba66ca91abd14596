"""A rule pack that is there but is no regular file — a link in a loop, a named pipe — is said
so by ``rules fmt`` and ``rules check``, exit 2 (audit 85 B: a folder holding ``a.yaml -> a.yaml``
ended ``rules fmt`` in exit 70, "RuntimeError: Symlink loop", and a named pipe was called "no
rule pack" with the stock names offered)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app


def _folder(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)  # (a project `inforce init` made holds one)
    assert CliRunner().invoke(app, ["rules", "new", str(folder / "ok.yaml"), "--kind", "eligibility"]).exit_code == 0
    if kind == "loop":
        os.symlink("a.yaml", folder / "a.yaml")
    else:
        os.mkfifo(folder / "a.yaml")
    return folder


@pytest.mark.parametrize("kind", ["loop", "fifo"])
@pytest.mark.parametrize("command", [["rules", "fmt", "--check"], ["rules", "fmt"], ["rules", "check"]])
def test_a_pack_that_is_no_regular_file_is_said_so(tmp_path: Path, kind: str, command: list[str]) -> None:
    folder = _folder(tmp_path, kind)
    target = folder if command[1] == "fmt" else folder / "a.yaml"
    done = CliRunner().invoke(app, [*command, str(target)])
    assert done.exit_code == 2, done.output
    assert "a.yaml" in done.output and "is not a regular file" in done.output, done.output
    assert "internal error" not in done.output and "no rule pack" not in done.output, done.output


@pytest.mark.parametrize("kind", ["loop", "fifo"])
@pytest.mark.parametrize("command", [["ingest"], ["rules", "check"]])
def test_a_manifest_pack_that_is_no_regular_file_is_said_so_as_rules_check_says_it(
        tmp_path: Path, kind: str, command: list[str]) -> None:
    # the manifest's pack entry said "no rule pack file 'rules/a.yaml' in the project" for a named pipe that is there,
    # where `rules check` on the file itself says what it is: one judgement of it (ontology.files.not_regular)
    project = tmp_path / "p"
    assert CliRunner().invoke(app, ["init", str(project)]).exit_code == 0
    _folder(project, kind)
    manifest = project / "inforce.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("rules: []", "rules:\n  - path: rules/a.yaml"),
                        encoding="utf-8")
    done = CliRunner().invoke(app, [*command, str(project)])
    assert done.exit_code == 2, done.output
    kind_said = "a named pipe" if kind == "fifo" else "a symbolic link that loops"
    assert f"is not a regular file ({kind_said})" in done.output, done.output
    assert "no rule pack" not in done.output and not (project / ".inforce").exists(), done.output
