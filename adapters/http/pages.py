"""The pages: what ``inforce serve`` shows a person in a browser, behind the API's identity.

``/`` is the sign-in page: its form takes a key of the keys file (field ``key``) and answers
with a session cookie (``sessions``: a random id, never the key); a wrong key is the sign-in
page again, 401. Every ``/ui/`` page needs a session (without one: 303 to ``/``, the page asked
for kept in ``next``) and answers only for a project the caller's entry may reach (the same 404
as the API's otherwise). Forms that change something (a review decision, a sweep started,
signing out) carry the session's CSRF token; one without it, or with another, is 403.

Each page parses, asks the front exactly what the API route for the same question asks
(``Project.asof``, ``history``, ``show``, ``readings``, ``review``, ``resolve``, with the
caller's groups from the keys file) on one generation, and renders: what is in force, what the
caller may read, which dates apply — the engine decides, here nothing is. A refusal is the
engine's ``Refusal`` shown (403), an engine error the API's status with its message. Each page
shown is a line of the decision log (endpoint ``page-...``), as each API answer is.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, quote

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError

from inforce.engine import Project
from inforce.ontology import (
    AccessRestrictedError,
    AddendaReadings,
    AsOfAnswer,
    History,
    InforceError,
    InputError,
    InputErrors,
    NotFoundError,
    Refusal,
)
from inforce.ontology.ingest import ProposedEdge
from inforce.ontology.views import ProvisionView

from .app import (
    Service,
    _check_query,
    _Failure,
    _failure,
    _locator,
    _outcome,
    _query_date,
    _query_moment,
)
from .bodies import ReviewRequest
from .jobs import IngestRunning
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
from .sessions import COOKIE, Session, Sessions

__all__ = ["Pages", "add_pages"]

_LOG = logging.getLogger("inforce.serve")

#: the fields a form may send at most (a body of thousands is refused before it is read as one)
_FORM_FIELDS = 20


class _SignIn(Exception):
    """No session: the sign-in page, then back to ``next``."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path


def _html(body: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status_code=status, media_type="text/html; charset=utf-8",
                    headers={**PAGE_HEADERS, **(headers or {})})


def _problem_html(detail: Any) -> str:
    """A failure's detail as the page says it: a sentence, or each problem at its field."""
    if isinstance(detail, list):
        items = "".join(
            f"<li><code>{text('.'.join(str(p) for p in item.get('loc', ())[1:]) or 'request')}</code>: "
            f"{text(item.get('msg', ''))}{' — ' + text(item['hint']) if item.get('hint') else ''}</li>"
            if isinstance(item, dict) else f"<li>{text(item)}</li>" for item in detail)
        return f'<div class="error" role="alert"><ul>{items}</ul></div>'
    return f'<div class="error" role="alert"><p>{text(detail)}</p></div>'


def _refusal_html(refusal: Refusal) -> str:
    said = f"<p>{text(refusal.detail)}</p>" if refusal.detail else ""
    return (f'<div class="error" role="alert"><p><strong>Refused: {text(refusal.reason.replace("_", " "))}'
            f"</strong></p>{said}</div>")


