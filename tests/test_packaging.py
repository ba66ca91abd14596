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
