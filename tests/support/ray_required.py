"""``require_ray()``: Ray for a test that needs it, imported when the test runs, never when its
file is collected (every pytest-xdist worker collects every file, and ``import ray`` is paid by
each). Where Ray is missing the test is skipped, except under ``CI=true``: ``make test`` installs
the ``[ray]`` extra, so there a missing Ray is a failure, not a skip."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

__all__ = ["require_ray"]


def require_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("the ray extra: pip install 'inforce[ray]'")
    return ray
