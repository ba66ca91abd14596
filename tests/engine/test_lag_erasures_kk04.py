"""Audit KK-04 (medium, access): once a project's only restricted document is erased, the
graph's gate is all public; an erasure of it left ``pending`` (cut short) was then told whole to
a public asker by ``lag`` — the erased document's id, who erased it, when, and the revision to
erase again — because whether an asker is told every document (``reviews.told_all``) asked the
graph alone. The entry's own ``access`` counts too: an asker it is not told to is told the
problem at its file, line and field only; an asker of its groups, and the operator, whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import InputErrors
from tests.engine.test_access_withheld_34 import _PUBLIC, _write

_PENDING = ('erasures:\n  - id: "ERASE-0123456789ab"\n    document: SPEC-R\n    scope: revision\n'
            '    revisions: ["ZZB"]\n    by: zzop\n    at: "2026-12-03T23:26:36Z"\n    state: {state}\n'
            '    access: {access}\n    sources: []\n    provisions: 1\n    index_build_before: "d6b8754443a57de0"\n')
_WORDS = ("SPEC-R", "zzop", "ZZB", "23:26", "ERASE-")


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A project whose graph holds only a public document: its restricted SPEC-R erased."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "inforce.yaml").write_text("project: kk04\nfacets: []\nrules: []\n")
    _write(root, "pub.md", _PUBLIC)
    Project.ingest(root)
    return root


@pytest.mark.parametrize("groups", [(), ("nobody",)])
def test_an_unfinished_erasure_of_a_restricted_document_is_told_only_at_its_place(
        project: Path, groups: tuple[str, ...]) -> None:
    (project / "erasures.yaml").write_text(_PENDING.format(state="pending", access="[owners]"))
    report = Project.lag(project, groups=groups)
    assert report.lagging and report.problems
    assert not any(word in problem for problem in report.problems for word in _WORDS), report.problems
    assert all(problem.startswith("erasures.yaml:8: erasures[0].state: ") for problem in report.problems)
    assert all("withheld" in problem for problem in report.problems), report.problems


def test_an_unfinished_erasure_is_told_whole_to_its_groups_and_the_operator(project: Path) -> None:
    (project / "erasures.yaml").write_text(_PENDING.format(state="pending", access="[owners]"))
    for groups in (None, ("owners",)):
        told = " ".join(Project.lag(project, groups=groups).problems)
        assert "SPEC-R" in told and "zzop" in told and "revision ZZB" in told, (groups, told)


def test_an_unfinished_erasure_of_a_public_document_is_told_whole(project: Path) -> None:
    (project / "erasures.yaml").write_text(_PENDING.format(state="pending", access="null"))
    told = " ".join(Project.lag(project, groups=("nobody",)).problems)
    assert "SPEC-R" in told and "zzop" in told, told


def test_a_finished_erasure_of_a_restricted_document_withholds_its_place_too(project: Path) -> None:
    """A review entry naming what the graph lacks quotes it whole only to who is told every
    document: after a restricted erasure, not a public asker (``told_all``, the one rule)."""
    from inforce.engine.reviews import told_all

    (project / "erasures.yaml").write_text(_PENDING.format(state="done", access="[owners]"))
    with Project.open(project) as opened:
        assert not told_all(opened.snapshot, ())
        assert told_all(opened.snapshot, ("owners",)) and told_all(opened.snapshot, None)


@pytest.mark.parametrize("groups", [(), ("nobody",), ("owners",)])
def test_an_ingest_with_groups_names_nothing_of_an_unfinished_erasure(project: Path, groups: tuple[str, ...]) -> None:
    (project / "erasures.yaml").write_text(_PENDING.format(state="pending", access="[owners]"))
    with pytest.raises(InputErrors) as failed:
        Project.ingest(project, groups=groups)
    told = " ".join(str(problem) for problem in failed.value.exceptions)
    assert not any(word in told for word in _WORDS), told
