"""Document control's registry, read for `inforce lag`: what was recorded, whether or not ingested.

By default the registry is the front matter of every file under ``documents/``. A project
whose manifest names ``registry: FILE`` keeps it in that file instead: a YAML list of
revisions (or a mapping with a ``revisions:`` list), a CSV table or an XLSX workbook with the
columns of ``adapters.ingest.register`` (the register ingest reads metadata from: a row
without ``file`` is a revision recorded but not ingested). A revision with ``access`` is
shown by ``lag`` only to an asker holding one of its groups.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from inforce.adapters.ingest.register import read_register
from inforce.ontology import InputError, InputErrors, Manifest, Revision

__all__ = ["read_registry", "registry_from_file"]


def read_registry(root: Path) -> tuple[list[Revision], dict[str, str], Manifest]:
    """Every revision document control recorded, the file each came from (by ``DOC@REV``),
    and the manifest as it reads now."""
    from inforce.adapters.ingest import discover_documents, load_manifest, parse_document

    manifest = load_manifest(root)
    if manifest.registry:
        path = root / manifest.registry
        return registry_from_file(path, display=manifest.registry), {}, manifest
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


def _revision(fields: dict[str, Any], file: str, line: int | None) -> tuple[Revision | None, list[InputError]]:
    effective = fields.get("effective")
    if effective is None and "effective_from" in fields:
        effective = {"from": fields.get("effective_from"), "until": fields.get("effective_until") or None}
    elif effective is not None and not isinstance(effective, dict):
        effective = {"from": effective}
    changed = fields.get("changed")
    if isinstance(changed, str):
        changed = [p.strip() for p in changed.replace(",", ";").split(";") if p.strip()] or None
    access = fields.get("access")
    if isinstance(access, str):
        access = [g.strip() for g in access.replace(",", ";").split(";") if g.strip()] or None
    record = {
        "document": fields.get("id", fields.get("document")),
        "label": str(fields.get("revision", fields.get("label", "0"))),
        "seq": fields.get("seq") or 0,
        "issued": fields.get("issued") or None,
        "effective": effective,
        "recorded": fields.get("recorded"),
        "changed": changed,
        "access": access,
    }
    try:
        return Revision.model_validate(record), []
    except ValidationError as invalid:
        return None, [
            InputError(problem["msg"], file=file, line=line, field=".".join(str(p) for p in problem["loc"]))
            for problem in invalid.errors()
        ]


def registry_from_file(path: Path, *, display: str | None = None) -> list[Revision]:
    """The revisions a registry file lists (``adapters.ingest.register``: CSV, XLSX or YAML);
    InputErrors naming every bad row."""
    register = read_register(path, display)
    revisions: list[Revision] = []
    problems: list[InputError] = []
    for row in register.rows:
        revision, found = _revision(dict(row.values), register.file, row.line)
        problems.extend(found)
        if revision is not None:
            revisions.append(revision)
    if problems:
        raise InputErrors(f"{register.file}: the registry does not read", problems)
    return revisions
