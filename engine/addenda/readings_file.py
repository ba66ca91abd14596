"""The addenda readings of one graph build, kept beside it (``.inforce/readings-<build>.bin``).

Reading every addendum again (``reading.readings_of``) costs from half a second on a small
project to tens of seconds on one with thousands of items, and ``inforce review``,
``ingest --derived`` and the sweep each ask in a fresh process. The first process to read them
writes what it read; the next opens it. The file is trusted only for the build it names and
for the readers and rule packs that wrote it (``readings_key``): a changed pack or a changed
reader reads the addenda again. What a review decided is applied after (``engine.reviews``):
the file holds every proposal.

An ingest that read every addendum of the build it lands writes the file itself
(``keep_ingested``), so the first command after it does not read them all again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from inforce import PARSER_VERSION
from inforce.ontology import (
    AddendaReadings,
    ProposedEdge,
    UnsharedReading,
)
from inforce.ontology.files import write_atomically

from ..build import hash_sources
from ..store import build_file, frame, read_payload, remove_other_builds
from .view import gathered, with_unshared

if TYPE_CHECKING:
    from ..snapshot import Snapshot
    from .outcome import Reading

__all__ = ["FORMAT", "keep_ingested", "open_readings", "pack_key", "readings_key", "stored_readings",
           "write_readings"]

FORMAT = 3  # 2: the readings of items that differ for askers who may read more kept beside them;
#            3: the items skipped, by addendum (what an asker who may read only some is told)
_MAGIC = b"INFRDG\n"
#: The code a reading depends on, besides the rule packs: hashed into the key.
_SOURCES = (Path(__file__).parent, Path(__file__).parent.parent / "derivation.py",
            Path(__file__).parent.parent / "access.py",  # who shares a revision (``view``)
            # what a pack's layouts, notations and verbs read (``{ordinal}``, a verb's endings): the same
            # pack file reads otherwise when these change
            Path(__file__).parent.parent.parent / "rules" / "patterns.py")


class _Kept(BaseModel):
    """The file's body: the readings, and those of items that read otherwise against every
    revision (``AddendaReadings._unshared``), and the items skipped by addendum
    (``AddendaReadings._skipped_by``), which the readings themselves never serialize."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    readings: AddendaReadings
    unshared: tuple[UnsharedReading, ...] = ()
    skipped_by: dict[str, dict[str, int]] = {}


def readings_key(snapshot: Snapshot) -> str:
    """What the readings of ``snapshot``'s build are read with, hashed: the parser version, the
    rule packs' content and the readers' source."""
    return pack_key(snapshot.rules.hashes)


def pack_key(hashes: Sequence[str]) -> str:
    """``readings_key`` of a build whose rule packs hash to ``hashes`` (``RuleSet.hashes``),
    the readers' source as it is now: what an ingest reads the addenda with."""
    digest = hashlib.sha256(f"parser:{PARSER_VERSION}\n".encode())
    for pack in hashes:
        digest.update(pack.encode() + b"\n")
    hash_sources(digest, _SOURCES)
    return digest.hexdigest()[:24]


def open_readings(snapshot: Snapshot) -> AddendaReadings | None:
    """The readings kept for ``snapshot``'s build; None when absent or when they do not check
    (another build, format or key, a body not the one written or that does not read)."""
    store = snapshot.store
    read = read_payload(build_file(store, "readings"), _MAGIC, format=FORMAT, build_id=store.build_id())
    if read is None:
        return None
    header, body = read
    if header.get("key") != readings_key(snapshot):
        return None
    try:
        kept = _Kept.model_validate_json(body)
    except ValueError:  # a pydantic ValidationError is a ValueError
        return None
    return with_unshared(kept.readings, kept.unshared, kept.skipped_by)


def write_readings(snapshot: Snapshot, readings: AddendaReadings, *, key: str | None = None,
                   tidy: bool = False) -> Path | None:
    """Keep ``readings`` beside ``snapshot``'s build (None before the first ingest), under
    ``key`` (what they were read with; None: ``readings_key(snapshot)``). ``tidy``: a writer's
    call, under the write lock: the readings files of other builds are removed."""
    store = snapshot.store
    target = build_file(store, "readings")
    if target is None:
        return None
    body = _Kept(readings=readings, unshared=readings._unshared,
                 skipped_by=readings._skipped_by).model_dump_json().encode("utf-8")
    header = {"format": FORMAT, "build_id": store.build_id(), "key": readings_key(snapshot) if key is None else key,
              "body_bytes": len(body)}
    write_atomically(target, frame(_MAGIC, header, [body], align=1))
    if tidy:
        remove_other_builds(store.layout.home, store.build_id(), "readings")
    return target


def keep_ingested(snapshot: Snapshot, key: str, kinds: Collection[str],
                  read: Mapping[str, tuple[Reading, UnsharedReading | None]], *, tidy: bool = True) -> Path | None:
    """Keep what an ingest read as the readings of the build it just landed (``snapshot``'s),
    when it is what ``reading.readings_of`` would read: ``read`` holds, by revision uid, each
    addendum's reading against the revisions its readers share and, where they differ, its
    reading against every revision (``view.ReaderViews.read``), read by the installed reader
    under the packs and readers ``key`` names (``pack_key``). Kept only when ``read`` covers
    exactly the revisions of ``kinds`` (the supersession rules' document kinds) the build
    holds; None otherwise (an ingest that read some addenda again, not all), the file left
    for the first process that asks (``stored_readings``). The readings are assembled in the
    build's order of revisions, as ``readings_of`` walks them; a proposal's similarity (an
    embedder's, shown by the ingest alone) is left out, since ``readings_of`` measures none."""
    holding = [uid for uid, kind in snapshot.store.revision_kinds() if kind in kinds]
    if set(holding) != set(read) or len(holding) != len(read):
        return None
    kept = ((uid.partition("@")[0], dataclasses.replace(reading, proposed=_unmeasured(reading.proposed)),
             None if differs is None else differs.model_copy(update={"proposed": tuple(_unmeasured(differs.proposed))}))
            for uid, (reading, differs) in ((uid, read[uid]) for uid in holding))
    return write_readings(snapshot, gathered(kept), key=key, tidy=tidy)


def _unmeasured(proposed: Sequence[ProposedEdge]) -> list[ProposedEdge]:
    """``proposed`` without the similarity an embedder gave their evidence."""
    return [p if p.evidence.similarity is None
            else p.model_copy(update={"evidence": p.evidence.model_copy(update={"similarity": None})})
            for p in proposed]


def stored_readings(snapshot: Snapshot) -> AddendaReadings:
    """The build's readings: the kept file when it checks, else read now and kept for the
    processes after this one (a read-only project answers all the same)."""
    from .reading import readings_of

    kept = open_readings(snapshot)
    if kept is not None:
        return kept
    readings = readings_of(snapshot)
    with contextlib.suppress(OSError):
        write_readings(snapshot, readings)
    return readings
