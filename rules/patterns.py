"""Wording patterns: supersession derivation and qualifier cross-references.

A policy owner writes a pattern as the words of the document with placeholders:

    Section {section}, Paragraph {paragraph}: Delete {text} and substitute

``{section}`` is a CSI MasterFormat number (``03 30 00``, its title after it allowed, quoted
or after a dash),
``{paragraph}`` and ``{ref}`` a section path as the document numbers it (``2.1.A``, ``9.1``,
``447.21(a)(1)``), ``{name}`` a paragraph by its name (``Alternate No. 2``, ``Hardware Set
No. 3``: capitalised words and a number), ``{sheet}`` a drawing sheet with the word that
names it (``Sheet A-201``, ``Drawing No. A-201``, ``Dwg. A-201``), ``{sheets}`` a list of
them (``Drawing Nos. A-101, A-201 and A-401``), ``{callout}`` a callout on a sheet
(``callout 4``, ``keynote 4``), ``{text}`` any words and ``{end}`` the end of a sentence (a
full stop, a semicolon, or the end of the paragraph). Spaces match any run of whitespace, a
comma may be left out, and letter case is ignored. Whoever needs more writes ``regex:`` with
the same names as named groups.

A supersession rule also lists, under ``no_change``, the words by which an item says it
changes nothing ("Answer: REJECTED.", "No change is made"); they are whole words written
the same way, or ``regex:``, and need no placeholder.

Beyond whole sentences, a rule may give the pieces an addendum reader puts together itself
(issue 21): ``layouts`` (lines that open an item: ``Item [No.|Number] {label}``),
``references`` (extra notations naming a section, paragraph, sheet or callout: ``Part {part},
Article {article}, Paragraph {letter}``) and ``verbs`` (the words of each action: replace,
amend, delete, no_change; ``...`` stands for any words between two). They are compiled here
(``compile_layout``, ``compile_notation``, ``compile_verb``), once, for lint and readers alike.
"""

from __future__ import annotations

import _sre  # the lower case ``re`` itself matches by (its compiler's own helper)
import functools
import math
import re
from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from inforce.ontology.scalars import YamlModel

from .base import RULE_CONFIG, RuleBase

__all__ = [
    "WORDING_FLAGS",
    "DOCUMENT_PLACEHOLDERS",
    "PLACEHOLDERS",
    "PatternError",
    "SAFE_REGEX_HINT",
    "UnsafeRegexError",
    "check_backtracking",
    "candidates",
    "IGNORECASE_NON_ASCII",
    "finds",
    "case_folded",
    "lowered",
    "required_words",
    "Requirement",
    "SHEET_NUMBER",
    "QualifierRule",
    "ActionWording",
    "SupersessionPattern",
    "SupersessionRule",
    "TargetWording",
    "WordingPattern",
    "ITEM_ACTIONS",
    "LAYOUT_PLACEHOLDERS",
    "REFERENCE_KINDS",
    "REFERENCE_PLACEHOLDERS",
    "WORD_LISTS",
    "compile_layout",
    "compile_notation",
    "compile_phrase",
    "compile_verb",
    "compile_wording",
    "wording_source",
    "has_groups",
    "normalize_path",
    "normalize_section_number",
    "supersession_needs",
]

#: An outline path: "2.1.A", "3", "A.1" and, after a letter its document numbers its clauses with,
#: "A6.1", "C3.1.1" (a council's "Section A" numbering A1, A6.1; round 52).
_PATH = r"(?:\d+[A-Za-z]?|[A-Z](?=\.\d)|(?-i:[A-Z]{1,2})\d{1,3}(?=\.\d))(?:\.[0-9A-Za-z]+)*(?:\([0-9A-Za-z]{1,4}\))*"
#: A sheet number as title blocks write it: ``A-201``, ``S101``, ``A1.01``, ``FP-101``, ``A-201R``.
#: (a hyphen may join a title to the number, "A-101-First Floor Plan": owners and their CAD
#: software name sheets so; a hyphen before anything else, "A-101-A", is no end of the number)
SHEET_NUMBER = r"[A-Z]{1,3}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?(?!\w|-(?!(?-i:[A-Z][a-z]{2})))"
#: The words that name a sheet before its number ("Sheet", "Drawing No.", "Dwg.").
_SHEET_WORD = r"(?:Contract\s+)?(?:Drawing\s+Sheet|Sheet|Drawing|Dwg\.?)(?:\s+No\.?)?\s+"
_SHEETS_WORD = r"(?:Contract\s+)?(?:Sheets|Drawings|Dwgs\.?|Drawing\s+Nos\.?|Sheet\s+Nos\.?)\s+"
PLACEHOLDERS: dict[str, str] = {
    "section": r"\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?",
    "paragraph": _PATH,
    "ref": _PATH,
    # capitalised words (letter case kept, whatever the pattern's) then a number
    "name": r"(?-i:[A-Z][A-Za-z-]*(?:[ \t]+[A-Z][A-Za-z-]*){0,3})[ \t]+(?:No\.?|Number|#)[ \t]*\d{1,4}[A-Z]?(?!\w)",
    "sheet": rf"(?-i:{SHEET_NUMBER})",  # its title after it allowed, as a section's
    "sheets": rf"(?-i:{SHEET_NUMBER}(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*){SHEET_NUMBER})*)",
    "callout": r"\d{1,3}[A-Z]?(?!\.?\w)",  # "keynote 2.1" is no callout 2
    "text": r".{0,400}?",  # bounded: two of them cannot take a long item quadratically long
    "end": r"(?=\s*(?:[.;]|$))",
}
#: What a placeholder takes before its group: the words that name it.
_PREFIX = {
    "sheet": _SHEET_WORD,
    "sheets": _SHEETS_WORD,
    "callout": r"(?:callout|keynote|key\s+note|note)\s+(?:No\.?\s*)?",
}
_CALLOUT_WORD = r"(?P<callout_word>callout|keynote|key\s+note|note)\s+(?:No\.?\s*)?"
#: What a placeholder takes after its group: a paragraph's or a name's title before a colon
#: ("Article 2.1, HINGES:", "Alternate No. 2, Vehicle Wash Bay:").
_CAPITALISED = r"(?:,\s+(?-i:[A-Z][A-Za-z&/'-]*(?:[ \t]+[A-Z][A-Za-z&/'-]*){0,8})(?=\s*:))?"
_SUFFIX = {
    # capitalised words before the colon ("Article 2.1, HINGES:", "Paragraph 2.2.A, Mortise Locks:",
    # "Alternate No. 2, Vehicle Wash Bay:"), so "Paragraph 3.1.A, second sentence:" or
    # "Paragraph 2.2.A, Section 07 21 00:" has no title and is not read
    "paragraph": _CAPITALISED,
    "name": _CAPITALISED,
}
#: Placeholders that stand for words, not for a value the rule reads (no group of their own).
_UNNAMED = {"text", "end"}
#: A title after a section's or a sheet's number: quoted (``Section 00 21 13 "Instructions to
#: Bidders,"``), after a dash (``Section 03 30 00 - CAST-IN-PLACE CONCRETE,``, ``Sheet A-101 -
#: FLOOR PLAN:``), or in capitals between commas or before one (``Section 03 41 00, PRECAST
#: STRUCTURAL CONCRETE, is deleted``, ``Section 034100 PRECAST STRUCTURAL CONCRETE, Paragraph``).
_TITLE = (r'(?:\s*["“][^"”\n]{0,160}["”]|\s+[-–—]\s+(?!(?-i:[A-Z]{1,3}-?\d))[^,:"“\n]{1,120}?'
          r"|,\s+(?-i:[A-Z][A-Z&/'. -]{2,80}?),?(?=\s|$)|\s+(?-i:[A-Z][A-Z&/'. -]{2,80}?)(?=,))?")
#: Words a cross-reference may put before the number it names ("in Section 9.1", "in § 9.1").
_REF_PREFIX = r"(?:§\s*|(?:sections?|paragraphs?|articles?|clauses?)\s+)?"
_PLACEHOLDER_RE = re.compile(r"\{([a-z_]+)\}")


class PatternError(ValueError):
    """A pattern that does not compile, or lacks a placeholder its rule needs."""


#: How a raw ``regex:`` may be written safely; the hint of every refusal by :func:`check_backtracking`.
SAFE_REGEX_HINT = (
    "make the inner repetition possessive (\\w++, [^.]*+) or atomic ((?>\\w+)), or the outer one "
    "possessive ((?:\\w+\\s?)++), so it cannot give back what it read"
)
#: Characters the overlap of two alternatives is tried on: ASCII, Latin-1 and the usual
#: typographic punctuation and spaces (an alternation whose choices share none of them is not
#: refused for sharing another).
#: The flags as plain integers (an ``re.RegexFlag`` operand makes each ``&`` an enum operation).
_IGNORECASE, _DOTALL = int(re.IGNORECASE), int(re.DOTALL)
_SAMPLE = tuple(chr(c) for c in (*range(0x180), *range(0x2000, 0x2070), 0x3000))


class UnsafeRegexError(PatternError):
    """A raw ``regex:`` whose repetitions can try exponentially many ways to read one text."""

    hint = SAFE_REGEX_HINT


#: The most ways a repetition holding another may split what they read between them: the product
#: of their maximums (a repetition without one, or holding none that varies, counts as above it).
#: Measured on a 100-character line that fails: ``(?:\w{1,5}){1,5}!`` reads it in some 10 ms,
#: ``(?:\w{1,6}){1,6}!`` in 80 ms, ``{1,7}`` in over a second and ``{1,8}`` in half a minute; every
#: product up to 25 (``{1,2}`` of ``{1,12}``, ``{1,3}`` of ``{1,8}``) stays under 50 ms.
MAX_NESTED_SPLITS = 25
#: How many repetitions above :data:`MAX_NESTED_SPLITS` (or without a maximum) may follow one another
#: reading the same character: two (``.*foo.*``) try quadratically many splits, three a cube of them.
MAX_REPEATS_IN_A_ROW = 2


