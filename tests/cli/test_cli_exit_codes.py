"""Exit codes as corpus-format.md states them, decided in one place: 2 for input, 3 for a graph
that cannot be used, 4 for a model, 70 for a bug (one line, no traceback unless --debug).
Extreme dates and offsets, init on a file and a case attribute given twice are input errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._common import (
    EXIT_FINDING,
    EXIT_GRAPH,
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_MODEL,
    EXIT_WORKER_LOST,
    FormatOption,
    OutputFormat,
    handle_errors,
)
from inforce.adapters.cli.app import _main as app_callback
from inforce.engine.store._layout import StoreLayout, WriterLock
from inforce.ontology import (
    AccessRestrictedError,
    GraphDamagedError,
    InforceError,
    InputError,
    ModelUnavailableError,
    NotFoundError,
    NotIngestedError,
    StoreError,
    StoreLockedError,
    WorkerLostError,
)

from corpus_writer import write_doc

runner = CliRunner()


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def new_project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: {root.name}\n")
    write_doc(root, "SPEC-1", "2026-01-01", "1 GENERAL\n\n1.1 Mixes are tested weekly.\n")
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = new_project(tmp_path_factory.mktemp("codes") / "spec")
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.output
    return root


def assert_clean(result, code: int, *words: str) -> None:
    """The exit code, one message naming ``words`` on standard error, and no traceback."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.stderr, (word, result.stderr)


# ---- extreme dates and offsets (exit 2) ---------------------------------------------------
@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_a_known_at_outside_the_calendar_once_in_utc_is_an_input_error(project, moment):
    asked = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2026-05-01", "--known-at", moment)
    assert_clean(asked, 2, "--known-at", moment)
    case = invoke("eligible", project, "--valid-at", "2026-05-01", "--known-at", moment)
    assert_clean(case, 2, "--known-at")


@pytest.mark.parametrize(("moment", "said"), [
    ("2026-04-10T12:00:00.999999999Z", "9 digits after the second"),
    ("2026-04-10T12:00:00z", "not a datetime (YYYY-MM-DDTHH:MM:SSZ"),
])
def test_a_known_at_finer_than_a_microsecond_or_with_a_small_z_is_refused_in_our_words(project, moment, said):
    """Audit 69 B L2: nanoseconds were cut to microseconds, a moment no one asked for; a small
    z was refused in Python's words ("Invalid isoformat string")."""
    asked = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2026-05-01", "--known-at", moment)
    assert_clean(asked, 2, "--known-at", said)
    assert "isoformat" not in asked.stderr


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_a_lag_clock_outside_the_calendar_is_an_input_error(project, moment):
    assert_clean(invoke("lag", project, "--now", moment), 2, "--now")


def test_the_calendar_edges_in_utc_are_still_answers(project):
    for moment in ("0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"):
        asked = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2026-05-01", "--known-at", moment)
        assert asked.exit_code in (0, 1) and isinstance(asked.exception, SystemExit | None), asked.output


def test_a_recorded_date_outside_the_calendar_is_an_input_error_naming_the_file(tmp_path):
    root = new_project(tmp_path / "far")
    document = root / "documents" / "spec-1.md"
    document.write_text(document.read_text().replace("recorded: 2026-01-01T00:00:00Z",
                                                     "recorded: 0001-01-01T00:00:00+05:00"))
    assert_clean(invoke("ingest", root), 2, "documents/spec-1.md", "recorded")
    assert_clean(invoke("lag", root), 2, "documents/spec-1.md")


def test_a_compact_valid_at_is_an_input_error(project):
    assert_clean(invoke("asof", project, "SPEC-1#1.1", "--valid-at", "20260501"), 2, "--valid-at", "YYYY-MM-DD")
    assert_clean(invoke("eligible", project, "--valid-at", "20260501"), 2, "--valid-at")


# ---- case attributes -----------------------------------------------------------------------
def test_a_case_attribute_given_twice_is_an_input_error_naming_it(project):
    twice = invoke("eligible", project, "--valid-at", "2026-05-01", "-c", "market=UK", "-c", "market=US")
    assert_clean(twice, 2, "--context", "market")
    spaced = invoke("asof", project, "SPEC-1#1.1", "--valid-at", "2026-05-01", "-c", "pilot=true", "-c", " pilot = false")
    assert_clean(spaced, 2, "pilot")


# ---- init ----------------------------------------------------------------------------------
def test_init_on_a_file_is_an_input_error_and_leaves_the_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    assert_clean(invoke("init", path), 2, "notes.txt", "not a folder")
    assert path.read_text() == "mine\n"
    assert_clean(invoke("init", path / "inside"), 2, "notes.txt")


def test_init_never_overwrites_a_manifest(tmp_path):
    (tmp_path / "inforce.yaml").write_text("project: mine\n")
    assert_clean(invoke("init", tmp_path), 2, "inforce.yaml", "already exists")
    assert (tmp_path / "inforce.yaml").read_text() == "project: mine\n"
    assert not (tmp_path / "documents").exists()


