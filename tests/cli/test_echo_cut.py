"""An error that echoes a CLI argument or a query value cuts it (audit 23h, N1): the CLI's and
the HTTP service's error rendering pass every message through ``ontology.text.message_text``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._scaffold import scaffold_project
from inforce.engine import Project
from inforce.ontology.text import MESSAGE_MAX_CHARS, message_text

runner = CliRunner()
LONG = "x" * 100_000


def test_message_text_cuts_a_long_run_and_a_long_message_and_keeps_the_rest():
    assert message_text("no document SOP-1 in p") == "no document SOP-1 in p"
    cut = message_text(f"no document {LONG} in p")
    assert len(cut) < 200 and "(100,000 characters)" in cut and cut.endswith(" in p")
    spaced = message_text("no document " + "x " * 50_000)
    assert len(spaced) < MESSAGE_MAX_CHARS + 100 and "characters in all" in spaced


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("echo") / "project"
    scaffold_project(root, today="2026-01-05")
    Project.ingest(root)
    return root


@pytest.mark.parametrize("args", [
    ["show", "{root}", LONG],
    ["history", "{root}", LONG],
    ["asof", "{root}", "SOP-1#1", "--valid-at", LONG],
    ["eligible", "{root}", "-c", LONG + "=1"],
])
def test_an_error_echoing_a_long_argument_is_cut(tiny, args):
    done = runner.invoke(app, [a.format(root=tiny) for a in args])
    assert done.exit_code == 2, done.output
    assert len(done.output) < 1000 and "100,0" in done.output, done.output[:300]
