"""Files written beside each graph build so a new process opens them instead of rebuilding.

``write_generation_files`` is the one call that writes every one of them, made by an ingest
before its new build goes live (``IngestTransaction.commit``); each opener also rebuilds its file when it is
absent or does not check (a graph an older inforce built, a build swapped in by ``embed``),
so a file is a copy of the graph for speed, never a second record.

Today: the text store (``_texts``: provision texts, spans and titles for as-of answers), the
search indexes (``_search_file``: BM25 postings and vectors for restricted search) and the
rows the as-of index opens with (``_rows_file``: revision rows and outlines). The
engine's own per-build files (subject fact tables, ``engine.fact_tables``) need the engine's
indexes, which the store may not import: ``Snapshot.write_files`` writes those, right after.
Every one is framed the same way and named ``KIND-<build id>.bin`` (``_buildfile``).
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from . import _reads
from ._buildfile import remove_other_builds
from ._rows_file import open_rows, write_rows
from ._search_file import search_file_current, write_search
from ._texts import write_texts

__all__ = ["refresh_generation_files", "remove_other_generation_files", "write_generation_files"]


def write_generation_files(store: Any, *, tidy: bool = True, base: tuple[str, Collection[str]] | None = None,
                           ) -> list[Path]:
    """Write every per-build file of the graph ``store`` reads (atomically) and, ``tidy``,
    remove those of other builds: a writer's call, under the write lock. An ingest writes them
    before its build is live, untidy, and tidies once it is (``IngestTransaction.commit``),
    giving ``base``: the build its graph was copied from and the revisions it wrote (the text
    store, the search index and the outlines take the others' rows from that build's files:
    ``_texts.write_texts``, ``_search_file.write_search``, ``_outlines``). The files written."""
    graph = store._reader()
    rows = None
    if graph:
        outlines = _outlines(store, graph, base)
        rows = write_rows(store, _reads.revision_rows(graph), outlines, tidy=tidy)
        store.hold_sealed_outlines(outlines)  # what the sealed build's snapshot reads next (the same graph)
    written = (write_texts(store, tidy=tidy, base=base), write_search(store, tidy=tidy, base=base), rows)
    return [path for path in written if path is not None]


def refresh_generation_files(store: Any) -> list[Path]:
    """Write again the live build's search file when it is missing or of another format, build or
    embedding (its header: ``search_file_current``); the files written. An ingest that finds nothing to
    do calls it under the write lock: after a release that changed the file's format, such an ingest had
    left the old file, read as absent — the index built from the graph again — by every process after
    (audit 132 F1; the other per-build files are written again by the first reader that misses them)."""
    if search_file_current(store):
        return []
    written = write_search(store, tidy=False)
    return [written] if written is not None else []


def _outlines(store: Any, graph: Any, base: tuple[str, Collection[str]] | None) -> dict[str, dict[str, str | None]]:
    """Every revision's outline (``_reads.provision_outlines``): with ``base``, those of the revisions
    the ingest did not write taken from the base build's rows file and only the written ones read from
    the graph (a million provisions' outlines took 1.5 s to read); all from the graph when that file
    does not check or the outlines do not hold every provision the graph holds."""
    earlier = open_rows(store, base[0]) if base is not None else None
    held = earlier.provision_outlines() if earlier is not None else None
    if held is not None and base is not None:
        written = set(base[1])
        revisions = [uid for (uid,) in graph.rows("MATCH (r:Revision) RETURN r.uid")]
        read = _reads.provision_outlines(graph, [uid for uid in revisions if uid in written])
        outlines = {uid: read.get(uid, {}) if uid in written else held.get(uid) for uid in revisions}
        if None not in outlines.values() and sum(map(len, outlines.values())) == _reads.provision_count(graph):  # type: ignore[arg-type]
            return outlines  # type: ignore[return-value]
    return _reads.provision_outlines(graph)


def remove_other_generation_files(store: Any, live: str | None = None) -> None:
    """Remove the per-build files of builds other than ``store``'s live one, or ``live`` when
    given (the build live on disk while a writer rebuilds afresh); every one when none is live:
    a killed writer's leftovers. A reader still mapping one keeps it until it closes."""
    remove_other_builds(store.layout.home, live if live is not None else store.build_id())
