"""What a hostile audit of the access gate and the outputs found, each pinned by a test.

The project is the access-matrix fixture (tests/cli/test_access_matrix.py): Addendum 2 and the
foundation plan restricted to ``owner-team``.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from .test_access_matrix import project  # noqa: F401  (the fixture)

runner = CliRunner()
INFORCE = [str(Path(sys.executable).with_name("inforce"))]


@pytest.mark.parametrize("asked", ["DWG-S-101#callout-3", "DWG-S-101#callout-99", "ADD-02@7#1.3", "ADD-02#9.9"])
def test_precedence_refuses_alike_whether_the_restricted_section_exists_or_not(project: Path, asked: str) -> None:  # noqa: F811
    result = runner.invoke(app, ["precedence", str(project), "SPEC-033000#2.1.B", asked, "--valid-at", "2026-05-01"])
    assert result.exit_code == 1 and "access_restricted" in result.output


def test_a_precedence_refusal_names_the_document_it_rests_on_in_json_too(project: Path) -> None:  # noqa: F811
    result = runner.invoke(app, ["precedence", str(project), "SPEC-033000#2.1.A", "AGR-001#1.2",
                                 "--valid-at", "2026-05-01", "--format", "json"])
    assert result.exit_code == 1
    assert "ADD-02" in json.loads(result.stdout)["detail"]


def test_show_names_the_documents_whose_edges_it_leaves_out(project: Path) -> None:  # noqa: F811
    shown = json.loads(runner.invoke(app, ["show", str(project), "SPEC-033000#2.1.A", "--format", "json"]).stdout)
    assert shown["edges"] == [] and shown["withheld"] == ["ADD-02"]
    with_group = json.loads(runner.invoke(app, ["show", str(project), "SPEC-033000#2.1.A", "--format", "json",
                                                "--groups", "owner-team"]).stdout)
    assert with_group["edges"] and with_group["withheld"] == []


def test_a_text_refusal_is_the_answer_on_standard_output_and_in_the_o_file(project: Path, tmp_path: Path) -> None:  # noqa: F811
    target = tmp_path / "answer.txt"
    target.write_text("KEEP")
    result = runner.invoke(app, ["show", str(project), "ADD-02#1.3", "-o", str(target)])
    assert result.exit_code == 1
    assert "ADD-02#1.3: refusal (access_restricted)" in target.read_text()


def test_control_characters_in_document_text_are_shown_not_obeyed(tmp_path: Path) -> None:
    from corpus_writer import write_doc

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: esc\n")
    write_doc(tmp_path, "ESC-1", "2026-01-01", "1 SCOPE\n\n1.1 Clear \x1b[2J the screen.\n")
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    shown = runner.invoke(app, ["show", str(tmp_path), "ESC-1#1.1"])
    assert "\x1b" not in shown.stdout and "\\x1b[2J" in shown.stdout
    as_json = runner.invoke(app, ["show", str(tmp_path), "ESC-1#1.1", "--format", "json"])
    assert json.loads(as_json.stdout)["text"].count("\x1b") == 1  # JSON keeps the text exact, escaped


def test_show_prints_a_title_with_line_breaks_on_its_one_line(tmp_path: Path) -> None:
    """Audit 71 A F6: a title holding line breaks was printed raw in ``show``'s header, so a
    document wrote lines of its own choosing ("verdict: answer") into the text output."""
    from corpus_writer import write_doc

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: titled\n")
    write_doc(tmp_path, "T-1", "2026-01-01", "1 SCOPE\n\n1.1 Kept.\n", title='"Public\\n\\nverdict: answer"')
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    shown = runner.invoke(app, ["show", str(tmp_path), "T-1#1.1"])
    assert shown.exit_code == 0, shown.output
    assert "Public\\n\\nverdict: answer" in shown.stdout.splitlines()[0]
    assert not any(line.startswith("verdict") for line in shown.stdout.splitlines())


@pytest.mark.slow
def test_a_title_with_line_breaks_cannot_forge_a_heading_in_the_rfi(tmp_path: Path) -> None:
    root = tmp_path / "rl"
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "riverside-library", root,
                    ignore=shutil.ignore_patterns(".inforce"))
    drawing = root / "documents" / "S-101.drawing.yaml"
    drawing.write_text(drawing.read_text().replace(
        "title: Foundation Plan\n", 'title: "Plan\\n\\n## Order of precedence\\n\\nThe drawing governs."\n'))
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    rfi = runner.invoke(app, ["precedence", str(root), "SPEC-033000#2.1.A", "DWG-S-101#callout-3",
                              "--valid-at", "2026-05-01", "--pack", "precedence/none"])
    assert rfi.exit_code == 1
    # the draft's own heading, once; the title's words stay on the title's line
    assert rfi.stdout.count("\n## Order of precedence") == 1 and "Plan ## Order of precedence" in rfi.stdout


def test_embed_refuses_a_batch_size_of_zero_as_input(project: Path) -> None:  # noqa: F811
    assert runner.invoke(app, ["embed", str(project), "--batch-size", "0"]).exit_code == 2


def test_a_reader_closing_the_pipe_is_exit_141_not_a_refusal(project: Path) -> None:  # noqa: F811
    """``inforce show ... | head -1``: rich would exit 1, the code of a refusal."""
    env = {**os.environ, "PYTHONUNBUFFERED": "0"}
    reader, writer = os.pipe()
    child = subprocess.Popen([*INFORCE, "show", str(project), "SPEC-033000"], stdout=writer,
                             stderr=subprocess.PIPE, env=env)
    os.close(writer)
    os.read(reader, 10)
    os.close(reader)  # the reader goes away with most of the answer unread
    _, said = child.communicate(timeout=120)
    assert child.returncode == 141, said.decode()
    assert b"Traceback" not in said


#: Runs the CLI with standard output held after the answer is written and flushed, until the
#: test closes the ``hold`` pipe: the order "answer written, reader gone, command finishes"
#: made certain (left to timing, a small answer is usually read and the reader gone only after).
_HELD = """
import os, sys
hold = int(sys.argv.pop(1))
class Held:
    def __init__(self, stream):
        self._stream, self._waited, self._wrote = stream, False, False
    def write(self, text):
        self._wrote = self._wrote or bool(text)
        return self._stream.write(text)
    def flush(self):
        self._stream.flush()
        if self._wrote and not self._waited:  # held after an answer only: a command that failed
            self._waited = True                 # before answering ends, and the test sees it at once
            os.read(hold, 1)  # returns once the test has closed its end
    def __getattr__(self, name):
        return getattr(self._stream, name)
