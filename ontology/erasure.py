"""An erasure: a document's text removed from everything a project keeps, and the record of it.

``Erasure`` is one entry of the project's ``erasures.yaml`` (docs/formats.md, "Erasure"): who
erased which revisions of which document and when, by ids and hashes only, never a word of
the text. While an entry stands, an ingest reads none of the revisions it names (nor a file
whose bytes hash to an erased source), so a later ingest never brings the text back silently;
deleting the entry lifts it. ``state`` is ``pending`` from the moment the erasure starts until
every step is done: an ingest refuses while one is pending, and running the erasure again
finishes it.

``ErasureResult`` is what ``Project.erase`` did (the CLI's ``--format json``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from .dates import utc_text
from .document import (
    Callout,
    Document,
    DocumentKind,
    Provision,
    Revision,
    Section,
    SourceRef,
    Supersedes,
    TableRow,
)
from .ingest import REVIEW_BY_MAX
from .scalars import CharSpan, DocumentId, UtcDateTime

__all__ = ["ERASED_FORMAT", "ERASURES_FILE", "RUN_SAVED_LETTERS", "RUN_SAVED_WORDS", "ErasedFile", "ErasedNote", "ErasedPath",
           "ErasedRegisterRows", "ErasedRevision", "ErasedSource", "Erasure", "ErasureResult", "ErasureState",
           "RecordErasure", "is_tombstone", "kept_edge"]

#: The erasure records of a project, at its root beside ``reviews.yaml``.
ERASURES_FILE = "erasures.yaml"

ErasureState = Literal["pending", "done"]

#: The shortest run of words (``ontology.readback``) an erasure keeps the hash of for a later
#: read-back (``Erasure.read_back_runs``), in words and in letters: a shorter run ("vault code
#: 58213") is listed whole by whoever guesses, however slow its hash. A provision none of whose
#: runs is kept is named instead (``Erasure.read_back_not_kept``).
RUN_SAVED_WORDS = 5
RUN_SAVED_LETTERS = 25

_MODEL = ConfigDict(frozen=True, extra="forbid")

#: A file's SHA-256 as an erasure records it: 64 lowercase hex digits, or empty for a file that
#: was gone (a hand-edited hash of another form would match no file, and keep it; audit 44 L4).
FileSha256 = Annotated[str, Field(pattern=r"^(?:[0-9a-f]{64})?$")]
#: An erasure's id (``Erasure.id``): ``ERASE-`` and 12 hex digits of its own hash.
ErasureId = Annotated[str, Field(pattern=r"^ERASE-[0-9a-f]{12}$")]
#: The most revisions the ``erased`` object of an audit record lists (``RecordErasure``): far
#: more than any document has, and a bound on what a record may make ``replay`` read and say.
RECORD_REVISIONS_MAX = 1_000
#: The longest time a record's ``erased.at`` is read as (``2026-05-01T10:00:00.123456+05:30`` is 32).
_TIME_MAX = 64


class ErasedFile(BaseModel):
    """A file an erasure deletes beside a source file: its name (relative to the project) and
    the hash of its bytes when the erasure began (a file changed since is not deleted)."""

    model_config = _MODEL

    file: str
    file_sha256: FileSha256 = ""


class ErasedSource(BaseModel):
    """One erased revision: its label, its source file (relative to the project) and hashes
    that identify it without its text (the file's bytes, the revision's content hash), and the
    files that hold its metadata beside it (a PDF's, Word file's or CSV's sidecar: a title, an
    id, dates and access), deleted with it."""

    model_config = _MODEL

    revision: str
    file: str
    file_sha256: FileSha256 = ""
    content_hash: str = ""
    metadata: tuple[ErasedFile, ...] = ()


class ErasedRegisterRows(BaseModel):
    """The rows of the project's register (``registry:``) an erasure removes: those describing
    its source files (and, erasing a whole document, those recording revisions of it not
    ingested), each a title, an id, dates and access. ``lines``: where they were (1-based, as
    the register reads). The register's hash when the erasure began and once the rows are
    removed: it is rewritten only from the first (one edited since is never overwritten), and a
    run finishing one cut short knows the second for done."""

    model_config = _MODEL

    file: str
    lines: tuple[int, ...]
    file_sha256: FileSha256
    sha256_after: FileSha256


#: The source format of a tombstone (``ErasedRevision.document``): a revision put back into the
#: graph by an erasure's record, its dates and paths without a word of its text.
ERASED_FORMAT = "erased"


def is_tombstone(document: Document) -> bool:
    """Whether a revision of the graph is an erased one's tombstone (no text: ``ErasedRevision``)."""
    return document.source.format == ERASED_FORMAT


