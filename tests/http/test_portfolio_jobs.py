"""A portfolio sweep as a service job (issue 26), through real HTTP on loopback.

Three projects served: the Riverside example with its restricted documents (``restricted_riverside``,
words marked ZZ...), the SOP-retention example, and the label-dosing example, whose graph is
deleted once the server is up (a project that is no longer ingested: its sweep fails, the others
complete). ``POST /v1/portfolio/sweeps`` starts one job; each project's report is byte for byte
the single sweep job's for the same body, and the summary is ``inforce sweep-all``'s summary.json
for the same projects (the manifest lists them by folders named as the projects are, so even
``folder`` is the same). A key scoped away from a project meets the same 404 as for a project not
served and never sees it in a summary; a key without the group reads no restricted word in any
report. Every wait is bounded.
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app as cli
from inforce.adapters.http import DecisionLog, Keys, Service, Warm, hash_key
from inforce.adapters.http.jobs import SweepJob, SweepJobs
from inforce.adapters.http.keys import Caller

DAY = "2026-05-01"
GROUP = "owner-team"
RIVERSIDE, SOP, GONE = "riverside-library", "sop-retention", "label-dosing"
MARKS = ("ZZSECRETTITLE", "ZZSECRETBODY", "ZZSECRETDWG", "ZZSECRETCALLOUT", "ZZSECRETREV")
FORMATS = {"json": "application/json", "sarif": "application/sarif+json", "md": "text/markdown; charset=utf-8",
           "html": "text/html; charset=utf-8"}
KEYS = {
    "owner": ("ifk-pf-owner", Caller(name="owner", groups=(GROUP,))),
    "public": ("ifk-pf-public", Caller(name="public", groups=())),
    # scoped to the SOP project alone: Riverside is, for this key, a project not served
    "scoped": ("ifk-pf-scoped", Caller(name="scoped", groups=(GROUP,), projects=(SOP,))),
}


def _auth(who: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {KEYS[who][0]}"}


@pytest.fixture(scope="module")
def folder(restricted_riverside: Path, ingested_example: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three project folders, each named as its project is."""
    root = tmp_path_factory.mktemp("portfolio")
    shutil.copytree(restricted_riverside, root / RIVERSIDE)
    ingested_example.copy(SOP, root / SOP)
    ingested_example.copy(GONE, root / GONE)
    return root


