"""Loading packs: stock names and project files, parameters applied, all problems at once.

A pack either loads whole or raises ``InputErrors`` naming every problem it has; nothing of a
broken pack is ever used. Packs compile once per process (cached by file, size, mtime and
parameters).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from inforce.ontology import InputError, InputErrors, Manifest, NotFoundError, RulePackRef
from inforce.ontology.files import not_regular, read_bounded, read_bounded_text

from .conditions import ConditionFacet
from .lint import duplicate_ids, lint_across_packs, lint_conditions, lint_pack
from .pack import Rule, RulePack
from .ruleset import LoadedPack, RuleSet
from .source import Loc, RuleError, SourceFile, close_matches, plain, read_yaml, validation_problems
from .subjects import (
    MAX_PATTERN_CHARS,
    GradeRule,
    InferenceRule,
    SubjectRule,
    SubjectVocabulary,
)

__all__ = [
    "DEFAULT_SUBJECTS",
    "STOCK_ROOT",
    "CheckReport",
    "ProblemReport",
    "check_report",
    "check_target",
    "display_path",
    "compile_manifest",
    "compile_rules",
    "is_project",
    "load_pack",
    "project_facets",
    "project_packs",
    "read_pack",
    "resolve_pack",
    "stock_pack_names",
]

STOCK_ROOT = Path(__file__).resolve().parent / "stock"
DEFAULT_SUBJECTS = "subjects/default"
_PARAM_RE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_TEST_SUFFIX = ".test.yaml"
_RULE: TypeAdapter[Any] = TypeAdapter(Rule)


def stock_pack_names() -> list[str]:
    """Every stock pack shipped with inforce, by the name a manifest uses (``precedence/none``)."""
    return sorted(
        path.relative_to(STOCK_ROOT).with_suffix("").as_posix()
        for path in STOCK_ROOT.rglob("*.yaml")
        if not path.name.endswith(_TEST_SUFFIX) and "_tests" not in path.parts
    )


def resolve_pack(target: str | Path, root: Path | None = None, *, only: str | None = None) -> tuple[str, Path]:
    """A pack's name and file: a stock name (``precedence/aia-style``) or a path (under ``root``).

    ``only="stock"`` or ``only="path"`` accepts one form (a manifest entry says which it is).
    """
    text = str(target)
    stock = STOCK_ROOT / (text if text.endswith(".yaml") else text + ".yaml")
    path = Path(text) if root is None or Path(text).is_absolute() else root / text
    if only != "stock" and path.is_file():
        return text, path
    if only != "stock" and (kind := not_regular(path)) is not None and kind != "a folder":
        # there, but no regular file (a named pipe, a device, a link to one or in a loop): said so,
        # never "no rule pack" with the stock names offered (audit 85 B F2)
        raise InputError(f"is not a regular file ({kind}): a rule pack is a YAML file", file=str(path),
                         hint="give the pack file itself")
    if only != "path" and not text.startswith((".", "/")) and stock.is_file():
        return text.removesuffix(".yaml"), stock
    raise NotFoundError(
        f"no rule pack {text!r}",
        hint=close_matches(text, stock_pack_names()) or "give a stock pack name or a pack file",
    )


def display_path(path: Path) -> str:
    """A file as messages name it: relative to the working folder when it is under it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, RuntimeError, OSError):  # outside it, or a link in a loop (audit 85 B F1): as given
        return path.as_posix()


