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
import pickle
import re
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from inforce.ontology import (
    EmbedReport,
    InputError,
    ModelUnavailableError,
    StoreLockedError,
    WorkerLostError,
)

from .store import GraphStore

__all__ = ["Embedder", "EmbedderLoader", "HashingEmbedder", "embed_project"]

#: Called as progress(done, total) after each batch.
EmbedProgress = Callable[[int, int], None]
#: Loads an embedder in a Ray worker (picklable: a module's function, or a ``functools.partial``
#: of one); each worker calls it once.
EmbedderLoader = Callable[[], "Embedder"]


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
    embedder: Embedder | None,
    batch_size: int = 64,
    progress: EmbedProgress | None = None,
    *,
    executor: str = "local",
    workers: int = 1,
    ray_address: str | None = None,
    load: EmbedderLoader | None = None,
) -> EmbedReport:
    """Embed every provision text the cache lacks for ``embedder``, then put the vectors in.

    Each batch is cached as soon as it is computed, so a killed run loses at most the batches
    in flight. The graph is updated (vector index rebuilt beside the live one, swapped in
    atomically) under the write lock; if another writer holds it, the vectors stay cached and
    ``applied`` is False — the next run puts them in without embedding anything. A read-only
    store passed in keeps reading the generation it opened; reopen it to search the new vectors.

    ``executor``: ``local`` embeds here with ``embedder``; ``ray`` sends the same batches (the
    same texts in the same order, ``batch_size`` at a time, so the same vectors) as Ray tasks,
    ``workers`` at once, on a Ray started here or the cluster at ``ray_address``: each worker
    loads its model once with ``load`` (picklable; ``embedder`` may then be None), and the vectors
    come back here to be cached. A batch whose worker dies is run again, twice; a third death is
    a WorkerLostError, with every batch back before it cached (a rerun embeds only the rest).
    """
    from ._ray import on_ray

    on_ray(executor, ray_address)  # the one check of an executor and an address
    if executor == "ray" and load is None:
        raise InputError("the ray executor loads the model in each worker: give what loads it", field="executor")
    if executor == "local" and embedder is None:
        raise InputError("the local executor embeds with an embedder: none was given", field="executor")
    if workers < 1:
        raise InputError(f"{workers}: at least 1", field="workers")
    started = time.perf_counter()
    owned = not isinstance(store_or_root, GraphStore)
    store = GraphStore.open(store_or_root, read_only=True) if owned else store_or_root
    try:
        with contextlib.ExitStack() as stack:
            if executor == "ray":
                from ._ray import ray_session

                stack.enter_context(ray_session(ray_address, workers))
                name, dim = _model_of(load)  # type: ignore[arg-type]
            else:
                assert embedder is not None
                name, dim = embedder.name, embedder.dim
            missing = store.missing_embeddings(name)
            batches = [missing[start : start + batch_size] for start in range(0, len(missing), batch_size)]
            clock = [0.0]  # seconds spent embedding: here, in the model's calls; on Ray, until the last batch
            computed = stack.enter_context(contextlib.closing(  # an error here cancels the batches in flight
                _on_ray(load, batches, workers, clock) if executor == "ray"  # type: ignore[arg-type]
                else _here(embedder, batches, clock)))  # type: ignore[arg-type]
            done = 0
            for batch, vectors in computed:
                if len(vectors) != len(batch):
                    raise ValueError(f"{name} returned {len(vectors)} vectors for {len(batch)} texts")
                store.cache_embeddings(name, dim, zip((h for h, _ in batch), vectors, strict=True))
                done += len(batch)
                if progress is not None:
                    progress(done, len(missing))
            embed_seconds = clock[0]
        writer = store if not store.read_only else None
        root = store.root
    finally:
        if owned:
            store.close()
    figures = {
        "model": name,
        "dim": dim,
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
        applied = target.apply_embeddings(name, dim)
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


Batch = Sequence[tuple[str, str]]  # (text hash, text)


def _here(embedder: Embedder, batches: Sequence[Batch], clock: list[float]) -> Iterator[tuple[Batch, Sequence]]:
    """Each batch embedded in this process, in order; the model's time added to ``clock[0]``."""
    for batch in batches:
        began = time.perf_counter()
        vectors = embedder.embed([text for _, text in batch])
        clock[0] += time.perf_counter() - began
        yield batch, vectors


def _model_of(load: EmbedderLoader) -> tuple[str, int]:
    """The name and dimensions of the model ``load`` loads, asked of a Ray worker (which keeps it)."""
    from ._ray import TaskDied, run_tasks

    (_, found), = run_tasks(_describe, [(load,)], in_flight=1, retries=2)
    if isinstance(found, TaskDied):
        raise ModelUnavailableError(f"the model could not be loaded on Ray: {found}")
    return found


def _on_ray(load: EmbedderLoader, batches: Sequence[Batch], workers: int, clock: list[float],
            ) -> Iterator[tuple[Batch, Sequence]]:
    """Each batch embedded as a Ray task (inside ``ray_session``), as it ends; the seconds from
    the first sent to the last back in ``clock[0]``. A batch whose worker died each time is a
    WorkerLostError: the batches back before it are cached by then."""
    from ._ray import TaskDied, run_tasks

    began = time.perf_counter()
    back = 0
    for index, vectors in run_tasks(_embed_batch, [(load, [text for _, text in batch]) for batch in batches],
                                    in_flight=workers, retries=2):
        if isinstance(vectors, TaskDied):
            raise WorkerLostError(f"{len(batches) - back} batch(es) of passages not embedded: {vectors}; "
                                        "the batches embedded before are cached: run embed again for the rest")
        back += 1
        clock[0] = time.perf_counter() - began
        yield batches[index], vectors


#: A Ray worker's embedders, by what loads them (pickled): each worker loads its model once.
_LOADED: dict[bytes, Embedder] = {}


def _loaded(load: EmbedderLoader) -> Embedder:
    key = pickle.dumps(load)
    if key not in _LOADED:
        _LOADED[key] = load()
    return _LOADED[key]


def _describe(load: EmbedderLoader) -> tuple[str, int]:
    """A Ray task: the model's name and dimensions (which key its cache), loaded in the worker."""
    embedder = _loaded(load)
    return embedder.name, embedder.dim


def _embed_batch(load: EmbedderLoader, texts: list[str]) -> Sequence[Sequence[float]]:
    """A Ray task: one batch embedded by the worker's model, exactly as ``embed`` does it here."""
    return _loaded(load).embed(texts)
