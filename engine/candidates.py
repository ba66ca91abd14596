"""Candidates for a question: eligibility first, then full text and vectors, fused by rank.

Retrieval only proposes. The eligible, readable, in-force revisions are the restriction
*inside* each search (never a filter over a truncated top-k, DESIGN.md principle 1); the
two rankings are fused by reciprocal rank; every candidate is then collapsed to the
in-force version of its section (a replaced section answers with its replacement).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    Context,
    InputError,
    Locator,
    QualifierView,
    ResolvedProvision,
    ResolveResult,
    RetrievalReport,
    SearchSource,
)
from inforce.ontology.answers import DroppedCandidate

from .backends import Reranker

if TYPE_CHECKING:
    from .backends import ModelBackends
    from .snapshot import Snapshot

__all__ = [
    "RRF_K",
    "SOURCES",
    "Reranker",
    "resolve_question",
    "rrf",
]

#: The constant of reciprocal rank fusion (Cormack et al. 2009): score = sum 1 / (RRF_K + rank).
RRF_K = 60


SOURCES: tuple[SearchSource, ...] = ("full_text", "vector")


def rrf(rankings: Mapping[str, Sequence[Locator]], k: int = RRF_K) -> list[tuple[Locator, float, dict[str, int]]]:
    """Reciprocal rank fusion: each candidate scores the sum of 1 / (k + rank) over the rankings
    it appears in (rank from 1); ties broken by locator, so the order is deterministic."""
    scores: dict[Locator, float] = {}
    ranks: dict[Locator, dict[str, int]] = {}
    for name, ranking in rankings.items():
        for rank, locator in enumerate(ranking, 1):
            scores[locator] = scores.get(locator, 0.0) + 1.0 / (k + rank)
            ranks.setdefault(locator, {})[name] = rank
    order = sorted(scores, key=lambda loc: (-scores[loc], loc.format()))
    return [(loc, scores[loc], ranks[loc]) for loc in order]


def resolve_question(
    snapshot: Snapshot, backends: ModelBackends, question: str, context: Context, *, k: int = 10,
    sources: Sequence[SearchSource] = SOURCES, eligibility: bool = True,
) -> ResolveResult:
    """See ``Project.resolve``."""
    if not question.strip():
        raise InputError("the question is empty", field="question", hint="ask in words what the case needs")
    if k < 1:
        raise InputError(f"k must be at least 1, got {k}", field="k")
    unknown = sorted(set(sources) - set(SOURCES))
    if unknown or not sources:
        raise InputError(f"unknown source {', '.join(unknown) or '(none)'}", field="sources", reason="unknown",
                         hint="full_text, vector or both")
    choice = snapshot.choose_valid_at(context.valid_at, context.attributes)
    valid_at, known_at, groups = choice.valid_at, context.known_at, tuple(context.groups)
    decided = snapshot.eligible(context.model_copy(update={"valid_at": context.valid_at or valid_at}))
    base: dict[str, Any] = {
        "question": question, "valid_at": valid_at, "valid_at_source": choice.source, "known_at": known_at,
        "index_build": snapshot.build_id, "rules_fired": decided.rules_fired,
        "excluded": decided.excluded, "excluded_total": decided.excluded_total,
        "excluded_by_reason": decided.excluded_by_reason,
    }
    if eligibility and decided.outcome != "eligible":
        return ResolveResult(
            outcome=decided.outcome, reason="missing_attribute" if decided.outcome == "clarification_request"
            else decided.reason, missing_attributes=decided.missing_attributes,
            unmatched_values=decided.unmatched_values, retrieval=RetrievalReport(sources=()), **base,
        )
    allowed = (list(decided.eligible_revisions) if eligibility
               else snapshot.eligibility.in_force_revisions(valid_at, known_at, groups))
    pool = max(3 * k, 30)
    rankings: dict[str, list[Locator]] = {}
    skipped: dict[str, str] = {}
    if "full_text" in sources:
        # BM25's statistics over what the asker may read (by access, on any date): the order never
        # rests on a restricted revision's words (audit OO-3); None, every row's (Kuzu's index)
        readable = snapshot.readable_revisions(groups)
        rankings["full_text"] = [loc for loc, _ in snapshot.store.search_text(question, pool, allowed, readable)]
    if "vector" in sources:
        vectors, why = _vector_hits(snapshot, backends, question, pool, allowed)
        if vectors is None:
            skipped["vector"] = why
        else:
            rankings["vector"] = vectors
    fused = rrf(rankings)
    slots, dropped, withheld = _in_force(snapshot, fused, valid_at, known_at, groups, set(allowed))
    if backends.reranker is None:
        slots = slots[:k]  # only what is shown is read
    provisions = [_provision(snapshot, slot, valid_at, known_at, groups) for slot in slots]
    if backends.reranker is not None and provisions:
        provisions = _rerank(backends.reranker, question, provisions)[:k]
    report = RetrievalReport(
        sources=tuple(rankings), skipped=skipped, candidates={name: len(r) for name, r in rankings.items()},
        searched_revisions=len(allowed), eligibility=eligibility,
        reranker=backends.reranker.name if backends.reranker is not None else None, dropped=tuple(dropped),
    )
    return ResolveResult(
        outcome="answer" if provisions else "refusal", reason=None if provisions else "unsupported",
        provisions=tuple(_with_qualifiers(snapshot, p, groups) for p in provisions),
        conditional_on=decided.conditional_on if eligibility else (),
        calculations=decided.calculations if eligibility else (),
        eligible_total=len(decided.eligible), withheld=tuple(sorted(withheld)), retrieval=report, **base,
    )


def _vector_hits(snapshot: Snapshot, backends: ModelBackends, question: str, pool: int, allowed: Sequence[str]) -> tuple[list[Locator] | None, str]:
    embedded = snapshot.store.embedding_model()
    if backends.embedder is None:
        return None, "no embedding model loaded (models: embedding in inforce.yaml; pip install inforce[ml])"
    if embedded is None:
        return None, "no embeddings in the graph: run `inforce embed`"
    name, _ = embedded
    if name != backends.embedder.name:
        return None, f"the graph's embeddings are {name}, the loaded model is {backends.embedder.name}: run `inforce embed`"
    vector = backends.embedder.embed([question])[0]
    return [loc for loc, _ in snapshot.store.search_vector(vector, pool, allowed)], ""


@dataclass
class _Slot:
    """A fused candidate collapsed to its in-force version, before its text is read."""

    pin: Locator
    score: float
    ranks: dict[str, int]
    replaces: tuple[Locator, ...] = ()
    description: str | None = None


def _in_force(
    snapshot: Snapshot, fused: Sequence[tuple[Locator, float, dict[str, int]]], valid_at: dt.date,
    known_at: dt.datetime | None, groups: tuple[str, ...], allowed: set[str],
) -> tuple[list[_Slot], list[DroppedCandidate], set[str]]:
    """Collapse candidates to the in-force version of each section; a replaced section gives
    way to its in-force replacements (when the asker may read them), at its rank. A section
    whose in-force version sits in a revision the asker may not read (unchanged since then)
    is shown from the readable revision that was searched: the same words.

    An amending item whose being in force that day rests on a document a revision the asker
    may not read decides is withheld, that document named, whether that revision's reissue
    ended its change or not (``asof.answer.standing_out_of_sight``, the rule ``asof`` and the
    freshness gate follow): collapsed without it, the item was returned when the restricted
    revision lacked the paragraph it amends and dropped when it held it (audit KK-01)."""
    withheld: set[str] = set()
    if not snapshot.gate.all_public:
        from .asof.answer import standing_out_of_sight

        visible, targets = snapshot.visible(groups), snapshot.target_readable(groups, valid_at, known_at)
        standing: dict[tuple[str, str | None], bool] = {}
        for loc, _, _ in fused:
            key = (loc.doc, loc.path)
            if key not in standing:
                out = standing_out_of_sight(snapshot.index, loc, valid_at, known_at, visible, targets)
                standing[key] = out is not None
                withheld.update(out.withheld if out is not None else ())
        fused = [hit for hit in fused if not standing[(hit[0].doc, hit[0].path)]]
    found = snapshot.index.dedup_to_current([loc for loc, _, _ in fused], valid_at, known_at)
    kept = {f"{loc.doc}#{loc.path}": (loc, Locator.parse(pin)) for loc, pin in zip(found.kept, found.in_force, strict=True)}
    superseded = {f"{d.locator.doc}#{d.locator.path}": d for d in found.dropped if d.reason == "superseded"}
    out: dict[Locator, _Slot] = {}
    dropped: list[DroppedCandidate] = [d for d in found.dropped if d.reason not in ("duplicate", "superseded")]
    for loc, score, ranks in fused:
        key = f"{loc.doc}#{loc.path}"
        if key in kept:
            hit, pin = kept.pop(key)
            if not snapshot.may_read(pin, groups):
                pin = hit if snapshot.may_read(hit, groups) else loc
            if pin not in out:
                out[pin] = _Slot(pin, score, ranks)
            continue
        gone = superseded.pop(key, None)
        if gone is None:
            continue
        answer = snapshot.asof(loc.unpinned(), valid_at, known_at, groups=groups)
        for successor in gone.successors:
            if not snapshot.may_read(successor, groups):
                withheld.add(successor.doc)
                continue
            pin = successor if successor.rev is not None else _pin(snapshot, successor, valid_at, known_at)
            if pin is None or f"{pin.doc}@{pin.rev}" not in allowed:
                dropped.append(DroppedCandidate(locator=successor, reason="superseded"))
                continue
            slot = out.get(pin)
            if slot is None:
                out[pin] = _Slot(pin, score, ranks, (loc.unpinned(),), answer.description)
            elif loc.unpinned() not in slot.replaces:
                slot.replaces = (*slot.replaces, loc.unpinned())
                slot.description = slot.description or answer.description
    return list(out.values()), dropped, withheld


def _pin(snapshot: Snapshot, locator: Locator, valid_at: dt.date, known_at: dt.datetime | None) -> Locator | None:
    answer = snapshot.index.answer(locator, valid_at, known_at, with_text=False)
    return answer.resolved if answer.in_force else None


def _provision(
    snapshot: Snapshot, slot: _Slot, valid_at: dt.date, known_at: dt.datetime | None, groups: tuple[str, ...],
) -> ResolvedProvision:
    pin = slot.pin
    place = snapshot.store.provision_place(pin)
    heading = place["heading"]
    if place["kind"] == "TableRow" and place["header"]:
        heading = " | ".join(place["header"])
    text, description = place["text"], slot.description
    if not slot.replaces and snapshot.index.supersession.targets_document(pin.doc):
        # parts of this section may have been replaced: show it as in force, consolidated
        answer = snapshot.asof(pin.unpinned(), valid_at, known_at, groups=groups)
        if answer.in_force and answer.description and answer.text:
            text, description = answer.text, answer.description
    return ResolvedProvision(
        locator=pin, title=_title(snapshot, pin), heading=heading or None,
        page=place["page"], span=(place["start"], place["end"]), text=text, score=round(slot.score, 6),
        ranks=slot.ranks, replaces=slot.replaces, description=description,
    )


def _title(snapshot: Snapshot, pin: Locator) -> str | None:
    """The title of the revision ``pin`` names: from the build's text store (no graph query)
    when it holds one, else from the graph (the text store keeps a missing title as "")."""
    texts = snapshot.index.texts
    found = texts.title(pin) if texts is not None else None
    return found if found else snapshot.store.revision_title(f"{pin.doc}@{pin.rev}")


def _rerank(reranker: Reranker, question: str, provisions: list[ResolvedProvision]) -> list[ResolvedProvision]:
    scores = reranker.score(question, [p.text for p in provisions])
    order = sorted(range(len(provisions)), key=lambda i: (-scores[i], i))
    return [provisions[i] for i in order]


def _with_qualifiers(snapshot: Snapshot, provision: ResolvedProvision, groups: tuple[str, ...]) -> ResolvedProvision:
    views: list[QualifierView] = []
    path = provision.locator.path or ""
    for link, _ in snapshot.qualifiers_of(provision.locator):
        inside = link.provision.path or ""
        if not (inside == path or inside.startswith(path + ".") or path.startswith(inside + ".")):
            continue
        qualifier = link.qualifier.pinned(provision.locator.rev) if link.resolved else link.qualifier
        text = snapshot.store.provision_text(qualifier)[0] if link.resolved else None
        views.append(QualifierView(locator=qualifier, rule=link.rule, words=link.words, text=text))
    return provision.model_copy(update={"qualifiers": tuple(views)}) if views else provision
