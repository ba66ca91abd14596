"""The reader port: how the engine sees a project's files, without knowing their formats.

Reading a format (Markdown front matter, Word numbering, a register row, a PDF's tables) is
an adapter's job; deciding what to rebuild, deriving, checking the corpus and loading are the
engine's. An adapter implements ``DocumentReader``; the engine finds the installed one
through the ``inforce.readers`` entry point group (``default_reader``), so the engine never
imports ``inforce.adapters``.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol, runtime_checkable

from inforce.ontology import Document, InforceError, InputError, Manifest, Revision

__all__ = ["READERS", "DocumentReader", "ParsedFile", "ProjectFiles", "RegisterAccess", "RegisterRows", "default_reader"]

#: The entry point group a reader package declares itself in; ``default`` is the one used.
READERS = "inforce.readers"


@dataclass(frozen=True)
class ParsedFile:
    """One document file as a reader read it: the document and its warnings, or, for a file
    with nothing in it to read (a PDF without a text layer), ``unreadable`` saying why —
    left out of the graph and named, never a document in force with empty text."""

    document: Document | None
    warnings: list[InputError] = field(default_factory=list)
    unreadable: InputError | None = None


@dataclass(frozen=True)
class RegisterRows:
    """The rows of the project's register (the manifest's ``registry:``) that describe some
    files: a title, an id, dates and access each, which an erasure of those files removes.

    ``file``: the register (relative to the project: the file the rows are in); ``lines``: the
    line each row starts at; ``sha256``: the hash of the register's bytes as read; ``without``:
    its bytes with those rows taken out and every other byte as it was, or None where the reader
    does not rewrite this register (a workbook), ``why_not`` saying why."""

    file: str
    lines: tuple[int, ...]
    sha256: str
    without: bytes | None
    why_not: str = ""


@dataclass(frozen=True)
class RegisterAccess:
    """What a project's register (the manifest's ``registry:``) tells of the access of what
    each of its rows records, for showing its problems to an asker (``withhold_problems``).

    ``file``: the register as its problems name it; ``header``: the line of its header row
    (None: it has none, a YAML list, or it was not read); ``rows``: by each row's line, the
    access of the document the row records (None: everyone may read it) — the row's own
    ``access`` cell, and for a row naming a file, the file's metadata joined with the row as
    ingest reads it. A row whose access does not read, or that does not read as a row, is
    not in ``rows``."""

    file: str
    header: int | None = None
    rows: Mapping[int, tuple[str, ...] | None] = field(default_factory=dict)


class ProjectFiles(Protocol):
    """One project's files, opened by a reader for one ingest (or one lag report).

    Held open as a context for the whole ingest: the files are read as of one moment.
    Problems in files are raised as ``InputErrors`` naming file and line.

    A reader whose opening rule gathers groups from every file's metadata may also have
    ``take_named_groups(known)`` and ``named_groups()`` (``engine.ingest.named_groups``): an
    ingest gives it, before the first parse, each file's content hash and groups as the build
    before recorded them, and keeps what it returns beside the new build. Not members of the
    protocol: a reader without them reads as it always has.
    """

    #: the project's manifest as it reads now
    manifest: Manifest
    #: what reading the manifest warned about (an unknown stock pack)
    warnings: list[InputError]

    def __enter__(self) -> ProjectFiles: ...

    def __exit__(self, *exc: object) -> None: ...

    def discover(self) -> tuple[list[str], list[InputError]]:
        """The document files by the name they go by in the graph (``Document.source.file``),
        sorted, and one InputError (with ``file``) for each file under ``documents/`` no
        reader reads; raises InputErrors for files the project's metadata names wrongly."""
        ...

    def content_hash(self, name: str) -> str:
        """What a parse of the file ``name`` would record as its content hash."""
        ...

    def metadata_files(self, name: str) -> list[str]:
        """The files beside the document file ``name`` (as ``Document.source.file`` names it)
        that hold its metadata and nothing else (a sidecar), named relative to the project,
        those that exist now, whether or not ``name`` still does: what an erasure deletes with
        the file. A symlink inside the project leading to the file, and the file inside the
        project a sidecar that is a symlink leads to, are among them (the erasure deletes
        both ends), and every link inside the project a chain of links passes through. A
        register, which describes many files, is none of them."""
        ...

    def register_rows(self, files: Collection[str], document: str | None = None) -> RegisterRows | None:
        """The rows of the project's register describing any of ``files`` (as
        ``Document.source.file`` names them) and, ``document`` given, those recording a
        revision of it without a file; None when none does (or there is no register). Raises
        InputErrors where the register does not read. A reader without registers need not
        have this method (the engine takes it for None)."""
        ...

    def parse(self, name: str) -> ParsedFile:
        """The file ``name`` (as ``discover`` or ``Document.source.file`` names it) read into
        a Document; raises InputErrors listing every problem in it."""
        ...

    def access_of(self, name: str) -> tuple[str, ...] | None:
        """The access groups the file ``name``'s metadata declares (None: everyone may read
        it), read even when another field of it, or its body, has a problem; raises
        InputError(s) when the access itself does not read (no metadata, a problem at
        ``access`` or ``public``). What a failed ingest's problems are shown by."""
        ...

    def register_access(self) -> RegisterAccess | None:
        """The access each row of the project's register records (``RegisterAccess``), read
        however the register and its rows read (never raises for them); None when the manifest
        names no register. A reader without registers need not have this method (the engine
        then judges every row of a register as one whose access does not read)."""
        ...

    def text_line(self, document: Document) -> int | None:
        """The file line where ``document``'s text layer starts, for warnings at a line;
        None where the text layer is not the file's text (PDF pages, drawing callouts)."""
        ...

    def lines_at(self, document: Document, places: Sequence[tuple[str, int]]) -> list[int | None]:
        """The file line of each ``(provision path, offset into its text layer)`` of
        ``document``, in order, for a report at a line (a drawing callout's line is where its
        text is written); None where the file's line is not known (a PDF page)."""
        ...

    def registry(self) -> tuple[list[Revision], dict[str, str]]:
        """Every revision document control recorded, ingested or not, and the file each came
        from (by ``DOC@REV``, where it came from one)."""
        ...


@runtime_checkable
class DocumentReader(Protocol):
    """Opens a project's files for the engine: the one port between formats and decisions.

    A reader may also have ``own_paths(root) -> list[OwnPath]``: the files and folders under
    ``root`` it reads as the project's (its documents folder, its manifest, and what the manifest
    names), read however the manifest reads (never raising). ``Project.own_path_at`` asks it; a
    reader without it is taken to read the manifest alone. Not a member of the protocol, so
    that a reader written before it still is one."""

    def open(self, root: Path) -> ProjectFiles:
        """The project at ``root``, its manifest read (raises InputErrors where it does not read)."""
        ...


def default_reader() -> DocumentReader:
    """The reader installed as ``default`` in the ``inforce.readers`` entry point group
    (``inforce.adapters.ingest`` declares itself there), loaded when first needed."""
    reader = _installed_reader()
    return reader() if isinstance(reader, type) else reader


@functools.cache
def _installed_reader() -> object:
    """The ``default`` entry point, loaded once per process: listing the group reads the
    metadata of every installed distribution (~40 ms, on every ingest before); what is installed
    does not change under a running process. Not found raises, and is looked up again next time."""
    found = [point for point in entry_points(group=READERS) if point.name == "default"]
    if not found:
        raise InforceError(
            f"no document reader is installed (entry point group {READERS!r}, name 'default'): "
            "install inforce with its adapters, or pass reader= to Project.ingest"
        )
    return found[0].load()
