"""An ingest transaction: removals and documents staged now, one atomic swap at commit."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from inforce.ontology import (
    Document,
    InputError,
    Manifest,
    NotFoundError,
    QualifierLink,
    Quantity,
    StoreError,
    Supersedes,
)
from inforce.ontology.errors import nul_refused
from inforce.ontology.interrupts import CommitGuard

from ._artifacts import remove_other_generation_files, write_generation_files
from ._layout import StoreLayout, pause_point
from ._rows import edge_row, provision_rows, qualifier_rows, quantity_rows, revision_row
from ._schema import PROVISION_TABLES
from ._staging import StagingArea

__all__ = ["IngestReport", "IngestTarget", "IngestTransaction"]


class IngestTarget(Protocol):
    """What a transaction needs of the store it stages for (``GraphStore`` meets it): named by
    this protocol so this module, below ``graph``, never imports it back."""

    layout: StoreLayout

    def build_id(self) -> str: ...

    def _commit_ingest(self, tx: IngestTransaction, before_live: Callable[[], None] | None = None, *,
                       going_live: Callable[[], None] | None = None) -> None: ...

    def _end_ingest(self, tx: IngestTransaction) -> None: ...

#: Staging names of the containment relationships, per provision table (``_build`` loads
#: each ``CONTAINS-<from>-<to>`` file with its pair).
_CONTAINED_BY_REVISION = {table: f"CONTAINS-Revision-{table}" for table in PROVISION_TABLES.values()}
_CONTAINED_BY_SECTION = {table: f"CONTAINS-Section-{table}" for table in PROVISION_TABLES.values()}


#: What finds a provision's file line: ``(document, [(provision path, offset into its text
#: layer)]) -> [line or None]`` (``DocumentReader.lines_at``).
LinesAt = Callable[[Document, Sequence[tuple[str, int]]], list[int | None]]


def _refuse_nul(document: Document, lines_at: LinesAt | None = None) -> None:
    """Kuzu cuts a string at a NUL character; refuse it rather than store a shortened text.

    The first offending field is named, in document order: text layer, title, then each
    provision's text and heading (sections) or cells and header (table rows); with
    ``lines_at``, at the file line of the first NUL (in the text layer: the line it stands on;
    in a provision's own text: the provision's line).
    """
    def at(path: str, offset: int) -> int | None:
        return lines_at(document, [(path, offset)])[0] if lines_at is not None else None

    layer = document.text_layer
    offset = layer.find("\x00")
    if offset >= 0:
        path = next((p.path for p in document.provisions if p.span.start <= offset < p.span.end), "")
        raise _nul_error(document, "text_layer", at(path, offset))
    if "\x00" in document.title:
        raise _nul_error(document, "title", None)
    for n, provision in enumerate(document.provisions):
        field = None
        if "\x00" in provision.text:
            field = f"provisions[{n}].text"
        elif provision.kind == "section" and "\x00" in provision.heading:
            field = f"provisions[{n}].heading"
        elif provision.kind == "table_row" and any("\x00" in cell for cell in (*provision.cells, *provision.header)):
            field = f"provisions[{n}].cells"
        if field is not None:
            raise _nul_error(document, field, at(provision.path, provision.span.start))


def _nul_error(document: Document, field: str, line: int | None) -> InputError:
    return nul_refused(document.source.file, line, field)


class IngestReport(BaseModel):
    """What one commit did. ``unchanged`` is the pipeline's to fill (files it skipped)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    added: int
    removed: int
    unchanged: int = 0
    provisions: int
    edges: int
    seconds: float
    build_id: str
    generation: int
    #: Ctrl-C came once the new graph was going live: the commit finished first (``CommitGuard``).
    interrupted_after_live: bool = False

    @property
    def provisions_per_second(self) -> float:
        return self.provisions / self.seconds if self.seconds else 0.0


