"""Freed memory kept out of database files (``engine/store/_heap.py``).

Kuzu writes pages whose unused bytes it never set, and the C allocator hands it blocks the
process freed before: text dropped just before an ingest turns up in the new graph file. With the
allocator's fill on (what an erasure turns on), none does.
"""

from __future__ import annotations

import gc
import platform
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.store._heap import fill_allocations

pytestmark = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the allocator fill is glibc's")

SPEC = """---
id: SPEC-300
kind: specification
title: Section 07 92 00 Joint Sealants
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
# SECTION 07 92 00 - JOINT SEALANTS

## PART 2 - PRODUCTS

2.1 SEALANTS

A. Provide a single-component neutral-curing silicone sealant at every exterior joint.
"""


def _ingest_after_dropping(root: Path, text: str) -> list[str]:
    """Ingest a small project right after the process built and dropped many copies of ``text``;
    the files of ``.inforce`` that hold it."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: heap-test\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-300.md").write_text(SPEC)
    dropped = [(text + str(i)) * 50 for i in range(20000)]  # blocks of the sizes Kuzu asks for
    dropped += [bytearray((text * 100).encode()) for _ in range(2000)]
    del dropped
    gc.collect()
    Project.ingest(root)
    return sorted(p.name for p in (root / ".inforce").rglob("*") if p.is_file() and text.encode() in p.read_bytes())


@pytest.mark.slow
def test_text_the_process_freed_reaches_no_graph_written_with_the_fill_on(tmp_path: Path) -> None:
    text = "QzFreedBeforeTheWriteQz"
    try:
        # the hazard first, so that this test can fail: without the fill, the freed text reaches
        # the file in most tries (2 of 3 here); a Kuzu that stopped doing so needs no guard
        fill_allocations(False)
        if not any(_ingest_after_dropping(tmp_path / f"off-{n}", text) for n in range(3)):
            pytest.skip("this Kuzu wrote no freed memory in 3 tries: nothing to guard against")
        assert fill_allocations(True)
        for n in range(2):
            assert _ingest_after_dropping(tmp_path / f"on-{n}", text) == []
    finally:
        fill_allocations(False)


def test_a_large_block_freed_with_the_fill_on_is_handed_out_again_filled() -> None:
    """With the fill on, a block larger than glibc maps on its own (Kuzu's JSON reader asks for
    32 MiB and a page) comes from the heap: the same pages again, not fresh ones faulted in
    each time, and still filled, never holding what was written there before it was freed."""
    import ctypes
    import ctypes.util
    import resource

    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    size = (32 << 20) + 4096
    try:
        assert fill_allocations(True)
        first = libc.malloc(size)
        ctypes.memset(first, ord("Q"), size)
        libc.free(first)
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        second = libc.malloc(size)  # filled as it is handed out: mapped afresh, every page would fault
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
        try:
            held = ctypes.string_at(second, size)
        finally:
            libc.free(second)
        assert faults < size // 4096 // 8, faults  # reused: kept in the heap, not unmapped and mapped again
        assert held.count(b"Q") == 0 and held == b"\xa5" * size  # the complement of the fill byte
    finally:
        fill_allocations(False)
