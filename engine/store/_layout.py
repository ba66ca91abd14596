"""Where the graph lives on disk, which file is live, and who may write.

::

    PROJECT/.inforce/
      CURRENT              the live database file's name, and on a second line its check
                           (checksum and stamp, ``_check``); replaced atomically (``ontology.files``)
      graph-000007.kuzu    the live graph (one Kuzu database file)
      write.lock           flock'ed by the one writer; holds its pid for the error message
      build-000008/        staging rows of an ingest in progress (removed when it ends)
      graph-000008.kuzu    a graph being built beside the live one, live only once CURRENT names it
      embeddings.sqlite    the embedding cache; survives every rebuild
      texts-<build id>.bin the live build's provision texts for as-of answers (``_texts``), a copy
                           of the graph's, rebuilt when missing or stale

A writer builds the next generation beside the live one and swaps ``CURRENT``; anything a
killed writer left behind is removed by the next writer to open the project.

``CURRENT`` of one line (a graph made live before checks were recorded) still reads; an
older inforce cannot read a ``CURRENT`` of two lines (delete ``.inforce`` to go back to one).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from inforce.ontology import GraphDamagedError, GraphUnusableError, InputError, StoreLockedError
from inforce.ontology.files import (
    READ_ONLY,
    LockUnusable,
    is_partial_write,
    no_room_refusal,
    read_bounded,
    read_only,
    release_lock,
    take_lock,
    write_atomically,
)

from ._check import GraphCheck, measure_graph

__all__ = ["LivePointer", "StoreLayout", "WriterLock", "pause_point"]

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


#: ``CURRENT`` is a line or two (a graph file's name and its check); anything longer is not one.
_POINTER_MAX = 4096


@dataclass(frozen=True)
class LivePointer:
    """What ``CURRENT`` says: the live graph file, and its check (None: made live before checks)."""

    path: Path
    check: GraphCheck | None


class StoreLayout:
    """The ``.inforce`` folder of one project."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.home = self.root / ".inforce"
        self._current = os.fspath(self.home / "CURRENT")  # ``current_stamp`` runs before every question

    @property
    def current_file(self) -> Path:
        return self.home / "CURRENT"

    @property
    def lock_file(self) -> Path:
        return self.home / "write.lock"

    @property
    def erase_lock_file(self) -> Path:
        """Held by a running erasure (``engine.erasures.erase_running``), beside the writer's."""
        return self.home / "erase.lock"

    @property
    def cache_file(self) -> Path:
        return self.home / "embeddings.sqlite"

    def graph_path(self, generation: int) -> Path:
        return self.home / f"graph-{generation:06d}.kuzu"

    def staging_dir(self, generation: int) -> Path:
        return self.home / f"build-{generation:06d}"

    def live(self) -> Path | None:
        """The live database file named by ``CURRENT``, or None before the first ingest."""
        pointer = self.pointer()
        return None if pointer is None else pointer.path

    def pointer(self) -> LivePointer | None:
        """What ``CURRENT`` says, or None before the first ingest.

        ``GraphDamagedError`` when it names no graph file or its check does not parse;
        ``GraphUnusableError`` when it cannot be read at all.
        """
        try:
            # read as the small regular file inforce writes, by the one bounded reader: a link to
            # /dev/zero had grown every reader's memory without bound, a named pipe held it (audit 68)
            raw = read_bounded(self.current_file, what="it", limit=_POINTER_MAX, regular=True)
        except FileNotFoundError:
            return None
        except InputError as exc:
            raise GraphDamagedError(self.current_file, exc.message) from None
        except NotADirectoryError:
            raise GraphUnusableError(f"{self.home} is not a folder; inforce keeps the graph there") from None
        except OSError as exc:
            raise GraphUnusableError(f"{self.current_file}: cannot read it: {exc.strerror}") from None
        try:
            lines = raw.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            lines = []
        name = lines[0].strip() if lines else ""
        if not _GRAPH_RE.match(name) or len(lines) > 2:
            shown = raw[:40].decode("utf-8", "replace")
            raise GraphDamagedError(self.current_file, f"it names no graph file: {shown!r}")
        if len(lines) == 1:
            return LivePointer(self.home / name, None)
        try:
            check = GraphCheck.from_line(lines[1])
        except ValueError as exc:
            raise GraphDamagedError(self.current_file, f"its check line does not parse: {exc}") from None
        return LivePointer(self.home / name, check)

    def current_stamp(self) -> tuple[int, int] | None:
        """``CURRENT``'s inode and modification time: changes whenever a swap replaces it
        (cheaper to ask than reading the file, so a reader can check before every question)."""
        try:
            found = os.stat(self._current)
        except (FileNotFoundError, NotADirectoryError):
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
        """Make ``new_live`` the live graph in one atomic rename, with its check (the file is
        read once, flushed first); durable before returning."""
        self.record(new_live, measure_graph(new_live))

    def record(self, live: Path, check: GraphCheck) -> None:
        """Write ``CURRENT`` naming ``live`` with ``check``, in one atomic rename (writer only)."""
        write_atomically(self.current_file, f"{live.name}\n{check.to_line()}\n")

    def forget_pointer(self) -> None:
        """Remove a ``CURRENT`` that names nothing usable (writer only): the project reads as
        not ingested until the next swap."""
        self.current_file.unlink(missing_ok=True)
        _fsync_dir(self.home)

    def remove_graph(self, path: Path) -> None:
        for candidate in (path, Path(str(path) + ".wal"), Path(str(path) + ".shadow")):
            _remove(candidate)

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
            if (_GRAPH_RE.match(base) and (live is None or base != live.name)) or (
                _BUILD_RE.match(name) or is_partial_write(name, self.current_file.name)
                or name == "CURRENT.next"  # what releases before issue 20 left
            ):
                _remove(entry)
                removed.append(name)
        return removed


