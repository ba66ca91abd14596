"""The pages: what ``inforce serve`` shows a person in a browser, behind the API's identity.

``/`` is the sign-in page: its form takes a key of the keys file (field ``key``) and answers
with a session cookie (``sessions``: a random id, never the key); a wrong key is the sign-in
page again, 401. The form is accepted only as this server's own page sent it (field
``sign_in``: the token of its short-lived pre-session cookie, ``sessions.SignIns``) and never
when the browser says another site's page sent it (``Sec-Fetch-Site``, ``Origin``): 403, the
sign-in page again (login CSRF, audit OO-2). Every ``/ui/`` page needs a session (without one: 303 to ``/``, the page asked
for kept in ``next``) and answers only for a project the caller's entry may reach (the same 404
as the API's otherwise). Forms that change something (a review decision, a sweep started,
signing out) carry the session's CSRF token; one without it, or with another, is 403.

Each page parses, asks the front exactly what the API route for the same question asks
(``Project.asof``, ``history``, ``show``, ``readings``, ``review``, ``resolve``, with the
caller's groups from the keys file) on one generation, and renders: what is in force, what the
caller may read, which dates apply — the engine decides, here nothing is. A refusal is the
engine's ``Refusal`` shown (403), an engine error the API's status with its message. Each page
shown is a line of the decision log (endpoint ``page-...``), as each API answer is — except a
sweep's progress page, which its script reloads while the sweep runs, as the API's status route
writes none (the sweep's start, report and drafts are lines, its end the API's ``sweep`` line).

The search box in every project page's header takes a locator (its clause page on the date) or
words (the API's ``resolve`` with the case typed ``name=value; ...``, read as ``--context``
reads it). A sweep is the API's job (``Service.start_sweep``, ``SweepJobs``): a key sees, follows,
cancels and reads only the sweeps it started; the report is the HTML report the API renders,
served under that report's own policy, and each RFI draft the file ``--rfi-dir`` writes.
Deciding a proposal needs ``Caller.may("reviewer")``: a reviewer or an admin key, as the API.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import parse_qsl, quote, urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError

from inforce.adapters.cli._options import parse_case_value, parse_context_pairs
from inforce.adapters.report import render
from inforce.adapters.report.rfi import drafted, rfi_filename
from inforce.engine import Project
from inforce.ontology import (
    AccessRestrictedError,
    AddendaReadings,
    AsOfAnswer,
    Context,
    History,
    InforceError,
    InputError,
    InputErrors,
    Locator,
    Refusal,
    ResolveResult,
)
from inforce.ontology.ingest import REVIEW_NOTE_MAX, ProposedEdge
from inforce.ontology.views import ProvisionView

from .app import (
    _MEDIA,
    REPORT_POLICY,
    Service,
    _check_query,
    _Failure,
    _failure,
    _locator,
    _no_groups,
    _outcome,
    _query_date,
    _query_moment,
    _unwritable,
)
from .bodies import ResolveRequest, ReviewRequest, SweepRequest
from .jobs import IngestRunning, SweepJob
from .keys import Caller
from .page_html import (
    PAGE_CSS,
    PAGE_HEADERS,
    PAGE_JS,
    Frame,
    dl,
    locator_link,
    page,
    provision_url,
    table,
    text,
)
from .page_svg import bar_label, bar_title, edge_verb, graph_svg, timeline_svg
from .sessions import COOKIE, SIGN_IN_COOKIE, Session, Sessions, SignIns

__all__ = ["Pages", "add_pages"]

_LOG = logging.getLogger("inforce.serve")

#: the fields a form may send at most (a body of thousands is refused before it is read as one)
_FORM_FIELDS = 20
#: the longest page a sign-in's ``next`` may name (a page's address with its query is far shorter)
NEXT_MAX = 2000


class _SignIn(Exception):
    """No session: the sign-in page, then back to ``next``."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path


def _html(body: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status_code=status, media_type="text/html; charset=utf-8",
                    headers={**PAGE_HEADERS, **(headers or {})})


def _where(item: dict[str, Any]) -> str:
    """A problem's file and line as the CLI writes an InputError's (``InputError.where``:
    ``reviews.yaml:13``), then a space; nothing for a problem in no file (a form's field)."""
    if not item.get("file"):
        return ""
    line = item.get("line")
    return f"{InputError('', file=item['file'], line=line if isinstance(line, int) else None).where} "


def _field(item: dict[str, Any]) -> list[Any]:
    """A problem's field path past its source (``body``, ``form``) and its file, named before it."""
    loc = list(item.get("loc", ()))[1:]
    return loc[1:] if item.get("file") and loc[:1] == [item["file"]] else loc


def _problem_html(detail: Any) -> str:
    """A failure's detail as the page says it: a sentence, or each problem at its file and line
    (as the CLI says them) and its field."""
    if isinstance(detail, list):
        items = "".join(
            f"<li>{text(_where(item))}"
            f"<code>{text('.'.join(str(p) for p in _field(item)) or 'request')}</code>: "
            f"{text(item.get('msg', ''))}{' — ' + text(item['hint']) if item.get('hint') else ''}</li>"
            if isinstance(item, dict) else f"<li>{text(item)}</li>" for item in detail)
        return f'<div class="error" role="alert"><ul>{items}</ul></div>'
    return f'<div class="error" role="alert"><p>{text(detail)}</p></div>'


def _refusal_html(refusal: Refusal) -> str:
    said = f"<p>{text(refusal.detail)}</p>" if refusal.detail else ""
    return (f'<div class="error" role="alert"><p><strong>Refused: {text(refusal.reason.replace("_", " "))}'
            f"</strong></p>{said}</div>")


def _utf8(value: str) -> bool:
    """Whether a decoded form value held UTF-8 only (``errors="surrogateescape"`` keeps other bytes
    as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _escaped(name: str) -> str:
    """A field name as a message may show it, bytes that are not UTF-8 as ``\\xe9``."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def form_flag(form: dict[str, str], field: str) -> bool:
    """A form's boolean (a checkbox): ``true`` (the pages' checkboxes send it) or ``false``; not
    sent is false. Anything else is refused at its field (422), never read as false (audit MM3-3):
    the one reading of a boolean in every page form."""
    value = form.get(field)
    if value is None or value == "false":
        return False
    if value == "true":
        return True
    raise _Failure(422, [{"loc": ["form", field], "type": "bool_parsing",
                          "msg": f"{value[:40]!r} is not true or false (the checkbox sends true)"}])


async def _form(request: Request) -> dict[str, str]:
    """A form's fields (``application/x-www-form-urlencoded``), each once; 422 otherwise."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise _Failure(415 if kind else 422, "send the page's form (application/x-www-form-urlencoded)")
    try:
        raw = (await request.body()).decode("utf-8")
        # each %-escape decoded strictly: bytes that are not UTF-8 are kept apart (surrogates) and
        # refused at their field below, never replaced by U+FFFD and recorded (audit MM3-4)
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=False, max_num_fields=_FORM_FIELDS,
                          errors="surrogateescape")
    except (UnicodeDecodeError, ValueError):
        raise _Failure(422, "the form does not read (UTF-8, at most 20 fields)") from None
    unreadable = sorted({_escaped(name) for name, value in pairs if not _utf8(name) or not _utf8(value)})
    if unreadable:
        raise _Failure(422, [{"loc": ["form", name], "type": "unicode_decode_error",
                              "msg": "its %-escaped bytes are not UTF-8 (send the form as UTF-8)"} for name in unreadable])
    fields: dict[str, list[str]] = {}
    for name, value in pairs:
        fields.setdefault(name, []).append(value)
    twice = [name for name, values in fields.items() if len(values) > 1]
    if twice:
        raise _Failure(422, f"{', '.join(sorted(twice))} sent more than once")
    return {name: values[0] for name, values in fields.items()}


@dataclass(frozen=True)
class QueuedIngest:
    """The last ingest a review queued for a project, as data: its state, the build it made, and
    its failure as the engine raised it for whoever holds the files (``Project.ingest`` without
    groups) — never words: each viewer of the queue is shown it by their own groups
    (``shown``), as the API's ingest shows a key its failure (audit OO-1: the failure, quoted for
    the reviewer's groups, reached every key that opened the queue)."""

    state: Literal["queued", "running", "done", "failed"]
    build: str | None = None
    failure: BaseException | None = None

    def shown(self, caller: Caller, root: Any, name: str) -> str:
        """The state as ``caller`` may see it: a failed ingest's problems withheld by their
        groups (``Project.ingest_problems``), each at its file and line, as the API answers."""
        said = f'<p class="notice" role="status" id="ingest-state">Ingest: {text(self.state)}'
        if self.state == "done":
            return f"{said}, build {text(self.build or '')}.</p>"
        failure = self.failure
        if self.state != "failed" or failure is None:
            return said + ".</p>"
        if not isinstance(failure, InforceError | InputErrors):
            return (f"{said}: {text(type(failure).__name__)} (the server's log says more).</p>")
        if isinstance(failure, InputErrors):
            failure = Project.ingest_problems(failure, caller.groups)
        detail = _failure(failure, "file", root, name, reads_files=True).detail
        return f"{said}; the graph is unchanged.</p>{_problem_html(detail)}"


