"""A drawing set's abbreviation legend: the abbreviations a project's own documents define.

General sheets carry a table of the abbreviations the set uses (``CONC.`` concrete, ``CLR.``
clear). Read at ingest, they extend the project's subject vocabulary
(:meth:`inforce.rules.SubjectVocabulary.with_legend`), so every synonym and inference word is
also found in the set's own shorthand. A legend is:

- the rows of a table (Markdown pipe table, register, PDF table) whose section heading or
  first header cell says ``ABBREVIATIONS`` (or ``ABBREVIATION``, ``ABBR.``, ``LEGEND OF
  ABBREVIATIONS``): the first cell is the abbreviation as written, the second the words;
- a drawing callout whose first line is such a heading, each further line ``ABBR = WORDS``,
  ``ABBR - WORDS`` or ``ABBR: WORDS``;
- a drawing's ``abbreviations:`` mapping (``Document.abbreviations``), read first: checked
  at ingest, where an entry that gives no words is an input error.

A row or line that does not give both sides is not a legend entry (nothing is guessed).

A legend extends every document's vocabulary, so it is applied only from a revision everyone
may read (the access gate's rule 1, ``engine.access``): a restricted revision's legend would
otherwise change what a public figure binds to for an asker who may not read it (its words
shaping a public answer). Its legend is not applied, and ingest says so in a warning at its
file (``Legends.withheld``), shown only to askers who may read that file.

Two applied legends (or one legend twice) giving one abbreviation different words bind it to
neither: the abbreviation is left out of the legend and ingest warns, naming the documents
(``Legends.conflicts``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import NamedTuple

from inforce.ontology import Document
from inforce.ontology.document import ABBREVIATION_WORDS, MAX_LEGEND_ENTRIES
from inforce.rules import MAX_PATTERN_CHARS, SubjectVocabulary

from ..access import AccessGate

__all__ = ["ENTRY_MAX", "Conflict", "Legends", "abbreviation_legend", "legend_of", "legend_refused",
           "legends_of", "overlong_entries", "spell_out"]

#: A heading or header cell that names an abbreviation legend.
_LEGEND = re.compile(r"^\W*(?:(?:legend|list|table)\s+of\s+)?abbr(?:\.|eviations?)\W*$", re.IGNORECASE)
#: One line of a callout legend: the abbreviation, a separator, then the words, which start
#: at group ``words`` and run to the line's end (trailing space stripped, not matched: a lazy
#: ``.*?`` before ``\s*$`` retried every run of spaces to its end, quadratic in a long one).
_ENTRY = re.compile(r"^\s*(?P<abbr>\S(?:.*?\S)?)\s+(?:=|[-–—]|:)\s+(?P<words>[A-Za-z])")


#: The longest abbreviation or words a legend entry may give, as a synonym of a rule pack
#: (``rules.subjects.Phrase``): a 200,000-character abbreviation of "concrete" was written into
#: the pattern of every synonym starting with the word (20 s an ingest; audit 113 B F3).
ENTRY_MAX = 200


def abbreviation_legend(document: Document) -> list[tuple[str, str]]:
    """The abbreviations ``document`` defines (as written, the words): its declared
    ``abbreviations`` first, then its legend tables and callouts, in document order; an entry
    longer than :data:`ENTRY_MAX` is none (``overlong_entries`` names it)."""
    return [entry for abbreviation, words in _written(document) for entry in _entry(abbreviation, words)]


def overlong_entries(document: Document) -> list[str]:
    """The abbreviations of ``document``'s legend left out for their length (:data:`ENTRY_MAX`)."""
    return [abbreviation for abbreviation, words in _written(document)
            if len(abbreviation.strip()) > ENTRY_MAX or len(" ".join(words.split())) > ENTRY_MAX]


