"""``ontology.files.append_line``: the one appended write of the decision logs (the service's
and ``--decision-log``'s): whole lines, never interleaved, the folder made when missing."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from inforce.ontology.files import append_line


def test_lines_appended_at_once_by_many_threads_are_each_whole(tmp_path: Path) -> None:
    log = tmp_path / "decisions.jsonl"
    payload = "x" * 5000  # longer than a pipe's atomic write, shorter than one write() of a regular file

    def write(worker: int) -> None:
        for number in range(100):
            append_line(log, json.dumps({"worker": worker, "number": number, "payload": payload}))

    threads = [threading.Thread(target=write, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = log.read_text("utf-8").splitlines()
    assert len(lines) == 800
    read = [json.loads(line) for line in lines]  # each line reads: none was cut or interleaved
    assert sorted((x["worker"], x["number"]) for x in read) == [(w, n) for w in range(8) for n in range(100)]


def test_a_newline_is_added_once_and_a_missing_folder_is_made(tmp_path: Path) -> None:
    log = tmp_path / "new" / "folder" / "log.jsonl"
    append_line(log, '{"a": 1}')
    append_line(log, b'{"b": 2}\n')
    assert log.read_bytes() == b'{"a": 1}\n{"b": 2}\n'


_SHORT_WRITE = """
import resource, sys
from inforce.ontology.files import append_line
log, limit = sys.argv[1], int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))  # past it a write is short, then refused
for number in range(20):
    try:
        append_line(log, '{"number": %d, "padding": "%s"}' % (number, "x" * 40))
    except OSError as problem:
        print("refused", number, problem.errno)
        break
"""


def test_a_short_write_leaves_nothing_of_its_line(tmp_path: Path) -> None:
    """Audit 23q Q4: a full disk (here a file-size limit, in a process of its own) cut a line
    short; its bytes stayed, and the next line written once space came back was glued to them."""
    import subprocess
    import sys

    log = tmp_path / "decisions.jsonl"
    done = subprocess.run([sys.executable, "-c", _SHORT_WRITE, str(log), "200"], capture_output=True, text=True,
                          check=True, timeout=60)
    size = len('{"number": 0, "padding": "%s"}\n' % ("x" * 40))
    assert done.stdout.startswith(f"refused {200 // size} "), done.stdout + done.stderr  # the one cut short
    assert len(log.read_bytes()) == 200 // size * size  # the whole lines before it, nothing of it
    append_line(log, '{"after": true}')  # the space back: the next line starts a line of its own
    assert [json.loads(line) for line in log.read_text("utf-8").splitlines()][-1] == {"after": True}


def test_a_fragment_a_crash_left_is_ended_before_the_next_line(tmp_path: Path) -> None:
    log = tmp_path / "decisions.jsonl"
    log.write_bytes(b'{"a": 1}\n{"b": ')
    append_line(log, '{"c": 3}')
    assert log.read_bytes().splitlines() == [b'{"a": 1}', b'{"b": ', b'{"c": 3}']


def test_a_log_that_is_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    """Audit 23q L5: a decision line went through a link into the file it points at."""
    import errno

    import pytest

    target = tmp_path / "other.txt"
    target.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "log.jsonl"
    link.symlink_to(target)
    with pytest.raises(OSError) as raised:
        append_line(link, '{"a": 1}')
    assert raised.value.errno == errno.ELOOP and "symbolic link" in str(raised.value)
    assert target.read_text("utf-8") == "kept\n"
