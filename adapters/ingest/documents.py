"""Document files to typed Documents: Markdown with front matter, drawings, PDFs and CSV
schedules with sidecars.

``parse_document`` reports every problem in one file at once (an ``InputErrors`` group of
``file:line`` errors); warnings (a section path seen twice) come
back beside the Document from ``parse_document_with_warnings`` and are logged by
``parse_document``. A file that holds nothing to read (a PDF without a text layer) raises
``UnreadableFileError`` instead: not a corpus error, a file to report by name and leave out.
"""

from __future__ import annotations

import errno
import functools
import logging
import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import Any

from inforce.ontology import (
    Callout,
    CharSpan,
    Document,
    InputError,
    InputErrors,
    Revision,
)
from inforce.ontology.document import ABBREVIATION_WORDS, MAX_LEGEND_ENTRIES, Section, TableRow
from inforce.ontology.files import is_inside, name_not_utf8, name_text
from inforce.ontology.scalars import PATH_SEGMENT
from inforce.ontology.text import echoed
from inforce.ontology.yamltext import BOOL_TAG, NULL_TAG, ScalarNode

from .metadata import (
    COMMON_FIELDS,
    DRAWING_FIELDS,
    Metadata,
    effective_access,
    read_metadata,
    undeclared_groups,
)
from .opening import FENCE_SHAPED, document_access, invisible, judge_lines, table_errors, visible
from .outline import closing_errors, parse_outline
from .parsing import (
    Parser,
    SidecarParser,
    UnreadableFileError,
    of_access,
    read_document_bytes,
    resolving_folders_once,
    sidecar_of,
    source_digest,
    source_name,
)
from .pdf import PdfTextLayer, pdf_text_layer
from .pdfopening import annotation_errors, opening_errors, property_errors
from .pdftables import read_pdf_tables
from .register import Register, RegisterRow
from .tables import read_csv_table
from .yamlnodes import NodeReader, compose_yaml, is_null

__all__ = [
    "DOCUMENTS",
    "UnreadableFileError",
    "content_hash",
    "discover_documents",
    "discover_files",
    "parse_document",
    "parse_document_with_warnings",
    "read_revision",
    "resolving_folders_once",
    "source_name",
]

logger = logging.getLogger("inforce.adapters.ingest")

#: the folder of a project whose files are its documents: everything in it is read at ingest
DOCUMENTS = "documents"

