"""One snapshot per graph generation: built once, shared by every question, replaced (never
changed) when an ingest lands a new generation; the front holds it and the backends given at open."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import ModelBackends, Project
from inforce.engine.snapshot import Snapshot

from corpus_writer import write_doc

runner = CliRunner()
DAY = dt.date(2025, 6, 1)


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: snapshots\n")
    write_doc(root, "SPEC", "2025-01-01", "2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    return root


def test_a_snapshot_builds_each_index_once_and_refuses_changes(tmp_path: Path) -> None:
    with Project.open(_project(tmp_path / "p")) as project:
        snapshot = project.snapshot
        index, gate = snapshot.index, snapshot.gate
        project.asof("SPEC#2.1", DAY)
        project.history("SPEC#2.1")
        assert project.snapshot is snapshot  # no ingest since: the same generation answers
        assert snapshot.index is index and snapshot.gate is gate  # built once, shared
        with pytest.raises(AttributeError, match="immutable"):
            snapshot._store = None  # type: ignore[misc]
        with pytest.raises(AttributeError):
            snapshot.index = index  # type: ignore[misc]


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_new_generation_gets_a_new_snapshot_and_the_old_one_is_left_as_it_was(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    with Project.open(root) as project:
        before = project.snapshot
        build = before.build_id
        assert "4,000" in (project.asof("SPEC#2.1", DAY).text or "")
        write_doc(root, "SPEC", "2025-01-01", "2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 5,000 psi.\n")
        assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
        answer = project.asof("SPEC#2.1", DAY)
        after = project.snapshot
        assert after is not before and isinstance(after, Snapshot)
        assert "5,000" in (answer.text or "") and answer.index_build == after.build_id != build
        assert before.build_id == build  # the replaced snapshot still names the build it was


def test_the_front_holds_the_backends_given_at_open_and_no_service_locator(tmp_path: Path) -> None:
    given = ModelBackends(nli_threshold=0.75)
    with Project.open(_project(tmp_path / "p"), backends=given) as project:
        assert project.backends.nli_threshold == 0.75 and project.backends.embedder is None
        with pytest.raises(AttributeError):
            project.backends = ModelBackends()  # type: ignore[misc]
        # the engine's own reads are the snapshot's, not the front's
        for internal in ("store", "index", "gate", "rules", "statements_of", "all_qualifiers", "qualifiers_of",
                         "readable_revisions", "may_read", "_readable", "embedder", "nli", "reranker"):
            assert not hasattr(project, internal), internal
    with Project.open(tmp_path / "p") as project:
        assert project.backends.nli_threshold == 0.5  # none given, none in models: the default


def test_precedence_reads_each_provision_once_per_generation(ingested_example, monkeypatch):
    """A sweep asks precedence for every pair of a subject's differing values, over the same few
    provisions; each was read from the graph again for every pair (200 paragraphs of one subject
    took over 100 s and 2.7 GB). The generation never changes, so one read per provision and date."""
    with Project.open(ingested_example("riverside-library")) as project:
        snapshot = project.snapshot
        store = snapshot._store
        reads: list[object] = []
        real = type(store).provision

        def counted(self, locator):
            reads.append(locator)
            return real(self, locator)

        monkeypatch.setattr(type(store), "provision", counted)
        day = dt.date(2026, 5, 1)
        first = snapshot.precedence("SPEC-033000#2.1.A", "DWG-S-101#callout-3", day)
        after_first = len(reads)
        again = [snapshot.precedence("SPEC-033000#2.1.A", "DWG-S-101#callout-3", day) for _ in range(3)]
    assert after_first >= 2  # both sides were read from the graph the first time
    assert len(reads) == after_first  # and never again
    assert all(answer == first for answer in again)
