"""A CSV schedule's records hold at most ``MAX_CSV_COLUMNS`` cells: each cell read costs
kilobytes, so a 490 KB file of one 100,000-column row took a gigabyte and half a minute. A
record past the limit is an input error naming the file, the line and the count (exit 2,
nothing written); a schedule at the limit ingests as before."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.tables import MAX_CSV_COLUMNS

runner = CliRunner()

SIDECAR = (
    "id: SCH-W\nkind: schedule\ntitle: Wide schedule\neffective: {from: 2026-03-02}\n"
    "recorded: 2026-03-02T09:00:00Z\n"
)


def _project(root: Path, header: int, row: int) -> Path:
    (root / "inforce.yaml").write_text("project: schedules\n")
    documents = root / "documents"
    documents.mkdir()
    text = ",".join(f"c{i}" for i in range(header)) + "\n" + ",".join("x" for _ in range(row)) + "\n"
    (documents / "wide.csv").write_text(text)
    (documents / "wide.csv.yaml").write_text(SIDECAR)
    return root


def _nothing_written(root: Path) -> bool:
    return not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def test_a_header_past_the_limit_is_refused_naming_file_line_and_count(tmp_path: Path):
    root = _project(tmp_path, MAX_CSV_COLUMNS + 1, MAX_CSV_COLUMNS + 1)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    assert f"documents/wide.csv:1: header: the header record has {MAX_CSV_COLUMNS + 1:,} cells, " \
           f"past the {MAX_CSV_COLUMNS:,} a CSV schedule may have" in result.stderr
    assert "is empty" not in result.stderr
    assert _nothing_written(root)


def test_a_row_past_the_limit_is_refused_at_its_line(tmp_path: Path):
    root = _project(tmp_path, 3, 100_000)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    assert f"documents/wide.csv:2: table-1.row-1: the row 1 record has 100,000 cells, " \
           f"past the {MAX_CSV_COLUMNS:,}" in result.stderr
    assert _nothing_written(root)


def test_a_schedule_at_the_limit_ingests(tmp_path: Path):
    root = _project(tmp_path, MAX_CSV_COLUMNS, MAX_CSV_COLUMNS)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    assert not _nothing_written(root)
