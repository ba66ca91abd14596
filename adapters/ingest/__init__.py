"""Files to documents: the project manifest, document discovery and parsing, behind ``FileReader``
(the engine's ``DocumentReader``; the checks across files are the engine's).

Every input problem is an ``InputError`` at ``file:line`` (collected per file into an
``InputErrors`` group). Warnings — an unknown stock pack, an unknown front-matter key, a
section path seen twice — are returned by the ``*_with_warnings`` forms and logged (logger
``inforce.adapters.ingest``) by the plain ones. A file with nothing to read (a PDF without
a text layer) raises ``UnreadableFileError``: ingest leaves it out and reports it by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inforce._lazy import lazy_exports

if TYPE_CHECKING:
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
    from .reader import FileReader

#: Each exported name and the module defining it, imported on first use (PEP 562): a command
#: that reads one answer file (``inforce check`` through ``.answers``) does not load the
#: document parsers and the engine's ingest (issue 20: ~0.15 s of a cold ``check``).
_HOMES = {
    "UnreadableFileError": ".documents",
    "content_hash": ".documents",
    "discover_documents": ".documents",
    "discover_files": ".documents",
    "parse_document": ".documents",
    "parse_document_with_warnings": ".documents",
    "source_name": ".documents",
    "load_manifest": ".manifest",
    "load_manifest_with_warnings": ".manifest",
    "stock_pack_names": ".manifest",
    "Outline": ".outline",
    "parse_outline": ".outline",
    "FileReader": ".reader",
    "read_corpus": ".reader",
}


__getattr__, __dir__ = lazy_exports(globals(), _HOMES)


__all__ = [
    "FileReader",
    "Outline",
    "UnreadableFileError",
    "content_hash",
    "discover_documents",
    "discover_files",
    "load_manifest",
    "load_manifest_with_warnings",
    "parse_document",
    "parse_document_with_warnings",
    "parse_outline",
    "read_corpus",
    "source_name",
    "stock_pack_names",
]