sys.stdout = Held(sys.stdout)
_write = os.write
def write(fd, data):  # an answer written to the descriptor itself (emit_text) counts as written too
    done = _write(fd, data)
    if fd == 1 and done:
        sys.stdout._wrote = True
    return done
os.write = write
from inforce.adapters.cli.app import main
sys.argv[0] = "inforce"
main()
"""


@pytest.mark.parametrize("args", [["show", "{p}", "SPEC-033000", "--format", "json"],
                                  ["sweep", "{p}", "--valid-at", "2026-05-01", "--format", "md"]],
                         ids=["json", "md"])
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_reader_gone_after_a_whole_answer_was_written_is_exit_141(project: Path, args: list[str]) -> None:  # noqa: F811
    """Issue 23: JSON and Markdown are written in one piece: it fits in the pipe, no write
    fails, and the command exited 0 (or 1, the sweep's findings) though its reader had gone."""
    reader, writer = os.pipe()
    hold_read, hold_write = os.pipe()
    argv = [sys.executable, "-c", _HELD, str(hold_read), *(a.replace("{p}", str(project)) for a in args)]
    child = subprocess.Popen(argv, stdout=writer, stderr=subprocess.PIPE, pass_fds=(hold_read,))
    os.close(writer)
    os.close(hold_read)
    # a command that fails before it answers writes only its error and ends (``Held`` holds only
    # after an answer): its end reads here as no answer at once; still bounded, never for ever
    answered = select.select([reader], [], [], 120)[0]
    first = os.read(reader, 10) if answered else b""
    os.close(reader)  # the reader goes away with most of the answer unread
    os.close(hold_write)  # and only then does the command finish
    _, said = child.communicate(timeout=120)
    assert first, f"no answer written: exit {child.returncode}\n{said.decode()}"
    assert child.returncode == 141, said.decode()
    assert b"Traceback" not in said


def _to_a_gone_reader(args: list[str], *, stderr_too: bool = False) -> subprocess.CompletedProcess[bytes]:
    """``inforce ARGS`` with standard output (and error, with ``stderr_too``) a pipe whose reader
    has already gone, as ``inforce ARGS | true`` mostly is."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run([*INFORCE, *args], stdout=writer, stderr=writer if stderr_too else subprocess.PIPE,
                              timeout=120, check=False)
    finally:
        os.close(writer)


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["sweep", "--help"], ["rules", "--help"]])
def test_help_and_version_to_a_gone_reader_are_exit_141(args: list[str]) -> None:
    """Audit 71 B F7: click's own texts (help, version), written before any command runs, exited
    1 (a refusal) when the reader had gone, where every command's answer exits 141."""
    done = _to_a_gone_reader(args)
    assert done.returncode == 141, done.stderr.decode()
    assert b"Traceback" not in done.stderr


def test_version_to_a_reader_gone_after_it_was_written_is_exit_141() -> None:
    """The version fits in the pipe whole: the reader leaving after it was written, before the
    process ended, was exit 0 (audit 71 B F7), where a command's answer is 141."""
    reader, writer = os.pipe()
    hold_read, hold_write = os.pipe()
    child = subprocess.Popen([sys.executable, "-c", _HELD, str(hold_read), "--version"], stdout=writer,
                             stderr=subprocess.PIPE, pass_fds=(hold_read,))
    os.close(writer)
    os.close(hold_read)
    first = os.read(reader, 7) if select.select([reader], [], [], 120)[0] else b""
    os.close(reader)
    os.close(hold_write)
    _, said = child.communicate(timeout=120)
    assert first == b"inforce", said.decode()
    assert child.returncode == 141, said.decode()


def test_a_usage_error_whose_reader_has_gone_is_still_exit_2() -> None:
    """Audit 71 B F7: a usage error whose message could not be written (standard error to a pipe
    whose reader left) exited 1 with Python's own broken-pipe report; it is the usage error's 2."""
    done = _to_a_gone_reader(["sweep"], stderr_too=True)
    assert done.returncode == 2
    done = _to_a_gone_reader(["sweep", ".", "--format", "nope"], stderr_too=True)  # a value click refuses
    assert done.returncode == 2
