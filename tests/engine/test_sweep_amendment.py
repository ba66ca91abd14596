"""The sweep over a partial amendment that restates a quantity (issue 21, the audit's H6): the
amended paragraph's old statement against the amending item's new one is not a question for
precedence (both sides are the same provision) but supersession's: the amendment is in force."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.engine import Project

RIVERSIDE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"

AMENDING = """\
---
id: ADD-03
kind: addendum
title: Addendum No. 3
issued: 2026-04-20
effective: {from: 2026-04-20}
recorded: 2026-04-20T12:00:00Z
---
ADDENDUM NO. 3

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 30 00, Paragraph 2.1.B: Revise the maximum water-cementitious materials ratio to 0.40.
"""


@pytest.mark.slow
def test_a_partial_amendment_stating_a_quantity_is_resolved_by_supersession(tmp_path):
    root = Path(shutil.copytree(RIVERSIDE, tmp_path / "p", ignore=shutil.ignore_patterns(".inforce", "reviews.yaml")))
    (root / "documents" / "addendum-03.md").write_text(AMENDING)
    result = Project.ingest(root)
    assert [(str(e.by), str(e.target), e.scope) for e in result.derived if e.by.doc == "ADD-03"] == [
        ("ADD-03#1.1", "SPEC-033000#2.1.B", "partial")]
    with Project.open(root) as project:
        report = project.sweep(dt.date(2026, 5, 1))  # before the fix: InputError "both sides are SPEC-033000#2.1.B"
        shown = project.sweep(dt.date(2026, 5, 1), include_superseded=True)
    assert report.summary.superseded_left_out >= 1
    assert not [f for f in report.findings if {str(p.locator) for p in f.provisions} >= {"ADD-03#1.1"}
                and f.resolution != "resolved_by_supersession" and f.kind != "unapplied_item"]
    (amended,) = [f for f in shown.findings if f.resolution == "resolved_by_supersession"
                  and {str(p.locator) for p in f.provisions} == {"SPEC-033000#2.1.B", "ADD-03#1.1"}]
    assert str(amended.winner) == "ADD-03#1.1" and "amends SPEC-033000#2.1.B" in amended.explanation
