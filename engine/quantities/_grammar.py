"""The quantity grammar: a blank English spaCy pipeline with rule components.

- **tokenizer** — spaCy's English rules with number rules added: a hyphen between digits does
  not split (``30-40``, ``1-1/2``, ``1-800-555-0142`` stay one token, so a code is never read
  as numbers), a unit glued to a number splits off (``28MPa``, ``250mg``), ``≤ ≥ ± ~`` split
  off the front, ``+/-`` is one token, a table's ``|`` separates cells, and spaCy's emoticons
  with digits (``8)``) are dropped.
- **inforce_quantity_phrases** — a ``PhraseMatcher`` over lower-cased tokens finds the
  multi-word phrases around numbers: units (``calendar days``, ``deg F``, ``bar diameters``),
  bounds (``not less than``, ``or more``), range connectors (``to less than``), scale words,
  dosing frequencies (``twice daily``), routes and spacing marks (``O.C.``).
- **inforce_quantities** — reads each number token (decimals, thousands separators,
  fractions, feet-inches, dash ranges, numbers in words before a unit, compounds such as
  ``Forty-Two Thousand Dollars`` and fractions such as ``one-half``) and assembles a mention
  from the tokens and phrases around it: currency (also across a space or a PDF line break:
  ``$\n5,791``), sign and bound before; scale (``$737.9\nmillion``), unit (a compound such as
  ``mg/kg/day``; money per a unit), range, ``±`` tolerance (alone: ``plus or minus 1/2
  inch``; a mixed-number spread ``±1 1/2%``, whose unit a bare value takes: ``5.5 ± 1.0%``; one
  each way in brackets: ``3" (+1/4", -0")``), frequency, spacing and a trailing bound after.
  Thousands are also set apart by a space before a unit (``3 500 PSI``). A bracketed figure is negative after
  money or before ``%`` or a scale word, and on a line of a financial table (``(1,577)``).
  The result is ``doc._.inforce_quantities``: offsets into the doc's text.

What is not a quantity is skipped on purpose: numbers naming something (``Section 2.1``,
``#4``, ``ASTM C39``, ``Type 1``, ``27 CFR``, ``16 gauge``, ``"50"``, and the numbers listed
after one: ``step 2 or 3``), codes (``03 30 00``, phone numbers, postal codes, ``3M``,
``2-chloro``), addresses, dates and years, references (``3/S-501``, ``(5.1)``), heading and
list numbers and enumerators (``(2) Minor components``). What looks like a quantity and
is not understood (a unit nothing knows, a malformed number) is kept without a unit or value,
with a warning — never guessed, never dropped.
"""

from __future__ import annotations

import itertools
import re
import sys
import threading
import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ._lexicon import (
    BOUND_AFTER,
    BOUND_BEFORE,
    CITATION_AFTER,
    CURRENCY_PREFIXES,
    DESIGNATION_AFTER,
    DESIGNATIONS,
    FILLERS,
    FRACTION_WORDS,
    FREQUENCIES,
    MONEY_ONLY_SCALES,
    MONTHS,
    RANGE_CONNECTORS,
    ROUTES,
    SCALES,
    SPACING,
    TOLERANCE_MARKS,
    WORD_NUMBERS,
    WORD_SCALES,
    NumberToken,
    lex_number,
)
from ._models import Notation
from .units import (
    ResolvedUnit,
    UnitTable,
    UnknownUnitError,
    convert,
    convert_difference,
    dimension_of,
    unit_table,
)

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokenizer import Tokenizer
    from spacy.tokens import Doc

__all__ = ["QUANTITIES", "SOURCE", "Found", "build_pipeline"]

_DIGIT = re.compile(r"\d")

_UNITS_GLUED = (
    "psi|PSI|ksi|KSI|psf|PSF|pcf|PCF|MPa|MPA|kPa|GPa|mL|ml|IU|mcg|hrs|hr|min|mos|yrs|wks|"
    "N/mm²|N/mm2|bn|Bn|BN|bln|Bln|mn|Mn|MN|mln|Mln|B|M|K|%|°|″|′|'|\""
)
_PHRASE_LABELS = ("UNIT", "BOUND_BEFORE", "BOUND_AFTER", "RANGE", "SCALE", "FREQ", "ROUTE",
                  "SPACING", "TOLERANCE")


def _quantity_tokenizer(nlp: Language) -> Tokenizer:
    """spaCy's English tokenizer with the number rules: built from the language's defaults
    (what a blank pipeline's tokenizer is built from) with every change in, so the blank one is
    never built and then replaced (issue 20: its special cases cost ~0.2 s of a cold ``check``)."""
    from spacy.symbols import ORTH
    from spacy.tokenizer import Tokenizer
    from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

    defaults = nlp.Defaults
    infixes = [rule for rule in defaults.infixes if rule != r"(?<=[0-9])[+\-\*^](?=[0-9-])"]
    # a table's cell separator (``|1 year|$250|``), ``n=96``, and ``2022.(3.4%`` split apart
    # and a strength in pascals from the aggregate size written after it (``30 MPa/19 mm``)
    infixes += [r"\|", r"(?<=\|)[$€£¥(]", r"\)(?=\|)", r"(?<=[A-Za-z])=(?=[0-9])", r"(?<=[0-9]\.)\((?=[0-9])",
                r"(?<=[Pp][Aa])/(?=[0-9])"]
    # a multiplier's glued "x" splits off the end (``9.5x``; ``2x4`` keeps its digits together)
    suffixes = [*defaults.suffixes, rf"(?<=[0-9])(?:{_UNITS_GLUED})", r"(?<=\))%", r"(?<=[0-9][A-Za-z])\.",
                r"\|", r"(?<=[0-9])[x×]"]
    prefixes = [*defaults.prefixes, "≤", "≥", "±", "≈", "~", "−", "<", ">", r"\|", r"[-−](?=[$€£¥])"]
    # spaCy's emoticons with digits (``8)``, ``:3``, ``(-8``) would swallow numbers; times of
    # day (``10am``) stay split as spaCy splits them.
    rules = {
        text: tokens for text, tokens in defaults.tokenizer_exceptions.items()
        if not any(c.isdigit() for c in text) or re.search(r"\d(?:a|p)\.?m\.?$", text)
    }
    for mark in ("+/-", "+/−"):
        rules[mark] = [{ORTH: mark}]
    # One tokenizer built with every change, not a built one changed four times: each
    # assignment to a tokenizer's rules or affixes rebuilds its special cases (issue 20: about
    # 0.4 s of a cold ``check``).
    return Tokenizer(
        nlp.vocab, rules=rules,
        prefix_search=compile_prefix_regex(prefixes).search,
        suffix_search=compile_suffix_regex(suffixes).search,
        infix_finditer=compile_infix_regex(infixes).finditer,
        token_match=defaults.token_match, url_match=defaults.url_match,
    )


@dataclass
class _Phrases:
    """Phrase matches by the token they start at and the token they end before."""

    starts: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)
    ends: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)

    def at(self, start: int, label: str) -> tuple[int, str] | None:
        """The longest phrase of ``label`` starting at ``start``: (end, key)."""
        for end, found, key in self.starts.get(start, ()):
            if found == label:
                return end, key
        return None

    def ending(self, end: int, label: str) -> tuple[int, str] | None:
        """The longest phrase of ``label`` ending just before ``end``: (start, key)."""
        for start, found, key in self.ends.get(end, ()):
            if found == label:
                return start, key
        return None


