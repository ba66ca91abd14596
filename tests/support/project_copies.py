"""A project written and ingested once per test process, and a copy of its folder (graph
included) for each test that changes it: an ingest no test examines is paid once, not once per
test. A test that checks what the first ingest says runs that ingest itself."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

_BUILT: dict[str, Path] = {}


def ingested_copy(key: str, build: Callable[[Path], object], dest: Path) -> Path:
    """A copy at ``dest`` of the project ``build(root)`` writes and ingests at ``root``.

    ``build`` runs once per process for ``key`` (in a folder beside the first ``dest``) and must
    fail the test if its ingest fails; each call then copies that folder to ``dest``, so a test
    that edits or re-ingests its copy changes no other test's."""
    if key not in _BUILT:
        root = dest.parent / f"ingested-once-{len(_BUILT)}"
        build(root)
        _BUILT[key] = root
    shutil.copytree(_BUILT[key], dest)
    return dest
