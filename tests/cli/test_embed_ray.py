"""``inforce embed --executor ray`` (issue 26): the packaged model on the real Ray, no stand-ins.
The vectors cached are byte for byte those the local executor caches (the same batches, the
same model), though a worker is killed mid-run; a run killed itself leaves its finished batches
cached, and the next run embeds only the rest (here, locally: one cache for both). One Ray for
the file, joined by address; ``tests/cli/test_sweep_all_ray.py`` has a command start its own."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from tests.support.ray_required import ray_cluster, require_ray

pytestmark = [pytest.mark.slow, pytest.mark.ml]


@pytest.fixture(autouse=True, scope="module")
def _ray() -> None:
    """Ray and the ml extra, imported when the file's first test runs, never at collection (every
    xdist worker collects every file: torch alone is seconds of CPU each)."""
    require_ray()
    pytest.importorskip("sentence_transformers", reason="the ml extra")

INFORCE = Path(sys.executable).parent / "inforce"
PROJECT = "sop-retention"
BATCH = "8"  # small batches: a run is still going when a test kills something in it


def _env() -> dict[str, str]:
    """This process's environment as it is now (with the token mode Ray set when ``cluster`` started)."""
    return os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}


def _vectors(project: Path) -> dict[tuple[str, str], bytes]:
    """The project's embedding cache: (model, text hash) -> the vector's bytes."""
    with sqlite3.connect(project / ".inforce" / "embeddings.sqlite") as db:
        return {(model, text_hash): vec for model, text_hash, vec in db.execute("SELECT model, hash, vec FROM vectors")}


def _cached(project: Path) -> int:
    try:
        with sqlite3.connect(project / ".inforce" / "embeddings.sqlite", timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM vectors").fetchone()[0])
    except sqlite3.OperationalError:  # not made yet
        return 0


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found |= {int(child) for child in task.read_text().split()}
        except OSError:
            pass
    return found | {deeper for child in found for deeper in _descendants(child)}


def _embedding() -> list[int]:
    """This cluster's workers embedding a batch now (Ray titles a busy worker by its task)."""
    def title(pid: int) -> str:
        try:
            return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
        except OSError:
            return ""
    return sorted(pid for pid in _descendants(os.getpid()) if title(pid) == "ray::_embed_batch")


def _embed(project: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([str(INFORCE), "embed", str(project), "--batch-size", BATCH, "--format", "json", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Ray with 2 CPUs started in this process, its address."""
    with ray_cluster(2) as address:
        yield address


@pytest.fixture(scope="module")
def local(ingested_example, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], bytes]:
    """The vectors the local executor caches for the project."""
    project = ingested_example.copy(PROJECT, tmp_path_factory.mktemp("local") / PROJECT)
    done = CliRunner().invoke(app, ["embed", str(project), "--batch-size", BATCH])
    assert done.exit_code == 0, done.output
    vectors = _vectors(project)
    assert len(vectors) > 40 and all(len(vec) == 4 * 384 for vec in vectors.values())
    return vectors


def test_a_worker_killed_mid_run_and_the_vectors_are_those_of_the_local_run(
    cluster: str, local: dict[tuple[str, str], bytes], ingested_example, tmp_path: Path,
) -> None:
    project = ingested_example.copy(PROJECT, tmp_path / PROJECT)
    run = _embed(project, "--executor", "ray", "--workers", "2", "--ray-address", cluster)
    try:
        deadline = time.monotonic() + 120
        while not _embedding() and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        victims = _embedding()
        assert victims, "no worker was embedding"
        os.kill(victims[0], signal.SIGKILL)  # once: Ray runs its batch again on another worker
        said, complaint = run.communicate(timeout=240)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0 and said.startswith("{"), (said, complaint)
    report = json.loads(said)
    assert report["missing"] == report["embedded"] == len(local) and report["applied"], report
    assert f"ray: joining the cluster at {cluster}" in complaint, complaint
    assert _vectors(project) == local  # byte for byte


def test_a_run_killed_itself_is_resumed_embedding_only_what_is_missing(
    cluster: str, local: dict[tuple[str, str], bytes], ingested_example, tmp_path: Path,
) -> None:
    project = ingested_example.copy(PROJECT, tmp_path / PROJECT)
    run = _embed(project, "--executor", "ray", "--ray-address", cluster)  # one worker: one model to load
    try:
        deadline = time.monotonic() + 120
        while not _cached(project) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        run.kill()  # the command itself, once its first batch is cached
        run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    cached = _cached(project)  # the command is gone: what it left, and what the next run begins with
    assert 0 < cached < len(local), cached
    deadline = time.monotonic() + 30
    while _embedding() and time.monotonic() < deadline:  # the dead command's batches, ended by Ray
        time.sleep(0.1)
    # the rest, here: the cache is the one both executors keep (by model and text hash)
    again = CliRunner().invoke(app, ["embed", str(project), "--batch-size", BATCH, "--format", "json"])
    assert again.exit_code == 0, again.output
    report = json.loads(again.stdout)
    assert report["missing"] == report["embedded"] == len(local) - cached, report  # only the rest
    assert _vectors(project) == local