def check_backtracking(regex: str, flags: int = 0) -> None:
    """UnsafeRegexError when ``regex`` can backtrack catastrophically (issue 23). Refused:

    - a repetition (a maximum above one) holding alternatives that can read the same text (two
      may both read nothing, or can begin with the same character), or a part it may read or leave
      out (``a?``, ``(?:|a)``, as ``re`` reads ``(a|aa)``) that can begin with what may follow it;
    - a repetition holding another whose length varies, when the product of their maximums (of
      every such level) exceeds :data:`MAX_NESTED_SPLITS`: without a maximum (``(\\w+\\s?)+``) or
      with a large one (``(?:\\w{1,60}){1,60}``) alike;
    - more than :data:`MAX_REPEATS_IN_A_ROW` long repetitions that can read the same character,
      with nothing between them that must read another (``\\w*\\w*\\w*``, ``.*a.*a.*``).

    Each lets a failing match try exponentially (or polynomially, of a high degree) many ways to
    split a text among the repetitions. What an atomic group or a possessive quantifier holds is
    not given back, so is not counted; the tree is the one ``re`` itself parses (choices ``re``
    folds into one set no longer count as two). The message shows the part, as ``re`` reads it."""
    from re import _parser as parser  # Python's own regular-expression parser (3.11+)

    tree = parser.parse(regex, flags)
    problem = _nested_repeat(list(tree), int(tree.state.flags), parser)
    if problem is None:
        problem = _repeats_in_a_row(list(tree), int(tree.state.flags), parser)
    if problem is not None:
        raise UnsafeRegexError(f"regex can backtrack without end: {problem}")


#: Characters ``re.IGNORECASE`` reads as an ASCII letter though they are not ASCII (the
#: Python ``re`` documentation's four): a text holding one is no sure test for ``required_words``.
IGNORECASE_NON_ASCII = frozenset("\u0130\u0131\u017f\u212a")



def _folded_apart() -> frozenset[str]:
    """Letters ``re.IGNORECASE`` matches by more than their lower case: those of :data:`IGNORECASE_NON_ASCII`
    and each letter ``re`` counts as another's case (``re._casefix``: "в" and "ᲀ", "σ" and "ς", "θ" and
    "ϑ"), with their upper and lower cases. A word needed of a text (:func:`required_words`) holds
    none of them, so a text's lower case is a sure test of it wherever the text is free of
    :data:`IGNORECASE_NON_ASCII`: Cyrillic, Greek or accented Latin words gate a pattern as ASCII ones do."""
    from re import _casefix  # the table ``re``'s compiler folds case by (3.11+)

    letters = set(IGNORECASE_NON_ASCII)
    for letter, others in _casefix._EXTRA_CASES.items():
        letters.update(map(chr, (letter, *others)))
    cases = {case for letter in letters for case in (letter.lower(), letter.upper()) if len(case) == 1}
    return frozenset(letter for letter in letters | cases if not letter.isascii())  # ASCII letters gate as before


_FOLDED_APART = _folded_apart()


@functools.lru_cache(maxsize=8192)
def required_words(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Words one of which a text's lower case holds wherever ``pattern`` finds anything (a cheap
    test before scanning a long text with it; issue 23, audit 69 B F02), in lower case; None when
    the pattern needs no such word. Read from the tree ``re`` itself parses:
    a run of literal characters that every match reads, or one per choice of an alternation
    every match passes through. The test holds where the text is free of
    :data:`IGNORECASE_NON_ASCII` (``re.IGNORECASE`` reads an ASCII letter there alone)."""
    from re import _parser as parser  # Python's own regular-expression parser (3.11+)

    found = _required(list(parser.parse(pattern.pattern, pattern.flags)), parser, _FOLDED_APART)
    if not found:
        return None
    return tuple(sorted({word.lower() for word in found}))


def _least_of_each_case() -> dict[int, int]:
    """Each lower-case code ``re`` counts as another's case (``re._casefix``) → the least code of
    its class (the classes joined where they share a code)."""
    from re import _casefix  # the table ``re``'s compiler folds case by (3.11+)

    classes: list[set[int]] = []
    for code, others in _casefix._EXTRA_CASES.items():
        members = {code, *others}
        for joined in [known for known in classes if known & members]:
            members |= joined
            classes.remove(joined)
        classes.append(members)
    return {member: min(members) for members in classes for member in members}


@functools.cache
def _case_folding() -> dict[int, int]:
    """``str.translate``'s table for :func:`case_folded`: each code that folds to another (some 1,500)."""
    least = _least_of_each_case()
    table = {}
    for code in range(0x110000):
        lower = _sre.unicode_tolower(code)
        folded = least.get(lower, lower)
        if folded != code:
            table[code] = folded
    return table


def case_folded(text: str) -> str:
    """``text`` as ``re.IGNORECASE`` compares it, one character for each (the spans of a match
    in it are the spans in ``text``): two characters are one here exactly where ``re.IGNORECASE``
    matches the one by the other (the lower case ``re`` reads, then the least of the cases
    ``re`` counts as one: "ſ" is "s", "K" is "k", "ς" is "σ"), and ``[A-Za-z0-9]`` under it reads
    as ``[a-z0-9]`` here. A pattern of many phrases compiled without ``re.IGNORECASE`` and matched
    here finds what it found under it in ``text``: compiling the flag's character classes was
    most of the cost of a vocabulary of thousands of subjects (issue 23, audit 111 B F2)."""
    return text.lower() if text.isascii() else text.translate(_case_folding())


def lowered(text: str) -> str | None:
    """``text`` in lower case, for ``finds`` (None where it is no sure test of what ``re.IGNORECASE``
    reads: the text holds a letter it reads as an ASCII one)."""
    return None if any(letter in text for letter in IGNORECASE_NON_ASCII) else text.lower()


def finds(pattern: re.Pattern[str], text: str, lower: str | None) -> Iterable[re.Match[str]]:
    """What ``pattern.finditer(text)`` finds, with no scan of a text whose lower case ``lower``
    (:func:`lowered`) holds none of the words the pattern needs (:func:`required_words`): a vocabulary's
    hundreds of phrases each scanning every position of a long item was the ingest time of a long
    line or of many items (issue 23, audit 69 B F02); the words are looked for in one pass each."""
    needs = required_words(pattern) if lower is not None else None
    if needs is not None and not any(word in lower for word in needs):
        return ()
    return pattern.finditer(text)


#: Lists of patterns already indexed by the words they need (:func:`candidates`), by identity:
#: (the list, the indices of those needing no word, word -> the indices of those needing it).
_WORD_INDEXES: dict[int, tuple[Sequence[re.Pattern[str]], tuple[int, ...], dict[str, tuple[int, ...]]]] = {}


def candidates(patterns: Sequence[re.Pattern[str]], lower: str | None) -> Sequence[re.Pattern[str]]:
    """The ``patterns`` that may find something in a text whose lower case is ``lower`` (:func:`lowered`),
    in their order: each pattern :func:`finds` would not pass over. The words the patterns need
    (:func:`required_words`) are indexed once per list, and each is looked for once in the text:
    a call of ``finds`` for each of a vocabulary's hundreds of patterns, over each item of an
    addendum of thousands, was most of its ingest time (issue 23, audit 69 B F02)."""
    if lower is None:
        return patterns
    held = _WORD_INDEXES.get(id(patterns))
    if held is None or held[0] is not patterns:
        if len(_WORD_INDEXES) >= 256:
            _WORD_INDEXES.clear()
        always: list[int] = []
        by_word: dict[str, list[int]] = {}
        for index, pattern in enumerate(patterns):
            needs = required_words(pattern)
            if needs is None:
                always.append(index)
            for word in needs or ():
                by_word.setdefault(word, []).append(index)
        held = _WORD_INDEXES[id(patterns)] = (patterns, tuple(always),
                                              {word: tuple(at) for word, at in by_word.items()})
    _, always, by_word = held
    hit = set(always)
    for word, at in by_word.items():
        if word in lower:
            hit.update(at)
    return patterns if len(hit) == len(patterns) else [patterns[index] for index in sorted(hit)]


def _required(items: list, c, apart: frozenset[str]) -> frozenset[str] | None:
    """The best (longest shortest word) set of words one of which every match of ``items`` reads,
    none holding a letter of ``apart`` (:func:`_folded_apart`)."""
    candidates: list[frozenset[str]] = []
    run = ""
    for op, av in items:
        if op is c.LITERAL and (av < 0x80 or apart.isdisjoint((chr(av), chr(av).lower()))):
            run += chr(av)
            continue
        if run:  # a letter folded apart ends the run: the letters either side are each read
            candidates.append(frozenset((run,)))
            run = ""
        if op is c.SUBPATTERN:
            held = _required(list(av[3]), c, apart)
        elif op is c.ATOMIC_GROUP:
            held = _required(list(av), c, apart)
        elif op is c.BRANCH:
            each = [_required(list(branch), c, apart) for branch in av[1]]
            held = None if any(one is None for one in each) else frozenset().union(*each)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
            held = _required(list(av[2]), c, apart)
        else:
            held = None
        if held:
            candidates.append(held)
    if run:
        candidates.append(frozenset((run,)))
    return max(candidates, key=lambda words: min(map(len, words)), default=None)


