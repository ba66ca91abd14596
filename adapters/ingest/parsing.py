"""What every document format's parser shares: the base ``Parser``, the ``SidecarParser`` of a
file whose metadata sits beside it, the source digest, and how a file is named in the project.

The format modules (``documents`` for Markdown, drawings, PDF and CSV; ``akn``; ``docx``)
subclass these; ``documents`` picks the parser by file name. Kept apart so the format
modules depend on this one, not on each other.
"""

from __future__ import annotations

import hashlib
import os
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from inforce import PARSER_VERSION
from inforce.ontology import (
    Document,
    EffectiveInterval,
    InputError,
    InputErrors,
    Revision,
    SourceRef,
)
from inforce.ontology.document import (
    MAX_DOCUMENT_PROVISIONS,
    QuarantinedTable,
    provisions_past_limit,
)
from inforce.ontology.files import read_bounded
from inforce.ontology.yamltext import MappingNode, SequenceNode

from .metadata import Metadata, read_metadata
from .opening import declare_access, document_access
from .register import Register, RegisterRow
from .yamlnodes import NodeReader, compose_yaml

__all__ = [
    "Parser",
    "SidecarParser",
    "UnreadableFileError",
    "read_document_bytes",
    "resolving_folders_once",
    "sidecar_of",
    "source_digest",
    "source_name",
]


#: Formats whose metadata lives in a sidecar: the file's name + ``.yaml``.
_SIDECAR_FORMATS = (".pdf", ".csv", ".docx")


