"""Figures an amendment replaced: the one decision ``check`` and ``facts`` both follow.

A provision in force on a day but amended in part then (a partial supersession edge on it,
declared or derived, or a change to one of its parts) keeps its stored words, those before the
amendment: a figure read in them may be stale. ``amendment`` says so for one provision, naming
the amenders the asker may read and withholding (by document id) those they may not; a change an
Akoma Ntoso expression already holds (``Supersedes.consolidated``) is not one: its words are
current. An amending provision's own words hold the figure it takes out ('Delete "4 inches" and
substitute "6 inches"'): ``stated_words`` blanks those slots (``addenda.slots``), leaving what
the provision states; ``amender_texts`` are the stated words of a provision's amenders.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inforce.ontology import AccessRestrictedError, Facts, Locator

if TYPE_CHECKING:
    from .addenda.actions import Vocabulary
    from .snapshot import Snapshot

__all__ = ["Amendment", "amended_facts", "amender_texts", "amendment", "removed_words", "stated_words"]


@dataclass(frozen=True)
class Amendment:
    """A provision in force on ``valid_at`` and amended in part then."""

    locator: Locator  # the amended provision, unpinned
    resolved: Locator | None  # its version in force, pinned
    amended_by: tuple[Locator, ...]  # the amenders in force the asker may read
    withheld: tuple[str, ...] = ()  # documents of amenders the asker may not read


def amendment(
    snapshot: Snapshot, locator: Locator, valid_at: dt.date, known_at: dt.datetime | None,
    groups: Sequence[str],
) -> Amendment | None:
    """The amendment in part of ``locator`` (pinned or not) on ``valid_at``; None when it is
    not in force then, or in force unamended (or amended only by changes its words hold)."""
    unpinned = Locator(doc=locator.doc, path=locator.path)
    if not _may_be_amended(snapshot, unpinned.doc, unpinned.path):
        return None  # no edge that could amend it: the common answer, asked of every fact
    try:
        found = snapshot.asof(unpinned, valid_at, known_at, groups=groups)
    except AccessRestrictedError:
        return None  # the version in force is one the asker may not read: not theirs to be told of
    if not found.in_force:
        return None
    held = _consolidated(snapshot).get(unpinned.doc, frozenset())
    amended_by = tuple(a for a in found.amended_by if a.path is not None or a.doc not in found.withheld)
    amended_by = tuple(a for a in amended_by if a.unpinned().format() not in held)
    if not amended_by and not found.withheld:
        return None
    withheld = tuple(found.withheld)
    return Amendment(unpinned, found.resolved, tuple(a for a in amended_by if a.doc not in withheld), withheld)


def _may_be_amended(snapshot: Snapshot, doc: str, path: str | None) -> bool:
    """Whether an edge could amend ``doc#path`` on some day (``SupersessionIndex.hits``'s rule:
    a partial edge on it or an ancestor, any edge on a part of it), read from the edges' targets
    alone: the as-of index is asked only of those."""
    for target, partial in _aims(snapshot).get(doc, ()):
        if target is None:  # on the whole document
            if partial:
                return True
        elif path is None or target.startswith(path + "."):  # on a part of it
            return True
        elif partial and (target == path or path.startswith(target + ".")):  # on it, or on what holds it
            return True
    return False


def _aims(snapshot: Snapshot) -> dict[str, tuple[tuple[str | None, bool], ...]]:
    """By target document, each edge's target path and whether it is partial."""
    def build() -> dict[str, tuple[tuple[str | None, bool], ...]]:
        aims: dict[str, list[tuple[str | None, bool]]] = {}
        for edge in snapshot.index.supersession.edges:
            aims.setdefault(edge.target.doc, []).append((edge.target.path, edge.scope == "partial"))
        return {name: tuple(dict.fromkeys(found)) for name, found in aims.items()}

    return snapshot._once("amendment_aims", build)  # type: ignore[no-any-return]


def _consolidated(snapshot: Snapshot) -> dict[str, frozenset[str]]:
    """By target document, the amenders whose change the target's words already hold."""
    def build() -> dict[str, frozenset[str]]:
        held: dict[str, set[str]] = {}
        for edge in snapshot.index.supersession.edges:
            if edge.consolidated:
                held.setdefault(edge.target.doc, set()).add((edge.by or edge.source).unpinned().format())
        return {doc: frozenset(names) for doc, names in held.items()}

    return snapshot._once("consolidated_amenders", build)  # type: ignore[no-any-return]


