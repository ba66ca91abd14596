"""An addendum's new figure that no subject binds in the item's own words, but that is read in
the words of the paragraph it replaces (``amendments.amended_rows``), is not reported unbound at
ingest: the report counts only the figures that stay unbound."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from inforce.engine import Project

SPEC = """\
---
id: SPEC-034500
kind: specification
title: Section 03 45 00 Precast Architectural Concrete
revision: "0"
seq: 1
issued: 2027-02-01
effective: {from: 2027-02-01}
recorded: 2027-02-01T08:00:00Z
---
SECTION 03 45 00 - PRECAST ARCHITECTURAL CONCRETE

PART 3 - EXECUTION

3.6 CONCRETE COVER

A. Panel faces toward the weather: 1 inch.

B. Spandrel soffits over the plaza: 3/4 inch.
"""

ADDENDUM = """\
---
id: ADD-07
kind: addendum
title: Addendum No. 7
issued: 2027-03-05
effective: {from: 2027-03-05}
recorded: 2027-03-05T10:00:00Z
---
ADDENDUM NO. 7

1.1 Section 03 45 00, Paragraph 3.6.B: Delete the paragraph and substitute: "Spandrel soffits over the plaza: 1-1/4 inches."

1.2 Section 03 45 00, Paragraph 3.6.A: Add the following sentence at the end: "Notify the Architect 48 hours before casting the mock-up."
"""


def _project(root: Path, *, addendum: bool = True) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: plaza-precast\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n", encoding="utf-8")
    (root / "documents" / "spec-034500.md").write_text(SPEC, encoding="utf-8")
    if addendum:
        (root / "documents" / "addendum-07.md").write_text(ADDENDUM, encoding="utf-8")
    return root


def test_a_substituted_figure_bound_in_its_targets_words_is_not_listed_unbound(tmp_path):
    root = _project(tmp_path / "p")
    result = Project.ingest(root)
    # the amended reading binds it: facts show the new cover figure
    texts = [fact.text for fact in Project.open(root).facts("concrete.cover", dt.date(2027, 4, 1)).facts]
    assert any("1-1/4" in text for text in texts), texts
    report = result.unbound
    listed = [(item.file, item.text) for item in report.items]
    assert not any("1-1/4" in text for _, text in listed), listed
    # a figure the target's words leave unbound still is (48 hours: no subject)
    assert ("documents/addendum-07.md", "48 hours") in listed, listed
    assert report.total == len(report.items) + report.more


def test_the_count_drops_by_the_figures_read_in_their_targets_words(tmp_path):
    alone = Project.ingest(_project(tmp_path / "a", addendum=False)).unbound
    both = Project.ingest(_project(tmp_path / "b")).unbound
    # the addendum adds one unbound figure (48 hours) and one that its target binds (1-1/4 inches)
    assert both.total - (alone.total if alone is not None else 0) == 1, (both, alone)
