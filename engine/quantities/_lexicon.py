"""The words around numbers that the extractor reads: bounds, ranges, scales, frequencies.

Kept apart from the grammar in ``extract`` so the lists can be read (and extended) as lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from inforce.ontology.text import whole_number

__all__ = [
    "ANGLE_MARKED",
    "BAR_CONTEXT",
    "BAR_DIAMETERS",
    "BAR_SIZES_METRIC_M",
    "BAR_SIZES_US",
    "APPROXIMATE_AFTER",
    "APPROXIMATE_BEFORE",
    "BLANKS",
    "BOUND_AFTER",
    "BOUND_BEFORE",
    "CITATION_AFTER",
    "CURRENCY_PREFIXES",
    "DESIGNATIONS",
    "TEMPERATURE_DIFFERENCE_UNITS",
    "temperature_difference_at",
    "HOURS_OF_DAY",
    "NOT_CLOCK_MINUTES",
    "DESIGNATION_AFTER",
    "FILLERS",
    "FRACTION_WORDS",
    "FREQUENCIES",
    "LABEL_LETTERS",
    "LABEL_UNIT_WORDS",
    "LETTERED_LABEL_WORDS",
    "MINUS_SIGNS",
    "MONTHS",
    "MONTH_NUMBERS",
    "NumberToken",
    "PLAIN_CHARACTERS",
    "POWER_OF_TEN",
    "RANGE_CONNECTORS",
    "ROUTES",
    "SCALES",
    "SPACING",
    "TIMES",
    "TOLERANCE_MARKS",
    "UNREAD_NOTATION",
    "VULGAR_FRACTIONS",
    "WORD_NUMBERS",
    "WORD_SCALES",
    "lex_number",
    "read_degree_signs",
    "read_foot_inch_marks",
    "read_minus_signs",
]

#: Blanks written as another space character, read as a plain space: the no-break space
#: (U+00A0), the en to hair spaces (U+2002..U+200A, the figure space U+2007 and the thin space
#: U+2009 among them), the narrow no-break space (U+202F: the SI thousands separator Word and
#: PDFs write) and the medium mathematical space (U+205F). One character for one, so every
#: offset stands: "4<U+00A0>000 psi" is 4000 psi as "4 000 psi" is, "5<U+00A0>mm" 5 mm (audit 43 H1).
BLANKS = str.maketrans(dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f", " "))
#: :data:`BLANKS` and the fraction slash (U+2044: "1-1\u20444 inches", as Word's fraction autoformat
#: writes it) read as the solidus, so the figure is read as "1-1/4" is (audit 51); one character
#: for one. What the extractor translates a text by before it reads the figures.
PLAIN_CHARACTERS = {**BLANKS, 0x2044: "/"}

#: The characters read as a minus sign before a figure: the hyphen-minus and U+2212 always (the
#: grammar's own), and the dashes Word and PDFs write for one (:data:`DASHED_MINUS`) where
#: :func:`read_minus_signs` finds them standing as one.
MINUS_SIGNS = frozenset({"-", "\u2212"})
#: Dashes written for a minus sign: the en dash (Word's autoformat of "-20"), the figure dash
#: (U+2012, audit 51), the non-breaking hyphen (U+2011) and the fullwidth hyphen-minus (U+FF0D).
DASHED_MINUS = "\u2013\u2012\u2011\uff0d"
_DASH_BEFORE_FIGURE = re.compile(r"[\u2013\u2012\u2011\uff0d](?=\.?\d)")
#: What may stand right before a dash that is a minus sign: the text's start, a blank, an open
#: bracket or a mark that ends a label or a list item.
_BEFORE_MINUS = frozenset(" \t\n\r([{:;,=")


def read_minus_signs(text: str) -> str:
    """``text`` with each dash written for a minus sign made U+2212, and the other hyphens
    (U+2011, U+FF0D) and figure dashes (U+2012: a hyphen as wide as a digit, "10\u201240 mm")
    made a hyphen-minus; one character for one, so every offset stands.

    A dash of :data:`DASHED_MINUS` right before a figure is a minus sign where no number precedes
    it as a range's first end: at the text's start, after a blank, an open bracket or a colon,
    and no digit the last thing before the blanks ("Design temperature: \u201320 \u00b0C", "\u201310 to
    40 \u00b0C", "between \u20135 and \u20131"). Between two numbers ("10\u201340") an en dash stays the
    range's connector (audit 44 M1)."""
    if not any(dash in text for dash in DASHED_MINUS):
        return text
    chars = list(text)
    for match in _DASH_BEFORE_FIGURE.finditer(text):
        at = match.start()
        before = text[:at].rstrip()
        if (at == 0 or text[at - 1] in _BEFORE_MINUS) and not before[-1:].isdigit():
            chars[at] = "\u2212"
    return "".join(chars).replace("\u2011", "-").replace("\uff0d", "-").replace("\u2012", "-")


#: Characters written for a degree sign: U+02DA RING ABOVE wherever it stands (``400˚F``), the
#: masculine ordinal U+00BA and the superscript zero U+2070 only between a figure and a C or F
#: written against it (``400ºF``, ``400 ºC``, ``40⁰C``); elsewhere the one is an ordinal (``1º``,
#: ``2º andar``) and the other a power (``10⁰``), and each stays one.
_DEGREE_LOOKALIKE = re.compile(r"\u02da|(?:(?<=\d)|(?<=\d[ \t]))[\u00ba\u2070](?=[CFcf](?![^\W\d_]))")


#: A dotted number with a blank and a capital after it ("1.3 Pipe", "2.1.4\tOven").
_DOTTED_LABEL = re.compile(r"\d+(?:\.\d+)+\.?[^\S\n]+[^\W\d_]")


def dotted_label(text: str, at: int, *, text_starts_line: bool = True) -> bool:
    """Whether the number at ``at`` is a provision's or list item's label, not a figure: a dotted
    number first on its line (only blanks before it), then a blank and a capital ("1.3 Pipe
    pressure ..."). ``text_starts_line``: whether the start of ``text`` is a line's start (a
    window cut from a longer line is not). The one rule the extractor and the change reader
    (``modifiers``) both read a label by."""
    newline = text.rfind("\n", 0, at)
    if newline < 0 and not text_starts_line:
        return False
    if text[newline + 1 : at].strip():
        return False
    match = _DOTTED_LABEL.match(text, at)
    return match is not None and match[0][-1].isupper()


#: A length in feet and inches written with primes or curly quotes, in the one shape that is
#: unmistakable: digits, a prime or a right single quote, an optional hyphen or blank, digits
#: (a fraction after a hyphen may follow), then a double prime or a right double quote
#: (``10′-6″``, ``10’-6”``, ``6’ 8”``, ``10′-6-1/2″``). Not after a degree sign and digits
#: (``45°30′15″`` is an angle).
_FEET_INCHES_MARKED = re.compile(
    r"(?<![\d°.,])(?<!°\s)\d+(?P<foot>[′’])[- ]?\d+(?:\.\d+)?(?:-\d+/\d+)?(?P<inch>[″”])")
#: A prime or double prime right after a figure (``12′``, ``6″``): the foot and the inch; never
#: after a degree sign and digits (an angle's minutes and seconds).
_PRIME_AFTER_FIGURE = re.compile(r"(?<!°)(?<!°\d)(?<!°\d\d)(?<=\d)[′″]")


#: An angle in degrees and minutes, and seconds, in the one shape that is unmistakable: digits,
#: a degree sign, digits and a prime (or an apostrophe or a right single quote), then optionally
#: digits and a double prime (or a straight or right double quote), nothing between (``12°30′``,
#: ``45°30'``, ``45°30′15″``). Read as one angle (``_reader``: 12.5°), the minutes never as feet
#: (audit 52); its marks made ``'`` and ``"`` by :func:`read_foot_inch_marks` for the tokenizer.
ANGLE_MARKED = re.compile(
    r"(?<![\d.,])[+\-−]?(?P<degrees>\d+(?:\.\d+)?)°(?P<minutes>\d+(?:\.\d+)?)(?P<minute>[′’'])"
    r"(?:(?P<seconds>\d+(?:\.\d+)?)(?P<second>[″”\"]))?(?!\d)")
#: A range's high end in feet written with a right single quote after one in feet and inches
#: (``10’-6” to 12’``, ``10'-6" - 12’``): the quote is the foot mark (audit 52).
_FEET_RANGE_HIGH = re.compile(
    r"(?<![\d°.,])\d+['′’][- ]?\d+(?:\.\d+)?(?:-\d+/\d+)?[\"″”]\s*(?:to|through|thru|[-–—])\s*\d+(?P<foot>’)(?![\w’])")


def read_foot_inch_marks(text: str) -> str:
    """``text`` with the primes and curly quotes written for the foot and inch marks made ``'``
    and ``"``, one character for one, so every offset stands: "10′-6″" and "10’-6”" are read as
    "10'-6\"" is, and "12′" as "12'" (audit 51); "6’ 8”" as "6' 8\"", the high end of "10’-6” to
    12’" as "12'", and an angle's marks (:data:`ANGLE_MARKED`: "12°30′") as "'" and '"' (audit 52).
    A curly quote is a mark only inside those shapes; elsewhere ("the 1990’s", “Type 6”") it
    stays a quote."""
    if not any(mark in text for mark in "′″’”"):
        return text
    chars = list(text)
    for match in _FEET_INCHES_MARKED.finditer(text):
        chars[match.start("foot")], chars[match.start("inch")] = "'", '"'
    for match in ANGLE_MARKED.finditer(text):  # 12°30′: the minutes and seconds of an angle (audit 52)
        chars[match.start("minute")] = "'"
        if match["second"] is not None:
            chars[match.start("second")] = '"'
    for match in _FEET_RANGE_HIGH.finditer(text):
        chars[match.start("foot")] = "'"
    for match in _PRIME_AFTER_FIGURE.finditer(text):
        chars[match.start()] = "'" if match[0] == "′" else '"'
    return "".join(chars)


def read_degree_signs(text: str) -> str:
    """``text`` with each character written for a degree sign (:data:`_DEGREE_LOOKALIKE`) made
    ``°``, one character for one, so every offset stands: "400˚F" is read as "400°F" is, never
    dropped unsaid (audit 50)."""
    if "\u02da" not in text and "\u00ba" not in text and "\u2070" not in text:
        return text
    return _DEGREE_LOOKALIKE.sub("\u00b0", text)


#: Bound phrases written before a number → the bound they state.
BOUND_BEFORE: dict[str, str] = {
    "not less than": "min", "no less than": "min", "at least": "min", "a minimum of": "min",
    "minimum of": "min", "minimum": "min", "min.": "min", "min": "min", "≥": "min", ">=": "min",
    ">": "min", "greater than or equal to": "min", "more than": "min", "greater than": "min",
    "above": "min", "exceeding": "min", "exceeds": "min", "exceed": "min", "in excess of": "min",
    "not sooner than": "min", "no sooner than": "min", "not earlier than": "min",
    "no earlier than": "min", "not fewer than": "min", "no fewer than": "min",
    "not more than": "max", "no more than": "max", "at most": "max", "a maximum of": "max",
    "maximum of": "max", "maximum": "max", "max.": "max", "max": "max", "≤": "max", "<=": "max",
    "<": "max", "up to": "max", "less than": "max", "fewer than": "max", "below": "max",
    "not to exceed": "max", "not exceeding": "max", "do not exceed": "max",
    "shall not exceed": "max", "must not exceed": "max", "within": "max",
    "not later than": "max", "no later than": "max", "not greater than": "max",
    "no greater than": "max", "lower than": "max",
    # a limit stated as such: "deflection limited to L/360" is at most L/360 (audit 56)
    "limited to": "max",
    # Spanish: "como mínimo 25 MPa", "mínimo 25 MPa", and the word naming the quantity ("la
    # resistencia mínima ... 25 MPa", ``modifiers.named_bounds``) (audit 60)
    "como mínimo": "min", "como máximo": "max", "mínimo": "min", "mínima": "min", "máximo": "max",
    "máxima": "max",
}

#: Bound phrases written after a quantity (``7 days min.``, ``60 mL/min or greater``).
BOUND_AFTER: dict[str, str] = {
    "or less": "max", "or fewer": "max", "or lower": "max", "or below": "max", "or under": "max",
    "and below": "max", "and less": "max", "maximum": "max", "max": "max", "max.": "max",
    "at most": "max", "or more": "min", "or greater": "min", "or higher": "min",
    "or above": "min", "or longer": "min", "and above": "min", "and over": "min",
    "and more": "min", "or over": "min", "minimum": "min", "min": "min", "min.": "min",
    "at least": "min", "and up": "min",
    # Spanish: "25 MPa como mínimo", "25 MPa mínimo" (audit 60)
    "como mínimo": "min", "como máximo": "max", "mínimo": "min", "máximo": "max",
}

#: Words written right before a figure that say it is approximate (``about 12 in``, ``approx.
#: 300 mm``, ``~2"``), and marks or words written right after one (``12 in +/-`` with no figure
#: after the mark, ``40 days or so``): its condition holds ``approximate`` (``conditions``), and
#: it is compared within a wider tolerance (``compare.approximate_relative``), never as exact.
APPROXIMATE_BEFORE = ("about", "approximately", "approx.", "approx", "appr.", "roughly", "around", "circa", "ca.",
                      "some", "~", "≈")
APPROXIMATE_AFTER = ("+/-", "+/−", "±", "(+/-)", "(±)", "approx.", "(approx.)", "approximately", "(approximately)",
                     "or so", "more or less",
                     # the words of the mark, with no amount after them ("3 inches plus or minus")
                     "plus or minus", "(plus or minus)", "plus/minus", "(plus/minus)")

#: Words between a bound phrase and its number that do not break the two apart.
FILLERS = frozenset({":", "=", "of", "is", "be", "are", "was", "a", "an"})

#: Connectors that make ``A <connector> B`` a range (``to less than`` keeps the upper end).
RANGE_CONNECTORS = frozenset({"to", "–", "—", "-", "through", "thru", "and"})

#: Tolerance marks: ``4 inches ± 1 inch``.
#: Reinforcing bar sizes and their nominal diameters in millimetres (audit 53): the US inch-pound
#: numbers written after ``#`` (ASTM A615: #3 to #18), the Canadian metric sizes written before
#: ``M`` (CSA G30.18: 10M to 55M) and the Australian ``N`` sizes (AS/NZS 4671: N10 to N40, the
#: diameter itself), which a ``Ø`` before the diameter writes too.
BAR_SIZES_US: dict[int, float] = {
    3: 9.5, 4: 12.7, 5: 15.9, 6: 19.1, 7: 22.2, 8: 25.4, 9: 28.7, 10: 32.3, 11: 35.8, 14: 43.0, 18: 57.3,
}
BAR_SIZES_METRIC_M: dict[int, float] = {10: 11.3, 15: 16.0, 20: 19.5, 25: 25.2, 30: 29.9, 35: 35.7, 45: 43.7, 55: 56.4}
BAR_DIAMETERS: frozenset[int] = frozenset({6, 8, 10, 12, 16, 20, 24, 25, 28, 32, 36, 40})
#: Words that make a clause one about reinforcing bars, where ``#5`` or ``15M`` is a bar's size
#: and not a label (``Sheet #5``) or a sum (``$15M``).
BAR_CONTEXT = re.compile(r"\b(?:re)?bars?\b|\breinforc|\bdowels?\b|\bstirrups?\b|\bties\b|\bhoops?\b|"
                         r"\bE\.?W\.?(?![\w.])|\beach\s+way\b|@", re.IGNORECASE)

TOLERANCE_MARKS = ("±", "+/-", "+/−", "plus or minus", "plus/minus")

#: A power of ten written out: ``10^3``, ``10³``, ``10⁻⁶``.
POWER_OF_TEN = re.compile(r"10(?:\^[+\-−]?\d+|⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
#: Signs of multiplication before a power of ten (``1 x 10^3 psi``, ``2.5 × 10⁶ Pa``).
TIMES = frozenset({"x", "×", "*", "·"})
#: Figures in a notation the grammar does not read: e-notation (``1e3 psi``), a tolerance each
#: way written as one word (``+5/-0 mm``) and a power of ten in one word (``1×10^3 psi``, or alone:
#: ``10^2 K``, audit 50; across words, :data:`TIMES` and :data:`POWER_OF_TEN`). Before a unit the grammar knows, one is kept
#: with no value and a warning, never dropped unsaid or read as its first digits (audits 43, 44).
UNREAD_NOTATION = re.compile(r"[+\-−]?\d+(?:\.\d+)?[eE][+\-−]?\d+|[+\-−]\d+(?:\.\d+)?/[+\-−]\d+(?:\.\d+)?"
                             rf"|[+\-−]?\d+(?:\.\d+)?[xX×*·]{POWER_OF_TEN.pattern}|{POWER_OF_TEN.pattern}")

#: Scale words → their factor (``$1,577 million``). ``M``/``B``/``K`` count only after money.
SCALES: dict[str, float] = {
    "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "mn": 1e6, "mln": 1e6,
    "bn": 1e9, "bln": 1e9, "mm": 1e6, "m": 1e6, "b": 1e9, "k": 1e3, "tn": 1e12,
}
#: Scale words that are also units or words, so they count only after a currency.
MONEY_ONLY_SCALES = frozenset({"mm", "m", "b", "k", "tn", "mn"})

#: Currency written before the number.
CURRENCY_PREFIXES: dict[str, str] = {
    "$": "USD", "us$": "USD", "usd": "USD", "€": "EUR", "eur": "EUR", "£": "GBP",
    "gbp": "GBP", "¥": "JPY", "c$": "CAD", "a$": "AUD",
}

#: Dosing frequencies → doses per day.
FREQUENCIES: dict[str, float] = {
    "once daily": 1, "twice daily": 2, "three times daily": 3, "four times daily": 4,
    "once a day": 1, "twice a day": 2, "three times a day": 3, "four times a day": 4,
    "once per day": 1, "twice per day": 2, "daily": 1, "every day": 1,
    "every 24 hours": 1, "every 12 hours": 2, "every 8 hours": 3, "every 6 hours": 4,
    "every 4 hours": 6, "every other day": 0.5, "once weekly": 1 / 7, "twice weekly": 2 / 7,
    "weekly": 1 / 7, "once a week": 1 / 7, "q12h": 2, "q8h": 3, "q6h": 4, "q24h": 1,
    "bid": 2, "b.i.d.": 2, "tid": 3, "t.i.d.": 3, "qid": 4, "q.i.d.": 4, "qd": 1, "q.d.": 1,
}

#: Routes written between a dose and its frequency (``250 mg orally twice daily``).
ROUTES = frozenset({
    "orally", "po", "p.o.", "by mouth", "iv", "intravenously", "subcutaneously", "sc", "im",
    "intramuscularly", "topically", "rectally",
})

#: Spacing marks after a length (``#4 @ 18" O.C.``).
SPACING = frozenset({"o.c.", "oc", "o.c", "on center", "on centers", "on-center", "c/c"})

#: A number right after one of these names something (a section, a bar size, a standard).
DESIGNATIONS = frozenset({
    "section", "sections", "§", "§§", "paragraph", "paragraphs", "para.", "article", "articles",
    "table", "tables", "figure", "fig.", "fig", "chapter", "part", "parts", "item", "items", "note",
    "notes", "no.", "nos.", "number", "#", "astm", "aci", "type", "types", "class", "grade",
    "trial", "trials", "rev", "rev.", "revision", "addendum", "page", "pages", "p.", "pp.",
    "sheet", "sheets", "detail", "details", "callout", "step", "steps", "schedule", "appendix",
    "exhibit", "form", "rule", "rules", "room", "rooms", "door", "alternate", "question",
    "volume", "vol.", "clause", "clauses", "subsection", "division", "level", "phase", "line",
    "lot", "case", "model", "version", "ff", "fl", "cfr", "usc", "u.s.c.", "c.f.r.", "iso",
    "ansi", "nfpa", "ibc", "asce", "aws", "csa", "ul", "¶", "stage", "week", "day", "mark",
    "tier", "category", "schedules", "exhibits", "annex", "title", "subpart", "part.",
    "id", "ref", "ref.", "option", "options", "attachment", "addenda", "drawing", "drawings",
    "bay", "grid", "floor", "suite", "unit", "units", "code", "en", "bs", "din",
    "subparagraph", "subparagraphs", "edition", "forms", "box", "aashto", "e.o.",
    "sht.", "sht", "nzs", "bldg", "bldg.", "bldgs", "bldgs.", "sans",
    # a law's articles and their parts as legislation cites them (Art. 3, Sec. 4.2, Abs. 1 Nr. 2,
    # inciso 2, Reg. 7): a number that labels is no quantity
    "art.", "arts.", "artículo", "artículos", "articulo", "articulos", "artikel", "inciso", "incisos",
    "numeral", "literal", "sec.", "secs.", "abs.", "absatz", "absatzes", "absätze", "nummer", "nr.", "satz", "regulation", "regulations",
    "reg.", "regs.", "capítulo", "capitulo", "kapitel", "abschnitt", "anlage", "anhang", "rule.",
    # a chapter of a country's consolidated laws (Cap. 12), written with its period (a pile cap is no label)
    "cap.", "subsections",
})

#: Unit symbols that are also words a label's number is followed by (``Table 3 in Part 2``,
#: ``Section 5 at ...``, ``No. 6 through No. 18 bars``: reinforcing bars, not pressure; a letter
#: after a label's number, ``Grid 5 N``): after a label word they do not make the number a
#: quantity (``_tokens``; audit MM4-1).
LABEL_UNIT_WORDS = frozenset({"in", "at", "a", "s", "h", "d", "l", "n", "t", "g", "no", "of", "per", "and", "or",
                              "to", "bar", "bars"})

#: A number right before one of these is a citation's title number (``27 CFR``, ``18 U.S.C.``).
CITATION_AFTER = frozenset({"u.s.c.", "usc", "cfr", "c.f.r.", "fr", "u.s.", "stat.", "stat"})

#: Words after which a figure with a V, A or W written against it is the label's, as ``Room 12A``
#: is (``LABEL_UNIT_WORDS``): a type's, a mark's or a model's name (``Type 2W``, ``Mark 12V valve``,
#: ``Panel 4A``), no watt, volt or ampere (audit 56).
LETTERED_LABEL_WORDS = frozenset({
    "type", "types", "mark", "marks", "model", "models", "style", "styles", "series", "class", "grade",
    "panel", "panels", "fixture", "fixtures", "item", "items", "tag", "tags", "no.", "nos.", "#",
})
#: The unit letters such a label ends in.
LABEL_LETTERS = frozenset({"V", "A", "W"})

#: A number right before one of these names a size or grade, not an amount (``16 gauge``).
DESIGNATION_AFTER = frozenset({"gauge", "ga", "ga."})

#: Each month's name as documents write it → its number: the English names and their
#: abbreviations (with or without the dot), and the Spanish and German names legislation dates
#: with (2 de febrero de 1994, 5. August 1964). ``designations`` compares the dates they write.
MONTH_NUMBERS: dict[str, int] = {
    **{name: number for number, name in enumerate(
        ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
         "november", "december"), start=1)},
    **{short + dot: number for number, short in enumerate(
        ("jan", "feb", "mar", "apr", "", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)
       if short for dot in ("", ".")},
    "sept": 9, "sept.": 9,
    **{name: number for number, name in enumerate(
        ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
         "noviembre", "diciembre"), start=1)},
    "setiembre": 9,
    **{name: number for number, name in enumerate(
        ("januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober",
         "november", "dezember"), start=1)},
}
MONTHS = frozenset(MONTH_NUMBERS)

WORD_NUMBERS: dict[str, float] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}

