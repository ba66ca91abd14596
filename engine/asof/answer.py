"""How an as-of answer is explained: the chain, the successors, the text, what is withheld.

The result type is ``inforce.ontology.AsOfAnswer``; its JSON shape is the "As-of" contract of
corpus-format.md (``locator, in_force, resolved, text, successors, amended_by, chain,
valid_at, known_at, index_build``), extended compatibly with ``reason``, ``detail`` and
``description``, a ``kind`` on each chain step, and ``withheld``: the documents the asker may
not read that bear on the answer. Such a document is named by its id alone (a successor or
amender ``ADD-02``, a marker ``ADD-02 (withheld: access)`` in the text); its text, title,
dates, revisions and section paths stay out. That a readable clause is superseded is a fact
about the readable clause: it is told, not hidden (hiding it would answer with text that is
not in force).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

from inforce.ontology import Locator, Supersedes
from inforce.ontology.answers import AsOfAnswer, ChainStep, StepKind
from inforce.ontology.scalars import trusted
from inforce.ontology.text import whole_number

from .consolidate import (
    Visible,
    consolidated,
    everything,
    in_force_successors,
    named,
    out_of_force,
    with_text_held,
)
from .revisions import deciding_label
from .supersession import Spent, known_from
from .timeline import IN_FORCE, NO_COVERAGE, NOT_YET, REMOVED, SectionState, known_timestamp

if TYPE_CHECKING:
    from .view import AsOfView, ProvisionTexts

__all__ = ["decided_out_of_sight", "explain", "natural_key", "pinned", "recorded_at", "revision_step", "standing_out_of_sight"]

def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts RFC9110 after RFC7230 and 2.10 after 2.9."""
    return tuple((1, p) if (number := whole_number(p)) is None else (0, number) for p in re.split(r"(\d+)", text) if p)


def pinned(doc: str, label: str, path: str | None) -> Locator:
    """``DOC@REV#path`` as a locator: a document and path already asked about (parsed), a
    label the index holds, so nothing to validate again (``Locator.of_parts``)."""
    return Locator.of_parts(doc, label, path)


# Everything an answer is built from was validated on its way in (the asked locator parsed,
# ``known_at`` made UTC, revisions and edges read from the index), so the answer and its
# chain steps are assembled as they are (``trusted``), not validated a second time: that
# cost most of an as-of answer's time. ``valid_at`` is the caller's: a plain date is taken
# as it is, anything else goes through validation as before.


def _answer(**fields: object) -> AsOfAnswer:
    return _answer_from(fields)


def _answer_from(fields: dict[str, object]) -> AsOfAnswer:
    if fields["valid_at"].__class__ is not dt.date:
        return AsOfAnswer(**fields)  # type: ignore[arg-type]
    return trusted(AsOfAnswer, fields)


def _step(**fields: object) -> ChainStep:
    recorded = fields["recorded"]
    if recorded is not None and recorded.tzinfo is not dt.UTC:  # type: ignore[attr-defined]
        return ChainStep(**fields)  # type: ignore[arg-type]
    return trusted(ChainStep, fields)


_pinned = pinned


def recorded_at(index: AsOfView, edge: Supersedes) -> dt.datetime | None:
    """When ``edge`` became known: its declaring revision's recording, or a review's time
    (``supersession.known_from``; None: a document the index lacks)."""
    recorded = known_from(edge, index.recorded_of(edge.source.doc, edge.source.rev))
    return None if recorded is None else dt.datetime.fromtimestamp(recorded, dt.UTC)


def revision_step(index: AsOfView, doc: str, pos: int, path: str | None, kind: StepKind) -> ChainStep:
    """The chain step for revision ``pos`` of ``doc``, its locator ``doc@label#path``.

    The same for every answer of one index, so ``AsOfIndex.revision_step`` keeps the ones
    asked for (answers call that one, not this)."""
    revision = index.entry(doc).revisions[pos]
    return _step(
        locator=_pinned(doc, revision.label, path),
        effective=revision.effective.from_,
        recorded=revision.recorded,
        origin="declared",
        kind=kind,
    )


def _edge_step(index: AsOfView, edge: Supersedes, kind: StepKind) -> ChainStep:
    """A chain step for ``edge``: its replacement (or, for a deletion, what deleted it)."""
    replacement = edge.by if edge.by is not None else edge.source
    return _step(
        locator=replacement,
        effective=edge.effective,
        recorded=recorded_at(index, edge),
        origin=edge.origin,
        kind="deletes" if kind == "supersedes" and not edge.successor else kind,
        target=edge.target,
        scope=edge.scope,
        review=edge.review,
    )


