"""Comparison: two quantities after unit conversion, read as requirements.

Each side is an interval in a common unit (the subject's, else the first side's): a plain
value ``[v, v]``, a minimum ``[v, ∞)``, a maximum ``(-∞, v]``, a range ``[lo, hi]``. Two values
are *close* when they differ by no more than the relative tolerance (of the larger magnitude)
**or** the absolute one: the subject's, else 2% — wide enough for customary soft metric
conversions (2 in ≈ 50 mm, 4,000 psi ≈ 28 MPa).

- Same kind of bound (both plain, both minimums, both maximums): ``equal`` when close,
  otherwise ``conflict`` (a drawing's minimum of 4,000 psi against a specification's 5,000).
- Two ranges: ``equal`` when both ends are close, ``compatible`` when they overlap,
  otherwise ``conflict``.
- Different kinds: ``compatible`` when the intervals meet within tolerance (5,000 psi meets a
  minimum of 4,000 psi), otherwise ``conflict`` (3,500 psi violates it; a drawing's 4,350 PSI
  violates a specification's minimum 35 MPa = 5,076 psi).
- Two amounts with different dosing frequencies (250 mg twice daily, 250 mg once daily):
  ``conflict``.
- Two mentions stated under different conditions (``conditions``: the recommended 250 mg and
  the 500 mg the dose may be increased to; an adult dose and a pediatric one): ``compatible``
  — both hold, each under its own condition. Conditions are compared facet by facet
  (``conditions.condition_relation``): two mentions are statements of one requirement only
  under the same condition. One whose terms strictly include the other's is the specific
  figure and the other the general one (3" of cover cast against earth, 2" typical; the
  recommended 10 mg for elderly patients, the recommended 20 mg): ``compatible`` where they
  would otherwise conflict — the specific holds where its condition does, the general
  elsewhere; so are two stated for cases apart, neither including the other (cover cast
  against earth, cover for larger bars; a weight band, an increased dose).
- Different dimensions, a number without a unit against one with, different currencies, a
  malformed value: ``not_comparable`` — never a match.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from inforce.ontology import Quantity
from inforce.ontology.quantity import NormalizedValue
from inforce.rules import SubjectRule, SubjectVocabulary, Tolerance

from ._models import Comparison, QuantityMention
from .conditions import APPROXIMATE, condition_relation, term_facets
from .units import (
    UnknownUnitError,
    convert,
    convert_difference,
    dimension_of,
    format_value,
    registry,
    unit_table,
)

__all__ = ["APPROXIMATE_RELATIVE", "DEFAULT_TOLERANCE", "approximate_relative", "compare", "format_value", "unit_symbol"]

#: The tolerance when no subject gives one.
DEFAULT_TOLERANCE = Tolerance(relative=0.02)
#: How far apart two figures may be, relative, and still state the same value where either is
#: written approximately ("about 12 in", "12 in +/-"), unless the subject's ``tolerance:``
#: gives its own ``approximate``: 12-1/2 in is about 12 in, 13 in is not. Kept under the 9.1%
#: of a figure moved by a tenth (the FinanceBench bench's perturbed answers), which an
#: approximate word must never make the same value.
APPROXIMATE_RELATIVE = 0.05


def approximate_relative(rule: Tolerance | None) -> float:
    """The relative tolerance of a comparison in which either figure is approximate (its
    condition holds ``conditions.APPROXIMATE``): the subject's ``approximate``, else
    :data:`APPROXIMATE_RELATIVE`, never narrower than its plain ``relative``. The one rule the
    sweep (:func:`compare`) and a claim's check (``claims``) both follow."""
    own = rule.approximate if rule is not None and rule.approximate is not None else APPROXIMATE_RELATIVE
    return max(own, (rule.relative or 0.0) if rule is not None else 0.0)

AnyQuantity = Quantity | QuantityMention


@dataclass(frozen=True)
class _Side:
    value: float
    upper: float | None
    bound: str
    expression: str | None  # None: a number without a unit
    dimension: str | None
    per_day: float | None
    frequency: str | None
    written: str


