"""The quantity grammar's tables written beside each graph build, so a cold ``check`` reads a
claim's numbers without importing spaCy (``_lite``; issue 20).

::

    PROJECT/.inforce/grammar-<build id>.bin
      b"INFGRM\\n"  magic
      u32          length of the header
      header       JSON: format, build_id, key, body_bytes
      body         JSON: the tables (``_lite.GrammarTables``)

``key`` names what the tables were exported from: spaCy's version, the grammar's own source
(``_grammar``, ``_reader``, ``_tokens``, ``_lexicon``, ``_lite``) and the unit spellings. A
missing file, another format, build or key, or a body that does not read is never trusted: the
extractor then reads with the spaCy pipeline, and the file is written again when it can be.
Written atomically (``ontology.files``), so a reader sees the whole file or none.
The body is exported once per process for each key (an export is ~50 ms of CPU; every ingest
writes the file), and spaCy's version is looked up once.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from inforce.ontology.files import write_atomically

from ..store import (
    build_file,
    earlier_builds,
    frame,
    payloads,
    read_payload,
    remove_other_builds,
)
from ._lite import TABLES_FORMAT, GrammarTables

if TYPE_CHECKING:
    from ..store import GraphStore
    from .units import UnitTable

__all__ = ["grammar_file", "grammar_key", "open_grammar", "write_grammar"]

FORMAT = 1
_MAGIC = b"INFGRM\n"
_SOURCES = ("_grammar.py", "_reader.py", "_tokens.py", "_lexicon.py", "_lite.py")
#: The exported bodies of this process by ``grammar_key`` (a hash of all they are exported from:
#: never a path alone), the least recently used dropped past ``_KEEP``: an export takes ~50 ms of
#: CPU and every ingest writes the file.
_BODIES: OrderedDict[str, bytes] = OrderedDict()
_BODIES_LOCK = threading.Lock()
_KEEP = 8


def grammar_file(store: GraphStore) -> Path | None:
    """Where the grammar tables of ``store``'s live build lie (None before the first ingest)."""
    return build_file(store, "grammar")


def grammar_key(table: UnitTable) -> str | None:
    """What tables for ``table`` are exported from, hashed: spaCy's version, the grammar's
    source and the unit spellings (None when spaCy is not installed: no tables to trust)."""
    spacy_version = _spacy_version()
    if spacy_version is None:
        return None
    digest = hashlib.sha256(f"tables:{TABLES_FORMAT}\nspacy:{spacy_version}\n".encode())
    here = Path(__file__).parent
    for name in _SOURCES:
        digest.update(name.encode() + b"\n" + (here / name).read_bytes())
    digest.update(json.dumps(sorted(table.aliases.items())).encode())
    return digest.hexdigest()[:24]


@functools.cache
def _spacy_version() -> str | None:
    """The installed spaCy's version, looked up once per process (None: not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spacy")
    except PackageNotFoundError:
        return None


def _body(table: UnitTable, key: str, store: GraphStore | None = None) -> bytes:
    """The tables of ``table``'s pipeline as written, exported once per process for each
    ``key`` (``grammar_key(table)``), or taken from a file another build of ``store`` wrote for
    the same key when it checks and reads as tables (the export is a function of the key: a
    delta then neither imports spaCy nor builds its pipeline, ~0.8 s)."""
    with _BODIES_LOCK:
        body = _BODIES.get(key)
        if body is not None:
            _BODIES.move_to_end(key)
            return body
    body = _earlier_body(store, key) if store is not None else None
    if body is None:
        from ._lite import export_tables
        from .extract import _pipeline

        body = json.dumps(export_tables(_pipeline(table)).to_json(), separators=(",", ":")).encode("utf-8")
    with _BODIES_LOCK:
        _BODIES[key] = body
        while len(_BODIES) > _KEEP:
            _BODIES.popitem(last=False)
    return body


def _earlier_body(store: GraphStore, key: str) -> bytes | None:
    """The body of the newest file of this format another build of ``store`` wrote for ``key`` that
    checks whole and reads as tables; None when there is none."""
    for _, header, body in payloads(earlier_builds(store, "grammar"), _MAGIC, format=FORMAT):
        if header.get("key") != key:
            continue
        try:
            GrammarTables.from_json(json.loads(body))
        except (ValueError, KeyError, TypeError):  # a JSONDecodeError or UnicodeDecodeError is a ValueError
            continue
        return body
    return None


def write_grammar(store: GraphStore, table: UnitTable, *, tidy: bool = False) -> Path | None:
    """Export the tables of ``table``'s pipeline (built now when this process has none and no other
    build's file holds them, ``_body``) and
    write them beside ``store``'s live build; ``tidy`` (the ingest's, holding the write lock)
    also removes those of other builds. The file written (None before the first ingest, or
    without spaCy)."""
    target = grammar_file(store)
    key = grammar_key(table)
    if target is None or key is None:
        return None
    body = _body(table, key, store)
    header = {"format": FORMAT, "build_id": store.build_id(), "key": key, "body_bytes": len(body)}
    write_atomically(target, frame(_MAGIC, header, [body], align=1))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "grammar")
    return target


def open_grammar(store: GraphStore, table: UnitTable) -> GrammarTables | None:
    """The grammar tables of ``store``'s live build for ``table``; None when the file is absent
    or does not check (another format, build or key, a body that does not read)."""
    read = read_payload(grammar_file(store), _MAGIC, format=FORMAT, build_id=store.build_id())
    if read is None:
        return None
    header, body = read
    try:
        if header["key"] != grammar_key(table):
            return None
        return GrammarTables.from_json(json.loads(body))
    except (ValueError, KeyError, TypeError):  # a JSONDecodeError or UnicodeDecodeError is a ValueError
        return None