async def _form(request: Request) -> dict[str, str]:
    """A form's fields (``application/x-www-form-urlencoded``), each once; 422 otherwise."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise _Failure(415 if kind else 422, "send the page's form (application/x-www-form-urlencoded)")
    try:
        raw = (await request.body()).decode("utf-8")
        fields = parse_qs(raw, keep_blank_values=True, strict_parsing=False, max_num_fields=_FORM_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise _Failure(422, "the form does not read (UTF-8, at most 20 fields)") from None
    twice = [name for name, values in fields.items() if len(values) > 1]
    if twice:
        raise _Failure(422, f"{', '.join(sorted(twice))} sent more than once")
    return {name: values[0] for name, values in fields.items()}


class Pages:
    """The pages of one service: its sessions, and how each page asks the front."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.sessions = Sessions()
        #: each project's last ingest queued from a review, as its page says it
        self.ingests: dict[str, str] = {}
        self._queued: set[str] = set()

    def queue_ingest(self, name: str, caller: Caller) -> None:
        """Ingest ``name`` once its one writer is free (the API's ingest: ``Project.ingest`` with the
        key's groups, holding the writer), so a decision just recorded is applied; one already
        queued for the project takes this decision too."""
        if name in self._queued:
            return
        self._queued.add(name)
        self.ingests[name] = "queued"
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
                self.ingests[name] = "running"
                try:
                    summary = Project.ingest(warm.root, groups=caller.groups).summary()
                    outcome = "ingested"
                    self.ingests[name] = f"done, build {summary.index_build}"
                finally:
                    writer.release()
            except (InforceError, InputErrors) as problem:
                outcome = "error"
                self.ingests[name] = f"failed: {_failure(problem, 'file', warm.root, name, reads_files=True).detail}"
            except Exception as problem:  # noqa: BLE001 - said on the page and in the log, never lost
                outcome = "error"
                self.ingests[name] = f"failed: {type(problem).__name__} (the server's log says more)"
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
        """``response``, its decision line queued (endpoint ``page-ENDPOINT``, as the API's lines)."""
        service = self.service
        warm = service.projects.get(name)
        if warm is None:
            return response
        root, seconds = warm.root, time.perf_counter() - started
        digest = hashlib.sha256(bytes(response.body)).hexdigest()
        said = outcome if isinstance(outcome, str) else _outcome(outcome)
        correlation = request.scope.get("state", {}).get("correlation_id", "")
        service.record(lambda: service.log.write(
            root, endpoint=f"page-{endpoint}", caller=caller.name, via=caller.via, project=name, build=build,
            outcome=said, status=response.status_code, seconds=seconds, answer_sha256=digest,
            correlation_id=correlation))
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

    def sign_in_page(next_path: str, problem: str | None = None, status: int = 200) -> Response:
        error = f'<div class="error" role="alert" id="sign-in-error"><p>{text(problem)}</p></div>' if problem else ""
        body = (
            f"{error}<p>Sign in with the key your administrator gave you (<code>inforce serve --add-key</code>). "
            "The key stays on the server: your browser keeps only a session cookie.</p>"
            '<form class="stack" method="post" action="/">'
            f'<input type="hidden" name="next" value="{text(next_path)}">'
            '<label for="key">Key<input id="key" name="key" type="password" autocomplete="current-password" '
            'required></label><button type="submit">Sign in</button></form>'
        )
        return _html(page("Sign in", body), status)

    def _next(value: str | None) -> str:
        """Where to go after signing in: a page of ours (``/ui/...``), never another site."""
        if value and value.startswith("/ui/") and "//" not in value and "\\" not in value:
            return value
        return "/ui/"

    @app.get("/", include_in_schema=False)
    async def sign_in(request: Request) -> Response:
        if pages.sessions.find(request.cookies.get(COOKIE)) is not None:
            return RedirectResponse(_next(request.query_params.get("next")), status_code=303)
        return sign_in_page(_next(request.query_params.get("next")))

    @app.post("/", include_in_schema=False)
    async def signing_in(request: Request) -> Response:
        form = await _form(request)
        next_path = _next(form.get("next"))
        key = form.get("key", "")
        caller = service.keys.caller(key) if key else None
        if caller is None:
            return sign_in_page(next_path, "That key is not one of this server's." if key else "Enter your key.", 401)
        if caller.proxy:
            return sign_in_page(next_path, "A proxy's key names its users in a header; it cannot sign in here.", 401)
        session = pages.sessions.start(caller)
        answer = RedirectResponse(next_path, status_code=303)
        answer.set_cookie(COOKIE, session.id, httponly=True, samesite="strict", path="/",
                          secure=request.url.scheme == "https", max_age=pages.sessions.seconds)
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
        base = f"/ui/projects/{quote(name, safe='')}"
        body = (
            "<p>Look up a clause by its locator on a date.</p>"
            + _clause_form(name)
            + f'<ul><li><a href="{text(base)}/reviews">Review queue</a></li></ul>'
        )
        return _html(page(name, body, pages.frame(session, name)))

    @app.get("/ui/projects/{name}/clause", include_in_schema=False)
    async def ui_clause_lookup(request: Request, name: str) -> Response:
        """The clause form's target: the clause page of the locator typed."""
        pages.project_of(request, name)
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

        def work(project: Project) -> tuple[AddendaReadings, dict[str, str | None]]:
            # the API's review listing and, beside each proposal, its target as the API's show gives it
            readings = project.readings(groups=caller.groups)
            targets: dict[str, str | None] = {}
            for proposal in readings.proposed:
                key = str(proposal.target)
                if key not in targets:
                    try:
                        shown = project.show(proposal.target, groups=caller.groups)
                    except NotFoundError:
                        shown = None
                    targets[key] = shown.text if isinstance(shown, ProvisionView) else None
            return readings, targets

        try:
            _check_query(request, ("done",))
            (readings, targets), build = await pages.ask(name, work)
        except _Failure as failed:
            response = _html(page("Review queue", _problem_html(failed.detail), frame), failed.status)
            return pages.logged(request, caller, name, "reviews", build, failed.outcome, started, response)
        done = request.query_params.get("done")
        body = _reviews_page(name, readings, targets, frame, decides=caller.may("reviewer"), done=done,
                             ingest=pages.ingests.get(name))
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
            try:
                asked = ReviewRequest(item=form.get("item", ""), decision=form.get("decision", ""),  # type: ignore[arg-type]
                                      target=form.get("target") or None, note=form.get("note") or None)
            except ValidationError as invalid:
                raise _Failure(422, [{"loc": ["form", *p["loc"]], "msg": p["msg"], "type": p["type"]}
                                     for p in invalid.errors()]) from None
            # the API's review, under the key's name: reviews.yaml written as `inforce review` writes it
            decided, build = await pages.ask(name, lambda project: project.review(
                asked.item, asked.decision, by=caller.name, target=asked.target, note=asked.note,
                groups=caller.groups))
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


def _reviews_page(name: str, readings: AddendaReadings, targets: dict[str, str | None], frame: Frame, *,
                  decides: bool, done: str | None, ingest: str | None) -> str:
    parts: list[str] = []
    if done in ("accept", "reject"):
        parts.append(f'<p class="notice" role="status">Your decision is recorded in reviews.yaml '
                     f'({"accepted" if done == "accept" else "rejected"}); an ingest is queued to apply it.</p>')
    if ingest:
        parts.append(f'<p class="notice" role="status" id="ingest-state">Ingest: {text(ingest)}</p>')
    if not decides:
        parts.append('<p class="notice">Read only: deciding a proposal needs a reviewer or admin key.</p>')
    parts.append(f"<p>{len(readings.proposed)} proposal(s) pending; reviews.yaml: "
                 f"{sum(r.decision == 'accept' for r in readings.reviewed)} accepted, "
                 f"{sum(r.decision == 'reject' for r in readings.reviewed)} rejected"
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
                f'<label for="note-{number}">Note (why; recorded with your name)'
                f'<textarea id="note-{number}" name="note" maxlength="2000"></textarea></label>'
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
