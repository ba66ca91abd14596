"""A sweep report as Markdown: a summary of what was compared, then one section per finding
with the provisions quoted and, for an escalation, its RFI draft.

Document text is data. Where it is written into the page, the characters that would change
the page's structure are escaped: a line of it cannot open a heading, quote, list, table or
code fence, ``<`` is written ``&lt;`` so no HTML tag survives, and link, emphasis and code
punctuation is backslash-escaped. Leading indentation of a quoted line is dropped (it would
turn the line into a code block). Bidirectional controls and other invisible control
characters are shown as ``\\u202e``, so a reader sees that they are there and the text cannot
be displayed reordered.

The RFI drafts are Markdown the engine wrote; they are kept as Markdown, with their headings
moved two levels down so they nest under the finding, and raw HTML neutralised all the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import get_args

from inforce.ontology import Finding, FindingKind, FindingProvision, SweepReport, SweepSummary
from inforce.ontology.sweep import WITHHELD_BASELINE
from inforce.ontology.text import markdown_line, markdown_no_html, markdown_visible

__all__ = ["render_markdown"]

_RESOLUTIONS = ("escalate", "resolved_by_precedence", "resolved_by_supersession")

_ATX = re.compile(r"^( {0,3})(#{1,6})(?=[ \t]|$)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")


_visible = markdown_visible  # controls and bidi characters written out (``ontology.text``, the one list)


_inline = markdown_line  # document text as a line of its own (``ontology.text``: one escaping)


def _lines(text: str) -> list[str]:
    """Document text of several lines, each escaped as a line of its own."""
    return [_inline(line) for line in text.splitlines()] or [""]


def _code(text: str) -> str:
    """An identifier (a locator, an id, a subject) as a code span, whatever backticks it holds."""
    text = _visible(" ".join(text.split()))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _cell(text: str) -> str:
    return _inline(text) or " "


def _table(header: Iterable[str], rows: Iterable[Iterable[str]]) -> list[str]:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def _words(token: str) -> str:
    return token.replace("_", " ")


def _label(side: FindingProvision) -> str:
    return side.label or str(side.locator)


def _title(report: SweepReport) -> list[str]:
    title = f"# Sweep of {_inline(report.project)}" if report.project else "# Sweep"
    title += f": documents in force on {report.as_of.isoformat()}"
    if report.known_at is not None:
        title += f", as known at {report.known_at.isoformat()}"
    lines = [title, ""]
    facts = []
    if report.index_build:
        facts.append(f"index build {_code(report.index_build)}")
    if report.packs:
        facts.append("precedence packs " + ", ".join(_code(p) for p in report.packs))
    if facts:
        lines += ["Decided on " + "; ".join(facts) + ".", ""]
    return lines


def _summary(report: SweepReport) -> list[str]:
    summary: SweepSummary = report.summary
    lines = ["## Summary", ""]
    lines += _table(
        ["", "count"],
        [
            ["Findings", str(len(report.findings))],
            ["Provisions in force", str(summary.provisions)],
            ["Quantity statements compared", str(summary.statements)],
            # the sources count in their own units (statement pairs, links, candidate pairs), so
            # their sum is no share of the provision pairs: both told, neither as part of the other
            ["Provision pairs in all", f"{summary.all_pairs:,}"],
            ["Comparisons made (every source together)", f"{summary.pairs_examined:,}"],
            ["Unconfirmed candidates (similarity only)", str(summary.unconfirmed)],
            ["Superseded pairs left out", str(summary.superseded_left_out)],
            ["Withheld documents (not readable by the asker)", str(len(summary.withheld))],
        ],
    )
    lines.append("")
    if report.findings:
        counts: dict[tuple[str, str], int] = {}
        for finding in report.findings:
            counts[finding.kind, finding.resolution] = counts.get((finding.kind, finding.resolution), 0) + 1
        present = {kind for kind, _ in counts}
        kinds = [kind for kind in get_args(FindingKind) if kind in present]
        resolutions = [r for r in _RESOLUTIONS if any(res == r for _, res in counts)]
        resolutions += sorted({res for _, res in counts} - set(resolutions))
        rows = [[_words(kind), *(str(counts.get((kind, r), 0)) for r in resolutions)] for kind in kinds]
        lines += ["### Findings by kind and resolution", ""]
        lines += _table(["kind", *(_words(r) for r in resolutions)], rows)
        lines.append("")
    if summary.sources:
        lines += ["### Candidate sources", ""]
        rows = [
            [_words(run.source), "ran" if run.ran else "skipped", str(run.pairs) if run.ran else "", _cell(run.note)]
            for run in summary.sources
        ]
        lines += _table(["source", "status", "pairs", "note"], rows)
        lines.append("")
    return lines


def _baseline(report: SweepReport) -> list[str]:
    if report.baseline is None:
        return []
    new = [f for f in report.findings if f.baseline == "new"]
    unchanged = [f for f in report.findings if f.baseline == "unchanged"]
    lines = ["## Baseline", "", f"Compared with {_code(report.baseline)}.", ""]
    lines += _table(["new", "unchanged", "gone"], [[str(len(new)), str(len(unchanged)), str(len(report.gone))]])
    lines.append("")
    if report.baseline_withheld:
        lines += [f"{report.baseline_withheld} finding(s) of the baseline {WITHHELD_BASELINE}.", ""]
    if report.gone:
        lines += ["Gone (in the baseline, no longer reported):", ""]
        for gone in report.gone:
            where = ", ".join(_code(loc) for loc in gone.locators)
            lines.append(f"- {_code(gone.id)} {_words(gone.kind)}" + (f": {where}" if where else ""))
        lines.append("")
    return lines


def _resolution(finding: Finding) -> str:
    text = _words(finding.resolution)
    if finding.rule:
        text += f" under {_code(finding.rule)}"
    if finding.clause:
        text += f" ({_inline(finding.clause)})"
    if finding.winner is not None:
        text += f"; {_code(str(finding.winner))} governs"
    return text


def _provision(side: FindingProvision) -> list[str]:
    head = f"> **{_inline(_label(side))}** · {_code(str(side.locator))}"
    if side.replaces is not None:
        head += f", replacing {_code(str(side.replaces))}"
    if side.resolved is not None:
        head += f", read from {_code(str(side.resolved))}"
    if side.quantity:
        head += f" · quantity as written: {_inline(side.quantity)}"
    if side.condition:
        head += f" · stated under: {_inline(', '.join(side.condition))}"
    lines = [head, ">"]
    lines += [f"> {line}".rstrip() for line in _lines(side.text)]
    return lines + [""]


def _rfi(text: str) -> list[str]:
    """The RFI draft kept as Markdown, headings two levels down, raw HTML made text."""
    lines = []
    fence: str | None = None
    for line in text.splitlines():
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            lines.append(_visible(line))
            continue
        if opening:
            fence = opening.group(1)
            lines.append(_visible(line))
            continue
        heading = _ATX.match(line)
        if heading:
            level = min(len(heading.group(2)) + 2, 6)
            line = heading.group(1) + "#" * level + line[heading.end():]
        lines.append(_visible(_outside_code(line, markdown_no_html)))
    if fence is not None:  # an unclosed fence would swallow the rest of the report
        lines.append(fence)
    return lines + [""]


def _outside_code(line: str, escape: Callable[[str], str]) -> str:
    out, end = [], 0
    for span in _CODE_SPAN.finditer(line):
        out.append(escape(line[end:span.start()]))
        out.append(span.group(0))
        end = span.end()
    out.append(escape(line[end:]))
    return "".join(out)


#: Provisions a finding quotes (a grouped finding lists hundreds): the rest are counted, all of
#: them are in the JSON report.
SHOWN = 10
#: Provisions a finding's heading names.
NAMED = 3


def _finding(finding: Finding) -> list[str]:
    named = list(dict.fromkeys(_inline(_label(side)) for side in finding.provisions))
    labels = " / ".join(named[:NAMED]) + (f" and {len(named) - NAMED:,} more" if len(named) > NAMED else "")
    lines = [f"## {_words(finding.kind)} — {labels}" if labels else f"## {_words(finding.kind)}", ""]
    facts = [f"- Id: {_code(finding.id)}", f"- Scope: {_words(finding.scope)}"]
    if finding.subject:
        facts.append(f"- Subject: {_code(finding.subject)}")
    facts.append(f"- Resolution: {_resolution(finding)}")
    if finding.sources:
        facts.append("- Proposed by: " + ", ".join(_words(s) for s in finding.sources))
    if finding.baseline is not None:
        facts.append(f"- Baseline: {finding.baseline}")
    lines += facts + [""]
    if finding.explanation:
        lines += _lines(finding.explanation) + [""]
    for side in finding.provisions[:SHOWN]:
        lines += _provision(side)
    if len(finding.provisions) > SHOWN:
        lines += [f"And {len(finding.provisions) - SHOWN:,} more provisions, each with its quantity in the JSON "
                  "report (`--format json`).", ""]
    if finding.resolution == "escalate" and finding.rfi:
        lines += ["Request for information (draft):", ""]
        lines += _rfi(finding.rfi)
    return lines


def render_markdown(report: SweepReport) -> str:
    """The report as a Markdown page; the same report gives the same text."""
    lines = _title(report) + _summary(report) + _baseline(report)
    if report.findings:
        for finding in report.findings:
            lines += _finding(finding)
    else:
        lines += ["No findings.", ""]
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
