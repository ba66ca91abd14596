"""Subject fact tables written beside each graph build, so ``facts`` opens them instead of
working out every stored quantity's days in force again in each process.

Why a second form of what the graph holds: a cold ``inforce facts`` spent most of its time
reading every stored quantity row and asking the in-force function at each day its answer
may change (``FactTable``; issue 20: 3.9 s at 100k provisions). The file holds, per subject,
the stored rows with the days ``[start, end)`` each is a fact and what it replaces then —
exactly what ``FactTable`` works out — so an answer is a filter over two arrays. The graph
stays the store of record; this file is only ever a copy, checked on open:

::

    PROJECT/.inforce/facts-<build id>.bin
      b"INFFCT\\n"  magic
      u32          length of the header
      header       JSON: format, build_id, subjects ({name: [offset, length]} into the body),
                   readings ([[reading..., target version, own], ...]: ``amendments.Readings``),
                   own_words ({figure: what its item's words make of it}: ``amendments.own_words``),
                   inputs ({document: digest of what its windows are worked out from}:
                   ``facts.window_inputs``), amended, own_kept and runs ([offset, length] of the
                   last three chunks)
      body         one JSON chunk per subject: {"rows": [stored row, ...],
                   "windows": [[[start day, end day, [replaced locator, ...]], ...], ...]} (each
                   row's days in force, the rows' order), the windows written in runs of one
                   document's consecutive rows,
                   then {figures key: [[row, ...], target version or null]} (``amendments.amended_rows``),
                   then {words key: {figure: what its words make of it}} (``amendments.own_words``),
                   then {subject: [[document, digest of its rows' keys, offset, length], ...]}: where
                   each run's windows lie in the body, for the next build to copy (``write_fact_tables``)

Keyed by the index build id like the text store (``engine.store._texts``): a missing file,
another format, another build id or a chunk that does not parse reads as absent and the
table is built from the graph again (and written again when it can be), never trusted.
Written atomically (``ontology.files``), so a reader sees the whole file or none.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import numpy as np
from pydantic import Strict, TypeAdapter

from inforce.ontology import Fact, Facts, Locator
from inforce.ontology.files import write_atomically
from inforce.ontology.jsontext import compact_bytes

from .amendments import AmendedFigures, OwnWordsKept, Readings
from .facts import DOC, PATH, REV, FactTable, WindowKey, Windows, fact_of_row, facts_from_tables
from .store import (
    build_file,
    earlier_builds,
    framed_each,
    framed_parts,
    read_framed,
    remove_other_builds,
)

if TYPE_CHECKING:
    from .store import GraphStore

__all__ = [
    "FORMAT", "DamagedFactTables", "StoredFactTables", "fact_tables_file", "known_amended", "known_own_words",
    "known_windows", "open_fact_tables",
    "write_fact_tables",
]

#: 2: an amending item's new figures read in its target's words (``amendments.amended_rows``):
#: a file written before holds none of them, so it reads as absent and is built again;
#: 3: such a figure quoted in the item's own words (not the target's)
#: 4: beside such a figure read in a restricted target's words, the item's own reading of it,
#: and the header's ``readings`` telling the two apart (``engine.access`` rule 6 serves each
#: asker one, read from here without reading the items again)
#: 5: an edge stops applying once its declaring revision is replaced or a later revision of
#: its target changed the target (``AsOfIndex.ended_by``): a file written before holds the
#: days the old rule gave
#: 6: an amending provision whose every edge in effect a reissue of its target ended is spent,
#: not in force (``AsOfIndex.spent``): a file written before keeps its facts in force
#: 7: what each amending provision's words make of a figure read in them (``amendments.own_words``), so
#: a ``facts`` reads no amending item again: a file written before holds none
#: 8: the header's ``inputs``, each document's ``facts.window_inputs``, so the next build takes the
#: windows of the documents whose inputs did not change (``known_windows``)
#: 9: the body's last chunks: what each amending item's figures were read as in its target's words, by
#: ``amendments.figures_key`` (the header's ``amended``: its offset and length), and what each amending
#: provision's words make of its figures, by ``amendments.words_key`` (``own_kept``), so the next build
#: and a process reading the rows take them instead of reading every item again (``known_amended``,
#: ``known_own_words``)
#: 10: each row's windows beside the rows (``windows``) rather than entries numbering the rows, written
#: in runs of one document's rows, and the last chunk placing each run (the header's ``runs``): the next
#: build copies the runs of the documents whose inputs and rows' keys are the same instead of reading
#: every window back and writing it again (3.3 of a 10-document delta's 28 s at the million)
FORMAT = 10
_MAGIC = b"INFFCT\n"


class DamagedFactTables(ValueError):
    """A subject's chunk of the file does not read: the caller answers from the graph."""


