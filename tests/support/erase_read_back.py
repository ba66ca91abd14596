"""The erase read-back audits' one erasure: a document erased through the real CLI (SEC-1 with its exit asserted)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def erase_doc(root: Path, doc: str) -> tuple[int, str]:
    """``inforce erase ROOT DOC --by auditor --confirm DOC`` in this process: its exit and its output."""
    result = runner.invoke(app, ["erase", str(root), doc, "--by", "auditor", "--confirm", doc])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a crash, never an exit to compare
    return result.exit_code, result.output


def erase_sec1(root: Path, code: int) -> str:
    """``inforce erase ROOT SEC-1 --by auditor --confirm SEC-1``: its output, its exit ``code``."""
    result = runner.invoke(app, ["erase", str(root), "SEC-1", "--by", "auditor", "--confirm", "SEC-1"])
    assert result.exit_code == code, result.output
    return result.output


def erase_sec1_lines(root: Path, code: int) -> list[str]:
    """:func:`erase_sec1`'s output, line by line, stripped."""
    return [line.strip() for line in erase_sec1(root, code).splitlines()]
