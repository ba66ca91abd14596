"""YAML read as a node tree, so every value keeps the file line and column it came from.

Metadata is composed (not constructed) by the one YAML reader (``inforce.ontology.yamltext``:
libyaml with the YAML 1.2 core resolver): a scalar stays its text plus the tag the resolver gave it, and this module turns it into the typed value a field needs.
That way an impossible date (``2026-02-30``) or a wrong type is one ``InputError`` at its own
line, never an exception from inside the YAML library, and a number written where a label is
meant keeps its spelling (``revision: 1.10`` is ``"1.10"``, not ``1.1``).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from inforce.ontology import InputError, is_iso_date, parse_date, parse_datetime_utc
from inforce.ontology.errors import InputReason, nul_refused
from inforce.ontology.yamltext import (
    BOOL_TAG,
    FLOAT_TAG,
    INT_TAG,
    MAX_INT_DIGITS,
    NULL_TAG,
    STR_TAG,
    TIMESTAMP_TAG,
    MappingNode,
    Node,
    ScalarNode,
    SequenceNode,
    compose,
    scalar_value,
)

__all__ = ["STORED_INTEGERS", "NodeReader", "compose_yaml", "is_null", "iso_date", "misspelt_key"]

#: What is meant as a date but not written YYYY-MM-DD: ``2026-5-1``, ``20260501``, ``2026/05/01``.
#: The integers a document's fields may hold (``seq``, ``schema_version``): the graph's INT64
#: column, whose bounds a larger value would wrap past, not fail at.
STORED_INTEGERS = range(-(2**63), 2**63)

_NEAR_DATE_RE = re.compile(r"(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2})|(\d{2})(\d{2}))")


def compose_yaml(text: str, *, file: str, line_offset: int = 0) -> Node | None:
    """Compose ``text`` into a node tree; a syntax error, or YAML past the limits every YAML
    file is held to (``inforce.ontology.yamltext``: size, alias expansion, nesting, tags), is
    an InputError at its mark.

    ``line_offset`` is added to every line (front matter starts below its ``---`` line).
    Returns None for an empty document.
    """
    return compose(text, file=file, line_offset=line_offset)


class NodeReader:
    """Reads typed values out of composed YAML nodes, collecting every problem with its line.

    Each reader method returns the value, or None after recording an error; callers keep
    going so that one load reports every problem in the file.
    """

    def __init__(self, file: str, *, line_offset: int = 0) -> None:
        self.file = file
        self.line_offset = line_offset
        self.errors: list[InputError] = []
        self.warnings: list[InputError] = []

    # -- positions and problems ------------------------------------------------------

    def line(self, node: Node) -> int:
        return node.start_mark.line + 1 + self.line_offset

    def error(
        self, node: Node | None, message: str, *, field: str | None = None, hint: str | None = None,
        reason: InputReason | None = None,
    ) -> None:
        self.errors.append(self._problem(node, message, field, hint, reason))

    def warn(
        self, node: Node | None, message: str, *, field: str | None = None, hint: str | None = None,
        reason: InputReason | None = None,
    ) -> None:
        self.warnings.append(self._problem(node, message, field, hint, reason))

    def _problem(
        self, node: Node | None, message: str, field: str | None, hint: str | None,
        reason: InputReason | None = None,
    ) -> InputError:
        if node is None:
            return InputError(
                message, file=self.file, line=1 + self.line_offset, field=field, hint=hint, reason=reason
            )
        return InputError(
            message,
            file=self.file,
            line=self.line(node),
            col=node.start_mark.column + 1,
            field=field,
            hint=hint,
            reason=reason,
        )

    # -- structure -------------------------------------------------------------------

    def mapping(
        self, node: Node, field: str | None, *, hint: str | None = None
    ) -> dict[str, tuple[Node, Node]] | None:
        """A mapping's entries by key text, each with its key node (for the key's line)."""
        if not isinstance(node, MappingNode):
            self.error(node, f"expected a mapping, got {_describe(node)}", field=field, hint=hint)
            return None
        entries: dict[str, tuple[Node, Node]] = {}
        for key, value in node.value:
            if not isinstance(key, ScalarNode):
                self.error(key, "a key must be a plain name", field=field)
                continue
            name = key.value
            if name in entries:
                where = _join(field, name)
                self.error(
                    key,
                    f"duplicate key {name!r} (first at line {self.line(entries[name][0])})",
                    field=where,
                )
                continue
            entries[name] = (key, value)
        return entries

    def check_keys(
        self,
        entries: dict[str, tuple[Node, Node]],
        allowed: Iterable[str],
        field: str | None,
    ) -> None:
        """Report each key not in ``allowed`` as an error at the key, as a register refuses an
        unknown column: a key ignored would lose what it says (an ``access`` list under any other
        name leaves the document readable by everyone; the fifth audit of issue 23, H2). The
        message names the known key meant when one is close (:func:`misspelt_key`: ``Access``,
        ``acess``, ``applies-to``), says how access is written when the key looks like access
        control (``readers``, ``acl``, ``private``), else lists the known keys."""
        known = set(allowed)
        for name, (key, _) in entries.items():
            if name in known:
                continue
            where = _join(field, name)
            meant = misspelt_key(name, known)
            if meant is not None:
                self.error(
                    key,
                    f"unknown key {name!r}: did you mean {meant!r}?",
                    field=where,
                    hint=f"write {meant!r} (keys are lower case, words joined by '_'): an unknown key "
                    "is an error, not ignored, as what it says would be lost",
                )
            elif "access" in known and _ACCESS_LIKE.search(_fold_confusables(_fold(name))):
                self.error(
                    key, f"unknown key {name!r}: who may read a document is said only by 'access'",
                    field=where,
                    hint="write access: [group, ...]; an unknown key is an error, never ignored, as "
                         "ignoring it would leave the document readable by everyone")
            else:
                self.error(
                    key,
                    f"unknown key {name!r}",
                    field=where,
                    hint="known keys: " + ", ".join(sorted(known)),
                )

    def sequence(self, node: Node, field: str, *, scalar_ok: bool = True) -> list[Node] | None:
        """A list's items; a single scalar (when allowed) stands for a one-item list."""
        if isinstance(node, SequenceNode):
            return list(node.value)
        if scalar_ok and isinstance(node, ScalarNode) and not _is_null(node):
            return [node]
        self.error(node, f"expected a list, got {_describe(node)}", field=field)
        return None

    # -- scalars ---------------------------------------------------------------------

    def string(
        self,
        node: Node,
        field: str,
        *,
        pattern: re.Pattern[str] | None = None,
        hint: str | None = None,
    ) -> str | None:
        """A label: any scalar's text as written (a number keeps its spelling)."""
        if not isinstance(node, ScalarNode) or node.tag in (NULL_TAG, BOOL_TAG):
            self.error(node, f"expected a string, got {_describe(node)}", field=field)
            return None
        text = node.value.strip() if node.tag != STR_TAG else node.value
        if "\x00" in text:
            # (written as a YAML escape, "Docu\0ment": refused here at its line, not by the store,
            # which knows only the document; audit 61's F02)
            self.errors.append(nul_refused(self.file, self.line(node), field, node.start_mark.column + 1))
            return None
        if pattern is not None and not pattern.fullmatch(text):
            self.error(node, f"invalid value {text!r}", field=field, hint=hint)
            return None
        return text

    def integer(self, node: Node, field: str) -> int | None:
        if isinstance(node, ScalarNode) and node.tag in (INT_TAG, STR_TAG):
            text = node.value.strip().replace("_", "")
            if len(text) > MAX_INT_DIGITS:  # one limit with yamltext's (int() refuses past 4,300 digits)
                self.error(node, f"an integer of {len(text):,} characters is more than the {MAX_INT_DIGITS} read",
                           field=field)
                return None
            for base in (10, 0):
                try:
                    value = int(text, base)
                except ValueError:
                    continue
                if value not in STORED_INTEGERS:  # the graph would wrap it (2**63 read as -2**63), silently
                    self.error(node, f"{text} is outside the integers the graph stores "
                               f"({STORED_INTEGERS.start:,} to {STORED_INTEGERS.stop - 1:,})", field=field)
                    return None
                return value
        self.error(node, f"expected an integer, got {_describe(node)}", field=field)
        return None

    def date(self, node: Node, field: str) -> dt.date | None:
        """A calendar date ``YYYY-MM-DD``; an impossible one (``2026-02-30``) is reported as such,
        and one written otherwise (``2026-5-1``, ``20260501``) with its ISO form as the hint."""
        if isinstance(node, ScalarNode) and node.tag in (TIMESTAMP_TAG, STR_TAG):
            text = node.value.strip()
            if is_iso_date(text):
                try:
                    return parse_date(text, field=field, file=self.file, line=self.line(node),
                                      col=node.start_mark.column + 1)
                except InputError as problem:
                    self.errors.append(problem)
                    return None
        self._not_a_date(node, field, "a date (YYYY-MM-DD)")
        return None

    def datetime(self, node: Node, field: str) -> dt.datetime | None:
        """A UTC datetime; a bare date means the end of that day, UTC. An instant that has
        no UTC form in years 1-9999 (``0001-01-01T00:00:00+05:00``) is an error at its line."""
        if isinstance(node, ScalarNode) and node.tag in (TIMESTAMP_TAG, STR_TAG):
            text = node.value.strip()
            if is_iso_date(text):
                day = self.date(node, field)
                return parse_datetime_utc(day) if day is not None else None
            if not _NEAR_DATE_RE.fullmatch(text):
                try:
                    return parse_datetime_utc(text)
                except (ValueError, OverflowError) as exc:
                    self.error(node, f"invalid datetime {text!r}: {exc}", field=field)
                    return None
        self._not_a_date(node, field, "a datetime (YYYY-MM-DDTHH:MM:SSZ) or a date (YYYY-MM-DD)")
        return None

    def _not_a_date(self, node: Node, field: str, expected: str) -> None:
        """Report a value that is not ``expected``; a date written another way (``2026-5-1``,
        ``20260501``, ``2026/05/01``) is named as such, with its ISO form as the hint."""
        iso = iso_date(node)
        if iso is not None:
            self.error(
                node, f"expected {expected}, got {node.value.strip()!r}", field=field,
                hint=f"write it as {iso}",
            )
            return
        self.error(node, f"expected {expected}, got {_describe(node)}", field=field)

    def strings(
        self,
        node: Node,
        field: str,
        *,
        pattern: re.Pattern[str] | None = None,
        hint: str | None = None,
        scalar_ok: bool = True,
    ) -> tuple[str, ...] | None:
        """A list of labels; a single scalar is a one-item list (when allowed: a document's
        shorthand, never a manifest's field, where a scalar is a slip)."""
        items = self.sequence(node, field, scalar_ok=scalar_ok)
        if items is None:
            return None
        values = [
            self.string(item, f"{field}[{i}]", pattern=pattern, hint=hint)
            for i, item in enumerate(items)
        ]
        if any(v is None for v in values):
            return None
        return tuple(v for v in values if v is not None)

    def plain(self, node: Node) -> Any:
        """The node as plain Python (for free-form values such as a rule pack's params)."""
        if isinstance(node, MappingNode):
            return {self.plain(k): self.plain(v) for k, v in node.value}
        if isinstance(node, SequenceNode):
            return [self.plain(item) for item in node.value]
        return scalar_value(node, file=self.file, line_offset=self.line_offset)


