"""Work that outlives a request: sweeps run as jobs, and the one ingest a project may run.

A sweep is started by one request and runs in a worker thread on the generation that was
newest then; its progress (stage, done, total) is read by later requests, and a cancel stops
it at its next progress step. A portfolio sweep is one job too, over many projects (each on
its own generation, ``builds``), its progress per project and overall. The report is kept,
rendered on demand in each format. Only the caller who started a job sees it (another
caller's job id is "no such sweep"). A stopping server cancels the jobs still running and
tells each one's end before it exits (``stop``).
"""

from __future__ import annotations

import datetime as dt
import secrets
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["IngestRunning", "PortfolioProjectStatus", "PortfolioStatus", "SweepJob", "SweepJobs", "SweepStatus",
           "TooManySweeps", "Writer"]

JobState = Literal["running", "done", "failed", "cancelled", "erased"]


class SweepStatus(BaseModel):
    """A sweep job as a client sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    project: str
    state: JobState
    stage: str | None = None
    done: int = 0
    total: int = 0
    started: dt.datetime
    finished: dt.datetime | None = None
    index_build: str
    findings: int | None = None
    fail_on_reached: bool | None = None  # judged under the request's fail_on: a finding at or above it
    error: str | None = None


ProjectState = Literal["waiting", "running", "swept", "failed", "cancelled"]


class PortfolioProjectStatus(BaseModel):
    """One project of a portfolio sweep job: where its sweep is (``stage``, ``done`` of
    ``total`` while it runs), and once swept its findings, or the error that stopped it (the
    error's message once the job is done); ``cancelled`` once the job ended before it was
    swept (cancelled, the server stopping, an erasure dropping it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    project: str
    state: ProjectState = "waiting"
    index_build: str | None = None  # the build it is swept on (None: it could not be opened)
    stage: str | None = None
    done: int = 0
    total: int = 0
    findings: int | None = None
    fail_on_reached: bool | None = None
    error: str | None = None


class PortfolioStatus(BaseModel):
    """A portfolio sweep job as a client sees it: overall (``projects_done`` of
    ``projects_total``, the project sweeping now and its stage) and per project."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    state: JobState
    started: dt.datetime
    finished: dt.datetime | None = None
    projects_done: int = 0
    projects_total: int = 0
    project: str | None = None  # the project sweeping now
    stage: str | None = None
    done: int = 0
    total: int = 0
    projects: tuple[PortfolioProjectStatus, ...] = ()
    findings: int | None = None  # over the projects swept, once done
    failing_gate: int | None = None  # projects with a finding at or above fail_on, once done
    errors: int | None = None  # projects not swept, once done
    error: str | None = None


class _Cancelled(Exception):
    """Raised inside the sweep at its next progress step once the job is cancelled."""


@dataclass
class SweepJob:
    id: str
    project: str | None  # None: a portfolio sweep (``builds`` names its projects)
    caller: str
    index_build: str
    started: dt.datetime
    state: JobState = "running"
    stage: str | None = None
    done: int = 0
    total: int = 0
    finished: dt.datetime | None = None
    outcome: Any = None  # the SweepOutcome
    error: str | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    erased: str | None = None  # the erasure that dropped its report (built on a build before it)
    thread: threading.Thread | None = None
    #: its end told (``on_end`` called): once, by its thread or by ``SweepJobs.stop``
    told: bool = False
    #: each project it reads and the build it reads it on (a single sweep's: its one project)
    builds: dict[str, str] = field(default_factory=dict)
    #: a portfolio sweep's projects (in its order): each one's progress and state
    projects: dict[str, dict[str, Any]] = field(default_factory=dict)
    projects_done: int = 0
    current: str | None = None
    #: what was asked (the request's body: its date, fail_on), for a page to say; not in a status
    asked: Any = None

    def status(self) -> SweepStatus:
        report = self.outcome.report if self.outcome is not None else None
        return SweepStatus(id=self.id, project=self.project, state=self.state, stage=self.stage, done=self.done,
                           total=self.total, started=self.started, finished=self.finished,
                           index_build=self.index_build, error=self.error,
                           findings=len(report.findings) if report is not None else None,
                           fail_on_reached=self.outcome.failed if self.outcome is not None else None)

    def progress(self, stage: str, done: int, total: int) -> None:
        if self.cancel.is_set():
            raise _Cancelled
        self.stage, self.done, self.total = stage, done, total

    def portfolio_progress(self, project: str | None, stage: str, done: int, total: int) -> None:
        """A portfolio sweep's step (``engine.portfolio.PortfolioProgress``): the whole's
        (``project`` None) or one project's; a cancelled job stops here."""
        if self.cancel.is_set():
            raise _Cancelled
        if project is None:
            self.projects_done, self.done, self.total = done, 0, 0
            self.current = self.stage = None
            return
        held = self.projects.setdefault(project, {"project": project})
        if stage in ("swept", "failed"):
            held.update(state=stage, stage=None)
            return
        held.update(state="running", stage=stage, done=done, total=total)
        self.current, self.stage, self.done, self.total = project, stage, done, total

    def portfolio_status(self) -> PortfolioStatus:
        run = self.outcome  # the PortfolioRun, once done
        lines = {line.project: line for line in run.summary.projects} if run is not None else {}
        projects = []
        for name, held in self.projects.items():
            line = lines.get(name)
            more: dict[str, Any] = {}
            if line is not None and line.error is None:
                more = {"state": "swept", "findings": line.findings, "fail_on_reached": line.fails_gate}
            elif line is not None and line.error is not None:
                more = {"state": "failed", "error": f"{line.error.type}: {line.error.message}"}
            elif self.state != "running" and held.get("state", "waiting") in ("waiting", "running"):
                more = {"state": "cancelled", "stage": None}  # the job ended before this project was swept
            projects.append(PortfolioProjectStatus(**{**held, "index_build": self.builds.get(name), **more}))
        summary = run.summary if run is not None else None
        running = self.state == "running"
        return PortfolioStatus(
            id=self.id, state=self.state, started=self.started, finished=self.finished,
            projects_done=self.projects_done, projects_total=len(self.projects),
            project=self.current if running else None, stage=self.stage if running else None,
            done=self.done if running else 0, total=self.total if running else 0, projects=tuple(projects),
            findings=summary.findings if summary else None, failing_gate=summary.failing_gate if summary else None,
            errors=summary.errors if summary else None, error=self.error)


class SweepJobs:
    """The sweep jobs of one server (kept until the server stops; the oldest finished ones
    are dropped past ``keep``)."""

    def __init__(self, keep: int = 100, per_caller: int = 4) -> None:
        self._jobs: dict[str, SweepJob] = {}
        self._lock = threading.Lock()
        self._keep = keep
        self._per_caller = per_caller
        self._erased: dict[str, dict[str, str]] = {}  # per project: build left by an erasure -> its id
        self._on_end: dict[str, Callable[[SweepJob], None]] = {}  # per job not yet ended: its end's teller

    def start(self, project: str | None, caller: str, index_build: str, run: Callable[[SweepJob], Any],
              on_end: Callable[[SweepJob], None], *, portfolio: Sequence[str] = (),
              builds: Mapping[str, str] | None = None) -> SweepJob:
        """Start ``run`` in its own thread; TooManySweeps when the caller already runs ``per_caller``
        (a portfolio sweep counts as one). A portfolio sweep's ``project`` is None, ``portfolio``
        its projects in order, and ``builds`` the build each opened one is read on."""
        job = SweepJob(id=secrets.token_hex(8), project=project, caller=caller, index_build=index_build,
                       started=dt.datetime.now(dt.UTC),
                       builds=dict(builds) if builds is not None else {project or "": index_build},
                       projects={name: {"project": name} for name in portfolio})
        with self._lock:
            running = sum(1 for j in self._jobs.values() if j.caller == caller and j.state == "running")
            if running >= self._per_caller:
                raise TooManySweeps(running)
            # room is made from the finished jobs of whoever holds most (the caller's own first
            # when it is one of them): one key's sweeps do not push out another key's reports
            while len(self._jobs) >= self._keep:
                finished: dict[str, list[SweepJob]] = {}
                for held in self._jobs.values():
                    if held.state != "running":
                        finished.setdefault(held.caller, []).append(held)
                if not finished:
                    break
                most = max(len(jobs) for jobs in finished.values())
                holder = caller if len(finished.get(caller, ())) == most else next(
                    who for who, jobs in finished.items() if len(jobs) == most)
                del self._jobs[finished[holder][0].id]
            self._jobs[job.id] = job

        with self._lock:
            for read, build in job.builds.items():  # begun on a build an erasure has just left
                if build in self._erased.get(read, {}):
                    self._drop(job, self._erased[read][build])
                    break

        def work() -> None:
            try:
                outcome = run(job)
                with self._lock:
                    if not job.told:
                        job.outcome, job.state = outcome, "done"
            except _Cancelled:
                with self._lock:
                    if not job.told:
                        job.state = "cancelled"
            except Exception as problem:  # noqa: BLE001 - the job reports it; the server goes on
                with self._lock:
                    if not job.told:
                        job.error = f"{type(problem).__name__}: {' '.join(str(problem).split())}"
                        job.state = "failed"
            finally:
                self._end(job)

        self._on_end[job.id] = on_end
        job.thread = threading.Thread(target=work, name=f"sweep-{job.id}", daemon=True)
        job.thread.start()
        return job

    def _end(self, job: SweepJob) -> None:
        """The job's end, told once (``on_end``: its decision line)."""
        with self._lock:
            if job.told:
                return
            job.told = True
            if job.erased is not None:  # an erasure came while it ran: nothing of it is kept
                job.outcome, job.state = None, "erased"
            job.finished = dt.datetime.now(dt.UTC)
            on_end = self._on_end.pop(job.id, None)
        if on_end is not None:
            on_end(job)

    def stop(self, seconds: float) -> int:
        """The server stops: every running job is cancelled (it ends at its next progress step)
        and waited for, ``seconds`` in all; one still running then is ended here as cancelled
        ("the server stopped"). Every job's end is told (its decision line queued) before this
        returns; how many were running."""
        with self._lock:
            running = [job for job in self._jobs.values() if job.state == "running" and not job.told]
        for job in running:
            job.cancel.set()
        deadline = time.monotonic() + seconds
        for job in running:
            if job.thread is not None:
                job.thread.join(max(deadline - time.monotonic(), 0.0))
        for job in running:
            with self._lock:
                if not job.told and job.state == "running":
                    job.state, job.error = "cancelled", "the server stopped while it ran"
            self._end(job)
        return len(running)

    def forget(self, project: str, erasure: str, kept_build: str, left_builds: Collection[str] = ()) -> int:
        """An erasure of ``project`` is live (its graph is ``kept_build``): every job built on
        another build drops its report (it may hold the erased text), a running one is
        cancelled, and a job that begins later on one of ``left_builds`` (the builds the erasure
        left behind) drops its own; how many jobs were dropped. A portfolio sweep reading the
        project on another build drops every report it holds (the summary too)."""
        with self._lock:
            left = self._erased.setdefault(project, {})
            dropped = 0
            for job in self._jobs.values():
                build = job.builds.get(project)
                if build is not None and build != kept_build and job.erased is None:
                    left[build] = erasure
                    self._drop(job, erasure)
                    dropped += 1
            for build in left_builds:
                if build and build != kept_build:
                    left[build] = erasure
            return dropped

    @staticmethod
    def _drop(job: SweepJob, erasure: str) -> None:
        job.erased = erasure
        # the erasure is not named: a key that may not read the erased document learns nothing of it
        job.error = "its report was dropped: the project changed under it: start the sweep again"
        job.cancel.set()
        job.outcome = None
        if job.state != "running":
            job.state = "erased"

    def of(self, project: str | None, caller: str) -> list[SweepJob]:
        """The caller's jobs of ``project`` (None: portfolio sweeps), newest first: those ``get``
        would give the caller, and no other key's."""
        with self._lock:
            return sorted((job for job in self._jobs.values() if job.project == project and job.caller == caller),
                          key=lambda job: job.started, reverse=True)

    def get(self, project: str | None, caller: str, job_id: str) -> SweepJob | None:
        """The caller's job ``job_id`` of ``project`` (None: a portfolio sweep), else None."""
        job = self._jobs.get(job_id)
        return job if job is not None and job.project == project and job.caller == caller else None


class TooManySweeps(Exception):
    """The caller already runs as many sweeps as one caller may."""

    def __init__(self, running: int) -> None:
        super().__init__(running)
        self.running = running


class IngestRunning(Exception):
    """A second writer: the project already has an ingest running (who started it, and when)."""

    def __init__(self, caller: str, started: dt.datetime) -> None:
        super().__init__(caller)
        self.caller, self.started = caller, started


class Writer:
    """The one ingest a project may run at a time through this server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: tuple[str, dt.datetime] | None = None

    def claim(self, caller: str) -> None:
        with self._lock:
            if self._running is not None:
                raise IngestRunning(*self._running)
            self._running = (caller, dt.datetime.now(dt.UTC))

    def release(self) -> None:
        with self._lock:
            self._running = None
