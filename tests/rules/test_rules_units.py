"""One unit registry for lint and the engine (``inforce.ontology.units``): a unit the engine
extracts quantities in is a unit a subject rule may name, and lint reads it the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.quantities import units as engine_units
from inforce.ontology import units
from inforce.rules import read_pack
from inforce.rules.subjects import unit_dimension


def _subject_pack(tmp_path: Path, unit: str, tolerance: str = "relative: 0.01") -> Path:
    pack = tmp_path / "pack.yaml"
    pack.write_text(
        "schema_version: 1\nrules:\n"
        "  - id: TST-U001\n    slug: a-subject\n    kind: subject\n    description: d\n    source: s\n"
        f"    subject: test.measure\n    synonyms: [measure]\n    unit: {unit}\n"
        f"    tolerance: {{{tolerance}}}\n"
    )
    return pack


def test_the_engine_reads_the_one_registry() -> None:
    assert engine_units.registry is units.registry
    assert engine_units.DOMAIN_DEFINITIONS is units.DOMAIN_DEFINITIONS


@pytest.mark.parametrize("definition", units.DOMAIN_DEFINITIONS)
def test_every_unit_the_engine_defines_passes_lint(tmp_path: Path, definition: str) -> None:
    unit = definition.split("=", 1)[0].strip()
    loaded, found = read_pack(_subject_pack(tmp_path, unit))
    assert found == [] and loaded is not None, [str(p) for p in found]


def test_an_absolute_tolerance_in_an_engine_unit_is_measured_in_that_unit(tmp_path: Path) -> None:
    _, found = read_pack(_subject_pack(tmp_path, "psf", "absolute: 5 psf"))
    assert found == []
    _, found = read_pack(_subject_pack(tmp_path, "psf", "absolute: 5 working_day"))
    assert [p.code for p in found] == ["RP013"] and "dimension" in str(found[0])


def test_a_unit_nobody_defines_is_still_rejected(tmp_path: Path) -> None:
    _, found = read_pack(_subject_pack(tmp_path, "furlong_per_fortnight_squared"))
    assert [p.code for p in found] == ["RP013"]


def test_a_unit_a_project_defines_is_known_to_lint_and_engine_alike() -> None:
    with pytest.raises(ValueError):
        unit_dimension("kipft_h2")
    engine_units.define_units(["kipft_h2 = kip * foot"])
    assert unit_dimension("kipft_h2") == unit_dimension("newton * meter")
    assert engine_units.convert(1, "kipft_h2", "kip * inch") == pytest.approx(12)
