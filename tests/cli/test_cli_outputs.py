"""Output conventions (corpus-format.md): ``-o`` works with every format and writes only a finished
answer; a regular file is replaced atomically, a symlink, FIFO or device is written through;
messages stay on standard error; document text prints as written, never as markup or emoji."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()
TITLE = "Markup [bold]test[/bold] :x:"
BODY = "[red]note[/red] :warning: applies to every [link=https://example.com]mix[/link] :smile:"


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """One document whose title and text look like rich markup and emoji codes."""
    root = tmp_path_factory.mktemp("outputs") / "markup"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: markup\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-1\nkind: specification\n"
        f"title: \"{TITLE}\"\n"
        "issued: 2026-01-01\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n"
        f"1 GENERAL\n\n1.1 {BODY}\n")
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.output
    return root


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ---- document text is data -----------------------------------------------------------------
@pytest.mark.parametrize("command", [
    ["show", "SPEC-1#1.1"],
    ["asof", "SPEC-1#1.1", "--valid-at", "2026-05-01"],
    ["asof", "SPEC-1", "--valid-at", "2026-05-01"],
])
def test_document_text_prints_as_written_never_as_markup_or_emoji(project, command):
    shown = invoke(command[0], project, *command[1:])
    assert shown.exit_code == 0, shown.output
    assert BODY in shown.stdout
    for rendered in ("❌", "⚠", "😄"):
        assert rendered not in shown.output


def test_show_prints_the_title_as_written(project):
    shown = invoke("show", project, "SPEC-1#1.1")
    assert TITLE in shown.stdout


def test_history_prints_nothing_read_as_markup(project):
    # history prints locators and dates only, never the title or text; nothing of it is rendered
    shown = invoke("history", project, "SPEC-1#1.1")
    assert shown.exit_code == 0, shown.output
    assert "SPEC-1@0#1.1" in shown.stdout and "2026-01-01T00:00:00Z" in shown.stdout
    assert not any(rendered in shown.output for rendered in ("❌", "⚠", "😄"))


def test_document_text_written_by_dash_o_is_as_written(project, tmp_path):
    target = tmp_path / "show.txt"
    done = invoke("show", project, "SPEC-1#1.1", "-o", target)
    assert done.exit_code == 0 and done.stdout == "", done.output
    written = target.read_text()
    assert TITLE in written and BODY in written
    assert "\x1b[" not in written  # no terminal colour codes in a file


# ---- -o with every format ------------------------------------------------------------------
def test_text_output_goes_to_the_file_named_by_dash_o(project, tmp_path):
    target = tmp_path / "stats.txt"
    done = invoke("stats", project, "-o", target)
    assert done.exit_code == 0 and done.stdout == "", done.output
    assert "documents" in target.read_text() and "index build" in target.read_text()
    asked = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2026-05-01", "-o", target)
    assert asked.exit_code == 0 and asked.stdout == ""
    assert target.read_text().startswith("SPEC-1#1.1 as of 2026-05-01")
    assert leftovers(tmp_path) == []


def test_rules_schema_goes_to_the_file_named_by_dash_o(tmp_path):
    target = tmp_path / "pack.schema.json"
    done = invoke("rules", "schema", "-o", target)
    assert done.exit_code == 0 and done.stdout == "", done.output
    assert "properties" in json.loads(target.read_text())


def test_messages_stay_on_standard_error_with_dash_o(project, tmp_path):
    target = tmp_path / "ingest.txt"
    done = invoke("ingest", project, "-o", target)
    assert done.exit_code == 0, done.output
    assert "up to date" in done.stderr and done.stdout == ""
    assert target.read_text() == ""  # ingest's text answer is all messages


def test_a_finding_is_still_written(project, tmp_path):
    target = tmp_path / "asof.json"
    done = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2025-01-01", "-f", "json", "-o", target)
    assert done.exit_code == 1, done.output  # nothing in force yet: a finding, still an answer
    assert json.loads(target.read_text())["in_force"] is False
    text = tmp_path / "asof.txt"
    assert invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2025-01-01", "-o", text).exit_code == 1
    assert "not in force" in text.read_text()


def test_an_error_writes_nothing_and_leaves_the_file_untouched(project, tmp_path):
    target = tmp_path / "keep.txt"
    target.write_text("yesterday's answer\n")
    for command in (["show", project, "not a locator"], ["show", project, "SPEC-9#1"],
                    ["asof", project, "SPEC-1#1.1", "--valid-at", "20260501"]):
        failed = invoke(*command, "-o", target)
        assert failed.exit_code == 2, failed.output
        assert target.read_text() == "yesterday's answer\n"
    assert leftovers(tmp_path) == []


# ---- what is at the path -------------------------------------------------------------------
def test_a_regular_file_is_replaced_whole_and_keeps_its_permissions(project, tmp_path):
    target = tmp_path / "stats.json"
    target.write_text("old\n")
    target.chmod(0o640)
    before = target.stat().st_ino
    done = invoke("stats", project, "-f", "json", "-o", target)
    assert done.exit_code == 0, done.output
    assert json.loads(target.read_text())["project"] == "markup"
    assert target.stat().st_ino != before  # a new file renamed into place, not rewritten in place
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_a_symlink_is_written_through_and_stays_a_symlink(project, tmp_path):
    real = tmp_path / "real" / "stats.txt"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert invoke("stats", project, "-o", link).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "documents" in real.read_text()
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "real" / "new.txt")
    assert invoke("stats", project, "-o", dangling).exit_code == 0
    assert dangling.is_symlink() and "documents" in (tmp_path / "real" / "new.txt").read_text()
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []


def test_a_fifo_is_opened_and_written_never_replaced(project, tmp_path):
    fifo = tmp_path / "answers"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader waiting, so the writer's open returns
    try:
        done = invoke("stats", project, "-f", "json", "-o", fifo)
        received = b""
        while True:
            try:
                chunk = os.read(reader, 65536)
            except BlockingIOError:
                break  # nothing was ever written into the FIFO
            if not chunk:
                break
            received += chunk
    finally:
        os.close(reader)
    assert done.exit_code == 0, done.output
    assert json.loads(received)["project"] == "markup"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def character_device(path: Path, minor: int) -> Path:
    """A private copy of /dev/null (minor 3) or /dev/full (minor 7), so no test touches /dev."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except (PermissionError, OSError) as refused:
        pytest.skip(f"cannot make a device node here: {refused}")
    return path


