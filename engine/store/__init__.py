"""The graph store of record: documents, revisions and provisions in embedded Kuzu.

The only package that imports kuzu; nothing Kuzu-typed leaves it.
"""

from ._embed import EmbeddingsApplied
from ._ingest import IngestReport, IngestTransaction
from ._schema import SCHEMA_VERSION
from .graph import GraphStore, StoreStats

__all__ = [
    "SCHEMA_VERSION",
    "EmbeddingsApplied",
    "GraphStore",
    "IngestReport",
    "IngestTransaction",
    "StoreStats",
]
