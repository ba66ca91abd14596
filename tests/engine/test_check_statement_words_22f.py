"""Issue 22 (fix22f): a right answer about a statement's figure is an answer, not an escalation.

"The group spent €61.3 million on property and equipment" citing the row "Purchase of
property and equipment (61,310)" under "(€ thousands)", and "leverage was 2.1 times" citing
"2.1x", say what the statement says: the reporting entity, an outflow's verb and the glued
multiplier's word are no modifiers of the figure. Another word beside it ("a further") still
escalates, and a wrong year is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import Answer

_REPORT = """---
id: KESTREL-AR
kind: other
title: Kestrel Holdings annual report 2026
revision: "1"
seq: 1
issued: 2027-03-01
effective: {from: 2027-03-01}
recorded: 2027-03-01T09:00:00Z
---
KESTREL HOLDINGS ANNUAL REPORT 2026

5 CASH FLOWS

(€ thousands)                          2026          2025
Purchase of property and equipment   (61,310)      (58,420)
Operating profit                      204,900       188,300

6 LEVERAGE

Net debt to EBITDA stood at 2.1x at year end.
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("kestrel")
    (root / "documents").mkdir()
    (root / "documents" / "ar.md").write_text(_REPORT)
    (root / "inforce.yaml").write_text("project: kestrel\nfacets: []\nrules: []\n")
    ingest_project(root)
    return root


def _verdict(project: Path, text: str, locator: str) -> tuple[str, str, list[str]]:
    answer = {"question": "q", "context": {"groups": [], "valid_at": "2027-04-01"},
              "claims": [{"text": text, "citations": [{"locator": locator}]}]}
    with Project.open(project) as opened:
        result = opened.check(Answer.model_validate(answer), tier="low")
    claim = result.claims[0]
    return result.verdict, claim.status, [*claim.warnings, claim.detail]


@pytest.mark.slow
@pytest.mark.parametrize(("text", "locator"), [
    ("The group spent €61.3 million on property and equipment in 2026.", "KESTREL-AR#5"),
    ("Capital expenditure was €61.3 million in 2026.", "KESTREL-AR#5"),
    ("Net debt to EBITDA was 2.1 times.", "KESTREL-AR#6"),
])
def test_a_right_answer_about_a_statement_is_an_answer(report: Path, text: str, locator: str) -> None:
    verdict, status, said = _verdict(report, text, locator)
    assert (verdict, status) == ("answer", "ok"), said


@pytest.mark.slow
def test_a_word_that_changes_the_figure_still_escalates(report: Path) -> None:
    verdict, status, said = _verdict(report, "The group spent a further €61.3 million on property and equipment.",
                                     "KESTREL-AR#5")
    assert status == "ok" and verdict == "escalation", said
    assert any("further" in line for line in said) and not any("'spent'" in line for line in said)


@pytest.mark.slow
def test_the_other_years_figure_is_refused(report: Path) -> None:
    verdict, status, said = _verdict(report, "The group spent €58.4 million on property and equipment in 2026.",
                                     "KESTREL-AR#5")
    assert status == "unsupported_quantity" and "2025 figure" in said[-1], said
