#!/usr/bin/env python3
"""What checking the graph file on open costs: ``Project.open(root).stats()`` at ~100k provisions.

    python bench/graph_check.py [--docs 1110] [--runs 7] [--project DIR]

The project is ``generate`` of ``bench/generate_project.py`` (specifications of ~90 provisions
each, the ingest benchmark's generator), ingested with ``inforce ingest`` and cached under
``--project`` (default ``/tmp/inforce-bench/graph-check-N``); every run re-runs the ingest
(a no-op when nothing changed, which also records the check of a graph made before checks).

Timed, in one process (imports done), a fresh ``Project.open(root)`` + ``stats()`` + close
each time, the three ways ``CURRENT`` can describe the same unchanged file, alternating:

- **stamp matches**: what every open after an ingest does: a ``stat``, no read.
- **stamp moved**: the file was touched, copied or chmod'ed since its check (here: a stamp
  recorded in the same clock tick as the file's last write, which is never trusted): the
  whole file is read and its CRC-32 compared, on every open until the next ingest.
- **no check recorded**: a graph made live before checks, opened unverified: what every
  open did before this change.

Each once with the file in the page cache ("warm") and once after evicting it
(``posix_fadvise(DONTNEED)``, "cold": the disk is read, by the check and by Kuzu). Then the
same through the CLI (``inforce stats``, a fresh process each, warm), and the checksum alone:
the full read of one open, the writer's check at swap time (part of every ingest and
``embed`` that swaps), and sha256 over the same file for comparison.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_project, ingest, ingest_summary  # noqa: E402

from inforce.engine import Project  # noqa: E402
from inforce.engine.store._check import check_graph, measure_graph  # noqa: E402
from inforce.engine.store._layout import StoreLayout  # noqa: E402


def write_current(layout: StoreLayout, text: str) -> None:
    pending = layout.home / "CURRENT.next"
    pending.write_text(text)
    os.replace(pending, layout.current_file)


def evict(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def open_and_stats(root: Path) -> float:
    started = time.perf_counter()
    with Project.open(root) as project:
        project.stats(groups=None)
    return time.perf_counter() - started


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1110)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--project", type=Path, default=None)
    args = parser.parse_args()
    root = args.project or Path(f"/tmp/inforce-bench/graph-check-{args.docs}")

    written = ensure_project(root, args.docs)
    ingest_s, summary = ingest(root)
    layout = StoreLayout(root)
    pointer = layout.pointer()
    if pointer is None or pointer.check is None or not pointer.check.matches(pointer.path.stat()):
        raise SystemExit(f"{root}: the ingest left no trusted check in CURRENT")
    live, check = pointer.path, pointer.check
    with Project.open(root) as project:
        stats = project.stats(groups=None)

    trusted = layout.current_file.read_text()
    untrusted = dataclasses.replace(check, hashed_from_ns=max(check.mtime_ns, check.ctime_ns))
    variants = {
        "stamp matches (stat only)": trusted,
        "stamp moved (file read in full)": f"{live.name}\n{untrusted.to_line()}\n",
        "no check recorded (as before this change)": f"{live.name}\n",
    }

    print(f"project: {root} ({'generated now' if written else 'cached'}; ingest {ingest_s:.1f} s: "
          f"{ingest_summary(summary)})")
    provisions = stats.sections + stats.table_rows + stats.callouts
    print(f"graph: {provisions:,} provisions in {stats.revisions:,} revisions; {live.name},"
          f" {live.stat().st_size / 2**20:,.0f} MiB")
    print()

    in_process: dict[tuple[str, str], list[float]] = {}
    try:
        for text in variants.values():
            write_current(layout, text)
            open_and_stats(root)  # untimed: the first open of each way in this process
        for cache in ("warm", "cold"):
            for _ in range(args.runs):
                for name, text in variants.items():
                    write_current(layout, text)
                    if cache == "cold":
                        evict(live)
                    in_process.setdefault((name, cache), []).append(open_and_stats(root))

        cli: dict[str, list[float]] = {}
        for text in variants.values():
            write_current(layout, text)
            subprocess.run([str(INFORCE), "stats", str(root)], capture_output=True, check=True)  # warm-up
        for _ in range(args.runs):
            for name, text in variants.items():
                write_current(layout, text)
                started = time.perf_counter()
                subprocess.run([str(INFORCE), "stats", str(root)], capture_output=True, check=True)
                cli.setdefault(name, []).append(time.perf_counter() - started)
    finally:
        write_current(layout, trusted)

    baseline = statistics.median(in_process[("no check recorded (as before this change)", "warm")])
    print(f"`Project.open(root).stats()` then close, in one process; median of {args.runs} each, the three "
          "ways alternating:")
    print()
    print("| how CURRENT describes the file | page cache | median s | min s | vs. no check (warm) |")
    print("|---|---|---|---|---|")
    for (name, cache), times in in_process.items():
        median = statistics.median(times)
        print(f"| {name} | {cache} | {median:.3f} | {min(times):.3f} | {median / baseline:.2f}× |")
    print()
    print(f"`inforce stats PROJECT` (the console script, a fresh process each; file cache warm), median of "
          f"{len(next(iter(cli.values())))}:")
    print()
    print("| how CURRENT describes the file | median s | min s |")
    print("|---|---|---|")
    for name, times in cli.items():
        print(f"| {name} | {statistics.median(times):.3f} | {min(times):.3f} |")
    print()

    size = live.stat().st_size
    full = [timed(lambda: check_graph(live, untrusted)) for _ in range(args.runs)]
    stamp_only = [timed(lambda: check_graph(live, check)) for _ in range(args.runs)]
    at_swap = [timed(lambda: measure_graph(live)) for _ in range(3)]
    sha = []
    for _ in range(3):
        with open(live, "rb") as handle:
            sha.append(timed(lambda handle=handle: hashlib.file_digest(handle, "sha256")))
    print(f"The check alone on this file ({size / 2**20:,.0f} MiB, warm):")
    print()
    print("| step | median ms | throughput |")
    print("|---|---|---|")
    for label, times in (
        ("stamp compared (one stat; an open whose stamp matches)", stamp_only),
        ("CRC-32 of the whole file (an open whose stamp moved)", full),
        ("the writer's check at swap (flush, CRC-32, stamp; every swap)", at_swap),
        ("sha256 of the whole file, for comparison (not used)", sha),
    ):
        median = statistics.median(times)
        rate = f"{size / median / 2**30:.2f} GiB/s" if median > 1e-3 else "—"
        print(f"| {label} | {median * 1000:,.2f} | {rate} |")


if __name__ == "__main__":
    main()