def _nested_repeat(items: list, flags: int, parser) -> str | None:
    """The first catastrophic repetition among ``items`` (a parsed sequence), described."""
    c = parser
    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[1] > 1:
            body = list(av[2])
            inner = _splits(body, c)
            part = _render([(op, av)], c)
            if inner == c.MAXREPEAT:
                return f"a repeated group holds an unbounded repetition (star height above one): {part}"
            if inner > 1 and av[1] * inner > MAX_NESTED_SPLITS:
                most = "any number of" if av[1] == c.MAXREPEAT else f"up to {av[1]}"
                return (f"a group repeated {most} times holds a repetition of up to {inner} that varies: "
                        f"more than {MAX_NESTED_SPLITS} ways to split a text between them: {part}")
            shared = _ambiguous_branch(body, flags, c)
            if shared is None:
                shared = _optional_overlap(body, _first(body, flags, c)[0], flags, c)
            if shared is not None:
                return f"a repeated group holds alternatives that can read the same text ({shared}): {part}"
        if op == c.ATOMIC_GROUP and _whole_repeat(list(av), c):
            continue  # (?>(\w+\s?)+): read once, never given back
        for sub in _children(op, av, c):
            found = _nested_repeat(sub, flags, parser)
            if found is not None:
                return found
    return None


def _splits(items: list, c) -> int:
    """In how many ways, at most, the repetitions of ``items`` that can give back what they read
    may split a text between their turns: the product of the maximums of repetitions nested in one
    another whose length varies (``c.MAXREPEAT`` for one without a maximum), 1 when none varies."""
    most = 1
    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            inner = _splits(list(av[2]), c)
            if av[1] > 1 and (inner > 1 or av[0] < av[1]):
                inner = min(av[1] * inner, c.MAXREPEAT)
            most = max(most, inner)
        elif op not in (c.ATOMIC_GROUP, c.POSSESSIVE_REPEAT):
            most = max([most, *(_splits(sub, c) for sub in _children(op, av, c))])
    return most


def _repeats_in_a_row(items: list, flags: int, c) -> str | None:
    """More than :data:`MAX_REPEATS_IN_A_ROW` long repetitions (above :data:`MAX_NESTED_SPLITS`, or
    without a maximum) in one sequence of ``items`` (or one nested in it), all able to read one
    character, with nothing between them that must read another: a failing match tries every way
    to share a run of that character among them, a polynomial of their number's degree. Or, in
    such a row, a repeated group holding a repetition that varies beside other bounded repetitions
    that vary, when the product of their ways to split (:func:`_splits`) exceeds
    :data:`MAX_NESTED_SPLITS`: the ways of each multiply, as they would nested in one group
    (``(?:\\w{1,5}){1,5}(?:\\w{1,5}){1,5}!`` takes seconds on a 100-letter line)."""
    flat = _flatten(items, c)
    varying = [op in (c.MAX_REPEAT, c.MIN_REPEAT, c.BRANCH) and _splits([(op, av)], c) > 1 for op, av in flat]
    if (sum(_long(op, av, c) for op, av in flat) > MAX_REPEATS_IN_A_ROW
            or (sum(varying) > 1 and any(_holds_nesting(op, av, c) for op, av in flat))):
        found = _row_in(flat, flags, c)
        if found is not None:
            return found
    for op, av in items:
        for sub in _children(op, av, c):
            found = _repeats_in_a_row(sub, flags, c)
            if found is not None:
                return found
    return None


def _row_in(flat: list, flags: int, c) -> str | None:
    reads = [_chars(op, av, flags, c) for op, av in flat]
    empty = [_nullable(op, av, c) for op, av in flat]
    # the bounded repetitions that vary (a long one's ways are counted by the degree instead)
    splits = [0 if _long(op, av, c) or op not in (c.MAX_REPEAT, c.MIN_REPEAT, c.BRANCH) else _splits([(op, av)], c)
              for op, av in flat]
    nesting = [_holds_nesting(op, av, c) for op, av in flat]
    candidates = set().union(*(reads[i] for i, (op, av) in enumerate(flat) if _long(op, av, c) or splits[i] > 1))
    shown = sorted(candidates, key=lambda ch: (not (ch.isalnum() or ch == " "), ch))
    for ch in shown:
        row: list[int] = []
        bounded: list[int] = []  # the varying bounded repetitions of the row, each able to read ch
        for i, (op, av) in enumerate(flat):
            if _long(op, av, c) and ch in reads[i]:
                row.append(i)
                if len(row) > MAX_REPEATS_IN_A_ROW:
                    return (f"{len(row)} long repetitions in a row can all read {ch!r}, a polynomial of degree "
                            f"{len(row)} in the text's length: {_render(flat[row[0]:i + 1], c)}")
            elif splits[i] > 1 and ch in reads[i]:
                bounded.append(i)
                ways = math.prod(splits[j] for j in bounded)
                if len(bounded) > 1 and ways > MAX_NESTED_SPLITS and any(nesting[j] for j in bounded):
                    return (f"{len(bounded)} bounded repetitions in a row can all read {ch!r}, one a repeated "
                            f"group holding a repetition that varies: {ways} ways, more than "
                            f"{MAX_NESTED_SPLITS}, to split a text between them: {_render(flat[bounded[0]:i + 1], c)}")
            elif op in (c.AT, c.ASSERT, c.ASSERT_NOT):
                continue  # reads nothing
            elif (op in (c.ATOMIC_GROUP, c.POSSESSIVE_REPEAT) and ch in reads[i]) or not (empty[i] or ch in reads[i]):
                row, bounded = [], []  # reads ch without giving it back, or must read another character
    return None


def _holds_nesting(op, av, c) -> bool:
    """Whether one parsed item is, or holds outside atomic groups and possessive repetitions, a
    repetition (a maximum above one) holding another whose length varies."""
    if op in (c.ATOMIC_GROUP, c.POSSESSIVE_REPEAT):
        return False
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[1] > 1 and _splits(list(av[2]), c) > 1:
        return True
    return any(_holds_nesting(o, a, c) for sub in _children(op, av, c) for o, a in sub)


def _flatten(items: list, c) -> list:
    """``items`` with the groups that only gather (a group, not repeated) opened in place."""
    flat = []
    for op, av in items:
        if op == c.SUBPATTERN:
            flat.extend(_flatten(list(av[3]), c))
        else:
            flat.append((op, av))
    return flat


def _long(op, av, c) -> bool:
    return op in (c.MAX_REPEAT, c.MIN_REPEAT) and (av[1] == c.MAXREPEAT or av[1] > MAX_NESTED_SPLITS)


def _nullable(op, av, c) -> bool:
    """Whether one parsed item can read nothing."""
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return av[0] == 0 or all(_nullable(o, a, c) for o, a in av[2])
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return True
    if op in (c.SUBPATTERN, c.ATOMIC_GROUP, c.BRANCH, c.GROUPREF_EXISTS):
        return any(all(_nullable(o, a, c) for o, a in sub) for sub in _children(op, av, c))
    return False


#: The sample characters each character-reading item reads, as :func:`_chars` found them (a few
#: dozen distinct items across every pack: ``\s``, ``\w``, ``.``, the letters).
_READ_BY_ONE: dict[tuple[int, str, int], frozenset[str]] = {}


def _read_by_one(op, av, flags: int, c) -> frozenset[str]:
    """The sample characters one character-reading item reads (worked out once per process)."""
    key = (int(op), repr(av), flags)
    if key not in _READ_BY_ONE:
        if op == c.LITERAL:  # most items: one look-up rather than a pass over the sample
            _READ_BY_ONE[key] = frozenset(_reading_code(bool(flags & _IGNORECASE)).get(av, ()))
        else:
            _READ_BY_ONE[key] = frozenset(ch for ch in _SAMPLE if _reads(op, av, ch, flags, c))
    return _READ_BY_ONE[key]


@functools.lru_cache(maxsize=2)
def _reading_code(ignore_case: bool) -> dict[int, tuple[str, ...]]:
    """For each code point, the sample characters a literal of it reads (as :func:`_reads` judges)."""
    found: dict[int, list[str]] = {}
    for ch in _SAMPLE:
        for one in {ch, ch.lower(), ch.upper()} if ignore_case else {ch}:
            if len(one) == 1:
                found.setdefault(ord(one), []).append(ch)
    return {code: tuple(chars) for code, chars in found.items()}


def _chars(op, av, flags: int, c) -> set[str]:
    """The sample characters one parsed item can read, anywhere in what it reads."""
    if op in (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN):
        return set(_read_by_one(op, av, flags, c))
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return set()
    if op == c.SUBPATTERN:
        flags = (flags | av[1]) & ~av[2]
    subs = _children(op, av, c)
    if not subs:
        return set(_SAMPLE)  # a back-reference: anything
    return set().union(*(_chars(o, a, flags, c) for sub in subs for o, a in sub))


def _render(items: list, c) -> str:
    """A parsed sequence written back as a pattern (as ``re`` reads it: ``\\w`` stays ``\\w``,
    ``[a-z]`` stays a range), for a message to show the part it is about."""
    out = []
    for op, av in items:
        if op == c.LITERAL:
            out.append(re.escape(chr(av)))
        elif op == c.NOT_LITERAL:
            out.append("[^" + re.escape(chr(av)) + "]")
        elif op == c.ANY:
            out.append(".")
        elif op == c.IN:
            out.append(_render_set(av, c))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            low, high, body = av
            inner = _render(list(body), c)
            if len(body) != 1 or body[0][0] in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT, c.BRANCH):
                inner = f"(?:{inner})"
            count = {(0, c.MAXREPEAT): "*", (1, c.MAXREPEAT): "+", (0, 1): "?"}.get((low, high))
            if count is None:
                count = f"{{{low}}}" if low == high else f"{{{low},{'' if high == c.MAXREPEAT else high}}}"
            out.append(inner + count + {c.MIN_REPEAT: "?", c.POSSESSIVE_REPEAT: "+"}.get(op, ""))
        elif op == c.SUBPATTERN:
            out.append(("(" if av[0] is not None else "(?:") + _render(list(av[3]), c) + ")")
        elif op == c.ATOMIC_GROUP:
            out.append("(?>" + _render(list(av), c) + ")")
        elif op == c.BRANCH:  # bracketed when re folded a shared beginning out of it (a|aa: a(?:|a))
            choices = "|".join(_render(list(branch), c) for branch in av[1])
            out.append(choices if len(items) == 1 else f"(?:{choices})")
        elif op in (c.ASSERT, c.ASSERT_NOT):
            kind = ("=" if op == c.ASSERT else "!") if av[0] == 1 else ("<=" if op == c.ASSERT else "<!")
            out.append(f"(?{kind}" + _render(list(av[1]), c) + ")")
        elif op == c.AT:
            out.append({c.AT_BEGINNING: "^", c.AT_END: "$", c.AT_BOUNDARY: r"\b",
                        c.AT_NON_BOUNDARY: r"\B", c.AT_BEGINNING_STRING: r"\A"}.get(av, r"\Z"))
        else:
            out.append("…")  # a back-reference or a conditional
    return "".join(out)


