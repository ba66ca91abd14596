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


@pytest.mark.parametrize(("arguments", "named"), [
    (["check", "p", "--answer", "answer.json", "--audit-dir", ""], "--audit-dir"),
    (["check", "p", "--answer", ""], "--answer"),
    (["sweep", "p", "--valid-at", "2026-05-01", "--rfi-dir", ""], "--rfi-dir"),
    (["sweep", "p", "--valid-at", "2026-05-01", "--baseline", ""], "--baseline"),
    (["sweep", "p", "--valid-at", "2026-05-01", "-o", ""], "--output"),
    (["sweep-all", "", "--valid-at", "2026-05-01", "--out", "o"], "'manifest'"),
    (["sweep-all", "m.yaml", "--valid-at", "2026-05-01", "--out", ""], "--out"),
    (["replay", "p", ""], "'record'"),
    (["rules", "new", ""], "'path'"),
    (["erase", "p", "SPEC-1", "--audit-dir", ""], "--audit-dir"),
], ids=lambda v: v if isinstance(v, str) else " ".join(a or "''" for a in v[:2]))
def test_an_empty_path_option_is_a_usage_error_and_nothing_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: list[str], named: str) -> None:
    """The same for every path an option takes: ``check --audit-dir ""`` had written its audit
    record into the folder the shell stood in, ``sweep -o ""`` had read the folder as its file."""
    project = tmp_path / "p"
    (project / "documents").mkdir(parents=True)
    (project / "inforce.yaml").write_text(MANIFEST)
    (project / "documents" / "spec.md").write_text(_document("SPEC-1", "plain"))
    (tmp_path / "answer.json").write_text('{"context": {"valid_at": "2026-05-01"}, "claims": []}')
    (tmp_path / "m.yaml").write_text("- p\n")
    before = _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    refused = runner.invoke(app, arguments)
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert named in said and "empty" in said, said
    assert _files(tmp_path) == before


@pytest.mark.parametrize("arguments", [
    ["rules", "fmt", ""], ["rules", "fmt", "mypack.yaml", " "], ["rules", "check", ""], ["rules", "test", ""],
    ["rules", "impact", "p", "--pack", ""], ["rules", "impact", "p", "--pack", "mypack.yaml", "--against", ""],
    ["rules", "impact", "p", "--pack", "mypack.yaml", "--cases", ""],
    ["rules", "impact", "p", "--pack", "mypack.yaml", "--decisions", ""],
    ["rules", "doc", "--write", ""],
    ["precedence", "p", "SPEC-1#1", "SPEC-1#2", "--valid-at", "2026-05-01", "--pack", ""],
    ["sweep", "p", "--valid-at", "2026-05-01", "--pack", ""],
    ["eligible", "p", "--valid-at", "2026-05-01", "--decision-log", ""],
], ids=" ".join)
def test_a_pack_or_log_named_by_empty_text_is_a_usage_error_and_nothing_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: list[str]) -> None:
    """Audit 66 B F02: ``rules fmt ""`` (an unset ``$PACK``) rewrote every pack in the folder the
    shell stood in; ``rules test ""`` read the stock packs. A pack, log or folder named as text
    goes through the same refusal as a path (``_common.named_argument``)."""
    project = tmp_path / "p"
    (project / "documents").mkdir(parents=True)
    (project / "inforce.yaml").write_text(MANIFEST)
    (project / "documents" / "spec.md").write_text(_document("SPEC-1", "plain"))
    (tmp_path / "mypack.yaml").write_text("pack: mine\nversion: 1\nrules:   []\n")  # a layout fmt would change
    before = {name: (tmp_path / name).read_bytes() for name in _files(tmp_path) if (tmp_path / name).is_file()}
    monkeypatch.chdir(tmp_path)
    refused = runner.invoke(app, arguments)
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert "empty" in said or "blank" in said, said
    assert {name: (tmp_path / name).read_bytes() for name in _files(tmp_path) if (tmp_path / name).is_file()} == before
