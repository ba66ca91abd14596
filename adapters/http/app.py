"""The service: the warm engine over HTTP. Each route parses, calls the front and renders.

Nothing is decided here that the CLI does not also leave to the engine: what is in force,
who may read what, which date a question is about, whether an answer's claims hold. What
this layer adds is who is asking (a bearer key looked up in the keys file: the caller's
groups come from there alone, and a request stating ``groups`` is refused), the limits on
what a request may send and how long it may take, and the decision log.

Statuses: 200 an answer (``X-Inforce-Build`` names the index build it came from, a write's the
build it made); 202 a sweep started or cancelled; 400 a request stating ``groups``, or sending
``Authorization`` or the identity header twice; 401 no key or a wrong one; 403
a refusal (the same ``Refusal`` the CLI prints, nothing of the document) or a key without the
right; 404 no such project (or one the key is not scoped to), locator or sweep; 408 a body not
received in time; 409 a second writer (ingest, erase), a sweep's report asked for before it is
done, an erasure whose text was still found afterwards (``result`` its answer); 413 a body too
large; 415 a body under /v1/ not sent as JSON; 422 bad input, ``detail`` a list of ``{loc, msg, type}``; 429 a fifth sweep of one key while four run; 503 a graph or model that
cannot be used, a project record (reviews.yaml) that does not read (``detail`` as a 422's), or a decision log a write to failed (every question to its projects until a write to it succeeds again); 504 a request cut short by the time limit; 500 an internal error, with a
correlation id.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic_core
from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ValidationError

from inforce import __version__
from inforce.adapters.ingest.answers import parse_answer  # at startup: a package changed under a
from inforce.adapters.report import (  # running server does not turn a route into a 500
    render,
    render_summary,
)
from inforce.adapters.report.html import CONTENT_SECURITY_POLICY as REPORT_CSP
from inforce.engine import Project
from inforce.ontology import (
    AccessRestrictedError,
    AddendaReadings,
    Answer,
    AsOfAnswer,
    Context,
    Erasure,
    ErasureResult,
    Explanation,
    Facts,
    GraphUnusableError,
    History,
    InforceError,
    InputError,
    InputErrors,
    LagReport,
    Locator,
    ModelUnavailableError,
    NotFoundError,
    PortfolioEntry,
    PortfolioRun,
    Refusal,
    Replay,
    ResolveResult,
    ReviewDecision,
    RuleDecision,
    StoreError,
    StoreLockedError,
    Verdict,
    is_iso_date,
    jsontext,
    parse_date,
    parse_datetime_utc,
    utc_text,
)
from inforce.ontology.answers import PrecedenceResult, ProjectStats
from inforce.ontology.erasure import ERASURES_FILE
from inforce.ontology.ingest import REVIEWS_FILE, IngestSummary
from inforce.ontology.scalars import sent_locator
from inforce.ontology.text import json_text, message_text, terminal_line, whole_number
from inforce.ontology.verdict import ANSWER_MAX_CLAIMS
from inforce.ontology.views import ProvisionView

from .bodies import (
    EligibleRequest,
    EraseRequest,
    PortfolioSweepRequest,
    PrecedenceRequest,
    ResolveRequest,
    ReviewRequest,
    SweepRequest,
)
from .decisions import DecisionLog, Recorder
from .document import document_statuses
from .jobs import (
    IngestRunning,
    PortfolioStatus,
    SweepJob,
    SweepJobs,
    SweepStatus,
    TooManySweeps,
    Writer,
)
from .keys import Caller, Keys
from .limits import DEFAULT_BODY_SECONDS, DEFAULT_MAX_BODY, DEFAULT_MAX_DEPTH, Limits
from .warm import Warm

__all__ = ["DEFAULT_MAX_CLAIMS", "DEFAULT_TIME_LIMIT", "Service", "create_app"]

#: Seconds a request may take before it is answered 504 (sweeps and ingests are not cut).
DEFAULT_TIME_LIMIT = 30.0
#: The most claims one answer sent to ``check`` (or a record sent to ``replay``) may hold: what
#: bounds one request's work, since a question cut short by the time limit runs on to its end.
DEFAULT_MAX_CLAIMS = ANSWER_MAX_CLAIMS
BUILD_HEADER = "X-Inforce-Build"
#: Seconds a stopping server waits for its cancelled sweeps to end (each one's end line is
#: written whether it ended by then or not)
SHUTDOWN_SWEEP_SECONDS = 10.0
_LOG = logging.getLogger("inforce.serve")


class _Failure(Exception):
    """An answer that is not the route's answer: a status and its JSON."""

    def __init__(self, status: int, detail: Any, *, outcome: str = "rejected", headers: Mapping[str, str] | None = None):
        super().__init__(status)
        self.status, self.detail, self.outcome = status, _cut(detail), outcome
        self.headers = dict(headers or {})


def _cut(detail: Any) -> Any:
    """A failure's detail with each message as shown (``message_text``: a value the request sent,
    echoed back, is cut, never returned whole)."""
    if isinstance(detail, str):
        return message_text(detail)
    if isinstance(detail, list):
        return [{**item, "msg": message_text(item["msg"])} if isinstance(item, dict) and isinstance(item.get("msg"), str)
                else item for item in detail]
    return detail


def _loc(where: str, field: str | None) -> list[str | int]:
    """An engine field (``context.valid_at``, ``claims[0].citations[1]``) as a location."""
    loc: list[str | int] = [where]
    for name in (field or "").replace("]", "").replace("[", ".").split("."):
        if name:
            loc.append(name if (number := whole_number(name)) is None else number)
    return loc


def _project_file(file: str, root: Path | None) -> str:
    """A project file as the client may see it: relative to the project (never the server's folder)."""
    path = Path(file)
    if root is None:
        return path.name
    try:
        return (path if path.is_absolute() else root / path).resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return path.name


def _served(text: str, root: Path | None, name: str | None) -> str:
    """An engine's message as a client reads it: the project's folder on the server (``root``,
    absolute: ``Warm`` opens it so) named by the name it is served under."""
    if root is None or not name:
        return text
    for form in sorted({str(root), str(root.resolve())}, key=len, reverse=True):
        if Path(form).is_absolute():
            text = text.replace(form, name)
    return text


def _input_problems(problem: InputError | InputErrors, where: str, root: Path | None = None,
                    name: str | None = None) -> list[dict[str, Any]]:
    each = list(problem.exceptions) if isinstance(problem, InputErrors) else [problem]
    found = []
    for error in each:
        if not isinstance(error, InputError):
            continue
        # a problem in one of the project's files (an ingest's, an erasure's) is located there
        in_file = error.file is not None and error.file != "body" and not error.file.startswith("-")
        named = _project_file(error.file, root) if in_file and error.file else None
        item: dict[str, Any] = {"loc": [*_loc("file", error.field)[:1], named, *_loc("file", error.field)[1:]]
                                if named else _loc(where, error.field), "msg": _served(error.message, root, name),
                                "type": "padded" if error.reason == "padded" else "input_error"}
        if named:
            item["file"] = named
        if error.hint:
            item["hint"] = _served(error.hint, root, name)
        if error.line is not None and (where == "body" or named):
            item["line"] = error.line
        found.append(item)
    return found or [{"loc": [where], "msg": _served(str(problem), root, name), "type": "input_error"}]


#: The project's own records, which a question reads and no request names or sends
_SERVER_FILES = frozenset({REVIEWS_FILE, ERASURES_FILE})


