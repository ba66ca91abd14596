"""Deciding the values a policy prescribes for a case (a follow-up date), and what they rest on.

A calculation never fills in an attribute the case does not state: an unknown condition
makes the answer conditional on it, or sends the case back for it, as the rule says.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from inforce.ontology import InputError
from inforce.rules.calculation import CalculationRule, DayCount

__all__ = ["Calculation", "CalculationOutcome", "add_days", "as_date", "case_text", "evaluate_calculations"]


class Calculation(BaseModel):
    """One prescribed value and the conditions it rests on (contract: ``calculations[]``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    output: str
    result: str | None
    conditions: dict[str, Any]
    status: Literal["definite", "conditional"] = "definite"
    unknown: tuple[str, ...] = ()
    source: str = ""
    detail: str = ""


@dataclass
class CalculationOutcome:
    """The calculations that fired, the attributes a rule asks for, the rule ids in firing order."""

    calculations: list[Calculation] = field(default_factory=list)
    clarify: list[str] = field(default_factory=list)
    rules_fired: list[str] = field(default_factory=list)

    @property
    def conditional_on(self) -> tuple[str, ...]:
        names = [n for c in self.calculations if c.status == "conditional" for n in c.unknown]
        return tuple(dict.fromkeys(names))


def case_text(value: Any) -> str:
    """A case value as a rule compares it: ``true``/``false``, ISO dates, other values as written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def as_date(value: Any, attribute: str) -> dt.date:
    """A case attribute read as a date; InputError naming the attribute when it is not one."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError(
            f"case attribute {attribute}={value!r} is not a date", field=attribute,
            hint="write dates as YYYY-MM-DD, e.g. 2024-12-12",
        ) from None


def add_days(start: dt.date, count: DayCount) -> dt.date:
    """``start`` plus ``count.days`` calendar days, or business days (Monday–Friday, less holidays)."""
    if count.calendar == "calendar":
        return start + dt.timedelta(days=count.days)
    holidays = set(count.holidays)
    day, left = start, count.days
    while left:
        day += dt.timedelta(days=1)
        if day.weekday() < 5 and day not in holidays:
            left -= 1
    return day


def _meets(have: Any, want: Any) -> bool:
    wanted = want if isinstance(want, list) else [want]
    return case_text(have) in {case_text(w) for w in wanted}


def evaluate_calculations(
    rules: Sequence[CalculationRule],
    attributes: Mapping[str, Any],
    applicability_date: dt.date | None,
    eligible_documents: Collection[str],
) -> CalculationOutcome:
    """Which calculations fire for this case, their results, and the conditions each rests on.

    Per output, the first rule whose conditions all hold decides; rules whose conditions are
    only unknown (not false) are reported as conditional alongside, never silently dropped.
    """
    outcome = CalculationOutcome()
    decided: set[str] = set()
    for rule in rules:
        if rule.output in decided:
            continue
        if rule.documents and not set(rule.documents) & set(eligible_documents):
            continue
        unknown: list[str] = []
        conditions: dict[str, Any] = {}
        holds = True
        for name, want in rule.when.items():
            have = attributes.get(name)
            if have is None:
                unknown.append(name)
                conditions[name] = want
            elif _meets(have, want):
                conditions[name] = have
            else:
                holds = False
                break
        if not holds:
            continue
        start: dt.date | None = None
        if rule.add is not None:
            origin = rule.add.from_
            raw = applicability_date if origin == "applicability_date" else attributes.get(origin)
            if raw is None:
                # a date cannot be counted from a day nobody stated: ask, whatever on_unknown says
                outcome.clarify.extend(n for n in [*unknown, origin] if n not in outcome.clarify)
                continue
            start = as_date(raw, origin)
            conditions[origin] = start
        if unknown and rule.on_unknown == "clarify":
            outcome.clarify.extend(n for n in unknown if n not in outcome.clarify)
            continue
        result = add_days(start, rule.add).isoformat() if rule.add is not None and start else rule.result
        outcome.calculations.append(Calculation(
            rule=rule.id, output=rule.output, result=result,
            conditions={k: case_text(v) if isinstance(v, dt.date) else v for k, v in conditions.items()},
            status="conditional" if unknown else "definite", unknown=tuple(unknown),
            source=rule.source, detail=_detail(rule, start),
        ))
        outcome.rules_fired.append(rule.id)
        if not unknown:
            decided.add(rule.output)
    return outcome


def _detail(rule: CalculationRule, start: dt.date | None) -> str:
    if rule.add is None or start is None:
        return rule.description.strip()
    unit = "calendar" if rule.add.calendar == "calendar" else "business"
    return f"{rule.add.days} {unit} days from {rule.add.from_} {start.isoformat()}"