#: One subject's table as ``FactTable`` holds it: (starts, ends, facts, their documents).
SubjectTable = tuple[Any, Any, list[Fact], list[str]]


def fact_tables_file(store: GraphStore) -> Path | None:
    """Where the fact tables of ``store``'s live build lie (None before the first ingest)."""
    return build_file(store, "facts")


class StoredFactTables:
    """One build's subject fact tables, read from its file; a subject's chunk is parsed the
    first time that subject is asked for."""

    def __init__(self, path: Path, build_id: str, spans: Mapping[str, tuple[int, int]], body: bytes,
                 readings: Readings | None = None, own_words: Mapping[str, int] | None = None) -> None:
        self.path, self.build_id = path, build_id
        self._spans, self._body = dict(spans), body
        #: the two readings of each figure of an item amending a restricted version
        self.readings: Readings = readings or {}
        #: what their amending provision's words make of figures read in one (``amendments.own_words``)
        self.own_words: Mapping[str, int] = own_words or {}

    @property
    def names(self) -> list[str]:
        """The subjects some stored quantity is bound to, sorted."""
        return sorted(self._spans)

    def __contains__(self, subject: object) -> bool:
        return subject in self._spans

    def facts(
        self, subject: str | None, valid_at: dt.date, *, readable: Callable[[Locator], bool] | None,
        index_build: str,
    ) -> Facts:
        """What ``FactTable.facts`` answers, from the file."""
        return facts_from_tables(self.table, self.names, subject, valid_at, readable=readable,
                                 index_build=index_build)

    def table(self, subject: str) -> SubjectTable | None:
        """``subject``'s table as ``FactTable`` builds it; None for a subject the build lacks.
        DamagedFactTables when its chunk does not read.

        The chunk is parsed here (DamagedFactTables when its JSON or its shape does not
        read); each ``Fact`` is built, and its locators read from the file validated, when it
        is first asked for (``_Facts``): an answer on one day builds only the facts in force
        then, and a fact that does not read raises DamagedFactTables there."""
        span = self._spans.get(subject)
        if span is None:
            return None
        offset, length = span
        try:
            chunk = json.loads(self._body[offset:offset + length])
            rows = [tuple(row) for row in chunk["rows"]]
            starts, ends, entries, docs = [], [], [], []
            for n, (row, spans) in enumerate(zip(rows, chunk["windows"], strict=True)):
                for start, end, replaces in spans:
                    starts.append(start)
                    ends.append(end)
                    entries.append((n, replaces))
                    docs.append(row[DOC])
            starts_array, ends_array = np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)
            if bool(np.any(starts_array >= ends_array)):
                raise ValueError("a span of days that does not end after it starts")
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as damaged:
            raise DamagedFactTables(f"{self.path}: the table of {subject!r} does not read: {damaged}") from None
        return starts_array, ends_array, _Facts(rows, entries, f"{self.path}: the table of {subject!r}"), docs


class _Facts(Sequence[Fact]):
    """A subject's facts from its file chunk, each built the first time it is asked for (what
    ``FactTable`` builds at once), its locators validated then (once per row and per replaced
    locator); DamagedFactTables when an entry does not make a fact."""

    __slots__ = ("_built", "_entries", "_parsed", "_pinned", "_rows", "_where")

    def __init__(self, rows: list[tuple[Any, ...]], entries: list[tuple[int, list[str]]], where: str) -> None:
        self._rows, self._entries, self._where = rows, entries, where
        self._built: list[Fact | None] = [None] * len(entries)
        self._pinned: dict[int, Locator] = {}
        self._parsed: dict[str, Locator] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index: int) -> Fact:  # type: ignore[override]
        fact = self._built[index]
        if fact is None:
            n, replaces = self._entries[index]
            try:
                row = self._rows[n]
                pinned = self._pinned.get(n)
                if pinned is None:  # read from a file: validated
                    pinned = self._pinned[n] = Locator(doc=row[DOC], rev=row[REV].partition("@")[2], path=row[PATH])
                fact = self._built[index] = fact_of_row(row, pinned, tuple(self._locator(r) for r in replaces))
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as damaged:
                raise DamagedFactTables(f"{self._where} does not read: {damaged}") from None
        return fact

    def _locator(self, written: str) -> Locator:
        found = self._parsed.get(written)
        if found is None:
            found = self._parsed[written] = Locator.parse(written)
        return found