def _failure(problem: BaseException, where: str, root: Path | None = None, name: str | None = None, *,
             reads_files: bool = False) -> _Failure:
    """What an engine error becomes over HTTP (the CLI's exit codes, as statuses); the project's
    folder, where a message names it, named as the project is served (``name``). A problem in one
    of the project's own records (``_SERVER_FILES``: no request names or sends them) is the
    server's, not the request's: 503, as ``/readyz`` answers a project it cannot read, the body a
    422's would be — except for a request whose work is reading the project's files
    (``reads_files``: an ingest, an erasure's rebuild), 422 as the CLI's exit 2."""
    said = _served(str(problem), root, name)
    if isinstance(problem, InputErrors | InputError):
        problems = _input_problems(problem, where, root, name)
        if not reads_files and any(item.get("file") in _SERVER_FILES for item in problems):
            return _Failure(503, problems, outcome="error")
        if isinstance(problem, InputError) and problem.reason == "changed":  # decided on words since changed
            return _Failure(409, problems, outcome="error")
        return _Failure(422, problems)
    if isinstance(problem, StoreLockedError):
        return _Failure(409, said, outcome="error")
    if isinstance(problem, GraphUnusableError | StoreError | ModelUnavailableError):
        return _Failure(503, said, outcome="error")
    if isinstance(problem, NotFoundError):
        return _Failure(404, said, outcome="not_found")
    if isinstance(problem, InforceError):
        return _Failure(422, [{"loc": [where], "msg": said, "type": "input_error"}])
    raise problem


def _json(value: BaseModel | Mapping[str, Any]) -> bytes:
    """A model as ``--format json`` writes it (``model_dump(mode="json")``), compact, every control
    character a ``\\uXXXX`` escape as the command line writes it (``json_text``)."""
    if isinstance(value, BaseModel):
        return json_text(value.model_dump_json()).encode()
    return json_text(pydantic_core.to_json(value, fallback=str).decode()).encode()


def _outcome(result: Any) -> str:
    """The decision a result records in the log, in the result's own words."""
    if isinstance(result, Refusal):
        return f"refusal:{result.reason}"
    if isinstance(result, AsOfAnswer):
        return "in_force" if result.in_force else "not_in_force"
    if isinstance(result, Verdict):
        return result.verdict
    if isinstance(result, Replay):
        return "same" if result.same else "different"
    if isinstance(result, PrecedenceResult):
        return result.resolution
    if isinstance(result, SweepStatus):
        return f"sweep_{result.state}"
    for name in ("outcome", "verdict", "resolution"):
        value = result.get(name) if isinstance(result, Mapping) else getattr(result, name, None)
        if isinstance(value, str):
            return value
    return "answer"


_PADDED = "spaces or line breaks around the value: send the value alone"


def _padded(value: str, loc: Sequence[str | int]) -> dict[str, Any] | None:
    """A value taken as sent, in a query as in a body: spaces or line breaks around it are a 422
    at its location (not stripped: a value read is the value sent), None when there are none."""
    if value == value.strip():
        return None
    return {"loc": list(loc), "msg": _PADDED, "type": "padded"}


def _strict_dates(raw: Any, prefix: tuple[str | int, ...] = ("body",)) -> None:
    """Dates as the contract writes them: what JSON's loose reading would take (a number as a
    date, ``2026-05-01T00:00`` for a day, spaces around it) is a 422 at the field."""
    if not isinstance(raw, Mapping):
        return
    problems = [padded for key in ("valid_at", "known_at") if isinstance(raw.get(key), str)
                and (padded := _padded(raw[key], (*prefix, key))) is not None]
    valid_at = raw.get("valid_at")
    if valid_at is not None and not (isinstance(valid_at, str) and is_iso_date(valid_at)):
        problems.append({"loc": [*prefix, "valid_at"], "msg": f"not a date written YYYY-MM-DD: {valid_at!r}",
                         "type": "date_format"})
    known_at = raw.get("known_at")
    if known_at is not None and not isinstance(known_at, str):
        problems.append({"loc": [*prefix, "known_at"], "msg": f"not a date-time: {known_at!r}", "type": "datetime_type"})
    if problems:
        raise _Failure(422, problems)


async def _strict_body(request: Request, model: type[BaseModel]) -> None:
    """A body as JSON types it: what the lax reading of the parsed body took (``true`` or ``"5"``
    for a number, ``"yes"`` or ``1`` for a boolean) is a 422 at the field. The route's model is
    read again from the body's text in pydantic's strict JSON mode, where a date is still the
    string JSON writes; the dates' own refusals (``_strict_dates``: ``padded``) come first."""
    _strict_dates(await request.json())
    try:
        model.model_validate_json(await request.body(), strict=True)
    except ValidationError as invalid:  # answered as every other problem of a body (``_invalid``)
        raise RequestValidationError([{**problem, "loc": ("body", *problem["loc"])}
                                      for problem in invalid.errors(include_url=False)]) from None


def _no_groups(stated: Sequence[str] | None) -> None:
    if stated:
        raise _Failure(400, "groups come from your key, not from the request: leave `groups` out (or empty)")


def _locator(text: str, field: str) -> Locator:
    """A locator the client sent; one that does not parse, or has spaces around it
    (``sent_locator``: type ``padded``), is an InputError at ``field``."""
    try:
        return sent_locator(text)
    except InputError as problem:
        raise InputError(problem.message, field=field, hint=problem.hint, reason=problem.reason) from None


def _section(text: str) -> bool:
    """Whether a locator names a section (whose words ``asof`` reads from memory), not a whole
    document (whose text is a graph query): where ``Service.answer(quick=True)`` may apply."""
    try:
        return Locator.parse(text).path is not None
    except InputError:
        return False  # the question itself says what is wrong, in a worker


def _query_date(value: str | None, field: str) -> dt.date | None:
    return None if value is None else parse_date(value, field=field)


def _query_moment(value: str | None, field: str) -> dt.datetime | None:
    if value is None:
        return None
    try:
        return parse_datetime_utc(value)
    except ValueError as problem:
        raise InputError(str(problem), field=field, hint="YYYY-MM-DD (end of that day, UTC) or YYYY-MM-DDTHH:MM:SSZ") from None


#: a sweep report's media type in each format it is rendered in
#: A sweep's HTML report as this server sends it: the report's own policy (inline style and
#: script, nothing else: ``adapters.report.html``), sandboxed — scripts run, but in an origin of
#: their own (no ``allow-same-origin``): no cookie, no storage, no page of this server read or
#: opened as itself, should any report ever let a script in (audit OO-4); never framed.
REPORT_POLICY = f"{REPORT_CSP}; sandbox allow-scripts; frame-ancestors 'none'"
_MEDIA = {"json": "application/json", "sarif": "application/sarif+json", "md": "text/markdown; charset=utf-8",
          "html": "text/html; charset=utf-8"}


def _started(held: ExitStack, start: Callable[[], SweepJob]) -> SweepJob:
    """A sweep job started by ``start``; when it does not start (429 past the caller's running
    sweeps, or any error) the generations ``held`` for it are let go."""
    try:
        return start()
    except TooManySweeps as busy:
        held.close()
        raise _Failure(429, f"you already run {busy.running} sweeps: wait for one to finish, or cancel "
                       "one", outcome="too_many_sweeps") from None
    except BaseException:
        held.close()
        raise


#: A header's name as HTTP writes it (RFC 9110's token): what a proxy can send and a client cannot fake
#: by a look-alike (a space, a control character, a colon).
_HEADER_NAME = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


def _identity_header(name: str | None) -> str | None:
    """The identity header a trusted proxy names its user in, refused when no request could carry
    it (empty, a space or a control character in it: every proxied request was then refused, the
    server started without a word, audit 78 A F3) or when it is the key's own ``Authorization``."""
    if name is None:
        return None
    if not _HEADER_NAME.fullmatch(name):
        raise InputError(f"'{terminal_line(name)}' is no HTTP header name", field="--identity-header",
                         hint="a header name is letters, digits and - (e.g. X-Forwarded-User)")
    if name.lower() in ("authorization", "host", "content-type", "content-length", "cookie"):
        raise InputError(f"{name} is a header of the request itself, not one a proxy names its user in",
                         field="--identity-header", hint="a header of the proxy's own, e.g. X-Forwarded-User")
    return name


