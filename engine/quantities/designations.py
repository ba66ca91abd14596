"""The claim's digits nobody compared: the gate that keeps them from passing as supported.

The quantity check compares the figures the extractor reads; a trade designation (``W8x31``,
``HSS 6x6x1/4``, ``M12``, ``2x4``, ``4-#5``, ``#12 AWG``, ``No. 12 AWG``, ``20A/1P``,
``120/208V``, ``Schedule 40``, ``1/2-13 UNC``, ``1:2:4``) is read on neither side, so a claim
changing it would otherwise be compared with nothing and answered. :func:`uncompared_digits`
decides, for every run of digits in a claim, one of:

1. it lies in a figure the extractor read (the quantity check compares it) — passed;
2. its word (the whitespace-delimited token it stands in, end punctuation off) stands in a
   cited text as the same word, case aside (``W8x31`` both sides) — passed, unless the claim
   puts it in a place (:data:`PLACE_BY`: ``2x6 at interior walls``, ``H-25 para vigas``,
   ``C25/30 pour les voiles``, a subject ``Columns shall be M20``) where the cited text writes
   another word of its shape and not it (``2x4 at interior walls and 2x6 at exterior walls``,
   ``H-25 para columnas y H-30 para vigas``): refused; where the cited text writes other words
   of its shape and which place the claim means is not read on both sides: escalated
   (:func:`several_places`, audit 65); the grades of a family are of one shape, a mixed code's
   trailing letters aside (``B500A`` / ``B500B``: :func:`_family`, audit 67);
3. it names rather than states: a locator or document id (``SPEC-1#1.1.A``, ``SOP-001``), a
   dotted paragraph number (``2.3.C.2``, ``1.2.1``), a date or year, a number after a word
   naming a place in a document (``Section 09 00 00``, ``Article 5``, ``Addendum No. 3``, see
   :data:`LOCATOR_WORDS`) — passed;
4. else it is *uncompared*: refused where a cited text holds a word of the same shape (the same
   letters and marks, other digits: ``W8x35`` against ``W8x31``; a bare number's shape is its
   word before and after: ``No. 10 AWG`` against ``No. 12 AWG``), escalated otherwise.

A designation of letters (``Class A``, ``Type II``, ``Clase C``: :data:`_CODED`) holds no digits but is
decided the same way: the cited code of its word passes, by the places read as in step 2; another
code of a word the cited text gives codes of is refused; a word the cited text gives no code of
escalates (audit 67).

The decision is made here once; ``engine.verify`` applies it to every claim.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ._lexicon import MONTH_NUMBERS, MONTHS
from .conditions import clause_condition

__all__ = ["BEING", "LOCATOR_WORDS", "PLACE_BY", "Uncompared", "claim_places", "date_spans", "names_code", "place_after",
           "place_words", "several_places", "uncompared_digits", "unread_date_order"]

#: Words after which a number names a place in a document, never a measure or a size: a
#: designation of a product (``Type``, ``Grade``, ``Schedule``, ``No.``) is not one of them.
LOCATOR_WORDS = frozenset({
    "section", "sections", "§", "§§", "paragraph", "paragraphs", "para.", "para", "article", "articles",
    "table", "tables", "figure", "fig.", "fig", "chapter", "part", "parts", "item", "items", "note", "notes",
    "rev", "rev.", "revision", "addendum", "page", "pages", "p.", "pp.", "sheet", "sheets", "detail",
    "details", "step", "steps", "appendix", "exhibit", "exhibits", "clause", "clauses", "subsection",
    "division", "annex", "subpart", "attachment", "drawing", "drawings", "¶", "question", "rfi", "bulletin",
    "volume", "vol.", "line", "lines", "cfr", "usc", "u.s.c.", "c.f.r.", "title", "chapter.", "art.", "sec.",
    "amendment", "change", "order",
    # places in a building or on a drawing, named by a number ("Room 101 K", "Grid 4 K"); never "Level",
    # "Floor" or "Version", whose number is as often a value ("Level 2 protection", "TLS version 1.3":
    # audit 58-Q), compared word for word with the cited text like any designation
    "room", "rooms", "grid", "grids", "gridline", "suite", "bay", "bays",
    "building", "area", "zone", "station", "elevation", "view",
})
#: ``No.`` / ``Number`` / ``#`` name a place only after a locator word (``Addendum No. 3``).
_NUMBER_WORDS = frozenset({"no", "nos", "number", "#"})
#: The locator words as a word is compared with them (its end punctuation off).
_LOCATORS = frozenset(word.rstrip(".") for word in LOCATOR_WORDS)

_TOKEN = re.compile(r"\S+")
_DIGITS = re.compile(r"\d+")
#: The multiplication sign of a size read as the letter x it is written as too ("2×4" is "2x4": audit
#: 59); one character for one, so offsets stand.
_SIZE_SIGN = str.maketrans({"\u00d7": "x"})
#: Punctuation around a word that is not part of it.
_EDGE = "\"'“”‘’()[]{}<>,;:!?."
#: A document id or a locator in it: letters, a dash, digits (``SPEC-033000``, ``SOP-001#2.2``).
_LOCATOR = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?:[@#]\S*)?|\S*[@#]\d+(?:\.[\dA-Za-z]+)+")
#: A dotted paragraph number: three parts or more, or a letter part (``2.3.C.2``, ``1.1.A``, ``1.2.1``).
_DOTTED = re.compile(r"\d+(?:\.[\dA-Za-z]+){2,}|\d+(?:\.\d+)*\.[A-Za-z](?:\.[\dA-Za-z]+)*")
#: Thousands written with dots (``1.234.567``): a number, not a paragraph.
_DOT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3}){2,}")
#: A date written in digits (``2026-03-02``, ``03/02/2026``, ``2.3.2026``) or a year.
_DATE = re.compile(r"\d{4}-\d\d(?:-\d\d)?(?:T\S*)?|\d{1,2}(?P<by>[/.\-])\d{1,2}(?P=by)(?:\d{4}|\d\d)"
                   r"|FY\d\d(?:\d\d)?|Q[1-4](?:[-/](?:FY)?\d\d(?:\d\d)?)?", re.IGNORECASE)
#: A year: named only beside a month (``_names``) or after a word that dates ("in 2026", "the 2021
#: edition"); a bare number of four digits is as often a count or a model ("1800 anchors", "Model 2000").
_YEAR = re.compile(r"(?:1[89]|20)\d\ds?")
_YEAR_BEFORE = frozenset({"in", "of", "since", "year", "years", "until", "through", "from", "before", "after", "during",
                          "edition", "ed", "fy", "calendar", "fiscal", "anno", "año", "ano", "année", "jahr"})
#: A clock time (``10:00``, ``5pm``): names a moment, compared by no quantity here - with its a.m. or
#: p.m., or after a word of time ("at 7:00", "from 7:00 to 5:00"); "scale 1:50" is a ratio (audit 58-Q).
_CLOCK = re.compile(r"\d{1,2}(?::\d\d)+\s*[ap]\.?m\.?|\d{1,2}\s*[ap]\.?m\.?", re.IGNORECASE)
_HOURS = re.compile(r"\d{1,2}(?::\d\d)+")
_CLOCK_BEFORE = frozenset({"at", "from", "until", "till", "to", "by", "before", "after", "between", "and", "-", "–",
                           "starts", "start", "ends", "end", "opens", "closes", "noon", "midnight", "hours", "time"})
#: An ordinal (``3rd``, ``21st``).
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)


@dataclass(frozen=True)
class Uncompared:
    """A word of the claim holding digits that no figure compared and no cited word repeats."""

    #: the claim's word, as written (``W8x35``; a bare number with its words: ``No. 10 AWG``)
    text: str
    #: a cited word of the same shape with other digits (``W8x31``), when one stands there
    differs_from: str | None = None
    #: why a person decides, where the cited text writes the word too: it gives it for one of
    #: several places and which one the claim means could not be read (:func:`several_places`)
    why: str | None = None


def uncompared_digits(claim_text: str, compared: Sequence[tuple[int, int]], cited_texts: Sequence[str],
                      cited_places: Sequence[str] = ()) -> list[Uncompared]:
    """The words of ``claim_text`` whose digits nothing compared (the module docstring's step 4),
    in order, each once. ``compared``: the spans of the figures the extractor read in the claim
    (the quantity check compares them); ``cited_texts``: the words the claim cites, all of them
    (a word one citation lends passes); ``cited_places``: the paths of the cited provisions
    (``2.3``, ``1.10.A``)."""
    claim = _words(claim_text)
    said: set[str] = set()
    shapes: dict[str, str] = {}  # each cited word's shape → the first cited word of it, as shown
    beside: dict[frozenset[str], dict[str, str]] = {}  # a place after a cited word of digits → those words (lower → shown)
    kin: dict[str, dict[str, str]] = {}  # a designation's shape (H-99) → the cited words of it (lower → shown)
    for text in cited_texts:
        words = _words(text)
        said.update(word.lower() for _, _, word in words)
        for begin, end, word in words:
            if not any(ch.isdigit() for ch in word):
                continue
            pieces = [word, *(piece for piece in word.split("/") if piece and "/" in word)]  # "A416/A416M" says A416
            if (place := _cited_place(text, begin, end)) is not None:
                beside.setdefault(place, {}).update((piece.lower(), piece) for piece in pieces)
            for piece in pieces if not _bare(word) else ():
                kin.setdefault(_family(piece), {})[piece.lower()] = piece
        for begin, end, coded, shown in _coded(text):  # "Class A", "Type II": letters, no digits
            said.update({coded, coded.split("/", 1)[0]})  # "CEM II/A-LL" says "CEM II"
            kin.setdefault(_family(coded), {})[coded] = shown
            if (place := _cited_place(text, begin, end)) is not None:
                beside.setdefault(place, {})[coded] = shown
        # (a word joining alternatives by a slash says each: "A615/A615M" says "A615")
        said.update(piece.lower() for _, _, word in words if "/" in word for piece in word.split("/") if piece)
        for index in range(len(words)):
            if any(ch.isdigit() for ch in words[index][2]):
                shapes.setdefault(_shape(words, index), _shown(text, words, index))
            joined = _joined(words, index)
            if joined is not None:  # "NEMA 1" says "NEMA-1"; its shape is that of "NEMA-4"
                said.add(joined)
                shapes.setdefault(_DIGITS.sub("9", joined), text[words[index - 1][0]:words[index][1]])
            size = _sized(words, index) if index + 2 < len(words) and words[index + 1][2].lower() in ("x", "by") else None
            if size is not None:  # "2 x 4" says "2x4"
                said.add(size)
                shapes.setdefault(_DIGITS.sub("9", size), text[words[index][0]:words[index + 2][1]])
    places = {place.lower() for place in cited_places}
    times = [clock for text in cited_texts for clock in _clocks(text)]
    claim_times = _clocks(claim_text)
    dates = [date for text in cited_texts for date in _dates(text)]
    claim_dates = _dates(claim_text)
    found: dict[str, Uncompared] = {}
    coded_spans: list[tuple[int, int]] = []
    for begin, end, coded, shown in _coded(claim_text):
        # a designation by its word ("Class B", "Type V", "Grade 420"): compared with the cited codes
        # of its word, unless a figure the extractor read holds its code ("Grade 40" read as a figure)
        if _within((end - len(coded.rsplit(" ", 1)[1]), end), compared):
            continue
        coded_spans.append((begin, end))
        family = kin.get(_family(coded), {})
        if coded in said:
            placed = _placed(shown, family, beside, claim_places(claim_text, begin, end))
        else:  # another code of the same word refuses; a word the cited text gives no code of escalates
            placed = Uncompared(text=shown, differs_from=next(iter(family.values()), None))
        if placed is not None:
            found.setdefault(coded, placed)
    for index, (start, _, word) in enumerate(claim):
        digits = [(start + m.start(), start + m.end()) for m in _DIGITS.finditer(word)]
        if not digits or all(_within(span, [*compared, *coded_spans]) for span in digits):
            continue
        clock = next((c for c in claim_times if c[0] <= start < c[1]), None)
        if clock is not None and times:  # a time of day, compared with the cited ones by the minute
            if not any(clock[2] & other[2] for other in times):
                found.setdefault(clock[3].lower(), Uncompared(text=clock[3], differs_from=times[0][3]))
            continue
        date = next((d for d in claim_dates if d[0] <= start < d[1]), None)
        # a date, compared with the cited ones by the day (audit 60); an example's ("for example, an
        # order dispatched on 3 June 2024 ...") only with a date the claim gives as an example too
        stated = [other for other in dates if date is not None and (date[4] or not other[4])]
        if date is not None and stated:
            if not any(_same_date(date[2], other[2]) for other in stated):
                found.setdefault(date[3].lower(), Uncompared(text=date[3], differs_from=stated[0][3]))
            continue
        size = _sized(claim, index)
        if size is not None:  # "2 x 4", "2 by 4": the size "2x4" as written glued, whichever number is cited alone
            if size not in said:
                first = index if index + 2 < len(claim) and claim[index + 1][2].lower() in ("x", "by") else index - 2
                shown = claim_text[claim[first][0]:claim[first + 2][1]]
                found.setdefault(size, Uncompared(text=shown, differs_from=shapes.get(_DIGITS.sub("9", size))))
            continue
        if word.lower() in said:
            # said, but maybe of another place: "2x6 at interior walls" where the cited text writes
            # "2x4 at interior walls and 2x6 at exterior walls" (audit 59), "Las losas serán de
            # hormigón H-30" where it writes "H-25 en losas y H-30 en columnas" (audit 65)
            placed = _placed(word, kin.get(_family(word), {}), beside,
                             claim_places(claim_text, start, claim[index][1]))
            if placed is not None:
                found.setdefault(word.lower(), placed)
            continue
        if _joined(claim, index) in said:
            continue  # "NEMA 1" for a cited "NEMA-1"
        # a dashed word of letters and digits is a document id unless the cited text writes a
        # designation of its shape ("NEMA-4" for a cited "NEMA 1": audit 58-Q)
        dashed = word.lower() if _LOCATOR.fullmatch(word) and not re.search("[@#]", word) else None
        other = shapes.get(_DIGITS.sub("9", dashed)) if dashed is not None else None
        if other is None and _names(claim, index) and not _misplaced(claim, index, places):
            continue
        shown = _shown(claim_text, claim, index)
        found.setdefault(shown.lower(), Uncompared(text=shown, differs_from=other or shapes.get(_shape(claim, index))))
    return list(found.values())


#: A time of day: an hour with its a.m. or p.m. (``7 a.m.``, ``7:00 AM``), hours and minutes
#: (``07:00``, ``19:30``), or four digits before ``hours`` (``0700 hours``).
_TIME_OF_DAY = re.compile(
    r"(?<![\d:])(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?\s*(?P<half>[ap])\.?\s?m\b\.?"
    r"|(?<![\d:])(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d:])"
    r"|(?<!\d)(?P<hh>[01]\d|2[0-3])(?P<mm>[0-5]\d)\s*(?:hours|hrs)\b", re.IGNORECASE)


def _clocks(text: str) -> list[tuple[int, int, frozenset[int], str]]:
    """Each time of day ``text`` states: (start, end, the minutes after midnight it may be, as
    written); a time of 12 hours or less written without a.m. or p.m. (``7:00``) may be either."""
    found = []
    for match in _TIME_OF_DAY.finditer(text):
        if match["h"] is not None:
            hour = int(match["h"]) % 12 + (12 if match["half"].lower() == "p" else 0)
            minutes = frozenset({hour * 60 + int(match["m"] or 0)})
        elif match["h24"] is not None:
            hour, minute = int(match["h24"]), int(match["m24"])
            minutes = frozenset({hour * 60 + minute, (hour + 12) * 60 + minute} if 0 < hour <= 12 else {hour * 60 + minute})
        else:
            minutes = frozenset({int(match["hh"]) * 60 + int(match["mm"])})
        found.append((match.start(), match.end(), minutes, match.group().strip()))
    return found


_MONTH_NAME = "|".join(re.escape(name) for name in sorted(MONTH_NUMBERS, key=len, reverse=True))
_DATE_YEAR = r"(?:1[89]|20)\d\d(?!\d)"
#: A calendar date: a day before its month ("15 March 2027", "15. März 2027", "2 de febrero de 1994"), a
#: month before its day ("March 15, 2027", "Mar. 15"), a month and year ("March 2027"), ISO digits
#: ("2027-03-15") or digits with a slash, dot or dash (``03/15/2027``, and with a year of two digits:
#: ``03/04/27``, ``3.4.27``, audit 68); the year may be left out of a day and month.
_CALENDAR_DATE = re.compile(
    rf"(?<![\w.])(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\.?\s+(?:de\s+)?(?P<m1>{_MONTH_NAME})(?![^\W\d_])"
    rf"(?:,?\s+(?:de\s+)?(?P<y1>{_DATE_YEAR}))?"
    rf"|(?<![^\W\d_])(?P<m2>{_MONTH_NAME})(?![^\W\d_])(?:\s+(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?(?![\d.,:]\d)"
    rf"(?:,?\s+(?P<y2>{_DATE_YEAR}))?|,?\s+(?P<y3>{_DATE_YEAR}))"
    rf"|(?<![\w./-])(?P<y4>\d{{4}})-(?P<m4>[01]\d)-(?P<d4>[0-3]\d)(?!\d)"
    rf"|(?<![\w./-])(?P<a5>[0-3]?\d)(?P<by>[/.\-])(?P<b5>[0-3]?\d)(?P=by)(?P<y5>{_DATE_YEAR}|\d\d(?![\w]|[./-]\d))",
    re.IGNORECASE)


#: An example's words: from "for example", "for instance", "e.g." or "such as" to the sentence's end.
_EXAMPLE = re.compile(r"\b(?:for\s+example|for\s+instance|e\.\s?g\.|such\s+as)\b.*?(?:[.;!?](?=\s|$)|\n|$)",
                      re.IGNORECASE)


def _dates(text: str) -> list[tuple[int, int, frozenset[tuple[int | None, int, int | None]], str, bool]]:
    """Each calendar date ``text`` states: (start, end, the (year, month, day) it may be, as
    written, whether an example gives it); a part not written is None, and digits that read
    either way (``03/02/2027``) may be either. "may" in lower case is the verb, no month."""
    examples = [m.span() for m in _EXAMPLE.finditer(text)]
    found = []
    for match in _CALENDAR_DATE.finditer(text):
        if match["y4"] is not None:
            readings = {(int(match["y4"]), int(match["m4"]), int(match["d4"]))}
        elif match["y5"] is not None:
            if len(match["y5"]) == 2 and match["by"] == "." and _numbers_a_part(text, match.start()):
                continue  # "Section 3.4.27", "3.4.27 Bids ...": a paragraph's number, no date
            one, other, year = int(match["a5"]), int(match["b5"]), int(match["y5"])
            year += 2000 if year < 100 else 0
            readings = {(year, one, other), (year, other, one)}
        else:
            month = match["m1"] or match["m2"]
            if month == "may":
                continue
            day, year = match["d1"] or match["d2"], match["y1"] or match["y2"] or match["y3"]
            readings = {(int(year) if year else None, MONTH_NUMBERS[month.lower()], int(day) if day else None)}
        kept = frozenset(r for r in readings if 1 <= r[1] <= 12 and (r[2] is None or 1 <= r[2] <= 31))
        if kept:
            example = any(a <= match.start() < b for a, b in examples)
            found.append((match.start(), match.end(), kept, match.group(), example))
    return found


def _numbers_a_part(text: str, start: int) -> bool:
    """Whether dotted digits at ``start`` number a part of a document: they begin their line (a
    provision's number) or follow a locator word (:data:`LOCATOR_WORDS`)."""
    before = text[text.rfind("\n", 0, start) + 1:start].split()
    return not before or before[-1].lower().rstrip(".") in _LOCATORS


def date_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes a calendar date (:func:`_dates`): its day and year are no count of
    anything (``claims``)."""
    return [(start, end) for start, end, *_ in _dates(text)]


def _same_date(ours: frozenset[tuple[int | None, int, int | None]],
               theirs: frozenset[tuple[int | None, int, int | None]]) -> bool:
    """Whether two dates may be the same day: every part both write agrees ("15 March" is "March
    15, 2027"; "April 15, 2027" is not "15 March 2027")."""
    return any(all(a is None or b is None or a == b for a, b in zip(one, other, strict=True))
               for one in ours for other in theirs)


def _sized(words: Sequence[tuple[int, int, str]], index: int) -> str | None:
    """A nominal size written across words (``2 x 4``, ``2 by 4``) as it is written glued
    (``2x4``), for either of its numbers; None for any other word."""
    def joined(first: int) -> str | None:
        if first < 0 or first + 2 >= len(words):
            return None
        one, by, other = (words[first + k][2].lower() for k in range(3))
        if one.isdigit() and other.isdigit() and by in ("x", "by"):
            return f"{one}x{other}"
        return None
    return joined(index) or joined(index - 2)


def _joined(words: Sequence[tuple[int, int, str]], index: int) -> str | None:
    """A whole number and the word of letters before it as one designation, joined by a dash
    (``NEMA 1`` → ``nema-1``, as ``NEMA-1`` is written); None for any other word."""
    if index == 0 or not words[index][2].isdigit() or not words[index - 1][2].isalpha():
        return None
    return f"{words[index - 1][2].lower()}-{words[index][2]}"


#: A place a figure or a designation is stated for in words of no number: a noun after a place
#: preposition and its article ("5 cm en losas", "3 cm pour les dalles", "4,000 psi for slabs",
#: "2x4 at interior walls", "H-25 para columnas"), and the word right after that noun where it is
#: one ("interior walls"). Read here once, for the quantity check's places (``claims``) and for the
#: designations this gate compares by place (audits 59, 61, 64).
PLACE_BY = re.compile(r"(?i:\b(?:for|in|at|on|en|em|no|na|nos|nas|para|pour|dans|sur)\s+"
                      r"(?:(?:the|les|le|la|las|los|el|os|as|des|du)\s+|l['\u2019])?)(?P<place>[^\W\d_]{3,})\b")
_PLACE_NEXT = re.compile(r"[^\S\n]+(?P<next>[^\W\d_]{3,})\b")
#: Words that name no place, in a heading or after a place's noun.
_NO_PLACE = frozenset({"the", "and", "for", "with", "les", "des", "las", "los", "del", "por", "pour", "dans", "sur",
                       "para", "nos", "nas", "shall", "will", "must", "each", "all", "per"})


#: A statement's subject before its verb of being ("Columns shall be", "Las losas serán", "Les
#: poteaux seront"): in a claim, the place of the figures and designations after it (audit 64, 65).
BEING = (r"(?:shall|will|must|should)\s+be|is|are|deber[a\u00e1]n?\s+ser|ser[a\u00e1]n?"
         r"|seront|sera|doit\s+\u00eatre|doivent\s+\u00eatre")
_SUBJECT_BEFORE = re.compile(rf"^(?P<words>.*?[^\W\d_].*?)\s+(?i:{BEING})(?![^\W\d_])", re.DOTALL)
#: Where a claim's sentence begins, for the places named before a word of it.
_SENTENCE_CUT = re.compile(r"[.;!?](?=\s)")


def claim_places(text: str, start: int, end: int) -> set[str]:
    """The places a claim names for its word at ``start``-``end`` (:func:`place_words` items):
    the place right after it (:func:`place_after`), each place a preposition names before it in
    its sentence ("Concrete grade for columns: M20"), its sentence's subject before a verb
    of being ("Columns shall be M20 concrete"), and its heading before a colon ("Column steel:
    Grade 420")."""
    found: set[str] = set()
    after = place_after(text, end)
    if after is not None:
        found |= after[1]
    begin = max([match.end() for match in _SENTENCE_CUT.finditer(text, 0, start)] + [0])
    words = text[begin:start]
    for match in PLACE_BY.finditer(words):
        place = place_after(text, begin + match.start())
        found |= place[1] if place is not None else place_words(match["place"])
    subject = _SUBJECT_BEFORE.match(words)
    if subject is not None:
        found |= place_words(PLACE_BY.sub(" ", subject["words"]))
    heading = re.match(r"\s*(?P<words>[^:\d]*[^\W\d_][^:\d]*):", words)
    if heading is not None:  # "Column steel: Grade 420" (audit 67)
        found |= place_words(PLACE_BY.sub(" ", heading["words"]))
    return found


def _cited_place(text: str, start: int, end: int) -> frozenset[str] | None:
    """The place a cited text gives its word at ``start``-``end``: the place right after it
    (:func:`place_after`: "H-25 en losas"), else, in a table row, the row's label ("| Footings |
    Grade 420 |"), else the heading before a colon in its sentence ("Dowels: ASTM A416"); None
    where none is read."""
    after = place_after(text, end)
    if after is not None:
        return after[1]
    line = text[text.rfind("\n", 0, start) + 1:start]
    if line.lstrip().startswith("|"):  # a table cell's place is its row's label ("| Footings | Grade 420 |")
        label = next((cell for cell in line.split("|")[:-1] if re.search(r"[^\W\d_]{3,}", cell)), "")
        return frozenset(place_words(label)) or None
    begin = max([match.end() for match in _SENTENCE_CUT.finditer(text, 0, start)] + [0])
    heading = re.match(r"\s*(?P<words>[^:\d]*[^\W\d_][^:\d]*):[^:]*$", text[begin:start])
    words = place_words(heading["words"]) if heading is not None else set()
    if not words and (condition := clause_condition(text, start, end)) is not None:
        # else the case a condition clause states it for, by the one list of condition words
        # (``conditions``): "Type II, unless sulfate exposure is severe, where Type V is required",
        # "CEM I, sauf en milieu agressif où le type CEM III est exigé", "..., dove è richiesto il
        # tipo CEM III", "..., wo Typ CEM III gefordert wird": a claim stating either with no
        # place is not answered (audit 70 C)
        words = place_words(condition[0].replace(text[start:end], " ")) or {condition[0].lower()}
    return frozenset(words) or None


def _placed(word: str, kin: dict[str, str], beside: dict[frozenset[str], dict[str, str]],
            mine: set[str]) -> Uncompared | None:
    """A claim's designation the cited text writes, as the places read on both sides decide it:
    where the cited text writes other designations of its shape (``kin``: ``H-21``, ``H-25``,
    ``H-30``) and a place is read on either side, it passes only where a cited place of it is
    one the claim names (every word of it, ``mine``); a cited place of another of them that the
    claim names refuses it (naming that one); else a person decides (:func:`several_places`).
    None: it passes."""
    lower = word.lower()
    # an ASTM standard's metric twin ("A416/A416M") is the same designation, no other of its family;
    # so is a cement's type and a subtype of it ("CEM II" and "CEM II/A-LL")
    others = {other: shown for other, shown in kin.items() if other.removesuffix("m") != lower.removesuffix("m")
              and lower != other.split("/", 1)[0] and other != lower.split("/", 1)[0]}
    if not others:
        return None
    cited = any(other in words for words in beside.values() for other in kin)
    if not mine and not cited:
        return None  # no place read on either side: the designations are not each a place's
    named = [words for place, words in beside.items() if place <= mine]
    own = any(lower in words for words in named)
    other = next((words[o] for words in named for o in words if o in others), None)
    if own and other is None:
        return None
    if other is not None and not own:
        return Uncompared(text=word, differs_from=other)
    return Uncompared(text=word, why=several_places(word, list(others.values())))


def several_places(value: str, others: Sequence[str]) -> str:
    """The one wording of the doubt where the cited text gives ``value`` for one place and
    ``others`` of its kind for others, and which place the claim means could not be read (the
    quantity check's figures and this gate's designations alike: audit 65)."""
    shown = ", ".join(repr(other) for other in dict.fromkeys(others))
    return (f"the cited text gives {value!r} for one of several places ({shown} for others); "
            "which one this claim means could not be read")


def place_words(words: str) -> set[str]:
    """The place items of ``words``: each content word, lower case, quoted and without its plural
    "s" ("'slab'"), so two writings of one place are one item."""
    found = (word.lower() for word in re.findall(r"[^\W\d_]{3,}", words))
    return {f"'{word[:-1] if word.endswith('s') and not word.endswith('ss') else word}'"
            for word in found if word not in _NO_PLACE}


def place_after(text: str, end: int) -> tuple[int, frozenset[str]] | None:
    """The place (:data:`PLACE_BY`) ``text`` names right after ``end``, past white space: where it
    begins and its items (:func:`place_words`: "at interior walls" is ``'interior'`` and
    ``'wall'``); None where no place follows."""
    found = PLACE_BY.match(text, end + len(text[end:]) - len(text[end:].lstrip()))
    if found is None:
        return None
    following = _PLACE_NEXT.match(text, found.end())
    words = found["place"] + (f" {following['next']}" if following is not None else "")
    return found.start(), frozenset(place_words(words))


#: A word that designates by the code after it (``Class A``, ``Type II``, ``Grade B``, ``Clase C``,
#: ``Tipo I``, ``Classe A``, ``Exposure class C``, ``Grade 420``): a code of capital letters (a Roman
#: numeral is one, and a hyphenated pair of them: ``Tipo I-A``, ``Type II-B``, audit 68) or of digits; a
#: mixed code (``Grade B500B``) is a word of its own, compared as every word of digits is. ``Schedule``
#: designates by digits only (``Schedule 40``, ``Schedule 80`` of a pipe, compared by place as the
#: others are); ``Schedule A`` of an agreement is a part of a document, never compared (audit 68).
#: A Roman numeral from I to XX is a code whatever its length, with a letter after it or not, glued
#: or hyphenated (``Type IIIB``, ``Type XVIII-A``): three capitals had bounded the code, so ``Type
#: IIIA`` for a cited ``Type IIIB`` was read as no designation and answered (audit 69).
#: German and Dutch designate by ``Typ`` and ``Klasse`` (``vom Typ A``, ``klasse B``); the German
#: noun is ``Typ`` with its capital, as "TYP" on a drawing is "typical" (audit 70 C).
#: A code is never ``CEM``: "type CEM III", "tipo CEM I", "Typ CEM II" designate by the cement's
#: own designation (:data:`_CEMENT`), which reading "CEM" as the type's code had left uncompared.
_ROMAN = r"(?:XX|X?(?:IX|IV|VI{0,3}|I{1,3})|X)"
_CODED = re.compile(r"(?<![^\W\d_])(?P<word>(?i:class|classes|type|types|grade|grades|category|categories|"
                    r"clase|clases|tipo|tipos|classe|classes|grado|grados|categor[i\u00ed]a|cat[e\u00e9]gorie|"
                    r"qualit[e\u00e9]|schedule|schedules|klasse|klassen)|Typ|Typen)\s+(?!CEM\b)"
                    rf"(?P<code>{_ROMAN}-?[A-Z]|[A-Z]{{1,3}}(?:-[A-Z]{{1,3}})?|\d+)(?![\w-])")
#: A cement's designation by EN 197-1 (``CEM I`` .. ``CEM V``, the same in every language that
#: writes it), with its subtype where written (``CEM II/A-LL``, ``CEM III/B``, ``CEM II/B-M (S-LL)``,
#: ``CEM V/A (S-V)``): a designation of letters like ``Type II``, its family ``cem *``, so "CEM V"
#: for a cited "CEM I" is another code of the word and refused; its strength class after it
#: (``42,5 R``) is a number, compared as every number is. Audit 70 C: "CEM I" was read as the
#: code "CEM" of "type" or not at all, so "CEM II" or "CEM V" for a cited "CEM I" was answered.
_CEMENT = re.compile(rf"(?<![\w/-])CEM[ \u00a0]?(?P<type>{_ROMAN})"
                     r"(?P<sub>[ \u00a0]?/[ \u00a0]?[ABC](?:[ \u00a0]?-[ \u00a0]?[A-Z]{1,2})?"
                     r"(?:[ \u00a0]?\([A-Z]{1,2}(?:-[A-Z]{1,2})*\))?)?(?![\w/-])")
#: The designating words whose code is digits only (:data:`_CODED`).
_BY_DIGITS = frozenset({"schedule", "schedules"})


def _coded(text: str) -> list[tuple[int, int, str, str]]:
    """Each designation by its word ``text`` writes (:data:`_CODED`): (start, end, the designating word
    and its code as one lower-case key, as written: ``class a``, ``Class A``)."""
    found = [(m.start(), m.end(), f"{m['word'].lower()} {m['code'].lower()}", f"{m['word']} {m['code']}")
             for m in _CODED.finditer(text) if m["code"].isdigit() or m["word"].lower() not in _BY_DIGITS]
    found += [(m.start(), m.end(), "cem " + (m["type"] + re.sub(r"[ \u00a0]", "", m["sub"] or "")).lower(), m.group())
              for m in _CEMENT.finditer(text)]
    return sorted(found)


def names_code(text: str) -> bool:
    """Whether ``text`` writes a designation by its word (:data:`_CODED`): the gate compares one of
    letters though it holds no digits."""
    return bool(_coded(text))


#: A mixed code's letters after its last digits: a grade of the same family (``B500A`` / ``B500B``,
#: ``S355JR`` / ``S235``), as a designation of letters is the same family by its word (``class *``).
_TRAILING = re.compile(r"(?<=9)[a-z]+$")


def _family(word: str) -> str:
    """The family a designation belongs to, the codes of one family compared by place
    (:func:`_placed`): its digits as one mark, a mixed code's trailing letters off where letters
    begin it (``B500B`` is ``b9``, as ``B500A`` and ``B500C`` are); a designation of letters by its
    word (``class a`` is ``class *``)."""
    lower = word.lower()
    if " " in lower:
        return lower.rsplit(" ", 1)[0] + " *"
    shape = _DIGITS.sub("9", lower)
    return _TRAILING.sub("", shape) if re.match(r"[^\W\d_]", shape) else shape


def _place_shape(place: str) -> str:
    return re.sub(r"[a-z]", "a", _DIGITS.sub("9", place.lower()))


def _misplaced(words: Sequence[tuple[int, int, str]], index: int, places: set[str]) -> bool:
    """Whether a number naming a place (``Article 2.4``, ``2.1.B``) has the shape of a cited
    provision's path but is none of them: the claim says its requirement is in another place
    than the one it cites, which no figure compares (audit 58-Q)."""
    word = words[index][2].lower()
    if not places or word in places or "." not in word:
        return False
    return _place_shape(word) in {_place_shape(place) for place in places}


def _words(text: str) -> list[tuple[int, int, str]]:
    """Each whitespace-delimited word of ``text``, its edge punctuation off, a multiplication sign
    read as x (:data:`_SIZE_SIGN`): (start, end, word)."""
    words: list[tuple[int, int, str]] = []
    for match in _TOKEN.finditer(text):
        raw = match.group()
        word = raw.strip(_EDGE)
        if not word:
            continue
        start = match.start() + raw.index(word)
        words.append((start, start + len(word), word.translate(_SIZE_SIGN)))
    return words


def _within(span: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    return any(start <= span[0] and span[1] <= end for start, end in spans)


def _bare(word: str) -> bool:
    """Whether a word is a bare number (digits with separators only: ``12``, ``1,200``, ``2.5``)."""
    return re.fullmatch(r"[\d,.]+", word) is not None


def _shape(words: Sequence[tuple[int, int, str]], index: int) -> str:
    """A word's shape: its digits as one mark; a bare number's with the words either side."""
    word = words[index][2]
    shape = _DIGITS.sub("9", word.lower())
    if not _bare(word):
        return shape
    before = words[index - 1][2].lower() if index > 0 else ""
    after = words[index + 1][2].lower() if index + 1 < len(words) else ""
    return f"{_DIGITS.sub('9', before)} {shape} {_DIGITS.sub('9', after)}"


def _shown(text: str, words: Sequence[tuple[int, int, str]], index: int) -> str:
    """A word as the person is shown it: a bare number with its words either side, as written."""
    if not _bare(words[index][2]):
        return text[words[index][0]:words[index][1]]
    first, last = max(0, index - 1), min(len(words) - 1, index + 1)
    return text[words[first][0]:words[last][1]]


def _names(words: Sequence[tuple[int, int, str]], index: int) -> bool:
    """Whether the word at ``index`` names rather than states (the module docstring's step 3)."""
    word = words[index][2]
    if _LOCATOR.fullmatch(word) or (_DOTTED.fullmatch(word) and not _DOT_THOUSANDS.fullmatch(word)):
        return True
    if _DATE.fullmatch(word) or _CLOCK.fullmatch(word) or _ORDINAL.fullmatch(word):
        return True
    before = words[index - 1][2].lower().rstrip(".") if index > 0 else ""
    after = words[index + 1][2].lower().rstrip(".") if index + 1 < len(words) else ""
    later = words[index + 2][2].lower().rstrip(".") if index + 2 < len(words) else ""
    earlier = words[index - 2][2].lower().rstrip(".") if index > 1 else ""
    if _YEAR.fullmatch(word) and (before in _YEAR_BEFORE or after in ("edition", "ed")
                                  or (earlier in MONTHS and before.isdigit())):  # "March 2, 2026"
        return True
    if _HOURS.fullmatch(word) and (before in _CLOCK_BEFORE or re.fullmatch(r"[ap]\.?m\.?", after)):
        return True
    if before in MONTHS or after in MONTHS or (after == "de" and later in MONTHS):
        return True  # "March 2, 2026", "2 March 2026", "2 de febrero de 1994"
    # a number after a locator word, or after the numbers that follow one ("Section 09 00 00")
    back = index - 1
    while back >= 0 and _bare(words[back][2]):
        back -= 1
    if back < 0:
        return False
    named = words[back][2].lower().rstrip(".")
    if named in _LOCATORS:
        return True
    return named in _NUMBER_WORDS and back > 0 and words[back - 1][2].lower().rstrip(".") in _LOCATORS

# ---- dates whose day and month could be swapped ------------------------------------------------
#
# Dates written in digits whose day and month could be swapped: which day is meant is not read.
#
# ``03/04/2027`` is the 3rd of April where the day is written first and the 4th of March where the
# month is; both numbers are 12 or less, so the digits alone do not say which (``13/04/2027`` can
# only be the 13th of April, and ISO's ``2027-03-04`` always writes the month second). The date
# comparison above lets such a date agree with either reading, so that a claim
# stating neither is refused; ``unread_date_order`` says where that leaves the claim undecided: a claim
# stating the day in another form ("3 April 2027", "4 March 2027", "2027-03-04", or the digits
# the other way round, "04/03/2027") holds for one reading and not the other, and a person
# decides (an escalation, never an answer). A claim writing the same digits in the same order
# (``03/04/2027``, ``3.4.2027``) states what the cited text states, and is answered. The same
# holds the other way round: a claim writing such a date where the cited text names its month.
#
# No project setting states a date order yet; where one is added, it is read here.

#: A date in digits with a slash, dot or dash, the day or month first and the year last (of four
#: digits or two: ``03/04/27``, audit 68).
_DIGIT_DATE = re.compile(r"(\d{1,2})([/.\-])(\d{1,2})\2(\d{4}|\d\d)")


def _digit_order(written: str) -> tuple[int, int, int] | None:
    """The numbers of a date written in digits (``03/04/2027`` → (3, 4, 2027)), in the order
    written; None for a date written otherwise (a month's name, ISO)."""
    match = _DIGIT_DATE.fullmatch(written)
    return (int(match[1]), int(match[3]), int(match[4])) if match else None


def _readings(written: str) -> str:
    """The two days a date in digits may be, the day-first reading first ("3 April or 4 March")."""
    one, other, _ = _digit_order(written) or (0, 0, 0)
    return f"{one} {calendar.month_name[other]} or {other} {calendar.month_name[one]}"


def unread_date_order(claim_text: str, cited_texts: Sequence[str]) -> list[tuple[str, str]]:
    """Each date of ``claim_text`` that agrees with a cited date only through a day-and-month
    order no text states, as (the claim's date as written, why a person decides), once each.
    A claim date that agrees with a cited date of one reading is read; one that agrees with
    none is the date comparison's to refuse."""
    cited = [date for text in cited_texts for date in _dates(text)]
    if not any(len(date[2]) > 1 for date in cited) and not any(len(date[2]) > 1 for date in _dates(claim_text)):
        return []
    found: dict[str, tuple[str, str]] = {}  # the claim's date in lower case → (as written, why)
    for _, _, readings, written, example in _dates(claim_text):
        stated = [other for other in cited if example or not other[4]]  # an example's date, as ``designations``
        agreeing = [other for other in stated if _same_date(readings, other[2])]
        if not agreeing:
            continue
        order = _digit_order(written)
        if order is not None and any(_digit_order(other[3]) == order for other in agreeing):
            continue  # the same digits in the same order: what the cited text states
        if any(len(other[2]) == 1 and len(readings) == 1 for other in agreeing):
            continue  # one day on both sides
        either = next((other for other in agreeing if len(other[2]) > 1), None)
        if either is not None:
            why = f"the cited date {either[3]} reads as {_readings(either[3])}; which is meant could not be read"
        else:
            why = (f"the claim's date {written} reads as {_readings(written)}; which is meant could not be read "
                   f"(the cited text states {agreeing[0][3]})")
        found.setdefault(written.lower(), (written, why))
    return list(found.values())