_CALLOUT_ID = re.compile(rf"{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*")
#: The longest callout id: it is a locator's path, written in every answer citing the callout.
_CALLOUT_ID_MAX = 100
_CALLOUT_KEYS = ("id", "detail", "scale", "text")
_FENCE_LINE = re.compile(r"---[ \t]*\r?")
#: A first line written as if it opened front matter but not as '---' alone (a comment after it,
#: more dashes, indentation, a YAML directive): an error, never read as text.
_FENCE_LIKE = re.compile(r"(?:\ufeff)?[ \t]*(?:-{3,}(?:[ \t]|$)|-{4,}|%YAML\b|%TAG\b)")
#: YAML's end-of-document marker: it does not close the front matter (only '---' does), and
#: what followed it would otherwise be read as no metadata at all.
_DOCUMENT_END = re.compile(r"\.\.\.[ \t]*\r?")
#: A line that reads as a front-matter key ('access: [x]', 'access = ["x"]', '"id": X'): the
#: access key in any case, the others as YAML writes them.
_KEY_SHAPED = re.compile(r"""["']?(?:(?i:access)|""" + "|".join(COMMON_FIELDS) + r""")["']?\s*[:=]""")
#: A first line 'groups: [x]' (any case): the access, under a key front matter does not have (and
#: refuses the same way, naming 'access').
_GROUPS_KEY = re.compile(r"""["']?(?i:groups)["']?\s*[:=]""")
_COMMENT_LINE = re.compile(r"\s*<!--.*-->\s*")
#: Bytes read of a pending file to learn its metadata (``read_revision``): its front matter
#: must close within them.
METADATA_PREFIX_BYTES = 64 * 1024
_SIDECARS = ((".pdf.yaml", "PDF"), (".csv.yaml", "CSV"), (".docx.yaml", "Word file"))
_NOT_REGULAR_SIDECAR = ("a sidecar that is not a regular file (a named pipe, socket or device, or a symlink "
                        "leading nowhere): not read, so its document's metadata is missing")


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
    so that parsing reports it. Hidden files and folders are not read and are listed with the
    files not read (a hidden folder once, not what it holds); so is anything that is no regular
    file (a named pipe, socket or device, a symlink leading nowhere), never opened. A symlink (file or folder, ``documents/`` itself included)
    that leads outside the project is refused: InputErrors naming each by its place in the
    project, since its content is not the project's and its name would be an absolute path.
    Symlinks that stay inside the project are followed for files, as any file is. A file or
    folder whose name is not UTF-8 (or a link to a file so named) is an error naming it with
    those bytes written out (``ontology.files.name_not_utf8``): no graph, report or log could
    hold its name, and it is never passed over.
    """
    root = Path(root)
    folder = root / DOCUMENTS
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
    mislaid: list[InputError] = []
    unnamed_files: list[InputError] = []
    # each entry's place in the project (``path.relative_to(root).as_posix()``) by string, not pathlib: every
    # entry under documents/ is the folder's name, a slash, and its own part (a million provisions' 16,608
    # files were made relative four times each: 0.9 of discovery's 2.3 s profiled)
    under, places = len(str(folder)) + 1, {}
    for path in folder.rglob("*"):
        relative = str(path)[under:]
        place = places[path] = f"{DOCUMENTS}/{relative}"
        parts, link = relative.split("/"), _Entry(path)
        if (unnamed := _name_not_utf8(path, link, parts, place, root)) is not None:
            # a name no graph, report or log can hold (audit 76 A F1): an error naming it with its
            # bytes written out, never a document read, or listed, under it; nothing within it
            unnamed_files.extend(unnamed)
            continue
        if any(part.startswith(".") for part in parts):
            if not any(part.startswith(".") for part in parts[:-1]):
                # the first hidden file or folder on the path: never read, and named (what is inside
                # a hidden folder is not walked); one named as a document's metadata is an error
                if path.is_file() and (hidden := _hidden_metadata(path.name.lower())) is not None:
                    mislaid.append(InputError(hidden[0], file=place, hint=hidden[1]))
                else:
                    unread.append(path)
            continue
        if link.is_symlink and _refuse_if_outside(path, root, real_root, escapes):
            continue
        if not link.is_file:
            if path.name.lower().endswith(tuple(suffix for suffix, _ in _SIDECARS)) and not path.is_dir():
                # a document's metadata (its access above all) in a pipe, socket or device: never
                # opened (a pipe would block), an error, never a document read without its sidecar
                mislaid.append(InputError(_NOT_REGULAR_SIDECAR, file=place, hint="put the sidecar file itself there"))
            elif link.is_symlink or not path.is_dir():
                # a linked folder (not walked), a named pipe, socket or device, a link to nothing:
                # named among the files not read (never opened: a pipe would block), never skipped silently
                unread.append(path)
            continue
        name = path.name.lower()
        described = register is not None and register.row_for(place) is not None
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
        elif (misread := _metadata_not_read(_name_skeleton(name))) is not None:
            # a file that could hold metadata (access above all) but is no sidecar inforce reads:
            # an error, never a warning and a document read public
            mislaid.append(InputError(misread[0], file=place, hint=misread[1]))
        else:
            unread.append(path)
    if escapes:
        raise InputErrors(f"{root}: documents lead outside the project", escapes)
    found.sort(key=places.__getitem__)
    mislaid.extend(_one_file_twice(found, places))
    if mislaid or unnamed_files:
        what = "metadata inforce does not read" if mislaid else "file names that are not UTF-8"
        raise InputErrors(f"{root}: {what}; the graph is unchanged", mislaid + unnamed_files)
    return found, sorted(unread, key=places.__getitem__)


class _Entry:
    """What ``Path.is_symlink`` and ``Path.is_file`` say of an entry, from one ``lstat`` where it is no
    link (and ``is_file`` of what a link leads to): discovery had asked each three or four times.
    The errors that make pathlib say False say False; any other is raised, as pathlib raises it."""

    __slots__ = ("is_file", "is_symlink")

    def __init__(self, path: Path) -> None:
        try:
            mode = os.lstat(path).st_mode
        except OSError as exc:
            if exc.errno not in _NO_SUCH_ENTRY:
                raise
            self.is_symlink = self.is_file = False
            return
        self.is_symlink = stat.S_ISLNK(mode)
        self.is_file = path.is_file() if self.is_symlink else stat.S_ISREG(mode)


#: The errors ``Path.is_symlink`` and ``Path.is_file`` answer False to (pathlib's own list).
_NO_SUCH_ENTRY = frozenset({errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP})


def _one_file_twice(found: list[Path], places: dict[Path, str]) -> list[InputError]:
    """An error for each schedule, PDF or Word place that shares, through a symbolic link, its file
    or its sidecar with another place whose other half is another file: two documents would be read
    from one file or under one sidecar, and the ingest kept one of them and dropped the other without
    a word, and erasing the one deleted the other's file (audit MM-01, MM-02). A place whose file and
    sidecar both lead where another's do is that document again, read once, as is a Markdown file,
    drawing or act linked to another (its metadata is inside it: one document, whatever its places).
    Named at the later place, with the one it shares a file with. ``found`` in the order of their places in
    the project (``places``)."""
    seen: dict[tuple[int, str], tuple[str, str | None]] = {}  # (which half, its real file): place, other half
    errors: list[InputError] = []
    for document in found:
        if not document.name.lower().endswith((".pdf", ".csv", ".docx")):
            continue
        sidecar = document.with_name(document.name + ".yaml")
        halves = (os.path.realpath(document), os.path.realpath(sidecar) if sidecar.is_file() else None)
        place = places[document]
        for half in (0, 1):
            if halves[half] is None:
                continue
            key = (half, halves[half])
            if key not in seen:
                seen[key] = (place, halves[1 - half])
            elif seen[key][1] != halves[1 - half]:
                shared = "file" if half == 0 else "sidecar"
                errors.append(InputError(
                    f"its {shared} is the same file as that of {seen[key][0]} (a symbolic link leads from one to the "
                    "other) while the other half of each differs: one file is one document", file=place,
                    hint="remove the link, or copy the file if two documents are meant"))
                break
    return errors


#: Where a document's metadata goes, by the document's suffix (a file named as its sidecar is not read).
_METADATA_HOME = (
    (".md", "a Markdown file takes no sidecar", "write its metadata (access included) in its front matter"),
    (".xml", "an Akoma Ntoso act takes no sidecar", "its metadata is its own; who may read it goes in the "
     "access column of the project's register (inforce.yaml 'registry:')"),
    (".drawing.yaml", "a drawing takes no sidecar", "write its metadata (access included) in the drawing file"),
    (".pdf", "a PDF's sidecar is named X.pdf.yaml", "rename the file to end in .pdf.yaml"),
    (".csv", "a CSV schedule's sidecar is named X.csv.yaml", "rename the file to end in .csv.yaml"),
    (".docx", "a Word file's sidecar is named X.docx.yaml", "rename the file to end in .docx.yaml"),
)
#: Suffixes of a file that holds metadata as YAML or JSON (JSON is YAML): never only "not read".
_METADATA_SUFFIXES = (".yaml", ".yml", ".json", ".jsonc")


#: Letters of other scripts drawn as the Latin ones of 'yaml', 'yml' and 'json'.
_LOOKALIKES = str.maketrans("\u0430\u0435\u043e\u0455\u0443\u0458\u043c\u03bf\u03b1\u0391\u039c\u039f",
                            "aeosyjmoaamo")


def _name_skeleton(name: str) -> str:
    """A file name (lower case) as it reads to a person: compatibility forms folded (a fullwidth
    'ｙ'), invisible characters and spaces taken out, look-alike letters of other scripts made
    Latin, and the dots, tildes and spaces a name may end with dropped (``X.md.yaml.`` shows as
    ``X.md.yaml`` on Windows). So a name made to look like a sidecar is read as one would be."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKES)
    return "".join(c for c in folded if not invisible(c) and not c.isspace()).rstrip(".~")


