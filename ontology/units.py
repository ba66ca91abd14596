"""The one pint unit registry: the units inforce defines beyond pint's, for every layer.

Rule-pack lint (a subject's reference unit) and the engine's quantity extraction read units
from this registry, so a unit one accepts the other knows (``psf``, ``working_day``, ``USD``),
and name a unit's dimension with one spelling (:func:`dimension_of`), whatever order pint
built it in (``kip * foot`` and ``newton * meter`` measure the same thing).
pint is imported, and the registry built, on first use: building it costs about half a second.
The registry is process-wide, so a definition a project adds (:func:`define_units`) may not
contradict one already made.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from .text import whole_number

if TYPE_CHECKING:
    import pint

__all__ = ["DOMAIN_DEFINITIONS", "define_units", "dimension_of", "pint_dimension", "registry", "unit_text"]

#: Units pint lacks, defined on the registry when it is built. Each currency is its own base
#: dimension: no exchange rate is known, so dollars and euros are never comparable.
DOMAIN_DEFINITIONS: tuple[str, ...] = (
    "psf = pound_force / foot ** 2",
    "ksf = kip / foot ** 2",
    "pcf = pound / foot ** 3",
    "plf = pound_force / foot",
    "calendar_day = day",
    "working_day = day",
    "business_day = day",
    # pint's decade is a ratio (a factor of ten); a decade of time is ten years.
    "decade_of_years = 10 * year",
    # A lap or embedment stated in bar diameters is a length only once the bar is known.
    "bar_diameter = [bar_diameter]",
    # A reinforcing bar's size (#5, 15M, N12, Ø12) read as its nominal diameter in millimetres,
    # a dimension of its own: a bar size is never compared with a cover or a spacing (audit 53).
    "bar_size_mm = [bar_size]",
    # A gauge pressure (above the atmosphere's) and an absolute one, each a dimension of its
    # own: which atmosphere a gauge read against is not written, so neither converts to the
    # other, nor to a pressure written without the word (audit 55).
    "psi_gauge = [gauge_pressure]",
    "kilopascal_gauge = psi_gauge / 6.894757293168361",
    "bar_gauge = 100 * kilopascal_gauge",
    "psi_absolute = [absolute_pressure]",
    "kilopascal_absolute = psi_absolute / 6.894757293168361",
    "bar_absolute = 100 * kilopascal_absolute",
    # A designation's number, compared only with the same designation (audit 55): a sheet's or
    # wire's gauge, an insulation's R-value, a deflection limit's n of L/n.
    "gauge_number = [gauge_number]",
    # A percentage point (the difference of two percentages) is a unit of its own: a rate
    # raised by 2 percentage points is not one raised by 2 % (audit 57).
    "percentage_point = [percentage_point]",
    "r_value = [r_value]",
    "span_ratio = [span_ratio]",
    # A dose in international units measures biological activity, not mass.
    "international_unit = [biological_activity] = IU",
    "perm = 5.72135e-11 * kilogram / (pascal * second * meter ** 2)",
    "USD = [currency]",
    "EUR = [currency_eur]",
    "GBP = [currency_gbp]",
    "JPY = [currency_jpy]",
    "CAD = [currency_cad]",
    "AUD = [currency_aud]",
    "CHF = [currency_chf]",
)

_LOCK = threading.Lock()
_EXTRA_DEFINITIONS: list[str] = []


@lru_cache(maxsize=1)
def registry() -> pint.UnitRegistry:
    """The one unit registry, with :data:`DOMAIN_DEFINITIONS` and every unit defined since."""
    import pint

    units = pint.UnitRegistry(cache_folder=None)
    for definition in (*DOMAIN_DEFINITIONS, *_EXTRA_DEFINITIONS):
        units.define(definition)
    return units


def define_units(definitions: Iterable[str]) -> None:
    """Define units pint lacks (``"kipf = kip"``) on the one registry, once per name.

    A definition that names an existing unit differently raises ValueError rather than
    changing what others in the process read; the very same definition again is accepted.
    """
    import pint

    units = registry()
    with _LOCK:
        for definition in definitions:
            name = definition.split("=", 1)[0].strip()
            if name in units:
                if definition in _EXTRA_DEFINITIONS or definition in DOMAIN_DEFINITIONS:
                    continue
                raise ValueError(f"unit {name!r} is already defined; cannot redefine it as {definition!r}")
            try:
                units.define(definition)
            except (pint.errors.DefinitionSyntaxError, pint.errors.RedefinitionError, ValueError) as problem:
                raise ValueError(f"bad unit definition {definition!r}: {problem}") from None
            _EXTRA_DEFINITIONS.append(definition)


def dimension_of(expression: str) -> str | None:
    """The dimensionality of a pint expression as a string, or None when pint does not know it.

    ``currency`` (the rule packs' word for money) is ``[currency]``.
    """
    if expression == "currency":
        return "[currency]"
    known = _DIMENSIONS.get(expression)
    if known is not None:
        return known
    found = pint_dimension(expression)
    if found is not None:
        _DIMENSIONS[expression] = found
    return found


def pint_dimension(expression: str) -> str | None:
    """:func:`dimension_of` as pint works it out, never from the table of known ones."""
    import pint

    try:
        dimensionality = registry().parse_units(unit_text(expression)).dimensionality
    except (pint.errors.UndefinedUnitError, pint.errors.DefinitionSyntaxError, ValueError,
            AttributeError, TypeError, AssertionError, SyntaxError, KeyError):
        return None
    return _dimension_text(dict(dimensionality.items()))


#: The most characters a unit text may have, the largest power it may raise a unit to, and how
#: deep its brackets may nest (``(N / mm) ** 2`` is one deep; the engine's own are at most two).
UNIT_TEXT_LENGTH, UNIT_POWER, UNIT_DEPTH = 80, 12, 3

#: The pieces a unit text is made of once pint has rewritten its spellings (``^`` and ``²`` as
#: ``**``, a space between two names as ``*``, ``%`` as ``percent``): a name, a run of digits
#: and points (a number), an operator, a bracket, a space; anything else ends the text.
_UNIT_TOKEN = re.compile(r"(?P<name>[^\W\d]\w*)|(?P<number>[\d.]+(?:[eE][-+]?\d+)?)|(?P<op>\*\*|[*/()-])|(?P<space>\s+)")

#: Names pint reads as numbers, not units.
_NUMBER_NAMES = frozenset({"inf", "infinity", "nan"})


def unit_text(expression: str) -> str:
    """``expression`` when it is a unit and nothing else: names (``psi``, ``kg``), products and
    quotients of them, a power of a small whole number (``m ** 3``, ``mm^2``, ``m²``, ``s ** -1``),
    brackets a few deep, and ``1`` as a numerator (``1 / day``); ValueError saying why otherwise.

    pint reads a unit text as arithmetic: it evaluated ``9**9**9`` (a number of 370 million digits,
    for ever) and divided by zero for ``meter / 0`` (issue 23), so every text pint is to read as a
    unit passes here first. The text is checked as pint will read it (after its own rewriting of
    spellings), and handed to pint unchanged, so a unit means what it meant before.
    """
    if len(expression) > UNIT_TEXT_LENGTH:
        raise ValueError(f"unit {_shown(expression)} is longer than {UNIT_TEXT_LENGTH} characters")
    from pint.util import string_preprocessor

    read = expression
    for rewrite in registry().preprocessors:
        read = rewrite(read)
    read = string_preprocessor(read)
    tokens: list[tuple[str, str]] = []
    at = 0
    while at < len(read):
        match = _UNIT_TOKEN.match(read, at)
        if match is None:
            raise ValueError(f"unit {_shown(expression)}: {read[at]!r} has no place in a unit")
        at = match.end()
        if match.lastgroup != "space":
            tokens.append((match.lastgroup or "", match.group()))
    _UnitGrammar(expression, tokens).whole()
    return expression


def _shown(expression: str) -> str:
    return repr(expression if len(expression) <= 40 else expression[:40] + "…")


class _UnitGrammar:
    """``whole := product; product := factor (("*" | "/") factor)*;
    factor := (name | "1" | "(" product ")") ["**" ["("] ["-"] digits [")"]]``."""

    def __init__(self, expression: str, tokens: list[tuple[str, str]]) -> None:
        self.expression, self.tokens, self.at, self.depth = expression, tokens, 0, 0

    def whole(self) -> None:
        if not self.tokens:
            raise self._refused("names no unit")
        self._product()
        if self.at < len(self.tokens):
            raise self._refused(f"{self.tokens[self.at][1]!r} is out of place")

    def _next(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def _take(self, text: str) -> bool:
        if self._next()[1] == text:
            self.at += 1
            return True
        return False

    def _product(self) -> None:
        self._factor()
        while self._next()[1] in ("*", "/"):
            self.at += 1
            self._factor()

    def _factor(self) -> None:
        kind, text = self._next()
        self.at += 1
        if kind == "name" and text.lower() not in _NUMBER_NAMES:
            pass
        elif kind == "number" and text == "1":
            pass
        elif text == "(":
            self.depth += 1
            if self.depth > UNIT_DEPTH:
                raise self._refused(f"brackets nest more than {UNIT_DEPTH} deep")
            self._product()
            if not self._take(")"):
                raise self._refused("a bracket is not closed")
            self.depth -= 1
        elif kind in ("number", "name"):
            raise self._refused(f"{text!r} is a number; a number may stand only as a power (m ** 2)")
        else:
            raise self._refused(f"{text!r} is where a unit's name was expected" if text
                                else "it ends where a unit's name was expected")
        if self._take("**"):
            self._power()

    def _power(self) -> None:
        bracketed = self._take("(")
        negative = self._take("-")
        kind, text = self._next()
        self.at += 1
        power = whole_number(text) if kind == "number" else None
        if power is None or power > UNIT_POWER:
            raise self._refused(f"a power must be a whole number from -{UNIT_POWER} to {UNIT_POWER}, "
                                f"not {('-' if negative else '') + text!r}")
        if bracketed and not self._take(")"):
            raise self._refused("a bracket is not closed")

    def _refused(self, why: str) -> ValueError:
        return ValueError(f"unit {_shown(self.expression)} is not a unit: {why}")


#: The dimensions of the units the engine names itself (its stock spellings' expressions, its
#: canonical units, the stock subjects' units) as pint names them, written down so a process
#: that only reads a claim's numbers need not import pint and build its registry (about a
#: second of a cold ``check``, issue 20); ``tests/engine/quantities/test_quantities_units.py``
#: holds every entry to pint's own answer. Pint's answers for other units are added as they
#: are asked. Only known units are kept: a unit never changes once defined (``define_units``
#: refuses a redefinition), while an unknown one may be defined later in the process.
_DIMENSIONS: dict[str, str] = {
    "1 / day": "1 / [time]",
    "AUD": "[currency_aud]",
    "CAD": "[currency_cad]",
    "CHF": "[currency_chf]",
    "EUR": "[currency_eur]",
    "GBP": "[currency_gbp]",
    "JPY": "[currency_jpy]",
    "USD": "[currency]",
    "acre": "[length] ** 2",
    "bar": "[mass] / [length] / [time] ** 2",
    "bar_diameter": "[bar_diameter]",
    "bar_size_mm": "[bar_size]",
    "centimeter": "[length]",
    "century": "[time]",
    "cubic_centimeter": "[length] ** 3",
    "day": "[time]",
    "decade_of_years": "[time]",
    "degree": "dimensionless",
    "degree_Celsius": "[temperature]",
    "degree_Fahrenheit": "[temperature]",
    "dimensionless": "dimensionless",
    "foot": "[length]",
    "foot * pound_force": "[mass] * [length] ** 2 / [time] ** 2",
    "foot ** 2": "[length] ** 2",
    "foot ** 3": "[length] ** 3",
    "fortnight": "[time]",
    "gallon": "[length] ** 3",
    "gigapascal": "[mass] / [length] / [time] ** 2",
    "gram": "[mass]",
    "hour": "[time]",
    "inch": "[length]",
    "inch * pound_force": "[mass] * [length] ** 2 / [time] ** 2",
    "inch ** 2": "[length] ** 2",
    "international_unit": "[biological_activity]",
    "international_unit / milliliter": "[biological_activity] / [length] ** 3",
    "kelvin": "[temperature]",
    "kilogram": "[mass]",
    "kilogram / meter ** 3": "[mass] / [length] ** 3",
    "kilometer": "[length]",
    "kilonewton": "[mass] * [length] / [time] ** 2",
    "kilonewton * meter": "[mass] * [length] ** 2 / [time] ** 2",
    "kilopascal": "[mass] / [length] / [time] ** 2",
    "kip": "[mass] * [length] / [time] ** 2",
    "ksf": "[mass] / [length] / [time] ** 2",
    "ksi": "[mass] / [length] / [time] ** 2",
    "liter": "[length] ** 3",
    "megapascal": "[mass] / [length] / [time] ** 2",
    "meter": "[length]",
    "meter ** 2": "[length] ** 2",
    "meter ** 3": "[length] ** 3",
    "meter / second": "[length] / [time]",
    "mg": "[mass]",
    "microgram": "[mass]",
    "micrometer": "[length]",
    "mile": "[length]",
    "millennium": "[time]",
    "milligram": "[mass]",
    "milligram / day": "[mass] / [time]",
    "milligram / milliliter / day": "[mass] / [length] ** 3 / [time]",
    "milliliter": "[length] ** 3",
    "milliliter / minute": "[length] ** 3 / [time]",
    "millimeter": "[length]",
    "millisecond": "[time]",
    "minute": "[time]",
    "mm": "[length]",
    "month": "[time]",
    "nanometer": "[length]",
    "newton": "[mass] * [length] / [time] ** 2",
    "newton * meter": "[mass] * [length] ** 2 / [time] ** 2",
    "newton / meter": "[mass] / [time] ** 2",
    "ounce": "[mass]",
    "pascal": "[mass] / [length] / [time] ** 2",
    "pcf": "[mass] / [length] ** 3",
    "percent": "dimensionless",
    "perm": "[time] / [length]",
    "plf": "[mass] / [time] ** 2",
    "pound": "[mass]",
    "pound_force": "[mass] * [length] / [time] ** 2",
    "psf": "[mass] / [length] / [time] ** 2",
    "psi": "[mass] / [length] / [time] ** 2",
    "second": "[time]",
    "thou": "[length]",
    "ton": "[mass]",
    "tonne": "[mass]",
    "week": "[time]",
    "yard": "[length]",
    "yard ** 2": "[length] ** 2",
    "yard ** 3": "[length] ** 3",
    "year": "[time]",
    # audit 57: a percentage point, inches of water column
    "percentage_point": "[percentage_point]",
    "inH2O": "[mass] / [length] / [time] ** 2",
    # audit 55: pressures gauge and absolute, electricity, designations
    "gauge_number": "[gauge_number]",
    "r_value": "[r_value]",
    "span_ratio": "[span_ratio]",
    "foot ** 3 / minute": "[length] ** 3 / [time]",
    "foot / minute": "[length] / [time]",
    "gallon / minute": "[length] ** 3 / [time]",
    "bar_absolute": "[absolute_pressure]",
    "bar_gauge": "[gauge_pressure]",
    "hertz": "1 / [time]",
    "kilohertz": "1 / [time]",
    "kilopascal_absolute": "[absolute_pressure]",
    "kilopascal_gauge": "[gauge_pressure]",
    "kilovolt": "[mass] * [length] ** 2 / [time] ** 3 / [current]",
    "kilovolt_ampere": "[mass] * [length] ** 2 / [time] ** 3",
    "kilowatt": "[mass] * [length] ** 2 / [time] ** 3",
    "megawatt": "[mass] * [length] ** 2 / [time] ** 3",
    "millivolt": "[mass] * [length] ** 2 / [time] ** 3 / [current]",
    "psi_absolute": "[absolute_pressure]",
    "psi_gauge": "[gauge_pressure]",
    "volt_ampere": "[mass] * [length] ** 2 / [time] ** 3",
    "volt": "[mass] * [length] ** 2 / [time] ** 3 / [current]",
    "ampere": "[current]",
    "watt": "[mass] * [length] ** 2 / [time] ** 3",
}


def _dimension_text(exponents: Mapping[str, float]) -> str:
    """One spelling per dimensionality, whatever order pint built it in:
    ``[mass] / [length] / [time] ** 2``; ``dimensionless`` when there is none."""
    def term(name: str, power: float) -> str:
        power = abs(power)
        shown = int(power) if float(power).is_integer() else power
        return name if shown == 1 else f"{name} ** {shown}"

    up = [term(name, power) for name, power in sorted(exponents.items(), key=_dimension_order) if power > 0]
    down = [term(name, power) for name, power in sorted(exponents.items(), key=_dimension_order) if power < 0]
    if not up and not down:
        return "dimensionless"
    text = " * ".join(up) if up else "1"
    return text + "".join(f" / {part}" for part in down)


def _dimension_order(item: tuple[str, float]) -> tuple[int, str]:
    # mass before length before time, as pint usually prints them; then by name
    order = {"[mass]": 0, "[length]": 1, "[time]": 2, "[temperature]": 3}
    return order.get(item[0], 9), item[0]
