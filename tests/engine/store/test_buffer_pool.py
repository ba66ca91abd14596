"""The buffer pool a graph is opened with (``engine/store/_kuzu``): a small graph, the readers'
and the writer's, gets ``SMALL_GRAPH_POOL``; a larger one Kuzu's default (0: 80% of memory),
which a full-text index build over a large table needs."""
from __future__ import annotations

from pathlib import Path

import kuzu
import pytest

from inforce.engine.store import GraphStore, _kuzu

from store_factory import MANIFEST, make_document

_DATABASE = kuzu.Database


class _Recorded:
    """Kuzu's own ``Database``, opened as asked; each ``buffer_pool_size`` asked for is kept."""

    def __init__(self) -> None:
        self.pools: list[tuple[bool, int]] = []

    def __call__(self, path: str, *, read_only: bool, buffer_pool_size: int) -> kuzu.Database:
        self.pools.append((read_only, buffer_pool_size))
        return _DATABASE(path, read_only=read_only, buffer_pool_size=buffer_pool_size)

    def __getattr__(self, name: str) -> object:  # the class's other members (get_version, ...)
        return getattr(_DATABASE, name)


def _ingest(root: Path, doc: str) -> None:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "pool") as tx:
        tx.add(make_document(doc, "0"))
        tx.commit()


def test_the_pool_follows_the_size() -> None:
    assert _kuzu.buffer_pool_for(0) == _kuzu.SMALL_GRAPH_POOL
    assert _kuzu.buffer_pool_for(_kuzu.SMALL_GRAPH_BYTES, _kuzu.SMALL_STAGED_BYTES) == _kuzu.SMALL_GRAPH_POOL
    assert _kuzu.buffer_pool_for(_kuzu.SMALL_GRAPH_BYTES + 1) == 0
    assert _kuzu.buffer_pool_for(0, _kuzu.SMALL_STAGED_BYTES + 1) == 0  # a large first load
    assert _kuzu.SMALL_GRAPH_POOL >= 16 * _kuzu.SMALL_GRAPH_BYTES


def test_file_bytes_counts_files_and_folders_and_skips_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"x" * 10)
    (tmp_path / "folder" / "deep").mkdir(parents=True)
    (tmp_path / "folder" / "b").write_bytes(b"x" * 5)
    (tmp_path / "folder" / "deep" / "c").write_bytes(b"x" * 7)
    assert _kuzu.file_bytes(tmp_path / "a", tmp_path / "folder", tmp_path / "missing") == 22


@pytest.mark.slow  # two builds
def test_a_small_graph_is_opened_with_the_small_pool_and_a_large_one_with_kuzus_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorded = _Recorded()
    monkeypatch.setattr(_kuzu.kuzu, "Database", recorded)
    _ingest(tmp_path, "SPEC-A")
    with GraphStore.open(tmp_path) as store:
        assert store.search_text("alpha", 3) is not None
    assert recorded.pools and {pool for _, pool in recorded.pools} == {_kuzu.SMALL_GRAPH_POOL}
    assert {read_only for read_only, _ in recorded.pools} == {True, False}  # the writer's and the readers'

    recorded.pools.clear()
    monkeypatch.setattr(_kuzu, "SMALL_GRAPH_BYTES", 1)  # every graph file is now large
    monkeypatch.setattr(_kuzu, "SMALL_STAGED_BYTES", 1)  # and every load
    _ingest(tmp_path, "SPEC-B")
    with GraphStore.open(tmp_path):
        pass
    assert recorded.pools and {pool for _, pool in recorded.pools} == {0}
