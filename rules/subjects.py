"""Subject rules: the vocabulary that binds a quantity to what it measures.

Three kinds of rule make a vocabulary:

- ``subject`` — a subject, the words that name it (``synonyms``), its unit's dimension, the
  values it takes (``between``: a figure outside is never its), its bound, and the words that
  say a figure is something else (``unless_near``, ``unless_for``);
- ``inference`` — a subject read from what a figure is stated for when no synonym names it:
  the material or element words of the note (``stated_for``), the words written beside the
  figure (``near``), a plausible range (``between``), blocking words, and the score it binds with;
- ``abbreviations`` — how drawings shorten words (``CONC.`` for concrete): every synonym and
  word list is also found written with them. A drawing set's abbreviation legend adds to them.

Words are found as written: whole words, any letter case, any run of spaces, ``'`` also
written ``’`` or ``′``, and each word (or run of words) also in any of its abbreviations.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from inforce.ontology.scalars import YamlModel
from inforce.ontology.units import dimension_of, unit_text

from .base import RULE_CONFIG, RuleBase
from .conditions import ConditionFacet
from .patterns import case_folded

__all__ = [
    "AbbreviationRule",
    "GradeRule",
    "InferenceRule",
    "PlausibleRange",
    "SubjectRule",
    "SubjectVocabulary",
    "Tolerance",
    "WordList",
    "unit_dimension",
]

_SUBJECT_PATTERN = r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$"


#: A word or phrase a rule finds in text (a synonym, a word near a figure, a material, "@"): not
#: blank, no control character, at most 200 characters (audit 82 B: a blank synonym passed
#: `rules check` and ended ingest in exit 70; a phrase is one entry of a list of at most 1,000).
PHRASE_PATTERN = r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$"
Phrase = Annotated[str, StringConstraints(max_length=200, pattern=PHRASE_PATTERN)]
#: The most entries one list of phrases holds (the stock packs' longest holds under a hundred; a
#: list of 20,000 synonyms held ingest past a minute and a half).
MAX_PHRASES = 1000


class Tolerance(YamlModel):
    """How far two stated values may differ and still be the same requirement."""

    model_config = RULE_CONFIG

    relative: float | None = Field(default=None, ge=0, lt=1, description="e.g. 0.02 for 2%")
    absolute: str | None = Field(default=None, description="a quantity with its unit, e.g. '1 mm'")
    approximate: float | None = Field(
        default=None, ge=0, lt=1, description="relative, where either figure is written approximately "
        "('about 12 in', '12 in +/-'): how far apart they may be and still state the same value; "
        "default 0.05 (never narrower than `relative`)",
    )

    @model_validator(mode="after")
    def _something(self) -> Tolerance:
        if self.relative is None and self.absolute is None:
            raise ValueError("a tolerance gives `relative`, `absolute`, or both")
        return self


class PlausibleRange(YamlModel):
    """The values a subject takes in practice, each a quantity with its unit (``2000 psi``)."""

    model_config = RULE_CONFIG

    min: str | None = None
    max: str | None = None

    @model_validator(mode="after")
    def _something(self) -> PlausibleRange:
        if self.min is None and self.max is None:
            raise ValueError("a range gives `min`, `max`, or both")
        return self


class SubjectRule(RuleBase):
    """A subject (``concrete.compressive_strength``): its words, its unit's dimension, the
    values it takes (``between``), its bound."""

    kind: Literal["subject"]
    subject: str = Field(pattern=_SUBJECT_PATTERN)
    synonyms: tuple[Phrase, ...] = Field(min_length=1, max_length=MAX_PHRASES,
                                         description="words that name the subject")
    unit: str = Field(
        min_length=1,
        description="a reference unit whose dimension values must have (pint), or 'currency'",
    )
    bound: Literal["exact", "min", "max", "range"] = Field(
        default="exact", description="what a figure states when the text does not say"
    )
    tolerance: Tolerance = Field(default_factory=lambda: Tolerance(relative=0.01))
    unless_near: tuple[Phrase, ...] = Field(
        default=(), max_length=MAX_PHRASES, description="words that, written nearest a figure, say it is something else "
        "(a thickness, a spacing, a lap): the figure is not bound to this subject",
    )
    unless_for: tuple[Phrase, ...] = Field(
        default=(), max_length=MAX_PHRASES, description="materials or elements that, named in a figure's note (its clause, "
        "the label before its colon, the headings above it), say the figure is not this subject's "
        "(grout, masonry, steel shapes)",
    )
    between: PlausibleRange | None = Field(
        default=None, description="the values a figure of this subject takes, each end in a unit of its "
        "dimension: a figure outside is never bound to it, whatever names it (a body weight of 40 kg "
        "has a dose's dimension, a mass, but is no dose)",
    )
    compared: bool = Field(
        default=True, description="whether the sweep compares this subject's figures in different provisions "
        "as statements of one requirement (a project's concrete strength); false for a kind of figure whose "
        "figures are each of their own thing (amounts of money: an allowance, an alternate's price). A claim's "
        "figure is still checked against what it cites",
    )


class InferenceRule(RuleBase):
    """A subject inferred from what a figure is stated for, when no synonym names it.

    A figure with the subject's dimension binds when its note (its clause, the label before
    its colon, the list headings above it) names one of ``stated_for``, one of ``near`` is
    the nearest word written beside it (none needed when ``near`` is empty), its value lies
    in ``between``, and no ``unless_near`` word is nearer nor any ``unless_for`` word in the note.
    """

    kind: Literal["inference"]
    subject: str = Field(pattern=_SUBJECT_PATTERN, description="a subject the vocabulary defines")
    stated_for: tuple[str, ...] = Field(
        min_length=1, description="the material or element words the note must name (any one)",
    )
    near: tuple[str, ...] = Field(
        default=(), description="words written beside the figure that say what it is (any one); "
        "empty: any figure of the subject's dimension in such a note",
    )
    between: PlausibleRange | None = Field(default=None, description="the values the subject takes")
    unless_near: tuple[str, ...] = ()
    unless_for: tuple[str, ...] = ()
    score: float = Field(default=90.0, gt=0, le=100, description="the binding's score (a synonym's is 100)")


class GradeRule(RuleBase):
    """Grades whose stress a standard fixes: a bar grade written alone (``GRADE 60``,
    ``A-615-60``) states the standard's minimum yield, bound to ``subject`` with the standard
    named in the evidence. A grade with a stress written beside it is left as a designation."""

    kind: Literal["grade"]
    subject: str = Field(pattern=_SUBJECT_PATTERN, description="a subject the vocabulary defines")
    standard: str = Field(min_length=1, description="the standard that fixes the stresses, e.g. 'ASTM A615'")
    written: tuple[str, ...] = Field(
        min_length=1, description="how a grade is written, with {grade} where its name goes: 'GRADE {grade}', 'A615-{grade}'",
    )
    grades: dict[str, str] = Field(
        min_length=1, description="each grade's name → the stress the standard fixes for it ('60': '60 ksi')",
    )
    stated_for: tuple[str, ...] = Field(
        min_length=1, description="words the note must name (the standard, the material), any one",
    )
    unless_for: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _placeholder(self) -> GradeRule:
        for form in self.written:
            if form.count("{grade}") != 1:
                raise ValueError(f"written form {form!r} must hold {{grade}} once")
        return self


class AbbreviationRule(RuleBase):
    """How drawings shorten words: each abbreviation as written, and the word(s) it stands for."""

    kind: Literal["abbreviations"]
    words: dict[Phrase, Phrase] = Field(
        min_length=1, description="abbreviation as written (``CONC.``) → the word it stands for (``concrete``); "
        "each at most 200 characters, as a synonym (audit 113 B F1: a 6,000-character abbreviation of a word "
        "many synonyms start with was written again for each)",
    )


def unit_dimension(unit: str) -> str:
    """The dimension a unit measures (``psi`` → ``[mass] / [length] / [time] ** 2``); ValueError if unknown.

    Read as the engine reads it (``ontology.units``, one registry and one spelling of each
    dimension), so a unit the engine defines (``psf``, ``working_day``) passes lint, and
    ``currency`` (the rule packs' word for money) is ``[currency]``."""
    dimension = dimension_of(unit)
    if dimension is None:
        unit_text(unit)  # a text that is no unit at all (``9**9**9``, ``meter / 0``) says why
        raise ValueError(f"pint does not know the unit {unit!r}")
    return dimension


#: Apostrophes as drawings and word processors write them (f'c, f’c, f′c).
_APOSTROPHE = "['’′`]"


def _fold(words: str) -> str:
    """A phrase as compared: lower case, one space between words, straight apostrophes."""
    return re.sub(r"\s+", " ", re.sub(_APOSTROPHE, "'", words.lower())).strip()


#: What must not stand before a word starting with a letter or digit (:func:`_token_parts`).
_WORD_START = r"(?<![a-z0-9])(?<![a-z]-)"


@lru_cache(maxsize=1 << 16)
def _token_parts(token: str) -> tuple[str, str, str]:
    """One written word or abbreviation as three parts of a pattern: what must not stand before,
    the stem (the token without its trailing period, as :func:`_reading` reads text), what must or
    may stand after. ``'`` stands for any of its forms, a trailing period is optional (``CONC`` or
    ``CONC.``), whole words only: a word hyphenated on to a word is part of a compound, not itself
    (``STEEL-TROWELLED`` names no steel), and so is one hyphenated on after a word
    (``GROUND-BEARING FACES`` name no bearing).
    The patterns read text as :func:`_reading` gives it: ``[a-z0-9]`` there is ``[A-Za-z0-9]``
    under ``re.IGNORECASE`` in the text."""
    stem = token[:-1] if token.endswith(".") and len(token) > 1 else token
    start = _WORD_START if stem[:1].isalnum() else ""
    if token.endswith("."):
        end = r"(?:\.|(?![a-z0-9]|-[a-z]))"
    else:
        end = r"(?![a-z0-9]|-[a-z])" if stem[-1:].isalnum() else ""
    return start, _reading(stem), end


def _ways_kept(key: tuple[str, ...], ways: Iterable[str]) -> tuple[str, ...]:
    """The abbreviations of the words ``key`` as the matcher writes them, longest first, less each one
    ending in a letter or digit also written with a period: ``BM.`` reads what ``BM`` reads, at the
    same span (its period is optional where ``BM``'s end test stands, and the spaces and word after
    it are read the same), and is tried first, so ``BM`` never found a thing ``BM.`` had not — only
    doubling the alternatives at every place the word may stand (a standard drawing legend writes
    most abbreviations both ways: 1,200 subjects with one counted 4,513 where 2,512 stand; audit
    124 B F1). Kept where leaving it out would join the runs before and after it (:func:`_runs`:
    a run's stems are tried longer first, not in their order; ``T.``, ``T``, ``T-.``), and after a
    mark (``-`` beside ``-.``: no end test stands there)."""
    written = sorted(dict.fromkeys(ways), key=lambda way: -len(way))  # ties in the order written
    every = set(written)
    tried = written + ([key[0]] if len(key) == 1 else [])  # as ``_word_ways`` tries them: the word itself last
    kept: list[str] = []
    for n, way in enumerate(tried[:len(written)]):
        if way[-1:].isalnum() and way + "." in every:
            before = _token_parts(kept[-1])[::2] if kept else None
            after = _token_parts(tried[n + 1])[::2] if n + 1 < len(tried) else None
            if before is None or before != after or before == _token_parts(way)[::2]:
                continue  # left out: no two runs joined (within its own run, the tree tries the longer first)
        kept.append(way)
    return tuple(kept)


def _tokens_pattern(tokens: Sequence[str]) -> str:
    """Tokens tried in order, as one pattern: each run of tokens that share what may stand
    before and after them is one prefix tree of their stems between those, written once. A
    legend of thousands of abbreviations of one word had been thousands of alternatives, each
    with its own look-arounds: a pattern costing milliseconds an abbreviation to compile, and
    tried one alternative after another at every word of the text, so each sheet's legend cost
    more than the last (audit 76 B F6). Within a run, stems that can both match at one place
    are one the other's prefix, and the tree tries the longer first, as the order did (the
    tokens come longest first) — save the word itself, which comes last: where one of its
    abbreviations is its start up to a mark (``O`` of ``O.C``, ``1`` of ``1.5``), the tree reads
    the whole word where one alternation in order had read the abbreviation and stopped there
    (the phrase found the same, its span the whole word; audit 125 B F2)."""
    ways = [f"{start}{_stem_tree(stems)}{end}" for start, end, stems in _runs(tokens)]
    return ways[0] if len(ways) == 1 else "(?:" + "|".join(ways) + ")"


def _stem_tree(stems: list[str]) -> str:
    """The stems as one pattern, a prefix tree: at each character the longer stems first."""
    if len(stems) == 1:
        return re.escape(stems[0])
    tree: dict[str, Any] = {}
    for stem in stems:
        node = tree
        for ch in stem:
            node = node.setdefault(ch, {})
        node[""] = {}  # a stem ends here

    def written(node: dict[str, Any]) -> str:
        out = []
        while True:  # a chain of single characters is written as it stands
            if len(node) != 1 or "" in node:
                break
            ((ch, node),) = node.items()
            out.append(re.escape(ch))
        if not node or set(node) == {""}:
            return "".join(out)
        ways = [re.escape(ch) + written(child) for ch, child in node.items() if ch]
        if "" in node:
            ways.append("")  # the stem ending here, tried after every longer one
        return "".join(out) + "(?:" + "|".join(ways) + ")"

    return written(tree)


def _words_pattern(words: tuple[str, ...], i: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]],
                   spaced: bool = False) -> str:
    """``words[i:]`` as a pattern: the words with any run of spaces between, and each word, or run of
    words, also in any abbreviation of it (``shortened``: words → abbreviations) (``spaced``: read after a space, which nothing
    needs to be tested before)."""
    if i == len(words):
        return ""
    if _alone(words, i, shortened):
        before, stem, _ = _token_parts(words[i])
        [(atoms, last, rest)] = _paths(words[i], words, i + 1, shortened, 1)
        return ("" if spaced else before) + re.escape(stem) + "".join(atoms) + last + _joined(_words_pattern(words, rest, shortened))
    # the ways to write the next k words, longest run first, then what follows them once: the
    # tail written once per run, never once per abbreviation (a legend giving one word a
    # thousand abbreviations had made the pattern, and its compiling, a thousand times the
    # tail's size; audit 75 B F1) — the same alternatives, tried in the same order
    options = [_tokens_pattern(ways) + _joined(_words_pattern(words, i + k, shortened))
               for k, ways in _word_ways(words, i, shortened)]
    return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"


