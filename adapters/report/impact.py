"""A rule-pack change's impact (``inforce rules impact``) as Markdown for a pull-request
comment and as SARIF 2.1.0 for a pipeline: renderers of the engine's ``ImpactReport``, deciding
nothing.

SARIF: one result per changed decision, located at the rule behind it, in its pack file and
line (a **physical** location: a pack is a file of the repository, unlike a sweep's
provisions), the other rules behind it as related locations; a decision no rule of the pack
is named behind has no location. The rule of a result is the source of the decision
(``impact/eligibility``, ``impact/supersession``, ``impact/asof``, ``impact/precedence``).
"""

from __future__ import annotations

import importlib.metadata
import json
from typing import Any

from inforce.ontology.text import json_text, markdown_inline

__all__ = ["render_impact_markdown", "render_impact_sarif", "render_impact_text"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

_DESCRIBED = {
    "eligibility": "Eligibility or a calculation decided otherwise for a case (the cases file, the pack's "
                   "tests, an example answer's context).",
    "supersession": "A supersedes edge (or a proposal) an addendum item derives is added, removed or changed.",
    "asof": "What is in force for a provision on a date of interest is answered otherwise.",
    "precedence": "A conflict the sweep finds is resolved otherwise (another winner, rule, or escalated).",
}


def _none(text: str | None) -> str:
    return "(none)" if text is None else text


def _rules(change: Any) -> str:
    return ", ".join(str(place) for place in change.rules)


def render_impact_text(report: Any) -> list[str]:
    """The text the command prints: a heading, the rules changed, a summary line per source,
    then one line per changed decision."""
    dates = ", ".join(day.isoformat() for day in report.valid_at)
    lines = [f"impact of {report.new} on {report.project} (replaces {report.pack}; old: {report.old}; "
             f"dates: {dates})"]
    for rule in report.rules_changed:
        lines.append(f"rule {rule.id} ({rule.kind}) {rule.change}: {rule.place.file}:{rule.place.line}")
    if not report.rules_changed:
        lines.append("no rule changed (comments, layout or order only)")
    for source in report.sources:
        line = f"{source.source}: {source.changed} of {source.decisions} decision(s) changed"
        lines.append(line + (f" ({source.note})" if source.note else ""))
    for change in report.changes:
        rules = _rules(change)
        lines.append(f"{change.source} {change.origin} {change.subject}: {_none(change.before)} -> "
                     f"{_none(change.after)}" + (f"  [{rules}]" if rules else ""))
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
    lines += ["", "| Source | Decisions | Changed | Note |", "|---|---:|---:|---|"]
    lines += [f"| {s.source} | {s.decisions} | {s.changed} | {markdown_inline(s.note) or ' '} |"
              for s in report.sources]
    lines.append("")
    if not report.changes:
        lines.append("**No decision changes.**")
        return "\n".join(lines) + "\n"
    lines += [f"**{len(report.changes)} decision(s) change.**", "",
              "| Source | Where | Decision | Before | After | Rule |", "|---|---|---|---|---|---|"]
    for change in report.changes:
        cells = (change.source, change.origin, change.subject, _none(change.before), _none(change.after),
                 _rules(change))
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
    return {"physicalLocation": physical, "message": {"text": f"rule {place.id}"}}


def render_impact_sarif(report: Any) -> str:
    """SARIF 2.1.0: one result per changed decision (see the module's doc)."""
    rules = [{"id": f"impact/{source}", "name": f"Impact{source.title()}",
              "shortDescription": {"text": text}} for source, text in _DESCRIBED.items()]
    results = []
    for change in report.changes:
        text = f"{change.subject} ({change.origin}): {_none(change.before)} -> {_none(change.after)}"
        result: dict[str, Any] = {
            "ruleId": f"impact/{change.source}", "level": "warning", "message": {"text": text},
            "properties": {"change": change.change, "origin": change.origin, "before": change.before,
                           "after": change.after, "rules": [place.id for place in change.rules]},
        }
        if change.rules:
            result["locations"] = [_location(change.rules[0])]
            if len(change.rules) > 1:
                result["relatedLocations"] = [{"id": n, **_location(p)} for n, p in enumerate(change.rules[1:], 1)]
        results.append(result)
    run = {"tool": {"driver": {"name": "inforce", "version": _tool_version(), "rules": rules}},
           "results": results,
           "properties": {"project": report.project, "pack": report.pack, "new": report.new, "old": report.old,
                          "valid_at": [day.isoformat() for day in report.valid_at]}}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json_text(json.dumps(log, indent=2, ensure_ascii=False)) + "\n"
