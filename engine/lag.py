"""Index lag: what document control has recorded that the graph has not ingested yet.

The registry is the list of revisions document control recorded (the front matter of the
files under ``documents/``, or the project's registry file); the adapters read it and hand
it here as plain ``Revision`` records, so this module never touches files. ``now`` is the
monitoring clock for the age of the oldest pending revision — it is never a ``valid_at``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping

from inforce.ontology import Locator, Revision, parse_datetime_utc
from inforce.ontology.answers import LagReport, PendingRevision

__all__ = ["format_age", "index_lag", "withhold_lag"]


def _uid(revision: Revision) -> str:
    return f"{revision.document}@{revision.label}"


def _fingerprint(revision: Revision) -> tuple[object, ...]:
    """What document control records about a revision, compared between registry and graph."""
    changed = None if revision.changed is None else tuple(sorted(set(revision.changed)))
    return (
        revision.seq,
        revision.effective.from_,
        revision.effective.until,
        revision.recorded.replace(microsecond=0),
        changed,
    )


def format_age(seconds: float) -> str:
    """``2d 03h 15m`` — how long a pending revision has waited, for people."""
    minutes = int(seconds // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    return f"{days}d {hours:02d}h {minutes:02d}m"


def index_lag(
    registry: Iterable[Revision],
    ingested: Iterable[Revision],
    now: dt.datetime | str,
    *,
    index_build: str = "",
    sources: Mapping[str, str] | None = None,
    configuration_changed: Iterable[str] = (),
    problems: Iterable[str] = (),
) -> LagReport:
    """Compare the registry with the ingested revisions as of ``now``.

    Pending: recorded in the registry, absent from the graph. Changed: in both, but the
    registry's dates, seq or changed sections differ from what was ingested. Withdrawn:
    in the graph, no longer in the registry. The age of the oldest pending revision (by
    ``recorded``) is ``now - recorded``, zero when the registry dates it after ``now``.
    ``sources`` maps a revision uid to the file it came from, for the report. ``problems``:
    what the next ingest fails on (lagging whatever else is said).
    """
    now_utc = parse_datetime_utc(now)
    sources = sources or {}
    graph = {_uid(r): r for r in ingested}
    listed: dict[str, Revision] = {}
    for revision in registry:
        listed[_uid(revision)] = revision

    def entry(revision: Revision) -> PendingRevision:
        uid = _uid(revision)
        return PendingRevision(
            locator=revision.locator,
            seq=revision.seq,
            effective_from=revision.effective.from_,
            recorded=revision.recorded,
            age_seconds=max(0.0, (now_utc - revision.recorded).total_seconds()),
            source=sources.get(uid),
        )

    def order(revision: Revision) -> tuple[object, ...]:
        return (revision.recorded, revision.document, revision.seq, revision.label)

    pending = [entry(r) for r in sorted(listed.values(), key=order) if _uid(r) not in graph]
    changed = [
        entry(r)
        for r in sorted(listed.values(), key=order)
        if _uid(r) in graph and _fingerprint(graph[_uid(r)]) != _fingerprint(r)
    ]
    withdrawn = sorted((graph[u].locator for u in graph if u not in listed), key=str)
    oldest = pending[0] if pending else None
    edited = tuple(configuration_changed)
    failing = tuple(problems)
    return LagReport(
        lagging=bool(pending or changed or withdrawn or edited or failing),
        configuration_changed=edited,
        problems=failing,
        pending=tuple(pending),
        changed=tuple(changed),
        withdrawn=tuple(withdrawn),
        oldest_pending_recorded=oldest.recorded if oldest else None,
        oldest_pending_age_seconds=oldest.age_seconds if oldest else None,
        oldest_pending_age=format_age(oldest.age_seconds) if oldest else None,
        registry_revisions=len(listed),
        ingested_revisions=len(graph),
        now=now_utc,
        index_build=index_build,
    )


def withhold_lag(
    report: LagReport, readable: Callable[[Locator], bool], *,
    registry: Iterable[Revision] = (), ingested: Iterable[Revision] = (),
) -> LagReport:
    """``report`` without the revisions the asker may not read (``readable`` says, per revision).

    Their documents are named in ``withheld``; their dates, paths and files are not shown,
    and the oldest pending age is the oldest the asker may see. ``registry_revisions`` and
    ``ingested_revisions`` count only the revisions of ``registry`` and ``ingested`` (those
    the report was made from) the asker may read. ``lagging`` is unchanged: the graph lags
    all the same.
    """
    hidden: set[str] = set()
    counts = {
        "registry_revisions": len({_uid(r) for r in registry if readable(r.locator)}),
        "ingested_revisions": len({_uid(r) for r in ingested if readable(r.locator)}),
    }

    def keep(locator: Locator) -> bool:
        if readable(locator):
            return True
        hidden.add(locator.doc)
        return False

    pending = tuple(p for p in report.pending if keep(p.locator))
    changed = tuple(p for p in report.changed if keep(p.locator))
    withdrawn = tuple(w for w in report.withdrawn if keep(w))
    if not hidden:
        return report.model_copy(update=counts)
    oldest = pending[0] if pending else None
    return report.model_copy(update={
        **counts,
        "pending": pending, "changed": changed, "withdrawn": withdrawn,
        "oldest_pending_recorded": oldest.recorded if oldest else None,
        "oldest_pending_age_seconds": oldest.age_seconds if oldest else None,
        "oldest_pending_age": format_age(oldest.age_seconds) if oldest else None,
        "withheld": tuple(sorted(hidden)),
    })
