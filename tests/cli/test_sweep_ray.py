"""``inforce sweep --executor ray`` (issue 26): on the real Ray, no stand-ins. The report is byte
for byte the local one's, whether one process, ``--workers 2`` or Ray with 2 workers made it (the
comparison of subjects split alike, merged alike), in JSON and SARIF; the search for embedding
neighbours and the NLI model's reading of candidate pairs on Ray (each worker loading the tiny
model built here once) give the local report even though a worker is killed while it reads;
Ctrl-C cancels the reading and writes nothing; a wrong executor or address is an input error
before any work.

One Ray is started for the file (``cluster``); the commands run in this process and find it
joined. Ray is imported in the fixture, never at collection (every xdist worker would pay it)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from tests.support.ray_required import ray_cluster

pytestmark = pytest.mark.slow

DATE = "2026-05-01"
runner = CliRunner()


def _sweep(root: Path, out: Path, *args: str) -> bytes:
    done = runner.invoke(app, ["sweep", str(root), "--valid-at", DATE, "-o", str(out), "--fail-on", "none", *args])
    assert done.exit_code == 0, done.output
    return out.read_bytes()


@pytest.fixture(scope="module")
def riverside(ingested_example, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """The riverside example and its local reports (JSON, SARIF, and JSON with ``--workers 2``),
    made before ``cluster`` starts Ray in this process (the pool forks it)."""
    root = ingested_example("riverside-library")
    out = tmp_path_factory.mktemp("local")
    return root, {"json": _sweep(root, out / "one.json"), "sarif": _sweep(root, out / "one.sarif", "-f", "sarif"),
                  "json 2": _sweep(root, out / "two.json", "--workers", "2")}


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Ray with 2 CPUs started in this process, as ``sweep --executor ray`` starts its own; its
    address. Without the extra the file skips, except under CI (make test installs it)."""
    with ray_cluster(2) as address:
        yield address


def test_riverside_on_ray_with_two_workers_is_byte_for_byte_the_local_report(
    riverside: tuple[Path, dict[str, bytes]], cluster: str, tmp_path: Path,
) -> None:
    root, local = riverside
    assert local["json 2"] == local["json"]
    assert b'"findings"' in local["json"] and b'"2.1.0"' in local["sarif"]
    for name, args in (("json", ()), ("sarif", ("-f", "sarif"))):
        got = _sweep(root, tmp_path / f"ray.{name}", "--executor", "ray", "--workers", "2", "--ray-address", cluster,
                     *args)
        assert got == local[name], name


def test_a_wrong_executor_or_address_is_refused_before_any_work(riverside: tuple[Path, dict[str, bytes]],
                                                                 cluster: str, tmp_path: Path) -> None:
    root, _ = riverside
    out = tmp_path / "out.json"
    for args, said in ((("--ray-address", "127.0.0.1:9"), "--ray-address: a Ray address is for the ray executor"),
                       (("--executor", "ray", "--ray-address", "127.0.0.1:9"), "no Ray cluster answers at 127.0.0.1:9"),
                       (("--executor", "ray", "--ray-address", "nowhere"), "'nowhere' is no Ray cluster address"),
                       (("--executor", "spark"), "--executor")):
        done = runner.invoke(app, ["sweep", str(root), "--valid-at", DATE, "-o", str(out), *args])
        assert done.exit_code == 2 and said in done.output, done.output
        assert not out.exists()


# ---- the NLI stage -----------------------------------------------------------------------------

LABELS = {0: "neutral", 1: "contradiction", 2: "entailment"}