def _side(quantity: AnyQuantity) -> _Side | None:
    if quantity.value is None:
        return None
    expression: str | None = None
    value, upper = quantity.value, quantity.upper
    if isinstance(quantity, QuantityMention) and quantity.unit_expression is not None:
        expression = quantity.unit_expression
    elif quantity.normalized is not None:
        expression = quantity.normalized.unit
        value, upper = quantity.normalized.value, quantity.normalized.upper
    elif quantity.unit:
        try:
            expression = unit_table().resolve(quantity.unit).expression
        except UnknownUnitError:
            return None
    dimension = dimension_of(expression) if expression is not None else None
    if expression is not None and dimension is None:
        return None
    return _Side(
        value=value, upper=upper, bound=quantity.bound, expression=expression, dimension=dimension,
        per_day=quantity.per_day, frequency=quantity.frequency, written=quantity.text or _plain(quantity),
    )


def _plain(quantity: AnyQuantity) -> str:
    unit = f" {quantity.unit}" if quantity.unit else ""
    if quantity.upper is not None:
        return f"{format_value(quantity.value)} to {format_value(quantity.upper)}{unit}"
    return f"{format_value(quantity.value)}{unit}"


def compare(
    a: AnyQuantity, b: AnyQuantity, *, subject: SubjectRule | None = None,
    vocabulary: SubjectVocabulary | None = None, tolerance: Tolerance | None = None,
) -> Comparison:
    """What ``a`` and ``b`` are to each other as two statements of one requirement.

    ``subject`` supplies the tolerance and the unit the explanation uses (found in
    ``vocabulary`` when both quantities are bound to the same subject and none is given);
    ``tolerance`` overrides it. None of them: 2% relative.
    """
    if subject is None and vocabulary is not None and a.subject is not None and a.subject == b.subject:
        subject = vocabulary.get(a.subject)
    subject_name = subject.subject if subject is not None else (a.subject if a.subject == b.subject else None)
    left, right = _side(a), _side(b)
    if left is None or right is None:
        return _not_comparable(subject_name, "a value or unit that could not be read", a, b)
    if (left.expression is None) != (right.expression is None):
        bare, other = (a, b) if left.expression is None else (b, a)
        return _not_comparable(
            subject_name, f"{bare.text or _plain(bare)!r} has no unit and {other.text or _plain(other)!r} has one", a, b,
        )
    if left.dimension != right.dimension:
        return _not_comparable(
            subject_name, f"{left.written!r} ({left.dimension}) and {right.written!r} ({right.dimension}) "
            "measure different things", a, b,
        )
    target = _target_unit(left, subject)
    lo_a, hi_a = _interval(left, target)
    lo_b, hi_b = _interval(right, target)
    rule = tolerance or (subject.tolerance if subject is not None else None) or DEFAULT_TOLERANCE
    relative = rule.relative or 0.0
    absolute = _absolute(rule, target)
    approximate = APPROXIMATE in (*(a.condition or ()), *(b.condition or ()))
    if approximate:  # "about 12 in": the same value as 12-1/2 in, not as 18 in
        relative = approximate_relative(rule)

    def close(x: float, y: float) -> bool:
        return abs(x - y) <= max(relative * max(abs(x), abs(y)), absolute) + 1e-12 * max(abs(x), abs(y), 1)

    shown_a, shown_b = _shown(left, target), _shown(right, target)
    tolerance_text = _tolerance_text(relative, rule.absolute)
    if approximate:
        tolerance_text += " (a figure written approximately)"
    common = {
        "subject": subject_name, "unit": target or None,
        "a": NormalizedValue(value=_round(lo_a if left.bound != "max" else hi_a),
                             upper=_round(hi_a) if left.bound == "range" else None, unit=target or "dimensionless"),
        "b": NormalizedValue(value=_round(lo_b if right.bound != "max" else hi_b),
                             upper=_round(hi_b) if right.bound == "range" else None, unit=target or "dimensionless"),
        "a_bound": left.bound, "b_bound": right.bound,
        "tolerance_relative": relative or None, "tolerance_absolute": absolute or None,
    }
    if left.per_day is not None and right.per_day is not None and not math.isclose(left.per_day, right.per_day):
        return Comparison(outcome="conflict", **common, explanation=(
            f"{shown_a} and {shown_b}: the amounts are given {left.frequency} and {right.frequency}"))
    relation = condition_relation(a.condition or (), b.condition or (), term_facets(vocabulary))
    if relation.kind == "differs":
        assert relation.terms is not None
        return Comparison(outcome="compatible", **common, explanation=(
            f"{shown_a} is stated as {relation.terms[0]} and {shown_b} as {relation.terms[1]}: "
            "each holds under its own condition"))
    if relation.kind != "same":  # the specific figure and the general one, or two cases apart: not compared
        plain = compare(a.model_copy(update={"condition": _how_written(a)}),
                        b.model_copy(update={"condition": _how_written(b)}),
                        subject=subject, vocabulary=vocabulary, tolerance=tolerance)
        if plain.outcome != "conflict":
            return plain
        return plain.model_copy(update={"outcome": "compatible", "explanation": _apart(
            relation.kind, (a, shown_a), (b, shown_b))})

    point_a = lo_a if left.bound in ("exact", "min", "range") else hi_a
    point_b = lo_b if right.bound in ("exact", "min", "range") else hi_b
    difference = point_b - point_a
    relative_difference = abs(difference) / max(abs(point_a), abs(point_b)) if max(abs(point_a), abs(point_b)) else 0.0
    common.update(difference=_round(difference), relative_difference=_round(relative_difference))

    if left.bound == right.bound and left.bound != "range":
        kind = {"exact": "values", "min": "minimums", "max": "maximums"}[left.bound]
        if close(point_a, point_b):
            return Comparison(outcome="equal", **common, explanation=(
                f"{shown_a} and {shown_b} are the same {kind} within {tolerance_text}"))
        return Comparison(outcome="conflict", **common, explanation=(
            f"{shown_a} and {shown_b} are different {kind}: they differ by "
            f"{_difference(point_a, point_b, relative_difference)}, more than {tolerance_text}"))
    if left.bound == "range" and right.bound == "range":
        if close(lo_a, lo_b) and close(hi_a, hi_b):
            return Comparison(outcome="equal", **common, explanation=(
                f"{shown_a} and {shown_b} are the same range within {tolerance_text}"))
        if _overlap(lo_a, hi_a, lo_b, hi_b, close):
            return Comparison(outcome="compatible", **common, explanation=(
                f"the ranges {shown_a} and {shown_b} overlap"))
        return Comparison(outcome="conflict", **common, explanation=(
            f"the ranges {shown_a} and {shown_b} do not overlap (beyond {tolerance_text})"))
    if _overlap(lo_a, hi_a, lo_b, hi_b, close):
        return Comparison(outcome="compatible", **common, explanation=_meets(left, right, shown_a, shown_b))
    return Comparison(outcome="conflict", **common, explanation=(
        _violates(left, right, shown_a, shown_b) + f" (beyond {tolerance_text})"))