@pytest.fixture(scope="module")
def cli_summary(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """``inforce sweep-all`` of copies of Riverside and SOP (another process's graph is never
    opened twice), as the owner's group: its summary.json."""
    copies = tmp_path_factory.mktemp("cli-portfolio")
    for name in (RIVERSIDE, SOP):
        shutil.copytree(folder / name, copies / name)
    (copies / "nightly.yaml").write_text(f"- {RIVERSIDE}\n- {SOP}\n", encoding="utf-8")
    out = copies / "out"
    done = CliRunner().invoke(cli, ["sweep-all", str(copies / "nightly.yaml"), "--valid-at", DAY, "--groups", GROUP,
                                    "--out", str(out)])
    assert done.exit_code in (0, 1), done.output
    return (out / "summary.json").read_bytes()


@pytest.fixture(scope="module")
def server(folder: Path, cli_summary: bytes, serve: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    keys = Keys([(hash_key(key), caller) for key, caller in KEYS.values()])
    log = tmp_path_factory.mktemp("log") / "decisions.jsonl"
    served = {name: Warm.open(name, folder / name) for name in (RIVERSIDE, SOP, GONE)}
    running = serve(Service(served, keys, decision_log=DecisionLog(log), time_limit=60))
    shutil.rmtree(folder / GONE / ".inforce")  # no longer ingested: its next reading fails
    running.log = log
    return running


@pytest.fixture(scope="module")
def client(server: Any) -> httpx.Client:
    with httpx.Client(base_url=server.url, timeout=60) as opened:
        yield opened


def _wait(client: httpx.Client, path: str, who: str, seconds: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        status = client.get(path, headers=_auth(who)).json()
        if status["state"] != "running":
            return status
        assert time.monotonic() < deadline, f"{path} still running after {seconds} s: {status}"
        time.sleep(0.05)


def _portfolio(client: httpx.Client, who: str, **body: Any) -> dict[str, Any]:
    started = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, **body}, headers=_auth(who))
    assert started.status_code == 202, started.text
    assert started.json()["projects_total"] == len(started.json()["projects"]) > 0
    return _wait(client, f"/v1/portfolio/sweeps/{started.json()['id']}", who)


def _single(client: httpx.Client, who: str, name: str, **body: Any) -> dict[str, Any]:
    started = client.post(f"/v1/projects/{name}/sweeps", json={"valid_at": DAY, **body}, headers=_auth(who))
    assert started.status_code == 202, started.text
    return _wait(client, f"/v1/projects/{name}/sweeps/{started.json()['id']}", who)


def _report(client: httpx.Client, job: str, who: str, **query: str) -> httpx.Response:
    return client.get(f"/v1/portfolio/sweeps/{job}", params=query, headers=_auth(who))


def test_each_report_is_its_single_sweeps_and_the_summary_is_sweep_alls(
        client: httpx.Client, server: Any, cli_summary: bytes) -> None:
    job = _portfolio(client, "owner", projects=[RIVERSIDE, SOP])
    assert job["state"] == "done" and job["projects_done"] == job["projects_total"] == 2, job
    assert [p["project"] for p in job["projects"]] == [RIVERSIDE, SOP]
    assert all(p["state"] == "swept" and p["error"] is None for p in job["projects"]), job
    assert job["errors"] == 0 and job["findings"] == sum(p["findings"] for p in job["projects"]) > 0
    for line in job["projects"]:
        name = line["project"]
        single = _single(client, "owner", name)
        assert single["state"] == "done" and single["index_build"] == line["index_build"], single
        assert single["findings"] == line["findings"]
        for fmt, media in FORMATS.items():
            mine = _report(client, job["id"], "owner", project=name, format=fmt)
            alone = client.get(f"/v1/projects/{name}/sweeps/{single['id']}", params={"format": fmt},
                               headers=_auth("owner"))
            assert mine.status_code == alone.status_code == 200, (fmt, mine.text)
            assert mine.content == alone.content, (name, fmt)
            assert mine.headers["content-type"] == media and mine.headers["X-Inforce-Build"] == line["index_build"]
    # json is a project's report's default format; restricted words reach the owner-team key
    assert _report(client, job["id"], "owner", project=RIVERSIDE).content == _report(
        client, job["id"], "owner", project=RIVERSIDE, format="json").content
    assert "ZZSECRETCALLOUT" in _report(client, job["id"], "owner", project=RIVERSIDE, format="md").text
    # the summary: ?summary, or format=json alone, is sweep-all's summary.json byte for byte
    summary = _report(client, job["id"], "owner", summary="")
    assert summary.status_code == 200 and summary.content == cli_summary
    assert _report(client, job["id"], "owner", format="json").content == cli_summary
    # what is not a report of this job: 422 for a project's format without the project, 404 for a stranger
    assert _report(client, job["id"], "owner", format="md").status_code == 422
    assert _report(client, job["id"], "owner", summary="", project=SOP).status_code == 422
    assert _report(client, job["id"], "owner", project=GONE).status_code == 404
    assert client.get(f"/v1/portfolio/sweeps/{job['id']}", headers=_auth("public")).status_code == 404
    # one decision line per project when it began, and one when it ended
    server.service.flush()
    lines = [json.loads(line) for line in server.log.read_text().splitlines()]
    ended = [(d["project"], d["outcome"], d["index_build"]) for d in lines
             if d["endpoint"] == "portfolio-sweep" and d["correlation_id"] == f"sweep-{job['id']}"]
    assert ended == [(p["project"], "swept", p["index_build"]) for p in job["projects"]]
    began = [d for d in lines if d["endpoint"] == "portfolio-sweeps" and d["status"] == 202 and d["caller"] == "owner"]
    assert {d["project"] for d in began} >= {RIVERSIDE, SOP}


def test_a_project_the_key_may_not_reach_is_not_served_and_never_summarised(client: httpx.Client) -> None:
    refused = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": [SOP, RIVERSIDE]},
                          headers=_auth("scoped"))
    absent = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": ["no-such-project"]},
                         headers=_auth("scoped"))
    assert refused.status_code == absent.status_code == 404
    assert refused.json()["detail"] == f"no project named {RIVERSIDE!r} is served here"
    assert absent.json()["detail"] == "no project named 'no-such-project' is served here"
    # by default: every project the key may reach, which is SOP alone
    job = _portfolio(client, "scoped")
    assert [p["project"] for p in job["projects"]] == [SOP] and job["state"] == "done", job
    summary = _report(client, job["id"], "scoped", summary="")
    assert summary.status_code == 200
    assert [p["project"] for p in summary.json()["projects"]] == [SOP]
    assert RIVERSIDE not in summary.text and RIVERSIDE not in json.dumps(job)
    # a body naming a project twice, or stating groups, is the request's fault
    twice = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": [SOP, SOP]}, headers=_auth("scoped"))
    assert twice.status_code == 422 and twice.json()["detail"][0]["loc"] == ["body", "projects", 1]
    stated = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "groups": [GROUP]}, headers=_auth("public"))
    assert stated.status_code == 400


