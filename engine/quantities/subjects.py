"""Subject binding: what a quantity measures, from the words near it and the rule packs' vocabulary.

A mention is bound to a subject when a synonym of that subject (``kind: subject`` rules) is
written in the same clause — preceding words preferred, the nearest winning — or, failing
that, in the context given with the text (a table column's header), and the subject's unit
has the mention's dimension. Synonyms are found as written (whole words, any case) and, for
synonyms of six letters or more, fuzzily with rapidfuzz (a misspelt ``compresive strength``),
the fuzzy match widened to whole words before it is scored so ``fee rate`` is not found in
``coffee rates``. Nothing else binds: a quantity with no such words, with words of two
subjects at the same distance, or whose dimension disagrees with every nearby subject, stays
unbound (``subject`` None) — never guessed.

A plain value bound to a subject whose vocabulary bound is ``min`` or ``max`` (f'c is a
minimum) is read as that bound, with ``bound_from="vocabulary"``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import fuzz, process

from inforce.ontology import CharSpan
from inforce.rules import SubjectRule, SubjectVocabulary

from ._models import QuantityMention, SubjectBinding
from .units import UnitTable, dimension_of, unit_table

__all__ = [
    "Binding",
    "BindingTarget",
    "SubjectBinder",
    "default_vocabulary",
    "mention_key",
    "mention_key_of",
    "subject_dimension",
]

#: Clause boundaries: sentence ends, semicolons, line breaks and table cell bars.
_BOUNDARY = re.compile(r"[.;!?](?=\s|$)|\n|\|")
#: How far (characters) a synonym may be from the quantity it names. Words after a quantity
#: name it only when they follow closely, with no punctuation between (``4,000 psi
#: compressive strength``), not ``less than 15 kg, because an appropriate dose``.
MAX_GAP_BEFORE = 80
MAX_GAP_AFTER = 20
_PUNCTUATION = re.compile(r"[,;:()\[\]]")
#: Following words count as this many characters further away than preceding ones.
_AFTER_PENALTY = 100
#: rapidfuzz score (0-100) a fuzzy synonym must reach, over whole words.
FUZZY_CUTOFF = 88.0
_FUZZY_MIN_LENGTH = 6
_FIND_CACHE = 4096


@lru_cache(maxsize=1)
def default_vocabulary() -> SubjectVocabulary:
    """The stock ``subjects/default`` pack's vocabulary: what a project without its own uses."""
    from inforce.rules import DEFAULT_SUBJECTS, load_pack

    loaded = load_pack(DEFAULT_SUBJECTS)
    return SubjectVocabulary(tuple(loaded.pack.of_kind("subject")))


def subject_dimension(rule: SubjectRule, units: UnitTable | None = None) -> str:
    """The key a mention's unit must have for ``rule``: a dimensionality, ``percent``,
    ``currency`` or ``dimensionless`` (which a bare number also has)."""
    if rule.unit in ("percent", "%"):
        return "percent"
    if rule.unit == "currency":
        return "currency"
    if rule.unit == "dimensionless":
        return "dimensionless"
    table = units or unit_table()
    expression = table.alias(rule.unit) or rule.unit
    dimension = dimension_of(expression)
    if dimension is None:
        raise ValueError(f"subject {rule.subject}: unit {rule.unit!r} is not known to pint")
    return dimension


def mention_key(mention: QuantityMention) -> str:
    """The dimension key of a mention, in :func:`subject_dimension`'s terms."""
    return mention_key_of(mention.unit_expression, mention.dimension)


def mention_key_of(expression: str | None, dimension: str | None) -> str:
    if expression is None:
        return "dimensionless"  # a bare number
    if expression == "percent":
        return "percent"
    dimension = dimension or ""
    if dimension.startswith("[currency"):
        return "currency"
    return dimension


@dataclass(frozen=True)
class BindingTarget:
    """What binding needs of a mention: where it is (offsets into the text), its dimension key,
    and whether it may be bound at all (a malformed number or an unknown unit may not)."""

    start: int
    end: int
    key: str
    usable: bool = True


@dataclass(frozen=True)
class Binding:
    """A subject found for a mention: the rule, the words, where (offsets into the text read)."""

    rule: SubjectRule
    start: int
    end: int
    phrase: str
    synonym: str
    score: float
    source: str = "text"

    def model(self, base: int = 0) -> SubjectBinding:
        span = None
        if self.source == "text":
            span = CharSpan(start=base + self.start, end=base + self.end)
        return SubjectBinding(
            subject=self.rule.subject, rule=self.rule.id, phrase=self.phrase, synonym=self.synonym,
            source=self.source, score=self.score, span=span,
        )


_Candidate = Binding


