"""A damaged graph is survivable: readers refuse it before Kuzu reads it, ``ingest`` rebuilds it.

Kuzu 0.11.3 crashes (a segmentation fault) on a graph file with random bytes written into
it, so everything that reads a damaged graph runs in a child process here: before the
graph was checked on open, such a test saw exit 139, not a refusal, and the test process
itself survived to say so.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.store import GraphStore, _check
from inforce.engine.store._layout import StoreLayout
from inforce.ontology import GraphDamagedError, GraphUnusableError, IngestResult

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "label-dosing"
#: The installed console script, the command users run.
INFORCE = Path(sys.executable).parent / "inforce"
#: The CLI's exit code for an unusable graph (not ingested, locked, damaged).
EXIT_GRAPH = 3

#: In a child: for each project root read on stdin, ingest through the real pipeline, keeping
#: what the writer's store said, then answer through the engine front; one JSON line per root
#: (after ``RESULT``). One child serves the module: what is tested is each ingest, not the
#: interpreter's start, and a crash still ends the child, not the test process.
INGEST_CHILD = textwrap.dedent(
    """
    import json, sys
    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine import Project
    from inforce.engine.store import GraphStore

    writers = []
    opened = GraphStore.open.__func__

    def spy(cls, root, read_only=True, **options):
        store = opened(cls, root, read_only, **options)
        if not read_only:
            writers.append(store)
        return store

    GraphStore.open = classmethod(spy)
    for line in sys.stdin:
        root = line.rstrip("\\n")
        writers.clear()
        result = ingest_project(root)
        with Project.open(root) as project:
            stats = project.stats()
        print("RESULT " + json.dumps({"recovered": [w.recovered for w in writers], "swapped": result.swapped,
                                      "added": len(result.added), "revisions": stats.revisions,
                                      "sections": stats.sections, "index_build": stats.index_build}), flush=True)
    """
)


class _Ingester:
    """The module's one ingesting child (``INGEST_CHILD``); started again after a child that died."""

    def __init__(self, logs: Path) -> None:
        self._logs = logs
        self._process: subprocess.Popen[str] | None = None
        self._stderr: Path | None = None

    def ingest(self, root: Path) -> dict:
        if self._process is None or self._process.poll() is not None:
            self._stderr = self._logs / f"child-{len(list(self._logs.iterdir()))}.err"
            with self._stderr.open("w") as stderr:
                self._process = subprocess.Popen([sys.executable, "-c", INGEST_CHILD], stdin=subprocess.PIPE,
                                                 stdout=subprocess.PIPE, stderr=stderr, text=True)
        process = self._process
        assert process.stdin is not None and process.stdout is not None and self._stderr is not None
        process.stdin.write(f"{root}\n")
        process.stdin.flush()
        limit = threading.Timer(300, process.kill)  # an ingest that hangs fails, as subprocess.run's timeout did
        limit.start()
        try:
            for line in process.stdout:  # the child's own prints may come before its answer
                if line.startswith("RESULT "):
                    return json.loads(line[len("RESULT "):])
        finally:
            limit.cancel()
        process.wait(60)
        raise AssertionError(f"exit {process.returncode}\n{self._stderr.read_text()[-3000:]}")

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            self._process.wait(60)


@pytest.fixture(scope="module")
def ingester(tmp_path_factory) -> Iterator[_Ingester]:
    child = _Ingester(tmp_path_factory.mktemp("ingester"))
    yield child
    child.close()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory, ingested_example) -> Path:
    """The example, ingested once (a copy of the run's one ingest); each test works on a copy."""
    return ingested_example.copy(EXAMPLE.name, tmp_path_factory.mktemp("pristine") / "label-dosing")


@pytest.fixture()
def project(pristine, tmp_path) -> Path:
    root = tmp_path / "label-dosing"
    shutil.copytree(pristine, root)
    ingest_project(root)  # the copy's graph is a new file: let the writer stamp it as its own
    return root


def _expected(pristine: Path) -> dict:
    with Project.open(pristine) as project:
        stats = project.stats()
    return {"revisions": stats.revisions, "sections": stats.sections, "index_build": stats.index_build}


