"""Embedding neighbours and NLI: similarity only proposes a pair; it becomes a finding only
when the NLI model reads a contradiction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from inforce.ontology import (
    AccessRestrictedError,
    Finding,
    Locator,
    NotFoundError,
    SourceRun,
    WorkerLostError,
)

from .. import rfi
from ..backends import DEFAULT_NLI_THRESHOLD
from ._pairs import Signature, _compatible_pairs, _signature
from ._state import _reference_provision, _Run, finding_id
from ._workers import Progress

#: Embedding neighbours proposed per provision, and the cosine similarity they must reach.
NEIGHBOURS = 3
SIMILARITY = 0.75  # MiniLM puts a sentence and its negation near 0.8
#: Above this many provisions in one applicability block the exact neighbour search is not
#: run (it is quadratic in the block); the summary says so.
MAX_EMBEDDING_BLOCK = 60_000


def _neighbours(run: _Run, in_force: Sequence[str], progress: Progress | None, ray_workers: int = 0) -> None:
    """Near-duplicate provisions that may contradict each other: proposed by stored vectors,
    confirmed only by the NLI model (a contradiction at or above its threshold): searched and
    read here, or as Ray tasks ``ray_workers`` at once (inside ``ray_session``)."""
    snapshot, nli = run.snapshot, run.backends.nli
    vectors = snapshot.store.provision_vectors()
    if vectors is None:
        run.sources["embedding"] = SourceRun(source="embedding", ran=False,
                                             note="no embeddings stored (run: inforce embed PROJECT)")
        run.sources["nli"] = SourceRun(source="nli", ran=False, note="nothing to read: no embedding proposals")
        return
    proposals, skipped = _proposals(run, vectors, set(in_force), progress, ray_workers)
    note = f"{skipped} provisions in blocks over {MAX_EMBEDDING_BLOCK:,} not searched" if skipped else ""
    run.sources["embedding"] = SourceRun(source="embedding", ran=True, pairs=len(proposals), note=note)
    if nli is None:
        run.unconfirmed += len(proposals)
        run.sources["nli"] = SourceRun(source="nli", ran=False,
                                       note="no NLI model configured (models: nli in inforce.yaml)")
        return
    threshold = run.backends.nli_threshold if run.backends.nli_threshold is not None else DEFAULT_NLI_THRESHOLD
    confirmed = 0
    parts = [proposals[start:start + NLI_BATCH] for start in range(0, len(proposals), NLI_BATCH)]

    def texts(part: Sequence[tuple[Locator, Locator, float]]) -> list[tuple[str, str]]:
        return [(snapshot.store.provision_text(a)[0], snapshot.store.provision_text(b)[0]) for a, b, _ in part]

    read = (_read_on_ray(nli, [texts(part) for part in parts], ray_workers) if ray_workers
            else (_contradictions(nli, texts(part)) for part in parts))
    for n, (part, contradictions) in enumerate(zip(parts, read, strict=True), 1):
        for (a, b, similarity), contradiction in zip(part, contradictions, strict=True):
            if contradiction < threshold:
                run.unconfirmed += 1
                continue
            confirmed += 1
            _contradiction(run, a, b, similarity, contradiction, nli.name)
        if progress:
            progress("nli", min(n * NLI_BATCH, len(proposals)), len(proposals))
    run.sources["nli"] = SourceRun(source="nli", ran=True, pairs=len(proposals),
                                   note=f"{confirmed} contradiction(s) at or above {threshold:g}")


#: Candidate pairs the NLI model reads at once (both ways round): here, or as one Ray task.
NLI_BATCH = 32


def _contradictions(nli: Any, pairs: Sequence[tuple[str, str]]) -> list[float]:
    """Each pair's contradiction as the model reads it, the greater of either way round."""
    forward = nli.score(pairs)
    backward = nli.score([(t2, t1) for t1, t2 in pairs])
    return [max(one.contradiction, two.contradiction) for one, two in zip(forward, backward, strict=True)]


