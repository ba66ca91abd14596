"""Document files to typed Documents: Markdown with front matter, drawings, PDFs and CSV
schedules with sidecars.

``parse_document`` reports every problem in one file at once (an ``InputErrors`` group of
``file:line`` errors); warnings (an unknown front-matter key, a section path seen twice) come
back beside the Document from ``parse_document_with_warnings`` and are logged by
``parse_document``. A file that holds nothing to read (a PDF without a text layer) raises
``UnreadableFileError`` instead: not a corpus error, a file to report by name and leave out.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml.nodes import MappingNode, SequenceNode

from inforce import PARSER_VERSION
from inforce.ontology import (
    Callout,
    CharSpan,
    Document,
    EffectiveInterval,
    InputError,
    InputErrors,
    SourceRef,
)
from inforce.ontology.document import QuarantinedTable, Section, TableRow
from inforce.ontology.scalars import PATH_SEGMENT

from .metadata import DRAWING_FIELDS, Metadata, read_metadata
from .outline import parse_outline
from .pdf import PdfTextLayer, pdf_text_layer
from .pdftables import read_pdf_tables
from .register import Register, RegisterRow
from .tables import read_csv_table
from .yamlnodes import NodeReader, compose_yaml, is_null

__all__ = [
    "UnreadableFileError",
    "content_hash",
    "discover_documents",
    "discover_files",
    "parse_document",
    "parse_document_with_warnings",
    "source_name",
]

logger = logging.getLogger("inforce.adapters.ingest")

_CALLOUT_ID = re.compile(rf"{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*")
_CALLOUT_KEYS = ("id", "detail", "scale", "text")
_FENCE_LINE = re.compile(r"---[ \t]*\r?")
_FENCE_END = re.compile(r"(?:---|\.\.\.)[ \t]*\r?")
#: Formats whose metadata lives in a sidecar: the file's name + ``.yaml``.
_SIDECAR_FORMATS = (".pdf", ".csv", ".docx")
_SIDECARS = ((".pdf.yaml", "PDF"), (".csv.yaml", "CSV"), (".docx.yaml", "Word file"))


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

    def __init__(self, reason: str, *, file: str, hint: str | None = None) -> None:
        self.reason = reason
        super().__init__(f"{reason}; not ingested", file=file, hint=hint)


def discover_documents(root: Path) -> list[Path]:
    """Every document file under ``root/documents`` (``discover_files``, without what it cannot read)."""
    return discover_files(root)[0]


def discover_files(root: Path, register: Register | None = None) -> tuple[list[Path], list[Path]]:
    """Every document file under ``root/documents``, sorted by its path relative to ``root``,
    and every other file there (which inforce does not read: ingest names each, so nothing is
    skipped silently).

    Markdown (``*.md``), drawings (``*.drawing.yaml``), PDFs (``*.pdf``) and CSV schedules
    (``*.csv`` with a ``*.csv.yaml`` sidecar: a CSV without one is data, not a document, and
    is listed with the files not read); a sidecar whose PDF or CSV is missing is listed too,
    so that parsing reports it. Hidden files and folders
    and ``.inforce/`` are skipped. A symlink (file or folder, ``documents/`` itself included)
    that leads outside the project is refused: InputErrors naming each by its place in the
    project, since its content is not the project's and its name would be an absolute path.
    Symlinks that stay inside the project are followed for files, as any file is.
    """
    root = Path(root)
    folder = root / "documents"
    if not folder.is_dir():
        return [], []
    escapes: list[InputError] = []
    real_root = os.path.realpath(root)
    if folder.is_symlink():
        _refuse_if_outside(folder, root, real_root, escapes)
        if escapes:
            raise InputErrors(f"{root}: documents lead outside the project", escapes)
    found: list[Path] = []
    unread: list[Path] = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if path.is_symlink() and _refuse_if_outside(path, root, real_root, escapes):
            continue
        if not path.is_file():
            continue
        name = path.name.lower()
        described = register is not None and register.row_for(path.relative_to(root).as_posix()) is not None
        if name.startswith("~$"):
            unread.append(path)  # Word's lock file beside an open document, not a document
        elif name.endswith((".md", ".drawing.yaml", ".pdf", ".docx")):
            found.append(path)
        elif name.endswith(".xml"):
            found.append(path)  # Akoma Ntoso: its metadata is its own
        elif name.endswith(".csv"):
            (found if described or path.with_name(path.name + ".yaml").exists() else unread).append(path)
        elif name.endswith((".pdf.yaml", ".csv.yaml", ".docx.yaml")):
            if not path.with_name(path.name[: -len(".yaml")]).exists():
                found.append(path)
        else:
            unread.append(path)
    if escapes:
        raise InputErrors(f"{root}: documents lead outside the project", escapes)

    def order(p: Path) -> str:
        return p.relative_to(root).as_posix()

    return sorted(found, key=order), sorted(unread, key=order)


def _refuse_if_outside(link: Path, root: Path, real_root: str, escapes: list[InputError]) -> bool:
    """Add an error for ``link`` when its real path is outside the project; True if so."""
    target = os.path.realpath(link)
    if target == real_root or target.startswith(real_root.rstrip(os.sep) + os.sep):
        return False
    escapes.append(
        InputError(
            f"a symlink leading outside the project (to {target}); not ingested",
            file=link.relative_to(root).as_posix(),
            hint="copy the file into the project, or link to a file inside it",
        )
    )
    return True


def content_hash(path: Path, root: Path | None = None, register: Register | None = None) -> str:
    """sha256 of the file's bytes (and its sidecar's, for a PDF; and its register row, when
    the register describes it) and the parser version: what a parse would record."""
    path = Path(path)
    sidecar = _sidecar(path)
    row = register.row_for(_relative(path, root)) if register is not None and root is not None else None
    try:
        return _digest(
            path.read_bytes(),
            sidecar.read_bytes() if sidecar is not None and sidecar.exists() else None,
            row,
        )
    except OSError as exc:  # gone since it was listed, or not readable by this user
        raise InputError(f"cannot read the file: {exc.strerror}", file=path) from None


def parse_document(path: Path, root: Path, *, register: Register | None = None) -> Document:
    """One document file to one Document; raises InputErrors listing every problem in it, or
    UnreadableFileError for a file with nothing to read (left out, reported by name).
    ``register``: the project's register, whose row for the file is its metadata."""
    document, warnings = parse_document_with_warnings(path, root, register=register)
    for warning in warnings:
        logger.warning("%s", warning)
    return document


