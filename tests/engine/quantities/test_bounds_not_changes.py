"""A bound phrase after a provision's number is no change; ℃, ℉ and a superscript-zero degree are read.

A spec provision "1.3 Pipe pressure not more than 250 psi." read its own number with the word
after it ("1.3 Pipe") as a figure, and the "more" of the bound "not more than" as that figure's
change: a true claim copied word for word escalated as citing "a change of 'not more than 250
psi'". A provision's dotted number first on its line is its label, and a change word inside a
bound phrase that belongs to the figure after it ("not more than 250 psi") changes nothing.
A change written as one ("3 years more", "increased by 3 years", "a further 3 years") still is.
"40℃" and "900℉" (one character for "°C" and "°F") were read as bare numbers and a true claim
refused; "40⁰C" (a superscript zero for the degree sign) was named unread. Everything runs
through the CLI; the documents are written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import verdict_of
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.addenda.slots import change_spans

runner = CliRunner()

_SPEC = """---
id: B-1
kind: specification
title: T
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T00:00:00Z
---
1 GENERAL

1.1 Oven temperature not more than 250 °F.

1.2 Bath temperature 40 °C.

1.3 Pipe pressure not more than 250 psi.

1.4 Tank pressure no more than 90 psi.

1.5 Slab thickness not less than 150 mm.

1.6 Duct velocity more than 4 m/s.

1.7 Cure time 7 days or more.

1.8 Tank temperature 60℃.

1.9 Kiln temperature 900℉.

1.10 The warranty period is extended by 2 years.
"""


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bounds") / "q"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "b-1.md").write_text(_SPEC, encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return root


@pytest.mark.parametrize(("locator", "claim"), [
    ("B-1#1.3", "Pipe pressure not more than 250 psi."),
    ("B-1#1.1", "Oven temperature not more than 250 °F."),
    ("B-1#1.4", "Tank pressure no more than 90 psi."),
    ("B-1#1.5", "Slab thickness not less than 150 mm."),
    ("B-1#1.6", "Duct velocity more than 4 m/s."),
    ("B-1#1.7", "Cure time 7 days or more."),
])
def test_a_true_bound_copied_word_for_word_is_answered(ingested: Path, tmp_path: Path, locator: str,
                                                        claim: str) -> None:
    verdict, out = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", out
    assert not any("states a change" in w for w in out.get("warnings", [])), out


@pytest.mark.parametrize("text", [
    "1.3 Pipe pressure not more than 250 psi.",
    "Pipe pressure not more than 250 psi.",
    "Tank 2 pressure not more than 250 psi.",
    "2.1.4 Slab thickness no less than 150 mm.",
    "Line 3 velocity, no longer than 2 hours.",
])
def test_a_bound_or_a_label_is_no_change(text: str) -> None:
    assert change_spans(text) == ()


@pytest.mark.parametrize("text", [
    "The period is increased by 3 years.",
    "Retain records 3 years more.",
    "Extend the period by 2 years.",
    "Keep them a further 3 years.",
    "1.3 Retain records 3 years longer than before.",
])
def test_a_change_is_still_a_change(text: str) -> None:
    assert change_spans(text) != ()


def test_a_value_differing_from_a_change_still_escalates(ingested: Path, tmp_path: Path) -> None:
    verdict, out = verdict_of(ingested, tmp_path, "B-1#1.10", "The warranty period is 2 years.")
    assert verdict != "answer", out


@pytest.mark.parametrize(("locator", "claim"), [
    ("B-1#1.2", "Bath temperature 40℃."),
    ("B-1#1.2", "Bath temperature 40 ℃."),
    ("B-1#1.2", "Bath temperature 40⁰C."),
    ("B-1#1.8", "Tank temperature 60 °C."),
    ("B-1#1.8", "Tank temperature 60℃."),
    ("B-1#1.9", "Kiln temperature 900 °F."),
    ("B-1#1.9", "Kiln temperature 900 ⁰F."),
])
def test_a_one_character_or_superscript_degree_is_read(ingested: Path, tmp_path: Path, locator: str,
                                                        claim: str) -> None:
    verdict, out = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "answer", out


@pytest.mark.parametrize(("locator", "claim"), [
    ("B-1#1.2", "Bath temperature 45℃."),
    ("B-1#1.2", "Bath temperature 40℉."),
    ("B-1#1.8", "Tank temperature 70 °C."),
    ("B-1#1.9", "Kiln temperature 900 °C."),
    ("B-1#1.2", "Bath temperature 45⁰C."),
])
def test_a_false_figure_with_such_a_degree_is_refused(ingested: Path, tmp_path: Path, locator: str,
                                                       claim: str) -> None:
    verdict, out = verdict_of(ingested, tmp_path, locator, claim)
    assert verdict == "refusal", out
    assert out["status"] == "unsupported_quantity", out
