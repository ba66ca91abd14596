"""A command of one short process builds its answer with Python's cyclic collector off and leaves
the answer's objects out of its later collections (``adapters.cli._process.kept_to_exit``): the first
collection after 88,214 statements of ``facts`` had walked them all only to keep them. Only in the
command line's own process: a command run inside another program (a test's ``CliRunner``, a script)
finds the collector as it left it. Each case runs in a child, so this test process is never frozen."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_CHILD = """
import gc, json, sys
from inforce.adapters.cli._process import kept_to_exit, one_command_process
if sys.argv[1] == "command line":
    one_command_process()
before = gc.get_freeze_count()
with kept_to_exit():
    inside = gc.isenabled()
    kept = [[object()] for _ in range(1000)]  # tracked objects built inside
print(json.dumps({"inside": inside, "after": gc.isenabled(), "frozen": gc.get_freeze_count() - before}))
"""


@pytest.mark.parametrize(("where", "inside", "frozen"), [("command line", False, True), ("other program", True, False)])
def test_the_collector_is_off_while_an_answer_is_built_only_in_the_command_lines_process(where, inside, frozen):
    ran = subprocess.run([sys.executable, "-c", _CHILD, where], capture_output=True, text=True, check=True, timeout=60)
    seen = json.loads(ran.stdout)
    assert seen["inside"] is inside and seen["after"] is True  # the collector runs again after, either way
    assert (seen["frozen"] >= 1000) is frozen


#: the console script's own run, the front's ``facts`` watched (the real one answers): whether the collector
#: ran while it built the answer, said on standard error as the process ends
_COMMAND_LINE = """
import atexit, gc, sys
from inforce.engine import Project
real, seen = Project.facts, []
def watched(self, *args, **kwargs):
    seen.append(gc.isenabled())
    return real(self, *args, **kwargs)
Project.facts = watched
atexit.register(lambda: sys.stderr.write(f"\\nCOLLECTOR {seen}\\n"))
from inforce._console import main
sys.argv = ['inforce', *sys.argv[1:]]
main()
"""


def test_facts_from_the_command_line_answers_as_from_inside_a_program(ingested_example):
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    root = ingested_example("riverside-library")  # read only
    asked = ["facts", str(root), "--subject", "concrete.compressive_strength", "--valid-at", "2026-06-01",
             "--format", "json"]
    inside = CliRunner().invoke(app, asked)
    outside = subprocess.run([sys.executable, "-c", _COMMAND_LINE, *asked], capture_output=True, text=True,
                             timeout=120)
    assert inside.exit_code == outside.returncode == 0, outside.stderr
    assert "COLLECTOR [False]" in outside.stderr  # built with the collector off in the command line's process
    assert json.loads(outside.stdout) == json.loads(inside.stdout) and json.loads(outside.stdout)["facts"]
