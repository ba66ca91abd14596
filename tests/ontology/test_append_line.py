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
