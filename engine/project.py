"""The engine front: an ingested project, and every question the engine answers about it.

``Project`` is the one door into the engine (``from inforce.engine import Project``). The
CLI, and any other adapter, parses its input, calls one method here and renders the typed
result; every decision — what is in force, who may read what, which date a question is
about, which packs decide a precedence — is made behind this door, once.

A project opened here reads one generation of the graph. Each question first checks
whether an ingest has swapped in a newer one since; if so it reopens the store and drops
its indexes, so an answer is never computed from one build and stamped with another.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, field_serializer

from inforce.ontology import (
    Context,
    InforceError,
    InputError,
    Locator,
    Manifest,
    NotFoundError,
    NotIngestedError,
    Revision,
    StoreError,
    Supersedes,
)

from .access import AccessGate
from .asof import AsOfAnswer, AsOfIndex, DedupResult, FreshnessResult, History
from .asof.consolidate import Visible, everything
from .asof.freshness import DroppedCandidate, Replacement, StaleCitation
from .eligibility import (
    DEFAULT_EXCLUSIONS,
    EligibilityIndex,
    EligibilityRecord,
    EligibilityResult,
    TraceStep,
)
from .facts import SUBJECT, Fact, Facts, FactTable, fact_of_row, facts_as_of
from .lag import LagReport, index_lag, withhold_lag
from .precedence import PrecedenceResult, ProvisionInForce, provision_in_force, resolve_precedence
from .store import StoreStats

if TYPE_CHECKING:
    from inforce.ontology import Answer, QualifierLink, SweepReport, Tier, Verdict
    from inforce.rules import RuleSet, SubjectVocabulary

    from .audit import Replay
    from .candidates import Reranker, ResolveResult, Source
    from .embedding import Embedder
    from .entailment import EntailmentModel
    from .store import GraphStore
    from .sweep import Progress

__all__ = [
    "DateChoice",
    "Explanation",
    "PackUsed",
    "Project",
    "ProjectStats",
    "ProvisionView",
    "ShownDocument",
    "ShownEdge",
    "ShownRevision",
    "project_lag",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")


class ShownDocument(BaseModel):
    """The document (revision) a shown provision belongs to."""

    model_config = _MODEL

    id: str
    kind: str
    title: str
    revision: str
    seq: int
    effective: str
    recorded: str
    source: str
    access: list[str] | None
    applies_to: dict[str, list[str]]


class ShownRevision(BaseModel):
    model_config = _MODEL

    revision: str
    seq: int
    effective: str
    recorded: str
    changed: bool


class ShownEdge(BaseModel):
    model_config = _MODEL

    source: str
    target: str
    scope: str
    effective: str
    by: str | None
    origin: str
    successor: bool = True  # False: a deletion, ``by`` deleted the target and nothing replaces it


class ProvisionView(BaseModel):
    """What ``inforce show`` prints: one stored provision (or document), its revisions, its edges."""

    model_config = _MODEL

    locator: str
    kind: str
    text: str
    document: ShownDocument
    revisions: tuple[ShownRevision, ...]
    edges: tuple[ShownEdge, ...]
    index_build: str
    withheld: tuple[str, ...] = ()  # documents whose revisions or edges on this provision are left out (access)


class DateChoice(BaseModel):
    """The date a question is about and where it came from (never "today")."""

    model_config = _MODEL

    valid_at: dt.date
    source: str  # "--valid-at", or "case attribute NAME (rule ID at FILE:LINE)"


class PackUsed(BaseModel):
    """A rule pack an answer was decided under: its name, file and content hash (12 digits)."""

    model_config = _MODEL

    name: str
    file: str
    hash: str


class Explanation(BaseModel):
    """What ``inforce rules explain`` prints: the decision, the packs, every step of the trace."""

    model_config = _MODEL

    result: EligibilityResult
    packs: tuple[PackUsed, ...]
    trace: tuple[TraceStep, ...]

    @field_serializer("result")
    def _contract(self, result: EligibilityResult) -> dict[str, Any]:
        return result.contract()


class ProjectStats(StoreStats):
    """What the project's graph holds (``StoreStats``), with the project and its build id."""

    project: str
    index_build: str