def _written(document: Document) -> list[tuple[str, str]]:
    """The legend's entries as written: (the abbreviation, the words)."""
    found: list[tuple[str, str]] = []
    for abbreviation, words in document.abbreviations.items():  # a drawing's ``abbreviations:``
        found.append((abbreviation, words))
    headings = {p.path: p.heading for p in document.provisions if p.kind == "section"}
    for provision in document.provisions:
        if provision.kind == "table_row":
            legend = bool(provision.header) and _LEGEND.match(provision.header[0].strip()) is not None
            if not legend and provision.parent is not None:
                legend = _LEGEND.match(headings.get(provision.parent, "").strip()) is not None
            if legend and len(provision.cells) >= 2:
                found.append((provision.cells[0], provision.cells[1]))
        elif provision.kind == "callout":
            lines = provision.text.splitlines()
            if lines and _LEGEND.match(lines[0].strip().rstrip(":")) is not None:
                for line in lines[1:]:
                    match = _ENTRY.match(line)
                    if match is not None:
                        found.append((match.group("abbr"), line[match.start("words"):].rstrip()))
    return found


class Conflict(NamedTuple):
    """An abbreviation the applied legends define in more than one way: applied in none."""

    #: the abbreviation as first written
    abbreviation: str
    #: each definition: the words, and the revision defining it (the first one to), in order given
    definitions: tuple[tuple[str, Document], ...]


class Legends(NamedTuple):
    """A project's legend: the entries applied, the revisions whose legend is not, and the
    abbreviations defined in more than one way (applied in none)."""

    #: the abbreviations the public revisions define, each once (the first definition kept)
    entries: tuple[tuple[str, str], ...]
    #: the restricted revisions that define a legend, which is not applied (in the order given)
    withheld: tuple[Document, ...]
    #: the abbreviations two definitions give different words: left out of ``entries``
    conflicts: tuple[Conflict, ...] = ()
    #: the public revisions whose legend holds more than ``MAX_LEGEND_ENTRIES`` entries, not applied,
    #: each with its count
    oversized: tuple[tuple[Document, int], ...] = ()


def legends_of(documents: Iterable[Document]) -> Legends:
    """The project's legend from ``documents``: only a revision everyone may read (no groups,
    the access gate) extends the vocabulary; a restricted one that defines a legend is listed
    in ``withheld``, its legend not applied. An abbreviation the applied legends give different
    words (folded as ``spell_out`` matches it: case, a final period) binds no figure: it is in
    no entry, listed in ``conflicts`` (a figure bound by whichever definition came first would
    rest on an order of files no one chose)."""
    revisions = list(documents)
    public = AccessGate([(d.uid, d.id, d.access) for d in revisions]).readable(())
    seen: dict[str, tuple[str, str]] = {}
    meanings: dict[str, dict[str, Document]] = {}  # folded abbreviation -> words -> the first revision saying so
    written: dict[str, str] = {}
    withheld: list[Document] = []
    oversized: list[tuple[Document, int]] = []
    for document, everyone in zip(revisions, public, strict=True):
        legend = abbreviation_legend(document)
        if legend and not everyone:
            withheld.append(document)
            continue
        if len(legend) > MAX_LEGEND_ENTRIES:  # a table or callouts past a drawing's ``abbreviations:`` bound
            oversized.append((document, len(legend)))
            continue
        for abbreviation, words in legend:
            seen.setdefault(abbreviation.lower(), (abbreviation, words))
            folded = abbreviation.lower().rstrip(".")
            written.setdefault(folded, abbreviation)
            meanings.setdefault(folded, {}).setdefault(words, document)
    unbound = [folded for folded, said in meanings.items() if len(said) > 1]  # in the order first written
    conflicts = tuple(Conflict(written[folded], tuple(meanings[folded].items())) for folded in unbound)
    entries = tuple(entry for entry in seen.values() if entry[0].lower().rstrip(".") not in unbound)
    return Legends(entries, tuple(withheld), conflicts, tuple(oversized))


