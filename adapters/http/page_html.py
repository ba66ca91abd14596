"""The pages' shared HTML: the frame every page sits in, its style and script, small builders.

The sweep report's rules (``adapters/report/html.py``) hold here: every piece of document text
goes through the one escape every writer shares (``ontology.text.html_text``: controls and bidi
characters written out, markup escaped), so a clause can neither inject markup nor read
backwards. Unlike the report, which is one file and carries its style and script inline, the
pages load their style and script from the server itself (``/assets/pages.css``,
``/assets/pages.js``): the Content-Security-Policy allows ``'self'`` and nothing else, no inline
script or style at all, no other origin. Every page reads whole without the script: it only
highlights a timeline's bar with its row and reloads a running sweep's progress.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from urllib.parse import quote, urlencode

from inforce.ontology import Locator
from inforce.ontology.text import html_text

__all__ = [
    "CONTENT_SECURITY_POLICY", "PAGE_CSS", "PAGE_JS", "PAGE_HEADERS", "Frame", "dl", "locator_link", "page",
    "provision_url", "table", "text",
]

#: What a page may load: its own style, script and images from the server, nothing inline (no
#: attribute ``style`` either), nothing from anywhere else; forms post to the server alone.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
#: The headers every page is sent with (a page is never cached: it is one caller's view)
PAGE_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}

#: document text (and every other value) as HTML text or an attribute value: the one escape
text = html_text


def provision_url(project: str, locator: Locator | str, valid_at: dt.date | None = None,
                  known_at: dt.datetime | None = None) -> str:
    """The clause page of ``locator`` (its ``#`` written ``%23``), on the dates given."""
    url = f"/ui/projects/{quote(project, safe='')}/provisions/{quote(str(locator), safe='@')}"
    query = {k: v for k, v in (("valid_at", valid_at.isoformat() if valid_at else None),
                                ("known_at", _moment(known_at) if known_at else None)) if v}
    return f"{url}?{urlencode(query)}" if query else url


def _moment(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def locator_link(project: str, locator: Locator | str, valid_at: dt.date | None = None,
                 known_at: dt.datetime | None = None) -> str:
    """A link to the clause page of ``locator``, the locator its text."""
    return (f'<a href="{text(provision_url(project, locator, valid_at, known_at))}">'
            f"<code>{text(locator)}</code></a>")


def dl(rows: Iterable[tuple[str, str]]) -> str:
    """A definition list from (term, already-escaped HTML) pairs."""
    return '<dl class="meta">' + "".join(f"<dt>{text(term)}</dt><dd>{value}</dd>" for term, value in rows) + "</dl>"


def table(caption: str, heads: Sequence[str], rows: Iterable[Sequence[str]], *, cls: str = "",
          empty: str = "none", versions: bool = False) -> str:
    """A table (in a box that scrolls sideways on a narrow window, never the page) from rows of
    already-escaped cells; ``empty`` said when there are none. ``versions``: each row is a
    timeline's bar, numbered as the picture numbers them (``data-version``), for the script to
    light the two together."""
    body = "".join((f'<tr data-version="{number}">' if versions else "<tr>")
                   + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for number, row in enumerate(rows))
    if not body:
        body = f'<tr><td colspan="{len(heads)}">{text(empty)}</td></tr>'
    head = "".join(f'<th scope="col">{text(h)}</th>' for h in heads)
    return (f'<div class="scroll"><table class="{text(cls)}"><caption>{text(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


class Frame:
    """Who the page is for, and where it is: what the header and its forms need."""

    def __init__(self, *, caller_name: str | None = None, csrf: str | None = None, project: str | None = None,
                 roles: Sequence[str] = ()) -> None:
        self.caller_name, self.csrf, self.project, self.roles = caller_name, csrf, project, tuple(roles)
        #: the date the page is about, once read: the search box asks on it unless changed
        self.valid_at: dt.date | None = None

    def csrf_field(self) -> str:
        """The hidden field every state-changing form carries."""
        return f'<input type="hidden" name="csrf" value="{text(self.csrf or "")}">'

    def header(self) -> str:
        if self.caller_name is None:
            return '<header class="top"><p class="brand">inforce</p></header>'
        nav = ['<a href="/ui/">Projects</a>']
        search = ""
        if self.project is not None:
            base = f"/ui/projects/{quote(self.project, safe='')}"
            nav += [f'<a href="{text(base)}">{text(self.project)}</a>',
                    f'<a href="{text(base)}/search">Search</a>',
                    f'<a href="{text(base)}/reviews">Reviews</a>',
                    f'<a href="{text(base)}/sweeps">Sweeps</a>']
            # the search box: a locator opens its clause page, words are the API's resolve
            search = (
                f'<form class="search" role="search" method="get" action="{text(base)}/search">'
                '<label for="top-q">Locator or words<input id="top-q" name="q" type="search" required '
                'maxlength="2000" placeholder="SPEC-033000#2.1.A or words"></label>'
                '<label for="top-valid-at">On<input id="top-valid-at" name="valid_at" type="date" '
                f'value="{text(self.valid_at.isoformat() if self.valid_at else "")}"></label>'
                '<button type="submit">Search</button></form>'
            )
        roles = f" ({text(', '.join(self.roles))})" if self.roles else ""
        return (
            '<header class="top"><p class="brand">inforce</p>'
            f'<nav aria-label="Main">{"".join(nav)}</nav>{search}'
            f'<form class="signout" method="post" action="/signout">{self.csrf_field()}'
            f'<span>Signed in as <strong>{text(self.caller_name)}</strong>{roles}</span> '
            '<button type="submit">Sign out</button></form></header>'
        )


def page(title: str, body: str, frame: Frame | None = None) -> str:
    """A whole page: the frame's header, ``body`` (already escaped HTML) as the main content."""
    frame = frame or Frame()
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{text(title)} · inforce</title>"
        '<link rel="stylesheet" href="/assets/pages.css">'
        '<script src="/assets/pages.js" defer></script></head>\n<body>'
        '<a class="skip" href="#main">Skip to content</a>'
        + frame.header()
        + f'<main id="main" tabindex="-1"><h1>{text(title)}</h1>{body}</main></body></html>\n'
    )


PAGE_CSS = """
:root{--fg:#1b1f23;--muted:#57606a;--line:#d0d7de;--bg-alt:#f6f8fa;--esc:#b35900;--link:#0550ae;--ok:#1a7f37;--del:#cf222e}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);margin:0 auto;padding:0 1rem 2rem;max-width:80rem}
a{color:var(--link)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-10000px}.skip:focus{left:1rem;top:.5rem;background:#fff;padding:.25rem .5rem;z-index:2}
header.top{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;border-bottom:1px solid var(--line);padding:.6rem 0;margin-bottom:1rem}
header.top .brand{font-weight:700;margin:0}
header.top nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
header.top form.signout{margin-left:auto;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
h1{font-size:1.5rem;margin:.25rem 0 .75rem;overflow-wrap:anywhere}h2{font-size:1.2rem;border-bottom:1px solid var(--line);padding-bottom:.2rem;margin-top:1.75rem}
h3{font-size:1.05rem;margin:1rem 0 .4rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em;overflow-wrap:anywhere}
dl.meta{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.15rem 1rem;margin:.5rem 0}
dl.meta dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.5rem 0}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.3rem .55rem;text-align:left;vertical-align:top}
thead th{background:var(--bg-alt)}
tr.hl,tr:target{background:#fff8c5}
.clause{margin:.5rem 0;padding:.6rem .9rem;border-left:4px solid var(--line);background:var(--bg-alt);white-space:pre-wrap;overflow-wrap:anywhere}
mark{background:#ddf4ff;color:inherit;border-bottom:2px solid var(--link);padding:0 .1rem}
mark.deleted{background:#ffebe9;border-color:var(--del)}mark.amended{background:#fff8c5;border-color:var(--esc)}
mark.lapsed{background:#eaeef2;border-style:dashed}
.by{font-size:.85rem;white-space:normal}
.status{font-size:1.05rem;padding:.5rem .75rem;border:1px solid var(--line);border-radius:.4rem}
.status.in-force{border-color:var(--ok)}.status.not-in-force{border-color:var(--esc)}
.error{border:1px solid var(--del);border-radius:.4rem;padding:.5rem .75rem;background:#ffebe9}
.notice{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .75rem;background:var(--bg-alt)}
form.ask{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end;margin:.5rem 0 1rem}
form.ask label,form.stack label{display:flex;flex-direction:column;font-size:.9rem;color:var(--muted)}
form.stack{display:flex;flex-direction:column;gap:.5rem;max-width:28rem}
input,select,textarea,button{font:inherit;max-width:100%}
textarea{width:100%;min-height:3rem}
button{padding:.25rem .8rem;border:1px solid var(--line);border-radius:.3rem;background:var(--bg-alt);cursor:pointer}
svg.timeline,svg.graph{width:100%;height:auto;display:block;border:1px solid var(--line);border-radius:.4rem;background:#fff}
svg.graph{width:auto;max-width:100%}
svg .band{fill:var(--bg-alt)}svg .band-title{font-weight:600;font-size:13px}
svg text{font-size:12px;fill:var(--fg)}svg .tick{stroke:var(--line)}svg .tick-label{fill:var(--muted);font-size:11px}
svg .bar rect{fill:#54aeff;stroke:#0969da}svg .bar.edge rect{fill:#a5d6ff}
svg .bar.deletion rect{fill:#ffcecb;stroke:var(--del)}svg .bar.lapsed rect{fill:#eaeef2;stroke:var(--muted);stroke-dasharray:4 3}
svg .bar.amends rect{fill:#fff1a8;stroke:var(--esc)}
svg .bar.withheld rect{fill:none;stroke:var(--muted);stroke-dasharray:2 3}
svg .bar.hl rect,svg a:focus .bar rect{stroke-width:3}
svg .open{stroke:#0969da}svg .day{stroke:var(--esc);stroke-width:2}svg .day-label{fill:var(--esc);font-weight:600}
svg .node rect{fill:#fff;stroke:var(--fg)}svg .node.document rect{fill:#ddf4ff}svg .node.withheld rect{stroke-dasharray:3 3;fill:var(--bg-alt)}
svg .edge line,svg .edge path{stroke:#6e7781;stroke-width:1.5;fill:none}svg .edge.partial line{stroke-dasharray:5 3}
svg .edge.deletion line{stroke:var(--del)}svg .arrow{fill:#6e7781}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.85rem;color:var(--muted);padding:0;list-style:none}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .75rem}
article.proposal{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .9rem;margin:1rem 0}
progress{width:100%;max-width:28rem}
header.top form.search{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:flex-end}
header.top form.search label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted)}
header.top form.search input[type=search]{width:16rem}
ol.results{padding-left:1.5rem}ol.results>li{margin:.75rem 0}
.results .meta-line{color:var(--muted);font-size:.9rem}
pre.rfi{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg-alt);border:1px solid var(--line);padding:.75rem;border-radius:.4rem}
.state-done{color:var(--ok)}.state-failed,.state-erased{color:var(--del)}.state-cancelled{color:var(--muted)}
"""

# The script writes no markup: it only toggles classes on elements the page holds and reloads
# a page that says its sweep is still running.
PAGE_JS = """
(function () {
  "use strict";
  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }
  function mark(version, on) {
    each('[data-version="' + version + '"]', function (el) { el.classList.toggle("hl", on); });
  }
  each("[data-version]", function (el) {
    var version = el.getAttribute("data-version");
    ["mouseenter", "focusin"].forEach(function (e) { el.addEventListener(e, function () { mark(version, true); }); });
    ["mouseleave", "focusout"].forEach(function (e) { el.addEventListener(e, function () { mark(version, false); }); });
  });
  var running = document.querySelector("[data-refresh]");
  if (running) {
    var seconds = parseFloat(running.getAttribute("data-refresh")) || 2;
    window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
  }
})();
"""
