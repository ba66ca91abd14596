"""Files the project writes and reads: the one atomic write, and the one "inside the project"
test, for every layer (the CLI's ``-o``, RFI drafts, the graph's ``CURRENT`` pointer, the
manifest's pack paths, the register, document symlinks).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path

__all__ = ["is_inside", "is_partial_write", "write_atomically"]

_PARTIAL = ".partial"


def write_atomically(path: str | Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text as UTF-8) so that a reader, or a crash, sees the old
    file or the new one, never half of one.

    A temporary file beside ``path`` is written, synced and renamed over it, and the rename is
    made durable. A new file gets the umask's permissions (mkstemp's 0600 would hide it from
    the team); a replaced one keeps its own, and one that is not writable is not replaced
    (PermissionError), as writing into it would be refused. The temporary file is removed if
    anything fails; :func:`is_partial_write` names one a crash left behind.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        existing: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        existing = None
    if existing is not None and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is not writable", str(path))
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}{_PARTIAL}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        try:
            if existing is not None:
                os.fchmod(fd, stat.S_IMODE(existing.st_mode))
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # not every filesystem lets a folder be synced
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def is_partial_write(name: str, target: str) -> bool:
    """Whether the file ``name`` is a temporary file :func:`write_atomically` left beside
    ``target`` (a file name, not a path) when a crash stopped it."""
    return name.startswith(f".{target}.") and name.endswith(_PARTIAL)


def is_inside(path: str | Path, root: str | Path) -> bool:
    """Whether ``path`` is ``root`` or lies under it once both are resolved: symlinks followed,
    ``..`` applied. A link inside the project that leads out of it is outside."""
    real, folder = os.path.realpath(path), os.path.realpath(root)
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)
