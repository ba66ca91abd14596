#!/usr/bin/env python3
"""`inforce eligible` against `inforce stats` on a 20,000-handbook project, each in its own process.

    python bench/cli_eligible_bench.py [--docs 20000] [--runs 7] [--project DIR]

The project is ``generate_small`` of ``bench/generate_project.py`` (short handbooks of ~10
provisions each, ``applies_to`` over the facets market and product, access groups on most,
a second revision on some), ingested with ``inforce ingest``. It is cached under
``--project`` (default ``/tmp/inforce-bench/cli-handbooks-N``) and only rewritten when the
generator's source or the size changes; every run re-runs ``inforce ingest`` (a no-op when
nothing changed) so the graph always matches the files.

Timed: the installed console script, a fresh process per call, wall clock from spawn to exit,
after one untimed warm-up call of each (file cache), the two commands alternating:

    inforce eligible PROJECT -c market=UK -c product=refurbished --valid-at 2024-09-02 --groups support-uk --format json
    inforce stats PROJECT --format json

Target: eligible ≤ 1.5 × stats (medians). A second table shows where each process spends its
time (import, open, the question, the JSON), measured in one more process per command.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ingest_summary, ingest_usable  # noqa: E402
from generate_project import generate_small  # noqa: E402  (the small-handbook generator of ingest_bench)

CASE = ["-c", "market=UK", "-c", "product=refurbished", "--valid-at", "2024-09-02", "--groups", "support-uk"]
TARGET_RATIO = 1.5

# One process per command, timing its phases: what the CLI does, step by step, by the same calls.
PHASES = r"""
import json, sys, time
t0 = time.perf_counter()
import datetime as dt
from inforce.adapters.cli import main  # noqa: F401  (everything the console script imports)
from inforce.engine import Project
from inforce.ontology import Context
t1 = time.perf_counter()
project = Project.open(sys.argv[2])
t2 = time.perf_counter()
if sys.argv[1] == "eligible":
    context = Context(valid_at=dt.date(2024, 9, 2), groups=("support-uk",),
                      attributes={"market": "UK", "product": "refurbished"})
    rules = project.snapshot.rules
    t3a = time.perf_counter()
    rows = project.snapshot.store.applicability_rows()
    t3b = time.perf_counter()
    index = project.snapshot.eligibility
    t3c = time.perf_counter()
    result = project.eligible(context)
    t3 = time.perf_counter()
    text = json.dumps(result.contract(), indent=2)
    steps = {"rules compiled": t3a - t2, "store read (applicability_rows)": t3b - t3a,
             "eligibility index built (reads the rows again)": t3c - t3b, "the decision (Project.eligible)": t3 - t3c}
else:
    result = project.stats(groups=None)
    t3 = time.perf_counter()
    text = json.dumps(result.model_dump(mode="json"), indent=2)
    steps = {"the counts (Project.stats)": t3 - t2}
t4 = time.perf_counter()
project.close()
t5 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "open": t2 - t1, **steps, "JSON": t4 - t3, "close": t5 - t4}))
"""

# One more process: cProfile over what `inforce eligible` does after its imports.
PROFILE = r"""
import cProfile, datetime as dt, sys
sys.path.insert(0, sys.argv[2])
from benchutil import profile_table
from inforce.adapters.cli import main  # noqa: F401
from inforce.engine import Project
from inforce.ontology import Context
profiler = cProfile.Profile()
profiler.enable()
with Project.open(sys.argv[1]) as project:
    project.eligible(Context(valid_at=dt.date(2024, 9, 2), groups=("support-uk",),
                             attributes={"market": "UK", "product": "refurbished"}))
