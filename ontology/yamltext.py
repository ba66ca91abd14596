"""YAML as inforce reads it: one parser, one resolver, one set of limits, for every YAML file of
a project (rule packs and their tests, ``inforce.yaml``, ``reviews.yaml``, front matter and
sidecars, a register kept as YAML, the answers' line finder).

The parser is libyaml, through PyYAML's C parser: a well-kept C parser whose nodes keep their
line and column. Should libyaml be missing where inforce runs (``yaml.__with_libyaml__`` false),
PyYAML's own pure-Python parser composes the same nodes, with the same resolver and the same
checks, only slower; there is no second, hand-written reader to keep in step.

Plain scalars get their tag from the YAML 1.2 core schema (:func:`resolve_plain`), never 1.1's:

1. ``null``, ``Null``, ``NULL``, ``~`` and nothing at all are null;
2. ``true``/``false`` (also ``True``, ``TRUE``, ``False``, ``FALSE``) are booleans, and nothing
   else is: ``yes``, ``no``, ``on``, ``off``, ``y``, ``n`` stay strings;
3. ``[-+]?[0-9]+`` (decimal, so ``017`` is 17), ``0o17`` and ``0x1F`` are integers; no
   sexagesimal ``1:20``, no ``0b``, no ``1_000``: those stay strings;
4. ``1.5``, ``.5``, ``1.``, ``1e3``, ``-.inf``, ``.nan`` (three spellings each) are floats;
5. besides the core schema, one extension the readers take dates from (ruamel's 1.2 resolver,
   used before, read them so): ``2026-03-02`` is a date and ``2026-03-02T10:00:00Z`` (the YAML
   timestamp forms) a datetime; ``2026-3-2`` stays a string;
6. everything else, and every quoted or block scalar, is a string.

Each text is composed into nodes first (every node keeps its line and column), and the nodes
are checked before anything is built from them or walked (:func:`check_nodes`):

- at most :data:`MAX_YAML_CHARS` characters, and at most :data:`MAX_YAML_NODES` values
  (scalars, lists, mappings, aliases), counted from the parser's events before any node is
  built: a flat list ``[1,1,1,...]`` within the character limit would be millions of nodes,
  minutes and gigabytes;
- aliases may add at most :data:`MAX_ALIAS_NODES` nodes to the document's own: a node reached
  through an alias counts again each time (a "billion laughs" of nested aliases composes to a
  few hundred nodes, but whatever walks it as a tree meets ~10^9);
- the scalars, with every alias expanded, hold at most :data:`MAX_YAML_CHARS` characters in
  all: an alias to one long text adds a single node per use, but the whole text each time;
- no alias inside the node it names (``&a [*a]``), which nothing in a project means;
- no merge key (``<<: *defaults``): readers that keep each key's line (front matter, a register)
  would see its keys without one, or not at all, so one file would restrict a document that the
  same YAML elsewhere leaves public; every reader refuses it alike, at its line;
- no mapping repeated by an alias (``- *entry``), for the same reason: its keys would have no
  line of their own where it is repeated (an alias may repeat a scalar or a list of them);
- at most :data:`MAX_YAML_DEPTH` levels of nesting, aliases expanded (libyaml itself stops at a
  thousand written levels; either is an input error, never a crash);
- explicit tags only where they say what the resolver could: ``!!str 5`` is the string "5", but
  a tag the schema above lacks (``!!binary``, ``!!set``, ``!!python/object``, ``!custom``) and a
  tag its scalar does not fit (``access: !!null owners``, ``!!int ten``, ``!!seq {a: 1}``) are
  refused at their line: a document must not go public because a tag made its access null.

A problem is an ``InputError`` naming the file, line and column; readers add their own codes
(a rule pack's ``RP001``, with its caret) on top.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.error import MarkedYAMLError, YAMLError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader, ReaderError
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from .dates import microseconds, offset_problem
from .errors import InputError

__all__ = [
    "BOOL_TAG", "FLOAT_TAG", "INT_TAG", "MAX_ALIAS_NODES", "MAX_INT_DIGITS", "MAX_YAML_CHARS", "MAX_YAML_DEPTH",
    "MAX_YAML_NODES", "NULL_TAG", "STR_TAG", "TIMESTAMP_TAG", "MappingNode", "MarkedList", "MarkedMap", "Node", "ScalarNode", "SequenceNode",
    "WrittenScalar", "YamlSyntaxError", "check_nodes", "check_size", "compose", "load_marked", "resolve_plain",
    "scalar_value",
]

#: The longest YAML text read (16 Mi characters): a register of a hundred thousand revisions
#: is under it; a front matter or a pack is a few KB.
MAX_YAML_CHARS = 16 << 20
#: The longest integer read, in characters (Python refuses to convert past 4,300 digits).
MAX_INT_DIGITS = 100
#: The most values (nodes) a YAML text may hold: a register of some 30,000 revisions, where a
#: pack or a front matter holds a few hundred.
MAX_YAML_NODES = 1_000_000
#: The most nodes aliases may add to a document by being expanded where they are used.
MAX_ALIAS_NODES = 100_000
#: The deepest nesting read, aliases expanded: a pack or a register is under ten levels.
MAX_YAML_DEPTH = 100

_TAG = "tag:yaml.org,2002:"
STR_TAG, NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, TIMESTAMP_TAG = (
    _TAG + name for name in ("str", "null", "bool", "int", "float", "timestamp")
)
_SEQ_TAG, _MAP_TAG = _TAG + "seq", _TAG + "map"

_NULL_RE = re.compile(r"~|null|Null|NULL")
_BOOL_RE = re.compile(r"true|True|TRUE|false|False|FALSE")
_INT_RE = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT_RE = re.compile(
    r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_DATE_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DATETIME_RE = re.compile(
    r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?"
    r"(?:[ \t]*(Z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?"
)
#: What text each non-string scalar tag takes (an explicit tag is held to it too).
_FITS = {
    NULL_TAG: lambda text: not text or _NULL_RE.fullmatch(text) is not None,
    BOOL_TAG: lambda text: _BOOL_RE.fullmatch(text) is not None,
    INT_TAG: lambda text: _INT_RE.fullmatch(text) is not None,
    FLOAT_TAG: lambda text: _FLOAT_RE.fullmatch(text) is not None,
    TIMESTAMP_TAG: lambda text: _DATE_RE.fullmatch(text) is not None or _DATETIME_RE.fullmatch(text) is not None,
}
_SCALAR_TAGS = frozenset((STR_TAG, *_FITS))
_TAG_KIND = {NULL_TAG: "null", BOOL_TAG: "true or false", INT_TAG: "an integer", FLOAT_TAG: "a number",
             TIMESTAMP_TAG: "a date or time"}


def resolve_plain(text: str) -> str:
    """The tag of a plain (unquoted) scalar: the rules 1-6 of the module docstring."""
    if not text:
        return NULL_TAG
    first = text[0]
    if first in "~nN":
        return NULL_TAG if _NULL_RE.fullmatch(text) else STR_TAG
    if first in "tTfF":
        return BOOL_TAG if _BOOL_RE.fullmatch(text) else STR_TAG
    if first in "0123456789+-.":
        if _INT_RE.fullmatch(text):
            return INT_TAG
        if _FLOAT_RE.fullmatch(text):
            return FLOAT_TAG
        if first.isdigit() and (_DATE_RE.fullmatch(text) or _DATETIME_RE.fullmatch(text)):
            return TIMESTAMP_TAG
    return STR_TAG


class _CoreResolver(BaseResolver):
    """PyYAML's resolver hook answered by :func:`resolve_plain` (no 1.1 implicit resolvers)."""

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        if kind is ScalarNode:
            return resolve_plain(value) if implicit[0] else STR_TAG
        return _SEQ_TAG if kind is SequenceNode else _MAP_TAG


