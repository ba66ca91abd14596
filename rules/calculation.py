"""Calculation rules: the date arithmetic a policy prescribes, with the conditions it rests on."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from inforce.ontology.scalars import YamlModel, one_line

from .base import RULE_CONFIG, CaseValue, RuleBase

__all__ = ["MAX_DAYS", "CalculationRule", "DayCount"]

#: The most days a calculation counts: a century (36,525 days). No policy's period runs longer,
#: and a count past the calendar (``days: 99999999999``) had passed ``rules check`` and failed
#: each case it applied to, blaming the case's date.
MAX_DAYS = 36_525


class DayCount(YamlModel):
    """Count ``days`` from a date: calendar days, or business days (Monday to Friday, less holidays)."""

    model_config = RULE_CONFIG

    # strict: YAML's ``true`` and ``"14"`` are not counts (``true`` had counted one day)
    days: int = Field(ge=0, le=MAX_DAYS, strict=True,
                      description=f"a whole number of days, 0 to {MAX_DAYS:,} (a century); the start day is day 0")
    calendar: Literal["calendar", "business"] = "calendar"
    from_: str = Field(
        alias="from",
        min_length=1,
        description="the case attribute to count from, or applicability_date",
    )
    holidays: tuple[dt.date, ...] = ()


class CalculationRule(RuleBase):
    """One value a policy prescribes for cases meeting ``when`` (e.g. a follow-up date).

    For each ``output`` the first rule whose conditions all hold decides. A condition on an
    attribute the case does not state is never assumed: the rule's answer is reported as
    conditional on it (``on_unknown: conditional``) or the case is sent back for that
    attribute (``on_unknown: clarify``).
    """

    kind: Literal["calculation"]
    output: str = Field(min_length=1, description="the value's name, e.g. follow_up_date")
    when: dict[str, CaseValue | list[CaseValue]] = Field(
        default_factory=dict, description="case attribute conditions: a value, or a list of values"
    )
    documents: tuple[str, ...] = Field(
        default=(), description="fires only when one of these documents is eligible (omit: always)"
    )
    add: DayCount | None = None
    #: one line (``one_line``): ``eligible`` and ``rules explain`` print it inside a line of their
    #: answer, where a line break would start lines of the pack's choosing (audit 72 A L1)
    result: Annotated[str, AfterValidator(one_line)] | None = Field(
        default=None, description="a fixed outcome instead of a date (one line)")
    on_unknown: Literal["conditional", "clarify"] = "conditional"

    @model_validator(mode="after")
    def _one_outcome(self) -> CalculationRule:
        if (self.add is None) == (self.result is None):
            raise ValueError("a calculation gives exactly one of `add` (a day count) or `result`")
        return self

    def attributes(self) -> tuple[str, ...]:
        """The case attributes the calculation rests on: its conditions, then the date it counts from."""
        names = list(self.when)
        if self.add is not None and self.add.from_ != "applicability_date":
            names.append(self.add.from_)
        return tuple(dict.fromkeys(names))
