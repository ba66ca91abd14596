"""Audit 65 B, F02: an empty PATH (an unset shell variable, ``inforce init "$DIR"``) was read as
the current folder: ``init ""`` scaffolded a project there, ``ingest ""`` ingested the folder the
shell stood in. Every command's path argument now goes through the one parser
(``_common.path_argument``): an empty or blank name is a usage error, exit 2, naming the
argument, and nothing is written. Through the real CLI, on real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.cli import app
from tests.cli.test_cli_erase import MANIFEST, _document, runner


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


@pytest.mark.parametrize("name", ["", "   "], ids=["empty", "blank"])
@pytest.mark.parametrize(("command", "argument"), [
    (["init"], "folder"), (["ingest"], "project"), (["sweep"], "project"), (["stats"], "project"),
    (["lag"], "project"), (["embed"], "project"),
])
def test_an_empty_path_argument_is_a_usage_error_and_nothing_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], argument: str, name: str) -> None:
    (tmp_path / "documents").mkdir()  # the folder the shell stands in is a project, never ingested
    (tmp_path / "inforce.yaml").write_text(MANIFEST)
    (tmp_path / "documents" / "spec.md").write_text(_document("SPEC-1", "plain"))
    before = _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    refused = runner.invoke(app, [*command, name])
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert f"'{argument}'" in said and ("empty" if not name else "blank") in said, said
    assert _files(tmp_path) == before
