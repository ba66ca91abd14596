"""Conditions: what a stated figure holds under, read from the words around it.

"The recommended dose is 250 mg twice daily; it may be increased to 500 mg" states two doses,
each under its own condition: 250 mg is the recommended dose, 500 mg the increased one. A claim
that "the recommended dose is 500 mg" names the figure without its condition, and a check that
matched numbers alone would pass it. So each mention carries its condition, a few *terms* from
a small closed vocabulary (:data:`TERMS`), each term of one *facet*:

- ``regimen`` — ``recommended`` (also *usual*, *standard dose*), ``increased`` (*may be
  increased to*, *titrated up to*), ``reduced`` (*reduced to*, *decreased to*): the dose as
  given, or as adjusted;
- ``phase`` — ``initial`` (*starting*, *loading dose*), ``maintenance``: a recommended dose
  may be an initial one, so the two facets are compared apart;
- ``population`` — ``adult``, ``pediatric`` (*children*, *infants*, *adolescents*),
  ``elderly`` (*geriatric*);
- ``exposure`` — ``cast against earth``, ``exposed to weather`` (*exposed to earth or
  weather*), ``not exposed to weather`` (a concrete cover's three exposures);
- ``weight`` — a weight band, ``weight 30-40 kg``: a mass stated after *weighing* or *body
  weight*, in kilograms (a table's *Body weight* column is not read as one yet: a row's cells
  are read apart).

A maximum or a minimum is not a condition: it is the mention's ``bound`` (``not to exceed``,
``maximum``), one home for it, compared as a bound; a maximum *dose* is a subject of its own.

**Where the words are read** (:func:`read_conditions`), within the figure's *clause* (cut at
a sentence's end, a semicolon and a line break):

1. a word of a facet between the figure and the figure before it in the clause, else between
   the figure and the next one (or the next comma; a population there only after *for*, *in*
   or *to*: "500 mg for adults", not "250 mg (adult dose)", which names the dose): the nearest
   statement wins ("the recommended dose is 250 mg, which may be increased to 500 mg": 250 mg
   is recommended, 500 mg increased);
2. else, for a ``population`` only, a word anywhere before the figure in the clause (a
   population opens the sentence: "In adults who ..., the dose may be increased to 500 mg");
   two of one facet ("adults and pediatric patients") are both kept;
3. a weight band in the clause applies to the other figures of the clause, itself included
   in none.

The words are one table here (:data:`TERMS`): the subject pack language has no place for
them yet, so a policy owner adds a word by a pull request against this table.

**How claims use them** (``claims``): a claim's figure is supported only by a cited figure
whose condition agrees on every facet both state (the same regimen, the same population, the
same band); a facet only one side states is not compared, so a claim without condition words
matches as it did before conditions were read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .units import format_value

__all__ = [
    "TERMS", "Figure", "condition_conflict", "facet_of", "is_band_position", "may_state_condition",
    "read_conditions", "weight_band",
]

#: (facet, term, the words that state it): the closed vocabulary of conditions. The words are a
#: regular expression, matched whole-word and in any letter case.
TERMS: tuple[tuple[str, str, str], ...] = (
    ("regimen", "recommended", r"recommended|usual(?:ly)?|standard\s+dos\w*"),
    ("phase", "initial", r"initial(?:ly)?|starting|start(?:ed)?\s+(?:at|on|with)|loading\s+dos\w*"),
    ("phase", "maintenance", r"maintenance"),
    ("regimen", "increased", r"(?:may|can|could|should|be)\s+(?:then\s+)?(?:be\s+)?increased|increased?\s+to|"
                           r"titrat\w*\s+(?:up\s+)?to|up-?titrat\w*|escalat\w*\s+to"),
    ("regimen", "reduced", r"reduced?\s+(?:dose\s+)?(?:to|of)|decreased?\s+to|lowered\s+to"),
    ("population", "adult", r"adults?(?!-)"),
    # not "child-resistant closures"
    ("population", "pediatric", r"p(?:a)?ediatric|children|child(?!-)|infants?|adolescents?|neonates?"),
    ("population", "elderly", r"elderly|geriatric"),
    ("exposure", "cast against earth", r"cast\s+against(?:\s+and\s+permanently\s+exposed\s+to)?\s+(?:the\s+)?earth"),
    ("exposure", "not exposed to weather", r"not\s+exposed\s+to\s+(?:the\s+)?(?:weather|earth)"),
    ("exposure", "exposed to weather", r"exposed\s+to\s+(?:the\s+)?(?:earth\s+or\s+)?weather"),
)

_FACETS = {term: facet for facet, term, _ in TERMS}
_WORDS = re.compile(
    "|".join(f"(?P<t{number}>\\b(?:{pattern})\\b)" for number, (_, _, pattern) in enumerate(TERMS)),
    re.IGNORECASE,
)
#: Cheap test before the clause-by-clause reading: a text with none of these has no condition.
_ANY = re.compile(r"weigh|" + _WORDS.pattern, re.IGNORECASE)
#: Where a clause ends: a sentence's end, a semicolon, a line break.
_CLAUSE_END = re.compile(r"[.!?](?=\s|$)|;|\n")
_CAPITAL_NEXT = re.compile(r"\s+[A-Z]")
#: What opens a population named after its figure: "for adults", "in pediatric patients".
_FOR_BEFORE = re.compile(r"\b(?:for|in|to)\s+(?:\w+\s+)?$", re.IGNORECASE)
#: The words that make a mass a weight band: "patients weighing at least", "body weight of".
_BAND_BEFORE = re.compile(r"\b(?:weigh\w*|(?:body\s*)?weight)\b(?:\s+(?:of|is|at|from|between|"
                          r"less|more|than|least|most|over|under|above|below|up|to|[<>≤≥]=?))*\s*$",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Figure:
    """A mention as conditions see it: its span in the text, and its weight band's term when
    it is a weight band (a mass stated after *weighing*), else None."""

    start: int
    end: int
    band: str | None = None


def facet_of(term: str) -> str:
    """The facet of a condition term (``recommended`` → ``regimen``; ``weight 30-40 kg`` → ``weight``)."""
    return "weight" if term.startswith("weight ") else _FACETS.get(term, term)


def may_state_condition(text: str) -> bool:
    """Whether ``text`` holds a word of :data:`TERMS` or a weight band at all."""
    return _ANY.search(text) is not None


def is_band_position(text: str, start: int) -> bool:
    """Whether a mass at ``text[start:]`` follows the words of a weight band."""
    return _BAND_BEFORE.search(text, max(0, start - 40), start) is not None


def read_conditions(text: str, figures: Sequence[Figure]) -> list[tuple[str, ...]]:
    """The condition terms of each figure of ``text``, in order (rules in the module docstring)."""
    conditions: list[tuple[str, ...]] = [() for _ in figures]
    if not figures or not may_state_condition(text):
        return conditions
    words = [(match.start(), match.end(), TERMS[int(match.lastgroup[1:])][1])  # type: ignore[index]
             for match in _WORDS.finditer(text)]
    for start, end, members in _clauses(text, figures):
        inside = [(at, until, term) for at, until, term in words if start <= at and until <= end]
        bands = tuple(dict.fromkeys(figures[i].band for i in members if figures[i].band))
        amounts = [i for i in members if figures[i].band is None]
        for position, i in enumerate(amounts):
            figure = figures[i]
            before = figures[amounts[position - 1]].end if position else start
            after = figures[amounts[position + 1]].start if position + 1 < len(amounts) else end
            comma = text.find(",", figure.end, after)
            after = comma if comma >= 0 else after
            terms: list[str] = []
            for facet in ("regimen", "phase", "population", "exposure"):
                found = [t for at, until, t in inside
                         if before <= at and until <= figure.start and facet_of(t) == facet] \
                    or [t for at, until, t in inside if figure.end <= at and until <= after and facet_of(t) == facet
                        and (facet != "population" or _FOR_BEFORE.search(text, max(figure.end, at - 24), at))]
                if not found and facet == "population":
                    found = [t for at, _, t in inside if at < figure.start and facet_of(t) == facet]
                terms.extend(found)
            terms.extend(bands)
            conditions[i] = tuple(dict.fromkeys(terms))
    return conditions


def _clauses(text: str, figures: Sequence[Figure]) -> list[tuple[int, int, list[int]]]:
    """(start, end, the indexes of the figures in it) of each clause holding a figure."""
    cuts = [0]
    for match in _CLAUSE_END.finditer(text):
        # a decimal point inside a figure does not end its clause, nor does the point of a unit
        # (``3 in.``) unless a capital opens what follows (``3 in. Exposed to weather: 2 in.``)
        at = match.start()
        inside = next((figure for figure in figures if figure.start <= at < figure.end), None)
        if inside is not None and (at < inside.end - 1 or _CAPITAL_NEXT.match(text, at + 1) is None):
            continue
        cuts.append(match.end())
    cuts.append(len(text))
    clauses: list[tuple[int, int, list[int]]] = []
    order = sorted(range(len(figures)), key=lambda i: figures[i].start)  # in text order
    position = 0
    for start, end in zip(cuts, cuts[1:], strict=False):
        members = []
        while position < len(order) and figures[order[position]].start < end:
            members.append(order[position])
            position += 1
        if members:
            clauses.append((start, end, members))
    return clauses


def condition_conflict(claim: Sequence[str], source: Sequence[str]) -> tuple[str, str] | None:
    """The first facet on which a claim's condition and a cited one's disagree, as (the claim's
    terms, the source's terms) of that facet; None when they agree on every facet both state."""
    for facet in dict.fromkeys(facet_of(term) for term in claim):
        ours = [term for term in claim if facet_of(term) == facet]
        theirs = [term for term in source if facet_of(term) == facet]
        if theirs and not set(ours) & set(theirs):
            return ", ".join(ours), ", ".join(theirs)
    return None


def weight_band(value: float, upper: float | None, bound: str) -> str:
    """The term of a weight band, in kilograms (``value``/``upper`` are in kilograms):
    ``weight 30-40 kg``, ``weight ≥ 40 kg``, ``weight ≤ 15 kg``, ``weight 35 kg``."""
    low = format_value(value)
    if upper is not None:
        return f"weight {low}-{format_value(upper)} kg"
    if bound == "min":
        return f"weight ≥ {low} kg"
    if bound == "max":
        return f"weight ≤ {low} kg"
    return f"weight {low} kg"
