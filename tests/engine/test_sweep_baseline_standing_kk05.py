"""Audit KK-05 (low): ``sweep --baseline``: a baseline finding on an amending item whose standing
rests on a document a restricted revision decides that day (93b2cb3: the run does not compare
it) was listed ``gone``; like one on a withheld document it is counted ``baseline_withheld``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from inforce.engine import Project
from inforce.engine.sweep import against_baseline

_SPEC = ("---\nid: SPEC-X\nkind: specification\ntitle: Concrete\nrevision: \"{rev}\"\nseq: {seq}\nissued: {day}\n"
         "effective: {{from: {day}}}\nrecorded: {day}T09:00:00Z\n{access}---\nSECTION 03 30 00\n\n"
         "PART 2 - PRODUCTS\n\n2.1 CONCRETE MIXTURES\n\n{a}B. Slump: not more than 4 inches.\n")
_ADD = ("---\nid: ADD-01\nkind: addendum\ntitle: Addendum No. 1\nissued: 2026-04-01\neffective: {from: 2026-04-01}\n"
        "recorded: 2026-04-01T09:00:00Z\n---\nADDENDUM NO. 1\n\n1 CHANGES TO THE SPECIFICATIONS\n\n"
        "1.1 Section 03 30 00, Paragraph 2.1.A: Revise the water-cement ratio to read: "
        "\"the water-cement ratio shall not exceed 0.42.\"\n")


def test_a_baseline_finding_on_an_item_whose_standing_is_withheld_is_not_gone(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: kk\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "a.md").write_text(_SPEC.format(
        rev="A", seq=1, day="2026-03-01", access="",
        a="A. Maximum water-cement ratio: the water-cement ratio shall not exceed 0.45.\n\n"))
    (root / "documents" / "b.md").write_text(_SPEC.format(rev="B", seq=2, day="2026-06-01", access="access: [legal]\n", a=""))
    (root / "documents" / "add.md").write_text(_ADD)
    Project.ingest(root)
    baseline = [("b561bbf249b9d71b", "quantity_conflict", ("ADD-01#1.1", "SPEC-Y#2.1.A"), None)]
    with Project.open(root) as opened:
        report = opened.sweep(dt.date(2026, 7, 1), groups=())
        marked = against_baseline(report, baseline, "base.json")
        assert marked.gone == () and marked.baseline_withheld == 1, (marked.gone, marked.baseline_withheld)
        assert report._withheld_provisions == frozenset({"ADD-01#1.1"})
        # the legal group compares it: it is gone (nothing in this project states 0.40)
        legal = against_baseline(opened.sweep(dt.date(2026, 7, 1), groups=("legal",)), baseline, "base.json")
        assert [g.id for g in legal.gone] == ["b561bbf249b9d71b"] and legal.baseline_withheld == 0
