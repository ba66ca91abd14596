"""Reading an earlier sweep's JSON as a baseline: only what identifies its findings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inforce.ontology import VOCABULARY, InputError
from inforce.ontology.files import read_bounded_text
from inforce.ontology.jsontext import NestingTooDeep, NumberTooLong, loads

__all__ = ["read_baseline", "read_baseline_run"]

#: What a sweep report says it was a sweep of: the engine compares them with the new run.
_RUN_KEYS = ("project", "as_of", "known_at")


def read_baseline_run(path: Path) -> tuple[list[tuple[str, str, tuple[str, ...], str | None]], dict[str, Any]]:
    """``read_baseline``'s findings, and what the report says it was a sweep of (its
    ``project``, ``as_of`` and ``known_at``) for ``Project.judge_sweep`` to compare with the new
    run. Every sweep report holds the three (``known_at`` may be null); a report without one
    of them cannot be told to be of this project and date, so it is an InputError naming it."""
    findings, data = _read(path)
    missing = [key for key in _RUN_KEYS if key not in data]
    if missing:
        raise InputError(f"the baseline does not say what it was a sweep of: no {', '.join(missing)}",
                         file=str(path), field=missing[0],
                         hint="pass the JSON an earlier `inforce sweep --format json` of this project wrote, "
                              "as it wrote it")
    return findings, {key: data[key] for key in _RUN_KEYS}


def read_baseline(path: Path) -> list[tuple[str, str, tuple[str, ...], str | None]]:
    """(id, kind, locators, resolution) of each finding of the sweep report at ``path``
    (``inforce sweep --format json``); InputError naming the file, line and field when it is
    not one."""
    return _read(path)[0]


def _read(path: Path) -> tuple[list[tuple[str, str, tuple[str, ...], str | None]], dict[str, Any]]:
    hint = "pass the JSON an earlier `inforce sweep --format json` wrote (not --format sarif or md)"
    try:
        text = read_bounded_text(path, what="the baseline", encoding="utf-8-sig", field="--baseline")
    except OSError as problem:
        raise InputError(f"cannot read the baseline: {problem.strerror or problem}", file=str(path),
                         field="--baseline") from None
    except UnicodeDecodeError:
        raise InputError("the baseline is not UTF-8 text", file=str(path), field="--baseline", hint=hint) from None
    try:
        data = loads(text)
    except json.JSONDecodeError as problem:
        raise InputError(f"the baseline is not JSON: {problem.msg}", file=str(path), line=problem.lineno,
                         field="--baseline", hint=hint) from None
    except NumberTooLong as long:
        raise InputError(f"the baseline holds {long}", file=str(path), field="--baseline", hint=hint) from None
    except NestingTooDeep:
        raise InputError("the baseline nests too deeply to be a sweep report", file=str(path),
                         field="--baseline", hint=hint) from None
    findings = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(findings, list):
        raise InputError("the baseline has no findings list", file=str(path), line=_line(text, '"findings"'),
                         field="findings", hint=hint)
    kinds = set(VOCABULARY["FindingKind"])
    resolutions = set(VOCABULARY["Resolution"])
    found = []
    seen: set[str] = set()
    for n, finding in enumerate(findings):
        where = f"findings[{n}]"
        if not isinstance(finding, dict):
            raise InputError(f"{where} of the baseline is not an object", file=str(path), field=where, hint=hint)
        ident, kind = finding.get("id"), finding.get("kind")
        line = _line(text, f'"{ident}"') if isinstance(ident, str) and ident else None
        if not isinstance(ident, str) or not ident:
            raise InputError(f"{where}.id of the baseline is not a finding id (a non-empty string)", file=str(path),
                             line=_nth_line(text, '"id"', n), field=f"{where}.id", hint=hint)
        if ident in seen:
            raise InputError(f"finding id {ident} appears twice in the baseline", file=str(path), line=line,
                             field=f"{where}.id", hint="a sweep report names each finding once")
        seen.add(ident)
        if kind not in kinds:
            raise InputError(f"{where}.kind of the baseline is not a finding kind: {kind!r}", file=str(path),
                             line=line, field=f"{where}.kind", hint=f"one of {', '.join(sorted(kinds))}")
        resolution = finding.get("resolution")
        if resolution is not None and resolution not in resolutions:
            raise InputError(f"{where}.resolution of the baseline is not a resolution: {resolution!r}",
                             file=str(path), line=line, field=f"{where}.resolution",
                             hint=f"one of {', '.join(sorted(resolutions))}")
        provisions = finding.get("provisions", [])
        if not isinstance(provisions, list) or not all(isinstance(p, dict) for p in provisions):
            raise InputError(f"{where}.provisions of the baseline is not a list of provisions", file=str(path),
                             line=line, field=f"{where}.provisions", hint=hint)
        for m, provision in enumerate(provisions):
            locator = provision.get("locator")
            if locator is not None and not isinstance(locator, str):
                # a locator read as its text would match nothing: the finding would count as gone
                raise InputError(f"{where}.provisions[{m}].locator of the baseline (finding {ident}) is not a "
                                 f"locator string: {locator!r}", file=str(path), line=line,
                                 field=f"{where}.provisions[{m}].locator", hint=hint)
        locators = tuple(p["locator"] for p in provisions if p.get("locator"))
        found.append((ident, kind, locators, resolution))
    return found, data


def _line(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def _nth_line(text: str, needle: str, n: int) -> int | None:
    """The line of the ``n``-th occurrence of ``needle`` (the n-th finding's key, as a guess)."""
    at = -1
    for _ in range(n + 1):
        at = text.find(needle, at + 1)
        if at < 0:
            return None
    return text.count("\n", 0, at) + 1
