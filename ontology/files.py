"""Files the project writes and reads: the one atomic write, the one "inside the project"
test, for every layer (the CLI's ``-o``, RFI drafts, the graph's ``CURRENT`` pointer, the
manifest's pack paths, the register, document symlinks), the one way a command's several
outputs are written all or none (``written_together``: a sweep's ``-o`` report and RFI drafts),
the one bounded read of a file a command is handed (an answer, a sweep baseline, an audit
record), the one way a lock file is taken (``take_lock``: the writer's, the erasure's, the
review file's), and what a name read from the file system that is not UTF-8 is (``name_text``,
``name_not_utf8``).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import io
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import InputError

__all__ = ["MAX_INPUT_BYTES", "LockUnusable", "Together", "append_line", "create_atomically", "ensure_room", "files_under",
           "is_file_name", "is_inside", "name_not_utf8", "name_text", "unnamed_path", "is_partial_write", "lock_is_held", "no_room", "no_room_refusal", "no_temporary_room", "not_regular", "read_only", "read_bounded", "read_bounded_text", "release_lock",
           "take_lock", "write_atomically", "write_in_place", "written_together"]

#: What the atomic writers write: bytes, or a list of parts written one after another.
Payload = bytes | memoryview | list[bytes | memoryview]

_PARTIAL = ".partial"


def unnamed_path(text: str) -> str | None:
    """What is wrong with ``text`` as the name of a file or folder a person wrote (a command's
    PATH, a pack test's ``corpus:``), or None: an empty or blank name (an unset shell variable,
    ``corpus: ""``) names nothing, though ``Path("")`` would read it as the current folder (or
    the test file's own). The one rule of it (audits 65 B F02, 66 B F02, 69 B L3)."""
    if text.strip():
        return None
    return f"{'empty' if not text else 'blank'}: name a folder or file (`.` for the current folder)"


def name_text(path: str | Path) -> str:
    """A name read from the file system (``os.walk``, ``iterdir``, ``realpath``) as text: its
    bytes that are not UTF-8, which Python holds as lone surrogates no JSON, YAML or graph writer
    can encode, written out as ``\\xff`` (``bad\\xffZ.md``), the rest as it is. The one form
    such a name takes in any output (audit 76 A F1, F3, F4)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def name_not_utf8(path: str | Path, *, what: str = "file") -> InputError | None:
    """The refusal of ``path`` (as the caller names it: relative to the project) as a name
    inforce cannot write when it is not UTF-8, or None when it is: the file (or folder: ``what``)
    is not read, and the error names it by ``name_text``. Never read under a name no report,
    graph or log can hold, and never passed over silently."""
    if name_text(path) == os.fspath(path):
        return None
    return InputError(f"the {what} name is not UTF-8: not read", file=name_text(path),
                      hint=f"rename the {what} (its bytes that are not UTF-8 are shown as \\xNN)")


#: The largest file a command reads whole (``check --answer``, ``sweep --baseline``, ``replay
#: RECORD``): 64 MiB, as for one part of a Word file (an answer of thousands of claims is a few MiB).
MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_bounded(source: str | Path | BinaryIO, *, what: str, file: str | None = None,
                 field: str | None = None, limit: int = MAX_INPUT_BYTES, regular: bool = False) -> bytes:
    """The bytes of ``source`` (a path, or an open binary stream such as standard input), or an
    InputError naming ``file`` when there are more than ``limit``: a regular file is refused by
    its size before any of it is read, anything else (a pipe, ``/dev/zero``) after ``limit`` + 1
    bytes, so memory never holds more. ``what`` names the input in the message ("the answer").
    ``regular``: a file the project holds, or one a command is handed by name (an answer, an
    audit record, a baseline, a keys file: standard input is ``-``, read as a stream): anything
    but a regular file, a link to one included (a named pipe, a socket, a device such as
    ``/dev/zero`` or ``/dev/null``), is refused unread, opened without waiting for a pipe's writer.
    ``OSError`` from opening or reading is the caller's to report, as for any read."""
    if not isinstance(source, (str, Path)):
        return _bounded(source, what=what, file=file, field=field, limit=limit, size=None)
    file = file if file is not None else str(source)
    with open(_open_regular(source, what=what, file=file, field=field) if regular else source, "rb") as stream:
        try:
            status = os.fstat(stream.fileno())
        except OSError:
            status = None
        size = status.st_size if status is not None and stat.S_ISREG(status.st_mode) else None
        return _bounded(stream, what=what, file=file, field=field, limit=limit, size=size)


def read_bounded_text(source: str | Path | BinaryIO, *, what: str, encoding: str = "utf-8",
                      file: str | None = None, field: str | None = None, limit: int = MAX_INPUT_BYTES,
                      regular: bool = False) -> str:
    """:func:`read_bounded`'s bytes as text, decoded as ``Path.read_text`` decodes a file (its
    line ends made ``\\n``); ``UnicodeDecodeError`` when they are not ``encoding``."""
    data = read_bounded(source, what=what, file=file, field=field, limit=limit, regular=regular)
    with io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors="strict") as text:
        return text.read()


