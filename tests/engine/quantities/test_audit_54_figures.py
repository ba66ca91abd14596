"""Audit 54: a source exactly half-way between two claim values, and bounds said in other words.

08 (high): "Door width: 3'-0 1/2\" clear." (36.5 in) answered the false "3'-1\"" (37 in). Audit 53
had a half place round away from zero so that 3'-0" no longer matched; but 36.5 in lies as near
37 in as 36 in, and which way the claim's author rounded cannot be told: a tie supports neither
claim value (value_differs), as 2.5 mm is not 3 mm. The same tie in another unit is treated the
same: 12.5 mm is exactly half-way between 1.2 cm and 1.3 cm, so "1.3 cm" is refused too.
Lows: "at least 2 inches" escalated against "Minimum cover: 2 inches" and "at most 3/4 inch"
against "Maximum aggregate size: 3/4 inch" (the label's bound word names the quantity the figure
is the bound of); "at least 4 percent" escalated against "not less than 4 percent nor more than 7
percent" (the next figure's "nor more than" was read as words of the first) while "at most 7
percent" was answered. Verdicts run through the CLI on documents written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities import check_claim_quantities

_SPECS = {
    "t-1": "1.1 Door width: 3'-0 1/2\" clear.\n\n1.2 Minimum cover: 2 inches.\n\n"
           "1.3 Maximum aggregate size: 3/4 inch.\n\n"
           "1.4 Air content: not less than 4 percent nor more than 7 percent.\n",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit54") / "q"
    ingest_specs(root, _SPECS)
    return root


@pytest.mark.parametrize("claim", ["The door width is 3'-1\" clear.", "The door width is 3'-0\" clear."])
def test_a_half_inch_supports_neither_whole_inch(ingested: Path, tmp_path: Path, claim: str) -> None:
    """08: 36.5 in answered 3'-1"; neither neighbour follows from it."""
    verdict, detail = verdict_of(ingested, tmp_path, "T-1#1.1", claim)
    assert verdict == "refusal", detail
    assert "value_differs" in detail["detail"], detail


def test_the_half_inch_itself_is_answered(ingested: Path, tmp_path: Path) -> None:
    verdict, detail = verdict_of(ingested, tmp_path, "T-1#1.1", "The door width is 36 1/2 inches clear.")
    assert verdict == "answer", detail


@pytest.mark.parametrize(("claim", "source"), [
    ("It is 37 in.", "It is 36.5 in."),
    ("It is 36 in.", "It is 36.5 in."),
    ("It is -37 in.", "It is -36.5 in."),
    ("It is 1.3 cm.", "It is 12.5 mm."),
    ("It is 1.2 cm.", "It is 12.5 mm."),
])
def test_an_exact_tie_supports_neither_side(claim: str, source: str) -> None:
    """08: the one rounding rule; the same tie across units is no exception."""
    [unmatched] = check_claim_quantities(claim, [source]).unmatched
    assert unmatched.reason == "value_differs"


@pytest.mark.parametrize(("claim", "source"), [
    ("It is 37 in.", "It is 36.6 in."),
    ("It is 1.3 cm.", "It is 12.6 mm."),
    ("It is 1.2 cm.", "It is 12.4 mm."),
])
def test_less_than_half_a_place_still_rounds(claim: str, source: str) -> None:
    assert check_claim_quantities(claim, [source]).status == "ok"


@pytest.mark.parametrize(("locator", "claim"), [
    ("T-1#1.2", "Cover is at least 2 inches."),
    ("T-1#1.3", "Aggregate size is at most 3/4 inch."),
    ("T-1#1.4", "Air content is at least 4 percent."),
    ("T-1#1.4", "Air content is at most 7 percent."),
])
def test_a_bound_said_in_other_words_is_answered(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """Lows: each but the last escalated on its own bound word or the next figure's."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("T-1#1.2", "Cover is at most 2 inches."),
    ("T-1#1.3", "Aggregate size is at least 3/4 inch."),
])
def test_a_bound_of_the_other_sense_is_not_answered(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """The label's bound word holds only a bound of its own sense."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict != "answer", detail
