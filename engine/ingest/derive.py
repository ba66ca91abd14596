"""What an ingest derives once the corpus is known: supersedes edges read out of addendum
wording, the modifications Akoma Ntoso acts declare, and the warnings about what a revision
declares (``changed``, ``applies_to``) that its text or the manifest does not bear out."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inforce.ontology import (
    Document,
    IngestResult,
    InputError,
    InputErrors,
    Locator,
    NotFoundError,
    Supersedes,
    UnsharedReading,
)
from inforce.rules import RuleSet

from ..addenda.outcome import Reading
from ..addenda.reading import read_addendum
from ..addenda.view import ReaderViews
from ..derivation import (
    TargetDirectory,
    changed_between,
    lacking_target,
    outline_names,
    own_text_digests,
)
from ..facts import LocatedWarning
from ..store import GraphStore, IngestTransaction
from .reader import ProjectFiles

if TYPE_CHECKING:
    from ..embedding import Embedder

__all__ = [
    "Outlines",
    "Targets",
    "derive_edges",
    "link_modifications",
    "quantity_warning",
    "undeclared_changes",
    "undeclared_facets",
]

#: How many revisions with unlisted changes ingest names one by one before it counts the rest.
NAMED = 20


def link_modifications(
    held: list[Document], metadata: list[Document], has_target: Callable[[Locator], bool],
    tx: IngestTransaction, result: IngestResult,
) -> list[Document]:
    """Stage the modifications the Akoma Ntoso acts parsed now declare, now that the corpus is
    known: one aimed at an act the project holds becomes its supersedes edge; one aimed at an
    act outside the project is reported and left out, as the contract says, never an error.
    An act named by another type or date than its own id, with the same country and number
    (``SV-LEY-1993-07-20-604`` for ``SV-DECRETO-1993-07-15-604``), is linked with a warning
    naming both when the project holds exactly one such act. A provision the act lacks is
    reported and left out, never guessed, unless the change is partial and a provision around
    it exists (an insertion joins the provision it is inserted into). An expression dated on or
    after a change already holds it: the change is linked to it as consolidated (``amended_by``
    names it, no marker on its words), and marked only on the expressions before it."""
    acts = [meta.id for meta in metadata if meta.source.format == "akoma_ntoso"]
    expressions: dict[str, list[tuple[dt.date, str]]] = {}
    for meta in metadata:
        day = _version_date(meta)
        if day is not None:
            expressions.setdefault(meta.id, []).append((day, meta.revision))
    kept: dict[str, tuple[Supersedes, ...]] = {}
    for document in held:
        inside = []
        for edge in document.supersedes:
            named_doc = edge.target.doc
            if not has_target(Locator(doc=named_doc)):
                same = _same_work(named_doc, acts)
                if same is None:
                    result.warnings.append(InputError(
                        f"a modification of {edge.target} ({edge.scope}, from {edge.effective}) aims at an act the "
                        "project does not hold: not linked", file=document.source.file, line=edge.line,
                        field="supersedes", hint=f"add {named_doc} to documents/ to have the change applied"))
                    continue
                edge = edge.model_copy(update={"target": Locator(doc=same, path=edge.target.path)})
                if not edge.target.path or has_target(edge.target):
                    result.warnings.append(InputError(
                        f"a modification names {named_doc}, which the project does not hold; {same} has its "
                        f"country and number under another type or date: linked to {edge.target}",
                        file=document.source.file, line=edge.line, field="supersedes"))
            if edge.target.path and not has_target(edge.target):
                joins = _nearest(edge.target, has_target)
                if edge.scope != "partial" or joins.path is None:
                    result.warnings.append(InputError(
                        f"a modification of {edge.target} ({edge.scope}, from {edge.effective}"
                        + (f", named as {named_doc}" if named_doc != edge.target.doc else "")
                        + f") names a provision {edge.target.doc} does not have: not linked",
                        file=document.source.file, line=edge.line,
                        field="supersedes", hint="a destination is matched by its path, never by position"))
                    continue
                # an insertion names the provision it creates: the provision it joins (the
                # nearest one around it that exists) is what it amends
                result.warnings.append(InputError(
                    f"{edge.target} is not in the act yet (an insertion): linked as an amendment of {joins}",
                    file=document.source.file, line=edge.line, field="supersedes"))
                edge = edge.model_copy(update={"target": joins})
            held_versions = sorted(expressions.get(edge.target.doc, ()))
            if held_versions and edge.target.rev is None:
                # an expression of an act is its text as at its date: a change in force by
                # then is in its words already, and marking it again would say it is not (it
                # is named, consolidated: Supersedes.consolidated)
                before = [label for day, label in held_versions if day < edge.effective]
                holding = [label for day, label in held_versions if day >= edge.effective]
                if not before and not edge.successor:
                    result.warnings.append(InputError(
                        f"a modification of {edge.target} ({edge.scope}, from {edge.effective}) is already in the "
                        f"text of {edge.target.doc}@{held_versions[0][1]}, an expression as at {held_versions[0][0]}: "
                        "a deletion its text still holds is not linked", file=document.source.file, line=edge.line,
                        field="supersedes",
                        hint=f"add an expression of {edge.target.doc} dated before {edge.effective} to see it deleted"))
                    continue
                if holding and edge.successor:
                    # each expression that holds it is amended by it from its date (amended_by
                    # names it), its words marked by nothing: one edge pinned to each
                    inside += [edge.model_copy(update={
                        "target": Locator(doc=edge.target.doc, rev=label, path=edge.target.path),
                        "scope": "partial", "consolidated": True}) for label in holding]
                if not before:
                    result.warnings.append(InputError(
                        f"a modification of {edge.target} ({edge.scope}, from {edge.effective}) is already in the "
                        f"text of {edge.target.doc}@{held_versions[0][1]}, an expression as at {held_versions[0][0]}: "
                        "linked as an amendment its words already hold (amended_by names it, no marker)",
                        file=document.source.file, line=edge.line, field="supersedes",
                        hint=f"add an expression of {edge.target.doc} dated before {edge.effective} to see the "
                             "words it replaced"))
                    continue
                if holding:  # marked on the expressions before it only (their newest, pinned)
                    edge = edge.model_copy(update={"target": Locator(
                        doc=edge.target.doc, rev=before[-1], path=edge.target.path)})
            inside.append(edge)
        tx.add_edges(inside, declared=True)
        kept[document.uid] = tuple(inside)
    if not kept:
        return metadata
    return [meta.model_copy(update={"supersedes": kept[meta.uid]}) if meta.uid in kept else meta for meta in metadata]


def _version_date(meta: Document) -> dt.date | None:
    """An Akoma Ntoso expression's date (its revision is the version date), else None."""
    if meta.source.format != "akoma_ntoso":
        return None
    try:
        return dt.date.fromisoformat(meta.revision)
    except ValueError:
        return None


