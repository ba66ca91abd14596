"""Issue 22: a Markdown file whose text gives no provision is said, not stored silently."""

from __future__ import annotations

from pathlib import Path

from inforce.adapters.ingest import parse_document_with_warnings

_FRONT = """---
id: NOTE-7
kind: other
title: Site note
revision: "1"
seq: 1
issued: 2026-04-01
effective: {from: 2026-04-01}
recorded: 2026-04-01T09:00:00Z
---
"""


def _warnings(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "documents" / "note.md"
    path.parent.mkdir(exist_ok=True)
    path.write_text(_FRONT + body)
    document, warnings = parse_document_with_warnings(path, tmp_path)
    return [f"{w.file}:{w.line}: {w.message}" for w in warnings] + [f"provisions={len(document.provisions)}"]


def test_text_without_a_heading_is_warned_naming_the_file_and_line(tmp_path: Path) -> None:
    found = _warnings(tmp_path, "\nThe lift pit slab is 300 mm thick.\nPour it after the inspection.\n")
    assert found[-1] == "provisions=0"
    (warning,) = found[:-1]
    assert warning.startswith("documents/note.md:12: no provision read")


def test_a_file_with_headings_or_no_text_is_not_warned(tmp_path: Path) -> None:
    assert _warnings(tmp_path, "# Lift pit\n\nThe slab is 300 mm thick.\n") == ["provisions=1"]
    assert _warnings(tmp_path, "\n\n") == ["provisions=0"]
