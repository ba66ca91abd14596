"""``engine.asof.revisions.collector_paused``: one pause of Python's cyclic garbage collector for
the process, held by nested uses and by many threads at once (the service answers ``facts`` on
its worker threads), the collector running again once the last holder leaves — never left off
(audit 130 F1: a thread that found it paused, then paused it after another resumed it, left it
off for good) — and left off where the caller had it off."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator

import pytest

from inforce.engine.asof.revisions import collector_paused


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_nested_uses_resume_it_when_the_outermost_leaves() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_resumes_it() -> None:
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("in the middle")
    assert gc.isenabled()


def test_a_caller_that_had_it_off_finds_it_off() -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_threads_holding_it_at_once_leave_it_running() -> None:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # a thread switch at almost every bytecode: the window wide open
    try:
        left_off = 0
        for _ in range(60):
            inside: list[bool] = []

            def work(inside: list[bool] = inside) -> None:
                for _ in range(100):
                    with collector_paused():
                        inside.append(gc.isenabled())

            threads = [threading.Thread(target=work) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=60)
            assert not any(thread.is_alive() for thread in threads)
            assert inside and not any(inside)  # paused for every holder while it held it
            left_off += not gc.isenabled()
            gc.enable()
    finally:
        sys.setswitchinterval(interval)
    assert left_off == 0