def _word_ways(words: tuple[str, ...], i: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]]
               ) -> list[tuple[int, list[str]]]:
    """The ways to write the words from ``words[i]`` in the order they are tried: (k, the tokens
    that write the k words from it), the longest run first, the word itself last among its own."""
    found = []
    for k in range(len(words) - i, 0, -1):
        ways = list(shortened.get(words[i : i + k], ()))
        if k == 1:
            ways.append(words[i])
        if ways:
            found.append((k, ways))
    return found


def _alone(words: tuple[str, ...], i: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether ``words[i]`` is written only as itself (no run of words from it is abbreviated)."""
    return not any(words[i:end] in shortened for end in range(i + 1, len(words) + 1))


_WORD_EDGE = re.compile("[a-z0-9]")


#: The atom of one or more spaces between two plain words (:func:`_paths`).
_SPACES = r"\s+"

#: A path of the prefix tree (:func:`_paths`): the atoms it reads, the end of the last token read, and
#: the index of the word from which the rest of the phrase is written whole (the phrase's length: none).
_Path = tuple[tuple[str, ...], str, int]


def _paths(token: str, words: tuple[str, ...], j: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]],
           budget: int) -> list[_Path]:
    """What follows the stem of ``token``, the way just read to write the words before ``words[j]``,
    as at most ``budget`` paths of a prefix tree, in the order they are tried. Each next word is read by
    its characters after one atom for what stands between (:data:`_SPACES` between two words that a
    letter or digit ends and begins: the end of the one and the start of the other hold wherever a
    space stands between and never where none does), and a word written in several ways (its
    abbreviations, or those of a run of words from it) is a path for each way while ``budget`` allows,
    the budget shared among them: phrases that share their first words are not tried one after
    another where those stand (100,000 synonyms "the ...": 50 s over a 400 KB text, audit 114 B F1;
    "the 'x..." 81 s, audit 115 B F1; "the big x..." with "bg." for "big", 2.6 ms an occurrence for
    20,000 phrases, audit 115 B F1). ``(?:A|B)T`` finds what ``AT|BT`` finds; the atom between two
    tokens reads one way only (after an optional period, a next word starting with a period would
    read two ways: there, and past the budget, the rest is written whole)."""
    _, stem, end = _token_parts(token)
    whole = [((), end, j)]
    if j == len(words):
        return whole
    following = [(words[j], 1)] if _alone(words, j, shortened) else [
        (way, k) for k, ways in _word_ways(words, j, shortened) for way in _tokens_order(tuple(ways))]
    if len(following) > budget:
        # the next word's ways one atom shared, where it reads one way (:func:`_head_ways`); else the rest whole
        shared = _head_ways(words, j, shortened, budget) if budget > 1 else None
        if shared is None:
            return whole
        next_head, paths = shared  # between, the spaces alone where they are all that can stand (as below)
        between = _SPACES if not token.endswith(".") and _WORD_EDGE.fullmatch(stem[-1:]) and all(
            _WORD_EDGE.fullmatch(_token_parts(way)[1][:1]) for way in _HEAD_WAYS.get(next_head, ("",))) else end + r"\s*"
        return [((between, next_head, *atoms), last, rest) for atoms, last, rest in paths]
    share = budget // len(following)
    found: list[_Path] = []
    for way, k in following:
        before, next_stem, _ = _token_parts(way)
        if not token.endswith(".") and _WORD_EDGE.fullmatch(stem[-1:]) and _WORD_EDGE.fullmatch(next_stem[:1]):
            head = _SPACES
        elif token.endswith(".") and next_stem.startswith("."):
            return whole
        else:
            found += [((end + r"\s*", before + re.escape(next_stem[0]), *map(re.escape, next_stem[1:]), *atoms), last, rest)
                      for atoms, last, rest in _paths(way, words, j + k, shortened, share)]
            continue
        found += [((head, *map(re.escape, next_stem), *atoms), last, rest)
                  for atoms, last, rest in _paths(way, words, j + k, shortened, share)]
    return found


def _joined(tail: str) -> str:
    # an abbreviation's period may stand for the space after it ("CONC.COVER" is rare; a space is usual)
    return r"\s*" + tail if tail else ""


@lru_cache(maxsize=512)
def _compiled(phrases: tuple[str, ...], shortened: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]) -> PhraseFinder:
    """:func:`_alternatives`, compiled once for each list and abbreviation table (packs repeat
    their lists: a pattern of many abbreviated words costs milliseconds to compile)."""
    return _alternatives(list(phrases), dict(shortened))


#: The ways to write a phrase's first words (its first word, abbreviations of runs from it) up
#: to which each way is a path of the prefix tree, the rest of the phrase written after each.
#: Past it the phrase is tried in a second pattern of its own kind (:class:`PhraseFinder`):
#: a legend giving one word thousands of abbreviations is written with the rest once.
_TREE_WAYS = 16


class PhraseFinder:
    """What :func:`_alternatives` compiles: a list of phrases found in text as one alternation of
    them would find them (the first phrase in the list that matches at the leftmost place wins),
    ``finditer``/``search`` over text read by :func:`_read`; :func:`_phrase_of` a match tells its
    phrase. Most phrases are one prefix tree (``tree``); those whose first words are written in
    more ways than :data:`_TREE_WAYS` are a tree of their own after the pattern of those ways
    (``rest``, :func:`_head_ways`), or, where those ways could end in two places, one alternation
    of them written whole (``whole``); at each place the patterns' matches are weighed by the
    phrase's place in the list."""

    __slots__ = ("patterns",)

    def __init__(self, *patterns: re.Pattern[str] | None) -> None:
        self.patterns = patterns

    @property
    def tree(self) -> re.Pattern[str] | None:
        return self.patterns[0]

    @property
    def rest(self) -> re.Pattern[str] | None:
        return self.patterns[1] if len(self.patterns) > 1 else None

    @property
    def whole(self) -> re.Pattern[str] | None:
        return self.patterns[2] if len(self.patterns) > 2 else None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        end = len(text) if endpos is None else endpos
        patterns = [pattern for pattern in self.patterns if pattern is not None]
        if len(patterns) < 2:
            if patterns:
                yield from patterns[0].finditer(text, pos, end)
            return
        # the next match of each from ``pos``, kept while it stands past it; None once a pattern has
        # none left (searched again from each match's end, it rescanned the text: audit 115 B F2)
        found: list[re.Match[str] | None] = [pattern.search(text, pos, end) for pattern in patterns]
        while True:
            for n, match in enumerate(found):
                if match is not None and match.start() < pos:
                    found[n] = patterns[n].search(text, pos, end)
            standing = [match for match in found if match is not None]
            if not standing:
                return
            first = min(standing, key=lambda match: (match.start(), _phrase_of(match)))
            yield first
            pos = first.end()

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        return next(self.finditer(text, pos, endpos), None)


def _alternatives(phrases: list[str], shortened: Mapping[tuple[str, ...], tuple[str, ...]]) -> PhraseFinder:
    """The phrases as one :class:`PhraseFinder` (:func:`_sources`, compiled)."""
    sources, _ = _written(tuple(phrases), tuple(shortened.items()))
    return PhraseFinder(*(None if source is None else re.compile(source) for source in sources))


@lru_cache(maxsize=4)
def _written(phrases: tuple[str, ...], shortened: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
             ) -> tuple[tuple[str | None, ...], tuple[int, int]]:
    """:func:`_sources` of the phrases, and the most alternatives their patterns may try at one place
    (:func:`_tree_tried`, the phrases written whole each) with the index of a phrase among the most
    tried (the vocabulary's check and its compiling write the patterns once)."""
    widest: list[Any] = [0, 0, ""]
    with _heads_held():
        sources = _sources(list(phrases), dict(shortened), widest)
    return sources, (widest[0], max(_phrase_in(widest[2]), 0))


#: The most alternatives a vocabulary's patterns may try one after another at one place of a text
#: (:class:`SubjectVocabulary.tried_in_a_clause`), checked with its packs (``rules.loader``) and its
#: drawing legends (``quantities.legend``). Phrases sharing their words are read as a prefix tree,
#: one character at a time; where the tree cannot part them — ways of a word that match where
#: another's do, phrases written whole — they are tried in turn wherever their first letters stand:
#: 6,000 and more such synonyms held a 300 KB specification for minutes (audits 116-120 B). The count
#: is an upper bound: measured, an alternative counted costs from some 2 ns a word (1,000 structural
#: subjects with a legend of 100 ordinary abbreviations count 2,148: 0.0035 ms a word) to some 25 ns
#: (the audits' shapes: 27 ns at 3,000 counted, 37 ns at 4,980), so at the bound a word costs at most
#: about 0.2 ms — some 25-30 s more on a 300 KB specification written densely in the vocabulary's own
#: words (audit 122 B). Synonyms and word lists are counted together (a clause is searched for both).
MAX_TRIED_AT_ONCE = 5_000


#: The most characters of pattern a project's subject vocabulary may write (``SubjectVocabulary.
#: written_size``, estimated without writing it: :func:`_written_size`), checked with its packs
#: (``rules.loader.compile_rules``). Compiling costs some 4 µs a character, and memory with it:
#: 8,000 subjects of 10 synonyms of one to three words write some 4 M characters (18 s, 0.8 GB);
#: the same with an abbreviation of most words 27 M (50 s to 3.5 minutes, 3 GB; audit 112 B F1);
#: 149,000 synonyms of 190 letters 29 M (46 s, 3.5 GB; audit 113 B F2). At the bound an ingest
#: compiles for some 10 to 25 s.
MAX_PATTERN_CHARS = 5_000_000

#: What a written word costs in pattern beside its letters: a word written only as itself (the
#: spaces after it), a way among others (the tests of what stands around it), and each way to
#: write a phrase's first words (the group naming the phrase found).
_WORD_COST, _WAY_COST, _FOUND_COST = 8, 40, 20


def _written_size(words: tuple[str, ...], shortened: Mapping[tuple[str, ...], tuple[str, ...]]) -> int:
    """About how many characters of pattern the phrase ``words`` writes, as :func:`_first_ways` and
    :func:`_words_pattern` write it: each word or abbreviation its length and :data:`_WORD_COST`,
    the rest of the phrase written again after each way to write the words before it (a synonym
    of many words whose words and pairs of words are abbreviated writes a number of them growing as
    Fibonacci's: 26 words held an ingest 66 s at 4.7 GB; audit 112 B F2); up to :data:`_TREE_WAYS`
    ways to write its first words, the paths of the tree (:func:`_first_ways`) each written whole with
    the rest after it. Counted from the end, each rest once."""
    n = len(words)
    # ways[i][k - 1]: (how many ways, their characters) to write the k words from i
    ways = []
    for i in range(n):
        row = []
        for end in range(i + 1, n + 1):
            written = list(shortened.get(words[i:end], ())) + ([words[i]] if end == i + 1 else [])
            row.append((len(written), len("".join(written))))
        alone = sum(count for count, _ in row) == 1
        row = [(count, size + count * (_WORD_COST if alone else _WAY_COST)) for count, size in row]
        ways.append(row)
    rest = [0] * (n + 1)  # rest[i]: the characters _words_pattern(words, i) writes
    for i in range(n - 1, -1, -1):
        rest[i] = sum(size + rest[i + k] for k, (count, size) in enumerate(ways[i], start=1) if count)
    if all(sum(count for count, _ in row) == 1 for row in ways):
        return rest[0] + _FOUND_COST  # no word abbreviated: one path, the words one after another
    first = _first_ways(words, shortened)
    if first is None:
        shared = _head_ways(words, 0, shortened, _TREE_WAYS)
        if shared is None:
            return rest[0]
        head, paths = shared  # the head counted whole for each phrase sharing it
        return len(head) + sum(sum(map(len, atoms)) + len(last) + rest[whole] + _FOUND_COST
                               for atoms, last, whole in paths)
    # each path of the tree written whole (phrases sharing first words share them: counted whole), the
    # rest after it with it
    return sum(sum(map(len, atoms)) + len(last) + rest[whole] + _FOUND_COST for _, atoms, last, whole in first)


def _sources(phrases: list[str], shortened: Mapping[tuple[str, ...], tuple[str, ...]],
             widest: list[Any] | None = None) -> tuple[str | None, str | None, str | None]:
    """The patterns of :func:`_alternatives`, uncompiled: the tree's, the rest's and the whole's. Each
    tried first where a first letter of one of its phrases stands, and read as the phrases were tried one after another, the first that matches
    winning. Each way of writing a phrase's first word (or run of words, abbreviated) is read by
    its characters: such ways, however many the phrases, are one prefix tree (:func:`_tree`), a
    character chosen at each step, where an alternation had tried every phrase at every word
    (8,000 subjects of 10 synonyms: about a second a word; issue 23, audit 111 B F2), and a
    phrase whose first word is abbreviated is in the tree as well (it had split the tree where it
    stood: audit 112 B F1). Phrases whose first word is written in more than :data:`_TREE_WAYS` ways
    are a second tree after the pattern of those ways (:func:`_head_ways`), or, where those ways may
    end in two places what follows could tell apart, a third pattern written whole. ``widest``, when
    given, gathers what the patterns may try at one place (:func:`_tried`, bounded by
    :data:`MAX_TRIED_AT_ONCE`)."""
    # the ways whose first character is a letter or digit, which must start a word, and the others:
    # never read at one place, each is a tree of its own (the test of what stands before written once)
    word_start: list[tuple[tuple[str, ...], str]] = []
    anywhere: list[tuple[tuple[str, ...], str]] = []
    rest: list[tuple[tuple[str, ...], str]] = []  # after the pattern of a first word's many ways
    whole: list[str] = []  # the phrases written whole
    # the first letters of the phrases of each pattern
    firsts: tuple[set[str], set[str], set[str]] = (set(), set(), set())
    first_letters: dict[str, set[str]] = {}  # a word → the first letters of the abbreviations of runs from it
    for run, abbreviations in shortened.items():
        if run:
            first_letters.setdefault(run[0], set()).update(_reading(a[:1]) for a in abbreviations)
    runs = _word_runs(shortened) if widest is not None else {}
    weights: dict[str, int] = {}  # a path's group → the alternatives its words written whole try in turn, past one
    for index, phrase in enumerate(phrases):
        words = tuple(_fold(phrase).split())
        ways = _first_ways(words, shortened)
        shared = _head_ways(words, 0, shortened, _TREE_WAYS) if ways is None else None
        letters = firsts[0 if ways is not None else 1 if shared is not None else 2]
        letters.add(_reading(words[0][:1]))
        letters.update(first_letters.get(words[0], ()))
        tails: dict[int, str] = {}  # the rest written whole from a word (after each path that ends there)
        if ways is not None:
            for way, (before, atoms, last, at) in enumerate(ways):  # the phrase found: the last group a match closes
                (word_start if before else anywhere).append(
                    (atoms, f"{last}{_tail(words, at, shortened, tails)}(?P<p{index}_{way}>)"))
                if runs and (weight := _written_weight(words, at, runs)) > 1:
                    weights[f"p{index}_{way}"] = weight
        elif shared is not None:
            head, paths = shared
            rest += [((head, *atoms), f"{last}{_tail(words, at, shortened, tails)}(?P<p{index}_{way}>)")
                     for way, (atoms, last, at) in enumerate(paths)]
            weights.update({f"p{index}_{way}": weight for way, (_, _, at) in enumerate(paths)
                            if runs and (weight := _written_weight(words, at, runs)) > 1})
        else:
            whole.append(f"(?:{_words_pattern(words, 0, shortened)})(?P<p{index}>)")
            if runs and (weight := _written_weight(words, 0, runs)) > 1:
                weights[f"p{index}"] = weight
    trees = ([f"{_WORD_START}(?:{_tree(word_start, widest=widest, weights=weights)})"] if word_start else []) + (
        [_tree(anywhere, widest=widest, weights=weights)] if anywhere else [])
    if whole:
        _tried(widest, sum(weights.get(_group_in(pattern), 1) for pattern in whole), whole[0])
    return (f"{_guard(firsts[0])}(?:{'|'.join(trees)})" if trees else None,
            f"{_guard(firsts[1])}(?:{_tree(rest, widest=widest, weights=weights)})" if rest else None,
            f"{_guard(firsts[2])}(?:{'|'.join(whole)})" if whole else None)


def _tail(words: tuple[str, ...], whole: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]],
          tails: dict[int, str]) -> str:
    """``words[whole:]`` written whole after a path (:func:`_words_pattern`), once for the paths of a
    phrase that end there (``tails``)."""
    if whole not in tails:
        tails[whole] = _joined(_words_pattern(words, whole, shortened))
    return tails[whole]


