"""The server's HTTP protocol as ``inforce serve`` runs it (``server.config``), on a real loopback socket.

httptools where it is installed, held to the same bound on a request's head as h11: a head over
``MAX_HEADER_BYTES`` is answered 431 and its connection closed, whatever its length, and the
server serves the next connection; a head under it, and requests sent back to back on one
connection, are served. Without httptools the server runs on h11 (a fresh interpreter where
``import httptools`` fails, as where it is not installed). Every loop is bounded by a count.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402

from inforce.adapters.http import Keys, Service, create_app  # noqa: E402
from inforce.adapters.http.server import DEFAULT_HEAD_SECONDS, MAX_HEADER_BYTES, config, protocol  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


#: the head deadline of the servers here: short, so a test waits past it in a second or two
HEAD_SECONDS = 0.8


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    """A server with no project (``/healthz`` answers), configured as ``inforce serve`` configures it
    (but for its head deadline, ``HEAD_SECONDS``)."""
    server = uvicorn.Server(config(create_app(Service({}, Keys([]))), log_level="warning",
                                   head_seconds=HEAD_SECONDS))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(1000):
        if server.started:
            break
        assert thread.is_alive()
        time.sleep(0.02)
    assert server.started, "the server did not start in 20 s"
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)


def _exchange(port: int, request: bytes, *, chunk: int = 16 * 1024) -> tuple[bytes, int]:
    """Send ``request`` in chunks (stopping when the server closes), then read what it answered
    until it closes: (the answer, the bytes sent before it closed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        sent = 0
        try:
            for start in range(0, len(request), chunk):
                conn.sendall(request[start:start + chunk])
                sent = start + chunk
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            for _ in range(10_000):  # every request here ends its connection: read to the close
                part = conn.recv(65536)
                if not part:
                    break
                answer += part
        except ConnectionResetError:
            pass
        return answer, sent


def _get(path: str, *headers: bytes) -> bytes:
    return b"\r\n".join([b"GET " + path.encode() + b" HTTP/1.1", b"Host: x", *headers, b"", b""])


def test_httptools_is_used_where_installed() -> None:
    pytest.importorskip("httptools")
    chosen = protocol()
    assert not isinstance(chosen, str) and chosen.max_head == MAX_HEADER_BYTES  # type: ignore[attr-defined]


def test_a_head_over_the_bound_is_431_and_the_connection_closed(port: int) -> None:
    huge = _get("/healthz", b"X-Big: " + b"a" * (8 * 1024 * 1024))  # 8 MB in one header value
    answer, sent = _exchange(port, huge)
    assert answer.startswith(b"HTTP/1.1 431 ") or (answer.startswith(b"HTTP/1.1 400 ") and protocol() == "h11"), answer
    assert sent < len(huge)  # closed long before the 8 MB were taken in
    # many headers, each small, past the bound in all; and a URL past it
    many = _get("/healthz", *(b"X-H%d: %s" % (n, b"b" * 100) for n in range(800)))
    assert _exchange(port, many)[0].split(b" ", 2)[1] in (b"431", b"400")
    assert _exchange(port, _get("/healthz?" + "q" * (MAX_HEADER_BYTES + 10)))[0].split(b" ", 2)[1] in (b"431", b"400")
    # the server goes on serving
    assert _exchange(port, _get("/healthz", b"Connection: close"))[0].startswith(b"HTTP/1.1 200 ")


def _closed_after(conn: socket.socket, wait: float) -> bytes | None:
    """What the server sent before closing ``conn`` within ``wait`` s; None if it is still open."""
    conn.settimeout(wait)
    answer = b""
    try:
        for _ in range(1000):
            part = conn.recv(65536)
            if not part:
                return answer
            answer += part
    except ConnectionResetError:
        return answer
    except TimeoutError:
        return None
    return None


def test_a_head_not_finished_in_time_is_408_and_its_connection_closed(port: int) -> None:
    """Audit 71 B F1: heads sent a line at a time, or never finished, held their connections for
    ever (a thousand of them, no key needed, made every caller's answer 503)."""
    assert DEFAULT_HEAD_SECONDS == 10 and protocol().head_seconds == DEFAULT_HEAD_SECONDS  # type: ignore[union-attr]
    slow = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(5)]
    idle = socket.create_connection(("127.0.0.1", port), timeout=10)  # nothing sent at all
    try:
        for conn in slow:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # the blank line never sent
        time.sleep(HEAD_SECONDS / 2)
        for conn in slow[:2]:  # a line more before the deadline does not put it off
            conn.sendall(b"X-More: 1\r\n")
        for conn in slow:
            answer = _closed_after(conn, HEAD_SECONDS + 5)
            assert answer is not None, "still open past the head deadline"
            assert answer.startswith(b"HTTP/1.1 408 ") and b"connection: close" in answer.lower(), answer
            assert b"was not received within 0.8 s" in answer
        assert _closed_after(idle, 5) == b""  # closed, nothing to answer
        # after a request answered on a kept-alive connection, the next head is timed alike
        with socket.create_connection(("127.0.0.1", port), timeout=10) as kept:
            kept.sendall(_get("/healthz"))
            first = kept.recv(65536)
            assert first.startswith(b"HTTP/1.1 200 "), first
            kept.sendall(b"GET /healthz HTTP/1.1\r\n")
            assert (_closed_after(kept, HEAD_SECONDS + 5) or b"").startswith(b"HTTP/1.1 408 ")
    finally:
        for conn in (*slow, idle):
            conn.close()
    # a request sent whole is answered, and one whose body is slow is the application's to time
    assert _exchange(port, _get("/healthz", b"Connection: close"))[0].startswith(b"HTTP/1.1 200 ")


