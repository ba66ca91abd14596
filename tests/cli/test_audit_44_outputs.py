"""Audit 44: the one output check (``Project.own_path_at``) protects every project whose folder
holds the path, not only the one the command names: ``stats A -o B/.inforce/CURRENT`` left B's
graph damaged, ``-o B/inforce.yaml`` replaced B's manifest, ``--decision-log`` and ``--rfi-dir``
wrote into B's documents (M2). An existing file is compared by identity: a decision log through
a hard link outside the project to its manifest appended to the manifest (L1)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.cli.test_audit_43_outputs import _state
from tests.cli.test_outputs_outside_documents import _project, _run


@pytest.fixture
def projects(tmp_path: Path) -> tuple[Path, Path]:
    """Two ingested copies of the riverside example side by side: the one a command names, and another."""
    named = _project(tmp_path)
    other = tmp_path / "other"
    shutil.copytree(named, other, symlinks=True)
    return named, other


def test_an_output_into_another_projects_own_files_is_refused(projects: tuple[Path, Path]) -> None:
    named, other = projects
    before = _state(other)
    for args, option, target, says in [
        (("stats", named), "-o", other / "inforce.yaml", "is another project's"),
        (("stats", named), "-o", other / ".inforce" / "CURRENT", "is inside another project's"),
        (("eligible", named, "--valid-at", "2026-05-01"), "--decision-log", other / "documents" / "log.md",
         "is inside another project's"),
        (("sweep", named, "--valid-at", "2026-05-01", "--fail-on", "none"), "--rfi-dir",
         other / "documents" / "rfi", "is inside another project's"),
    ]:
        refused = _run(*args, option, target, code=2)
        said = " ".join(refused.output.split())
        assert f"{option}: {target} {says} ({other.resolve()})" in said, refused.output
    assert _state(other) == before
    _run("stats", other)  # the other project still opens


def test_a_decision_log_hard_linked_to_the_manifest_is_refused(projects: tuple[Path, Path]) -> None:
    named, _ = projects
    log = named.parent / "log.jsonl"
    os.link(named / "inforce.yaml", log)
    before = _state(named)
    refused = _run("eligible", named, "--valid-at", "2026-05-01", "--decision-log", log, code=2)
    assert f"--decision-log: {log} is the project's manifest (inforce.yaml)" in " ".join(refused.output.split())
    # and one linked to a document: appending to it would change what the next ingest reads
    document = next(p for p in sorted((named / "documents").rglob("*")) if p.is_file())
    linked = named.parent / "doc.jsonl"
    os.link(document, linked)
    refused = _run("eligible", named, "--valid-at", "2026-05-01", "--decision-log", linked, code=2)
    assert "is inside the project's documents folder" in " ".join(refused.output.split()), refused.output
    assert _state(named) == before
    mine = named.parent / "decisions.jsonl"  # a file of its own: written
    _run("eligible", named, "--valid-at", "2026-05-01", "--decision-log", mine)
    assert json.loads(mine.read_text().splitlines()[0])["endpoint"] == "eligible"


def test_an_output_through_a_link_in_the_named_project_to_anothers_manifest_is_refused(
        projects: tuple[Path, Path]) -> None:
    """Audit 45 M1: ``stats A -o A/out.txt`` with ``A/out.txt -> ../B/inforce.yaml`` replaced B's
    manifest: the other projects were looked for by the path as written, not where it leads."""
    named, other = projects
    before = _state(other)
    link = named / "out.txt"
    link.symlink_to(os.path.relpath(other / "inforce.yaml", named))
    refused = _run("stats", named, "-o", link, code=2)
    assert "another project's" in " ".join(refused.output.split()), refused.output
    assert _state(other) == before
