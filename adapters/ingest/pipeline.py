"""Ingest a project folder into its graph: parse what changed, check the corpus, swap atomically.

The store builds the new graph beside the old one, so every failure here — a bad file, a
corpus check, a crash during the load — leaves the previous graph exactly as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from inforce import PARSER_VERSION
from inforce.adapters.ingest import (
    UnreadableFileError,
    check_corpus,
    content_hash,
    discover_files,
    load_manifest_with_warnings,
    parse_document_with_warnings,
    source_name,
)
from inforce.adapters.ingest.documents import resolving_folders_once
from inforce.adapters.ingest.register import Register, read_register
from inforce.engine.asof.revisions import collector_paused
from inforce.engine.build import configuration_id
from inforce.engine.derivation import (
    DerivedEdge,
    TargetDirectory,
    derive_supersedes,
    find_qualifiers,
    outline_names,
)
from inforce.engine.facts import LocatedWarning, read_quantities
from inforce.engine.quantities import EXTRACTOR_VERSION, QuantityExtractor
from inforce.engine.quantities.extract import project_extractor
from inforce.engine.store import GraphStore, IngestTransaction
from inforce.ontology import Document, InputError, InputErrors, Locator, NotFoundError, Supersedes
from inforce.rules import RuleSet, compile_manifest

__all__ = ["IngestResult", "IngestSummary", "QuarantinedTableReport", "ingest_project"]

#: Called as progress(done, total, current_file) while files are parsed.
Progress = Callable[[int, int, str], None]


class QuarantinedTableReport(BaseModel):
    """A PDF table left out of the graph by the row-count check, for a person to confirm:
    its file, the revision it belongs to, its number (``table-N``), the page it starts on
    (and ends on, over a page break), the rows extracted and the rows the text layer shows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    document: str
    table: int
    page: int
    page_end: int | None = None
    extracted_rows: int
    text_rows: int


class IngestSummary(BaseModel):
    """What ``inforce ingest --format json`` prints about one ingest.

    ``derived`` lists every supersedes edge a rule read out of wording in this ingest (only the
    documents parsed in it are read: a re-ingest that parses nothing derives nothing), and
    ``derived_edges`` counts them. ``quarantined`` lists the PDF tables of the documents
    parsed in this ingest that the row-count check kept out of the graph.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    project: str
    index_build: str
    added: list[str]
    replaced: list[str]
    removed: list[str]
    unchanged: int
    #: unchanged addenda read again because the corpus their derivation reads changed
    rederived: list[str] = []
    provisions: int
    quantities: int = 0
    derived_edges: int
    derived: list[DerivedEdge]
    #: addendum items that name what they would change but derived no edge, to review by hand
    not_understood: list[NotUnderstoodItem] = []
    #: files under documents/ not ingested, each with why (no text layer, a kind inforce does not read)
    skipped: list[str] = []
    #: PDF tables whose rows were not indexed (their row counts disagree), to confirm by hand
    quarantined: list[QuarantinedTableReport] = []
    seconds: float
    graph_replaced: bool


class NotUnderstoodItem(BaseModel):
    """An addendum or change-order item a supersession rule could not read, where it is written."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Locator
    file: str
    line: int | None
    rule: str
    words: str
    #: why, when the rule read the item but could not place what it names; None: no wording reads it
    reason: str | None = None


@dataclass
class IngestResult:
    """What one ingest did. ``swapped`` is False when nothing changed and the graph was kept."""

    project: str
    build_id: str
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    #: unchanged addenda read again because the corpus their derivation reads changed
    rederived: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    provisions: int = 0
    quantities: int = 0
    derived: list[DerivedEdge] = field(default_factory=list)
    not_understood: list[NotUnderstoodItem] = field(default_factory=list)
    parse_seconds: float = 0.0
    seconds: float = 0.0
    swapped: bool = False
    warnings: list[InputError] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    quarantined: list[QuarantinedTableReport] = field(default_factory=list)

    @property
    def derived_edges(self) -> int:
        """How many supersedes edges the rules derived in this ingest."""
        return len(self.derived)

    @property
    def provisions_per_second(self) -> float:
        return self.provisions / self.seconds if self.seconds else 0.0

    def summary(self) -> IngestSummary:
        return IngestSummary(
            project=self.project, index_build=self.build_id, added=self.added, replaced=self.replaced,
            removed=self.removed, unchanged=self.unchanged, rederived=self.rederived, provisions=self.provisions,
            quantities=self.quantities,
            derived_edges=self.derived_edges, derived=self.derived, not_understood=self.not_understood,
            skipped=self.skipped,
            quarantined=self.quarantined, seconds=round(self.seconds, 3),
            graph_replaced=self.swapped,
        )


