"""Whether the live graph file is still the file that was made live, decided before Kuzu reads it.

Kuzu 0.11.3 trusts its database file: random bytes written into it crash the process
(a segmentation fault, in every command), and a truncated one fails deep inside the engine.
So the writer records a check of the file in ``CURRENT`` when it makes the file live, and
every open compares the file with it first:

- **checksum**: CRC-32 of the whole file, and its size. A CRC, not a cryptographic hash:
  what it guards against is accidental damage (a stray write, a truncation, a bad copy,
  the disk); whoever can write the graph file on purpose can write ``CURRENT`` as well.
  CRC-32 misses random damage with probability 2^-32, and is the fastest whole-file check
  the standard library has (about twice sha256's speed; bench/graph_check.py measures both).
- **stamp**: the file's size, modification and change times (ns), inode and device when the
  checksum was taken. An open whose ``stat`` matches the stamp needs no read: any write to
  the file moves its modification and change times (the change time cannot be set back by
  a user), a truncation moves its size, a replacement its inode. Reading the whole file
  again happens only when the stamp does not match (a copied project, a ``touch``, a
  ``chmod``): the file is then read in full on every open, until the next ``inforce ingest``
  records a new stamp (it re-stamps a file whose checksum still matches; nothing is rebuilt).
  A process keeps the check of each file it read in full (``_READ_IN_FULL``) and trusts it
  as it trusts a recorded stamp: its next opens of that file, unwritten since, are a ``stat``
  (a test module or a service opening one copied project hundreds of times read it in full
  each time: ~5 ms of CPU for a 20 MB graph, ~2.5 % of three heavy test files).
- **not racy**: file times come from a coarse clock, so a write in the same clock tick as
  the last write before the checksum would leave the times unchanged. A stamp is trusted
  only when its checksum began at least ``racy_margin`` after the times it records (two clock
  ticks; two seconds on a file system that keeps whole seconds); the writer waits out that
  margin, a few milliseconds, before checksumming a new generation.

Damage the file system cannot see (bits rotting on the disk under an unchanged stamp) is
caught only when something else moves the stamp and the file is read in full.

Graphs made live before checks were recorded (a one-line ``CURRENT``) are read unverified,
as before; the next ``inforce ingest`` records their check (after opening them once more
exactly as before), without rebuilding.
"""

from __future__ import annotations

import json
import os
import stat
import threading
import time
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

from inforce.ontology import GraphDamagedError, GraphUnusableError, StoreError

__all__ = ["GraphCheck", "check_graph", "measure_graph", "racy_margin_ns"]

_CHUNK = 4 << 20
_SECOND = 1_000_000_000
#: Two ticks of the kernel's coarse clock at its slowest (HZ=100), which file times come from.
_FINE_MARGIN_NS = 20_000_000
#: File systems that keep whole seconds (ext4 with small inodes, FAT's two-second times).
_COARSE_MARGIN_NS = 2 * _SECOND


@dataclass(frozen=True)
class GraphCheck:
    """What ``CURRENT`` records of the file it names: checksum and size, and the stamp."""

    crc32: int
    size: int
    mtime_ns: int
    ctime_ns: int
    ino: int
    dev: int
    #: Wall clock (ns) when the checksum began reading the file.
    hashed_from_ns: int

    def to_line(self) -> str:
        fields = asdict(self)
        fields["crc32"] = f"{self.crc32:08x}"
        return json.dumps(fields, separators=(",", ":"))

    @classmethod
    def from_line(cls, line: str) -> GraphCheck:
        """Parse ``to_line``'s output; ``ValueError`` for anything else."""
        fields = json.loads(line)
        if not isinstance(fields, dict) or set(fields) != set(cls.__dataclass_fields__):
            raise ValueError(f"expected the fields {sorted(cls.__dataclass_fields__)}")
        crc = fields.pop("crc32")
        if not isinstance(crc, str) or len(crc) != 8:
            raise ValueError("crc32 is not 8 hex digits")
        if not all(type(value) is int for value in fields.values()):
            raise ValueError("a stamp field is not an integer")
        return cls(crc32=int(crc, 16), **fields)

    def matches(self, found: os.stat_result) -> bool:
        """Whether ``found`` is this stamp's file, unwritten since (no read needed)."""
        same = (found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino, found.st_dev) == (
            self.size, self.mtime_ns, self.ctime_ns, self.ino, self.dev
        )
        return same and self.hashed_from_ns >= self._last_write_ns + racy_margin_ns(self.mtime_ns, self.ctime_ns)

    @property
    def _last_write_ns(self) -> int:
        return max(self.mtime_ns, self.ctime_ns)