class Pages:
    """The pages of one service: its sessions, and how each page asks the front."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.sessions = Sessions()
        self.sign_ins = SignIns()  # the sign-in form's guard before a session exists
        #: each project's last ingest queued from a review (shown to each viewer by their groups)
        self.ingests: dict[str, QueuedIngest] = {}
        self._queued: set[str] = set()

    def queue_ingest(self, name: str, caller: Caller) -> None:
        """Ingest ``name`` once its one writer is free (the API's ingest: ``Project.ingest`` with the
        key's groups, holding the writer), so a decision just recorded is applied; one already
        queued for the project takes this decision too."""
        if name in self._queued:
            return
        self._queued.add(name)
        self.ingests[name] = QueuedIngest("queued")
        service = self.service
        warm, writer = service.warm(name), service.writers[name]

        def run() -> None:
            started = time.perf_counter()
            try:
                while True:
                    try:
                        writer.claim(caller.name)
                        break
                    except IngestRunning:
                        time.sleep(0.5)
                self._queued.discard(name)  # a decision recorded from now on needs another run
                self.ingests[name] = QueuedIngest("running")
                try:
                    # without groups: its failure kept whole, withheld per viewer when shown
                    # (``QueuedIngest.shown``); the graph it writes is the same whoever runs it
                    summary = Project.ingest(warm.root).summary()
                    outcome = "ingested"
                    self.ingests[name] = QueuedIngest("done", build=summary.index_build)
                finally:
                    writer.release()
            except (InforceError, InputErrors) as problem:
                outcome = "error"
                self.ingests[name] = QueuedIngest("failed", failure=problem)
            except Exception as problem:  # noqa: BLE001 - said on the page and in the log, never lost
                outcome = "error"
                self.ingests[name] = QueuedIngest("failed", failure=problem)
                _LOG.exception("the ingest queued by a review of %s failed", name)
            finally:
                self._queued.discard(name)
            service.record(lambda: service.log.write(
                warm.root, endpoint="page-ingest", caller=caller.name, via=caller.via, project=name, build=None,
                outcome=outcome, status=200 if outcome == "ingested" else 422,
                seconds=time.perf_counter() - started, answer_sha256=None, correlation_id="page-review"))

        threading.Thread(target=run, name=f"inforce-page-ingest-{name}", daemon=True).start()

    # ---- who is asking -----------------------------------------------------------------

    def session(self, request: Request) -> Session:
        """The request's session; ``_SignIn`` (303 to ``/``) without one."""
        found = self.sessions.find(request.cookies.get(COOKIE))
        if found is None:
            path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            raise _SignIn(path)
        return found

    def project_of(self, request: Request, name: str) -> tuple[Session, Caller]:
        """The session, when its caller may reach project ``name``; else the API's 404."""
        session = self.session(request)
        caller = session.caller
        if name not in self.service.projects or not caller.serves(name):
            raise _Failure(404, f"no project named {name!r} is served here", outcome="not_found")
        return session, caller

    @staticmethod
    def frame(session: Session, project: str | None = None) -> Frame:
        caller = session.caller
        roles = [r for r, held in (("admin", caller.admin), ("reviewer", caller.reviewer)) if held]
        return Frame(caller_name=caller.name, csrf=session.csrf, project=project, roles=roles)

    @staticmethod
    def guard(session: Session, form: dict[str, str]) -> None:
        """403 for a state-changing form without this session's CSRF token."""
        if not session.csrf_matches(form.get("csrf")):
            raise _Failure(403, "this form is not one this session's page sent (its token is missing or "
                           "another's): open the page again and send it from there")

    # ---- asking the front --------------------------------------------------------------

    async def ask(self, name: str, work: Callable[[Project], Any]) -> tuple[Any, str]:
        """``work`` on the project's newest generation, in a worker within the time limit, as the
        API's questions run (``Service.answer``); its result and the build it came from. An
        access refusal raised past the front is its ``Refusal``; an engine error, the API's
        failure for it."""
        service = self.service
        warm = service.warm(name)
        if (unwritable := service.log.unwritable(warm.root)) is not None:
            raise _Failure(503, _unwritable(unwritable), outcome="error")

        def run() -> tuple[Any, str]:
            with warm.reading() as project:
                return work(project), project.build_id

        try:
            running = asyncio.get_running_loop().run_in_executor(service._workers, run)  # noqa: SLF001
            return await asyncio.wait_for(running, service.time_limit)
        except TimeoutError:
            raise _Failure(504, f"the page for {name} was cut short after {service.time_limit:g} s",
                           outcome="timeout") from None
        except AccessRestrictedError as refused:
            return Refusal(reason="access_restricted", locator=refused.asked, detail=refused.detail,
                           depends_on=refused.depends_on), warm.served_build
        except (InforceError, InputErrors) as problem:
            raise _failure(problem, "query", warm.root, warm.name) from None

    def logged(self, request: Request, caller: Caller, name: str, endpoint: str, build: str | None, outcome: Any,
               started: float, response: Response) -> Response:
        """``response``, its decision line written first (endpoint ``page-ENDPOINT``, as the API's
        lines); a 503 page in its place when the line cannot be written."""
        service = self.service
        warm = service.projects.get(name)
        if warm is None:
            return response
        root, seconds = warm.root, time.perf_counter() - started
        digest = hashlib.sha256(bytes(response.body)).hexdigest()
        said = outcome if isinstance(outcome, str) else _outcome(outcome)
        correlation = request.scope.get("state", {}).get("correlation_id", "")
        try:  # before the page goes, as a question's line (``Service.answer``)
            service.log.write(root, endpoint=f"page-{endpoint}", caller=caller.name, via=caller.via, project=name,
                              build=build, outcome=said, status=response.status_code, seconds=seconds,
                              answer_sha256=digest, correlation_id=correlation)
        except OSError as problem:
            why = service.log.unwritable(root) or " ".join(str(problem).split())
            _LOG.error("decision not recorded, page withheld: %s", why)
            return _html(f"<!doctype html><meta charset=utf-8><title>Unavailable</title><p>{text(_unwritable(why))} "
                         "(the page is withheld)</p>", 503)
        if build:
            response.headers["X-Inforce-Build"] = build
        return response


def add_pages(app: FastAPI, service: Service) -> Pages:
    """Add the sign-in page, the pages under ``/ui/`` and their assets to ``app`` (none of them in
    the OpenAPI document: they are for people, the API is for programs)."""
    pages = Pages(service)
    app.state.pages = pages

    @app.exception_handler(_SignIn)
    async def _sign_in_first(request: Request, asked: _SignIn) -> Response:
        return RedirectResponse(f"/?next={quote(asked.next_path, safe='/')}", status_code=303)

    # ---- assets: the pages' one style sheet and one script (no data: no session needed) -------

    @app.get("/assets/pages.css", include_in_schema=False)
    async def pages_css() -> Response:
        return Response(PAGE_CSS, media_type="text/css; charset=utf-8",
                        headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    @app.get("/assets/pages.js", include_in_schema=False)
    async def pages_js() -> Response:
        return Response(PAGE_JS, media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    # ---- signing in and out ----------------------------------------------------------------

    def sign_in_page(request: Request, next_path: str, problem: str | None = None, status: int = 200) -> Response:
        """The sign-in form, its token for the browser's pre-session cookie (set here: ``SignIns``)."""
        cookie = pages.sign_ins.issue(request.cookies.get(SIGN_IN_COOKIE))
        error = f'<div class="error" role="alert" id="sign-in-error"><p>{text(problem)}</p></div>' if problem else ""
        body = (
            f"{error}<p>Sign in with the key your administrator gave you (<code>inforce serve --add-key</code>). "
            "The key stays on the server: your browser keeps only a session cookie.</p>"
            '<form class="stack" method="post" action="/">'
            f'<input type="hidden" name="sign_in" value="{pages.sign_ins.token(cookie)}">'
            f'<input type="hidden" name="next" value="{text(next_path)}">'
            '<label for="key">Key<input id="key" name="key" type="password" autocomplete="current-password" '
            'required></label><button type="submit">Sign in</button></form>'
        )
        answer = _html(page("Sign in", body), status)
        answer.set_cookie(SIGN_IN_COOKIE, cookie, httponly=True, samesite="strict", path="/",
                          secure=request.url.scheme == "https", max_age=int(pages.sign_ins.seconds))
        return answer

    def cross_site(request: Request) -> bool:
        """Whether the browser says the form was sent from another site's page: ``Sec-Fetch-Site``
        other than same-origin (or none: typed, a bookmark); where the browser sends none (plain
        HTTP to a host other than this machine), an ``Origin`` that is not this host (``Host``,
        or ``X-Forwarded-Host`` behind a proxy: no page can set either) — ``null`` included. A
        client that sends neither is judged by the token alone."""
        fetched = request.headers.get("sec-fetch-site")
        if fetched is not None:
            return fetched.strip().lower() not in ("same-origin", "none")
        origin = request.headers.get("origin")
        if origin is None:
            return False
        parsed = urlsplit(origin.strip())
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            return True  # "null" (a sandboxed or privacy-sensitive context), or no origin at all
        hosts = {request.headers.get("host", ""), *request.headers.get("x-forwarded-host", "").split(",")}
        return parsed.netloc.lower() not in {h.strip().lower() for h in hosts if h.strip()}

    def _next(value: str | None) -> str:
        """Where to go after signing in: a page of ours (``/ui/...``) of at most ``NEXT_MAX``
        characters, never another site, never a 100 KB ``Location`` header (audit 66 B L5):
        anything else is the pages' start, ``/ui/``; so is one with a dot segment (``/ui/../x``
        leaves the pages once a browser resolves it: audit 71 A F8) or an encoded one."""
        if (value and len(value) <= NEXT_MAX and value.startswith("/ui/") and "//" not in value and "\\" not in value
                and not {".", ".."} & set(value.split("?", 1)[0].split("/")) and "%" not in value.split("?", 1)[0]):
            return value
        return "/ui/"

    @app.get("/", include_in_schema=False)
    async def sign_in(request: Request) -> Response:
        _check_query(request, ("next",))  # a parameter is read or refused, never dropped (audit 80 A F1)
        if pages.sessions.find(request.cookies.get(COOKIE)) is not None:
            return RedirectResponse(_next(request.query_params.get("next")), status_code=303)
        return sign_in_page(request, _next(request.query_params.get("next")))

    @app.post("/", include_in_schema=False)
    async def signing_in(request: Request) -> Response:
        """Sign in: only from this server's own sign-in page (its token for the browser's
        pre-session cookie; never a form another site's page sent: audit OO-2), signed in or not."""
        if cross_site(request):
            return sign_in_page(request, "/ui/", "Sign in from this server's own sign-in page.", 403)
        form = await _form(request)
        next_path = _next(form.get("next"))
        if not pages.sign_ins.matches(request.cookies.get(SIGN_IN_COOKIE), form.get("sign_in")):
            return sign_in_page(request, next_path, "The sign-in form expired or is not this server's: "
                                "enter your key again.", 403)
        key = form.get("key", "")
        caller = service.keys.caller(key) if key else None
        if caller is None:
            return sign_in_page(request, next_path,
                                "That key is not one of this server's." if key else "Enter your key.", 401)
        if caller.proxy:
            return sign_in_page(request, next_path,
                                "A proxy's key names its users in a header; it cannot sign in here.", 401)
        session = pages.sessions.start(caller)
        answer = RedirectResponse(next_path, status_code=303)
        answer.set_cookie(COOKIE, session.id, httponly=True, samesite="strict", path="/",
                          secure=request.url.scheme == "https", max_age=pages.sessions.seconds)
        answer.delete_cookie(SIGN_IN_COOKIE, path="/", httponly=True, samesite="strict")
        return answer

    @app.post("/signout", include_in_schema=False)
    async def sign_out(request: Request) -> Response:
        session = pages.sessions.find(request.cookies.get(COOKIE))
        if session is not None:
            pages.guard(session, await _form(request))
            pages.sessions.end(session.id)
        answer = RedirectResponse("/", status_code=303)
        answer.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return answer

    # ---- the projects ------------------------------------------------------------------------

    @app.get("/ui/", include_in_schema=False)
    async def ui_projects(request: Request) -> Response:
        session = pages.session(request)
        try:
            _check_query(request, ())
        except _Failure as failed:
            return _html(page("Projects", _problem_html(failed.detail), pages.frame(session)), failed.status)
        names = [n for n in service.projects if session.caller.serves(n)]
        items = "".join(f'<li><a href="/ui/projects/{text(quote(n, safe=""))}">{text(n)}</a></li>' for n in names)
        body = f"<ul>{items}</ul>" if items else "<p>No project served here may be read with your key.</p>"
        return _html(page("Projects", body, pages.frame(session)))

    @app.get("/ui", include_in_schema=False)
    async def ui_root() -> Response:
        return RedirectResponse("/ui/", status_code=303)

    @app.get("/ui/projects/{name}", include_in_schema=False)
    async def ui_project(request: Request, name: str) -> Response:
        session, _ = pages.project_of(request, name)
        try:
            _check_query(request, ())
        except _Failure as failed:
            return _html(page(name, _problem_html(failed.detail), pages.frame(session, name)), failed.status)
        base = f"/ui/projects/{quote(name, safe='')}"
        body = (
            "<p>Look up a clause by its locator on a date.</p>"
            + _clause_form(name)
            + f'<ul><li><a href="{text(base)}/search">Search by locator or words, for a case</a></li>'
            f'<li><a href="{text(base)}/reviews">Review queue</a></li>'
            f'<li><a href="{text(base)}/sweeps">Sweeps: start one, follow it, open its report</a></li></ul>'
        )
        return _html(page(name, body, pages.frame(session, name)))

    @app.get("/ui/projects/{name}/clause", include_in_schema=False)
    async def ui_clause_lookup(request: Request, name: str) -> Response:
        """The clause form's target: the clause page of the locator typed (each field once; a
        parameter it does not read, or ``groups``, refused as every page refuses it)."""
        session, _ = pages.project_of(request, name)
        try:
            _check_query(request, ("locator", "valid_at", "known_at"))
        except _Failure as failed:
            return _html(page(name, _clause_form(name) + _problem_html(failed.detail), pages.frame(session, name)),
                         failed.status)
        locator = request.query_params.get("locator", "")
        query = {k: v for k in ("valid_at", "known_at") if (v := request.query_params.get(k))}
        url = f"/ui/projects/{quote(name, safe='')}/provisions/{quote(locator, safe='@')}"
        if query:
            url += "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in query.items())
        return RedirectResponse(url, status_code=303)

    # ---- a clause: the text in force and its timeline ----------------------------------------

    @app.get("/ui/projects/{name}/provisions/{locator:path}", include_in_schema=False)
    async def ui_provision(request: Request, name: str, locator: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            _check_query(request, ("valid_at", "known_at"))
            valid_at = _query_date(request.query_params.get("valid_at"), "valid_at")
            known_at = _query_moment(request.query_params.get("known_at"), "known_at")
            asked = _locator(locator, "locator")
            frame.valid_at = valid_at
            if valid_at is None:
                body = (_clause_form(name, locator) + '<p class="notice">Choose the date the question is about '
                        "(valid at): nothing is in force without one, and it is never taken to be today.</p>")
                return _html(page(f"{locator}", body, frame))
            # the API's asof and history, on one generation, with the key's groups
            (answer, history), build = await pages.ask(name, lambda project: (
                project.asof(asked, valid_at, known_at, groups=caller.groups),
                project.history(asked, groups=caller.groups)))
        except InputError as problem:
            failed = _failure(problem, "query")
            response = _html(page(locator, _clause_form(name, locator) + _problem_html(failed.detail), frame),
                             failed.status)
            return pages.logged(request, caller, name, "provision", build, failed.outcome, started, response)
        except _Failure as failed:
            response = _html(page(locator, _clause_form(name, locator) + _problem_html(failed.detail), frame),
                             failed.status)
            return pages.logged(request, caller, name, "provision", build, failed.outcome, started, response)
        refused = next((r for r in (answer, history) if isinstance(r, Refusal)), None)
        if refused is not None:
            response = _html(page(locator, _clause_form(name, locator, valid_at, known_at) + _refusal_html(refused),
                                  frame), 403)
            return pages.logged(request, caller, name, "provision", build, refused, started, response)
        body = _clause_page(name, answer, history, valid_at, known_at)
        response = _html(page(str(answer.locator), _clause_form(name, locator, valid_at, known_at) + body, frame))
        return pages.logged(request, caller, name, "provision", build, answer, started, response)

    # ---- a document: its supersession graph -------------------------------------------------

    @app.get("/ui/projects/{name}/documents/{document}", include_in_schema=False)
    async def ui_document(request: Request, name: str, document: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            _check_query(request, ("valid_at",))
            valid_at = _query_date(request.query_params.get("valid_at"), "valid_at")
            frame.valid_at = valid_at
            asked = _locator(document, "document")
            # the API's show, with the key's groups: the document, its revisions, the edges on it
            view, build = await pages.ask(name, lambda project: project.show(asked, groups=caller.groups))
        except InputError as problem:
            failed = _failure(problem, "query")
            response = _html(page(document, _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "document", build, failed.outcome, started, response)
        except _Failure as failed:
            response = _html(page(document, _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "document", build, failed.outcome, started, response)
        if isinstance(view, Refusal):
            response = _html(page(document, _refusal_html(view), frame), 403)
            return pages.logged(request, caller, name, "document", build, view, started, response)
        response = _html(page(f"{view.document.id}: {view.document.title}", _document_page(name, view, valid_at), frame))
        return pages.logged(request, caller, name, "document", build, "answer", started, response)

    # ---- the review queue ---------------------------------------------------------------------

    @app.get("/ui/projects/{name}/reviews", include_in_schema=False)
    async def ui_reviews(request: Request, name: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None

        def work(project: Project) -> tuple[AddendaReadings, dict[str, str | None], dict[str, str]]:
            # the API's review listing and, beside each proposal, its target as the API's show gives it
            # and the digest of the item's words shown (sent back with the decision: audit MM3-1)
            # (every target's text in one call, through show's gate: ``Project.show_texts``)
            readings = project.readings(groups=caller.groups)
            digests: dict[str, str] = {}
            for proposal in readings.proposed:
                if str(proposal.item) not in digests:
                    digests[str(proposal.item)] = project.review_digest(proposal.item, groups=caller.groups)
            shown = project.show_texts([str(p.target) for p in readings.proposed], groups=caller.groups)
            targets: dict[str, str | None] = dict(shown.texts)  # one refused or missing: no text shown
            return readings, targets, digests

        try:
            _check_query(request, ("done",))
            if request.query_params.get("done", "accept") not in ("accept", "reject"):
                raise _Failure(422, [{"loc": ["query", "done"], "msg": "one of accept, reject", "type": "enum"}])
            (readings, targets, digests), build = await pages.ask(name, work)
        except _Failure as failed:
            response = _html(page("Review queue", _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "reviews", build, failed.outcome, started, response)
        done = request.query_params.get("done")
        queued = pages.ingests.get(name)
        body = _reviews_page(name, readings, targets, digests, frame, decides=caller.may("reviewer"), done=done,
                             ingest=queued.shown(caller, service.warm(name).root, name) if queued else None)
        response = _html(page("Review queue", body, frame))
        return pages.logged(request, caller, name, "reviews", build, "answer", started, response)

    @app.post("/ui/projects/{name}/reviews", include_in_schema=False)
    async def ui_review(request: Request, name: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            form = await _form(request)
            pages.guard(session, form)
            if not caller.may("reviewer"):  # the API's rule for the API's decision (``Caller.may``)
                raise _Failure(403, "deciding a proposal needs a reviewer or admin key")
            _read_only(form, _REVIEW_FIELDS)
            try:
                asked = ReviewRequest(item=form.get("item", ""), decision=form.get("decision", ""),  # type: ignore[arg-type]
                                      target=form.get("target") or None, scope=form.get("scope") or None,  # type: ignore[arg-type]
                                      note=form.get("note") or None, digest=form.get("digest") or None)
            except ValidationError as invalid:
                raise _Failure(422, [{"loc": ["form", *p["loc"]], "msg": p["msg"], "type": p["type"]}
                                     for p in invalid.errors()]) from None
            # the API's review, under the key's name: reviews.yaml written as `inforce review` writes it
            decided, build = await pages.ask(name, lambda project: project.review(
                asked.item, asked.decision, by=caller.name, target=asked.target, scope=asked.scope,
                note=asked.note, groups=caller.groups, digest=asked.digest))
        except _Failure as failed:
            response = _html(page("Review queue", _problem_html(failed.detail)
                                  + f'<p><a href="/ui/projects/{text(quote(name, safe=""))}/reviews">Back to the '
                                  "queue</a></p>", frame), failed.status)
            return pages.logged(request, caller, name, "review", build, failed.outcome, started, response)
        if isinstance(decided, Refusal):
            response = _html(page("Review queue", _refusal_html(decided), frame), 403)
            return pages.logged(request, caller, name, "review", build, decided, started, response)
        pages.queue_ingest(name, caller)
        response = RedirectResponse(f"/ui/projects/{quote(name, safe='')}/reviews?done={decided.decision}",
                                    status_code=303)
        return pages.logged(request, caller, name, "review", build, decided.decision, started, response)

    # ---- search: a locator opens its clause page; words are the API's resolve ------------------

    @app.get("/ui/projects/{name}/search", include_in_schema=False)
    async def ui_search(request: Request, name: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        typed = {field: request.query_params.get(field, "") for field in _SEARCH_FIELDS}
        form = _search_form(name, typed)
        try:
            _check_query(request, _SEARCH_FIELDS)
            if not typed["q"]:
                return _html(page("Search", form + _SEARCH_HELP, frame))
            # a field left blank is a field not given (the header's box sends an empty date)
            valid_at = _query_date(typed["valid_at"] or None, "valid_at")
            known_at = _query_moment(typed["known_at"] or None, "known_at")
            frame.valid_at = valid_at
            locator = _typed_locator(typed["q"])
            if locator is not None and (locator.path is not None or locator.rev is not None):
                return RedirectResponse(provision_url(name, locator, valid_at, known_at), status_code=303)
            try:  # the API's body, so the question, the case and k are read as the API reads them
                asked = ResolveRequest.model_validate({
                    "question": typed["q"], "valid_at": valid_at, "known_at": known_at,
                    "attributes": _case(typed["case"]), **({"k": typed["k"]} if typed["k"] else {})})
            except ValidationError as invalid:
                raise _Failure(422, [{"loc": ["query", *_search_loc(p["loc"])], "msg": p["msg"], "type": p["type"]}
                                     for p in invalid.errors()]) from None
            # the API's resolve: the case with the key's groups
            case = Context(valid_at=asked.valid_at, known_at=asked.known_at, groups=caller.groups,
                           attributes=asked.attributes)
            result, build = await pages.ask(name, lambda project: project.resolve(asked.question, case, k=asked.k))
        except InputError as problem:
            failed = _failure(problem, "query")
            response = _html(page("Search", form + _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "search", build, failed.outcome, started, response)
        except _Failure as failed:
            response = _html(page("Search", form + _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "search", build, failed.outcome, started, response)
        if isinstance(result, Refusal):
            response = _html(page("Search", form + _refusal_html(result), frame), 403)
            return pages.logged(request, caller, name, "search", build, result, started, response)
        # one word written as document ids are (letters and a number: SPEC-033000) is offered as one too
        named = locator if locator is not None and any(c.isdigit() for c in locator.doc) else None
        response = _html(page("Search", form + _search_page(name, result, named), frame))
        return pages.logged(request, caller, name, "search", build, result, started, response)

    # ---- sweeps: the API's jobs, this key's alone ---------------------------------------------

    def sweeps_url(name: str, job_id: str | None = None) -> str:
        base = f"/ui/projects/{quote(name, safe='')}/sweeps"
        return f"{base}/{quote(job_id, safe='')}" if job_id else base

    def sweep_error(name: str, frame: Frame, failed: _Failure, title: str = "Sweeps",
                    job_id: str | None = None) -> Response:
        back = (f'<p><a href="{text(sweeps_url(name, job_id))}">Back to the sweep</a></p>' if job_id
                else f'<p><a href="{text(sweeps_url(name))}">Back to the sweeps</a></p>')
        return _html(page(title, _problem_html(failed.detail) + back, frame), failed.status)

    @app.get("/ui/projects/{name}/sweeps", include_in_schema=False)
    async def ui_sweeps(request: Request, name: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        try:
            _check_query(request, ())
        except _Failure as failed:
            return pages.logged(request, caller, name, "sweeps", None, failed.outcome, started,
                                sweep_error(name, frame, failed))
        jobs = service.sweeps.of(name, caller.name)  # the API's rule: a key sees the sweeps it started
        response = _html(page("Sweeps", _sweeps_page(name, jobs, frame), frame))
        return pages.logged(request, caller, name, "sweeps", None, "answer", started, response)

    @app.post("/ui/projects/{name}/sweeps", include_in_schema=False)
    async def ui_sweep_start(request: Request, name: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            form = await _form(request)
            pages.guard(session, form)
            asked = _sweep_request(form)
            # the API's sweep job (``Service.start_sweep``), on the newest generation, with the key's groups
            job, build = await pages.ask(name, lambda project: service.start_sweep(project, name, caller, asked))
        except _Failure as failed:
            response = _html(page("Sweeps", _problem_html(failed.detail) + _sweep_form(frame), frame), failed.status)
            return pages.logged(request, caller, name, "sweep-start", build, failed.outcome, started, response)
        if isinstance(job, Refusal):
            response = _html(page("Sweeps", _refusal_html(job), frame), 403)
            return pages.logged(request, caller, name, "sweep-start", build, job, started, response)
        response = RedirectResponse(sweeps_url(name, job.id), status_code=303)
        return pages.logged(request, caller, name, "sweep-start", job.index_build, job.status(), started, response)

    @app.get("/ui/projects/{name}/sweeps/{job_id}", include_in_schema=False)
    async def ui_sweep(request: Request, name: str, job_id: str) -> Response:
        """A sweep's state and progress (reloaded by the page's script while it runs): like the
        API's status route, no decision line (a report or draft shown has one)."""
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        try:
            _check_query(request, ())
            job = service.sweep_job(name, caller, job_id)
        except _Failure as failed:
            return sweep_error(name, frame, failed, "Sweep")
        return _html(page(f"Sweep {job.id}", _sweep_page(name, job, frame), frame),
                     headers={"X-Inforce-Build": job.index_build})

    @app.post("/ui/projects/{name}/sweeps/{job_id}/cancel", include_in_schema=False)
    async def ui_sweep_cancel(request: Request, name: str, job_id: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        try:
            pages.guard(session, await _form(request))
            job = service.sweep_job(name, caller, job_id)
        except _Failure as failed:
            return pages.logged(request, caller, name, "sweep-cancel", None, failed.outcome, started,
                                sweep_error(name, frame, failed, "Sweep", job_id))
        job.cancel.set()  # the API's cancel: it stops at its next step
        response = RedirectResponse(sweeps_url(name, job.id), status_code=303)
        return pages.logged(request, caller, name, "sweep-cancel", job.index_build, job.status(), started, response)

    def finished(name: str, caller: Caller, job_id: str) -> SweepJob:
        """The caller's sweep, once its report exists: 410 when an erasure dropped it, 409 while
        it runs or when it ended without one (as the API's report route)."""
        job = service.sweep_job(name, caller, job_id)
        if job.state == "erased" or job.erased is not None:
            raise _Failure(410, f"the sweep's report is gone: {job.error}", outcome="erased")
        if job.state != "done":
            raise _Failure(409, f"the sweep is {job.state}: its report exists once it is done")
        return job

    @app.get("/ui/projects/{name}/sweeps/{job_id}/report", include_in_schema=False)
    async def ui_sweep_report(request: Request, name: str, job_id: str) -> Response:
        """The sweep's report as the API renders it: HTML (the one self-contained page, under its
        own policy: inline style and script, nothing else), or Markdown, SARIF, JSON to save."""
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            _check_query(request, ("format",))
            fmt = request.query_params.get("format", "html")
            if fmt not in _MEDIA:
                raise _Failure(422, [{"loc": ["query", "format"], "type": "literal_error",
                                      "msg": f"one of {', '.join(_MEDIA)}"}])
            job = finished(name, caller, job_id)
            build = job.index_build
            rendered = await asyncio.to_thread(render, job.outcome.report, fmt)
        except _Failure as failed:
            return pages.logged(request, caller, name, "sweep-report", build, failed.outcome, started,
                                sweep_error(name, frame, failed, "Sweep report", job_id))
        if fmt == "html":
            headers = REPORT_HEADERS
        else:
            headers = {**_DOWNLOAD_HEADERS,
                       "Content-Disposition": f'attachment; filename="sweep-{job.id}.{_EXTENSIONS[fmt]}"'}
        response = Response(rendered, media_type=_MEDIA[fmt], headers=headers)
        return pages.logged(request, caller, name, "sweep-report", build, f"report_{fmt}", started, response)

    @app.get("/ui/projects/{name}/sweeps/{job_id}/rfis", include_in_schema=False)
    async def ui_sweep_rfis(request: Request, name: str, job_id: str) -> Response:
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            _check_query(request, ())
            job = finished(name, caller, job_id)
            build = job.index_build
        except _Failure as failed:
            return pages.logged(request, caller, name, "sweep-rfis", build, failed.outcome, started,
                                sweep_error(name, frame, failed, "RFI drafts", job_id))
        response = _html(page(f"RFI drafts of sweep {job.id}", _rfis_page(name, job, sweeps_url(name, job.id)),
                              frame))
        return pages.logged(request, caller, name, "sweep-rfis", build, "answer", started, response)

    @app.get("/ui/projects/{name}/sweeps/{job_id}/rfis/{finding}", include_in_schema=False)
    async def ui_sweep_rfi(request: Request, name: str, job_id: str, finding: str) -> Response:
        """One RFI draft, the file ``inforce sweep --rfi-dir`` writes (``RFI-<finding id>.md``)."""
        started = time.perf_counter()
        session, caller = pages.project_of(request, name)
        frame = pages.frame(session, name)
        build: str | None = None
        try:
            _check_query(request, ())
            job = finished(name, caller, job_id)
            build = job.index_build
            draft = next((f for f in drafted(job.outcome.report) if f.id == finding), None)
            if draft is None:
                raise _Failure(404, f"no RFI draft of a finding {finding!r} in this sweep", outcome="not_found")
        except _Failure as failed:
            return pages.logged(request, caller, name, "sweep-rfi", build, failed.outcome, started,
                                sweep_error(name, frame, failed, "RFI draft", job_id))
        response = Response(draft.rfi or "", media_type="text/markdown; charset=utf-8", headers={
            **_DOWNLOAD_HEADERS, "Content-Disposition": f'attachment; filename="{rfi_filename(draft.id)}"'})
        return pages.logged(request, caller, name, "sweep-rfi", build, "answer", started, response)

    return pages


def _evidence(proposal: ProposedEdge) -> str:
    evidence = proposal.evidence
    rows = [("Reference", text(evidence.reference)),
            ("Score", text(f"{evidence.reference_score:.2f}") if evidence.reference_score is not None else "—"),
            ("Resolved by", text(evidence.resolved_by or "—")), ("Action read", text(evidence.action or "—")),
            ("Change", text(evidence.change or "—")), ("Rule", text(proposal.rule)),
            ("Where", text(f"{proposal.file}:{proposal.line}" if proposal.line else proposal.file)),
            ("Why proposed", text(evidence.why))]
    if evidence.similarity is not None:
        rows.insert(2, ("Similarity", text(f"{evidence.similarity:.2f}")))
    return dl(rows)


def _reviews_page(name: str, readings: AddendaReadings, targets: dict[str, str | None], digests: dict[str, str],
                  frame: Frame, *,
                  decides: bool, done: str | None, ingest: str | None) -> str:
    parts: list[str] = []
    if done in ("accept", "reject"):
        parts.append(f'<p class="notice" role="status">Your decision is recorded in reviews.yaml '
                     f'({"accepted" if done == "accept" else "rejected"}); an ingest is queued to apply it.</p>')
    if ingest:  # HTML already: ``QueuedIngest.shown``, for this viewer
        parts.append(ingest)
    if not decides:
        parts.append('<p class="notice">Read only: deciding a proposal needs a reviewer or admin key.</p>')
    accepted, rejected = readings.decided()
    parts.append(f"<p>{len(readings.proposed)} proposal(s) pending; reviews.yaml: {accepted} accepted, {rejected} rejected"
                 + (f"; {len(readings.awaiting_ingest)} accepted awaiting the next ingest" if readings.awaiting_ingest
                    else "") + ".</p>")
    if readings.withheld:
        parts.append(f'<p class="notice">{len(readings.withheld)} document(s) you may not read are left out.</p>')
    for number, proposal in enumerate(readings.proposed):
        target_text = targets.get(str(proposal.target))
        verb = "deletes" if not proposal.successor else "amends" if proposal.scope == "partial" else "replaces"
        item_link = locator_link(name, proposal.item)
        target_link = locator_link(name, proposal.target)
        form = ""
        if decides:
            form = (
                f'<form class="stack" method="post" action="/ui/projects/{text(quote(name, safe=""))}/reviews">'
                f'{frame.csrf_field()}<input type="hidden" name="item" value="{text(proposal.item)}">'
                f'<input type="hidden" name="target" value="{text(proposal.target)}">'
                f'<input type="hidden" name="digest" value="{text(digests[str(proposal.item)])}">'
                f'<label for="note-{number}">Note (why; recorded with your name)'
                f'<input type="text" id="note-{number}" name="note" maxlength="{REVIEW_NOTE_MAX}"></label>'
                f'<div><button type="submit" name="decision" value="accept">Accept {text(proposal.item)}</button> '
                f'<button type="submit" name="decision" value="reject">Reject {text(proposal.item)}</button></div></form>')
        parts.append(
            f'<article class="proposal" id="proposal-{number}"><h2>{item_link} {text(verb)} {target_link} '
            f"({text(proposal.scope)})</h2>"
            '<div class="cards"><section class="card"><h3>The item says</h3>'
            f'<div class="clause">{text(proposal.words)}</div></section>'
            '<section class="card"><h3>The target reads</h3>'
            + (f'<div class="clause">{text(target_text)}</div>' if target_text is not None
               else '<p class="notice">No text is stored for this target.</p>')
            + f"</section></div><h3>Evidence</h3>{_evidence(proposal)}{form}</article>")
    if readings.reviewed:
        parts.append("<h2>Decided</h2>" + table("reviews.yaml", ("item", "target", "decision", "by", "at", "note"), (
            (locator_link(name, r.item), locator_link(name, r.target), text(r.decision), text(r.by), text(r.at),
             text(r.note or "—")) for r in readings.reviewed), cls="reviewed"))
    return "".join(parts)


def _document_page(name: str, view: ProvisionView, valid_at: dt.date | None) -> str:
    """A document's facts, its revisions, and the edges on its provisions as a picture and a table."""
    def link(locator: str) -> str:
        return provision_url(name, locator, valid_at)

    shown = view.document
    facts = dl([("Document", f"<code>{text(shown.id)}</code>"), ("Kind", text(shown.kind)),
                ("Revision shown", text(shown.revision)), ("Effective", text(shown.effective)),
                ("Recorded", text(shown.recorded or "—")), ("Index build", f"<code>{text(view.index_build)}</code>")])
    revisions = table("Revisions", ("revision", "effective", "recorded", "changed"), (
        (text(r.revision), text(r.effective), text(r.recorded or "—"), "yes" if r.changed else "no")
        for r in view.revisions))
    edges = view.edges
    withheld = len(view.withheld)
    picture = (graph_svg(edges, withheld, link) if edges or withheld
               else '<p class="notice">No addendum or later revision replaces, amends or deletes any part of it.</p>')
    rows = [(
        locator_link(name, e.by or e.source, valid_at), text(edge_verb(e)), locator_link(name, e.target, valid_at),
        text(e.scope), text(e.effective), text(e.origin),
        text(f"{e.review.by}, {e.review.at}" + (f": {e.review.note}" if e.review.note else "")) if e.review else "—",
    ) for e in edges]
    if withheld:
        rows.append(("withheld", "—", "—", "—", "—", "—", "—"))
    listed = table("Edges: what acts on what", ("by", "does", "target", "scope", "effective", "origin", "review"),
                   rows, cls="edges", empty="no edges")
    dated = (f'<form class="ask" method="get"><label for="doc-valid-at">Links open clauses on'
             f'<input id="doc-valid-at" name="valid_at" type="date" value="{text(valid_at or "")}"></label>'
             '<button type="submit">Set date</button></form>')
    return (facts + dated + "<h2>Supersession graph</h2>" + f'<figure class="graph">{picture}'
            "<figcaption>Arrows run from what acts to what it acts on; dashed: amends, red: deletes. "
            "Hover an arrow for its origin (declared, a rule's id, a review).</figcaption></figure>"
            + listed + "<h2>Revisions</h2>" + revisions)


def _clause_form(name: str, locator: str = "", valid_at: dt.date | None = None,
                 known_at: dt.datetime | None = None) -> str:
    """The form asking for a clause on a date (GET: a link can be shared)."""
    known = known_at.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if known_at else ""
    return (
        f'<form class="ask" method="get" action="/ui/projects/{text(quote(name, safe=""))}/clause">'
        f'<label for="ask-locator">Locator<input id="ask-locator" name="locator" value="{text(locator)}" '
        'required placeholder="SPEC-033000#2.1.A"></label>'
        f'<label for="ask-valid-at">Valid at<input id="ask-valid-at" name="valid_at" type="date" '
        f'value="{text(valid_at.isoformat() if valid_at else "")}" required></label>'
        f'<label for="ask-known-at">Known at (optional)<input id="ask-known-at" name="known_at" '
        f'value="{text(known)}" placeholder="YYYY-MM-DD or …T…Z"></label>'
        '<button type="submit">Show</button></form>'
    )


def _marked_text(name: str, answer: AsOfAnswer, valid_at: dt.date, known_at: dt.datetime | None) -> str:
    """The consolidated text, each replaced, deleted or amended part marked where the engine says
    it stands (``AsOfAnswer.marks``) and linked to what replaced it."""
    body = answer.text or ""
    out: list[str] = []
    at = 0
    for mark in sorted(answer.marks, key=lambda m: m.start):
        if mark.start < at:
            continue
        out.append(text(body[at:mark.start]))
        links = " ".join(locator_link(name, by, valid_at, known_at) for by in mark.by)
        withheld = ", ".join(f"{text(doc)} (withheld)" for doc in mark.withheld)
        state = "" if mark.in_force else " lapsed"
        verb = {"replaced": "Replaced by", "deleted": "Deleted by", "amended": "Amended by"}[mark.kind]
        note = f'<span class="by">{verb} {" ".join(x for x in (links, withheld) if x)}</span>'
        out.append(f'<mark class="{mark.kind}{state}" data-path="{text(mark.path)}">{text(body[mark.start:mark.end])}'
                   f"</mark> {note}")
        at = mark.end
    out.append(text(body[at:]))
    return "".join(out)


def _clause_page(name: str, answer: AsOfAnswer, history: History, valid_at: dt.date,
                 known_at: dt.datetime | None) -> str:
    def link(locator: Any) -> str:
        return locator_link(name, locator, valid_at, known_at)

    known = f", as known at {known_at.strftime('%Y-%m-%d %H:%M UTC')}" if known_at else " (everything recorded)"
    if answer.in_force:
        status = f'<p class="status in-force"><strong>In force</strong> on {text(valid_at)}{text(known)}.</p>'
    else:
        reason = (answer.reason or "not in force").replace("_", " ")
        instead = ""
        if answer.resolved is not None:
            instead = f" In force instead: {link(answer.resolved)}."
        elif answer.successors:
            instead = " Replaced by " + ", ".join(link(s) for s in answer.successors) + "."
        status = (f'<p class="status not-in-force"><strong>Not in force</strong> on {text(valid_at)}{text(known)}: '
                  f"{text(reason)}.{instead}</p>")
    document = f"/ui/projects/{quote(name, safe='')}/documents/{quote(answer.locator.doc, safe='')}"
    rows = [("Locator", f"<code>{text(answer.locator)}</code>"),
            ("Document", f'<a href="{text(document)}?valid_at={text(valid_at)}">{text(answer.locator.doc)}: '
                         "its supersession graph</a>")]
    if answer.description:
        rows.append(("What it is", text(answer.description)))
    if answer.resolved is not None:
        rows.append(("In-force version", link(answer.resolved)))
    if answer.amended_by:
        rows.append(("Amended by", ", ".join(link(a) for a in answer.amended_by)))
    if answer.detail:
        rows.append(("Why", text(answer.detail)))
    if answer.valid_at_source != "valid_at":
        rows.append(("Date from", text(answer.valid_at_source)))
    if answer.withheld:
        rows.append(("Withheld", text(", ".join(answer.withheld)) + " (documents you may not read)"))
    rows.append(("Index build", f"<code>{text(answer.index_build)}</code>"))
    heading = "Text in force" if answer.in_force or answer.resolved is None else "Text in force instead"
    clause = (f'<div class="clause" id="clause-text">{_marked_text(name, answer, valid_at, known_at)}</div>'
              if answer.text is not None else '<p class="notice">No text is in force for this locator on this date.</p>')
    chain = table("How the answer was reached", ("step", "kind", "effective", "recorded", "origin", "on"), (
        (link(s.locator), text(s.kind.replace("_", " ")), text(s.effective),
         text(s.recorded.strftime("%Y-%m-%d %H:%M UTC") if s.recorded else "—"),
         text(s.origin) + (f" (accepted by {text(s.review.by)})" if s.review is not None else ""),
         text(s.target or "—") + (f" ({text(s.scope)})" if s.scope else ""))
        for s in answer.chain), cls="chain")
    return (
        status + dl(rows)
        + f"<h2>{heading}</h2>{clause}"
        + "<h2>Timeline</h2>" + _timeline(name, history, valid_at, known_at)
        + "<h2>Why</h2>" + chain
    )


def _timeline(name: str, history: History, valid_at: dt.date, known_at: dt.datetime | None) -> str:
    svg = timeline_svg(history, valid_at, known_at, lambda entry: provision_url(name, entry.locator, valid_at, known_at))
    legend = ('<ul class="legend" aria-label="Legend"><li>solid: a version of the clause</li>'
              "<li>light: an addendum item acting on it</li><li>red: a deletion</li><li>yellow: an amendment</li>"
              "<li>dashed grey: lapsed, or withheld</li><li>arrow: still applies</li></ul>")
    rows = []
    for entry in history.versions:
        until = entry.applied_until or entry.effective_until
        stopped = (entry.stopped or "").replace("_", " ")
        if entry.stopped_by is not None:
            stopped += f" by {entry.stopped_by}"
        rows.append((
            locator_link(name, entry.locator, valid_at, known_at),
            text(bar_label(entry)), text(entry.kind.replace("_", " ")), text(entry.origin),
            text(entry.effective_from), text(until or "still applies"), text(stopped or "—"),
            text(entry.recorded.strftime("%Y-%m-%d %H:%M UTC") if entry.recorded else "not known"),
        ))
    if history.withheld:
        rows.append(("withheld", "withheld", "—", "—", "—", "—", "—", "—"))
    versions = table("Every version, on both clocks", ("version", "bar", "kind", "origin", "effective from",
                                                       "until", "stopped", "recorded"), rows, cls="versions",
                     versions=True)
    described = "".join(f"<li>{text(bar_title(e))}</li>" for e in history.versions)
    return (f'<figure class="timeline">{svg}<figcaption>{legend}</figcaption></figure>{versions}'
            f'<details><summary>Each bar described</summary><ul>{described}</ul></details>')


# ---- search ------------------------------------------------------------------------------------

#: the search form's fields: the locator or words, the dates, the case, how many provisions
_SEARCH_FIELDS = ("q", "valid_at", "known_at", "case", "k")
#: the API body's fields as the form names them
_SEARCH_NAMES = {"question": "q", "attributes": "case"}

_SEARCH_HELP = (
    '<p>Type a locator (<code>SPEC-033000#2.1.A</code>, <code>ADD-02@0#1.3</code>) to open its clause page on '
    "the date, or words to find the provisions that govern them for the case: those in force on the date, "
    "in documents that apply to the case and that you may read, most relevant first (the API's "
    "<code>resolve</code>).</p>"
)


def _search_loc(loc: Any) -> list[Any]:
    """A problem's place in the API's body (``question``, ``attributes``) as the form names it."""
    parts = list(loc)
    if parts and parts[0] in _SEARCH_NAMES:
        parts[0] = _SEARCH_NAMES[parts[0]]
    return parts


def _typed_locator(typed: str) -> Locator | None:
    """The locator the search box holds, when what was typed reads as one (else words)."""
    try:
        return Locator.parse(typed)
    except InputError:
        return None


def _case(typed: str) -> dict[str, Any]:
    """The case attributes typed ``name=value; name=value``, each value read as the CLI's
    ``--context`` reads it (true, false, a date YYYY-MM-DD, unknown, or the text); an
    InputError at ``case`` for a pair that is not one or an attribute given twice."""
    pairs = [pair for pair in typed.split(";") if pair.strip()]
    try:
        return {name: parse_case_value(value) for name, value in parse_context_pairs(pairs).items()}
    except InputError as problem:
        raise InputError(problem.message, field="case", hint="name=value pairs separated by ';', each name "
                         "once, e.g. market=UK; public_funding=true") from None


def _search_form(name: str, typed: dict[str, str]) -> str:
    """The whole search form (GET: a search can be shared as a link)."""
    return (
        f'<form class="ask" method="get" action="/ui/projects/{text(quote(name, safe=""))}/search">'
        f'<label for="search-q">Locator or words<input id="search-q" name="q" type="search" maxlength="2000" '
        f'value="{text(typed.get("q", ""))}" required placeholder="SPEC-033000#2.1.A or words"></label>'
        f'<label for="search-valid-at">Valid at<input id="search-valid-at" name="valid_at" type="date" '
        f'value="{text(typed.get("valid_at", ""))}"></label>'
        f'<label for="search-known-at">Known at (optional)<input id="search-known-at" name="known_at" '
        f'value="{text(typed.get("known_at", ""))}" placeholder="YYYY-MM-DD or …T…Z"></label>'
        f'<label for="search-case">Case (name=value; …)<input id="search-case" name="case" maxlength="2000" '
        f'value="{text(typed.get("case", ""))}" placeholder="market=UK; public_funding=true"></label>'
        f'<label for="search-k">How many<input id="search-k" name="k" type="number" min="1" max="200" '
        f'value="{text(typed.get("k", ""))}" placeholder="10"></label>'
        '<button type="submit">Search</button></form>'
    )


def _clipped(words: str, most: int = 600) -> str:
    return words if len(words) <= most else words[:most].rstrip() + " …"


def _search_page(name: str, result: ResolveResult, typed: Locator | None) -> str:
    """What ``resolve`` answered: the governing provisions linked to their clause pages on the
    date it answered for, or why there are none (the case to complete, a refusal)."""
    valid_at = result.valid_at
    known_at = result.known_at

    def link(locator: Any) -> str:
        return locator_link(name, locator, valid_at, known_at)

    when = f"on {valid_at.isoformat()}"
    if result.valid_at_source != "valid_at":
        when += f" (the date from {result.valid_at_source.replace('_', ' ')})"
    if known_at is not None:
        when += f", as known at {known_at.strftime('%Y-%m-%d %H:%M UTC')}"
    parts: list[str] = []
    if typed is not None:  # one word that reads as a document id: its pages too
        doc = quote(typed.doc, safe="")
        parts.append(f'<p class="notice">{text(typed.doc)} reads as a document id: open '
                     f'<a href="{text(provision_url(name, typed, valid_at, known_at))}">its text on the date</a> or '
                     f'<a href="/ui/projects/{text(quote(name, safe=""))}/documents/{text(doc)}?valid_at='
                     f'{text(valid_at.isoformat())}">its supersession graph</a>; below, the words searched.</p>')
    if result.outcome == "answer":
        parts.append(f'<p class="status in-force"><strong>{len(result.provisions)} provision(s)</strong> govern '
                     f"“{text(result.question)}” {text(when)}: each in force, most relevant first.</p>")
    elif result.outcome == "clarification_request":
        missing = ", ".join(f"<code>{text(a)}</code>" for a in result.unstated_attributes)
        said = [f"<p><strong>The case is not complete</strong> {text(when)}: which documents apply depends on "
                + (f"{missing}, which it does not state." if missing else "values no rule accepts.") + "</p>"]
        said += [f"<p><code>{text(u.attribute)}={text(u.value)}</code>: no rule accepts it; they accept "
                 f"{text(', '.join(u.known) or 'no value')}.</p>" for u in result.unmatched_values]
        said.append("<p>Add them to the case (<code>name=value; …</code>) and search again.</p>")
        parts.append('<div class="notice" role="status">' + "".join(said) + "</div>")
    else:
        reason = (result.reason or result.outcome).replace("_", " ")
        parts.append(f'<p class="status not-in-force"><strong>No provision governs</strong> {text(when)}: '
                     f"{text(reason)}.</p>")
    if result.conditional_on:
        parts.append(f'<p class="notice">The answer holds only if the case states '
                     f"{text(', '.join(result.conditional_on))} as assumed.</p>")
    items = []
    for provision in result.provisions:
        said = [f"<h2>{link(provision.locator)} {text(provision.title)}</h2>"]
        if provision.heading and provision.heading not in provision.text:
            said.append(f'<p class="meta-line">{text(provision.heading)}</p>')
        if provision.description:
            said.append(f'<p class="meta-line">{text(provision.description)}</p>')
        said.append(f'<div class="clause">{text(_clipped(provision.text))}</div>')
        extra = [f"score {provision.score:.3f}"]
        if provision.page is not None:
            extra.append(f"page {provision.page}")
        said.append(f'<p class="meta-line">{text("; ".join(extra))}'
                    + ("; replaces " + ", ".join(link(r) for r in provision.replaces) if provision.replaces else "")
                    + "</p>")
        if provision.qualifiers:
            said.append("<p>Qualified by: " + "; ".join(
                f"{link(q.locator)} ({text(q.words)})" for q in provision.qualifiers) + "</p>")
        items.append("<li>" + "".join(said) + "</li>")
    if items:
        parts.append('<ol class="results">' + "".join(items) + "</ol>")
    notes = []
    if result.excluded_total:
        by_reason = ", ".join(f"{count} {reason.replace('_', ' ')}" for reason, count in
                              sorted(result.excluded_by_reason.items()))
        notes.append(f"{result.excluded_total} document(s) do not apply to the case" +
                     (f" ({by_reason})" if by_reason else ""))
    if result.withheld:
        notes.append(f"{len(result.withheld)} document(s) you may not read are left out")
    for source, why in sorted(result.retrieval.skipped.items()):
        notes.append(f"{source.replace('_', ' ')} search not run: {why}")
    notes.append(f"index build {result.index_build}")
    parts.append('<ul class="legend">' + "".join(f"<li>{text(n)}</li>" for n in notes) + "</ul>")
    return "".join(parts)


# ---- sweeps ------------------------------------------------------------------------------------

#: the review form's fields: the API's body (``ReviewRequest``), and the form's token
_REVIEW_FIELDS = frozenset({"csrf", *ReviewRequest.model_fields})
#: the sweeps form's fields (and its token)
_SWEEP_FIELDS = frozenset({"csrf", "valid_at", "known_at", "fail_on", "include_superseded"})
#: a report's HTML under its own policy (``adapters.report.html``: inline style and script, nothing
#: else), sent as a header too, with what the pages' headers add — and sandboxed (``app.REPORT_POLICY``)
REPORT_HEADERS = {**PAGE_HEADERS, "Content-Security-Policy": REPORT_POLICY}
#: a report or draft to save (never shown inline: no page of ours runs it)
_DOWNLOAD_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
                     "Referrer-Policy": "no-referrer", "Content-Security-Policy": "default-src 'none'; sandbox"}
_EXTENSIONS = {"json": "json", "sarif": "sarif", "md": "md", "html": "html"}


def _read_only(form: dict[str, str], fields: frozenset[str]) -> None:
    """A page form's fields are ``fields`` (with its token): ``groups`` is the API's 400 (they
    come from the key), any other field 422 ``extra_forbidden`` at it, as the API's bodies answer
    a field they do not read. The one rule of every form that changes something: a field sent is
    read or refused, never dropped (audit 71 A F2: the review form dropped ``scope``)."""
    unknown = sorted(set(form) - fields - {"groups"})
    if "groups" in form:
        _no_groups([form["groups"]] if form["groups"].strip() else [])
    if unknown:
        raise _Failure(422, [{"loc": ["form", field], "msg": "unknown field", "type": "extra_forbidden"}
                             for field in unknown])


def _sweep_request(form: dict[str, str]) -> SweepRequest:
    """The start form as the API's body (``SweepRequest``): dates read as the API reads them,
    a field left blank a field not given; 422 at each field that does not read."""
    _read_only(form, _SWEEP_FIELDS)
    try:
        valid_at = _query_date(form.get("valid_at") or None, "valid_at")
        known_at = _query_moment(form.get("known_at") or None, "known_at")
    except InputError as problem:
        raise _failure(problem, "form") from None
    if valid_at is None:
        raise _Failure(422, [{"loc": ["form", "valid_at"], "type": "missing",
                              "msg": "the date the sweep is about: nothing is in force without one"}])
    try:
        return SweepRequest.model_validate({
            "valid_at": valid_at, "known_at": known_at, "fail_on": form.get("fail_on") or "escalate",
            "include_superseded": form_flag(form, "include_superseded")})
    except ValidationError as invalid:
        raise _Failure(422, [{"loc": ["form", *p["loc"]], "msg": p["msg"], "type": p["type"]}
                             for p in invalid.errors()]) from None


def _sweep_form(frame: Frame) -> str:
    """The form starting a sweep (POST, with the session's token)."""
    action = f"/ui/projects/{quote(frame.project or '', safe='')}/sweeps"
    return (
        f'<form class="stack" method="post" action="{text(action)}">{frame.csrf_field()}'
        '<label for="sweep-valid-at">Valid at (the date swept)<input id="sweep-valid-at" name="valid_at" '
        'type="date" required></label>'
        '<label for="sweep-known-at">Known at (optional: what document control had recorded by then)'
        '<input id="sweep-known-at" name="known_at" placeholder="YYYY-MM-DD or …T…Z"></label>'
        '<label for="sweep-fail-on">Gate: a finding fails it at<select id="sweep-fail-on" name="fail_on">'
        '<option value="escalate" selected>an escalation</option><option value="any">any finding</option>'
        '<option value="none">nothing (report only)</option></select></label>'
        '<label for="sweep-superseded"><span><input id="sweep-superseded" name="include_superseded" '
        'type="checkbox" value="true"> Include pairs with a side superseded on the date</span></label>'
        '<div><button type="submit">Start the sweep</button></div></form>'
    )


def _when(moment: dt.datetime | None) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC") if moment else "—"


def _progress(job: SweepJob) -> str:
    if job.state != "running":
        return "—"
    stage = (job.stage or "starting").replace("_", " ")
    return f"{stage}: {job.done:,} of {job.total:,}" if job.total else stage


def _sweeps_page(name: str, jobs: list[SweepJob], frame: Frame) -> str:
    def url(job: SweepJob, more: str = "") -> str:
        return f"/ui/projects/{quote(name, safe='')}/sweeps/{quote(job.id, safe='')}{more}"

    rows = []
    for job in jobs:
        asked = job.asked
        status = job.status()
        report = (f'<a href="{text(url(job, "/report"))}">report</a> · '
                  f'<a href="{text(url(job, "/rfis"))}">RFI drafts</a>' if job.state == "done" else "—")
        rows.append((
            f'<a href="{text(url(job))}"><code>{text(job.id)}</code></a>',
            text(asked.valid_at if asked is not None else "—"),
            text(asked.known_at.strftime("%Y-%m-%d %H:%M UTC") if asked is not None and asked.known_at
                 else "everything recorded"),
            text(_when(job.started)), f'<span class="state-{text(job.state)}">{text(job.state)}</span>',
            text(_progress(job)), text(status.findings if status.findings is not None else "—"), report,
        ))
    listed = table("Your sweeps of this project (newest first)", (
        "sweep", "valid at", "known at", "started", "state", "progress", "findings", "report"), rows,
        cls="sweeps", empty="none yet: start one above")
    return (
        "<p>A sweep reads every provision in force on a date and reports where two of them disagree: "
        "which one governs by the project's precedence rules, or an escalation with an RFI draft. It runs on the "
        "server as the API's sweep job does, with your key's groups; only you see your sweeps.</p>"
        + _sweep_form(frame) + "<h2>Your sweeps</h2>" + listed
    )


def _sweep_page(name: str, job: SweepJob, frame: Frame) -> str:
    """A sweep job: what was asked, where it is, and once done its report and RFI drafts."""
    base = f"/ui/projects/{quote(name, safe='')}/sweeps/{quote(job.id, safe='')}"
    status = job.status()
    asked = job.asked
    rows = [("Sweep", f"<code>{text(job.id)}</code>")]
    if asked is not None:
        rows += [("Valid at", text(asked.valid_at)),
                 ("Known at", text(asked.known_at.strftime("%Y-%m-%d %H:%M UTC") if asked.known_at
                                   else "everything recorded")),
                 ("Gate fails at", text({"escalate": "an escalation", "any": "any finding",
                                         "none": "nothing"}[asked.fail_on])),
                 ("Superseded pairs", "included" if asked.include_superseded else "left out")]
    rows += [("Index build", f"<code>{text(job.index_build)}</code>"), ("Started", text(_when(job.started))),
             ("Finished", text(_when(job.finished))),
             ("State", f'<strong class="state-{text(job.state)}" id="sweep-state">{text(job.state)}</strong>')]
    parts = [dl(rows)]
    if job.state == "running":
        stage = text(_progress(job))
        bar = (f'<progress max="{job.total}" value="{job.done}">{job.done} of {job.total}</progress>' if job.total
               else "<progress>running</progress>")
        parts.append(f'<div class="notice" role="status" data-refresh="2"><p>Running: {stage}</p>'
                     "<label>Progress " + bar + "</label><p>This page reloads itself every 2 seconds while the "
                     "sweep runs (reload it yourself without scripts).</p></div>")
        parts.append(f'<form method="post" action="{text(base)}/cancel">{frame.csrf_field()}'
                     '<button type="submit">Cancel the sweep</button></form>')
    elif job.state == "done":
        drafts = len(drafted(job.outcome.report))
        gate = ("reached: a finding at or above the gate" if status.fail_on_reached
                else "not reached") if status.fail_on_reached is not None else "—"
        parts.append(dl([("Findings", text(status.findings)), ("Gate", text(gate)),
                         ("RFI drafts", text(drafts))]))
        parts.append(
            f'<ul><li><a id="open-report" href="{text(base)}/report">Open the report</a> (HTML, on its own page)</li>'
            f'<li><a href="{text(base)}/rfis">The RFI drafts</a> ({drafts})</li>'
            f'<li>Save the report: <a href="{text(base)}/report?format=md">Markdown</a> · '
            f'<a href="{text(base)}/report?format=sarif">SARIF</a> · '
            f'<a href="{text(base)}/report?format=json">JSON</a></li></ul>')
    else:
        parts.append(f'<div class="error" role="alert"><p>The sweep {text(job.state)}'
                     + (f": {text(job.error)}" if job.error else "") + ". Start it again from the sweeps page.</p></div>")
    parts.append(f'<p><a href="/ui/projects/{text(quote(name, safe=""))}/sweeps">All your sweeps</a></p>')
    return "".join(parts)


def _rfis_page(name: str, job: SweepJob, back: str) -> str:
    """Each escalation's RFI draft, as the report holds it (Markdown, shown as text), to save
    one by one as ``inforce sweep --rfi-dir`` names them."""
    drafts = drafted(job.outcome.report)
    parts = [f"<p>{len(drafts)} escalated finding(s) carry an RFI draft: the text a person sends to the design "
             f'team, to edit first. <a href="{text(back)}">Back to the sweep</a>.</p>']
    for finding in drafts:
        sides = ", ".join(locator_link(name, p.locator, job.outcome.report.as_of) for p in finding.provisions)
        file = rfi_filename(finding.id)
        parts.append(
            f'<article class="proposal" id="rfi-{text(finding.id)}"><h2><code>{text(finding.id)}</code> '
            f"{text(finding.kind.replace('_', ' '))}</h2><p>{sides}</p>"
            f'<pre class="rfi">{text(finding.rfi or "")}</pre>'
            f'<p><a href="{text(back)}/rfis/{text(quote(finding.id, safe=""))}" download="{text(file)}">'
            f"Save {text(file)}</a></p></article>")
    return "".join(parts)