def parse_document_with_warnings(
    path: Path, root: Path, *, register: Register | None = None,
) -> tuple[Document, list[InputError]]:
    """Like :func:`parse_document`, returning the warnings instead of logging them."""
    root = Path(root)
    path = Path(path)
    if not path.is_absolute() and not path.exists():
        path = root / path
    file = _relative(path, root)
    name = path.name.lower()
    parser: type[_Parser] | None = _MarkdownParser if name.endswith(".md") else None
    if name.endswith(".drawing.yaml"):
        parser = _DrawingParser
    elif name.endswith(".pdf"):
        parser = _PdfParser
    elif name.endswith(".csv"):
        parser = _CsvParser
    elif name.endswith(".docx"):
        parser = _docx_parser()
    elif name.endswith(".xml"):
        from .akn import _AknParser

        parser = _AknParser
    elif name.endswith((".pdf.yaml", ".csv.yaml", ".docx.yaml")):
        source = path.with_name(path.name[: -len(".yaml")])
        kind = next(kind for suffix, kind in _SIDECARS if name.endswith(suffix))
        if not source.exists():
            raise InputErrors(
                f"{file}: not ingested",
                [
                    InputError(
                        f"a {kind} sidecar without its {kind} ({source.name})",
                        file=file,
                        field="sidecar",
                    )
                ],
            )
        path, file = source, _relative(source, root)
        parser = {"PDF": _PdfParser, "CSV": _CsvParser}.get(kind) or _docx_parser()
    if parser is None:
        raise InputErrors(
            f"{file}: not ingested",
            [
                InputError(
                    "not a document file",
                    file=file,
                    hint="documents are *.md, *.drawing.yaml, *.docx, *.xml (Akoma Ntoso), *.pdf or *.csv "
                    "(a PDF, Word file or CSV with a sidecar or a register row)",
                )
            ],
        )
    return parser(path, root, file, register=register).parse()


