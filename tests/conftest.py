"""Shared by every test: the support modules on sys.path, and the bundled examples ingested once.

Tests live in folders by area (ontology/, rules/, engine/..., ingest/, cli/, report/, models/,
examples/, bench/, packaging/); the modules they share (bench_scripts, corpus_writer,
docx_writer, lazy_modules, source_trees, store_factory, sweep_samples, tiny_models) live once
in support/ and are imported by name. The path is added here, once, rather than by each test
file.
"""
from __future__ import annotations

import fcntl
import os
import pickle
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

from project_copies import ingest_example  # noqa: E402 - found through the path just added


def pytest_configure(config: pytest.Config) -> None:
    """The collector paced as in a CLI process (``adapters/cli/app.py``: ``main`` raises the
    young-generation threshold), which the in-process CLI calls here otherwise run without: a
    worker that has run hundreds of tests holds ~0.5 M objects, and at the interpreter's default
    pace its full collections (~0.3 s each, finding almost nothing) were ~7 % of its CPU.
    Cycles are still collected, only less often."""
    import gc

    from inforce.adapters.cli.app import GC_THRESHOLD

    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection loaded (modules, test items: ~180 k objects, alive to the end of the run)
    kept out of every later collection, as ``main`` freezes a command's objects before it exits."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _allocations_as_a_fresh_process() -> object:
    """An erasure leaves the C allocator filling every block for the rest of its process (by
    design: ``engine/store/_heap.py``); a CLI or service erasure run in a test's process would
    make every later test there pay that CPU, so each test ends it, as each CLI process does."""
    yield
    from inforce.engine.store._heap import fill_allocations

    fill_allocations(False)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: without it, never called
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under ``--dist loadfile`` (``make test``) the files of tests/models/ are one unit of work,
    run by one worker: torch and sentence-transformers take seconds to import and each loaded
    model is kept by its process, so two workers sharing the folder would pay both twice. Every
    other file is still a unit of its own. Any other ``--dist`` keeps pytest-xdist's scheduler."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    config.option.loadscopereorder = False  # the order pytest_collection_modifyitems gives is kept

    class ModelFilesTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return "tests/models/" if scope.startswith("tests/models/") else scope

        def remove_node(self, node: object) -> str | None:
            """A worker gone (crashed, or finished): pytest-xdist 3.8.0 put every file it had ever
            been given back on the queue, the finished ones too; each of those went to a worker as
            an empty list of tests, which the worker never reports done, so the run hung at its end
            with every worker idle (pytest-xdist issues 1323, 1327 and 1378, fixed after 3.8.0).
            Here only the files with tests still to run go back, without the test the worker died
            in: pytest-xdist reports that one failed ("crashed while running"), and running it again
            would take each replacement down the same way (its ``--dist load`` does the same)."""
            workload = self.assigned_work.pop(node)
            left = [(scope, nodeid) for scope, unit in workload.items() for nodeid, done in unit.items() if not done]
            if not left:
                return None
            scope, crashed = left[0]  # a worker runs its tests in the order given: the first not done
            workload[scope][crashed] = True
            self.workqueue.update({scope: unit for scope, unit in workload.items() if not all(unit.values())})
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

        def _reschedule(self, node: object) -> None:
            """A worker holding the last file is told to finish once it has it: a worker runs a test
            only when it has the next or is told to end, and a replacement given a file of one test
            would otherwise wait for a second that never comes (pytest-xdist issue 1327)."""
            super()._reschedule(node)
            if not self.workqueue and not node.shutting_down and node in self.assigned_work:
                node.shutdown()

    return ModelFilesTogether(config, log)


