"""Issue 22 (fix22f): the age a list heading states is the cited item's age.

``3. MIX DESIGN STRENGTH AT 56 DAYS:`` over ``b. MAT FOUNDATION 6000 PSI``: a claim "the mat
foundation concrete is 6000 psi at 56 days" citing the item is supported (its age is where
facts read it: the heading); the wrong age is not, and a heading's age supports no claim of
another dimension."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine.quantities.claims import check_claim_quantities

from one_claim import claim_status

_HEADING = "3. MIX DESIGN STRENGTH AT 56 DAYS:"
_ITEM = "   b. MAT FOUNDATION 6000 PSI"


def test_the_age_in_the_heading_supports_the_claims_age() -> None:
    found = check_claim_quantities("The mat foundation concrete is 6000 psi at 56 days.", [_ITEM],
                                   cited_headings=[(_HEADING,)])
    assert found.status == "ok", found.unmatched


def test_another_age_is_refused_naming_the_headings() -> None:
    found = check_claim_quantities("The mat foundation concrete is 6000 psi at 28 days.", [_ITEM],
                                   cited_headings=[(_HEADING,)])
    assert found.status == "unsupported_quantity"
    assert [u.claim.text for u in found.unmatched] == ["28 days"]
    assert "56 DAYS" in found.unmatched[0].explanation


def test_no_heading_no_age() -> None:
    found = check_claim_quantities("The mat foundation concrete is 6000 psi at 56 days.", [_ITEM])
    assert found.status == "unsupported_quantity"


_SHEET = """---
id: DWG-S-031
kind: drawing
title: Mat foundation notes
revision: "0"
seq: 1
issued: 2026-04-01
effective: {from: 2026-04-01}
recorded: 2026-04-01T09:00:00Z
---
MAT FOUNDATION NOTES

1. GENERAL
   a. ALL WORK PER THE SPECIFICATIONS.

2. CONCRETE - MIX DESIGN STRENGTH AT 56 DAYS:
   A. MAT FOUNDATION 6000 PSI
   B. ELEVATOR PIT WALLS 5000 PSI
"""


@pytest.fixture(scope="module")
def mat(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("mat")
    (root / "documents").mkdir()
    (root / "documents" / "s-031.md").write_text(_SHEET)
    (root / "inforce.yaml").write_text("project: mat\nfacets: []\nrules: []\n")
    ingest_project(root)
    return root


_status = claim_status  # one home: tests/support/one_claim.py


@pytest.mark.slow
def test_check_reads_the_age_from_the_cited_items_heading(mat: Path) -> None:
    status, shown = _status(mat, "Elevator pit wall concrete is 5000 psi at 56 days.", "DWG-S-031#2.B")
    assert status == "ok", shown
    status, shown = _status(mat, "Elevator pit wall concrete is 5000 psi at 7 days.", "DWG-S-031#2.B")
    assert status == "unsupported_quantity" and "7 days" in shown
