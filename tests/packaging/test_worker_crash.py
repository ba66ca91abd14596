"""A test worker that dies under ``make test`` (pytest-xdist, ``--dist loadfile``, the scheduler of
tests/conftest.py) fails the test it died in and the run goes on to its end: before, pytest-xdist
3.8.0 gave the replacement worker the dead one's finished files as empty lists of tests and the run
hung with every worker idle (6 December, 03:33: "node down: Not properly terminated" at 44%, then
nothing until stopped)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def test_a_worker_that_dies_fails_its_test_and_the_run_ends(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy(CONFTEST, tests / "conftest.py")
    shutil.copytree(CONFTEST.parent / "support", tests / "support",  # what the conftest imports (project_copies)
                    ignore=shutil.ignore_patterns("__pycache__"))
    # the worker's process ends in a test of the heaviest file, with tests after it there and in
    # other files; each of the others a few tests, so the dead worker has finished some files
    (tests / "test_dies.py").write_text("import os\n\n" + "".join(f"def test_before_{n}(): pass\n" for n in range(4))
                                        + "def test_dies(): os.abort()\n"
                                        + "".join(f"def test_after_{n}(): pass\n" for n in range(4)))
    for name in "abcdef":
        (tests / f"test_{name}.py").write_text("".join(f"def test_{name}{n}(): pass\n" for n in range(3)))
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "loadfile",
                               "-p", "no:cacheprovider", "tests"], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, env=os.environ | {"PYTHONDONTWRITEBYTECODE": "1"})
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"the run hung after its worker died:\n{hung.stdout}")
    said = done.stdout
    assert done.returncode == 1, said
    assert "crashed while running 'tests/test_dies.py::test_dies'" in said, said
    assert "1 failed, 26 passed" in said, said  # the tests after it too, and it run once
