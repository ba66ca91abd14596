"""Erasure of a revision whose source file was edited since it was ingested (issue 23, audit P7).

A specification is ingested at revision 0, then its file is edited into revision 1 and not
ingested again. Erasing revision 0 must not delete the file: it holds revision 1, text the
graph never held. The erasure refuses before anything changes (exit 2, naming the file), through
the CLI and through ``Project``; once the file holds revision 0 as ingested again, the same
erasure goes through. Erasing the document wholly deletes the edited file, says that it differed
from the ingested revision, and records the hash of the bytes it deleted.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputError
from inforce.ontology.erasure import ERASURES_FILE

runner = CliRunner()

MANIFEST = "project: erase-edited\nfacets: []\n"


def _spec(revision: str, seq: int, issued: str, text: str) -> str:
    return f"""---
id: SPEC-E
kind: specification
title: Concrete
revision: "{revision}"
seq: {seq}
issued: {issued}
effective: {{from: {issued}}}
recorded: {issued}T09:00:00Z
---
2.1 MIXTURES

A. {text}
"""


OTHER = """---
id: OTHER-1
kind: specification
title: Other
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
1.1 GENERAL

A. Unrelated text about formwork ties.
"""

REVISION_0 = _spec("0", 1, "2026-03-02", "Mix zebra-17 concrete to the strength the engineer names.")
REVISION_1 = _spec("1", 2, "2026-05-02", "Mix quokka-42 concrete, a week of work not yet ingested.")


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Revision 0 ingested once; each test edits and erases in its own copy (``project``)."""
    root = tmp_path_factory.mktemp("edited") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec.md").write_text(REVISION_0)
    (root / "documents" / "other.md").write_text(OTHER)
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture
def project(ingested: Path, tmp_path: Path) -> Path:
    root = shutil.copytree(ingested, tmp_path / "project")
    (root / "documents" / "spec.md").write_text(REVISION_1)  # edited, not ingested again
    return root


def _state(root: Path) -> tuple[bytes, bool, str, str, list[str]]:
    """What a refused erasure must leave as it was: the edited file's bytes, whether an
    erasure is recorded, the graph's build and revision 0's text, and the project's files."""
    with Project.open(root) as opened:
        build, text = opened.build_id, opened.show("SPEC-E@0#2.1.A").text
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    return (root / "documents" / "spec.md").read_bytes(), (root / ERASURES_FILE).exists(), build, text, files


def test_erasing_a_revision_whose_file_was_edited_refuses_on_the_cli_and_changes_nothing(project: Path) -> None:
    before = _state(project)
    assert "zebra-17" in before[3] and not before[1]
    refused = runner.invoke(app, ["erase", str(project), "SPEC-E", "--revision", "0", "--confirm", "SPEC-E",
                                  "--by", "auditor"])
    assert refused.exit_code == 2, refused.output
    assert "documents/spec.md" in refused.output and "changed since revision 0 of SPEC-E was ingested" in refused.output
    assert "nothing was erased" in refused.output
    assert _state(project) == before
    assert b"a week of work" in (project / "documents" / "spec.md").read_bytes()


def test_erasing_a_revision_whose_file_was_edited_refuses_in_the_front_then_erases_once_restored(
        project: Path) -> None:
    before = _state(project)
    with Project.open(project) as opened, pytest.raises(InputError) as refused:
        opened.erase("SPEC-E", "0", by="auditor")
    assert refused.value.file == "documents/spec.md" and "changed since revision 0" in str(refused.value)
    assert _state(project) == before

    (project / "documents" / "spec.md").write_text(REVISION_0)  # the file as it was ingested: erasable
    restored = hashlib.sha256(REVISION_0.encode()).hexdigest()
    with Project.open(project) as opened:
        result = opened.erase("SPEC-E", "0", by="auditor")
    assert result.files_removed == ("documents/spec.md",) and result.files_changed == ()
    assert not (project / "documents" / "spec.md").exists()
    assert [s.file_sha256 for s in result.erasure.sources] == [restored]


def test_erasing_the_whole_document_deletes_the_edited_file_and_says_it_differed(project: Path) -> None:
    edited = hashlib.sha256((project / "documents" / "spec.md").read_bytes()).hexdigest()
    argv = ["erase", str(project), "SPEC-E", "--confirm", "SPEC-E", "--by", "auditor"]
    done = runner.invoke(app, [*argv, "--format", "json"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    assert result["files_removed"] == ["documents/spec.md"] and result["files_changed"] == ["documents/spec.md"]
    assert [s["file_sha256"] for s in result["erasure"]["sources"]] == [edited]  # the bytes deleted
    assert not (project / "documents" / "spec.md").exists()
    assert f'"file_sha256": "{edited}"' in (project / ERASURES_FILE).read_text()


def test_the_text_output_says_the_deleted_file_differed_from_the_ingested_revision(project: Path) -> None:
    done = runner.invoke(app, ["erase", str(project), "SPEC-E", "--confirm", "SPEC-E", "--by", "auditor"])
    assert done.exit_code == 0, done.output
    assert "source file deleted: documents/spec.md (changed since it was ingested" in done.stdout


def test_an_unchanged_file_is_erased_with_its_revision_and_not_called_changed(ingested: Path, tmp_path: Path) -> None:
    root = shutil.copytree(ingested, tmp_path / "unchanged")
    done = runner.invoke(app, ["erase", str(root), "SPEC-E", "--revision", "0", "--confirm", "SPEC-E",
                               "--by", "auditor", "--format", "json"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    assert result["files_removed"] == ["documents/spec.md"] and result["files_changed"] == []
    assert not (root / "documents" / "spec.md").exists() and (root / "documents" / "other.md").exists()