def read_pack(
    target: str | Path,
    *,
    root: Path | None = None,
    params: Mapping[str, Any] | None = None,
    facets: Sequence[str] | None = None,
    params_origin: InputError | None = None,
    require_params: bool = True,
    only: str | None = None,
    lint: bool = True,
    params_sent: bool = False,
) -> tuple[LoadedPack | None, list[RuleError]]:
    """A pack and no problems, or no pack and every problem found (never part of a pack).

    ``require_params=False`` lints a pack on its own, where a parameter only a project can
    set (a stock pack's ``source``) is left as written instead of being an error.
    ``lint=False`` skips the rules about rules (still parsed and validated): for a pack whose
    content hash shows it is the one already linted at ingest.
    ``params_sent``: the parameters are the asker's (``--param``, a request's ``params``), for a
    pack named instead of the project's: a problem of theirs is at ``params.NAME``, the hint
    says how to give one, never at the pack's own file or "set it in inforce.yaml", which does
    not apply to a pack named so (audit 71 A F5).
    """
    name, path = resolve_pack(target, root, only=only)
    stat = path.stat()
    return _read_cached(
        name, str(path), stat.st_mtime_ns, stat.st_size,
        json.dumps(dict(params or {}), sort_keys=True, default=str),
        tuple(facets) if facets is not None else None,
        _where(params_origin), require_params, lint, params_sent,
    )


def _where(origin: InputError | None) -> tuple[str | None, int | None]:
    return (origin.file, origin.line) if origin is not None else (None, None)


@lru_cache(maxsize=256)
def _read_cached(
    name: str, file: str, _mtime: int, _size: int, params_json: str,
    facets: tuple[str, ...] | None, params_where: tuple[str | None, int | None], require_params: bool,
    lint: bool = True, params_sent: bool = False,
) -> tuple[LoadedPack | None, list[RuleError]]:
    path = Path(file)
    display = display_path(path)
    try:  # a regular file, size-capped, as every file a project holds
        raw = read_bounded(path, what="the rule pack", file=display, regular=True)
    except InputError as problem:
        return None, [RuleError(problem.message, file=display, hint=problem.hint, code="RP001")]
    try:
        source = read_yaml(display, raw.decode("utf-8"))
    except RuleError as problem:
        return None, [problem]
    except UnicodeDecodeError as problem:
        return None, [RuleError(f"not UTF-8 text: {problem}", file=display, code="RP001")]
    tree = plain(source.tree)
    if not isinstance(tree, dict):
        return None, [source.error((), "RP003", "a rule pack's root is a mapping",
                                   hint="start with `schema_version: 1` and a `rules:` list")]
    given = json.loads(params_json)
    applied, problems = _parameters(name, source, tree, given, params_where, require_params, params_sent)
    rules_tree = tree.get("rules", [])
    if not isinstance(rules_tree, list):
        problems.append(source.error(("rules",), "RP003", "`rules` is a list of rules"))
        rules_tree = []
    rules_tree = _interpolate(source, rules_tree, ("rules",), applied, problems)
    head: RulePack | None = None
    try:
        head = RulePack.model_validate({**tree, "rules": []})
    except ValidationError as invalid:
        problems += validation_problems(source, invalid, RulePack)
    valid: list[tuple[int, Any]] = []
    for index, item in enumerate(rules_tree):
        try:
            valid.append((index, _RULE.validate_python(item)))
        except ValidationError as invalid:
            problems += validation_problems(source, invalid, RulePack, ("rules", index))
    problems += duplicate_ids(source, rules_tree)
    too_many = _too_many_entries(source, rules_tree)
    if too_many:  # refused before any entry is compiled or linted: that is the cost refused
        return None, sorted(problems + too_many, key=lambda p: (p.line or 0, p.col or 0))
    if lint:
        problems += lint_pack(source, valid, facets)
        problems += lint_conditions(source, _valid_conditions(head, tree.get("conditions")))
    if problems:
        return None, sorted(problems, key=lambda p: (p.line or 0, p.col or 0))
    pack = RulePack.model_validate({**tree, "rules": [rule for _, rule in valid]})
    digest = hashlib.sha256(raw + b"\0" + json.dumps(applied, sort_keys=True, default=str).encode())
    return LoadedPack(name, display, pack, applied, digest.hexdigest(), source), []