def amended_facts(snapshot: Snapshot, facts: Facts, groups: Sequence[str]) -> Facts:
    """``facts`` with each fact read in a provision amended in part on the day marked with its
    amenders (``amended_by``), and left out, its amenders' documents named in ``withheld``,
    when the asker may not read one (what the provision says now cannot be told them)."""
    aims = _aims(snapshot)
    if not aims:
        return facts
    found: dict[tuple[str, str | None, str | None], Amendment | None] = {}
    kept = []
    withheld = set(facts.withheld)
    for fact in facts.facts:
        resolved = fact.resolved
        if resolved.doc not in aims:  # the common answer, asked of every fact: no edge aims at its document
            kept.append(fact)
            continue
        key = (resolved.doc, resolved.rev, resolved.path)
        if key not in found:
            found[key] = amendment(snapshot, resolved, facts.valid_at, facts.known_at, groups)
        amended = found[key]
        if amended is None or amended.resolved is not None and amended.resolved != resolved:
            kept.append(fact)
        elif amended.withheld:
            withheld.update(amended.withheld)
        else:
            kept.append(fact.model_copy(update={"amended_by": amended.amended_by}))
    if not any(found.values()):
        return facts
    return facts.model_copy(update={"facts": tuple(kept), "withheld": tuple(sorted(withheld))})


# ---- what an amending provision states ----------------------------------------------------


def removed_words(snapshot: Snapshot, locator: Locator, text: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` (``locator``'s words) that an amendment takes out: none unless the
    provision is, holds or lies in the ``by`` of a supersession edge (an amending item)."""
    paths = _amending_paths(snapshot).get(locator.doc)
    if not paths or not any(_related(locator.path, path) for path in paths):
        return ()
    from .addenda.slots import removed_spans

    return removed_spans(text, _vocabularies(snapshot))


def _related(cited: str | None, by: str | None) -> bool:
    """One provision holds the other, or they are the same."""
    if cited is None or by is None:
        return True
    return cited == by or by.startswith(cited + ".") or cited.startswith(by + ".")


def _amending_paths(snapshot: Snapshot) -> dict[str, frozenset[str | None]]:
    """By document, the paths of the provisions that are the ``by`` of a supersession edge."""
    def build() -> dict[str, frozenset[str | None]]:
        paths: dict[str, set[str | None]] = {}
        for edge in snapshot.index.supersession.edges:
            if edge.by is not None:
                paths.setdefault(edge.by.doc, set()).add(edge.by.path)
        return {doc: frozenset(found) for doc, found in paths.items()}

    return snapshot._once("amending_paths", build)  # type: ignore[no-any-return]


def stated_words(snapshot: Snapshot, locator: Locator, text: str) -> tuple[str, str]:
    """``text`` (``locator``'s words) with the words an amending provision takes out blanked
    (same length: spans hold), and those words, joined by " ; " (empty when none)."""
    spans = removed_words(snapshot, locator, text)
    if not spans:
        return text, ""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars), " ; ".join(text[a:b] for a, b in spans)


def amender_texts(
    snapshot: Snapshot, found: Amendment, valid_at: dt.date, known_at: dt.datetime | None, groups: Sequence[str],
) -> list[tuple[Locator, str, str]]:
    """Each readable amender of ``found`` in force on the day with its words then: (locator,
    the words it states, the words it takes out)."""
    texts: list[tuple[Locator, str, str]] = []
    for amender in found.amended_by:
        answer = snapshot.asof(amender, valid_at, known_at, groups=groups)
        if not answer.in_force or answer.text is None:
            continue
        texts.append((amender, *stated_words(snapshot, amender, answer.text)))
    return texts


def _vocabularies(snapshot: Snapshot) -> list[Vocabulary]:
    """The verbs amending words are read by: the project's supersession rules, else the stock
    addenda pack's (an edge declared in metadata still has English words for its change)."""
    def build() -> list[Vocabulary]:
        from inforce.rules import load_pack

        from .addenda.actions import vocabulary

        rules = snapshot.rules.supersession or load_pack("supersession/csi-addenda").pack.of_kind("supersession")
        return [vocabulary(rule) for rule in rules]

    return snapshot._once("amending_vocabularies", build)  # type: ignore[no-any-return]