profiler.disable()
print("\n".join(profile_table(profiler, 12, cumulative=True)))
"""


def ensure_project(folder: Path, docs: int) -> tuple[bool, float]:
    """Generate the handbooks unless this generator already wrote this size here: (written, seconds)."""
    stamp = folder / ".bench-stamp.json"
    wanted = {"docs": docs, "generator": hashlib.sha256(inspect.getsource(generate_small).encode()).hexdigest()[:16]}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False, 0.0
    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    generate_small(folder, docs)
    stamp.write_text(json.dumps(wanted))
    return True, time.perf_counter() - started


def call(args: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    done = subprocess.run([str(INFORCE), *args], capture_output=True, text=True, check=False)
    return time.perf_counter() - started, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--project", type=Path, default=None)
    args = parser.parse_args()
    folder = args.project or Path(f"/tmp/inforce-bench/cli-handbooks-{args.docs}")

    written, generate_s = ensure_project(folder, args.docs)
    ingest_s, summary, rebuilt = ingest_usable(folder)

    eligible_cmd = ["eligible", str(folder), *CASE, "--format", "json"]
    stats_cmd = ["stats", str(folder), "--format", "json"]
    _, warm = call(eligible_cmd)
    if warm.returncode not in (0, 1):
        raise SystemExit(f"inforce eligible failed ({warm.returncode}):\n{warm.stderr[-3000:]}")
    decision = json.loads(warm.stdout)
    _, warm_stats = call(stats_cmd)
    if warm_stats.returncode != 0:
        raise SystemExit(f"inforce stats failed ({warm_stats.returncode}):\n{warm_stats.stderr[-3000:]}")
    counts = json.loads(warm_stats.stdout)

    times: dict[str, list[float]] = {"eligible": [], "stats": []}
    for _ in range(args.runs):
        for name, command in (("eligible", eligible_cmd), ("stats", stats_cmd)):
            seconds, done = call(command)
            if done.returncode not in (0, 1) or (name == "stats" and done.returncode):
                raise SystemExit(f"inforce {name} failed ({done.returncode}):\n{done.stderr[-3000:]}")
            times[name].append(seconds)

    phases = {}
    for name in ("eligible", "stats"):
        done = subprocess.run([sys.executable, "-c", PHASES, name, str(folder)], capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            raise SystemExit(f"phase timing of {name} failed:\n{done.stderr[-3000:]}")
        phases[name] = json.loads(done.stdout.strip().splitlines()[-1])

    profiled = subprocess.run([sys.executable, "-c", PROFILE, str(folder), str(HERE)], capture_output=True,
                              text=True, check=False)
    if profiled.returncode != 0:
        raise SystemExit(f"profiling eligible failed:\n{profiled.stderr[-3000:]}")

    med = {name: statistics.median(ts) for name, ts in times.items()}
    ratio = med["eligible"] / med["stats"]
    shown = lambda cmd: "inforce " + " ".join(a if a != str(folder) else "PROJECT" for a in cmd)  # noqa: E731
    lines = [
        f"Project `{folder}` (PROJECT below): {counts['documents']:,} handbooks, {counts['revisions']:,} revisions, "
        f"{counts['sections'] + counts['table_rows']:,} provisions (`generate_small` of bench/generate_project.py); "
        + (f"generated in {generate_s:.1f} s and ingested (`inforce ingest`) in {ingest_s:.1f} s"
           if written else f"files cached from an earlier run; `inforce ingest` re-run: {ingest_s:.1f} s in all")
        + f" ({ingest_summary(summary)})" + (f"; {rebuilt}" if rebuilt else "") + ".",
        "",
        f"The case: outcome {decision['outcome']}, {len(decision['eligible']):,} eligible documents, "
        f"{decision['excluded_total']:,} excluded (by reason {json.dumps(decision['excluded_by_reason'])}), "
        f"{len(decision['excluded'])} in detail.",
        "",
        f"| command (its own process, {args.runs} runs each, alternating) | median s | min s | max s |",
        "|---|---|---|---|",
    ]
    for name, command in (("eligible", eligible_cmd), ("stats", stats_cmd)):
        ts = times[name]
        lines.append(f"| `{shown(command)}` | {med[name]:.3f} | {min(ts):.3f} | {max(ts):.3f} |")
    lines += [
        "",
        f"Target eligible ≤ {TARGET_RATIO} × stats: " + ("**met**" if ratio <= TARGET_RATIO else "**NOT met**")
        + f" (eligible ÷ stats = {ratio:.2f}).",
        "",
        "Where each process spends its time (one more process each, the same calls as the CLI, seconds):",
        "",
        "| step | eligible | stats |",
        "|---|---|---|",
    ]
    steps = list(dict.fromkeys([*phases["eligible"], *phases["stats"]]))
    for step in steps:
        cells = [f"{phases[name][step]:.3f}" if step in phases[name] else "—" for name in ("eligible", "stats")]
        lines.append(f"| {step} | {cells[0]} | {cells[1]} |")
    lines.append("\n(The eligible column reads the applicability rows twice, once alone to time the read; "
                 "the CLI reads them once, inside the index build.)")
    lines += ["", "`inforce eligible` after its imports (`Project.open` and `Project.eligible`), cProfile in one "
              "more process, the engine's functions with their callees (the profiler inflates small calls):", "",
              profiled.stdout.rstrip()]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
