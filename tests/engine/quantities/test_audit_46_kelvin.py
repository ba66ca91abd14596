"""Audit 46 L2: a temperature in kelvin was not read as a temperature.

"not less than 283.15 K for 7 days" checked against the in-force "not less than 10 °C for 7 days"
was refused ``not_comparable``, with a warning that the claim "says 'K' beside '7 days'": the
capital ``K`` was no unit, so the figure had none. It is the kelvin now (pint's absolute
``kelvin``, converted with its offset as °F is), where it stands alone a space after a figure,
as SI writes it; written against the figure it is a thousand or a name ("50K heaters", "a 4K
display": audit 47, which found them read as -223 °C), after money it stays the thousand
(``$50K``), and ``kN`` stays the kilonewton. A unit written
after the figure before another ("283.15 K for 7 days", "50 °F for 7 days") is that figure's,
never a word said beside the next one. Everything runs through the CLI's ``check``; the
document is written for the test.
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

1.1 Curing temperature: maintain concrete at not less than 10 °C for 7 days.

1.2 Load test: apply a load of not less than 10 kN to each anchor.

1.3 Testing allowance: $50,000.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit46") / "q"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "s.md").write_text(_SPEC, encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return root


def _check(project: Path, tmp_path: Path, claims: list[tuple[str, str]]) -> dict[str, Any]:
    answer = {"context": {"valid_at": "2026-02-01"},
              "claims": [{"text": text, "citations": [{"locator": locator}]} for text, locator in claims]}
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    result = runner.invoke(app, ["check", str(project), "--answer", str(path), "--format", "json"])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("figure", ["283.15 K", "283.15 kelvin", "283.15 kelvins"])
def test_a_temperature_in_kelvin_equal_to_the_cited_one_is_an_answer(project: Path, tmp_path: Path,
                                                                      figure: str) -> None:
    verdict = _check(project, tmp_path, [(f"Maintain concrete at not less than {figure} for 7 days.", "Q-1#1.1")])
    claim = verdict["claims"][0]
    assert verdict["verdict"] == "answer" and claim["status"] == "ok", claim
    assert claim["warnings"] == [], claim  # no "'K' beside '7 days'"


def test_a_temperature_in_kelvin_below_the_cited_one_is_refused_as_a_different_value(project: Path,
                                                                                      tmp_path: Path) -> None:
    verdict = _check(project, tmp_path, [("Maintain concrete at not less than 273.15 K for 7 days.", "Q-1#1.1")])
    claim = verdict["claims"][0]
    assert verdict["verdict"] == "refusal" and claim["status"] == "unsupported_quantity", claim
    assert "value_differs" in claim["detail"] and "(= 0 °C)" in claim["detail"], claim
    assert "not_comparable" not in claim["detail"], claim


def test_a_unit_of_the_figure_before_is_no_word_beside_the_next(project: Path, tmp_path: Path) -> None:
    """°F was read, yet its 'F' was said beside '7 days' (the cited clause writes no F)."""
    verdict = _check(project, tmp_path, [("Maintain concrete at not less than 50 °F for 7 days.", "Q-1#1.1")])
    claim = verdict["claims"][0]
    assert verdict["verdict"] == "answer" and claim["warnings"] == [], claim


def test_money_thousands_and_kilonewtons_keep_their_reading_beside_a_kelvin(project: Path, tmp_path: Path) -> None:
    verdict = _check(project, tmp_path, [
        ("Maintain concrete at not less than 283.15 K for 7 days.", "Q-1#1.1"),
        ("Apply a load of not less than 10 kN to each anchor.", "Q-1#1.2"),
        ("The testing allowance is $50K.", "Q-1#1.3"),
    ])
    assert [claim["status"] for claim in verdict["claims"]] == ["ok", "ok", "ok"], verdict["claims"]
    assert verdict["verdict"] == "answer", verdict
    wrong = _check(project, tmp_path, [("Apply a load of not less than 10 kN to each anchor.", "Q-1#1.2"),
                                       ("The testing allowance is $40K.", "Q-1#1.3")])
    assert [claim["status"] for claim in wrong["claims"]] == ["ok", "unsupported_quantity"], wrong["claims"]
    assert "value_differs" in wrong["claims"][1]["detail"], wrong["claims"][1]


@pytest.mark.parametrize("shorthand", ["with 50K heaters on site", "shown on a 4K display", "rated for 10K cycles",
                                       "at a cost of 80K", "with 2K per month for fuel", "in Room 101 K wing"])
def test_a_k_written_against_a_figure_is_no_temperature(project: Path, tmp_path: Path, shorthand: str) -> None:
    """Audit 47 M2: "50K heaters" was read as 50 K (-223.1 °C) and refused against the cited 10 °C."""
    verdict = _check(project, tmp_path, [(f"Maintain concrete at not less than 10 °C for 7 days, {shorthand}.",
                                          "Q-1#1.1")])
    claim = verdict["claims"][0]
    assert "°C" not in claim["detail"].replace("10 °C", "") and "-223" not in json.dumps(verdict), claim
    assert verdict["verdict"] != "refusal", claim
