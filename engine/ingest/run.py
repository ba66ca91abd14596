"""Ingest a project folder into its graph: parse what changed, derive, check the corpus, swap atomically.

The store builds the new graph beside the old one, so every failure here — a bad file, a
corpus check, a crash during the load — leaves the previous graph exactly as it was. The
files are read through a ``DocumentReader``; every decision is made here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from inforce import PARSER_VERSION
from inforce.ontology import (
    Document,
    IngestResult,
    InputError,
    InputErrors,
    Locator,
    Manifest,
    Quantity,
    QuarantinedTableReport,
    UnsharedReading,
)
from inforce.ontology.document import MAX_LEGEND_ENTRIES
from inforce.ontology.files import read_bounded
from inforce.rules import RuleSet, compile_manifest

from ..access import AccessGate
from ..addenda.items import itemize
from ..addenda.outcome import Reading
from ..addenda.readings_file import keep_ingested, pack_key
from ..addenda.view import ReaderViews, read_otherwise
from ..asof.revisions import collector_paused
from ..build import configuration_id, undeclared_part
from ..derivation import TargetDirectory, find_qualifiers, own_text_digests, section_numbers
from ..erasures import ErasedDocuments
from ..facts import TooManyFigures, headings_read_here, read_quantities
from ..quantities import EXTRACTOR_VERSION
from ..quantities.extract import QuantityExtractor, project_extractor, project_vocabulary
from ..quantities.legend import (
    ENTRY_MAX,
    abbreviation_legend,
    legend_refused,
    legends_of,
    overlong_entries,
)
from ..quantities.unbound import UnboundCollector
from ..reviews import pending, read_review_file, reviewed_documents, stage_reviews
from ..snapshot import Snapshot
from ..store import GraphStore
from ..store._layout import StoreLayout
from .corpus import check_corpus, revisions_hint
from .derive import (
    Outlines,
    Targets,
    derive_edges,
    link_modifications,
    quantity_warning,
    undeclared_changes,
    undeclared_facets,
)
from .named_groups import groups_key, held_groups, recorded_groups, write_named_groups
from .plan import plan_ingest
from .reader import DocumentReader, ProjectFiles, RegisterAccess, _installed_reader

if TYPE_CHECKING:
    from ..embedding import Embedder
    from ..store import IngestTransaction

__all__ = [
    "IngestFailed", "Progress", "ingest", "read_failed", "withhold_listing", "withhold_problems",
    "withhold_read_problems",
]

class IngestFailed(InputErrors):
    """An ingest's problems, the graph unchanged, with the access of every revision the ingest
    read, by file (``access``: ``(file, access groups or None)``, a file that did not parse
    by the access its metadata declares, where that reads), and of what each row of the
    project's register records (``register``, ``ProjectFiles.register_access``), so the
    problems can be shown to an asker by the files and rows they may read (``withhold_problems``)."""

    def __new__(cls, message: str, errors: Sequence[InputError],
                access: Iterable[tuple[str, Sequence[str] | None]] = (),
                register: RegisterAccess | None = None) -> IngestFailed:
        return super().__new__(cls, message, errors)  # type: ignore[return-value]

    def __init__(self, message: str, errors: Sequence[InputError],
                 access: Iterable[tuple[str, Sequence[str] | None]] = (),
                 register: RegisterAccess | None = None) -> None:
        super().__init__(message, errors)
        self.access = tuple(access)
        self.register = register


def withhold_problems(failed: IngestFailed, groups: Iterable[str]) -> InputErrors:
    """``failed``'s problems as an asker holding ``groups`` may see them (an admin reads what
    its groups read): a problem is quoted when its file is one whose every revision the access
    gate lets them read; the others — in a file of a revision they may not read, in a file
    whose access did not read (fail closed), in ``reviews.yaml`` (entries about any document),
    at no file — are counted in one more problem, their files not named (``_quoted``, the one
    rule for an ingest's problems and warnings). A problem in the project's register is judged
    by its row (``failed.register``, ``_register_shown``): the register's own (its header, at
    no line) quoted; a row's quoted when the gate lets them read what the row records, else
    counted; at a row whose access does not read (or at a line no row read), told at its line
    and column alone, its words and values withheld (fail closed: a restricted row's values
    never shown, its place told so the register can be put right). Without ``failed.register``
    every problem of the register is counted."""
    held = tuple(groups)
    by_file = _readable_files(failed.access, held)
    # a problem in what says a file's access (a marking line read as access, an access or public
    # field that does not read) leaves that file's access unknown, whatever else declares it: its
    # problems counted, never quoted (audit 82 A F2: a Word/PDF/CSV marking naming a group was
    # quoted, its file taken as public by a sidecar that declares none, where Markdown withheld it)
    by_file.update((name, False) for name in _access_unknown(failed.exceptions))
    register = failed.register
    problems: Sequence[Exception] = failed.exceptions
    shown: list[InputError] = []
    hidden = 0
    if register is not None:
        at_register = [p for p in problems if isinstance(p, InputError) and p.file == register.file]
        mine = {id(p) for p in at_register}  # by identity, in one pass: 80,000 rows' problems were 7 minutes
        problems = [p for p in problems if id(p) not in mine]
        shown, hidden = _register_shown(at_register, register, held, by_file)
    quoted, withheld = _quoted(problems, by_file)
    shown, hidden = [*shown, *quoted], hidden + withheld
    if hidden:
        shown.append(InputError(
            f"{hidden} more problem{'s' if hidden != 1 else ''} withheld (access): in files your groups may not "
            "read, or whose access could not be read",
            hint="whoever holds the files (an ingest without groups, on the command line) or a key holding the "
                 "groups sees them"))
    return InputErrors(failed.message, shown)


def withhold_read_problems(failed: InputErrors, files: ProjectFiles, groups: Iterable[str]) -> InputErrors:
    """A read of the project's files that failed short of an ingest (``lag`` reading what
    document control recorded, ``rules impact`` reading a pack test's corpus: a file whose
    metadata does not read) as an asker holding ``groups`` may see it, by the rule a failed
    ingest's problems are shown by (``withhold_problems``, through ``read_failed``): each
    document file judged by the access its metadata declares where that reads (``_declared``,
    as ingest judges a file that did not parse), one whose access does not read counted, never
    quoted (audit NN-2: ``lag`` quoted a restricted file's front-matter value that ``ingest``
    withheld); each problem of the register by its row, the register's own (its header, an
    unknown column) quoted as ``lag`` has named them (audit 23g L3, L6)."""
    return withhold_problems(read_failed(failed.message, failed.exceptions, files), groups)  # type: ignore[arg-type]


def read_failed(message: str, problems: Sequence[InputError], files: ProjectFiles) -> IngestFailed:
    """``problems`` (of a read of the project's files) with what shows them to an asker: the
    access each document file they name declares (``_declared``) and what each row of the
    register records (``_register_access``)."""
    register = _register_access(files, problems)
    named = sorted({problem.file for problem in problems if isinstance(problem, InputError)
                    and problem.file is not None and (register is None or problem.file != register.file)})
    return IngestFailed(message, problems, _declared(files, named), register)


def _register_access(files: ProjectFiles, problems: Sequence[Exception]) -> RegisterAccess | None:
    """What each row of the project's register records (``ProjectFiles.register_access``),
    read only when one of ``problems`` is the register's (None otherwise: none to judge); a
    reader without the method: the register known, no row's access known (fail closed)."""
    registry = files.manifest.registry
    if not registry or not any(isinstance(problem, InputError) and problem.file == registry for problem in problems):
        return None
    read = getattr(files, "register_access", None)
    try:
        found = read() if read is not None else None
    except (InputError, InputErrors, OSError):
        found = None
    return found if found is not None else RegisterAccess(file=registry)


def _register_row(files: ProjectFiles, name: str) -> tuple[str, int] | None:
    """The register (as the manifest names it, as its other problems are named) and the line of
    its row describing the file ``name``; None when no row does (or there is no register, or a
    reader without registers). Asked only of a revision a corpus check refuses."""
    rows = getattr(files, "register_rows", None)
    registry = files.manifest.registry
    found = rows([name]) if rows is not None and registry else None
    return (registry, found.lines[0]) if found is not None and found.lines else None


def _register_shown(problems: Sequence[InputError], register: RegisterAccess, groups: tuple[str, ...],
                    by_file: dict[str, bool]) -> tuple[list[InputError], int]:
    """The register's ``problems`` an asker holding ``groups`` is told (``withhold_problems``),
    and how many others are withheld: the register's own — at no line, or at its header row —
    whole; a row's whole when the access gate lets them read what the row records
    (``register.rows``; a hint naming revisions, only those in files ``by_file`` says they may
    read), counted when not; a row's whose access does not read, or at a line no row read, at
    its line and column alone."""
    readable = _readable_files([(str(line), access) for line, access in register.rows.items()], groups)
    told: list[InputError] = []
    counted = 0
    for problem in problems:
        if problem.line is None or problem.line == register.header:
            told.append(problem)
        elif problem.line not in register.rows:
            told.append(InputError(
                "does not read (its text and values withheld: access, the row's access does not read)",
                file=problem.file, line=problem.line, field=problem.field, reason=problem.reason,
                hint="whoever holds the files (an ingest without groups, on the command line) or a key holding "
                     "the groups sees it"))
        elif readable.get(str(problem.line), False):
            told.append(_named_for(problem, by_file))
        else:
            counted += 1
    return told, counted


def withhold_listing(result: IngestResult, groups: Iterable[str]) -> list[str]:
    """``result`` as an asker holding ``groups`` may see it (an admin reads what its groups
    read), changed in place; returns the documents (ids, sorted) whose revisions it lists by id
    alone. A revision they may not read (the access gate over ``result.access``) is listed in
    ``added``, ``replaced``, ``rederived`` and ``removed`` by its document id alone, its label
    left out (rule 3 of ``engine.access``); its quarantined tables are left out, and its
    provisions and quantities are not counted in ``provisions``, ``quantities`` and ``unbound``, nor the
    items of an addendum with such a revision in ``skipped_items``. A warning, a
    quarantined table or a skipped file is shown by ``_quoted``'s rule, the one a failed
    ingest's problems are shown by: quoted when its file is one whose every revision they may
    read, else counted in one more warning, its file not named."""
    held = tuple(groups)
    revisions = [(uid, uid.partition("@")[0], access) for _, uid, access in result.access if uid]
    readable = {uid for (uid, _, _), may in zip(revisions, AccessGate(revisions).readable(held), strict=True)
                if may}
    withheld: set[str] = set()

    def listed(uids: list[str]) -> list[str]:
        shown = []
        for uid in uids:
            if uid not in readable:
                uid = uid.partition("@")[0]
                withheld.add(uid)
            shown.append(uid)
        return shown

    result.added, result.replaced = listed(result.added), listed(result.replaced)
    result.rederived, result.removed = listed(result.rederived), listed(result.removed)
    # the totals and the unbound quantities count only what they may read: a count over a
    # revision they may not read tells of its words (a figure more or less in it)
    result.provisions = sum(n for uid, (n, _) in result.tallies.items() if uid in readable)
    result.quantities = sum(n for uid, (_, n) in result.tallies.items() if uid in readable)
    if result.unbound_read_by is not None:
        result.unbound = result.unbound_read_by(held)
    by_file = _readable_files([(file, access) for file, _, access in result.access], held)
    by_file.update((name, False) for name in _access_unknown(result.warnings))  # as ``withhold_problems``
    # "DOC#4.2.A does not exist", where DOC has a revision they may not read: to them a section
    # only such a revision holds does not exist either, and the item naming one is listed as not
    # understood as this one is (``reviews.withhold``), so the note is left out, not counted
    partly = {doc for uid, doc, _ in revisions if uid not in readable}
    # the items skipped (Division 00, ...) counted over the addenda they may read every revision
    # of, as ``reviews.withhold`` lists items: a restricted addendum's count tells of its words
    whole = {doc for _, doc, _ in revisions} - partly
    skipped_items: dict[str, int] = {}
    for doc, counts in result.skipped_by.items():
        if doc in whole:
            for rule, count in counts.items():
                skipped_items[rule] = skipped_items.get(rule, 0) + count
    result.skipped_items = skipped_items
    told = [w for w in result.warnings if getattr(w, "lacks_target_of", None) not in partly
            and not read_otherwise(w, readable.__contains__)]
    warnings, hidden = _quoted(told, by_file)
    quarantined = [table for table in result.quarantined
                   if table.document in readable and by_file.get(table.file, False)]
    skipped = [name for name in result.skipped if by_file.get(name, False)]
    hidden += len(result.quarantined) - len(quarantined) + len(result.skipped) - len(skipped)
    if hidden:
        warnings.append(InputError(
            f"{hidden} more warning{'s' if hidden != 1 else ''} withheld (access): in files your groups may not "
            "read, or whose access could not be read",
            hint="whoever holds the files (an ingest without groups, on the command line) or a key holding the "
                 "groups sees them"))
    result.warnings, result.quarantined, result.skipped = warnings, quarantined, skipped
    return sorted(withheld)


#: The fields whose problem leaves a file's access unknown (``withhold_problems``).
_ACCESS_FIELDS = frozenset({"access", "public"})


def _access_unknown(problems: Sequence[Exception]) -> set[str]:
    """The files of ``problems`` with a problem in what says their access (a field of
    ``_ACCESS_FIELDS``: a marking line, an access or public value that does not read; or
    ``reason`` ``"marking"``: a metadata title read as a marking)."""
    return {problem.file for problem in problems if isinstance(problem, InputError) and problem.file is not None
            and (problem.field in _ACCESS_FIELDS or problem.reason == "marking")}


def _readable_files(access: Iterable[tuple[str, Sequence[str] | None]], groups: Iterable[str]) -> dict[str, bool]:
    """Per file of ``access`` (``(file, access groups or None)`` per revision it holds), whether
    an asker holding ``groups`` may read every revision it holds (the access gate, rule 1)."""
    access = tuple(access)
    readable = AccessGate([(f"{file}#{n}", file, groups_of) for n, (file, groups_of) in enumerate(access)]
                          ).readable(tuple(groups))
    by_file: dict[str, bool] = {}
    for (file, _), may in zip(access, readable, strict=True):
        by_file[file] = by_file.get(file, True) and bool(may)
    return by_file


def _quoted(problems: Sequence[Exception], by_file: dict[str, bool]) -> tuple[list[InputError], int]:
    """The problems (or warnings) an asker is quoted — those at a file ``by_file`` says they may
    read whole — and how many others are withheld: in a file of a revision they may not read, in
    a file whose access did not read (absent: fail closed), in the register or ``reviews.yaml``
    (rows and entries about any document), at no file."""
    shown = [_named_for(problem, by_file) for problem in problems
             if isinstance(problem, InputError) and problem.file is not None and by_file.get(problem.file, False)]
    return shown, len(problems) - len(shown)


def _named_for(problem: InputError, by_file: dict[str, bool]) -> InputError:
    """``problem`` as an asker is quoted it: a hint naming another document's revisions
    (``corpus.revisions_hint``) names only those in files ``by_file`` says they may read."""
    named = getattr(problem, "names_revisions", None)
    if named is None:
        return problem
    doc, revisions = named
    hint = revisions_hint(doc, [label for label, file in revisions if by_file.get(file, False)], asker=True)
    return InputError(problem.message, file=problem.file, line=problem.line, col=problem.col, field=problem.field,
                      hint=hint, code=problem.code, reason=problem.reason)


def _declared(files: ProjectFiles, names: Iterable[str]) -> list[tuple[str, Sequence[str] | None]]:
    """The access each of ``names`` (files that did not parse) declares, where it reads."""
    found: list[tuple[str, Sequence[str] | None]] = []
    for name in names:
        try:
            found.append((name, files.access_of(name)))
        except (InputError, InputErrors):
            continue  # unknown: its problems are withheld from every asker with groups
    return found


def _access(result: IngestResult, files: ProjectFiles, revisions: Iterable[Document], names: Iterable[str]) -> None:
    """``result.access``: the access of ``revisions`` (those the graph holds after the ingest
    and those it removed), and of each other document file (of ``names``) a warning or
    ``skipped`` names, as its metadata declares it where that reads (``withhold_listing``
    shows the result by it; the register, ``reviews.yaml`` and the like have none)."""
    result.access = [(doc.source.file, doc.uid, doc.access) for doc in revisions]
    known = {file for file, _, _ in result.access}
    named = {w.file for w in result.warnings if isinstance(w, InputError) and w.file is not None} | set(result.skipped)
    result.access += [(file, "", access) for file, access in _declared(files, sorted((named & set(names)) - known))]


#: Called as progress(done, total, current_file) while files are parsed.
Progress = Callable[[int, int, str], None]


def ingest(root: str | Path, reader: DocumentReader, *, progress: Progress | None = None,
           embedder: Callable[[], Embedder | None] | None = None, rebuild: bool = False,
           erasing: str | None = None) -> IngestResult:
    """Bring the project's graph up to date with its files, all or nothing.

    Files whose content hash the graph already holds are skipped; changed files replace their
    old revision; files that disappeared are removed (``plan_ingest`` decides). A change of
    parser or rule packs (the configuration id, ``engine.build``) re-derives everything; the
    new graph is stamped with an index build id over what it holds, which a no-op re-ingest
    leaves unchanged. Supersedes edges the project's supersession rules read out of addendum
    wording are derived once every document's metadata is known, so an addendum parsed before
    the specification it amends still resolves.

    A revision an entry of ``erasures.yaml`` names, and a file whose bytes hash to an erased
    source, is not read (a warning names the erasure); while an erasure other than ``erasing``
    is pending, nothing is ingested (``engine.erase``). ``rebuild``: build the new graph from
    an empty database, every file read again, instead of from a copy of the live one.
    """
    # An ingest keeps every document's metadata until it returns and holds no reference
    # cycles: the collector's full passes over that growing heap found nothing (~1.5 s of a
    # 24k-file ingest), so it is paused as the as-of index build pauses it.
    root = Path(root)
    with collector_paused(), headings_read_here(), reader.open(root) as files:
        return _ingest(root, files, progress, embedder, rebuild=rebuild, erasing=erasing,
                       installed=_is_installed(reader))


def _is_installed(reader: DocumentReader) -> bool:
    """Whether ``reader`` is the installed default reader (``default_reader``), whose file
    lines ``readings_of`` gives each item: only its reading of the addenda is kept as the
    build's (another reader may number the lines otherwise)."""
    try:
        installed = _installed_reader()
    except Exception:  # noqa: BLE001 - none installed: the reading is not the one a later process reads
        return False
    return reader is installed or (isinstance(installed, type) and type(reader) is installed)


#: How many documents just parsed are held for a later revision's ``changed`` check.
_RECENT = 8


def _ingest(root: Path, files: ProjectFiles, progress: Progress | None,
            embedder: Callable[[], Embedder | None] | None = None, *, rebuild: bool = False,
            erasing: str | None = None, installed: bool = False) -> IngestResult:
    started = time.perf_counter()
    manifest = files.manifest
    warnings = list(files.warnings)
    rules = compile_manifest(manifest, root)
    try:
        names, unread = files.discover()
    except InputErrors as failed:  # the register or a file's metadata names wrongly: shown by ``withhold_problems``
        raise read_failed(failed.message, failed.exceptions, files) from None  # type: ignore[arg-type]
    warnings += unread
    # the groups each unchanged file's metadata named, as the build before recorded them, given before any
    # parse (a reader that records none need not have these methods; a rebuild reads every file again)
    take_groups, named_groups = getattr(files, "take_named_groups", None), getattr(files, "named_groups", None)
    groups_kept = groups_key(manifest)
    if take_groups is not None:
        take_groups({} if rebuild else recorded_groups(StoreLayout(root).home, groups_kept))
    # a drawing set's abbreviations extend the vocabulary: read first, and a changed legend reads every document again
    legend, first_parsed, not_applied = _legends(root, files, names, rules)
    warnings += not_applied  # a restricted revision's legend: at its file, withheld from who may not read it
    configuration = configuration_id(PARSER_VERSION, [*rules.hashes, *_legend_hash(legend),
                                                      *_undeclared_hash(manifest), *_groups_hash(files)],
                                     EXTRACTOR_VERSION)
    # a bad review file or a pending erasure fails here, the graph untouched: as an ingest's failure,
    # so that an asker with groups is told it by ``withhold_problems`` (these files speak of any
    # document: counted, never quoted, to them; audit 35 CC-01, CC-02)
    try:
        reviews, reviews_hash = read_review_file(root)
        erased = ErasedDocuments.of(root, finishing=erasing)
    except IngestFailed:
        raise
    except InputErrors as failed:
        raise IngestFailed(f"{root}: ingest failed, the graph is unchanged", failed.exceptions) from None
    except InputError as failed:
        raise IngestFailed(f"{root}: ingest failed, the graph is unchanged", [failed]) from None
    reviewed = reviewed_documents(reviews)

    with GraphStore.open(root, read_only=False, rebuild=rebuild) as store:
        if store.recovered is not None:
            warnings.append(InputError(store.recovered))
        # the erased revisions, put back as tombstones (dates, access, paths; no text): planned as
        # sources of their own, so an entry added or lifted changes the graph as a file would
        tombstones = erased.tombstones() if erased else {}
        # a revision the graph holds that an erasure now covers (an entry added since, by hand or restored with
        # the record) is read again, so the erasure keeps it out as it keeps out a file read anew: its file is
        # unchanged, and an ingest said "up to date" while the text an entry calls erased was served (audit 90 A F2)
        # (and a file an entry lists as its source, read again to be checked as its document's: audit 90 A F3)
        listed = {source.file for entry in erased.entries for source in entry.sources} if erased else set()
        covered = {name for name, (uid, _) in store.source_hashes().items()
                   if name in listed or erased.covering(*uid.rpartition("@")[::2])} if erased else set()

        def hashed(name: str) -> str:
            if name in tombstones:
                return tombstones[name].content_hash
            return files.content_hash(name) + ("+erased" if name in covered else "")

        plan = plan_ingest(store, [*names, *tombstones], hashed, manifest=manifest, rules=rules,
                           configuration=configuration, reviews=reviews_hash, reviewed=reviewed)
        result = IngestResult(project=manifest.project, build_id=store.build_id(), warnings=warnings,
                              skipped=[problem.file or "" for problem in unread], unchanged=plan.unchanged)
        if plan.nothing_to_do and not rebuild:
            store.refresh_files()  # the live build's files as this release writes them (audit 132 F1)
            _access(result, files, (), names)
            result.seconds = time.perf_counter() - started
            return result

        gone = set(plan.gone)
        kept, removed = [], []
        for doc in store.documents():
            (removed if doc.uid in gone else kept).append(doc)
        kept_ids = {doc.id for doc in kept}
        new_paths: dict[str, set[str]] = {}
        metadata: list[Document] = list(kept)
        problems: list[InputError] = []
        unparsed = False  # a file to read did not parse
        unparsed_files: list[str] = []  # those files: their access is read apart, should the ingest fail
        directory = TargetDirectory.of_store(store, kept)
        parsed_numbers: dict[str, tuple[str, ...]] = {}  # the section numbers of each revision parsed now
        stored_numbers = functools.cache(store.section_numbers)  # and of those kept, read when first needed
        deriving_kinds = {kind for rule in rules.supersession for kind in rule.document_kinds}
        outlines = Outlines(store, kept, {kind for rule in rules.supersession for kind in rule.target_kinds},
                            texts=embedder is not None)  # a proposal's similarity: only with an embedder
        to_derive: list[Document] = []  # addenda and the like: few, kept whole until derived
        held: list[Document] = []  # Akoma Ntoso acts whose modifications wait for the whole corpus
        # revisions that declare `changed`, checked against their predecessors once every revision
        # is known: their metadata and own words' digests (``own_text_digests``), never whole (in a
        # corpus revised throughout they are most documents)
        declaring: list[tuple[Document, dict[str, bytes]]] = []
        # their predecessors as parsed here (files of one document sort together: the last few
        # parsed hold it), kept as (file, digests) so the check below need not parse them again
        recent: dict[str, Document] = {}
        predecessors: dict[str, tuple[str, dict[str, bytes]]] = {}
        reviewed_items: list[Document] = []  # revisions holding items reviews.yaml accepts, kept whole
        packs = {loaded.name: loaded.content_hash for loaded in rules.packs}
        unbound: UnboundCollector | None = None
        # the project's quantity extractor, looked up on the first document read and kept: the
        # lookup's key serialises every rule of the vocabulary, a cost once per document otherwise
        extractor: QuantityExtractor | None = None
        # an amending item's unbound figures, told once the snapshot has read them in their targets' words
        amending: list[tuple[Document, Sequence[Quantity]]] = []

        with store.begin_ingest(manifest, configuration, rule_packs=packs, reviews=reviews_hash) as tx:
            for uid in plan.gone:
                tx.remove(uid)
            parse_started = time.perf_counter()
            for done, name in enumerate(plan.to_parse, 1):
                if progress is not None:
                    progress(done, len(plan.to_parse), name)
                if name in tombstones:
                    _stage_tombstone(tombstones[name], tx, metadata, new_paths, directory, outlines, parsed_numbers,
                                     staging=not problems)
                    if name not in plan.rereading:
                        (result.replaced if name in plan.previous else result.added).append(tombstones[name].uid)
                    continue
                gone_by = erased.by_file(files.content_hash(name)) if erased else None
                if gone_by is not None:
                    result.warnings.append(erased.skipped(gone_by, name, f"an erased source of {gone_by.document}"))
                    result.skipped.append(name)
                    continue
                try:
                    parsed = first_parsed.pop(name) if name in first_parsed else files.parse(name)
                except InputErrors as group:
                    problems.extend(group.exceptions)  # type: ignore[arg-type]
                    unparsed = True  # what it holds is unknown: no target can be called missing
                    unparsed_files.append(name)
                    continue
                if parsed.document is None:
                    # nothing in it could answer as in force: left out, and named
                    if parsed.unreadable is not None:
                        result.warnings.append(parsed.unreadable)
                    result.skipped.append(name)
                    continue
                document = parsed.document
                if erased and (misnamed := erased.misnamed_source(name, document)) is not None:
                    problems.append(misnamed)
                gone_by = erased.covering(document.id, document.revision) if erased else None
                if gone_by is not None and (edited := erased.unlisted(gone_by, document)) is not None:
                    problems.append(edited)
                    continue
                if gone_by is not None:
                    result.warnings.append(erased.skipped(gone_by, name, document.uid))
                    result.skipped.append(name)
                    continue
                if document.changed is not None:
                    predecessors.update((uid, (one.source.file, own_text_digests(one))) for uid, one in recent.items()
                                        if one.id == document.id and uid not in predecessors)
                recent[document.uid] = document
                if len(recent) > _RECENT:
                    del recent[next(iter(recent))]
                if document.kind in deriving_kinds:
                    document = itemize(document, rules)  # every item of an addendum a provision
                result.warnings.extend(parsed.warnings)
                result.quarantined += [
                    QuarantinedTableReport(file=name, document=document.uid, **table.model_dump())
                    for table in document.quarantined_tables
                ]
                problems.extend(undeclared_facets(document, manifest.facets))
                # known to the checks across files whether or not it is staged: a document after
                # one with a mistake is no less there (a target in it is not missing)
                new_paths.setdefault(document.id, set()).update(p.path for p in document.provisions)
                metadata.append(document.model_copy(update={"provisions": (), "text_layer": ""}))
                if problems:
                    continue  # keep checking the rest, but stage nothing more
                if extractor is None:
                    from ..quantities.grammar_file import open_grammar
                    from ..quantities.units import unit_table

                    # read with the grammar tables the live build wrote when they check (``grammar_file``): the
                    # pipeline's reading, held to it by tests/engine/quantities/test_lite.py, without importing
                    # spaCy or building its pipeline (~0.8 s of a delta); else with the pipeline
                    extractor = project_extractor(rules, manifest.units, legend=legend,
                                                  grammar=open_grammar(store, unit_table(manifest.units)))
                try:
                    quantities, not_read = read_quantities(document, extractor)
                except TooManyFigures as past:  # refused at the provision where the count passed the limit
                    problems.append(InputError(
                        str(past), file=name, line=files.lines_at(document, [(past.path, past.offset)])[0],
                        field="quantities", hint="split it into several documents (a long schedule into several files)"))
                    continue
                if unbound is None:  # what no subject binds, told at the end (quantities.unbound)
                    unbound = UnboundCollector(extractor.units, extractor.binder.by_key, files.lines_at)
                if document.kind in deriving_kinds:
                    amending.append((document, quantities))
                else:
                    unbound.add(document, quantities)
                if not_read:
                    body = files.text_line(document)
                    result.warnings += [quantity_warning(document, located, body) for located in not_read]
                staged = document
                if document.source.format == "akoma_ntoso" and document.supersedes:
                    # its modifications are linked once the corpus is known (link_modifications)
                    held.append(document)
                    staged = document.model_copy(update={"supersedes": ()})
                tx.add(staged, quantities, find_qualifiers(document, rules) if rules.qualifiers else (),
                       lines_at=files.lines_at)
                result.quantities += len(quantities)
                result.tallies[document.uid] = (len(document.provisions), len(quantities))
                directory.add(document)
                parsed_numbers[document.uid] = section_numbers(document)
                outlines.add(document)
                if document.kind in deriving_kinds:
                    to_derive.append(document)
                if document.id in reviewed:
                    reviewed_items.append(document)
                result.provisions += len(document.provisions)
                if document.changed is not None:  # checked against its predecessor below
                    declaring.append((metadata[-1], own_text_digests(document)))
                if name in plan.rereading:
                    result.rederived.append(document.uid)  # unchanged: read again for its derivation
                else:
                    (result.replaced if name in plan.previous else result.added).append(document.uid)
            result.parse_seconds = time.perf_counter() - parse_started
            if unbound is not None:  # an asker's reading of it (Project.ingest with groups)
                result.unbound_read_by = unbound.report
            if unbound is not None and not amending:
                result.unbound = unbound.report()
            if not (problems or result.added or result.replaced or plan.gone or plan.rebuild or store.recovered
                    or plan.reviews_changed or rebuild):
                # only files that could not be read: nothing to stage, the graph stays as it is
                if unbound is not None and amending:
                    for document, quantities in amending:
                        unbound.add(document, quantities)
                    result.unbound = unbound.report()
                _access(result, files, metadata, names)
                result.seconds = time.perf_counter() - started
                return result

            stored: dict[tuple[str, str], bool] = {}  # the graph's answers, asked in bulk before the checks

            def has_target(locator: Locator) -> bool:
                if locator.path is None:
                    return locator.doc in kept_ids or locator.doc in new_paths
                if locator.path in new_paths.get(locator.doc, ()):
                    return True
                if locator.doc not in kept_ids:
                    return False
                asked = (locator.doc, locator.path)
                if asked not in stored:
                    stored[asked] = store.has_provision(locator.doc, locator.path)
                return stored[asked]

            def ask_the_graph(documents: list[Document]) -> None:
                """Every supersedes target of ``documents`` only the graph can answer for, asked at once."""
                asked = {(edge.target.doc, edge.target.path) for doc in documents for edge in doc.supersedes
                         if edge.target.path is not None and edge.target.doc in kept_ids
                         and edge.target.path not in new_paths.get(edge.target.doc, ())}
                asked -= stored.keys()
                held = store.held_provisions(asked)
                stored.update((pair, pair in held) for pair in asked)

            # each addendum's reading, kept as the build's readings file when it is the one a
            # later process would read (``keep_ingested``): by the installed reader, and of no
            # act whose declared modifications ``link_modifications`` retargets after the read
            read: dict[str, tuple[Reading, UnsharedReading | None]] | None = None
            read_with = ""
            if installed and not any(d.source.format == "akoma_ntoso" and d.supersedes for d in to_derive):
                read, read_with = {}, pack_key(rules.hashes)
            if not problems:
                metadata = link_modifications(held, metadata, has_target, tx, result)
                targets = Targets(directory, has_target, outlines, embedder=embedder,
                                  text=outlines.text if embedder is not None else None)
                metadata = derive_edges(files, to_derive, metadata, rules, targets, tx, result, views=ReaderViews(
                    dataclasses.replace(targets, paths=outlines.paths), metadata, outline=outlines.revision,
                    numbers=lambda uid: parsed_numbers.get(uid) or stored_numbers().get(uid, ())), read=read)
                ruled = [(edge.by, edge.target, edge.scope, edge.successor, edge.rule) for edge in result.derived]
                if reviews:  # and the edges rules applied to the documents not read again
                    ruled += [(edge.by, edge.target, edge.scope, edge.successor, edge.origin.removeprefix("rule:"))
                              for edge in store.supersedes() if edge.origin.startswith("rule:") and edge.by
                              and f"{edge.source.doc}@{edge.source.rev}" not in gone]
                metadata, wrong, told, stale = stage_reviews(reviews, reviewed_items, metadata, has_target, tx,
                                                             derived=ruled, kinds=deriving_kinds)
                problems.extend(wrong)
                result.warnings += told  # a stale decision, or one on an edge a rule applies
                # a decided one is not proposed again (a stale decision decides nothing)
                live = [r for r in reviews if r not in stale]
                result.proposed = pending(result.proposed, live)
                result.unshared = [u.model_copy(update={"proposed": tuple(pending(u.proposed, live))})
                                   for u in result.unshared]
                result.warnings += undeclared_changes(declaring, metadata, store, files,
                                                      new={*result.added, *result.replaced}, parsed=predecessors)
            ask_the_graph(metadata)
            problems.extend(check_corpus(metadata, has_target, complete=not unparsed,
                                         described=lambda doc: _register_row(files, doc.source.file)))
            if problems:
                raise IngestFailed(f"{root}: ingest failed, the graph is unchanged", problems,
                                   [*((doc.source.file, doc.access) for doc in metadata),
                                    *_declared(files, unparsed_files)], _register_access(files, problems))
            result.removed = [uid for uid in plan.gone if uid not in result.replaced and uid not in result.rederived]
            _access(result, files, [*metadata, *removed], names)

            def before_live() -> None:
                """What is read from the new graph, before it goes live: should any of it fail,
                the previous graph stays live (``IngestTransaction.commit``; audit 80 B F4)."""
                snapshot = Snapshot(root, store, rules=rules)
                snapshot.write_files(tidy=False)  # what the next process opens instead of rebuilding
                if named_groups is not None:  # what the next ingest takes instead of reading each file's metadata
                    with contextlib.suppress(OSError):
                        write_named_groups(store, held_groups(named_groups(), store.source_hashes()), groups_kept)
                if read is not None:  # the addenda as read: a copy for speed, a read-only home answers all the same
                    with contextlib.suppress(OSError):
                        keep_ingested(snapshot, read_with, deriving_kinds, read, tidy=False)
                if unbound is not None and amending:  # a figure bound in its target's words is not unbound
                    read_in = snapshot.read_in_spans()
                    for document, quantities in amending:
                        unbound.add(document, quantities, read_in)
                    result.unbound = unbound.report()

            if tx.commit(before_live).interrupted_after_live:
                result.warnings.append(InputError(
                    "interrupted (Ctrl-C) once the new graph was going live: the ingest finished first, and the new "
                    "graph answers", field="ingest"))
            result.swapped = True
        result.build_id = store.build_id()

    result.seconds = time.perf_counter() - started
    return result


def _stage_tombstone(document: Document, tx: IngestTransaction, metadata: list[Document], new_paths: dict[str, set[str]],
                     directory: TargetDirectory, outlines: Outlines, numbers: dict[str, tuple[str, ...]], *,
                     staging: bool) -> None:
    """Stage an erased revision's tombstone (``ErasedRevision.tombstone``) as a revision read:
    its paths are targets, its edges the ones it made; it has no text, so nothing is read in it
    (no quantity, qualifier or derived edge) and it is never itemized."""
    new_paths.setdefault(document.id, set()).update(p.path for p in document.provisions)
    metadata.append(document.model_copy(update={"provisions": ()}))
    if not staging:
        return  # a problem elsewhere: nothing more is staged
    tx.add(document)
    directory.add(document)
    numbers[document.uid] = section_numbers(document)
    outlines.add(document)


#: The files an abbreviation legend may stand in (a Markdown table, a drawing's callout).
_LEGEND_FILES = (".md", ".drawing.yaml", ".drawing.yml")


def _legends(root: Path, files: ProjectFiles, names: list[str], rules: RuleSet,
             ) -> tuple[tuple[tuple[str, str], ...], dict, list[InputError]]:
    """The abbreviation legends of the project's Markdown and drawing files, read before any
    document's quantities so every document is read with the whole set's abbreviations
    (``quantities.legend``), the files parsed for them, kept for the reading that follows, and
    a warning at each restricted revision's file whose legend is not applied (``legends_of``).
    Only a file whose words say ``abbreviation`` is parsed here; one that does not parse is
    left to the reading that follows, which reports it."""
    parsed: dict = {}
    for name in names:
        if not name.lower().endswith(_LEGEND_FILES):
            continue
        try:
            # (read as every input is, bounded: a file past the input limit, or no regular file, is refused by the
            # reading that follows, never read whole here first - a 3 GiB Markdown file took 15 s and 6.4 GB to be
            # refused, audit 106 B F1)
            data = read_bounded(root / name, what="a document", file=name, regular=True)
        except InputError:
            continue
        except OSError:
            data = None  # not a plain path: parse it to see
        if data is not None and b"abbreviation" not in data.lower():
            continue
        try:
            parsed[name] = files.parse(name)
        except InputErrors:
            continue
    documents = [found.document for found in parsed.values() if found.document is not None]
    legends = legends_of(documents)
    not_applied = [InputError(
        f"{document.id}: its abbreviation legend is not applied: a legend extends every document's vocabulary, "
        "and this document is restricted", file=document.source.file, field="abbreviations",
        hint="move the abbreviations to a document everyone may read (no access list), or leave them out")
        for document in legends.withheld]
    not_applied += [InputError(
        f"{document.id}: its abbreviation legend of {count:,} entries is not applied: a document's legend holds at "
        f"most {MAX_LEGEND_ENTRIES:,}", file=document.source.file, field="abbreviations",
        hint="keep the abbreviations the set uses; a drawing set's legend is a few hundred")
        for document, count in legends.oversized]
    for conflict in legends.conflicts:  # every definition is public: the warning may name them all
        (words, first), *others = conflict.definitions
        said = "; ".join(f"{_revision_name(document)}: {meaning!r}" for meaning, document in others)
        not_applied.append(InputError(
            f"abbreviation {conflict.abbreviation!r} is defined differently by two legends "
            f"({_revision_name(first)}: {words!r}; {said}): applied in neither, it binds no figure",
            file=first.source.file, field="abbreviations",
            hint="give it one meaning in every legend, or write the words out where they differ"))
    unapplied = (*legends.withheld, *(document for document, _ in legends.oversized))  # said so above
    for document in documents:
        if any(document is held for held in unapplied):
            continue
        for abbreviation in overlong_entries(document):
            not_applied.append(InputError(
                f"{document.id}: legend entry {abbreviation[:40]!r}... is not applied: an abbreviation and its words "
                f"are at most {ENTRY_MAX} characters each, as a synonym's", file=document.source.file,
                field="abbreviations", hint="shorten the entry, or leave it out"))
    past = legend_refused(project_vocabulary(rules), legends.entries)
    if past is not None:
        defining = sorted({document.source.file for document in documents if abbreviation_legend(document)
                           and not any(document is held for held in unapplied)})  # applied: public, within the bound
        not_applied.append(InputError(
            f"the abbreviation legends are not applied: with them the subject vocabulary {past[0]} (legends in "
            f"{', '.join(defining[:5])}{' ...' if len(defining) > 5 else ''})", file=defining[0],
            field="abbreviations", hint=past[1]))
        return (), parsed, not_applied
    return legends.entries, parsed, not_applied


def _revision_name(document: Document) -> str:
    """A legend's document by its id (and revision and file, so two revisions of one tell apart)."""
    return f"{document.id} revision {document.revision} ({document.source.file})"


def _undeclared_hash(manifest: Manifest) -> list[str]:
    """What the manifest's ``undeclared_access`` adds to the build's configuration (``build.undeclared_part``).
    The access it gives a document is in no file's content hash, yet every answer about that document
    turns on it: a build id left alone told ``replay`` and every answer's stamp that nothing changed
    when a document went from public to restricted (audit 107 A F1)."""
    part = undeclared_part(manifest.undeclared_access)
    return [part] if part is not None else []


def _groups_hash(files: ProjectFiles) -> list[str]:
    """What the groups the project's metadata names add to the build's configuration: the opening
    rule decides every document's opening by them, so a group named for the first time (or no more)
    reads every document again, as a fresh ingest would judge it (a public document whose opening
    said "Access - Owners" had stayed public once a sidecar named owners; audit 127 F2). Nothing
    when none is named (such a project keeps its build ids) or the reader does not tell them."""
    used = getattr(files, "groups_used", None)
    groups = sorted(used()) if used is not None else []
    if not groups:
        return []
    return ["groups_in_use:" + hashlib.sha256("\n".join(groups).encode()).hexdigest()[:24]]


def _legend_hash(legend: tuple[tuple[str, str], ...]) -> list[str]:
    """What the legend adds to the build's configuration: nothing without one (a project with
    no legend keeps its configuration), else a hash of its entries."""
    if not legend:
        return []
    import hashlib

    return ["legend:" + hashlib.sha256("\n".join(f"{a}\t{w}" for a, w in legend).encode()).hexdigest()[:16]]