class SubjectBinder:
    """Binds mentions to the subjects of one vocabulary."""

    def __init__(self, vocabulary: SubjectVocabulary, units: UnitTable | None = None) -> None:
        self.vocabulary = vocabulary
        self.by_key: dict[str, list[SubjectRule]] = {}
        for rule in vocabulary.subjects:
            self.by_key.setdefault(subject_dimension(rule, units), []).append(rule)
        self._found: dict[str, list[tuple[SubjectRule, int, int]]] = {}
        self._fuzzy_found: dict[tuple[str, str], _Candidate | None] = {}
        self.fuzzy: dict[str, list[tuple[str, SubjectRule]]] = {
            key: [(synonym.lower(), rule) for rule in rules for synonym in rule.synonyms
                  if len(synonym) >= _FUZZY_MIN_LENGTH]
            for key, rules in self.by_key.items()
        }

    def decide(
        self, targets: list[BindingTarget], text: str, context: str | None = None,
    ) -> list[Binding | None]:
        """The subject of each target in ``text`` (offsets into it), or None where unbound."""
        boundaries: list[int] | None = None
        found_in: dict[tuple[int, int], _Found] = {}
        decided: list[Binding | None] = []
        for target in targets:
            rules = self.by_key.get(target.key)
            if not rules or not target.usable:
                decided.append(None)
                continue
            if boundaries is None:
                boundaries = [match.end() for match in _BOUNDARY.finditer(text)]
            clause = _clause(boundaries, target.start, target.end, len(text))
            if clause not in found_in:
                found_in[clause] = _Found(self._find(text[clause[0] : clause[1]]))
            near = found_in[clause].near(target.start - clause[0], target.end - clause[0])
            candidate = self._in_text(target.key, rules, text, clause, near, target.start, target.end)
            if candidate is None and context:
                candidate = self._in_context(target.key, rules, context)
            decided.append(candidate)
        return decided

    def _find(self, clause: str) -> list[tuple[SubjectRule, int, int]]:
        """The vocabulary's synonyms in a clause, remembered (clauses repeat across documents)."""
        found = self._found.get(clause)
        if found is None:
            found = self.vocabulary.find(clause)
            if len(self._found) >= _FIND_CACHE:
                self._found.clear()
            self._found[clause] = found
        return found

    def bind(
        self, mention: QuantityMention, text: str, *, base: int = 0, context: str | None = None,
    ) -> QuantityMention:
        """``mention`` bound to its subject in ``text`` (whose offsets its span carries, plus
        ``base``), or returned as it is when nothing binds it."""
        target = BindingTarget(
            start=mention.span.start - base, end=mention.span.end - base, key=mention_key(mention),
            usable=mention.value is not None and not mention.warnings,
        )
        binding = self.decide([target], text, context)[0]
        if binding is None:
            return mention
        update: dict[str, object] = {"subject": binding.rule.subject, "binding": binding.model(base)}
        if mention.bound == "exact" and binding.rule.bound in ("min", "max"):
            update["bound"] = binding.rule.bound
            update["bound_from"] = "vocabulary"
        return mention.model_copy(update=update)

    # -- finding the words ---------------------------------------------------------------------

    def _in_text(
        self, key: str, rules: list[SubjectRule], text: str, clause: tuple[int, int],
        found: list[tuple[SubjectRule, int, int]], start: int, end: int,
    ) -> _Candidate | None:
        allowed = {id(rule) for rule in rules}
        candidates: list[tuple[float, _Candidate]] = []
        for rule, s, e in found:
            if id(rule) not in allowed:
                continue
            s, e = s + clause[0], e + clause[0]
            distance = _distance(s, e, start, end)
            if distance is not None and s >= end and _PUNCTUATION.search(text, end, s):
                distance = None
            if distance is not None:
                phrase = text[s:e]
                candidates.append((distance, _Candidate(rule, s, e, phrase, _synonym(rule, phrase), 100.0)))
        if not candidates:
            window_start = max(clause[0], start - MAX_GAP_BEFORE)
            fuzzy = self._fuzzy(key, text, window_start, start)
            if fuzzy is not None:
                candidates.append((_distance(fuzzy.start, fuzzy.end, start, end) or 0.0, fuzzy))
        return _nearest(candidates)

    def _in_context(self, key: str, rules: list[SubjectRule], context: str) -> _Candidate | None:
        allowed = {id(rule) for rule in rules}
        found = [
            _Candidate(rule, s, e, context[s:e], _synonym(rule, context[s:e]), 100.0, "context")
            for rule, s, e in self.vocabulary.find(context) if id(rule) in allowed
        ]
        if found:
            subjects = {candidate.rule.subject for candidate in found}
            if len(subjects) > 1:
                longest = max(len(candidate.phrase) for candidate in found)
                found = [candidate for candidate in found if len(candidate.phrase) == longest]
                if len({candidate.rule.subject for candidate in found}) > 1:
                    return None
            return found[0]
        fuzzy = self._fuzzy(key, context, 0, len(context))
        return replace(fuzzy, source="context") if fuzzy is not None else None

    def _fuzzy(self, key: str, text: str, start: int, end: int) -> _Candidate | None:
        """The best synonym of a subject with dimension ``key`` written, misspelt or not, in
        ``text[start:end]`` (remembered by window: the same sentences recur)."""
        window = text[start:end]
        remembered = self._fuzzy_found.get((key, window), False)
        if remembered is not False:
            return replace(remembered, start=remembered.start + start, end=remembered.end + start) \
                if remembered is not None else None
        found = self._fuzzy_in(key, window)
        if len(self._fuzzy_found) >= _FIND_CACHE:
            self._fuzzy_found.clear()
        self._fuzzy_found[(key, window)] = found
        if found is None:
            return None
        return replace(found, start=found.start + start, end=found.end + start)

    def _fuzzy_in(self, key: str, window: str) -> _Candidate | None:
        """:meth:`_fuzzy` in one window, offsets into the window."""
        choices = self.fuzzy.get(key)
        start = 0
        if not choices or len(window) < _FUZZY_MIN_LENGTH:
            return None
        lowered = window.lower()
        found = process.extract(
            lowered, [synonym for synonym, _ in choices], scorer=fuzz.partial_ratio,
            score_cutoff=FUZZY_CUTOFF, limit=None,
        )
        best: _Candidate | None = None
        for synonym, _, index in found:
            alignment = fuzz.partial_ratio_alignment(synonym, lowered)
            if alignment is None:
                continue
            # scored again over whole words: a synonym inside other words does not count
            s, e = _widen_to_words(lowered, alignment.dest_start, alignment.dest_end)
            score = fuzz.ratio(synonym, lowered[s:e])
            if score >= FUZZY_CUTOFF and (best is None or score > best.score):
                best = _Candidate(choices[index][1], start + s, start + e, window[s:e], synonym, round(score, 1))
        return best