def _comparable(value: Any) -> Any:
    """A metadata value as two sources are compared: lists as sets (``[IE, UK]`` is ``UK;IE``)."""
    if isinstance(value, dict):
        return {key: _comparable(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return tuple(sorted(map(str, value)))
    return value


def _top_field(name: str | None) -> str:
    """``effective.from`` → ``effective``, ``changed[0]`` → ``changed``: the field a problem is in."""
    return (name or "").split(".")[0].split("[")[0]


def _shown(value: Any) -> str:
    """A metadata value as a message quotes it."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)


class UnreadableFileError(InputError):
    """A document file with nothing in it to read, such as a PDF without a text layer.

    Not a problem of the corpus to stop an ingest for, and never a document in force with
    empty text: the file is left out and reported by name with ``reason`` (ingest adds it to
    its warnings). ``parse_document`` raises it alone, not inside an ``InputErrors`` group.
    """

    def __init__(self, reason: str, *, file: str, line: int | None = None, hint: str | None = None) -> None:
        super().__init__(f"{reason}; not ingested", file=file, line=line, hint=hint)
        self.reason = reason  # after InputError's own (typed) reason, which this one words


def _declared(metadata: Metadata | None) -> Metadata | None:
    """``metadata``, its ``access`` told to the opening rule (``opening.declare_access``): a
    run of the opening naming only groups the document declares agrees with it. The access the
    project's ``undeclared_access`` gives a document declaring none is not told: the rule judges
    it as declaring nothing, as it always did (``Metadata.undeclared``)."""
    if metadata is None or metadata.undeclared:
        declare_access(None)
    else:
        declare_access(metadata.fields.get("access"), public=metadata.fields.get("public") is True)
    return metadata


def of_access(problem: InputError) -> bool:
    """Whether ``problem`` is in what says a file's access (its ``access`` or ``public`` field,
    an access line of its opening or closing, a metadata title read as a marking: ``reason``
    ``"marking"``)."""
    return (problem.field or "").split("[")[0].split(".")[0] in ("access", "public") or problem.reason == "marking"


class Parser:
    """What every format shares: metadata checks, the by-path check, building the Document."""

    format = "markdown"

    def __init__(self, path: Path, root: Path, file: str, *, register: Register | None = None) -> None:
        self.path = path
        self.root = root
        self.file = file
        self.errors: list[InputError] = []
        self.warnings: list[InputError] = []
        self.reader: NodeReader | None = None
        self.register = register
        #: the register's row for this file: its metadata, or metadata its own must agree with
        self.row = register.row_for(file) if register is not None else None
        if self.row is not None:  # what reading the row's cells noted is reported with its file
            self.warnings.extend(self.row.warnings)
        #: the metadata file and its last own line, once the row's fields are joined after them
        self._own_lines: tuple[str, int] | None = None

    def described_where(self) -> str:
        """The end of a hint to a file without metadata of its own: where else it may be
        described — the project's register, said to have no rows where it has none (a CSV of
        its header alone: the last row erased), which is why the file is described nowhere."""
        if self.register is not None and not self.register.rows:
            return (f"or describe the file in a row of the project's register ({self.register.file} has "
                    "no rows: its header alone)")
        return "or describe the file in the project's register"

    def parse(self) -> tuple[Document, list[InputError]]:
        try:
            with document_access():  # its opening judged by the access its metadata declares
                document = self._parse()
        except UnreadableFileError:
            raise
        except InputError as exc:
            self.errors.append(exc)
            document = None
        errors, warnings = self._problems()
        if errors or document is None:
            raise InputErrors(f"{self.file}: not ingested", errors)
        return document, warnings

    def _problems(self) -> tuple[list[InputError], list[InputError]]:
        errors, warnings = list(self.errors), list(self.warnings)
        if self.reader is not None:
            errors += [self._at_row(e) for e in self.reader.errors]
            warnings += [self._at_row(w) for w in self.reader.warnings]

        def where(problem: InputError) -> tuple[str, int, int]:
            return (problem.file or "", problem.line or 0, problem.col or 0)

        return sorted(errors, key=where), sorted(warnings, key=where)

    def _parse(self) -> Document | None:
        raise NotImplementedError

    def _read_text(self, path: Path, file: str) -> tuple[bytes, str]:
        try:
            data = read_document_bytes(path, file)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=file) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise InputError(f"not UTF-8 text (byte {exc.start})", file=file, line=line) from None
        return data, text.removeprefix("\ufeff")

    def _read_prefix(self, limit: int) -> tuple[str, bool]:
        """The file's first ``limit`` bytes as text (a character cut at the end left off) and
        whether that is the whole file: what reading its metadata needs, never the whole file."""
        try:
            with self.path.open("rb") as stream:
                data = stream.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=self.file) from None
        whole = len(data) <= limit
        data = data[:limit]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            if whole or exc.start < len(data) - 3 or exc.reason != "unexpected end of data":
                line = data[: exc.start].count(b"\n") + 1
                raise InputError(f"not UTF-8 text (byte {exc.start})", file=self.file, line=line) from None
            text = data[: exc.start].decode("utf-8")
        text = text.removeprefix("\ufeff")
        return (text if whole else text.removesuffix("\r")), whole

    def _read_suffix(self, limit: int) -> tuple[str, int] | None:
        """The file's last ``limit`` bytes as text, from the first line that starts in them, and
        the offset (bytes) where that line starts; None when they hold no line end (one line
        longer than ``limit``: its start is not read). What judging a large file's closing lines
        needs (``lag``), never the whole file."""
        try:
            with self.path.open("rb") as stream:
                size = stream.seek(0, 2)
                start = max(0, size - limit)
                stream.seek(start)
                data = stream.read(limit)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=self.file) from None
        cut = data.find(b"\n") + 1 if start else 0
        if start and not cut:
            return None
        try:
            return data[cut:].decode("utf-8"), start + cut
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-8 text (byte {start + cut + exc.start})", file=self.file) from None

    def _line_at(self, offset: int) -> int:
        """The file line holding byte ``offset`` (the file read in pieces up to it: asked only for
        an error's line)."""
        lines, read = 1, 0
        with self.path.open("rb") as stream:
            while read < offset:
                piece = stream.read(min(1 << 20, offset - read))
                if not piece:
                    break
                lines += piece.count(b"\n")
                read += len(piece)
        return lines

    def declared_access(self) -> tuple[str, ...] | None:
        """The access the file's metadata declares (``revision``'s read), given even when
        another field has a problem; InputError(s) when the access itself does not read: no
        metadata read, or a problem at ``access`` or ``public``."""
        try:
            return self.revision().access
        except (InputError, InputErrors) as failed:
            # (a single InputError: the body's, a heading nested too deep — audit 81 A F3: its
            # file's access was taken as unknown, and the problem withheld from every asker)
            metadata = self.__dict__.get("_read_metadata")
            errors = [*self.errors, *(self.reader.errors if self.reader is not None else ()),
                      *([failed] if isinstance(failed, InputError) else ())]
            if metadata is None or any(of_access(e) for e in errors):
                raise
            access = metadata.fields.get("access")
            return tuple(access) if access is not None else None

    def _revision(self, metadata: Metadata | None) -> Revision:
        """The revision ``metadata`` records (as ``Document.as_revision`` gives it), or InputErrors
        naming every problem in it."""
        self._read_metadata = metadata  # what declared_access reads when another field is wrong
        errors, _ = self._problems()
        if errors or metadata is None or self.reader is None or self.reader.errors:
            raise InputErrors(f"{self.file}: not read", errors or [InputError("no metadata", file=self.file)])
        fields = metadata.fields
        return Revision(
            document=fields["id"], label=fields.get("revision", "0"), seq=fields.get("seq", 0),
            issued=fields.get("issued"), effective=fields["effective"], recorded=fields["recorded"],
            changed=fields.get("changed"), access=fields.get("access"),
            **({"on_lapse": fields["on_lapse"]} if fields.get("on_lapse") is not None else {}),
        )

    def revision(self) -> Revision:
        """The revision the file records, its metadata read and nothing more (``lag``)."""
        raise NotImplementedError

    def _metadata(
        self, text: str | None, file: str, *, line_offset: int = 0, **options: Any
    ) -> Metadata | None:
        """Compose and check the metadata YAML (``text``, the file's own: front matter or
        sidecar; None when it has none), joined with the register's row for the file when
        there is one; its problems stay on ``self.reader``."""
        if self.row is not None:
            return _declared(self._with_register(text, file, line_offset=line_offset, **options))
        if text is None:
            return None
        self.reader = NodeReader(file, line_offset=line_offset)
        try:
            node = compose_yaml(text, file=file, line_offset=line_offset)
        except InputError as exc:
            self.errors.append(exc)
            return None
        return _declared(read_metadata(node, self.reader, **options))

    def _with_register(self, text: str | None, file: str, *, line_offset: int, **options: Any) -> Metadata | None:
        """The file's metadata with the register row's fields it leaves out; a field both give
        must agree (else an error naming both). Problems in the row's fields are reported at
        the register's row."""
        assert self.row is not None and self.register is not None
        row, register = self.row, self.register.file
        from_row = NodeReader(register)
        listed = read_metadata(row.composed(register), from_row, **options)
        own: set[str] = set()
        if text is not None:
            try:
                node = compose_yaml(text, file=file, line_offset=line_offset)
            except InputError as exc:
                self.errors.append(exc)
                return None
            own = {key.value for key, _ in node.value} if isinstance(node, MappingNode) else set()
        written = text if text is not None else ""
        joined = written.rstrip("\n") + "\n" + "".join(
            line + "\n" for name, line in row.fields().items() if name not in own)
        self.reader = NodeReader(file, line_offset=line_offset)
        metadata = read_metadata(compose_yaml(joined, file=file, line_offset=line_offset), self.reader, **options)
        # what the row brought in is the register's to answer for, at its row (``_problems``)
        self._own_lines = (file, line_offset + written.count("\n") + 1)
        # a bad cell the file's own value stood in for is still the register's error
        self.errors += [row.problem(e, register) for e in from_row.errors
                        if _top_field(e.field) in own & set(row.fields())]
        if metadata is None or listed is None:
            return metadata
        for name in sorted(own & set(row.fields())):
            if name in listed.fields and _comparable(listed.fields[name]) != _comparable(metadata.fields.get(name)):
                where = f"{file}:{self.reader.line(metadata.entries[name][1])}" if name in metadata.entries else file
                self.errors.append(InputError(
                    f"the register says {name} {_shown(listed.fields[name])}, {where} says "
                    f"{_shown(metadata.fields.get(name))}", file=register, line=row.line, field=name,
                    hint="make them agree, or leave the field to one of them"))
        return metadata

    def _at_row(self, problem: InputError) -> InputError:
        """``problem`` where it lies: in the file's own metadata, or in the register's row for
        a line the row brought into the joined metadata."""
        if self.row is None or self.register is None or self._own_lines is None:
            return problem
        file, last_own = self._own_lines
        if problem.file != file or (problem.line or 0) <= last_own:
            return problem
        return self.row.problem(problem, self.register.file)

    def _build(
        self,
        metadata: Metadata,
        *,
        text_layer: str,
        provisions: list[Any],
        digest: str,
        line: int | None,
        quarantined: tuple[QuarantinedTable, ...] = (),
    ) -> Document | None:
        reader = self.reader
        assert reader is not None
        if len(provisions) > MAX_DOCUMENT_PROVISIONS and not any(e.field == "provisions" for e in self.errors):
            # what no reader counted alone (a PDF's sections and its tables' rows together)
            past = provisions[MAX_DOCUMENT_PROVISIONS]
            page = f" on page {past.span.page_start}" if past.span.page_start is not None else ""
            self.errors.append(provisions_past_limit(self.file, None, f"provision {past.path!r}{page}"))
            return None
        paths = {provision.path for provision in provisions}
        for declared in metadata.edges:
            by = declared.edge.by
            if by is not None and by.path is not None and by.path not in paths:
                reader.error(
                    declared.by_node,
                    f"by {by} names no provision of this document",
                    field=f"supersedes[{declared.index}].by",
                    hint="sections found: "
                    + ", ".join(sorted(paths)[:12])
                    + (" …" if len(paths) > 12 else ""),
                )
        self._check_changed(metadata, reader, paths)
        if self.errors or reader.errors:
            return None
        fields = dict(metadata.fields)
        effective = fields.pop("effective")
        fields.pop("public", None)  # the opening rule's (``_declared``): a public document has no access
        try:
            return Document(
                **fields,
                effective=EffectiveInterval(**effective),
                supersedes=tuple(declared.edge for declared in metadata.edges),
                source=SourceRef(file=self.file, line=line, format=self.format),  # type: ignore[arg-type]
                content_hash=digest,
                text_layer=text_layer,
                provisions=tuple(provisions),
                quarantined_tables=quarantined,
            )
        except ValidationError as exc:
            # The checks above should leave nothing for the model to reject; if they missed
            # something, it is still this file's problem, reported at its field's line.
            for problem in exc.errors():
                name = str(problem["loc"][0]) if problem["loc"] else ""
                node = metadata.entries[name][1] if name in metadata.entries else None
                reader.error(node, problem["msg"], field=".".join(str(p) for p in problem["loc"]))
            return None


    def _check_changed(self, metadata: Metadata, reader: NodeReader, paths: set[str]) -> None:
        """Each ``changed`` path must be a section of this revision or cover some (``2``
        covers ``2.1``): a typo would otherwise leave the text it meant to replace in force."""
        changed = metadata.fields.get("changed")
        if not changed:
            return
        node = metadata.entries["changed"][1]
        items = node.value if isinstance(node, SequenceNode) else [node]
        ordered = sorted(paths)
        for index, path in enumerate(changed):
            if path in paths:
                continue
            # A path covers its descendants: any section path that starts with it and a dot.
            at = bisect_left(ordered, path + ".")
            if at < len(ordered) and ordered[at].startswith(path + "."):
                continue
            reader.error(
                items[index],
                f"no section {path} in this revision",
                field=f"changed[{index}]",
                hint=(
                    "sections found: " + ", ".join(ordered[:12]) + (" …" if len(ordered) > 12 else "")
                    if ordered
                    else "this revision has no numbered sections"
                )
                + "; a section the revision removes need not be listed",
            )


class SidecarParser(Parser):
    """A file whose metadata lives in a sidecar of the same name + ``.yaml``."""

    kind = "PDF"

    def _sidecar_metadata(self) -> tuple[bytes | None, Metadata | None]:
        """The sidecar's bytes (for the content hash) and its metadata; a missing sidecar is
        an InputError on the file."""
        sidecar = sidecar_of(self.path)
        assert sidecar is not None
        sidecar_file = _relative(sidecar, self.root)
        if not sidecar.exists() and self.row is not None:
            return None, self._metadata(None, sidecar_file)  # the register's row is its metadata
        if not sidecar.exists():
            raise InputError(
                f"missing sidecar {sidecar.name}: a {self.kind}'s metadata lives in a file of the same name + .yaml",
                file=self.file,
                field="sidecar",
                hint=f"create {sidecar_file} with id, kind, effective and recorded, {self.described_where()}",
            )
        sidecar_data, sidecar_text = self._read_text(sidecar, sidecar_file)
        return sidecar_data, self._metadata(sidecar_text, sidecar_file)

    def revision(self) -> Revision:
        """The revision its sidecar (or register row) records: the file itself is not opened."""
        return self._revision(self._sidecar_metadata()[1])

    def _bytes(self) -> bytes:
        """The file's bytes; an InputError naming it when it cannot be read."""
        try:
            return read_document_bytes(self.path, self.file)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=self.file) from None