def _read_on_ray(nli: Any, batches: Sequence[Sequence[tuple[str, str]]], workers: int) -> list[list[float]]:
    """The batches read as Ray tasks (inside ``ray_session``), ``workers`` at once, back in their
    order. The model goes as what loads it (its pickle: an NLI model loaded from a folder pickles as
    that folder), and each worker loads it once; a batch whose worker died is run again once, and
    a second death is a WorkerLostError (the sweep has no partial report)."""
    import pickle

    from .._ray import TaskDied, run_tasks

    model = pickle.dumps(nli)
    read: dict[int, list[float]] = {}
    for index, found in run_tasks(_read_batch, [(model, batch) for batch in batches], in_flight=workers, retries=1):
        if isinstance(found, TaskDied):
            raise WorkerLostError(f"candidate pairs not read by {nli.name}: {found}")
        read[index] = found
    return [read[index] for index in range(len(batches))]


#: A Ray worker's NLI models, by their pickle: each worker loads a model once.
_LOADED: dict[bytes, Any] = {}


def _read_batch(model: bytes, pairs: Sequence[tuple[str, str]]) -> list[float]:
    """A Ray task: one batch of pairs read by the worker's model, as ``_contradictions`` reads it here."""
    import pickle

    if model not in _LOADED:
        _LOADED[model] = pickle.loads(model)
    return _contradictions(_LOADED[model], pairs)


def _proposals(
    run: _Run, vectors: Any, in_force: set[str], progress: Progress | None, ray_workers: int = 0,
) -> tuple[list[tuple[Locator, Locator, float]], int]:
    """(a, b, cosine) for each provision's nearest in-force neighbours of another text, within
    documents that apply together (each block searched here, or as a Ray task: ``ray_workers``);
    and how many provisions were too many to search."""
    import numpy as np

    uids, paths, matrix, text_of = vectors
    snapshot = run.snapshot
    signatures = {record.uid: _signature(record.applies_to) for record in snapshot.eligibility.records}
    superseded = _superseded_paths(run)
    # leaves only: a section's text holds its children's, so a container is its children's
    # near-duplicate (and would crowd the real neighbours out of the top k)
    parents: dict[str, set[str]] = {}
    for uid, outline in snapshot.store.provision_paths().items():
        if uid in in_force:
            parents[uid] = {parent for parent in outline.values() if parent is not None}
    rows = [i for i, uid in enumerate(uids)
            if uid in in_force and paths[i] not in parents.get(uid, ()) and (uid.partition("@")[0], paths[i]) not in superseded]
    by_signature: dict[Signature, list[int]] = defaultdict(list)
    for i in rows:
        by_signature[signatures.get(uids[i], frozenset())].append(i)
    keys = sorted(by_signature, key=lambda s: sorted((f, sorted(v)) for f, v in s))
    proposals: dict[tuple[str, str], tuple[Locator, Locator, float]] = {}
    skipped = 0
    searched: list[tuple[Any, Any]] = []
    for i, j in _compatible_pairs(keys):
        left = by_signature[keys[i]]
        right = left if i == j else by_signature[keys[j]]
        if len(left) + (0 if i == j else len(right)) > MAX_EMBEDDING_BLOCK:
            skipped += len(left) + (0 if i == j else len(right))
            continue
        searched.append((np.asarray(left), np.asarray(right)))
    found = (_nearest_on_ray(matrix, text_of, searched, ray_workers, progress) if ray_workers
             else _nearest_here(matrix, text_of, searched, progress))
    for (a_rows, b_rows), nearest in zip(searched, found, strict=True):  # in the blocks' order, wherever found
        for r, c, score in nearest:
            row, other = int(a_rows[r]), int(b_rows[c])
            a = Locator.parse(f"{uids[row]}#{paths[row]}")
            b = Locator.parse(f"{uids[other]}#{paths[other]}")
            key = tuple(sorted((a.format(), b.format())))
            proposals.setdefault(key, (a, b, score) if a.format() < b.format() else (b, a, score))  # type: ignore[arg-type]
    return [proposals[key] for key in sorted(proposals)], skipped


def _nearest(a_vectors: Any, a_texts: Any, b_vectors: Any, b_texts: Any) -> list[tuple[int, int, float]]:
    """``(r, c, cosine)`` for each row ``r`` of block side a and its ``NEIGHBOURS`` nearest rows
    ``c`` of side b of another text, at or above ``SIMILARITY``, 1,024 rows of a at a time: the
    one search, here or in a Ray task, on the same arrays (so the same figures)."""
    import numpy as np

    found: list[tuple[int, int, float]] = []
    k = min(NEIGHBOURS, len(b_texts))
    for start in range(0, len(a_texts), 1024):
        scores = a_vectors[start:start + 1024] @ b_vectors.T
        same_text = a_texts[start:start + 1024][:, None] == b_texts[None, :]
        scores[same_text] = -1.0  # the same words are not a contradiction
        top = np.argpartition(-scores, k - 1, axis=1)[:, :k]
        for r in range(len(scores)):
            for c in top[r].tolist():
                score = float(scores[r, c])
                if score >= SIMILARITY:
                    found.append((start + r, c, score))
    return found


