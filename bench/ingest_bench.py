"""Ingest benchmark: provisions per second and peak memory at 1k and 10k documents.

Each ingest runs as its own process (``inforce ingest --format json``) so its peak resident
memory is measured alone. Three runs per size: a fresh ingest, a no-op re-ingest (every
content hash unchanged), a delta of 10 new documents (the same at every size, so its peak
memory can be compared across graph sizes) and a delta of 1% more documents.

    python bench/ingest_bench.py [--sizes 1000 10000] [--workdir /tmp/inforce-bench]

``--small-docs N`` measures the other workload instead: a fresh ingest of N short handbooks
(~10 provisions each, with applicability facets and access groups; about 20% with a second
revision), where per-file costs dominate.

    python bench/ingest_bench.py --small-docs 20000
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_project import generate, generate_small  # noqa: E402

# Runs the CLI in a fresh interpreter and reports that process's own peak RSS on stderr.
CHILD = """
import atexit, resource, sys
atexit.register(lambda: print(f"PEAK_RSS_KIB={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", file=sys.stderr))
from inforce.adapters.cli import main
sys.argv = ["inforce", "ingest", sys.argv[1], "--format", "json"]
main()
"""


def _run_ingest(project: Path) -> dict:
    """One ingest in a child process: its JSON summary, wall seconds and peak RSS (MiB)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(project)], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"ingest failed ({done.returncode}):\n{done.stderr[-3000:]}")
    summary = json.loads(done.stdout)
    peak = [line for line in done.stderr.splitlines() if line.startswith("PEAK_RSS_KIB=")]
    summary["peak_rss_mib"] = round(int(peak[-1].split("=")[1]) / 1024, 1)
    summary["wall_s"] = round(wall, 2)
    return summary


def _row(label: str, docs: int, summary: dict) -> str:
    provisions = summary["provisions"]
    rate = provisions / summary["wall_s"] if summary["wall_s"] else 0
    return (
        f"| {label} | {docs:,} | {provisions:,} | {summary['wall_s']:.1f} | {rate:,.0f} | "
        f"{summary['peak_rss_mib']} |"
    )


def _small_docs(workdir: Path, docs: int) -> None:
    """A fresh ingest of ``docs`` short handbooks, then a no-op re-ingest of the same files."""
    project = workdir / f"small{docs}"
    shutil.rmtree(project, ignore_errors=True)
    files = generate_small(project, docs)
    print(f"project: {project} ({docs:,} handbooks, {files:,} files with second revisions)")
    print("| run | documents | files | provisions loaded | wall s | provisions/s | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|")
    for label in ("fresh ingest, small documents", "re-ingest, nothing changed"):
        summary = _run_ingest(project)
        provisions = summary["provisions"]
        rate = f"{provisions / summary['wall_s']:,.0f}" if provisions and summary["wall_s"] else "—"
        print(
            f"| {label} | {docs:,} | {files:,} | {provisions:,} | {summary['wall_s']:.1f} | {rate} | "
            f"{summary['peak_rss_mib']} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument(
        "--small-docs", type=int, default=None, metavar="N",
        help="measure a fresh ingest of N short handbooks (~10 provisions each) instead of --sizes",
    )
    args = parser.parse_args()

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    if args.small_docs is not None:
        _small_docs(args.workdir, args.small_docs)
        return
    print("| run | documents | provisions loaded | wall s | provisions/s | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    for size in sorted(args.sizes):
        project = args.workdir / f"p{size}"
        shutil.rmtree(project, ignore_errors=True)
        generate(project, size)
        print(_row("fresh ingest", size, _run_ingest(project)), flush=True)
        print(_row("re-ingest, nothing changed", size, _run_ingest(project)), flush=True)
        # The same small delta at every size: its peak memory should not follow the graph's size.
        generate(project, 10, start=size)
        print(_row("delta: +10 documents", 10, _run_ingest(project)), flush=True)
        extra = max(1, size // 100)
        generate(project, extra, start=size + 10)
        print(_row(f"delta: +{extra} documents (1%)", extra, _run_ingest(project)), flush=True)


if __name__ == "__main__":
    main()