def read_document_bytes(path: Path, file: str) -> bytes:
    """The bytes of a document file (or its sidecar) as every file a project holds is read: a
    regular file, size-capped (``ontology.files.read_bounded``); an InputError naming ``file``
    otherwise. A named pipe put where a document was listed is refused unread, never waited on."""
    return read_bounded(path, what="the file", file=file, regular=True)


def source_digest(data: bytes, sidecar: bytes | None, row: RegisterRow | None = None) -> str:
    digest = hashlib.sha256(data)
    if sidecar is not None:
        digest.update(b"\0sidecar\0")
        digest.update(sidecar)
    if row is not None:
        digest.update(b"\0register\0")
        digest.update(row.front_matter().encode())
    digest.update(f"\0parser:{PARSER_VERSION}".encode())
    return digest.hexdigest()


def sidecar_of(path: Path) -> Path | None:
    """The sidecar beside a PDF, CSV or Word file (whether or not it exists); None for other files."""
    return path.with_name(path.name + ".yaml") if path.name.lower().endswith(_SIDECAR_FORMATS) else None


#: Inside ``resolving_folders_once``: each folder's real path (symlinks resolved), by its text.
_real_folders: ContextVar[dict[str, str] | None] = ContextVar("real_folders", default=None)


@contextmanager
def resolving_folders_once() -> Iterator[None]:
    """Resolve the symlinks of each folder once for the files parsed inside, not once per file.

    For a batch read as of one moment (an ingest, whose content hashes are taken before it
    parses): resolving a document's path stats every component of it, ~80 µs a file. A
    file that is itself a symlink is still followed; a folder relinked during the block
    is not seen.
    """
    token = _real_folders.set({})
    try:
        yield
    finally:
        _real_folders.reset(token)