def _guard(firsts: set[str]) -> str:
    """What must stand where a phrase of a pattern starts: one of their first letters (each pattern its
    own: a word led by a letter only the other's phrases start with had been tried against all the
    second pattern's; audit 116 B F1), after no letter or digit when every one is a letter or digit."""
    if not firsts:
        return ""
    guard = "(?=[" + "".join(re.escape(ch) for ch in sorted(firsts)) + "])"
    if all(ch.isalnum() for ch in firsts):
        guard = r"(?<![a-z0-9])" + guard  # a word starts here: most characters are passed at once
    return guard


#: The pattern of a word's many ways (:func:`_head_pattern`) → those ways, for :func:`_tree` to tell
#: such atoms apart and :func:`_tree_tried` to count them. Read and written only while held
#: (:func:`_heads_held`), and cleared past :data:`_HEAD_WAYS_BOUND` only as a vocabulary's patterns
#: begin: cleared in the middle, the heads written before were lost and each counted as one way (a pack
#: counted 6,010 fresh counted 16 in a process whose memo was nearly full; audit 123 B F1).
_HEAD_WAYS: dict[str, tuple[str, ...]] = {}
_HEAD_WAYS_BOUND = 1 << 16
_HEADS_LOCK = threading.RLock()
_heads_depth = 0  # how many _heads_held are open (in the thread holding the lock)