#: Scale words inside a number written in words (``one million two hundred thousand``).
WORD_SCALES: dict[str, float] = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}

#: The second word of a fraction written in words (``one-half``, ``two-thirds``) → denominator.
FRACTION_WORDS: dict[str, int] = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "fourth": 4, "fourths": 4, "quarter": 4,
    "quarters": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8,
    "tenth": 10, "tenths": 10,
}

#: Fractions written as one character (``7½ years``, ``¾"``) → (numerator, denominator).
VULGAR_FRACTIONS: dict[str, tuple[int, int]] = {
    "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5),
    "⅗": (3, 5), "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8),
    "⅞": (7, 8),
}
_VULGAR = "".join(VULGAR_FRACTIONS)

#: A figure in digits: thousands grouped by commas (never after a lone 0: ``0,500`` is a decimal
#: comma's, :data:`_DECIMAL_COMMA`), decimals after a point.
_NUM = r"(?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_PLAIN = re.compile(rf"^(?P<sign>[+\-−])?(?P<num>{_NUM})$")
_MALFORMED = re.compile(r"^[+\-−]?\d[\d,.]*\d$")
#: A decimal comma, where its form says so with certainty (audit 55): one or two digits after it
#: (``2,5``, ``0,75``; three would be a thousands group, ``2,500``), any after a lone 0 (``0,500``
#: is 0.5: no thousands group follows a zero, audit 56), or any after points grouping the
#: thousands before it (``1.000,5``, ``12.500,125``).
_DECIMAL_COMMA = re.compile(
    r"^(?P<sign>[+\-−])?(?:(?P<whole>0(?=,)|\d+(?=,\d{1,2}$)),(?P<decimals>\d+)"
    r"|(?P<grouped>\d{1,3}(?:\.\d{3})+),(?P<rest>\d+))$")
