"""Reading one doc's tokens, the part below the mentions: the :class:`Found` a mention is
assembled into, the words and marks the reading looks for, and :class:`_TokenReader` — a doc's
tokens and phrase matches with what is read one token or phrase at a time (numbers, numbers in
words, units, gaps, line starts, designations and what is no quantity). ``_reader`` assembles
mentions on it; the spaCy pipeline (``_grammar``) and ``_lite`` feed it alike.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from inforce.ontology.text import whole_number

from ._lexicon import (
    BOUND_BEFORE,
    CITATION_AFTER,
    CURRENCY_PREFIXES,
    DESIGNATION_AFTER,
    DESIGNATIONS,
    FILLERS,
    FRACTION_WORDS,
    HOURS_OF_DAY,
    LABEL_LETTERS,
    LABEL_UNIT_WORDS,
    LETTERED_LABEL_WORDS,
    MONTHS,
    SCALES,
    VULGAR_FRACTIONS,
    WORD_NUMBERS,
    WORD_SCALES,
    NumberToken,
    dotted_label,
    lex_number,
)
from ._models import Notation
from .units import ResolvedUnit, UnitTable, UnknownUnitError

__all__ = ["Found"]


_DIGIT = re.compile(r"\d")
#: A digit or a fraction written as one character (``½``): what makes a token a number.
_NUMERAL = re.compile(rf"[\d{''.join(VULGAR_FRACTIONS)}]")
_VULGAR_CLASS = "".join(VULGAR_FRACTIONS)


@dataclass
class Found:
    """One mention as assembled from tokens, in the doc's character offsets."""

    start: int
    end: int
    value: float | None
    upper: float | None = None
    nominal: float | None = None
    unit: str | None = None
    resolved: ResolvedUnit | None = None
    bound: str = "exact"
    bound_text: str | None = None
    notation: Notation = "number"
    scale: str | None = None
    precision: float | None = None
    frequency: str | None = None
    per_day: float | None = None
    spacing: bool = False
    warnings: list[tuple[str, int, int, str]] = field(default_factory=list)
    #: where the unit came from: "context" (a column header's); "cell" for a figure in a notation
    #: not read alone in a table cell, awaiting its header's unit (``ContextualExtractor._build``)
    unit_from: str | None = None

    def in_context(self, unit: ResolvedUnit | None, scale: float) -> Found:
        """A copy read with a column header's unit (``Dose (mg)``) and scale (``in millions``):
        a bare cell takes the unit; a bare or money cell without a scale word takes the scale."""
        changed = self
        if unit is not None and self.resolved is None and not self.warnings:
            changed = replace(changed, resolved=unit, unit=unit.written, unit_from="context")
        if (scale != 1.0 and self.scale is None and not self.warnings and self.value is not None
                and (changed.unit_from == "context" or changed.resolved is None or self.notation == "money")):
            changed = replace(
                changed, value=self.value * scale,
                upper=self.upper * scale if self.upper is not None else None,
                precision=self.precision * scale if self.precision is not None else None,
            )
        return changed


_NUMBER_START = frozenset("0123456789.+-−" + _VULGAR_CLASS)
#: Units counted by the article alone (``a decade``, ``a fortnight``); ``a year`` is not read.
_ARTICLE_UNITS = frozenset({"decade", "century", "fortnight", "millennium"})
#: ``and a half``, ``and a quarter`` after a whole number (``seven and a half years``).
_AND_A_FRACTION = {"half": 0.5, "quarter": 0.25}
_QUOTES_OPEN = frozenset({'"', "“", "''", "``", "'", "‘"})
_INCH_MARKS = frozenset({'"', "″", "”", "''"})
_FOOT_MARKS = frozenset({"'", "′"})
_AFTER_INCH_WORD = frozenset({
    "thick", "wide", "deep", "long", "high", "dia", "dia.", "diameter", "o.c.", "oc", "x", "×",
    "clr", "clear", "minimum", "min", "min.", "max", "max.", "maximum", "nominal", "apart",
    "or", "and", "to", "in", "of", "each", "ea", "thickness", "width", "depth", "by",
})
#: (℃ and ℉ are one character each for "°C" and "°F", read through the unit table.)
_SINGLE_LETTER_UNITS = frozenset({"m", "g", "h", "s", "L", "l", "N", "V", "A", "W", "%", "°", "\u2103", "\u2109", "'", '"', "″", "′", "”"})
#: Letters parted from the full stop ending a sentence after a number (``0.50 m.``): the unit
#: symbols, the kelvin's ``K`` (``not less than 283.15 K.``: audit 48 M5) and the degrees' ``C`` and ``F``
#: (``Oven temperature 250 F.``: audit 50).
_SENTENCE_END_LETTERS = _SINGLE_LETTER_UNITS | {"K", "C", "F", "t"}  # t: the tonne after a mass word (audit 57)
#: The capital letters a temperature's unit may be written as alone (``77 K``, ``250 F``), and
#: the degree each names (:meth:`_TokenReader._temperature_letter`).
_TEMPERATURE_SYMBOLS = {"K": "K", "C": "°C", "F": "°F"}
_PINT_FALLBACK_DENY = frozenset({
    "pc", "ct", "ly", "pi", "gr", "dr", "ar", "am", "pm", "ch", "rd", "st", "cd", "are", "bit",
    "tex", "kat", "pt", "mi", "nt", "ft", "um", "ha", "sr", "cl", "dl", "fl", "ag", "gal",
    "de",  # Spanish and Portuguese "of" (2 de febrero), not day times elementary charge
})
_CURRENCY_SIGNS = frozenset({"$", "€", "£", "¥"})
_STREET_WORDS = frozenset({
    "street", "st.", "drive", "dr.", "avenue", "ave.", "road", "rd.", "boulevard", "blvd.",
    "lane", "ln.", "way", "place", "court", "parkway", "highway", "pike",
})
_LIST_JOINS = frozenset({"and", "or", "through", "thru", "to", "&", ",", "und", "oder", "bis", "y"})
#: A label's number with its list's join glued to it, as a typed act may write it (``Arts. 184y 185``).
_GLUED_JOIN = re.compile(r"\d+(?:y|and|und|or|oder)")
#: The rest of a heading line after its number: words of capitals (``1 FOOTING SCHEDULE``).
_HEADING_WORDS = re.compile(r"[A-Z][A-Z'&/-]*(?:\s+[A-Z][A-Z'&/-]*)*")
#: Words that make a number before them a count, not a heading's (``4 BARS``, ``2 COATS``).
_COUNTED = frozenset({
    "bar", "bars", "coat", "coats", "layer", "layers", "ply", "plies", "piece", "pieces", "pcs", "copy", "copies",
    "set", "sets", "row", "rows", "course", "courses", "pile", "piles", "bolt", "bolts", "stud", "studs",
    "anchor", "anchors", "each", "ea", "ea.", "way", "ways", "story", "stories", "storey", "storeys", "legs",
    "leg", "ties", "tie", "strands", "strand", "wires", "wire", "hooks", "hook", "dowels", "dowel", "no", "nos",
    "cont", "cont.", "top", "bot", "bottom", "sides", "faces", "times", "hours", "days", "years", "weeks",
})
#: A stress written in brackets right after a grade's number (``GR. 60 (fy = 60,000 PSI)``).
_STRESS_BESIDE = re.compile(r"\s*\(\s*(?:f[y']?\s*=?\s*)?[\d,.]+\s*(?:ksi|psi|mpa|n/mm)", re.IGNORECASE)
#: What makes FF and FL a floor's F-numbers (ACI 117), not a floor level: the words, or the
#: two written together (``FL 25 / FF 35``).
_F_NUMBERS = re.compile(r"flatness|levelness|\bFF\s*\d+\s*(?:/|,|&|and)\s*FL\s*\d|\bFL\s*\d+\s*(?:/|,|&|and)\s*FF\s*\d",
                        re.IGNORECASE)
