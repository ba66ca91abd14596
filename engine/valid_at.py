"""The date a question is about: given, or taken from the case attribute a rule pack names.

Never today. Two dates for one case (``valid_at`` and the named attribute, disagreeing) would
split the answer — eligibility on one, in force on the other — so they are refused.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from inforce.ontology import InputError, Manifest
from inforce.ontology.scalars import trusted
from inforce.ontology.views import DateChoice

from .calculations import as_date

if TYPE_CHECKING:
    from inforce.rules import RuleSet

__all__ = ["GIVEN", "check_attributes", "choose_valid_at", "date_attribute"]

#: ``DateChoice.source`` (and a result's ``valid_at_source``) when the date was given, not taken
#: from a case attribute.
GIVEN = "valid_at"


def choose_valid_at(
    rules: RuleSet, manifest: Manifest, valid_at: dt.date | None, attributes: Mapping[str, Any]
) -> DateChoice:
    """``valid_at`` as given, or the case attribute a rule pack names; never today.

    InputError naming what to pass when neither is there.
    """
    given = given_date(valid_at, attributes)
    if given is not None:
        return given
    check_attributes(rules, manifest, attributes)
    named = date_attribute(rules, manifest)
    if valid_at is not None:
        if named is not None and attributes.get(named[0]) is not None:
            attribute, rule = named
            if as_date(attributes[attribute], attribute) != valid_at:
                raise InputError(
                    f"{valid_at} and {attribute}={attributes[attribute]} disagree: {rule} takes "
                    "the date the case is about from that attribute", field="valid_at", reason="conflict",
                    hint="give one of them, or the same date in both",
                )
        return DateChoice(valid_at=valid_at, source=GIVEN)
    if named is None:
        raise InputError(
            "the date the question is about", field="valid_at", reason="required",
            hint="give it as YYYY-MM-DD: inforce never assumes today, and no rule pack of this "
            "project names a case attribute that supplies it",
        )
    attribute, rule = named
    value = attributes.get(attribute)
    if value is None:
        raise InputError(
            f"the date the question is about, or the case attribute {attribute}=DATE ({rule} takes the "
            f"date from {attribute})", field="valid_at", reason="required",
            hint="give it as YYYY-MM-DD: inforce never assumes today",
        )
    return DateChoice(valid_at=as_date(value, attribute), source=f"case attribute {attribute} ({rule})")


def plainly_given(valid_at: object, attributes: Mapping[str, Any] | None) -> bool:
    """Whether ``valid_at`` is a date as given with no case attribute to check or disagree
    with: it is the date, as it is (``given_date``'s answer, without building the choice;
    the as-of hot path asks this first)."""
    return valid_at.__class__ is dt.date and not attributes


def given_date(valid_at: dt.date | None, attributes: Mapping[str, Any]) -> DateChoice | None:
    """``valid_at`` as given when the case states no attribute: nothing to check or to disagree
    with, so no rule is read (the as-of hot path, and a cold ``facts`` that loads no pack)."""
    if valid_at is not None and not attributes:
        if plainly_given(valid_at, attributes):  # a date already: nothing to validate on the hot path
            return trusted(DateChoice, {"valid_at": valid_at, "source": GIVEN})
        return DateChoice(valid_at=valid_at, source=GIVEN)
    return None


def check_attributes(rules: RuleSet, manifest: Manifest, attributes: Mapping[str, Any]) -> None:
    """InputError for a case attribute no rule pack of the project reads, listing those that are
    read: a misspelt attribute would otherwise be ignored, and the answer given without it."""
    known = rules.case_attributes if manifest.rules else tuple(manifest.facets)
    unknown = sorted(set(attributes) - set(known))
    if unknown:
        raise InputError(
            f"no rule pack of this project reads {', '.join(unknown)}", field="context", reason="unknown",
            hint=f"the case attributes it reads: {', '.join(known)}" if known
            else "this project's packs read no case attributes",
        )


def date_attribute(rules: RuleSet, manifest: Manifest) -> tuple[str, str] | None:
    """The case attribute the first eligibility rule with an applicability date reads, and
    where that rule is written; None when no pack names one."""
    if not manifest.rules:
        return None
    for rule in rules.eligibility:
        if rule.applicability_date is not None:
            origin = rules.origin(rule.id)
            where = f"rule {rule.id}" + (f" at {origin.format()}" if origin is not None else "")
            return rule.applicability_date.attribute, where
    return None

