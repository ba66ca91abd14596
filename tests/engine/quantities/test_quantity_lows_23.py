"""Issue 23, low findings on quantities (texts written here).

- "Mock-up panel: 8 inches." under a cover article: the label before the colon says what the
  figure is stated for — a mock-up, whose figure is its size — so the heading's cover subject
  does not carry to it (stock ``subjects/default`` INF-V002 ``unless_for``); "Grade beams:
  2 inches." under the same article is still cover.
- "3 inches plus or minus": the words of a tolerance mark with no amount after them read as
  "3 in +/-" does — an approximate figure — never as the change words "plus" and "minus".
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.quantities.conditions import APPROXIMATE
from inforce.engine.quantities.extract import default_extractor
from inforce.engine.quantities.modifiers import changed_figures, modifiers
from inforce.ontology import Answer

DAY = dt.date(2026, 5, 1)

SPEC = """\
---
id: SPEC-1
kind: specification
title: Concrete
revision: "0"
seq: 0
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

PART 3 - EXECUTION

3.2 CLEAR COVER TO REINFORCING BARS

A. Mock-up panel: 8 inches.

B. Grade beams: 2 inches.

C. Slabs on grade: 3 inches plus or minus.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lows") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lows\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "spec-1.md").write_text(SPEC, encoding="utf-8")
    Project.ingest(root)
    return root


def test_a_mock_up_s_size_under_a_cover_article_is_no_cover(project: Path) -> None:
    with Project.open(project) as opened:
        cover = {str(f.locator): f.text for f in opened.facts("concrete.cover", DAY).facts}
    assert "SPEC-1#3.2.A" not in cover  # "Mock-up panel: 8 inches." is the mock-up's size
    assert cover["SPEC-1#3.2.B"] == "2 inches"  # a member's label under the cover article: cover


@pytest.mark.parametrize("text, figure", [
    ("Slabs on grade: 3 inches plus or minus.", "3 inches"),
    ("Slab edge 3 in. plus/minus, field verify", "3 in."),
    ("Cover 2 inches (plus or minus).", "2 inches"),
])
def test_plus_or_minus_with_no_amount_makes_a_figure_approximate(text: str, figure: str) -> None:
    (mention,) = [m for m in default_extractor().extract(text).mentions if m.text.startswith(figure)]
    assert APPROXIMATE in mention.condition
    start = text.index(figure)
    assert not [m for m in modifiers(text, start, start + len(figure)) if m.family == "change"]
    assert not changed_figures(text)


def test_plus_with_an_amount_is_still_a_change_and_a_tolerance_with_one_a_range() -> None:
    assert changed_figures("the term is 7 years plus 2 years")  # "plus" with a figure: a change
    (mention,) = [m for m in default_extractor().extract("Slump 4 inches plus or minus 1 inch.").mentions]
    assert APPROXIMATE not in mention.condition  # the mark with its amount is a tolerance range


@pytest.mark.parametrize("claim, cited, status, verdict", [
    ("Cover at slabs on grade is 3 inches plus or minus.", "SPEC-1#3.2.C", "ok", "answer"),
    ("Cover at grade beams is 2 inches plus or minus.", "SPEC-1#3.2.B", "ok", "answer"),
    ("Cover at slabs on grade is 5 inches plus or minus.", "SPEC-1#3.2.C", "unsupported_quantity", "refusal"),
])
def test_a_claim_written_plus_or_minus_is_compared_as_approximate(
    project: Path, claim: str, cited: str, status: str, verdict: str
) -> None:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": DAY.isoformat(), "groups": []},
                                    "claims": [{"text": claim, "citations": [{"locator": cited}]}]})
    with Project.open(project) as opened:
        checked = opened.check(answer, tier="low")
    (result,) = checked.claims
    assert result.status == status, result
    assert checked.verdict == verdict, checked
    assert not any("change of" in w for w in result.warnings)
