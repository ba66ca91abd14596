"""Reading JSON the project is given: one place for what a number in it may be.

Python's reader turns any run of digits into an integer, and one of over 4,300 digits raises a
bare ``ValueError`` from inside the parser; a number far past what any field holds is also a
cheap way to make a reader work. Every JSON file or body inforce reads (answers, sweep
baselines, audit records, rule-impact cases and logs, the service's bodies) reads its numbers
through ``parse_number``: at most ``MAX_DIGITS`` characters, else ``NumberTooLong``, which the
caller reports at its file and field like any other input error. A text nested deeper than
Python's reader recurses is ``NestingTooDeep`` (a ``ValueError``), never a bare
``RecursionError`` for each caller to remember.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_DIGITS", "NestingTooDeep", "NumberTooLong", "loads", "parse_number"]

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


def parse_number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """``kind`` (``int`` or ``float``) for a JSON reader's ``parse_int``/``parse_float``, bounded."""
    def read(text: str) -> Any:
        if len(text) > MAX_DIGITS:
            raise NumberTooLong(len(text))
        return kind(text)
    return read


def loads(text: str, **options: Any) -> Any:
    """``json.loads`` with its numbers bounded (``NumberTooLong``) and its nesting too
    (``NestingTooDeep``); other options as json's."""
    try:
        return json.loads(text, parse_int=parse_number(int), parse_float=parse_number(float), **options)
    except RecursionError:
        raise NestingTooDeep() from None