class Service:
    """The projects served, who may ask, and the machinery each request goes through."""

    def __init__(self, projects: Mapping[str, Warm], keys: Keys, *, decision_log: DecisionLog | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT, audit_dir: Path | None = None, workers: int = 16,
                 identity_header: str | None = None, max_claims: int = DEFAULT_MAX_CLAIMS) -> None:
        self.projects = dict(projects)
        self.max_claims = max_claims
        #: the header a trusted proxy names its user in (None: no proxy is trusted)
        self.identity_header = _identity_header(identity_header)
        self.keys = keys
        self.log = decision_log or DecisionLog()
        self.time_limit = time_limit
        self.audit_dir = audit_dir
        self.sweeps = SweepJobs()
        self.writers = {name: Writer() for name in self.projects}
        # lines of work that ends after its answer went (a sweep job's end) are written by one
        # thread, in order; a question's own line is written before its answer goes (``answer``)
        self._recorder = Recorder()
        # the questions: a request cut short by the time limit keeps its thread until it ends
        self._workers = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="inforce-question")

    def record(self, write: Callable[[], None]) -> None:
        """Queue a write for the recorder (a failure is logged, never lost silently)."""

        def guarded() -> None:
            try:
                write()
            except Exception as problem:  # noqa: BLE001 - the answer is out; the log says what was not kept
                _LOG.error("decision not recorded: %s: %s", type(problem).__name__, " ".join(str(problem).split()))

        self._recorder.submit(guarded)

    def flush(self) -> None:
        """Wait until every decision queued so far is written."""
        self._recorder.flush()

    def close(self) -> None:
        """The server stops: running sweeps are cancelled and their end lines queued (waiting
        ``SHUTDOWN_SWEEP_SECONDS`` at most), then every line queued is written."""
        self.sweeps.stop(SHUTDOWN_SWEEP_SECONDS)
        self._workers.shutdown(wait=False, cancel_futures=True)
        self._recorder.close()

    def logged(self, request: Request, caller: Caller, projects: Sequence[str], endpoint: str,
               make: Callable[[], Response], builds: Mapping[str, str | None] | None = None) -> Response:
        """A read or a step of a job answered outside ``answer`` (a sweep's report, a portfolio's
        summary, a cancel), held to the log's promise as a question is: refused (503) while a log
        of one of ``projects`` cannot take a line, and answered only once its line (one per
        project) is written. ``make`` builds the response (a ``_Failure`` it raises is answered,
        and logged, as such)."""
        started = time.perf_counter()
        for name in projects:
            if (unwritable := self.log.unwritable(self.warm(name).root)) is not None:
                raise _Failure(503, _unwritable(unwritable, name if len(projects) > 1 else None), outcome="error")
        try:
            response, outcome = make(), "answer"
        except _Failure as failed:
            response = JSONResponse({"detail": failed.detail}, status_code=failed.status, headers=failed.headers)
            outcome = failed.outcome
        digest = hashlib.sha256(bytes(response.body)).hexdigest()
        correlation = request.scope.get("state", {}).get("correlation_id", "")
        for name in projects:
            try:
                self.log.write(self.warm(name).root, endpoint=endpoint, caller=caller.name, via=caller.via,
                               project=name, build=(builds or {}).get(name), outcome=outcome,
                               status=response.status_code, seconds=time.perf_counter() - started,
                               answer_sha256=digest, correlation_id=correlation)
            except OSError as problem:
                said = " ".join(str(problem).split())
                _LOG.error("decision not recorded, answer withheld: %s", said)
                raise _Failure(503, _unwritable(self.log.unwritable(self.warm(name).root) or said,
                                                name if len(projects) > 1 else None) + " (this answer is withheld)",
                               outcome="error") from None
        return response

    def bounded(self, claims: int, loc: tuple[str, ...]) -> None:
        """A 422 at ``loc`` for an answer of more claims than one request may check."""
        if claims > self.max_claims:
            raise _Failure(422, [{"loc": list(loc), "type": "too_long", "msg": f"{claims:,} claims; at most "
                                  f"{self.max_claims:,} in one request (split the answer)"}])

    def deadline(self) -> float:
        """When a question asked now is cut short (``time.monotonic()`` seconds): the end of its
        time limit, which ``answer`` answers 504 at; a question that can stop (a check, a replay)
        is given it, so the worker stops computing with the answer, not only its caller waiting."""
        return time.monotonic() + self.time_limit

    def warm(self, name: str) -> Warm:
        found = self.projects.get(name)
        if found is None:
            raise _Failure(404, f"no project named {name!r} is served here", outcome="not_found")
        return found

    def start_sweep(self, project: Project, name: str, caller: Caller, body: SweepRequest) -> SweepJob:
        """Start a sweep job of project ``name`` for ``caller`` (``POST .../sweeps``, and the
        sweeps page: the one way a sweep is started here): on the generation ``project`` is (the
        newest when the request came), held for the job until it ends, with the key's groups;
        its end queued as a decision line (endpoint ``sweep``). Packs or params that do not load
        are the request's InputError (``packs``), not a failed job; 429 past the caller's running
        sweeps."""
        warm = self.warm(name)
        try:
            project.snapshot.precedence_rules(body.packs, body.params)
        except NotFoundError as missing:
            raise InputError(missing.what, field="packs", hint=missing.hint) from None
        held = ExitStack()
        pinned = held.enter_context(warm.reading())
        build = pinned.build_id

        def run(job: SweepJob) -> Any:
            with held:
                report = pinned.sweep(body.valid_at, body.known_at, groups=caller.groups, packs=body.packs,
                                      params=body.params, include_superseded=body.include_superseded,
                                      progress=job.progress)
            return Project.judge_sweep(report, body.fail_on)

        def ended(job: SweepJob) -> None:
            self.record(lambda: self.log.write(
                warm.root, endpoint="sweep", caller=caller.name, via=caller.via, project=name, build=job.index_build,
                outcome=job.state, status=200, seconds=((job.finished or job.started) - job.started).total_seconds(),
                answer_sha256=None, correlation_id=f"sweep-{job.id}"))

        job = _started(held, lambda: self.sweeps.start(name, caller.name, build, run, ended))
        job.asked = body
        return job

    def sweep_job(self, name: str, caller: Caller, job_id: str) -> SweepJob:
        """The caller's sweep job ``job_id`` of project ``name`` (only the key that started a job
        sees it); otherwise 404, the same for another key's job as for none."""
        self.warm(name)
        job = self.sweeps.get(name, caller.name, job_id)
        if job is None:
            raise _Failure(404, f"no sweep {job_id!r} of yours on {name}", outcome="not_found")
        return job

    def audit_folder(self, warm: Warm) -> Path:
        """Where a check's audit record is stored (``inforce replay`` reads it)."""
        return self.audit_dir / warm.name if self.audit_dir is not None else warm.root / ".inforce" / "audit"

    async def answer(
        self, request: Request, caller: Caller, name: str, endpoint: str, work: Callable[[Project], Any], *,
        where: Literal["query", "body"] = "query", allowed: Sequence[str] = (), limited: bool = True,
        render: Callable[[Any], tuple[int, bytes, str]] | None = None, keep: Callable[[Any], str] | None = None,
        quick: bool = False, decision: Callable[[Any], RuleDecision] | None = None,
    ) -> Response:
        """Run one question on the project's newest generation in a worker thread, within the
        time limit; render its result; write its decision line before the answer goes (and with
        ``keep``, what stores the result first and returns where: a check's audit record; with
        ``decision``, what makes the line's case and rules of an eligibility or precedence decision
        from its result). A line that cannot be written withholds the answer: 503, as every question
        is until the log is written again (``DecisionLog.unwritable``).

        ``quick``: a question answered from memory in well under a millisecond once its indexes
        are built (``asof`` of a section): when the generation has answered one already
        (``Warm.hot``) it runs on the event loop, sparing the hand-over to a worker thread and
        back, which costs more than the question; the first on each generation still goes
        to a worker, and is what builds the indexes."""
        started = time.perf_counter()
        correlation = request.scope.get("state", {}).get("correlation_id", "")
        build: str | None = None
        result: Any = None
        warm = self.projects.get(name)
        try:
            _check_query(request, allowed)
            warm = self.warm(name)
            if (unwritable := self.log.unwritable(warm.root)) is not None:
                # an audit trail with holes is no trail: no answer goes out whose line the log would
                # not keep; this refusal's own line is queued all the same, and the first that is
                # written again ends the refusals (audit 72 B F6)
                raise _Failure(503, _unwritable(unwritable), outcome="error")

            began: list[str] = []  # the build the question is asked on, once it is pinned

            def run() -> tuple[Any, str]:
                with warm.reading(endpoint if quick else None,
                                  finishing=endpoint in ("ingest", "erase", "lag")) as project:
                    began.append(project.build_id)
                    return work(project), project.build_id

            try:
                hot = warm.hot(endpoint) if quick else None
                if hot is not None:
                    with hot as project:
                        result, build = work(project), project.build_id
                else:
                    running = asyncio.get_running_loop().run_in_executor(self._workers, run)
                    result, build = await (asyncio.wait_for(running, self.time_limit) if limited else running)
            except TimeoutError:
                # the line and the header name the build it was asked on (or, not begun yet, the newest open)
                build = began[0] if began else warm.served_build
                raise _Failure(504, f"{endpoint} on {name} was cut short after {self.time_limit:g} s: the answer "
                               "was not finished (nothing of it is returned)", outcome="timeout") from None
            except AccessRestrictedError as refused:  # one raised past the front's typed refusal
                result = Refusal(reason="access_restricted", locator=refused.asked, detail=refused.detail,
                                 depends_on=refused.depends_on)
            except (InforceError, InputErrors) as problem:
                raise _failure(problem, where, warm.root, warm.name,
                               reads_files=endpoint in ("ingest", "erase")) from None
            made = getattr(result, "index_build", None)
            if endpoint in ("ingest", "erase") and isinstance(made, str) and made:
                build = made  # a write's answer names the build it made, not the one it began on
            if isinstance(result, Refusal):
                status, body, media = 403, _json(result), "application/json"
            elif render is not None:
                status, body, media = render(result)
            else:
                status, body, media = 200, _json(result), "application/json"
            outcome = _outcome(result)
        except _Failure as failed:
            status, outcome = failed.status, failed.outcome
            body = json.dumps({"detail": failed.detail}).encode()
            media = "application/json"
        headers = {BUILD_HEADER: build} if build else {}
        if warm is not None:
            root, seconds, kept = warm.root, time.perf_counter() - started, result

            def write() -> None:
                stored = keep(kept) if keep is not None and status == 200 else None
                decided = decision(kept).fields() if decision is not None and kept is not None else None
                self.log.write(root, endpoint=endpoint, caller=caller.name, via=caller.via, project=name, build=build,
                               outcome=outcome, status=status, seconds=seconds,
                               answer_sha256=hashlib.sha256(body).hexdigest(), correlation_id=correlation,
                               record=stored, decision=decided)

            try:  # the line is written before the answer goes: an answer whose line is lost is a hole in the trail
                if stored_by_worker := keep is not None and status == 200:
                    await asyncio.get_running_loop().run_in_executor(self._workers, write)  # a record written whole
                else:
                    write()  # one appended line costs less than the hand-over to a worker thread
            except Exception as problem:  # noqa: BLE001 - withheld and said, never sent without its line
                said = " ".join(str(problem).split()) or type(problem).__name__
                _LOG.error("decision not recorded, answer withheld: %s: %s", type(problem).__name__, said)
                unwritable = self.log.unwritable(root)
                detail = (_unwritable(unwritable or said) + " (this answer is withheld)"
                          if unwritable is not None or not stored_by_worker else
                          f"the audit record of this check could not be stored ({said}): the answer is withheld")
                status, body, media = 503, json.dumps({"detail": detail}).encode(), "application/json"
        return Response(content=body, status_code=status, media_type=media, headers=headers)


