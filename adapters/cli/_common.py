"""What every command shares: the output format, where its output goes, and turning errors into
exit codes (the only place that decides them).

A command prints its answer to ``out`` (or through ``emit_json``) and its messages to ``err``.
With ``-o FILE`` the answer is collected and written to the file once the command has finished
its answer; a command that fails with an error writes nothing and leaves the file as it was.
"""

from __future__ import annotations

import contextlib
import copy
import enum
import errno
import inspect
import io
import os
import stat
import sys
import traceback
from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar, cast

import pydantic_core
import typer
from pydantic import BaseModel
from rich.console import Console
from rich.text import Text

from inforce.ontology import (
    AccessRestrictedError,
    EdgeReview,
    GraphUnusableError,
    InforceError,
    InputError,
    InputErrors,
    ModelUnavailableError,
    NotFoundError,
    Refusal,
    StoreError,
    WorkerLostError,
    utc_text,
)
from inforce.ontology.files import (
    Together,
    no_room,
    read_only,
    unnamed_path,
    write_atomically,
    written_together,
)
from inforce.ontology.interrupts import CommitGuard
from inforce.ontology.text import json_text, message_text, terminal_line, terminal_text

from . import _pipes

__all__ = [
    "DEBUG_ENV",
    "DEBUG_META",
    "EXIT_FINDING",
    "EXIT_GRAPH",
    "EXIT_INPUT",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_MODEL",
    "EXIT_OK",
    "EXIT_PROJECT_FAILED",
    "EXIT_WORKER_LOST",
    "FLAGS",
    "FormatOption",
    "OutputFormat",
    "ProjectArg",
    "emit_json",
    "err",
    "flag",
    "handle_errors",
    "origin_text",
    "out",
    "outputs_together",
    "outside_project_files",
    "path_argument",
    "shown",
    "unwritten",
    "visible",
    "write_output",
    "writes_only_to",
]

#: Exit codes (corpus-format.md, "Output conventions").
EXIT_OK = 0
EXIT_FINDING = 1  # a finding, clarification request, refusal, escalation or lag the command reports
EXIT_INPUT = 2  # usage or input error: arguments, documents, rule files, answers
EXIT_GRAPH = 3  # the project's graph cannot be used: not ingested, locked by a writer, damaged
EXIT_MODEL = 4  # a configured model cannot be loaded
EXIT_PROJECT_FAILED = 5  # sweep-all: a project of the portfolio could not be swept (the others were)
EXIT_WORKER_LOST = 6  # work sent to a worker was lost: the worker died each time it was tried
EXIT_INTERNAL = 70  # an unexpected internal error (a bug): one line, no traceback (EX_SOFTWARE)
EXIT_INTERRUPTED = _pipes.EXIT_INTERRUPTED  # interrupted (Ctrl-C): 128 + SIGINT, as shells report it
EXIT_PIPE = _pipes.EXIT_PIPE  # the reader of standard output closed it (``| head``): 128 + SIGPIPE

#: ``inforce --debug`` records its wish here (the click context's meta, shared by subcommands);
#: ``INFORCE_DEBUG=1`` asks the same. Either shows an internal error's traceback.
DEBUG_META = "inforce.debug"
DEBUG_ENV = "INFORCE_DEBUG"


#: The one table from the domain fields the engine's errors name to the flags (or arguments) a
#: person types: an error about ``valid_at`` is shown as about ``--valid-at``. A field not in
#: the table (an answer file's ``context.valid_at``, a CLI option named already) shows as it is.
FLAGS: dict[str, str] = {
    "valid_at": "--valid-at",
    "audit_dirs": "--audit-dir",
    "known_at": "--known-at",
    "context": "--context",
    "groups": "--groups",
    "pack": "--pack",
    "against": "--against",
    "against_ref": "--against-ref",
    "cases": "--cases",
    "decisions": "--decisions",
    "params": "--param",
    "k": "--k",
    "tier": "--tier",
    "fail_on": "--fail-on",
    "executor": "--executor",
    "workers": "--workers",
    "ray_address": "--ray-address",
    "baseline": "--baseline",
    "subject": "--subject",
    "question": "QUESTION",
    "locator": "LOCATOR",
    "b": "LOCATOR-B",  # precedence: the second provision
    # review: a decision on a proposed edge
    "decision": "DECISION",
    "item": "ITEM",
    "target": "--target",
    "scope": "--scope",
    "by": "--by",
    "note": "--note",
}