#: The most entries one list of a supersession rule may hold (its ``no_change``, each action's
#: ``verbs``, its ``wordings``...), and all of a pack's supersession lists together. Each entry is
#: a pattern searched in every item an addendum holds: 5,000 ``no_change`` regexes took an
#: ordinary ingest from 5 s to 120 s, and the pack file's size admitted 130,000 (audit 110 B F2).
#: The stock addenda pack, in nine languages, holds 277 entries in its longest list and 1,433 in all.
MAX_LIST_ENTRIES = 1_000
MAX_PACK_ENTRIES = 5_000
#: The most wordings one supersession rule reads (``SupersessionRule.wordings``: its ``patterns``,
#: and each action joined with each target of its kinds): a product, so 300 targets and 300
#: actions, under both bounds above, were 90,000 wordings and held an ingest 114 s (audit 111 B
#: F1). The stock addenda pack reads 330.
MAX_RULE_WORDINGS = 3_000


def _too_many_entries(source: SourceFile, rules_tree: list[Any]) -> list[RuleError]:
    """A supersession rule reading more than ``MAX_RULE_WORDINGS`` wordings (at its ``actions``),
    a list of one past ``MAX_LIST_ENTRIES`` (at that list), or a pack whose supersession lists
    together pass ``MAX_PACK_ENTRIES`` (at the rule whose lists pass it): always checked, linted
    or not, before anything is compiled."""
    problems: list[RuleError] = []
    total = 0
    for index, rule in enumerate(rules_tree):
        if not isinstance(rule, dict) or rule.get("kind") != "supersession":
            continue
        wordings = _wordings_written(rule)
        if wordings > MAX_RULE_WORDINGS:
            problems.append(source.error(
                ("rules", index, "actions"), "RP003",
                f"the rule reads {wordings:,} wordings (its patterns, and each action with each target of its "
                f"kinds), more than the {MAX_RULE_WORDINGS:,} a rule may read", at_key=True,
                hint="each action is read with every target: write fewer of each, or give an action the "
                     "target kinds it is written for (targets: [paragraph])"))
        for key, value in rule.items():
            lists = [((key,), value)] if isinstance(value, list) else [
                ((key, name), entries) for name, entries in value.items() if isinstance(entries, list)
            ] if isinstance(value, dict) else []
            for loc, entries in lists:
                total += len(entries)
                if len(entries) > MAX_LIST_ENTRIES:
                    problems.append(source.error(
                        ("rules", index, *loc), "RP003",
                        f"{'.'.join(map(str, loc))} holds {len(entries):,} entries, more than the "
                        f"{MAX_LIST_ENTRIES:,} a list may hold", at_key=True,
                        hint="each entry is searched in every item read: keep the list to what the documents write"))
        if total > MAX_PACK_ENTRIES:
            problems.append(source.error(
                ("rules", index), "RP003", f"the pack's supersession rules hold more than {MAX_PACK_ENTRIES:,} "
                "list entries in all by this rule", hint="each entry is searched in every item read: split the pack, or keep "
                "its lists to what the documents write"))
            break
    return problems


def _wordings_written(rule: dict[str, Any]) -> int:
    """How many wordings a supersession rule as written reads (``SupersessionRule.wordings``'s
    count, counted before anything is validated or compiled)."""
    targets = [t for t in rule.get("targets") or () if isinstance(t, dict)] if isinstance(rule.get("targets"), list) else []
    actions = [a for a in rule.get("actions") or () if isinstance(a, dict)] if isinstance(rule.get("actions"), list) else []
    patterns = rule.get("patterns")
    joined = sum(sum(1 for target in targets if not isinstance(action.get("targets"), list)
                     or target.get("target") in action["targets"]) for action in actions)
    return joined + (len(patterns) if isinstance(patterns, list) else 0)


def _valid_conditions(head: RulePack | None, written: Any) -> list[tuple[int, ConditionFacet]]:
    """The pack's valid facets of ``conditions:`` with their places (each read alone when
    another part of the file is invalid, so the lint still names every problem at once)."""
    if head is not None:
        return list(enumerate(head.conditions or ()))
    valid = []
    for index, item in enumerate(written if isinstance(written, list) else ()):
        try:
            valid.append((index, ConditionFacet.model_validate(item)))
        except ValidationError:
            continue  # its problem is the root's validation problem
    return valid