_FRACTION = re.compile(r"^(?P<num>\d+)/(?P<den>\d+)$")
_MIXED = re.compile(r"^(?P<whole>\d+)-(?P<num>\d+)/(?P<den>\d+)$")
_FEET_INCHES = re.compile(
    r"^(?P<sign>[+\-−])?(?P<feet>\d+)['′]-?(?P<inches>\d+(?:\.\d+)?)?(?:-(?P<num>\d+)/(?P<den>\d+))?$"
)
#: Digits grouped by threes with an apostrophe (``4'000``, ``1'250'000.5``: the Swiss thousands
#: separator): one number, read before feet-and-inches (three digits of inches are no inches).
_APOSTROPHE_GROUPED = re.compile(r"^(?P<sign>[+\-−])?(?P<num>\d{1,3}(?:['’]\d{3})+(?:\.\d+)?)$")
#: A range in one token; its low end may carry a sign (``-10–40``: -10 to 40).
_RANGE = re.compile(rf"^(?P<lo>[\-−]?(?:{_NUM}))(?P<dash>[-–—])(?P<hi>{_NUM})$")
#: A range of inches with the mark on its low end too (``3"-5"``: the tokenizer leaves the
#: high end's mark as the next token, the unit of both).
_INCH_RANGE = re.compile(rf"^(?P<lo>{_NUM})[\"″](?P<dash>[-–—])(?P<hi>{_NUM})$")
#: A fraction character alone or after a whole number (``½``, ``7½``, ``1-¼``).
_VULGAR_NUMBER = re.compile(rf"^(?P<whole>\d+)?-?(?P<fraction>[{_VULGAR}])$")
_FRACTION_DENOMINATORS = frozenset({2, 3, 4, 8, 16, 32, 64})


