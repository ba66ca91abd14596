"""The quantity grammar: a blank English spaCy pipeline with rule components.

- **tokenizer** — spaCy's English rules with number rules added: a hyphen between digits does
  not split (``30-40``, ``1-1/2``, ``1-800-555-0142`` stay one token, so a code is never read
  as numbers), a unit glued to a number splits off (``28MPa``, ``250mg``), ``≤ ≥ ± ~`` split
  off the front, ``+/-`` is one token, ``±`` between digits splits (``18±2mm``), a table's ``|`` separates cells, and spaCy's emoticons
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
from typing import TYPE_CHECKING, Any

from ._lexicon import (
    BOUND_AFTER,
    BOUND_BEFORE,
    FREQUENCIES,
    ROUTES,
    SCALES,
    SPACING,
    TOLERANCE_MARKS,
)
from ._reader import _Reader
from ._tokens import _VULGAR_CLASS, Found, _stop_words
from .units import UnitTable, unit_table

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokenizer import Tokenizer
    from spacy.tokens import Doc

__all__ = ["QUANTITIES", "SOURCE", "Found", "build_pipeline"]

_UNITS_GLUED = (
    "psi|PSI|ksi|KSI|psf|PSF|pcf|PCF|MPa|MPA|kPa|GPa|mL|ml|IU|mcg|hrs|hr|min|mos|yrs|wks|"
    "N/mm²|N/mm2|bn|Bn|BN|bln|Bln|mn|Mn|MN|mln|Mln|B|M|K|%|°|℃|℉|″|′|'|\"|"
    # electricity written against its figure (480V, 30A, 7.5kW, 60Hz: audit 55)
    "kVA|KVA|kV|KV|kW|KW|kN|MW|kHz|Hz|VA|V|A|W"
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
                r"(?<=[Pp][Aa])/(?=[0-9])", rf"(?<=[{_VULGAR_CLASS}])-(?=[A-Za-z])",
                # a tolerance written without blanks (``18±2mm``) reads as ``18 ± 2 mm`` does
                r"(?<=[0-9])±(?=[0-9])"]
    # a multiplier's glued "x" splits off the end (``9.5x``; ``2x4`` keeps its digits together)
    # and a sentence's stop after a symbol of two or three letters glued to its figure (``4.5kW.``)
    suffixes = [*defaults.suffixes, rf"(?<=[0-9])(?:{_UNITS_GLUED})", r"(?<=\))%", r"(?<=[0-9][A-Za-z])\.",
                "|".join(rf"(?<=[0-9]{symbol})" for symbol in ("kW", "KW", "kV", "KV", "MW", "Hz", "kN", "kVA", "KVA", "kHz"))
                .join("(?:)") + r"\.",
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
