"""Figures an amendment replaced: the one decision ``check`` and ``facts`` both follow.

A provision in force on a day but amended in part then (a partial supersession edge on it,
declared or derived, or a change to one of its parts) keeps its stored words, those before the
amendment: a figure read in them may be stale. ``amendment`` says so for one provision, naming
the amenders the asker may read and withholding (by document id) those they may not; a change an
Akoma Ntoso expression already holds (``Supersedes.consolidated``) is not one: its words are
current. An amending provision's own words hold the figure it takes out ('Delete "4 inches" and
substitute "6 inches"'): ``stated_words`` blanks those slots (``addenda.slots``), leaving what
the provision states; ``amender_texts`` are the stated words of a provision's amenders.

An amender's own figure is stale in turn when a later amendment of the same target, in force on
the day, takes it out (SOP-004 makes 7 years 3, SOP-005 later makes it 5): ``amendment`` of an
amending provision names those later amenders (``of``: the target they share), and ``facts``
marks its figures as it marks the target's. ``amended_facts`` also leaves out the figures an
amending provision's words take out (they are not what it states).

An amending item's new words are the target's words once amended, and are read as such
(``amended_rows``, asked where the stored quantity rows are grouped, so ``facts``, the fact
tables and the sweep all see one reading): 'Revise "3,000 psi" to read "4,000 psi"' puts the
new figure into the target's sentence in place of the old one and reads that sentence under
the target's list headings, so "4,000 psi" takes the subject, condition and bound "3,000 psi
minimum" had there; words substituted for a paragraph ('Delete the paragraph and substitute:
"Foundation walls exposed to earth: 2-1/2 inches."') are read under the target's headings, as
the target itself was. Each such figure stays located at the amending item (in force as it
is, naming the target it ``replaces``), its span the new words in the item.
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import itertools
import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from inforce.ontology import AccessRestrictedError, Facts, Locator, NotFoundError
from inforce.ontology.dates import shift_date

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import TypeAlias

    from .addenda.actions import Vocabulary

    #: Whether an asker knows of an edge, by its ``by`` and target (``Snapshot.edge_known``)
    Known: TypeAlias = Callable[[Locator | None, Locator], bool]


class Snapshot(Protocol):
    """What this module reads of a graph generation (``engine.snapshot.Snapshot`` is one). Named
    here rather than imported, so the snapshot may call this module without an import loop."""

    @property
    def store(self) -> Any: ...
    @property
    def build_id(self) -> str: ...
    @property
    def rules(self) -> Any: ...
    @property
    def index(self) -> Any: ...
    @property
    def gate(self) -> Any: ...
    def _once(self, name: str, build: Callable[[], Any]) -> Any: ...
    def asof(self, locator: Locator | str, valid_at: dt.date, known_at: dt.datetime | None = None,
             *, groups: Iterable[str] = ()) -> Any: ...
    def quantity_extractor(self) -> Any: ...
    def edge_known(self, groups: Iterable[str]) -> Known: ...
    def stored_own_words(self) -> Mapping[str, int] | None: ...

__all__ = [
    "Amendment", "Readings", "amended_facts", "amending_documents", "fact_key", "stated_facts", "unstated", "amended_rows", "amended_targets", "amender_texts", "amending", "amendment", "fact_reading",
    "removed_words", "row_reading", "stated_words",
]

_CHAIN_MAX = 8  # amenders of amenders followed, at most
_PROVISION_MAX = 2_000_000  # words past this are not read for removed slots in ``facts`` (the check reads them)


@dataclass(frozen=True)
class Amendment:
    """A provision in force on ``valid_at`` and amended in part then."""

    locator: Locator  # the amended provision, unpinned
    resolved: Locator | None  # its version in force, pinned
    amended_by: tuple[Locator, ...]  # the amenders in force the asker may read
    withheld: tuple[str, ...] = ()  # documents of amenders the asker may not read
    #: for an amending provision amended again: the target its change and the later ones share
    of: Locator | None = None


def amendment(
    snapshot: Snapshot, locator: Locator, valid_at: dt.date, known_at: dt.datetime | None,
    groups: Sequence[str],
) -> Amendment | None:
    """The amendment in part of ``locator`` (pinned or not) on ``valid_at``; None when it is
    not in force then, or in force unamended (or amended only by changes its words hold)."""
    unpinned = Locator(doc=locator.doc, path=locator.path)
    if not _may_be_amended(snapshot, unpinned.doc, unpinned.path):
        # no edge that could amend it (the common answer, asked of every fact); an amending
        # provision's change may still be amended again by a later one
        return _amended_again(snapshot, unpinned, valid_at, known_at, groups)
    try:
        found = snapshot.asof(unpinned, valid_at, known_at, groups=groups)
    except AccessRestrictedError:
        return None  # the version in force is one the asker may not read: not theirs to be told of
    if not found.in_force:
        return None
    held = _consolidated(snapshot).get(unpinned.doc, frozenset())
    # the answer's withheld documents, less the amended one itself: its own other revisions (one the
    # asker may not read, not in force on the day) are no amender of it
    withheld = tuple(doc for doc in found.withheld if doc != unpinned.doc)
    amended_by = tuple(a for a in found.amended_by if a.path is not None or a.doc not in withheld)
    amended_by = tuple(a for a in amended_by if a.unpinned().format() not in held)
    if not amended_by and not withheld:
        return None
    return Amendment(unpinned, found.resolved, tuple(a for a in amended_by if a.doc not in withheld), withheld)


def _amended_again(
    snapshot: Snapshot, amender: Locator, valid_at: dt.date, known_at: dt.datetime | None, groups: Sequence[str],
) -> Amendment | None:
    """For a provision that is the ``by`` of a partial edge: the amenders of that edge's target
    in force on the day whose own change takes effect after it (the figure it put in may be the
    one they take out); None when there is none. An edge the asker does not know of (its target,
    or another of its item's, not held: ``Snapshot.edge_known``) is not followed: to them the
    amender amends nothing."""
    mine = [edge for edge in _edges_by(snapshot).get(amender.format(), ()) if edge.scope == "partial"]
    if mine:
        known = snapshot._once(f"edge_known {sorted(set(groups))}", lambda: snapshot.edge_known(groups))
        mine = [edge for edge in mine if known(edge.by, edge.target)]
    for edge in mine:
        target = Locator(doc=edge.target.doc, path=edge.target.path)
        found = amendment(snapshot, target, valid_at, known_at, groups)
        if found is None or found.of is not None:
            continue
        later = {(e.by or e.source).unpinned().format(): e for e in _edges_on(snapshot).get(target.format(), ())
                 if e.scope == "partial" and (e.effective > edge.effective or (
                     e.effective == edge.effective and e.source.doc != amender.doc and e.source.doc > amender.doc))}
        again = tuple(a for a in found.amended_by if a.unpinned().format() in later)
        withheld = tuple(doc for doc in found.withheld if any((e.by or e.source).doc == doc for e in later.values()))
        if again or withheld:
            return Amendment(amender, None, again if not withheld else (), withheld, of=target)
    return None


def _edges_by(snapshot: Snapshot) -> dict[str, tuple[Any, ...]]:
    """The supersession edges by their ``by`` provision (unpinned)."""
    def build() -> dict[str, tuple[Any, ...]]:
        found: dict[str, list[Any]] = {}
        for edge in snapshot.index.supersession.edges:
            if edge.by is not None:
                found.setdefault(edge.by.unpinned().format(), []).append(edge)
        return {name: tuple(edges) for name, edges in found.items()}

    return snapshot._once("amendment_edges_by", build)  # type: ignore[no-any-return]


def _edges_on(snapshot: Snapshot) -> dict[str, tuple[Any, ...]]:
    """The supersession edges by their target (unpinned)."""
    def build() -> dict[str, tuple[Any, ...]]:
        found: dict[str, list[Any]] = {}
        for edge in snapshot.index.supersession.edges:
            found.setdefault(edge.target.unpinned().format(), []).append(edge)
        return {name: tuple(edges) for name, edges in found.items()}

    return snapshot._once("amendment_edges_on", build)  # type: ignore[no-any-return]


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


def stated_facts(snapshot: Snapshot, facts: Facts) -> Facts:
    """``facts`` less the figures an amending item does not put in (:func:`unstated`): what every
    reader of facts (``Project.facts``, the sweep) starts from, so that a figure an addendum takes
    out is never listed nor compared."""
    out = unstated(snapshot, facts)
    if not out:
        return facts
    return facts.model_copy(update={"facts": tuple(fact for fact in facts.facts if fact_key(fact) not in out)})


def unstated(snapshot: Snapshot, facts: Facts) -> frozenset[tuple[Any, ...]]:
    """The keys (:func:`fact_key`) of the figures of ``facts`` an amending item does not put in:
    those its words take out (the old figure it quotes), those it states in no value-setting form
    (an amount of change), and those it states beside another of the same subject and unit without
    saying which is new. Reads the amending provisions' text, or what the ingest read of them
    (``Snapshot.stored_own_words``): a forked sweep worker is handed the keys, never the graph."""
    amending = _amending_paths(snapshot)
    if not amending:
        return frozenset()
    kept = []
    out: set[tuple[Any, ...]] = set()
    stored = snapshot.stored_own_words()
    read = _OwnWords(snapshot)
    for fact in facts.facts:
        resolved = fact.resolved
        if resolved.doc not in amending:
            continue
        said = stored.get(own_words_key(fact), STATED) if stored is not None else read(fact)
        if said == TAKEN_OUT:
            out.add(fact_key(fact))  # the figure the amending words take out is not what they state
            continue
        if said == NOT_SET:
            out.add(fact_key(fact))  # "of 7 years is lowered to 3 years": an amount or the old figure
        kept.append(fact)  # judged for both-stated with the others, as it was read
    out.update(fact_key(kept[number]) for number in _stated_both(snapshot, kept))
    return frozenset(out)


#: What an amending provision's own words make of a figure read in them (:func:`own_words`): the
#: figure it states, one its change takes out (the old words), one stated in no value-setting form.
STATED, TAKEN_OUT, NOT_SET = 0, 1, 2


def own_words_key(fact: Any) -> str:
    """Where a figure was read, as :func:`own_words` results are kept: its provision and span."""
    return f"{fact.resolved.format()}\x1f{fact.span.start if fact.span else ''}\x1f{fact.span.end if fact.span else ''}"


class _OwnWords:
    """:func:`own_words` of figures one after another, each provision's text read once."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.taken: dict[Locator, tuple[tuple[int, int], ...]] = {}
        self.texts: dict[Locator, tuple[str, int, tuple[str, ...]] | None] = {}

    def __call__(self, fact: Any) -> int:
        if _taken_out(self.snapshot, fact.resolved, fact, self.taken):
            return TAKEN_OUT
        return NOT_SET if _unset(self.snapshot, fact.resolved, fact, self.texts) else STATED


#: What :func:`own_words` made of each figure of one amending provision (stated ones too), by
#: ``words_key`` of the provision, then by ``own_words_key``: kept with a build's fact tables.
OwnWordsKept = dict[str, dict[str, int]]


def own_words(snapshot: Snapshot, facts: Iterable[Any], *, known: Mapping[str, Mapping[str, int]] | None = None,
              kept: OwnWordsKept | None = None) -> dict[str, int]:
    """What their amending provision's words make of ``facts`` read in one (by :func:`own_words_key`;
    those it states left out): worked out as a build lands and kept with its fact tables, so a
    ``facts`` reads no amending item again — compiling the rules' change verbs and the readings of
    a value set was most of a cold ``facts`` (0.9 s of 1.5 at 100k provisions; issue 26).

    ``known``: what an earlier build made of each figure, by ``words_key`` of its provision (the
    digest of everything the answer reads), taken instead of reading the provision again; ``kept``
    is filled with this build's (a 10-document delta at a million provisions read every amending
    provision again: 5.1 s of 86 profiled)."""
    amending = _amending_paths(snapshot)
    read = _OwnWords(snapshot)
    digests: dict[Locator, str | None] = {}
    said: dict[str, int] = {}
    for fact in facts:
        resolved = fact.resolved
        if resolved.doc not in amending:
            continue
        key = own_words_key(fact)
        if resolved not in digests:
            digests[resolved] = words_key(snapshot, resolved) if known is not None or kept is not None else None
        digest = digests[resolved]
        held = known.get(digest) if known is not None and digest is not None else None
        value = held.get(key) if held is not None else None
        if value is None:
            value = read(fact)
        said[key] = value
        if kept is not None and digest is not None:
            kept.setdefault(digest, {})[key] = value
    return {key: value for key, value in said.items() if value != STATED}


def words_key(snapshot: Snapshot, resolved: Locator) -> str | None:
    """A digest of everything :func:`own_words` reads for the figures of amending provision ``resolved``
    besides their spans: its revision's content, whether it amends, each edge it is related to with the
    target version that edge's change was made to and that version's content (the words it may
    restate), the build's configuration, manifest and reading code. None where a revision has no
    content hash (read, not taken)."""
    import hashlib

    hashes = _revision_hashes(snapshot)
    own = hashes.get(f"{resolved.doc}@{resolved.rev}")
    if own is None:
        return None
    parts = [_reading_inputs(snapshot), resolved.format(), own, str(_amends_at(snapshot, resolved))]
    for edge in _related_edges(snapshot, resolved):
        target = _target_version(snapshot, edge)
        target_hash = "" if target is None else hashes.get(f"{target.doc}@{target.rev}")
        if target_hash is None:
            return None
        parts += [edge.model_dump_json(), "" if target is None else target.format(), target_hash]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


def amended_facts(snapshot: Snapshot, facts: Facts, groups: Sequence[str]) -> Facts:
    """``facts`` as stated (:func:`stated_facts`), with each fact read in a provision amended in
    part on the day marked with its amenders (``amended_by``), and left out, its amenders'
    documents named in ``withheld``, when the asker may not read one (what the provision says now
    cannot be told them)."""
    facts = stated_facts(snapshot, facts)
    aims = _aims(snapshot)
    if not aims:
        return facts
    amending = _amending_paths(snapshot)  # an amender's figure is stale once a later one amends its target
    found: dict[tuple[str, str | None, str | None], Amendment | None] = {}
    kept = []
    withheld = set(facts.withheld)
    for fact in facts.facts:
        resolved = fact.resolved
        if resolved.doc not in aims and resolved.doc not in amending:
            kept.append(fact)  # the common answer, asked of every fact: no edge aims at its document or from it
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


def fact_key(fact: Any) -> tuple[Any, ...]:
    """What tells one stated figure from another: its provision, place, subject and words."""
    return (fact.resolved.format(), fact.span.start if fact.span else None, fact.span.end if fact.span else None,
            fact.subject, fact.text)


def _stated_both(snapshot: Snapshot, facts: Sequence[Any]) -> set[int]:
    """The positions of facts an amending item states beside another figure of the same subject
    and unit ("the retention period of 7 years is lowered to 3 years" where the old side is not
    read): which of them it puts in is not read, so neither is listed as in force (check
    escalates a claim resting on one, ``verify._both_stated``: the one decision)."""
    groups: dict[tuple[str, str | None, str, str, tuple[str, ...] | None], list[int]] = {}
    for number, fact in enumerate(facts):
        if fact.normalized is None or not _amends_at(snapshot, fact.resolved):
            continue
        key = (fact.resolved.doc, fact.resolved.path, fact.subject, fact.normalized.unit, fact.condition)
        groups.setdefault(key, []).append(number)
    unsure: set[int] = set()
    for numbers in groups.values():
        values = {(facts[n].normalized.value, facts[n].normalized.upper) for n in numbers}
        if len(values) > 1:
            unsure.update(numbers)
    return unsure


def _taken_out(snapshot: Snapshot, resolved: Locator, fact: Any,
               taken: dict[Locator, tuple[tuple[int, int], ...]]) -> bool:
    """Whether ``fact`` was read in words its amending provision takes out (spans are the
    document's: the provision's own are moved by where it starts)."""
    if fact.span is None or resolved.path is None:
        return False
    if resolved not in taken:
        found = snapshot.store.provision_text(resolved)
        text, base = (found[0], found[1]) if found is not None and isinstance(found[1], int) else ("", 0)
        spans = (*removed_words(snapshot, resolved, text), *_changed_words(text)) if len(text) <= _PROVISION_MAX else ()
        taken[resolved] = tuple((a + base, b + base) for a, b in spans)
    start, end = fact.span.start, fact.span.end
    return any(a < end and start < b for a, b in taken[resolved])  # a range reaching into them too


def _unset(snapshot: Snapshot, resolved: Locator, fact: Any,
           texts: dict[Locator, tuple[str, int, tuple[str, ...]] | None]) -> bool:
    """Whether ``fact`` is an amending item's figure stated in no value-setting form (audit 23o
    F8: "raised 3 years", "+3 years", "knock 4 years off", "the retention period of 7 years is
    x2"): an amount of change or the old figure, never the value the item puts in, so facts do
    not list it (check escalates the same words: ``quantities.modifiers.sets_value``, with the
    words of the provision it amends as words an item may restate)."""
    if fact.span is None or resolved.path is None or not (
            amending(snapshot, resolved) or resolved.path.startswith("table-")):  # an amending document's table
        return False
    if resolved not in texts:
        found = snapshot.store.provision_text(resolved)
        text, base = (found[0], found[1]) if found is not None and isinstance(found[1], int) else ("", 0)
        texts[resolved] = (text, base, tuple(re.findall(r"[^\W\d_]+", _amended_words(snapshot, resolved)))) if (
            text and len(text) <= _PROVISION_MAX) else None
    own = texts[resolved]
    if own is None:
        return False
    text, base, also = own
    start, end = fact.span.start - base, fact.span.end - base
    if not 0 <= start < end <= len(text):
        return False  # a figure read elsewhere (its target's words: ``amended_rows``)
    from .quantities.modifiers import sets_value

    return not sets_value(text, start, end, also=also)


def _amended_words(snapshot: Snapshot, resolved: Locator) -> str:
    """The words of the provisions the amending item ``resolved`` amends (what it may restate)."""
    texts: list[str] = []
    for target in amended_targets(snapshot, resolved):
        try:
            texts.append(snapshot.store.provision_text(target)[0] if target is not None else "")
        except NotFoundError:
            continue
    return " ".join(texts)


def amended_targets(snapshot: Snapshot, resolved: Locator, known: Known | None = None) -> list[Locator | None]:
    """The versions of the provisions the amending item ``resolved`` (is, holds or lies in the
    ``by`` of) amends, as the change was made to them (``_target_version``; None where no version
    was in force then). With ``known`` (``Snapshot.edge_known`` for an asker), an edge the asker
    does not know of is not followed: to them it amends nothing there."""
    return [_target_version(snapshot, edge) for edge in _related_edges(snapshot, resolved)
            if known is None or known(edge.by, edge.target)]


def _related_edges(snapshot: Snapshot, locator: Locator) -> list[Any]:
    """The edges of ``_edges_of(locator.doc)`` whose ``by`` is ``_related`` to ``locator``, in
    that order: looked up by path, not by testing every edge of the document (an addendum of a
    thousand items asked once per item was quadratic; audit 34 BB-02)."""
    edges = _edges_of(snapshot).get(locator.doc, ())
    if not edges:
        return []
    paths = snapshot._once("amendment_edge_paths", lambda: {
        doc: _PathIndex([edge.by.path for edge in found]) for doc, found in _edges_of(snapshot).items()})
    return [edges[n] for n in paths[locator.doc].related(locator.path)]


class _PathIndex:
    """Positions of paths (None: a whole document) for ``_related`` look-ups: the same path,
    its ancestors by the dotted numbering, its descendants, and every None."""

    __slots__ = ("_at", "_sorted")

    def __init__(self, paths: Sequence[str | None]) -> None:
        self._at: dict[str | None, list[int]] = {}
        for n, path in enumerate(paths):
            self._at.setdefault(path, []).append(n)
        self._sorted = sorted(path for path in self._at if path is not None)

    def related(self, path: str | None) -> list[int]:
        """The positions of the paths ``_related`` to ``path``, ascending."""
        if path is None:
            return sorted(n for found in self._at.values() for n in found)
        keys: list[str | None] = [None, path]
        keys += [path[:i] for i, char in enumerate(path) if char == "."]  # "2.1.A" holds in "2.1", "2"
        low = bisect.bisect_left(self._sorted, path + ".")  # "2.1" holds "2.1.A": between "2.1." and "2.1/"
        high = bisect.bisect_left(self._sorted, path + "/")
        keys += self._sorted[low:high]
        return sorted({n for key in keys for n in self._at.get(key, ())})


def _edges_of(snapshot: Snapshot) -> dict[str, tuple[Any, ...]]:
    """The supersession edges with a ``by``, by that provision's document."""
    def build() -> dict[str, tuple[Any, ...]]:
        found: dict[str, list[Any]] = {}
        for edges in _edges_by(snapshot).values():
            for edge in edges:
                found.setdefault(edge.by.doc, []).append(edge)
        return {doc: tuple(edges) for doc, edges in found.items()}

    return snapshot._once("amendment_edges_of", build)  # type: ignore[no-any-return]


def _changed_words(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of an amending provision's words that state a change of the old figure ("extend
    ... by 3 years", "is halved"): its figures there are no value (``addenda.slots.change_spans``)."""
    from .addenda.slots import change_spans

    return change_spans(text)


# ---- what an amending provision states ----------------------------------------------------


def amending(snapshot: Snapshot, locator: Locator, known: Known | None = None) -> bool:
    """Whether ``locator`` is, holds or lies in the ``by`` of a supersession edge (an amending item);
    with ``known`` (``Snapshot.edge_known`` for an asker), of one the asker knows of."""
    if not _amends_at(snapshot, locator):
        return False
    return known is None or any(known(edge.by, edge.target) for edge in _related_edges(snapshot, locator))


def _amends_at(snapshot: Snapshot, locator: Locator) -> bool:
    """Whether ``locator`` is, holds or lies in the ``by`` of a supersession edge (``_related`` to
    one of ``_amending_paths``), looked up by path (``_PathIndex``), not tested against each."""
    if locator.doc not in _amending_paths(snapshot):
        return False
    held = snapshot._once("amending_path_index", lambda: {
        doc: _PathIndex(sorted(found, key=lambda p: (p is not None, p or "")))
        for doc, found in _amending_paths(snapshot).items()})
    return bool(held[locator.doc].related(locator.path))


def removed_words(snapshot: Snapshot, locator: Locator, text: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` (``locator``'s words) that an amendment takes out: none unless the
    provision's document is the ``by`` of a supersession edge (an amending document: an item of
    it whose change the rules did not derive an edge from still says what it takes out)."""
    if locator.doc not in _amending_paths(snapshot):
        return ()
    from .addenda.slots import removed_spans

    return removed_spans(text, _vocabularies(snapshot))


def _related(cited: str | None, by: str | None) -> bool:
    """One provision holds the other, or they are the same."""
    if cited is None or by is None:
        return True
    return cited == by or by.startswith(cited + ".") or cited.startswith(by + ".")


def amending_documents(snapshot: Snapshot) -> frozenset[str]:
    """The documents holding a provision that amends another (the ``by`` of a supersession edge)."""
    return frozenset(_amending_paths(snapshot))


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
    the words it states, the words it takes out); then those of the amenders of an amender
    (SOP-005 amends SOP-004#1, which amends SOP-001#2.2), a few steps deep."""
    texts: list[tuple[Locator, str, str]] = []
    amenders = list(found.amended_by)
    seen = {a.unpinned().format() for a in amenders} | {found.locator.format()}
    for amender in amenders[:_CHAIN_MAX]:
        again = amendment(snapshot, amender, valid_at, known_at, groups) if len(amenders) < _CHAIN_MAX else None
        if again is not None and again.of is None:  # the amender's own words amended in part
            for later in again.amended_by:
                if later.unpinned().format() not in seen:
                    seen.add(later.unpinned().format())
                    amenders.append(later)
    for amender in amenders[:_CHAIN_MAX]:
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

        # a stock pack ships linted (the tests lint every one): linting it again cost a sweep ~2 s
        rules = (snapshot.rules.supersession
                 or load_pack("supersession/csi-addenda", lint=False).pack.of_kind("supersession"))
        return [vocabulary(rule) for rule in rules]

    return snapshot._once("amending_vocabularies", build)  # type: ignore[no-any-return]


# ---- an amending item's new words, read as the target's -------------------------------------


#: The words substituted for a paragraph when they are not quoted ("... and substitute the
#: following: Footings: 4,000 psi."): what follows the verb's colon.
_SUBSTITUTE_COLON = re.compile(r"\bsubstitut\w*(?:\s+(?:the\s+following|therefor|as\s+follows))?\s*:\s*(?=\S)",
                               re.IGNORECASE)


#: A figure's reading (``row_reading``/``fact_reading``) -> (the target version it concerns, whether
#: it is the item's own reading): the readings an asker is served one of (``engine.access``, rule 6).
Readings = dict[tuple[Any, ...], tuple[Locator, bool]]


#: What ``_amended_figures`` worked out for one edge (its rows, the target version they were read in),
#: by ``figures_key``: kept with a build's fact tables and taken by the next (``amended_rows``).
AmendedFigures = dict[str, tuple[list[tuple[Any, ...]], Locator | None]]


def amended_rows(snapshot: Snapshot, rows: Mapping[str, Sequence[tuple[Any, ...]]],
                 read_in: dict[tuple[str, str | None, str | None, int, int], Locator] | None = None,
                 readings: Readings | None = None, *,
                 known: Mapping[str, tuple[list[tuple[Any, ...]], Locator | None]] | None = None,
                 kept: AmendedFigures | None = None,
                 ) -> dict[str, list[tuple[Any, ...]]]:
    """``rows`` (stored quantity rows by subject, ``facts.QuantityRows``) with each amending
    item's new figures read as the words of the provision it amends (the module's note): a
    figure so read replaces the item's own reading of the same words; an item whose new words
    read no bound figure there keeps its own. Rows of the same columns, so every reader of the
    rows (fact tables, ``facts_as_of``, ``statements_of``) reads them alike.

    Such a figure's subject, condition and bound are the target's words: ``read_in`` is filled
    with each one's key (item document, revision, path, span) and the target version it was
    read in, whose access it carries as well as the item's (``engine.access``, rule 6).

    When that target version is restricted, the item's own reading of the same words is kept
    too, for an asker who may read the item but not the target (the figure as the item's words
    alone read it: its own subject, or none; nothing of the target's words): ``readings`` is
    filled with both readings of each such figure (``Readings``), and the gate serves each asker
    one (``AccessGate.may_read_reading``). A reading the same either way is kept once and
    recorded in neither: nothing in it comes from the target's words.

    ``known``: what an earlier build worked out for an edge, by ``figures_key`` (the digest of
    everything the reading reads), taken instead of reading the item again; ``kept`` is filled
    with this build's, for the next (a 10-document delta at a million provisions read all 1,107
    amending items again: 8.9 s of 86 profiled)."""
    edges = [edge for edge in snapshot.index.supersession.edges
             if edge.by is not None and edge.by.path is not None and edge.successor and edge.target.path is not None
             and not edge.consolidated]
    if not edges:
        return {name: list(found) for name, found in rows.items()}
    # (by revision uid, by path): new rows, each with the target version it was read in
    read: dict[tuple[str, str], list[tuple[tuple[Any, ...], Locator | None]]] = {}
    for edge in edges:
        key = figures_key(snapshot, edge) if known is not None or kept is not None else None
        taken = known.get(key) if known is not None and key is not None else None
        if taken is not None:
            found, target = list(taken[0]), taken[1]
        else:
            try:
                found, target = _amended_figures(snapshot, edge)
            except NotFoundError:
                continue  # an item or target the graph does not hold: the item's own reading stands
        if kept is not None and key is not None:
            kept[key] = (found, target)
        if found:
            uid = f"{edge.by.doc}@{edge.source.rev}"
            read.setdefault((uid, edge.by.path), []).extend((row, target) for row in found)
            if read_in is not None and target is not None:
                for row in found:
                    read_in[(row[1], edge.source.rev, row[2], row[14], row[15])] = target
    if not read:
        return {name: list(found) for name, found in rows.items()}
    from .facts import PATH, REV, SPAN_END, SPAN_START, SUBJECT

    spans = {key: [(row[SPAN_START], row[SPAN_END], target) for row, target in new] for key, new in read.items()}
    kept: dict[str, list[tuple[Any, ...]]] = {}
    own: list[tuple[tuple[Any, ...], Locator]] = []  # the item's own readings kept beside a restricted target's
    # only the rows of the revisions of items read anew are looked at one by one (found by one pass in C over
    # each subject's revisions); the runs of rows between them are kept as they are (a million provisions' 628k
    # rows had each been tested and appended in Python: 1.0 of a delta's 2.2 s in this function, profiled)
    amending, rev_of = {uid for uid, _ in spans}, operator.itemgetter(REV)
    for name, found in rows.items():
        held: list[tuple[Any, ...]] = []
        start = 0
        for at in itertools.compress(range(len(found)), map(amending.__contains__, map(rev_of, found))):
            held += found[start:at]
            start, row = at + 1, found[at]
            covered = spans.get((row[REV], row[PATH]))
            over = [target for a, b, target in covered or () if row[SPAN_START] is not None
                    and a < row[SPAN_END] and row[SPAN_START] < b]
            if over:  # the item's own reading of words now read as the target's
                if readings is not None and over[0] is not None and _restricted(snapshot, over[0]):
                    own.append((row, over[0]))
                continue
            held.append(row)
        held += found[start:]
        if held:
            kept[name] = held
    for new in read.values():
        for row, target in new:
            kept.setdefault(row[SUBJECT], []).append(row)
            if readings is not None and target is not None and _restricted(snapshot, target):
                readings[row_reading(row)] = (target, False)
    for row, target in own:
        reading = row_reading(row)
        if readings is not None and readings.get(reading) == (target, False):
            del readings[reading]  # the same reading in the item's words alone: for every reader of the item
            continue
        kept.setdefault(row[SUBJECT], []).append(row)
        if readings is not None:
            readings[reading] = (target, True)
    return kept


def figures_key(snapshot: Snapshot, edge: Any) -> str | None:
    """A digest of everything ``_amended_figures`` reads for ``edge``: the edge, the item's revision
    and the target version it is read in (each by its content hash: its words, its list headings),
    the build's configuration and manifest (the packs, the parser, the units the extractor reads
    with) and the code that reads it. Two builds sharing it read the same rows; None where a
    revision has no content hash (it is read, not taken)."""
    import hashlib

    hashes = _revision_hashes(snapshot)
    by = f"{edge.by.doc}@{edge.source.rev}"
    target = _target_version(snapshot, edge)
    by_hash = hashes.get(by)
    target_hash = "" if target is None else hashes.get(f"{target.doc}@{target.rev}")
    if by_hash is None or target_hash is None:
        return None
    parts = [_reading_inputs(snapshot), edge.model_dump_json(), by, by_hash, "" if target is None else target.format(),
             target_hash]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


def _revision_hashes(snapshot: Snapshot) -> Mapping[str, str]:
    """Each revision's content hash (its file's bytes and what describes it, or an erased one's
    tombstone), by ``DOC@REV``: what ``figures_key`` and ``words_key`` know a revision's words by."""
    return snapshot._once("revision_hashes", lambda: {  # type: ignore[no-any-return]
        uid: digest for uid, digest in snapshot.store.source_hashes().values()})


def _reading_inputs(snapshot: Snapshot) -> str:
    """What every amending reading is read under besides the words: the build's configuration (parser,
    packs, legend, groups), its manifest (units) and the reading code (``_reading_code``)."""
    return snapshot._once("reading_inputs", lambda: "\x1f".join([  # type: ignore[no-any-return]
        snapshot.store.configuration_id(), snapshot.manifest.model_dump_json(), _reading_code()]))


@functools.cache
def _reading_code() -> str:
    """A digest of the source an amending item's figures are read by (this module, the addenda's
    readers, the quantity reader, the rule language and the types): a changed reader reads every
    item again, whatever the build."""
    import hashlib
    from pathlib import Path

    from .build import hash_sources

    here = Path(__file__).parent
    digest = hashlib.sha256()
    hash_sources(digest, [here / "amendments.py", here / "facts.py", here / "addenda", here / "quantities",
                          here.parent / "rules", here.parent / "ontology"])
    return digest.hexdigest()


def _restricted(snapshot: Snapshot, target: Locator) -> bool:
    """Whether the target version has an access list (an asker may be refused it)."""
    return not snapshot.gate.may_read(target, ())


def row_reading(row: Sequence[Any]) -> tuple[Any, ...]:
    """What tells one reading of a figure from another: where it is and what it was read as
    (a stored quantity row's; ``fact_reading`` is the same of a ``Fact`` built from it)."""
    from .facts import (
        BOUND,
        CONDITION,
        DOC,
        PATH,
        REV,
        SPAN_END,
        SPAN_START,
        SUBJECT,
        TEXT,
        UNIT,
        UPPER,
        VALUE,
    )

    return (row[DOC], str(row[REV]).partition("@")[2], row[PATH], row[SPAN_START], row[SPAN_END], row[SUBJECT],
            row[TEXT], row[VALUE], row[UPPER], row[UNIT], row[BOUND], tuple(row[CONDITION] or ()))


def fact_reading(fact: Any) -> tuple[Any, ...]:
    """``row_reading`` of the row ``fact`` was built from."""
    span, quantity = fact.span, fact.quantity
    return (fact.resolved.doc, fact.resolved.rev, fact.resolved.path, span.start if span else None,
            span.end if span else None, fact.subject, fact.text, quantity.value, quantity.upper, quantity.unit,
            quantity.bound, tuple(fact.condition or ()))


def _amended_figures(snapshot: Snapshot, edge: Any) -> tuple[list[tuple[Any, ...]], Locator | None]:
    """The quantity rows of ``edge``'s item's new words read as its target's (empty: none bound),
    and the target version they were read in."""
    from .addenda.slots import inserted_spans
    from .quantities import may_contain_quantity

    by = Locator(doc=edge.by.doc, rev=edge.source.rev, path=edge.by.path)
    text, base, _ = snapshot.store.provision_text(by)
    if not may_contain_quantity(text):
        return [], None
    after = _SUBSTITUTE_COLON.search(text) if edge.scope == "full" else None
    if after is not None:
        # a whole paragraph substituted: its words follow the colon, quoted or not (no old words
        # to tell them from, so the amending verbs need not be read)
        removed: list[tuple[int, int]] = []
        new = [span for span in inserted_spans(text, ()) if span[0] >= after.end()] or [(after.end(), len(text.rstrip()))]
    else:
        removed = [span for span in removed_words(snapshot, by, text) if _DIGITS.search(text, span[0], span[1])]
        new = list(inserted_spans(text, removed))
    new = [(a, b) for a, b in new if b > a and _DIGITS.search(text, a, b)]
    if not new:
        return [], None
    target = _target_version(snapshot, edge)
    if target is None:
        return [], None
    heads: list[tuple[str, ...]] = []

    def headings() -> tuple[str, ...]:
        if not heads:  # loading the target's document costs far more than a reading: once, if needed
            heads.append(_headings_of(snapshot, target))
        return heads[0]

    extractor = snapshot.quantity_extractor()
    rows: list[tuple[Any, ...]] = []
    target_text: str | None = None
    for start, end in new:
        words = text[start:end]
        old = _old_before(text, removed, start, new) if removed else None
        if old is not None:
            if target_text is None:
                target_text = snapshot.store.provision_text(target)[0]
            at = target_text.lower().find(old.lower())
            if at < 0:
                continue  # the words it takes out are not the target's: nothing to read them in
            amended = target_text[:at] + words + target_text[at + len(old):]
            reading, low = _read(extractor, amended, headings), at
        else:
            reading, low = _read(extractor, words, headings), 0
        for mention in reading.mentions:
            quantity = mention.quantity()
            if quantity is None or quantity.subject is None or quantity.span is None:
                continue
            if not low <= quantity.span.start < low + len(words):
                continue  # a figure of the target's own words, not of the new ones
            a = start + quantity.span.start - low
            b = start + min(quantity.span.end - low, len(words))
            # quoted as the item holds it: words read only in the target's text ('minimum') are not the item's
            written = quantity.text if quantity.text and quantity.text in words else text[a:b]
            rows.append(_row(by, edge, quantity, base + a, base + b, written))
    return rows, target


_DIGITS = re.compile(r"\d")


def _old_before(text: str, removed: Sequence[tuple[int, int]], start: int,
                new: Sequence[tuple[int, int]]) -> str | None:
    """The old words the new ones at ``start`` stand in for: the removed words nearest before
    them with no other new words between ("Revise "X" to read "Y""), else the nearest after
    ("insert "Y" in place of "X""); None when none is paired with them."""
    before = [span for span in removed if span[1] <= start]
    if before:
        a, b = before[-1]
        if not any(b <= x < start for x, _ in new):
            return _words(text, a, b)
    after = [span for span in removed if span[0] >= start]
    if after:
        a, b = after[0]
        if not any(start < x < a for x, _ in new):
            return _words(text, a, b)
    return None


def _words(text: str, start: int, end: int) -> str | None:
    """Old words without their quotation marks (and a clause's closing stop)."""
    from .addenda.slots import _trimmed, _unmarked

    a, b = _unmarked(text, start, end)
    return text[a:_trimmed(text, b)].strip() or None


def _read(extractor: Any, text: str, headings: Callable[[], tuple[str, ...]]) -> Any:
    """``text`` read under the target's list headings, looked up only when its own words leave
    a figure unbound: loading the target's document costs far more than a reading, and most
    changed figures keep their sentence's subject (a heading naming a word that blocks a
    subject, over a figure its sentence binds, is then not read: a changed figure's own
    sentence decides it)."""
    alone = extractor.extract(text)
    if not any(m.quantity() is not None and m.quantity().subject is None for m in alone.mentions):
        return alone
    found = headings()
    return extractor.extract_under(text, found) if found else alone


def _target_version(snapshot: Snapshot, edge: Any) -> Locator | None:
    """The target's version the change was made to: in force on its day, or (a whole paragraph
    replaced that day) the day before. Kept per target and day for the snapshot: each
    ``version`` scans every edge on the target, so many items amending one paragraph ask it
    once, not once each (audit 34 BB-02). An edge on 0001-01-01 has no day before: only its
    own day is asked (audit 80 B F4)."""
    kept: dict[tuple[str, str | None, dt.date], Locator | None] = snapshot._once("amendment_target_versions", dict)
    key = (edge.target.doc, edge.target.path, edge.effective)
    if key in kept:
        return kept[key]
    index = snapshot.index
    found = None
    for day in (edge.effective, shift_date(edge.effective, -1)):
        if day is None:
            continue
        version = index.version(edge.target.doc, edge.target.path, day)
        if version is not None:
            found = Locator.parse(version)
            break
    kept[key] = found
    return found


def _headings_of(snapshot: Snapshot, target: Locator) -> tuple[str, ...]:
    """The list headings over ``target`` (``facts.list_headings``: as it was read)."""
    from .facts import revision_list_headings

    uid = f"{target.doc}@{target.rev}"
    headings = revision_list_headings(snapshot.build_id, uid, lambda: snapshot.store.document(uid))
    return tuple(headings.get(target.path or "", ()))


def _row(by: Locator, edge: Any, quantity: Any, start: int, end: int, written: str) -> tuple[Any, ...]:
    """A stored quantity row (``_reads.QUANTITY_ROW_COLUMNS``) of a figure of ``by`` (an
    amending item: a section, as every item an addendum is cut into)."""
    normalized = quantity.normalized
    return (
        f"{by.doc}@{by.rev}", by.doc, by.path, "section", quantity.subject, quantity.value, quantity.upper,
        quantity.unit, quantity.bound, quantity.bound_from,
        normalized.value if normalized else None, normalized.upper if normalized else None,
        normalized.unit if normalized else None, written, start, end, None, None,
        quantity.frequency, quantity.per_day, list(quantity.condition) or None,
    )
