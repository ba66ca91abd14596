"""Files to documents: the project manifest, document discovery, parsing and corpus checks.

Every input problem is an ``InputError`` at ``file:line`` (collected per file into an
``InputErrors`` group). Warnings — an unknown stock pack, an unknown front-matter key, a
section path seen twice — are returned by the ``*_with_warnings`` forms and logged (logger
``inforce.adapters.ingest``) by the plain ones. A file with nothing to read (a PDF without
a text layer) raises ``UnreadableFileError``: ingest leaves it out and reports it by name.
"""

from .corpus import check_corpus
from .documents import (
    UnreadableFileError,
    content_hash,
    discover_documents,
    discover_files,
    parse_document,
    parse_document_with_warnings,
    source_name,
)
from .manifest import load_manifest, load_manifest_with_warnings, stock_pack_names
from .outline import Outline, parse_outline

__all__ = [
    "Outline",
    "UnreadableFileError",
    "check_corpus",
    "content_hash",
    "discover_documents",
    "discover_files",
    "load_manifest",
    "load_manifest_with_warnings",
    "parse_document",
    "parse_document_with_warnings",
    "parse_outline",
    "source_name",
    "stock_pack_names",
]
