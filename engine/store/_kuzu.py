"""The one place that opens Kuzu: a database file, a connection, and queries returning rows.

Kuzu's exceptions are plain ``RuntimeError``; they become ``StoreError`` here, with the
statement that failed, so nothing above this module sees a Kuzu type, except those that say
memory ran out (its buffer manager cannot map or allocate its pages: a process under a memory
limit): those become ``MemoryError``, so a lack of memory is never reported as a damaged graph. The live graph is
opened only after its file passed its check (``_check``): Kuzu crashes on a damaged file.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kuzu

from inforce.ontology import GraphDamagedError, GraphUnusableError, StoreError

from ._check import GraphCheck, check_graph
from ._layout import LivePointer, StoreLayout

__all__ = ["KuzuGraph", "OpenedLive", "buffer_pool_for", "cypher_path", "file_bytes", "kuzu_version", "open_live"]

#: What Kuzu says when memory ran out (its buffer manager's mmap or allocation, a C++ bad_alloc).
_OUT_OF_MEMORY = re.compile(r"mmap for size \d+ failed|unable to allocate memory|buffer pool is full|bad_alloc|"
                            r"cannot allocate memory|out of memory", re.IGNORECASE)


def _memory_ran_out(path: Path, exc: RuntimeError, doing: str) -> MemoryError | None:
    """``exc`` as a MemoryError naming what ran out of it, or None if it is about something else."""
    if not _OUT_OF_MEMORY.search(str(exc)):
        return None
    return MemoryError(f"{path}: not enough memory to {doing} (Kuzu: {' '.join(str(exc).split())}); "
                       "raise the memory limit (ulimit -v) or free memory: nothing needs rebuilding")


#: How long a reader retries when the live file vanished between reading CURRENT and opening.
_OPEN_RETRIES = 5

#: A graph file of up to ``SMALL_GRAPH_BYTES``, with up to ``SMALL_STAGED_BYTES`` of rows staged
#: to load into it, is opened with a buffer pool of ``SMALL_GRAPH_POOL`` rather than Kuzu's
#: default of 80% of the machine's memory. Kuzu sets up and tears down its page table in
#: proportion to the pool on every open and close: with the default pool (19 GB here) ~25 ms of
#: CPU per open of a small graph, against ~8 ms with 1 GB; a project's commands and tests open
#: small graphs hundreds of times. What bounds the pool is a full-text index build, which holds
#: ~6 KB per section (160k sections: 0.5 to 1 GB): the densest graph file measured holds ~1 KB
#: per provision (62k in 56 MB) and staged JSON at least ~300 bytes, so a small graph and its
#: staged rows stay under ~125k sections. A larger one keeps Kuzu's default.
SMALL_GRAPH_BYTES = 64 << 20
SMALL_STAGED_BYTES = 16 << 20
SMALL_GRAPH_POOL = 1 << 30


def buffer_pool_for(graph_bytes: int, staged_bytes: int = 0) -> int:
    """The buffer pool to open a graph file of ``graph_bytes`` with, ``staged_bytes`` of rows
    staged to load into it (0: Kuzu's default)."""
    small = graph_bytes <= SMALL_GRAPH_BYTES and staged_bytes <= SMALL_STAGED_BYTES
    return SMALL_GRAPH_POOL if small else 0


def file_bytes(*paths: Path) -> int:
    """The size of the files at ``paths`` and of every file under those that are folders."""
    total = 0
    for path in paths:
        try:
            if path.is_dir():
                total += sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
            else:
                total += path.stat().st_size
        except OSError:
            continue
    return total


def kuzu_version() -> str:
    return str(kuzu.__version__)


def cypher_path(path: Path) -> str:
    """A file path as a Cypher string literal (COPY and LOAD take no parameters for paths)."""
    text = str(path).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


class KuzuGraph:
    """One open Kuzu database file and a connection to it."""

    def __init__(self, path: Path, *, read_only: bool, buffer_pool_size: int = 0) -> None:
        self.path = path
        self.read_only = read_only
        #: (thread, statement) -> its prepared form, on a read-only graph (``_run``)
        self._prepared: dict[tuple[int, str], kuzu.PreparedStatement] = {}
        try:
            self._db = kuzu.Database(str(path), read_only=read_only, buffer_pool_size=buffer_pool_size)
            self._conn = kuzu.Connection(self._db)
        except RuntimeError as exc:
            raise (_memory_ran_out(path, exc, "open the graph") or StoreError(f"{path}: cannot open the graph: {exc}")) from exc

    def close(self) -> None:
        conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
        self._prepared = {}
        self._conn = None
        self._db = None
        if conn is not None:
            conn.close()
        if db is not None:
            db.close()

    @property
    def closed(self) -> bool:
        return self._conn is None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Run the statements of the ``with`` block as one write transaction: committed when the
        block ends, rolled back when it raises. Each auto-committed statement makes Kuzu flush
        and sync its write-ahead log (~2.5 ms on the test machine's disk, most of a small DDL
        or LOAD statement), a transaction syncs once. Not for full-text index calls, which Kuzu
        runs only in auto-commit mode."""
        self.execute("BEGIN TRANSACTION")
        try:
            yield
        except BaseException:
            # A statement that failed ended the transaction itself; roll back any other way out.
            if self._conn is not None:
                with contextlib.suppress(RuntimeError):
                    self._conn.execute("ROLLBACK")
            raise
        self.execute("COMMIT")

    def execute(self, statement: str, params: Mapping[str, Any] | None = None) -> None:
        """Run a statement whose rows nobody needs (DDL, COPY, DELETE)."""
        self._run(statement, params)

    def rows(self, statement: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]:
        result = self._run(statement, params)
        try:
            native = _native(result)
            found: list[list[Any]] = []
            append, more, row = found.append, native.hasNext, native.getNext
            while more():
                append(row())
            return found
        finally:
            result.close()

    def iter_rows(self, statement: str, params: Mapping[str, Any] | None = None) -> Iterator[list[Any]]:
        result = self._run(statement, params)
        try:
            native = _native(result)
            more, row = native.hasNext, native.getNext
            while more():
                yield row()
        finally:
            result.close()

    def scalar(self, statement: str, params: Mapping[str, Any] | None = None) -> Any:
        found = self.rows(statement, params)
        return found[0][0] if found else None

    def table_names(self) -> set[str]:
        return {row[0] for row in self.rows("CALL SHOW_TABLES() RETURN name")}

    def index_names(self) -> set[tuple[str, str]]:
        return {(row[0], row[1]) for row in self.rows("CALL SHOW_INDEXES() RETURN *")}

    def _run(self, statement: str, params: Mapping[str, Any] | None) -> Any:
        if self._conn is None:
            raise StoreError(f"{self.path}: the graph is closed")
        try:
            if params:
                return self._conn.execute(self._prepared_form(statement), dict(params))
            return self._conn.execute(statement)
        except RuntimeError as exc:
            first_line = " ".join(statement.split())[:160]
            raise (_memory_ran_out(self.path, exc, "read or write the graph")
                   or StoreError(f"{self.path.name}: {exc} (in: {first_line})")) from exc


    def _prepared_form(self, statement: str) -> str | kuzu.PreparedStatement:
        """What to execute for ``statement`` with parameters: on a read-only graph (whose tables
        cannot change), its prepared form, made once for each thread that runs it; else the
        statement itself, which Kuzu prepares anew each time. Preparing is about half of the
        CPU a short parameterised read takes (~0.5 of ~1.2 ms on a small graph), and a sweep
        runs the same few reads for every document (~140 per sweep of the Riverside example).
        Kuzu still binds each execution's parameters, their types included. A statement that
        does not prepare is run as given, so it fails as it always did."""
        if not self.read_only:
            return statement
        key = (threading.get_ident(), statement)
        prepared = self._prepared.get(key)
        if prepared is None:
            prepared = kuzu.PreparedStatement(self._conn, statement)
            if not prepared.is_success():
                return statement
            if len(self._prepared) >= _PREPARED_KEPT:
                self._prepared.clear()
            self._prepared[key] = prepared
        return prepared


#: The most prepared statements one opened graph keeps (the read paths have some dozens).
_PREPARED_KEPT = 512


def _native(result: kuzu.QueryResult) -> Any:
    """The result's rows as kuzu's native object gives them. ``QueryResult`` hands each row over
    through three Python calls, each checking the result is still open (``__next__``,
    ``has_next``, ``get_next``); the rows are the same read straight from the object it wraps,
    which the ``rows`` and ``iter_rows`` loops do while the result is open: the million's
    627,186 stored quantities read in 5.1-5.3 s against 5.4-5.8 s through the public calls (7
    December, quiet; the query itself is most of it).
    kuzu is pinned (``pyproject.toml``) and its upstream archived, so the attribute stays
    put; should it go, the wrapper itself is returned, which answers the same two calls."""
    native = getattr(result, "_query_result", None)
    return native if native is not None and hasattr(native, "getNext") else _Wrapped(result)


class _Wrapped:
    """``kuzu.QueryResult``'s public calls under the native object's names (``_native``)."""

    __slots__ = ("hasNext", "getNext")

    def __init__(self, result: kuzu.QueryResult) -> None:
        self.hasNext, self.getNext = result.has_next, result.get_next


def _wal(path: Path) -> Path:
    return path.with_name(path.name + ".wal")


@dataclass(frozen=True)
class OpenedLive:
    """The live graph, opened read-only after its file passed its check."""

    graph: KuzuGraph
    pointer: LivePointer
    #: The check of a full read (the stamp did not match; a writer may record it), else None.
    fresh: GraphCheck | None
    #: (device, inode) of the file opened: which file this is, even after a swap reuses its name.
    identity: tuple[int, int] | None


def open_live(layout: StoreLayout) -> OpenedLive | None:
    """Check the file ``CURRENT`` names, then open it read-only; None before the first ingest.

    Retries if a writer swapped it meanwhile. ``GraphDamagedError`` when the file fails its
    check, is missing, or Kuzu cannot open it; Kuzu never sees a file that failed its check.
    """
    pointer = layout.pointer()
    path = None
    for attempt in range(_OPEN_RETRIES):
        if pointer is None:
            return None
        path = pointer.path
        try:
            fresh = check_graph(path, pointer.check)
            graph = KuzuGraph(path, read_only=True, buffer_pool_size=buffer_pool_for(file_bytes(path, _wal(path))))
        except StoreError as exc:
            if path.exists():
                if isinstance(exc, GraphUnusableError):
                    raise
                raise GraphDamagedError(path, f"Kuzu cannot open it: {exc.__cause__ or exc}") from exc
        else:
            try:
                found = os.stat(path)
                identity: tuple[int, int] | None = (found.st_dev, found.st_ino)
            except OSError:
                identity = None  # swapped out and removed since: reads_live() says so
            return OpenedLive(graph, pointer, fresh, identity)
        # Swapped and removed between reading CURRENT and opening: look again.
        time.sleep(0.05 * (attempt + 1))
        newer = layout.pointer()
        if newer is not None and newer.path == path:
            break
        pointer = newer
    raise GraphDamagedError(path or layout.current_file, "the file is missing")