def write_fact_tables(store: GraphStore, table: FactTable, *, tidy: bool = False,
                      readings: Readings | None = None, own_words: Mapping[str, int] | None = None,
                      inputs: Mapping[str, str] | None = None, amended: AmendedFigures | None = None,
                      own_kept: OwnWordsKept | None = None) -> Path | None:
    """Write every subject's table of ``table`` (built over ``store``'s live graph) beside
    it, atomically, with the ``readings`` of its rows (``amendments.amended_rows``), what their
    amending provision's words make of figures read in one (``amendments.own_words``) and each
    document's ``facts.window_inputs`` (for the next build's copies of runs, ``_EarlierRuns``, and a
    reader's ``known_windows``); ``tidy``
    (the ingest's, holding the write lock) also removes those of other builds, which a reader
    a generation behind must not. The file written (None before the first ingest).

    Given ``inputs``, the windows of a run of one document's rows are copied from the newest file
    of this format another build wrote (``_EarlierRuns``) where the document's inputs and the run's
    rows' keys are what that file recorded: the same windows, written the same way, so the file is
    the one a build from nothing writes (tests/engine/test_fact_tables.py); the others are worked
    out (``FactTable.windows``) and written."""
    target = fact_tables_file(store)
    if target is None:
        return None
    earlier = _EarlierRuns.newest(store, inputs) if inputs else None
    try:
        chunks: list[bytes] = []
        spans: dict[str, tuple[int, int]] = {}
        runs: dict[str, list[list[Any]]] = {}
        offset = 0
        for subject in sorted(table.rows):
            chunk = _chunk(table, subject, offset, earlier, runs.setdefault(subject, []))
            spans[subject] = (offset, len(chunk))
            chunks.append(chunk)
            offset += len(chunk)
    finally:
        if earlier is not None:
            earlier.close()
    figures = json.dumps({key: [[list(row) for row in rows], None if target is None else target.format()]
                          for key, (rows, target) in sorted((amended or {}).items())},
                         separators=(",", ":")).encode("utf-8")
    said = json.dumps(dict(sorted((own_kept or {}).items())), separators=(",", ":"), sort_keys=True).encode("utf-8")
    placed = compact_bytes(runs)
    chunks += [figures, said, placed]
    written = [[*reading[:-1], list(reading[-1]), target.format(), own]
               for reading, (target, own) in (readings or {}).items()]
    header = {"format": FORMAT, "build_id": store.build_id(), "subjects": spans,
              "body_bytes": offset + len(figures) + len(said) + len(placed), "readings": written,
              "own_words": dict(own_words or {}), "inputs": dict(inputs or {}), "amended": [offset, len(figures)],
              "own_kept": [offset + len(figures), len(said)], "runs": [offset + len(figures) + len(said), len(placed)]}
    # not aligned: the body is JSON chunks, read by offset
    write_atomically(target, framed_parts(_MAGIC, header, chunks, align=1))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "facts")
    return target


def _chunk(table: FactTable, subject: str, offset: int, earlier: _EarlierRuns | None, runs: list[list[Any]]) -> bytes:
    """``subject``'s chunk, starting at ``offset`` in the body: its rows, and each row's windows (in
    ``FactTable``'s order, so a table read back is the same) written in runs of one document's
    consecutive rows — each run copied from ``earlier`` where it holds the same, else worked out —
    and placed in ``runs`` ([document, digest of its rows' keys, offset, length])."""
    rows = table.rows[subject]
    parts = [b'{"rows":', compact_bytes(rows), b',"windows":[']
    at = offset + sum(map(len, parts))
    for doc, run in _runs_of(rows):
        keys = _keys_digest(run)
        windows = earlier.windows(subject, doc, keys, len(run)) if earlier is not None else None
        if windows is None:
            windows = compact_bytes([[[start, end, [r.format() for r in replaces]]
                                      for start, end, replaces in table.windows(row)] for row in run])[1:-1]
        if runs:
            parts.append(b",")
            at += 1
        runs.append([doc, keys, at, len(windows)])
        parts.append(windows)
        at += len(windows)
    parts.append(b"]}")
    return b"".join(parts)