def test_a_key_without_the_group_reads_no_restricted_word_in_any_report(client: httpx.Client) -> None:
    job = _portfolio(client, "public", projects=[RIVERSIDE, SOP])
    assert job["state"] == "done" and job["errors"] == 0, job
    texts = [_report(client, job["id"], "public", summary="").text]
    for name in (RIVERSIDE, SOP):
        for fmt in FORMATS:
            report = _report(client, job["id"], "public", project=name, format=fmt)
            assert report.status_code == 200
            texts.append(report.text)
    for text in texts:
        for mark in MARKS:
            assert mark not in text


def test_a_project_no_longer_ingested_is_listed_with_its_error_and_the_others_complete(client: httpx.Client) -> None:
    job = _portfolio(client, "owner", projects=[GONE, SOP])
    assert job["state"] == "done" and job["errors"] == 1 and job["projects_done"] == 2, job
    gone, sop = job["projects"]
    assert gone["state"] == "failed" and gone["index_build"] is None
    # as its own sweep would say it, the server's folder named by the project's name
    assert gone["error"] == f"NotIngestedError: {GONE}: not ingested yet (hint: run: inforce ingest {GONE})", gone
    assert sop["state"] == "swept" and sop["error"] is None
    summary = _report(client, job["id"], "owner", summary="").json()
    assert summary["errors"] == 1 and summary["swept"] == 1
    assert summary["projects"][0]["error"] == {"type": "NotIngestedError", "message": gone["error"].split(": ", 1)[1]}
    missing = _report(client, job["id"], "owner", project=GONE, format="md")
    assert missing.status_code == 404 and "NotIngestedError" in missing.text
    assert _report(client, job["id"], "owner", project=SOP, format="md").status_code == 200


def test_a_cancelled_portfolio_sweep_stops_and_keeps_no_report(client: httpx.Client,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # the job's first project step waits until the cancel is sent (these sweeps take milliseconds:
    # without the wait the job could end before the cancel reaches it); the step then goes on as
    # the job's own, which is where a cancel must stop it
    sent = threading.Event()
    step = SweepJob.portfolio_progress

    def after_the_cancel(job: SweepJob, project: str | None, stage: str, done: int, total: int) -> None:
        if project is not None:
            assert sent.wait(20), "the cancel was not sent in 20 s"
        step(job, project, stage, done, total)

    monkeypatch.setattr(SweepJob, "portfolio_progress", after_the_cancel)
    started = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": [RIVERSIDE, SOP]},
                          headers=_auth("owner")).json()
    cancelled = client.delete(f"/v1/portfolio/sweeps/{started['id']}", headers=_auth("owner"))
    sent.set()
    assert cancelled.status_code == 202
    job = _wait(client, f"/v1/portfolio/sweeps/{started['id']}", "owner")
    # stopped at its first step: not a project's error, nothing swept after it
    assert job["state"] == "cancelled" and job["projects_done"] == 0 and job["errors"] is None, job
    assert [p["state"] for p in job["projects"]] == ["cancelled", "cancelled"]  # Audit 34 BB-03
    assert _report(client, started["id"], "owner", summary="").status_code == 409
    assert _report(client, started["id"], "owner", project=RIVERSIDE).status_code == 409
    # an ended job is left as it is
    assert client.delete(f"/v1/portfolio/sweeps/{started['id']}", headers=_auth("owner")).json()["state"] == "cancelled"


