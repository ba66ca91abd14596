"""The rows the as-of index opens with, written beside each graph build, so a reader opens them
without querying the graph: every revision's lean row and every revision's outline.

Why a second form of what the graph holds: a cold ``check`` spent 0.15-0.2 s of its second
in two Kuzu reads (``revision_rows`` and, most of it, the aggregated ``provision_outlines``)
before its first answer (issue 20). The file holds exactly what those reads return, so the
index built from it is the same index; the graph stays the store of record:

::

    PROJECT/.inforce/rows-<build id>.bin
      b"INFROW\\n"  magic
      u32          length of the header
      header       JSON: format, build_id, columns (``REVISION_ROW_COLUMNS``), and the
                   [offset, length] in the body of each part
      body         two JSON parts: "revisions" (the rows column by column, each column
                   with its kind: "date" and "datetime" as ISO strings, "plain" as read)
                   and "outlines" ({revision uid: {path: parent}})

Keyed by the index build id like the text store (``_texts``), and checked on open: a missing
file, another format, build id or row columns, a body not the one written (its digest,
``_buildfile``) or a part that does not read is absent, and
the graph answers (a reader then writes the file for the processes after it). Only a
read-only store reads it: a writer reads the graph it is changing. Written atomically
(``ontology.files``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from inforce.ontology.files import write_atomically

from ._buildfile import build_file, framed_parts, read_payload, remove_other_builds
from ._reads import REVISION_ROW_COLUMNS

__all__ = ["StoredRows", "open_rows", "rows_file", "write_rows"]

FORMAT = 1
_MAGIC = b"INFROW\n"


def rows_file(store: Any) -> Path | None:
    """Where the rows of ``store``'s live build lie (None before the first ingest)."""
    return build_file(store, "rows")


# ---- the revision rows, column by column, as JSON ------------------------------------------------


def _columns(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The rows as columns: each a kind (``date``, ``datetime``: ISO strings; ``plain``: JSON
    as it is) and its values. TypeError for a column of any other kind, or of mixed kinds (the
    file is then not written: the graph answers)."""
    width = len(rows[0]) if rows else len(REVISION_ROW_COLUMNS)
    if any(len(row) != width for row in rows):
        raise TypeError("rows of different widths")
    columns = []
    for values in (list(column) for column in zip(*rows, strict=True)) if rows else ([] for _ in range(width)):
        present = [v for v in values if v is not None]
        if present and all(isinstance(v, dt.datetime) for v in present):
            columns.append({"kind": "datetime", "values": [None if v is None else v.isoformat() for v in values]})
        elif present and all(isinstance(v, dt.date) and not isinstance(v, dt.datetime) for v in present):
            columns.append({"kind": "date", "values": [None if v is None else v.isoformat() for v in values]})
        elif all(_plain(v) for v in present):
            columns.append({"kind": "plain", "values": values})
        else:
            raise TypeError("a column holds values with no JSON form, or of mixed kinds")
    return columns


def _plain(value: Any) -> bool:
    """Whether JSON gives ``value`` back as it is (a list comes back a list)."""
    if value is None or isinstance(value, str | bool | int | float):
        return True
    return isinstance(value, list) and all(_plain(v) for v in value)


def _rows(columns: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The rows ``_columns`` wrote."""
    read = []
    for column in columns:
        kind, values = column["kind"], column["values"]
        if kind == "date":
            values = [None if v is None else dt.date.fromisoformat(v) for v in values]
        elif kind == "datetime":
            values = [None if v is None else dt.datetime.fromisoformat(v) for v in values]
        elif kind != "plain":
            raise ValueError(f"an unknown column kind {kind!r}")
        read.append(values)
    return list(zip(*read, strict=True))


def _outlines_checked(outlines: Any) -> dict[str, dict[str, str | None]]:
    if not isinstance(outlines, dict) or not all(
        isinstance(uid, str) and isinstance(outline, dict)
        and all(isinstance(path, str) and (parent is None or isinstance(parent, str))
                for path, parent in outline.items())
        for uid, outline in outlines.items()
    ):
        raise ValueError("outlines are {revision uid: {path: parent path or null}}")
    return outlines


def _outlines_read(outlines: Any) -> dict[str, dict[str, str | None]]:
    """The outlines part as read back: its shape, the file's digest vouching for the rest (it
    was written checked: a check of each of a million paths was half a second of opening the
    project; issue 26)."""
    if not isinstance(outlines, dict) or not all(isinstance(outline, dict) for outline in outlines.values()):
        raise ValueError("outlines are {revision uid: {path: parent path or null}}")
    return outlines


# ---- writing and reading -----------------------------------------------------------------------


def write_rows(
    store: Any, revisions: list[tuple[Any, ...]], outlines: dict[str, dict[str, str | None]], *, tidy: bool = False,
) -> Path | None:
    """Write ``revisions`` and ``outlines`` (the live graph's own reads) beside ``store``'s
    live build, atomically; ``tidy`` (a writer's, under the lock) also removes those of other
    builds. The file written; None before the first ingest, or when a value has no JSON form."""
    target = rows_file(store)
    if target is None:
        return None
    try:
        parts = [
            json.dumps(_columns(revisions), separators=(",", ":")).encode("utf-8"),
            json.dumps(_outlines_checked(outlines), separators=(",", ":")).encode("utf-8"),
        ]
    except (TypeError, ValueError):
        return None
    spans, offset = {}, 0
    for name, part in zip(("revisions", "outlines"), parts, strict=True):
        spans[name] = [offset, len(part)]
        offset += len(part)
    header = {"format": FORMAT, "build_id": store.build_id(), "columns": list(REVISION_ROW_COLUMNS),
              "parts": spans, "body_bytes": offset}
    write_atomically(target, framed_parts(_MAGIC, header, parts, align=1))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "rows")
    return target


