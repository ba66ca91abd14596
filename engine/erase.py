"""Erasure: a document's text removed from everything the project keeps, and kept out.

``erase`` removes the revisions of one document (all of them, or one) so that no byte of
their text remains in the project folder, and records that it did, by ids and hashes only, in
``erasures.yaml`` at the project root (``ontology.erasure``; docs/formats.md, "Erasure"):

1. The record is written first, ``pending``. From then on an ingest reads none of the erased
   revisions (nor a file whose bytes hash to an erased source: a copy put back under another
   name), and an ingest refuses while a record is pending: running the erasure again finishes
   it. The pending record already keeps the salted hashes of the runs of words step 6 will look
   for (``_looked_for``), so a run cut short after the rebuilt graph went live, the erased text
   gone from it, still reads the project back when run again (audit 63's F04). Should step 2
   fail (another file of the project does not read, a document still
   declares an edge to the erased one), the record is taken back and nothing has changed.
   Entries of ``reviews.yaml`` deciding an erased item or target are removed (the rebuild would
   refuse them as naming nothing; their notes may quote the erased words), the file written
   again from the entries kept (comments are not kept), put back should step 2 fail.
2. The graph is built again from an empty database, reading every file but the erased ones
   (``ingest`` with ``rebuild``): deleting rows from a copy would leave their bytes in the
   database's freed pages. The new generation is swapped in atomically, as every ingest. Kuzu
   also writes bytes of the process's freed memory (the erased text among them: the rebuild reads
   the file to leave it out, a check may have quoted it) into pages it fills in part, so from
   here on the process fills every block its allocator hands out (glibc; ``store._heap``).
3. The vectors of the erased texts leave the embedding cache (the file rewritten, its log
   truncated; a text another document also holds keeps its vector), and with them every
   vector no live provision has (the cache is never pruned when a text is edited, so it holds
   the document's earlier texts too; a vector of any other text no longer in the graph is only
   computed again should the text come back), the graph's vectors are
   put back from the cache, and every file of ``.inforce`` that is not the live build's goes:
   the old generation, the search indexes, texts, rows, fact tables and readings of old builds.
4. The source files under ``documents/`` are deleted (the erasure's point: a file left there
   holds the text, and the next ingest would skip it only while the record stands), and with
   each the files of its metadata (a PDF's, Word file's or CSV's sidecar, named by the reader's
   ``metadata_files`` and recorded, hashed, in step 1: a title, dates and access, and a sidecar
   without its file fails every ingest after). A run cut short between the two deletes the
   sidecar first when it finishes, before its rebuild. Last, the register rows describing the
   files (and, erasing the whole document, its rows without a file) are taken out, the register
   written again without them, every other byte kept (the reader's ``register_rows``; recorded
   in step 1 with the register's hash before and after: a register edited since is never
   written over, one already as recorded is left); a register the reader does not rewrite (a
   workbook) refuses the erasure before step 1, naming the row. A file
   edited since its revision was ingested holds text the graph never held: erasing that one
   revision is refused before step 1 (the file is not the revision's to delete); erasing the
   whole document deletes it and says so (``ErasureResult.files_changed``), its hash the
   record keeps being of the bytes deleted.
5. Audit records that cite the document — those named as ``check --audit-dir`` names them,
   found anywhere in the project (the service's ``.inforce/audit`` too), and those in the audit
   folders given — are rewritten to ids and hashes:
   every claim, quote, detail, closest passage and RFI draft becomes ``[erased hmac-sha256:...]``
   of itself, keyed with a secret of this erasure that is kept nowhere (an unkeyed hash of a
   short text is recovered by hashing guesses), the record names the erasure, and ``replay`` says what was erased instead of
   recomputing a verdict on words that are gone. The original file is removed; a record that is
   a hard link is rewritten in place (its other names then read the rewrite too), and one that
   is a symlink refuses the erasure before step 1, naming where it leads (audit 46 M1).
6. The project folder (and the audit folders) are read back for the erased text by runs of
   words (``ontology.readback``: any case, spacing, escaping or encoding, inside Word files and
   gzip streams): every provision text and title, and fragments a copy may hold alone (clauses,
   quotations, distinctive words no live text has; the claims and quotes
   of the records rewritten, the notes of the review entries removed); what is found is reported (another document quoting the
   erased words holds them too), and so is any file of step 4 still there (a sidecar's title
   need not be long enough to be looked for), and the register while it still holds a
   row of step 4; the record is marked ``done``, keeping the hashes of the runs of words looked
   for (``Erasure.read_back_runs``, never a word): run again on an erasure done, ``erase``
   changes nothing but reads back again for those (``_already_done``), so that removing a copy
   step 6 named and erasing again says whether any is left.

Decision logs of the service hold an answer's hash, never its text: nothing to rewrite there.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce.ontology import InputError, InputErrors, NotFoundError
from inforce.ontology.decisions import RECORD_FORMAT, append_record, record
from inforce.ontology.erasure import (
    ERASURES_FILE,
    RUN_SAVED_LETTERS,
    RUN_SAVED_WORDS,
    ErasedFile,
    ErasedRegisterRows,
    ErasedRevision,
    ErasedSource,
    Erasure,
    ErasureResult,
    is_tombstone,
    kept_edge,
)
from inforce.ontology.files import (
    create_atomically,
    files_under,
    is_inside,
    name_text,
    no_room,
    read_bounded,
    read_bounded_text,
    write_atomically,
    write_in_place,
)
from inforce.ontology.ingest import REVIEW_BY_MAX
from inforce.ontology.jsontext import loads
from inforce.ontology.readback import RUN_WORDS, RunHashes, Runs, WordRuns, runs_of, words_of
from inforce.ontology.scalars import Locator, person_name

from .erased_records import _cites, redact_record
from .erasures import read_erasures, write_erasures

if TYPE_CHECKING:
    from inforce.ontology import Answer, Verdict

    from .ingest import DocumentReader, RegisterRows

__all__ = ["erase", "keep_record", "redact_record"]

#: The erased texts looked for afterwards, by their runs of words (``_probes``): provision
#: texts and titles of at least this many characters, every one of them.
_PROBE_MIN_CHARS = 24
#: A provision's text without its number is looked for with at least this many words too.
_BODY_MIN_WORDS = 5
#: Fragments of it looked for besides (``_probes``): clauses of at least this many characters,
#: distinctive words (a code, letters and digits, or this long), at most ``_FRAGMENTS`` of them.
_FRAGMENT_MIN_CHARS = 16
_WORD_MIN_CHARS = 16
_FRAGMENTS = 64

#: An audit record's name as ``check --audit-dir`` writes it (``ontology.decisions``).
_RECORD_NAME = re.compile(r"(?:\d{8}T\d{6}Z|undated)-[a-z_]+-[0-9a-f]{16}\.json")


# ---- erasing --------------------------------------------------------------------------------


#: How a revision is given apart from the document: the CLI's option, a request's field.
_APART = ' (the command\'s revision option; in a request, "revision": "{rev}")'


def erased_parts(document: str, revision: str | None) -> None:
    """Whether an erasure names a document id and a revision label, each in its own field
    (InputError at ``document`` or ``revision`` when not). A locator given as the document
    (``SPEC-1@0``, ``SPEC-1#3.1``) is refused as such, not looked for as an id: the graph
    holds no document of that name, and "no document SPEC-1@0" would read as one already gone
    (audit 71 A F1). The one rule for every caller: the CLI's argument, a request's body."""
    try:
        named = Locator.parse(document)
    except InputError:
        named = None
    if named is not None and named.path is not None:
        raise InputError(f"{document} names a section: a section is not erased alone, its document is "
                         "(every revision, or one)", field="document",
                         hint=f"erase {named.doc}" + (f", revision {named.rev} given apart" + _APART.format(rev=named.rev)
                                                       if named.rev else ""))
    if named is not None and named.rev is not None:
        raise InputError(f"{document} names a revision: the document id and the revision label are given apart",
                         field="document", hint=f"erase {named.doc}, revision {named.rev} given apart" + _APART.format(rev=named.rev))
    for field, rev in (("document", None), ("revision", revision)):
        try:
            Locator(doc=document, rev=rev)
        except ValueError:
            what = "a document id" if rev is None else "a revision label"
            raise InputError(f"not {what}: {document if rev is None else rev!r}", field=field,
                             hint=f"{what} is letters, digits, '-', '_' or '.', starting with a letter or digit") from None


def erase(
    root: str | Path, document: str, revision: str | None = None, *, by: str,
    reader: DocumentReader | None = None, audit_dirs: Sequence[str | Path] = (), at: dt.datetime | None = None,
    held: Callable[[Erasure], object] | None = None, groups: Iterable[str] | None = None,
) -> ErasureResult:
    """``_erase`` (below) holding the project's erase lock for the whole run
    (``erasures.erase_running``): an ingest meeting its pending entry meanwhile, or a second
    erasure, is told the project is locked (``StoreLockedError``, exit 3), not that it did not
    finish."""
    from .erasures import erase_running

    erased_parts(document, revision)
    options: dict[str, Any] = {"by": by, "reader": reader, "audit_dirs": audit_dirs, "at": at, "held": held,
                               "groups": groups}
    if not (Path(root) / "inforce.yaml").is_file():
        return _erase(root, document, revision, **options)  # NotFoundError, no lock folder made
    with erase_running(Path(root)):
        return _erase(root, document, revision, **options)


def _erase(
    root: str | Path, document: str, revision: str | None = None, *, by: str,
    reader: DocumentReader | None = None, audit_dirs: Sequence[str | Path] = (), at: dt.datetime | None = None,
    held: Callable[[Erasure], object] | None = None, groups: Iterable[str] | None = None,
) -> ErasureResult:
    """Erase ``document`` (every revision, or only ``revision``) from the project at ``root``:
    the steps of the module docstring. InputError (``by`` empty, a source file shared with a
    document not erased, the source file of an erased revision changed since it was ingested
    (``_changed_since_ingest``), another erasure pending, the rebuild failing: nothing changed),
    NotFoundError (the graph holds no such revision and no erasure names it).

    ``held``: called with the erasure once the new graph is live and before the audit records
    are looked for (step 5), by whoever keeps results of older builds outside the project's
    files: the service drops its sweep jobs' reports and writes out the audit records its
    recorder has queued, so that step 5 finds them. A record written later still is redacted
    as it is written (``keep_record``).

    ``groups``: the asker's, when an asker is gated (``Project.erase``, which decides what of
    the graph they may erase): an erasure recorded before that they are not told of
    (``Erasure.told_to``) is to them no erasure — the document is not there — another one
    pending is not named, and a refused rebuild's problems are shown as a refused ingest's
    (``engine.ingest.withhold_problems``)."""
    from .ingest import IngestFailed, default_reader, withhold_problems
    from .ingest import ingest as run_ingest
    from .reviews import REVIEWS_FILE, drop_reviews
    from .snapshot import Snapshot
    from .store import GraphStore
    from .store.erase import (
        ErasedRows,
        cached_hashes,
        erased_rows,
        fill_allocations,
        forget_vectors,
        live_text_hashes,
        live_texts,
        remove_stale_files,
        vet_cache,
    )

    root = Path(root)
    if not (root / "inforce.yaml").is_file():
        raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
    if not by or not by.strip():
        raise InputError("say who erases (recorded with the erasure)", field="by", reason="required")
    try:
        by = person_name(by)
    except ValueError as problem:
        raise InputError(f"{problem}: who erases is one line of visible text", field="by",
                         hint="write the name on one line") from None
    if len(by) > REVIEW_BY_MAX:  # the limit of a review's name: erasures.yaml kept 5,000 characters (audit 72 B F8)
        raise InputError(f"{len(by):,} characters: who erases is named in at most {REVIEW_BY_MAX:,}", field="by",
                         hint="write the name alone")
    audit_folders = [Path(folder) for folder in audit_dirs]
    for folder in audit_folders:
        if not folder.is_dir():
            raise InputError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}", field="audit_dirs")
    scope = "document" if revision is None else "revision"
    try:
        entries = list(read_erasures(root))
    except (InputError, InputErrors) as failed:
        if groups is None:
            raise
        # a broken record of erasures speaks of any document (a value quoted may be when a
        # restricted one was erased): counted, never quoted, as an ingest counts it (audit 36 EE-01)
        raise withhold_problems(IngestFailed(f"{root}: nothing was erased", list(
            getattr(failed, "exceptions", [failed]))), groups) from None
    entry = next((e for e in entries if e.document == document and e.scope == scope
                  and (revision is None or revision in e.revisions)), None)
    if entry is not None and groups is not None and not entry.told_to(groups):
        raise NotFoundError(f"the graph holds no document {document}")  # as for any id not there
    other = next((e for e in entries if e.state == "pending" and e is not entry), None)
    if other is not None:
        if groups is not None and not other.told_to(groups):
            raise InputError(f"the erasure {other.id} did not finish; finish it first", file=ERASURES_FILE,
                             hint="whoever may read its document runs inforce erase on it again")
        raise InputError(f"the erasure {other.id} of {other.document} did not finish; finish it first",
                         file=ERASURES_FILE, hint=f"run inforce erase again on {other.document}")
    if entry is not None and entry.state == "done":
        if held is not None:  # done before (perhaps by another process): what older builds left, let go
            with GraphStore.open(root, read_only=True) as store:
                held(entry.model_copy(update={"index_build_after": store.build_id() or entry.index_build_after}))
        return _already_done(root, reader, entry, audit_folders)

    # the embedding cache, opened as every reader opens it, before anything changes: one that does
    # not read is deleted here (no vector can be taken out of it alone, and the erased text's must
    # not survive; it is a cache, rebuilt by inforce embed), a linked one refused (audit MM3-6)
    from .store._layout import StoreLayout

    cache_dropped = vet_cache(StoreLayout(root))
    rows = ErasedRows(0, (), ())
    embedding: tuple[str, int] | None = None
    created = entry is None
    if entry is None:
        with GraphStore.open(root, read_only=True) as store:
            # an erased revision's tombstone holds no text to erase (its own erasure stands)
            in_graph = [d for d in store.documents() if not is_tombstone(d)]
            chosen = [d for d in in_graph if d.id == document and (revision is None or d.revision == revision)]
            if not chosen:
                labels = sorted(d.revision for d in in_graph if d.id == document)
                raise NotFoundError(f"the graph holds no revision {revision} of {document}" if revision and labels
                                    else f"the graph holds no document {document}",
                                    hint=f"revisions held: {', '.join(labels)}" if labels else None)
            uids = {d.uid for d in chosen}
            files = {d.source.file for d in chosen}
            sharing = sorted(d.uid for d in in_graph if d.source.file in files and d.uid not in uids)
            if sharing:
                raise InputError(f"its source file also holds {', '.join(sharing)}, which is not erased",
                                 file=sorted(files)[0], field="document",
                                 hint="erase the whole document, or split the file first")
            rows = erased_rows(store, uids)
            # what the rebuild puts back: each revision's dates, access and paths, the edges it
            # made or received (ids only), so the dates it governed stay its (``ErasedRevision``)
            tombstones = tuple(ErasedRevision.of(store.document(uid)) for uid in sorted(uids))
            edges = tuple(kept_edge(edge) for edge in store.supersedes()
                          if f"{edge.source.doc}@{edge.source.rev}" in uids
                          or f"{edge.target.doc}@{edge.target.rev}" in uids)
            embedding = store.embedding_model()
            before = store.build_id()
            # what step 6 will look for, fingerprinted now (the graph without the erased revisions
            # is what the rebuild makes): a run cut short once the rebuild is live, or the source
            # deleted, finds none of the text at hand and reads back for these (audit 63 F04)
            live_before: dict[str, list[str]] = {}
            for held_by, text in live_texts(store):
                if held_by not in uids:
                    live_before.setdefault(held_by, []).append(text)
            first_probes = _looked_for(rows, live_before, erased_rows(
                store, {d.uid for d in in_graph if d.id == document and d.uid not in uids}).probes, (),
                document, tombstones)
        # erasing the whole document: its revisions not ingested yet too (a file the project's
        # metadata gives the document id: its text, and its sidecar or register row)
        later = _unread_revisions(root, reader, document, {d.source.file for d in in_graph}, groups) \
            if scope == "document" else []
        files |= {d.source.file for d in later}
        metadata = _metadata_files(root, reader, files)
        _refuse_shared_links(root, reader, document, metadata,
                             {d.source.file for d in in_graph if d.uid not in uids})
        _refuse_hard_links(root, document, [*files, *(extra.file for extras in metadata.values() for extra in extras)])
        sources = tuple(ErasedSource(revision=d.revision, file=d.source.file, file_sha256=_file_sha256(root, d.source.file),
                                     content_hash=d.content_hash, metadata=metadata.get(d.source.file, ()))
                        for d in sorted([*chosen, *later], key=lambda d: d.revision))
        # the register rows describing it go with its files: one the tool does not rewrite is the
        # user's to take out, before anything changes
        register = _register_plan(root, reader, document, sorted(files), whole=scope == "document")
        changed = _changed_since_ingest(root, reader, sources)
        if changed and scope == "revision":  # the file holds something else now: it is not the revision's to delete
            source = next(s for s in sources if s.file == changed[0])
            raise InputError(
                f"the file changed since revision {source.revision} of {document} was ingested from it (edited or "
                "replaced): deleting it would lose text the graph never held; nothing was erased",
                file=source.file, field="revision",
                hint="move the file out of the project while the erasure runs and put it back afterwards (an ingest "
                     f"then reads it as it is now), or erase {document} wholly")
        moment = (at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).replace(microsecond=0)
        # random: an id derived from the document and the second would name the document to
        # whoever is shown the id (a dropped sweep job, a rewritten audit record) and guesses it
        key = secrets.token_hex(6)
        readers = [d.access for d in [*chosen, *later]]
        access = None if any(a is None for a in readers) else tuple(sorted({g for a in readers for g in a or ()}))
        entry = Erasure(id=f"ERASE-{key}", document=document, scope=scope, access=access,
                        revisions=tuple(s.revision for s in sources), by=by.strip(), at=moment, sources=sources,
                        provisions=rows.provisions, index_build_before=before, register_rows=register,
                        tombstones=tombstones, edges=edges, **_saved_runs(first_probes, rows.located))
        _refuse_linked_records(root, audit_folders, entry)
        write_erasures(root, [*entries, entry])
    else:  # finishing one cut short: what the live graph still holds of it is looked for afterwards
        _refuse_others_files(root, reader, entry, entries.index(entry))
        rows, embedding = _still_in_graph(root, entry)
        changed = _changed_since_ingest(root, reader, entry.sources)
        if not any(source.metadata for source in entry.sources):  # recorded before sidecars were: named now
            entry = _with_metadata(entry, _metadata_files(root, reader, {source.file for source in entry.sources}))
        if entry.register_rows is None:  # recorded before register rows were: named now
            entry = entry.model_copy(update={"register_rows": _register_plan(
                root, reader, entry.document, [source.file for source in entry.sources],
                whole=entry.scope == "document")})
        _refuse_linked_records(root, audit_folders, entry)
    # a run cut short in step 4 (a source deleted, its sidecar or its register row not yet) is
    # finished first: the rebuild would refuse a sidecar without its file, a register row naming
    # a file gone, and a source left without its row
    deleted_early = None if created or not _deleting_began(root, entry) else _delete_files(root, reader, entry)

    # review decisions on the erased items or targets go (the rebuild would refuse them as naming
    # nothing, and their notes may quote the erased words); put back should the rebuild fail
    # (a review file that does not read fails the erasure as it fails an ingest: nothing erased)
    # 2. the graph built again from an empty database, the erased revisions left out; Kuzu leaves
    # freed memory of the process in the pages it writes (the erased text read by the rebuild, or
    # quoted by a check before), so every block handed out is filled first, from here on
    fill_allocations()
    reviews_before: bytes | None = None
    try:
        reviews_dropped, reviews_before = drop_reviews(root, lambda review: _cites([review.item.format(),
                                                                                 review.target.format()], entry))
        run_ingest(root, reader if reader is not None else default_reader(), rebuild=True, erasing=entry.id)
    except BaseException as failed:
        # nothing erased yet (the live graph still holds the revisions, no file deleted): the entry
        # goes, this run's or one a run cut short left (else the project stays wedged: the ingest
        # refuses the pending entry, and running the erasure again fails as this run did)
        if deleted_early is None and _still_held(root, entry):
            write_erasures(root, [e for e in read_erasures(root) if e.id != entry.id])  # nothing changed
            if reviews_before is not None:
                write_atomically(root / REVIEWS_FILE, reviews_before)
            if not created and isinstance(failed, InputError | InputErrors):
                failed = _withdrawn(root, entry, failed)
                if groups is None:
                    raise failed from None
            short = _short_of_room(root, entry, failed)
            if short is not None:  # a full disk: an input error of the run, said as one (audit 71 B F4)
                raise short from failed
        if groups is not None and isinstance(failed, InputError | InputErrors):
            # as a refused ingest's: the problems of files the asker may not read counted, not quoted;
            # the review file's (it speaks of any document) never quoted to them (audit 35 CC-01)
            if not isinstance(failed, IngestFailed):
                failed = IngestFailed(f"{root}: nothing was erased", list(getattr(failed, "exceptions", [failed])))
            raise withhold_problems(failed, groups) from None
        raise

    # 3. vectors, the graph's vectors put back, every file of other builds
    with GraphStore.open(root, read_only=False) as store:
        # every cached vector no live provision has: the erased texts, and the document's earlier
        # texts (edited in place, revisions gone before), whose hashes no graph still names
        vectors = forget_vectors(store.layout, cached_hashes(store.layout) - live_text_hashes(store))
        live: dict[str, list[str]] = {}  # what the read-back must not take for erased text, by revision
        for revision, text in live_texts(store):
            live.setdefault(revision, []).append(text)
        # what the document's revisions not erased hold (the erased ones are out of the new graph)
        kept = erased_rows(store, {d.uid for d in store.documents() if d.id == entry.document}).probes
        embedding = embedding or _cached_model(store)
        if embedding is not None and store.build_id():
            store.apply_embeddings(*embedding)
        Snapshot(root, store).write_files()
        store_removed = remove_stale_files(store)
        after = store.build_id()

    # 4. the source files, the metadata beside each, the register rows (``_delete_files``)
    removed_files, kept_files, gone_files, rows_removed = deleted_early or _delete_files(root, reader, entry)

    # 5. audit records (what the caller holds of older builds let go first, its queued records written)
    if held is not None:
        held(entry.model_copy(update={"index_build_after": after}))
    quoted = [review.note for review in reviews_dropped if review.note]
    rewritten = _rewrite_records(root, audit_folders, entry, quoted)

    # 6. read back (the erased texts, their fragments, and what the rewritten records quoted), and done;
    # the hashes of its runs kept with the record, for a later run to read back again (``_already_done``)
    # what the record keeps by right is no erased text: its tombstones' kinds, sheet ids and paths
    probes = _looked_for(rows, live, kept, quoted, entry.document, entry.tombstones)
    if rows.located:
        checked, remaining = _read_back(root, reader, audit_folders, entry, probes)
        not_looked_for: tuple[str, ...] = ()
        unkept = _unkept_files(root, probes, remaining)
    else:  # none of the text at hand (a run cut short after its rebuild): the runs step 1 kept
        checked, remaining = _read_back(root, reader, audit_folders, entry, _kept_runs(entry))
        not_looked_for = (*entry.read_back_not_kept, *_held_unkept(root, entry, remaining))
        unkept = entry.read_back_unkept_files
        if entry.provisions and not entry.read_back_runs and not entry.read_back_not_kept:
            # recorded pending before erasures kept its runs then: nothing of it was looked for
            not_looked_for = (*not_looked_for, f"the {entry.provisions} erased provision(s) of {entry.document} "
                              "(the graph no longer held them when this run began, and the record keeps no "
                              "fingerprint of them)")
    done = entry.model_copy(update={"state": "done", "index_build_after": after,
                                    "audit_records": tuple(new for _, new in rewritten),
                                    **_saved_runs(probes, rows.located), "read_back_unkept_files": unkept})
    write_erasures(root, [done if e.id == entry.id else e for e in read_erasures(root)])
    return ErasureResult(erasure=done, files_removed=tuple(removed_files), files_kept=tuple(kept_files),
                         files_gone=tuple(gone_files), files_changed=tuple(f for f in removed_files if f in changed),
                         register_rows_removed=tuple(rows_removed),
                         store_files_removed=tuple(store_removed),
                         vectors_removed=vectors, audit_records=tuple(rewritten), files_checked=checked,
                         remaining=tuple(remaining), not_looked_for=not_looked_for, index_build=after,
                         cache_dropped=tuple(cache_dropped))


def _looked_for(rows: Any, live: Mapping[str, Sequence[str]], kept: Iterable[str], quoted: Sequence[str],
                document: str, tombstones: Iterable[ErasedRevision]) -> WordRuns:
    """The runs step 6 reads back for (``_probes``): the erased rows' texts, none that a live
    text, a revision of the document not erased, or what the record keeps by right (its
    tombstones' kinds, sheet ids and paths: no erased text) holds."""
    kept = [*kept, *(word for revision in tombstones
                     for word in (revision.kind, revision.sheet or "", *(p.path for p in revision.paths),
                                  *(p.number or "" for p in revision.paths)) if word)]
    return _probes(rows.probes, live, quoted, ids=(document,), kept=kept, bodies=rows.bodies)


def _kept_runs(entry: Erasure) -> Runs:
    """The runs of words ``entry`` keeps the salted hashes of (``Erasure.read_back_runs``)."""
    try:
        return RunHashes.decode(entry.read_back_runs, salt=bytes.fromhex(entry.read_back_salt))
    except ValueError as problem:
        raise InputError(f"the erasure {entry.id}'s read_back_runs do not read: {problem}", file=ERASURES_FILE,
                         field="read_back_runs") from None


def _read_back(root: Path, reader: DocumentReader | None, audit_folders: Sequence[Path], entry: Erasure,
               probes: Runs) -> tuple[int, list[str]]:
    """Step 6: how many files of the project (and of the audit folders outside it) were read back
    for ``probes``, and what still holds some of the erased text or was not read back; every file
    of the erased revisions still there, and the register while it holds a row of them, whatever
    the probes find."""
    from .store._layout import StoreLayout
    from .store.erase import files_holding

    home = StoreLayout(root).home
    checked, remaining = 0, []
    if len(probes):
        for folder in (root, *(f for f in audit_folders if not is_inside(f, root))):
            # what links lead to too: a record's other name (audit 46 M1), or a file outside the
            # project that a link in it shows, must not hold it
            count, found = files_holding(folder, probes, within=(home,), own=(home,))
            checked += count
            remaining += [str(folder / name) if folder != root else name for name in found]
    # and every file of the erased revisions (source and metadata) gone, whatever the probes
    # find: a sidecar's title may be no probe (the longest texts are), and no probe is a date
    remaining += [name for name in _files_of(entry) if name not in remaining
                  and ((root / name).exists() or (root / name).is_symlink())]
    # and no row of the register describing them (nor, erasing the document, a revision of it)
    left = _register_left(root, reader, entry)
    if left is not None and left not in remaining:
        remaining.append(left)
    return checked, remaining


def _saved_runs(probes: WordRuns, located: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """What the record keeps for a later read-back (``Erasure.read_back_runs``): the hashes, keyed
    with a fresh random salt, of the runs this run looked for that are long enough not to be
    listed by a guesser (``_kept_run``); and the provisions of ``located`` (locator, text) this
    run looked for some of and the record keeps no run of (``read_back_not_kept``), which a later
    run names as not looked for. Nothing when this run had no provision at hand (one finishing a
    run cut short after its graph was rebuilt): what the record kept before stays."""
    if not located:
        return {}
    kept = {run for run in probes if _kept_run(run)}
    salt = secrets.token_bytes(16)
    not_kept = []
    for locator, text in located:
        words = words_of(text)
        runs = {tuple(words)} | {tuple(words[at:at + length]) for length in range(1, RUN_WORDS + 1)
                                 for at in range(len(words) - length + 1)}
        if any(run in probes for run in runs) and not runs & kept:
            not_kept.append(locator)
    return {"read_back_runs": RunHashes.of(kept, salt=salt).encoded if kept else "",
            "read_back_salt": salt.hex() if kept else "", "read_back_not_kept": tuple(dict.fromkeys(not_kept))}


def _unkept_files(root: Path, probes: WordRuns, remaining: Sequence[str]) -> tuple[str, ...]:
    """The files of ``remaining`` that hold erased words only by runs the record keeps no hash of
    (``_kept_run``), each as ``<sha256> <path>`` (``Erasure.read_back_unkept_files``): a later
    run, which reads back for the kept runs only, would find none of them and call the project
    free of the erased text (audit 57: ``README.md`` holding ``Cold-Weather``)."""
    from inforce.ontology.readback import read_back

    kept = WordRuns(run for run in probes if _kept_run(run))
    unkept: list[str] = []
    for name in remaining:
        path = Path(name) if Path(name).is_absolute() else root / name
        try:
            if not path.is_file():
                continue  # a line saying what was not read back, or an erased file: named again by _read_back
            if read_back(path, kept).holds:
                continue
            unkept.append(f"{_file_sha256(root, str(path))} {name}")
        except (OSError, InputError):
            continue  # it read the first time; a later run names it by its hash or not at all
    return tuple(unkept)


def _held_unkept(root: Path, entry: Erasure, remaining: list[str]) -> list[str]:
    """A later run's account of the files the first found holding erased words only by runs it
    keeps no hash of (``Erasure.read_back_unkept_files``): each one unchanged is still remaining
    (added to ``remaining``); each one changed since is returned, to be named as not looked for."""
    changed = []
    for held in entry.read_back_unkept_files:
        digest, _, name = held.partition(" ")
        path = Path(name) if Path(name).is_absolute() else root / name
        try:
            if name in remaining or not path.is_file():
                continue
            now = _file_sha256(root, str(path))
        except (OSError, InputError):
            now = ""  # no longer a regular file it may read: not confirmed either way
        if now == digest:
            remaining.append(name)
        else:
            changed.append(f"{name} (changed since it was found holding erased words too short to keep a "
                           "fingerprint of)")
    return changed


def _kept_run(run: Sequence[str]) -> bool:
    """Whether the record may keep a run's hash: ``RUN_SAVED_WORDS`` words and ``RUN_SAVED_LETTERS``
    letters at least (a run of codes and digits, "a 58213 b 7", is listed by a guesser)."""
    return len(run) >= RUN_SAVED_WORDS and sum(char.isalpha() for word in run for char in word) >= RUN_SAVED_LETTERS


def _files_of(entry: Erasure) -> list[str]:
    """Every file the erasure deletes: each source file and the metadata files beside it."""
    return list(dict.fromkeys(name for source in entry.sources
                              for name in (source.file, *(extra.file for extra in source.metadata))))


def _refuse_others_files(root: Path, reader: DocumentReader | None, entry: Erasure, n: int) -> None:
    """InputError, before anything is deleted, where the pending ``entry`` (``erasures[n]``) names as its
    source a file that is not its document's: one outside ``documents/``, one whose metadata gives it
    another document's id, or a metadata file that is not its source's (audit 89 A F1: an entry edited to
    name a public document's file, its hash with it, had that file deleted and the document gone from the
    graph). The other document is not named (the asker may not read it). A source gone, or one that no
    longer reads, is the entry's to finish, as recorded."""
    from .erasures import entry_lines
    from .ingest import default_reader

    line = entry_lines(root).get(entry.id)
    documents = root / "documents"
    with (reader if reader is not None else default_reader()).open(root) as opened:
        for k, source in enumerate(entry.sources):
            where = f"erasures[{n}].sources[{k}]"
            if not is_inside(root / source.file, documents):
                raise InputError(f"{source.file} is no file under documents/: an erasure deletes only its document's "
                                 "files", file=ERASURES_FILE, line=line, field=f"{where}.file")
            if not (root / source.file).is_file():
                continue
            try:
                parsed = opened.parse(source.file)
            except (InputError, InputErrors, OSError, ValueError):
                continue
            if parsed.document is not None and parsed.document.id != entry.document:
                raise InputError(f"{source.file} is a file of another document, not of {entry.document}: an erasure "
                                 "deletes only its document's files", file=ERASURES_FILE, line=line,
                                 field=f"{where}.file", hint="the entry was edited: restore it, or remove it")
            if (parsed.document is not None and entry.scope == "revision"
                    and parsed.document.revision not in entry.revisions):
                # a file of another revision of the same document, which this erasure leaves (audit 90 A F1)
                raise InputError(f"{source.file} is a file of a revision of {entry.document} this erasure does not "
                                 f"list ({', '.join(entry.revisions)}): an erasure deletes only its revisions' files",
                                 file=ERASURES_FILE, line=line, field=f"{where}.file",
                                 hint="the entry was edited: restore it, or remove it")
            beside = set(opened.metadata_files(source.file))
            for j, extra in enumerate(source.metadata):
                if extra.file not in beside and (root / extra.file).exists():
                    raise InputError(f"{extra.file} is not {source.file}'s metadata file: an erasure deletes only "
                                     "its document's files", file=ERASURES_FILE, line=line,
                                     field=f"{where}.metadata[{j}].file", hint="the entry was edited: restore it, or remove it")


def _metadata_files(root: Path, reader: DocumentReader | None, files: Iterable[str]) -> dict[str, tuple[ErasedFile, ...]]:
    """The metadata files beside each of ``files`` that exist now (a sidecar: the reader's
    ``metadata_files``), each with the hash of its bytes: deleted with the source (step 4)."""
    from .ingest import default_reader

    with (reader if reader is not None else default_reader()).open(root) as opened:
        named = {file: opened.metadata_files(file) for file in sorted(set(files))}
    return {file: tuple(ErasedFile(file=extra, file_sha256=_file_sha256(root, extra)) for extra in extras)
            for file, extras in named.items() if extras}


def _unread_revisions(root: Path, reader: DocumentReader | None, document: str, ingested: set[str],
                      groups: Iterable[str] | None) -> list[Any]:
    """The revisions of ``document`` in the project's files that the graph does not hold (a file
    added since the last ingest whose front matter, sidecar or register row gives it the
    document's id), as the reader reads them: a whole-document erasure deletes their files too.
    A file that does not read now is none of them (the rebuild then names it); one the asker
    (``groups``) may not read is left to whoever may."""
    from .ingest import default_reader

    found = []
    with (reader if reader is not None else default_reader()).open(root) as opened:
        try:
            names, _ = opened.discover()
        except (InputError, InputErrors):
            return []
        for name in names:
            if name in ingested:
                continue
            try:
                parsed = opened.parse(name)
            except (InputError, InputErrors, OSError, ValueError):
                continue
            doc = parsed.document
            if doc is None or doc.id != document:
                continue
            if groups is not None and doc.access is not None and not set(doc.access) & set(groups):
                continue
            found.append(doc)
    return found


def _refuse_shared_links(root: Path, reader: DocumentReader | None, document: str,
                         metadata: Mapping[str, tuple[ErasedFile, ...]], others: Iterable[str]) -> None:
    """Refuse, before anything changes, an erasure whose files (a symlink, the file a sidecar
    link leads to) are also another document's source file or sidecar: deleting them would
    take that document's text or metadata. An InputError naming the file and what to do."""
    others = set(others)
    theirs = others | {extra.file for extras in _metadata_files(root, reader, others).values() for extra in extras}
    for source, extras in sorted(metadata.items()):
        for extra in extras:
            if extra.file in theirs:
                raise InputError(
                    f"{extra.file} (a symlink of {document}'s file {source}, or the file one leads to) is also another "
                    "document's file or sidecar: erasing would delete it; nothing was erased", file=extra.file,
                    field="document", hint="replace the symlink with a copy of the file it leads to (or give each "
                    "document its own file), then run this erasure again")


def _refuse_hard_links(root: Path, document: str, files: Iterable[str]) -> None:
    """Refuse, before anything changes, an erasure whose file has another name (a hard link, here
    or anywhere on its file system): deleting the project's name would leave the text readable
    under the other, and the read-back, which looks only inside the project, would say none of
    it is left (audit 75 B). An InputError naming the file and its count of names."""
    for file in sorted(set(files)):
        path = root / file
        try:
            held = path.lstat()
        except (OSError, ValueError):
            continue  # gone or unreadable: the deleting step says so as before
        if stat.S_ISREG(held.st_mode) and held.st_nlink > 1:
            raise InputError(
                f"{file} ({document}'s file) has {held.st_nlink} names (hard links): erasing would delete this name "
                "and leave the text readable under the others; nothing was erased", file=file, field="document",
                hint="find the other names (find / -samefile FILE) and remove them or replace this one with a copy "
                     "(cp FILE FILE.copy && mv FILE.copy FILE), then run this erasure again")


def _with_metadata(entry: Erasure, metadata: Mapping[str, tuple[ErasedFile, ...]]) -> Erasure:
    """``entry`` with the metadata files of its sources (an entry recorded before they were)."""
    if not metadata:
        return entry
    return entry.model_copy(update={"sources": tuple(
        source.model_copy(update={"metadata": metadata.get(source.file, source.metadata)}) for source in entry.sources)})


def _delete_file(root: Path, file: str, file_sha256: str) -> str:
    """Delete one file of an erased revision: ``removed``; ``gone`` when it is not there (an
    earlier run cut short deleted it, or a person did); ``kept`` when it changed since the
    erasure began (its hash is not ``file_sha256``), is no regular file, or is outside the project."""
    path = root / file
    if is_inside(path, root) and not path.exists() and not path.is_symlink():
        return "gone"
    if path.is_symlink() and is_inside(path.parent, root):
        # a link of the erasure (to its source, or a sidecar's): the link goes, dangling or still
        # leading to what was recorded (the file it leads to is itself one of the erasure's files)
        if not path.exists() or (path.is_file() and _file_sha256(root, file) in (file_sha256, "")):
            path.unlink()
            return "removed"
        return "kept"
    if is_inside(path, root) and path.is_file() and _file_sha256(root, file) in (file_sha256, ""):
        path.unlink()
        return "removed"
    return "kept"


def _short_of_room(root: Path, entry: Erasure, failed: BaseException) -> InputError | None:
    """``failed`` (the rebuild of an erasure, nothing erased, the pending entry withdrawn) said as
    a write the disk had no room for, when it is one (``files.no_room``, itself or its cause): the
    folder, the reason, and that nothing was erased; None for any other failure."""
    cause = failed if isinstance(failed, OSError) else failed.__cause__
    reason = no_room(cause) if cause is not None else None
    if reason is None or not isinstance(cause, OSError):
        return None
    said = cause.strerror if cause.strerror and cause.strerror.startswith(reason) else reason
    where = f" in {_named(Path(cause.filename), root)}" if isinstance(cause.filename, str) else ""
    return InputError(
        f"{root}: nothing was erased: there is no room{where} for the graph without {entry.document} "
        f"({said})", hint=f"free some room and erase {entry.document} again: the graph, the documents and "
        f"{ERASURES_FILE} are as they were")


def _withdrawn(root: Path, entry: Erasure, failed: InputError | InputErrors) -> InputErrors:
    """``failed`` (the rebuild of an erasure a run cut short left pending, refused) said as what
    it now is: nothing was erased, and the pending entry is gone from the record."""
    from .ingest import IngestFailed

    return IngestFailed(
        f"{root}: nothing was erased: the rebuild without {entry.document} was refused (below), so the erasure "
        f"{entry.id} a run cut short left pending is withdrawn ({ERASURES_FILE} no longer lists it; no file was "
        f"deleted); fix what is below, then erase {entry.document} again",
        list(getattr(failed, "exceptions", [failed])), getattr(failed, "access", ()))


def _deleting_began(root: Path, entry: Erasure) -> bool:
    """Whether a run of ``entry`` was cut short in step 4: a source file is gone, or the register
    is already without its rows."""
    if any(not (root / source.file).exists() and not (root / source.file).is_symlink() for source in entry.sources):
        return True
    return entry.register_rows is not None and _sha256_or_none(root, entry.register_rows.file) == entry.register_rows.sha256_after


def _delete_files(root: Path, reader: DocumentReader | None,
                  entry: Erasure) -> tuple[list[str], list[str], list[str], list[str]]:
    """Step 4: each source file, then the metadata beside it (a sidecar: its title, id, dates and
    access), kept only while its source is (a PDF or Word file without its sidecar does not
    read), then the register's rows (``_remove_register_rows``), last: a run cut short before
    leaves a source gone and its row (``_deleting_began``), never a source without its row.
    Files (removed, kept, gone) and the register rows removed (``register.csv:3``)."""
    removed: list[str] = []
    kept: list[str] = []
    gone: list[str] = []
    outcomes = {"removed": removed, "kept": kept, "gone": gone}
    sources_kept = False
    for source in entry.sources:
        outcome = _delete_file(root, source.file, source.file_sha256)
        outcomes[outcome].append(source.file)
        sources_kept = sources_kept or outcome == "kept"
        for extra in source.metadata:
            outcomes["kept" if outcome == "kept" else _delete_file(root, extra.file, extra.file_sha256)].append(extra.file)
    rows_removed: list[str] = []
    if entry.register_rows is not None:
        outcome = _remove_register_rows(root, reader, entry, keep=sources_kept)
        if outcome == "kept":
            kept.append(entry.register_rows.file)
        elif outcome == "removed":
            rows_removed = [f"{entry.register_rows.file}:{line}" for line in entry.register_rows.lines]
    return removed, kept, gone, rows_removed


def _remove_register_rows(root: Path, reader: DocumentReader | None, entry: Erasure, *, keep: bool) -> str:
    """Take ``entry``'s rows out of the register: ``removed``; ``gone`` when they are not there
    (an earlier run cut short took them out, or a person did, or the register is gone);
    ``kept`` when a source they describe is kept (it would not read without them), or the
    register changed since the erasure began and still holds them: never written over (its rows
    are then named by the read-back, and by the next ingest)."""
    erased = entry.register_rows
    assert erased is not None
    now = _sha256_or_none(root, erased.file)
    if now == erased.sha256_after or now == "":
        return "gone"
    if keep:
        return "kept"
    try:
        rows = _register_rows(root, reader, entry)
    except (InputError, InputErrors):  # edited since into a register that does not read: not ours to write
        return "kept"
    if rows is None:
        return "gone"
    if now == erased.file_sha256 and rows.file == erased.file and rows.sha256 == now and rows.without is not None \
            and hashlib.sha256(rows.without).hexdigest() == erased.sha256_after:
        write_atomically(root / erased.file, rows.without)
        return "removed"
    return "kept"


def _register_rows(root: Path, reader: DocumentReader | None, entry: Erasure | None = None, *,
                   document: str = "", files: Iterable[str] = (), whole: bool = False) -> RegisterRows | None:
    """The rows of the project's register describing the erased files (``entry``'s sources,
    or ``files``) and, erasing a whole document (``whole``), those recording a revision of it
    without a file (the reader's ``register_rows``; None for a reader without registers)."""
    from .ingest import default_reader

    if entry is not None:
        document, files, whole = entry.document, [source.file for source in entry.sources], entry.scope == "document"
    with (reader if reader is not None else default_reader()).open(root) as opened:
        find = getattr(opened, "register_rows", None)
        return None if find is None else find(sorted(set(files)), document if whole else None)


def _register_plan(root: Path, reader: DocumentReader | None, document: str, files: Sequence[str], *,
                   whole: bool) -> ErasedRegisterRows | None:
    """What step 4 will take out of the register, with its hash now and after (None: no row
    describes the erased files); an InputError naming the register, its rows and what to do
    where the reader does not rewrite it (a workbook): refused before anything changes."""
    rows = _register_rows(root, reader, document=document, files=files, whole=whole)
    if rows is None:
        return None
    if rows.without is None:
        which = ", ".join(str(line) for line in rows.lines)
        raise InputError(
            f"{document} is described by row{'s' if len(rows.lines) > 1 else ''} {which} of the register {rows.file} "
            f"({rows.why_not}): erased, its file would be gone and the row left, naming it; nothing was erased",
            file=rows.file, line=rows.lines[0],
            hint=f"delete {', '.join(files)} and remove row{'s' if len(rows.lines) > 1 else ''} {which} from "
                 f"{rows.file} (then save it), then run this erasure again")
    return ErasedRegisterRows(file=rows.file, lines=rows.lines, file_sha256=rows.sha256,
                              sha256_after=hashlib.sha256(rows.without).hexdigest())


def _register_left(root: Path, reader: DocumentReader | None, entry: Erasure) -> str | None:
    """The register, when it still holds a row ``_register_rows`` finds (or does not read)."""
    try:
        rows = _register_rows(root, reader, entry)
    except (InputError, InputErrors) as failed:
        named = failed.file if isinstance(failed, InputError) else next(
            (p.file for p in failed.exceptions if isinstance(p, InputError) and p.file), None)
        return named or (entry.register_rows.file if entry.register_rows is not None else None)
    return None if rows is None else rows.file


def _sha256_or_none(root: Path, file: str) -> str | None:
    """The hash of a project file ("" when it is gone), None when it is not a regular file."""
    try:
        return _file_sha256(root, file)
    except InputError:
        return None


def _already_done(root: Path, reader: DocumentReader | None, entry: Erasure,
                  audit_folders: Sequence[Path]) -> ErasureResult:
    """An erasure done before: the audit folders given now are rewritten, and the project (and
    those folders) read back again — the step a user runs it again for, having removed a copy
    the last read-back named — for the runs the record kept the hashes of
    (``Erasure.read_back_runs``; none for one recorded before they were kept: then only the
    erased files and the register rows are looked for). The provisions the record keeps no run
    of (``Erasure.read_back_not_kept``) are not looked for, and named so (``not_looked_for``):
    the result is then not ``confirmed``, whatever the files hold. Nothing else changes."""
    _refuse_linked_records(root, audit_folders, entry)
    rewritten = _rewrite_records(root, audit_folders, entry)
    if rewritten:
        entry = entry.model_copy(update={"audit_records": (*entry.audit_records, *(new for _, new in rewritten))})
        write_erasures(root, [entry if e.id == entry.id else e for e in read_erasures(root)])
    checked, remaining = _read_back(root, reader, audit_folders, entry, _kept_runs(entry))
    changed = _held_unkept(root, entry, remaining)
    return ErasureResult(erasure=entry, audit_records=tuple(rewritten), already_done=not rewritten,
                         files_checked=checked, remaining=tuple(remaining),
                         not_looked_for=(*entry.read_back_not_kept, *changed),
                         index_build=entry.index_build_after)


def _still_held(root: Path, entry: Erasure) -> bool:
    """Whether the live graph still holds an erased revision (the rebuild was not swapped in)."""
    from .store import GraphStore

    try:
        with GraphStore.open(root, read_only=True) as store:
            return any(entry.covers(d.id, d.revision) and not is_tombstone(d) for d in store.documents())
    except Exception:  # noqa: BLE001 - no graph to read: nothing of it is held either
        return False


def _still_in_graph(root: Path, entry: Erasure) -> tuple[Any, tuple[str, int] | None]:
    """The rows of ``entry``'s revisions the live graph still holds (a run cut short before its
    rebuild was swapped in), and the graph's embedding model; none once the graph lacks them."""
    from .store import GraphStore
    from .store.erase import ErasedRows, erased_rows

    try:
        with GraphStore.open(root, read_only=True) as store:
            uids = {d.uid for d in store.documents() if entry.covers(d.id, d.revision) and not is_tombstone(d)}
            return (erased_rows(store, uids), store.embedding_model()) if uids else (ErasedRows(0, (), ()), None)
    except Exception:  # noqa: BLE001 - no graph to read: the rebuild makes one, nothing of it to look for
        return ErasedRows(0, (), ()), None


def _cached_model(store: Any) -> tuple[str, int] | None:
    """The one model of the embedding cache, when the graph no longer says (an erasure resumed).
    The cache is opened by the one opener (``open_cache``), which refuses one without its table;
    ``vet_cache`` has deleted such a cache before the erasure changed anything (audit MM4-7)."""
    from .store._embed import open_cache

    db = open_cache(store.layout.cache_file)
    if db is None:
        return None
    try:
        models = db.execute("SELECT DISTINCT model, dim FROM vectors").fetchall()
    finally:
        db.close()
    return (str(models[0][0]), int(models[0][1])) if len(models) == 1 else None


def _file_sha256(root: Path, file: str) -> str:
    """The hash of a document file as it is now ("" when it is gone); an InputError naming it
    when it is not a regular file or is over the size limit (it would block, or fill memory)."""
    try:
        return hashlib.sha256(read_bounded(root / file, what="the document", file=file, regular=True)).hexdigest()
    except OSError:
        return ""


def _changed_since_ingest(root: Path, reader: DocumentReader | None, sources: Iterable[ErasedSource]) -> list[str]:
    """The source files of ``sources`` that no longer hold their revision as it was ingested:
    the content hash the reader gives the file now (its bytes, and what describes it: the
    hash an ingest compares to decide a file changed) differs from the revision's. A file
    gone is not among them (there is nothing of it to delete)."""
    from .ingest import default_reader

    present = [s for s in sources if s.content_hash and (root / s.file).is_file()]
    if not present:
        return []
    with (reader if reader is not None else default_reader()).open(root) as files:
        files.discover()  # the register, which describes some files, is read here
        return [s.file for s in present if files.content_hash(s.file) != s.content_hash]


def _probes(texts: Iterable[str], live: Mapping[str, Sequence[str]] | None = None, quoted: Iterable[str] = (),
            ids: Iterable[str] = (), kept: Iterable[str] = (), bodies: Iterable[str] = ()) -> WordRuns:
    """What the read-back looks for, as runs of words (``ontology.readback``: a copy is found in
    any case, spacing, escaping or encoding, inside a Word file or a gzip): every erased text
    (whole provisions and titles of ``_PROBE_MIN_CHARS`` or more) gives each run of
    ``RUN_WORDS`` (eight) words it holds, or itself whole when shorter, however many texts were erased
    (audit 51: a copy of the fiftieth of a hundred paragraphs had been missed, only the longest
    sixteen texts being looked for). Fragments a copy may hold without a whole run are looked
    for besides: each clause (a sentence or line, a quotation, a part between commas, colons or
    semicolons) of ``_FRAGMENT_MIN_CHARS`` or more, and each distinctive word (``_distinctive``);
    ``quoted``: texts the rewritten audit records held (claims, quotes), looked for as fragments
    too. The most distinctive fragments (words, then the longest clauses) are kept,
    ``_FRAGMENTS`` of them, none naming an id of ``ids`` (the erased document's: what an
    erasure keeps).

    Nothing is looked for that a live text holds (``live``: every provision and title of the new
    graph, by revision; boilerplate many documents share, ``1.1 RELATED DOCUMENTS A. Drawings and
    general provisions …``, would name every file), unless the live revision holding it holds
    more than half of the erased texts word for word: that one is a copy of the document (a
    memo quoting it whole), and is named with every other copy. Nor is anything looked for that
    a revision of the document not erased holds (``kept``: its provisions and titles; a later revision repeating a paragraph
    holds it by right, and every erasure of a revision so repeated would read as unfinished).

    ``bodies``: the erased provisions' texts without their paragraph numbers (``erased_rows``), as
    a copy taken without the number holds them (audit 50: ``The owner pays …`` where the text is
    ``1.1 The owner pays …``). Without its number a text is less its own, so a body is looked for
    only when it names a text alone: of at least ``_PROBE_MIN_CHARS`` characters and
    ``_BODY_MIN_WORDS`` words. A short body (``Doors are painted green.``, ``Fire doors.``) is
    looked for only with its number."""
    names = [name.lower() for name in ids if name]
    texts = [t.strip() for t in texts if t and t.strip()]
    wholes = list(dict.fromkeys(t for t in texts if len(t) >= _PROBE_MIN_CHARS))
    numberless = [body for body in dict.fromkeys(b.strip() for b in bodies if b)
                  if len(body) >= _PROBE_MIN_CHARS and len(body.split()) >= _BODY_MIN_WORDS]
    kept = list(kept)
    # a live revision holding most of the erased texts word for word is a copy of them (a memo
    # quoting the document whole), not a document sharing boilerplate: its texts are no excuse
    erased = set(wholes)
    live = [text for own in (live or {}).values()
            if not (erased and 2 * len(erased.intersection(own)) > len(erased)) for text in own]
    # each whole text, as it is, and its runs and its body's: a copy of part of it holds one
    whole = WordRuns(tuple(words_of(text)) for text in wholes).without(kept)
    runs = WordRuns(run for text in [*wholes, *numberless] for run in runs_of(text))
    clauses: dict[str, None] = {}
    words: dict[str, None] = {}
    for text in [*texts, *(q.strip() for q in quoted if q and q.strip())]:
        for clause in _clauses(text):
            if len(clause) >= _FRAGMENT_MIN_CHARS:
                clauses[clause] = None
        for word in _WORD.findall(text):
            if _distinctive(word):
                words[word] = None
    live_words = {word for text in live for word in words_of(text)}
    fragments = [fragment for fragment in [*sorted((w for w in words if w.lower() not in live_words), key=len, reverse=True),
                                           *sorted(clauses, key=len, reverse=True)]
                 if not any(name in fragment.lower() for name in names)]
    # fragments no live or kept text holds, the most distinctive first
    spare = WordRuns(run for fragment in fragments for run in runs_of(fragment)).without([*live, *kept])
    added = 0
    for fragment in fragments:
        if added >= _FRAGMENTS:
            break
        chosen = [run for run in runs_of(fragment) if run in spare]
        for run in chosen:
            runs.add(run)
        added += bool(chosen)
    runs = runs.without([*live, *kept])
    for run in whole.without(live):
        runs.add(run)
    return runs


def _distinctive(word: str) -> bool:
    """A word that names a text rather than a topic: letters and digits together, capitals
    inside it (a code, a name, a word in capitals), or very long; never a plain dictionary word
    a rule pack or another record might hold."""
    if len(word) < 6:
        return False
    digits, letters = any(c.isdigit() for c in word), any(c.isalpha() for c in word)
    return (digits and letters) or (len(word) >= 8 and any(c.isupper() for c in word[1:])) \
        or len(word) >= _WORD_MIN_CHARS


def _clauses(text: str) -> set[str]:
    """A text's sentences and lines, quotations, and parts between punctuation, trimmed."""
    found = {part.strip(" \t\"'“”‘’()[]") for part in _SENTENCE.split(text)}
    found |= {part.strip(" \t\"'“”‘’()[]") for part in _CLAUSE.split(text)}
    found |= {quote.strip() for quote in _QUOTE.findall(text)}
    found.discard("")
    return found


_SENTENCE = re.compile(r"\n+|(?<=[.!?])\s+")
_CLAUSE = re.compile(r"\n+|[.!?;:,](?:\s+|$)|[\"“”()\[\]]")
_QUOTE = re.compile(r"[\"“]([^\"“”]{4,})[\"”]")
_WORD = re.compile(r"\w[\w'’-]*\w", re.UNICODE)


# ---- audit records --------------------------------------------------------------------------


def _record_files(root: Path, folders: Sequence[Path]) -> list[Path]:
    """The audit records in ``folders`` and, by their names, anywhere in the project (the
    service keeps its own under ``.inforce/audit``)."""
    from .store._layout import StoreLayout

    found: dict[Path, None] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            found[path] = None
    # through links to folders within it too (audit 47), and into its store where a link keeps it
    # (the service's records lie under .inforce/audit), as the read-back walks it
    for path in files_under(root, within=(StoreLayout(root).home,)):
        if _RECORD_NAME.fullmatch(path.name):
            found[path] = None
    return [path for path in found if path.is_file()]


def keep_record(root: str | Path, folder: str | Path, answer: Answer, verdict: Verdict) -> Path:
    """Store one decision in ``folder`` (``decisions.append_record``), redacted as an erasure
    rewrites it (``redact_record``) when it cites a document an erasure of the project at
    ``root`` names, pending or done: a check decided on a generation older than an erasure,
    whose record is written after the erasure looked for records, keeps no erased text. A
    record citing nothing erased is written as it is."""
    stored = record(answer, verdict)
    for entry in read_erasures(Path(root)):
        redacted = redact_record(stored, entry)
        if redacted is not None:
            break
    else:
        return append_record(folder, answer, verdict)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps(redacted, indent=2, sort_keys=True) + "\n"
    digest = hashlib.sha256(body.encode()).hexdigest()[:16]
    audit = verdict.audit
    when = audit.decided_at.strftime("%Y%m%dT%H%M%SZ") if audit is not None and audit.decided_at else "undated"
    path = folder / f"{when}-{verdict.verdict}-{digest}.json"
    create_atomically(path, body)
    return path


def _rewrite_records(root: Path, folders: Sequence[Path], entry: Erasure,
                     quoted: list[str] | None = None) -> list[tuple[str, str]]:
    """Rewrite every audit record citing ``entry``'s document; (old name, new name) of each
    (``_named``: relative to the project inside it). ``quoted`` gets the claims and quotes the rewritten records held (probed for afterwards)."""
    rewritten = []
    key = secrets.token_bytes(32)  # this erasure's: the same text gets the same mark in all its records
    for path, stored in _citing_records(root, folders, entry):
        redacted = redact_record(stored, entry, key)
        if redacted is None:  # not so (``_citing_records`` found it citing the document)
            continue
        if quoted is not None:
            quoted.extend(_quoted(stored))
        body = json.dumps(redacted, indent=2, sort_keys=True) + "\n"
        digest = hashlib.sha256(body.encode()).hexdigest()[:16]
        stem = path.name.rsplit("-", 1)[0] if _RECORD_NAME.fullmatch(path.name) else "undated-erased"
        target = path.with_name(f"{stem}-{digest}.json")
        if path.stat().st_nlink > 1:
            # a hard link: its other names are the same file, so it is rewritten where it is
            # (every name then reads the ids and hashes), and only this name moves (audit 46 M1)
            write_in_place(path, body)
            if target != path and os.path.lexists(target):
                path.unlink()  # the same body is there already under its name
            elif target != path:
                os.rename(path, target)
        else:
            create_atomically(target, body)
            if target != path:
                path.unlink()
        rewritten.append((_named(path, root), _named(target, root)))
    return rewritten


def _citing_records(root: Path, folders: Sequence[Path], entry: Erasure) -> list[tuple[Path, dict[str, Any]]]:
    """The audit records (``_record_files``) that cite ``entry``'s document and are not
    rewritten yet, each with what it holds: what step 5 rewrites."""
    found = []
    for path in _record_files(root, folders):
        try:
            stored = loads(read_bounded_text(path, what="the record", regular=True))
        except (OSError, UnicodeDecodeError, ValueError):  # an InputError: not a regular file
            continue  # not a record of ours (inforce writes regular files, none over the size limit)
        if not isinstance(stored, dict) or stored.get("format") != RECORD_FORMAT or stored.get("erased"):
            continue
        if redact_record(stored, entry) is not None:
            found.append((path, stored))
    return found


def _refuse_linked_records(root: Path, folders: Sequence[Path], entry: Erasure) -> None:
    """Refuse, before anything changes, an erasure with an audit record to rewrite that is a
    symlink: rewriting the link would leave the erased text in the file it leads to, and that
    file lies where the erasure was not told to write (outside the audit folders given, or
    another of the project's files) — as a source link shared with another document is refused
    (``_refuse_shared_links``) and an output through a link is (audit 45). An InputError naming
    the record and where it leads (audit 46 M1). A hard link is rewritten in place instead
    (``_rewrite_records``): its other names are the same file, no other place. (A link to a
    folder elsewhere is not walked: the read-back names it, not read back.)"""
    for path, _ in _citing_records(root, folders, entry):
        if path.is_symlink():
            # the link named where it is (``_named`` of the link itself would name what it leads to)
            link = (Path(_named(path.parent, root)) / path.name).as_posix()
            raise InputError(
                f"the audit record {link} is a symlink to {os.path.realpath(path)}, which holds the "
                f"erased text: rewriting the link would leave that file as it is; nothing was erased",
                file=link, field="audit_dirs",
                hint="replace the link with the file it leads to (or give the folder it leads to as the audit "
                     "folder instead), then run this erasure again")


def _named(path: Path, root: Path) -> str:
    """How a result names a file: relative to the project when inside it (as ``remaining``
    names them: no answer names the server's folders), else as the audit folder was given; its
    bytes that are not UTF-8 written out (``name_text``), as every format can write it."""
    if is_inside(path, root):
        return name_text(Path(path).resolve().relative_to(Path(root).resolve()).as_posix())
    return name_text(path)


def _quoted(stored: Mapping[str, Any]) -> list[str]:
    """The claims and quotes of a record's answer (texts an erasure redacts)."""
    answer = stored.get("answer")
    found: list[str] = []
    for claim in answer.get("claims", []) if isinstance(answer, Mapping) else ():
        if isinstance(claim, Mapping):
            found.append(str(claim.get("text") or ""))
            found += [str(c.get("quote") or "") for c in claim.get("citations", []) if isinstance(c, Mapping)]
    return [text for text in found if text]
