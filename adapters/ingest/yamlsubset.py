"""The everyday subset of front-matter YAML, composed without the general parser.

Nearly every document's metadata is one flat mapping of one-line values: plain scalars,
quoted strings without escapes, and one-line flow lists and mappings (``access: [a, b]``,
``effective: {from: 2026-03-02}``, ``applies_to: {market: [UK], product: [new]}``).
ruamel's pure-Python parser spends ~3.5 ms on a ten-line block, most of a small document's
parse; this module builds the same node tree — the same node classes, tags (from ruamel's own
YAML 1.2 resolver), values, styles, marks and comments — in ~0.15 ms, so ``NodeReader``
reads it, and reports its problems at the same line and column, exactly as it reads ruamel's.

It is a fast path, not a second YAML implementation: :func:`compose_subset` returns None for
anything it is not certain about (a nested block, a multi-line value, an escape, a tab, an
anchor or tag, an odd character, a colon in a flow item…), and the caller composes with
ruamel, which also reports every syntax error. ``tests/ingest/test_ingest_fast_yaml.py`` checks the
two agree node for node.
"""

from __future__ import annotations

import re

from ruamel.yaml.error import StringMark
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tag import Tag
from ruamel.yaml.tokens import CommentToken

__all__ = ["compose_subset"]

_resolver = VersionedResolver()
#: ruamel's implicit resolvers for a YAML 1.2 document without directives: first character
#: of a plain scalar -> (tag, pattern) pairs, tried in order (``VersionedResolver.resolve``).
#: ruamel keeps each pattern behind a lazy wrapper; these are the compiled patterns themselves.
_IMPLICIT: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {
    first: [(name, re.compile(pattern.pattern, pattern.flags)) for name, pattern in resolvers]
    for first, resolvers in _resolver.versioned_resolver.items()
}
#: One Tag object per tag, shared by every node (ruamel makes one per node; a Tag caches
#: its text, so sharing also saves re-deriving it on every ``node.tag``).
_TAGS: dict[str, Tag] = {}


def _tag(name: str) -> Tag:
    tag = _TAGS.get(name)
    if tag is None:
        tag = _TAGS[name] = Tag(suffix=name)
    return tag


_STR = _tag("tag:yaml.org,2002:str")
_SEQ = _tag("tag:yaml.org,2002:seq")
_MAP = _tag("tag:yaml.org,2002:map")
#: ruamel's name for a stream read from a str.
_STREAM_NAME = "<unicode string>"
#: A top-level ``key:`` at column 0, then a space (or the end of the line).
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_.\-]*):(?: +|$)")
#: A flow-mapping key and its ``: `` separator.
_FLOW_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_.\-]*): +")
#: Characters that make the line something other than the simple subset: tabs and breaks
#: ruamel counts lines by (\r, \x85, \u2028, \u2029), a BOM, and what ruamel's reader rejects.
_OUTSIDE = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
#: A plain scalar may not start with an indicator (or with a space).
_PLAIN_START_BAD = frozenset("-?:,[]{}#&*!|>'\"%@` ")
#: Inside a flow collection, a plain item holds none of these (it would end or nest it, or
#: be read differently by the full parser).
_FLOW_ITEM_BAD = re.compile(r"[,\[\]{}:#?'\"]")
_COMMENT = re.compile(r"[ ]+#")


def _plain_tag(value: str) -> Tag:
    """The tag ruamel's resolver gives a plain scalar (its ``resolve`` without the overheads)."""
    for name, pattern in _IMPLICIT.get(value[0] if value else "", ()):
        if pattern.match(value):
            return _tag(name)
    return _STR


class _Mark(StringMark):
    """A ruamel ``StringMark`` built in one call (a front matter makes dozens)."""

    __slots__ = ()

    def __init__(self, index: int, line: int, column: int, buffer: str) -> None:
        self.name = _STREAM_NAME
        self.index = index
        self.line = line
        self.column = column
        self.buffer = buffer
        self.pointer = index


class _Unsupported(Exception):
    """The text is outside the subset; the caller falls back to the full parser."""