class StoredRows:
    """One build's rows file: each part parsed when asked for, afresh each time (a caller may
    change what it is given, as it may what the graph read gives)."""

    def __init__(self, body: bytes, spans: dict[str, tuple[int, int]]) -> None:
        self._body, self._spans = body, spans

    def _part(self, name: str) -> Any:
        offset, length = self._spans[name]
        return json.loads(self._body[offset:offset + length])

    def revision_rows(self) -> list[tuple[Any, ...]] | None:
        """What ``_reads.revision_rows`` read; None when the part does not read."""
        return self._read(lambda: _rows(self._part("revisions")))

    def provision_outlines(self) -> dict[str, dict[str, str | None]] | None:
        """What ``_reads.provision_outlines`` read; None when the part does not read."""
        return self._read(lambda: _outlines_read(self._part("outlines")))

    @staticmethod
    def _read(parse: Callable[[], Any]) -> Any:
        try:
            return parse()
        except (ValueError, TypeError, KeyError, AttributeError):  # JSONDecodeError is a ValueError
            return None


def open_rows(store: Any, build_id: str | None = None) -> StoredRows | None:
    """The rows file of ``store``'s live build (or of build ``build_id`` beside it: the build an
    ingest copied its graph from); None when it is absent or does not check (another format, build
    id or row columns, a wrong length)."""
    wanted = store.build_id() if build_id is None else build_id
    path = rows_file(store) if build_id is None else store.layout.home / f"rows-{build_id}.bin"
    read = read_payload(path, _MAGIC, format=FORMAT, build_id=wanted) if wanted else None
    if read is None:
        return None
    header, body = read
    try:
        spans = {name: (int(offset), int(length)) for name, (offset, length) in header["parts"].items()}
        if (header["columns"] != list(REVISION_ROW_COLUMNS) or set(spans) != {"revisions", "outlines"}
                or any(offset < 0 or offset + length > len(body) for offset, length in spans.values())):
            return None
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return StoredRows(body, spans)
