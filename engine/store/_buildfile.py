"""The framing every per-build file shares, and the clearing of other builds' files.

Each file written beside a graph build (the text store ``_texts``, the search indexes
``_search_file``, the engine's subject fact tables ``engine.fact_tables``) is laid out as

::

    magic        a few bytes naming the kind (b"INFTXT\\n", ...)
    u32          length of the header, little-endian (padding included)
    header       JSON, then spaces up to the alignment, so a payload of arrays starts aligned;
                 its first field, ``sha256``, is the hex SHA-256 of the whole file with those
                 64 characters read as zeros (magic, length, every header field, payload)
    payload      the kind's own

and named ``KIND-<hex build id>.bin`` in ``.inforce``. This module is the one place that
writes and reads that framing, and the one place that checks a file against the digest its
header holds (``read_framed``: a file edited in place, even to the same length, or written
before the digest, reads as absent and the caller reads the source again); what else the
header must hold (format, build id, lengths) is each kind's to check, since only it knows what
makes its payload whole.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import re
import struct
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["build_file", "earlier_builds", "frame", "framed_each", "framed_parts", "kind_files", "payloads", "read_framed",
           "read_header", "read_payload", "remove_other_builds"]

_LENGTH = struct.Struct("<I")

#: The header's first field: the digest ``frame`` writes and ``read_framed`` checks the file
#: against, hashed with its own 64 characters read as zeros.
_DIGEST = "sha256"
_UNSET = b"0" * 64
#: How the header starts, as ``json.dumps`` writes it (spaced or compact): the digest follows.
_DIGEST_STARTS = tuple(json.dumps({_DIGEST: ""}, separators=separators)[:-2].encode()
                       for separators in (None, (",", ":")))

#: ``KIND-<build id>.bin``: the one naming convention that lets a writer clear the files of
#: builds no longer live without knowing every kind.
_PER_BUILD = re.compile(r"^([a-z]+)-([0-9a-f]+)\.bin$")


def build_file(store: Any, kind: str) -> Path | None:
    """Where the ``kind`` file of ``store``'s live build lies (None before the first ingest)."""
    build_id = store.build_id()
    return store.layout.home / f"{kind}-{build_id}.bin" if build_id else None


def frame(magic: bytes, header: Mapping[str, Any], body: Sequence[bytes | memoryview] = (), *, align: int = 8,
          compact: bool = False) -> bytes:
    """The whole file (``framed_parts`` joined)."""
    return b"".join(framed_parts(magic, header, body, align=align, compact=compact))


def framed_parts(magic: bytes, header: Mapping[str, Any], body: Sequence[bytes | memoryview] = (), *,
                 align: int = 8, compact: bool = False) -> list[bytes | memoryview]:
    """The whole file, as parts to write one after another (``ontology.files.write_atomically``
    takes them so: a body of hundreds of megabytes is never copied into one more): the magic, the
    header's length, the header as JSON, its first field the file's ``sha256`` (``_DIGEST``),
    padded with spaces (JSON reads them as whitespace) so that the body starts at a multiple of
    ``align`` bytes, then ``body``'s parts.

    ``compact`` drops the spaces JSON puts after separators (a header holding large lists);
    ``align=1`` pads nothing. Both are per kind, fixed by the files already written."""
    separators = (",", ":") if compact else None
    fields = {_DIGEST: _UNSET.decode(), **{k: v for k, v in header.items() if k != _DIGEST}}
    encoded = json.dumps(fields, separators=separators).encode("utf-8")
    encoded += b" " * (-(len(magic) + _LENGTH.size + len(encoded)) % align)
    head = magic + _LENGTH.pack(len(encoded)) + encoded
    digest = _digest([head, *body])
    at = len(magic) + _LENGTH.size + len(_DIGEST_STARTS[compact])
    return [head[:at] + digest.encode() + head[at + len(_UNSET):], *body]


def _digest(parts: Sequence[bytes | memoryview]) -> str:
    """The hex SHA-256 of ``parts`` joined, the digest's slot holding ``_UNSET``."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return digest.hexdigest()


def read_framed(path: Path | None, magic: bytes) -> tuple[mmap.mmap, dict[str, Any], int] | None:
    """``(mapped file, header, offset of the payload)`` of a file ``frame`` wrote; None when
    there is no path (no build yet), the file is absent or empty, does not start with ``magic``,
    its header does not read as a JSON object within the file, or the file's SHA-256 is not the
    one its header starts with (edited, or written before the digest). The caller checks the
    header's other fields and closes the map when it does not keep it."""
    mapped = _mapped(path)
    if mapped is None:
        return None
    try:
        header, start = _header_of(mapped, magic)
        opening = len(magic) + _LENGTH.size
        at = next((opening + len(s) for s in _DIGEST_STARTS if mapped[opening:opening + len(s)] == s), None)
        written = header.get(_DIGEST)
        if at is None or not isinstance(written, str) or written.encode() != mapped[at:at + len(_UNSET)]:
            raise ValueError("the header does not start with the file's digest")
        with memoryview(mapped) as whole, whole[:at] as before, whole[at + len(_UNSET):] as after:
            if _digest([before, _UNSET, after]) != written:  # hashed in place, not copied
                raise ValueError("the file is not the one written")
    except (ValueError, struct.error):  # a UnicodeDecodeError or JSONDecodeError is a ValueError
        mapped.close()
        return None
    return mapped, header, start