class IngestTransaction:
    """Stage ``remove``/``add``/``add_edges``, then ``commit`` builds and swaps the new graph.

    Rows go to files under ``.inforce/build-N/`` as they are added, so memory does not grow
    with the number of documents. Leaving the ``with`` block without ``commit`` (or with an
    exception) discards everything staged; the live graph is never touched before the swap.
    """

    def __init__(
        self,
        store: IngestTarget,
        manifest: Manifest,
        configuration: str,
        *,
        generation: int,
        existing: set[str],
        fresh: bool,
    ) -> None:
        self._store = store
        self.manifest = manifest
        self.configuration = configuration
        self.generation = generation
        self._existing = existing
        self._fresh = fresh
        #: the build the new graph is copied from (none for a fresh one): its per-build files hold the
        #: revisions this transaction does not write as they are (``write_generation_files``' ``base``)
        self._base_build = "" if fresh else store.build_id()
        self._staging = StagingArea(store.layout.staging_dir(generation))
        self._removed: list[str] = []
        self._added: dict[str, str] = {}  # uid -> source file
        self._docs: set[str] = set()
        self._last_added: Document | None = None
        self._edge_ordinal = 0
        self._provisions = 0
        self._quantities = 0
        self._edges = 0
        self._state = "open"

    # ---- staging ------------------------------------------------------------------------

    def remove(self, uid: str) -> None:
        """Drop revision ``uid`` (its provisions and the edges it owns) from the next graph."""
        self._check_open()
        if uid in self._added:
            raise StoreError(f"{uid} was added in this ingest; remove it before adding, not after")
        if uid not in self._existing:
            known = ", ".join(sorted(self._existing)[:8]) or "none"
            raise NotFoundError(f"no revision {uid} in the graph", hint=f"revisions held: {known}")
        if uid not in self._removed:
            self._removed.append(uid)

    def add(
        self, document: Document, quantities: Iterable[Quantity] = (), qualifiers: Iterable[QualifierLink] = (),
        *, lines_at: LinesAt | None = None,
    ) -> None:
        """Stage one revision with its provisions, declared edges, containment, the
        ``quantities`` read in its provisions (each ``locator`` naming its provision) and the
        ``qualifiers`` the project's qualifier rules found in it. ``lines_at`` (the reader's)
        puts a refusal of the text at its file line."""
        self._check_open()
        uid = document.uid
        file = document.source.file
        if uid in self._added or (uid in self._existing and uid not in self._removed):
            other = self._added.get(uid, "the graph")
            raise InputError(
                f"revision {uid} is already staged from {other}",
                file=file, line=document.source.line, field="revision",
                hint="give each revision file its own revision label, or remove the old one first",
            )
        paths = [provision.path for provision in document.provisions]
        if len(set(paths)) != len(paths):
            seen: set[str] = set()
            duplicates: set[str] = set()
            for path in paths:
                (duplicates if path in seen else seen).add(path)
            raise InputError(
                f"provision paths repeat within {uid}: {', '.join(sorted(duplicates)[:5])}",
                file=file, line=document.source.line, field="provisions",
                hint="each provision needs its own path (its locator)",
            )
        _refuse_nul(document, lines_at)
        stage = self._staging.write
        stage("Revision", revision_row(document))
        stage("REVISION_OF", {"from": uid, "to": document.id})
        self._stage_document_id(document.id)
        sections = {p.path for p in document.provisions if p.kind == "section"}
        for table, row in provision_rows(document):
            stage(table, row)
            key = row["key"]
            stage(_CONTAINED_BY_REVISION[table], {"from": uid, "to": key})
            parent = row["parent"]
            if parent is not None and parent in sections:
                stage(_CONTAINED_BY_SECTION[table], {"from": f"{uid}#{parent}", "to": key})
        for edge in document.supersedes:
            self._stage_edge(edge, owner=uid, declared=True)
        for table, row, provision in quantity_rows(document, quantities):
            stage("Quantity", row)
            stage(f"HAS_QUANTITY-{table}-Quantity", {"from": provision, "to": row["key"]})
            self._quantities += 1
        for row in qualifier_rows(document, qualifiers):
            stage("Qualifier", row)
        self._added[uid] = file
        self._last_added = document
        self._provisions += len(document.provisions)

    def add_edges(self, edges: Iterable[Supersedes], *, declared: bool = False) -> None:
        """Stage rule-derived edges (or, ``declared``, edges a document declares that were
        held back until the corpus was known); each belongs to the revision it came from.

        The owner is the edge's source revision when the source is pinned, else the revision
        of the source document added just before (the pipeline derives edges from the document
        it just parsed), else the one revision of that document this ingest adds.
        Removing the owner later removes the edge.
        """
        self._check_open()
        for edge in edges:
            self._stage_edge(edge, owner=self._owner_of(edge), declared=declared)

    def _owner_of(self, edge: Supersedes) -> str:
        source = edge.source
        if source.rev is not None:
            uid = f"{source.doc}@{source.rev}"
            if uid in self._added or (uid in self._existing and uid not in self._removed):
                return uid
            raise StoreError(f"derived edge {source} -> {edge.target}: source revision {uid} is not in the graph")
        last = self._last_added
        if last is not None and last.id == source.doc:
            return last.uid
        added = [uid for uid in self._added if uid.partition("@")[0] == source.doc]
        if len(added) == 1:
            return added[0]
        raise StoreError(
            f"derived edge {source} -> {edge.target}: pin its source to a revision, or add its"
            " document just before the edge"
        )

    def _stage_edge(self, edge: Supersedes, *, owner: str, declared: bool) -> None:
        for doc in (edge.source.doc, edge.target.doc):
            self._stage_document_id(doc)
        self._staging.write("SUPERSEDES", edge_row(edge, owner=owner, declared=declared, ordinal=self._edge_ordinal))
        self._edge_ordinal += 1
        self._edges += 1

    def _stage_document_id(self, doc: str) -> None:
        if doc not in self._docs:
            self._docs.add(doc)
            self._staging.write("Document", {"id": doc})

    # ---- ending -------------------------------------------------------------------------

    def commit(self, before_live: Callable[[], None] | None = None) -> IngestReport:
        """Load the staged rows into a copy of the graph, index it and swap it in atomically.

        Before the swap, with the store reading the new graph, the build's files are written
        beside it (``write_generation_files``) and ``before_live`` runs: everything an ingest
        derives from its graph, so a failure there leaves the previous graph live, never a new
        one its own derivation failed on (``GraphStore._commit_ingest``)."""
        self._check_open()
        started = time.perf_counter()
        self._state = "committing"
        self._staging.close()

        def prepare() -> None:
            with contextlib.suppress(OSError):  # a cache: its reader rebuilds it when absent
                write_generation_files(self._store, tidy=False,
                                       base=(self._base_build, frozenset(self._added)) if self._base_build else None)
            if before_live is not None:
                before_live()

        with CommitGuard() as late:
            try:
                self._store._commit_ingest(self, prepare, going_live=late.hold)
            except BaseException:
                self._state = "failed"
                raise
            finally:
                self._staging.discard()
            self._state = "committed"
            with contextlib.suppress(OSError):  # the files of the builds no longer live
                remove_other_generation_files(self._store)
            late_interrupt = late.take()
        pause_point("committed")  # (a test's window: Ctrl-C here is the command's to note, its own guard's)
        return IngestReport(
            interrupted_after_live=late_interrupt,
            added=len(self._added),
            removed=len(self._removed),
            provisions=self._provisions,
            edges=self._edges,
            seconds=time.perf_counter() - started,
            build_id=self._store.build_id(),
            generation=self.generation,
        )

    def discard(self) -> None:
        """Drop everything staged; the live graph was never touched."""
        if self._state == "open":
            self._state = "discarded"
        self._staging.discard()
        self._store._end_ingest(self)

    def __enter__(self) -> IngestTransaction:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()

    def _check_open(self) -> None:
        if self._state != "open":
            raise StoreError(f"this ingest is {self._state}; begin a new one")

    # ---- what the build reads -----------------------------------------------------------

    @property
    def staging(self) -> StagingArea:
        return self._staging

    @property
    def removed(self) -> list[str]:
        return list(self._removed)

    @property
    def fresh(self) -> bool:
        """Build from an empty graph instead of a copy of the live one."""
        return self._fresh

    @property
    def staged_provisions(self) -> int:
        return self._provisions
