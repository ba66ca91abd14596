"""A full disk (a file-size limit stands in for it, set in a child process of its own) is said as
one, exit 2 or 3, and leaves nothing half-made: a first ingest and an erasure are refused before
Kuzu writes (where a write of its own failing aborts the process: SIGABRT, "terminate called"),
``review accept`` names the review file, ``init`` leaves no half-made project (issue 23, audit D
findings 4 and 5)."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import Result
from size_limited import run_limited
from typer.testing import CliRunner

from inforce.adapters.cli import app

INFORCE = Path(sys.executable).parent / "inforce"  # the console script, as a user runs it

MANIFEST = "project: full-disk\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n"
SPEC = """---
id: SPEC-7
kind: specification
title: Section 03 30 00 Concrete
revision: "0"
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

1.1 Slump: 5 inches maximum.
"""
ADDENDUM = """---
id: ADD-7
kind: addendum
title: Addendum 7
issued: 2026-02-01
effective: {from: 2026-02-01}
recorded: 2026-02-01T09:00:00Z
---
1 CHANGES

1.1 Section 03 30 00, Paragraph 1.1: The slump is agreed with the Engineer on site.
"""


_run = run_limited


def _in_process(*args: str | Path) -> Result:
    """``inforce ARGS`` with no limit, in this process: for a step after a limited child's run
    (room again, what is left) where the process boundary is not what is tested."""
    return CliRunner().invoke(app, list(map(str, args)))


def _said_full(done: subprocess.CompletedProcess[str], codes: tuple[int, ...]) -> None:
    assert done.returncode in codes, f"{done.returncode}\n{done.stderr}"
    assert "too large for the file-size limit" in done.stderr, done.stderr
    assert "terminate called" not in done.stderr and "internal error" not in done.stderr, done.stderr


def _build_files(project: Path) -> list[str]:
    """What a build leaves in ``.inforce`` besides the writer's lock: graphs, their shadow and
    write-ahead files, staging folders."""
    folder = project / ".inforce"
    return sorted(p.name for p in folder.iterdir() if p.name != "write.lock") if folder.is_dir() else []


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec.md").write_text(SPEC)
    (root / "documents" / "add.md").write_text(ADDENDUM)
    return root


#: A file-size limit above what a first build of ``_project`` needs (its graph file is ~8 MB).
ROOMY = 48 << 20


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The project's first ingest, in a child under the ``ROOMY`` limit, once; each test works in
    its own copy (``project``)."""
    root = _project(tmp_path_factory.mktemp("full-disk") / "p")
    return root, _run("ingest", root, limit=ROOMY)


@pytest.fixture
def project(ingested: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path) -> Path:
    root, done = ingested
    assert done.returncode == 0, done.stderr
    return Path(shutil.copytree(root, tmp_path / "p", symlinks=True))


def test_a_first_ingest_on_a_full_disk_is_refused_before_kuzu_writes(tmp_path: Path) -> None:
    """Kuzu aborted the process (SIGABRT) when its first graph file could not grow, leaving the
    build's files; the build's room is now reckoned first, and refused as a full disk."""
    root = _project(tmp_path / "p")
    done = _run("ingest", root, limit=5_000 * 1024)
    _said_full(done, (2,))  # the machine's room, said as every full disk is: exit 2, not a StoreError
    assert "InputError" in done.stderr and "StoreError" not in done.stderr and "[Errno" not in done.stderr, done.stderr
    assert "cannot write the new graph" in done.stderr and "building the graph needs a file of about" in done.stderr
    assert "nothing was built, the graph is as it was" in done.stderr, done.stderr
    assert _build_files(root) == []
    again = _in_process("ingest", root)
    assert again.exit_code == 0, again.output  # room again: the same project ingests


