"""Audit 55: figures building documents write that were read as something else, or not at all.

A duration or a mass in two units (``2 h 30 min``, ``5 lb 8 oz``) had its second part dropped,
so the false first part alone was answered and the true whole in the smaller unit refused.
Units not read: a flow in cubic metres an hour written as one word (``m³/h``), gauge and
absolute pressures (``psig``, ``psia``), electricity written against its figure (``480V``,
``7.5kW``) and micrometres in words. A decimal comma (``2,5 mm``, ``1.000,5 kN``) was refused
as malformed in a claim and left unread in a source; it is read where its form says so with
certainty. A point before exactly three digits (``2.000 fpm``) may be thousands or decimals: it
was read as decimals, so one reading was answered and the other refused; now neither is.
Designations compared as numbers of their own: a gauge (``18 gauge``), an R-value (``R-21``) and
a deflection limit (``L/480``) were skipped as names, so a false one was answered. A slope ``1 in
20`` and a size ``48 in by 96 in`` were not read. Through ``check``, words of a figure's own were
taken for modifiers the claim did not hold, so true claims escalated: the ``min`` of ``2 h 30 min``
and ``5 l/min`` read as a minimum, the ``x`` of a size, ``plus or minus`` of a tolerance read as a
change, a French or German claim's plain ``est de`` / ``beträgt``, and ``flow`` naming a flow.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities import check_claim_quantities, extract_quantities


def _status(claim: str, source: str) -> tuple[str, list[str]]:
    result = check_claim_quantities(claim, [source])
    return result.status, [unmatched.reason for unmatched in result.unmatched]


@pytest.mark.parametrize(("source", "claim"), [
    ("Cure for 3 h 45 min.", "Cure for 225 minutes."),
    ("Cure for 3 h 45 min.", "Cure for 3.75 hours."),
    ("Each bag holds 12 lb 4 oz.", "Each bag holds 196 oz."),
    ("Each bag holds 12 lb 4 oz.", "Each bag holds 12.25 lb."),
    ("Mix for 4 min 30 s.", "Mix for 270 seconds."),
])
def test_a_figure_in_two_units_is_one_quantity(source: str, claim: str) -> None:
    assert _status(claim, source)[0] == "ok"


@pytest.mark.parametrize(("source", "claim"), [
    ("Cure for 3 h 30 min.", "Cure for 3 hours."),
    ("Each bag holds 12 lb 8 oz.", "Each bag holds 12 lb."),
])
def test_the_larger_part_alone_is_not_the_quantity(source: str, claim: str) -> None:
    status, reasons = _status(claim, source)
    assert status != "ok"
    assert reasons == ["value_differs"]


@pytest.mark.parametrize(("source", "claim"), [
    ("Make-up water: 1.2 m³/h.", "Make-up water is 1200 L/h."),
    ("Make-up water: 2 m3/h.", "Make-up water is 2000 litres per hour."),
    ("Test at 125 psig.", "Test at 125 psi gauge."),
    ("Test at 125 psi gauge.", "Test at 125 psig."),
    ("Vessel rated 40 psia.", "The vessel is rated 40 psi absolute."),
    ("Feeder: 208V, 3-phase.", "The feeder is 208 V."),
    ("Feeder: 208 V.", "The feeder is 208V."),
    ("Heater: 4.5kW.", "The heater is 4500 W."),
    ("Breaker: 20A.", "The breaker is 20 A."),
    ("Supply: 50Hz.", "The supply is 50 Hz."),
    ("Filter rating: 10 µm.", "Filter rating is 10 micrometers."),
    ("Filter rating: 10 µm.", "Filter rating is 10 microns."),
    ("Filter rating: 10 micrometres.", "Filter rating is 10 µm."),
])
def test_units_written_as_buildings_write_them_are_read(source: str, claim: str) -> None:
    assert _status(claim, source)[0] == "ok"


@pytest.mark.parametrize(("source", "claim"), [
    ("Test at 125 psig.", "Test at 125 psia."),
    ("Test at 125 psia.", "Test at 125 psig."),
    ("Test at 125 psig.", "Test at 125 psi."),
    ("Feeder: 208V.", "The feeder is 240 V."),
])
def test_gauge_and_absolute_pressure_are_kept_apart(source: str, claim: str) -> None:
    assert _status(claim, source)[0] != "ok"


def test_a_room_letter_is_no_ampere() -> None:
    """``12A`` after a label word stays the label's; ``a`` in words is no ampere."""
    assert _status("Room 12A is ready.", "Room 14A is ready.")[0] == "ok"
    assert _status("Take 2 a day.", "Take 2 amperes.")[0] != "ok"


@pytest.mark.parametrize(("source", "claim"), [
    ("Design load: 12 kN.", "The design load is 12 kN."),
    ("Design load: 12 kN.", "The design load is 12000 N."),
    ("Heater: 4.5 kW.", "The heater is 4.5 kW."),
])
def test_a_symbol_ending_its_sentence_is_read(source: str, claim: str) -> None:
    """``kN.`` was one token: the figure before it read bare."""
    assert _status(claim, source)[0] == "ok"


@pytest.mark.parametrize(("source", "claim"), [
    ("Bead width: 3,5 mm.", "La largeur du cordon est de 3,5 mm."),
    ("Bead width: 3,5 mm.", "The bead is 3.5 mm wide."),
    ("Bead width: 3.5 mm.", "Der Wulst ist 3,5 mm breit."),
    ("Rated output: 11,25 kW.", "The output is 11.25 kW."),
    ("Anchor load: 2.400,75 kN.", "Die Ankerlast beträgt 2.400,75 kN."),
    ("Anchor load: 2.400,75 kN.", "The anchor load is 2400.75 kN."),
    ("Fall: 0,8 %.", "The fall is 0.8 %."),
])
def test_a_decimal_comma_of_certain_form_is_read(source: str, claim: str) -> None:
    assert _status(claim, source)[0] == "ok"


