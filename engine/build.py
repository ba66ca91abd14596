"""The index build id: what an index-dependent answer must carry to be reproducible."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

__all__ = ["index_build_id"]


def index_build_id(
    parser_version: str, rule_pack_hashes: Iterable[str], embedding_model: str | None
) -> str:
    """A short stable hash of the parser version, the rule packs in order and the embedding model.

    Two graphs built from the same files by the same parser, packs and model share an id;
    change any of them and the id changes.
    """
    digest = hashlib.sha256()
    digest.update(f"parser:{parser_version}\n".encode())
    for pack_hash in rule_pack_hashes:
        digest.update(f"rules:{pack_hash}\n".encode())
    digest.update(f"embedding:{embedding_model or '-'}\n".encode())
    return digest.hexdigest()[:16]
