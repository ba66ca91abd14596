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

A. Concrete for mud slabs: 2,500 psi at 28 days.
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
    return root


def marks_in(text: str) -> list[str]:
    """The restricted words ``text`` holds (any case)."""
    low = text.lower()
    return [mark for mark in MARKS if mark in low]