def _same_work(named: str, acts: Collection[str]) -> str | None:
    """The one act held whose id has the country (first part) and number (last part) of
    ``named``, another type or date between; None when none or several do."""
    country, number = named.split("-", 1)[0], named.rsplit("-", 1)[-1]
    found = {act for act in acts if act != named and "-" in act
             and act.split("-", 1)[0] == country and act.rsplit("-", 1)[-1] == number}
    return found.pop() if len(found) == 1 else None


def _nearest(target: Locator, has_target: Callable[[Locator], bool]) -> Locator:
    """The nearest enclosing provision of ``target`` that exists (``22A.1`` → ``22A`` → the act)."""
    parts = (target.path or "").split(".")
    for end in range(len(parts) - 1, 0, -1):
        candidate = Locator(doc=target.doc, path=".".join(parts[:end]))
        if has_target(candidate):
            return candidate
    return Locator(doc=target.doc)


@dataclass(frozen=True)
class Targets:
    """What derivation looks targets up in: the section and sheet directory, whether a locator
    exists, and each target document's named paragraphs and outline paths."""

    directory: TargetDirectory
    has_target: Callable[[Locator], bool]
    names: Callable[[str], Mapping[str, str]]
    paths: Callable[[str], Collection[str]] | None = None
    #: what loads the project's embedder when a proposal first needs it (None: no similarity)
    embedder: Callable[[], Embedder | None] | None = None
    #: a target's text, for the similarity of a proposal
    text: Callable[[Locator], str | None] | None = None