def _render_set(av, c) -> str:
    parts, negate = [], False
    for kind, value in av:
        if kind == c.NEGATE:
            negate = True
        elif kind == c.LITERAL:
            parts.append(re.escape(chr(value)))
        elif kind == c.RANGE:
            parts.append(re.escape(chr(value[0])) + "-" + re.escape(chr(value[1])))
        elif kind == c.CATEGORY:
            parts.append(_CATEGORIES.get(str(value), "?"))
    if len(parts) == 1 and not negate and kind == c.CATEGORY:
        return parts[0]
    return "[" + ("^" if negate else "") + "".join(parts) + "]"



def _children(op, av, c) -> list[list]:
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return [list(av[2])]
    if op == c.SUBPATTERN:
        return [list(av[3])]
    if op in (c.ATOMIC_GROUP,):
        return [list(av)]
    if op in (c.ASSERT, c.ASSERT_NOT):
        return [list(av[1])]
    if op == c.BRANCH:
        return [list(branch) for branch in av[1]]
    if op == c.GROUPREF_EXISTS:
        return [list(part) for part in av[1:] if part is not None]
    return []


def _whole_repeat(items: list, c) -> bool:
    """Whether ``items`` is one repetition, maybe in groups: nothing after it can make it give back."""
    while len(items) == 1 and items[0][0] == c.SUBPATTERN:
        items = list(items[0][1][3])
    return len(items) == 1 and items[0][0] in (c.MAX_REPEAT, c.MIN_REPEAT)


def _ambiguous_branch(items: list, flags: int, c) -> str | None:
    """Two alternatives (of an alternation in ``items``, outside atomic groups) that can read the
    same text, as far as their first character tells: both can read nothing, or they can begin
    with the same character."""
    for op, av in items:
        if op == c.BRANCH:
            seen: list[tuple[set[str], bool]] = []
            for branch in av[1]:
                first, empty = _first(list(branch), flags, c)
                for other, other_empty in seen:
                    if empty and other_empty:
                        return "two can read nothing"
                    common = first & other
                    if common:
                        return f"two can begin with {min(common)!r}"
                seen.append((first, empty))
        if op in (c.ATOMIC_GROUP, c.POSSESSIVE_REPEAT):
            continue
        for sub in _children(op, av, c):
            if op in (c.ASSERT, c.ASSERT_NOT):
                continue
            found = _ambiguous_branch(sub, flags, c)
            if found is not None:
                return found
    return None


def _optional_overlap(items: list, after: set[str], flags: int, c) -> str | None:
    """A part of ``items`` (a repeated group's body, or a sequence in it) that may be read or left
    out, when what it begins with can also come right after it (``after``: what follows
    ``items``, for the body the beginning of its next turn): each turn may read a run of that
    character or leave it to what follows, so a failing match tries every way to split the run
    between turns. ``re`` folds the shared beginning of two choices out of them (``a|aa`` is read
    ``a(?:|a)``), so this is the overlap of ``(a|aa)+`` and ``(\\d|\\d\\d)+``, as ``(?:a?a)+``;
    ``(?:ab|a)*`` is not refused, its choices differing in what comes after the ``a``."""
    follow = set(after)
    for op, av in reversed(items):
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[1] == 1 and av[0] == 0:
            first, _ = _first(list(av[2]), flags, c)
            common = first & follow
            if common:
                return f"an optional part can begin with {min(common)!r}, which can also follow it"
            found = _optional_overlap(list(av[2]), follow, flags, c)
        elif op == c.BRANCH:
            ways = [(list(branch), *_first(list(branch), flags, c)) for branch in av[1]]
            if any(empty for _, _, empty in ways):
                common = set().union(*(first for _, first, empty in ways if not empty)) & follow
                if common:
                    return (f"one can read nothing and another begin with {min(common)!r}, "
                            f"which can also follow them")
            found = next((f for f in (_optional_overlap(branch, follow, flags, c) for branch, _, _ in ways)
                          if f is not None), None)
        elif op == c.SUBPATTERN:
            found = _optional_overlap(list(av[3]), follow, (flags | av[1]) & ~av[2], c)
        else:
            found = None  # atomic or possessive (nothing given back), a lookaround, a repetition checked on its own
        if found is not None:
            return found
        first, empty = _first([(op, av)], flags, c)
        follow = first | follow if empty else first
    return None


def _first(items: list, flags: int, c) -> tuple[set[str], bool]:
    """The sample characters ``items`` can begin with, and whether they can read nothing."""
    found: set[str] = set()
    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            first, empty = _first(list(av[2]), flags, c)
            found |= first
            if not (empty or av[0] == 0):
                return found, False
            continue
        if op in (c.SUBPATTERN, c.ATOMIC_GROUP):
            body = av[3] if op == c.SUBPATTERN else av
            inner = flags | (av[1] if op == c.SUBPATTERN else 0)
            if op == c.SUBPATTERN:
                inner &= ~av[2]
            first, empty = _first(list(body), inner, c)
            found |= first
            if not empty:
                return found, False
            continue
        if op == c.BRANCH:
            empty = False
            for branch in av[1]:
                first, branch_empty = _first(list(branch), flags, c)
                found |= first
                empty = empty or branch_empty
            if not empty:
                return found, False
            continue
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue  # reads nothing
        if op in (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN):
            return found | _read_by_one(op, av, flags, c), False
        return found | set(_SAMPLE), False  # a back-reference, a conditional: anything
    return found, True


_CATEGORIES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D", "CATEGORY_SPACE": r"\s",
               "CATEGORY_NOT_SPACE": r"\S", "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W"}


def _reads(op, av, ch: str, flags: int, c) -> bool:
    """Whether one character-reading item reads ``ch`` (either case when letter case is ignored)."""
    cases = {ch, ch.lower(), ch.upper()} if flags & _IGNORECASE else {ch}
    return any(_reads_exactly(op, av, one, flags, c) for one in cases if len(one) == 1)


def _reads_exactly(op, av, ch: str, flags: int, c) -> bool:
    if op == c.LITERAL:
        return ord(ch) == av
    if op == c.NOT_LITERAL:
        return ord(ch) != av
    if op == c.ANY:
        return ch != "\n" or bool(flags & _DOTALL)
    negate, hit = False, False
    for kind, value in av:
        if kind == c.NEGATE:
            negate = True
        elif kind == c.LITERAL:
            hit = hit or ord(ch) == value
        elif kind == c.RANGE:
            hit = hit or value[0] <= ord(ch) <= value[1]
        elif kind == c.CATEGORY:
            expression = _CATEGORIES.get(str(value))
            hit = hit or expression is None or re.fullmatch(expression, ch, flags & re.ASCII) is not None
        else:
            hit = True  # what is not known here may read anything
    return hit != negate


class WordingPattern(YamlModel):
    """Exactly one of ``pattern`` (words with placeholders) or ``regex`` (named groups)."""

    model_config = RULE_CONFIG

    pattern: str | None = None
    regex: str | None = None

    @model_validator(mode="after")
    def _one_form(self) -> WordingPattern:
        if (self.pattern is None) == (self.regex is None):
            raise ValueError("write exactly one of `pattern` or `regex`")
        return self

    @property
    def written(self) -> str:
        return self.pattern if self.pattern is not None else str(self.regex)


class SupersessionPattern(WordingPattern):
    """Wording that replaces a provision, and whether the replacement is whole or partial."""

    scope: Literal["full", "partial"]
    target: Literal["paragraph", "section", "callout", "sheet"] = Field(
        default="paragraph",
        description="paragraph: the {paragraph} (or the paragraph called {name}) of the {section}; section: the "
        "whole section (its document), the pattern then needs no {paragraph}; callout: the {callout} of the "
        "{sheet}; sheet: the whole sheet (its document), one edge for each of {sheets}",
    )
    successor: Literal["item", "none"] = Field(
        default="item",
        description="item: the item carries what replaces the target; none: nothing does (\"delete ... in its "
        "entirety\"), the target simply stops applying",
    )


TargetKind = Literal["paragraph", "section", "callout", "sheet"]


class TargetWording(WordingPattern):
    """How an item names what it changes ("Section {section}, Paragraph {paragraph}", "{sheet},
    {callout}"), and what kind of target that is. Written once, it joins every action."""

    target: TargetKind = "paragraph"

    @model_validator(mode="after")
    def _words_only(self) -> TargetWording:
        if self.pattern is None:
            raise ValueError("a target is written as `pattern` (words with placeholders), not `regex`")
        if "{target}" in self.pattern:
            raise ValueError("a target cannot hold {target}: actions do")
        return self


class ActionWording(WordingPattern):
    """What an item does to its target, with ``{target}`` where the target's words go
    ("{target}: Delete {text} and substitute", "Replace {target} with"), and what that does."""

    scope: Literal["full", "partial"]
    successor: Literal["item", "none"] = "item"
    targets: tuple[TargetKind, ...] | None = Field(
        default=None,
        description="the kinds of target this action reads (paragraph, section, callout, sheet); all when left out",
    )

    @model_validator(mode="after")
    def _one_target(self) -> ActionWording:
        if self.pattern is None:
            raise ValueError("an action is written as `pattern` (words with placeholders), not `regex`")
        if self.pattern.count("{target}") != 1:
            raise ValueError("an action holds {target} exactly once: where the target's words go")
        if self.successor == "none" and self.scope != "full":
            raise ValueError("an action with no successor (a deletion) has scope full")
        return self


