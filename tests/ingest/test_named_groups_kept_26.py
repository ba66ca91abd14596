"""Issue 26: an ingest takes each unchanged file's access groups from the build before it
(``engine.ingest.named_groups``) instead of reading every file's metadata again, and decides as a
reading of every file would.

The opening rule decides by the groups the project's metadata names: a public document whose
opening says ``OWNERS ONLY`` is refused while some file declares ``owners``, and is text once none
does. Each case below turns on a group named by a file the delta does not read (its groups taken
from the record) or by one it must read again (its content changed). Nothing is mocked: the real
readers and store; ``file_groups`` is counted, not replaced.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest import documents, reader
from inforce.engine import Project
from inforce.engine.ingest import default_reader, ingest
from inforce.engine.ingest.named_groups import recorded_groups
from inforce.engine.ingest.run import IngestFailed

MANIFEST = "project: groups-kept\n{extra}"


def _doc(doc: str, body: str, access: str | None = None) -> str:
    lines = ["---", f"id: {doc}", "kind: specification", f"title: Document {doc}", "issued: 2026-01-05",
             "effective: {from: 2026-01-05}", "recorded: 2026-01-05T09:00:00Z"]
    if access is not None:
        lines.append(f"access: [{access}]")
    return "\n".join([*lines, "---", body, ""])


def _project(root: Path, count: int = 6, extra: str = "") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST.format(extra=extra))
    (root / "documents" / "plant.md").write_text(_doc("PLANT", "1 SCOPE\n\nThe plant room is kept locked.", "owners"))
    for n in range(count):
        (root / "documents" / f"spec-{n}.md").write_text(_doc(f"SPEC-{n}", f"1 SCOPE\n\nSection {n} words."))
    return root


#: A public document whose opening gives access to owners: refused while a file names ``owners`` (a
#: declaration written as text), text when no file does (as ``Access - Roof`` is).
MARKED = _doc("MARKED", "Access - Owners\n\n1 SCOPE\n\nThe marked words.")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files whose metadata is read for their groups, by name, in order."""
    seen: list[str] = []
    real = documents.file_groups

    def counting(path: Path, root: Path, register=None):
        seen.append(path.name)
        return real(path, root, register)

    monkeypatch.setattr(reader, "file_groups", counting)
    return seen