@contextmanager
def _heads_held() -> Iterator[None]:
    """Hold :data:`_HEAD_WAYS` for one vocabulary's patterns (or its size), clearing it first when past
    its bound and no other such work is open: one thread at a time, none of its heads lost."""
    global _heads_depth
    with _HEADS_LOCK:
        if _heads_depth == 0 and len(_HEAD_WAYS) >= _HEAD_WAYS_BOUND:
            _HEAD_WAYS.clear()
        _heads_depth += 1
        try:
            yield
        finally:
            _heads_depth -= 1


def _head_pattern(ways: tuple[str, ...]) -> str:
    """The ways as one atom (:func:`_tokens_pattern`), remembered as theirs (:data:`_HEAD_WAYS`)."""
    head = _tokens_pattern(ways)
    _HEAD_WAYS[head] = ways
    return head


@lru_cache(maxsize=1 << 12)
def _remainders(tokens: tuple[str, ...]) -> frozenset[str] | None:
    """Where the tokens, as one pattern (:func:`_tokens_pattern`), may end in more than one place: the
    characters that stand just after a shorter match where a longer one goes on (a stem another's
    prefix whose end test lets it, a period after a stem that may take it). Whatever follows that can
    start with none of them follows the longest match only, so phrases sharing the pattern find what
    each alone finds. None where a token starts with a period (a word before, written with its
    period, would read it two ways)."""
    parts = {_token_parts(token) for token in tokens}
    if any(stem.startswith(".") for _, stem, _ in parts):
        return None
    ends: dict[str, set[str]] = {}
    for _, stem, end in parts:
        ends.setdefault(stem, set()).add(end)
    remainders = {"."} if any(end.startswith(r"(?:\.") for _, _, end in parts) else set()
    for longer in ends:
        for k in range(1, len(longer)):
            after = longer[k:]
            if any(_ends_before(end, after) for end in ends.get(longer[:k], ())):
                remainders.add(after[0])
    return frozenset(remainders)


