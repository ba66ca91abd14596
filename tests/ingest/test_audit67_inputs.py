"""Issue 23, audit 67 B: inputs read silently as something other than they say.

F01: a CSV schedule holding only its header record was ingested as a document with no provision
(exit 0, no word), while an empty CSV was refused. F02: a revision file without ``revision:``
beside other revisions of its document was read as revision ``0`` and sorted among them
(``SOP-114@B -> @0 -> @D``); formats.md makes the label optional only for a never-revised
document. F03: a ``units:`` key of the manifest no document can write (empty, padded, a
zero-width space inside) was accepted. L6: a CSV schedule header with an empty or a repeated
column name was read. Each is an error at its file and line; each control (the same input
written as meant) is read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.in_process import inforce

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SIDECAR = (
    "id: SCH-1\nkind: schedule\ntitle: Sched\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01T00:00:00Z\n"
)


def _schedule(root: Path, csv: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n")
    (root / "documents" / "s.csv").write_text(csv)
    (root / "documents" / "s.csv.yaml").write_text(SIDECAR)
    return root


def _refused(root: Path, file: str) -> list[str]:
    done = inforce("ingest", root)
    assert done.returncode == 2, done.stdout + done.stderr
    return [line for line in done.stderr.splitlines() if line.startswith(f"{file}:")]


def test_a_csv_schedule_with_only_its_header_is_refused_at_the_header(tmp_path: Path):
    root = _schedule(tmp_path / "p", "Mark,Width (in)\n")
    [said] = _refused(root, "documents/s.csv")
    assert said.startswith("documents/s.csv:1:") and "a header record and no rows" in said, said


@pytest.mark.parametrize(
    ("header", "says"),
    [("Mark,Mark", "column 'Mark' appears twice"), ("Mark,", "column 2 of the header has no name")],
)
def test_a_csv_schedule_header_with_a_repeated_or_empty_column_name_is_refused(
    tmp_path: Path, header: str, says: str
):
    root = _schedule(tmp_path / "p", f"{header}\nF1,24\n")
    [said] = _refused(root, "documents/s.csv")
    assert said.startswith("documents/s.csv:1:") and says in said, said


def test_a_csv_schedule_with_a_header_and_a_row_is_read(tmp_path: Path):
    root = _schedule(tmp_path / "p", "Mark,Width (in)\nF1,24\n")
    done = inforce("ingest", root)
    assert done.returncode == 0 and "1 provisions" in done.stdout + done.stderr, done.stdout + done.stderr


def _sop_retention(root: Path) -> Path:
    shutil.copytree(EXAMPLES / "sop-retention", root, ignore=shutil.ignore_patterns(".inforce"))
    return root


@pytest.mark.parametrize("written", ["", "revision: null\n"])
def test_a_revised_documents_revision_without_a_label_is_refused_at_its_file(tmp_path: Path, written: str):
    root = _sop_retention(tmp_path / "p")
    page = root / "documents" / "sop-114-rev-c.md"
    assert 'revision: "C"\n' in page.read_text()
    page.write_text(page.read_text().replace('revision: "C"\n', written))
    [said] = _refused(root, "documents/sop-114-rev-c.md")
    assert "revision: SOP-114 has earlier revisions (documents/sop-114-rev-b.md)" in said, said
    assert "no revision label" in said, said


def test_a_first_revision_may_still_leave_its_label_out_and_reads_as_0(tmp_path: Path):
    """Compatibly with projects written before: the first revision of a revised document left
    unlabelled reads as ``0``, the label the format shows for it (`SOP-114@0 → @C → @D`)."""
    root = _sop_retention(tmp_path / "p")
    page = root / "documents" / "sop-114-rev-b.md"
    assert 'revision: "B"\n' in page.read_text()
    page.write_text(page.read_text().replace('revision: "B"\n', ""))
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = inforce("history", root, "SOP-114#3")
    assert shown.returncode == 0 and "SOP-114@0" in shown.stdout and "SOP-114@C" in shown.stdout, shown.stdout


def test_a_never_revised_document_may_leave_its_revision_out(tmp_path: Path):
    root = _sop_retention(tmp_path / "p")
    for other in ("sop-114-rev-b.md", "sop-114-rev-d.md"):
        (root / "documents" / other).unlink()
    page = root / "documents" / "sop-114-rev-c.md"
    page.write_text(page.read_text().replace('revision: "C"\n', ""))
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr


def _units(root: Path, key: str) -> Path:
    _sop_retention(root)
    (root / "inforce.yaml").write_text(
        f"project: sop-retention\nfacets: []\nrules: []\nunits: {{{key}: klbf / ft ** 2}}\n"
    )
    return root


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("''", "an empty unit spelling"),
        ('"KS\\u200bF"', "cannot be seen (U+200B)"),
        ("' KSF'", "has spaces around it"),
    ],
)
def test_a_units_key_no_document_can_write_is_refused_at_its_line(tmp_path: Path, key: str, says: str):
    root = _units(tmp_path / "p", key)
    [said] = _refused(root, "inforce.yaml")
    assert said.startswith("inforce.yaml:4:") and says in said, said


def test_a_units_key_as_documents_write_it_is_read(tmp_path: Path):
    root = _units(tmp_path / "p", "KSF")
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr
