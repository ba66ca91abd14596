"""A rule pack's ``unit:`` is a unit, never arithmetic (issue 23): pint reads the text it is
given as an expression, so ``9**9**9`` ran for ever and ``meter / 0`` raised ZeroDivisionError.
``ontology.units.unit_text`` reads a unit text as names, products, quotients and small whole
powers, and every road from a pack's text to pint passes through it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from inforce.engine.quantities.units import convert
from inforce.ontology.units import registry, unit_text
from inforce.rules import read_pack
from inforce.rules.subjects import unit_dimension

_UNIT_LINE = 10  # the line ``unit:`` is on in _pack's file


def _pack(tmp_path: Path, unit: str, between: str = "") -> Path:
    pack = tmp_path / "pack.yaml"
    pack.write_text(
        "schema_version: 1\nrules:\n"
        "  - id: TST-U001\n    slug: a-subject\n    kind: subject\n    description: d\n    source: s\n"
        f"    subject: test.measure\n    synonyms: [measure]\n    unit: {unit!r}\n"
        + (f"    between: {{min: {between!r}}}\n" if between else "")
    )
    return pack


NOT_UNITS = [
    "9**9**9",
    "meter / 0",
    "1e999 meter",
    "meter**99999999",
    "(" * 40 + "meter" + ")" * 40,
    "meter/0",
    "2**64 psi",
    "meter ** 2 ** 3",
    "nan",
    "meter ** 0.5",
    "m" * 200,
]


@pytest.mark.parametrize("unit", [*NOT_UNITS, "furlongs_squared_per_tick"])
def test_a_unit_that_is_not_one_is_refused_at_its_line_fast(tmp_path: Path, unit: str) -> None:
    read_pack(_pack(tmp_path, "psi"))  # the registry is built once, outside the time taken
    started = time.perf_counter()
    loaded, found = read_pack(_pack(tmp_path, unit))
    assert time.perf_counter() - started < 1.0
    assert loaded is None
    assert [(p.code, p.line) for p in found] == [("RP013", _UNIT_LINE)], [str(p) for p in found]
    assert str(tmp_path / "pack.yaml") in str(found[0])


@pytest.mark.parametrize("unit", NOT_UNITS)
def test_the_refusal_says_why_and_no_road_reaches_pint(unit: str) -> None:
    with pytest.raises(ValueError, match="not a unit|longer than"):
        unit_text(unit)
    with pytest.raises(ValueError):
        unit_dimension(unit)
    started = time.perf_counter()
    with pytest.raises(ValueError):
        convert(1.0, unit, "meter")
    with pytest.raises(ValueError):
        convert(1.0, "meter", unit)
    assert time.perf_counter() - started < 1.0


def test_a_between_end_that_is_arithmetic_is_refused_at_its_line(tmp_path: Path) -> None:
    loaded, found = read_pack(_pack(tmp_path, "mm", between="5 meter / 0"))
    assert loaded is None
    assert [(p.code, p.line) for p in found] == [("RP013", _UNIT_LINE + 1)], [str(p) for p in found]


ORDINARY = {
    "psi": lambda u: u.psi,
    "MPa": lambda u: u.megapascal,
    "mm": lambda u: u.millimeter,
    "degF": lambda u: u.degree_Fahrenheit,
    "kg/m**3": lambda u: u.kilogram / u.meter ** 3,
    "N/mm^2": lambda u: u.newton / u.millimeter ** 2,
    "percent": lambda u: u.percent,
    "inch": lambda u: u.inch,
    "ft": lambda u: u.foot,
    "lbf/in**2": lambda u: u.force_pound / u.inch ** 2,
    "1 / day": lambda u: 1 / u.day,
    "m²": lambda u: u.meter ** 2,
    "(kip / foot) ** 2": lambda u: (u.kip / u.foot) ** 2,
}


@pytest.mark.parametrize("unit", ORDINARY)
def test_an_ordinary_unit_passes_and_means_what_it_meant(tmp_path: Path, unit: str) -> None:
    loaded, found = read_pack(_pack(tmp_path, unit))
    assert found == [] and loaded is not None, [str(p) for p in found]
    units = registry()
    meant = ORDINARY[unit](units)
    meant = meant.units if hasattr(meant, "magnitude") else meant  # ``1 / day`` is a quantity of 1
    assert units.parse_units(unit_text(unit)) == meant
    assert unit_dimension(unit) == unit_dimension(str(meant))


def test_conversions_through_the_checked_text_are_unchanged() -> None:
    assert convert(1.0, "N/mm^2", "MPa") == pytest.approx(1.0)
    assert convert(1.0, "lbf/in**2", "psi") == pytest.approx(1.0)
    assert convert(212.0, "degF", "degC") == pytest.approx(100.0)
    assert convert(1.0, "ft", "inch") == pytest.approx(12.0)


def test_rules_check_names_the_file_and_line_and_exits_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    pack = _pack(tmp_path, "9**9**9")
    done = CliRunner().invoke(app, ["rules", "check", str(pack)])
    assert done.exit_code == 2, done.output
    assert f"{pack}:{_UNIT_LINE}:" in done.output and "RP013" in done.output
