"""A figure that describes the patients is a weight band, never a dose (issue 23, audit 23g K2).

Two rules keep a body weight out of the doses: the pack's ``weight`` facet names the words after
which a mass describes the patients (``patients``, ``children``, ``weighing``: comparison words
may stand between), and a subject's ``between`` says what values it takes (a dose is under
500 g, so 35 kg named as a dose is still no dose). Every text here is written for the test."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor, compare
from inforce.ontology.quantity import NormalizedValue, Quantity


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def read(extractor: QuantityExtractor, text: str) -> dict[str, tuple[str | None, tuple[str, ...]]]:
    return {m.text: (m.subject, m.condition) for m in extractor.extract(text).mentions}


@pytest.mark.parametrize(("text", "dose", "band"), [
    ("In patients of 41 kg to 58 kg the dose is 90 mg twice daily.", "90 mg twice daily", "weight 41-58 kg"),
    ("The dose is 15 mg twice daily in paediatric patients under 28 kg.", "15 mg twice daily", "weight < 28 kg"),
    ("Give a dose of 45 mg each morning to patients above 52 kg.", "45 mg", "weight > 52 kg"),
    ("For children (18 to 24 kg) the dose is 120 mg.", "120 mg", "weight 18-24 kg"),
    ("Body weight 20-29 kg: the dose is 40 mg.", "40 mg", "weight 20-29 kg"),
    ("In infants ≥ 6 kg the dose is 8 mg.", "8 mg", "weight ≥ 6 kg"),
])
def test_a_mass_describing_the_patients_is_the_doses_weight_band(extractor, text, dose, band):
    found = read(extractor, text)
    assert found[dose] == ("drug.dose", (*(t for t in found[dose][1] if not t.startswith("weight")), band))
    weights = [figure for figure, (subject, _) in found.items() if figure.endswith("kg")]
    assert weights and all(found[figure] == (None, ()) for figure in weights)


def test_a_per_kilogram_dose_keeps_the_band_it_is_stated_for(extractor):
    found = read(extractor, "The dose is 3 mg/kg once daily, to at most 75 mg, in patients below 30 kg.")
    assert found["below 30 kg"] == (None, ())
    assert found["at most 75 mg"] == ("drug.dose", ("weight < 30 kg",))
    assert found["3 mg/kg once daily"][1] == ("weight < 30 kg",)


def test_a_light_mass_after_a_population_word_is_the_dose_itself(extractor):
    """A quarter kilogram is no body: 'adults is 750 mg' states the adults' dose."""
    found = read(extractor, "The usual dose in adults is 750 mg once daily.")
    assert found["750 mg once daily"][0] == "drug.dose"
    assert not any(t.startswith("weight") for t in found["750 mg once daily"][1])


@pytest.mark.parametrize("text", ["The dose was entered as 35 kg on the chart.", "Dose: 2.5 kg"])
def test_a_mass_outside_the_doses_range_is_never_a_dose(extractor, text):
    """Named as a dose, 35 kg is still no dose: the subject's ``between`` (under 500 g) decides."""
    assert all(m.subject is None for m in extractor.extract(text).mentions)


def test_a_dose_of_some_grams_is_still_a_dose(extractor):
    assert [m.subject for m in extractor.extract("The dose is 4 g by infusion.").mentions] == ["drug.dose"]


def _dose(milligrams: float, *condition: str) -> Quantity:
    return Quantity(value=milligrams, unit="mg", subject="drug.dose", text=f"{milligrams:g} mg",
                    normalized=NormalizedValue(value=milligrams, unit="milligram"), condition=condition)


def test_stored_doses_under_different_weight_bands_are_no_conflict():
    """The sweep compares stored facts: their conditions count as a mention's do."""
    compared = compare(_dose(35, "weight 20-29 kg"), _dose(70, "weight ≥ 50 kg"))
    assert compared.outcome == "compatible"
    assert compare(_dose(35, "weight 20-29 kg"), _dose(70, "weight 20-29 kg")).outcome == "conflict"


@pytest.mark.parametrize(("a", "b", "said"), [
    (60, 75, "differ by 20%"),
    (100, 104, "differ by 3.8%"),
    (60, 150, "differ by a factor of 2.5,"),
    (60, 42_000_000, "differ by a factor of 700,000, 5 orders of magnitude"),
])
def test_how_far_two_values_differ_is_said_plainly_at_any_distance(a, b, said):
    assert said in compare(_dose(a), _dose(b)).explanation


@pytest.mark.parametrize(("text", "dose", "band"), [
    ("Children weighing under 25 kg: 150 mg twice daily.", "150 mg twice daily", "weight < 25 kg"),
    ("Patients above 70 kg take 120 mg each morning.", "120 mg", "weight > 70 kg"),
    ("Body weight 12-18 kg: 45 mg once daily.", "45 mg once daily", "weight 12-18 kg"),
])
def test_an_amount_stated_for_a_weight_band_is_its_dose_where_no_word_names_it(extractor, text, dose, band):
    """INF-V013: no synonym names the dose; the amount is stated for patients of a band."""
    found = {m.text: m for m in extractor.extract(text).mentions}
    assert found[dose].subject == "drug.dose" and band in found[dose].condition
    assert all(m.subject is None for figure, m in found.items() if figure.endswith("kg"))


@pytest.mark.parametrize("text", ["Each capsule contains 40 mg for adult patients.",
                                  "Patients lost 3 kg on average.", "Dietary sodium under 2000 mg for patients."])
def test_an_amount_a_patient_contains_loses_or_eats_is_no_dose(extractor, text):
    assert all(m.subject is None for m in extractor.extract(text).mentions)


@pytest.mark.parametrize(("pounds", "kilograms"), [
    ("patients under 88 lb", "patients under 40 kg"),
    ("children weighing 33 to 44 lb", "children weighing 15 to 20 kg"),
    ("patients over 110 lbs", "patients over 50 kg"),
])
def test_a_band_written_in_pounds_is_the_band_a_label_writes_in_kilograms(extractor, pounds, kilograms):
    """Labels give a band in both units as kilograms times 2.2 ("40 kg (88 lb)"): 88 lb is 39.92 kg,
    and the two must be one band, or a claim in pounds is refused against the label in kilograms and
    two labels, one per unit, are never compared (audit 23h N8)."""
    in_pounds = read(extractor, f"In {pounds} the dose is 25 mg once daily.")["25 mg once daily"]
    in_kilograms = read(extractor, f"In {kilograms} the dose is 60 mg once daily.")["60 mg once daily"]
    assert in_pounds[1] == in_kilograms[1] and any(term.startswith("weight") for term in in_pounds[1])
    assert compare(_dose(25, *in_pounds[1]), _dose(60, *in_kilograms[1])).outcome == "conflict"


def test_a_band_near_a_half_kilogram_only_by_chance_of_measure_keeps_its_mass(extractor):
    """Only a band within 0.5% of a half kilogram is that half kilogram: 37.3 kg stays 37.3 kg."""
    assert read(extractor, "In patients under 37.3 kg the dose is 5 mg.")["5 mg"][1] == ("weight < 37.3 kg",)