def _open_regular(path: str | Path, *, what: str, file: str, field: str | None) -> int:
    """A descriptor of ``path`` when it is a regular file; InputError naming ``file`` otherwise.
    Opened without blocking (a named pipe with no writer would wait for ever) and judged by the
    descriptor itself, so what is read is what was judged."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{what} is not a regular file ({_kind_of(mode)}): not read", file=file, field=field,
                             hint="name the file itself" if stat.S_ISDIR(mode) else "replace it with the file itself")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def path_kind(path: Path) -> str:
    """What the entry at ``path`` is, in words, the link itself judged ("a symbolic link",
    "a folder", "a regular file", ...)."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "a regular file" if stat.S_ISREG(mode) else _kind_of(mode)


def not_regular(path: str | Path) -> str | None:
    """What the entry at ``path`` is when it is there but no regular file to read, the link
    followed ("a named pipe", "a device", "a symbolic link that loops", ...); None when it is a
    regular file or nothing is there (a missing file is said as missing by its reader). A folder is
    a folder: the caller decides whether one is taken."""
    try:
        mode = os.stat(path).st_mode
    except RuntimeError:
        return "a symbolic link that loops"
    except OSError as problem:
        if os.path.lexists(path):
            return "a symbolic link that loops" if problem.errno == errno.ELOOP else "a link to nothing"
        return None
    return None if stat.S_ISREG(mode) else _kind_of(mode)


