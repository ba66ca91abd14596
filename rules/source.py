"""Reading a pack file with the line and column of every key, and errors that point at them.

Every problem is reported as ``file:line:col: CODE message (hint: ...)`` followed by the
offending source line and a caret under the offending text, like a compiler or ruff.
"""

from __future__ import annotations

import difflib
import functools
import types
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from inforce.ontology import InputError
from inforce.ontology.yamltext import MarkedList, MarkedMap, YamlSyntaxError, load_marked

__all__ = ["Loc", "RuleError", "SourceFile", "close_matches", "plain", "read_yaml", "validation_problems"]

#: A path into the YAML tree, as pydantic reports it: ``("rules", 0, "levels", 1, "kinds", 0)``.
Loc = tuple[str | int, ...]


class RuleError(InputError):
    """One problem in a rule pack (or its test file), with the source line and a caret under it."""

    def __init__(self, message: str, *, source_line: str | None = None, width: int = 1, **where: Any) -> None:
        super().__init__(message, **where)
        self.source_line = source_line
        self.width = max(1, width)

    def __str__(self) -> str:
        text = super().__str__()
        if self.source_line is None or self.line is None:
            return text
        gutter = f"{self.line:>4} | "
        caret = " " * (len(gutter) - 2) + "| " + " " * ((self.col or 1) - 1) + "^" * self.width
        return f"{text}\n{gutter}{self.source_line}\n{caret}"


@dataclass(frozen=True)
class SourceFile:
    """A YAML file as read: its name for messages, its text and its tree (``MarkedMap`` and
    ``MarkedList``, which know each key's and item's line and column)."""

    name: str
    text: str
    tree: Any

    def locate(self, loc: Loc, *, at_key: bool = False) -> tuple[int | None, int | None, int]:
        """1-based line and column (and a caret width) of the deepest part of ``loc`` in the file.

        Parts that are not in the tree (a discriminator tag, a key that is missing) are
        skipped, so a missing key points at the mapping that lacks it.
        """
        node = self.tree
        line, col, width = (1, 1, 1) if node is not None else (None, None, 1)
        for index, part in enumerate(loc):
            last = index == len(loc) - 1
            if isinstance(node, MarkedMap) and part in node:
                value = node[part]
                if at_key and last or not _is_scalar(value):
                    (line, col), width = node.key_at(part), len(str(part))
                else:
                    (line, col), width = node.value_at(part), len(str(value))
                node = value
            elif isinstance(node, MarkedList) and isinstance(part, int) and 0 <= part < len(node):
                item = node[part]
                line, col = node.item_at(part)
                width = len(str(item)) if _is_scalar(item) else 1
                node = item
        return line, col, width

    @functools.cached_property
    def lines(self) -> list[str]:
        """The file's lines, split once: splitting the text for each problem made a pack of
        thousands of problems quadratic (audit 91 B F2: 5,000 invalid rules took 58 s)."""
        return self.text.splitlines()

    def line_text(self, line: int | None) -> str | None:
        if line is None:
            return None
        lines = self.lines
        return lines[line - 1] if 0 < line <= len(lines) else None

    def error(
        self, loc: Loc, code: str, message: str, *, hint: str | None = None, at_key: bool = False
    ) -> RuleError:
        """A problem at ``loc``, with the line, column and caret filled in."""
        line, col, width = self.locate(loc, at_key=at_key)
        source_line = self.line_text(line)
        if source_line is not None and col is not None:
            width = min(width, max(1, len(source_line) - col + 1))
        field = ".".join(str(p) for p in _without_tags(loc)) or None
        return RuleError(
            message, file=self.name, line=line, col=col, field=field, hint=hint, code=code,
            source_line=source_line, width=width,
        )


def _without_tags(loc: Loc) -> Loc:
    """``rules.0.precedence.levels`` → ``rules.0.levels``: pydantic's union tag is not a key."""
    from .pack import RULE_KINDS

    return tuple(
        part for i, part in enumerate(loc)
        if not (i >= 2 and loc[i - 2] == "rules" and isinstance(loc[i - 1], int) and part in RULE_KINDS)
    )


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, MarkedMap | MarkedList)


def read_yaml(name: str, text: str) -> SourceFile:
    """Parse YAML keeping positions (``ontology.yamltext``: the one YAML reader and its limits);
    a syntax error, a duplicate key, a tag the value does not fit or YAML past the limits (an
    alias bomb) is an RP001 RuleError at its line, with a caret under it."""
    try:
        tree = load_marked(text, file=name)
    except InputError as problem:
        lines = text.splitlines()
        line = problem.line
        source_line = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
        hint = "check the indentation and quoting on this line" if isinstance(problem, YamlSyntaxError) else problem.hint
        raise RuleError(
            problem.message, file=name, line=line, col=problem.col, field=problem.field, code="RP001", hint=hint,
            source_line=source_line if problem.col is not None else None,
        ) from None
    return SourceFile(name=name, text=text, tree=tree)


