"""Extraction: quantity mentions in text, bound to subjects, as typed models.

:class:`QuantityExtractor` reads a text in *windows* around its numbers (widened to whitespace
and merged) with the spaCy pipeline of ``_grammar`` — a blank English pipeline with rule
components — then binds each mention to a subject over the whole text (``subjects``) and
builds the typed :class:`QuantityMention` s, with spans as offsets into the text plus a base
offset. Windows already read are remembered (a bounded cache), because specifications,
schedules and callouts repeat the same lines.

:func:`may_contain_quantity` is the cheap pre-filter: text without a digit (or a number word
before a unit) never reaches spaCy.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from inforce.ontology import CharSpan
from inforce.ontology.quantity import NormalizedValue

from ._grammar import QUANTITIES, SOURCE, Found, build_pipeline
from ._models import Extraction, QuantityMention, QuantityWarning
from .units import (
    ResolvedUnit,
    UnitTable,
    UnknownUnitError,
    convert,
    unit_table,
)

if TYPE_CHECKING:

    from inforce.rules import SubjectVocabulary

__all__ = [
    "EXTRACTOR_VERSION",
    "QuantityExtractor",
    "extract_quantities",
    "may_contain_quantity",
]

#: Goes into the index build id: change it whenever what is extracted from a text can change.
EXTRACTOR_VERSION = "inforce-quantities/1"

#: A run of digits that could start a number: not glued to letters before it (``C150``, ``CYP3A4``).
_NUMBER_RUN = re.compile(r"(?<![A-Za-z0-9_])\d[\d,.]*")
_WORD_BEFORE_UNIT = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|ninety)\s+(?:(?:calendar|working|business)\s+)?"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?|inch(?:es)?|feet|foot|percent|"
    r"mils?|millimet(?:er|re)s?|met(?:er|re)s?|milligrams?|grams?|kilograms?|pounds?)\b",
    re.IGNORECASE,
)


_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty "
    "forty fifty sixty ninety".split()
)


def _has_number_word(text: str) -> bool:
    """A set lookup first: the word-before-unit expression is slow on text it cannot match."""
    return not _NUMBER_WORDS.isdisjoint(text.lower().split())


def may_contain_quantity(text: str) -> bool:
    """Whether ``text`` could hold a quantity: a digit not glued to letters before it
    (``C150`` is a name), or a number word before a unit (``ten working days``).

    The pre-filter ingest runs on every provision; it is a regular-expression search, so
    provisions without numbers cost next to nothing.
    """
    if _NUMBER_RUN.search(text) is not None:
        return True
    return _has_number_word(text) and _WORD_BEFORE_UNIT.search(text) is not None


# --- the extractor ----------------------------------------------------------------------------


_CONTEXT_UNIT = re.compile(r"\(([^()]{1,24})\)\s*$")
_CONTEXT_SCALE = re.compile(r"\bin\s+(thousands|millions|billions)\b", re.IGNORECASE)
#: Characters of text read around each run of digits: enough for a bound phrase before the
#: number and a compound unit, range, tolerance, frequency and trailing bound after it.
WINDOW_BEFORE = 48
WINDOW_AFTER = 80
_WINDOW_SLACK = 40


def text_windows(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` spaCy reads: around each number, widened to whitespace, merged.

    Subject binding reads the whole text; only the quantity grammar needs tokens, so a long
    provision with one number costs one short window, not a whole-text tokenisation.
    """
    windows: list[tuple[int, int]] = []
    length = len(text)
    for match in _NUMBER_RUN.finditer(text):
        start = _widen_left(text, max(0, match.start() - WINDOW_BEFORE))
        end = _widen_right(text, min(length, match.end() + WINDOW_AFTER))
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    if not windows and _has_number_word(text):
        for match in _WORD_BEFORE_UNIT.finditer(text):
            start = _widen_left(text, max(0, match.start() - WINDOW_BEFORE))
            end = _widen_right(text, min(length, match.end() + WINDOW_AFTER))
            if windows and start <= windows[-1][1]:
                windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
            else:
                windows.append((start, end))
    return windows


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
        cache_size: int = 4096,
    ) -> None:
        """``cache_size`` windows of text are remembered with what was read in them (oldest
        out first): specifications, schedules and callouts repeat the same lines."""
        from .subjects import SubjectBinder, default_vocabulary

        self.units = units or unit_table()
        self.vocabulary = vocabulary if vocabulary is not None else default_vocabulary()
        self.binder = SubjectBinder(self.vocabulary, self.units)
        self.nlp = build_pipeline(self.units)
        self._components = [component for _, component in self.nlp.pipeline]
        self.cache_size = cache_size
        self._read_cache: dict[tuple[str, bool], tuple[Found, ...]] = {}

    def extract(
        self, text: str, *, base_offset: int = 0, context: str | None = None, bind: bool = True,
    ) -> Extraction:
        """Every quantity in ``text``; spans are offsets into ``text`` plus ``base_offset``.

        ``context`` is text that names what the numbers measure without being part of them:
        a table column's header (``Dose (mg)`` also gives bare cells their unit; ``(in
        millions)`` their scale), a row's first cell, a callout's title.
        """
        windows = text_windows(text)
        if not windows:
            return _EMPTY
        found: list[tuple[Found, int]] = []
        for start, end in windows:
            line_start = text.rfind("\n", 0, start) + 1
            key = (text[start:end], not text[line_start:start].strip())
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
        if not found:
            return _EMPTY
        return self._build(found, text, base_offset, context, bind)

    def _read(self, window: str, leading_blank: bool) -> tuple[Found, ...]:
        """The quantities the pipeline assembles in one window (offsets into the window)."""
        doc = self.nlp.make_doc(window)
        doc.user_data[SOURCE] = (window, leading_blank)
        for component in self._components:
            doc = component(doc)
        return tuple(doc.user_data.get(QUANTITIES) or ())

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
    ) -> Extraction:
        """A table row cell by cell, each with its column's header as context.

        Cells are found in ``row_text`` in order so spans stay offsets into the row's text
        (plus ``base_offset``); a cell not found there is read with offsets from its own start.
        """
        mentions: list[QuantityMention] = []
        warnings: list[QuantityWarning] = []
        cursor = 0
        for column, cell in enumerate(cells):
            at = row_text.find(cell, cursor) if cell else -1
            if at >= 0:
                cursor = at + len(cell)
            context = header[column] if column < len(header) else None
            found = self.extract(cell, base_offset=base_offset + max(at, 0), context=context)
            mentions.extend(found.mentions)
            warnings.extend(found.warnings)
        return Extraction(mentions=tuple(mentions), warnings=tuple(warnings))

    # -- building the models ---------------------------------------------------------------

    def _build(
        self, found: list[tuple[Found, int]], text: str, base: int, context: str | None, bind: bool,
    ) -> Extraction:
        """The typed mentions for the items read in each window (``(item, window start)``)."""
        from .subjects import BindingTarget, mention_key_of

        if context:
            context_unit, context_scale = self._context_unit(context)
            found = [(item.in_context(context_unit, context_scale), shift) for item, shift in found]
        bindings: list = [None] * len(found)
        if bind and self.vocabulary.subjects:
            targets = [
                BindingTarget(
                    start=item.start + shift, end=item.end + shift,
                    usable=item.value is not None and not item.warnings,
                    key=mention_key_of(item.resolved.expression if item.resolved else None,
                                       item.resolved.dimension if item.resolved else None),
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
        return Extraction(mentions=tuple(mentions), warnings=tuple(warnings))

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


_EMPTY = Extraction()


def _span(base: int, start: int, end: int) -> CharSpan:
    return CharSpan(start=base + start, end=base + end)


def _mention_model(item: Found, shift: int, text: str, base: int, binding: Any) -> QuantityMention:
    """The typed mention for one assembled item (validated: pydantic's core validates a
    model faster than ``model_construct`` builds one)."""
    resolved = item.resolved
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
    return QuantityMention(
        text=text[item.start + shift : item.end + shift], span=_span(base + shift, item.start, item.end),
        value=item.value, upper=item.upper, nominal=item.nominal, unit=item.unit,
        unit_expression=resolved.expression if resolved else None,
        dimension=resolved.dimension if resolved else None,
        unit_from=item.unit_from or ("text" if resolved is not None else None),
        normalized=normalized, bound=bound, bound_from=bound_from, bound_text=item.bound_text,
        notation=item.notation, scale=item.scale, precision=item.precision,
        frequency=item.frequency, per_day=item.per_day, spacing=item.spacing,
        subject=subject, binding=subject_binding, warnings=warnings,
    )


def _significant(value: float) -> float:
    """Conversion noise removed (77 °F is 25 °C, not 24.999999999999062)."""
    return float(f"{value:.12g}")


_DEFAULT: dict[Any, QuantityExtractor] = {}
_DEFAULT_LOCK = threading.Lock()


def default_extractor(vocabulary: SubjectVocabulary | None = None) -> QuantityExtractor:
    """A shared extractor for a vocabulary (the stock subjects when None), built once."""
    key = id(vocabulary) if vocabulary is not None else None
    with _DEFAULT_LOCK:
        extractor = _DEFAULT.get(key)
        if extractor is None or (vocabulary is not None and extractor.vocabulary is not vocabulary):
            extractor = QuantityExtractor(vocabulary)
            _DEFAULT[key] = extractor
        return extractor


def extract_quantities(
    text: str, vocabulary: SubjectVocabulary | None = None, *, base_offset: int = 0,
    context: str | None = None,
) -> Extraction:
    """Every quantity in ``text``, bound to the subjects of ``vocabulary`` (stock when None)."""
    return default_extractor(vocabulary).extract(text, base_offset=base_offset, context=context)
