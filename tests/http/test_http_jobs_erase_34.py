"""Audit 34 (hostile round): sweep jobs and erasure through the service, on loopback.

A small project (a public specification, a restricted addendum replacing one of its paragraphs,
a restricted specification of its own), served twice (``p1``, ``p2``) behind two trusted
proxies, one scoped to ``p1``. A portfolio job is reached only where every project it reads is
in the caller's scope; a cancelled portfolio job's unfinished projects read cancelled; an
erasure's id is random and a dropped job names none; a refused erasure's rebuild names no file
the admin's groups may not read. Every wait is bounded.
"""

from __future__ import annotations

import hashlib
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Keys, Service, Warm, hash_key
from inforce.adapters.http.jobs import SweepJob, SweepJobs
from inforce.adapters.http.keys import Caller
from inforce.engine import Project

GROUP = "owners"
DAY = "2026-05-01"
HEADER = "X-User"
KEYS = {
    "admin": ("ifk-34-admin", Caller(name="admin", groups=(GROUP,), admin=True)),
    "outsider": ("ifk-34-outsider", Caller(name="outsider", groups=(), admin=True)),
    "public": ("ifk-34-public", Caller(name="public", groups=())),
    "gwa": ("ifk-34-gwa", Caller(name="gwa", groups=(), proxy=True, projects=("p1",))),
    "gwb": ("ifk-34-gwb", Caller(name="gwb", groups=(), proxy=True)),
}
#: a user only the proxies name (no key, no right: any proxy may name them)
USER = Caller(name="kim", groups=())

PUBLIC = """---
id: SPEC-A
kind: specification
title: Section 05 12 00 Structural Steel
issued: 2026-03-01
effective: {from: 2026-03-01}
recorded: 2026-03-01T10:00:00Z
---
SECTION 05 12 00 STRUCTURAL STEEL

2.1 MATERIALS

A. Wide-flange shapes: ASTM A992, yield strength not less than 50 ksi.

2.2 FINISHES

A. Shop prime every member not encased in concrete.
"""

ADDENDUM = """---
id: ADD-Q
kind: addendum
title: Addendum Qz34 Owner Notes
access: [owners]
issued: 2026-04-02
effective: {from: 2026-04-02}
recorded: 2026-04-02T08:00:00Z
supersedes:
  - target: SPEC-A#2.1.A
    scope: full
    effective: 2026-04-02
    by: ADD-Q#1.1
---
ADDENDUM Q

1.1 Section 05 12 00, Paragraph 2.1.A: yield strength not less than 65 ksi. Qz34body.
"""

RESTRICTED = """---
id: SPEC-K
kind: specification
title: Restricted Kz34 Section
access: [owners]
issued: 2026-02-01
effective: {from: 2026-02-01}
recorded: 2026-02-01T09:00:00Z
---
SECTION 05 50 00 METAL FABRICATIONS Kz34body

2.1 LADDERS

A. Galvanize every ladder exposed to weather.
"""


