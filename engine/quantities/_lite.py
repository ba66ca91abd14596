"""The quantity grammar read without spaCy: the pipeline's tokenizer and phrase matcher redone
in Python over tables exported from the pipeline itself.

Why a second form: importing spaCy and building the pipeline cost a cold ``inforce check``
about 0.6 s for reading one claim's numbers (issue 20). The grammar (``_reader._Reader``)
takes from a pipeline only the tokens — offset, length, whether a space follows — and the
phrase matches, so this module produces exactly those:

- :class:`RuleTokenizer` applies spaCy's tokenizer algorithm to the pipeline's own rules
  (its prefix, suffix, infix and URL expressions and its special cases, exported from it,
  never written out here): the text is cut at whitespace (one space after a token is that
  token's trailing space; other whitespace becomes tokens), each piece is a special case or
  has prefixes and suffixes peeled off until none is left (stopping early where what is
  left, or what is left without the affix just found, is a special case), the rest is kept
  whole when it is a special case or a URL, else split at its infixes (an infix at its very
  start is not split off); last, runs of tokens spelling a special case that holds an affix
  or a space are merged back into that case's tokens (longest runs first, then leftmost).
- :func:`match_phrases` finds every phrase of every label the way spaCy's ``PhraseMatcher``
  on lower-cased tokens does: every start, every length, overlapping matches included.
- The stop words the grammar consults are exported with them.

The tables (:class:`GrammarTables`) are exported from a built pipeline (:func:`export_tables`)
and written beside each graph build at ingest (``grammar_file``), keyed by what they were
built from; what does not check is never trusted, and the spaCy pipeline reads instead. The
pipeline stays the reference: tests hold this reading to it token by token, phrase by phrase
and mention by mention (``tests/engine/quantities/test_lite.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ._reader import _Reader
from ._tokens import Found

if TYPE_CHECKING:
    from spacy.language import Language

    from .units import UnitTable

__all__ = ["GrammarTables", "LiteWindows", "RuleTokenizer", "export_tables", "match_phrases"]

#: What the tables hold and how: change it whenever their fields change.
TABLES_FORMAT = 1


@dataclass(frozen=True)
class GrammarTables:
    """Everything the grammar takes from a built spaCy pipeline, as plain data.

    ``prefix``, ``suffix``, ``infix`` and ``url`` are (pattern, flags) of the tokenizer's
    expressions (None where it has none); ``token_match`` likewise; ``specials`` maps a special
    case's text to its tokens; ``merges`` are the special cases the tokenizer looks for again
    after splitting (those holding an affix or a space), each as the tokens it splits into
    without special cases; ``phrases`` maps a label to its phrases as lower-cased tokens;
    ``multi_units`` and ``keys`` are the phrase component's; ``stop`` the stop words.
    """

    prefix: tuple[str, int] | None
    suffix: tuple[str, int] | None
    infix: tuple[str, int] | None
    url: tuple[str, int] | None
    token_match: tuple[str, int] | None
    specials: Mapping[str, tuple[str, ...]]
    merges: Mapping[str, tuple[str, ...]]
    phrases: Mapping[str, tuple[tuple[str, ...], ...]]
    multi_units: Mapping[str, str]
    keys: Mapping[str, str]
    stop: frozenset[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TABLES_FORMAT,
            "prefix": self.prefix, "suffix": self.suffix, "infix": self.infix, "url": self.url,
            "token_match": self.token_match,
            "specials": {text: list(tokens) for text, tokens in sorted(self.specials.items())},
            "merges": {text: list(tokens) for text, tokens in sorted(self.merges.items())},
            "phrases": {label: sorted(list(p) for p in found) for label, found in sorted(self.phrases.items())},
            "multi_units": dict(sorted(self.multi_units.items())),
            "keys": dict(sorted(self.keys.items())),
            "stop": sorted(self.stop),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GrammarTables:
        """The tables written by :meth:`to_json`; ValueError when they are not (another
        format, a field missing or of another shape)."""
        try:
            if data["format"] != TABLES_FORMAT:
                raise ValueError(f"format {data['format']!r}")

            def expression(value: Any) -> tuple[str, int] | None:
                if value is None:
                    return None
                pattern, flags = value
                if not isinstance(pattern, str) or not isinstance(flags, int):
                    raise ValueError("an expression is (pattern, flags)")
                return pattern, flags

            def strings(values: Any) -> tuple[str, ...]:
                found = tuple(values)
                if not all(isinstance(v, str) for v in found):
                    raise ValueError("tokens are strings")
                return found

            return cls(
                prefix=expression(data["prefix"]), suffix=expression(data["suffix"]),
                infix=expression(data["infix"]), url=expression(data["url"]),
                token_match=expression(data["token_match"]),
                specials={str(text): strings(tokens) for text, tokens in data["specials"].items()},
                merges={str(text): strings(tokens) for text, tokens in data["merges"].items()},
                phrases={str(label): tuple(strings(p) for p in found) for label, found in data["phrases"].items()},
                multi_units={str(k): str(v) for k, v in data["multi_units"].items()},
                keys={str(k): str(v) for k, v in data["keys"].items()},
                stop=frozenset(strings(data["stop"])),
            )
        except (KeyError, TypeError, AttributeError) as wrong:
            raise ValueError(f"grammar tables do not read: {wrong!r}") from None


# ---- exported from the pipeline ------------------------------------------------------------------


def export_tables(nlp: Language) -> GrammarTables:
    """The tables of a pipeline ``_grammar.build_pipeline`` built (spaCy is loaded by then)."""
    from spacy.attrs import intify_attrs
    from spacy.symbols import ORTH

    from ._tokens import _stop_words

    tokenizer = nlp.tokenizer
    phrases = nlp.get_pipe("inforce_quantity_phrases")

    def expression(bound: Any) -> tuple[str, int] | None:
        if bound is None:
            return None
        pattern = getattr(bound, "__self__", None)
        if not isinstance(pattern, re.Pattern):
            raise TypeError(f"the tokenizer's {bound!r} is not a compiled expression's method")
        return pattern.pattern, pattern.flags

    specials = {
        text: tuple(intify_attrs(dict(spec), _do_deprecated=True)[ORTH] for spec in specs)
        for text, specs in tokenizer.rules.items()
    }
    draft = GrammarTables(
        prefix=expression(tokenizer.prefix_search), suffix=expression(tokenizer.suffix_search),
        infix=expression(tokenizer.infix_finditer), url=expression(tokenizer.url_match),
        token_match=expression(tokenizer.token_match), specials=specials, merges={},
        phrases={label: tuple(sorted(found)) for label, found in phrases.patterns.items()},
        multi_units=dict(phrases.multi_units), keys=dict(phrases.keys), stop=_stop_words(),
    )
    if not tokenizer.faster_heuristics:
        raise ValueError("the tokenizer looks for every special case again; _lite reads only those with affixes")
    # the special cases spaCy's tokenizer merges back after splitting, as it splits them
    return replace(draft, merges=RuleTokenizer(draft).merge_patterns())


# ---- the tokenizer --------------------------------------------------------------------------------


def _compiled(expression: tuple[str, int] | None) -> re.Pattern[str] | None:
    return None if expression is None else re.compile(expression[0], expression[1])


class RuleTokenizer:
    """spaCy's tokenizer algorithm over a pipeline's exported rules: :meth:`tokens` gives what
    ``Doc.to_array([IDX, LENGTH, SPACY])`` of the pipeline's ``make_doc`` gives."""

    def __init__(self, tables: GrammarTables) -> None:
        self.specials = tables.specials
        self._prefix = _compiled(tables.prefix)
        self._suffix = _compiled(tables.suffix)
        self._infix = _compiled(tables.infix)
        self._token_match = _compiled(tables.token_match)
        self._url_source = tables.url
        self._url: re.Pattern[str] | None = None
        self._merges: dict[str, list[tuple[str, ...]]] = {}
        self._longest_merge = 0
        for tokens in set(tables.merges.values()):
            if tokens:
                self._merges.setdefault(tokens[0], []).append(tokens)
                self._longest_merge = max(self._longest_merge, len(tokens))

    # -- the affix expressions -------------------------------------------------------------------

    def find_prefix(self, text: str) -> int:
        found = self._prefix.search(text) if self._prefix is not None else None
        return found.end() - found.start() if found is not None else 0

    def find_suffix(self, text: str) -> int:
        found = self._suffix.search(text) if self._suffix is not None else None
        return found.end() - found.start() if found is not None else 0

    def find_infixes(self, text: str) -> list[re.Match[str]]:
        return list(self._infix.finditer(text)) if self._infix is not None else []

    def _is_url(self, text: str) -> bool:
        if self._url_source is None:
            return False
        if self._url is None:  # compiled on first need: most words have no infix to keep
            self._url = _compiled(self._url_source)
        return self._url.match(text) is not None  # type: ignore[union-attr]

    # -- tokenizing -------------------------------------------------------------------------------

    def tokens(self, text: str) -> list[tuple[int, int, int]]:
        """(offset, length, 1 when one space follows else 0) of each token of ``text``."""
        texts, spaces = self._split(text, specials=True)
        if texts:
            texts, spaces = self._merge(text, texts, spaces)
        rows = []
        at = 0
        for token, space in zip(texts, spaces, strict=True):
            rows.append((at, len(token), int(space)))
            at += len(token) + space
        return rows

    def _split(self, text: str, *, specials: bool) -> tuple[list[str], list[bool]]:
        """Tokens and their trailing-space flags before special cases are merged back."""
        texts: list[str] = []
        spaces: list[bool] = []
        if not text:
            return texts, spaces
        in_blank = text[0].isspace()
        start = 0
        for at, char in enumerate(text):
            if char.isspace() != in_blank:
                if start < at:
                    self._piece(text[start:at], texts, specials)
                    spaces.extend([False] * (len(texts) - len(spaces)))
                if char == " ":
                    spaces[-1] = True
                    start = at + 1
                else:
                    start = at
                in_blank = not in_blank
        if start < len(text):
            self._piece(text[start:], texts, specials)
            spaces.extend([False] * (len(texts) - len(spaces)))
            spaces[-1] = text[-1] == " " and not in_blank
        return texts, spaces

    def _piece(self, piece: str, out: list[str], specials: bool) -> None:
        """One stretch between whitespace (or of whitespace), split into tokens onto ``out``."""
        special = self.specials.get(piece) if specials else None
        if special is not None:
            out.extend(special)
            return
        prefixes: list[str] = []
        suffixes: list[str] = []
        rest = self._peel(piece, prefixes, suffixes, specials)
        out.extend(prefixes)
        if rest:
            special = self.specials.get(rest) if specials else None
            if special is not None:
                out.extend(special)
            elif self._token_match is not None and self._token_match.match(rest) is not None:
                out.append(rest)
            else:
                self._split_infixes(rest, out)
        out.extend(reversed(suffixes))

    def _peel(self, text: str, prefixes: list[str], suffixes: list[str], specials: bool) -> str:
        """Prefixes and suffixes taken off ``text`` until none is left (or a special case is)."""
        last_size = 0
        while text and len(text) != last_size:
            if self._token_match is not None and self._token_match.match(text) is not None:
                break
            if specials and text in self.specials:
                break
            last_size = len(text)
            pre_len = self.find_prefix(text)
            if pre_len:
                prefix, minus_pre = text[:pre_len], text[pre_len:]
                if minus_pre and specials and minus_pre in self.specials:
                    prefixes.append(prefix)
                    return minus_pre
            suf_len = self.find_suffix(text[pre_len:])
            if suf_len:
                suffix, minus_suf = text[-suf_len:], text[:-suf_len]
                if minus_suf and specials and minus_suf in self.specials:
                    suffixes.append(suffix)
                    return minus_suf
            if pre_len and suf_len and pre_len + suf_len <= len(text):
                text = text[pre_len:-suf_len]
                prefixes.append(prefix)
                suffixes.append(suffix)
            elif pre_len:
                text = minus_pre
                prefixes.append(prefix)
            elif suf_len:
                text = minus_suf
                suffixes.append(suffix)
        return text

    def _split_infixes(self, text: str, out: list[str]) -> None:
        """``text`` split at its infixes (none at its very start), or whole when it is a URL."""
        found = [match for match in self.find_infixes(text) if match.start() != 0]
        if not found or self._is_url(text):  # no split: the same token whether a URL or not
            out.append(text)
            return
        start = 0
        for match in found:
            begin, end = match.start(), match.end()
            if begin != start:
                out.append(text[start:begin])
            if begin != end:
                out.append(text[begin:end])
            start = end
        if start < len(text):
            out.append(text[start:])

    def _merge(self, text: str, texts: list[str], spaces: list[bool]) -> tuple[list[str], list[bool]]:
        """Runs of tokens spelling a special case with an affix or a space, merged back into
        its tokens: of overlapping runs, the longest (then the leftmost) wins, and a run whose
        first or last token another kept or refused run covers is not merged."""
        if not self._merges:
            return texts, spaces
        found: list[tuple[int, int]] = []
        for start, token in enumerate(texts):
            for tokens in self._merges.get(token, ()):
                end = start + len(tokens)
                if end <= len(texts) and tuple(texts[start:end]) == tokens:
                    found.append((start, end))
        if not found:
            return texts, spaces
        seen: set[int] = set()
        kept: list[tuple[int, int]] = []
        for start, end in sorted(set(found), key=lambda span: (-(span[1] - span[0]), span[0])):
            if start not in seen and end - 1 not in seen:
                kept.append((start, end))
            seen.update(range(start, end))
        offsets = []
        at = 0
        for token, space in zip(texts, spaces, strict=True):
            offsets.append(at)
            at += len(token) + space
        merged_texts: list[str] = []
        merged_spaces: list[bool] = []
        cursor = 0
        for start, end in sorted(kept):
            merged_texts.extend(texts[cursor:start])
            merged_spaces.extend(spaces[cursor:start])
            spelled = text[offsets[start] : offsets[end - 1] + len(texts[end - 1])]
            special = self.specials.get(spelled)
            if special is None:
                merged_texts.extend(texts[start:end])
                merged_spaces.extend(spaces[start:end])
            else:
                merged_texts.extend(special)
                merged_spaces.extend([False] * (len(special) - 1) + [spaces[end - 1]])
            cursor = end
        merged_texts.extend(texts[cursor:])
        merged_spaces.extend(spaces[cursor:])
        return merged_texts, merged_spaces

    def merge_patterns(self) -> dict[str, tuple[str, ...]]:
        """The special cases looked for again after splitting — those holding a prefix, a
        suffix, an infix or a space — each as split without special cases."""
        patterns = {}
        for text in self.specials:
            if self.find_prefix(text) or self.find_infixes(text) or self.find_suffix(text) or " " in text:
                tokens, _ = self._split(text, specials=False)
                if tokens:
                    patterns[text] = tuple(tokens)
        return patterns