class _Composer:
    def __init__(self, text: str) -> None:
        self.text = text
        self.ends_line = False  # whether the last value read was a plain scalar ending its line
        self.line = 0
        self.line_start = 0  # index of the current line's first character in ``text``

    def mark(self, column: int) -> StringMark:
        return _Mark(self.line_start + column, self.line, column, self.text)

    def scalar(self, value: str, start: int, end: int, style: str | None) -> ScalarNode:
        tag = _STR if style is not None else _plain_tag(value)
        return ScalarNode(tag, value, self.mark(start), self.mark(end), style=style)

    # -- one top-level line ------------------------------------------------------------

    def value(self, line: str, start: int) -> Node:
        """The value that starts at ``start`` and must end the line (a comment may follow)."""
        first = line[start]
        if first == '"' or first == "'":
            node, end = self.quoted(line, start)
        elif first == "[":
            node, end = self.flow_sequence(line, start)
        elif first == "{":
            node, end = self.flow_mapping(line, start)
        else:
            return self.block_plain(line, start)
        self.ends_line = False
        self.line_end(line, end)
        return node

    def line_end(self, line: str, end: int) -> None:
        """After a value only spaces, or spaces and a comment, may follow."""
        rest = line[end:]
        if rest and not rest.isspace() and _COMMENT.match(rest) is None:
            raise _Unsupported

    def block_plain(self, line: str, start: int) -> ScalarNode:
        if line[start] in _PLAIN_START_BAD:
            raise _Unsupported
        comment = _COMMENT.search(line, start)
        stop = comment.start() if comment is not None else len(line)
        value = line[start:stop].rstrip(" ")
        # ': ' or a final ':' would open a nested mapping; leave that to the full parser.
        if ": " in value or value.endswith(":"):
            raise _Unsupported
        self.ends_line = comment is None
        return self.scalar(value, start, start + len(value), None)

    def quoted(self, line: str, start: int) -> tuple[ScalarNode, int]:
        quote = line[start]
        close = line.find(quote, start + 1)
        if close < 0:
            raise _Unsupported  # runs on to the next line
        value = line[start + 1 : close]
        if quote == '"' and "\\" in value:
            raise _Unsupported  # escapes
        if quote == "'" and line.startswith("'", close + 1):
            raise _Unsupported  # '' is an escaped quote
        return self.scalar(value, start, close + 1, quote), close + 1

    # -- flow collections on one line --------------------------------------------------

    def flow_item(self, line: str, start: int, stops: str) -> tuple[ScalarNode, int]:
        """A scalar inside a flow collection, ending before one of ``stops``."""
        first = line[start]
        if first == '"' or first == "'":
            return self.quoted(line, start)
        if first in _PLAIN_START_BAD:
            raise _Unsupported
        end = start
        length = len(line)
        while end < length and line[end] not in stops:
            end += 1
        value = line[start:end].rstrip(" ")
        if not value or _FLOW_ITEM_BAD.search(value) is not None:
            raise _Unsupported
        return self.scalar(value, start, start + len(value), None), start + len(value)

    def skip_spaces(self, line: str, position: int) -> int:
        while position < len(line) and line[position] == " ":
            position += 1
        if position >= len(line):
            raise _Unsupported  # the collection goes on to the next line
        return position

    def flow_sequence(self, line: str, start: int) -> tuple[SequenceNode, int]:
        items: list[Node] = []
        position = self.skip_spaces(line, start + 1)
        if line[position] != "]":
            while True:
                item, position = self.flow_item(line, position, ",]")
                items.append(item)
                position = self.skip_spaces(line, position)
                if line[position] == "]":
                    break
                if line[position] != ",":
                    raise _Unsupported
                position = self.skip_spaces(line, position + 1)
                if line[position] in ",]":
                    raise _Unsupported  # an empty item or a trailing comma
        end = position + 1
        node = SequenceNode(_SEQ, items, self.mark(start), self.mark(end), flow_style=True)
        return node, end

    def flow_mapping(self, line: str, start: int) -> tuple[MappingNode, int]:
        entries: list[tuple[Node, Node]] = []
        position = self.skip_spaces(line, start + 1)
        if line[position] != "}":
            while True:
                key = _FLOW_KEY.match(line, position)
                if key is None:
                    raise _Unsupported
                name = key.group(1)
                key_node = self.scalar(name, position, position + len(name), None)
                position = key.end()
                if position >= len(line):
                    raise _Unsupported
                if line[position] == "[":
                    value, position = self.flow_sequence(line, position)
                elif line[position] == "{":
                    raise _Unsupported  # a mapping in a mapping: rare, leave it to ruamel
                else:
                    value, position = self.flow_item(line, position, ",}")
                entries.append((key_node, value))
                position = self.skip_spaces(line, position)
                if line[position] == "}":
                    break
                if line[position] != ",":
                    raise _Unsupported
                position = self.skip_spaces(line, position + 1)
                if line[position] in ",}":
                    raise _Unsupported
        end = position + 1
        node = MappingNode(_MAP, entries, self.mark(start), self.mark(end), flow_style=True)
        return node, end

    # -- the document ----------------------------------------------------------------

    def compose(self) -> MappingNode:
        text = self.text
        entries: list[tuple[Node, Node]] = []
        root_mark: StringMark | None = None
        self.line_start = 0
        lines = text.split("\n")
        for number, line in enumerate(lines):
            self.line = number
            if line and line[0] != " " and line[0] != "#":
                key = _KEY.match(line)
                if key is None or key.end() == len(line):
                    raise _Unsupported  # not `key: value` (an empty value may open a block)
                name = key.group(1)
                key_node = self.scalar(name, 0, len(name), None)
                if root_mark is None:
                    root_mark = key_node.start_mark
                value = self.value(line, key.end())
                if self.ends_line:
                    _keep_blank_lines(value, lines, number)
                entries.append((key_node, value))
            elif line.strip(" ") and not line.lstrip(" ").startswith("#"):
                raise _Unsupported  # indented content: a nested block or a continued value
            self.line_start += len(line) + 1
        if root_mark is None:
            raise _Unsupported  # empty, or comments only: ruamel decides what that is
        last_break = text.rfind("\n")
        end = _Mark(len(text), text.count("\n"), len(text) - last_break - 1, text)
        return MappingNode(_MAP, entries, root_mark, end, flow_style=False)


def _keep_blank_lines(node: Node, lines: list[str], number: int) -> None:
    """Attach the line breaks after a plain scalar, as ruamel does when blank lines follow.

    ruamel's scanner keeps the breaks that end a plain scalar, when there is more than one,
    as a comment on its node (``scan_plain``): the count runs to the next line with anything
    but spaces on it, or to the end of the text.
    """
    following = number + 1
    while following < len(lines) and not lines[following].strip(" "):
        following += 1
    breaks = following - number if following < len(lines) else len(lines) - 1 - number
    if breaks > 1:
        node.comment = [CommentToken("\n" * breaks, node.start_mark, node.end_mark), None]


def compose_subset(text: str) -> MappingNode | None:
    """The node tree ruamel would compose from ``text``, or None when ``text`` is outside the subset."""
    # A resolver keyed by None would apply to every scalar; ruamel's 1.2 table has none.
    if _OUTSIDE.search(text) is not None or None in _IMPLICIT:
        return None
    try:
        return _Composer(text).compose()
    except (_Unsupported, IndexError):
        return None
