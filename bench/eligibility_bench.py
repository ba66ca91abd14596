#!/usr/bin/env python3
"""Eligibility before ranking, side by side: inforce's compiled index, a Python scan, PostgreSQL.

The workload is task T4 of ``../shared/peers/asof_peers.py``, generated the same way with the
same seeds: N documents × 5 sections = 100k provisions (at N = 20,000), each with markets,
a product class, an effective window and access groups; 200 cases (market, product, date,
three groups). All three peers must return the same provisions for every checked case.

Usage: bench/eligibility_bench.py [--docs 20000] [--runs 200] [--write bench/RESULTS.md]
PostgreSQL on 127.0.0.1:55432 (../shared/peers/start-postgres.sh); skipped when unreachable.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from inforce.engine.eligibility import EligibilityIndex, EligibilityRecord
from inforce.rules import RuleSet, load_pack

HERE = Path(__file__).resolve().parent
SECTIONS = [str(i) for i in range(1, 6)]
MARKETS, PRODUCTS = ["UK", "DE", "FR", "US", "JP"], ["new", "refurbished", "pilot"]
GROUPS = [f"g{i}" for i in range(20)]
BASE = dt.date(2020, 1, 1)


def workload(n_docs: int) -> tuple[list[tuple], list[tuple]]:
    """T4's provisions and cases. The shared seed-1 stream is advanced exactly as asof_peers.py
    advances it (revision registry, then the T1 probes) so the cases are the same ones."""
    rnd = random.Random(1)
    for _ in range(n_docs):  # the revision registry of T1-T3
        rnd.randrange(300)
        for seq in range(1, rnd.randint(1, 5) + 1):
            if seq > 1 and rnd.random() > 0.15:
                rnd.randrange(1, 200)
            rnd.randrange(0, 20)
            if seq > 1:
                rnd.sample(SECTIONS, rnd.randint(1, 2))
    for _ in range(2000):  # the T1 probes
        rnd.randrange(n_docs), rnd.choice(SECTIONS), rnd.randrange(900)
    provisions = []
    for i in range(n_docs * len(SECTIONS)):
        d = i // len(SECTIONS)
        r = random.Random(d)
        start = BASE + dt.timedelta(days=r.randrange(1500))
        until = start + dt.timedelta(days=r.randrange(200, 2000)) if r.random() < 0.5 else None
        provisions.append((f"D{d}#{i % len(SECTIONS) + 1}", r.sample(MARKETS, r.randint(1, 2)),
                           r.sample(PRODUCTS, 1), start, until, r.sample(GROUPS, r.randint(1, 3))))
    cases = [(rnd.choice(MARKETS), rnd.choice(PRODUCTS), BASE + dt.timedelta(days=rnd.randrange(1800)),
              rnd.sample(GROUPS, 3)) for _ in range(200)]
    return provisions, cases


def python_scan(provisions, market, product, when, groups):
    wanted = set(groups)
    return [pid for pid, markets, products, start, until, acl in provisions
            if market in markets and product in products and start <= when
            and (until is None or until > when) and wanted.intersection(acl)]


def timed(function, items, runs):
    times = []
    for k in range(runs):
        item = items[k % len(items)]
        started = time.perf_counter()
        function(*item)
        times.append(time.perf_counter() - started)
    times.sort()
    return statistics.median(times), times[max(0, int(0.95 * len(times)) - 1)]


def postgres(provisions):
    try:
        import psycopg

        con = psycopg.connect("host=127.0.0.1 port=55432 user=postgres dbname=postgres", autocommit=True,
                              connect_timeout=3)
    except Exception as problem:  # noqa: BLE001 - any failure to connect skips the peer
        print(f"PostgreSQL peer skipped: {problem}", file=sys.stderr)
        return None
    cur = con.cursor()
    cur.execute("DROP TABLE IF EXISTS provision; CREATE TABLE provision(id text primary key, markets text[], "
                "products text[], eff_from date, eff_until date, acl text[]);")
    with cur.copy("COPY provision FROM STDIN") as copy:
        for row in provisions:
            copy.write_row(row)
    cur.execute("CREATE INDEX ON provision USING gin(markets); CREATE INDEX ON provision USING gin(products); "
                "CREATE INDEX ON provision USING gin(acl); CREATE INDEX ON provision(eff_from); ANALYZE provision;")
    query = ("SELECT id FROM provision WHERE %s = ANY(markets) AND %s = ANY(products) AND eff_from <= %s "
             "AND (eff_until IS NULL OR eff_until > %s) AND acl && %s::text[]")

    def run(market, product, when, groups):
        return [row[0] for row in cur.execute(query, (market, product, when, when, groups), prepare=True).fetchall()]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--write", type=Path, help="replace the 'Eligibility (issue 4)' section of this file")
    args = parser.parse_args()

    provisions, cases = workload(args.docs)
    started = time.perf_counter()
    records = [EligibilityRecord(uid=pid, document=pid, kind="policy", effective_from=start, effective_until=until,
                                 applies_to={"market": tuple(markets), "product": tuple(products)},
                                 access=tuple(acl))
               for pid, markets, products, start, until, acl in provisions]
    rules = RuleSet(packs=(load_pack(HERE / "eligibility_bench.yaml", facets=["market", "product"]),),
                    facets=("market", "product"))
    index = EligibilityIndex(records, rules)
    build_s = time.perf_counter() - started

    def inforce(market, product, when, groups):
        return index.eligible_uids({"market": market, "product": product}, groups, when)

    pg = postgres(provisions)
    checked = 50
    agree_py = sum(set(inforce(*c)) == set(python_scan(provisions, *c)) for c in cases[:checked])
    agree_pg = sum(set(inforce(*c)) == set(pg(*c)) for c in cases[:checked]) if pg else None
    eligible = statistics.median(len(inforce(*c)) for c in cases[:checked])
    for case in cases:  # warm
        inforce(*case)
    results = {"inforce compiled index": timed(inforce, cases, args.runs),
               "Python scan (in-memory)": timed(lambda *c: python_scan(provisions, *c), cases, 50)}
    if pg:
        for case in cases[:20]:
            pg(*case)
        results["PostgreSQL GIN + B-tree"] = timed(pg, cases, args.runs)

    ms = lambda seconds: f"{seconds * 1e3:.3f}"  # noqa: E731
    lines = [
        f"{len(provisions):,} provisions, ~{eligible:.0f} eligible per case (median); index built in {build_s:.2f} s",
        f"agreement on {checked} cases: inforce = Python scan {agree_py}/{checked}"
        + (f", inforce = PostgreSQL {agree_pg}/{checked}" if pg else ", PostgreSQL skipped"),
        "",
        "| peer | p50 ms | p95 ms |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {ms(p50)} | {ms(p95)} |" for name, (p50, p95) in results.items()]
    ours = results["inforce compiled index"][0]
    ratios = [f"{results['Python scan (in-memory)'][0] / ours:.1f}× the Python scan"]
    if pg:
        ratios.insert(0, f"{results['PostgreSQL GIN + B-tree'][0] / ours:.1f}× PostgreSQL")
    lines += ["", "inforce p50 is " + ", ".join(ratios) + " (faster)."]
    print("\n".join(lines))
    if agree_py != checked or (pg and agree_pg != checked):
        sys.exit("the peers disagree")
    if args.write:
        _write(args.write, lines, args)


def _write(path: Path, lines: list[str], args) -> None:
    model = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    name = next((l.split(":", 1)[1].strip() for l in model.splitlines() if l.startswith("Model name")), "?")  # noqa: E741
    import os

    section = "\n".join([
        "## Eligibility (issue 4)",
        "",
        f"Machine: {name}, {os.cpu_count()} cores, Python {platform.python_version()}. "
        f"Command: `.venv/bin/python bench/eligibility_bench.py --docs {args.docs} --runs {args.runs}` "
        "(PostgreSQL from `../shared/peers/start-postgres.sh`). Task T4 of `../shared/peers/asof_peers.py`: "
        "eligibility (market, product, effective window, access groups) evaluated before any ranking; "
        "the inforce peer is `EligibilityIndex.eligible_uids`, boolean arrays per facet value and group "
        "built once at open.",
        "",
        *lines,
        "",
    ])
    text = path.read_text() if path.exists() else "# Benchmark results\n"
    pattern = re.compile(r"^## Eligibility \(issue 4\)\n.*?(?=^## |\Z)", re.S | re.M)
    text = pattern.sub(section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    path.write_text(text)


if __name__ == "__main__":
    main()
