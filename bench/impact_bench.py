#!/usr/bin/env python3
"""`inforce rules impact` on a 20,000-handbook project with 1,000 cases: a period changed from 14 to 10 days.

    python bench/impact_bench.py [--docs 20000] [--cases 1000] [--runs 3] [--project DIR]

The project is ``generate_small`` of ``bench/generate_project.py`` (short handbooks of ~10
provisions each, ``applies_to`` over the facets market and product, access groups on most, a
second revision on some) with one rule pack of its own, ``rules/handbooks.yaml``: an
eligibility rule (market and product, the dispatch date) and two calculations (a UK
refurbished order's follow-up 14 days after dispatch, a UK new order's 30). It is cached under
``--project`` (default ``/tmp/inforce-bench/impact-handbooks-N``), rewritten only when the
generator, the pack or the size changes; ``inforce ingest`` is re-run each time (a no-op when
nothing changed).

The policy owner's change, kept outside the project (as a pull request's file is): the same
pack with the 14-day period made 10. The cases file holds ``--cases`` contexts (markets,
products, dispatch dates and groups drawn with a fixed seed). Timed: the installed console
script as a user calls it, a fresh process per run, after one untimed warm-up run:

    inforce rules impact PROJECT --pack NEW.yaml --cases CASES.jsonl --format json

Wall seconds (spawn to exit) and CPU seconds (the child's user + system): the
machine is shared, so CPU is the steadier figure. Target: wall ≤ 10 s (issue 25).
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ingest_summary, ingest_usable  # noqa: E402
from generate_project import GROUPS, MARKETS, PRODUCTS, generate_small  # noqa: E402

TARGET_S = 10.0

MANIFEST = """project: impact-handbooks
facets: [market, product]
rules:
  - path: rules/handbooks.yaml
"""

PACK = """# Follow-up handbooks: which handbook answers a case, and when the follow-up is due.
schema_version: 1
title: Follow-up handbooks (benchmark)
rules:
  - id: HB-E001
    slug: handbook-by-market-product-and-dispatch-date
    kind: eligibility
    description: A handbook applies when it lists the order's market and product and was in force on its dispatch date.
    source: Handbook section 2 "Scope"
    document_kinds: [handbook]
    facets:
      market: membership
      product: membership
    applicability_date:
      attribute: dispatch_date

  - id: HB-C001
    slug: uk-refurbished-follow-up
    kind: calculation
    description: A UK refurbished order's follow-up is due PERIOD calendar days after dispatch.
    source: Handbook section 4.1
    when: {market: UK, product: refurbished}
    output: follow_up_date
    add: {days: PERIOD, calendar: calendar, from: dispatch_date}

  - id: HB-C002
    slug: uk-new-follow-up-30-days
    kind: calculation
    description: A UK new order's follow-up is due 30 calendar days after dispatch.
    source: Handbook section 4.1
    when: {market: UK, product: new}
    output: follow_up_date
    add: {days: 30, calendar: calendar, from: dispatch_date}
