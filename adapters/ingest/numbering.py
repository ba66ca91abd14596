"""What a line's numbering says, read from the line alone (the outline decides if it is a heading).

Recognised at the start of a line, after optional Markdown ``#`` marks and ``**`` bold:

- CSI MasterFormat section numbers ``SECTION 03 30 00`` (path ``033000``);
- SectionFormat parts ``PART 2`` (path ``part-2``) and lettered appendices ``APPENDIX A``;
- decimal numbers ``2``, ``2.1.3``, ``447.21``, with or without ``§``/``Section``/``Article``,
  appendix decimals ``A.1`` and lettered clause numbers ``D9.1`` (a part's letter run into the
  number, path ``D9.1``; the outline opens them only where the document uses them as clauses);
- SectionFormat paragraphs ``A.``, ``1.``, ``a.``, ``1)``, ``a)``;
- regulation paragraphs ``(a)``, ``(1)``, ``(i)``, ``(A)``, several in a row (``(a)(1)``);
- any other Markdown heading (unnumbered, given a slug).

A marker that can be read two ways (``(i)``: the letter after ``(h)`` or the roman one) keeps
both readings; :mod:`.outline` picks one from the open sections.

The label grammar is ``inforce.ontology.numbering``'s (shared with the addendum itemizer);
what is composed here of it, and the digit counts, are this reader's guards against years
and quantities that start a line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from inforce.ontology.numbering import (
    BOLD,
    LABEL_END,
    LEAD,
    LOWER,
    UPPER,
    number,
    roman_value,
    slugify,
)

__all__ = ["Heading", "Marker", "Reading", "read_heading", "roman_value", "slugify"]

_END = LABEL_END
_LEAD = re.compile(LEAD)
_MARKER = re.compile(
    rf"(?P<csi>(?P<csiword>SECTION|Section)[ \t]+(?P<c1>\d{{2}})[ \t]?(?P<c2>\d{{2}})[ \t]?(?P<c3>\d{{2}})"
    rf"(?:\.(?P<c4>\d{{2}}))?)(?=[ \t\r]|$|[-–—:*_])"
    rf"|(?P<part>(?P<partword>PART|Part)[ \t]+(?P<pn>{number(3)}))(?!\d|\.\d)"
    rf"|(?P<appx>(?P<appxword>APPENDIX|Appendix|ANNEX|Annex)[ \t]+(?P<al>{UPPER}))(?![A-Za-z0-9]|\.\w)"
    rf"|(?P<dec>(?:(?P<sect>§§?)[ \t]*|(?P<word>SECTION|Section|ARTICLE|Article|SEC\.|Sec\.)[ \t]+)?"
    rf"(?P<num>{number(4)}(?:\.{number(4)})*)(?P<dot>\.)?:?){_END}"
    rf"|(?P<adec>(?P<al2>{UPPER})\.(?P<anum>{number(3)}(?:\.{number(3)})*)\.?){_END}"
    rf"|(?P<ldec>(?P<al3>{UPPER})(?P<lnum>{number(3)}(?:\.{number(3)})+)\.?){_END}"
    rf"|(?P<sf>(?P<up>{UPPER})\.|(?P<lo>{LOWER})\.|(?P<np>{number(3)})\)|(?P<lp>{LOWER})\)){_END}"
    rf"|(?P<reg>(?:\((?:{LOWER}{{1,5}}|{UPPER}{{1,2}}|{number(3)})\))+){_END}"
)
_REG_TOKEN = re.compile(r"\(([^)]+)\)")
_SEPARATOR = re.compile(r"^[ \t]*(?:\*\*|__)?[ \t]*(?:[-–—:.][ \t]*)?")
_SEPARATORS = "-–—:"
_ATX_TAIL = re.compile(r"[ \t]+#+[ \t]*$")
#: Words after a bare number that make it a quantity, not a heading ("10 MPa", "5 PSI").
_UNIT_WORDS = frozenset(
    "MPa GPa kPa Pa PSI KSI LB LBS FT IN MM CM M L N F C °F °C % Percent Percentile".split()
    # written in lower case, read where a clause's text may start so (``_lower_clause``)
    + "mm cm m km in ft yd kg g t kN N lb lbs psi ksi kip kips percent x days hours years".split()
)
#: Words after a regulation marker that make it a cross-reference running on ("(f) of this clause").
_RUN_ON_WORDS = frozenset(
    ("of", "and", "or", "through", "to", "above", "below", "hereof", "thereof")
)
#: Words after a decimal that make it a cross-reference or a wrapped sentence running on
#: ("2.1 of this section", "6.2 shall apply"), not a clause whose text starts in lower case.
#: Not a regulation marker's: "(a) the Contractor shall" opens its paragraph.
_CLAUSE_RUN_ON_WORDS = _RUN_ON_WORDS | frozenset(
    "in on at for by with from into within under per as than then the a an this these those that "
    "which where when if shall should must may will is are was were be been has have had not nor "
    "but applies apply requires provides states herein hereunder thru until between inclusive "
    "respectively also including except unless and/or i.e e.g et".split()
)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a paragraph marker: its numbering style and its place in the sequence."""

    style: str
    value: int
    segment: str