def _metadata_not_read(name: str) -> tuple[str, str] | None:
    """Why a file under documents/ named ``name`` (lower case) that could hold a document's
    metadata is not read, and where that metadata goes; None for a file that is no such file.

    Any YAML file that is no drawing and no sidecar inforce reads (``X.md.yaml``, ``X.xml.yaml``,
    ``X.pdf.yml``, a bare ``X.yaml``), and a JSON file named as a document's sidecar: each is
    an error, since the ``access`` it may hold would otherwise be lost and the document read
    public with one warning."""
    suffix = next((s for s in _METADATA_SUFFIXES if name.endswith(s)), None)
    if suffix is None:
        return None
    stem = name[: -len(suffix)]
    for document, said, home in _METADATA_HOME:
        if stem.endswith(document):
            return f"{said}: this file is not read", home
    if suffix in (".json", ".jsonc"):
        return None  # data beside the documents, not named as anyone's metadata: a report
    if stem.endswith(".drawing"):
        return "a drawing is named X.drawing.yaml: this file is not read", "rename the file to end in .drawing.yaml"
    return ("a YAML file that is no drawing (X.drawing.yaml) and no sidecar (X.pdf.yaml, X.csv.yaml, "
            "X.docx.yaml): not read", "a Markdown file's metadata goes in its front matter, an Akoma Ntoso "
            "act's access in the project's register; move any other YAML out of documents/")


def _hidden_metadata(name: str) -> tuple[str, str] | None:
    """Why a hidden file under documents/ named ``name`` (lower case) is an error: named as a
    document's sidecar (``.X.md.yaml``, ``.X.pdf.yaml``), it may hold that document's access,
    which a hidden file never gives; None for any other hidden file (skipped, as ever)."""
    written = name.lstrip(".").strip()
    suffix = next((s for s in _METADATA_SUFFIXES if written.endswith(s)), None)
    if suffix is None or not any(written[: -len(suffix)].endswith(document) for document, _, _ in _METADATA_HOME):
        return None
    return ("a hidden file named as a document's metadata: not read",
            "a Markdown file's metadata goes in its front matter; a PDF's, CSV's or Word file's in X.pdf.yaml, "
            "X.csv.yaml or X.docx.yaml, not hidden")