class _Found:
    """The synonyms found in one clause (in order of start, as the finder yields them), and
    those a quantity at given offsets could bind to: only words within :data:`MAX_GAP_BEFORE`
    before it or :data:`MAX_GAP_AFTER` after it count (:func:`_distance`), so a bisect over
    the starts gives them without comparing the quantity with every word of a long clause."""

    def __init__(self, found: list[tuple[SubjectRule, int, int]]) -> None:
        self.found = found
        self.starts = [s for _, s, _ in found]
        self.longest = max((e - s for _, s, e in found), default=0)

    def near(self, start: int, end: int) -> list[tuple[SubjectRule, int, int]]:
        """The words that may end at most MAX_GAP_BEFORE before ``start`` or begin at most
        MAX_GAP_AFTER after ``end`` (clause offsets), in the finder's order."""
        low = bisect.bisect_left(self.starts, start - MAX_GAP_BEFORE - self.longest)
        high = bisect.bisect_right(self.starts, end + MAX_GAP_AFTER)
        return self.found[low:high]


def _clause(boundaries: list[int], start: int, end: int, length: int) -> tuple[int, int]:
    """The clause around ``[start, end)``: from the boundary before it to the boundary after it."""
    before = bisect.bisect_right(boundaries, start) - 1
    clause_start = boundaries[before] if before >= 0 else 0
    after = bisect.bisect_left(boundaries, end + 1)
    clause_end = boundaries[after] if after < len(boundaries) else length
    return clause_start, clause_end


def _distance(s: int, e: int, start: int, end: int) -> float | None:
    if e <= start:
        gap = start - e
        return gap if gap <= MAX_GAP_BEFORE else None
    if s >= end:
        gap = s - end
        return gap + _AFTER_PENALTY if gap <= MAX_GAP_AFTER else None
    return None  # overlaps the quantity itself


def _nearest(candidates: list[tuple[float, _Candidate]]) -> _Candidate | None:
    if not candidates:
        return None
    candidates.sort(key=lambda item: (item[0], -len(item[1].phrase)))
    best_distance, best = candidates[0]
    for distance, other in candidates[1:]:
        if distance != best_distance:
            break
        if other.rule.subject != best.rule.subject and len(other.phrase) == len(best.phrase):
            return None  # two subjects equally near: do not guess
    return best


def _synonym(rule: SubjectRule, phrase: str) -> str:
    folded = re.sub(r"\s+", " ", phrase.lower())
    return next((synonym for synonym in rule.synonyms if synonym.lower() == folded), phrase)


def _widen_to_words(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end
