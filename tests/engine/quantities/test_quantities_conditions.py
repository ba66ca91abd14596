"""Conditions travel with a figure (issue 22, part 3): each mention keeps the condition it is
stated under (``engine.quantities.conditions``), and a claim's figure is supported only by a
cited figure under the same condition. Every text here is written for the test."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor, check_claim_quantities
from inforce.engine.quantities.conditions import condition_conflict, condition_reader, facet_of


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def conditions(extractor: QuantityExtractor, text: str, context: str | None = None) -> dict[str, tuple[str, ...]]:
    return {m.text: m.condition for m in extractor.extract(text, context=context).mentions}


def check(extractor: QuantityExtractor, claim: str, *cited: str):
    return check_claim_quantities(claim, list(cited), extractor=extractor)


# ---- reading ---------------------------------------------------------------------------------

TITRATION = ("The usual dose for adults is 20 mg once daily. If blood pressure is not controlled after "
             "2 weeks, the dose can be increased to 40 mg once daily.")


def test_each_figure_keeps_the_condition_nearest_it(extractor):
    found = conditions(extractor, TITRATION)
    assert found["20 mg once daily"] == ("recommended", "adult")
    assert found["40 mg once daily"] == ("increased",)
    assert found["2 weeks"] == ()


def test_a_population_opening_the_sentence_covers_its_figures(extractor):
    found = conditions(extractor, "In children who tolerate it, the dose may be increased to 15 mg daily.")
    assert found["15 mg daily"] == ("increased", "pediatric")


def test_a_population_after_the_figure_needs_for_or_in(extractor):
    assert conditions(extractor, "Give 5 mg twice daily for adolescents.")["5 mg twice daily"] == ("pediatric",)
    # "(adult dose)" names the dose a heavy child takes, not who takes it
    assert conditions(extractor, "weighing more than 50 kg: 10 mg daily (adult dose)")["10 mg daily"] == (
        "weight > 50 kg",)


def test_initial_and_maintenance_are_a_phase_apart_from_the_regimen(extractor):
    found = conditions(extractor, "The recommended starting dose is 2 mg; the maintenance dose is 4 mg to 8 mg.")
    assert found["2 mg"] == ("recommended", "initial")
    assert found["4 mg to 8 mg"] == ("maintenance",)


@pytest.mark.parametrize(
    ("text", "figure", "band"),
    [
        ("For patients weighing 25 kg to less than 35 kg: 200 mg twice daily", "200 mg twice daily",
         "weight 25-35 kg"),
        ("Patients with a body weight of at least 60 kg take 1 g", "1 g", "weight ≥ 60 kg"),
        ("weighing less than 44 lb, give 100 mg", "100 mg", "weight < 20 kg"),
    ],
)
def test_a_weight_band_applies_to_the_other_figures_of_its_clause(extractor, text, figure, band):
    found = conditions(extractor, text)
    assert band in found[figure]
    # the band itself carries no band
    assert all(not terms for name, terms in found.items() if name != figure)


@pytest.mark.parametrize(
    "text",
    ["For patients weighing 28 to 39 kg the dose is 45 mg once daily.",
     "For a body weight of 52 to 61 kg the dose is 90 mg once daily.",
     "In patients with a body weight of at least 70 kg the dose is 2 g daily."],
)
def test_a_weight_band_is_no_figure_of_the_dose_it_conditions(extractor, text):
    """kg is a mass as mg is: a band bound as a dose would be a dose of thousands of grams,
    and set against the doses of the label as a conflict (audit 23f, J4)."""
    mentions = extractor.extract(text).mentions
    bands = [m for m in mentions if m.unit in ("kg",)]
    doses = [m for m in mentions if m not in bands]
    assert bands and doses
    assert all(m.subject is None for m in bands)
    assert all(m.subject == "drug.dose" and any(t.startswith("weight") for t in m.condition) for m in doses)


def test_exposures_of_concrete_cover(extractor):
    text = ("Concrete cast against earth: 3 in. Concrete exposed to earth or weather: 2 in. "
            "Concrete not exposed to weather: 3/4 in.")
    assert [m.condition for m in extractor.extract(text).mentions] == [
        ("cast against earth",), ("exposed to weather",), ("not exposed to weather",)]


def test_text_without_condition_words_reads_as_before(extractor):
    assert all(not m.condition for m in extractor.extract("Net sales were $4.2 billion, up 3%.").mentions)
    # "child-resistant" is a closure, not a population
    assert conditions(extractor, "in child-resistant bottles of 90 tablets")["90"] == ()


def test_the_vocabulary_is_closed_and_each_term_has_one_facet():
    terms = condition_reader().term_facets  # the stock pack's conditions: section
    assert set(terms.values()) == {"regimen", "phase", "population", "exposure", "bars", "age"}
    assert all(facet_of(term) == facet for term, facet in terms.items())
    assert facet_of("weight 30-40 kg") == "weight"


def test_a_conflict_is_a_facet_both_state_without_a_term_in_common():
    assert condition_conflict(("recommended", "adult"), ("increased", "adult")) == ("recommended", "increased")
    assert condition_conflict(("adult",), ("adult", "pediatric")) is None
    assert condition_conflict(("recommended",), ("adult",)) is None  # a facet one side states
    assert condition_conflict((), ("increased",)) is None


# ---- claims ----------------------------------------------------------------------------------


def test_a_recommended_claim_is_not_supported_by_the_increased_figure(extractor):
    result = check(extractor, "The usual adult dose is 40 mg once daily.", TITRATION)
    assert result.status == "unsupported_quantity"
    (miss,) = result.unmatched
    assert miss.reason == "condition_differs" and miss.closest.text == "40 mg once daily"
    assert "recommended" in miss.explanation and "increased" in miss.explanation


def test_claims_under_the_stated_condition_or_without_one_are_supported(extractor):
    assert check(extractor, "Adults usually take 20 mg once daily.", TITRATION).status == "ok"
    assert check(extractor, "The dose can be increased to 40 mg once daily.", TITRATION).status == "ok"
    # no condition words: matched as before conditions were read
    assert check(extractor, "Patients may take 40 mg once daily.", TITRATION).status == "ok"


def test_population_and_weight_band_must_agree(extractor):
    label = "Adults: 500 mg every 8 hours. Children weighing 20 kg to 40 kg: 250 mg every 8 hours."
    assert check(extractor, "Children take 500 mg every 8 hours.", label).status == "unsupported_quantity"
    assert check(extractor, "Adults take 500 mg every 8 hours.", label).status == "ok"
    assert check(extractor, "A child weighing 20 to 40 kg takes 250 mg every 8 hours.", label).status == "ok"
    result = check(extractor, "A patient weighing 10 to 20 kg takes 250 mg every 8 hours.", label)
    assert result.status == "unsupported_quantity"


def test_an_exposure_must_agree(extractor):
    cited = "Minimum cover for concrete cast against earth: 75 mm. For concrete exposed to weather: 50 mm."
    assert check(extractor, "Concrete cast against earth needs 75 mm of cover.", cited).status == "ok"
    result = check(extractor, "Concrete exposed to weather needs 75 mm of cover.", cited)
    assert result.status == "unsupported_quantity" and result.unmatched[0].reason == "condition_differs"


def test_a_value_that_differs_is_reported_as_the_value(extractor):
    (miss,) = check(extractor, "The usual adult dose is 30 mg once daily.", TITRATION).unmatched
    assert miss.reason == "value_differs"


def test_two_figures_under_different_conditions_are_compatible(extractor):
    from inforce.engine.quantities import compare

    usual, _, increased = extractor.extract(TITRATION).mentions
    found = compare(usual, increased)
    assert found.outcome == "compatible" and "recommended" in found.explanation
    # without conditions the same two amounts conflict, as before
    plain = extractor.extract("20 mg once daily, or 40 mg once daily").mentions
    assert compare(*plain).outcome == "conflict"
