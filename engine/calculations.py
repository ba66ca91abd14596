"""Deciding the values a policy prescribes for a case (a follow-up date), and what they rest on.

A calculation never fills in an attribute the case does not state: an unknown condition
makes the answer conditional on it, or sends the case back for it, as the rule says. Nor does
it pass over a value it does not know: when the case states a value for an attribute the
rules of an output test, and no rule for that output fires because none of them accepts that
value (``pilot=maybe`` where the rules say ``pilot: true`` or ``pilot: false``), the case is
sent back for that attribute with the values the rules do accept.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from inforce.ontology import Calculation, InputError, UnmatchedValue, parse_date
from inforce.ontology.dates import shift_date
from inforce.rules.calculation import CalculationRule, DayCount

__all__ = [
    "CalculationOutcome",
    "add_days",
    "as_date",
    "case_text",
    "evaluate_calculations",
]


@dataclass
class CalculationOutcome:
    """The calculations that fired, the attributes a rule asks for, the rule ids in firing order.

    ``clarify`` names every attribute the case must state or restate: unknown ones a rule
    needs, and those in ``unmatched`` (a stated value no rule for an output accepts).
    """

    calculations: list[Calculation] = field(default_factory=list)
    clarify: list[str] = field(default_factory=list)
    rules_fired: list[str] = field(default_factory=list)
    unmatched: list[UnmatchedValue] = field(default_factory=list)

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


#: The words a case or a document writes for true and false (``-c pilot=yes`` is true; a register
#: cell showing ``TRUE``, a facet value ``Yes``): a facet value in any of them matches the case
#: value ``true``/``false`` as well as its own text.
BOOLEAN_WORDS = {"true": "true", "yes": "true", "false": "false", "no": "false"}


def facet_keys(value: str) -> tuple[str, ...]:
    """The texts a document's facet value matches a case value by: itself, and ``true`` or
    ``false`` when it writes one of :data:`BOOLEAN_WORDS` in any case (the case side reads
    ``yes``/``no`` as booleans, which ``case_text`` writes ``true``/``false``)."""
    word = BOOLEAN_WORDS.get(value.strip().lower())
    return (value,) if word is None or word == value else (value, word)


def as_date(value: Any, attribute: str) -> dt.date:
    """A case attribute read as a date; InputError naming the attribute when it is not one."""
    return parse_date(value, field=attribute)


def add_days(start: dt.date, count: DayCount) -> dt.date:
    """``start`` plus ``count.days`` calendar days, or business days (Monday–Friday, less holidays)."""
    day: dt.date | None = start
    if count.calendar == "calendar":
        day = shift_date(start, count.days)
    else:
        holidays = set(count.holidays)
        left = count.days
        while left and day is not None:
            day = shift_date(day, 1)
            if day is not None and day.weekday() < 5 and day not in holidays:
                left -= 1
    if day is None:
        raise InputError(
            f"{count.days} {count.calendar} days from {start.isoformat()} is past the last date there is",
            field=count.from_, hint="check the date the case states",
        )
    return day


def _accepted(want: Any) -> list[str]:
    """The values a condition accepts, as a rule compares them (a list condition is membership)."""
    return [case_text(w) for w in (want if isinstance(want, list) else [want])]


def _meets(have: Any, want: Any) -> bool:
    return case_text(have) in _accepted(want)


def evaluate_calculations(
    rules: Sequence[CalculationRule],
    attributes: Mapping[str, Any],
    applicability_date: dt.date | None,
    eligible_documents: Collection[str],
) -> CalculationOutcome:
    """Which calculations fire for this case, their results, and the conditions each rests on.

    Per output, the first rule whose conditions all hold decides; rules whose conditions are
    only unknown (not false) are reported as conditional alongside, never silently dropped.
    When no rule for an output holds and a stated value is none of the values its rules
    accept for that attribute, the attribute is asked for again (``unmatched``, ``clarify``).
    """
    outcome = CalculationOutcome()
    decided: set[str] = set()
    answered: set[str] = set()  # outputs a rule held for: it calculated, or it asked for something
    considered: dict[str, list[CalculationRule]] = {}  # per output, the rules that apply to the case
    for rule in rules:
        if rule.output in decided:
            continue
        if rule.documents and not set(rule.documents) & set(eligible_documents):
            continue
        considered.setdefault(rule.output, []).append(rule)
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
        answered.add(rule.output)
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
    for output, tried in considered.items():
        if output not in answered:
            outcome.unmatched.extend(_unmatched(output, tried, attributes))
    outcome.clarify.extend(dict.fromkeys(
        u.attribute for u in outcome.unmatched if u.attribute not in outcome.clarify))
    return outcome


def _unmatched(output: str, tried: Sequence[CalculationRule], attributes: Mapping[str, Any]) -> list[UnmatchedValue]:
    """The stated values none of ``tried`` (the rules for ``output``, none of which held) accepts."""
    testing: dict[str, list[CalculationRule]] = {}
    for rule in tried:
        for name in rule.when:
            testing.setdefault(name, []).append(rule)
    found = []
    for name, by in testing.items():
        have = attributes.get(name)
        if have is None:
            continue  # unknown is not unmatched
        known = tuple(dict.fromkeys(value for rule in by for value in _accepted(rule.when[name])))
        if case_text(have) not in known:
            found.append(UnmatchedValue(attribute=name, value=case_text(have), known=known, output=output,
                                        rules=tuple(rule.id for rule in by)))
    return found


def _detail(rule: CalculationRule, start: dt.date | None) -> str:
    if rule.add is None or start is None:
        return rule.description.strip()
    unit = "calendar" if rule.add.calendar == "calendar" else "business"
    return f"{rule.add.days} {unit} days from {rule.add.from_} {start.isoformat()}"
