"""Standard output to a pipe whose reader left (``| head``, ``| true``): the one test of it and
its exit code, 141, for a command's answer (``_common.handle_errors``) and for what click
writes itself before any command runs (``--help``, ``--version``, a usage error: ``app.main``).
Kept free of the engine and of rich, so ``inforce --version`` still pays for typer alone."""

from __future__ import annotations

import io
import os
import select
import stat
import sys

__all__ = ["EXIT_INTERRUPTED", "EXIT_PIPE", "command_started", "interrupted", "reader_gone", "silence"]

EXIT_PIPE = 141  # the reader of standard output closed it (``| head``): 128 + SIGPIPE
EXIT_INTERRUPTED = 130  # interrupted (Ctrl-C): 128 + SIGINT, as shells report it

#: Whether a command's own handler ran in this process (it decides its pipe itself, and one
#: whose answer went to -o FILE owes nothing to a reader of standard output).
_handled = False


def command_started() -> None:
    """Note that a command's handler runs: ``app.main`` leaves the exit code to it."""
    global _handled
    _handled = True


def handled() -> bool:
    """Whether a command's handler ran in this process (``command_started``)."""
    return _handled


def reader_gone() -> bool:
    """Whether standard output is a pipe whose reader has closed it (``| head -c 10``). An answer
    written in one piece (JSON, a report) fits in the pipe's buffer and raises nothing, so a
    reader gone before the end would otherwise go unnoticed, and the exit code would depend on
    the answer's size and on timing: the pipe is asked instead (its write end reports an error
    once no reader is left)."""
    try:
        fd = sys.stdout.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return False
        poller = select.poll()
        poller.register(fd, 0)  # POLLERR and POLLHUP are always reported
        return any(event & select.POLLERR for _, event in poller.poll(0))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False  # not a real file (a test runner's buffer), or no poll on this system


def interrupted() -> int:
    """Say that the run was interrupted (Ctrl-C) where no command's handler said it (while the
    command line's modules load, while click reads it), and its code: the one word a command's
    handler writes (``_common.handle_errors``), never a traceback or silence."""
    try:
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass  # no standard error to say it on: the code still says it
    return EXIT_INTERRUPTED


def silence(stream: object) -> None:
    """Point ``stream`` (standard output or error) at /dev/null, so the interpreter's last flush
    does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test runner's buffer), or none at all: nothing to flush there