class _PureLoader(Reader, Scanner, Parser, Composer, _CoreResolver):
    """PyYAML's pure-Python parser with the core resolver: used only where libyaml is missing."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _CoreResolver.__init__(self)


if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _CLoader(CParser, _CoreResolver):  # type: ignore[misc]
        """libyaml's parser (and its composer, in C) with the core resolver."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            _CoreResolver.__init__(self)

    _Loader: type = _CLoader
else:  # libyaml missing at run time: the same nodes from PyYAML's pure parser, only slower
    _Loader = _PureLoader


def check_size(text: str, *, file: str) -> None:
    """Refuse a text past :data:`MAX_YAML_CHARS` before it is parsed at all."""
    if len(text) > MAX_YAML_CHARS:
        raise InputError(f"the YAML is {len(text):,} characters, more than the {MAX_YAML_CHARS:,} read",
                         file=file, hint="a project's YAML files are small; is this the right file?")


def compose(text: str, *, file: str, line_offset: int = 0) -> Node | None:
    """``text`` composed into a checked node tree (core-schema tags, nothing constructed);
    None for an empty document. ``line_offset`` is added to every line in an error (front
    matter starts below its ``---`` line)."""
    check_size(text, file=file)
    with _as_input_error(text, file, line_offset, pure=_Loader is _PureLoader):
        _count_nodes(text, file, line_offset)
        loader = _Loader(text)  # the pure reader checks every character here
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    check_nodes(node, file=file, line_offset=line_offset)
    return node  # type: ignore[no-any-return]


