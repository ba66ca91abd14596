"""Ingest is all-or-nothing: a failure, an exception or a kill leaves the previous graph as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from inforce.engine.embedding import HashingEmbedder, embed_project
from inforce.engine.store import GraphStore, _build, _embed
from inforce.ontology import StoreError, StoreLockedError

from store_factory import MANIFEST, make_document

# the child process below is a fresh interpreter: it is given the support folder itself
SUPPORT = Path(__file__).resolve().parents[2] / "support"

OLD = [make_document("SPEC-1", "0", sections=4), make_document("SPEC-2", "A", sections=3, callouts=2)]
NEW = make_document("SPEC-3", "0", sections=2, rows=1)

CHILD = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from store_factory import MANIFEST, make_document
    from inforce.engine.store import GraphStore
    with GraphStore.open(sys.argv[1], read_only=False) as store:
        with store.begin_ingest(MANIFEST, "second") as tx:
            tx.remove("SPEC-1@0")
            tx.add(make_document("SPEC-3", "0", sections=2, rows=1))
            tx.commit()
    """
)


def _ingest_old(root: Path) -> None:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "first") as tx:
        for document in OLD:
            tx.add(document)
        tx.commit()


def _snapshot(root: Path) -> tuple:
    """Everything a reader sees, minus the file size (a new generation may differ in padding)."""
    with GraphStore.open(root) as store:
        stats = store.stats().model_copy(update={"db_bytes": 0})
        return stats, [store.document(d.uid) for d in OLD], store.build_id(), store.source_hashes()


def _leftovers(root: Path) -> list[str]:
    """What ``.inforce`` holds beside the lock, the embedding cache and the live build's own
    files (``engine.store._artifacts``: the text store, the search indexes; files of the live
    build, not something left behind)."""
    with GraphStore.open(root) as store:
        live = f"-{store.build_id()}.bin"
    return sorted(p.name for p in (root / ".inforce").iterdir()
                  if p.name not in {"write.lock", "embeddings.sqlite"} and not p.name.endswith(live)
                  and not p.name.startswith("embeddings.sqlite-"))


@pytest.fixture()
def project(tmp_path) -> Path:
    _ingest_old(tmp_path)
    return tmp_path


@pytest.mark.slow
def test_an_exception_inside_the_block_discards_the_ingest(project):
    before = _snapshot(project)
    with pytest.raises(ValueError, match="parser broke"), GraphStore.open(project, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "second") as tx:
            tx.remove("SPEC-1@0")
            tx.add(NEW)
            raise ValueError("parser broke")
    assert _snapshot(project) == before
    assert len(_leftovers(project)) == 2  # CURRENT and the live graph; no staging left


def test_leaving_the_block_without_commit_changes_nothing(project):
    before = _snapshot(project)
    with GraphStore.open(project, read_only=False) as store, store.begin_ingest(MANIFEST, "second") as tx:
        tx.add(NEW)
    assert _snapshot(project) == before


@pytest.mark.slow
def test_a_failure_part_way_through_commit_leaves_the_old_graph(project, monkeypatch):
    before = _snapshot(project)
    real = _build.load_relationships

    def load_then_fail(graph, staging):
        real(graph, staging)  # the new rows are in the copy when it fails
        raise OSError("disk full")

    monkeypatch.setattr(_build, "load_relationships", load_then_fail)
    with GraphStore.open(project, read_only=False) as store:
        with pytest.raises(StoreError, match="previous graph is untouched.*disk full"):
            with store.begin_ingest(MANIFEST, "second") as tx:
                tx.remove("SPEC-1@0")
                tx.add(NEW)
                tx.commit()
        assert store.document("SPEC-1@0") == OLD[0]  # the writer reads the old graph again
        monkeypatch.setattr(_build, "load_relationships", real)
        with store.begin_ingest(MANIFEST, "second") as tx:
            tx.add(NEW)
            tx.commit()
        assert store.document(NEW.uid) == NEW
    assert _snapshot(project)[1] == before[1]


