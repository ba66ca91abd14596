"""Shared by every test: the support modules on sys.path, and the bundled examples ingested once.

Tests live in folders by area (ontology/, rules/, engine/..., ingest/, cli/, report/, models/,
examples/, bench/, packaging/); the modules they share (bench_scripts, corpus_writer,
docx_writer, lazy_modules, source_trees, store_factory, sweep_samples, tiny_models) live once
in support/ and are imported by name. The path is added here, once, rather than by each test
file.
"""
from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SUPPORT = TESTS / "support"
EXAMPLES = TESTS.parent / "examples"

if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))


@pytest.fixture(autouse=True)
def _allocations_as_a_fresh_process() -> object:
    """An erasure leaves the C allocator filling every block for the rest of its process (by
    design: ``engine/store/_heap.py``); a CLI or service erasure run in a test's process would
    make every later test there pay that CPU, so each test ends it, as each CLI process does."""
    yield
    from inforce.engine.store._heap import fill_allocations

    fill_allocations(False)


@pytest.fixture(scope="session")
def ingested_example(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``ingested_example(name)``: a copy of ``examples/NAME`` (without its ``.inforce/``),
    ingested once per test process and shared by every test that asks for it.

    For tests that only read the project (open it, ask the CLI about it, write their output to
    their own tmp_path). A test that edits, re-ingests, embeds or restricts a project makes its
    own copy: this one is seen by every later test in the process. Under pytest-xdist each
    worker is a process, so each builds its own copy and none is shared across processes.
    """
    from inforce.adapters.ingest.pipeline import ingest_project

    built: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in built:
            root = tmp_path_factory.mktemp("example") / name
            shutil.copytree(EXAMPLES / name, root, ignore=shutil.ignore_patterns(".inforce"))
            ingest_project(root)
            built[name] = root
        return built[name]

    return get
