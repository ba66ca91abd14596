"""Candidate search: BM25 over provision text and cosine similarity over their embeddings.

A restriction to revisions is applied inside each query, before ordering and the limit —
never to a truncated top-k (DESIGN.md, principle 1). Text is searched in memory, restricted or
not (``_memory``: the same tokens, stems and BM25 as Kuzu's FTS index; the graph holds no Kuzu
FTS index unless ``_build.FTS_MIN_PROVISIONS`` asks for one, and where one is held an unrestricted
search goes to it). Vectors: restricted, in memory when the caller passes the open graph's
``MemorySearch`` (exact cosine over the allowed rows); unrestricted, Kuzu's HNSW index answers.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from inforce.ontology import Locator, StoreError

from ._kuzu import KuzuGraph
from ._memory import MemorySearch, has_text_indexes
from ._schema import EMBEDDING_INDEX, EMBEDDING_TABLE, FTS_INDEXES

__all__ = ["search_text", "search_vector", "text_terms"]

_WORD = re.compile(r"\w+")


def text_terms(query: str) -> str:
    """The query's words only: Kuzu's FTS parser fails on some punctuation (``*``)."""
    return " ".join(_WORD.findall(query))


def _locator(uid: str, path: str) -> Locator:
    doc, _, rev = uid.partition("@")
    return Locator(doc=doc, rev=rev, path=path)


def _restriction(documents: Collection[str] | None) -> list[str] | None:
    return None if documents is None else sorted(set(documents))


def _ranked(hits: list[tuple[str, str, str, float]], k: int) -> list[tuple[Locator, float]]:
    best: dict[str, tuple[str, str, float]] = {}
    for key, uid, path, score in hits:
        if key not in best or score > best[key][2]:
            best[key] = (uid, path, score)
    order = sorted(best.items(), key=lambda item: (-item[1][2], item[0]))[:k]
    return [(_locator(uid, path), score) for _, (uid, path, score) in order]


def _pinned(hits: list[tuple[str, str, float]]) -> list[tuple[Locator, float]]:
    return [(_locator(uid, path), score) for uid, path, score in hits]


def search_text(
    graph: KuzuGraph,
    query: str,
    k: int,
    documents: Collection[str] | None,
    memory: MemorySearch | None = None,
    readable: Collection[str] | None = None,
) -> list[tuple[Locator, float]]:
    """The ``k`` provisions with the best BM25 score for ``query``, best first.

    Each provision table has its own index; their top lists are merged by score. Restricted
    and given ``memory``, the in-memory index answers (unless it cannot reproduce the graph's
    FTS indexes: then Kuzu does, filtering inside its query). A graph without Kuzu's FTS indexes
    (every graph unless ``_build.FTS_MIN_PROVISIONS`` asks for them) is searched in memory,
    restricted or not.
    (Kuzu's own restricted search, for FTS indexes ``_memory`` cannot reproduce — never built by
    ``_build`` — keeps its index's statistics, the whole table's.)

    ``readable``: the revisions the asker may read (by access alone, whatever their dates),
    over whose rows BM25's statistics (``N``, ``df``, ``avgdl``) are taken, so that the order
    of what they are shown never depends on what a revision they may not read holds (audit
    OO-3); None: every row's, Kuzu's index's own (an asker who may read everything). Given,
    the search is restricted to it at least.
    """
    terms = text_terms(query)
    if readable is not None and documents is None:
        documents = readable
    revs = _restriction(documents)
    if not terms or k <= 0 or revs == []:
        return []
    kuzu_indexes = memory.kuzu_text_indexes() if memory is not None else has_text_indexes(graph)
    if not kuzu_indexes and memory is None:
        memory = MemorySearch(graph)
    if memory is not None and (revs is not None or not kuzu_indexes):
        index = memory.text_index()
        if index is not None:
            allowed = memory.everything() if revs is None else memory.allowed(revs)
            if allowed is None:
                return []
            counted = memory.readable(readable) if readable is not None else None
            return _pinned(index.search(terms, int(k), allowed, counted))
    where = "WHERE node.rev IN $revs " if revs is not None else ""
    params: dict[str, object] = {"q": terms}
    if revs is not None:
        params["revs"] = revs
    hits: list[tuple[str, str, str, float]] = []
    for table, index in FTS_INDEXES.items():
        hits += [
            (key, uid, path, float(score))
            for key, uid, path, score in graph.rows(
                f"CALL QUERY_FTS_INDEX('{table}', '{index}', $q) WITH node, score {where}"
                f"RETURN node.key, node.rev, node.path, score ORDER BY score DESC, node.key LIMIT {int(k)}",
                params,
            )
        ]
    return _ranked(hits, k)


def search_vector(
    graph: KuzuGraph,
    vector: Sequence[float],
    k: int,
    documents: Collection[str] | None,
    *,
    dim: int | None,
    memory: MemorySearch | None = None,
) -> list[tuple[Locator, float]]:
    """The ``k`` provisions whose text embedding is most similar (cosine) to ``vector``.

    Unrestricted, the HNSW index answers. Restricted, the similarity is computed exactly over
    the allowed revisions' provisions: Kuzu 0.11.3 filters an index search only through a
    projected graph, which a read-only database refuses to create. Given ``memory``, that
    exact similarity is one matrix-vector product over the allowed rows held in memory.
    """
    revs = _restriction(documents)
    if k <= 0 or revs == [] or dim is None or EMBEDDING_TABLE not in graph.table_names():
        return []
    query = [float(x) for x in vector]
    if len(query) != dim:
        raise StoreError(f"query vector has {len(query)} dimensions; the graph's embeddings have {dim}")
    if revs is not None and memory is not None:
        index = memory.vector_index(int(dim))
        allowed = memory.allowed(revs)
        return [] if allowed is None else _pinned(index.search(query, int(k), allowed))
    if revs is None:
        rows = graph.rows(
            f"CALL QUERY_VECTOR_INDEX('{EMBEDDING_TABLE}', '{EMBEDDING_INDEX}', $q, {int(k)}) "
            "WITH node AS e, distance MATCH (p)-[:EMBEDDED_AS]->(e) "
            "RETURN p.key, p.rev, p.path, 1.0 - distance",
            {"q": query},
        )
    else:
        rows = graph.rows(
            f"MATCH (p)-[:EMBEDDED_AS]->(e:{EMBEDDING_TABLE}) WHERE p.rev IN $revs "
            f"WITH p, array_cosine_similarity(e.vec, CAST($q AS FLOAT[{int(dim)}])) AS similarity "
            f"RETURN p.key, p.rev, p.path, similarity ORDER BY similarity DESC, p.key LIMIT {int(k)}",
            {"q": query, "revs": revs},
        )
    return _ranked([(key, uid, path, float(score)) for key, uid, path, score in rows], k)
