"""Extraction: quantity mentions in text, bound to subjects, as typed models.

:class:`QuantityExtractor` reads a text in *windows* around its numbers (widened to whitespace
and merged) with the spaCy pipeline of ``_grammar`` — a blank English pipeline with rule
components — then binds each mention to a subject over the whole text (``subjects``) and
builds the typed :class:`QuantityMention` s, with spans as offsets into the text plus a base
offset. Windows already read are remembered (a bounded cache), because specifications,
schedules and callouts repeat the same lines. An extractor given the pipeline's exported
tables (``_lite``; a cold ``check`` reads them from the build's file) reads the windows the
same way without importing spaCy.

:func:`may_contain_quantity` is the cheap pre-filter: text without a digit (or a number word
before a unit) never reaches spaCy.
"""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from inforce.ontology import CharSpan
from inforce.ontology.quantity import NormalizedValue

from ._figures import read_by_note
from ._grammar import QUANTITIES, SOURCE, build_pipeline
from ._lexicon import (
    FRACTION_WORDS,
    PLAIN_CHARACTERS,
    TEMPERATURE_DIFFERENCE_UNITS,
    VULGAR_FRACTIONS,
    WORD_NUMBERS,
    WORD_SCALES,
    read_degree_signs,
    read_foot_inch_marks,
    read_minus_signs,
    temperature_difference_at,
)
from ._models import Extraction, QuantityMention, QuantityWarning
from ._statements import CELL_BEFORE, PERCENT_HEADER, row_label, statement_cells
from ._tokens import Found
from .conditions import (
    APPROXIMATE,
    ConditionReader,
    Figure,
    approximate_at,
    band_strict,
    condition_reader,
    element_of,
    may_be_approximate,
    weight_band,
)

# imported here, not in the methods that use them: an import statement costs a microsecond
# each time it runs, and these run for every text ingest reads (the package imports it anyway)
from .subjects import BindingTarget, mention_key, mention_key_of
from .units import (
    ResolvedUnit,
    UnitTable,
    UnknownUnitError,
    convert,
    unit_table,
)

if TYPE_CHECKING:
    from spacy.language import Language

    from inforce.rules import RuleSet, SubjectVocabulary

    from ._lite import GrammarTables

__all__ = [
    "EXTRACTOR_VERSION",
    "FiguresPastLimit",
    "QuantityExtractor",
    "extract_quantities",
    "may_contain_quantity",
    "project_vocabulary",
]

#: Goes into the index build id: change it whenever what is extracted from a text can change.
EXTRACTOR_VERSION = "inforce-quantities/32"

#: The longest header and row (as the ``|`` table ``_in_row`` writes them) a cell's unbound
#: figure is read again within: a schedule's row is some hundreds of characters; one of
#: thousands of cells would be read whole once per cell (audit 108 B F2).
IN_ROW_MAX_CHARS = 8_000


class FiguresPastLimit(Exception):  # noqa: N818 - a stop, named for what it says
    """``extract`` stopped reading: the text states more figures than it was given room for
    (``most``). ``facts.read_quantities`` says where (the provision) and ingest refuses the
    document at its line (``ontology.MAX_DOCUMENT_FIGURES``)."""