class Outlines:
    """The named paragraphs (``outline_names``) and outline paths of each document a
    supersession rule may target, for ``{name}`` and for placing a paragraph an item names:
    the newest revision's, those parsed in this ingest taken as they are read, the graph's
    read when first asked for."""

    def __init__(self, store: GraphStore, kept: list[Document], kinds: set[str], *, texts: bool = False) -> None:
        self._store = store
        self._kinds = kinds
        #: provision texts of the documents parsed in this ingest, kept only for the similarity of proposals
        self._texts: dict[str, tuple[int, str, dict[str, str]]] | None = {} if texts else None
        self._kept: dict[str, tuple[int, str]] = {}  # doc id → (seq, uid) of its newest kept revision
        for document in kept:
            if document.kind in kinds and (document.id not in self._kept or document.seq >= self._kept[document.id][0]):
                self._kept[document.id] = (document.seq, document.uid)
        self._names: dict[str, tuple[int, dict[str, str], tuple[str, ...]]] = {}
        self._newest: dict[str, str] = {}  # doc id → uid of the revision parsed now that ``_names`` holds
        #: the older revisions of a document parsed in this ingest (its newest is in ``_names``):
        #: their outlines, for reading an addendum against the revisions its readers share
        #: (``addenda.view``); a document of one revision keeps nothing more
        self._parsed: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}

    def add(self, document: Document) -> None:
        if document.kind not in self._kinds:
            return
        held = self._names.get(document.id)
        entry = (outline_names(document), tuple(p.path for p in document.provisions))
        if held is None or document.seq >= held[0]:
            if held is not None and document.id in self._newest:
                self._parsed[self._newest[document.id]] = (held[1], held[2])
            self._names[document.id] = (document.seq, *entry)
            self._newest[document.id] = document.uid
            if self._texts is not None:
                self._texts[document.id] = (document.seq, document.title or "",
                                            {p.path: p.text for p in document.provisions})
        else:
            self._parsed[document.uid] = entry

    def text(self, locator: Locator) -> str | None:
        """The words of ``locator`` in its newest revision (a whole document: its title and its
        first provisions), for the similarity of a proposal; None where it has none."""
        held = self._texts.get(locator.doc) if self._texts is not None else None
        if held is None:
            kept = self._kept.get(locator.doc)
            if kept is None:
                return None
            document = self._store.document(kept[1])
            held = (kept[0], document.title or "", {p.path: p.text for p in document.provisions})
            if self._texts is not None:
                self._texts[locator.doc] = held
        _, title, texts = held
        if locator.path is not None:
            return texts.get(locator.path)
        return " ".join([title, *list(texts.values())[:8]])[:2000] or None

    def _outline(self, doc_id: str) -> tuple[dict[str, str], tuple[str, ...]]:
        held, kept = self._names.get(doc_id), self._kept.get(doc_id)
        if held is not None and (kept is None or held[0] >= kept[0]):
            return held[1], held[2]
        if kept is None:
            return {}, ()
        document = self._store.document(kept[1])
        if held is not None and doc_id in self._newest:  # a kept revision is newer: the parsed one kept apart
            self._parsed[self._newest.pop(doc_id)] = (held[1], held[2])
        self._names[doc_id] = (kept[0], outline_names(document), tuple(p.path for p in document.provisions))
        return self._names[doc_id][1], self._names[doc_id][2]

    def __call__(self, doc_id: str) -> Mapping[str, str]:
        return self._outline(doc_id)[0]

    def revision(self, uid: str) -> tuple[Mapping[str, str], tuple[str, ...]]:
        """One revision's named paragraphs and outline paths (``outline_names``): one parsed in
        this ingest as read, one kept read from the graph (and kept)."""
        doc = uid.partition("@")[0]
        if self._newest.get(doc) == uid:
            return self._names[doc][1], self._names[doc][2]
        if uid not in self._parsed:
            try:
                document = self._store.document(uid)
            except NotFoundError:  # parsed now, of a kind no rule targets: no outline is looked up
                return {}, ()
            self._parsed[uid] = (outline_names(document), tuple(p.path for p in document.provisions))
        return self._parsed[uid]

    def paths(self, doc_id: str) -> tuple[str, ...]:
        """The outline paths of ``doc_id``'s newest revision."""
        return self._outline(doc_id)[1]


