"""Document control's registry, read for ``Project.lag`` (``FileReader.registry``): every revision
recorded, whether or not ingested.

By default the registry is the front matter of every file under ``documents/``. A project
whose manifest names ``registry: FILE`` keeps it in that file instead: a YAML list of
revisions (or a mapping with a ``revisions:`` list), a CSV table or an XLSX workbook with the
columns of ``adapters.ingest.register`` (the register ingest reads metadata from: a row
without ``file`` is a revision recorded but not ingested). A revision with ``access`` is
shown by ``lag`` only to an asker holding one of its groups.
"""

from __future__ import annotations

from pathlib import Path

from inforce.ontology import InputError, InputErrors, Manifest, Revision

from .documents import discover_documents, parse_document
from .manifest import load_manifest
from .metadata import read_metadata
from .register import read_register
from .yamlnodes import NodeReader, compose_yaml

__all__ = ["read_registry", "registry_from_file"]


def read_registry(root: Path) -> tuple[list[Revision], dict[str, str], Manifest]:
    """Every revision document control recorded, the file each came from (by ``DOC@REV``),
    and the manifest as it reads now."""
    manifest = load_manifest(root)
    if manifest.registry:
        path = root / manifest.registry
        return registry_from_file(path, display=manifest.registry, root=root), {}, manifest
    revisions: list[Revision] = []
    sources: dict[str, str] = {}
    problems: list[InputError] = []
    for path in discover_documents(root):
        try:
            document = parse_document(path, root)
        except InputErrors as group:
            problems.extend(e for e in group.exceptions if isinstance(e, InputError))
            continue
        except InputError as problem:
            problems.append(problem)
            continue
        revisions.append(document.as_revision())
        sources[document.uid] = _relative(path, root)
    if problems:
        raise InputErrors(f"{root}: the registry (documents/) does not read", problems)
    return revisions, sources, manifest


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def registry_from_file(path: Path, *, display: str | None = None, root: Path | None = None) -> list[Revision]:
    """The revisions a registry file lists (``adapters.ingest.register``: CSV, XLSX or YAML),
    which must lie inside the project at ``root`` when given; each row read through the same
    checks as a document's front matter, InputErrors naming every bad row and column."""
    register = read_register(path, display, root=root)
    revisions: list[Revision] = []
    problems: list[InputError] = []
    for row in register.rows:
        reader = NodeReader(register.file)
        metadata = read_metadata(compose_yaml(row.front_matter(), file=register.file), reader, default_kind="other")
        problems += [row.problem(error, register.file) for error in reader.errors]
        if metadata is None or reader.errors:
            continue
        fields = metadata.fields
        revisions.append(Revision(
            document=fields["id"], label=fields.get("revision", "0"), seq=fields.get("seq", 0),
            issued=fields.get("issued"), effective=fields["effective"], recorded=fields["recorded"],
            changed=fields.get("changed"), access=fields.get("access"),
        ))
    if problems:
        raise InputErrors(f"{register.file}: the register does not read", problems)
    return revisions
