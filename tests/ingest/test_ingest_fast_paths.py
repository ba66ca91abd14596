"""Per-file shortcuts of a bulk ingest: the same documents, rows and refusals as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.documents import resolving_folders_once
from inforce.engine.store import GraphStore
from inforce.engine.store._rows import COLUMNS, provision_rows
from inforce.ontology import (
    Callout,
    CharSpan,
    Document,
    InputError,
    Manifest,
    Section,
    TableRow,
)

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


def test_staged_rows_carry_every_column_in_table_order():
    span = CharSpan(start=0, end=4)
    document = Document(
        id="D", kind="drawing", effective={"from": "2024-01-01"}, recorded="2024-01-01T00:00:00Z",
        source={"file": "documents/d.md", "line": 1, "format": "markdown"}, text_layer="text",
        provisions=(
            Section(path="1", number="1", heading="H", span=span, text="text"),
            TableRow(path="1.table-1.row-1", parent="1", table=1, row=1, header=("a",), cells=("b",),
                     span=span, header_span=span, text="text"),
            Callout(path="callout-1", detail="3/S-501", scale="1:50", span=span, text="text"),
        ),
    )
    rows = list(provision_rows(document))
    assert [table for table, _ in rows] == ["Section", "TableRow", "Callout"]
    for table, row in rows:
        assert tuple(row) == COLUMNS[table]
        assert row["key"] == f"D@0#{row['path']}" and row["rev"] == "D@0" and row["doc"] == "D"


@pytest.mark.parametrize(
    ("where", "field"),
    [
        ("text_layer", "text_layer"),
        ("title", "title"),
        ("section_text", "provisions[0].text"),
        ("heading", "provisions[0].heading"),
        ("cells", "provisions[1].cells"),
        ("header", "provisions[1].cells"),
        ("callout_text", "provisions[2].text"),
    ],
)
def test_a_nul_is_refused_at_its_first_field(where: str, field: str, tmp_path: Path):
    def nul_if(name: str, text: str) -> str:
        return text + "\x00" if where == name else text

    span = CharSpan(start=0, end=4)
    document = Document(
        id="D", kind="drawing", title=nul_if("title", "T"), effective={"from": "2024-01-01"},
        recorded="2024-01-01T00:00:00Z", source={"file": "documents/d.md", "line": 1, "format": "markdown"},
        text_layer=nul_if("text_layer", "text"),
        provisions=(
            Section(path="1", heading=nul_if("heading", "H"), span=span, text=nul_if("section_text", "text")),
            TableRow(path="1.table-1.row-1", parent="1", table=1, row=1, header=(nul_if("header", "a"),),
                     cells=(nul_if("cells", "b"),), span=span, header_span=span, text="text"),
            Callout(path="callout-1", span=span, text=nul_if("callout_text", "text")),
        ),
    )
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(Manifest(project="p"), "c") as tx:
        with pytest.raises(InputError, match="NUL") as refused:
            tx.add(document)
    assert refused.value.field == field and refused.value.file == "documents/d.md"
