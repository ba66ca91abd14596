"""Comparison: conversion, bounds, ranges, tolerance, and never a match across dimensions.

S4's unit bullets: 27.6 MPa and 4,000 psi are the same strength; 2 in ≈ 50 mm; 4,000 and
5,000 psi are not; a stated value that violates the other's minimum is a conflict.
"""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor, compare, default_vocabulary
from inforce.ontology import Quantity
from inforce.ontology.quantity import NormalizedValue
from inforce.rules import Tolerance


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


@pytest.fixture(scope="module")
def q(extractor):
    def read(text: str, **kwargs):
        mentions = extractor.extract(text, **kwargs).mentions
        assert len(mentions) == 1, [m.text for m in mentions]
        return mentions[0]

    return read


def test_27_6_mpa_is_4000_psi_within_the_subjects_tolerance(q):
    strength = default_vocabulary().get("concrete.compressive_strength")
    result = compare(q("27.6 MPa"), q("4,000 psi"), subject=strength)
    assert result.outcome == "equal" and result.agrees
    assert result.unit == "psi" and result.a.value == pytest.approx(4003.0, abs=1)
    assert "4,003 psi" in result.explanation and "4,000 psi" in result.explanation


@pytest.mark.parametrize(
    ("a", "b"),
    [("250 mg", "0.25 g"), ("1 week", "7 days"), ("2 in", "50 mm"), ("4,000 psi", "28 MPa"),
     ("12'-6\"", "150 inches"), ("6%", "6 percent"), ("14 calendar days", "2 weeks"),
     ("3,000 PSF", "143.6 kPa"), ("$1,577 million", "$1.577 billion")],
)
def test_conversions_and_soft_metric_equivalents_are_equal(q, a, b):
    assert compare(q(a), q(b)).outcome == "equal"


def test_4000_and_5000_psi_conflict(q):
    result = compare(q("4,000 psi"), q("5,000 psi"))
    assert result.outcome == "conflict" and result.is_conflict
    assert result.relative_difference == pytest.approx(0.2)


def test_a_tighter_subject_tolerance_separates_a_soft_conversion(q):
    strength = default_vocabulary().get("concrete.compressive_strength")  # 2%: soft conversions are equal
    assert compare(q("4,000 psi"), q("28 MPa"), subject=strength).outcome == "equal"
    assert compare(q("4,000 psi"), q("28 MPa"), tolerance=Tolerance(relative=0.01)).outcome == "conflict"
    assert compare(q("4,000 psi"), q("4,350 psi"), subject=strength).outcome == "conflict"


def test_an_absolute_tolerance_counts_too(q):
    cover = default_vocabulary().get("concrete.cover")  # 2% or 1 mm
    assert compare(q("3 mm"), q("3.9 mm"), subject=cover).outcome == "equal"
    assert compare(q("3 mm"), q("4.5 mm"), subject=cover).outcome == "conflict"


def test_a_minimum_is_met_by_more_and_violated_by_less(q):
    requirement = q("not less than 4,000 psi")
    met = compare(requirement, q("5,000 psi"))
    assert met.outcome == "compatible" and "meets the minimum" in met.explanation
    violated = compare(requirement, q("3,500 psi"))
    assert violated.outcome == "conflict" and "below the minimum" in violated.explanation


def test_a_maximum_is_met_by_less_and_violated_by_more(q):
    requirement = q("not more than 0.30 percent")
    assert compare(requirement, q("0.25 percent")).outcome == "compatible"
    assert compare(q("0.45 percent"), requirement).outcome == "conflict"


def test_a_drawing_value_against_a_specification_minimum_in_other_units(q):
    # 35 MPa = 5,076 psi: a drawing's 4,350 PSI violates it
    result = compare(q("4,350 PSI"), q("minimum 35 MPa"))
    assert result.outcome == "conflict"
    assert "5,076" in result.explanation


def test_two_minimums_of_one_subject_conflict_when_they_differ(q):
    drawing = q("CONCRETE f'c = 4,000 PSI @ 28 DAYS".replace(" @ 28 DAYS", ""))
    specification = q("Compressive strength: not less than 5,000 psi.")
    assert (drawing.bound, drawing.bound_from) == ("min", "vocabulary")
    result = compare(drawing, specification, vocabulary=default_vocabulary())
    assert result.outcome == "conflict" and result.subject == "concrete.compressive_strength"
    assert "different minimums" in result.explanation


def test_ranges_conflict_only_when_they_do_not_overlap(q):
    assert compare(q("30 to 40 kg"), q("30–40 kg")).outcome == "equal"
    assert compare(q("30 to 40 kg"), q("35 to 50 kg")).outcome == "compatible"
    assert compare(q("30 to 40 kg"), q("45 to 50 kg")).outcome == "conflict"
    assert compare(q("4 inches ± 1 inch"), q("100 to 125 mm")).outcome == "compatible"
    assert compare(q("4 inches ± 1 inch"), q("150 to 175 mm")).outcome == "conflict"


def test_a_value_inside_a_range_is_compatible(q):
    assert compare(q("6 percent ± 1.5 percent"), q("7%")).outcome == "compatible"
    assert compare(q("6 percent ± 1.5 percent"), q("9%")).outcome == "conflict"


def test_different_dimensions_are_not_comparable_never_a_match(q):
    for a, b in [("250 mg", "250 mL"), ("4,000 psi", "4,000 lb"), ("5 days", "5 mm"), ("$5", "€5")]:
        result = compare(q(a), q(b))
        assert result.outcome == "not_comparable" and not result.agrees, (a, b)


def test_a_number_without_a_unit_is_not_comparable_with_one_that_has_one(q):
    result = compare(q("Maximum ratio: 0.45."), q("0.45 percent"))
    assert result.outcome == "not_comparable" and "no unit" in result.explanation
    assert compare(q("w/cm 0.45"), q("w/cm 0.45")).outcome == "equal"


def test_different_dosing_frequencies_conflict(q):
    assert compare(q("250 mg twice daily"), q("250 mg once daily")).outcome == "conflict"
    assert compare(q("250 mg twice daily"), q("0.25 g twice daily")).outcome == "equal"


def test_stored_quantities_compare_by_their_normalised_values():
    stored = Quantity(value=35, unit="MPa", bound="min",
                      normalized=NormalizedValue(value=35.0, unit="megapascal"))
    written = Quantity(value=5000, unit="PSI", bound="min")
    assert compare(stored, written).outcome == "equal"  # 34.47 MPa vs 35 MPa: 1.5%
    assert compare(Quantity(value=3, unit="zorkmid"), written).outcome == "not_comparable"


def test_temperatures_convert_with_their_offsets(q):
    assert compare(q("20° to 25°C"), q("68° to 77°F")).outcome == "equal"
    assert compare(q("below 40 deg F"), q("4.4 °C")).outcome == "compatible"
