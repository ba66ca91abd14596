"""What a marking test asks of an ingest: refused (and the document's words shown to no outsider),
or read (and served to one) — the CLI run for real, ``show`` asked as the group ``outsider``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def refused_and_unserved(root: Path, locator: str, words: str, where: str | None = None) -> str:
    """Ingest of ``root`` refused (exit 2, ``where`` in what it said), and ``show`` of ``locator``
    to an outsider failing without ``words``; what the ingest said, on one line."""
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    said = " ".join(done.output.split())
    assert where is None or where in said, done.output
    shown = runner.invoke(app, ["show", str(root), locator, "--groups", "outsider"])
    assert shown.exit_code != 0 and words not in shown.output, shown.output
    return said


def ingested_and_served(root: Path, locator: str, words: str) -> str:
    """Ingest of ``root`` read (exit 0), and ``show`` of ``locator`` to an outsider serving
    ``words``; what the ingest said, on one line."""
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["show", str(root), locator, "--groups", "outsider"])
    assert shown.exit_code == 0 and words in shown.output, shown.output
    return " ".join(done.output.split())
