"""Document control's registry, read for ``Project.lag`` (``FileReader.registry``): every revision
recorded, whether or not ingested.

By default the registry is the front matter of every file under ``documents/``. A project
whose manifest names ``registry: FILE`` keeps it in that file instead: a YAML list of
revisions (or a mapping with a ``revisions:`` list), a CSV table or an XLSX workbook with the
columns of ``adapters.ingest.register`` (the register ingest reads metadata from: a row
without ``file`` is a revision recorded but not ingested), and with it every document file
ingest reads that no row describes (a Markdown file with its own front matter): lag counts
the documents the ingest reads, from the same list. A revision with ``access`` is shown by
``lag`` only to an asker holding one of its groups.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from inforce.ontology import InputError, InputErrors, Manifest, Revision

from .documents import discover_documents, discover_files, groups_named, read_revision, row_access
from .manifest import load_manifest
from .metadata import read_metadata, undeclared_access
from .opening import groups_in_use
from .register import Register, RegisterRow, read_register
from .yamlnodes import NodeReader

__all__ = ["read_registry", "registry_from_file", "row_access"]


def read_registry(root: Path) -> tuple[list[Revision], dict[str, str], Manifest]:
    """Every revision document control recorded, the file each came from (by ``DOC@REV``),
    and the manifest as it reads now."""
    manifest = load_manifest(root)
    with undeclared_access(manifest.undeclared_access):  # as the project's files are read (``FileReader.open``)
        revisions, sources = _recorded(root, manifest)
    return revisions, sources, manifest


def _recorded(root: Path, manifest: Manifest) -> tuple[list[Revision], dict[str, str]]:
    """``read_registry``'s revisions and the file of each."""
    if manifest.registry:
        register = read_register(root / manifest.registry, manifest.registry, root=root)
        return _registered_and_own(register, root)
    revisions = []
    sources = {}
    problems: list[InputError] = []
    paths = discover_documents(root)
    groups = groups_named(paths, root)
    for path in paths:
        try:
            with groups_in_use(groups):  # the opening rule decides by them, as at ingest
                revision = read_revision(path, root)
        except InputErrors as group:
            problems.extend(e for e in group.exceptions if isinstance(e, InputError))
            continue
        except InputError as problem:
            problems.append(problem)
            continue
        revisions.append(revision)
        sources[f"{revision.document}@{revision.label}"] = _relative(path, root)
    if problems:
        raise InputErrors(f"{root}: the registry (documents/) does not read", problems)
    return revisions, sources


def _registered_and_own(register: Register, root: Path) -> tuple[list[Revision], dict[str, str]]:
    """A project with a register: the revisions its rows record and those of the document files
    ingest reads that no row describes (a Markdown file with its own front matter, a PDF with its
    sidecar), from the one list ingest reads (``discover_files`` with the register), each judged
    by the groups ingest gathers from that list; so lag never finds withdrawn a document the
    last ingest read. InputErrors naming every row and file that does not read."""
    files = discover_files(root, register)[0]
    groups = groups_named(files, root, register)
    problems: list[InputError] = []
    try:
        revisions = _rows_read(register, root, groups)
    except InputErrors as bad:
        revisions = []
        problems.extend(e for e in bad.exceptions if isinstance(e, InputError))
    sources: dict[str, str] = {}
    for path in files:
        relative = _relative(path, root)
        if register.row_for(relative) is not None:
            continue
        try:
            with groups_in_use(groups):  # the opening rule decides by them, as at ingest
                revision = read_revision(path, root, register=register)
        except InputErrors as group:
            problems.extend(e for e in group.exceptions if isinstance(e, InputError))
            continue
        except InputError as problem:
            problems.append(problem)
            continue
        revisions.append(revision)
        sources[f"{revision.document}@{revision.label}"] = relative
    if problems:
        raise InputErrors(f"{register.file}: the registry (the register and documents/) does not read", problems)
    return revisions, sources


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def registry_from_file(path: Path, *, display: str | None = None, root: Path | None = None) -> list[Revision]:
    """The revisions a registry file lists (``adapters.ingest.register``: CSV, XLSX or YAML),
    which must lie inside the project at ``root`` when given; InputErrors naming every bad row
    and column. A row without a file is read through the same checks as a document's front
    matter (``register_revisions``, as ingest reads it); a row naming a file (with ``root``) is
    the file read as ingest reads it, the row merged (its front matter or sidecar: its access
    too, so a restricted document not yet ingested is never shown as public). A file that does
    not read gives its row no reader (``access: []``): withheld from every asker with groups;
    where the row alone records no revision (an Akoma Ntoso act's row, whose metadata is the
    act's), the file's own problems are the row's (an act over the size limit is named so, not
    as a row missing its id)."""
    register = read_register(path, display, root=root)
    files = [root / row.file for row in register.rows if row.file is not None] if root is not None else []
    groups = groups_named([file for file in files if file.is_file()], root, register) if root is not None else ()
    return _rows_read(register, root, groups)