def _kind_of(mode: int) -> str:
    """What a path that is no regular file is, in words (a link is judged by what it leads to)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


#: What a stream of unknown size (a pipe) is read by: a read of ``limit`` + 1 bytes at once would
#: have the C allocator hand out (and, after an erasure, fill: ``engine/store/_heap.py``) a block
#: of that size for every file, however small.
_PIECE = 1 << 20


def _bounded(stream: BinaryIO, *, what: str, file: str | None, field: str | None, limit: int,
             size: int | None) -> bytes:
    pieces: list[bytes] = []
    held = 0
    if size is None or size <= limit:
        # a regular file in one read of its size and a byte more (it may have grown since)
        want = size + 1 if size is not None else _PIECE
        while held <= limit:
            piece = stream.read(min(want, limit + 1 - held))
            if not piece:
                break
            pieces.append(piece)
            held += len(piece)
            want = _PIECE
    data = pieces[0] if len(pieces) == 1 else b"".join(pieces)
    if size is not None and size > limit or len(data) > limit:
        size_of = f"{size:,} bytes, " if size is not None else ""
        raise InputError(f"{what} is {size_of}over the limit of {limit / 2**20:g} MiB ({limit:,} bytes); "
                         "not read", file=file, field=field,
                         hint="check that this is the file meant: inforce writes none this large")
    return data


def create_atomically(path: str | Path, data: bytes | str) -> bool:
    """Add ``path`` holding ``data`` (text as UTF-8), whole or not at all, never replacing a file
    that is there: for an append-only folder (the audit records). False, and nothing written,
    when ``path`` exists already.

    As :func:`write_atomically`, a temporary file beside it is written and synced, then linked
    to ``path`` (a hard link fails on an existing name, where a rename would replace it) and
    removed. A failure (a full disk: ``OSError`` with ``errno.ENOSPC``) leaves nothing behind.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    temporary = _write_temporary(path, payload, None)
    try:
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        except OSError as problem:  # a filesystem without hard links: claim the name, then rename
            if problem.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise _named(problem, path) from None
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                return False
            try:
                _put(temporary, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(path)
                raise
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    _sync_folder(path.parent)
    return True


def _write_temporary(path: Path, payload: Payload, existing: os.stat_result | None) -> Path:
    """A synced temporary file beside ``path`` holding ``payload`` (removed if writing fails)."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}{_PARTIAL}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        try:
            if existing is not None:
                os.fchmod(fd, stat.S_IMODE(existing.st_mode))
            _write_all(fd, payload)
        finally:
            os.close(fd)
    except BaseException as problem:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(problem, OSError):  # a write cut short: the file asked for is named, never the temporary
            raise _named(problem, path) from None
        raise
    return temporary


def _write_all(fd: int, payload: Payload) -> None:
    """Every byte of ``payload`` (or of each of its parts, in order) written at ``fd``, then synced."""
    for part in payload if isinstance(payload, (list, tuple)) else (payload,):
        view = memoryview(part).cast("B")
        while view:
            view = view[os.write(fd, view):]
    os.fsync(fd)


def write_in_place(path: str | Path, data: bytes | str) -> None:
    """Write ``data`` into the file at ``path`` itself (its inode, so every hard link to it reads
    it), synced; never through a symlink. Not atomic: for a file whose other names a new file
    would not reach, where the caller can run again (an erasure left pending) if cut short."""
    payload = data.encode() if isinstance(data, str) else data
    fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW)
    try:
        os.ftruncate(fd, 0)
        _write_all(fd, payload)
    finally:
        os.close(fd)


def _named(problem: OSError, path: Path) -> OSError:
    """``problem`` as the same kind of ``OSError`` naming ``path``, the file the caller writes,
    where it named no file or one of the writer's temporary files (a ``.partial`` the user never
    asked for and cannot act on); one naming another file (a folder on the way) is kept."""
    if problem.filename is not None and not str(problem.filename).endswith(_PARTIAL):
        return problem
    return OSError(problem.errno, problem.strerror, str(path))


def _put(temporary: Path, path: Path) -> None:
    """Rename ``temporary`` over ``path``: an error names ``path`` (``_named``)."""
    try:
        os.replace(temporary, path)
    except OSError as problem:
        raise _named(problem, path) from None


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every filesystem lets a folder be synced
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomically(path: str | Path, data: bytes | str | list[bytes | memoryview]) -> None:
    """Replace ``path`` with ``data`` (text as UTF-8; a list: its parts one after another, never
    joined in memory, as a build's text store is written from runs of the file before it) so that
    a reader, or a crash, sees the old file or the new one, never half of one.

    A temporary file beside ``path`` is written, synced and renamed over it, and the rename is
    made durable. A new file gets the umask's permissions (mkstemp's 0600 would hide it from
    the team); a replaced one keeps its own, and one that is not writable is not replaced
    (PermissionError), as writing into it would be refused. The temporary file is removed if
    anything fails; :func:`is_partial_write` names one a crash left behind.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    existing = _replaceable(path)
    temporary = _write_temporary(path, payload, existing)
    try:
        _put(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _replaceable(path: Path) -> os.stat_result | None:
    """What is at ``path`` now (None: nothing), refused (PermissionError) when it is a file that
    is not writable: an atomic write never replaces what writing into it would be refused; nor a
    folder (IsADirectoryError naming ``path``), which a rename could not replace."""
    try:
        existing = os.stat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(existing.st_mode) and not path.is_symlink():  # a link to a folder is replaced, as a link
        raise IsADirectoryError(errno.EISDIR, "a folder is there, where the file goes", str(path))
    if not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is not writable", str(path))
    return existing


def appendable(path: str | Path) -> None:
    """Open ``path`` as :func:`append_line` opens it (made with its folder when missing, a link
    refused) and close it, writing nothing: ``OSError`` where no line could be appended there (a
    folder, a link, a folder not writable), asked before a server answers its first question."""
    path = Path(path)
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = _open_log(path, flags)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _open_log(path, flags)
    os.close(fd)


def append_line(path: str | Path, line: bytes | str) -> None:
    """Append one whole line (text as UTF-8; a newline added when it has none) to ``path``, an
    append-only log (the decision logs): one ``write`` on a file opened for appending, so lines
    written at once by threads or processes never interleave, and whole or not at all: a short
    write (a full disk, a file-size limit) is cut back off before ``OSError`` is raised, and a
    file that does not end with a newline (a fragment a crash left) gets one first, so the next
    line is never glued to it. The file and its folder are made when missing (the file with
    the umask's permissions); a symbolic link is refused (``OSError`` ELOOP), as a write never
    goes through one: :func:`write_atomically` replaces a link, it does not follow it."""
    path = Path(path)
    payload = line.encode("utf-8") if isinstance(line, str) else line
    if not payload.endswith(b"\n"):
        payload += b"\n"
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = _open_log(path, flags)
    except FileNotFoundError:  # the folder is missing (or was removed meanwhile): made
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _open_log(path, flags)
    try:
        with contextlib.suppress(OSError):  # writers of the log take turns: the check below and the
            fcntl.flock(fd, fcntl.LOCK_EX)  # write are one step (released when the file is closed)
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":  # a torn line before: ended, never continued
            payload = b"\n" + payload
        written = 0
        try:
            written = os.write(fd, payload)
        finally:
            if written != len(payload):
                _cut_back(fd, written)
        if written != len(payload):  # a full disk: never half a line followed by the next one
            raise OSError(errno.ENOSPC, f"only {written} of {len(payload)} bytes of a log line could be written "
                          "(nothing of it was kept)", str(path))
    finally:
        os.close(fd)


def _open_log(path: Path, flags: int) -> int:
    try:
        return os.open(path, flags, 0o666)
    except OSError as problem:
        if problem.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "the log is a symbolic link: inforce appends to no file through a link",
                          str(path)) from None
        raise


