"""A document's metadata (front matter, drawing file or PDF sidecar) checked field by field.

Every field is read from the YAML node tree with its line, so each problem is reported at
the key or value that causes it: a missing field at its parent mapping, an unknown kind with
the allowed ones, an impossible date or one not written ``YYYY-MM-DD`` (with its ISO form as
the hint), an ``effective.until`` not after ``from``, a locator that does not parse, a group
name or facet value that is empty or that no command line can give. An unknown key, at the top
or inside ``effective`` or a ``supersedes`` entry, is an error, as an unknown register column
is: ignored, what it says would be lost (``readers: [owners]`` would leave the document public,
``untill`` would change what is in force). The error names the known key meant when one is
close (``Access``, ``acess``), and says how access is written when the key looks like it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from inforce.ontology import DOCUMENT_KINDS, ON_LAPSE_VALUES, Locator, LocatorError, Supersedes
from inforce.ontology.scalars import PATH_SEGMENT, blank_or_padded, group_name, visible_name
from inforce.ontology.yamltext import BOOL_TAG, MappingNode, Node, ScalarNode

from .opening import title_errors
from .yamlnodes import NodeReader, is_null, iso_date

__all__ = [
    "COMMON_FIELDS",
    "DRAWING_FIELDS",
    "TITLE_HINT",
    "DeclaredEdge",
    "Metadata",
    "effective_access",
    "read_metadata",
    "undeclared_access",
    "undeclared_groups",
]

_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.]{0,199}")
_REV_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.]*")
_PATH_RE = re.compile(rf"{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*")
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.]*")

#: Fields every document's metadata may carry (Markdown front matter, PDF sidecar).
COMMON_FIELDS = (
    "id",
    "kind",
    "title",
    "revision",
    "seq",
    "issued",
    "effective",
    "recorded",
    "changed",
    "on_lapse",
    "access",
    "public",
    "applies_to",
    "supersedes",
    "sheet",
    "scale",
)
#: A drawing file adds its callouts and its abbreviation legend.
DRAWING_FIELDS = (*COMMON_FIELDS, "callouts", "abbreviations")
_EDGE_KEYS = ("target", "scope", "effective", "by")
_LOCATOR_HINT = "expected DOC-ID[@REV][#path], e.g. SPEC-033000#2.1.A or SOP-114@D#5.2"


@dataclass(slots=True)
class DeclaredEdge:
    """A ``supersedes`` entry as read, before its ``by`` path is checked against the provisions."""

    index: int
    edge: Supersedes
    by_node: Node | None


@dataclass(slots=True)
class Metadata:
    """The Document fields read from metadata, and the nodes later checks point at."""

    fields: dict[str, Any]
    edges: list[DeclaredEdge] = field(default_factory=list)
    entries: dict[str, tuple[Node, Node]] = field(default_factory=dict)
    #: the metadata declares neither ``access`` nor ``public``: its ``access`` field, if any, is the
    #: project's ``undeclared_access`` groups (``effective_access``), which the opening rule is not
    #: told (it judges the document as declaring nothing, as it always did: a defence in depth)
    undeclared: bool = False


#: The project's ``undeclared_access`` (``Manifest.undeclared_access``) while its files are read
#: (``undeclared_access``): ``public`` outside a project's reading (a file parsed alone), the
#: corpus format's meaning of a document that declares no access.
_UNDECLARED: ContextVar[str | tuple[str, ...]] = ContextVar("inforce_undeclared_access", default="public")

#: The hint of a document refused for declaring nothing of its access: both ways out.
_WAYS_OUT = ("declare access: [GROUP, ...] for the groups that may read it, or public: true if everyone may "
             "(front matter, sidecar or register row; an Akoma Ntoso act's in its register row)")


@contextmanager
def undeclared_access(rule: str | tuple[str, ...]) -> Iterator[None]:
    """While held, a document whose metadata declares neither ``access`` nor ``public: true`` has
    the access ``rule`` (the project's ``undeclared_access``) gives it (``effective_access``).
    Held by whoever reads a project's files, for as long as it reads them (``FileReader.open``)."""
    token = _UNDECLARED.set(rule)
    try:
        yield
    finally:
        _UNDECLARED.reset(token)


def undeclared_groups() -> tuple[str, ...]:
    """The groups the ``undeclared_access`` in force gives a document declaring no access (none
    for ``public`` or ``refuse``): groups the project uses, by which the opening rule decides
    (``documents.groups_named``)."""
    rule = _UNDECLARED.get()
    return rule if isinstance(rule, tuple) else ()


def effective_access(access: tuple[str, ...] | None, *, declared: bool,
                     refused: Callable[[str, str], None]) -> tuple[str, ...] | None:
    """The access a document has — the one place it is decided, for every reader and every path
    (ingest, lag, a pack test's corpus, the service's ingest). ``access``: the groups its metadata
    declares; ``declared``: whether its metadata (front matter, sidecar, register row) writes
    ``access`` or ``public`` at all (a value that does not read is its own error there).

    1. A document declaring ``access`` has those groups; one declaring ``public: true`` has none
       (None: everyone may read it).
    2. A document declaring neither has what the project's ``undeclared_access`` says
       (``undeclared_access``): ``public``, everyone (None); a list of groups, those groups, as if
       it declared them; ``refuse``, ``refused(message, hint)`` is called (the caller makes it an
       input error at the line where the document's metadata is, field ``access``) and None
       returned."""
    if declared:
        return access
    rule = _UNDECLARED.get()
    if rule == "refuse":
        refused("the document declares neither access nor public: true, which the project's "
                "undeclared_access: refuse (inforce.yaml) requires of every document", _WAYS_OUT)
        return None
    return rule if isinstance(rule, tuple) else None


def read_metadata(
    root: Node | None,
    reader: NodeReader,
    *,
    allowed: tuple[str, ...] = COMMON_FIELDS,
    default_kind: str | None = None,
) -> Metadata | None:
    """Read and check the metadata mapping; problems go to ``reader`` (None when unusable)."""
    if root is None or is_null(root):
        reader.error(
            None,
            "the metadata is empty",
            hint="a document needs at least id, kind, effective and recorded",
        )
        return None
    errors_before = len(reader.errors)
    entries = reader.mapping(root, None)
    if entries is None:
        return None
    reader.check_keys(entries, allowed, None)
    fields: dict[str, Any] = {}

    def required(name: str) -> Node | None:
        if name in entries:
            return entries[name][1]
        reader.error(root, f"missing required field {name!r}", field=name)
        return None

    if (node := required("id")) is not None:
        fields["id"] = reader.string(
            node, "id", pattern=_ID_RE, hint="a document id starts with a letter or digit, then letters, digits, '-', '_' or '.' (at most 200 in all)"
        )
    if "kind" in entries or default_kind is None:
        if (node := required("kind")) is not None:
            kind = reader.string(node, "kind")
            if kind is not None and kind not in DOCUMENT_KINDS:
                reader.error(
                    node,
                    f"unknown kind {kind!r}",
                    field="kind",
                    hint="one of " + ", ".join(DOCUMENT_KINDS),
                )
                kind = None
            fields["kind"] = kind
    else:
        fields["kind"] = default_kind
    # An optional field given as null (`issued: ~`) is the same as leaving it out.
    present = {name: value for name, (_, value) in entries.items() if not is_null(value)}
    if "access" in entries and "access" not in present:
        # written but empty (access:, access: ~): meant to be filled in, and read as leaving it out
        # it would make the document public (the fifth audit of issue 23)
        reader.error(entries["access"][1], "access has no value", field="access",
                     hint="list the groups that may read the document (access: [project-team]), or leave the "
                          "key out for a document everyone may read")
    if "public" in entries and "public" not in present:
        # the same for public: (public: ~, public: null), which no reading may take as declaring the document
        # public, nor as declaring nothing under undeclared_access (audit 103 A F1)
        reader.error(entries["public"][1], "public has no value", field="public",
                     hint="write public: true if everyone may read the document, or list the groups that may "
                          "(access: [project-team])")
    for name in ("title", "sheet", "scale"):
        if name in present:
            fields[name] = reader.string(present[name], name)
    if "revision" in present:
        fields["revision"] = reader.string(
            present["revision"],
            "revision",
            pattern=_REV_RE,
            hint="a revision label is letters, digits, '-', '_' or '.'",
        )
    if "seq" in present:
        fields["seq"] = reader.integer(present["seq"], "seq")
    if "issued" in present:
        fields["issued"] = reader.date(present["issued"], "issued")
    if (node := required("effective")) is not None:
        fields["effective"] = _effective(node, reader)
    if (node := required("recorded")) is not None:
        fields["recorded"] = reader.datetime(node, "recorded")
    if "changed" in present:
        fields["changed"] = reader.strings(
            present["changed"],
            "changed",
            pattern=_PATH_RE,
            hint="a section path such as 2.1 or 5",
        )
    if "on_lapse" in present:
        on_lapse = reader.string(present["on_lapse"], "on_lapse")
        if on_lapse is not None and on_lapse not in ON_LAPSE_VALUES:
            reader.error(
                present["on_lapse"], f"unknown on_lapse {on_lapse!r}", field="on_lapse",
                hint="lapse (the default: nothing of the document is in force after until) or "
                "resume_previous (the revision this one replaced applies again)",
            )
            on_lapse = None
        fields["on_lapse"] = on_lapse
    if "access" in present:
        fields["access"] = _access(present["access"], reader)
    if "public" in present:
        fields["public"] = _public(present["public"], reader, restricted="access" in present)
    if "applies_to" in present:
        fields["applies_to"] = _applies_to(present["applies_to"], reader)

    if isinstance(fields.get("title"), str):
        _judge_title(present["title"], fields, reader)
    # after the title is judged: the opening rule judges by what the metadata declares
    declared = "access" in present or "public" in present
    fields["access"] = effective_access(fields.get("access"), declared=declared, refused=lambda message, hint: (
        reader.error(root, message, field="access", hint=hint)))
    metadata = Metadata(fields={k: v for k, v in fields.items() if v is not None}, entries=entries,
                        undeclared=not declared)
    if "supersedes" in present:
        edges = _edges(present["supersedes"], reader, metadata.fields)
        if len(reader.errors) == errors_before:
            metadata.edges = edges
    return metadata


#: What a title read as a marking asks of its writer (an act's title read from its XML too: ``akn``).
TITLE_HINT = ("if the document is restricted, list its groups in access (front matter, sidecar or register) and "
              "word the title as its name; if the group is only mentioned, declare the document public "
              "(public: true), or reword the title")


def _judge_title(node: Node, fields: dict[str, Any], reader: NodeReader) -> None:
    """The title judged as the first line of the document's opening (``opening.judge_title``,
    the one rule), with the access the same metadata declares: an error at the title's line,
    ``reason="marking"`` (its file's access unknown: withheld from askers with groups, as an
    access line's problem is)."""
    public = fields.get("public") is True
    errors, notes = title_errors(fields["title"], access=fields.get("access"), public=public)
    # a document declared public is told the group its title reads as a marking for, never to declare what it
    # declares (audit 97 A F2)
    for error in errors:
        reader.error(node, error.message, field="title", hint=error.hint if public else TITLE_HINT, reason="marking")
    for note in notes:
        reader.warn(node, note.message, field="title", hint=TITLE_HINT, reason="marking")


def _effective(node: Node, reader: NodeReader) -> dict[str, dt.date] | None:
    day = iso_date(node) or "YYYY-MM-DD"
    entries = reader.mapping(
        node, "effective",
        hint=f"effective is a mapping of YYYY-MM-DD dates: effective: {{from: {day}}} (add until: to end it)",
    )
    if entries is None:
        return None
    reader.check_keys(entries, ("from", "until"), "effective")
    if "from" not in entries:
        reader.error(node, "missing required field 'from'", field="effective.from")
        return None
    start = reader.date(entries["from"][1], "effective.from")
    until = None
    if "until" in entries and not is_null(entries["until"][1]):
        until_node = entries["until"][1]
        until = reader.date(until_node, "effective.until")
        if until is not None and start is not None and until <= start:
            reader.error(
                until_node,
                f"effective.until {until} is not after effective.from {start}",
                field="effective.until",
                hint="until is exclusive: the first day the revision no longer applies",
            )
            return None
    if start is None:
        return None
    return {"from": start, "until": until}


def _applies_to(node: Node, reader: NodeReader) -> dict[str, tuple[str, ...]] | None:
    entries = reader.mapping(node, "applies_to")
    if entries is None:
        return None
    facets: dict[str, tuple[str, ...]] = {}
    for name, (key, value) in entries.items():
        if not _NAME_RE.fullmatch(name):
            reader.error(key, f"invalid facet name {name!r}", field=f"applies_to.{name}")
            continue
        values = _names(
            value, f"applies_to.{name}", reader, what="facet value",
            hint=f"values as --context {name}=VALUE takes them, e.g. [UK, IE]",
            none=(f"lists no {name}, so the document would apply to no case",
                  f"list the {name} values it applies to (applies_to: {{{name}: [UK, IE]}}), or leave "
                  f"{name} out for a document that applies whatever the {name}"),
        )
        if values is not None:
            facets[name] = values
    return facets


def _public(node: Node, reader: NodeReader, *, restricted: bool) -> bool | None:
    """``public: true``: the document declares in so many words that everyone may read it (as
    leaving ``access`` out does), so its opening may name an access group as text (the opening
    rule, ``opening.Opening``). Only ``true``: ``false`` says nothing a restriction would not say
    better, and beside ``access`` it contradicts it."""
    if not (isinstance(node, ScalarNode) and node.tag == BOOL_TAG and node.value.lower() == "true"):
        reader.error(node, "public takes only true (the document is public: everyone may read it)", field="public",
                     hint="write public: true, or leave it out and list the groups that may read the document "
                          "(access: [project-team])")
        return None
    if restricted:
        reader.error(node, "public: true and access are both given", field="public",
                     hint="keep access (the groups that may read the document) or public: true, not both")
        return None
    return True


def _access(node: Node, reader: NodeReader) -> tuple[str, ...] | None:
    """The groups an ``access`` value lets read the document, wherever it is written (front
    matter, a sidecar, a register's row: read as the front matter it stands for): one or more
    group names as ``--groups`` takes them. A list naming no group (``access: []``, a register
    cell ``" ; "``) is an error at its field, as an empty name is: read as written it lets
    nobody read the document, silently, and it is easily meant as "no restriction". So is a
    lone word for everyone (``access: public``, ``everyone``, ``*``): read as written it is a
    group of that name, and only an asker holding it may read the document (audit 107 A F2)."""
    groups = _names(
        node, "access", reader, what="group name", commas=False,
        hint="group names as --groups takes them, e.g. [project-team, qa]",
        none=("lists no group, so no one could read the document",
              "list the groups that may read it (access: [project-team]), or leave access out "
              "for a document everyone may read"),
    )
    if groups is not None and len(groups) == 1 and groups[0].casefold() in _EVERYONE:
        reader.error(node, f"{groups[0]!r} is read as a group's name: only an asker holding a group so named could "
                     "read the document, not everyone", field="access",
                     hint="for a document everyone may read, write public: true (or leave access out); "
                          "for a group really so named, list it beside another")
        return None
    return groups


#: Words a lone ``access`` value is meant as "everyone" by, never a group's name (``_access``).
_EVERYONE = frozenset({"public", "everyone", "everybody", "anyone", "all", "*", "world"})


def _names(
    node: Node, where: str, reader: NodeReader, *, what: str, hint: str, none: tuple[str, str],
    commas: bool = True,
) -> tuple[str, ...] | None:
    """A list of names an asker or a case must match exactly as the command line gives them
    (trimmed; group names split at commas): an empty one, or one no command line can give,
    is an error rather than a document nobody can read or a facet value nothing matches.
    A list naming nothing (``access: []``, ``applies_to: {market: []}``, a register cell
    ``" ; "``) is an error at its field too, ``none`` its message and hint: read as written
    it would shut the document out of every asker or case, silently (audit 66 B F01)."""
    items = reader.sequence(node, where)
    if items is None:
        return None
    if not items:
        message, advice = none
        reader.error(node, message, field=where, hint=advice)
        return None
    names: list[str] = []
    for index, item in enumerate(items):
        field = f"{where}[{index}]"
        text = reader.string(item, field)
        if text is None:
            continue
        if (problem := blank_or_padded(text, what)) is not None:
            reader.error(item, problem, field=field, hint=hint)
        elif not commas and "," in text:
            reader.error(item, f"{what} {text!r} holds a comma, which separates names", field=field,
                         hint=hint)
        else:
            try:  # the one rule for a name an asker matches, as --groups and --context read it
                names.append(group_name(text) if what == "group name" else visible_name(text, what))
            except ValueError as problem:
                reader.error(item, str(problem), field=field, hint=hint)
    return tuple(names) if len(names) == len(items) else None


def _edges(node: Node, reader: NodeReader, fields: dict[str, Any]) -> list[DeclaredEdge]:
    items = (
        [node]
        if isinstance(node, MappingNode)
        else reader.sequence(node, "supersedes", scalar_ok=False)
    )
    edges: list[DeclaredEdge] = []
    for index, item in enumerate(items or ()):
        edge = _edge(item, index, reader, fields)
        if edge is not None:
            edges.append(edge)
    return edges


def _edge(
    node: Node, index: int, reader: NodeReader, fields: dict[str, Any]
) -> DeclaredEdge | None:
    where = f"supersedes[{index}]"
    entries = reader.mapping(node, where)
    if entries is None:
        return None
    reader.check_keys(entries, _EDGE_KEYS, where)
    errors_before = len(reader.errors)
    target = scope = effective = by = None
    if "target" not in entries:
        reader.error(node, "missing required field 'target'", field=f"{where}.target")
    else:
        target = _locator(entries["target"][1], f"{where}.target", reader)
    if "scope" not in entries:
        reader.error(
            node, "missing required field 'scope'", field=f"{where}.scope", hint="full or partial"
        )
    else:
        scope_node = entries["scope"][1]
        scope = reader.string(scope_node, f"{where}.scope")
        if scope is not None and scope not in ("full", "partial"):
            reader.error(
                scope_node,
                f"unknown scope {scope!r}",
                field=f"{where}.scope",
                hint="full or partial",
            )
    if "effective" in entries:
        effective = reader.date(entries["effective"][1], f"{where}.effective")
    by_node = entries["by"][1] if "by" in entries and not is_null(entries["by"][1]) else None
    if by_node is not None:
        by = _locator(by_node, f"{where}.by", reader)
    if "id" not in fields:
        return None
    source = Locator(doc=fields["id"], rev=fields.get("revision", "0"))
    if target is not None and target.doc == source.doc and target.rev in (None, source.rev):
        reader.error(
            entries["target"][1], f"{target} is this document itself", field=f"{where}.target"
        )
    if by is not None and (by.doc != source.doc or by.rev not in (None, source.rev)):
        reader.error(
            by_node,
            f"by {by} does not point into this document ({source.doc}@{source.rev})",
            field=f"{where}.by",
            hint=f"by names the provision of this document that carries the replacement, e.g. {source.doc}#1.3",
        )
    if len(reader.errors) > errors_before or target is None or scope is None:
        return None
    if effective is None:
        # No date of its own: the edge takes effect with the document that declares it.
        if "effective" not in fields:
            return None
        effective = fields["effective"]["from"]
    edge = Supersedes(
        source=source,
        target=target,
        scope=scope,
        effective=effective,
        by=by,
        origin="declared",
        line=reader.line(node),
    )
    return DeclaredEdge(index=index, edge=edge, by_node=by_node)


def _locator(node: Node, where: str, reader: NodeReader) -> Locator | None:
    text = reader.string(node, where)
    if text is None:
        return None
    try:
        return Locator.parse(text)
    except LocatorError as exc:
        reader.error(node, f"cannot parse locator {text!r}", field=where, hint=exc.hint)
    except ValueError:  # parts that match the pattern but fail the model's check ("SPEC.#1")
        reader.error(node, f"cannot parse locator {text!r}", field=where, hint=_LOCATOR_HINT)
    return None
