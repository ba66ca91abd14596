"""The store's part of an erasure (``engine.erase`` decides the rest): what the graph holds of
the revisions being erased, the vectors of their texts, and every file of ``.inforce`` that
is not the live build's.

Deleting rows from a Kuzu database leaves their bytes in freed pages, so an erasure never
deletes from a copy of the live graph: the next generation is built from an empty one (an
ingest with ``rebuild``), and this module then removes what the old one left beside it. The
embedding cache is SQLite: rows are deleted, then the file is rewritten (``VACUUM``) and its
write-ahead log truncated, so no freed page keeps a vector. And since Kuzu writes bytes of the
process's freed memory into the pages it leaves part-filled, the process fills what its allocator
hands out from the erasure on (``fill_allocations``, ``_heap``).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from inforce.ontology import InputError, StoreError
from inforce.ontology.files import MAX_INPUT_BYTES, files_under, is_inside, name_text
from inforce.ontology.readback import Runs, read_back

from ._buildfile import remove_other_builds
from ._embed import drop_cache, graph_text_hashes, open_cache
from ._heap import fill_allocations
from ._layout import StoreLayout
from ._schema import PROVISION_TABLES
from .graph import GraphStore

__all__ = ["ErasedRows", "cached_hashes", "erased_rows", "files_holding", "fill_allocations", "forget_vectors",
           "live_text_hashes", "live_texts", "remove_stale_files", "vet_cache"]


@dataclass(frozen=True)
class ErasedRows:
    """What the live graph holds of the revisions being erased: their provisions' text hashes,
    and probes of their text (provision texts, titles) to look for afterwards; ``bodies``: each
    numbered provision's text without its number (``1.1 The owner …`` as ``The owner …``), which
    a copy may hold without it (the read-back's ``_probes`` decides which are looked for);
    ``located``: each provision's locator (``DOC@REV#path``) with its text, by which an erasure
    names one whose text its record cannot keep a fingerprint of."""

    provisions: int
    text_hashes: tuple[str, ...]
    probes: tuple[str, ...]
    bodies: tuple[str, ...] = ()
    located: tuple[tuple[str, str], ...] = ()


def erased_rows(store: GraphStore, uids: Collection[str]) -> ErasedRows:
    """The rows of revisions ``uids`` in ``store``'s live graph (none when nothing is ingested)."""
    graph = store._reader()
    if graph is None or not uids:
        return ErasedRows(0, (), ())
    params = {"uids": sorted(uids)}
    hashes: dict[str, None] = {}
    probes: dict[str, None] = {}
    bodies: dict[str, None] = {}
    located: list[tuple[str, str]] = []
    provisions = 0
    for table in PROVISION_TABLES.values():
        number = "p.number" if table == PROVISION_TABLES["section"] else "''"  # only a section is numbered
        for text_hash, text, label, revision, path in graph.iter_rows(
                f"MATCH (p:{table}) WHERE p.rev IN $uids RETURN p.text_hash, p.text, {number}, p.rev, p.path", params):
            provisions += 1
            hashes[text_hash] = None
            if text:
                probes[text] = None
                located.append((f"{revision}#{path}", str(text)))
                # the number as the reader took it off the paragraph: where the text begins with it
                if label and text.startswith(label) and text[len(label):len(label) + 1].isspace():
                    bodies[text[len(label):].strip()] = None
    for (title,) in graph.rows("MATCH (r:Revision) WHERE r.uid IN $uids RETURN r.title", params):
        if title:
            probes[title] = None
    return ErasedRows(provisions, tuple(hashes), tuple(probes), tuple(body for body in bodies if body),
                      tuple(sorted(located)))


def live_text_hashes(store: GraphStore) -> set[str]:
    """The text hashes of every provision in ``store``'s live graph."""
    graph = store._reader()
    return set() if graph is None else graph_text_hashes(graph, unlinked_only=False)


def live_texts(store: GraphStore) -> Iterator[tuple[str, str]]:
    """Every provision text and revision title of ``store``'s live graph, with the uid of its
    revision (what the read-back after an erasure must not take for erased text)."""
    graph = store._reader()
    if graph is None:
        return
    for table in PROVISION_TABLES.values():
        for (revision, text) in graph.iter_rows(f"MATCH (p:{table}) RETURN p.rev, p.text"):
            if text:
                yield str(revision), str(text)
    for (revision, title) in graph.rows("MATCH (r:Revision) RETURN r.uid, r.title"):
        if title:
            yield str(revision), str(title)


def vet_cache(layout: StoreLayout) -> list[str]:
    """Before an erasure changes anything: the embedding cache opened as every reader opens it
    (``open_cache``, each vector's length checked). A cache that does not read cannot have the
    erased text's vectors taken out of it alone, and is a cache: it is deleted (with the files
    SQLite keeps beside it), the names returned for the erasure to say; a symbolic link is
    refused (StoreError, nothing changed: the linked file is not the project's to delete)."""
    try:
        db = open_cache(layout.cache_file, rows=True)
    except StoreError:
        if layout.cache_file.is_symlink() or (layout.cache_file.exists() and not layout.cache_file.is_file()):
            raise
        return drop_cache(layout.cache_file)
    if db is not None:
        db.close()
    return []


def cached_hashes(layout: StoreLayout) -> set[str]:
    """The text hashes the embedding cache holds a vector of (every model); none without a cache.
    An erasure forgets those no live provision has: the cache is never pruned when a text is
    replaced, so it keeps the vectors of a document's earlier texts (edited in place, or of
    revisions gone from the graph) besides those the erased revisions held last."""
    db = open_cache(layout.cache_file)
    if db is None:
        return set()
    try:  # open_cache refuses a cache without its vectors table (audit MM4-7)
        return {str(row[0]) for row in db.execute("SELECT DISTINCT hash FROM vectors")}
    finally:
        db.close()


def forget_vectors(layout: StoreLayout, hashes: Collection[str]) -> int:
    """Delete the cached vectors of ``hashes`` (every model), then rewrite the cache so no
    freed page keeps them; how many rows went. Nothing when there is no cache."""
    db = open_cache(layout.cache_file)
    if db is None:
        return 0
    try:
        removed = 0
        chosen = sorted(hashes)
        with db:
            for start in range(0, len(chosen), 500):
                chunk = chosen[start:start + 500]
                marks = ",".join("?" * len(chunk))
                removed += db.execute(f"DELETE FROM vectors WHERE hash IN ({marks})", chunk).rowcount
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    return removed


def remove_stale_files(store: GraphStore) -> list[str]:
    """Remove from ``.inforce`` every graph, staging folder and per-build file that is not the
    live build's (a writer's call, under the write lock): what an erasure must not leave
    behind. The names removed."""
    layout = store.layout
    before = {entry.name for entry in layout.home.iterdir()} if layout.home.is_dir() else set()
    layout.clean_leftovers()
    remove_other_builds(layout.home, store.build_id() or None)
    after = {entry.name for entry in layout.home.iterdir()} if layout.home.is_dir() else set()
    return sorted(before - after)


def files_holding(root: Path, runs: Runs, *, skip: Collection[Path] = (),
                  within: Collection[Path] = (), own: Collection[Path] = ()) -> tuple[int, list[str]]:
    """How many files under ``root`` were read, and those holding any of ``runs`` (runs of words
    of the erased text, compared as ``ontology.readback`` reads a file: in any encoding, case,
    escaping, spacing, inside a Word file or a gzip): the check after an erasure. A
    symlink to a file is read too (the file it leads to, named by the link; up to
    ``MAX_INPUT_BYTES`` when it lies outside ``root``): an audit record may be a link to a file
    elsewhere, and a link in the project shows what it leads to (audit 46 M1); so is a link to
    a folder under ``root`` (audit 47 M1). Each file is read in pieces, without waiting
    (``readback.read_back``). What could not be read back is among those named, said so: a link to a
    folder elsewhere (unwalked: it may lead anywhere), a folder that could not be listed, a
    file that does not read or blocks, a linked one past the limit (audit 48), an archive that is
    damaged or past its unpack limits (audit 51), and a file (or a member of an archive) in a
    binary format the read-back does not decode, read only as raw bytes (an image, a PDF stream
    it cannot inflate or a font whose codes are no characters, an unknown archive: audit 52):
    one by one up to ``_RAW_NAMED``, past it as one line naming the first of them and counting
    the rest. ``within``: folders elsewhere a link may lead into and be read (the project's store,
    kept outside it by a link). ``own``: folders of files in formats the erasure itself wrote
    them in (the store, rebuilt from empty before the read-back): read as raw bytes, never
    named for it."""
    skipped = {path.resolve() for path in skip}
    checked, found = 0, []
    raw: list[tuple[str, tuple[str, ...]]] = []

    def unlisted(folder: Path, problem: OSError) -> None:
        found.append(f"{_relative(folder, root)}/ (not read back: {problem.strerror or problem})")

    for path in files_under(root, unlisted=unlisted, within=within):
        name = _relative(path, root)
        if path.is_dir():
            found.append(f"{name}/ (not read back: a link to a folder outside, {name_text(os.path.realpath(path))})")
            continue
        if not path.is_file() or path.resolve() in skipped:
            continue
        try:
            read = read_back(path, runs, limit=None if is_inside(path, root) else MAX_INPUT_BYTES)
        except OSError as problem:
            found.append(f"{name} (not read back: {problem.strerror or problem})")
            continue
        except InputError as problem:
            found.append(f"{name} (not read back: {problem.message})")
            continue
        checked += 1
        if read.holds:
            found.append(name)
        elif read.unread and not any(is_inside(path, place) for place in own):
            raw.append((name, read.unread))
    if len(raw) <= _RAW_NAMED:
        found += [f"{name} (not read back: {'; '.join(why)})" for name, why in raw]
    else:
        shown = ", ".join(name for name, _ in raw[:_RAW_NAMED])
        found.append(f"{len(raw)} files (not read back: in binary formats read only as raw bytes, images and others): "
                     f"{shown} and {len(raw) - _RAW_NAMED} more")
    return checked, found


#: How many files read only as raw bytes the read-back names one by one (past it: one line).
_RAW_NAMED = 5


def _relative(path: Path, root: Path) -> str:
    """``path`` as the read-back names it: relative to ``root`` where under it, its bytes that are
    not UTF-8 written out (``name_text``: ``copy\\xfe.txt``), so the erasure's answer can be written
    in every format (audit 76 A F3: JSON could not, after the erasure was done)."""
    try:
        return name_text(path.relative_to(root))
    except ValueError:
        return name_text(path)
