"""A sweep's outputs are written all or none (issue 23, audit F finding 3): its ``-o`` report and
its ``--rfi-dir`` drafts are staged beside their places and moved in only once every one was
written (``files.written_together``). A sweep that fails writing one of them (a file-size limit
stands in for a full disk, set in a child process of its own) exits 2 naming the file and leaves
nothing new behind: no report, no draft, no folder it made, no temporary file; a folder that was
there holds what it held."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

pytestmark = pytest.mark.slow

INFORCE = Path(sys.executable).parent / "inforce"  # the console script, as a user runs it
SWEEP = ("sweep", "--valid-at", "2026-05-01", "--pack", "precedence/none", "-f", "json")  # 3 escalations
#: The example swept: the dosing label (three drafts of 2.3 to 3.4 kB, a report of ~18 kB) rather
#: than the construction one (19 drafts): as many sizes as the limits below need, a sweep a fifth as long.
EXAMPLE = "label-dosing"
#: A limit some drafts fit under and some do not, and one every draft fits under but not the report.
SOME_DRAFTS, EVERY_DRAFT = 3_000, 4_000


def _sweep(project: Path, *args: str | Path, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """``inforce sweep PROJECT ...`` in a child process, its files limited to ``limit`` bytes."""
    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    environment = os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}  # never a cut .pyc in the tree
    command = [str(INFORCE), SWEEP[0], str(project), *SWEEP[1:], *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False, env=environment,
                          preexec_fn=limited)


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too: a temporary file left is a failure) by name."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def swept(ingested_example) -> Path:
    """The process's shared ingest: sweeps only read it (reports and drafts go to tmp_path)."""
    return ingested_example(EXAMPLE)


@pytest.fixture(scope="module")
def whole(swept: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict[str, bytes]]:
    """The report and the drafts of the same sweep with room to write them: no limit, so in this
    process (the child's limit is what the tests below are about, not this sweep)."""
    out = tmp_path_factory.mktemp("whole")
    done = CliRunner().invoke(app, [SWEEP[0], str(swept), *SWEEP[1:], "-o", str(out / "report.json"),
                                    "--rfi-dir", str(out / "rfi")])
    assert done.exit_code == 1, done.output  # escalations reach --fail-on escalate
    drafts = _tree(out / "rfi")
    sizes = sorted(len(d) for d in drafts.values())
    assert sizes[0] < SOME_DRAFTS < sizes[-1] < EVERY_DRAFT < (out / "report.json").stat().st_size
    return json.loads((out / "report.json").read_text()), drafts


