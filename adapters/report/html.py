"""The sweep as one self-contained HTML page: a summary of what was compared, a findings table
that sorts and filters in the browser, and each finding's evidence side by side.

Document text is data. Every string of the report is HTML-escaped, and control characters,
bidirectional overrides and isolates are written out (``\\u202e``) so a clause can neither
inject markup nor read backwards. The page loads nothing: its CSS and script are inline and a
Content-Security-Policy forbids every other source. All rows are rendered here, so the page
reads the same with scripts off; the script only sorts, filters and opens the details. The
same report gives the same bytes (nothing here reads the clock).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import get_args

from inforce.ontology import (
    Finding,
    FindingKind,
    FindingProvision,
    Locator,
    Resolution,
    SweepReport,
)
from inforce.ontology.sweep import WITHHELD_BASELINE
from inforce.ontology.text import html_text

__all__ = ["CONTENT_SECURITY_POLICY", "render_html"]

#: What the page may load: nothing but its own inline style and script (and data: images,
#: none used). ``frame-ancestors`` is left out: a meta policy ignores it, with a console error.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)

_KINDS: tuple[str, ...] = get_args(FindingKind)
_RESOLUTIONS: tuple[str, ...] = get_args(Resolution)

# Document text is escaped by the one rule every writer shares (``ontology.text``): controls
# and bidi characters written out as the CLI prints them, then HTML-escaped.
_text = html_text


def _words(code: str) -> str:
    """A vocabulary value as words: ``resolved_by_precedence`` → ``resolved by precedence``."""
    return _text(code.replace("_", " "))


def _count(n: int) -> str:
    return f"{n:,}"


def _ordered(counts: Mapping[str, int], vocabulary: tuple[str, ...]) -> list[tuple[str, int]]:
    """``counts`` in the vocabulary's order, any value it does not know after, by name."""
    known = [(k, counts[k]) for k in vocabulary if k in counts]
    return known + sorted((k, v) for k, v in counts.items() if k not in vocabulary)


def _side_name(side: FindingProvision) -> str:
    return side.label or str(side.locator)


