"""The text store: every provision's text, span and every revision's title, in one file per
index build, memory-mapped, so an as-of answer shows its text without a graph query.

Why a second form of what the graph holds: ``Project.asof`` with its text spent most of its
time in one Kuzu lookup per answer (0.72 ms p50 against the index's 0.005 ms, issue 20,
finding 8). The file is written once per build (``write_texts``, at ingest) and read by
offset; the graph stays the store of record and the file is only ever a copy of it:

::

    PROJECT/.inforce/texts-<build id>.bin
      b"INFTXT\\n"  magic
      u32          length of the header
      header       JSON: format, build_id, count, blob_bytes, keys ("DOC@REV#PATH", sorted),
                   titles ({"DOC@REV": title})
      int64[count+1] offsets of each text in the blob, then int64[count] span starts and
      int64[count] span ends
      blob         the texts, UTF-8, one after another

It is keyed by the index build id (which changes whenever a revision's content, the parser
or the packs change, ``engine.build``), and checked on open: a missing file, another format,
another build id or a wrong length reads as absent (``open_texts`` returns None) and is
rebuilt from the graph, never trusted. Written atomically (``ontology.files``), so a reader
sees the whole file or none; readers of an older build keep their mapped file until closed.

An ingest's new build takes the rows of every revision it did not write from the file of the
build it was made from (the graph is that build's copy, those revisions' rows as they were) and
reads from the graph only the provisions of the revisions it wrote (``write_texts``'s ``base``):
a 10-document delta at a million provisions had read every provision's text again (6.9 s of 86
profiled).
"""

from __future__ import annotations

import bisect
import mmap
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

import numpy as np

from inforce.ontology import Locator
from inforce.ontology.files import write_atomically

from ._buildfile import build_file, framed_parts, read_framed, remove_other_builds
from ._reads import _PROVISIONS, provision_count
from ._rows import provision_key

__all__ = ["FORMAT", "TextStore", "open_texts", "texts_file", "write_texts"]

FORMAT = 1
_MAGIC = b"INFTXT\n"


def texts_file(store: Any) -> Path | None:
    """Where the text store of ``store``'s live build lies (None before the first ingest)."""
    return build_file(store, "texts")


#: Reads of a text store by halving its keys before it builds a dict of them (``TextStore._find``).
_HALVED_READS = 64


