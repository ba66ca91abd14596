"""What keeps a quick question quick over HTTP (issue 24), without changing its answer.

- ``asof`` of a section is answered on the event loop once its generation has answered one
  (``Warm.hot``): no hand-over to a worker thread; the first on each generation, and any after
  an ingest swapped in a newer one, still go to a worker (opening a generation takes seconds).
- the decision log is written by one thread in batches (``Recorder``): in order, nothing
  dropped on close, ``flush`` waiting for everything queued before it.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import DecisionLog, Service, Warm
from inforce.adapters.http.decisions import Recorder
from inforce.engine import Project

LOCATOR, DAY = "SOP-001#2.1", "2026-03-01"


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[tuple[Path, Warm]]:
    root = tmp_path / "project"
    scaffold_project(root, today="2026-01-05")
    Project.ingest(root)
    warm = Warm.open("tiny", root)
    try:
        yield root, warm
    finally:
        warm.close()


def _ingest_again(root: Path) -> None:
    document = root / "documents" / "sop-001.md"
    document.write_text(document.read_text() + "\nZZ a sentence added after the first ingest.\n")
    Project.ingest(root)


def test_a_generation_is_hot_for_a_kind_once_it_has_answered_one(tiny: tuple[Path, Warm]) -> None:
    root, warm = tiny
    assert warm.hot("asof") is None  # nothing answered yet: the indexes may not be built
    with warm.reading() as project:  # a reading that names no kind warms none
        first = project.build_id
    assert warm.hot("asof") is None
    with warm.reading("asof"):
        pass
    held = warm.hot("asof")
    assert held is not None and warm.hot("show") is None
    with held as project:
        assert project.build_id == first and project.asof(LOCATOR, dt.date(2026, 3, 1)).in_force  # type: ignore[union-attr]
    _ingest_again(root)
    assert warm.hot("asof") is None  # a newer generation on disk: the worker opens it
    with warm.reading("asof") as project:
        newer = project.build_id
    assert newer != first
    again = warm.hot("asof")
    assert again is not None
    with again as project:
        assert project.build_id == newer


def test_a_reading_that_fails_warms_nothing(tiny: tuple[Path, Warm]) -> None:
    _, warm = tiny
    with pytest.raises(RuntimeError), warm.reading("asof"):
        raise RuntimeError("the question failed")
    assert warm.hot("asof") is None


def test_a_hot_asof_is_answered_while_every_worker_is_busy(tiny: tuple[Path, Warm], http_keys: Any,
                                                          serve: Callable[..., Any],
                                                          bearer: Callable[[str], dict[str, str]]) -> None:
    """One worker, held by a long question: the first ``asof`` waits for it (a worker warms the
    generation), the next ones do not; every answer is the front's own, and each is logged."""
    root, warm = tiny
    log = root / "decisions.jsonl"
    service = Service({"tiny": warm}, http_keys, decision_log=DecisionLog(log), workers=1, time_limit=60)
    server = serve(service)
    with Project.open(root) as here:
        expected = json.loads(here.asof(LOCATOR, dt.date(2026, 3, 1)).model_dump_json())  # type: ignore[union-attr]
    params = {"locator": LOCATOR, "valid_at": DAY}
    url = f"{server.url}/v1/projects/tiny/asof"
    release = threading.Event()
    with httpx.Client(timeout=60) as client:
        first = client.get(url, params=params, headers=bearer("owner"))
        assert first.status_code == 200, first.text
        busy = service._workers.submit(release.wait, 60)  # the one worker, held
        try:
            answers = [client.get(url, params=params, headers=bearer("owner"), timeout=10) for _ in range(3)]
            with pytest.raises(httpx.TimeoutException):  # a whole document's text is a graph query: a worker's
                client.get(url, params={"locator": "SOP-001", "valid_at": DAY}, headers=bearer("owner"), timeout=1)
        finally:
            release.set()
            busy.result(60)
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert answer.headers["X-Inforce-Build"] == first.headers["X-Inforce-Build"]
        assert answer.json() == expected
    service.flush()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    asked = [line for line in lines if line["endpoint"] == "asof" and line["status"] == 200]
    assert len(asked) >= 4 and {line["index_build"] for line in asked} == {first.headers["X-Inforce-Build"]}


def test_the_recorder_runs_every_write_in_order_and_drops_none_on_close() -> None:
    recorder = Recorder(gather=0.005)
    done: list[int] = []
    for n in range(300):
        recorder.submit(lambda n=n: done.append(n))
    recorder.flush()
    assert done == list(range(300))  # flush waited for all queued before it
    for n in range(300, 2000):
        recorder.submit(lambda n=n: done.append(n))
    recorder.close()
    assert done == list(range(2000))
    with pytest.raises(RuntimeError):
        recorder.submit(lambda: None)


def test_the_recorder_writes_from_many_threads_each_once() -> None:
    recorder = Recorder(gather=0.001)
    done: list[tuple[int, int]] = []

    def queue(thread: int) -> None:
        for n in range(200):
            recorder.submit(lambda n=n: done.append((thread, n)))

    threads = [threading.Thread(target=queue, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    recorder.close()
    assert sorted(done) == [(t, n) for t in range(8) for n in range(200)]
    for t in range(8):  # each thread's writes in the order it queued them
        assert [n for who, n in done if who == t] == list(range(200))
