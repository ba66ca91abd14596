"""What eligibility decides for a case: which documents may answer it, the values a policy
prescribes (calculations), and ``rules explain``'s trace of every step.

These are results of ``inforce.engine.Project.eligible`` and ``explain`` (built by
``engine.eligibility`` and ``engine.calculations``); they live here, with the other result
types, so an adapter renders them without reaching into the engine. Their JSON is the
"Eligibility" contract of docs/formats.md.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_serializer

from .verdict import Exclusion
from .views import PackUsed
from .vocabulary import EligibilityOutcome, RefusalReason

__all__ = [
    "ApplicabilityDate",
    "Calculation",
    "EligibilityResult",
    "Explanation",
    "TraceStep",
    "UnmatchedValue",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")


class Calculation(BaseModel):
    """One prescribed value and the conditions it rests on (contract: ``calculations[]``)."""

    model_config = _MODEL

    rule: str
    output: str
    result: str | None
    conditions: dict[str, Any]
    status: Literal["definite", "conditional"] = "definite"
    unknown: tuple[str, ...] = ()
    source: str = ""
    detail: str = ""


class UnmatchedValue(BaseModel):
    """A stated case value that none of an output's rules accepts, so none of them fired.

    ``known`` are the values the rules for ``output`` accept for ``attribute``, as a rule
    compares them (``true``, ``2024-12-12``), in the order the rules list them; ``rules``
    are the rules for the output that test the attribute.
    """

    model_config = _MODEL

    attribute: str
    value: str
    known: tuple[str, ...]
    output: str
    rules: tuple[str, ...]

    def __str__(self) -> str:
        return (f"{self.attribute} = {self.value} is none of the values the rules for {self.output} "
                f"accept ({self.attribute}: {', '.join(self.known)})")


class ApplicabilityDate(BaseModel):
    """The date that decided which documents cover the case, and the attribute it came from
    (``valid_at`` when no rule names a case attribute; the rule's side is
    ``inforce.rules.ApplicabilityDate``)."""

    model_config = _MODEL

    attribute: str
    value: dt.date | None


class TraceStep(BaseModel):
    """One line of ``rules explain``: a rule, where it is written, its source, what it did."""

    model_config = _MODEL

    rule: str
    source: str
    origin: str = ""
    effect: str


class EligibilityResult(BaseModel):
    """The contract's "Eligibility" output, plus the eligible revisions and the trace."""

    model_config = _MODEL

    outcome: EligibilityOutcome
    reason: RefusalReason | None = None
    applicability_date: ApplicabilityDate | None = None
    eligible: tuple[str, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    excluded_total: int = 0
    excluded_by_reason: dict[str, int] = {}
    missing_attributes: tuple[str, ...] = ()
    unmatched_values: tuple[UnmatchedValue, ...] = ()
    calculations: tuple[Calculation, ...] = ()
    rules_fired: tuple[str, ...] = ()
    conditional_on: tuple[str, ...] = ()
    eligible_revisions: tuple[str, ...] = ()
    trace: tuple[TraceStep, ...] = ()

    @property
    def unstated_attributes(self) -> tuple[str, ...]:
        """The missing attributes the case does not state at all (the others are stated with a
        value no rule accepts: ``unmatched_values`` names them with the values that are)."""
        restated = {u.attribute for u in self.unmatched_values}
        return tuple(name for name in self.missing_attributes if name not in restated)

    def contract(self) -> dict[str, Any]:
        """The JSON ``inforce eligible`` prints (the trace is ``rules explain``'s)."""
        return self.model_dump(mode="json", exclude={"trace"})


class Explanation(BaseModel):
    """What ``inforce rules explain`` prints: the decision, the packs, every step of the trace."""

    model_config = _MODEL

    result: EligibilityResult
    packs: tuple[PackUsed, ...]
    trace: tuple[TraceStep, ...]

    @field_serializer("result")
    def _contract(self, result: EligibilityResult) -> dict[str, Any]:
        return result.contract()
