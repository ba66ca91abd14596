"""The in-memory search indexes (``_memory``) written beside each graph build, so a new
process maps them instead of reading every provision text and vector again.

Why a second form: a restricted ``resolve`` rebuilt its BM25 postings (and the vector matrix,
once embedded) from the graph in every process, 3.7 s at 100k provisions (issue 20, finding
7). The file holds those numpy arrays as built, read back with ``np.frombuffer`` over a
memory map (no copy, no parse), plus the little that is not an array as JSON:

::

    PROJECT/.inforce/search-<build id>.bin
      b"INFSRC\\n"  magic
      u32          length of the header (padded so the arrays start 8-aligned)
      header       JSON: format, build_id, embedding ([model, dim] or null), revisions (the
                   revision uids in id order), text (null when Kuzu's FTS indexes are not the
                   ones ``_memory`` reproduces) with its paths, stems, stemmer and the
                   stem of each raw token read by its build, each table's postings (indptr, rows,
                   term frequencies, row lengths, first row) and each row's text hash (the
                   next build takes a known text's terms), vectors (null before ``embed``) with its paths,
                   and each array's [offset, dtype, shape] from the end of the header
      arrays       one after another, each 8-aligned

Keyed by the index build id like the text store (``_texts``): a missing file, another format,
another build id or embedding model, or a wrong length reads as absent, and the indexes are
built from the graph as before, never trusted. Written atomically (``ontology.files``).
"""

from __future__ import annotations

import mmap
from collections.abc import Collection
from pathlib import Path
from typing import Any

import numpy as np

from inforce.ontology.files import write_atomically

from ._buildfile import (
    build_file,
    earlier_builds,
    framed_each,
    framed_parts,
    read_framed,
    read_header,
    remove_other_builds,
)
from ._kuzu import KuzuGraph
from ._memory import MemorySearch, TextIndex, VectorIndex, _Revisions, _Rows, _TablePostings

__all__ = ["FORMAT", "open_search", "search_file", "search_file_current", "write_search"]

#: 2: each table's term frequencies and row lengths too (BM25 over the rows an asker may read)
#: 3: each row's text hash (``hashes``), so the next build takes the terms of the rows whose text an
#: earlier row had (``_earlier``)
#: 4: no weight per posting: a query works out its stems' weights from the term frequencies and row lengths
#: (``_memory``), and a build no longer weighs every posting again (a million provisions' 16.5 million)
FORMAT = 4
_MAGIC = b"INFSRC\n"


def search_file(store: Any) -> Path | None:
    """Where the search indexes of ``store``'s live build lie (None before the first ingest)."""
    return build_file(store, "search")


