"""``inforce sweep-all --executor ray`` (issue 26): on the real Ray, no stand-ins. The files
written are byte for byte those of the local executor, whether the command starts its own Ray
(stopped, its folder removed, when it ends) or joins a running cluster (left running); a worker
killed mid-sweep changes nothing; Ctrl-C cancels the work and leaves nothing at ``--out``; a
cluster address that does not answer is an input error before any work.

One Ray is started for the file (``cluster``) and the commands join it with ``--ray-address``;
one test lets the command start its own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from tests.support.portfolios import build_portfolio
from tests.support.ray_required import ray_cluster, require_ray

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True, scope="module")
def _ray() -> None:
    """Ray, imported when the file's first test runs (``require_ray``: a skip, or under CI a failure)."""
    require_ray()

INFORCE = Path(sys.executable).parent / "inforce"
DATE = "2026-05-01"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _env() -> dict[str, str]:
    """This process's environment as it is now: with Ray's token mode, which Ray set here when
    ``cluster`` started it (a command joining a cluster by its address needs it, as Ray says)."""
    return os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}


def _sweep_all(*args: str | Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(INFORCE), "sweep-all", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env=_env())


def _descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (Linux's /proc); none once it is gone."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found |= {int(child) for child in task.read_text().split()}
        except OSError:  # the thread or the process ended while being read
            pass
    return found | {deeper for child in found for deeper in _descendants(child)}


def _title(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _sweeping(under: int) -> list[int]:
    """Ray's workers under ``under`` running a project's sweep (Ray titles a busy worker by its task)."""
    return sorted(pid for pid in _descendants(under) if _title(pid) == "ray::_sweep_one")


@pytest.fixture(scope="module")
def portfolio(ingested_example, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two ingested examples, one never ingested and one whose ``inforce.yaml`` does not parse."""
    return build_portfolio(ingested_example, tmp_path_factory.mktemp("portfolio"))


@pytest.fixture(scope="module")
def local(portfolio: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """What the local executor writes (one worker, in this process)."""
    out = tmp_path_factory.mktemp("local") / "out"
    done = CliRunner().invoke(app, ["sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out)])
    assert done.exit_code == 5, done.output
    return _tree(out)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Ray with 2 CPUs started in this process (as the command starts its own), its address."""
    with ray_cluster(2) as address:
        yield address


def test_a_ray_started_here_writes_the_same_files_though_a_worker_is_killed_and_is_gone_after(
    portfolio: Path, local: dict[str, bytes], tmp_path: Path,
) -> None:
    temp = Path(tempfile.gettempdir())
    before = set(temp.glob("inforce-ray-*"))
    out = tmp_path / "out"
    run = subprocess.Popen([str(INFORCE), "sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                            "--executor", "ray", "--workers", "2"], stderr=subprocess.PIPE, text=True, env=_env())
    try:
        deadline = time.monotonic() + 120
        while not _sweeping(run.pid) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        victims = _sweeping(run.pid)
        assert victims, "no worker was sweeping a project"
        # the command's own Ray keeps its files in a folder of its own, which its processes name
        ours = {folder for folder in set(temp.glob("inforce-ray-*")) - before
                if any(str(folder) in _cmdline(pid) for pid in _descendants(run.pid))}
        assert len(ours) == 1, ours
        os.kill(victims[0], signal.SIGKILL)  # once: Ray runs its task again on another worker
        _, said = run.communicate(timeout=240)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 5, said  # the two projects that cannot be swept, as without the kill
    assert _tree(out) == local
    assert "ray: starting Ray on this machine with 2 CPU(s)" in said, said
    assert "2 of 4 project(s) swept" in said and "with 2 worker(s)" in said, said
    # quiet: our one line, none of Ray's own start-up chatter
    assert "Started a local Ray instance" not in said and "dashboard" not in said.lower(), said
    # stopped: its folder removed, none of its processes left (each names that folder)
    assert not next(iter(ours)).exists()
    folder = str(ours.pop())
    assert not [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if folder in _cmdline(pid)]


def test_ctrl_c_on_a_joined_cluster_cancels_the_work_leaves_nothing_at_out_and_the_cluster_running(
    cluster: str, portfolio: Path, tmp_path: Path,
) -> None:
    before = set(Path(tempfile.gettempdir()).glob("inforce-ray-*"))
    out = tmp_path / "out"
    run = subprocess.Popen([str(INFORCE), "sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                            "--executor", "ray", "--workers", "2", "--ray-address", cluster],
                           stderr=subprocess.PIPE, text=True, start_new_session=True, env=_env())
    try:
        deadline = time.monotonic() + 120
        while not _sweeping(os.getpid()) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # until a project is being swept
        assert _sweeping(os.getpid()), "no worker was sweeping a project"
        assert not (set(Path(tempfile.gettempdir()).glob("inforce-ray-*")) - before)  # joined: no Ray of its own
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the command's group
        _, said = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130 and "interrupted" in said, said
    assert f"ray: joining the cluster at {cluster}" in said, said
    assert not out.exists()
    deadline = time.monotonic() + 30
    while _sweeping(os.getpid()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _sweeping(os.getpid()), "a sweep went on after Ctrl-C"  # cancelled on the cluster
    ray = require_ray()
    assert ray.get(ray.put(1)) == 1 and ray.cluster_resources().get("CPU") == 2  # which lives on


def test_an_address_where_no_cluster_answers_is_refused(portfolio: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    for address, said in (("127.0.0.1:9", "no Ray cluster answers at 127.0.0.1:9"),
                          ("nowhere", "'nowhere' is no Ray cluster address")):
        done = CliRunner().invoke(app, ["sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                                        "--executor", "ray", "--ray-address", address])
        assert done.exit_code == 2, done.output
        assert f"--ray-address: {said}" in done.output, done.output
        assert not out.exists()
    with socket.socket() as silent:  # takes the connection and never answers: not a Ray head
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        began = time.monotonic()
        done = CliRunner().invoke(app, ["sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                                        "--executor", "ray", "--ray-address", address])
    assert done.exit_code == 2 and f"--ray-address: no Ray cluster answers at {address}" in done.output, done.output
    assert time.monotonic() - began < 30 and not out.exists()
    done = CliRunner().invoke(app, ["sweep-all", str(portfolio), "--valid-at", DATE, "--out", str(out),
                                    "--ray-address", "127.0.0.1:9"])
    assert done.exit_code == 2 and "--ray-address: a Ray address is for the ray executor" in done.output, done.output
    assert not out.exists()
