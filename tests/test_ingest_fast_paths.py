"""Per-file shortcuts of a bulk ingest give the same documents as parsing one file at a time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.documents import resolving_folders_once

HANDBOOK = """\
---
id: H-{n}
kind: handbook
effective: {{from: 2024-01-01}}
recorded: 2024-01-02T00:00:00Z
---
1 PURPOSE

Why.
"""


@pytest.fixture()
def linked_project(tmp_path: Path) -> Path:
    """A project whose documents reach it through symlinks: a linked folder, a linked file
    inside the project, one pointing outside it, and a project root that is itself a link."""
    real = tmp_path / "real"
    (real / "documents" / "plain").mkdir(parents=True)
    (real / "documents" / "plain" / "a.md").write_text(HANDBOOK.format(n=1), encoding="utf-8")
    (real / "documents" / "plain" / "target.md").write_text(HANDBOOK.format(n=2), encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "far.md").write_text(HANDBOOK.format(n=3), encoding="utf-8")
    os.symlink(real / "documents" / "plain", real / "documents" / "linked-folder")
    os.symlink(real / "documents" / "plain" / "target.md", real / "documents" / "link.md")
    os.symlink(outside / "far.md", real / "documents" / "far-link.md")
    os.symlink(real, tmp_path / "project")
    return tmp_path / "project"


def _files(root: Path) -> list[Path]:
    return [
        root / "documents" / "plain" / "a.md",
        root / "documents" / "linked-folder" / "a.md",
        root / "documents" / "link.md",
        root / "documents" / "far-link.md",
        root / "documents" / ".." / "documents" / "plain" / "a.md",
        Path("documents/plain/a.md"),
    ]


def test_resolving_folders_once_names_files_as_resolving_each_does(
    linked_project: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(linked_project)
    for root in (linked_project, linked_project.resolve(), Path(".")):
        one_by_one = [parse_document_with_warnings(p, root) for p in _files(root)]
        with resolving_folders_once():
            batch = [parse_document_with_warnings(p, root) for p in _files(root)]
        assert batch == one_by_one
        names = [document.source.file for document, _ in batch]
        assert names[:3] == ["documents/plain/a.md", "documents/plain/a.md", "documents/plain/target.md"]
        # Outside the project: named by the path as given, with or without the shortcut.
        assert names[3].endswith("far-link.md")


def test_the_folder_cache_ends_with_its_block(linked_project: Path):
    with resolving_folders_once():
        first = parse_document_with_warnings(linked_project / "documents" / "linked-folder" / "a.md", linked_project)
    # Relinked after the block: the next parse sees the new target.
    folder = linked_project / "documents" / "linked-folder"
    folder.unlink()
    os.symlink(linked_project.resolve() / "documents", folder)
    (linked_project / "documents" / "a.md").write_text(HANDBOOK.format(n=4), encoding="utf-8")
    with resolving_folders_once():
        second = parse_document_with_warnings(folder / "a.md", linked_project)
    assert first[0].source.file == "documents/plain/a.md"
    assert second[0].source.file == "documents/a.md"
