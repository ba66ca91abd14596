"""Audit 77 B L4: ``sweep --baseline PATH`` printed the path raw in its summary line on standard
error, so a path holding a line break started a line of its own there (audit 76 A F2 wrote every
file name a command prints on its one line; this path is the user's, printed the same way now)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def test_a_baseline_path_with_a_line_break_is_printed_on_one_line(ingested_example, tmp_path: Path) -> None:
    project = ingested_example("sop-retention")  # read only: the reports go to tmp_path
    first = tmp_path / "first.json"
    done = runner.invoke(app, ["sweep", str(project), "--valid-at", "2026-05-01", "--fail-on", "none",
                               "--format", "json", "-o", str(first)])
    assert done.exit_code == 0, done.output
    named = tmp_path / "base\nline.json"
    named.write_bytes(first.read_bytes())
    again = runner.invoke(app, ["sweep", str(project), "--valid-at", "2026-05-01", "--fail-on", "none",
                                "--format", "json", "-o", str(tmp_path / "second.json"), "--baseline", str(named)])
    assert again.exit_code == 0, again.output
    summary = [line for line in again.stderr.splitlines() if "unchanged" in line]
    assert summary and summary[0].startswith("against ") and "base\\nline.json" in summary[0], again.stderr
    assert not [line for line in again.stderr.splitlines() if line.startswith("line.json")], again.stderr
