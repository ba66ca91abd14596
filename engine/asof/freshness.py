"""Collapse candidates to the in-force revision, and the freshness gate on citations.

``dedup_to_current`` runs before anything downstream sees retrieval candidates: one
candidate per (document, section) survives, the in-force one, and every dropped copy is
reported with why. ``freshness_gate`` is the backstop on an answer's citations: it passes,
or blocks with each stale citation and what is in force instead (locator and text).

Fresh means: the cited revision is at or after the section's last change and not after the
document's in-force revision (its text is the in-force text), and no full supersession
replaced the section. An unpinned locator means "whatever is in force" and is fresh unless
the section is superseded, removed, or not covered on the date. An amending provision a
reissue of its target overrode (``AsOfIndex.spent``) counts as superseded by that reissue.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from inforce.ontology import Citation, Locator, parse_datetime_utc
from inforce.ontology.answers import (
    DedupResult,
    DroppedCandidate,
    FreshnessResult,
    Replacement,
    StaleCitation,
)

from .answer import decided_out_of_sight, standing_out_of_sight
from .consolidate import Visible, everything, in_force_successors
from .revisions import locate
from .timeline import IN_FORCE, REMOVED, UNKNOWN_PATH, known_timestamp

if TYPE_CHECKING:
    from .view import AsOfView

__all__ = ["dedup_to_current", "freshness_gate"]

def _known(known_at: Any) -> tuple[dt.datetime | None, float]:
    known = None if known_at is None else parse_datetime_utc(known_at)
    return known, known_timestamp(known)


def dedup_to_current(
    index: AsOfView,
    candidates: Iterable[Locator | str],
    valid_at: dt.date,
    known_at: dt.datetime | dt.date | str | None = None,
) -> DedupResult:
    """Keep one candidate per (document, section): the in-force one; report each one dropped.

    Among copies of the in-force text (the in-force version, or any revision since the
    section's last change) the best-ranked is kept. A section retrieved only in older
    revisions is kept as its in-force version, so the answer sees the current text rather
    than nothing; a superseded section is dropped with its successors named (they belong to
    other documents, which eligibility has not vetted here).
    """
    known, known_ts = _known(known_at)
    day = valid_at.toordinal()
    supersession = index.supersession
    # (doc, path) -> [in force?, entry, version, current, kept locator, in-force pin, state, superseded]
    slots: dict[tuple[str, str | None], list[Any]] = {}
    order: list[list[Any]] = []
    dropped: list[DroppedCandidate] = []
    pinned_applies = index.pinned_applies(day, known_ts) if supersession else None

    for candidate in candidates:
        loc = candidate if isinstance(candidate, Locator) else Locator.parse(candidate)
        doc, path = loc.doc, loc.path
        key = (doc, path)
        slot = slots.get(key)
        if slot is None:
            slot = slots[key] = _slot(index, index.entry(doc), doc, path, day, known_ts, pinned_applies)
            if slot[0]:
                order.append(slot)
        if not slot[0]:
            dropped.append(_dropped_out(index, loc, slot[6], slot[7], day, known_ts, pinned_applies))
            continue
        rev = loc.rev
        if rev is not None:
            pos = slot[1].position.get(rev)
            if pos is None or pos < slot[2] or pos > slot[3]:
                reason = "unknown_locator" if pos is None else (
                    "older_revision" if pos < slot[2] else "not_yet_in_force")
                dropped.append(DroppedCandidate.model_construct(
                    locator=loc, reason=reason, in_force=_pinned(slot), successors=()))
                continue
        if slot[4] is None:
            slot[4] = loc
        else:
            dropped.append(DroppedCandidate.model_construct(locator=loc, reason="duplicate", in_force=slot[4],
                                                            successors=()))

    # Results are built from the index's own (already valid) parts: no validation per candidate.
    kept = tuple(slot[4] if slot[4] is not None else _pinned(slot) for slot in order)
    return DedupResult.model_construct(
        kept=kept, in_force=tuple(slot[5] for slot in order), dropped=tuple(dropped),
        valid_at=valid_at, known_at=known, index_build=index.build_id,
    )


def _pinned(slot: list[Any]) -> Locator:
    """The in-force version of a slot as a locator (its parts come from the index: valid)."""
    entry, version, pin = slot[1], slot[2], slot[5]
    doc, _, rest = pin.partition("@")
    return Locator.model_construct(doc=doc, rev=entry.labels[version], path=rest.partition("#")[2] or None)


def _slot(
    index: AsOfView, entry: Any, doc: str, path: str | None, day: int, known_ts: float, pinned_applies: Any,
) -> list[Any]:
    """What dedup needs to know about one (document, section) on the day, computed once."""
    if entry is None:
        return [False, None, -1, -1, None, None, UNKNOWN_PATH, False]
    state, version, current = locate(entry, path, day, known_ts)
    if state != IN_FORCE:
        return [False, entry, version, current, None, None, state, False]
    if pinned_applies is not None and index.supersession.targets_document(doc):
        full, _ = index.supersession.scan(doc, path, day, known_ts, pinned_applies)
        if full:
            return [False, entry, version, current, None, None, state, True]
    if pinned_applies is not None and index.supersession.amends_from(doc) and index.spent(doc, path, day, known_ts):
        return [False, entry, version, current, None, None, state, True]  # a reissue overrode it
    label = entry.labels[version]
    pin = f"{doc}@{label}" if path is None else f"{doc}@{label}#{path}"
    return [True, entry, version, current, None, pin, state, False]


def _dropped_out(
    index: AsOfView, loc: Locator, state: int, superseded: bool, day: int, known_ts: float,
    pinned_applies: Any,
) -> DroppedCandidate:
    """Why a candidate whose section is not in force (at all) was dropped."""
    if index.entry(loc.doc) is None or state == UNKNOWN_PATH:
        return DroppedCandidate(locator=loc, reason="unknown_locator")
    if superseded:
        spent = index.spent(loc.doc, loc.path, day, known_ts)
        if spent is not None:  # what replaced it: its targets' versions in force (the reissue)
            return DroppedCandidate(locator=loc, reason="superseded",
                                    successors=tuple(now.unpinned() for now in spent.in_force))
        # Only the replacements in force on the day: one that lapsed is no place to go instead.
        found = in_force_successors(index, loc.doc, loc.path, day, known_ts, pinned_applies)
        return DroppedCandidate(
            locator=loc, reason="superseded", successors=tuple(Locator.parse(n) for n in found.live)
        )
    return DroppedCandidate(locator=loc, reason="removed" if state == REMOVED else "no_coverage_for_date")


def _citation_locator(citation: Any) -> Locator | None:
    if isinstance(citation, Locator):
        return citation
    if isinstance(citation, str):
        return Locator.parse(citation)
    if isinstance(citation, Citation):
        return citation.locator
    raise TypeError(f"not a citation or locator: {citation!r}")


def freshness_gate(
    index: AsOfView,
    citations: Iterable[Citation | Locator | str],
    valid_at: dt.date,
    known_at: dt.datetime | dt.date | str | None = None,
    *,
    visible: Visible = everything,
    targets: Visible | None = None,
) -> FreshnessResult:
    """Pass when every cited locator is fresh; otherwise block, naming each stale citation and
    its in-force replacement (locator and text: the in-force version, or the in-force
    successors of a superseded section; none when every replacement lapsed).

    ``visible``: a pinned revision the asker may read, on a day a revision of its document they
    may not read decides (``answer.decided_out_of_sight``), is stale the same way on every such
    day, its document named as what is in force (the caller withholds the rest). ``targets``
    (``Snapshot.target_readable`` on the day): an amending provision whose being in force rests
    on a document withheld that day (``answer.standing_out_of_sight``) is ``access_restricted``,
    that document named, whether or not its change still applies."""
    known, known_ts = _known(known_at)
    day = valid_at.toordinal()
    stale: list[StaleCitation] = []
    fresh: list[Locator] = []
    unchecked = 0
    for citation in citations:
        loc = _citation_locator(citation)
        if loc is None:
            unchecked += 1
            continue
        if not index.has(loc):
            stale.append(StaleCitation(citation=loc, reason="fabricated_locator"))
            continue
        decided = None if visible is everything or loc.rev is None else decided_out_of_sight(
            index, loc, valid_at, known, visible)
        if decided is not None:
            stale.append(StaleCitation(citation=loc, reason=decided.reason or "stale_revision",
                                       in_force=(Replacement(locator=loc.unpinned()),)))
            continue
        withheld = None if visible is everything or targets is None else standing_out_of_sight(
            index, loc, valid_at, known, visible, targets)
        if withheld is not None:  # its being in force rests on a document withheld that day
            stale.append(StaleCitation(citation=loc, reason="access_restricted",
                                       in_force=tuple(Replacement(locator=Locator(doc=d)) for d in withheld.withheld)))
            continue
        answer = index.answer(loc, valid_at, known, with_text=False)
        if answer.in_force:
            fresh.append(loc)
            continue
        reason = answer.reason or "no_coverage_for_date"
        if reason == "superseded":
            targets = [_resolved_successor(index, s, day, known_ts) for s in answer.successors]
        elif answer.resolved is not None:
            targets = [answer.resolved]
        else:
            targets = []
        stale.append(StaleCitation(
            citation=loc,
            reason="removed" if answer.chain and answer.chain[0].kind == "removed" else reason,
            in_force=tuple(Replacement(locator=t, text=_text(index, t)) for t in targets),
        ))
    return FreshnessResult(
        outcome="block" if stale else "pass", stale=tuple(stale), fresh=tuple(fresh),
        unchecked=unchecked, valid_at=valid_at, known_at=known, index_build=index.build_id,
    )


def _resolved_successor(index: AsOfView, successor: Locator, day: int, known_ts: float) -> Locator:
    """A successor pinned to its in-force version when the index can say which that is."""
    entry = index.entry(successor.doc)
    if entry is None:
        return successor
    state, version, _ = locate(entry, successor.path, day, known_ts)
    return successor.pinned(entry.labels[version]) if state == IN_FORCE else successor


def _text(index: AsOfView, locator: Locator) -> str | None:
    if index.texts is None or locator.rev is None:
        return None
    return index.texts.text(locator)