def _cut_back(fd: int, written: int) -> None:
    """Truncate a log back to where a short write of ``written`` bytes began (the file's offset,
    after an append, is the end of what was written)."""
    if written <= 0:
        return
    with contextlib.suppress(OSError):
        os.ftruncate(fd, os.lseek(fd, 0, os.SEEK_CUR) - written)


class LockUnusable(Exception):  # noqa: N818 - a condition the caller names in its own error
    """A lock file that cannot serve (``take_lock``): it cannot be opened, it is no regular
    file, or the file system refuses the lock for a reason other than another holder (ENOLCK,
    EBADF, EOPNOTSUPP: NFS without its lock service, a file system without locks)."""

    def __init__(self, path: str | Path, reason: str, *, link: bool = False, read_only: bool = False) -> None:
        self.path, self.reason, self.link = str(path), reason, link  # link: the lock file is a symbolic link
        self.read_only = read_only  # on a file system mounted read-only: the file itself is fine
        super().__init__(f"{path}: {reason}")


#: How many times ``take_lock`` takes a ``removed`` lock again when the file it locked is no
#: longer the one at its path (its holder deleted it as it was opened): a holder deletes it once,
#: so a few suffice; more means something else keeps replacing it.
_RETAKES = 5

#: The errors ``flock`` gives when another holder has the lock (EACCES: some emulations).
_HELD = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)


