"""What the ``rules impact`` CLI tests share: the follow-up example's 14-day period, a pack with it
changed to 10 days written outside the project, and a CLI call that checks its exit code."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()
PERIOD = "add: {days: 14, calendar: calendar, from: dispatch_date}"


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def period_edited(project: Path, folder: Path) -> Path:
    """The project's pack with the UK refurbished period changed from 14 to 10 days, in ``folder``."""
    text = (project / "rules" / "followup.yaml").read_text("utf-8")
    assert PERIOD in text
    path = folder / "followup.yaml"
    path.write_text(text.replace(PERIOD, PERIOD.replace("14", "10"), 1), encoding="utf-8")
    return path
