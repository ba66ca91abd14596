"""The erasures a project records (``erasures.yaml``): read, written, and what they keep out.

The record file of ``engine.erase`` (which erases), apart from it so that the ingest, which
keeps erased revisions out, reads it without importing the erasure's machinery.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from inforce.ontology import (
    GraphUnusableError,
    InputError,
    NotFoundError,
    StoreLockedError,
    utc_text,
)
from inforce.ontology.document import Document
from inforce.ontology.erasure import ERASURES_FILE, ErasedNote, ErasedRevision, Erasure
from inforce.ontology.files import (
    LockUnusable,
    lock_is_held,
    project_record,
    read_bounded_text,
    release_lock,
    take_lock,
    write_atomically,
)
from inforce.ontology.yamltext import MarkedList, MarkedMap, load_marked

__all__ = ["ErasedDocuments", "explain_missing", "pending_erasure", "read_erasures", "write_erasures"]


def read_erasures(root: Path) -> tuple[Erasure, ...]:
    """Every entry of ``root/erasures.yaml`` (none when absent); InputError naming the file,
    the line and the field when it does not read."""
    return tuple(entry for entry, _ in _read_entries(root))


def _read_entries(root: Path) -> tuple[tuple[Erasure, int | None], ...]:
    """``read_erasures``'s entries, each with the line its ``state`` is written at (else the
    entry's own), for a problem an entry that reads poses (one pending)."""
    # the one rule for the project's own records (``project_record``): a link out of the project refused
    path = project_record(root, ERASURES_FILE, hint="erasures.yaml is the record of erasures (docs/formats.md)")
    if path is None:
        return ()
    try:
        text = read_bounded_text(path, what="the erasure record", file=ERASURES_FILE, regular=True)
    except FileNotFoundError:
        return ()
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read it: {problem}", file=ERASURES_FILE) from None
    tree = load_marked(text, file=ERASURES_FILE)
    if tree is None:
        return ()
    if not isinstance(tree, Mapping) or not isinstance(tree.get("erasures", []), list) or set(tree) - {"erasures"}:
        raise InputError("erasures.yaml holds one key, erasures: a list of entries", file=ERASURES_FILE,
                         field="erasures")
    entries = []
    items = tree.get("erasures") or []
    for n, entry in enumerate(items):
        # the entry's line: a mapping's own, else (``- 5``) where the list writes the item
        line = _line_of(entry) or (items.item_at(n)[0] if isinstance(items, MarkedList) else None)
        try:
            erasure = Erasure.model_validate(_plain(entry))
        except ValueError as invalid:
            errors = getattr(invalid, "errors", None)
            first = errors()[0] if callable(errors) else {"loc": (), "msg": str(invalid)}
            where = ".".join(str(p) for p in first["loc"])
            raise InputError(str(first["msg"]).removeprefix("Value error, "), file=ERASURES_FILE, line=line,
                             field=f"erasures[{n}]" + (f".{where}" if where else "")) from None
        twin = next((k for k, (seen, _) in enumerate(entries) if seen.id == erasure.id), None)
        if twin is not None:  # which one a rerun finishes, or a deletion lifts, would be a guess
            at = entry.value_at("id")[0] if isinstance(entry, MarkedMap) and "id" in entry else line
            raise InputError(f"the id {erasure.id} is erasures[{twin}]'s too; each entry has its own",
                             file=ERASURES_FILE, line=at, field=f"erasures[{n}].id",
                             hint="remove the copy, or give it the id its erasure was recorded with")
        if isinstance(entry, MarkedMap) and "state" in entry:
            line = entry.value_at("state")[0]
        twice = _erased_before(erasure, [seen for seen, _ in entries])
        if twice is not None:
            raise InputError(twice, file=ERASURES_FILE, line=line, field=f"erasures[{n}].revisions",
                             hint="remove the copy: one erasure records a revision's end")
        entries.append((erasure, line))
    return tuple(entries)