def _metadata(document: Document) -> Document:
    return document.model_copy(update={"provisions": (), "text_layer": ""})


def ingest_project(
    root: str | Path,
    *,
    progress: Progress | None = None,
) -> IngestResult:
    """Bring the project's graph up to date with its files, all or nothing.

    Files whose content hash the graph already holds are skipped; changed files replace their
    old revision; files that disappeared are removed. A change of parser or rule packs (the
    configuration id, ``engine.build``) re-derives everything; the new graph is stamped with
    an index build id over what it holds, which a no-op re-ingest leaves unchanged.
    Supersedes edges the project's supersession rules read out of addendum wording are
    derived once every document's metadata is known, so an addendum parsed before the
    specification it amends still resolves.
    """
    # An ingest keeps every document's metadata until it returns and holds no reference
    # cycles: the collector's full passes over that growing heap found nothing (~1.5 s of a
    # 24k-file ingest), so it is paused as the as-of index build pauses it.
    with collector_paused():
        return _ingest_project(Path(root), progress)


def _ingest_project(root: Path, progress: Progress | None) -> IngestResult:
    started = time.perf_counter()
    root = Path(root)
    manifest, warnings = load_manifest_with_warnings(root)
    rules = compile_manifest(manifest, root)
    configuration = configuration_id(PARSER_VERSION, rules.hashes, EXTRACTOR_VERSION)
    # the register, when the manifest names one, is the metadata of the files it describes;
    # a row naming a file the project lacks is an error at its line, before anything changes
    register = read_register(root / manifest.registry, manifest.registry, root=root) if manifest.registry else None
    if register is not None and (missing := register.missing_files(root)):
        raise InputErrors(f"{root}: ingest failed, the graph is unchanged", missing)
    files, unread = discover_files(root, register)
    if register is not None and (ignored := register.unread_files({_relative(p, root) for p in files})):
        raise InputErrors(f"{root}: ingest failed, the graph is unchanged", ignored)
    for path in unread:
        warnings.append(InputError(
            "not read: inforce reads Markdown (.md), drawings (.drawing.yaml), Word (.docx), Akoma Ntoso "
            "(.xml), PDFs (.pdf) and CSV schedules (.csv); a PDF, Word file or CSV needs a .yaml sidecar or a "
            "row in the project's register", file=_relative(path, root)))

    with GraphStore.open(root, read_only=False) as store:
        if store.recovered is not None:
            warnings.append(InputError(store.recovered))
        previous = store.source_hashes()  # source file -> (revision uid, content hash)
        packs = {loaded.name: loaded.content_hash for loaded in rules.packs}
        # The packs as the graph records them must be these, or the engine refuses to answer.
        rebuild = (store.configuration_id() != configuration or store.manifest() != manifest
                   or store.rule_pack_hashes() != packs)
        # named as the parser names them (a symlink inside the project by the file it leads
        # to), so a linked file is matched to its graph entry and not re-ingested every time
        with resolving_folders_once():
            current: dict[str, Path] = {source_name(path, root): path for path in files}
        # Only a file the graph already holds needs hashing to tell whether it changed; a new
        # one (every file of a first ingest) is parsed anyway, and the parser hashes it then.
        to_parse = [
            rel
            for rel, path in current.items()
            if rebuild or rel not in previous or previous[rel][1] != content_hash(path, root, register)
        ]
        changed_files = len(to_parse)
        deriving_kinds = {kind for rule in rules.supersession for kind in rule.document_kinds}
        if deriving_kinds and (to_parse or any(rel not in current for rel in previous)):
            # What an addendum's words derive depends on the rest of the corpus (which document
            # carries a section or sheet, what a paragraph is named): when anything changed, the
            # unchanged addenda are read again, so no edge stays derived from a corpus gone by.
            changing = set(to_parse)
            rereading = {doc.source.file for doc in store.documents()
                         if doc.kind in deriving_kinds and doc.source.file in current
                         and doc.source.file not in changing}
            to_parse += sorted(rereading)
        else:
            rereading = set()
        parsing = set(to_parse)
        gone = [uid for rel, (uid, _) in previous.items() if rel not in current or rel in parsing]
        result = IngestResult(project=manifest.project, build_id=store.build_id(), warnings=list(warnings),
                              skipped=[_relative(path, root) for path in unread])
        result.unchanged = len(current) - changed_files
        if not to_parse and not gone and not rebuild:
            result.seconds = time.perf_counter() - started
            return result

        kept = [doc for doc in store.documents() if doc.uid not in set(gone)]
        kept_ids = {doc.id for doc in kept}
        new_paths: dict[str, set[str]] = {}
        metadata: list[Document] = list(kept)
        problems: list[InputError] = []
        directory = TargetDirectory.from_documents(kept)
        outlines = _Outlines(store, kept, {kind for rule in rules.supersession for kind in rule.target_kinds})
        to_derive: list[Document] = []  # addenda and the like: few, kept whole until derived
        held: list[Document] = []  # Akoma Ntoso acts whose modifications wait for the whole corpus
        declaring: list[Document] = []  # revisions that declare `changed`: few, kept whole until checked

        with store.begin_ingest(manifest, configuration, rule_packs=packs) as tx:
            for uid in gone:
                tx.remove(uid)
            parse_started = time.perf_counter()
            # One moment's file system: resolve each folder's symlinks once, not per file.
            with resolving_folders_once():
                for done, rel in enumerate(to_parse, 1):
                    if progress is not None:
                        progress(done, len(to_parse), rel)
                    try:
                        document, file_warnings = parse_document_with_warnings(current[rel], root, register=register)
                    except UnreadableFileError as unreadable:
                        # nothing in it could answer as in force: left out, and named
                        result.warnings.append(unreadable)
                        result.skipped.append(rel)
                        continue
                    except InputErrors as group:
                        problems.extend(group.exceptions)  # type: ignore[arg-type]
                        continue
                    result.warnings.extend(file_warnings)
                    result.quarantined += [
                        QuarantinedTableReport(file=rel, document=document.uid, **table.model_dump())
                        for table in document.quarantined_tables
                    ]
                    problems.extend(_undeclared_facets(document, manifest.facets))
                    if problems:
                        continue  # keep checking the rest, but stage nothing more
                    quantities, unread = read_quantities(document, extractor(rules, manifest.units))
                    if unread:
                        body = _body_line(current[rel], document)
                        result.warnings += [_quantity_warning(document, located, body) for located in unread]
                    staged = document
                    if document.source.format == "akoma_ntoso" and document.supersedes:
                        # its modifications are linked once the corpus is known (_link_modifications)
                        held.append(document)
                        staged = document.model_copy(update={"supersedes": ()})
                    tx.add(staged, quantities, find_qualifiers(document, rules) if rules.qualifiers else ())
                    result.quantities += len(quantities)
                    directory.add(document)
                    outlines.add(document)
                    if document.kind in deriving_kinds:
                        to_derive.append(document)
                    result.provisions += len(document.provisions)
                    new_paths.setdefault(document.id, set()).update(p.path for p in document.provisions)
                    metadata.append(_metadata(document))
                    if document.changed is not None:
                        declaring.append(document)  # checked against its predecessor below
                    if rel in rereading:
                        result.rederived.append(document.uid)  # unchanged: read again for its derivation
                    else:
                        (result.replaced if rel in previous else result.added).append(document.uid)
            result.parse_seconds = time.perf_counter() - parse_started
            if not (problems or result.added or result.replaced or gone or rebuild or store.recovered):
                # only files that could not be read: nothing to stage, the graph stays as it is
                result.seconds = time.perf_counter() - started
                return result

            def has_target(locator: Locator) -> bool:
                if locator.path is None:
                    return locator.doc in kept_ids or locator.doc in new_paths
                if locator.path in new_paths.get(locator.doc, ()):
                    return True
                return locator.doc in kept_ids and store.has_provision(locator.doc, locator.path)

            if not problems:
                metadata = _link_modifications(held, metadata, has_target, tx, result)
                metadata = _derive(root, to_derive, metadata, rules, _Targets(directory, has_target, outlines),
                                   tx, result)
                unlisted = _undeclared_changes(declaring, metadata, store, root, new={*result.added, *result.replaced},
                                               register=register)
                result.warnings += unlisted[:_NAMED]
                if len(unlisted) > _NAMED:  # a generated or bulk-edited corpus: named in full would drown the rest
                    result.warnings.append(InputError(
                        f"and {len(unlisted) - _NAMED:,} more revisions whose text differs from their predecessor's "
                        "outside their `changed` list", field="changed"))
            problems.extend(check_corpus(metadata, has_target))
            if problems:
                raise InputErrors(f"{root}: ingest failed, the graph is unchanged", problems)
            result.removed = [uid for uid in gone if uid not in result.replaced and uid not in result.rederived]
            tx.commit()
            result.swapped = True
        result.build_id = store.build_id()

    result.seconds = time.perf_counter() - started
    return result


