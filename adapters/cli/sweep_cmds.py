"""``inforce sweep``: every conflict among a project's in-force provisions on a date. It
parses, calls ``Project.sweep`` and renders; the engine decides what is a finding and how it
is resolved, and which findings fail a pipeline (``Project.judge_sweep``: against a baseline, under
``--fail-on``, with the counts the summary shows)."""

from __future__ import annotations

import enum
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from inforce.engine import ModelBackends, Project
from inforce.ontology import InputError, SweepOutcome
from inforce.ontology.sweep import WITHHELD_BASELINE
from inforce.ontology.text import terminal_line

from ._common import (
    EXIT_FINDING,
    ProjectArg,
    emit_text,
    err,
    handle_errors,
    named_argument,
    outputs_together,
    path_argument,
    unwritten,
    writable_folder,
)
from ._options import (
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    pack_paths,
    parse_groups,
    parse_known_at,
    parse_valid_at,
)

__all__ = ["register"]


class SweepFormat(enum.StrEnum):
    text = "text"  # for people: the Markdown report (every command takes text and json)
    json = "json"
    md = "md"
    html = "html"
    sarif = "sarif"


class ExecutorName(enum.StrEnum):
    local = "local"
    ray = "ray"


def say_executor(executor: ExecutorName, ray_address: str | None, workers: int) -> None:
    """Ray's own start-up is quiet: this line on standard error says what it does."""
    if executor is ExecutorName.ray:
        err.print(f"ray: joining the cluster at {ray_address}" if ray_address else
                  f"ray: starting Ray on this machine with {workers} CPU(s)", markup=False)


class FailOn(enum.StrEnum):
    escalate = "escalate"
    any = "any"
    none = "none"


_STAGES = {"quantities": "quantities by subject", "supersession": "supersessions",
           "references": "cross-references", "embedding": "embedding neighbours", "nli": "NLI"}


class _Bar:
    """Progress on standard error, only where a person watches it (a terminal): one row per
    stage, its description ``width`` wide (``sweep-all`` adds a row per project)."""

    def __init__(self, width: int = 22) -> None:
        self.progress: Progress | None = None
        self.tasks: dict[str | None, int] = {}
        if err.is_terminal:
            self.progress = Progress(TextColumn(f"{{task.description:<{width}}}"), BarColumn(), MofNCompleteColumn(),
                                     TimeElapsedColumn(), console=err, transient=False)

    def __enter__(self) -> _Bar:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def row(self, key: str | None, described: str, done: int, total: int) -> None:
        """Row ``key``'s progress, under ``described`` (added on its first call)."""
        if self.progress is None:
            return
        task = self.tasks.get(key)
        if task is None:
            task = self.tasks[key] = self.progress.add_task(described, total=total)
        self.progress.update(task, description=described, completed=done, total=total)

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.row(stage, _STAGES.get(stage, stage), done, total)


@handle_errors
def sweep(
    project: ProjectArg,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    format: Annotated[SweepFormat, typer.Option(
        "--format", "-f", help="json (the contract's Findings), md (text: the same), html (one self-contained page) or sarif (2.1.0)",
    )] = SweepFormat.json,
    baseline: Annotated[Path | None, typer.Option(
        "--baseline", help="an earlier sweep's JSON: mark each finding new, unchanged or changed (resolved "
        "otherwise) and list those gone",
        show_default=False, parser=path_argument)] = None,
    fail_on: Annotated[FailOn, typer.Option(
        "--fail-on", help="exit 1 when a finding is at or above this: escalate, any, none (against --baseline: "
        "new and changed findings only)")] = FailOn.escalate,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="processes comparing subjects (with --executor ray: Ray tasks at once, "
        "and the CPUs of a Ray started here); the output is the same whatever the number",
    )] = 1,
    executor: Annotated[ExecutorName, typer.Option(
        "--executor", help="local (this machine), or ray: subjects compared and candidate pairs read by the NLI "
        "model as Ray tasks, on a Ray started here or the cluster at --ray-address (needs pip install "
        "'inforce[ray]')")] = ExecutorName.local,
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="HOST:PORT of a running Ray cluster's head to sweep on (with --executor ray); "
        "the NLI model's folder must be at the same path on its nodes", show_default=False)] = None,
    include_superseded: Annotated[bool, typer.Option(
        "--include-superseded", help="also report pairs with a side superseded on the date "
        "(resolved_by_supersession)")] = False,
    rfi_dir: Annotated[Path | None, typer.Option(
        "--rfi-dir", help="write each escalation's RFI draft to its own file here (RFI-<id>.md)",
        show_default=False, parser=path_argument)] = None,
    pack: Annotated[list[str] | None, typer.Option(
        "--pack", help="decide precedence under this pack (stock name or file) instead of the project's; repeatable",
        show_default=False, parser=named_argument)] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", help="a parameter k=v for the --pack packs", show_default=False)] = None,
    groups: GroupsOption = None,
) -> None:
    """Every conflict among the provisions in force on a date, resolved by the rules or escalated.

    The report goes to standard output (or -o); progress and the summary to standard error.
    Exit 0 when nothing reaches --fail-on; 1 when something does; 2 for bad input; 3 when the
    graph cannot be used.
    """
    from inforce.adapters.report import render
    from inforce.adapters.report.baseline import read_baseline_run

    from .rules_cmds import pair_option
    from .verify_cmds import open_with_models

    params = dict(pair_option(p, "--param") for p in param or ())
    before, stated = read_baseline_run(baseline) if baseline is not None else (None, None)  # bad input fails first
    if rfi_dir is not None:
        writable_folder(rfi_dir, "--rfi-dir", project)
    started = time.perf_counter()
    say_executor(executor, ray_address, workers)
    with open_with_models(project, ModelBackends.needed_for("sweep")) as opened, _Bar() as bar:
        report = opened.sweep(parse_valid_at(valid_at), parse_known_at(known_at), groups=parse_groups(groups),
                              packs=pack_paths(pack), params=params, include_superseded=include_superseded,
                              workers=workers, progress=bar, executor=executor.value, ray_address=ray_address)
    outcome = Project.judge_sweep(report, fail_on.value, baseline=before, baseline_name=str(baseline or ""),
                                  baseline_run=stated)
    text = render(outcome.report, "md" if format is SweepFormat.text else format.value)
    if rfi_dir is not None:  # with the report, all or none: a sweep that fails writes neither
        from inforce.adapters.report.rfi import stale_drafts, write_rfis

        try:
            stale = stale_drafts(outcome.report, rfi_dir)
            with outputs_together() as together:
                written = write_rfis(outcome.report, rfi_dir, together)
                together.then(lambda: err.print(f"{len(written)} RFI draft(s) written to {terminal_line(str(rfi_dir))}",
                                                markup=False))
                if stale:  # left, as they may have been edited or sent, but never taken for current
                    together.then(lambda: err.print(_stale_note(stale, rfi_dir), markup=False))
        except OSError as problem:
            raise InputError(f"cannot write {problem.filename or rfi_dir}: {unwritten(problem)}; nothing was "
                             "written", field="--rfi-dir") from None
    emit_text(text)
    _summary(outcome, time.perf_counter() - started, workers)
    if outcome.failed:
        err.print(f"{len(outcome.failing)} finding(s) at or above --fail-on {fail_on.value}", markup=False)
        raise typer.Exit(EXIT_FINDING)