def test_a_portfolio_sweep_is_one_of_the_keys_four_sweeps(client: httpx.Client, server: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # four portfolio jobs held at their first project step: a fifth sweep of either kind is 429
    release = threading.Event()
    step = SweepJob.portfolio_progress

    def held(job: SweepJob, project: str | None, stage: str, done: int, total: int) -> None:
        if project is not None:
            assert release.wait(20), "not released in 20 s"
        step(job, project, stage, done, total)

    monkeypatch.setattr(SweepJob, "portfolio_progress", held)
    body = {"valid_at": DAY, "projects": [SOP]}
    try:
        started = [client.post("/v1/portfolio/sweeps", json=body, headers=_auth("public")) for _ in range(4)]
        assert [r.status_code for r in started] == [202] * 4
        fifth = client.post("/v1/portfolio/sweeps", json=body, headers=_auth("public"))
        single = client.post(f"/v1/projects/{SOP}/sweeps", json={"valid_at": DAY}, headers=_auth("public"))
        assert fifth.status_code == single.status_code == 429, (fifth.text, single.text)
        assert "4 sweeps" in fifth.json()["detail"]
        assert client.post("/v1/portfolio/sweeps", json=body, headers=_auth("scoped")).status_code == 202  # another key
    finally:
        release.set()
    for job in started:
        assert _wait(client, f"/v1/portfolio/sweeps/{job.json()['id']}", "public")["state"] == "done"
    server.service.flush()
    refused = [json.loads(line) for line in server.log.read_text().splitlines()]
    assert any(d["endpoint"] == "portfolio-sweeps" and d["status"] == 429 and d["outcome"] == "too_many_sweeps"
               and d["caller"] == "public" for d in refused)


def test_the_routes_are_in_the_openapi_document(client: httpx.Client) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    start, job = paths["/v1/portfolio/sweeps"], paths["/v1/portfolio/sweeps/{job_id}"]
    assert {"202", "404", "422", "429"} <= set(start["post"]["responses"])
    assert {"200", "404", "409", "410", "422"} <= set(job["get"]["responses"])
    assert {"202", "404"} <= set(job["delete"]["responses"])
    assert {p["name"] for p in job["get"]["parameters"]} >= {"job_id", "format", "project", "summary"}


def test_an_erasure_drops_a_portfolio_sweep_reading_the_project_on_an_older_build() -> None:
    """``SweepJobs`` as the erase route drives it: a portfolio job that read the erased project
    on a build from before the erasure loses its reports (summary included), one that did not
    read that project keeps them, and one begun later on a build the erasure left is dropped too."""
    jobs, ends = SweepJobs(), []

    def start(builds: dict[str, str]) -> SweepJob:
        job = jobs.start(None, "owner", "", lambda job: f"run of {sorted(builds)}", ends.append,
                         portfolio=list(builds), builds=builds)
        assert job.thread is not None
        job.thread.join(10)
        assert job.state == "done"
        return job

    read, other = start({RIVERSIDE: "b1", SOP: "s1"}), start({SOP: "s1"})
    assert jobs.forget(RIVERSIDE, "E1", kept_build="b2", left_builds=("b1",)) == 1
    assert read.state == "erased" and read.outcome is None and "E1" not in (read.error or "")  # Audit 34 AA-06: no erasure named
    assert read.portfolio_status().state == "erased"
    assert other.state == "done" and other.outcome is not None
    later = jobs.start(None, "owner", "", lambda job: "late", ends.append, portfolio=[RIVERSIDE],
                       builds={RIVERSIDE: "b1"})
    assert later.thread is not None
    later.thread.join(10)
    assert later.state == "erased" and later.outcome is None
    assert jobs.get(None, "owner", read.id) is read and jobs.get(RIVERSIDE, "owner", read.id) is None
    assert len(ends) == 3  # each end told once