def test_init_in_a_folder_with_documents_adds_the_manifest_and_no_example(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "sop-001.md").write_text("my own\n")
    (tmp_path / "README").write_text("readme\n")
    done = invoke("init", tmp_path)
    assert done.exit_code == 0, done.output
    assert (tmp_path / "inforce.yaml").is_file() and (tmp_path / "rules").is_dir()
    assert (tmp_path / "documents" / "sop-001.md").read_text() == "my own\n"
    assert (tmp_path / "README").read_text() == "readme\n"
    assert "sop-001.md" not in done.stderr  # only what init wrote is listed


def test_init_where_a_folder_is_needed_but_a_file_stands_changes_nothing(tmp_path):
    (tmp_path / "rules").write_text("not a folder\n")
    assert_clean(invoke("init", tmp_path), 2, "rules", "not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules"]


# ---- a graph that cannot be used (exit 3) --------------------------------------------------
def test_a_project_never_ingested_is_exit_3(tmp_path):
    root = new_project(tmp_path / "fresh")
    for command in (["stats", root], ["show", root, "SPEC-1#1.1"],
                    ["asof", root, "SPEC-1#1.1", "--valid-at", "2026-05-01"]):
        assert_clean(invoke(*command), 3, "not ingested", "inforce ingest")


@pytest.mark.slow
def test_a_held_write_lock_is_exit_3(tmp_path):
    root = new_project(tmp_path / "locked")
    writer = WriterLock(StoreLayout(root))
    writer.acquire()  # another writer, as a second inforce process would hold it
    try:
        assert_clean(invoke("ingest", root), 3, "locked")
    finally:
        writer.release()
    assert invoke("ingest", root).exit_code == 0


# ---- the wrapper itself: one place maps every error to its code ---------------------------
def probe_app(raised: BaseException) -> typer.Typer:
    """The real app's callback (--debug) and one command that raises ``raised``."""
    probe = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    probe.callback()(app_callback)

    @handle_errors
    def fail(format: FormatOption = OutputFormat.text) -> None:
        raise raised

    probe.command("fail")(fail)
    return probe


@pytest.mark.parametrize(("raised", "code"), [
    (InputError("bad value", field="--x"), EXIT_INPUT),
    (NotFoundError("SPEC-9: no such document"), EXIT_INPUT),
    (InforceError("something of ours"), EXIT_INPUT),
    (NotIngestedError("p"), EXIT_GRAPH),
    (StoreLockedError("p/.inforce"), EXIT_GRAPH),
    (GraphDamagedError("p/.inforce/graph-000001.kuzu", "checksum"), EXIT_GRAPH),
    (StoreError("the store failed"), EXIT_GRAPH),
    (ModelUnavailableError("no model"), EXIT_MODEL),
    (WorkerLostError("subjects not compared: the worker running it died 2 time(s)"), EXIT_WORKER_LOST),
    (AccessRestrictedError("P2#4.1"), EXIT_FINDING),
])
def test_each_error_family_has_its_exit_code(raised, code):
    result = runner.invoke(probe_app(raised), ["fail"])
    if code == EXIT_FINDING:  # a refusal is the answer: on standard output, the hint on standard error
        assert_clean(result, code, "--groups")
        assert "refusal (access_restricted)" in result.stdout
        return
    assert_clean(result, code, type(raised).__name__)
    assert result.stdout == ""


def test_an_internal_error_is_one_line_and_exit_70():
    result = runner.invoke(probe_app(RuntimeError("boom\n  on two lines")), ["fail"])
    assert_clean(result, EXIT_INTERNAL)
    assert result.stderr == "internal error: RuntimeError: boom on two lines (run with --debug for the traceback)\n"


def test_debug_shows_the_traceback_of_an_internal_error(monkeypatch):
    shown = runner.invoke(probe_app(RuntimeError("boom")), ["--debug", "fail"])
    assert shown.exit_code == EXIT_INTERNAL
    assert "Traceback" in shown.stderr and "RuntimeError: boom" in shown.stderr
    monkeypatch.setenv("INFORCE_DEBUG", "1")
    by_environment = runner.invoke(probe_app(RuntimeError("boom")), ["fail"])
    assert by_environment.exit_code == EXIT_INTERNAL and "Traceback" in by_environment.stderr


def test_an_interrupt_is_one_line_and_exit_130():
    result = runner.invoke(probe_app(KeyboardInterrupt()), ["fail"])
    assert_clean(result, EXIT_INTERRUPTED)
    assert result.stderr == "interrupted\n"


def test_debug_is_a_global_option_of_the_real_app(project):
    done = invoke("--debug", "stats", project)
    assert done.exit_code == 0 and "documents" in done.stdout