#: The most problems of one failed run printed one by one; the rest are counted.
MAX_SHOWN_PROBLEMS = 50


def option_text(value: str | None, option: str) -> str | None:
    """``value`` as the command line gave it, refused (InputError naming ``option``) when it is
    not UTF-8 text: Python hands argv's undecodable bytes on as lone surrogates, which no file
    can hold. The command line's one check of free text typed into an option."""
    if value is not None and any("\ud800" <= ch <= "\udfff" for ch in value):
        raise InputError("not UTF-8 text (a byte the terminal passed is no character)", field=option,
                         hint="type the text in UTF-8")
    return value


#: The flags that take ``NAME=VALUE`` pairs: a problem of one pair (``params.source``) is shown
#: at the flag and the name (``--param source``).
KEYED_FLAGS: dict[str, str] = {"params": "--param"}


def flag(field: str | None) -> str | None:
    """The flag a person types for the domain field ``field`` (the field itself when none)."""
    if field is None:
        return None
    head, dot, name = field.partition(".")
    if dot and head in KEYED_FLAGS:
        return f"{KEYED_FLAGS[head]} {name}"
    return FLAGS.get(field, field)


def shown(problem: BaseException) -> str:
    """An error's message as the CLI prints it: an InputError's domain field as its flag."""
    # an error at a line of a file names the file's own field (a register's column), never a flag
    if isinstance(problem, InputError) and flag(problem.field) != problem.field and (problem.file is None or problem.line is None):
        rendered = copy.copy(problem)
        rendered.field = flag(problem.field)
        return message_text(str(rendered))
    return message_text(str(problem))


def origin_text(origin: str, review: EdgeReview | None) -> str:
    """An edge's origin as the answers print it; one a person accepted says who, when and why."""
    if review is None:
        return origin
    note = f': "{review.note}"' if review.note else ""
    return f"{origin} (accepted by {review.by} at {utc_text(review.at)}{note})"


def visible(text: str) -> str:
    """``text`` with its control characters written out (``\\x1b``), as the answers print it
    (``ontology.text``: the one list every writer escapes)."""
    return terminal_text(text)


class _Visible(io.TextIOBase):
    """A text stream writing into another (looked up on each write, as pytest and typer swap
    ``sys.stdout``), with control characters shown. Not a terminal: no styles are written."""

    def __init__(self, stream: Callable[[], Any]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream().write(visible(text))
        return len(text)

    def flush(self) -> None:
        self._stream().flush()

    def isatty(self) -> bool:
        return False


class _Console(Console):
    """rich's Console, but a closed pipe is left to ``handle_errors`` (rich would exit 1: a refusal)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def _console(file: Any = None, *, stderr: bool = False) -> Console:
    # Document text is data: never read as rich markup, emoji codes or "highlighted" numbers.
    # A caller that wants a style passes a rich Text.
    return _Console(file=file, stderr=stderr, markup=False, emoji=False, highlight=False, soft_wrap=True,
                   color_system="auto" if file is None else None)


#: Messages, warnings and progress go to standard error, always (``-o`` never takes them); a
#: message quoting a document or a file name passes it through ``visible`` first.
err = _console(stderr=True)
#: Answers: document text, control characters shown (``_Visible``), no terminal styles.
_stdout = _console(_Visible(lambda: sys.stdout))


class _Capture:
    """The answer of one command run with ``-o FILE``, held until the command has finished it."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.buffer = io.StringIO()
        self.together: Together | None = None  # the files written with the answer (``outputs_together``)
        self.console = _console(_Visible(lambda: self.buffer))  # no colour codes in a file


#: The running command's ``-o`` capture; None means its answer goes to standard output.
_capture: ContextVar[_Capture | None] = ContextVar("inforce_capture", default=None)


class _CommandOutput:
    """``out``: the console a command prints its answer on — standard output, or the ``-o`` capture
    of the command running now. Commands use it as a rich Console."""

    def __getattr__(self, name: str) -> Any:
        capture = _capture.get()
        return getattr(_stdout if capture is None else capture.console, name)


out = cast(Console, _CommandOutput())


class OutputFormat(enum.StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="text for people, json for programs")
]
def utf8_path(value: Path | None) -> Path | None:
    """A project folder given on the command line, refused (a usage error, exit 2) when its name
    is not UTF-8: the graph database takes its path as text, and no answer could name it."""
    if value is not None and any("\ud800" <= ch <= "\udfff" for ch in str(value)):
        raise typer.BadParameter("the folder's name is not UTF-8 text; rename it")
    return value


