"""YAML as inforce reads it: one parser (ruamel.yaml), one set of limits, for every YAML file of
a project (rule packs and their tests, ``inforce.yaml``, ``reviews.yaml``, front matter and
sidecars, a register kept as YAML).

Each text is composed into nodes first (every node keeps its line and column), and the nodes
are checked before anything is built from them or walked:

- at most :data:`MAX_YAML_CHARS` characters;
- aliases may add at most :data:`MAX_ALIAS_NODES` nodes to the document's own: a node reached
  through an alias counts again each time (a "billion laughs" of nested aliases composes to a
  few hundred nodes, but whatever walks it as a tree meets ~10^9);
- the scalars, with every alias expanded, hold at most :data:`MAX_YAML_CHARS` characters in
  all: an alias to one long text adds a single node per use, but the whole text each time;
- no alias inside the node it names (``&a [*a]``), which nothing in a project means;
- no merge key (``<<: *defaults``): readers that keep each key's line (front matter, a register)
  would see its keys without one, or not at all, so one file would restrict a document that the
  same YAML elsewhere leaves public; every reader refuses it alike, at its line;
- nesting that the parser cannot follow (thousands of ``[``) is refused, not a crash.

A problem is an ``InputError`` naming the file, line and column; readers add their own codes
(a rule pack's ``RP001``, with its caret) on top.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from .errors import InputError

__all__ = ["MAX_ALIAS_NODES", "MAX_YAML_CHARS", "YamlSyntaxError", "check_nodes", "check_size", "compose",
           "load_round_trip"]

#: The longest YAML text read (16 Mi characters): a register of a hundred thousand revisions
#: is under it; a front matter or a pack is a few KB.
MAX_YAML_CHARS = 16 << 20
#: The most nodes aliases may add to a document by being expanded where they are used.
MAX_ALIAS_NODES = 100_000

_local = threading.local()


def check_size(text: str, *, file: str) -> None:
    """Refuse a text past :data:`MAX_YAML_CHARS` before it is parsed at all."""
    if len(text) > MAX_YAML_CHARS:
        raise InputError(f"the YAML is {len(text):,} characters, more than the {MAX_YAML_CHARS:,} read",
                         file=file, hint="a project's YAML files are small; is this the right file?")


def compose(text: str, *, file: str, line_offset: int = 0) -> Node | None:
    """``text`` composed into a checked node tree (YAML 1.2 core tags, nothing constructed);
    None for an empty document. ``line_offset`` is added to every line in an error (front
    matter starts below its ``---`` line)."""
    check_size(text, file=file)
    yaml = getattr(_local, "safe", None)
    if yaml is None:  # a YAML instance keeps parser state between calls: one per thread
        yaml = _local.safe = YAML(typ="safe", pure=True)
    with _as_input_error(file, line_offset):
        node = yaml.compose(text)
    check_nodes(node, file=file, line_offset=line_offset)
    return node  # type: ignore[no-any-return]


def load_round_trip(text: str, *, file: str) -> Any:
    """``text`` as ruamel's round-trip tree (``CommentedMap``/``CommentedSeq``, each key's and
    item's line and column in ``.lc``), built only once its nodes passed the checks. A key
    given twice is an error at its line."""
    check_size(text, file=file)
    yaml = YAML(typ="rt")
    with _as_input_error(file, 0):
        node = yaml.compose(text)
        check_nodes(node, file=file)
        return None if node is None else yaml.constructor.construct_document(node)


def check_nodes(root: Node | None, *, file: str, line_offset: int = 0) -> None:
    """Refuse a node tree whose aliases expand past :data:`MAX_ALIAS_NODES` nodes or past
    :data:`MAX_YAML_CHARS` characters of scalars, or that holds itself. One pass over the
    distinct nodes (each one's expanded size is counted once)."""
    if root is None:
        return
    own = 0
    # id(node) -> its size with every alias expanded: (nodes, characters of its scalars)
    expanded: dict[int, tuple[int, int]] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            sizes = [expanded[id(child)] for child in _children(node)]
            chars = len(node.value) if isinstance(node.value, str) else sum(size[1] for size in sizes)
            expanded[key] = (1 + sum(size[0] for size in sizes), chars)
            continue
        if key in expanded:
            continue  # a node met again (an alias): its size is known, and counts again above
        if key in open_nodes:
            raise _at(node, "the node anchored here holds an alias to itself (a recursive alias)", file, line_offset)
        if isinstance(node, MappingNode):
            for name, _ in node.value:
                if name.tag.endswith(":merge") or (isinstance(name.value, str) and name.value == "<<"
                                                   and getattr(name, "style", None) is None):
                    raise _at(name, "a merge key (<<) is not read: its keys would have no line of their "
                              "own, and readers would see them differently", file, line_offset)
        own += 1
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node))
    total, chars = expanded[id(root)]
    if chars > MAX_YAML_CHARS:
        raise InputError(f"aliases would expand this YAML to {chars:,} characters, more than the "
                         f"{MAX_YAML_CHARS:,} read", file=file, line=1 + line_offset,
                         hint="write the values out, or do not repeat a long text by alias (*name)")
    if total - own > MAX_ALIAS_NODES:
        raise InputError(f"aliases would expand this YAML from {own:,} to {total:,} nodes, more than "
                         f"{MAX_ALIAS_NODES:,} added", file=file, line=1 + line_offset,
                         hint="write the values out, or use fewer nested aliases (*name)")


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _at(node: Node, message: str, file: str, line_offset: int) -> InputError:
    mark = node.start_mark
    return InputError(message, file=file, line=mark.line + 1 + line_offset, col=mark.column + 1)


@contextmanager
def _as_input_error(file: str, line_offset: int) -> Iterator[None]:
    """ruamel's errors (and a nesting too deep for its recursive parser) as InputErrors."""
    try:
        yield
    except MarkedYAMLError as problem:
        mark = problem.problem_mark or problem.context_mark
        said = " ".join(str(part) for part in (problem.problem, problem.context) if part) or "invalid YAML"
        raise YamlSyntaxError(
            f"YAML syntax error: {said}", file=file,
            line=mark.line + 1 + line_offset if mark is not None else None,
            col=mark.column + 1 if mark is not None else None,
        ) from None
    except YAMLError as problem:  # an unmarked error: still this file's problem
        raise YamlSyntaxError(f"YAML syntax error: {problem}", file=file) from None
    except RecursionError:
        raise InputError("the YAML is nested too deeply to read", file=file,
                         hint="a project's YAML is a few levels deep") from None


class YamlSyntaxError(InputError):
    """Text that is not YAML (or gives a key twice), at the line and column where it stops being."""
