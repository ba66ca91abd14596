"""One document holds at most ``MAX_DOCUMENT_PROVISIONS`` provisions (sections and table rows
together): each costs kilobytes once read and stored, so a 2.6 MB CSV schedule of 200,000
records held ingest 82 s and 2 GB, and the 64 MiB input limit admitted millions (audit 104 B
F1). Every reader counts as it reads and refuses the document at the first provision past the
limit — an input error naming the file and its line, exit 2, nothing written — without reading
on; a document at the limit is read as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document
from inforce.ontology import MAX_DOCUMENT_PROVISIONS

runner = CliRunner()
N = MAX_DOCUMENT_PROVISIONS
SIDECAR = (
    "id: SCH-L\nkind: schedule\ntitle: Long schedule\neffective: {from: 2026-03-02}\n"
    "recorded: 2026-03-02T09:00:00Z\n"
)
FRONT = "---\nid: SOP-L\nkind: sop\ntitle: Long procedure\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n---\n"
PAST = f"more than {N:,} provisions (sections and table rows) in one document"


def _project(root: Path) -> Path:
    (root / "inforce.yaml").write_text("project: long\n")
    (root / "documents").mkdir()
    return root


def _schedule(root: Path, records: int) -> Path:
    documents = _project(root) / "documents"
    (documents / "long.csv").write_text("item,qty\n" + "".join(f"i{i},{i}\n" for i in range(records)))
    (documents / "long.csv.yaml").write_text(SIDECAR)
    return documents / "long.csv"


def _nothing_written(root: Path) -> bool:
    return not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def _refused(root: Path) -> str:
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output[-2000:]
    assert _nothing_written(root)
    return result.stderr


def test_a_schedule_one_record_past_the_limit_is_refused_at_that_record(tmp_path: Path):
    _schedule(tmp_path, N + 1)
    stderr = _refused(tmp_path)
    # the header is line 1, record k is line k + 1
    assert f"documents/long.csv:{N + 2}: provisions: {PAST}: row {N + 1:,} is past the limit" in stderr


def test_markdown_headings_past_the_limit_are_refused_at_the_heading(tmp_path: Path):
    documents = _project(tmp_path) / "documents"
    (documents / "long.md").write_text(FRONT + "".join(f"## H{i}\n" for i in range(N + 5)))
    stderr = _refused(tmp_path)
    first = FRONT.count("\n") + 1  # the line of heading H0
    assert f"documents/long.md:{first + N}: provisions: {PAST}: section 'h{N}' is past the limit" in stderr
    assert stderr.count(PAST) == 1


def test_a_pipe_table_passing_the_limit_is_refused_at_its_row(tmp_path: Path):
    # two sections, then a table: its row N - 1 is the document's provision N + 1
    documents = _project(tmp_path) / "documents"
    body = "## Scope\n\n## Items\n\n| item | qty |\n|---|---|\n" + "".join(f"| i{i} | {i} |\n" for i in range(N))
    (documents / "long.md").write_text(FRONT + body)
    stderr = _refused(tmp_path)
    header = FRONT.count("\n") + 5  # the line of the table's header
    assert f"documents/long.md:{header + 2 + N - 2}: provisions: {PAST}: table 1 row {N - 1:,} is past the limit" \
        in stderr


def test_a_schedule_at_the_limit_is_read_whole(tmp_path: Path):
    path = _schedule(tmp_path, N)
    document = parse_document(path, tmp_path)
    assert len(document.provisions) == N
    assert document.provisions[-1].path == f"table-1.row-{N}"


@pytest.mark.slow
def test_a_schedule_at_the_limit_ingests(tmp_path: Path):
    _schedule(tmp_path, N)
    result = runner.invoke(app, ["ingest", str(tmp_path)])
    assert result.exit_code == 0, result.output[-2000:]
    assert not _nothing_written(tmp_path)