#: Words before GRADE that make it the ground's level, not a grade's name (SLAB ON GRADE).
_GROUND_BEFORE = frozenset({"on", "at", "above", "below", "to", "finished", "fin.", "existing", "exist."})
_SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion"})
_CURRENCY_CODES = frozenset(CURRENCY_PREFIXES.values())
#: What may stand beside a number on a line of a financial table (signs, brackets, digits,
#: the bars between a Markdown table's cells).
_TABLE_LINE = re.compile(r"^[\s\d$€£%(),.\-–—|]*$")
#: The figures a table row holds before a cell, after its label (``Purchases | (388) | ``).
_FIGURES_BEFORE = re.compile(r"[\s\d$€£%(),.\-–—|]*$")
_STOP_WORDS: frozenset[str] | None = None
_IN_REFERENCE_WORDS = frozenset({"in", "see", "under", "per"})


def _stop_words() -> frozenset[str]:
    global _STOP_WORDS
    if _STOP_WORDS is None:
        from spacy.lang.en.stop_words import STOP_WORDS

        _STOP_WORDS = frozenset(STOP_WORDS)
    return _STOP_WORDS


@dataclass
class _Phrases:
    """Phrase matches by the token they start at and the token they end before."""

    starts: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)
    ends: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)

    def at(self, start: int, label: str) -> tuple[int, str] | None:
        """The longest phrase of ``label`` starting at ``start``: (end, key)."""
        for end, found, key in self.starts.get(start, ()):
            if found == label:
                return end, key
        return None

    def ending(self, end: int, label: str) -> tuple[int, str] | None:
        """The longest phrase of ``label`` ending just before ``end``: (start, key)."""
        for start, found, key in self.ends.get(end, ()):
            if found == label:
                return start, key
        return None


def _stops_after_units(
    text: str, rows: list[tuple[int, int, int]], phrases: list[tuple[str, int, int]],
    table: UnitTable | None = None,
) -> tuple[list[tuple[int, int, int]], list[tuple[str, int, int]]]:
    """The tokens with a one-letter unit parted from the full stop ending its sentence.

    The tokenizer keeps a letter and the period after it as one token, an abbreviation
    (``m.``, ``g.``, ``N.``), so "Set the top of slab at level 0.50 m." had no unit (audit 43
    H2). Where the letter is a one-letter unit symbol or the kelvin's ``K`` (``_SENTENCE_END_LETTERS``,
    as written: ``S.`` is no second; ``283.15 K.``: audit 48 M5), follows a number, a compound unit's ``/`` or
    ``per``, or a hyphen (``400-F.``: audit 50), and its period
    ends the sentence (:func:`_ends_sentence`), the letter and the stop are two tokens; a period
    going on into the sentence (``5 g. per litre``, ``Abs. 2 S. 3``) stays the abbreviation's.
    So too a longer symbol ``table`` knows as written without the stop and not with it (``5 kN.``,
    ``7.5 kW.``: the tokenizer keeps a stop after a capital; ``in.`` is a spelling of its own).
    A token inside a phrase match is left whole; the phrases' token numbers move with the split.
    (offset, length, whether a space follows) rows and (label, first, after last) phrases."""
    covered = {k for _, start, end in phrases for k in range(start, end)}
    split = []
    for k in range(1, len(rows)):
        at, length, _ = rows[k]
        if length < 2 or text[at + length - 1] != "." or k in covered:
            continue
        if length == 2 and text[at] not in _SENTENCE_END_LETTERS:
            continue
        stem = text[at : at + length - 1]
        if length > 2 and (not stem.isalpha() or table is None or table.alias(stem) is None
                           or table.alias(stem + ".") is not None):
            continue  # a symbol the table knows kept with the stop ending its sentence (5 kN., 7.5 kW.: audit 55)
        before = text[rows[k - 1][0] : rows[k - 1][0] + rows[k - 1][1]]
        if (_NUMERAL.search(before) is not None or before in ("/", "-") or before.lower() == "per") and _ends_sentence(
                text, at + length):
            split.append(k)
    if not split:
        return rows, phrases
    parting = set(split)
    parted: list[tuple[int, int, int]] = []
    for k, row in enumerate(rows):
        if k in parting:
            parted.extend(((row[0], row[1] - 1, 0), (row[0] + row[1] - 1, 1, row[2])))
        else:
            parted.append(row)

    def moved(k: int) -> int:
        return k + bisect.bisect_left(split, k)

    return parted, [(label, moved(start), moved(end)) for label, start, end in phrases]


def _ends_sentence(text: str, at: int) -> bool:
    """Whether a full stop just before ``at`` ends its sentence: closing quotes or brackets may
    follow it, then the text's end, or blanks before what is neither a lower-case word nor a
    digit (a line break, a capital, another mark)."""
    end = len(text)
    while at < end and text[at] in "\"')]”’»":
        at += 1
    if at == end:
        return True
    if not text[at].isspace():
        return False
    while at < end and text[at].isspace():
        at += 1
    return at == end or not (text[at].islower() or text[at].isdigit())