def _parameters(
    name: str, source: SourceFile, tree: dict[str, Any], given: dict[str, Any], where: tuple[str | None, int | None],
    require: bool, sent: bool = False,
) -> tuple[dict[str, Any], list[RuleError]]:
    """The parameters applied, and the problems of those ``given``; ``name`` is the pack as its
    user named it (a stock name, or the path as given, relative to the project), never the file
    it was read from (a server's folder is not the client's to see). ``sent``: ``given`` are the
    asker's (``read_pack``'s ``params_sent``), each problem at ``params.NAME`` and no file."""
    declared = tree.get("params") if isinstance(tree.get("params"), dict) else {}
    problems: list[RuleError] = []
    applied: dict[str, Any] = {}
    for key, spec in declared.items():
        default = spec.get("default") if isinstance(spec, dict) else None
        applied[key] = given.get(key, default)
        if applied[key] is None and require and sent:
            problems.append(RuleError(
                f"{name}'s parameter {key!r} has no default and is not given", code="RP011", field=f"params.{key}",
                hint=f"give it with the pack: --param {key}=... (a request's params: {{\"{key}\": ...}})"))
        elif applied[key] is None and require:
            problems.append(source.error(
                ("params", key), "RP011", f"parameter {key!r} has no default and the manifest does not set it",
                hint=f"set it in inforce.yaml: params: {{{key}: ...}}", at_key=True,
            ))
    for key in given:
        if key not in declared:
            problems.append(RuleError(
                f"{name} declares no parameter {key!r}", file=None if sent else where[0] or source.name,
                line=None if sent else where[1], code="RP011", field=f"params.{key}",
                hint=close_matches(key, declared) or "this pack takes no parameters",
            ))
    return applied, problems


def _interpolate(source: SourceFile, node: Any, loc: Loc, params: dict[str, Any], problems: list[RuleError]) -> Any:
    """``${name}`` replaced by the parameter's value, in every string under ``rules``."""
    if isinstance(node, dict):
        return {k: _interpolate(source, v, loc + (k,), params, problems) for k, v in node.items()}
    if isinstance(node, list):
        return [_interpolate(source, v, loc + (i,), params, problems) for i, v in enumerate(node)]
    if not isinstance(node, str) or "${" not in node:
        return node
    for name in _PARAM_RE.findall(node):
        if name not in params:
            problems.append(source.error(
                loc, "RP011", f"${{{name}}} is not a parameter of this pack",
                hint=close_matches(name, params) or "declare it under params: with a default",
            ))
    # an unset parameter stays as written: its own RP011 says so, once
    whole = _PARAM_RE.fullmatch(node)
    if whole and params.get(whole.group(1)) is not None:
        return params[whole.group(1)]
    return _PARAM_RE.sub(
        lambda m: m.group(0) if params.get(m.group(1)) is None else str(params[m.group(1)]), node
    )


def load_pack(
    target: str | Path, *, root: Path | None = None, params: Mapping[str, Any] | None = None,
    facets: Sequence[str] | None = None, lint: bool = True, params_sent: bool = False,
) -> LoadedPack:
    """One pack, whole, or InputErrors naming every problem it has (``params_sent``: ``read_pack``'s)."""
    loaded, problems = read_pack(target, root=root, params=params, facets=facets, lint=lint, params_sent=params_sent)
    if loaded is None:
        raise InputErrors(f"rule pack {target} does not load", problems)
    return loaded