def _docx_parser() -> type[_Parser]:
    from .docx import _DocxParser  # imported when a Word file is met

    return _DocxParser


class _Parser:
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
        #: the metadata file and its last own line, once the row's fields are joined after them
        self._own_lines: tuple[str, int] | None = None

    def parse(self) -> tuple[Document, list[InputError]]:
        try:
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
            data = path.read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=file) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise InputError(f"not UTF-8 text (byte {exc.start})", file=file, line=line) from None
        return data, text.removeprefix("\ufeff")

    def _metadata(
        self, text: str | None, file: str, *, line_offset: int = 0, **options: Any
    ) -> Metadata | None:
        """Compose and check the metadata YAML (``text``, the file's own: front matter or
        sidecar; None when it has none), joined with the register's row for the file when
        there is one; its problems stay on ``self.reader``."""
        if self.row is not None:
            return self._with_register(text, file, line_offset=line_offset, **options)
        if text is None:
            return None
        self.reader = NodeReader(file, line_offset=line_offset)
        try:
            node = compose_yaml(text, file=file, line_offset=line_offset)
        except InputError as exc:
            self.errors.append(exc)
            return None
        return read_metadata(node, self.reader, **options)

    def _with_register(self, text: str | None, file: str, *, line_offset: int, **options: Any) -> Metadata | None:
        """The file's metadata with the register row's fields it leaves out; a field both give
        must agree (else an error naming both). Problems in the row's fields are reported at
        the register's row."""
        assert self.row is not None and self.register is not None
        row, register = self.row, self.register.file
        from_row = NodeReader(register)
        listed = read_metadata(compose_yaml(row.front_matter(), file=register), from_row, **options)
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


class _MarkdownParser(_Parser):
    format = "markdown"

    def _parse(self) -> Document | None:
        data, text = self._read_text(self.path, self.file)
        lines = text.split("\n")
        if (not lines or not _FENCE_LINE.fullmatch(lines[0])) and self.row is not None:
            # the register holds its metadata: the whole file is its body
            metadata = self._metadata(None, self.file)
            outline = parse_outline(text, file=self.file, first_line=1)
            self.errors.extend(outline.errors)
            self.warnings.extend(outline.warnings)
            if metadata is None:
                return None
            return self._build(metadata, text_layer=text, provisions=outline.provisions,
                               digest=_digest(data, None, self.row), line=1)
        if not lines or not _FENCE_LINE.fullmatch(lines[0]):
            raise InputError(
                "no front matter: a Markdown document starts with a line '---'",
                file=self.file,
                line=1,
                hint="put the metadata (id, kind, effective, recorded…) between two '---' lines at the top, "
                "or describe the file in the project's register",
            )
        closing = next((i for i in range(1, len(lines)) if _FENCE_END.fullmatch(lines[i])), None)
        if closing is None:
            raise InputError("the front matter has no closing '---' line", file=self.file, line=1)
        front = "\n".join(lines[1:closing])
        body_start = sum(len(line) + 1 for line in lines[: closing + 1])
        body = text[body_start:] if body_start <= len(text) else ""
        metadata = self._metadata(front, self.file, line_offset=1)
        outline = parse_outline(body, file=self.file, first_line=closing + 2)
        self.errors.extend(outline.errors)
        self.warnings.extend(outline.warnings)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=body,
            provisions=outline.provisions,
            digest=_digest(data, None, self.row),
            line=1,
        )


