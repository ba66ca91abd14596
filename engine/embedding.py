"""Embeddings of provision text: the ``Embedder`` port and the resumable embed step.

Embedding is separate from ingest and never blocks it: vectors are computed outside the
write lock into the project's embedding cache (keyed by model and a hash of the text, so
unchanged text is embedded once and a killed run resumes), and only the short step that
puts them into the graph takes the lock. Backends live in ``inforce.adapters.models``;
``HashingEmbedder`` here is the small in-memory one for tests of other code.
"""

from __future__ import annotations

import contextlib
import math
import re
import time
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from inforce.ontology import EmbedReport, StoreLockedError

from .store import GraphStore

__all__ = ["Embedder", "HashingEmbedder", "embed_project"]

#: Called as progress(done, total) after each batch.
EmbedProgress = Callable[[int, int], None]


@runtime_checkable
class Embedder(Protocol):
    """Turns passages into vectors of ``dim`` floats; ``name`` keys the cache."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> Sequence[Sequence[float]]: ...


class HashingEmbedder:
    """Bag of words hashed into ``dim`` signed buckets, L2-normalised; no model, no state.

    Texts sharing words get close vectors, which is all a test of retrieval plumbing needs.
    """

    _WORD = re.compile(r"\w+")

    def __init__(self, dim: int = 64) -> None:
        self.dim = dim
        self.name = f"hashing-bow-{dim}"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            vector = [0.0] * self.dim
            for word in self._WORD.findall(text.lower()):
                code = zlib.crc32(word.encode())
                vector[code % self.dim] += 1.0 if code & 0x80000000 else -1.0
            norm = math.sqrt(sum(x * x for x in vector)) or 1.0
            vectors.append([x / norm for x in vector])
        return vectors


def embed_project(
    store_or_root: GraphStore | str | Path,
    embedder: Embedder,
    batch_size: int = 64,
    progress: EmbedProgress | None = None,
) -> EmbedReport:
    """Embed every provision text the cache lacks for ``embedder``, then put the vectors in.

    Each batch is cached as soon as it is computed, so a killed run loses at most one batch.
    The graph is updated (vector index rebuilt beside the live graph, swapped in atomically)
    under the write lock; if another writer holds it, the vectors stay cached and
    ``applied`` is False — the next run puts them in without embedding anything. A
    read-only store passed in keeps reading the generation it opened; reopen it to search
    the new vectors.
    """
    started = time.perf_counter()
    owned = not isinstance(store_or_root, GraphStore)
    store = GraphStore.open(store_or_root, read_only=True) if owned else store_or_root
    try:
        missing = store.missing_embeddings(embedder.name)
        embed_seconds = 0.0
        done = 0
        for start in range(0, len(missing), batch_size):
            batch = missing[start : start + batch_size]
            began = time.perf_counter()
            vectors = embedder.embed([text for _, text in batch])
            embed_seconds += time.perf_counter() - began
            if len(vectors) != len(batch):
                raise ValueError(f"{embedder.name} returned {len(vectors)} vectors for {len(batch)} texts")
            store.cache_embeddings(embedder.name, embedder.dim, zip((h for h, _ in batch), vectors, strict=True))
            done += len(batch)
            if progress is not None:
                progress(done, len(missing))
        writer = store if not store.read_only else None
        root = store.root
    finally:
        if owned:
            store.close()
    figures = {
        "model": embedder.name,
        "dim": embedder.dim,
        "missing": len(missing),
        "embedded": done,
        "embed_seconds": embed_seconds,
        "passages_per_second": done / embed_seconds if embed_seconds else 0.0,
    }
    try:
        opened = writer is None
        target = GraphStore.open(root, read_only=False) if opened else writer
    except StoreLockedError as locked:
        return EmbedReport(**figures, seconds=time.perf_counter() - started, applied=False,
                           note=f"vectors cached, not yet in the graph: {locked}; run embed again")
    try:
        applied = target.apply_embeddings(embedder.name, embedder.dim)
        if applied.swapped:  # a new build: the engine's files for it too, as an ingest writes them
            from .snapshot import Snapshot

            with contextlib.suppress(OSError):  # a copy for speed: its reader rebuilds it when absent
                Snapshot(root, target).write_files()
    finally:
        if opened:
            target.close()
    return EmbedReport(
        **figures,
        seconds=time.perf_counter() - started,
        applied=True,
        vectors_added=applied.vectors_added,
        provisions_linked=applied.provisions_linked,
        provisions_without=applied.provisions_without,
    )
