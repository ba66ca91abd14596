#!/usr/bin/env python3
"""Eligibility before ranking through the engine front, side by side with PostgreSQL and a Python scan.

The workload is task T4 of ``../shared/peers/asof_peers.py``, generated the same way with the
same seeds: N documents × 5 sections = 100k records (at N = 20,000), each with markets, a
product class, an effective window and access groups; 200 cases (market, product, date,
three groups).

inforce answers through the path users call: each T4 record is written as one document of a
real project (front matter ``applies_to``, ``effective``, ``access``; the rule of
``bench/eligibility_bench.yaml``), the project is ingested with ``inforce ingest`` (cached
under ``--project`` between runs: a re-run only re-ingests, which finds nothing changed), and
every case is timed as ``Project.eligible(Context(...))`` — the whole decision: eligible
documents and revisions, every exclusion counted by reason with the default detail limit,
the applicability date and the calculations. The three peers must return the same records
for every checked case.

    python bench/eligibility_bench.py [--docs 20000] [--runs 200] [--project DIR] [--no-postgres]

PostgreSQL: started with ``../shared/peers/start-postgres.sh`` (127.0.0.1:55432); when it
cannot be started or reached the output says so and the PostgreSQL row reads "not run".
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import json
import random
import statistics
import sys
import time
from pathlib import Path

from inforce.engine import Project
from inforce.ontology import Context

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchutil import ingest_summary, ingest_usable, profile_table, start_postgres  # noqa: E402

HERE = Path(__file__).resolve().parent
SECTIONS = [str(i) for i in range(1, 6)]
MARKETS, PRODUCTS = ["UK", "DE", "FR", "US", "JP"], ["new", "refurbished", "pilot"]
GROUPS = [f"g{i}" for i in range(20)]
BASE = dt.date(2020, 1, 1)
TARGET_MS = 2.0
#: Bump when the files written for a project change, so a cached project is rewritten.
PROJECT_FORMAT = 1


def workload(n_docs: int) -> tuple[list[tuple], list[tuple]]:
    """T4's records and cases. The shared seed-1 stream is advanced exactly as asof_peers.py
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


def document_id(record_id: str) -> str:
    """``D12#3`` (a T4 record) -> ``T4-D12-S3`` (the document that carries it)."""
    doc, section = record_id[1:].split("#")
    return f"T4-D{doc}-S{section}"


def record_id(document: str) -> str:
    """The inverse of ``document_id``."""
    _, doc, section = document.split("-")
    return f"D{doc[1:]}#{section[1:]}"


# ---- the project ---------------------------------------------------------------------------------


def write_project(folder: Path, provisions: list[tuple]) -> bool:
    """Write the T4 records as a project unless the same one is already there; True when written."""
    stamp = folder / ".bench-stamp.json"
    wanted = {"format": PROJECT_FORMAT, "records": len(provisions)}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
    (folder / "documents").mkdir(parents=True)
    (folder / "rules").mkdir()
    (folder / "rules/t4.yaml").write_text((HERE / "eligibility_bench.yaml").read_text())
    (folder / "inforce.yaml").write_text(
        "project: t4-eligibility\nfacets: [market, product]\nrules:\n  - path: rules/t4.yaml\n")
    for pid, markets, products, start, until, acl in provisions:
        doc = document_id(pid)
        shard = folder / "documents" / f"{int(pid[1:].split('#')[0]) // 1000:03d}"
        shard.mkdir(exist_ok=True)
        effective = f"{{from: {start}" + (f", until: {until}}}" if until else "}")
        (shard / f"{doc.lower()}.md").write_text("\n".join([
            "---", f"id: {doc}", "kind: policy", f"title: T4 record {pid}", 'revision: "1"', "seq: 1",
            f"effective: {effective}", f"recorded: {start}T09:00:00Z", f"access: [{', '.join(acl)}]",
            f"applies_to: {{market: [{', '.join(markets)}], product: [{', '.join(products)}]}}", "---",
            "## 1 Scope", "", f"Record {pid} of the T4 eligibility workload.", "",
        ]))
    stamp.write_text(json.dumps(wanted))
    return True


# ---- the peers -----------------------------------------------------------------------------------


def python_scan(provisions, market, product, when, groups):
    wanted = set(groups)
    return [pid for pid, markets, products, start, until, acl in provisions
            if market in markets and product in products and start <= when
            and (until is None or until > when) and wanted.intersection(acl)]