def test_a_delta_reads_the_metadata_of_the_files_it_reads_alone(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    assert Project.ingest(root).swapped
    assert sorted(counted) == sorted(["plant.md", *(f"spec-{n}.md" for n in range(6))])  # the first: every file
    kept = recorded_groups(root / ".inforce", _key(root))
    assert kept["documents/plant.md"][1] == ("owners",) and kept["documents/spec-0.md"][1] == ()
    counted.clear()
    (root / "documents" / "spec-7.md").write_text(_doc("SPEC-7", "1 SCOPE\n\nA new one."))
    (root / "documents" / "spec-2.md").write_text(_doc("SPEC-2", "1 SCOPE\n\nChanged words."))
    result = Project.ingest(root)
    assert result.swapped
    assert sorted(counted) == ["spec-2.md", "spec-7.md"]  # the new and the changed; the rest taken


def test_a_group_taken_from_the_record_still_decides_the_opening(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    Project.ingest(root)
    counted.clear()
    (root / "documents" / "marked.md").write_text(MARKED)
    with pytest.raises(IngestFailed) as failed:
        Project.ingest(root)
    assert "plant.md" not in counted  # owners came from the record
    assert any(problem.file == "documents/marked.md" for problem in failed.value.exceptions), failed.value.exceptions


def test_a_changed_file_is_read_again_and_its_old_groups_are_gone(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    Project.ingest(root)
    # owners no longer named by any file: the marked opening is text (the record's "owners" is not taken)
    (root / "documents" / "plant.md").write_text(_doc("PLANT", "1 SCOPE\n\nThe plant room is kept locked.", "qa"))
    (root / "documents" / "marked.md").write_text(MARKED)
    counted.clear()
    result = Project.ingest(root)
    assert result.swapped and "plant.md" in counted
    assert any(uid.startswith("MARKED@") for uid in result.added)


def test_a_changed_undeclared_access_reads_every_file_again(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    Project.ingest(root)
    (root / "inforce.yaml").write_text(MANIFEST.format(extra="undeclared_access: [owners]\n"))
    counted.clear()
    Project.ingest(root)
    assert len(counted) == 7  # another key: nothing recorded is taken


def test_a_damaged_record_is_not_taken(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    Project.ingest(root)
    [record] = (root / ".inforce").glob("groups-*.bin")
    data = bytearray(record.read_bytes())
    data[-3] ^= 0x01  # one bit of the body: the file's digest no longer matches
    record.write_bytes(bytes(data))
    (root / "documents" / "marked.md").write_text(MARKED)
    counted.clear()
    with pytest.raises(IngestFailed):  # owners read again from plant.md's own front matter
        Project.ingest(root)
    assert "plant.md" in counted


def test_a_rebuild_reads_every_file(tmp_path: Path, counted: list[str]) -> None:
    root = _project(tmp_path / "p")
    Project.ingest(root)
    counted.clear()
    assert ingest(root, default_reader(), rebuild=True).swapped
    assert len(counted) == 7


def _key(root: Path) -> str:
    from inforce.adapters.ingest.manifest import load_manifest_with_warnings
    from inforce.engine.ingest.named_groups import groups_key

    return groups_key(load_manifest_with_warnings(root)[0])


def test_an_erased_source_leaves_nothing_in_the_record(tmp_path: Path) -> None:
    """The erasure ingests while its file is still there to read: the record keeps only the files whose
    revision the new build holds as read, so the erased file's name, hash and groups are not kept."""
    root = _project(tmp_path / "p")
    (root / "documents" / "zebra-pen.md").write_text(_doc("ZEBRA-9", "1 SCOPE\n\nThe pen words.", "zebrakeepers"))
    Project.ingest(root)
    assert any(b"zebra-pen" in path.read_bytes() for path in (root / ".inforce").glob("groups-*.bin"))
    with Project.open(root) as project:
        project.erase("ZEBRA-9", by="R. Keeper")
    [record] = (root / ".inforce").glob("groups-*.bin")
    kept = record.read_bytes()
    assert b"zebra-pen" not in kept and b"zebrakeepers" not in kept
    assert b"documents/plant.md" in kept  # the files the build holds are still recorded


def test_a_group_first_named_by_a_changed_file_judges_every_opening_again(tmp_path: Path) -> None:
    """Audit 127 F2: an unchanged public document whose opening says "Access - Owners" is text while no
    file names owners; once a changed file names it, the delta judges that opening as a fresh ingest
    does (refused), instead of keeping the document public. The groups in use are part of the build's
    configuration."""
    root = _project(tmp_path / "p")
    (root / "documents" / "plant.md").write_text(_doc("PLANT", "1 SCOPE\n\nThe plant room.", "qa"))
    (root / "documents" / "marked.md").write_text(MARKED)
    assert any(uid.startswith("MARKED@") for uid in Project.ingest(root).added)  # text: owners not in use
    (root / "documents" / "plant.md").write_text(_doc("PLANT", "1 SCOPE\n\nThe plant room.", "owners"))
    with pytest.raises(IngestFailed) as failed:
        Project.ingest(root)
    assert any(problem.file == "documents/marked.md" for problem in failed.value.exceptions)


def test_an_undeclared_rule_is_told_from_a_list_naming_the_same_word(tmp_path: Path) -> None:
    """Audit 127 F1: ``undeclared_access: [public]`` gives a document declaring none the group
    "public"; back at the default (the rule ``public``) that group is named by no file, so an opening
    "Access - Public" is text, as a fresh ingest reads it."""
    root = _project(tmp_path / "p", extra="undeclared_access: [public]\n")
    Project.ingest(root)
    (root / "inforce.yaml").write_text(MANIFEST.format(extra=""))
    (root / "documents" / "notice.md").write_text(_doc("NOTICE", "Access - Public\n\n1 SCOPE\n\nThe notice."))
    assert any(uid.startswith("NOTICE@") for uid in Project.ingest(root).added)


def test_a_record_moved_to_another_build_name_is_not_taken(tmp_path: Path, counted: list[str]) -> None:
    """Audit 127 F3: a record is taken only under its own build's name (its header's build id)."""
    root = _project(tmp_path / "p")
    Project.ingest(root)
    [record] = (root / ".inforce").glob("groups-*.bin")
    record.rename(record.with_name("groups-0123456789abcdef.bin"))
    counted.clear()
    (root / "documents" / "spec-9.md").write_text(_doc("SPEC-9", "1 SCOPE\n\nAnother."))
    Project.ingest(root)
    assert len(counted) == 8  # nothing taken: every file read


def test_a_group_a_drawing_declares_is_in_use(tmp_path: Path) -> None:
    """A drawing's own ``access:`` names a group the project uses, as a front matter's does: a public
    document whose opening gives access to that group is refused (it had been read as text, the
    document public, when only a drawing named the group)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST.format(extra=""))
    (root / "documents" / "A-101.drawing.yaml").write_text(
        "id: DWG-A-101\nkind: drawing\nsheet: A-101\ntitle: Plan\neffective: {from: 2026-01-05}\n"
        "recorded: 2026-01-05T09:00:00Z\naccess: [owners]\ncallouts:\n  - id: callout-1\n    text: \"SEE NOTES\"\n")
    (root / "documents" / "marked.md").write_text(MARKED)
    with pytest.raises(IngestFailed) as failed:
        Project.ingest(root)
    assert any(problem.file == "documents/marked.md" for problem in failed.value.exceptions)
    (root / "documents" / "marked.md").unlink()
    assert Project.ingest(root).swapped
    kept = recorded_groups(root / ".inforce", _key(root))
    assert kept["documents/A-101.drawing.yaml"][1] == ("owners",)
