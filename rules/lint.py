"""Rules about rules: what a pack may not say even when every key is spelled right.

========  =========================  ==================================================
code      name                       what it catches
========  =========================  ==================================================
RP001     yaml-syntax                the file is not YAML (or repeats a key)
RP002     unknown-key                a key the language does not have (a typo)
RP003     invalid-value              a value of the wrong type, a missing key
RP004     unknown-facet              a facet the project does not declare
RP005     unknown-kind               a document kind or rule kind that does not exist
RP006     duplicate-id               two rules (or subjects) with one id, slug or name
RP007     listed-twice               a level, kind, tie-breaker or no_change phrase listed twice
RP008     never-fires                a rule (or level) that can never decide anything
RP009     shadowed                   a rule an earlier rule always decides first
RP010     bad-pattern                a wording pattern that does not compile or link
RP011     unknown-param              ``${name}`` the pack does not declare, or a param unset
RP012     unsupported-schema-version a pack written for another version of the format
RP013     bad-quantity               a unit, stress or range of the wrong dimension; min above max
RP014     matches-empty              a phrase or notation that matches empty text
========  =========================  ==================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from inforce.ontology import DOCUMENT_KINDS
from inforce.ontology.units import registry

from .calculation import CalculationRule
from .conditions import ConditionFacet, ConditionWordError, compile_condition_word
from .eligibility import EligibilityRule
from .lintcodes import LINT_PAGES
from .patterns import (
    DOCUMENT_PLACEHOLDERS,
    PLACEHOLDERS,
    WORD_LISTS,
    PatternError,
    QualifierRule,
    Requirement,
    SupersessionPattern,
    SupersessionRule,
    UnsafeRegexError,
    compile_layout,
    compile_notation,
    compile_phrase,
    compile_verb,
    compile_wording,
    supersession_needs,
    wording_source,
)
from .precedence import PrecedenceRule
from .source import Loc, RuleError, SourceFile, close_matches
from .subjects import (
    AbbreviationRule,
    GradeRule,
    InferenceRule,
    PlausibleRange,
    SubjectRule,
    Tolerance,
    unit_dimension,
)

__all__ = ["LINT_CODES", "duplicate_ids", "lint_across_packs", "lint_conditions", "lint_pack"]

#: Each code's name; the codes' pages (what, why, example, instead) are in ``lintcodes.py``.
LINT_CODES: dict[str, str] = {page.code: page.name for page in LINT_PAGES}


class _Earlier(list):
    """The earlier rules of one kind, ``(index in the file, rule)``, and for a check that can say
    what a rule says as a key, the first rule that said each thing: one look-up per rule, where
    comparing every pair took minutes for a pack of a few thousand repeated rules."""

    def __init__(self) -> None:
        super().__init__()
        self._first: dict[Any, tuple[int, Any]] = {}

    def first_saying(self, says: Any, index: int, rule: Any) -> tuple[int, Any] | None:
        """The first earlier rule that says ``says``; None, and ``rule`` is now that first, if none."""
        if says in self._first:
            return self._first[says]
        self._first[says] = (index, rule)
        return None


def lint_pack(
    source: SourceFile, rules: Sequence[tuple[int, Any]], facets: Sequence[str] | None
) -> list[RuleError]:
    """Every problem of a pack's valid rules (``(index in the file, rule)``); ``facets`` None
    when the project is not known."""
    problems: list[RuleError] = []
    seen: dict[str, _Earlier] = {}
    for index, rule in rules:
        if rule.status == "removed":
            continue
        earlier = seen.setdefault(rule.kind, _Earlier())
        check = _CHECKS[rule.kind]
        problems += check(source, ("rules", index), rule, earlier, facets)
        earlier.append((index, rule))
    problems += _inferences_name_subjects(source, rules)
    return problems


def lint_conditions(source: SourceFile, facets: Sequence[tuple[int, ConditionFacet]]) -> list[RuleError]:
    """A pack's ``conditions:``: each facet listed once, each term under one facet, each word
    read (RP010), listed once across every term (a word under two terms would state both), and
    no facet or term without words (RP008: never read); the ``weight`` facet's band words read
    (RP010) and listed once (RP007)."""
    problems: list[RuleError] = []
    facet_at: dict[str, int] = {}
    term_at: dict[str, str] = {}
    word_at: dict[str, str] = {}
    for i, facet in facets:
        loc = ("conditions", i)
        if facet.facet in facet_at:
            problems.append(source.error(loc + ("facet",), "RP007", f"facet {facet.facet!r} is listed twice",
                                         hint=f"the first is facet #{facet_at[facet.facet] + 1}: list its terms there"))
        facet_at.setdefault(facet.facet, i)
        if not facet.terms and not facet.band_after:
            problems.append(source.error(loc + ("terms",), "RP008", f"facet {facet.facet!r} lists no terms, so it is never read"))
        for j, word in enumerate(facet.band_after):
            try:
                compile_condition_word(word)
            except ConditionWordError as problem:
                problems.append(source.error(loc + ("band_after", j), "RP010", str(problem),
                                             hint="whole words; [a|b] words that may be left out; weigh* any ending"))
            if " ".join(word.casefold().split()) in {" ".join(w.casefold().split()) for w in facet.band_after[:j]}:
                problems.append(source.error(loc + ("band_after", j), "RP007", f"band word {word!r} is listed twice"))
        for term, words in facet.terms.items():
            where = loc + ("terms", term)
            if term in term_at:
                problems.append(source.error(where, "RP007", f"term {term!r} is listed twice (under {term_at[term]!r} "
                                             f"and {facet.facet!r})", hint="a term belongs to one facet", at_key=True))
            term_at.setdefault(term, facet.facet)
            if not words:
                problems.append(source.error(where, "RP008", f"term {term!r} lists no words, so it is never read",
                                             at_key=True))
            for j, word in enumerate(words):
                try:
                    compile_condition_word(word)
                except ConditionWordError as problem:
                    problems.append(source.error(where + (j,), "RP010", str(problem),
                                                 hint="whole words; [a|b] words that may be left out; titrat* any ending"))
                    continue
                key = " ".join(word.casefold().split())
                if key in word_at:
                    listed = "twice" if word_at[key] == term else f"under both {word_at[key]!r} and {term!r}"
                    problems.append(source.error(where + (j,), "RP007", f"condition word {word!r} is listed {listed}"))
                word_at.setdefault(key, term)
    return problems


def lint_across_packs(packs: Sequence[tuple[SourceFile, Sequence[Any]]]) -> list[RuleError]:
    """Problems only the packs together show: an id used by two packs, an order after `none`."""
    problems: list[RuleError] = []
    ids: dict[str, str] = {}
    after_none: str | None = None
    date_attribute: tuple[str, str] | None = None
    for source, rules in packs:
        for index, rule in enumerate(rules):
            loc: Loc = ("rules", index)
            if rule.id in ids and ids[rule.id] != source.name:
                problems.append(source.error(
                    loc + ("id",), "RP006", f"rule id {rule.id} is already used in {ids[rule.id]}",
                    hint="ids are never reused: give this rule a new one",
                ))
            ids.setdefault(rule.id, source.name)
            if rule.status == "removed":
                continue
            if isinstance(rule, PrecedenceRule):
                if after_none is not None and after_none != source.name:
                    problems.append(source.error(
                        loc, "RP009", f"{rule.id} is shadowed: {after_none} says the contract has no "
                        "order, so every conflict is escalated before this rule is consulted",
                        hint="list one precedence pack, or remove the precedence/none pack",
                    ))
                if rule.order == "none" and after_none is None:
                    after_none = source.name
            if isinstance(rule, EligibilityRule) and rule.applicability_date is not None:
                attribute = rule.applicability_date.attribute
                if date_attribute is not None and date_attribute[0] != attribute:
                    problems.append(source.error(
                        loc + ("applicability_date", "attribute"), "RP003",
                        f"{rule.id} takes the applicability date from {attribute!r} but "
                        f"{date_attribute[1]} takes it from {date_attribute[0]!r}",
                        hint="a case has one applicability date: name the same attribute",
                    ))
                date_attribute = date_attribute or (attribute, rule.id)
    return problems


def duplicate_ids(source: SourceFile, rules: Sequence[Any]) -> list[RuleError]:
    """Ids and slugs used twice in one pack, read from the file as written (valid rules or not)."""
    problems = []
    firsts: dict[tuple[str, str], int] = {}
    for index, rule in enumerate(rules):
        if not isinstance(rule, dict):
            continue
        for key in ("id", "slug"):
            value = rule.get(key)
            if not isinstance(value, str):
                continue
            if (key, value) in firsts:
                problems.append(source.error(
                    ("rules", index, key), "RP006", f"{'rule id' if key == 'id' else 'slug'} {value} is used twice",
                    hint=f"the first is rule #{firsts[key, value] + 1}; ids are never reused, take a new one",
                ))
            firsts.setdefault((key, value), index)
    return problems


def _unknown_kinds(source: SourceFile, loc: Loc, kinds: Sequence[str] | None) -> list[RuleError]:
    return [
        source.error(loc + (i,), "RP005", f"unknown document kind {kind!r}",
                     hint=close_matches(kind, DOCUMENT_KINDS))
        for i, kind in enumerate(kinds or ())
        if kind not in DOCUMENT_KINDS
    ]


def _eligibility(source: SourceFile, loc: Loc, rule: EligibilityRule, earlier: _Earlier, facets) -> list[RuleError]:
    problems = _unknown_kinds(source, loc + ("document_kinds",), rule.document_kinds)
    if rule.document_kinds == ():
        problems.append(source.error(
            loc + ("document_kinds",), "RP008", f"{rule.id} governs no document kind, so it never fires",
            hint="list the kinds it governs, or omit document_kinds for every kind",
        ))
    if facets is not None:
        for name in rule.facets:
            if name not in facets:
                problems.append(source.error(
                    loc + ("facets", name), "RP004", f"unknown facet {name!r}",
                    hint=close_matches(name, facets) or "the project declares no facets in inforce.yaml",
                    at_key=True,
                ))
    checks_something = (
        any(m != "any" for m in rule.facets.values()) or rule.applicability_date or rule.required
    )
    if not checks_something:
        problems.append(source.error(
            loc, "RP008", f"{rule.id} matches every facet, names no date and requires nothing: it decides nothing",
            hint="give it a facet to match, or remove it",
        ))
    first = earlier.first_saying(_what_eligibility_says(rule), loc[-1], rule)
    if first is not None:
        index, other = first
        problems.append(source.error(
            loc + ("id",), "RP009", f"{rule.id} is shadowed by rule #{index + 1} ({other.id}), which says the same",
            hint="remove one of them",
        ))
    return problems


def _what_eligibility_says(rule: EligibilityRule) -> tuple:
    """What an eligibility rule says, as a key equal for two rules exactly when every field that
    decides (kinds, facets in any order, the date, what is required) is equal."""
    return (rule.document_kinds, frozenset(rule.facets.items()), rule.applicability_date, rule.required)


def _precedence(source: SourceFile, loc: Loc, rule: PrecedenceRule, earlier: list, facets) -> list[RuleError]:
    problems: list[RuleError] = []
    for index, other in earlier:
        if other.order == "none":
            problems.append(source.error(
                loc + ("id",), "RP009", f"{rule.id} is shadowed: rule #{index + 1} ({other.id}) escalates every conflict first",
                hint="a pack states an order or says there is none, not both",
            ))
        elif rule.order == "ranked" and _kinds_of(rule) <= _kinds_of(other) and not _globs_of(rule):
            problems.append(source.error(
                loc + ("id",), "RP009", f"{rule.id} is shadowed: every pair it orders is ordered first by rule #{index + 1} ({other.id})",
                hint="merge the levels into one rule",
            ))
    if rule.order == "none":
        if rule.levels or rule.tie_breakers:
            problems.append(source.error(
                loc + ("order",), "RP003", "order: none takes no levels or tie-breakers",
                hint="remove them, or say order: ranked",
            ))
        return problems
    if not rule.levels:
        problems.append(source.error(
            loc, "RP008", f"{rule.id} lists no levels, so it never decides",
            hint="list the levels, or say order: none if the contract has no order",
        ))
    names: dict[str, int] = {}
    kinds: dict[str, str] = {}
    globs: dict[str, str] = {}
    for i, level in enumerate(rule.levels):
        level_loc = loc + ("levels", i)
        problems += _unknown_kinds(source, level_loc + ("kinds",), level.kinds)
        if level.name in names:
            problems.append(source.error(
                level_loc + ("name",), "RP007", f"level {level.name!r} is listed twice",
                hint=f"it is level #{names[level.name] + 1} already",
            ))
        names.setdefault(level.name, i)
        if not level.kinds and not level.documents:
            problems.append(source.error(
                level_loc, "RP008", f"level {level.name!r} names no document kind or id, so nothing is ever on it",
                hint="add kinds: [...] or documents: [...]",
            ))
        for j, kind in enumerate(level.kinds):
            if kind in kinds:
                problems.append(source.error(
                    level_loc + ("kinds", j), "RP007", f"kind {kind!r} is on level {kinds[kind]!r} already",
                    hint="a kind sits on one level; the later listing would never be reached",
                ))
            kinds.setdefault(kind, level.name)
        for j, glob in enumerate(level.documents):
            if glob in globs:
                problems.append(source.error(
                    level_loc + ("documents", j), "RP007", f"documents {glob!r} are on level {globs[glob]!r} already",
                ))
            globs.setdefault(glob, level.name)
    seen_breakers: set[str] = set()
    for i, breaker in enumerate(rule.tie_breakers):
        if breaker in seen_breakers:
            problems.append(source.error(
                loc + ("tie_breakers", i), "RP007", f"tie-breaker {breaker!r} is listed twice",
            ))
        seen_breakers.add(breaker)
    return problems


def _kinds_of(rule: PrecedenceRule) -> set[str]:
    return {kind for level in rule.levels for kind in level.kinds}


def _globs_of(rule: PrecedenceRule) -> set[str]:
    return {glob for level in rule.levels for glob in level.documents}


def _supersession(source: SourceFile, loc: Loc, rule: SupersessionRule, earlier: list, facets) -> list[RuleError]:
    problems = _unknown_kinds(source, loc + ("document_kinds",), rule.document_kinds)
    problems += _unknown_kinds(source, loc + ("target_kinds",), rule.target_kinds)
    if rule.target_document:
        stray = [p for p in re.findall(r"\{([^}]*)\}", rule.target_document) if p not in DOCUMENT_PLACEHOLDERS]
        if stray:
            problems.append(source.error(
                loc + ("target_document",), "RP010",
                f"target_document may only use {{section}} or {{sheet}}, not {{{stray[0]}}}",
            ))
    # a section named by an enclosing heading may be left out of a pattern
    problems += _patterns(source, loc, rule, rule.patterns, lambda pattern: supersession_needs(rule, pattern), earlier)
    problems += _joined(source, loc, rule)
    for i, heading in enumerate(rule.headings):
        try:
            compile_wording(heading, (DOCUMENT_PLACEHOLDERS,))
        except PatternError as problem:
            where = loc + ("headings", i, "pattern" if heading.pattern is not None else "regex")
            problems.append(_pattern_problem(source, where, rule, problem))
    problems += _phrases(source, loc, rule, "no_change")
    problems += _phrases(source, loc, rule, "mentions")
    problems += _phrases(source, loc, rule, "reasons")
    for field in WORD_LISTS:
        problems += _phrases(source, loc, rule, field)
    problems += _vocabulary(source, loc, rule)
    return problems


def _vocabulary(source: SourceFile, loc: Loc, rule: SupersessionRule) -> list[RuleError]:
    """``layouts``, ``references`` and ``verbs`` (issue 21): each entry compiles, names what
    its kind needs, is listed once; a verb phrase is listed under one action only (a phrase
    under two would make every item it reads ambiguous)."""
    problems: list[RuleError] = []
    seen: set[str] = set()
    for i, layout in enumerate(rule.layouts):
        try:
            compile_layout(layout)
        except PatternError as problem:
            problems.append(source.error(loc + ("layouts", i), "RP010", str(problem),
                                         hint="placeholder: {label}, the item's own number or letter"))
        if layout.casefold() in seen:
            problems.append(source.error(loc + ("layouts", i), "RP007", f"layout {layout!r} is listed twice"))
        seen.add(layout.casefold())
    for kind, notations in rule.references.items():
        seen = set()
        for i, notation in enumerate(notations):
            where = loc + ("references", kind, i)
            try:
                compiled = compile_notation(kind, notation)
            except PatternError as problem:
                problems.append(source.error(
                    where, "RP010", str(problem),
                    hint="placeholders: {section} {part} {article} {paragraph} {letter} {sub} {sheet} {number}"))
                continue
            if compiled.search("") is not None:
                problems.append(source.error(where, "RP014", f"notation {notation!r} matches empty text"))
            if notation.casefold() in seen:
                problems.append(source.error(where, "RP007", f"notation {notation!r} is listed twice"))
            seen.add(notation.casefold())
    problems += _designations(source, loc, rule)
    under: dict[str, str] = {}
    for action, phrases in rule.verbs.items():
        for i, phrase in enumerate(phrases):
            where = loc + ("verbs", action, i)
            try:
                compile_verb(phrase)
            except PatternError as problem:
                problems.append(source.error(where, "RP010", str(problem),
                                             hint="whole words; [a|b] optional words; ... any words between"))
                continue
            key = " ".join(phrase.casefold().split())
            if key in under:
                listed = "twice" if under[key] == action else f"under both {under[key]} and {action}"
                problems.append(source.error(where, "RP007", f"verb phrase {phrase!r} is listed {listed}"))
            under.setdefault(key, action)
    return problems


#: A designation word: letters (in any script), a final dot where the owner writes one ("Vol.").
_DESIGNATION_WORD = re.compile(r"[^\W\d_]+\.?")


def _designations(source: SourceFile, loc: Loc, rule: SupersessionRule) -> list[RuleError]:
    """``designations``: each word is one word (letters, a final dot allowed) and is listed under one kind
    only, once (a word under two kinds would designate one document two ways)."""
    problems: list[RuleError] = []
    under: dict[str, str] = {}  # a word, its dot aside ("Ch" and "Ch." are one word), → its kind
    seen: set[str] = set()
    for kind, words in rule.designations.items():
        for i, word in enumerate(words):
            where = loc + ("designations", kind, i)
            if _DESIGNATION_WORD.fullmatch(word) is None:
                problems.append(source.error(
                    where, "RP010", f"designation {word!r} is not one word",
                    hint="letters only, a final dot where the owner writes one (\"Vol.\"); the label after it is read "
                    "by the engine"))
                continue
            key = word.casefold().rstrip(".")
            if word.casefold() in seen:
                problems.append(source.error(where, "RP007", f"designation {word!r} is listed twice"))
            elif under.get(key, kind) != kind:
                problems.append(source.error(where, "RP007", f"designation {word!r} is listed under both "
                                                             f"{under[key]} and {kind}"))
            seen.add(word.casefold())
            under.setdefault(key, kind)
    return problems


_EMPTY_MATCH = {
    "no_change": "every item reads as 'no change' and {rule} never derives an edge",
    "mentions": "every item would be reported as not understood",
    "reasons": "every provision an item names after its verb would be read as a reason, never a target",
    "answers": "every line would open an answer",
    "questions": "every line would open a question",
    "successor_words": "every item would be read as bringing its successor",
    "whole_words": "every instruction would be read as taking the whole document",
    "old_text_columns": "every table header would be read as the text as it stood",
    "new_text_columns": "every table header would be read as the text as it now stands",
    "old_revision_columns": "every table header would be read as a sheet's earlier revision",
    "new_revision_columns": "every table header would be read as a sheet's revision now",
    "procurement_ids": "every number would be read as a procurement's identifier, never a reference",
    "tender_words": "every number after a number sign would be read as a tender's identifier",
    "clarifications": "every item would be read as a clarification, never applied",
    "conditions": "every instruction would be read as conditional, never applied",
    "modals": "every verb would be read as a permission or advice, never applied",
    "passives": "every verb after its target's name would be read as a passive's",
    "parts_of_work": "every instruction would be read as limited to a part of the work",
    "reports": "every participle would be read as a report, never applied",
    "sub_parts": "every provision named would be read as naming a part of itself, never applied",
    "empty_cells": "every table cell would be read as holding no text",
    "insertions": "every paragraph named would be read as one the item adds",
    "new_adjectives": "every paragraph named after a chapter would be read as a new one",
    "as_follows": "every change verb would be read as bringing the provision's new text whole",
    "revision_marks": "every table cell of a number or letter would be read as a revision mark",
    "provision_nouns": "every number would be read as a provision's name",
    "provision_articles": "every word before a provision's noun would be read as its article",
    "clause_alone_nouns": "every dotted number would be read as a clause of no named document",
    "clause_prepositions": "every word after a clause's join would be read as its preposition",
    "clause_joins": "every position would be read as joining two clauses",
    "new_clause_nouns": "every word after an insertion word would be read as naming a new clause",
    "by_changing": "every reference would be read as the object of a change made by a gerund",
    "page_marks": "every text would be read as saying how each page of the new document is marked",
    "read_verbs": "every change verb would be read as a reading phrase bringing the provision's new text whole",
}


def _phrases(source: SourceFile, loc: Loc, rule: SupersessionRule, field: str) -> list[RuleError]:
    """A ``no_change``, ``mentions`` or ``reasons`` phrase (or an entry of a word list, ``WORD_LISTS``) must compile, be listed once, and not match empty
    text (a ``no_change`` that does reads every item as changing nothing, so the rule would
    never derive an edge; a ``mentions`` that does reports every item)."""
    problems = []
    seen: set[str] = set()
    for i, phrase in enumerate(getattr(rule, field)):
        where = loc + (field, i, "pattern" if phrase.pattern is not None else "regex")
        try:
            compiled = compile_phrase(phrase)
        except PatternError as problem:
            problems.append(_pattern_problem(source, where, rule, problem))
            continue
        if compiled.search("") is not None:
            problems.append(source.error(
                where, "RP014", f"{field} phrase {phrase.written!r} matches empty text, so "
                + _EMPTY_MATCH[field].format(rule=rule.id),
            ))
        if phrase.written.casefold() in seen:
            problems.append(source.error(where, "RP007", f"{field} phrase {phrase.written!r} is listed twice"))
        seen.add(phrase.written.casefold())
    return problems


def _qualifier(source: SourceFile, loc: Loc, rule: QualifierRule, earlier: list, facets) -> list[RuleError]:
    problems = _unknown_kinds(source, loc + ("document_kinds",), rule.document_kinds)
    problems += _patterns(source, loc, rule, rule.patterns, lambda pattern: ("ref",), earlier)
    return problems


def _joined(source: SourceFile, loc: Loc, rule: SupersessionRule) -> list[RuleError]:
    """Each action read with each of its targets must compile and read what its target needs;
    an action that no target joins reads nothing."""
    problems = []
    for i, action in enumerate(rule.actions):
        joined = [t for t in rule.targets if action.targets is None or t.target in action.targets]
        where = loc + ("actions", i, "pattern")
        if not joined:
            problems.append(source.error(
                where, "RP008", f"no target of kind {', '.join(action.targets or ())} is listed, so this action reads nothing",
            ))
        for target in joined:
            pattern = SupersessionPattern(pattern=action.written.replace("{target}", target.written), scope=action.scope,
                                          target=target.target, successor=action.successor)
            try:
                wording_source(pattern, supersession_needs(rule, pattern))  # checked; the reader compiles its own form
            except PatternError as problem:
                problems.append(source.error(
                    where, "RP010", f"with target {target.written!r}: {problem}",
                    hint="placeholders: " + " ".join("{" + name + "}" for name in PLACEHOLDERS),
                ))
    for i, division in enumerate(rule.skip_divisions):
        if not re.fullmatch(r"\d{2}", division):
            problems.append(source.error(loc + ("skip_divisions", i), "RP010",
                                         f"skip_divisions lists two-digit divisions such as \"00\", not {division!r}"))
    return problems


def _pattern_problem(
    source: SourceFile, where: Loc, rule: Any, problem: PatternError, hint: str | None = None,
) -> RuleError:
    """RP010 for a pattern that cannot serve ``rule``; one that can backtrack without end
    (issue 23) names the rule and how to write it safely."""
    if isinstance(problem, UnsafeRegexError):
        return source.error(where, "RP010", f"rule {rule.id}: {problem}", hint=problem.hint)
    return source.error(where, "RP010", str(problem), hint=hint)


def _patterns(
    source: SourceFile, loc: Loc, rule: Any, patterns: Sequence[Any], needs: Callable[[Any], tuple[Requirement, ...]],
    earlier: list,
) -> list[RuleError]:
    problems = []
    seen = {p.written: other.id for _, other in earlier for p in other.patterns}
    for i, pattern in enumerate(patterns):
        key = "pattern" if pattern.pattern is not None else "regex"
        try:
            wording_source(pattern, needs(pattern))  # checked; compiled where it is read
        except PatternError as problem:
            problems.append(_pattern_problem(
                source, loc + ("patterns", i, key), rule, problem,
                hint="placeholders: " + " ".join("{" + name + "}" for name in PLACEHOLDERS),
            ))
        if pattern.written in seen:
            problems.append(source.error(
                loc + ("patterns", i, key), "RP009", f"this pattern is already {seen[pattern.written]}'s, which links it first",
            ))
        seen.setdefault(pattern.written, "an earlier pattern")
    return problems


def _calculation(source: SourceFile, loc: Loc, rule: CalculationRule, earlier: list, facets) -> list[RuleError]:
    problems = []
    for name, value in rule.when.items():
        if isinstance(value, list) and not value:
            problems.append(source.error(
                loc + ("when", name), "RP008", f"condition {name!r} allows no value, so {rule.id} never fires",
            ))
    for index, other in earlier:
        # the earlier rule fires whenever this one would: its documents are no narrower
        documents_cover = not other.documents or (
            bool(rule.documents) and set(rule.documents) <= set(other.documents)
        )
        if other.output == rule.output and documents_cover and _implies(rule.when, other.when):
            problems.append(source.error(
                loc + ("id",), "RP009",
                f"{rule.id} is shadowed: every case it matches is decided first by rule #{index + 1} ({other.id}) for {rule.output!r}",
                hint="put the narrower rule first, or narrow this one's `when`",
            ))
    return problems


def _implies(narrow: dict[str, Any], broad: dict[str, Any]) -> bool:
    """Whether every case meeting ``narrow`` also meets ``broad``."""
    for name, allowed in broad.items():
        if name not in narrow:
            return False
        wanted = set(_values(allowed))
        if not set(_values(narrow[name])) <= wanted:
            return False
    return True


def _values(value: Any) -> list[Any]:
    return [repr(v) for v in (value if isinstance(value, list) else [value])]


def _subject(source: SourceFile, loc: Loc, rule: SubjectRule, earlier: _Earlier, facets) -> list[RuleError]:
    problems = []
    dimension = None
    try:
        dimension = unit_dimension(rule.unit)
    except ValueError as problem:
        problems.append(source.error(loc + ("unit",), "RP013", str(problem), hint="a unit pint knows, e.g. psi, mm, mg, day, or currency"))
    problems += _tolerance(source, loc, rule.tolerance, dimension)
    if rule.between is not None and dimension is not None:
        problems += _range(source, loc + ("between",), rule.between, rule.subject, rule.unit)
    # the first earlier rule defining the subject, and the first binding each synonym (only the first
    # binds): one look-up each, where comparing every pair of subjects took 109 s for a pack of
    # 9,999 (audit 84 B F5); findings in the order of the earlier rules, as a pair's were
    found: dict[int, tuple[Any, bool, list[int]]] = {}
    first = earlier.first_saying(("subject", rule.subject), loc[-1], rule)
    if first is not None:
        found[first[0]] = (first[1], True, [])
    for i, synonym in enumerate(rule.synonyms):
        first = earlier.first_saying(("synonym", synonym.lower()), loc[-1], rule)
        if first is not None and first[1] is not rule:  # a synonym listed twice here is not shadowed
            found.setdefault(first[0], (first[1], False, []))[2].append(i)
    for index in sorted(found):
        other, twice, shadowed = found[index]
        if twice:
            problems.append(source.error(
                loc + ("subject",), "RP006", f"subject {rule.subject!r} is defined twice",
                hint=f"rule #{index + 1} ({other.id}) defines it first",
            ))
        for i in shadowed:
            problems.append(source.error(
                loc + ("synonyms", i), "RP009",
                f"synonym {rule.synonyms[i]!r} already binds {other.subject!r} ({other.id}), so it never binds {rule.subject!r}",
                hint="use a longer phrase that names this subject only",
            ))
    return problems


def _tolerance(source: SourceFile, loc: Loc, tolerance: Tolerance, dimension: str | None) -> list[RuleError]:
    if tolerance.absolute is None or dimension is None:
        return []
    match = re.fullmatch(r"\s*[-+]?[\d.]+\s*(.+)", tolerance.absolute)
    try:
        if match is None:
            raise ValueError(f"{tolerance.absolute!r} is not a number with a unit")
        if unit_dimension(match.group(1).strip()) != dimension:
            raise ValueError(f"tolerance {tolerance.absolute!r} does not measure the subject's dimension {dimension}")
    except ValueError as problem:
        return [source.error(loc + ("tolerance", "absolute"), "RP013", str(problem))]
    return []


def _inference(source: SourceFile, loc: Loc, rule: InferenceRule, earlier: list, facets) -> list[RuleError]:
    problems = []
    for name in ("stated_for", "near", "unless_near", "unless_for"):
        words = getattr(rule, name)
        for i, word in enumerate(words):
            if not word.strip():
                problems.append(source.error(loc + (name, i), "RP003", f"an empty word in `{name}`"))
            elif word.lower() in {w.lower() for w in words[:i]}:
                problems.append(source.error(loc + (name, i), "RP007", f"{word!r} is listed twice in `{name}`"))
    return problems


def _abbreviations(source: SourceFile, loc: Loc, rule: AbbreviationRule, earlier: list, facets) -> list[RuleError]:
    problems = []
    for written, words in rule.words.items():
        if not written.strip() or not words.strip():
            problems.append(source.error(loc + ("words", written), "RP003",
                                         f"abbreviation {written!r} → {words!r}: both sides must have words"))
        for _, other in earlier:
            if written.lower() in {w.lower() for w in other.words}:
                problems.append(source.error(
                    loc + ("words", written), "RP007", f"abbreviation {written!r} is already listed by {other.id}",
                    hint="list each abbreviation once",
                ))
    return problems


def _grade(source: SourceFile, loc: Loc, rule: GradeRule, earlier: list, facets) -> list[RuleError]:
    problems = []
    for name, stress in rule.grades.items():
        match = re.fullmatch(r"\s*[-+]?[\d.]+\s*(.+)", stress)
        try:
            if match is None:
                raise ValueError(f"grade {name!r}: {stress!r} is not a stress with its unit")
            unit_dimension(match.group(1).strip())
        except ValueError as problem:
            problems.append(source.error(loc + ("grades", name), "RP013", str(problem)))
    return problems


def _inferences_name_subjects(source: SourceFile, rules: Sequence[tuple[int, Any]]) -> list[RuleError]:
    """An inference of a subject no subject rule of its pack defines never binds (checked where
    the pack defines subjects); its plausible range must measure the subject's dimension."""
    subjects = {rule.subject: rule for _, rule in rules if isinstance(rule, SubjectRule) and rule.status != "removed"}
    if not subjects:
        return []
    problems = []
    for index, rule in rules:
        if not isinstance(rule, InferenceRule | GradeRule) or rule.status == "removed":
            continue
        loc: Loc = ("rules", index)
        subject = subjects.get(rule.subject)
        if subject is None:
            problems.append(source.error(
                loc + ("subject",), "RP008", f"{rule.id} infers {rule.subject!r}, which no subject rule defines",
                hint="name a subject of this pack", ))
            continue
        if isinstance(rule, GradeRule):
            problems += [source.error(loc + ("grades", name), "RP013",
                                      f"grade {name!r}: {stress!r} is not a stress of {rule.subject}'s dimension")
                         for name, stress in rule.grades.items() if not _measures(stress, subject.unit)]
            continue
        if rule.between is not None:
            problems += _range(source, loc + ("between",), rule.between, rule.subject, subject.unit)
    return problems


