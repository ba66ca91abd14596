"""``--ray-address`` is asked, within seconds, what only a Ray head's GCS answers (its cluster's
id, ``engine._ray._reachable``): a port that speaks HTTP/2 or gRPC but is no Ray head is an input
error naming the address (exit 2), where ``ray.init`` had waited without end; a real head is
still joined.

The commands run as processes of their own (as a person runs them): in this process a started
Ray would refuse any other address by itself, and hide the probe. The gRPC server that is not
Ray's is a real one, Ray's own raylet (a C++ gRPC server serving no GCS service): no gRPC library
comes with Ray for a test to start one of its own."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.portfolios import EXAMPLES
from tests.support.ray_required import ray_cluster, require_ray

pytestmark = pytest.mark.slow

INFORCE = Path(sys.executable).parent / "inforce"
DATE = "2026-05-01"
#: Seconds a refused address may take: the probe's 5 s, with the command's start on a slow machine.
REFUSED_WITHIN = 25
#: Seconds before a command still waiting is taken for one that waits without end.
GIVE_UP = 60


@pytest.fixture(autouse=True, scope="module")
def _ray() -> None:
    require_ray()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Ray with 1 CPU started in this process, its head's address."""
    with ray_cluster(1) as address:
        yield address


@pytest.fixture(scope="module")
def portfolio(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding one project, never ingested (its sweep fails; the address is asked first)."""
    folder = tmp_path_factory.mktemp("portfolio")
    shutil.copytree(EXAMPLES / "sop-retention", folder / "sop", ignore=shutil.ignore_patterns(".inforce"))
    return folder


def _sweep_all(portfolio: Path, out: Path, address: str) -> tuple[subprocess.CompletedProcess[str], float]:
    began = time.monotonic()
    try:
        done = subprocess.run([str(INFORCE), "sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                               "--executor", "ray", "--ray-address", address], capture_output=True, text=True,
                              timeout=GIVE_UP, env=os.environ | {"PYTHONDONTWRITEBYTECODE": "1"})
    except subprocess.TimeoutExpired:
        pytest.fail(f"sweep-all --ray-address {address} still waiting after {GIVE_UP} s")
    return done, time.monotonic() - began


def _refused(done: subprocess.CompletedProcess[str], took: float, address: str, out: Path) -> None:
    assert done.returncode == 2, done.stderr
    assert f"--ray-address: no Ray cluster answers at {address}" in done.stderr, done.stderr
    assert took < REFUSED_WITHIN, took
    assert not out.exists()


def test_a_grpc_server_that_is_no_ray_head_is_refused_in_seconds(
    cluster: str, portfolio: Path, tmp_path: Path,
) -> None:
    """Audit 34 BB-07: a gRPC server that is not a Ray GCS (the raylet's port, which answers
    HTTP/2 and gRPC and UNIMPLEMENTED for the GCS's methods) passed the probe, and the command
    waited without end."""
    ray = require_ray()
    node = ray.nodes()[0]
    address = f"{node['NodeManagerAddress']}:{node['NodeManagerPort']}"
    assert address != cluster
    out = tmp_path / "out"
    done, took = _sweep_all(portfolio, out, address)
    _refused(done, took, address, out)
    assert "did not answer as a Ray head's GCS does" in done.stderr, done.stderr


def test_a_port_that_answers_http2_settings_and_then_nothing_is_refused_in_seconds(
    portfolio: Path, tmp_path: Path,
) -> None:
    """Audit 34 BB-07: the audit's listener, which answers HTTP/2's preface with a SETTINGS frame
    and then reads without answering, passed the probe; now the probe's deadline ends it."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    taken: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                peer, _ = listener.accept()
            except OSError:
                continue
            taken.append(peer)
            peer.sendall(b"\x00\x00\x00\x04\x00\x00\x00\x00\x00")  # SETTINGS, then silence

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    address = f"127.0.0.1:{listener.getsockname()[1]}"
    out = tmp_path / "out"
    try:
        done, took = _sweep_all(portfolio, out, address)
    finally:
        stop.set()
        thread.join()
        listener.close()
        for peer in taken:
            peer.close()
    assert taken, "the command never connected"
    _refused(done, took, address, out)
    assert "timed out" in done.stderr, done.stderr


def test_a_ray_head_is_still_joined(cluster: str, portfolio: Path, tmp_path: Path) -> None:
    """Audit 34 BB-07: the probe that asks for the cluster's id, with the token Ray set in this
    environment, lets a real head through; the command joins it."""
    from inforce.engine._ray import _reachable

    _reachable(cluster)
    done, _ = _sweep_all(portfolio, tmp_path / "out", cluster)
    assert f"ray: joining the cluster at {cluster}" in done.stderr, done.stderr
    assert done.returncode == 5, done.stderr  # the project was never ingested: it fails, on the cluster
    assert "no Ray cluster answers" not in done.stderr


@pytest.mark.parametrize("address", ["127.0.0.1:\u00b2", "127.0.0.1:99999", "127.0.0.1:0", "a..b:6379", ".:6379",
                                     "x" * 70 + ".example:6379"])
def test_an_address_no_resolver_or_port_takes_is_an_input_error(address: str) -> None:
    """Audit 35 DD-02: a superscript digit passed the port check and a host name with an empty
    or over-long label raised UnicodeError past the probe: `sweep`, `sweep-all` and `embed` exited
    70. Each is an input error naming the address (no Ray is started to tell)."""
    from inforce.engine._ray import _reachable
    from inforce.ontology import InputError

    with pytest.raises(InputError) as refused:
        _reachable(address)
    assert refused.value.field == "ray_address"