class WriterLock:
    """An exclusive, non-blocking OS lock on ``.inforce/write.lock`` (one writer per project)."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise ``StoreLockedError`` (another writer holds it) or
        ``GraphUnusableError`` (the lock file cannot serve: a folder, a device, no access), or
        ``InputError`` (no room to write the pid in it: ``files.no_room_refusal``)."""
        home, path = self.layout.home, self.layout.lock_file
        try:
            home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if read_only(exc) is not None:
                raise _read_only(home) from None
            reason = "a file is in the way" if isinstance(exc, FileExistsError) else exc.strerror
            raise GraphUnusableError(f"{home}: cannot make the store folder: {reason}") from None
        try:
            fd = take_lock(path)
        except LockUnusable as problem:
            if problem.read_only:
                raise _read_only(home) from None
            raise _unusable_lock(path, problem.reason) from None
        if fd is None:
            holder = ""
            with contextlib.suppress(OSError, UnicodeDecodeError):
                holder = path.read_text().strip()
            raise StoreLockedError(home, f"writer pid {holder}" if holder else "")
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as exc:
            release_lock(fd)
            # no room for the pid (a full disk, a file-size limit): the lock file is not at fault,
            # and removing one another writer may hold is how two writers meet (audit 80 B F1)
            refused = no_room_refusal(path, exc, writing="the writer's pid into its lock",
                                      kept="nothing was changed")
            if refused is not None:
                raise refused from refused.__cause__
            raise _unusable_lock(path, exc.strerror or str(exc)) from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
        release_lock(self._fd)
        self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None


def _remove(path: Path) -> None:
    """Remove a file of ours, or a folder where one of our files belongs (nothing if absent)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _read_only(home: Path) -> InputError:
    """A store on a file system mounted read-only: nothing of it is at fault, so nothing is to be
    removed (removing fails there too, and deletes a lock another process may hold where the file
    system was read-only only a while)."""
    return InputError(f"{home}: cannot write the project's store: {READ_ONLY}",
                      hint="run the command where the project's folder can be written")


def _unusable_lock(path: Path, reason: str) -> GraphUnusableError:
    return GraphUnusableError(
        f"{path}: cannot serve as the write lock ({reason}); remove it and run the command again"
    )


def generation_of(graph_file: Path) -> int:
    """The generation a database file belongs to, by its name (0 for an unexpected name)."""
    match = _GRAPH_RE.match(graph_file.name)
    return int(match.group(1)) if match else 0
