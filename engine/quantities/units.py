"""Units: the one pint registry, the spellings documents use for units, and canonical units.

Every unit a document writes goes through one :class:`UnitTable`: a spelling (``PSI``,
``"``, ``calendar days``, ``$``) maps to a pint expression (``psi``, ``inch``, ``day``,
``USD``) of the one registry, ``ontology.units``, which rule-pack lint reads too. A project
extends the spellings without touching the registry (:func:`unit_table`), and may define
units pint lacks (:func:`define_units`; the registry is process-wide, so a definition must
not contradict one already made).

Normalisation uses one canonical unit per dimension (pressure in megapascal, length in
millimetre, time in day, money in its currency…); the factor and offset from each unit to its
canonical unit are computed by pint once and cached, because a pint conversion costs tens of
microseconds and extraction must stay cheap.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from inforce.ontology.units import DOMAIN_DEFINITIONS, dimension_of, registry, unit_text
from inforce.ontology.units import define_units as _define_units

__all__ = [
    "day_kind",
    "CANONICAL_UNITS",
    "DEFAULT_ALIASES",
    "DOMAIN_DEFINITIONS",
    "ResolvedUnit",
    "UnitTable",
    "UnknownUnitError",
    "alias_problem",
    "convert",
    "define_units",
    "dimension_of",
    "format_value",
    "registry",
    "unit_table",
]

#: How documents write units → the pint expression meant. Keys are matched as written first,
#: then lower-cased; a multi-word key matches the words with single spaces.
DEFAULT_ALIASES: Mapping[str, str] = {
    # pressure and stress (construction writes them upper-case)
    "psi": "psi", "PSI": "psi", "ksi": "ksi", "KSI": "ksi", "psf": "psf", "PSF": "psf",
    "ksf": "ksf", "KSF": "ksf", "pcf": "pcf", "PCF": "pcf", "plf": "plf", "PLF": "plf",
    "MPa": "megapascal", "MPA": "megapascal", "Mpa": "megapascal", "mpa": "megapascal",
    "kPa": "kilopascal", "KPA": "kilopascal", "kpa": "kilopascal", "GPa": "gigapascal",
    "Pa": "pascal", "bar": "bar", "kN": "kilonewton",
    "kip": "kip", "kips": "kip", "lbf": "pound_force",
    # a gauge pressure (above the atmosphere's) and an absolute one are two quantities, each
    # a dimension of its own: neither is the other, nor a pressure written without the word
    # (``150 psig`` is no ``150 psia`` and says nothing of ``150 psi``: audit 55)
    "psig": "psi_gauge", "PSIG": "psi_gauge", "psi gauge": "psi_gauge", "psi (gauge)": "psi_gauge",
    "psi(g)": "psi_gauge", "kPag": "kilopascal_gauge", "kPa gauge": "kilopascal_gauge",
    "kPa(g)": "kilopascal_gauge", "barg": "bar_gauge", "bar gauge": "bar_gauge", "bar(g)": "bar_gauge",
    "psia": "psi_absolute", "PSIA": "psi_absolute", "psi absolute": "psi_absolute", "psi (absolute)": "psi_absolute",
    "psi(a)": "psi_absolute", "kPaa": "kilopascal_absolute", "kPa absolute": "kilopascal_absolute",
    "kPa(a)": "kilopascal_absolute", "bara": "bar_absolute", "bar absolute": "bar_absolute",
    "p.s.i.": "psi", "k.s.i.": "ksi", "N/mm²": "megapascal", "N/mm2": "megapascal", "N/sq.mm": "megapascal",
    "N/sq mm": "megapascal", "N/sq. mm": "megapascal",
    "lb/in²": "psi", "lb/in2": "psi", "lbf/in²": "psi", "lbf/in2": "psi", "lb/sq.in.": "psi", "lb/sq in": "psi",
    "lbs. per sq. in.": "psi", "lbs per sq in": "psi", "lb. per sq. in.": "psi", "pounds per square inch": "psi",
    # length
    '"': "inch", "″": "inch", "”": "inch", "''": "inch", "in": "inch", "in.": "inch",
    "inch": "inch", "inches": "inch", "'": "foot", "′": "foot", "ft": "foot",
    "ft.": "foot", "foot": "foot", "feet": "foot", "mil": "thou", "mils": "thou",
    "yd": "yard", "yds": "yard", "yard": "yard", "yards": "yard", "mm": "millimeter",
    "millimeter": "millimeter", "millimeters": "millimeter", "millimetre": "millimeter",
    "millimetres": "millimeter", "cm": "centimeter", "centimeter": "centimeter",
    "centimeters": "centimeter", "m": "meter", "meter": "meter", "meters": "meter",
    "metre": "meter", "metres": "meter", "km": "kilometer", "kilometers": "kilometer",
    "mile": "mile", "miles": "mile", "µm": "micrometer", "μm": "micrometer", "nm": "nanometer",
    "micrometer": "micrometer", "micrometers": "micrometer", "micrometre": "micrometer",
    "micrometres": "micrometer", "micron": "micrometer", "microns": "micrometer",
    "bar diameter": "bar_diameter", "bar diameters": "bar_diameter", "bar dia": "bar_diameter",
    # torque (after the length's "nm": a lower-case "nm" stays the nanometre; "Nm" as written is
    # the newton-metre building documents mean, never a nanometre: audit 53)
    "Nm": "newton * meter", "N·m": "newton * meter", "N-m": "newton * meter", "N*m": "newton * meter",
    "N.m": "newton * meter", "N m": "newton * meter", "kNm": "kilonewton * meter",
    "kN·m": "kilonewton * meter", "kN-m": "kilonewton * meter", "kN*m": "kilonewton * meter",
    "kN m": "kilonewton * meter", "ft·lbf": "foot * pound_force", "ft-lbf": "foot * pound_force",
    "ft·lb": "foot * pound_force", "ft-lb": "foot * pound_force", "ft-lbs": "foot * pound_force",
    "lbf·ft": "foot * pound_force", "lbf-ft": "foot * pound_force", "lb-ft": "foot * pound_force",
    "lb·ft": "foot * pound_force", "in·lbf": "inch * pound_force", "in-lbf": "inch * pound_force",
    "in-lb": "inch * pound_force", "in-lbs": "inch * pound_force", "in·lb": "inch * pound_force",
    "lbf·in": "inch * pound_force", "lbf-in": "inch * pound_force", "lb-in": "inch * pound_force",
    # area and volume
    "sf": "foot ** 2", "sq ft": "foot ** 2", "sq. ft.": "foot ** 2", "square foot": "foot ** 2",
    "square feet": "foot ** 2", "sq in": "inch ** 2", "square inch": "inch ** 2",
    "square inches": "inch ** 2", "m2": "meter ** 2", "m²": "meter ** 2", "sq m": "meter ** 2",
    "square meter": "meter ** 2", "square meters": "meter ** 2", "acre": "acre", "acres": "acre",
    "square yard": "yard ** 2", "square yards": "yard ** 2", "sq yd": "yard ** 2",
    "sq. yd.": "yard ** 2", "cy": "yard ** 3", "cu yd": "yard ** 3", "cubic yard": "yard ** 3",
    "cubic yards": "yard ** 3", "cubic foot": "foot ** 3", "cubic feet": "foot ** 3",
    "m3": "meter ** 3", "m³": "meter ** 3", "cubic meter": "meter ** 3",
    "cubic meters": "meter ** 3", "L": "liter", "l": "liter", "liter": "liter",
    "liters": "liter", "litre": "liter", "litres": "liter", "mL": "milliliter",
    "ml": "milliliter", "milliliter": "milliliter", "milliliters": "milliliter",
    "cc": "cubic_centimeter", "gal": "gallon", "gallon": "gallon", "gallons": "gallon",
    # mass
    "mg": "milligram", "milligram": "milligram", "milligrams": "milligram", "g": "gram",
    "gram": "gram", "grams": "gram", "kg": "kilogram", "kilogram": "kilogram",
    "kilograms": "kilogram", "mcg": "microgram", "µg": "microgram", "μg": "microgram",
    "microgram": "microgram", "micrograms": "microgram", "lb": "pound", "lbs": "pound",
    "pound": "pound", "pounds": "pound", "oz": "ounce", "ounce": "ounce", "ounces": "ounce",
    "ton": "ton", "tons": "ton", "tonne": "tonne", "tonnes": "tonne",
    "iu": "international_unit", "IU": "international_unit",
    # time
    "ms": "millisecond", "s": "second", "sec": "second", "secs": "second",
    "second": "second", "seconds": "second", "min": "minute", "mins": "minute",
    "minute": "minute", "minutes": "minute", "h": "hour", "hr": "hour", "hrs": "hour",
    "hour": "hour", "hours": "hour", "day": "day", "days": "day", "calendar day": "day",
    "calendar days": "day", "working day": "day", "working days": "day",
    "business day": "day", "business days": "day", "wk": "week", "wks": "week",
    "week": "week", "weeks": "week", "mo": "month", "mos": "month", "month": "month",
    "months": "month", "yr": "year", "yrs": "year", "year": "year", "years": "year",
    "decade": "decade_of_years", "decades": "decade_of_years", "century": "century", "centuries": "century",
    "fortnight": "fortnight", "fortnights": "fortnight", "millennium": "millennium",
    "millennia": "millennium",
    # temperature (``°`` alone is an angle; ``deg F`` and ``°F`` are Fahrenheit)
    "°f": "degree_Fahrenheit", "° f": "degree_Fahrenheit", "deg f": "degree_Fahrenheit",
    "deg f.": "degree_Fahrenheit", "° f.": "degree_Fahrenheit", "deg c.": "degree_Celsius",
    "° c.": "degree_Celsius", "degrees f.": "degree_Fahrenheit", "degrees c.": "degree_Celsius",
    "degf": "degree_Fahrenheit", "degrees f": "degree_Fahrenheit",
    "degrees fahrenheit": "degree_Fahrenheit", "°c": "degree_Celsius", "° c": "degree_Celsius",
    "deg c": "degree_Celsius", "degc": "degree_Celsius", "degrees c": "degree_Celsius",
    "degrees celsius": "degree_Celsius", "°": "degree", "degree": "degree", "degrees": "degree",
    "\u2103": "degree_Celsius", "\u2109": "degree_Fahrenheit",  # ℃ and ℉: one character for "°C" and "°F"
    "deg": "degree", "deg.": "degree", "DEG": "degree", "DEG.": "degree",
    # (the kelvin's ``K`` is read by the grammar, never here: a lower-case ``k`` would match it)
    "kelvin": "kelvin", "kelvins": "kelvin", "degrees kelvin": "kelvin", "deg k": "kelvin",
    # proportions
    "%": "percent", "percent": "percent", "per cent": "percent", "pct": "percent",
    # a percentage point is no percent (audit 57): a unit of its own
    "percentage point": "percentage_point", "percentage points": "percentage_point", "pp": "percentage_point",
    "p.p.": "percentage_point", "%-point": "percentage_point", "%-points": "percentage_point",
    "% point": "percentage_point", "% points": "percentage_point", "pct. points": "percentage_point",
    "pct points": "percentage_point",
    "perm": "perm", "perms": "perm",
    # a pressure in inches of water column, as duct and gas schedules write it (audit 57):
    # never the length the "in." alone is
    "in. h2o": "inH2O", "in h2o": "inH2O", "in. w.c.": "inH2O", "in w.c.": "inH2O", "in. wc": "inH2O",
    "in wc": "inH2O", "in. w.g.": "inH2O", "in w.g.": "inH2O", "in. wg": "inH2O", "inches of water": "inH2O",
    "inch of water": "inH2O", "in. of water": "inH2O", "inches w.c.": "inH2O", "inches wc": "inH2O",
    "inh2o": "inH2O", "iwc": "inH2O", "in. water column": "inH2O", "inches water column": "inH2O",
    # air and water flows as mechanical schedules write them
    "fpm": "foot / minute", "FPM": "foot / minute", "cfm": "foot ** 3 / minute", "CFM": "foot ** 3 / minute",
    "gpm": "gallon / minute", "GPM": "gallon / minute",
    # electricity: building documents write the symbols against the figure (480V, 30A, 60Hz)
    "V": "volt", "volt": "volt", "volts": "volt", "kV": "kilovolt", "KV": "kilovolt", "mV": "millivolt",
    "A": "ampere", "amp": "ampere", "amps": "ampere", "ampere": "ampere", "amperes": "ampere",
    "W": "watt", "watt": "watt", "watts": "watt", "kW": "kilowatt", "KW": "kilowatt", "kilowatt": "kilowatt",
    "kilowatts": "kilowatt", "MW": "megawatt", "VA": "volt_ampere", "kVA": "kilovolt_ampere",
    "KVA": "kilovolt_ampere", "Hz": "hertz", "hertz": "hertz", "kHz": "kilohertz",
    # money
    "$": "USD", "US$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD",
    "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "£": "GBP", "gbp": "GBP",
    "¥": "JPY", "jpy": "JPY", "cad": "CAD", "aud": "AUD", "chf": "CHF",
}

#: Spellings matched only as written, never lower-cased: ``a``, ``v`` and ``w`` are words and
#: letters, ``MW`` is no milliwatt.
CASE_SENSITIVE: frozenset[str] = frozenset({"V", "A", "W", "VA", "MW", "mV"})

#: The unit each dimension is normalised to (keyed by dimension when first needed).
CANONICAL_UNITS: tuple[str, ...] = (
    "millimeter", "milligram", "day", "degree_Celsius", "megapascal", "meter ** 2", "liter",
    "kilogram / meter ** 3", "newton", "newton / meter", "newton * meter", "meter / second", "1 / day",
    "milligram / day", "milligram / milliliter / day", "dimensionless", "USD", "EUR", "GBP",
    "JPY", "CAD", "AUD", "CHF", "bar_diameter", "bar_size_mm", "international_unit", "milliliter / minute",
    "international_unit / milliliter",
)

class UnknownUnitError(LookupError):
    """A unit spelling neither the table nor pint knows."""

    def __init__(self, spelling: str) -> None:
        self.spelling = spelling
        super().__init__(spelling)

    def __str__(self) -> str:
        return f"unknown unit {self.spelling!r}"


def define_units(definitions: Iterable[str]) -> None:
    """Define units pint lacks on the one registry (``ontology.units.define_units``), and drop
    the conversions cached before they were known."""
    _define_units(definitions)
    _conversion.cache_clear()


@dataclass(frozen=True)
class ResolvedUnit:
    """A unit as written, the pint expression it means, and its dimension."""

    written: str
    expression: str
    dimension: str

    @property
    def canonical(self) -> str:
        return canonical_unit(self.dimension, self.expression)


def _normal_spelling(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip())


@dataclass(frozen=True)
class UnitTable:
    """Unit spellings → pint expressions: the defaults plus a project's own aliases."""

    aliases: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ALIASES))

    def __post_init__(self) -> None:
        exact = {_normal_spelling(key): value for key, value in self.aliases.items()}
        lower: dict[str, str] = {}
        for key, value in exact.items():
            if key not in CASE_SENSITIVE:
                lower.setdefault(key.lower(), value)
        object.__setattr__(self, "_exact", exact)
        object.__setattr__(self, "_lower", lower)
        object.__setattr__(self, "_cache", {})

    def alias(self, spelling: str) -> str | None:
        """The pint expression a spelling stands for by the table alone (no pint lookup)."""
        key = _normal_spelling(spelling)
        found = self._exact.get(key)  # type: ignore[attr-defined]
        return found if found is not None else self._lower.get(key.lower())  # type: ignore[attr-defined]

    def spellings(self) -> tuple[str, ...]:
        """Every spelling in the table, as written (for phrase matchers)."""
        return tuple(self._exact)  # type: ignore[attr-defined]

    def resolve(self, written: str) -> ResolvedUnit:
        """What a written unit means: an alias, a compound of aliases (``mg/kg/day``), or a
        unit pint knows as spelled. Raises UnknownUnitError otherwise."""
        cache: dict[str, ResolvedUnit | None] = self._cache  # type: ignore[attr-defined]
        if written in cache:
            found = cache[written]
            if found is None:
                raise UnknownUnitError(written)
            return found
        expression = self._expression(written)
        resolved = None
        if expression is not None:
            dimension = dimension_of(expression)
            if dimension is not None:
                resolved = ResolvedUnit(written, expression, dimension)
        cache[written] = resolved
        if resolved is None:
            raise UnknownUnitError(written)
        return resolved

    def _expression(self, written: str) -> str | None:
        spelling = _normal_spelling(written)
        direct = self.alias(spelling)
        if direct is not None:
            return direct
        parts = re.split(r"\s*/\s*|\s+per\s+", spelling)
        if len(parts) > 1 and all(parts):
            resolved = [self._part(part) for part in parts]
            if all(resolved):
                return " / ".join(f"({part})" for part in resolved)  # type: ignore[misc]
            return None
        return self._part(spelling)

    def _part(self, spelling: str) -> str | None:
        direct = self.alias(spelling)
        if direct is not None:
            return direct
        power = re.fullmatch(r"(.+?)(?:\^|\*\*)?([23²³])", spelling)
        if power is not None and self.alias(power.group(1)) is not None:
            exponent = {"²": "2", "³": "3"}.get(power.group(2), power.group(2))
            return f"({self.alias(power.group(1))}) ** {exponent}"
        if not re.fullmatch(r"[A-Za-zµμΩ]+", spelling):
            return None
        return spelling if dimension_of(spelling) is not None else None