class TextStore:
    """One build's provision texts, spans and revision titles, read from a mapped file."""

    __slots__ = ("_blob", "_ends", "_keys", "_looked_up", "_map", "_offsets", "_row", "_starts", "_titles",
                 "build_id", "path")

    def __init__(self, path: Path, header: dict[str, Any], mapped: mmap.mmap, start: int) -> None:
        count = header["count"]
        self.path, self.build_id, self._map = path, header["build_id"], mapped
        self._keys: list[str] = header["keys"]  # sorted
        self._row: dict[str, int] | None = None
        self._looked_up = 0
        self._titles: dict[str, str] = header["titles"]
        self._offsets = _int64s(mapped, start, count + 1)
        self._starts = _int64s(mapped, start + 8 * (count + 1), count)
        self._ends = _int64s(mapped, start + 8 * (2 * count + 1), count)
        self._blob = start + 8 * (3 * count + 1)

    def __len__(self) -> int:
        return len(self._keys)

    def _arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The offsets, span starts and span ends, as numpy views of the file (a delta's runs)."""
        count = len(self._keys)
        at = self._blob - 8 * (3 * count + 1)
        return (np.frombuffer(self._map, dtype="<i8", count=count + 1, offset=at),
                np.frombuffer(self._map, dtype="<i8", count=count, offset=at + 8 * (count + 1)),
                np.frombuffer(self._map, dtype="<i8", count=count, offset=at + 8 * (2 * count + 1)))

    def _find(self, key: str) -> int | None:
        """The row of ``key``: by halving the sorted keys for an answer's few reads (a dict of a
        million keys was half a second of opening the project; issue 26), by a dict built once
        past them, for a caller reading many."""
        row = self._row
        if row is None:
            self._looked_up += 1
            if self._looked_up <= _HALVED_READS:
                keys = self._keys
                n = bisect.bisect_left(keys, key)
                return n if n < len(keys) and keys[n] == key else None
            row = self._row = {known: n for n, known in enumerate(self._keys)}
        return row.get(key)

    def provision_text(self, locator: Locator) -> tuple[str, Any, Any] | None:
        """(text, span start, span end) of a pinned provision, as the graph's ``provision_text``
        gives them; None when the build has no such provision."""
        n = self._find(provision_key(f"{locator.doc}@{locator.rev}", locator.path or ""))
        if n is None:
            return None
        offsets, blob = self._offsets, self._blob
        start, stop = self._starts[n], self._ends[n]
        text = self._map[blob + offsets[n]:blob + offsets[n + 1]].decode("utf-8")
        return text, None if start < 0 else start, None if stop < 0 else stop

    def text(self, locator: Locator) -> str | None:
        """The text of a pinned provision (``provision_text``'s first part, the as-of hot
        path's one read); None when the build has no such provision."""
        n = self._find(provision_key(f"{locator.doc}@{locator.rev}", locator.path or ""))
        if n is None:
            return None
        offsets, blob = self._offsets, self._blob
        return self._map[blob + offsets[n]:blob + offsets[n + 1]].decode("utf-8")

    def title(self, uid: str) -> str | None:
        """The title of revision ``DOC@REV``; None when the build has no such revision."""
        return self._titles.get(uid)


def _int64s(mapped: mmap.mmap, offset: int, count: int) -> Any:
    """``count`` little-endian int64 at ``offset``, indexed as Python ints: a memoryview on a
    little-endian machine (one read of an answer's text costs four lookups, and a numpy
    scalar each was most of it), else numpy's view, converted per read."""
    if sys.byteorder == "little":
        return memoryview(mapped)[offset:offset + 8 * count].cast("q")
    return [int(value) for value in np.frombuffer(mapped, dtype="<i8", count=count, offset=offset)]


def write_texts(store: Any, *, tidy: bool = False, base: tuple[str, Collection[str]] | None = None) -> Path | None:
    """Write the text store of ``store``'s live build from its graph (atomically); ``tidy``
    (a writer's, holding the lock) also removes those of other builds: a reader rebuilding a
    missing file may be a generation behind and must not delete the live one's. ``base``: (the
    build id the graph was copied from, the revisions this build wrote): the rows of every other
    revision are taken from that build's file when it checks, only those written read from the
    graph. The file written (None before the first ingest)."""
    target = texts_file(store)
    graph = store._reader()
    if target is None or graph is None:
        return None
    # sorted, as the keys are: the file is the same bytes however the graph orders its revisions (a graph copied
    # and extended returns them in another order than one built afresh; audit 128 F1)
    titles = dict(sorted((uid, title or "") for uid, title in graph.rows("MATCH (r:Revision) RETURN r.uid, r.title")))
    earlier = _base_texts(store, base[0]) if base is not None else None
    body = _taken_and_read(graph, earlier, set(base[1]), titles) if earlier is not None and base is not None else None
    if body is None:  # every row from the graph
        rows = []
        for table in _PROVISIONS:
            rows += [(key, (text or "").encode("utf-8"), start, end) for key, text, start, end
                     in graph.rows(f"MATCH (p:{table}) RETURN p.key, p.text, p.span_start, p.span_end")]
        rows.sort(key=lambda row: row[0])
        body = _Body()
        body.add_rows(rows)
    keys, lengths, starts, ends, blobs = body.joined()
    offsets = np.zeros(len(keys) + 1, dtype="<i8")
    np.cumsum(lengths, out=offsets[1:])
    header = {
        "format": FORMAT, "build_id": store.build_id(), "count": len(keys), "blob_bytes": int(offsets[-1]),
        "keys": keys, "titles": titles,
    }
    # 8-aligned: the arrays are read in place
    # written part by part: the base file's runs straight from its map, never copied into one file in memory
    framed = framed_parts(_MAGIC, header, [offsets.tobytes(), starts.tobytes(), ends.tobytes(), *blobs])
    write_atomically(target, framed)
    del framed, body, blobs  # the base file's map closes once nothing views it
    earlier = None
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "texts")
    return target