def take_lock(path: str | Path, *, wait: float = 0.0, removed: bool = False) -> int | None:
    """An exclusive ``flock`` on the lock file ``path``: the file descriptor holding it (give
    it to ``release_lock``), or None when another process (or another open of this one) holds
    it past ``wait`` seconds. The file is a regular file opened for reading and writing and
    made when missing (mode 0o644 less the umask), never truncated: NFS emulates ``flock``
    with POSIX record locks, which need a file open for writing (a folder opened read-only
    fails there with EBADF). A symbolic link at ``path`` is refused (``LockUnusable``, "it is
    a symbolic link"; ``O_NOFOLLOW``), for every lock, never followed: the writer writes its
    pid into its lock file, and a link would have it empty a file elsewhere; nor is a link's
    target the file a ``removed`` lock compares with its path and deletes. A link among the
    folders above (a project's ``.inforce`` kept elsewhere) is followed, as every command does.
    ``removed``: the file is deleted by ``release_lock`` (so that a lock leaves nothing
    behind, even when it cannot be taken); a lock taken on a file another holder deleted
    meanwhile is taken again on the new one, a few times (``_RETAKES``, a pause between), then
    ``LockUnusable``: never a spin. ``LockUnusable`` when the lock cannot be taken for any
    reason but a holder."""
    path = Path(path)
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_NOFOLLOW", 0)
    deadline = time.monotonic() + wait
    retakes = 0
    while True:
        try:
            fd = os.open(path, flags, 0o644)
        except IsADirectoryError:
            raise LockUnusable(path, "it is a folder") from None
        except OSError as problem:
            if problem.errno == errno.ELOOP:
                raise LockUnusable(path, "it is a symbolic link", link=True) from None
            said = read_only(problem)
            raise LockUnusable(path, said or problem.strerror or str(problem), read_only=said is not None) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LockUnusable(path, "it is not a regular file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as problem:
                if problem.errno not in _HELD:
                    if removed and _same_file(fd, path):  # no one can hold it: left as it was found
                        with contextlib.suppress(OSError):
                            os.unlink(path)
                    raise LockUnusable(path, f"the file system refused the lock: {problem.strerror or problem}") \
                        from None
                os.close(fd)
                if time.monotonic() >= deadline:
                    return None
                time.sleep(0.02)
                continue
            if removed and not _same_file(fd, path):  # its holder deleted it as we opened it: again
                os.close(fd)
                retakes += 1
                if retakes > _RETAKES:
                    raise LockUnusable(path, f"the lock file was replaced or removed each of {_RETAKES + 1} times it "
                                             "was taken (something else deletes or replaces it)")
                time.sleep(0.02 * retakes)
                continue
            return fd
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.lstat(path)
    except OSError:
        return False
    held = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def release_lock(fd: int, path: str | Path | None = None) -> None:
    """Let go of a lock ``take_lock`` gave; ``path`` (one taken ``removed``): its file is
    deleted first, while still held."""
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)


def lock_is_held(path: str | Path) -> bool:
    """Whether another open of the lock file ``path`` holds its lock now (``take_lock``); False
    when there is no such file, or it takes no lock."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as problem:
        return problem.errno in _HELD
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def is_partial_write(name: str, target: str) -> bool:
    """Whether the file ``name`` is a temporary file :func:`write_atomically` left beside
    ``target`` (a file name, not a path) when a crash stopped it."""
    return name.startswith(f".{target}.") and name.endswith(_PARTIAL)


def is_inside(path: str | Path, root: str | Path) -> bool:
    """Whether ``path`` is ``root`` or lies under it once both are resolved: symlinks followed,
    ``..`` applied. A link inside the project that leads out of it is outside."""
    real, folder = os.path.realpath(path), os.path.realpath(root)
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def files_under(root: str | Path, *, unlisted: Callable[[Path, OSError], None] | None = None,
                within: Collection[str | Path] = ()) -> Iterator[Path]:
    """Every entry under ``root`` that is not a folder, named as reached from ``root``, sorted
    within each folder. A link to a folder under ``root`` is followed (each real folder walked
    once, so a link back up ends); a link to a folder elsewhere is yielded itself, unwalked (what
    it shows lies outside: the caller says so). A link to a file is yielded as the link.
    ``unlisted``: told of each folder that could not be listed (a path past the system's
    limit, no permission), which is otherwise passed over. ``within``: folders elsewhere a link
    may lead into and be followed (a project's store kept outside it, reached by a link)."""
    seen: set[tuple[int, int]] = set()

    def told(problem: OSError) -> None:
        if unlisted is not None:
            unlisted(Path(problem.filename if problem.filename is not None else root), problem)

    for folder, subfolders, names in os.walk(root, followlinks=True, onerror=told):
        try:
            info = os.stat(folder)
        except OSError as problem:
            told(problem)
            subfolders[:] = []
            continue
        if (info.st_dev, info.st_ino) in seen:
            subfolders[:] = []
            continue
        seen.add((info.st_dev, info.st_ino))
        outside = [name for name in subfolders
                   if os.path.islink(os.path.join(folder, name))
                   and not any(is_inside(os.path.join(folder, name), place) for place in (root, *within))]
        subfolders[:] = sorted(name for name in subfolders if name not in outside)
        for name in sorted(names + outside):
            yield Path(folder, name)


#: A name that is one file in a folder wherever it is used: letters, digits, '.', '_' and '-',
#: starting with a letter or digit (never a hidden file, another folder or ``..``).
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
#: The longest such name: room for an extension within the file systems' 255 bytes.
_FILE_NAME_MAX = 200


def project_record(root: str | Path, name: str, *, hint: str) -> Path | None:
    """The project's own record ``root/name`` (``reviews.yaml``, ``erasures.yaml``) as a file to
    read and replace: None when there is none. InputError naming it when it is a link leading
    out of the project (``is_inside``: its text would come from, or be written over, something
    outside) or not a regular file (a folder, a device); ``hint`` says what the record is. A link
    inside the project is followed (the file it names is the one). The one rule for every record
    the project keeps and reads as input (audit MM3-9)."""
    path = Path(root) / name
    if not os.path.lexists(path):
        return None
    if not is_inside(path, root):
        raise InputError(f"{name} leads out of the project ({os.path.realpath(path)})", file=name,
                         hint=f"keep {name} inside the project folder, as a regular file")
    real = Path(os.path.realpath(path))
    if not real.is_file():
        raise InputError(f"{name} is not a regular file", file=name, hint=hint)
    return real


def is_file_name(name: str) -> bool:
    """Whether ``name`` (an id, a project's name) can name a file of its own as it is: the one
    rule for every output named after something (``RFI-<finding id>.md``, a portfolio's
    ``<project>.json``)."""
    return len(name) <= _FILE_NAME_MAX and _FILE_NAME.fullmatch(name) is not None


# ---- room to write ---------------------------------------------------------------------------

#: What a write the file system has no room for fails with: a full disk, a spent quota, a file
#: past the process's file-size limit (``ulimit -f``, which stands in for a full disk in tests).
_NO_ROOM = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is spent",
            errno.EFBIG: "the file is too large for the file-size limit (ulimit -f)"}


