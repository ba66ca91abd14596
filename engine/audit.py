"""The decision log: verdicts stored with the answer they judged, and replayed later.

A stored record is one JSON file holding the answer (``check``'s input) and the verdict with
its audit record. Files are only ever added (``O_EXCL``: an existing file is never
rewritten), named by the time of the decision and a hash of their content. ``replay``
recomputes the verdict against the graph as it is now and says whether it is the same; if
not, what changed since: a different index build, revisions added or removed for the
documents the decision rested on, rule packs edited, another parser or model.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from inforce.ontology import Answer, InputError, Locator, Verdict

if TYPE_CHECKING:
    from .project import Project

__all__ = ["RECORD_FORMAT", "Replay", "append_record", "check_record", "read_record", "replay"]

#: The ``format`` field of a stored record; a later layout gets a new name.
RECORD_FORMAT = "inforce-decision/1"


class Replay(BaseModel):
    """A stored verdict recomputed: the same, or what differs and what changed since."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    same: bool
    stored: Verdict
    now: Verdict
    differences: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()


def record(answer: Answer, verdict: Verdict) -> dict[str, Any]:
    """The stored form of one decision."""
    return {"format": RECORD_FORMAT, "answer": answer.model_dump(mode="json"),
            "verdict": verdict.model_dump(mode="json")}


def append_record(folder: str | Path, answer: Answer, verdict: Verdict) -> Path:
    """Write one decision as a new file in ``folder`` (created if needed); never overwrites."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps(record(answer, verdict), indent=2, sort_keys=True) + "\n"
    digest = hashlib.sha256(body.encode()).hexdigest()[:16]
    audit = verdict.audit
    when = audit.decided_at.strftime("%Y%m%dT%H%M%SZ") if audit is not None and audit.decided_at else "undated"
    path = folder / f"{when}-{verdict.verdict}-{digest}.json"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return path  # the very same record (same content, same second) is already there
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(body)
        out.flush()
        os.fsync(out.fileno())
    return path


def read_record(path: str | Path) -> dict[str, Any]:
    """A stored decision, checked: InputError naming the file (and line, or field) otherwise."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read the audit record: {problem}", file=str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as bad:
        raise InputError(f"not JSON: {bad.msg}", file=str(path), line=bad.lineno, col=bad.colno) from None
    except RecursionError:
        raise InputError("nested too deeply to be an audit record", file=str(path)) from None
    check_record(data, file=str(path))
    return data  # type: ignore[no-any-return]


def check_record(data: Any, *, file: str | None = None) -> tuple[Answer, Verdict]:
    """The answer and verdict of a stored decision; InputError naming the field otherwise."""
    if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
        raise InputError(f"not an inforce audit record (format is not {RECORD_FORMAT!r})", file=file,
                         field="format", hint="inforce check --audit-dir DIR writes them")
    found = []
    for name, model in (("answer", Answer), ("verdict", Verdict)):
        try:
            found.append(model.model_validate(data.get(name)))
        except ValidationError as invalid:
            first = invalid.errors()[0]
            where = ".".join(str(p) for p in (name, *first["loc"]))
            raise InputError(first["msg"], file=file, field=where) from None
    return found[0], found[1]


def replay(project: Project, stored: Mapping[str, Any]) -> Replay:
    """Recompute a stored decision with the tier it was made at; compare and explain."""
    answer, before = check_record(stored)
    audit = before.audit
    if audit is not None and audit.project and audit.project != project.manifest.project:
        raise InputError(f"this record was decided on project {audit.project!r}, not {project.manifest.project!r}",
                         field="verdict.audit.project", hint="replay it against the project it came from")
    tier = audit.tier if audit is not None and audit.tier is not None else "low"
    now = project.check(answer, tier=tier)
    differences = _differences(before, now)
    changes = _changes(project, before, now) if audit is not None else ()
    return Replay(same=not differences, stored=before, now=now, differences=tuple(differences),
                  changes=tuple(changes))


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


def _changes(project: Project, before: Verdict, now: Verdict) -> list[str]:
    then, current = before.audit, now.audit
    assert then is not None and current is not None
    found: list[str] = []
    if then.index_build == current.index_build:
        return found
    found.append(f"index build {then.index_build} then, {current.index_build} now")
    if then.configuration and then.configuration != current.configuration:
        found.append("configuration changed (parser, quantity extractor or rule packs)")
    for name in sorted(set(then.rule_packs) | set(current.rule_packs)):
        old, new = then.rule_packs.get(name), current.rule_packs.get(name)
        if old != new:
            found.append(f"rule pack {name}: " + ("added" if old is None else "removed" if new is None else "edited"))
    groups = then.context.groups
    for doc in sorted(set(then.revisions) | set(current.revisions)):
        if not project._readable(Locator(doc=doc), groups):
            continue  # what a document the asker may not read holds is not told, even by count
        old_labels = then.revisions.get(doc, ())
        entry = project.index.entry(doc)
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
