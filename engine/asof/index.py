"""In force as of when: section-level resolution on both clocks, from a compact in-process index.

The in-force version of ``DOC#path`` for ``(valid_at, known_at)``:

1. the document's in-force revision is the one ``timeline.in_force_position`` names: the
   latest recorded by ``known_at`` (by ``effective.from``, then ``seq``; never file or
   insertion order) that has taken effect by ``valid_at``, unless it has lapsed
   (``effective.until``), when nothing is in force unless it hands back to its predecessor
   (``on_lapse: resume_previous``). No ``known_at``: everything recorded; a date: the end of
   that day, UTC;
2. the section's version is the latest revision, up to the in-force one and recorded by
   ``known_at``, that changed it. A changed path covers its descendants ("5" covers "5.2")
   and changes its ancestors' text too ("5.2" changes "5", whose text includes 5.2) —
   ancestry by the outline's parent links when the store gives them (an unnumbered title
   heading or a ``PART 2`` is an ancestor), else by the dotted numbering; a revision that
   adds or drops the path changes it as well. A first revision without
   ``changed`` changed everything. If that revision no longer holds the path, the section
   was removed.
3. supersession edges (``asof.supersession``) then decide whether the version still
   applies: a full edge on it (or an ancestor, or the whole document) replaces it with the
   edge's successors, transitively; a partial one amends it.

A citation of any revision at or after the section's last change, and not after the
in-force revision, is fresh: its text is the in-force text.

Kuzu stays the store of record; this index is loaded from it when a project opens
(``AsOfIndex.from_store``; each document's arrays are built on first use), so a lookup
costs dictionary and ``bisect`` work, no query.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from inforce.ontology import Locator, NotFoundError, Revision, Supersedes, parse_datetime_utc
from inforce.ontology.answers import AsOfAnswer, DedupResult, FreshnessResult, History

from .answer import explain, revision_step
from .consolidate import Visible, everything, in_force_successors
from .freshness import dedup_to_current, freshness_gate
from .history import history
from .revisions import (
    DOC,
    LABEL,
    RECORDED,
    DocumentRevisions,
    RevisionRow,
    ancestors,
    collector_paused,
    index_document,
    locate,
    revision_row,
)
from .supersession import Spent, SupersessionIndex
from .timeline import (
    IN_FORCE,
    NO_DOCUMENT,
    REMOVED,
    SectionState,
    in_force_position,
    known_timestamp,
)
from .view import ProvisionTexts

__all__ = ["AsOfIndex"]

_INF = float("inf")


class AsOfIndex:
    """Revisions and supersession edges of a project, indexed for as-of lookups in-process.

    A document's arrays (``DocumentRevisions``, via ``entry``) are built the first time a
    lookup touches that document, so opening a project costs only the store reads; a
    long-running process that wants even first lookups fast calls ``materialize``.
    ``supersession`` holds the edges; ``texts`` fetches text for answers that show it.
    """

    __slots__ = ("_entries", "_paths", "build_id", "revision_step", "supersession", "texts")

    def __init__(
        self,
        revisions: Iterable[Revision],
        edges: Iterable[Supersedes] = (),
        paths: Mapping[str, Sequence[str] | Mapping[str, str | None]] | None = None,
        *,
        build_id: str = "",
        texts: ProvisionTexts | None = None,
    ) -> None:
        """Index ``revisions`` and ``edges``.

        ``paths`` maps a revision uid (``DOC@REV``) to the provision paths that revision
        holds (without it, removals cannot be seen), or to ``{path: parent path}`` when the
        outline is known: then an unnumbered heading or a ``PART 2`` above ``2.1`` counts as
        its ancestor. Without parents, ancestry follows the dotted numbering ("5" ⊃ "5.2").
        """
        with collector_paused():
            rows = [revision_row(revision) for revision in revisions]
        self._setup(rows, edges, paths, build_id, texts)

    def _setup(
        self,
        rows: Iterable[RevisionRow],
        edges: Iterable[Supersedes],
        paths: Mapping[str, Sequence[str] | Mapping[str, str | None]] | None,
        build_id: str,
        texts: ProvisionTexts | None,
    ) -> None:
        self._paths = paths or {}
        # document id -> its revision rows, replaced by their DocumentRevisions on first use
        grouped: dict[str, DocumentRevisions | list[RevisionRow]] = {}
        with collector_paused():
            for row in rows:
                doc = row[DOC]
                held = grouped.get(doc)
                if held is None:
                    grouped[doc] = [row]
                else:
                    held.append(row)  # type: ignore[union-attr]
        self._entries = grouped
        self.build_id = build_id
        self.texts = texts
        self.supersession = SupersessionIndex(edges, self.recorded_of, self.lineage)
        # A revision's chain step is the same in every answer of this (immutable) index: kept,
        # not rebuilt per answer; bounded, so a long-lived reader of a large corpus stays small.
        self.revision_step = functools.lru_cache(maxsize=1 << 16)(functools.partial(revision_step, self))

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[RevisionRow],
        edges: Iterable[Supersedes] = (),
        paths: Mapping[str, Sequence[str] | Mapping[str, str | None]] | None = None,
        *,
        build_id: str = "",
        texts: ProvisionTexts | None = None,
    ) -> AsOfIndex:
        """Index plain revision rows (``GraphStore.revision_rows``: ``(doc, label, seq,
        issued, effective_from, effective_until, recorded, changed)``, ``recorded`` aware);
        ``Revision`` records are built only for the documents an answer shows."""
        index = cls.__new__(cls)
        index._setup(rows, edges, paths, build_id, texts)
        return index

    @classmethod
    def from_store(cls, store: Any) -> AsOfIndex:
        """Load the index from the graph store of record: its lean reads (plain revision rows,
        every revision's outline) and the edges; no ``Revision`` record is built to open."""
        with collector_paused():
            return cls.from_rows(
                store.revision_rows(), store.supersedes(), store.provision_outlines(),
                build_id=store.build_id(), texts=_StoreTexts(store),
            )

    # ---- the registry ---------------------------------------------------------------------

    def entry(self, doc: str) -> DocumentRevisions | None:
        """One document's revisions as indexed (None for a document the index lacks); read
        them, never change them."""
        entry = self._entries.get(doc)
        if entry is None or entry.__class__ is DocumentRevisions:
            return entry  # type: ignore[return-value]
        built = self._entries[doc] = index_document(doc, entry, self._paths)  # type: ignore[arg-type]
        return built

    def entry_inputs(self, doc: str) -> str:
        """Everything ``entry(doc)`` is built from, written out: the document's revision rows, in
        one order whatever order they were read in, each with the provision paths its revision
        holds (``[]`` for a document the index lacks). Two indexes giving a document the same
        text give it the same entry. The text costs no entry built: ``facts.window_inputs`` asks
        it of every document, and building every entry had taken 1.3 s of a delta at a million
        provisions."""
        paths = self._paths
        return repr(sorted((repr(row), repr(paths.get(f"{doc}@{row[LABEL]}"))) for row in self._raw(doc)))

    def materialize(self) -> int:
        """Build every document's arrays now (instead of on first use); returns how many."""
        with collector_paused():
            for doc in list(self._entries):
                self.entry(doc)
        return len(self._entries)

    def documents(self) -> list[str]:
        return sorted(self._entries)

    def revisions(self, doc: str) -> tuple[Revision, ...]:
        """A document's revisions in registry order (effective date, then seq)."""
        entry = self.entry(doc)
        return tuple(entry.revisions) if entry else ()

    def revision_uids(self) -> set[str]:
        return {f"{doc}@{row[LABEL]}" for doc in self._entries for row in self._raw(doc)}

    def _raw(self, doc: str) -> list[RevisionRow]:
        entry = self._entries.get(doc)
        if entry is None:
            return []
        return entry.rows if entry.__class__ is DocumentRevisions else entry  # type: ignore[union-attr,return-value]

    def has(self, locator: Locator) -> bool:
        """Whether any revision holds ``locator`` (a fabricated locator is held by none)."""
        entry = self.entry(locator.doc)
        if entry is None:
            return False
        if locator.rev is not None:
            pos = entry.position.get(locator.rev)
            if pos is None:
                return False
            if locator.path is None:
                return True
            content = entry.contents[pos]
            return content is None or locator.path in content
        if locator.path is None:
            return True
        return locator.path in entry.versions or not entry.paths_known

    def lineage(self, doc: str, path: str) -> tuple[str, ...]:
        """The ancestors of ``doc#path``, nearest first (by the outline, or the dotted numbering)."""
        entry = self.entry(doc)
        return ancestors(path, entry.parents if entry is not None else None)

    def recorded_of(self, doc: str, rev: str | None) -> float | None:
        """When ``doc@rev`` was recorded (``rev`` None or unknown: the document's first
        recording), as a timestamp; None for a document the index lacks."""
        rows = self._raw(doc)
        if not rows:
            return None
        for row in rows:
            if row[LABEL] == rev:
                return row[RECORDED].timestamp()  # type: ignore[no-any-return]
        return min(row[RECORDED] for row in rows).timestamp()  # type: ignore[no-any-return]

    # ---- the hot path -------------------------------------------------------------------------

    def section_state(
        self, doc: str, path: str | None, valid_day: int, known_ts: float
    ) -> SectionState:
        """Where ``doc#path`` stands on the day (an ordinal) as known at the timestamp."""
        entry = self.entry(doc)
        if entry is None:
            return SectionState(NO_DOCUMENT, doc, path)
        state, version, current = locate(entry, path, valid_day, known_ts)
        return SectionState(state, doc, path, version, current)

    def version(
        self,
        doc: str,
        path: str | None,
        valid_at: dt.date,
        known_at: dt.datetime | dt.date | str | None = None,
    ) -> str | None:
        """The in-force version of ``doc#path`` as a pinned locator string, or None.

        None when nothing is in force: no revision covers the date, the section was removed
        or not yet added, a full supersession replaced it, or it is an amending provision a
        reissue of its target overrode (``spent``; ask ``answer`` for its successors).
        """
        entry = self.entry(doc)
        if entry is None:
            return None
        known_ts = _INF if known_at is None else known_timestamp(known_at)
        day = valid_at.toordinal()
        state, version, _ = locate(entry, path, day, known_ts)
        if state != IN_FORCE:
            return None
        if self.supersession.targets_document(doc):
            full, _ = self.supersession.scan(doc, path, day, known_ts, self.pinned_applies(day, known_ts))
            if full:
                return None
        if self.supersession.amends_from(doc) and self.spent(doc, path, day, known_ts) is not None:
            return None
        label = entry.labels[version]
        return f"{doc}@{label}" if path is None else f"{doc}@{label}#{path}"

    def successors(
        self,
        doc: str,
        path: str | None,
        valid_at: dt.date,
        known_at: dt.datetime | dt.date | str | None = None,
    ) -> list[str]:
        """The in-force replacements of ``doc#path`` on ``valid_at``, transitively (locator
        strings, in edge order); empty when no full supersession applies, or when every
        replacement is itself out of force (lapsed)."""
        known_ts = known_timestamp(known_at)
        day = valid_at.toordinal()
        if not self.supersession.targets_document(doc):
            return []
        return in_force_successors(self, doc, path, day, known_ts, self.pinned_applies(day, known_ts)).live

    def is_fresh(self, locator: Locator, state: SectionState) -> bool:
        """Whether ``locator`` (pinned or not) cites the text ``state`` says is in force."""
        if state.state != IN_FORCE:
            return False
        if locator.rev is None:
            return True
        pos = self.entry(state.doc).position.get(locator.rev)  # type: ignore[union-attr]
        return pos is not None and state.version <= pos <= state.current

    def pinned_applies(self, day: int, known_ts: float) -> Callable[[Supersedes], bool]:
        """Whether an edge applies on the day (an ordinal) as known at the timestamp: the one
        rule every caller of the edge scan (``asof``, ``history``, ``facts``, ``check``,
        ``sweep``) goes through; ``ended_by`` says why one does not."""

        def applies(edge: Supersedes) -> bool:
            return self.ended_by(edge, day, known_ts) is None

        return applies

    def ended_by(self, edge: Supersedes, day: int, known_ts: float) -> Locator | None:
        """The revision that keeps ``edge`` (effective and known) from applying on the day, or
        None while it applies. An edge stops applying

        - when its declaring revision is replaced: a later revision of the document that
          declared it (or from which a rule derived it) is in force. That revision's own
          edges, declared again or derived from its words, are the ones that apply: the
          replaced revision's never reach into the reissue's words;
        - when a later revision of its target changed the target: an edge on a pinned target
          applies while that revision's text is in force; an unpinned one applies to the
          version it was made against (the one in force on its effective date, or the first to
          take effect after it), never to a version a later revision issued
          (``_target_changed``; what that makes of the amending provision: ``spent``).
        """
        changed = self._target_changed(edge, day, known_ts)
        if changed is not None:
            return changed
        source = edge.source
        entry = self.entry(source.doc) if source.rev is not None else None
        if entry is None or len(entry.labels) == 1:
            return None
        declared = entry.position.get(source.rev)  # type: ignore[arg-type]
        current = in_force_position(entry.froms, entry.untils, entry.recorded, entry.resumes, day, known_ts)
        if declared is not None and current > declared:
            return Locator.of_parts(source.doc, entry.labels[current], None)
        return None

    def _target_changed(self, edge: Supersedes, day: int, known_ts: float) -> Locator | None:
        """The revision of ``edge``'s target document that changed the target since the edge
        was made (so the edge no longer applies on the day), or None."""
        target = edge.target
        if target.rev is not None:
            state = self.section_state(target.doc, target.path, day, known_ts)
            if not self.is_fresh(target, state):
                return self._revision(target.doc, max(state.version, state.current), target.path)
            return None
        reissued = self._reissued_since(edge, day, known_ts)
        return self._revision(target.doc, reissued, target.path) if reissued >= 0 else None

    def spent(self, doc: str, path: str | None, day: int, known_ts: float) -> Spent | None:
        """Whether the amending provision ``doc#path`` is spent on the day (an ordinal) as known
        at the timestamp: the one rule for it, which every in-force decision goes through
        (``version``, the answer and freshness gate, dedup, ``facts``, eligibility, the sweep).

        An amending provision (the ``by`` of edges: ``SupersessionIndex.made_by``, which lets a
        sub-paragraph of an item speak through the item) is spent when every edge it made that
        is in effect on the day (effective, and known at the timestamp) has stopped applying
        because a later revision of its *target* changed the target (``ended_by`` names a
        revision of the target document, not of the declaring one): the reissue overrode its
        change, so its own words are no longer in force either; what replaced it is the
        target's version in force. None while any of its edges applies (an item with edges on
        several targets stays while one does), while one stopped for another reason, when no
        edge is in effect yet, or for a provision that is the ``by`` of no edge.
        """
        made = self.supersession.made_by(doc, path)
        if not made:
            return None
        edges: list[Supersedes] = []
        enders: list[Locator] = []
        replaced: list[Locator] = []
        for e in made:
            if e.effective > day or e.known_from > known_ts:
                continue
            ended = self._ended_change(e.edge, day, known_ts)
            if ended is None:
                return None
            changed, now = ended
            if now is not None and now not in replaced:
                replaced.append(now)
            edges.append(e.edge)
            enders.append(changed)
        if not edges:
            return None
        return Spent(tuple(edges), tuple(enders), tuple(replaced))

    def standing_out_of_sight(
        self, doc: str, path: str | None, day: int, known_ts: float, judged: Callable[[Supersedes], bool],
    ) -> tuple[str, ...]:
        """The documents whose revision deciding the day an asker may not read, and which such a
        revision may have reissued since the edge (``judged(edge)`` false), on which whether the amending provision ``doc#path`` is in force rests: those of
        its edges in effect on the day (``spent``'s) whose target is in such a document, when no
        edge on a document they may judge keeps it in force; empty when its standing is told by
        what they may read (``spent`` decides then).

        Whether a reissue of a target ended the provision's change is that reissue's content
        (does it hold the target, and in which words): told from a revision the asker may not
        read, a public item read "superseded" when the restricted revision held the paragraph
        and "in force" when it did not (``engine.access`` rule 2, issue 23). ``Snapshot.
        target_readable`` asks this, the one place, for every dated read."""
        hidden: list[str] = []
        for e in self.supersession.made_by(doc, path):
            if e.effective > day or e.known_from > known_ts:
                continue
            if not judged(e.edge):
                if e.target_doc not in hidden:
                    hidden.append(e.target_doc)
            elif self._ended_change(e.edge, day, known_ts) is None:
                return ()  # an edge they may judge keeps it in force, whatever the others do
        return tuple(hidden)

    def _ended_change(self, edge: Supersedes, day: int, known_ts: float) -> tuple[Locator, Locator | None] | None:
        """For an edge in effect on the day: the revision of its target that ended its change and
        the target's version in force now (None: the reissue removed it), or None while the
        edge keeps its amending provision in force (``spent``)."""
        changed = self._target_changed(edge, day, known_ts)
        if changed is None or changed.rev is None:
            return None
        target = edge.target
        state = self.section_state(target.doc, target.path, day, known_ts)
        if state.state == IN_FORCE:
            label = self.entry(target.doc).labels[state.version]  # type: ignore[union-attr]
            return changed, Locator.of_parts(target.doc, label, target.path)
        if state.state != REMOVED:
            return None  # the target lapsed or is not held yet: no revision changed it
        return changed, None

    def _revision(self, doc: str, pos: int, path: str | None) -> Locator:
        entry = self.entry(doc)
        if entry is None or pos < 0:
            return Locator(doc=doc)
        return Locator.of_parts(doc, entry.labels[pos], path)

    def _reissued_since(self, edge: Supersedes, day: int, known_ts: float) -> int:
        """The position of the revision whose version of ``edge``'s (unpinned) target is in
        force on the day, when it is later than the version the edge was made against; -1
        when the edge still bears on the version in force."""
        target = edge.target
        entry = self.entry(target.doc)
        if entry is None or len(entry.labels) == 1:
            return -1
        state, version, _ = locate(entry, target.path, day, known_ts)
        effective = edge.effective.toordinal()
        if state != IN_FORCE or entry.froms[version] <= effective:
            # in force since before the edge took effect (what it was made against); or removed,
            # lapsed, not yet held: the section's state says so, not the edge
            return -1
        made, against, _ = locate(entry, target.path, effective, known_ts)
        if made != IN_FORCE:
            # Nothing held the target on that day: the edge was made against the first version
            # to take effect after it, so only a version after that one escapes it.
            events = (
                range(0, 2 * len(entry.labels), 2) if target.path is None else entry.versions.get(target.path, ())
            )
            against = next((e >> 1 for e in events if not e & 1 and entry.froms[e >> 1] > effective
                            and entry.recorded[e >> 1] <= known_ts), version)
        return version if version > against else -1

    # ---- answers --------------------------------------------------------------------------------

    def answer(
        self,
        locator: Locator | str,
        valid_at: dt.date,
        known_at: dt.datetime | dt.date | str | None = None,
        *,
        with_text: bool = True,
        visible: Visible = everything,
        targets: Visible | None = None,
    ) -> AsOfAnswer:
        """What is in force for ``locator`` as of ``valid_at`` (known by ``known_at``), and why.

        ``with_text=False`` leaves out the text and the description (no store reads: the
        hot path of a caller that needs only the decision). ``visible`` withholds what the
        asker may not read, ``targets`` (``visible`` when None) the edge targets among it
        (``answer.explain``). Raises NotFoundError when no revision of
        the corpus holds the locator.
        """
        asked = Locator.parse(locator) if isinstance(locator, str) else locator
        if not self.has(asked):
            raise NotFoundError(
                f"{asked}: no revision of this project has it",
                hint="check the document id and section path (`inforce history` lists versions)",
            )
        known = None if known_at is None else parse_datetime_utc(known_at)
        return explain(self, asked, valid_at, known, with_text=with_text, visible=visible, targets=targets)

    def history(self, locator: Locator | str) -> History:
        """Every version of a section (or revision of a document) and every edge on it, oldest first."""
        asked = Locator.parse(locator) if isinstance(locator, str) else locator
        if not self.has(asked.unpinned()):
            raise NotFoundError(f"{asked}: no revision of this project has it")
        return history(self, asked)

    def dedup_to_current(
        self,
        candidates: Iterable[Locator | str],
        valid_at: dt.date,
        known_at: dt.datetime | dt.date | str | None = None,
    ) -> DedupResult:
        """Keep one candidate per (document, section), the in-force one; see ``engine.freshness``."""
        return dedup_to_current(self, candidates, valid_at, known_at)

    def freshness_gate(
        self,
        citations: Iterable[Any],
        valid_at: dt.date,
        known_at: dt.datetime | dt.date | str | None = None,
        *,
        visible: Visible = everything,
        targets: Visible | None = None,
    ) -> FreshnessResult:
        """Pass, or block with each stale citation and its replacement; see ``engine.freshness``."""
        return freshness_gate(self, citations, valid_at, known_at, visible=visible, targets=targets)


class _StoreTexts:
    """Texts and titles for the answers that show them: from the build's text store
    (``engine.store.open_texts``, one mapped file, no graph query), written at ingest and
    rebuilt here on first use when absent or stale; from the graph when it cannot be had
    (a read-only folder) or lacks the provision (the graph's own error then)."""

    __slots__ = ("_file", "_store")

    def __init__(self, store: Any) -> None:
        self._store = store
        self._file: Any = None  # None: not looked for yet; False: none to be had

    def _texts(self) -> Any:
        if self._file is None:
            from inforce.engine.store import open_texts, write_texts

            found = open_texts(self._store)
            if found is None and getattr(self._store, "layout", None) is not None:
                try:
                    write_texts(self._store)
                except OSError:
                    pass  # a folder this process may not write: the graph answers instead
                else:
                    found = open_texts(self._store)
            self._file = found if found is not None else False
        return self._file or None

    def _provision_text(self, locator: Locator) -> tuple[str, int, int]:
        texts = self._texts()
        found = texts.provision_text(locator) if texts is not None else None
        return found if found is not None else self._store.provision_text(locator)  # type: ignore[no-any-return]

    def text(self, locator: Locator) -> str:
        if locator.path is None:
            return self._store.document(f"{locator.doc}@{locator.rev}").text_layer  # type: ignore[no-any-return]
        texts = self._file if self._file is not None else self._texts()  # as-of's hot path: no calls
        found = texts.text(locator) if texts is not None and texts is not False else None
        return found if found is not None else self._store.provision_text(locator)[0]  # type: ignore[no-any-return]

    def title(self, locator: Locator) -> str:
        texts = self._texts()
        found = texts.title(f"{locator.doc}@{locator.rev}") if texts is not None else None
        return found if found is not None else self._store.revision_title(f"{locator.doc}@{locator.rev}")  # type: ignore[no-any-return]

    def span(self, locator: Locator) -> tuple[int, int] | None:
        if locator.path is None:
            return None
        _, start, end = self._provision_text(locator)
        return start, end
