"""``inforce._lazy.lazy_exports``: the one PEP 562 mechanism behind the packages that export lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

import inforce.adapters.ingest
import inforce.engine
from inforce._lazy import lazy_exports


@pytest.mark.parametrize("package", [inforce.engine, inforce.adapters.ingest])
def test_each_lazy_package_uses_the_one_helper(package):
    assert package.__getattr__.__module__ == "inforce._lazy"
    assert package.__dir__.__module__ == "inforce._lazy"
    assert set(package._HOMES) == set(package.__all__)
    assert set(package.__all__) <= set(dir(package))


def test_a_name_is_imported_on_first_use_and_kept():
    """In a fresh process: the home module is not loaded until the name is asked for; then
    the value is kept in the package, so ``__getattr__`` is not asked again."""
    script = """
import sys
import inforce.adapters.ingest as ingest
assert "inforce.adapters.ingest.outline" not in sys.modules
assert "Outline" not in vars(ingest)
value = ingest.Outline
assert "inforce.adapters.ingest.outline" in sys.modules
assert vars(ingest)["Outline"] is value is sys.modules["inforce.adapters.ingest.outline"].Outline
"""
    subprocess.run([sys.executable, "-c", script], check=True)


def test_an_unknown_name_is_an_attribute_error():
    namespace = {"__name__": "inforce.engine", "__all__": ["Project"]}
    getattr_, dir_ = lazy_exports(namespace, {"Project": ".project"})
    with pytest.raises(AttributeError, match="'inforce.engine' has no attribute 'Nope'"):
        getattr_("Nope")
    assert dir_() == ["Project", "__all__", "__name__"]
    assert getattr_("Project") is inforce.engine.Project
    assert namespace["Project"] is inforce.engine.Project