def unit_table(extra_aliases: Mapping[str, str] | None = None) -> UnitTable:
    """The default spellings plus a project's (``{"KSF": "ksf", "SY": "yard ** 2"}``).

    Every alias must be one :func:`alias_problem` lets a project add; ValueError names each
    that is not.
    """
    if not extra_aliases:
        return _default_table()
    bad = [f"{spelling!r} → {target!r}: {problem}" for spelling, target in extra_aliases.items()
           if (problem := alias_problem(spelling, target)) is not None]
    if bad:
        raise ValueError("unit aliases a project may not add: " + "; ".join(bad))
    return UnitTable({**DEFAULT_ALIASES, **extra_aliases})


def alias_problem(spelling: str, target: str) -> str | None:
    """Why a project may not read ``spelling`` as ``target`` (a manifest's ``units:`` entry), or
    None when it may. ``target`` must be a unit pint (with :data:`DOMAIN_DEFINITIONS` and any
    :func:`define_units`) knows; and a spelling the default table already reads — an alias,
    or a unit pint knows by that name — keeps its meaning: a project may repeat it (``KSF:
    klbf / ft ** 2``), never change it. ``psi: meter`` had read "5,000 psi" as 5 km, so a
    claim of 5 km was answered; ``define_units`` refuses a redefinition for the same reason."""
    dimension = dimension_of(target)
    if dimension is None:
        return f"{target!r} is no unit pint knows"
    try:
        known = _default_table().resolve(spelling)
    except UnknownUnitError:
        return None  # a spelling of the project's own
    if known.dimension == dimension and _same_unit(known.expression, target):
        return None
    return (f"{spelling!r} is a unit inforce already reads ({known.expression}, {known.dimension}), "
            f"not a spelling to define")


