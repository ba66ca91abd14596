"""Figures a text states that the extractor did not read: what ``check`` must not pass silently.

A claim's figures are compared with what it cites only when the extractor reads them; a figure
written in a form it does not read (``a year and a half``, ``three quarters of an inch``, a
number in words it does not know) would be compared with nothing and pass unsaid.
:func:`unread_figures` names every number-like phrase of a text that stands before a unit the
unit table knows, or is a fraction character, and that no extracted mention covers: a claim
holding one cannot be a plain answer. So are figures in a scaled notation the extractor does not
read ("7k psi", "7×10³ psi", "7e3 psi") and numbers in words with a scale ("seven thousand psi").

What names rather than measures is left alone: a number after a designation word (``Section 3``,
``step 2``) or a month, a year, a number glued into a code or locator (``SOP-001#2.2``).

A wider net for counts the number table does not hold: a unit word that no mention covers, with
a count word (``a dozen``, ``a score of``, ``a couple of``, ``twice``) or a Roman numeral
(``VIII years``) in the few words before it, is named when ``dimensions`` (those of the figures
the cited provisions state) holds the unit's dimension: ``years`` beside a cited ``7 years``.
``one and one-half inches`` (a number word joined by "and" to a fraction the extractor reads
alone) is named too. '-' parts words for the count net ("a half-dozen", "three-score",
"twelve-odd"), which also knows pairs, multipliers ("sevenfold"), collective counts of time ("a
biennium", "a generation"), "a year or two" and "a third of a year".
:func:`modified_figures` names a read figure a word changes ("double the 7 years", "7 years less
a day"). :func:`plain_doubled` reads the legal-drafting doubled number ("seven (7) years", "7
(seven) years") as the one figure it is; :func:`doubled_differ` names one whose halves differ
("eight (7)": the words govern).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ._lexicon import (
    BOUND_AFTER,
    BOUND_BEFORE,
    DESIGNATIONS,
    FRACTION_WORDS,
    HOURS_OF_DAY,
    MONTHS,
    NOT_CLOCK_MINUTES,
    VULGAR_FRACTIONS,
    WORD_NUMBERS,
    WORD_SCALES,
)

if TYPE_CHECKING:
    from .extract import QuantityExtractor

__all__ = ["MAX_SHOWN", "counts", "doubled_differ", "modified_figures", "plain_doubled", "unread_figures", "word_value"]

#: At most this many unread figures are named per text (the count of the rest is said).
MAX_SHOWN = 5

_VULGAR = "".join(VULGAR_FRACTIONS)
#: Number words that may open a figure; a fraction word that is also an ordinal (``third``,
#: ``fifth``) only after one (``one third``, ``two-fifths``): ``the fifth day`` names a day.
_OPENING = {*WORD_NUMBERS, "half", "quarter", *(word for word in FRACTION_WORDS if word.endswith("s"))}
_WORDS = "|".join(sorted(_OPENING, key=len, reverse=True))
#: Words that may follow the first of a number in words: more number words, fractions, scales
#: ("seven thousand psi": the scale word is part of the figure, not its unit).
_LATER = "|".join(sorted({*_OPENING, *FRACTION_WORDS, *WORD_SCALES}, key=len, reverse=True))
#: A number as written (digits, a fraction character, a digit fraction, number words), any
#: ``and a half`` after it, then ``of a``/``of an`` or a hyphen, then the word that may be its unit.
_FIGURE = re.compile(
    rf"(?<![\w#./\-])(?<![\d,.][,.]){NOT_CLOCK_MINUTES}(?P<number>(?:\d[\d,.]*(?:-?[{_VULGAR}]|\s+\d+/\d+)?|[{_VULGAR}]|\d+/\d+"
    rf"|(?:{_WORDS})(?:[\s-]+(?:{_LATER}))*(?![^\W\d_]))(?:[\s-]+and[\s-]+an?[\s-]+(?:half|quarter))?)"
    rf"(?:\s+of\s+an?)?[\s-]*(?P<unit>[^\W\d_][\w.²³]*(?:/[^\W\d_]+)?)",
    re.IGNORECASE)
#: Counts said with an article (``a decade``, ``half a year``, ``a year and a half``).
_ARTICLE = re.compile(
    r"\b(?:half\s+an?|an?\s+half|an?\s+(?:quarter|third|fifth|sixth|eighth|tenth|twelfth)\s+of\s+an?|an?\s+(?:decade|century|fortnight|millennium)"
    r"|an?(?=\s+\w+\s+and\s+an?\s+(?:half|quarter)\b))\s+(?P<unit>[^\W\d_]+)(?:\s+and\s+an?\s+(?:half|quarter)\b)?",
    re.IGNORECASE)
#: ``and a half`` wherever no mention covers it (``seven years and a half``: the half is not read).
_AND_A_HALF = re.compile(r"(?<![^\W\d_])(?:[^\W\d_]+\s+){0,2}(?P<half>and[\s-]+an?[\s-]+(?:half|quarter))\b",
                         re.IGNORECASE)
_VULGAR_ONE = re.compile(rf"[{_VULGAR}]")
#: A count the number table does not hold, or a Roman numeral ("a dozen", "a score of", "VIII",
#: "twice 7"): the words after it are looked at for a unit word.
_COUNT = re.compile(rf"(?<!\w)(?P<count>dozens?|scores?|couple|pairs?|brace|twice|thrice|(?:\w+\s+)?times|gross"
                    rf"|(?:\d+|{_WORDS})-?fold|(?<=-)odd|(?<!-)(?-i:[IVXLC]{{2,}}|V|X)(?!-))(?!\w)", re.IGNORECASE)
#: Collective counts of time no unit table holds ("a biennium", "a generation"): named beside a
#: cited figure of time.
_COLLECTIVE = re.compile(r"\b(?:an?|one|two|three|\d+)[\s-]+(?P<word>(?:bi|tri|quadr|quinqu|sex|sept|dec)enni(?:um|a)"
                         r"|twelvemonths?|generations?|lifetimes?)\b", re.IGNORECASE)
#: A unit word then "or two" ("a year or two"): a span the extractor does not read as one figure.
_OR_TWO = re.compile(r"(?<![^\W\d_])(?P<unit>[^\W\d_]+)\s+(?P<more>or\s+(?:two|three))\b", re.IGNORECASE)
#: A figure a word before or after changes: "double the 7 years", "7 years twice over", "7 years
#: less a day" (the extractor reads the 7 years alone).
_MODIFIED_BEFORE = re.compile(rf"\b(?:double|triple|treble|quadruple|(?:twice|thrice)(?=\s+(?:the|that|this|its)\b))"
                              rf"(?:\s+(?:the|that|this|its))?\s+(?=(?:\d|(?:{_WORDS})\b))", re.IGNORECASE)
_MODIFIED_AFTER = re.compile(rf"(?<![\w.,])(?P<number>\d[\d,.]*|(?:{_WORDS})(?:[\s-]+(?:{_WORDS})){{0,3}})[\s-]*"
                             rf"(?P<unit>[^\W\d_]+)\s*,?\s+(?:(?:twice|thrice)\s+over|and\s+an?(?=\s+(?:day|week|month)\b)|(?:less|plus|minus)\s+(?:an?|one|\d+)"
                             rf"\s+[^\W\d_]+)", re.IGNORECASE)
_FIGURE_AFTER = re.compile(rf"(?P<number>\d[\d,.]*|(?:{_WORDS})(?:[\s-]+(?:{_WORDS})){{0,3}})[\s-]*(?P<unit>[^\W\d_]+)",
                           re.IGNORECASE)
_NEXT_WORD = re.compile(r"[\s-]+([^\W\d_]+|\d[\d,.]*)")
_ARTICLE_BEFORE = re.compile(r"(?:\b(?:half\s+)?(?:an?|one)\s+)$", re.IGNORECASE)
#: How many words after a count are looked at for its unit ("a score of years": two).
_COUNT_REACH = 4
#: "one and one-half inches": a number word, "and", then a fraction (the extractor may read the
#: fraction alone).
_AND_FRACTION = re.compile(rf"\b(?P<number>{_WORDS})[\s-]+and[\s-]+(?:one|a|an|two|three)[\s-]+(?:half|halves|quarters?|"
                           rf"thirds?|fourths?|eighths?)\b", re.IGNORECASE)
#: The doubled number of legal drafting: words then digits in brackets, or digits then words.
_DOUBLED = re.compile(rf"\b(?P<words>(?:{_WORDS})(?:[\s-]+(?:{_WORDS}))*)\s*\((?P<digits>\d[\d,]*)\)"
                      rf"|\b(?P<digits2>\d[\d,]*)\s*\((?P<words2>(?:{_WORDS})(?:[\s-]+(?:{_WORDS}))*)\)",
                      re.IGNORECASE)
#: A number glued by '-' to a word that bounds it, then a unit word ("sub-7 years").
_PREFIXED = re.compile(r"(?<![\w-])(?:sub|under|over|near|super|ultra)-(?P<number>\d[\d,.]*)[\s-]*(?P<unit>[^\W\d_]+)",
                       re.IGNORECASE)
#: A number with a power on it, then a unit word ("7² years", "3³ days").
_POWERED = re.compile(r"(?<![\w.,])(?P<number>\d[\d,.]*[²³])[\s-]*(?P<unit>[^\W\d_²³][\w.]*)")
#: A number in a scaled notation, then a unit word: a thousands suffix ("7k psi"), a power of ten
#: ("7×10³ psi", "7 x 10^3 psi", "7*10**3 psi") or e-notation ("7e3 psi", "5e99999 psi"). The
#: ``scale`` group is what the extractor must read for the figure to count as read (it may read
#: the "7" alone). Never evaluated: an exponent out of any float's range is named like the rest.
_SCALED = re.compile(
    r"(?<![\w#./\-])(?<![\d,.][,.])(?P<number>\d[\d,.]*(?P<scale>[eE][+\-−]?\d+|[kK]"
    r"|\s*[×xX*·]\s*10(?:(?:\^|\*\*)[+\-−]?\d+|[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)))(?![\w.,^*])"
    r"[\s-]*(?P<unit>[^\W\d_][\w.²³]*(?:/[^\W\d_]+)?)")
_BOUNDS_BEFORE = "|".join(re.escape(phrase).replace(r"\ ", r"\s+") for phrase in sorted(BOUND_BEFORE, key=len, reverse=True))
_BOUNDS_AFTER = "|".join(re.escape(phrase).replace(r"\ ", r"\s+") for phrase in sorted(BOUND_AFTER, key=len, reverse=True))
#: A figure a bound or comparison governs ("no less than 250K", "at 5C", "250K minimum") with
#: letters glued to it: a temperature letter ("250K", "5C", "50F") or any other letters. Where the
#: extractor reads none of it the figure would be compared with nothing (audit 48 H1, H2); the
#: ``unit`` group is the letters. Ordinals ("at least 3rd") and clock times ("no later than 5pm") measure nothing.
_GOVERNED_GLUED = re.compile(
    rf"(?:(?<![^\W\d_])(?:{_BOUNDS_BEFORE}|at|between|from)(?:\s+(?:of|a|an|the))?\s*"
    rf"(?P<number>\d[\d,.]*\d|\d)(?P<unit>(?!(?:st|nd|rd|th|am|pm)\b)[^\W\d_]+)\b"
    rf"|(?<![\w.,])(?P<number2>\d[\d,.]*\d|\d)(?P<unit2>(?!(?:st|nd|rd|th|am|pm)\b)[^\W\d_]+)\s+(?:{_BOUNDS_AFTER})(?!\w))",
    re.IGNORECASE)
#: How far a fraction character's phrase is shown either side (to the nearest blank).
_SHOWN_AROUND = 24
#: One-letter units read glued to a number (``5m``, ``2h``); any other letter there is a name or a
#: size (``15M`` bars, ``3M``, ``4S``).
_LETTER_UNITS = frozenset({"m", "g", "h", "s", "L"})
#: Unit spellings that are also common words: a unit only when glued to the number or ending in a dot.
_WORD_LIKE_UNITS = frozenset({"in", "s", "m", "h", "g", "l", "min", "mm", "a", "at", "are", "per"})
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w.§¶]*|[#§¶])\s*$")


def _candidates(text: str, is_unit: Callable[[str], bool]) -> list[tuple[int, int, int, int]]:
    """(start, end, number start, number end) of every number-like phrase before a unit word."""
    found: list[tuple[int, int, int, int]] = []
    for match in _FIGURE.finditer(text):
        number, unit = match["number"], match["unit"]
        glued = match.end("number") == match.start("unit")
        bare_unit = unit.rstrip(".")
        if not is_unit(bare_unit) or (unit.lower() in _WORD_LIKE_UNITS and not glued):
            continue
        if len(bare_unit) == 1 and bare_unit not in _LETTER_UNITS:
            continue
        if number.endswith(".") or _YEAR.fullmatch(number) or _names(text, match.start("number")) \
                or (bare_unit.lower() in ("hours", "hrs") and HOURS_OF_DAY.fullmatch(number)):
            continue
        found.append((match.start(), match.end("unit") - (len(unit) - len(bare_unit)),
                      match.start("number"), match.end("number")))
    for match in _SCALED.finditer(text):  # "7k psi", "7×10³ psi", "7e3 psi": a notation the extractor does not read
        unit = match["unit"]
        bare_unit = unit.rstrip(".")
        glued = match.end("number") == match.start("unit")
        if is_unit(bare_unit) and (glued or unit.lower() not in _WORD_LIKE_UNITS) and not _names(
                text, match.start("number")):
            found.append((match.start(), match.end("unit") - (len(unit) - len(bare_unit)),
                          match.start("scale"), match.end("scale")))
    for match in _ARTICLE.finditer(text):
        if is_unit(match["unit"]):
            found.append((match.start(), match.end(), match.start(), match.end()))
    for match in _AND_FRACTION.finditer(text):
        found.append((match.start(), match.end(), match.start("number"), match.end("number")))
    for match in _AND_A_HALF.finditer(text):
        found.append((match.start(), match.end(), match.start("half"), match.end("half")))
    for match in _PREFIXED.finditer(text):  # "sub-7 years": a figure glued to a word the extractor does not read
        if is_unit(match["unit"]):
            found.append((match.start(), match.end(), match.start("number"), match.end("number")))
    for match in _POWERED.finditer(text):  # "7² years": a power the extractor does not read
        if is_unit(match["unit"]):
            found.append((match.start(), match.end(), match.start(), match.end("number")))
    for match in _VULGAR_ONE.finditer(text):
        start, end = match.start(), match.end()
        while start > 0 and match.start() - start < _SHOWN_AROUND and not text[start - 1].isspace():
            start -= 1
        while end < len(text) and end - match.end() < _SHOWN_AROUND and not text[end].isspace():
            end += 1
        found.append((start, end, match.start(), match.end()))
    for match in _GOVERNED_GLUED.finditer(text):  # "no less than 250K", "at 5C": compared with nothing if not read
        number, unit = ("number", "unit") if match["number"] is not None else ("number2", "unit2")
        if not any(start <= match.start(number) < end for start, end, _, _ in found):  # "7k psi": named whole above
            found.append((match.start(number), match.end(unit), match.start(number), match.end(number)))
    return found


def _names(text: str, at: int) -> bool:
    """Whether the number at ``at`` names something: after a designation word or a month."""
    before = _WORD_BEFORE.search(text, max(0, at - 24), at)
    if before is None:
        return False
    word = before.group(1).lower()
    return word in DESIGNATIONS or word in MONTHS


def _counted(text: str, dimension_of: Callable[[str], str | None], dimensions: Collection[str]) -> list[
        tuple[int, int, int, int]]:
    """Unit words with a count the number table does not hold before them, in a dimension of
    ``dimensions``."""
    found: list[tuple[int, int, int, int]] = []
    for match in _COUNT.finditer(text):
        count = match["count"]
        if count == "I" or (count.isupper() and _names(text, match.start("count"))):
            continue  # "I" is a pronoun; "Part IV", "Article XII" name
        at = match.end()
        for _ in range(_COUNT_REACH):
            word = _NEXT_WORD.match(text, at)
            if word is None:
                break
            at = word.end()
            if dimension_of(word.group(1)) in dimensions:
                begin = match.start()
                while begin > 0 and text[begin - 1] == "-":  # "a half-dozen", "three-score": the whole word
                    begin -= 1
                    while begin > 0 and text[begin - 1].isalnum():
                        begin -= 1
                article = _ARTICLE_BEFORE.search(text, max(0, begin - 12), begin)
                shown = article.start() if article is not None else begin
                found.append((shown, at, match.start(), match.end()))
                break
    for match in _COLLECTIVE.finditer(text):
        if dimension_of("year") in dimensions:
            found.append((match.start(), match.end(), match.start(), match.end()))
    for match in _OR_TWO.finditer(text):
        if dimension_of(match["unit"]) in dimensions:
            found.append((match.start(), match.end(), match.start("more"), match.end("more")))
    return found


def counts(text: str) -> bool:
    """Whether ``text`` holds a count the number table does not (``dozen``, ``VIII``, ``a
    biennium``, ``a year or two``): only then are the dimensions :func:`unread_figures` takes
    worth reading."""
    return (any(m["count"] != "I" for m in _COUNT.finditer(text)) or _COLLECTIVE.search(text) is not None
            or _OR_TWO.search(text) is not None)


def modified_figures(text: str, is_unit: Callable[[str], bool]) -> list[str]:
    """Figures a word before or after changes, as written: "double the 7 years", "7 years twice
    over", "7 years less a day" (the extractor reads "7 years" and nothing of the change).
    ``is_unit`` says whether a word is a unit the table knows."""
    found: list[tuple[int, int]] = []
    for match in _MODIFIED_BEFORE.finditer(text):
        figure = _FIGURE_AFTER.match(text, match.end())
        if figure is not None and is_unit(figure["unit"]):
            found.append((match.start(), figure.end()))
    for match in _MODIFIED_AFTER.finditer(text):
        if is_unit(match["unit"]) and not any(start <= match.start() < end for start, end in found):
            found.append(match.span())
    return [text[start:end] for start, end in sorted(found)][:MAX_SHOWN]


def doubled_differ(text: str) -> list[str]:
    """The doubled numbers of ``text`` whose words and digits differ ("eight (7)"), as written:
    in legal drafting the words govern, so the figure the digits give is not the one stated."""
    if "(" not in text:
        return []
    found: list[str] = []
    for match in _DOUBLED.finditer(text):
        words, digits = (match["words"], match["digits"]) if match["words"] else (match["words2"], match["digits2"])
        value = word_value(words)
        if value is not None and value != float(digits.replace(",", "")):
            found.append(match[0])
    return found[:MAX_SHOWN]


def plain_doubled(text: str) -> str:
    """``text`` with the bracketed half of each doubled number blanked (same length: spans hold)
    where the two halves agree: "seven (7) years" reads as "seven years", "7 (seven) years" as
    "7 years"; halves that disagree ("seven (8) years") are left as written."""
    if "(" not in text:
        return text
    chars: list[str] | None = None
    for match in _DOUBLED.finditer(text):
        words, digits = (match["words"], match["digits"]) if match["words"] else (match["words2"], match["digits2"])
        if word_value(words) != float(digits.replace(",", "")):
            continue
        chars = chars if chars is not None else list(text)
        if match["words"]:
            start, end = match.end("words"), match.end()
        else:
            start, end = match.end("digits2"), match.end()
        chars[start:end] = " " * (end - start)
    return "".join(chars) if chars is not None else text


def word_value(words: str) -> float | None:
    """The value of a number in words the table holds ("seven", "twenty-one"); None otherwise."""
    total = 0.0
    for word in re.split(r"[\s-]+", words.lower()):
        value = WORD_NUMBERS.get(word)
        if value is None:
            return None
        total = total * value if value >= 100 and total else total + value
    return total


def unread_figures(text: str, extractor: Callable[[], QuantityExtractor],
                   dimensions: Collection[str] = ()) -> list[str]:
    """The figures of ``text`` the extractor does not read, as written (``'a year and a half'``),
    in order; at most :data:`MAX_SHOWN`, then ``'… N more'``. ``extractor`` builds the extractor;
    it is called only when the text holds a number-like phrase at all. ``dimensions``: those of
    the figures the text is compared with; a unit word of one of them with a count the table
    does not hold before it (``a dozen years``) is named too."""
    built: list[QuantityExtractor] = []

    def is_unit(word: str) -> bool:
        if not built:
            built.append(extractor())
        return built[0].units.alias(word) is not None

    def dimension_of(word: str) -> str | None:
        if not is_unit(word):
            return None
        try:
            return built[0].units.resolve(word).dimension
        except Exception:  # noqa: BLE001 - a spelling the table holds but pint does not read: no dimension
            return None

    counted = _counted(text, dimension_of, dimensions) if dimensions else []
    if not counted and not any(ch.isdigit() or ch in VULGAR_FRACTIONS for ch in text) and re.search(
            rf"\b(?:{_WORDS}|an?)\b", text, re.IGNORECASE) is None:
        return []
    candidates = _candidates(text, is_unit) + counted
    if not candidates and not any(ch.isdigit() for ch in text):
        return []
    reader = built[0] if built else extractor()
    mentions = reader.extract(text, bind=False).mentions
    # a figure kept without a value because its notation is not read is not read: named here,
    # whatever stands after it ("2e2 K", "120F", "77 K," unsure of the kelvin: audit 49)
    candidates += [(m.span.start, m.span.end, m.span.start, m.span.end) for m in mentions
                   if m.notation == "unread" and not _names(text, m.span.start)]
    if not candidates:
        return []
    spans = sorted((m.span.start, m.span.end) for m in mentions if m.notation != "unread")
    starts = [start for start, _ in spans]
    # the furthest end of the mentions up to each one: a candidate is read when a mention starting
    # before its number ends reaches past where its number starts (one search per candidate)
    reach: list[int] = []
    for _, end in spans:
        reach.append(max(end, reach[-1]) if reach else end)
    unread: list[tuple[int, int]] = []
    for start, end, number_start, number_end in sorted(candidates):
        last = bisect_left(starts, number_end) - 1
        if last >= 0 and reach[last] > number_start:
            continue
        if unread and start < unread[-1][1]:
            continue  # one phrase read by two patterns
        unread.append((start, end))
    shown = [text[s:e].strip() for s, e in unread[:MAX_SHOWN]]
    if len(unread) > MAX_SHOWN:
        shown.append(f"… {len(unread) - MAX_SHOWN} more")
    return shown
