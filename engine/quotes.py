"""Quotes against document text: what counts as the same words (normalisation), whether a quote
is in a text word for word (with ellipses that may not drop a negation), the closest passage
when it is not, and a table row as an entailment model reads it. Used by ``engine.verify``."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

from rapidfuzz import fuzz

__all__ = ["ELLIPSIS_PART_WORDS", "closest_passage", "linearise", "normalize_quote", "one_line", "quote_in"]

_TYPOGRAPHY = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2026": "...",
    "*": " ", "`": " ", "|": " ", "_": " ",
})
_SPACE = re.compile(r"\s+")
#: An ellipsis in a quote, where the quote is split into its parts. The spaces around it are left
#: to the parts, which :func:`normalize_quote` strips: a pattern taking them (``\s*...\s*``)
#: would rescan a run of spaces from each of its positions, in time growing with its square.
_ELLIPSIS = re.compile(r"\.\.\.|\[\.\.\.\]")
_QUOTE_MARKS = "\"' "


#: What an ellipsis may not leave out: a negation or an exception turns the sentence round
#: ("is ... recommended" for "is not recommended").
_MEANING = re.compile(r"\b(?:not|no|never|none|nor|neither|cannot|except|unless|without|only)\b|n't\b")
#: Each part of a quote with an ellipsis must be at least this many words.
ELLIPSIS_PART_WORDS = 3


@lru_cache(maxsize=256)
def normalize_quote(text: str) -> str:
    """Text as quotes are compared: NFKC, invisible format characters (soft hyphens, zero-width
    spaces, direction marks) removed, typographic marks and Markdown emphasis and table rules
    made plain, case folded, runs of whitespace one space."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf").translate(_TYPOGRAPHY)
    return _SPACE.sub(" ", text).strip().casefold()


def quote_in(quote: str, text: str) -> bool:
    """Whether ``quote`` is in ``text`` word for word (after normalisation), starting and
    ending on word boundaries. An ellipsis (``...``) stands for omitted words: the parts must
    appear in order, each of at least three words, and what is left out may hold no negation
    or exception. A quote of fewer than three letters or digits quotes nothing."""
    haystack = normalize_quote(text)
    parts = [normalize_quote(p).strip(_QUOTE_MARKS) for p in _ELLIPSIS.split(quote)]
    parts = [p for p in parts if p]
    if not parts or sum(ch.isalnum() for p in parts for ch in p) < 3:
        return False
    if len(parts) > 1 and any(len(p.split()) < ELLIPSIS_PART_WORDS for p in parts):
        return False
    at, previous_end = 0, None
    for part in parts:
        found = _find_words(haystack, part, at)
        if found < 0:
            return False
        if previous_end is not None and _MEANING.search(haystack[previous_end:found]):
            return False
        at = previous_end = found + len(part)
    return True


def _find_words(haystack: str, part: str, start: int) -> int:
    """Where ``part`` occurs from ``start`` without cutting a word at either end; -1 if nowhere."""
    found = haystack.find(part, start)
    while found >= 0:
        before = haystack[found - 1] if found > 0 else " "
        after = haystack[found + len(part)] if found + len(part) < len(haystack) else " "
        if not (part[0].isalnum() and before.isalnum()) and not (part[-1].isalnum() and after.isalnum()):
            return found
        found = haystack.find(part, found + 1)
    return -1


def closest_passage(quote: str, text: str) -> tuple[str, float]:
    """The passage of ``text`` nearest to ``quote`` and its similarity (0..1), for the report.

    A quote of up to :data:`_ALIGN_CHARS` characters is aligned character by character
    (rapidfuzz's partial ratio); a longer one, whose alignment would grow with the product of
    the two lengths, is placed by its words: the run of as many words of ``text`` sharing the
    most words with it, then scored as a whole (both steps near-linear in the two lengths)."""
    needle, haystack = normalize_quote(quote).strip(_QUOTE_MARKS), normalize_quote(text)
    if not needle or not haystack:
        return "", 0.0
    if len(needle) > _ALIGN_CHARS:
        passage = _window_by_words(needle, haystack)
        return passage, round(fuzz.ratio(needle, passage) / 100.0, 3)
    found = fuzz.partial_ratio_alignment(needle, haystack)
    if found is None:
        return "", 0.0
    return haystack[found.dest_start:found.dest_end], round(found.score / 100.0, 3)


#: The longest quote aligned character by character in :func:`closest_passage`.
_ALIGN_CHARS = 200
_WORD = re.compile(r"\S+")


def _window_by_words(needle: str, haystack: str) -> str:
    """The run of ``haystack``'s words, as many as ``needle`` has, sharing the most words with
    it (the first such run): one pass with a sliding count."""
    want = Counter(needle.split())
    spans = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(haystack)]
    size = sum(want.values())
    if len(spans) <= size:
        return haystack
    have: Counter[str] = Counter()
    shared = 0
    for _, _, word in spans[:size]:
        have[word] += 1
        shared += have[word] <= want[word]
    best, best_start = shared, 0
    for start in range(1, len(spans) - size + 1):
        gone, came = spans[start - 1][2], spans[start + size - 1][2]
        shared -= have[gone] <= want[gone]
        have[gone] -= 1
        have[came] += 1
        shared += have[came] <= want[came]
        if shared > best:
            best, best_start = shared, start
    return haystack[spans[best_start][0]:spans[best_start + size - 1][1]]


def linearise(text: str) -> str:
    """A table row as an entailment model reads it: ``header: value`` for each cell.

    Rows are stored as their header line, a newline, then the row line (``| a | b |``);
    any other text is returned as it is.
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != 2 or not all(line.startswith("|") for line in lines):
        return text
    header, row = ([cell.strip() for cell in line.strip("|").split("|")] for line in lines)
    pairs = [f"{h}: {v}" if h else v for h, v in zip(header, row, strict=False) if v]
    return ". ".join(pairs) + "."


def one_line(text: str) -> str:
    """``text`` with every run of whitespace one space, on one line."""
    return _SPACE.sub(" ", text).strip()
