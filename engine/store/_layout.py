"""Where the graph lives on disk, which file is live, and who may write.

::

    PROJECT/.inforce/
      CURRENT              the live database file's name; replaced atomically (os.replace)
      graph-000007.kuzu    the live graph (one Kuzu database file)
      write.lock           flock'ed by the one writer; holds its pid for the error message
      build-000008/        staging rows of an ingest in progress (removed when it ends)
      graph-000008.kuzu    a graph being built beside the live one, live only once CURRENT names it
      embeddings.sqlite    the embedding cache; survives every rebuild

A writer builds the next generation beside the live one and swaps ``CURRENT``; anything a
killed writer left behind is removed by the next writer to open the project.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import time
from pathlib import Path

from inforce.ontology import StoreError, StoreLockedError

__all__ = ["StoreLayout", "WriterLock", "pause_point"]

_GRAPH_RE = re.compile(r"^graph-(\d{6,})\.kuzu$")
_BUILD_RE = re.compile(r"^build-(\d{6,})$")

#: Test hook: ``INFORCE_STORE_PAUSE=step:seconds`` sleeps at that step of a build, so a test
#: can kill the process there. Steps: copied, loaded, indexed, checkpointed, swapped.
PAUSE_ENV = "INFORCE_STORE_PAUSE"


def pause_point(step: str) -> None:
    """Sleep here when the test hook names this step (a kill test's window); otherwise nothing."""
    wanted = os.environ.get(PAUSE_ENV)
    if not wanted:
        return
    name, _, seconds = wanted.partition(":")
    if name == step:
        marker = os.environ.get(PAUSE_ENV + "_MARKER")
        if marker:
            Path(marker).write_text(step)
        time.sleep(float(seconds or "60"))


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class StoreLayout:
    """The ``.inforce`` folder of one project."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.home = self.root / ".inforce"

    @property
    def current_file(self) -> Path:
        return self.home / "CURRENT"

    @property
    def lock_file(self) -> Path:
        return self.home / "write.lock"

    @property
    def cache_file(self) -> Path:
        return self.home / "embeddings.sqlite"

    def graph_path(self, generation: int) -> Path:
        return self.home / f"graph-{generation:06d}.kuzu"

    def staging_dir(self, generation: int) -> Path:
        return self.home / f"build-{generation:06d}"

    def live(self) -> Path | None:
        """The live database file named by ``CURRENT``, or None before the first ingest."""
        try:
            name = self.current_file.read_text().strip()
        except FileNotFoundError:
            return None
        if not _GRAPH_RE.match(name):
            raise StoreError(f"{self.current_file}: unexpected content {name!r}; re-run inforce ingest")
        return self.home / name

    def current_stamp(self) -> tuple[int, int] | None:
        """``CURRENT``'s inode and modification time: changes whenever a swap replaces it
        (cheaper to ask than reading the file, so a reader can check before every question)."""
        try:
            found = os.stat(self.current_file)
        except FileNotFoundError:
            return None
        return found.st_ino, found.st_mtime_ns

    def generation(self) -> int:
        """The live generation now (0 before the first ingest)."""
        live = self.live()
        return 0 if live is None else generation_of(live)

    def next_generation(self) -> int:
        """One past every generation on disk, so a build never reuses a leftover's name."""
        seen = [self.generation()]
        if self.home.is_dir():
            for entry in self.home.iterdir():
                base = entry.name.removesuffix(".wal").removesuffix(".shadow")
                match = _GRAPH_RE.match(base) or _BUILD_RE.match(entry.name)
                if match:
                    seen.append(int(match.group(1)))
        return max(seen) + 1

    def swap(self, new_live: Path) -> None:
        """Make ``new_live`` the live graph in one atomic rename; durable before returning."""
        fsync_file(new_live)
        pending = self.home / "CURRENT.next"
        with open(pending, "w") as handle:
            handle.write(new_live.name + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(pending, self.current_file)
        _fsync_dir(self.home)

    def remove_graph(self, path: Path) -> None:
        for candidate in (path, Path(str(path) + ".wal"), Path(str(path) + ".shadow")):
            with contextlib.suppress(FileNotFoundError):
                candidate.unlink()

    def clean_leftovers(self) -> list[str]:
        """Remove every graph, staging folder and temp file that ``CURRENT`` does not name.

        Only a writer holding the lock calls this; readers that still have an old graph open
        keep reading it (the file stays alive until they close it).
        """
        if not self.home.is_dir():
            return []
        live = self.live()
        removed = []
        for entry in self.home.iterdir():
            name = entry.name
            base = name.removesuffix(".wal").removesuffix(".shadow")
            if _GRAPH_RE.match(base) and (live is None or base != live.name):
                entry.unlink(missing_ok=True)
                removed.append(name)
            elif _BUILD_RE.match(name) or name == "CURRENT.next":
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
                removed.append(name)
        return removed


class WriterLock:
    """An exclusive, non-blocking OS lock on ``.inforce/write.lock`` (one writer per project)."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._fd: int | None = None

    def acquire(self) -> None:
        self.layout.home.mkdir(parents=True, exist_ok=True)
        path = self.layout.lock_file
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise StoreError(f"{path}: cannot lock: {exc}") from exc
            holder = ""
            with contextlib.suppress(OSError):
                holder = path.read_text().strip()
            raise StoreLockedError(self.layout.home, f"writer pid {holder}" if holder else "") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
        fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)
        self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None


def generation_of(graph_file: Path) -> int:
    """The generation a database file belongs to, by its name (0 for an unexpected name)."""
    match = _GRAPH_RE.match(graph_file.name)
    return int(match.group(1)) if match else 0