def _document_label(texts: ProvisionTexts | None, locator: Locator) -> str:
    """How people name a document: its CSI section number when its title has one, else its id."""
    title = _title(texts, locator)
    match = re.search(r"\b\d{2} \d{2} \d{2}(?: \d{2})?\b", title or "")
    return match.group(0) if match else locator.doc


def _title(texts: ProvisionTexts | None, locator: Locator) -> str | None:
    if texts is None or locator.rev is None:
        return None
    return texts.title(locator) or None


def _human(locator: Locator, label: str | None = None) -> str:
    name = label or locator.doc
    return f"{name} §{locator.path}" if locator.path else name


def _in_force(index: AsOfView, locator: Locator, day: int, known_ts: float) -> bool:
    return index.section_state(locator.doc, locator.path, day, known_ts).state == IN_FORCE


def _resolve_successor(index: AsOfView, successor: Locator, day: int, known_ts: float) -> Locator | None:
    state = index.section_state(successor.doc, successor.path, day, known_ts)
    if state.state != IN_FORCE:
        return None
    label = index.entry(successor.doc).labels[state.version]
    return _pinned(successor.doc, label, successor.path)


def _not_in_force(
    index: AsOfView, asked: Locator, state: SectionState, base: dict[str, object], visible: Visible = everything,
) -> AsOfAnswer:
    chain: list[ChainStep] = []
    if state.state == REMOVED:
        removing = state.version
        if visible is not everything:
            removing, between = _removal_as_read(index, asked, state, visible)
            if between:  # a revision the asker may not read stands between: named, by document id
                base = {**base, "withheld": (asked.doc,)}
        chain.append(index.revision_step(asked.doc, removing, asked.path, "removed"))
        detail = f"{asked.unpinned()} was removed by revision {chain[0].locator.rev}"
    elif state.state == NOT_YET:
        detail = f"no revision in force on {base['valid_at']} holds {asked.unpinned()} yet"
    elif state.state == NO_COVERAGE:
        detail = f"no revision of {asked.doc} is in force on {base['valid_at']}"
        if base["known_at"] is not None:
            detail += f" as recorded by {base['known_at']}"
    else:
        detail = f"{asked.unpinned()} is in no revision in force on {base['valid_at']}"
    return _answer(
        **base, in_force=False, resolved=None, text=None, chain=tuple(chain),
        reason="no_coverage_for_date", detail=detail,
    )


def _removal_as_read(index: AsOfView, asked: Locator, state: SectionState, visible: Visible) -> tuple[int, bool]:
    """The revision that removed ``asked`` as an asker reads the document (rule 4: which sections
    a revision they may not read holds is its content): the first revision they may read, up
    to the one deciding the day, after the last they may read that holds it; and whether a
    revision they may not read stands before it, after that one — whatever that revision did
    to the section (issue 23, thirtieth audit)."""
    entry = index.entry(asked.doc)
    labels = entry.labels  # type: ignore[union-attr]
    upto = max(state.current, state.version)
    seen = [p for p in range(upto + 1) if visible(Locator(doc=asked.doc, rev=labels[p]))]
    holders = [p for p in seen if index.has(Locator(doc=asked.doc, rev=labels[p], path=asked.path))]
    last = holders[-1] if holders else -1
    removing = next((p for p in seen if p > last), state.version)
    between = any(not visible(Locator(doc=asked.doc, rev=labels[p])) for p in range(last + 1, removing))
    return removing, between


def explain(
    index: AsOfView,
    asked: Locator,
    valid_at: dt.date,
    known_at: dt.datetime | None,
    *,
    with_text: bool = True,
    visible: Visible = everything,
    targets: Visible | None = None,
) -> AsOfAnswer:
    """Build the full answer for ``asked``: state, supersession, successors, chain, text.

    ``visible`` says which revisions the asker may read; anything else bearing on the answer
    is named by document id alone and listed in ``withheld`` (``asked`` itself must be visible).
    ``targets`` (``visible`` when None) judges what a chain's edge targets
    (``Snapshot.target_readable``: a section named across revisions, by the revisions that
    hold it), as ``history`` judges it.
    """
    if visible is not everything and asked.rev is not None:
        decided = decided_out_of_sight(index, asked, valid_at, known_at, visible)
        if decided is not None:
            return decided
    if visible is not everything and targets is not None:
        withheld = standing_out_of_sight(index, asked, valid_at, known_at, visible, targets)
        if withheld is not None:
            return withheld
    judge = visible if targets is None else targets
    answer = _explain(index, asked, valid_at, known_at, with_text=with_text, visible=visible, targets=judge)
    return answer if visible is everything else _withhold(answer, visible, judge)


