"""The ``inforce`` console script. It loads the command line itself, so that Ctrl-C pressed while
that loads (the first few tenths of a second of every run) is said as every other Ctrl-C is,
"interrupted" and exit 130 (``adapters.cli._pipes.interrupted``), not as a traceback out of the
import machinery: the script the installer writes imports its entry point before any handler runs."""

from __future__ import annotations


def main() -> None:
    try:
        from inforce.adapters.cli import main as run
    except KeyboardInterrupt:
        from inforce.adapters.cli._pipes import interrupted

        raise SystemExit(interrupted()) from None
    run()
