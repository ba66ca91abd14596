"""Review commands: list the edges the addenda propose, and record a reviewer's decision."""

from __future__ import annotations

from typing import Annotated

import typer

from inforce.engine import Project
from inforce.ontology import AddendaReadings, InputError, ProposedEdge, ReviewDecision
from inforce.ontology.ingest import REVIEW_BY_MAX, REVIEW_NOTE_MAX
from inforce.ontology.text import file_line

from ._common import (
    FormatOption,
    OutputFormat,
    ProjectArg,
    answered,
    emit_json,
    err,
    handle_errors,
    option_text,
    out,
    visible,
)
from ._options import GroupsOption, parse_groups

__all__ = ["decision_counts", "evidence_text", "proposal_line", "register", "review_notes"]


def evidence_text(proposal: ProposedEdge) -> str:
    """A proposal's evidence in one line: the reference and how it resolved, the action words, why."""
    evidence = proposal.evidence
    how = f" by {evidence.resolved_by}" if evidence.resolved_by else ""
    sure = f" ({evidence.reference_score:.2f})" if evidence.reference_score is not None else ""
    parts = [f'"{evidence.reference}"{how}{sure}']
    if evidence.action is not None:
        change = f" ({evidence.change})" if evidence.change else ""
        parts.append(f'action "{evidence.action}"{change}')
    if evidence.similarity is not None:
        parts.append(f"similarity {evidence.similarity:.2f}")
    parts.append(evidence.why)
    return "; ".join(parts)


def decision_counts(readings: AddendaReadings) -> str:
    """How many item/target pairs the review file decides, by their last word (an entry
    repeated or overruled counts once)."""
    accepted, rejected = readings.decided()
    return f"{accepted} accepted, {rejected} rejected"


def _where_recorded(review: ReviewDecision) -> str:
    # the engine leaves a decision's line out for an asker who may not read every document: it
    # would count the decisions before it that are withheld from them
    if review.line is None:
        return "reviews.yaml, line left out: decisions may be withheld from you"
    return f"reviews.yaml line {review.line}"


def _decision_line(review: ReviewDecision) -> str:
    return visible(f"{review.item} → {review.target} ({review.scope}) by {review.by} at {review.at}, "
                   f"{_where_recorded(review)}")


def review_notes(readings: AddendaReadings) -> list[str]:
    """The decisions not in force yet: accepted but not ingested, and gone stale."""
    lines = []
    if readings.awaiting_ingest:
        lines.append(f"accepted, not applied until the next inforce ingest ({len(readings.awaiting_ingest)}):")
        lines += [f"  {_decision_line(review)}" for review in readings.awaiting_ingest]
    if readings.stale:
        lines.append(f"stale: the item's words changed since it was accepted; not applied, decide again "
                     f"({len(readings.stale)}):")
        lines += [f"  {_decision_line(review)}" for review in readings.stale]
    return lines


def proposal_line(proposal: ProposedEdge) -> str:
    """One proposal as ingest and ``--derived`` print it (document words escaped)."""
    where = file_line(proposal.file, proposal.line)
    deletes = "" if proposal.successor else ", deletes: no successor"
    return visible(f"{proposal.item} → {proposal.target} ({proposal.scope}{deletes}) at {where}: "
                   f"{evidence_text(proposal)}")


@handle_errors
def review(
    project: ProjectArg,
    decision: Annotated[str | None, typer.Argument(
        help="accept or reject; leave out (with ITEM) to list the proposals waiting for review",
        show_default=False)] = None,
    item: Annotated[str | None, typer.Argument(help="the addendum item, e.g. ADD-3#item-2", show_default=False)] = None,
    target: Annotated[str | None, typer.Option(
        "--target", help="the provision the item changes: required when the item proposes several edges; "
        "with --scope, declares an edge no rule proposed", show_default=False)] = None,
    scope: Annotated[str | None, typer.Option(
        "--scope", help="full or partial (default: the proposal's)", show_default=False)] = None,
    by: Annotated[str | None, typer.Option("--by", help=f"who decides (recorded with the decision): one line, at most {REVIEW_BY_MAX:,} characters",
                                           show_default=False)] = None,
    note: Annotated[str | None, typer.Option(
        "--note", help=f"why, for whoever reads the decision later: one line, at most {REVIEW_NOTE_MAX:,} "
        "characters", show_default=False)] = None,
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """List the supersedes edges the addenda propose that nobody has decided, or record a
    decision on one in the project's reviews.yaml (the next ingest applies an accepted one,
    with origin review).

      inforce review PROJECT

      inforce review PROJECT accept ADD-3#item-2 --target SPEC-099123#2.1.A --by "J. Rivera" --note "..."
    """
    by, note = option_text(by, "--by"), option_text(note, "--note")
    if decision is None:
        if item is not None or target is not None or scope is not None or by is not None or note is not None:
            raise InputError("say accept or reject before the item", field="decision", reason="required")
        with Project.open(project) as opened:
            readings = opened.readings(groups=parse_groups(groups))
        _list(readings, format)
        return
    if item is None:
        raise InputError("which addendum item is decided", field="item", reason="required")
    with Project.open(project) as opened:  # the engine checks the decision, the scope and who decides
        recorded = answered(opened.review(item, decision, by=by or "", target=target,  # type: ignore[arg-type]
                                          scope=scope, note=note, groups=parse_groups(groups)))
    if format is OutputFormat.json:
        emit_json(recorded)
        return
    verb = "accepted" if recorded.decision == "accept" else "rejected"
    deletes = "" if recorded.successor else ", deletes: no successor"
    err.print(visible(f"{verb}: {recorded.item} → {recorded.target} ({recorded.scope}{deletes}) by {recorded.by} "
                      f"at {recorded.at}; recorded in {_where_recorded(recorded)}"))
    if recorded.decision == "accept":
        err.print(visible(f"next: inforce ingest {project} applies it (until then answers read the provision "
                          "without it, and the sweep escalates the item as accepted, not yet ingested)"))


def _list(readings: AddendaReadings, format: OutputFormat) -> None:
    if format is OutputFormat.json:
        emit_json(readings)  # ``proposed`` holds the pending ones only
        return
    if readings.withheld:
        err.print(f"withheld: items and edges of {', '.join(readings.withheld)} (access: your groups may not read them)")
    for line in review_notes(readings):
        err.print(line, markup=False)
    if not readings.proposed:
        err.print(f"no proposals wait for review (reviews.yaml: {decision_counts(readings)})")
        return
    # one row a proposal, its evidence on the line under it: document words never squeezed into a column
    width = max(len(str(p.item)) for p in readings.proposed)
    out.print(f"{'item':<{width}}  target · scope · where")
    for proposal in readings.proposed:
        where = file_line(proposal.file, proposal.line)
        scope = proposal.scope if proposal.successor else "full, deletes: no successor"
        out.print(f"{str(proposal.item):<{width}}  {proposal.target} · {scope} · {where}")
        out.print(f"{'':<{width}}    {evidence_text(proposal)}")
    err.print(f"{len(readings.proposed)} proposal(s) pending; reviews.yaml: {decision_counts(readings)}; "
              "decide one with: inforce review PROJECT accept|reject ITEM [--target T] --by NAME")


def register(app: typer.Typer) -> None:
    app.command()(review)