@pytest.mark.slow
def test_a_failure_while_putting_embeddings_in_leaves_the_old_graph(project, monkeypatch):
    before = _snapshot(project)

    def fail(graph):
        raise RuntimeError("link step failed")

    monkeypatch.setattr(_embed, "link_embeddings", fail)
    with pytest.raises(StoreError, match="untouched.*link step failed"):
        embed_project(project, HashingEmbedder(16))
    assert _snapshot(project) == before
    assert len(_leftovers(project)) == 2
    monkeypatch.undo()
    report = embed_project(project, HashingEmbedder(16))
    assert report.embedded == 0 and report.applied  # every vector was cached by the failed run


@pytest.mark.parametrize("step", ["copied", "loaded", "checkpointed", "swapped"])
@pytest.mark.slow
def test_a_killed_ingest_leaves_a_consistent_graph(project, tmp_path_factory, step):
    before = _snapshot(project)
    script = tmp_path_factory.mktemp("child") / "ingest.py"
    script.write_text(CHILD.format(tests=str(SUPPORT)))
    marker = script.with_name("paused")
    env = {**os.environ, "INFORCE_STORE_PAUSE": f"{step}:120", "INFORCE_STORE_PAUSE_MARKER": str(marker)}
    child = subprocess.Popen([sys.executable, str(script), str(project)], env=env)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, "the ingest ended before reaching the pause"
            assert time.monotonic() < deadline, "the ingest never reached the pause"
            time.sleep(0.05)
        # Mid-build: readers are not blocked, and a second writer is refused at once.
        with GraphStore.open(project) as reader:
            assert reader.has_provision("SPEC-1", None) == (step != "swapped")
        with pytest.raises(StoreLockedError, match=f"pid {child.pid}"):
            GraphStore.open(project, read_only=False)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    if step == "swapped":  # killed after the atomic swap: the new graph is the live one
        with GraphStore.open(project) as store:
            assert store.document(NEW.uid) == NEW
            assert not store.has_provision("SPEC-1", None)
    else:
        assert _snapshot(project) == before
    with GraphStore.open(project, read_only=False) as store:  # the next writer cleans up
        assert len(_leftovers(project)) == 2
        with store.begin_ingest(MANIFEST, "third") as tx:
            if step != "swapped":
                tx.add(NEW)
            tx.add(make_document("SPEC-4", "0"))
            tx.commit()
    with GraphStore.open(project) as store:
        assert store.document(NEW.uid) == NEW
        assert store.configuration_id() == "third" and len(store.build_id()) == 16


@pytest.mark.slow
def test_a_second_writer_is_refused_quickly_never_blocked(project):
    with GraphStore.open(project, read_only=False):
        with pytest.raises(StoreLockedError):
            GraphStore.open(project, read_only=False)
        code = (
            "import sys\nfrom inforce.engine.store import GraphStore\nfrom inforce.ontology import StoreLockedError\n"
            "try:\n    GraphStore.open(sys.argv[1], read_only=False)\nexcept StoreLockedError as e:\n"
            "    print(e); sys.exit(3)\n"
        )
        started = time.monotonic()
        other = subprocess.run([sys.executable, "-c", code, str(project)], capture_output=True, text=True, timeout=60)
        assert other.returncode == 3, other.stderr
        assert f"pid {os.getpid()}" in other.stdout
        assert time.monotonic() - started < 30
        with GraphStore.open(project) as reader:  # readers are never blocked by a writer
            assert reader.stats().revisions == 2
    with GraphStore.open(project, read_only=False):  # released on close
        pass


def test_a_reader_keeps_its_generation_across_a_swap(project):
    with GraphStore.open(project) as reader:
        old_file = reader.path
        with GraphStore.open(project, read_only=False) as writer, writer.begin_ingest(MANIFEST, "second") as tx:
            tx.remove("SPEC-1@0")
            tx.add(NEW)
            tx.commit()
        assert not old_file.exists()  # removed after the swap, still open here
        assert reader.document("SPEC-1@0") == OLD[0]
        assert reader.search_text("HEADING", k=50, documents=["SPEC-1@0"])
    with GraphStore.open(project) as fresh:
        assert fresh.document(NEW.uid) == NEW and not fresh.has_provision("SPEC-1", None)
    closed = GraphStore.open(project)
    closed.close()
    with pytest.raises(StoreError, match="closed"):
        closed.revisions()
