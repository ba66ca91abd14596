"""One generation of the graph, and everything built from it, shared by every question.

A ``Snapshot`` holds the store reader of one graph generation and what is derived from it —
the as-of index, the eligibility index, the access gate, the rule set, the quantity and
qualifier tables — each built on first use, once, and never changed after: a new generation
gets a new snapshot (``Project`` swaps it in), so an answer is never computed from one build
and stamped with another's id.

Its questions apply access and raise ``AccessRestrictedError`` (the engine's own callers —
sweep, verify, candidates, audit — catch it to say what was withheld); the front
(``Project``) turns that into a typed ``Refusal`` for adapters.
"""

from __future__ import annotations

import bisect
import contextlib
import datetime as dt
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AccessRestrictedError,
    Context,
    EligibilityResult,
    Fact,
    Facts,
    InputError,
    Locator,
    Manifest,
    NotFoundError,
    NotIngestedError,
    QualifierLink,
    Supersedes,
)
from inforce.ontology.answers import AsOfAnswer, DedupResult, FreshnessResult, History
from inforce.ontology.erasure import ErasedNote
from inforce.ontology.text import echoed
from inforce.ontology.views import DateChoice, ProvisionView

from .access import AccessGate
from .amendments import (
    AmendedFigures,
    OwnWordsKept,
    Readings,
    amended_rows,
    amending_documents,
    fact_reading,
    own_words,
    row_reading,
)
from .asof import AsOfIndex
from .asof.consolidate import Visible, everything
from .eligibility import DEFAULT_EXCLUSIONS, EligibilityIndex, EligibilityRecord
from .fact_tables import (
    DamagedFactTables,
    StoredFactTables,
    known_amended,
    known_own_words,
    known_windows,
    open_fact_tables,
    write_fact_tables,
)
from .facts import (
    DOC,
    PATH,
    REV,
    SPAN_START,
    SUBJECT,
    FactTable,
    WindowKey,
    Windows,
    fact_of_row,
    facts_as_of,
    window_inputs,
)
from .packs import rules_as_ingested, with_precedence_packs
from .precedence import (
    PrecedenceResult,
    ProvisionInForce,
    check_pack_params,
    provision_in_force,
    require_date,
    resolve_precedence,
)
from .redaction import Readable, redact_dedup, redact_freshness, redact_history, redact_replaces
from .shown import provision_view
from .valid_at import check_attributes, choose_valid_at, given_date

if TYPE_CHECKING:
    from inforce.ontology.answers import StoreStats
    from inforce.rules import RuleSet, SubjectVocabulary

    from .quantities.extract import QuantityExtractor
    from .store import GraphStore

__all__ = ["Snapshot"]