class ErasedNote(BaseModel):
    """That a revision an answer names is an erased one's tombstone: which erasure, who erased
    it and when. Its text is not kept; its dates still decide what was in force."""

    model_config = _MODEL

    erasure: str
    by: str
    at: UtcDateTime

    def said(self, revision: str) -> str:
        return f"{revision} — erased on {self.at.date().isoformat()} by {self.by}: its text is not kept"


class ErasedPath(BaseModel):
    """Where one provision of an erased revision stood: its path and kind, and the numbers that
    place it (a section's number and depth, a table row's table and row); never its words."""

    model_config = _MODEL

    path: str
    kind: Literal["section", "table_row", "callout"] = "section"
    parent: str | None = None
    number: str | None = None
    depth: int = Field(default=0, ge=0)
    table: int | None = Field(default=None, ge=1)
    row: int | None = Field(default=None, ge=1)

    @classmethod
    def of(cls, provision: Provision) -> ErasedPath:
        if isinstance(provision, Section):
            return cls(path=provision.path, parent=provision.parent, number=provision.number, depth=provision.depth)
        if isinstance(provision, TableRow):
            return cls(path=provision.path, kind="table_row", parent=provision.parent, table=provision.table,
                       row=provision.row)
        return cls(path=provision.path, kind="callout", parent=provision.parent)

    def provision(self) -> Provision:
        """The tombstone's provision: this path, no text, an empty span."""
        span = CharSpan(start=0, end=0)
        if self.kind == "table_row":
            return TableRow(path=self.path, parent=self.parent, table=self.table or 1, row=self.row or 1, header=(),
                            cells=(), span=span, header_span=span, text="")
        if self.kind == "callout":
            return Callout(path=self.path, parent=self.parent, span=span, text="")
        return Section(path=self.path, number=self.number, parent=self.parent, depth=self.depth, span=span, text="")


class ErasedRevision(Revision):
    """An erased revision as its erasure keeps it, by ids and dates only: the revision's own place
    on both clocks (``Revision``: which revision, when it governed, who could read it) with its
    kind, its sheet and the paths its provisions held. An ingest puts it back into the graph as a
    tombstone (``document``), so that the dates it governed are answered as its, erased, and
    never with the text it had replaced."""

    kind: DocumentKind
    sheet: str | None = None
    paths: tuple[ErasedPath, ...] = ()

    @property
    def uid(self) -> str:
        return f"{self.document}@{self.label}"

    @classmethod
    def of(cls, revision: Document) -> ErasedRevision:
        """The tombstone record of ``revision`` (a revision as ingested, its provisions included)."""
        return cls(document=revision.id, label=revision.revision, kind=revision.kind, seq=revision.seq,
                   issued=revision.issued, effective=revision.effective, recorded=revision.recorded,
                   changed=revision.changed, on_lapse=revision.on_lapse, access=revision.access,
                   sheet=revision.sheet, paths=tuple(ErasedPath.of(p) for p in revision.provisions))

    def tombstone(self, erasure: str, edges: Iterable[Supersedes]) -> Document:
        """The revision as the graph holds it once erased: its dates, access and paths, each
        provision without text, and the supersession edges it made (``edges``: the erasure's
        kept edges; those of other revisions are left); its source names the erasure."""
        made = tuple(edge for edge in edges
                     if edge.source.doc == self.document and edge.source.rev == self.label)
        return Document(
            id=self.document, kind=self.kind, revision=self.label, seq=self.seq, issued=self.issued,
            effective=self.effective, recorded=self.recorded, changed=self.changed, on_lapse=self.on_lapse,
            access=self.access, sheet=self.sheet, supersedes=made,
            source=SourceRef(file=f"{ERASURES_FILE}#{erasure}/{self.label}", format=ERASED_FORMAT),
            content_hash="erased:" + hashlib.sha256(
                json.dumps([erasure, self.model_dump(mode="json"), [e.model_dump(mode="json") for e in made]],
                           sort_keys=True).encode()).hexdigest()[:32],
            provisions=tuple(p.provision() for p in self.paths),
        )


def kept_edge(edge: Supersedes) -> Supersedes:
    """An edge as an erasure keeps it: ids, dates and origin; no line, no review note (a note
    may quote the erased words)."""
    review = edge.review.model_copy(update={"note": None}) if edge.review is not None else None
    return edge.model_copy(update={"line": None, "review": review})