class Postgres:
    """T4's table, indexes and query as in asof_peers.py, in a schema of its own."""

    QUERY = ("SELECT id FROM provision WHERE %s = ANY(markets) AND %s = ANY(products) AND eff_from <= %s "
             "AND (eff_until IS NULL OR eff_until > %s) AND acl && %s::text[]")

    def __init__(self, provisions) -> None:
        import psycopg

        self.con = psycopg.connect("host=127.0.0.1 port=55432 user=postgres dbname=postgres", autocommit=True,
                                   connect_timeout=5)
        cur = self.cur = self.con.cursor()
        cur.execute("DROP SCHEMA IF EXISTS inforce_eligibility_bench CASCADE; CREATE SCHEMA inforce_eligibility_bench;"
                    " SET search_path TO inforce_eligibility_bench")
        cur.execute("CREATE TABLE provision(id text primary key, markets text[], products text[], eff_from date, "
                    "eff_until date, acl text[]);")
        started = time.perf_counter()
        with cur.copy("COPY provision FROM STDIN") as copy:
            for row in provisions:
                copy.write_row(row)
        cur.execute("CREATE INDEX ON provision USING gin(markets); CREATE INDEX ON provision USING gin(products); "
                    "CREATE INDEX ON provision USING gin(acl); CREATE INDEX ON provision(eff_from); ANALYZE provision;")
        self.load_s = time.perf_counter() - started

    def __call__(self, market, product, when, groups):
        rows = self.cur.execute(self.QUERY, (market, product, when, when, groups), prepare=True).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        self.cur.execute("DROP SCHEMA IF EXISTS inforce_eligibility_bench CASCADE")
        self.con.close()


def connect_postgres(provisions) -> tuple[Postgres | None, str]:
    """The PostgreSQL peer, or None and why it could not run."""
    said = start_postgres()
    try:
        return Postgres(provisions), said
    except Exception as problem:  # noqa: BLE001 - the reason is printed, never swallowed
        return None, f"{type(problem).__name__}: {str(problem).strip()} (start-postgres.sh said: {said})"


# ---- timing ---------------------------------------------------------------------------------------


