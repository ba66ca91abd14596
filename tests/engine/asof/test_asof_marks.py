"""Where an as-of answer's consolidated text marks what replaced or amended a part
(``AsOfAnswer.marks``): made where the text is made, so a page marks and links the parts without
reading markers back out of the words; never in the JSON, whose contract has the markers in text."""

from __future__ import annotations

import datetime as dt
import json

from inforce.engine import Project

DAY = dt.date(2026, 5, 1)


def test_a_replaced_paragraph_is_marked_where_its_replacement_stands(ingested_example) -> None:
    project = Project.open(ingested_example("riverside-library"))
    try:
        answer = project.asof("SPEC-033000#2.1", DAY)
        assert answer.in_force and answer.text is not None
        (mark,) = answer.marks
        assert (mark.kind, mark.path, mark.in_force) == ("replaced", "2.1.A", True)
        assert [str(b) for b in mark.by] == ["ADD-02@0#1.3"]
        marked = answer.text[mark.start:mark.end]
        assert marked.startswith("[2.1.A replaced by ADD-02@0#1.3] ") and marked.endswith("5,000 psi.\"")
        assert "marks" not in json.loads(answer.model_dump_json())
        # before the addendum took effect: the text as issued, nothing marked
        before = project.asof("SPEC-033000#2.1", dt.date(2026, 3, 15))
        assert before.marks == () and "[2.1.A" not in (before.text or "")
    finally:
        project.close()


def test_every_mark_names_what_its_marker_names(ingested_example) -> None:
    """Across the example's sections on the day: each mark's slice starts with its marker, and
    every locator the mark links is named in that marker."""
    project = Project.open(ingested_example("riverside-library"))
    try:
        seen = 0
        for locator in ("SPEC-033000#2.1", "SPEC-033000#3.1", "SPEC-033000", "SPEC-004113", "DWG-S-101"):
            try:
                answer = project.asof(locator, DAY)
            except Exception:  # noqa: BLE001 - a locator the example lacks says nothing here
                continue
            for mark in getattr(answer, "marks", ()):
                seen += 1
                marked = answer.text[mark.start:mark.end]
                head = marked[marked.index("["):marked.index("]") + 1]
                assert mark.path in head and all(str(b) in head for b in mark.by), (locator, head)
        assert seen >= 1
    finally:
        project.close()
