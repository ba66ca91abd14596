"""The worker pool: subjects compared in forked processes that inherit the opened indexes
(nothing is pickled but plain results), in the order the report needs whatever ``workers``."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
        from ..amendments import fact_key

        facts = self.snapshot.facts(subject, self.valid_at, self.known_at, groups=self.groups)
        if self.unstated:  # figures an amending item takes out (``amendments.unstated``): never compared
            facts = facts.model_copy(update={"facts": tuple(f for f in facts.facts if fact_key(f) not in self.unstated)})
        result = _compare_subject(subject, facts.facts, self.signatures, self.vocabulary, self.links)
        result.withheld.update(facts.withheld)
        return result


#: The job a forked pool runs, set only while one runs (one at a time: ``_FORKING``); a pool
#: inherits it at fork instead of pickling the project.
_FORKED_JOB: _Job | None = None
_FORKING = threading.Lock()


def _forked(subject: str) -> _SubjectResult:
    assert _FORKED_JOB is not None
    return _FORKED_JOB(subject)


def _run_subjects(job: _Job, subjects: Sequence[str], workers: int, progress: Progress | None) -> list[_SubjectResult]:
    global _FORKED_JOB
    results: list[_SubjectResult] = []
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
                for n, result in enumerate(pool.imap_unordered(_forked, subjects), 1):
                    results.append(result)
                    if progress:
                        progress("quantities", n, len(subjects))
        finally:
            _FORKED_JOB = None
    return sorted(results, key=lambda r: r.subject)
