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
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from inforce.ontology import (
    Context,
    Exclusion,
    InputError,
    Locator,
    ReasonCode,
    UtcDateTime,
    VerdictKind,
)

from .asof.freshness import DroppedCandidate
from .calculations import Calculation

if TYPE_CHECKING:
    from .project import Project

__all__ = [
    "RRF_K",
    "SOURCES",
    "QualifierView",
    "Reranker",
    "ResolveResult",
    "ResolvedProvision",
    "RetrievalReport",
    "Source",
    "resolve_question",
    "rrf",
]

#: The constant of reciprocal rank fusion (Cormack et al. 2009): score = sum 1 / (RRF_K + rank).
RRF_K = 60


@runtime_checkable
class Reranker(Protocol):
    """Scores (question, passage) pairs; higher is more relevant. Reorders, never removes."""

    name: str

    def score(self, question: str, passages: Sequence[str]) -> list[float]: ...


Source = Literal["full_text", "vector"]
SOURCES: tuple[Source, ...] = ("full_text", "vector")

_MODEL = ConfigDict(frozen=True, extra="forbid")


class QualifierView(BaseModel):
    """A provision that qualifies a resolved one ("except as provided in 9.1"): it travels with it."""

    model_config = _MODEL

    locator: Locator
    rule: str
    words: str
    text: str | None = None


class ResolvedProvision(BaseModel):
    """One governing provision: its in-force version, where it is, and why it ranked.

    ``replaces`` names the superseded sections a search found and this provision replaced
    (``description``: "03 30 00 §2.1.A as amended by Addendum No. 2 (ADD-02 §1.3)").
    """

    model_config = _MODEL

    locator: Locator
    title: str
    heading: str | None = None
    page: int | None = None
    span: tuple[int, int]
    text: str
    score: float
    ranks: dict[str, int] = {}
    replaces: tuple[Locator, ...] = ()
    description: str | None = None
    qualifiers: tuple[QualifierView, ...] = ()


class RetrievalReport(BaseModel):
    """Which searches ran (and why one did not), and how many candidates each proposed."""

    model_config = _MODEL

    sources: tuple[Source, ...]
    skipped: dict[str, str] = {}
    candidates: dict[str, int] = {}
    searched_revisions: int = 0
    eligibility: bool = True
    reranker: str | None = None
    dropped: tuple[DroppedCandidate, ...] = ()


