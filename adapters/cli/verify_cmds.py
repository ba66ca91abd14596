"""Answer commands: check (verdicts on an answer's claims), resolve (a question's governing
provisions) and replay (a stored verdict recomputed). They parse, call the front, render."""

from __future__ import annotations

import enum
from collections.abc import Collection
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from inforce.engine import ModelBackends, Project
from inforce.ontology import (
    Answer,
    InputError,
    Replay,
    ResolveResult,
    Verdict,
    read_record,
)
from inforce.ontology.files import no_room

from ._common import (
    EXIT_FINDING,
    EXIT_INPUT,
    FormatOption,
    OutputFormat,
    ProjectArg,
    emit_json,
    err,
    handle_errors,
    origin_text,
    out,
    path_argument,
    shown,
    visible,
    writable_folder,
)
from ._options import ContextOption, GroupsOption, KnownAtOption, ValidAtOption, build_context

__all__ = ["open_with_models", "register"]


class TierChoice(enum.StrEnum):
    low = "low"
    high = "high"


def open_with_models(root: Path, needs: Collection[str]) -> Project:
    """The project opened with the backends a question uses (``ModelBackends.needed_for``: the
    engine says which; ``inforce.adapters.models`` loads them), its notes on standard error."""
    from inforce.adapters.models import open_project

    opened, notes = open_project(root, embedding="embedder" in needs, nli="nli" in needs, rerank="reranker" in needs)
    for note in notes:
        err.print(note, markup=False)
    return opened


# ---- check -----------------------------------------------------------------------------------


