"""The service's decision log: one JSON line per decision, appended whole.

A line says which endpoint decided, for which caller, on which project and index build, the
outcome, how long it took and the sha256 of the answer as sent — never its text, so nothing a
caller may read (restricted text included) is copied into the log. A ``check`` also stores
its audit record (answer and verdict, as ``inforce check --audit-dir`` does) and the line
names it: ``inforce replay PROJECT <that record>`` recomputes the verdict. An ``eligible`` or
``precedence`` line also holds the case and the rules behind the outcome (``RuleDecision``),
what ``inforce rules impact --decisions`` replays.

Each line is written by one ``write`` on a file opened for appending (``append_line``, the
one home of appended writes), so lines from
concurrent requests (or processes) never interleave, and a crash leaves whole lines.

A question's line is written before its answer is sent (``Service.answer``): an answer whose
line was lost would be a hole in the trail, so a line that cannot be written withholds the
answer (503). Lines of work that ends after its answer went (a sweep job's end) go through a
``Recorder``: one thread, in the order queued, woken once for what a few milliseconds of work
queued rather than once for each.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from inforce.ontology.files import append_line, no_room, read_only

__all__ = ["LOG_NAME", "DecisionLog", "Recorder"]

#: The log's name under a project's ``.inforce/`` when no ``--decision-log`` is given.
LOG_NAME = "decisions.jsonl"


class DecisionLog:
    """Appends decision lines to one file (``path``), or to each project's own when None."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._lock = threading.Lock()
        #: each log whose last write failed, and why: the service answers no question whose line
        #: would go there until a write to it succeeds again (``unwritable``)
        self._failed: dict[Path, str] = {}

    def unwritable(self, root: Path) -> str | None:
        """Why the log of ``root``'s decisions could not be written last time (None: it was, or
        none was tried): an audit trail with holes in it is no trail, so the service refuses
        questions meanwhile (503), as the CLI's ``--decision-log`` on a full disk exits 2."""
        return self._failed.get(self.path_for(root))

    def failing(self) -> dict[Path, str]:
        """Every log whose last write failed, and why (``/readyz``)."""
        return dict(self._failed)

    def path_for(self, root: Path) -> Path:
        return self._path if self._path is not None else root / ".inforce" / LOG_NAME

    def write(self, root: Path, *, endpoint: str, caller: str, project: str, build: str | None, outcome: str,
              status: int, seconds: float, answer_sha256: str | None, correlation_id: str,
              record: str | None = None, via: str | None = None, decision: Mapping[str, Any] | None = None) -> None:
        line: dict[str, Any] = {
            "at": dt.datetime.now(dt.UTC).isoformat().replace("+00:00", "Z"),
            "endpoint": endpoint, "caller": caller, "project": project, "index_build": build,
            "outcome": outcome, "status": status, "latency_ms": round(seconds * 1000, 3),
            "answer_sha256": answer_sha256, "correlation_id": correlation_id,
        }
        if via is not None:
            line["via"] = via  # the trusted proxy that named the caller
        if record is not None:  # absolute: the server's working directory means nothing to a reader
            line["record"] = str(Path(record).absolute())
        if decision is not None:  # an eligibility or precedence decision: the case, the rules (RuleDecision)
            line.update({key: value for key, value in decision.items() if key not in line})
        path = self.path_for(root)
        with self._lock:
            try:
                append_line(path, json.dumps(line, ensure_ascii=False, separators=(",", ":")))
            except OSError as problem:
                self._failed[path] = no_room(problem) or read_only(problem) or problem.strerror or str(problem)
                raise
            self._failed.pop(path, None)


class Recorder:
    """One thread running queued writes in order, a batch at a time: woken by the first write
    queued after a quiet spell, it runs what has come every ``gather`` seconds until a spell
    passes with nothing queued (so a busy server's requests never wake it). ``flush`` waits until
    every write queued before it has run; ``close`` runs what is queued and ends the thread
    (nothing queued is dropped). A write that raises is the caller's to guard."""

    def __init__(self, gather: float = 0.02, name: str = "inforce-decisions") -> None:
        self._gather = gather
        self._queue: deque[Callable[[], object]] = deque()
        self._wake = threading.Event()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, write: Callable[[], object]) -> None:
        if self._closing:
            raise RuntimeError("the recorder is closed")
        self._queue.append(write)
        if not self._wake.is_set():
            self._wake.set()

    def flush(self) -> None:
        done = threading.Event()
        self.submit(done.set)
        done.wait()

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        self._thread.join()
        while self._queue:  # one queued as the thread ended
            self._queue.popleft()()

    def _run(self) -> None:
        while not self._closing:
            self._wake.wait()  # idle: the first write queued wakes the thread
            while True:  # busy: every ``gather`` seconds, what came meanwhile (no request wakes it)
                if not self._closing:
                    time.sleep(self._gather)
                if not self._queue:
                    self._wake.clear()
                    if not self._queue:  # one queued before the clear is seen here
                        break
                while self._queue:
                    self._queue.popleft()()
                if self._closing:
                    break
        while self._queue:
            self._queue.popleft()()