class _Arrays:
    """Arrays laid out one after another, each 8-aligned, named in the header."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, array: np.ndarray) -> list[Any]:
        data = np.ascontiguousarray(array)
        where = [self.size, data.dtype.str, list(data.shape)]
        raw = data.tobytes()
        padding = -len(raw) % 8
        self.parts += [raw, b"\0" * padding]
        self.size += len(raw) + padding
        return where


def write_search(store: Any, *, tidy: bool = False, base: tuple[str, Collection[str]] | None = None) -> Path | None:
    """Build the search indexes of ``store``'s live graph (the vectors too once embedded) and
    write them beside it, atomically; ``tidy`` (a writer's) also removes those of other
    builds. ``base``: (the build id the graph was copied from, the revisions this build wrote):
    the text index is that build's with the written revisions' rows read anew
    (``TextIndex.merged``) when its file checks; otherwise built, taking the terms of each text
    an earlier file held (``TextIndex.build``). The file written (None before the first ingest)."""
    target = search_file(store)
    graph = store._reader()
    if target is None or graph is None:
        return None
    embedded = store.embedding_model()
    memory = MemorySearch(graph)
    merged = None
    if base is not None:
        held = _base_index(store, graph, base[0])
        merged = TextIndex.merged(graph, memory._revisions, held, base[1]) if held is not None else None
        held = None  # its map closes once nothing holds it
    if merged is not None:
        memory.take_text_index(merged)
    text = memory.text_index(None if merged is not None else _earlier(store, graph))
    vectors = memory.vector_index(embedded[1]) if embedded is not None else None
    arrays = _Arrays()
    header: dict[str, Any] = {
        "format": FORMAT, "build_id": store.build_id(), "embedding": list(embedded) if embedded else None,
        "revisions": list(memory._revisions.uids), "text": None, "vectors": None,
    }
    if text is not None:
        header["text"] = {
            "stemmer": text._stemmer, "stems": sorted(text.stems, key=text.stems.__getitem__),
            "stem_of": text._stem_of, "paths": text.rows.paths, "rev": arrays.add(text.rows.rev),
            "tables": [[arrays.add(t.indptr), arrays.add(t.rows), arrays.add(t.tf), arrays.add(t.lengths), t.first]
                       for t in text.tables],
            "hashes": arrays.add(text.hashes) if text.hashes is not None else None,
        }
    if vectors is not None:
        header["vectors"] = {
            "paths": vectors.rows.paths, "rev": arrays.add(vectors.rows.rev),
            "vectors": arrays.add(vectors.vectors), "vector_of": arrays.add(vectors.vector_of),
        }
    header["arrays_bytes"] = arrays.size
    # compact: the header holds every path and stem; 8-aligned: the arrays are read in place
    write_atomically(target, framed_parts(_MAGIC, header, arrays.parts, compact=True))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "search")
    return target


def _earlier(store: Any, graph: KuzuGraph) -> TextIndex | None:
    """The text index of the newest file of this format another build wrote beside the graph (an
    ingest keeps the live build's until its own goes live), for a new build to take the terms of
    the texts it held; None when there is none or it does not read."""
    for _, mapped, header, start in framed_each(earlier_builds(store, "search"), _MAGIC):
        try:
            if header["format"] != FORMAT or header["text"] is None or len(mapped) != start + header["arrays_bytes"]:
                raise ValueError("not of this format")
            text = _restored(graph, header, mapped, start)._text
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            mapped.close()
            continue
        return text
    return None


def _base_index(store: Any, graph: KuzuGraph, build_id: str) -> TextIndex | None:
    """The text index of build ``build_id``'s file beside ``store`` (the build an ingest copied its
    graph from) when it checks as ``open_search`` checks the live one's; None otherwise."""
    framed = read_framed(store.layout.home / f"search-{build_id}.bin", _MAGIC) if build_id else None
    if framed is None:
        return None
    mapped, header, start = framed
    try:
        if (header["format"] != FORMAT or header["build_id"] != build_id or header["text"] is None
                or len(mapped) != start + header["arrays_bytes"]):
            raise ValueError("not that build's file")
        return _restored(graph, header, mapped, start)._text
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        mapped.close()
        return None


def search_file_current(store: Any) -> bool:
    """Whether the live build's search file is there and says it is of this format, this build and its
    embedding model (its header alone, ``read_header``; whether the rest holds is ``open_search``'s)."""
    header = read_header(search_file(store), _MAGIC)
    return header is not None and _of_live_build(store, header)


def _of_live_build(store: Any, header: dict[str, Any]) -> bool:
    """Whether a search file's ``header`` says it is of this format, ``store``'s live build and its
    embedding model: the one test a reader (``open_search``) and a writer (``search_file_current``) ask."""
    embedded = store.embedding_model()
    return (header.get("format") == FORMAT and header.get("build_id") == store.build_id()
            and header.get("embedding") == (list(embedded) if embedded else None))


def open_search(store: Any, graph: KuzuGraph) -> MemorySearch | None:
    """The search indexes of ``store``'s live build read back from its file, over ``graph``
    (its open reader); None when the file is absent or does not check."""
    framed = read_framed(search_file(store), _MAGIC)
    if framed is None:
        return None
    mapped, header, start = framed
    try:
        fresh = _of_live_build(store, header) and len(mapped) == start + header["arrays_bytes"]
    except (ValueError, KeyError, TypeError):
        fresh = False
    if not fresh:
        mapped.close()
        return None
    try:
        return _restored(graph, header, mapped, start)
    except (ValueError, KeyError, TypeError, IndexError):
        return None  # not closed: arrays already viewing the map close it when they go


def _restored(graph: KuzuGraph, header: dict[str, Any], mapped: mmap.mmap, start: int) -> MemorySearch:
    limit = len(mapped)

    def array(where: list[Any]) -> np.ndarray:
        offset, dtype, shape = where
        count = int(np.prod(shape)) if shape else 1
        if offset < 0 or start + offset + count * np.dtype(dtype).itemsize > limit:
            raise ValueError("an array lies outside the file")
        return np.frombuffer(mapped, dtype=dtype, count=count, offset=start + offset).reshape(shape)

    revisions = _Revisions()
    for uid in header["revisions"]:
        revisions.id(uid)
    text = None
    if header["text"] is not None:
        held = header["text"]
        paths = [revisions.path(p) for p in held["paths"]]
        rows = _Rows(revisions, array(held["rev"]), paths)
        tables = [_TablePostings(array(indptr), array(table_rows), array(tf), array(lengths), int(first))
                  for indptr, table_rows, tf, lengths, first in held["tables"]]
        stems = {stem: n for n, stem in enumerate(held["stems"])}
        text = TextIndex(rows, stems, tables, dict(held["stem_of"]), held["stemmer"], graph)
        if held.get("hashes") is not None:
            text.hashes = array(held["hashes"])
            if text.hashes.shape != (len(paths),):
                raise ValueError("a text hash for each row")
    vectors, dim = None, None
    if header["vectors"] is not None:
        held = header["vectors"]
        rows = _Rows(revisions, array(held["rev"]), [revisions.path(p) for p in held["paths"]])
        matrix = array(held["vectors"])
        vectors, dim = VectorIndex(rows, matrix, array(held["vector_of"])), int(matrix.shape[1])
    return MemorySearch.restored(graph, revisions, text, vectors, dim)
