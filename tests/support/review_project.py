"""A small project whose addendum the stock supersession pack reads three ways: one item it
applies (a paragraph deleted and substituted) and two it only proposes (a paragraph named with
no verb the pack reads), for the review round trip (issue 21)."""

from __future__ import annotations

from pathlib import Path

MANIFEST = """\
project: review-round-trip
facets: []
rules:
  - stock: supersession/csi-addenda
"""

SPECIFICATION = """\
---
id: SPEC-099123
kind: specification
title: Section 09 91 23 Interior Painting
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T08:00:00Z
---
SECTION 09 91 23 - INTERIOR PAINTING

PART 2 - PRODUCTS

2.1 PAINT MATERIALS

A. Primer for gypsum board: one coat of latex primer-sealer, tinted to the finish colour.

B. Finish coats for corridor walls: two coats of eggshell acrylic enamel.

C. Finish coats for wet rooms: two coats of semi-gloss epoxy-modified acrylic.

PART 3 - EXECUTION

3.1 PREPARATION

A. Fill nail holes and cracks in wood trim with a paintable filler and sand smooth.

B. Spot-prime exposed nail heads and other ferrous metal before the first coat.
"""

ADDENDUM = """\
---
id: ADD-04
kind: addendum
title: Addendum No. 4
issued: 2027-02-08
effective: {from: 2027-02-08}
recorded: 2027-02-08T15:30:00Z
---
ADDENDUM NO. 4

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 09 91 23, Paragraph 2.1.C: Delete the paragraph and substitute: "Finish coats for wet rooms: two coats of waterborne epoxy, gloss."

1.2 Section 09 91 23, Paragraph 2.1.B: corridor walls receive a scrubbable matte finish, not eggshell.

1.3 Section 09 91 23, Paragraph 3.1.A: filler for wood trim to be solvent-free.
"""

#: the two items the pack proposes, and what each would change
PROPOSED = {"ADD-04#1.2": "SPEC-099123#2.1.B", "ADD-04#1.3": "SPEC-099123#3.1.A"}
#: the item it applies
APPLIED = ("ADD-04#1.1", "SPEC-099123#2.1.C")
#: a day both documents are in force
AFTER = "2027-03-01"


def write_review_project(root: Path) -> Path:
    """The project under ``root`` (not ingested)."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-099123.md").write_text(SPECIFICATION)
    (root / "documents" / "add-04.md").write_text(ADDENDUM)
    return root
