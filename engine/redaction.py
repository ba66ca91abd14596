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
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from inforce.ontology import EdgeReview, Locator, Revision
from inforce.ontology.answers import (
    DedupResult,
    DroppedCandidate,
    FreshnessResult,
    History,
    HistoryEntry,
    Replacement,
    StaleCitation,
)

from .precedence import ProvisionInForce

__all__ = ["Readable", "cut", "edge_target", "redact_dedup", "redact_freshness", "redact_history", "redact_replaces"]

#: whether the asker may read the revision behind a locator (every revision of it when unpinned)
Readable = Callable[[Locator], bool]

#: the kinds of a version of the asked section itself (``engine.asof.history``)
_VERSION_KINDS = ("added", "changed", "removed")


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
    revisions: Sequence[Revision] = (), unread_since: Callable[[str, dt.date], bool] | None = None,
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
    naming a section no revision holds has no such version.

    ``revisions`` (the asked document's, registry order) judge its versions by the revisions
    the asker may read alone: a version begins in one of them that holds the section when the
    last of them before it does not (``added``) or holds another version (``changed``), and ends
    in one that does not hold it (``removed``) — whichever revision the asker may not read
    began or ended it in full; the document is ``withheld`` when it has a revision they may not
    read. Whether such a revision holds the section is its content (rule 4), so it makes no
    difference to either.

    ``unread_since(doc, day)`` (``Snapshot.unread_since``): whether a revision of ``doc`` the
    asker may not read may decide a day from ``day`` on. An edge of a readable item on such a
    document, effective that day, shows its end as ``stopped: withheld`` (that document by id),
    and so does the item's own version (an amending provision a reissue of its target spent:
    ``AsOfIndex.spent``), ended or not: whether that revision reissued the target, and so ended
    the change, is its content (rule 2; ``Snapshot.target_readable`` on a day)."""
    kept: list[Any] = []
    resting: dict[str, str] = {}  # an item (unpinned) -> a document its edges' ends rest on, withheld
    if unread_since is not None:
        for entry in found.versions:
            if entry.target is not None and readable(entry.locator) and unread_since(entry.target.doc, entry.effective_from):
                resting.setdefault(entry.locator.unpinned().format(), entry.target.doc)
    withheld: set[str] = set()
    asked = found.locator.doc
    read = [revision for revision in revisions if readable(revision.locator)]
    if len(read) < len(revisions):
        withheld.add(asked)
    versions = found.versions
    if found.locator.path is not None and len(read) < len(revisions):
        versions = _as_read(found, read)
    # the revisions holding the asked section (those carrying a version of it), and the last one
    # the asker may read before each revision
    holding = {r for entry in versions if entry.target is None and entry.locator.doc == asked for r in entry.revisions}
    last_read: dict[str, str | None] = {}
    before: str | None = None
    for revision in read:
        last_read[revision.label] = before
        before = revision.label
    shown = [entry for entry in versions
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
        if entry.target is None and entry.kind in _VERSION_KINDS and doc == asked and entry.locator.rev in last_read:
            prior = last_read[entry.locator.rev]
            held_before = prior is not None and prior in holding
            if entry.kind == "removed" and not held_before:
                continue  # removed from what no revision they may read held
            if entry.kind != "removed":
                entry = entry.model_copy(update={"kind": "changed" if held_before else "added"})
        stopper = entry.stopped_by
        labels = tuple(r for r in entry.revisions if readable(Locator(doc=doc, rev=r)))
        # an edge's end by a later revision (of its target, or of the document declaring it)
        # dates that revision, whichever document it is in; so does an amending item's (spent:
        # ``AsOfIndex.spent``, its target's revision ended its change)
        carried_hidden = labels != tuple(entry.revisions)
        ended_hidden = stopper is not None and entry.stopped in ("changed", "removed") and not readable(stopper)
        interrupted = any(entry.effective_from <= begun and (entry.applied_until is None or begun < entry.applied_until)
                          for begun in hidden_from.get(doc, ()))  # by a version of its document, while it applied
        rests_on = resting.get(entry.locator.unpinned().format()) if (
            entry.target is not None or entry.kind in ("added", "changed")) else None
        if entry.target is not None and rests_on is not None and not unread_since(entry.target.doc, entry.effective_from):  # type: ignore[misc]
            rests_on = None  # this edge's own target is told (another edge of the item's is not)
        if rests_on is not None and not (carried_hidden or ended_hidden or interrupted):
            withheld.add(rests_on)  # its end by a reissue of its target is that reissue's content
            entry = entry.model_copy(update={"applied_until": None, "stopped": "withheld",
                                             "stopped_by": Locator(doc=rests_on)})
        elif carried_hidden or ended_hidden or interrupted:  # by a revision of its document the asker may not read
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


def _as_read(found: History, read: Sequence[Revision]) -> tuple[Any, ...]:
    """``found``'s entries with a version of the asked section begun or ended in each revision
    the asker may read where a revision they may not read began or ended it: one that holds a
    version its last readable predecessor does not (copied from the version it carries, from
    that revision on), or lacks the section its predecessor held (``removed``)."""
    doc, path = found.locator.doc, found.locator.path
    own = [entry for entry in found.versions if entry.target is None and entry.locator.doc == doc]
    starts = {entry.locator.rev for entry in own}
    carrier = {r: entry for entry in own for r in entry.revisions}
    added: list[Any] = []
    previous: Any = None  # the version the last readable revision carries (None: it lacks the section)
    for revision in read:
        label = revision.label
        carried = carrier.get(label)
        if label not in starts and carried is not previous:
            begun = {"locator": Locator.of_parts(doc, label, path), "effective_from": revision.effective.from_,
                     "effective_until": revision.effective.until, "recorded": revision.recorded, "seq": revision.seq}
            if carried is not None:
                held = carried.revisions[carried.revisions.index(label):]
                added.append(carried.model_copy(update={**begun, "kind": "changed", "revisions": held}))
            else:
                added.append(HistoryEntry(kind="removed", **begun))
        previous = carried
    if not added:
        return found.versions

    def order(entry: Any) -> tuple[object, ...]:  # ``engine.asof.history``'s order
        stamp = entry.recorded.timestamp() if entry.recorded is not None else 0.0
        return (entry.effective_from, 0 if entry.target is None else 1, entry.seq or 0, stamp)

    return tuple(sorted((*found.versions, *added), key=order))


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
    # a citation the asker may not read is access_restricted whatever else was found of it: whether
    # its path exists ("fabricated_locator" or not) is the restricted document's content (audit 85 A F3)
    stale = [
        StaleCitation(citation=s.citation, reason="access_restricted") if not readable(s.citation) else
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
