"""Subject binding: what a quantity measures, from the words near it and the rule packs' vocabulary.

A mention is bound, in this order of evidence (the first that decides wins):

1. **Named beside it**: a synonym of a subject (``kind: subject`` rules), or a word an inference
   rule reads as that subject in this note (``near``: ``CLR.`` beside a length in a note about
   reinforcement), written in the same clause — the words of the mention's own comma-separated
   part first, then preceding words preferred, the nearest winning. Synonyms are found as
   written (whole words, any case, the pack's abbreviations: ``CONC. COVER``) and, for
   synonyms of six letters or more, fuzzily with rapidfuzz (a misspelt ``compresive
   strength``), widened to whole words before it is scored (``fee rate`` is not in ``coffee
   rates``). When the nearest such word is one of a subject's ``unless_near`` words (a
   thickness, a spacing, a lap) the mention is not that subject's.
2. **Named in its table column's header** (a ``|`` table written in the text), or, where the
   header names nothing, in the table's caption, then in its row's label cell.
3. **Carried by the list heading above it** (``CONC. COVER TO REINF. (MIN.):`` over items
   ``FTGS. ..... 3"``): the nearest heading that names a subject of the mention's dimension,
   when it names only one and the item names no other.
4. **Inferred from what it is stated for**: an inference rule with no ``near`` words (a
   pressure between 2,000 and 15,000 psi stated for concrete is its compressive strength).
5. **Named in the context given with the text** (a column header passed by the caller).

Every route checks the subject's dimension against the mention's unit, and the ``unless_for``
words of the subject and of the inference rule against the mention's note — its clause, the
label before its line's colon, the headings above it (grout, masonry, steel shapes). An
inference also needs one of its ``stated_for`` words in the note and the value inside its
``between`` range. A quantity with no such words, with words of two subjects at the same
distance, a tolerance alone (``+/- 1"``), or whose dimension disagrees with every nearby
subject, stays unbound (``subject`` None) — never guessed.

Clauses end at sentence ends, semicolons, line breaks and table cell bars; a period after
one of the vocabulary's abbreviations (``CONC.``, ``U.N.O.``) or in a dot leader ends none
(``_notes`` reads the text: clauses, comma parts, line labels, headings, table headers and
captions). A word written right after another figure of its subject's dimension labels that
figure (``80 mm SLUMP, 20 mm AGG.``), not the next one, unless the next opens brackets (its
other value); a word read into another figure (``O.C.`` of ``16" O.C.``) is that figure's, and
an ``unless_for`` word in another comma part holding a figure of its own is what that figure
is stated for. An inference's ``stated_for`` words may stand in the clauses opening the
sentence (``ALL FDN. CONC. ...; 3" CLR.``). Grades a standard fixes the stress of (``kind: grade``) are added
as mentions by :meth:`SubjectBinder.implied`.

A figure that says which members another figure of its dimension holds for (``3" FOR MEMBERS
12" TO 24" THICK``) is bound to nothing; a blocking word written right after a figure (``4,000
PSI AT TRANSFER``) blocks as one read into it; a figure outside its subject's ``between`` is
never that subject's (a body weight is no dose).

A plain value bound to a subject whose vocabulary bound is ``min`` or ``max`` (f'c is a
minimum) is read as that bound, with ``bound_from="vocabulary"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import fuzz, process

from inforce.ontology import CharSpan
from inforce.ontology.quantity import NormalizedValue
from inforce.rules import GradeRule, InferenceRule, SubjectRule, SubjectVocabulary
from inforce.rules.subjects import PlausibleRange, WordList

from ._models import QuantityMention, SubjectBinding
from ._notes import (
    _LABEL_END,
    MAX_GAP_AFTER,
    MAX_GAP_BEFORE,
    BindingTarget,
    NoteReading,
    Word,
    Words,
)
from .units import UnitTable, convert, dimension_of, unit_table

__all__ = [
    "Binding",
    "BindingTarget",
    "SubjectBinder",
    "default_vocabulary",
    "mention_key",
    "mention_key_of",
    "subject_dimension",
]

_PUNCTUATION = re.compile(r"[,;:()\[\]]")
#: Following words count as this many characters further away than preceding ones.
_AFTER_PENALTY = 100
#: rapidfuzz score (0-100) a fuzzy synonym must reach, over whole words.
FUZZY_CUTOFF = 88.0
_FUZZY_MIN_LENGTH = 6
_FIND_CACHE = 4096
#: How far after a grade (characters) a written stress makes it a designation.
_STRESS_BESIDE = 40
_PRESSURE = "[mass] / [length] / [time] ** 2"
#: A grade's number written after letters and a space, a period or a dash (``GR. 60``,
#: ``A-615-60``): texts without one hold no grade and are not searched further.
_GRADE_WORD = re.compile(r"[A-Za-z][ .\-]?\s*\d")


@lru_cache(maxsize=1)
def default_vocabulary() -> SubjectVocabulary:
    """The stock ``subjects/default`` pack's vocabulary: what a project without its own uses."""
    from inforce.rules import DEFAULT_SUBJECTS, load_pack

    loaded = load_pack(DEFAULT_SUBJECTS)
    return SubjectVocabulary.of_rules(loaded.pack.rules)


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
class Binding:
    """A subject found for a mention: the rule, the words, where (offsets into the text read)."""

    rule: SubjectRule
    start: int
    end: int
    phrase: str
    synonym: str
    score: float
    source: str = "text"
    #: the inference rule that read the words as the subject (None: a synonym named it)
    inferred_by: InferenceRule | None = None

    def model(self, base: int = 0) -> SubjectBinding:
        span = None
        if self.source == "text":
            span = CharSpan(start=base + self.start, end=base + self.end)
        return SubjectBinding(
            subject=self.rule.subject, rule=self.inferred_by.id if self.inferred_by else self.rule.id,
            phrase=self.phrase, synonym=self.synonym, source=self.source, score=self.score, span=span,
        )