def _ends_before(end: str, after: str) -> bool:
    """Whether a token's end test (:func:`_token_parts`) lets it end where ``after`` follows."""
    if end == "" or end.startswith(r"(?:\.") and after.startswith("."):
        return True
    return not (_WORD_EDGE.match(after) or re.match("-[a-z]", after))


def _heads_apart(heads: Sequence[tuple[str, ...]]) -> bool:
    """Whether no way of one of ``heads`` (words' ways, :func:`_head_pattern`) matches where a way of
    another does."""
    owner: dict[str, int] = {}
    ends: dict[str, set[str]] = {}
    for number, ways in enumerate(heads):
        for _, stem, end in map(_token_parts, ways):
            if owner.setdefault(stem, number) != number:
                return False  # one stem, two words
            ends.setdefault(stem, set()).add(end)
    for longer, number in owner.items():
        for k in range(1, len(longer)):
            shorter = owner.get(longer[:k])
            if shorter is not None and shorter != number and any(
                    _ends_before(end, longer[k:]) for end in ends[longer[:k]]):
                return False
    return True


def _head_ways(words: tuple[str, ...], i: int, shortened: Mapping[tuple[str, ...], tuple[str, ...]], budget: int
               ) -> tuple[str, list[_Path]] | None:
    """``words[i]``, written in more ways than a budget allows (and no run from it abbreviated), as the
    pattern of those ways, one atom that phrases sharing the words up to it share in a tree, and at
    most ``budget`` paths after it (:func:`_paths`, led by the spaces before the next word). 6,000
    synonyms "the x..." with 17 abbreviations of "the" had been one flat alternation tried at each
    "the" (a 300 KB specification: 88 s), and with 18 of a second word the rest had been written whole
    after "the" (38 s; audit 116 B F1); a next word led by a mark had still written each phrase whole
    (55.7 s; audit 117 B F1). Sharing the atom finds what the phrases one after another found only
    where it ends in one place where what follows can match (:func:`_remainders`, and no next word
    led by a period). None otherwise: the phrase is written whole."""
    options = _word_ways(words, i, shortened)
    remainders = _remainders(tuple(options[0][1])) if len(options) == 1 else None
    if remainders is None:
        return None
    if i + 1 == len(words):  # what follows may start with anything
        return (_head_pattern(tuple(options[0][1])), [((), "", i + 1)]) if not remainders else None
    following = [(words[i + 1], 1)] if _alone(words, i + 1, shortened) else [
        (way, k) for k, ways in _word_ways(words, i + 1, shortened) for way in _tokens_order(tuple(ways))]
    if any(_token_parts(way)[1][:1] in {".", *remainders} for way, _ in following):
        return None
    head = _head_pattern(tuple(options[0][1]))
    if len(following) > budget:
        shared = _head_ways(words, i + 1, shortened, budget)
        if shared is None:
            return head, [((), "", i + 1)]  # the rest written whole after the shared atom
        next_head, paths = shared
        return head, [((r"\s*", next_head, *atoms), last, whole) for atoms, last, whole in paths]
    share = budget // len(following)
    paths: list[_Path] = []
    for way, k in following:
        before, stem, _ = _token_parts(way)
        paths += [((r"\s*", before + re.escape(stem[0]), *map(re.escape, stem[1:]), *atoms), last, whole)
                  for atoms, last, whole in _paths(way, words, i + 1 + k, shortened, share)]
    return head, paths


