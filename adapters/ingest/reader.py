"""The engine's reader port (``inforce.engine.DocumentReader``) over the formats of this package.

Only reading lives here: the manifest, which files are documents, a file's content hash, a
file parsed into a Document, where its text starts, and document control's registry. What
to parse, derive, check and load is the engine's (``Project.ingest``). The engine finds this
reader through the ``inforce.readers`` entry point (pyproject.toml), never by importing it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path

from inforce.engine import ParsedFile, RegisterAccess, RegisterRows
from inforce.ontology import Document, InputError, InputErrors, Manifest, OwnPath, Revision
from inforce.ontology.files import is_inside

from .documents import (
    DOCUMENTS,
    UnreadableFileError,
    content_hash,
    declared_access,
    discover_files,
    file_groups,
    groups_named,
    parse_document_with_warnings,
    register_groups,
    resolving_folders_once,
    source_name,
)
from .manifest import MANIFEST_FILE, load_manifest_with_warnings
from .metadata import undeclared_access
from .opening import groups_in_use
from .parsing import read_document_bytes, sidecar_of
from .register import (
    Register,
    RegisterRow,
    read_register,
    register_rows_read,
    register_without_rows,
)
from .registry import read_registry, register_revisions, row_access
from .yamlnodes import NodeReader, compose_yaml

__all__ = ["FileReader"]

#: Why a symlinked folder under documents/ was not read.
_LINKED_FOLDER = ("a symlinked folder: not read (ingest does not walk linked folders); move its documents into "
                  "documents/, or link each file")
#: Why a named pipe, socket, device or dangling symlink under documents/ was not read (never opened).
_NOT_REGULAR = ("not a regular file (a named pipe, socket or device, or a symlink leading nowhere): not read; "
                "put the document itself there")
#: Why a hidden file or folder under documents/ was not read.
_HIDDEN = "hidden (its name starts with '.'): not read; rename it to have it read"
#: Why a file under documents/ was not read: what this package reads, and what it needs.
_NOT_READ = (
    "not read: inforce reads Markdown (.md), drawings (.drawing.yaml), Word (.docx), Akoma Ntoso "
    "(.xml), PDFs (.pdf) and CSV schedules (.csv); a PDF, Word file or CSV needs a .yaml sidecar or a "
    "row in the project's register"
)


def read_corpus(root: Path) -> list[Document]:
    """The documents under ``root`` read as ingest reads them, for a rule pack's tests (a test
    file's ``corpus:``): a project folder (it holds ``inforce.yaml``) through its manifest's
    register, a plain folder from its documents' own metadata; in both, the opening rule decides
    by the groups the folder's documents name (``groups_named``), so a file ingest refuses for a
    marking naming a group is refused here too, never read as public (audit 83 A F1).
    InputErrors naming every file that does not read, one that is unreadable or not read
    included: a test against part of its corpus would pass cases it should fail."""
    root = Path(root)
    problems: list[InputError] = []
    documents: list[Document] = []

    def read(parse: Callable[[], ParsedFile]) -> None:
        try:
            parsed = parse()
        except InputErrors as bad:
            problems.extend(e for e in bad.exceptions if isinstance(e, InputError))
            return
        except InputError as bad:
            problems.append(bad)
            return
        if parsed.unreadable is not None:
            problems.append(parsed.unreadable)
        elif parsed.document is not None:
            documents.append(parsed.document)

    if (root / MANIFEST_FILE).is_file():
        with FileReader().open(root) as files:
            names, unread = files.discover()
            problems += unread
            for name in names:
                read(lambda name=name: files.parse(name))
    else:
        paths, unread_paths = discover_files(root)
        problems += [InputError(_why_unread(path), file=_relative(path, root)) for path in unread_paths]
        groups = groups_named(paths, root)

        def plain(path: Path) -> ParsedFile:
            try:
                with groups_in_use(groups):
                    return ParsedFile(document=parse_document_with_warnings(path, root)[0])
            except UnreadableFileError as unreadable:
                return ParsedFile(document=None, unreadable=unreadable)

        for path in paths:
            read(lambda path=path: plain(path))
    if problems:
        raise InputErrors(f"{root}: the corpus does not read as ingest reads it", problems)
    return documents


class FileReader:
    """Reads a project's files in the formats this package knows (the ``default`` reader)."""

    def open(self, root: Path) -> _ProjectFiles:
        return _ProjectFiles(Path(root))

    def own_paths(self, root: Path) -> list[OwnPath]:
        """What this reader reads as the project at ``root``'s own (``DocumentReader``): its
        documents folder and manifest always, and, where the manifest reads, the register, the
        pack files and the model folders it names. Never raises."""
        root = Path(root)
        own = [
            OwnPath(path=root / DOCUMENTS, what=f"the project's {DOCUMENTS} folder", folder=True,
                    why="what is written there would be read as a document at the next ingest"),
            OwnPath(path=root / MANIFEST_FILE, what=f"the project's manifest ({MANIFEST_FILE})",
                    why="inforce reads the project's configuration from it"),
        ]
        try:
            manifest, _ = load_manifest_with_warnings(root)
        except (InputError, InputErrors, OSError):  # a manifest that does not read names nothing more
            return own
        if manifest.registry:
            own.append(OwnPath(path=root / manifest.registry, what=f"the project's register ({manifest.registry})",
                               why="ingest reads the documents' metadata from it"))
        own += [OwnPath(path=root / pack.path, what=f"a rule pack the manifest lists ({pack.path})",
                        why="ingest applies its rules") for pack in manifest.rules if pack.path is not None]
        own += [OwnPath(path=root / choice.path, what=f"a model folder the manifest names ({choice.path})",
                        why="inforce loads the model from it", folder=True)
                for choice in (manifest.models.nli, manifest.models.rerank) if choice is not None]
        return own


