"""The erase lock and chains of links (audit MM-03, MM-04 of issue 23).

MM-03 (medium): the erase lock ``flock``ed the project's ``.inforce`` folder opened read-only;
NFS emulates ``flock`` with POSIX record locks, which need a file open for writing, so every
erasure there exited 70. The lock is now a regular file, ``.inforce/erase.lock``, opened for
reading and writing through the one lock helper (``ontology.files.take_lock``, which the
writer's and the review file's locks use too), deleted when the erasure ends; a lock the file
system refuses is exit 3 naming the file and what to do, nothing changed.

MM-04 (low): a chain of links (``documents/sk.csv.yaml`` -> ``meta/mid.yaml`` -> the file) lost
its first link and its file and left the middle link dangling, the read-back saying nothing
was left. Each link of the chain inside the project goes, as a single link does; nothing
outside the project is touched.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.erasures import ERASE_LOCK, erase_is_running, erase_running
from inforce.ontology import GraphUnusableError, InputError, StoreLockedError
from tests.support.erasure_cases import hold_erase_lock

runner = CliRunner()

_SIDECAR = ("id: SCH-SK\nkind: schedule\ntitle: Zzsidecartitle Footings\neffective: {from: 2026-03-02}\n"
            "recorded: 2026-03-02T09:00:00Z\n")
_SCHEDULE = "Mark,Width (in),Note\n" + "".join(f"F{n},{24 + n % 7},Footing row {n} of the yard\n" for n in range(1, 41))
_KEPT = ("---\nid: SPEC-2\nkind: specification\ntitle: Kept\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi.\n")


def _store(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    (root / ".inforce").mkdir(parents=True)
    return root


# ---- MM-03: the lock -------------------------------------------------------------------------


def test_the_erase_lock_is_a_lock_file_another_process_contends_for(tmp_path: Path) -> None:
    """A real second process holds the erasure lock: this one is refused as locked (exit 3's
    error), sees an erasure running, and the store folder itself is not what is locked (the
    lock is the regular file ``.inforce/erase.lock``). Once the holder ends, the lock is taken
    and, released, its file is gone."""
    root = _store(tmp_path)
    holder = hold_erase_lock(root)
    try:
        lock = root / ERASE_LOCK
        assert lock.is_file() and not lock.is_symlink() and lock.parent == root / ".inforce"
        assert erase_is_running(root)
        with pytest.raises(StoreLockedError, match="an erasure is running"):
            with erase_running(root):
                pass
        folder = os.open(root / ".inforce", os.O_RDONLY | os.O_DIRECTORY)
        try:  # the folder is free: only the lock file is held
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(folder)
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        assert holder.wait(timeout=60) == 0
    assert not erase_is_running(root)
    with erase_running(root):
        assert erase_is_running(root)  # the probe is another open of the file: it sees the lock
        assert (root / ERASE_LOCK).is_file()
    assert not (root / ERASE_LOCK).exists()  # nothing left behind
    assert sorted(p.name for p in (root / ".inforce").iterdir()) == []


def test_a_project_without_a_store_folder_holds_nothing_and_makes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    with erase_running(root):
        assert not (root / ".inforce").exists()


def _nfs_flock(real=fcntl.flock):
    """``flock`` as NFS emulates it (simulated: no NFS here): an exclusive lock on a file not
    open for writing fails with EBADF."""
    def flock(fd: int, operation: int) -> None:
        writable = (fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE) in (os.O_WRONLY, os.O_RDWR)
        if operation & fcntl.LOCK_EX and not writable:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        real(fd, operation)
    return flock


def test_every_lock_is_taken_on_a_file_open_for_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``flock`` failing as NFS's emulation fails on a file not open for writing (EBADF;
    simulated by a patched ``fcntl.flock``, since no NFS is available here), the erasure's, the
    writer's and the review file's locks are all taken: each opens its lock file read-write."""
    from inforce.engine.reviews import _locked
    from inforce.engine.store._layout import StoreLayout, WriterLock

    monkeypatch.setattr(fcntl, "flock", _nfs_flock())
    root = _store(tmp_path)
    with erase_running(root):
        assert erase_is_running(root)
    with _locked(root):
        pass
    lock = WriterLock(StoreLayout(root / ".inforce"))
    lock.acquire()
    try:
        assert lock.held
    finally:
        lock.release()


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EBADF, errno.EOPNOTSUPP])
def test_a_lock_the_file_system_refuses_is_named_not_an_internal_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """A file system that takes no lock (NFS without its lock service: ENOLCK; simulated by a
    patched ``fcntl.flock`` raising it, since no NFS is available here) is GraphUnusableError
    (exit 3) naming the lock file and what to do, never exit 70; the review lock names the
    review file (exit 2)."""
    from inforce.engine.reviews import _locked

    def refused(fd: int, operation: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(fcntl, "flock", refused)
    root = _store(tmp_path)
    with pytest.raises(GraphUnusableError) as caught:
        with erase_running(root):
            pytest.fail("the lock was not taken")
    said = str(caught.value)
    assert not isinstance(caught.value, StoreLockedError)
    assert str(root / ERASE_LOCK) in said and os.strerror(code) in said and "file locks" in said, said
    assert "nothing was erased" in said and "run the erasure again" in said
    with pytest.raises(InputError, match="cannot lock the review file"):
        with _locked(root):
            pass


@pytest.mark.slow
def test_erase_on_a_file_system_without_locks_exits_3_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command, end to end: ENOLCK from ``flock`` (simulated by a patched ``fcntl.flock``:
    no NFS is available here) is exit 3 with the lock file named, not 70; nothing changed."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lock\n")
    (root / "documents" / "kept.md").write_text(_KEPT)
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}

    def refused(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", refused)
    erased = runner.invoke(app, ["erase", str(root), "SPEC-2", "--by", "R. Keeper", "--confirm", "SPEC-2"])
    assert erased.exit_code == 3, erased.output
    said = " ".join(erased.output.split())
    assert "erase.lock" in said and "No locks available" in said and "file locks" in said, said
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


# ---- MM-04: chains of links ------------------------------------------------------------------


def _chained(root: Path, outside: Path, linked: str) -> None:
    """A Markdown specification kept, and a CSV schedule whose sidecar (or whose CSV) is reached
    through a chain of two links: ``documents/sk.csv.yaml`` -> ``meta/mid.yaml`` ->
    ``meta/real.yaml``; with ``via-outside``, the middle link lies outside the project (a chain
    ending outside it is refused by the ingest)."""
    (root / "documents").mkdir(parents=True)
    (root / "meta").mkdir()
    outside.mkdir()
    (root / "inforce.yaml").write_text("project: chains\n")
    (root / "documents" / "kept.md").write_text(_KEPT)
    if linked == "source":
        (root / "meta" / "real.csv").write_text(_SCHEDULE)
        (root / "meta" / "mid.csv").symlink_to("real.csv")
        (root / "documents" / "sk.csv").symlink_to("../meta/mid.csv")
        (root / "documents" / "sk.csv.yaml").write_text(_SIDECAR)
    else:
        (root / "documents" / "sk.csv").write_text(_SCHEDULE)
        real = root / "meta" / "real.yaml"
        real.write_text(_SIDECAR)
        mid = outside / "mid.yaml" if linked == "via-outside" else root / "meta" / "mid.yaml"
        mid.symlink_to(real)
        (root / "documents" / "sk.csv.yaml").symlink_to(os.path.relpath(mid, root / "documents"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output


@pytest.mark.slow
@pytest.mark.parametrize("linked", ["sidecar", "source", "via-outside"])
def test_an_erasure_deletes_every_link_of_a_chain_inside_the_project(tmp_path: Path, linked: str) -> None:
    """Each link of the chain inside the project goes with the file, as a single link does
    (``test_cli_erase``'s JJ-03): recorded as metadata of the source, none left dangling, the
    read-back empty and the project ingesting; a link or file outside the project stays."""
    root, outside = tmp_path / "project", tmp_path / "outside"
    _chained(root, outside, linked)
    outside_before = {p.name: (p.is_symlink(), os.readlink(p) if p.is_symlink() else p.read_bytes())
                      for p in outside.iterdir()}
    erased = runner.invoke(app, ["erase", str(root), "SCH-SK", "--by", "R. Keeper", "--confirm", "SCH-SK",
                                 "--format", "json"])
    assert erased.exit_code == 0, erased.output
    result = json.loads(erased.stdout)
    assert result["remaining"] == []
    (source,) = result["erasure"]["sources"]
    recorded = {source["file"], *(m["file"] for m in source["metadata"])}
    inside = {"sidecar": {"meta/mid.yaml", "meta/real.yaml"}, "source": {"meta/mid.csv", "meta/real.csv"},
              "via-outside": {"meta/real.yaml"}}[linked]
    assert inside <= recorded, recorded
    assert all(not name.startswith(("/", "..")) for name in recorded), recorded
    left = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if ".inforce" not in p.parts and (p.is_file() or p.is_symlink()))
    assert left == ["documents/kept.md", "erasures.yaml", "inforce.yaml"], left
    assert [p for p in root.rglob("*") if p.is_file() and b"Zzsidecartitle" in p.read_bytes()] == []
    assert {p.name: (p.is_symlink(), os.readlink(p) if p.is_symlink() else p.read_bytes())
            for p in outside.iterdir()} == outside_before  # nothing outside the project touched
    assert not (root / ERASE_LOCK).exists()
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