def _unwritable(why: str, project: str | None = None) -> str:
    """What a question is told while a decision log cannot take a line (503): an audit trail with
    holes in it is no trail, so no answer goes out whose line the log would not keep."""
    log = f"the decision log of {project}" if project else "the decision log"
    return f"{log} cannot be written ({why}): no question is answered until it can be"


def _erasure_answer(result: ErasureResult) -> tuple[int, bytes, str]:
    """An erasure's answer: 200 when the read-back confirms the erased text is nowhere
    (``ErasureResult.confirmed``); 409 when it found it still in some files (``remaining``: the
    erasure is recorded and done as far as it goes, the folder is not clean), or, run again, could
    not look for some of it (``not_looked_for``), the result under ``result`` — as the CLI exits 1."""
    if result.confirmed:
        return 200, _json(result), "application/json"
    said = []
    if result.found:
        named = list(result.remaining[:10]) + ([f"{len(result.remaining) - 10} more"] if len(result.remaining) > 10 else [])
        named += [f"{result.withheld} the key's groups may not read"] if result.withheld else []
        shown = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
        said.append(f"its text was still found in {result.found} file(s) afterwards (or not read back where said): "
                    f"{shown}; remove that text and run erase again")
    if result.not_looked_for:
        said.append(f"{len(result.not_looked_for)} erased provision(s) were too short to keep a fingerprint of and "
                    f"were not looked for ({', '.join(result.not_looked_for[:10])}): check those by hand")
    detail = f"{result.erasure.document} is erased from the graph, but " + "; and ".join(said)
    return 409, _json({"detail": detail, "result": result.model_dump(mode="json")}), "application/json"


def _check_query(request: Request, allowed: Sequence[str]) -> None:
    """A query names only the route's parameters, each once, each value as sent (``_padded``);
    ``groups`` is refused (400)."""
    problems = []
    for key in dict.fromkeys(request.query_params.keys()):
        values = request.query_params.getlist(key)
        if key == "groups":
            _no_groups([v for v in values if v.strip()])
            continue
        if key not in allowed:
            problems.append({"loc": ["query", key], "msg": f"unknown parameter (known: {', '.join(allowed) or 'none'})",
                             "type": "extra_forbidden"})
        elif len(values) > 1:
            problems.append({"loc": ["query", key], "msg": "given more than once", "type": "duplicate"})
        elif (padded := _padded(values[0], ("query", key))) is not None:
            problems.append(padded)
    if problems:
        raise _Failure(422, problems)


