"""Audit 51: feet and inches written with primes, curly quotes or words; a tolerance's own digits.

01: a claim's "10′-7″" (primes), "10’-7”" (curly quotes) and "12′" were read as nothing and the
false claim answered against a cited 10'-6"; 04: a source written so, or with a figure dash for
its minus ("‒20 °C"), was read as nothing and named nowhere, so the true claim was refused. The
primes and curly quotes are the foot and inch marks now (curly ones only in the full shape), and
the figure dash a minus sign where it stands as one. 03: "10 ft 6 in" was read as 6 in alone and
the true claim refused; it is one length, as 10'-6" is. 02: "4 in ± 1/8 in" was answered against
"4 in ± 1/4 in" because the ends took the place of the nominal's last digit (the inch) as their
rounding; a tolerance's ends are as fine as its finer figure. Lower: "− 20 °C" (a spaced minus
sign), "1-1⁄4 in" (the fraction slash) and "1-3/2 in" (a mixed number more than whole). Every
verdict runs through the CLI; the documents are written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import ingest_specs, verdict_of

from inforce.engine.quantities import unread_figures
from inforce.engine.quantities.extract import default_extractor

_SPECS = {
    "g-1": "1.1 Wall height shall be 10'-6\".\n\n1.2 Slab thickness shall be 4 in ± 1/4 in.\n\n"
           "1.3 Freezer temperature shall be kept below -20 °C.\n\n1.4 Pipe size shall be 1-1/2 inches.\n",
    "g-2": "1.1 Wall height shall be 10′-6″.\n\n1.2 Curb height shall be 10’-6”.\n\n"
           "1.3 Freezer temperature shall be kept below ‒20 °C.\n\n1.4 Sleeve size shall be 1-1⁄4 inches.\n",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit51") / "q"
    ingest_specs(root, _SPECS)
    return root


@pytest.mark.parametrize(("locator", "claim"), [
    ("G-1#1.1", "Wall height must be 10′-7″."),
    ("G-1#1.1", "Wall height must be 10’-7”."),
    ("G-1#1.1", "Wall height must be 12′."),
    ("G-1#1.1", "Wall height must be 10 ft 7 in."),
    ("G-1#1.2", "Slab thickness must be 4 in ± 1/8 in."),
    ("G-1#1.2", "Slab thickness must be 4 in +/- 1/8 in."),
    ("G-1#1.2", "Slab thickness must be 4 ± 0.125 in."),
    ("G-1#1.2", "Slab thickness must be 4 in ± 1/2 in."),
    ("G-1#1.4", "Pipe size must be 1-3/2 inches."),
    ("G-1#1.4", "Pipe size must be 1-1⁄4 inches."),
])
def test_a_false_figure_is_never_answered(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """01, 02: each was answered (the figure read as nothing, or a tolerance rounded to the inch)."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict != "answer", detail


@pytest.mark.parametrize("claim", ["Slab thickness must be 4 in ± 1/8 in.", "Slab thickness must be 3.875 to 4.125 in."])
def test_a_narrower_tolerance_is_refused_as_its_range_is(ingested: Path, tmp_path: Path, claim: str) -> None:
    """02: the tolerance and the range it spans get the same verdict, naming both figures."""
    verdict, detail = verdict_of(ingested, tmp_path, "G-1#1.2", claim)
    assert verdict == "refusal", detail
    assert "value_differs" in detail["detail"] and "4 in ± 1/4 in" in detail["detail"], detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("G-1#1.1", "Wall height must be 10 ft 6 in."),
    ("G-1#1.1", "Wall height must be 10 feet 6 inches."),
    ("G-1#1.1", "Wall height must be 10 ft. 6 in."),
    ("G-1#1.1", "Wall height must be 10′-6″."),
    ("G-1#1.3", "Freezer temperature must be kept below − 20 °C."),
    ("G-1#1.4", "Pipe size must be 1-1⁄2 inches."),
    ("G-2#1.1", "Wall height must be 10'-6\"."),
    ("G-2#1.2", "Curb height must be 10'-6\"."),
    ("G-2#1.3", "Freezer temperature must be kept below -20 °C."),
    ("G-2#1.4", "Sleeve size must be 1-1/4 inches."),
])
def test_a_true_figure_is_answered(ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """03, 04 and the lower ones: each true claim was refused (a figure read in part or not at all)."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", detail


@pytest.mark.parametrize(("locator", "claim"), [
    ("G-2#1.1", "Wall height must be 11'-6\"."),
    ("G-2#1.2", "Curb height must be 10'-7\"."),
    ("G-2#1.3", "Freezer temperature must be kept below 20 °C."),
])
def test_a_source_written_with_primes_or_a_figure_dash_refuses_a_false_claim(
        ingested: Path, tmp_path: Path, locator: str, claim: str) -> None:
    """04: the source's figure was dropped unsaid (no_quantity_in_source); it is read and compared."""
    verdict, detail = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "refusal", detail
    assert "value_differs" in detail["detail"], detail


def test_the_marks_are_read_one_for_one_and_quotes_stay_quotes() -> None:
    extractor = default_extractor()
    (read,) = extractor.extract("Height 10’-6-1/2”.", bind=False).mentions
    assert (read.text, read.value, read.unit_expression) == ("10’-6-1/2”", 10 + 6.5 / 12, "foot")
    (read,) = extractor.extract("Range 10‒40 mm.", bind=False).mentions
    assert (read.value, read.upper) == (10, 40)
    assert not extractor.extract("In the 1990’s it was built.", bind=False).mentions
    assert unread_figures("Span 4 ft 6 in clear.", lambda: extractor) == []
    (read,) = extractor.extract("Span 4 ft 6 in clear.", bind=False).mentions
    assert read.value == 4.5
