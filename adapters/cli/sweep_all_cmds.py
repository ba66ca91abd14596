"""``inforce sweep-all``: a portfolio of projects swept on one date, one report per project and a
summary. It parses, calls ``Project.read_portfolio`` and ``Project.sweep_portfolio`` and renders:
which projects there are, how each is swept and judged, and what fails are the engine's."""

from __future__ import annotations

import enum
import functools
import os
import stat
import sys
import time
from pathlib import Path
from typing import Annotated

import pydantic
import typer
from rich.table import Table

from inforce.engine import ModelBackends, Project
from inforce.ontology import InputError, PortfolioRun, PortfolioSummary
from inforce.ontology.files import is_file_name, is_partial_write, path_kind, read_bounded
from inforce.ontology.text import terminal_line

from ._common import (
    EXIT_FINDING,
    EXIT_PROJECT_FAILED,
    err,
    handle_errors,
    outputs_together,
    outside_project_files,
    path_argument,
    unwritten,
    writable_folder,
    writes_only_to,
)
from ._options import (
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    parse_groups,
    parse_known_at,
    parse_valid_at,
)
from .sweep_cmds import _RESOLUTIONS, _STAGES, ExecutorName, FailOn, say_executor
from .sweep_cmds import _Bar as StageBar

__all__ = ["register"]

SUMMARY_FILE = "summary.json"


class ReportFormat(enum.StrEnum):
    json = "json"
    sarif = "sarif"
    md = "md"
    html = "html"


class _Bar(StageBar):
    """Progress on standard error, only where a person watches it: the portfolio, and a row per
    project (its sweep's stage while it runs in this process; swept or failed when it ends)."""

    def __init__(self) -> None:
        super().__init__(width=40)

    def __call__(self, project: str | None, stage: str, done: int, total: int) -> None:  # type: ignore[override]
        name = "projects" if project is None else terminal_line(project)[:24]
        self.row(project, name if project is None else f"{name} {_STAGES.get(stage, stage)}", done, total)


@handle_errors
@writes_only_to("--out DIR")
def sweep_all(
    manifest: Annotated[Path, typer.Argument(
        help="a YAML list of project folders (relative to its own folder), or a folder of project folders",
        show_default=False, parser=path_argument)],
    out: Annotated[Path, typer.Option(
        "--out", help="the folder for PROJECT.<format> per project and summary.json, written all or none; "
        "after the run it holds this run's files only (a previous sweep's are replaced or removed); a folder "
        "holding any other file is refused",
        show_default=False, parser=path_argument)],
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    groups: GroupsOption = None,
    format: Annotated[ReportFormat, typer.Option(
        "--format", "-f", help="each project's report: json, sarif, md or html (as inforce sweep writes it)",
    )] = ReportFormat.json,
    fail_on: Annotated[FailOn, typer.Option(
        "--fail-on", help="exit 1 when a project has a finding at or above this: escalate, any, none")] = FailOn.escalate,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="projects swept at once, each in its own process; the output is the same "
        "whatever the number")] = 1,
    executor: Annotated[ExecutorName, typer.Option(
        "--executor", help="local (this machine), or ray: a Ray started here with --workers CPUs, or the cluster "
        "at --ray-address (needs pip install 'inforce[ray]')")] = ExecutorName.local,
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="HOST:PORT of a running Ray cluster's head to sweep on (with --executor ray); "
        "project folders must be at the same paths on its nodes", show_default=False)] = None,
) -> None:
    """Sweep every project of a portfolio on a date: one report per project, and a summary.

    Each project's report is byte for byte its own `inforce sweep` report for the same date and
    options. A project that cannot be swept (not ingested, bad input) is listed with its error
    and the others are swept. Exit 0 when nothing reaches --fail-on; 1 when a project's finding
    does; 5 when a project could not be swept (the others' reports are written); 2 for bad input
    (nothing swept, nothing written).

    After a run --out holds exactly its outputs: a previous sweep's report of a project not swept
    this time (it failed, it left the portfolio, another --format) is removed with the same step
    that writes the new ones. A folder holding anything its summary.json does not account for is
    refused (exit 2, nothing written or removed). There is no -o: everything goes to --out.
    """
    from inforce.adapters.models import open_project
    from inforce.adapters.report import render, render_summary

    writable_folder(out, "--out")
    _previous_outputs(out)  # a folder holding anything else is refused before any work
    portfolio = Project.read_portfolio(manifest)
    for entry in portfolio.projects:  # a report there would be read as one of that project's documents
        outside_project_files(out, "--out", entry.root)
    needs = ModelBackends.needed_for("sweep")
    opener = functools.partial(open_project, embedding="embedder" in needs, nli="nli" in needs,
                               rerank="reranker" in needs)
    started = time.perf_counter()
    say_executor(executor, ray_address, workers)
    with _Bar() as bar:
        run = Project.sweep_portfolio(portfolio, opener, parse_valid_at(valid_at), parse_known_at(known_at),
                                      groups=parse_groups(groups), fail_on=fail_on.value, executor=executor.value,
                                      workers=workers, progress=bar, ray_address=ray_address)
    reports = {entry.name: render(outcome.report, format.value)
               for entry, outcome in zip(portfolio.projects, run.outcomes, strict=True) if outcome is not None}
    summary = render_summary(run.summary)
    # every report and the summary, and the previous run's files not written again (a project
    # that failed this time or left the portfolio, another --format) removed in the same step:
    # --out holds this run's outputs and nothing else, or what it held before
    try:
        with outputs_together() as together:
            previous = _previous_outputs(out)  # asked again: a file put there during the sweep is refused
            together.folder(out)
            written = {out / f"{name}.{format.value}" for name in reports} | {out / SUMMARY_FILE}
            for name, text in reports.items():
                together.add(out / f"{name}.{format.value}", text)
            together.add(out / SUMMARY_FILE, summary)
            for stale in previous:
                if stale not in written:
                    together.remove(stale)
    except OSError as problem:
        raise InputError(f"cannot write {problem.filename or out}: {unwritten(problem)}; nothing was written",
                         field="--out") from None
    _summary(run, time.perf_counter() - started, workers, out)
    if run.summary.errors:
        err.print(f"{run.summary.errors} project(s) could not be swept; their errors are in {out / SUMMARY_FILE}",
                  markup=False)
        raise typer.Exit(EXIT_PROJECT_FAILED)
    if run.summary.failed:
        err.print(f"{run.summary.failing_gate} project(s) with a finding at or above --fail-on {fail_on.value}",
                  markup=False)
        raise typer.Exit(EXIT_FINDING)