_Candidate = Binding


class SubjectBinder:
    """Binds mentions to the subjects of one vocabulary."""

    def __init__(self, vocabulary: SubjectVocabulary, units: UnitTable | None = None) -> None:
        self.vocabulary = vocabulary
        self.by_key: dict[str, list[SubjectRule]] = {}
        for rule in vocabulary.subjects:
            self.by_key.setdefault(subject_dimension(rule, units), []).append(rule)
        self._found: dict[str, list[tuple[SubjectRule, str, int, int]]] = {}
        self._fuzzy_found: dict[tuple[str, str], _Candidate | None] = {}
        self.fuzzy: dict[str, list[tuple[str, SubjectRule]]] = {
            key: [(synonym.lower(), rule) for rule in rules for synonym in rule.synonyms
                  if len(synonym) >= _FUZZY_MIN_LENGTH]
            for key, rules in self.by_key.items()
        }
        subjects = {rule.subject: rule for rule in vocabulary.subjects}
        #: each subject's dimension key (a word labels only a figure of its subject's dimension)
        self.subject_keys = {rule.subject: key for key, rules in self.by_key.items() for rule in rules}
        self.inferences: dict[str, list[_Inference]] = {}
        for inference in vocabulary.inferences:
            subject = subjects.get(inference.subject)
            if subject is not None:  # lint reports an inference of an unknown subject
                key = subject_dimension(subject, units)
                self.inferences.setdefault(key, []).append(_Inference(inference, subject, vocabulary))
        #: each subject's range (``between``), its ends as (value, unit): a figure outside is never its
        self.ranges = {rule.subject: _ends(rule.between) for rule in vocabulary.subjects if rule.between is not None}
        self.blockers: dict[str, tuple[WordList, WordList]] = {
            rule.subject: (vocabulary.words(rule.unless_near), vocabulary.words(rule.unless_for))
            for rule in vocabulary.subjects
        }
        self._near_words = vocabulary.words(sorted({
            word for inferences in self.inferences.values() for inference in inferences
            for word in (*inference.rule.near, *inference.rule.unless_near)
        } | {word for rule in vocabulary.subjects for word in rule.unless_near}))
        self._near_found: dict[str, list[tuple[str, int, int]]] = {}
        #: the periods a note reading keeps inside a clause: the vocabulary's abbreviations', and
        #: those of a rule's own words written with their period (an owner's ``near: ["covg."]``)
        self._abbreviated = vocabulary.abbreviated | frozenset(
            token[:-1] for inferences in self.inferences.values() for inference in inferences
            for word in (*inference.rule.near, *inference.rule.unless_near, *inference.rule.stated_for)
            for token in word.lower().split() if token.endswith(".") and len(token) > 2)
        self._units = units or unit_table()
        self._grades = [
            (grade, pattern, gate) for grade in
            (_Grade(rule, vocabulary) for rule in vocabulary.grades if rule.subject in subjects)
            for pattern, gate in zip(_grade_patterns(grade.rule), _grade_gates(grade.rule), strict=True)
        ]

    def decide(
        self, targets: list[BindingTarget], text: str, context: str | None = None,
    ) -> list[Binding | None]:
        """The subject of each target in ``text`` (offsets into it), or None where unbound."""
        reading: NoteReading | None = None
        decided: list[Binding | None] = []
        previous = _previous_of_key(targets)
        for n, target in enumerate(targets):
            rules = self.by_key.get(target.key)
            if not rules or not target.usable or _tolerance_alone(target) or _what_another_holds_for(
                    target, previous[n], text):
                decided.append(None)
                continue
            if reading is None:
                reading = NoteReading(text, self._abbreviated)
                reading.labelled = {t.end: t.key for t in targets if t.usable}
                reading.figures = sorted((t.start, t.end) for t in targets)
            decided.append(self._decide(target, rules, reading, context))
        return decided

    def _decide(
        self, target: BindingTarget, rules: list[SubjectRule], reading: NoteReading, context: str | None,
    ) -> Binding | None:
        text = reading.text
        clause = reading.clause(target.start, target.end)
        note = reading.note(target.start, target.end, clause)
        inferences = [i for i in self.inferences.get(target.key, ()) if i.applies(reading, note, target)]
        key = (clause, tuple(id(i) for i in inferences) + (id(rules),))
        words = reading.words.get(key)
        if words is None:
            words = reading.words[key] = Words(self._words_in(text, clause, rules, inferences))
        candidate, said = self._nearest_named(words, reading, clause, target, rules)
        if candidate is None and said:
            candidate = self._by_far_label(target, rules, inferences, reading, clause, words)
        if candidate is None and not said:
            candidate = self._in_header(target, rules, inferences, reading)
        if candidate is None and not said:
            candidate = self._under_heading(target, rules, reading, clause, words)
        if candidate is None and (not said or self._only_inferred_words(words)):
            bare = [i for i in inferences if not i.rule.near]
            if len({i.subject.subject for i in bare}) == 1 and (not said or all(
                    w.blocks or w.rule.subject == bare[0].subject.subject for w in words.found)):
                first = bare[0]
                candidate = _Candidate(first.subject, target.start, target.end, text[target.start:target.end],
                                       first.rule.stated_for[0], first.rule.score, inferred_by=first.rule)
        if candidate is None and context and not said:
            candidate = self._in_context(target.key, rules, context)
        if candidate is not None and (self._blocked_for(candidate, reading, note, target, inferences)
                                      or not self._takes(candidate.rule, target)):
            return None
        return candidate

    def may_name(self, figures: Iterable[BindingTarget], text: str) -> bool:
        """Whether ``text`` holds a word that could bind one of these figures: a synonym of a
        subject of its dimension, or a word an inference rule of its dimension reads (``near``)
        or needs (``stated_for``), asking only the subjects and rules that could take it: no
        binding takes a figure outside its subject's ``between`` or outside the range of the
        inference rule that read it (``_decide``), so a heading naming only such a subject
        carries nothing (``15 mils`` under ``CAST-IN-PLACE CONCRETE``). Cheap: a heading
        without one carries nothing."""
        allowed: set[int] = set()
        inferences: list[_Inference] = []
        for figure in figures:
            allowed.update(id(rule) for rule in self.by_key.get(figure.key, ()) if self._takes(rule, figure))
            inferences += [i for i in self.inferences.get(figure.key, ())
                           if _within(figure, i.low, i.high) and self._takes(i.subject, figure)]
        if allowed and any(id(rule) in allowed for rule, _, _, _ in self._find(text)):
            return True
        if not inferences:
            return False
        near = {word for word, _, _ in self._find_near(text)} if self._near_words.words else set()
        return any(i.near_set & near or i.stated_for.in_text(text, 0, len(text)) for i in inferences)

    def may_block(self, subjects: set[str], text: str) -> bool:
        """Whether ``text`` names something one of these subjects (or an inference of it) is
        not stated for (``unless_for``: grout, masonry, steel shapes). Cheap, as ``may_name``."""
        for subject in subjects:
            blockers = self.blockers.get(subject)
            if blockers is not None and blockers[1].in_text(text, 0, len(text)):
                return True
        return any(i.unless_for.in_text(text, 0, len(text)) for inferences in self.inferences.values()
                   for i in inferences if i.subject.subject in subjects)

    def _by_far_label(
        self, target: BindingTarget, rules: list[SubjectRule], inferences: list[_Inference], reading: NoteReading,
        clause: tuple[int, int], words: Words,
    ) -> _Candidate | None:
        """The subject the label before its line's colon names, carried to a figure of a long
        list after it, too far for a nearest word (``MIN. COVER TO REINF.: RAFT 75 MM, ...,
        SLABS & BEAMS 30 MM``): only where every word of these subjects in the clause is the
        label's own and none says otherwise."""
        if not words.found or words.blocks:
            return None
        label = reading.label(target.start, clause)
        if label is None:  # the line's label opens the clause itself
            colons = [m.start() for m in _LABEL_END.finditer(reading.text, clause[0], target.start)]
            label = (clause[0], colons[-1]) if colons else None
        if label is None:
            return None
        if any(w.start < label[0] or w.end > label[1] for w in words.found):
            return None
        return self._named_in(reading.text, label, rules, inferences)

    @staticmethod
    def _only_inferred_words(words: Words) -> bool:
        """Whether every word naming a subject in the clause is an inference's ``near`` word
        (``AT 56 DAYS``) and none says otherwise: such a word, read as another figure's, leaves
        this one to what its note is stated for (``CONC. 5000 PSI (FOOTING) & 6000 PSI
        (PEDESTAL) AT 56 DAYS``: both are the concrete's strength)."""
        return not words.blocks and all(w.inferred_by is not None for w in words.found)

    def _takes(self, rule: SubjectRule, target: BindingTarget) -> bool:
        """Whether the figure's values lie in the subject's ``between`` (no range: any does)."""
        ends = self.ranges.get(rule.subject)
        return ends is None or _within(target, *ends)

    # -- the words beside a mention ------------------------------------------------------------

    def _words_in(
        self, text: str, clause: tuple[int, int], rules: list[SubjectRule], inferences: list[_Inference],
    ) -> list[Word]:
        """Every word of the clause that may decide a mention of these subjects: synonyms,
        the applying inference rules' ``near`` words, and the subjects' ``unless_near`` words."""
        allowed = {id(rule) for rule in rules}
        found = [Word(s + clause[0], e + clause[0], rule, synonym, None, False)
                 for rule, synonym, s, e in self._find(text[clause[0] : clause[1]]) if id(rule) in allowed]
        near_words = self._find_near(text[clause[0] : clause[1]]) if (inferences or self._near_words.words) else []
        for word, s, e in near_words:
            for inference in inferences:
                if word in inference.near_set:
                    found.append(Word(s + clause[0], e + clause[0], inference.subject, word, inference.rule, False))
                if word in inference.rule.unless_near:
                    found.append(Word(s + clause[0], e + clause[0], inference.subject, word, None, True))
            for rule in rules:
                if word in rule.unless_near:
                    found.append(Word(s + clause[0], e + clause[0], rule, word, None, True))
        return found

    def _nearest_named(
        self, words: Words, reading: NoteReading, clause: tuple[int, int], target: BindingTarget,
        rules: list[SubjectRule],
    ) -> tuple[_Candidate | None, bool]:
        """The subject the nearest word names, and whether any word of these subjects is in
        the clause at all (then the heading and the note's material do not decide)."""
        text, start, end = reading.text, target.start, target.end
        near = words.near(start, end)
        part = reading.part(start, end, clause) if near else (start, end)
        in_part = [w for w in near if w.start >= part[0] and w.end <= part[1] and (w.end <= start or w.start >= end)]
        pool = [w for w in (in_part or near) if not reading.labels_another(w, target, self.subject_keys)]
        candidates: list[tuple[float, Word]] = []
        for word in pool:
            distance = _distance(word.start, word.end, start, end)
            if distance is not None and word.start >= end and _PUNCTUATION.search(text, end, word.start):
                distance = None
            if distance is not None:
                candidates.append((distance, word))
        said = words.names
        if not candidates:
            if said:
                return None, True
            window_start = max(clause[0], start - MAX_GAP_BEFORE)
            fuzzy = self._fuzzy(target.key, text, window_start, start)
            return fuzzy, fuzzy is not None
        candidates.sort(key=lambda item: (item[0], -(item[1].end - item[1].start)))
        best_distance, best = candidates[0]
        for distance, other in candidates[1:]:
            if distance != best_distance:
                break
            if other.rule.subject != best.rule.subject and other.end - other.start == best.end - best.start:
                return None, True  # two subjects equally near: do not guess
        if best.blocks or any(w.blocks and w.rule.subject == best.rule.subject and start <= w.start
                              and (w.end <= end or not text[end : w.start].strip()) for w in near):
            # the nearest word, one read into the figure (15'-0" O.C.) or one written right after
            # it (4,000 PSI AT TRANSFER) says otherwise
            return None, True
        if best.inferred_by is not None and any(
                w.blocks and w.rule.subject == best.rule.subject
                and not reading.labels_another(w, target, self.subject_keys) for w in in_part):
            return None, True  # an inferred word shares its part with a word that says otherwise
        phrase = text[best.start : best.end]
        score = best.inferred_by.score if best.inferred_by is not None else 100.0
        synonym = best.synonym if best.inferred_by is not None else _synonym(best.rule, phrase, best.synonym)
        return _Candidate(best.rule, best.start, best.end, phrase, synonym, score, inferred_by=best.inferred_by), True

    def _in_header(
        self, target: BindingTarget, rules: list[SubjectRule], inferences: list[_Inference], reading: NoteReading,
    ) -> _Candidate | None:
        """The subject the column header of a ``|`` table written in the text names; where the
        header names none, the table's caption (``28-DAY STRENGTH REQUIRED (PSI), BY WEATHERING
        PROBABILITY`` over columns of exposure classes), then the row's label cell (``| SLUMP |
        4" ± 1" |`` under ``| PARAMETER | VALUE |``)."""
        header = reading.column_header(target.start)
        if header is None:
            return None
        found = self._named_in(reading.text, header, rules, inferences)
        if found is not None or any(not w.blocks for w in self._words_in(reading.text, header, rules, inferences)):
            return found
        caption = reading.caption(target.start)
        found = self._named_in(reading.text, caption, rules, inferences) if caption is not None else None
        if found is None:  # where neither names one, the row's label cell (| SLUMP | 4" ± 1" |)
            label = reading.row_label_cell(target.start)
            found = self._named_in(reading.text, label, rules, inferences) if label is not None else None
        return found

    def _under_heading(
        self, target: BindingTarget, rules: list[SubjectRule], reading: NoteReading, clause: tuple[int, int],
        words: Words,
    ) -> _Candidate | None:
        """The subject the nearest list heading above names (alone), carried to its item."""
        if words.blocks:
            return None
        text = reading.text
        label = reading.label(target.start, clause)
        for heading in ([label] if label else []) + reading.headings(target.start):
            inferences = [i for i in self.inferences.get(target.key, ()) if i.applies_under(reading, heading, target)]
            found = self._named_in(text, heading, rules, inferences)
            if found is not None:
                return found
            if any(w for w in self._words_in(text, heading, rules, inferences) if not w.blocks):
                return None  # the heading names two subjects: neither is carried
        return None

    def _named_in(
        self, text: str, span: tuple[int, int], rules: list[SubjectRule], inferences: list[_Inference],
    ) -> _Candidate | None:
        """The one subject of these rules a heading or header names (None: none, or two)."""
        words = [w for w in self._words_in(text, span, rules, inferences) if not w.blocks]
        if not words:
            return None
        longest = max(w.end - w.start for w in words)
        subjects = {w.rule.subject for w in words}
        if len(subjects) > 1:
            words = [w for w in words if w.end - w.start == longest]
            if len({w.rule.subject for w in words}) > 1:
                return None
        word = min(words, key=lambda w: (w.inferred_by is not None, -(w.end - w.start)))
        phrase = text[word.start : word.end]
        score = word.inferred_by.score if word.inferred_by is not None else 100.0
        synonym = word.synonym if word.inferred_by is not None else _synonym(word.rule, phrase, word.synonym)
        return _Candidate(word.rule, word.start, word.end, phrase, synonym, score, inferred_by=word.inferred_by)

    def _blocked_for(
        self, candidate: _Candidate, reading: NoteReading, note: list[tuple[int, int]], target: BindingTarget,
        inferences: list[_Inference],
    ) -> bool:
        """Whether the mention's note names a material the subject is not stated for (not
        counting what another figure's own comma part names: ``NoteReading.says_for``). A
        clause that itself names what the inference that read it is stated for, and nothing
        excluded, outweighs its line's label and headings (``MASONRY WALL (ALT.): 12" CMU,
        ...; FOOTING CONC. 3,000 PSI``: the footing's concrete)."""
        _, unless_for = self.blockers[candidate.rule.subject]
        clause = note[0]
        if candidate.inferred_by is not None and len(note) > 1:
            own = next((i for i in inferences if i.rule is candidate.inferred_by), None)
            if own is not None and reading.has(own.stated_for, clause) and not reading.has(unless_for, clause):
                return False
        return reading.says_for(unless_for, note, target.start, target.end)

    def _find(self, clause: str) -> list[tuple[SubjectRule, str, int, int]]:
        """The vocabulary's synonyms in a clause, remembered (clauses repeat across documents)."""
        found = self._found.get(clause)
        if found is None:
            found = self.vocabulary.find_synonyms(clause)
            if len(self._found) >= _FIND_CACHE:
                self._found.clear()
            self._found[clause] = found
        return found

    def _find_near(self, clause: str) -> list[tuple[str, int, int]]:
        found = self._near_found.get(clause)
        if found is None:
            found = self._near_words.find(clause)
            if len(self._near_found) >= _FIND_CACHE:
                self._near_found.clear()
            self._near_found[clause] = found
        return found

    def bind(
        self, mention: QuantityMention, text: str, *, base: int = 0, context: str | None = None,
    ) -> QuantityMention:
        """``mention`` bound to its subject in ``text`` (whose offsets its span carries, plus
        ``base``), or returned as it is when nothing binds it."""
        target = BindingTarget(
            start=mention.span.start - base, end=mention.span.end - base, key=mention_key(mention),
            usable=mention.value is not None and not mention.warnings,
            value=mention.value, upper=mention.upper, unit=mention.unit_expression,
        )
        binding = self.decide([target], text, context)[0]
        if binding is None:
            return mention
        update: dict[str, object] = {"subject": binding.rule.subject, "binding": binding.model(base)}
        if mention.bound == "exact" and binding.rule.bound in ("min", "max"):
            update["bound"] = binding.rule.bound
            update["bound_from"] = "vocabulary"
        return mention.model_copy(update=update)

    # -- grades whose stress a standard fixes ---------------------------------------------------

    def implied(self, text: str, mentions: list[QuantityMention], base: int = 0) -> list[QuantityMention]:
        """``mentions`` with the grades a standard fixes the stress of added, in text order: a
        grade written alone (``GRADE 60`` in a note about reinforcing bars) states the
        standard's minimum (60 ksi), bound to the grade rule's subject, the standard named in
        the evidence (``binding.synonym``: ``ASTM A615 Grade 60``). A bare number read in the
        grade's words (``60`` of ``GR. 60``, ``400W`` read as watts) gives way to it; a grade with a stress written
        just after it, or a stress of the subject in its clause, is left as a designation."""
        if not self._grades or _GRADE_WORD.search(text) is None:
            return mentions
        reading: NoteReading | None = None
        added: list[QuantityMention] = []
        replaced: set[int] = set()
        taken: list[tuple[int, int]] = []
        upper = text.upper() if text.isascii() else None  # the gates read ASCII text only
        runs = frozenset(_DIGITS.findall(text)) if upper is not None else frozenset()
        for grade, pattern, gate in self._grades:
            if upper is not None and gate is not None and (
                    gate[1].isdisjoint(runs) or not all(word in upper for word in gate[0])):
                continue
            for match in pattern.finditer(text):
                start, end = match.span()
                if any(s < end and start < e for s, e in taken):
                    continue
                if reading is None:
                    reading = NoteReading(text, self._abbreviated)
                clause = reading.clause(start, end)
                note = reading.note(start, end, clause)
                if not any(reading.has(grade.stated_for, span) for span in note):
                    # a title over the block names what its items' grades are for (CONCRETE
                    # NOTES over "C2. BLINDING: GEN1"), where nothing nearer names it
                    title = reading.block_title(start)
                    if title is None or not reading.has(grade.stated_for, title):
                        continue
                    note = [*note, title]
                # what the clause itself is stated for outweighs its line's label or heading:
                # "ANCHOR RODS: F1554 GR. 36 ...; REINF. A615 GR. 60" (the bars' grade)
                own = reading.has(grade.stated_for, clause) and not reading.has(grade.unless_for, clause)
                if not own and any(reading.has(grade.unless_for, span) for span in note):
                    continue
                overlapping = [i for i, m in enumerate(mentions)
                               if m.span.start - base < end and start < m.span.end - base]
                if any(mentions[i].span.end - base > end or mentions[i].span.start - base < start for i in overlapping):
                    continue  # a stress written with the grade's number (GRADE 60 KSI) is read as written
                if self._stress_beside(mentions, base, grade.rule.subject, clause, start, end, text):
                    continue
                name = match.group("grade").upper()
                stress = grade.stresses.get(name)
                if stress is None:
                    continue
                taken.append((start, end))
                replaced.update(overlapping)
                added.append(self._implied_mention(grade, name, stress, text, start, end, base))
        if not added:
            return mentions
        kept = [m for i, m in enumerate(mentions) if i not in replaced]
        return sorted(kept + added, key=lambda m: (m.span.start, m.span.end))

    def _stress_beside(
        self, mentions: list[QuantityMention], base: int, subject: str, clause: tuple[int, int],
        grade_start: int, end: int, text: str,
    ) -> bool:
        """Whether a stress is written just after the grade (``GRADE 420 DEFORMED, fy = 414 MPa``)
        or a mention of the grade's subject stands in its clause, not across a ``/`` that sets
        two materials apart (``EXIST. 40,000 PSI / NEW A615-60``)."""
        for mention in mentions:
            start = mention.span.start - base
            if not clause[0] <= start < clause[1]:
                continue
            apart = text[min(start, grade_start) : max(mention.span.end - base, grade_start)]
            if mention.subject == subject and " / " not in apart:
                return True
            if end <= start <= end + _STRESS_BESIDE and (mention.dimension or "") == _PRESSURE:
                return True
        return False

    def _implied_mention(
        self, grade: _Grade, name: str, stress: tuple[float, str], text: str, start: int, end: int, base: int,
    ) -> QuantityMention:
        value, unit = stress
        resolved = self._units.resolve(unit)
        canonical = resolved.canonical
        evidence = f"{grade.rule.standard} Grade {name}"
        span = CharSpan(start=base + start, end=base + end)
        return QuantityMention(
            text=text[start:end], span=span, value=value, unit=unit, unit_expression=resolved.expression,
            dimension=resolved.dimension, unit_from="context",
            normalized=NormalizedValue(value=convert(value, resolved.expression, canonical), unit=canonical),
            bound="min", bound_from="vocabulary", subject=grade.rule.subject,
            binding=SubjectBinding(subject=grade.rule.subject, rule=grade.rule.id, phrase=text[start:end],
                                   synonym=evidence, source="text", score=100.0, span=span),
        )

    # -- the context given with the text, and fuzzy matches ---------------------------------------

    def _in_context(self, key: str, rules: list[SubjectRule], context: str) -> _Candidate | None:
        allowed = {id(rule) for rule in rules}
        found = [
            _Candidate(rule, s, e, context[s:e], _synonym(rule, context[s:e], synonym), 100.0, "context")
            for rule, synonym, s, e in self.vocabulary.find_synonyms(context) if id(rule) in allowed
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


class _Grade:
    """A grade rule ready to test: its words compiled, each grade's stress read."""

    def __init__(self, rule: GradeRule, vocabulary: SubjectVocabulary) -> None:
        self.rule = rule
        self.stated_for = vocabulary.words(rule.stated_for)
        self.unless_for = vocabulary.words(rule.unless_for)
        self.stresses: dict[str, tuple[float, str]] = {}
        for name, written in rule.grades.items():
            value, unit = _quantity(written)
            if unit is not None:
                self.stresses[name.upper()] = (value, unit)


def _grade_patterns(rule: GradeRule) -> list[re.Pattern[str]]:
    """The grade's written forms, longest first, each with the grade's name as group ``grade``
    (whole words: ``GRADE 60`` is not in ``GRADE 600``; any run of spaces where one is written)."""
    names = "|".join(re.escape(name) for name in sorted(rule.grades, key=len, reverse=True))
    patterns = []
    for form in sorted(rule.written, key=len, reverse=True):
        before, after = form.split("{grade}")
        body = r"\s*".join(re.escape(part) for part in before.split())
        gap = r"\s*" if before.endswith(" ") else ""
        tail = (r"\s*" if after.startswith(" ") else "") + r"\s*".join(re.escape(part) for part in after.split())
        patterns.append(re.compile(rf"(?<![A-Za-z0-9]){body}{gap}(?P<grade>{names}){tail}(?![A-Za-z0-9])",
                                   re.IGNORECASE))
    return patterns


#: What a grade pattern's match must hold (``_grade_gates``): every one of these words, and
#: one of these runs of digits as a whole run (a grade's name's first).
_GradeGate = tuple[tuple[str, ...], frozenset[str]]
_DIGITS = re.compile(r"[0-9]+")


def _grade_gates(rule: GradeRule) -> list[_GradeGate | None]:
    """For each of ``_grade_patterns(rule)``, in its order, what its match must hold: the
    form's literal words, upper-cased, and the first run of digits of one grade's name,
    standing as a whole run of digits in the text (the form writes no digit against it). A
    text (ASCII, upper-cased) without them cannot match, and the pattern is not run: most
    texts with a letter before a digit name no grade (``Type I/II``, ``Class B``, ``#4 bars``).
    None (always run) where the rule's words are not ASCII or a name's digits could run on
    into the form's."""
    names = sorted(rule.grades, key=len, reverse=True)
    gates: list[_GradeGate | None] = []
    for form in sorted(rule.written, key=len, reverse=True):
        before, after = form.split("{grade}")
        lead, tail = before.strip(), after.strip()
        runs = [_DIGITS.search(name) for name in names]
        if not (form.isascii() and all(name.isascii() for name in names)) or any(run is None for run in runs) or any(
                (run.start() == 0 and lead[-1:].isdigit()) or (run.end() == len(name) and tail[:1].isdigit())
                for run, name in zip(runs, names, strict=True) if run is not None):
            gates.append(None)
            continue
        gates.append((tuple(before.upper().split() + after.upper().split()),
                      frozenset(run.group(0) for run in runs if run is not None)))
    return gates


class _Inference:
    """An inference rule ready to test: its words compiled, its range in the subject's unit."""

    def __init__(self, rule: InferenceRule, subject: SubjectRule, vocabulary: SubjectVocabulary) -> None:
        self.rule = rule
        self.subject = subject
        self.stated_for = vocabulary.words(rule.stated_for)
        self.unless_for = vocabulary.words(rule.unless_for)
        self.near_set = frozenset(rule.near)
        self.low, self.high = _ends(rule.between)

    def applies(self, reading: NoteReading, note: list[tuple[int, int]], target: BindingTarget) -> bool:
        """Whether the note is about what the rule names (its clause's note, or the clauses
        opening its sentence: ``ALL FDN. CONC. ...; 3" CLR. BOT.``), names nothing it excludes
        (in the note itself: a clause's exclusion is its own), and the value is in the rule's
        range."""
        over = set(reading.headings(target.start))
        own = [span for span in note if span not in over]
        return self._holds(reading, self._says(reading, note, own, target), target)

    def applies_under(self, reading: NoteReading, heading: tuple[int, int], target: BindingTarget) -> bool:
        """:meth:`applies` for the note a heading over the figure, or the label of its line,
        gives it (:meth:`NoteReading.heading_note`). What that note says is read once a text
        for each heading and rule (``NoteReading.heading_notes``), not again for every figure
        under it (each figure under a staircase of 220 ever-deeper headings read the note of
        every heading over it, ~16 ms a figure: audit 109 B F1): it is the heading's alone —
        no span of it is a figure's clause, which :meth:`NoteReading.says_for` reads apart."""
        key = (id(self), heading)
        said = reading.heading_notes.get(key)
        if said is None:
            said = reading.heading_notes[key] = self._says(reading, *reading.heading_note(heading), target)
        return self._holds(reading, said, target)

    def _says(
        self, reading: NoteReading, note: list[tuple[int, int]], own: list[tuple[int, int]], target: BindingTarget,
    ) -> tuple[bool, bool]:
        """What the note says for this rule: whether it names what the rule is stated for, and
        whether it excludes the figure — names what the rule is not stated for, where what the
        note's ``own`` spans (those not over the figure's line) name does not outweigh a
        heading above it ("MATERIAL VALUES (EXISTING DECK):" over "MILD STEEL BARS: ... 230
        N/mm²": the bars' strength)."""
        stated = any(reading.has(self.stated_for, span) for span in note)
        excluded = reading.says_for(self.unless_for, note, target.start, target.end) and (
            len(own) == len(note) or not any(reading.has(self.stated_for, span) for span in own)
            or reading.says_for(self.unless_for, own, target.start, target.end))
        return stated, excluded

    def _holds(self, reading: NoteReading, said: tuple[bool, bool], target: BindingTarget) -> bool:
        """:meth:`applies` from what the note says (:meth:`_says`) and the figure itself."""
        stated, excluded = said
        if not stated:
            opening = reading.opening(reading.clause(target.start, target.end))
            if opening is None or not reading.has(self.stated_for, opening):
                return False
        return not excluded and _within(target, self.low, self.high)


_End = tuple[float, str | None] | None


def _ends(between: PlausibleRange | None) -> tuple[_End, _End]:
    """A range's ends as (value, unit), None where it states none."""
    if between is None:
        return None, None
    return (_quantity(between.min) if between.min else None, _quantity(between.max) if between.max else None)


def _within(target: BindingTarget, low: _End, high: _End) -> bool:
    """Whether every value of the figure (both ends of a range) lies between ``low`` and
    ``high``; a figure without a value, or one that cannot be converted, lies in no range."""
    values = [v for v in (target.value, target.upper) if v is not None]
    if (low or high) and not values:
        return False
    for value in values:
        for limit, below in ((low, True), (high, False)):
            if limit is None:
                continue
            converted = _converted(value, target.unit, limit[1])
            if converted is None or (converted < limit[0] if below else converted > limit[0]):
                return False
    return True


def _quantity(written: str) -> tuple[float, str | None]:
    """``2000 psi`` → (2000.0, 'psi'); ``12 %`` → (12.0, 'percent'); ``0.7`` → (0.7, None)."""
    # the unit: to its last non-space, not lazily before ``\s*`` (quadratic in a run of spaces)
    match = re.fullmatch(r"\s*([-+]?[\d.]+)\s*(.*\S|)\s*", written)
    if match is None:
        raise ValueError(f"{written!r} is not a number with a unit")
    unit = match.group(2) or None
    if unit in ("%", "percent"):
        unit = "percent"
    return float(match.group(1)), unit


def _converted(value: float, unit: str | None, wanted: str | None) -> float | None:
    """``value`` in ``unit`` expressed in ``wanted`` (None: unconvertible)."""
    if unit == wanted:
        return value
    if unit is None or wanted is None or "percent" in (unit, wanted):
        return None
    try:
        return convert(value, unit, wanted)
    except Exception:  # noqa: BLE001 - pint's errors: not the same dimension, not a unit
        return None


#: The words between a figure and one that says what it holds for: "3" FOR MEMBERS 12" TO 24"
#: THICK", "4" FOR MEMBERS OVER 24"" (no comma, bracket or second statement between).
_HOLDS_FOR = re.compile(r"[^,;:()\d]{0,12}?\bfor\s+(?![^,;:()\d]*\b(?:and|or)\b)[^,;:()\d&]{1,32}", re.IGNORECASE)


_COMPARED = re.compile(r"(?:\b(?:over|under|above|below|exceeding|less\s+than|more\s+than|up\s+to)|[<>≤≥]=?)\s*$",
                       re.IGNORECASE)
_SIZE_WORD = re.compile(r"\s*(?:thick|thk\b|deep|wide|high|tall|long|dia\b|diameter)", re.IGNORECASE)


def _previous_of_key(targets: list[BindingTarget]) -> list[BindingTarget | None]:
    """For each target, the one before it in the text of its dimension key (None: none)."""
    found: list[BindingTarget | None] = [None] * len(targets)
    last: dict[str, BindingTarget] = {}
    for n in sorted(range(len(targets)), key=lambda n: targets[n].start):
        before = last.get(targets[n].key)
        found[n] = before if before is not None and before.end <= targets[n].start else None
        last[targets[n].key] = targets[n]
    return found


def _what_another_holds_for(target: BindingTarget, previous: BindingTarget | None, text: str) -> bool:
    """Whether the figure says what the figure before it, of its dimension, holds for (the
    members it applies to): a size in the clause *for* which another figure is stated is no
    value of that figure's subject (nor of any: it is the other's condition)."""
    if previous is None:
        return False
    if _HOLDS_FOR.fullmatch(text, previous.end, target.start) is None:
        return False
    # a size the members have, not a second value: a comparison before it or a size word after
    return (_COMPARED.search(text, max(previous.end, target.start - 16), target.start) is not None
            or _SIZE_WORD.match(text, target.end) is not None)


def _tolerance_alone(target: BindingTarget) -> bool:
    """A ``+/- 1"`` on its own: a range about zero states how far, not a value of anything."""
    return target.value is not None and target.upper is not None and target.value == -target.upper != 0


def _distance(s: int, e: int, start: int, end: int) -> float | None:
    if e <= start:
        gap = start - e
        return gap if gap <= MAX_GAP_BEFORE else None
    if s >= end:
        gap = s - end
        return gap + _AFTER_PENALTY if gap <= MAX_GAP_AFTER else None
    if start < s and e > end:
        # begins in the figure's own closing word and runs on: 400 MPa MIN. YIELD (minimum yield)
        return _AFTER_PENALTY
    return None  # overlaps the quantity itself


def _synonym(rule: SubjectRule, phrase: str, listed: str | None = None) -> str:
    folded = re.sub(r"\s+", " ", phrase.lower())
    return next((synonym for synonym in rule.synonyms if synonym.lower() == folded), listed or phrase)


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