# ---- a file handed to a command is read only up to the one limit (exit 2) ------------------------
@pytest.mark.parametrize("command", ["check", "sweep", "replay"])
@pytest.mark.parametrize("source", ["sparse", "/dev/zero"])
def test_an_answer_baseline_or_record_over_the_limit_is_refused_before_it_is_read(
        project, tmp_path, command, source):
    """``--answer``, ``--baseline`` and ``replay RECORD`` read their file whole: /dev/zero took
    all the memory there was (exit 70 at best). Past 64 MiB the file is an input error."""
    from inforce.ontology.files import MAX_INPUT_BYTES

    if source == "sparse":  # its size says it all: nothing of it is read
        path = tmp_path / "big.json"
        with path.open("wb") as handle:
            handle.truncate(MAX_INPUT_BYTES + 1)
    else:
        if not Path(source).exists():
            pytest.skip("no /dev/zero here")
        path = Path(source)
    args = {"check": ["--answer", path], "sweep": ["--valid-at", "2026-05-01", "--baseline", path],
            "replay": [path]}[command]
    # a device is refused unread since audit 66 B L4 (tests/cli/test_device_inputs_66.py)
    assert_clean(invoke(command, project, *args), 2,
                 "over the limit of 64 MiB" if source == "sparse" else "not a regular file")


def test_an_answer_on_standard_input_is_read_through_the_same_bound(project):
    answer = ('{"question": "q", "context": {"valid_at": "2026-05-01"}, "claims": [{"text": "Mixes are tested '
              'weekly.", "citations": [{"locator": "SPEC-1#1.1", "quote": "tested weekly"}]}]}')
    done = runner.invoke(app, ["check", str(project), "--answer", "-", "--format", "json"], input=answer.encode())
    assert done.exit_code == 0, done.output
    over = runner.invoke(app, ["check", str(project), "--answer", "-"], input=b" " * (64 * 1024 * 1024 + 1))
    assert_clean(over, 2, "over the limit of 64 MiB")


# ---- a process started with standard input or output closed (exit 2, not 70) -------------------
#: The console script, run by a shell that closes a stream first (``<&-``, ``>&-``): Python then
#: holds None for it, which no in-process runner can show.
INFORCE = str(Path(sys.executable).with_name("inforce"))


def _closed(redirect: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", f'exec "$@" {redirect}', "bash", INFORCE, *map(str, args)],
                          stdout=subprocess.PIPE if redirect != ">&-" else None, stderr=subprocess.PIPE,
                          text=True, timeout=120, check=False)


def test_an_answer_on_a_closed_standard_input_is_an_input_error(project):
    """Audit 60 F05: ``check --answer - <&-`` ended in exit 70 (None has no ``buffer``)."""
    done = _closed("<&-", "check", project, "--answer", "-")
    assert done.returncode == 2, done.stderr
    assert "standard input is closed" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["stats", "{p}"], ["rules", "schema"], ["init", "{t}/new"]],
                         ids=["stats", "rules-schema", "init"])
def test_an_answer_for_a_closed_standard_output_is_refused_before_the_work(project, tmp_path, args):
    """Audit 60 F05: ``stats P >&-`` ended in exit 70 (None has no ``write``), after the work:
    ``init`` had written its project. Refused first, naming standard output; nothing written."""
    done = _closed(">&-", *(a.replace("{p}", str(project)).replace("{t}", str(tmp_path)) for a in args))
    assert done.returncode == 2, done.stderr
    assert "standard output: closed" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "new").exists()


def test_an_answer_sent_to_o_needs_no_standard_output(project, tmp_path):
    done = _closed(">&-", "stats", project, "-o", tmp_path / "stats.txt")
    assert done.returncode == 0, done.stderr
    assert "documents" in (tmp_path / "stats.txt").read_text()


# A KeyboardInterrupt raised as the named module is first imported: where Ctrl-C lands when the key is pressed
# while the command line's modules load (the interpreter raises it at whatever line runs then)
_INTERRUPTED_AT = """
import sys
from importlib.abc import MetaPathFinder
stop_at = sys.argv.pop(1)
class Interrupt(MetaPathFinder):  # one Ctrl-C: the first time the module is looked for
    def find_spec(self, name, path=None, target=None):
        if name == stop_at:
            sys.meta_path.remove(self)
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, Interrupt())
from inforce._console import main  # what the console script runs
sys.argv[0] = "inforce"
main()
"""


@pytest.mark.parametrize("module", ["inforce.adapters.cli.app", "typer", "inforce.adapters.cli.ingest_cmd"])
def test_ctrl_c_while_the_command_line_loads_is_one_line_and_exit_130(tmp_path, module):
    """Audit 84 (low): Ctrl-C in the first second of a run (a command's modules loading) ended in a
    traceback (the console script imported the whole command line) or in exit 130 saying nothing
    (click's own end for it, outside any command's handler): now "interrupted", 130, as elsewhere."""
    from importlib.metadata import entry_points

    from inforce.adapters.cli.app import COMMAND_MODULES

    assert [e.value for e in entry_points(group="console_scripts", name="inforce")] == ["inforce._console:main"]
    if module.endswith("ingest_cmd"):
        module = f"inforce.adapters.cli.{COMMAND_MODULES['ingest']}"
    done = subprocess.run([sys.executable, "-c", _INTERRUPTED_AT, module, "ingest", str(tmp_path)],
                          capture_output=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (EXIT_INTERRUPTED, b"interrupted\n"), done.stderr.decode()
