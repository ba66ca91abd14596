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


DELETING = """\
---
id: CO-09
kind: change_order
title: Change Order No. 9
issued: 2026-04-25
effective: {from: 2026-04-25}
recorded: 2026-04-25T12:00:00Z
---
CHANGE ORDER NO. 9

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 30 00, Paragraph 2.1.B: Delete the paragraph in its entirety.
"""

STATING = """\
---
id: MEMO-12
kind: specification
title: Site concrete memo
issued: 2026-04-01
effective: {from: 2026-04-01}
recorded: 2026-04-01T12:00:00Z
---
# Site concrete

## 1 Mixes

1.1 Maximum water-cementitious materials ratio: 0.50.
"""


@pytest.mark.slow
def test_an_amendment_of_a_paragraph_deleted_later_is_not_a_conflict_and_no_crash(tmp_path):
    """Found while grouping the sweep's findings (issue 23, N1): the amending item's statement
    stands for the paragraph it amends; once a change order deletes that paragraph, weighing
    it against another document's statement raised NotFoundError and the sweep exited 2."""
    root = Path(shutil.copytree(RIVERSIDE, tmp_path / "p", ignore=shutil.ignore_patterns(".inforce", "reviews.yaml")))
    (root / "documents" / "addendum-03.md").write_text(AMENDING)
    (root / "documents" / "co-09.md").write_text(DELETING)
    (root / "documents" / "memo-12.md").write_text(STATING)
    result = Project.ingest(root)
    assert ("CO-09#1.1", "SPEC-033000#2.1.B", "full") in {(str(e.by), str(e.target), e.scope) for e in result.derived}
    with Project.open(root) as project:
        report = project.sweep(dt.date(2026, 5, 1))
        shown = project.sweep(dt.date(2026, 5, 1), include_superseded=True)
    with_amendment = [f for f in report.findings if "ADD-03#1.1" in {str(p.locator) for p in f.provisions}]
    assert not with_amendment and report.summary.superseded_left_out >= 1
    (lapsed,) = [f for f in shown.findings
                 if {str(p.locator) for p in f.provisions} == {"ADD-03#1.1", "MEMO-12#1.1"}]
    assert lapsed.resolution == "resolved_by_supersession" and lapsed.winner is None
    assert "not in force on 2026-05-01" in lapsed.explanation and "CO-09" not in lapsed.explanation
