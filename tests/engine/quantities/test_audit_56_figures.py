"""Audit 56: figures building documents write that were read as something else.

A type or a mark with a V, A or W written against its number (``Style 3W``, ``Tag 24V``) was
read as watts or volts, so a false claim of that many watts was answered. A gauge written with a
hyphen (``22-gauge``) was skipped as a code, so any gauge claimed was answered and a true one
refused. An R-value named in words (``an R-value of 30``) was a bare number, and a deflection limit
over the span named in its word (``span/480``) was not read, so the true ``R-30`` and ``L/480``
were refused; ``limited to`` before a figure is the upper bound it states. A decimal comma after
a lone zero (``0,750 mm``) was read as thousands (750 mm). A figure holding more of its smaller
unit than one of its larger (``2 h 75 min``) was read as its larger part alone, so the false
``2 hours`` was answered.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities import check_claim_quantities, extract_quantities


def _answered(claim: str, source: str) -> bool:
    return check_claim_quantities(claim, [source]).status == "ok"


@pytest.mark.parametrize(("source", "claim"), [
    ("Luminaires shall be Style 3W.", "The luminaires are 3 W."),
    ("Provide Tag 24V actuator on each damper.", "The actuator is 24 V."),
    ("Provide Fixture 8A at each stair.", "The fixture is 8 A."),
    ("Install Series 5V sensors.", "The sensors are 5 V."),
    ("Use Model 9W lamp.", "The lamp is 9 W."),
    ("Provide No. 4V fitting.", "The fitting is 4 V."),
])
def test_a_label_with_a_unit_letter_is_no_quantity(source: str, claim: str) -> None:
    assert not _answered(claim, source)


def test_a_label_with_a_unit_letter_states_nothing() -> None:
    assert extract_quantities("Use Model 9W lamp at Type 14V fixtures.").mentions == ()


@pytest.mark.parametrize(("source", "claim"), [
    ("Transformer: 480V.", "The transformer is 480 V."),
    ("Each heater draws 1500W at full load.", "Each heater draws 1500 W."),
    ("Circuit rated 15A minimum.", "The circuit is rated 15 A minimum."),
])
def test_a_unit_letter_after_other_words_is_still_the_unit(source: str, claim: str) -> None:
    assert _answered(claim, source)


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Tracks shall be 22-gauge steel.", "Tracks are 22 gauge.", True),
    ("Tracks shall be 22-gauge steel.", "Tracks are 22-gauge steel.", True),
    ("Tracks: 22 gauge.", "Tracks are 22-gauge steel.", True),
    ("Tracks shall be 22-gauge steel.", "Tracks are 25-gauge steel.", False),
    ("Tracks shall be 22-gauge steel.", "Tracks are 25 gauge.", False),
])
def test_a_hyphenated_gauge_is_a_gauge(source: str, claim: str, answered: bool) -> None:
    assert _answered(claim, source) is answered


def test_a_hyphenated_gauge_is_read_as_one() -> None:
    [mention] = extract_quantities("Tracks shall be 22-gauge steel.").mentions
    assert (mention.value, mention.unit_expression) == (22.0, "gauge_number")


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Batts shall have an R-value of 30.", "Batts are R-30.", True),
    ("Batts shall have an R-value of 30.", "Batts are R30.", True),
    ("Board: R-value: 7.5.", "The board is R-7.5.", True),
    ("Board with an R value of 11.", "The board is R-11.", True),
    ("Batts shall have an R-value of 30.", "Batts are R-38.", False),
    ("Batts: R-30.", "Batts have an R-value of 30.", True),
    ("Batts: R-30.", "Batts have an R-value of 19.", False),
])
def test_an_r_value_named_in_words_is_an_r_value(source: str, claim: str, answered: bool) -> None:
    assert _answered(claim, source) is answered


def test_an_r_value_per_inch_is_no_r_value() -> None:
    """A rate per inch of thickness is not the R-value of the whole layer."""
    mentions = extract_quantities("Foam with an R-value of 5 per inch.").mentions
    assert all(mention.unit_expression != "r_value" for mention in mentions)


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Deflection of lintels: span/480.", "Lintel deflection is L/480.", True),
    ("Deflection of lintels: Span/480.", "Lintel deflection is L/480.", True),
    ("Deflection of lintels: L/600.", "Lintel deflection is span/600.", True),
    ("Deflection of lintels: span/480.", "Lintel deflection is L/240.", False),
    ("Deflection of lintels: L/600.", "Lintel deflection is span/360.", False),
])
def test_a_span_named_in_its_word_is_the_l_of_a_deflection_limit(source: str, claim: str, answered: bool) -> None:
    assert _answered(claim, source) is answered


def test_limited_to_is_an_upper_bound() -> None:
    """``limited to`` states a limit: the claim's ``must not exceed`` says the same."""
    [mention] = extract_quantities("Lintel deflection limited to span/480.").mentions
    assert (mention.value, mention.unit_expression, mention.bound) == (480.0, "span_ratio", "max")
    assert _answered("Lintel deflection must not exceed L/480.", "Lintel deflection limited to span/480.")


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Shim: 0,750 mm.", "The shim is 0.75 mm.", True),
    ("Shim: 0,750 mm.", "The shim is 750 mm.", False),
    ("Shim: 0,125 in.", "The shim is 1/8 in.", True),
    ("Shim: 2,750 mm.", "The shim is 2750 mm.", True),
])
def test_a_comma_after_a_lone_zero_is_decimal(source: str, claim: str, answered: bool) -> None:
    assert _answered(claim, source) is answered


