"""``lazy_importorskip(name)``: ``pytest.importorskip`` for a heavy module, imported when a test
first uses it rather than when its file is collected.

Every pytest-xdist worker collects every test file, and collecting imports the file: a module
imported at the top of a test file (torch with transformers: ~5 s of CPU) is paid by each
worker even under ``-m "not slow"``, where none of that file's tests run. As with
``importorskip``, the file's tests are skipped when the module is not installed.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

import pytest

__all__ = ["lazy_importorskip"]


class _LazyModule:
    """Stands for a module; its first read of a public attribute imports it (later reads find it
    in ``sys.modules``). A name starting with ``_`` is never looked up: collecting a file, pytest
    probes every module-level object for its own (``__test__``, ``_pytestfixturefunction``)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        module: ModuleType = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"


def lazy_importorskip(name: str) -> Any:
    """The module ``name``, imported on first use; the calling file's tests are skipped when it
    is not installed (found without importing it)."""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is None:
        pytest.skip(f"could not import {name!r}: not installed", allow_module_level=True)
    return _LazyModule(name)