def _range(source: SourceFile, loc: Loc, between: PlausibleRange, subject: str, unit: str) -> list[RuleError]:
    """A subject's or an inference's ``between``: each end a quantity of the subject's dimension
    (RP013), and ``min`` no more than ``max`` (RP013: no figure would lie in it)."""
    problems, ends = [], {}
    for end in ("min", "max"):
        written = getattr(between, end)
        if written is None:
            continue
        # the unit: to its last non-space, not lazily before ``\s*`` (quadratic in a run of spaces)
        match = re.fullmatch(r"\s*([-+]?[\d.]+)\s*(.*\S|)\s*", written)
        try:
            if unit in ("percent", "%", "currency", "dimensionless"):
                if match is None or match.group(2) not in ("", "%", "percent"):
                    raise ValueError(f"{written!r} is not a number of {subject}'s kind ({unit})")
                ends[end] = float(match.group(1))
                continue
            if match is None or not match.group(2) or unit_dimension(match.group(2)) != unit_dimension(unit):
                raise ValueError(f"{written!r} is not a quantity of {subject}'s dimension ({unit})")
            ends[end] = registry().Quantity(float(match.group(1)), match.group(2)).to(unit).magnitude
        except ValueError as problem:
            problems.append(source.error(loc + (end,), "RP013", str(problem)))
    if len(ends) == 2 and ends["min"] > ends["max"]:
        problems.append(source.error(loc, "RP013", f"between {between.min!r} and {between.max!r}: min is above max, "
                                     "so no figure lies in the range"))
    return problems


def _measures(written: str, unit: str) -> bool:
    match = re.fullmatch(r"\s*[-+]?[\d.]+\s*(.+)", written)
    try:
        return match is not None and unit_dimension(match.group(1).strip()) == unit_dimension(unit)
    except ValueError:
        return False


_CHECKS = {
    "eligibility": _eligibility,
    "precedence": _precedence,
    "supersession": _supersession,
    "qualifier": _qualifier,
    "calculation": _calculation,
    "subject": _subject,
    "inference": _inference,
    "abbreviations": _abbreviations,
    "grade": _grade,
}