class Erasure(BaseModel):
    """One entry of ``erasures.yaml``: ids and hashes only."""

    model_config = _MODEL

    id: ErasureId
    document: DocumentId
    #: ``document``: every revision of it, also one issued later; ``revision``: those listed
    scope: Literal["document", "revision"]
    revisions: tuple[str, ...]
    by: str = Field(min_length=1)
    at: UtcDateTime
    state: ErasureState = "pending"
    #: the groups that could read it (None: anyone): who is told, when asking about it, that it
    #: was erased; others are told only that it is not there
    access: tuple[str, ...] | None = None
    sources: tuple[ErasedSource, ...] = ()
    #: how many provisions the erased revisions held, and the hashes of their texts (which
    #: vectors of the embedding cache were removed)
    provisions: int = 0
    text_hashes: tuple[str, ...] = ()
    #: the index build before and after
    index_build_before: str = ""
    index_build_after: str = ""
    #: audit records that cited it, rewritten to ids and hashes: the file names they have now
    audit_records: tuple[str, ...] = ()
    #: the register rows that described it, removed with its source files (None: none did)
    register_rows: ErasedRegisterRows | None = None
    #: what a later run reads the project back for once the text is gone from it: the hashes of
    #: the runs of words (of ``RUN_SAVED_WORDS`` or more) the read-back looked for
    #: (``ontology.readback.RunHashes``, base64), never a word of the text ("" for one recorded
    #: before they were kept: then nothing is left to read back for)
    read_back_runs: str = Field(default="", pattern=r"^[A-Za-z0-9+/]*={0,2}$")
    #: the random salt those hashes are keyed with (hex; "" for a record kept in the old form,
    #: unsalted, before salts were)
    read_back_salt: str = Field(default="", pattern=r"^(?:[0-9a-f]{32})?$")
    #: the erased provisions (by locator) the read-back looked for and the record keeps no run of
    #: (each too short or plain: ``RUN_SAVED_WORDS``): a later run cannot look for them, and says so
    read_back_not_kept: tuple[str, ...] = ()
    #: the files the read-back found holding erased words only by runs the record keeps no hash
    #: of (a code, a short clause: ``RUN_SAVED_WORDS``), each as ``<sha256 of the file> <path>``:
    #: a later run names each again while the file is unchanged (it holds what was found), and
    #: one changed since as not looked for, never as free of the erased text (audit 57 H)
    read_back_unkept_files: tuple[str, ...] = ()
    #: the erased revisions, by ids and dates, and the supersession edges they made or received
    #: (``ErasedRevision``): what an ingest puts back as tombstones (none for a record written
    #: before they were kept: its revisions are left out of the graph, as then)
    tombstones: tuple[ErasedRevision, ...] = ()
    edges: tuple[Supersedes, ...] = ()

    @field_validator("tombstones")
    @classmethod
    def _tombstones_of_its_document(cls, tombstones: tuple[ErasedRevision, ...], info: ValidationInfo
                                    ) -> tuple[ErasedRevision, ...]:
        """Every tombstone is a revision of the entry's own document: an entry edited to name
        another document kept that document's revisions out of ingest, erased by nobody (audit 85 A F1)."""
        document = info.data.get("document")
        others = sorted({t.document for t in tombstones if t.document != document})
        if document is not None and others:
            raise ValueError(f"its erased revisions are of {', '.join(others)}, not of {document}: "
                             "an entry names the document its revisions are of")
        return tombstones

    @model_validator(mode="after")
    def _revisions_of_its_sources(self) -> Erasure:
        """The revisions an entry lists are those it erased: its sources' (every revision's file it
        deleted) where it keeps them, and every tombstone's among them. An entry edited to list
        another revision (``revisions: ["0"]``, ``["0", "1"]``) kept a revision nobody erased out of
        ingest, its file still there and no tombstone put back (audit 86 A F2)."""
        listed = set(self.revisions)
        deleted = {source.revision for source in self.sources}
        if self.sources and listed != deleted:
            raise ValueError(f"it lists revisions {_labels(listed)}, but the files it erased are of revisions "
                             f"{_labels(deleted)}: an entry lists the revisions its erasure deleted")
        kept = {tombstone.label for tombstone in self.tombstones}
        if not kept <= listed:
            raise ValueError(f"it keeps revisions {_labels(kept - listed)} as erased, which it does not list")
        return self

    @property
    def note(self) -> ErasedNote:
        """What an answer naming one of its tombstones says of it."""
        return ErasedNote(erasure=self.id, by=self.by, at=self.at)

    def told_to(self, groups: Iterable[str]) -> bool:
        """Whether an asker holding ``groups`` is told of this erasure (``access``)."""
        return self.access is None or bool(set(self.access) & set(groups))

    def covers(self, document: str, revision: str) -> bool:
        """Whether this erasure keeps revision ``revision`` of ``document`` out of the graph."""
        return document == self.document and (self.scope == "document" or revision in self.revisions)


def _labels(labels: Iterable[str]) -> str:
    return ", ".join(repr(label) for label in sorted(labels)) or "none"


