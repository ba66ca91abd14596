"""What a project pays on every open and every read, paid once where the answer cannot differ:
the full read of a graph file whose recorded stamp does not match (a copied project) is not
repeated by a process while the file is unwritten, and a read-only graph prepares each
parameterised read once per thread."""
from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.store import GraphStore, _check
from inforce.engine.store._layout import StoreLayout
from inforce.ontology import GraphDamagedError, StoreError

_MARGIN_S = 2 * _check._FINE_MARGIN_NS / 1e9


@pytest.fixture
def copied(ingested_example, tmp_path: Path) -> Path:
    """A copy of an ingested example: its graph file is a new file, so the stamp recorded in
    ``CURRENT`` no longer matches it and an open must read it in full."""
    root = tmp_path / "copy"
    shutil.copytree(ingested_example("label-dosing"), root)
    time.sleep(_MARGIN_S)  # a check begun within the clock's margin after a write is never trusted
    return root


def _live(root: Path) -> Path:
    pointer = StoreLayout(root).pointer()
    assert pointer is not None
    return pointer.path


def _counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    real = _check._read_check
    monkeypatch.setattr(_check, "_read_check", lambda *a: reads.append(1) or real(*a))
    return reads


def test_a_copied_graph_is_read_in_full_once_per_process_until_it_is_written(copied, monkeypatch):
    reads = _counting_reads(monkeypatch)
    for _ in range(3):
        with Project.open(copied) as opened:
            assert opened.stats().revisions
    assert reads == [1]
    os.utime(_live(copied))  # the stamp moves: read in full again (once)
    time.sleep(_MARGIN_S)
    for _ in range(2):
        with Project.open(copied) as opened:
            assert opened.stats().revisions
    assert reads == [1, 1]


def test_bytes_written_into_a_graph_read_in_full_before_are_still_found(copied):
    with Project.open(copied) as opened:
        assert opened.stats().revisions
    live = _live(copied)
    data = bytearray(live.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(b ^ 0xFF for b in data[middle:middle + 64])  # the same size, other bytes
    with open(live, "r+b") as file:
        file.write(data)
    with pytest.raises(GraphDamagedError):
        Project.open(copied)


def test_a_read_only_graph_prepares_each_parameterised_read_once_per_thread(copied):
    store = GraphStore.open(copied, read_only=True)
    try:
        graph = store._graph
        statement = "MATCH (r:Revision) WHERE r.doc = $doc RETURN r.uid ORDER BY r.uid"
        docs = [row[0] for row in graph.rows("MATCH (r:Revision) RETURN DISTINCT r.doc ORDER BY r.doc")]
        first = [graph.rows(statement, {"doc": doc}) for doc in docs]
        again = [graph.rows(statement, {"doc": doc}) for doc in docs]
        assert first == again and all(first)
        assert graph.rows(statement, {"doc": "NO-SUCH-DOC"}) == []
        assert graph.rows(statement, {"doc": None}) == []  # another type than the first binding
        assert len(graph._prepared) == 1
        elsewhere: list[list[list[object]]] = []
        worker = threading.Thread(target=lambda: elsewhere.append(graph.rows(statement, {"doc": docs[0]})))
        worker.start()
        worker.join()
        assert elsewhere == [first[0]]
        assert len(graph._prepared) == 2
        with pytest.raises(StoreError, match="NoSuchTable"):  # one that does not prepare fails as ever
            graph.rows("MATCH (n:NoSuchTable) WHERE n.x = $x RETURN n", {"x": 1})
        assert len(graph._prepared) == 2
    finally:
        store.close()
