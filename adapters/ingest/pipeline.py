"""``ingest_project``: the engine's ingest (``Project.ingest``) with this package's reader.

Kept for callers written before the engine decided ingest: every decision — what changed,
what to parse, deriving, checking the corpus, loading — is ``Project.ingest``'s; this only
names the reader, as the ``inforce.readers`` entry point would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from inforce.engine import Project

from .reader import FileReader

__all__ = ["ingest_project"]


def ingest_project(root: str | Path, *, progress: Callable[[int, int, str], None] | None = None):
    """Bring the project's graph up to date with its files, all or nothing: ``Project.ingest``
    with this package's reader, returning its ``IngestResult``."""
    return Project.ingest(root, reader=FileReader(), progress=progress)