def _previous_outputs(out: Path) -> list[Path]:
    """The files in ``out`` that a previous portfolio sweep wrote there: its summary.json, the
    reports of the projects it swept (in any --format: the summary does not say which) and
    temporary files a crash of its writer left. Anything else in ``out`` (a file its summary.json
    does not list, a folder, a link, a summary.json that is no portfolio summary) is refused,
    naming the first such file: a folder holding files inforce did not write there is never
    written into, and no file of a user's is removed."""
    try:
        names = sorted(os.listdir(out))
    except FileNotFoundError:
        return []
    except OSError as problem:
        raise InputError(f"cannot read the folder {out}: {problem.strerror or problem}", field="--out") from None
    reports: set[str] = set()
    if SUMMARY_FILE in names:
        try:
            previous = PortfolioSummary.model_validate_json(read_bounded(
                out / SUMMARY_FILE, what="the previous portfolio summary", regular=True))
        except (InputError, OSError, pydantic.ValidationError):
            raise InputError(f"{out} holds a {SUMMARY_FILE} that is no portfolio sweep's summary: not written into, "
                             "nothing in it removed", file=out / SUMMARY_FILE, field="--out",
                             hint="give an empty or new folder for --out, or move that file away") from None
        reports = {f"{line.project}.{each.value}" for line in previous.projects if line.error is None
                   and is_file_name(line.project) for each in ReportFormat}
    ours = reports | {SUMMARY_FILE} if SUMMARY_FILE in names else set()
    found = []
    for name in names:
        path = out / name
        if name in ours and stat.S_ISREG(path.lstat().st_mode):
            found.append(path)
        elif any(is_partial_write(name, target) for target in ours):
            found.append(path)
        elif name in ours:  # listed, but a link or no regular file: never written through (audit 73 A F1)
            raise InputError(f"{out} holds {name} as {path_kind(path)}, where a portfolio sweep writes only regular "
                             "files: nothing written, nothing removed", file=path, field="--out",
                             hint="give an empty or new folder for --out, or move that entry away")
        else:
            raise InputError(f"{out} holds {name}, which no previous portfolio sweep wrote there (its {SUMMARY_FILE} "
                             "does not list it): nothing written, nothing removed", file=path, field="--out",
                             hint="give an empty or new folder for --out, or move that file away")
    return found


def _summary(run: PortfolioRun, seconds: float, workers: int, out: Path) -> None:
    summary = run.summary
    title = f"portfolio sweep as of {summary.as_of.isoformat()}" + (" as recorded by then" if summary.known_at else "")
    table = Table(title=title, title_justify="left")
    table.add_column("project")
    table.add_column("findings", justify="right")
    for resolution in _RESOLUTIONS:
        table.add_column(resolution.replace("_", " "), justify="right")
    table.add_column(f"fail-on {summary.fail_on}")
    for line in summary.projects:
        if line.error is not None:
            table.add_row(terminal_line(line.project), "", "", "", "", f"error: {line.error.type}")
            continue
        by_resolution = {r: sum(c.get(r, 0) for c in line.counts.values()) for r in _RESOLUTIONS}
        table.add_row(terminal_line(line.project), str(line.findings), *(str(by_resolution[r]) for r in _RESOLUTIONS),
                      f"fails ({line.failing})" if line.fails_gate else "passes")
    err.print(table)
    for line, notes in zip(summary.projects, run.notes, strict=True):
        for note in notes:
            err.print(f"{terminal_line(line.project)}: {note}", markup=False)
        if line.error is not None:
            err.print(f"{terminal_line(line.project)} ({line.folder}): {line.error.type}: {line.error.message}",
                      markup=False)
    err.print(f"{summary.swept} of {len(summary.projects)} project(s) swept, {summary.findings} finding(s), "
              f"{summary.failing_gate} failing --fail-on {summary.fail_on}, {summary.errors} not swept; "
              f"in {seconds:.1f} s with {workers} worker(s); reports in {out}", markup=False)
    sys.stderr.flush()


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("sweep-all")(sweep_all)
