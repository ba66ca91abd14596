"""Audit 50: a figure whose degree or temperature letter is written oddly is read, or named unread.

01: a ring above (U+02DA) written for the degree sign ("400˚F") left the figure unread and
unnamed, so a false claim was answered and a source's "250˚F" was dropped unsaid; it is read as
the degree sign now (so is the masculine ordinal between a figure and a C or F: "400ºF"). A
letter joined to the figure by a mark ("400-°F", "400-F", "400_F", "400/F") is named unread.
08: e-notation or a power of ten with a temperature letter after it ("1e2K", "1e2C", "10^2K",
"10^2 K") was read as nothing and a false claim answered; it is named unread. 06: a C or F
standing alone after a temperature's figure ("Oven temperature 250 F.") was no unit and the true
claim refused; it is the degree. Everything runs through the CLI; the documents are written for
the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities import unread_figures
from inforce.engine.quantities.extract import default_extractor

_SPECS = {
    "f-1": "1.1 Oven temperature not more than 250 °F.\n\n1.2 Bath temperature 40 °C.\n\n"
           "1.3 The tank temperature is not less than 77 K.\n\n1.4 Dryer temperature 120 °F.\n",
    "f-2": "1.1 Oven temperature 250˚F.\n\n1.2 Kiln temperature 900ºC.\n",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit50") / "q"
    ingest_specs(root, _SPECS)
    return root


@pytest.mark.parametrize("claim", [
    "Oven temperature not more than 400˚F.",
    "Oven temperature not more than 400˚C.",
    "Oven temperature not more than 400˚ F.",
    "Oven temperature not more than 400ºF.",
    "Oven temperature not more than 400-°F.",
    "Oven temperature not more than 400-F.",
    "Oven temperature not more than 400_F.",
    "Oven temperature not more than 400/F.",
])
def test_a_false_figure_with_an_odd_degree_is_never_answered(ingested: Path, tmp_path: Path, claim: str) -> None:
    """01: the figure was read as nothing and the false claim answered on no figure."""
    verdict, detail = verdict_of(ingested, tmp_path, "F-1#1.1", claim)
    assert verdict != "answer", detail


@pytest.mark.parametrize("claim", [
    "The tank temperature is not less than 1e2K.",
    "The tank temperature is not less than 2e2K",
    "The tank temperature is not less than 1E2K.",
    "The tank temperature is not less than 1e2C.",
    "The tank temperature is not less than 1e2F.",
    "The tank temperature is not less than 10^2K.",
    "The tank temperature is not less than 10^2 K.",
])
def test_a_figure_in_e_notation_or_a_power_with_a_temperature_letter_is_never_answered(
        ingested: Path, tmp_path: Path, claim: str) -> None:
    """08: "1e2K", "10^2K" were read as nothing (the source says 77 K)."""
    verdict, detail = verdict_of(ingested, tmp_path, "F-1#1.3", claim)
    assert verdict != "answer", detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("F-1#1.4", "Dryer temperature 120˚F."),
    ("F-1#1.4", "Dryer temperature 120ºF."),
    ("F-1#1.2", "Bath temperature 40 C."),
    ("F-2#1.1", "Oven temperature 250 °F."),
    ("F-2#1.2", "Kiln temperature 900 °C."),
])
def test_a_true_figure_with_an_odd_degree_is_answered(ingested: Path, tmp_path: Path, locator: str,
                                                      claim: str) -> None:
    """01, 06: the ring and the ordinal are read as the degree sign in a claim and in a source; a
    C after a temperature's figure is the Celsius degree."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("F-1#1.1", "Oven temperature not more than 250 F."),
    ("F-1#1.2", "Bath temperature 40 C."),
    ("F-1#1.1", "Oven: not more than 250 F."),
])
def test_a_spaced_degree_letter_never_refuses_a_true_claim(ingested: Path, tmp_path: Path, locator: str,
                                                           claim: str) -> None:
    """06: "250 F" was a bare 250 and the true claim refused unit_missing; without a temperature
    word before it, after a bound, it is named unread."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict != "refusal", detail


@pytest.mark.parametrize(("locator", "claim"), [("F-2#1.1", "Oven temperature 400 °F."),
                                                ("F-2#1.2", "Kiln temperature 600 °C.")])
def test_a_source_written_with_a_ring_refuses_a_false_claim(ingested: Path, tmp_path: Path, locator: str,
                                                            claim: str) -> None:
    """01: the source's "250˚F" was dropped unsaid; it is read, and the claim's other figure named."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "refusal", detail
    assert "value_differs" in detail["detail"], detail


def test_a_spaced_degree_letter_and_a_joined_one_are_read_as_said() -> None:
    extractor = default_extractor()
    (read,) = extractor.extract("Oven temperature 250 F.", bind=False).mentions
    assert (read.value, read.unit_expression) == (250.0, "degree_Fahrenheit")
    assert unread_figures("Set the oven to not more than 400-F before use.", lambda: extractor) == [
        "not more than 400-F"]


@pytest.mark.parametrize("text", [
    "Between Grid 4-C and Grid 5-C the slab is level.",
    "Room 101 C is kept locked.",
    "Paso 1º y paso 2º.",
    "Detail 3/S-501 shows the joint.",
])
def test_labels_with_the_same_letters_stay_labels(text: str) -> None:
    """A label's letter after a hyphen or a space, an ordinal and a sheet reference are no figure."""
    extractor = default_extractor()
    assert unread_figures(text, lambda: extractor) == []
    assert all(m.value is None or m.unit_expression is None for m in extractor.extract(text, bind=False).mentions)
