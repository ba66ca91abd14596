"""A sweep job's status, single and portfolio, counts only what the caller may know (issue 23,
thirty-second audit, AUDIT-Z1 01): the pair of ``tests/engine/test_access_sweep_progress_23``
after the owner's decisions (one project with an accepted edge to a paragraph only the owners'
revision holds, one without) reads alike to the public key: stage, done and total."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from tests.engine.test_access_sweep_progress_23 import OTHER, decide, write_pair

pytestmark = pytest.mark.slow

DAY = "2026-06-01"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> httpx.Client:
    projects = {}
    for name in OTHER:
        root = write_pair(tmp_path_factory.mktemp(f"sweep-progress-http-{name}") / "p", name)
        decide(root, name)
        projects[name] = Warm.open(name, root)
    server = serve(Service(projects, http_keys, time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as opened:
        yield opened


def _finished(client: httpx.Client, start: str, status: str, headers: dict[str, str]) -> dict[str, Any]:
    started = client.post(start, json={"valid_at": DAY}, headers=headers)
    assert started.status_code == 202, started.text
    job = started.json()
    deadline = time.monotonic() + 60
    while job["state"] == "running":
        assert time.monotonic() < deadline, "the sweep did not finish in 60 s"
        time.sleep(0.05)
        job = client.get(status.format(job["id"]), headers=headers).json()
    assert job["state"] == "done", job
    return job


def _counts(job: dict[str, Any]) -> tuple[Any, ...]:
    return job["stage"], job["done"], job["total"]


def test_a_sweep_jobs_progress_reads_alike_without_the_group(client: httpx.Client, bearer: Any) -> None:
    public = bearer("public")
    single = {name: _counts(_finished(client, f"/v1/projects/{name}/sweeps", f"/v1/projects/{name}/sweeps/{{}}", public))
              for name in OTHER}
    assert single["hidden"] == single["absent"] == ("supersession", 1, 1)
    portfolio = _finished(client, "/v1/portfolio/sweeps", "/v1/portfolio/sweeps/{}", public)
    per_project = {entry["project"]: (entry["stage"], entry["done"], entry["total"]) for entry in portfolio["projects"]}
    assert per_project["hidden"] == per_project["absent"], per_project
