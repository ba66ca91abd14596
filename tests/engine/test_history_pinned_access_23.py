"""A pinned history is no oracle over a restricted revision's sections (issue 23, twenty-second audit).

``history SPEC@0#2.4``, pinned to a public revision, answered "0 entries, withheld" for a section
only the restricted revision 1 holds, and NotFoundError for a section no revision holds: asked
one path at a time, it listed the restricted revision's sections. Both must read alike to an
asker outside the group (the gate looks for the path only in revisions the asker may read),
and the group's member still gets the section's history.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import NotFoundError


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\n")
    head = ("---\nid: SPEC-T\nkind: specification\ntitle: Temporary works\nrevision: \"{label}\"\nseq: {seq}\n"
            "issued: {day}\neffective: {{from: {day}}}\nrecorded: {day}T09:00:00Z\n{more}---\n1 GENERAL\n\n")
    (root / "documents" / "r0.md").write_text(
        head.format(label="0", seq=1, day="2026-03-01", more="") + "1.1 Fence height: at least 6 feet.\n")
    (root / "documents" / "r1.md").write_text(
        head.format(label="1", seq=2, day="2026-04-01", more="access: [owners]\n")
        + "1.1 Fence height: at least 8 feet.\n\n1.4 Gates: two per side.\n")
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return Project.open(_project(tmp_path_factory.mktemp("pinned")))


@pytest.mark.parametrize("locator", ["SPEC-T@0#1.4", "SPEC-T#1.4"])
def test_a_section_only_a_restricted_revision_holds_reads_as_one_no_revision_holds(project: Project, locator: str):
    absent = locator.replace("1.4", "1.9")
    with pytest.raises(NotFoundError) as held_only_there:
        project.history(locator, groups=())
    with pytest.raises(NotFoundError) as held_nowhere:
        project.history(absent, groups=())
    assert str(held_only_there.value).replace("1.4", "X") == str(held_nowhere.value).replace("1.9", "X")


def test_the_group_still_reads_the_section_s_history_and_the_public_one_is_served(project: Project):
    assert project.history("SPEC-T@0#1.4", groups=("owners",)).versions
    assert project.history("SPEC-T@0#1.1", groups=()).versions