@dataclass(frozen=True, slots=True)
class Marker:
    """A paragraph marker as printed, where it starts in the line, and its possible readings."""

    number: str
    offset: int
    readings: tuple[Reading, ...]


@dataclass(frozen=True, slots=True)
class Heading:
    """What the start of a line says, before the outline decides whether it is a heading.

    ``kind`` is ``csi``, ``part``, ``appendix``, ``decimal``, ``paragraph`` or ``markdown``
    (an unnumbered Markdown heading). ``explicit`` is set for Markdown headings and bold
    lines, whose numbering is taken at its word. For a decimal, ``segment`` is the path as
    printed (``2.01``) and ``comps`` the numbers it is compared by (``(2, 1)``).
    """

    kind: str
    number: str | None
    text: str
    md_level: int | None
    explicit: bool
    segment: str = ""
    comps: tuple[int | str, ...] = ()
    value: int = 0
    markers: tuple[Marker, ...] = ()
    introduced: bool = False
    dotted: bool = False
    #: A lettered clause number's letter (``D`` of ``D9.1``, whose comps are ``("D9", 1)``).
    lettered: str = ""
    #: The text starts in lower case (``6.2 f'c = 25 MPa``, ``6.3 pH of ...``): a heading only
    #: where the outline finds it at a paragraph's start, the next number of the open ones.
    lower: bool = False


def read_heading(line: str) -> Heading | None:
    """Read the numbering at the start of ``line``; None when it has none.

    Only syntax is judged here (with guards against years, quantities and cross-references
    that happen to start a line); whether the number fits the open sections is the outline's.
    """
    lead = _LEAD.match(line)
    md = lead.group(1)  # type: ignore[union-attr]
    bold = lead.group(2)  # type: ignore[union-attr]
    at = lead.end()  # type: ignore[union-attr]
    md_level = len(md) if md else None
    explicit = bool(md or bold)
    match = _MARKER.match(line, at)
    if match is None:
        if md is None:
            return None
        text = _clean(line[at:], md=True)
        return Heading("markdown", None, text, md_level, True) if text else None
    rest = _clean(line[match.end() :], md=bool(md))
    group = match.lastgroup
    if group == "csi":
        digits = (
            match["c1"] + match["c2"] + match["c3"] + (f"-{match['c4']}" if match["c4"] else "")
        )
        if match["csiword"] == "Section" and not explicit and rest and rest[0] not in _SEPARATORS:
            return None  # "Section 03 30 00 requires ..." running on in prose
        return Heading(
            "csi", match["csi"], _strip_separator(rest), md_level, explicit, segment=digits
        )
    if group == "part":
        if match["partword"] == "Part" and not explicit and not _title_like(rest):
            return None
        value = int(match["pn"])
        return Heading(
            "part",
            match["part"],
            _strip_separator(rest),
            md_level,
            explicit,
            segment=f"part-{value}",
            value=value,
        )
    if group == "appx":
        if match["appxword"][1:].islower() and not explicit and not _title_like(rest):
            return None
        letter = match["al"]
        return Heading(
            "appendix",
            match["appx"],
            _strip_separator(rest),
            md_level,
            explicit,
            segment=letter,
            comps=(letter,),
        )
    if group == "dec":
        return _decimal(match, rest, md_level, explicit)
    if group == "adec":
        if not explicit and not _heading_like(rest):
            return None
        comps: tuple[int | str, ...] = (match["al2"], *(int(c) for c in match["anum"].split(".")))
        return Heading(
            "decimal",
            match["adec"],
            _strip_separator(rest),
            md_level,
            explicit,
            segment=f"{match['al2']}.{match['anum']}",
            comps=_without_trailing_zeros(comps),
        )
    if group == "ldec":
        if not explicit and (not _heading_like(rest) or rest[0].isdigit()):
            return None
        first, *after = match["lnum"].split(".")
        letter = match["al3"]
        return Heading(
            "decimal",
            match["ldec"],
            _strip_separator(rest),
            md_level,
            explicit,
            segment=f"{letter}{match['lnum']}",
            comps=_without_trailing_zeros((f"{letter}{int(first)}", *(int(c) for c in after))),
            lettered=letter,
        )
    if group == "sf":
        return _sectionformat(match, rest, md_level, explicit, at)
    return _regulation(match, rest, md_level, explicit, at)


