"""As-of commands: asof (what is in force, and why), history (every version), lag (what is pending)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from inforce.engine import Project
from inforce.ontology import AsOfAnswer, History, InputError, LagReport, parse_datetime_utc
from inforce.ontology.scalars import sent_locator
from inforce.ontology.text import terminal_line

from ._common import (
    EXIT_FINDING,
    FormatOption,
    OutputFormat,
    ProjectArg,
    answered,
    emit_json,
    err,
    handle_errors,
    origin_text,
    out,
    visible,
)
from ._options import (
    ContextOption,
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    parse_case_value,
    parse_context_pairs,
    parse_groups,
    parse_known_at,
    parse_valid_at,
)

__all__ = ["register"]

LocatorArg = Annotated[
    str, typer.Argument(help="DOC-ID[@REV][#path], e.g. SOP-114#5.2; no #path asks about the whole document")
]
def _when(moment: dt.datetime | None) -> str:
    return "-" if moment is None else moment.isoformat().replace("+00:00", "Z")


def _say_date(answer: AsOfAnswer) -> None:
    """Tell (on standard error) where the date came from when it was not given."""
    if answer.valid_at_source != "valid_at":
        err.print(f"valid_at {answer.valid_at}: from {answer.valid_at_source}", markup=False)


def _print_answer(answer: AsOfAnswer) -> None:
    known = "everything recorded" if answer.known_at is None else f"recorded by {_when(answer.known_at)}"
    status = "in force" if answer.in_force else f"not in force ({answer.reason or ('withheld' if answer.withheld else None)})"
    out.print(f"{answer.locator} as of {answer.valid_at} ({known}): {status}", markup=False)
    if answer.description:
        out.print(f"  {answer.description}", markup=False)
    if answer.resolved is not None and answer.erased is not None:
        out.print(f"  in force: {answer.erased.said(str(answer.resolved))}", markup=False)
    elif answer.resolved is not None:
        out.print(f"  in force: {answer.resolved}", markup=False)
    if answer.successors:
        out.print("  successors: " + ", ".join(map(str, answer.successors)), markup=False)
    if answer.amended_by:
        out.print("  amended by: " + ", ".join(map(str, answer.amended_by)), markup=False)
    if answer.detail and not answer.in_force:
        out.print(f"  {answer.detail}", markup=False)
    if answer.withheld:
        out.print(f"  withheld: {', '.join(answer.withheld)} (access: your groups may not read them)", markup=False)
    if answer.text:
        out.print("", markup=False)
        for line in answer.text.strip().splitlines():
            out.print(f"    {line}", markup=False)
        out.print("", markup=False)
    for step in answer.chain:
        recorded = _when(step.recorded)
        edge = f" → {step.target} ({step.scope})" if step.target is not None else ""
        out.print(
            f"  {step.kind:<18} {step.locator}{edge}  effective {step.effective}  recorded {recorded}  "
            f"{origin_text(step.origin, step.review)}",
            markup=False,
        )
    out.print(f"  index build {answer.index_build}", markup=False)


@handle_errors
def asof(
    project: ProjectArg,
    locator: LocatorArg,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    context: ContextOption = None,
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """What is in force for a locator on a date (and as known when), with the chain that made it so."""
    asked = sent_locator(locator)
    known = parse_known_at(known_at)
    attributes = {k: parse_case_value(v) for k, v in parse_context_pairs(context).items()}
    with Project.open(project) as opened:
        answer = answered(opened.asof(asked, parse_valid_at(valid_at), known, attributes=attributes,
                                      groups=parse_groups(groups)))
    _say_date(answer)
    if format is OutputFormat.json:
        emit_json(answer)
    else:
        _print_answer(answer)
    if answer.nothing_in_force:
        raise typer.Exit(EXIT_FINDING)


def _print_history(found: History) -> None:
    out.print(f"{found.locator}: {len(found.versions)} entries, oldest first", markup=False)
    for entry in found.versions:
        until = f"..{entry.effective_until}" if entry.effective_until else ".."
        recorded = _when(entry.recorded)
        seq = f"seq {entry.seq}" if entry.seq is not None else origin_text(entry.origin, entry.review)
        carried = f"  (text in revisions {', '.join(entry.revisions)})" if entry.revisions else ""
        edge = f" → {entry.target} ({entry.scope})" if entry.target is not None else ""
        stopped = ""
        if entry.stopped == "withheld":  # a revision the asker may not read carries or ends it
            stopped = f"  until: withheld ({entry.stopped_by.doc if entry.stopped_by else 'access'})"
        elif entry.stopped is not None:
            by = f" by {entry.stopped_by}" if entry.stopped_by is not None else ""
            stopped = f"  applied until {entry.applied_until} ({entry.stopped}{by})"
        elif entry.kind in ("added", "changed", "revision"):
            stopped = "  still applies"
        if entry.erased is not None:
            stopped += f"  erased on {entry.erased.at.date().isoformat()} by {entry.erased.by} (text not kept)"
        out.print(
            f"  {entry.kind:<10} {entry.locator}{edge}  effective {entry.effective_from}{until}  "
            f"recorded {recorded}  {seq}{carried}{stopped}",
            markup=False,
        )
    if found.withheld:
        out.print(f"  withheld: entries from {', '.join(found.withheld)} (access)", markup=False)
    out.print(f"  index build {found.index_build}", markup=False)


@handle_errors
def history(
    project: ProjectArg, locator: LocatorArg, groups: GroupsOption = None, format: FormatOption = OutputFormat.text,
) -> None:
    """Every version of a section across revisions and supersessions, on both clocks, and when each stopped applying."""
    asked = sent_locator(locator)
    with Project.open(project) as opened:
        found = answered(opened.history(asked, groups=parse_groups(groups)))
    if format is OutputFormat.json:
        emit_json(found)
    else:
        _print_history(found)


def _print_lag(report: LagReport) -> None:
    if not report.lagging:
        out.print(
            f"current: the graph holds all {report.registry_revisions} recorded revisions "
            f"(index build {report.index_build})",
            markup=False,
        )
        return
    if report.pending:
        out.print(
            f"{len(report.pending)} revision(s) recorded but not ingested; oldest pending for "
            f"{report.oldest_pending_age} (recorded {_when(report.oldest_pending_recorded)})",
            markup=False,
        )
        for item in report.pending:
            source = f"  {terminal_line(item.source)}" if item.source else ""
            out.print(
                f"  pending   {item.locator}  seq {item.seq}  effective {item.effective_from}  "
                f"recorded {_when(item.recorded)}{source}",
                markup=False,
            )
    for item in report.changed:
        out.print(f"  changed   {item.locator}  recorded {_when(item.recorded)} (registry differs from graph)", markup=False)
    for locator in report.withdrawn:
        out.print(f"  withdrawn {locator}  (in the graph, no longer in the registry)", markup=False)
    if report.withheld:
        out.print(f"  withheld: revisions of {', '.join(report.withheld)} (access)", markup=False)
    for edited in report.configuration_changed:
        out.print(f"  edited    {terminal_line(edited)}  (edited since ingest: re-ingest to use it)", markup=False)
    for problem in report.problems:
        out.print(visible(f"  problem   {problem}"))
    out.print(f"  now {_when(report.now)}; index build {report.index_build}", markup=False)


@handle_errors
def lag(
    project: ProjectArg,
    now: Annotated[
        str | None,
        typer.Option("--now", help="the monitoring clock for ages (default: the current UTC time)"),
    ] = None,
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Revisions document control recorded that the graph has not ingested; exit 1 when lagging.

    Revisions of documents your groups may not read are withheld (named by document id).
    """
    clock = None
    if now is not None:
        try:
            clock = parse_datetime_utc(now)
        except ValueError:
            raise InputError(f"not a datetime: {now!r}", field="--now", hint="YYYY-MM-DDTHH:MM:SSZ") from None
    report = Project.lag(project, now=clock, groups=parse_groups(groups))
    if format is OutputFormat.json:
        emit_json(report)
    else:
        _print_lag(report)
    if report.lagging:
        raise typer.Exit(EXIT_FINDING)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("asof")(asof)
    app.command("history")(history)
    app.command("lag")(lag)