#: What an addendum item does to what it names (issue 21), as ``verbs`` keys name it.
ItemAction = Literal["replace", "amend", "delete", "no_change"]
ITEM_ACTIONS: tuple[str, ...] = ("replace", "amend", "delete", "no_change")
#: The reader's word lists a supersession rule may hold besides its verbs (issue 21): each read by
#: the addenda reader inside a layout of its own (see the fields' descriptions).
WORD_LISTS: tuple[str, ...] = ("answers", "questions", "successor_words", "whole_words", "old_text_columns",
                               "new_text_columns", "old_revision_columns", "new_revision_columns", "clarifications",
                               "conditions", "modals", "passives", "parts_of_work", "reports", "sub_parts",
                               "empty_cells", "procurement_ids", "tender_words", "insertions", "new_adjectives", "as_follows",
                               "revision_marks", "provision_nouns", "provision_articles", "read_verbs", "page_marks", "by_changing", "new_clause_nouns", "clause_joins", "clause_prepositions", "clause_alone_nouns")
#: A kind of designation (``designations`` keys): a lower-case name ("annex", "chapter"), the words under it read as one.
DesignationKind = Annotated[str, StringConstraints(pattern=r"^[a-z]+(?:_[a-z]+)*$")]
#: What a ``references`` notation names.
ReferenceKind = Literal["section", "paragraph", "sheet", "callout"]
REFERENCE_KINDS: tuple[str, ...] = ("section", "paragraph", "sheet", "callout")


class SupersessionRule(RuleBase):
    """Turns addendum and change-order wording into supersedes edges (origin ``rule:<id>``).

    A pattern is read only as an item's own instruction: at the start of the item's own text
    (its label aside), within its first paragraph, outside quotation marks, and never in an
    item whose words (outside quotation marks) include one of ``no_change``.

    The section number (or sheet number) is resolved to the document that carries it — by
    ``target_document`` (a template such as ``SPEC-{section}``, the six digits of the number,
    or ``DWG-{sheet}``) when given, else by looking for a document of ``target_kinds`` whose
    id, title or a section number carries the section, or whose ``sheet`` is the sheet. A
    paragraph named by ``{name}`` is looked up in that document's outline (rapidfuzz, the
    numbers exact); a name that fits no paragraph, or more than one, is reported, not guessed.
    """

    kind: Literal["supersession"]
    document_kinds: tuple[str, ...] = ("addendum", "change_order")
    target_kinds: tuple[str, ...] = ("specification",)
    target_document: str | None = None
    patterns: tuple[SupersessionPattern, ...] = ()
    targets: tuple[TargetWording, ...] = Field(
        default=(),
        description="how items name what they change, each with its kind of target; every action is read "
        "with each of them in the place of its {target}",
    )
    actions: tuple[ActionWording, ...] = Field(
        default=(),
        description="what items do to a target (\"{target}: Delete {text} and substitute\", scope full): each "
        "with {target} once, read with every target of its kinds",
    )
    skip_divisions: tuple[str, ...] = Field(
        default=(),
        description="CSI divisions whose sections this rule does not read (\"00\": bidding and contracting "
        "requirements); an item naming one derives nothing and is reported as not read, with why",
    )
    skip_titles: tuple[str, ...] = Field(
        default=(),
        description="titles of the documents of those divisions as owners name them without a number "
        "(\"Bid Form\", \"Instructions to Bidders\"): an item under a heading that is one of them, or opening "
        "with one, that names no section or sheet by number derives nothing and is counted as skipped",
    )
    propose_partial_on_documents: bool = Field(
        default=True,
        description="an edge changing part of a whole section or sheet whose item names no part of it is "
        "proposed for review, never applied (true); false applies it as read. An item adding a part the "
        "document does not hold yet, by its new number, or changing words throughout the document, is "
        "applied either way",
    )
    no_change: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words by which an item says it changes nothing (a rejected request, 'No change is "
        "made'): an item holding any of them outside quotation marks derives no edge",
    )
    reasons: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words opening the reason an item gives for its instruction, after what the instruction "
        "names (\"Delete Article 2.2, as it duplicates Article 2.1\", \"because\", \"consistent with\"): a "
        "provision named after them, in the same sentence, explains the change and is never its target",
    )
    headings: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a heading that names the section (or sheet) its sub-items change (\"A. Section "
        "034100 \\\"PRECAST STRUCTURAL CONCRETE\\\"\", then \"1. Paragraph 2.1.B: Delete ...\"): each needs "
        "{section} or {sheet} (or a regex group of that name); a pattern without them takes them from the "
        "nearest enclosing item whose instruction is such a heading, and derives nothing outside one",
    )
    mentions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words by which an item names what it would change (a section, paragraph, sheet or "
        "callout): an item whose instruction (its first paragraph) holds one outside quotation marks, "
        "that derives no edge and does not say it changes nothing, is reported by ingest as not "
        "understood, for review",
    )

    # The reader's word lists (issue 21): words only, each list read inside the layout the reader
    # gives it (a line's start, a colon, a table cell); a list left out reads nothing.
    answers: tuple[WordingPattern, ...] = Field(
        default=(),
        description="an owner's word opening the answer to a question, in the owner's language (\"Risposta\", "
        "\"Odpowiedź Zamawiającego\"), read before a colon, full stop or dash at a line's start or after the question",
    )
    questions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="a bidder's question's word opening a line (\"Domanda\", \"Pytanie\"): the item is a question "
        "and its answer follows",
    )
    successor_words: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words saying an item brings what replaces the document (\"attached\", \"in this Addendum\", "
        "\"versión 2\"): without one, a whole document replaced with no successor said is for review",
    )
    whole_words: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words saying an instruction takes the whole section or sheet (\"in its entirety\", "
        "\"like-numbered\", \"au complet\")",
    )
    old_text_columns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a table of changes' header over the text as it stood (\"Existing\", \"Texto "
        "original\"; a regex anchored on the cell for a header that is the word alone: \"For\", \"Was\")",
    )
    new_text_columns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a table of changes' header over the text as it now stands (\"Revised\", "
        "\"Texto modificado\"; anchored for a header of the word alone: \"Read\", \"New\")",
    )
    old_revision_columns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a drawing register's header over the revision a sheet was at before (\"Tender Rev\", "
        "\"Previous Revision\", \"Rev. anterior\"): with a column of ``new_revision_columns`` beside it, a row whose "
        "new cell is only another revision mark replaces its sheet whole; the same mark, or one saying no change, "
        "changes nothing",
    )
    new_revision_columns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a drawing register's header over the revision a sheet is at now (\"Addendum Rev\", "
        "\"Current Revision\", \"Nueva revisión\"); see ``old_revision_columns``",
    )
    procurement_ids: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words naming a procurement by its identifier (\"Tender No.\", \"Contract No.\", \"Invitation to "
        "Bid No.\", \"Procurement Reference\"): the number or code written right after them is that identifier, "
        "never a section, paragraph or sheet",
    )
    tender_words: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words naming a tender whose identifier follows its number sign (\"appel d'offres ouvert\", "
        "\"appel d'offres restreint\"), read with the reader's own (\"ITB\", \"Tender\", \"Licitación\") before \"No.\", "
        "\"N°\", \"#\": the addendum's identifier picks its tender's documents among those titled with another's",
    )
    insertions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words saying the paragraph named after them is new, one the item adds rather than one the "
        "target lacks (\"new\", \"add\", \"insert\", \"supplemented with\", \"se incorpora\", \"doda\"), read "
        "within 40 characters before the paragraph's number with nothing but its own words between them",
    )
    new_adjectives: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the adjective saying the paragraph numbered after it is new (\"new\", \"nuevo\", \"nouvel\", "
        "\"uusi\"), with at most one word between (its kind): read right before a paragraph numbered in the chapter "
        "the item also names (\"Adicionar al numeral 4 un nuevo numeral 4.3\"), the new paragraph then placed as "
        "one named alone",
    )
    as_follows: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the phrase ending a change verb's own words that brings the new text after it (\"as follows\", "
        "\"comme suit\", \"redactado así\", \"passa a ler-se\"): as with \"amended as follows\", the new text is the "
        "provision whole where it opens with the provision's own label",
    )
    revision_marks: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the word of a revision mark in a table cell (\"Rev.\", \"Revision\", \"Revisi\", \"Revisión\", "
        "\"R\"), read as the whole cell with the revision's number or letter after it (\"Revision 0\", \"Rev. B\", "
        "\"R1\"): such a cell is a document's issue, never words of a provision given anew",
    )
    provision_nouns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the nouns naming a provision by its number (\"paragraph\", \"article\", \"clause\", "
        "\"numeral\", \"artículo\"), one of ``provision_articles`` before them or none (\"el numeral 2.2\", "
        "\"l'article 2.1\"): a clause opening with one, saying it is unchanged, speaks for that provision alone",
    )
    provision_articles: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the articles before a provision's noun (``provision_nouns``: \"the\", \"el\", \"la\", "
        "\"l'\"), read with the space after them, if any",
    )
    read_verbs: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the words ending a change verb that are themselves the reading phrase (\"read\", "
        "\"reads\", \"read as\", \"to read\": \"Sub-section 1.6 A, should be read as:\"), after a word boundary: the new text after them is the "
        "provision whole where it opens with the provision's own label",
    )
    page_marks: tuple[WordingPattern, ...] = Field(
        default=(),
        description="how each page of a substitute document is marked (\"each page marked\", \"every page stamped\", "
        "\"each page bearing\"), read as whole words: a page so named is every page of the new text, never a part of "
        "the section or sheet replaced",
    )
    by_changing: tuple[WordingPattern, ...] = Field(
        default=(),
        description="\"by\" and a change verb's gerund (\"by removing\", \"by deleting\", \"by substituting\"; an article after it "
        "theirs too), read up to two words before a reference (\"amended by removing Drawing E-501\"): the reference "
        "is what the change takes, no citation",
    )
    new_clause_nouns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the words for a clause right after a word saying it is new (``insertions``: \"a new Clause 6.3\", \"un "
        "nuevo numeral 4.3\", \"nova točka 4.3\"), \"sub-\" before them or none: the clause so numbered is one the item "
        "adds, not one it changes",
    )
    clause_joins: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the words joining one clause of a sentence to the next, or setting it against it (\"and\", \"y\", \"et\", "
        "\"but\", \"while\", \"mientras que\", \"alors que\"), where the next opens with a provision named by its noun "
        "and number (``provision_nouns``): a no-change clause ends or begins there, as at a semicolon",
    )
    clause_prepositions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the prepositions that may stand after a clause's join (``clause_joins``) before the provision the next "
        "clause opens with (\"in\", \"en\", \"em\", \"à\", \"dans\", \"no\", \"na\")",
    )
    clause_alone_nouns: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the words naming a clause by its dotted number where no document is named (\"Section 5.17\", \"Article "
        "8.1\", \"Clause 4.2\"), \"sub-\" before them or none: the clause is looked for in the documents of the project "
        "holding that number (applied where one does, proposed or reported where several or none do)",
    )
    empty_cells: tuple[WordingPattern, ...] = Field(
        default=(),
        description="the words of a table of changes' cell saying it holds no text (\"Nil\", \"None\", \"Not "
        "applicable\", \"Néant\", \"No aplica\"), read as the whole cell, dashes, dots and brackets around them aside "
        "(a cell of those marks alone is empty without them): under the text as it stood, nothing stood, so the new "
        "text is added (in part); under the text as it stands, nothing stands, so the provision is deleted",
    )
    clarifications: tuple[WordingPattern, ...] = Field(
        default=(),
        description="an owner's label for an entry that explains, not changes (\"Clarification\", \"For "
        "information\", \"Aclaración\"), read before its colon: what it explains is never applied from it",
    )
    # The instruction's frame (audit 56): the words around a change verb that make it this addendum's
    # instruction or keep it from being one; the reader keeps the frame, the words are these.
    conditions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="conjunctions opening a conditional, temporal or concessive clause (\"unless\", \"when\", "
        "\"provided that\", \"en caso de que\", \"falls\"): an instruction holding one is proposed, never applied",
    )
    modals: tuple[WordingPattern, ...] = Field(
        default=(),
        description="modal, advisory or forecasting words before a change verb (\"may\", \"recommends\", \"it is "
        "proposed\", \"is expected to\", \"podrá\"): the verb is no instruction; proposed",
    )
    passives: tuple[WordingPattern, ...] = Field(
        default=(),
        description="auxiliaries of a present passive or a \"shall read\" statement right before its verb (\"is\", "
        "\"are hereby\", \"shall be\", \"se\", \"wird\"): with them a verb after its target's name is an "
        "instruction; otherwise only a verb opening its sentence, or after the target's name and its colon, is",
    )
    parts_of_work: tuple[WordingPattern, ...] = Field(
        default=(),
        description="a preposition and a part of the work before its name or number (\"for Lot\", \"in Bid "
        "Package\", \"en el Lote\"): a change limited so is proposed, unless the target's document is that part",
    )
    reports: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words before a participle that report a state, not a change (\"remains\", \"stays\", \"had "
        "been\"): \"remains deleted\" is proposed, never applied",
    )
    sub_parts: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words naming a part of a numbered provision by its own letter or number (\"inciso\", \"literal\", "
        "\"alinéa\", \"item\"): an edge whose item names one right before or after the provision's number, "
        "which the edge's target does not carry, is proposed, never applied to the provision whole",
    )
    layouts: tuple[str, ...] = Field(
        default=(),
        description="lines that open an addendum item besides numbered paragraphs, bullets and table rows "
        "(\"Item [No.|Number] {label}\", \"Q{label}\" for questions whose answers follow); {label} is the "
        "item's own number or letter",
    )
    references: dict[ReferenceKind, tuple[str, ...]] = Field(
        default_factory=dict,
        description="extra notations naming a section, paragraph, sheet or callout, by kind (\"paragraph\": "
        "[\"Part {part}, Article {article}, Paragraph {letter}\"]); placeholders {section}, {part}, "
        "{article}, {paragraph}, {letter}, {sub}, {sheet}, {number}",
    )
    designations: dict[DesignationKind, tuple[str, ...]] = Field(
        default_factory=dict,
        description="the words by which owners designate the parts of their bidding documents (\"Part 3\", \"Annexure "
        "II\", \"Lampiran 2\"), by kind: each kind's words read as one (\"annex\": [\"Annex\", \"Annexure\", "
        "\"Lampiran\"]), so a document titled \"Annex 2 ...\" is the one an item naming \"Lampiran 2\" changes. "
        "A word is read whole, letter case ignored, with a label after it (a number, a letter, a number and a "
        "letter, a roman numeral); a final dot is part of the word (\"Vol.\"); a word of one or two letters "
        "(\"Ch\", \"Ch.\") is read only in the letter case written, so a tag \"CH-1\" is not a chapter",
    )
    verbs: dict[ItemAction, tuple[str, ...]] = Field(
        default_factory=dict,
        description="the words of each action an item may take (replace, amend, delete, no_change): whole "
        "words or phrases, letter case ignored, [a|b] optional words, ... any words between; no_change "
        "means what the `no_change` key means",
    )

    @model_validator(mode="after")
    def _some_wording(self) -> SupersessionRule:
        if not self.patterns and not (self.targets and self.actions) and not self.verbs:
            raise ValueError("a supersession rule needs `patterns`, or `targets` and `actions`, or `verbs`")
        if bool(self.targets) != bool(self.actions):
            raise ValueError("`targets` and `actions` go together: each action is read with each target")
        return self

    def wordings(self) -> tuple[SupersessionPattern, ...]:
        """Every pattern the rule reads, in the order tried: its ``patterns``, then each action
        with each of its targets in the place of ``{target}`` (actions in order, targets in
        order within each). The first that reads an item names its target."""
        joined = [
            SupersessionPattern(pattern=action.written.replace("{target}", target.written), scope=action.scope,
                                target=target.target, successor=action.successor)
            for action in self.actions for target in self.targets
            if action.targets is None or target.target in action.targets
        ]
        return (*self.patterns, *joined)


