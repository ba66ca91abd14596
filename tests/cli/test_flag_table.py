"""The engine speaks domain fields, the CLI speaks flags (issue 20, finding 4): no string under
``engine/`` names a command-line flag, every field an engine error names is a domain name, and
the one table in ``adapters/cli/_common.py`` turns those a person types into the flag."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._common import FLAGS, flag, shown
from inforce.ontology import InputError

from source_trees import parsed

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: ``--valid-at``, ``--pack``: a flag as a person types it (not ``--`` alone, not an em rule)
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
#: options of other programs the engine runs, never inforce's own (git's end of options, before a ref
#: the caller gives, so that the ref is never read as an option: audit 23q L1)
_OTHER_PROGRAMS = frozenset({"--end-of-options"})
#: a domain field: ``valid_at``, ``context.attributes``, ``supersedes[0].target``
_DOMAIN = re.compile(r"^[a-z_][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z_][a-z0-9_]*(?:\[\d+\])?)*$")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _engine_modules() -> list[tuple[Path, ast.AST]]:
    return [(path, parsed(path)) for path in sorted(ENGINE.rglob("*.py"))]


def _strings(node: ast.AST) -> list[str]:
    """The literal text of a string constant or an f-string's fixed parts."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(part.value, str)]
    return []


def _error_fields() -> dict[str, list[str]]:
    """Every constant ``field=`` an engine module passes to an error, with where."""
    fields: dict[str, list[str]] = {}
    for path, tree in _engine_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "field" and isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, str):
                        fields.setdefault(keyword.value.value, []).append(f"{path.name}:{node.lineno}")
    return fields


def test_no_string_in_the_engine_names_a_cli_flag():
    offending = []
    for path, tree in _engine_modules():
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if id(node) in docstrings:
                continue
            for text in _strings(node):
                if any(flag not in _OTHER_PROGRAMS for flag in _FLAG.findall(text)):
                    offending.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}: {text!r}")
    assert offending == [], "\n".join(offending)


def test_the_grep_itself_finds_a_flag():
    tree = ast.parse('raise InputError("x", field="--valid-at", hint=f"pass --pack {name}")')
    assert {t for node in ast.walk(tree) for t in _strings(node) if _FLAG.search(t)} == {"--valid-at", "pass --pack "}


def test_every_field_an_engine_error_names_is_a_domain_field():
    fields = _error_fields()
    assert {"valid_at", "context", "pack", "params", "k", "sources", "tier", "subject"} <= set(fields)
    assert {"valid_at", "context", "pack", "params", "k", "tier", "subject"} <= set(FLAGS)
    not_domain = {field: where for field, where in fields.items() if not _DOMAIN.match(field)}
    assert not_domain == {}


def _cli_parameters() -> set[str]:
    """Every option (``--valid-at``) and argument (``LOCATOR-B``) of every command."""
    group = typer.main.get_command(app)
    found: set[str] = set()
    pending = [group]
    while pending:
        command = pending.pop()
        if hasattr(command, "list_commands"):
            context = typer.main.click.Context(command) if hasattr(typer.main, "click") else None
            for name in command.list_commands(context):
                pending.append(command.get_command(context, name))
            continue
        for parameter in command.params:
            if parameter.param_type_name == "option":
                found.update(parameter.opts)
            else:
                found.add(parameter.metavar or parameter.name.upper())
    return found


def test_every_flag_in_the_table_is_a_real_option_or_argument():
    parameters = _cli_parameters()
    assert {"--valid-at", "--pack", "--tier", "LOCATOR-B"} <= parameters
    assert {field: name for field, name in FLAGS.items() if name not in parameters} == {}


def test_each_engine_field_renders_as_its_flag_or_as_itself():
    for field in _error_fields():
        rendered = flag(field)
        assert rendered == FLAGS.get(field, field)
        if field not in FLAGS:
            assert not rendered.startswith("-")  # an answer file's field, a record's: shown as written


def test_an_error_is_rendered_with_the_flag_and_keeps_its_domain_form():
    problem = InputError("the date the question is about", field="valid_at", reason="required",
                         hint="inforce never assumes today")
    assert str(problem) == "valid_at is required: the date the question is about (hint: inforce never assumes today)"
    assert shown(problem) == "--valid-at is required: the date the question is about (hint: inforce never assumes today)"
    assert problem.field == "valid_at"  # rendering copies; the error is unchanged
    answer_field = InputError("not a date", field="context.valid_at")
    assert shown(answer_field) == str(answer_field)


def test_the_cli_shows_the_flag_the_engine_did_not_name(tmp_path: Path):
    project = tmp_path / "empty"
    assert CliRunner().invoke(app, ["init", str(project)]).exit_code == 0
    assert CliRunner().invoke(app, ["ingest", str(project)]).exit_code == 0
    result = CliRunner().invoke(app, ["precedence", str(project), "A#1", "B#2"])
    assert result.exit_code == 2
    assert "--valid-at is required" in result.stderr and "today" in result.stderr
    result = CliRunner().invoke(app, ["precedence", str(project), "A#1", "B#2", "--valid-at", "2026-05-01",
                                      "--param", "source=x"])
    assert result.exit_code == 2 and "--param:" in result.stderr