#: What a test marked ``slow`` weighs against one that is not, in ordering the files for the workers
#: (seconds against a tenth of one, roughly).
SLOW_WEIGHT = 15


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The heaviest files first (their tests keep their order): the workers take files from the
    front of the list as they free, so a file of one slow test left to the end would run alone
    while the other worker sits idle. A file weighs its tests, each ``slow`` one as SLOW_WEIGHT;
    the files of tests/models/ weigh as one, since one worker runs them together."""
    def unit(item: pytest.Item) -> str:
        path = item.nodeid.split("::", 1)[0]
        return "tests/models/" if path.startswith("tests/models/") else path

    weight: dict[str, int] = {}
    for item in items:
        weight[unit(item)] = weight.get(unit(item), 0) + (SLOW_WEIGHT if item.get_closest_marker("slow") else 1)
    first_seen = {name: i for i, name in enumerate(dict.fromkeys(unit(item) for item in items))}
    items.sort(key=lambda item: (-weight[unit(item)], first_seen[unit(item)]))


class BuiltOnce:
    """``built_once.copy(key, build, dest)``: a copy at ``dest`` (every file, graph included) of
    the folder ``build(root)`` writes, ``build`` run once per test run for ``key``, in the first
    process asking (a lock under the run's temporary folder, which every pytest-xdist worker
    shares); the last part of ``key`` (``"examples/riverside-library"``) names the folder
    built. For a project a module builds and ingests the same way each time: each caller
    works on its own copy, so no two processes ever open one graph and no caller sees another's
    writes. ``build`` must fail (raise) if the build fails; a failed build is started again by
    the next caller. ``result(key)`` is what ``build`` returned (pickled)."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        base = tmp_path_factory.getbasetemp()
        # under pytest-xdist each worker's base is a folder of the run's own (popen-gwN)
        self._shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base

    def folder(self, key: str, build: Callable[[Path], object]) -> Path:
        """The one build of ``key``: to copy from, never to write to."""
        built = self._shared / "built-once" / key
        built.parent.mkdir(parents=True, exist_ok=True)
        with open(built.with_name(built.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = built.with_name(built.name + ".result")
            if not done.exists():
                shutil.rmtree(built, ignore_errors=True)  # a build an earlier process failed
                done.write_bytes(pickle.dumps(build(built)))
        return built

    def copy(self, key: str, build: Callable[[Path], object], dest: Path) -> Path:
        shutil.copytree(self.folder(key, build), dest)
        return dest

    def result(self, key: str) -> object:
        return pickle.loads((self._shared / "built-once" / f"{key}.result").read_bytes())


@pytest.fixture(scope="session", autouse=True)
def built_once(tmp_path_factory: pytest.TempPathFactory) -> BuiltOnce:
    """The run's builds; ``project_copies.ingested_copy`` (no fixture) takes them from here too."""
    import project_copies

    once = project_copies.RUN = BuiltOnce(tmp_path_factory)
    return once


class IngestedExamples:
    """``ingested_example(name)``: a copy of ``examples/NAME`` (without its ``.inforce/``),
    ingested once per test run and shared by every test of a process that asks for it;
    ``ingested_example.result(name)`` is what that ingest returned.

    For tests that only read the project (open it, ask the CLI about it, write their output to
    their own tmp_path). A test that edits, re-ingests, embeds or restricts a project makes its
    own copy: this one is seen by every later test in the process. The ingest itself runs once
    per run (``BuiltOnce``); each process then works on its own copy of that folder, so no two
    processes ever open one graph.
    """

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self._once = BuiltOnce(tmp_path_factory)
        self._factory = tmp_path_factory
        self._copies: dict[str, tuple[Path, object]] = {}

    def __call__(self, name: str) -> Path:
        return self._get(name)[0]

    def copy(self, name: str, dest: Path) -> Path:
        """A copy at ``dest``, graph included, of the run's one ingest of ``name``: for a test
        that writes to the project (embeds, edits, re-ingests) without looking at that ingest."""
        return self._once.copy(f"examples/{name}", ingest_example(name), dest)

    def result(self, name: str) -> object:
        """The ``IngestResult`` of the one ingest of ``name`` (fresh: the copy had no graph)."""
        return self._get(name)[1]

    def _get(self, name: str) -> tuple[Path, object]:
        if name not in self._copies:
            root = self.copy(name, self._factory.mktemp("example") / name)
            self._copies[name] = (root, self._once.result(f"examples/{name}"))
        return self._copies[name]


@pytest.fixture(scope="session")
def ingested_example(tmp_path_factory: pytest.TempPathFactory) -> IngestedExamples:
    return IngestedExamples(tmp_path_factory)
