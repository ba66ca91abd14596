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

The lists above name what is known; they are not what keeps a wrong answer out. That is
:func:`unheld`, the inverted test (fifteenth audit): every word of the claim figure's clause
(read across brackets and typographic apostrophes, :func:`clause_words`) must be known to be
harmless: :data:`NEUTRAL`, the figure's own words, its subject's words and synonyms, or a word
the cited figure's sentence (a table's row, headings and caption) also holds. Any other word
("almost", "x2", "shrank") escalates naming it: a word no list foresaw costs an escalation,
never a wrong answer. A negation in the cited clause the claim lacks escalates too
(:func:`unheld_negation`). Two readings are by form, not by list (audit 23q P5): a figure a verb
governs as a change ("shrank 3%", "edged up 0.2%", "slid by 2 mm": :func:`governing`) needs the
other side's own clause to hold that verb (a heading or a subject's synonym does not), and a
condition one side's sentence puts on its figure ("If ...", "Unless ...", "... only when ...":
:func:`conditions`) that the other does not keep escalates naming it (:func:`unconditioned`); so does,
on the cited side, a condition by its place (audit 23r R1): an opening phrase ending in a comma, a back-pointing
opening ("In that case"), a sentence before scoping it ("This applies only to ..."): :func:`unscoped`.
The per-figure reading stays near the figure; what depends on a long cited text alone (a table's
stems and negations) is read once per text (audit 23q P7). In an amending item a figure is the new value only in a
value-setting form (:func:`sets_value`); any other form ("raised 3 years", "+3 years", "Δ 3
years") is withheld.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ._lexicon import BOUND_AFTER, BOUND_BEFORE, dotted_label
from .units import unit_table

__all__ = ["AFTER", "BEFORE", "DENIAL", "NEUTRAL", "REACH_AFTER", "REACH_BEFORE", "Modifier", "changed_figures", "clause", "clause_words",
           "conditions", "denied", "describe", "differ", "figures", "fold", "full_sentence", "governing", "keys", "modifiers", "scoped",
           "sentence", "sets_value", "span_bounds", "unconditioned", "unheld", "unheld_negation", "unscoped"]

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

#: Bounds written with an intensifier ("at the very most", "at the absolute least", "at the
#: utmost"), before a figure or after it (issue 23): read as the plain bound, where the plain
#: phrase's match misses them and the words-net's reach ("at", "the" are neutral) ends short of them.
_INTENSIFIED = {
    **{f"at the {word} {end}": sense for word in ("very", "absolute")
       for end, sense in (("most", "max"), ("least", "min"), ("maximum", "max"), ("minimum", "min"))},
    "at the bare minimum": "min", "at the bare least": "min", "at the utmost": "max", "at the outside": "max",
    "at the very outside": "max",
}

#: Words written before a figure → (family, sense). Phrases are matched longest first, so a
#: negation word that opens a bound is read as the bound.
BEFORE: dict[str, tuple[str, str]] = {
    **{phrase: ("bound", sense) for phrase, sense in BOUND_BEFORE.items()},
    **{phrase: ("bound", sense) for phrase, sense in _INTENSIFIED.items()},
    "upward of": ("bound", "min"), "well upwards of": ("bound", "min"), "well upward of": ("bound", "min"),
    "under": ("bound", "max"), "just under": ("bound", "max"), "no longer than": ("bound", "max"),
    "not longer than": ("bound", "max"), "short of": ("bound", "max"), "shy of": ("bound", "max"), "shorter than": ("bound", "max"),
    "sub-": ("bound", "max"), "before": ("bound", "max"), "not over": ("bound", "max"), "no over": ("bound", "max"),
    "not exceed": ("bound", "max"), "not to exceed": ("bound", "max"), "does not exceed": ("bound", "max"),
    "will not exceed": ("bound", "max"), "cannot exceed": ("bound", "max"), "may not exceed": ("bound", "max"),
    "never more than": ("bound", "max"), "never exceed": ("bound", "max"), "never less than": ("bound", "min"),
    # the second bound of "not less than 4 percent nor more than 7 percent" (audit 53)
    "nor more than": ("bound", "max"), "nor greater than": ("bound", "max"), "nor less than": ("bound", "min"),
    "nor fewer than": ("bound", "min"),
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
    **{phrase: ("bound", sense) for phrase, sense in _INTENSIFIED.items()},
    "or upward": ("bound", "min"), "or upwards": ("bound", "min"), "and upward": ("bound", "min"),
    "and upwards": ("bound", "min"),
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
#: "plus or minus" written after a figure with no amount of its own ("3 inches plus or minus"):
#: the tolerance mark of an approximate figure (``_lexicon.APPROXIMATE_AFTER``, read by
#: ``conditions.approximate_at``), not the change words "plus" and "minus".
_TOLERANCE_AFTER = re.compile(r"(?<![\w'])plus\s*(?:or|/)\s*minus(?![^\S\n]*[.,]?\d)(?!\w)", re.IGNORECASE)


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


#: Bound words that also name a quantity when a word follows them ("maximum aggregate size",
#: "minimum cover", Spanish "resistencia mínima del hormigón"), and what follows them then: a
#: word, not "of" ("a maximum of 19 mm", "un mínimo de 25 MPa").
_NAMING_BOUNDS = frozenset({"maximum", "minimum", "max", "min", "max.", "min.", "máximo", "máxima", "mínimo", "mínima"})
_NAMED_AFTER = re.compile(r"\s+(?!(?:of|de)\b)[^\W\d_]{2,}", re.IGNORECASE)
_NAMING_WORD = re.compile(_alternation(_NAMING_BOUNDS), re.IGNORECASE)


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
        if family == "change" and _figures_own(text, *match.span()):
            continue  # "plus or minus 1 inch": a tolerance's spread, no change (audit 55)
        if family == "bound" and words in _NAMING_BOUNDS and _NAMED_AFTER.match(gap):
            continue  # "Maximum aggregate size is 3/4 inch": the bound names the quantity, it bounds no figure (audit 53)
        found.append(Modifier(match[0], family, sense, match.start(), match.end(), False))
    high = _clause_end(text, end)
    marks = [m.span() for m in _TOLERANCE_AFTER.finditer(text, end, high)]
    # "4 inches plus or minus 1 inch": the figure's tolerance, its spread after it, no change (audit 55)
    marks += [m.span() for m in _FIGURES_OWN.finditer(text, end, high)
              if m[0].lower().startswith("plus") and not text[end:m.start()].strip(" ,")]
    bounds = _later_bounds(text, end, high)
    for match in _AFTER_WORDS.finditer(text, end, high):
        words = " ".join(match[0].lower().split())
        family, sense = AFTER[words]
        if any(a <= match.start() < b for a, b in marks):
            continue  # "3 inches plus or minus": the mark of an approximate figure, no change
        if family == "change" and any(a <= match.start() and match.end() <= b for a, b in bounds):
            continue  # "1.3 Pipe pressure not more than 250 psi": the bound of the figure after it
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


def _later_bounds(text: str, end: int, high: int) -> list[tuple[int, int]]:
    """The bound phrases after the figure ending at ``end`` (up to ``high``) that are another
    figure's bound, not a comparison of this one: a phrase opened by a word before its change
    word ("not more than", "no less than", "no longer than": never a change of the figure
    before), or one with words between it and the figure ("Tank 2 pressure more than 250 psi").
    A change word inside such a phrase is no change of this figure; one right after it ("3 years
    more than before", "3 years longer than 7 years") still is."""
    out = []
    for match in _BEFORE_WORDS.finditer(text, end, min(len(text), high + 40)):
        if match.start() >= high or BEFORE[" ".join(match[0].lower().split())][0] != "bound":
            continue
        first = match[0].split()[0].lower()
        if first not in _CHANGING or _WORD.search(text, end, match.start()) is not None:
            out.append(match.span())
    return out


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
    ``source_bound_words``: "at least 4") that the claim's figure lacks is missing too; so is a
    cited range or tolerance (``source_bound`` ``range``: "3 to 5 inches", "10 mm ± 2 mm") where
    the claim states one figure ("5 inches", "12 mm", "not more than 5 inches"): the one figure is
    not what is required (audit 60)."""
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
    if source_bound == "range" and claim_bound != "range":
        missing.append(Modifier(source_bound_words or "range", "bound", "range", 0, 0, False))
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
    """The spans of the plain figures of ``text`` (a number and the word after it); a line's
    dotted label (``_lexicon.dotted_label``: "1.3 Pipe pressure ...") is none."""
    return [m.span() for m in _FIGURE.finditer(text) if not dotted_label(text, m.start())]


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
        if said and all(m.after for m in said) and sets_value(text, start, end):
            continue  # "is 10 years, longer than before": a value set, then a comparison after a comma
        if said:
            found.append((start, end, said))
    return found


# ---- the inverted test: what is not known to be harmless escalates ----------------------------------------

#: How many words on each side of a claim figure the inverted test reads (its immediate
#: neighbourhood; the named vocabulary above is read over the whole clause).
NEAR = 2

#: Apostrophes as Word and most generated text write them, folded to ``'`` (one character for
#: one: spans hold), so "aren’t" is "aren't".
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "‘": "'", "`": "'", "´": "'"})

#: Words that never change what a figure says: articles, auxiliaries, pronouns, the prepositions
#: of plain statement, the light verbs of a dose or an allowance ("take", "receive", "given"),
#: "to" (its bound, "up to", and its change, "from ... to", are read as phrases), and the nouns
#: that name a figure as a measure ("the archive period is 8 years", "a total of"). A word beside
#: a figure, claim's or cited, that is none of these, not the figure's own unit, not a word of
#: its subject and not a word of the other side's clause escalates (``unheld``).
NEUTRAL = frozenset("""
a an the this that these those such
is are was were be been being am has have had having do does did shall will would should must may might can could
for of in at on by with per
it its they them their theirs he she his her hers we our ours you your yours i my me one ones
and
take takes taken took give gives given gave receive receives received need needs require requires required
reach reaches reached provide provides provided use uses used
stood stand stands amounted amounts totaled totalled totals totaling totalling equal equals equaled equalled
to
period periods term duration length interval time amount value figure sum total level flow
""".split()) | frozenset("""
est sont de du des la le les un une
ist sind beträgt betragen der die das den dem des von ein eine einer
es son del el los las una
""".split())  # the same plain statement in the languages the packs read: "est de", "beträgt", "es de" (audit 55)

#: A negation written as a word or on one (the ``n't`` family after folding apostrophes).
_NEGATION = re.compile(r"(?<![\w'])(?:not|no|never|none|nobody|nothing|neither|nor|nowhere|cannot|"
                       r"\w+n't)(?![\w'])", re.IGNORECASE)
#: Where a sentence (a claim's, a cited clause's) ends: a stop before a space or a line end.
_SENTENCE = re.compile(r"[.!?;](?=\s|$)|\n")
_INVERTED_STOP = re.compile(r"[.;:!?|\n](?:\s|$)|[;!?|\n]|\d")


def fold(text: str) -> str:
    """``text`` with typographic apostrophes as ``'`` (same length)."""
    return text.translate(_APOSTROPHES)


def _stem(word: str) -> str:
    word = word.lower().removesuffix("'s")
    return word[:5] if len(word) > 5 else word


def sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence (a line of a table) holding ``start``-``end``."""
    low = max((m.end() for m in _SENTENCE.finditer(text, max(0, start - 600), start)), default=max(0, start - 600))
    stop = _SENTENCE.search(text, end, min(len(text), end + 600))
    return low, stop.start() if stop else min(len(text), end + 600)


def clause_words(text: str, start: int, end: int) -> list[tuple[str, int, int]]:
    """The words of a figure's clause, as the inverted test reads them: up to
    :data:`REACH_BEFORE` words before and :data:`REACH_AFTER` after, stopped by a stop, a table
    bar or another number, NOT by a bracket or a joining word ("twice as long as 7 years", "not
    (in any case) retained for 7 years"); a word glued to a number ("x2") is read up to it."""
    text = fold(text)
    low = max(0, start - 160)
    stops = [m.end() for m in _INVERTED_STOP.finditer(text, low, start)]
    floor = max(stops) if stops else low
    before = [(m[0], m.start(), m.end()) for m in _WORD.finditer(text, floor, start)][-REACH_BEFORE:]
    high = min(len(text), end + 100)
    stop = _INVERTED_STOP.search(text, end, high)
    ceiling = stop.start() if stop else high
    after = [(m[0], m.start(), m.end()) for m in _WORD.finditer(text, end, high) if m.start() < ceiling][:REACH_AFTER]
    return [(text[a:b], a, b) for _, a, b in before + after if b > a]


#: What parts the clauses of one sentence: a semicolon always; a joining word where the other
#: side holds a figure of its own ("7 years and current revisions for 3 years"), not inside a
#: list of names ("Superseded and current revisions are retained for 7 years"): :func:`clause`.
_CLAUSE_CUT = re.compile(r";|(?<![\w'])(?:and|but|while|whilst|whereas|although|though|yet|because|since|"
                         r"unless|except|whereby|which|who|when|where|if)(?![\w'])", re.IGNORECASE)
#: Where a whole sentence ends (a semicolon does not end it: "...; this no longer applies").
_FULL_SENTENCE = re.compile(r"[.!?](?=\s|$)|\n")

#: Words that deny a figure or put it in the past without a negation word ("A proposal to
#: retain ... for 7 years was rejected", "were formerly retained", "Until 2020, ...", "this no
#: longer applies"): read over the whole sentence, in either text; one the other text's
#: sentence does not hold escalates (:func:`denied`).
DENIAL = ("formerly", "previously", "former", "originally", "historically", "hitherto", "used to", "no longer",
          "any longer", "anymore", "until recently", "proposal", "proposals", "proposed",
          "proposes", "propose", "suggested", "suggestion", "considered", "rejected", "rejects", "refused",
          "declined", "withdrawn", "withdrew", "abandoned", "repealed", "revoked", "rescinded", "overturned",
          "vetoed", "cancelled", "canceled", "voided", "void", "obsolete", "discontinued", "ceased", "lapsed",
          "expired", "struck down", "would have", "had been", "was to be",
          "were to be", "hypothetical", "hypothetically", "draft", "unapproved")
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
_DENIAL = re.compile(r"(?<![\w'])(?:" + "|".join(r"\s+".join(map(re.escape, w.split()))
                                             for w in sorted(DENIAL, key=len, reverse=True))
                     + r")(?![\w'])(?!\s+(?:than|then)\b)"
                     r"|(?<![\w'])(?:up\s+)?(?:until|till)\s+(?:the\s+end\s+of\s+)?(?:\d{4}\b|" + _MONTHS + r")",
                     re.IGNORECASE)


def _table_line(text: str, start: int, end: int) -> bool:
    line = text[text.rfind("\n", 0, start) + 1:text.find("\n", end) % (len(text) + 1)]
    return "|" in line or "\t" in line


def full_sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the whole sentence holding ``start``-``end`` (across semicolons)."""
    low = max((m.end() for m in _FULL_SENTENCE.finditer(text, max(0, start - 800), start)),
              default=max(0, start - 800))
    stop = _FULL_SENTENCE.search(text, end, min(len(text), end + 800))
    return low, stop.start() if stop else min(len(text), end + 800)


def clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the figure's own clause: its sentence (to a semicolon, :func:`sentence`)
    parted at joining words (:data:`_CLAUSE_CUT`), the part holding the figure taken with its
    neighbours that hold no figure of their own. A table line's clause is the whole table (its row, its column's heading
    and its caption)."""
    if _table_line(text, start, end):
        return 0, len(text)
    low, high = sentence(text, start, end)  # a semicolon parts clauses whatever they hold
    cuts = [low] + [m.start() for m in _CLAUSE_CUT.finditer(text, low, high)
                    if not (m.start() < end and start < m.end())] + [high]
    parts = [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]
    here = next((i for i, (a, b) in enumerate(parts) if a <= start < b), None)
    if here is None:
        return low, high

    def figureless(i: int) -> bool:
        a, b = parts[i]
        return re.search(r"\d", text[a:b]) is None

    first = last = here
    while first > 0 and figureless(first - 1):
        first -= 1
    while last < len(parts) - 1 and figureless(last + 1):
        last += 1
    return parts[first][0], parts[last][1]


#: Spans longer than this (a cited table: its clause is the whole table) have their stems and
#: negations remembered, so each claim figure checked against the table does not read it again.
_LONG_SPAN = 2000


#: How far either side of a negation word a bound phrase holding it may reach ("shall not
#: exceed", "not less than"): the bound is looked for there only (audit 23q P7).
_BOUND_REACH = 60


def _negations(text: str, low: int = 0, high: int | None = None) -> list[str]:
    """The negation words of ``text[low:high]``, less those opening a bound ("not less than
    5,000 psi", "shall not exceed", "no longer than"): the bound is read as a bound. The bound
    phrases are read only around each negation (a long cited table holds none: its cost is one
    pass of the negation pattern, audit 23q P7)."""
    high = len(text) if high is None else high
    if high - low > _LONG_SPAN:
        return list(_long_negations(text, low, high))
    return _negations_in(text, low, high)


@lru_cache(maxsize=8)
def _long_negations(text: str, low: int, high: int) -> tuple[str, ...]:
    """:func:`_negations` of a long span (a cited table), read once per text."""
    return tuple(_negations_in(text, low, high))


def _negations_in(text: str, low: int, high: int) -> list[str]:
    out = []
    for m in _NEGATION.finditer(text, low, high):
        near_low, near_high = max(low, m.start() - _BOUND_REACH), min(high, m.end() + _BOUND_REACH)
        if not any(b.start() <= m.start() < b.end() and table.get(" ".join(b[0].lower().split()), ("",))[0] == "bound"
                   for pattern, table in ((_BEFORE_WORDS, BEFORE), (_AFTER_WORDS, AFTER))
                   for b in pattern.finditer(text, near_low, near_high)):
            out.append(m[0])
    return out


def _stems(text: str, low: int, high: int) -> set[str] | frozenset[str]:
    if high - low > _LONG_SPAN:
        return _long_stems(text, low, high)
    return {_stem(m[0]) for m in _WORD.finditer(text, low, high)}


@lru_cache(maxsize=8)
def _long_stems(text: str, low: int, high: int) -> frozenset[str]:
    """The stems of a long span, read once per text (a few cited texts of one check at a time)."""
    return frozenset(_stem(m[0]) for m in _WORD.finditer(text, low, high))


#: Words of a figure's own that the modifier lists hold too: ``min`` right after a figure or a
#: unit's ``/`` is the minute, never the minimum (``2 h 30 min``, ``5 l/min``), and ``plus or
#: minus`` before a spread is its tolerance, no change (``6 percent plus or minus 1 percent``,
#: the range 5 to 7 percent: audit 55).
_FIGURES_OWN = re.compile(r"(?<=[\d/])\s?min\b|(?<=\d )min\b|\bplus\s*(?:or|/)\s*minus(?=\s*[\d.])",
                          re.IGNORECASE)


def _figures_own(text: str, start: int, end: int) -> bool:
    """Whether the modifier word at ``start``-``end`` is one of its figure's own (:data:`_FIGURES_OWN`)."""
    return any(m.start() <= start and end <= m.end() for m in _FIGURES_OWN.finditer(text, max(0, start - 12), end + 12))


def _own(text: str, start: int, end: int) -> set[str]:
    """The figure's own words (its unit: "years"), less the modifier words its span may hold
    ("up to 7 years", "7 years or more"): those are read as any word beside it."""
    taken = [m.span() for pattern in (_BEFORE_WORDS, _AFTER_WORDS) for m in pattern.finditer(text, start, end)
             if not _figures_own(text, *m.span())]
    own = {_stem(m[0]) for m in _WORD.finditer(text, start, end)
           if not any(a <= m.start() < b for a, b in taken)}
    if _RANGE_SPAN.search(text, start, end) is not None:
        own |= {_stem("between"), _stem("from")}  # "between 4 and 7 percent": the range's own word (audit 53)
    return own


def denied(text: str, span: tuple[int, int], other: str, other_span: tuple[int, int]) -> list[str]:
    """The denial or past-state words (:data:`DENIAL`) of the sentence holding ``span`` of
    ``text`` that the sentence holding ``other_span`` of ``other`` does not hold."""
    text, other = fold(text), fold(other)
    if _table_line(text, *span):
        low, high = span  # a table cell: its own words only (other rows are the rows' business)
    else:
        low, high = full_sentence(text, *span)
    o_low, o_high = full_sentence(other, *other_span)
    theirs = {" ".join(m[0].lower().split()) for m in _DENIAL.finditer(other, o_low, o_high)}
    return list(dict.fromkeys(m[0] for m in _DENIAL.finditer(text, low, high)
                              if " ".join(m[0].lower().split()) not in theirs))


#: Prepositions that open what a figure is counted from or where it lies ("7 years after
#: withdrawal", "5 years from the expiry date", "6 inches above grade"): after a CITED figure,
#: one closes its neighbourhood (a claim that leaves the anchor out says less, not otherwise;
#: an anchor the claim adds is the claim's word, read as any other).
_ANCHORS = frozenset("after from following since upon before into onto through throughout during across along "
                     "above below behind against between among beneath inside outside".split())


#: Words opening a bracketed cross-reference after a figure (``7 days (see Appendix 2)``).
_SEE = frozenset({"see", "refer", "cf", "cf."})


#: Two figures joined as a range inside one figure's span ("4 to 7 percent", "10-12 in").
_RANGE_SPAN = re.compile(r"\d\S*\s*(?:to|through|thru|and|[-–—])\s*[$€£¥]?\d", re.IGNORECASE)


def span_bounds(text: str, start: int, end: int) -> frozenset[str]:
    """The senses (``min``, ``max``) of the bound words inside a figure's own span ("at least 150
    mm", "minimum 150 mm", "1:12 maximum"): what the extractor read as its bound; a range ("4 to
    7 percent") states both (audit 53)."""
    if _RANGE_SPAN.search(text, start, end) is not None:
        return frozenset({"min", "max"})
    senses = set()
    for pattern, table in ((_BEFORE_WORDS, BEFORE), (_AFTER_WORDS, AFTER)):
        for match in pattern.finditer(text, start, end):
            if _figures_own(text, *match.span()):
                continue  # the figure's minutes (2 h 30 min, 5 l/min) or tolerance, its own words
            family, sense = table.get(" ".join(match[0].lower().split()), ("", ""))
            if family == "bound":
                senses.add(sense)
    return frozenset(senses)


def named_bounds(text: str, start: int, end: int) -> frozenset[str]:
    """The senses of the bound words that name the quantity the figure at ``start``-``end`` is
    the value of ("Minimum cover: 2 inches", "Maximum aggregate size is 3/4 inch"): a word of
    :data:`_NAMING_BOUNDS` before a noun, in the figure's clause before it with no other figure
    between. Such a word bounds no figure (:func:`modifiers`), but the figure is that minimum or
    maximum, so "at least 2 inches" says no more of it (audit 54)."""
    # only the words after the last other figure can name this one: read from there, and not at
    # all where no naming word stands there (a text dense with figures is read once, not once per
    # figure from its clause's start)
    low = 1 + max(text.rfind(digit, 0, start) for digit in "0123456789")
    if _NAMING_WORD.search(text, low, start) is None:
        return frozenset()
    low = max(low, clause(text, start, end)[0])
    senses = set()
    for match in _BEFORE_WORDS.finditer(text, low, start):
        words = " ".join(match[0].lower().split())
        family, sense = BEFORE[words]
        if family == "bound" and words in _NAMING_BOUNDS and _NAMED_AFTER.match(text, match.end()):
            senses.add(sense)
    return frozenset(senses)


#: A bound phrase opening the next figure, after an optional joining word ("4 percent nor more
#: than 7 percent", "4 percent, and not more than 7 percent"): the words are that figure's.
_NEXT_BOUND = re.compile(r"(?:(?:nor|and|or|but)\s+)?(" + _BEFORE_WORDS.pattern + r")\s*[$€£¥]?\d",
                         re.IGNORECASE)


def _opens_next_bound(text: str, at: int) -> bool:
    """Whether the word at ``at`` opens the bound phrase of the figure after it (audit 54)."""
    match = _NEXT_BOUND.match(text, at)
    return match is not None and BEFORE.get(" ".join(match[1].lower().split()), ("",))[0] == "bound"


#: The words joining a size's two figures (``4 ft x 8 ft``, ``4 ft by 8 ft``), each held by the other.
_BY = frozenset({"x", "×", "by"})


def _near(text: str, start: int, end: int, held: set[str], own: set[str], comma_ends: bool = False,
          anchors: bool = False, bounds: frozenset[str] = frozenset()) -> list[str]:
    """The words of the figure at ``start``-``end`` of ``text`` within :data:`NEAR` of it on
    either side (nearest first; a held word closes a side, and with ``anchors`` a preposition of
    :data:`_ANCHORS` closes the side after it) that are neither neutral, held nor its own: the
    words that may change what it says. A word of parts ("f'c") is held when each part is. A
    bound read inside the figure's span is held when the other figure's span states a bound of
    the same sense or its clause names the quantity as one (``bounds``): "at least 150 mm" for
    "minimum 150 mm" (audit 53), "at least 2 inches" for "Minimum cover: 2 inches" (audit 54).
    The words opening a later figure's bound ("nor more than 7 percent") end the side after."""
    words = clause_words(text, start, end)
    before = [w for w in words if w[1] < start][::-1][:NEAR]
    after = [w for w in words if w[1] >= end and not (comma_ends and "," in text[end:w[1]])][:NEAR]
    if len(before) == 2 and before[0][0].lower() == "of":
        before = before[:1]  # "a child of 30 kg", "a period of 7 years": the thing measured ("short of": named above)
    out: list[str] = []
    taken: list[tuple[int, int]] = []
    for pattern, table in ((_BEFORE_WORDS, BEFORE), (_AFTER_WORDS, AFTER)):  # a modifier inside the span ("up to 7 years")
        for match in pattern.finditer(text, start, end):
            if _figures_own(text, *match.span()):
                continue  # the figure's minutes (2 h 30 min, 5 l/min) or tolerance, its own words
            family, sense = table.get(" ".join(match[0].lower().split()), ("", ""))
            if family == "bound" and sense in bounds:
                taken.append(match.span())
                continue
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue  # "less" of "not less than": the held bound's own word
            out += [m[0] for m in _WORD.finditer(text, *match.span())
                    if m[0].lower() not in NEUTRAL and _stem(m[0]) not in held and m[0] not in out]
    named = [m.span() for m in _PRODUCT_DESIGNATION.finditer(text, max(0, start - 40), min(len(text), end + 40))]
    for side in (before, after):  # nearest first; a held word closes the figure's neighbourhood
        for word, at, stop in side:
            low = word.lower()
            if low in NEUTRAL or low.strip("-'") in NEUTRAL:
                continue
            if any(a <= at and stop <= b for a, b in named):
                continue  # "Type W, 36 in.", '5/8" Type X': the product's name, not a word of its figure (audit 57)
            if side is before and _previous_figures_unit(text, at, word):
                continue  # "283.15 K for 7 days", "50 °F for 7 days": the unit is the other figure's, compared there
            parts = re.findall(r"[^\W\d_]+", low)
            if _stem(low) in held or _stem(low) in own or (len(parts) > 1 and all(
                    _stem(part) in held | own or part in NEUTRAL for part in parts)):
                break  # "a child weighing 30 to 40 kg": what lies beyond 'weighing' speaks of it, not the figure
            if low in _BY and held & {_stem(w) for w in _BY} and re.match(r"\s*\d", text[stop:stop + 4]):
                continue  # 3'-0" x 7'-0" against 36 in by 84 in: one size's two figures, "by" said as "x" (audit 55)
            if side is after and low in _SEE and text[:at].rstrip().endswith(("(", "[")):
                break  # "7 days (see Appendix 2)": a bracketed cross-reference, no word of the figure (audit 48)
            if anchors and side is after and low in _ANCHORS:
                break  # "5 years after the batch expiry date": what follows is the anchor, not the figure
            if anchors and side is after and low in ("relative", "compared") and re.match(r"\s+(?:to|with)\b", text[stop:]):
                break  # "20% relative to baseline": the base the figure is measured from, an anchor too (audit 57)
            if side is after and (re.match(r"\s*[$€£¥]?\d", text[stop:stop + 4]) or _opens_next_bound(text, at)):
                break  # "twice daily, approximately 12 hours apart", "4 percent nor more than 7": the next figure's
            out.append(word)
    return out


#: A product's designation beside a figure ("Type W", "Type X", "Class 2", "Grade B"): a word and
#: a short code in capitals or digits, naming what the figure is of, never changing what it says.
_PRODUCT_DESIGNATION = re.compile(r"\b(?:Type|Types|Class|Grade|Style|Series|Model)\s+(?-i:[A-Z0-9][A-Z0-9-]{0,3})\b",
                                  re.IGNORECASE)

#: Words opening a clause that scopes a figure to what it names ("For Type X, ...", "In Class 2 ...").
_SCOPING_OPENERS = frozenset({"for", "in", "if", "when", "where", "with", "under", "at", "on", "unless", "except",
                              "to", "within", "whenever", "wherever", "only", "per"})

#: What stands between a figure and a unit written after it: a blank, a degree sign (``50 °F``).
_AFTER_FIGURE = re.compile(r"\d([ \t]?°?[ \t]?)$")


def _previous_figures_unit(text: str, at: int, word: str) -> bool:
    """Whether ``word`` at ``at`` of ``text`` is the unit of a figure written right before it
    (``283.15 K``, ``50 °F``, ``10 kelvins``): a unit the table knows, or the kelvin's capital
    ``K`` the grammar reads there (audit 46 L2). That figure is read and compared on its own, so
    its unit says nothing of the figure after it."""
    figure = _AFTER_FIGURE.search(text, max(0, at - 4), at)
    if figure is None:
        return False
    written = (figure[1] + word).strip()
    return written == "K" or unit_table().alias(written) is not None


def _signs(allowed: Iterable[str]) -> str:
    """The signs among ``allowed`` (``~``, ``±`` of a figure read as approximate): harmless beside it too."""
    return "".join(word for word in allowed if len(word) == 1 and not word.isalnum())


def _symbols(text: str, start: int, end: int, held: str) -> list[str]:
    """A sign or symbol beside the figure ("⩽ 7 years", "7 years ↑") that ``held`` lacks."""
    words = clause_words(text, start, end)
    before = [w for w in words if w[1] < start][::-1][:NEAR]
    after = [w for w in words if w[1] >= end][:NEAR]
    low = min([a for _, a, _ in before], default=max(0, start - 3))
    high = max([b for _, _, b in after], default=min(len(text), end + 3))
    symbols = {ch for ch in set(held) if unicodedata.category(ch) in ("Sm", "So")} | {"=", "|"}  # "f'c = 4,000", a table bar
    return [ch for ch in text[low:start] + text[end:high]
            if unicodedata.category(ch) in ("Sm", "So") and ch not in symbols]


def _other_clause(text: str, start: int, end: int, source: str, s_clause: tuple[int, int],
                  s_sentence: tuple[int, int], allowed: set[str]) -> list[str]:
    """The words of the figure's clause in ``text`` that ``source`` says in ANOTHER clause of its
    sentence than its figure's ("Current revisions ... 7 years" against "Current revisions are
    retained for 3 years; superseded revisions are retained for 7 years"): the figure is
    another's."""
    low, high = clause(text, start, end)
    inside = _stems(source, *s_clause)
    beside = _stems(source, s_sentence[0], s_clause[0]) | _stems(source, s_clause[1], s_sentence[1])
    out = []
    for m in _WORD.finditer(text, low, high):
        word = m[0].lower()
        if word in NEUTRAL or word.strip("-'") in NEUTRAL or start <= m.start() < end:
            continue
        stem = _stem(word)
        if stem in beside and stem not in inside and stem not in allowed:
            out.append(m[0])
    return out


#: A figure stated in percent or points: a word directly before it governs it ("shrank 3%").
_PERCENT = re.compile(r"%|\bper\s*cent\b|\bpercent(?:age)?\b|\bbasis\s+points?\b|\bbps\b|\bpoints?\b|\bpp\b",
                      re.IGNORECASE)
#: Particles read between a verb and its figure ("edged up 0.2%", "shrank by 3%"); each but
#: "by" says a change by itself ("Revenue, up 3%").
_PARTICLES = frozenset("by up down higher lower back off".split())


def governing(text: str, start: int, end: int) -> list[str]:
    """The words that govern the figure at ``start``-``end`` of ``text`` as a change amount
    (audit 23q P5), read by the form, not from a list of verbs: a word directly before "by" and
    the figure ("shrank by 3 years", "slid by 2 mm"; not "4 ft by 8 ft"), and for a figure in
    percent or points the word directly before it, through the particles up/down/higher/lower
    ("shrank 3%", "dipped 3%", "edged up 0.2%", "ticked down 1 point", "plunged 40%"), unless
    that word is neutral ("was 3%", "of 3%", "to 3%"). Each such word (the particle included)
    must be held by the other side's own clause: a heading, a subject's synonym or a row label
    holding it does not make the figure a level. Empty when nothing governs it so."""
    text = fold(text)
    words = [w for w in clause_words(text, start, end) if w[2] <= start][::-1]
    percent = _PERCENT.search(text, start, end) is not None
    found: list[str] = []
    at, by = start, False
    for word, a, b in words:
        if text[b:at].strip():
            break  # a comma, a bracket: the word does not govern it directly
        low = word.lower()
        if low in _PARTICLES:
            by = by or low == "by"
            if low != "by":
                found.append(word)
            at = a
            continue
        if low in NEUTRAL or not (by or percent):
            break
        if low in ("between", "from") and _RANGE_SPAN.search(text, start, end) is not None:
            break  # "between 4 and 7 percent": the range's own word, no change (audit 53)
        if by and re.search(r"\d\s*$", text[max(0, a - 4):a]):
            break  # "4 ft by 8 ft": a size, not a change
        found.append(word)
        break
    if not (by or percent):
        return []
    return found[::-1]


#: The words that put a condition on what a sentence states: "If ...", "Unless ...", "...
#: only when ...", "provided that", "subject to"; "where"/"when" only opening a sentence or a
#: part of it after a comma ("Where the auditor asks, ..."), or after "only"/"except"/"even";
#: "should" the same way ("Should frost be forecast, ..."); "provided" before "that" or a
#: determiner ("provided the vents are open", not "heaters provided by the grower").
#: Each maps to its kind: a condition that must hold, or one that must not.
_CONDITION = re.compile(
    r"(?<![\w'])(?:(?P<unless>unless|except\s+(?:where|when|if|that)|save\s+where)"
    r"|(?P<if>(?:only\s+|even\s+)?(?:if|whenever|wherever)|only\s+(?:when|where|while|after|once)"
    r"|(?:provided|providing)(?:\s+that|(?=\s+(?:the|a|an|it|its|they|we|he|she|you|no|all|each|any|there)\b))|so\s+long\s+as|as\s+long\s+as|in\s+the\s+event\s+(?:that|of)"
    r"|in\s+case\s+of|on\s+condition\s+that|subject\s+to|upon\s+request|on\s+request|when|where|should))(?![\w'])",
    re.IGNORECASE)
_OPENS = re.compile(r"(?:^|[,;:(]|\b(?:only|except|even))\s*$", re.IGNORECASE)
#: A comma or point inside a number ("4,000 psi", "4,5 MPa", "2.5 in") or a date ("On August 1,
#: 2022, ...") ends no clause (:func:`conditions`, :func:`scoped`); a comma before a space in a
#: list ("3, 4 and 5 days") still does.
_IN_NUMBER = re.compile(r"(?<=\d)[,.](?=\d)|(?<=\d),(?=\s*\d{4}\b)")
#: Where a condition's words end (:func:`conditions`), but for a stop :data:`_IN_NUMBER` spares.
_PART_STOP = re.compile(r"[,;.!?()\n]")


def conditions(text: str, start: int, end: int) -> list[tuple[str, str, str]]:
    """The conditions the sentence holding ``start``-``end`` of ``text`` (to a semicolon; a table
    cell: its own words) puts on what it states: (kind, the condition as written to its comma or the
    sentence's end, its content words). "where"/"when" count only opening the sentence or a
    part of it ("Where the auditor requests it, ..."), not as a relative ("the room where")."""
    text = fold(text)
    if _table_line(text, start, end):
        cell = clause_words(text, start, end)
        low, high = min([a for _, a, _ in cell], default=start), max([b for _, _, b in cell], default=end)
    else:
        low, high = sentence(text, start, end)  # to a semicolon: "(1) ...: where it's claimed ...; (3) ... $625 million"
    out = []
    for m in _CONDITION.finditer(text, low, high):
        word = " ".join(m[0].lower().split())
        if word in ("when", "where", "should") and not _OPENS.search(text[low:m.start()]):
            continue  # "the room where ...", "records should be kept": no condition
        if word.endswith("long as") and (re.match(r"\s*(?:[$€£¥]\s?)?\d|\s+(?:a|an|one|two|three|four|five|six|seven|"
                                                 r"eight|nine|ten)\b", text[m.end():]) or re.search(
                r"(?:twice|half|thrice|times|\d)\s*$", text[low:m.start()], re.IGNORECASE)):
            continue  # "twice as long as 6 years": a comparison
        stop = next((c for c in _PART_STOP.finditer(text, m.end(), high) if not _IN_NUMBER.match(text, c.start())),
                    None)
        written = " ".join(text[m.start():stop.start() if stop else high].split())
        said = " ".join(written.split()[:10])
        content = " ".join(w for w in re.findall(r"[^\W\d_]+", written[len(m[0]):]) if w.lower() not in NEUTRAL)
        out.append(("unless" if m["unless"] else "if", said, content))
    return out


def unconditioned(text: str, span: tuple[int, int], other: str, other_span: tuple[int, int]) -> list[str]:
    """The conditions (:func:`conditions`) the sentence holding ``span`` of ``text`` puts on its
    figure that the sentence holding ``other_span`` of ``other`` does not keep: a condition is
    kept when the other sentence holds a condition of the same kind ("if"/"where"/"when" are one
    kind, "unless"/"except" the other) and every content word of it ("If the auditor so requests"
    kept by "... when the auditor so requests"). Read both ways: a cited figure stated only on a
    condition does not support a claim stating it unconditionally, nor the reverse."""
    theirs = conditions(other, *other_span)
    if not (said := conditions(text, *span)):
        return []
    o_text = fold(other)
    o_low, o_high = sentence(o_text, *other_span)
    held = _stems(o_text, o_low, o_high)
    kinds = {kind for kind, _, _ in theirs}
    return list(dict.fromkeys(written for kind, written, content in said
                              if kind not in kinds or not all(_stem(w) in held for w in content.split())))


#: A sentence opening that takes its condition from the sentence before ("In that case", "In
#: such cases", "Then", "Where so", "If so", "Otherwise"): :func:`scoped`.
_BACK = re.compile(r"\s*(?:in\s+(?:that|this|which|such|these|those|either|each)\s+(?:an?\s+)?"
                   r"(?:case|cases|event|events|circumstance|circumstances|situation|situations)"
                   r"|then|where\s+so|if\s+so|if\s+not|failing\s+that|otherwise)(?![\w'])", re.IGNORECASE)
#: A sentence that scopes the next one ("This applies only to ...", "Only batches ... qualify.").
_SCOPE = re.compile(r"\s*(?:(?:[^\W\d_]+\s+){1,4}appl(?:y|ies|ied)\s+only|only)(?![\w'])", re.IGNORECASE)
#: Sentence openers that join the sentence to the text around it and put no condition on it.
_LINKING = frozenset("""however moreover furthermore additionally also accordingly consequently thus hence therefore
addition result total particular example instance summary short contrast comparison fact turn sum other words
overall so""".split())
#: Words that only relate an opener to its clause; its content is the rest ("During 2022" is kept by "FY2022").
_RELATING = frozenset("""during under after before since until as from within throughout upon once across over through
among following prior while whilst when although though because according""".split())
_OPENER_WORDS = 12
#: A line break inside a sentence (a wrapped line: "present its\nConsumer Health ...") starts none.
_WRAPPED = re.compile(r"[a-z,&][ \t]*\n[ \t]*\Z")


def _content(words: str) -> list[str]:
    return [w for w in re.findall(r"[^\W_]+", words)
            if w.lower() not in NEUTRAL and w.lower() not in _LINKING and w.lower() not in _RELATING]


def scoped(text: str, start: int, end: int) -> list[tuple[str, list[str]]]:
    """The conditions that the figure's sentence takes by its PLACE, not by a condition word
    (:func:`conditions`): (as written, its content words). Three places: (1) a sentence-initial
    adverbial, the opening phrase or clause of more than one word ending in a comma before the
    clause holding the figure ("In cases of litigation, ...", "At the auditor's request, ...",
    "Once the QA head approves, ..."); (2) an opening that points back to the sentence before
    ("In that case ...", "Then ..."); (3) a sentence before of the form "This applies only ..." /
    "Only ..." that scopes this one. A table line has none."""
    text = fold(text)
    if _table_line(text, start, end):
        return []
    low, _ = sentence(text, start, end)
    out: list[tuple[str, list[str]]] = []
    if _WRAPPED.search(text, max(0, low - 80), low):
        pass  # not a sentence's start, a wrapped line's
    elif back := _BACK.match(text, low, start):
        out.append((" ".join(back[0].split()), _content(back[0])))
    else:
        comma = next((i for i in range(low, start) if text[i] == "," and not _IN_NUMBER.match(text, i)), -1)
        opener = text[low:comma] if comma >= 0 else ""
        if (opener.strip() and len(opener.split()) <= _OPENER_WORDS and not _CONDITION.match(opener.strip())
                and len(re.findall(r"[^\W_]+", opener)) > 1 and (content := _content(opener))):
            out.append((" ".join(opener.split()), content))
    s_low, _ = full_sentence(text, start, end)
    if s_low > 0:
        p_low, p_high = full_sentence(text, s_low - 1, s_low - 1)
        if scope := _SCOPE.match(text, p_low, p_high):
            out.append((" ".join(text[p_low:p_high].split()), _content(text[scope.end():p_high])))
    return out


def unscoped(text: str, span: tuple[int, int], other: str, other_span: tuple[int, int]) -> list[str]:
    """The conditions the sentence holding ``span`` of ``text`` takes by its place
    (:func:`scoped`) whose content words the sentence holding ``other_span`` of ``other`` does
    not all keep ("In 2025, ..." is kept by a claim naming 2025; "In that case ..." by none that
    does not say it). Read on the cited side only: a claim opening "According to the report,"
    puts no condition on its figure."""
    if not (said := scoped(text, *span)):
        return []
    o_text = fold(other)
    o_low, o_high = full_sentence(o_text, *other_span)
    held = _stems(o_text, o_low, o_high)
    numbers = set(re.findall(r"\d+", o_text[o_low:o_high]))
    out = []
    for written, content in said:
        # a product's designation names what the figure is of, no condition on it ("Doors shall be Type W, 36 in.")
        # ("For Type X, ..." scopes the figure to the type: a condition still)
        opener = re.match(r"\W*(\w+)", written)
        named = set() if opener is not None and opener[1].lower() in _SCOPING_OPENERS else {
            _stem(w) for m in _PRODUCT_DESIGNATION.finditer(written) for w in re.findall(r"\w+", m[0].lower())}
        unnamed = [w for w in content if _stem(w) not in named]
        if not content or (unnamed and not all((w in numbers) if w.isdigit() else (_stem(w) in held) for w in unnamed)):
            out.append(written)
    return out


def unheld(claim_text: str, claim_span: tuple[int, int], source_text: str, source_span: tuple[int, int],
           allowed: Iterable[str] = ()) -> list[str]:
    """The words of the claim figure's clause that are not known to be harmless: within
    :data:`NEAR` words of it, not neutral, not the figure's own words (its unit), not ``allowed``
    (the subject's words) and not held by the cited figure's own CLAUSE (:func:`clause`; another
    clause of its sentence holds nothing for it: audit 23p P6). Each such word may change what
    the figure says ("almost", "x", "shrank", "can't"): the claim escalates naming it. So does a
    word of the claim's clause that the cited sentence says only in another clause than its
    figure's (another subject), a negation anywhere in the claim that the cited clause lacks,
    and a denial or past-state word (:data:`DENIAL`) the cited sentence lacks.
    :func:`unheld_negation` reads the same rule the other way."""
    claim_text, source_text = fold(claim_text), fold(source_text)
    start, end = claim_span
    s_low, s_high = clause(source_text, *source_span)
    s_sentence = (s_low, s_high) if _table_line(source_text, *source_span) else full_sentence(source_text, *source_span)
    held = _stems(source_text, s_low, s_high)
    allowed = {_stem(word) for word in allowed}
    own = _own(claim_text, start, end)
    out = _near(claim_text, start, end, held | allowed, own,
                bounds=span_bounds(source_text, *source_span) | named_bounds(source_text, *source_span))
    out += [ch for ch in _symbols(claim_text, start, end, source_text[s_low:s_high] + _signs(allowed)) if ch not in out]
    out += _other_clause(claim_text, start, end, source_text, (s_low, s_high), s_sentence, allowed | own)
    # a change the claim's figure is governed by ("shrank 3%"): held by the cited clause only, never by the
    # subject's or the heading's words (audit 23q P5)
    out += [word for word in governing(claim_text, start, end) if _stem(word) not in held]
    # a negation anywhere in the claim (after "? No." too) that the cited clause does not hold
    source_negations = {word.lower() for word in _negations(source_text, s_low, s_high)}
    out += [word for word in _negations(claim_text) if word.lower() not in source_negations]
    out += denied(claim_text, claim_span, source_text, source_span)
    return list(dict.fromkeys(out))


def unheld_negation(source_text: str, source_span: tuple[int, int], claim_text: str,
                    claim_span: tuple[int, int], allowed: Iterable[str] = (), *, amending: bool = False) -> list[str]:
    """:func:`unheld` the other way (audit 23p P5): the words of the CITED figure that the claim
    does not hold. A word within :data:`NEAR` of it that is neither neutral, its own, ``allowed``
    (its subject's, its row's, its conditions') nor held by the claim figure's clause ("almost",
    "roughly", "x2", "shrank"); a sign beside it; a negation in its clause ("aren’t retained for
    7 years", "are not (in any case) retained"); and a denial or past-state word anywhere in its
    sentence ("A proposal ... was rejected", "formerly", "Until 2020", "this no longer applies"),
    that the claim's sentence does not hold: a source saying more of its figure than the claim
    never supports the claim plainly. In an ``amending`` item the words of a value-setting form
    ("to read", "is now", "substitute": :func:`sets_value` has judged the form) are harmless."""
    source_text, claim_text = fold(source_text), fold(claim_text)
    start, end = source_span
    c_low, c_high = clause(claim_text, *claim_span)
    held = _stems(claim_text, c_low, c_high) | {_stem(word) for word in allowed}
    if amending:
        held |= {_stem(word) for word in _SETTING_WORDS}
    line_start = source_text.rfind("\n", 0, start) + 1
    label = re.fullmatch(r"\s*(?:[\dA-Za-z]{1,3}(?:\.\d+)*[.)]?\s+)?((?:[^\W\d_][\w'-]*\s+){1,3})",
                         source_text[line_start:start])
    if label is not None:  # a heading or label line naming what its figure measures ("Children 4 to 11 Years")
        held |= {_stem(m[0]) for m in _WORD.finditer(label[1]) if not _DENIAL.fullmatch(m[0])}
    own = _own(source_text, start, end)
    out = _near(source_text, start, end, held, own, comma_ends=amending,  # "is 8 years, longer than before" (F9)
                anchors=True, bounds=span_bounds(claim_text, *claim_span) | named_bounds(claim_text, *claim_span))
    out += [ch for ch in _symbols(source_text, start, end, claim_text[c_low:c_high] + _signs(allowed)) if ch not in out]
    # a change the cited figure is governed by ("shrank 3%", "edged up 0.2%"): the claim's own clause must
    # hold it, a heading, subject or row label holding the word does not make the figure a level (audit 23q P5)
    claim_own = _stems(claim_text, c_low, c_high)
    out += [word for word in governing(source_text, start, end)
            if _stem(word) not in claim_own and not (amending and word.lower() in _SETTING_WORDS)]
    claimed = {word.lower() for word in _negations(claim_text, *sentence(claim_text, *claim_span))}
    if _table_line(source_text, start, end):  # a table cell: the words of its own cell and row
        cell = clause_words(source_text, start, end)
        said = [word for word in _negations(source_text, min([a for _, a, _ in cell], default=start),
                                            max([b for _, _, b in cell], default=end))
                if any(word == w for w, _, _ in cell)]
    else:  # the whole sentence: "kept for 7 years; this is not so since 2020"
        said = _negations(source_text, *full_sentence(source_text, start, end))
    out += [word for word in said if word.lower() not in claimed]
    out += denied(source_text, source_span, claim_text, claim_span)
    return list(dict.fromkeys(out))


#: The forms in which an amending item states the value it puts in: "to read", "is now", "shall
#: be", "substitute", "change ... to", "from ... to", "becomes", a column or label "Now"/"New".
_SETTING_WORDS = ("to", "read", "reads", "is", "are", "be", "becomes", "become", "substitute", "substituted", "now",
                  "new", "with", "revised", "amended", "changed", "replaced")
_SETTING = re.compile(r"(?<![\w'])(?:" + "|".join(_SETTING_WORDS) + r"|=)(?![\w'])", re.IGNORECASE)


def sets_value(text: str, start: int, end: int, also: Iterable[str] = ()) -> bool:
    """Whether the figure at ``start``-``end`` of an amending item's ``text`` is stated in a
    value-setting form: a setting word ("to", "read", "is", "be", "substitute", "now", "new",
    "=") before it in its clause with only neutral words, or words in ``also`` (the claim's own
    words: "shall be retained for 10 years"), between; or the figure quoted ("“10 years”"), or
    after "Now:"/"New:". Any other form ("raised 3 years", "+3 years", "↑ 3 years", "3 years
    longer", "knock 4 years off") is not: the figure is withheld as the new value. Words after a
    comma do not undo a value ("is 10 years, longer than before")."""
    text = fold(text)
    if re.match(r"\s*[+−↑↓Δ±]", text[start:end]) or re.search(r"[+−↑↓Δ±]\s*$", text[max(0, start - 3):start]):
        return False  # a signed or symbolic amount ("+3 years", "↑ 3 years"): a change, never the value set
    line = text[text.rfind("\n", 0, start) + 1:]
    line = line[:line.find("\n")] if "\n" in line else line
    offset = start - (text.rfind("\n", 0, start) + 1)
    if any(a < offset < b for a, b in ((m.start(), m.end()) for m in re.finditer(r'"[^"]*"|“[^”]*”|«[^»]*»', line))):
        return True  # inside a quoted replacement: 'substitute: "... at 28 days: not less than 5,000 psi."'

    line_start = text.rfind("\n", 0, start) + 1
    gap_text = text[line_start:start]
    if "|" in gap_text:  # a table cell: the value set only in a column headed "Now", "New", "Revised", "To read"
        column = gap_text.count("|")
        header = next((line for line in text[:line_start].splitlines() if "|" in line), "")
        cells = header.split("|")
        return (0 < column < len(cells) and re.fullmatch(r"\W*(?:now|new|revised|revised to|to read|new value|"
                                                        r"amended|reads)\W*", cells[column].strip(), re.IGNORECASE)
                is not None and not re.search(r"[+−↑↓Δ]", text[start - 2:start + 1]))
    if re.search(r"[^\w\s,.:'\"“”$€£%-]", gap_text[-3:] if gap_text.strip() else ""):
        return False  # "+3", "↑ 3", "Δ 3": a symbol before the figure
    allowed = {_stem(w) for w in also}
    words = [(m[0], m.start(), m.end()) for m in _WORD.finditer(text, line_start, start)]
    restated, after = False, start
    if re.search(r"(?:^|[^:]):\s*$", gap_text) and not re.search(r"[,;.]\s*$", gap_text[:-1].rstrip(": ")):
        restated = True  # a label: "Retention period: 10 years"
    for word, at, stop in reversed(words[-REACH_BEFORE:]):
        if restated or re.search(r"[,:;.]", text[stop:after]):
            break  # the clause's start: its words restate the claim's ("retain superseded revisions for 10 years")
        after = at
        if _SETTING.fullmatch(word):
            restated = True
            break
        low = word.lower()
        if low in NEUTRAL:
            continue
        if _stem(low) in allowed:
            restated = True
            continue
        return False
    if not restated:
        return False
    # the words right after the figure, to a comma or a stop (brackets included: "3 years (increase)"):
    # each neutral or the claim's own ("after withdrawal"), else it may change the figure
    tail = re.split(r"[,.;:\n]", text[end:end + 80], maxsplit=1)[0]
    if re.search(r"[^\w\s()'\"”»-]", tail):
        return False  # "3 years ↑", "3 years x2"
    return all(m[0].lower() in NEUTRAL or _stem(m[0]) in allowed for m in _WORD.finditer(tail))
