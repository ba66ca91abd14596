"""Issue 23, audit 68 B: a register's rows refused where they are written.

F02: SOP-114's metadata in the project's register (its files without front matter), revision
C's row with its revision cell blank (or one space): the later revision without a label was
refused at ``documents/sop-114-rev-c.md:1``, a file without front matter, the hint sending the
user to a ``revision:`` field it cannot have. The register's row and its ``revision`` column
are where it lies, in a CSV, an XLSX and a YAML register alike. L6: a CSV register of its
header alone (what an erasure of its last row leaves) reads as a register of no rows, and each
file it no longer described was refused for its missing front matter without a word of the
register: each now says the register has no rows."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
import yaml

from tests.support.in_process import inforce

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HEADER = "file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed"


def _rows(label: str) -> str:
    return (
        f"{HEADER}\n"
        "documents/sop-114-rev-b.md,SOP-114,B,1,sop,Batch Record,2023-01-20,2023-02-01,,2023-01-25T10:00:00Z,\n"
        f"documents/sop-114-rev-c.md,SOP-114,{label},2,sop,Batch Record,2024-05-15,2024-06-01,,"
        "2024-05-20T10:00:00Z,3;5.1;5.2\n"
        "documents/sop-114-rev-d.md,SOP-114,D,3,sop,Batch Record,2026-02-16,2026-03-01,,2026-03-16T09:30:00Z,5\n"
    )


def _registered(root: Path, name: str) -> Path:
    """sop-retention with SOP-114's front matter taken out: its register ``name`` describes it."""
    shutil.copytree(EXAMPLES / "sop-retention", root, ignore=shutil.ignore_patterns(".inforce"))
    for page in (root / "documents").glob("sop-114-rev-*.md"):
        text = page.read_text()
        page.write_text(text[text.index("\n---\n", 4) + len("\n---\n"):])
    with (root / "inforce.yaml").open("a") as manifest:
        manifest.write(f"registry: {name}\n")
    return root


def _csv(root: Path, label: str) -> None:
    (root / "register.csv").write_text(_rows(label))


def _xlsx(root: Path, label: str) -> None:
    from openpyxl import Workbook

    book = Workbook()
    for row in csv.reader(io.StringIO(_rows(label))):
        book.active.append([cell or None for cell in row])
    book.save(root / "register.xlsx")


def _yaml(root: Path, label: str) -> None:
    entries = [{key: value for key, value in row.items() if value} for row in csv.DictReader(io.StringIO(_rows(label)))]
    (root / "register.yaml").write_text(yaml.safe_dump(entries, sort_keys=False))


def _refused(root: Path) -> list[str]:
    done = inforce("ingest", root)
    assert done.returncode == 2, done.stdout + done.stderr
    return [line for line in done.stderr.splitlines() if ": revision: " in line or "no rows" in line]


@pytest.mark.parametrize(("name", "write", "line"), [("register.csv", _csv, 3), ("register.xlsx", _xlsx, 3)])
@pytest.mark.parametrize("label", ["", " "])
def test_a_later_revisions_blank_revision_cell_is_refused_at_the_registers_row(
    tmp_path: Path, name: str, write, line: int, label: str
):
    root = _registered(tmp_path / "p", name)
    write(root, label)
    [said] = _refused(root)
    if label:  # a cell of spaces is written, and names no label (audit 70 B F1): refused as written
        assert said.startswith(f"{name}:{line}: revision: invalid value ' '"), said
        return
    assert said.startswith(f"{name}:{line}: revision: SOP-114 has earlier revisions (documents/sop-114-rev-b.md)"), said
    assert "its row (documents/sop-114-rev-c.md)" in said and "revision column" in said, said


def test_a_yaml_registers_entry_without_its_revision_is_refused_at_the_entry(tmp_path: Path):
    root = _registered(tmp_path / "p", "register.yaml")
    _yaml(root, "")
    text = (root / "register.yaml").read_text()
    entry = text.splitlines().index("- file: documents/sop-114-rev-c.md") + 1
    [said] = _refused(root)
    assert said.startswith(f"register.yaml:{entry}: revision: SOP-114 has earlier revisions"), said


@pytest.mark.parametrize(("name", "write"), [("register.csv", _csv), ("register.xlsx", _xlsx), ("register.yaml", _yaml)])
def test_the_same_register_with_the_label_written_is_read(tmp_path: Path, name: str, write):
    root = _registered(tmp_path / "p", name)
    write(root, "C")
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr


def test_files_left_undescribed_by_a_csv_register_of_its_header_alone_say_it_has_no_rows(tmp_path: Path):
    root = _registered(tmp_path / "p", "register.csv")
    (root / "register.csv").write_text(HEADER + "\n")
    done = inforce("ingest", root)
    assert done.returncode == 2, done.stdout + done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("documents/sop-114-rev-")]
    assert len(said) == 3, done.stderr
    assert all("no front matter" in line and "register.csv has no rows: its header alone" in line for line in said), said


def test_a_csv_register_of_its_header_alone_still_reads_beside_files_described_by_their_own(tmp_path: Path):
    """The register an erasure of its last row leaves: read as a register of no rows."""
    root = tmp_path / "p"
    shutil.copytree(EXAMPLES / "sop-retention", root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "register.csv").write_text(HEADER + "\n")
    with (root / "inforce.yaml").open("a") as manifest:
        manifest.write("registry: register.csv\n")
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stdout + done.stderr
