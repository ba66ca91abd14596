"""A served project held warm: opened once with its models, answering from one generation.

Each request reads through ``reading()``: it is given the front (``inforce.engine.Project``)
pinned to the generation that was newest when the request began, and keeps it to the end,
whatever ingest lands meanwhile — so an answer is computed from one build and stamped with
it. The first request after a swap opens the new generation; the old one is closed once the
last request reading it is done.

``hot(kind)`` is the same front without the worker thread: once a question of that kind has
been answered on the newest generation (the indexes it reads built, in memory), and while no
ingest has swapped in a newer one, a request may ask it on the event loop itself.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
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
        #: the kinds of question answered on this generation already (``Warm.hot``)
        self.warmed: set[str] = set()


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
        """Open the project (its folder made absolute) with every model its manifest names
        (``inforce.adapters.models``)."""
        from inforce.adapters.models import open_project

        # absolute: the engine's messages name it so, and the service names the project instead
        # an erasure that did not finish is refused request by request (``reading``), not here:
        # the service's erase endpoint finishes it
        opened, _notes = open_project(Path(root).absolute(), embedding=True, nli=True, rerank=True, finishing=True)
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

    @property
    def served_build(self) -> str:
        """The build of the newest generation open now, without looking for a newer one (no I/O)."""
        with self._lock:
            return str(self._current.snapshot.build_id)

    @contextmanager
    def reading(self, kind: str | None = None, *, finishing: bool = False) -> Iterator[Project]:
        """The front pinned to the newest generation, for the length of one request (opening
        a newer generation first when an ingest swapped one in: seconds, off the event loop).
        ``kind``: the question asked; once answered without an error, ``hot(kind)`` serves
        the next ones on this generation. The front's InputError while an erasure did not
        finish (``Project.unfinished_erasure``), unless ``finishing``: the request is one that
        reports or finishes it (an ingest, ``lag``, an erasure)."""
        if not finishing:
            Project.unfinished_erasure(self.root)
        with self._lock:
            self._catch_up()
            generation = self._current
            generation.readers += 1
        with self._held(generation) as project:
            yield project
            if kind is not None:
                generation.warmed.add(kind)

    def hot(self, kind: str) -> AbstractContextManager[Project] | None:
        """``reading()`` when it costs no I/O: the newest generation has answered ``kind``
        already and no ingest has swapped in another since (one stat). None otherwise: the
        caller reads through ``reading(kind)`` in a worker thread. Refused as ``reading`` is while
        an erasure did not finish (reading the small erasure record, when there is one)."""
        Project.unfinished_erasure(self.root)
        with self._lock:
            generation = self._current
            if kind not in generation.warmed or generation.snapshot.store.layout.current_stamp() != self._stamp:
                return None
            generation.readers += 1
        return self._held(generation)

    @contextmanager
    def _held(self, generation: _Generation) -> Iterator[Project]:
        """The front on ``generation`` (a reader counted already), released at the end."""
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
        fresh = Project.open(self.root, finishing=True)  # refused request by request (``reading``)
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