def _json_island(report: SweepReport) -> str:
    """The findings as JSON a ``<script type="application/json">`` can hold: ``<``, ``>`` and
    ``&`` escaped, so no text can close the script element; ASCII only."""
    payload = {"findings": [f.model_dump(mode="json") for f in report.findings]}
    text = json.dumps(payload, ensure_ascii=True, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _dl(rows: Iterable[tuple[str, str]], cls: str = "") -> str:
    """A definition list from (term, already-escaped HTML) pairs."""
    items = "".join(f"<dt>{_text(term)}</dt><dd>{value}</dd>" for term, value in rows)
    return f'<dl class="{cls}">{items}</dl>' if cls else f"<dl>{items}</dl>"


def _header(report: SweepReport) -> str:
    known_at = (
        _text(report.known_at.isoformat().replace("+00:00", "Z")) if report.known_at else "latest (not set)"
    )
    packs = ", ".join(f"<code>{_text(p)}</code>" for p in report.packs) or "none"
    rows = [
        ("Project", _text(report.project) if report.project else "(not named)"),
        ("Documents in force on", _text(report.as_of.isoformat())),
        ("Known at", known_at),
        ("Index build", f"<code>{_text(report.index_build)}</code>" if report.index_build else "(not recorded)"),
        ("Precedence packs", packs),
    ]
    title = f"Sweep report: {_text(report.project)}" if report.project else "Sweep report"
    return f"<header><h1>{title}</h1>{_dl(rows, 'meta')}</header>"


def _counts_table(caption: str, counts: list[tuple[str, int]], head: str) -> str:
    if not counts:
        return f'<table class="counts"><caption>{caption}</caption><tbody><tr><td>none</td></tr></tbody></table>'
    body = "".join(f"<tr><th scope=\"row\">{_words(k)}</th><td>{_count(v)}</td></tr>" for k, v in counts)
    return (
        f'<table class="counts"><caption>{caption}</caption>'
        f'<thead><tr><th scope="col">{head}</th><th scope="col">findings</th></tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def _summary(report: SweepReport) -> str:
    s = report.summary
    comparison = [
        ("In-force provisions", _count(s.provisions)),
        ("Quantity statements", _count(s.statements)),
        ("Provision pairs in all", _count(s.all_pairs)),
        # each source counts in its own unit (statement pairs, links, candidate pairs): no share of the above
        ("Comparisons made", f"{_count(s.pairs_examined)} (every source together, each counting what it compares)"),
        ("Unconfirmed candidates", f"{_count(s.unconfirmed)} (proposed by similarity only; no rule confirmed them)"),
        ("Superseded pairs left out", _count(s.superseded_left_out)),
        ("Withheld documents", f"{_count(len(s.withheld))} (not readable by the asker: never compared, never quoted)"),
    ]
    sources = "".join(
        f"<tr><th scope=\"row\">{_words(r.source)}</th>"
        f"<td>{'ran' if r.ran else 'skipped'}</td><td>{_count(r.pairs) if r.ran else ''}</td>"
        f"<td>{_text(r.note)}</td></tr>"
        for r in s.sources
    )
    sources_table = (
        '<table class="sources"><caption>Candidate sources</caption><thead><tr>'
        '<th scope="col">source</th><th scope="col">status</th><th scope="col">pairs</th>'
        f'<th scope="col">note</th></tr></thead><tbody>{sources}</tbody></table>'
        if s.sources else "<p>No candidate source is recorded.</p>"
    )
    return (
        '<section id="summary"><h2>Summary</h2>'
        f"<p class=\"total\"><strong>{_count(len(report.findings))}</strong> "
        f"finding{'' if len(report.findings) == 1 else 's'}</p>"
        '<div class="grid">'
        + _counts_table("Findings by kind", _ordered(s.by_kind, _KINDS), "kind")
        + _counts_table("Findings by resolution", _ordered(s.by_resolution, _RESOLUTIONS), "resolution")
        + "</div>"
        + _dl(comparison, "comparison")
        + sources_table
        + _baseline(report)
        + "</section>"
    )


def _baseline(report: SweepReport) -> str:
    if report.baseline is None:
        return '<section id="baseline"><h3>Baseline</h3><p>No baseline given.</p></section>'
    new = sum(1 for f in report.findings if f.baseline == "new")
    unchanged = sum(1 for f in report.findings if f.baseline == "unchanged")
    rows = [
        ("Compared against", f"<code>{_text(report.baseline)}</code>"),
        ("New", _count(new)),
        ("Unchanged", _count(unchanged)),
        ("Gone", _count(len(report.gone))),
    ]
    if report.baseline_withheld:
        rows.append(("Withheld", f"{_count(report.baseline_withheld)} finding(s) of the baseline "
                                 f"{_text(WITHHELD_BASELINE)}"))
    gone = ""
    if report.gone:
        body = "".join(
            f"<tr><td><code>{_text(g.id)}</code></td><td>{_words(g.kind)}</td>"
            f"<td>{'<br>'.join(f'<code>{_text(loc)}</code>' for loc in g.locators)}</td></tr>"
            for g in report.gone
        )
        gone = (
            '<table class="gone"><caption>Gone: in the baseline, not reported now</caption><thead><tr>'
            '<th scope="col">id</th><th scope="col">kind</th><th scope="col">provisions</th>'
            f"</tr></thead><tbody>{body}</tbody></table>"
        )
    return f'<section id="baseline"><h3>Baseline</h3>{_dl(rows, "comparison")}{gone}</section>'


def _governs(finding: Finding, side: FindingProvision) -> bool:
    winner = finding.winner
    if winner is None:
        return False
    return winner.unpinned() in {loc.unpinned() for loc in (side.locator, side.replaces, side.resolved) if loc}


def _side(finding: Finding, side: FindingProvision) -> str:
    def loc(locator: Locator) -> str:
        return f"<code>{_text(locator)}</code>"

    rows = [("Locator", loc(side.locator))]
    if side.resolved is not None:
        rows.append(("Resolved version", loc(side.resolved)))
    if side.kind:
        rows.append(("Kind", _words(side.kind)))
    if side.quantity:
        rows.append(("Quantity", _text(side.quantity)))
    if side.condition:
        rows.append(("Stated under", _text(", ".join(side.condition))))
    if side.replaces is not None:
        rows.append(("Replaces", loc(side.replaces)))
    badge = ' <span class="badge governs">governs</span>' if _governs(finding, side) else ""
    return (
        f'<section class="side"><h4>{_text(_side_name(side))}{badge}</h4>{_dl(rows)}'
        f"<blockquote>{_text(side.text)}</blockquote></section>"
    )


def _detail(finding: Finding) -> str:
    parts = []
    if finding.explanation:
        parts.append(f'<p class="explanation">{_text(finding.explanation)}</p>')
    if finding.resolution == "resolved_by_precedence" and finding.winner is not None:
        named = next((s for s in finding.provisions if _governs(finding, s)), None)
        who = f"{_text(_side_name(named))} (<code>{_text(finding.winner)}</code>)" if named else f"<code>{_text(finding.winner)}</code>"
        under = f" under {_text(finding.clause)}" if finding.clause else ""
        rule = f" ({_text(finding.rule)})" if finding.rule else ""
        parts.append(f'<p class="winner"><strong>Governs:</strong> {who}{under}{rule}</p>')
    more = len(finding.provisions) - SHOWN
    parts.append('<div class="evidence">' + "".join(_side(finding, s) for s in finding.provisions[:SHOWN])
                 + (f'<p class="more">And {_count(more)} more provisions, each with its quantity in the JSON '
                    "report (and this page's findings data).</p>" if more > 0 else "") + "</div>")
    if finding.sources:
        parts.append(f'<p class="proposed">Proposed by: {", ".join(_words(s) for s in finding.sources)}</p>')
    if finding.rfi:
        parts.append(f'<h4>RFI draft</h4><pre class="rfi">{_text(finding.rfi)}</pre>')
    return "".join(parts)


#: The findings table's columns: (key for the script's sort, heading).
_COLUMNS = (
    ("id", "id"), ("kind", "kind"), ("scope", "scope"), ("subject", "subject"),
    ("resolution", "resolution"), ("provisions", "provisions"), ("rule", "rule / clause"),
    ("baseline", "baseline"),
)


def _subject(subject: str | None) -> str:
    """A dotted subject that may break after each dot (a long one would widen the table)."""
    return _text(subject).replace(".", ".<wbr>") if subject else "—"


#: Provisions a finding's evidence shows (a grouped finding lists hundreds) and its row names:
#: the rest are counted; all of them are in the JSON report and the page's findings data.
SHOWN = 10
NAMED = 3


def _row(finding: Finding) -> str:
    fid = _text(finding.id)
    labels = "".join(f'<span class="label">{_text(_side_name(s))}</span>' for s in finding.provisions[:NAMED])
    if len(finding.provisions) > NAMED:
        labels += f'<span class="label more">and {_count(len(finding.provisions) - NAMED)} more</span>'
    rule = " · ".join(_text(x) for x in (finding.rule, finding.clause) if x) or "—"
    resolution = f'<span class="badge {_text(finding.resolution)}">{_words(finding.resolution)}</span>'
    cells = (
        f"<td><code>{fid}</code></td>",
        f"<td>{_words(finding.kind)}</td>",
        f"<td>{_words(finding.scope)}</td>",
        f"<td>{_subject(finding.subject)}</td>",
        f"<td>{resolution}</td>",
        f"<td>{labels}</td>",
        f"<td>{rule}</td>",
        f"<td>{_text(finding.baseline) if finding.baseline else '—'}</td>",
    )
    return (
        f'<tbody class="finding-group" data-id="{fid}">'
        f'<tr class="finding" data-id="{fid}" data-kind="{_text(finding.kind)}" '
        f'data-resolution="{_text(finding.resolution)}" data-baseline="{_text(finding.baseline or "")}">'
        + "".join(cells)
        + f'</tr><tr class="detail"><td colspan="{len(_COLUMNS)}"><details id="finding-{fid}">'
        f"<summary>Evidence, explanation{', RFI draft' if finding.rfi else ''}</summary>"
        f"{_detail(finding)}</details></td></tr></tbody>"
    )


def _select(name: str, label: str, values: Iterable[str], counts: Mapping[str, int]) -> str:
    options = "".join(
        f'<option value="{_text(v)}">{_words(v)} ({_count(counts.get(v, 0))})</option>' for v in values
    )
    return (
        f'<label>{label} <select id="filter-{name}" data-filter="{name}">'
        f'<option value="">all</option>{options}</select></label>'
    )


def _findings(report: SweepReport) -> str:
    total = len(report.findings)
    if not total:
        return '<section id="findings-section"><h2>Findings</h2><p class="empty">No findings.</p></section>'
    kinds: dict[str, int] = {}
    resolutions: dict[str, int] = {}
    for f in report.findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
        resolutions[f.resolution] = resolutions.get(f.resolution, 0) + 1
    controls = (
        '<div class="controls" id="controls" hidden>'
        + _select("kind", "Kind", [k for k in _KINDS if k in kinds], kinds)
        + _select("resolution", "Resolution", [r for r in _RESOLUTIONS if r in resolutions], resolutions)
        + '<label>Search <input type="search" id="filter-text" autocomplete="off" '
        'placeholder="id, locator, subject, text…"></label>'
        '<button type="button" id="expand-all">Open all</button>'
        '<button type="button" id="collapse-all">Close all</button></div>'
    )
    heads = "".join(
        f'<th scope="col" data-col="{key}"><button type="button" class="sort">{title}</button></th>'
        for key, title in _COLUMNS
    )
    return (
        '<section id="findings-section"><h2>Findings</h2>'
        + controls
        + f'<p id="shown-count" aria-live="polite">{total} of {total} findings shown</p>'
        + f'<table id="findings"><thead><tr>{heads}</tr></thead>'
        + "".join(_row(f) for f in report.findings)
        + '</table><p id="none-shown" hidden>No findings match the filters.</p></section>'
    )


def render_html(report: SweepReport) -> str:
    """The report as one HTML5 page that loads nothing; the same report gives the same bytes."""
    title = f"Sweep report: {report.project}" if report.project else "Sweep report"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        '<meta name="referrer" content="no-referrer">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_text(title)} ({_text(report.as_of.isoformat())})</title>"
        f"<style>{_CSS}</style></head>\n<body>"
        + _header(report)
        + _summary(report)
        + _findings(report)
        + f'<script type="application/json" id="findings-data">{_json_island(report)}</script>'
        + f"<script>{_JS}</script></body></html>\n"
    )


_CSS = """
:root{--fg:#1b1f23;--muted:#57606a;--line:#d0d7de;--bg-alt:#f6f8fa;--esc:#b35900;--prec:#0550ae;--sup:#57606a;--ok:#1a7f37}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);margin:0 auto;padding:1.5rem 2rem;max-width:90rem}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.25rem;border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2rem}
h3{font-size:1.05rem;margin:1.25rem 0 .5rem}h4{font-size:.95rem;margin:.5rem 0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
dl.meta,dl.comparison{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}
dl.meta dt,dl.comparison dt{color:var(--muted)}dd{margin:0}
.grid{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
.total{font-size:1.1rem;margin:.25rem 0 .75rem}
table{border-collapse:collapse;margin:.5rem 0}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.3rem .55rem;text-align:left;vertical-align:top}
thead th{background:var(--bg-alt)}
table.counts td{text-align:right;min-width:4rem}
#findings{width:100%}
#findings th button.sort{all:unset;cursor:pointer;font-weight:600;display:block}
#findings th button.sort:focus-visible{outline:2px solid var(--prec)}
#findings th[aria-sort=ascending] button.sort::after{content:" \\25B2";font-size:.75em}
#findings th[aria-sort=descending] button.sort::after{content:" \\25BC";font-size:.75em}
tr.finding{cursor:pointer}tr.finding td:first-child{white-space:nowrap}
span.label{display:block;min-width:13rem}span.label+span.label{margin-top:.35rem;padding-top:.35rem;border-top:1px dotted var(--line)}
tr.finding:hover{background:var(--bg-alt)}
tr.detail>td{border-top:none;padding:0 .55rem .4rem}
details>summary{cursor:pointer;color:var(--muted);font-size:.88rem;padding:.15rem 0}
details[open]>summary{margin-bottom:.4rem}
.badge{display:inline-block;border-radius:.75rem;padding:0 .5rem;font-size:.82rem;border:1px solid currentColor;white-space:nowrap}
.badge.escalate{color:var(--esc)}.badge.resolved_by_precedence{color:var(--prec)}
.badge.resolved_by_supersession{color:var(--sup)}.badge.governs{color:var(--ok);margin-left:.35rem}
.evidence{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem}
.side{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .75rem;background:#fff}
.side dl{display:grid;grid-template-columns:max-content 1fr;gap:0 .75rem;margin:.25rem 0;font-size:.9rem}
.side dt{color:var(--muted)}
blockquote{margin:.5rem 0 0;padding:.4rem .75rem;border-left:4px solid var(--line);background:var(--bg-alt);white-space:pre-wrap;overflow-wrap:anywhere}
pre.rfi{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg-alt);border:1px solid var(--line);padding:.75rem;border-radius:.4rem}
.explanation{margin:.25rem 0 .5rem}.proposed{color:var(--muted);font-size:.88rem}
.controls{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center;margin:.75rem 0}
.controls input[type=search]{min-width:16rem}
#shown-count{color:var(--muted);margin:.25rem 0}
.empty{font-size:1.1rem;padding:1rem;border:1px dashed var(--line)}
@media print{
body{padding:0;max-width:none;font-size:11pt}
.controls,#shown-count,details>summary{display:none}
tbody.finding-group{break-inside:avoid}
#findings th button.sort::after{content:""!important}
a{color:inherit}
}
"""

# The script reads the JSON island for the search text and never writes markup: it only
# moves, hides and opens elements the page already holds.
_JS = """
(function () {
  "use strict";
  var table = document.getElementById("findings");
  if (!table) return;
  var data = JSON.parse(document.getElementById("findings-data").textContent);
  var groups = Array.prototype.slice.call(table.tBodies);
  var total = groups.length;
  // what the search box matches: every string of a finding, vocabulary also as words
  var haystack = new Map();
  groups.forEach(function (g, position) {
    var f = data.findings[position];
    var parts = [f.id, f.kind, f.scope, f.subject, f.resolution, f.rule, f.clause, f.explanation,
                 f.winner, f.baseline, f.rfi].concat(f.sources);
    f.provisions.forEach(function (p) {
      parts.push(p.locator, p.label, p.text, p.quantity, p.replaces, p.resolved, p.kind);
    });
    var text = parts.filter(function (x) { return x; }).join("\\n").toLowerCase();
    haystack.set(g, text + "\\n" + text.replace(/_/g, " "));
  });
  var kind = document.getElementById("filter-kind");
  var resolution = document.getElementById("filter-resolution");
  var search = document.getElementById("filter-text");
  var shown = document.getElementById("shown-count");
  var noneShown = document.getElementById("none-shown");
  document.getElementById("controls").hidden = false;

  function apply() {
    var words = search.value.toLowerCase().split(/\\s+/).filter(function (w) { return w; });
    var count = 0;
    groups.forEach(function (g) {
      var row = g.rows[0];
      var ok = (!kind.value || row.dataset.kind === kind.value) &&
        (!resolution.value || row.dataset.resolution === resolution.value) &&
        words.every(function (w) { return haystack.get(g).indexOf(w) !== -1; });
      g.hidden = !ok;
      if (ok) count += 1;
    });
    shown.textContent = count + " of " + total + " findings shown";
    noneShown.hidden = count !== 0;
  }
  [kind, resolution].forEach(function (el) { el.addEventListener("change", apply); });
  search.addEventListener("input", apply);

  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  heads.forEach(function (th, index) {
    th.querySelector("button").addEventListener("click", function () {
      var descending = th.getAttribute("aria-sort") === "ascending";
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      var keyed = groups.map(function (g, position) {
        return {g: g, key: g.rows[0].cells[index].textContent.trim().toLowerCase(), position: position};
      });
      keyed.sort(function (a, b) {
        var order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
        return (descending ? -order : order) || a.position - b.position;
      });
      groups = keyed.map(function (k) { return k.g; });
      groups.forEach(function (g) { table.appendChild(g); });
    });
  });

  groups.forEach(function (g) {
    g.rows[0].addEventListener("click", function () {
      var details = g.querySelector("details");
      details.open = !details.open;
    });
  });
  function openAll(open) {
    groups.forEach(function (g) { g.querySelector("details").open = open; });
  }
  document.getElementById("expand-all").addEventListener("click", function () { openAll(true); });
  document.getElementById("collapse-all").addEventListener("click", function () { openAll(false); });
  window.addEventListener("beforeprint", function () { openAll(true); });
  apply();
})();
"""