@handle_errors
def check(
    project: ProjectArg,
    answer: Annotated[Path, typer.Option("--answer", help="the answer to check: JSON as in docs/formats.md "
                                         "(\"The answer contract\"); - reads standard input", show_default=False, parser=path_argument)],
    tier: Annotated[TierChoice, typer.Option("--tier", help="low: mechanical checks only; high: also "
                                             "entailment by the NLI model in inforce.yaml")] = TierChoice.low,
    audit_dir: Annotated[Path | None, typer.Option("--audit-dir", help="store the verdict with its audit "
                                                   "record here (one new JSON file per verdict)",
                                                   show_default=False, parser=path_argument)] = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Check an answer's claims against what is in force; one verdict with its evidence path.

    Exit 0 for an answer; 1 for a clarification request, refusal or escalation; 2 when the
    audit record cannot be written (a full disk: the verdict is printed, no record is left).
    """
    from inforce.adapters.ingest.answers import field_line, load_answer

    parsed, text = load_answer(answer)
    if audit_dir is not None:
        writable_folder(audit_dir, "--audit-dir", project)  # before the work, not after it
    with open_with_models(project, ModelBackends.needed_for("check", tier=tier.value)) as opened:
        try:
            verdict = opened.check(parsed, tier=tier.value)
        except InputError as problem:
            if problem.file is None and problem.field and problem.field.startswith(("context", "claims")):
                raise InputError(problem.message, file=str(answer), line=field_line(text, problem.field),
                                 field=problem.field, hint=problem.hint, reason=problem.reason) from None
            raise
    if format is OutputFormat.json:
        emit_json(verdict)
    else:
        _print_verdict(verdict)
    if audit_dir is not None and not _store_record(project, audit_dir, parsed, verdict):
        raise typer.Exit(EXIT_INPUT)  # the verdict is out; its record is not (nothing half-written)
    if verdict.verdict != "answer":
        raise typer.Exit(EXIT_FINDING)


def _store_record(project: Path, audit_dir: Path, parsed: Answer, verdict: Verdict) -> bool:
    """Add the verdict's record to ``audit_dir`` (redacted where it cites a document an erasure
    of the project names: ``Project.keep_record``, as the service stores it); say where, or say
    why it could not be (a full disk, named as such): the record is written whole or not at all."""
    try:
        written = Project.keep_record(project, audit_dir, parsed, verdict)
    except OSError as problem:
        reason = no_room(problem) or problem.strerror or str(problem)
        unwritten = InputError(f"cannot write the audit record into {audit_dir}: {reason}; nothing was written "
                               "there", field="--audit-dir", hint="free some space (or name another folder) "
                               "and check the answer again")
        err.print(Text.assemble(("InputError", "bold red"), ": ", visible(shown(unwritten))))
        return False
    err.print(f"audit record: {written}", markup=False)
    return True


def _print_verdict(verdict: Verdict) -> None:
    audit = verdict.audit
    reason = f" ({verdict.reason})" if verdict.reason else ""
    when = f" as of {audit.valid_at}" if audit is not None and audit.valid_at else ""
    out.print(f"verdict: {verdict.verdict}{reason}{when}", markup=False)
    if verdict.unstated_attributes:
        out.print("  the case does not state: " + ", ".join(verdict.unstated_attributes), markup=False)
    for unmatched in verdict.unmatched_values:
        out.print(f"  {unmatched}", markup=False)
    for number, claim in enumerate(verdict.claims, 1):
        where = f"  in force: {claim.in_force}" if claim.in_force is not None else ""
        out.print(f"  claim {number}: {claim.status}{where}", markup=False)
        out.print(f"    {_short(claim.text)}", markup=False)
        if claim.detail:
            out.print(f"    {claim.detail}", markup=False)
        for check in claim.citations:
            if check.closest:
                out.print(f"    closest passage ({check.similarity:.0%}): {_short(check.closest)}", markup=False)
        for warning in claim.warnings:
            out.print(f"    warning: {warning}", markup=False)
        if claim.redundant_citations:
            out.print("    redundant: " + ", ".join(map(str, claim.redundant_citations)), markup=False)
    if verdict.rfi:
        out.print("", markup=False)
        out.print(verdict.rfi.rstrip("\n"), markup=False)
    if audit is not None:
        for edge in audit.reviewed_edges:
            change = f"replaces ({edge.scope})" if edge.successor else "deletes"
            out.print(f"  reviewed: {edge.item} {change} {edge.target} from {edge.effective}, "
                      f"{origin_text(edge.origin, edge.review)}", markup=False)
        out.print(f"  entailment: {audit.entailment}; index build {audit.index_build}", markup=False)


def _short(text: str, width: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


# ---- resolve ---------------------------------------------------------------------------------


@handle_errors
def resolve(
    project: ProjectArg,
    question: Annotated[str, typer.Argument(help="the question, in words")],
    context: ContextOption = None,
    groups: GroupsOption = None,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    k: Annotated[int, typer.Option("--k", "-k", help="how many provisions", min=1, max=200)] = 10,
    format: FormatOption = OutputFormat.text,
) -> None:
    """The provisions that govern a question for this case: eligible and in force first, then ranked.

    Exit 0 with provisions; 1 for a clarification request or a refusal.
    """
    case = build_context(context, groups, valid_at, known_at)
    with open_with_models(project, ModelBackends.needed_for("resolve")) as opened:
        found = opened.resolve(question, case, k=k)
    if format is OutputFormat.json:
        emit_json(found)
    else:
        _print_resolved(found)
    if found.outcome != "answer":
        raise typer.Exit(EXIT_FINDING)


def _print_resolved(found: ResolveResult) -> None:
    when = f"as of {found.valid_at}" + (f" ({found.valid_at_source})" if found.valid_at_source != "valid_at" else "")
    if found.outcome == "clarification_request":
        if found.unstated_attributes:
            out.print(f"clarification request {when}: the case does not state " + ", ".join(found.unstated_attributes),
                      markup=False)
        for unmatched in found.unmatched_values:
            out.print(f"clarification request {when}: {unmatched}", markup=False)
        return
    if found.outcome == "refusal":
        out.print(f"refusal {when}: {found.reason}", markup=False)
    else:
        out.print(f"{len(found.provisions)} governing provision(s) {when}", markup=False)
    for number, provision in enumerate(found.provisions, 1):
        page = f", page {provision.page}" if provision.page else ""
        heading = f" · {_short(provision.heading, 80)}" if provision.heading else ""
        out.print(f"{number:>3}. {provision.locator}  {_short(provision.title, 80)}{heading}{page}", markup=False)
        if provision.description:
            out.print(f"     {provision.description}", markup=False)
        out.print(f"     {_short(provision.text)}", markup=False)
        for qualifier in provision.qualifiers:
            out.print(f"     qualified by {qualifier.locator} ({qualifier.rule}: “{qualifier.words}”)", markup=False)
    for calculation in found.calculations:
        out.print(f"  {calculation.output} = {calculation.result}  [{calculation.rule}, {calculation.source}]",
                  markup=False)
    if found.conditional_on:
        out.print("  conditional on " + ", ".join(found.conditional_on) + ": the case does not state it", markup=False)
    for exclusion in found.excluded:
        out.print(f"  excluded: {exclusion.document} ({', '.join(exclusion.reasons)})", markup=False)
    if found.withheld:
        out.print(f"  withheld: {', '.join(found.withheld)} (access)", markup=False)
    report = found.retrieval
    for source, why in report.skipped.items():
        err.print(f"{source} search not run: {why}", markup=False)
    ran = ", ".join(f"{name} {count}" for name, count in report.candidates.items())
    out.print(f"  searched {report.searched_revisions:,} revision(s): {ran or 'nothing'}; index build "
              f"{found.index_build}", markup=False)


# ---- replay ----------------------------------------------------------------------------------


@handle_errors
def replay(
    project: ProjectArg,
    record: Annotated[Path, typer.Argument(help="an audit record written by check --audit-dir", parser=path_argument)],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Recompute a stored verdict; say whether it is the same and, if not, what changed.

    Exit 0 when the verdict is the same; 1 when it differs.
    """
    stored = read_record(record, regular=True)  # a file by name: a device (/dev/zero) is refused unread
    with open_with_models(project, ModelBackends.needed_for("replay", record=stored)) as opened:
        try:
            found = opened.replay(stored, groups=None)  # the operator's: the record's own groups are replayed
        except InputError as problem:
            if problem.file is None:  # a field of the record (its ``erased``, its project): named in its file
                problem.file = str(record)
            raise
    if format is OutputFormat.json:
        emit_json(found)
    else:
        _print_replay(found)
    if not found.same:
        raise typer.Exit(EXIT_FINDING)


def _print_replay(found: Replay) -> None:
    if found.same:
        out.print(f"same verdict: {found.now.verdict}", markup=False)
    else:
        out.print(f"different verdict: {found.stored.verdict} then, {found.now.verdict} now", markup=False)
        for difference in found.differences:
            out.print(f"  {difference}", markup=False)
    for change in found.changes:
        out.print(f"  changed: {change}", markup=False)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("check")(check)
    app.command("resolve")(resolve)
    app.command("replay")(replay)
