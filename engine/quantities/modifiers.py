"""The words that modify a figure's meaning: one vocabulary, read wherever a figure is read for
a claim or for facts.

A figure says what its number and unit say only with the words around it: "under 7 years" is
a bound, "not retained for 7 years" denies it, "increased 3 years" and "3 years longer" state a
change of another figure, "7 years doubled" and "half the 7 years" another figure altogether.
Four families of such words, each word with its sense:

- ``bound``: ``max`` or ``min`` ("under", "no longer than", "short of", "at most", "up to",
  "exceeding", "or more"; the extractor's own bound phrases, ``_lexicon.BOUND_BEFORE`` and
  ``BOUND_AFTER``, are part of it);
- ``change``: ``up`` or ``down`` ("increased 3 years", "an extension of", "goes up by", "plus",
  "a further", "3 years longer", "4 years shorter", "a 3-year extension", "are added to");
- ``multiplier``: ``times`` or ``part`` ("7 years doubled", "thrice", "multiplied by 2",
  "cut in half", "half of / half the 7 years", "double the", "7² years");
- ``negation``: ``not`` ("not", "never", "no", "neither", "nor", "no longer", "false that").

:func:`modifiers` reads them in a figure's own clause: up to :data:`REACH_BEFORE` words
before it and :data:`REACH_AFTER` after, never past the clause's end or another number. A
negation word that opens a bound ("not more than", "no longer than", "shall not exceed") is
the bound. A change word before the figure counts only when nothing between them makes the
figure its result ("increased to 10 years", "extended from 7 years": a value, not a change).
:func:`differ` is the one test ``check`` applies to a claim figure and the cited figure it
matches; ``addenda.slots.change_spans`` reads the change and multiplier words from here too.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

from ._lexicon import BOUND_AFTER, BOUND_BEFORE

__all__ = ["AFTER", "BEFORE", "REACH_AFTER", "REACH_BEFORE", "Modifier", "changed_figures", "describe", "differ",
           "figures", "keys", "modifiers"]

#: How many words before and after a figure its own clause is read for modifiers.
REACH_BEFORE = 10
REACH_AFTER = 4

#: Verbs of change read before a figure ("increased 3 years"); "raise"/"lower" only with "by"
#: (``addenda.slots``): "raised 6 inches above grade" is a height.
_UP = ("increase", "increases", "increased", "increasing", "extend", "extends", "extended", "extending", "lengthen",
       "lengthens", "lengthened", "prolong", "prolongs", "prolonged", "grew", "grow", "grows",
       "rose", "rise", "rises", "climbed", "gained", "augmented")
_DOWN = ("reduce", "reduces", "reduced", "reducing", "decrease", "decreases", "decreased", "shorten", "shortens",
         "shortened", "cut", "cuts", "fell", "fall", "falls", "declined", "declines", "dropped",
         "curtailed", "diminished")

#: Words written before a figure → (family, sense). Phrases are matched longest first, so a
#: negation word that opens a bound is read as the bound.
BEFORE: dict[str, tuple[str, str]] = {
    **{phrase: ("bound", sense) for phrase, sense in BOUND_BEFORE.items()},
    "under": ("bound", "max"), "just under": ("bound", "max"), "no longer than": ("bound", "max"),
    "not longer than": ("bound", "max"), "short of": ("bound", "max"), "shorter than": ("bound", "max"),
    "sub-": ("bound", "max"), "before": ("bound", "max"), "not over": ("bound", "max"), "no over": ("bound", "max"),
    "not exceed": ("bound", "max"), "not to exceed": ("bound", "max"), "does not exceed": ("bound", "max"),
    "will not exceed": ("bound", "max"), "cannot exceed": ("bound", "max"), "may not exceed": ("bound", "max"),
    "never more than": ("bound", "max"), "never exceed": ("bound", "max"), "never less than": ("bound", "min"),
    "not under": ("bound", "min"), "not below": ("bound", "min"), "no shorter than": ("bound", "min"),
    "not shorter than": ("bound", "min"), "over": ("bound", "min"), "longer than": ("bound", "min"),
    "beyond": ("bound", "min"), "upwards of": ("bound", "min"), "well over": ("bound", "min"),
    **{word: ("change", "up") for word in _UP},
    **{word: ("change", "down") for word in _DOWN},
    "extension of": ("change", "up"), "an extension of": ("change", "up"), "increase of": ("change", "up"),
    "an increase of": ("change", "up"), "addition of": ("change", "up"), "goes up by": ("change", "up"),
    "went up by": ("change", "up"), "up by": ("change", "up"), "plus": ("change", "up"), "a further": ("change", "up"),
    "an additional": ("change", "up"), "an extra": ("change", "up"), "another": ("change", "up"),
    "growth of": ("change", "up"), "growth": ("change", "up"), "decline of": ("change", "down"),
    "reduction of": ("change", "down"), "decrease of": ("change", "down"), "goes down by": ("change", "down"),
    "went down by": ("change", "down"), "down by": ("change", "down"), "minus": ("change", "down"),
    "less": ("change", "down"),
    "double": ("multiplier", "times"), "double the": ("multiplier", "times"), "twice": ("multiplier", "times"),
    "twice the": ("multiplier", "times"), "triple": ("multiplier", "times"), "treble": ("multiplier", "times"),
    "treble the": ("multiplier", "times"), "thrice": ("multiplier", "times"), "quadruple": ("multiplier", "times"),
    "times": ("multiplier", "times"), "twofold": ("multiplier", "times"), "threefold": ("multiplier", "times"),
    "fourfold": ("multiplier", "times"), "tenfold": ("multiplier", "times"), "half of": ("multiplier", "part"), "half the": ("multiplier", "part"),
    "half of the": ("multiplier", "part"), "half its": ("multiplier", "part"), "a third of": ("multiplier", "part"),
    "a quarter of": ("multiplier", "part"), "one half of": ("multiplier", "part"),
    "not": ("negation", "not"), "never": ("negation", "not"), "no": ("negation", "not"),
    "neither": ("negation", "not"), "nor": ("negation", "not"), "none": ("negation", "not"),
    "no longer": ("negation", "not"), "false that": ("negation", "not"), "untrue that": ("negation", "not"),
    "isn't": ("negation", "not"), "aren't": ("negation", "not"), "wasn't": ("negation", "not"),
    "weren't": ("negation", "not"), "don't": ("negation", "not"), "doesn't": ("negation", "not"),
    "won't": ("negation", "not"), "cannot": ("negation", "not"),
}

#: Words written after a figure → (family, sense).
AFTER: dict[str, tuple[str, str]] = {
    **{phrase: ("bound", sense) for phrase, sense in BOUND_AFTER.items()},
    "or shorter": ("bound", "max"), "at the most": ("bound", "max"), "at the least": ("bound", "min"),
    "and longer": ("bound", "min"), "or beyond": ("bound", "min"),
    "longer": ("change", "up"), "more": ("change", "up"), "greater": ("change", "up"), "higher": ("change", "up"),
    "extra": ("change", "up"), "additional": ("change", "up"), "extension": ("change", "up"),
    "increase": ("change", "up"), "added": ("change", "up"), "beyond": ("change", "up"),
    "in addition": ("change", "up"), "on top": ("change", "up"), "plus": ("change", "up"),
    "shorter": ("change", "down"), "less": ("change", "down"), "fewer": ("change", "down"),
    "lower": ("change", "down"), "smaller": ("change", "down"), "reduction": ("change", "down"),
    "decrease": ("change", "down"), "minus": ("change", "down"), "taken from": ("change", "down"),
    "doubled": ("multiplier", "times"), "tripled": ("multiplier", "times"), "trebled": ("multiplier", "times"),
    "quadrupled": ("multiplier", "times"), "thrice": ("multiplier", "times"), "twice": ("multiplier", "times"),
    "twice over": ("multiplier", "times"), "squared": ("multiplier", "times"), "cubed": ("multiplier", "times"),
    "multiplied by": ("multiplier", "times"), "times two": ("multiplier", "times"), "times": ("multiplier", "times"),
    "halved": ("multiplier", "part"), "quartered": ("multiplier", "part"), "in half": ("multiplier", "part"),
    "divided by": ("multiplier", "part"),
}

#: A change word before a figure with one of these between them: the figure is its result or
#: its old value ("increased to 10 years", "extended from 7 years"), not the change.
_RESULT = re.compile(r"\b(?:to|from|at|until|till|as|into|is|are|was|were|be|been|being|reach\w*|total\w*|"
                     r"than|for|and|or|but)\b", re.IGNORECASE)
#: A place word right after the figure: a verb of change before it states a distance ("extend
#: 12 inches into the footing"), not a change.
_PLACE = re.compile(r"\s*(?:into|past|above|below|from|inside|outside|onto|through|across|along|around|behind|"
                    r"beyond|under|over)\b", re.IGNORECASE)
#: Frequency words after "twice"/"thrice" ("250 mg twice daily": a dose, not a multiple).
_FREQUENCY = re.compile(r"\s+(?:a|per|each|every|daily|weekly|monthly|yearly|annually|hourly)\b", re.IGNORECASE)
#: A unit of time in a figure ("beyond" after it states a change; after a length, a place).
_TIME = re.compile(r"(?:year|month|week|day|hour|minute)s?\b", re.IGNORECASE)
#: A power written on the number itself ("7² years").
_POWER = re.compile(r"\d[²³]")


_VERBS = frozenset((*_UP, *_DOWN))


def _alternation(words: Iterable[str]) -> str:
    parts = []
    for word in sorted(words, key=len, reverse=True):
        body = r"\s+".join(re.escape(part) for part in word.split())
        right = "" if word.endswith("-") or not word[-1].isalnum() else r"(?![\w'])"
        left = r"(?<![\w'])" if word[0].isalnum() else ""
        parts.append(left + body + right)
    return "|".join(parts)


_BEFORE_WORDS = re.compile(_alternation(BEFORE), re.IGNORECASE)
_AFTER_WORDS = re.compile(_alternation(AFTER), re.IGNORECASE)
#: What ends a figure's clause: a stop, a bracket, a table bar, a line end, another number.
_STOP = re.compile(r"[.;:!?()\[\]|\n](?:\s|$)|[;!?()\[\]|\n]|\d")
#: A word that joins another clause: the words before it modify that clause, not the figure
#: ("financials are not of a high growth company as sales grew by 1.3%").
_JOIN = re.compile(r"\b(?:as|because|since|while|whereas|but|although|though|and|which|who|when|where|if|so)\b",
                   re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


@dataclass(frozen=True)
class Modifier:
    """A word of the vocabulary beside a figure: as written, its family and sense, where."""

    words: str
    family: str
    sense: str
    start: int
    end: int
    after: bool


def modifiers(text: str, start: int, end: int) -> tuple[Modifier, ...]:
    """The modifier words of the figure at ``start``-``end`` of ``text`` in its own clause,
    before it then after it, each once."""
    found: list[Modifier] = []
    if start < end and text[start] in "-−" and start > 0 and text[start - 1].isalpha():
        start += 1  # "sub-7 years": the hyphen joins a word, it is no sign
    low = _clause_start(text, start)
    for match in _BEFORE_WORDS.finditer(text, low, start):
        words = " ".join(match[0].lower().split())
        family, sense = BEFORE[words]
        gap = text[match.end():start]
        if family == "change" and (_RESULT.search(gap) or (match[0][0].isalpha() and words in _VERBS
                                                            and _PLACE.match(text, end))):
            continue  # "increased to 10 years": the figure is the result; "extend 12 inches into": a distance
        if words in ("twice", "thrice", "times") and _FREQUENCY.match(text, match.end()):
            continue  # "twice daily, approximately 12 hours apart": a frequency
        if words == "no" and text[match.end():match.end() + 1] == ".":
            continue  # "No. 6": a designation
        found.append(Modifier(match[0], family, sense, match.start(), match.end(), False))
    high = _clause_end(text, end)
    for match in _AFTER_WORDS.finditer(text, end, high):
        words = " ".join(match[0].lower().split())
        family, sense = AFTER[words]
        if words in ("twice", "thrice", "times") and _FREQUENCY.match(text, match.end()):
            continue  # "twice daily": a frequency
        if words == "beyond" and _TIME.search(text, start, end) is None:
            continue  # "3 years beyond the current period" is a change; "12 inches beyond the face" a length
        found.append(Modifier(match[0], family, sense, match.start(), match.end(), True))
    power = _POWER.search(text, start, end)
    if power is not None:  # "7² years"
        found.append(Modifier(power[0][1:], "multiplier", "times", power.start() + 1, power.end(), False))
    # a word read as part of a longer phrase is that phrase ("no longer than" is not also "no")
    kept = [m for m in found if not any(o is not m and o.start <= m.start and m.end <= o.end and
                                       (o.end - o.start) > (m.end - m.start) for o in found)]
    return tuple(kept)


def _clause_start(text: str, start: int) -> int:
    """Where the words read before a figure begin: at most :data:`REACH_BEFORE` words back,
    never before the clause's start or past another number."""
    low = max(0, start - 120)
    stops = [m.end() for m in _STOP.finditer(text, low, start)]
    stops += [m.end() for m in _JOIN.finditer(text, low, start)]
    floor = max(stops) if stops else low
    words = [m.start() for m in _WORD.finditer(text, floor, start)]
    return words[-REACH_BEFORE] if len(words) >= REACH_BEFORE else floor


