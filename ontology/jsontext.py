"""Reading JSON the project is given: one place for what a number in it may be (and
the one compact writing of the JSON the engine reads back itself, ``compact_bytes``).

Python's reader turns any run of digits into an integer, and one of over 4,300 digits raises a
bare ``ValueError`` from inside the parser; a number far past what any field holds is also a
cheap way to make a reader work. Every JSON file or body inforce reads (answers, sweep
baselines, audit records, rule-impact cases and logs, the service's bodies) reads its numbers
through ``parse_number``: at most ``MAX_DIGITS`` characters, else ``NumberTooLong``, which the
caller reports at its file and field like any other input error. A text nested deeper than
Python's reader recurses is ``NestingTooDeep`` (a ``ValueError``), never a bare
``RecursionError`` for each caller to remember. A key written twice in one object is
``DuplicateKey`` (Python's reader keeps the last silently: a record or a baseline could say two
things and be read as one of them), unless the caller passes its own ``object_pairs_hook``.
``NaN``, ``Infinity`` and ``-Infinity``, which Python's reader takes though JSON has no such
numbers, are ``NotJsonNumber`` at their line for a caller that passes ``parse_constant=no_constant``
(a file inforce reads back as it was written: a baseline, an audit record).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pydantic_core

__all__ = ["MAX_DIGITS", "DuplicateKey", "NestingTooDeep", "NotJsonNumber", "NumberTooLong", "compact_bytes", "loads",
           "no_constant", "parse_number"]

#: the most characters a number in a JSON text may have
MAX_DIGITS = 100


class NumberTooLong(ValueError):
    """A JSON number longer than ``MAX_DIGITS`` characters."""

    def __init__(self, length: int) -> None:
        super().__init__(f"a number of {length:,} characters; at most {MAX_DIGITS}")
        self.length = length


class NestingTooDeep(ValueError):
    """A JSON text nested deeper than the reader recurses (arrays or objects inside each other)."""

    def __init__(self) -> None:
        super().__init__("arrays or objects nested too deeply to read")


class DuplicateKey(ValueError):
    """A key written twice in one JSON object: ``key``, and the line of its second writing where
    the text tells it (``line``; None where it does not)."""

    def __init__(self, key: str, line: int | None = None) -> None:
        super().__init__(f"the key {key!r} appears twice in one object")
        self.key = key
        self.line = line


class NotJsonNumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a JSON text (``name``, as written), at ``line``
    where the text tells it: Python's reader takes them, JSON has no such numbers."""

    def __init__(self, name: str, line: int | None = None) -> None:
        super().__init__(f"{name} (JSON has no such number)")
        self.name = name
        self.line = line


def compact_bytes(value: Any) -> bytes:
    """``value`` (JSON's own types: dicts, lists, strings, numbers, None) as one compact line
    of UTF-8 JSON, for a file the engine writes and reads back itself (a build's fact tables,
    the rows an ingest stages for Kuzu's JSON reader). pydantic-core's encoder writes the text
    ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` writes, a float spelled
    shortest either way (read back the same), a float that is no number still NaN or Infinity,
    in a third of the time (the million's 133 MB of fact-table chunks in 0.62 s against 1.79 s;
    a staged provision row 1.0 against 3.2 µs). A string UTF-8 cannot hold (a lone surrogate),
    which it refuses, is written as ``json.dumps`` escapes it."""
    try:
        return pydantic_core.to_json(value, inf_nan_mode="constants")
    except pydantic_core.PydanticSerializationError:
        return json.dumps(value, separators=(",", ":")).encode("ascii")


def no_constant(name: str) -> Any:
    """A reader's ``parse_constant`` refusing ``NaN`` and the infinities (``NotJsonNumber``)."""
    raise NotJsonNumber(name)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(key)
        seen[key] = value
    return seen


def parse_number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """``kind`` (``int`` or ``float``) for a JSON reader's ``parse_int``/``parse_float``, bounded."""
    def read(text: str) -> Any:
        if len(text) > MAX_DIGITS:
            raise NumberTooLong(len(text))
        return kind(text)
    return read


def loads(text: str, **options: Any) -> Any:
    """``json.loads`` with its numbers bounded (``NumberTooLong``), its nesting too
    (``NestingTooDeep``) and each object's keys written once (``DuplicateKey``, where no
    ``object_pairs_hook`` is given); other options as json's."""
    options.setdefault("object_pairs_hook", _unique)
    _no_lone_surrogate(text)
    try:
        return json.loads(text, parse_int=parse_number(int), parse_float=parse_number(float), **options)
    except RecursionError:
        raise NestingTooDeep() from None
    except DuplicateKey as twice:
        if twice.line is not None:
            raise
        raise DuplicateKey(twice.key, _second_writing(text, twice.key)) from None
    except NotJsonNumber as constant:
        if constant.line is not None:
            raise
        raise NotJsonNumber(constant.name, _constant_line(text)) from None


#: a ``\\u`` escape of a surrogate, or a surrogate written raw (a text decoded with surrogateescape)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\ud800-\udfff]")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)|[\ud800-\udfff]", re.DOTALL)


def _no_lone_surrogate(text: str) -> None:
    """A string holding half of a surrogate pair (``"\\ud800"`` alone) is no Unicode text: JSON's
    grammar lets it be written, and RFC 8259 leaves what it means to the reader. inforce refuses
    it as ``json.JSONDecodeError`` at its line and column, as any other text that does not read
    (every caller says that already): a str holding one cannot be written as UTF-8 again (an
    answer's question once ended a JSON report in exit 70 and a service's answer in a 500)."""
    if _SURROGATE.search(text) is None:
        return
    for string in re.finditer(r'"(?:[^"\\]|\\.)*"', text):
        high: re.Match[str] | None = None  # a high half just read, waiting for its low half
        lone: int | None = None
        for escape in _ESCAPE.finditer(string.group()):
            written = escape.group(1)
            unit = int(written, 16) if written else ord(escape.group()) if len(escape.group()) == 1 else -1
            if high is not None:
                if 0xDC00 <= unit <= 0xDFFF and escape.start() == high.end():
                    high = None
                    continue
                lone = high.start()
                break
            if 0xD800 <= unit <= 0xDBFF:
                high = escape
            elif 0xDC00 <= unit <= 0xDFFF:
                lone = escape.start()
                break
        if lone is None and high is not None:
            lone = high.start()
        if lone is not None:
            raise json.JSONDecodeError("half of a surrogate pair, which is no character", text, string.start() + lone)


def _constant_line(text: str) -> int | None:
    """The line of the first ``NaN`` or infinity written as a value in ``text``, strings passed over."""
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|NaN|-?Infinity', text):
        if not token.group().startswith('"'):
            return text.count("\n", 0, token.start()) + 1
    return None


def _second_writing(text: str, key: str) -> int | None:
    """The line where ``key`` is written the second time in one object of ``text`` (a JSON text the
    reader has just read up to that point): each key written is placed in the object it opens in,
    strings passed over."""
    written = re.compile(rf'"{re.escape(json.dumps(key)[1:-1])}"\s*:')
    objects: list[int] = []
    seen: set[int] = set()
    opened = 0
    position = 0
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|[{}]', text):
        if token.group() == "{":
            opened += 1
            objects.append(opened)
        elif token.group() == "}":
            if objects:
                objects.pop()
        elif objects and token.start() >= position and written.match(text, token.start()):
            if objects[-1] in seen:
                return text.count("\n", 0, token.start()) + 1
            seen.add(objects[-1])
            position = token.end()
    return None
