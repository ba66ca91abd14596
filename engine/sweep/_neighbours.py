"""Embedding neighbours and NLI: similarity only proposes a pair; it becomes a finding only
when the NLI model reads a contradiction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from inforce.ontology import AccessRestrictedError, Finding, Locator, NotFoundError, SourceRun

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


def _neighbours(run: _Run, in_force: Sequence[str], progress: Progress | None) -> None:
    """Near-duplicate provisions that may contradict each other: proposed by stored vectors,
    confirmed only by the NLI model (a contradiction at or above its threshold)."""
    snapshot, nli = run.snapshot, run.backends.nli
    vectors = snapshot.store.provision_vectors()
    if vectors is None:
        run.sources["embedding"] = SourceRun(source="embedding", ran=False,
                                             note="no embeddings stored (run: inforce embed PROJECT)")
        run.sources["nli"] = SourceRun(source="nli", ran=False, note="nothing to read: no embedding proposals")
        return
    proposals, skipped = _proposals(run, vectors, set(in_force), progress)
    note = f"{skipped} provisions in blocks over {MAX_EMBEDDING_BLOCK:,} not searched" if skipped else ""
    run.sources["embedding"] = SourceRun(source="embedding", ran=True, pairs=len(proposals), note=note)
    if nli is None:
        run.unconfirmed += len(proposals)
        run.sources["nli"] = SourceRun(source="nli", ran=False,
                                       note="no NLI model configured (models: nli in inforce.yaml)")
        return
    threshold = run.backends.nli_threshold if run.backends.nli_threshold is not None else DEFAULT_NLI_THRESHOLD
    confirmed = 0
    batch = 32
    for start in range(0, len(proposals), batch):
        part = proposals[start:start + batch]
        texts = [(snapshot.store.provision_text(a)[0], snapshot.store.provision_text(b)[0]) for a, b, _ in part]
        forward = nli.score(texts)
        backward = nli.score([(t2, t1) for t1, t2 in texts])
        for (a, b, similarity), one, two in zip(part, forward, backward, strict=True):
            contradiction = max(one.contradiction, two.contradiction)
            if contradiction < threshold:
                run.unconfirmed += 1
                continue
            confirmed += 1
            _contradiction(run, a, b, similarity, contradiction, nli.name)
        if progress:
            progress("nli", min(start + batch, len(proposals)), len(proposals))
    run.sources["nli"] = SourceRun(source="nli", ran=True, pairs=len(proposals),
                                   note=f"{confirmed} contradiction(s) at or above {threshold:g}")


def _proposals(
    run: _Run, vectors: Any, in_force: set[str], progress: Progress | None,
) -> tuple[list[tuple[Locator, Locator, float]], int]:
    """(a, b, cosine) for each provision's nearest in-force neighbours of another text, within
    documents that apply together; and how many provisions were too many to search."""
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
    blocks = _compatible_pairs(keys)
    for n, (i, j) in enumerate(blocks, 1):
        if progress and (n % 200 == 0 or n == len(blocks)):
            progress("embedding", n, len(blocks))
        left = by_signature[keys[i]]
        right = left if i == j else by_signature[keys[j]]
        if len(left) + (0 if i == j else len(right)) > MAX_EMBEDDING_BLOCK:
            skipped += len(left) + (0 if i == j else len(right))
            continue
        a_rows, b_rows = np.asarray(left), np.asarray(right)
        for start in range(0, len(a_rows), 1024):
            chunk = a_rows[start:start + 1024]
            scores = matrix[text_of[chunk]] @ matrix[text_of[b_rows]].T
            same_text = text_of[chunk][:, None] == text_of[b_rows][None, :]
            scores[same_text] = -1.0  # the same words are not a contradiction
            k = min(NEIGHBOURS, len(b_rows))
            top = np.argpartition(-scores, k - 1, axis=1)[:, :k]
            for r, row in enumerate(chunk.tolist()):
                for c in top[r].tolist():
                    score = float(scores[r, c])
                    if score < SIMILARITY:
                        continue
                    other = int(b_rows[c])
                    a = Locator.parse(f"{uids[row]}#{paths[row]}")
                    b = Locator.parse(f"{uids[other]}#{paths[other]}")
                    key = tuple(sorted((a.format(), b.format())))
                    proposals.setdefault(key, (a, b, score) if a.format() < b.format() else (b, a, score))  # type: ignore[arg-type]
    return [proposals[key] for key in sorted(proposals)], skipped


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
