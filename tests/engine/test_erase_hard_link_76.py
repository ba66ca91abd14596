"""Erasing a document whose file has another name (a hard link) (audit 75 B).

``erase`` deleted the project's name of a source file hard-linked to a file outside the project,
said "none holds the erased text" (its read-back looks only inside the project) and exited 0,
while the text stayed readable under the other name. A symlink leading outside is refused at
ingest and a shared link at erase; a hard link is now refused at erase, before anything changes,
naming the file and its count of names; with the other name removed, the same erasure goes through.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputError
from inforce.ontology.erasure import ERASURES_FILE

runner = CliRunner()

SPEC = """---
id: SPEC-H
kind: specification
title: Masonry
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
4.1 MORTAR

A. Lay walrus-71 blocks in type S mortar with tooled joints.
"""


@pytest.fixture
def linked(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-linked\nfacets: []\n")
    elsewhere = tmp_path / "outside" / "masonry.md"
    elsewhere.parent.mkdir()
    elsewhere.write_text(SPEC)
    os.link(elsewhere, root / "documents" / "masonry.md")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root, elsewhere


def test_erasing_a_hard_linked_file_is_refused_and_changes_nothing(linked: tuple[Path, Path]) -> None:
    root, elsewhere = linked
    refused = runner.invoke(app, ["erase", str(root), "SPEC-H", "--confirm", "SPEC-H", "--by", "auditor"])
    assert refused.exit_code == 2, refused.output
    assert "documents/masonry.md" in refused.output and "2 names (hard links)" in refused.output
    assert "nothing was erased" in refused.output
    assert (root / "documents" / "masonry.md").exists() and not (root / ERASURES_FILE).exists()
    with Project.open(root) as opened:
        assert "walrus-71" in opened.show("SPEC-H#4.1.A").text
        with pytest.raises(InputError) as again:
            opened.erase("SPEC-H", by="auditor")
    assert again.value.file == "documents/masonry.md"
    assert "walrus-71" in elsewhere.read_text()


def test_with_the_other_name_removed_the_erasure_goes_through(linked: tuple[Path, Path]) -> None:
    root, elsewhere = linked
    elsewhere.unlink()
    done = runner.invoke(app, ["erase", str(root), "SPEC-H", "--confirm", "SPEC-H", "--by", "auditor"])
    assert done.exit_code == 0, done.output
    assert not (root / "documents" / "masonry.md").exists()
