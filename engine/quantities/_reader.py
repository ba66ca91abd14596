"""Assembling quantity mentions from one doc's tokens (:class:`_Reader`, on ``_tokens``).

At each number (decimals, thousands separators, fractions, feet-inches, dash ranges, numbers
in words before a unit, compounds such as ``Forty-Two Thousand Dollars`` and fractions such as
``one-half``) a mention is assembled from the tokens and phrases around it: currency, sign and
bound before; scale, unit, range, ``±`` tolerance, frequency, spacing and a trailing bound
after (``_grammar`` lists the forms). What is not a quantity is skipped on purpose (numbers
naming something, codes, addresses, dates, references, heading and list numbers); what looks
like a quantity and is not understood is kept without a unit or value, with a warning.
"""

from __future__ import annotations

import re
from dataclasses import replace

from inforce.ontology.text import whole_number

from ._lexicon import (
    ANGLE_MARKED,
    BAR_CONTEXT,
    BAR_DIAMETERS,
    BAR_SIZES_METRIC_M,
    BAR_SIZES_US,
    BOUND_AFTER,
    CURRENCY_PREFIXES,
    DESIGNATION_AFTER,
    FREQUENCIES,
    MONEY_ONLY_SCALES,
    POWER_OF_TEN,
    RANGE_CONNECTORS,
    ROUTES,
    SCALES,
    TIMES,
    UNREAD_NOTATION,
    WORD_NUMBERS,
    NumberToken,
    lex_number,
)
from ._models import Notation
from ._tokens import (
    _CURRENCY_CODES,
    _DIGIT,
    _FIGURES_BEFORE,
    _INCH_MARKS,
    _NUMBER_START,
    _NUMERAL,
    _SCALE_WORDS,
    _TABLE_LINE,
    Found,
    _TokenReader,
)
from .units import ResolvedUnit, convert, convert_difference, dimension_of

__all__ = ["_Reader"]

#: One to three digits, a point, three digits (``4.000``, ``1.500``): with a unit after it, a
#: point between thousands as much of Europe writes them, or three decimals: not to be told apart.
_POINT_GROUPED = re.compile(r"[+\-−]?[1-9]\d{0,2}\.\d{3}")
#: Things laid or set in a count of one size ("3 - 50 mm layers", "2 - 13 mm plies"): a dash
#: between a bare count and a size before one of these is no range.
_COUNTED_PIECES = frozenset({"layer", "layers", "ply", "plies", "coat", "coats", "course", "courses", "lift", "lifts",
                             "sheet", "sheets", "piece", "pieces", "bar", "bars", "board", "boards", "strand", "strands",
                             "wire", "wires", "panel", "panels", "rod", "rods", "bolt", "bolts", "anchor", "anchors"})
#: The last group of thousands set apart by spaces, with decimals after a point or a comma
#: (``4 000.5``, ``4 000,5``).
_GROUP_WITH_DECIMALS = re.compile(r"\d{3}(?P<mark>[.,])(?P<decimals>\d+)")


#: A figure as one token in the notations a temperature letter may be glued to: digits with
#: thousands and decimals, e-notation (``1e2``) or a power of ten (``10^2``, ``10²``).
_FIGURE = r"[+\-−]?\d[\d,]*(?:\.\d+)?(?:[eE][+\-−]?\d+|\^[+\-−]?\d+|⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
#: A figure with a temperature letter glued to it, as one token, a joining mark or a degree sign
#: between allowed, a sentence's full stop the tokenizer leaves on it after (``250K``, ``120F``,
#: ``5c``, ``1e2C``, ``400_F.``; a lower-case ``k`` is the thousand: ``5k run``).
_GLUED_TEMPERATURE = re.compile(rf"{_FIGURE}[\-_/]?°?[CFKcf]\.?")
#: A figure token a temperature letter may follow written against it (``1e2`` of ``1e2K``,
#: ``400-`` of ``400-°F``): the figure, and a joining mark glued to its end.
_JOINED_FIGURE = re.compile(rf"(?P<figure>{_FIGURE})(?P<join>[\-_/]?)")
#: A figure in digits alone, its thousands and decimals: the notation a degree sign alone before a
#: letter leaves read (``400°F``).
_PLAIN_FIGURE = re.compile(r"[+\-−]?\d[\d,]*(?:\.\d+)?")
#: An Australian bar size or a bar's diameter after the diameter mark (``N12``, ``Ø12``).
_BAR_MARKED = re.compile(r"(?:N|[ØøΦ⌀])(?P<size>\d{1,2})")
#: A ratio of two figures written with a colon, one of them 1 (``1:12``, ``1:2.5``, ``2:1``): a
#: slope or a proportion; a chain of three (``1:2:4``) is no such ratio (audit 53).
_RATIO = re.compile(r"(?P<first>\d+(?:\.\d+)?):(?P<second>\d+(?:\.\d+)?)")
#: Words after a figure with a colon that make it a time of day or a duration (``1:30 p.m.``).
_AFTER_CLOCK = frozenset({"am", "a.m", "pm", "p.m", "hours", "hour", "hrs", "hr", "h", "o'clock", "min", "minutes"})
#: Feet and whole inches with no inch mark yet (``3'-0``, ``2'-6``): a fraction and the inch
#: mark may follow across a blank (``3'-0 1/2"``: 36.5 in, audit 53); the inches as written.
_FEET_WHOLE_INCHES = re.compile(r"[+\-−]?\d+['′]-?(?P<inches>\d+)")
#: An R-value (``R-19``, ``R13``, ``R-3.5``) or a deflection limit over the span (``L/360``, the span
#: named in its word: ``span/360``, audit 56) as one token.
_DESIGNATED = re.compile(r"(?:(?P<letter>R)-?|(?:L|[Ss]pan|SPAN)/)(?P<number>\d+(?:\.\d+)?)")
#: Words between an R-value's name and its figure (``an R-value of 19``, ``R-value: 19``).
_R_VALUE_JOINS = frozenset({"of", ":", "=", "is"})
#: The unit each designation's number is read in, each a dimension of its own (``ontology.units``).
_DESIGNATED_UNITS: dict[str, tuple[str, str]] = {
    "gauge": ("gauge", "gauge_number"), "r_value": ("R-value", "r_value"), "span_ratio": ("L/n", "span_ratio"),
}
#: A unit whose whole number may be followed by a figure of a smaller unit, the two one quantity
#: (``10 ft 6 in``, ``2 h 30 min``, ``5 lb 8 oz``), and how many of the smaller make one of it.
_SMALLER_PART: dict[str, tuple[str, int]] = {
    "foot": ("inch", 12), "hour": ("minute", 60), "minute": ("second", 60), "pound": ("ounce", 16),
}
#: Marks joining a figure to a letter written against it (``400-F``, ``400/F``, ``400_F``).
_JOINS = frozenset("-_/")
#: The temperature letters, as a token of their own glued to a figure.
_TEMPERATURE_LETTERS = frozenset("CFKcf")


