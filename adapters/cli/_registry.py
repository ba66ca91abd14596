"""Document control's registry, read for `inforce lag`: what was recorded, whether or not ingested.

By default the registry is the front matter of every file under ``documents/``. A project
whose manifest names ``registry: FILE`` keeps it in that file instead: a YAML list of
revisions (or a mapping with a ``revisions:`` list), or a CSV table with the columns
``id, revision, seq, effective_from, effective_until, recorded, issued, changed, access``
(``changed`` paths and ``access`` groups separated by ``;``). A revision with ``access`` is
shown by ``lag`` only to an asker holding one of its groups.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

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
    """The revisions a registry file lists; InputErrors naming every bad row."""
    file = display or str(path)
    if not path.is_file():
        raise InputErrors(f"{file}: registry file missing", [
            InputError("the manifest names this registry file but it does not exist", file=file, field="registry"),
        ])
    text = path.read_text("utf-8")
    rows: list[tuple[dict[str, Any], int | None]] = []
    problems: list[InputError] = []
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(io.StringIO(text))
        for row in reader:
            rows.append(({k.strip(): (v.strip() if isinstance(v, str) else v) for k, v in row.items() if k}, reader.line_num))
    else:
        try:
            tree = YAML(typ="rt").load(text)
        except YAMLError as bad:
            mark = getattr(bad, "problem_mark", None)
            raise InputErrors(f"{file}: registry does not parse", [
                InputError(str(getattr(bad, "problem", bad)), file=file, line=mark.line + 1 if mark else None),
            ]) from None
        items = tree.get("revisions") if isinstance(tree, dict) else tree
        if not isinstance(items, list):
            raise InputErrors(f"{file}: registry does not read", [
                InputError("expected a list of revisions (or `revisions:` with one)", file=file, line=1),
            ])
        for item in items:
            line = item.lc.line + 1 if hasattr(item, "lc") else None
            if not isinstance(item, dict):
                problems.append(InputError("a registry entry is a mapping", file=file, line=line))
                continue
            rows.append((_plain(item), line))
    revisions: list[Revision] = []
    for fields, line in rows:
        revision, found = _revision(fields, file, line)
        problems.extend(found)
        if revision is not None:
            revisions.append(revision)
    if problems:
        raise InputErrors(f"{file}: the registry does not read", problems)
    return revisions


def _plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, dt.datetime) and type(node) is not dt.datetime:
        # ruamel's TimeStamp: keep the instant, drop the subclass
        return dt.datetime(node.year, node.month, node.day, node.hour, node.minute, node.second,
                           node.microsecond, node.tzinfo)
    return node