def _failed(done: subprocess.CompletedProcess[str], *named: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "too large for the file-size limit" in done.stderr, done.stderr
    assert all(name in done.stderr for name in named), done.stderr
    assert "internal error" not in done.stderr and "written to" not in done.stderr, done.stderr


def test_a_report_that_cannot_be_written_leaves_no_drafts(swept: Path, whole, tmp_path: Path) -> None:
    """The drafts fit under the limit, the report does not (``whole`` checks the sizes): the
    drafts were written first and left behind (exit 2); now neither is, nor the folder."""
    out = tmp_path / "out"
    out.mkdir()
    done = _sweep(swept, "-o", out / "report.json", "--rfi-dir", out / "rfi", limit=EVERY_DRAFT)
    assert done.returncode == 2, done.stderr
    assert sorted(p.name for p in out.iterdir()) == []  # nothing, not even a hidden temporary file
    _failed(done, str(out / "report.json"), "-o")


def test_a_draft_that_cannot_be_written_leaves_none(swept: Path, whole, tmp_path: Path) -> None:
    """Some drafts fit under the limit and some do not: the first ones were left (a part of the
    set, exit 2); now none, and no folder."""
    folder = tmp_path / "out" / "rfi"
    done = _sweep(swept, "--rfi-dir", folder, limit=SOME_DRAFTS)
    assert done.returncode == 2, done.stderr
    assert not folder.exists() and not folder.parent.exists()
    assert done.stdout == ""
    _failed(done, str(folder), "--rfi-dir")


@pytest.mark.parametrize("limit", [SOME_DRAFTS, EVERY_DRAFT])
def test_a_folder_that_was_there_keeps_what_it_held(swept: Path, whole, tmp_path: Path, limit: int) -> None:
    """A folder of an earlier run: its stale draft, the user's notes and a draft of a finding this
    run writes again are all as they were after a sweep that failed; no temporary file stays."""
    report, drafts = whole
    folder = tmp_path / "rfi"
    folder.mkdir()
    again = sorted(drafts)[0]
    held = {"RFI-0000000000000000.md": b"an RFI sent last week\n", "notes.txt": b"mine\n", again: b"edited\n"}
    for name, data in held.items():
        (folder / name).write_bytes(data)
    done = _sweep(swept, "-o", tmp_path / "report.json", "--rfi-dir", folder, limit=limit)
    assert done.returncode == 2, done.stderr
    assert _tree(folder) == held
    assert not (tmp_path / "report.json").exists()
    _failed(done, "--rfi-dir" if limit == SOME_DRAFTS else "-o")
    assert report["findings"]  # the same run with room writes them (below)


def test_with_room_the_report_and_every_draft_are_written(swept: Path, whole, tmp_path: Path) -> None:
    """All of them, into a folder that was there: a draft of the same finding replaced, a stale
    draft of an earlier run and the user's other files left as they were (they are the user's)."""
    report, drafts = whole
    folder = tmp_path / "rfi"
    folder.mkdir()
    again = sorted(drafts)[0]
    mine = {"RFI-0000000000000000.md": b"an RFI sent last week\n", "notes.txt": b"mine\n"}
    for name, data in {**mine, again: b"edited\n"}.items():
        (folder / name).write_bytes(data)
    done = _sweep(swept, "-o", tmp_path / "report.json", "--rfi-dir", folder, limit=100_000)
    assert done.returncode == 1, done.stderr
    assert f"{len(drafts)} RFI draft(s) written to {folder}" in done.stderr
    assert _tree(folder) == {**drafts, **mine}
    assert json.loads((tmp_path / "report.json").read_text()) == report


def test_a_move_into_place_that_fails_puts_back_what_was_there(tmp_path: Path) -> None:
    """The last step, the renames: when one fails (here a folder took the second name after the
    files were written), the file already replaced gets its old content back and no temporary or
    kept copy stays: all or none holds to the end."""
    from inforce.ontology.files import written_together

    first, second = tmp_path / "report.json", tmp_path / "RFI-1.md"
    first.write_text("the earlier report\n")
    told = []
    with pytest.raises(IsADirectoryError):
        with written_together() as together:
            together.add(first, "the new report\n")
            together.add(second, "a draft\n")
            together.then(lambda: told.append("written"))
            (second / "taken").mkdir(parents=True)
    assert first.read_text() == "the earlier report\n" and told == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["RFI-1.md", "report.json"]  # the folder, not a draft


def test_drafts_of_findings_no_longer_found_are_kept_and_named(swept: Path, whole, tmp_path: Path) -> None:
    """Drafts in the folder of findings this run does not report (an earlier run's: they may have
    been edited or sent) stay as they are, and the run names them on standard error, five, then a
    count (AUDIT-Z1 02): no reader of the folder takes one for current. A file not named as a draft
    is the user's and not named; a draft this run writes again is not stale."""
    _, drafts = whole
    folder = tmp_path / "rfi"
    folder.mkdir()
    stale = {f"RFI-{n:016x}.md": f"sent {n}\n".encode() for n in range(7)}
    mine = {"notes.txt": b"mine\n", "RFI-draft.txt": b"not a draft's name\n"}
    again = sorted(drafts)[0]
    for name, data in {**stale, **mine, again: b"edited\n"}.items():
        (folder / name).write_bytes(data)
    done = CliRunner().invoke(app, [SWEEP[0], str(swept), *SWEEP[1:], "--rfi-dir", str(folder)])
    assert done.exit_code == 1, done.output
    assert _tree(folder) == {**drafts, **stale, **mine}
    note = next(line for line in done.stderr.splitlines() if "of findings this run does not report" in line)
    assert note.startswith(f"7 RFI draft(s) in {folder} ")
    assert note.endswith(": " + ", ".join(sorted(stale)[:5]) + " and 2 more"), note
    assert again not in note and "notes.txt" not in note and "RFI-draft.txt" not in note
    # a folder holding only this run's drafts: nothing said
    done = CliRunner().invoke(app, [SWEEP[0], str(swept), *SWEEP[1:], "--rfi-dir", str(tmp_path / "fresh")])
    assert done.exit_code == 1, done.output
    assert "does not report" not in done.stderr