#: Words right before a figure that make it a measured value as a bound phrase does (``at 283.15
#: K``, ``between 280 and 290 K``), and the joins of a range's second end (audit 48).
_GOVERNING = frozenset({"at", "between", "from"})
#: Words naming a temperature before its figure: a K after the figure is the kelvin (audit 49 M2).
_TEMPERATURE_WORDS = frozenset({"temperature", "temperatures", "temp", "temp."})
#: Words naming a light before its figure: a K after a colour temperature's figure (1,500 to
#: 10,000, written whole: ``LED, 4000 K``, ``area luminaires, 3,000 K``, ``CCT 3500 K``) is the
#: kelvin, as lighting specifications write it; a smaller figure stays a label's (``Fixture 12 K``).
_LIGHT_WORDS = frozenset({"cct", "led", "leds", "luminaire", "luminaires", "lamp", "lamps", "floodlight",
                          "floodlights", "lantern", "lanterns", "fixture", "fixtures", "downlight", "downlights",
                          "lighting", "light", "lights"})
_COLOUR_TEMPERATURE = re.compile(r"(?:[1-9],?\d{3}|10,?000)")
#: Words naming a mass before its figure: a ``t`` after the figure is the tonne (audit 57).
_MASS_WORDS = frozenset({"weight", "weights", "weighs", "weigh", "mass", "masses", "load", "loads", "loading",
                         "tonnage", "payload"})
#: How many words before a figure are looked at for :data:`_MASS_WORDS`.
_MASS_REACH = 6
#: How many words before a figure are looked at for :data:`_TEMPERATURE_WORDS`.
_TEMPERATURE_REACH = 4
_RANGE_JOINS = frozenset({"and", "to", "through", "thru", "–", "—", "-"})


#: Words that negate a bound phrase written after them, and the words that may stand between.
#: "neither ... nor ..." negates each comparative it governs: "neither less than 75 mm nor more
#: than 100 mm" is at least 75 mm and at most 100 mm (audit 43 M1).
_NEGATIONS = frozenset({"not", "never", "n't", "n’t", "neither", "nor"})
_NEGATION_GAP = frozenset({"be", "to", "been", "being"})
_OPPOSITE = {"min": "max", "max": "min"}