class _PhraseComponent:
    """Finds the multi-word phrases around numbers (``inforce_quantity_phrases``)."""

    def __init__(self, nlp: Language, table: UnitTable) -> None:
        from spacy.matcher import PhraseMatcher

        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.multi_units: dict[str, str] = {}
        #: A phrase's tokens as the reader joins them (``> =``) → the phrase as listed (``>=``).
        self.keys: dict[str, str] = {}
        #: Each label's phrases as the matcher compares them (lower-cased tokens): what
        #: ``_lite`` matches without spaCy.
        self.patterns: dict[str, set[tuple[str, ...]]] = {}
        lists: dict[str, Iterable[str]] = {
            "BOUND_BEFORE": BOUND_BEFORE, "BOUND_AFTER": BOUND_AFTER, "SCALE": SCALES,
            "FREQ": FREQUENCIES, "ROUTE": ROUTES, "SPACING": SPACING,
            "TOLERANCE": TOLERANCE_MARKS,
            "RANGE": ("to less than", "to under", "to below", "up to"),
        }
        for label, phrases in lists.items():
            docs = []
            for phrase in phrases:
                for doc in _case_variants(nlp, phrase):
                    self.keys[" ".join(token.lower_ for token in doc)] = phrase
                    docs.append(doc)
            self.matcher.add(label, docs)
            self.patterns[label] = {tuple(token.lower_ for token in doc) for doc in docs if len(doc)}
        unit_docs = []
        for spelling in table.spellings():
            expression = table.alias(spelling)
            for doc in _case_variants(nlp, spelling):
                if len(doc) > 1 and expression is not None:
                    self.multi_units.setdefault(" ".join(token.lower_ for token in doc), expression)
                    unit_docs.append(doc)
        self.matcher.add("UNIT", unit_docs)
        self.patterns["UNIT"] = {tuple(token.lower_ for token in doc) for doc in unit_docs}
        self.labels = {nlp.vocab.strings[label]: label for label in _PHRASE_LABELS}

    def __call__(self, doc: Doc) -> Doc:
        labels = self.labels
        doc.user_data[_PHRASES] = [(labels[match_id], start, end) for match_id, start, end in self.matcher(doc)]
        return doc


def _case_variants(nlp: Language, phrase: str) -> list[Doc]:
    """The phrase tokenised as written, upper-cased and title-cased: the tokenizer splits
    ``o.c.`` and ``O.C.`` differently, and the matcher compares tokens."""
    seen: set[tuple[str, ...]] = set()
    docs = []
    for variant in dict.fromkeys((phrase, phrase.lower(), phrase.upper(), phrase.title())):
        doc = nlp.make_doc(variant)
        shape = tuple(token.lower_ for token in doc)
        if shape not in seen:
            seen.add(shape)
            docs.append(doc)
    return docs


class _AssemblerComponent:
    """Reads numbers and assembles quantity mentions (``inforce_quantities``)."""

    def __init__(self, table: UnitTable, multi_units: Mapping[str, str], keys: Mapping[str, str]) -> None:
        self.table = table
        self.multi_units = multi_units
        self.keys = keys

    def __call__(self, doc: Doc) -> Doc:
        from spacy.attrs import IDX, LENGTH, SPACY

        source = doc.user_data.get(SOURCE)
        # (the window's text, whether only blanks precede it on its line in the whole text)
        text, leading_blank = source if source is not None else (doc.text, True)
        # Token attributes read as arrays: a Token object per token costs more than the reading.
        rows = doc.to_array([IDX, LENGTH, SPACY]).tolist() if len(doc) else []
        doc.user_data[QUANTITIES] = _Reader(
            text, leading_blank, rows, doc.user_data.get(_PHRASES) or (), self.table, self.multi_units,
            self.keys, _stop_words(),
        ).read()
        return doc


_EXTENSIONS_LOCK = threading.Lock()
_PIPELINES = itertools.count(1)
# The Doc extensions' own storage keys (what ``doc._.inforce_quantities`` reads), written
# directly: an ``doc._`` access builds an object, and this runs for every window.
_PHRASES = ("._.", "inforce_phrases", None, None)
QUANTITIES = ("._.", "inforce_quantities", None, None)
SOURCE = ("._.", "inforce_source", None, None)


def _register_extensions() -> None:
    from spacy.tokens import Doc

    with _EXTENSIONS_LOCK:
        for name in ("inforce_phrases", "inforce_quantities", "inforce_source"):
            if not Doc.has_extension(name):
                Doc.set_extension(name, default=None)


def _import_spacy_lean() -> None:
    """Import spaCy without the parts a blank pipeline of rules never uses (issue 20: a cold
    ``check`` paid 2 s for torch and ~0.25 s for spaCy's command line).

    - **torch**: thinc imports it when it is installed (the ``ml`` extra), only to offer its
      torch layers. While spaCy is first imported, torch reads as absent (``sys.modules``
      holding None makes its import fail); afterwards it imports as usual for whatever needs
      it (the embedder, NLI). A process that already imported torch keeps it.
    - **spaCy's command line** (``spacy.cli``): spaCy's package imports it only to offer
      ``spacy.info``, and it loads every spaCy command with its libraries (weasel, requests,
      httpx, jinja2) and parses a YAML file. While spaCy is first imported, ``spacy.cli.info``
      is a stand-in whose ``info`` imports the real one when called; afterwards the stand-ins
      are gone, so ``import spacy.cli`` loads the real package.
    """
    if "spacy" in sys.modules:
        return
    hide_torch = "torch" not in sys.modules
    if hide_torch:
        sys.modules["torch"] = None  # type: ignore[assignment]
    cli, cli_info = types.ModuleType("spacy.cli"), types.ModuleType("spacy.cli.info")
    cli.__path__ = []  # a package holding nothing: no other command is reached through it

    def info(*args: Any, **kwargs: Any) -> Any:
        from spacy.cli.info import info as real

        return real(*args, **kwargs)

    cli_info.info = info  # type: ignore[attr-defined]
    cli.info = cli_info  # type: ignore[attr-defined]
    stand_ins = {"spacy.cli": cli, "spacy.cli.info": cli_info}
    sys.modules.update(stand_ins)
    try:
        import spacy  # noqa: F401
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
        package = sys.modules.get("spacy")
        if package is not None and getattr(package, "cli", None) is cli:
            del package.cli
        if hide_torch and sys.modules.get("torch", ...) is None:
            del sys.modules["torch"]


def build_pipeline(table: UnitTable | None = None) -> Language:
    """The blank English pipeline with the quantity rule components, for one unit table."""
    _import_spacy_lean()
    from spacy.lang.en import English
    from spacy.language import Language

    _register_extensions()
    table = table or unit_table()
    # ``spacy.blank("en")`` less its config round trip and its default tokenizer
    nlp = English(create_tokenizer=_quantity_tokenizer)
    phrases = _PhraseComponent(nlp, table)
    assembler = _AssemblerComponent(table, phrases.multi_units, phrases.keys)
    # Components are instances bound to this table, registered under names no other pipeline
    # uses, so two tables in one process never share state through spaCy's factory registry.
    suffix = next(_PIPELINES)
    phrase_name, assembler_name = f"inforce_quantity_phrases_{suffix}", f"inforce_quantities_{suffix}"
    Language.component(phrase_name, func=phrases)
    Language.component(assembler_name, func=assembler)
    nlp.add_pipe(phrase_name, name="inforce_quantity_phrases")
    nlp.add_pipe(assembler_name, name="inforce_quantities")
    return nlp


