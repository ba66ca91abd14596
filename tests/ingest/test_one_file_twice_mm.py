"""Two document places that are one file through a symbolic link (audit MM-01 high, MM-02): the
ingest had kept one of them and dropped the other's document without a word, and an erasure of
the kept one then deleted the other's file and sidecar, its read-back saying nothing was left.
One file is one document: the ingest refuses such a pair, naming the later place and the other,
and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology.errors import InputErrors

SIDECAR = ("id: {id}\nkind: schedule\ntitle: {title}\neffective: {{from: 2026-03-02}}\n"
           "recorded: 2026-03-02T09:00:00Z\n")
MARKDOWN = ("---\nid: {id}\nkind: specification\ntitle: {title}\neffective: {{from: 2026-01-01}}\n"
            "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi.\n")


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: twice\n")
    return root


def _refused(root: Path) -> str:
    with pytest.raises(InputErrors) as caught:
        Project.ingest(root)
    assert not (root / ".inforce").exists() or not any((root / ".inforce").glob("gen-*"))
    return "\n".join(str(error) for error in caught.value.exceptions)


def test_a_schedule_linked_to_another_schedule_is_refused_naming_both(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "a.csv").write_text("item,qty\nslab,4\n")
    (root / "documents" / "a.csv.yaml").write_text(SIDECAR.format(id="SCH-A", title="Alpha"))
    (root / "documents" / "b.csv.yaml").write_text(SIDECAR.format(id="SCH-B", title="Beta"))
    (root / "documents" / "b.csv").symlink_to("a.csv")
    said = _refused(root)
    assert "documents/b.csv" in said and "same file as that of documents/a.csv" in said, said


def test_a_sidecar_linked_to_another_sidecar_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    for name in ("s", "t"):
        (root / "documents" / f"{name}.csv").write_text(f"item,qty\n{name},1\n")
    (root / "documents" / "s.csv.yaml").write_text(SIDECAR.format(id="SCH-S", title="Ess"))
    (root / "documents" / "t.csv.yaml").symlink_to("s.csv.yaml")
    said = _refused(root)
    assert "documents/t.csv: its sidecar is the same file as that of documents/s.csv" in said, said


def test_a_schedule_whose_file_and_sidecar_both_lead_to_another_is_that_document_once(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "a.csv").write_text("item,qty\nslab,4\n")
    (root / "documents" / "a.csv.yaml").write_text(SIDECAR.format(id="SCH-A", title="Alpha"))
    (root / "documents" / "current.csv").symlink_to("a.csv")
    (root / "documents" / "current.csv.yaml").symlink_to("a.csv.yaml")
    assert Project.ingest(root).provisions > 0


def test_a_markdown_document_linked_through_a_chain_is_one_document(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "sub").mkdir()
    (root / "documents" / "a.md").write_text(MARKDOWN.format(id="SPEC-A", title="A"))
    (root / "documents" / "sub" / "m.md").symlink_to("../a.md")
    (root / "documents" / "z.md").symlink_to("sub/m.md")
    assert [a.split("@")[0] for a in Project.ingest(root).added] == ["SPEC-A"]


def test_a_link_to_a_file_outside_documents_but_inside_the_project_still_reads(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "store").mkdir()
    (root / "store" / "real.md").write_text(MARKDOWN.format(id="SPEC-R", title="Real"))
    (root / "documents" / "r.md").symlink_to("../store/real.md")
    (root / "documents" / "b.md").write_text(MARKDOWN.format(id="SPEC-B", title="B"))
    result = Project.ingest(root)
    assert result.provisions > 0