def test_a_decimal_comma_keeps_its_place() -> None:
    assert _status("The bead is 3.6 mm wide.", "Bead width: 3,5 mm.")[0] != "ok"
    [mention] = extract_quantities("Anchor load: 2.400,75 kN.").mentions
    assert mention.value == pytest.approx(2400.75) and not mention.warnings


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit55") / "q"
    ingest_specs(root, {"t-1": "1.1 Face velocity: 3.000 fpm.\n\n1.2 Face velocity: 3 fpm.\n\n"
                               "1.3 Soak time: 1 h 15 min.\n\n1.4 Drain: 12 l/min.\n\n1.5 Frame: 3'-6\" x 6'-8\".\n\n"
                               "1.6 Slump: 5 inches plus or minus 1 inch.\n\n1.7 Air: 4 to 6 percent.\n\n"
                               "1.8 Gap: 1,5 mm.\n\n1.9 Chilled water: 2.5 m³/h.\n\n1.10 Drain: 12 l/min minimum.\n\n"
                               "1.11 Last: 2.400,5 kN.\n"})
    return root


@pytest.mark.parametrize(("locator", "claim"), [
    ("T-1#1.1", "The face velocity is 3 fpm."),
    ("T-1#1.1", "The face velocity is 3000 fpm."),
    ("T-1#1.2", "The face velocity is 3.000 fpm."),
])
def test_a_point_before_three_digits_is_neither_reading(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """Thousands or decimals cannot be told: escalated either way, never one answered."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "escalation", detail


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Track: 18 gauge.", "Track is 18 gauge.", True),
    ("Track: 18 gauge.", "Track is 22 gauge.", False),
    ("Track: 18 ga.", "Track is 16 gauge.", False),
    ("Batts: R-21.", "Batts are R-21.", True),
    ("Batts: R-21.", "Batts are R21.", True),
    ("Batts: R-21.", "Batts are R-11.", False),
    ("Batts: R-21.", "Batts are R11.", False),
    ("Live load deflection: L/480.", "Live load deflection is L/480.", True),
    ("Live load deflection: L/480.", "Live load deflection is L/360.", False),
])
def test_a_designation_is_compared_with_its_own_kind(source: str, claim: str, answered: bool) -> None:
    assert (_status(claim, source)[0] == "ok") is answered


def test_a_label_written_like_an_r_value_stays_a_label() -> None:
    assert extract_quantities("See Sheet R-101 and Detail R-3.").mentions == ()


def test_a_gauge_is_no_length() -> None:
    [mention] = extract_quantities("Tie wire: 16 gauge or heavier").mentions
    assert (mention.value, mention.unit_expression) == (16.0, "gauge_number")
    assert _status("Track is 18 mm.", "Track: 18 gauge.")[1] == ["not_comparable"]


@pytest.mark.parametrize(("source", "claim", "answered"), [
    ("Ramp: 1 in 20 maximum.", "The ramp is at most 1:20.", True),
    ("Ramp: 1 in 20 maximum.", "The ramp is at most 5 %.", True),
    ("Ramp: 1:20 maximum.", "The ramp is at most 1 in 20.", True),
    ("Ramp: 1 in 20 maximum.", "The ramp is at most 1:12.", False),
])
def test_a_slope_in_words_is_a_ratio(source: str, claim: str, answered: bool) -> None:
    assert (_status(claim, source)[0] == "ok") is answered


@pytest.mark.parametrize(("claim", "answered"), [
    ("The panel is 48 in by 96 in.", True),
    ("The panel is 48 in by 72 in.", False),
])
def test_a_size_written_by_is_two_lengths(claim: str, answered: bool) -> None:
    assert (_status(claim, "Panel: 4'-0\" x 8'-0\".")[0] == "ok") is answered


@pytest.mark.parametrize(("locator", "claim"), [
    ("T-1#1.3", "The soak time is 75 minutes."),
    ("T-1#1.4", "The drain is 12 litres per minute."),
    ("T-1#1.5", "The frame is 42 in by 80 in."),
    ("T-1#1.6", "Slump is 4 to 6 inches."),
    ("T-1#1.7", "Air is 5 percent plus or minus 1 percent."),
    ("T-1#1.8", "Le joint est de 1,5 mm."),
    ("T-1#1.11", "Die Last beträgt 2.400,5 kN."),
    ("T-1#1.9", "Chilled water flow is 2500 L/h."),
])
def test_a_figures_own_words_are_no_modifiers(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", detail


def test_a_minimum_after_a_unit_is_still_a_minimum(ingested: Path, tmp_path: Path) -> None:
    """``12 l/min minimum``: the minute is the figure's, the minimum a bound the claim drops."""
    verdict, detail = verdict_of(ingested, tmp_path, "T-1#1.10", "The drain is 12 litres per minute.")
    assert verdict != "answer", detail


@pytest.mark.parametrize("text", ["Slab: 0.45 W/C max.", "Mix 2: 0.40 W/C, 5 percent air."])
def test_a_capital_over_a_word_is_an_abbreviation_not_watts(text: str) -> None:
    """Reading a spaced ``W`` as the watt (480 W) had made ``0.45 W/C`` a figure of an unknown
    unit, so the water-cement ratio lost its subject (the stock subjects pack's INF-V101 case)."""
    (ratio,) = [m for m in extract_quantities(text).mentions if m.text.startswith("0.4")]
    assert ratio.unit is None and ratio.text in ("0.45", "0.40") and not ratio.warnings, ratio
