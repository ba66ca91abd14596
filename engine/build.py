"""The index build id: what an answer was computed from, so it can be replayed.

Two ids, one inside the other:

- the **configuration id** hashes what turns files into a graph: the parser version and
  the rule packs in order (their content hashes). Ingest re-derives everything when it
  changes.
- the **index build id** hashes the configuration id, every ingested revision's content
  hash, every supersedes edge (declared and derived) and the embedding model. It changes
  when, and only when, an answer could change: a document added, removed or edited, an
  edge derived differently, a pack or the parser or the model changed. A re-ingest that
  changes nothing keeps it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["configuration_id", "hash_sources", "index_build_id", "undeclared_part"]


#: What a build's configuration (``configuration_id``) is made of, as a change of it is told
#: (``audit.replay``): the rule packs' hashes come with a drawing set's legend and the manifest's
#: ``undeclared_access`` and the access groups its metadata names where a project has them (``ingest.run``).
CONFIGURATION_PARTS = ("parser, quantity extractor, rule packs, a drawing legend, the manifest's undeclared_access "
                       "or the access groups the documents' metadata names")


def undeclared_part(rule: str | Iterable[str]) -> str | None:
    """What the manifest's ``undeclared_access`` adds to a build's configuration: nothing at its
    default (``public``: a project without the key keeps its build ids), else the rule by name or
    the groups, sorted, told apart from a rule of the same word (a group named ``public`` or
    ``refuse``: the groups record had taken ``[public]``'s groups for the default's, audit 127 F1).
    The one writing of it: the configuration (``ingest.run``) and the groups record's key
    (``ingest.named_groups``) both take it. (A project whose undeclared documents go to a list of
    groups also names groups, so its configuration changed with the groups in use all the same.)"""
    if rule == "public":
        return None
    if isinstance(rule, str):
        return f"undeclared_access:{rule}"
    return "undeclared_access:groups:" + ",".join(sorted(set(rule)))


def hash_sources(digest: Any, sources: Iterable[Path]) -> None:
    """Feed ``digest`` (a ``hashlib`` object) the source a cached reading depends on: each file of
    ``sources`` (a folder: its ``*.py``, sorted) as its name, a newline and its bytes. The one way a
    per-build file's key names the code that wrote it (``addenda.readings_file.pack_key``,
    ``amendments._reading_code``)."""
    for source in sources:
        for path in sorted(source.glob("*.py")) if source.is_dir() else [source]:
            digest.update(path.name.encode() + b"\n" + path.read_bytes())


def configuration_id(parser_version: str, rule_pack_hashes: Iterable[str], extractor_version: str = "") -> str:
    """A short stable hash of the parser version, the quantity extractor's and the rule packs in
    order (with a legend's and ``undeclared_access``'s entries: ``CONFIGURATION_PARTS``)."""
    digest = hashlib.sha256()
    digest.update(f"parser:{parser_version}\n".encode())
    if extractor_version:
        digest.update(f"extractor:{extractor_version}\n".encode())
    for pack_hash in rule_pack_hashes:
        digest.update(f"rules:{pack_hash}\n".encode())
    return digest.hexdigest()[:16]


def index_build_id(
    configuration: str,
    revisions: Iterable[tuple[str, str]],
    edges: Iterable[tuple[object, ...]],
    embedding_model: str | None,
    reviews: str | None = None,
) -> str:
    """A short stable hash of everything an answer is computed from.

    ``revisions`` are ``(uid, content hash)`` pairs and ``edges`` the supersedes edges as
    tuples of their fields; both are sorted here, so the order a store reads them in does
    not matter. ``reviews`` is the review file's hash (``engine.reviews``): a decision
    recorded there changes the build even when it changes no edge (a rejection).
    """
    digest = hashlib.sha256()
    digest.update(f"configuration:{configuration}\n".encode())
    for uid, content_hash in sorted(revisions):
        digest.update(f"revision:{uid}:{content_hash}\n".encode())
    for edge in sorted(tuple("" if v is None else str(v) for v in e) for e in edges):
        digest.update(("edge:" + "\x1f".join(edge) + "\n").encode())
    digest.update(f"embedding:{embedding_model or '-'}\n".encode())
    if reviews:  # absent: the ids of projects without a review file stay as they were
        digest.update(f"reviews:{reviews}\n".encode())
    return digest.hexdigest()[:16]