"""


def pack(period: int) -> str:
    return PACK.replace("PERIOD", str(period))


def ensure_project(folder: Path, docs: int) -> tuple[bool, float]:
    """Generate the handbooks and the pack unless this generator already wrote them here."""
    stamp = folder / ".bench-stamp.json"
    wanted = {"docs": docs, "generator": hashlib.sha256(
        (inspect.getsource(generate_small) + MANIFEST + pack(14)).encode()).hexdigest()[:16]}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False, 0.0
    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    (folder / "rules").mkdir(parents=True)
    (folder / "inforce.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "rules" / "handbooks.yaml").write_text(pack(14), encoding="utf-8")
    generate_small(folder, docs)
    stamp.write_text(json.dumps(wanted))
    return True, time.perf_counter() - started


def write_cases(path: Path, count: int) -> None:
    """``count`` contexts, one a line: a market, a product, a dispatch date, an asker's groups."""
    rng = random.Random(25)
    lines = []
    for number in range(count):
        day = f"2023-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
        lines.append(json.dumps({
            "name": f"case {number + 1}", "valid_at": day,
            "attributes": {"market": rng.choice(["UK", "UK", *MARKETS]), "product": rng.choice(PRODUCTS),
                           "dispatch_date": day},
            "groups": sorted(rng.sample(GROUPS, rng.choice([0, 1, 2]))),
        }))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def run_cpu(args: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """One run of the console script: wall seconds (spawn to exit), the child's CPU seconds
    (user + system: ``os.times`` of the children reaped meanwhile), what it printed."""
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run([str(INFORCE), *args], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=20000)
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--project", type=Path, default=None)
    args = parser.parse_args()
    folder = args.project or Path(f"/tmp/inforce-bench/impact-handbooks-{args.docs}")

    written, generate_s = ensure_project(folder, args.docs)
    ingest_s, summary, rebuilt = ingest_usable(folder)
    work = folder.parent / f"{folder.name}-change"
    work.mkdir(exist_ok=True)
    new_pack = work / "handbooks.yaml"
    new_pack.write_text(pack(10), encoding="utf-8")
    cases = work / "cases.jsonl"
    write_cases(cases, args.cases)

    # the policy owner holds every group the handbooks use: impact shows them every changed decision
    command = ["rules", "impact", str(folder), "--pack", str(new_pack), "--cases", str(cases), "--groups", ",".join(GROUPS),
               "--format", "json"]
    _, _, warm = run_cpu(command)
    if warm.returncode not in (0, 1):
        raise SystemExit(f"inforce rules impact failed ({warm.returncode}):\n{warm.stderr[-3000:]}")
    report = json.loads(warm.stdout)
    walls, cpus = [], []
    for _ in range(args.runs):
        wall, cpu, done = run_cpu(command)
        if done.returncode != warm.returncode or json.loads(done.stdout) != report:
            raise SystemExit(f"a timed run differs from the warm-up ({done.returncode}):\n{done.stderr[-3000:]}")
        walls.append(wall)
        cpus.append(cpu)

    sources = {s["source"]: s for s in report["sources"]}
    eligibility = sources["eligibility"]
    sample = next((c for c in report["changes"] if c["source"] == "eligibility" and not c.get("withheld")), None)
    shown = " ".join({str(folder): "PROJECT", str(new_pack): "NEW.yaml", str(cases): "CASES.jsonl"}.get(a, a)
                     for a in command)
    load = os.getloadavg()[0]
    lines = [
        f"Project `{folder}` (PROJECT below): {args.docs:,} handbooks (`generate_small` of "
        "bench/generate_project.py) and one pack `rules/handbooks.yaml` (eligibility by market, product "
        "and dispatch date; follow-up 14 days after dispatch for a UK refurbished order, 30 for a UK new one); "
        + (f"generated in {generate_s:.1f} s and ingested in {ingest_s:.1f} s" if written
           else f"files cached from an earlier run; `inforce ingest` re-run: {ingest_s:.1f} s")
        + f" ({ingest_summary(summary)})" + (f"; {rebuilt}" if rebuilt else "") + ".",
        "",
        f"The change: NEW.yaml is the pack with 14 days made 10 (kept outside the project); CASES.jsonl holds "
        f"{args.cases:,} contexts (market, product, dispatch date, groups; seed 25).",
        "",
        f"Exit {warm.returncode}; eligibility: {eligibility['decisions']:,} decisions, {eligibility['changed']:,} "
        f"changed; rules changed: {', '.join(r['id'] + ' ' + r['change'] for r in report['rules_changed'])}; "
        + "; ".join(f"{s['source']}: {s['decisions']:,}/{s['changed']:,}" + (f" ({s['note']})" if s["note"] else "")
                    for s in report["sources"][1:]) + ".",
    ]
    if sample is not None:
        lines += ["", f"A change: `{sample['origin']}` {sample['subject']}: {sample['before']} -> {sample['after']}"]
    lines += [
        "",
        f"| command (its own process, {args.runs} runs after a warm-up) | median wall s | min | max "
        "| median CPU s (user+sys) |",
        "|---|---|---|---|---|",
        f"| `inforce {shown}` | {statistics.median(walls):.2f} | {min(walls):.2f} | {max(walls):.2f} "
        f"| {statistics.median(cpus):.2f} |",
        "",
        f"Target ≤ {TARGET_S:g} s: wall " + ("**met**" if statistics.median(walls) <= TARGET_S else "**NOT met**")
        + f" (median {statistics.median(walls):.2f} s); CPU " + ("**met**" if statistics.median(cpus) <= TARGET_S
                                                                   else "**NOT met**")
        + f" (median {statistics.median(cpus):.2f} s of one process, which uses one core). Load average "
        f"{load:.1f} at the end on {os.cpu_count()} CPUs: on a shared machine a process waits for a core, so "
        "its wall time is about its CPU time times the load per core; CPU is the figure to compare across runs.",
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