def no_room(problem: BaseException) -> str | None:
    """Why ``problem`` is a write refused for want of room, in words ("the disk is full"), or None
    when it is another error: the one test every command's report of a full disk goes by."""
    return _NO_ROOM.get(problem.errno) if isinstance(problem, OSError) and problem.errno is not None else None


def no_room_refusal(path: str | Path, problem: BaseException, *, writing: str, kept: str) -> InputError | None:
    """``problem``, a write of ``path`` (``writing``: what it was) that failed for want of room
    (``no_room``), said as an input error naming that file, what was ``kept`` as it was, and what
    to do; None for any other error. A fault of the machine's room, never of the file written:
    no advice to remove it (audit 80 B F1: a write lock "cannot serve ... remove it"). Its cause is
    the failed write, named by its file: raise it ``from`` that, never ``from None``."""
    reason = no_room(problem)
    if reason is None:
        return None
    assert isinstance(problem, OSError)
    raise_limit = ", or raise the file-size limit," if problem.errno == errno.EFBIG else ""
    if problem.strerror and problem.strerror.startswith(reason):  # ``ensure_room``'s: with the sizes
        reason = problem.strerror
    refused = InputError(f"cannot write {writing}: {reason}; {kept}", file=str(path),
                         hint=f"free some room{raise_limit} and run the command again")
    # the write that failed, with its file, for a caller saying more of it (``erase``: nothing erased)
    refused.__cause__ = problem if problem.filename is not None else OSError(problem.errno, problem.strerror, str(path))
    return refused


#: tempfile's words when no folder it tries takes a file (a FileNotFoundError, said as ENOENT
#: whatever the write in each folder failed with), and the folders it tried
_NO_TEMPORARY_FOLDER = re.compile(r"No usable temporary directory found in (\[.*\])", re.DOTALL)


