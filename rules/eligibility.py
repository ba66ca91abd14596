"""Eligibility rules: which documents may answer a case, and why each other one may not."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from inforce.ontology.scalars import YamlModel

from .base import RULE_CONFIG, RuleBase

__all__ = ["ApplicabilityDate", "EligibilityRule", "FacetMatch"]

#: How a document's ``applies_to`` values for one facet meet the case's value.
#: ``membership``: the case value is one of the document's values; ``equality``: the document
#: lists exactly the case value and nothing else; ``any``: the facet is not checked.
#: A document that omits the facet applies to every value (corpus-format.md).
FacetMatch = Literal["membership", "equality", "any"]


class ApplicabilityDate(YamlModel):
    """The case attribute whose date decides which documents cover the case (e.g. the dispatch date)."""

    model_config = RULE_CONFIG

    attribute: str = Field(min_length=1, description="case attribute holding the date, e.g. dispatch_date")


class EligibilityRule(RuleBase):
    """Which documents may answer: facets, the applicability date, required attributes.

    Each condition excludes on its own reason (the facet's name, or ``period``), so an answer
    can say why every other document was left out. A document's access groups are always
    enforced (reason ``access``): no pack can let an asker read what their groups may not.
    """

    kind: Literal["eligibility"]
    document_kinds: tuple[str, ...] | None = Field(
        default=None, description="the document kinds this rule governs; omit for every kind"
    )
    facets: dict[str, FacetMatch] = Field(
        default_factory=dict, description="per facet, how a document's applies_to must match the case"
    )
    applicability_date: ApplicabilityDate | None = Field(
        default=None,
        description="which case attribute supplies the date; omit to use the question's valid_at",
    )
    required: tuple[str, ...] = Field(
        default=(),
        description="case attributes that must be known (a facet that is matched is always required)",
    )

    def required_attributes(self) -> tuple[str, ...]:
        """Every case attribute this rule needs, in the order the rule names them."""
        names = [name for name, match in self.facets.items() if match != "any"]
        if self.applicability_date is not None:
            names.append(self.applicability_date.attribute)
        names.extend(self.required)
        return tuple(dict.fromkeys(names))