def _erased_before(entry: Erasure, earlier: Sequence[Erasure]) -> str | None:
    """Why ``entry`` erases what an earlier entry erased already, or None: no erasure can record a
    revision whose text another one took (audit 89 A F2: two entries of one revision were both taken,
    and each asker was told another erasure, by another person, on another date). An erasure of the
    whole document after one of some of its revisions is no copy: it takes the rest."""
    for k, before in enumerate(earlier):
        if before.document != entry.document:
            continue
        if before.scope == "document":
            return f"erasures[{k}] erased the whole of {entry.document} already"
        again = sorted(set(before.revisions) & set(entry.revisions)) if entry.scope == "revision" else []
        if again:
            return f"erasures[{k}] erased revision {', '.join(again)} of {entry.document} already"
    return None


def entry_lines(root: Path) -> dict[str, int | None]:
    """Each entry of the project's erasures.yaml by id, with the line a problem of it is told at."""
    return {entry.id: line for entry, line in _read_entries(root)}


def _plain(value: Any) -> Any:
    """A marked YAML value as plain dicts, lists and scalars (timestamps as ISO text)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


def _line_of(entry: Any) -> int | None:
    line = getattr(entry, "line", None)
    return line if isinstance(line, int) else None


_HEADER = (
    "# Erasures (docs/formats.md, \"Erasure\"): documents whose text `inforce erase` removed from the\n"
    "# project, by ids and hashes only. An ingest reads no revision an entry names (nor a file whose\n"
    "# bytes hash to an erased source): it puts the erased revisions back as tombstones (ids, dates and\n"
    "# paths, no text). Delete an entry to lift it, and the next ingest reads the\n"
    "# document again if its file is there. An entry `pending` did not finish: run the erasure again.\n"
)


def write_erasures(root: Path, entries: Sequence[Erasure]) -> None:
    """Replace ``root/erasures.yaml`` with ``entries``, atomically (JSON scalars are YAML); with
    none, remove it."""
    if not entries:
        (Path(root) / ERASURES_FILE).unlink(missing_ok=True)
        return
    lines = [_HEADER.rstrip("\n"), "erasures:" if entries else "erasures: []"]
    for entry in entries:
        dumped = entry.model_dump(mode="json")
        for n, (key, value) in enumerate(dumped.items()):
            lines.append(f"{'  - ' if n == 0 else '    '}{key}: {json.dumps(value, ensure_ascii=False)}")
    write_atomically(Path(root) / ERASURES_FILE, "\n".join(lines) + "\n")


#: Locked by a running erasure for the whole of its run (``erase_running``): a lock file in the
#: project's store folder (``ontology.files.take_lock``), deleted when the erasure ends; an
#: ingest meeting its pending entry is then told the project is locked (exit 3), not that it
#: did not finish. The folder is the store's (``StoreLayout.home``, where the writer's lock is),
#: a ``.inforce`` that is a link to a folder elsewhere included.
ERASE_LOCK = ".inforce/erase.lock"


def _erase_lock(root: Path) -> Path:
    from .store._layout import StoreLayout

    return StoreLayout(root).erase_lock_file


@contextmanager
def erase_running(root: Path) -> Iterator[None]:
    """Hold ``ERASE_LOCK`` while an erasure runs; ``StoreLockedError`` at once when another
    process (or another erasure of this one) holds it, ``GraphUnusableError`` (exit 3, nothing
    changed) when the lock cannot be taken: the file system takes no lock there (NFS without
    its lock service), or the lock file is a symbolic link (never followed). A project without
    a store folder has nothing to erase (the erasure then says so): nothing is held."""
    path = _erase_lock(Path(root))
    if not path.parent.is_dir():
        yield
        return
    try:
        fd = take_lock(path, removed=True)
    except LockUnusable as problem:
        if problem.link:
            raise GraphUnusableError(
                f"{path}: cannot take the erase lock ({problem.reason}); nothing was erased. inforce takes no lock "
                "through a link: remove the link (the erasure makes its lock file itself), then run the erasure "
                "again") from None
        raise GraphUnusableError(
            f"{path}: cannot take the erase lock ({problem.reason}); nothing was erased. The project's file "
            "system must support file locks: on NFS, run the lock service (lockd/statd, or mount with 'local_lock=flock'), "
            "or move the project to a local disk, then run the erasure again") from None
    if fd is None:
        raise StoreLockedError(path.parent, "an erasure is running")
    try:
        yield
    finally:
        release_lock(fd, path)


def erase_is_running(root: Path) -> bool:
    """Whether an erasure of the project is running now (it holds ``ERASE_LOCK``)."""
    return lock_is_held(_erase_lock(Path(root)))


def pending_erasure(root: Path) -> InputError | None:
    """Why the project's text may not be served now: an erasure that did not finish (``pending``
    while no erasure runs), as ``erasures.yaml``'s file, line and field, with the command that
    finishes it; None when none is pending, or one is running (its reads go on until its swap).
    A record that does not read is left to the ingest and ``lag``, which report it."""
    root = Path(root)
    seen = _record_seen(root)
    if seen is not None and _NONE_PENDING.get(root) == seen:
        return None  # the record as read last time, with nothing pending: asked on every request
    try:
        read = _read_entries(root)
    except InputError:
        return None
    pending = False
    for n, (entry, line) in enumerate(read):
        if entry.state == "pending":
            pending = True
            if not erase_is_running(root):
                return _unfinished(n, entry, line, "its text is not served until it does", served=True)
    if not pending and seen is not None:
        _NONE_PENDING[root] = seen
    return None


#: Per project folder, the erasure record's (inode, size, mtime) when it was last read and held
#: no pending entry: the service asks :func:`pending_erasure` on every request, and a record only
#: changes by an atomic replace (a new inode). A pending entry is read again each time (whether an
#: erasure runs is the lock's, not the file's).
_NONE_PENDING: dict[Path, tuple[int, int, int]] = {}


def _record_seen(root: Path) -> tuple[int, int, int] | None:
    try:
        found = (root / ERASURES_FILE).stat()
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


def _unfinished(n: int, entry: Erasure, line: int | None, consequence: str, *, served: bool = False) -> InputError:
    """The error of entry ``n``, pending with no erasure running: it was cut short. The hint
    names what to erase again, never a command's flags (the engine speaks no interface's words).
    ``served``: the refusal of a question (``pending_erasure``), which goes to every asker of the
    project: an erasure of a revision only some groups could read is then told by its place in
    the record alone (audit 74 A F2): its document, eraser and time are that revision's, which
    ``lag`` withholds from such an asker; the operator reads them at that line, and ``lag`` and
    ingest tell them whole where their asker may read them."""
    if served and entry.access:
        return InputError(
            f"an erasure recorded here did not finish; {consequence}", file=ERASURES_FILE, line=line,
            field=f"erasures[{n}].state",
            hint="erase the document that entry names again to finish it (its words withheld: access)")
    return InputError(
        f"the erasure {entry.id} of {entry.document} (by {entry.by} at {utc_text(entry.at)}) did not finish; "
        f"{consequence}", file=ERASURES_FILE, line=line, field=f"erasures[{n}].state",
        hint=f"erase {entry.document}" + (f" revision {entry.revisions[0]}" if entry.scope == "revision" else "")
             + " again to finish it")


class ErasedDocuments:
    """What an ingest keeps out: the revisions and source files the erasures name."""

    def __init__(self, entries: Iterable[Erasure], lines: Mapping[str, int | None] | None = None) -> None:
        self.entries = tuple(entries)
        self._lines = dict(lines or {})  # each entry's line in erasures.yaml, by its id
        self._sources = {source.content_hash: entry for entry in self.entries for source in entry.sources
                         if source.content_hash}

    @classmethod
    def of(cls, root: Path, *, finishing: str | None = None) -> ErasedDocuments:
        """The project's erasures; InputError when one other than ``finishing`` is pending (did
        not finish), StoreLockedError when that one is running now (``erase_running``)."""
        read = _read_entries(root)
        entries = tuple(entry for entry, _ in read)
        lines = {entry.id: line for entry, line in read}
        for n, (entry, line) in enumerate(read):
            if entry.state == "pending" and entry.id != finishing:
                if erase_is_running(root):  # running, not cut short: locked, as for any writer
                    raise StoreLockedError(Path(root) / ".inforce", "an erasure is running")
                raise _unfinished(n, entry, line, "nothing is ingested until it does")
        return cls(entries, lines)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def tombstones(self) -> dict[str, Document]:
        """The erased revisions an ingest puts back into the graph, by their source name: each
        a tombstone (``ErasedRevision.tombstone``: dates, access, paths, the edges it made, no
        text). A revision two entries name (erased alone, then with its document) is the later
        entry's."""
        return {document.source.file: document for document in
                (revision.tombstone(entry.id, entry.edges) for entry, revision in self._erased().values())}

    def notes(self) -> dict[str, ErasedNote]:
        """Of each tombstone (by ``DOC@REV``), what an answer naming it says: its erasure, who, when."""
        return {uid: entry.note for uid, (entry, _) in self._erased().items()}

    def _erased(self) -> dict[str, tuple[Erasure, ErasedRevision]]:
        """Each erased revision kept as a tombstone, by ``DOC@REV``, with the (latest) entry keeping it."""
        return {revision.uid: (entry, revision) for entry in self.entries for revision in entry.tombstones}

    def by_file(self, content_hash: str) -> Erasure | None:
        """The erasure of a source with this content hash (the reader's: the file's bytes and
        what describes it), if any."""
        return self._sources.get(content_hash)

    def misnamed_source(self, file: str, document: Document) -> InputError | None:
        """The error of an entry listing ``file`` as a source of its document where ``file`` holds another
        document (``document``, as parsed): an entry edited to name another document's file, which a later
        erasure run would call a file still holding erased text, and whose deletion it records (audit 90 A F3).
        The other document is not named. None where every entry listing it is of its document."""
        for n, entry in enumerate(self.entries):
            for k, source in enumerate(entry.sources):
                if source.file == file and entry.document != document.id:
                    return InputError(
                        f"{file} is a file of another document, not of {entry.document}: an erasure lists only its "
                        "document's files", file=ERASURES_FILE, line=self._lines.get(entry.id),
                        field=f"erasures[{n}].sources[{k}].file", hint="the entry was edited: restore it, or remove it")
        return None

    def covering(self, document: str, revision: str) -> Erasure | None:
        """The erasure that keeps this revision out of the graph, if any."""
        return next((entry for entry in self.entries if entry.covers(document, revision)), None)

    def unlisted(self, entry: Erasure, revision: Document) -> InputError | None:
        """The error of a revision an erasure of its whole document covers without listing it, though
        it was recorded before the erasure: it was there then, and every revision there is listed by
        such an erasure, so the entry says more than its erasure did (an entry of one revision edited to
        erase the whole document kept the others out of ingest, erased by nobody: audit 86 A F2).
        A revision recorded since is one issued later, which the erasure covers, and so is one in a file
        the erasure deleted (edited since the revision it held was ingested). None where it holds."""
        if entry.scope != "document" or revision.revision in entry.revisions or revision.recorded > entry.at:
            return None
        if any(source.file == revision.source.file for source in entry.sources):
            return None  # a file it erased, edited since its revision was ingested (its rebuild reads it still)
        n = self.entries.index(entry)
        return InputError(
            f"the erasure {entry.id} of the whole of {entry.document} lists revisions "
            f"{', '.join(entry.revisions) or 'none'}, but revision {revision.revision}, recorded before it "
            f"({utc_text(revision.recorded)}), is not among them: it was not erased",
            file=ERASURES_FILE, line=self._lines.get(entry.id), field=f"erasures[{n}]",
            hint=f"write the entry's scope as revision; to erase {revision.uid} too, erase it")

    @staticmethod
    def skipped(entry: Erasure, file: str, what: str) -> InputError:
        """The warning an ingest gives for a file it did not read because of ``entry``."""
        return InputError(
            f"{what} was erased by {entry.by} at {utc_text(entry.at)} ({entry.id}); not read",
            file=file, hint=f"delete the file; or, to lift the erasure, remove {entry.id} from {ERASURES_FILE}",
        )


def explain_missing(root: Path, missing: NotFoundError, locator: Any, groups: Iterable[str] = ()) -> NotFoundError:
    """``missing`` for a locator of an erased document: the same error, naming the erasure when
    ``groups`` could have read the document (else told nothing more than for any other id)."""
    text = str(locator)
    doc = text.split("#", 1)[0].split("@", 1)[0]
    label = text.split("#", 1)[0].partition("@")[2]
    try:
        entries = read_erasures(root)
    except InputError:
        return missing
    for entry in entries:
        if entry.document == doc and (not label or entry.covers(doc, label)) and entry.told_to(groups):
            return NotFoundError(f"{missing.what}: {doc} was erased by {entry.by} at {utc_text(entry.at)} ({entry.id})",
                                 hint=f"{ERASURES_FILE} holds the record (ids and hashes only)")
    return missing
