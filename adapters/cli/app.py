"""Assembles the command groups into one ``inforce`` application."""

from __future__ import annotations

import typer

from . import asof_cmds, project_cmds, rules_cmds

app = typer.Typer(
    name="inforce",
    help="Which clause is in force for this case, on this date — and does this answer agree with it?",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

project_cmds.register(app)
asof_cmds.register(app)
rules_cmds.register(app)


def main() -> None:
    app()