class _Reader(_TokenReader):
    """Walks one doc's tokens left to right, assembling a mention at each number."""

    def read(self) -> list[Found]:
        found: list[Found] = []
        floor = 0
        resume = 0
        for i, lower in enumerate(self.lowers):
            if i < resume:
                continue
            bar = (self._bar_size(i) or self._designated_figure(i) or self._ratio_in_words(i)
                   if _DIGIT.search(lower) is not None else None)
            if bar is not None:
                number = bar
            elif lower[:1] in _NUMBER_START and _NUMERAL.search(lower) is not None:
                number = (self._times_power_of_ten(i) or self._spaced_thousands(i, lex_number(self.texts[i]))
                          or self._unread_notation(i) or self._glued_temperature(i) or self._ratio(i))
                glued = self._letter_glued(i, i + number.tokens) if number is not None and number.kind == "number" else 0
                if glued:
                    number = NumberToken("unread", None, tokens=number.tokens + glued)
                elif number is not None and number.kind == "number" and self._unsure_temperature(i, i + number.tokens):
                    number = NumberToken("unread", None, tokens=number.tokens)
            elif lower in ("a", "an", "half"):
                number = self._article_number(i)
                if number is None or self._unit_with_gap(i + number.tokens, i) is None:
                    continue
            elif lower in WORD_NUMBERS:
                number = self._word_number(i)
                if number is None or (number.kind == "word"
                                      and self._unit_with_gap(i + number.tokens, i) is None):
                    continue
            else:
                continue
            if number is None:
                continue
            mention, next_i = self._mention(i, number, floor)
            if mention is not None:
                found.append(mention)
                floor = next_i
            resume = max(next_i, i + 1)
        return found

    def _spaced_thousands(self, i: int, number: NumberToken | None) -> NumberToken | None:
        """``4 , 000 psi``: a drawing's thousands separator typed with a space each side (one to
        three digits, then groups of exactly three), read as one number; anything else as it is."""
        texts = self.texts
        if (number is None or number.kind != "number" or not number.is_integer or number.has_grouping
                or not re.fullmatch(r"\d{1,3}", texts[i])):
            return number
        k = i
        digits = texts[i]
        while (k + 2 < self.n and self.space[k] and texts[k + 1] == "," and self.space[k + 1]
               and re.fullmatch(r"\d{3}", texts[k + 2])):
            digits += texts[k + 2]
            k += 2
        if k == i:
            return self._space_grouped(i, number)
        if k + 1 < self.n and texts[k + 1] == "," and not self.space[k]:
            return number
        return replace(number, value=float(digits), has_grouping=True, tokens=k - i + 1)

    def _unread_notation(self, i: int) -> NumberToken | None:
        """A figure in a notation not read (``_lexicon.UNREAD_NOTATION``: ``1e3 psi``, ``+5/-0
        mm``) with a known unit after it: a number of no value, to be kept with a warning."""
        if UNREAD_NOTATION.fullmatch(self.texts[i]) is None:
            return None
        if i + 1 < self.n and self.texts[i + 1] == "K" and self.space[i]:
            return NumberToken("unread", None)  # "2e2 K": never a bare 2 or 200 (audit 49 H2)
        unit = self._unit(i + 1, i) if i + 1 < self.n else None
        if unit is not None and unit[1] is not None:
            return NumberToken("unread", None)
        if self._alone_in_cell(i) or self.n == 1:
            # a table cell's whole text (``| 2.5e3 |``, a CSV cell read alone): its unit is its
            # column header's, if any; kept (warned) only where the header gives one (audit 71 B F9)
            return NumberToken("unread_cell", None)
        return None

    def _after_money(self, i: int) -> bool:
        """Whether a currency sign or code stands just before token ``i`` (``$50K``, ``USD 50 K``)."""
        sign = self._gap_before(i - 1)
        return 0 <= sign < i and self.lowers[sign] in CURRENCY_PREFIXES

    def _glued_temperature(self, i: int) -> NumberToken | None:
        """A figure with a temperature letter glued to it (``250K``, ``120F``, ``5C``, any case),
        not after money (``$50K`` is the thousand): a number of no value, kept with a warning,
        never dropped unsaid (audit 49 H1, L2). What it measures cannot be told: a kelvin, a
        Fahrenheit or Celsius degree, a thousand or a name (``50K heaters``). So too a figure the
        lexer does not read with the letter written against it: in e-notation or a power of ten
        (``1e2K``, ``1e2C``, ``10^2K``) or through a joining mark (``400_F``, ``400-°F``:
        audit 50), over all its tokens."""
        if self._after_money(i):
            return None
        text = self.texts[i]
        if _GLUED_TEMPERATURE.fullmatch(text) is not None:
            return NumberToken("unread", None)
        figure = _JOINED_FIGURE.fullmatch(text)
        if figure is None:
            return None
        glued = self._letter_glued(i, i + 1, joined=bool(figure["join"]) or _PLAIN_FIGURE.fullmatch(figure["figure"]) is None)
        return NumberToken("unread", None, tokens=1 + glued) if glued else None

    def _letter_glued(self, i: int, k: int, *, joined: bool = False) -> int:
        """How many tokens from ``k`` make a temperature letter written against the figure at
        ``i`` ending just before it, standing alone, not after money (``$50K``): the letter glued
        on (``250K``, ``5C.``: see :meth:`_glued_temperature`), or after joining marks (``400-F``,
        ``400/F``, ``400-°F``: audit 50) where the figure measures a value (a bound, a comparison
        or a temperature word governs it: :meth:`_governed`, :meth:`_of_temperature`) or a degree
        sign is among the marks; ``Grid 4-C`` is a label's. A degree sign alone between
        (``400°F``) is the unit, read; ``joined``: the figure's token is written in a notation
        not read or ends in a joining mark itself (``1e2``, ``400-``). 0 when there is none."""
        j, marks = k, ""
        while j < self.n and not self.space[j - 1] and (self.texts[j] in _JOINS or self.texts[j] == "°"):
            marks += self.texts[j]
            j += 1
        if not (0 < j < self.n) or self.space[j - 1] or self.texts[j] not in _TEMPERATURE_LETTERS:
            return 0
        if not (j + 1 >= self.n or self.space[j] or not self.texts[j + 1][:1].isalnum()) or self._after_money(i):
            return 0
        if j == k:
            return 1 if self.texts[k - 1][-1:].isdigit() else 0
        if not (joined or any(mark in _JOINS for mark in marks)):
            return 0  # "400°F": the unit, read
        if not ("°" in marks or self._governed(i) or self._of_temperature(i)):
            return 0  # "Grid 4-C": a label's letter
        return j - k + 1

    def _unsure_temperature(self, i: int, k: int) -> bool:
        """Whether the token ``k`` after the figure at ``i`` is a temperature letter standing alone a space
        after it that the unit rule does not take: a ``K`` (``Storage temperature 293.15 K.``,
        ``77 K, nominal``), or a ``C`` or ``F`` after a figure a bound or comparison governs (``not
        more than 250 F.``, audit 50). The figure is then unread, never a bare number that a true
        claim in °C is refused against (audit 49 M2). A word of its own after the letter (``Room
        101 K wing``), a unit (``7 K psi``) or money before the figure (``$50 K``) leave it as it
        was."""
        if (k >= self.n or self.texts[k] not in ("K", "C", "F") or not self.space[k - 1]
                or not self.texts[k - 1][-1:].isdigit()):
            return False
        if self._after_money(k - 1) or self._single_unit(k, k - 1) is not None:
            return False
        if self.texts[k] != "K" and not self._governed(i):
            return False  # "Room 101 C", "Appendix 4 F": a label's letter
        return k + 1 >= self.n or not self.texts[k + 1][:1].isalnum() or self.lowers[k + 1] in self.stop

    def _times_power_of_ten(self, i: int) -> NumberToken | None:
        """A figure times a power of ten written across words (``1 x 10^3 psi``, ``2.5 × 10⁶ Pa``)
        with a known unit after it: a number of no value over its three words, to be kept with a
        warning, never read as its first digits (audit 44)."""
        if (i + 3 >= self.n or self.lowers[i + 1] not in TIMES or POWER_OF_TEN.fullmatch(self.texts[i + 2]) is None
                or lex_number(self.texts[i]) is None):
            return None
        unit = self._unit(i + 3, i + 2)
        return NumberToken("unread", None, tokens=3) if unit is not None and unit[1] is not None else None

    def _space_grouped(self, i: int, number: NumberToken) -> NumberToken:
        """``3 500 PSI``: thousands set apart by a space (the SI way), read as one number when
        groups of exactly three digits follow with one space each and a unit after them, and
        nothing numeric or a mark of a count or size (``(``, ``#``) stands just before. The last
        group may carry decimals (``4 000.5 mm`` is 4000.5 mm), after a comma too: with the
        thousands set apart by spaces the comma can only be the decimal one (``1 234,5 kN`` is
        1234.5 kN, the SI way: audit 57); without a unit after it, one malformed number, never
        4 and a ``000,5``."""
        texts = self.texts
        k = i
        digits = texts[i]
        while k + 1 < self.n and self.space[k] and re.fullmatch(r"\d{3}", texts[k + 1]):
            digits += texts[k + 1]
            k += 1
        if i > 0 and (_DIGIT.search(texts[i - 1]) is not None or texts[i - 1] in ("(", "#", "-")):
            return number
        tail = _GROUP_WITH_DECIMALS.fullmatch(texts[k + 1]) if k + 1 < self.n and self.space[k] else None
        if tail is not None:
            digits += texts[k + 1].replace(",", ".")
            k += 1
        if k == i:
            return number
        unit = self._unit(k + 1, k) if k + 1 < self.n else None
        if unit is None or unit[1] is None:
            return NumberToken("malformed", None, tokens=k - i + 1) if tail is not None and tail["mark"] == "," else number
        if tail is not None:
            return replace(number, value=float(digits), precision=10.0 ** -len(tail["decimals"]), is_integer=False,
                           has_grouping=True, tokens=k - i + 1)
        return replace(number, value=float(digits), has_grouping=True, tokens=k - i + 1)

    def _mention(self, i: int, number: NumberToken, floor: int) -> tuple[Found | None, int]:
        if number.kind not in ("bar_size", *_DESIGNATED_UNITS) and self._designation(i, number):
            self.designated.add(i)
            return None, i + 1
        texts, lowers = self.texts, self.lowers
        first = i - 1 if number.kind == "bar_size" and texts[i - 1] == "#" else i
        value, upper, precision = number.value, number.upper, number.precision
        notation: Notation = {"fraction": "fraction", "feet_inches": "feet_inches", "word": "word",
                              "unread": "unread", "unread_cell": "unread"}.get(number.kind, "number")  # type: ignore[assignment]
        warnings: list[tuple[str, int, int, str]] = []
        tolerance_unit: tuple[tuple[int, float, float], int] | None = None
        # "-1.500% Notes": a list bullet, not a minus sign; a line that is only "-0.02" or
        # "-20 °C" is signed (``_list_bullet``)
        bullet = value is not None and self._list_bullet(i, i + number.tokens)
        if bullet:
            value = -value
        if number.kind == "malformed":
            written = self.text[self.idx[i] : self._end_char(i + number.tokens - 1)]
            warnings.append(("malformed_number", self.idx[i], self._end_char(i + number.tokens - 1),
                             f"{written!r} is not a number as written (thousands separators?)"))
        elif number.kind in ("unread", "unread_cell"):
            written = self.text[self.idx[i] : self._end_char(i + number.tokens - 1)]
            warnings.append(("malformed_number", self.idx[i], self._end_char(i + number.tokens - 1),
                             f"{written!r} is written in a notation not read (e-notation, a power of ten, a "
                             "tolerance each way as one word, a letter glued to it, a K that may not be the "
                             "kelvin); the figure is kept without a value"))

        # before the number: currency, a parenthesised negative, a sign word, a bound
        currency: str | None = None
        negative_paren = table_negative = False
        k = i - 1
        # a tolerance with no value before it: "plus or minus 3/4 inch", "± 2 mm"
        tolerance_only = self.phrases.ending(i, "TOLERANCE") if i > floor else None
        if tolerance_only is not None and tolerance_only[0] >= floor:
            first = k = tolerance_only[0]
            k -= 1
        else:
            tolerance_only = None
            if k >= floor and texts[k] == "(" and not self.space[k]:
                negative_paren = True
                k -= 1
            # the currency sign, also across a space or a line break ("$\n5,791", "$ 0.55")
            sign = self._gap_before(k)
            if sign >= floor and lowers[sign] in CURRENCY_PREFIXES:
                currency = texts[sign]
                first = sign
                k = sign - 1
            elif negative_paren:
                k += 1  # the parenthesis stays unclaimed unless a %, money or a table line says otherwise
            if (k >= floor and lowers[k] in ("minus", "-", "−")
                    and (lowers[k] == "minus" or (not self.space[k] and not self._list_bullet(k, i + number.tokens))
                         # U+2212 is never a hyphen or a bullet: "− 20 °C" is -20 °C, unless a
                         # number before it makes it a difference's or a range's (audit 51)
                         or (lowers[k] == "−" and self._number(k - 1) is None))):
                if value is not None:
                    value = -value
                first = min(first, k)
                k -= 1
            elif k >= floor and lowers[k] == "plus":
                first = min(first, k)
                k -= 1
        bound, bound_text = "exact", None
        before = self._bound_before(k + 1, floor)
        between = False
        if before is not None:
            bound, bound_text, bound_start = before
            first = min(first, bound_start)
        elif k >= floor and lowers[k] in ("between", "from"):
            between = lowers[k] == "between"

        # the number itself, and what is written right after it
        j = i + number.tokens
        if number.kind == "feet_inches" and j < self.n and texts[j] in _INCH_MARKS:
            j += 1
        elif number.kind == "feet_inches" and value is not None:
            fraction = self._inch_fraction_after(i, j)
            if fraction is not None:  # 3'-0 1/2": one length, 3 ft 0.5 in (audit 53)
                j, part, place = fraction
                value = value + part / 12 if value >= 0 else value - part / 12
                precision = place / 12
        half = (self._and_a_fraction(j) if number.kind == "number" and number.is_integer and j < self.n
                else None)
        if half is not None:  # 7 and a half years, 7-and-a-half years
            value = (value or 0) + half[1]
            precision = half[1]
            notation = "fraction"
            j = half[0]
        elif (number.kind == "number" and number.is_integer and j < self.n and self.space[i]):
            fraction = self._number(j)
            if fraction is not None and fraction.kind == "fraction" and fraction.value is not None:
                value = (value or 0) + fraction.value if (value or 0) >= 0 else (value or 0) - fraction.value
                precision = fraction.precision
                notation = "fraction"
                j += 1
        if negative_paren and j < self.n and texts[j] == ")":
            after = lowers[j + 1] if j + 1 < self.n else ""
            if currency is not None or after == "%" or after in SCALES or self._table_negative(i, j, number):
                value = -value if value is not None else None
                first = min(first, i - 1)
                table_negative = currency is None
                j += 1
            elif currency is None and number.kind == "number" and number.is_integer and j + 1 < self.n:
                opener = lowers[i - 2] if i > 1 and not self._starts_line(i - 1) else ""
                if texts[j + 1][:1].isalpha() and (not opener[:1].isalnum() or opener in self.stop):
                    # an enumerator: "(2) Minor components", ": (1) Current Health and (2) Two
                    # Peaks"; after a noun it is a count: "nurses (3) and physicians (2)"
                    return None, i + 1
                following = self._number(j + 1)
                if following is not None and following.kind == "range" and following.dash == "-":
                    return None, i + 1  # a telephone number: (304) 616-4550
        scale: str | None = None
        factor = 1.0
        at_scale = j
        if j < self.n and lowers[j] not in SCALES:
            gap = self._gap(j)  # "$737.9\nmillion": the scale word on the next line
            if gap != j and gap < self.n and texts[gap] in _SCALE_WORDS:
                at_scale = gap
        if (at_scale < self.n and lowers[at_scale] in SCALES
                and (currency is not None or lowers[at_scale] not in MONEY_ONLY_SCALES)):
            scale = texts[at_scale]
            factor = SCALES[lowers[at_scale]]
            j = at_scale + 1
        unit_written: str | None = None
        expression: str | None = None
        if number.kind == "feet_inches":
            unit_written, expression = "ft", "foot"
        elif number.kind == "bar_size":  # #5, 15M, N12, Ø12: a bar's size, its nominal diameter (audit 53)
            unit_written, expression = "bar size", "bar_size_mm"
        elif number.kind == "ratio":  # 1:12: a slope's rise over its run, a pure number (audit 53)
            unit_written, expression = "ratio", "dimensionless"
        elif number.kind in _DESIGNATED_UNITS:  # 20 gauge, R-19, L/360: a designation's number (audit 55)
            unit_written, expression = _DESIGNATED_UNITS[number.kind]
        else:
            if (number.kind == "fraction" and j + 2 < self.n and lowers[j] == "of" and lowers[j + 1] in ("a", "an")
                    and self._unit(j + 2, i) is not None):
                j += 2  # two-thirds of a mile, ½ of an inch
            unit = self._unit_with_gap(j, i)
            if unit is not None:
                j, expression, unit_written = unit[0], unit[1], unit[2]
                if expression is None:
                    warnings.append(("unknown_unit", self.idx[i], self._end_char(j - 1),
                                     f"unit {unit_written!r} is not known; the number is kept without a unit"))
                    unit_written = None
        if expression == "degree" and number.kind == "number" and value is not None and scale is None \
                and j == i + 2 and texts[i + 1] == "°" and not self.space[i]:
            arc = self._arc_after(i, j)
            if arc is not None:  # 12°30′, 45°30'15": one angle, 12.5° (audit 52)
                j, minutes, place = arc
                if minutes is None:
                    written = self.text[self.idx[i] : self._end_char(j - 1)]
                    warnings.append(("malformed_number", self.idx[i], self._end_char(j - 1),
                                     f"{written!r} is not an angle as written (whole degrees, then minutes "
                                     "and seconds under 60); the figure is kept without a value"))
                    value = None
                else:
                    value = value + minutes if value >= 0 else value - minutes
                    precision = place
        if expression in _SMALLER_PART and number.kind == "number" and number.is_integer and value is not None \
                and scale is None:
            part = self._smaller_part_after(j, i, expression)
            part_value = part[1] if part is not None else None
            if part is not None and part_value is None:
                j = part[0]
                written = self.text[self.idx[i] : self._end_char(j - 1)]
                warnings.append(("malformed_number", self.idx[i], self._end_char(j - 1),
                                 f"{written!r} holds as much of the smaller unit as one of the larger or "
                                 "more; the figure is kept without a value"))
                value, notation = None, "unread"  # named as a figure not read: a claim on it escalates
            elif part is not None and part_value is not None:
                # 10 ft 6 in, 10' 6": one length, as 10'-6" is (audits 51, 52); 2 h 30 min, 5 lb 8 oz:
                # one duration, one mass, never the first figure with the rest dropped (audit 55)
                j, part_place = part[0], part[2]
                per = _SMALLER_PART[expression][1]
                value = value + part_value / per if value >= 0 else value - part_value / per
                precision = part_place / per
                if expression == "foot":
                    notation = "feet_inches"
        if expression not in (None, "percent") and number.kind == "number" and _POINT_GROUPED.fullmatch(texts[i]):
            # 4.000 psi: a point between thousands (as much of Europe writes them) or three
            # decimals (audit MM4-2); which cannot be told, so the figure is kept without a value,
            # never read one way so that a claim of the other is refused (audit 55: 2.000 fpm). A
            # percent is read as decimals: rates are written so (1.500% Notes), a thousand percent not
            warnings.append(("malformed_number", self.idx[i], self._end_char(i),
                             f"{texts[i]!r} may be {texts[i].replace('.', ',')} (a point between thousands) "
                             "or three decimals; the figure is kept without a value (write 4,000 or 4000 for "
                             "thousands)"))
            value, upper, notation = None, None, "unread"
        if currency is not None and expression is None and not warnings:
            unit_written, expression = currency, CURRENCY_PREFIXES[currency.lower()]
            notation = "money"
        elif currency is not None and expression is not None:
            notation = "money"
            unit_written = f"{currency} {unit_written}"
        if expression == "percent":
            notation = "percent"
        if expression in _CURRENCY_CODES and j < self.n:
            rate = self._per_unit(j, first)  # $48.00 per cubic yard
            if rate is not None:
                end, per_expression, per_written, extend = rate
                expression = f"({expression}) / ({per_expression})"
                unit_written = f"{unit_written} per {per_written}"
                if extend:
                    j = end
        bracketed_unit = self._unit_after_brackets(j) if expression is None and currency is None else None
        if bracketed_unit is not None:  # 4,000 (+500, -0) psi: the tolerance's brackets before the unit
            signed = self._signed_tolerance(j, value or 0.0, bracketed_unit[1])
            if signed is not None and signed[0] == bracketed_unit[3]:
                expression, unit_written = bracketed_unit[1], bracketed_unit[2]
                tolerance_unit = (signed, bracketed_unit[0])
        if expression is None and not warnings and self._looks_like_unit(j):
            warnings.append(("unknown_unit", self.idx[i], self._end_char(j),
                             f"{texts[j]!r} reads like a unit but is not known; the number is kept without a unit"))
            j += 1

        bare = expression is None and currency is None and scale is None
        if bare and not warnings and (
                number.kind == "word"
                or (self._bare_skip(i, number, texts[i]) if not table_negative else self._year(number, texts[i]))):
            return None, i + 1
        if tolerance_only is not None and expression is None:
            return None, i + 1  # "± 2" with no unit: nothing to say what it measures
        if value is not None:
            value *= factor
            if upper is not None:
                upper *= factor
            precision = precision * factor
        if number.kind == "range":
            bound = "range"

        # a range written with a connector: 30 to 40 kg, 15 to less than 20 kg, 20° to 25°C
        nominal = None
        if tolerance_only is not None and value is not None:
            value, upper, bound = -abs(value), abs(value), "range"
        if number.kind != "range" and j < self.n and value is not None and tolerance_only is None:
            ranged = self._range_after(j, value, expression, unit_written, currency, between)
            if ranged is not None:
                j, upper, expression, unit_written, hi_precision = ranged
                bound, bound_text = "range", None
                precision = min(precision, hi_precision) if precision else hi_precision
        # a tolerance: 4 inches ± 1 inch, 6% +/- 1.5%, 5.5 ± 1.0% (the spread's unit is the
        # value's), 6 1/2% ±1 1/2%; one each way in brackets: 3" (+1/4", -0")
        if bound == "exact" and value is not None and j < self.n:
            tolerance = self._tolerance_after(j, value, expression)
            if tolerance is not None:
                j, spread, spread_expression, spread_written, spread_precision = tolerance
                nominal = value
                # the ends are written as finely as the finer of the two figures: "4 in ± 1/4 in"
                # states its ends to the quarter inch, not to the inch (audit 51 H2)
                precision = min(precision, spread_precision) if precision else spread_precision
                value, upper = value - spread, value + spread
                bound = "range"
                if expression is None and currency is None and scale is None and spread_expression is not None:
                    expression, unit_written = spread_expression, spread_written
                    if expression == "percent":
                        notation = "percent"
            else:
                signed = tolerance_unit[0] if tolerance_unit is not None else self._signed_tolerance(j, value, expression)
                if signed is not None:
                    j, below, above, spread_precision = signed
                    precision = min(precision, spread_precision) if precision else spread_precision
                    if tolerance_unit is not None:
                        j = tolerance_unit[1]  # past the unit after the brackets
                    nominal = value
                    value, upper = value - below, value + above
                    bound = "range"

        frequency, per_day = None, None
        k = j
        while k < self.n and (lowers[k] in ROUTES or self.phrases.at(k, "ROUTE") is not None):
            route = self.phrases.at(k, "ROUTE")
            k = route[0] if route is not None else k + 1
        freq = self.phrases.at(k, "FREQ")
        if freq is not None and expression is not None:
            frequency, per_day = self._written(k, freq[0]), float(FREQUENCIES[freq[1]])
            j = freq[0]
        spacing = False
        spacing_phrase = self.phrases.at(j, "SPACING")
        if spacing_phrase is not None and expression is not None:
            spacing, j = True, spacing_phrase[0]
        after = self.phrases.at(j, "BOUND_AFTER")
        if after is not None and bound in ("exact",) and (expression is not None or currency is not None):
            bound, bound_text, j = BOUND_AFTER[after[1]], after[1], after[0]

        start_char, end_char = self.idx[first] + (1 if bullet and first == i else 0), self._end_char(j - 1)
        resolved = None
        if expression is not None:
            dimension = dimension_of(expression)
            if dimension is not None:
                resolved = ResolvedUnit(unit_written or expression, expression, dimension)
        if upper is not None and value is not None and upper < value:
            value, upper = upper, value
        return Found(
            start=start_char, end=end_char, value=value, upper=upper, nominal=nominal,
            unit=unit_written, resolved=resolved, bound=bound, bound_text=bound_text,
            notation=notation, scale=scale, precision=precision if value is not None else None,
            frequency=frequency, per_day=per_day, spacing=spacing, warnings=warnings,
            unit_from="cell" if number.kind == "unread_cell" else None,
        ), j

    def _table_negative(self, i: int, close: int, number: NumberToken) -> bool:
        """Whether ``(number)`` is an accountant's negative: on a line of a financial table
        (nothing after it on its line but numbers and signs), alone there or among numbers,
        or after a row label when it is grouped (``(1,577)``) or other numbers share the row,
        before it or after it (``Purchases of equipment (388) (341)``: both cells negative).
        A cross-reference ``(5.1)`` in prose and a footnote mark after a label are not."""
        if number.value is None or number.kind != "number":
            return False
        if self._year(number, self.texts[i]):
            return False
        rest = self._line_after(close)
        if _TABLE_LINE.match(rest) is None:
            return False
        head = self._line_before(i - 1)
        if _TABLE_LINE.match(head) is not None:
            return True
        before = _FIGURES_BEFORE.search(head)
        return (number.has_grouping or _DIGIT.search(rest) is not None
                or (before is not None and _DIGIT.search(before.group(0)) is not None))

    @staticmethod
    def _year(number: NumberToken, text: str) -> bool:
        return (number.kind == "number" and number.is_integer and not number.has_grouping
                and len(text.lstrip("+-−")) == 4 and 1900 <= abs(number.value or 0) <= 2100)

    def _per_unit(self, j: int, first: int) -> tuple[int, str, str, bool] | None:
        """``per <unit>`` after an amount of money (``$48.00 per cubic yard``): (end, unit
        expression, unit as written, whether the mention's span runs on to it). The amount may
        be the figure in brackets of a sum written twice (``Forty-Eight Dollars ($48.00) per
        cubic yard``): both are the rate, and neither span takes in the brackets."""
        texts, k, extend = self.texts, j, True
        if texts[k] == ")" and first > 0 and texts[first - 1] == "(":
            k, extend = k + 1, False
        elif texts[k] == "(":
            close = next((m for m in range(k + 1, min(self.n, k + 8)) if texts[m] == ")"), None)
            if close is None or not any(_DIGIT.search(texts[m]) for m in range(k + 1, close)):
                return None
            k, extend = close + 1, False
        if k + 1 >= self.n or self.lowers[k] != "per":
            return None
        part = self._unit_part(k + 1, k)
        if part is None or part[1] in _CURRENCY_CODES or dimension_of(part[1]) is None:
            return None
        return part[0], part[1], self._written(k + 1, part[0]), extend

    def _range_after(
        self, j: int, value: float, expression: str | None, unit_written: str | None,
        currency: str | None, between: bool,
    ) -> tuple[int, float, str | None, str | None, float] | None:
        """``<connector> B [unit]`` after a first value: (end, upper, expression, written, precision)."""
        lowers = self.lowers
        connector = self.phrases.at(j, "RANGE")
        if connector is not None and connector[1] == "up to":
            return None
        if connector is not None:
            k = connector[0]
        elif lowers[j] in RANGE_CONNECTORS and (lowers[j] != "and" or between):
            if lowers[j] in ("-", "–", "—") and (self.space[j - 1] != self.space[j]):
                return None
            k = j + 1
        else:
            return None
        if k < self.n and currency is not None and lowers[k] == currency.lower():
            k += 1
        signed = k + 1 < self.n and self.texts[k] in ("-", "−") and not self.space[k]
        if signed:  # the tokenizer parts U+2212 from its number: between −20 and −5 °C
            k += 1
        hi = self._number(k)
        if signed and hi is not None and hi.value is not None:
            hi = replace(hi, value=-hi.value)
        if hi is None or hi.kind not in ("number", "fraction", "feet_inches") or hi.value is None:
            return None
        end = k + 1
        if hi.kind == "feet_inches":  # 10'-6" to 12'-0": the high end in feet and inches too (audit 52)
            if end < self.n and self.texts[end] in _INCH_MARKS:
                end += 1
            if expression is None:  # 6 to 10'-6": the low end in the high end's unit, as 30 to 40 kg
                return end, hi.value, "foot", "ft", hi.precision
            try:
                return end, convert(hi.value, "foot", expression), expression, unit_written, abs(
                    convert_difference(hi.precision, "foot", expression))
            except Exception:  # noqa: BLE001 — a different dimension: not a range
                return None
        factor = 1.0
        if end < self.n and lowers[end] in SCALES and lowers[end] not in MONEY_ONLY_SCALES:
            factor = SCALES[lowers[end]]
            end += 1
        hi_value = hi.value * factor
        unit = self._unit(end, k)
        hi_expression, written = None, None
        if unit is not None and unit[1] is not None:
            end, hi_expression, written = unit[0], unit[1], unit[2]
        if expression is None and hi_expression is None and currency is None:
            return None  # two bare numbers: not read as a range
        if (expression is None and lowers[j] in ("-", "–", "—") and value.is_integer() and end < self.n
                and lowers[end] in _COUNTED_PIECES):
            return None  # "3 - 50 mm layers": three layers of 50 mm, the trade's count and size (audit 57)
        if hi.value == 1 and expression is not None and hi_expression not in (None, expression) and any(
                self.lowers[m] in ("scale", "scaled") for m in range(max(0, j - 10), j)):
            return None  # a drawing scale, 1/8 inch to 1 foot: two lengths in a ratio, not a range
        if expression is None or (expression == "degree" and hi_expression is not None):
            expression, unit_written = hi_expression, written
        elif hi_expression is not None and hi_expression != expression:
            try:
                hi_value = convert(hi_value, hi_expression, expression)
            except Exception:  # noqa: BLE001 — a different dimension: not a range
                return None
        # a range written high to low ("-5 to -10 °C", "6 to 4 inches") is the range low to high,
        # as the caller orders it; never one end read alone (audit 44 M3)
        return end, hi_value, expression, unit_written, hi.precision * factor

    def _arc_after(self, i: int, j: int) -> tuple[int, float | None, float] | None:
        """Minutes, and seconds, written right after the degrees at ``i`` whose sign ends at ``j``
        (``12°30′``, ``45°30'15"``: :data:`_lexicon.ANGLE_MARKED`): (end, the degrees they add,
        the place of their last written digit in degrees); the degrees they add are None where
        the shape is not an angle's as written (``12.5°30′``, ``12°75′``). None where no such
        shape stands there, or it ends inside a token."""
        match = ANGLE_MARKED.match(self.text, self.idx[i])
        if match is None:
            return None
        end = j
        while end < self.n and self.idx[end] < match.end():
            end += 1
        if self._end_char(end - 1) != match.end():
            return None
        minutes, seconds = match["minutes"], match["seconds"]
        if "." in match["degrees"] or float(minutes) >= 60 or (seconds is not None and (
                "." in minutes or float(seconds) >= 60)):
            return end, None, 0.0
        last = seconds if seconds is not None else minutes
        place = 10.0 ** -len(last.partition(".")[2]) / (3600 if seconds is not None else 60)
        return end, float(minutes) / 60 + float(seconds or 0) / 3600, place

    def _bar_size(self, i: int) -> NumberToken | None:
        """A reinforcing bar's size at token ``i`` (``#5``, ``15M``, ``N12``, ``Ø12``) as its
        nominal diameter in millimetres (``_lexicon``'s tables), where the line speaks of bars
        (:data:`BAR_CONTEXT`: ``#5 @ 12" o.c.``, ``15M bars``); None elsewhere (``Sheet #5``,
        ``$15M``) and for a size no table lists (``#12``: said by no figure, as before)."""
        texts, text = self.texts, self.texts[i]
        diameter, tokens = None, 1
        number = whole_number(text)
        if number is not None and i > 0 and texts[i - 1] == "#" and not self.space[i - 1]:
            diameter = BAR_SIZES_US.get(number)
        elif number is not None and i + 1 < self.n and texts[i + 1] == "M" and not self.space[i] \
                and (i == 0 or texts[i - 1] not in CURRENCY_PREFIXES):
            diameter, tokens = BAR_SIZES_METRIC_M.get(number), 2
        else:
            marked = _BAR_MARKED.fullmatch(text)
            if marked is not None and int(marked["size"]) in BAR_DIAMETERS:
                diameter = float(marked["size"])
        if diameter is None:
            return None
        line_start = self.text.rfind("\n", 0, self.idx[i]) + 1
        line_end = self.text.find("\n", self.idx[i])
        if BAR_CONTEXT.search(self.text, line_start, len(self.text) if line_end < 0 else line_end) is None:
            return None
        return NumberToken("bar_size", diameter, precision=0.0, is_integer=True, tokens=tokens)

    def _designated_figure(self, i: int) -> NumberToken | None:
        """A number that is a designation's, compared only with the same designation (audit 55):
        a gauge (``20 gauge``, ``16 ga.``, ``20-gauge``; a larger number is a thinner sheet, never a
        length), an R-value (``R-19``, ``R13``, ``an R-value of 19``: :meth:`_r_value_named`) and a
        deflection limit over the span (``L/360``, ``span/360``; a larger number is stricter). Each
        is a dimension of its own (:data:`_DESIGNATED_UNITS`); the forms in words and with a hyphen
        are audit 56's."""
        text = self.texts[i]
        number = whole_number(text)
        if number is not None and i + 1 < self.n and self.lowers[i + 1] in DESIGNATION_AFTER and self.space[i]:
            return NumberToken("gauge", float(text), precision=1.0, is_integer=True, tokens=2)
        if (number is not None and i + 2 < self.n and self.texts[i + 1] == "-" and not self.space[i]
                and not self.space[i + 1] and self.lowers[i + 2] in DESIGNATION_AFTER):
            return NumberToken("gauge", float(text), precision=1.0, is_integer=True, tokens=3)  # 20-gauge (audit 56)
        if self._r_value_named(i):  # an R-value of 19: R-19 (audit 56)
            lex = lex_number(text)
            if lex is not None and lex.value is not None and lex.kind == "number":
                return NumberToken("r_value", lex.value, precision=lex.precision, is_integer=lex.is_integer)
        designated = _DESIGNATED.fullmatch(text)
        if designated is None or self._after_designation(i):
            return None  # Sheet R-101, Detail R-3: a label's
        kind = "r_value" if designated["letter"] == "R" else "span_ratio"
        lex = lex_number(designated["number"])
        if lex is None or lex.value is None or lex.kind != "number":
            return None
        return NumberToken(kind, lex.value, precision=lex.precision, is_integer=lex.is_integer)

    def _r_value_named(self, i: int) -> bool:
        """Whether the figure at ``i`` is an R-value's, its name written before it (``an R-value of
        19``, ``R-value: 19``, ``R value of at least 19``): the figure R-19 is, with no unit or
        ``per`` after it (``an R-value of 4 per inch`` is a rate, not read so)."""
        bound = self.phrases.ending(i, "BOUND_BEFORE")
        k = (bound[0] if bound is not None else i) - 1
        if k >= 0 and self.lowers[k] in _R_VALUE_JOINS:
            k -= 1
        if k < 0:
            return False
        if self.lowers[k] not in ("r-value", "r-values"):
            if k < 1 or self.lowers[k] not in ("value", "values"):
                return False
            if self.texts[k - 1] == "-" and not self.space[k - 1] and k > 1 and not self.space[k - 2]:
                k -= 1  # R-value, parted at its hyphen
            elif not self.space[k - 1]:
                return False
            if self.lowers[k - 1] != "r":
                return False
        return not (i + 1 < self.n and (self.lowers[i + 1] == "per" or self._unit(i + 1, i) is not None))

    def _ratio_in_words(self, i: int) -> NumberToken | None:
        """A ratio written ``1 in 12`` (a slope's rise in its run: 1:12, audit 55): a 1, ``in``,
        then a whole number with no unit of its own after it."""
        run = whole_number(self.texts[i + 2]) if i + 2 < self.n else None
        if self.texts[i] != "1" or run is None or self.lowers[i + 1] != "in":
            return None
        if run == 0 or (i + 3 < self.n and self._unit(i + 3, i + 2) is not None):
            return None
        return NumberToken("ratio", 1 / run, precision=0.0, tokens=3)

    def _ratio(self, i: int) -> NumberToken | None:
        """A ratio written with a colon at token ``i`` (:data:`_RATIO`: ``1:12``, ``2:1``), its
        value the first term over the second (1:12 → 1/12, a slope's rise over its run); None for
        a time of day (``1:30 p.m.``, ``1:15 hours``) and a drawing's scale (``Scale 1:100``)."""
        match = _RATIO.fullmatch(self.texts[i])
        if match is None or "1" not in (match["first"], match["second"]) or float(match["second"]) == 0:
            return None
        if i + 1 < self.n and self.lowers[i + 1].rstrip(".") in _AFTER_CLOCK:
            return None
        if i > 0 and self.lowers[i - 1].rstrip(":") == "scale":
            return None
        return NumberToken("ratio", float(match["first"]) / float(match["second"]), precision=0.0)

    def _inch_fraction_after(self, i: int, j: int) -> tuple[int, float, float] | None:
        """The fraction of an inch after feet and whole inches written with no inch mark at
        ``i`` (``3'-0 1/2"``, ``2'-6 3/4"``): (end past the inch mark, the fraction, its place);
        None unless a fraction under one and an inch mark stand right after the blank at ``j``
        and the inches stay under 12."""
        whole = _FEET_WHOLE_INCHES.fullmatch(self.texts[i])
        if whole is None or j + 1 >= self.n or not self.space[j - 1] or self.texts[j + 1] not in _INCH_MARKS:
            return None
        fraction = self._number(j)
        if fraction is None or fraction.kind != "fraction" or fraction.value is None or not 0 < fraction.value < 1 \
                or int(whole["inches"]) + fraction.value >= 12:
            return None
        return j + 2, fraction.value, fraction.precision

    def _smaller_part_after(self, j: int, first: int, expression: str) -> tuple[int, float | None, float] | None:
        """The smaller unit's part written right after a whole number of the larger at ``first``
        (:data:`_SMALLER_PART`: ``10 ft 6 in``, ``10 feet 6-1/2 inches``, ``4 ft. 6 1/2 in.``,
        ``10' 6"``, ``2 h 30 min``, ``5 lb 8 oz``): (end, the part, the place of its last written
        digit); the part is None where it makes one of the larger unit or more (``1 h 90 min``: not
        a figure as written, never its hour alone, audit 56). None unless a figure with the smaller
        unit stands at ``j``. The figure starts at the first number: the foot mark before the inches is no
        opening quote that would make their inch mark its closing one (``10' 6"``: audit 52)."""
        smaller, per = _SMALLER_PART[expression]
        part = self._number(j)
        if part is None or part.value is None or part.kind not in ("number", "fraction") or part.value < 0:
            return None
        end, value, place = j + 1, part.value, part.precision
        if part.kind == "number" and part.is_integer and end < self.n and self.space[j]:
            fraction = self._number(end)  # a mixed number: 6 1/2 in
            if fraction is not None and fraction.kind == "fraction" and fraction.value is not None:
                value, place, end = value + fraction.value, fraction.precision, end + 1
        unit = self._unit(end, first) if end < self.n else None
        if unit is None or unit[1] != smaller:
            return None
        if value >= per:
            return unit[0], None, 0.0  # 1 h 90 min: more than the larger unit holds (audit 56)
        return unit[0], value, place

    def _tolerance_after(
        self, j: int, value: float, expression: str | None,
    ) -> tuple[int, float, str | None, str | None, float] | None:
        """``± spread [unit]`` after a value: (end, spread in the value's unit, the spread's
        unit expression and as written, None when it has none, the place of the spread's last
        written digit in the value's unit)."""
        mark = self.phrases.at(j, "TOLERANCE")
        if mark is None and j + 1 < self.n and self.texts[j] == ",":
            mark = self.phrases.at(j + 1, "TOLERANCE")  # 4 inches, plus or minus 1 inch
        bracketed = mark is None and j + 1 < self.n and self.texts[j] == "("
        if bracketed:
            mark = self.phrases.at(j + 1, "TOLERANCE")  # 4" (+/- 1"): the spread in brackets
        if mark is None:
            return None
        k = mark[0]
        spread = self._number(k)
        if spread is None or spread.value is None or spread.kind not in ("number", "fraction"):
            return None
        end = k + 1
        spread_value, spread_precision = spread.value, spread.precision
        if spread.kind == "number" and spread.is_integer and end < self.n and self.space[k]:
            fraction = self._number(end)  # a mixed number: ± 1 1/2%
            if fraction is not None and fraction.kind == "fraction" and fraction.value is not None:
                spread_value += fraction.value
                spread_precision = fraction.precision
                k, end = end, end + 1
        written_spread = spread_value
        unit = self._unit(end, k)
        spread_expression: str | None = None
        written: str | None = None
        if unit is not None and unit[1] is not None:
            end, spread_expression, written = unit[0], unit[1], unit[2]
            if spread_expression == "percent" and expression not in (None, "percent"):
                spread_value = abs(value) * spread_value / 100
            elif expression is not None and spread_expression != expression:
                try:
                    spread_value = convert_difference(spread_value, spread_expression, expression)
                except Exception:  # noqa: BLE001 — a spread in another dimension is not a tolerance
                    return None
        if bracketed:
            if end >= self.n or self.texts[end] != ")":
                return None  # the brackets hold more than the spread
            end += 1
        if written_spread:  # the spread's place scales as the spread did into the value's unit
            spread_precision *= abs(spread_value / written_spread)
        return end, abs(spread_value), spread_expression, written, spread_precision

    def _unit_after_brackets(self, j: int) -> tuple[int, str, str, int] | None:
        """The known unit written right after brackets opening at ``j`` (``4,000 (+500, -0) psi``):
        (the token after the unit, its expression, as written, the token after the brackets)."""
        if j >= self.n or self.texts[j] != "(":
            return None
        close = next((k for k in range(j + 1, min(self.n, j + 8)) if self.texts[k] == ")"), None)
        if close is None or close + 1 >= self.n:
            return None
        unit = self._unit(close + 1, close)
        if unit is None or unit[1] is None:
            return None
        return unit[0], unit[1], unit[2] or unit[1], close + 1

    def _signed_tolerance(
        self, j: int, value: float, expression: str | None,
    ) -> tuple[int, float, float, float] | None:
        """A tolerance each way in brackets after a value: ``(+1/4", -0")``, ``(-0, +5 mm)``:
        (end, how far below, how far above, the place of the finer spread's last written digit),
        each in the value's unit (a spread with no unit takes the value's); None when the
        brackets hold anything else."""
        texts = self.texts
        if expression is None or texts[j] != "(":
            return None
        k = j + 1
        spreads: dict[str, float] = {}
        places: list[float] = []
        while k < self.n and len(spreads) < 2:
            token = texts[k]
            sign = {"+": "+", "-": "-", "−": "-"}.get(token[:1])
            if sign is None or sign in spreads:
                return None
            if len(token) == 1 and k + 1 < self.n and not self.space[k]:
                k += 1  # the sign split off its number (−0)
                token = "+" + texts[k]
            spread = lex_number(token[1:]) if len(token) > 1 else None
            if spread is None or spread.value is None or spread.kind not in ("number", "fraction"):
                return None
            k += 1
            spread_value, place = spread.value, spread.precision
            unit = self._unit(k, k - 1)
            if unit is not None and unit[1] is not None:
                k = unit[0]
                if unit[1] != expression:
                    try:
                        spread_value = convert_difference(spread_value, unit[1], expression)
                        place = abs(convert_difference(place, unit[1], expression))
                    except Exception:  # noqa: BLE001 — a spread in another dimension is not a tolerance
                        return None
            spreads[sign] = abs(spread_value)
            places.append(place)
            if k < self.n and texts[k] in (",", "/") and len(spreads) < 2:
                k += 1
        if len(spreads) != 2 or k >= self.n or texts[k] != ")":
            return None
        return k + 1, spreads["-"], spreads["+"], min(places)
