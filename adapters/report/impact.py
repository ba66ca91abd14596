"""A rule-pack change's impact (``inforce rules impact``) as Markdown for a pull-request
comment and as SARIF 2.1.0 for a pipeline: renderers of the engine's ``ImpactReport``, deciding
nothing.

SARIF: one result per changed decision, located at the rule behind it, in its pack file and
line (a **physical** location: a pack is a file of the repository, unlike a sweep's
provisions), the other rules behind it as related locations; a decision no rule of the pack
is named behind has no location. The rule of a result is the source of the decision
(``impact/eligibility``, ``impact/tests``, ``impact/supersession``, ``impact/asof``,
``impact/precedence``, ``impact/subjects``).
"""

from __future__ import annotations

import importlib.metadata
import json
from typing import Any

from inforce.ontology.text import json_text, markdown_inline, sarif_message, terminal_line

__all__ = ["render_impact_markdown", "render_impact_sarif", "render_impact_text"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

_DESCRIBED = {
    "eligibility": "Eligibility or a calculation decided otherwise for a case (the cases file, the pack's "
                   "tests, an example answer's context).",
    "supersession": "A supersedes edge (or a proposal) an addendum item derives is added, removed or changed.",
    "asof": "What is in force for a provision on a date of interest is answered otherwise.",
    "tests": "A case of the pack's own tests (derive, read, precedence, qualifiers, subjects) is answered otherwise.",
    "precedence": "A conflict the sweep finds is resolved otherwise (another winner, rule, or escalated).",
    "subjects": "A stored figure is bound to another subject, to none, or newly bound, under the new vocabulary.",
}


def _none(text: str | None) -> str:
    return "(none)" if text is None else text


#: How a change involving a document the asker may not read is shown, in every format.
WITHHELD = "withheld (access)"


def _outcome(change: Any) -> str:
    """A change's two outcomes in words (``BEFORE -> AFTER``), or that it is withheld."""
    if change.withheld:
        return WITHHELD
    return f"{_none(change.before)} -> {_none(change.after)}"


def _counts(source: Any) -> str:
    """A source's changed decisions, and those withheld or not replayed, in words."""
    words = f"{source.changed} of {source.decisions} decision(s) changed"
    if source.withheld:
        words += f", {source.withheld} of them {WITHHELD}"
    if source.unreplayed:
        words += f"; {source.unreplayed} not replayed"
    return words


def _withheld_note(withheld: Any) -> str:
    """The documents withheld from the asker in full or in part, by id (at most 20 named)."""
    shown = ", ".join(withheld[:20]) + (f" and {len(withheld) - 20:,} more" if len(withheld) > 20 else "")
    return (f"{WITHHELD}: {len(withheld):,} document(s) you may not read, in full or in part (no decision "
            f"resting on what you may not read of them is listed or counted in any source): {shown}")


def _rules(change: Any) -> str:
    return ", ".join(str(place) for place in change.rules)


def render_impact_text(report: Any) -> list[str]:
    """The text the command prints: a heading, the rules changed, a summary line per source,
    one line per changed decision, then one per question not replayed. Every field is set
    inside its line (``terminal_line``): a case name's line break cannot start a line of its own."""
    dates = ", ".join(day.isoformat() for day in report.valid_at)
    line = terminal_line
    lines = [line(f"impact of {report.new} on {report.project} (replaces {report.pack}; old: {report.old}; "
                  f"dates: {dates})")]
    for rule in report.rules_changed:
        lines.append(line(f"rule {rule.id} ({rule.kind}) {rule.change}: {rule.place.file}:{rule.place.line}"))
    if not report.rules_changed:
        lines.append("no rule changed (comments, layout or order only)")
    for source in report.sources:
        lines.append(line(f"{source.source}: {_counts(source)}" + (f" ({source.note})" if source.note else "")))
    if report.withheld:
        lines.append(line(_withheld_note(report.withheld)))
    for change in report.changes:
        rules = _rules(change)
        lines.append(line(f"{change.source} {change.origin} {change.subject}: {_outcome(change)}"
                          + (f"  [{rules}]" if rules else "")))
    for skipped in report.unreplayed:
        lines.append(line(f"not replayed: {skipped.source} {skipped.origin} {skipped.subject}: {skipped.reason}"))
    total = len(report.changes)
    lines.append(f"{total} decision(s) change" if total else "no decision changes")
    return lines


def render_impact_markdown(report: Any) -> str:
    """A pull-request comment: what was compared, a summary table per source, and a table of
    every changed decision."""
    lines = [f"### Rule impact: {markdown_inline(report.new)} on {markdown_inline(report.project)}", "",
             f"Replaces `{markdown_inline(report.pack)}` (old: `{markdown_inline(report.old)}`); dates: "
             + ", ".join(day.isoformat() for day in report.valid_at) + f"; index build `{report.index_build}`.", ""]
    if report.rules_changed:
        lines += ["| Rule | Kind | Change | Where |", "|---|---|---|---|"]
        lines += [f"| `{markdown_inline(r.id)}` | {r.kind} | {r.change} | "
                  f"{markdown_inline(f'{r.place.file}:{r.place.line}')} |" for r in report.rules_changed]
    else:
        lines.append("No rule changed (comments, layout or order only).")
    lines += ["", "| Source | Decisions | Changed | Withheld | Not replayed | Note |", "|---|---:|---:|---:|---:|---|"]
    lines += [f"| {s.source} | {s.decisions} | {s.changed} | {s.withheld} | {s.unreplayed} | "
              f"{markdown_inline(s.note) or ' '} |" for s in report.sources]
    lines.append("")
    if report.withheld:
        lines += [markdown_inline(_withheld_note(report.withheld)) + ".", ""]
    if report.unreplayed:
        lines += [f"**{len(report.unreplayed)} question(s) not replayed.**", "",
                  "| Source | Where | Question | Why |", "|---|---|---|---|"]
        lines += ["| " + " | ".join(markdown_inline(cell) or " " for cell in (u.source, u.origin, u.subject, u.reason))
                  + " |" for u in report.unreplayed]
        lines.append("")
    if not report.changes:
        lines.append("**No decision changes.**")
        return "\n".join(lines) + "\n"
    lines += [f"**{len(report.changes)} decision(s) change.**", "",
              "| Source | Where | Decision | Before | After | Rule |", "|---|---|---|---|---|---|"]
    for change in report.changes:
        cells = (change.source, change.origin, change.subject,
                 WITHHELD if change.withheld else _none(change.before),
                 WITHHELD if change.withheld else _none(change.after), _rules(change))
        lines.append("| " + " | ".join(markdown_inline(cell) or " " for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def _tool_version() -> str:
    try:
        return importlib.metadata.version("inforce")
    except importlib.metadata.PackageNotFoundError:
        return "0"


def _location(place: Any) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": place.file}}
    if place.line:
        physical["region"] = {"startLine": place.line}
    return {"physicalLocation": physical, "message": sarif_message(f"rule {place.id}")}


def render_impact_sarif(report: Any) -> str:
    """SARIF 2.1.0: one result per changed decision (see the module's doc)."""
    rules = [{"id": f"impact/{source}", "name": f"Impact{source.title()}",
              "shortDescription": sarif_message(text)} for source, text in _DESCRIBED.items()]
    results = []
    for change in report.changes:
        text = f"{change.subject} ({change.origin}): {_outcome(change)}"
        result: dict[str, Any] = {
            "ruleId": f"impact/{change.source}", "level": "warning", "message": sarif_message(text),
            "properties": {"change": change.change, "origin": change.origin, "before": change.before,
                           "after": change.after, "rules": [place.id for place in change.rules],
                           "withheld": list(change.withheld)},
        }
        if change.rules:
            result["locations"] = [_location(change.rules[0])]
            if len(change.rules) > 1:
                result["relatedLocations"] = [{"id": n, **_location(p)} for n, p in enumerate(change.rules[1:], 1)]
        results.append(result)
    run = {"tool": {"driver": {"name": "inforce", "version": _tool_version(), "rules": rules}},
           "results": results,
           "properties": {"project": report.project, "pack": report.pack, "new": report.new, "old": report.old,
                          "valid_at": [day.isoformat() for day in report.valid_at],
                          **({"withheld": list(report.withheld)} if report.withheld else {})}}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json_text(json.dumps(log, indent=2, ensure_ascii=False)) + "\n"
