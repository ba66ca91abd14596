"""A project whose public addendum amends paragraphs of a specification restricted to a group.

The restricted paragraphs' element, condition and heading words (``MARKS``) appear in no public
document: the addendum says only which paragraph it revises and the new figure. Read in the
paragraph's words, the new figure takes their subject, element and bound, so a caller without
the group must see none of it (``engine.access`` rule 6). The clear-cover subject is stated by
the restricted specification alone (and by the addendum read in its words), so to that caller
it is a subject that does not exist.
"""

from __future__ import annotations

from pathlib import Path

GROUP = "owner-team"
DAY = "2027-03-20"
RESTRICTED = "SPEC-034500"
#: words only the restricted specification holds
MARKS = ("quillfen", "hepatic", "hollowmere", "grimstead", "minimum")

_SPEC = f"""---
id: {RESTRICTED}
kind: specification
title: Section 03 45 00 Precast Structural Concrete
revision: "0"
issued: 2027-01-11
effective: {{from: 2027-01-11}}
recorded: 2027-01-11T09:00:00Z
access: [{GROUP}]
---
SECTION 03 45 00 - PRECAST STRUCTURAL CONCRETE

PART 2 - PRODUCTS

2.3 CONCRETE STRENGTH AT 28 DAYS IN THE HOLLOWMERE ANNEX

A. Quillfen retaining walls: 5,500 psi minimum.

B. Basins for residents with hepatic failure: 3,800 psi minimum.

PART 3 - EXECUTION

3.4 CLEAR COVER TO REINFORCING BARS AT GRIMSTEAD

A. Retaining walls: 2 inches.
"""

_PUBLIC_SPEC = """---
id: SPEC-031000
kind: specification
title: Section 03 10 00 Concrete Forming
revision: "0"
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
SECTION 03 10 00 - CONCRETE FORMING

PART 2 - PRODUCTS

2.1 MUD SLABS

A. Concrete compressive strength at 28 days: 2,500 psi.
"""

_ADDENDUM = """---
id: ADD-07
kind: addendum
title: Addendum No. 7
issued: 2027-02-15
effective: {from: 2027-02-15}
recorded: 2027-02-15T09:00:00Z
---
ADDENDUM NO. 7

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 45 00, Paragraph 2.3.A: Revise "5,500 psi" to read "6,000 psi".

1.2 Section 03 45 00, Paragraph 2.3.B: Revise "3,800 psi" to read "4,100 psi".

1.3 Section 03 45 00, Paragraph 3.4.A: Delete the paragraph and substitute: "Retaining walls: 3 inches."
"""

_MANIFEST = """project: amended-access
facets: []
rules:
  - stock: precedence/none
  - stock: supersession/csi-addenda
"""


def write_project(root: Path) -> Path:
    """Write the project under ``root`` (not ingested) and return it."""
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text(_MANIFEST)
    (docs / "spec-034500.md").write_text(_SPEC)
    (docs / "spec-031000.md").write_text(_PUBLIC_SPEC)
    (docs / "addendum-07.md").write_text(_ADDENDUM)
    # the public addendum's items name the group's paragraphs: no rule applies them by itself
    # (engine.addenda.view, access rule 7); the group's reviewer accepted them, so the edges are
    # the graph's and rule 6 is what the tests try
    (root / "reviews.yaml").write_text("".join(
        f"- item: ADD-07#{item}\n  target: {RESTRICTED}#{path}\n  scope: {scope}\n  decision: accept\n"
        "  by: a reviewer of the group\n  at: 2027-02-16T09:00:00Z\n"
        for item, path, scope in (("1.1", "2.3.A", "partial"), ("1.2", "2.3.B", "partial"), ("1.3", "3.4.A", "full"))))
    return root


def marks_in(text: str) -> list[str]:
    """The restricted words ``text`` holds (any case)."""
    low = text.lower()
    return [mark for mark in MARKS if mark in low]


# ---- a second project: the addendum's own words bind the figure (issue 23) ------------------

#: A public addendum revises a figure of a restricted paragraph in words that bind its subject
#: themselves ('the compressive strength "3,800 psi" to read "4,600 psi"'); read in the
#: paragraph's sentence the new figure also takes the paragraph's element. A caller without the
#: group is served the figure as the addendum's own words read it (no element), one with the
#: group the full reading; a public drawing callout of another strength conflicts with it for both.
OWN_RESTRICTED = "SPEC-036100"
OWN_ITEM = "ADD-11#1.1"
OWN_CALLOUT = "DWG-S-140#callout-2"
#: words only the restricted specification holds
OWN_MARKS = ("varrowmede", "tollmere", "brinewell", "plinth")

_OWN_SPEC = f"""---
id: {OWN_RESTRICTED}
kind: specification
title: Section 03 61 00 Cistern Concrete at Varrowmede
revision: "0"
issued: 2027-01-11
effective: {{from: 2027-01-11}}
recorded: 2027-01-11T09:00:00Z
access: [{GROUP}]
---
SECTION 03 61 00 - CISTERN CONCRETE

PART 2 - PRODUCTS

2.2 CONCRETE STRENGTH AT 28 DAYS AT THE TOLLMERE CISTERN

A. Plinths under the brinewell pumps: 3,800 psi minimum.
"""

_OWN_ADDENDUM = """---
id: ADD-11
kind: addendum
title: Addendum No. 11
issued: 2027-02-15
effective: {from: 2027-02-15}
recorded: 2027-02-15T09:00:00Z
---
ADDENDUM NO. 11

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 61 00, Paragraph 2.2.A: Revise the compressive strength "3,800 psi" to read "4,600 psi".
"""

_OWN_DRAWING = """id: DWG-S-140
kind: drawing
sheet: S-140
title: Cistern Details
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
callouts:
  - id: callout-2
    text: "CONCRETE f'c = 5,000 PSI @ 28 DAYS"
"""


def write_own_reading_project(root: Path) -> Path:
    """Write the second project under ``root`` (not ingested) and return it."""
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text(_MANIFEST.replace("amended-access", "own-reading"))
    (docs / "spec-036100.md").write_text(_OWN_SPEC)
    (docs / "addendum-11.md").write_text(_OWN_ADDENDUM)
    (docs / "S-140.drawing.yaml").write_text(_OWN_DRAWING)
    # the public item names a paragraph only the group may read: no rule applies it by itself
    # (engine.addenda.view, access rule 7); the group's reviewer accepted it, so the edge is
    # the graph's and rule 6 (the figure read in the restricted paragraph's words) is what is tried
    (root / "reviews.yaml").write_text(
        f"- item: ADD-11#1.1\n  target: {OWN_RESTRICTED}#2.2.A\n  scope: partial\n  decision: accept\n"
        "  by: a reviewer of the group\n  at: 2027-02-16T09:00:00Z\n")
    return root


def own_marks_in(text: str) -> list[str]:
    """The second project's restricted words ``text`` holds (any case)."""
    low = text.lower()
    return [mark for mark in OWN_MARKS if mark in low]
