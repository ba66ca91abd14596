"""The engine front: an ingested project, and every question the engine answers about it.

``Project`` is the one door into the engine (``from inforce.engine import Project``). The
CLI, and any other adapter, parses its input, calls one method here and renders the typed
result; every decision — what is in force, who may read what, which date a question is
about, which packs decide a precedence — is made behind this door, once.

The front is thin: it holds the current ``Snapshot`` (one graph generation and its indexes,
``engine.snapshot``) and the model backends given at open, never changed after. Each
question first checks whether an ingest has swapped in a newer generation; if so a new
snapshot replaces the old one (never mutated), so an answer is never computed from one build
and stamped with another. A question the asker may not see answered is a typed ``Refusal``,
returned like any other result.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from inforce.ontology import (
    AccessRestrictedError,
    AddendaReadings,
    Context,
    EligibilityResult,
    Explanation,
    Facts,
    InputError,
    InputErrors,
    Locator,
    Manifest,
    NotFoundError,
    NotIngestedError,
    OwnPath,
    Refusal,
    Revision,
    StoreLockedError,
)
from inforce.ontology.answers import (
    AsOfAnswer,
    DedupResult,
    FreshnessResult,
    History,
    LagReport,
    PrecedenceResult,
    ProjectStats,
)
from inforce.ontology.views import DateChoice, PackUsed, ProvisionView, ShownTexts

from .asof.revisions import collector_paused
from .backends import DEFAULT_NLI_THRESHOLD, ModelBackends
from .eligibility import DEFAULT_EXCLUSIONS
from .lag import index_lag, withhold_lag
from .packs import configuration_changes
from .precedence import require_date
from .snapshot import Snapshot
from .valid_at import GIVEN, plainly_given

if TYPE_CHECKING:
    from inforce.ontology import (
        Answer,
        EmbedReport,
        FailOn,
        ImpactReport,
        IngestResult,
        Portfolio,
        PortfolioEntry,
        PortfolioRun,
        Replay,
        ResolveResult,
        ReviewDecision,
        RuleTestReport,
        SearchSource,
        SweepOutcome,
        SweepReport,
        Tier,
        Verdict,
    )
    from inforce.ontology.erasure import Erasure, ErasureResult

    from .embedding import Embedder
    from .ingest import DocumentReader
    from .packtests import CorpusLoader
    from .sweep import BaselineFinding, Progress

__all__ = ["Project", "project_lag"]


class Project:
    """An ingested project, opened read-only: every question the engine answers, typed.

    Use it as a context manager, or ``close`` it.
    """

    def __init__(self, root: Path, snapshot: Snapshot, backends: ModelBackends) -> None:
        self._root = root
        self._snapshot = snapshot
        self._backends = backends
        self._swap = threading.Lock()
        self._stamp: tuple[int, int] | None = None  # CURRENT as last seen by ``refresh``
        self._stamp_now = snapshot.store.layout.current_stamp  # one project root: every generation's

    @classmethod
    def open(cls, root: str | Path, *, backends: ModelBackends | None = None, finishing: bool = False) -> Project:
        """Open an ingested project read-only, with the model backends that propose (each
        optional: without an embedder ``resolve`` searches full text only, without NLI the
        high tier of ``check`` escalates, ``entailment_unverified``; each result says which ran).

        InputError (``erasures.yaml``'s line) while an erasure that did not finish is pending:
        the owner asked for that text to go, so none is served until the erasure is run again
        (audit 44 L2). ``finishing``: opened to run it (``erase``), or by what reports it
        itself (``lag``, the service, which refuses each request: ``unfinished_erasure``)."""
        from .store import GraphStore

        root = Path(root)
        if not (root / "inforce.yaml").is_file():
            raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
        if not finishing:
            cls.unfinished_erasure(root)
        return cls(root, Snapshot(root, GraphStore.open(root, read_only=True)), backends or ModelBackends())

    @staticmethod
    def unfinished_erasure(root: str | Path) -> None:
        """InputError when an erasure of the project at ``root`` did not finish and none is
        running (``engine.erasures.pending_erasure``): its text is not to be served."""
        from .erasures import pending_erasure

        unfinished = pending_erasure(Path(root))
        if unfinished is not None:
            raise unfinished

    def close(self) -> None:
        self._snapshot.close()

    def __enter__(self) -> Project:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- writing a project's graph, and what it lacks --------------------------------------
    # Class methods: they work on a project folder that need not be ingested yet, and write
    # through the store's lock, never through an opened (read-only) project.

    @classmethod
    def ingest(
        cls, root: str | Path, *, reader: DocumentReader | None = None,
        progress: Callable[[int, int, str], None] | None = None, derived: bool = False,
        groups: Iterable[str] | None = None, embedder: Callable[[], Embedder | None] | None = None,
    ) -> IngestResult:
        """Bring the project's graph at ``root`` up to date with its files, all or nothing
        (``engine.ingest``). ``reader`` reads the files' formats; None: the installed
        ``default`` of the ``inforce.readers`` entry points. ``progress(done, total, file)``
        is called as files are parsed.

        ``derived``: the result also carries the project's addenda readings after the ingest
        (``readings``, as ``Project.readings``), whether or not this ingest read the addenda.
        ``groups``: the asker's; the edges, proposals and items the result lists that name a
        document they may not read are left out (``engine.reviews.withhold``), those
        documents named in a warning; a revision they may not read is listed (added,
        replaced, re-derived, removed) by its document id alone, those documents named in a
        warning, its provisions and quantities are not counted (``provisions``,
        ``quantities``, ``unbound``), and the warnings, quarantined tables and skipped files of files they may not
        read are counted, not quoted (``engine.ingest.withhold_listing``), as a failed
        ingest's problems are (``engine.ingest.withhold_problems``: an admin reads what its
        groups read). None: everything (an operator, who holds the files).
        ``embedder``: what loads the project's embedder, called only when an addendum proposes
        an edge: each proposal's evidence then carries the similarity of the item's words and
        its target's text (shown to the reviewer, never deciding). None: no model is loaded."""
        # the ingest machinery, loaded when used
        from .addenda.view import in_full, read_otherwise
        from .ingest import (
            IngestFailed,
            default_reader,
            ingest,
            withhold_listing,
        )
        from .reviews import as_read_by, project_readings, withhold

        root = Path(root)
        try:
            result = ingest(root, reader if reader is not None else default_reader(), progress=progress,
                            embedder=embedder)
        except IngestFailed as failed:
            if groups is None:
                raise
            raise cls.ingest_problems(failed, groups) from None
        if groups is not None:
            groups = tuple(groups)
            listed = withhold_listing(result, groups)
            if listed:
                result.warnings.append(InputError(
                    f"withheld: revisions of {', '.join(listed)} (access: your groups may not read them), "
                    "listed by document id alone"))
        if groups is None and result.unshared:  # whoever holds the files reads every revision
            proposed, not_understood = in_full(result.proposed, result.not_understood, result.unshared, None)
            result.proposed = sorted(proposed, key=lambda p: (p.file, p.line or 0))
            result.not_understood = sorted(not_understood, key=lambda n: (n.file, n.line or 0))
            result.warnings = [w for w in result.warnings if not read_otherwise(w, None)]
        if not derived and (groups is None or not (result.derived or result.proposed or result.not_understood)):
            return result
        with cls.open(root) as project:
            snapshot = project.snapshot
            if derived:
                result.readings = project_readings(snapshot, root, groups)
            if groups is not None:
                shown = withhold(snapshot, as_read_by(snapshot, AddendaReadings(
                    applied=tuple(result.derived), proposed=tuple(result.proposed),
                    not_understood=tuple(result.not_understood)), groups, result.unshared), groups)
                result.derived, result.proposed = list(shown.applied), list(shown.proposed)
                result.not_understood = list(shown.not_understood)
                if shown.withheld:
                    result.warnings.append(InputError(
                        f"withheld: items and edges of {', '.join(shown.withheld)} (access: your groups may not "
                        "read them)"))
        return result

    @staticmethod
    def store_folder(root: str | Path) -> Path:
        """The folder under ``root`` where inforce keeps a project's graph, pointer, locks and
        caches (what an output written there would overwrite): the store layout's own answer."""
        from .store._layout import StoreLayout

        return StoreLayout(Path(root)).home

    @staticmethod
    def own_path_at(path: str | Path, root: str | Path | None = None, *,
                    reader: DocumentReader | None = None,
                    inputs: Mapping[str, str | Path] | None = None) -> OwnPath | None:
        """The file or folder of the project at ``root`` that an output written at ``path``
        would land at or inside, or None: what a command's output (``-o``, a decision log, a
        folder of drafts) must never be written to (audits MM4-4, 43 M3/M4). ``inputs``: the
        files the command itself is given, by the option or argument naming each (``check
        --answer FILE``, ``replay RECORD``): an output at one of them would replace what the
        command reads (audit 102 A F2: ``check --answer a.json -o a.json`` wrote its verdict
        over the answer), judged as the project's own files are (by real path and identity);
        ``-`` (standard input) names no file. ``root`` None: of
        every project whose folder holds ``path`` (a writer that names no project, ``rules
        new``). A project's own paths (``_own_paths``): its store; its records of reviews and
        erasures; what ``reader`` (None: the installed one) reads as the project's — its
        documents folder, its manifest, and the register, pack files and model folders the
        manifest names. ``root`` given, every other project whose folder holds ``path`` too:
        an output of one project's command must not replace another's files either (audit 44
        M2); ``root`` None, the project is named in ``what``. Links are followed (``files.is_inside``), and an existing file is compared by
        identity (device and inode): a hard link outside the project to one of its files is
        that file (audit 44 L1). Never raises for a manifest that does not read."""
        named = Path(os.path.realpath(root)) if root is not None else None
        # the projects holding the path as written and where its links lead (audit 45: a link in A to B's manifest)
        roots = [*([named] if named is not None else []), *_projects_holding(Path(path)),
                 *_projects_holding(Path(os.path.realpath(path)))]
        for project in dict.fromkeys(Path(os.path.realpath(r)) for r in roots):
            for own in _own_paths(project, reader):
                if _lands_at(Path(path), own):
                    if named is None:  # no project named by the asker: which one, said (audit 46 L1)
                        return own.model_copy(update={"what": f"{own.what} (the project at {project})"})
                    if project == named:
                        return own
                    # another project's: said as whose, not as the named project's
                    return own.model_copy(update={"what": own.what.replace(
                        "the project's", f"another project's ({project})", 1)})
        for name, given in (inputs or {}).items():
            if str(given) == "-":  # standard input
                continue
            read = OwnPath(path=Path(given), what=f"a file the command is given ({name} {given})",
                           why="the answer written there would replace it")
            if _lands_at(Path(path), read):
                return read
        return None

    @staticmethod
    def unit_alias_problem(spelling: str, target: str) -> str | None:
        """Why a project's manifest may not spell ``target`` as ``spelling`` (an entry of its
        ``units:``), or None when it may: the unit table's own answer
        (``quantities.units.alias_problem``), for the manifest's reader to say at the entry's
        line before an ingest builds the table."""
        from .quantities.units import alias_problem

        return alias_problem(spelling, target)

    @staticmethod
    def ingest_problems(failed: InputErrors, groups: Iterable[str] | None) -> InputErrors:
        """A failed ingest's problems — as ``ingest`` without groups raised them, for whoever holds
        the files — as an asker holding ``groups`` is shown them: the one rule ``ingest`` with
        their groups follows (``engine.ingest.withhold_problems``: a problem in a file they may
        not read whole, or at no file, counted, never quoted; an admin reads what its groups
        read). For an adapter that ran the ingest once and shows its failure to several askers
        (the pages' review queue: audit OO-1). ``groups`` None, or a failure that is not an
        ingest's (raised before any file was read): ``failed`` as it is, as ``ingest`` raises it."""
        from .ingest import IngestFailed, withhold_problems

        if groups is None or not isinstance(failed, IngestFailed):
            return failed
        return withhold_problems(failed, groups)

    @classmethod
    def lag(
        cls, root: str | Path, *, now: dt.datetime | None = None, groups: Iterable[str] | None = (),
        reader: DocumentReader | None = None,
    ) -> LagReport:
        """What document control recorded (the registry, as ``reader`` reads it) that the graph
        at ``root`` lacks, and the manifest and packs edited since ingest; everything is
        pending when nothing is ingested. ``now``: the monitoring clock ages are measured on
        (None: the current UTC time), never a ``valid_at``. ``groups``: the asker's, whose
        unreadable revisions are withheld (not given: none, only the documents without ``access``,
        as every question of the front); None: the whole report (an operator)."""
        from .ingest import default_reader, withhold_read_problems

        with (reader if reader is not None else default_reader()).open(Path(root)) as files:
            try:
                registry, sources = files.registry()
            except (InputError, InputErrors) as failed:  # a file that does not read: shown as ingest shows it
                if groups is None:
                    raise
                group = failed if isinstance(failed, InputErrors) else InputErrors(
                    f"{root}: the registry does not read", [failed])
                raise withhold_read_problems(group, files, groups) from None
            manifest = files.manifest
            # what the next ingest refuses in the register (a row naming a file gone): a problem,
            # never a revision withheld for its access (audit JJ-08)
            refused = getattr(files, "registry_problems", None)
            problems = _register_problems(refused() if refused is not None else [], groups)
        return project_lag(root, registry, now, sources=sources, manifest=manifest, groups=groups,
                           problems=problems)

    @classmethod
    def embed(
        cls, root: str | Path, embedder: Embedder | None, *, batch_size: int = 64,
        progress: Callable[[int, int], None] | None = None, executor: str = "local", workers: int = 1,
        ray_address: str | None = None, load: Callable[[], Embedder] | None = None,
    ) -> EmbedReport:
        """Embed every provision text of the graph at ``root`` that ``embedder``'s cache lacks,
        then put the vectors in (``engine.embedding.embed_project``: resumable, and never
        blocking an ingest; ``applied`` False when the write lock was held). ``executor`` ``ray``:
        the same batches as Ray tasks, ``workers`` at once, on a Ray started here or the cluster at
        ``ray_address``, each worker's model loaded once by ``load`` (picklable)."""
        from .embedding import embed_project

        cls.unfinished_erasure(root)  # an erasure cut short: its text is not to reach a model either (audit 45)
        return embed_project(Path(root), embedder, batch_size=batch_size, progress=progress, executor=executor,
                             workers=workers, ray_address=ray_address, load=load)

    @classmethod
    def test_rules(
        cls, target: str | Path | None = None, *, load_corpus: CorpusLoader | None = None, coverage: bool = False,
        fail_under: int | None = None,
    ) -> RuleTestReport:
        """Run the tests written beside rule packs for ``target`` (a test file, a pack, a folder,
        a stock name; None: every stock pack's) over their own small corpora (``engine.packtests``);
        no project is opened. ``load_corpus`` parses a test's corpus folder (the ingest readers).
        ``coverage``: also which rules, branches, patterns and rows of each pack the cases reached,
        judged against ``fail_under`` or the pack's ``coverage:`` (``engine.packcoverage``).
        InputError when there are no tests there; InputErrors naming every broken test file."""
        from .packtests import run_rule_tests

        return run_rule_tests(target, load_corpus=load_corpus, coverage=coverage, fail_under=fail_under)

    @staticmethod
    def judge_sweep(
        report: SweepReport, fail_on: FailOn = "escalate", *,
        baseline: Sequence[BaselineFinding] | None = None, baseline_name: str = "",
        baseline_run: Mapping[str, Any] | None = None,
    ) -> SweepOutcome:
        """A sweep's report as a pipeline judges it: marked against ``baseline`` (an earlier run's
        findings, named ``baseline_name``; InputError when ``baseline_run``, what its report says it
        was a sweep of, names another project or date), the findings that fail under ``fail_on`` and the counts a summary shows
        (``engine.sweep.judge_sweep``, the one place that gate is decided)."""
        from .sweep import judge_sweep

        return judge_sweep(report, fail_on, baseline=baseline, baseline_name=baseline_name,
                           baseline_run=baseline_run)

    @staticmethod
    def read_portfolio(manifest: str | Path) -> Portfolio:
        """The projects a portfolio manifest names (a YAML list of project folders, or a folder of
        them), each named by its ``project:``; InputErrors at the file, line and field of every
        problem, before any project is swept (``engine.portfolio.read_portfolio``)."""
        from .portfolio import read_portfolio

        return read_portfolio(manifest)

    @staticmethod
    def sweep_portfolio(
        portfolio: Portfolio, opener: Callable[[Path], tuple[Project, Sequence[str]]],
        valid_at: dt.date | None, known_at: dt.datetime | None = None, *, groups: Sequence[str] = (),
        fail_on: FailOn = "escalate", executor: str = "local", workers: int = 1,
        progress: Callable[[str | None, str, int, int], None] | None = None, ray_address: str | None = None,
    ) -> PortfolioRun:
        """Every project of a portfolio swept and judged as ``sweep`` and ``judge_sweep`` do it
        alone, ``workers`` at a time on ``executor`` (``local``; ``ray`` needs ``inforce[ray]``: a
        Ray started here, or the cluster at ``ray_address``),
        each opened by ``opener`` (picklable: workers call it); a project that fails is listed
        with its error in the summary and the others are swept (``engine.portfolio``)."""
        from .portfolio import sweep_portfolio

        return sweep_portfolio(portfolio, opener, valid_at, known_at, groups=groups, fail_on=fail_on,
                               executor=executor, workers=workers, progress=progress, ray_address=ray_address)

    @staticmethod
    def sweep_opened(
        projects: Sequence[tuple[PortfolioEntry, Project | BaseException]], valid_at: dt.date | None,
        known_at: dt.datetime | None = None, *, groups: Sequence[str] = (), packs: Sequence[str] = (),
        params: Mapping[str, str] | None = None, include_superseded: bool = False, fail_on: FailOn = "escalate",
        progress: Callable[[str | None, str, int, int], None] | None = None,
    ) -> PortfolioRun:
        """A portfolio of projects opened already (a server's, each pinned to its generation, or
        the error that stopped its opening) swept and summarised as ``sweep_portfolio`` does, one
        after another in this thread, with the single sweep's options; none is closed here
        (``engine.portfolio.sweep_opened``)."""
        from .portfolio import sweep_opened

        return sweep_opened(projects, valid_at, known_at, groups=groups, packs=packs, params=params,
                            include_superseded=include_superseded, fail_on=fail_on, progress=progress)

    # ---- what the answers are computed from -----------------------------------------------

    @property
    def root(self) -> Path:
        return self._root

    @property
    def snapshot(self) -> Snapshot:
        """The graph generation the next answer comes from (the newest ingested)."""
        self.refresh()
        return self._snapshot

    @property
    def backends(self) -> ModelBackends:
        """The model backends given at open, the NLI threshold resolved (as given, else the
        manifest's ``models.nli.threshold``, else 0.5)."""
        if self._backends.nli_threshold is not None:
            return self._backends
        choice = self._snapshot.manifest.models.nli
        threshold = choice.threshold if choice is not None else DEFAULT_NLI_THRESHOLD
        return ModelBackends(embedder=self._backends.embedder, nli=self._backends.nli,
                             reranker=self._backends.reranker, nli_threshold=threshold)

    @property
    def build_id(self) -> str:
        """The index build id of the graph the answers come from (``engine.build``)."""
        return self.snapshot.build_id

    @property
    def manifest(self) -> Manifest:
        """The project's manifest as ingested."""
        return self.snapshot.manifest

    def refresh(self) -> bool:
        """Swap in a new snapshot if an ingest landed a newer generation; True when it did.

        Every question calls this first, so a long-lived project (a service, a notebook)
        never answers from indexes of one build stamped with another's id.
        """
        stamp = self._stamp_now()
        if stamp is not None and stamp == self._stamp:
            return False  # the hot path: one stat, no lock (the stamp is set after its snapshot)
        with self._swap:
            old = self._snapshot
            stamp = old.store.layout.current_stamp()
            if stamp is not None and stamp == self._stamp:
                return False
            # imported only when CURRENT changed (``asof`` calls this before every answer)
            from .store import GraphStore

            if not old.store.reads_live():  # the very file (not its number: numbers restart after .inforce is deleted)
                old.close()
                self._snapshot = Snapshot(self._root, GraphStore.open(self._root, read_only=True))
            self._stamp = stamp
            return self._snapshot is not old

    # ---- the date a question is about (``asof`` and ``facts`` choose it themselves) --------------

    def check_attributes(self, attributes: Mapping[str, Any]) -> None:
        """InputError for a case attribute no rule pack of the project reads, listing those that are."""
        self.snapshot.check_attributes(attributes)

    # ---- questions -----------------------------------------------------------------------------

    def asof(
        self, locator: Locator | str, valid_at: dt.date | None = None, known_at: dt.datetime | None = None,
        *, attributes: Mapping[str, Any] | None = None, groups: Iterable[str] = (),
    ) -> AsOfAnswer | Refusal:
        """What is in force for ``locator`` as of ``valid_at`` (known by ``known_at``), and why.

        ``valid_at`` None: the date is the case attribute (in ``attributes``) a rule pack names
        (``engine.valid_at``; never today); the answer's ``valid_at_source`` says which.
        InputError when neither gives a date, or the two disagree. A ``Refusal``
        (``access_restricted``) when ``groups`` may not read the document asked about (checked
        before anything is computed, so no date or path of it shows through); a replacement or
        amender they may not read is named by document id alone and listed in ``withheld``.
        NotFoundError when no revision has the locator.
        """
        snapshot = self.snapshot
        if plainly_given(valid_at, attributes):  # the hot path: nothing to choose or stamp
            try:
                return snapshot.asof(locator, valid_at, known_at, groups=groups)  # type: ignore[arg-type]
            except AccessRestrictedError as refused:
                return _refusal(refused)
            except NotFoundError as missing:
                raise self._erased(missing, locator, groups) from None
        day = snapshot.choose_valid_at(valid_at, attributes or {})
        try:
            answer = _or_refusal(lambda: snapshot.asof(locator, day.valid_at, known_at, groups=groups))
        except NotFoundError as missing:
            raise self._erased(missing, locator, groups) from None
        return _dated(answer, day)

    def history(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> History | Refusal:
        """Every version of a provision, on both clocks, and when each stopped applying (a
        ``Refusal`` when ``groups`` may not read it; versions they may not read are withheld)."""
        snapshot = self.snapshot
        try:
            return _or_refusal(lambda: snapshot.history(locator, groups=groups))
        except NotFoundError as missing:
            raise self._erased(missing, locator, groups) from None

    def show(self, locator: Locator | str, *, groups: Iterable[str] = ()) -> ProvisionView | Refusal:
        """One stored provision (the latest revision when unpinned), its revisions and edges (a
        ``Refusal`` when ``groups`` may not read it)."""
        snapshot = self.snapshot
        try:
            return _or_refusal(lambda: snapshot.show(locator, groups=groups))
        except NotFoundError as missing:
            raise self._erased(missing, locator, groups) from None

    def show_texts(self, locators: Iterable[Locator | str], *, groups: Iterable[str] = ()) -> ShownTexts:
        """The text ``show`` gives for each locator, each through the same access gate, in one
        call on one snapshot (a page showing many provisions' words: the review queue): those
        ``groups`` may not read are named in ``refused`` (``show``: a Refusal), those the
        project does not hold in ``missing`` (``show``: ``NotFoundError``)."""
        found = self.snapshot.show_texts(locators, groups=groups)
        return ShownTexts(
            texts={key: text for key, text in found.items() if isinstance(text, str)},
            refused=tuple(key for key, text in found.items() if isinstance(text, AccessRestrictedError)),
            missing=tuple(key for key, text in found.items() if isinstance(text, NotFoundError)),
        )

    def _erased(self, missing: NotFoundError, locator: Locator | str, groups: Iterable[str]) -> NotFoundError:
        """``missing``, naming the erasure when the locator's document was erased (and ``groups``
        could read it)."""
        from .erasures import explain_missing

        return explain_missing(self._root, missing, locator, groups)

    def dedup_to_current(
        self, candidates: Iterable[Locator | str], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = (),
    ) -> DedupResult:
        """Collapse retrieval candidates to one per section, the in-force one (``asof.freshness``).

        ``groups``: the asker's (not given: none, only documents without ``access``, as every
        question of the front); a candidate they may not read is dropped (reason ``access``)
        and an in-force version or successor they may not read is named by document id alone.
        None: no access applied (an operator's, or the engine's own use before an asker is known).
        """
        return self.snapshot.dedup_to_current(candidates, valid_at, known_at, groups=groups)

    def freshness_gate(
        self, citations: Iterable[Any], valid_at: dt.date, known_at: dt.datetime | None = None,
        *, groups: Iterable[str] | None = (),
    ) -> FreshnessResult:
        """Pass, or block naming each stale citation and what is in force instead.

        ``groups``: the asker's (not given: none, as every question of the front); a citation of
        a document they may not read blocks (reason ``access_restricted``), and a replacement
        they may not read is named by document id alone, without its text. None: no access
        applied (an operator's).
        """
        return self.snapshot.freshness_gate(citations, valid_at, known_at, groups=groups)

    def facts(
        self, subject: str | None, valid_at: dt.date | None = None, known_at: dt.datetime | None = None,
        *, attributes: Mapping[str, Any] | None = None, groups: Iterable[str] = (),
    ) -> Facts:
        """Every in-force statement of ``subject``'s quantity (of every subject when None) on
        ``valid_at``, from the quantities stored at ingest; what ``groups`` may not read is
        withheld. ``valid_at`` None: chosen as ``asof`` chooses it (``valid_at_source`` says
        how). InputError for a subject no stored quantity is bound to, listing those that are."""
        from .amendments import amended_facts

        snapshot = self.snapshot
        day = snapshot.choose_valid_at(valid_at, attributes or {})
        held = tuple(groups)
        # an answer is a dozen objects a fact, none in a cycle: the collections their allocation sets
        # off only walk them again (88,214 facts at the million: 5.0 s with them, 2.2 s without)
        with collector_paused():
            return _dated(amended_facts(snapshot, snapshot.facts(subject, day.valid_at, known_at, groups=held), held),
                          day)

    def stats(self, *, groups: Iterable[str] | None = ()) -> ProjectStats:
        """Counts of what the graph holds that ``groups`` may read (not given: none, only the
        documents without ``access``, as every question of the front; None: everything, as an
        operator sees it); the quantities no subject bound also by dimension. An asker who may
        not read every document is not told the file's size."""
        from .quantities.unbound import unbound_counts, vocabulary_keys
        from .quantities.units import unit_table

        snapshot = self.snapshot
        held = None if groups is None else tuple(groups)
        units = unit_table(snapshot.manifest.units) if snapshot.manifest.units else unit_table()
        by_dimension = unbound_counts(snapshot.unbound_units(held), units,
                                      vocabulary_keys(snapshot.subject_vocabulary(), units))
        return ProjectStats(project=snapshot.manifest.project, index_build=snapshot.build_id,
                            unbound_by_dimension=by_dimension, **snapshot.stats(held).model_dump())

    def eligible(
        self, context: Context, *, exclusions: int | None = DEFAULT_EXCLUSIONS,
        documents: Collection[str] = (), explain: bool = False,
    ) -> EligibilityResult:
        """Which documents may answer the case, each exclusion counted by reason (detail for
        the first ``exclusions`` and the ``documents`` named), and what the packs calculate."""
        return self.snapshot.eligible(context, exclusions=exclusions, documents=documents, explain=explain)

    def readings(self, *, groups: Iterable[str] | None = ()) -> AddendaReadings:
        """What the project's addenda say, read against the graph as it is now (whether or not
        the last ingest read them again): the edges applied, the proposals still pending (no
        entry of ``reviews.yaml`` decides them), the items not understood, the items skipped
        per rule, and the review entries on file (``engine.reviews``). ``groups``: the asker's
        (not given: none, only documents without ``access``, as every question of the front;
        what names a document they may not read is left out, the document ``withheld``);
        None: everything (an operator)."""
        from .reviews import project_readings

        return project_readings(self.snapshot, self._root, groups)

    def review(
        self, item: Locator | str, decision: Literal["accept", "reject"], *, by: str,
        target: Locator | str | None = None, scope: Literal["full", "partial"] | None = None,
        note: str | None = None, at: dt.datetime | None = None, groups: Iterable[str] | None = (),
        digest: str | None = None,
    ) -> ReviewDecision | Refusal:
        """Record a reviewer's decision on a proposal of addendum ``item`` in ``reviews.yaml``
        (appended atomically; the next ingest applies an accepted one as an edge of origin
        ``review``). ``target`` is required when the item has several pending proposals; with
        ``scope`` it declares an edge no rule proposed. ``at``: when (None: now, UTC). A
        ``Refusal`` when ``groups`` may not read the item or the target (not given: none, as
        every question of the front; None: an operator).
        InputError naming the field (``item``, ``target``, ``scope``, ``by``) otherwise. ``digest``:
        the item's words as the decider read them (``review_digest``); words changed since are
        refused (InputError, field ``digest``, reason ``changed``), nothing written."""
        from .reviews import record_review

        snapshot = self.snapshot
        return _or_refusal(lambda: record_review(snapshot, self._root, item, decision, by=by, target=target,
                                                 scope=scope, note=note, at=at, groups=groups, digest=digest))

    def review_digest(self, item: Locator | str, *, groups: Iterable[str] | None = ()) -> str:
        """The digest of ``item``'s words as ``review`` reads them now (what reviews.yaml records
        with a decision): a page showing the item sends it back as ``review``'s ``digest``.
        ``groups``: the asker's (not given: none, as every question of the front; None: the
        operator); an item of a revision they may not read is "not in the project", as one that
        is not (audit 74 A L1)."""
        from .reviews import shown_digest

        return shown_digest(self.snapshot, item, groups=groups)

    def explain(self, context: Context) -> Explanation:
        """The eligibility decision with its whole trace and the packs it was decided under."""
        snapshot = self.snapshot
        result = snapshot.eligible(context, explain=True)
        packs = tuple(PackUsed(name=p.name, file=_pack_file(p.file, self._root), hash=p.content_hash[:12])
                      for p in snapshot.rules.packs)
        return Explanation(result=result, packs=packs, trace=result.trace)

    def precedence(
        self, a: Locator | str, b: Locator | str, valid_at: dt.date | None, known_at: dt.datetime | None = None,
        *, packs: Sequence[str] = (), params: Mapping[str, str] | None = None, groups: Iterable[str] = (),
    ) -> PrecedenceResult | Refusal:
        """Which of two in-force provisions governs, by which rule and clause — or an escalation;
        a ``Refusal`` when ``groups`` may not read a side or what replaced it.

        ``packs`` decide instead of the project's precedence rules; ``params`` are merged
        over the parameters the manifest gives a pack it lists.
        """
        snapshot = self.snapshot
        return _or_refusal(lambda: snapshot.precedence(a, b, valid_at, known_at, packs=packs, params=params,
                                                       groups=groups))

    def sweep(
        self, valid_at: dt.date | None, known_at: dt.datetime | None = None, *, groups: Iterable[str] = (),
        packs: Sequence[str] = (), params: Mapping[str, str] | None = None, include_superseded: bool = False,
        workers: int = 1, progress: Progress | None = None, executor: str = "local", ray_address: str | None = None,
    ) -> SweepReport:
        """Every conflict among the in-force provisions ``groups`` may read on ``valid_at``, each
        resolved by supersession or precedence or escalated with an RFI (``engine.sweep``), its
        heavy stages on ``executor`` (``ray``: a Ray started here, or the cluster at ``ray_address``)."""
        from .sweep import sweep

        return sweep(self.snapshot, self.backends, require_date(valid_at), known_at, groups=groups, packs=packs, params=params,
                     include_superseded=include_superseded, workers=workers, progress=progress, executor=executor,
                     ray_address=ray_address)

    def impact(
        self, pack: str | Path, *, against: str | Path | None = None, against_ref: str | None = None,
        cases: str | Path | None = None, valid_at: Sequence[dt.date] = (), load_corpus: CorpusLoader | None = None,
        decisions: Sequence[str | Path] = (), groups: Sequence[str] = (),
    ) -> ImpactReport:
        """Which decisions of this project a rule-pack change would change (``engine.impact``):
        ``pack`` (the edited file) replaces the manifest's pack at its path, or the one whose rule
        ids it carries; the old pack is ``against``, or the pack at git revision ``against_ref``
        (by default HEAD for a pack edited in place; the manifest's as it is for one written
        elsewhere). Eligibility for the ``cases`` (JSON lines), the pack's tests and the example
        answers and the ``decisions`` logged (decision logs, audit records); supersession edges and
        what ``asof`` answers on ``valid_at`` (default: the latest revision date); the sweep's
        precedence decisions and the logged ones. The graph is not written. The sweep and the
        ``asof`` answers are those ``groups`` are shown (their own ``sweep`` and ``asof``); any
        other decision involving what ``groups`` may not read is shown withheld, by the
        document's id alone (the one access gate, ``Snapshot.target_readable``)."""
        from .impact import rules_impact

        return rules_impact(self.snapshot, self._root, pack, against=against, against_ref=against_ref, cases=cases,
                            valid_at=valid_at, decisions=decisions, load_corpus=load_corpus,
                            display=lambda file: _pack_file(file, self._root), groups=groups)

    def check(self, answer: Answer, *, tier: Tier = "low", deadline: float | None = None) -> Verdict:
        """The verdict on an answer's claims (``engine.verify``): answer, clarification request,
        refusal or escalation, each claim's status and the audit record behind it. ``deadline``
        (``time.monotonic()`` seconds): past it the check stops with ``TimeoutError``."""
        from .verify import check_answer

        return check_answer(self.snapshot, self.backends, answer, tier=tier, deadline=deadline)

    def resolve(
        self, question: str, context: Context, *, k: int = 10,
        sources: Sequence[SearchSource] = ("full_text", "vector"), eligibility: bool = True,
    ) -> ResolveResult:
        """The provisions that govern a question for a case (``engine.candidates``).

        Eligibility and access are applied inside both searches; candidates are fused by
        reciprocal rank and collapsed to the in-force version of each section. ``eligibility``
        False ranks every in-force document the asker may read (the comparison baseline of the
        retrieval evaluation; access still applies).
        """
        from .candidates import resolve_question

        return resolve_question(self.snapshot, self.backends, question, context, k=k, sources=sources,
                                eligibility=eligibility)

    def replay(self, stored: Mapping[str, Any], *, groups: Iterable[str] | None = (),
               deadline: float | None = None) -> Replay:
        """Recompute a stored verdict (``engine.audit``) and say whether it is the same, and if
        not, what changed since: the index build, revisions, rule packs, the models.
        ``groups``: the asker's (the service: the key's); a record stating groups beyond them
        is refused, and changes are told only of documents they may read (not given: none, as
        every question of the front). None: an operator (``inforce replay``, which holds the files).
        ``deadline``: as ``check``'s (the recomputation is a check)."""
        from .audit import replay
        from .erased_records import replay_erased

        # rewritten by an erasure, the words it judged gone: told so once erasures.yaml shows it
        # true (an ``erased`` a record merely holds is refused, InputError: audit 74 B F3)
        erased = replay_erased(self.snapshot, self._root, stored, groups=groups)
        if erased is not None:
            return erased
        return replay(self.snapshot, self.backends, stored, groups=groups, deadline=deadline)

    def erase(
        self, document: str, revision: str | None = None, *, by: str, audit_dirs: Sequence[str | Path] = (),
        reader: DocumentReader | None = None, held: Callable[[Erasure], object] | None = None,
        groups: Iterable[str] | None = None,
    ) -> ErasureResult | Refusal:
        """Remove ``document``'s text (every revision, or ``revision``) from everything the project
        keeps — the graph, every older generation, vectors and their cache, search indexes, the
        source file, audit records citing it (rewritten to ids and hashes; those in ``audit_dirs``
        and those inside the project) — and record who and when in ``erasures.yaml``, which keeps
        the next ingests from reading it again (``engine.erase``). Who may erase at all is the
        caller's to decide (the CLI: whoever holds the files; the service: an admin key).
        Running it again finishes an erasure that was cut short. The next question answers from
        the new graph. ``held``: called with the erasure once the new graph is live, before the
        audit records are rewritten, by a caller that keeps results of older builds (the
        service: its sweep reports dropped, its queued audit records written out).

        ``groups``: the asker's (None: an operator, who holds every file). What they may erase
        is what they may read (``engine.access``): the whole document only when every revision
        of it is readable to them; one revision as ``asof`` answers a pinned one — refused
        (``Refusal``) when they may not read it, or when it does not exist in a document with a
        revision they may not read (rule 4), so the answer never tells which revisions exist. A
        file the read-back still finds the text in is named only when it holds nothing they may
        not read (``_named_files``); the others are counted in ``withheld``. An audit record the
        erasure rewrote is named only when the asker may read it (``_readable_records``); the
        others are counted in ``audit_records_withheld``."""
        from .erase import erase, erased_parts

        erased_parts(document, revision)  # a locator given as the document is no id (InputError)
        if groups is not None:
            held_groups = tuple(groups)
            asked = Locator(doc=document, rev=revision)
            try:
                if revision is None:
                    self.snapshot.gate.check(asked, [asked], held_groups)
                else:
                    self.snapshot.gate_question(asked, held_groups)
            except AccessRestrictedError as refused:
                return _refusal(refused)
            # past the gate, a revision not found is one of a document they may read whole: the
            # revisions its NotFoundError hints at are all theirs to know
            result = erase(self._root, document, revision, by=by, reader=reader, audit_dirs=audit_dirs,
                           held=held, groups=held_groups)
            self.refresh()
            named = _named_files(self.snapshot, result.remaining, held_groups)
            records = _readable_records(self._root, result, held_groups)
            told = tuple(pair for pair in result.audit_records if pair[1] in records)
            erasure = result.erasure.model_copy(
                update={"audit_records": tuple(r for r in result.erasure.audit_records if r in records)})
            return result.model_copy(update={
                "remaining": named, "withheld": len(result.remaining) - len(named), "erasure": erasure,
                "audit_records": told, "audit_records_withheld": len(result.audit_records) - len(told)})
        result = erase(self._root, document, revision, by=by, reader=reader, audit_dirs=audit_dirs, held=held)
        self.refresh()
        return result

    @staticmethod
    def keep_record(root: str | Path, folder: str | Path, answer: Answer, verdict: Verdict) -> Path:
        """Store a check's decision in ``folder`` as ``replay`` reads it, redacted to ids and
        hashes when it cites a document an erasure of the project at ``root`` names
        (``engine.erase.keep_record``): the record of a check decided on a generation older than
        an erasure, written after it, keeps none of the erased text."""
        from .erase import keep_record

        return keep_record(root, folder, answer, verdict)

    def _lag(
        self, registry: Iterable[Revision], now: dt.datetime, *, sources: Mapping[str, str] | None = None,
        manifest: Manifest | None = None, groups: Iterable[str] | None = None, problems: Sequence[str] = (),
    ) -> LagReport:
        """What document control recorded that this graph lacks, and configuration edited since ingest.

        ``groups``: the asker's; revisions they may not read (by the registry's ``access`` or
        the graph's) are withheld, their documents named. None: the whole report (an operator).
        """
        snapshot = self.snapshot
        registry = list(registry)
        # an erased revision's tombstone is the erasure's, not the registry's: never "withdrawn"
        graph = [r for r in snapshot.store.revisions() if snapshot.erased(r.locator) is None]
        held = None if groups is None else tuple(groups)
        report = index_lag(
            registry, graph, now, index_build=snapshot.build_id, sources=sources,
            configuration_changed=configuration_changes(snapshot.manifest, snapshot.store.rule_pack_hashes(),
                                                        manifest, self._root)
            + _reviews_changed(snapshot, self._root, held),
            problems=(*problems, *_erasures_problems(snapshot, self._root, held)),
        )
        if held is None:
            return report
        by_registry = _registry_readable(registry, held)
        own_access = {(r.document, r.label) for r in registry if r.access is not None}
        ingested = {(r.document, r.label) for r in graph}

        def readable(locator: Locator) -> bool:
            if (locator.doc, locator.rev) not in ingested and (locator.doc, locator.rev) not in own_access:
                # a revision the graph lacks that says no access of its own (its access written
                # in the file's front matter, not in the register) is its document's: readable
                # only when every revision of it the graph holds is, never less restricted
                return snapshot.may_read(Locator(doc=locator.doc), held)
            return by_registry(locator) and snapshot.may_read(locator, held)

        return withhold_lag(report, readable, registry=registry, ingested=graph)


def _pack_file(file: str, root: Path) -> str:
    """A pack's file as an answer names it: a project's pack by its path in the project, a
    stock pack by its place among the stock packs (``stock/subjects/default.yaml``); never
    the absolute path of the machine that answered (a server's install or project folder)."""
    from inforce.rules.loader import STOCK_ROOT

    path = Path(file)
    for base, prefix in ((root, ""), (STOCK_ROOT, "stock/")):
        try:
            return prefix + path.resolve().relative_to(base.resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return path.name


def _reviews_changed(snapshot: Snapshot, root: Path, groups: tuple[str, ...] | None) -> tuple[str, ...]:
    """("reviews.yaml",) when the review file is not the one the graph was built under: its
    decisions wait for the next ingest (or it does not read: the next ingest fails on it).
    ``groups``: an asker not told the file whole is told of an edit only where it changes what
    the next ingest gives them (``reviews.changed_for``); None: an operator."""
    from .reviews import changed_for, read_review_file, told_all

    try:
        digest = read_review_file(root)[1]
    except (InputError, ExceptionGroup):
        return ("reviews.yaml (it does not read: the next ingest fails on it)",)
    if digest == snapshot.store.reviews_digest():
        return ()
    if told_all(snapshot, groups):
        return ("reviews.yaml",)
    assert groups is not None
    try:
        return ("reviews.yaml",) if changed_for(snapshot, root, groups) else ()
    except (InputError, ExceptionGroup):  # an entry naming what the project lacks: as for every asker
        return ("reviews.yaml (it does not read: the next ingest fails on it)",)


def _erasures_problems(snapshot: Snapshot, root: Path, groups: tuple[str, ...] | None) -> tuple[str, ...]:
    """What the next ingest refuses in ``erasures.yaml`` (``ErasedDocuments.of``, as the ingest
    reads it): the file does not read, or an erasure did not finish; none when it reads (or is
    absent). The file speaks of any document (ids, who erased, when, access), so an asker not
    told every document (``reviews.told_all``) is told each problem at its file, line and field
    only, never its words or values (``reviews.withhold_problems``: audit 37 EE-03, HH-02)."""
    from .erasures import ErasedDocuments
    from .reviews import withhold_problems

    try:
        ErasedDocuments.of(root)
    except StoreLockedError:  # an erasure running now: the next ingest waits for it (exit 3)
        return ("an erasure is running: an ingest now is refused as locked (exit 3); run it once the erasure ends",)
    except (InputError, ExceptionGroup) as failed:
        found = list(getattr(failed, "exceptions", [failed]))
        shown = withhold_problems(snapshot, InputErrors(f"{root}: the next ingest fails", found), groups)
        return tuple(f"{problem} (the next ingest fails on it)" for problem in shown.exceptions)
    return ()


def _own_paths(root: Path, reader: DocumentReader | None) -> list[OwnPath]:
    """Every file and folder under ``root`` the project reads as its own, or keeps
    (``Project.own_path_at``): the store and the records of reviews and erasures, then what the
    reader names (``DocumentReader``'s ``own_paths``; the manifest alone for a reader without it)."""
    from inforce.ontology.erasure import ERASURES_FILE
    from inforce.ontology.ingest import REVIEWS_FILE

    from .ingest import default_reader

    store = Project.store_folder(root)
    own = [
        OwnPath(path=store, what=f"the project's store ({store.name})", folder=True,
                why="what is written there would overwrite the files inforce keeps"),
        OwnPath(path=root / REVIEWS_FILE, what=f"the project's review record ({REVIEWS_FILE})",
                why="it holds the reviewers' decisions, read at every ingest"),
        OwnPath(path=root / ERASURES_FILE, what=f"the project's erasure record ({ERASURES_FILE})",
                why="it keeps erased documents from being read again"),
    ]
    named = getattr(reader if reader is not None else default_reader(), "own_paths", None)
    if named is None:
        from .portfolio import MANIFEST_FILE

        return [*own, OwnPath(path=root / MANIFEST_FILE, what=f"the project's manifest ({MANIFEST_FILE})",
                              why="inforce reads the project's configuration from it")]
    return [*own, *named(root)]


def _lands_at(path: Path, own: OwnPath) -> bool:
    """Whether an output written at ``path`` lands at ``own`` (or inside it, a folder): by
    real paths, and for a file that exists by identity, so that a hard link elsewhere to one
    of the project's files (or, in a folder of its own, to a file there) is that file."""
    from inforce.ontology.files import is_inside

    if is_inside(path, own.path) and (own.folder or os.path.realpath(path) == os.path.realpath(own.path)):
        return True
    try:
        written = os.stat(path)
    except (OSError, ValueError):
        return False
    identity = (written.st_dev, written.st_ino)
    if not own.folder:
        try:
            kept = os.stat(own.path)
        except (OSError, ValueError):
            return False
        return (kept.st_dev, kept.st_ino) == identity
    if written.st_nlink < 2 or not os.path.isdir(own.path):
        return False  # a file with one name is inside a folder only where its path says so
    for folder, _, files in os.walk(own.path):
        for name in files:
            try:
                kept = os.stat(os.path.join(folder, name), follow_symlinks=False)
            except OSError:
                continue
            if (kept.st_dev, kept.st_ino) == identity:
                return True
    return False


def _projects_holding(path: Path) -> list[Path]:
    """Every project folder (one holding a manifest) ``path`` lies under, as written and once
    its links are resolved, nearest first."""
    from .portfolio import MANIFEST_FILE

    given = path.absolute()
    real = Path(os.path.realpath(given.parent))
    folders = [*given.parents, real, *real.parents]
    return list(dict.fromkeys(f for f in folders if os.path.lexists(f / MANIFEST_FILE)))


def _named_files(snapshot: Snapshot, files: Iterable[str], groups: tuple[str, ...]) -> tuple[str, ...]:
    """Of ``files`` (relative to the project, or paths of audit folders outside it), those an
    asker holding ``groups`` may be told of: a file under ``documents/`` that is the source of
    revisions they may all read (``engine.access``, rule 1); any other file of the project (the
    graph's store, the caches, an audit record), which holds no document of its own. The source
    of a revision they may not read, and a document file the graph holds no revision of (its
    access unknown: erased, or left out), are not named."""
    sources: dict[str, list[bool]] = {}
    for doc in snapshot.store.documents():
        sources.setdefault(doc.source.file, []).append(
            snapshot.may_read(Locator(doc=doc.id, rev=doc.revision), groups))
    named = []
    for file in files:
        readable = sources.get(file)
        if readable is None and not file.startswith("documents/") or readable is not None and all(readable):
            named.append(file)
    return tuple(named)


def _readable_records(root: Path, result: ErasureResult, groups: tuple[str, ...]) -> set[str]:
    """Of the audit records an erasure rewrote (``result``: its new names, and those its entry
    lists), those an asker holding ``groups`` may be told of: decided for no group beyond theirs,
    as ``replay`` refuses another (``audit.decided_beyond``). A record that no longer reads as
    one (gone, edited since) is not named."""
    from inforce.ontology import InforceError
    from inforce.ontology.decisions import check_record
    from inforce.ontology.files import read_bounded_text
    from inforce.ontology.jsontext import loads

    from .audit import decided_beyond

    readable: set[str] = set()
    for name in {new for _, new in result.audit_records} | set(result.erasure.audit_records):
        try:
            answer, verdict = check_record(loads(read_bounded_text(root / name, what="the record", regular=True)))
        except (OSError, ValueError, InforceError):  # not a record now: nothing to tell of
            continue
        if decided_beyond(answer, verdict, groups) is None:
            readable.add(name)
    return readable


def _dated(result: Any, day: DateChoice) -> Any:
    """``result`` stamped with where its date came from (a refusal names no date)."""
    if isinstance(result, Refusal) or day.source == GIVEN:
        return result
    return result.model_copy(update={"valid_at_source": day.source})


def _or_refusal(question: Callable[[], Any]) -> Any:
    """The question's answer, or the refusal the access gate raised, as a typed result."""
    try:
        return question()
    except AccessRestrictedError as refused:
        return _refusal(refused)


def _refusal(refused: AccessRestrictedError) -> Refusal:
    """The typed refusal for what the access gate raised."""
    return Refusal(reason="access_restricted", locator=refused.asked, detail=refused.detail,
                   depends_on=refused.depends_on)



def project_lag(
    root: str | Path, registry: Iterable[Revision], now: dt.datetime | None = None, *,
    sources: Mapping[str, str] | None = None, manifest: Manifest | None = None,
    groups: Iterable[str] | None = None, problems: Sequence[str] = (),
) -> LagReport:
    """``Project.lag`` for a project that may not be ingested yet (then everything is pending).
    ``problems``: what the next ingest refuses, as the report names them.

    ``now`` is the monitoring clock the ages are measured on (never a ``valid_at``); None: the
    current UTC time.
    """
    root = Path(root)
    now = now if now is not None else dt.datetime.now(dt.UTC)
    if not (root / "inforce.yaml").is_file():
        raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
    try:
        project = Project.open(root, finishing=True)  # a pending erasure is among its problems
    except NotIngestedError:  # a damaged or locked graph is not "nothing ingested": it stays an error
        registry = list(registry)
        report = index_lag(registry, (), now, index_build="", sources=sources, problems=tuple(problems))
        if groups is None:
            return report
        by_registry = _registry_readable(registry, tuple(groups))
        own_access = {(r.document, r.label) for r in registry if r.access is not None}

        def readable(locator: Locator) -> bool:
            # as once ingested: a revision with no access of its own is its document's, readable
            # only when every revision of it recorded is (a restricted file, one that does not read)
            if (locator.doc, locator.rev) in own_access:
                return by_registry(locator)
            return all(by_registry(r.locator) for r in registry if r.document == locator.doc)

        return withhold_lag(report, readable, registry=registry)
    with project:
        return project._lag(registry, now, sources=sources, manifest=manifest, groups=groups, problems=problems)


def _register_problems(found: Iterable[InputError], groups: Iterable[str] | None) -> tuple[str, ...]:
    """The register's problems the next ingest refuses, as lag names them: whole to an operator
    (``groups`` None); to an asker, at the register's line only (a row may be of a document they
    may not read: its file is not named)."""
    if groups is None:
        return tuple(f"{problem} (the next ingest fails on it)" for problem in found)
    return tuple(f"{problem.file}:{problem.line}: a row names a file the project lacks (the next ingest fails on it)"
                 for problem in found)


def _registry_readable(registry: Sequence[Revision], groups: tuple[str, ...]) -> Callable[[Locator], bool]:
    """Whether ``groups`` may read a revision, by what the registry says of its ``access``."""
    access = {(r.document, r.label): r.access for r in registry}
    held = set(groups)

    def readable(locator: Locator) -> bool:
        groups_of = access.get((locator.doc, locator.rev))
        return groups_of is None or bool(held & set(groups_of))

    return readable
