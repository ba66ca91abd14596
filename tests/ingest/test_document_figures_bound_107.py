"""One document states at most ``MAX_DOCUMENT_FIGURES`` figures (numbers read with their unit):
one provision may state any number of them, and each costs a fraction of a millisecond and
kilobytes read and stored — one 2.7 MB line of "concrete 4000 psi" held ingest 33 s at 2.7 GB,
and the 64 MiB input limit admitted millions (audit 107 B F2). Ingest refuses the document at
the provision where the count passes the limit — an input error naming the file, the line and
field ``quantities``, exit 2, nothing written — and stops reading a long text as soon as it
passes, without reading on; a document under the limit is read as before."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project, facts
from inforce.ontology import MAX_DOCUMENT_FIGURES

runner = CliRunner()
FRONT = ("---\nid: SPEC-F\nkind: specification\ntitle: Figures\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T09:00:00Z\n---\n")
SIDECAR = "id: SCH-F\nkind: schedule\ntitle: Mixes\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n"


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: figures\nfacets: []\nrules: []\n")
    return root


def _refused(root: Path) -> str:
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output[-2000:]
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))
    return result.stderr


def test_one_line_stating_half_again_the_limit_is_refused_at_its_line_without_reading_on(tmp_path: Path) -> None:
    root = _project(tmp_path)
    line = "1 SCOPE " + "concrete 4000 psi " * (MAX_DOCUMENT_FIGURES * 3 // 2)
    (root / "documents" / "f.md").write_text(FRONT + "\nSECTION 1\n\n" + line + "\n")
    started = time.perf_counter()
    stderr = _refused(root)
    seconds = time.perf_counter() - started
    assert (f"documents/f.md:12: quantities: more than {MAX_DOCUMENT_FIGURES:,} figures (numbers with their unit) "
            "in one document: provision 1 is past the limit") in stderr, stderr
    assert "split it into several documents" in stderr
    assert seconds < 60, seconds  # read to a little past the limit, not through the whole line (33 s at 150,000)


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """The limit made small (the rule is the same at any size; the full size is the test above)."""
    monkeypatch.setattr(facts, "MAX_DOCUMENT_FIGURES", 40)
    return 40


def test_figures_counted_across_provisions_refuse_the_document_at_the_first_past(tmp_path: Path,
                                                                                 small_limit: int) -> None:
    root = _project(tmp_path)
    paragraphs = "".join(f"1.{n} The slab strength is 4,000 psi and its cover 3 in.\n\n" for n in range(1, 31))
    (root / "documents" / "f.md").write_text(FRONT + "1 GENERAL\n\n" + paragraphs)
    stderr = _refused(root)
    # two figures a paragraph: the 21st paragraph states the 41st and 42nd
    assert "documents/f.md:51: quantities: more than 40 figures" in stderr and "provision 1.21 is past" in stderr, stderr


def test_schedule_rows_are_counted_too(tmp_path: Path, small_limit: int) -> None:
    root = _project(tmp_path)
    rows = "".join(f"M{n},{3000 + n} psi,0.45\n" for n in range(1, 61))
    (root / "documents" / "mixes.csv").write_text("mix,strength,w/c\n" + rows)
    (root / "documents" / "mixes.csv.yaml").write_text(SIDECAR)
    stderr = _refused(root)
    assert "documents/mixes.csv:" in stderr and "quantities: more than 40 figures" in stderr, stderr


def test_a_document_at_the_limit_is_read_whole(tmp_path: Path, small_limit: int) -> None:
    root = _project(tmp_path)
    paragraphs = "".join(f"1.{n} The slab strength is 4,000 psi and its cover 3 in.\n\n" for n in range(1, 21))
    (root / "documents" / "f.md").write_text(FRONT + "1 GENERAL\n\n" + paragraphs)
    result = Project.ingest(root)
    assert result.quantities == 40