def _link_modifications(
    held: list[Document], metadata: list[Document], has_target: Callable[[Locator], bool],
    tx: IngestTransaction, result: IngestResult,
) -> list[Document]:
    """Stage the modifications the Akoma Ntoso acts parsed now declare, now that the corpus is
    known: one aimed at an act the project holds becomes its supersedes edge (a provision
    that act lacks is still the corpus check's error); one aimed at an act outside the
    project is reported and left out, as the contract says, never an error."""
    kept: dict[str, tuple[Supersedes, ...]] = {}
    for document in held:
        inside = []
        for edge in document.supersedes:
            if has_target(Locator(doc=edge.target.doc)):
                if edge.scope == "partial" and edge.target.path and not has_target(edge.target):
                    # an insertion names the provision it creates: the act it joins (its nearest
                    # provision that exists) is what it amends
                    joins = _nearest(edge.target, has_target)
                    result.warnings.append(InputError(
                        f"{edge.target} is not in the act yet (an insertion): linked as an amendment of {joins}",
                        file=document.source.file, line=edge.line, field="supersedes"))
                    edge = edge.model_copy(update={"target": joins})
                inside.append(edge)
                continue
            result.warnings.append(InputError(
                f"a modification of {edge.target} ({edge.scope}, from {edge.effective}) aims at an act the project "
                "does not hold: not linked", file=document.source.file, line=edge.line, field="supersedes",
                hint=f"add {edge.target.doc} to documents/ to have the change applied"))
        tx.add_edges(inside, declared=True)
        kept[document.uid] = tuple(inside)
    if not kept:
        return metadata
    return [meta.model_copy(update={"supersedes": kept[meta.uid]}) if meta.uid in kept else meta for meta in metadata]


