"""The decision log: verdicts stored with the answer they judged, and replayed later.

A stored record is one JSON file holding the answer (``check``'s input) and the verdict with
its audit record. Files are only ever added, whole or not at all (an existing file is never
rewritten), named by the time of the decision and a hash of their content. ``replay``
recomputes the verdict against the graph as it is now and says whether it is the same; if
not, what changed since: a different index build, revisions added or removed for the
documents the decision rested on, rule packs edited, another parser or model.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from inforce.ontology import Answer, InputError, Locator, Verdict
from inforce.ontology.decisions import Replay, check_record

from .audit_record import answer_digest
from .build import CONFIGURATION_PARTS
from .verify import check_answer

if TYPE_CHECKING:
    from .backends import ModelBackends
    from .snapshot import Snapshot

__all__ = ["decided_beyond", "replay"]


def replay(snapshot: Snapshot, backends: ModelBackends, stored: Mapping[str, Any], *,
           groups: Iterable[str] | None = None, deadline: float | None = None) -> Replay:
    """Recompute a stored decision with the tier it was made at; compare and explain.

    ``groups``: the asker's (None: an operator holding the files). A record is not
    authenticated (its hashes anyone can recompute), so nothing it states decides access: a
    record decided for groups the asker does not hold is refused, and what changed is told
    only of documents the asker's own groups may read. ``deadline``: the recomputed check's
    (``check_answer``): past it the replay stops with ``TimeoutError``."""
    answer, before = check_record(stored)
    audit = before.audit
    if groups is not None and (field := decided_beyond(answer, before, groups)) is not None:
        raise InputError("this record was decided for groups the asker does not hold", field=field,
                         hint="replay it with a key that holds them, or from the project's folder")
    if audit is not None and audit.answer_sha256 and audit.answer_sha256 != answer_digest(answer):
        raise InputError("this record was edited: its answer is not the one the verdict was decided for "
                         "(verdict.audit.answer_sha256 does not match)", field="verdict.audit.answer_sha256",
                         hint="replay the record as it was written")
    if audit is not None and audit.project and audit.project != snapshot.manifest.project:
        raise InputError(f"this record was decided on project {audit.project!r}, not {snapshot.manifest.project!r}",
                         field="verdict.audit.project", hint="replay it against the project it came from")
    tier = audit.tier if audit is not None and audit.tier is not None else "low"
    now = check_answer(snapshot, backends, answer, tier=tier, deadline=deadline)
    differences = _differences(before, now)
    changes = _changes(snapshot, before, now, groups) if audit is not None else ()
    return Replay(same=not differences, stored=before, now=now, differences=tuple(differences),
                  changes=tuple(changes))


def decided_beyond(answer: Answer, verdict: Verdict, groups: Iterable[str]) -> str | None:
    """Where a stored decision states groups beyond ``groups`` (the asker's): the field
    (``answer.context.groups``, ``verdict.audit.context.groups``), or None when it states none.
    Such a record is not the asker's to replay, nor to be told of (``Project.erase``)."""
    held = set(groups)
    audit = verdict.audit
    for field, stated in (("answer.context.groups", answer.context.groups),
                          ("verdict.audit.context.groups", audit.context.groups if audit is not None else ())):
        if not set(stated) <= held:
            return field
    return None


def _differences(before: Verdict, now: Verdict) -> list[str]:
    found: list[str] = []
    if before.verdict != now.verdict or before.reason != now.reason:
        found.append(f"verdict: {before.verdict}{_reason(before)} then, {now.verdict}{_reason(now)} now")
    if before.missing_attributes != now.missing_attributes:
        found.append(f"missing attributes: {list(before.missing_attributes)} then, {list(now.missing_attributes)} now")
    for number, (old, new) in enumerate(zip(before.claims, now.claims, strict=False), 1):
        if old.status != new.status:
            found.append(f"claim {number}: {old.status} then, {new.status} now ({new.detail or 'no detail'})")
        elif old.in_force != new.in_force:
            found.append(f"claim {number}: in force {_loc(old.in_force)} then, {_loc(new.in_force)} now")
    if len(before.claims) != len(now.claims):
        found.append(f"{len(before.claims)} claims then, {len(now.claims)} now")
    return found


def _changes(snapshot: Snapshot, before: Verdict, now: Verdict, asker: Iterable[str] | None) -> list[str]:
    then, current = before.audit, now.audit
    assert then is not None and current is not None
    found: list[str] = []
    if then.index_build == current.index_build:
        return found
    found.append(f"index build {then.index_build} then, {current.index_build} now")
    if then.configuration and then.configuration != current.configuration:
        found.append(f"configuration changed ({CONFIGURATION_PARTS})")
    for name in sorted(set(then.rule_packs) | set(current.rule_packs)):
        old, new = then.rule_packs.get(name), current.rule_packs.get(name)
        if old != new:
            found.append(f"rule pack {name}: " + ("added" if old is None else "removed" if new is None else "edited"))
    groups = tuple(asker) if asker is not None else then.context.groups
    for doc in sorted(set(then.revisions) | set(current.revisions)):
        if not snapshot.may_read(Locator(doc=doc), groups):
            continue  # what a document the asker may not read holds is not told, even by count
        old_labels = then.revisions.get(doc, ())
        entry = snapshot.index.entry(doc)
        new_labels = tuple(entry.labels) if entry is not None else ()
        added = [label for label in new_labels if label not in old_labels]
        gone = [label for label in old_labels if label not in new_labels]
        if added:
            found.append(f"{doc}: revision {', '.join(added)} recorded since")
        if gone:
            found.append(f"{doc}: revision {', '.join(gone)} no longer in the graph")
    if then.models != current.models:
        found.append(f"models {then.models or 'none'} then, {current.models or 'none'} now")
    if len(found) == 1:
        found.append("other documents of the project changed (none the decision rested on)")
    return found


def _reason(verdict: Verdict) -> str:
    return f" ({verdict.reason})" if verdict.reason else ""


def _loc(locator: Any) -> str:
    return locator.format() if locator is not None else "nothing"