def racy_margin_ns(mtime_ns: int, ctime_ns: int) -> int:
    """How long after a file's times a checksum must begin for its stamp to be trusted."""
    if mtime_ns % _SECOND == 0 and ctime_ns % _SECOND == 0:
        return _COARSE_MARGIN_NS
    return _FINE_MARGIN_NS


def measure_graph(path: Path) -> GraphCheck:
    """The check of a graph file nobody writes any more (the writer's, at swap time).

    Flushes it to disk, waits out the racy margin when that is a matter of milliseconds (a
    file system keeping whole seconds gets an untrusted stamp instead: full reads on open),
    and reads it once. ``StoreError`` if it changed while being read.
    """
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        before = os.fstat(fd)
        ready = max(before.st_mtime_ns, before.st_ctime_ns) + racy_margin_ns(before.st_mtime_ns, before.st_ctime_ns)
        wait = ready - time.time_ns()
        if 0 < wait <= _FINE_MARGIN_NS:
            time.sleep(wait / _SECOND)
        check = _read_check(fd, before)
    finally:
        os.close(fd)
    if check is None:
        raise StoreError(f"{path}: the graph file changed while its checksum was taken; nothing else may write it")
    return check


def check_graph(path: Path, recorded: GraphCheck | None) -> GraphCheck | None:
    """Raise ``GraphDamagedError`` unless ``path`` is the file ``recorded`` describes.

    Only a ``stat`` when its stamp matches; otherwise the file is read in full and the fresh
    check returned, which a writer may record as the new stamp. None: nothing was read (the
    stamp matched, or nothing was recorded: a graph from before checks).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise GraphDamagedError(path, "the file is missing") from None
    except OSError as exc:
        raise GraphUnusableError(f"{path}: cannot read the graph: {exc.strerror}") from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise GraphDamagedError(path, "not a regular file")
        if recorded is None:
            return None
        if found.st_size != recorded.size:
            how = "truncated" if found.st_size < recorded.size else "grown"
            raise GraphDamagedError(
                path, f"{how}: {found.st_size:,} bytes, {recorded.size:,} when it was made live"
            )
        if recorded.matches(found):
            return None
        known = _READ_IN_FULL.get((found.st_dev, found.st_ino))
        if known is not None and (known.crc32, known.size) == (recorded.crc32, recorded.size) and known.matches(found):
            return known  # read in full by this process, and unwritten since
        fresh = _read_check(fd, found)
    finally:
        os.close(fd)
    if fresh is None or fresh.crc32 != recorded.crc32:
        raise GraphDamagedError(path, "its content does not match the checksum recorded when it was made live")
    with _READ_IN_FULL_LOCK:  # a service's threads open graphs at once
        _READ_IN_FULL.pop((fresh.dev, fresh.ino), None)  # the newest last, the oldest first out
        _READ_IN_FULL[(fresh.dev, fresh.ino)] = fresh
        while len(_READ_IN_FULL) > _READ_IN_FULL_KEPT:
            del _READ_IN_FULL[next(iter(_READ_IN_FULL))]
    return fresh


#: (device, inode) -> the check of a full read of that file by ``check_graph`` in this process
#: that matched its recorded checksum; trusted while its stamp matches, as a recorded one is.
_READ_IN_FULL: dict[tuple[int, int], GraphCheck] = {}
_READ_IN_FULL_KEPT = 256
_READ_IN_FULL_LOCK = threading.Lock()


def _read_check(fd: int, before: os.stat_result) -> GraphCheck | None:
    """Checksum the open file; None if its stamp moved while it was read."""
    started = time.time_ns()
    crc = 0
    buffer = bytearray(_CHUNK)
    view = memoryview(buffer)
    offset = 0
    while True:
        n = os.preadv(fd, [buffer], offset)
        if not n:
            break
        crc = zlib.crc32(view[:n], crc)
        offset += n
    after = os.fstat(fd)
    stamp = (before.st_size, before.st_mtime_ns, before.st_ctime_ns, before.st_ino, before.st_dev)
    if offset != before.st_size or stamp != (
        after.st_size, after.st_mtime_ns, after.st_ctime_ns, after.st_ino, after.st_dev
    ):
        return None
    return GraphCheck(
        crc32=crc, size=before.st_size, mtime_ns=before.st_mtime_ns, ctime_ns=before.st_ctime_ns,
        ino=before.st_ino, dev=before.st_dev, hashed_from_ns=started,
    )