def compile_rules(
    refs: Sequence[RulePackRef], root: Path, facets: Sequence[str] = (), *, manifest_file: str = "inforce.yaml",
    lint: bool = True,
) -> RuleSet:
    """The manifest's ``rules:`` as one rule set (``subjects/default`` added unless a pack has subjects).

    Every pack is read before anything is raised, so one run reports every problem of every pack.
    """
    problems: list[InputError] = []
    loaded: list[LoadedPack] = []
    for ref in refs:
        origin = InputError("", file=str(root / manifest_file), line=ref.line)
        try:
            pack, found = read_pack(
                ref.stock if ref.stock is not None else str(ref.path),
                root=None if ref.stock is not None else root,
                params=ref.params, facets=facets, params_origin=origin,
                only="stock" if ref.stock is not None else "path", lint=lint,
            )
        except NotFoundError as missing:
            problems.append(InputError(str(missing), file=origin.file, line=ref.line, field="rules", code="RP003"))
            continue
        problems.extend(found)
        if pack is not None:
            loaded.append(pack)
    if not any(pack.pack.of_kind("subject") for pack in loaded) and not problems:
        loaded.append(load_pack(DEFAULT_SUBJECTS, facets=facets, lint=lint))
    declaring = [pack for pack in loaded if pack.pack.conditions is not None]
    for pack in declaring[1:]:  # one vocabulary of conditions: two would read one text two ways
        at = pack.source.error(("conditions",), "RP007", f"conditions are declared by {declaring[0].file} already",
                               hint="declare them in one pack", at_key=True) if pack.source is not None else None
        problems.append(at or InputError(f"conditions are declared by {declaring[0].file} already", file=pack.file,
                                         field="conditions", code="RP007"))
    if lint:
        problems.extend(lint_across_packs([(p.source, p.pack.rules) for p in loaded if p.source is not None]))
    if not problems:
        problems.extend(_vocabulary_too_large(loaded))
    if problems:
        raise InputErrors(f"{root}: the rule packs do not load", problems)
    return RuleSet(packs=tuple(loaded), facets=tuple(facets))


def _vocabulary_too_large(loaded: Sequence[LoadedPack]) -> list[InputError]:
    """The subject vocabulary of all the packs, when it writes more than ``MAX_PATTERN_CHARS``
    characters of pattern: an error at the subject rule by which it passes the bound (packs and
    rules in their order), before anything is compiled (audits 112 B, 113 B)."""
    vocabulary = SubjectVocabulary.of_rules([rule for pack in loaded for rule in pack.pack.rules])
    size = vocabulary.written_size
    if size <= MAX_PATTERN_CHARS:
        return _vocabulary_too_wide(loaded, vocabulary)
    message = (f"the subject vocabulary writes about {size:,} characters of pattern (each synonym and word list's "
               f"words and their abbreviations), more than the {MAX_PATTERN_CHARS:,} a project may compile")
    hint = "fewer or shorter subjects and synonyms, or fewer abbreviations of the words they share"
    total = 0
    for pack in loaded:
        for index, rule in enumerate(pack.pack.rules):
            if not isinstance(rule, SubjectRule | InferenceRule | GradeRule) or getattr(rule, "status", "") == "removed":
                continue  # as ``SubjectVocabulary.of_rules`` reads the packs
            total += vocabulary.rule_size(rule)
            if total > MAX_PATTERN_CHARS:
                message += "; it passes the bound at this rule"
                if pack.source is not None:
                    return [pack.source.error(("rules", index), "RP003", message, hint=hint)]
                return [InputError(message, file=pack.file, field="rules", code="RP003", hint=hint)]
    return [InputError(message, field="rules", code="RP003", hint=hint)]


def _vocabulary_too_wide(loaded: Sequence[LoadedPack], vocabulary: SubjectVocabulary) -> list[InputError]:
    """An error at a subject rule whose synonyms the vocabulary would try one after another, more
    than ``MAX_TRIED_AT_ONCE`` of them, at one place of every text (audits 116-118 B)."""
    said = vocabulary.too_wide()
    if said is None:
        return []
    message, hint = f"the subject vocabulary {said[0]}", said[1]
    rule = vocabulary.tried_in_a_clause[2]
    for pack in loaded:
        for index, candidate in enumerate(pack.pack.rules):
            if candidate is rule:
                if pack.source is not None:
                    return [pack.source.error(("rules", index), "RP003", message, hint=hint)]
                return [InputError(message, file=pack.file, field="rules", code="RP003", hint=hint)]
    return [InputError(message, field="rules", code="RP003", hint=hint)]