def _auth(who: str, user: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {KEYS[who][0]}"}
    if user is not None:
        headers[HEADER] = user
    return headers


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project ingested once; each server serves copies of it."""
    root = tmp_path_factory.mktemp("jobs34") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: jobs-34\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-a.md").write_text(PUBLIC)
    (root / "documents" / "add-q-owner-notes.md").write_text(ADDENDUM)
    (root / "documents" / "spec-k.md").write_text(RESTRICTED)
    Project.ingest(root)
    return root


@pytest.fixture
def server(built: Path, tmp_path: Path, serve: Any) -> Any:
    keys = Keys([*((hash_key(key), caller) for key, caller in KEYS.values()), (None, USER)])
    served = {name: Warm.open(name, shutil.copytree(built, tmp_path / name)) for name in ("p1", "p2")}
    running = serve(Service(served, keys, time_limit=120, identity_header=HEADER))
    running.roots = {name: tmp_path / name for name in served}
    return running


def _wait(client: httpx.Client, path: str, headers: dict[str, str], seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        status = client.get(path, headers=headers).json()
        if status["state"] != "running":
            return status  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, f"{path} still running after {seconds} s: {status}"
        time.sleep(0.05)


def test_a_portfolio_job_is_not_reached_through_a_proxy_scoped_away_from_its_projects(server: Any) -> None:
    """Audit 34 AA-02: a portfolio job was matched by the caller's name alone, so proxy gwa
    (scoped to p1) naming kim read, and could cancel, kim's portfolio job over p2 started through
    gwb, while every /v1/projects/p2/... route was 404 through gwa. Now the job is the same 404
    as another key's where one of its projects is out of the caller's or the proxy's scope."""
    with httpx.Client(base_url=server.url, timeout=60) as client:
        over_p2 = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": ["p2"]},
                              headers=_auth("gwb", "kim"))
        over_p1 = client.post("/v1/portfolio/sweeps", json={"valid_at": DAY, "projects": ["p1"]},
                              headers=_auth("gwb", "kim"))
        assert over_p2.status_code == over_p1.status_code == 202, over_p2.text
        far, near = f"/v1/portfolio/sweeps/{over_p2.json()['id']}", f"/v1/portfolio/sweeps/{over_p1.json()['id']}"
        assert _wait(client, far, _auth("gwb", "kim"))["state"] == "done"
        assert _wait(client, near, _auth("gwb", "kim"))["state"] == "done"
        stranger = client.get(f"/v1/portfolio/sweeps/{over_p2.json()['id']}", headers=_auth("public"))
        for answer in (client.get(far, headers=_auth("gwa", "kim")),
                       client.get(far, params={"project": "p2", "format": "md"}, headers=_auth("gwa", "kim")),
                       client.get(far, params={"summary": ""}, headers=_auth("gwa", "kim")),
                       client.delete(far, headers=_auth("gwa", "kim"))):
            assert answer.status_code == stranger.status_code == 404, answer.text
            assert "p2" not in answer.text
        assert client.get("/v1/projects/p2/stats", headers=_auth("gwa", "kim")).status_code == 404
        # within the scope: the job over p1 is kim's through either proxy
        assert client.get(near, headers=_auth("gwa", "kim")).status_code == 200
        assert client.get(far, headers=_auth("gwb", "kim")).status_code == 200


def test_a_cancelled_portfolio_jobs_unfinished_projects_read_cancelled() -> None:
    """Audit 34 BB-03: after a cancel the job read ``cancelled`` while its projects kept
    ``running`` (with the stage they were at) and ``waiting`` for good. Each project not swept
    when the job ended now reads ``cancelled``, its stage cleared; a swept one stays swept."""
    jobs, ended = SweepJobs(), threading.Event()
    at_step = threading.Event()

    def run(job: SweepJob) -> None:
        job.portfolio_progress("first", "swept", 1, 1)
        job.portfolio_progress(None, "projects", 1, 3)
        deadline = time.monotonic() + 20
        while True:  # a long stage of the second project, until the cancel stops it at a step
            job.portfolio_progress("second", "quantities", 2, 9)
            at_step.set()
            assert time.monotonic() < deadline, "the cancel did not stop the job in 20 s"
            time.sleep(0.01)

    job = jobs.start(None, "owner", "", run, lambda _: ended.set(), portfolio=["first", "second", "third"],
                     builds={"first": "b1", "second": "b2", "third": "b3"})
    assert at_step.wait(20)
    assert [p.state for p in job.portfolio_status().projects] == ["swept", "running", "waiting"]
    job.cancel.set()
    assert ended.wait(20) and job.state == "cancelled"
    status = job.portfolio_status()
    assert status.state == "cancelled" and status.stage is None and status.project is None
    assert [(p.project, p.state, p.stage) for p in status.projects] == [
        ("first", "swept", None), ("second", "cancelled", None), ("third", "cancelled", None)]