class _ProjectFiles:
    """One project's files: its manifest read at open, its register (when the manifest names
    one) read once, and each folder's symlinks resolved once while it is held open — the
    files as of one moment, as an ingest reads them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.manifest: Manifest
        self.manifest, self.warnings = load_manifest_with_warnings(root)
        self._register: Register | None = None
        self._paths: dict[str, Path] = {}
        #: every path the discovery found each file by (a symlink inside the project, and the file)
        self._found: dict[str, list[Path]] | None = None
        self._groups: frozenset[str] | None = None
        #: each file's content hash as last worked out here (``content_hash``), and, by file, the
        #: content hash and groups an earlier build recorded (``take_named_groups``) and those of this
        #: reading (``named_groups``)
        self._hashes: dict[str, str] = {}
        self._known: Mapping[str, tuple[str, tuple[str, ...]]] | None = None
        self._named: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._held = ExitStack()

    def __enter__(self) -> _ProjectFiles:
        self._held.enter_context(resolving_folders_once())
        # every document read while the files are open has the access the manifest gives one declaring
        # none (``metadata.effective_access``): its parse, its access, the register's rows, the registry
        self._held.enter_context(undeclared_access(self.manifest.undeclared_access))
        return self

    def __exit__(self, *exc: object) -> None:
        self._held.close()

    def discover(self) -> tuple[list[str], list[InputError]]:
        root = self.root
        # the register, when the manifest names one, is the metadata of the files it describes
        register = self._register = (
            read_register(root / self.manifest.registry, self.manifest.registry, root=root)
            if self.manifest.registry else None
        )
        failed = f"{root}: ingest failed, the graph is unchanged"
        if register is not None:  # every row read as lag reads it: a register lag refuses, ingest refuses
            try:
                register_revisions(register)
            except InputErrors as bad:
                raise InputErrors(failed, list(bad.exceptions)) from None
        # a row naming a file the project lacks is an error at its line, before anything changes
        if register is not None and (missing := register.missing_files(root)):
            raise InputErrors(failed, missing)
        files, unread = discover_files(root, register)
        if register is not None and (ignored := register.unread_files({_relative(p, root) for p in files})):
            raise InputErrors(failed, ignored)
        # named as the parser names them (a symlink inside the project by the file it leads
        # to), so a linked file is matched to its graph entry and not re-ingested every time
        self._paths = {source_name(path, root): path for path in files}
        self._found = {}
        for path in files:
            self._found.setdefault(source_name(path, root), []).append(path)
        return list(self._paths), [InputError(_why_unread(path), file=_relative(path, root)) for path in unread]

    def content_hash(self, name: str) -> str:
        # worked out once while the files are held open (the files as of one moment): gathering the groups
        # in use hashes every file before the plan asks (``groups_used``)
        found = self._hashes.get(name)
        return found if found is not None else self._fresh_hash(name)

    def _fresh_hash(self, name: str) -> str:
        digest = self._hashes[name] = content_hash(self._path(name), self.root, self._register)
        return digest

    def groups_used(self) -> frozenset[str]:
        """Every group the project's metadata names (``documents.groups_named``), by which the
        opening rule decides: part of the build's configuration, so a group named for the first
        time, or no longer named, reads every document again (audit 127 F2)."""
        return self._groups_in_use()

    def take_named_groups(self, known: Mapping[str, tuple[str, tuple[str, ...]]]) -> None:
        """The groups each file's metadata named when an earlier build read it, by file, with the
        file's content hash then: a file whose content hash is the same now is not read for them
        again (the groups are a function of what the hash covers, ``documents.file_groups``; the
        caller keys what it gives by the project's ``undeclared_access``). Given before the first
        parse (an ingest's reading: each file read for its groups is recorded, ``named_groups``;
        given empty, none is taken); a delta at a million provisions had read every file's front
        matter (7 s)."""
        self._known = known

    def named_groups(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each file's content hash and the groups its metadata names, as gathered here (or, gathered
        not at all, those taken from an earlier build whose hash is the same now): what the next
        ingest takes (``take_named_groups``)."""
        if self._groups is None:
            return {name: known for name, known in (self._known or {}).items() if self._hashes.get(name) == known[0]}
        return dict(self._named)

    def _groups_in_use(self) -> frozenset[str]:
        """``documents.groups_named`` of the project's files, gathered once before any body is read;
        a file whose content hash is what an earlier build recorded takes the groups recorded then.
        In an ingest's reading (``take_named_groups``) a file read here is recorded only when its
        content hash is the same before and after the read (one changed during it is read again
        next time)."""
        if self._groups is None:
            named = set(register_groups(self._register))
            for name, path in self._paths.items():
                if self._known is None:  # not an ingest's reading: nothing to take or record
                    named.update(file_groups(path, self.root, self._register))
                    continue
                digest = self._hash_or_none(name)
                known = self._known.get(name)
                if known is not None and digest == known[0]:
                    groups = known[1]
                else:
                    groups = file_groups(path, self.root, self._register)
                    if digest is not None and self._hash_or_none(name, fresh=True) != digest:
                        digest = None  # changed while read: not recorded
                if digest is not None:
                    self._named[name] = (digest, groups)
                named.update(groups)
            self._groups = frozenset(named)
        return self._groups

    def _hash_or_none(self, name: str, *, fresh: bool = False) -> str | None:
        try:
            return self._fresh_hash(name) if fresh else self.content_hash(name)
        except (InputError, OSError):  # not readable now: its parse says so
            return None

    def metadata_files(self, name: str) -> list[str]:
        """The files an erasure of the source ``name`` deletes with it (``engine.erase``), each
        there now: a symlink inside the project leading to it (the path the ingest found it
        by; the graph names the file it leads to), the sidecar of a PDF, Word file or CSV
        (``X.pdf.yaml``) beside it or beside such a link, and the file inside the project a
        sidecar that is a symlink leads to (deleting the link alone would leave its id, title,
        dates and access); of a chain of links (``a.csv`` -> ``b.csv`` -> the file), every link
        inside the project, as the first (``_links_after``). A link leading out of the project
        is named, never what it leads to."""
        if self._found is None:
            try:
                self.discover()
            except (InputError, InputErrors):  # a project that does not read now: the file's own place only
                self._found = {}
        root = self.root
        real_root = Path(os.path.realpath(root))
        named: list[str] = []
        for place in dict.fromkeys([root / name, *(self._found or {}).get(name, ())]):
            if place.is_symlink():
                named.append(_relative(place, root))
                named += _links_after(place, real_root)
            sidecar = sidecar_of(place)
            if sidecar is None or not (sidecar.exists() or sidecar.is_symlink()):
                continue
            named.append(_relative(sidecar, root))
            named += _links_after(sidecar, real_root)
            if sidecar.is_symlink() and sidecar.exists() and is_inside(sidecar, root):
                named.append(_relative(Path(os.path.realpath(sidecar)), real_root))
        return list(dict.fromkeys(named))

    def register_rows(self, files: Collection[str], document: str | None = None) -> RegisterRows | None:
        """The rows of the manifest's register describing ``files`` (and, ``document`` given,
        those recording a revision of it without a file), with the register's bytes without
        them (a CSV's: ``register_without_rows``) or why it is not rewritten; None when no row
        is (or there is no register)."""
        registry = self.manifest.registry
        if not registry:
            return None
        register = read_register(self.root / registry, registry, root=self.root)
        wanted = set(files)
        rows = [row for relative, row in register.by_file.items() if relative in wanted]
        if document is not None:
            rows += [row for row in register.rows
                     if row.file is None and str(row.values.get("id", "")).strip() == document]
        if not rows:
            return None
        rows = list({row.line: row for row in rows}.values())
        lines = tuple(sorted(row.line for row in rows))
        # the file the rows are in (a register reached through a link inside the project: its
        # target, which an atomic write over the link would leave holding them)
        real = Path(os.path.realpath(self.root / registry))
        file = _relative(real, Path(os.path.realpath(self.root)))
        try:
            before, after = register_without_rows(real, registry, rows)
        except InputError as refused:
            return RegisterRows(file=file, lines=lines, sha256="", without=None, why_not=refused.message)
        return RegisterRows(file=file, lines=lines, sha256=hashlib.sha256(before).hexdigest(), without=after)

    def parse(self, name: str) -> ParsedFile:
        try:
            with groups_in_use(self._groups_in_use()):  # gathered once before any body is read
                document, warnings = parse_document_with_warnings(self._path(name), self.root,
                                                                  register=self._register)
        except UnreadableFileError as unreadable:
            return ParsedFile(document=None, unreadable=unreadable)
        return ParsedFile(document=document, warnings=warnings)

    def access_of(self, name: str) -> tuple[str, ...] | None:
        with groups_in_use(self._groups_in_use()):  # the opening rule decides by the groups in use, as at parse
            return declared_access(self._path(name), self.root, register=self._register)

    def register_access(self) -> RegisterAccess | None:
        """The access of what each row of the register records, by the row's line, read as
        ingest reads it however the register reads (``register_rows_read``): a row without a
        file by its own cells; a row naming a file by the file's metadata joined with the row
        (``declared_access``), or its own cells where the project lacks the file. A row whose
        access does not read, a file described twice, or a row that does not read as a row is
        left out (its problems shown to no asker in full)."""
        registry = self.manifest.registry
        if not registry:
            return None
        header, register = register_rows_read(self.root / registry, registry, root=self.root)
        groups = self._groups
        if groups is None:  # the opening rule decides by the groups the project uses, as at parse
            try:
                paths = list(self._paths.values()) or discover_files(self.root, register)[0]
                groups = groups_named(paths, self.root, register)
            except (InputError, InputErrors, OSError):
                groups = groups_named([], self.root, register)
        files = {id(row): relative for relative, row in register.by_file.items()}
        rows: dict[int, tuple[str, ...] | None] = {}
        for row in register.rows:
            try:
                rows[row.line] = self._row_access(row, register, files.get(id(row)), groups)
            except (InputError, InputErrors, UnreadableFileError, OSError, KeyError, TypeError, ValueError):
                continue  # its access does not read: fail closed
        return RegisterAccess(file=registry, header=header, rows=rows)

    def _row_access(self, row: RegisterRow, register: Register, relative: str | None,
                    groups: frozenset[str]) -> tuple[str, ...] | None:
        if row.file is None:
            return row_access(row, register.file)
        if relative is None:  # no path inside the project, a linked part, or a file described twice
            raise InputError("the row's file is not read by it", file=register.file, line=row.line, field="file")
        path = self.root / relative
        if not path.is_file() and not path.is_symlink():
            return row_access(row, register.file)  # a file the project lacks: the row alone records the revision
        # (the row's cells alone are not asked here: under undeclared_access: refuse, a row leaving access
        # to its file's front matter or sidecar does not read alone)
        with groups_in_use(groups):
            return declared_access(path, self.root, register=register)

    def text_line(self, document: Document) -> int | None:
        """The file line where a Markdown document's text layer starts (the file's text after
        its front matter), or a CSV schedule's (the file's text: line 1); None where the text
        layer is not the file's text (audit MM4-3: a CSV row's quantities were listed at no line)."""
        if document.source.format not in ("markdown", "csv") or not document.text_layer:
            return None
        try:
            # as the parser reads it: bytes decoded, line ends kept (a CRLF file's text layer keeps them)
            raw = read_document_bytes(self._path(document.source.file), document.source.file).decode("utf-8")
        except (OSError, UnicodeDecodeError, InputError):  # changed since its parse, which reported it
            return None
        if not raw.endswith(document.text_layer):
            return None
        return raw.count("\n", 0, len(raw) - len(document.text_layer)) + 1

    def lines_at(self, document: Document, places: Sequence[tuple[str, int]]) -> list[int | None]:
        """The file line of each (provision path, text layer offset): in Markdown (and a CSV
        schedule) the text layer's start and the lines before the offset; on a drawing the line its callout's
        text is written on; None elsewhere (a PDF page, a Word paragraph)."""
        if document.source.format == "drawing":
            lines = self._callout_lines(document)
            return [lines.get(path) for path, _ in places]
        body = self.text_line(document)
        if body is None:
            return [None] * len(places)
        layer = document.text_layer
        return [body + layer.count("\n", 0, offset) for _, offset in places]

    def _callout_lines(self, document: Document) -> dict[str, int]:
        """A drawing's callout ids and the line each one's text starts on (none when the file
        no longer reads as it did)."""
        file = document.source.file
        try:
            root = compose_yaml(read_document_bytes(self._path(file), file).decode("utf-8"), file=file)
        except (OSError, UnicodeDecodeError, InputError):
            return {}
        reader = NodeReader(file)
        entries = reader.mapping(root, None) if root is not None else None
        items = reader.sequence(entries["callouts"][1], "callouts", scalar_ok=False) if entries and "callouts" in \
            entries else None
        lines: dict[str, int] = {}
        for item in items or ():
            callout = reader.mapping(item, "callouts")
            if callout and "id" in callout and "text" in callout:
                lines.setdefault(str(callout["id"][1].value), reader.line(callout["text"][1]))
        return lines

    def registry(self) -> tuple[list[Revision], dict[str, str]]:
        revisions, sources, _ = read_registry(self.root)
        return revisions, sources

    def registry_problems(self) -> list[InputError]:
        """What the next ingest refuses in the register that ``registry`` reads past: a row
        naming a file the project lacks (``Register.missing_files``)."""
        if not self.manifest.registry:
            return []
        try:
            register = read_register(self.root / self.manifest.registry, self.manifest.registry, root=self.root)
        except (InputError, InputErrors):
            return []
        return register.missing_files(self.root)

    def _path(self, name: str) -> Path:
        return self._paths.get(name) or self.root / name


#: The most links a chain is followed through (the kernel's own limit).
_MAX_LINKS = 40


def _links_after(link: Path, real_root: Path) -> list[str]:
    """The symlinks a chain starting at the symlink ``link`` passes through after it (``a.yaml``
    -> ``b.yaml`` -> the file: ``b.yaml``), those inside the project (``real_root``, resolved),
    named relative to it: an erasure deletes each link of the chain as it deletes the first,
    never one outside the project (a chain leaving it is followed, its links there not named)."""
    named: list[str] = []
    seen = set()
    hop = link
    for _ in range(_MAX_LINKS):
        try:
            target = os.readlink(hop)
        except OSError:  # the end of the chain: a file, or nothing
            break
        hop = Path(os.path.realpath(hop.parent)) / target
        hop = Path(os.path.realpath(hop.parent)) / hop.name  # its folder resolved, the link itself not
        if hop in seen or not hop.is_symlink():
            break
        seen.add(hop)
        if is_inside(hop.parent, real_root) and hop.name not in ("", ".", ".."):
            named.append(_relative(hop, real_root))
    return named


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _why_unread(path: Path) -> str:
    """Why ``path`` under documents/ was not read: hidden, a linked folder, no regular file, or of no kind read here."""
    if path.name.startswith("."):
        return _HIDDEN
    if path.is_dir():
        return _LINKED_FOLDER
    return _NOT_READ if path.is_file() else _NOT_REGULAR
