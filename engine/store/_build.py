"""Building the next graph beside the live one: copy, apply a delta, index, checkpoint, swap.

Kuzu builds full-text indexes only in auto-commit mode, so no single transaction can cover
an ingest; atomicity comes from the file system instead. The new generation is a private
file until ``StoreLayout.swap`` renames ``CURRENT`` to name it, so a failure or a kill at
any step before that leaves the live graph exactly as it was.

Each step is a module-level function, one statement group each, so the order is readable
here and a test can make one of them fail part-way.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil
from collections.abc import Mapping
from pathlib import Path

from inforce.ontology import StoreError
from inforce.ontology.files import ensure_room

from ..build import index_build_id
from ._kuzu import KuzuGraph, buffer_pool_for, cypher_path, file_bytes, kuzu_version
from ._layout import StoreLayout, pause_point
from ._reads import provision_count
from ._rows import COLUMNS
from ._schema import (
    EMBEDDING_TABLE,
    FTS_INDEXES,
    PROVISION_TABLES,
    REL_PAIRS,
    SCHEMA_VERSION,
    schema_ddl,
)
from ._staging import StagingArea

__all__ = [
    "GraphBuild",
    "apply_ingest",
    "collect_garbage",
    "delete_revisions",
    "ensure_text_indexes",
    "link_embeddings",
    "load_long_rows",
    "load_nodes",
    "load_relationships",
    "write_meta",
]

_PROVISIONS = tuple(PROVISION_TABLES.values())

#: Above this share of the table changing, dropping and recreating the full-text indexes is
#: cheaper than maintaining them row by row (measured on two cores: 0.3-0.8 ms per row
#: inserted or deleted under the index, 0.09 ms per row when the whole index is rebuilt).
FTS_REBUILD_SHARE = 0.1
FTS_REBUILD_MIN_ROWS = 1000

#: Kuzu's own full-text indexes are built in a graph of at least this many provisions; None: in no
#: graph. Every text search, restricted or not, is answered by the in-memory BM25 (``_memory``:
#: Kuzu's tokens, stop words, stems and BM25, held to Kuzu's own index by
#: tests/engine/store/test_store_search_memory.py, which builds Kuzu's with this at 0), written
#: beside each build (``_search_file``). Chosen by measurement (``bench/fulltext_bench.py``,
#: issue 26): of the front's searches only a quote located without a locator in a project with no
#: restricted document went to Kuzu's index (Kuzu cannot restrict a search inside its index, so
#: every other, restricted, was answered in memory already), while building it was the largest
#: cost and the memory peak of a fresh ingest of a million provisions (60-75 s, 5.2 GiB), kept
#: row by row in every delta (0.3-0.8 ms a row inserted or deleted under it) and loaded on every
#: open; it also barred LOAD FROM ... CREATE from its tables (below). It was 2000 before: the text
#: was indexed twice.
FTS_MIN_PROVISIONS: int | None = None

#: Up to this many staged rows, a non-empty table is filled by LOAD FROM ... CREATE, not COPY.
LOAD_CREATE_MAX_ROWS = 5000

#: Up to this many staged rows in all, an ingest loads them in one write transaction (``apply_ingest``).
ONE_TRANSACTION_MAX_ROWS = LOAD_CREATE_MAX_ROWS

#: Up to this many staged rows, any table, empty ones too, is filled by LOAD FROM ... CREATE.
#: A COPY costs Kuzu ~15-40 ms of CPU however few its rows (measured on two cores: 130 of the
#: 330 ms of a fresh two-document ingest went to its seven COPYs), a LOAD ~2 ms; but rows a
#: LOAD creates go through the write-ahead log, which the checkpoint then writes out at ~40 us
#: a row (riverside-library's 3,000 rows: COPY 17 ms at the checkpoint, LOAD 133 ms), so past a
#: few hundred rows a COPY is cheaper again.
LOAD_CREATE_ANY_MAX_ROWS = 200

#: The writer's Kuzu buffer pool in bytes when set (``INFORCE_KUZU_BUFFER_POOL_MB``); unset,
#: sized by the graph (``_kuzu.buffer_pool_for``: the copied live file and the staged rows): a
#: small one gets 1 GB, a larger one Kuzu's default, 80% of RAM. Not capped low for large graphs:
#: building a full-text index holds the table's inverted index in the pool (160k sections
#: need between 0.5 and 1 GB), and a delta never comes near the pool's size anyway.
WRITER_BUFFER_POOL = int(os.environ.get("INFORCE_KUZU_BUFFER_POOL_MB", "0")) << 20

#: The room a build is refused without (``GraphBuild._ensure_room``), estimated before Kuzu writes:
#: a new graph file holds ~8 MiB before its first row (the schema's pages), then grows by pages
#: and chunks, in steps, not by bytes: measured with Kuzu 0.11.3, 2.6 KB of staged rows made a
#: file of 8.1 MB, 0.54 MB 17.8 MB, 2.7 MB 32.4 MB, 10.9 MB 35.5 MB; the margin covers the
#: steps, the factor the rows. The shadow and write-ahead files beside it, while it is
#: checkpointed, took up to 40% of it in a small graph, 15% in a larger one.
NEW_GRAPH_BYTES = 8 << 20
GRAPH_BYTES_PER_STAGED_BYTE = 4
ROOM_MARGIN_BYTES = 24 << 20


class GraphBuild:
    """One new generation, opened read-write at its final name; live only after ``swap``."""

    def __init__(self, layout: StoreLayout, generation: int, *, base: Path | None) -> None:
        self.layout = layout
        self.generation = generation
        self.path = layout.graph_path(generation)
        self.base = base
        self.graph: KuzuGraph | None = None
        self.swapped = False

    def open(self) -> KuzuGraph:
        self.layout.remove_graph(self.path)
        self._ensure_room()
        if self.base is not None:
            shutil.copyfile(self.base, self.path)
            pause_point("copied")
        pool = WRITER_BUFFER_POOL or buffer_pool_for(
            file_bytes(self.path), file_bytes(self.layout.staging_dir(self.generation))
        )
        self.graph = KuzuGraph(self.path, read_only=False, buffer_pool_size=pool)
        if self.base is None:
            with self.graph.transaction():
                for statement in schema_ddl():
                    self.graph.execute(statement)
                write_meta(self.graph, {"schema_version": str(SCHEMA_VERSION)})
        return self.graph

    def _ensure_room(self) -> None:
        """Refuse a build the disk (or the file-size limit) has no room for, before Kuzu starts.

        Kuzu cannot be let run out of room: a write it cannot finish makes it roll back, and the
        rollback of a write transaction that failed that way throws inside its destructor (Kuzu
        0.11.3: "Invalid transaction type to rollback"), which aborts the whole process (SIGABRT,
        or a segfault) with no exception to catch, leaving the build's files behind. So the room
        the build needs is estimated from what it starts with and refused with the ``OSError``
        every full disk gives (``no_room``), which the caller reports as a failed build."""
        staged = file_bytes(self.layout.staging_dir(self.generation))
        start = file_bytes(self.base) if self.base is not None else NEW_GRAPH_BYTES
        graph = start + GRAPH_BYTES_PER_STAGED_BYTE * staged + ROOM_MARGIN_BYTES
        ensure_room(self.path.parent, largest=graph, total=graph + graph // 4 + staged, what="building the graph")

    def swap(self) -> None:
        """Checkpoint, close and make this generation live; then remove the one it replaced."""
        self.seal()
        self.make_live()

    def seal(self) -> None:
        """Checkpoint and close this generation: complete on disk, not yet live (a reader may
        open it read-only, ``GraphStore._commit_ingest``, before ``make_live``)."""
        assert self.graph is not None
        self.graph.execute("CHECKPOINT")
        # Kuzu checkpoints again when a database opened for writing closes, rewriting and
        # syncing a file the CHECKPOINT above just wrote (~15 ms of a small build), and it
        # swallows any error there; this build writes nothing after its CHECKPOINT, so the
        # close is told not to, and ``_closed_clean`` refuses a file that still needs its log.
        self.graph.execute("CALL force_checkpoint_on_close=false")
        self.graph.close()
        _closed_clean(self.path)
        pause_point("checkpointed")

    def read_sealed(self) -> KuzuGraph:
        """This sealed generation opened read-only, as a reader opens the live graph."""
        return KuzuGraph(self.path, read_only=True, buffer_pool_size=buffer_pool_for(file_bytes(self.path)))

    def make_live(self) -> None:
        """Make this sealed generation live (``CURRENT`` names it); remove the one it replaced."""
        previous = self.layout.live()
        self.layout.swap(self.path)
        self.swapped = True
        pause_point("swapped")
        if previous is not None and previous != self.path:
            self.layout.remove_graph(previous)

    def abandon(self) -> None:
        """Close and delete the unfinished generation (never one already swapped in)."""
        if self.graph is not None and not self.graph.closed:
            self.graph.close()
        if not self.swapped:
            self.layout.remove_graph(self.path)


def _closed_clean(path: Path) -> None:
    """Raise ``StoreError`` when Kuzu left a write-ahead log or shadow file beside the closed
    build: its file alone is not the graph, and must never be made live."""
    for suffix in (".wal", ".shadow"):
        left = path.with_name(path.name + suffix)
        if left.exists() and left.stat().st_size:
            raise StoreError(f"{path}: Kuzu left {left.name} behind after its checkpoint; the build is incomplete")


# ---- the steps of an ingest ----------------------------------------------------------------


def text_indexes(graph: KuzuGraph) -> set[str]:
    return {table for table, index in graph.index_names() if FTS_INDEXES.get(table) == index}


def drop_text_indexes(graph: KuzuGraph) -> None:
    for table in text_indexes(graph):
        graph.execute(f"CALL DROP_FTS_INDEX('{table}', '{FTS_INDEXES[table]}')")


def ensure_text_indexes(graph: KuzuGraph) -> None:
    """Create each provision table's full-text index that does not exist yet, in a graph of at
    least ``FTS_MIN_PROVISIONS`` provisions; drop them from a smaller one, and from every graph
    when it is None (a graph an earlier version indexed loses them on its next ingest)."""
    present = text_indexes(graph)
    if FTS_MIN_PROVISIONS is None or provision_count(graph) < FTS_MIN_PROVISIONS:
        for table in present:
            graph.execute(f"CALL DROP_FTS_INDEX('{table}', '{FTS_INDEXES[table]}')")
        return
    for table, index in FTS_INDEXES.items():
        if table not in present:
            graph.execute(f"CALL CREATE_FTS_INDEX('{table}', '{index}', ['text'])")


def delete_revisions(graph: KuzuGraph, uids: list[str]) -> None:
    """Remove revisions with their provisions, quantities and the edges they own."""
    if not uids:
        return
    params = {"uids": uids}
    for table in (*_PROVISIONS, "Quantity", "Qualifier"):
        graph.execute(f"MATCH (p:{table}) WHERE p.rev IN $uids DETACH DELETE p", params)
    graph.execute("MATCH ()-[e:SUPERSEDES]->() WHERE e.owner IN $uids DELETE e", params)
    graph.execute("MATCH (r:Revision) WHERE r.uid IN $uids DETACH DELETE r", params)


def load_nodes(graph: KuzuGraph, staging: StagingArea) -> None:
    """Bulk-load staged revisions and provisions; merge document ids (some already exist)."""
    documents = staging.path("Document")
    if documents is not None:
        graph.execute(
            f"LOAD WITH HEADERS (id STRING) FROM {cypher_path(documents)} (file_format='json') "
            "WITH DISTINCT id MERGE (:Document {id: id})"
        )
    load_long_rows(graph, staging, "Document", "Document", merge=True)
    indexed = text_indexes(graph)
    for table in ("Revision", *_PROVISIONS, "Quantity", "Qualifier"):
        path = staging.path(table)
        if path is None:
            continue
        # Never into a table with a full-text index: Kuzu 0.11.3 segfaults when it later
        # deletes a row that LOAD FROM ... CREATE put into an FTS-indexed table.
        if table not in indexed and _small_delta(graph, f"MATCH (n:{table}) RETURN count(n)", staging.counts[table]):
            types = _column_types(graph, table)
            headers = ", ".join(f"`{c}` {types[c]}" for c in COLUMNS[table])
            properties = ", ".join(f"{c}: `{c}`" for c in COLUMNS[table])
            graph.execute(f"LOAD WITH HEADERS ({headers}) FROM {cypher_path(path)} (file_format='json') "
                          f"CREATE (:{table} {{{properties}}})")
        else:
            graph.execute(f"COPY {table} FROM {cypher_path(path)} (file_format='json')")
    for table in ("Revision", *_PROVISIONS, "Quantity", "Qualifier"):
        load_long_rows(graph, staging, table, table)


def load_relationships(graph: KuzuGraph, staging: StagingArea) -> None:
    """Each staged relationship file into its (from, to) pair: a few rows into a pair that
    already holds some by LOAD FROM ... CREATE (``_small_delta``'s reason), any into an empty
    pair by COPY. Kuzu 0.11.3 gives a pair that two or more rows were inserted into one at a
    time (CREATE, LOAD FROM) ~1 MiB of file it then writes at every checkpoint, and a copied
    pair what its rows need: a fresh three-document graph took 22 MiB and a 130 ms checkpoint
    one way, 8 MiB and 20 ms the other. Inside ``apply_ingest``'s transaction a COPY costs about
    what a LOAD does (measured on two cores)."""
    known: dict[str, dict[str, str]] = {}  # each table's columns, asked of Kuzu once per load
    for rel, pairs in REL_PAIRS.items():
        for source, target in pairs:
            name = rel if len(pairs) == 1 else f"{rel}-{source}-{target}"
            load_long_rows(graph, staging, name, rel, ends=(source, target), known=known)
            path = staging.path(name)
            if path is None:
                continue
            rows = staging.counts[name]
            if rows <= LOAD_CREATE_MAX_ROWS and graph.scalar(f"MATCH (:{source})-[r:{rel}]->(:{target}) RETURN count(r)"):
                _load_create_relationships(graph, rel, source, target, path, known)
                continue
            pair = f"from='{source}', to='{target}', " if len(pairs) > 1 else ""
            graph.execute(f"COPY {rel} FROM {cypher_path(path)} ({pair}file_format='json')")


def load_long_rows(
    graph: KuzuGraph, staging: StagingArea, name: str, table: str, *,
    ends: tuple[str, str] | None = None, merge: bool = False, known: dict[str, dict[str, str]] | None = None,
) -> None:
    """Insert the rows staged for ``name`` that are too long for Kuzu's JSON reader.

    One parameterised statement a row, each value cast to its column's declared type (as
    the staged text would be read): nodes of ``table`` (merged on their key when ``merge``),
    or, with ``ends`` (source, target), ``table`` relationships whose ``from``/``to`` are keys.
    Such rows are rare (a document of many megabytes in one provision), so one statement each
    costs nothing that matters; see ``JSON_ROW_MAX_BYTES`` for why they are set aside.
    """
    for row in staging.long_rows(name):
        types = dict(_column_types(graph, table, known))
        if ends is not None:
            types["from"] = _column_types(graph, ends[0], known)[_KEYS[ends[0]]]
            types["to"] = _column_types(graph, ends[1], known)[_KEYS[ends[1]]]
        params = {f"p{i}": value for i, value in enumerate(row.values())}
        cast = {column: f"CAST($p{i} AS {types[column]})" for i, column in enumerate(row)}
        properties = ", ".join(f"`{c}`: {v}" for c, v in cast.items() if c not in ("from", "to"))
        properties = f" {{{properties}}}" if properties else ""
        if ends is None:
            graph.execute(f"{'MERGE' if merge else 'CREATE'} (:{table}{properties})", params)
            continue
        (source, target), keys = ends, (_KEYS[ends[0]], _KEYS[ends[1]])
        graph.execute(
            f"MATCH (a:{source} {{{keys[0]}: {cast['from']}}}) WITH a "
            f"MATCH (b:{target} {{{keys[1]}: {cast['to']}}}) CREATE (a)-[:{table}{properties}]->(b)",
            params,
        )


def _small_delta(graph: KuzuGraph, count_query: str, rows: int) -> bool:
    """Whether to insert with one set-based LOAD FROM ... CREATE instead of COPY.

    COPY into a table that already holds rows pays a cost that grows with the table (2 s
    for 10 revisions into 4,000 at the benchmark's size, 0.5 s for a relationship table),
    so a small delta goes in through LOAD FROM over the same staged file; and so do a few rows
    into any table (``LOAD_CREATE_ANY_MAX_ROWS``: a COPY's fixed cost), without counting it.
    """
    if rows <= LOAD_CREATE_ANY_MAX_ROWS:
        return True
    return rows <= LOAD_CREATE_MAX_ROWS and bool(graph.scalar(count_query))


def _column_types(graph: KuzuGraph, table: str, known: dict[str, dict[str, str]] | None = None) -> dict[str, str]:
    # LOAD FROM infers a column's type from the file: an all-null column reads as STRING, and a
    # text column whose every value looks like a date (an id "2025-02-29") reads as DATE and
    # fails. So every LOAD names each column's declared type (LOAD WITH HEADERS). ``known``:
    # the tables already asked in this load (no statement of a load changes a table's columns).
    if known is not None and table in known:
        return known[table]
    types = {row[1]: row[2] for row in graph.rows(f"CALL TABLE_INFO('{table}') RETURN *")}
    if known is not None:
        known[table] = types
    return types


_KEYS = {"Document": "id", "Revision": "uid", **{table: "key" for table in _PROVISIONS}, "Quantity": "key", "Qualifier": "key"}


def _load_create_relationships(
    graph: KuzuGraph, rel: str, source: str, target: str, path: Path, known: dict[str, dict[str, str]],
) -> None:
    types = _column_types(graph, rel, known)
    columns = list(types)
    carried = "".join(f", `{c}`" for c in columns)
    properties = ", ".join(f"{c}: `{c}`" for c in columns)
    ends = _column_types(graph, source, known)[_KEYS[source]], _column_types(graph, target, known)[_KEYS[target]]
    headers = ", ".join([f"`from` {ends[0]}", f"`to` {ends[1]}", *(f"`{c}` {types[c]}" for c in columns)])
    # Two chained single-endpoint matches: a pattern matching both endpoints at once plans as
    # a cross product of the two tables.
    graph.execute(
        f"LOAD WITH HEADERS ({headers}) FROM {cypher_path(path)} (file_format='json') "
        f"WITH `from` AS source_key, `to` AS target_key{carried} "
        f"MATCH (a:{source} {{{_KEYS[source]}: source_key}}) WITH a, target_key{carried} "
        f"MATCH (b:{target} {{{_KEYS[target]}: target_key}}) "
        f"CREATE (a)-[:{rel} {{{properties}}}]->(b)"
    )


def link_embeddings(graph: KuzuGraph) -> None:
    """Point each provision without an embedding at the stored vector of its text, if any."""
    if EMBEDDING_TABLE not in graph.table_names():
        return
    for table in _PROVISIONS:
        graph.execute(
            f"MATCH (p:{table}), (e:{EMBEDDING_TABLE}) WHERE p.text_hash = e.hash "
            f"AND NOT EXISTS {{ MATCH (p)-[:EMBEDDED_AS]->(:{EMBEDDING_TABLE}) }} "
            "CREATE (p)-[:EMBEDDED_AS]->(e)"
        )


def collect_garbage(graph: KuzuGraph) -> None:
    """Drop documents no revision or edge mentions, and vectors no provision uses."""
    graph.execute(
        "MATCH (d:Document) WHERE NOT EXISTS { MATCH (:Revision)-[:REVISION_OF]->(d) } "
        "AND NOT EXISTS { MATCH (d)-[:SUPERSEDES]-(:Document) } DELETE d"
    )
    if EMBEDDING_TABLE in graph.table_names():
        graph.execute(
            f"MATCH (e:{EMBEDDING_TABLE}) WHERE NOT EXISTS {{ MATCH ()-[:EMBEDDED_AS]->(e) }} DELETE e"
        )


def write_meta(graph: KuzuGraph, entries: Mapping[str, str | None]) -> None:
    """Every entry in one statement: each statement costs Kuzu ~10 ms however small, and an
    ingest writes about ten keys."""
    if entries:
        graph.execute("UNWIND $entries AS e MERGE (m:Meta {key: e.key}) SET m.value = e.value",
                      {"entries": [{"key": key, "value": value} for key, value in entries.items()]})


def removed_provisions(graph: KuzuGraph, uids: list[str]) -> int:
    if not uids:
        return 0
    found = graph.scalar("MATCH (r:Revision) WHERE r.uid IN $uids RETURN sum(r.provisions)", {"uids": uids})
    return int(found or 0)


def content_build_id(graph: KuzuGraph, configuration: str | None, reviews: str | None = None) -> str:
    """The index build id of what ``graph`` holds now (``engine.build.index_build_id``)."""
    revisions = graph.rows("MATCH (r:Revision) RETURN r.uid, r.content_hash")
    edges = graph.rows(
        "MATCH (a:Document)-[e:SUPERSEDES]->(b:Document) RETURN a.id, e.source_rev, e.source_path,"
        " b.id, e.target_rev, e.target_path, e.scope, e.effective, e.by, e.origin, e.successor,"
        " e.reviewer, e.reviewed_at, e.review_note, e.consolidated"
    )
    # an edge no person reviewed hashes as it did before reviews were kept, one not already
    # consolidated in its target as before that flag was kept (their ids unchanged)
    edges = [[*(row[:14] if row[11] is not None else row[:11]), *(["consolidated"] if row[14] else [])]
             for row in edges]
    model = graph.rows("MATCH (m:Meta {key: 'embedding_model'}) RETURN m.value")
    return index_build_id(configuration or "", revisions, edges, model[0][0] if model else None, reviews)


def apply_ingest(
    graph: KuzuGraph,
    staging: StagingArea,
    removed: list[str],
    *,
    added_provisions: int,
    meta: Mapping[str, str | None],
) -> None:
    """Turn a copy of the live graph into the next one: delete, load, link, index, stamp."""
    existing = provision_count(graph)
    churn = removed_provisions(graph, removed) + added_provisions
    if churn > max(FTS_REBUILD_MIN_ROWS, FTS_REBUILD_SHARE * existing):
        drop_text_indexes(graph)
    delete_revisions(graph, removed)
    # A small delta's loads share one write transaction (``KuzuGraph.transaction``: one log
    # sync, not one per statement); a large one's COPYs run auto-committed, as Kuzu holds a
    # transaction's rows in memory until it commits. Only the loads, which read no more than
    # the keys of nodes loaded before them: run in the same transaction, ``collect_garbage``'s
    # NOT EXISTS missed a REVISION_OF edge just created to a document re-added after an earlier
    # ingest deleted it, and the DELETE failed (Kuzu 0.11.3; the re-added NEW-R of
    # tests/cli/test_access_matrix.py). The text indexes are auto-commit only.
    with graph.transaction() if sum(staging.counts.values()) <= ONE_TRANSACTION_MAX_ROWS else contextlib.nullcontext():
        load_nodes(graph, staging)
        load_relationships(graph, staging)
    pause_point("loaded")
    link_embeddings(graph)
    collect_garbage(graph)
    ensure_text_indexes(graph)
    pause_point("indexed")
    stamp = {
        **meta,
        "build_id": content_build_id(graph, meta.get("configuration_id"), meta.get("reviews")),
        "schema_version": str(SCHEMA_VERSION),
        "kuzu_version": kuzu_version(),
        "committed_at": dt.datetime.now(dt.UTC).isoformat(),
    }
    write_meta(graph, stamp)

