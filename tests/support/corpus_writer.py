"""Write small project documents for tests: front matter with dates and supersedes edges."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path


def write_doc(
    root: Path, doc: str, issued: str, body: str, edges: Iterable[Mapping[str, str]] = (), *,
    kind: str | None = None, until: str | None = None, title: str | None = None,
) -> None:
    """``documents/<doc>.md``: an addendum when the id starts with ADD, else a specification; its title
    ``title`` (default "Document <doc>": tests of references by title write their own)."""
    kind = kind or ("addendum" if doc.startswith("ADD") else "specification")
    effective = f"{{from: {issued}, until: {until}}}" if until else f"{{from: {issued}}}"
    lines = ["---", f"id: {doc}", f"kind: {kind}", f"title: {title or f'Document {doc}'}", f"issued: {issued}",
             f"effective: {effective}", f"recorded: {issued}T00:00:00Z"]
    edges = list(edges)
    if edges:
        lines.append("supersedes:")
        for edge in edges:
            lines.append(f"  - target: {edge['target']}")
            lines += [f"    {key}: {value}" for key, value in edge.items() if key != "target"]
    lines += ["---", body]
    (root / "documents" / f"{doc.lower()}.md").write_text("\n".join(lines))


#: Front matter of a revision-A document (``str.format`` fields: id, kind, title, day, and
#: ``extra``: more metadata lines, each ending in a newline). One template for the check tests.
FRONT_MATTER = """---
id: {id}
kind: {kind}
title: {title}
revision: "A"
seq: 1
issued: {day}
effective: {{from: {day}}}
recorded: {day}T09:00:00Z
{extra}---
"""