def derive_edges(
    files: ProjectFiles,
    documents: list[Document],
    metadata: list[Document],
    rules: RuleSet,
    targets: Targets,
    tx: IngestTransaction,
    result: IngestResult,
    views: ReaderViews | None = None,
    read: dict[str, tuple[Reading, UnsharedReading | None]] | None = None,
) -> list[Document]:
    """Stage the edges the supersession rules apply, list the proposals, the items not
    understood and the items skipped (``engine.addenda.reading``); return metadata carrying
    the applied edges for the checks. Each addendum is read against the revisions its readers
    share (``views``: ``engine.addenda.view``; None: against ``targets`` as they are).
    ``read``: filled with each addendum's reading as read, by revision uid (every proposal,
    before reviews decide any), for the build's readings file (``readings_file.keep_ingested``)."""
    derived_by_uid: dict[str, tuple] = {}
    if targets.paths is None and isinstance(targets.names, Outlines):
        targets = dataclasses.replace(targets, paths=targets.names.paths)
    embedder = _once(targets.embedder) if targets.embedder is not None else None
    for document in documents:
        body = files.text_line(document)
        def read_one(lookup: Targets, document: Document = document, body: int | None = body) -> Reading:
            return read_addendum(document, rules, lookup, body_line=body, embedder=embedder,
                                 target_text=lookup.text if embedder is not None else None)

        unshared: UnsharedReading | None = None
        if views is None:
            reading = read_one(targets)
        else:
            reading, unshared = views.read(document, read_one)
            if unshared is not None:
                result.unshared.append(unshared)
        if read is not None:
            read[document.uid] = (reading, unshared)
        otherwise = {item.unpinned().format() for item in unshared.items} if unshared is not None else set()
        for note in reading.unresolved:
            warning = InputError(f"no supersedes edge derived: {note}", file=document.source.file)
            if note.partition(": ")[0] in otherwise:  # read otherwise by whoever may read these (``read_otherwise``)
                warning.read_apart = unshared.apart  # type: ignore[attr-defined, union-attr]
            lacking = lacking_target(note)
            if lacking is not None:  # shown only to an asker who may read every revision of its document
                warning.lacks_target_of = lacking.doc  # type: ignore[attr-defined]
            result.warnings.append(warning)
        result.not_understood.extend(reading.not_understood)
        result.proposed.extend(reading.proposed)
        for rule, count in reading.skipped.items():
            result.skipped_items[rule] = result.skipped_items.get(rule, 0) + count
            by_doc = result.skipped_by.setdefault(document.id, {})
            by_doc[rule] = by_doc.get(rule, 0) + count
        if reading.edges:
            edges = tuple(reading.edges)
            tx.add_edges(edges)
            result.derived.extend(reading.applied)
            derived_by_uid[document.uid] = edges
    if not derived_by_uid:
        return metadata
    # Derived edges go through the same cycle and date checks as declared ones.
    return [
        meta.model_copy(update={"supersedes": meta.supersedes + derived_by_uid[meta.uid]})
        if meta.uid in derived_by_uid
        else meta
        for meta in metadata
    ]


def _once(load: Callable[[], Embedder | None]) -> Callable[[], Embedder | None]:
    """``load`` called the first time a proposal needs the embedder, and never again."""
    loaded: list[Embedder | None] = []

    def embedder() -> Embedder | None:
        if not loaded:
            loaded.append(load())
        return loaded[0]

    return embedder