# --- reading one doc --------------------------------------------------------------------------


@dataclass
class Found:
    """One mention as assembled from tokens, in the doc's character offsets."""

    start: int
    end: int
    value: float | None
    upper: float | None = None
    nominal: float | None = None
    unit: str | None = None
    resolved: ResolvedUnit | None = None
    bound: str = "exact"
    bound_text: str | None = None
    notation: Notation = "number"
    scale: str | None = None
    precision: float | None = None
    frequency: str | None = None
    per_day: float | None = None
    spacing: bool = False
    warnings: list[tuple[str, int, int, str]] = field(default_factory=list)
    unit_from: str | None = None

    def in_context(self, unit: ResolvedUnit | None, scale: float) -> Found:
        """A copy read with a column header's unit (``Dose (mg)``) and scale (``in millions``):
        a bare cell takes the unit; a bare or money cell without a scale word takes the scale."""
        changed = self
        if unit is not None and self.resolved is None and not self.warnings:
            changed = replace(changed, resolved=unit, unit=unit.written, unit_from="context")
        if (scale != 1.0 and self.scale is None and not self.warnings and self.value is not None
                and (changed.unit_from == "context" or changed.resolved is None or self.notation == "money")):
            changed = replace(
                changed, value=self.value * scale,
                upper=self.upper * scale if self.upper is not None else None,
                precision=self.precision * scale if self.precision is not None else None,
            )
        return changed


_NUMBER_START = frozenset("0123456789.+-−")
_QUOTES_OPEN = frozenset({'"', "“", "''", "``", "'", "‘"})
_INCH_MARKS = frozenset({'"', "″", "”", "''"})
_FOOT_MARKS = frozenset({"'", "′"})
_AFTER_INCH_WORD = frozenset({
    "thick", "wide", "deep", "long", "high", "dia", "dia.", "diameter", "o.c.", "oc", "x", "×",
    "clr", "clear", "minimum", "min", "min.", "max", "max.", "maximum", "nominal", "apart",
    "or", "and", "to", "in", "of", "each", "ea", "thickness", "width", "depth",
})
_SINGLE_LETTER_UNITS = frozenset({"m", "g", "h", "s", "L", "%", "°", "'", '"', "″", "′", "”"})
_PINT_FALLBACK_DENY = frozenset({
    "pc", "ct", "ly", "pi", "gr", "dr", "ar", "am", "pm", "ch", "rd", "st", "cd", "are", "bit",
    "tex", "kat", "pt", "mi", "nt", "ft", "um", "ha", "sr", "cl", "dl", "fl", "ag", "gal",
})
_CURRENCY_SIGNS = frozenset({"$", "€", "£", "¥"})
_STREET_WORDS = frozenset({
    "street", "st.", "drive", "dr.", "avenue", "ave.", "road", "rd.", "boulevard", "blvd.",
    "lane", "ln.", "way", "place", "court", "parkway", "highway", "pike",
})
_LIST_JOINS = frozenset({"and", "or", "through", "thru", "to", "&", ","})
#: A stress written in brackets right after a grade's number (``GR. 60 (fy = 60,000 PSI)``).
_STRESS_BESIDE = re.compile(r"\s*\(\s*(?:f[y']?\s*=?\s*)?[\d,.]+\s*(?:ksi|psi|mpa|n/mm)", re.IGNORECASE)
#: What makes FF and FL a floor's F-numbers (ACI 117), not a floor level: the words, or the
#: two written together (``FL 25 / FF 35``).
_F_NUMBERS = re.compile(r"flatness|levelness|\bFF\s*\d+\s*(?:/|,|&|and)\s*FL\s*\d|\bFL\s*\d+\s*(?:/|,|&|and)\s*FF\s*\d",
                        re.IGNORECASE)
#: Words before GRADE that make it the ground's level, not a grade's name (SLAB ON GRADE).
_GROUND_BEFORE = frozenset({"on", "at", "above", "below", "to", "finished", "fin.", "existing", "exist."})
_SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion"})
_CURRENCY_CODES = frozenset(CURRENCY_PREFIXES.values())
#: What may stand beside a number on a line of a financial table (signs, brackets, digits).
_TABLE_LINE = re.compile(r"^[\s\d$€£%(),.\-–—]*$")
_STOP_WORDS: frozenset[str] | None = None
_IN_REFERENCE_WORDS = frozenset({"in", "see", "under", "per"})


def _stop_words() -> frozenset[str]:
    global _STOP_WORDS
    if _STOP_WORDS is None:
        from spacy.lang.en.stop_words import STOP_WORDS

        _STOP_WORDS = frozenset(STOP_WORDS)
    return _STOP_WORDS


