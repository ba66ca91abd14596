"""How a paragraph's label is written: the one label grammar of numbered text.

Two readers take a document's lines apart by their labels: the outline reader
(``adapters/ingest/outline.py`` with ``numbering.py``), which decides which numbered lines
head sections, and the addendum itemizer (``engine/addenda/items.py``), which finds the items
the outline leaves in its sections' text. Both compose their patterns from the pieces here,
so a label is written one way for both: what each reader accepts of them (and its guards
against years, quantities and cross-references starting a line) is that reader's own.

Pieces are regular-expression text (to be composed), except :data:`FENCE` and
:data:`BULLET`, which each reader matches whole.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container

__all__ = [
    "BOLD",
    "FreeNames",
    "BULLET",
    "FENCE",
    "LABEL_END",
    "LEAD",
    "LOWER",
    "ROMAN_ANY",
    "ROMAN_LOWER",
    "ROMAN_UPPER",
    "UPPER",
    "lines_and_starts",
    "number",
    "roman_value",
    "slugify",
]

#: A Markdown heading's marks and a bold opening before a label (``## **2.1**``): group 1
#: the ``#`` marks, group 2 the bold mark.
LEAD = r"[ \t]*(?:(#{1,6})(?:[ \t]+|$))?(\*\*|__)?[ \t]*"
#: A bold mark around a label (``**A.**``).
BOLD = r"(?:\*\*|__)"
#: What ends a label: a space, the line's end (a CRLF file's carriage return too) or the bold's end.
LABEL_END = r"(?=[ \t\r]|$|\*\*|__)"
#: One letter of a lettered list.
UPPER = r"[A-Z]"
LOWER = r"[a-z]"
#: A roman numeral of two to five letters (one letter reads as a letter first: ``i.`` after ``h.``).
ROMAN_LOWER = r"[ivx]{2,5}"
ROMAN_UPPER = r"[IVX]{2,5}"
#: A roman numeral in either case, one to five letters (inside brackets: ``(iv)``, ``(I)``).
ROMAN_ANY = r"[ivxIVX]{1,5}"
#: A code block's fence in Markdown (``````` or ``~~~``, up to three spaces in): its lines
#: are quoted text, no source of sections or items.
FENCE = re.compile(r"[ \t]{0,3}(```|~~~)")
#: A bullet opening a line (group 1 its indent, group 2 the mark). Besides the usual marks, the
#: glyphs a word processor's list bullets become when its text is copied out: a lower-case "o"
#: (the second-level bullet, set in Courier) before words that open with a capital, a digit or a
#: quotation, and the Symbol and Wingdings font's private-use bullets (U+F0B7, U+F0A7, U+F0D8).
BULLET = re.compile(r"([ \t]*+)([-*+•●◦▪–\uf0b7\uf0a7\uf0d8]|o(?=[ \t]++[A-Z0-9\"“(]))[ \t]++(?=\S)")

_ROMAN = re.compile(r"(x{0,3})(ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


def lines_and_starts(text: str) -> tuple[list[str], list[int]]:
    """``text``'s lines (parted at ``\n``; a CRLF line keeps its ``\r``) and the offset each
    starts at: what a reader going line by line keeps to place its spans."""
    lines = text.split("\n")
    starts: list[int] = []
    position = 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    return lines, starts


def number(most: int | None = None) -> str:
    """A label's number: any count of digits, or at most ``most`` where a reader guards
    against other numbers starting a line (a year, a street number)."""
    return r"\d+" if most is None else rf"\d{{1,{most}}}"


def roman_value(text: str) -> int:
    """The value of a lowercase roman numeral up to 39 (``iv`` → 4); 0 when it is not one."""
    if not text or _ROMAN.fullmatch(text) is None:
        return 0
    total = 0
    previous = 0
    for char in reversed(text):
        value = _ROMAN_VALUES[char]
        total = total - value if value < previous else total + value
        previous = max(previous, value)
    return total


def slugify(text: str, fallback: str = "section") -> str:
    """A path segment from heading text: ``General Notes`` → ``general-notes`` (``fallback``
    when no letter or digit is left)."""
    ascii_text = (
        unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:60].rstrip("-")
    return slug or fallback


class FreeNames:
    """The path a section takes when its own may be taken: ``base`` while ``taken`` lacks it,
    else the first of ``base-2``, ``base-3``, ... that ``taken`` lacks (the suffix numbering of
    a repeated section path, one rule for every reader that numbers repeats).

    ``taken`` is the reader's own collection of the paths given so far (a dict or a set, read
    live, never changed here); it may only grow. Each base keeps the suffix it last gave, so a
    run of one repeated path costs one step each, not a count from 2 (16,000 ``## Notes``
    headings were quadratic): a suffix is still skipped while ``taken`` holds it, whether a
    repeat or some other heading took it, and one given but not recorded in ``taken`` is given
    again."""

    def __init__(self, taken: Container[str]) -> None:
        self._taken = taken
        self._last: dict[str, int] = {}

    def __call__(self, base: str) -> str:
        taken = self._taken
        if base not in taken:
            return base
        suffix = self._last.get(base, 2)
        while f"{base}-{suffix}" in taken:
            suffix += 1
        self._last[base] = suffix
        return f"{base}-{suffix}"
