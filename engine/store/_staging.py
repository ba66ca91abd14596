"""Rows staged to newline-delimited JSON files as documents arrive, bulk-loaded at commit.

JSON, not CSV: Kuzu's CSV reader turns an empty string into NULL and cannot read quoted
newlines in parallel, while its bundled JSON reader keeps ``""`` apart from null, carries
lists and multi-line text exactly, and loads faster. Each table (or relationship pair) has
one file; only the open file handles stay in memory, never the rows.

Kuzu's JSON reader takes no row longer than its scan buffer (32 MiB in 0.11.3, set at
compile time, no COPY option changes it): past that a COPY fails as "Malformed JSON", and a
row ending just short of it can make the reader drop the row after it without a word. So a
row whose line would pass ``JSON_ROW_MAX_BYTES`` never goes into ``<name>.jsonl``: it goes
to ``<name>.long.jsonl``, which no Kuzu reader opens; ``long_rows`` hands those rows back one
at a time for the loader to insert each with a parameterised statement, which has no such
ceiling (a revision's text layer can be as long as the 64 MiB an input may hold).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from inforce.ontology.files import no_room_refusal
from inforce.ontology.jsontext import compact_bytes

__all__ = ["JSON_ROW_MAX_BYTES", "StagingArea"]

_BUFFER = 1 << 20

#: The longest line (UTF-8 bytes, newline included) a staged file hands to Kuzu's JSON
#: reader: the 16 MiB object size that reader is built for, half its 32 MiB scan buffer.
JSON_ROW_MAX_BYTES = 16 * 1024 * 1024


class StagingArea:
    """A folder of ``<name>.jsonl`` files, one per target table or relationship pair."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=False)
        self._files: dict[str, IO[bytes]] = {}
        self.counts: dict[str, int] = {}
        #: Rows per name set aside as too long for Kuzu's JSON reader (not in ``counts``).
        self.long_counts: dict[str, int] = {}

    def write(self, name: str, row: dict[str, Any]) -> None:
        line = compact_bytes(row)  # UTF-8 bytes: measured as they are
        file, counts = name, self.counts
        if len(line) + 1 > JSON_ROW_MAX_BYTES:
            file, counts = f"{name}.long", self.long_counts
        handle = self._files.get(file)
        try:
            if handle is None:
                handle = open(self.folder / f"{file}.jsonl", "wb", buffering=_BUFFER)
                self._files[file] = handle
                counts[name] = 0
            handle.write(line)
            handle.write(b"\n")
        except OSError as problem:
            unwritten = self._unwritten(file, problem)
            raise unwritten from unwritten.__cause__  # the write, named by its file
        counts[name] += 1

    def path(self, name: str) -> Path | None:
        """The staged file for ``name``, or None when no row was staged for it."""
        return self.folder / f"{name}.jsonl" if self.counts.get(name) else None

    def long_rows(self, name: str) -> Iterator[dict[str, Any]]:
        """The rows for ``name`` too long for Kuzu's JSON reader, one at a time (after ``close``)."""
        if not self.long_counts.get(name):
            return
        with open(self.folder / f"{name}.long.jsonl", encoding="utf-8") as handle:
            for line in handle:
                yield json.loads(line)

    def close(self) -> None:
        """Write out every staged file (``InputError`` naming the one the disk had no room for)."""
        files, self._files = self._files, {}
        failed: Exception | None = None
        for file, handle in files.items():
            try:
                handle.close()  # closed even when its last write fails
            except OSError as problem:
                failed = failed or self._unwritten(file, problem)
        if failed is not None:
            raise failed

    def discard(self) -> None:
        """Remove the folder and all it holds, whatever its files' last writes did: a failed
        build leaves no half-made ``build-N`` behind (audit 80 B F2)."""
        with contextlib.suppress(Exception):
            self.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _unwritten(self, file: str, problem: OSError) -> Exception:
        """A write of staged ``file`` that failed, said naming it: a full disk or a file-size limit
        as such (``files.no_room_refusal``), any other fault as the ``OSError`` with its path."""
        path = self.folder / f"{file}.jsonl"
        refused = no_room_refusal(path, problem, writing="the rows staged for the new graph",
                                  kept="nothing was built, the graph is as it was")
        if refused is not None:
            return refused
        return OSError(problem.errno, problem.strerror or str(problem), str(path))