def _sides(matrix: Any, text_of: Any, a_rows: Any, b_rows: Any) -> tuple[Any, Any, Any, Any]:
    """A block's two sides as ``_nearest`` takes them: each row's vector and text number."""
    return matrix[text_of[a_rows]], text_of[a_rows], matrix[text_of[b_rows]], text_of[b_rows]


def _nearest_here(matrix: Any, text_of: Any, blocks: Sequence[tuple[Any, Any]],
                  progress: Progress | None) -> Iterator[list[tuple[int, int, float]]]:
    for n, (a_rows, b_rows) in enumerate(blocks, 1):
        yield _nearest(*_sides(matrix, text_of, a_rows, b_rows))
        if progress and (n % 200 == 0 or n == len(blocks)):
            progress("embedding", n, len(blocks))


def _nearest_on_ray(matrix: Any, text_of: Any, blocks: Sequence[tuple[Any, Any]], workers: int,
                    progress: Progress | None) -> list[list[tuple[int, int, float]]]:
    """Each block searched as a Ray task (inside ``ray_session``), ``workers`` at once, its two
    sides' vectors sent by value; back in the blocks' order. A block whose worker died is
    searched again once; a second death is an error (the sweep has no partial report)."""
    from .._ray import TaskDied, run_tasks

    calls = [_sides(matrix, text_of, a_rows, b_rows) for a_rows, b_rows in blocks]
    found: dict[int, list[tuple[int, int, float]]] = {}
    for index, nearest in run_tasks(_nearest, calls, in_flight=workers, retries=1):
        if isinstance(nearest, TaskDied):
            raise WorkerLostError(f"embedding neighbours not searched: {nearest}")
        found[index] = nearest
        if progress:
            progress("embedding", len(found), len(blocks))
    return [found[index] for index in range(len(blocks))]


def _superseded_paths(run: _Run) -> set[tuple[str, str]]:
    """The sections out of force on the day though their revision is in force: each edge's target
    a full supersession replaced, and each amending item (an edge's ``by``) a reissue of what it
    changed overrode (``AsOfIndex.spent``); the as-of answer decides both."""
    found = set()
    asked = set()
    for edge in run.snapshot.index.supersession.edges:
        for section in (edge.target, edge.by):
            if section is None or section.path is None or section in asked:
                continue
            asked.add(section)
            try:
                answer = run.snapshot.index.answer(section, run.valid_at, run.known_at, with_text=False)
            except NotFoundError:
                continue
            if answer.reason == "superseded":
                found.add((section.doc, section.path))
    return found


def _contradiction(run: _Run, a: Locator, b: Locator, similarity: float, contradiction: float, model: str) -> None:
    ident = finding_id("contradiction", None, (a, b))
    scope = "within_document" if a.doc == b.doc else "across_documents"
    sides = (_reference_provision(run, a), _reference_provision(run, b))
    why = f"{model} reads a contradiction (p = {contradiction:.2f}; cosine {similarity:.2f})"
    try:
        decided = run.snapshot.precedence(a.unpinned(), b.unpinned(), run.valid_at, run.known_at, packs=run.packs,
                                         params=run.params, groups=run.groups)
    except AccessRestrictedError as refused:
        run.add(Finding(id=ident, kind="contradiction", scope=scope, provisions=sides, resolution="escalate",
                        rfi=rfi.withheld(a, b, refused.hidden_documents, valid_at=run.valid_at, project=run.snapshot.manifest.project),
                        explanation=why, sources=("embedding", "nli")))
        return
    run.add(Finding(
        id=ident, kind="contradiction", scope=scope, provisions=sides, resolution=decided.resolution,
        rule=decided.rule, clause=decided.clause, rfi=decided.rfi, explanation=f"{why}. {decided.explanation}",
        winner=Locator.parse(decided.winner) if decided.winner else None, sources=("embedding", "nli"),
    ))
