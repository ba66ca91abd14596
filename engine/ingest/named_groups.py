"""Each document file's access groups as its metadata names them, kept beside the build
(``.inforce/groups-<build>.bin``) so the next ingest reads no unchanged file's metadata for them.

The opening rule decides by every group the project's metadata names, gathered before any body
is read (``ProjectFiles`` of the default reader: ``documents.groups_named``), and the groups in use
are part of the build's configuration (``run._groups_hash``: a change in them reads every document
again); gathering them read every file's front matter, sidecar and drawing keys on every ingest
(7 s of a 10-document delta at a million provisions). A file's groups are a function of what its content hash covers (its bytes, its
sidecar's, its register row, the parser version) and of the project's ``undeclared_access``:
the file records each file's hash with its groups, under a key of the latter, and a reader takes
a file's recorded groups only while its hash is the same. A copy for speed, never a record:
absent, damaged, of another format or key, it is not taken and every file is read.

::

    PROJECT/.inforce/groups-<build id>.bin
      b"INFGRP\\n"  magic, then the framing every per-build file shares (``store._buildfile``)
      header       JSON: format, build_id, key, body_bytes
      body         JSON: {file: [content hash, [group, ...]], ...}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce import PARSER_VERSION
from inforce.ontology.files import write_atomically

from ..build import undeclared_part
from ..store import build_file, frame, kind_files, payloads, remove_other_builds

if TYPE_CHECKING:
    from inforce.ontology import Manifest

    from ..store import GraphStore

__all__ = ["FORMAT", "NamedGroups", "groups_key", "held_groups", "recorded_groups", "write_named_groups"]

FORMAT = 1
_MAGIC = b"INFGRP\n"

#: By file: its content hash and the groups its metadata names.
NamedGroups = Mapping[str, tuple[str, tuple[str, ...]]]


def groups_key(manifest: Manifest) -> str:
    """What a file's groups are read under besides its content: the parser version and the
    project's ``undeclared_access`` (the groups a file declaring none is given), its rule told
    from a list of groups (``public`` and ``[public]`` give a document different groups;
    audit 127 F1)."""
    written = undeclared_part(manifest.undeclared_access) or "undeclared_access:public"
    return hashlib.sha256(f"{PARSER_VERSION}\n{written}".encode()).hexdigest()[:24]


def recorded_groups(home: Path, key: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The groups the newest build in the project's ``home`` (``.inforce``) recorded, when its
    file reads and was written under ``key``; empty otherwise. Read before the ingest opens the
    store: the groups in use are part of the build's configuration (``run.groups_in_use_hash``)."""
    for path, header, body in payloads(kind_files(home, "groups"), _MAGIC, format=FORMAT):
        try:
            if header["key"] != key or path.name != f"groups-{header['build_id']}.bin":
                continue
            return {str(name): (str(digest), tuple(str(group) for group in groups))
                    for name, (digest, groups) in _object(json.loads(body)).items()}
        except (ValueError, KeyError, TypeError):
            continue
    return {}


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("not an object")
    return value


def held_groups(named: NamedGroups, sources: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The files of ``named`` whose revision the new build holds as read from the same content
    (``sources``: the graph's ``source_hashes``, file -> (revision, content hash)): nothing of a
    file the build does not hold is kept, an erased source's name and hash above all (the erasure
    ingests while its file is still there to read; audit of issue 26's named groups)."""
    return {name: found for name, found in named.items() if name in sources and sources[name][1] == found[0]}


def write_named_groups(store: GraphStore, named: NamedGroups, key: str, *, tidy: bool = False) -> None:
    """Keep ``named`` beside ``store``'s build (its new one, as an ingest lands it), under ``key``
    (``groups_key``); ``tidy``, those of other builds are removed (a writer's call, under the
    write lock)."""
    target = build_file(store, "groups")
    if target is None:
        return
    body = json.dumps({name: [digest, list(groups)] for name, (digest, groups) in sorted(named.items())},
                      separators=(",", ":")).encode("utf-8")
    header = {"format": FORMAT, "build_id": store.build_id(), "key": key, "body_bytes": len(body)}
    write_atomically(target, frame(_MAGIC, header, [body], align=1))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "groups")