def test_a_device_is_written_never_replaced(project, tmp_path):
    null = character_device(tmp_path / "null", 3)
    done = invoke("stats", project, "-f", "json", "-o", null)
    assert done.exit_code == 0, done.output
    assert stat.S_ISCHR(null.lstat().st_mode)


def test_a_full_device_is_an_input_error_naming_the_path(project, tmp_path):
    full = character_device(tmp_path / "full", 7)
    done = invoke("stats", project, "-o", full)
    assert done.exit_code == 2, done.output
    assert str(full) in done.stderr and "-o" in done.stderr and "No space left" in done.stderr
    assert stat.S_ISCHR(full.lstat().st_mode)


def test_a_folder_or_a_missing_folder_is_an_input_error_naming_the_path(project, tmp_path):
    for target in (tmp_path, tmp_path / "no" / "such" / "x.txt"):
        done = invoke("stats", project, "-o", target)
        assert done.exit_code == 2, done.output
        assert str(target) in done.stderr and "-o" in done.stderr and "Traceback" not in done.output


def cli(*args: object, **kwargs) -> subprocess.CompletedProcess:
    script = "from inforce.adapters.cli import main; main()"
    return subprocess.run([sys.executable, "-c", script, *map(str, args)], check=False, **kwargs)


@pytest.mark.slow
def test_standard_output_named_by_dash_o_is_written_through(project, tmp_path):
    piped = cli("stats", project, "-f", "json", "-o", "/dev/fd/1", capture_output=True, text=True)
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["project"] == "markup"
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n")
    before = log.stat().st_ino
    with open(log, "a") as appended:  # a shell's >>: the answer joins the file, never replaces it
        done = cli("stats", project, "-f", "json", "-o", "/dev/fd/1", stdout=appended, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert log.stat().st_ino == before
    first, rest = log.read_text().split("\n", 1)
    assert first == "earlier line" and json.loads(rest)["project"] == "markup"


def test_dash_as_output_is_standard_output_not_a_file_named_dash(project: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``-o -`` wrote a file named "-" in the current folder (audit 78 B, low): "-" is the usual
    name of standard output, and the answer goes there, in every format."""
    monkeypatch.chdir(tmp_path)
    for fmt in ("text", "json"):
        shown = invoke("show", project, "SPEC-1", "-f", fmt, "-o", "-")
        assert shown.exit_code == 0, shown.output
        assert "SPEC-1" in shown.stdout
    assert not (tmp_path / "-").exists()
