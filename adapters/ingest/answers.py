"""Reading an answer file (``check``'s input, "The answer contract" in corpus-format.md).

Every problem is an InputError naming the file, the line and the field (``claims[1].citations[0]``):
malformed JSON, a claim without text, a citation with neither locator nor quote, a context
date that is not a date. Nothing in the answer's text is interpreted beyond its fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from inforce.ontology import Answer, InputError, InputErrors

__all__ = ["parse_answer", "read_answer"]


def read_answer(path: str | Path, *, display: str | None = None) -> Answer:
    """The answer in ``path`` (``-`` is standard input), or InputErrors naming each problem."""
    file = display or str(path)
    try:
        text = Path(path).read_text("utf-8") if str(path) != "-" else _stdin()
    except FileNotFoundError:
        raise InputErrors(f"{file}: no such answer file", [InputError("no such file", file=file)]) from None
    except (OSError, UnicodeDecodeError) as problem:
        raise InputErrors(f"{file}: cannot read", [InputError(f"cannot read: {problem}", file=file)]) from None
    return parse_answer(text, file=file)


def _stdin() -> str:
    import sys

    return sys.stdin.read()


def parse_answer(text: str, *, file: str = "<answer>") -> Answer:
    """Parse and check an answer's JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as bad:
        raise InputErrors(f"{file}: not JSON", [
            InputError(f"not JSON: {bad.msg}", file=file, line=bad.lineno, col=bad.colno),
        ]) from None
    if not isinstance(data, dict):
        raise InputErrors(f"{file}: not an answer", [
            InputError("an answer is a JSON object with `claims` (and `question`, `context`)", file=file, line=1),
        ])
    try:
        return Answer.model_validate(data)
    except ValidationError as invalid:
        nodes = _compose(text)
        problems = [
            InputError(_message(problem), file=file, line=_line(nodes, problem["loc"]), field=_field(problem["loc"]),
                       hint=_hint(problem["loc"]))
            for problem in invalid.errors()
        ]
        raise InputErrors(f"{file}: the answer does not read", problems) from None


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
    from ruamel.yaml import YAML

    try:
        return YAML(typ="safe", pure=True).compose(text)  # type: ignore[no-any-return]
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
