"""A served project held warm: opened once with its models, answering from one generation.

Each request reads through ``reading()``: it is given the front (``inforce.engine.Project``)
pinned to the generation that was newest when the request began, and keeps it to the end,
whatever ingest lands meanwhile — so an answer is computed from one build and stamped with
it. The first request after a swap opens the new generation; the old one is closed once the
last request reading it is done.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from inforce.engine import Project

__all__ = ["Warm"]


class _Pinned(Project):
    """The front on one generation: it never swaps in a newer one itself (``Warm`` does, between
    requests), so a request that began on a build ends on it."""

    def refresh(self) -> bool:
        return False


class _Generation:
    def __init__(self, snapshot: Any) -> None:
        self.snapshot = snapshot
        self.readers = 0
        self.retired = False


class Warm:
    """One project served: its name, folder, model backends and the generations being read."""

    def __init__(self, name: str, opened: Project) -> None:
        self.name = name
        self.root = opened.root
        self.backends = opened.backends  # loaded once, for every generation
        self._lock = threading.Lock()
        snapshot = opened.snapshot
        self._stamp = snapshot.store.layout.current_stamp()
        self._current = _Generation(snapshot)

    @classmethod
    def open(cls, name: str, root: Path) -> Warm:
        """Open the project with every model its manifest names (``inforce.adapters.models``)."""
        from inforce.adapters.models import open_project

        opened, _notes = open_project(root, embedding=True, nli=True, rerank=True)
        return cls(name, opened)

    @property
    def project_name(self) -> str:
        """The project's name as its manifest gives it (what clients call it)."""
        return str(self._current.snapshot.manifest.project)

    @property
    def build_id(self) -> str:
        """The index build the next request reads (the newest generation)."""
        with self._lock:
            self._catch_up()
            return str(self._current.snapshot.build_id)

    @contextmanager
    def reading(self) -> Iterator[Project]:
        """The front pinned to the newest generation, for the length of one request."""
        with self._lock:
            self._catch_up()
            generation = self._current
            generation.readers += 1
        try:
            yield _Pinned(self.root, generation.snapshot, self.backends)
        finally:
            with self._lock:
                generation.readers -= 1
                if generation.retired and generation.readers == 0:
                    generation.snapshot.close()

    def _catch_up(self) -> None:
        """Open the newest generation if an ingest swapped one in (one stat when none did).

        The swap is taken as done only once the new generation is open: an open that fails
        raises (the request is answered 503) and the next request tries again, so a failure never
        leaves the server answering from the old build as if it were the newest."""
        current = self._current.snapshot
        stamp = current.store.layout.current_stamp()
        if stamp == self._stamp:
            return
        if current.store.reads_live():
            self._stamp = stamp
            return
        fresh = Project.open(self.root)
        self._stamp = stamp
        old = self._current
        self._current = _Generation(fresh.snapshot)
        old.retired = True
        if old.readers == 0:
            old.snapshot.close()

    def close(self) -> None:
        with self._lock:
            self._current.retired = True
            if self._current.readers == 0:
                self._current.snapshot.close()
