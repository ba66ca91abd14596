"""The project manifest (``inforce.yaml``), checked with a line for every problem.

Errors: malformed YAML, a missing ``project``, wrong types, unknown keys, a ``rules:`` entry
that is not exactly one of ``stock:``/``path:`` (with an optional ``params:`` mapping), a
``path:`` pack that does not exist, an ``undeclared_access`` other than ``public``, ``refuse`` or
a list of group names. A ``stock:`` name that inforce does not ship is a
warning: :func:`load_manifest_with_warnings` returns it, :func:`load_manifest` logs it.
"""

from __future__ import annotations

import importlib.resources
import logging
import re
from pathlib import Path

from inforce.ontology import InputError, InputErrors, Manifest, ModelChoice, Models, RulePackRef
from inforce.ontology.files import is_inside, not_regular, read_bounded_text
from inforce.ontology.scalars import blank_or_padded, group_name, visible_name
from inforce.ontology.text import echoed
from inforce.ontology.yamltext import STR_TAG, Node, ScalarNode

from .yamlnodes import NodeReader, compose_yaml, is_null

__all__ = ["MANIFEST_FILE", "load_manifest", "load_manifest_with_warnings", "stock_pack_names"]

logger = logging.getLogger("inforce.adapters.ingest")

MANIFEST_FILE = "inforce.yaml"
_MANIFEST_KEYS = ("schema_version", "project", "facets", "rules", "registry", "units", "models", "undeclared_access")
_MODEL_KEYS = ("embedding", "nli", "rerank")
_CHOICE_KEYS = ("path", "threshold")
_PACK_KEYS = ("stock", "path", "params")
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.]*")
_STOCK_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]*(?:/[A-Za-z0-9][A-Za-z0-9_\-]*)*")


def load_manifest(root: Path) -> Manifest:
    """Parse and check ``root/inforce.yaml``; raises InputErrors listing every problem."""
    manifest, warnings = load_manifest_with_warnings(root)
    for warning in warnings:
        logger.warning("%s", warning)
    return manifest