def decided_out_of_sight(
    index: AsOfView, asked: Locator, valid_at: dt.date, known_at: dt.datetime | None, visible: Visible,
) -> AsOfAnswer | None:
    """A pinned revision the asker may read, on a day another revision of its document that they
    may not read decides what is in force (in force, or lapsed leaving the day uncovered:
    ``revisions.deciding_label``): one answer whichever it is and whatever it did to the
    section — not in force, that revision named by document id alone — so that no date tells
    when it begins or ends, nor whether it changed the section (``engine.access``, rules 2-3).
    None when the asker may read the revision that decides (the answer is told as it is)."""
    entry = index.entry(asked.doc)
    if entry is None or asked.rev not in entry.position:
        return None
    label = deciding_label(entry, valid_at.toordinal(), known_timestamp(known_at))
    if label is None or label == asked.rev:
        return None
    decider = Locator(doc=asked.doc, rev=label, path=asked.path)
    if visible(decider):
        return None
    later = entry.position[asked.rev] > entry.position[label]
    return _answer(
        locator=asked, valid_at=valid_at, known_at=known_at, index_build=index.build_id, in_force=False,
        resolved=None, text=None, chain=(), reason="not_yet_in_force" if later else "stale_revision",
        detail=f"{asked} is not the in-force text on {valid_at}; what is rests on {named(decider, visible)}",
        withheld=(asked.doc,),
    )


def standing_out_of_sight(
    index: AsOfView, asked: Locator, valid_at: dt.date, known_at: dt.datetime | None, visible: Visible,
    targets: Visible,
) -> AsOfAnswer | None:
    """An amending provision the asker may read whose being in force on the day rests on a
    document a revision they may not read decides that day (``targets``, which is
    ``Snapshot.target_readable`` on the day, says it is not readable then:
    ``AsOfIndex.standing_out_of_sight``): one answer whether that revision's reissue ended its
    change or not, and whatever it says — not in force, no reason, that document named by id
    alone — so no answer tells whether it holds the section or in which words (``engine.access``
    rule 2). None when its standing is the asker's to be told (the answer is told as it is)."""
    doc, path = asked.doc, asked.path
    if path is None or not index.supersession.amends_from(doc):
        return None
    day, known_ts = valid_at.toordinal(), known_timestamp(known_at)
    state = index.section_state(doc, path, day, known_ts)
    if state.state != IN_FORCE:
        return None
    version = pinned(doc, index.entry(doc).labels[state.version], path)  # type: ignore[union-attr]
    if not visible(version) or targets(version):
        return None
    hidden = sorted({e.target_doc for e in index.supersession.made_by(doc, path)
                     if e.effective <= day and e.known_from <= known_ts and not targets(e.edge.target)})
    names = ", ".join(f"{d} (withheld: access)" for d in hidden) or "a document (withheld: access)"
    return _answer(
        locator=asked, valid_at=valid_at, known_at=known_at, index_build=index.build_id, in_force=False,
        resolved=None, text=None, chain=(), reason=None,
        detail=f"whether {asked.unpinned()} is in force on {valid_at} rests on {names}, which it changes",
        withheld=tuple(hidden),
    )


