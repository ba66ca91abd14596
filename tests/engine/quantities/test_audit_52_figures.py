"""Audit 52: an angle's minutes, feet and inches parted by a blank, a tolerance's own spread.

01: "12°30′" was read as 12° with its minutes dropped unsaid, so "12°55′" was answered against
it (and "45°30'" read the 30' as thirty feet); degrees, minutes and seconds are one angle now,
and a shape that is not one as written ("12°75′") is warned of, never dropped. 02: "10′ 6″",
"6’ 8”" and "6' 8\"" were read as a length in feet and a bare number, so the true "10'-6\"" was
refused; feet and inches parted by a blank are one length, as with a hyphen, and "10'-6\" to
12'-0\"" one range. 03: "4 in ± 1/4 in" was answered against "4 in ± 1/8 in" (and "20 °C ± 1 °C"
against "20 °C ± 0.5 °C"): the ends 3.75 and 3.875 are half a quarter inch apart, which the
rounding rule allows; a claimed tolerance's spread is compared as a figure of its own. Every
verdict runs through the CLI; the documents are written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities.extract import default_extractor

_SPECS = {
    "h-1": "1.1 Ramp angle shall be 12°30′.\n\n1.2 Roof pitch shall be 45°30'.\n\n"
           "1.3 Skew angle shall be 45°30′15″.\n\n1.4 Chute angle shall be 12°75′.\n",
    "h-2": "1.1 Wall height shall be 10′ 6″.\n\n1.2 Head height shall be 6’ 8”.\n\n"
           "1.3 Door height shall be 6' 8\".\n\n1.4 Opening shall be 10'-6\" to 12'-0\" wide.\n",
    "h-3": "1.1 Slab thickness shall be 4 in ± 1/8 in.\n\n1.2 Room temperature shall be 20 °C ± 0.5 °C.\n\n"
           "1.3 Curb thickness shall be 4 in ± 1/4 in.\n",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit52") / "q"
    ingest_specs(root, _SPECS)
    return root


@pytest.mark.parametrize(("locator", "claim"), [
    ("H-1#1.1", "Ramp angle must be 12°55′."),
    ("H-1#1.1", "Ramp angle must be 12.9°."),
    ("H-1#1.2", "Roof pitch must be 45°50′."),
    ("H-1#1.2", "Roof pitch must be 45°50'."),
    ("H-1#1.3", "Skew angle must be 45°30′45″."),
    ("H-2#1.1", "Wall height must be 10'-7\"."),
    ("H-2#1.4", "Opening must be 10'-6\" to 13' wide."),
    ("H-3#1.1", "Slab thickness must be 4 in ± 1/4 in."),
    ("H-3#1.1", "Slab thickness must be 4 in ± 0.25 in."),
    ("H-3#1.1", "Slab thickness must be 4 in ± 1/2 in."),
    ("H-3#1.2", "Room temperature must be 20 °C ± 1 °C."),
    ("H-3#1.3", "Curb thickness must be 3.875 to 4.125 in."),
])
def test_a_false_figure_is_refused(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """01, 03: each was answered (minutes dropped, a spread rounded away); 02's wrong high end."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "refusal", detail
    assert "value_differs" in detail["detail"], detail


@pytest.mark.parametrize(("claim", "cited"), [
    ("Slab thickness must be 4 in ± 1/4 in.", "4 in ± 1/8 in"),
    ("Room temperature must be 20 °C ± 1 °C.", "20 °C ± 0.5 °C"),
])
def test_a_wider_tolerance_names_both(ingested: Path, tmp_path: Path, claim: str, cited: str) -> None:
    """03: the refusal names the claim's tolerance and the source's."""
    locator = "H-3#1.1" if "Slab" in claim else "H-3#1.2"
    _, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert claim.split(" be ")[1].rstrip(".") in detail["detail"] and cited in detail["detail"], detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("H-1#1.1", "Ramp angle must be 12.5°."),
    ("H-1#1.1", "Ramp angle must be 12°30′."),
    ("H-1#1.1", "Ramp angle must be 12°30'."),
    ("H-1#1.2", "Roof pitch must be 45.5°."),
    ("H-1#1.3", "Skew angle must be 45°30′15″."),
    ("H-2#1.1", "Wall height must be 10'-6\"."),
    ("H-2#1.1", "Wall height must be 10 ft 6 in."),
    ("H-2#1.1", "Wall height must be 10' 6\"."),
    ("H-2#1.2", "Head height must be 6'-8\"."),
    ("H-2#1.3", "Door height must be 6'-8\"."),
    ("H-2#1.4", "Opening must be 10’-6” to 12’ wide."),
    ("H-2#1.4", "Opening must be 10'-6\" to 12' wide."),
    ("H-3#1.1", "Slab thickness must be 4 in ± 1/8 in."),
    ("H-3#1.1", "Slab thickness must be 4 in ± 0.125 in."),
    ("H-3#1.1", "Slab thickness must be 3.875 to 4.125 in."),
    ("H-3#1.2", "Room temperature must be 20 °C ± 0.5 °C."),
    ("H-3#1.3", "Curb thickness must be 4 in ± 1/4 in."),
])
def test_a_true_figure_is_answered(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """02: each was refused (the inches read apart); the rest guard what the fixes keep."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", detail


def test_an_angle_not_written_as_one_is_warned_of(ingested: Path) -> None:
    """01: "12°75′" is no angle as written; ingest says so where it stands, and the minutes are
    never read as thirty feet in "45°30'"."""
    out = default_extractor().extract("Chute angle shall be 12°75′. Roof pitch shall be 45°30'.")
    assert [(m.text, m.value, m.unit_expression) for m in out.mentions] == [
        ("12°75′", None, "degree"), ("45°30'", 45.5, "degree")]
    assert [(w.code, w.text) for w in out.warnings] == [("malformed_number", "12°75′")]
