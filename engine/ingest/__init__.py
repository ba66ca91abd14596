"""Ingest, decided in the engine: what changed, what to parse, derive, check and load.

Formats are read by an adapter behind ``DocumentReader`` (``reader``); the plan of what to
parse (``plan``), what is derived once the corpus is known (``derive``), the checks across
files (``corpus``) and the all-or-nothing load (``run``) are here. The front's door is
``Project.ingest``.
"""

from .corpus import check_corpus
from .reader import (
    READERS,
    DocumentReader,
    ParsedFile,
    ProjectFiles,
    RegisterAccess,
    RegisterRows,
    default_reader,
)
from .run import (
    IngestFailed,
    Progress,
    ingest,
    withhold_listing,
    withhold_problems,
    withhold_read_problems,
)

__all__ = [
    "READERS",
    "DocumentReader",
    "IngestFailed",
    "ParsedFile",
    "Progress",
    "ProjectFiles",
    "RegisterAccess",
    "RegisterRows",
    "check_corpus",
    "default_reader",
    "ingest",
    "withhold_listing",
    "withhold_problems",
    "withhold_read_problems",
]
