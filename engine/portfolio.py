"""The portfolio sweep: many projects swept on one date, each exactly as ``Project.sweep`` and
``judge_sweep`` sweep and judge it alone, and a summary of them all (``inforce sweep-all``).

A portfolio manifest is a YAML list of project folders (relative to the manifest's folder), or
a folder whose immediate subfolders holding ``inforce.yaml`` are the projects. Each project is
named by its ``inforce.yaml``'s ``project:``, which names its report: two projects of one name,
or a name that cannot be a file's, is an input error before any work, as is a folder that is
not there. A subfolder whose name is not UTF-8 is listed as failed, named with those bytes
written out (``ontology.files.name_text``). A project that then fails on its own (not ingested,
bad input, an unusable graph) is listed in the summary with its error; the others are swept.

Projects run on an executor (``executor``: the one place that chooses it): ``local`` sweeps
them one after another in this process, or ``workers`` at a time in processes started by a
fork server (nothing of an opened graph crosses a fork); ``ray`` sweeps each as a Ray task, on a
Ray started on this machine or on a cluster (``engine._ray``). The results are put back in the manifest's order, so the summary is the same whatever ran them.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import datetime as dt
import functools
import multiprocessing
import multiprocessing.connection
import os
import signal
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from inforce.ontology import FailOn, InforceError, InputError, InputErrors
from inforce.ontology.files import (
    is_file_name,
    name_not_utf8,
    name_text,
    not_regular,
    read_bounded_text,
)
from inforce.ontology.portfolio import (
    Portfolio,
    PortfolioEntry,
    PortfolioError,
    PortfolioProject,
    PortfolioRun,
    PortfolioSummary,
)
from inforce.ontology.text import message_text, terminal_line
from inforce.ontology.yamltext import MarkedList, MarkedMap, load_marked

from ._ray import EXECUTORS
from .precedence import require_date

if TYPE_CHECKING:
    from inforce.ontology.answers import SweepOutcome

__all__ = ["EXECUTORS", "Opener", "PortfolioProgress", "choose_executor", "read_portfolio", "sweep_opened",
           "sweep_portfolio"]

MANIFEST_FILE = "inforce.yaml"
#: The summary's own file in the output folder: no project may take its name.
SUMMARY_NAME = "summary"

#: Opens a project folder for a sweep (an opened ``Project``, never imported here: the front
#: imports this module) with the model backends it needs, and the notes on any left off
#: (``inforce.adapters.models.open_project``, say). It must be picklable (a module's function, or
#: a ``functools.partial`` of one): the workers call it in their own processes.
Opener = Callable[[Path], tuple[Any, Sequence[str]]]
#: ``progress(project, stage, done, total)``: ``project`` None for the portfolio as a whole
#: (stage ``projects``); else one project's sweep stage, or ``swept`` / ``failed`` when it ends.
PortfolioProgress = Callable[[str | None, str, int, int], None]


# ---- the manifest ----------------------------------------------------------------------------


def read_portfolio(manifest: str | Path) -> Portfolio:
    """The projects ``manifest`` names, in its order (a folder's: sorted by name). InputErrors
    naming the file, line and field of every problem: not a list, an entry that is no folder
    name, a folder missing or holding no ``inforce.yaml``, one listed twice, two projects of
    one ``project:`` name, or a name that cannot name the project's report file."""
    path = Path(manifest)
    problems: list[InputError] = []
    # each folder as given, where it is, and where the manifest gives it (line, field)
    listed: list[tuple[str, Path, int | None, str]] = []
    if path.is_dir():
        # a subfolder with anything named inforce.yaml (a broken link, a folder) is a project that
        # cannot be read, refused below: never skipped without a word
        listed = [(child.name, child, None, "folder") for child in sorted(path.iterdir(), key=lambda p: p.name)
                  if os.path.lexists(child / MANIFEST_FILE)]
        if not listed:
            raise InputError(f"no project in {path}: none of its folders holds {MANIFEST_FILE}", file=path,
                             hint="give a folder of project folders, or a YAML list of them")
    else:
        listed = _listed(path, problems)
    entries: list[PortfolioEntry] = []
    seen_roots: dict[str, str] = {}
    named: dict[str, tuple[str, int | None]] = {}  # casefolded name -> folder, line of its project:
    for folder, root, line, field in listed:
        if (unnamed := name_not_utf8(folder, what="folder")) is not None:
            # a subfolder named by bytes that are not UTF-8 (a manifest's entries are text): no
            # summary or report can name it, so it is listed as failed, by its name written out,
            # and the others are swept (audit 76 A F4)
            entries.append(PortfolioEntry(name=name_text(folder), folder=name_text(folder), root=root,
                                          problem=_error(unnamed)))
            continue
        try:  # a path the system refuses to look at (too long a name, a loop of links): at its entry (audit MM3-8)
            is_dir = root.is_dir()
            has_manifest = is_dir and (root / MANIFEST_FILE).is_file()
            real = os.path.realpath(root) if has_manifest else ""
        except (OSError, ValueError) as refused:
            said = refused.strerror if isinstance(refused, OSError) and refused.strerror else str(refused)
            shown = terminal_line(folder if len(folder) <= 80 else f"{folder[:60]}… ({len(folder):,} characters)")
            problems.append(InputError(f"{shown} cannot be looked at as a folder: {said}", file=path, line=line,
                                       field=field))
            continue
        if not is_dir:
            kind = not_regular(root)  # there, yet no folder: what it is, in the words every reader uses
            said = f"{terminal_line(folder)} is {kind}, not a project folder" if kind is not None else \
                f"no project folder {terminal_line(folder)}"
            problems.append(InputError(f"{said} (looked for {terminal_line(str(root))})", file=path, line=line,
                                       field=field))
            continue
        if not has_manifest:
            problems.append(_no_manifest(folder, root, path, line, field))
            continue
        if real in seen_roots:
            problems.append(InputError(f"{terminal_line(folder)} is listed twice (as "
                                       f"{terminal_line(seen_roots[real])} before)", file=path, line=line, field=field))
            continue
        seen_roots[real] = folder
        entry, name_line = _entry(folder, root)
        if entry.problem is None:
            manifest_file = root / MANIFEST_FILE
            if not is_file_name(entry.name) or entry.name.casefold() == SUMMARY_NAME:
                problems.append(InputError(
                    f"{entry.name!r} cannot name the project's report file: letters, digits, '.', '_' and '-' "
                    f"only, starting with a letter or digit, at most 200, and not {SUMMARY_NAME!r}",
                    file=manifest_file, line=name_line, field="project"))
                continue
            other = named.get(entry.name.casefold())
            if other is not None:
                at = f":{other[1]}" if other[1] is not None else ""
                problems.append(InputError(
                    f"{entry.name!r} is also the name of the project at {other[0]}{at}: each project of a "
                    "portfolio names its own report", file=manifest_file, line=name_line, field="project"))
                continue
            named[entry.name.casefold()] = (str(manifest_file), name_line)
        entries.append(entry)
    if problems:
        problems.sort(key=lambda p: (p.file != str(path), p.file or "", p.line or 0))
        raise InputErrors(f"{path}: not a portfolio to sweep; nothing was swept", problems)
    return Portfolio(manifest=str(path), projects=tuple(entries))


def _no_manifest(folder: str, root: Path, path: Path, line: int | None, field: str) -> InputError:
    """Why ``root`` listed by ``path`` is no project: its ``inforce.yaml`` missing, a broken link,
    or no file (a folder, say)."""
    manifest_file = root / MANIFEST_FILE
    shown, where = terminal_line(str(root)), terminal_line(str(manifest_file))
    if manifest_file.is_symlink() and not manifest_file.exists():
        why = f"its {MANIFEST_FILE} is a broken link (to {terminal_line(os.readlink(manifest_file))})"
        hint = "point the link at the file"
    elif os.path.lexists(manifest_file):
        why, hint = f"its {MANIFEST_FILE} is not a file", f"make {where} the project's manifest file"
    else:
        why, hint = f"no {MANIFEST_FILE} in {shown}", f"run: inforce init {shown}"
    return InputError(f"{terminal_line(folder)} is not a project folder: {why}", file=path, line=line, field=field,
                      hint=hint)


def _listed(path: Path, problems: list[InputError]) -> list[tuple[str, Path, int | None, str]]:
    """The folders a YAML manifest lists, each with its line; problems appended to ``problems``."""
    try:
        text = read_bounded_text(path, what="the portfolio manifest", file=str(path))
    except FileNotFoundError:
        raise InputError(f"no portfolio manifest at {path}", file=path, field="manifest") from None
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read: {problem}", file=path, field="manifest") from None
    data = load_marked(text, file=str(path))
    if not isinstance(data, MarkedList):
        line = data.line if isinstance(data, MarkedMap) else 1
        raise InputError(f"a portfolio manifest is a YAML list of project folders, not {_kind(data)}", file=path,
                         line=line, field="projects", hint="one '- FOLDER' line per project, e.g. '- riverside-library'")
    if not data:
        raise InputError("the list of project folders is empty", file=path, line=data.line, field="projects")
    found = []
    for index, item in enumerate(data):
        line = data.item_at(index)[0]
        if not isinstance(item, str) or not item.strip():
            problems.append(InputError(f"entry {index + 1} is {_kind(item)}, not a folder name", file=path, line=line,
                                       field=f"projects[{index}]"))
            continue
        found.append((item, path.parent / item, line, f"projects[{index}]"))
    return found


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "empty"
    return f"{type(value).__name__} {value!r}"


def _entry(folder: str, root: Path) -> tuple[PortfolioEntry, int | None]:
    """The project at ``root`` named by its ``inforce.yaml``'s ``project:``, and that key's line;
    named by its folder, with the problem, when that cannot be read (the project is then listed as
    failed, never swept: its own sweep would fail reading the manifest too)."""
    manifest_file = root / MANIFEST_FILE
    try:
        data = load_marked(read_bounded_text(manifest_file, what="the manifest", regular=True), file=str(manifest_file))
    except (InforceError, OSError, UnicodeDecodeError) as problem:
        return PortfolioEntry(name=root.name, folder=folder, root=root, problem=_error(problem)), None
    name = data.get("project") if isinstance(data, MarkedMap) else None
    if not isinstance(name, str) or not name.strip():
        problem = InputError("the project's name is required", file=manifest_file, field="project", reason="required")
        return PortfolioEntry(name=root.name, folder=folder, root=root, problem=_error(problem)), None
    return PortfolioEntry(name=name, folder=folder, root=root), data.key_at("project")[0]


def _error(problem: BaseException) -> PortfolioError:
    """An error as its own sweep would say it (the type, and the message with every problem of a group)."""
    said = str(problem)
    if isinstance(problem, InputErrors):
        said = "; ".join([problem.message, *(str(each) for each in problem.exceptions)])
    return PortfolioError(type=type(problem).__name__, message=message_text(" ".join(said.split())))


# ---- sweeping ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """One project's sweep, as a worker process receives it (plain values and the opener)."""

    index: int
    entry: PortfolioEntry
    opener: Opener
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    fail_on: FailOn


@dataclass(frozen=True)
class _Done:
    index: int
    outcome: SweepOutcome | None
    error: PortfolioError | None
    notes: tuple[str, ...] = ()


def _sweep_one(task: _Task, progress: Callable[[str, int, int], None] | None = None) -> _Done:
    """One project swept and judged as ``inforce sweep`` sweeps and judges it; its error, if any,
    returned, never raised (the other projects go on). An interrupt is not caught."""
    if task.entry.problem is not None:
        return _Done(task.index, None, task.entry.problem)
    try:
        opened, notes = task.opener(task.entry.root)
        with opened:
            outcome = _judged(opened, task.valid_at, task.known_at, task.groups, task.fail_on, progress)
        return _Done(task.index, outcome, None, tuple(notes))
    except Exception as problem:  # one project's failure, whatever it is, is its line in the summary
        return _Done(task.index, None, _error(problem))


#: Runs the tasks ``workers`` at a time and yields each one's result as it ends (in any order).
Executor = Callable[[Sequence[_Task], int, "PortfolioProgress | None"], Iterator[_Done]]


def choose_executor(name: str, ray_address: str | None = None) -> Executor:
    """The executor called ``name``, as ``engine._ray.on_ray`` checks it (the one place): ``ray``
    starts Ray here, or joins the cluster at ``ray_address``."""
    from ._ray import on_ray

    return functools.partial(_on_ray, address=ray_address) if on_ray(name, ray_address) else _local


def _local(tasks: Sequence[_Task], workers: int, progress: PortfolioProgress | None) -> Iterator[_Done]:
    if workers <= 1 or len(tasks) < 2:
        for task in tasks:
            stage = (lambda s, d, t, name=task.entry.name: progress(name, s, d, t)) if progress else None
            yield _sweep_one(task, stage)
        return
    yield from _in_processes(tasks, min(workers, len(tasks)))


def _in_processes(tasks: Sequence[_Task], workers: int) -> Iterator[_Done]:
    """Projects swept by ``workers`` processes started by a fork server, each sweeping one project
    after another (none inherits an opened graph or a progress thread; what a process's first sweep
    builds — compiled packs, the quantity reader, lazy imports — is built once per process, not once
    per project: a process per project had made ``--workers 2`` slower than one). A process that
    dies without an answer (killed, out of memory) takes only the project it was sweeping down: a
    new process takes its place and that project is swept once more, listed with the error if it
    dies again. An interrupt, or any error here, ends every process before it goes on."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__, "inforce.engine.project", "inforce.engine.sweep"])
    pending = collections.deque(tasks)
    processes: dict[Connection, BaseProcess] = {}
    idle: list[Connection] = []
    busy: dict[Connection, _Task] = {}
    died: set[int] = set()

    def started() -> Connection:
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(target=_in_process, args=(theirs,), daemon=True, name="inforce sweep-all worker")
        process.start()
        theirs.close()  # the child holds the only other end: its death is an end of file here
        processes[ours] = process
        return ours

    def gone(connection: Connection) -> int | None:
        process = processes.pop(connection)
        connection.close()
        process.join()
        return process.exitcode

    try:
        while pending or busy:
            while pending and (idle or len(processes) < workers):
                connection = idle.pop() if idle else started()
                task = pending.popleft()
                try:
                    connection.send(task)
                except (BrokenPipeError, ConnectionResetError):  # it died idle: not this project's doing
                    gone(connection)
                    pending.appendleft(task)
                    continue
                busy[connection] = task
            for ready in multiprocessing.connection.wait(list(busy)):
                connection = cast(Connection, ready)
                task = busy.pop(connection)
                try:
                    result: _Done | None = connection.recv()
                except (EOFError, ConnectionResetError):  # the process died: no answer
                    result = None
                if result is not None:
                    idle.append(connection)
                    yield result
                    continue
                status = gone(connection)
                if task.index not in died:
                    died.add(task.index)
                    pending.append(task)
                else:
                    yield _Done(task.index, None, PortfolioError(
                        type="WorkerDied", message=f"the process sweeping this project ended without an answer "
                        f"twice (exit status {status}: killed, or out of memory?)"))
        for connection in processes:  # the work is done: each process ends when told
            with contextlib.suppress(OSError):
                connection.send(None)
    finally:
        for process in processes.values():
            if process.is_alive() and (busy or pending):
                process.terminate()
        for connection, process in processes.items():
            process.join()
            connection.close()


def _in_process(connection: Connection) -> None:
    """A worker process's whole life: projects received, swept and their results sent back, until
    told to end (``None``) or the parent is gone. A Ctrl-C reaches the whole process group: the
    parent alone handles it, and ends this process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        while (task := connection.recv()) is not None:
            connection.send(_sweep_one(task))
    except EOFError:
        pass
    finally:
        connection.close()


def _on_ray(tasks: Sequence[_Task], workers: int, progress: PortfolioProgress | None, *,
            address: str | None = None) -> Iterator[_Done]:
    """Each project swept as a Ray task (``engine._ray``): on a Ray started here with ``workers``
    CPUs, or on the cluster at ``address``, ``workers`` projects at a time. A task whose worker
    dies is run once more, as a local process would be; a second death lists the project with the
    error. Folders go as absolute paths: the workers do not share this process's folder."""
    from ._ray import TaskDied, ray_session, run_tasks

    calls = [(dataclasses.replace(task, entry=task.entry.model_copy(update={"root": task.entry.root.absolute()})),)
             for task in tasks]
    with ray_session(address, workers):
        for index, result in run_tasks(_sweep_one, calls, in_flight=workers, retries=1):
            if isinstance(result, TaskDied):
                result = _Done(tasks[index].index, None, PortfolioError(type="WorkerDied", message=str(result)))
            yield result


def _checked(valid_at: dt.date | None, fail_on: str) -> dt.date:
    """The date and the gate of a portfolio sweep, checked before any project is (one place for
    both ways a portfolio is swept)."""
    day = require_date(valid_at)
    if fail_on not in ("escalate", "any", "none"):
        raise InputError(f"{fail_on!r}: escalate, any or none", field="fail_on")
    return day


def sweep_portfolio(
    portfolio: Portfolio, opener: Opener, valid_at: dt.date | None,
    known_at: dt.datetime | None = None, *, groups: Sequence[str] = (), fail_on: FailOn = "escalate",
    executor: str = "local", workers: int = 1, progress: PortfolioProgress | None = None,
    ray_address: str | None = None,
) -> PortfolioRun:
    """Every project of ``portfolio`` swept on ``valid_at`` (as recorded by ``known_at``) for
    ``groups`` and judged under ``fail_on``, each as it is swept alone; ``workers`` at a time on
    ``executor`` (``ray``: a Ray started here, or the cluster at ``ray_address``). The date, the
    executor and the gate are checked before any project is."""
    valid_at = _checked(valid_at, fail_on)
    if workers < 1:
        raise InputError(f"{workers}: at least 1", field="workers")
    run = choose_executor(executor, ray_address)
    entries = portfolio.projects
    tasks = [_Task(i, entry, opener, valid_at, known_at, tuple(groups), fail_on) for i, entry in enumerate(entries)]
    done: dict[int, _Done] = {}
    if progress:
        progress(None, "projects", 0, len(tasks))
    with contextlib.closing(run(tasks, workers, progress)) as results:  # an error here ends the work in flight
        for result in results:
            done[result.index] = result
            if progress:
                progress(tasks[result.index].entry.name, "failed" if result.error else "swept", 1, 1)
                progress(None, "projects", len(done), len(tasks))
    ordered = [done[i] for i in range(len(tasks))]
    return PortfolioRun(summary=_summary(entries, ordered, valid_at, known_at, fail_on),
                        outcomes=tuple(d.outcome for d in ordered), notes=tuple(d.notes for d in ordered))


def _summary(entries: Sequence[PortfolioEntry], done: Sequence[_Done], valid_at: dt.date,
             known_at: dt.datetime | None, fail_on: FailOn) -> PortfolioSummary:
    projects = []
    totals: dict[str, dict[str, int]] = {}
    for entry, result in zip(entries, done, strict=True):
        outcome = result.outcome
        if outcome is None:
            projects.append(PortfolioProject(project=entry.name, folder=entry.folder, error=result.error))
            continue
        projects.append(PortfolioProject(
            project=entry.name, folder=entry.folder, findings=len(outcome.report.findings), counts=outcome.counts,
            failing=len(outcome.failing), fails_gate=outcome.failed))
        for kind, by_resolution in outcome.counts.items():
            into = totals.setdefault(kind, {})
            for resolution, count in by_resolution.items():
                into[resolution] = into.get(resolution, 0) + count
    swept = [p for p in projects if p.error is None]
    return PortfolioSummary(
        as_of=valid_at, known_at=known_at, fail_on=fail_on, projects=tuple(projects), swept=len(swept),
        errors=len(projects) - len(swept), failing_gate=sum(p.fails_gate for p in swept),
        findings=sum(p.findings for p in swept), counts=dict(sorted(totals.items())))


# ---- projects already open (a server's) ---------------------------------------------------------


def _judged(opened: Any, valid_at: dt.date, known_at: dt.datetime | None, groups: Sequence[str], fail_on: FailOn,
            progress: Callable[[str, int, int], None] | None = None, *, packs: Sequence[str] = (),
            params: Mapping[str, str] | None = None, include_superseded: bool = False) -> SweepOutcome:
    """One opened project swept and judged as ``inforce sweep`` sweeps and judges it alone: the
    one place a portfolio's project is (``_sweep_one`` and ``sweep_opened`` both come here)."""
    from .sweep import judge_sweep

    report = opened.sweep(valid_at, known_at, groups=groups, packs=packs, params=params,
                          include_superseded=include_superseded, progress=progress)
    return judge_sweep(report, fail_on)


def sweep_opened(
    projects: Sequence[tuple[PortfolioEntry, Any]], valid_at: dt.date | None, known_at: dt.datetime | None = None,
    *, groups: Sequence[str] = (), packs: Sequence[str] = (), params: Mapping[str, str] | None = None,
    include_superseded: bool = False, fail_on: FailOn = "escalate", progress: PortfolioProgress | None = None,
) -> PortfolioRun:
    """A portfolio of projects the caller has opened already (a server's, each pinned to one
    generation), swept one after another in this thread and summarised as ``sweep_portfolio``
    does: each ``(entry, opened)`` is an opened ``Project`` (used, never closed here) or the
    exception that stopped its opening (the project is then listed with that error, as is one
    whose ``entry.problem`` is set, or whose sweep fails; the others are swept). ``packs``,
    ``params`` and ``include_superseded`` are the single sweep's. An exception raised by
    ``progress`` (a cancel) ends the whole run: it is not one project's error."""
    valid_at = _checked(valid_at, fail_on)
    entries = [entry for entry, _ in projects]
    done: list[_Done] = []
    if progress:
        progress(None, "projects", 0, len(projects))
    for index, (entry, opened) in enumerate(projects):
        stopped: list[BaseException] = []

        def stage(step: str, at: int, total: int, name: str = entry.name, stopped: list[BaseException] = stopped) -> None:
            try:
                progress(name, step, at, total)  # type: ignore[misc]
            except BaseException as stop:
                stopped.append(stop)
                raise

        if entry.problem is not None:
            result = _Done(index, None, entry.problem)
        elif isinstance(opened, BaseException):
            result = _Done(index, None, _error(opened))
        else:
            try:
                result = _Done(index, _judged(opened, valid_at, known_at, tuple(groups), fail_on,
                                              stage if progress else None, packs=packs, params=params,
                                              include_superseded=include_superseded), None)
            except Exception as problem:  # one project's failure is its line in the summary
                if stopped:
                    raise
                result = _Done(index, None, _error(problem))
        done.append(result)
        if progress:
            progress(entry.name, "failed" if result.error else "swept", 1, 1)
            progress(None, "projects", len(done), len(projects))
    return PortfolioRun(summary=_summary(entries, done, valid_at, known_at, fail_on),
                        outcomes=tuple(d.outcome for d in done), notes=tuple(d.notes for d in done))