def _name_not_utf8(path: Path, link: _Entry, parts: list[str], place: str, root: Path) -> list[InputError] | None:
    """Whether ``path`` (its ``parts`` below documents/, its ``place`` in the project) is named by bytes
    that are not UTF-8, or is a symlink to a file so named inside the project (the name the graph would
    give it): None when not; the refusal (``name_not_utf8``) when it is the first such name on its path,
    or an empty list when a folder above it was refused already. Inside a hidden folder (never
    walked) nothing is judged."""
    for part in parts[:-1]:
        if part.startswith("."):
            return None
        if name_not_utf8(part) is not None:
            return []
    if name_not_utf8(place) is not None:  # (whether a file or a folder is asked only of a name refused)
        return [name_not_utf8(place, what="folder" if path.is_dir() else "file")]  # type: ignore[list-item]
    if link.is_symlink and link.is_file and is_inside(path, root):
        led_to = name_not_utf8(os.path.relpath(os.path.realpath(path), os.path.realpath(root)))
        if led_to is not None:
            return [InputError(f"a symlink leading to a file whose name is not UTF-8 ({led_to.file}): not read",
                               file=place, hint="rename the file it leads to")]
    return None


def _refuse_if_outside(link: Path, root: Path, real_root: str, escapes: list[InputError]) -> bool:
    """Add an error for ``link`` when its real path is outside the project; True if so."""
    if is_inside(link, real_root):
        return False
    target = name_text(os.path.realpath(link))
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
    sidecar = sidecar_of(path)
    row = register.row_for(source_name(path, root)) if register is not None and root is not None else None
    file = source_name(path, root) if root is not None else str(path)
    try:
        return source_digest(
            read_document_bytes(path, file),
            read_document_bytes(sidecar, source_name(sidecar, root) if root is not None else str(sidecar))
            if sidecar is not None and sidecar.exists() else None,
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
    file = source_name(path, root)
    name = path.name.lower()
    parser: type[Parser] | None = _MarkdownParser if name.endswith(".md") else None
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
        path, file = source, source_name(source, root)
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


def groups_named(paths: list[Path], root: Path, register: Register | None = None) -> frozenset[str]:
    """Every access group the project's metadata names: its register's ``access`` cells, each
    Markdown file's front matter, each sidecar and each drawing's own keys, read before any document's body (the opening
    rule decides by them: ``opening.groups_in_use``), and those the project's ``undeclared_access``
    gives a document declaring none (``metadata.undeclared_groups``). Metadata that does not read
    adds nothing here; its parse reports it. ``register_groups`` joined with each file's
    ``file_groups``: an ingest's reader takes a file's from the build before when its content hash
    is the same (``reader._ProjectFiles``)."""
    named = set(register_groups(register))
    for path in paths:
        named.update(file_groups(path, root, register))
    return frozenset(named)


def register_groups(register: Register | None) -> frozenset[str]:
    """The groups ``groups_named`` takes from no document file: the register's ``access`` cells
    and what the project's ``undeclared_access`` gives a document declaring none."""
    named: set[str] = set(undeclared_groups())
    for row in register.rows if register is not None else ():
        named.update(_group_words(_row_access(row)))
    return frozenset(named)


def file_groups(path: Path, root: Path, register: Register | None = None) -> tuple[str, ...]:
    """The groups one document file's own metadata names (a Markdown file's front matter, a
    PDF's, Word file's or CSV's sidecar, a drawing's own keys, each joined with its register
    row), as ``groups_named`` gathers them; none for an act (the XML declares none: its access is
    its register row, read by ``register_groups``) or metadata that does not read (its parse
    reports it). A function of what the file's content hash covers (its bytes, its sidecar's, its
    register row, the parser version) and the project's ``undeclared_access``. (A drawing's own
    ``access:`` had been left out, so a public document's opening naming only a drawing's group
    was read as text.)"""
    name = path.name.lower()
    try:
        if name.endswith(".drawing.yaml"):
            return tuple(_group_words(_DrawingParser(path, root, source_name(path, root),
                                                     register=register).declared_access()))
        if not name.endswith((".md", ".pdf", ".csv", ".docx")):
            return ()
        return tuple(_group_words(_access_of(path, root, register)))
    except (InputError, InputErrors, UnreadableFileError, KeyError, TypeError, ValueError, OSError):
        return ()


def _row_access(row: RegisterRow) -> object:
    """A register row's ``access`` as its metadata reads it (the row's ``access`` field, parsed
    as a document's front matter is: a cell split at ``;``); None where it does not read."""
    if "access" not in row.values:
        return None
    line = row.fields()["access"]
    try:
        return _access_field(line)
    except (InputError, InputErrors, KeyError, TypeError, ValueError):
        return None


@functools.lru_cache(maxsize=1024)
def _access_field(line: str) -> object:
    """The value of one front-matter ``access: …`` line, read through the metadata's checks
    (kept per line: a register's rows share a few access cells)."""
    metadata = read_metadata(compose_yaml(line + "\n", file="register"), NodeReader("register"),
                             default_kind="other")
    return None if metadata is None else metadata.fields.get("access")


def _group_words(access: object) -> list[str]:
    """The group names of a parsed ``access`` value (its list, each name as written): the names
    themselves, never a second split of them (``site_admins``, ``QA Leads`` are one name each;
    the opening rule compares names in one normal form, ``opening.folded_groups``)."""
    if isinstance(access, str):
        return [access] if access.strip() else []
    if isinstance(access, (list, tuple)):
        return [str(name) for name in access if str(name).strip()]
    return []


def _access_of(path: Path, root: Path, register: Register | None) -> object:
    """The access a file's own metadata gives (front matter or sidecar), its opening not judged."""
    file = source_name(path, root)
    if path.name.lower().endswith(".md"):
        parser = _MarkdownParser(path, root, file, register=register)
        text, whole = parser._read_prefix(METADATA_PREFIX_BYTES)
        lines = text.split("\n")
        closing = parser._closing(lines if whole else lines[:-1], whole=whole)
        front = None if closing is None else "\n".join(lines[1:closing])
        metadata = parser._metadata(front, file, line_offset=1 if front is not None else 0)
        return None if metadata is None else parser._revision(metadata).access
    parser_type = _PdfParser if path.name.lower().endswith(".pdf") else _CsvParser \
        if path.name.lower().endswith(".csv") else _docx_parser()
    return parser_type(path, root, file, register=register).revision().access


def read_revision(path: Path, root: Path, *, register: Register | None = None) -> Revision:
    """The revision a document file records, read as ``lag`` needs it: a Markdown file's front
    matter (within its first ``METADATA_PREFIX_BYTES``) or register row, a PDF's, CSV's or Word
    file's sidecar or row; the file's body is not read, so a large pending file costs no more
    than a small one. Through the parsers' own checks (the same errors ingest gives the
    metadata); an Akoma Ntoso act, whose metadata is its own, is parsed whole."""
    parser = _metadata_parser(Path(path), Path(root), register)
    if parser is not None:
        return parser.revision()
    return parse_document_with_warnings(path, root, register=register)[0].as_revision()


def row_access(row: RegisterRow, register: str) -> tuple[str, ...] | None:
    """The access a register row's own cells declare (its ``access``, with ``public``'s
    checks; declaring neither, what the project's ``undeclared_access`` gives:
    ``metadata.effective_access``), read as ``_row_revision`` reads the row but given when another of its cells has a
    problem (as ``Parser.declared_access`` gives a file's); InputError when the access itself
    does not read (a problem at ``access`` or ``public``, or a row YAML refuses)."""
    reader = NodeReader(register)
    metadata = read_metadata(row.composed(register), reader, default_kind="other")
    if metadata is None or any(of_access(e) for e in reader.errors):
        raise InputError("the row's access does not read", file=register, line=row.line, field="access")
    access = metadata.fields.get("access")
    return tuple(access) if access is not None else None


def declared_access(path: Path, root: Path, *, register: Register | None = None) -> tuple[str, ...] | None:
    """The access a document file's metadata declares, read as ``read_revision`` reads it but
    given when another field has a problem (``Parser.declared_access``): a drawing's by its own
    keys (and its register row), given when its body fails (a duplicate callout id); an Akoma
    Ntoso act's by its register row alone (the XML declares none: without a row, what the
    project's ``undeclared_access`` gives, ``metadata.effective_access``), its
    body not read (audit 82 A F1: a body problem made theirs unknown, so it was withheld even
    from the file's own group). InputError(s) when the access does not read."""
    path, root = Path(path), Path(root)
    parser = _metadata_parser(path, root, register)
    if parser is not None:
        return parser.declared_access()
    name = path.name.lower()
    if name.endswith(".drawing.yaml"):
        return _DrawingParser(path, root, source_name(path, root), register=register).declared_access()
    if name.endswith(".xml"):
        file = source_name(path, root)
        row = register.row_for(file) if register is not None else None
        if row is not None and register is not None:
            return row_access(row, register.file)

        def refused(message: str, hint: str) -> None:
            raise InputError(message, file=file, field="access", hint=hint)

        return effective_access(None, declared=False, refused=refused)  # the XML declares none
    return parse_document_with_warnings(path, root, register=register)[0].access


def _metadata_parser(path: Path, root: Path, register: Register | None) -> Parser | None:
    """The parser that reads a file's metadata without its body (Markdown, PDF, CSV, Word); None
    for a file whose metadata is read by parsing it whole (a drawing, an act)."""
    file = source_name(path, root)
    name = path.name.lower()
    if name.endswith(".md"):
        return _MarkdownParser(path, root, file, register=register)
    if name.endswith((".pdf", ".csv")):
        return (_PdfParser if name.endswith(".pdf") else _CsvParser)(path, root, file, register=register)
    if name.endswith(".docx"):
        return _docx_parser()(path, root, file, register=register)
    return None


def _docx_parser() -> type[Parser]:
    from .docx import _DocxParser  # imported when a Word file is met

    return _DocxParser


def _check_line_ends(text: str, file: str) -> None:
    """A carriage return alone ends no line here: a file whose lines end so (old Mac) is refused,
    never read as one long line (its front matter as body text)."""
    lone = re.search(r"\r(?!\n)", text)
    if lone is not None:
        raise InputError("a line ends in a carriage return alone (old Mac line ends), which inforce does not "
                         "read as a line end", file=file, line=text.count("\n", 0, lone.start()) + 1,
                         hint="save the file with LF (or CRLF) line ends")


def _check_opening(lines: list[str], file: str, first_line: int) -> bool:
    """Before the first heading or paragraph of a Markdown body (the whole file when it has no
    front matter, else what follows it): a line shaped as a front-matter fence (dashes of any
    kind, '+++', after blank or invisible characters) or as a metadata key ('access: …',
    'access = …') is an error at its line, never body text: the access it may say would be lost
    and the document read public."""
    for index, line in enumerate(lines):
        shown = visible(line)
        if not shown or _COMMENT_LINE.fullmatch(shown):
            continue
        if _GROUPS_KEY.match(shown):
            raise InputError(
                f"{echoed(shown)} reads as front matter naming who may read the document, and the key for "
                "that is 'access', in front matter that opens on the file's first line with ---",
                file=file, line=first_line + index, field="access",
                hint="write '---', 'access: [group, ...]' and '---' as the first lines (or give access in the "
                     "register); or start the text with its heading")
        if FENCE_SHAPED.match(shown) or _KEY_SHAPED.match(shown):
            raise InputError(
                f"{echoed(shown)} reads as front matter, which must open on the file's first line with ---",
                file=file, line=first_line + index,
                hint="write '---' alone on the very first line (no blank line, comment or invisible character "
                     "before it, plain hyphens) and close it with '---'; or start the text with its heading")
        return True
    return False


class _MarkdownParser(Parser):
    format = "markdown"

    def revision(self) -> Revision:
        """The revision the file's front matter (or register row) records, read from its first
        ``METADATA_PREFIX_BYTES``: a front matter not closed within them is an error (lag
        withholds the row). The marking places are judged as at ingest: the opening there, the
        closing lines in the file's last ``METADATA_PREFIX_BYTES`` (a larger file's middle is
        never read)."""
        text, whole = self._read_prefix(METADATA_PREFIX_BYTES)
        _check_line_ends(text, self.file)
        lines = text.split("\n")
        closing = self._closing(lines if whole else lines[:-1], whole=whole)
        start = 0 if closing is None else closing + 1
        front = None if closing is None else "\n".join(lines[1:closing])
        with document_access():  # the opening judged by the access the metadata declares, as at ingest
            metadata = self._metadata(front, self.file, line_offset=1 if front is not None else 0)
            self._read_metadata = metadata  # what declared_access reads should the body fail
            # the opening's access lines, as ingest reads them (tables off: its only errors are those
            # and the outline's own, a heading nested too deep: an access line's first, should both be)
            opening = parse_outline("\n".join(lines[start:]), file=self.file, first_line=start + 1, tables=False,
                                    closing=whole)
            if opening.errors:
                raise next((e for e in opening.errors if of_access(e)), opening.errors[0])
            if not whole:
                self._check_end()
        return self._revision(metadata)

    def _check_end(self) -> None:
        """A large file's closing lines, read from its last bytes, judged as at ingest (the
        marking rule's last place, ``opening`` module 5.): the first error raised."""
        tail = self._read_suffix(METADATA_PREFIX_BYTES)
        if tail is None:
            return  # one line longer than the bytes read: a provision's text, no footer's marking
        text, at = tail
        _check_line_ends(text, self.file)
        if closing_errors(text, file=self.file, first_line=1):
            raise closing_errors(text, file=self.file, first_line=self._line_at(at))[0]

    def _closing(self, lines: list[str], *, whole: bool = True) -> int | None:
        """The index of the line closing the front matter; None for a file without any that the
        register describes. Raises InputError for every other opening (``whole``: ``lines`` are
        the whole file, not its first ``METADATA_PREFIX_BYTES``)."""
        if lines and not _FENCE_LINE.fullmatch(lines[0]) and _FENCE_LIKE.match(lines[0]):
            # '--- # note', '----', ' ---', '%YAML 1.2': meant as front matter, read by no rule; with
            # a register row it would become body text and its keys (access too) be lost
            raise InputError(
                f"the first line {lines[0].strip()[:40]!r} looks like the opening of front matter, which is "
                "exactly '---' on a line of its own", file=self.file, line=1,
                hint="write '---' alone on the first line (and on the closing line), or start the text with "
                     "something else")
        if not lines or not _FENCE_LINE.fullmatch(lines[0]):
            if not _check_opening(lines, self.file, 1) and not whole:
                raise InputError(f"nothing but blank lines in the first {METADATA_PREFIX_BYTES // 1024} KiB",
                                 file=self.file, line=1)
            if self.row is not None:
                return None
            raise InputError(
                "no front matter: a Markdown document starts with a line '---'",
                file=self.file,
                line=1,
                hint="put the metadata (id, kind, effective, recorded…) between two '---' lines at the top, "
                + self.described_where(),
            )
        closing = next((i for i in range(1, len(lines)) if _FENCE_LINE.fullmatch(lines[i])
                        or _DOCUMENT_END.fullmatch(lines[i])), None)
        if closing is not None and not _FENCE_LINE.fullmatch(lines[closing]):
            raise InputError(
                "a '...' line: the front matter closes only at a '---' line",
                file=self.file,
                line=closing + 1,
                hint="write '---' for the closing line; every key of the metadata goes above it",
            )
        if closing is None:
            raise InputError("the front matter has no closing '---' line" if whole else
                             f"the front matter does not close within the file's first "
                             f"{METADATA_PREFIX_BYTES // 1024} KiB", file=self.file, line=1)
        if not _check_opening(lines[closing + 1:], self.file, closing + 2) and not whole:
            raise InputError(f"no text after the front matter within the file's first "
                             f"{METADATA_PREFIX_BYTES // 1024} KiB", file=self.file, line=closing + 1)
        return closing

    def _parse(self) -> Document | None:
        data, text = self._read_text(self.path, self.file)
        _check_line_ends(text, self.file)
        lines = text.split("\n")
        closing = self._closing(lines)
        if closing is None:
            # the register holds its metadata: the whole file is its body
            metadata = self._metadata(None, self.file)
            outline = parse_outline(text, file=self.file, first_line=1)
            self.errors.extend(outline.errors)
            self.warnings.extend(outline.warnings)
            self._none_read(text, 1, outline.provisions)
            if metadata is None:
                return None
            return self._build(metadata, text_layer=text, provisions=outline.provisions,
                               digest=source_digest(data, None, self.row), line=1)
        front = "\n".join(lines[1:closing])
        body_start = sum(len(line) + 1 for line in lines[: closing + 1])
        body = text[body_start:] if body_start <= len(text) else ""
        metadata = self._metadata(front, self.file, line_offset=1)
        outline = parse_outline(body, file=self.file, first_line=closing + 2)
        self.errors.extend(outline.errors)
        self.warnings.extend(outline.warnings)
        self._none_read(body, closing + 2, outline.provisions)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=body,
            provisions=outline.provisions,
            digest=source_digest(data, None, self.row),
            line=1,
        )


    def _none_read(self, body: str, first_line: int, provisions: list[Any]) -> None:
        """A warning naming the file when its text gives no provision: words with no heading
        and no numbered paragraph are stored, but nothing in them can be cited, checked or swept."""
        if provisions or not body.strip():
            return
        line = first_line + next(n for n, text in enumerate(body.split("\n")) if text.strip())
        self.warnings.append(InputError(
            "no provision read: the text has no heading and no numbered paragraph, so none of it can be "
            "cited, checked or swept", file=self.file, line=line,
            hint="give it a heading ('# Title') or number its paragraphs ('1.1 ...')"))


