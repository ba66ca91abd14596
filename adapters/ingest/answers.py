"""Reading an answer file (``check``'s input, "The answer contract" in corpus-format.md).

Every problem is an InputError naming the file, the line and the field (``claims[1].citations[0]``):
malformed JSON, a claim without text, a citation with neither locator nor quote, a context
date that is not a date. Nothing in the answer's text is interpreted beyond its fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from inforce.ontology import Answer, InputError, InputErrors, LocatorError, is_iso_date
from inforce.ontology.files import read_bounded_text
from inforce.ontology.jsontext import DuplicateKey, NestingTooDeep, NumberTooLong, loads
from inforce.ontology.scalars import group_name, sent_locator
from inforce.ontology.text import whole_number
from inforce.ontology.verdict import ANSWER_MAX_CLAIMS
from inforce.ontology.yamltext import MappingNode, Node, SequenceNode

__all__ = ["field_line", "load_answer", "parse_answer", "read_answer"]


def read_answer(path: str | Path, *, display: str | None = None) -> Answer:
    """The answer in ``path`` (``-`` is standard input), or InputErrors naming each problem."""
    return load_answer(path, display=display)[0]


def load_answer(path: str | Path, *, display: str | None = None) -> tuple[Answer, str]:
    """The answer in ``path`` and its text (to name the line of a field a later check refuses)."""
    file = display or str(path)
    try:
        source = Path(path) if str(path) != "-" else _stdin()
        text = read_bounded_text(source, what="the answer", file=file, regular=isinstance(source, Path))
    except FileNotFoundError:
        raise InputErrors(f"{file}: no such answer file", [InputError("no such file", file=file)]) from None
    except (OSError, UnicodeDecodeError) as problem:
        raise InputErrors(f"{file}: cannot read", [InputError(f"cannot read: {problem}", file=file)]) from None
    except InputError as problem:
        raise InputErrors(f"{file}: not read", [problem]) from None
    return parse_answer(text, file=file), text


def _stdin() -> BinaryIO:
    """Standard input, or InputError when the process has none (started with it closed,
    ``<&-``: Python then holds None for it)."""
    import sys

    if sys.stdin is None:
        raise InputError("standard input is closed: there is no answer to read from it", file="-",
                         hint="pipe the answer in (`... | inforce check P --answer -`) or name its file")
    return sys.stdin.buffer


def parse_answer(text: str, *, file: str = "<answer>") -> Answer:
    """Parse and check an answer's JSON text."""
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        data = loads(text)
    except json.JSONDecodeError as bad:
        raise InputErrors(f"{file}: not JSON", [
            InputError(f"not JSON: {bad.msg}", file=file, line=bad.lineno, col=bad.colno),
        ]) from None
    except NumberTooLong as long:
        raise InputErrors(f"{file}: not an answer", [InputError(str(long), file=file)]) from None
    except DuplicateKey as twice:
        loc, line = _second_key(_compose(text), twice.key)
        raise InputErrors(f"{file}: not an answer", [
            InputError(f"the key {twice.key!r} appears twice in one object", file=file, line=line,
                       field=_field(loc)),
        ]) from None
    except NestingTooDeep:
        raise InputErrors(f"{file}: not an answer", [
            InputError("nested too deeply to be an answer", file=file, line=1),
        ]) from None
    if not isinstance(data, dict):
        raise InputErrors(f"{file}: not an answer", [
            InputError("an answer is a JSON object with `claims` (and `question`, `context`)", file=file, line=1),
        ])
    strict = _strict_problems(data)
    padded = _padded_locators(data)
    strict += padded.items()
    if strict:
        nodes = _compose(text)
        raise InputErrors(f"{file}: the answer does not read", [
            InputError(message, file=file, line=_line(nodes, loc), field=_field(loc), hint=_hint(loc),
                       reason="padded" if loc in padded else None)
            for loc, message in strict
        ])
    try:
        return Answer.model_validate(data)
    except ValidationError as invalid:
        nodes = _compose(text)
        problems = [
            InputError(_message(problem), file=file, line=_line(nodes, problem["loc"]), field=_field(problem["loc"]),
                       hint=_hint(problem["loc"]))
            for problem in invalid.errors()
            if not (problem["loc"] == ("claims",) and problem["type"] == "too_short" and data.get("claims"))
        ]
        raise InputErrors(f"{file}: the answer does not read", problems) from None


def field_line(text: str, field: str) -> int | None:
    """The line of ``field`` (``context.valid_at``, ``claims[0].text``) in an answer's text."""
    loc: list[Any] = []
    for name in field.replace("]", "").replace("[", ".").split("."):
        if name:
            loc.append(name if (number := whole_number(name)) is None else number)
    return _line(_compose(text.removeprefix("\ufeff")), tuple(loc))


def _second_key(node: Node | None, key: str, loc: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], int | None]:
    """Where ``key`` is written a second time in one object of the answer (``node``, as
    ``_compose`` reads it): its place in the answer (``context.valid_at``) and its line, so the
    problem names the answer's own field at its line, never a flag (audit 43). Not found
    (the text does not compose): the key alone, at no line."""
    found = _second_key_in(node, key, loc)
    return found if found is not None else ((key,), None)


