"""Audit 55: figures building documents write that were read as something else, or not at all.

A duration or a mass in two units (``2 h 30 min``, ``5 lb 8 oz``) had its second part dropped,
so the false first part alone was answered and the true whole in the smaller unit refused.
"""

from __future__ import annotations

import pytest

from inforce.engine.quantities import check_claim_quantities


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