def _nearest(target: Locator, has_target: Callable[[Locator], bool]) -> Locator:
    """The nearest enclosing provision of ``target`` that exists (``22A.1`` → ``22A`` → the act)."""
    parts = (target.path or "").split(".")
    for end in range(len(parts) - 1, 0, -1):
        candidate = Locator(doc=target.doc, path=".".join(parts[:end]))
        if has_target(candidate):
            return candidate
    return Locator(doc=target.doc)


@dataclass(frozen=True)
class _Targets:
    """What derivation looks targets up in: the section and sheet directory, whether a locator
    exists, and each target document's named paragraphs."""

    directory: TargetDirectory
    has_target: Callable[[Locator], bool]
    names: Callable[[str], Mapping[str, str]]


class _Outlines:
    """The named paragraphs (``outline_names``) of each document a supersession rule may
    target, for ``{name}``: the newest revision's, those parsed in this ingest taken as they
    are read, the graph's read when first asked for."""

    def __init__(self, store: GraphStore, kept: list[Document], kinds: set[str]) -> None:
        self._store = store
        self._kinds = kinds
        self._kept: dict[str, tuple[int, str]] = {}  # doc id → (seq, uid) of its newest kept revision
        for document in kept:
            if document.kind in kinds and (document.id not in self._kept or document.seq >= self._kept[document.id][0]):
                self._kept[document.id] = (document.seq, document.uid)
        self._names: dict[str, tuple[int, dict[str, str]]] = {}

    def add(self, document: Document) -> None:
        held = self._names.get(document.id)
        if document.kind in self._kinds and (held is None or document.seq >= held[0]):
            self._names[document.id] = (document.seq, outline_names(document))

    def __call__(self, doc_id: str) -> Mapping[str, str]:
        held, kept = self._names.get(doc_id), self._kept.get(doc_id)
        if held is not None and (kept is None or held[0] >= kept[0]):
            return held[1]
        if kept is None:
            return {}
        names = outline_names(self._store.document(kept[1]))
        self._names[doc_id] = (kept[0], names)
        return names


def _derive(
    root: Path,
    documents: list[Document],
    metadata: list[Document],
    rules: RuleSet,
    targets: _Targets,
    tx: IngestTransaction,
    result: IngestResult,
) -> list[Document]:
    """Stage the edges the supersession rules derive; return metadata carrying them for the checks."""
    derived_by_uid: dict[str, tuple] = {}
    for document in documents:
        derivation = derive_supersedes(document, rules, directory=targets.directory, has_target=targets.has_target,
                                       names=targets.names)
        for note in derivation.unresolved:
            result.warnings.append(
                InputError(f"no supersedes edge derived: {note}", file=document.source.file)
            )
        body = _body_line(root / document.source.file, document) if derivation.not_understood else None
        for missed in derivation.not_understood:
            line = None if body is None else body + document.text_layer.count("\n", 0, missed.offset)
            result.not_understood.append(NotUnderstoodItem(
                item=missed.item, file=document.source.file, line=line, rule=missed.rule, words=missed.words,
                reason=missed.reason))
        if derivation.edges:
            tx.add_edges(derivation.edges)
            result.derived.extend(derivation.derived)
            derived_by_uid[document.uid] = derivation.edges
    if not derived_by_uid:
        return metadata
    # Derived edges go through the same cycle and date checks as declared ones.
    return [
        meta.model_copy(update={"supersedes": meta.supersedes + derived_by_uid[meta.uid]})
        if meta.uid in derived_by_uid
        else meta
        for meta in metadata
    ]


