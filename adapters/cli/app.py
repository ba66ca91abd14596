"""Assembles the command groups into one ``inforce`` application."""

from __future__ import annotations

from typing import Annotated

import typer

from inforce import PARSER_VERSION, __version__

from . import asof_cmds, project_cmds, quantity_cmds, rules_cmds, sweep_cmds, verify_cmds
from ._common import DEBUG_META

app = typer.Typer(
    name="inforce",
    help="Which clause is in force for this case, on this date — and does this answer agree with it?",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help text holds [@REV] and [#path], which rich would eat as markup
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"inforce {__version__} (parser {PARSER_VERSION})")
        raise typer.Exit()


@app.callback()
def _main(
    context: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="print the version and exit"),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option("--debug", help="on an internal error, print the traceback instead of one line "
                     "(INFORCE_DEBUG=1 does the same)"),
    ] = False,
) -> None:
    """Which clause is in force for this case, on this date — and does this answer agree with it?"""
    context.meta[DEBUG_META] = debug


project_cmds.register(app)
asof_cmds.register(app)
rules_cmds.register(app)
quantity_cmds.register(app)
verify_cmds.register(app)
sweep_cmds.register(app)


def main() -> None:
    app()