def _first_ways(words: tuple[str, ...], shortened: Mapping[tuple[str, ...], tuple[str, ...]]
                ) -> list[tuple[str, tuple[str, ...], str, int]] | None:
    """Each way :func:`_words_pattern` tries to write the phrase ``words``, in its order, as (what
    must not stand before, the atoms it reads — the first token's characters, and the words after it
    as :func:`_paths` reads them —, the end of the last token read, the index of the word from which
    the rest is written whole): ``(?:A|B)T`` finds what ``AT|BT`` finds. None past
    :data:`_TREE_WAYS` ways to write the first words; at most that many paths (a word written only as
    itself always one)."""
    alone = _alone(words, 0, shortened)
    following = [(words[0], 1)] if alone else [
        (way, k) for k, ways in _word_ways(words, 0, shortened) for way in _tokens_order(tuple(ways))]
    if len(following) > _TREE_WAYS and not alone:
        return None
    share = _TREE_WAYS // len(following)
    found: list[tuple[str, tuple[str, ...], str, int]] = []
    for way, k in following:
        before, stem, _ = _token_parts(way)
        found += [(before, (*map(re.escape, stem), *atoms), last, rest)
                  for atoms, last, rest in _paths(way, words, k, shortened, share)]
    return found


@lru_cache(maxsize=1 << 12)
def _tokens_order(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The tokens in the order :func:`_tokens_pattern` tries them: its runs in order, and within a
    run the stems in the order its prefix tree tries them (at each character the longer first; a
    token whose stem another's repeats is tried as that one)."""
    runs: list[tuple[str, str, dict[str, str]]] = []  # (before, after, each stem → its first token), as _runs
    for token in tokens:
        start, stem, end = _token_parts(token)
        if runs and runs[-1][0] == start and runs[-1][1] == end:
            runs[-1][2].setdefault(stem, token)
        else:
            runs.append((start, end, {stem: token}))
    return tuple(token_of[stem] for _, _, token_of in runs for stem in _tree_order(list(token_of)))


def _runs(tokens: Sequence[str]) -> list[tuple[str, str, list[str]]]:
    """The tokens in runs that share what may stand before and after them: (before, after, the stems)."""
    runs: list[tuple[str, str, list[str]]] = []
    for token in tokens:
        start, stem, end = _token_parts(token)
        if runs and runs[-1][0] == start and runs[-1][1] == end:
            runs[-1][2].append(stem)
        else:
            runs.append((start, end, [stem]))
    return runs


def _tree_order(stems: list[str]) -> list[str]:
    """The stems in the order :func:`_stem_tree` tries them (each once)."""
    tree: dict[str, Any] = {}
    for stem in stems:
        node = tree
        for ch in stem:
            node = node.setdefault(ch, {})
        node[""] = {}
    ordered: list[str] = []
    stack: list[tuple[dict[str, Any], str, bool]] = [(tree, "", False)]
    while stack:  # depth first, children in their order, a stem ending here after them
        node, prefix, ended = stack.pop()
        if ended:
            ordered.append(prefix)
            continue
        if "" in node:
            stack.append((node, prefix, True))
        stack.extend((child, prefix + ch, False) for ch, child in reversed(node.items()) if ch)
    return ordered


#: How deep the prefix tree nests before it writes its alternatives whole (Python's own parser
#: reads a nested group by recursion).
_TREE_DEPTH = 160


def _tree(items: list[tuple[tuple[str, ...], str]], depth: int = 0, widest: list[Any] | None = None,
          weights: Mapping[str, int] | None = None) -> str:
    """Alternatives as a prefix tree: each a run of atoms to read (a character, escaped, or
    :data:`_SPACES`: no character of a word is a space) and the pattern after them, in the order
    they are tried. Alternatives are parted by the atom each reads next (one reading another
    never matches where it does: the order that matters is kept within each part) while every
    one has an atom left to read; else they are written one after another, as given. ``widest``
    keeps the most alternatives the tree may try at one place (:func:`_tried`)."""
    pattern, tried, after = _tree_tried(items, depth, weights or {})
    _tried(widest, tried, after)
    return pattern


def _tree_tried(items: list[tuple[tuple[str, ...], str]], depth: int, weights: Mapping[str, int]
                ) -> tuple[str, int, str]:
    """:func:`_tree`'s pattern, the most alternatives it may try at one place of a text, and what a
    phrase among the most tried ends with: those written one after another each, and below a level
    of parts, the parts whose head is not one character or spaces (each tried in turn) and then,
    where the parts are apart, the costliest part's own (one part reads on), else every part's."""
    if len(items) == 1 or depth >= _TREE_DEPTH or all(not atoms for atoms, _ in items):
        return ("|".join("".join(atoms) + after for atoms, after in items), sum(
            weights.get(_group_in(after), 1) + sum(len(_runs(_HEAD_WAYS[atom])) for atom in atoms if atom in _HEAD_WAYS)
            for atoms, after in items), items[0][1])
    if any(not atoms for atoms, _ in items):
        # a phrase ending here among phrases going on: each run of those going on a tree, in their
        # order (written one after another, the 2,900 phrases "the ..." beside "the" were tried in turn)
        runs: list[list[tuple[tuple[str, ...], str]]] = []
        for item in items:
            if item[0] and runs and runs[-1][0][0]:
                runs[-1].append(item)
            else:
                runs.append([item])
        done = [_tree_tried(run, depth, weights) for run in runs]
        return "|".join(pattern for pattern, _, _ in done), sum(tried for _, tried, _ in done), max(
            (tried, after) for _, tried, after in done)[1]
    parted: list[tuple[str, list[tuple[tuple[str, ...], str]]]] = []
    apart = _parted(items)
    if apart:
        by_head: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for atoms, after in items:
            by_head.setdefault(atoms[0], []).append((atoms[1:], after))
        parted = list(by_head.items())
    else:  # a test between words among them: only a run of alternatives that share it, in their order
        for atoms, after in items:
            if parted and parted[-1][0] == atoms[0]:
                parted[-1][1].append((atoms[1:], after))
            else:
                parted.append((atoms[0], [(atoms[1:], after)]))
    written, below = [], []
    for head, part in parted:
        pattern, tried, after = _tree_tried(part, depth + 1, weights)
        written.append(f"{head}(?:{pattern})")
        below.append((tried, after))
    heads = sum(len(_runs(_HEAD_WAYS.get(head, ("",)))) for head, _ in parted if head != _SPACES and _char_of(head) is None)
    costliest = max(below)
    return "|".join(written), heads + (costliest[0] if apart else sum(tried for tried, _ in below)), costliest[1]


def _phrase_in(after: str) -> int:
    """The index of the phrase a path's pattern ends by naming (its group, :func:`_group_in`); -1 for none."""
    group = _group_in(after)
    return int(group[1:].partition("_")[0]) if group else -1


def _word_runs(shortened: Mapping[tuple[str, ...], tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """The alternatives :func:`_tokens_pattern` writes for each abbreviated run of words (one a run of
    its ways sharing end tests, the word itself among a word's)."""
    return {key: len(_runs([*ways, *key[:1]] if len(key) == 1 else list(ways))) for key, ways in shortened.items()}


def _written_weight(words: tuple[str, ...], start: int, runs: Mapping[tuple[str, ...], int]) -> int:
    """The alternatives tried in turn at a word of ``words[start:]`` written whole (those of its word written in
    the most ways), where more than one: a word of 20,000 abbreviations ending in turn with and without a
    period is 20,000 alternatives (114.5 s over a 300 KB specification; audit 120 B F1). Words read by the
    tree (their characters, or a shared atom counted where it stands) add nothing."""
    return max((sum(runs.get(words[i:end], 0) for end in range(i + 1, len(words) + 1))
                for i in range(start, len(words))), default=0)


def _group_in(after: str) -> str:
    """The group a path's pattern ends by naming (``pN`` or ``pN_WAY``)."""
    found = re.findall(r"\(\?P<(p[0-9_]+)>", after)
    return found[-1] if found else ""


def _tried(widest: list[Any] | None, tried: int, after: str) -> None:
    """Add to ``widest`` ([the total, the most of one pattern's part, what a phrase of it ends with])
    the alternatives one pattern may try at one place (the patterns are each searched there)."""
    if widest is not None:
        widest[0] += tried
        if tried > widest[1]:
            widest[1:] = [tried, after]


#: What :func:`_paths` reads between a token and the next word where more than spaces may stand: the
#: token's end test (its optional period) and any spaces. Never where a letter or digit stands.
_ENDS_THEN_SPACES = frozenset({r"(?![a-z0-9]|-[a-z])\s*", r"(?:\.|(?![a-z0-9]|-[a-z]))\s*"})


def _parted(items: list[tuple[tuple[str, ...], str]]) -> bool:
    """Whether no two of the atoms the ``items`` read next, at one level of the tree, match at one
    place: characters (each read one way), :data:`_SPACES`, and the patterns of words' many ways
    (:func:`_head_pattern`) whose ways match where no other's do and none of which reads the word a
    character there begins (the phrases of two such words in turn, or of one and a plain word, had
    shared nothing: 22,966 synonyms past 120 s; audit 117 B F2, and one word on, 118 B F2)."""
    heads = {atoms[0] for atoms, _ in items}
    shared = [head for head in heads if head in _HEAD_WAYS]
    spacing = [head for head in heads if head == _SPACES or head in _ENDS_THEN_SPACES]
    if len(spacing) > 1:
        return False  # spaces read two ways
    read: dict[str, str] = {}  # a character → the one atom reading it
    for head in heads.difference(shared, spacing):
        char = _char_of(head)
        if char is None or read.setdefault(char, head) != head:
            return False
    if spacing and spacing[0] != _SPACES and not all(_WORD_EDGE.fullmatch(char) for char in [
            *read, *(_token_parts(way)[1][:1] for head in shared for way in _HEAD_WAYS[head])]):
        return False  # a word's end may stand before a mark: only a letter or digit is apart from it
    if not shared:
        return True
    if not _heads_apart([_HEAD_WAYS[head] for head in shared]):
        return False
    words = set()
    for atoms, _ in items:
        if atoms[0] in _HEAD_WAYS or atoms[0] in spacing:
            continue
        word, spaced = [], False  # the characters the item reads, and whether spaces follow them
        for atom in atoms:
            if atom == _SPACES:
                spaced = True
                break
            char = _char_of(atom)
            if char is None:
                break
            word.append(char)
        words.add(("".join(word), spaced))
    parts = [_token_parts(way) for head in shared for way in _HEAD_WAYS[head]]
    return not any(_reads_word(stem, end, word, spaced) for _, stem, end in parts for word, spaced in words)


def _char_of(atom: str) -> str | None:
    """The character an atom reads when it reads one (escaped, or after the test that a word starts)."""
    if atom.startswith(_WORD_START):
        atom = atom[len(_WORD_START):]
    return atom[-1] if re.fullmatch(r"\\?.", atom, re.DOTALL) else None


def _reads_word(stem: str, end: str, word: str, spaced: bool) -> bool:
    """Whether a way (its stem and end test, :func:`_token_parts`) may match where a path reads the
    characters ``word`` (``spaced``: then spaces; else something unknown)."""
    if word.startswith(stem):
        return len(word) == len(stem) or _ends_before(end, word[len(stem):])
    return stem.startswith(word) and not spaced


def _phrase_of(match: re.Match[str]) -> int:
    """The index of the phrase a :class:`PhraseFinder` found (its group ``pN`` or ``pN_WAY``)."""
    return int(match.lastgroup[1:].partition("_")[0])  # type: ignore[index]


_APOSTROPHES = str.maketrans({"’": "'", "′": "'", "`": "'"})


def _reading(text: str) -> str:
    """``text`` as the vocabulary's patterns read it, one character for each: as
    ``re.IGNORECASE`` compares it (:func:`case_folded`), each apostrophe written ``'``. The
    patterns are compiled for this reading without the flag: its character classes, compiled
    again for each word of each phrase, had been most of the ingest of a vocabulary of
    thousands of subjects (8,000 of 10 synonyms: 157 s at 4.2 GB; issue 23, audit 111 B F2).
    """
    folded = case_folded(text)
    return folded.translate(_APOSTROPHES) if any(mark in folded for mark in "’′`") else folded


#: :func:`_reading` of the texts searched last: a text is searched range by range.
_read = lru_cache(maxsize=64)(_reading)


@dataclass(frozen=True)
class WordList:
    """Words or phrases found in text as the vocabulary finds synonyms (abbreviations too)."""

    words: tuple[str, ...]
    shortened: Mapping[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict, compare=False)

    @cached_property
    def _finder(self) -> PhraseFinder | None:
        if not self.words:
            return None
        return _compiled(self._ordered, tuple(sorted(self.shortened.items())))

    @cached_property
    def _ordered(self) -> tuple[str, ...]:
        return tuple(sorted(self.words, key=lambda word: -len(word)))

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[tuple[str, int, int]]:
        """Each word found in ``text[start:end]``: (the word as listed, start, end)."""
        finder = self._finder
        if finder is None:
            return []
        end = len(text) if end is None else end
        return [(self._ordered[_phrase_of(match)], match.start(), match.end())
                for match in finder.finditer(_read(text), start, end)]

    def in_text(self, text: str, start: int = 0, end: int | None = None) -> bool:
        finder = self._finder
        return finder is not None and finder.search(_read(text), start, len(text) if end is None else end) is not None


@dataclass(frozen=True)
class SubjectVocabulary:
    """The active subjects, found in text by their synonyms (whole words, any letter case,
    abbreviations), with the inference rules and abbreviations that go with them."""

    subjects: tuple[SubjectRule, ...]
    inferences: tuple[InferenceRule, ...] = ()
    abbreviations: tuple[AbbreviationRule, ...] = ()
    grades: tuple[GradeRule, ...] = ()
    #: abbreviations a project's own documents define (a drawing set's legend): as written → word
    legend: tuple[tuple[str, str], ...] = ()
    #: the words of conditions (a pack's ``conditions:``, ``rules.conditions``); None: the pack
    #: declares none, and the stock pack's are read
    conditions: tuple[ConditionFacet, ...] | None = None

    @classmethod
    def of_rules(
        cls, rules: Iterable[RuleBase], legend: Iterable[tuple[str, str]] = (),
        conditions: tuple[ConditionFacet, ...] | None = None,
    ) -> SubjectVocabulary:
        """The vocabulary a pack's (or packs') subject, inference, grade and abbreviation rules make."""
        rules = [rule for rule in rules if getattr(rule, "status", "stable") != "removed"]
        return cls(
            tuple(r for r in rules if isinstance(r, SubjectRule)), tuple(r for r in rules if isinstance(r, InferenceRule)),
            tuple(r for r in rules if isinstance(r, AbbreviationRule)), tuple(r for r in rules if isinstance(r, GradeRule)),
            tuple(legend), conditions,
        )

    @cached_property
    def shortened(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        """Words (as a tuple of folded words) → their abbreviations as written, folded."""
        found: dict[tuple[str, ...], dict[str, None]] = {}  # in order, each once (a list's test was quadratic: 120,000
        pairs = [pair for rule in self.abbreviations for pair in rule.words.items()] + list(self.legend)  # of one word 83 s)
        for abbreviation, words in pairs:
            key = tuple(_fold(words).split())
            folded = _fold(abbreviation)
            if key and folded and folded != " ".join(key):
                found.setdefault(key, {})[folded] = None
        return {key: _ways_kept(key, values) for key, values in found.items()}

    @cached_property
    def abbreviated(self) -> frozenset[str]:
        """Every abbreviation that ends with a period, folded and without it: such a period
        is no sentence end (``CONC. STRENGTH``)."""
        return frozenset(a[:-1] for values in self.shortened.values() for a in values if a.endswith("."))

    @cached_property
    def _synonyms(self) -> tuple[tuple[str, SubjectRule], ...]:
        words = [(synonym, rule) for rule in self.subjects for synonym in rule.synonyms]
        words.sort(key=lambda pair: -len(pair[0]))  # the longest synonym wins an overlap
        return tuple(words)

    @cached_property
    def _finder(self) -> PhraseFinder | None:
        if not self._synonyms:
            return None
        return _alternatives([word for word, _ in self._synonyms], self.shortened)

    @cached_property
    def written_size(self) -> int:
        """About how many characters of pattern the vocabulary writes (:func:`_written_size`; bounded
        by :data:`MAX_PATTERN_CHARS`), counted without writing it: its synonyms, and each word list
        of its rules found as they are (``words``: a figure's ``near`` and ``unless_*`` words, what
        an inference or grade is ``stated_for``)."""
        return sum(self.rule_size(rule) for rule in (*self.subjects, *self.inferences, *self.grades))

    @cached_property
    def tried_at_once(self) -> tuple[int, str]:
        """The most synonyms the vocabulary tries one after another at one place of a text (bounded by
        :data:`MAX_TRIED_AT_ONCE`), and one of them."""
        if not self._synonyms:
            return 0, ""
        _, (width, index) = _written(tuple(word for word, _ in self._synonyms), tuple(self.shortened.items()))
        return width, self._synonyms[index][0]

    @cached_property
    def lists_tried_at_once(self) -> tuple[int, str, RuleBase | None]:
        """The words the vocabulary's word lists try one after another at one place (as
        :attr:`tried_at_once`, summed over the lists), one of the most tried and a rule listing it: the words near a figure every
        subject's ``unless_near`` and every inference's ``near`` and ``unless_near`` make one list, read
        at every clause (five such lists of 1,000 phrases held an ingest 76.9 s; audit 121 B F1), and
        each rule's ``unless_for`` and ``stated_for``."""
        lists: list[tuple[tuple[str, ...], tuple[RuleBase, ...]]] = [(
            tuple(sorted({word for inference in self.inferences for word in (*inference.near, *inference.unless_near)}
                         | {word for rule in self.subjects for word in rule.unless_near})),
            (*self.subjects, *self.inferences))]
        lists += [(tuple(getattr(rule, name)), (rule,)) for rule in (*self.subjects, *self.inferences, *self.grades)
                  for name in ("unless_for", "stated_for") if getattr(rule, name, None)]
        # the lists are searched one after another over a clause: what they try there is their sum (each rule's
        # `stated_for` counted alone, five inferences' lists of 1,000 held an ingest 79 s; audit 122 B F1)
        total, most = 0, (0, "", None)
        for words, rules in lists:
            if not words:
                continue
            ordered = tuple(sorted(words, key=lambda word: -len(word)))
            _, (tried, index) = _written(ordered, tuple(sorted(self.shortened.items())))
            total += tried
            if tried > most[0]:
                word = ordered[index]
                most = (tried, word, next((rule for rule in rules if any(
                    word in (getattr(rule, name, None) or ()) for name in ("near", "unless_near", "unless_for", "stated_for"))),
                    None))
        return total, most[1], most[2]

    @cached_property
    def tried_in_a_clause(self) -> tuple[int, str, RuleBase | None]:
        """What the vocabulary may try one after another at one place of a clause, which is searched
        for its synonyms and its word lists both (:attr:`tried_at_once` and :attr:`lists_tried_at_once`
        together; bounded by :data:`MAX_TRIED_AT_ONCE`: audit 122 B), one of the most tried and a rule
        holding it."""
        width, synonym = self.tried_at_once
        listed, word, listing = self.lists_tried_at_once
        if listed > width:
            return width + listed, word, listing
        return width + listed, synonym, self.rule_of(synonym)

    def too_wide(self) -> tuple[str, str] | None:
        """What the vocabulary tries past :data:`MAX_TRIED_AT_ONCE` at one place (:attr:`tried_in_a_clause`)
        — its synonyms' part and its word lists' part told apart, so an owner sees which to cut — and a
        hint; None within the bound. One wording for ``rules check`` (RP003) and the legends (a legend
        of standard abbreviations had been refused by 30 rules' lists with a hint about ways of one word;
        audit 124 B F1)."""
        total, word, _ = self.tried_in_a_clause
        if total <= MAX_TRIED_AT_ONCE:
            return None
        synonyms, listed = self.tried_at_once[0], self.lists_tried_at_once[0]
        message = (f"tries {total:,} synonyms and words of its word lists one after another wherever their first "
                   f"letters stand in a text ({synonyms:,} for the synonyms, {listed:,} for the rules' near, unless_near, "
                   f"unless_for and stated_for lists, searched one after another; {word!r} among the most tried), "
                   f"more than the {MAX_TRIED_AT_ONCE:,} it may: the ways their words are written match where one "
                   "another's do, so they cannot be read as one tree")
        hint = ("fewer such phrases, or fewer ways of writing the words they share (an abbreviation that is the start "
                "of another, or one given to two words)")
        if listed > synonyms:
            hint = ("fewer or shorter word lists (each rule's stated_for and unless_for is searched on its own), or "
                    "fewer ways of writing the words they share")
        return message, hint

    def rule_of(self, synonym: str) -> SubjectRule | None:
        """The subject rule one of the vocabulary's synonyms names."""
        return next((rule for word, rule in self._synonyms if word == synonym), None)

    def rule_size(self, rule: RuleBase) -> int:
        """About how many characters of pattern one of the vocabulary's rules writes."""
        lists = ("synonyms", "near", "unless_near", "unless_for", "stated_for")
        return sum(self.synonym_size(phrase) for name in lists for phrase in getattr(rule, name, None) or ()
                   if isinstance(phrase, str) and phrase.split())

    def synonym_size(self, synonym: str) -> int:
        """About how many characters of pattern ``synonym`` writes (:func:`_written_size`)."""
        with _heads_held():
            return _written_size(tuple(_fold(synonym).split()), self.shortened)

    def words(self, listed: Iterable[str]) -> WordList:
        """A list of words found as this vocabulary finds its synonyms (its abbreviations too)."""
        return WordList(tuple(listed), self.shortened)

    def with_legend(self, legend: Iterable[tuple[str, str]]) -> SubjectVocabulary:
        """This vocabulary with a drawing set's abbreviations added (as written → word)."""
        added = tuple(pair for pair in legend if pair not in self.legend)
        if not added:
            return self
        return SubjectVocabulary(self.subjects, self.inferences, self.abbreviations, self.grades, self.legend + added,
                                 self.conditions)

    def key(self) -> tuple[str, ...]:
        """Every field of every rule and legend entry, in order: equal keys read text alike."""
        rules = (*self.subjects, *self.inferences, *self.abbreviations, *self.grades)
        return (tuple(rule.model_dump_json() for rule in rules) + tuple(f"{a}\t{w}" for a, w in self.legend)
                + (("conditions: stock",) if self.conditions is None
                   else ("conditions", *(f.model_dump_json() for f in self.conditions))))

    def get(self, subject: str) -> SubjectRule | None:
        return next((rule for rule in self.subjects if rule.subject == subject), None)

    def find(self, text: str) -> list[tuple[SubjectRule, int, int]]:
        """Each subject named in ``text``, with the character span of the words naming it."""
        return [(rule, start, end) for rule, _, start, end in self.find_synonyms(text)]

    def find_synonyms(self, text: str) -> list[tuple[SubjectRule, str, int, int]]:
        """Each subject named in ``text``: the rule, the synonym as listed, the span of the words."""
        finder = self._finder
        if finder is None:
            return []
        synonyms = self._synonyms
        found: list[tuple[SubjectRule, str, int, int]] = []
        for match in finder.finditer(_read(text)):
            synonym, rule = synonyms[_phrase_of(match)]
            found.append((rule, synonym, match.start(), match.end()))
        return found

    def names(self) -> Iterable[str]:
        return (rule.subject for rule in self.subjects)