def extractor(rules: RuleSet, units: Mapping[str, str] | None = None) -> QuantityExtractor:
    """The project's quantity extractor (``engine.quantities.project_extractor``)."""
    return project_extractor(rules, units)


def _quantity_warning(document: Document, located: LocatedWarning, body_line: int | None) -> InputError:
    """A quantity that was not understood, named by file, line and its words (kept, never guessed)."""
    warning = located.warning
    line = None if body_line is None else body_line + document.text_layer.count("\n", 0, warning.span.start)
    return InputError(f"{warning.message} (in {warning.text!r})", file=document.source.file, line=line,
                      field=str(located.locator.unpinned()), code=warning.code)


def _body_line(path: Path, document: Document) -> int | None:
    """The file line where a Markdown document's text layer starts (the file's text after its
    front matter); None where the text layer is not the file's text (PDF pages, callouts)."""
    if document.source.format != "markdown" or not document.text_layer:
        return None
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not raw.endswith(document.text_layer):
        return None
    return raw.count("\n", 0, len(raw) - len(document.text_layer)) + 1


#: How many revisions with unlisted changes ingest names one by one before it counts the rest.
_NAMED = 20


def _undeclared_changes(
    declaring: list[Document], metadata: list[Document], store: GraphStore, root: Path, *, new: set[str],
    register: Register | None = None,
) -> list[InputError]:
    """A revision whose text differs from its predecessor's in sections its ``changed`` does not
    list: answers follow ``changed`` (an unlisted section is read from the earlier revision), so
    the difference is named, at the field, for a person to correct one or the other."""
    from inforce.engine.derivation import derive_changed

    warnings: list[InputError] = []
    if not declaring:
        return warnings
    wanted = {document.id for document in declaring}
    revisions_of: dict[str, list[Document]] = {}
    for meta in metadata:  # once over the corpus, not once per declaring revision
        if meta.id in wanted:
            revisions_of.setdefault(meta.id, []).append(meta)
    for document in declaring:
        earlier = [meta for meta in revisions_of.get(document.id, ()) if meta.uid != document.uid
                   and (meta.effective.from_, meta.seq) < (document.effective.from_, document.seq)]
        if not earlier:
            continue
        before = max(earlier, key=lambda meta: (meta.effective.from_, meta.seq))
        try:  # the predecessor as this ingest reads it: parsed now, or as the graph holds it
            full = (parse_document_with_warnings(root / before.source.file, root, register=register)[0]
                    if before.uid in new
                    else store.document(before.uid))
        except (InputError, InputErrors, NotFoundError):
            continue
        declared = document.changed or ()
        unlisted = [path for path in derive_changed(full, document)
                    if not any(path == d or path.startswith(d + ".") or d.startswith(path + ".") for d in declared)]
        if unlisted:
            warnings.append(InputError(
                f"the text of {', '.join(unlisted)} differs from revision {before.revision}, but `changed` "
                f"does not list {'it' if len(unlisted) == 1 else 'them'}: answers read "
                f"{'it' if len(unlisted) == 1 else 'them'} from revision {before.revision}",
                file=document.source.file, line=document.source.line, field="changed",
                hint="list every section the revision changed (or leave `changed` out to have it worked out)",
            ))
    return warnings


def _undeclared_facets(document: Document, facets: tuple[str, ...]) -> list[InputError]:
    """A facet the manifest does not declare is read by no rule: the document would apply to
    every case of it (``markte: [UK]`` applying to every market). An input error, not a guess."""
    declared = ", ".join(facets) if facets else "none"
    return [
        InputError(f"{name!r} is not a facet of this project", file=document.source.file,
                   field=f"applies_to.{name}",
                   hint=f"the manifest's facets: {declared}; fix the name, or add it to `facets:` in inforce.yaml")
        for name in document.applies_to if name not in facets
    ]


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