class _Reader:
    """Walks one doc's tokens left to right, assembling a mention at each number."""

    def __init__(
        self, text: str, leading_blank: bool, tokens: Iterable[tuple[int, int, int]],
        phrases: Iterable[tuple[str, int, int]], table: UnitTable, multi_units: Mapping[str, str],
        keys: Mapping[str, str], stop: frozenset[str],
    ) -> None:
        """``text`` is the window read, ``leading_blank`` whether only blanks precede it on its
        line in the whole text; ``tokens`` are (offset, length, whether a space follows) and
        ``phrases`` the phrase matches (label, first token, token after the last): all the
        reading takes from a tokenizer, so the spaCy pipeline and ``_lite`` feed it alike."""
        self.table = table
        self.multi_units = multi_units
        self.leading_blank = leading_blank
        self.text = text
        rows = list(tokens)
        self.idx = [row[0] for row in rows]
        self.texts = [text[row[0] : row[0] + row[1]] for row in rows]
        self.lowers = [token.lower() for token in self.texts]
        self.space = [bool(row[2]) for row in rows]
        self.n = len(self.texts)
        self.phrases = _Phrases()
        for label, start, end in phrases:
            joined = " ".join(self.lowers[start:end])
            key = keys.get(joined, joined) if label != "UNIT" else joined
            self.phrases.starts.setdefault(start, []).append((end, label, key))
            self.phrases.ends.setdefault(end, []).append((start, label, key))
        for found in self.phrases.starts.values():
            found.sort(key=lambda item: -item[0])
        for found in self.phrases.ends.values():
            found.sort(key=lambda item: item[0])
        self.stop = stop
        #: Number tokens skipped as designations (so "Rooms 118 through 120" skips 120 too).
        self.designated: set[int] = set()

    # -- tokens ----------------------------------------------------------------------------

    def _end_char(self, k: int) -> int:
        return self.idx[k] + len(self.texts[k])

    def _number(self, k: int) -> NumberToken | None:
        if k < 0 or k >= self.n:
            return None
        text = self.texts[k]
        if _DIGIT.search(text) is not None:
            return lex_number(text)
        return None

    def _word_number(self, k: int) -> NumberToken | None:
        """A number written in words from token ``k``: one word (``ten``), a compound
        (``Forty - Two Thousand Seven Hundred Fifty``, ``one million``) or a fraction
        (``one - half``, ``two - thirds``); its ``tokens`` says how far it runs."""
        lowers, texts, space = self.lowers, self.texts, self.space
        if not 0 <= k < self.n or lowers[k] not in WORD_NUMBERS or lowers[k] == "hundred":
            return None
        first = WORD_NUMBERS[lowers[k]]
        if (k + 2 < self.n and texts[k + 1] == "-" and not space[k] and not space[k + 1]
                and lowers[k + 2] in FRACTION_WORDS and first < 20):
            den = FRACTION_WORDS[lowers[k + 2]]
            if first == 1 or lowers[k + 2].endswith("s"):
                return NumberToken("fraction", first / den, precision=1 / den, tokens=3)
        total, current, end, last = 0.0, 0.0, k, None
        j = k
        while j < self.n:
            word = lowers[j]
            if word in WORD_NUMBERS and word != "hundred":
                value = WORD_NUMBERS[word]
                # ``twenty five`` adds; ``five five`` or ``ten twenty`` is two numbers
                if last is not None and last != "scale" and not (last >= 20 and last % 10 == 0 and value < 10):
                    break
                current += value
                last = value
            elif word == "hundred" and last is not None and last != "scale":
                current = (current or 1) * 100
                last = "scale"
            elif word in WORD_SCALES and last is not None:
                total += (current or 1) * WORD_SCALES[word]
                current = 0.0
                last = "scale"
            elif (word == "-" and last not in (None, "scale") and not space[j - 1] and not space[j]
                  and j + 1 < self.n and lowers[j + 1] in WORD_NUMBERS and lowers[j + 1] != "hundred"):
                j += 1
                continue
            elif word == "and" and last == "scale" and j + 1 < self.n and lowers[j + 1] in WORD_NUMBERS:
                j += 1
                continue
            else:
                break
            end = j + 1
            j += 1
        return NumberToken("word", total + current, is_integer=True, tokens=end - k)

    def _gap(self, k: int) -> int:
        """``k`` moved past one whitespace token holding at most one line break (a PDF line's
        end between a number and its currency, scale word or unit)."""
        if 0 <= k < self.n and self.texts[k].isspace() and self.texts[k].count("\n") <= 1:
            return k + 1
        return k

    def _gap_before(self, k: int) -> int:
        """``k`` moved back past one such whitespace token."""
        if 0 <= k < self.n and self.texts[k].isspace() and self.texts[k].count("\n") <= 1:
            return k - 1
        return k

    def _line_after(self, k: int) -> str:
        """The rest of token ``k``'s line after it (within the window)."""
        end = self._end_char(k)
        newline = self.text.find("\n", end)
        return self.text[end : newline if newline >= 0 else len(self.text)]

    def _line_before(self, k: int) -> str:
        """Token ``k``'s line before it (within the window)."""
        at = self.idx[k]
        return self.text[self.text.rfind("\n", 0, at) + 1 : at]

    # -- units -----------------------------------------------------------------------------

    def _single_unit(self, k: int, number_start: int) -> str | None:
        text = self.texts[k]
        if text in _INCH_MARKS or text in _FOOT_MARKS:
            if self.space[k - 1] or (number_start > 0 and self.texts[number_start - 1] in _QUOTES_OPEN):
                return None
            return self.table.alias(text)
        lower = self.lowers[k]
        if text in _CURRENCY_SIGNS:
            # "5,791 $\n5,929": a sign after a blank is the next number's; "0.01$" is this one's
            return None if self.space[k - 1] else self.table.alias(text)
        if lower == "second" and k + 1 < self.n and self.lowers[k + 1] in ("quarter", "half"):
            return None  # "the 2022 second quarter"
        if lower in ("in", "in."):
            following = self.texts[k + 1] if k + 1 < self.n else ""
            if following and following[0].isalnum() and self.lowers[k + 1] not in _AFTER_INCH_WORD:
                return None
            return self.table.alias("in")
        if len(text) == 1:
            return self.table.alias(text) if text in _SINGLE_LETTER_UNITS else None
        found = self.table.alias(text)
        if found is not None:
            return found
        if (2 <= len(text) <= 4 and text.isalpha() and lower not in self.stop
                and lower not in _PINT_FALLBACK_DENY and not text.isupper()):
            try:
                return self.table.resolve(text).expression
            except UnknownUnitError:
                return None
        return None

    def _unit_part(self, k: int, number_start: int) -> tuple[int, str] | None:
        """A unit spelling starting at token ``k``: (end token, pint expression)."""
        if k >= self.n:
            return None
        phrase = self.phrases.at(k, "UNIT")
        if phrase is not None:
            return phrase[0], self.multi_units[phrase[1]]
        single = self._single_unit(k, number_start)
        return (k + 1, single) if single is not None else None

    def _unit(self, k: int, number_start: int) -> tuple[int, str, str] | tuple[int, None, str] | None:
        """The unit at ``k`` with any ``/`` or ``per`` compound: (end, expression, written).

        A compound with a part nothing knows (``mg/zz``) comes back with expression None.
        """
        first = self._unit_part(k, number_start)
        if (first is None and k + 1 < self.n and self.texts[k] == "-" and not self.space[k - 1]
                and not self.space[k]):
            hyphenated = self._unit_part(k + 1, number_start)  # a 24-hour period
            if hyphenated is not None and self.texts[k + 1].isalpha():
                return hyphenated[0], hyphenated[1], self._written(k + 1, hyphenated[0])
        if first is None:
            return None
        end, expression = first
        if end + 1 < self.n and self.texts[end] == "-" and not self.space[end - 1] and not self.space[end] \
                and self.texts[end + 1][:1].isalpha() and self.texts[end - 1][-1:].isalpha():
            joined = self._unit_part(end + 1, number_start)
            if joined is not None:  # a product written with a hyphen: 2,450 FT-KIPS
                return joined[0], f"({expression}) * ({joined[1]})", self._written(k, joined[0])
            if self.lowers[end - 1] == "in":
                return None  # the preposition of a compound (1.10 IN-SITU CONCRETE), not inches
        parts = [expression]
        while end + 1 < self.n and (
            (self.texts[end] == "/" and not self.space[end - 1] and not self.space[end])
            or self.lowers[end] == "per"
        ):
            if self.lowers[end] == "per" and self.phrases.at(end, "FREQ") is not None:
                break
            following = self._unit_part(end + 1, number_start)
            if following is None:
                if self.texts[end] == "/" and self.texts[end + 1].isalpha():
                    return end + 2, None, self._written(k, end + 2)
                break
            end, next_expression = following
            parts.append(next_expression)
        if len(parts) == 1:
            return end, expression, self._written(k, end)
        return end, " / ".join(f"({part})" for part in parts), self._written(k, end)

    def _unit_with_gap(self, k: int, number_start: int) -> tuple[int, str, str] | tuple[int, None, str] | None:
        """:meth:`_unit` at ``k``, or after a line break when the unit is a lower-case word
        (``three\nmonths``; a capitalised word there starts a table's next row)."""
        unit = self._unit(k, number_start) if k < self.n else None
        if unit is not None:
            return unit
        after = self._gap(k)
        if after != k and after < self.n and self.texts[after].isalpha() and len(self.texts[after]) >= 3 \
                and self.texts[after][:1].islower():
            unit = self._unit(after, number_start)
            if unit is not None and unit[1] is not None:
                return unit
        return None

    def _written(self, start: int, end: int) -> str:
        return "".join(
            self.texts[k] + (" " if self.space[k] and k < end - 1 else "") for k in range(start, end)
        )

    def _starts_line(self, i: int) -> bool:
        """Whether token ``i`` is the first thing on its line."""
        at = self.idx[i]
        newline = self.text.rfind("\n", 0, at)
        if newline < 0 and not self.leading_blank:
            return False
        return not self.text[newline + 1 : at].strip()

    def _heading_number(self, i: int) -> bool:
        """A list or heading number: ``1.`` or ``2)`` or ``1.1 RELATED`` first on its line."""
        if not self._starts_line(i) or i + 1 >= self.n:
            return False
        following = self.texts[i + 1]
        if following in (".", ")") and not self.space[i]:
            return True
        return "." in self.texts[i] and self.space[i] and following[:1].isupper()

    def _looks_like_unit(self, k: int) -> bool:
        """A token right after a number that reads as a unit abbreviation nothing knows."""
        if k >= self.n or self._heading_number(k - 1):
            return False
        text = self.texts[k]
        if not text.isalpha() or len(text) > 4 or self.lowers[k] in self.stop:
            return False
        if any(c.isupper() for c in text[1:]) and any(c.islower() for c in text):
            return True  # mixed case: kPx, mQs
        if text.isupper() and len(text) >= 2:
            # an all-caps abbreviation in running text (not in an all-caps callout or heading)
            at = self.idx[k]
            line_start = self.text.rfind("\n", 0, at) + 1
            line_end = self.text.find("\n", at)
            line = self.text[line_start : line_end if line_end >= 0 else len(self.text)]
            context = re.findall(r"[A-Za-z]{4,}", line)
            return bool(context) and not all(t.isupper() for t in context)
        return False

    # -- phrases around the number ---------------------------------------------------------

    def _bound_before(self, start: int, floor: int) -> tuple[str, str, int] | None:
        """A bound phrase ending at ``start`` (or one filler word earlier): (bound, text, first token)."""
        for end in (start, start - 1):
            if end <= floor:
                return None
            if end == start - 1 and self.lowers[end] not in FILLERS:
                return None
            found = self.phrases.ending(end, "BOUND_BEFORE")
            if found is not None and found[0] >= floor:
                return BOUND_BEFORE[found[1]], found[1], found[0]
        return None

    def _designation(self, i: int, number: NumberToken) -> bool:
        """Whether the number at ``i`` names something rather than measuring it."""
        lowers, texts = self.lowers, self.texts
        previous = lowers[i - 1] if i > 0 else ""
        if previous == "grade" and i > 1 and lowers[i - 2] in _GROUND_BEFORE:
            return False  # ground level, not a grade's name: SLAB ON GRADE 4000 PSI
        if (((previous == "." and i > 1 and lowers[i - 2] == "gr" and not self.space[i - 2]) or previous == "fe")
                and _STRESS_BESIDE.match(self.text, self.idx[i] + len(texts[i])) is not None):
            return True  # GR. 50 (50 KSI), Fe 415 (fy 415 N/mm²): the grade names the stress beside it
        if i > 1 and previous == ":" and texts[i - 2] in ("IS", "AS") and number.is_integer:
            return True  # a standard's number: IS: 1786 (the capitals and a colon, not the words)
        if (i > 0 and texts[i - 1] in ("IS", "AS") and number.is_integer and not number.has_grouping
                and len(texts[i]) >= 3 and (i + 1 >= self.n or self._unit(i + 1, i) is None)):
            return True  # IS 1893, AS 3600: a standard's number (the capitals, and no unit after it)
        if previous in ("ff", "fl") and _F_NUMBERS.search(self.text) is not None:
            return False  # a floor's flatness or levelness (FF 35 / FL 25), not floor 2
        if previous in DESIGNATIONS or previous.rstrip(".") in DESIGNATIONS:
            return True
        if previous == "." and i > 1 and not self.space[i - 2] and lowers[i - 2] + "." in DESIGNATIONS:
            return True  # "No. 6": the tokenizer split "No" from its period
        following = lowers[i + 1] if i + 1 < self.n else ""
        if previous in MONTHS or following in MONTHS:
            return True
        if following in CITATION_AFTER or following in DESIGNATION_AFTER:
            return True  # 27 CFR, 18 U.S.C., 16 gauge
        if i + 1 < self.n and texts[i + 1] == "/" and not self.space[i]:
            return True  # 3/S-501
        if (i > 0 and number.kind == "number" and number.is_integer and not number.has_grouping
                and len(texts[i]) == 5 and len(texts[i - 1]) == 2 and texts[i - 1].isalpha()
                and texts[i - 1].isupper()):
            return True  # a postal code: Washington, DC 20226
        return False

    def _alone_in_cell(self, i: int) -> bool:
        """Whether the token at ``i`` fills a ``|`` table cell by itself (``| 3-5 |``, or the
        row's last cell, ``| 3-5`` at the line's end): a schedule's value, its unit in the header."""
        if i == 0 or self.texts[i - 1] != "|":
            return False
        return i + 1 >= self.n or self.texts[i + 1] == "|" or "\n" in self.texts[i + 1]

    def _multiplier(self, i: int) -> bool:
        """Whether the number at ``i`` is a multiplier with a glued ``x`` (``1.5x``, ``9.5x``):
        the ``x`` ends the word (a dimension ``2x4`` or a name ``x86`` does not)."""
        k = i + 1
        return (self.texts[k] in ("x", "×") and (k + 1 >= self.n or bool(self.space[k])
                                                  or not self.texts[k + 1][:1].isalnum()))

    def _inline_list_number(self, i: int) -> bool:
        """A list number run into the text after a colon or a sentence's end (``NOTES: 1.
        CONCRETE SHALL ... 2. SLUMP ...``): one or two digits, its period, a capital after."""
        texts = self.texts
        if i == 0 or i + 2 >= self.n or texts[i + 1] != "." or self.space[i] or not self.space[i + 1]:
            return False
        return (len(texts[i]) <= 2 and texts[i].isdigit() and texts[i - 1] in (":", ".")
                and texts[i + 2][:1].isupper() and texts[i + 2][:1].isalpha())

    def _bare_skip(self, i: int, number: NumberToken, text: str) -> bool:
        """Bare numbers (no unit) that are codes, years, references or heading numbers."""
        if self._heading_number(i) or self._inline_list_number(i):
            return True
        lowers, texts, space = self.lowers, self.texts, self.space
        if i + 1 < self.n and not space[i] and texts[i][-1:].isdigit() and not self._multiplier(i) and (
                texts[i + 1][:1].isalpha()
                or (texts[i + 1] == "-" and i + 2 < self.n and not space[i + 1] and texts[i + 2][:1].isalpha())):
            return True  # glued to letters: 3M, 34M, 6A, 2-chloro, 4-amino
        if i > 1 and len(texts[i - 1]) == 1 and texts[i - 1].isupper() and lowers[i - 2] in DESIGNATIONS:
            return True  # AASHTO M 182
        if i > 0 and i + 1 < self.n and texts[i - 1] in ('"', "“") and texts[i + 1] in ('"', "”"):
            return True  # an imprint or label in quotation marks: "50"
        if i > 1 and (lowers[i - 1] in _LIST_JOINS or lowers[i - 1] == "of") and (i - 2) in self.designated:
            return True  # step 2 or 3; Rooms 118 through 120; 5 U.S.C. 553 and 554; sheet 6 of 13
        if i > 2 and lowers[i - 1] in ("and", "or") and lowers[i - 2] == "," and (i - 3) in self.designated:
            return True
        if number.kind == "number" and number.is_integer and not number.has_grouping:
            words = 0
            for k in range(i + 1, min(self.n, i + 5)):
                if lowers[k] in _STREET_WORDS and words:
                    return True  # an address: 410 Commerce Street
                if not texts[k][:1].isupper() or not texts[k].isalpha():
                    break
                words += 1
        if number.kind == "number" and number.is_integer and not number.has_grouping:
            digits = text.lstrip("+-−")
            if len(digits) > 1 and digits.startswith("0"):
                return True  # 03, 050
            if 1900 <= abs(number.value or 0) <= 2100 and len(digits) == 4:
                return True  # a year
            neighbours = (self._number(i - 1) if i > 0 and self.space[i - 1] else None,
                          self._number(i + 1) if self.space[i] else None)
            if any(other is not None and other.kind == "number" and other.is_integer
                   for other in neighbours):
                return True  # 03 30 00, 555 0142
        if number.kind == "range" and number.dash == "-" and not self._alone_in_cell(i) and number.precision >= 1:
            # 1-800 without a unit: a code, not a range (alone in a table cell, or of decimals
            # as a ratio's 0.38-0.45 is, a range)
            return True
        if number.kind == "number" and not number.is_integer and "." in text:
            previous = self.lowers[i - 1] if i > 0 else ""
            following = self.texts[i + 1] if i + 1 < self.n else ""
            if previous == "(" and following == ")":
                return True  # (5.1): a cross-reference
            if previous in _IN_REFERENCE_WORDS:
                return True  # described in 2.1
        return False

    # -- one mention -----------------------------------------------------------------------

    def read(self) -> list[Found]:
        found: list[Found] = []
        floor = 0
        resume = 0
        for i, lower in enumerate(self.lowers):
            if i < resume:
                continue
            if lower[:1] in _NUMBER_START and _DIGIT.search(lower) is not None:
                number = self._spaced_thousands(i, lex_number(self.texts[i]))
            elif lower in WORD_NUMBERS:
                number = self._word_number(i)
                if number is None or (number.kind == "word"
                                      and self._unit_with_gap(i + number.tokens, i) is None):
                    continue
            else:
                continue
            if number is None:
                continue
            mention, next_i = self._mention(i, number, floor)
            if mention is not None:
                found.append(mention)
                floor = next_i
            resume = max(next_i, i + 1)
        return found

    def _spaced_thousands(self, i: int, number: NumberToken | None) -> NumberToken | None:
        """``4 , 000 psi``: a drawing's thousands separator typed with a space each side (one to
        three digits, then groups of exactly three), read as one number; anything else as it is."""
        texts = self.texts
        if (number is None or number.kind != "number" or not number.is_integer or number.has_grouping
                or not re.fullmatch(r"\d{1,3}", texts[i])):
            return number
        k = i
        digits = texts[i]
        while (k + 2 < self.n and self.space[k] and texts[k + 1] == "," and self.space[k + 1]
               and re.fullmatch(r"\d{3}", texts[k + 2])):
            digits += texts[k + 2]
            k += 2
        if k == i:
            return self._space_grouped(i, number)
        if k + 1 < self.n and texts[k + 1] == "," and not self.space[k]:
            return number
        return replace(number, value=float(digits), has_grouping=True, tokens=k - i + 1)

    def _space_grouped(self, i: int, number: NumberToken) -> NumberToken:
        """``3 500 PSI``: thousands set apart by a space (the SI way), read as one number when
        groups of exactly three digits follow with one space each and a unit after them, and
        nothing numeric or a mark of a count or size (``(``, ``#``) stands just before."""
        texts = self.texts
        k = i
        digits = texts[i]
        while k + 1 < self.n and self.space[k] and re.fullmatch(r"\d{3}", texts[k + 1]):
            digits += texts[k + 1]
            k += 1
        if k == i or (i > 0 and (_DIGIT.search(texts[i - 1]) is not None or texts[i - 1] in ("(", "#", "-"))):
            return number
        unit = self._unit(k + 1, k) if k + 1 < self.n else None
        if unit is None or unit[1] is None:
            return number
        return replace(number, value=float(digits), has_grouping=True, tokens=k - i + 1)

    def _mention(self, i: int, number: NumberToken, floor: int) -> tuple[Found | None, int]:
        if self._designation(i, number):
            self.designated.add(i)
            return None, i + 1
        texts, lowers = self.texts, self.lowers
        first = i
        value, upper, precision = number.value, number.upper, number.precision
        notation: Notation = {"fraction": "fraction", "feet_inches": "feet_inches",
                              "word": "word"}.get(number.kind, "number")  # type: ignore[assignment]
        warnings: list[tuple[str, int, int, str]] = []
        # "-1.500% Notes": a list bullet, not a minus sign; a line that is only "-0.02" is signed
        bullet = (texts[i][:1] in ("-", "−") and self._starts_line(i) and value is not None
                  and re.search(r"[A-Za-z]", self._line_after(i)) is not None)
        if bullet:
            value = -value
        if number.kind == "malformed":
            warnings.append(("malformed_number", self.idx[i], self._end_char(i),
                             f"{texts[i]!r} is not a number as written (thousands separators?)"))

        # before the number: currency, a parenthesised negative, a sign word, a bound
        currency: str | None = None
        negative_paren = table_negative = False
        k = i - 1
        # a tolerance with no value before it: "plus or minus 3/4 inch", "± 2 mm"
        tolerance_only = self.phrases.ending(i, "TOLERANCE") if i > floor else None
        if tolerance_only is not None and tolerance_only[0] >= floor:
            first = k = tolerance_only[0]
            k -= 1
        else:
            tolerance_only = None
            if k >= floor and texts[k] == "(" and not self.space[k]:
                negative_paren = True
                k -= 1
            # the currency sign, also across a space or a line break ("$\n5,791", "$ 0.55")
            sign = self._gap_before(k)
            if sign >= floor and lowers[sign] in CURRENCY_PREFIXES:
                currency = texts[sign]
                first = sign
                k = sign - 1
            elif negative_paren:
                k += 1  # the parenthesis stays unclaimed unless a %, money or a table line says otherwise
            if (k >= floor and lowers[k] in ("minus", "-", "−")
                    and (lowers[k] == "minus" or (not self.space[k] and not self._starts_line(k)))):
                if value is not None:
                    value = -value
                first = min(first, k)
                k -= 1
            elif k >= floor and lowers[k] == "plus":
                first = min(first, k)
                k -= 1
        bound, bound_text = "exact", None
        before = self._bound_before(k + 1, floor)
        between = False
        if before is not None:
            bound, bound_text, bound_start = before
            first = min(first, bound_start)
        elif k >= floor and lowers[k] in ("between", "from"):
            between = lowers[k] == "between"

        # the number itself, and what is written right after it
        j = i + number.tokens
        if number.kind == "feet_inches" and j < self.n and texts[j] in _INCH_MARKS:
            j += 1
        if (number.kind == "number" and number.is_integer and j < self.n and self.space[i]):
            fraction = self._number(j)
            if fraction is not None and fraction.kind == "fraction" and fraction.value is not None:
                value = (value or 0) + fraction.value if (value or 0) >= 0 else (value or 0) - fraction.value
                precision = fraction.precision
                notation = "fraction"
                j += 1
        if negative_paren and j < self.n and texts[j] == ")":
            after = lowers[j + 1] if j + 1 < self.n else ""
            if currency is not None or after == "%" or after in SCALES or self._table_negative(i, j, number):
                value = -value if value is not None else None
                first = min(first, i - 1)
                table_negative = currency is None
                j += 1
            elif currency is None and number.kind == "number" and number.is_integer and j + 1 < self.n:
                opener = lowers[i - 2] if i > 1 and not self._starts_line(i - 1) else ""
                if texts[j + 1][:1].isalpha() and (not opener[:1].isalnum() or opener in self.stop):
                    # an enumerator: "(2) Minor components", ": (1) Current Health and (2) Two
                    # Peaks"; after a noun it is a count: "nurses (3) and physicians (2)"
                    return None, i + 1
                following = self._number(j + 1)
                if following is not None and following.kind == "range" and following.dash == "-":
                    return None, i + 1  # a telephone number: (304) 616-4550
        scale: str | None = None
        factor = 1.0
        at_scale = j
        if j < self.n and lowers[j] not in SCALES:
            gap = self._gap(j)  # "$737.9\nmillion": the scale word on the next line
            if gap != j and gap < self.n and texts[gap] in _SCALE_WORDS:
                at_scale = gap
        if (at_scale < self.n and lowers[at_scale] in SCALES
                and (currency is not None or lowers[at_scale] not in MONEY_ONLY_SCALES)):
            scale = texts[at_scale]
            factor = SCALES[lowers[at_scale]]
            j = at_scale + 1
        unit_written: str | None = None
        expression: str | None = None
        if number.kind == "feet_inches":
            unit_written, expression = "ft", "foot"
        else:
            unit = self._unit_with_gap(j, i)
            if unit is not None:
                j, expression, unit_written = unit[0], unit[1], unit[2]
                if expression is None:
                    warnings.append(("unknown_unit", self.idx[i], self._end_char(j - 1),
                                     f"unit {unit_written!r} is not known; the number is kept without a unit"))
                    unit_written = None
        if currency is not None and expression is None and not warnings:
            unit_written, expression = currency, CURRENCY_PREFIXES[currency.lower()]
            notation = "money"
        elif currency is not None and expression is not None:
            notation = "money"
            unit_written = f"{currency} {unit_written}"
        if expression == "percent":
            notation = "percent"
        if expression in _CURRENCY_CODES and j < self.n:
            rate = self._per_unit(j, first)  # $48.00 per cubic yard
            if rate is not None:
                end, per_expression, per_written, extend = rate
                expression = f"({expression}) / ({per_expression})"
                unit_written = f"{unit_written} per {per_written}"
                if extend:
                    j = end
        if expression is None and not warnings and self._looks_like_unit(j):
            warnings.append(("unknown_unit", self.idx[i], self._end_char(j),
                             f"{texts[j]!r} reads like a unit but is not known; the number is kept without a unit"))
            j += 1

        bare = expression is None and currency is None and scale is None
        if bare and not warnings and (
                number.kind == "word"
                or (self._bare_skip(i, number, texts[i]) if not table_negative else self._year(number, texts[i]))):
            return None, i + 1
        if tolerance_only is not None and expression is None:
            return None, i + 1  # "± 2" with no unit: nothing to say what it measures
        if value is not None:
            value *= factor
            if upper is not None:
                upper *= factor
            precision = precision * factor
        if number.kind == "range":
            bound = "range"

        # a range written with a connector: 30 to 40 kg, 15 to less than 20 kg, 20° to 25°C
        nominal = None
        if tolerance_only is not None and value is not None:
            value, upper, bound = -abs(value), abs(value), "range"
        if number.kind != "range" and j < self.n and value is not None and tolerance_only is None:
            ranged = self._range_after(j, value, expression, unit_written, currency, between)
            if ranged is not None:
                j, upper, expression, unit_written, hi_precision = ranged
                bound, bound_text = "range", None
                precision = min(precision, hi_precision) if precision else hi_precision
        # a tolerance: 4 inches ± 1 inch, 6% +/- 1.5%, 5.5 ± 1.0% (the spread's unit is the
        # value's), 6 1/2% ±1 1/2%; one each way in brackets: 3" (+1/4", -0")
        if bound == "exact" and value is not None and j < self.n:
            tolerance = self._tolerance_after(j, value, expression)
            if tolerance is not None:
                j, spread, spread_expression, spread_written = tolerance
                nominal = value
                value, upper = value - spread, value + spread
                bound = "range"
                if expression is None and currency is None and scale is None and spread_expression is not None:
                    expression, unit_written = spread_expression, spread_written
                    if expression == "percent":
                        notation = "percent"
            else:
                signed = self._signed_tolerance(j, value, expression)
                if signed is not None:
                    j, below, above = signed
                    nominal = value
                    value, upper = value - below, value + above
                    bound = "range"

        frequency, per_day = None, None
        k = j
        while k < self.n and (lowers[k] in ROUTES or self.phrases.at(k, "ROUTE") is not None):
            route = self.phrases.at(k, "ROUTE")
            k = route[0] if route is not None else k + 1
        freq = self.phrases.at(k, "FREQ")
        if freq is not None and expression is not None:
            frequency, per_day = self._written(k, freq[0]), float(FREQUENCIES[freq[1]])
            j = freq[0]
        spacing = False
        spacing_phrase = self.phrases.at(j, "SPACING")
        if spacing_phrase is not None and expression is not None:
            spacing, j = True, spacing_phrase[0]
        after = self.phrases.at(j, "BOUND_AFTER")
        if after is not None and bound in ("exact",) and (expression is not None or currency is not None):
            bound, bound_text, j = BOUND_AFTER[after[1]], after[1], after[0]

        start_char, end_char = self.idx[first] + (1 if bullet and first == i else 0), self._end_char(j - 1)
        resolved = None
        if expression is not None:
            dimension = dimension_of(expression)
            if dimension is not None:
                resolved = ResolvedUnit(unit_written or expression, expression, dimension)
        if upper is not None and value is not None and upper < value:
            value, upper = upper, value
        return Found(
            start=start_char, end=end_char, value=value, upper=upper, nominal=nominal,
            unit=unit_written, resolved=resolved, bound=bound, bound_text=bound_text,
            notation=notation, scale=scale, precision=precision if value is not None else None,
            frequency=frequency, per_day=per_day, spacing=spacing, warnings=warnings,
        ), j

    def _table_negative(self, i: int, close: int, number: NumberToken) -> bool:
        """Whether ``(number)`` is an accountant's negative: on a line of a financial table
        (nothing after it on its line but numbers and signs), alone there or among numbers,
        or after a row label when it is grouped (``(1,577)``) or other numbers share the line.
        A cross-reference ``(5.1)`` in prose and a footnote mark after a label are not."""
        if number.value is None or number.kind != "number":
            return False
        if self._year(number, self.texts[i]):
            return False
        rest = self._line_after(close)
        if _TABLE_LINE.match(rest) is None:
            return False
        head = self._line_before(i - 1)
        if _TABLE_LINE.match(head) is not None:
            return True
        return number.has_grouping or _DIGIT.search(rest) is not None

    @staticmethod
    def _year(number: NumberToken, text: str) -> bool:
        return (number.kind == "number" and number.is_integer and not number.has_grouping
                and len(text.lstrip("+-−")) == 4 and 1900 <= abs(number.value or 0) <= 2100)

    def _per_unit(self, j: int, first: int) -> tuple[int, str, str, bool] | None:
        """``per <unit>`` after an amount of money (``$48.00 per cubic yard``): (end, unit
        expression, unit as written, whether the mention's span runs on to it). The amount may
        be the figure in brackets of a sum written twice (``Forty-Eight Dollars ($48.00) per
        cubic yard``): both are the rate, and neither span takes in the brackets."""
        texts, k, extend = self.texts, j, True
        if texts[k] == ")" and first > 0 and texts[first - 1] == "(":
            k, extend = k + 1, False
        elif texts[k] == "(":
            close = next((m for m in range(k + 1, min(self.n, k + 8)) if texts[m] == ")"), None)
            if close is None or not any(_DIGIT.search(texts[m]) for m in range(k + 1, close)):
                return None
            k, extend = close + 1, False
        if k + 1 >= self.n or self.lowers[k] != "per":
            return None
        part = self._unit_part(k + 1, k)
        if part is None or part[1] in _CURRENCY_CODES or dimension_of(part[1]) is None:
            return None
        return part[0], part[1], self._written(k + 1, part[0]), extend

    def _range_after(
        self, j: int, value: float, expression: str | None, unit_written: str | None,
        currency: str | None, between: bool,
    ) -> tuple[int, float, str | None, str | None, float] | None:
        """``<connector> B [unit]`` after a first value: (end, upper, expression, written, precision)."""
        lowers = self.lowers
        connector = self.phrases.at(j, "RANGE")
        if connector is not None and connector[1] == "up to":
            return None
        if connector is not None:
            k = connector[0]
        elif lowers[j] in RANGE_CONNECTORS and (lowers[j] != "and" or between):
            if lowers[j] in ("-", "–", "—") and (self.space[j - 1] != self.space[j]):
                return None
            k = j + 1
        else:
            return None
        if k < self.n and currency is not None and lowers[k] == currency.lower():
            k += 1
        hi = self._number(k)
        if hi is None or hi.kind not in ("number", "fraction") or hi.value is None:
            return None
        end = k + 1
        factor = 1.0
        if end < self.n and lowers[end] in SCALES and lowers[end] not in MONEY_ONLY_SCALES:
            factor = SCALES[lowers[end]]
            end += 1
        hi_value = hi.value * factor
        unit = self._unit(end, k)
        hi_expression, written = None, None
        if unit is not None and unit[1] is not None:
            end, hi_expression, written = unit[0], unit[1], unit[2]
        if expression is None and hi_expression is None and currency is None:
            return None  # two bare numbers: not read as a range
        if hi.value == 1 and expression is not None and hi_expression not in (None, expression) and any(
                self.lowers[m] in ("scale", "scaled") for m in range(max(0, j - 10), j)):
            return None  # a drawing scale, 1/8 inch to 1 foot: two lengths in a ratio, not a range
        if expression is None or (expression == "degree" and hi_expression is not None):
            expression, unit_written = hi_expression, written
        elif hi_expression is not None and hi_expression != expression:
            try:
                hi_value = convert(hi_value, hi_expression, expression)
            except Exception:  # noqa: BLE001 — a different dimension: not a range
                return None
        if hi_value < value:
            return None
        return end, hi_value, expression, unit_written, hi.precision * factor

    def _tolerance_after(
        self, j: int, value: float, expression: str | None,
    ) -> tuple[int, float, str | None, str | None] | None:
        """``± spread [unit]`` after a value: (end, spread in the value's unit, the spread's
        unit expression and as written, None when it has none)."""
        mark = self.phrases.at(j, "TOLERANCE")
        if mark is None and j + 1 < self.n and self.texts[j] == ",":
            mark = self.phrases.at(j + 1, "TOLERANCE")  # 4 inches, plus or minus 1 inch
        bracketed = mark is None and j + 1 < self.n and self.texts[j] == "("
        if bracketed:
            mark = self.phrases.at(j + 1, "TOLERANCE")  # 4" (+/- 1"): the spread in brackets
        if mark is None:
            return None
        k = mark[0]
        spread = self._number(k)
        if spread is None or spread.value is None or spread.kind not in ("number", "fraction"):
            return None
        end = k + 1
        spread_value = spread.value
        if spread.kind == "number" and spread.is_integer and end < self.n and self.space[k]:
            fraction = self._number(end)  # a mixed number: ± 1 1/2%
            if fraction is not None and fraction.kind == "fraction" and fraction.value is not None:
                spread_value += fraction.value
                k, end = end, end + 1
        unit = self._unit(end, k)
        spread_expression: str | None = None
        written: str | None = None
        if unit is not None and unit[1] is not None:
            end, spread_expression, written = unit[0], unit[1], unit[2]
            if spread_expression == "percent" and expression not in (None, "percent"):
                spread_value = abs(value) * spread_value / 100
            elif expression is not None and spread_expression != expression:
                try:
                    spread_value = convert_difference(spread_value, spread_expression, expression)
                except Exception:  # noqa: BLE001 — a spread in another dimension is not a tolerance
                    return None
        if bracketed:
            if end >= self.n or self.texts[end] != ")":
                return None  # the brackets hold more than the spread
            end += 1
        return end, abs(spread_value), spread_expression, written

    def _signed_tolerance(self, j: int, value: float, expression: str | None) -> tuple[int, float, float] | None:
        """A tolerance each way in brackets after a value: ``(+1/4", -0")``, ``(-0, +5 mm)``:
        (end, how far below, how far above), each spread in the value's unit (a spread with no
        unit takes the value's); None when the brackets hold anything else."""
        texts = self.texts
        if expression is None or texts[j] != "(":
            return None
        k = j + 1
        spreads: dict[str, float] = {}
        while k < self.n and len(spreads) < 2:
            token = texts[k]
            sign = {"+": "+", "-": "-", "−": "-"}.get(token[:1])
            if sign is None or sign in spreads:
                return None
            if len(token) == 1 and k + 1 < self.n and not self.space[k]:
                k += 1  # the sign split off its number (−0)
                token = "+" + texts[k]
            spread = lex_number(token[1:]) if len(token) > 1 else None
            if spread is None or spread.value is None or spread.kind not in ("number", "fraction"):
                return None
            k += 1
            spread_value = spread.value
            unit = self._unit(k, k - 1)
            if unit is not None and unit[1] is not None:
                k = unit[0]
                if unit[1] != expression:
                    try:
                        spread_value = convert_difference(spread_value, unit[1], expression)
                    except Exception:  # noqa: BLE001 — a spread in another dimension is not a tolerance
                        return None
            spreads[sign] = abs(spread_value)
            if k < self.n and texts[k] in (",", "/") and len(spreads) < 2:
                k += 1
        if len(spreads) != 2 or k >= self.n or texts[k] != ")":
            return None
        return k + 1, spreads["-"], spreads["+"]
