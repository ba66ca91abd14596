"""Audit 46 M1: ``erase --audit-dir`` replaced an audit record that was a symlink (or a hard
link) with a rewritten copy, while the file the link led to (the record's other name) kept the
erased text, and still said "none holds the erased text". Now a symlinked record refuses the
erasure before anything changes, naming the record and where it leads; a hard-linked one is
rewritten in place, so every name reads the ids and hashes; and the read-back reads what the
audit folder's links lead to. Through the real CLI, on real files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from inforce.adapters.cli import app
from tests.cli import test_cli_erase as erasable
from tests.cli.test_cli_erase import runner

#: test_cli_erase.py's project (SPEC-1 quoting a marker, SPEC-2 plain), ingested once per module;
#: each test erases SPEC-1 in its own copy
ingested, project = erasable.ingested, erasable.project


def _said(result) -> str:
    return " ".join(result.output.split())


def _record(root: Path, marker: str, folder: Path, tmp_path: Path) -> Path:
    """One audit record citing SPEC-1 (quoting the marker), written by ``check`` into ``folder``."""
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"context": {"valid_at": "2026-05-01"}, "claims": [
        {"text": f"The {marker} coating is applied in two coats over a primer.",
         "citations": [{"locator": "SPEC-1#1.1.A", "quote": f"The {marker} coating is applied in two coats"}]}]}))
    checked = runner.invoke(app, ["check", str(root), "--answer", str(answer), "--audit-dir", str(folder)])
    assert checked.exit_code == 0, checked.output
    (found,) = folder.glob("*.json")
    assert marker in found.read_text()
    return found


def _erase(root: Path, audits: Path, code: int):
    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--audit-dir", str(audits)])
    assert result.exit_code == code, result.output
    return result


@pytest.mark.parametrize("where", ["outside", "inside the project"])
def test_a_symlinked_record_refuses_the_erasure_before_anything_changes(
        project: tuple[Path, str], tmp_path: Path, where: str) -> None:
    root, marker = project
    elsewhere = tmp_path / "elsewhere" if where == "outside" else root / "kept"
    record = _record(root, marker, elsewhere, tmp_path)
    audits = tmp_path / "audits"
    audits.mkdir()
    (audits / record.name).symlink_to(record)
    source = (root / "documents" / "gone.md").read_bytes()

    said = _said(_erase(root, audits, code=2))
    assert f"audits/{record.name}" in said and str(record) in said and "symlink" in said, said
    assert "nothing was erased" in said, said
    # nothing changed: no erasure recorded, the source there, the link and its file as they were
    assert not (root / "erasures.yaml").exists()
    assert (root / "documents" / "gone.md").read_bytes() == source
    assert (audits / record.name).is_symlink() and marker in record.read_text()

    # the link replaced by the file it leads to: erased, and no name holds the text
    os.unlink(audits / record.name)
    os.replace(record, audits / record.name)
    said = _said(_erase(root, audits, code=0))
    assert "none holds the erased text" in said, said
    assert not any(marker in p.read_text() for p in audits.glob("*.json"))


def test_a_hard_linked_record_is_rewritten_where_every_name_reads_it(
        project: tuple[Path, str], tmp_path: Path) -> None:
    root, marker = project
    record = _record(root, marker, tmp_path / "elsewhere", tmp_path)
    audits = tmp_path / "audits"
    audits.mkdir()
    os.link(record, audits / record.name)

    said = _said(_erase(root, audits, code=0))
    assert "none holds the erased text" in said, said
    # the other name (outside the folder given) is the same file, rewritten to ids and hashes
    assert marker not in record.read_text() and json.loads(record.read_text())["erased"], record.read_text()
    (renamed,) = audits.glob("*.json")
    assert os.path.samefile(renamed, record) and renamed.name in said, said


def test_the_read_back_reads_what_the_audit_folders_links_lead_to(
        project: tuple[Path, str], tmp_path: Path) -> None:
    root, marker = project
    audits = tmp_path / "audits"
    audits.mkdir()
    notes = tmp_path / "notes.txt"
    notes.write_text(f"copied: The {marker} coating is applied in two coats over a primer on every surface.\n")
    (audits / "notes.txt").symlink_to(notes)

    said = _said(_erase(root, audits, code=1))  # exit 1: erased text still found
    assert "none holds the erased text" not in said, said
    assert "erased text still found" in said and f"{audits}/notes.txt" in said, said


def test_the_read_back_reads_what_a_link_in_the_project_leads_to(project: tuple[Path, str], tmp_path: Path) -> None:
    """A link inside the project shows what it leads to (``cat project/notes/copy.txt``): the
    read-back reads it, never saying "none holds the erased text" while the project shows it."""
    root, marker = project
    outside = tmp_path / "outside.txt"
    outside.write_text(f"pasted: The {marker} coating is applied in two coats over a primer.\n")
    (root / "notes").mkdir()
    (root / "notes" / "copy.txt").symlink_to(outside)

    said = _said(runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"]))
    assert "none holds the erased text" not in said, said
    assert "erased text still found" in said and "notes/copy.txt" in said, said


def test_a_link_to_a_folder_elsewhere_is_named_not_read_back(project: tuple[Path, str], tmp_path: Path) -> None:
    """Audit 47 M1: the walk skipped a link to a folder, so a file it showed held the text under
    "none holds the erased text". Such a link may lead anywhere (``/``): it is not walked, and the
    erasure names it, not read back, exit 1; a link to a folder inside the project is walked."""
    root, marker = project
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "copy.txt").write_text(f"pasted: The {marker} coating is applied in two coats over a primer.\n")
    (root / "notes").symlink_to(outside, target_is_directory=True)
    (root / "kept").mkdir()
    (root / "kept" / "copy.txt").write_text(f"kept: The {marker} coating is applied in two coats over a primer.\n")
    (root / "inner").symlink_to(root / "kept", target_is_directory=True)
    (root / "kept" / "up").symlink_to(root, target_is_directory=True)  # a link back up: walked once, no loop

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    said = _said(result)
    assert result.exit_code == 1 and "none holds the erased text" not in said, said
    assert f"notes/ (not read back: a link to a folder outside, {outside.resolve()})" in said, said
    assert "kept/copy.txt" in said or "inner/copy.txt" in said, said


def test_a_record_in_a_linked_folder_elsewhere_is_named_not_read_back(project: tuple[Path, str], tmp_path: Path) -> None:
    root, marker = project
    elsewhere = tmp_path / "elsewhere"
    record = _record(root, marker, elsewhere, tmp_path)
    (root / "records").symlink_to(elsewhere, target_is_directory=True)

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    said = _said(result)
    assert result.exit_code == 1 and "records/ (not read back: a link to a folder outside" in said, said
    assert marker in record.read_text()  # not written through the link: named for the owner to handle


def test_a_linked_file_elsewhere_past_the_input_limit_is_named_not_read(project: tuple[Path, str], tmp_path: Path) -> None:
    """A link may lead to any file (a device's image, a huge log): one outside the project is read
    up to the input limit, and past it named, not read back, rather than loaded whole."""
    root, _ = project
    huge = tmp_path / "huge.bin"
    with open(huge, "wb") as sparse:
        sparse.truncate(65 << 20)  # sparse: no disk used
    (root / "big.bin").symlink_to(huge)

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    said = _said(result)
    assert result.exit_code == 1 and "big.bin (not read back:" in said, said


def test_a_folder_that_cannot_be_listed_is_named_not_read_back(project: tuple[Path, str], tmp_path: Path) -> None:
    """Audit 48 M1: a folder nested past the system's path limit was passed over without a word."""
    root, marker = project
    deep = root / "deep"
    deep.mkdir()
    here = os.open(deep, os.O_RDONLY)
    try:
        for _ in range(20):  # 20 x 250 characters: past PATH_MAX (4096), made relative to each folder
            os.mkdir("d" * 250, dir_fd=here)
            inner = os.open("d" * 250, os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
        with open(os.open("held.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=here), "w") as held:
            held.write(f"The {marker} coating is applied in two coats over a primer.\n")
    finally:
        os.close(here)

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    said = _said(result)
    assert result.exit_code == 1 and "none holds the erased text" not in said, said
    assert "deep/" in said and "(not read back:" in said, said


def test_a_file_name_cannot_start_a_line_of_the_report(project: tuple[Path, str]) -> None:
    """Audit 48 L1: a line break in a file name put a forged line into the text report."""
    root, marker = project
    (root / "x\n  read back 99 file(s): none holds the erased text").write_text(f"The {marker} coating is applied.\n")

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert result.exit_code == 1, result.output
    assert not any(line.lstrip().startswith("read back") for line in result.output.splitlines()), result.output
    assert "x\\n  read back 99" in result.output, result.output


def test_a_unicode_line_separator_in_a_file_name_is_shown(project: tuple[Path, str]) -> None:
    """Audit 49 L1: U+2028 in a name went out raw (a viewer may start a line there)."""
    root, marker = project
    (root / "x\u2028read back 99 file(s)").write_text(f"The {marker} coating is applied.\n")

    result = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert "\u2028" not in result.output and "x\\u2028read back 99" in result.output, result.output


def test_a_record_in_the_store_kept_elsewhere_by_a_link_is_rewritten(project: tuple[Path, str], tmp_path: Path) -> None:
    """The service keeps its records under ``.inforce/audit``; with ``.inforce`` a link to a store
    elsewhere, the read-back read them but the record search did not reach them (exit 1)."""
    root, marker = project
    record = _record(root, marker, tmp_path / "made", tmp_path)
    store = tmp_path / "store"
    (root / ".inforce").rename(store)
    (root / ".inforce").symlink_to(store, target_is_directory=True)
    (store / "audit").mkdir()
    os.replace(record, store / "audit" / record.name)

    said = _said(runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"]))
    assert "none holds the erased text" in said, said
    assert not any(marker in p.read_text() for p in (store / "audit").glob("*.json")), said
