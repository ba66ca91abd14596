"""``bench/embed_scale_bench.py`` (issue 26): its digest of an embedding cache, and the whole
script on a copy of examples/sop-retention — ``inforce embed`` locally and on Ray with the
packaged model, the vectors byte-identical, ``--workers`` without Ray refused as the command
says. Ray is never imported here: the script runs it through the CLI, in its own processes."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bench_scripts import BENCH, load

bench = load("embed_scale_bench")
EXAMPLE = BENCH.parent / "examples" / "sop-retention"


def _cache(project: Path, rows: list[tuple[str, str, bytes]]) -> Path:
    (project / ".inforce").mkdir(parents=True)
    with sqlite3.connect(project / ".inforce" / "embeddings.sqlite") as db:
        db.execute("CREATE TABLE vectors (model TEXT, hash TEXT, vec BLOB)")
        db.executemany("INSERT INTO vectors VALUES (?, ?, ?)", rows)
    return project


def test_the_digest_reads_every_vector_whatever_order_it_was_cached_in(tmp_path: Path) -> None:
    rows = [("m", "h1", b"\x01\x02"), ("m", "h2", b"\x03\x04"), ("m", "h3", b"\x05\x06")]
    first = bench.vectors_digest(_cache(tmp_path / "a", rows))
    assert first[1] == 3
    assert bench.vectors_digest(_cache(tmp_path / "b", rows[::-1])) == first
    changed = bench.vectors_digest(_cache(tmp_path / "c", rows[:2] + [("m", "h3", b"\x05\x07")]))
    assert changed[0] != first[0]
    assert bench.vectors_digest(_cache(tmp_path / "d", rows[:2]))[1] == 2


@pytest.mark.slow
@pytest.mark.ml
def test_the_bench_embeds_the_same_vectors_locally_and_on_ray(tmp_path: Path) -> None:
    for extra, package in (("ray", "ray"), ("ml", "sentence_transformers")):
        if importlib.util.find_spec(package) is None:  # CI installs the extras: there this must run
            if os.environ.get("CI") == "true":
                pytest.fail(f"the {extra} extra is not installed")
            pytest.skip(f"the {extra} extra: pip install 'inforce[{extra}]'")
    project = tmp_path / "sop-retention"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns(".inforce"))
    done = subprocess.run(
        [sys.executable, str(BENCH / "embed_scale_bench.py"), "--project", str(project), "--batch-size", "16",
         "--work", str(tmp_path / "work")],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    local = re.search(r"^\| local \| [0-9.]+ \| [0-9.]+ \| ([0-9,]+) \|", out, re.M)
    ray = re.search(r"^\| ray, --workers 2 \| [0-9.]+ \| [0-9.]+ \| ([0-9,]+) \|", out, re.M)
    assert local and ray and local.group(1) == ray.group(1) and int(local.group(1).replace(",", "")) > 0, out
    assert re.search(r"^\| local, --workers 2 \| refused \(exit 2\): .*--executor ray", out, re.M), out
    assert "Vectors byte-identical to the local run's (every cached vector, and the provisions with one): " \
           "ray, --workers 2 yes." in out
    assert "- vectors from Ray identical to the local ones: met" in out
    assert not (project / ".inforce" / "embeddings.sqlite").exists()  # embedded in copies, never in place