@dataclass(frozen=True)
class NumberToken:
    """What one token says as a number: its value(s), how it is written, its last digit's place.

    ``value`` is None for a malformed number (``1,57,7``), which is kept and warned about.
    """

    kind: str  # number | fraction | feet_inches | range | word | malformed | unread (a notation not read)
    #          | unread_cell (one alone in a table cell: its unit is its column header's, if any)
    value: float | None
    upper: float | None = None
    precision: float = 1.0
    dash: str | None = None
    is_integer: bool = False
    has_grouping: bool = False
    #: How many tokens the number spans (a number in words: ``Forty - Two Thousand``).
    tokens: int = 1


def _plain(text: str) -> tuple[float, float, bool]:
    digits = text.replace(",", "")
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    return float(digits), 10.0 ** -decimals, decimals == 0


def lex_number(text: str) -> NumberToken | None:
    """Read one token as a number, or None when it is not one (a code, a date, a locator)."""
    match = _PLAIN.match(text)
    if match is not None:
        value, precision, integer = _plain(match["num"])
        if match["sign"] in MINUS_SIGNS:
            value = -value
        return NumberToken("number", value, precision=precision, is_integer=integer,
                           has_grouping="," in text)
    match = _VULGAR_NUMBER.match(text)
    if match is not None and (match["whole"] is not None or not text.startswith("-")):
        num, den = VULGAR_FRACTIONS[match["fraction"]]
        whole = whole_number(match["whole"] or "0")
        return None if whole is None else NumberToken("fraction", whole + num / den, precision=1 / den)
    match = _FRACTION.match(text)
    if match is not None:
        num, den = whole_number(match["num"]), whole_number(match["den"])
        if num is not None and den in _FRACTION_DENOMINATORS and 0 < num < 4 * den:
            return NumberToken("fraction", num / den, precision=1 / den)
        return None
    match = _MIXED.match(text)
    if match is not None:
        num, den, whole = whole_number(match["num"]), whole_number(match["den"]), whole_number(match["whole"])
        if num is None or whole is None:
            return None
        if den in _FRACTION_DENOMINATORS and 0 < num < den:
            return NumberToken("fraction", whole + num / den, precision=1 / den)
        if den in _FRACTION_DENOMINATORS and num >= den:
            return NumberToken("malformed", None)  # 1-3/2: a whole number and more than one (audit 51)
        return None
    match = _APOSTROPHE_GROUPED.match(text)
    if match is not None:  # 4'000, 1'250.5: a thousands separator (Swiss), never feet (audit MM4-2)
        value, precision, integer = _plain(match["num"].replace("'", "").replace("’", ""))
        if match["sign"] in MINUS_SIGNS:
            value = -value
        return NumberToken("number", value, precision=precision, is_integer=integer, has_grouping=True)
    match = _FEET_INCHES.match(text)
    if match is not None and (match["inches"] is not None or match["num"] is not None):
        inches = float(match["inches"] or 0)
        if match["num"] is not None:
            den, num = whole_number(match["den"]), whole_number(match["num"])
            if den not in _FRACTION_DENOMINATORS or num is None:
                return None
            inches += num / den
        if inches >= 12:
            return NumberToken("malformed", None)
        feet = float(match["feet"]) + inches / 12
        return NumberToken("feet_inches", -feet if match["sign"] in MINUS_SIGNS else feet, precision=1 / 12)
    match = _RANGE.match(text) or _INCH_RANGE.match(text)
    if match is not None:
        negative = match["lo"][:1] in MINUS_SIGNS
        lo, lo_precision, _ = _plain(match["lo"][1:] if negative else match["lo"])
        lo = -lo if negative else lo
        hi, hi_precision, _ = _plain(match["hi"])
        if lo <= hi:
            return NumberToken("range", lo, upper=hi, precision=min(lo_precision, hi_precision),
                               dash=match["dash"])
        return None
    match = _DECIMAL_COMMA.match(text)
    if match is not None:
        whole = match["whole"] if match["whole"] is not None else match["grouped"].replace(".", "")
        decimals = match["decimals"] if match["decimals"] is not None else match["rest"]
        value = float(f"{whole}.{decimals}")
        return NumberToken("number", -value if match["sign"] in MINUS_SIGNS else value,
                           precision=10.0 ** -len(decimals), has_grouping=match["grouped"] is not None)
    if "," in text and _MALFORMED.match(text) and text.count(".") <= 1:
        return NumberToken("malformed", None)
    return None


