"""An output written inside a project's documents folder would be read as one of its documents
at the next ingest (an RFI draft read as a specification, an audit record or a JSON report failing
the ingest). `--rfi-dir`, `--audit-dir` and `-o` refuse such a place before any work, naming the
option, and leave nothing behind; the same outputs beside documents/ are written as before."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

from project_copies import example_copy

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
runner = CliRunner()


def _run(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


def _project(tmp_path: Path) -> Path:
    """A copy of the run's one ingest of the riverside example (``ingested_example`` shares it)."""
    return example_copy("riverside-library", tmp_path / "p")


def test_outputs_inside_documents_are_refused_before_the_work(tmp_path):
    root = _project(tmp_path)
    before = sorted(p.name for p in (root / "documents").rglob("*"))
    answer = root / "answers" / "s4-addendum.json"
    cases = [
        (("sweep", root, "--valid-at", "2026-05-01", "--fail-on", "none", "--rfi-dir", root / "documents" / "rfi"),
         "--rfi-dir"),
        (("check", root, "--answer", answer, "--audit-dir", root / "documents"), "--audit-dir"),
        (("sweep", root, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", root / "documents" / "sweep.json"),
         "-o"),
        (("asof", root, "SPEC-033000#2.1.A", "--valid-at", "2026-05-01", "-o",
          root / "documents" / ".." / "documents" / "answer.txt"), "-o"),
    ]
    for args, option in cases:
        refused = _run(*args, code=2)
        assert option in refused.output and "inside the project's documents folder" in refused.output
    assert sorted(p.name for p in (root / "documents").rglob("*")) == before
    # beside documents/: written as before, and the project still ingests
    _run("sweep", root, "--valid-at", "2026-05-01", "--pack", "precedence/none", "--fail-on", "none",
         "--rfi-dir", root / "rfi", "-o", root / "sweep.json")
    assert (root / "sweep.json").is_file() and any((root / "rfi").glob("RFI-*.md"))
    _run("ingest", root)