def path_argument(text: str | Path) -> Path:
    """A folder or file named as a command's argument (``parser=path_argument``), as written: an
    empty or blank name (an unset shell variable, ``"$DIR"``) is a usage error (exit 2) naming the
    argument, never the current folder, which is what ``Path("")`` would make of it."""
    if isinstance(text, Path):  # a default, not typed by anyone
        return text
    return Path(named_argument(text))


def named_argument(text: str) -> str:
    """A file, folder or stock pack named as text (``parser=named_argument``: a pack file or a
    stock pack's name, a log or a folder of records): the same refusal of an empty or blank name
    as ``path_argument``'s, since each of them would otherwise read as the current folder or as
    "none given" (``rules fmt ""`` had rewritten the packs of the folder the shell stood in)."""
    problem = unnamed_path(text)
    if problem:
        raise typer.BadParameter(problem)
    return text


ProjectArg = Annotated[
    Path, typer.Argument(help="the project folder (holds inforce.yaml)", show_default=False, parser=path_argument,
                         callback=utf8_path)
]


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def emit_json(value: BaseModel | dict[str, Any]) -> None:
    """Write one JSON document to standard output, or into the ``-o`` capture.

    Every command's output is a model's dump; a plain mapping is only a JSON Schema
    (``rules schema``), which is JSON already. Never mixed with messages, which go to
    standard error.
    """
    # pydantic-core's encoder writes what json.dumps(indent=2, ensure_ascii=False) writes, the
    # same value and layout, at a tenth of the time (json's indented encoder is pure Python: 0.2 s
    # of a cold ``facts`` whose answer is 6 MB); only a float's spelling may differ (1e-05 is
    # written 0.00001)
    # (every control character a \\uXXXX escape: a C1 control a document holds, U+009B, is a
    # terminal's escape in UTF-8 too, and the answer is printed as data; audit 75 A F2)
    # A model is written by its own serializer in one pass, as the HTTP layer writes it (the bytes
    # of its JSON-mode dump written out, at a third of the time: 0.65 against 1.8 s for 88,214
    # facts, a 64 MB answer; a float that is no number is null, where the dump wrote NaN, no JSON)
    written = (value.model_dump_json(indent=2) if isinstance(value, BaseModel)
               else pydantic_core.to_json(_plain(value), indent=2, fallback=str).decode())
    emit_text(json_text(written) + "\n")


def emit_text(text: str) -> None:
    """Write a rendered document (a report, a JSON dump) as it is to standard output, or into
    the ``-o`` capture: no wrapping, no styles; the renderer has already made document text safe."""
    capture = _capture.get()
    if capture is not None:
        capture.buffer.write(text)
        return
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # (a stream with no file under it: a test's capture)
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    # written to the descriptor, every short count checked: Python's buffered stdout takes a write
    # cut short by a file-size limit (``ulimit -f``) as done, the answer cut at the limit and the
    # exit 0 (audit 78 B F3); the next write of the rest fails with EFBIG, said as a full disk is
    sys.stdout.flush()
    data = memoryview(text.encode(sys.stdout.encoding or "utf-8", sys.stdout.errors or "strict"))
    while data:
        data = data[os.write(descriptor, data):]


def outside_project_files(path: Path, option: str, project: Path | None,
                          inputs: dict[str, Path] | None = None) -> None:
    """Refuse an output (a file or folder a command writes, named by ``option``) that the front
    finds at or inside a file or folder of ``project`` (``Project.own_path_at``: its documents
    folder, its store, its manifest, its records, its register...; None: of any project holding
    ``path``), or at a file the command is given (``inputs``, by the option naming each: ``check
    --answer``, ``replay RECORD``): what is written there would be read as a document at the next
    ingest, replace the graph's files, the project's own state or what the command reads (audits
    MM4-4, 43 M3/M4, 102 A F2). The one check every option that writes goes through."""
    from inforce.engine import Project

    own = Project.own_path_at(path, project, inputs=inputs)
    if own is not None:
        raise InputError(f"{path} is {'inside ' if own.folder else ''}{own.what}: {own.why}", field=option,
                         hint=f"write it outside {own.path.name}/" if own.folder else
                         f"write it to a file of its own, not {own.path.name}")


