"""The figure an addendum replaces in part is out of force in the sweep (issue 22's leftovers).

'Revise "4,500 psi" to read "5,000 psi"' leaves the paragraph's stored words, and its
4,500 psi, as they were: ``facts`` lists that figure marked ``amended_by``. The sweep compares
the amendment's 5,000 psi with the drawing, and never the paragraph's 4,500 psi with a third
statement: that would be a false conflict (the drawing agrees with the amendment) or a true
one reported on the wrong figure. A figure of the same paragraph the item does not change
(another element's) is still in force and still compared, and an asker who may not read the
addendum is not told of it: for them the old figure still escalates, resting on a document
they may not read.

Also here: words an addendum adds to a paragraph under a cover heading that give a thing's
size ("Mock-up panel 8 feet long") are no cover, in the addendum as in the specification.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project

DAY = dt.date(2027, 3, 20)
GROUP = "owner-team"

MANIFEST = """\
project: quay-pump-house
facets: []
rules:
  - stock: precedence/far-52-236-21
  - stock: supersession/csi-addenda
"""

SPECIFICATION = """\
---
id: SPEC-033100
kind: specification
title: Section 03 31 00 Structural Concrete
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
SECTION 03 31 00 - STRUCTURAL CONCRETE

PART 2 - PRODUCTS

2.4 STRENGTH OF CONCRETE AT 28 DAYS

A. Grade beams: 4,500 psi minimum.

B. Pump pads: 3,500 psi minimum.

PART 3 - EXECUTION

3.2 CLEAR COVER TO REINFORCING BARS

A. Grade beams: 2 inches.

B. Trial panel 8 inches long.
"""

SHEET = """\
---
id: DWG-S-110
kind: drawing
title: Pump House Structural Notes
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
STRUCTURAL NOTES

1. STRENGTH OF CONCRETE AT 28 DAYS:
   a. GRADE BEAMS: 5000 PSI
   b. PUMP PADS: 3000 PSI
2. CLEAR COVER TO REINFORCING BARS:
   a. GRADE BEAMS: 2"
"""

ADDENDUM = """\
---
id: ADD-04
kind: addendum
title: Addendum No. 4
issued: 2027-02-15
effective: {from: 2027-02-15}
recorded: 2027-02-15T09:00:00Z
{access}---
ADDENDUM NO. 4

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 31 00, Paragraph 2.4.A: Revise "4,500 psi" to read "5,000 psi".

1.2 Section 03 31 00, Paragraph 3.2.A: Add the following sentence at the end: "Mock-up panel 8 feet long."
"""


def _project(root: Path, *, restricted: bool = False) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-033100.md").write_text(SPECIFICATION)
    (root / "documents" / "s-110.md").write_text(SHEET)
    access = f"access: [{GROUP}]\n" if restricted else ""
    (root / "documents" / "addendum-04.md").write_text(ADDENDUM.replace("{access}", access))
    result = Project.ingest(root)
    assert sorted((str(e.by), str(e.target), e.scope) for e in result.derived) == [
        ("ADD-04#1.1", "SPEC-033100#2.4.A", "partial"),
        ("ADD-04#1.2", "SPEC-033100#3.2.A", "partial"),
    ]
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _project(tmp_path_factory.mktemp("replaced") / "p")


def _pairs(report) -> dict[frozenset[str], object]:
    return {frozenset(str(p.locator) for p in f.provisions): f for f in report.findings}


@pytest.mark.slow
def test_the_replaced_figure_is_compared_with_nothing_but_its_amendment(project):
    with Project.open(project) as opened:
        listed = {str(f.locator): f for f in opened.facts("concrete.compressive_strength", DAY).facts}
        report = opened.sweep(DAY)
        shown = opened.sweep(DAY, include_superseded=True)
    assert [str(a) for a in listed["SPEC-033100#2.4.A"].amended_by] == ["ADD-04#1.1"]  # facts: listed, may be stale
    found = _pairs(report)
    # the drawing's 5000 PSI agrees with the amendment: no conflict with the paragraph's old 4,500 psi
    assert frozenset({"DWG-S-110#1.a", "SPEC-033100#2.4.A"}) not in found
    assert frozenset({"ADD-04#1.1", "DWG-S-110#1.a"}) not in found
    assert report.summary.superseded_left_out >= 1
    # the paragraph's other element, which the item leaves as it was, is still compared
    pads = found[frozenset({"DWG-S-110#1.b", "SPEC-033100#2.4.B"})]
    assert pads.subject == "concrete.compressive_strength" and pads.resolution == "resolved_by_precedence"
    # with --include-superseded the pair is shown, resolved by the amendment, with no winner
    (stale,) = [f for f in shown.findings
                if {str(p.locator) for p in f.provisions} == {"DWG-S-110#1.a", "SPEC-033100#2.4.A"}]
    assert stale.resolution == "resolved_by_supersession" and stale.winner is None
    assert "ADD-04#1.1 amends SPEC-033100#2.4.A" in stale.explanation and "'5,000 psi'" in stale.explanation


@pytest.mark.slow
def test_a_length_added_under_a_cover_heading_is_no_cover(project):
    """'Mock-up panel 8 feet long' added to a cover paragraph, and 'Trial panel 8 inches long'
    under the cover article: sizes of things, not cover (one rule, in the specification as in
    the addendum's words read in its target's headings)."""
    with Project.open(project) as opened:
        cover = [(str(f.locator), f.text) for f in opened.facts("concrete.cover", DAY).facts]
        report = opened.sweep(DAY)
    assert sorted(cover) == [("DWG-S-110#2.a", '2"'), ("SPEC-033100#3.2.A", "2 inches")]
    assert not [f for f in report.findings if f.subject == "concrete.cover"]


@pytest.mark.slow
def test_only_an_asker_who_may_read_the_amendment_has_the_old_figure_left_out(tmp_path):
    """The amending item is what puts the old figure out of force; an asker who may not read it
    is not told of it: the old figure against the drawing escalates as resting on a document
    they may not read, named by its id alone (the sweep's rule for a restricted amendment)."""
    root = _project(tmp_path / "p", restricted=True)
    with Project.open(root) as opened:
        hidden = opened.sweep(DAY)
        member = opened.sweep(DAY, groups=[GROUP])
    stale = frozenset({"DWG-S-110#1.a", "SPEC-033100#2.4.A"})
    found = _pairs(hidden)
    assert found[stale].resolution == "escalate" and "ADD-04" in hidden.summary.withheld
    assert "ADD-04#" not in hidden.model_dump_json()  # the amendment named by its document id alone
    assert frozenset({"DWG-S-110#1.b", "SPEC-033100#2.4.B"}) in found
    # one who may read it: the amendment is in force in its place, the old figure is compared with nothing
    assert stale not in _pairs(member) and member.summary.superseded_left_out >= 1
    assert not [f for f in member.findings if "SPEC-033100#2.4.A" in {str(p.locator) for p in f.provisions}]
