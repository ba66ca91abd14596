"""A compiled rule set: the project's packs, in manifest order, ready for the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .calculation import CalculationRule
from .conditions import ConditionFacet
from .eligibility import EligibilityRule
from .pack import RulePack
from .patterns import QualifierRule, SupersessionRule
from .precedence import PrecedenceRule
from .source import SourceFile
from .subjects import SubjectRule, SubjectVocabulary

__all__ = ["LoadedPack", "RuleOrigin", "RuleSet"]


@dataclass(frozen=True)
class RuleOrigin:
    """Where a rule is written: its pack's name, the file and the line of its ``id``."""

    pack: str
    file: str
    line: int | None

    def format(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class LoadedPack:
    """One pack as loaded: validated, linted, parameters applied, with its content hash."""

    name: str
    file: str
    pack: RulePack
    params: Mapping[str, Any]
    content_hash: str
    source: SourceFile | None = field(default=None, compare=False, repr=False)

    def origin(self, rule_id: str) -> RuleOrigin:
        line = None
        if self.source is not None:
            for index, rule in enumerate(self.pack.rules):
                if rule.id == rule_id:
                    line = self.source.locate(("rules", index, "id"))[0]
        return RuleOrigin(self.name, self.file, line)

    def without_kind(self, kind: str) -> LoadedPack:
        kept = tuple(rule for rule in self.pack.rules if rule.kind != kind)
        return replace(self, pack=self.pack.model_copy(update={"rules": kept}))


@dataclass(frozen=True)
class RuleSet:
    """Every active rule of a project, by kind, in the order the manifest lists the packs."""

    packs: tuple[LoadedPack, ...]
    facets: tuple[str, ...] = ()

    def of_kind(self, kind: str) -> list[Any]:
        return [rule for loaded in self.packs for rule in loaded.pack.of_kind(kind)]

    @cached_property
    def eligibility(self) -> list[EligibilityRule]:
        return self.of_kind("eligibility")

    @cached_property
    def precedence(self) -> list[PrecedenceRule]:
        return self.of_kind("precedence")

    @cached_property
    def supersession(self) -> list[SupersessionRule]:
        return self.of_kind("supersession")

    @cached_property
    def qualifiers(self) -> list[QualifierRule]:
        return self.of_kind("qualifier")

    @cached_property
    def calculations(self) -> list[CalculationRule]:
        return self.of_kind("calculation")

    @cached_property
    def subjects(self) -> SubjectVocabulary:
        rules: list[SubjectRule] = self.of_kind("subject")
        return SubjectVocabulary(tuple(rules), tuple(self.of_kind("inference")), tuple(self.of_kind("abbreviations")),
                                 tuple(self.of_kind("grade")), conditions=self.conditions)

    @property
    def conditions(self) -> tuple[ConditionFacet, ...] | None:
        """The condition words of the first pack that declares them (the loader refuses a
        second); None: none does, and the stock ones are read."""
        return next((loaded.pack.conditions for loaded in self.packs if loaded.pack.conditions is not None), None)

    @property
    def applicability_attribute(self) -> str | None:
        """The case attribute a pack names as the source of the applicability date, if any
        (``dispatch_date``); when None, a question needs ``--valid-at``."""
        for rule in self.eligibility:
            if rule.applicability_date is not None:
                return rule.applicability_date.attribute
        return None

    @cached_property
    def case_attributes(self) -> tuple[str, ...]:
        """Every case attribute a rule of these packs reads, and the project's facets, sorted:
        a case stating any other is mistaken (a typo, or a pack that is not loaded)."""
        names = set(self.facets)
        for rule in self.eligibility:
            names.update(rule.facets)
            names.update(rule.required_attributes())
        for calculation in self.calculations:
            names.update(calculation.attributes())
        return tuple(sorted(names))

    @property
    def hashes(self) -> tuple[str, ...]:
        """The packs' content hashes in order: part of the index build id."""
        return tuple(loaded.content_hash for loaded in self.packs)

    def origin(self, rule_id: str) -> RuleOrigin | None:
        for loaded in self.packs:
            if any(rule.id == rule_id for rule in loaded.pack.rules):
                return loaded.origin(rule_id)
        return None

    def with_precedence(self, packs: Sequence[LoadedPack]) -> RuleSet:
        """The same rules with the precedence rules of ``packs`` in place of the project's own."""
        kept = tuple(loaded.without_kind("precedence") for loaded in self.packs)
        added = tuple(
            replace(loaded, pack=loaded.pack.model_copy(
                update={"rules": tuple(r for r in loaded.pack.rules if r.kind == "precedence")}
            ))
            for loaded in packs
        )
        return RuleSet(packs=kept + added, facets=self.facets)
