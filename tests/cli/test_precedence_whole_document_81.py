"""``precedence`` given a document, not a provision, answers in locators, as the command line
takes them (audit 81 B L2: "SPEC-1@0 names a whole document ... (hint: read it with
document('SPEC-1@0'))": a Python call, and a revision the user never typed)."""

from __future__ import annotations

from pathlib import Path

from tests.support.in_process import inforce

_SPEC = (
    "---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi.\n"
    "## 1.2 Steel\nA. Steel shall be grade 60.\n"
)


def test_a_whole_document_is_answered_in_locators(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: l2\n")
    (root / "documents" / "spec-1.md").write_text(_SPEC)
    assert inforce("ingest", root).returncode == 0
    done = inforce("precedence", root, "SPEC-1", "SPEC-1#1.1.A", "--valid-at", "2026-06-01")
    assert done.returncode == 2, done.stderr
    said = " ".join(done.stderr.split())
    assert "SPEC-1 names a whole document, not a provision" in said, said
    assert "SPEC-1#1.1" in said, said  # one of its provisions, as a locator to type
    assert "document(" not in said and "@" not in said, said