def legend_refused(vocabulary: SubjectVocabulary, entries: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    """Why the legend's ``entries`` are not applied to the project's ``vocabulary`` — what the vocabulary
    would then do past a bound, and a hint — or None when they are: past ``MAX_PATTERN_CHARS`` of
    pattern (``SubjectVocabulary.written_size``; abbreviations of runs of words multiply a long
    synonym's ways: audit 112 B F2), or trying more than ``MAX_TRIED_AT_ONCE`` at one place
    (``SubjectVocabulary.tried_in_a_clause``; audits 116-122 B). The one decision: ingest says it,
    ``rules impact`` reads each side as ingest would, and says which side applies it."""
    if not entries:
        return None
    extended = vocabulary.with_legend(entries)
    if extended.written_size > MAX_PATTERN_CHARS:
        return (f"writes about {extended.written_size:,} characters of pattern, more than the {MAX_PATTERN_CHARS:,} "
                f"a project may compile", "fewer legend entries of several words, or shorter synonyms that hold them")
    return extended.too_wide()


def legend_of(documents: Iterable[Document]) -> tuple[tuple[str, str], ...]:
    """The abbreviations the ``documents`` everyone may read define, each once (the first
    definition kept, one defined in more than one way left out): the legend every document is
    read with (``legends_of``)."""
    return legends_of(documents).entries


def _entry(abbreviation: str, words: str) -> list[tuple[str, str]]:
    abbreviation, words = abbreviation.strip(), " ".join(words.split()).lower()
    if not abbreviation or not words or len(abbreviation) > ENTRY_MAX or len(words) > ENTRY_MAX:
        return []
    if ABBREVIATION_WORDS.match(words) is None or abbreviation.lower() == words:
        return []
    return [(abbreviation, words)]


def spell_out(words: str, legend: Iterable[tuple[str, str]]) -> str:
    """``words`` with each abbreviation the project's legend defines written as its words
    (``interior s.o.g.`` with ``S.O.G. = SLAB ON GRADE`` → ``interior slab on grade``): an element
    a drawing names in the set's own shorthand is the element a specification spells out.
    Abbreviations are matched whole, case folded, with or without their final period; a
    single letter only as the legend writes it, with its period (``T.``): bare, it is a word
    (``a``) or a mark."""
    spelled, pattern = _spelling(tuple(legend))
    if pattern is None:
        return words
    return pattern.sub(lambda match: spelled[(match.group(1) or match.group(match.lastindex or 1)).lower()], words)


@functools.lru_cache(maxsize=32)
def _spelling(legend: tuple[tuple[str, str], ...]) -> tuple[dict[str, str], re.Pattern[str] | None]:
    """A legend's abbreviations folded without their final period → words, and the pattern
    finding them whole (built once per legend)."""
    # a single letter ("A = AREA") is no abbreviation to spell out in words: it is also "a";
    # one the legend writes with its period ("T. = TOP") is, where the text writes the period too
    spelled = {abbreviation.lower().rstrip("."): meaning for abbreviation, meaning in legend
               if sum(ch.isalpha() for ch in abbreviation) >= 2}
    letters = {abbreviation.lower().rstrip("."): meaning for abbreviation, meaning in legend
               if _LETTER.fullmatch(abbreviation) and abbreviation.lower().rstrip(".") not in spelled}
    if not spelled and not letters:
        return spelled, None
    keys = "|".join(re.escape(key) for key in sorted(spelled, key=len, reverse=True))
    alternatives = [rf"({keys})\.?"] if keys else []
    if letters:
        alternatives.append(r"([" + "".join(sorted(letters)) + r"])\.")
    return {**spelled, **letters}, re.compile(r"(?<![\w.])(?:" + "|".join(alternatives) + r")(?![\w])", re.IGNORECASE)


#: A legend's single letter written with its period (``T.``, ``B.``).
_LETTER = re.compile(r"[A-Za-z]\.")