async def _no_body(request: Request) -> None:
    """A route that takes no body: none, or ``{}``. A field is refused as any body's field the
    route does not read (``groups`` 400: they come from the key; any other 422
    ``extra_forbidden`` at it), a body that is not a JSON object 422 — never taken as nothing,
    the work run as if it had not been asked (audit 71 A F3: an ingest's ``{"derived": true}``)."""
    raw = await request.body()
    if not raw.strip():
        return
    try:  # the one JSON reader: numbers, nesting, keys written twice and half surrogate pairs bounded
        sent = jsontext.loads(raw.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError too
        raise _Failure(422, [{"loc": ["body"], "type": "json_invalid",
                              "msg": "this route takes no body, and this one does not parse as JSON"}]) from None
    if not isinstance(sent, dict):
        raise _Failure(422, [{"loc": ["body"], "type": "extra_forbidden",
                              "msg": "this route takes no body: send none (or {})"}])
    if "groups" in sent:
        stated = sent["groups"]
        if stated is not None and not isinstance(stated, list):  # as every body's `groups`: a list or null
            raise _Failure(422, [{"loc": ["body", "groups"], "type": "list_type",
                                  "msg": "groups is a list of group names (and comes from your key: leave it out)"}])
        _no_groups(stated)
    unknown = [field for field in sent if field != "groups"]
    if unknown:
        raise _Failure(422, [{"loc": ["body", field], "msg": "unknown field: this route takes no body",
                              "type": "extra_forbidden"} for field in unknown])


# ---- identity ------------------------------------------------------------------------------

_bearer = HTTPBearer(auto_error=False, description="a key from `inforce serve --add-key`")


def _unauthorized(message: str) -> _Failure:
    return _Failure(401, message, headers={"WWW-Authenticate": "Bearer"})


async def _authenticated(request: Request,
                         credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Caller:
    """The caller a bearer key names in the keys file; 401 without one, or with a wrong one;
    400 when ``Authorization`` or the identity header is sent more than once (which one counts
    is not for the request to choose); 404 for a project the caller's entry is not scoped to."""
    service: Service = request.app.state.service
    for once in ("authorization", *((service.identity_header,) if service.identity_header else ())):
        if len(request.headers.getlist(once)) > 1:
            raise _Failure(400, f"the {once} header is sent more than once: send it once")
    if credentials is None or credentials.scheme.lower() != "bearer" or not credentials.credentials:
        raise _unauthorized("a bearer key is required (Authorization: Bearer <key>)")
    caller = service.keys.caller(credentials.credentials)
    if caller is None:
        raise _unauthorized("the key is not one of this server's")
    header = service.identity_header
    named = request.headers.get(header) if header else None
    if not caller.proxy:
        if named is not None:
            raise _unauthorized(f"only a trusted proxy's key may name a user in {header}")
        return _scoped(request, caller, caller)
    if not header:
        raise _unauthorized("this key is a proxy's, and this server trusts no identity header")
    if not named or not named.strip():
        raise _unauthorized(f"the proxy named no user in {header}")
    user = service.keys.named(named.strip(), caller.name)
    if user is None:
        raise _unauthorized(f"{header} names no user of the keys file that this proxy may name")
    return _scoped(request, replace(user, via=caller.name), caller)


def _scoped(request: Request, caller: Caller, key: Caller) -> Caller:
    """The caller, when its entry (and the proxy's) may ask about the project the path names:
    elsewhere the same 404 as for a project not served (which projects exist is not told)."""
    name = request.path_params.get("name")
    if name is not None and not (caller.serves(name) and key.serves(name)):
        raise _Failure(404, f"no project named {name!r} is served here", outcome="not_found")
    return replace(caller, projects=tuple(p for p in (caller.projects or ()) if key.serves(p))
                   if caller.projects is not None else key.projects)


Authed = Annotated[Caller, Depends(_authenticated)]


def _may(right: Literal["admin", "reviewer"], what: str) -> Any:
    """The authenticated caller, when its key has ``right`` (403 naming ``what`` otherwise): a
    dependency, so it is decided before the body is read as the route's model (a key without
    the right learns nothing of what a valid body would be)."""

    async def holding(caller: Authed) -> Caller:
        if not caller.may(right):  # the one rule (``Caller.may``): an admin may decide proposals too
            raise _Failure(403, f"{what} needs {'an admin' if right == 'admin' else 'a reviewer or admin'} key")
        return caller

    return Depends(holding)


class Identity(BaseModel):
    """The caller as the keys file describes it."""

    name: str
    groups: tuple[str, ...]
    admin: bool
    reviewer: bool
    via: str | None = None


class ServedProject(BaseModel):
    """A project this server answers about."""

    name: str
    index_build: str


def create_app(service: Service, *, max_body: int = DEFAULT_MAX_BODY, max_depth: int = DEFAULT_MAX_DEPTH,
               body_seconds: float = DEFAULT_BODY_SECONDS) -> FastAPI:
    """The FastAPI application serving ``service``'s projects (``/openapi.json`` its document,
    generated from the same models ``--format json`` writes). No documentation page is served:
    FastAPI's ``/docs`` and ``/redoc`` load their scripts from a CDN (a third party's code on
    the service's origin, and a blank page where the network has no way out); any OpenAPI
    viewer renders ``/openapi.json``."""
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await asyncio.to_thread(service.close)  # every decision queued is written before exit

    app = FastAPI(title="inforce", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Which clause is in force for this case, on this date — over HTTP. "
                  "Every /v1/ route takes a bearer key; /healthz, /readyz and this document "
                  "(/openapi.json) take none.")
    app.add_middleware(Limits, max_body=max_body, max_depth=max_depth, body_seconds=body_seconds,
                       known_key=lambda key: service.keys.caller(key) is not None)
    app.state.service = service
    document_statuses(app)

    @app.exception_handler(_Failure)
    async def _failed(request: Request, failed: _Failure) -> Response:
        return JSONResponse({"detail": failed.detail}, status_code=failed.status, headers=failed.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, invalid: RequestValidationError) -> Response:
        # the location and message of each problem; the value sent is the caller's own, left out
        problems = [{"loc": list(p.get("loc", ())), "msg": p.get("msg", ""), "type": p.get("type", "")}
                    for p in invalid.errors()]
        return JSONResponse({"detail": problems}, status_code=422)

    refused = {403: {"model": Refusal, "description": "a refusal: the caller's groups may not read it"}}

    # ---- health --------------------------------------------------------------------------

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        """The process answers."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"])
    async def readyz() -> Response:
        """Every project served is open on its newest generation, its rule packs as ingested (503
        otherwise: one that an ingest swapped in and that does not open is not ready until it
        does; packs edited since ingest, until the next ingest). Off the event loop:
        opening a new generation may take seconds."""
        def newest(warm: Warm) -> str:
            with warm.reading() as project:
                snapshot = project.snapshot
                _ = snapshot.rules  # what every question needs: packs edited since ingest -> 503
                # and the packs as they read now (compiled once per file, size and mtime): one edited
                # while the server runs is 503 too, as the CLI refuses it (audit 72 A L3), where the
                # packs compiled when the project was opened kept it "ready"
                snapshot.check_packs()
                return str(project.build_id)

        if service.log.failing():  # questions are refused until the log is written again (``Service.answer``)
            return JSONResponse({"status": "not ready", "decision_log": "cannot be written"}, status_code=503)
        try:
            builds = await asyncio.to_thread(lambda: [newest(warm) for warm in service.projects.values()])
        except Exception:  # noqa: BLE001 - not ready is the answer, whatever the cause
            return JSONResponse({"status": "not ready"}, status_code=503)
        ready = bool(builds) and all(builds)
        return JSONResponse({"status": "ready" if ready else "not ready", "projects": len(builds)},
                            status_code=200 if ready else 503)

    # ---- projects ------------------------------------------------------------------------

    @app.get("/v1/whoami", tags=["projects"], response_model=Identity)
    async def whoami(request: Request, caller: Authed) -> Identity:
        """Who the server takes the caller to be: the keys file's entry (and the proxy it came through)."""
        _check_query(request, ())  # it takes none: ``?groups=`` is 400, any other 422, as on every route
        return Identity(name=caller.name, groups=caller.groups, admin=caller.admin, reviewer=caller.reviewer,
                        via=caller.via)

    @app.get("/v1/projects", tags=["projects"], response_model=list[ServedProject])
    async def projects(request: Request, caller: Authed) -> list[ServedProject]:
        """The projects this server was started with, by name."""
        _check_query(request, ())
        def listed() -> list[ServedProject]:
            found = []
            for name, warm in service.projects.items():
                if caller.serves(name):
                    try:
                        found.append(ServedProject(name=name, index_build=warm.build_id))
                    except (InforceError, InputErrors) as problem:
                        raise _failure(problem, "query", warm.root, name) from None
            return found

        return await asyncio.to_thread(listed)

    @app.get("/v1/projects/{name}/asof", tags=["questions"], response_model=AsOfAnswer, responses=refused)
    async def asof(request: Request, name: str, caller: Authed, locator: Annotated[str, Query(max_length=500)],
                   valid_at: Annotated[str | None, Query(description="YYYY-MM-DD")] = None,
                   known_at: Annotated[str | None, Query(description="YYYY-MM-DD or a UTC date-time")] = None,
                   ) -> Response:
        """What is in force for ``locator`` on ``valid_at`` (as known by ``known_at``), and why."""
        return await service.answer(request, caller, name, "asof", lambda project: project.asof(
            _locator(locator, "locator"), _query_date(valid_at, "valid_at"), _query_moment(known_at, "known_at"),
            groups=caller.groups), allowed=("locator", "valid_at", "known_at"), quick=_section(locator))

    @app.get("/v1/projects/{name}/history", tags=["questions"], response_model=History, responses=refused)
    async def history(request: Request, name: str, caller: Authed,
                      locator: Annotated[str, Query(max_length=500)]) -> Response:
        """Every version of a provision, on both clocks."""
        return await service.answer(request, caller, name, "history", lambda project: project.history(
            _locator(locator, "locator"), groups=caller.groups), allowed=("locator",))

    @app.get("/v1/projects/{name}/show", tags=["questions"], response_model=ProvisionView, responses=refused)
    async def show(request: Request, name: str, caller: Authed,
                   locator: Annotated[str, Query(max_length=500)]) -> Response:
        """One stored provision, its revisions and edges."""
        return await service.answer(request, caller, name, "show", lambda project: project.show(
            _locator(locator, "locator"), groups=caller.groups), allowed=("locator",))

    @app.get("/v1/projects/{name}/facts", tags=["questions"], response_model=Facts)
    async def facts(request: Request, name: str, caller: Authed, subject: str | None = None,
                    valid_at: str | None = None, known_at: str | None = None) -> Response:
        """Every in-force statement of a subject's quantity (every subject when none)."""
        return await service.answer(request, caller, name, "facts", lambda project: project.facts(
            subject, _query_date(valid_at, "valid_at"), _query_moment(known_at, "known_at"), groups=caller.groups),
            allowed=("subject", "valid_at", "known_at"))

    @app.get("/v1/projects/{name}/stats", tags=["questions"], response_model=ProjectStats)
    async def stats(request: Request, name: str, caller: Authed) -> Response:
        """Counts of what the graph holds that the key's groups may read (docs/formats.md "Access")."""
        return await service.answer(request, caller, name, "stats", lambda project: project.stats(groups=caller.groups))

    @app.get("/v1/projects/{name}/lag", tags=["questions"], response_model=LagReport)
    async def lag(request: Request, name: str, caller: Authed,
                  now: Annotated[str | None, Query(description="the monitoring clock (default: now, UTC)")] = None,
                  ) -> Response:
        """What document control recorded that the graph lacks (revisions the caller may not read withheld)."""
        return await service.answer(request, caller, name, "lag", lambda project: Project.lag(
            project.root, now=_query_moment(now, "now"), groups=caller.groups), allowed=("now",))

    # ---- questions with a body -----------------------------------------------------------

    @app.post("/v1/projects/{name}/check", tags=["questions"], response_model=Verdict)
    async def check(request: Request, name: str, caller: Authed, answer: Answer,
                    tier: Literal["low", "high"] = "low") -> Response:
        """The verdict on an answer's claims (the answer contract); its audit record is stored
        and named in the decision log (``inforce replay`` recomputes it)."""
        try:  # the contract's own reading: dates YYYY-MM-DD, pages whole numbers, fields at their line
            parsed = parse_answer((await request.body()).decode("utf-8", "replace"), file="body")
        except (InputError, InputErrors) as problem:
            raise _failure(problem, "body") from None
        _no_groups(parsed.context.groups)
        service.bounded(len(parsed.claims), ("body", "claims"))
        asked = parsed.model_copy(update={"context": parsed.context.model_copy(update={"groups": caller.groups})})
        warm = service.warm(name)
        deadline = service.deadline()  # the cut-short check stops, not only its answer

        return await service.answer(request, caller, name, "check",
                                    lambda project: project.check(asked, tier=tier, deadline=deadline),
                                    where="body", allowed=("tier",),
                                    keep=lambda verdict: str(Project.keep_record(warm.root, service.audit_folder(warm),
                                                                                asked, verdict)))

    @app.post("/v1/projects/{name}/eligible", tags=["questions"])
    async def eligible(request: Request, name: str, caller: Authed, body: EligibleRequest) -> Response:
        """Which documents may answer the case, why each other one may not, what the packs calculate."""
        await _strict_body(request, EligibleRequest)
        _no_groups(body.groups)
        case = Context(valid_at=body.valid_at, known_at=body.known_at, groups=caller.groups, attributes=body.attributes)
        return await service.answer(request, caller, name, "eligible", lambda project: project.eligible(
            case, exclusions=body.exclusions, documents=body.documents).contract(), where="body",
            decision=lambda contract: RuleDecision.eligibility(case, contract))

    @app.post("/v1/projects/{name}/explain", tags=["questions"], response_model=Explanation)
    async def explain(request: Request, name: str, caller: Authed, body: Context) -> Response:
        """The eligibility decision with its whole trace and the packs it was decided under (``rules explain``)."""
        await _strict_body(request, Context)
        _no_groups(body.groups)
        case = Context(valid_at=body.valid_at, known_at=body.known_at, groups=caller.groups, attributes=body.attributes)
        return await service.answer(request, caller, name, "explain", lambda project: project.explain(case),
                                    where="body")

    @app.get("/v1/projects/{name}/review", tags=["review"], response_model=AddendaReadings)
    async def readings(request: Request, name: str, caller: Authed) -> Response:
        """What the addenda say as the graph is now: edges applied, proposals waiting, items not
        understood (what names a document the caller may not read is left out, the document named)."""
        return await service.answer(request, caller, name, "review", lambda project: project.readings(
            groups=caller.groups))

    @app.post("/v1/projects/{name}/review", tags=["review"], response_model=ReviewDecision, responses=refused)
    async def review(request: Request, name: str,
                     caller: Annotated[Caller, _may("reviewer", "deciding a proposal")], body: ReviewRequest) -> Response:
        """Accept or reject a proposal (a reviewer or admin key; recorded in reviews.yaml under the
        key's name, applied by the next ingest)."""
        await _strict_body(request, ReviewRequest)
        _no_groups(body.groups)
        return await service.answer(request, caller, name, "review", lambda project: project.review(
            body.item, body.decision, by=caller.name, target=body.target, scope=body.scope, note=body.note,
            groups=caller.groups, digest=body.digest), where="body")

    @app.post("/v1/projects/{name}/resolve", tags=["questions"], response_model=ResolveResult)
    async def resolve(request: Request, name: str, caller: Authed, body: ResolveRequest) -> Response:
        """The provisions that govern a question for the case."""
        await _strict_body(request, ResolveRequest)
        _no_groups(body.groups)
        case = Context(valid_at=body.valid_at, known_at=body.known_at, groups=caller.groups, attributes=body.attributes)
        return await service.answer(request, caller, name, "resolve", lambda project: project.resolve(
            body.question, case, k=body.k), where="body")

    @app.post("/v1/projects/{name}/precedence", tags=["questions"], response_model=PrecedenceResult,
              responses=refused)
    async def precedence(request: Request, name: str, caller: Authed, body: PrecedenceRequest) -> Response:
        """Which of two in-force provisions governs, by which rule and clause — or an escalation."""
        await _strict_body(request, PrecedenceRequest)
        _no_groups(body.groups)
        asked = Context(valid_at=body.valid_at, known_at=body.known_at, groups=caller.groups)
        return await service.answer(request, caller, name, "precedence", lambda project: project.precedence(
            _locator(body.a, "a"), _locator(body.b, "b"), body.valid_at, body.known_at, packs=body.packs,
            params=body.params, groups=caller.groups), where="body",
            decision=lambda result: RuleDecision.precedence(body.a, body.b, asked, result, packs=body.packs,
                                                            params=body.params))

    @app.post("/v1/projects/{name}/replay", tags=["questions"], response_model=Replay)
    async def replay(request: Request, name: str, caller: Authed, record: dict[str, Any]) -> Response:
        """Recompute a stored verdict (an audit record a check wrote) and say what changed.
        A record stating groups the caller does not hold (its answer's or its audit's) is refused
        (400): a record is not authenticated, so what changed is told from the key's groups."""
        verdict = record.get("verdict")
        audit = verdict.get("audit") if isinstance(verdict, Mapping) else None
        for holder in (record.get("answer"), audit):
            context = holder.get("context") if isinstance(holder, Mapping) else None
            stated = context.get("groups") if isinstance(context, Mapping) else None
            if isinstance(stated, list) and not set(map(str, stated)) <= set(caller.groups):
                raise _Failure(400, "this record was decided for groups your key does not hold")
        answer = record.get("answer")
        claims = answer.get("claims") if isinstance(answer, Mapping) else None
        service.bounded(len(claims) if isinstance(claims, list) else 0, ("body", "answer", "claims"))
        deadline = service.deadline()  # the cut-short recomputation stops, as a check does
        return await service.answer(request, caller, name, "replay", lambda project: project.replay(
            record, groups=caller.groups, deadline=deadline), where="body")

    # ---- sweeps: jobs --------------------------------------------------------------------

    @app.post("/v1/projects/{name}/sweeps", tags=["sweeps"], status_code=202, response_model=SweepStatus)
    async def start_sweep(request: Request, name: str, caller: Authed, body: SweepRequest) -> Response:
        """Start a sweep of the provisions in force on ``valid_at``; its id, to follow it."""
        await _strict_body(request, SweepRequest)
        _no_groups(body.groups)
        return await service.answer(request, caller, name, "sweeps",
                                    lambda project: service.start_sweep(project, name, caller, body).status(),
                                    where="body", render=lambda status: (202, _json(status), "application/json"))

    def _job(name: str, caller: Caller, job_id: str) -> SweepJob:
        return service.sweep_job(name, caller, job_id)

    @app.get("/v1/projects/{name}/sweeps/{job_id}", tags=["sweeps"], response_model=SweepStatus,
             responses={200: {"content": {m: {} for m in _MEDIA.values()},
                              "description": "the status; with ?format= the report, once done"}})
    async def sweep_result(request: Request, name: str, job_id: str, caller: Authed,
                           format: Literal["json", "sarif", "md", "html"] | None = None) -> Response:
        """The sweep's state and progress; with ``format`` its report (409 until it is done; a
        report read is a decision line, ``sweep-report``, as the page's is)."""
        _check_query(request, ("format",))
        job = _job(name, caller, job_id)
        headers = {BUILD_HEADER: job.index_build}
        if format is None:
            return Response(_json(job.status()), media_type="application/json", headers=headers)
        text = ""
        if job.state == "done" and job.erased is None:
            text = await asyncio.to_thread(render, job.outcome.report, format)

        def report() -> Response:
            if job.state == "erased" or job.erased is not None:
                raise _Failure(410, f"the sweep's report is gone: {job.error}", outcome="erased")
            if job.state != "done":
                raise _Failure(409, f"the sweep is {job.state}: its report exists once it is done")
            if format == "html":
                headers["Content-Security-Policy"] = REPORT_POLICY
            return Response(text, media_type=_MEDIA[format], headers=headers)

        return service.logged(request, caller, [name], "sweep-report", report, {name: job.index_build})

    @app.delete("/v1/projects/{name}/sweeps/{job_id}", tags=["sweeps"], status_code=202, response_model=SweepStatus)
    async def cancel_sweep(request: Request, name: str, job_id: str, caller: Authed) -> Response:
        """Cancel a running sweep (it stops at its next step; one that has ended is left as it is)."""
        _check_query(request, ())
        job = _job(name, caller, job_id)

        def cancelled() -> Response:
            job.cancel.set()
            return Response(_json(job.status()), status_code=202, media_type="application/json",
                            headers={BUILD_HEADER: job.index_build})

        return service.logged(request, caller, [name], "sweep-cancel", cancelled, {name: job.index_build})

    # ---- portfolio sweeps: one job over many projects -----------------------------------

    def _reachable(caller: Caller, asked: Sequence[str] | None) -> list[str]:
        """The projects a portfolio sweep reads: those asked (each once), or every project served
        that the caller's key may reach; one it may not reach is the same 404 as one not served."""
        if asked is None:
            names = [name for name in service.projects if caller.serves(name)]
            if not names:
                raise _Failure(404, "no project served here may be asked about with your key", outcome="not_found")
            return names
        twice = [{"loc": ["body", "projects", index], "msg": f"{name!r} is named more than once", "type": "duplicate"}
                 for index, name in enumerate(asked) if name in asked[:index]]
        if twice:
            raise _Failure(422, twice)
        for name in asked:
            if name not in service.projects or not caller.serves(name):
                raise _Failure(404, f"no project named {name!r} is served here", outcome="not_found")
        return list(asked)

    def _served_run(run: PortfolioRun) -> PortfolioRun:
        """A portfolio run as a client reads it: each error naming its project's folder on the
        server by the name the project is served under."""
        lines = tuple(line if line.error is None else line.model_copy(update={"error": line.error.model_copy(
            update={"message": _served(line.error.message, service.projects[line.project].root, line.project)})})
            for line in run.summary.projects)
        return run.model_copy(update={"summary": run.summary.model_copy(update={"projects": lines})})

    def _portfolio_lines(names: Sequence[str], builds: Mapping[str, str], caller: Caller, endpoint: str,
                         outcome: Callable[[str], str], status: int, seconds: float, body: bytes | None,
                         correlation: str, *, now: bool = False) -> None:
        """A portfolio sweep's decision lines: one per project, in that project's log; ``now``:
        written here (before an answer goes; the first that fails raises), else queued."""
        digest = hashlib.sha256(body).hexdigest() if body is not None else None
        for name in names:
            root = service.projects[name].root

            def write(name: str = name, root: Path = root) -> None:
                service.log.write(root, endpoint=endpoint, caller=caller.name, via=caller.via, project=name,
                                  build=builds.get(name), outcome=outcome(name), status=status, seconds=seconds,
                                  answer_sha256=digest, correlation_id=correlation)

            if now:
                write()
            else:
                service.record(write)

    @app.post("/v1/portfolio/sweeps", tags=["sweeps"], status_code=202, response_model=PortfolioStatus)
    async def start_portfolio_sweep(request: Request, caller: Authed, body: PortfolioSweepRequest) -> Response:
        """Start one sweep of many projects on ``valid_at`` (``projects``, or every one your key
        may reach), each on the generation newest now and as its own sweep would sweep it; its id,
        to follow its progress per project and overall and read each project's report and the
        portfolio summary. A project that fails is listed with its error; the others are swept."""
        began = time.perf_counter()
        correlation = request.scope.get("state", {}).get("correlation_id", "")
        _check_query(request, ())
        await _strict_body(request, PortfolioSweepRequest)
        _no_groups(body.groups)
        names = _reachable(caller, body.projects)
        for name in names:  # as ``Service.answer``: nothing is started whose lines the log would not keep
            if (unwritable := service.log.unwritable(service.projects[name].root)) is not None:
                raise _Failure(503, _unwritable(unwritable, name), outcome="error")
        builds: dict[str, str] = {}

        def begin() -> SweepJob:
            held = ExitStack()  # every generation this request began on, held for the job until it ends
            try:
                members: list[tuple[PortfolioEntry, Project | BaseException]] = []
                for name in names:
                    warm = service.projects[name]
                    entry = PortfolioEntry(name=name, folder=name, root=warm.root)
                    try:
                        pinned = held.enter_context(warm.reading())
                    except (InforceError, InputErrors) as problem:  # this project's line in the summary
                        members.append((entry, problem))
                        continue
                    try:  # packs and params that do not load are the request's 422, not a failed job
                        pinned.snapshot.precedence_rules(body.packs, body.params)
                    except NotFoundError as missing:
                        raise _failure(InputError(missing.what, field="packs", hint=missing.hint), "body") from None
                    except (InforceError, InputErrors) as problem:
                        raise _failure(problem, "body", warm.root, name) from None
                    members.append((entry, pinned))
                    builds[name] = pinned.build_id

                def run(job: SweepJob) -> PortfolioRun:
                    with held:
                        return _served_run(Project.sweep_opened(
                            members, body.valid_at, body.known_at, groups=caller.groups, packs=body.packs,
                            params=body.params, include_superseded=body.include_superseded, fail_on=body.fail_on,
                            progress=job.portfolio_progress))

                def ended(job: SweepJob) -> None:
                    swept: PortfolioRun | None = job.outcome  # None unless it ended done
                    states = {line.project: "failed" if line.error else "swept"
                              for line in swept.summary.projects} if swept is not None else {}
                    _portfolio_lines(names, job.builds, caller, "portfolio-sweep",
                                     lambda name: states.get(name, job.state), 200,
                                     ((job.finished or job.started) - job.started).total_seconds(), None,
                                     f"sweep-{job.id}")

                return _started(held, lambda: service.sweeps.start(None, caller.name, "", run, ended,
                                                                   portfolio=names, builds=builds))
            except BaseException:
                held.close()
                raise

        try:
            job = await asyncio.to_thread(begin)
        except _Failure as failed:
            refused = failed.outcome
            _portfolio_lines(names, builds, caller, "portfolio-sweeps", lambda _: refused, failed.status,
                             time.perf_counter() - began, json.dumps({"detail": failed.detail}).encode(), correlation)
            raise
        answer = _json(job.portfolio_status())
        try:  # written before the answer goes, as every question's line (``Service.answer``)
            await asyncio.to_thread(_portfolio_lines, names, job.builds, caller, "portfolio-sweeps",
                                    lambda _: "sweep_running", 202, time.perf_counter() - began, answer, correlation,
                                    now=True)
        except OSError as problem:
            said = " ".join(str(problem).split())
            _LOG.error("decision not recorded, answer withheld: %s", said)
            return JSONResponse({"detail": _unwritable(said) + f" (sweep job {job.id} was started and runs; "
                                 "its answer is withheld)"}, status_code=503)
        return Response(answer, status_code=202, media_type="application/json")

    def _portfolio_job(caller: Caller, job_id: str) -> SweepJob:
        """The caller's portfolio job, when every project it reads is one the caller's entry (and
        its proxy's) may reach, as each project's own routes are scoped (``_scoped``); else the
        same 404 as another key's job."""
        job = service.sweeps.get(None, caller.name, job_id)
        if job is None or not all(caller.serves(project) for project in job.projects):
            raise _Failure(404, f"no portfolio sweep {job_id!r} of yours", outcome="not_found")
        return job

    @app.get("/v1/portfolio/sweeps/{job_id}", tags=["sweeps"], response_model=PortfolioStatus,
             responses={200: {"content": {m: {} for m in _MEDIA.values()},
                              "description": "the status; with ?project=NAME (and ?format=) that project's report, "
                                             "with ?summary (or ?format=json alone) the portfolio summary, once done"}})
    async def portfolio_sweep_result(
        request: Request, job_id: str, caller: Authed, format: Literal["json", "sarif", "md", "html"] | None = None,
        project: Annotated[str | None, Query(max_length=200)] = None,
        summary: Annotated[Literal["", "true"] | None, Query(description="the portfolio summary (summary.json)")]
        = None,
    ) -> Response:
        """The portfolio sweep's state and progress, per project and overall; with ``project``
        that project's report in ``format`` (json by default: byte for byte its single sweep's),
        with ``summary`` or ``format=json`` alone the summary ``inforce sweep-all`` writes as
        summary.json (409 until the job is done)."""
        _check_query(request, ("format", "project", "summary"))
        job = _portfolio_job(caller, job_id)
        wants_summary = summary is not None or (project is None and format == "json")
        if summary is not None and (project is not None or format not in (None, "json")):
            raise _Failure(422, [{"loc": ["query", "summary"], "type": "value_error",
                                  "msg": "the summary is JSON, of the whole portfolio: leave out project and format"}])
        if project is None and not wants_summary:
            if format is not None:
                raise _Failure(422, [{"loc": ["query", "project"], "type": "missing",
                                      "msg": f"a {format} report is one project's: name it (project=NAME)"}])
            return Response(_json(job.portfolio_status()), media_type="application/json")
        if project is not None and project not in job.projects:
            raise _Failure(404, f"no project named {project!r} in this portfolio sweep", outcome="not_found")
        run: PortfolioRun | None = job.outcome if job.state == "done" and job.erased is None else None
        index = [line.project for line in run.summary.projects].index(project) \
            if run is not None and project is not None else None
        text = ""
        if run is not None and index is not None and (outcome := run.outcomes[index]) is not None:
            text = await asyncio.to_thread(render, outcome.report, format or "json")

        def answer() -> Response:
            if job.state == "erased" or job.erased is not None:
                raise _Failure(410, f"the sweep's reports are gone: {job.error}", outcome="erased")
            if run is None:
                raise _Failure(409, f"the sweep is {job.state}: its reports exist once it is done")
            if wants_summary:
                return Response(render_summary(run.summary), media_type="application/json")
            assert index is not None
            line = run.summary.projects[index]
            if run.outcomes[index] is None:
                said = f": {line.error.type}: {line.error.message}" if line.error is not None else ""
                raise _Failure(404, f"{project} was not swept, so it has no report{said}", outcome="not_found")
            headers = {BUILD_HEADER: job.builds[project]}
            if format == "html":
                headers["Content-Security-Policy"] = REPORT_POLICY
            return Response(text, media_type=_MEDIA[format or "json"], headers=headers)

        read = list(job.projects) if wants_summary else [project]
        return service.logged(request, caller, read, "portfolio-summary" if wants_summary else "portfolio-report",
                              answer, dict(job.builds))

    @app.delete("/v1/portfolio/sweeps/{job_id}", tags=["sweeps"], status_code=202, response_model=PortfolioStatus)
    async def cancel_portfolio_sweep(request: Request, job_id: str, caller: Authed) -> Response:
        """Cancel a running portfolio sweep (it stops at its next step, no report kept; one that
        has ended is left as it is)."""
        _check_query(request, ())
        job = _portfolio_job(caller, job_id)

        def cancelled() -> Response:
            job.cancel.set()
            return Response(_json(job.portfolio_status()), status_code=202, media_type="application/json")

        return service.logged(request, caller, list(job.projects), "portfolio-cancel", cancelled, dict(job.builds))

    # ---- ingest: one writer ----------------------------------------------------------------

    def _claim_writer(name: str, caller: Caller) -> tuple[Any, Any]:
        """The project's warm state and its one writer, claimed for ``caller``: 409 naming who
        holds it while another ingest or erasure runs."""
        warm = service.warm(name)
        writer = service.writers[name]
        try:
            writer.claim(caller.name)
        except IngestRunning as running:
            raise _Failure(409, f"a write to {name} is running, started by {running.caller} at "
                           f"{utc_text(running.started)}") from None
        return warm, writer


    @app.post("/v1/projects/{name}/ingest", tags=["admin"], response_model=IngestSummary)
    async def ingest(request: Request, name: str, caller: Annotated[Caller, _may("admin", "ingest")]) -> Response:
        """Bring the graph up to date with the project's files (an admin key). A second ingest
        while one runs is refused (409, naming who started it). Requests in flight finish on
        the generation they began with; the next ones read the new one."""
        await _no_body(request)  # what it would ask (a derived ingest, groups) is not done silently
        warm, writer = _claim_writer(name, caller)

        ran: list[bool] = []

        def work(project: Project) -> IngestSummary:
            ran.append(True)
            try:
                return Project.ingest(warm.root, groups=caller.groups).summary()
            finally:
                writer.release()  # when the ingest ends, even if the client has gone

        try:
            return await service.answer(request, caller, name, "ingest", work, limited=False)
        finally:
            if not ran:
                writer.release()

    @app.post("/v1/projects/{name}/erase", tags=["admin"], response_model=ErasureResult)
    async def erase(request: Request, name: str, caller: Annotated[Caller, _may("admin", "erase")],
                    body: EraseRequest) -> Response:
        """Remove a document's text (every revision, or ``revision``) from everything the project
        keeps (``Project.erase``; an admin key). The project's one writer: 409 while an ingest or
        another erasure runs. Requests in flight finish on their generation."""
        await _strict_body(request, EraseRequest)
        _no_groups(body.groups)
        if body.confirm != body.document:
            raise _Failure(422, [{"loc": ["body", "confirm"], "type": "missing" if body.confirm is None else "value_error",
                                  "msg": f"erasing cannot be undone: repeat the document id, \"confirm\": "
                                         f"{json.dumps(body.document)}"}])
        warm, writer = _claim_writer(name, caller)
        ran: list[bool] = []

        def work(project: Project) -> ErasureResult | Refusal:
            ran.append(True)
            try:
                audit = service.audit_folder(warm)  # one inside the project is rewritten anyway

                def held(erasure: Erasure) -> None:
                    # before the records are rewritten: sweep reports of older builds dropped,
                    # the recorder's queued audit records written (those written later are
                    # redacted as they are written: Project.keep_record)
                    service.sweeps.forget(name, erasure.id, erasure.index_build_after,
                                          (erasure.index_build_before, project.build_id))
                    service.flush()

                # the key's groups decide what it may erase, as for every read (Project.erase)
                return project.erase(body.document, body.revision, by=caller.name, groups=caller.groups,
                                     audit_dirs=(audit,) if audit.is_dir() else (), held=held)
            finally:
                writer.release()

        try:
            return await service.answer(request, caller, name, "erase", work, where="body", limited=False,
                                        render=_erasure_answer)
        finally:
            if not ran:
                writer.release()

    # the pages ask through this module's machinery, so they are imported once it exists
    from .pages import add_pages

    add_pages(app, service)
    return app
