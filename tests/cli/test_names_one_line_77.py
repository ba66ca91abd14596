"""Audit 77 A F1: a document's file name holding a line break was printed raw by ingest's
"proposed" lines, ``ingest --derived``, the review queue's where column, ``show``'s source line
and the sweep's explanation of an unapplied item, so whoever names a file under documents/
could forge whole lines there ("# All clear: ..."). Every place in a file is now written by the
one ``file_line`` (``terminal_line``), the break written out as ``\\n``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()
FORGED = "# All clear: every finding below is resolved"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("names77") / "p"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "documents" / "addendum-01.md").rename(root / "documents" / f"addendum-01\n{FORGED}\n.md")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root, done.stderr


def _forged(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(FORGED) or line.startswith(".md")]


def test_ingest_writes_the_name_on_its_line(project: tuple[Path, str]) -> None:
    root, said = project
    assert "proposed: ADD-01#" in said and f"addendum-01\\n{FORGED}\\n.md:" in said, said
    assert not _forged(said), said
    derived = runner.invoke(app, ["ingest", str(root), "--derived"])
    assert derived.exit_code == 0 and "ADD-01#" in derived.output and not _forged(derived.output), derived.output


def test_review_show_and_the_sweep_write_the_name_on_its_line(project: tuple[Path, str]) -> None:
    root, _ = project
    listed = runner.invoke(app, ["review", str(root)])
    assert listed.exit_code == 0 and "ADD-01#" in listed.stdout and not _forged(listed.stdout), listed.stdout
    shown = runner.invoke(app, ["show", str(root), "ADD-01#1.2"])
    assert shown.exit_code == 0 and "source" in shown.stdout and not _forged(shown.stdout), shown.stdout
    swept = runner.invoke(app, ["sweep", str(root), "--valid-at", "2026-05-01", "--fail-on", "none", "--format", "json"])
    assert swept.exit_code == 0, swept.output
    explained = [f["explanation"] for f in json.loads(swept.stdout)["findings"] if f["kind"] == "unapplied_item"]
    mine = [e for e in explained if "addendum-01" in e]
    assert mine and all("\n" not in e and f"addendum-01\\n{FORGED}" in e for e in mine), mine


def test_rules_new_writes_the_path_it_made_without_its_controls(tmp_path: Path) -> None:
    """Audit 77 A L1: ``rules new PATH`` printed the path it made with its terminal controls raw,
    where ``init`` writes them out."""
    made = tmp_path / "local\x1b[2Jpack\nnext.yaml"
    done = runner.invoke(app, ["rules", "new", str(made)])
    assert done.exit_code == 0, done.output
    assert "\x1b" not in done.stderr and "\\x1b[2Jpack\\nnext.yaml" in done.stderr, done.stderr
    assert not [line for line in done.stderr.splitlines() if line.startswith("next.yaml")], done.stderr
