"""Issue 23, audit 76 B F7: an embedding-cache vector of another dimension, or holding NaN.

A cache row whose ``dim`` and vector agree with each other (10 floats, dim 10) but not with the
model (384) reached the graph's COPY: ``embed`` exit 3 with Kuzu's "Expected type FLOAT[384]"
naming the graph and a build file, where the README promises the cache named and "delete it".
A row of NaN was put in the vector index without a word. The cache now refuses both as it
refuses a vector whose length is not its dimensions: a StoreError (exit 3) naming
``embeddings.sqlite`` and what to do; and it never stores a vector that is not finite.
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.embedding import HashingEmbedder
from inforce.engine.store._embed import EmbeddingCache
from inforce.ontology import StoreError
from tests.support.in_process import inforce

_SPEC = (
    "---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi.\n"
    "## 1.2 Steel\nA. Steel shall be grade 60.\n"
)


def _embedded(root: Path) -> Path:
    """A project ingested and embedded (16 dimensions), its cache then the only thing kept in
    ``.inforce`` and the project ingested again: the next ``embed`` reads every vector from it."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: f7\n")
    (root / "documents" / "spec-1.md").write_text(_SPEC)
    assert inforce("ingest", root).returncode == 0
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    for entry in (root / ".inforce").iterdir():
        if entry.name != "embeddings.sqlite":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    assert inforce("ingest", root).returncode == 0
    return root / ".inforce" / "embeddings.sqlite"


def _edit_one_row(cache: Path, dim: int, values: list[float]) -> None:
    db = sqlite3.connect(cache)
    with db:
        (text_hash,) = db.execute("SELECT hash FROM vectors LIMIT 1").fetchone()
        db.execute(
            "UPDATE vectors SET dim = ?, vec = ? WHERE hash = ?",
            (dim, struct.pack(f"<{len(values)}f", *values), text_hash),
        )
    db.close()


def test_a_cached_vector_of_another_dimension_names_the_cache(tmp_path: Path) -> None:
    root = tmp_path / "p"
    cache = _embedded(root)
    _edit_one_row(cache, 10, [1.0] * 10)  # consistent in itself, not the model's 16
    with pytest.raises(StoreError) as raised:
        Project.embed(root, HashingEmbedder(16), batch_size=8)
    said = str(raised.value)
    assert "embeddings.sqlite" in said and "of 10 dimensions" in said and "gives 16" in said, said
    assert "delete embeddings.sqlite" in said and "inforce embed" in said, said
    assert "COPY" not in said and "FLOAT[" not in said, said


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_a_cached_vector_holding_nan_or_infinity_names_the_cache(tmp_path: Path, value: float) -> None:
    root = tmp_path / "p"
    cache = _embedded(root)
    _edit_one_row(cache, 16, [0.5] * 15 + [value])
    with pytest.raises(StoreError) as raised:
        Project.embed(root, HashingEmbedder(16), batch_size=8)
    said = str(raised.value)
    assert "embeddings.sqlite" in said and "not a finite number" in said and "delete embeddings.sqlite" in said


def test_the_cache_never_stores_a_vector_that_is_not_finite(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "embeddings.sqlite")
    with pytest.raises(ValueError, match="not a finite number"):
        cache.put("m", 2, [("h1", [1.0, float("nan")])])
    assert cache.count("m") == 0
    cache.close()