class _DrawingParser(Parser):
    format = "drawing"

    def revision(self) -> Revision:
        """The revision the drawing records: its metadata is the file's own keys, read by a
        whole parse (a sheet is small)."""
        return self.parse()[0].as_revision()

    def _parse(self) -> Document | None:
        data, text = self._read_text(self.path, self.file)
        metadata = self._metadata(text, self.file, allowed=DRAWING_FIELDS, default_kind="drawing")
        self._read_metadata = metadata  # what declared_access reads should the callouts fail
        if metadata is None or self.reader is None:
            return None
        layer, callouts = self._callouts(metadata, self.reader)
        abbreviations = self._abbreviations(metadata, self.reader)
        if abbreviations:
            metadata.fields["abbreviations"] = abbreviations
        return self._build(
            metadata,
            text_layer=layer,
            provisions=callouts,
            digest=source_digest(data, None, self.row),
            line=1,
        )

    def _abbreviations(self, metadata: Metadata, reader: NodeReader) -> dict[str, str]:
        """The sheet's ``abbreviations:`` legend, each abbreviation as written → its words (one
        space between words): a mapping of strings, whose words are letters (with spaces,
        apostrophes, hyphens, slashes) as a legend's are (``ontology.ABBREVIATION_WORDS``); anything
        else is an error at its line naming ``abbreviations.ABBR``. Its size is held to the
        limits every YAML file is read under."""
        if "abbreviations" not in metadata.entries or is_null(metadata.entries["abbreviations"][1]):
            return {}
        entries = reader.mapping(metadata.entries["abbreviations"][1], "abbreviations",
                                 hint="a mapping of each abbreviation to its words, e.g. CLR.: clear")
        if entries is not None and len(entries) > MAX_LEGEND_ENTRIES:  # (audit 75 B F1: ingest time)
            reader.error(metadata.entries["abbreviations"][1],
                         f"a legend of {len(entries):,} abbreviations: a sheet's legend holds at most "
                         f"{MAX_LEGEND_ENTRIES:,}", field="abbreviations",
                         hint="keep the abbreviations the set uses; a drawing set's legend is a few hundred")
            return {}
        found: dict[str, str] = {}
        for name, (key, value) in (entries or {}).items():
            where = f"abbreviations.{name}"
            if not name.strip() or isinstance(key, ScalarNode) and key.tag in (NULL_TAG, BOOL_TAG):
                reader.error(key, f"{name!r} is no abbreviation", field=where,
                             hint="write the abbreviation as the sheets do, e.g. CLR.")
                continue
            words = reader.string(value, where)
            if words is None:
                continue
            words = " ".join(words.split())
            if ABBREVIATION_WORDS.fullmatch(words) is None:
                reader.error(value, f"{words!r} is not the words of an abbreviation", field=where,
                             hint="letters, spaces, apostrophes, '-' and '/', starting with a letter, e.g. clear")
                continue
            found[name.strip()] = words
        return found

    def _callouts(self, metadata: Metadata, reader: NodeReader) -> tuple[str, list[Callout]]:
        """The callouts and the text layer they make: their texts, one per line, in order. Each
        callout is a provision with text of its own: their lines' opening is judged by the one
        rule (``opening.judge_lines``), an error at the line of the callout's ``text``."""
        if "callouts" not in metadata.entries or is_null(metadata.entries["callouts"][1]):
            return "", []
        items = reader.sequence(metadata.entries["callouts"][1], "callouts", scalar_ok=False) or []
        shown: list[tuple[str, int | None, str]] = []  # each callout's lines, for the opening rule
        texts: list[str] = []
        callouts: list[Callout] = []
        seen: dict[str, int] = {}
        position = 0
        for index, item in enumerate(items):
            where = f"callouts[{index}]"
            entries = reader.mapping(item, where)
            if entries is None:
                continue
            reader.check_keys(entries, _CALLOUT_KEYS, where)
            values: dict[str, str | None] = {}
            for key in _CALLOUT_KEYS:
                if key in entries and not is_null(entries[key][1]):
                    values[key] = reader.string(entries[key][1], f"{where}.{key}")
                elif key in ("id", "text"):
                    reader.error(item, f"missing required field {key!r}", field=f"{where}.{key}")
            callout_id, text = values.get("id"), values.get("text")
            if text is not None and not text.strip():
                # a callout says something: one with no words would be a provision nobody can
                # cite, check or sweep, taken without a word (audit 75 B)
                reader.error(entries["text"][1], "callout text is blank", field=f"{where}.text",
                             hint="write the callout's words, or leave the callout out")
                text = None
            if callout_id is not None and len(callout_id) > _CALLOUT_ID_MAX:
                reader.error(entries["id"][1], f"callout id is {len(callout_id):,} characters long (at most "
                             f"{_CALLOUT_ID_MAX}): it is part of every locator citing the callout", field=f"{where}.id",
                             hint="a short id, e.g. callout-3")
                continue
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
            shown += [(line, reader.line(entries["text"][1]), f" ({where}.text)") for line in text.split("\n")]
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
        errors, warnings = judge_lines(shown, self.file)
        self.errors.extend(errors)
        self.warnings.extend(warnings)
        return "\n".join(texts), callouts