def _count_nodes(text: str, file: str, line_offset: int) -> None:
    """Refuse a text of more than :data:`MAX_YAML_NODES` values from its parse events, before
    any node is built (an event costs a tenth of a node). A value takes a character at least,
    so a shorter text is not counted."""
    if len(text) <= MAX_YAML_NODES:
        return
    loader = _Loader(text)
    try:
        count = 0
        while (event := loader.get_event()) is not None and not isinstance(event, yaml.StreamEndEvent):
            if isinstance(event, _NODE_EVENTS):
                count += 1
                if count > MAX_YAML_NODES:
                    raise InputError(f"the YAML holds more than {MAX_YAML_NODES:,} values; not read",
                                     file=file, line=event.start_mark.line + 1 + line_offset,
                                     hint="a project's YAML files hold far fewer; is this the right file?")
    finally:
        loader.dispose()


_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)


class MarkedMap(dict[Any, Any]):
    """A YAML mapping as a dict that also knows where it, each key and each value start
    (1-based line and column)."""

    __slots__ = ("_keys", "_values", "col", "line")

    def __init__(self, line: int, col: int) -> None:
        super().__init__()
        self.line, self.col = line, col
        self._keys: dict[Any, tuple[int, int]] = {}
        self._values: dict[Any, tuple[int, int]] = {}

    def key_at(self, key: Any) -> tuple[int, int]:
        """Line and column of ``key`` as written."""
        return self._keys[key]

    def value_at(self, key: Any) -> tuple[int, int]:
        """Line and column where ``key``'s value starts."""
        return self._values[key]


class MarkedList(list[Any]):
    """A YAML sequence as a list that also knows where it and each item start (1-based)."""

    __slots__ = ("_items", "col", "line")

    def __init__(self, line: int, col: int) -> None:
        super().__init__()
        self.line, self.col = line, col
        self._items: list[tuple[int, int]] = []

    def item_at(self, index: int) -> tuple[int, int]:
        """Line and column where item ``index`` starts."""
        return self._items[index]


def load_marked(text: str, *, file: str, as_written: bool = False) -> Any:
    """``text`` as Python values (MarkedMap, MarkedList, str, int, float, bool, None, date,
    datetime), built only once its nodes passed the checks. A key given twice, a key that is
    a list or mapping, and a date that is no date (``2026-13-45``) are errors at their line.

    ``as_written``: a number or a date is kept as the text it was written as, a
    :class:`WrittenScalar` (``2.10`` stays ``"2.10"``, not 2.1), for a reader that hands its
    values on to the node readers (a register's entry read as the front matter it stands for)."""
    root = compose(text, file=file)
    return None if root is None else _Builder(file, as_written=as_written).build(root, None)


class WrittenScalar(str):
    """A plain scalar the resolver read as a number or a date, kept as its text (the ``str``)
    with its tag: ``!!float "2.10"`` writes it back as the very node it was."""

    __slots__ = ("tag",)

    def __new__(cls, text: str, tag: str) -> WrittenScalar:
        made = super().__new__(cls, text)
        made.tag = tag
        return made

    def as_yaml(self) -> str:
        """The scalar as YAML that composes to its node again (its tag, its text quoted)."""
        return _short(self.tag) + ' "' + self.replace("\\", "\\\\").replace('"', '\\"') + '"'


def scalar_value(node: ScalarNode, *, file: str, field: str | None = None, line_offset: int = 0) -> Any:
    """A composed scalar's Python value: the one conversion of a tag and its text that every
    reader uses (``load_marked`` and the node readers alike). A timestamp that names no real
    day (``2026-13-45``) is an error at its line."""
    try:
        return _Builder(file).scalar(node, field)
    except InputError as problem:
        if line_offset and problem.line is not None:
            problem.line += line_offset
        raise