def _withhold(answer: AsOfAnswer, visible: Visible, targets: Visible) -> AsOfAnswer:
    """``answer`` with every locator the asker may not read cut to its document id (in the
    detail too: a stale revision's answer names the version in force); a chain step's target and
    a successor (``DOC#path``, named across revisions) judged by ``targets``: judged by
    ``visible``, a successor in a document with any revision the asker may not read was cut to
    its document id though a revision they may read holds it and decides the day."""
    hidden: set[str] = set()
    named_hidden: set[Locator] = set()

    def cut(locators: tuple[Locator, ...], seen: Visible = visible) -> tuple[Locator, ...]:
        kept: list[Locator] = []
        for locator in locators:
            if not seen(locator):
                hidden.add(locator.doc)
                named_hidden.add(locator)
                locator = Locator(doc=locator.doc)
            if locator not in kept:
                kept.append(locator)
        return tuple(kept)

    # a successor is a section named across revisions (``DOC#path``), as a chain step's target
    successors, amended_by = cut(answer.successors, targets), cut(answer.amended_by)
    chain = []
    for step in answer.chain:
        shown = [(step.locator, visible)] + ([(step.target, targets)] if step.target is not None else [])
        unseen = [locator for locator, seen in shown if not seen(locator)]
        if not unseen:
            chain.append(step)
        else:
            hidden.update(locator.doc for locator in unseen)
            named_hidden.update(unseen)
    resolved, text = answer.resolved, answer.text
    if resolved is not None and not visible(resolved):
        hidden.add(resolved.doc)
        named_hidden.add(resolved)
        resolved, text = None, None
    if not hidden:
        return answer
    detail = answer.detail
    for locator in sorted(named_hidden, key=lambda n: -len(str(n))):
        if detail and locator.rev is not None:
            detail = detail.replace(str(locator), named(locator, visible))
    return answer.model_copy(update={
        "successors": successors, "amended_by": amended_by, "chain": tuple(chain),
        "resolved": resolved, "text": text, "withheld": tuple(sorted(hidden)), "detail": detail,
    })


def _spent(
    index: AsOfView, asked: Locator, spent: Spent, base: dict[str, object], chain: list[ChainStep],
    texts: ProvisionTexts | None, visible: Visible, targets: Visible,
) -> AsOfAnswer:
    """The answer for an amending provision a reissue of its target overrode (``spent``): not
    in force, superseded by the target's version in force (what the reissue says now)."""
    chain += [_edge_step(index, e, "supersedes" if e.scope == "full" else "amends") for e in spent.edges]
    for now in spent.in_force:
        entry = index.entry(now.doc)
        chain.append(index.revision_step(now.doc, entry.position[now.rev], now.path, "version"))  # type: ignore[union-attr,index]
    successors = tuple(sorted((now.unpinned() for now in spent.in_force), key=lambda s: natural_key(str(s))))
    resolved = spent.in_force[0] if len(spent.in_force) == 1 else None
    changes = [f"{named(Locator.of_parts(ender.doc, ender.rev, None), visible)} reissued {named(e.target, targets)}"
               for e, ender in zip(spent.edges, spent.ended_by, strict=True)]
    detail = (f"{asked.unpinned()} is superseded as of {base['valid_at']}: {'; '.join(dict.fromkeys(changes))}, "
              "which it changed, so its change no longer applies")
    if spent.in_force:
        detail += "; in force: " + ", ".join(named(now, visible) for now in spent.in_force)
    else:
        detail += "; nothing replaces it"
    return _answer(
        **base, in_force=False, resolved=resolved,
        text=texts.text(resolved) if texts is not None and resolved is not None else None,
        successors=successors, chain=tuple(chain), reason="superseded", detail=detail, description=None,
    )


