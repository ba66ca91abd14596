"""Audit 57-B H (erase): a run again finds what the first run found.

The first read-back looks for runs of erased words the record keeps no hash of (a product code
alone, a short clause: too plain to keep, a guesser could list them). A file holding erased text
only by such a run was named by the first run and, unchanged, called free of it by the next
(riverside's README.md holding "Cold-Weather"). The record now keeps such a file by its hash:
named again while unchanged, named as not looked for once changed.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from inforce.engine import Project

_SPEC = """---
id: SPEC-570
kind: specification
title: Section 07 92 00 Joint Sealants
revision: "0"
seq: 1
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
---
# SECTION 07 92 00 - JOINT SEALANTS

## PART 2 - PRODUCTS

2.1 SEALANTS

A. Exterior joints in the precast panels take sealant {code} over a closed-cell backer rod.

B. Interior joints at door frames take a paintable acrylic latex sealant from any maker.
"""


@pytest.mark.slow
def test_a_file_found_by_a_run_not_kept_is_found_again_while_unchanged(tmp_path: Path) -> None:
    code = "Sx" + secrets.token_hex(5) + "Qm"
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-57\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-570.md").write_text(_SPEC.format(code=code))
    (root / "notes.txt").write_text(f"Submittal log: {code} pending.\n")  # the code alone: no run kept
    Project.ingest(root)
    with Project.open(root) as opened:
        first = opened.erase("SPEC-570", by="R. Keeper")
    assert "notes.txt" in first.remaining
    with Project.open(root) as opened:
        again = opened.erase("SPEC-570", by="R. Keeper")
    assert again.already_done and "notes.txt" in again.remaining, again
    (root / "notes.txt").write_text(f"Submittal log: {code} approved.\n")
    with Project.open(root) as opened:
        changed = opened.erase("SPEC-570", by="R. Keeper")
    assert "notes.txt" not in changed.remaining
    assert any(name.startswith("notes.txt (changed since") for name in changed.not_looked_for), changed.not_looked_for