class _Builder:
    """Nodes to values; an alias gives the same object again (the checks bounded them)."""

    def __init__(self, file: str, *, as_written: bool = False) -> None:
        self.file = file
        self.as_written = as_written
        self.built: dict[int, Any] = {}

    def build(self, node: Node, field: str | None) -> Any:
        known = self.built.get(id(node))
        if known is not None:
            return known
        mark = node.start_mark
        if isinstance(node, ScalarNode):
            return self.scalar(node, field)
        if isinstance(node, SequenceNode):
            items = self.built[id(node)] = MarkedList(mark.line + 1, mark.column + 1)
            for item in node.value:
                items.append(self.build(item, field))
                items._items.append((item.start_mark.line + 1, item.start_mark.column + 1))
            return items
        mapping = self.built[id(node)] = MarkedMap(mark.line + 1, mark.column + 1)
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise _at(key_node, "a key must be a single value, not a list or mapping", self.file, 0,
                          syntax=True)
            key = self.scalar(key_node, field)
            where = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if key in mapping:
                raise YamlSyntaxError(f"duplicate key {key!r} (first at line {mapping._keys[key][0]})",
                                      file=self.file, line=where[0], col=where[1], field=str(key))
            mapping[key] = self.build(value_node, str(key))
            mapping._keys[key] = where
            mapping._values[key] = (value_node.start_mark.line + 1, value_node.start_mark.column + 1)
        return mapping

    def scalar(self, node: ScalarNode, field: str | None) -> Any:
        text, tag = node.value, node.tag
        if tag == STR_TAG:
            return text
        if tag == NULL_TAG:
            return None
        if tag == BOOL_TAG:
            return text.lower() == "true"
        if self.as_written:  # a number or a date, its text checked to fit its tag (check_nodes)
            return WrittenScalar(text, tag)
        if tag == INT_TAG:
            if len(text) > MAX_INT_DIGITS:  # Python's int() refuses past 4,300 digits (a ValueError)
                raise InputError(f"an integer of {len(text):,} digits is more than the {MAX_INT_DIGITS} read",
                                 file=self.file, line=node.start_mark.line + 1, col=node.start_mark.column + 1,
                                 field=field, hint="no value a project holds is that long; quote it if it is text")
            return int(text[2:], 8 if text[1] == "o" else 16) if text[:2] in ("0o", "0x") else int(text)
        if tag == FLOAT_TAG:
            special = text.lstrip("+-").lower()
            if special in (".inf", ".nan"):
                return math.copysign(math.inf, -1.0 if text[0] == "-" else 1.0) if special == ".inf" else math.nan
            return float(text)
        try:
            return _timestamp(text)
        except ValueError as problem:
            raise InputError(f"{text!r} is not a date: {problem}", file=self.file, line=node.start_mark.line + 1,
                             col=node.start_mark.column + 1, field=field,
                             hint="write a date as 2026-03-02, a time as 2026-03-02T10:00:00Z") from None


def _timestamp(text: str) -> dt.date | dt.datetime:
    """A timestamp-tagged scalar's value; ValueError for one that names no real day or time."""
    day = _DATE_RE.fullmatch(text)
    if day is not None:
        return dt.date(*(int(part) for part in day.groups()))
    found = _DATETIME_RE.fullmatch(text)
    if found is None:
        raise ValueError("not written YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS")
    year, month, day_of, hour, minute, second, fraction, zone = found.groups()
    micro = microseconds(fraction or "")
    tz: dt.tzinfo | None = None
    if zone == "Z":
        tz = dt.UTC
    elif zone:
        hours, _, minutes = zone[1:].partition(":")
        if not minutes and len(hours) > 2:
            hours, minutes = hours[:-2], hours[-2:]
        if problem := offset_problem(zone, int(hours), int(minutes or 0)):
            raise ValueError(problem)
        offset = dt.timedelta(hours=int(hours), minutes=int(minutes or 0))
        tz = dt.timezone(-offset if zone[0] == "-" else offset)
    return dt.datetime(int(year), int(month), int(day_of), int(hour), int(minute), int(second), micro, tzinfo=tz)


