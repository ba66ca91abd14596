"""The wheel carries every subpackage, and each layer imports only the layers below it."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from source_trees import parsed

ROOT = Path(__file__).resolve().parents[2]
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
    tree = parsed(path)
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


def test_only_engine_ray_imports_ray():
    for top in LAYERS:
        for path in (ROOT / top).rglob("*.py"):
            for module, line in _imports(path):
                if module.split(".")[0] == "ray":
                    assert path == ROOT / "engine" / "_ray.py", f"{path}:{line} imports {module}"


def test_core_layers_do_not_import_torch():
    heavy = {"torch", "sentence_transformers", "transformers"}
    for top in ("ontology", "rules", "engine"):
        for path in (ROOT / top).rglob("*.py"):
            for module, line in _imports(path):
                assert module.split(".")[0] not in heavy, f"{path}:{line} imports {module}"


def test_adapters_enter_the_engine_only_by_its_front():
    """Every adapter (CLI, ingest readers, model backends, report writers) parses, calls
    ``inforce.engine`` and renders: no engine submodule is its business."""
    for path in (ROOT / "adapters").rglob("*.py"):
        for module, line in _imports(path):
            if module.startswith("inforce.engine"):
                assert module == "inforce.engine", f"{path}:{line}: imports {module}; use `from inforce.engine import ...`"


def test_the_engine_exports_at_most_twenty_names():
    """The front, its options and the protocols adapters implement; results live in the ontology."""
    import inforce.engine

    assert len(inforce.engine.__all__) <= 20, sorted(inforce.engine.__all__)
    assert len(set(inforce.engine.__all__)) == len(inforce.engine.__all__)


def test_every_front_result_is_an_ontology_type():
    """What a ``Project`` member returns is a type of ``inforce.ontology`` (or the front itself,
    its options, a plain value): an adapter renders it without importing any more of the engine,
    and ``inforce.engine`` exports no result type."""
    import inspect

    import inforce.engine
    import inforce.ontology
    from inforce.engine import Project

    front = {"Project", "ModelBackends", "Snapshot", "Path", "str", "bool", "None"}
    for name, member in inspect.getmembers(Project):
        if name.startswith("_"):
            continue
        function = member.fget if isinstance(member, property) else member
        returned = function.__annotations__["return"]  # a string: the engine uses postponed annotations
        for part in (p.strip() for p in returned.split("|")):
            assert part in front or part in inforce.ontology.__all__, f"Project.{name} returns {part}"
    results = set(inforce.ontology.__all__) & set(inforce.engine.__all__)
    assert not results, f"inforce.engine exports ontology types {sorted(results)}"


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(("inforce", *parts))


def _import_graph(folder: str) -> dict[str, set[str]]:
    """Module of ``folder`` → the modules of it that it imports, from the AST: every import, at
    module level, under ``TYPE_CHECKING`` or inside a function (a loop hidden in any of them is
    a loop). A package's ``__init__`` re-exporting its own modules is not an edge back into them."""
    modules = {_module_name(path): path for path in (ROOT / folder).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(parsed(path)):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                targets = [origin] + [f"{origin}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not (path.name == "__init__.py" and target.startswith(name + ".")):
                    edges.add(target)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_hidden_loop():
    """The check below would pass vacuously if the finder saw no loops: it must see this one."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_engine_module_imports_another_in_a_loop():
    """No loop among ``engine/`` modules, hidden behind ``TYPE_CHECKING`` or a function-level import or not."""
    graph = _import_graph("engine")
    assert "inforce.engine.project" in graph and graph["inforce.engine.project"], "the graph was not built"
    assert _cycles(graph) == [], "import loops in engine/"


def test_no_ingest_reader_imports_another_in_a_loop():
    """The format readers share ``adapters/ingest/parsing``; none reaches back into the one that dispatches to it."""
    graph = _import_graph("adapters/ingest")
    assert "inforce.adapters.ingest.parsing" in graph["inforce.adapters.ingest.akn"]
    assert _cycles(graph) == []


def test_the_asof_package_has_no_import_cycle():
    """Modules of ``engine/asof`` import only modules below them (relative imports at run time)."""
    folder = ROOT / "engine" / "asof"
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        tree = parsed(path)
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
    "inforce.engine": {"Project", "ModelBackends", "Embedder", "EntailmentModel", "Reranker", "DocumentReader"},
    "inforce.engine.asof": {"AsOfIndex", "AsOfView", "in_force_position", "in_force_segments"},
    "inforce.ontology": {"Locator", "Document", "Refusal", "AccessRestrictedError", "ReasonCode", "OnLapse",
                         "ProvisionView", "DateChoice", "Replay", "read_record", "AsOfAnswer", "History",
                         "EligibilityResult", "Explanation", "Facts", "ResolveResult", "IngestResult",
                         "IngestSummary", "EmbedReport", "RuleTestReport", "SweepOutcome"},
    "inforce.rules": {"RuleSet", "compile_manifest", "load_pack", "check_report", "CheckReport"},
    "inforce.engine.store": {"GraphStore", "IngestTransaction"},
    "inforce.adapters.ingest": {"parse_document", "discover_documents", "load_manifest", "FileReader"},
    "inforce.engine.ingest": {"DocumentReader", "check_corpus", "default_reader", "ingest"},
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
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "emit_json":
                argument = node.args[0]
                assert not isinstance(argument, ast.Dict | ast.List | ast.DictComp | ast.ListComp), (
                    f"{path}:{node.lineno}: emit_json of a hand-built {type(argument).__name__}")
                assert not (isinstance(argument, ast.Call) and getattr(argument.func, "attr", "") == "model_dump"), (
                    f"{path}:{node.lineno}: pass the model itself")