class Project:
    """An ingested project, opened read-only: every question the engine answers, typed.

    Use it as a context manager, or ``close`` it. Indexes are built on first use and
    dropped when an ingest swaps in a new generation of the graph.
    """

    def __init__(
        self, root: Path, store: GraphStore, *, embedder: Embedder | None = None,
        nli: EntailmentModel | None = None, reranker: Reranker | None = None, nli_threshold: float | None = None,
    ) -> None:
        self.root = root
        self.store = store
        #: the model backends that propose (``inforce.adapters.models.load_backends`` builds
        #: them from ``models:`` in inforce.yaml); None: that proposal is not made
        self.embedder = embedder
        self.nli = nli
        self.reranker = reranker
        self._nli_threshold = nli_threshold
        self._cache: dict[str, Any] = {}
        self._stamp: tuple[int, int] | None = None  # CURRENT as last seen by ``refresh``

    @classmethod
    def open(
        cls, root: str | Path, *, embedder: Embedder | None = None, nli: EntailmentModel | None = None,
        reranker: Reranker | None = None, nli_threshold: float | None = None,
    ) -> Project:
        """Open an ingested project read-only. The backends are optional: without an
        ``embedder`` ``resolve`` searches full text only, without ``nli`` the high tier of
        ``check`` escalates (``entailment_unverified``); each result says which ran."""
        from .store import GraphStore

        root = Path(root)
        if not (root / "inforce.yaml").is_file():
            raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
        return cls(root, GraphStore.open(root, read_only=True), embedder=embedder, nli=nli, reranker=reranker,
                   nli_threshold=nli_threshold)

    @property
    def nli_threshold(self) -> float:
        """The probability at which an NLI proposal counts: as given, else ``models.nli.threshold``."""
        if self._nli_threshold is not None:
            return self._nli_threshold
        choice = self.manifest.models.nli
        return choice.threshold if choice is not None else 0.5

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Project:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- what the answers are computed from -----------------------------------------------

    def refresh(self) -> bool:
        """Reopen the graph if an ingest swapped in a newer generation; True when it did.

        Every question calls this first, so a long-lived project (a service, a notebook)
        never answers from indexes of one build stamped with another's id.
        """
        from .store import GraphStore

        stamp = self.store.layout.current_stamp()
        if stamp is not None and stamp == self._stamp:
            return False
        self._stamp = stamp
        if self.store.reads_live():  # the very file (not its number: numbers restart after .inforce is deleted)
            return False
        self.store.close()
        self.store = GraphStore.open(self.root, read_only=True)
        self._cache.clear()
        return True

    def _cached(self, name: str, build: Any) -> Any:
        value = self._cache.get(name)
        if value is None:
            value = self._cache[name] = build()
        return value

    @property
    def build_id(self) -> str:
        """The index build id of the graph the answers come from (``engine.build``)."""
        return self.store.build_id()

    @property
    def manifest(self) -> Manifest:
        manifest = self._cached("manifest", self.store.manifest)
        if manifest is None:
            raise NotIngestedError(self.root)
        return manifest  # type: ignore[no-any-return]

    @property
    def rules(self) -> RuleSet:
        """The manifest's rule packs, compiled once — exactly as ingested, or not at all.

        A pack edited since ingest would answer with rules the index build id does not name,
        so such an answer could not be replayed: StoreError naming the packs (re-ingest).
        InputErrors if a pack does not load.
        """
        return self._cached("rules", self._rules_as_ingested)  # type: ignore[no-any-return]

    def _rules_as_ingested(self) -> RuleSet:
        from inforce.rules import compile_manifest

        then = self.store.rule_pack_hashes()
        # Packs whose content is what ingest linted need no second lint (its unit checks build
        # pint's registry: a third of opening a project); any other content is linted.
        rules = compile_manifest(self.manifest, self.root, lint=not then)
        if then:
            edited = _edited_packs(then, {loaded.name: loaded.content_hash for loaded in rules.packs})
            if edited:
                raise StoreError(
                    f"{self.root}: rule packs edited since ingest ({', '.join(edited)}); answers "
                    f"would not be those of index build {self.build_id}. Run: inforce ingest {self.root}"
                )
        return rules

    @property
    def index(self) -> AsOfIndex:
        """The as-of index (the one in-force timeline, section versions, supersession)."""
        return self._cached("index", lambda: AsOfIndex.from_store(self.store))  # type: ignore[no-any-return]

    @property
    def eligibility(self) -> EligibilityIndex:
        """The eligibility index over every revision's applicability, built on first use."""
        return self._cached("eligibility", lambda: EligibilityIndex(
            [EligibilityRecord(*row) for row in self.store.applicability_rows()], self.rules,
            self.store.supersedes(),
        ))  # type: ignore[no-any-return]

    @property
    def gate(self) -> AccessGate:
        """The access gate over every revision (the one place access is decided)."""
        return self._cached("gate", lambda: AccessGate(self.store.access_rows()))  # type: ignore[no-any-return]

    # ---- the date a question is about ----------------------------------------------------------

    def choose_valid_at(self, valid_at: dt.date | None, attributes: Mapping[str, Any]) -> DateChoice:
        """``valid_at`` as given, or the case attribute a rule pack names; never today.

        InputError naming what to pass when neither is there.
        """
        self.refresh()
        self.check_attributes(attributes)
        named = self._date_attribute()
        if valid_at is not None:
            if named is not None and attributes.get(named[0]) is not None:
                # two dates for one case would split the answer: eligibility on one, in force on the other
                from .calculations import as_date

                attribute, rule = named
                if as_date(attributes[attribute], attribute) != valid_at:
                    raise InputError(
                        f"--valid-at {valid_at} and {attribute}={attributes[attribute]} disagree: {rule} takes "
                        "the date the case is about from that attribute", field="--valid-at",
                        hint="give one of them, or the same date in both",
                    )
            return DateChoice(valid_at=valid_at, source="--valid-at")
        if named is None:
            raise InputError(
                "--valid-at is required: the date the question is about", field="--valid-at",
                hint="inforce never assumes today, and no rule pack of this project names a case "
                "attribute that supplies it",
            )
        attribute, rule = named
        value = attributes.get(attribute)
        if value is None:
            raise InputError(
                f"--valid-at is required, or --context {attribute}=DATE ({rule} takes the date from {attribute})",
                field="--valid-at", hint="inforce never assumes today",
            )
        from .calculations import as_date

        return DateChoice(valid_at=as_date(value, attribute), source=f"case attribute {attribute} ({rule})")

    def check_attributes(self, attributes: Mapping[str, Any]) -> None:
        """InputError for a case attribute no rule pack of the project reads, listing those that are
        read: a misspelt attribute would otherwise be ignored, and the answer given without it."""
        known = self.rules.case_attributes if self.manifest.rules else tuple(self.manifest.facets)
        unknown = sorted(set(attributes) - set(known))
        if unknown:
            raise InputError(
                f"no rule pack of this project reads {', '.join(unknown)}", field="--context",
                hint=f"the case attributes it reads: {', '.join(known)}" if known
                else "this project's packs read no case attributes",
            )

    def _date_attribute(self) -> tuple[str, str] | None:
        if not self.manifest.rules:
            return None
        for rule in self.rules.eligibility:
            if rule.applicability_date is not None:
                origin = self.rules.origin(rule.id)
                where = f"rule {rule.id}" + (f" at {origin.format()}" if origin is not None else "")
                return rule.applicability_date.attribute, where
        return None

    # ---- questions -----------------------------------------------------------------------------

    def asof(
        self,
        locator: Locator | str,
        valid_at: dt.date,
        known_at: dt.datetime | None = None,
        *,
        groups: Iterable[str] = (),
    ) -> AsOfAnswer:
        """What is in force for ``locator`` as of ``valid_at`` (known by ``known_at``), and why.

        AccessRestrictedError when ``groups`` may not read the document asked about (checked
        before anything is computed, so no date or path of it shows through); a replacement or
        amender they may not read is named by document id alone and listed in ``withheld``.
        NotFoundError when no revision has the locator.
        """
        self.refresh()
        asked = Locator.parse(locator) if isinstance(locator, str) else locator
        groups = tuple(groups)
        self.gate.check(asked, [asked.unpinned()], groups)
        return self.index.answer(asked, valid_at, known_at, visible=self._visible(groups))

    def _visible(self, groups: tuple[str, ...]) -> Visible:
        """The gate's answer for one asker, as the as-of answers take it."""
        if self.gate.readable(groups).all():
            return everything
        return lambda locator: self._readable(locator, groups)

    def history(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> History:
        """Every version of a provision, on both clocks, and when each stopped applying."""
        self.refresh()
        asked = Locator.parse(locator) if isinstance(locator, str) else locator
        groups = tuple(groups)
        self.gate.check(asked, [asked.unpinned()], groups)
        entry = self.index.entry(asked.doc)
        if asked.rev is not None and entry is not None and asked.rev not in entry.position:
            raise NotFoundError(f"no revision {asked.doc}@{asked.rev} in {self.root}",
                                hint=f"inforce history {self.root} {asked.doc} lists the revisions")
        found = self.index.history(asked)
        kept: list[Any] = []
        withheld: set[str] = set()
        for entry in found.versions:
            if not self._readable(entry.locator, groups):
                withheld.add(entry.locator.doc)
                continue
            stopper = entry.stopped_by
            if stopper is not None and not self._readable(stopper, groups):
                # when the readable version stopped applying is its own fact; what stopped it,
                # beyond the document's id, is not
                withheld.add(stopper.doc)
                entry = entry.model_copy(update={"stopped_by": Locator(doc=stopper.doc)})
            kept.append(entry)
        return found.model_copy(update={"versions": tuple(kept), "withheld": tuple(sorted(withheld))})

    def _readable(self, locator: Locator, groups: tuple[str, ...]) -> bool:
        """Whether the revision behind ``locator`` (all of its document's, when unpinned) may be read."""
        return self.gate.may_read(Locator(doc=locator.doc, rev=locator.rev), groups)

    def dedup_to_current(
        self, candidates: Iterable[Locator | str], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = None,
    ) -> DedupResult:
        """Collapse retrieval candidates to one per section, the in-force one (``asof.freshness``).

        ``groups``: the asker's; a candidate they may not read is dropped (reason ``access``)
        and an in-force version or successor they may not read is named by document id alone.
        None: no access applied (the engine's own use, before an asker is known).
        """
        self.refresh()
        if groups is None:
            return self.index.dedup_to_current(candidates, valid_at, known_at)
        held = tuple(groups)
        asked = [Locator.parse(c) if isinstance(c, str) else c for c in candidates]
        hidden = [c for c in asked if not self._readable(c, held)]
        found = self.index.dedup_to_current([c for c in asked if c not in hidden], valid_at, known_at)
        cut = self._cut(held)
        return found.model_copy(update={
            "in_force": tuple(str(cut(Locator.parse(v))) for v in found.in_force),
            "dropped": (*(d.model_copy(update={
                "in_force": cut(d.in_force) if d.in_force is not None else None,
                "successors": tuple(dict.fromkeys(cut(s) for s in d.successors)),
            }) for d in found.dropped), *(DroppedCandidate(locator=c, reason="access") for c in hidden)),
        })

    def freshness_gate(
        self, citations: Iterable[Any], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = None,
    ) -> FreshnessResult:
        """Pass, or block naming each stale citation and what is in force instead.

        ``groups``: the asker's; a citation of a document they may not read blocks (reason
        ``access_restricted``), and a replacement they may not read is named by document id
        alone, without its text. None: no access applied.
        """
        self.refresh()
        found = self.index.freshness_gate(citations, valid_at, known_at)
        if groups is None:
            return found
        held = tuple(groups)
        cut = self._cut(held)
        stale = [
            s.model_copy(update={"in_force": tuple(
                r if self._readable(r.locator, held) else Replacement(locator=cut(r.locator)) for r in s.in_force
            )}) for s in found.stale
        ]
        stale += [StaleCitation(citation=f, reason="access_restricted") for f in found.fresh
                  if not self._readable(f, held)]
        fresh = tuple(f for f in found.fresh if self._readable(f, held))
        return found.model_copy(update={"outcome": "block" if stale else "pass", "stale": tuple(stale),
                                        "fresh": fresh})

    def _cut(self, groups: tuple[str, ...]) -> Callable[[Locator], Locator]:
        """A locator as an asker with ``groups`` may see it: whole, or its document id alone."""
        return lambda locator: locator if self._readable(locator, groups) else Locator(doc=locator.doc)

    def show(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> ProvisionView:
        """One stored provision (the latest revision when unpinned), its revisions and edges."""
        self.refresh()
        wanted = Locator.parse(locator) if isinstance(locator, str) else locator
        entry = self.index.entry(wanted.doc)
        if entry is None:
            raise NotFoundError(f"no document {wanted.doc} in {self.root}")
        groups = tuple(groups)
        self.gate.check(wanted, [wanted], groups)
        rev = wanted.rev or entry.labels[-1]
        if rev not in entry.position:
            # Which revisions exist is the document's content too: refuse before telling.
            self.gate.check(wanted, [wanted.unpinned()], groups)
            raise NotFoundError(f"no revision {wanted.doc}@{rev} in {self.root}",
                                hint=f"inforce history {self.root} {wanted.doc} lists the revisions")
        if wanted.path is None:
            document = self.store.document(f"{wanted.doc}@{rev}")
            text, kind = document.text_layer, "document"
        else:
            document, provision = self.store.provision(wanted.pinned(rev))
            text, kind = provision.text, provision.kind
        changed_at = _changed_positions(entry, wanted.path)
        edges = self._edges_touching(wanted)
        # Edges of documents the asker may not read are left out, their documents named: that
        # something replaced this provision is its own fact (as asof tells it), the rest is not.
        hidden = [e for e in edges
                  if not self._readable(e.source, groups) or (e.by is not None and not self._readable(e.by, groups))]
        return ProvisionView(
            locator=str(wanted.pinned(rev)), kind=kind, text=text,
            document=ShownDocument(
                id=document.id, kind=document.kind, title=document.title, revision=document.revision,
                seq=document.seq, effective=_interval(document.effective.from_, document.effective.until),
                recorded=_utc(document.recorded), source=document.source.file,
                access=list(document.access) if document.access is not None else None,
                applies_to={k: list(v) for k, v in document.applies_to.items()},
            ),
            # Revisions and edges of documents the asker may not read are left out, not redacted:
            # their dates and section paths are content too.
            revisions=tuple(
                ShownRevision(
                    revision=r.label, seq=r.seq, effective=_interval(r.effective.from_, r.effective.until),
                    recorded=_utc(r.recorded), changed=pos in changed_at,
                )
                for pos, r in enumerate(entry.revisions)
                if self._readable(Locator(doc=wanted.doc, rev=r.label), groups)
            ),
            edges=tuple(_shown_edge(e) for e in edges if e not in hidden),
            index_build=self.build_id,
            withheld=tuple(sorted({e.source.doc for e in hidden})),
        )

    def _edges_touching(self, wanted: Locator) -> list[Supersedes]:
        """Edges that replace, amend or are carried by the provision (or document) asked about."""
        index = self.index

        def related(locator: Locator | None) -> bool:
            if locator is None or locator.doc != wanted.doc:
                return False
            if locator.path is None or wanted.path is None:
                return True
            return (locator.path == wanted.path or locator.path in index.lineage(wanted.doc, wanted.path)
                    or wanted.path in index.lineage(wanted.doc, locator.path))

        return [
            edge for edge in index.supersession.edges
            if related(edge.target) or related(edge.by) or (wanted.path is None and edge.source.doc == wanted.doc)
        ]

    def facts(
        self, subject: str | None, valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] = (),
    ) -> Facts:
        """Every in-force statement of ``subject``'s quantity (of every subject when None) on
        ``valid_at``, from the quantities stored at ingest; what ``groups`` may not read is
        withheld. InputError for a subject no stored quantity is bound to, listing those that are."""
        self.refresh()
        rows = self._cached("quantities", self._quantities_by_subject)
        if subject is not None and subject not in rows:
            known = ", ".join(sorted(rows)) or "none (no quantity was bound to a subject)"
            raise InputError(f"no quantity of this project measures {subject!r}", field="--subject",
                             hint=f"subjects with facts: {known}")
        held = tuple(groups)
        replaced_by = self._cached("replaced_by", self._edges_by_replacement)
        if known_at is not None:  # as recorded then: asked day by day
            return facts_as_of(self.index, rows, subject, valid_at, known_at,
                               readable=lambda locator: self._readable(locator, held), replaced_by=replaced_by)
        table = self._cached("fact_table", lambda: FactTable(self.index, rows, replaced_by))
        everyone = self.gate.readable(held).all()
        return table.facts(subject, valid_at, index_build=self.build_id,
                           readable=None if everyone else (lambda locator: self._readable(locator, held)))

    def subjects_with_facts(self) -> list[str]:
        """The subjects some stored quantity is bound to, sorted."""
        self.refresh()
        return sorted(self._cached("quantities", self._quantities_by_subject))

    def subject_vocabulary(self) -> SubjectVocabulary:
        """The subjects quantities are bound to and compared by (the packs', else the stock one)."""
        from .quantities.extract import project_vocabulary

        return project_vocabulary(self.rules)

    def statements_of(self, pinned: Locator) -> list[Fact]:
        """The quantity statements stored for one provision version (``DOC@REV#path``) and the
        provisions it contains, whether or not in force: what a replaced paragraph said."""
        by_revision: dict[str, list[tuple[Any, ...]]] = self._cached(
            "quantities_by_revision", self._quantities_by_revision)
        found = []
        for row in by_revision.get(f"{pinned.doc}@{pinned.rev}", ()):
            path = row[2]
            if pinned.path is None or path == pinned.path or path.startswith(pinned.path + "."):
                found.append(fact_of_row(row, Locator(doc=pinned.doc, rev=pinned.rev, path=path)))
        return found

    def _quantities_by_revision(self) -> dict[str, list[tuple[Any, ...]]]:
        grouped: dict[str, list[tuple[Any, ...]]] = {}
        for rows in self._cached("quantities", self._quantities_by_subject).values():
            for row in rows:
                grouped.setdefault(row[0], []).append(row)
        return grouped

    def _quantities_by_subject(self) -> dict[str, list[tuple[Any, ...]]]:
        grouped: dict[str, list[tuple[Any, ...]]] = {}
        for row in self.store.quantity_rows():
            grouped.setdefault(row[SUBJECT], []).append(row)
        return grouped

    def _edges_by_replacement(self) -> dict[str, list[Supersedes]]:
        by: dict[str, list[Supersedes]] = {}
        for edge in self.index.supersession.edges:
            if edge.by is not None and edge.successor:  # a deletion replaces nothing
                by.setdefault(edge.by.unpinned().format(), []).append(edge)
        return by

    def stats(self) -> ProjectStats:
        """Counts of what the graph holds."""
        self.refresh()
        counts = self.store.stats()
        return ProjectStats(project=self.manifest.project, index_build=self.build_id, **counts.model_dump())

    def eligible(
        self,
        context: Context,
        *,
        exclusions: int | None = DEFAULT_EXCLUSIONS,
        documents: Collection[str] = (),
        explain: bool = False,
    ) -> EligibilityResult:
        """Which documents may answer the case, each exclusion counted by reason (detail for
        the first ``exclusions`` and the ``documents`` named), and what the packs calculate."""
        self.refresh()
        self.check_attributes(context.attributes)
        unknown = sorted(set(documents) - set(self.index.documents())) if documents else []
        if unknown:
            raise NotFoundError(f"no document {', '.join(unknown)} in {self.root}",
                                hint="name documents by their id, e.g. --exclusions P1,P3")
        return self.eligibility.evaluate(context, exclusions=exclusions, documents=documents, explain=explain)

    def explain(self, context: Context) -> Explanation:
        """The eligibility decision with its whole trace and the packs it was decided under."""
        result = self.eligible(context, explain=True)
        packs = tuple(PackUsed(name=p.name, file=p.file, hash=p.content_hash[:12]) for p in self.rules.packs)
        return Explanation(result=result, packs=packs, trace=result.trace)

    def precedence(
        self,
        a: Locator | str,
        b: Locator | str,
        valid_at: dt.date,
        known_at: dt.datetime | None = None,
        *,
        packs: Sequence[str] = (),
        params: Mapping[str, str] | None = None,
        groups: Iterable[str] = (),
    ) -> PrecedenceResult:
        """Which of two in-force provisions governs, by which rule and clause — or an escalation.

        ``packs`` decide instead of the project's precedence rules; ``params`` are merged
        over the parameters the manifest gives a pack it lists.
        """
        self.refresh()
        first = Locator.parse(a) if isinstance(a, str) else a
        second = Locator.parse(b) if isinstance(b, str) else b
        if first.unpinned() == second.unpinned():
            raise InputError(f"both sides are {first.unpinned()}: precedence decides between two provisions",
                             field="LOCATOR-B", hint="name the provision that disagrees with the first")
        groups = tuple(groups)
        for side in (first, second):
            # the gate first: which sections and revisions a document has is its content too
            self.gate.check(side, [side.unpinned()], groups)
            if not self.index.has(side):
                raise NotFoundError(f"no revision of the project has {side}",
                                    hint=f"inforce history {self.root} {side.unpinned()} lists its versions")
        rules = self.precedence_rules(packs, params)
        side_a = provision_in_force(self.store, self.index, first, valid_at, known_at)
        side_b = provision_in_force(self.store, self.index, second, valid_at, known_at)
        for side in (side_a, side_b):
            self.gate.check(side.locator, [*side.replaced_by, *side.amended_by], groups)
        side_a, side_b = (self._readable_replaces(side, groups) for side in (side_a, side_b))
        return resolve_precedence(side_a, side_b, rules.precedence, valid_at=valid_at,
                                  project=self.manifest.project)

    def _readable_replaces(self, side: ProvisionInForce, groups: tuple[str, ...]) -> ProvisionInForce:
        """A replacing provision is named by what it replaced only where the asker may read it
        (else by its own label: a restricted document's title never shows)."""
        if all(self._readable(target, groups) for target in side.replaces):
            return side
        return dataclasses.replace(side, replaces=(), replaced_labels=())

    def precedence_rules(self, packs: Sequence[str] = (), params: Mapping[str, str] | None = None) -> RuleSet:
        """The rules precedence decides by: the project's, or ``packs`` instead (InputError
        when one does not load)."""
        return self.rules if not packs else self._with_packs(packs, params or {})

    def precedence_pack_names(self) -> tuple[str, ...]:
        """The manifest's packs that hold precedence rules."""
        return tuple(p.name for p in self.rules.packs if any(r.kind == "precedence" for r in p.pack.rules))

    def sweep(
        self, valid_at: dt.date, known_at: dt.datetime | None = None, *, groups: Iterable[str] = (),
        packs: Sequence[str] = (), params: Mapping[str, str] | None = None, include_superseded: bool = False,
        workers: int = 1, progress: Progress | None = None,
    ) -> SweepReport:
        """Every conflict among the in-force provisions ``groups`` may read on ``valid_at``, each
        resolved by supersession or precedence or escalated with an RFI (``engine.sweep``)."""
        from .sweep import sweep

        self.refresh()
        return sweep(self, valid_at, known_at, groups=groups, packs=packs, params=params,
                     include_superseded=include_superseded, workers=workers, progress=progress)

    def may_read(self, locator: Locator, groups: Iterable[str]) -> bool:
        """Whether ``groups`` may read the revision behind ``locator`` (the access gate)."""
        return self._readable(locator, tuple(groups))

    def check(self, answer: Answer, *, tier: Tier = "low") -> Verdict:
        """The verdict on an answer's claims (``engine.verify``): answer, clarification request,
        refusal or escalation, each claim's status and the audit record behind it."""
        from .verify import check_answer

        self.refresh()
        return check_answer(self, answer, tier=tier, nli=self.nli, threshold=self.nli_threshold)

    def resolve(
        self, question: str, context: Context, *, k: int = 10,
        sources: Sequence[Source] = ("full_text", "vector"), eligibility: bool = True,
    ) -> ResolveResult:
        """The provisions that govern a question for a case (``engine.candidates``).

        Eligibility and access are applied inside both searches; candidates are fused by
        reciprocal rank and collapsed to the in-force version of each section. ``eligibility``
        False ranks every in-force document the asker may read (the comparison baseline of the
        retrieval evaluation; access still applies).
        """
        from .candidates import resolve_question

        self.refresh()
        return resolve_question(self, question, context, k=k, sources=sources, eligibility=eligibility)

    def replay(self, stored: Mapping[str, Any]) -> Replay:
        """Recompute a stored verdict (``engine.audit``) and say whether it is the same, and if
        not, what changed since: the index build, revisions, rule packs, the models."""
        from .audit import replay

        self.refresh()
        return replay(self, stored)

    def qualifiers_of(self, locator: Locator) -> list[tuple[QualifierLink, str]]:
        """The qualifier links of the pinned revision holding ``locator`` — found at ingest by
        the project's qualifier rules (``derivation.find_qualifiers``) and stored in the graph —
        each with its rule's severity; read once per revision."""
        uid = f"{locator.doc}@{locator.rev}"
        table: dict[str, list[tuple[QualifierLink, str]]] = self._cached("qualifiers", dict)
        found = table.get(uid)
        if found is None:
            found = table[uid] = [(link, severity) for _, link, severity in self._qualifier_links(uid)]
        return found

    def all_qualifiers(self) -> list[tuple[str, QualifierLink, str]]:
        """Every stored qualifier link as (its revision uid, the link, its rule's severity):
        the sweep's cross-reference candidates."""
        return self._cached("all_qualifiers", lambda: self._qualifier_links(None))  # type: ignore[no-any-return]

    def _qualifier_links(self, uid: str | None) -> list[tuple[str, QualifierLink, str]]:
        from inforce.ontology import QualifierLink

        rows = self.store.qualifier_rows(uid)
        severity = {rule.id: rule.severity for rule in self.rules.qualifiers} if rows else {}
        return [
            (rev, QualifierLink(provision=Locator(doc=doc, path=path), qualifier=Locator(doc=doc, path=target),
                                rule=rule, words=words, resolved=bool(resolved)), severity.get(rule, "failure"))
            for rev, doc, path, target, rule, words, resolved in rows
        ]

    def readable_revisions(self, groups: Iterable[str]) -> list[str] | None:
        """The revisions (``DOC@REV``) an asker with ``groups`` may read; None: all of them."""
        return self.gate.readable_uids(tuple(groups))

    def _with_packs(self, packs: Sequence[str], params: Mapping[str, str]) -> RuleSet:
        from inforce.rules import load_pack

        listed = {ref.name: dict(ref.params) for ref in self.manifest.rules}
        loaded = [
            load_pack(name, root=self.root, params={**listed.get(name, {}), **params} or None,
                      facets=self.rules.facets)
            for name in packs
        ]
        for name, pack in zip(packs, loaded, strict=True):
            if not any(rule.kind == "precedence" for rule in pack.pack.rules):
                kinds = ", ".join(sorted({rule.kind for rule in pack.pack.rules})) or "no rules"
                raise InputError(f"{name} is not a precedence pack (its rules: {kinds})", field="--pack",
                                 hint="name a pack of precedence rules, e.g. precedence/aia-style, "
                                 "precedence/far-52-236-21 or precedence/none")
        return self.rules.with_precedence(loaded)

    def lag(
        self, registry: Iterable[Revision], now: dt.datetime, *, sources: Mapping[str, str] | None = None,
        manifest: Manifest | None = None, groups: Iterable[str] | None = None,
    ) -> LagReport:
        """What document control recorded that this graph lacks, and configuration edited since ingest.

        ``groups``: the asker's; revisions they may not read (by the registry's ``access`` or
        the graph's) are withheld, their documents named. None: the whole report (an operator).
        """
        self.refresh()
        registry = list(registry)
        report = index_lag(
            registry, self.store.revisions(), now, index_build=self.build_id, sources=sources,
            configuration_changed=self._configuration_changes(manifest),
        )
        if groups is None:
            return report
        held = tuple(groups)
        return withhold_lag(report, lambda locator: _registry_readable(registry, held)(locator)
                            and self._readable(locator, held))

    def _configuration_changes(self, manifest: Manifest | None) -> tuple[str, ...]:
        """The manifest and packs edited since the graph was built (by their content now)."""
        if manifest is None:
            return ()
        from inforce.rules import compile_manifest

        changed: list[str] = []
        if manifest != self.manifest:
            changed.append("inforce.yaml")
        then = self.store.rule_pack_hashes()
        try:
            now = {loaded.name: loaded.content_hash for loaded in compile_manifest(manifest, self.root).packs}
        except InforceError as problem:
            return (*changed, f"rule packs no longer load: {problem}")
        changed += _edited_packs(then, now)
        return tuple(dict.fromkeys(changed))


def project_lag(
    root: str | Path, registry: Iterable[Revision], now: dt.datetime | None = None, *,
    sources: Mapping[str, str] | None = None, manifest: Manifest | None = None,
    groups: Iterable[str] | None = None,
) -> LagReport:
    """``Project.lag`` for a project that may not be ingested yet (then everything is pending).

    ``now`` is the monitoring clock the ages are measured on (never a ``valid_at``); None: the
    current UTC time.
    """
    root = Path(root)
    now = now if now is not None else dt.datetime.now(dt.UTC)
    if not (root / "inforce.yaml").is_file():
        raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
    try:
        project = Project.open(root)
    except NotIngestedError:  # a damaged or locked graph is not "nothing ingested": it stays an error
        registry = list(registry)
        report = index_lag(registry, (), now, index_build="", sources=sources)
        return report if groups is None else withhold_lag(report, _registry_readable(registry, tuple(groups)))
    with project:
        return project.lag(registry, now, sources=sources, manifest=manifest, groups=groups)


def _registry_readable(registry: Sequence[Revision], groups: tuple[str, ...]) -> Callable[[Locator], bool]:
    """Whether ``groups`` may read a revision, by what the registry says of its ``access``."""
    access = {(r.document, r.label): r.access for r in registry}
    held = set(groups)

    def readable(locator: Locator) -> bool:
        groups_of = access.get((locator.doc, locator.rev))
        return groups_of is None or bool(held & set(groups_of))

    return readable


def _edited_packs(then: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """Packs (by name) added, removed or changed between two ``name -> content hash`` maps."""
    return sorted(name for name in then.keys() | now.keys() if then.get(name) != now.get(name))


def _changed_positions(entry: Any, path: str | None) -> set[int]:
    """The revisions that changed the provision's text (all of them for a whole document)."""
    if path is None:
        return set(range(len(entry.labels)))
    return {event >> 1 for event in entry.versions.get(path, ())}


def _shown_edge(edge: Supersedes) -> ShownEdge:
    return ShownEdge(
        source=str(edge.source), target=str(edge.target), scope=edge.scope,
        effective=edge.effective.isoformat(), by=str(edge.by) if edge.by else None, origin=edge.origin,
        successor=edge.successor,
    )


def _utc(moment: dt.datetime) -> str:
    """A recorded time as the corpus writes it: ISO 8601 with Z."""
    return moment.isoformat().replace("+00:00", "Z")


def _interval(start: dt.date, until: dt.date | None) -> str:
    return f"{start.isoformat()} .. {until.isoformat() if until else 'open'}"