class _DrawingParser(_Parser):
    format = "drawing"

    def _parse(self) -> Document | None:
        data, text = self._read_text(self.path, self.file)
        metadata = self._metadata(text, self.file, allowed=DRAWING_FIELDS, default_kind="drawing")
        if metadata is None or self.reader is None:
            return None
        layer, callouts = self._callouts(metadata, self.reader)
        return self._build(
            metadata,
            text_layer=layer,
            provisions=callouts,
            digest=_digest(data, None, self.row),
            line=1,
        )

    def _callouts(self, metadata: Metadata, reader: NodeReader) -> tuple[str, list[Callout]]:
        """The callouts and the text layer they make: their texts, one per line, in order."""
        if "callouts" not in metadata.entries or is_null(metadata.entries["callouts"][1]):
            return "", []
        items = reader.sequence(metadata.entries["callouts"][1], "callouts", scalar_ok=False) or []
        texts: list[str] = []
        callouts: list[Callout] = []
        seen: dict[str, int] = {}
        position = 0
        for index, item in enumerate(items):
            where = f"callouts[{index}]"
            entries = reader.mapping(item, where)
            if entries is None:
                continue
            reader.check_keys(entries, _CALLOUT_KEYS, where, warn=True)
            values: dict[str, str | None] = {}
            for key in _CALLOUT_KEYS:
                if key in entries and not is_null(entries[key][1]):
                    values[key] = reader.string(entries[key][1], f"{where}.{key}")
                elif key in ("id", "text"):
                    reader.error(item, f"missing required field {key!r}", field=f"{where}.{key}")
            callout_id, text = values.get("id"), values.get("text")
            if callout_id is not None and not _CALLOUT_ID.fullmatch(callout_id):
                reader.error(
                    entries["id"][1],
                    f"invalid callout id {callout_id!r}",
                    field=f"{where}.id",
                    hint="letters, digits, '-' and '_', e.g. callout-3",
                )
                continue
            if callout_id is not None and callout_id in seen:
                reader.error(
                    entries["id"][1],
                    f"duplicate callout id {callout_id!r} (first at line {seen[callout_id]})",
                    field=f"{where}.id",
                )
                continue
            if callout_id is None or text is None:
                continue
            seen[callout_id] = reader.line(entries["id"][1])
            if texts:
                position += 1
            callouts.append(
                Callout(
                    path=callout_id,
                    detail=values.get("detail"),
                    scale=values.get("scale"),
                    span=CharSpan(start=position, end=position + len(text)),
                    text=text,
                )
            )
            texts.append(text)
            position += len(text)
        return "\n".join(texts), callouts


class _SidecarParser(_Parser):
    """A file whose metadata lives in a sidecar of the same name + ``.yaml``."""

    kind = "PDF"

    def _sidecar_metadata(self) -> tuple[bytes | None, Metadata | None]:
        """The sidecar's bytes (for the content hash) and its metadata; a missing sidecar is
        an InputError on the file."""
        sidecar = _sidecar(self.path)
        assert sidecar is not None
        sidecar_file = _relative(sidecar, self.root)
        if not sidecar.exists() and self.row is not None:
            return None, self._metadata(None, sidecar_file)  # the register's row is its metadata
        if not sidecar.exists():
            raise InputError(
                f"missing sidecar {sidecar.name}: a {self.kind}'s metadata lives in a file of the same name + .yaml",
                file=self.file,
                field="sidecar",
                hint=f"create {sidecar_file} with id, kind, effective and recorded, or describe the file in the "
                "project's register",
            )
        sidecar_data, sidecar_text = self._read_text(sidecar, sidecar_file)
        return sidecar_data, self._metadata(sidecar_text, sidecar_file)

    def _bytes(self) -> bytes:
        """The file's bytes; an InputError naming it when it cannot be read."""
        try:
            return self.path.read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=self.file) from None


