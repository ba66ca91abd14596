"""``inforce(*args)``: the command run in this process (the app the console script calls), its
exit status and output as a finished process's. A separate process costs a second or more of
CPU each (imports, and the stock packs compiled again); a file running dozens of commands
spent most of its time there. Tests that need a process of its own (a signal, a lock held by
another process, a pipe closed, the console script itself) start one."""

from __future__ import annotations

import subprocess

from typer.testing import CliRunner

from inforce.adapters.cli import app

__all__ = ["inforce"]


def inforce(*args: object, groups: str | None = None) -> subprocess.CompletedProcess[str]:
    argv = [*map(str, args)] + (["--groups", groups] if groups else [])
    done = CliRunner().invoke(app, argv)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception  # a crash, as a process's traceback: never an exit status to compare
    return subprocess.CompletedProcess(argv, done.exit_code, done.stdout, done.stderr)
