"""The service's limits and failures through real HTTP, and ``inforce serve``'s own command line.

A server on a small scaffolded project whose time limit no question can meet (every question
is cut short: 504), with one route of the test's own that fails (500: a correlation id, one
log line, nothing of the error to the client). Then the keys file (``--add-key``, errors at
file, line and field) and the command without the extra.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app as cli
from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import Caller, Service, Warm, read_keys
from inforce.engine import Project
from inforce.ontology import InputErrors

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tiny") / "project"
    scaffold_project(root, today="2026-01-05")
    Project.ingest(root)
    return root


def _failing_route(app: Any) -> None:
    @app.get("/v1/fails")
    def fails() -> None:
        raise RuntimeError("ZZINTERNAL detail of the failure")


@pytest.fixture(scope="module")
def server(tiny: Path, serve: Any, http_keys: Any) -> Any:
    with Project.open(tiny) as opened:
        name = opened.manifest.project
    return serve(Service({name: Warm.open(name, tiny)}, http_keys, time_limit=1e-9, identity_header="X-User"),
                 setup=_failing_route)


def test_a_request_past_the_time_limit_is_504_naming_what_was_cut(server: Any, bearer: Any) -> None:
    name = next(iter(server.service.projects))
    with httpx.Client(base_url=server.url, timeout=30) as client:
        cut = client.get(f"/v1/projects/{name}/stats", headers=bearer("owner"))
        assert cut.status_code == 504
        assert cut.json()["detail"].startswith(f"stats on {name} was cut short after")
        server.service.flush()
        lines = (server.service.projects[name].root / ".inforce" / "decisions.jsonl").read_text().splitlines()
        assert '"outcome":"timeout"' in lines[-1] and '"status":504' in lines[-1]
        # the line and the answer name the build the question was asked on (audit L12)
        build = server.service.projects[name].served_build
        assert json.loads(lines[-1])["index_build"] == build == cut.headers["X-Inforce-Build"]
        assert client.get("/healthz").status_code == 200  # the server goes on


def test_an_internal_error_is_500_with_a_correlation_id_and_one_log_line(
    server: Any, caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger="inforce.serve"), httpx.Client(base_url=server.url) as client:
        failed = client.get("/v1/fails", headers={"X-Correlation-Id": "req-42"})
    assert failed.status_code == 500
    assert failed.json() == {"detail": "internal error", "correlation_id": "req-42"}
    assert failed.headers["x-correlation-id"] == "req-42"
    assert "ZZINTERNAL" not in failed.text and "Traceback" not in failed.text
    logged = [r for r in caplog.records if r.name == "inforce.serve"]
    assert len(logged) == 1 and "req-42" in logged[0].getMessage() and "ZZINTERNAL" in logged[0].getMessage()
    assert logged[0].exc_info is None  # one line, no traceback


def test_a_trusted_proxy_names_its_user_and_no_one_else_may(server: Any, bearer: Any) -> None:
    """With --identity-header, the proxy's key plus the header is the named user (their entry's
    groups); the header from any other key, or a proxy naming no one or a stranger, is 401."""
    with httpx.Client(base_url=server.url) as client:
        who = client.get("/v1/whoami", headers={**bearer("gateway"), "X-User": "jdoe"})
        assert who.status_code == 200
        assert who.json() == {"name": "jdoe", "groups": ["owner-team"], "admin": False, "reviewer": False,
                              "via": "gateway"}
        assert client.get("/v1/whoami", headers=bearer("public")).json()["name"] == "public"
        for headers in ({**bearer("public"), "X-User": "jdoe"}, bearer("gateway"),
                        {**bearer("gateway"), "X-User": "nobody"}, {**bearer("gateway"), "X-User": "gateway"},
                        {"X-User": "jdoe"}):
            assert client.get("/v1/whoami", headers=headers).status_code == 401, headers


# ---- the keys file --------------------------------------------------------------------------------


def test_add_key_prints_a_key_once_and_keeps_only_its_hash(tmp_path: Path) -> None:
    keys = tmp_path / "keys.yaml"
    done = runner.invoke(cli, ["serve", "--add-key", "dms-prod", "--groups", "owner-team,qa", "--admin",
                               "--keys", str(keys)])
    assert done.exit_code == 0, done.output
    key = done.stdout.strip()
    assert re.fullmatch(r"ifk_[A-Za-z0-9_-]{40,}", key)
    assert key not in keys.read_text()
    second = runner.invoke(cli, ["serve", "--add-key", "viewer", "--keys", str(keys)])
    assert second.exit_code == 0
    callers = read_keys(keys)
    assert callers.caller(key) == Caller(name="dms-prod", groups=("owner-team", "qa"), admin=True)
    assert callers.caller(second.stdout.strip()) == Caller(name="viewer", groups=())
    assert callers.caller(key[:-1]) is None
    again = runner.invoke(cli, ["serve", "--add-key", "viewer", "--keys", str(keys)])
    assert again.exit_code == 2 and "already has a key" in again.output


def test_a_keys_file_that_does_not_read_names_file_line_and_field(tmp_path: Path, tiny: Path) -> None:
    keys = tmp_path / "keys.yaml"
    keys.write_text(
        "- name: ok\n  key_sha256: " + "a" * 64 + "\n  groups: [g]\n"
        "- name: bad\n  key_sha256: not-hex\n  groups: [g]\n  colour: red\n"
    )
    with pytest.raises(InputErrors) as raised:
        read_keys(keys)
    shown = [str(e) for e in raised.value.exceptions]
    assert any(f"{keys}:5" in s and "[1].key_sha256" in s for s in shown), shown
    assert any(f"{keys}:7" in s and "[1].colour" in s for s in shown), shown
    done = runner.invoke(cli, ["serve", str(tiny), "--keys", str(keys)])
    assert done.exit_code == 2 and "key_sha256" in done.output


def test_serve_without_the_extra_says_how_to_install_it(tmp_path: Path, tiny: Path, monkeypatch: Any) -> None:
    keys = tmp_path / "keys.yaml"
    keys.write_text("[]\n")
    for loaded in [m for m in sys.modules if m.startswith("inforce.adapters.http")]:
        monkeypatch.delitem(sys.modules, loaded)  # imported afresh, as in a new process
    for missing in ("fastapi", "uvicorn"):  # what an install without the extra lacks
        monkeypatch.setitem(sys.modules, missing, None)
    done = runner.invoke(cli, ["serve", str(tiny), "--keys", str(keys)])
    assert done.exit_code == 2
    assert "pip install 'inforce[serve]'" in done.output


def test_only_adapters_http_imports_fastapi_or_uvicorn() -> None:
    importing = re.compile(r"^\s*(?:from|import)\s+(?:fastapi|uvicorn|starlette)\b", re.MULTILINE)
    found = [str(path.relative_to(ROOT)) for folder in ("_inforce", "ontology", "rules", "engine", "adapters")
             for path in (ROOT / folder).rglob("*.py")
             if "adapters/http" not in path.as_posix() and importing.search(path.read_text("utf-8"))]
    assert found == []


@pytest.mark.slow
def test_the_readme_command_serves_the_project(tmp_path: Path, tiny: Path) -> None:
    """``inforce serve PROJECT --keys FILE --port N`` in its own process: it answers, then stops on SIGTERM."""
    keys = tmp_path / "keys.yaml"
    key = runner.invoke(cli, ["serve", "--add-key", "ops", "--keys", str(keys)]).stdout.strip()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inforce = Path(sys.executable).with_name("inforce")
    process = subprocess.Popen([str(inforce), "serve", str(tiny), "--keys", str(keys), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()[1].decode()
            assert time.monotonic() < deadline, "inforce serve did not answer in 60 s"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        served = httpx.get(f"http://127.0.0.1:{port}/v1/projects", headers={"Authorization": f"Bearer {key}"})
        assert served.status_code == 200 and len(served.json()) == 1
    finally:
        process.terminate()
        process.wait(20)


@pytest.mark.slow
def test_an_admin_erases_a_document_and_the_next_requests_read_the_new_graph(
    server: Any, bearer: Any, tiny: Path,
) -> None:
    """Last here: it empties the small project. Erase is the project's one writer, never cut by the time limit."""
    name = next(iter(server.service.projects))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        assert client.post(f"/v1/projects/{name}/erase", json={"document": "SOP-001", "confirm": "SOP-001"},
                           headers=bearer("owner")).status_code == 403
        erased = client.post(f"/v1/projects/{name}/erase", json={"document": "SOP-001", "confirm": "SOP-001"},
                             headers=bearer("admin"))
        assert erased.status_code == 200, erased.text
        result = erased.json()
        assert result["erasure"]["by"] == "admin" and result["remaining"] == []
        served = client.get("/v1/projects", headers=bearer("admin")).json()
        assert served == [{"name": name, "index_build": result["index_build"]}]
    server.service.flush()
    assert "DOCUMENT CONTROL" not in (tiny / ".inforce" / "decisions.jsonl").read_text()


def test_a_key_runs_at_most_four_sweeps_at_once() -> None:
    """The jobs' own bound (the route answers 429 from it): a fifth waits for one to end."""
    import threading

    from inforce.adapters.http.jobs import SweepJobs, TooManySweeps

    jobs, release, ended = SweepJobs(per_caller=4), threading.Event(), threading.Semaphore(0)
    started = [jobs.start("p", "dms", "b", lambda job: release.wait(10), lambda job: ended.release())
               for _ in range(4)]
    with pytest.raises(TooManySweeps):
        jobs.start("p", "dms", "b", lambda job: None, lambda job: None)
    other = jobs.start("p", "someone-else", "b", lambda job: None, lambda job: ended.release())
    release.set()
    for _ in range(5):
        assert ended.acquire(timeout=10)
    assert all(job.state == "done" for job in [*started, other])
    jobs.start("p", "dms", "b", lambda job: None, lambda job: None)  # room again