#: A run of digits that could start a number: not glued to letters before it (``C150``, ``CYP3A4``).
#: An R-value's number glued to its R (``R13``) is one too (audit 55), though a C150 is a name.
_NUMBER_RUN = re.compile(rf"(?<![A-Za-z0-9_])[\d{''.join(VULGAR_FRACTIONS)}][\d,.]*|(?<=(?<![A-Za-z0-9_])R)\d[\d.]*")
#: A count said with an article or a fraction in words (``half a year``, ``a quarter of an hour``,
#: ``a decade``): read only before a unit (the grammar's ``_article_number``).
_ARTICLE_COUNT = re.compile(
    r"\b(?:half\s+an?|an?\s+half|an?\s+quarter\s+of\s+an?|an?\s+(?:decade|century|fortnight|millennium))\b",
    re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_NUMBER_WORD = "|".join(sorted((*WORD_NUMBERS, *WORD_SCALES), key=len, reverse=True))
_NUMBER_WORDS = frozenset(word.lower() for word in (*WORD_NUMBERS, *WORD_SCALES))
_SMALL_NUMBER_WORDS = frozenset(word for word, value in WORD_NUMBERS.items() if value < 20)
_UNIT_WORDS = (
    r"(?:(?:calendar|working|business)\s+)?"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?|inch(?:es)?|feet|foot|percent|"
    r"mils?|millimet(?:er|re)s?|met(?:er|re)s?|milligrams?|grams?|kilograms?|pounds?|dollars?|"
    r"decades?|centur(?:y|ies)|fortnights?)\b"
)
#: Number words (and ``and``) written before a match: the start of a compound such as
#: ``Six Million Eight Hundred Forty-Two Thousand Five Hundred Dollars``.
_WORD_RUN_BEFORE = re.compile(rf"(?:\b(?:{_NUMBER_WORD}|and)[\s-]+)+$", re.IGNORECASE)


_NONE: frozenset[str] = frozenset()


def _number_words(text: str) -> frozenset[str]:
    """The number words in ``text`` (a set lookup: cheap on text without any)."""
    lowered = text.lower()
    if "-" in lowered:
        lowered = lowered.replace("-", " ")  # ten-year, one-half
    words = lowered.split()
    if _NUMBER_WORDS.isdisjoint(words):
        return _NONE
    return _NUMBER_WORDS.intersection(words)


@lru_cache(maxsize=1024)
def _word_before_unit(words: frozenset[str]) -> re.Pattern[str]:
    """A number in words right before a unit (``ten working days``, ``One Million Dollars``,
    ``ten-year``), or a fraction in words (``one-half``), for the number words a text holds:
    an alternation of one or two words is quick where one of all of them is not."""
    alternatives = "|".join(sorted(words, key=len, reverse=True))
    pattern = rf"\b(?:{alternatives})(?:[\s-]+and[\s-]+a[\s-]+(?:half|quarter))?[\s-]+{_UNIT_WORDS}"
    small = words & _SMALL_NUMBER_WORDS
    if small:
        pattern += rf"|\b(?:{'|'.join(sorted(small))})-(?:{'|'.join(FRACTION_WORDS)})\b"
    return re.compile(pattern, re.IGNORECASE)


def may_contain_quantity(text: str) -> bool:
    """Whether ``text`` could hold a quantity: a digit not glued to letters before it
    (``C150`` is a name), or a number word before a unit (``ten working days``).

    The pre-filter ingest runs on every provision; it is a regular-expression search, so
    provisions without numbers cost next to nothing.
    """
    if _NUMBER_RUN.search(text) is not None or _ARTICLE_COUNT.search(text) is not None:
        return True
    words = _number_words(text)
    return bool(words) and _word_before_unit(words).search(text) is not None


# --- the extractor ----------------------------------------------------------------------------


_CONTEXT_UNIT = re.compile(r"\(([^()]{1,24})\)\s*$")
#: The brackets ending a header or heading, a test age after them allowed (``f'c (MPa) @ 28 d``).
_HEADER_UNIT = re.compile(r"\(([^()]{1,24})\)(?:\s*(?:@|at)\s*\d+\s*(?:d|days?)\.?)?\s*$", re.IGNORECASE)
#: A unit written bare at a column header's end, after its name (``AIR %``, ``SLUMP IN.``).
_HEADER_BARE_UNIT = re.compile(r"[A-Za-z]\S*\s+(%|[A-Za-z]{2,4}\.?)\s*$")
_CONTEXT_SCALE = re.compile(r"\bin\s+(thousands|millions|billions)\b", re.IGNORECASE)
#: Characters of text read around each run of digits: enough for a bound phrase before the
#: number and a compound unit, range, tolerance, frequency and trailing bound after it.
WINDOW_BEFORE = 48
WINDOW_AFTER = 80
_WINDOW_SLACK = 40
#: The longest window read in one pass: spaCy's own limit on a text (``nlp.max_length``).
#: Windows around numbers that lie close together merge, so a provision dense with numbers
#: (a PDF without headings, a Word file of one numbered paragraph) can make one window of
#: millions of characters; it is read in pieces (``_pieces``). A window under the limit is
#: read in one pass, as it always was.
MAX_WINDOW = 1_000_000


def text_windows(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` spaCy reads: around each number (in digits, or in words
    before a unit), widened to whitespace, merged.

    Subject binding reads the whole text; only the quantity grammar needs tokens, so a long
    provision with one number costs one short window, not a whole-text tokenisation.
    """
    length = len(text)
    spans: Iterable[tuple[int, int]] = (match.span() for match in _NUMBER_RUN.finditer(text))
    number_words = _number_words(text)
    if number_words:
        words = []
        for match in _word_before_unit(number_words).finditer(text):
            start = match.start()
            run = _WORD_RUN_BEFORE.search(text, max(0, start - 160), start)
            words.append((run.start() if run is not None else start, match.end()))
        if words:
            spans = sorted((*spans, *words))
    articles = [match.span() for match in _ARTICLE_COUNT.finditer(text)]
    if articles:
        spans = sorted((*spans, *articles))
    windows: list[tuple[int, int]] = []
    for first, last in spans:
        start = _widen_left(text, max(0, first - WINDOW_BEFORE))
        end = _widen_right(text, min(length, last + WINDOW_AFTER))
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    if any(end - start > MAX_WINDOW for start, end in windows):
        windows = [piece for window in windows for piece in _pieces(text, *window)]
    return windows


def _pieces(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``text[start:end]`` cut into pieces of at most :data:`MAX_WINDOW` characters, each cut
    made where no quantity runs across it: at the last line break in the second half of the
    piece, else after the last sentence's full stop, else at the last blank; only a piece
    without a blank (no quantity is a million characters of one word) is cut where it must be.
    The blank at a cut belongs to neither piece, as a window's blank edges belong to none."""
    while end - start > MAX_WINDOW:
        floor, ceiling = start + MAX_WINDOW // 2, start + MAX_WINDOW
        cut = text.rfind("\n", floor, ceiling)
        if cut < 0:
            stop = text.rfind(". ", floor, ceiling - 1)
            cut = stop + 1 if stop >= 0 else max(text.rfind(" ", floor, ceiling), text.rfind("\t", floor, ceiling))
        if cut < 0:
            yield start, ceiling
            start = ceiling
            continue
        yield start, cut
        start = cut + 1
    yield start, end


def _widen_left(text: str, start: int) -> int:
    """Back to the blank before ``start`` (at most ``_WINDOW_SLACK`` characters back)."""
    if start == 0 or text[start - 1] in " \n\t":
        return start
    floor = max(0, start - _WINDOW_SLACK)
    blank = max(text.rfind(" ", floor, start), text.rfind("\n", floor, start), text.rfind("\t", floor, start))
    return blank + 1 if blank >= 0 else floor


def _widen_right(text: str, end: int) -> int:
    """On to the blank after ``end`` (at most ``_WINDOW_SLACK`` characters on)."""
    length = len(text)
    if end >= length or text[end] in " \n\t":
        return end
    ceiling = min(length, end + _WINDOW_SLACK)
    found = [at for at in (text.find(" ", end, ceiling), text.find("\n", end, ceiling),
                           text.find("\t", end, ceiling)) if at >= 0]
    return min(found) if found else ceiling


class QuantityExtractor:
    """Finds quantity mentions in text and binds them to subjects.

    One extractor per project (its vocabulary and unit table); building one costs about a
    second (the pipeline, the unit registry), so keep it. Reading is thread-safe.
    """

    def __init__(
        self, vocabulary: SubjectVocabulary | None = None, *, units: UnitTable | None = None,
        cache_size: int = 4096, grammar: GrammarTables | None = None,
    ) -> None:
        """``cache_size`` windows of text are remembered with what was read in them (oldest
        out first): specifications, schedules and callouts repeat the same lines.

        ``grammar``: the tables exported from this unit table's pipeline (``_lite``): windows
        are then read without spaCy, to the same result; None: with the spaCy pipeline."""
        from .subjects import SubjectBinder, default_vocabulary

        self.units = units or unit_table()
        self.vocabulary = vocabulary if vocabulary is not None else default_vocabulary()
        self.binder = SubjectBinder(self.vocabulary, self.units)
        #: the words of conditions (the pack's ``conditions:``; the stock pack's when it declares none)
        self.conditions = condition_reader(self.vocabulary.conditions)
        if grammar is None:
            self._windows: Callable[[str, bool], tuple[Found, ...]] = _PipelineWindows(self.nlp)
        else:
            from ._lite import LiteWindows

            self._windows = LiteWindows(grammar, self.units)
        self.cache_size = cache_size
        self._read_cache: dict[tuple[str, bool], tuple[Found, ...]] = {}

    def extract(
        self, text: str, *, base_offset: int = 0, context: str | None = None, bind: bool = True,
        most: int | None = None,
    ) -> Extraction:
        """Every quantity in ``text``; spans are offsets into ``text`` plus ``base_offset``.
        ``most``: FiguresPastLimit as soon as the windows read hold more figures than that
        (one text may state millions: stopped before they are all read and built).

        ``context`` is text that names what the numbers measure without being part of them:
        a table column's header (``Dose (mg)`` also gives bare cells their unit; ``(in
        millions)`` their scale), a row's first cell, a callout's title.
        """
        # the figures are read with a no-break or thin space as the space it is and a fraction slash
        # as the solidus (``_lexicon.PLAIN_CHARACTERS``), a dash written for a minus sign as one
        # (``_lexicon.read_minus_signs``), a ring or an ordinal written for a degree sign as one
        # (``_lexicon.read_degree_signs``) and primes and curly quotes written for the foot and inch
        # marks as those (``_lexicon.read_foot_inch_marks``): one character for one, so offsets
        # stand; the mentions keep the text as written
        reading = text if text.isascii() else read_foot_inch_marks(
            read_degree_signs(read_minus_signs(text.translate(PLAIN_CHARACTERS))))
        windows = text_windows(reading)
        if not windows and not (bind and self.vocabulary.grades and _DIGIT.search(text)):
            return _EMPTY  # a grade whose digits are part of its name (GEN1) has no number of its own
        found: list[tuple[Found, int]] = []
        for start, end in windows:
            line_start = reading.rfind("\n", 0, start) + 1
            key = (reading[start:end], not reading[line_start:start].strip())
            items = self._read_cache.get(key)
            if items is None:
                items = self._read(*key)
                if self.cache_size:
                    if len(self._read_cache) >= self.cache_size:
                        try:
                            self._read_cache.pop(next(iter(self._read_cache)))
                        except (StopIteration, KeyError, RuntimeError):
                            pass  # another thread evicted it first
                    self._read_cache[key] = items
            found.extend((item, start) for item in items)
            if most is not None and len(found) > most:
                raise FiguresPastLimit(f"more than {most:,} figures")
        if not found and not (bind and self.vocabulary.grades):  # a grade alone (GRADE 60) is read as a designation
            return _EMPTY
        return self._build(found, text, base_offset, context, bind)

    def extract_under(self, text: str, headings: Sequence[str], *, base_offset: int = 0,
                      alone: Extraction | None = None) -> Extraction:
        """:meth:`extract`, with ``headings`` (outermost first) standing over ``text`` as list
        headings: the titles and lead-ins of the provisions ``text`` is an item of (``CONCRETE
        COVER TO REINFORCING:`` over the provision ``a. FOOTINGS: 3"``).

        A figure ``text``'s own words bind to no subject is bound as if the headings were
        written above it in one text, each a level shallower than the next, by the one rule
        that reads a heading in a text (``subjects``: the nearest heading naming one subject of
        the figure's dimension); a figure they bind is left unbound where, so read, a heading
        names what its subject is not stated for (``unless_for``: ``GROUT FOR BASE PLATES:``
        over ``a. COMPRESSIVE STRENGTH: 7000 psi``); no figure changes subject. The binding names the
        heading's words with no span (``source="context"``: they are not in ``text``). A figure
        read otherwise once the headings stand over it (a heading's bracketed unit) keeps its
        own reading. ``alone``: ``text`` as :meth:`extract` reads it, when the caller holds it
        already (a text many provisions share is read once)."""
        if alone is None:
            alone = self.extract(text, base_offset=base_offset)
        if not headings or not alone.mentions:
            return alone
        figures, bound = self._under_gate(alone)
        if not (figures and self._heading_gate("name", figures, headings)) and not (
                bound and self._heading_gate("block", bound, headings)):
            return alone  # no heading that could name a figure left unbound, or block one bound
        composed, lines = _under_headings(headings, text)
        under = {}
        for mention in self.extract(composed).mentions:
            start, end = _back(lines, mention.span.start), _back(lines, mention.span.end)
            if start is not None and end is not None:
                under[(start + base_offset, end + base_offset)] = mention
        mentions = []
        for mention in alone.mentions:
            found = under.get((mention.span.start, mention.span.end))
            if found is None or (found.value, found.upper, found.unit_expression) != (
                    mention.value, mention.upper, mention.unit_expression):
                pass  # read otherwise under the headings: its own reading stands
            elif mention.subject is not None and found.subject is None:
                # a heading it is not stated for (GROUT FOR BASE PLATES: over its strength)
                mention = mention.model_copy(update={"subject": None, "binding": None, "bound": found.bound,
                                                     "bound_from": found.bound_from})
            elif self._unbound(mention) and found.subject is not None and found.binding is not None:
                binding = found.binding.model_copy(update={"source": "context", "span": None})
                mention = mention.model_copy(update={"subject": found.subject, "binding": binding,
                                                     "bound": found.bound, "bound_from": found.bound_from,
                                                     "condition": found.condition})
            mentions.append(mention)
        return alone.model_copy(update={"mentions": tuple(mentions)})

    def _under_gate(self, alone: Extraction) -> tuple[frozenset[Any], frozenset[str]]:
        """``alone``'s figures left unbound (as binding targets: dimension key and values) and
        the subjects of those bound: what ``extract_under`` asks the headings about. Kept for
        the texts read last (a text many provisions share is asked once), as the headings'
        answers are (``_heading_gate``)."""
        held = self.__dict__.get("_under_held")
        if held is None:
            self.__dict__["_under_gates"] = {}
            held = self.__dict__["_under_held"] = {}
        hit = held.get(id(alone))
        if hit is not None and hit[0] is alone:  # the text itself is held: its id names no other
            return hit[1], hit[2]
        keys = frozenset(BindingTarget(start=0, end=0, key=mention_key(m), value=m.value, upper=m.upper,
                                       unit=m.unit_expression) for m in alone.mentions if self._unbound(m))
        bound = frozenset(m.subject for m in alone.mentions if m.subject is not None)
        if len(held) >= _UNDER_HELD:
            held.clear()
            self.__dict__["_under_gates"].clear()
        held[id(alone)] = (alone, keys, bound)
        return keys, bound

    def _heading_gate(self, ask: str, named: frozenset[Any], headings: Sequence[str]) -> bool:
        """``binder.may_name`` (``ask`` "name": ``named`` are binding targets) or
        ``may_block`` ("block": subjects) of the headings written one a line, remembered by
        the headings themselves (joined only when asked first): a document's headings stand
        over many texts asking the same."""
        gates = self.__dict__["_under_gates"]
        key = (ask, named, headings if isinstance(headings, tuple) else tuple(headings))
        answer = gates.get(key)
        if answer is None:
            written = "\n".join(headings)
            if ask == "name":
                answer = self.binder.may_name(named, written)
            else:
                answer = self.binder.may_block(set(named), written)
            gates[key] = answer
        return answer

    def _unbound(self, mention: QuantityMention) -> bool:
        """Whether a mention is unbound though a subject of its dimension could take it."""
        return (mention.subject is None and mention.value is not None and not mention.warnings
                and mention_key(mention) in self.binder.by_key)

    @property
    def nlp(self) -> Language:
        """The spaCy pipeline of this unit table (built on first use when the extractor reads
        with exported tables)."""
        return _pipeline(self.units)

    @property
    def reads_without_spacy(self) -> bool:
        """Whether windows are read with exported tables (``_lite``) rather than the pipeline."""
        return not isinstance(self._windows, _PipelineWindows)

    def _read(self, window: str, leading_blank: bool) -> tuple[Found, ...]:
        """The quantities the pipeline assembles in one window (offsets into the window)."""
        return self._windows(window, leading_blank)

    def extract_many(
        self, texts: Iterable[str | tuple[str, int] | tuple[str, int, str | None]], *, bind: bool = True,
    ) -> Iterator[Extraction]:
        """:meth:`extract` over many texts (``text`` or ``(text, base_offset[, context])``), in order."""
        for item in texts:
            if isinstance(item, str):
                yield self.extract(item, bind=bind)
            else:
                text, base, *rest = item
                yield self.extract(text, base_offset=base, context=rest[0] if rest else None, bind=bind)

    def extract_row(
        self, row_text: str, cells: Sequence[str], header: Sequence[str], *, base_offset: int = 0,
        most: int | None = None,
    ) -> Extraction:
        """A table row cell by cell, each with its column's header as context.

        Cells are found in ``row_text`` in order so spans stay offsets into the row's text
        (plus ``base_offset``); a cell not found there is read with offsets from its own start.
        ``most``: :meth:`extract`'s, counted over the row (a row of 450,000 figures was read
        whole, 45 s and 2.8 GB, before the document's limit refused it: audit 108 B F2).
        """
        mentions: list[QuantityMention] = []
        warnings: list[QuantityWarning] = []
        cells_read = self.__dict__.get("_cells_read")
        if cells_read is None:
            cells_read = self.__dict__["_cells_read"] = {}
        cursor = 0
        for column, cell in enumerate(cells):
            at = row_text.find(cell, cursor) if cell else -1
            if at >= 0:
                cursor = at + len(cell)
            context = header[column] if column < len(header) else None
            # a schedule repeats its cells row after row (a material, its standard): each cell is
            # read once for its offset and header, as the text it is (the reading is a function of them)
            key = (cell, base_offset + max(at, 0), context)
            found = cells_read.get(key)
            if found is None:
                found = self.extract(cell, base_offset=key[1], context=context,
                                     most=None if most is None else most - len(mentions))
                if len(cells_read) >= _UNDER_HELD:
                    cells_read.clear()
                cells_read[key] = found
            if context and any(self._unbound(m) for m in found.mentions):
                found = self._in_row(found, column, cells, header, base_offset + max(at, 0))
            mentions.extend(found.mentions)
            warnings.extend(found.warnings)
            if most is not None and len(mentions) > most:
                raise FiguresPastLimit(f"more than {most:,} figures")
        return Extraction(mentions=tuple(mentions), warnings=tuple(warnings))

    def _in_row(self, found: Extraction, column: int, cells: Sequence[str], header: Sequence[str],
                cell_start: int) -> Extraction:
        """A cell's figures its own words and its column's header leave unbound, read within
        its row written under the header row (a ``|`` table), where the header may name one
        (``binder.may_name``): a footing schedule's ``CLR.`` column is the cover that the
        row's ``REINF.`` column and the table say it is stated for, as the same table read as
        text binds it. A figure so bound names the header's words with no span
        (``source="context"``); no figure changes subject."""
        targets = frozenset(BindingTarget(start=0, end=0, key=mention_key(m), value=m.value, upper=m.upper,
                                          unit=m.unit_expression) for m in found.mentions if self._unbound(m))
        gates = self.__dict__.setdefault("_row_gates", {})
        key = (targets, header[column])
        if key not in gates:
            if len(gates) >= _UNDER_HELD:
                gates.clear()
            gates[key] = self.binder.may_name(targets, header[column])
        if not gates[key]:
            return found  # the column's header could name none of them: the row says no more
        width = max(len(header), len(cells))
        if sum(map(len, header)) + sum(map(len, cells)) + 8 * width > IN_ROW_MAX_CHARS:
            return found  # read whole once per cell, a row this long would cost its length times its cells
        head = "| " + " | ".join((list(header) + [""] * width)[:width]) + " |"
        row = "| " + " | ".join((list(cells) + [""] * width)[:width]) + " |"
        at = len(head) + 1 + len("|" + "---|" * width) + 1 + len("| " + " | ".join(cells[:column])) \
            + (3 if column else 0)
        table = head + "\n|" + "---|" * width + "\n" + row
        if table[at:at + len(cells[column])] != cells[column]:
            return found
        read = {(m.span.start - at, m.span.end - at): m for m in self.extract(table).mentions}
        mentions = []
        for mention in found.mentions:
            other = read.get((mention.span.start - cell_start, mention.span.end - cell_start))
            if self._unbound(mention) and other is not None and other.subject is not None \
                    and other.binding is not None and (other.value, other.upper, other.unit_expression) == (
                        mention.value, mention.upper, mention.unit_expression):
                binding = other.binding.model_copy(update={"source": "context", "span": None})
                mention = mention.model_copy(update={"subject": other.subject, "binding": binding,
                                                     "bound": other.bound, "bound_from": other.bound_from})
            mentions.append(mention)
        return found.model_copy(update={"mentions": tuple(mentions)})

    # -- building the models ---------------------------------------------------------------

    def _build(
        self, found: list[tuple[Found, int]], text: str, base: int, context: str | None, bind: bool,
    ) -> Extraction:
        """The typed mentions for the items read in each window (``(item, window start)``)."""
        if context:
            context_unit, context_scale = self._context_unit(context)
            found = [(_header_unit(item, context_unit) if item.unit_from == "cell"
                      else item.in_context(context_unit, context_scale), shift) for item, shift in found]
        else:
            found = statement_cells(found, text, self.units)
            if ("(" in text or "|" in text) and any(item.resolved is None for item, _ in found):
                found = self._units_of_headers(found, text)
            found = read_by_note(found, text, self.units)
        # a figure in a notation not read alone in a cell is a quantity not read (warned, as in
        # prose) under a header giving a unit; under another (a mark, a code: ``1E5``) it is no figure
        found = [(item, shift) for item, shift in found if item.unit_from != "cell"]
        bindings: list = [None] * len(found)
        if bind and self.vocabulary.subjects:
            targets = [
                BindingTarget(
                    start=item.start + shift, end=item.end + shift,
                    usable=item.value is not None and not item.warnings,
                    key=mention_key_of(item.resolved.expression if item.resolved else None,
                                       item.resolved.dimension if item.resolved else None),
                    value=item.value, upper=item.upper,
                    unit=item.resolved.expression if item.resolved else None,
                )
                for item, shift in found
            ]
            bindings = self.binder.decide(targets, text, context)
        mentions: list[QuantityMention] = []
        warnings: list[QuantityWarning] = []
        for (item, shift), binding in zip(found, bindings, strict=True):
            mention = _mention_model(item, shift, text, base, binding)
            warnings.extend(mention.warnings)
            mentions.append(mention)
        if bind and self.vocabulary.grades:
            mentions = self.binder.implied(text, mentions, base)  # grades a standard fixes the stress of
        if mentions and self.conditions.may_state(text):  # no mention: nothing to state a condition of
            mentions = _with_conditions(mentions, text, base, self.conditions)
        if any(mention.subject is not None for mention in mentions):
            mentions = _with_elements(mentions, text, base, self.vocabulary.legend)
        if mentions and may_be_approximate(text):
            mentions = _with_approximation(mentions, text, base)
        return Extraction(mentions=tuple(mentions), warnings=tuple(warnings))

    def _units_of_headers(self, found: list[tuple[Found, int]], text: str) -> list[tuple[Found, int]]:
        """Bare figures read with the unit their header writes in brackets, as a schedule
        states it once: the header cell of their ``|`` table column (``| f'c (MPa) |`` over
        ``| 32 |``), or, for a figure ending a row of a list (``FOOTINGS CAST AGAINST GROUND
        65``), the nearest heading above ending in a bracketed unit (``CLEAR COVER TO
        REINFORCEMENT (mm):``). A bracket that is no unit (``(TYP.)``) gives none. Two such
        figures joined by a dash or ``to`` (``| 2 - 4 |`` under ``SLUMP (IN.)``) are one range,
        as a range with its unit written is."""
        from ._notes import NoteReading

        reading = NoteReading(text, frozenset())
        out: list[tuple[Found, int]] = []
        for item, shift in found:
            if item.unit_from != "cell" and (item.resolved is not None or item.warnings
                                             or item.value is not None and item.scale is not None):
                out.append((item, shift))
                continue
            start, end = item.start + shift, item.end + shift
            header = reading.column_header(start)
            in_column = header is not None
            caption = reading.caption(start) if header is not None else None
            if header is None and (row_label(text, start, end) is not None or _heads_remark(text, start, end)):
                header = next(iter(reading.headings(start)), None)
            unit = None
            if header is not None:
                written = text[header[0] : header[1]].rstrip().rstrip(":").rstrip()
                unit = self._bracketed_unit(written, last=True)
                if unit is None and in_column:
                    unit = self._unit_ending(written)
                if unit is None and in_column and PERCENT_HEADER.search(written):
                    unit = self.units.resolve("%")  # | Margin % 2025 |, | % |
            if unit is None and caption is not None:
                unit = self._bracketed_unit(text[caption[0] : caption[1]])
            if unit is None:
                if not (in_column and header is not None and _NUMBERING_HEADER.fullmatch(text, *header)
                        and item.value is not None and float(item.value).is_integer() and item.upper is None):
                    out.append((item, shift))  # (a row's number under a NO. header is no quantity)
                continue
            item = _header_unit(item, unit) if item.unit_from == "cell" else item.in_context(unit, 1.0)
            if out:
                last, last_shift = out[-1]
                if (last_shift == shift and last.unit_from == "context" and last.resolved == unit
                        and last.upper is None and item.upper is None and last.value is not None
                        and item.value is not None and last.value <= item.value
                        and _RANGE_JOIN.fullmatch(text, last.end + shift, item.start + shift)):
                    precision = min(p for p in (last.precision, item.precision) if p is not None) \
                        if last.precision is not None or item.precision is not None else None
                    out[-1] = (replace(last, end=item.end, upper=item.value, bound="range", bound_text=None,
                                       precision=precision), shift)
                    continue
            out.append((item, shift))
        return out

    def _bracketed_unit(self, written: str, *, last: bool = False) -> ResolvedUnit | None:
        """The first unit a table's caption writes in brackets (``28-DAY STRENGTH REQUIRED
        (PSI), BY ...``), or with ``last`` the unit in the brackets ending a header or heading
        (``COVER (mm)``); None when it writes none. A capital letter alone in brackets is a
        label (``SCHEDULE (A)``), not amperes."""
        matches = [_HEADER_UNIT.search(written)] if last else re.finditer(r"\(([^()]{1,24})\)", written)
        for match in matches:
            if match is None or re.fullmatch(r"\s*[A-Z]\s*", match.group(1)):
                continue
            unit = self._context_unit(f"({match.group(1)})")[0] or self._one_unit_among(match.group(1))
            if unit is not None:
                return unit
        return None

    def _one_unit_among(self, inside: str) -> ResolvedUnit | None:
        """The one unit among the words a header's brackets hold beside it (``(TOTAL, %)``,
        ``(PSI AT 28 DAYS)``, ``(28 DAY, MPa)``): parts cut at commas, ``@`` and *at*, those
        holding a figure left out (the test age); None unless exactly one part is a unit."""
        units = []
        for part in re.split(r",|@|\bat\b", inside, flags=re.IGNORECASE):
            part = part.strip()
            if not part or re.search(r"\d", part) or re.fullmatch(r"[A-Z]", part):
                continue
            try:
                units.append(self.units.resolve(part))
            except UnknownUnitError:
                continue
        return units[0] if len(units) == 1 else None

    def _unit_ending(self, header: str) -> ResolvedUnit | None:
        """The unit a table's column header ends with, written bare after its name (``AIR %``,
        ``SLUMP IN.``); None for a header of one word, a letter alone, or a bound (``MAX``)."""
        match = _HEADER_BARE_UNIT.search(header)
        if match is None or match.group(1).lower().rstrip(".") in ("min", "max", "typ", "avg", "no", "ea"):
            return None
        try:
            return self.units.resolve(match.group(1))
        except UnknownUnitError:
            return None

    def _context_unit(self, context: str | None) -> tuple[ResolvedUnit | None, float]:
        if not context:
            return None, 1.0
        scale = 1.0
        scale_match = _CONTEXT_SCALE.search(context)
        if scale_match is not None:
            scale = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}[scale_match.group(1).lower()]
        match = _CONTEXT_UNIT.search(context)
        if match is None:
            return None, scale
        inside = _CONTEXT_SCALE.sub("", match.group(1)).strip(" ,")
        if not inside:
            return None, scale
        try:
            return self.units.resolve(inside), scale
        except UnknownUnitError:
            return None, scale


class _PipelineWindows:
    """Reads a window with the spaCy pipeline: its tokenizer, then its components."""

    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp
        self._components = [component for _, component in nlp.pipeline]

    def __call__(self, window: str, leading_blank: bool) -> tuple[Found, ...]:
        doc = self.nlp.make_doc(window)
        doc.user_data[SOURCE] = (window, leading_blank)
        for component in self._components:
            doc = component(doc)
        return tuple(doc.user_data.get(QUANTITIES) or ())


_EMPTY = Extraction()

#: How many texts' gate sets (and headings' answers) ``extract_under`` keeps.
_UNDER_HELD = 65536

#: The indentation of one heading level over an item (``extract_under``).
_HEADING_INDENT = "  "


def _under_headings(headings: Sequence[str], text: str) -> tuple[str, list[tuple[int, int, int]]]:
    """``text`` written under ``headings`` (outermost first): each heading on a line of its
    own, ending with a colon, indented one level deeper than the one before; every line of
    ``text`` indented one level deeper than the last heading. With it, (start in the composed
    text, start in ``text``, length) of each of ``text``'s lines."""
    written = "".join(f"{_HEADING_INDENT * depth}{' '.join(heading.split()).rstrip(':')}:\n"
                      for depth, heading in enumerate(headings))
    pad = _HEADING_INDENT * len(headings)
    lines: list[tuple[int, int, int]] = []
    parts = [written]
    at, cursor = len(written), 0
    for line in text.split("\n"):
        lines.append((at + len(pad), cursor, len(line)))
        parts.append(pad + line + "\n")
        at += len(pad) + len(line) + 1
        cursor += len(line) + 1
    return "".join(parts)[:-1], lines


def _back(lines: list[tuple[int, int, int]], position: int) -> int | None:
    """Where ``position`` of a composed text (``_under_headings``) stands in the text written
    under the headings (None: in a heading or an indentation)."""
    index = bisect.bisect_right(lines, (position, math.inf)) - 1
    if index < 0:
        return None
    composed, original, length = lines[index]
    return original + position - composed if position <= composed + length else None
#: What joins the two ends of a range of bare figures (``3 - 5``, ``3 TO 5``).
_RANGE_JOIN = re.compile(r"[^\S\n]*(?:[-–—]|to|TO)[^\S\n]*")

#: What a list row's figure may have after it and still be the row's value: a bound word or
#: a remark in brackets (``INTERIOR SLABS: 3 MAX.``, ``SUSPENDED SLABS: 35 (C-2, 5-8% AIR)``).
_ROW_REMARK = re.compile(r"[^\S\n]*(?:(?:max|min|typ)\b\.?|\([^()\n]*\))", re.IGNORECASE)


#: A column header over rows' numbers (``| NO. | MEMBER | COVER (MM) |``).
_NUMBERING_HEADER = re.compile(r"\s*(?:no\.?|nos?\.|#|item|sl\.?\s*no\.?|s\.?\s*no\.?|sr\.?\s*no\.?)\s*",
                               re.IGNORECASE)
def _heads_remark(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is a list row's value followed by a bound word
    or a bracketed remark (its unit then still the heading's)."""
    line_start = text.rfind("\n", 0, start) + 1
    return CELL_BEFORE.match(text[line_start:start]) is not None and _ROW_REMARK.match(text, end) is not None


def _with_conditions(
    mentions: list[QuantityMention], text: str, base: int, reader: ConditionReader,
) -> list[QuantityMention]:
    """The mentions with the condition each is stated under (``conditions``): a mass after a
    band word (*weighing*, *patients*: the pack's ``weight`` facet) is a weight band of the others, and no figure of a subject itself (a dose
    stated for patients weighing 33 to 47 kg is not a dose of 33 to 47 kg: kg is a mass as mg
    is, and binding it would set the band against the doses it conditions)."""
    figures = []
    bands = set()
    for index, mention in enumerate(mentions):
        start, end = mention.span.start - base, mention.span.end - base
        band = None
        if mention.dimension == "[mass]" and mention.normalized is not None:
            unit, value, upper = mention.normalized.unit, mention.normalized.value, mention.normalized.upper
            kilograms = convert(value, unit, "kilogram")
            said = reader.band_bound(text, start, kilograms)
            if said is not None:
                if mention.bound != "exact" or upper is not None:  # the bound the figure's own words read
                    bound, strict = mention.bound, band_strict(mention.bound_text or "")
                else:
                    bound, strict = said.rstrip("<"), said.endswith("<")
                band = weight_band(kilograms, convert(upper, unit, "kilogram") if upper is not None else None, bound,
                                   strict=strict)
                bands.add(index)
        figures.append(Figure(start, end, band))
    read = reader.read(text, figures)
    out = []
    for index, (mention, terms) in enumerate(zip(mentions, read, strict=True)):
        update: dict[str, object] = {"condition": terms} if terms else {}
        if index in bands and mention.subject is not None:
            update |= {"subject": None, "binding": None}
        out.append(mention.model_copy(update=update) if update else mention)
    return out


def _with_elements(mentions: list[QuantityMention], text: str, base: int,
                   legend: Sequence[tuple[str, str]] = ()) -> list[QuantityMention]:
    """The bound mentions with the element their list item states them for, as a condition of
    its own facet (``conditions.element_of``: ``PILE CAPS, BOTTOM: 3"`` under a cover heading),
    spelled out by the project's abbreviation legend (``legend.spell_out``)."""
    from .legend import spell_out

    out = []
    for mention in mentions:
        span = mention.binding.span if mention.binding is not None else None
        element = element_of(text, mention.span.start - base,
                             (span.start - base, span.end - base) if span is not None else None,
                             mention.subject is not None)
        if element is not None and legend:
            element = spell_out(element, legend)
        if element is not None and element not in mention.condition:
            mention = mention.model_copy(update={"condition": (*mention.condition, element)})
        out.append(mention)
    return out


def _with_approximation(mentions: list[QuantityMention], text: str, base: int) -> list[QuantityMention]:
    """The mentions with ``approximate`` in their condition where their words say so
    (``conditions.approximate_at``: ``about 12 in``, ``12 in +/-``)."""
    out = []
    for mention in mentions:
        if (mention.value is not None and APPROXIMATE not in mention.condition
                and approximate_at(text, mention.span.start - base, mention.span.end - base)):
            mention = mention.model_copy(update={"condition": (*mention.condition, APPROXIMATE)})
        out.append(mention)
    return out


def _span(base: int, start: int, end: int) -> CharSpan:
    return CharSpan(start=base + start, end=base + end)


#: The dimension of a temperature difference: compared with differences only, never with a reading.
TEMPERATURE_DIFFERENCE = "[temperature difference]"


def _as_difference(resolved: ResolvedUnit) -> ResolvedUnit:
    """A temperature's unit as a difference (pint's ``delta_degC``/``delta_degF``; a kelvin is
    its own difference): a rise of 10 °C is 18 °F, never the reading 50 °F."""
    expression = TEMPERATURE_DIFFERENCE_UNITS.get(resolved.expression)
    if expression is None:
        return resolved
    return ResolvedUnit(written=resolved.written, expression=expression, dimension=TEMPERATURE_DIFFERENCE)


def _mention_model(item: Found, shift: int, text: str, base: int, binding: Any) -> QuantityMention:
    """The typed mention for one assembled item (validated: pydantic's core validates a
    model faster than ``model_construct`` builds one)."""
    resolved = item.resolved
    if resolved is not None and resolved.dimension == "[temperature]" and temperature_difference_at(
            text, item.start + shift, end=item.end + shift):
        resolved = _as_difference(resolved)
    normalized = None
    if resolved is not None and item.value is not None:
        canonical = resolved.canonical
        normalized = NormalizedValue(
            value=_significant(convert(item.value, resolved.expression, canonical)),
            upper=_significant(convert(item.upper, resolved.expression, canonical)) if item.upper is not None else None,
            unit=canonical,
        )
    warnings = tuple(
        QuantityWarning(code=code, text=text[start + shift : end + shift], message=message,
                        span=_span(base + shift, start, end))
        for code, start, end, message in item.warnings
    )
    bound, bound_from = item.bound, "text"
    subject = subject_binding = None
    if binding is not None:
        subject = binding.rule.subject
        subject_binding = binding.model(base)
        if bound == "exact" and binding.rule.bound in ("min", "max"):
            bound, bound_from = binding.rule.bound, "vocabulary"
    value, upper = item.value, item.upper
    if not _finite(value, upper, *((normalized.value, normalized.upper) if normalized is not None else ())):
        # a number past what a float holds (over 300 digits, or a scale or unit taking it there) was read as
        # infinity: kept without a value and warned about, as a malformed number is, and bound to nothing
        written = text[item.start + shift : item.end + shift]
        warnings += (QuantityWarning(
            code="malformed_number", text=written, span=_span(base + shift, item.start, item.end),
            message=f"{written[:60]!r}{'…' if len(written) > 60 else ''} is too large to read as a number; "
                    "the figure is kept without a value"),)
        value = upper = normalized = None
        subject = subject_binding = None
    return QuantityMention(
        text=text[item.start + shift : item.end + shift], span=_span(base + shift, item.start, item.end),
        value=value, upper=upper, nominal=item.nominal, unit=item.unit,
        unit_expression=resolved.expression if resolved else None,
        dimension=resolved.dimension if resolved else None,
        unit_from=item.unit_from or ("text" if resolved is not None else None),
        normalized=normalized, bound=bound, bound_from=bound_from, bound_text=item.bound_text,
        notation=item.notation, scale=item.scale, precision=item.precision,
        frequency=item.frequency, per_day=item.per_day, spacing=item.spacing,
        subject=subject, binding=subject_binding, warnings=warnings,
    )


def _finite(*values: float | None) -> bool:
    """Whether every one of ``values`` given is a finite number."""
    return all(value is None or math.isfinite(value) for value in values)


def _significant(value: float) -> float:
    """Conversion noise removed (77 °F is 25 °C, not 24.999999999999062)."""
    return float(f"{value:.12g}")


# --- built once per process ----------------------------------------------------------------
#
# Building a pipeline costs a good part of a second (the tokenizer's special cases, the phrase
# matchers) and every ingest and every check needs one, so what is built is kept for the life
# of the process, keyed by the *content* it is built from. Never by object identity: each ingest
# or check loads its rules afresh (a new vocabulary object every time, so an identity key built
# again every time), and an ``id()`` may be reused by another project's vocabulary once the
# first is collected. The pipeline depends on the unit table alone; an extractor on the unit
# table and the vocabulary, ids included (a binding names its rule). A handful of each is kept,
# the least recently used dropped: a long-running process may open many projects.

_T = TypeVar("_T")
_KEEP = 8
_BUILT_LOCK = threading.RLock()  # an extractor built under it builds its pipeline under it
_PIPELINES: OrderedDict[tuple[tuple[str, str], ...], Language] = OrderedDict()
_EXTRACTORS: OrderedDict[tuple[object, ...], QuantityExtractor] = OrderedDict()


def _kept(cache: OrderedDict[Any, _T], key: Any, build: Callable[[], _T]) -> _T:
    """``cache[key]``, built by ``build()`` when absent (the least recently used dropped)."""
    with _BUILT_LOCK:
        found = cache.get(key)
        if found is None:
            found = cache[key] = build()
            while len(cache) > _KEEP:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return found


def _header_unit(item: Found, unit: ResolvedUnit | None) -> Found:
    """A figure in a notation not read, alone in a table cell (``unit_from`` "cell"), with its
    column header's unit: kept without a value and warned about, as the same figure with its
    unit in prose is; left "cell" (dropped) where the header gives none."""
    if unit is None:
        return item
    return replace(item, resolved=unit, unit=unit.written, unit_from="context")


def _units_key(table: UnitTable) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(table.aliases.items()))


def _vocabulary_key(vocabulary: SubjectVocabulary | None) -> tuple[str, ...] | None:
    """Every field of every subject, inference and abbreviation rule, in order (None: the stock subjects)."""
    if vocabulary is None:
        return None
    return vocabulary.key()


def _pipeline(table: UnitTable) -> Language:
    """The quantity pipeline for a unit table, built once per process for each content."""
    return _kept(_PIPELINES, _units_key(table), lambda: build_pipeline(table))


def _packs_vocabulary(rules: RuleSet) -> SubjectVocabulary | None:
    """The subjects of the project's own packs; None: it lists none (the stock ones apply)."""
    return rules.subjects if rules.of_kind("subject") else None


def project_vocabulary(rules: RuleSet) -> SubjectVocabulary:
    """The subjects a project reads and compares quantities by: its packs', else the stock
    ``subjects/default``."""
    from .subjects import default_vocabulary

    return _packs_vocabulary(rules) or default_vocabulary()


def project_extractor(
    rules: RuleSet, units: Mapping[str, str] | None = None, *, grammar: GrammarTables | None = None,
    legend: tuple[tuple[str, str], ...] = (),
) -> QuantityExtractor:
    """A project's quantity extractor: its packs' subject vocabulary (else the stock one,
    ``subjects/default``) and the manifest's unit spellings; built once for each and kept.
    Ingest reads documents with it and ``check`` reads claims with it: one reading of numbers.

    ``grammar``: the tables exported from the pipeline of these unit spellings (a cold
    ``check`` reads them from the build's file, ``grammar_file``): the same reading, without
    importing spaCy. Kept apart from the pipeline's extractor (in one process the tables are
    a function of the unit spellings alone: spaCy and the grammar's source do not change).

    ``legend``: the abbreviations the project's own documents define (``quantities.legend``)."""
    vocabulary = _packs_vocabulary(rules)
    if legend:  # a drawing set's abbreviation legend (``legend``) extends the vocabulary
        vocabulary = project_vocabulary(rules).with_legend(legend)
    table = unit_table(units) if units else unit_table()
    key = (_vocabulary_key(vocabulary), _units_key(table), grammar is not None)
    return _kept(_EXTRACTORS, key, lambda: QuantityExtractor(vocabulary, units=table, grammar=grammar))


def default_extractor(vocabulary: SubjectVocabulary | None = None) -> QuantityExtractor:
    """A shared extractor for a vocabulary (the stock subjects when None) and the default unit
    spellings, built once for each vocabulary's content."""
    table = unit_table()
    key = (_vocabulary_key(vocabulary), _units_key(table), False)
    return _kept(_EXTRACTORS, key, lambda: QuantityExtractor(vocabulary, units=table))


def extract_quantities(
    text: str, vocabulary: SubjectVocabulary | None = None, *, base_offset: int = 0,
    context: str | None = None,
) -> Extraction:
    """Every quantity in ``text``, bound to the subjects of ``vocabulary`` (stock when None)."""
    return default_extractor(vocabulary).extract(text, base_offset=base_offset, context=context)
