"""Quantity commands: facts (every in-force statement of a subject's quantity)."""

from __future__ import annotations

from typing import Annotated

import typer

from inforce.engine import Project
from inforce.ontology import Facts

from ._common import FormatOption, OutputFormat, ProjectArg, emit_json, err, handle_errors, out
from ._options import (
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    parse_groups,
    parse_known_at,
    parse_valid_at,
)
from ._process import kept_to_exit

__all__ = ["register"]


def _number(value: float) -> str:
    return f"{value:,.6g}" if abs(value) < 1e15 else f"{value:.6g}"


_BOUND = {"min": "≥ ", "max": "≤ ", "exact": "", "range": ""}


def _print_facts(found: Facts) -> None:
    asked = found.subject or "every subject"
    out.print(f"{len(found.facts)} in-force fact(s) of {asked} as of {found.valid_at}", markup=False)
    for fact in found.facts:
        q = fact.quantity
        value = _number(q.value) + (f"–{_number(q.upper)}" if q.upper is not None else "")
        stated = f"{_BOUND[q.bound]}{value} {q.unit or ''}".rstrip() + (f" {q.frequency}" if q.frequency else "")
        if fact.normalized is not None:
            n = fact.normalized
            stated += f" (= {_number(n.value)}{'–' + _number(n.upper) if n.upper is not None else ''} {n.unit})"
        replaces = f"  replaces {', '.join(map(str, fact.replaces))}" if fact.replaces else ""
        under = f"  under: {', '.join(fact.condition)}" if fact.condition else ""
        amended = (f"  (amended in part by {', '.join(map(str, fact.amended_by))}: may be stale)"
                   if fact.amended_by else "")
        out.print(f"  {fact.subject:<36} {stated:<40} {fact.resolved}{replaces}  “{fact.text}”{under}{amended}",
                  markup=False)
    if found.withheld:
        out.print(f"  withheld: facts of {', '.join(found.withheld)} (access)", markup=False)
    out.print(f"  index build {found.index_build}", markup=False)


@handle_errors
def facts(
    project: ProjectArg,
    subject: Annotated[str | None, typer.Option("--subject", help="a subject of the rule packs' vocabulary, "
                                                "e.g. concrete.compressive_strength; none: every subject",
                                                show_default=False)] = None,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Every in-force statement of a subject's quantity across prose, table rows, callouts and addenda."""
    with kept_to_exit(), Project.open(project) as opened:
        found = opened.facts(subject, parse_valid_at(valid_at), parse_known_at(known_at), groups=parse_groups(groups))
    if found.valid_at_source != "valid_at":
        err.print(f"valid_at {found.valid_at}: from {found.valid_at_source}", markup=False)
    if format is OutputFormat.json:
        emit_json(found)
    else:
        _print_facts(found)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("facts")(facts)
