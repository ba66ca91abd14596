"""Audit MM4 of issue 23 (the 42nd): numbers a label word or a locale's separator hid.

MM4-1 (high): a number after a word of the label vocabulary (``DESIGNATIONS``: ``level``,
``section``, ``floor``) was never read, even with its unit after it: "level 0.50 m" was no
quantity, and a claim "level 9 m" citing it was a plain answer. A number with a unit after it
measures whatever word stands before it; the vocabulary decides only a number without one
("Level 3", "Section 5").

MM4-2 (medium): "4'000 mm" (the Swiss thousands separator) was read as 4 feet. Digits grouped by
threes with an apostrophe are one number, never feet and inches. "4.000 psi" (a point between
thousands, or three decimals: not to be told apart) is read as written, flagged and left unbound,
as "1,5 mm" is.
"""

from __future__ import annotations

import pytest

from inforce.engine.quantities import extract_quantities


def _read(text: str) -> list[tuple[float | None, str | None]]:
    return [(m.value, m.unit) for m in extract_quantities(text).mentions]


@pytest.mark.parametrize("text, value", [
    ("Set the top of slab at level 0.50 m above datum.", 0.5),
    ("Set the top of slab at level 3 m above datum.", 3.0),
    ("Hold the floor 150 mm above the slab.", 150.0),
])
def test_a_number_with_its_unit_after_a_label_word_is_a_quantity(text: str, value: float) -> None:
    read = _read(text)
    assert len(read) == 1 and read[0][0] == pytest.approx(value) and read[0][1] is not None, read


@pytest.mark.parametrize("text", [
    "Provide guards at Level 3 of the garage.",
    "Comply with Section 5 requirements.",
    "As shown in Table 3 in Part 2 of the report.",
])
def test_a_label_without_a_unit_stays_a_label(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize("text, value", [
    ("Space contraction joints at 4'000 mm maximum.", 4000.0),
    ("Space contraction joints at 4’000 mm maximum.", 4000.0),
    ("A load of 1'250'000 N.", 1_250_000.0),
])
def test_apostrophe_thousands_are_one_number_never_feet(text: str, value: float) -> None:
    read = _read(text)
    assert len(read) == 1 and read[0][0] == pytest.approx(value), read
    assert read[0][1] not in ("ft", "foot", "feet"), read


def test_feet_and_inches_still_read() -> None:
    read = _read("Provide 4'-6\" clear.")
    assert len(read) == 1 and read[0][0] == pytest.approx(54.0 if read[0][1] in ("in", "inch") else 4.5), read


@pytest.mark.parametrize("text", ["Concrete shall be 4.000 psi.", "Space joints at 1.500 mm."])
def test_a_point_between_three_digits_before_a_unit_is_flagged_like_a_comma_decimal(text: str) -> None:
    found = extract_quantities(text)
    [mention] = found.mentions
    assert [w.code for w in mention.warnings] == ["malformed_number"]
    assert "point between thousands" in mention.warnings[0].message


@pytest.mark.parametrize("text", ["Cover 0.375 in.", "Use 4,000 psi.", "Slope 1.5 percent."])
def test_other_decimals_are_not_flagged(text: str) -> None:
    [mention] = extract_quantities(text).mentions
    assert not mention.warnings