def _explain(
    index: AsOfView,
    asked: Locator,
    valid_at: dt.date,
    known_at: dt.datetime | None,
    *,
    with_text: bool,
    visible: Visible,
    targets: Visible,
) -> AsOfAnswer:
    day, known_ts = valid_at.toordinal(), known_timestamp(known_at)
    doc, path = asked.doc, asked.path
    base: dict[str, object] = {
        "locator": asked, "valid_at": valid_at, "known_at": known_at, "index_build": index.build_id,
    }
    state = index.section_state(doc, path, day, known_ts)
    if state.state != IN_FORCE:
        return _not_in_force(index, asked, state, base, visible)
    entry = index.entry(doc)
    first = index.revision_step(doc, state.version, path, "version")
    version = first.locator  # ``doc@label#path`` of the version in force
    chain = [first]
    if state.current != state.version:
        chain.append(index.revision_step(doc, state.current, None, "in_force_revision"))
    texts = index.texts if with_text else None
    spent = index.spent(doc, path, day, known_ts) if index.supersession.amends_from(doc) else None
    if spent is not None:
        return _spent(index, asked, spent, base, chain, texts, visible, targets)
    if not index.supersession.targets_document(doc) and (asked.rev is None or index.is_fresh(asked, state)):
        # No edge targets the document: nothing supersedes or amends the version in force
        # (the common answer, and the hot path: no edge scan, no consolidation).
        base.update(in_force=True, resolved=version, text=texts.text(version) if texts is not None else None,
                    amended_by=(), chain=tuple(chain), reason=None, detail=None, description=None)
        return _answer_from(base)
    pinned_applies = index.pinned_applies(day, known_ts)
    full, amended = index.supersession.hits(doc, path, day, known_ts, pinned_applies)

    if full:
        found = in_force_successors(index, doc, path, day, known_ts, pinned_applies)
        successors = tuple(sorted((Locator.parse(n) for n in found.live), key=lambda s: natural_key(str(s))))
        chain += [_edge_step(index, e, "supersedes") for e in found.walked]
        resolved = _resolve_successor(index, successors[0], day, known_ts) if len(successors) == 1 else None
        description = None
        if len(successors) == 1 and not (visible(resolved) if resolved is not None else targets(successors[0])):
            target_name = _human(asked.unpinned(), _document_label(texts, version))
            description = f"{target_name} as amended by {named(successors[0], targets)}"
        elif len(successors) == 1:
            title = _title(texts, resolved) if resolved is not None else None
            target_name = _human(asked.unpinned(), _document_label(texts, version))
            description = f"{target_name} as amended by {title or successors[0].doc}"
            if successors[0].path:
                description += f" ({_human(successors[0])})"
        detail = f"{asked.unpinned()} is superseded as of {valid_at}"
        deleted = [named(e.by or e.source, visible) for e in found.walked if not e.successor]
        if deleted and not successors and not found.lapsed:
            detail += f"; deleted by {', '.join(dict.fromkeys(deleted))}, nothing replaces it"
        if found.lapsed:
            # A lapsed replacement does not revive the target (as a lapsed revision does not
            # revive its predecessor), and is not named as in force either.
            lapsed = sorted((named(Locator.parse(n), visible) for n in found.lapsed), key=natural_key)
            one = len(lapsed) == 1
            whose = "its replacement" if not successors else "replacement"
            out = out_of_force(index, [Locator.parse(n) for n in found.lapsed], day, known_ts)
            detail += (f"; {whose}{'' if one else 's'} {', '.join(lapsed)} "
                       f"{'is' if one else 'are'} {out}")
        return _answer(
            **base, in_force=False, resolved=resolved,
            text=texts.text(resolved) if texts is not None and resolved is not None else None,
            successors=successors, chain=tuple(chain), reason="superseded",
            detail=detail, description=description,
        )

    amended = with_text_held(index, version, amended, day, known_ts)
    amenders: list[Locator] = []
    for hit in amended:
        chain.append(_edge_step(index, hit.edge, "amends"))
        amender = Locator.parse(hit.successor)
        # An amender that was itself replaced amends through its replacements; only those in
        # force on the day are named (an amender out of force still leaves its edge in the chain).
        found = in_force_successors(index, amender.doc, amender.path, day, known_ts, pinned_applies)
        chain += [_edge_step(index, e, "supersedes") for e in found.walked]
        if found.live or found.lapsed:
            current = [Locator.parse(n) for n in found.live]
        else:
            current = [amender] if _in_force(index, amender, day, known_ts) else []
        for one in current:
            if one not in amenders:
                amenders.append(one)
    fresh = index.is_fresh(asked, state)
    reason = detail = description = None
    if not fresh:
        pos = entry.position[asked.rev]  # pinned: has() vouched for the revision
        reason = "stale_revision" if pos < state.version else "not_yet_in_force"
        detail = f"{asked} is not the in-force text on {valid_at}; {version} is"
    if amenders:
        titles = [_title(texts, _resolve_successor(index, a, day, known_ts) or a) or a.doc
                  if visible(a) else None for a in amenders]
        target_name = _human(asked.unpinned(), _document_label(texts, version))
        # each amender named once: two provisions of one withheld addendum are one name, said once
        description = f"{target_name} as amended by " + ", ".join(dict.fromkeys(
            named(a, visible) if t is None else f"{t} ({_human(a)})" if t != a.doc else _human(a)
            for t, a in zip(titles, amenders, strict=True)
        ))
    text, marks = consolidated(index, version, amended, day, known_ts, visible) if texts is not None else (None, ())
    return _answer(
        **base, in_force=fresh, resolved=version, text=text, marks=marks,
        amended_by=tuple(amenders), chain=tuple(chain), reason=reason, detail=detail,
        description=description,
    )