class ResolveResult(BaseModel):
    """What ``inforce resolve`` answers: the governing provisions, or why there are none."""

    model_config = _MODEL

    outcome: VerdictKind
    reason: ReasonCode | None = None
    question: str
    valid_at: dt.date
    valid_at_source: str = "--valid-at"
    known_at: UtcDateTime | None = None
    provisions: tuple[ResolvedProvision, ...] = ()
    missing_attributes: tuple[str, ...] = ()
    conditional_on: tuple[str, ...] = ()
    calculations: tuple[Calculation, ...] = ()
    eligible_total: int = 0
    excluded: tuple[Exclusion, ...] = ()
    excluded_total: int = 0
    excluded_by_reason: dict[str, int] = {}
    withheld: tuple[str, ...] = ()
    retrieval: RetrievalReport
    rules_fired: tuple[str, ...] = ()
    index_build: str


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
    project: Project, question: str, context: Context, *, k: int = 10,
    sources: Sequence[Source] = SOURCES, eligibility: bool = True,
) -> ResolveResult:
    """See ``Project.resolve``."""
    if not question.strip():
        raise InputError("the question is empty", field="QUESTION", hint="ask in words what the case needs")
    if k < 1:
        raise InputError(f"k must be at least 1, got {k}", field="--k")
    unknown = sorted(set(sources) - set(SOURCES))
    if unknown or not sources:
        raise InputError(f"unknown source {', '.join(unknown) or '(none)'}", field="--sources",
                         hint="full_text, vector or both")
    choice = project.choose_valid_at(context.valid_at, context.attributes)
    valid_at, known_at, groups = choice.valid_at, context.known_at, tuple(context.groups)
    decided = project.eligible(context.model_copy(update={"valid_at": context.valid_at or valid_at}))
    base: dict[str, Any] = {
        "question": question, "valid_at": valid_at, "valid_at_source": choice.source, "known_at": known_at,
        "index_build": project.build_id, "rules_fired": decided.rules_fired,
        "excluded": decided.excluded, "excluded_total": decided.excluded_total,
        "excluded_by_reason": decided.excluded_by_reason,
    }
    if eligibility and decided.outcome != "eligible":
        return ResolveResult(
            outcome=decided.outcome, reason="missing_attribute" if decided.outcome == "clarification_request"
            else decided.reason, missing_attributes=decided.missing_attributes,
            retrieval=RetrievalReport(sources=()), **base,
        )
    allowed = (list(decided.eligible_revisions) if eligibility
               else project.eligibility.in_force_revisions(valid_at, known_at, groups))
    pool = max(3 * k, 30)
    rankings: dict[str, list[Locator]] = {}
    skipped: dict[str, str] = {}
    if "full_text" in sources:
        rankings["full_text"] = [loc for loc, _ in project.store.search_text(question, pool, allowed)]
    if "vector" in sources:
        vectors, why = _vector_hits(project, question, pool, allowed)
        if vectors is None:
            skipped["vector"] = why
        else:
            rankings["vector"] = vectors
    fused = rrf(rankings)
    slots, dropped, withheld = _in_force(project, fused, valid_at, known_at, groups, set(allowed))
    if project.reranker is None:
        slots = slots[:k]  # only what is shown is read
    provisions = [_provision(project, slot, valid_at, known_at, groups) for slot in slots]
    if project.reranker is not None and provisions:
        provisions = _rerank(project.reranker, question, provisions)[:k]
    report = RetrievalReport(
        sources=tuple(rankings), skipped=skipped, candidates={name: len(r) for name, r in rankings.items()},
        searched_revisions=len(allowed), eligibility=eligibility,
        reranker=project.reranker.name if project.reranker is not None else None, dropped=tuple(dropped),
    )
    return ResolveResult(
        outcome="answer" if provisions else "refusal", reason=None if provisions else "unsupported",
        provisions=tuple(_with_qualifiers(project, p, groups) for p in provisions),
        conditional_on=decided.conditional_on if eligibility else (),
        calculations=decided.calculations if eligibility else (),
        eligible_total=len(decided.eligible), withheld=tuple(sorted(withheld)), retrieval=report, **base,
    )


def _vector_hits(project: Project, question: str, pool: int, allowed: Sequence[str]) -> tuple[list[Locator] | None, str]:
    embedded = project.store.embedding_model()
    if project.embedder is None:
        return None, "no embedding model loaded (models: embedding in inforce.yaml; pip install inforce[ml])"
    if embedded is None:
        return None, "no embeddings in the graph: run `inforce embed`"
    name, _ = embedded
    if name != project.embedder.name:
        return None, f"the graph's embeddings are {name}, the loaded model is {project.embedder.name}: run `inforce embed`"
    vector = project.embedder.embed([question])[0]
    return [loc for loc, _ in project.store.search_vector(vector, pool, allowed)], ""


@dataclass
class _Slot:
    """A fused candidate collapsed to its in-force version, before its text is read."""

    pin: Locator
    score: float
    ranks: dict[str, int]
    replaces: tuple[Locator, ...] = ()
    description: str | None = None


