"""As-of commands: asof (what is in force, and why), history (every version), lag (what is pending)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from inforce.engine.asof_answer import AsOfAnswer, History
from inforce.engine.lag import LagReport, index_lag
from inforce.engine.project import Project
from inforce.ontology import (
    InputError,
    Locator,
    NotFoundError,
    Revision,
    StoreError,
    parse_datetime_utc,
)

from ._common import (
    EXIT_FINDING,
    FormatOption,
    OutputFormat,
    ProjectArg,
    emit_json,
    err,
    handle_errors,
    out,
    refuse_unreadable,
)
from ._options import (
    ContextOption,
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    parse_context_pairs,
    parse_date_option,
    parse_groups,
    parse_known_at,
)
from ._registry import read_registry

__all__ = ["register"]

LocatorArg = Annotated[
    str, typer.Argument(help="DOC-ID[@REV][#path], e.g. SOP-114#5.2; no #path asks about the whole document")
]
def _valid_at(opened: Project, valid_at: str | None, context: dict[str, str]) -> dt.date:
    """The date the question is about: ``--valid-at``, or the case attribute a rule pack names.

    Today is never assumed; when the date comes from a case attribute, standard error says
    which attribute and which rule.
    """
    if valid_at is not None:
        return parse_date_option(valid_at, "--valid-at")
    named = _date_attribute(opened)
    if named is not None:
        attribute, rule = named
        if attribute in context:
            day = parse_date_option(context[attribute], f"--context {attribute}")
            err.print(f"valid_at {day}: from case attribute {attribute} ({rule})", markup=False)
            return day
        raise InputError(
            f"--valid-at is required, or --context {attribute}=DATE ({rule} takes the date from {attribute})",
            hint="inforce never assumes today",
        )
    raise InputError(
        "--valid-at is required: the date the question is about",
        hint="inforce never assumes today, and no rule pack of this project names a case attribute that supplies it",
    )


def _date_attribute(opened: Project) -> tuple[str, str] | None:
    """The case attribute the project's eligibility rules take the applicability date from."""
    if not opened.manifest.rules:
        return None
    ruleset = opened.rules
    for rule in ruleset.eligibility:
        if rule.applicability_date is not None:
            origin = ruleset.origin(rule.id)
            where = f"rule {rule.id}" + (f" at {origin.format()}" if origin is not None else "")
            return rule.applicability_date.attribute, where
    return None


def _when(moment: dt.datetime | None) -> str:
    return "-" if moment is None else moment.isoformat().replace("+00:00", "Z")


def _print_answer(answer: AsOfAnswer) -> None:
    known = "everything recorded" if answer.known_at is None else f"recorded by {_when(answer.known_at)}"
    status = "in force" if answer.in_force else f"not in force ({answer.reason})"
    out.print(f"{answer.locator} as of {answer.valid_at} ({known}): {status}", markup=False)
    if answer.description:
        out.print(f"  {answer.description}", markup=False)
    if answer.resolved is not None:
        out.print(f"  in force: {answer.resolved}", markup=False)
    if answer.successors:
        out.print("  successors: " + ", ".join(map(str, answer.successors)), markup=False)
    if answer.amended_by:
        out.print("  amended by: " + ", ".join(map(str, answer.amended_by)), markup=False)
    if answer.detail and not answer.in_force:
        out.print(f"  {answer.detail}", markup=False)
    if answer.text:
        out.print("", markup=False)
        for line in answer.text.strip().splitlines():
            out.print(f"    {line}", markup=False)
        out.print("", markup=False)
    for step in answer.chain:
        recorded = _when(step.recorded)
        edge = f" → {step.target} ({step.scope})" if step.target is not None else ""
        out.print(
            f"  {step.kind:<18} {step.locator}{edge}  effective {step.effective}  recorded {recorded}  {step.origin}",
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
    asked = Locator.parse(locator)
    known = parse_known_at(known_at)
    attributes = parse_context_pairs(context)
    with Project.open(project) as opened:
        day = _valid_at(opened, valid_at, attributes)
        answer = opened.asof.answer(asked, day, known)
        shown = [asked.doc, answer.resolved.doc if answer.resolved else None]
        refuse_unreadable(opened.store.documents(), shown, parse_groups(groups), str(asked), format)
        if format is OutputFormat.json:
            emit_json(answer)
        else:
            _print_answer(answer)
    if answer.resolved is None and not answer.in_force and answer.reason == "no_coverage_for_date":
        raise typer.Exit(EXIT_FINDING)


def _print_history(found: History) -> None:
    out.print(f"{found.locator}: {len(found.versions)} entries, oldest first", markup=False)
    for entry in found.versions:
        until = f"..{entry.effective_until}" if entry.effective_until else ".."
        recorded = _when(entry.recorded)
        seq = f"seq {entry.seq}" if entry.seq is not None else entry.origin
        carried = f"  (text in revisions {', '.join(entry.revisions)})" if entry.revisions else ""
        edge = f" → {entry.target} ({entry.scope})" if entry.target is not None else ""
        out.print(
            f"  {entry.kind:<10} {entry.locator}{edge}  effective {entry.effective_from}{until}  "
            f"recorded {recorded}  {seq}{carried}",
            markup=False,
        )
    out.print(f"  index build {found.index_build}", markup=False)


@handle_errors
def history(project: ProjectArg, locator: LocatorArg, format: FormatOption = OutputFormat.text) -> None:
    """Every version of a section across revisions and supersessions, on both clocks, oldest first."""
    asked = Locator.parse(locator)
    with Project.open(project) as opened:
        found = opened.asof.history(asked)
    if format is OutputFormat.json:
        emit_json(found)
    else:
        _print_history(found)


def _ingested(root: Path) -> tuple[list[Revision], str]:
    """The revisions the graph holds, and its build id; none when the project was never ingested."""
    try:
        with Project.open(root) as opened:
            return opened.store.revisions(), opened.build_id
    except (NotFoundError, StoreError) as problem:
        if not (root / "inforce.yaml").is_file():
            raise
        err.print(f"note: nothing ingested yet ({problem})", markup=False)
        return [], ""


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
            source = f"  {item.source}" if item.source else ""
            out.print(
                f"  pending   {item.locator}  seq {item.seq}  effective {item.effective_from}  "
                f"recorded {_when(item.recorded)}{source}",
                markup=False,
            )
    for item in report.changed:
        out.print(f"  changed   {item.locator}  recorded {_when(item.recorded)} (registry differs from graph)", markup=False)
    for locator in report.withdrawn:
        out.print(f"  withdrawn {locator}  (in the graph, no longer in the registry)", markup=False)
    out.print(f"  now {_when(report.now)}; index build {report.index_build}", markup=False)


@handle_errors
def lag(
    project: ProjectArg,
    now: Annotated[
        str | None,
        typer.Option("--now", help="the monitoring clock for ages (default: the current UTC time)"),
    ] = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Revisions document control recorded that the graph has not ingested; exit 1 when lagging."""
    if now is None:
        clock = dt.datetime.now(dt.UTC)
    else:
        try:
            clock = parse_datetime_utc(now)
        except ValueError:
            raise InputError(f"not a datetime: {now!r}", field="--now", hint="YYYY-MM-DDTHH:MM:SSZ") from None
    if not (project / "inforce.yaml").is_file():
        raise NotFoundError(f"{project}: no inforce.yaml here", hint="is this a project folder?")
    registry, sources = read_registry(project)
    ingested, build = _ingested(project)
    report = index_lag(registry, ingested, clock, index_build=build, sources=sources)
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
