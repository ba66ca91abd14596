"""Audit 46 L1: ``init`` wrote a whole project (a manifest, rules/, a sample document) inside
another project's documents folder or store, where every other writing option refuses to write,
and that project's next ingest failed. ``init`` now asks the front the question every writing
option asks (``_common.outside_project_files``, ``Project.own_path_at``) and refuses, exit 2,
naming the project and the path, before anything is made. Through the real CLI, on real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.cli import app
from tests.cli.test_cli_erase import MANIFEST, _document, runner


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec.md").write_text(_document("SPEC-1", "plain"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _state(root: Path) -> dict[str, bytes | None]:
    """Every file and folder of the project, by its path: what a refused init leaves as it was."""
    return {p.relative_to(root).as_posix(): p.read_bytes() if p.is_file() else None for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize(("inside", "says"), [
    ("documents/newproj", "is inside the project's documents folder"),
    ("documents", "is inside the project's documents folder"),
    (".inforce/np", "is inside the project's store (.inforce)"),
    ("reviews.yaml", "is the project's review record (reviews.yaml)"),
])
def test_init_inside_a_projects_own_files_is_refused_and_nothing_is_made(
        project: Path, inside: str, says: str) -> None:
    before = _state(project)
    target = project / inside
    refused = runner.invoke(app, ["init", str(target)])
    said = " ".join(refused.output.split())
    assert refused.exit_code == 2, refused.output
    assert f"FOLDER: {target} {says} (the project at {project.resolve()})" in said, said
    assert len(refused.output.strip().splitlines()) == 1, refused.output
    assert _state(project) == before
    assert runner.invoke(app, ["ingest", str(project)]).exit_code == 0  # the project still ingests


def test_init_through_a_link_into_a_projects_documents_is_refused(project: Path, tmp_path: Path) -> None:
    link = tmp_path / "docs"
    link.symlink_to(project / "documents")
    before = _state(project)
    refused = runner.invoke(app, ["init", str(link / "newproj")])
    assert refused.exit_code == 2 and "documents folder" in refused.output, refused.output
    assert _state(project) == before


def test_init_beside_a_project_or_in_a_plain_folder_of_it_still_makes_one(project: Path, tmp_path: Path) -> None:
    for folder in (tmp_path / "other", project / "work" / "sub"):
        made = runner.invoke(app, ["init", str(folder)])
        assert made.exit_code == 0, made.output
        assert (folder / "inforce.yaml").is_file()