def _runs_of(rows: Sequence[tuple[Any, ...]]) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """``rows`` cut where the document changes: (document, its consecutive rows), in order."""
    for doc, run in itertools.groupby(rows, key=operator.itemgetter(DOC)):
        yield doc, list(run)


def _keys_digest(run: Sequence[tuple[Any, ...]]) -> str:
    """A digest of the provision versions a run's rows were read in (revision and path, in order, as
    JSON): what, beside their document's inputs, their windows are worked out for."""
    return hashlib.blake2b(compact_bytes(list(map(operator.itemgetter(REV, PATH), run))), digest_size=16).hexdigest()


#: What a run's windows are, as written (``_chunk``): per row, [start day, end day, [replaced locator, ...]] each,
#: read strictly (a day is an integer, never a string that reads as one)
_WINDOWS: TypeAdapter[list[list[tuple[int, int, list[str]]]]] = TypeAdapter(
    list[list[tuple[Annotated[int, Strict()], Annotated[int, Strict()], list[Annotated[str, Strict()]]]]])


class _EarlierRuns:
    """The windows another build's fact tables file holds, run by run (its header's ``runs``), for a
    new build to copy where a document's inputs (``facts.window_inputs``) and a run's rows' keys are
    the same in both. The file is checked whole by its digest as it is opened (``read_framed``)."""

    def __init__(self, mapped: Any, start: int, placed: dict[tuple[str, str, str], tuple[int, int]]) -> None:
        self._mapped, self._start, self._placed = mapped, start, placed

    @classmethod
    def newest(cls, store: GraphStore, inputs: Mapping[str, str]) -> _EarlierRuns | None:
        """The newest file of this format another build wrote beside the graph that reads, keeping
        only the runs of documents whose inputs it shares with ``inputs``; None when there is none."""
        for _, mapped, header, start in framed_each(earlier_builds(store, "facts"), _MAGIC):
            try:
                if header["format"] != FORMAT:
                    raise ValueError("another format")
                same = {doc for doc, digest in header["inputs"].items() if inputs.get(doc) == digest}
                offset, size = header["runs"]
                placed: dict[tuple[str, str, str], tuple[int, int]] = {}
                body = len(mapped) - start
                for subject, runs in json.loads(mapped[start + offset:start + offset + size]).items():
                    for doc, keys, at, length in runs:
                        if doc in same and isinstance(at, int) and isinstance(length, int) \
                                and 0 <= at and at + length <= body:
                            placed[(subject, doc, keys)] = (at, length)
            except (ValueError, KeyError, TypeError, AttributeError):
                mapped.close()
                continue
            return cls(mapped, start, placed)
        return None

    def windows(self, subject: str, doc: str, keys: str, rows: int) -> bytes | None:
        """The written windows of ``doc``'s run of ``rows`` rows with ``keys`` in ``subject``; None when
        the file holds no such run for a document whose inputs are the same, or what it holds there
        does not read as ``rows`` rows' windows, each a span of days that ends after it starts (a file
        framed again after an edit by hand, or by a writer's bug: never carried into the next build,
        audit 131 A-F1)."""
        place = self._placed.get((subject, doc, keys))
        if place is None:
            return None
        at, length = place
        written: bytes = self._mapped[self._start + at:self._start + at + length]
        try:
            read = _WINDOWS.validate_json(b"[" + written + b"]")
        except ValueError:  # pydantic's ValidationError is a ValueError
            return None
        if len(read) != rows or any(start >= end for spans in read for start, end, _ in spans):
            return None
        return written

    def close(self) -> None:
        self._mapped.close()


