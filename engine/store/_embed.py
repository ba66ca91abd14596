"""The embedding cache and the step that puts cached vectors into the graph.

Vectors are cached in ``.inforce/embeddings.sqlite`` keyed by (model, hash of the provision
text), committed batch by batch, so unchanged text is never embedded twice, a killed run
resumes where it stopped, and rebuilding the graph never loses them. The graph holds one
``Embedding`` node per distinct text it needs, linked from each provision with that text, and
an HNSW index over them; putting vectors in builds a new generation beside the live one and
swaps it in, as ingest does.
"""

from __future__ import annotations

import errno
import math
import os
import sqlite3
import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from inforce.ontology import StoreError
from inforce.ontology.files import no_room_refusal

from ._build import (
    GraphBuild,
    collect_garbage,
    content_build_id,
    link_embeddings,
    load_long_rows,
    write_meta,
)
from ._kuzu import KuzuGraph, cypher_path
from ._layout import StoreLayout, pause_point
from ._reads import provision_count
from ._schema import EMBEDDING_INDEX, EMBEDDING_TABLE, PROVISION_TABLES, embedding_ddl
from ._staging import StagingArea

__all__ = ["CACHE_COLUMNS", "EmbeddingCache", "EmbeddingsApplied", "apply_embeddings", "cache_problem", "drop_cache",
           "graph_text_hashes", "open_cache"]

_PROVISIONS = tuple(PROVISION_TABLES.values())
_CHUNK = 500

#: New vectors beyond this share of those indexed: rebuild the table and HNSW index from the
#: cache instead of inserting into the index one by one.
VECTOR_REBUILD_SHARE = 0.5


