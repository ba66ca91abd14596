"""What every rule shares: a stable id and slug, a plain-language description and its source."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import ConfigDict, Field

from inforce.ontology.scalars import YamlModel

__all__ = [
    "RULE_ID_PATTERN",
    "SLUG_PATTERN",
    "CaseValue",
    "RuleBase",
    "RuleExample",
    "RuleStatus",
]

#: A rule's code: an owner prefix, a dash, a kind letter and digits — ``INF-P001``, ``FUP-E001``.
RULE_ID_PATTERN = r"^[A-Z][A-Z0-9]{1,9}-[A-Z]{1,2}[0-9]{3,4}$"
#: A rule's name in kebab case — ``aia-order-of-precedence``.
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

#: A value a case attribute can take in a rule's condition.
CaseValue = str | bool | int | float | dt.date

#: A rule's lifecycle. A removed rule never fires but keeps its id: ids are never reused.
RuleStatus = Literal["stable", "preview", "deprecated", "removed"]

RULE_CONFIG = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class RuleExample(YamlModel):
    """A worked example in the rule's own documentation (not a test: tests live beside the pack)."""

    model_config = RULE_CONFIG

    case: str
    outcome: str


class RuleBase(YamlModel):
    """The fields every rule carries, whatever it decides."""

    model_config = RULE_CONFIG

    id: str = Field(pattern=RULE_ID_PATTERN, description="stable code, never reused, e.g. INF-P001")
    slug: str = Field(pattern=SLUG_PATTERN, description="kebab-case name, e.g. aia-order-of-precedence")
    description: str = Field(min_length=1, description="what the rule decides, in plain language")
    source: str = Field(
        min_length=1,
        description="the clause or policy that establishes the rule, e.g. 'Agreement Article 1.2'",
    )
    why: str | None = Field(
        default=None, description="why the rule exists, beyond its source clause (shown on its page: inforce rules doc)",
    )
    status: RuleStatus = "stable"
    owner: str | None = None
    examples: tuple[RuleExample, ...] = ()

    @property
    def label(self) -> str:
        """``INF-P001 aia-order-of-precedence``: how traces and messages name the rule."""
        return f"{self.id} {self.slug}"