def load_manifest_with_warnings(root: Path) -> tuple[Manifest, list[InputError]]:
    """Like :func:`load_manifest`, returning the warnings (unknown stock packs) too."""
    root = Path(root)
    path = root / MANIFEST_FILE
    file = MANIFEST_FILE
    if path.exists() and not path.is_file():  # a folder, pipe, socket or device: never opened (a pipe would block)
        raise InputErrors(f"{root}: not a project", [
            InputError("not a regular file (a folder, named pipe, socket or device): not read", file=file,
                       hint=f"put the manifest file itself at {root}/{MANIFEST_FILE}")])
    try:
        text = read_bounded_text(path, what="the manifest", file=file, regular=True)
    except InputError as exc:  # not a regular file (a pipe put there since), or over the size limit
        raise InputErrors(f"{root}: not a project", [exc]) from None
    except FileNotFoundError:
        raise InputErrors(
            f"{root}: not a project",
            [
                InputError(
                    f"no {MANIFEST_FILE} in {root}", file=file, hint=f"run: inforce init {root}"
                )
            ],
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputErrors(
            f"{root}: not a project", [InputError(f"cannot read: {exc}", file=file)]
        ) from None
    reader = NodeReader(file)
    try:
        node = compose_yaml(text, file=file)
    except InputError as exc:
        raise InputErrors(f"{file}: invalid manifest", [exc]) from None
    manifest = _manifest(node, reader, root)
    if reader.errors or manifest is None:
        raise InputErrors(f"{file}: invalid manifest", _in_order(reader.errors))
    return manifest, _in_order(reader.warnings)


def _in_order(problems: list[InputError]) -> list[InputError]:
    return sorted(problems, key=lambda p: (p.line or 0, p.col or 0))


def _manifest(node: Node | None, reader: NodeReader, root: Path) -> Manifest | None:
    if node is None or is_null(node):
        reader.error(
            None, "the manifest is empty", field="project", hint="it needs at least `project: NAME`"
        )
        return None
    entries = reader.mapping(node, None)
    if entries is None:
        return None
    reader.check_keys(entries, _MANIFEST_KEYS, None)
    fields: dict[str, object] = {}
    if "project" not in entries:
        reader.error(node, "missing required field 'project'", field="project")
    else:
        name = reader.string(entries["project"][1], "project")
        try:
            fields["project"] = None if name is None else project_name(visible_name(name, "project name"))
        except ValueError as exc:  # "safe\u202etxt": a name that reads otherwise than it is; "a/../b"
            reader.error(entries["project"][1], str(exc), field="project")
    if "schema_version" in entries:
        version_node = entries["schema_version"][1]
        version = reader.integer(version_node, "schema_version")
        if version is not None and version != 1:
            reader.error(
                version_node,
                f"unsupported schema_version {version}",
                field="schema_version",
                hint="this inforce reads version 1",
            )
        fields["schema_version"] = version
    if "facets" in entries and not is_null(entries["facets"][1]):
        fields["facets"] = reader.strings(entries["facets"][1], "facets", pattern=_NAME_RE,
                                           scalar_ok=False)  # `facets: abc` is a slip, not ['abc']
    if "registry" in entries and not is_null(entries["registry"][1]):
        fields["registry"] = reader.string(entries["registry"][1], "registry")
    if "units" in entries and not is_null(entries["units"][1]):
        fields["units"] = _units(entries["units"][1], reader)
    if "models" in entries and not is_null(entries["models"][1]):
        fields["models"] = _models(entries["models"][1], reader, root)
    if "undeclared_access" in entries:
        fields["undeclared_access"] = _undeclared_access(entries["undeclared_access"][1], reader)
    if "rules" in entries and not is_null(entries["rules"][1]):
        items = reader.sequence(entries["rules"][1], "rules", scalar_ok=False) or []
        packs = [_pack(item, index, reader, root) for index, item in enumerate(items)]
        fields["rules"] = tuple(pack for pack in packs if pack is not None)
    if reader.errors or any(value is None for value in fields.values()):
        return None
    return Manifest(**fields)  # type: ignore[arg-type]


def project_name(name: str) -> str:
    """``name`` as a project's name: one segment of a path, as the service's routes
    (``/v1/projects/NAME/...``) and pages carry it and a folder or file may be named after it —
    no ``/`` or ``\\``, not ``.`` or ``..`` (ValueError otherwise). The one rule for every command
    that reads the manifest (ingest, serve, sweep, sweep-all): a name holding ``/`` was ingested,
    served and listed, and then no route could reach it (audit 71 A F4)."""
    if "/" in name or "\\" in name or name.strip(".") == "":
        raise ValueError(f"{name!r} cannot name the project: it is one segment of a path (in the service's "
                         "routes, a report's file name), so no '/' or '\\', and not '.' or '..'")
    return name


def _units(node: Node, reader: NodeReader) -> dict[str, str] | None:
    """``units: {SPELLING: pint unit}``: how this project's documents write units pint does not
    know by that name; each entry must be one the engine's unit table takes
    (``Project.unit_alias_problem``: a unit pint knows, for a spelling not read as another
    unit already), checked here, with its line."""
    entries = reader.mapping(node, "units")
    if entries is None:
        return None
    if not entries:
        return {}
    # here, not above: the engine (and its unit table) is imported only for a manifest naming units
    from inforce.engine import Project

    units: dict[str, str] = {}
    for spelling, (key_node, value_node) in entries.items():
        # a spelling no document can write (empty, padded, an invisible character inside) would
        # never be read: refused at its key, as such a facet, project or pack name is
        problem = _untyped(spelling, "unit spelling")
        if problem is not None:
            reader.error(key_node, problem, field=f"units.{spelling}",
                         hint="the unit as the documents write it, e.g. KSF")
            continue
        target = reader.string(value_node, f"units.{spelling}")
        if target is None:
            continue
        # a unit padded or broken over lines reads as pint trims it: refused as such a key is,
        # never read as something other than what is written
        problem = _untyped(target, "unit") if target.strip() else None
        if problem is not None:
            reader.error(value_node, problem, field=f"units.{spelling}",
                         hint="the pint unit on one line, nothing around it, e.g. klbf / ft ** 2")
            continue
        problem = Project.unit_alias_problem(spelling, target)
        if problem is not None:
            reader.error(value_node, problem, field=f"units.{spelling}",
                         hint="name a pint unit or expression, e.g. ksf, yard ** 2, pound_force / inch ** 2, "
                              "for a spelling inforce does not read already")
            continue
        units[spelling] = target
    return units


#: What ``undeclared_access`` takes, for its errors' hints.
_UNDECLARED_HINT = ("undeclared_access: public (the default: a document declaring neither access nor public: true is "
                    "read by everyone), refuse (such a document is an input error), or a list of groups that alone "
                    "may read it, e.g. undeclared_access: [project-team]")


def _undeclared_access(node: Node, reader: NodeReader) -> str | tuple[str, ...] | None:
    """``undeclared_access``: ``public``, ``refuse`` or a list of group names, each as a document's
    ``access`` list takes it (``group_name``). Written but empty, a list naming no group, an entry
    that is not text (a number, a list, a mapping), or any other word is an error at its line: the
    key says who may read the documents that declare nothing, never to be guessed at."""
    field = "undeclared_access"
    if is_null(node):
        reader.error(node, "undeclared_access has no value", field=field, hint=_UNDECLARED_HINT)
        return None
    if isinstance(node, ScalarNode):
        if node.tag == STR_TAG and node.value in ("public", "refuse"):
            return node.value
        reader.error(node, f"undeclared_access takes public, refuse or a list of groups, not {echoed(node.value)}",
                     field=field, hint=_UNDECLARED_HINT)
        return None
    items = reader.sequence(node, field, scalar_ok=False)
    if items is None:
        return None
    if not items:
        reader.error(node, "undeclared_access lists no group, so no one could read a document declaring no access",
                     field=field, hint=_UNDECLARED_HINT)
        return None
    groups: list[str] = []
    for index, item in enumerate(items):
        if not (isinstance(item, ScalarNode) and item.tag == STR_TAG):
            reader.error(item, f"entry {index + 1} is not a group name (text)", field=field,
                         hint="group names as --groups takes them, e.g. [project-team, qa] (quote a name "
                              "written as a number: \"2024\")")
            continue
        text = item.value
        problem = blank_or_padded(text, "group name") or (
            f"group name {text!r} holds a comma, which separates names" if "," in text else None)
        if problem is None:
            try:
                groups.append(group_name(text))
                continue
            except ValueError as invisible:
                problem = str(invisible)
        reader.error(item, problem, field=field, hint="group names as --groups takes them, e.g. [project-team, qa]")
    return tuple(groups) if len(groups) == len(items) else None


def _untyped(text: str, what: str) -> str | None:
    """Why ``text``, a name the manifest declares, is none anyone types as meant (empty, spaces
    around it: ``blank_or_padded``; a character that cannot be seen, a line break among them:
    ``visible_name``), or None."""
    problem = blank_or_padded(text, what)
    if problem is None:
        try:
            visible_name(text, what)
        except ValueError as exc:
            problem = str(exc)
    return problem


def _models(node: Node, reader: NodeReader, root: Path) -> Models | None:
    """``models: {embedding: NAME|none, nli: {path, threshold}, rerank: {path}}``; a model
    folder that does not exist is an error here, with its line, not at the first question."""
    entries = reader.mapping(node, "models")
    if entries is None:
        return None
    reader.check_keys(entries, _MODEL_KEYS, "models")
    fields: dict[str, object] = {}
    if "embedding" in entries:
        value = entries["embedding"][1]
        name = None if is_null(value) else reader.string(value, "models.embedding")
        if name is not None and (problem := _untyped(name, "embedding model name")) is not None:
            reader.error(value, problem, field="models.embedding", hint="all-MiniLM-L6-v2 (the packaged model) or none")
            return None
        name = None if name is None or name.lower() == "none" else name
        if name is not None and name.lower().removeprefix("sentence-transformers/") != "all-minilm-l6-v2":
            reader.error(value, f"unknown embedding model {name!r}", field="models.embedding",
                         hint="all-MiniLM-L6-v2 (the packaged model) or none")
            return None
        fields["embedding"] = name
        fields["embedding_configured"] = True
    for key in ("nli", "rerank"):
        if key in entries and not is_null(entries[key][1]):
            choice = _model_choice(entries[key][1], f"models.{key}", reader, root)
            if choice is None:
                return None
            fields[key] = choice
    return Models(**fields)  # type: ignore[arg-type]


def _model_choice(node: Node, where: str, reader: NodeReader, root: Path) -> ModelChoice | None:
    entries = reader.mapping(node, where, hint=f"{where}: {{path: models/my-model, threshold: 0.7}}")
    if entries is None:
        return None
    reader.check_keys(entries, _CHOICE_KEYS, where)
    if "path" not in entries:
        reader.error(node, "missing required field 'path' (the local model folder)", field=f"{where}.path")
        return None
    path_node = entries["path"][1]
    relative = reader.string(path_node, f"{where}.path")
    if relative is None:
        return None
    folder = Path(relative) if Path(relative).is_absolute() else root / relative
    if not (folder / "config.json").is_file():
        reader.error(path_node, f"no model folder {relative!r} (config.json missing)", field=f"{where}.path",
                     hint="a local checkpoint folder: config.json, weights and tokenizer files; nothing is downloaded")
        return None
    threshold = 0.5
    if "threshold" in entries:
        threshold_node = entries["threshold"][1]
        value = reader.plain(threshold_node)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < float(value) <= 1:
            reader.error(threshold_node, f"threshold must be a number above 0 and at most 1, got {value!r}",
                         field=f"{where}.threshold")
            return None
        threshold = float(value)
    return ModelChoice(path=relative, threshold=threshold, line=reader.line(node))


def _pack(node: Node, index: int, reader: NodeReader, root: Path) -> RulePackRef | None:
    where = f"rules[{index}]"
    entries = reader.mapping(node, where)
    if entries is None:
        return None
    reader.check_keys(entries, _PACK_KEYS, where)
    named = [key for key in ("stock", "path") if key in entries]
    if len(named) != 1:
        reader.error(
            node,
            "a rules entry names exactly one of `stock` or `path`"
            + (", not both" if named else ""),
            field=where,
            hint="- stock: precedence/aia-style   or   - path: rules/my-pack.yaml",
        )
        return None
    key = named[0]
    value_node = entries[key][1]
    params: dict[str, object] = {}
    if "params" in entries and not is_null(entries["params"][1]):
        params_node = entries["params"][1]
        if reader.mapping(params_node, f"{where}.params") is not None:
            params = reader.plain(params_node)
    if key == "stock":
        name = reader.string(
            value_node,
            f"{where}.stock",
            pattern=_STOCK_RE,
            hint="a stock pack name such as precedence/aia-style",
        )
        if name is None:
            return None
        if name not in stock_pack_names():
            reader.warn(
                value_node,
                f"unknown stock pack {name!r}",
                field=f"{where}.stock",
                hint="stock packs: " + (", ".join(sorted(stock_pack_names())) or "none installed"),
            )
        return RulePackRef(stock=name, params=params, line=reader.line(node))
    relative = reader.string(value_node, f"{where}.path")
    if relative is None:
        return None
    pack_path = root / relative
    if not is_inside(pack_path, root):
        reader.error(value_node, f"pack {relative!r} is outside the project", field=f"{where}.path")
        return None
    if (kind := not_regular(pack_path)) is not None and kind != "a folder":  # the words rules check says too
        reader.error(value_node, f"pack {relative!r} is not a regular file ({kind}): a rule pack is a YAML file",
                     field=f"{where}.path")
        return None
    if not pack_path.is_file():
        reader.error(
            value_node, f"no rule pack file {relative!r} in the project", field=f"{where}.path"
        )
        return None
    return RulePackRef(path=relative, params=params, line=reader.line(node))


def stock_pack_names() -> set[str]:
    """The stock packs inforce ships: ``rules/stock/<name>.yaml`` in ``inforce.rules``."""
    names: set[str] = set()
    try:
        stock = importlib.resources.files("inforce.rules").joinpath("stock")
    except ModuleNotFoundError:
        return names
    pending = [(stock, "")]
    while pending:
        folder, prefix = pending.pop()
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if entry.is_dir():
                pending.append((entry, f"{prefix}{entry.name}/"))
            elif entry.name.endswith(".yaml"):
                names.add(prefix + entry.name[: -len(".yaml")])
    return names