class RecordErasure(BaseModel):
    """The ``erased`` object of an audit record an erasure rewrote (``engine.erase.redact_record``;
    docs/formats.md, "Erasure", step 5): which erasure, of which revisions of which document, by
    whom and when, and the record's ``sha256`` before. It lies outside the record's own hash (the
    one key that may), so nothing in it is believed as written: ``replay`` reads it through this
    model (ids, a name and a time, each bounded) and then matches it with ``erasures.yaml``
    (``engine.erase.record_erasure``) before it says a word of it (audit 74 B F3)."""

    model_config = _MODEL

    erasure: ErasureId
    document: DocumentId
    revisions: tuple[Annotated[str, Field(min_length=1, max_length=200)], ...] = Field(max_length=RECORD_REVISIONS_MAX)
    scope: Literal["document", "revision"]
    by: str = Field(min_length=1, max_length=REVIEW_BY_MAX)
    at: UtcDateTime
    sha256_before: FileSha256

    @field_validator("at", mode="before")
    @classmethod
    def _a_time(cls, value: object) -> object:
        # before it is parsed: a date's error quotes the text, which would be anything a record holds
        if isinstance(value, str) and len(value) > _TIME_MAX:
            raise ValueError(f"{len(value):,} characters: not a time (YYYY-MM-DDTHH:MM:SSZ)")
        return value

    def said(self) -> str:
        """What ``replay`` says of it, in one line."""
        which = f"revision {', '.join(self.revisions)} of " if self.scope == "revision" else ""
        return (f"{which}{self.document} erased by {self.by} at {utc_text(self.at)} "
                f"({self.erasure}, {ERASURES_FILE}): this record keeps ids and hashes only")


class ErasureResult(BaseModel):
    """What an erasure did: the record, and where the text was removed from."""

    model_config = _MODEL

    erasure: Erasure
    #: source files, and the metadata files beside them (``ErasedSource.metadata``: sidecars),
    #: deleted from ``documents/`` (relative to the project)
    files_removed: tuple[str, ...] = ()
    #: those left in place, changed while the erasure ran (an ingest skips them while the
    #: erasure stands; a sidecar stays while its source does), and those already gone (deleted
    #: by an earlier run cut short, or by hand)
    files_kept: tuple[str, ...] = ()
    files_gone: tuple[str, ...] = ()
    #: of ``files_removed``, those that no longer held the revision as ingested (edited since
    #: the last ingest: erasing the document wholly deletes them, what the graph never held too)
    files_changed: tuple[str, ...] = ()
    #: the register rows removed (``register.csv:3``); a register edited since the erasure
    #: began is not rewritten: it is among ``files_kept`` (and ``remaining``)
    register_rows_removed: tuple[str, ...] = ()
    #: graph generations and per-build files removed from ``.inforce``
    store_files_removed: tuple[str, ...] = ()
    vectors_removed: int = 0
    #: the embedding cache deleted before anything changed, because it did not read (not SQLite,
    #: or a vector of the wrong length): no vector can be taken out of such a file alone, and the
    #: erased text's must not survive; ``inforce embed`` rebuilds it (the file names, in ``.inforce``)
    cache_dropped: tuple[str, ...] = ()
    #: audit records rewritten: (the old name, the new one), relative to the project inside it
    audit_records: tuple[tuple[str, str], ...] = ()
    #: records rewritten that the asker may not read (decided for groups they lack): counted,
    #: never named (``Project.erase`` with ``groups``); not files holding erased text
    audit_records_withheld: int = 0
    #: files of the project (and of the audit folders) checked for the erased text afterwards,
    #: and those where some of it was still found (none when the erasure holds), or that could
    #: not be read back, each said so after its name ("notes/ (not read back: a link to a folder
    #: outside, /srv/notes)")
    files_checked: int = 0
    remaining: tuple[str, ...] = ()
    #: files still holding some of it that the asker may not read (the sources of revisions
    #: their groups may not read, a document file the graph holds no revision of): counted,
    #: never named (``Project.erase`` with ``groups``)
    withheld: int = 0
    #: the erasure was already done: nothing was changed, the project only read back again
    #: (``files_checked``, ``remaining``) for the runs its record kept (``Erasure.read_back_runs``)
    already_done: bool = False
    #: run again on an erasure done: the provisions (by locator) the first read-back looked for
    #: whose text the record keeps no run of (``Erasure.read_back_not_kept``): not looked for
    #: this time, so no file is confirmed free of them
    not_looked_for: tuple[str, ...] = ()
    index_build: str = ""

    @property
    def found(self) -> int:
        """How many files the read-back found the erased text in, named or withheld."""
        return len(self.remaining) + self.withheld

    @property
    def confirmed(self) -> bool:
        """Whether the read-back confirms the erased text is nowhere: no file holds it, and
        nothing of it went unlooked for (``not_looked_for``). The CLI exits 1 and the service
        answers 409 otherwise."""
        return not self.found and not self.not_looked_for