def _how_written(quantity: AnyQuantity) -> tuple[str, ...]:
    """What a figure's condition says of how exactly it is written (no case it holds for)."""
    return (APPROXIMATE,) if APPROXIMATE in (quantity.condition or ()) else ()


def _apart(kind: str, a: tuple[AnyQuantity, str], b: tuple[AnyQuantity, str]) -> str:
    """Why two figures under conditions that are not the same are not compared."""
    def stated(side: tuple[AnyQuantity, str]) -> str:
        return f"{side[1]} is stated as {', '.join(side[0].condition)}" if side[0].condition else \
            f"{side[1]} under no condition"

    if kind == "apart":  # neither condition includes the other, so neither is empty
        return (f"{a[1]} is stated as {', '.join(a[0].condition)} and {b[1]} as {', '.join(b[0].condition)}: "
                "different cases, neither including the other; each figure holds where its own condition does")
    (specific, general) = (a, b) if kind == "specific" else (b, a)
    return (f"{stated(specific)} and {stated(general)}: "
            "the specific figure holds where its condition does, the general one elsewhere")


def _not_comparable(subject: str | None, why: str, a: AnyQuantity, b: AnyQuantity) -> Comparison:
    return Comparison(outcome="not_comparable", subject=subject, a_bound=a.bound, b_bound=b.bound,
                      explanation=f"not comparable: {why}")


def _target_unit(side: _Side, subject: SubjectRule | None) -> str:
    if side.expression is None:
        return ""
    if subject is not None and subject.unit not in ("currency", "dimensionless"):
        expression = unit_table().alias(subject.unit) or subject.unit
        if dimension_of(expression) == side.dimension:
            return expression
    return side.expression


def _interval(side: _Side, target: str) -> tuple[float, float]:
    def to_target(value: float) -> float:
        return convert(value, side.expression, target) if side.expression else value

    if side.bound == "range":
        return to_target(side.value), to_target(side.upper if side.upper is not None else side.value)
    value = to_target(side.value)
    if side.bound == "min":
        return value, math.inf
    if side.bound == "max":
        return -math.inf, value
    return value, value


