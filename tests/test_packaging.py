"""The wheel carries every subpackage, and each layer imports only the layers below it."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {"ontology": 0, "rules": 1, "engine": 2, "adapters": 3}


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_package_folder_is_listed():
    setuptools = _pyproject()["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    folder_of = {package: folder for package, folder in setuptools["package-dir"].items()}
    found = set()
    for top in LAYERS:
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT)
            found.add("inforce." + ".".join(rel.parts))
    for data_folder in ("rules/stock", "rules/schema"):
        for folder in [ROOT / data_folder, *(p for p in (ROOT / data_folder).rglob("*") if p.is_dir())]:
            if any(folder.glob("*.yaml")) or any(folder.glob("*.json")) or folder.name == "stock":
                found.add("inforce." + ".".join(folder.relative_to(ROOT).parts))
    assert found - listed == set(), "folders missing from [tool.setuptools] packages"
    for package in listed - {"inforce"}:
        folder = package.removeprefix("inforce.").replace(".", "/")
        assert folder_of.get(package, folder) == folder, package
        assert (ROOT / folder).is_dir(), f"{package} is listed but {folder}/ does not exist"


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
    return found


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_dependencies_point_down(layer):
    own = LAYERS[layer]
    for path in (ROOT / layer).rglob("*.py"):
        for module, line in _imports(path):
            parts = module.split(".")
            if parts[0] in LAYERS:
                pytest.fail(f"{path}:{line}: bare import {module!r}; use inforce.{module}")
            if parts[0] == "inforce" and len(parts) > 1 and parts[1] in LAYERS:
                assert LAYERS[parts[1]] <= own, f"{path}:{line}: {layer} imports {module}"


def test_only_the_store_imports_kuzu():
    for top in LAYERS:
        for path in (ROOT / top).rglob("*.py"):
            for module, line in _imports(path):
                if module.split(".")[0] == "kuzu":
                    assert "engine/store" in path.as_posix(), f"{path}:{line} imports kuzu"


def test_core_layers_do_not_import_torch():
    heavy = {"torch", "sentence_transformers", "transformers"}
    for top in ("ontology", "rules", "engine"):
        for path in (ROOT / top).rglob("*.py"):
            for module, line in _imports(path):
                assert module.split(".")[0] not in heavy, f"{path}:{line} imports {module}"


def test_the_cli_enters_the_engine_only_by_its_front():
    """The CLI parses, calls ``inforce.engine`` and renders: no engine submodule is its business."""
    for path in (ROOT / "adapters" / "cli").rglob("*.py"):
        for module, line in _imports(path):
            if module.startswith("inforce.engine"):
                assert module == "inforce.engine", f"{path}:{line}: imports {module}; use `from inforce.engine import ...`"


def test_the_asof_package_has_no_import_cycle():
    """Modules of ``engine/asof`` import only modules below them (relative imports at run time)."""
    folder = ROOT / "engine" / "asof"
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        runtime = [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1]
        graph[path.stem] = {node.module for node in runtime if node.module}
    graph.pop("__init__", None)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = [name for name in graph if reaches(name, name, {name})]
    assert not cycles, f"import cycles through {cycles}"


PUBLIC = {
    "inforce.engine": {"Project", "AsOfAnswer", "EligibilityResult", "PrecedenceResult", "History", "LagReport",
                       "ProjectStats", "ProvisionView", "project_lag", "index_build_id", "run_test_file"},
    "inforce.engine.asof": {"AsOfIndex", "AsOfAnswer", "in_force_position", "in_force_segments"},
    "inforce.ontology": {"Locator", "Document", "Refusal", "AccessRestrictedError", "ReasonCode", "OnLapse"},
    "inforce.rules": {"RuleSet", "compile_manifest", "load_pack", "check_report", "CheckReport"},
    "inforce.engine.store": {"GraphStore", "IngestTransaction", "StoreStats"},
    "inforce.adapters.ingest": {"parse_document", "discover_documents", "load_manifest", "check_corpus"},
}


@pytest.mark.parametrize("package", sorted(PUBLIC))
def test_each_front_exports_what_it_means_to(package):
    import importlib

    module = importlib.import_module(package)
    exported = set(module.__all__)
    assert PUBLIC[package] <= exported, PUBLIC[package] - exported
    assert all(hasattr(module, name) for name in exported), "a name in __all__ does not exist"
    assert not any(name.startswith("_") for name in exported)


def test_every_json_output_is_a_model_dump():
    """The CLI never hand-builds a JSON document: each one is a typed result's dump."""
    for path in (ROOT / "adapters" / "cli").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "emit_json":
                argument = node.args[0]
                assert not isinstance(argument, ast.Dict | ast.List | ast.DictComp | ast.ListComp), (
                    f"{path}:{node.lineno}: emit_json of a hand-built {type(argument).__name__}")
                assert not (isinstance(argument, ast.Call) and getattr(argument.func, "attr", "") == "model_dump"), (
                    f"{path}:{node.lineno}: pass the model itself")
