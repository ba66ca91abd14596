"""A cross-reference excuses a conflict only where the revision stating it is in force and may be
read (issue 23, thirty-third audit): the sweep had taken the qualifier links of every revision of a
document, so a superseded revision's "except as provided in 2.1.B" silenced a conflict of the
revision in force, for everyone, and a restricted revision's words changed what a public asker's
sweep reported."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project

MANIFEST = "project: q\nfacets: []\nrules:\n  - stock: qualifiers/cross-references\n"


def _revision(number: int, tail: str, access: str) -> str:
    return (f"---\nid: SPEC-Q\nkind: specification\ntitle: Concrete Work\nrevision: \"{number}\"\n"
            f"issued: 2026-0{number}-10\neffective: {{from: 2026-0{number}-15}}\n"
            f"recorded: 2026-0{number}-12T10:00:00Z\n{access}---\n# SPEC-Q Concrete Work\n\n## 2.1 Strength\n\n"
            f"A. Concrete compressive strength shall be not less than 4,000 psi at 28 days{tail}.\n\n"
            "B. Concrete compressive strength shall be not less than 5,000 psi at 28 days.\n")


def _project(root: Path, first_tail: str, first_access: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "q1.md").write_text(_revision(1, first_tail, first_access))
    (root / "documents" / "q2.md").write_text(_revision(2, "", ""))
    Project.ingest(root)
    return root


def _findings(root: Path, groups: tuple[str, ...]) -> list[str]:
    with Project.open(root) as project:
        report = project.sweep(dt.date(2026, 5, 1), groups=groups)
    return [finding.kind for finding in report.findings]


@pytest.mark.parametrize("access", ["access: [owners]\n", ""], ids=["restricted", "public"])
def test_a_superseded_revisions_cross_reference_excuses_no_conflict_of_the_one_in_force(
    tmp_path: Path, access: str,
) -> None:
    excused = _project(tmp_path / "a", " except as provided in 2.1.B", access)
    plain = _project(tmp_path / "b", " as tested in the field", access)
    for groups in ((), ("owners",)):
        assert _findings(excused, groups) == _findings(plain, groups) == ["quantity_conflict"], groups


def test_the_cross_reference_of_the_revision_in_force_still_excuses(tmp_path: Path) -> None:
    root = tmp_path / "c"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "q1.md").write_text(_revision(1, "", ""))
    (root / "documents" / "q2.md").write_text(_revision(2, "", "").replace(
        "4,000 psi at 28 days.", "4,000 psi at 28 days except as provided in 2.1.B."))
    Project.ingest(root)
    assert _findings(root, ()) == []
