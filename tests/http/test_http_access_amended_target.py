"""Over HTTP, the same as the CLI (tests/cli/test_access_amended_target.py): a public addendum's
figure read in a restricted paragraph's words reaches only a key holding the paragraph's group
(``engine.access`` rule 6, audit 23p P1): facts, one subject's facts and the sweep in every format."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

from ..support.amended_access import DAY, RESTRICTED, marks_in, write_project

NAME = "amended-access"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> httpx.Client:
    root = write_project(tmp_path_factory.mktemp("http-amended") / "p")
    Project.ingest(root)
    running = serve(Service({NAME: Warm.open(NAME, root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=running.url, timeout=60) as opened:
        yield opened


def _p(path: str) -> str:
    return f"/v1/projects/{NAME}/{path}"


@pytest.mark.parametrize("params", [{}, {"subject": "concrete.compressive_strength"}], ids=["all", "subject"])
def test_facts_reach_only_a_key_with_the_group(client: httpx.Client, bearer: Any, params: dict[str, str]) -> None:
    public = client.get(_p("facts"), params={"valid_at": DAY, **params}, headers=bearer("public"))
    assert public.status_code == 200, public.text
    assert not marks_in(public.text), (marks_in(public.text), public.text)
    assert public.json()["withheld"] == [RESTRICTED]
    assert not any(fact["resolved"].startswith("ADD-07") for fact in public.json()["facts"])
    owner = client.get(_p("facts"), params={"valid_at": DAY, **params}, headers=bearer("owner"))
    assert owner.status_code == 200 and "quillfen" in owner.text.lower()


def test_a_subject_only_the_restricted_paragraph_gives_is_unknown_to_a_key_without_the_group(
    client: httpx.Client, bearer: Any,
) -> None:
    public = client.get(_p("facts"), params={"valid_at": DAY, "subject": "concrete.cover"}, headers=bearer("public"))
    assert public.status_code == 422, public.text
    owner = client.get(_p("facts"), params={"valid_at": DAY, "subject": "concrete.cover"}, headers=bearer("owner"))
    assert owner.status_code == 200 and "ADD-07" in owner.text


def _sweep(client: httpx.Client, headers: dict[str, str]) -> dict[str, Any]:
    started = client.post(_p("sweeps"), json={"valid_at": DAY}, headers=headers)
    assert started.status_code == 202, started.text
    job = started.json()
    deadline = time.monotonic() + 60
    while job["state"] == "running":
        assert time.monotonic() < deadline, "the sweep did not finish in 60 s"
        time.sleep(0.05)
        job = client.get(_p(f"sweeps/{job['id']}"), headers=headers).json()
    assert job["state"] == "done", job
    return job


@pytest.mark.parametrize("fmt", ["json", "md", "html", "sarif"])
def test_a_sweep_reaches_only_a_key_with_the_group(client: httpx.Client, bearer: Any, fmt: str) -> None:
    for who, shown in (("public", False), ("owner", True)):
        job = _sweep(client, bearer(who))
        report = client.get(_p(f"sweeps/{job['id']}"), params={"format": fmt}, headers=bearer(who))
        assert report.status_code == 200, report.text
        assert bool(marks_in(report.text)) is shown, (who, marks_in(report.text))