class QualifierRule(RuleBase):
    """Cross-references that qualify a provision ("except as provided in 9.1", "subject to Section 4").

    Each match links the provision holding the words to the provision they name, so a claim
    that cites the rule without its qualifier can be flagged.
    """

    kind: Literal["qualifier"]
    document_kinds: tuple[str, ...] | None = None
    patterns: tuple[WordingPattern, ...] = Field(min_length=1)
    #: what ``check`` makes of a claim citing the provision without its qualifier:
    #: ``failure`` (the claim is ``missing_qualifier``) or ``warning`` (it passes, with a warning)
    severity: Literal["failure", "warning"] = "failure"


#: A group a pattern must have: a name, or names one of which is enough.
Requirement = str | tuple[str, ...]


#: The flags every wording is compiled with.
WORDING_FLAGS = re.IGNORECASE | re.DOTALL


def compile_wording(pattern: WordingPattern, required: tuple[Requirement, ...]) -> re.Pattern[str]:
    """The regular expression a pattern stands for; PatternError when it cannot serve its rule
    (it lacks a group ``required`` names). Compiled once per process for each wording (a
    pack's targets × actions are some thousand, more than ``re``'s own cache holds)."""
    return _compiled_wording(pattern.regex, pattern.written, required)


def wording_source(pattern: WordingPattern, required: tuple[Requirement, ...]) -> str:
    """The source of :func:`compile_wording`'s expression (flags ``WORDING_FLAGS``), checked as
    it checks it (PatternError), with no compiling where checking needs none: a written pattern's
    groups are its placeholders. What ``lint`` checks a pack's wordings by, and what the
    supersession reader compiles its own form of (``derivation._whole_words``): a pack's
    wordings are some hundred, each compiled once per process rather than twice."""
    return _wording_source(pattern.regex, pattern.written, required)


@functools.lru_cache(maxsize=8192)
def _compiled_wording(regex: str | None, written: str, required: tuple[Requirement, ...]) -> re.Pattern[str]:
    source = _wording_source(regex, written, required)
    return _compiled_regex(regex) if regex is not None else re.compile(source, WORDING_FLAGS)


@functools.lru_cache(maxsize=8192)
def _compiled_regex(regex: str) -> re.Pattern[str]:
    """A wording written as a regex, compiled and checked for runaway backtracking."""
    try:
        compiled = re.compile(regex, WORDING_FLAGS)
    except re.error as problem:
        raise PatternError(f"regex does not compile: {problem}") from None
    check_backtracking(regex, compiled.flags)
    return compiled