def writable_folder(folder: Path, option: str, project: Path | None = None) -> None:
    """A folder a command will write files into once its work succeeds (``--audit-dir``,
    ``--rfi-dir``): one that could never be made or written fails before the work, naming the
    option, and so does one inside a file or folder of ``project``'s own
    (``outside_project_files``: its documents folder, its store; None: of any project holding
    ``folder``). Nothing is created here: a command that fails leaves no folder behind (the
    writer makes it when it has something to write)."""
    outside_project_files(folder, option, project)
    existing = folder.absolute()
    try:
        while not existing.exists():
            if existing.is_symlink():  # a dangling link: nothing can be made there
                raise InputError(f"cannot make the folder {folder}: {existing} is a broken link", field=option)
            existing = existing.parent
        if not existing.is_dir():
            raise InputError(f"cannot make or use the folder {folder}: {existing} is not a folder", field=option)
    except OSError as problem:
        raise InputError(f"cannot make or use the folder {folder}: {problem.strerror or problem}",
                         field=option) from None
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"cannot write into {existing} ({read_only(existing) or 'permission denied'})", field=option)


# ---- -o FILE ------------------------------------------------------------------------------


def _cannot_write(target: Path, reason: str) -> InputError:
    return InputError(f"cannot write the output: {reason}", file=target, field="-o")


def unwritten(problem: OSError) -> str:
    """Why a write failed, in the OS's words, and in ours when there was no room for it
    (``files.no_room``): "File too large: the file is too large for the file-size limit (ulimit -f)"."""
    said, room = problem.strerror or str(problem), no_room(problem)
    return said if room is None or said.startswith(room) else f"{said}: {room}"


def _check_target(target: Path, project: Path | None, inputs: dict[str, Path]) -> Path:
    """Refuse at once an ``-o`` the answer could never be written to, or one at or inside a file
    or folder of ``project``'s own (the command's project argument; None: any project holding
    ``target``) or at a file the command is given (``inputs``: ``outside_project_files``), before
    the command works."""
    outside_project_files(target, "-o", project, inputs)
    try:
        if target.is_dir():
            raise _cannot_write(target, "it is a folder")
        if not target.exists() and not target.is_symlink() and not target.absolute().parent.is_dir():
            raise _cannot_write(target, f"no folder {target.parent}")
    except OSError as problem:  # a folder on the way that may not be read
        raise _cannot_write(target, problem.strerror or str(problem)) from None
    return target


def _through_descriptor(target: Path) -> bool:
    """Whether ``target`` reaches its file through an open descriptor (``/dev/stdout`` is a link
    to ``/proc/self/fd/1``): that file belongs to whoever opened it (a shell's ``>>``), so it is
    written where it stands, never replaced."""
    current = target.absolute()
    for _ in range(40):  # the kernel's own limit on links followed
        current = Path(os.path.realpath(current.parent)) / current.name
        if current.parts[1:2] == ("proc",):
            return True
        if not current.is_symlink():
            return False
        current = current.parent / os.readlink(current)
    return False


