"""Issue 22 (fix22f): a patient's age written as ages are ("a 9-year-old", "aged 9 years") is
no modifier of the figure: the claim is an answer where the label's band holds the age, and
still refused where it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import Answer

_LABEL = """---
id: ORVELAN-PI
kind: label
title: Orvelan oral suspension prescribing information
revision: "1"
seq: 1
issued: 2026-02-01
effective: {from: 2026-02-01}
recorded: 2026-02-01T09:00:00Z
---
ORVELAN PRESCRIBING INFORMATION

3 DOSAGE

3.1 Children 4 to 11 Years

Children weighing less than 25 kg: 5 mL twice daily.

Children weighing 25 kg or more: 10 mL twice daily.
"""


@pytest.fixture(scope="module")
def label(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("orvelan")
    (root / "documents").mkdir()
    (root / "documents" / "orvelan.md").write_text(_LABEL)
    (root / "inforce.yaml").write_text("project: orvelan\nfacets: []\nrules: []\n")
    ingest_project(root)
    return root


def _verdict(project: Path, text: str) -> tuple[str, str, list[str]]:
    answer = {"question": "q", "context": {"groups": [], "valid_at": "2026-03-01"},
              "claims": [{"text": text, "citations": [{"locator": "ORVELAN-PI#3.1"}]}]}
    with Project.open(project) as opened:
        result = opened.check(Answer.model_validate(answer), tier="low")
    claim = result.claims[0]
    return result.verdict, claim.status, list(claim.warnings)


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    "A 9-year-old weighing 30 kg takes 10 mL twice daily.",
    "A child aged 9 years weighing 30 kg takes 10 mL twice daily.",
])
def test_an_age_said_as_ages_are_is_an_answer(label: Path, text: str) -> None:
    verdict, status, warnings = _verdict(label, text)
    assert (verdict, status, warnings) == ("answer", "ok", [])


@pytest.mark.slow
def test_an_age_outside_the_band_is_still_refused(label: Path) -> None:
    verdict, status, _ = _verdict(label, "A 15-year-old weighing 30 kg takes 10 mL twice daily.")
    assert status == "unsupported_quantity"
