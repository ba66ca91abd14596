"""Audit 49: a figure whose unit cannot be read is never compared as if it were read.

H1: a temperature letter glued to a figure ("must be 120F", "is 250K", "kept over 250K", "250K
(min)") was named unread only after a bound word of the net's list, so a false claim was
answered; such a figure is now kept unread by the reader wherever it stands (claims escalate,
sources warn). H2: e-notation before a spaced K ("not less than 2e2 K", "1e400 K") was answered;
it is unread as "4e3 psi" is. M2: "Storage temperature 293.15 K." in a source was a bare number
and true claims in °C were refused; a K after a temperature's figure is the kelvin. L2: "not
less than 283K" in a source was dropped at ingest unsaid; it is warned of (file, line). All
through the CLI; the documents are written for the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPECS = {
    "t-1": "1.1 Curing temperature: not less than 283.15 K.\n\n1.2 Concrete temperature: not more than 32 °C.\n",
    "t-2": "1.1 Storage temperature 293.15 K.\n\n1.2 Cryogenic tank temperature 77 K, nominal.\n",
    "t-3": "1.1 Curing temperature shall be not less than 283K.\n",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("audit49") / "q"
    output = ingest_specs(root, _SPECS)
    return root, output


@pytest.mark.parametrize(("locator", "claim"), [
    ("T-1#1.2", "Concrete temperature must be 120F."),
    ("T-1#1.2", "Concrete temperature is 120F."),
    ("T-1#1.2", "Concrete temperature must be kept under 120F."),
    ("T-1#1.1", "Curing temperature shall be 250K."),
    ("T-1#1.1", "Curing temperature must be kept over 250K."),
    ("T-1#1.1", "Curing temperature shall be no colder than 250K."),
    ("T-1#1.1", "Curing temperature: 250K (min)."),
    ("T-1#1.2", "Concrete temperature shall be no colder than -5C."),
])
def test_a_glued_temperature_letter_is_never_answered(ingested: tuple[Path, str], tmp_path: Path, locator: str,
                                                     claim: str) -> None:
    """H1: the figure was read as nothing and the false claim answered."""
    verdict = check_one(ingested[0], tmp_path, locator, claim)
    assert verdict["verdict"] != "answer", verdict["claims"][0]


@pytest.mark.parametrize("claim", ["Curing temperature: not less than 2e2 K.", "Curing temperature: not less than 2E2 K",
                                   "Curing temperature: not less than 1e400 K.", "Curing temperature 2e2 K."])
def test_e_notation_before_a_spaced_k_is_never_answered(ingested: tuple[Path, str], tmp_path: Path, claim: str) -> None:
    """H2: "2e2 K" was answered, where "4e3 psi" escalates."""
    verdict = check_one(ingested[0], tmp_path, "T-1#1.1", claim)
    assert verdict["verdict"] != "answer", verdict["claims"][0]


@pytest.mark.parametrize(("locator", "claim"), [("T-2#1.1", "Storage temperature 20 °C."),
                                                ("T-2#1.2", "Cryogenic tank temperature -196 °C, nominal.")])
def test_a_temperature_in_kelvin_in_a_source_supports_a_true_claim(ingested: tuple[Path, str], tmp_path: Path,
                                                                   locator: str, claim: str) -> None:
    """M2: the source's K was dropped as a label and the true claim refused."""
    verdict = check_one(ingested[0], tmp_path, locator, claim)
    assert verdict["verdict"] != "refusal", verdict["claims"][0]


def test_a_glued_temperature_letter_in_a_source_is_warned_at_ingest(ingested: tuple[Path, str]) -> None:
    """L2: "not less than 283K" was dropped at ingest with no word."""
    output = ingested[1]
    assert any("t-3.md:" in line and "283K" in line for line in output.splitlines()), output


@pytest.mark.parametrize("claim", ["Curing temperature: not less than 283.15 K.",
                                   "Curing temperature: not less than 10 °C."])
def test_a_kelvin_still_answers(ingested: tuple[Path, str], tmp_path: Path, claim: str) -> None:
    verdict = check_one(ingested[0], tmp_path, "T-1#1.1", claim)
    assert verdict["verdict"] == "answer", verdict["claims"][0]


def test_a_lower_kelvin_is_still_refused(ingested: tuple[Path, str], tmp_path: Path) -> None:
    verdict = check_one(ingested[0], tmp_path, "T-1#1.1", "Curing temperature: not less than 273.15 K.")
    assert verdict["verdict"] == "refusal", verdict["claims"][0]


@pytest.mark.parametrize("claim", ["Curing temperature shall be not less than 283 K.",
                                   "Curing temperature shall be not less than 10 °C.",
                                   "Curing temperature shall be not less than 9 °C."])
def test_a_claim_against_a_cited_figure_not_read_is_escalated_not_refused(ingested: tuple[Path, str], tmp_path: Path,
                                                                         claim: str) -> None:
    """L2: the source's "283K" is kept without a value, so what it says is unknown: a claim's
    figure matched by nothing is escalated with the unread figure named, never refused (the true
    claim had been refused unsupported) nor answered."""
    verdict = check_one(ingested[0], tmp_path, "T-3#1.1", claim)
    assert verdict["verdict"] == "escalation", verdict
    assert verdict["claims"][0]["status"] != "unsupported_quantity", verdict["claims"][0]
    assert "283K" in json.dumps(verdict), verdict