def _write_through(path: Path, data: bytes) -> None:
    """Open what is there (a FIFO, a device, a descriptor's file) and write; never replace it."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def write_output(target: Path, text: str, together: Together | None = None) -> None:
    """Put a command's whole answer at ``target``.

    A regular file, or a path where nothing is yet, is replaced atomically (with ``together``:
    staged there, moved into place with the command's other outputs); a symlink is written
    through (the file it points at is replaced, the link stays); a FIFO or a device
    (``/dev/stdout``, ``/dev/null``) is opened and written. A folder, or anything that cannot be
    written (``/dev/full``: no space), is an InputError naming the path and ``-o``.
    """
    data = text.encode("utf-8")
    try:
        try:
            found: os.stat_result | None = os.stat(target)  # what the links finally lead to
        except FileNotFoundError:
            found = None
        if found is not None and stat.S_ISDIR(found.st_mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder")
        if found is not None and (not stat.S_ISREG(found.st_mode) or _through_descriptor(target)):
            _write_through(target, data)
        elif together is not None:
            together.add(os.path.realpath(target), data)
        else:
            write_atomically(os.path.realpath(target), data)
    except OSError as problem:
        raise _cannot_write(target, unwritten(problem)) from None


def outputs_together() -> contextlib.AbstractContextManager[Together]:
    """Where a command stages the files it writes beside its answer (a sweep's RFI drafts), so
    that they and the answer are written all or none (``files.written_together``). With ``-o
    FILE`` they join the answer's group: moved into place with it once the command has finished
    it, and not at all if the command fails or the answer cannot be written. Without, they are
    moved into place when the ``with`` block ends, before the answer goes to standard output."""
    capture = _capture.get()
    if capture is not None and capture.together is not None:
        return contextlib.nullcontext(capture.together)
    return written_together()


# ---- commands -----------------------------------------------------------------------------
F = TypeVar("F", bound=Callable[..., Any])


_OUTPUT_PARAMETER = inspect.Parameter(
    "output",
    inspect.Parameter.KEYWORD_ONLY,
    default=None,
    annotation=Annotated[
        Path | None,
        typer.Option("--output", "-o", parser=path_argument, help="write the answer (any --format) to this file instead of standard "
                     "output (- is standard output); written only when the command finishes its answer", show_default=False),
    ],
)
#: ``-o`` on a command that has no answer for it (``writes_only_to``): kept off its help, refused.
_NO_OUTPUT_PARAMETER = _OUTPUT_PARAMETER.replace(
    annotation=Annotated[Path | None, typer.Option("--output", "-o", hidden=True, show_default=False, parser=path_argument)])
_CONTEXT_PARAMETER = inspect.Parameter("_inforce_context", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)


def writes_only_to(option: str) -> Callable[[F], F]:
    """Mark a command whose outputs all go where ``option`` says (``sweep-all --out DIR``), with
    no answer on standard output: ``handle_errors`` then offers it no ``-o``, and refuses one
    given with an input error pointing to ``option`` (an empty file, exit 0, would say nothing)."""

    def mark(func: F) -> F:
        func._writes_only_to = option  # type: ignore[attr-defined]
        return func

    return mark


def _debug_requested(context: typer.Context | None) -> bool:
    if os.environ.get(DEBUG_ENV, "").strip().lower() in {"1", "true", "yes"}:
        return True
    return bool(context is not None and context.meta.get(DEBUG_META))


class _Refused(Exception):
    """A front method's ``Refusal`` on its way out of the command, to be rendered by ``_answer``."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal


_Result = TypeVar("_Result")


def answered(result: _Result | Refusal) -> _Result:
    """The front's result; a ``Refusal`` ends the command instead, rendered as the answer (exit 1)."""
    if isinstance(result, Refusal):
        raise _Refused(result)
    return result


def _answer(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """Run the command to the end of its answer; the exit code it chose (a refusal is 1)."""
    try:
        func(*args, **kwargs)
    except typer.Exit as finished:
        return finished.exit_code
    except _Refused as refused:
        return _refusal(refused.refusal, kwargs)
    except AccessRestrictedError as refused:  # one the engine raised past the front's typed refusal
        return _refusal(Refusal(reason="access_restricted", locator=refused.asked, detail=refused.detail,
                                depends_on=refused.depends_on), kwargs)
    return EXIT_OK


def _refusal(refusal: Refusal, kwargs: dict[str, Any]) -> int:
    """A refusal is an answer (exit 1), not an input error; nothing of the document shows. It
    goes on standard output (or -o) in either format; the hint on stderr."""
    if kwargs.get("format") == OutputFormat.json:
        emit_json(refusal)
    elif refusal.reason == "access_restricted":
        # the ontology's error words the refusal the same way wherever it is shown
        out.print(str(AccessRestrictedError(refusal.locator or "", depends_on=refusal.depends_on)))
    else:
        out.print(f"{refusal.locator}: refusal ({refusal.reason}): {refusal.detail}")
    err.print("pass --groups with a group that may read it")
    return EXIT_FINDING


def _run(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], output: Path | None,
         inputs: dict[str, Path]) -> int:
    """The command, its answer captured when ``-o`` names a file and written there once it is whole
    (never over the project's files nor over a file the command is given, ``inputs``).

    An answer the command finished (whatever exit code it chose: ``rules check`` reports its
    problems with exit 2) is written, with the files the command staged beside it; an error
    raised out of the command, or an answer that cannot be written, writes none of them.
    """
    project = kwargs.get("project")
    capture = _Capture(_check_target(output, project if isinstance(project, Path) else None, inputs)) \
        if output is not None else None
    token = _capture.set(capture)
    try:
        if capture is None:
            return _answer(func, args, kwargs)
        # the answer and the files staged with it (``outputs_together``): all or none; a move into
        # place that fails (hardly ever: a rename needs no room) is said by ``handle_errors``
        with written_together() as capture.together:
            code = _answer(func, args, kwargs)
            write_output(capture.target, capture.buffer.getvalue(), capture.together)
    finally:
        _capture.reset(token)
    return code


def _standard_output_open() -> None:
    """InputError, before the command does anything, when the process has no standard output at
    all (started with it closed: ``inforce stats P >&-``; Python then holds None for it) and the
    command's answer is to go there: the answer could never be written, and the first write
    failed as an internal error after the work was done. A pipe whose reader leaves while the
    command runs is another matter (exit 141, ``handle_errors``)."""
    if sys.stdout is None:
        raise InputError("closed from the start: no answer can be written there", field="standard output",
                         hint="leave standard output open (> /dev/null to drop the answer) or give -o FILE")


def _report(problem: BaseException, code: int, message: str | None = None) -> int:
    said = shown(problem) if message is None else message_text(message)
    err.print(Text.assemble((type(problem).__name__, "bold red"), ": ", visible(said)))
    return code


#: OS errors a path given on the command line causes (too long a name, a folder where a file
#: goes, a loop of links): an input error naming the path, never an internal one.
_PATH_ERRNOS = frozenset({errno.ENAMETOOLONG, errno.EISDIR, errno.ENOTDIR, errno.ELOOP})


def _no_room(problem: OSError) -> int:
    """A write the disk had no room for (``files.no_room``), that no command caught to say more:
    an InputError naming the file, exit 2, as ``-o`` and ``--audit-dir`` say theirs."""
    said = no_room(problem) or ""
    where = f" {problem.filename}" if problem.filename is not None else ""
    reason = problem.strerror if problem.strerror and problem.strerror.startswith(said) else said
    err.print(Text.assemble(("InputError", "bold red"), ": ", visible(message_text(
        f"cannot write{where}: {reason}; free some room and run the command again"))))
    return EXIT_INPUT


def _internal(bug: BaseException, context: typer.Context | None) -> int:
    """A bug's report: its traceback with --debug, else one line."""
    if _debug_requested(context):
        sys.stderr.write("".join(traceback.format_exception(bug)))
    else:
        said = " ".join(str(bug).split())
        err.print(f"internal error: {type(bug).__name__}: {visible(message_text(said))} "
                  "(run with --debug for the traceback)")
    return EXIT_INTERNAL


def _file_parameters(signature: inspect.Signature) -> dict[str, str]:
    """A command's parameters that name a file or folder (read with ``path_argument`` or
    ``named_argument``) besides its project, each with the way the command line names it
    (``--answer``, ``RECORD``): what its ``-o`` may not be written over (``_files_given``)."""
    named: dict[str, str] = {}
    for name, parameter in signature.parameters.items():
        if name == "project":
            continue
        for info in getattr(parameter.annotation, "__metadata__", ()):
            if getattr(info, "parser", None) in (path_argument, named_argument):
                # (in ``Annotated``, typer takes an option's first name from its default: ``typer.Option("--answer")``)
                written = [getattr(info, "default", None), *(getattr(info, "param_decls", None) or ())]
                decls = [decl for decl in written if isinstance(decl, str) and decl.startswith("--")]
                named[name] = decls[0] if decls else name.upper()
    return named


def _files_given(files: dict[str, str], kwargs: dict[str, Any]) -> dict[str, Path]:
    """The files and folders a command was given (``_file_parameters``), by the way the command line
    names each (a list's values numbered: ``--audit-dir #2``)."""
    given: dict[str, Path] = {}
    for name, shown in files.items():
        value = kwargs.get(name)
        values = value if isinstance(value, (list, tuple)) else [] if value is None else [value]
        for at, each in enumerate(values, 1):
            given[shown if len(values) == 1 else f"{shown} #{at}"] = Path(each)
    return given


def handle_errors(func: F) -> F:
    """Make ``func`` a command: ``-o FILE`` for its answer in any format, and every error turned
    into ``Type: message`` on standard error and its exit code (EXIT_* above)."""

    @wraps(func)
    def wrapper(
        *args: Any, output: Path | None = None, _inforce_context: typer.Context | None = None, **kwargs: Any
    ) -> None:
        _pipes.command_started()
        if output == Path("-"):  # the usual name of standard output, never a file called "-"
            output = None
        try:
            for name, value in kwargs.items():  # every text typed: UTF-8, or refused naming it (audit 73 B F3)
                for each in value if isinstance(value, (list, tuple)) else (value,):
                    if isinstance(each, (str, Path)):
                        option_text(str(each), FLAGS.get(name, name))
            if output is not None and elsewhere is not None:
                raise InputError(f"nothing of this command goes to -o/--output: its outputs go to {elsewhere}",
                                 field="-o", hint=f"drop -o and give {elsewhere}")
            if output is None and elsewhere is None:
                _standard_output_open()
            with CommitGuard() as committed:  # Ctrl-C once a graph went live: the answer is still printed
                code = _run(func, args, kwargs, output, _files_given(files, kwargs))
                if sys.stdout is not None:  # closed from the start (``>&-``), with the answer in -o
                    sys.stdout.flush()  # a closed pipe shows here, where it is handled, not in click's exit
            if committed.take():
                err.print("interrupted (Ctrl-C) after the new graph went live: the command finished first")
            if output is None and _pipes.reader_gone():
                raise BrokenPipeError  # the whole answer fit in the pipe, and nobody read it to the end
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise  # typer's own: usage errors (exit 2)
        except BrokenPipeError:
            # The reader closed the pipe (``| head``): stop quietly, with the shell's code for it,
            # never 1 (a refusal) as click would give it.
            _pipes.silence(sys.stdout)
            raise typer.Exit(EXIT_PIPE) from None
        except GraphUnusableError as problem:  # before NotFoundError: "not ingested" is both
            code = _report(problem, EXIT_GRAPH)
        except StoreError as problem:
            code = _report(problem, EXIT_GRAPH)
        except ModelUnavailableError as problem:
            code = _report(problem, EXIT_MODEL)
        except WorkerLostError as problem:
            code = _report(problem, EXIT_WORKER_LOST)
        except InputErrors as group:
            code = _report(group, EXIT_INPUT, terminal_line(group.message))
            for each in group.exceptions[:MAX_SHOWN_PROBLEMS]:
                err.print(visible(shown(each)))
            if len(group.exceptions) > MAX_SHOWN_PROBLEMS:  # a file of 100,000 bad rows is not 100,000 lines
                err.print(f"... and {len(group.exceptions) - MAX_SHOWN_PROBLEMS:,} more problems of the same run "
                          f"({len(group.exceptions):,} in all); fix these and run again")
        except (InputError, NotFoundError, InforceError) as problem:  # any other of ours is input too
            code = _report(problem, EXIT_INPUT)
        except KeyboardInterrupt:
            err.print("interrupted")
            code = EXIT_INTERRUPTED
        except OSError as problem:
            if no_room(problem) is not None:  # a full disk is no bug: said as one, what the command writes
                code = _no_room(problem)       # whole or not at all (files.write_atomically, append_line)
            elif problem.errno not in _PATH_ERRNOS:
                code = _internal(problem, _inforce_context)
            else:  # a name the command line gave that no file system takes: input, not a bug
                said = f"{problem.strerror}: {problem.filename}" if problem.filename is not None else str(problem)
                err.print(Text.assemble(("InputError", "bold red"), ": ", visible(message_text(said))))
                code = EXIT_INPUT
        except MemoryError as short:  # not a bug, nor a damaged graph: the process's memory ran out
            said = " ".join(str(short).split()) or "a memory allocation failed"
            err.print(Text.assemble(("out of memory", "bold red"), ": ", visible(said)))
            code = EXIT_INTERNAL
        except Exception as bug:
            code = _internal(bug, _inforce_context)
        if code != EXIT_OK:
            raise typer.Exit(code)

    elsewhere: str | None = getattr(func, "_writes_only_to", None)
    signature = inspect.signature(func, eval_str=True)
    files = _file_parameters(signature)
    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), _OUTPUT_PARAMETER if elsewhere is None else _NO_OUTPUT_PARAMETER,
                    _CONTEXT_PARAMETER]
    )
    return wrapper  # type: ignore[return-value]
