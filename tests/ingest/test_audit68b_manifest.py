"""Issue 23, audit 68 B L5: a manifest value read as other than it is written.

A ``units:`` value padded (``" klbf / ft ** 2"``) or broken over lines was handed to pint, which
trims it, and ``models.embedding: " all-MiniLM-L6-v2"`` was trimmed and read as the packaged
model; audit 67 refused such keys, these values went on being read. Each is refused at its
line now (exit 2), as a key is; each control, written as meant, is read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.in_process import inforce

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _project(root: Path, line: str) -> Path:
    shutil.copytree(EXAMPLES / "sop-retention", root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "inforce.yaml").write_text(f"project: sop-retention\nfacets: []\nrules: []\n{line}\n")
    return root


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('units: {KSF: " klbf / ft ** 2"}', "unit ' klbf / ft ** 2' has spaces around it"),
        ('units: {KSF: "klbf / ft ** 2 "}', "has spaces around it"),
        ('units: {KSF: "klbf\\n/ ft ** 2"}', "cannot be seen (U+000A)"),
        ('models: {embedding: " all-MiniLM-L6-v2"}', "embedding model name ' all-MiniLM-L6-v2' has spaces around it"),
        ('models: {embedding: "none\\n"}', "has spaces around it"),
    ],
)
def test_a_padded_or_broken_manifest_value_is_refused_at_its_line(tmp_path: Path, line: str, says: str):
    root = _project(tmp_path / "p", line)
    done = inforce("ingest", root)
    assert done.returncode == 2, done.stdout + done.stderr
    [said] = [text for text in done.stderr.splitlines() if text.startswith("inforce.yaml:4:")]
    assert says in said, said


@pytest.mark.parametrize("line", ["units: {KSF: klbf / ft ** 2}", "models: {embedding: none}"])
def test_the_same_values_written_as_meant_are_read(tmp_path: Path, line: str):
    done = inforce("ingest", _project(tmp_path / "p", line))
    assert done.returncode == 0, done.stdout + done.stderr