def no_temporary_room(problem: BaseException, *, writing: str, kept: str) -> InputError | None:
    """``problem``, tempfile's "No usable temporary directory" (raised by a library that tries
    the temporary folder as it is imported: torch does), said as ``no_room_refusal`` where the
    first folder it tried has no room for a file (a full disk, a file-size limit of 0): tempfile
    drops the write's own error. None for any other error, or when that folder takes a file now
    (audit 81 B F1: ``embed`` under ``ulimit -f 0`` was "internal error: FileNotFoundError")."""
    import ast

    found = _NO_TEMPORARY_FOLDER.fullmatch(problem.strerror or "") if isinstance(problem, FileNotFoundError) else None
    if found is None:
        return None
    try:
        folders = [str(folder) for folder in ast.literal_eval(found[1])]
    except (ValueError, SyntaxError):
        return None
    for folder in folders[:1]:  # the one a user sets (TMPDIR) or the system's: what the message names
        probe = os.path.join(folder, f".inforce-room-{os.getpid()}-{secrets.token_hex(4)}")
        try:
            handle = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError:
            return None  # not a matter of room: the folder's own problem, tempfile's words stand
        try:
            os.write(handle, b"room")
        except OSError as failed:
            return no_room_refusal(folder, OSError(failed.errno, failed.strerror, folder), writing=writing, kept=kept)
        finally:
            os.close(handle)
            os.unlink(probe)
    return None


#: Why a write a file system mounted read-only refuses failed (EROFS: the file, its folder and
#: every permission are fine, and removing a file there fails the same way).
READ_ONLY = "the file system is read-only"


def read_only(where: BaseException | str | Path) -> str | None:
    """:data:`READ_ONLY` where ``where`` is a write refused with EROFS, or a path on a file system
    mounted read-only (``statvfs``: asked before a write, where ``os.access`` says only "no");
    None otherwise: the one test a report of a refused write names the read-only file system by
    (audit 72 B F3: "permission denied", or advice to delete the lock file, were said instead)."""
    if isinstance(where, BaseException):
        return READ_ONLY if isinstance(where, OSError) and where.errno == errno.EROFS else None
    try:
        return READ_ONLY if os.statvfs(where).f_flag & os.ST_RDONLY else None
    except OSError:
        return None


def ensure_room(folder: str | Path, *, largest: int, total: int, what: str) -> None:
    """Refuse, before it starts, a write of ``total`` bytes into ``folder`` whose largest file
    holds ``largest``: ``OSError`` ``EFBIG`` when that file would pass the process's file-size
    limit (``RLIMIT_FSIZE``), ``ENOSPC`` when the file system has fewer bytes free for this user.
    For a writer whose failure part-way cannot be caught (Kuzu aborts the process when a write
    of its own fails); a writer that fails cleanly needs no estimate, its ``OSError`` says it."""
    import resource

    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit != resource.RLIM_INFINITY and largest > limit:
        raise OSError(errno.EFBIG, f"{_NO_ROOM[errno.EFBIG]}: {what} needs a file of about {_size(largest)}, "
                      f"the limit is {_size(limit)} (as good as a full disk)", str(folder))
    try:
        status = os.statvfs(folder)
    except OSError:
        return  # the write itself will say why the folder cannot be used
    free = status.f_bavail * status.f_frsize
    if total > free:
        raise OSError(errno.ENOSPC, f"{_NO_ROOM[errno.ENOSPC]}: {what} needs about {_size(total)}, "
                      f"{_size(free)} are free", str(folder))


def _size(size: int) -> str:
    """A size in MiB, in KiB under one MiB, in bytes under one KiB: a 50 KiB file-size limit is
    never "0.0 MiB" (audit 80 B L5)."""
    if size < 2**10:
        return f"{size:,} bytes"
    if size < 2**20:
        return f"{size / 2**10:,.1f} KiB"
    return f"{size / 2**20:,.1f} MiB"


# ---- outputs written together ------------------------------------------------------------------