def _rows_read(register: Register, root: Path | None, groups: Iterable[str]) -> list[Revision]:
    """The revisions ``register``'s rows record (``registry_from_file``), each file a row names
    judged by ``groups``."""
    revisions: list[Revision] = []
    problems: list[InputError] = []
    for row in register.rows:
        unread: list[InputError] = []
        # a row naming a file the project lacks (the ingest refuses it: ``Register.missing_files``,
        # which lag reports under problems): its revision is what the row says, its access too
        missing = row.file is not None and root is not None and not (root / row.file).is_file() \
            and not (root / row.file).is_symlink()
        if row.file is not None and root is not None and not missing:
            try:
                with groups_in_use(groups):  # the opening rule decides by them, as at ingest
                    revisions.append(read_revision(root / row.file, root, register=register))
                continue
            except InputErrors as group:  # listed by what its row says, readable by no group
                unread = [e for e in group.exceptions if isinstance(e, InputError)]
            except InputError as problem:
                unread = [problem]
            except OSError as problem:
                unread = [InputError(f"cannot read the file: {problem.strerror}", file=row.file)]
        read = _row_revision(row, register)
        if isinstance(read, Revision):
            revisions.append(read if row.file is None or root is None or missing
                             else read.model_copy(update={"access": ()}))
        else:
            problems += unread or read
    if problems:
        raise InputErrors(f"{register.file}: the register does not read", problems)
    return revisions


def register_revisions(register: Register) -> list[Revision]:
    """The revisions ``register``'s rows without a file record (recorded, not to be ingested
    yet), each read through the same checks as a document's front matter, as ``lag`` reads
    them: ingest refuses a register whose rows ``lag`` refuses (a row naming a file is read
    with its file, by the parse). InputErrors naming every bad row and column."""
    revisions: list[Revision] = []
    problems: list[InputError] = []
    for row in register.rows:
        if row.file is not None:
            continue
        read = _row_revision(row, register)
        if isinstance(read, Revision):
            revisions.append(read)
        else:
            problems += read
    if problems:
        raise InputErrors(f"{register.file}: the register does not read", problems)
    return revisions


def _row_revision(row: RegisterRow, register: Register) -> Revision | list[InputError]:
    """One register row as the revision it records, or its problems (at its line and column)."""
    reader = NodeReader(register.file)
    metadata = read_metadata(row.composed(register.file), reader, default_kind="other")
    if metadata is None or reader.errors:
        return [row.problem(error, register.file) for error in reader.errors] or [
            InputError("the row does not read", file=register.file, line=row.line)]
    fields = metadata.fields
    return Revision(
        document=fields["id"], label=fields.get("revision", "0"), seq=fields.get("seq", 0),
        issued=fields.get("issued"), effective=fields["effective"], recorded=fields["recorded"],
        changed=fields.get("changed"), access=fields.get("access"),
    )