class _PdfParser(_SidecarParser):
    format = "pdf"

    def _parse(self) -> Document | None:
        sidecar_data, metadata = self._sidecar_metadata()
        data = self._bytes()
        layer = pdf_text_layer(self.path, file=self.file)
        self._check_text_layer(layer)  # a file with no text is left out, whatever its sidecar says
        outline = parse_outline(layer.text, file=self.file, pages=layer.page_starts, tables=False, fences=False)
        self.warnings.extend(outline.warnings)
        tables = read_pdf_tables(self.path, layer, file=self.file)
        self.warnings.extend(tables.warnings)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=layer.text,
            provisions=_with_rows(outline.provisions, tables.rows),
            digest=_digest(data, sidecar_data, self.row),
            line=None,
            quarantined=tuple(tables.quarantined),
        )


    def _check_text_layer(self, layer: PdfTextLayer) -> None:
        """No text at all: the file is left out (UnreadableFileError), never a document in
        force with empty text. Some scanned pages: a warning naming them."""
        if not layer.has_text:
            scanned = bool(layer.scanned_pages)
            pages = f"{layer.page_count} page{'s' if layer.page_count != 1 else ''}"
            raise UnreadableFileError(
                f"no text layer in its {pages} (an image-only scan?)"
                if scanned
                else f"no text layer in its {pages} (they are blank)",
                file=self.file,
                hint="OCR it, or give its text in a Markdown document",
            )
        if layer.scanned_pages:
            pages = layer.scanned_pages
            named = f"page {pages[0]}" if len(pages) == 1 else "pages " + ", ".join(map(str, pages))
            self.warnings.append(
                InputError(
                    f"{named} {'has' if len(pages) == 1 else 'have'} no text layer (scanned?): "
                    "what they show is not indexed",
                    file=self.file,
                    hint="OCR the PDF to have every page read",
                )
            )


class _CsvParser(_SidecarParser):
    """A CSV schedule: its first record the header, every other record one table row
    (``table-1.row-N``); its text layer is the file's text, so each row's span is its line."""

    format = "csv"
    kind = "CSV"

    def _parse(self) -> Document | None:
        sidecar_data, metadata = self._sidecar_metadata()
        data, text = self._read_text(self.path, self.file)
        block = read_csv_table(text, file=self.file)
        self.errors.extend(block.errors)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=text,
            provisions=block.rows,
            digest=_digest(data, sidecar_data, self.row),
            line=None,
        )


def _with_rows(provisions: list[Any], rows: list[TableRow]) -> list[Any]:
    """The outline's provisions with the table rows among them in document order, each row
    under the innermost section that holds its first character."""
    if not rows:
        return provisions
    sections = [p for p in provisions if isinstance(p, Section)]
    placed = []
    for row in rows:
        at = row.span.start
        holders = [s for s in sections if s.span.start <= at < s.span.end]
        parent = max(holders, key=lambda s: (s.depth, s.span.start)).path if holders else None
        placed.append(row.model_copy(update={"parent": parent}) if parent else row)
    return sorted([*provisions, *placed], key=lambda p: p.span.start)


def _digest(data: bytes, sidecar: bytes | None, row: RegisterRow | None = None) -> str:
    digest = hashlib.sha256(data)
    if sidecar is not None:
        digest.update(b"\0sidecar\0")
        digest.update(sidecar)
    if row is not None:
        digest.update(b"\0register\0")
        digest.update(row.front_matter().encode())
    digest.update(f"\0parser:{PARSER_VERSION}".encode())
    return digest.hexdigest()


def _sidecar(path: Path) -> Path | None:
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
    try:
        return Path(_real_path(path, folders)).relative_to(_real_folder(root, folders)).as_posix()
    except ValueError:
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