def _clause_end(text: str, end: int) -> int:
    """Where the words read after a figure end (as :func:`_clause_start`, forward; a comma does
    not end them: "7 years, doubled")."""
    high = min(len(text), end + 80)
    stop = _STOP.search(text, end, high)
    ceiling = stop.start() if stop else high
    words = [m.end() for m in _WORD.finditer(text, end, ceiling)]
    return words[REACH_AFTER - 1] if len(words) >= REACH_AFTER else ceiling


def keys(found: Iterable[Modifier]) -> set[tuple[str, str]]:
    return {(m.family, m.sense) for m in found}


def differ(claim: Iterable[Modifier], source: Iterable[Modifier], *, claim_bound: str = "exact",
           source_bound: str = "exact", source_bound_words: str | None = None) -> tuple[list[Modifier], list[Modifier]]:
    """The claim's modifiers the cited figure's clause does not hold (by family and sense), and
    the cited figure's bound, change, multiplier or negation words the claim does not hold: the
    one test. A bound the extractor read on the claim figure (``claim_bound``) was compared by
    it already; the cited figure's bound counts as held when the claim's figure has that bound.
    A bound the extractor read in the cited figure's own words (``source_bound``, written as
    ``source_bound_words``: "at least 4") that the claim's figure lacks is missing too."""
    claim, source = list(claim), list(source)
    claimed, stated = keys(claim), keys(source)
    if claim_bound != "exact":
        claimed.add(("bound", claim_bound))
    if source_bound != "exact":
        stated.add(("bound", source_bound))
    extra = [m for m in claim if (m.family, m.sense) not in stated
             and not (m.family == "bound" and m.sense == claim_bound)]
    missing = [m for m in source if (m.family, m.sense) not in claimed
               and not (m.family == "bound" and m.sense == source_bound and claim_bound == source_bound)]
    if source_bound in ("min", "max") and claim_bound == "exact" and ("bound", source_bound) not in keys(claim) \
            and not any(m.family == "bound" for m in missing):
        missing.append(Modifier(source_bound_words or source_bound, "bound", source_bound, 0, 0, False))
    return extra, missing