class _PdfParser(SidecarParser):
    format = "pdf"

    def _parse(self) -> Document | None:
        sidecar_data, metadata = self._sidecar_metadata()
        data = self._bytes()
        layer = pdf_text_layer(self.path, file=self.file)
        self._check_text_layer(layer)  # a file with no text is left out, whatever its sidecar says
        outline = parse_outline(layer.text, file=self.file, pages=layer.page_starts, tables=False, fences=False,
                                spaced=True)
        self.errors.extend(outline.errors)
        self.warnings.extend(outline.warnings)
        tables = read_pdf_tables(self.path, layer, file=self.file)
        self.warnings.extend(tables.warnings)
        refused = {error.line for error in outline.errors if error.field == "access" and error.line is not None}
        self.errors.extend(opening_errors(self.path, layer, tables.rows, outline.opening_end, self.file, refused,
                                          headers=tables.headers))
        # what a reader meets in the marking places beside the text layer: annotations, the document's properties
        for errors, warnings in (annotation_errors(self.path, layer, outline.opening_end, outline.closing_start,
                                                   self.file), property_errors(self.path, self.file)):
            self.errors.extend(errors)
            self.warnings.extend(warnings)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=layer.text,
            provisions=_with_rows(outline.provisions, tables.rows),
            digest=source_digest(data, sidecar_data, self.row),
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


#: A carriage return that ends a line alone (not a CRLF's).
_LONE_CR = re.compile(r"\r(?!\n)")


class _CsvParser(SidecarParser):
    """A CSV schedule: its first record the header, every other record one table row
    (``table-1.row-N``); its text layer is the file's text, so each row's span is its line."""

    format = "csv"
    kind = "CSV"

    def _parse(self) -> Document | None:
        sidecar_data, metadata = self._sidecar_metadata()
        data, text = self._read_text(self.path, self.file)
        # a line ended by CR alone ("CSV (Macintosh)") ends a line as the register's reader takes
        # it; written as LF, one character for one, so every span still falls where the file has it
        # (audit 78 B F5: Python's "universal-newline mode" hint, and the schedule called empty)
        text = _LONE_CR.sub("\n", text)
        block = read_csv_table(text, file=self.file)
        self.errors.extend(block.errors)
        # one table and no numbered provision: all of it is its opening, judged by the one rule
        self.errors.extend(table_errors(text, block.rows, self.file, set(), header=block.header))
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=text,
            provisions=block.rows,
            digest=source_digest(data, sidecar_data, self.row),
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