def quantity_warning(document: Document, located: LocatedWarning, body_line: int | None) -> InputError:
    """A quantity that was not understood, named by file, line and its words (kept, never guessed)."""
    warning = located.warning
    line = None if body_line is None else body_line + document.text_layer.count("\n", 0, warning.span.start)
    return InputError(f"{warning.message} (in {warning.text!r})", file=document.source.file, line=line,
                      field=str(located.locator.unpinned()), code=warning.code)


def undeclared_changes(
    declaring: list[tuple[Document, Mapping[str, bytes]]], metadata: list[Document], store: GraphStore,
    files: ProjectFiles, *, new: set[str], parsed: Mapping[str, tuple[str, Mapping[str, bytes]]] | None = None,
) -> list[InputError]:
    """A revision whose text differs from its predecessor's in sections its ``changed`` does not
    list: answers follow ``changed`` (an unlisted section is read from the earlier revision), so
    the difference is named, at the field, for a person to correct one or the other. The first
    ``NAMED`` are named one by one, the rest counted (a generated or bulk-edited corpus, named
    in full, would drown every other warning). ``declaring``: each such revision's metadata with
    its own words by path (``own_text_digests``), not the whole document: in a corpus where most
    documents are revised, holding them whole until the end kept a large share of every
    provision parsed in memory (issue 26: 1.8 GB before the graph's build at a million).
    ``parsed``: predecessors this ingest parsed, by uid: (their file, their own words' digests)."""
    warnings: list[InputError] = []
    if not declaring:
        return warnings
    wanted = {document.id for document, _ in declaring}
    revisions_of: dict[str, list[Document]] = {}
    for meta in metadata:  # once over the corpus, not once per declaring revision
        if meta.id in wanted:
            revisions_of.setdefault(meta.id, []).append(meta)
    for document, own in declaring:
        earlier = [meta for meta in revisions_of.get(document.id, ()) if meta.uid != document.uid
                   and (meta.effective.from_, meta.seq) < (document.effective.from_, document.seq)]
        if not earlier:
            continue
        before = max(earlier, key=lambda meta: (meta.effective.from_, meta.seq))
        try:  # the predecessor as this ingest reads it: parsed now, or as the graph holds it
            if before.uid in new:
                kept = parsed.get(before.uid) if parsed else None
                if kept is not None and kept[0] == before.source.file:
                    previous: Mapping[str, bytes] | None = kept[1]
                else:
                    full = files.parse(before.source.file).document
                    previous = own_text_digests(full) if full is not None else None
            else:
                previous = own_text_digests(store.document(before.uid))
        except (InputError, InputErrors, NotFoundError):
            continue
        if previous is None:
            continue
        declared = document.changed or ()
        unlisted = [path for path in changed_between(previous, own)
                    if not any(path == d or path.startswith(d + ".") or d.startswith(path + ".") for d in declared)]
        if unlisted:
            warnings.append(InputError(
                f"the text of {', '.join(unlisted)} differs from revision {before.revision}, but `changed` "
                f"does not list {'it' if len(unlisted) == 1 else 'them'}: answers read "
                f"{'it' if len(unlisted) == 1 else 'them'} from revision {before.revision}",
                file=document.source.file, line=document.source.line, field="changed",
                hint="list every section the revision changed (or leave `changed` out to have it worked out)",
            ))
    if len(warnings) > NAMED:
        warnings = warnings[:NAMED] + [InputError(
            f"and {len(warnings) - NAMED:,} more revisions whose text differs from their predecessor's "
            "outside their `changed` list", field="changed")]
    return warnings


def undeclared_facets(document: Document, facets: tuple[str, ...]) -> list[InputError]:
    """A facet the manifest does not declare is read by no rule: the document would apply to
    every case of it (``markte: [UK]`` applying to every market). An input error, not a guess."""
    declared = ", ".join(facets) if facets else "none"
    return [
        InputError(f"{name!r} is not a facet of this project", file=document.source.file,
                   field=f"applies_to.{name}",
                   hint=f"the manifest's facets: {declared}; fix the name, or add it to `facets:` in inforce.yaml")
        for name in document.applies_to if name not in facets
    ]
