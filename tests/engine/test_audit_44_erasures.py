"""Audit 44 L4: hand-edits of the project's files that were accepted without a word — a
duplicated entry id in ``erasures.yaml``, a ``file_sha256`` that is not 64 hex digits, and a
manifest's ``facets: abc`` (quietly the list ['abc']) — are input errors naming the file, the
line and the field, as the other bad fields of those files are. Through the real CLI, on real
files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.test_outputs_outside_documents import EXAMPLE, _run

_ENTRY = """\
  - id: "ERASE-0123456789ab"
    document: "SPEC-GONE"
    scope: "document"
    revisions: ["0"]
    by: "aud"
    at: "2026-01-02T03:04:05Z"
    state: "done"
    sources: [{{revision: "0", file: "documents/gone.md", file_sha256: "{sha}"}}]
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    return root


def _said(result) -> str:
    return " ".join(result.output.split())


def test_a_duplicated_erasure_id_is_named_at_its_line(project: Path) -> None:
    (project / "erasures.yaml").write_text("erasures:\n" + _ENTRY.format(sha="a" * 64) * 2)
    said = _said(_run("ingest", project, code=2))
    assert "erasures.yaml:10" in said and "erasures[1].id" in said and "ERASE-0123456789ab" in said, said


@pytest.mark.parametrize("sha", ["abc", "A" * 64, "g" * 64, "a" * 65])
def test_a_file_hash_not_64_hex_digits_is_named_at_its_line(project: Path, sha: str) -> None:
    (project / "erasures.yaml").write_text("erasures:\n" + _ENTRY.format(sha=sha))
    said = _said(_run("ingest", project, code=2))
    assert "erasures.yaml:2" in said and "erasures[0].sources.0.file_sha256" in said, said


def test_a_scalar_for_the_manifests_facets_is_named_at_its_line(project: Path) -> None:
    manifest = project / "inforce.yaml"
    text = manifest.read_text()
    assert "facets: []\n" in text
    manifest.write_text(text.replace("facets: []\n", 'facets: "abc"\n'))
    line = text[:text.index("facets: []")].count("\n") + 1
    said = _said(_run("ingest", project, code=2))
    assert f"inforce.yaml:{line}" in said and "facets" in said and "expected a list" in said, said