def iso_date(node: Node) -> str | None:
    """The ``YYYY-MM-DD`` form of a scalar that writes a real date some common way
    (``2026-05-01``, ``2026-5-1``, ``20260501``, ``2026/05/01``); None for anything else."""
    if not isinstance(node, ScalarNode):
        return None
    near = _NEAR_DATE_RE.fullmatch(node.value.strip())
    if near is None:
        return None
    year, _, month, day, month8, day8 = near.groups()
    try:
        return dt.date(int(year), int(month or month8), int(day or day8)).isoformat()
    except ValueError:
        return None


def is_null(node: Node) -> bool:
    return _is_null(node)


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == NULL_TAG


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, ScalarNode):
        kind = {
            NULL_TAG: "nothing",
            BOOL_TAG: "a boolean",
            INT_TAG: "a number",
            FLOAT_TAG: "a number",
            TIMESTAMP_TAG: "a date",
        }.get(node.tag, "a string")
        return f"{kind} ({node.value!r})" if node.tag != NULL_TAG else kind
    return "an unknown node"


def misspelt_key(name: str, known: Iterable[str]) -> str | None:
    """The known key ``name`` is a misspelling of, or None: the same once case, width and every
    character other than a letter or digit are set aside (``Access``, ``ACCESS``, ``applies-to``,
    ``access_``, a zero-width space inside it), or one letter away from a known key of four
    letters or more (one added, left out, changed or two swapped: ``acess``, ``accesss``,
    ``acces`` with a Cyrillic ``а``)."""
    folded = _fold(name)
    best: str | None = None
    for candidate in sorted(known):
        target = _fold(candidate)
        if folded == target:
            return candidate
        if best is None and len(target) >= 4 and _one_edit_apart(folded, target):
            best = candidate
    return best