def read_header(path: Path | None, magic: bytes) -> dict[str, Any] | None:
    """The header of a file ``frame`` wrote, read alone (its digest not checked: what a writer asks to
    know whether a file is of its format and build at all, ``_artifacts.refresh_generation_files``);
    None when ``read_framed`` would refuse its framing. Never a reason to trust the payload: a reader
    checks it (``read_framed``)."""
    mapped = _mapped(path)
    if mapped is None:
        return None
    with mapped:
        try:
            return _header_of(mapped, magic)[0]
        except (ValueError, struct.error):
            return None


def _mapped(path: Path | None) -> mmap.mmap | None:
    """``path`` mapped for reading; None when there is no path (no build yet), or the file is absent,
    unreadable or empty (mmap refuses a zero-length file)."""
    if path is None:
        return None
    try:
        with open(path, "rb") as file:
            return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None


def _header_of(mapped: mmap.mmap, magic: bytes) -> tuple[dict[str, Any], int]:
    """The header of a framed file and where its payload starts; ValueError (or struct.error) when it
    does not start with ``magic`` or its header does not read as a JSON object within the file."""
    if mapped[:len(magic)] != magic:
        raise ValueError("magic")
    (length,) = _LENGTH.unpack_from(mapped, len(magic))
    start = len(magic) + _LENGTH.size + length
    if start > len(mapped):
        raise ValueError("the header runs past the end")
    header = json.loads(mapped[len(magic) + _LENGTH.size:start])
    if not isinstance(header, dict):
        raise ValueError("the header is not an object")
    return header, start


def build_files(home: Path) -> set[str]:
    """The names of the per-build files (``KIND-<build id>.bin``) in ``home`` now."""
    try:
        return {entry.name for entry in home.iterdir() if _PER_BUILD.match(entry.name)}
    except OSError:
        return set()


def earlier_builds(store: Any, kind: str) -> list[Path]:
    """The ``kind`` files of builds other than ``store``'s live one in its home, newest first: what
    a new build may take unchanged parts from (an ingest keeps the live build's until its own goes
    live; each caller checks a file's format and contents before taking anything)."""
    live = f"{kind}-{store.build_id()}.bin"
    return [path for path in kind_files(store.layout.home, kind) if path.name != live]


def kind_files(home: Path, kind: str) -> list[Path]:
    """The ``kind`` files of every build in ``home``, newest first (no store opened: read before
    an ingest takes the write lock; each caller checks a file before taking anything)."""

    def written(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    found = [home / name for name in build_files(home)
             if _PER_BUILD.match(name).group(1) == kind]  # type: ignore[union-attr]
    return sorted(found, key=written, reverse=True)


def remove_other_builds(home: Path, live: str | None, kind: str | None = None) -> None:
    """Remove the per-build files in ``home`` of builds other than ``live`` (every one when
    ``live`` is None), of one ``kind`` or of every kind. A reader still mapping one keeps it
    until it closes; a file that cannot be removed now is left for the next writer."""
    if not home.is_dir():
        return
    for entry in home.iterdir():
        found = _PER_BUILD.match(entry.name)
        if found is not None and found.group(2) != live and kind in (None, found.group(1)):
            with contextlib.suppress(OSError):
                entry.unlink()


def read_payload(path: Path | None, magic: bytes, *, format: int, build_id: str) -> tuple[dict[str, Any], bytes] | None:
    """The header and payload (copied out, the file closed) of a per-build file ``frame``
    wrote, when ``read_framed`` reads it (its digest included), its ``format`` and ``build_id``
    are those asked for and the payload is as long as its header's ``body_bytes`` says; None
    otherwise (absent, edited, another format or build, cut short). For a file read whole at
    open; one kept mapped uses ``read_framed``."""
    for _, header, body in payloads([path] if path is not None else [], magic, format=format):
        if header.get("build_id") == build_id:
            return header, body
    return None


def framed_each(paths: Iterable[Path], magic: bytes) -> Iterator[tuple[Path, mmap.mmap, dict[str, Any], int]]:
    """``(path, mapped file, header, offset of the payload)`` of each of ``paths`` in turn that
    ``read_framed`` reads, for a caller looking for the first that serves (another build's file a
    new build takes from): the caller keeps or closes each map."""
    for path in paths:
        framed = read_framed(path, magic)
        if framed is not None:
            yield (path, *framed)


def payloads(paths: Iterable[Path], magic: bytes, *, format: int) -> Iterator[tuple[Path, dict[str, Any], bytes]]:
    """``(path, header, payload)`` (copied out, the file closed) of each of ``paths`` in turn that
    reads as ``read_payload`` reads a file, whatever its build: the caller checks the rest."""
    for path, mapped, header, start in framed_each(paths, magic):
        with mapped:
            body = mapped[start:]
        if header.get("format") == format and header.get("body_bytes") == len(body):
            yield path, header, body