def check_nodes(root: Node | None, *, file: str, line_offset: int = 0) -> None:
    """Refuse a node tree past the limits of the module docstring: aliases expanding past
    :data:`MAX_ALIAS_NODES` nodes or :data:`MAX_YAML_CHARS` characters, a node holding
    itself, a merge key, nesting past :data:`MAX_YAML_DEPTH`, a tag outside the schema or
    one its scalar does not fit. One pass over the distinct nodes (each one's expanded size
    is counted once)."""
    if root is None or _check_tree(root, file, line_offset):
        return
    own = 0
    # id(node) -> its size with every alias expanded: (nodes, characters of its scalars, depth)
    expanded: dict[int, tuple[int, int, int]] = {}
    open_nodes: set[int] = set()
    with_mapping: set[int] = set()  # the nodes that are or hold a mapping
    # (node, its level as written, whether its children are done)
    stack: list[tuple[Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, level, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            sizes = [expanded[id(child)] for child in _children(node)]
            depth = 1 + max((size[2] for size in sizes), default=0)
            if depth > MAX_YAML_DEPTH:  # deep only through aliases: written out, it is caught below
                raise _too_deep(node, "aliases expanded", file, line_offset)
            expanded[key] = (1 + sum(size[0] for size in sizes), sum(size[1] for size in sizes), depth)
            if isinstance(node, MappingNode) or any(id(child) in with_mapping for child in _children(node)):
                with_mapping.add(key)
            continue
        if key in expanded:
            if key in with_mapping:
                raise _repeated_mapping(node, file, line_offset)
            continue  # a node met again (an alias): its size is known, and counts again above
        if key in open_nodes:
            raise _at(node, "the node anchored here holds an alias to itself (a recursive alias)", file, line_offset)
        if level > MAX_YAML_DEPTH:
            raise _too_deep(node, "as written", file, line_offset)
        own += 1
        if isinstance(node, ScalarNode):
            _check_tag(node, file, line_offset)
            expanded[key] = (1, len(node.value), 1)
            continue
        _check_tag(node, file, line_offset)
        if isinstance(node, MappingNode):
            for name, _ in node.value:
                if name.tag.endswith(":merge") or (isinstance(name.value, str) and name.value == "<<"
                                                   and not name.style):
                    raise _merge_key(name, file, line_offset)
        open_nodes.add(key)
        stack.append((node, level, True))
        stack.extend((child, level + 1, False) for child in _children(node))
    total, chars, _ = expanded[id(root)]
    if chars > MAX_YAML_CHARS:
        raise InputError(f"aliases would expand this YAML to {chars:,} characters, more than the "
                         f"{MAX_YAML_CHARS:,} read", file=file, line=1 + line_offset,
                         hint="write the values out, or do not repeat a long text by alias (*name)")
    if total - own > MAX_ALIAS_NODES:
        raise InputError(f"aliases would expand this YAML from {own:,} to {total:,} nodes, more than "
                         f"{MAX_ALIAS_NODES:,} added", file=file, line=1 + line_offset,
                         hint="write the values out, or use fewer nested aliases (*name)")


def _check_tree(root: Node, file: str, line_offset: int) -> bool:
    """The checks of :func:`check_nodes` on a tree no alias repeats (nearly every file): True
    once passed; False, having checked only part, as soon as a node is met again (an alias),
    for :func:`check_nodes` to count what the aliases expand to. Twice as fast as counting."""
    seen: set[int] = set()
    stack: list[tuple[Node, int]] = [(root, 1)]
    while stack:
        node, level = stack.pop()
        if level > MAX_YAML_DEPTH:
            raise _too_deep(node, "as written", file, line_offset)
        if id(node) in seen:
            if node.__class__ is MappingNode:
                raise _repeated_mapping(node, file, line_offset)
            return False
        seen.add(id(node))
        if node.__class__ is ScalarNode:
            if node.tag != STR_TAG:
                _check_tag(node, file, line_offset)
            continue
        _check_tag(node, file, line_offset)
        level += 1
        if node.__class__ is MappingNode:
            for name, value in node.value:
                if name.__class__ is ScalarNode and (name.value == "<<" and not name.style
                                                     or name.tag.endswith(":merge")):
                    raise _merge_key(name, file, line_offset)
                stack.append((name, level))
                stack.append((value, level))
        else:
            stack.extend((item, level) for item in node.value)
    return True


def _merge_key(node: Node, file: str, line_offset: int) -> InputError:
    return _at(node, "a merge key (<<) is not read: its keys would have no line of their own, and readers "
               "would see them differently", file, line_offset)


def _repeated_mapping(node: Node, file: str, line_offset: int) -> InputError:
    """A mapping an alias repeats (``- *entry``, ``two: *base``), alone or in a list: as under a merge key, its keys
    would have no line of their own where it is repeated, and a reader telling a problem by
    its line would name the first copy for the second (audit 69 B L1)."""
    what = "mapping" if isinstance(node, MappingNode) else "list, which holds a mapping,"
    return _at(node, f"the {what} anchored here is repeated by an alias (*name): its keys would have no line of "
               "their own where it is repeated", file, line_offset,
               hint="write the mapping out again; an alias may repeat a text, a number or a list of them")


def _check_tag(node: Node, file: str, line_offset: int) -> None:
    """A node's tag is one the schema has and, on a scalar, one its text fits."""
    tag = node.tag
    if isinstance(node, ScalarNode):
        if tag == STR_TAG:
            return
        fits = _FITS.get(tag)
        if fits is not None:
            if not fits(node.value):
                raise _at(node, f"{node.value!r} is not {_TAG_KIND[tag]}, as its tag {_short(tag)} says", file,
                          line_offset, hint="leave the tag out (or write !!str) for a text")
            return
    elif tag == (_SEQ_TAG if isinstance(node, SequenceNode) else _MAP_TAG):
        return
    elif tag in (_SEQ_TAG, _MAP_TAG, *_SCALAR_TAGS):
        kind = "list" if isinstance(node, SequenceNode) else "mapping"
        raise _at(node, f"the tag {_short(tag)} does not fit a {kind}", file, line_offset,
                  hint="leave the tag out")
    raise _at(node, f"the tag {_short(tag)} is not read", file, line_offset,
              hint="inforce reads plain YAML: texts, numbers, true/false, null, dates, lists and mappings; "
                   "leave the tag out")


def _too_deep(node: Node, how: str, file: str, line_offset: int) -> InputError:
    return _at(node, f"the YAML is nested too deeply to read (more than {MAX_YAML_DEPTH} levels, {how})", file,
               line_offset, hint="a project's YAML is a few levels deep")


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _at(node: Node, message: str, file: str, line_offset: int, *, hint: str | None = None,
        syntax: bool = False) -> InputError:
    mark = node.start_mark
    kind = YamlSyntaxError if syntax else InputError
    return kind(message, file=file, line=mark.line + 1 + line_offset, col=mark.column + 1, hint=hint)


@contextmanager
def _as_input_error(text: str, file: str, line_offset: int, *, pure: bool) -> Iterator[None]:
    """PyYAML's errors (and nesting past the parser) as InputErrors at their line."""
    try:
        yield
    except MarkedYAMLError as problem:
        mark = problem.problem_mark
        if mark is None or (problem.context_mark is not None and not text[mark.index:].strip()):
            mark = problem.context_mark or mark  # stopped only at the end: say where the open part began
        if "maximum nesting depth" in str(problem.problem):  # libyaml stops at 1,000 levels
            raise InputError("the YAML is nested too deeply to read", file=file,
                             line=mark.line + 1 + line_offset if mark is not None else None,
                             hint="a project's YAML is a few levels deep") from None
        said = " ".join(str(part) for part in (problem.problem, problem.context) if part) or "invalid YAML"
        raise YamlSyntaxError(
            f"YAML syntax error: {said}", file=file,
            line=mark.line + 1 + line_offset if mark is not None else None,
            col=mark.column + 1 if mark is not None else None,
        ) from None
    except ReaderError as problem:  # a character YAML does not allow; libyaml counts bytes
        before = text[:problem.position] if pure else text.encode()[:problem.position].decode(errors="ignore")
        code = ord(problem.character) if isinstance(problem.character, str) else problem.character  # C: an int
        raise YamlSyntaxError(
            f"YAML syntax error: the character U+{code:04X} is not allowed in YAML", file=file,
            line=before.count("\n") + 1 + line_offset, col=len(before) - before.rfind("\n"),
        ) from None
    except YAMLError as problem:  # an unmarked error: still this file's problem
        raise YamlSyntaxError(f"YAML syntax error: {problem}", file=file) from None
    except RecursionError:  # the pure parser's composer recurses
        raise InputError("the YAML is nested too deeply to read", file=file,
                         hint="a project's YAML is a few levels deep") from None


class YamlSyntaxError(InputError):
    """Text that is not YAML (or gives a key twice), at the line and column where it stops being."""
