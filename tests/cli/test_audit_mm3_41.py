"""Audit MM3 of issue 23 (the 41st): the embedding cache, records read as input, a manifest entry.

MM3-6 (high): an ``.inforce/embeddings.sqlite`` that did not read as SQLite made ``erase`` exit 70
after recording its pending entry and swapping the graph, before deleting the sources: the project
was wedged (every ingest refused, every rerun exit 70). The cache is now opened, each vector's
length checked, before the erasure changes anything (``store.erase.vet_cache``): one that does not
read is deleted (no vector can be taken out of it alone, and the erased text's must not survive;
it is a cache, ``inforce embed`` rebuilds it), said on stderr naming the file; a linked one is
refused (exit 3), nothing changed. A run left pending finishes on a rerun.

MM3-5 (medium): ``embed`` exited 70 on a cache that is not SQLite, naming no file. One function
opens the cache for every reader (``store._embed.open_cache``): a link, or a file that is not the
cache, is exit 3 naming the file and what to do; a vector of the wrong length names it too.

MM3-7 (low): a hand-written ``reviews.yaml`` note took control and invisible characters that
``--note`` refuses: the reader applies ``--note``'s rule (``scalars.one_line``).

MM3-8 (medium): a ``sweep-all`` manifest entry too long for a file name named no manifest line.

MM3-9 (low): ``erasures.yaml`` linked out of the project was read; now refused by the one rule the
review file follows (``ontology.files.project_record``).
"""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.embedding import HashingEmbedder
from inforce.ontology import StoreError
from tests.support.erasure_cases import leave_erasure_pending
from tests.support.in_process import inforce

_SPEC = ("---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi "
         "with zzerasedword aggregate.\n")
_KEPT = ("---\nid: SPEC-2\nkind: specification\ntitle: Kept\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Steel shall be grade 60.\n")


_cli = inforce  # in this process


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mm3\n")
    (root / "documents" / "spec-1.md").write_text(_SPEC)
    (root / "documents" / "spec-2.md").write_text(_KEPT)
    done = _cli("ingest", root)
    assert done.returncode == 0, done.stderr
    return root


def _said(run: subprocess.CompletedProcess[str]) -> str:
    return " ".join(run.stderr.split())


def _cache(root: Path) -> Path:
    return root / ".inforce" / "embeddings.sqlite"


def _erase(root: Path) -> subprocess.CompletedProcess[str]:
    return _cli("erase", root, "SPEC-1", "--by", "aud", "--confirm", "SPEC-1")