def _lab(root: Path) -> Path:
    """Two policies of near-duplicate paragraphs (dozens of embedding proposals, more than one
    batch of pairs), embedded by hashing their words, and a tiny NLI model whose reading moves
    with the text (seeded classifier weights)."""
    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine.embedding import HashingEmbedder, embed_project

    from tiny_models import tiny_classifier

    (root / "documents").mkdir(parents=True)
    tiny_classifier(root / "models" / "nli", LABELS, [0.0, 0.3, 0.0], weight_std=2.0, seed=3)
    (root / "inforce.yaml").write_text("project: lab\nrules:\n  - stock: precedence/none\n"
                                       "models:\n  nli: {path: models/nli, threshold: 0.4}\n", encoding="utf-8")
    for name, verb in (("A", "shall"), ("B", "shall not")):
        body = "".join(f"1.{n} ROOM {n}\n\nA. Visitors to room {n} {verb} sign in at the reception desk first.\n\n"
                       f"B. Coats {verb} be worn at all times inside room {n} of the laboratory.\n\n"
                       f"C. Samples from room {n} {verb} be logged before they leave the building.\n\n"
                       for n in range(1, 6))
        (root / "documents" / f"policy-{name}.md").write_text(
            f"---\nid: POL-{name}\nkind: policy\nrevision: '0'\neffective: {{from: 2026-01-01}}\n"
            f"recorded: 2026-01-01T09:00:00Z\n---\n# Laboratory policy {name}\n\n{body}", encoding="utf-8")
    ingest_project(root)
    embed_project(root, HashingEmbedder())  # words hashed: near-duplicates close, no model to load
    return root


def _workers_reading(under: int) -> list[int]:
    """Ray's workers under ``under`` reading candidate pairs (Ray titles a busy worker by its task)."""
    found: set[int] = set()
    stack = [under]
    while stack:
        for task in Path(f"/proc/{stack.pop()}/task").glob("*/children"):
            try:
                children = {int(child) for child in task.read_text().split()}
            except OSError:
                continue
            found |= children
            stack.extend(children)
    busy = []
    for pid in sorted(found):
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0] == b"ray::_read_batch":
                busy.append(pid)
        except OSError:
            pass
    return busy


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """The lab project and its local report."""
    root = _lab(tmp_path_factory.mktemp("lab") / "lab")
    local = _sweep(root, root.parent / "local.json")
    report = json.loads(local)
    sources = {s["source"]: s for s in report["summary"]["sources"]}
    assert sources["nli"]["ran"] and sources["nli"]["pairs"] > 32, sources  # more than one batch
    assert report["findings"] and report["summary"]["unconfirmed"], report["summary"]  # the text decides
    return root, local


def _when_reading(act: Callable[[int], None]) -> tuple[threading.Thread, threading.Event, list[int]]:
    """A thread that calls ``act(pid)`` once, on the first Ray worker seen reading candidate pairs
    (loading its model, or scoring), its pid then in the list; set the event to stop it."""
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set() and not seen:
            busy = _workers_reading(os.getpid())
            if busy:
                act(busy[0])
                seen.append(busy[0])
            time.sleep(0.02)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread, stop, seen


@pytest.mark.ml
def test_nli_on_ray_is_the_local_report_though_a_reading_worker_is_killed(
    cluster: str, lab: tuple[Path, bytes], tmp_path: Path,
) -> None:
    root, local = lab
    watcher, stop, killed = _when_reading(lambda pid: os.kill(pid, signal.SIGKILL))
    try:
        got = _sweep(root, tmp_path / "ray.json", "--executor", "ray", "--workers", "2", "--ray-address", cluster)
    finally:
        stop.set()
        watcher.join()
    assert killed, "no worker was reading candidate pairs"
    assert got == local


@pytest.mark.ml
def test_ctrl_c_cancels_the_reading_on_ray_and_writes_nothing(cluster: str, lab: tuple[Path, bytes],
                                                              tmp_path: Path) -> None:
    import ray

    # a copy: its model is at another path, so each worker loads it afresh (a window to interrupt)
    root = Path(shutil.copytree(lab[0], tmp_path / "lab"))
    out = tmp_path / "ray.json"
    watcher, stop, seen = _when_reading(lambda _: os.kill(os.getpid(), signal.SIGINT))  # as Ctrl-C reaches us
    try:
        done = runner.invoke(app, ["sweep", str(root), "--valid-at", DATE, "-o", str(out), "--executor", "ray",
                                   "--workers", "2", "--ray-address", cluster])
    finally:
        stop.set()
        watcher.join()
    assert seen, "no worker was reading candidate pairs"
    assert done.exit_code == 130 and "interrupted" in done.output, done.output
    assert not out.exists()
    deadline = time.monotonic() + 30
    while _workers_reading(os.getpid()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _workers_reading(os.getpid()), "a worker went on reading after Ctrl-C"
    assert ray.get(ray.put(1)) == 1  # the cluster lives on