class Together:
    """Files one command writes as one output (a sweep's report and its RFI drafts): each
    :meth:`add` writes a synced temporary file beside its destination, and nothing is moved into
    place until every one is written (:func:`written_together`). Use it through that function."""

    def __init__(self) -> None:
        self._staged: dict[Path, tuple[Path, Path | None]] = {}  # destination: (temporary, backup)
        self._made: list[Path] = []  # folders made for the outputs, outermost first
        self._then: list[Callable[[], object]] = []
        self._removed: list[Path] = []  # files of an earlier output that this one does not hold

    def then(self, told: Callable[[], object]) -> None:
        """Call ``told`` once every output is in place (to say so: never before, never if not)."""
        self._then.append(told)

    def folder(self, folder: str | Path) -> Path:
        """Make ``folder`` (and the folders above it) if missing, to be removed again if the
        outputs are not all written; a folder that was there is never removed."""
        folder = Path(folder)
        missing = []
        for each in (folder, *folder.parents):
            if each.is_dir():
                break
            missing.append(each)
        for each in reversed(missing):
            try:
                each.mkdir()
            except FileExistsError:
                if not each.is_dir():
                    raise
                continue  # made meanwhile by someone else: theirs, never removed
            self._made.append(each)
        return folder

    def add(self, path: str | Path, data: bytes | str) -> None:
        """Write ``data`` (text as UTF-8) for ``path``, to be put there with the others. A file
        there now is replaced as :func:`write_atomically` replaces one (its permissions kept; one
        not writable refused); it is kept, under a second name beside it, until all are in place."""
        path = Path(path)
        if path in self._staged:
            raise ValueError(f"{path} is one of the outputs already")
        self.folder(path.parent)
        payload = data.encode("utf-8") if isinstance(data, str) else data
        existing = _replaceable(path)
        temporary = _write_temporary(path, payload, existing)
        self._staged[path] = (temporary, None)
        if existing is not None:
            backup = path.with_name(f".{path.name}.{secrets.token_hex(4)}.before{_PARTIAL}")
            try:
                os.link(path, backup, follow_symlinks=False)
            except OSError as problem:  # a file system without hard links: nothing to put back
                if problem.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                    raise
            else:
                self._staged[path] = (temporary, backup)

    def remove(self, path: str | Path) -> None:
        """Remove ``path`` (a file an earlier run of the command wrote, which this output does
        not hold again) in the same step as the outputs are put in place: it stays if they are
        not, and comes back if putting them in place fails. A file gone meanwhile is no error."""
        path = Path(path)
        if path in self._staged or path in self._removed:
            raise ValueError(f"{path} is one of the outputs already")
        self._removed.append(path)

    def _commit(self) -> None:
        moved: list[Path] = []
        aside: list[tuple[Path, Path]] = []  # removed files, kept under a second name until all is done
        try:
            for path, (temporary, _) in self._staged.items():
                _put(temporary, path)
                moved.append(path)
            for path in self._removed:
                kept = path.with_name(f".{path.name}.{secrets.token_hex(4)}.before{_PARTIAL}")
                try:
                    os.replace(path, kept)
                except FileNotFoundError:
                    continue
                except OSError as problem:
                    raise _named(problem, path) from None
                aside.append((path, kept))
        except BaseException:
            for path, kept in aside:
                with contextlib.suppress(OSError):
                    os.replace(kept, path)
            for path in moved:  # what was there before comes back; what was not goes
                with contextlib.suppress(OSError):
                    backup = self._staged[path][1]
                    if backup is not None:
                        os.replace(backup, path)
                    else:
                        os.unlink(path)
            self._discard()
            raise
        for backup in [backup for _, backup in self._staged.values()] + [kept for _, kept in aside]:
            if backup is not None:
                with contextlib.suppress(OSError):
                    os.unlink(backup)
        for folder in {path.parent for path in [*self._staged, *self._removed]}:
            _sync_folder(folder)
        for told in self._then:
            told()

    def _discard(self) -> None:
        for temporary, backup in self._staged.values():
            for left in (temporary, backup):
                if left is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(left)
        for folder in reversed(self._made):
            with contextlib.suppress(OSError):  # only when empty: never a file someone else put there
                folder.rmdir()


@contextlib.contextmanager
def written_together() -> Iterator[Together]:
    """All of a command's outputs or none: the files :meth:`Together.add` stages in the block are
    moved into place when it ends, only once every one of them was written whole, and those
    :meth:`Together.remove` names (an earlier output's files not written again) go in that step. When anything
    fails first (a full disk: ``OSError`` naming the file, as :func:`write_atomically` raises it;
    any exception in the block), nothing new is left: no temporary file, no output, no folder it
    made, and a file that was there holds what it held. If a move into place itself fails (a
    rename needs no room, so hardly ever), the files already moved get their old content back."""
    together = Together()
    try:
        yield together
    except BaseException:
        together._discard()
        raise
    together._commit()