class _Body:
    """A text store's rows in key order, gathered as runs: a run of the base build's file (its keys,
    lengths, spans and texts viewed in place) or rows read from the graph."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.lengths: list[np.ndarray] = []
        self.starts: list[np.ndarray] = []
        self.ends: list[np.ndarray] = []
        self.blobs: list[bytes | memoryview] = []

    def add_rows(self, rows: list[tuple[str, bytes, int | None, int | None]]) -> None:
        """Rows of (key, text as UTF-8, span start, span end), in key order; a span the graph lacks
        (None) is kept as -1 and read back as None."""
        self.keys += [row[0] for row in rows]
        self.lengths.append(np.array([len(row[1]) for row in rows], dtype="<i8"))
        self.starts.append(np.array([-1 if row[2] is None else row[2] for row in rows], dtype="<i8"))
        self.ends.append(np.array([-1 if row[3] is None else row[3] for row in rows], dtype="<i8"))
        self.blobs += [row[1] for row in rows]

    def add_run(self, held: TextStore, lo: int, hi: int) -> None:
        """Rows ``lo`` to ``hi`` of ``held``, as they are there."""
        offsets, starts, ends = held._arrays()
        self.keys += held._keys[lo:hi]
        self.lengths.append(np.diff(offsets[lo:hi + 1]))
        self.starts.append(starts[lo:hi])
        self.ends.append(ends[lo:hi])
        self.blobs.append(memoryview(held._map)[held._blob + int(offsets[lo]):held._blob + int(offsets[hi])])

    def joined(self) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, list[bytes | memoryview]]:
        def one(parts: list[np.ndarray]) -> np.ndarray:
            return np.concatenate(parts).astype("<i8") if parts else np.zeros(0, dtype="<i8")

        return self.keys, one(self.lengths), one(self.starts), one(self.ends), self.blobs


def _base_texts(store: Any, build_id: str) -> TextStore | None:
    """The text store of build ``build_id`` beside ``store`` (the build an ingest copied its graph
    from), when it checks as ``open_texts`` checks the live one's; None otherwise."""
    return _checked(store.layout.home / f"texts-{build_id}.bin", build_id) if build_id else None


def _taken_and_read(graph: Any, earlier: TextStore, written: set[str], revisions: Collection[str]) -> _Body | None:
    """The rows of every revision not ``written`` from ``earlier`` (the base build's file), each
    revision's a run viewed in place (its keys, ``DOC@REV#...``, lie together in the sorted keys),
    and those of the revisions written read from the graph, in key order; None when they are not
    as many as the graph holds (a file that is not the base graph's copy: every row is read from
    the graph). A revision's rows come before the next's: keys are ordered by ``DOC@REV#``, as no
    revision uid holds a ``#``."""
    body = _Body()
    keys = earlier._keys
    for uid in sorted(revisions, key=lambda uid: f"{uid}#"):
        if uid in written:
            rows = []
            for table in _PROVISIONS:
                rows += [(key, (text or "").encode("utf-8"), start, end) for key, text, start, end in graph.rows(
                    f"MATCH (r:Revision {{uid: $uid}})-[:CONTAINS]->(p:{table}) "
                    "RETURN p.key, p.text, p.span_start, p.span_end", {"uid": uid})]
            rows.sort(key=lambda row: row[0])
            body.add_rows(rows)
        else:
            lo = bisect.bisect_left(keys, f"{uid}#")
            hi = bisect.bisect_left(keys, f"{uid}$", lo)  # "$" follows "#": past every key of the revision
            if hi > lo:
                body.add_run(earlier, lo, hi)
    return body if len(body.keys) == provision_count(graph) else None


def open_texts(store: Any) -> TextStore | None:
    """The text store of ``store``'s live build, mapped; None when it is absent or does not
    check (another format or build, a wrong length): the caller rebuilds it or reads the graph."""
    path = texts_file(store)
    return _checked(path, store.build_id()) if path is not None else None


def _checked(path: Path, build_id: str) -> TextStore | None:
    """The text store at ``path``, mapped, when it reads as build ``build_id``'s of this format and
    length; None otherwise."""
    framed = read_framed(path, _MAGIC)
    if framed is None:
        return None
    mapped, header, start = framed
    try:
        count = header["count"]
        if (header["format"] != FORMAT or header["build_id"] != build_id
                or len(mapped) != start + 8 * (3 * count + 1) + header["blob_bytes"]
                or len(header["keys"]) != count):
            raise ValueError("stale")
    except (ValueError, KeyError, TypeError):
        mapped.close()
        return None
    return TextStore(path, header, mapped, start)
