"""What an ingest derives once the corpus is known: supersedes edges read out of addendum
wording, the modifications Akoma Ntoso acts declare, and the warnings about what a revision
declares (``changed``, ``applies_to``) that its text or the manifest does not bear out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from inforce.ontology import (
    Document,
    IngestResult,
    InputError,
    InputErrors,
    Locator,
    NotFoundError,
    NotUnderstoodItem,
    Supersedes,
)
from inforce.rules import RuleSet

from ..derivation import TargetDirectory, derive_changed, derive_supersedes, outline_names
from ..facts import LocatedWarning
from ..store import GraphStore, IngestTransaction
from .reader import ProjectFiles

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
class Targets:
    """What derivation looks targets up in: the section and sheet directory, whether a locator
    exists, and each target document's named paragraphs."""

    directory: TargetDirectory
    has_target: Callable[[Locator], bool]
    names: Callable[[str], Mapping[str, str]]


class Outlines:
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


def derive_edges(
    files: ProjectFiles,
    documents: list[Document],
    metadata: list[Document],
    rules: RuleSet,
    targets: Targets,
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
        body = files.text_line(document) if derivation.not_understood else None
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


def quantity_warning(document: Document, located: LocatedWarning, body_line: int | None) -> InputError:
    """A quantity that was not understood, named by file, line and its words (kept, never guessed)."""
    warning = located.warning
    line = None if body_line is None else body_line + document.text_layer.count("\n", 0, warning.span.start)
    return InputError(f"{warning.message} (in {warning.text!r})", file=document.source.file, line=line,
                      field=str(located.locator.unpinned()), code=warning.code)


def undeclared_changes(
    declaring: list[Document], metadata: list[Document], store: GraphStore, files: ProjectFiles, *, new: set[str],
) -> list[InputError]:
    """A revision whose text differs from its predecessor's in sections its ``changed`` does not
    list: answers follow ``changed`` (an unlisted section is read from the earlier revision), so
    the difference is named, at the field, for a person to correct one or the other. The first
    ``NAMED`` are named one by one, the rest counted (a generated or bulk-edited corpus, named
    in full, would drown every other warning)."""
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
            full = files.parse(before.source.file).document if before.uid in new else store.document(before.uid)
        except (InputError, InputErrors, NotFoundError):
            continue
        if full is None:
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
