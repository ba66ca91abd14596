"""The benchmark scripts under bench/ that tests exercise, loaded by file path.

bench/ is a folder of scripts, not a package: each is run as ``python bench/NAME.py`` and finds
its siblings itself. Tests load one by its path here, once per process (the module is kept in
sys.modules under its name: dataclasses look their module up while their class is built, and a
second load would make a second set of classes), rather than putting bench/ on sys.path.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name: str) -> ModuleType:
    """The module of ``bench/NAME.py`` (``name`` may hold a folder: ``retrieval/locate``)."""
    module_name = name.rsplit("/", 1)[-1]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module
