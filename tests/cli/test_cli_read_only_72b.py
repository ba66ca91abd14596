"""Audit 72 B F3 (issue 23): on a file system mounted read-only, ``ingest`` said its lock file
"cannot serve as the write lock ... remove it" (exit 3) and ``check --audit-dir`` and
``sweep --rfi-dir`` said "permission denied", though nothing was at fault but the mount (and
removing the lock fails there too). Each names the read-only file system, exit 2, naming the
folder (``files.read_only``). The project lies on a real read-only bind mount (root only; the
test is skipped where mounting is not permitted)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.in_process import inforce

SPEC = """---
id: SPEC-7
kind: specification
title: Concrete
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

1.1 Slump: 5 inches maximum.
"""


@pytest.fixture(scope="module")
def mounted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder holding an ingested project, then mounted read-only over itself."""
    base = tmp_path_factory.mktemp("ro72b")
    root = base / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: ro\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-7.md").write_text(SPEC)
    (base / "out").mkdir()
    (base / "answer.json").write_text(json.dumps({"context": {"valid_at": "2026-02-01"}, "claims": [
        {"text": "Slump: 5 inches maximum.", "citations": [{"locator": "SPEC-7#1.1"}]}]}))
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr
    bound = subprocess.run(["mount", "--bind", str(base), str(base)], capture_output=True)
    if bound.returncode != 0:
        pytest.skip(f"no bind mount here: {bound.stderr!r}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(base)], check=True, capture_output=True)
        yield base
    finally:
        subprocess.run(["umount", str(base)], check=True)


def test_ingest_names_the_read_only_file_system_and_no_lock_to_remove(mounted: Path) -> None:
    done = inforce("ingest", mounted / "p")
    assert done.returncode == 2, done.stderr
    said = " ".join(done.stderr.split())
    assert "the file system is read-only" in said and str(mounted / "p" / ".inforce") in said, said
    assert "remove" not in said and "write.lock" not in said, said


@pytest.mark.parametrize(("args", "option"), [
    (["check", "{p}", "--answer", "{base}/answer.json", "--audit-dir", "{base}/out/aud"], "--audit-dir"),
    (["sweep", "{p}", "--valid-at", "2026-02-01", "--rfi-dir", "{base}/out/rfi"], "--rfi-dir"),
])
def test_an_output_folder_names_the_read_only_file_system(mounted: Path, args: list[str], option: str) -> None:
    argv = [a.format(p=mounted / "p", base=mounted) for a in args]
    done = inforce(*argv)
    assert done.returncode == 2, done.stdout + done.stderr
    said = " ".join(done.stderr.split())
    assert option in said and "the file system is read-only" in said and "permission denied" not in said, said
    assert str(mounted / "out") in said, said