def test_a_build_within_the_limit_is_not_refused(ingested: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    """The reckoning is no blanket refusal: under a limit above what a small graph needs, a first
    ingest goes through (the module's own first ingest, in a child under ``ROOMY``)."""
    root, done = ingested
    assert done.returncode == 0, done.stderr
    assert [name for name in _build_files(root) if name.startswith("graph-")]


@pytest.mark.parametrize("limit", [2_000, 200_000])
def test_an_erasure_on_a_full_disk_is_refused_and_changes_nothing(project: Path, limit: int) -> None:
    """``erase`` died in Kuzu's rollback (SIGABRT) or exited 70; now refused, the document kept."""
    before = (project / "documents" / "spec.md").read_bytes()
    done = _run("erase", project, "SPEC-7", "--by", "me", "--confirm", "SPEC-7", limit=limit)
    _said_full(done, (2, 3))
    assert (project / "documents" / "spec.md").read_bytes() == before
    assert not [name for name in _build_files(project) if name.startswith(("build-", "graph-000002"))]
    shown = _in_process("show", project, "SPEC-7")
    assert shown.exit_code == 0 and "5 inches" in shown.stdout, shown.output


def test_a_review_on_a_full_disk_names_the_review_file(project: Path) -> None:
    """``review accept`` exited 70, "internal error: OSError"; now exit 2 naming reviews.yaml."""
    done = _run("review", project, "accept", "ADD-7#1.1", "--target", "SPEC-7#1.1", "--scope", "partial",
                "--by", "me", limit=0)
    _said_full(done, (2,))
    assert "cannot write" in done.stderr and "reviews.yaml" in done.stderr
    assert not (project / "reviews.yaml").exists()
    assert not [p.name for p in project.iterdir() if p.name.endswith(".partial")]


@pytest.mark.parametrize("limit", [0, 3_000])
def test_init_on_a_full_disk_leaves_no_half_made_project(tmp_path: Path, limit: int) -> None:
    """A failed init left a 0-byte inforce.yaml, rules/ and documents/: a second init then refused
    ("a project already exists here"). Now nothing it made stays, in a new or an existing folder."""
    new, existing = tmp_path / "new" / "p", tmp_path / "existing"
    (existing / "documents").mkdir(parents=True)
    (existing / "documents" / "mine.md").write_text("the owner's own file\n")
    for folder in (new, existing):
        done = _run("init", folder, limit=limit)
        assert done.returncode == 2, done.stderr
        assert "cannot create the project" in done.stderr and "internal error" not in done.stderr, done.stderr
    assert not (tmp_path / "new").exists()
    assert sorted(str(p.relative_to(existing)) for p in existing.rglob("*")) == ["documents", "documents/mine.md"]
    for folder in (new, existing):
        assert _in_process("init", folder).exit_code == 0  # room again: init makes the project
        assert (folder / "inforce.yaml").stat().st_size > 0


def _per_build_files(project: Path) -> dict[str, bytes]:
    """The live build's files beside its graph (texts, search, rows, facts ...: ``KIND-<build>.bin``)."""
    return {p.name: p.read_bytes() for p in (project / ".inforce").iterdir() if p.name.endswith(".bin")}


@pytest.mark.parametrize("limit", [2_000, 200_000])
def test_an_erasure_on_a_full_disk_says_nothing_was_erased_and_keeps_the_live_build(project: Path,
                                                                                    limit: int) -> None:
    """``erase`` printed only the rebuild's "StoreError: ingest failed, the previous graph is
    untouched" (exit 3), never that nothing was erased, and the rebuild's start had deleted the
    live build's files beside its graph (texts, search indexes, rows, fact tables: every reader
    after built them again); now exit 2 naming the folder and the full disk, saying nothing was
    erased, and those files as they were (audit 71 B F4)."""
    _in_process("show", project, "SPEC-7")  # every file of the live build written
    before = _per_build_files(project)
    assert {name.split("-", 1)[0] for name in before} >= {"texts", "search", "rows"}, before
    done = _run("erase", project, "SPEC-7", "--by", "me", "--confirm", "SPEC-7", limit=limit)
    _said_full(done, (2,))
    assert "nothing was erased" in done.stderr and ".inforce" in done.stderr, done.stderr
    assert "StoreError" not in done.stderr, done.stderr
    assert _per_build_files(project) == before
    assert not (project / "erasures.yaml").exists()


def _store_files(project: Path) -> dict[str, bytes]:
    """The store's files, ``CURRENT`` by the graph it names (a reader may record its file's check
    again, as after a copy): what a refused ingest must leave as it was."""
    return {p.name: p.read_bytes().split(b"\n")[0] if p.name == "CURRENT" else p.read_bytes()
            for p in (project / ".inforce").iterdir() if p.is_file() and p.name != "write.lock"}


def _touched(project: Path) -> dict[str, bytes]:
    """One line added to the specification (the next ingest has a document to stage), and the
    store's files as they are before it (``_store_files``)."""
    with (project / "documents" / "spec.md").open("a") as spec:
        spec.write("\n1.2 Cover: 40 mm.\n")
    return _store_files(project)


def test_an_ingest_with_no_room_for_the_lock_says_so_and_never_blames_the_lock(project: Path) -> None:
    """Under ``ulimit -f 0`` the writer's pid could not go into ``write.lock``: exit 3, "cannot
    serve as the write lock ... remove it" (advice that lets two writers meet). Now exit 2: the
    file-size limit, the lock file named, nothing changed (audit 80 B F1)."""
    before = _touched(project)
    done = _run("ingest", project, limit=0)
    _said_full(done, (2,))
    assert "write.lock" in done.stderr and "nothing was changed" in done.stderr, done.stderr
    assert "remove it" not in done.stderr and "cannot serve" not in done.stderr, done.stderr
    assert _store_files(project) == before
    assert _in_process("ingest", project).exit_code == 0  # the lock was let go: the next ingest runs


def test_an_ingest_with_no_room_to_stage_names_the_file_and_leaves_no_build_folder(project: Path) -> None:
    """Under a 1 KiB limit the staged rows were cut at 1024 bytes: exit 2 "cannot write" naming no
    file, and ``.inforce/build-N/`` left with its partial ``*.jsonl`` after every run. Now the
    staged file is named, the folder removed, the live graph as it was (audit 80 B F2)."""
    before = _touched(project)
    for _ in range(2):
        done = _run("ingest", project, limit=1024)
        _said_full(done, (2,))
        assert ".jsonl" in done.stderr and "the graph is as it was" in done.stderr, done.stderr
        assert not [name for name in _build_files(project) if name.startswith("build-")]
        assert _store_files(project) == before
    shown = _in_process("show", project, "SPEC-7")
    assert shown.exit_code == 0 and "5 inches" in shown.stdout and "40 mm" not in shown.stdout, shown.output
    assert _in_process("ingest", project).exit_code == 0  # room again: the change goes in


def test_rows_the_disk_has_no_room_for_part_way_are_named_and_discarded(tmp_path: Path) -> None:
    """A staged file the limit stops part way (past the writer's 1 MiB buffer, not at its close):
    the write names the file, and ``discard`` removes the folder though each file's last flush
    fails again (the first failure used to leave the rest of the folder behind)."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from inforce.ontology import InputError\n"
        "from inforce.engine.store._staging import StagingArea\n"
        "area = StagingArea(Path(sys.argv[1]))\n"
        "area.write('Other', {'text': 'kept short'})\n"
        "try:\n"
        "    for n in range(4000):\n"
        "        area.write('Section', {'n': n, 'text': 'x' * 1000})\n"
        "except InputError as refused:\n"
        "    print('refused at', n, refused)\n"
        "area.discard()\n"
    )
    folder = tmp_path / "build-000002"

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1_500_000, 1_500_000))

    done = subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True,
                          timeout=120, check=False, preexec_fn=limited,
                          env=os.environ | {"PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    assert "refused at" in done.stdout and "refused at 3999" not in done.stdout, done.stdout
    assert "Section.jsonl: cannot write" in done.stdout and "file-size limit" in done.stdout, done.stdout
    assert not folder.exists()


def test_a_limit_under_a_mib_is_told_in_kib(tmp_path: Path) -> None:
    """A 50 KiB file-size limit was told as "the limit is 0.0 MiB" (audit 80 B L5)."""
    root = _project(tmp_path / "p")
    done = _run("ingest", root, limit=50 * 1024)
    _said_full(done, (2,))
    assert "the limit is 50.0 KiB" in done.stderr and "0.0 MiB" not in done.stderr, done.stderr
    assert _build_files(root) == []