def test_a_comma_after_a_lone_zero_keeps_its_place() -> None:
    [mention] = extract_quantities("Shim: 0,750 mm.").mentions
    assert mention.value == pytest.approx(0.75) and not mention.warnings


@pytest.mark.parametrize(("source", "claim"), [
    ("Hold the test for 2 h 75 min.", "The test is held for 2 hours."),
    ("Hold the test for 2 h 75 min.", "The test is held for 75 minutes."),
    ("Studs 5 ft 15 in long.", "Studs are 5 ft long."),
])
def test_more_of_the_smaller_unit_than_the_larger_holds_is_never_its_larger_part(source: str, claim: str) -> None:
    assert not _answered(claim, source)


def test_more_of_the_smaller_unit_than_the_larger_holds_is_kept_unread() -> None:
    [mention] = extract_quantities("Hold the test for 2 h 75 min.").mentions
    assert (mention.value, mention.notation, mention.text) == (None, "unread", "2 h 75 min")
    assert [warning.code for warning in mention.warnings] == ["malformed_number"]


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit56") / "q"
    ingest_specs(root, {"t-1": "1.1 Hold the test for 2 h 75 min.\n\n1.2 Luminaires shall be Style 3W.\n\n"
                               "1.3 Batts shall have an R-value of 30.\n\n1.4 Shim: 0,750 mm.\n\n"
                               "1.5 Lintel deflection limited to span/480.\n"})
    return root


@pytest.mark.parametrize(("locator", "claim", "verdicts"), [
    ("T-1#1.1", "The test is held for 2 hours.", ("escalation",)),
    ("T-1#1.1", "The test is held for 3.25 hours.", ("escalation",)),
    ("T-1#1.2", "The luminaires are 3 W.", ("refusal", "escalation")),
    ("T-1#1.3", "Batts are R-30.", ("answer",)),
    ("T-1#1.4", "The shim is 0.75 mm.", ("answer",)),
    ("T-1#1.4", "The shim is 750 mm.", ("refusal", "escalation")),
    ("T-1#1.5", "Lintel deflection must not exceed L/480.", ("answer",)),
    ("T-1#1.5", "Lintel deflection must not exceed span/240.", ("refusal", "escalation")),
])
def test_through_check(ingested: Path, tmp_path: Path, locator: str, claim: str, verdicts: tuple[str, ...]) -> None:
    """A figure not read as written escalates whichever way it is claimed; never answered."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict in verdicts, detail