def compile_manifest(manifest: Manifest, root: str | Path, *, lint: bool = True) -> RuleSet:
    """The rule set a project's manifest names (``lint=False``: see ``read_pack``)."""
    return compile_rules(manifest.rules, Path(root), manifest.facets, lint=lint)


def project_facets(path: Path) -> tuple[Path, tuple[str, ...]] | None:
    """The project holding ``path`` (the nearest folder above with inforce.yaml) and its facets."""
    for folder in [path, *path.resolve().parents] if path.is_dir() else path.resolve().parents:
        manifest = folder / "inforce.yaml"
        if manifest.is_file():
            shown = display_path(manifest)
            text = read_bounded_text(manifest, what="the manifest", file=shown, regular=True)
            tree = plain(read_yaml(shown, text).tree) or {}
            facets = tree.get("facets") if isinstance(tree, dict) else None
            return folder, tuple(str(f) for f in facets or ())
    return None


def check_target(target: str | Path | None) -> list[InputError]:
    """Every problem of a stock pack, a pack file, a project's packs, or (None) every stock pack."""
    if target is None:
        problems: list[InputError] = []
        for name in stock_pack_names():
            problems.extend(read_pack(name, require_params=False)[1])
        return problems
    path = Path(target)
    if is_project(path):
        return project_packs(path)[1]
    project = project_facets(path) if path.exists() else None
    facets = project[1] if project is not None else None
    return list(read_pack(target, facets=facets, require_params=False)[1])


def is_project(path: Path) -> bool:
    """Whether ``path`` is a project folder (one holding inforce.yaml): ``rules check`` and
    ``rules fmt`` read the packs its manifest lists, never the manifest as a pack."""
    return path.is_dir() and (path / "inforce.yaml").is_file()


def project_packs(root: Path) -> tuple[list[Path], list[InputError]]:
    """A project's own pack files (its manifest's ``path:`` entries, in its order; stock packs
    are inforce's) and every problem of its packs, as ``rules check ROOT`` finds them."""
    shown = display_path(root / "inforce.yaml")
    source = read_yaml(shown, read_bounded_text(root / "inforce.yaml", what="the manifest", file=shown, regular=True))
    tree = plain(source.tree)
    entries = tree.get("rules") or [] if isinstance(tree, dict) else []
    try:
        manifest = Manifest.model_validate({**tree, "rules": [
            {**entry, "line": source.locate(("rules", i))[0]} if isinstance(entry, dict) else entry
            for i, entry in enumerate(entries)
        ]})
    except ValidationError as invalid:
        return [], [InputError(str(invalid), file=str(root / "inforce.yaml"), code="RP003")]
    files = []
    for ref in manifest.rules:
        if ref.path is not None:
            try:
                files.append(resolve_pack(ref.path, root, only="path")[1])
            except NotFoundError:
                continue  # compile_manifest names it, at its line of the manifest
    try:
        compile_manifest(manifest, root)
    except InputErrors as group:
        return files, list(group.exceptions)  # type: ignore[arg-type]
    return files, []


class ProblemReport(BaseModel):
    """One problem of a rule pack, as ``inforce rules check --format json`` prints it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str | None
    line: int | None
    col: int | None
    code: str | None
    field: str | None
    message: str
    hint: str | None


class CheckReport(BaseModel):
    """What ``rules check`` checked and every problem it found."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    checked: tuple[str, ...]
    problems: tuple[ProblemReport, ...]


def check_report(target: str | Path | None) -> CheckReport:
    """``check_target`` as a typed report (the packs checked, each problem's place and code)."""
    problems = check_target(target)
    return CheckReport(
        checked=(str(target),) if target is not None else tuple(stock_pack_names()),
        problems=tuple(
            ProblemReport(file=p.file, line=p.line, col=p.col, code=p.code, field=p.field,
                          message=p.message, hint=p.hint) for p in problems
        ),
    )