def known_amended(store: GraphStore) -> dict[str, tuple[list[tuple[Any, ...]], Locator | None]]:
    """What the amending items' figures were read as (``amendments.amended_rows``' ``kept``), from the
    live build's fact tables or, absent, the newest another build wrote beside the graph: each entry
    is keyed by the digest of everything its reading reads (``amendments.figures_key``), so it is
    taken only where all of that is the same. Empty when no file of this format reads."""
    try:
        return {str(key): ([tuple(row) for row in rows], None if target is None else Locator.parse(target))
                for key, (rows, target) in _kept_chunk(store, "amended").items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def known_own_words(store: GraphStore) -> dict[str, dict[str, int]]:
    """What each amending provision's words made of its figures (``amendments.own_words``' ``kept``),
    by ``amendments.words_key``, as ``known_amended`` finds its chunk. Empty when none reads."""
    try:
        return {str(key): {str(figure): int(said) for figure, said in figures.items()}
                for key, figures in _kept_chunk(store, "own_kept").items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def _kept_chunk(store: GraphStore, field: str) -> dict[str, Any]:
    """The JSON object of the chunk the header's ``field`` places ([offset, length]), from the live
    build's file or the newest other of this format that reads; empty when none does."""
    live = fact_tables_file(store)
    for path in [*([live] if live is not None else []), *earlier_builds(store, "facts")]:
        framed = read_framed(path, _MAGIC)
        if framed is None:
            continue
        mapped, header, start = framed
        with mapped:
            try:
                if header["format"] != FORMAT:
                    continue
                offset, size = header[field]
                found = json.loads(mapped[start + offset:start + offset + size])
            except (ValueError, KeyError, TypeError):
                continue
        if isinstance(found, dict):
            return found
    return {}


def known_windows(store: GraphStore, inputs: Mapping[str, str]) -> dict[WindowKey, Windows]:
    """The windows (``FactTable.windows``) an earlier build's fact tables hold for the provisions of
    the documents whose ``inputs`` (``facts.window_inputs``) it shares — the same, whatever else
    changed — for a new build to take instead of working them out (a 10-document delta at 100k
    provisions had worked out all of them again: 2.6 of its 9.8 s). From the newest file of this
    format another build wrote beside the graph (an ingest keeps the live build's until its own
    goes live); none when there is none, or it does not read: every window is worked out."""
    for path in earlier_builds(store, "facts"):
        found = _windows_in(path, inputs)
        if found is not None:
            return found
    return {}


def _windows_in(path: Path, inputs: Mapping[str, str]) -> dict[WindowKey, Windows] | None:
    """The windows ``path`` holds for the documents whose inputs it shares with ``inputs``; None when
    it does not read as a file of this format."""
    framed = read_framed(path, _MAGIC)
    if framed is None:
        return None
    mapped, header, start = framed
    with mapped:
        try:
            if header["format"] != FORMAT:
                return None
            same = {doc for doc, digest in header["inputs"].items() if inputs.get(doc) == digest}
            found: dict[WindowKey, Windows] = {}
            if not same:
                return found
            parsed: dict[str, Locator] = {}
            for offset, size in header["subjects"].values():
                chunk = json.loads(mapped[start + offset:start + offset + size])
                for row, spans in zip(chunk["rows"], chunk["windows"], strict=True):
                    if row[DOC] in same:
                        key = (row[DOC], row[REV].partition("@")[2], row[PATH])
                        if key not in found:
                            found[key] = [(first, last, tuple(parsed.get(r) or parsed.setdefault(r, Locator.parse(r))
                                                              for r in replaces)) for first, last, replaces in spans]
                            if any(not first < last for first, last, _ in found[key]):  # as a copied run (A-F2)
                                raise ValueError("a span of days that does not end after it starts")
            return found
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return None


def open_fact_tables(store: GraphStore) -> StoredFactTables | None:
    """The fact tables of ``store``'s live build; None when the file is absent or does not
    check (another format or build, a wrong length): the caller builds them from the graph."""
    framed = read_framed(path := fact_tables_file(store), _MAGIC)
    if framed is None:
        return None
    mapped, header, start = framed
    with mapped:  # the body is copied: a subject's chunk is parsed from it later
        body = mapped[start:]
    try:
        spans = {name: (int(offset), int(size)) for name, (offset, size) in header["subjects"].items()}
        if (header["format"] != FORMAT or header["build_id"] != store.build_id()
                or len(body) != header["body_bytes"]
                or any(offset < 0 or offset + size > len(body) for offset, size in spans.values())):
            raise ValueError("stale")
        readings: Readings = {(*entry[:-3], tuple(entry[-3])): (Locator.parse(entry[-2]), bool(entry[-1]))
                              for entry in header["readings"]}
        own_words = {str(key): int(said) for key, said in header["own_words"].items()}
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None
    return StoredFactTables(path, header["build_id"], spans, body, readings, own_words)