def timed(function, items, runs):
    times = []
    for k in range(runs):
        item = items[k % len(items)]
        started = time.perf_counter()
        function(*item)
        times.append(time.perf_counter() - started)
    times.sort()
    return statistics.median(times), times[max(0, int(0.95 * len(times)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=20000, help="T4 documents (× 5 records)")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--project", type=Path, default=None,
                        help="where the T4 project is written and ingested (default /tmp/inforce-bench/eligibility-t4-N)")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out (said in the output)")
    args = parser.parse_args()
    folder = args.project or Path(f"/tmp/inforce-bench/eligibility-t4-{args.docs}")

    provisions, cases = workload(args.docs)
    started = time.perf_counter()
    written = write_project(folder, provisions)
    write_s = time.perf_counter() - started
    ingest_s, summary, rebuilt = ingest_usable(folder)

    def context(market, product, when, groups):
        return Context(valid_at=when, groups=tuple(groups), attributes={"market": market, "product": product})

    with Project.open(folder) as project:
        started = time.perf_counter()
        project.eligible(context(*cases[0]))
        first_s = time.perf_counter() - started
        started = time.perf_counter()
        rows = project.snapshot.store.applicability_rows()
        rows_s = time.perf_counter() - started
        records = len(project.snapshot.eligibility.records)

        def front(market, product, when, groups):
            return project.eligible(context(market, product, when, groups))

        def inforce_records(case) -> set[str]:
            result = front(*case)
            assert result.outcome in ("eligible", "refusal"), result.outcome
            return {record_id(uid.split("@")[0]) for uid in result.eligible_revisions}

        if args.no_postgres:
            pg, pg_note = None, "left out (--no-postgres)"
        else:
            pg, pg_note = connect_postgres(provisions)
        checked = 50
        agree_py = sum(inforce_records(c) == set(python_scan(provisions, *c)) for c in cases[:checked])
        agree_pg = sum(inforce_records(c) == set(pg(*c)) for c in cases[:checked]) if pg else None
        decisions = [front(*c) for c in cases[:checked]]
        eligible = statistics.median(len(d.eligible) for d in decisions)
        counted = all(d.excluded_total + len(d.eligible) == records for d in decisions)
        detailed = statistics.median(len(d.excluded) for d in decisions)
        for case in cases:  # warm
            front(*case)

        bare = project.snapshot.eligibility

        def index_only(market, product, when, groups):
            return bare.eligible_uids({"market": market, "product": product}, groups, when)

        results = {
            "inforce `Project.eligible(Context(...))` (full decision)": timed(front, cases, args.runs),
            "inforce index alone (`EligibilityIndex.eligible_uids`, no reasons; reference)":
                timed(index_only, cases, args.runs),
            "Python scan (in-memory)": timed(lambda *c: python_scan(provisions, *c), cases, 50),
        }
        pg_name = "PostgreSQL GIN + B-tree"
        if pg:
            for case in cases[:20]:
                pg(*case)
            results[pg_name] = timed(pg, cases, args.runs)
            pg_load = pg.load_s
            pg.close()
        else:
            results[pg_name] = None

        profiler = cProfile.Profile()
        profiler.enable()
        for k in range(args.runs):
            front(*cases[k % len(cases)])
        profiler.disable()
        example = front(*cases[0])

    ms = lambda seconds: f"{seconds * 1e3:.3f}"  # noqa: E731
    ours = results["inforce `Project.eligible(Context(...))` (full decision)"][0]
    lines = [
        f"T4 workload: {len(provisions):,} records ({args.docs:,} × 5), each one document of an ingested project "
        f"(`{folder}`; {records:,} revisions in the eligibility index); {args.runs} timed calls over 200 cases.",
        "",
        "- project: " + (f"written in {write_s:.1f} s and ingested (`inforce ingest`) in {ingest_s:.1f} s"
                         if written else f"files cached from an earlier run; `inforce ingest` re-run: {ingest_s:.1f} s in all")
        + f" ({ingest_summary(summary)})" + (f"; {rebuilt}" if rebuilt else ""),
        f"- first question after `Project.open` (compiles the rules, reads every revision's applicability, "
        f"builds the index): {first_s:.2f} s; the store read alone (`applicability_rows()`, {len(rows):,} rows) "
        f"{rows_s:.2f} s",
        "- PostgreSQL: " + (f"run (load: COPY + indexes {pg_load:.2f} s)" if pg else f"**not run** — {pg_note}"),
        f"- agreement on {checked} cases (same eligible records): inforce = Python scan {agree_py}/{checked}; "
        + (f"inforce = PostgreSQL {agree_pg}/{checked}" if pg else "PostgreSQL not run"),
        f"- per case (median of {checked}): {eligible:.0f} eligible documents, "
        f"{len(example.excluded_by_reason)} exclusion reasons counted over all {records:,} revisions "
        f"(every case: eligible + excluded_total = records: {'yes' if counted else 'NO'}), "
        f"{detailed:.0f} exclusions in detail (the default limit); case 1: outcome {example.outcome}, "
        f"applicability date {example.applicability_date.attribute if example.applicability_date else '-'}, "
        f"excluded by reason {json.dumps(example.excluded_by_reason)}, {len(example.calculations)} calculations",
        "",
        "| peer | p50 ms | p95 ms | p50 ÷ Project.eligible p50 |",
        "|---|---|---|---|",
    ]
    for name, row in results.items():
        if row is None:
            lines.append(f"| {name} | not run | not run | — |")
        else:
            lines.append(f"| {name} | {ms(row[0])} | {ms(row[1])} | {row[0] / ours:.2f}× |")
    met = ours * 1e3 <= TARGET_MS
    lines += [
        "",
        f"Target `Project.eligible` p50 ≤ {TARGET_MS} ms over {len(provisions):,} records: "
        + (f"**met** ({ms(ours)} ms)" if met else f"**NOT met** ({ms(ours)} ms)")
        + ("; faster than PostgreSQL" if results[pg_name] and results[pg_name][0] > ours else
           "; PostgreSQL is faster" if results[pg_name] else "") + ".",
        "",
        f"Where `Project.eligible` spends its time (cProfile over {args.runs} calls; the profiler inflates "
        "small calls, read the shares):",
        "",
        *profile_table(profiler, 8, cumulative=True),
        "",
        *profile_table(profiler, 8),
    ]
    print("\n".join(lines))
    if agree_py != checked or (pg and agree_pg != checked) or not counted:
        sys.exit("the peers disagree with inforce (see above)")


if __name__ == "__main__":
    main()
