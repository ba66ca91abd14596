"""``require_ray()``: Ray for a test that needs it, imported when the test runs, never when its
file is collected (every pytest-xdist worker collects every file, and ``import ray`` is paid by
each). Where Ray is missing the test is skipped, except under ``CI=true``: ``make test`` installs
the ``[ray]`` extra, so there a missing Ray is a failure, not a skip."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from types import ModuleType

import pytest

__all__ = ["ray_cluster", "require_ray"]


def require_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("the ray extra: pip install 'inforce[ray]'")
    return ray


@contextlib.contextmanager
def ray_cluster(cpus: int = 2) -> Iterator[str]:
    """A Ray with ``cpus`` CPUs started in this process (``engine._ray.ray_session``, as a command
    starts its own), its address for commands to join with ``--ray-address``; stopped after. The
    token mode Ray sets in the environment to start is taken out again when it was not set before."""
    from inforce.engine._ray import ray_session

    ray = require_ray()
    mode = os.environ.get("RAY_AUTH_MODE")
    try:
        with ray_session(None, cpus):
            yield ray.get_runtime_context().gcs_address
    finally:
        if mode is None:
            os.environ.pop("RAY_AUTH_MODE", None)