#: A time of day in 24 hours before ``hours`` (``0700 hours``, ``0930 hrs``): its leading zero
#: says it is no duration (``1000 hours`` may be one); a name, never a figure (audit 58-Q).
HOURS_OF_DAY = re.compile(r"0\d[0-5]\d")
#: Kept from a pattern's match where a number opens it: the number right after an hour and a
#: colon is the clock's minutes ("14:00 hours", "7:30 a.m."), no figure of the word after it nor a
#: count of it (audit 60).
NOT_CLOCK_MINUTES = r"(?<!\d:)"

#: A temperature's pint unit as a difference: a rise of 10 °C is one of 18 °F (and of 10 K).
TEMPERATURE_DIFFERENCE_UNITS = {"degree_Celsius": "delta_degC", "degC": "delta_degC", "degree_Fahrenheit": "delta_degF",
                                "degF": "delta_degF", "kelvin": "kelvin", "degree_Rankine": "degree_Rankine"}
#: Words that make the temperature after them (in the same clause) a difference, not a reading.
_TEMPERATURE_DIFFERENCE = re.compile(
    r"(?:\b(?:rises?|difference|differences|differential|differentials|delta[\s-]*T|vary|varies|variation|variations"
    r"|changes?|increases?|drops?|fall|swing|approach|approaches|superheat|superheating|sub-?cooling)\b"
    r"|ΔT|Δ\s*T\b|\bwithin\s*±)", re.IGNORECASE)
