"""A project written and ingested once per test run, and a copy of its folder (graph included)
for each test that changes it: an ingest no test examines is paid once, not once per test, nor
once per pytest-xdist worker. A test that checks what the first ingest says runs that ingest
itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The run's ``BuiltOnce`` (tests/conftest.py), set before the first test of each process.
RUN: Any = None


def ingested_copy(key: str, build: Callable[[Path], object], dest: Path) -> Path:
    """A copy at ``dest`` of the project ``build(root)`` writes and ingests at ``root``.

    ``build`` runs once per test run for ``key`` (``BuiltOnce``: in the first process asking,
    the others waiting on its lock) and must fail the test if its ingest fails; each call then
    copies that folder to ``dest``, so a test that edits or re-ingests its copy changes no other
    test's. Two modules that build the same project the same way name it by one ``key``."""
    if RUN is None:
        raise RuntimeError("project_copies.RUN is set by tests/conftest.py's built_once fixture")

    def built(root: Path) -> None:  # what build returns (a CLI result) is neither kept nor pickled
        build(root)

    return RUN.copy(f"ingested-copy/{key}", built, dest)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def ingest_example(name: str) -> Callable[[Path], object]:
    """What builds the run's one ingest of ``examples/NAME``: a copy without its ``.inforce/``,
    ingested as ``inforce ingest`` ingests it (``ingest_project``); the build returns its
    ``IngestResult``."""
    def build(root: Path) -> object:
        import shutil

        from inforce.adapters.ingest.pipeline import ingest_project

        shutil.copytree(EXAMPLES / name, root, ignore=shutil.ignore_patterns(".inforce"))
        return ingest_project(root)

    return build


def example_copy(name: str, dest: Path) -> Path:
    """A copy at ``dest``, graph included, of the run's one ingest of ``examples/NAME``, which the
    ``ingested_example`` fixture shares too: for a test that writes to the project."""
    return RUN.copy(f"examples/{name}", ingest_example(name), dest)
