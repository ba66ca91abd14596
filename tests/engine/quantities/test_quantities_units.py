"""Units: the one pint registry, domain spellings, per-project aliases, canonical units."""

from __future__ import annotations

import pint
import pytest

from inforce.engine.quantities import (
    QuantityExtractor,
    UnknownUnitError,
    define_units,
    registry,
    unit_table,
)
from inforce.engine.quantities.units import convert, dimension_of
from inforce.ontology.units import pint_dimension


def test_one_registry_for_the_process():
    assert registry() is registry()
    assert isinstance(registry(), pint.UnitRegistry)


@pytest.mark.parametrize(
    ("written", "expression"),
    [
        ("PSI", "psi"), ("psi", "psi"), ("ksi", "ksi"), ("KSI", "ksi"), ("MPa", "megapascal"),
        ("MPA", "megapascal"), ("PSF", "psf"), ("pcf", "pcf"), ('"', "inch"), ("in.", "inch"),
        ("inches", "inch"), ("'", "foot"), ("ft", "foot"), ("feet", "foot"), ("MIL", "thou"),
        ("mils", "thou"), ("calendar days", "day"), ("working days", "day"), ("DAYS", "day"),
        ("%", "percent"), ("percent", "percent"), ("deg F", "degree_Fahrenheit"), ("$", "USD"),
        ("mcg", "microgram"), ("IU", "international_unit"),
    ],
)
def test_domain_spellings(written, expression):
    assert unit_table().resolve(written).expression == expression


def test_mil_is_a_thousandth_of_an_inch_not_pints_angular_mil():
    assert convert(15, "thou", "millimeter") == pytest.approx(0.381)


def test_psf_and_pcf_have_the_right_dimensions():
    assert dimension_of("psf") == dimension_of("psi")
    assert dimension_of("pcf") == dimension_of("kilogram / meter ** 3")
    assert convert(1, "psf", "psi") == pytest.approx(1 / 144)


def test_an_unknown_spelling_raises():
    with pytest.raises(UnknownUnitError, match="zorkmid"):
        unit_table().resolve("zorkmid")


def test_compound_spellings_resolve_part_by_part():
    resolved = unit_table().resolve("mg/kg/day")
    assert resolved.dimension == "1 / [time]"
    assert unit_table().resolve("IU/mL").dimension == dimension_of("international_unit / liter")


def test_currencies_are_never_converted_into_each_other():
    assert dimension_of("USD") != dimension_of("EUR")
    with pytest.raises(pint.DimensionalityError):
        convert(1, "USD", "EUR")


def test_a_project_adds_its_own_spellings():
    table = unit_table({"SY": "yard ** 2", "KSF": "ksf"})
    assert table.resolve("SY").dimension == "[length] ** 2"
    assert unit_table().alias("SY") is None  # the default table is unchanged
    extractor = QuantityExtractor(units=table)
    (mention,) = extractor.extract("Provide 250 SY of geotextile.").mentions
    assert mention.unit == "SY" and mention.normalized.value == pytest.approx(250 * 0.83612736)


def test_an_alias_to_something_pint_does_not_know_is_refused():
    with pytest.raises(ValueError, match="blorp"):
        unit_table({"BL": "blorp"})


def test_an_alias_changing_what_a_spelling_reads_is_refused():
    """Audit 60 F02: a project's ``psi: meter`` read every "psi" of its documents as metres."""
    with pytest.raises(ValueError, match="'psi' is a unit inforce already reads"):
        unit_table({"psi": "meter"})
    assert unit_table({"PSI": "pound_force / inch ** 2"}).resolve("PSI").dimension == dimension_of("psi")


def test_a_project_defines_a_unit_pint_lacks_once():
    define_units(["kipft = kip * foot"])
    define_units(["kipft = kip * foot"])  # the same definition again is fine
    assert dimension_of("kipft") == dimension_of("newton * meter") == "[mass] * [length] ** 2 / [time] ** 2"
    with pytest.raises(ValueError, match="already defined"):
        define_units(["kipft = kip * inch"])
    with pytest.raises(ValueError, match="already defined"):
        define_units(["psi = 2 * pascal"])


def test_a_unit_unknown_when_first_asked_is_known_once_defined():
    """dimension_of keeps what pint named, never an unknown: a unit defined later in the
    process is read with its dimension, and a kept answer is the one pint gives."""
    assert dimension_of("h7_strut_load") is None
    define_units(["h7_strut_load = kip"])
    assert dimension_of("h7_strut_load") == dimension_of("kip") == "[mass] * [length] / [time] ** 2"
    assert dimension_of("h7_strut_load") == pint_dimension("h7_strut_load")  # the kept answer is pint's


def test_every_written_down_dimension_is_pints_own():
    """ontology.units keeps the engine's own units' dimensions written down (a cold check
    need not import pint); each must be what pint says, or the table is wrong."""
    from inforce.engine.quantities.subjects import default_vocabulary
    from inforce.engine.quantities.units import CANONICAL_UNITS, unit_table
    from inforce.ontology import units

    assert units._DIMENSIONS
    for expression, dimension in units._DIMENSIONS.items():
        assert units.pint_dimension(expression) == dimension, expression
    table = unit_table()
    named = ({table.alias(spelling) for spelling in table.spellings()} | set(CANONICAL_UNITS)
             | {rule.unit for rule in default_vocabulary().subjects}) - {None, "percent", "currency", "dimensionless"}
    missing = sorted(e for e in named if e not in units._DIMENSIONS and units.pint_dimension(e) is not None)
    assert not missing, f"units the engine names but the table lacks: {missing}"