def _finished(root: Path, run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode in (0, 1), run.stderr  # 1: the read-back found a quote elsewhere; never 70
    assert not (root / "documents" / "spec-1.md").exists()
    assert "state: \"pending\"" not in (root / "erasures.yaml").read_text()
    again = _cli("ingest", root)
    assert again.returncode == 0, again.stderr


# ---- MM3-6: an erasure and a cache that does not read --------------------------------------


def test_erase_deletes_a_cache_that_is_not_sqlite_says_so_and_finishes(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    _cache(root).write_bytes(b"x" * 5000)
    run = _erase(root)
    _finished(root, run)
    assert "embeddings.sqlite" in _said(run) and "deleted" in _said(run)
    assert not _cache(root).exists()


def test_erase_deletes_a_cache_holding_a_vector_of_the_wrong_length(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    db = sqlite3.connect(_cache(root))
    with db:
        db.execute("UPDATE vectors SET vec = x'0000'")
    db.close()
    with Project.open(root) as opened:
        result = opened.erase("SPEC-1", by="aud")
    assert "embeddings.sqlite" in result.cache_dropped  # type: ignore[union-attr]
    if _cache(root).exists():  # made anew, empty, when the graph's vectors were put back
        db = sqlite3.connect(_cache(root))
        assert db.execute("SELECT count(*) FROM vectors").fetchone()[0] == 0
        db.close()
    assert not (root / "documents" / "spec-1.md").exists()


def test_erase_refuses_a_linked_cache_before_anything_changes(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    outside = tmp_path / "outside.sqlite"
    outside.write_bytes(b"not the project's")
    _cache(root).symlink_to(outside)
    run = _erase(root)
    assert run.returncode == 3, run.stderr
    assert "embeddings.sqlite" in _said(run) and "symbolic link" in _said(run)
    assert not (root / "erasures.yaml").exists()
    assert (root / "documents" / "spec-1.md").exists()
    assert outside.read_bytes() == b"not the project's"


def test_an_erasure_left_pending_finishes_on_a_rerun_with_a_corrupt_cache(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The wedge MM3-6 left: pending recorded and the graph swapped, the sources still there."""
    root = _project(tmp_path / "p")
    leave_erasure_pending(root, "SPEC-1", monkeypatch)
    assert "state: \"pending\"" in (root / "erasures.yaml").read_text() and (root / "documents" / "spec-1.md").exists()
    _cache(root).write_bytes(b"x" * 5000)
    _finished(root, _erase(root))


# ---- MM3-5: one way the cache is opened ----------------------------------------------------


def test_embed_on_a_cache_that_is_not_sqlite_is_exit_3_naming_it(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    _cache(root).write_bytes(b"x" * 5000)
    run = _cli("embed", root)
    assert run.returncode == 3, run.stderr
    assert "embeddings.sqlite" in _said(run) and "does not read as SQLite" in _said(run)
    assert _cache(root).read_bytes() == b"x" * 5000  # never deleted by a reader: its owner decides


def test_the_cache_is_never_opened_through_a_link(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    outside = tmp_path / "other.sqlite"
    sqlite3.connect(outside).close()
    _cache(root).symlink_to(outside)
    with pytest.raises(StoreError, match="symbolic link"):
        Project.embed(root, HashingEmbedder(16), batch_size=8)
    assert outside.stat().st_size == 0


def test_a_vector_of_the_wrong_length_names_the_cache(tmp_path: Path) -> None:
    from inforce.engine.store._embed import EmbeddingCache

    path = tmp_path / "embeddings.sqlite"
    cache = EmbeddingCache(path)
    cache.put("m", 4, [("h1", [1.0, 2.0, 3.0, 4.0])])
    cache._db.execute("UPDATE vectors SET vec = x'00000000'")
    cache._db.commit()
    with pytest.raises(StoreError, match=r"embeddings\.sqlite.*length is not its dimensions"):
        list(cache.get("m", ["h1"]))
    cache.close()


# ---- MM3-7, MM3-9: records read as input ---------------------------------------------------


def test_a_hand_written_note_follows_the_notes_rule(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "reviews.yaml").write_text(
        "- item: SPEC-1#1.1\n  target: SPEC-2#1.1\n  scope: partial\n  decision: reject\n  by: ann\n"
        "  at: 2026-03-02T10:00:00Z\n  note: \"ok \\e[2J\\a \\u200b zz\"\n")
    run = _cli("ingest", root)
    assert run.returncode == 2, run.stderr
    assert "reviews.yaml:7" in _said(run) and "note" in _said(run) and "cannot be seen" in _said(run)


def test_erasures_yaml_linked_out_of_the_project_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    outside = tmp_path / "outside.yaml"
    outside.write_text("erasures: []\n")
    (root / "erasures.yaml").symlink_to(outside)
    run = _cli("ingest", root)
    assert run.returncode == 2, run.stderr
    assert "erasures.yaml leads out of the project" in _said(run)
    (root / "erasures.yaml").unlink()
    (root / "kept.yaml").write_text("erasures: []\n")
    (root / "erasures.yaml").symlink_to(root / "kept.yaml")  # a link inside the project is followed
    assert _cli("ingest", root).returncode == 0


# ---- MM3-8: a manifest entry the system cannot look at -------------------------------------


def test_a_manifest_entry_too_long_for_a_file_name_is_told_at_its_line(tmp_path: Path) -> None:
    manifest = tmp_path / "m.yaml"
    manifest.write_text("- " + "a" * 5000 + "\n")
    run = _cli("sweep-all", manifest, "--valid-at", "2026-05-01", "--out", tmp_path / "out")
    assert run.returncode == 2, run.stderr
    assert f"{manifest}:1: projects[0]:" in run.stderr