def source_name(path: Path, root: Path) -> str:
    """The name a document file goes by in the graph: its real path relative to the project
    (a symlink inside the project is named by the file it leads to, so it is one document)."""
    return _relative(path, root)


def _relative(path: Path, root: Path) -> str:
    folders = _real_folders.get()
    if folders is None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()
    # both real paths (absolute, normalised, no link left): inside ``root`` is a prefix ending at a separator,
    # as ``Path.relative_to`` compares them part by part (string work: a million's delta names 50,000 paths)
    real, base = _real_path(path, folders), _real_folder(root, folders)
    if real == base:
        return "."
    prefix = base if base.endswith(os.sep) else base + os.sep
    if real.startswith(prefix):
        return real[len(prefix):].replace(os.sep, "/")
    return path.as_posix()


def _real_folder(folder: Path | str, folders: dict[str, str]) -> str:
    key = os.fspath(folder)
    real = folders.get(key)
    if real is None:
        real = folders[key] = os.path.realpath(key)
    return real


def _real_path(path: Path, folders: dict[str, str]) -> str:
    """``os.path.realpath(path)``, its folder's part resolved once per block."""
    head, name = os.path.split(os.fspath(path))
    if name in ("", ".", ".."):
        return os.path.realpath(path)
    # realpath resolves component by component, so the folder's real path plus the name,
    # followed if the name is itself a link, is the file's real path.
    candidate = os.path.join(_real_folder(head or ".", folders), name)
    return os.path.realpath(candidate) if os.path.islink(candidate) else candidate
