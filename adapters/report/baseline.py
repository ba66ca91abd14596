"""Reading an earlier sweep's JSON as a baseline: only what identifies its findings."""

from __future__ import annotations

import json
from pathlib import Path

from inforce.ontology import VOCABULARY, InputError

__all__ = ["read_baseline"]


def read_baseline(path: Path) -> list[tuple[str, str, tuple[str, ...]]]:
    """(id, kind, locators) of each finding of the sweep report at ``path`` (``inforce sweep
    --format json``); InputError naming the file, line and field when it is not one."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as problem:
        raise InputError(f"cannot read the baseline: {problem.strerror or problem}", file=str(path),
                         field="--baseline") from None
    except UnicodeDecodeError:
        raise InputError("the baseline is not UTF-8 text", file=str(path), field="--baseline",
                         hint="pass the JSON an earlier `inforce sweep --format json` wrote") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as problem:
        raise InputError(f"the baseline is not JSON: {problem.msg}", file=str(path), line=problem.lineno,
                         field="--baseline", hint="pass the JSON an earlier `inforce sweep --format json` wrote") from None
    findings = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(findings, list):
        raise InputError("the baseline has no findings list", file=str(path), line=_line(text, '"findings"'),
                         field="findings", hint="pass the JSON an earlier `inforce sweep --format json` wrote "
                         "(not --format sarif or md)")
    kinds = set(VOCABULARY["FindingKind"])
    found = []
    for n, finding in enumerate(findings):
        ident = finding.get("id") if isinstance(finding, dict) else None
        kind = finding.get("kind") if isinstance(finding, dict) else None
        if not isinstance(ident, str) or not ident or kind not in kinds:
            where = f"findings[{n}]." + ("id" if not isinstance(ident, str) or not ident else "kind")
            raise InputError(f"finding {n} of the baseline has no valid {where.rpartition('.')[2]}", file=str(path),
                             line=_line(text, f'"{ident}"') if isinstance(ident, str) and ident else None,
                             field=where, hint=f"a finding kind is one of {', '.join(sorted(kinds))}")
        provisions = finding.get("provisions") or []
        locators = tuple(str(p.get("locator")) for p in provisions if isinstance(p, dict) and p.get("locator"))
        found.append((ident, kind, locators))
    return found


def _line(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else None
