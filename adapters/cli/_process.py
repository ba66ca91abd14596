"""What this process is: the command line's own, running one command and ending with it (the
console entry point says so, ``one_command_process``), or another program running a command inside
it (a test's ``CliRunner``, a script). Imports nothing heavy: ``inforce --version`` reads it."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from contextvars import ContextVar

__all__ = ["kept_to_exit", "one_command_process"]

#: Whether this process runs one command of the command line and ends (``app.main``), not a command
#: inside another program
_one_command: ContextVar[bool] = ContextVar("inforce_one_command", default=False)


def one_command_process() -> None:
    """Say that this process runs one command and ends with it (the console entry point's)."""
    _one_command.set(True)


@contextlib.contextmanager
def kept_to_exit() -> Iterator[None]:
    """Build and write an answer whose every object lives until this process exits, with Python's
    cyclic collector off, and leave those objects out of its later collections (``gc.freeze``).

    For a command of one short process whose answer is hundreds of thousands of cycle-free objects
    (``facts`` of a million provisions: 88,214 statements, a dozen objects each): the first
    collection after them walked every one of them only to keep them all (0.5 of 4.8 s). Not for a
    process that goes on serving (``serve``), whose later answers' garbage must still be collected;
    nor for a command run inside another program (a test's ``CliRunner``): only where this process
    is the command line's (``one_command_process``), else nothing is changed."""
    if not _one_command.get():
        yield
        return
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if running:
            gc.enable()
