"""Which revision of a document is in force on a day, as known at a moment: the one function.

Every answer about "in force" (as-of, eligibility, precedence, and the checks built on them)
asks ``in_force_position``, or reads windows made from it by ``in_force_segments``; nothing
else decides it. The rule, for one document's revisions in registry order (effective date,
then ``seq``):

1. revisions recorded after ``known_at`` do not exist yet;
2. of the rest, the latest whose ``effective.from`` is on or before the day is the candidate;
3. if the day is before its ``effective.until``, it is in force;
4. otherwise it has lapsed, and nothing of the document is in force
   (``no_coverage_for_date``) — unless it says ``on_lapse: resume_previous``, in which case
   the revision before it is asked the same question from step 3 (a temporary amendment
   that hands back to the text it suspended).

A lapsed revision never revives the one it replaced by default: "until" means the document
stops applying, not that the older text comes back.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from inforce.ontology import parse_datetime_utc

__all__ = [
    "IN_FORCE",
    "NOT_YET",
    "NO_COVERAGE",
    "NO_DOCUMENT",
    "OPEN",
    "REMOVED",
    "RESUME_PREVIOUS",
    "UNKNOWN_PATH",
    "SectionState",
    "OnLapse",
    "deciding_position",
    "in_force_position",
    "in_force_segments",
    "known_timestamp",
    "registry_order",
]

#: The ordinal after every date: an open ``effective.until``.
OPEN = dt.date.max.toordinal() + 1

#: Where a section stands on a day (``revisions.locate``); the answer layer names them.
IN_FORCE, NO_DOCUMENT, NO_COVERAGE, NOT_YET, REMOVED, UNKNOWN_PATH = range(6)

#: What a revision says happens when its ``effective.until`` passes.
OnLapse = Literal["lapse", "resume_previous"]
RESUME_PREVIOUS = "resume_previous"

_INF = float("inf")


class SectionState(NamedTuple):
    """Where a section stands on a date, before supersession edges are applied.

    ``state`` is one of ``IN_FORCE``, ``NO_DOCUMENT``, ``NO_COVERAGE`` (no revision in force
    or known), ``NOT_YET`` (the in-force revision does not hold the path yet), ``REMOVED``,
    ``UNKNOWN_PATH`` (no revision ever held it). ``version`` is the position of the revision
    that last changed the section, ``current`` the document's in-force revision. A named
    tuple, not a frozen dataclass: one is made per as-of answer, and a frozen dataclass's
    construction was a tenth of the answer's time.
    """

    state: int
    doc: str
    path: str | None
    version: int = -1
    current: int = -1


def known_timestamp(known_at: dt.datetime | dt.date | str | None) -> float:
    """``known_at`` on the transaction-time clock as a POSIX timestamp; None = everything."""
    if known_at is None:
        return _INF
    if isinstance(known_at, dt.datetime) and known_at.tzinfo is not None:
        return known_at.timestamp()
    return parse_datetime_utc(known_at).timestamp()


def registry_order(effective_from: dt.date, seq: int, recorded: Any, label: str) -> tuple[Any, ...]:
    """The order of one document's revisions: effective date, then ``seq``.

    Ties on (effective, seq) are an ingest error; ``recorded`` and the label only make a bad
    registry's order reproducible instead of depending on the order records arrived.
    """
    return (effective_from, seq, recorded, label)


def in_force_position(
    froms: Sequence[int],
    untils: Sequence[int],
    recorded: Sequence[float],
    resumes: Sequence[bool],
    day: int,
    known_ts: float,
) -> int:
    """The position of the revision in force on ``day`` (an ordinal), or -1 for none.

    The arrays describe one document's revisions in registry order: effective from and until
    (ordinals; ``OPEN`` for no until), when each was recorded (a timestamp), and whether its
    lapse hands back to the previous revision.
    """
    return _walk(froms, untils, recorded, resumes, day, known_ts)[0]


def deciding_position(
    froms: Sequence[int],
    untils: Sequence[int],
    recorded: Sequence[float],
    resumes: Sequence[bool],
    day: int,
    known_ts: float,
) -> int:
    """The position of the revision whose dates decide what is in force on ``day``: the one in
    force; when none is, the one whose lapse leaves the day uncovered (step 4), or, before any
    known revision begins, the first to begin; -1 when no revision is known at ``known_ts``.
    Which revision decides a day is what an asker who may not read it must not learn from
    the answer (``engine.access``, rule 2)."""
    return _walk(froms, untils, recorded, resumes, day, known_ts)[1]


def _walk(
    froms: Sequence[int],
    untils: Sequence[int],
    recorded: Sequence[float],
    resumes: Sequence[bool],
    day: int,
    known_ts: float,
) -> tuple[int, int]:
    """(the position in force or -1, the position that decides it) — the rule above, once."""
    begun = bisect_right(froms, day)
    i = begun - 1
    while i >= 0 and recorded[i] > known_ts:
        i -= 1
    lapsed = -1
    while i >= 0 and untils[i] <= day:
        lapsed = i
        if not resumes[i]:
            return -1, i
        i -= 1
        while i >= 0 and recorded[i] > known_ts:
            i -= 1
    if i >= 0 or lapsed >= 0:
        return i, i if i >= 0 else lapsed
    nxt = begun
    while nxt < len(froms) and recorded[nxt] > known_ts:
        nxt += 1
    return -1, nxt if nxt < len(froms) else -1


def in_force_segments(
    froms: Sequence[int],
    untils: Sequence[int],
    recorded: Sequence[float],
    resumes: Sequence[bool],
    known_ts: float,
) -> list[tuple[int, int, int]]:
    """The document's in-force windows ``(start, end, position)``, days ``[start, end)``.

    Made by asking ``in_force_position`` at every day where the answer can change (each
    revision's from and until), so a window can never disagree with a single lookup. A
    revision may own several windows (it resumes after a temporary one lapses); days no
    window covers have nothing in force.
    """
    breaks = sorted({*froms, *(u for u in untils if u != OPEN)})
    segments: list[tuple[int, int, int]] = []
    for k, start in enumerate(breaks):
        position = in_force_position(froms, untils, recorded, resumes, start, known_ts)
        if position < 0:
            continue
        end = breaks[k + 1] if k + 1 < len(breaks) else OPEN
        if segments and segments[-1][2] == position and segments[-1][1] == start:
            segments[-1] = (segments[-1][0], end, position)
        else:
            segments.append((start, end, position))
    return segments
