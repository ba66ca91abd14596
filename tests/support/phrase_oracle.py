"""The vocabulary's phrase pattern as first written, for tests to compare the present one with:
one alternative for each phrase and each way of writing a word, each with its own look-arounds,
under ``re.IGNORECASE`` and read in the text as it stands (no guard: it only lets a search skip
ahead). Slow past a few hundred phrases — the reason the present pattern is built otherwise
(audits 76 B F6 and 111 B F2) — and plain enough to read as the definition of what a vocabulary
finds."""

from __future__ import annotations

import re
from collections.abc import Mapping

from inforce.rules.subjects import _fold, _joined, _token_parts

_APOSTROPHE = "['’′`]"


def _token(token: str) -> str:
    start, stem, end = _token_parts(token)
    letters = "".join(_APOSTROPHE if ch == "'" else re.escape(ch) for ch in stem)
    return (start + letters + end).replace("[a-z0-9]", "[A-Za-z0-9]").replace("[a-z]", "[A-Za-z]")


def oracle(phrases: list[str], shortened: Mapping[tuple[str, ...], tuple[str, ...]]) -> re.Pattern[str]:
    """Group N + 1 of a match: the N-th phrase found."""

    def phrase_pattern(phrase: str) -> str:
        words = tuple(_fold(phrase).split())

        def rest(i: int) -> str:
            if i == len(words):
                return ""
            options = []
            for k in range(len(words) - i, 0, -1):
                ways = [_token(a) for a in shortened.get(words[i : i + k], ())]
                if k == 1:
                    ways.append(_token(words[i]))
                if ways:
                    head = ways[0] if len(ways) == 1 else "(?:" + "|".join(ways) + ")"
                    options.append(head + _joined(rest(i + k)))
            return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"

        return rest(0)

    return re.compile("|".join(f"({phrase_pattern(phrase)})" for phrase in phrases), re.IGNORECASE)


def found_by_oracle(phrases: list[str], shortened: Mapping[tuple[str, ...], tuple[str, ...]],
                    text: str) -> list[tuple[int, tuple[int, int]]]:
    """(the index of the phrase, its span) for each phrase the oracle finds in ``text``."""
    return [(match.lastindex - 1, match.span()) for match in oracle(phrases, shortened).finditer(text)]
