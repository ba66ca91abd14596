"""A stored decision: the answer ``check`` judged and its verdict, one JSON file each.

Files are only ever added, each whole or not at all (an existing file is never rewritten), named by the time
of the decision and a hash of their content. ``Replay`` is what recomputing one against the
graph as it is now found (``Project.replay``).

A record carries ``sha256``, the hash of its own content (:func:`content_hash`: the format,
answer and verdict as canonical JSON), checked whenever it is read, whatever the file is called:
a record edited and saved under another name is refused all the same, and so is one holding a
key its format does not define (outside the hash, it would pass for part of what was checked)
or a number JSON has not (``NaN``). Records of
``inforce-decision/1`` predate that field; they are read when their name is still the one they
were written under (its hash is of the file's bytes), and refused otherwise, since nothing else
could show they were not edited.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError
from .files import create_atomically, read_bounded_text
from .jsontext import DuplicateKey, NestingTooDeep, NotJsonNumber, NumberTooLong, loads, no_constant
from .verdict import Answer, Verdict

__all__ = ["RECORD_FORMAT", "Replay", "append_record", "check_record", "content_hash", "read_record", "record"]

#: The ``format`` field of a stored record; a later layout gets a new name.
RECORD_FORMAT = "inforce-decision/2"
#: Records written before they carried their own hash (``sha256``): checked by their name only.
_NAMED_ONLY = "inforce-decision/1"
_FORMATS = (RECORD_FORMAT, _NAMED_ONLY)
#: The keys a record of each format may hold (``erased``: what an erasure rewrote, docs/formats.md)
_KEYS = {RECORD_FORMAT: ("format", "answer", "verdict", "sha256", "erased"),
         _NAMED_ONLY: ("format", "answer", "verdict")}


class Replay(BaseModel):
    """A stored verdict recomputed: the same, or what differs and what changed since."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    same: bool
    stored: Verdict
    now: Verdict
    differences: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()


def record(answer: Answer, verdict: Verdict) -> dict[str, Any]:
    """The stored form of one decision, with the hash of its content (``sha256``)."""
    stored: dict[str, Any] = {"format": RECORD_FORMAT, "answer": answer.model_dump(mode="json"),
                              "verdict": verdict.model_dump(mode="json")}
    stored["sha256"] = content_hash(stored)
    return stored


def content_hash(stored: Mapping[str, Any]) -> str:
    """The hash a record carries of itself: of its format, answer and verdict as canonical JSON
    (keys sorted, no spaces), so the file's layout does not matter and any field's does."""
    body = {key: stored.get(key) for key in ("format", "answer", "verdict")}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def append_record(folder: str | Path, answer: Answer, verdict: Verdict) -> Path:
    """Write one decision as a new file in ``folder`` (created if needed): whole or not at all
    (``files.create_atomically``), never over another. A full disk or any other failure to write
    is an ``OSError`` with nothing left in the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps(record(answer, verdict), indent=2, sort_keys=True) + "\n"
    digest = hashlib.sha256(body.encode()).hexdigest()[:16]
    audit = verdict.audit
    when = audit.decided_at.strftime("%Y%m%dT%H%M%SZ") if audit is not None and audit.decided_at else "undated"
    path = folder / f"{when}-{verdict.verdict}-{digest}.json"
    create_atomically(path, body)  # False: the very same record (same content, same second) is there
    return path


def read_record(path: str | Path, *, regular: bool = False) -> dict[str, Any]:
    """A stored decision, checked: InputError naming the file (and line, or field) otherwise.
    ``regular``: a regular file only (``read_bounded``), as every record found in a folder or
    handed to ``replay`` is."""
    path = Path(path)
    try:
        text = read_bounded_text(path, what="the audit record", regular=regular)
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read the audit record: {problem}", file=str(path)) from None
    try:
        data = loads(text, parse_constant=no_constant)
    except NotJsonNumber as constant:
        raise InputError(f"not an audit record: {constant}", file=str(path), line=constant.line) from None
    except json.JSONDecodeError as bad:
        raise InputError(f"not JSON: {bad.msg}", file=str(path), line=bad.lineno, col=bad.colno) from None
    except NumberTooLong as long:
        raise InputError(f"not an audit record: {long}", file=str(path)) from None
    except NestingTooDeep:
        raise InputError("nested too deeply to be an audit record", file=str(path)) from None
    except DuplicateKey as twice:
        raise InputError(f"not one audit record: {twice}", file=str(path), line=twice.line, field=twice.key) from None
    check_record(data, file=str(path))
    named = _NAME.fullmatch(path.name)
    if named is not None and hashlib.sha256(text.encode()).hexdigest()[:16] != named.group(1):
        raise InputError("this record was edited since it was written: its content does not hash to the "
                         f"{named.group(1)} in its name", file=str(path),
                         hint="replay the record as it was written")
    if data["format"] == _NAMED_ONLY:
        if named is None:
            raise InputError(f"a record of {_NAMED_ONLY} carries no hash of itself and is checked for edits by "
                             "its name, which this file no longer has", file=str(path), field="format",
                             hint="replay it under the name it was written with (<decided_at>-<verdict>-<hash>.json)")
    return data  # type: ignore[no-any-return]


#: A record's name as :func:`append_record` gives it; the last part is its content's hash.
_NAME = re.compile(r"(?:\d{8}T\d{6}Z|undated)-[a-z_]+-([0-9a-f]{16})\.json")


def check_record(data: Any, *, file: str | None = None) -> tuple[Answer, Verdict]:
    """The answer and verdict of a stored decision; InputError naming the field otherwise, and
    for a record that carries its ``sha256`` (every record since ``inforce-decision/2``) when
    its content does not hash to it."""
    if not isinstance(data, Mapping) or data.get("format") not in _FORMATS:
        raise InputError(f"not an inforce audit record (format is not {RECORD_FORMAT!r})", file=file,
                         field="format", hint="checking an answer with an audit folder writes them")
    allowed = _KEYS[data["format"]]
    for key in data:  # outside the hash: a key added would pass for part of the record checked
        if key not in allowed:
            raise InputError(f"a record of {data['format']} holds no {key!r} (it holds {', '.join(allowed)})",
                             file=file, field=str(key), hint="replay the record as it was written")
    if data["format"] == RECORD_FORMAT and data.get("sha256") != content_hash(data):
        raise InputError("this record was edited since it was written: its content does not hash to its "
                         "sha256", file=file, field="sha256", hint="replay the record as it was written")
    found = []
    for name, model in (("answer", Answer), ("verdict", Verdict)):
        try:
            found.append(model.model_validate(data.get(name)))
        except ValidationError as invalid:
            first = invalid.errors()[0]
            where = ".".join(str(p) for p in (name, *first["loc"]))
            raise InputError(first["msg"], file=file, field=where) from None
    return found[0], found[1]