def _absolute(rule: Tolerance, target: str) -> float:
    if not rule.absolute or not target:
        return 0.0
    text = rule.absolute.strip()
    number, _, unit = text.partition(" ")
    try:
        amount = float(number)
        expression = unit_table().resolve(unit.strip()).expression if unit.strip() else target
        return abs(convert_difference(amount, expression, target))
    except (ValueError, UnknownUnitError):
        return 0.0
    except Exception:  # noqa: BLE001 — a tolerance in another dimension does not apply
        return 0.0


def _overlap(lo_a: float, hi_a: float, lo_b: float, hi_b: float, close) -> bool:  # noqa: ANN001
    if lo_a <= hi_b and lo_b <= hi_a:
        return True
    # just apart: within tolerance of touching
    if hi_b < lo_a and close(hi_b, lo_a):
        return True
    return hi_a < lo_b and close(hi_a, lo_b)


def _meets(left: _Side, right: _Side, shown_a: str, shown_b: str) -> str:
    words = {"min": "meets the minimum", "max": "is within the maximum", "range": "is within the range"}
    if left.bound == "exact" and right.bound in words:
        return f"{shown_a} {words[right.bound]} {shown_b}"
    if right.bound == "exact" and left.bound in words:
        return f"{shown_b} {words[left.bound]} {shown_a}"
    return f"{shown_a} and {shown_b} can both hold"


def _violates(left: _Side, right: _Side, shown_a: str, shown_b: str) -> str:
    words = {"min": "is below the minimum", "max": "exceeds the maximum", "range": "is outside the range"}
    if left.bound == "exact" and right.bound in words:
        return f"{shown_a} {words[right.bound]} {shown_b}"
    if right.bound == "exact" and left.bound in words:
        return f"{shown_b} {words[left.bound]} {shown_a}"
    return f"{shown_a} and {shown_b} cannot both hold"


_BOUND_WORDS = {"min": "minimum ", "max": "maximum ", "exact": "", "range": ""}


def _shown(side: _Side, target: str) -> str:
    """``'not less than 35 MPa' (minimum 5,076 psi)``: as written, and converted when it differs."""
    if not target:
        return repr(side.written)
    if side.expression == target and side.bound in ("exact", "range"):
        return repr(side.written)
    symbol = unit_symbol(target)
    if side.bound == "range":
        lo, hi = _interval(side, target)
        converted = f"{format_value(lo)} to {format_value(hi)} {symbol}"
    else:
        lo, hi = _interval(side, target)
        converted = f"{_BOUND_WORDS[side.bound]}{format_value(hi if side.bound == 'max' else lo)} {symbol}"
    return f"{side.written!r} ({converted})"


@lru_cache(maxsize=512)
def unit_symbol(expression: str) -> str:
    """A unit's short symbol (``megapascal`` → ``MPa``), or the expression when pint has none."""
    if not expression or expression == "dimensionless":
        return ""
    try:
        return f"{registry().Unit(expression):~P}" or expression
    except Exception:  # noqa: BLE001 — an expression pint cannot format is shown as written
        return expression


def _difference(a: float, b: float, fraction: float) -> str:
    """How far apart two values are, in words that stay true at any distance: a percentage of
    the larger while the larger is under twice the smaller (``25%``), else the factor between
    them (``a factor of 3``; ``a factor of 666,667, 5 orders of magnitude``): a percentage of
    the larger never passes 100%, so it cannot say how far."""
    big, small = max(abs(a), abs(b)), min(abs(a), abs(b))
    if a * b > 0 and big >= 2 * small:
        factor = big / small
        said = f"a factor of {format_value(factor)}"
        return said + (f", {math.floor(math.log10(factor))} orders of magnitude" if factor >= 100 else "")
    percent = fraction * 100
    return f"{percent:.2g}%" if percent < 10 else f"{percent:.0f}%"


def _tolerance_text(relative: float, absolute: str | None) -> str:
    parts = []
    if relative:
        parts.append(f"{relative * 100:g}%")
    if absolute:
        parts.append(absolute)
    return "the tolerance " + " or ".join(parts) if parts else "no tolerance"


def _round(value: float) -> float:
    if math.isinf(value) or value == 0:
        return value
    return float(f"{value:.12g}")
