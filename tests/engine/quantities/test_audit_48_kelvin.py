"""Audit 48: a K is the kelvin only after a measured figure; a governed figure never read escalates.

H1, H2: "no less than 250K", "no less than 5C" (a temperature letter glued to a figure a bound
governs) were read as nothing and the claim answered on its other figures; such a figure is
named unread now, so the claim escalates. M4: the K of a label ("Room 101 K", "Grid 4 K",
"Appendix 2 K") was read as the kelvin and a true claim refused; a K is the kelvin only where a
bound or comparison governs the figure. M5: "not less than 283.15 K." (the K then the sentence's
full stop) was not read. Everything runs through the CLI's ``check``; the document is written
for the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

_SPEC = """---
id: Q-1
kind: specification
title: Q
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T00:00:00Z
---
1 GENERAL

1.1 Curing temperature: maintain the slab at not less than 10 °C for 7 days.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit48") / "q"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "s.md").write_text(_SPEC, encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return root


def _check(project: Path, tmp_path: Path, text: str) -> dict[str, Any]:
    answer = {"context": {"valid_at": "2026-02-01"},
              "claims": [{"text": text, "citations": [{"locator": "Q-1#1.1"}]}]}
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    result = runner.invoke(app, ["check", str(project), "--answer", str(path), "--format", "json"])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("claim", [
    "Maintain the slab at no less than 250K for 7 days.",
    "Maintain the slab at no less than 300K.",
    "Maintain the slab at no less than 5C for 7 days.",
    "Maintain the slab at not less than 50F for 7 days.",
    "Maintain the slab at 5C for 7 days.",
    "Maintain the slab at 250K minimum for 7 days.",
])
def test_a_governed_figure_with_a_glued_letter_is_never_answered(project: Path, tmp_path: Path, claim: str) -> None:
    """H1, H2: the figure was read as nothing, the claim answered on its 7 days."""
    verdict = _check(project, tmp_path, claim)
    assert verdict["verdict"] != "answer", verdict["claims"][0]


@pytest.mark.parametrize("claim", [
    "Maintain the slab in Room 101 K at not less than 10 °C for 7 days.",
    "Maintain the slab at not less than 10 °C for 7 days, per Grid 4 K to Grid 9 K.",
    "Maintain the slab at not less than 10 °C for 7 days (see Appendix 2 K).",
])
def test_a_labels_k_is_no_kelvin(project: Path, tmp_path: Path, claim: str) -> None:
    """M4: the label's K was read as the kelvin (101 K = -172 °C) and the true claim refused."""
    verdict = _check(project, tmp_path, claim)
    assert verdict["verdict"] == "answer", verdict["claims"][0]


@pytest.mark.parametrize("claim", [
    "Maintain the slab at not less than 283.15 K.",
    "Maintain the slab at not less than 283.15 K for 7 days.",
    "Maintain the slab at not less than 283.15 kelvin for 7 days.",
])
def test_a_kelvin_at_the_sentences_end_is_read(project: Path, tmp_path: Path, claim: str) -> None:
    """M5: "283.15 K." (the K then the full stop) was refused not_comparable."""
    verdict = _check(project, tmp_path, claim)
    assert verdict["verdict"] == "answer", verdict["claims"][0]


@pytest.mark.parametrize("claim", ["Maintain the slab at not less than 273.15 K.",
                                   "Maintain the slab at not less than 273.15 K for 7 days."])
def test_a_kelvin_below_the_cited_one_is_still_refused(project: Path, tmp_path: Path, claim: str) -> None:
    verdict = _check(project, tmp_path, claim)
    claim_row = verdict["claims"][0]
    assert verdict["verdict"] == "refusal" and "value_differs" in claim_row["detail"], claim_row


@pytest.mark.parametrize("shorthand", ["with 50K heaters on site", "shown on a 4K display", "at a cost of 80K"])
def test_an_ungoverned_glued_k_is_left_alone(project: Path, tmp_path: Path, shorthand: str) -> None:
    """Audit 47: no bound governs these, so they are no temperatures (never -223 °C) and the true
    claim is not refused; since audit 49 a glued temperature letter is named unread wherever it
    stands, so the claim escalates (what "80K" or "50K" measures cannot be told)."""
    verdict = _check(project, tmp_path, f"Maintain the slab at not less than 10 °C for 7 days, {shorthand}.")
    said = json.dumps(verdict)
    assert verdict["verdict"] != "refusal" and "-223" not in said, verdict["claims"][0]