#: Folded key names that speak of who may read (an unknown key is an error; these are told how
#: access is written).
_ACCESS_LIKE = re.compile(
    r"access|acl|permi|group|restrict|visib|confidential|classif|secur|privacy|private|audience|reader|role"
    r"|allow|owner|zugriff|secret|hidden|share"
)
#: Cyrillic and Greek letters drawn like Latin ones (``аcl`` with a Cyrillic ``а``), folded for
#: the access-like test only: a key is still matched exactly as written.
_CONFUSABLES = str.maketrans("асеорхуікјѕԁмтвнαεορτυνικχ", "aceopxyikjsdmtbhaeoptuvikx")


def _fold_confusables(folded: str) -> str:
    return folded.translate(_CONFUSABLES)


def _fold(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", name).casefold() if c.isalnum())


def _one_edit_apart(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one insertion, deletion, substitution or swap of neighbours."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    if len(a) == len(b):
        rest = a[start + 1:] == b[start + 1:]
        swapped = start + 1 < len(a) and a[start] == b[start + 1] and a[start + 1] == b[start] \
            and a[start + 2:] == b[start + 2:]
        return rest or swapped
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[start + 1:] == shorter[start:]


def _join(field: str | None, name: str) -> str:
    return f"{field}.{name}" if field else name