def _second_key_in(node: Node | None, key: str, loc: tuple[Any, ...]) -> tuple[tuple[Any, ...], int] | None:
    if isinstance(node, MappingNode):
        named = [k for k, _ in node.value if getattr(k, "value", None) == key]
        if len(named) > 1:
            return (*loc, key), named[1].start_mark.line + 1
        children: list[tuple[Any, Node]] = [(getattr(k, "value", None), v) for k, v in node.value]
    elif isinstance(node, SequenceNode):
        children = list(enumerate(node.value))
    else:
        return None
    for part, child in children:
        found = _second_key_in(child, key, (*loc, part))
        if found is not None:
            return found
    return None


def _strict_problems(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """What JSON's loose reading would let through: dates as numbers, pages as strings or
    booleans, empty group names (pydantic would turn 0 into 1970-01-01); and more claims than
    one answer may have (``ANSWER_MAX_CLAIMS``, before any is checked)."""
    found: list[tuple[tuple[Any, ...], str]] = []
    context = data.get("context")
    if isinstance(context, dict):
        valid_at = context.get("valid_at")
        if valid_at is not None and not (isinstance(valid_at, str) and is_iso_date(valid_at)):
            found.append((("context", "valid_at"), f"not a date written YYYY-MM-DD: {valid_at!r}"))
        known_at = context.get("known_at")
        if known_at is not None and not isinstance(known_at, str):
            found.append((("context", "known_at"), f"not a date-time: {known_at!r}"))
        groups = context.get("groups")
        if isinstance(groups, list):
            for index, group in enumerate(groups):
                if not isinstance(group, str) or not group.strip():
                    found.append((("context", "groups", index), f"a group is a non-empty name, not {group!r}"))
                    continue
                try:  # read as an access list's names are: a look-alike is its plain name
                    groups[index] = group_name(group)
                except ValueError as problem:
                    found.append((("context", "groups", index), str(problem)))
        attributes = context.get("attributes")
        if isinstance(attributes, dict):
            for name, value in attributes.items():
                if isinstance(value, dict | list):
                    found.append((("context", "attributes", name), "a case attribute is a single value "
                                   "(text, true/false, a number or a date), not a list or an object"))
    claims = data.get("claims")
    if isinstance(claims, list) and len(claims) > ANSWER_MAX_CLAIMS:
        found.append((("claims",), f"{len(claims):,} claims; at most {ANSWER_MAX_CLAIMS:,} in one answer "
                      "(split the answer)"))
    if isinstance(claims, list):
        for i, claim in enumerate(claims):
            citations = claim.get("citations") if isinstance(claim, dict) else None
            for j, citation in enumerate(citations if isinstance(citations, list) else []):
                if not isinstance(citation, dict):
                    continue
                page = citation.get("page")
                if page is not None and (isinstance(page, bool) or not isinstance(page, int)):
                    found.append((("claims", i, "citations", j, "page"), f"a page is a whole number, not {page!r}"))
                span = citation.get("span")
                if span is not None and not (isinstance(span, list) and len(span) == 2
                                             and all(isinstance(x, int) and not isinstance(x, bool) for x in span)):
                    found.append((("claims", i, "citations", j, "span"), f"a span is [start, end], whole numbers, not {span!r}"))
    return found


def _padded_locators(data: dict[str, Any]) -> dict[tuple[Any, ...], str]:
    """The citations' locators sent with spaces or line breaks around them, each refused as
    ``sent_locator`` refuses it (read as sent, never stripped: audit 66 B F03), by place. A
    locator that does not parse is left to the model's reading, which names it so."""
    found: dict[tuple[Any, ...], str] = {}
    claims = data.get("claims")
    for i, claim in enumerate(claims if isinstance(claims, list) else []):
        citations = claim.get("citations") if isinstance(claim, dict) else None
        for j, citation in enumerate(citations if isinstance(citations, list) else []):
            locator = citation.get("locator") if isinstance(citation, dict) else None
            if not isinstance(locator, str):
                continue
            try:
                sent_locator(locator)
            except LocatorError as problem:
                if problem.reason == "padded":
                    found["claims", i, "citations", j, "locator"] = problem.message
    return found


def _message(problem: Any) -> str:
    message = str(problem["msg"])
    return message.removeprefix("Value error, ")


def _field(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "answer"


def _hint(loc: tuple[Any, ...]) -> str | None:
    names = [p for p in loc if isinstance(p, str)]
    if names[-1:] == ["valid_at"]:
        return "a date written YYYY-MM-DD"
    if names[-1:] == ["known_at"]:
        return "a date-time with its offset, e.g. 2026-03-10T00:00:00Z"
    if "citations" in names:
        return 'a citation is {"locator": "DOC#path", "quote": "..."}; at least one of the two'
    if names[-1:] == ["claims"]:
        return 'claims is a list of {"text": "...", "citations": [...]}'
    return None


def _compose(text: str) -> Node | None:
    """The answer as YAML nodes (JSON is YAML), only to find lines; None when that fails."""
    from inforce.ontology.yamltext import compose

    try:
        return compose(text, file="answer")
    except Exception:  # noqa: BLE001 - lines are a courtesy; the JSON itself already parsed
        return None


def _line(node: Node | None, loc: tuple[Any, ...]) -> int | None:
    """The line of the deepest node ``loc`` reaches."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, MappingNode) and isinstance(part, str):
            found = next(((k, v) for k, v in node.value if getattr(k, "value", None) == part), None)
            if found is None:
                break
            line, node = found[0].start_mark.line + 1, found[1]
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line