def describe(found: Iterable[Modifier]) -> str:
    """The words as a claim's note names them: "'not' / 'under'"."""
    return " / ".join(dict.fromkeys(repr(" ".join(m.words.split())) for m in found))


_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "hundred")
#: A figure in plain words: a number (digits or a number word), then its unit word ("3 years",
#: "3-year", "three years", "$4,000"); read without the extractor, for amending words.
_FIGURE = re.compile(r"(?<![\w.,#§-])(?:[$€£¥]\s?)?(?:\d[\d,.]*\d|\d)(?:[\s-]*(?:%|[^\W\d_]+\b))?"
                     r"|\b(?:" + "|".join(_NUMBER_WORDS) + r")(?:[\s-]+[^\W\d_]+\b)", re.IGNORECASE)


def figures(text: str) -> list[tuple[int, int]]:
    """The spans of the plain figures of ``text`` (a number and the word after it)."""
    return [m.span() for m in _FIGURE.finditer(text)]


#: The longest word of each change or multiplier phrase: a text's words are looked up in it once.
_CHANGING = frozenset(max(phrase.split(), key=len).rstrip("-") for table in (BEFORE, AFTER)
                      for phrase, (family, _) in table.items() if family in ("change", "multiplier"))
_ANY_WORD = re.compile(r"[^\W\d_]+")


def changed_figures(text: str) -> list[tuple[int, int, tuple[Modifier, ...]]]:
    """The plain figures of ``text`` read with a change or multiplier word, with those words:
    the words are found once, and a figure's clause is read only when one is near it (linear in
    the text, however many figures it holds)."""
    hits = [m.start() for m in _ANY_WORD.finditer(text) if m[0].lower() in _CHANGING]
    if not hits:
        return []
    found: list[tuple[int, int, tuple[Modifier, ...]]] = []
    for start, end in figures(text):
        near = bisect_left(hits, start - 160)
        if near >= len(hits) or hits[near] > end + 100:
            continue
        said = tuple(m for m in modifiers(text, start, end) if m.family in ("change", "multiplier"))
        if said:
            found.append((start, end, said))
    return found
