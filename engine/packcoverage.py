"""Which parts of a pack its tests reach (``inforce rules test --coverage``).

A pack's parts: each rule; each branch of a rule (an eligibility facet or applicability date,
a calculation's ``when`` condition, a precedence level); each pattern (a qualifier's or a
supersession rule's ``patterns``, ``targets`` and ``actions``); each table row (a supersession
rule's verb phrases, a subject's synonyms). A part is reached when a test case's answer — the
engine's own decision, as ``packtests.case_answers`` returns it — reports it:

- a rule, when a decision names it (``rule``, ``rules_fired``, ``origin: rule:ID``);
- a precedence level, when a decision by its rule places a provision on it (``level``);
- a calculation condition, when a calculation of its rule lists it (``conditions``);
- an eligibility facet, when its rule fired and a document was eligible (every facet matched)
  or excluded for that facet; the applicability date, when the answer names its attribute;
- a pattern, target, action or verb, when it reads the ``words`` a decision of its rule
  reports (compiled as the engine compiles it: ``rules.patterns``);
- a synonym, when a binding of its subject gives it as ``evidence``.

Nothing here decides again what the engine decided: it reads the answers and, for the
wordings, which of the rule's wordings the reported words are written in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from inforce.ontology import CoverageItem, PackCoverage
from inforce.rules.calculation import CalculationRule
from inforce.rules.eligibility import EligibilityRule
from inforce.rules.patterns import (
    PatternError,
    QualifierRule,
    SupersessionPattern,
    SupersessionRule,
    compile_verb,
    compile_wording,
    supersession_needs,
)
from inforce.rules.precedence import PrecedenceRule
from inforce.rules.ruleset import LoadedPack
from inforce.rules.subjects import SubjectRule

__all__ = ["CoverageRecorder"]


@dataclass
class _Part:
    rule: str
    kind: str
    item: str
    loc: tuple[Any, ...]
    by: list[str] = field(default_factory=list)


@dataclass
class CoverageRecorder:
    """The parts of one pack, and the test cases that reached each (``record`` each answer)."""

    pack: LoadedPack
    parts: list[_Part] = field(default_factory=list)

    def __post_init__(self) -> None:
        for index, rule in enumerate(self.pack.pack.rules):
            if rule.status != "removed":
                self.parts += list(_parts(rule, ("rules", index)))
        self._rules = {rule.id: rule for rule in self.pack.pack.rules}

    def record(self, case: str, answer: Any) -> None:
        """Mark what ``answer`` (one case's decision, as JSON values) reached."""
        for rule_id, decision in _decisions(answer):
            rule = self._rules.get(rule_id)
            if rule is None:
                continue
            reached = set(_reached(rule, decision, answer))
            for part in self.parts:
                if part.rule == rule_id and (part.kind == "rule" or (part.kind, part.item) in reached):
                    if case not in part.by:
                        part.by.append(case)

    def result(self, required: int | None) -> PackCoverage:
        source = self.pack.source
        items = tuple(CoverageItem(rule=p.rule, kind=p.kind, item=p.item,  # type: ignore[arg-type]
                                   line=source.locate(p.loc)[0] if source is not None else None,
                                   covered=bool(p.by), by=tuple(p.by[:3])) for p in self.parts)
        covered = sum(1 for item in items if item.covered)
        percent = round(100.0 * covered / len(items), 1) if items else 100.0
        return PackCoverage(pack=self.pack.file, covered=covered, total=len(items), percent=percent,
                            required=required, passed=required is None or percent >= required, items=items)


def _parts(rule: Any, loc: tuple[Any, ...]) -> Iterator[_Part]:
    yield _Part(rule.id, "rule", rule.slug, loc + ("id",))
    if isinstance(rule, EligibilityRule):
        for name in rule.facets:
            yield _Part(rule.id, "branch", f"facet {name}", loc + ("facets", name))
        if rule.applicability_date is not None:
            yield _Part(rule.id, "branch", f"date {rule.applicability_date.attribute}", loc + ("applicability_date",))
    elif isinstance(rule, CalculationRule):
        for name in rule.when:
            yield _Part(rule.id, "branch", f"when {name}", loc + ("when", name))
    elif isinstance(rule, PrecedenceRule):
        for i, level in enumerate(rule.levels):
            yield _Part(rule.id, "branch", f"level {level.name}", loc + ("levels", i))
    elif isinstance(rule, QualifierRule):
        for i, pattern in enumerate(rule.patterns):
            yield _Part(rule.id, "pattern", f"patterns[{i}] {pattern.written}", loc + ("patterns", i))
    elif isinstance(rule, SupersessionRule):
        for i, pattern in enumerate(rule.patterns):
            yield _Part(rule.id, "pattern", f"patterns[{i}] {pattern.written}", loc + ("patterns", i))
        for i, target in enumerate(rule.targets):
            yield _Part(rule.id, "pattern", f"targets[{i}] {target.written}", loc + ("targets", i))
        for i, action in enumerate(rule.actions):
            yield _Part(rule.id, "pattern", f"actions[{i}] {action.written}", loc + ("actions", i))
        for action, phrases in rule.verbs.items():
            for i, phrase in enumerate(phrases):
                yield _Part(rule.id, "row", f"verbs.{action}[{i}] {phrase}", loc + ("verbs", action, i))
    elif isinstance(rule, SubjectRule):
        for i, synonym in enumerate(rule.synonyms):
            yield _Part(rule.id, "row", f"synonyms[{i}] {synonym}", loc + ("synonyms", i))


def _decisions(answer: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each (rule id, the decision naming it) anywhere in an answer."""
    if isinstance(answer, list):
        for value in answer:
            yield from _decisions(value)
        return
    if not isinstance(answer, dict):
        return
    rule = answer.get("rule")
    if isinstance(rule, str):
        yield rule, answer
    origin = answer.get("origin")
    if isinstance(origin, str) and origin.startswith("rule:"):
        yield origin.removeprefix("rule:"), answer
    for fired in answer.get("rules_fired") or ():
        if isinstance(fired, str):
            yield fired, answer
    for key, value in answer.items():
        if key not in ("rules_fired",) and isinstance(value, list | dict):
            yield from _decisions(value)


def _reached(rule: Any, decision: dict[str, Any], answer: Any) -> Iterator[tuple[str, str]]:
    """The (kind, item) parts of ``rule`` that one decision reports."""
    if isinstance(rule, PrecedenceRule):
        for provision in decision.get("provisions") or ():
            if isinstance(provision, dict) and provision.get("level"):
                yield "branch", f"level {provision['level']}"
    elif isinstance(rule, CalculationRule):
        for name in decision.get("conditions") or {}:
            yield "branch", f"when {name}"
    elif isinstance(rule, EligibilityRule):
        reasons = {reason for excluded in decision.get("excluded") or () for reason in excluded.get("reasons") or ()}
        for name in rule.facets:
            if decision.get("eligible") or name in reasons:
                yield "branch", f"facet {name}"
        date = decision.get("applicability_date") or {}
        if rule.applicability_date is not None and date.get("attribute") == rule.applicability_date.attribute:
            yield "branch", f"date {rule.applicability_date.attribute}"
    elif isinstance(rule, QualifierRule | SupersessionRule):
        words = decision.get("words")
        if isinstance(words, str) and words:
            yield from _wordings_reading(rule, words)
    elif isinstance(rule, SubjectRule):
        evidence = decision.get("evidence")
        for i, synonym in enumerate(rule.synonyms):
            if isinstance(evidence, str) and evidence.casefold() == synonym.casefold():
                yield "row", f"synonyms[{i}] {synonym}"


def _wordings_reading(rule: QualifierRule | SupersessionRule, words: str) -> Iterator[tuple[str, str]]:
    """Which of the rule's wordings ``words`` is written in (each compiled as the engine does)."""
    if isinstance(rule, QualifierRule):
        for i, pattern in enumerate(rule.patterns):
            if _reads(pattern, ("ref",), words):
                yield "pattern", f"patterns[{i}] {pattern.written}"
        return
    for i, pattern in enumerate(rule.patterns):
        if _reads(pattern, supersession_needs(rule, pattern), words):
            yield "pattern", f"patterns[{i}] {pattern.written}"
    for k, action in enumerate(rule.actions):
        for j, target in enumerate(rule.targets):
            if action.targets is not None and target.target not in action.targets:
                continue
            joined = SupersessionPattern(pattern=action.written.replace("{target}", target.written), scope=action.scope,
                                         target=target.target, successor=action.successor)
            if _reads(joined, supersession_needs(rule, joined), words):
                yield "pattern", f"actions[{k}] {action.written}"
                yield "pattern", f"targets[{j}] {target.written}"
    for action_name, phrases in rule.verbs.items():
        for i, phrase in enumerate(phrases):
            try:
                if compile_verb(phrase).search(words):
                    yield "row", f"verbs.{action_name}[{i}] {phrase}"
            except PatternError:
                continue


def _reads(pattern: Any, needs: Sequence[Any] | Iterable[Any], words: str) -> bool:
    try:
        return compile_wording(pattern, tuple(needs)).search(words) is not None
    except PatternError:
        return False
