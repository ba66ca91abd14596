"""A rule pack: one YAML file of rules, with the parameters a project may set."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from inforce.ontology.scalars import YamlModel

from .calculation import CalculationRule
from .conditions import ConditionFacet
from .eligibility import EligibilityRule
from .patterns import QualifierRule, SupersessionRule
from .precedence import PrecedenceRule
from .subjects import AbbreviationRule, GradeRule, InferenceRule, SubjectRule

__all__ = ["RULE_KINDS", "SCHEMA_VERSION", "PackParam", "Rule", "RulePack"]

#: The rule-pack format this inforce reads. A pack stating another version is refused.
SCHEMA_VERSION = 1

Rule = Annotated[
    EligibilityRule | PrecedenceRule | SupersessionRule | QualifierRule | CalculationRule | SubjectRule
    | InferenceRule | AbbreviationRule | GradeRule,
    Field(discriminator="kind"),
]
RULE_KINDS: dict[str, type[BaseModel]] = {
    "eligibility": EligibilityRule,
    "precedence": PrecedenceRule,
    "supersession": SupersessionRule,
    "qualifier": QualifierRule,
    "calculation": CalculationRule,
    "subject": SubjectRule,
    "inference": InferenceRule,
    "abbreviations": AbbreviationRule,
    "grade": GradeRule,
}


class PackParam(YamlModel):
    """A parameter a project may set in its manifest (``params: {source: ...}``), used as ``${name}``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    default: Any = None
    description: str = ""


class RulePack(YamlModel):
    """The root of a pack file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1] = Field(description="the rule-pack format version")
    title: str = ""
    description: str = ""
    params: dict[str, PackParam] = Field(default_factory=dict)
    coverage: int | None = Field(
        default=None, ge=0, le=100, description="the least share (percent) of the pack's rules, branches, "
        "patterns and rows its tests must reach: `inforce rules test --coverage` fails under it",
    )
    rules: tuple[Rule, ...] = ()
    conditions: tuple[ConditionFacet, ...] | None = Field(
        default=None, description="the words that say what a figure holds under (recommended or increased, "
        "adult or pediatric), by facet and term; a subject pack that declares none reads the stock ones "
        "(subjects/default); [] reads none",
    )

    def of_kind(self, kind: str) -> list[Any]:
        """This pack's rules of one kind, in file order, removed rules left out."""
        return [r for r in self.rules if r.kind == kind and r.status != "removed"]