def _live(root: Path) -> Path:
    live = StoreLayout(root).live()
    assert live is not None
    return live


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(INFORCE), *map(str, args)], capture_output=True, text=True, timeout=300, check=False)


def _assert_refused(done: subprocess.CompletedProcess[str], *wanted: str) -> None:
    """A clean refusal: exit 3 with the message, never a crash (exit 139 / SIGSEGV) or a traceback."""
    assert done.returncode not in (139, -signal.SIGSEGV), f"crashed: {done.returncode}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    for text in wanted:
        assert text in done.stderr, done.stderr
    assert done.returncode == EXIT_GRAPH, done.stderr


def _ingest_here(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[IngestResult, list[str | None]]:
    """Ingest an undamaged project in this process: the result, and each writer's ``recovered``."""
    writers: list[GraphStore] = []
    opened = GraphStore.open.__func__  # type: ignore[attr-defined]

    def spy(cls, root, read_only=True, **options):
        store = opened(cls, root, read_only, **options)
        if not read_only:
            writers.append(store)
        return store

    with monkeypatch.context() as patched:
        patched.setattr(GraphStore, "open", classmethod(spy))
        result = ingest_project(root)
    return result, [writer.recovered for writer in writers]


def _random_bytes(root: Path) -> None:
    with open(_live(root), "r+b") as handle:
        handle.seek(64 << 10)
        handle.write(os.urandom(800_000))


def _truncate(root: Path) -> None:
    live = _live(root)
    os.truncate(live, live.stat().st_size // 2)


def _delete(root: Path) -> None:
    _live(root).unlink()


def _folder(root: Path) -> None:
    live = _live(root)
    live.unlink()
    live.mkdir()


DAMAGE = {
    "random-bytes": (_random_bytes, "does not match the checksum"),
    "truncated": (_truncate, "truncated"),
    "deleted": (_delete, "the file is missing"),
    "a-folder": (_folder, "not a regular file"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_graph_is_refused_to_readers_with_exit_3(project, damage):
    spoil, said = DAMAGE[damage]
    spoil(project)
    _assert_refused(_cli("stats", project), "GraphDamagedError", said, "run inforce ingest")


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_ingest_rebuilds_a_damaged_graph_from_the_documents_and_says_so(project, pristine, ingester, damage):
    spoil, said = DAMAGE[damage]
    spoil(project)
    done = ingester.ingest(project)
    (message,) = done["recovered"]
    assert "cannot be trusted" in message and said in message and "rebuilding" in message
    assert done["swapped"] and done["added"] == len(list((project / "documents").iterdir()))
    expected = _expected(pristine)
    assert {key: done[key] for key in expected} == expected
    assert _cli("stats", project).returncode == 0


def test_random_bytes_under_a_restored_modification_time_are_still_found(project):
    live = _live(project)
    before = live.stat()
    _random_bytes(project)
    os.utime(live, ns=(before.st_atime_ns, before.st_mtime_ns))  # the change time still moves
    _assert_refused(_cli("stats", project), "GraphDamagedError", "does not match the checksum")


def test_a_pointer_naming_no_graph_is_refused_and_ingest_rebuilds(project, pristine, ingester):
    StoreLayout(project).current_file.write_text("not a graph\n")
    _assert_refused(_cli("stats", project), "GraphDamagedError", "names no graph file")
    done = ingester.ingest(project)
    assert "cannot be trusted" in done["recovered"][0]
    assert done["revisions"] == _expected(pristine)["revisions"]


@pytest.mark.parametrize(("pointer", "said"), [
    ("zero", "not a regular file (a device)"), ("random", "not a regular file (a device)"),
    ("pipe", "not a regular file (a named pipe)"), ("long", "over the limit"),
])
def test_a_pointer_that_is_no_small_regular_file_is_refused_at_once(project, pointer, said):
    """Audit 68 B F01: ``CURRENT`` linked to ``/dev/zero`` grew every reader's memory past 2 GB, a
    named pipe held it: it is read as the small regular file inforce writes, or called damaged."""
    current = StoreLayout(project).current_file
    current.unlink()
    if pointer == "zero":
        current.symlink_to("/dev/zero")
    elif pointer == "random":
        current.symlink_to("/dev/urandom")
    elif pointer == "pipe":
        os.mkfifo(current)
    else:
        current.write_text("graph-000001.kuzu\n" + "x" * 5000)
    _assert_refused(_cli("stats", project), "GraphDamagedError", said, "run inforce ingest")


def test_a_writer_store_names_what_it_could_not_trust(project):
    _truncate(project)
    with GraphStore.open(project, read_only=False) as store:
        assert store.recovered is not None and "truncated" in store.recovered
        assert store.build_id() == ""  # nothing of the damaged graph is carried over
    with pytest.raises(GraphDamagedError, match="truncated"):
        GraphStore.open(project)  # opening for writing changed nothing on disk


def test_a_no_op_ingest_stays_a_no_op(project, monkeypatch):
    layout = StoreLayout(project)
    pointer, graph = layout.current_file.read_text(), _live(project).stat()
    result, recovered = _ingest_here(project, monkeypatch)
    assert recovered == [None] and not result.swapped and not result.added
    assert layout.current_file.read_text() == pointer  # not even re-stamped
    after = _live(project).stat()
    assert (after.st_ino, after.st_mtime_ns) == (graph.st_ino, graph.st_mtime_ns)


def test_an_unchanged_graph_is_opened_on_its_stamp_alone(project, monkeypatch):
    reads = []
    real = _check._read_check
    monkeypatch.setattr(_check, "_read_check", lambda *a: reads.append(1) or real(*a))
    with Project.open(project) as opened:
        assert opened.stats().revisions
    assert reads == []
    os.utime(_live(project))  # a touch moves the stamp: the next open reads the file once
    with Project.open(project) as opened:
        assert opened.stats().revisions
    assert reads == [1]


def test_ingest_re_stamps_a_touched_graph_without_rebuilding_it(project, monkeypatch):
    layout = StoreLayout(project)
    os.utime(_live(project))
    stamped = layout.pointer()
    generation = layout.generation()
    result, recovered = _ingest_here(project, monkeypatch)
    assert recovered == [None] and not result.swapped
    assert layout.generation() == generation
    pointer = layout.pointer()
    assert pointer is not None and stamped is not None and pointer.check is not None
    assert pointer.check.crc32 == stamped.check.crc32
    assert pointer.check.matches(pointer.path.stat())


def test_a_graph_from_before_checks_is_read_unverified_until_ingest_records_its_check(project, monkeypatch):
    layout = StoreLayout(project)
    live = _live(project)
    layout.current_file.write_text(live.name + "\n")  # CURRENT as written before checks
    with Project.open(project) as opened:
        assert opened.stats().revisions
    result, recovered = _ingest_here(project, monkeypatch)
    assert recovered == [None] and not result.swapped
    pointer = layout.pointer()
    assert pointer is not None and pointer.path == live and pointer.check is not None


def test_a_stamp_taken_in_the_same_clock_tick_as_a_write_is_not_trusted(project):
    found = _live(project).stat()
    check = _check.GraphCheck(
        crc32=0, size=found.st_size, mtime_ns=found.st_mtime_ns, ctime_ns=found.st_ctime_ns,
        ino=found.st_ino, dev=found.st_dev, hashed_from_ns=max(found.st_mtime_ns, found.st_ctime_ns),
    )
    assert not check.matches(found)
    margin = _check.racy_margin_ns(found.st_mtime_ns, found.st_ctime_ns)
    trusted = _check.GraphCheck(**{**check.__dict__, "hashed_from_ns": check.hashed_from_ns + margin})
    assert trusted.matches(found)


def _lock_folder(path: Path) -> None:
    path.mkdir()


def _lock_fifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.parametrize("make", [_lock_folder, _lock_fifo], ids=["folder", "fifo"])
def test_an_unusable_write_lock_is_a_clear_refusal(project, make):
    lock = StoreLayout(project).lock_file
    lock.unlink()
    make(lock)
    _assert_refused(_cli("ingest", project), "GraphUnusableError", "write.lock", "cannot serve as the write lock")
    with pytest.raises(GraphUnusableError, match="remove it"):
        GraphStore.open(project, read_only=False)
    assert _cli("stats", project).returncode == 0  # readers take no lock


def test_a_store_folder_that_is_a_file_is_a_clear_refusal(tmp_path):
    root = tmp_path / "label-dosing"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    (root / ".inforce").write_text("not a folder")
    _assert_refused(_cli("ingest", root), "GraphUnusableError", "a file is in the way")
    _assert_refused(_cli("stats", root), "GraphUnusableError", "is not a folder")


def test_a_store_knows_when_it_no_longer_reads_the_live_file(project):
    """Deleting ``.inforce`` and ingesting again restarts the generations at 1: the same
    generation number, another file (and here another build)."""
    with Project.open(project) as opened:
        store = opened.snapshot.store  # held: the project itself would swap in the new generation
        assert store.reads_live()
        generation = store.generation()
        shutil.rmtree(project / ".inforce")
        edited = sorted((project / "documents").iterdir())[0]
        edited.write_text(edited.read_text() + "\nOne more closing sentence.\n")
        ingest_project(project)
        assert StoreLayout(project).generation() == generation
        assert not store.reads_live()
        with GraphStore.open(project) as fresh:
            assert fresh.reads_live()


def test_project_refresh_sees_a_rebuilt_store_folder(project):
    with Project.open(project) as opened:
        before = opened.build_id
        shutil.rmtree(project / ".inforce")
        edited = sorted((project / "documents").iterdir())[0]
        edited.write_text(edited.read_text() + "\nOne more closing sentence.\n")
        ingest_project(project)
        assert opened.refresh()
        assert opened.build_id != before


def test_lag_on_a_damaged_graph_is_exit_3_not_everything_pending(project):
    """Only a project never ingested has everything pending; a damaged graph is an unusable one."""
    _random_bytes(project)
    _assert_refused(_cli("lag", project, "--now", "2030-01-01T00:00:00Z"), "damaged")


def _under_memory_limit(kib: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (kib * 1024, kib * 1024))


@pytest.mark.parametrize("command", [("stats",), ("show", "LBL-DVX")])
def test_memory_running_out_is_not_called_damage(pristine, command):
    """Under ``ulimit -v 3000000`` Kuzu cannot map its pages: that is said as memory, exit 70,
    never "damaged, run inforce ingest" (issue 23)."""
    done = subprocess.run([str(INFORCE), command[0], str(pristine), *command[1:]], capture_output=True, text=True,
                          timeout=300, check=False, preexec_fn=lambda: _under_memory_limit(3_000_000))
    assert done.returncode == 70, f"{done.returncode}\n{done.stderr}"
    assert "out of memory" in done.stderr and "ulimit" in done.stderr, done.stderr
    assert "damaged" not in done.stderr and "run inforce ingest" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_first_ingest_short_of_memory_says_so(pristine, tmp_path):
    """A project's first ingest under a memory limit exited 3, "StoreError: ingest failed, the
    previous graph is untouched", where there is no previous graph and nothing failed but memory
    (audit 83 B F4); it is said as every command says it: exit 70, out of memory, nothing made."""
    root = Path(shutil.copytree(pristine, tmp_path / "fresh", ignore=shutil.ignore_patterns(".inforce")))
    done = subprocess.run([str(INFORCE), "ingest", str(root)], capture_output=True, text=True, timeout=300,
                          check=False, preexec_fn=lambda: _under_memory_limit(3_000_000))
    assert done.returncode == 70, f"{done.returncode}\n{done.stderr}"
    assert "out of memory" in done.stderr and "ulimit" in done.stderr, done.stderr
    assert "StoreError" not in done.stderr and "previous graph" not in done.stderr, done.stderr
    assert not list((root / ".inforce").glob("graph-*")), "a build was left behind"