#: stale drafts named one by one before the rest are counted
STALE_NAMED = 5


def _stale_note(stale: list[Path], folder: Path) -> str:
    """The drafts in ``folder`` of findings this run does not report: named, up to ``STALE_NAMED``."""
    names = ", ".join(terminal_line(path.name) for path in stale[:STALE_NAMED])
    more = f" and {len(stale) - STALE_NAMED} more" if len(stale) > STALE_NAMED else ""
    return (f"{len(stale)} RFI draft(s) in {terminal_line(str(folder))} are of findings this run does not report "
            f"(an earlier run's, left as they are): {names}{more}")


_RESOLUTIONS = ("escalate", "resolved_by_precedence", "resolved_by_supersession")


def _summary(outcome: SweepOutcome, seconds: float, workers: int) -> None:
    report = outcome.report
    summary = report.summary
    table = Table(title=f"sweep of {terminal_line(report.project)} as of {report.as_of.isoformat()}", title_justify="left")
    table.add_column("finding kind")
    for resolution in _RESOLUTIONS:
        table.add_column(resolution.replace("_", " "), justify="right")
    for kind, by_resolution in outcome.counts.items():
        table.add_row(kind, *(str(by_resolution.get(r, 0)) for r in _RESOLUTIONS))
    if not outcome.counts:
        table.add_row("(no findings)", "0", "0", "0")
    err.print(table)
    # each source counts in its own unit (statement pairs, links, candidate pairs): their sum is
    # told beside the provision pairs, never as a share of them (it can be more)
    err.print(f"{summary.provisions:,} provisions in force ({summary.all_pairs:,} pairs), {summary.statements:,} "
              f"quantity statements; {summary.pairs_examined:,} comparisons made", markup=False)
    for source in summary.sources:
        state = (f"{source.pairs:,} pair" + ("" if source.pairs == 1 else "s")) if source.ran else "skipped"
        err.print(f"  {source.source}: {state}" + (f" — {source.note}" if source.note else ""), markup=False)
    if summary.unconfirmed:
        err.print(f"{summary.unconfirmed:,} candidate pair(s) proposed by similarity alone, confirmed by no rule: "
                  "not findings", markup=False)
    if summary.superseded_left_out:
        err.print(f"{summary.superseded_left_out:,} pair(s) with a side superseded on the date left out "
                  "(--include-superseded shows them)", markup=False)
    if summary.withheld:
        err.print(f"{len(summary.withheld)} document(s) withheld: the asker may not read them", markup=False)
    if report.baseline is not None:
        withheld = f", {outcome.withheld} {WITHHELD_BASELINE}" if outcome.withheld else ""
        err.print(f"against {terminal_line(str(report.baseline))}: {outcome.new} new, {outcome.changed} changed, "
                  f"{outcome.unchanged} unchanged, {outcome.gone} gone{withheld}", markup=False)
    if summary.provisions == 0:
        err.print(f"nothing is in force on {report.as_of.isoformat()}"
                  + (" as recorded by then" if report.known_at else "") + ": nothing was compared", markup=False)
    err.print(f"{len(report.findings)} finding(s) in {seconds:.1f} s with {workers} worker(s)", markup=False)
    sys.stderr.flush()


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("sweep")(sweep)
