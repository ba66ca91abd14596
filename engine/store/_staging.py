"""Rows staged to newline-delimited JSON files as documents arrive, bulk-loaded at commit.

JSON, not CSV: Kuzu's CSV reader turns an empty string into NULL and cannot read quoted
newlines in parallel, while its bundled JSON reader keeps ``""`` apart from null, carries
lists and multi-line text exactly, and loads faster. Each table (or relationship pair) has
one file; only the open file handles stay in memory, never the rows.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import IO, Any

__all__ = ["StagingArea"]

_BUFFER = 1 << 20


class StagingArea:
    """A folder of ``<name>.jsonl`` files, one per target table or relationship pair."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=False)
        self._files: dict[str, IO[str]] = {}
        self.counts: dict[str, int] = {}
        self._encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

    def write(self, name: str, row: dict[str, Any]) -> None:
        handle = self._files.get(name)
        if handle is None:
            handle = open(self.folder / f"{name}.jsonl", "w", encoding="utf-8", buffering=_BUFFER)
            self._files[name] = handle
            self.counts[name] = 0
        handle.write(self._encode(row))
        handle.write("\n")
        self.counts[name] += 1

    def path(self, name: str) -> Path | None:
        """The staged file for ``name``, or None when no row was staged for it."""
        return self.folder / f"{name}.jsonl" if self.counts.get(name) else None

    def close(self) -> None:
        for handle in self._files.values():
            handle.close()
        self._files.clear()

    def discard(self) -> None:
        self.close()
        shutil.rmtree(self.folder, ignore_errors=True)