def _decimal(
    match: re.Match[str], rest: str, md_level: int | None, explicit: bool
) -> Heading | None:
    comps = tuple(int(c) for c in match["num"].split("."))
    introduced = bool(match["sect"] or match["word"])
    lower = False
    if not explicit:
        lower = bool(rest) and rest[0].islower()
        if lower and not _lower_clause(rest, comps):
            return None  # a run-on ("2.1 of this section")
        if not rest or rest[0].isdigit():
            return None  # a list of numbers ("Section 03 30 00,")
        word = rest.split(None, 1)[0]
        if word.rstrip(".,;:") in _UNIT_WORDS:
            return None
        if len(comps) == 1 and not introduced and comps[0] >= 1000:
            return None  # a year or a count ("2026 Budget"), not a section number
    return Heading(
        "decimal",
        match["dec"].rstrip(":"),
        _strip_separator(rest),
        md_level,
        explicit,
        segment=match["num"],
        comps=_without_trailing_zeros(comps),
        introduced=introduced,
        dotted=bool(match["dot"]),
        lower=lower,
    )


def _without_trailing_zeros(comps: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """``1.0`` heads the section whose articles are ``1.1``, ``1.2``: it ranks as ``1``."""
    while len(comps) > 1 and comps[-1] == 0:
        comps = comps[:-1]
    return comps


def _sectionformat(
    match: re.Match[str], rest: str, md_level: int | None, explicit: bool, at: int
) -> Heading:
    if match["up"]:
        reading = Reading("upper", ord(match["up"]) - 64, match["up"])
    elif match["lo"]:
        reading = Reading("lower", ord(match["lo"]) - 96, match["lo"])
    elif match["np"]:
        reading = Reading("num-paren", int(match["np"]), str(int(match["np"])))
    else:
        reading = Reading("lower-paren", ord(match["lp"]) - 96, match["lp"])
    marker = Marker(match["sf"], at, (reading,))
    return Heading("paragraph", match["sf"], rest, md_level, explicit, markers=(marker,))


def _regulation(
    match: re.Match[str], rest: str, md_level: int | None, explicit: bool, at: int
) -> Heading | None:
    first_word = rest.split(None, 1)[0] if rest else ""
    if not explicit and first_word in _RUN_ON_WORDS:
        return None
    markers: list[Marker] = []
    for token in _REG_TOKEN.finditer(match["reg"]):
        readings = _regulation_readings(token.group(1))
        if not readings:
            return None
        markers.append(Marker(token.group(0), at + token.start(), readings))
    return Heading("paragraph", match["reg"], rest, md_level, explicit, markers=tuple(markers))


def _regulation_readings(label: str) -> tuple[Reading, ...]:
    if label.isdigit():
        return (Reading("reg-num", int(label), str(int(label))),)
    readings: list[Reading] = []
    if label.islower():
        if len(set(label)) == 1:  # a, b, ... z, then aa, bb (as the CFR continues)
            readings.append(
                Reading("reg-lower", (ord(label[0]) - 96) + 26 * (len(label) - 1), label)
            )
        roman = roman_value(label)
        if roman:
            readings.append(Reading("reg-roman", roman, label))
    elif label.isupper() and len(set(label)) == 1:
        readings.append(Reading("reg-upper", (ord(label[0]) - 64) + 26 * (len(label) - 1), label))
    return tuple(readings)


def _heading_like(rest: str) -> bool:
    """Text after a number that reads as a heading: present, and not a lowercase run-on."""
    return bool(rest) and not rest[0].islower()


def _lower_clause(rest: str, comps: tuple[int, ...]) -> bool:
    """Text in lower case after a clause number that may be the clause's own: the number has two
    parts or more and the first word runs on no sentence (``_CLAUSE_RUN_ON_WORDS``)."""
    return len(comps) >= 2 and rest.split(None, 1)[0].rstrip(".,;:") not in _CLAUSE_RUN_ON_WORDS


def _title_like(rest: str) -> bool:
    """After a container's name (``Part 2``, ``Appendix B``): nothing, a separator or a title."""
    return not rest or rest[0].isupper() or rest[0] in _SEPARATORS


def _clean(text: str, *, md: bool) -> str:
    text = text.strip()
    if re.search(rf"{BOLD}$", text):
        text = text[:-2].rstrip()
    if md and text.endswith("#"):
        text = _ATX_TAIL.sub("", text)
    if text.startswith(("**", "__")):
        text = text[2:].lstrip()
    return text


def _strip_separator(text: str) -> str:
    return _SEPARATOR.sub("", text, count=1).strip()