@functools.lru_cache(maxsize=8192)
def _wording_source(regex: str | None, written: str, required: tuple[Requirement, ...]) -> str:
    if regex is not None:
        names = set(_compiled_regex(regex).groupindex)
        source = regex
    else:
        _check_brackets(written)
        if written.count("{text}") > 2:
            raise PatternError("at most two {text} in a pattern: more can take a long item unboundedly long to read")
        parts: list[str] = []
        names = set()
        position = 0
        text = written
        for match in _PLACEHOLDER_RE.finditer(text):
            parts.append(_literal(text[position : match.start()]))
            name = match.group(1)
            if name not in PLACEHOLDERS:
                known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                raise PatternError(f"unknown placeholder {{{name}}} (known: {known})")
            if name in names and name not in _UNNAMED:
                raise PatternError(f"placeholder {{{name}}} appears twice")
            group = PLACEHOLDERS[name] if name in _UNNAMED else f"(?P<{name}>{PLACEHOLDERS[name]})"
            if name == "ref":
                group = _REF_PREFIX + group
            elif name in ("section", "sheet"):
                group += _TITLE
            if name == "callout" and name not in _UNNAMED:  # the word says which kind of callout
                group = _CALLOUT_WORD + group
            elif name in _PREFIX:
                group = _PREFIX[name] + group
            group += _SUFFIX.get(name, "")
            parts.append(group)
            names.add(name)
            position = match.end()
        parts.append(_literal(text[position:]))
        source = "".join(parts)
    missing = [need for need in required if not has_groups(names, (need,))]
    if missing:
        raise PatternError(
            "pattern lacks " + ", ".join(" or ".join("{" + n + "}" for n in _names(m)) for m in missing)
            + " so it can never link anything"
        )
    return source


def _check_brackets(text: str) -> None:
    """Optional words ``[a|b]`` close, do not nest, and hold words only."""
    opened: int | None = None
    for index, char in enumerate(text):
        if char == "[":
            if opened is not None:
                raise PatternError(f"'[' at {index + 1} opens inside another: optional words do not nest")
            opened = index
        elif char == "]":
            if opened is None:
                raise PatternError(f"']' at {index + 1} closes nothing")
            if "{" in text[opened:index]:
                raise PatternError("optional words [...] hold words only, not a placeholder: write two patterns")
            opened = None
    if opened is not None:
        raise PatternError(f"'[' at {opened + 1} is never closed")


def _names(need: Requirement) -> tuple[str, ...]:
    return (need,) if isinstance(need, str) else need


def has_groups(found: Iterable[str], needs: Iterable[Requirement]) -> bool:
    """Whether the group names ``found`` meet every requirement of ``needs``."""
    present = set(found)
    return all(present & set(_names(need)) for need in needs)


#: What a supersession pattern must read, by its target: the provision it names, and the
#: document that holds it (unless ``target_document`` names the document without it, or the
#: rule's ``headings`` let an enclosing heading name it).
_TARGET_NEEDS: dict[str, tuple[Requirement | None, Requirement]] = {
    "paragraph": (("paragraph", "name"), "section"),
    "section": (None, "section"),
    "callout": ("callout", "sheet"),
    "sheet": (None, ("sheet", "sheets")),
}
#: The placeholders that name a target's document, as ``target_document`` and ``headings`` use them.
DOCUMENT_PLACEHOLDERS = ("section", "sheet")


def supersession_needs(
    rule: SupersessionRule, pattern: SupersessionPattern, *, inherit: bool = True,
) -> tuple[Requirement, ...]:
    """The groups ``pattern`` must read to serve ``rule``: each a name, or names one of which
    is enough. With ``inherit``, a section or sheet the rule's ``headings`` can supply is not
    required of the pattern itself (what lint and compiling check); without it, of what the
    pattern and its heading read together (what a match must hold to derive an edge). The
    one place that decides it."""
    provision, document = _TARGET_NEEDS[pattern.target]
    needs: list[Requirement] = [] if provision is None else [provision]
    template = rule.target_document or ""
    names_document = bool(template) and not any("{" + p + "}" in template for p in DOCUMENT_PLACEHOLDERS)
    if not (names_document or (inherit and rule.headings)):
        needs.append(document)
    return tuple(needs)


def compile_phrase(pattern: WordingPattern) -> re.Pattern[str]:
    """The regular expression of a ``no_change`` phrase: words match whole words only
    ("rejected" is not read in "unrejected"); a ``regex`` is taken as written."""
    compiled = compile_wording(pattern, ())
    if pattern.regex is not None:
        return compiled
    return re.compile(whole_words(compiled.pattern, pattern.written.replace("[", "").replace("]", "").strip()),
                      compiled.flags)


def _literal(text: str) -> str:
    """Literal words: any run of whitespace matches any other, and a comma may be left out
    (a quoted title often swallows it: ``"Instructions to Bidders," Paragraph``). Words in
    square brackets may be left out, ``|`` parting the choices: ``[Spec|Technical
    Specification] Section`` reads "Section", "Spec Section" and "Technical Specification
    Section"."""
    if not text.strip():
        return r"\s*" if text else ""
    parts = re.split(r"\s+(?![^\[\]]*\])", text)  # whitespace outside brackets
    out: list[str] = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part.startswith("[") and part.endswith("]"):
            choices = "|".join(_words(choice) for choice in part[1:-1].split("|") if choice.strip())
            if not last:
                out.append(f"(?:(?:{choices})\\s+)?")
                continue
            if out and out[-1] == r"\s+":
                out.pop()
            out.append(f"(?:\\s+(?:{choices}))?")
            continue
        out.append(_words(part))
        if not last:
            out.append(r"\s+")
    return "".join(out)


def _words(text: str) -> str:
    return r"\s+".join(re.escape(word).replace(",", ",?") for word in text.split()) if text.strip() else ""


def normalize_section_number(text: str) -> str:
    """``03 30 00`` → ``033000``: the digits of a CSI MasterFormat number."""
    return re.sub(r"\s+", "", text)


def normalize_path(text: str) -> str:
    """``447.21(a)(1)`` → ``447.21.a.1``; ``2.1.A`` stays: a path as locators write it."""
    head, _, tail = text.partition("(")
    parts = [head.rstrip(".")]
    if tail:
        parts.extend(re.findall(r"\(([0-9A-Za-z]+)\)", "(" + tail))
    return ".".join(p for p in parts if p)


#: The placeholders of a ``references`` notation: what each stands for in an item's words.
REFERENCE_PLACEHOLDERS: dict[str, str] = {
    # six digits (spaces or not, a level suffix), five (CSI 1995), or an agency's letter and number
    "section": r"(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?|\d{5}(?!\d)|(?-i:[A-Z]{1,4})-?\d{1,4}(?:[.-]\d{1,3})?)",
    "part": r"\d{1,2}",
    "article": r"\d{1,2}(?:\.\d{1,2})?",
    "paragraph": _PATH,
    "letter": r"[A-Za-z](?![A-Za-z])",
    "sub": r"(?:\d{1,2}|[a-z])(?![A-Za-z0-9])",
    "sheet": SHEET_NUMBER,
    "number": r"\d{1,3}[A-Z]?(?!\.?\w)",
}
#: What a reference notation of each kind must read to name anything.
_NOTATION_NEEDS: dict[str, tuple[Requirement, ...]] = {
    "section": ("section",),
    "paragraph": (("paragraph", "article", "letter", "sub"),),
    "sheet": ("sheet",),
    "callout": ("number",),
}
#: The placeholder of a ``layouts`` line: the item's own number or letter ("3", "3.a", "B", "iv").
#: (an item numbered with its addendum's prefix, "Item AD2-8", "Item A1-12", as districts and
#: engineers number each item across a series of addenda, is one label too)
LAYOUT_PLACEHOLDERS: dict[str, str] = {
    "label": r"[A-Za-z]{1,3}\d{1,2}-\d{1,3}(?![\w-])|\d{1,3}(?:\.\d{1,3})*[A-Za-z]?|[A-Za-z]{1,2}|[ivxIVX]{1,5}"}

#: The words ``{ordinal}`` reads in a layout, by the number each one says: owners in English,
#: Spanish, Portuguese, French and Italian number an addendum's clauses by ordinal words ("FIRST
#: CLAUSE:", "PRIMERO:", "SEGUNDA MODIFICACIÓN.-", "Troisième modification :"), the item's label
#: being the number. Closed words of each language, as digits are: a pack names the layout, not them.
ORDINAL_WORDS: tuple[tuple[str, ...], ...] = (
    ("first", "primero", "primera", "primer", "primeiro", "primeira", "premier", "première", "premiere", "primo", "prima"),
    ("second", "segundo", "segunda", "deuxième", "deuxieme", "seconde", "secondo", "seconda"),
    ("third", "tercero", "tercera", "tercer", "terceiro", "terceira", "troisième", "troisieme", "terzo", "terza"),
    ("fourth", "cuarto", "cuarta", "quarto", "quarta", "quatrième", "quatrieme"),
    ("fifth", "quinto", "quinta", "cinquième", "cinquieme"),
    ("sixth", "sexto", "sexta", "sixième", "sixieme", "sesto", "sesta"),
    ("seventh", "séptimo", "septimo", "séptima", "septima", "sétimo", "setimo", "sétima", "setima", "septième",
     "septieme", "settimo", "settima"),
    ("eighth", "octavo", "octava", "oitavo", "oitava", "huitième", "huitieme", "ottavo", "ottava"),
    ("ninth", "noveno", "novena", "nono", "nona", "neuvième", "neuvieme"),
    ("tenth", "décimo", "decimo", "décima", "decima", "dixième", "dixieme"),
    ("eleventh", "undécimo", "undecimo", "undécima", "undecima", "décimo primero", "decimoprimero", "décimo primeiro",
     "onzième", "onzieme", "undicesimo"),
    ("twelfth", "duodécimo", "duodecimo", "duodécima", "duodecima", "décimo segundo", "decimosegundo",
     "décimo segundo", "douzième", "douzieme", "dodicesimo"),
    ("thirteenth", "decimotercero", "décimo tercero", "décimo terceiro", "treizième", "tredicesimo"),
    ("fourteenth", "decimocuarto", "décimo cuarto", "décimo quarto", "quatorzième", "quattordicesimo"),
    ("fifteenth", "decimoquinto", "décimo quinto", "quinzième", "quindicesimo"),
    ("sixteenth",), ("seventeenth",), ("eighteenth",), ("nineteenth",), ("twentieth",),
)
_ORDINAL_NUMBER: dict[str, int] = {" ".join(word.split()): n for n, words in enumerate(ORDINAL_WORDS, 1) for word in words}
_ORDINAL_RE = "|".join(re.escape(w).replace(r"\ ", r"[ \t]+") for w in sorted(_ORDINAL_NUMBER, key=len, reverse=True))


