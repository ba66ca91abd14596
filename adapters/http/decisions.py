"""The service's decision log: one JSON line per decision, appended whole.

A line says which endpoint decided, for which caller, on which project and index build, the
outcome, how long it took and the sha256 of the answer as sent — never its text, so nothing a
caller may read (restricted text included) is copied into the log. A ``check`` also stores
its audit record (answer and verdict, as ``inforce check --audit-dir`` does) and the line
names it: ``inforce replay PROJECT <that record>`` recomputes the verdict.

Each line is written by one ``write`` on a file opened for appending, so lines from
concurrent requests (or processes) never interleave, and a crash leaves whole lines.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import threading
from pathlib import Path
from typing import Any

__all__ = ["DecisionLog", "LOG_NAME"]

#: The log's name under a project's ``.inforce/`` when no ``--decision-log`` is given.
LOG_NAME = "decisions.jsonl"


class DecisionLog:
    """Appends decision lines to one file (``path``), or to each project's own when None."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._lock = threading.Lock()

    def path_for(self, root: Path) -> Path:
        return self._path if self._path is not None else root / ".inforce" / LOG_NAME

    def write(self, root: Path, *, endpoint: str, caller: str, project: str, build: str | None, outcome: str,
              status: int, seconds: float, answer_sha256: str | None, correlation_id: str,
              record: str | None = None, via: str | None = None) -> None:
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
        data = (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        path = self.path_for(root)
        with self._lock:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