def _in_force(
    project: Project, fused: Sequence[tuple[Locator, float, dict[str, int]]], valid_at: dt.date,
    known_at: dt.datetime | None, groups: tuple[str, ...], allowed: set[str],
) -> tuple[list[_Slot], list[DroppedCandidate], set[str]]:
    """Collapse candidates to the in-force version of each section; a replaced section gives
    way to its in-force replacements (when the asker may read them), at its rank. A section
    whose in-force version sits in a revision the asker may not read (unchanged since then)
    is shown from the readable revision that was searched: the same words."""
    found = project.index.dedup_to_current([loc for loc, _, _ in fused], valid_at, known_at)
    kept = {f"{loc.doc}#{loc.path}": (loc, Locator.parse(pin)) for loc, pin in zip(found.kept, found.in_force, strict=True)}
    superseded = {f"{d.locator.doc}#{d.locator.path}": d for d in found.dropped if d.reason == "superseded"}
    out: dict[Locator, _Slot] = {}
    dropped: list[DroppedCandidate] = [d for d in found.dropped if d.reason not in ("duplicate", "superseded")]
    withheld: set[str] = set()
    for loc, score, ranks in fused:
        key = f"{loc.doc}#{loc.path}"
        if key in kept:
            hit, pin = kept.pop(key)
            if not project._readable(pin, groups):
                pin = hit if project._readable(hit, groups) else loc
            if pin not in out:
                out[pin] = _Slot(pin, score, ranks)
            continue
        gone = superseded.pop(key, None)
        if gone is None:
            continue
        answer = project.asof(loc.unpinned(), valid_at, known_at, groups=groups)
        for successor in gone.successors:
            if not project._readable(successor, groups):
                withheld.add(successor.doc)
                continue
            pin = successor if successor.rev is not None else _pin(project, successor, valid_at, known_at)
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


def _pin(project: Project, locator: Locator, valid_at: dt.date, known_at: dt.datetime | None) -> Locator | None:
    answer = project.index.answer(locator, valid_at, known_at, with_text=False)
    return answer.resolved if answer.in_force else None


def _provision(
    project: Project, slot: _Slot, valid_at: dt.date, known_at: dt.datetime | None, groups: tuple[str, ...],
) -> ResolvedProvision:
    pin = slot.pin
    place = project.store.provision_place(pin)
    heading = place["heading"]
    if place["kind"] == "TableRow" and place["header"]:
        heading = " | ".join(place["header"])
    text, description = place["text"], slot.description
    if not slot.replaces and project.index.supersession.targets_document(pin.doc):
        # parts of this section may have been replaced: show it as in force, consolidated
        answer = project.asof(pin.unpinned(), valid_at, known_at, groups=groups)
        if answer.in_force and answer.description and answer.text:
            text, description = answer.text, answer.description
    return ResolvedProvision(
        locator=pin, title=project.store.revision_title(f"{pin.doc}@{pin.rev}"), heading=heading or None,
        page=place["page"], span=(place["start"], place["end"]), text=text, score=round(slot.score, 6),
        ranks=slot.ranks, replaces=slot.replaces, description=description,
    )


def _rerank(reranker: Reranker, question: str, provisions: list[ResolvedProvision]) -> list[ResolvedProvision]:
    scores = reranker.score(question, [p.text for p in provisions])
    order = sorted(range(len(provisions)), key=lambda i: (-scores[i], i))
    return [provisions[i] for i in order]


def _with_qualifiers(project: Project, provision: ResolvedProvision, groups: tuple[str, ...]) -> ResolvedProvision:
    views: list[QualifierView] = []
    path = provision.locator.path or ""
    for link, _ in project.qualifiers_of(provision.locator):
        inside = link.provision.path or ""
        if not (inside == path or inside.startswith(path + ".") or path.startswith(inside + ".")):
            continue
        qualifier = link.qualifier.pinned(provision.locator.rev) if link.resolved else link.qualifier
        text = project.store.provision_text(qualifier)[0] if link.resolved else None
        views.append(QualifierView(locator=qualifier, rule=link.rule, words=link.words, text=text))
    return provision.model_copy(update={"qualifiers": tuple(views)}) if views else provision