# ---- phrases --------------------------------------------------------------------------------------


def match_phrases(lowers: Sequence[str], by_first: Mapping[str, Sequence[tuple[tuple[str, ...], str]]]
                  ) -> list[tuple[str, int, int]]:
    """(label, start, end) of every phrase whose lower-cased tokens the window's spell, at
    every start and length (``by_first``: the phrases by their first token)."""
    found = []
    count = len(lowers)
    for start, first in enumerate(lowers):
        for tokens, label in by_first.get(first, ()):
            end = start + len(tokens)
            if end <= count and tuple(lowers[start:end]) == tokens:
                found.append((label, start, end))
    return found


class LiteWindows:
    """Reads a window as the pipeline's components do, with the tokenizer and phrase matcher
    of this module: the same ``Found`` items, without spaCy."""

    def __init__(self, tables: GrammarTables, table: UnitTable) -> None:
        self.tables = tables
        self.table = table
        self.tokenizer = RuleTokenizer(tables)
        by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for label, phrases in tables.phrases.items():
            for tokens in phrases:
                if tokens:
                    by_first.setdefault(tokens[0], []).append((tokens, label))
        self._by_first = by_first

    def __call__(self, window: str, leading_blank: bool) -> tuple[Found, ...]:
        rows = self.tokenizer.tokens(window)
        lowers = [window[at : at + length].lower() for at, length, _ in rows]
        phrases = match_phrases(lowers, self._by_first)
        return tuple(_Reader(window, leading_blank, rows, phrases, self.table, self.tables.multi_units,
                             self.tables.keys, self.tables.stop).read())
