"""The worker pool: subjects compared in forked processes that inherit the opened indexes
(nothing is pickled but plain results), or as Ray tasks (``engine._ray``), in the order the
report needs whatever ``workers`` and wherever they run.

Both split the subjects alike (``_chunks``: the same runs of subjects, whatever ran them) and
merge alike (``_merged``: by subject). On Ray a task gets what comparing its subjects needs by
value: their statements are read here from the opened snapshot (a Ray worker has no graph),
and only the comparison runs there."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inforce.ontology import WorkerLostError

from ._pairs import Signature, _compare_subject, _SubjectResult

if TYPE_CHECKING:
    from ..snapshot import Snapshot

#: ``progress(stage, done, total)``: called as each stage advances (a CLI draws a bar).
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class _Job:
    """What comparing one subject needs: the snapshot (its indexes already built), the date,
    the asker, and the blocking keys. A forked worker reads it from memory, never the graph."""

    snapshot: Snapshot
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    signatures: Mapping[str, Signature]
    vocabulary: Any
    links: Mapping[str, Sequence[tuple[str, str]]]
    #: the keys of the figures amending items do not put in, read from the graph before any fork
    unstated: frozenset[tuple[Any, ...]] = frozenset()

    def __call__(self, subject: str) -> _SubjectResult:
        return _compared(self.read(subject), self.signatures, self.vocabulary, self.links)

    def read(self, subject: str) -> tuple[str, Sequence[Any], Sequence[str]]:
        """A subject's statements the asker may read on the date, less the figures an amending
        item takes out (``amendments.unstated``: never compared), and the revisions withheld."""
        from ..amendments import fact_key

        facts = self.snapshot.facts(subject, self.valid_at, self.known_at, groups=self.groups)
        kept = tuple(f for f in facts.facts if fact_key(f) not in self.unstated) if self.unstated else facts.facts
        return subject, kept, tuple(facts.withheld)


def _compared(read: tuple[str, Sequence[Any], Sequence[str]], signatures: Mapping[str, Signature], vocabulary: Any,
              links: Mapping[str, Sequence[tuple[str, str]]]) -> _SubjectResult:
    """One subject compared from what ``_Job.read`` read of it (here, in a fork, or on Ray)."""
    subject, facts, withheld = read
    result = _compare_subject(subject, facts, signatures, vocabulary, links)
    result.withheld.update(withheld)
    return result


def _compare_chunk(reads: Sequence[tuple[str, Sequence[Any], Sequence[str]]], signatures: Mapping[str, Signature],
                   vocabulary: Any, links: Mapping[str, Sequence[tuple[str, str]]]) -> list[_SubjectResult]:
    """A Ray task: a run of subjects compared (``_chunks``), from their statements read in the driver."""
    return [_compared(read, signatures, vocabulary, links) for read in reads]


#: Runs of subjects per worker: small enough that a slow or rerun run does not hold the rest up.
CHUNKS_PER_WORKER = 4


def _chunks(subjects: Sequence[str], workers: int) -> list[Sequence[str]]:
    """The subjects in runs, the one split the pool and Ray share: ``CHUNKS_PER_WORKER`` per worker."""
    count = min(len(subjects), workers * CHUNKS_PER_WORKER)
    size, extra = divmod(len(subjects), count) if count else (0, 0)
    runs, start = [], 0
    for n in range(count):
        end = start + size + (1 if n < extra else 0)
        runs.append(subjects[start:end])
        start = end
    return runs


def _merged(results: list[_SubjectResult]) -> list[_SubjectResult]:
    """Every subject's result in the order the report needs, whatever order they came back in."""
    return sorted(results, key=lambda r: r.subject)


#: The job a forked pool runs, set only while one runs (one at a time: ``_FORKING``); a pool
#: inherits it at fork instead of pickling the project.
_FORKED_JOB: _Job | None = None
_FORKING = threading.Lock()


def _forked(subjects: Sequence[str]) -> list[_SubjectResult]:
    assert _FORKED_JOB is not None
    return [_FORKED_JOB(subject) for subject in subjects]


def _run_subjects(job: _Job, subjects: Sequence[str], workers: int, progress: Progress | None, *,
                  on_ray: bool = False) -> list[_SubjectResult]:
    """Every subject compared: here (one worker), in ``workers`` forked processes, or as Ray tasks
    ``workers`` at a time (``on_ray``, inside ``ray_session``)."""
    global _FORKED_JOB
    results: list[_SubjectResult] = []
    if on_ray:
        return _merged(_on_ray(job, subjects, workers, progress))
    if workers <= 1 or len(subjects) < 2:
        for n, subject in enumerate(subjects, 1):
            results.append(job(subject))
            if progress:
                progress("quantities", n, len(subjects))
        return results
    # fork: the workers inherit the opened project's indexes; each returns plain results
    with _FORKING:
        _FORKED_JOB = job
        try:
            with multiprocessing.get_context("fork").Pool(min(workers, len(subjects))) as pool:
                for chunk in pool.imap_unordered(_forked, _chunks(subjects, workers)):
                    results.extend(chunk)
                    if progress:
                        progress("quantities", len(results), len(subjects))
        finally:
            _FORKED_JOB = None
    return _merged(results)


def _on_ray(job: _Job, subjects: Sequence[str], workers: int, progress: Progress | None) -> list[_SubjectResult]:
    """The runs of subjects compared as Ray tasks, ``workers`` at once; a run whose worker died is
    run again once, and a second death is an error (the sweep has no partial report)."""
    from .._ray import TaskDied, run_tasks

    reads = [[job.read(subject) for subject in chunk] for chunk in _chunks(subjects, workers)]
    calls = [(chunk, job.signatures, job.vocabulary, job.links) for chunk in reads]
    results: list[_SubjectResult] = []
    for _, done in run_tasks(_compare_chunk, calls, in_flight=workers, retries=1):
        if isinstance(done, TaskDied):
            raise WorkerLostError(f"subjects not compared: {done}")
        results.extend(done)
        if progress:
            progress("quantities", len(results), len(subjects))
    return results