def _same_unit(known: str, target: str) -> bool:
    """Whether two expressions of one dimension name the same unit (1 of one is 1 of the other)."""
    try:
        factor, offset = _conversion(known, target)
    except Exception:  # pint's errors for units it cannot convert (currencies): not the same  # noqa: BLE001
        return known == target
    return math.isclose(factor, 1.0, rel_tol=1e-9) and math.isclose(offset, 0.0, abs_tol=1e-9)


@lru_cache(maxsize=1)
def _default_table() -> UnitTable:
    return UnitTable()


@lru_cache(maxsize=4096)
def canonical_unit(dimension: str, expression: str) -> str:
    """The unit a dimension is normalised to; pint's base units when none is listed."""
    listed = _canonical_by_dimension().get(dimension)
    if listed is not None:
        return listed
    return _base_units(expression)


@lru_cache(maxsize=1)
def _canonical_by_dimension() -> dict[str, str]:
    by_dimension: dict[str, str] = {}
    for unit in CANONICAL_UNITS:
        dimension = dimension_of(unit)
        if dimension is not None:
            by_dimension.setdefault(dimension, unit)
    return by_dimension


@lru_cache(maxsize=1024)
def _base_units(expression: str) -> str:
    units = registry()
    return str(units.Quantity(1, unit_text(expression)).to_base_units().units)