class EmbeddingsApplied(BaseModel):
    """What putting cached vectors into the graph did; ``swapped`` False: nothing to do."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str
    dim: int
    vectors_added: int
    provisions_linked: int
    provisions_without: int
    seconds: float
    swapped: bool


def _pack(vector: Any) -> bytes:
    if hasattr(vector, "astype"):  # a numpy row: no per-element Python loop
        return vector.astype("<f4").tobytes()
    return array("f", (float(x) for x in vector)).tobytes()


def _finite(vector: Any) -> bool:
    """Whether every value of the vector is a finite number (no NaN, no infinity)."""
    if hasattr(vector, "astype"):  # a numpy row
        import numpy

        return bool(numpy.isfinite(vector).all())
    return all(math.isfinite(float(x)) for x in vector)


def _unpack(blob: bytes) -> list[float]:
    values = array("f")
    values.frombytes(blob)
    return values.tolist()


#: the cache's one table's columns, in order
CACHE_COLUMNS = ("model", "hash", "dim", "vec")
#: the files SQLite keeps beside the cache
_CACHE_SIDES = ("-wal", "-shm", "-journal")


def _unusable(path: Path, why: str) -> StoreError:
    return StoreError(f"{path}: the embedding cache {why}; it is a cache: delete {path.name} (and any "
                      f"{path.name}-wal, -shm beside it), then run inforce embed to rebuild it")


#: SQLite's primary result codes a write the file system refused can come back as: a full disk is
#: SQLITE_FULL, a file past the file-size limit (EFBIG) only one of its I/O errors, "disk I/O
#: error" (SQLITE_IOERR_WRITE, _SHMSIZE: os_unix.c says ENOSPC alone as "full").
_SQLITE_IOERR, _SQLITE_FULL = 10, 13
#: the room a write of the cache takes past a file's end at most: a WAL frame, a page, a shm page
_WRITE_MAX = 2 * 4096 + 24


def _no_room(path: Path, failed: sqlite3.Error) -> OSError | None:
    """The write of the cache at ``path`` that SQLite's ``failed`` was, when the file system had
    no room for it: an ``OSError`` (EFBIG, ENOSPC) naming the file of the cache it could not write
    (the database, its -wal or its -shm), for ``files.no_room_refusal``; None for any other fault.
    A file-size limit is the cause when a file of the cache has grown to within one write of it
    (SQLite keeps no errno to ask); damage (SQLITE_CORRUPT, "file is not a database") never is:
    that cache is one to delete, this one is whole (audit 81 B F1)."""
    import resource

    code = getattr(failed, "sqlite_errorcode", None)
    if code is None or code & 0xFF not in (_SQLITE_IOERR, _SQLITE_FULL):
        return None
    sizes = {}
    for side in ("-wal", "-shm", "-journal", ""):  # on a tie the side file: the one a write grows last
        candidate = path.with_name(path.name + side)
        if candidate.is_file() and not candidate.is_symlink():
            sizes[candidate] = candidate.stat().st_size
    written = max(sizes, key=sizes.__getitem__) if sizes else path
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit != resource.RLIM_INFINITY and sizes.get(written, 0) + _WRITE_MAX >= limit:
        return OSError(errno.EFBIG, os.strerror(errno.EFBIG), str(written))
    try:
        status = os.statvfs(path.parent)
        free = status.f_bavail * status.f_frsize
    except OSError:
        free = None
    if code & 0xFF == _SQLITE_FULL or (free is not None and free < _WRITE_MAX):
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(written))
    return None


def cache_problem(db: sqlite3.Connection, *, rows: bool = False, table: bool = True) -> str | None:
    """What keeps an open cache from being read as one (None: it reads): a file that is not
    SQLite, a ``vectors`` table of other columns, with ``table`` no ``vectors`` table at all (a
    zero-byte file, a cache cut short at creation: SQLite opens it as an empty database), and
    with ``rows`` a vector whose length is not its ``dim`` (a full scan of the lengths, no
    vector read)."""
    try:
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(vectors)"))
        if not columns and table:
            return "holds no vectors table (a cache cut short when it was made)"
        if columns and columns != CACHE_COLUMNS:
            return f"holds a vectors table of other columns ({', '.join(columns)})"
        if columns and rows:
            bad = db.execute("SELECT count(*) FROM vectors WHERE typeof(vec) != 'blob' OR typeof(dim) != 'integer'"
                             " OR length(vec) != 4 * dim").fetchone()[0]
            if bad:
                return f"holds {bad} vector(s) whose length is not their dimensions"
    except sqlite3.DatabaseError as problem:
        return f"does not read as SQLite ({problem})"
    return None


def open_cache(path: Path, *, create: bool = False, rows: bool = False) -> sqlite3.Connection | None:
    """The one way the embedding cache is opened (``embed``, ``resolve``, ``sweep``, ``erase``):
    None when there is none and ``create`` is false. StoreError naming the file and what to do
    (exit 3) when it is a symbolic link (never read or written through) or not a regular file,
    or does not read as the cache (``cache_problem``; ``rows``: its vectors' lengths checked too).
    A file without the ``vectors`` table (zero bytes: a cache cut short at creation) is one
    that does not read for a reader; ``create`` (``embed``) makes the table in it, as in a new
    file, since there is nothing in it to lose (audit MM4-7)."""
    if path.is_symlink():
        raise _unusable(path, "is a symbolic link, which is never read or written through")
    if path.exists() and not path.is_file():
        raise _unusable(path, "is not a regular file")
    if not path.exists() and not create:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    made = not path.exists()
    db = sqlite3.connect(path, timeout=60)
    problem = cache_problem(db, rows=rows, table=not create)
    if problem is None and create:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, hash TEXT NOT NULL,"
                " dim INTEGER NOT NULL, vec BLOB NOT NULL, PRIMARY KEY (model, hash)) WITHOUT ROWID"
            )
            db.commit()
        except sqlite3.DatabaseError as failed:
            full = _no_room(path, failed)
            if full is not None:  # no room, no damage: a cache this run made goes again, whole
                db.close()
                if made:
                    drop_cache(path)
                kept = "no cache was made" if made else f"{path.name} is as it was"
                refused = no_room_refusal(full.filename, full, writing="the embedding cache",
                                          kept=f"{kept}, and nothing was embedded")
                assert refused is not None
                raise refused from full
            problem = f"cannot be written ({failed})"
    if problem is not None:
        db.close()
        raise _unusable(path, problem)
    return db


def drop_cache(path: Path) -> list[str]:
    """Delete the cache and the files SQLite keeps beside it (never through a link): what an
    erasure does with a cache that does not read, since no vector can be taken out of it
    alone. The names deleted."""
    gone: list[str] = []
    for candidate in (path, *(path.with_name(path.name + side) for side in _CACHE_SIDES)):
        if candidate.is_file() and not candidate.is_symlink():
            candidate.unlink()
            gone.append(candidate.name)
    return gone


class EmbeddingCache:
    """Vectors by (model, text hash) in SQLite; safe to write while a graph build runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        db = open_cache(path, create=True)
        assert db is not None
        self._db = db

    def close(self) -> None:
        self._db.close()

    def hashes(self, model: str) -> set[str]:
        return {row[0] for row in self._db.execute("SELECT hash FROM vectors WHERE model = ?", (model,))}

    def count(self, model: str) -> int:
        return int(self._db.execute("SELECT count(*) FROM vectors WHERE model = ?", (model,)).fetchone()[0])

    def put(self, model: str, dim: int, items: Iterable[tuple[str, Any]]) -> int:
        """Store vectors in one transaction (a batch survives a kill whole or not at all). A
        write the file system has no room for (a full disk, the file-size limit) is an
        ``InputError`` naming the file, the batch rolled back and the cache as it was
        (``files.no_room_refusal``), never advice to delete a cache that is whole."""
        rows = []
        for text_hash, vector in items:
            blob = _pack(vector)
            if len(blob) != 4 * dim:
                raise ValueError(f"vector for {text_hash} has {len(blob) // 4} dimensions, expected {dim}")
            if not _finite(vector):
                raise ValueError(f"vector for {text_hash} holds a value that is not a finite number (NaN or infinity)")
            rows.append((model, text_hash, dim, blob))
        try:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
        except sqlite3.DatabaseError as failed:
            full = _no_room(self.path, failed)
            if full is None:
                raise
            refused = no_room_refusal(full.filename, full, writing=f"{len(rows)} vector(s) into the embedding cache",
                                      kept="the vectors cached before them are kept and the graph is as it was "
                                           "(the next embed embeds only the rest)")
            assert refused is not None
            raise refused from full
        return len(rows)

    def get(self, model: str, hashes: Sequence[str], dim: int | None = None) -> Iterator[tuple[str, list[float]]]:
        """The vectors of ``hashes``; StoreError naming the cache (exit 3: delete it, ``embed``
        rebuilds it) at one whose length is not its dimensions, not ``dim`` (the model's, where
        given), or that holds a NaN or an infinity. A vector of another dimension had reached
        the graph's COPY, whose error named a build file, and a NaN one was put in the vector
        index without a word (audit 76 B F7)."""
        for start in range(0, len(hashes), _CHUNK):
            chunk = list(hashes[start : start + _CHUNK])
            marks = ",".join("?" * len(chunk))
            for text_hash, row_dim, blob in self._db.execute(
                f"SELECT hash, dim, vec FROM vectors WHERE model = ? AND hash IN ({marks})", (model, *chunk)
            ):
                if not isinstance(blob, bytes) or not isinstance(row_dim, int) or len(blob) != 4 * row_dim:
                    raise _unusable(self.path, f"holds a vector of {text_hash} whose length is not its "
                                               f"dimensions ({row_dim})")
                if dim is not None and row_dim != dim:
                    raise _unusable(self.path, f"holds a vector of {text_hash} of {row_dim} dimensions, where "
                                               f"the model {model!r} gives {dim}")
                vector = _unpack(blob)
                if not all(map(math.isfinite, vector)):
                    raise _unusable(self.path, f"holds a vector of {text_hash} with a value that is not a "
                                               f"finite number (NaN or infinity)")
                yield text_hash, vector


def graph_text_hashes(graph: KuzuGraph, *, unlinked_only: bool) -> set[str]:
    """Distinct text hashes of the graph's provisions (only those without a vector, if asked)."""
    linked = unlinked_only and EMBEDDING_TABLE in graph.table_names()
    found: set[str] = set()
    for table in _PROVISIONS:
        where = f"WHERE NOT EXISTS {{ MATCH (p)-[:EMBEDDED_AS]->(:{EMBEDDING_TABLE}) }} " if linked else ""
        found.update(row[0] for row in graph.iter_rows(f"MATCH (p:{table}) {where}RETURN DISTINCT p.text_hash"))
    return found


def _linked_count(graph: KuzuGraph) -> int:
    if EMBEDDING_TABLE not in graph.table_names():
        return 0
    return int(graph.scalar(f"MATCH ()-[l:EMBEDDED_AS]->(:{EMBEDDING_TABLE}) RETURN count(l)"))


def _embedding_count(graph: KuzuGraph) -> int:
    if EMBEDDING_TABLE not in graph.table_names():
        return 0
    return int(graph.scalar(f"MATCH (e:{EMBEDDING_TABLE}) RETURN count(e)"))


def _has_vector_index(graph: KuzuGraph) -> bool:
    return (EMBEDDING_TABLE, EMBEDDING_INDEX) in graph.index_names()


def apply_embeddings(
    live: KuzuGraph, layout: StoreLayout, cache: EmbeddingCache, model: str, dim: int, meta: dict[str, str | None]
) -> EmbeddingsApplied:
    """Put the cached vectors the graph lacks into a new generation and swap it in."""
    started = time.perf_counter()
    cached = cache.hashes(model)
    other_model = meta.get("embedding_model") != model or meta.get("embedding_dim") != str(dim)
    needed = sorted(graph_text_hashes(live, unlinked_only=not other_model) & cached)
    before = 0 if other_model else _linked_count(live)
    total = provision_count(live)
    # Many new vectors: rebuild the table and its index from the cache rather than insert
    # into the index one by one. (Dropping only the index is no option: Kuzu 0.11.3 cannot
    # COPY into a table whose vector index was dropped until the database is reopened, and
    # then cannot recreate the index.)
    rebuild = other_model or len(needed) > VECTOR_REBUILD_SHARE * _embedding_count(live)
    if rebuild and not other_model:
        needed = sorted(graph_text_hashes(live, unlinked_only=False) & cached)
    if not needed and not other_model and _has_vector_index(live):
        return EmbeddingsApplied(
            model=model, dim=dim, vectors_added=0, provisions_linked=0, provisions_without=total - before,
            seconds=time.perf_counter() - started, swapped=False,
        )
    generation = layout.next_generation()
    staging = StagingArea(layout.staging_dir(generation))
    build = GraphBuild(layout, generation, base=live.path)
    try:
        for text_hash, vector in cache.get(model, needed, dim):
            staging.write(EMBEDDING_TABLE, {"hash": text_hash, "vec": vector})
        staging.close()
        graph = build.open()
        if rebuild and EMBEDDING_TABLE in graph.table_names():
            if _has_vector_index(graph):
                graph.execute(f"CALL DROP_VECTOR_INDEX('{EMBEDDING_TABLE}', '{EMBEDDING_INDEX}')")
            graph.execute("DROP TABLE EMBEDDED_AS")
            graph.execute(f"DROP TABLE {EMBEDDING_TABLE}")
        if EMBEDDING_TABLE not in graph.table_names():
            for statement in embedding_ddl(dim):
                graph.execute(statement)
        staged = staging.path(EMBEDDING_TABLE)
        if staged is not None:
            graph.execute(f"COPY {EMBEDDING_TABLE} FROM {cypher_path(staged)} (file_format='json')")
        load_long_rows(graph, staging, EMBEDDING_TABLE, EMBEDDING_TABLE)
        pause_point("loaded")
        link_embeddings(graph)
        collect_garbage(graph)
        if not _has_vector_index(graph):
            graph.execute(
                f"CALL CREATE_VECTOR_INDEX('{EMBEDDING_TABLE}', '{EMBEDDING_INDEX}', 'vec', metric := 'cosine')"
            )
        pause_point("indexed")
        after = _linked_count(graph)
        write_meta(graph, {"embedding_model": model, "embedding_dim": str(dim)})
        write_meta(graph, {"build_id": content_build_id(graph, meta.get("configuration_id"), meta.get("reviews"))})
        build.swap()
    except BaseException:
        build.abandon()
        raise
    finally:
        staging.discard()
    return EmbeddingsApplied(
        model=model, dim=dim, vectors_added=len(needed), provisions_linked=after - before,
        provisions_without=total - after, seconds=time.perf_counter() - started, swapped=True,
    )