@pytest.mark.slow
def test_an_erasure_id_is_random_and_a_dropped_job_names_none(server: Any) -> None:
    """Audit 34 AA-06: the erasure id was sha256 of the document id and the second, and every
    sweep job of the project (a public key's too) was told it (``dropped by the erasure
    ERASE-...``): guessing ids and seconds told a key without the group which restricted document
    was erased, and when. The id is now random, and a dropped job's error names no erasure."""
    with httpx.Client(base_url=server.url, timeout=120) as client:
        base = "/v1/projects/p1"
        job = client.post(f"{base}/sweeps", json={"valid_at": DAY}, headers=_auth("public")).json()
        assert _wait(client, f"{base}/sweeps/{job['id']}", _auth("public"))["state"] == "done"
        erased = client.post(f"{base}/erase", json={"document": "SPEC-K", "confirm": "SPEC-K"},
                             headers=_auth("admin"))
        assert erased.status_code == 200, erased.text
        erasure = erased.json()["erasure"]
        derived = hashlib.sha256(f"SPEC-K\ndocument\nNone\n{erasure['at']}".encode()).hexdigest()[:12]
        assert erasure["id"].startswith("ERASE-") and erasure["id"] != f"ERASE-{derived}"
        status = client.get(f"{base}/sweeps/{job['id']}", headers=_auth("public")).json()
        gone = client.get(f"{base}/sweeps/{job['id']}", params={"format": "json"}, headers=_auth("public"))
        assert status["state"] == "erased" and gone.status_code == 410
        for said in (status["error"], gone.text):
            assert "ERASE-" not in said and erasure["id"] not in said and "SPEC-K" not in said
            assert "start the sweep again" in said


@pytest.mark.slow
def test_a_refused_erasure_names_no_file_the_admins_groups_may_not_read(server: Any) -> None:
    """Audit 34 AA-07: erasing public SPEC-A by an admin without the group failed the rebuild on
    a restricted addendum that replaces one of its paragraphs, and the 422 quoted that file, its
    field and its line. As a refused ingest's: problems of files the key's groups read are
    listed, the others counted in one more problem naming no file; an admin with the group is
    told the file. Nothing is erased either way."""
    root = server.roots["p1"]
    # (an edge into the erased document no longer fails the rebuild: the erased revision is kept as
    # a tombstone holding its paths; a restricted file that does not read fails it as before)
    broken = root / "documents" / "add-q-owner-draft.md"
    broken.write_text(ADDENDUM.replace("id: ADD-Q", "id: ADD-QD").replace("issued: 2026-04-02", "issued: 2026-13-02"))
    try:
        with httpx.Client(base_url=server.url, timeout=120) as client:
            body = {"document": "SPEC-A", "confirm": "SPEC-A"}
            outside = client.post("/v1/projects/p1/erase", json=body, headers=_auth("outsider"))
            inside = client.post("/v1/projects/p1/erase", json=body, headers=_auth("admin"))
    finally:
        broken.unlink()
    assert outside.status_code == inside.status_code == 422, outside.text
    assert "more problems withheld (access)" in outside.text
    for hidden in ("add-q", "Qz34", "ADD-Q", "supersedes", '"line"', '"file"'):
        assert hidden not in outside.text, hidden
    assert "documents/add-q-owner-draft.md" in inside.text and "withheld" not in inside.text
    assert (root / "documents" / "spec-a.md").read_text() == PUBLIC
    assert not (root / "erasures.yaml").exists() or "SPEC-A" not in (root / "erasures.yaml").read_text()


def test_a_project_file_that_does_not_read_is_the_servers_problem_not_the_requests(server: Any) -> None:
    """Audit 34 AA-05: ``GET .../review`` with a ``reviews.yaml`` that does not read was 422, the
    client's bad input, though the client sent nothing wrong. It is 503 (as ``/readyz`` answers
    a project it cannot read), the body as before; an ingest, whose work is reading the files,
    still refuses them with 422."""
    (server.roots["p1"] / "reviews.yaml").write_text("- item: ADD-Q#1.1\n  note: a: b\n")
    with httpx.Client(base_url=server.url, timeout=120) as client:
        read = client.get("/v1/projects/p1/review", headers=_auth("public"))
        ingested = client.post("/v1/projects/p1/ingest", headers=_auth("admin"))
    assert read.status_code == 503, read.text
    assert read.json()["detail"][0]["loc"][:2] == ["file", "reviews.yaml"]
    # the review file speaks of any document: an ingest counts its problems, never quotes them, to a
    # key with groups (audit 35 CC-01), whoever holds the files is told them
    assert ingested.status_code == 422 and "1 more problem withheld (access)" in ingested.text, ingested.text
    assert "a: b" not in ingested.text
