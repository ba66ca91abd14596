"""Assembles the command groups into one ``inforce`` application.

A command's module (and with it the engine, pint, kuzu, numpy, spaCy...) is imported only when
that command runs: ``inforce --version`` and a command's ``--help`` pay for typer alone, and
``inforce facts`` does not load what ``sweep`` needs. ``COMMAND_MODULES`` says which module
registers each command; a test holds it to what the modules really register.
"""

from __future__ import annotations

import errno
import gc
import importlib
import sys
from collections.abc import MutableMapping
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperGroup

from inforce import PARSER_VERSION, __version__

from . import _pipes

# command (or command group) -> the module under adapters/cli whose ``register`` adds it;
# in the order ``inforce --help`` lists them
COMMAND_MODULES: dict[str, str] = {
    "init": "project_cmds", "ingest": "project_cmds", "show": "project_cmds",
    "stats": "project_cmds", "embed": "project_cmds",
    "asof": "asof_cmds", "history": "asof_cmds", "lag": "asof_cmds",
    "eligible": "rules_cmds", "precedence": "rules_cmds",
    "facts": "quantity_cmds",
    "check": "verify_cmds", "resolve": "verify_cmds", "replay": "verify_cmds",
    "sweep": "sweep_cmds", "sweep-all": "sweep_all_cmds",
    "review": "review_cmds",
    "erase": "erase_cmds",
    "serve": "serve_cmds",
    "rules": "rules_cmds",  # a command group: typer listed groups after the commands
}


class _LazyGroup(TyperGroup):
    """The top-level group: a command is built from its module the first time it is asked for.

    ``commands`` (click's mapping, read by tests and by "did you mean") loads every module;
    the paths a run takes (``get_command``, ``list_commands``) load only the one named.
    """

    @property
    def commands(self) -> MutableMapping[str, Any]:  # type: ignore[override]
        for module in dict.fromkeys(COMMAND_MODULES.values()):
            self._load(module)
        return self._commands

    @commands.setter
    def commands(self, value: MutableMapping[str, Any]) -> None:
        self._commands = value
        self._loaded: set[str] = set()

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*COMMAND_MODULES, *self._commands]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self._commands and cmd_name in COMMAND_MODULES:
            self._load(COMMAND_MODULES[cmd_name])
        return self._commands.get(cmd_name)

    def _load(self, module_name: str) -> None:
        """Add the commands ``module_name`` registers. They are built once per process for each
        ``register`` function: typer builds a group anew for every run (``typer.main.get_command``),
        which a CLI process does once but an in-process runner does for every command it invokes,
        and converting a module's functions into click commands (their signatures, types and
        defaults) was ~10 ms of each such run. Click commands keep no state between runs."""
        if module_name in self._loaded:
            return
        self._loaded.add(module_name)
        module = importlib.import_module(f"{__package__}.{module_name}")
        built = _BUILT.get(module_name)
        if built is None or built[0] is not module.register:  # a module reloaded registers anew
            # the same settings as ``app`` below, so a command converts exactly as it did when the
            # modules were registered on ``app`` itself
            holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
            module.register(holder)
            built = _BUILT[module_name] = (module.register, dict(typer.main.get_group(holder).commands))
        for name, command in built[1].items():
            self._commands.setdefault(name, command)


#: module name -> (its ``register`` function, the click commands it registered), as ``_load`` built them
_BUILT: dict[str, tuple[Any, dict[str, Any]]] = {}


app = typer.Typer(
    cls=_LazyGroup,
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
    from ._common import DEBUG_META  # here, not above: ``--version`` exits before this runs

    context.meta[DEBUG_META] = debug


#: The collector's young-generation threshold in a CLI process (the interpreter's default: 700).
GC_THRESHOLD = 50_000


def main() -> None:
    # A CLI process is short, and what it allocates mostly lives until it exits (modules,
    # pydantic's schemas, an index's rows): at the collector's default pace a cold ``check`` or
    # ``facts`` spent 15-20 % of its time scanning them and finding no garbage (issue 20).
    # Reference counting still frees whatever is not in a cycle; cycles are still collected,
    # only less often.
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    from ._process import one_command_process

    one_command_process()
    try:
        app()
    except SystemExit as leaving:
        raise SystemExit(_exit_code(leaving)) from None
    except KeyboardInterrupt:  # before click's own handling began (building the command line)
        raise SystemExit(_pipes.interrupted()) from None
    except BrokenPipeError as gone:
        raise SystemExit(_unwritten_code(gone)) from None
    except OSError as failed:
        # click's own writing (``--help``, ``--version``) to a full disk or past ``ulimit -f``:
        # said in one line, exit 2, as every command's answer says it (audit 78 B F4)
        from inforce.ontology.files import no_room

        from ._common import _no_room

        if no_room(failed) is None:
            raise
        raise SystemExit(_no_room(failed)) from None
    else:
        if not _pipes.handled() and _pipes.reader_gone():
            raise SystemExit(_pipes.EXIT_PIPE)  # the reader left before the end of --help
    finally:
        # The command is done and the process ends: the interpreter's last full collection
        # would walk every object it still holds (~0.1 s after a cold ``check``) only to free
        # memory that exiting frees anyway. Frozen objects are left out of it.
        gc.freeze()


def _exit_code(leaving: SystemExit) -> int | str | None:
    """The code a run ends with. Click ends what it writes itself (``--help``, ``--version``,
    before any command runs) with 1 when the reader of standard output has left (``| true``);
    it is 141 as for every command's answer (``_common.handle_errors``, the README's exit codes),
    also when the whole text went into the pipe and the reader left after (audit 71 B F7)."""
    broken = leaving.__context__
    if isinstance(broken, OSError) and broken.errno == errno.EPIPE:
        return _pipes.EXIT_PIPE
    if isinstance(broken, typer.Exit) and isinstance(broken.__cause__, KeyboardInterrupt):
        # Ctrl-C outside a command's handler (which says it itself): while a command's modules load,
        # or while click reads the command line. Click ends it with 130 and not a word.
        return _pipes.interrupted()
    if leaving.code in (0, None) and not _pipes.handled() and _pipes.reader_gone():
        return _pipes.EXIT_PIPE
    return leaving.code


def _unwritten_code(gone: BrokenPipeError) -> int:
    """The code of a run whose message click could not write, its reader gone: a usage error's
    own (2) when that was the message (audit 71 B F7), else 141."""
    _pipes.silence(sys.stderr)
    _pipes.silence(sys.stdout)
    problem = gone.__context__
    code = getattr(problem, "exit_code", None)  # click's own errors (typer's copy of click)
    return code if isinstance(problem, typer.TyperException) and isinstance(code, int) else _pipes.EXIT_PIPE
