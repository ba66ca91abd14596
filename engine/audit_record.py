"""The audit record of a verdict: the evidence it rests on, stored with it so that ``replay``
(``engine.audit``) can later say what changed. Built here for ``engine.verify``; kept out of
the checks (what a record holds is one decision, how claims are checked another)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from inforce.ontology import (
    Answer,
    AuditRecord,
    ClaimResult,
    Context,
    Exclusion,
    Locator,
    ReviewedEdge,
    Tier,
)

if TYPE_CHECKING:
    from inforce.ontology import EligibilityResult

    from .snapshot import Snapshot

__all__ = ["AUDIT_LIST_LIMIT", "answer_digest", "audit_record"]

#: How many eligible and excluded documents an audit record names (all are counted).
AUDIT_LIST_LIMIT = 50


def audit_record(
    snapshot: Snapshot, answer: Answer, results: Sequence[ClaimResult], *, context: Context, valid_at: dt.date,
    known_at: dt.datetime | None, groups: tuple[str, ...], eligibility: EligibilityResult, tier: Tier,
    nli: str | None, qualifiers: Sequence[Locator], rules_fired: Sequence[str], valid_at_source: str,
) -> AuditRecord:
    """The evidence behind a verdict: what was eligible and excluded, the passages and
    qualifiers read, the rules fired, the models and packs, and the revisions of every document
    the decision rested on (only those the asker may read, so a record tells nothing of the
    others)."""
    passages = tuple(dict.fromkeys(
        c.resolved for r in results for c in r.citations if c.resolved is not None
    ))
    touched = {loc.doc for loc in passages} | {r.in_force.doc for r in results if r.in_force is not None}
    revisions = {
        doc: tuple(entry.labels) for doc in sorted(touched)
        if (entry := snapshot.index.entry(doc)) is not None and snapshot.may_read(Locator(doc=doc), groups)
    }
    if tier == "low":
        entailment = "not run: tier low"
    elif nli is None:
        entailment = "not run: no NLI model configured"
    else:
        entailment = "run"
    return AuditRecord(
        project=snapshot.manifest.project, context=context, valid_at=valid_at, known_at=known_at,
        index_build=snapshot.build_id,
        eligible=eligibility.eligible[:AUDIT_LIST_LIMIT], eligible_total=len(eligibility.eligible),
        excluded=tuple(Exclusion(document=e.document, reasons=e.reasons) for e in eligibility.excluded),
        excluded_total=eligibility.excluded_total, passages=passages,
        qualifiers=tuple(dict.fromkeys(qualifiers)),
        calculations=tuple(c.model_dump(mode="json") for c in eligibility.calculations),
        rules_fired=tuple(dict.fromkeys(rules_fired)), question=answer.question,
        valid_at_source=valid_at_source, tier=tier, entailment=entailment, models={"nli": nli} if nli else {},
        configuration=snapshot.store.configuration_id(), rule_packs=dict(snapshot.store.rule_pack_hashes()),
        revisions=revisions, answer_sha256=answer_digest(answer),
        decided_at=dt.datetime.now(dt.UTC).replace(microsecond=0),
        reviewed_edges=reviewed_edges(snapshot, revisions, groups),
    )


def reviewed_edges(snapshot: Snapshot, documents: Iterable[str], groups: tuple[str, ...]) -> tuple[ReviewedEdge, ...]:
    """The edges a person accepted (origin ``review``) on ``documents`` — documents the asker
    may read — whose item (and the revision declaring it) the asker may read too: who accepted
    each, when and why. An edge touching a revision they may not read is left out whole: its
    review is about that revision."""
    found = []
    for doc in documents:
        for edge in snapshot.index.supersession.edges_on(doc):
            item = edge.by if edge.by is not None else edge.source
            if edge.review is None or not snapshot.gate.may_read_all((edge.source, item, edge.target), groups):
                continue
            found.append(ReviewedEdge(item=item, target=edge.target, scope=edge.scope, successor=edge.successor,
                                      effective=edge.effective, review=edge.review))
    return tuple(found)


def answer_digest(answer: Answer) -> str:
    """A stable hash of an answer's content (what a stored verdict was computed for)."""
    canonical = json.dumps(answer.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