def test_a_head_under_the_bound_and_requests_back_to_back_are_served(port: int) -> None:
    near = _get("/healthz", b"X-Big: " + b"a" * (MAX_HEADER_BYTES - 200), b"Connection: close")
    assert _exchange(port, near)[0].startswith(b"HTTP/1.1 200 ")
    # three requests in one write, each head large: each counted on its own
    one = _get("/healthz", b"X-Big: " + b"a" * (MAX_HEADER_BYTES // 2))
    answer, _ = _exchange(port, one + one + _get("/healthz", b"Connection: close"), chunk=1 << 20)
    assert answer.count(b"HTTP/1.1 200 ") == 3, answer


def test_without_httptools_the_server_runs_on_h11_with_the_same_bounds(tmp_path: Path) -> None:
    script = textwrap.dedent(f"""
        import socket, sys, threading, time
        sys.modules["httptools"] = None  # as where it is not installed
        sys.modules["uvloop"] = None
        sys.path.insert(0, {str(ROOT / "tests" / "http")!r})
        import uvicorn
        from inforce.adapters.http import Keys, Service, create_app
        from inforce.adapters.http.server import config, protocol
        from test_http_server import _closed_after, _exchange, _get
        from uvicorn.protocols.http.h11_impl import H11Protocol
        assert issubclass(protocol(), H11Protocol), protocol()
        server = uvicorn.Server(config(create_app(Service({{}}, Keys([]))), log_level="warning", head_seconds=0.5))
        sock = socket.socket(); sock.bind(("127.0.0.1", 0))
        thread = threading.Thread(target=server.run, kwargs={{"sockets": [sock]}}, daemon=True)
        thread.start()
        for _ in range(1000):
            if server.started:
                break
            time.sleep(0.02)
        port = sock.getsockname()[1]
        print(_exchange(port, _get("/healthz", b"Connection: close"))[0].split(b" ", 2)[1].decode())
        print(_exchange(port, _get("/healthz", b"X-Big: " + b"a" * (1 << 20)))[0].split(b" ", 2)[1].decode())
        slow = socket.create_connection(("127.0.0.1", port), timeout=10)
        slow.sendall(b"GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n")
        print((_closed_after(slow, 5) or b"open").split(b" ", 2)[1].decode())
        print(_exchange(port, _get("/healthz", b"Connection: close"))[0].split(b" ", 2)[1].decode())
        server.should_exit = True
        thread.join(10)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # h11 refuses a head past the bound with 400, one not finished in time with 408
    assert done.stdout.split() == ["200", "400", "408", "200"]


@pytest.mark.slow
def test_a_sweep_running_when_the_server_is_stopped_gets_its_decision_line(tmp_path: Path, ingested_example) -> None:
    """Audit L5 (last stop): ``inforce serve`` in its own process, SIGTERM while a sweep runs:
    the sweep is cancelled, and its end line is in the decision log once the process has ended."""
    import json
    import os
    import signal

    import httpx
    from typer.testing import CliRunner

    from inforce.adapters.cli import app as cli

    root = ingested_example.copy("riverside-library", tmp_path / "riverside")  # the run's one ingest
    keys = tmp_path / "keys.yaml"
    key = CliRunner().invoke(cli, ["serve", "--add-key", "ops", "--keys", str(keys)]).stdout.strip()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inforce = Path(sys.executable).with_name("inforce")
    process = subprocess.Popen([str(inforce), "serve", str(root), "--keys", str(keys), "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base, headers = f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {key}"}
    try:
        for _ in range(600):
            assert process.poll() is None, process.communicate()[1].decode()
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        name = httpx.get(f"{base}/v1/projects", headers=headers).json()[0]["name"]
        started = httpx.post(f"{base}/v1/projects/{name}/sweeps", json={"valid_at": "2026-05-01"}, headers=headers)
        assert started.status_code == 202, started.text
        job = started.json()
        process.send_signal(signal.SIGTERM)
        process.wait(60)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
    lines = [json.loads(line) for line in (root / ".inforce" / "decisions.jsonl").read_text().splitlines()]
    ended = [line for line in lines if line["correlation_id"] == f"sweep-{job['id']}"]
    assert len(ended) == 1, lines[-3:]
    assert ended[0]["endpoint"] == "sweep" and ended[0]["outcome"] in ("cancelled", "done")


def test_stopping_tells_each_running_jobs_end_once_even_one_that_ignores_its_cancel() -> None:
    """``SweepJobs.stop``: a job that stops at its next step ends cancelled; one that never
    reaches a step is ended by ``stop`` after its wait; either way ``on_end`` once."""
    from inforce.adapters.http.jobs import SweepJob, SweepJobs

    jobs, ended, release = SweepJobs(), [], threading.Event()

    def stepping(job: SweepJob) -> None:
        for step in range(10_000):
            job.progress("pairs", step, 10_000)
            time.sleep(0.001)

    def stuck(job: SweepJob) -> None:
        release.wait(30)

    polite = jobs.start("p", "a", "b1", stepping, ended.append)
    deaf = jobs.start("p", "a", "b1", stuck, ended.append)
    assert jobs.stop(0.5) == 2
    assert sorted(job.id for job in ended) == sorted([polite.id, deaf.id])
    assert polite.state == "cancelled" and polite.error is None
    assert deaf.state == "cancelled" and deaf.error == "the server stopped while it ran"
    release.set()
    assert deaf.thread is not None
    deaf.thread.join(10)
    assert len(ended) == 2 and deaf.state == "cancelled"  # its thread's own end told nothing more
