"""Audit 35 (issue 23, hostile round), the project records an ingest and an erasure read.

CC-01 (high): the thirty-fourth audit's fix told an unreadable ``reviews.yaml`` by line alone on
the read paths, but ``ingest --groups`` (and the service's ingest and erase) read it before the
ingest's own withholding, and quoted the restricted entry's line and values to an asker without
the group. CC-02: an unfinished erasure of a restricted document was named (its id, who, when) by
``ingest --groups``. CC-03: ``lag --groups`` failed (exit 2) on a review file naming an item the
project lacks, where an asker with every group was told "reviews.yaml edited".
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import InputErrors
from tests.engine.test_access_withheld_34 import BROKEN, public_and_restricted


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return public_and_restricted(tmp_path_factory.mktemp("cc") / "p", "p35")


@pytest.fixture()
def project(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "p"))


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_ingest_and_erase_tell_a_broken_review_file_to_no_one_outside_its_groups(project: Path, kind: str) -> None:
    (project / "reviews.yaml").write_text(BROKEN[kind])
    with pytest.raises(InputErrors) as refused:
        Project.ingest(project, groups=("nobody",))
    assert "ZZ" not in str(refused.value) and "6,000" not in str(refused.value)
    assert "withheld" in str(refused.value)
    with pytest.raises(InputErrors) as whole:  # the operator, who holds the files, is told it whole
        Project.ingest(project)
    assert "ZZ" in str(whole.value) or kind == "missing" and "9.9" in str(whole.value)
    if kind == "missing":  # erasing PUB-1 drops the entry on its item, and the erasure goes through
        return
    with Project.open(project) as opened, pytest.raises(InputErrors) as erasing:
        opened.erase("PUB-1", by="Admin", groups=())
    assert "ZZ" not in str(erasing.value) and "6,000" not in str(erasing.value)
    assert (project / "documents" / "pub.md").exists() and not (project / "erasures.yaml").exists()


def test_an_unfinished_erasure_of_a_restricted_document_is_not_named_by_ingest(project: Path) -> None:
    (project / "erasures.yaml").write_text(
        'erasures:\n  - id: "ERASE-0123456789ab"\n    document: SPEC-R\n    scope: document\n    revisions: ["0"]\n'
        '    by: op\n    at: "2026-12-03T22:32:36Z"\n    state: pending\n    access: [owners]\n    sources: []\n'
        '    provisions: 1\n    index_build_before: "d6b8754443a57de0"\n')
    with pytest.raises(InputErrors) as refused:
        Project.ingest(project, groups=("nobody",))
    told = str(refused.value)
    assert "SPEC-R" not in told and "ERASE-" not in told and "22:32" not in told and "withheld" in told
    with pytest.raises(InputErrors) as whole:
        Project.ingest(project)
    assert "SPEC-R" in str(whole.value)


def test_lag_tells_a_review_file_naming_what_the_project_lacks_to_every_asker(project: Path) -> None:
    (project / "reviews.yaml").write_text(BROKEN["missing"])
    for groups in (("nobody",), ("owners",), None):
        changed = Project.lag(project, groups=groups).configuration_changed
        assert any(name.startswith("reviews.yaml") for name in changed), (groups, changed)
        assert not any("ZZ" in name for name in changed)


def test_a_broken_record_of_erasures_is_told_to_a_gated_eraser_counted_not_quoted(project: Path) -> None:
    """Audit 36 EE-01: an erasure by an admin without the group read erasures.yaml before the
    withholding and quoted a value of it (when a restricted document was erased)."""
    (project / "erasures.yaml").write_text(
        'erasures:\n  - id: "ERASE-0123456789ab"\n    document: SPEC-R\n    scope: document\n    revisions: ["0"]\n'
        '    by: op\n    at: "2026-12-03 at 23:26:36 ZZWHEN"\n    state: done\n    access: [owners]\n    sources: []\n'
        '    provisions: 1\n    index_build_before: "d6b8754443a57de0"\n')
    with Project.open(project) as opened, pytest.raises(InputErrors) as refused:
        opened.erase("PUB-1", by="Admin", groups=())
    assert "ZZWHEN" not in str(refused.value) and "23:26" not in str(refused.value)
    assert any("withheld" in str(problem) for problem in refused.value.exceptions)
    assert (project / "documents" / "pub.md").exists()
    with Project.open(project) as opened, pytest.raises((InputErrors, ValueError)) as whole:
        opened.erase("PUB-1", by="Admin")  # the operator is told it whole
    assert "23:26:36" in str(whole.value) or any("23:26:36" in str(p) for p in getattr(whole.value, "exceptions", ()))