@lru_cache(maxsize=4096)
def _conversion(source: str, target: str) -> tuple[float, float]:
    """``(factor, offset)`` with ``target = source × factor + offset`` (offset for temperatures)."""
    units = registry()
    source, target = unit_text(source), unit_text(target)  # pint reads a unit text as arithmetic
    zero = units.Quantity(0.0, source).to(target).magnitude
    one = units.Quantity(1.0, source).to(target).magnitude
    return one - zero, zero


def convert(value: float, source: str, target: str) -> float:
    """``value`` in ``source`` expressed in ``target``; pint.DimensionalityError if they differ."""
    if source == target:
        return value
    factor, offset = _conversion(source, target)
    return value * factor + offset


def convert_difference(value: float, source: str, target: str) -> float:
    """A difference (a tolerance, a ± spread) in ``source`` expressed in ``target``."""
    if source == target:
        return value
    factor, _ = _conversion(source, target)
    return value * factor


def format_value(value: float | None) -> str:
    """``5076.3`` → ``5,076``; ``0.45`` → ``0.45``; ``27.579`` → ``27.58``."""
    if value is None:
        return "?"
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.4g}"


#: The kind of day a count of days names, where its words name one: the table maps "calendar
#: days", "working days" and "business days" alike to pint's ``day``, so the kind is read apart
#: and compared (audit 61: 180 working days are not 180 calendar days). French "ouvrables"
#: (Monday to Saturday) and "ouvrés" (Monday to Friday) are kinds of their own.
_DAY_KIND = re.compile(
    r"\b(?P<before>calendar|working|work|business)\s+days?\b"
    r"|\b(?:d[i\u00ed]as?|jours?)\s+(?P<after>corridos|naturales|calendario|[u\u00fa]teis|h[a\u00e1]biles|laborables"
    r"|calendaires|ouvr[e\u00e9]s|ouvrables|francs)\b", re.IGNORECASE)
_DAY_KINDS = {"calendar": "calendar", "corridos": "calendar", "naturales": "calendar", "calendario": "calendar",
              "calendaires": "calendar", "francs": "calendar", "working": "working", "work": "working",
              "business": "working", "uteis": "working", "\u00fateis": "working", "habiles": "working",
              "h\u00e1biles": "working", "laborables": "working", "ouvres": "working", "ouvr\u00e9s": "working",
              "ouvrables": "working, Monday to Saturday"}


def day_kind(text: str, start: int, end: int) -> str | None:
    """The kind of day ("calendar", "working") the figure at ``start``..``end`` of ``text`` counts,
    read in its words and the two words after them, past its number in words in brackets ("180
    calendar days", "$1,500 per working day", "180 (cento e oitenta) dias \u00fateis"); None where
    they name none ("30 days")."""
    after = re.match(r"(?:\s*\([^()]*\))?(?:\W*[^\W\d_]+){1,2}", text[end:])
    found = _DAY_KIND.search(text[start : end + (after.end() if after else 0)])
    if found is None:
        return None
    return _DAY_KINDS[(found["before"] or found["after"]).lower()]
