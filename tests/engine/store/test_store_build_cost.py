"""What a small build costs Kuzu: its file's size, one log sync for its loads, one checkpoint.

``_build`` copies relationships into an empty (from, to) pair rather than inserting them one
statement at a time (Kuzu 0.11.3 gives such a pair ~1 MiB it writes at every checkpoint), runs
a small delta's loads in one transaction, and tells the build's close not to checkpoint again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.store import GraphStore, _build
from inforce.engine.store._kuzu import KuzuGraph
from inforce.ontology import StoreError

from store_factory import ingest_documents, make_document

DOCS = [make_document(f"SPEC-{n}", "0", sections=8, rows=2, callouts=1) for n in range(3)]


def _ingest(root: Path, add: list, remove: tuple[str, ...] = ()) -> None:
    ingest_documents(root, add, remove, config="cfg")


def test_a_fresh_small_graph_is_not_inflated_by_its_relationships(tmp_path: Path) -> None:
    """Three documents: 22 MiB when each relationship pair was filled by LOAD FROM ... CREATE,
    8 MiB copied (each non-empty node table's key index is ~1 MiB whatever is done)."""
    _ingest(tmp_path, DOCS)
    with GraphStore.open(tmp_path) as store:
        path = store.path
        assert path is not None
        graph = store._reader()
        assert graph is not None
        contains = graph.scalar("MATCH ()-[r:CONTAINS]->() RETURN count(r)")
        of = graph.scalar("MATCH (:Revision)-[r:REVISION_OF]->(:Document) RETURN count(r)")
        assert [store.document(d.uid) for d in DOCS] == DOCS
    # every provision under its revision, every section's children under it
    assert contains == sum(len(d.provisions) + sum(p.parent is not None for p in d.provisions) for d in DOCS)
    assert of == len(DOCS)
    assert path.stat().st_size < 12 << 20
    assert not path.with_name(path.name + ".wal").exists()


def test_a_document_removed_and_added_again_keeps_its_revision(tmp_path: Path) -> None:
    """The loads share a transaction, garbage collection runs after it: a document an earlier
    ingest removed (and collected) is re-added whole, not refused or collected again."""
    _ingest(tmp_path, DOCS[:2])
    _ingest(tmp_path, [], remove=(DOCS[1].uid,))
    with GraphStore.open(tmp_path) as store:
        assert [f"{r.document}@{r.label}" for r in store.revisions()] == [DOCS[0].uid]
    _ingest(tmp_path, [DOCS[1], DOCS[2]])
    with GraphStore.open(tmp_path) as store:
        assert sorted(f"{r.document}@{r.label}" for r in store.revisions()) == sorted(d.uid for d in DOCS)
        assert store.document(DOCS[1].uid) == DOCS[1]


def test_a_transaction_that_fails_leaves_nothing_and_the_graph_usable(tmp_path: Path) -> None:
    graph = KuzuGraph(tmp_path / "g.kuzu", read_only=False)
    try:
        graph.execute("CREATE NODE TABLE T(k STRING PRIMARY KEY)")
        with pytest.raises(StoreError, match="no_such_table|NoSuch|not exist"), graph.transaction():
            graph.execute("CREATE (:T {k: 'a'})")
            graph.execute("MATCH (n:NoSuch) RETURN n")
        with pytest.raises(KeyError), graph.transaction():
            graph.execute("CREATE (:T {k: 'b'})")
            raise KeyError("not Kuzu's")
        assert graph.scalar("MATCH (n:T) RETURN count(n)") == 0
        with graph.transaction():
            graph.execute("CREATE (:T {k: 'c'})")
        assert graph.rows("MATCH (n:T) RETURN n.k") == [["c"]]
    finally:
        graph.close()


@pytest.mark.parametrize("suffix", [".wal", ".shadow"])
def test_a_build_that_kuzu_left_with_its_log_is_refused(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / "graph-000002.kuzu"
    path.write_bytes(b"x")
    _build._closed_clean(path)  # nothing beside it
    beside = tmp_path / f"graph-000002.kuzu{suffix}"
    beside.write_bytes(b"")
    _build._closed_clean(path)  # an empty one holds nothing to replay
    beside.write_bytes(b"pages")
    with pytest.raises(StoreError, match=f"left graph-000002.kuzu{suffix} behind"):
        _build._closed_clean(path)
