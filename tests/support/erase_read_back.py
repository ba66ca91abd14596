"""The erase read-back audits' one erasure: SEC-1 erased through the real CLI, its exit asserted."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def erase_sec1(root: Path, code: int) -> str:
    """``inforce erase ROOT SEC-1 --by auditor --confirm SEC-1``: its output, its exit ``code``."""
    result = runner.invoke(app, ["erase", str(root), "SEC-1", "--by", "auditor", "--confirm", "SEC-1"])
    assert result.exit_code == code, result.output
    return result.output


def erase_sec1_lines(root: Path, code: int) -> list[str]:
    """:func:`erase_sec1`'s output, line by line, stripped."""
    return [line.strip() for line in erase_sec1(root, code).splitlines()]
