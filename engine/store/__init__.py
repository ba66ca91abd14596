"""The graph store of record: documents, revisions and provisions in embedded Kuzu.

The only package that imports kuzu; nothing Kuzu-typed leaves it.
"""

from ._artifacts import write_generation_files
from ._buildfile import (
    build_file,
    earlier_builds,
    frame,
    framed_each,
    framed_parts,
    kind_files,
    payloads,
    read_framed,
    read_payload,
    remove_other_builds,
)
from ._embed import EmbeddingsApplied
from ._ingest import IngestReport, IngestTransaction
from ._schema import SCHEMA_VERSION
from ._texts import TextStore, open_texts, write_texts
from .graph import GraphStore

__all__ = [
    "SCHEMA_VERSION",
    "EmbeddingsApplied",
    "GraphStore",
    "IngestReport",
    "IngestTransaction",
    "TextStore",
    "build_file",
    "earlier_builds",
    "kind_files",
    "frame",
    "framed_each",
    "framed_parts",
    "payloads",
    "open_texts",
    "write_texts",
    "read_framed",
    "read_payload",
    "remove_other_builds",
    "write_generation_files",
]