class Snapshot:
    """One graph generation's reader and indexes: built once each, shared, never mutated."""

    __slots__ = ("_built", "_lock", "_root", "_sealed", "_store")

    def __init__(self, root: Path, store: GraphStore, *, rules: RuleSet | None = None) -> None:
        """``rules``: the packs as the ingest that wrote ``store``'s build compiled them (the build records
        their hashes), taken rather than compiled again (``rules``)."""
        self._root = root
        self._store = store
        self._built: dict[str, Any] = {} if rules is None else {"rules": rules}
        self._lock = threading.RLock()  # a build may ask for another (rules needs the manifest)
        self._sealed = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"a Snapshot is immutable ({name}): a new graph generation gets a new one")
        object.__setattr__(self, name, value)

    def _once(self, name: str, build: Callable[[], Any]) -> Any:
        """``build()``, the first time ``name`` is asked for; the same object every time after."""
        value = self._built.get(name)
        if value is None:
            with self._lock:
                value = self._built.get(name)
                if value is None:
                    value = self._built[name] = build()
        return value

    def close(self) -> None:
        """Close the store reader (the front does, once no question reads this generation)."""
        self._store.close()

    # ---- what the answers are computed from -----------------------------------------------

    @property
    def root(self) -> Path:
        return self._root

    @property
    def store(self) -> GraphStore:
        """The reader of this generation's graph."""
        return self._store

    @property
    def build_id(self) -> str:
        """The index build id of this generation (``engine.build``)."""
        return self._once("build_id", self._store.build_id)  # type: ignore[no-any-return]

    @property
    def manifest(self) -> Manifest:
        """The manifest as ingested (NotIngestedError when the graph holds none)."""
        manifest = self._once("manifest", lambda: self._store.manifest() or _NOT_INGESTED)
        if manifest is _NOT_INGESTED:
            raise NotIngestedError(self._root)
        return manifest  # type: ignore[no-any-return]

    @property
    def rules(self) -> RuleSet:
        """The manifest's rule packs, compiled once — exactly as ingested, or not at all
        (StoreError naming packs edited since ingest; InputErrors if one does not load)."""
        return self._once("rules", lambda: rules_as_ingested(  # type: ignore[no-any-return]
            self.manifest, self._root, self._store.rule_pack_hashes(), self.build_id))

    def check_packs(self) -> None:
        """The manifest's rule packs read again as they are now: StoreError when one was edited
        since ingest, as ``rules`` refuses it on open (a health check asks this of a project held
        open, whose ``rules`` were compiled before the edit; each file is compiled once per size
        and mtime)."""
        rules_as_ingested(self.manifest, self._root, self._store.rule_pack_hashes(), self.build_id)

    @property
    def index(self) -> AsOfIndex:
        """The as-of index (the one in-force timeline, section versions, supersession)."""
        return self._once("index", lambda: AsOfIndex.from_store(self._store))  # type: ignore[no-any-return]

    @property
    def eligibility(self) -> EligibilityIndex:
        """The eligibility index over every revision's applicability."""
        return self._once("eligibility", lambda: EligibilityIndex(  # type: ignore[no-any-return]
            [EligibilityRecord(*row) for row in self._store.applicability_rows()], self.rules,
            self._store.supersedes(),
        ))

    @property
    def gate(self) -> AccessGate:
        """The access gate over every revision (the one place access is decided)."""
        return self._once("gate", lambda: AccessGate(self._store.access_rows()))  # type: ignore[no-any-return]

    def readable_uids(self, groups: Iterable[str] | None) -> list[str] | None:
        """The revisions (uids) ``groups`` may read; None when that is every one (or ``groups``
        is None: an operator, who reads everything)."""
        return None if groups is None else self.gate.readable_uids(groups)

    def stats(self, groups: Iterable[str] | None = None) -> StoreStats:
        """Counts of what the graph holds that ``groups`` may read (None: all of it); an edge
        counts when they may read both its ends, as ``show`` shows it."""
        held = None if groups is None else tuple(groups)
        readable = self.readable_uids(held)
        if held is None or readable is None:
            return self._store.stats()
        edges = sum(1 for edge in self._store.supersedes() if self.gate.may_read_all((edge.source, edge.target), held))
        return self._store.stats(readable).model_copy(update={"supersedes": edges})

    def unbound_units(self, groups: Iterable[str] | None = None) -> list[tuple[str | None, str | None, int]]:
        """``GraphStore.unbound_units`` of the revisions ``groups`` may read (None: all)."""
        return self._store.unbound_units(self.readable_uids(None if groups is None else tuple(groups)))

    def erased(self, locator: Locator) -> ErasedNote | None:
        """Whether the revision ``locator`` pins is an erased one's tombstone (``erasures.yaml``):
        its erasure, who and when; None for any other (a record that does not read names none:
        the ingest and ``lag`` report it)."""
        if locator.rev is None:
            return None
        notes = self._once("erased", self._erased_notes)
        return notes.get(f"{locator.doc}@{locator.rev}")  # type: ignore[no-any-return]

    def _erased_notes(self) -> dict[str, ErasedNote]:
        from .erasures import ErasedDocuments, read_erasures

        try:
            return ErasedDocuments(read_erasures(self._root)).notes()
        except InputError:
            return {}

    # ---- access ---------------------------------------------------------------------------------

    def may_read(self, locator: Locator, groups: Iterable[str]) -> bool:
        """Whether ``groups`` may read the revision behind ``locator`` (all of its document's
        revisions when unpinned): the access gate."""
        return self.gate.may_read(Locator(doc=locator.doc, rev=locator.rev), tuple(groups))

    def withheld(self, groups: Iterable[str]) -> tuple[str, ...]:
        """The documents (ids, sorted) a whole-corpus answer about one day (the sweep's
        ``summary.withheld``, ``facts``) says it withheld from an asker with ``groups``: every
        document of the project holding a revision they may not read (the access gate), on
        every date and moment alike, as ``eligible`` excludes such a document for ``access``
        on every day. Listing only those in force on the date told a restricted revision's
        window and recorded moment to whoever bisected the date (issue 23, audit 34 AA-01)."""
        held = tuple(sorted(set(groups)))
        if self.gate.all_public:
            return ()
        return self._once("withheld\x00" + "\x00".join(held),  # type: ignore[no-any-return]
                          lambda: tuple(sorted(self.gate.unreadable_documents(held))))

    def readable(self, groups: Iterable[str]) -> Readable:
        """``may_read`` for one asker, as the redaction functions take it."""
        held = tuple(groups)
        return lambda locator: self.may_read(locator, held)

    def readable_revisions(self, groups: Iterable[str]) -> list[str] | None:
        """The revisions (``DOC@REV``) an asker with ``groups`` may read; None: all of them.
        Built once per asker's groups (every full-text search of a restricted asker takes its
        ranking statistics over them: ``store.search_text``'s ``readable``); not to be changed."""
        held = tuple(sorted(set(groups)))
        if self.gate.all_public:
            return None
        found = self._once("readable-revisions\x00" + "\x00".join(held), lambda: [self.gate.readable_uids(held)])
        uids: list[str] | None = found[0]  # (in a list: None is what ``_once`` has not built)
        return uids

    def visible(self, groups: Iterable[str]) -> Visible:
        """The gate's answer for one asker, as the as-of answers take it."""
        held = tuple(groups)
        gate = self.gate
        return everything if gate.all_public or gate.readable(held).all() else self.readable(held)

    def gate_question(
        self, asked: Locator, groups: Iterable[str], valid_at: dt.date | None = None,
        known_at: dt.datetime | None = None, *, every_version: bool = False,
    ) -> None:
        """Refuse (``AccessRestrictedError``) a question about ``asked`` that ``groups`` may not
        be answered (``engine.access``, rules 2 and 4): a pinned revision they may not read, or
        that does not exist in a document with one they may not read; unpinned, the revision
        in force on ``valid_at`` — on a day none is, the one whose lapse leaves it uncovered, or
        the first to begin (``timeline.deciding_position``) — (the latest when no date is given;
        none with ``every_version``, a history, whose unreadable versions are withheld), or a
        document none of whose revisions they may read. A section held only by revisions they may not read is
        NotFoundError, as a section no revision holds.

        The revision in force is the document's, whichever revision the section's words came
        from: a restricted revision in force that carries a section on unchanged from a public
        one refuses the question all the same (rule 2), and ``history`` shows that public
        version's end as withheld, so no command tells which sections it changed."""
        gate, held = self.gate, tuple(groups)
        if gate.may_read(asked.unpinned(), held):  # every revision readable: nothing to choose
            return
        entry = self.index.entry(asked.doc)
        labels = gate.readable_revisions_of(asked.doc, held)
        if entry is None or not labels:
            gate.check(asked, [asked.unpinned()], held)
            return
        if asked.rev is not None:
            # a revision that does not exist: which do is content of those that hold them
            gate.check(asked, [asked if asked.rev in entry.position else asked.unpinned()], held)
            if asked.rev not in entry.position:
                return
            # a readable revision pinned: the path is still looked for only in readable ones (below),
            # or a pinned history would tell which sections a restricted revision holds
        else:
            resting = None if every_version else self._resting(asked.doc, valid_at, known_at)
            if resting is not None:
                gate.check(asked, [resting], held)
        if asked.path is not None and not self._held_readably(asked.doc, asked.path, labels):
            raise NotFoundError(f"{asked}: no revision of this project has it",
                                hint="check the document id and section path (`inforce history` lists versions)")

    def _resting(self, doc: str, valid_at: dt.date | None, known_at: dt.datetime | None) -> Locator | None:
        """The revision (``DOC@REV``) an unpinned question about ``doc`` rests on (rule 2): the one
        that decides ``valid_at`` (``_deciding``), the latest when no date is given; None when no
        revision of ``doc`` is known then. The one choice ``gate_question`` and ``readable_on`` make."""
        if valid_at is None:
            entry = self.index.entry(doc)
            label = entry.labels[-1] if entry is not None and entry.labels else None
        else:
            label = self._deciding(doc, valid_at, known_at)
        return None if label is None else Locator(doc=doc, rev=label)

    def readable_on(
        self, groups: Iterable[str], valid_at: dt.date, known_at: dt.datetime | None = None,
    ) -> Readable:
        """``readable`` for a whole-corpus answer about one day (``facts``, the sweep): a revision
        is readable when the asker may read it and the revision their question about its document
        would rest on that day (``_resting``, as ``gate_question`` gates ``asof``, ``show``,
        ``eligible`` and ``check``) is readable too. On a day a restricted revision decides a
        document, nothing of that document is listed or compared for the asker — a section it
        carries on unchanged from a public revision no more than one it changed — so no list
        tells which sections it changed (``engine.access``, rule 2); the document is named in
        ``withheld`` by id, as ``asof`` refuses it. A section named across revisions (unpinned:
        what an edge targets, a fact ``replaces``) is judged as ``target_readable`` judges it on
        that day — by the revisions that hold it, not by every revision of its document."""
        return self.target_readable(groups, valid_at, known_at)

    def _held_readably(self, doc: str, path: str, labels: Sequence[str]) -> bool:
        """Whether one of ``labels`` (the revisions of ``doc`` an asker may read) holds section
        ``path``: which sections exist is the content of the revisions that hold them (rule 4)."""
        entry = self.index.entry(doc)
        return entry is not None and any(
            entry.contents[entry.position[label]] is None or path in entry.contents[entry.position[label]]
            for label in labels)

    def target_readable(
        self, groups: Iterable[str], valid_at: dt.date | None = None, known_at: dt.datetime | None = None,
    ) -> Readable:
        """``readable`` for what an edge targets, the one place it is judged (undated: ``show``,
        ``history``, the review listings; on a day: ``asof``, and through ``readable_on``
        ``facts`` and the sweep): a section an edge names across revisions (unpinned) is readable
        when a revision the asker may read holds it, as the section itself is (rule 4), though
        other revisions of its document are not; anything else as ``readable``. On a day
        (``valid_at``), also only while the revision its document rests on that day
        (``_resting``) is readable (rule 2): on a day one they may not read decides it, an edge
        to any section of it is named by document id, as ``asof`` refuses the section. And on a
        day, an amending provision (an edge's ``by``) whose being in force rests on such a
        document — whether that revision, reissuing what it changed, ended its change
        (``AsOfIndex.standing_out_of_sight``) — is not readable either: nothing dated tells its
        standing (no fact, no statement in the sweep; ``asof`` and ``check`` say it rests on
        that document, withheld: ``asof.answer.standing_out_of_sight``), so no read tells
        whether that revision holds the section or what it says of it.

        Judged by document (``may_read`` unpinned answers for every revision at once), a public
        addendum's edge to a public revision's paragraph went missing from every dated answer —
        no ``replaces`` in ``facts``, a false quantity conflict in the sweep between the
        amendment and the paragraph it amends, no step in the ``asof`` chain — whenever any
        revision of that document, even one never in force that day, was restricted (issue 23,
        HH-01)."""
        held = tuple(groups)
        gate = self.gate
        if gate.all_public:
            return lambda locator: True
        decided: dict[str, bool] = {}
        standing: dict[tuple[str, str], bool] = {}

        def judged(doc: str) -> bool:  # the revision ``doc`` rests on that day is readable (rule 2)
            found = decided.get(doc)
            if found is None:
                resting = self._resting(doc, valid_at, known_at)  # type: ignore[arg-type]
                found = decided[doc] = resting is None or gate.may_read(resting, held)
            return found

        def readable(locator: Locator) -> bool:
            if not self.may_read(locator, held) and not (
                    locator.rev is None and locator.path is not None and self._held_readably(
                        locator.doc, locator.path, gate.readable_revisions_of(locator.doc, held))):
                return False
            if valid_at is None:
                return True
            if not judged(locator.doc):
                return False
            if locator.path is None or not self.index.supersession.amends_from(locator.doc):
                return True
            key = (locator.doc, locator.path)
            found = standing.get(key)
            if found is None:
                found = standing[key] = not self.index.standing_out_of_sight(
                    locator.doc, locator.path, day, known_ts,
                    lambda edge: judged(edge.target.doc) or not unread(edge.target.doc, edge.effective))
            return found

        if valid_at is not None:
            from .asof.timeline import known_timestamp

            unread = self.unread_since(held)
            day, known_ts = valid_at.toordinal(), known_timestamp(known_at)
        return readable

    def target_held(self, groups: Iterable[str]) -> Readable:
        """Whether, to an asker with ``groups``, the project holds what an edge targets: false for
        a section no revision they may read holds (rule 4: to them it does not exist), true for
        anything else. The one place this is decided (issue 23): an edge or proposal of a readable
        item naming such a section is shown exactly as the same item naming a section no revision
        holds — no edge in ``show`` or ``history``, in the review listings an item not understood
        (``reviews.withhold``) — so whether a restricted revision holds it does not show."""
        held = tuple(groups)
        if self.gate.all_public:
            return lambda locator: True

        def holds(locator: Locator) -> bool:
            if self.may_read(locator, held):
                return True
            labels = self.gate.readable_revisions_of(locator.doc, held)
            if locator.path is None:  # a whole document: held while they may read a revision of it
                return bool(labels)
            return self._held_readably(locator.doc, locator.path, labels)

        return holds

    def edge_known(self, groups: Iterable[str]) -> Callable[[Locator | None, Locator], bool]:
        """Whether an asker with ``groups`` knows the edge from item ``by`` to ``target``: false
        when its target is not held for them (``target_held``: a section no revision they may
        read holds, a document none of whose revisions they may read). Each edge is judged on
        its own: rules apply an item only where every reader of it holds every target it names
        (``addenda.view``), so the edges a graph holds of an item with a target some asker does
        not hold are edges a review declared one by one, and the others stay theirs to see as
        every dated answer follows them (issue 23, twenty-ninth audit). The one place an edge is
        judged for an asker (``show``, ``history``, ``check``, the review listings)."""
        holds = self.target_held(groups)
        return lambda by, target: holds(target)

    def _deciding(self, doc: str, valid_at: dt.date, known_at: dt.datetime | None) -> str | None:
        """The label of the revision of ``doc`` whose dates decide the day: the one in force, else
        the one whose lapse leaves the day uncovered, or the first to begin
        (``revisions.deciding_label``), so that no date's answer tells when a revision the asker
        may not read begins or ends (rule 2); None when ``doc`` has no revision known then."""
        from .asof.revisions import deciding_label
        from .asof.timeline import known_timestamp

        entry = self.index.entry(doc)
        return None if entry is None else deciding_label(entry, valid_at.toordinal(), known_timestamp(known_at))

    # ---- the date a question is about -----------------------------------------------------------

    def choose_valid_at(self, valid_at: dt.date | None, attributes: Mapping[str, Any]) -> DateChoice:
        """``valid_at`` as given, or the case attribute a rule pack names (``engine.valid_at``).
        The rule set is loaded only when the case states attributes (``given_date``)."""
        given = given_date(valid_at, attributes)
        return given if given is not None else choose_valid_at(self.rules, self.manifest, valid_at, attributes)

    def check_attributes(self, attributes: Mapping[str, Any]) -> None:
        """InputError for a case attribute no rule pack of the project reads."""
        check_attributes(self.rules, self.manifest, attributes)

    # ---- questions (access applied; AccessRestrictedError when refused) -------------------------

    def asof(
        self, locator: Locator | str, valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] = (),
    ) -> AsOfAnswer:
        """What is in force for ``locator`` as of ``valid_at`` (known by ``known_at``), and why.

        The gate first, so no date or path of a document the asker may not read shows through;
        a replacement or amender they may not read is named by document id and listed in ``withheld``.
        """
        asked = _locator(locator)
        gate = self.gate
        if gate.all_public:  # the hot path: nothing to check or withhold
            return self._with_erasure(self.index.answer(asked, valid_at, known_at))
        held = tuple(groups)
        self.gate_question(asked, held, valid_at, known_at)
        return self._with_erasure(self.index.answer(asked, valid_at, known_at, visible=self.visible(held),
                                                    targets=self.target_readable(held, valid_at, known_at)))

    def _with_erasure(self, answer: AsOfAnswer) -> AsOfAnswer:
        """``answer``, saying so when what it resolves to is an erased revision's tombstone: in
        force on the date (its dates still decide), its text not kept."""
        note = self.erased(answer.resolved) if answer.resolved is not None else None
        return answer if note is None else answer.model_copy(update={"erased": note})

    def history(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> History:
        """Every version of a provision, on both clocks, and when each stopped applying."""
        asked = _locator(locator)
        held = tuple(groups)
        self.gate_question(asked, held, every_version=True)  # those the asker may not read are withheld
        entry = self.index.entry(asked.doc)
        if asked.rev is not None and entry is not None and asked.rev not in entry.position:
            raise NotFoundError(f"no revision {asked.doc}@{asked.rev} in {self._root}",
                                hint=f"inforce history {self._root} {asked.doc} lists the revisions")
        found = redact_history(self.index.history(asked), self.readable(held), targets=self.target_readable(held),
                               known=self.edge_known(held), revisions=entry.revisions if entry is not None else (),
                               unread_since=self.unread_since(held))
        # a version (or an edge) of an erased revision is listed by its ids and dates, and said erased
        marked = [(v, self.erased(v.locator)) for v in found.versions]
        if not any(note for _, note in marked):
            return found
        return found.model_copy(update={"versions": tuple(
            v if note is None else v.model_copy(update={"erased": note}) for v, note in marked)})

    def unread_since(self, groups: Iterable[str]) -> Callable[[str, dt.date], bool]:
        """Whether a revision of a document that ``groups`` may not read may have reissued it
        since ``day`` (rule 2): one at or after the revision deciding ``day`` (``_deciding``; the
        first when none is known then), in registry order, with another revision among them (a
        document of one revision is never reissued). What an undated ``history`` withholds of an
        edge on that document effective ``day``, as ``target_readable`` withholds on a day it
        decides whether the edge's item is spent."""
        held = tuple(groups)
        gate = self.gate

        def unread(doc: str, day: dt.date) -> bool:
            if gate.all_public:
                return False
            entry = self.index.entry(doc)
            if entry is None:
                return False
            readable = set(gate.readable_revisions_of(doc, held))
            label = self._deciding(doc, day, None)
            start = 0 if label is None else entry.position[label]
            since = entry.labels[start:]
            return len(since) > 1 and any(lab not in readable for lab in since)

        return unread

    def show(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> ProvisionView:
        """One stored provision (the latest revision when unpinned), its revisions and edges."""
        wanted = _locator(locator)
        held = tuple(groups)
        rev = self._shown_revision(wanted, held)
        return provision_view(self._store, self.index, wanted, rev, readable=self.readable(held),
                              targets=self.target_readable(held), known=self.edge_known(held),
                              build_id=self.build_id, erased=self.erased)

    def show_texts(
        self, locators: Iterable[Locator | str], *, groups: Iterable[str] = (),
    ) -> dict[str, str | AccessRestrictedError | NotFoundError]:
        """The text ``show`` gives for each locator (its ``ProvisionView.text``), or the error
        ``show`` raises for it, keyed by the locator as given, in the order asked: each through
        ``show``'s own gate (``_shown_revision``), without the revisions and edges. Provisions'
        texts come from the build's text store (no graph query), whole revisions' text layers
        from one graph query for them all."""
        held = tuple(groups)
        found: dict[str, str | AccessRestrictedError | NotFoundError] = {}
        pinned: dict[str, Locator] = {}
        order: list[str] = []  # as asked
        for locator in locators:
            key = str(locator)
            if key in found or key in pinned:
                continue
            order.append(key)
            try:
                wanted = _locator(locator)
                pinned[key] = wanted.pinned(self._shown_revision(wanted, held))
            except (AccessRestrictedError, NotFoundError) as failed:
                found[key] = failed
        texts = self.index.texts
        layers = self._store.text_layers(f"{p.doc}@{p.rev}" for p in pinned.values() if p.path is None)
        for key, pin in pinned.items():
            try:
                if pin.path is None:
                    layer = layers.get(f"{pin.doc}@{pin.rev}")
                    found[key] = layer if layer is not None else self._store.document(f"{pin.doc}@{pin.rev}").text_layer
                elif texts is not None:
                    found[key] = texts.text(pin)
                else:
                    found[key] = self._store.provision_text(pin)[0]
            except NotFoundError as missing:
                found[key] = missing
        return {key: found[key] for key in order}

    def _shown_revision(self, wanted: Locator, held: tuple[str, ...]) -> str:
        """The revision ``show`` reads for ``wanted`` (the latest when unpinned), once the
        access gate lets ``held`` ask about it (``AccessRestrictedError`` otherwise)."""
        entry = self.index.entry(wanted.doc)
        if entry is None:
            raise NotFoundError(f"no document {wanted.doc} in {self._root}")
        self.gate_question(wanted, held)  # unpinned: the latest revision
        rev = wanted.rev or entry.labels[-1]
        if rev not in entry.position:
            raise NotFoundError(f"no revision {wanted.doc}@{rev} in {self._root}",
                                hint=f"inforce history {self._root} {wanted.doc} lists the revisions")
        return rev

    def dedup_to_current(
        self, candidates: Iterable[Locator | str], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = None,
    ) -> DedupResult:
        """Collapse retrieval candidates to one per section, the in-force one (``asof.freshness``).

        ``groups`` None: no access applied (the engine's own use, before an asker is known).
        """
        if groups is None:
            return self.index.dedup_to_current(candidates, valid_at, known_at)
        readable = self.readable(groups)
        asked = [_locator(c) for c in candidates]
        hidden = [c for c in asked if not readable(c)]
        if not self.gate.all_public:  # an amending item whose standing rests on a withheld document
            from .asof.answer import standing_out_of_sight  # (audit KK-01: as resolve withholds it)

            visible, targets = self.visible(groups), self.target_readable(groups, valid_at, known_at)
            hidden += [c for c in asked if c not in hidden and standing_out_of_sight(
                self.index, c, valid_at, known_at, visible, targets) is not None]
        found = self.index.dedup_to_current([c for c in asked if c not in hidden], valid_at, known_at)
        return redact_dedup(found, hidden, readable)

    def freshness_gate(
        self, citations: Iterable[Any], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = None,
    ) -> FreshnessResult:
        """Pass, or block naming each stale citation and what is in force instead (``groups``
        None: no access applied)."""
        if groups is None:
            return self.index.freshness_gate(citations, valid_at, known_at)
        held = tuple(groups)
        found = self.index.freshness_gate(citations, valid_at, known_at, visible=self.visible(held),
                                          targets=self.target_readable(held, valid_at, known_at))
        return redact_freshness(found, self.readable(held))

    def eligible(
        self, context: Context, *, exclusions: int | None = DEFAULT_EXCLUSIONS,
        documents: Collection[str] = (), explain: bool = False,
    ) -> EligibilityResult:
        """Which documents may answer the case, each exclusion counted by reason (detail for
        the first ``exclusions`` and the ``documents`` named), and what the packs calculate."""
        self.check_attributes(context.attributes)
        unknown = sorted(set(documents) - set(self.index.documents())) if documents else []
        if unknown:
            raise NotFoundError(f"no document {', '.join(unknown)} in {self._root}",
                                hint="name documents by their id, comma-separated, e.g. P1,P3")
        return self.eligibility.evaluate(context, exclusions=exclusions, documents=documents, explain=explain)

    def precedence(
        self, a: Locator | str, b: Locator | str, valid_at: dt.date | None, known_at: dt.datetime | None = None,
        *, packs: Sequence[str] = (), params: Mapping[str, str] | None = None, groups: Iterable[str] = (),
    ) -> PrecedenceResult:
        """Which of two in-force provisions governs, by which rule and clause — or an escalation.

        ``packs`` decide instead of the project's precedence rules; ``params`` are merged
        over the parameters the manifest gives a pack it lists.
        """
        valid_at = require_date(valid_at)
        check_pack_params(packs, params)
        first, second = _locator(a), _locator(b)
        if first.unpinned() == second.unpinned():
            raise InputError(f"both sides are {first.unpinned()}: precedence decides between two provisions",
                             field="b", hint="name the provision that disagrees with the first")
        held = tuple(groups)
        # what a side's standing and what it replaces rest on: judged on the day by the one rule
        readable = self.target_readable(held, valid_at, known_at)
        for side in (first, second):
            # the gate first: which sections and revisions a document has is its content too
            self.gate_question(side, held, valid_at, known_at)
            deciding = self._deciding(side.doc, valid_at, known_at) if side.rev is not None else None
            if deciding is not None:  # a pinned side's in-force text rests on the revision that decides
                self.gate.check(side, [Locator(doc=side.doc, rev=deciding)], held)
            self._gate_standing(side, held, valid_at, known_at, readable)
            if not self.index.has(side):
                raise NotFoundError(f"no revision of the project has {side}",
                                    hint=f"inforce history {self._root} {side.unpinned()} lists its versions")
        rules = self.precedence_rules(packs, params)
        side_a = self._in_force(first, valid_at, known_at)
        side_b = self._in_force(second, valid_at, known_at)
        for side in (side_a, side_b):
            self.gate.check(side.locator, [*side.replaced_by, *side.amended_by], held)
        # what a side replaces is a section named across revisions: judged on the day by the one
        # rule (``target_readable``), not by every revision of its document (audit KK-03, as HH-01)
        return resolve_precedence(redact_replaces(side_a, readable), redact_replaces(side_b, readable),
                                  rules.precedence, valid_at=valid_at, project=self.manifest.project)

    def _gate_standing(
        self, side: Locator, held: tuple[str, ...], valid_at: dt.date, known_at: dt.datetime | None,
        targets: Readable,
    ) -> None:
        """Refuse (``AccessRestrictedError``, naming that document) a side of a precedence
        question that is an amending item whose being in force on the day rests on a document a
        revision ``held`` may not read decides (``asof.answer.standing_out_of_sight``, the rule
        ``asof``, ``check``, ``resolve`` and the sweep follow; ``target_readable`` on the day).
        Without it, an amending item's side was refused when that restricted revision held the
        paragraph it amends (the item superseded, its successor withheld) and answered when it did
        not (the item in force): the answer told whether the restricted revision holds the
        paragraph (issue 23, audit LL-03). Refused alike either way, whatever that revision holds."""
        if self.gate.all_public:
            return
        from .asof.answer import standing_out_of_sight

        out = standing_out_of_sight(self.index, side, valid_at, known_at, self.visible(held), targets)
        if out is not None:
            raise AccessRestrictedError(str(side), depends_on=out.withheld)

    def _in_force(self, locator: Locator, valid_at: dt.date, known_at: dt.datetime | None) -> ProvisionInForce:
        """``provision_in_force`` of this generation, kept for the next question about the same
        provision and date (a sweep asks precedence for every pair of a subject's differing values,
        over the same few hundred provisions: read again for each pair, 200 paragraphs took minutes).
        The generation never changes, so neither does the answer; at most 8,192 are kept."""
        kept: dict[tuple[Locator, dt.date, dt.datetime | None], ProvisionInForce] = self._once("in_force", dict)
        key = (locator, valid_at, known_at)
        found = kept.get(key)
        if found is None:
            found = provision_in_force(self._store, self.index, locator, valid_at, known_at)
            if len(kept) < 8192:
                kept[key] = found
        return found

    def precedence_rules(self, packs: Sequence[str] = (), params: Mapping[str, str] | None = None) -> RuleSet:
        """The rules precedence decides by: the project's, or ``packs`` instead (InputError
        when one does not load)."""
        check_pack_params(packs, params)
        if not packs:
            return self.rules
        return with_precedence_packs(self.rules, self.manifest, self._root, packs, params or {})

    def precedence_pack_names(self) -> tuple[str, ...]:
        """The manifest's packs that hold precedence rules."""
        return tuple(p.name for p in self.rules.packs if any(r.kind == "precedence" for r in p.pack.rules))

    # ---- quantities --------------------------------------------------------------------------

    def facts(
        self, subject: str | None, valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] = (),
    ) -> Facts:
        """Every in-force statement of ``subject``'s quantity (of every subject when None) on
        ``valid_at``, from the quantities stored at ingest; what ``groups`` may not read is
        withheld, and so is every fact of a document a revision they may not read decides that
        day (``readable_on``); ``withheld`` names every document holding a revision they may not
        read, whatever the day (``withheld``). InputError for a subject no stored quantity is bound to, listing those that are;
        a subject stated only in revisions ``groups`` may not read is, to them, such a subject
        (the same error, and the hint leaves it out: a subject's name is its document's content)."""
        tables = self._fact_tables()
        held = tuple(groups)
        if subject is not None and (subject not in tables or subject not in self._subjects_for(held)):
            known = ", ".join(sorted(self._subjects_for(held))) or "none (no quantity was bound to a subject)"
            raise InputError(f"no quantity of this project measures {echoed(subject)}", field="subject",
                             hint=f"subjects with facts: {known}")
        if known_at is not None:  # as recorded then: asked day by day
            return self._listed_withheld(self._served(facts_as_of(
                self.index, self._quantities_by_subject(), subject, valid_at, known_at,
                readable=self.readable_on(held, valid_at, known_at),
                replaced_by=self._once("replaced_by", self._edges_by_replacement)), held), held)
        everyone = self.gate.readable(held).all()
        # on a day a revision the asker may not read decides a document, none of its facts (rule 2)
        readable = None if everyone else self.readable_on(held, valid_at)
        try:
            found = tables.facts(subject, valid_at, index_build=self.build_id, readable=readable)
        except DamagedFactTables:  # a chunk of the build's file does not read: the graph answers
            found = self._fact_table().facts(subject, valid_at, index_build=self.build_id, readable=readable)
        return self._listed_withheld(self._served(found, held), held)

    def _listed_withheld(self, found: Facts, held: tuple[str, ...]) -> Facts:
        """``found`` naming in ``withheld`` the documents ``withheld`` lists, whatever the date
        (each it withheld holds a revision ``held`` may not read, so is one of them)."""
        withheld = self.withheld(held)
        return found if found.withheld == withheld else found.model_copy(update={"withheld": withheld})

    def _served(self, found: Facts, held: tuple[str, ...]) -> Facts:
        """``found`` with one reading of each amending item's figure whose target is restricted
        (``engine.access``, rule 6): the one in the target's words for an asker who may read
        both, else the item's own; a reading in the words of a revision ``held`` may not read
        names that revision's document in ``withheld``."""
        readings = self._served_readings()
        if not readings:
            return found
        items = self._once("reading_items", lambda: frozenset((reading[0], reading[2]) for reading in readings))
        if not any((fact.resolved.doc, fact.resolved.path) in items for fact in found.facts):
            return found  # most answers hold no figure of such an item
        kept, withheld = [], set(found.withheld)
        for fact in found.facts:
            reading = readings.get(fact_reading(fact)) if (fact.resolved.doc, fact.resolved.path) in items else None
            if reading is None or self.gate.may_read_reading(fact.resolved, *reading, held):
                kept.append(fact)
            elif not reading[1]:
                withheld.add(reading[0].doc)
        if len(kept) == len(found.facts):
            return found
        return found.model_copy(update={"facts": tuple(kept), "withheld": tuple(sorted(withheld))})

    def _served_readings(self) -> Readings:
        """The readings rule 6 chooses between (``_readings``): as the build's fact tables hold
        them, written at ingest (no item read again), else worked out from the graph."""
        tables = self._fact_tables()
        return tables.readings if isinstance(tables, StoredFactTables) else self._readings()

    def _serves(self, row: tuple[Any, ...], held: tuple[str, ...]) -> bool:
        """Whether a stored quantity row is a reading ``held`` are served (rule 6; ``_served``)."""
        reading = self._served_readings().get(row_reading(row))
        if reading is None:
            return True
        item = Locator(doc=row[1], rev=row[0].partition("@")[2], path=row[2])
        return self.gate.may_read_reading(item, *reading, held)

    def _subjects_for(self, held: tuple[str, ...]) -> frozenset[str]:
        """The subjects some stored quantity of a revision ``held`` may read is bound to (all of
        them when every revision is readable), worked out once per set of groups."""
        if self.gate.all_public:
            return self._once("subject_names", lambda: frozenset(self._fact_tables().names))  # type: ignore[no-any-return]

        def readable() -> frozenset[str]:
            uids = self.gate.readable_uids(held)
            if uids is None:
                return self._served_subjects(set(self._fact_tables().names), held, None)
            revisions_of: dict[str, frozenset[str]] = self._once("subject_revisions", lambda: {
                name: frozenset(row[0] for row in rows) for name, rows in self._quantities_by_subject().items()})
            allowed = set(uids)
            names = {name for name, of in revisions_of.items() if not of.isdisjoint(allowed)}
            return self._served_subjects(names, held, allowed)

        return self._once("subjects_for\x1f" + "\x1f".join(sorted(set(held))), readable)  # type: ignore[no-any-return]

    def _served_subjects(self, names: set[str], held: tuple[str, ...], allowed: set[str] | None) -> frozenset[str]:
        """``names`` less the subjects stated only by readings ``held`` are not served (rule 6):
        by a figure read in a target's words they may not read, or by an item's own reading
        when they are served the full one instead."""
        readings = self._served_readings()
        if readings:
            subjects: set[str] = self._once("reading_subjects", lambda: {
                row[SUBJECT] for rows in self._quantities_by_subject().values() for row in rows
                if row_reading(row) in readings})
            for name in names & subjects:
                if not any((allowed is None or row[0] in allowed) and self._serves(row, held)
                           for row in self._quantities_by_subject()[name]):
                    names.discard(name)
        return frozenset(names)

    def subjects_with_facts(self, groups: Iterable[str] | None = None) -> list[str]:
        """The subjects some stored quantity is bound to, sorted; with ``groups``, only those
        some revision they may read states (``facts`` refuses the others as unknown)."""
        names = self._fact_tables().names
        if groups is None:
            return names
        readable = self._subjects_for(tuple(groups))
        return [name for name in names if name in readable]

    def write_files(self, *, tidy: bool = True) -> None:
        """Write what a later process opens instead of rebuilding it from this generation's
        graph (the subject fact tables, ``engine.fact_tables``), when absent; called as a
        build lands (``engine.ingest.run``, before it goes live, beside the store's
        ``write_generation_files``), under the write lock: ``tidy``, the files of other builds
        are removed (an ingest tidies once its build is live)."""
        from .quantities.grammar_file import open_grammar, write_grammar
        from .quantities.units import unit_table

        # the grammar tables first: the fact tables read amending items' figures with this build's extractor
        # (``quantity_extractor``), which reads with them rather than building spaCy's pipeline
        units = unit_table(self.manifest.units) if self.manifest.units else unit_table()
        if open_grammar(self._store, units) is None:
            write_grammar(self._store, units, tidy=tidy)
        if open_fact_tables(self._store) is None:
            # each run of a document's rows whose windows are worked out from what they were in an earlier
            # build is copied from that build's file as written (``write_fact_tables``): none is read back
            inputs = window_inputs(self.index)
            table = self._fact_table()
            said, kept = self._own_words()
            write_fact_tables(self._store, table, tidy=tidy, readings=self._readings(), own_words=said,
                              inputs=inputs, amended=self._amended_kept(), own_kept=kept)

    def _fact_tables(self) -> StoredFactTables | FactTable:
        """The subject fact tables: the build's file when it checks (``engine.fact_tables``),
        else built from the graph and written for the processes after this one."""
        def opened() -> StoredFactTables | FactTable:
            stored = open_fact_tables(self._store)
            if stored is not None:
                return stored
            inputs = window_inputs(self.index)
            table = self._fact_table(known_windows(self._store, inputs))
            with contextlib.suppress(OSError):  # a copy for speed: a read-only project answers all the same
                said, kept = self._own_words()
                write_fact_tables(self._store, table, readings=self._readings(), own_words=said,
                                  inputs=inputs, amended=self._amended_kept(), own_kept=kept)
            return table

        return self._once("fact_tables", opened)  # type: ignore[no-any-return]

    def stored_own_words(self) -> Mapping[str, int] | None:
        """What their amending provision's words make of figures read in one (``amendments.own_words``),
        as the build's fact tables hold it; None when they are built here."""
        tables = self._fact_tables()
        return tables.own_words if isinstance(tables, StoredFactTables) else None

    def _own_words(self) -> tuple[dict[str, int], OwnWordsKept]:
        """``amendments.own_words`` of every stored figure, for the fact tables' file, and what each
        amending provision's words made of its figures, for the next build: taken where a build's file
        holds that read from the same words (``fact_tables.known_own_words``)."""
        amending = amending_documents(self)
        kept: OwnWordsKept = {}
        said = own_words(self, (
            fact_of_row(row, Locator(doc=row[DOC], rev=row[REV].partition("@")[2], path=row[PATH]))
            for rows in self._quantities_by_subject().values() for row in rows
            if row[DOC] in amending and row[PATH] is not None and row[SPAN_START] is not None),
            known=known_own_words(self._store), kept=kept)
        return said, kept

    def _fact_table(self, known: Mapping[WindowKey, Windows] | None = None) -> FactTable:
        """The subject fact tables built from the graph's quantity rows, taking the ``known`` windows
        (``fact_tables.known_windows``) as they are, when this is the first asking."""
        return self._once("fact_table", lambda: FactTable(  # type: ignore[no-any-return]
            self.index, self._quantities_by_subject(), self._once("replaced_by", self._edges_by_replacement), known))

    def quantity_extractor(self) -> QuantityExtractor:
        """The project's quantity extractor (``quantities.project_extractor``): reading with
        the grammar tables written beside this build when they check (``grammar_file``: no
        spaCy to import, the same reading), else with the spaCy pipeline — and then writing
        the tables for the processes after this one."""
        def built() -> QuantityExtractor:
            from .quantities.extract import project_extractor
            from .quantities.grammar_file import open_grammar, write_grammar
            from .quantities.units import unit_table

            units = self.manifest.units
            table = unit_table(units) if units else unit_table()
            grammar = open_grammar(self._store, table)
            if grammar is not None:
                return project_extractor(self.rules, units, grammar=grammar)
            extractor = project_extractor(self.rules, units)
            with contextlib.suppress(OSError):  # a copy for speed: a read-only project answers all the same
                write_grammar(self._store, table)
            return extractor

        return self._once("quantity_extractor", built)  # type: ignore[no-any-return]

    def subject_vocabulary(self) -> SubjectVocabulary:
        """The subjects quantities are bound to and compared by (the packs', else the stock one)."""
        from .quantities.extract import project_vocabulary

        return self._once("vocabulary", lambda: project_vocabulary(self.rules))  # type: ignore[no-any-return]

    def statements_of(self, pinned: Locator) -> list[Fact]:
        """The quantity statements stored for one provision version (``DOC@REV#path``) and the
        provisions it contains, whether or not in force: what a replaced paragraph said."""
        by_revision: dict[str, _RowsByPath] = self._once("quantities_by_revision", self._quantities_by_revision)
        readings = self._readings()
        held = by_revision.get(f"{pinned.doc}@{pinned.rev}")
        found = []
        for row in held.under(pinned.path) if held is not None else ():
            if readings and readings.get(row_reading(row), (None, False))[1]:
                continue  # an item's own reading kept for those who may not read its target (rule 6)
            found.append(fact_of_row(row, Locator(doc=pinned.doc, rev=pinned.rev, path=row[2])))
        return found

    def _quantities_by_subject(self) -> dict[str, list[tuple[Any, ...]]]:
        return self._quantities_read_in()[0]

    def _read_in(self) -> dict[tuple[str, str | None, str | None, int, int], Locator]:
        """The quantity rows read in another revision's words (an amending item's new figures
        read in its target's: ``amendments.amended_rows``) by (document, revision, path, span
        start, span end), each with that revision: what ``engine.access`` rule 6 gates."""
        return self._quantities_read_in()[1]

    def read_in_spans(self) -> dict[tuple[str, str, str], list[tuple[int, int]]]:
        """The spans of the figures read in another revision's words (``_read_in``) by the
        (document, revision, path) of the item that writes them: what an ingest's unbound
        report leaves out (``quantities.unbound``)."""
        spans: dict[tuple[str, str, str], list[tuple[int, int]]] = {}
        for doc, rev, path, start, end in self._read_in():
            if rev is not None and path is not None:
                spans.setdefault((doc, rev, path), []).append((start, end))
        return spans

    def _readings(self) -> Readings:
        """The two readings of each figure of an item amending a restricted version (in its
        words, and in the item's alone: ``amendments.amended_rows``), which ``engine.access``
        rule 6 serves one of per asker."""
        return self._quantities_read_in()[2]

    def _quantities_read_in(self) -> tuple[dict[str, list[tuple[Any, ...]]],
                                           dict[tuple[str, str | None, str | None, int, int], Locator], Readings]:
        def group() -> tuple[dict[str, list[tuple[Any, ...]]],
                             dict[tuple[str, str | None, str | None, int, int], Locator], Readings]:
            grouped: dict[str, list[tuple[Any, ...]]] = {}
            for row in self._store.quantity_rows():
                grouped.setdefault(row[SUBJECT], []).append(row)
            read_in: dict[tuple[str, str | None, str | None, int, int], Locator] = {}
            readings: Readings = {}
            # an amending item's new figures read as its target's words: taken where a build's file holds
            # them read from the same words, and kept for the fact tables' file
            return amended_rows(self, grouped, read_in, readings, known=known_amended(self._store),
                                kept=self._amended_kept()), read_in, readings

        return self._once("quantities", group)  # type: ignore[no-any-return]

    def _amended_kept(self) -> AmendedFigures:
        """What this build's amending items' figures read as (``amendments.amended_rows``' ``kept``),
        filled as the rows are first read: written with the fact tables for the next build."""
        return self._once("amended_kept", dict)  # type: ignore[no-any-return]

    def _quantities_by_revision(self) -> dict[str, _RowsByPath]:
        grouped: dict[str, list[tuple[Any, ...]]] = {}
        for rows in self._quantities_by_subject().values():
            for row in rows:
                grouped.setdefault(row[0], []).append(row)
        return {uid: _RowsByPath(rows) for uid, rows in grouped.items()}

    def _edges_by_replacement(self) -> dict[str, list[Supersedes]]:
        by: dict[str, list[Supersedes]] = {}
        for edge in self.index.supersession.edges:
            if edge.by is not None and edge.successor:  # a deletion replaces nothing
                by.setdefault(edge.by.unpinned().format(), []).append(edge)
        return by

    # ---- qualifiers and texts ------------------------------------------------------------------

    def qualifiers_of(self, locator: Locator) -> list[tuple[QualifierLink, str]]:
        """The qualifier links of the pinned revision holding ``locator`` — found at ingest by
        the project's qualifier rules and stored in the graph — each with its rule's severity.

        The whole table is read once per generation (``all_qualifiers``, which the sweep reads
        too) and kept by revision: ``resolve`` asks for each provision it shows, and a graph
        query each cost more than the rest of the answer."""
        uid = f"{locator.doc}@{locator.rev}"
        return list(self._qualifiers_by_revision().get(uid, ()))

    def _qualifiers_by_revision(self) -> dict[str, tuple[tuple[QualifierLink, str], ...]]:
        def grouped() -> dict[str, tuple[tuple[QualifierLink, str], ...]]:
            found: dict[str, list[tuple[QualifierLink, str]]] = {}
            for rev, link, severity in self.all_qualifiers():
                found.setdefault(rev, []).append((link, severity))
            return {rev: tuple(links) for rev, links in found.items()}

        return self._once("qualifiers_by_revision", grouped)  # type: ignore[no-any-return]

    def all_qualifiers(self) -> list[tuple[str, QualifierLink, str]]:
        """Every stored qualifier link as (its revision uid, the link, its rule's severity):
        the sweep's cross-reference candidates."""
        return self._once("all_qualifiers", lambda: self._qualifier_links(None))  # type: ignore[no-any-return]

    def _qualifier_links(self, uid: str | None) -> list[tuple[str, QualifierLink, str]]:
        rows = self._store.qualifier_rows(uid)
        severity = {rule.id: rule.severity for rule in self.rules.qualifiers} if rows else {}
        return [
            (rev, QualifierLink(provision=Locator(doc=doc, path=path), qualifier=Locator(doc=doc, path=target),
                                rule=rule, words=words, resolved=bool(resolved)), severity.get(rule, "failure"))
            for rev, doc, path, target, rule, words, resolved in rows
        ]


#: the manifest cached as absent (None would be rebuilt on every ask)
_NOT_INGESTED = object()


def _locator(locator: Locator | str) -> Locator:
    return Locator.parse(locator) if isinstance(locator, str) else locator


class _RowsByPath:
    """One revision's quantity rows (``statements_of``), found by the provision they are in
    and the provisions under it without a pass over the revision's rows for each provision asked
    (an addendum of 900 items had made that quadratic: audit 35 DD-05), in the rows' order."""

    __slots__ = ("by_path", "ordered", "rows")

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self.rows = rows
        self.by_path: dict[str, list[int]] = {}
        for position, row in enumerate(rows):
            self.by_path.setdefault(row[2], []).append(position)
        self.ordered = sorted(self.by_path)

    def under(self, path: str | None) -> list[tuple[Any, ...]]:
        """The rows of ``path`` and of the provisions under it (every row when None)."""
        if path is None:
            return self.rows
        positions = list(self.by_path.get(path, ()))
        prefix = path + "."
        at = bisect.bisect_left(self.ordered, prefix)
        while at < len(self.ordered) and self.ordered[at].startswith(prefix):
            positions.extend(self.by_path[self.ordered[at]])
            at += 1
        return [self.rows[p] for p in sorted(positions)]
