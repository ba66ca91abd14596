"""Reading an earlier sweep's JSON as a baseline: only what identifies its findings."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from inforce.ontology import VOCABULARY, Finding, FindingProvision, InputError, SweepReport
from inforce.ontology.files import read_bounded_text
from inforce.ontology.jsontext import (
    DuplicateKey,
    NestingTooDeep,
    NotJsonNumber,
    NumberTooLong,
    loads,
    no_constant,
)
from inforce.ontology.verdict import FINDING_ID_DIGITS, is_finding_id

__all__ = ["read_baseline", "read_baseline_run"]

#: What a sweep report says it was a sweep of: the engine compares them with the new run.
_RUN_KEYS = ("project", "as_of", "known_at")

#: The fields ``_read`` checks by its own words (what identifies a finding); every other field
#: a baseline finding or provision holds is checked against the type the model gives it, and a
#: field the model does not have is refused (a sweep never writes one: ``reviewed_by`` added by
#: hand would pass for part of the report compared, audit 71 B F6).
_IDENTIFYING = {Finding: frozenset({"id", "kind", "resolution", "provisions"}),
                FindingProvision: frozenset({"locator"})}


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
        text = read_bounded_text(path, what="the baseline", encoding="utf-8-sig", field="--baseline",
                                  regular=True)
    except OSError as problem:
        raise InputError(f"cannot read the baseline: {problem.strerror or problem}", file=str(path),
                         field="--baseline") from None
    except UnicodeDecodeError:
        raise InputError("the baseline is not UTF-8 text", file=str(path), field="--baseline", hint=hint) from None
    try:
        data = loads(text, parse_constant=no_constant)
    except NotJsonNumber as constant:
        raise InputError(f"the baseline is not a sweep report: it holds {constant}", file=str(path),
                         line=constant.line, field="--baseline", hint=hint) from None
    except json.JSONDecodeError as problem:
        raise InputError(f"the baseline is not JSON: {problem.msg}", file=str(path), line=problem.lineno,
                         field="--baseline", hint=hint) from None
    except NumberTooLong as long:
        raise InputError(f"the baseline holds {long}", file=str(path), field="--baseline", hint=hint) from None
    except NestingTooDeep:
        raise InputError("the baseline nests too deeply to be a sweep report", file=str(path),
                         field="--baseline", hint=hint) from None
    except DuplicateKey as twice:
        raise InputError(f"the baseline is not one sweep report: {twice}", file=str(path), line=twice.line,
                         field=twice.key, hint=hint) from None
    findings = data.get("findings") if isinstance(data, dict) else None
    for key in data if isinstance(data, dict) else ():
        if key not in SweepReport.model_fields:
            raise InputError(f"the baseline holds {_shown(key)}, a key no sweep report has", file=str(path),
                             line=_line(text, json.dumps(key)), field=key, hint=hint)
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
        # where the finding is written, looked for only when a problem is said: a search of the text
        # per finding made a baseline of N findings take time growing with N squared (audit 68 B F03)
        def line(ident: object = ident) -> int | None:
            return _line(text, f'"{ident}"') if isinstance(ident, str) and ident else None
        if not is_finding_id(ident):
            # an id a sweep never writes (' e44ffba149f098db') matches no finding: read, it would
            # count one finding new and its own gone
            raise InputError(f"{where}.id of the baseline is not a finding id ({FINDING_ID_DIGITS} lowercase hex "
                             f"digits): {_shown(ident)}", file=str(path), line=_nth_line(text, '"id"', n),
                             field=f"{where}.id", hint=hint)
        if ident in seen:
            raise InputError(f"finding id {ident} appears twice in the baseline", file=str(path), line=line(),
                             field=f"{where}.id", hint="a sweep report names each finding once")
        seen.add(ident)
        if not isinstance(kind, str) or kind not in kinds:
            raise InputError(f"{where}.kind of the baseline is not a finding kind: {_shown(kind)}", file=str(path),
                             line=line(), field=f"{where}.kind", hint=f"one of {', '.join(sorted(kinds))}")
        resolution = finding.get("resolution")
        if resolution is not None and (not isinstance(resolution, str) or resolution not in resolutions):
            raise InputError(f"{where}.resolution of the baseline is not a resolution: {_shown(resolution)}",
                             file=str(path), line=line(), field=f"{where}.resolution",
                             hint=f"one of {', '.join(sorted(resolutions))}")
        provisions = finding.get("provisions", [])
        if not isinstance(provisions, list) or not all(isinstance(p, dict) for p in provisions):
            raise InputError(f"{where}.provisions of the baseline is not a list of provisions", file=str(path),
                             line=line(), field=f"{where}.provisions", hint=hint)
        for m, provision in enumerate(provisions):
            locator = provision.get("locator")
            if locator is not None and not isinstance(locator, str):
                # a locator read as its text would match nothing: the finding would count as gone
                raise InputError(f"{where}.provisions[{m}].locator of the baseline (finding {ident}) is not a "
                                 f"locator string: {_shown(locator)}", file=str(path), line=line(),
                                 field=f"{where}.provisions[{m}].locator", hint=hint)
            _check_fields(provision, FindingProvision, f"{where}.provisions[{m}]", ident, path, line, hint)
        _check_fields(finding, Finding, where, ident, path, line, hint)
        locators = tuple(p["locator"] for p in provisions if p.get("locator"))
        found.append((ident, kind, locators, resolution))
    return found, data


def _check_fields(entry: dict[str, Any], model: type[BaseModel], where: str, ident: str, path: Path,
                  line: Callable[[], int | None], hint: str) -> None:
    """InputError naming the first field of ``entry`` (a baseline finding or one of its
    provisions) whose value is not of the type ``model`` gives that field, or that the model
    does not have. A field it has may be missing (an older or trimmed report), but one that is
    there is what a sweep writes there, or the baseline is not a sweep report: a rule of ``[1]``
    or a scope of ``{}`` was taken without a word, and so was a ``reviewed_by`` added by hand."""
    for name, value in entry.items():
        if name not in model.model_fields:
            raise InputError(f"{where} of the baseline (finding {ident}) holds {_shown(name)}, a field no sweep "
                             "writes there", file=str(path), line=line(), field=f"{where}.{name}", hint=hint)
        if name in _IDENTIFYING[model]:
            continue
        try:
            _field_type(model, name).validate_python(value)
        except ValidationError as problem:
            first = problem.errors(include_url=False)[0]
            inside = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
            said = f"{name}{inside}: {first['msg']}" if inside else first["msg"]
            raise InputError(f"{where}.{name} of the baseline (finding {ident}) is {_shown(value)}: {said}",
                             file=str(path), line=line(), field=f"{where}.{name}", hint=hint) from None


@functools.cache
def _field_type(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    """The validator of one field of ``model``, as the model declares it (built once)."""
    return TypeAdapter(model.model_fields[name].rebuild_annotation())


def _shown(value: object) -> str:
    """A baseline value as an error shows it: a scalar as written, a list or object by its kind
    (its text may be any length)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else json.dumps(value)[:80]


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