class _TokenReader:
    """One doc's tokens and phrase matches, and what is read one token or phrase at a time."""

    def __init__(
        self, text: str, leading_blank: bool, tokens: Iterable[tuple[int, int, int]],
        phrases: Iterable[tuple[str, int, int]], table: UnitTable, multi_units: Mapping[str, str],
        keys: Mapping[str, str], stop: frozenset[str],
    ) -> None:
        """``text`` is the window read, ``leading_blank`` whether only blanks precede it on its
        line in the whole text; ``tokens`` are (offset, length, whether a space follows) and
        ``phrases`` the phrase matches (label, first token, token after the last): all the
        reading takes from a tokenizer, so the spaCy pipeline and ``_lite`` feed it alike."""
        self.table = table
        self.multi_units = multi_units
        self.leading_blank = leading_blank
        self.text = text
        rows, phrases = _stops_after_units(text, list(tokens), list(phrases), table)
        self.idx = [row[0] for row in rows]
        self.texts = [text[row[0] : row[0] + row[1]] for row in rows]
        self.lowers = [token.lower() for token in self.texts]
        self.space = [bool(row[2]) for row in rows]
        self.n = len(self.texts)
        self.phrases = _Phrases()
        for label, start, end in phrases:
            joined = " ".join(self.lowers[start:end])
            key = keys.get(joined, joined) if label != "UNIT" else joined
            self.phrases.starts.setdefault(start, []).append((end, label, key))
            self.phrases.ends.setdefault(end, []).append((start, label, key))
        for found in self.phrases.starts.values():
            found.sort(key=lambda item: -item[0])
        for found in self.phrases.ends.values():
            found.sort(key=lambda item: item[0])
        self.stop = stop
        #: Number tokens skipped as designations (so "Rooms 118 through 120" skips 120 too).
        self.designated: set[int] = set()

    # -- tokens ----------------------------------------------------------------------------

    def _end_char(self, k: int) -> int:
        return self.idx[k] + len(self.texts[k])

    def _number(self, k: int) -> NumberToken | None:
        if k < 0 or k >= self.n:
            return None
        text = self.texts[k]
        if _NUMERAL.search(text) is not None:
            return lex_number(text)
        return None

    def _word_number(self, k: int) -> NumberToken | None:
        """A number written in words from token ``k``: one word (``ten``), a compound
        (``Forty - Two Thousand Seven Hundred Fifty``, ``one million``) or a fraction
        (``one - half``, ``two - thirds``); its ``tokens`` says how far it runs."""
        lowers, texts, space = self.lowers, self.texts, self.space
        if not 0 <= k < self.n or lowers[k] not in WORD_NUMBERS or lowers[k] == "hundred":
            return None
        first = WORD_NUMBERS[lowers[k]]
        if (k + 2 < self.n and texts[k + 1] == "-" and not space[k] and not space[k + 1]
                and lowers[k + 2] in FRACTION_WORDS and first < 20):
            den = FRACTION_WORDS[lowers[k + 2]]
            if first == 1 or lowers[k + 2].endswith("s"):
                return NumberToken("fraction", first / den, precision=1 / den, tokens=3)
        total, current, end, last = 0.0, 0.0, k, None
        j = k
        while j < self.n:
            word = lowers[j]
            if word in WORD_NUMBERS and word != "hundred":
                value = WORD_NUMBERS[word]
                # ``twenty five`` adds; ``five five`` or ``ten twenty`` is two numbers
                if last is not None and last != "scale" and not (last >= 20 and last % 10 == 0 and value < 10):
                    break
                current += value
                last = value
            elif word == "hundred" and last is not None and last != "scale":
                current = (current or 1) * 100
                last = "scale"
            elif word in WORD_SCALES and last is not None:
                total += (current or 1) * WORD_SCALES[word]
                current = 0.0
                last = "scale"
            elif (word == "-" and last not in (None, "scale") and not space[j - 1] and not space[j]
                  and j + 1 < self.n and lowers[j + 1] in WORD_NUMBERS and lowers[j + 1] != "hundred"):
                j += 1
                continue
            elif word == "and" and last == "scale" and j + 1 < self.n and lowers[j + 1] in WORD_NUMBERS:
                j += 1
                continue
            else:
                break
            end = j + 1
            j += 1
        value = total + current
        half = self._and_a_fraction(end)
        if half is not None:
            return NumberToken("word", value + half[1], precision=half[1], tokens=half[0] - k)
        return NumberToken("word", value, is_integer=True, tokens=end - k)

    def _and_a_fraction(self, j: int) -> tuple[int, float] | None:
        """``and a half`` / ``and a quarter`` from token ``j`` (also hyphenated: ``7-and-a-half``),
        or a fraction in words after ``and`` (``one and one-half``, ``two and three-quarters``):
        (the token after it, the fraction)."""
        words: list[str] = []
        k = j
        while k < self.n and len(words) < 3:
            if self.texts[k] == "-" and not self.space[k - 1] and not self.space[k]:
                k += 1
                continue
            words.append(self.lowers[k])
            k += 1
        if len(words) < 3 or words[0] != "and":
            return None
        if words[1] == "a" and words[2] in _AND_A_FRACTION:
            return k, _AND_A_FRACTION[words[2]]
        count, denominator = WORD_NUMBERS.get(words[1]), FRACTION_WORDS.get(words[2])
        if (count is not None and denominator is not None and 0 < count < denominator
                and (count == 1 or words[2].endswith("s"))):
            return k, count / denominator
        return None

    def _article_number(self, k: int) -> NumberToken | None:
        """A count said with an article: ``half a year``, ``half an hour``, ``a half hour``,
        ``a quarter of an hour``, ``a decade`` (only a unit in :data:`_ARTICLE_UNITS`)."""
        lowers = self.lowers
        following = lowers[k + 1 : k + 4]
        if lowers[k] == "half":
            if following[:1] in (["a"], ["an"]):
                return NumberToken("word", 0.5, precision=0.5, tokens=2)
            return None
        if following[:1] == ["half"]:
            return NumberToken("word", 0.5, precision=0.5, tokens=2)
        if following[:1] == ["quarter"] and following[1:2] == ["of"] and following[2:3] in (["a"], ["an"]):
            return NumberToken("word", 0.25, precision=0.25, tokens=4)
        if following[:1] and following[0] in _ARTICLE_UNITS:
            return NumberToken("word", 1.0, is_integer=True, tokens=1)
        return None

    def _gap(self, k: int) -> int:
        """``k`` moved past one whitespace token holding at most one line break (a PDF line's
        end between a number and its currency, scale word or unit)."""
        if 0 <= k < self.n and self.texts[k].isspace() and self.texts[k].count("\n") <= 1:
            return k + 1
        return k

    def _gap_before(self, k: int) -> int:
        """``k`` moved back past one such whitespace token."""
        if 0 <= k < self.n and self.texts[k].isspace() and self.texts[k].count("\n") <= 1:
            return k - 1
        return k

    def _line_after(self, k: int) -> str:
        """The rest of token ``k``'s line after it (within the window)."""
        end = self._end_char(k)
        newline = self.text.find("\n", end)
        return self.text[end : newline if newline >= 0 else len(self.text)]

    def _line_before(self, k: int) -> str:
        """Token ``k``'s line before it (within the window)."""
        at = self.idx[k]
        return self.text[self.text.rfind("\n", 0, at) + 1 : at]

    # -- units -----------------------------------------------------------------------------

    def _single_unit(self, k: int, number_start: int) -> str | None:
        text = self.texts[k]
        if text in _INCH_MARKS or text in _FOOT_MARKS:
            if self.space[k - 1] or (number_start > 0 and self.texts[number_start - 1] in _QUOTES_OPEN):
                return None
            return self.table.alias(text)
        lower = self.lowers[k]
        if text in _CURRENCY_SIGNS:
            # "5,791 $\n5,929": a sign after a blank is the next number's; "0.01$" is this one's
            return None if self.space[k - 1] else self.table.alias(text)
        if lower == "second" and k + 1 < self.n and self.lowers[k + 1] in ("quarter", "half"):
            return None  # "the 2022 second quarter"
        if lower in ("in", "in."):
            following = self.texts[k + 1] if k + 1 < self.n else ""
            if following and following[0].isalnum() and self.lowers[k + 1] not in _AFTER_INCH_WORD:
                return None
            return self.table.alias("in")
        if text in _TEMPERATURE_SYMBOLS:
            return self._temperature_letter(k)
        if len(text) == 1:
            if text == "t" and self._of_mass(number_start):
                return self.table.alias("tonne")  # "Weight shall be 2.5 t."
            if text not in _SINGLE_LETTER_UNITS:
                return None
            found = self.table.alias(text)
            if found is None:  # N: pint's newton, kept out of the table (whose "n" would be one too)
                try:
                    return self.table.resolve(text).expression
                except UnknownUnitError:
                    return None
            return found
        found = self.table.alias(text)
        if found is not None:
            return found
        if "/" in text.strip("/"):
            # a compound the tokenizer kept whole (m³/h, m3/s): each part a unit the table knows
            try:
                return self.table.resolve(text).expression
            except UnknownUnitError:
                return None
        if (2 <= len(text) <= 4 and text.isalpha() and lower not in self.stop
                and lower not in _PINT_FALLBACK_DENY and not text.isupper()):
            try:
                return self.table.resolve(text).expression
            except UnknownUnitError:
                return None
        return None

    def _temperature_letter(self, k: int) -> str | None:
        """The unit a capital ``K``, ``C`` or ``F`` standing alone at token ``k`` a space after a
        figure is, or None: the kelvin as :meth:`_kelvin` says; the Celsius or Fahrenheit degree
        where a temperature word names the figure (``Oven temperature 250 F.``, ``Bath temperature
        40 C``: audit 50), the letter then standing as :meth:`_kelvin` asks of a K. Without the
        word, a ``C`` or ``F`` is no unit (``Room 101 C``, ``Appendix 4 F``); after a bound it is
        left unread by the reader (``_unsure_temperature``)."""
        letter = self.texts[k]
        if letter == "K":
            return "kelvin" if self._kelvin(k) else None
        if not self.texts[k - 1][-1:].isdigit() or not self.space[k - 1] or not self._of_temperature(k - 1):
            return None
        if not self._stands_alone(k):
            return None
        return self.table.alias(_TEMPERATURE_SYMBOLS[letter])

    def _stands_alone(self, k: int) -> bool:
        """Whether the letter at token ``k`` ends its figure: the text or its sentence ends after
        it, a bound or a small word follows (``283.15 K for 7 days``), no word of its own (``Room
        101 K wing``) and no unit (``7 K psi``)."""
        if k + 1 >= self.n or self.phrases.at(k + 1, "BOUND_AFTER") is not None:
            return True
        if self.texts[k + 1][:1].isalnum() and self.lowers[k + 1] not in self.stop:
            return False  # a word of its own after it: a name or a grade ("Room 101 K wing")
        return self._unit_part(k + 1, k + 1) is None

    def _kelvin(self, k: int) -> bool:
        """Whether the capital ``K`` at token ``k`` is the kelvin (audit 46 L2): ``283.15 K``, the
        letter standing alone a space after a figure, as SI writes it, before the sentence ends, a
        bound or a small word (``283.15 K for 7 days``). Written against the figure it is a
        thousand or a name (``50K heaters``, ``a 4K display``, ``10K cycles``: audit 47), and
        before a word of its own a name (``Room 101 K wing``); both are left unread as before. A
        K is the kelvin only where the figure measures a value: a bound or comparison governs it
        (:meth:`_governed`) or follows the K (``283.15 K minimum``); after a label's number it is
        the label's (``Room 101 K``, ``Grid 4 K``, ``Appendix 2 K``: audit 48 M4). Not kept in the unit table, whose lower-case ``k`` would be a
        kelvin too (``5k run``, ``7k psi``); after money it is the reader's thousand (``$50K``,
        taken as a scale before any unit is looked for), and before a unit it is a thousand
        written into the figure (``7K psi``, ``50 K USD``), which the reader leaves unread."""
        if not self.texts[k - 1][-1:].isdigit() or not self.space[k - 1]:
            return False
        bound_after = k + 1 < self.n and self.phrases.at(k + 1, "BOUND_AFTER") is not None
        if not bound_after and not self._governed(k - 1) and not self._of_temperature(k - 1) \
                and not self._colour_temperature(k - 1):
            return False  # a label's letter: "Room 101 K", "Grid 4 K", "Appendix 2 K" (audit 48 M4)
        return self._stands_alone(k)

    def _of_mass(self, i: int) -> bool:
        """Whether the figure at token ``i`` is a mass's: a word naming one (a weight, a mass, a
        load) among the few words before it with no figure or sentence end between."""
        for j in range(i - 1, max(-1, i - 1 - _MASS_REACH), -1):
            if self.lowers[j] in _MASS_WORDS:
                return True
            if self.texts[j][-1:].isdigit() or self.texts[j] in (".", ";", "!", "?"):
                return False
        return False

    def _of_temperature(self, i: int) -> bool:
        """Whether the figure at token ``i`` is a temperature's, the word ``temperature`` among
        the few words before it with no figure or sentence end between (``Storage temperature
        293.15 K``, ``Cryogenic tank temperature 77 K``): the K after it is the kelvin (audit 49 M2)."""
        for j in range(i - 1, max(-1, i - 1 - _TEMPERATURE_REACH), -1):
            if self.lowers[j] in _TEMPERATURE_WORDS:
                return True
            if self.texts[j][-1:].isdigit() or self.texts[j] in (".", ";", "!", "?"):
                return False
        return False

    def _colour_temperature(self, i: int) -> bool:
        """Whether the figure at token ``i`` is a light's colour temperature (:data:`_LIGHT_WORDS`):
        a whole figure of 1,500 to 10,000 with a light named among the few words before it, no
        figure or sentence end between."""
        if not _COLOUR_TEMPERATURE.fullmatch(self.texts[i]) or not 1500 <= int(self.texts[i].replace(",", "")) <= 10000:
            return False
        for j in range(i - 1, max(-1, i - 1 - _TEMPERATURE_REACH), -1):
            if self.lowers[j] in _LIGHT_WORDS:
                return True
            if self.texts[j][-1:].isdigit() or self.texts[j] in (".", ";", "!", "?"):
                return False
        return False

    def _governed(self, i: int, *, ranged: bool = True) -> bool:
        """Whether the figure at token ``i`` is governed by a bound or comparison written before
        it, so measures a value (audit 48): a bound phrase (``not less than``, ``at least``,
        ``minimum``, ``≥``, one filler word between allowed), ``at``, ``between`` or ``from`` right
        before it, or it is the second end of a range so governed (``between 280 and 290 K``)."""
        if i <= 0:
            return False
        if self._bound_before(i, 0) is not None or self.lowers[i - 1] in _GOVERNING:
            return True
        return (ranged and i >= 2 and self.lowers[i - 1] in _RANGE_JOINS and self.texts[i - 2][-1:].isdigit()
                and self._governed(i - 2, ranged=False))

    def _unit_part(self, k: int, number_start: int) -> tuple[int, str] | None:
        """A unit spelling starting at token ``k``: (end token, pint expression)."""
        if k >= self.n:
            return None
        phrase = self.phrases.at(k, "UNIT")
        if phrase is not None:
            return phrase[0], self.multi_units[phrase[1]]
        single = self._single_unit(k, number_start)
        return (k + 1, single) if single is not None else None

    def _unit(self, k: int, number_start: int) -> tuple[int, str, str] | tuple[int, None, str] | None:
        """The unit at ``k`` with any ``/`` or ``per`` compound: (end, expression, written).

        A compound with a part nothing knows (``mg/zz``) comes back with expression None.
        """
        first = self._unit_part(k, number_start)
        if (first is None and k + 1 < self.n and self.texts[k] == "-" and not self.space[k - 1]
                and not self.space[k]):
            hyphenated = self._unit_part(k + 1, number_start)  # a 24-hour period
            if hyphenated is not None and self.texts[k + 1].isalpha() and not (
                    len(self.texts[k + 1]) == 1 and self.texts[k + 1].isupper()):  # "Artículo 184-A": a label
                return hyphenated[0], hyphenated[1], self._written(k + 1, hyphenated[0])
        if first is None:
            return None
        end, expression = first
        if end + 1 < self.n and self.texts[end] == "-" and not self.space[end - 1] and not self.space[end] \
                and self.texts[end + 1][:1].isalpha() and self.texts[end - 1][-1:].isalpha():
            joined = self._unit_part(end + 1, number_start)
            if joined is not None:  # a product written with a hyphen: 2,450 FT-KIPS
                return joined[0], f"({expression}) * ({joined[1]})", self._written(k, joined[0])
            if self.lowers[end - 1] == "in":
                return None  # the preposition of a compound (1.10 IN-SITU CONCRETE), not inches
        parts = [expression]
        while end + 1 < self.n and (
            (self.texts[end] == "/" and not self.space[end - 1] and not self.space[end])
            or self.lowers[end] == "per"
        ):
            if self.lowers[end] == "per" and self.phrases.at(end, "FREQ") is not None:
                break
            following = self._unit_part(end + 1, number_start)
            if following is None:
                if self.texts[end] == "/" and self.texts[end + 1].isalpha():
                    if end == k + 1 and len(self.texts[k]) == 1 and self.texts[k].isupper():
                        return None  # one capital over a word: an abbreviation (0.50 W/C, A/E), no unit
                    return end + 2, None, self._written(k, end + 2)
                break
            end, next_expression = following
            parts.append(next_expression)
        if len(parts) == 1:
            return end, expression, self._written(k, end)
        return end, " / ".join(f"({part})" for part in parts), self._written(k, end)

    def _unit_with_gap(self, k: int, number_start: int) -> tuple[int, str, str] | tuple[int, None, str] | None:
        """:meth:`_unit` at ``k``, or after a line break when the unit is a lower-case word
        (``three\nmonths``; a capitalised word there starts a table's next row)."""
        unit = self._unit(k, number_start) if k < self.n else None
        if unit is not None:
            return unit
        after = self._gap(k)
        if after != k and after < self.n and self.texts[after].isalpha() and len(self.texts[after]) >= 3 \
                and self.texts[after][:1].islower():
            unit = self._unit(after, number_start)
            if unit is not None and unit[1] is not None:
                return unit
        return None

    def _written(self, start: int, end: int) -> str:
        return "".join(
            self.texts[k] + (" " if self.space[k] and k < end - 1 else "") for k in range(start, end)
        )

    def _starts_line(self, i: int) -> bool:
        """Whether token ``i`` is the first thing on its line."""
        at = self.idx[i]
        newline = self.text.rfind("\n", 0, at)
        if newline < 0 and not self.leading_blank:
            return False
        return not self.text[newline + 1 : at].strip()

    def _list_bullet(self, k: int, after: int) -> bool:
        """Whether the hyphen opening token ``k`` is a list's bullet rather than a minus sign
        (``after``: the token after the figure): an ASCII hyphen first on its line, the line going
        on in words past the figure, its scale word, unit and a bound after them, a list item's text
        ("-1.500% Notes due 2026"). A line that is a signed figure alone, with its unit and bound
        ("-0.02", "-20 °C", "-0.50 m", "-5 °C min."), is signed, as a cell, a callout or a text
        holding one is; U+2212 is never a bullet (audit 43 M2). A hyphen with a space after it
        is never a sign (the reader's rule)."""
        if self.texts[k][:1] != "-" or not self._starts_line(k):
            return False
        end = self._past_unit(after)
        # the second end of a range: "-10 to 40 °C", "-5 to -10 °C" alone on a line are signed
        connector = end + 1 if end < self.n and self.lowers[end] in ("to", "through", "thru", "–", "—") else None
        if connector is not None and connector < self.n and self.texts[connector] in ("-", "−"):
            connector += 1
        if connector is not None and connector < self.n and lex_number(self.texts[connector]) is not None:
            end = self._past_unit(connector + 1)
        bound = self.phrases.at(end, "BOUND_AFTER") if end < self.n else None
        if bound is not None:
            end = bound[0]
        return re.search(r"[A-Za-z]", self._line_after(end - 1)) is not None

    def _past_unit(self, after: int) -> int:
        """The token after a figure's scale word and unit (``after``: the token after the figure)."""
        end = after + 1 if after < self.n and self.lowers[after] in SCALES else after
        unit = self._unit(end, after - 1) if end < self.n else None
        return unit[0] if unit is not None else end

    def _heading_number(self, i: int) -> bool:
        """A list or heading number: ``1.`` or ``2)`` or ``1.1 RELATED`` first on its line."""
        if not self._starts_line(i) or i + 1 >= self.n:
            return False
        following = self.texts[i + 1]
        if following in (".", ")") and not self.space[i]:
            return True
        if "." in self.texts[i]:
            return dotted_label(self.text, self.idx[i], text_starts_line=self.leading_blank)
        return self._numbered_heading(i)

    def _numbered_heading(self, i: int) -> bool:
        """A heading's number with its capitals alone after it on the line (``1 SPECIFICATIONS``,
        ``2 FOOTING SCHEDULE``): one or two digits, then words of capitals only, one of four
        letters or more, no other figure or mark (``4 BARS EACH WAY`` is a count: a bar word)."""
        if not (self.texts[i].isdigit() and len(self.texts[i]) <= 2 and self.space[i]):
            return False
        at = self.idx[i] + len(self.texts[i])
        end = self.text.find("\n", at)
        rest = self.text[at : end if end >= 0 else len(self.text)]
        words = rest.split()
        return (bool(words) and len(words) <= 5 and _HEADING_WORDS.fullmatch(rest.strip()) is not None
                and any(len(word) >= 4 for word in words) and not any(w.lower() in _COUNTED for w in words))

    def _looks_like_unit(self, k: int) -> bool:
        """A token right after a number that reads as a unit abbreviation nothing knows."""
        if k >= self.n or self._heading_number(k - 1):
            return False
        text = self.texts[k]
        if not text.isalpha() or len(text) > 4 or self.lowers[k] in self.stop:
            return False
        if any(c.isupper() for c in text[1:]) and any(c.islower() for c in text):
            return True  # mixed case: kPx, mQs
        if text.isupper() and len(text) >= 2:
            # an all-caps abbreviation in running text (not in an all-caps callout or heading)
            at = self.idx[k]
            line_start = self.text.rfind("\n", 0, at) + 1
            line_end = self.text.find("\n", at)
            line = self.text[line_start : line_end if line_end >= 0 else len(self.text)]
            context = re.findall(r"[A-Za-z]{4,}", line)
            return bool(context) and not all(t.isupper() for t in context)
        return False

    # -- phrases around the number ---------------------------------------------------------

    def _bound_before(self, start: int, floor: int) -> tuple[str, str, int] | None:
        """A bound phrase ending at ``start`` (or one filler word earlier): (bound, text, first token)."""
        for end in (start, start - 1):
            if end <= floor:
                return None
            if end == start - 1 and self.lowers[end] not in FILLERS:
                return None
            found = self.phrases.ending(end, "BOUND_BEFORE")
            if found is not None and found[0] >= floor:
                return self._negated(BOUND_BEFORE[found[1]], found[1], found[0], floor, end)
        return None

    def _negated(self, bound: str, key: str, start: int, floor: int, end: int) -> tuple[str, str, int]:
        """A bound phrase read with a negation written before it: a negated comparative states
        the opposite bound ("shall not be less than 4,000 psi" is at least 4,000 psi, "may not
        exceed 2 inches" at most 2 inches). "be"/"to" may stand between (``_NEGATION_GAP``); a
        phrase holding its own negation ("not less than", "do not exceed") is read as written."""
        if bound not in _OPPOSITE or key.split()[0] in _NEGATIONS:
            return bound, key, start
        k = start - 1
        while k >= floor and k > start - 4 and self.lowers[k] in _NEGATION_GAP:
            k -= 1
        if k < floor or self.lowers[k] not in _NEGATIONS:
            return bound, key, start
        return _OPPOSITE[bound], " ".join(self.lowers[k:end]), k

    def _designation(self, i: int, number: NumberToken) -> bool:
        """Whether the number at ``i`` names something rather than measuring it."""
        lowers, texts = self.lowers, self.texts
        if number.kind == "feet_inches":
            return False  # 3'-0 1/2": its foot mark is its unit, whatever word stands before it (audit 53)
        previous = lowers[i - 1] if i > 0 else ""
        if previous == "grade" and i > 1 and lowers[i - 2] in _GROUND_BEFORE:
            return False  # ground level, not a grade's name: SLAB ON GRADE 4000 PSI
        if (((previous == "." and i > 1 and lowers[i - 2] == "gr" and not self.space[i - 2]) or previous == "fe")
                and _STRESS_BESIDE.match(self.text, self.idx[i] + len(texts[i])) is not None):
            return True  # GR. 50 (50 KSI), Fe 415 (fy 415 N/mm²): the grade names the stress beside it
        if i > 1 and previous == ":" and texts[i - 2] in ("IS", "AS") and number.is_integer:
            return True  # a standard's number: IS: 1786 (the capitals and a colon, not the words)
        if (i > 0 and texts[i - 1] in ("IS", "AS") and number.is_integer and not number.has_grouping
                and len(texts[i]) >= 3 and (i + 1 >= self.n or self._unit(i + 1, i) is None)):
            return True  # IS 1893, AS 3600: a standard's number (the capitals, and no unit after it)
        if previous in ("ff", "fl") and _F_NUMBERS.search(self.text) is not None:
            return False  # a floor's flatness or levelness (FF 35 / FL 25), not floor 2
        if self._lettered_label(i):
            return True  # Type 2W, Mark 12V valve, Panel 4A: the label's letter, no watt, volt or ampere (audit 56)
        if self._after_designation(i):
            # a number with its unit written after it measures, whatever word stands before it
            # ("level 0.50 m", "level 3 m"); the label vocabulary (DESIGNATIONS) decides only a
            # number with none ("Level 3", "Section 5") (audit MM4-1)
            return not self._measured_after_label(i)
        if previous == "s." and i > 1 and (texts[i - 2] in ("I", "II", "III") or (i - 2) in self.designated):
            return True  # German citations: a gazette's page (BGBl. I S. 593), a sentence (Abs. 2 S. 3)
        if previous == "(" and i > 1 and i + 1 < self.n and texts[i + 1] == ")" and (
                self._after_designation(i - 1) or (i - 2) in self.designated):
            return True  # a bracketed label: subsection (2), section 56 (1)
        following = lowers[i + 1] if i + 1 < self.n else ""
        if following[:1].isalpha() and not self.space[i] and self._listed(i):
            return True  # a listed label with its letter glued on (Forms 6 and 6A), no 6 amperes
        if previous in MONTHS or following in MONTHS:
            return True
        if following in (".", "de") and i + 2 < self.n and lowers[i + 2] in MONTHS:
            return True  # a day written 5. August, 2 de febrero
        if following in CITATION_AFTER or following in DESIGNATION_AFTER:
            return True  # 27 CFR, 18 U.S.C., 16 gauge
        if i + 1 < self.n and texts[i + 1] == "/" and not self.space[i] and number.kind != "unread":
            return True  # 3/S-501; a measured figure's letter after it is no sheet ("not more than 400/F": audit 50)
        if number.kind == "number" and number.is_integer and self._clock_or_size(i):
            return True  # 7 a.m., 0700 hours, a 2 x 4: the designation gate compares them (audit 58-Q)
        if (i > 0 and number.kind == "number" and number.is_integer and not number.has_grouping
                and len(texts[i]) == 5 and len(texts[i - 1]) == 2 and texts[i - 1].isalpha()
                and texts[i - 1].isupper()):
            return True  # a postal code: Washington, DC 20226
        return False

    def _measured_after_label(self, i: int) -> bool:
        """Whether the number at ``i``, right after a label word, has a known unit written after
        it: a unit spelled as a word the text could use otherwise (``in``, ``at``, a one-letter
        symbol glued to nothing but a capitalised label) does not count, so ``Table 3 in
        Part 2`` stays a label."""
        if i + 1 >= self.n:
            return False
        unit = self._unit(i + 1, i)
        if unit is None or unit[1] is None:
            return False
        written = self.lowers[i + 1]
        if written in LABEL_UNIT_WORDS:
            return False
        end = unit[0]
        following = self.texts[end] if end < self.n else ""
        return not following[:1].isdigit()

    def _lettered_label(self, i: int) -> bool:
        """Whether the whole number at ``i`` with a V, A or W written against it, the letter ending
        the word, is a label's after a word naming a type, a mark or a model
        (:data:`LETTERED_LABEL_WORDS`: ``Type 2W``, ``Mark 12V valve``, ``Type 6V fixtures``): the
        name's letter, as ``Room 12A``'s is, never a watt, a volt or an ampere (audit 56). After
        any other word the letter is the unit (``Feeder: 208V``)."""
        k = i + 1
        if k >= self.n or self.space[i] or self.texts[k] not in LABEL_LETTERS or not self.texts[i].isdigit():
            return False
        if k + 1 < self.n and not self.space[k] and self.texts[k + 1][:1].isalnum():
            return False  # the letter starts a longer word: 12VAC, 2Wx
        previous = self.lowers[i - 1] if i > 0 else ""
        if previous in LETTERED_LABEL_WORDS:
            return True
        return previous == "." and i > 1 and not self.space[i - 2] and self.lowers[i - 2] + "." in LETTERED_LABEL_WORDS

    def _after_designation(self, i: int) -> bool:
        """Whether the words right before token ``i`` make a number there a label (``Section 5``,
        ``No. 6``: the tokenizer split "No" from its period)."""
        lowers = self.lowers
        previous = lowers[i - 1] if i > 0 else ""
        if previous in DESIGNATIONS or previous.rstrip(".") in DESIGNATIONS:
            return True
        return previous == "." and i > 1 and not self.space[i - 2] and lowers[i - 2] + "." in DESIGNATIONS

    def _listed(self, i: int) -> bool:
        """Whether the bare number at ``i`` goes on a list of labels a designation opened (the
        numbers listed after one: ``step 2 or 3``, ``Rooms 118 through 120``, ``5 U.S.C. 553 and
        554``, ``sheet 6 of 13``), also where a listed label has a letter after it (``§§ 49 b, 90 a,
        128 oder 129``) or its join glued to it (``Arts. 184y 185``)."""
        lowers, texts = self.lowers, self.texts
        if i > 1 and (lowers[i - 1] in _LIST_JOINS or lowers[i - 1] == "of") and (i - 2) in self.designated:
            return True
        if i > 2 and lowers[i - 1] in ("and", "or") and lowers[i - 2] == "," and (i - 3) in self.designated:
            return True
        if (i > 2 and lowers[i - 1] in _LIST_JOINS and len(texts[i - 2]) == 1 and texts[i - 2].isalpha()
                and (i - 3) in self.designated):
            return True  # a lettered label (49 b, 90 a) before the join
        glued = _GLUED_JOIN.fullmatch(lowers[i - 1]) if i > 0 else None
        return glued is not None and self._after_designation(i - 1)  # Arts. 184y 185

    def _alone_in_cell(self, i: int) -> bool:
        """Whether the token at ``i`` fills a ``|`` table cell by itself (``| 3-5 |``, or the
        row's last cell, ``| 3-5`` at the line's end): a schedule's value, its unit in the header."""
        if i == 0 or self.texts[i - 1] != "|":
            return False
        return i + 1 >= self.n or self.texts[i + 1] == "|" or "\n" in self.texts[i + 1]

    def _clock_or_size(self, i: int) -> bool:
        """Whether the whole number at ``i`` is an hour before ``a.m.``/``p.m.`` (``7 a.m.``), a
        time of 24 hours before ``hours`` (``0700 hours``), or a term of a nominal size with no
        unit (``2 x 4``, ``2 by 4`` lumber): names, not measures."""
        texts, lowers = self.texts, self.lowers
        following = lowers[i + 1].rstrip(".") if i + 1 < self.n else ""
        if following in ("am", "a.m", "pm", "p.m") and 0 < (whole_number(texts[i]) or 0) <= 12:
            return True
        if following in ("hours", "hrs") and HOURS_OF_DAY.fullmatch(texts[i]):
            return True
        if (i + 2 < self.n and lowers[i + 1] in ("x", "×", "by") and self.space[i] and self.space[i + 1]
                and texts[i + 2].isdigit() and (i + 3 >= self.n or self._unit(i + 3, i + 2) is None)):
            return True
        return (i > 1 and lowers[i - 1] in ("x", "×", "by") and (i - 2) in self.designated
                and self.space[i - 1] and self.space[i - 2])

    def _multiplier(self, i: int) -> bool:
        """Whether the number at ``i`` is a multiplier with a glued ``x`` (``1.5x``, ``9.5x``):
        the ``x`` ends the word (a dimension ``2x4`` or a name ``x86`` does not)."""
        k = i + 1
        return (self.texts[k] in ("x", "×") and (k + 1 >= self.n or bool(self.space[k])
                                                  or not self.texts[k + 1][:1].isalnum()))

    def _inline_list_number(self, i: int) -> bool:
        """A list number run into the text after a colon or a sentence's end (``NOTES: 1.
        CONCRETE SHALL ... 2. SLUMP ...``): one or two digits, its period, a capital after."""
        texts = self.texts
        if i == 0 or i + 2 >= self.n or texts[i + 1] != "." or self.space[i] or not self.space[i + 1]:
            return False
        return (len(texts[i]) <= 2 and texts[i].isdigit() and texts[i - 1] in (":", ".")
                and texts[i + 2][:1].isupper() and texts[i + 2][:1].isalpha())

    def _inline_bracketed_label(self, i: int) -> bool:
        """A subsection's bracketed number where an act's text layer runs it into its text: after
        a sentence's end or alone at a line's start, a word in sentence case next (``the Service.
        (2) The Board may``; ``(1)`` on a line of its own over ``The Board ...``). A drawing's
        count (``CONT. (2) #5 BARS``) is followed by a mark or capitals."""
        texts = self.texts
        if i < 1 or i + 1 >= self.n or texts[i - 1] != "(" or texts[i + 1] != ")" or not (
                len(texts[i]) <= 2 and texts[i].isdigit()):
            return False
        before = i - 2
        while before >= 0 and texts[before].isspace():
            before -= 1
        if not (self._starts_line(i - 1) or (before >= 0 and texts[before] in (".", ":"))):
            return False
        after = i + 2
        while after < self.n and texts[after].isspace():
            after += 1
        word = texts[after] if after < self.n else ""
        return word[:1].isupper() and word.isalpha() and any(ch.islower() for ch in word)

    def _bare_skip(self, i: int, number: NumberToken, text: str) -> bool:
        """Bare numbers (no unit) that are codes, years, references or heading numbers."""
        if self._heading_number(i) or self._inline_list_number(i) or self._inline_bracketed_label(i):
            return True
        lowers, texts, space = self.lowers, self.texts, self.space
        if i + 1 < self.n and not space[i] and texts[i][-1:].isdigit() and not self._multiplier(i) and (
                texts[i + 1][:1].isalpha()
                or (texts[i + 1] == "-" and i + 2 < self.n and not space[i + 1] and texts[i + 2][:1].isalpha())):
            return True  # glued to letters: 3M, 34M, 6A, 2-chloro, 4-amino
        if i > 1 and len(texts[i - 1]) == 1 and texts[i - 1].isupper() and lowers[i - 2] in DESIGNATIONS:
            return True  # AASHTO M 182
        if i > 0 and i + 1 < self.n and texts[i - 1] in ('"', "“") and texts[i + 1] in ('"', "”"):
            return True  # an imprint or label in quotation marks: "50"
        if self._listed(i):
            self.designated.add(i)  # the list goes on past it (§§ 90 a, 96 a, 128 oder 129)
            return True
        if number.kind == "number" and number.is_integer and not number.has_grouping:
            words = 0
            for k in range(i + 1, min(self.n, i + 5)):
                if lowers[k] in _STREET_WORDS and words:
                    return True  # an address: 410 Commerce Street
                if not texts[k][:1].isupper() or not texts[k].isalpha():
                    break
                words += 1
        if number.kind == "number" and number.is_integer and not number.has_grouping:
            digits = text.lstrip("+-−")
            if len(digits) > 1 and digits.startswith("0"):
                return True  # 03, 050
            if 1900 <= abs(number.value or 0) <= 2100 and len(digits) == 4:
                return True  # a year
            neighbours = (self._number(i - 1) if i > 0 and self.space[i - 1] else None,
                          self._number(i + 1) if self.space[i] else None)
            if any(other is not None and other.kind == "number" and other.is_integer
                   for other in neighbours):
                return True  # 03 30 00, 555 0142
        if number.kind == "range" and number.dash == "-" and not self._alone_in_cell(i) and number.precision >= 1:
            # 1-800 without a unit: a code, not a range (alone in a table cell, or of decimals
            # as a ratio's 0.38-0.45 is, a range)
            return True
        if number.kind == "number" and not number.is_integer and "." in text:
            previous = self.lowers[i - 1] if i > 0 else ""
            following = self.texts[i + 1] if i + 1 < self.n else ""
            if previous == "(" and following == ")":
                return True  # (5.1): a cross-reference
            if previous in _IN_REFERENCE_WORDS:
                return True  # described in 2.1
        return False

    # -- one mention -----------------------------------------------------------------------