def ordinal_number(word: str) -> int | None:
    """The number an ordinal word says ("Tercero" 3, "décimo primero" 11), None for other words."""
    return _ORDINAL_NUMBER.get(" ".join(word.lower().split()))


def _placeholders_source(text: str, placeholders: dict[str, str]) -> tuple[str, set[str]]:
    """Words with ``{name}`` placeholders (each a named group) and ``[a|b]`` optional words, as
    the source of a regular expression (letter case to be ignored) and the names of its groups."""
    _check_brackets(text)
    parts: list[str] = []
    names: set[str] = set()
    position = 0
    for match in _PLACEHOLDER_RE.finditer(text):
        parts.append(_literal(text[position:match.start()]))
        name = match.group(1)
        if name not in placeholders:
            known = ", ".join("{" + p + "}" for p in placeholders)
            raise PatternError(f"unknown placeholder {{{name}}} (known here: {known})")
        if name in names:
            raise PatternError(f"placeholder {{{name}}} appears twice")
        parts.append(f"(?P<{name}>{placeholders[name]})")
        names.add(name)
        position = match.end()
    parts.append(_literal(text[position:]))
    return "".join(parts), names


@functools.lru_cache(maxsize=4096)
def compile_notation(kind: str, text: str) -> re.Pattern[str]:
    """A ``references`` notation of ``kind`` as a regular expression (its placeholders named
    groups, matched as whole words, never the front of a longer dotted label); PatternError when it
    cannot name anything of its kind.

    Compiled once per process for each notation (a PatternError is raised again each time): the
    pack's lint and every reader of an addendum ask for the same notations, and their source is
    compiled once, wrapped, not once alone and again wrapped."""
    if kind not in _NOTATION_NEEDS:
        raise PatternError(f"unknown kind of reference {kind!r} (known: {', '.join(REFERENCE_KINDS)})")
    source, names = _placeholders_source(text, REFERENCE_PLACEHOLDERS)
    missing = [need for need in _NOTATION_NEEDS[kind] if not has_groups(names, (need,))]
    if missing:
        raise PatternError(
            f"a {kind} notation needs " + " or ".join("{" + n + "}" for n in _names(missing[0]))
            + " so it can never name anything")
    # (never the front of a longer dotted label: "Article 5.1" is not read out of "Article 5.1.1" nor "Article 2.3"
    # out of "Article 2.3.B", nor "article 5" out of "article 5.2", round 58)
    # (a notation opening with a word of a script written without spaces touches the word before it: "A-401 のキーノート1")
    # (nor out of the second word of a hyphened compound: "Sub-Clause 4.4" of conditions of contract is a sub-clause,
    # never "Clause {article}"'s clause, round 90)
    opens = r"(?<!\.)" if unspaced(text[:1]) else r"(?<![\w.])(?<!\w-)"
    try:
        return re.compile(rf"{opens}(?:{source})(?![\w]|\.\w)", re.IGNORECASE)
    except re.error as problem:  # pragma: no cover - the pieces are escaped
        raise PatternError(f"does not compile: {problem}") from None


@functools.lru_cache(maxsize=1024)
def compile_layout(text: str) -> re.Pattern[str]:
    """A ``layouts`` line as a regular expression, letter case ignored: its words (``[a|b]``
    optional ones), then ``{label}`` (the item's own number or letter, a group of that name)
    with any of ``#.:-`` or spaces between ("Item No.1", "Q-2", "Q.3"). Readers match it at the
    start of a line and check what follows. PatternError without ``{label}`` or words. Compiled
    once per process for each line (the pack's lint and the readers ask for the same lines)."""
    if text.count("{label}") + text.count("{ordinal}") != 1:
        raise PatternError("a layout holds {label} (the item's own number or letter) or {ordinal} (an ordinal "
                           "word that numbers it) once")
    ordinal = "{ordinal}" in text
    before, _, after = text.partition("{ordinal}" if ordinal else "{label}")
    if not ordinal and not re.search(r"\w", before + after):
        raise PatternError("a layout needs words that open the item (\"Item {label}\"), not a label alone")
    if _PLACEHOLDER_RE.search(before + after):
        raise PatternError("a layout's only placeholder is {label} or {ordinal}")
    _check_brackets(text)
    head = _literal(before.rstrip()) if before.strip() else ""
    gap = r"[\s#.:-]*" if before.strip() and not ordinal else r"[ \t]*" if before.strip() else ""
    tail = _literal(after) if after.strip() else ""
    if ordinal:
        # an ordinal word opens an item only with a colon, dot or dash after it and the layout's words
        # ("PRIMERO:", "Second Clause -"): "First, the contractor ..." and "Primero se demolerá" are prose
        return re.compile(rf"{head}{gap}(?P<label>{_ORDINAL_RE})\b{tail}(?=(?:\*\*|__)?[ \t]*[:.\u2013\u2014-])",
                          re.IGNORECASE)
    return re.compile(f"{head}{gap}(?P<label>{LAYOUT_PLACEHOLDERS['label']}){tail}", re.IGNORECASE)


@functools.lru_cache(maxsize=8192)
def compile_verb(text: str) -> re.Pattern[str]:
    """A ``verbs`` phrase as a regular expression: whole words, letter case ignored, each word
    also read with the endings a verb takes ("revise" reads "revised", "revises", "revising";
    "delete" reads "deleted"), ``[a|b]`` words that may be left out, ``...`` any few words
    between two (within a sentence).

    Built once per process for each phrase (a PatternError is raised again each time): the
    stock packs' phrases in every language are some thousand, more than ``re``'s own cache
    holds, and every addendum read asked for each of them again (~24,000 builds, ~4 s of CPU
    in three test files)."""
    if "{" in text:
        raise PatternError("a verb phrase holds words only, no placeholder ({...})")
    _check_brackets(text)
    if not re.search(r"\w", text.replace("...", "")):
        raise PatternError("a verb phrase needs words")
    pieces = [piece.strip() for piece in text.split("...")]
    if any(not piece for piece in pieces):
        raise PatternError("'...' stands between two words: write words on both sides of it")
    # the gap's runs of spaces are possessive: a long run was split every way between them before
    # the next word failed to follow, quadratic in the run at each verb (audit B, finding 5)
    joined = r"\s++(?:(?:[^.;:\n]|[.:](?=\S)){0,80}?\s++)?".join(_verb_words(piece) for piece in pieces)
    # (never the second half of a word joined by a hyphen to a word before it: "SBS-Modified Bituminous Membrane",
    # "Polymer-Modified Mortar" name a kind of product, not a change; "re-" stays a verb's own prefix, round 91)
    return re.compile(_COMPOUND_TAIL + whole_words(joined, text.replace("[", "").replace("]", "").strip()),
                      re.IGNORECASE)


#: Where a verb phrase may not start: right after two letters and a hyphen (the word it is joined to), save "re-".
_COMPOUND_TAIL = r"(?:(?<![^\W\d_]{2}-)|(?<=\bre-))"


#: Letters of the scripts written without spaces between words (Han, Hiragana, Katakana and their
#: compatibility and half-width forms): a word of them stands against the word before and after it.
UNSPACED_LETTER = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]"
_UNSPACED = re.compile(UNSPACED_LETTER)


def unspaced(text: str) -> bool:
    """Whether ``text`` (a word or a character) is of a script written without spaces between words."""
    return bool(text) and _UNSPACED.match(text) is not None


def whole_words(pattern: str, written: str) -> str:
    """``pattern`` read as whole words: no word character right before or after it, except on a side
    where ``written`` (the phrase as the pack writes it) has a letter of a script written without spaces,
    whose words touch their neighbours ("4.1 は削除する", "キーノート1 を削除する": a whole-word
    boundary there never holds, and the phrase was never read)."""
    before = "" if unspaced(written[:1]) else r"(?<!\w)"
    after = "" if unspaced(written[-1:]) else r"(?!\w)"
    return rf"{before}(?:{pattern}){after}"


def _verb_words(text: str) -> str:
    """Words of a phrase, each inflected; ``[a|b]`` optional, whitespace between them."""
    tokens = re.findall(r"\[[^\]]*\]|\S+", text)
    words = [tok for tok in tokens if not tok.startswith("[")]
    out = ""
    first = True  # no word written yet: an optional part opens with its own gap after it
    for token in tokens:
        if token.startswith("["):
            choices = "|".join(_verb_words(choice) for choice in token[1:-1].split("|") if choice.strip())
            out += f"(?:(?:{choices})\\s+)?" if first and words else f"(?:\\s+(?:{choices}))?"
            continue
        out += ("" if first else r"\s+") + _inflected(token)
        first = False
    return out


def _inflected(word: str) -> str:
    """A word and the endings a verb takes: ``revise`` → revise, revised, revises, revising."""
    if not word.isalpha() or len(word) < 3 or _UNSPACED.search(word):
        return re.escape(word).replace(",", ",?")
    if re.search(r"[^aeiou]y$", word, re.IGNORECASE):  # "modify": modifies, modified, modifying
        return rf"(?:{re.escape(word)}(?:ing)?|{re.escape(word[:-1])}(?:ies|ied))"
    if re.search(r"[^aeiou][aeiou][b-df-hj-np-tvz]$", word, re.IGNORECASE):
        # "omit": omitted, omitting (a final consonant after one short vowel doubles; "edited"
        # keeps one, and reads too)
        return rf"(?:{re.escape(word)}(?:s|ed|ing)?|{re.escape(word + word[-1])}(?:ed|ing))"
    stem = word[:-1] if word.endswith("e") else word
    return rf"(?:{re.escape(word)}(?:s|d|ed|es)?|{re.escape(stem)}ing)"
