"""A light's colour temperature is read as kelvin (issue 21's held-out-64 specifications).

Lighting specifications write a colour temperature as a whole figure and a spaced ``K`` after the
light it belongs to (``LED, 4000 K``, ``area luminaires, 3,000 K``). Only "temperature" before the
figure made the K a kelvin, so every one of them was warned of at ingest as a notation not read
and kept without a value: a claim of the wrong colour could not be caught. The K is the kelvin
where a light is named in the few words before a figure of 1,500 to 10,000; labels stay labels.
"""

from __future__ import annotations

import pytest

from inforce.engine.quantities import check_claim_quantities, extract_quantities


@pytest.mark.parametrize(("text", "value"), [
    ("Pole lights shall be LED area luminaires, 4000 K, with a Type IV distribution.", 4000.0),
    ("The stadium floodlights are LED, 5,700 K, aimed at the pitch.", 5700.0),
    ("Downlights: CCT 2700 K throughout the lobby.", 2700.0),
    ("Wall lanterns shall be LED, 3000 K.", 3000.0),
])
def test_a_light_s_colour_temperature_is_kelvin(text: str, value: float) -> None:
    read = extract_quantities(text)
    kelvins = [m for m in read.mentions if m.unit == "K"]
    assert [m.value for m in kelvins] == [value], read.mentions
    assert not [w for w in read.warnings if w.code == "malformed_number"], read.warnings


@pytest.mark.parametrize("text", ["Fixture 12 K on the east wall.", "Room 101 K wing.", "Lighting zone 4 K.",
                                  "LED signs at grid 20000 K."])
def test_a_label_s_letter_after_a_light_word_is_not_a_kelvin(text: str) -> None:
    assert not [m for m in extract_quantities(text).mentions if m.unit == "K"], text


def test_a_wrong_colour_temperature_is_caught() -> None:
    source = ["Parking lot luminaires shall be LED, 4000 K, on 9 m poles."]
    assert check_claim_quantities("The parking lot luminaires are LED, 3000 K.", source).status == "unsupported_quantity"
    assert check_claim_quantities("The parking lot luminaires are LED, 4000 K.", source).status != "unsupported_quantity"