def plain(node: Any) -> Any:
    """The tree as plain Python values (dict, list, str, bool, int, float, date)."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node  # the reader builds scalars as plain values already


def close_matches(word: str, choices: typing.Iterable[str]) -> str | None:
    """A ``did you mean`` hint, or a list of the choices when nothing is close."""
    options = sorted(set(choices))
    near = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if near:
        return f"did you mean {near[0]!r}?"
    return f"expected one of: {', '.join(options)}" if options else None


def validation_problems(
    source: SourceFile, problem: ValidationError, root: type[BaseModel], prefix: Loc = ()
) -> list[RuleError]:
    """Each pydantic complaint as a RuleError at the key or value it concerns.

    ``prefix`` is where the validated part sits in the file (``("rules", 3)`` for one rule).
    """
    from .pack import RULE_KINDS
    from .subjects import PHRASE_PATTERN

    found: list[RuleError] = []
    for item in problem.errors():
        # without pydantic's union tag: a subject rule's, "subject", is a key of the rule too, and every
        # problem of one was told at its `subject:` line (audit 82 B F3)
        tagged: Loc = prefix + tuple(item["loc"])
        loc = _without_tags(tagged)
        kind = item["type"]
        if kind == "extra_forbidden":
            allowed = _allowed_keys(root, tagged[:-1])  # the tag says which kind of rule's keys
            found.append(source.error(
                loc, "RP002", f"unknown key {loc[-1]!r}",
                hint=close_matches(str(loc[-1]), allowed), at_key=True,
            ))
        elif kind == "missing":
            found.append(source.error(loc, "RP003", f"missing required key {loc[-1]!r}"))
        elif kind == "union_tag_invalid":
            tag = item.get("ctx", {}).get("tag", "?")
            found.append(source.error(
                loc + ("kind",), "RP005", f"unknown rule kind {tag!r}", hint=close_matches(tag, RULE_KINDS),
            ))
        elif kind == "union_tag_not_found":
            found.append(source.error(
                loc, "RP003", "a rule needs `kind:`", hint=f"one of: {', '.join(RULE_KINDS)}",
            ))
        elif loc and loc[0] == "schema_version":
            found.append(source.error(
                loc, "RP012", f"unsupported schema_version {item.get('input')!r}",
                hint="this inforce reads rule packs with schema_version: 1",
            ))
        elif kind == "string_pattern_mismatch" and item.get("ctx", {}).get("pattern") == PHRASE_PATTERN:
            found.append(source.error(_value_loc(loc), "RP003", "a phrase names something in text: it is not blank, "
                                      "and holds no control character"))
        else:
            message = item["msg"].removeprefix("Value error, ")
            found.append(source.error(_value_loc(loc), "RP003", message))
    return found


def _value_loc(loc: Loc) -> Loc:
    """Drop pydantic's union-branch names (``str``, ``list[...]``) that are not keys of the file."""
    return tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p in {"str", "int", "float", "bool", "date"})))


def _allowed_keys(root: type[BaseModel], loc: Loc) -> list[str]:
    """The keys the model at ``loc`` accepts, for a did-you-mean hint."""
    annotation: Any = root
    for part in loc:
        annotation = _step(annotation, part)
        if annotation is None:
            return []
    model = _unwrap_model(annotation)
    if model is None:
        return []
    return [field.alias or name for name, field in model.model_fields.items()]


def _step(annotation: Any, part: str | int) -> Any:
    annotation = _strip(annotation)
    model = _unwrap_model(annotation)
    if model is not None and isinstance(part, str) and part in model.model_fields:
        return model.model_fields[part].annotation
    for alias_model in [model] if model is not None else []:
        for field in alias_model.model_fields.values():
            if field.alias == part:
                return field.annotation
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (tuple, list) and isinstance(part, int):
        return args[0]
    if origin is dict and isinstance(part, str):
        return args[1]
    if origin in (typing.Union, types.UnionType) and isinstance(part, str):
        for member in args:
            member_model = _unwrap_model(member)
            if member_model is not None and "kind" in member_model.model_fields:
                if typing.get_args(member_model.model_fields["kind"].annotation) == (part,):
                    return member_model
    return None


def _strip(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(members) == 1:
            return _strip(members[0])
    return annotation


def _unwrap_model(annotation: Any) -> type[BaseModel] | None:
    annotation = _strip(annotation)
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
