"""``GraphStore``: the project's graph of record in ``PROJECT/.inforce/`` (embedded Kuzu).

Readers open the live generation read-only and see it unchanged until they reopen; the one
writer (an OS lock) builds each new generation beside it and swaps it in atomically, so a
reader is never blocked by an ingest and an ingest never leaves a half-built graph behind.

A live graph that fails its check (``_check``: damaged, truncated, missing) or that Kuzu
cannot open is refused to readers (``GraphDamagedError``) before Kuzu reads it; a writer
rebuilds it from the documents instead, and says so in ``GraphStore.recovered``.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from inforce.ontology import (
    Document,
    GraphDamagedError,
    InforceError,
    Locator,
    Manifest,
    NotFoundError,
    NotIngestedError,
    Provision,
    Revision,
    StoreError,
    Supersedes,
)
from inforce.ontology.answers import StoreStats
from inforce.ontology.files import no_room_refusal

from . import _reads, _search
from ._artifacts import (
    refresh_generation_files,
    remove_other_generation_files,
    write_generation_files,
)
from ._build import GraphBuild, apply_ingest
from ._buildfile import build_files
from ._check import measure_graph
from ._embed import EmbeddingCache, EmbeddingsApplied, apply_embeddings, graph_text_hashes
from ._ingest import IngestTransaction
from ._kuzu import KuzuGraph, OpenedLive, open_live
from ._layout import StoreLayout, WriterLock, generation_of
from ._memory import MemorySearch
from ._rows_file import open_rows, write_rows
from ._schema import EMBEDDING_TABLE, PROVISION_TABLES, SCHEMA_VERSION
from ._search_file import open_search

__all__ = ["GraphStore"]



def _among(node: str, readable: Collection[str] | None, *, column: str = "rev") -> tuple[str, dict[str, Any]]:
    """A ``WHERE`` conjunct keeping ``node`` to the revision uids ``readable`` (None: no
    condition), and its parameters."""
    if readable is None:
        return "", {}
    return f" AND {node}.{column} IN $readable", {"readable": list(readable)}


class GraphStore:
    """The graph of one project. Open it with ``GraphStore.open``; close it (or use ``with``)."""

    def __init__(self, layout: StoreLayout, *, lock: WriterLock | None) -> None:
        self.layout = layout
        self._lock = lock
        self._graph: KuzuGraph | None = None
        self._meta: dict[str, str | None] = {}
        self._stale = False  # a writer ignores the live graph (rebuild, or another schema)
        self._stale_generation = 0
        self._tx: IngestTransaction | None = None
        self._rule_packs: dict[str, str] = {}
        self._reviews = ""
        self._cache: EmbeddingCache | None = None
        self._memory: MemorySearch | None = None  # restricted search in memory, per open graph
        #: While a sealed build is prepared (``_before_live``): None, or the outlines its per-build files
        #: were written with (``write_generation_files``), which ``provision_outlines`` answers with
        self._sealed_outlines: dict[str, dict[str, str | None]] | None = None
        self._sealing = False
        self._closed = False
        self._identity: tuple[int, int] | None = None  # (device, inode) of the file read
        #: Why a writer did not trust the live graph and builds afresh from the documents
        #: (damaged, truncated, missing, unopenable); None when the live graph was fine.
        #: The ingest prints it: every document is parsed again.
        self.recovered: str | None = None

    # ---- opening and closing --------------------------------------------------------------

    @classmethod
    def open(cls, root: str | Path, read_only: bool = True, *, rebuild: bool = False) -> GraphStore:
        """Open the project's graph.

        Read-only (the default) needs an ingested project whose live graph passes its check
        (``GraphDamagedError`` otherwise, before Kuzu reads the file). A writer takes the
        project's write lock (``StoreLockedError`` at once if another process holds it;
        ``GraphUnusableError`` if the lock file cannot serve), removes what a killed writer
        left behind, and starts from an empty graph when asked (``rebuild=True``), when the
        graph on disk has another schema version, or when the live graph cannot be trusted
        (then ``recovered`` says why).
        """
        layout = StoreLayout(root)
        if read_only:
            if layout.live() is None:
                raise NotIngestedError(root)
            store = cls(layout, lock=None)
            store._open_live()
            if store._graph is None:  # CURRENT removed meanwhile (a writer is rebuilding)
                raise NotIngestedError(root)
            store._check_schema()
            return store
        lock = WriterLock(layout)
        lock.acquire()
        try:
            store = cls(layout, lock=lock)
            store._open_for_writing(restamp=not rebuild)
            # the live build's files stay until a new build is committed (which removes them): a
            # rebuild that fails (a full disk) leaves the live build as it was, files and all
            live_build = store.build_id()
            if rebuild or store._schema_version() not in (None, SCHEMA_VERSION):
                store._forget_live()
            remove_other_generation_files(store, live_build)  # a killed writer's: builds no longer live
        except BaseException:
            lock.release()
            raise
        return store

    def _open_for_writing(self, *, restamp: bool) -> None:
        """Open the live graph for a writer; forget it (build afresh) when it cannot be trusted.

        ``restamp``: record the check of a graph kept as it is, when ``CURRENT`` lacks one or
        its stamp no longer matches (not worth a read when the graph is rebuilt anyway)."""
        layout = self.layout
        try:
            pointer = layout.pointer()
        except GraphDamagedError as damaged:
            layout.forget_pointer()  # it names nothing usable; every graph file is a leftover now
            self.recovered = _rebuilding(f"the pointer {_shown(layout.current_file)}", damaged.detail)
            pointer = None
        layout.clean_leftovers()
        if pointer is None:
            self._open_live()  # no graph: nothing to open (a fresh project, or CURRENT removed)
            return
        if not pointer.path.exists():
            self.recovered = _rebuilding(f"the live graph {_shown(pointer.path)}", "the file is missing")
            self._forget_live()
            return
        try:
            opened = self._open_live()
        except StoreError as exc:
            reason = exc.detail if isinstance(exc, GraphDamagedError) else str(exc)
            self.recovered = _rebuilding(f"the live graph {_shown(pointer.path)}", reason)
            self._forget_live()
            return
        if restamp and opened is not None and self._schema_version() == SCHEMA_VERSION:
            self._restamp(opened)

    def _restamp(self, opened: OpenedLive) -> None:
        """Record the live graph's check when ``CURRENT`` has none (a graph from before checks)
        or its stamp no longer matches the file (copied, touched): later opens only ``stat``."""
        path, recorded = opened.pointer.path, opened.pointer.check
        if recorded is not None and opened.fresh is None:
            return  # the stamp matched
        check = opened.fresh
        if check is None or not check.matches(os.stat(path)):
            check = measure_graph(path)  # the read on open was too close to a write to trust
        if recorded is not None and check.crc32 != recorded.crc32:
            return  # changed since it was checked on open; the next open decides
        self.layout.record(path, check)

    def close(self) -> None:
        self._closed = True
        self._memory = None
        if self._tx is not None:
            self._tx.discard()
        if self._graph is not None:
            self._graph.close()
            self._graph = None
        if self._cache is not None:
            self._cache.close()
            self._cache = None
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def root(self) -> Path:
        return self.layout.root

    @property
    def read_only(self) -> bool:
        return self._lock is None

    @property
    def path(self) -> Path | None:
        """The live database file this store reads (None before the first ingest)."""
        return None if self._graph is None else self._graph.path

    def _open_live(self) -> OpenedLive | None:
        """Open the live graph after its check (``GraphDamagedError`` when it fails), and read
        its metadata; None (no graph) before the first ingest."""
        opened = open_live(self.layout)
        if opened is None:
            self._graph, self._meta, self._identity = None, {}, None
            return None
        self._graph, self._identity = opened.graph, opened.identity
        try:
            self._meta = _reads.meta(opened.graph)
        except StoreError as exc:
            opened.graph.close()
            self._graph, self._meta, self._identity = None, {}, None
            raise GraphDamagedError(opened.pointer.path, f"its metadata cannot be read: {exc}") from exc
        return opened

    def reads_live(self) -> bool:
        """Whether ``CURRENT`` still names the very file this store reads (same device and
        inode), not merely one of the same generation number: a project whose ``.inforce``
        was deleted and ingested again starts its generations at 1 again."""
        try:
            live = self.layout.live()
        except StoreError:
            return False
        if live is None or self._graph is None or self._identity is None:
            return live is None and self._graph is None
        try:
            found = os.stat(live)
        except OSError:
            return False
        return (found.st_dev, found.st_ino) == self._identity

    def _forget_live(self) -> None:
        if self._graph is not None:
            self._graph.close()
        self._graph, self._meta, self._stale, self._identity = None, {}, True, None
        self._stale_generation = self.layout.generation()

    def _schema_version(self) -> int | None:
        value = self._meta.get("schema_version")
        return int(value) if value else None

    def _check_schema(self) -> None:
        found = self._schema_version()
        if found != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: graph schema version {found}, this inforce reads version"
                f" {SCHEMA_VERSION}; re-ingest the project (inforce ingest {self.root})"
            )

    def _reader(self) -> KuzuGraph | None:
        if self._closed:
            raise StoreError(f"{self.root}: the store is closed")
        return self._graph

    # ---- reads ----------------------------------------------------------------------------

    def revisions(self) -> list[Revision]:
        graph = self._reader()
        return _reads.revisions(graph) if graph else []

    def revision_rows(self) -> list[tuple[Any, ...]]:
        """Every revision as a plain tuple ``(doc, label, seq, issued, effective_from,
        effective_until, recorded, changed)``, in no particular order: what the as-of index
        needs to open, without building ontology objects (``recorded`` is UTC-aware). A
        reader takes them from the build's rows file when it checks (``_rows_file``)."""
        graph = self._reader()
        if not graph:
            return []
        stored = open_rows(self) if self._lock is None else None
        found = stored.revision_rows() if stored is not None else None
        return found if found is not None else _reads.revision_rows(graph)

    def documents(self) -> list[Document]:
        """Every revision's metadata: ``provisions=()`` and ``text_layer=""``."""
        graph = self._reader()
        return _reads.documents(graph) if graph else []

    def document(self, uid: str) -> Document:
        """One revision (``DOC@REV``) exactly as ingested, provisions and text layer included."""
        graph = self._reader()
        if graph is None:
            raise NotFoundError(f"no revision {uid}: {self.root} is not ingested yet")
        return _reads.document(graph, uid)

    def text_layers(self, uids: Iterable[str]) -> dict[str, str]:
        """The text layer of each revision (``DOC@REV``) named, in one query (``document``
        builds every provision too); one not stored is left out."""
        graph = self._reader()
        return _reads.text_layers(graph, sorted(set(uids))) if graph else {}

    def provision(self, locator: Locator) -> tuple[Document, Provision]:
        """The provision at a pinned locator, with its document's metadata (no text layer)."""
        graph = self._reader()
        if graph is None:
            raise NotFoundError(f"no provision {locator}: {self.root} is not ingested yet")
        return _reads.provision(graph, locator)

    def provision_text(self, locator: Locator) -> tuple[str, int, int]:
        """(text, span start, span end) of the provision at a pinned locator: the lean read an
        answer's text needs (``provision`` builds the whole document's metadata too)."""
        graph = self._reader()
        found = _reads.provision_text(graph, locator) if graph and locator.rev and locator.path else None
        if found is None:
            return self.provision(locator)[1].text, *self._span(locator)  # raises NotFoundError, with a hint
        return found

    def provision_texts(self, locators: Iterable[Locator]) -> dict[str, str]:
        """The text of each pinned provision named, by its pinned locator (``DOC@REV#path``), in a
        few statements; one absent is left out (``provision_text`` says why)."""
        graph = self._reader()
        if graph is None:
            return {}
        return {key: text for key, (text, _, _) in _reads.provision_texts(graph, locators).items()}

    def _span(self, locator: Locator) -> tuple[int, int]:
        span = self.provision(locator)[1].span
        return span.start, span.end

    def provision_place(self, locator: Locator) -> dict[str, Any]:
        """Text, span, first page and heading (or a row's header and cells) of a pinned provision."""
        graph = self._reader()
        found = _reads.provision_place(graph, locator) if graph and locator.rev and locator.path else None
        if found is None:
            self.provision(locator)  # raises NotFoundError, with a hint
            raise NotFoundError(f"{locator} is not in the graph")
        return found

    def revision_title(self, uid: str) -> str:
        """The title of one revision (``DOC@REV``)."""
        graph = self._reader()
        title = _reads.revision_title(graph, uid) if graph else None
        if title is None:
            return self.document(uid).title  # raises NotFoundError
        return title

    def supersedes(self) -> list[Supersedes]:
        graph = self._reader()
        return _reads.supersedes(graph) if graph else []

    def section_numbers(self) -> dict[str, list[str]]:
        """Revision uid → its sections' numbers that may hold a CSI section number, in document
        order (``_reads.section_numbers``; what ``derivation.TargetDirectory.of_store`` indexes)."""
        graph = self._reader()
        return _reads.section_numbers(graph) if graph else {}

    def has_provision(self, doc_id: str, path: str | None) -> bool:
        graph = self._reader()
        return _reads.has_provision(graph, doc_id, path) if graph else False

    def held_provisions(self, pairs: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
        """The (document, path) of ``pairs`` some revision holds (``has_provision`` of many at once)."""
        graph = self._reader()
        return _reads.held_provisions(graph, pairs) if graph else set()

    def provision_paths(self) -> dict[str, dict[str, str | None]]:
        """Revision uid → {provision path: parent path}, in document order."""
        graph = self._reader()
        return _reads.provision_paths(graph) if graph else {}

    def provision_outlines(self) -> dict[str, dict[str, str | None]]:
        """Revision uid → {provision path: parent path} for every revision, like
        ``provision_paths`` but in no particular order (one aggregated read, much faster).
        A reader takes them from the build's rows file when it checks (``_rows_file``), and
        writes that file when it is absent, for the processes after it."""
        graph = self._reader()
        if not graph:
            return {}
        if self._lock is not None:  # a writer reads the graph it is changing
            # (but not the sealed build it prepares, whose outlines its rows file was just written with)
            held = self._sealed_outlines
            return held if held is not None else _reads.provision_outlines(graph)
        stored = open_rows(self)
        found = stored.provision_outlines() if stored is not None else None
        if found is not None:
            return found
        found = _reads.provision_outlines(graph)
        with contextlib.suppress(OSError):  # a copy for speed: a read-only project answers all the same
            write_rows(self, _reads.revision_rows(graph), found)
        return found

    def refresh_files(self) -> list[Path]:
        """A writer's: write again the live build's per-build files a reader cannot take as they are and
        would not write itself (``_artifacts.refresh_generation_files``); none before the first ingest.
        A copy for speed: a disk that refuses leaves them as they were, and readers build what they miss."""
        if self._lock is None or self._reader() is None:
            return []
        with contextlib.suppress(OSError):
            return refresh_generation_files(self)
        return []

    def hold_sealed_outlines(self, outlines: dict[str, dict[str, str | None]]) -> None:
        """Keep ``outlines`` (every revision's, read for the per-build files of the sealed build this
        store reads: ``write_generation_files``) as that build's answer to ``provision_outlines``
        until it goes live or is abandoned; outside ``_before_live`` nothing is kept. The snapshot an
        ingest derives from its new graph had read a million provisions' outlines again (1.2 s)."""
        if self._sealing:
            self._sealed_outlines = outlines

    def revision_kinds(self) -> list[tuple[str, str]]:
        """Every revision's (uid, kind), in the order of ``documents`` (none before the first ingest)."""
        graph = self._reader()
        return _reads.revision_kinds(graph) if graph else []

    def source_hashes(self) -> dict[str, tuple[str, str]]:
        """Source file → (revision uid, content hash), so an ingest can skip unchanged files."""
        graph = self._reader()
        return _reads.source_hashes(graph) if graph else {}

    def manifest(self) -> Manifest | None:
        text = self._meta.get("manifest")
        return Manifest.model_validate_json(text) if text else None

    def build_id(self) -> str:
        """The index build id of the live graph (``engine.build``; "" before the first ingest)."""
        return self._meta.get("build_id") or ""

    def configuration_id(self) -> str:
        """The configuration id (parser, packs) the live graph was built under ("" before ingest)."""
        return self._meta.get("configuration_id") or ""

    def reviews_digest(self) -> str:
        """The hash of the review file the live graph was built under ("" when none)."""
        return self._meta.get("reviews") or ""

    def rule_pack_hashes(self) -> dict[str, str]:
        """Pack name (stock name, or the path the manifest gives) -> content hash of the packs
        the live graph was built under; empty for a graph built before they were kept."""
        text = self._meta.get("rule_packs")
        return json.loads(text) if text else {}

    def generation(self) -> int:
        """The generation this store reads (a later ingest or embed swaps in a higher one)."""
        return 0 if self._graph is None else generation_of(self._graph.path)

    def qualifier_rows(self, uid: str | None = None) -> list[tuple[Any, ...]]:
        """The qualifier links stored at ingest (of revision ``uid``; all when None):
        ``(rev, doc, path, target, rule, words, resolved)`` tuples."""
        graph = self._reader()
        return _reads.qualifier_rows(graph, uid) if graph else []

    def provision_counts(self) -> dict[str, int]:
        """Revision uid → how many provisions it holds."""
        graph = self._reader()
        return _reads.provision_counts(graph) if graph else {}

    def applicability_rows(self) -> list[tuple[Any, ...]]:
        """Every revision's applicability as a plain tuple, the fields of
        ``engine.eligibility.EligibilityRecord`` in order: ``(uid, doc, kind, effective_from,
        effective_until, applies_to, access, seq, recorded, on_lapse)``. A lean read: no
        ontology objects, so opening eligibility over 100k revisions stays cheap."""
        graph = self._reader()
        return _reads.applicability_rows(graph) if graph else []

    def quantity_rows(self, subject: str | None = None) -> list[tuple[Any, ...]]:
        """Stored quantities of ``subject`` (every bound one when None), lean, in
        ``_reads.QUANTITY_ROW_COLUMNS`` order."""
        graph = self._reader()
        return _reads.quantity_rows(graph, subject) if graph else []

    def unbound_units(self, readable: Collection[str] | None = None) -> list[tuple[str | None, str | None, int]]:
        """``(unit as written, canonical unit, how many)`` of the stored quantities bound to no
        subject, one row per pair; ``readable``: only those of these revision uids (None: all)."""
        graph = self._reader()
        if graph is None:
            return []
        among, params = _among("q", readable)
        return [(unit, normalized, int(n)) for unit, normalized, n in graph.rows(
            f"MATCH (q:Quantity) WHERE q.subject IS NULL{among} RETURN q.unit, q.normalized_unit, count(*)", params)]

    def access_rows(self) -> list[tuple[str, str, tuple[str, ...] | None]]:
        """``(uid, doc, access groups or None)`` of every revision (the access gate's input)."""
        graph = self._reader()
        if graph is None:
            return []
        return [(uid, doc, tuple(access) if access is not None else None)
                for uid, doc, access in graph.rows("MATCH (r:Revision) RETURN r.uid, r.doc, r.access")]

    def stats(self, readable: Collection[str] | None = None) -> StoreStats:
        """Counts of what the graph holds; ``readable``: of these revision uids only (the
        revisions an asker may read, ``AccessGate.readable_uids``; None: the whole graph).
        ``supersedes`` counts every edge either way (the gate judges edges by their ends:
        ``Snapshot.stats``); the file's size is told only of the whole graph."""
        graph = self._reader()
        if graph is None:
            return StoreStats()
        has_embeddings = EMBEDDING_TABLE in graph.table_names()
        revision, params = _among("r", readable, column="uid")

        def count(match: str, of: str, also: str = "") -> int:
            return int(graph.scalar(f"{match} WHERE true{also}{_among(of, readable)[0]} RETURN count({of})", params))

        embedded = [0, 0]
        if has_embeddings and readable is None:
            embedded = [graph.scalar(f"MATCH (e:{EMBEDDING_TABLE}) RETURN count(e)"),
                        graph.scalar("MATCH ()-[l:EMBEDDED_AS]->() RETURN count(l)")]
        elif has_embeddings:  # the vectors of the readable provisions (one text's vector is shared)
            embedded = graph.rows(f"MATCH (p)-[l:EMBEDDED_AS]->(e) WHERE true{_among('p', readable)[0]}"
                                  " RETURN count(DISTINCT e.hash), count(l)", params)[0]
        return StoreStats(
            documents=int(graph.scalar(f"MATCH (r:Revision) WHERE true{revision} RETURN count(DISTINCT r.doc)", params)),
            revisions=int(graph.scalar(f"MATCH (r:Revision) WHERE true{revision} RETURN count(r)", params)),
            sections=count("MATCH (p:Section)", "p"),
            table_rows=count("MATCH (p:TableRow)", "p"),
            callouts=count("MATCH (p:Callout)", "p"),
            quantities=count("MATCH (q:Quantity)", "q"),
            unbound_quantities=count("MATCH (q:Quantity)", "q", " AND q.subject IS NULL"),
            quarantined_tables=sum(
                len(json.loads(written)) for (written,) in graph.rows(
                    f"MATCH (r:Revision) WHERE r.quarantined_tables IS NOT NULL{revision} RETURN r.quarantined_tables",
                    params)
            ),
            supersedes=int(graph.scalar("MATCH ()-[e:SUPERSEDES]->() RETURN count(e)")),
            embeddings=int(embedded[0]),
            embedded_provisions=int(embedded[1]),
            embedding_model=self._meta.get("embedding_model"),
            db_bytes=graph.path.stat().st_size if readable is None else None,
            generation=self.layout.generation(),
        )

    # ---- search ---------------------------------------------------------------------------

    def search_text(
        self, query: str, k: int = 10, documents: Collection[str] | None = None,
        readable: Collection[str] | None = None,
    ) -> list[tuple[Locator, float]]:
        """Provisions by BM25 score for ``query``, best first; ``documents`` restricts the
        search to those revision uids inside the query (never a filtered top-k); ``readable``:
        the revisions the asker may read, over whose rows BM25's statistics are taken (None:
        every row's, as Kuzu's index; ``_search.search_text``)."""
        graph = self._reader()
        return (_search.search_text(graph, query, k, documents, self._memory_search(graph), readable)
                if graph else [])

    def search_vector(
        self, vector: Sequence[float], k: int = 10, documents: Collection[str] | None = None
    ) -> list[tuple[Locator, float]]:
        """Provisions by cosine similarity of their text embedding to ``vector``, best first."""
        graph = self._reader()
        if graph is None:
            return []
        dim = self._meta.get("embedding_dim")
        return _search.search_vector(
            graph, vector, k, documents, dim=int(dim) if dim else None, memory=self._memory_search(graph)
        )

    def provision_vectors(self) -> tuple[list[str], list[str], Any, Any] | None:
        """Every embedded provision as ``(revision uids, paths, vectors, vector_of)``: row ``i``
        is ``uids[i]#paths[i]`` and its unit-length vector is ``vectors[vector_of[i]]`` (one
        per distinct text). None when no embeddings were put in."""
        graph = self._reader()
        dim = self._meta.get("embedding_dim")
        if graph is None or not dim:
            return None
        index = self._memory_search(graph).vector_index(int(dim))
        rows = index.rows
        uids = [rows.revisions.uids[r] for r in rows.rev.tolist()]
        return uids, rows.paths, index.vectors, index.vector_of

    def _memory_search(self, graph: KuzuGraph) -> MemorySearch:
        """The in-memory indexes of the graph read now (built on their first restricted query).

        Tied to the open graph object itself: a store that reopens (a writer after a swap)
        builds afresh, and ``close`` lets them go."""
        if self._memory is None or self._memory.graph is not graph:
            # the build's file when it checks (``_search_file``), else built from the graph
            self._memory = open_search(self, graph) or MemorySearch(graph)
        return self._memory

    # ---- embeddings -----------------------------------------------------------------------

    def _embedding_cache(self) -> EmbeddingCache:
        if self._cache is None:
            self._cache = EmbeddingCache(self.layout.cache_file)
        return self._cache

    def embedding_model(self) -> tuple[str, int] | None:
        """(model name, dimensions) of the vectors in the graph, if any were put in."""
        model, dim = self._meta.get("embedding_model"), self._meta.get("embedding_dim")
        return (model, int(dim)) if model and dim else None

    def missing_embeddings(self, model: str) -> list[tuple[str, str]]:
        """(text hash, text) of each distinct provision text with no cached vector for ``model``.

        Sorted by hash, so an interrupted run and its resumption walk the same order.
        """
        graph = self._reader()
        if graph is None:
            return []
        missing = graph_text_hashes(graph, unlinked_only=False) - self._embedding_cache().hashes(model)
        texts: dict[str, str] = {}
        for table in PROVISION_TABLES.values():
            for text_hash, text in graph.iter_rows(f"MATCH (p:{table}) RETURN p.text_hash, p.text"):
                if text_hash in missing and text_hash not in texts:
                    texts[text_hash] = text
        return sorted(texts.items())

    def cache_embeddings(self, model: str, dim: int, items: Iterable[tuple[str, Any]]) -> int:
        """Store vectors for text hashes (one transaction per call). Needs no write lock."""
        return self._embedding_cache().put(model, dim, items)

    def cached_embeddings(self, model: str) -> int:
        return self._embedding_cache().count(model)

    def apply_embeddings(self, model: str, dim: int) -> EmbeddingsApplied:
        """Put the cached vectors of ``model`` the graph lacks into it, and (re)build the
        vector index, in a new generation swapped in atomically. Writer only."""
        self._require_writer("apply embeddings")
        if self._tx is not None:
            raise StoreError("an ingest is in progress on this store; commit it first")
        if self._graph is None:
            raise NotIngestedError(self.root)
        try:
            applied = apply_embeddings(
                self._graph, self.layout, self._embedding_cache(), model, dim, self._meta
            )
        except Exception as exc:
            if isinstance(exc, InforceError) and not isinstance(exc, StoreError):
                raise
            raise StoreError(f"putting embeddings in failed, the previous graph is untouched: {exc}") from exc
        if applied.swapped:
            self._reopen()
            with contextlib.suppress(OSError):  # a cache: its reader rebuilds it when absent
                write_generation_files(self)
        return applied

    # ---- ingest ---------------------------------------------------------------------------

    def _require_writer(self, what: str) -> None:
        if self._lock is None:
            raise StoreError(f"cannot {what}: {self.root} was opened read-only")

    def begin_ingest(
        self, manifest: Manifest, configuration: str, *, rule_packs: Mapping[str, str] | None = None,
        reviews: str = "",
    ) -> IngestTransaction:
        """Start staging a new generation of the graph (see ``IngestTransaction``).

        ``configuration`` is the configuration id (``engine.build``: parser and packs); the
        index build id is stamped on commit from what the new graph holds; ``reviews`` is the
        review file's hash (``engine.reviews``), kept and counted in it."""
        self._require_writer("ingest")
        if self._tx is not None:
            raise StoreError("an ingest is already in progress on this store")
        graph = self._reader()
        existing = {row[0] for row in graph.rows("MATCH (r:Revision) RETURN r.uid")} if graph else set()
        self._rule_packs = dict(rule_packs or {})
        self._reviews = reviews
        self._tx = IngestTransaction(
            self,
            manifest,
            configuration,
            generation=self.layout.next_generation(),
            existing=existing,
            fresh=graph is None,
        )
        return self._tx

    def _end_ingest(self, tx: IngestTransaction) -> None:
        if self._tx is tx:
            self._tx = None

    def _commit_ingest(self, tx: IngestTransaction, before_live: Callable[[], None] | None = None, *,
                       going_live: Callable[[], None] | None = None) -> None:
        """Build ``tx``'s generation beside the live one and make it live. ``before_live``
        runs first with this store reading the new generation (sealed, not yet live): what an
        ingest derives from its graph and writes beside it. Should it fail, the new generation
        and the per-build files it wrote are removed and the previous graph stays live, files
        and all (audit 80 B F4: facts and sweep then read a graph their reading had failed on).
        ``going_live`` is called just before the swap (``CommitGuard.hold``)."""
        base = None if tx.fresh else self.layout.live()
        build = GraphBuild(self.layout, tx.generation, base=base)
        # The live graph is not needed while building; closing it keeps one Kuzu database
        # open at a time (each costs ~140 MB before it reads anything).
        if self._graph is not None:
            self._graph.close()
        try:
            graph = build.open()
            apply_ingest(
                graph,
                tx.staging,
                tx.removed if base is not None else [],
                added_provisions=tx.staged_provisions,
                meta={
                    "configuration_id": tx.configuration,
                    "rule_packs": json.dumps(self._rule_packs, sort_keys=True),
                    "reviews": self._reviews,
                    "manifest": tx.manifest.model_dump_json(),
                    "generation": str(tx.generation),
                },
            )
            build.seal()
            if before_live is not None:
                self._before_live(build, before_live)
            if going_live is not None:  # from here the commit finishes, Ctrl-C or not
                going_live()
            build.make_live()
        except _BeforeLiveFailed as failed:
            raise failed.__cause__ from None  # type: ignore[misc]  # as raised: its own error, not the store's
        except BaseException as exc:
            build.abandon()
            if not isinstance(exc, Exception) or (isinstance(exc, InforceError) and not isinstance(exc, StoreError)):
                raise
            if isinstance(exc, MemoryError):  # the process's memory ran out: said as such (exit 70), as every
                raise                         # command says it, never a store's failure (audit 83 B F4)
            refused = no_room_refusal(exc.filename or build.path.parent, exc, writing="the new graph",
                                      kept="nothing was built, the graph is as it was") \
                if isinstance(exc, OSError) else None
            if refused is not None:  # no room: the machine's, said as every full disk is (exit 2)
                raise refused from exc
            raise StoreError(f"ingest failed, the previous graph is untouched: {exc}") from exc
        finally:
            self._end_ingest(tx)
            self._reopen()

    def _before_live(self, build: GraphBuild, step: Callable[[], None]) -> None:
        """Run ``step`` with this store reading ``build``'s sealed file; on failure remove the
        build and the per-build files the step wrote (``_BeforeLiveFailed`` carries the error)."""
        home = self.layout.home
        present = build_files(home)
        try:
            self._graph, self._identity = build.read_sealed(), None
            self._meta = _reads.meta(self._graph)
            self._memory = None
            self._sealing = True
            step()
        except BaseException as exc:
            if self._graph is not None:
                self._graph.close()
            build.abandon()
            for name in build_files(home) - present:  # those of the build that never went live
                with contextlib.suppress(OSError):
                    (home / name).unlink()
            raise _BeforeLiveFailed from exc
        finally:
            self._memory = None
            self._sealing, self._sealed_outlines = False, None
        self._graph.close()

    def _reopen(self) -> None:
        """Read whatever generation is live now (the new one after a swap, else the old)."""
        if self._graph is not None and not self._graph.closed:
            self._graph.close()
        if self._stale and self.layout.generation() == self._stale_generation:
            self._graph, self._meta = None, {}  # still the graph of another schema: ignore it
            return
        self._stale = False
        self._open_live()


class _BeforeLiveFailed(Exception):
    """What ``_before_live`` raises around the step's own error (its ``__cause__``), so
    ``_commit_ingest`` passes that error on as it was rather than as a failed build."""


def _shown(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _rebuilding(what: str, reason: str) -> str:
    return f"{what} cannot be trusted ({reason}); rebuilding the graph from the documents, every document parsed again"
