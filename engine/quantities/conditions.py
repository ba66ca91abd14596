"""Conditions: what a stated figure holds under, read from the words around it.

"The recommended dose is 250 mg twice daily; it may be increased to 500 mg" states two doses,
each under its own condition: 250 mg is the recommended dose, 500 mg the increased one. A claim
that "the recommended dose is 500 mg" names the figure without its condition, and a check that
matched numbers alone would pass it. So each mention carries its condition, a few *terms* from
a small closed vocabulary, each term of one *facet*. The vocabulary is the subject pack's
``conditions:`` section (``rules.conditions``: facets, their terms, the words that state each);
the stock pack ``subjects/default`` declares these:

- ``regimen`` — ``recommended`` (also *usual*, *standard dose*), ``increased`` (*may be
  increased to*, *titrated up to*), ``reduced`` (*reduced to*, *decreased to*): the dose as
  given, or as adjusted;
- ``phase`` — ``initial`` (*starting*, *loading dose*), ``maintenance``: a recommended dose
  may be an initial one, so the two facets are compared apart;
- ``population`` — ``adult``, ``pediatric`` (*children*, *infants*, *adolescents*),
  ``elderly`` (*geriatric*);
- ``exposure`` — ``cast against earth``, ``exposed to weather`` (*exposed to earth or
  weather*), ``not exposed to weather`` (a concrete cover's three exposures);
- ``weight`` — a weight band, ``weight 30-40 kg``: a mass of a quarter kilogram or more
  written after one of the facet's ``band_after`` words (*weighing*, *body weight*, *patients*,
  *children*), only words of comparison between ("in patients of 33 to 47 kg", "patients
  under 40 kg", "children (33 to 47 kg)"), in kilograms (a table's *Body weight* column is not
  read as one yet: a row's cells are read apart).

- ``element`` — the element a list item states its figure for, ``element pile caps, bottom``:
  read by a general rule from the item's label (:func:`element_of`), not from the pack, and
  compared word by word (``slab on grade, top`` is specific to ``top of slabs``; ``piers`` and
  ``pile caps`` differ).

A maximum or a minimum is not a condition: it is the mention's ``bound`` (``not to exceed``,
``maximum``), one home for it, compared as a bound; a maximum *dose* is a subject of its own.

**Where the words are read** (:meth:`ConditionReader.read`), within the figure's *clause* (cut at
a sentence's end, a semicolon and a line break):

1. a word of a facet between the figure and the figure before it in the clause, else between
   the figure and the next one (or the next comma; a term there only after one of its facet's
   ``after_figure_needs`` words: a population after *for*, *in* or *to*, "500 mg for adults",
   not "250 mg (adult dose)", which names the dose): the nearest statement wins ("the recommended dose is 250 mg, which may be increased to 500 mg": 250 mg
   is recommended, 500 mg increased);
2. else, for a facet read ``before_figure: clause`` (a population), a word anywhere before the
   figure in the clause (a population opens the sentence: "In adults who ..., the dose may be
   increased to 500 mg"); two of one facet ("adults and pediatric patients") are both kept;
3. a weight band in the clause applies to the other figures of the clause, itself included
   in none.

A :class:`ConditionReader` reads with one pack's vocabulary (:func:`condition_reader`, built
once for each content); a vocabulary that declares no conditions reads the stock pack's.

**How claims use them** (``claims``): a claim's figure is supported only by a cited figure
whose condition agrees on every facet both state (the same regimen, the same population, the
same band), each term's facet taken from the claim's vocabulary (:func:`term_facets`); a facet
only one side states is not compared, so a claim without condition words matches as it did
before conditions were read. Where several cited figures agree with the claim's condition, the
one stating it most closely governs (:func:`governs`). Beyond the pack's terms, a condition clause
either side attaches to the figure in its own words ("where ...", "if ...", "si ...") is read
(:func:`clause_condition`): where both state one and their content words differ, a person
decides (:func:`other_clause_condition`). The graph stores each quantity's terms (``facts`` and
the sweep show them).

**How the sweep uses them** (``compare``, by :func:`condition_relation`): two figures are
statements of one requirement only when their conditions are the same on every facet; one
strictly including the other's terms is specific to it, and figures of cases apart (cover cast
against earth, cover for larger bars) are not compared either.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from inforce.rules.conditions import (
    WEIGHT_FACET,
    ConditionFacet,
    compile_condition_word,
    condition_word_stems,
)

if TYPE_CHECKING:
    from inforce.rules import SubjectVocabulary

from .units import format_value

__all__ = [
    "APPROXIMATE", "ELEMENT_FACET", "approximate_at", "clause_condition", "other_clause_condition", "compared_terms", "may_be_approximate", "ConditionReader", "Figure", "Relation", "condition_conflict", "condition_reader",
    "condition_relation", "band_key", "band_strict", "element_named", "element_of", "facet_of", "governs", "is_item_marker", "stock_conditions", "term_facets", "weight_band",
]

#: The facet of the element a list item states its figure for (``element pile caps, bottom``).
ELEMENT_FACET = "element"
#: The term (and facet) of a figure written approximately (``about 12 in``, ``12 in +/-``):
#: how exactly it is stated, not a case it holds for, so it sets no figure apart
#: (:func:`compared_terms`); the comparison widens its tolerance instead (``compare``).
APPROXIMATE = "approximate"

#: Where a clause ends: a sentence's end, a semicolon, a line break; not the period of a
#: number's abbreviation (``exposed to weather, No. 6 bars and larger: 2 inches``; ``NO. 6``).
_CLAUSE_END = re.compile(r"(?!\.(?<=\b[Nn][Oo]\.)\s+\d)[.!?](?=\s|$)|;|\n")
_CAPITAL_NEXT = re.compile(r"\s+[A-Z]")
#: What may stand between a band word and its mass: words of comparison, a sign, a bracket
#: ("patients weighing at least", "patients of", "children (", "patients ≥").
_BAND_GAP = (r"(?:\s*(?:(?:of|is|at|from|between|less|more|greater|fewer|than|least|most|over|under|above|"
             r"below|up|to)\b|[<>≤≥=(]=?))*\s*$")
#: The words between that make a band a maximum or a minimum ("patients under 40 kg").
_BAND_MAX = re.compile(r"\b(?:less|fewer|under|below|up\s+to|at\s+most)\b|[<≤]")
_BAND_MIN = re.compile(r"\b(?:more|greater|over|above|at\s+least)\b|[>≥]")
#: The words of a strict bound (``less than 50 kg``, ``over 50 kg``, ``< 50 kg``): shown ``<``/``>``.
_BAND_STRICT = re.compile(r"(?<!or\s)\b(?:less|fewer|under|below|more|greater|over|above)\b(?!\s+or\b)|[<>](?!=)")
#: A negation in a bound's words: "not less than" is "at least", never a strict bound.
_NEGATED = re.compile(r"\b(?:not|no|never)\b|n['’]t\b")
#: The lightest mass read as a band: a lighter one is an amount given ("adults 500 mg"), not a body.
_BAND_LEAST_KG = 0.25


@dataclass(frozen=True)
class Figure:
    """A mention as conditions see it: its span in the text, and its weight band's term when
    it is a weight band (a mass stated after *weighing*), else None."""

    start: int
    end: int
    band: str | None = None


class ConditionReader:
    """The conditions of one vocabulary (a pack's ``conditions:``), compiled: which words
    state which term, and how each facet is read (rules in the module docstring)."""

    def __init__(self, facets: Sequence[ConditionFacet]) -> None:
        self.facets = tuple(facets)
        self.given: object = facets  # the sequence last asked with (``condition_reader``)
        #: (facet, term, the words' pattern), in the pack's order
        self._terms = tuple((facet.facet, term, "|".join(compile_condition_word(word) for word in words))
                            for facet in self.facets for term, words in facet.terms.items() if words)
        self._words = re.compile("|".join(f"(?P<t{n}>{pattern})" for n, (_, _, pattern) in enumerate(self._terms)),
                                 re.IGNORECASE) if self._terms else None
        weight = next((facet for facet in self.facets if facet.facet == WEIGHT_FACET), None)
        band_words = weight.band_after if weight is not None else _stock_band_words()
        band = "|".join(compile_condition_word(word) for word in band_words)
        #: A mass's band words, read back from the mass (None: the vocabulary reads no bands)
        self._band = re.compile(f"(?:{band}){_BAND_GAP}", re.IGNORECASE) if band else None
        #: Cheap test before the clause-by-clause reading: a text with none of these has no condition.
        #: Every word's pattern opens with ``\b`` (``compile_condition_word``), so one ``\b``
        #: before them all finds the same and skips the positions inside words at once (a third
        #: of the time: this runs on every text read).
        self._any = re.compile(r"\b(?:" + ("|".join(p for p in (band, self._words.pattern if self._words else "") if p)
                                           or r"(?!)") + ")", re.IGNORECASE)
        #: ``_any`` one word at a time, each with the words a text must hold to read it
        #: (``condition_word_stems``), under the longest of them: ``may_state`` searches only
        #: for the words whose every required word the text holds (most texts hold none).
        #: None: a word is not ASCII, and a lower-case text is no sure test of what
        #: ``re.IGNORECASE`` reads in it.
        words = dict.fromkeys([*band_words, *(word for facet in self.facets for written in facet.terms.values()
                                              for word in written)])
        gates: dict[str, list[tuple[tuple[str, ...], re.Pattern[str]]]] = {}
        ascii_only = True
        for word in words:
            needs = tuple(dict.fromkeys(condition_word_stems(word)))
            ascii_only = ascii_only and all(stem.isascii() for stem in needs)
            longest = max(needs, key=len)
            gates.setdefault(longest, []).append((tuple(stem for stem in needs if stem != longest),
                                                  re.compile(rf"\b(?:{compile_condition_word(word)})", re.IGNORECASE)))
        self._gates = tuple((longest, tuple(listed)) for longest, listed in gates.items()) if ascii_only else None
        #: What opens a term named after its figure ("for adults"), by facet
        self._after = {facet.facet: re.compile(r"\b(?:" + "|".join(re.escape(w) for w in facet.after_figure_needs)
                                               + r")\s+(?:\w+\s+)?$", re.IGNORECASE)
                       for facet in self.facets if facet.after_figure_needs}

    @cached_property
    def term_facets(self) -> dict[str, str]:
        """Each term → its facet."""
        return {term: facet for facet, term, _ in self._terms}

    def band_bound(self, text: str, start: int, kilograms: float) -> str | None:
        """Whether a mass of ``kilograms`` at ``text[start:]`` is a weight band — written after
        one of the band words (comparison words between), heavy enough to be a body's — and
        the bound the words between state (``up to`` 40 kg: ``max``; ``at least``: ``min``; else
        ``exact``), with ``<`` after it for a strict one (``under``, ``less than``: ``max<``;
        ``over``, ``more than``: ``min<``); None when it is no band."""
        if self._band is None or kilograms < _BAND_LEAST_KG:
            return None
        found = self._band.search(text, max(0, start - 48), start)
        if found is None:
            return None
        between = found.group(0).lower()
        strict = "<" if _BAND_STRICT.search(between) else ""
        if _BAND_MAX.search(between):
            return "max" + strict
        return ("min" + strict) if _BAND_MIN.search(between) else "exact"

    def may_state(self, text: str) -> bool:
        """Whether ``text`` holds a condition word or a weight band at all.

        What ``_any`` finds, found faster: a word is searched for only where the text holds
        every word it needs (an ASCII text's lower case holds each such word wherever
        ``re.IGNORECASE`` reads it; any other text is searched with ``_any``)."""
        if self._gates is None or not text.isascii():
            return self._any.search(text) is not None
        lowered = text.lower()
        for longest, gated in self._gates:
            if longest in lowered:
                for needs, pattern in gated:
                    if all(stem in lowered for stem in needs) and pattern.search(text) is not None:
                        return True
        return False

    def read(self, text: str, figures: Sequence[Figure]) -> list[tuple[str, ...]]:
        """The condition terms of each figure of ``text``, in order (rules in the module docstring)."""
        conditions: list[tuple[str, ...]] = [() for _ in figures]
        if not figures or not self.may_state(text):
            return conditions
        words = [(match.start(), match.end(), self._terms[int(match.lastgroup[1:])])  # type: ignore[index]
                 for match in self._words.finditer(text)] if self._words else []
        for start, end, members in _clauses(text, figures):
            inside = [(at, until, facet, term) for at, until, (facet, term, _) in words if start <= at and until <= end]
            bands = tuple(dict.fromkeys(figures[i].band for i in members if figures[i].band))
            amounts = [i for i in members if figures[i].band is None]
            for position, i in enumerate(amounts):
                figure = figures[i]
                before = figures[amounts[position - 1]].end if position else start
                # a term may hold the figure before it (``AT 7 DAYS: 3,000 PSI``: the age is the term's)
                holds = figures[amounts[position - 1]].start if position else start
                after = figures[amounts[position + 1]].start if position + 1 < len(amounts) else end
                comma = text.find(",", figure.end, after)
                after = comma if comma >= 0 else after
                terms: list[str] = []
                for spec in self.facets:
                    facet, needs = spec.facet, self._after.get(spec.facet)
                    found = [t for at, until, f, t in inside if (before <= at or at <= holds < before <= until)
                             and until <= figure.start and f == facet] \
                        or [t for at, until, f, t in inside if figure.end <= at and until <= after and f == facet
                            and (needs is None or needs.search(text, max(figure.end, at - 24), at))]
                    if not found and spec.before_figure == "clause":
                        found = [t for at, _, f, t in inside if at < figure.start and f == facet]
                    terms.extend(found)
                terms.extend(bands)
                conditions[i] = tuple(dict.fromkeys(terms))
        return conditions


#: Readers built, by the content of their conditions (a pack's facets are unhashable dicts),
#: and the last one asked for by the identity of its facets (a vocabulary keeps its tuple).
_READERS: dict[str, ConditionReader] = {}
_LAST: dict[int, ConditionReader] = {}
_STOCK: list[ConditionReader] = []


def condition_reader(facets: Sequence[ConditionFacet] | None = None) -> ConditionReader:
    """The reader of a vocabulary's conditions (the stock pack's when None, read once per
    process), built once for each content."""
    if facets is None:
        if not _STOCK:
            _STOCK.append(condition_reader(stock_conditions()))
        return _STOCK[0]
    last = _LAST.get(id(facets))
    if last is not None and last.given is facets:
        return last
    key = "\n".join(facet.model_dump_json() for facet in facets)
    reader = _READERS.get(key)
    if reader is None:
        if len(_READERS) >= 16:
            _READERS.pop(next(iter(_READERS)))
        reader = _READERS[key] = ConditionReader(facets)
    _LAST.clear()
    _LAST[id(facets)] = reader
    reader.given = facets
    return reader


def term_facets(vocabulary: SubjectVocabulary | None) -> Mapping[str, str]:
    """Each condition term of ``vocabulary`` (the stock subjects when None) → its facet."""
    return condition_reader(vocabulary.conditions if vocabulary is not None else None).term_facets


def stock_conditions() -> tuple[ConditionFacet, ...]:
    """The conditions of the stock ``subjects/default`` pack (what a vocabulary declaring none reads)."""
    from inforce.rules import DEFAULT_SUBJECTS, load_pack

    return load_pack(DEFAULT_SUBJECTS).pack.conditions or ()


def facet_of(term: str, facets: Mapping[str, str] | None = None) -> str:
    """The facet of a condition term (``recommended`` → ``regimen``; ``weight 30-40 kg`` →
    ``weight``), by ``facets`` (term → facet; the stock pack's when None)."""
    if term.startswith(WEIGHT_FACET + " "):
        return WEIGHT_FACET
    if term.startswith(ELEMENT_FACET + " "):
        return ELEMENT_FACET
    return (condition_reader().term_facets if facets is None else facets).get(term, term)


def _stock_band_words() -> tuple[str, ...]:
    """The stock pack's band words (what a vocabulary declaring no ``weight`` facet reads)."""
    weight = next((facet for facet in stock_conditions() if facet.facet == WEIGHT_FACET), None)
    return weight.band_after if weight is not None else ()


#: After a figure's closing point, a preposition in capitals goes on with its clause
#: (``3,000 PSI MIN. FOR FORM REMOVAL``), as the capitals of a drawing note write every word.
_GOES_ON = re.compile(r"[ \t]+(?:FOR|AT|@|IN|ON|UNDER|OVER|WITH|W/)\b")


def _clauses(text: str, figures: Sequence[Figure]) -> list[tuple[int, int, list[int]]]:
    """(start, end, the indexes of the figures in it) of each clause holding a figure."""
    cuts = [0]
    for match in _CLAUSE_END.finditer(text):
        # a decimal point inside a figure does not end its clause, nor does the point of a unit
        # (``3 in.``) unless a capital opens what follows (``3 in. Exposed to weather: 2 in.``)
        at = match.start()
        inside = next((figure for figure in figures if figure.start <= at < figure.end), None)
        if inside is not None and (at < inside.end - 1 or _CAPITAL_NEXT.match(text, at + 1) is None
                                   or _GOES_ON.match(text, at + 1) is not None):
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


#: The words that open a condition clause on a figure ("75 mm where cast against earth", "si el
#: hormigón se vierte contra el terreno", "lorsque la dalle est exposée"), one list for every language
#: the project reads. Where it comes from: each language's common conjunctions of condition and of
#: exception (the "if / unless / provided that" family a grammar of the language lists), chosen by
#: hand for English, Spanish, Portuguese, French, Italian, German and Dutch. Each is a whole word or
#: phrase (``where`` does not open "whereas"; "provided" alone is a participle). Left out, as they are as often no condition: "si" in capitals ("SI units"), the
#: pronoun-like "se" (Italian and Portuguese "if", Spanish and Portuguese reflexive), Dutch "als"
#: ("as") and Spanish "mientras que" ("whereas"). Audit 68 added Portuguese "quando", "exceto
#: quando", Spanish "salvo que", "a menos que"; audit 69 completed the list for each language; audit
#: 70 C added the word for "where" that French ("où"), Italian ("dove") and Portuguese ("onde") lacked.
_CONDITION_WORDS = (
    # English
    "except when", "except where", "except if", "wherever", "where", "whenever", "when", "if", "unless",
    "provided that", "providing that", "in case", "in the event that", "in the event of",
    "as long as", "so long as", "only where",
    # Spanish
    "donde", "salvo que", "salvo cuando", "salvo si", "a menos que", "a no ser que", "cuando", "siempre que",
    "siempre y cuando", "en caso de que", "en el caso de que", "en caso de", "con tal de que", "con tal que",
    "excepto si", "excepto que",
    # Portuguese
    "quando", "exceto quando", "exceto se", "salvo se", "a não ser que", "desde que", "sempre que", "caso",
    "no caso de", "contanto que", "onde",
    # French
    "à moins que", "a moins que", "lorsque", "lorsqu'", "lorsqu’", "quand", "sauf si", "sauf lorsque",
    "à condition que", "pourvu que", "au cas où", "dans le cas où", "en cas de", "sous réserve que", "où",
    # Italian
    "salvo che", "a meno che", "purché", "qualora", "nel caso in cui", "nel caso che", "ove", "laddove",
    "eccetto se", "eccetto quando", "sempre che", "dove",
    # German
    "wenn", "falls", "sofern", "soweit", "außer wenn", "es sei denn", "im falle", "wo",
    # Dutch
    "indien", "tenzij", "wanneer", "mits", "ingeval", "in geval", "waar",
)
_CONDITION_OPENER = re.compile(
    r"\b(?i:" + "|".join(  # the longest first, so "except when" is one opener, not "when"
        re.escape(phrase).replace(r"\ ", r"\s+") + ("" if phrase.endswith(("'", "’")) else r"(?!\w)")
        for phrase in sorted(_CONDITION_WORDS, key=len, reverse=True)) + r")|\bsi\b")
#: Where a condition clause's words end: a comma, a colon, a bracket, a sentence's end, a figure.
_CONDITION_END = re.compile(r"[,:;!?()\[\]\n]|\.(?=\s|$)|\d")
#: A condition's words that say nothing of its case beyond the stop words (``_content``).
_CONDITION_FILLER = frozenset({"les", "des", "del", "los", "las", "une", "por", "para", "pour", "que", "est", "son",
                               "sont", "será", "sera", "serán", "con", "avec", "sur", "dans", "una", "uno"})


def clause_condition(text: str, start: int, end: int) -> tuple[str, frozenset[str]] | None:
    """The condition clause ``text`` attaches to its figure at ``start``-``end`` ("where ...",
    "when ...", "if ...", "unless ...", "donde ...", "cuando ...", "lorsque ...", "si ..."), as
    (its words as written, its content words); None where the figure's clause has none. The
    clause is the one opened after the figure before any other figure ("75 mm where cast
    against earth"), else the last one opened before it with no figure between ("where cast
    against formwork: 75 mm"), within the figure's clause (:data:`_CLAUSE_END`). Content words:
    three letters or more, in lower case, no stop word, a plural's ``s`` and all after the fifth
    letter left off (``products`` is ``product``), so a condition restated in other order or
    with other small words has the same ones."""
    if end > len(text):
        return None  # a figure read from the headings over the text, not from its words
    cuts = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    low = cuts[-1] if cuts else 0
    after = next((m.start() for m in _CLAUSE_END.finditer(text, end) if m.start() >= end), len(text))
    openers = [m for m in _CONDITION_OPENER.finditer(text, low, after)]
    opener = next((m for m in openers if m.start() >= end and not any(ch.isdigit() for ch in text[end:m.start()])),
                  None)
    if opener is None:
        opener = next((m for m in reversed(openers) if m.end() <= start
                       and not any(ch.isdigit() for ch in text[m.end():start])), None)
    if opener is None:
        return None
    stop = _CONDITION_END.search(text, opener.end(), after)
    words = text[opener.start():stop.start() if stop else after].strip()
    return words, _content(words[len(opener.group()):])


def _content(words: str) -> frozenset[str]:
    """The content words of a condition's words (:func:`clause_condition`)."""
    from ._tokens import _stop_words

    stop = _stop_words()
    kept = (word for word in re.findall(r"[^\W\d_]{3,}", words.lower())
            if word not in stop and word not in _CONDITION_FILLER)
    return frozenset((word[:-1] if word.endswith("s") and len(word) > 3 else word)[:5] for word in kept)


def other_clause_condition(claim_text: str, claim_span: tuple[int, int], cited_text: str,
                           cited_span: tuple[int, int]) -> str | None:
    """Why a person decides where the claim and the cited text each attach a condition clause
    (:func:`clause_condition`) to the figures matched and the two conditions' content words differ
    ("75 mm where cast against formwork" for "75 mm where cast against earth"): whether they are
    one case is not read, so the claim is not answered; None where either states none, or both
    the same. No list of opposite cases is kept, so no such pair is refused here."""
    ours = clause_condition(claim_text, *claim_span)
    theirs = clause_condition(cited_text, *cited_span) if ours is not None else None
    if ours is None or theirs is None or ours[1] == theirs[1]:
        return None
    return (f"the claim states its figure {ours[0]!r}, the cited figure is stated {theirs[0]!r}; whether the two "
            "conditions are one case could not be read")


def condition_conflict(
    claim: Sequence[str], source: Sequence[str], facets: Mapping[str, str] | None = None,
) -> tuple[str, str] | None:
    """The first facet on which a claim's condition and a cited one's disagree, as (the claim's
    terms, the source's terms) of that facet; None when they agree on every facet both state.
    ``facets``: each term's facet (a reader's ``term_facets``; the stock pack's when None)."""
    for facet in dict.fromkeys(facet_of(term, facets) for term in claim):
        ours = [term for term in claim if facet_of(term, facets) == facet]
        theirs = [term for term in source if facet_of(term, facets) == facet]
        if not theirs:
            continue
        agree = (_same_element(ours, theirs) if facet == ELEMENT_FACET
                 else bool({band_key(t) for t in ours} & {band_key(t) for t in theirs})
                 or (facet == WEIGHT_FACET and _weight_within(ours, theirs)))
        if not agree:
            return ", ".join(ours), ", ".join(theirs)
    return None


@dataclass(frozen=True)
class Relation:
    """What two conditions are to each other, facet by facet (:func:`condition_relation`):

    - ``same``: the same terms on every facet either states (two statements of one requirement);
    - ``differs``: a facet both state, no term shared (``terms``: each side's terms of it);
    - ``general`` / ``specific``: the first's terms are strictly included in the second's
      (``recommended`` is general, ``recommended, elderly`` specific; no condition is general
      to any) / the reverse;
    - ``apart``: neither includes the other (``cast against earth`` and ``larger bars``; a
      weight band and ``increased``): figures stated for different cases, not compared.
    """

    kind: str
    terms: tuple[str, str] | None = None


def compared_terms(terms: Sequence[str]) -> tuple[str, ...]:
    """The terms of a condition that set a figure apart (all but :data:`APPROXIMATE`: "about
    12 in" states the case "12 in" does, less exactly)."""
    return tuple(term for term in terms if term != APPROXIMATE)


def condition_relation(
    a: Sequence[str], b: Sequence[str], facets: Mapping[str, str] | None = None,
) -> Relation:
    """What condition ``a`` is to condition ``b`` (see :class:`Relation`); the one rule by which
    a claim's check and the sweep tell a specific figure from a general one. ``facets``: each
    term's facet (a reader's ``term_facets``; the stock pack's when None). An approximate
    figure's term is none of it (:func:`compared_terms`)."""
    a, b = compared_terms(a), compared_terms(b)
    differs = condition_conflict(a, b, facets)
    if differs is not None:
        return Relation("differs", differs)
    # an element is compared word by word: ``slab on grade, top`` is specific to ``top of slabs``
    ours, theirs = _element_tokens(a, facets), _element_tokens(b, facets)
    if ours == theirs:
        return Relation("same")
    if ours < theirs:
        return Relation("general")
    if theirs < ours:
        return Relation("specific")
    return Relation("apart")


def governs(
    specific: Sequence[str], other: Sequence[str], claim: Sequence[str], facets: Mapping[str, str] | None = None,
) -> bool:
    """Whether a cited figure stated under ``specific`` governs, for a claim stated under
    ``claim``, one of the same subject stated under ``other`` (both agreeing with the claim on
    every facet they state with it): it states more of the claim's terms and no term the claim
    does not state that ``other`` leaves out, or the same of the claim's terms and fewer of
    the others. "In elderly patients, the recommended dose": ``recommended, elderly`` governs
    ``recommended``; a claim stating no condition: none governs ``elderly``."""
    stated = {facet_of(term, facets) for term in claim}
    kept = {band_key(term) for term in claim}

    def split(terms: Sequence[str]) -> tuple[set[str], set[str]]:
        return ({band_key(term) for term in terms if band_key(term) in kept},
                {band_key(term) for term in terms if facet_of(term, facets) not in stated})

    ours, ours_else = split(specific)
    theirs, theirs_else = split(other)
    if ours >= theirs and ours_else <= theirs_else and (ours > theirs or ours_else < theirs_else):
        return True
    # more of the claim's terms, the others on no facet the other figure leaves unstated: the
    # initial dose (``recommended, initial``) governs the increased one (``increased``) for a
    # claim of "the initial dose"
    return ours > theirs and {facet_of(t, facets) for t in ours_else} <= {facet_of(t, facets) for t in theirs_else}


#: How far a band may lie from a half kilogram and still be that half kilogram: labels write a band
#: in pounds as kilograms times 2.2 ("40 kg (88 lb)"), and 88 lb is 39.92 kg, 0.2% short of 40.
_BAND_SNAP = 0.005


def _band_kilograms(kilograms: float) -> str:
    """A band's mass as its term writes it: the nearest half kilogram when the mass lies within
    0.5% of it (a band written in pounds is the band written in kilograms), else as read."""
    half = round(kilograms * 2) / 2
    return format_value(half if half and abs(kilograms - half) <= _BAND_SNAP * half else kilograms)


def weight_band(value: float, upper: float | None, bound: str, *, strict: bool = False) -> str:
    """The term of a weight band, in kilograms (``value``/``upper`` are in kilograms):
    ``weight 30-40 kg``, ``weight ≥ 40 kg``, ``weight ≤ 15 kg``, ``weight 35 kg``; a strict
    bound (``strict``: "less than 50 kg", "over 50 kg") is shown as written, ``weight < 50 kg``,
    ``weight > 50 kg``, and is the same band to every comparison (:func:`band_key`); "under 88
    lb" is ``weight < 40 kg``, the band a label writes as "40 kg (88 lb)"."""
    low = _band_kilograms(value)
    if upper is not None:
        return f"weight {low}-{_band_kilograms(upper)} kg"
    if bound == "min":
        return f"weight {'>' if strict else '≥'} {low} kg"
    if bound == "max":
        return f"weight {'<' if strict else '≤'} {low} kg"
    return f"weight {low} kg"


def band_strict(words: str) -> bool:
    """Whether the words bounding a band state a strict bound (``less than``, ``under``,
    ``over``, ``<``), not ``at most``, ``up to``, ``or more``, ``≤``, nor a negated comparative
    (``not less than``, ``shall not be more than``: the opposite bound, its figure included)."""
    lowered = words.lower()
    return _BAND_STRICT.search(lowered) is not None and _NEGATED.search(lowered) is None


#: A weight band's term as :func:`weight_band` writes it: its sign, its mass or masses.
_WEIGHT_TERM = re.compile(r"weight (?:(?P<sign>[<>≤≥]) )?(?P<low>[\d.,]+)(?:-(?P<high>[\d.,]+))? kg$")


def _weight_within(ours: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether a claim's patient weight (``weight 30 kg``: "a child weighing 30 kg") lies in a
    cited band (``weight < 40 kg``): the band's dose is that patient's."""
    def parsed(term: str) -> tuple[str, float, float | None] | None:
        match = _WEIGHT_TERM.match(term)
        if match is None:
            return None
        high = match.group("high")
        return (match.group("sign") or ("-" if high else "="), float(match.group("low").replace(",", "")),
                float(high.replace(",", "")) if high else None)

    for one in ours:
        point = parsed(one)
        if point is None or point[0] != "=":
            continue
        for other in theirs:
            band = parsed(other)
            if band is None:
                continue
            sign, low, high = band
            value = point[1]
            if ((sign == "<" and value < low) or (sign == "≤" and value <= low) or (sign == ">" and value > low)
                    or (sign == "≥" and value >= low) or (sign == "-" and high is not None and low <= value <= high)):
                return True
    return False


def band_key(term: str) -> str:
    """A condition term as comparisons take it: a strict weight bound is the band its
    non-strict sign names (``weight < 50 kg`` is ``weight ≤ 50 kg``: a label's "less than 50 kg"
    and a claim's "up to 50 kg" state one band), every other term as it is."""
    if term.startswith(WEIGHT_FACET + " "):
        return term.replace("<", "≤").replace(">", "≥")
    return term


# -- the element a list item states its figure for ----------------------------------------------

#: A list item's marker at the start of a line (``a.``, ``1)``, ``(b)``, ``2.1``), with its indentation.
_ITEM_MARKER = re.compile(r"[ \t]*(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z])[.)]|\((?:\d{1,3}|[A-Za-z])\))[ \t]+")


def is_item_marker(label: str) -> bool:
    """Whether ``label`` is written as a list item's marker (``A.``, ``1.``, ``(a)``, ``1)``, ``4.3.``): one
    the element reading reads as a marker, never as a figure."""
    return _ITEM_MARKER.fullmatch(label + " ") is not None


#: The colon ending a line's label (``PILE CAPS, BOTTOM: 3"``).
_LABEL_COLON = re.compile(r":(?=\s)")
#: What may stand between a label's colon and its figure: a few words (``not less than``, ``f'c =``).
_AFTER_LABEL = re.compile(r"[ \t]*(?:[\w'’.=<>≤≥()-]+[ \t]+){0,3}$")
#: Between a label's colon and a subject's symbol: a few words, a standard's (``WELDED WIRE
#: REINF.: ASTM A1064, fy = 65 KSI``).
_BEFORE_SYMBOL = re.compile(r"[ \t]*(?:[\w'’.()-]+,?[ \t]+){0,3}$")
#: Between a subject's symbol and its figure: an equals sign or a colon (``f'c = 5000 PSI``).
_SYMBOL_GAP = re.compile(r"[ \t]*[=:][ \t]*")
#: An element's words: letters only, the words of a name (``PILE CAPS``, ``Slab on grade``).
_ELEMENT_WORDS = re.compile(r"[A-Za-z][A-Za-z .,/&'’-]*")
#: Words that place a figure on an element rather than name one (``PILE CAPS, BOTTOM``).
_POSITIONS = frozenset({"top", "bottom", "bot", "side", "sides", "face", "faces", "edge", "edges", "exterior",
                        "interior", "ext", "int", "inside", "outside", "upper", "lower", "soffit", "underside"})
_LINKS = frozenset({"of", "on", "the", "and", "at", "to", "for", "in", "with", "a", "an", "or", "all"})
#: Words of a label that name what a figure is of — a material, a subject, a note's kind — not
#: the element it is stated for (``CONCRETE: 4000 PSI``, ``REINFORCING: ASTM A615 GRADE 60``,
#: ``MIN. CLEAR COVER: 2"``): a label of these alone states no element, and they are no part of
#: an element's name (``concrete for footings`` is ``footings``).
_NOT_ELEMENTS = frozenset({
    "concrete", "conc", "reinforcing", "reinforcement", "reinf", "rebar", "rebars", "bar", "bars", "steel", "mix",
    "mixes", "grout", "mortar", "masonry", "cmu", "strength", "compressive", "design", "cover", "clear", "clr",
    "protection", "min", "minimum", "max", "maximum", "typ", "typical", "general", "note", "notes", "unless",
    "otherwise", "noted", "uno", "deformed", "astm", "yield", "cast", "place", "cip", "structural",
    "normal", "lightweight", "weight", "required", "requirements", "specified", "days", "day", "psi", "ksi", "mpa",
    "cvr", "work", "works",
})
#: The longest label read as an element, in words: a longer one is a sentence, not a name.
_ELEMENT_MOST_WORDS = 6
#: Words by which a label states its figure for every element but one (``All elements except
#: pump pads:``, ``Other than footings:``, ``Curbs (not sidewalks):``, ``Non-structural fill:``).
_EXCLUDING = re.compile(
    r"\b(?:with\s+the\s+exception\s+of|except(?:\s+for)?|excluding|exclusive\s+of|other\s+than|apart\s+from|"
    r"save\s+for|but\s+not|not(?:\s+including)?|besides)\b"
    # "non-" excludes where it denies a kind of element (``Non-structural fill``), not where it
    # names a product's property (``NON-SHRINK GROUT``, ``non-chloride accelerator``)
    r"|\bnon(?:-|\s+)?(?=(?:structural|load[\s-]?bearing|bearing)\b)", re.IGNORECASE)
#: Words of an excluding label that name no element: what "all but" is said of.
_ALL_BUT = frozenset({"all", "any", "every", "elements", "element", "other", "others", "areas", "items", "members",
                      "work", "locations", "everything", "else", "remaining", "rest"})
#: What splits the elements an excluding label leaves out (``except footings and pile caps``).
_EXCLUDED_SPLIT = re.compile(r",|/|&|\band\b|\bor\b|\bnor\b")
#: An ``element`` term's exclusion: ``<included> except <excluded>`` (``except pump pads``).
_EXCEPT = re.compile(r"(?:^|\s)except\s+(?P<excluded>.+)$")
#: How far before its figure a list item's line may start (characters).
_ELEMENT_REACH = 160


def element_of(text: str, start: int, binding: tuple[int, int] | None, bound: bool) -> str | None:
    """The ``element`` term of the figure at ``text[start:]``: its line's label
    (:func:`_label_element`), else a place on an element written after it to the line's end
    (``CLR. COVER: 3" @ BOTTOM OF FTGS.``: ``bottom of ftgs.``; a position, then ``of``, then the
    element: ``AT POINT OF PLACEMENT`` names none)."""
    found = _label_element(text, start, binding, bound)
    if found is not None or not bound:
        return found
    end = text.find("\n", start, start + 2 * _ELEMENT_REACH)
    if end < 0 and len(text) > start + 2 * _ELEMENT_REACH:
        return None  # a long line: a sentence or a paragraph, not a note's trailing place (and linear in it)
    place = _TRAILING_PLACE.search(text, start, len(text) if end < 0 else end)
    if place is None or place.start() - start > _ELEMENT_REACH:
        return None
    term = f"{ELEMENT_FACET} {' '.join(place.group(1).lower().split())}"
    names, _ = _element_words(term)
    return term if names else None


#: A place on an element written after a figure, to its line's end (``@ BOTTOM OF FTGS.``).
_TRAILING_PLACE = re.compile(
    r"(?:@|\bAT)[ \t]+((?:top|bottom|bot\.?|sides?|faces?|edges?|underside|soffit)[ \t]+of[ \t]+"
    r"[A-Za-z][A-Za-z .,/&'’-]*?)[ \t]*\.?[ \t]*$", re.IGNORECASE)


def _label_element(text: str, start: int, binding: tuple[int, int] | None, bound: bool) -> str | None:
    """The ``element`` term of the figure at ``text[start:]``: the label of its line — the words
    before a colon ahead of it, with only a few words between (``PILE CAPS, BOTTOM: 3"``, ``1)
    SLAB ON GRADE, TOP: 1 1/2"``), or, for a list item whose subject is named above its line
    (a heading), the item's words before the figure (``A. PILE CAPS 5000 PSI`` under
    ``CONCRETE - DESIGN STRENGTH AT 28 DAYS:``) — when the subject is named above the line:
    by a heading, or by the figure alone (``binding``: where the words binding the figure
    stand in ``text``, None when they are not in it: a heading over a provision). A figure
    whose own line names its subject (``Compressive strength at 28 days: 5,000 psi``;
    ``FOOTINGS CAST AGAINST EARTH: 3" CLR.``), an unbound one (``bound`` False), a sentence
    and a table row have none. Two items of one list stating different elements state
    different cases."""
    if not bound:
        return None
    line_start = text.rfind("\n", max(0, start - _ELEMENT_REACH), start) + 1
    if line_start == 0 and start > _ELEMENT_REACH:
        return None  # a long line: a sentence or a row, no list item's label
    before = text[line_start:start]
    if "|" in before:
        return None
    symbol = False
    if binding is not None and line_start <= binding[0] < start:
        if _SYMBOL_GAP.fullmatch(text, binding[1], start) is None:
            return None  # the line's own words name the subject (``FOOTINGS CAST AGAINST EARTH 3" CLR.``)
        symbol = True  # its symbol right before the figure: the words before it label it (``PIER CONC. f'c = 5000 PSI``)
    until = binding[0] if symbol and binding is not None else start
    marker = _ITEM_MARKER.match(before)
    opening = line_start + (marker.end() if marker else 0)
    colons = [m.start() for m in _LABEL_COLON.finditer(text, opening, until)]
    if colons:
        end = colons[-1]
        if (_AFTER_LABEL if not symbol else _BEFORE_SYMBOL).match(text, end + 1, until) is None:
            return None
    elif marker is not None or symbol:
        end = until  # a list item whose subject its heading names, or the figure itself (``5000 PSI``)
    else:
        return None
    opening = _item_opening(text, opening, end)
    label = text[opening:end].strip(" \t,-–—")
    excluding = _excluding(label)
    if excluding is not None:  # the figure is stated for every element but the one named
        return f"{ELEMENT_FACET} {excluding}" if len(label.split()) <= _ELEMENT_MOST_WORDS + 2 else None
    if not label or _ELEMENT_WORDS.fullmatch(label) is None or not any(c.isalpha() for c in label):
        return None
    words = label.replace(",", " , ").split()
    if len([w for w in words if w != ","]) > _ELEMENT_MOST_WORDS:
        return None
    term = f"{ELEMENT_FACET} {' '.join(label.lower().split())}"
    names, places = _element_words(term)
    return term if names or places else None  # a material alone names no element


#: What ends one item's figure and opens the next item of a line (``Footings: 3,000 psi; slabs
#: on grade: 4,000 psi``, ``Zapatas: 21 MPa, losas: 28 MPa``): a semicolon, or a comma before a
#: space (``3,000`` is one figure).
_ITEM_SEPARATOR = re.compile(r";|,(?=\s)")


def _item_opening(text: str, opening: int, end: int) -> int:
    """Where the label ending at ``end`` opens, ``opening`` being its line's start past a list
    marker: after the separator that follows the last figure before it, where a line states
    several items each with its own figure (``Footings: 3,000 psi; slabs on grade: 4,000 psi``:
    ``slabs on grade``, not ``Footings: 3,000 psi; slabs on grade``, which names no element, so
    the second figure was read as no element's or, in a claim, as the first's); ``opening`` where
    no figure stands before it (``PILE CAPS, BOTTOM: 3"``: its comma places the figure, ``1) SLAB
    ON GRADE, TOP``). A comma ends an item only after another label's colon (``Footings: 3,000
    psi, slabs: 4,000 psi``); a semicolon always does."""
    segment = text[opening:end]
    last = max(segment.rfind(digit) for digit in "0123456789")
    if last < 0:
        return opening
    after = opening + last + 1
    labelled = ":" in text[opening:after]
    for separator in _ITEM_SEPARATOR.finditer(text, after, end):
        if separator.group(0) == ";" or labelled:
            return separator.end()
    return opening


def _excluding(label: str) -> str | None:
    """The words of the ``element`` term of a label stating its figure for every element but
    one: ``<included> except <excluded>`` (``All elements except pump pads`` → ``except pump
    pads``; ``Curbs (not sidewalks)`` → ``curbs except sidewalks``; ``Non-structural fill`` →
    ``fill except structural fill``); None when the label excludes nothing."""
    match = _EXCLUDING.search(label)
    if match is None:
        return None
    head, tail = label[: match.start()], label[match.end() :]
    if match.group(0).lower().startswith("non"):  # "non-structural fill": all fill but structural fill
        included, excluded = f"{head} {' '.join(tail.split()[1:])}", tail
    else:
        included, excluded = head, tail
    def clean(words: str) -> str:
        return " ".join(re.sub(r"[()\[\];:]", " ", words).lower().split())
    included = " ".join(word for word in clean(included).replace(",", " ").split() if word not in _ALL_BUT)
    excluded = clean(excluded).strip(" ,")
    if not excluded or _ELEMENT_WORDS.fullmatch(excluded) is None or not any(c.isalpha() for c in excluded) \
            or (included and _ELEMENT_WORDS.fullmatch(included) is None):
        return None
    return f"{included} except {excluded}".strip()


def _excluded_parts(term: str) -> list[set[str]]:
    """The elements an excluding ``element`` term leaves out, each as its words' stems (every
    word but a link: ``structural fill`` → ``structural``, ``fill``); [] for any other term."""
    found = _EXCEPT.search(term[len(ELEMENT_FACET) + 1 :]) if term.startswith(ELEMENT_FACET + " ") else None
    if found is None:
        return []
    parts = (_raw_words(part) for part in _EXCLUDED_SPLIT.split(found["excluded"]))
    return [part for part in parts if part]


def _raw_words(text: str) -> set[str]:
    """Every word of ``text`` but a link, abbreviations spelled out, as stems (what an excluded
    element is named by: ``structural`` names structural fill, though no element alone)."""
    spelled = _stock_abbreviations()
    return {word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
            for raw in re.findall(r"[a-z]+", text.lower()) for word in spelled.get(raw, raw).split()
            if word not in _LINKS and len(word) >= 2}


def _excludes(term: str, other: str) -> bool:
    """Whether ``other`` states its figure for every element but the one ``term`` names
    (``element pump pads`` and ``element except pump pads``)."""
    if _excluded_parts(term):
        return False  # two exclusions: compared by what they include
    said = _raw_words(term[len(ELEMENT_FACET) + 1 :])
    return any(part <= said for part in _excluded_parts(other))


def excluded_named(terms: Sequence[str], text: str) -> list[str]:
    """The elements ``text`` names that an excluding ``element`` term among ``terms`` leaves
    out, each as its own ``element`` term ("Pump pads need 4,000 psi" against ``element except
    pump pads``: ``element pump pads``), so that the excluding figure does not support it. Words
    the text itself leaves out ("Concrete not exposed to weather ...") name nothing."""
    spans = _left_out(text)
    said = _raw_words("".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(text))
                      if spans else text)
    named: list[str] = []
    for term in dict.fromkeys(terms):
        words = _EXCEPT.search(term[len(ELEMENT_FACET) + 1 :]) if term.startswith(ELEMENT_FACET + " ") else None
        if words is None:
            continue
        for part in _EXCLUDED_SPLIT.split(words["excluded"]):
            if _raw_words(part) and _raw_words(part) <= said:
                named.append(f"{ELEMENT_FACET} {' '.join(part.split())}")
    return list(dict.fromkeys(named))


def _element_words(term: str) -> tuple[set[str], set[str]]:
    """(the words naming the element, the words placing the figure on it) of an ``element`` term,
    each as its stem (``caps`` → ``cap``); an excluding term's are those of what it includes."""
    words = term[len(ELEMENT_FACET) + 1:]
    excluding = _EXCEPT.search(words)
    return _element_words_of(words[: excluding.start()] if excluding is not None else words)


#: A word of an element's label: dotted initials are one word (``g.b.``, ``s.o.g.``: a legend's
#: abbreviation, spelled out after), else a run of letters.
_LABEL_WORD = re.compile(r"[a-z](?:\.[a-z])+(?![a-z])|[a-z]+")


@functools.lru_cache(maxsize=4096)
def _element_words_of(words: str) -> tuple[set[str], set[str]]:
    names: set[str] = set()
    places: set[str] = set()
    spelled = _stock_abbreviations()
    for word in (w for raw in _LABEL_WORD.findall(words)
                 for w in spelled.get(raw.replace(".", ""), raw.replace(".", "")).split()):
        if word in _LINKS or word in _NOT_ELEMENTS or len(word) < 2:
            continue
        stem = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
        (places if word in _POSITIONS else names).add(stem)
    return names, places


@functools.cache
def _stock_abbreviations() -> dict[str, str]:
    """The stock pack's drawing abbreviations of single words, folded, without their period
    (``ftgs`` → ``footings``, ``fdn`` → ``foundation``, ``sog`` → ``slab on grade``): an element
    a drawing abbreviates is the element a specification spells out."""
    from inforce.rules import DEFAULT_SUBJECTS, AbbreviationRule, load_pack

    found: dict[str, str] = {}
    for rule in load_pack(DEFAULT_SUBJECTS).pack.rules:
        if isinstance(rule, AbbreviationRule):
            for abbreviation, words in rule.words.items():
                key = abbreviation.lower().rstrip(".")
                if key.isalpha() and key != words.lower():
                    found.setdefault(key, words.lower())
    return found


def element_named(terms: Sequence[str], text: str) -> list[str]:
    """The ``element`` terms among ``terms`` whose naming words ``text`` all writes (a claim's
    "Piers need 3 inches" names ``element piers``, not ``element pile caps, bottom``), most
    specific first; placing words, where the term has them, must be written too when the text
    writes any placing word."""
    spans = _left_out(text)
    outside = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(text)) if spans else text
    names_text, places_text = _element_words_of(text.lower())
    names_outside = _element_words_of(outside.lower())[0] if spans else names_text
    left_out = {word for a, b in spans for word in _raw_words(text[a:b])}
    said = _raw_words(outside)
    named = []
    for term in dict.fromkeys(terms):
        if not term.startswith(ELEMENT_FACET + " "):
            continue
        names, places = _element_words(term)
        parts = _excluded_parts(term)
        if parts:  # named where the text leaves out what it leaves out ("not exposed to weather")
            if not any(part <= said for part in parts) and all(part <= left_out for part in parts) \
                    and names <= names_text:
                named.append(term)
            continue
        if names and names <= names_outside and (not places_text or places <= places_text):
            named.append(term)
    return sorted(named, key=lambda t: -(sum(map(len, _element_words(t))) + sum(map(len, _excluded_parts(t)))))


def _left_out(text: str) -> list[tuple[int, int]]:
    """Where ``text`` states words after a word leaving them out ("Concrete not exposed to
    weather", "Walls other than retaining walls"), to the clause's end: they name no element
    the text is about."""
    spans = []
    for match in _EXCLUDING.finditer(text):
        stop = re.search(r"[.;:,()]|\n", text[match.end() :])
        spans.append((match.end(), match.end() + stop.start() if stop else len(text)))
    return spans


def _same_element(ours: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether two sides' ``element`` terms may name one element: the naming words of one among
    the other's (``slabs`` and ``slab on grade``; not ``pile caps`` and ``piers``, nor ``wet
    well walls`` and ``wet well base slab``), and so the placing words where both place the
    figure (``pile caps, top`` is not ``pile caps, bottom``)."""
    for a in ours:
        names_a, places_a = _element_words(a)
        for b in theirs:
            if _excludes(a, b) or _excludes(b, a):
                continue  # ``pump pads`` is what ``except pump pads`` leaves out
            names_b, places_b = _element_words(b)
            if (names_a <= names_b or names_b <= names_a) and (places_a <= places_b or places_b <= places_a):
                return True
    return False


def _element_tokens(terms: Sequence[str], facets: Mapping[str, str] | None) -> set[str]:
    """``terms`` with each ``element`` term written as its words (``element slab``, ``element
    grade``, ``element top``), so that set inclusion tells a general element from a specific one."""
    out: set[str] = set()
    for term in terms:
        if facet_of(term, facets) == ELEMENT_FACET:
            names, places = _element_words(term)
            out.update(f"{ELEMENT_FACET} {word}" for word in names | places)
        else:
            out.add(band_key(term))
    return out


# ---- approximate figures ------------------------------------------------------------------


def _approximate_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    from ._lexicon import APPROXIMATE_AFTER, APPROXIMATE_BEFORE

    def alternation(words: Sequence[str]) -> str:
        return "|".join((r"(?<![\w.])" if word[0].isalnum() else "") + re.escape(word).replace(r"\ ", r"\s+")
                        for word in sorted(words, key=len, reverse=True))

    # before: the word, then spaces or "of" only, up to the figure (a tilde glued to it too)
    before = re.compile(rf"(?:{alternation(APPROXIMATE_BEFORE)})[^\S\n]*(?:of[^\S\n]+)?$", re.IGNORECASE)
    # after: a mark with no figure of its own after it (else it is a tolerance: "4 in ± 1 in"),
    # or a word; a word ending in a letter ends there
    after = re.compile(rf"[^\S\n]*(?:{alternation(APPROXIMATE_AFTER)})(?![^\S\n]*[.,]?\d)(?!\w)", re.IGNORECASE)
    return before, after


_APPROXIMATE_BEFORE, _APPROXIMATE_AFTER = _approximate_patterns()
#: A cheap test before reading a text's figures for approximation.
_APPROXIMATE_ANY = re.compile(r"[~≈±]|\+/[-−]|\b(?:about|approx|appr\.|roughly|around|circa|ca\.|some|or\s+so|more\s+or\s+less"
                              r"|plus\s*(?:or|/)\s*minus)",
                              re.IGNORECASE)


def may_be_approximate(text: str) -> bool:
    """Whether ``text`` holds a word or mark that may say a figure of it is approximate."""
    return _APPROXIMATE_ANY.search(text) is not None


def approximate_at(text: str, start: int, end: int) -> bool:
    """Whether the figure written at ``text[start:end]`` is approximate: one of
    ``_lexicon.APPROXIMATE_BEFORE`` right before it (``about 12 in``; ``of about 12 in``), or
    one of ``APPROXIMATE_AFTER`` right after it, on its line (``12 in +/-``, ``3" ±``: a mark
    with no figure after it; ``4 in ± 1 in`` is a range the figure's own span holds)."""
    line = text.rfind("\n", 0, start) + 1
    return (_APPROXIMATE_BEFORE.search(text, max(line, start - 24), start) is not None
            or _APPROXIMATE_AFTER.match(text, end) is not None)