#: A change said by what it did right before the figure ("heated by 60 °C", "raised by 5 °F"): the
#: amount of the change, where "heated to 60 °C" is the reading it ends at (audit 58-Q).
_CHANGED_BY = re.compile(r"\b[^\W\d_]+ed\s+by\s*$", re.IGNORECASE)
#: Words right after a figure that make it a distance from another temperature ("5 °F below
#: ambient", "10 °C above the dew point", "3 K warmer than").
_RELATIVE_AFTER = re.compile(r"\s*(?:below|above|under|over|(?:warmer|cooler|colder|hotter|higher|lower)\s+than)\b",
                             re.IGNORECASE)
#: Where a clause begins, looking back from a figure.
_CLAUSE_START = re.compile(r"(?:[.;!?](?:\s|$)|\n)")
#: Words right before a figure that make it the reading a change ends or starts at ("increase to 50 °C").
_ENDPOINT = re.compile(r"\b(?:to|from|at|of\s+at\s+least)\s*$", re.IGNORECASE)


def temperature_difference_at(text: str, at: int, reach: int = 80, end: int | None = None) -> bool:
    """Whether the temperature figure at ``text[at:end]`` is a difference: a word saying so (a rise,
    a difference, ΔT, a variation, a change, an approach, superheat, subcooling, ``within ±``)
    stands before it in its clause, or a verb of change with ``by`` right before it ("heated by"),
    or a word of distance right after it ("5 °F below ambient"); and the figure is not the reading
    the change ends or starts at (``increase to 50 °C``)."""
    if end is not None and _RELATIVE_AFTER.match(text, end) is not None:
        return True
    window = text[max(0, at - reach):at]
    starts = [m.end() for m in _CLAUSE_START.finditer(window)]
    clause = window[starts[-1]:] if starts else window
    if _CHANGED_BY.search(clause) is not None:
        return True
    if _ENDPOINT.search(clause) is not None:
        return False
    return _TEMPERATURE_DIFFERENCE.search(clause) is not None
