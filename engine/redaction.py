"""What an asker may see of an answer computed over the whole graph: the one way it is cut.

The gate (``engine.access``) says whether a revision may be read; this module applies that
to the answers built from every revision: a version the asker may not read is left out and
its document named in ``withheld``; a replacement, successor or amender they may not read is
named by its document id alone — that something replaced a provision is a fact of the
provision, what replaced it is not. Likewise what a readable item replaces, when the asker may
not read it: its document by id alone, and no review of the edge (who accepted it, when, their
note: words about the section they may not read) — ``edge_target``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from typing import Any

from inforce.ontology import EdgeReview, Locator
from inforce.ontology.answers import (
    DedupResult,
    DroppedCandidate,
    FreshnessResult,
    History,
    Replacement,
    StaleCitation,
)

from .precedence import ProvisionInForce

__all__ = ["Readable", "cut", "edge_target", "redact_dedup", "redact_freshness", "redact_history", "redact_replaces"]

#: whether the asker may read the revision behind a locator (every revision of it when unpinned)
Readable = Callable[[Locator], bool]


def cut(readable: Readable) -> Callable[[Locator], Locator]:
    """A locator as the asker may see it: whole, or its document id alone."""
    return lambda locator: locator if readable(locator) else Locator(doc=locator.doc)


def edge_target(target: Locator, review: EdgeReview | None, readable: Readable) -> tuple[Locator, EdgeReview | None]:
    """An edge's target and review as the asker may see them: whole, or — a target they may not
    read — its document id alone and no review (access rules 3 and 4: its section is that
    revision's content, and a reviewer's note is about it)."""
    return (target, review) if readable(target) else (Locator(doc=target.doc), None)


def redact_history(
    found: History, readable: Readable, *, targets: Readable | None = None, known: Callable[[Locator | None, Locator], bool] | None = None,
) -> History:
    """The versions the asker may read; when a readable one stopped applying is its own fact,
    what stopped it beyond its document id is not.

    A version that a revision of its own document the asker may not read carries on unchanged,
    ends by changing or removing it, or interrupts with a version of its own while it applied
    (a revision in force for a time, after which this one resumes), shows its end as
    ``stopped: withheld`` (no ``applied_until``, the document by id): whether that revision
    changed this section, and when it took effect, are that revision's content
    (``engine.access`` rule 3), so every section of the document reads alike, changed by it or
    not. ``targets`` judges what an edge targets (``Snapshot.target_readable``: a section named
    across revisions is shown when a revision the asker may read holds it); ``readable`` when
    not given. An edge not ``known`` (``Snapshot.edge_known``: its target, or another target of
    its item, a section no revision the asker may read holds) is left out unnamed, as an item
    naming a section no revision holds has no such version."""
    kept: list[Any] = []
    withheld: set[str] = set()
    shown = [entry for entry in found.versions
             if known is None or entry.target is None or known(entry.locator, entry.target)]
    # when each version the asker may not read began, by its document
    hidden_from: dict[str, list[dt.date]] = {}
    for entry in shown:
        if not readable(entry.locator):
            hidden_from.setdefault(entry.locator.doc, []).append(entry.effective_from)
    for entry in shown:
        if not readable(entry.locator):
            withheld.add(entry.locator.doc)
            continue
        doc = entry.locator.doc
        stopper = entry.stopped_by
        labels = tuple(r for r in entry.revisions if readable(Locator(doc=doc, rev=r)))
        # an edge's end by a later revision (of its target, or of the document declaring it)
        # dates that revision, whichever document it is in; so does an amending item's (spent:
        # ``AsOfIndex.spent``, its target's revision ended its change)
        carried_hidden = labels != tuple(entry.revisions)
        ended_hidden = stopper is not None and entry.stopped in ("changed", "removed") and not readable(stopper)
        interrupted = any(entry.effective_from <= begun and (entry.applied_until is None or begun < entry.applied_until)
                          for begun in hidden_from.get(doc, ()))  # by a version of its document, while it applied
        if carried_hidden or ended_hidden or interrupted:  # by a revision of its document the asker may not read
            ender = stopper.doc if ended_hidden and not carried_hidden else doc  # hidden for what ended it alone
            withheld.add(ender)
            entry = entry.model_copy(update={"revisions": labels, "applied_until": None, "stopped": "withheld",
                                             "stopped_by": Locator(doc=ender)})
        elif stopper is not None and not readable(stopper):
            withheld.add(stopper.doc)
            entry = entry.model_copy(update={"stopped_by": Locator(doc=stopper.doc)})
        if entry.target is not None and not (targets or readable)(entry.target):  # what a readable item replaces
            withheld.add(entry.target.doc)
            target, review = edge_target(entry.target, entry.review, targets or readable)
            # a reviewed edge is recorded when it was accepted: the review's time, withheld with it
            recorded = None if entry.review is not None else entry.recorded
            entry = entry.model_copy(update={"target": target, "review": review, "recorded": recorded})
        kept.append(entry)
    return found.model_copy(update={"versions": tuple(kept), "withheld": tuple(sorted(withheld))})


def redact_dedup(found: DedupResult, hidden: Iterable[Locator], readable: Readable) -> DedupResult:
    """``found`` (computed over the readable candidates) as the asker may see it, the ``hidden``
    candidates dropped for ``access``."""
    shown = cut(readable)
    return found.model_copy(update={
        "in_force": tuple(str(shown(Locator.parse(v))) for v in found.in_force),
        "dropped": (*(d.model_copy(update={
            "in_force": shown(d.in_force) if d.in_force is not None else None,
            "successors": tuple(dict.fromkeys(shown(s) for s in d.successors)),
        }) for d in found.dropped), *(DroppedCandidate(locator=c, reason="access") for c in hidden)),
    })


def redact_freshness(found: FreshnessResult, readable: Readable) -> FreshnessResult:
    """A citation the asker may not read blocks (``access_restricted``); a replacement they may
    not read is named by document id alone, without its text."""
    shown = cut(readable)
    stale = [
        s.model_copy(update={"in_force": tuple(
            r if readable(r.locator) else Replacement(locator=shown(r.locator)) for r in s.in_force
        )}) for s in found.stale
    ]
    stale += [StaleCitation(citation=f, reason="access_restricted") for f in found.fresh if not readable(f)]
    fresh = tuple(f for f in found.fresh if readable(f))
    return found.model_copy(update={"outcome": "block" if stale else "pass", "stale": tuple(stale), "fresh": fresh})


def redact_replaces(side: ProvisionInForce, readable: Readable) -> ProvisionInForce:
    """A replacing provision is named by what it replaced only where the asker may read it
    (else by its own label: a restricted document's title never shows)."""
    if all(readable(target) for target in side.replaces):
        return side
    return dataclasses.replace(side, replaces=(), replaced_labels=())
