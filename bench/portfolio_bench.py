#!/usr/bin/env python3
"""Portfolio sweep: ``inforce sweep-all`` locally (1 and 2 workers) and on Ray (2 workers), every
planted conflict found in every project, the reports byte-identical across the three.

    python bench/portfolio_bench.py [--projects 40] [--min-provisions 1000] [--max-provisions 3000]
                                    [--runs 1] [--seed 7] [--ingest-workers 2] [--work /tmp/inforce-bench]
                                    [--ray-address HOST:PORT]

The portfolio is ``--projects`` campuses of ``generate_planted`` (``bench/generate_project.py
--planted``), their sizes spread evenly from ``--min-provisions`` to ``--max-provisions``
(~200 provisions a building), each with its own seed, its own ``project:`` name and its own
answer key. They are generated and ingested (``inforce ingest``, ``--ingest-workers`` at once)
under ``--work``; the ingest is timed on its own line, never in the sweep's figures. Files
already written by this generator for the same size and seed are kept; their graphs are always
built again from scratch, so the ingest figure is a whole ingest.

Each configuration is ``inforce sweep-all PORTFOLIO.yaml --valid-at D --out DIR --fail-on none``
with ``--workers 1``, ``--workers 2`` and ``--executor ray --workers 2`` (a Ray started by the
command on this machine; with ``--ray-address``, the running cluster there joined, whose workers
and services are not the command's processes, so their memory is not measured), run ``--runs`` times in that order, each as a child process: its wall
time; the CPU time of its whole process tree; the peak RSS of the command's own process (the
driver), of its workers together, and, for Ray, of Ray's own services (GCS, raylet, dashboard,
monitors, agents) together, sampled from /proc every 0.2 s (summed RSS counts pages the
processes share once per process). Ray's workers are the ``ray::`` processes other than its
dashboard agent; the local workers are every other descendant.

Checked, and any failure makes the run exit 1 after printing its figures: every planted conflict
of every project's answer key is a finding of its kind in that project's report, and no
near-miss or finding outside the key is escalated (``sweep_bench.check_against_key``); every
project's report and ``summary.json`` are byte-identical across every run; no project failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_written, ingest  # noqa: E402
from generate_project import ANSWER_KEY, PLANTED_VALID_AT, PROVISIONS_PER_BUILDING, generate_planted  # noqa: E402
from sweep_bench import check_against_key, counts, planted_source  # noqa: E402

#: (label, the sweep-all options) of each configuration, in the order they run.
CONFIGS = [
    ("local, --workers 1", ["--workers", "1"]),
    ("local, --workers 2", ["--workers", "2"]),
    ("ray, --workers 2", ["--executor", "ray", "--workers", "2"]),
]
#: What the issue asks for (200 projects of 1-5k provisions): the command that runs it.
FULL_SIZE = ("bench/portfolio_bench.py --projects 200 --min-provisions 1000 --max-provisions 5000 --runs 1")
#: Ray's own processes (not the workers that run tasks), by a piece of their command line.
RAY_SERVICES = ("gcs_server", "raylet", "dashboard", "monitor.py", "runtime_env/agent", "DashboardAgent")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# ---- a process tree, sampled --------------------------------------------------------------------


class TreeSampler(threading.Thread):
    """Samples a process and its descendants from /proc every ``every_s``: the peak summed RSS of
    the process itself (the driver), of its workers and of Ray's services, each on its own; and
    the CPU time of every process seen (its last sample: a process that lives less than one
    interval is missed)."""

    def __init__(self, pid: int, every_s: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.pid, self.every_s = pid, every_s
        self.done = threading.Event()
        self.page = os.sysconf("SC_PAGE_SIZE")
        self.peak = Counter()  # "driver" / "workers" / "services" / "tree" -> bytes
        self.cpu_ticks: dict[int, int] = {}
        self.most_workers = 0

    @staticmethod
    def _stat(pid: str) -> list[bytes] | None:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                return stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            return None

    def _tree(self) -> dict[int, list[bytes]]:
        stats = {int(e.name): s for e in os.scandir("/proc") if e.name.isdigit() and (s := self._stat(e.name))}
        tree, frontier = {self.pid}, [self.pid]
        while frontier:
            parent = frontier.pop()
            children = [pid for pid, s in stats.items() if int(s[1]) == parent and pid not in tree]
            tree.update(children)
            frontier += children
        return {pid: stats[pid] for pid in tree if pid in stats}

    @staticmethod
    def role(pid: int, root: int) -> str:
        if pid == root:
            return "driver"
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            return "workers"
        return "services" if any(name in command for name in RAY_SERVICES) else "workers"

    def sample(self) -> None:
        now = Counter()
        workers = 0
        for pid, stat in self._tree().items():
            # stat fields after the name: state ppid ... utime (12th) stime (13th) ... rss (22nd)
            self.cpu_ticks[pid] = int(stat[11]) + int(stat[12])
            role = self.role(pid, self.pid)
            workers += role == "workers"
            now[role] += int(stat[21]) * self.page
        now["tree"] = sum(now.values())
        for key, value in now.items():
            self.peak[key] = max(self.peak[key], value)
        self.most_workers = max(self.most_workers, workers)

    def run(self) -> None:
        while not self.done.wait(self.every_s):
            self.sample()

    @property
    def cpu_s(self) -> float:
        return sum(self.cpu_ticks.values()) / CLOCK_TICKS


@dataclass
class Measured:
    """One command run as a child process, sampled."""
    wall_s: float
    cpu_s: float
    driver_mib: float
    workers_mib: float
    services_mib: float
    tree_mib: float
    most_workers: int
    stderr: str
    returncode: int


def measure(command: list[str], *, stdout_to: Path | None = None) -> Measured:
    """Run ``command`` and wait for it: wall, CPU of its tree (the larger of the sampled sum and
    what ``os.wait4`` counts for it and the children it reaped), peak memory by role (sampled:
    a peak shorter than the interval can be missed)."""
    err = Path(os.environ.get("TMPDIR", "/tmp")) / f"portfolio-bench-{os.getpid()}.stderr"
    with err.open("wb") as stderr, (stdout_to.open("wb") if stdout_to else open(os.devnull, "wb")) as stdout:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        sampler = TreeSampler(child.pid)
        sampler.sample()
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        sampler.done.set()
        sampler.join()
    said = err.read_text(errors="replace")
    err.unlink(missing_ok=True)
    mib = 2**20
    # wait4's ru_maxrss is the largest of the child and the children it reaped, not the child's
    # own: memory comes from the samples only; its CPU times do sum the reaped children
    return Measured(wall, max(sampler.cpu_s, usage.ru_utime + usage.ru_stime), sampler.peak["driver"] / mib,
                    sampler.peak["workers"] / mib, sampler.peak["services"] / mib, sampler.peak["tree"] / mib,
                    sampler.most_workers, said, os.waitstatus_to_exitcode(status))


# ---- the portfolio --------------------------------------------------------------------------------


@dataclass
class Member:
    name: str
    root: Path
    buildings: int
    key: dict
    written: bool
    ingest_s: float = 0.0
    provisions: int = 0


def sizes(projects: int, low: int, high: int) -> list[int]:
    """``projects`` provision counts spread evenly from ``low`` to ``high``."""
    if projects < 1 or low < 2 * PROVISIONS_PER_BUILDING or high < low:
        raise SystemExit(f"--projects at least 1, --min-provisions at least {2 * PROVISIONS_PER_BUILDING} "
                         "(two buildings) and --max-provisions at least --min-provisions")
    if projects == 1:
        return [low]
    return [round(low + (high - low) * n / (projects - 1)) for n in range(projects)]


def prepare(work: Path, wanted_sizes: list[int], seed: int) -> list[Member]:
    members = []
    for number, size in enumerate(wanted_sizes):
        name = f"campus-{number:03d}"
        buildings = max(2, round(size / PROVISIONS_PER_BUILDING))
        root = work / name
        stamp = {"buildings": buildings, "seed": seed + number, "project": name, "generator": planted_source()}
        written = ensure_written(root, stamp, lambda folder, b=buildings, s=seed + number, n=name:
                                 generate_planted(folder, b, seed=s, project=n))
        key = json.loads((root / ANSWER_KEY).read_text(encoding="utf-8"))
        members.append(Member(name, root, buildings, key, written))
    return members


def ingest_all(members: list[Member], workers: int) -> float:
    """``inforce ingest`` of every project from scratch (any graph of an earlier run removed),
    ``workers`` at once: the wall time of them all."""
    def one(member: Member) -> None:
        shutil.rmtree(member.root / ".inforce", ignore_errors=True)  # a whole ingest, never a no-op rerun
        member.ingest_s, _ = ingest(member.root)

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, members))
    return time.perf_counter() - started


# ---- the sweeps -----------------------------------------------------------------------------------


@dataclass
class Sweep:
    label: str
    run: int
    out: Path
    measured: Measured
    reported_s: float | None  # what sweep-all says it took ("in N s")
    digests: dict[str, str] = field(default_factory=dict)  # file name -> sha256
    summary: dict = field(default_factory=dict)


def sweep_all(manifest: Path, out: Path, options: list[str], label: str, run: int) -> Sweep:
    shutil.rmtree(out, ignore_errors=True)
    command = [str(INFORCE), "sweep-all", str(manifest), "--valid-at", PLANTED_VALID_AT.isoformat(),
               "--out", str(out), "--fail-on", "none", *options]
    measured = measure(command)
    if measured.returncode != 0:
        raise SystemExit(f"`{' '.join(command)}` exited {measured.returncode}:\n{measured.stderr[-3000:]}")
    said = re.search(r"\bin ([0-9.]+) s with \d+ worker", measured.stderr)
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    print(f"[portfolio_bench] {label} (run {run + 1}): {measured.wall_s:.1f} s", file=sys.stderr)
    return Sweep(label, run, out, measured, float(said.group(1)) if said else None, digests, summary)


#: The workers' and services' cells of a configuration run on a cluster joined with ``--ray-address``.
JOINED = "not measured (a joined cluster's) | not measured"


def with_address(options: list[str], address: str | None) -> list[str]:
    """A configuration's options, with ``--ray-address ADDRESS`` for Ray's when one is given."""
    return [*options, "--ray-address", address] if address and "--executor" in options else options


def middle(values: list[float]) -> str:
    """The median, with the range when there is more than one value."""
    if len(values) == 1:
        return f"{values[0]:,.1f}"
    return f"{statistics.median(values):,.1f} ({min(values):,.1f}–{max(values):,.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--projects", type=int, default=40)
    parser.add_argument("--min-provisions", type=int, default=1000)
    parser.add_argument("--max-provisions", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=1, help="times each configuration runs")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ingest-workers", type=int, default=2, help="projects ingested at once")
    parser.add_argument("--work", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument("--ray-address", help="join the Ray cluster there for the ray configuration "
                        "(its workers' and services' memory not measured) instead of the command starting its own")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs: at least 1")
    wanted = sizes(args.projects, args.min_provisions, args.max_provisions)
    folder = args.work / f"portfolio-{args.projects}-{args.min_provisions}-{args.max_provisions}-s{args.seed}"
    folder.mkdir(parents=True, exist_ok=True)
    load_start = os.getloadavg()

    started = time.perf_counter()
    members = prepare(folder, wanted, args.seed)
    generated_s = time.perf_counter() - started
    ingest_wall = ingest_all(members, args.ingest_workers)
    manifest = folder / "portfolio.yaml"
    manifest.write_text("".join(f"- {m.name}\n" for m in members), encoding="utf-8")
    print(f"[portfolio_bench] {len(members)} projects ingested in {ingest_wall:.1f} s", file=sys.stderr)

    sweeps = [sweep_all(manifest, folder / f"out-{n}-r{run}", with_address(options, args.ray_address), label, run)
              for run in range(args.runs) for n, (label, options) in enumerate(CONFIGS)]

    # ---- checks
    problems: list[str] = []
    first = sweeps[0]
    for sweep in sweeps[1:]:
        differ = sorted(name for name in first.digests.keys() | sweep.digests.keys()
                        if first.digests.get(name) != sweep.digests.get(name))
        if differ:
            problems.append(f"{sweep.label} (run {sweep.run + 1}) differs from {first.label} (run 1) in "
                            f"{len(differ)} files: {', '.join(differ[:5])}")
    found, planted = Counter(), Counter()
    near_with_finding = Counter()
    unexpected = 0
    per_project_missed: dict[str, int] = {}
    for member in members:
        for sweep in sweeps:
            report = json.loads((sweep.out / f"{member.name}.json").read_text(encoding="utf-8"))
            check = check_against_key(report, member.key)
            if sweep is first:
                member.provisions = int(report["summary"]["provisions"])
                found += check.found
                planted += check.planted
                near_with_finding += check.near_with_finding
                unexpected += len(check.unexpected)
                missed = sum(check.planted.values()) - sum(check.found.values())
                if missed:
                    per_project_missed[member.name] = missed
            problems.extend(f"{member.name} ({sweep.label}, run {sweep.run + 1}): {p}" for p in check.problems)
    errors = [p for s in sweeps for p in s.summary.get("projects", []) if p.get("error")]
    problems.extend(f"{p['project']}: not swept: {p['error']}" for p in errors)

    # ---- report
    load_end = os.getloadavg()
    total = sum(m.provisions for m in members)  # in force on the date, as the sweep counts them
    sized = sorted(m.provisions for m in members)
    lines = [
        f"Portfolio: {len(members)} projects of `generate_planted` (bench/generate_project.py --planted, seeds "
        f"{args.seed}–{args.seed + len(members) - 1}, ~{PROVISIONS_PER_BUILDING} provisions a building), "
        f"{sized[0]:,}–{sized[-1]:,} provisions each (asked: {args.min_provisions:,}–{args.max_provisions:,}, spread "
        f"evenly), {total:,} provisions in all; {sum(len(m.key['conflicts']) for m in members):,} planted conflicts "
        f"and {sum(len(m.key['near_misses']) for m in members):,} near-misses in their answer keys.",
        f"- generated {'now' if any(m.written for m in members) else '(files cached from an earlier run)'} in "
        f"{generated_s:.1f} s; `inforce ingest` of every project, {args.ingest_workers} at once: {ingest_wall:.1f} s "
        f"wall ({sum(m.ingest_s for m in members):.1f} s summed over the projects, "
        f"{total / max(ingest_wall, 1e-9):,.0f} provisions/s); not part of the sweep figures below.",
        f"- load average (1/5/15 min) at the start {' / '.join(f'{x:.2f}' for x in load_start)}, at the end "
        f"{' / '.join(f'{x:.2f}' for x in load_end)} (a 2-core machine shared with other work: above 2 means waiting "
        "for a core).",
        "",
        f"`inforce sweep-all portfolio.yaml --valid-at {PLANTED_VALID_AT} --out DIR --fail-on none` plus the options "
        f"below, a fresh process each, {args.runs} run(s) each (median, and range when more than one); CPU is the "
        "whole process tree's; peak RSS sampled from /proc every 0.2 s, summed over the processes of each role:",
        "",
        "| executor | wall s | sweep-all's own s | CPU s | projects/s | provisions/s | "
        "peak RSS MiB: driver | workers (most processes at once) | Ray's services | whole tree |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for label, _ in CONFIGS:
        mine = [s for s in sweeps if s.label == label]
        walls = [s.measured.wall_s for s in mine]
        reported = [s.reported_s for s in mine if s.reported_s is not None]
        wall = statistics.median(walls)
        lines.append(
            f"| {label} | {middle(walls)} | {middle(reported) if reported else '—'} | "
            f"{middle([s.measured.cpu_s for s in mine])} | {len(members) / wall:.2f} | {total / wall:,.0f} | "
            f"{max(s.measured.driver_mib for s in mine):,.0f} | "
            + (JOINED if "ray" in label and args.ray_address else
               f"{max(s.measured.workers_mib for s in mine):,.0f} ({max(s.measured.most_workers for s in mine)}) | "
               + (f"{max(s.measured.services_mib for s in mine):,.0f}" if "ray" in label else "—"))
            + f" | {max(s.measured.tree_mib for s in mine):,.0f} |")
    base = statistics.median(s.measured.wall_s for s in sweeps if s.label == CONFIGS[0][0])
    lines += ["", "Wall time against local --workers 1: " + "; ".join(
        f"{label} {statistics.median(s.measured.wall_s for s in sweeps if s.label == label) / base:.2f}×"
        for label, _ in CONFIGS[1:]) + ". sweep-all's own figure (the `in N s` it prints) runs from reading the "
        "portfolio to the last report written, Ray's start and stop included; the wall time adds the command's own "
        "start (imports). Provisions are those in force on the date, as each report counts them."]
    lines += ["", "Against the answer keys (every project, every run): planted conflicts found / planted, by kind: "
              + ", ".join(f"{kind} {found[kind]:,} / {planted[kind]:,}" for kind in sorted(planted))
              + f"; projects missing any: {len(per_project_missed)}; near-misses with a resolved finding "
              f"{sum(near_with_finding.values()):,} ({counts(near_with_finding)}); resolved findings outside the key "
              f"{unexpected:,}; escalations outside the planted conflicts "
              f"{sum(1 for p in problems if 'escalated' in p):,}.",
              f"Reports byte-identical across the {len(sweeps)} runs (each project's `.json` and `summary.json`): "
              + ("yes" if not any("differs" in p for p in problems) else "**no**")
              + f"; projects not swept: {len(errors)}."]
    full_provisions = 200 * 3000
    if len(members) < 200 or args.max_provisions < 5000:  # a smaller run: the full size estimated from it
        lines += ["",
                  f"Scaled down: the issue asks for 200 projects of 1,000–5,000 provisions (~600,000 provisions); this "
                  f"run is {len(members)} projects of {args.min_provisions:,}–{args.max_provisions:,}. The full size was "
                  "not run here: on this shared 2-core machine its ingest alone (at the rate above) and three sweeps "
                  "would take well over the time a benchmark may hold the machine. The full size is "
                  f"`.venv/bin/python {FULL_SIZE}`."]
        by_projects, by_provisions = 200 / len(members), full_provisions / max(total, 1)
        low, high = sorted((by_projects, by_provisions))
        lines.append(
            f"- **Estimate, not measured**: the full size is {by_projects:.1f}× this run's projects and "
            f"{by_provisions:.1f}× its provisions (~{full_provisions:,}); scaling this run's times by the one and the "
            f"other gives: ingest ~{ingest_wall * low / 60:.0f}–{ingest_wall * high / 60:.0f} min; sweep-all "
            + "; ".join(f"{label} ~{wall * low / 60:.1f}–{wall * high / 60:.1f} min" for label, wall in (
                (label, statistics.median(s.measured.wall_s for s in sweeps if s.label == label)) for label, _ in CONFIGS))
            + " (Ray's start is a fixed cost, scaled here with the rest: its figure errs high).")
    lines += ["", "Targets:", "",
              "- every planted conflict found in every project, no near-miss escalated, reports byte-identical "
              "across local and Ray: " + ("met" if not problems else f"**NOT met** ({len(problems)} problems below)")]
    print("\n".join(lines))
    if problems:
        print("\nProblems:\n")
        print("\n".join(f"- {p}" for p in problems[:40]) + (f"\n- … and {len(problems) - 40} more" if len(problems) > 40
                                                            else ""))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
