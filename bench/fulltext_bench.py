#!/usr/bin/env python3
"""Which full-text index a project holds (issue 26): Kuzu's own FTS index against the in-memory
BM25 written beside each build (``engine/store/_memory``, ``_search_file``), by measurement.

    python bench/fulltext_bench.py [--sizes 100000 1000000] [--work /tmp/inforce-bench]
                                   [--queries 200] [--k 10] [--budget 60]

Each size is the project ``scale_bench.py`` generates (``--work/scale-DOCS``, shared with it),
ingested with ``inforce ingest`` (a graph without Kuzu's index, as every build now is). Then,
each in its own process, measured from outside (wall, CPU, peak resident memory):

1. **Kuzu's index**: a copy of the live graph file, and ``CREATE_FTS_INDEX`` on each provision
   table — what every fresh ingest of 2,000 provisions and up paid before (and a delta past 10%
   churn; under it, 0.3-0.8 ms a row inserted or deleted);
2. **the in-memory index**: built from the graph from nothing (``MemorySearch.text_index``), as a
   fresh ingest builds it for its search file;
3. **queries**, one process: ``--queries`` queries of two or three words drawn from provisions'
   texts (seeded), each asked unrestricted and restricted to half the revisions (an eligible
   set), top ``--k``: of Kuzu's index over the copy (unrestricted: its ``QUERY_FTS_INDEX``;
   restricted: the same filtered by ``rev IN $revs`` inside the query) and of the project's
   store as a user's command asks it (the in-memory index, read from the build's file). The first
   query of each engine in the process is timed apart (what a cold command pays), then every
   query's latency, p50 and p95, each engine asked the queries in order until ``--budget``
   seconds are spent (Kuzu's restricted search of a million provisions takes seconds a query).

Answers are checked, so a fast wrong engine cannot pass: for every query, rank by rank the same
score (1e-9 relative) and at each rank a provision Kuzu scores the same (ties are ordered by key
in both, but equal scores may differ in their last bits); a disagreement makes the script exit 1
after its table. The copy with Kuzu's index is removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_project  # noqa: E402
from scale_bench import PROVISIONS_PER_DOCUMENT, measure  # noqa: E402


def _child(role: str, *args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--child", role, *args]


# ---- the children ----------------------------------------------------------------------------


def child_kuzu_index(copy: str) -> None:
    from inforce.engine.store._kuzu import KuzuGraph
    from inforce.engine.store._schema import FTS_INDEXES

    graph = KuzuGraph(Path(copy), read_only=False)
    started = time.perf_counter()
    for table, index in FTS_INDEXES.items():
        graph.execute(f"CALL CREATE_FTS_INDEX('{table}', '{index}', ['text'])")
    graph.execute("CHECKPOINT")
    seconds = time.perf_counter() - started
    graph.close()
    print(json.dumps({"seconds": seconds}))


def child_memory_index(project: str) -> None:
    from inforce.engine.store import GraphStore
    from inforce.engine.store._memory import MemorySearch

    with GraphStore.open(Path(project)) as store:
        graph = store._reader()
        started = time.perf_counter()
        index = MemorySearch(graph).text_index()
        seconds = time.perf_counter() - started
        print(json.dumps({"seconds": seconds, "bytes": index.nbytes if index else 0}))


def _queries(graph, count: int, seed: int) -> list[str]:
    from inforce.engine.store._memory import STOP_WORDS, fts_tokens

    rnd = random.Random(seed)
    texts = [row[0] for row in graph.rows("MATCH (p:Section) RETURN p.text LIMIT 20000") if row[0]]
    queries = []
    while len(queries) < count:
        words = [w for w in fts_tokens(rnd.choice(texts)) if w not in STOP_WORDS and len(w) > 2]
        if len(words) >= 3:
            queries.append(" ".join(rnd.sample(words, rnd.choice((2, 3)))))
    return queries


def _agrees(kuzu: list, memory: list, tolerance: float = 1e-9) -> bool:
    if len(kuzu) != len(memory) or len({loc for loc, _ in memory}) != len(memory):
        return False
    for (_, expected), (loc, score) in zip(kuzu, memory, strict=True):
        if abs(score - expected) > tolerance * max(1.0, abs(expected)):
            return False
        if loc not in {other for other, value in kuzu if abs(value - score) <= tolerance * max(1.0, abs(score))}:
            return False
    return True


def child_queries(project: str, copy: str, count: str, k: str, budget: str) -> None:
    from inforce.engine.store import GraphStore, _search
    from inforce.engine.store._kuzu import KuzuGraph
    from inforce.engine.store._memory import has_text_indexes

    n, top, seconds = int(count), int(k), float(budget)
    kuzu = KuzuGraph(Path(copy), read_only=True)
    with GraphStore.open(Path(project)) as store:
        graph = store._reader()
        if has_text_indexes(graph):
            raise SystemExit(f"{project}: its graph holds Kuzu's FTS index (built by an earlier version): "
                             "ingest it afresh (remove its .inforce) before comparing")
        queries = _queries(graph, n, 26)
        revisions = sorted(row[0] for row in graph.rows("MATCH (r:Revision) RETURN r.uid"))
        half = sorted(random.Random(7).sample(revisions, len(revisions) // 2))
        result: dict = {"queries": n, "k": top, "revisions": len(revisions), "restricted_to": len(half)}
        engines = {
            "kuzu": lambda q, revs: _search.search_text(kuzu, q, top, revs),
            "memory": lambda q, revs: store.search_text(q, top, revs),
        }
        answers: dict = {}
        for name, ask in engines.items():
            started = time.perf_counter()
            ask(queries[0], None)
            result[f"{name}_first_s"] = time.perf_counter() - started
            for label, revs in (("all", None), ("half", half)):
                times, found = [], []
                for query in queries:  # in order, until the budget is spent (Kuzu's restricted search is slow)
                    started = time.perf_counter()
                    found.append(ask(query, revs))
                    times.append(time.perf_counter() - started)
                    if sum(times) > seconds:
                        break
                answers[(name, label)] = found
                result[f"{name}_{label}_asked"] = len(found)
                times.sort()
                result[f"{name}_{label}_p50_ms"] = 1000 * statistics.median(times)
                result[f"{name}_{label}_p95_ms"] = 1000 * times[int(0.95 * (len(times) - 1))]
        for label in ("all", "half"):  # over the queries both engines were asked
            pairs = list(zip(answers[("kuzu", label)], answers[("memory", label)], strict=False))
            result[f"compared_{label}"] = len(pairs)
            result[f"agree_{label}"] = sum(_agrees(a, b) for a, b in pairs)
            result[f"hits_{label}"] = sum(len(b) for _, b in pairs)
    kuzu.close()
    print(json.dumps(result))


# ---- the driver ------------------------------------------------------------------------------


def _bytes(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _live_graph(root: Path) -> Path:
    home = root / ".inforce"
    return home / (home / "CURRENT").read_text().splitlines()[0].strip()  # its first line names the file


def measure_size(asked: int, work: Path, queries: int, k: int, budget: float, problems: list[str]) -> dict:
    docs = max(1, round(asked / PROVISIONS_PER_DOCUMENT))
    root = work / f"scale-{docs}"
    ensure_project(root, docs)
    ingest = measure([str(INFORCE), "ingest", str(root), "--format", "json"])
    if ingest.returncode != 0:
        raise SystemExit(f"inforce ingest {root} failed: {ingest.stderr[-2000:]}")
    stats = json.loads(subprocess.run([str(INFORCE), "stats", str(root), "--format", "json"],
                                      capture_output=True, text=True, check=True).stdout)
    live = _live_graph(root)
    copy = work / f"fulltext-{docs}.kuzu"
    shutil.rmtree(copy, ignore_errors=True)
    copy.unlink(missing_ok=True)
    shutil.copyfile(live, copy)
    row: dict = {"provisions": sum(stats[key] for key in ("sections", "table_rows", "callouts")), "graph_mib": _bytes(live) / 2**20,
                 "search_file_mib": sum(_bytes(p) for p in (root / ".inforce").glob("search-*.bin")) / 2**20}
    try:
        built = measure(_child("kuzu-index", str(copy)))
        if built.returncode != 0:
            raise SystemExit(f"Kuzu's index failed: {built.stderr[-2000:]}")
        row.update(kuzu_s=built.wall_s, kuzu_cpu_s=built.cpu_s, kuzu_peak_mib=built.peak_mib,
                   kuzu_index_mib=(_bytes(copy) - _bytes(live)) / 2**20)
        memory = measure(_child("memory-index", str(root)))
        if memory.returncode != 0:
            raise SystemExit(f"the in-memory index failed: {memory.stderr[-2000:]}")
        said = json.loads(memory.stdout)
        row.update(memory_s=memory.wall_s, memory_build_s=said["seconds"], memory_cpu_s=memory.cpu_s,
                   memory_peak_mib=memory.peak_mib, memory_index_mib=said["bytes"] / 2**20)
        asked_run = measure(_child("queries", str(root), str(copy), str(queries), str(k), str(budget)))
        if asked_run.returncode != 0:
            raise SystemExit(f"the queries failed: {asked_run.stderr[-2000:]}")
        row.update(json.loads(asked_run.stdout))
    finally:
        shutil.rmtree(copy, ignore_errors=True)
        copy.unlink(missing_ok=True)
        Path(f"{copy}.wal").unlink(missing_ok=True)
    for label in ("all", "half"):
        compared = row[f"compared_{label}"]
        if row[f"agree_{label}"] != compared or compared == 0:
            problems.append(f"{row['provisions']} provisions, {label}: {compared - row[f'agree_{label}']} of "
                            f"{compared} queries answered otherwise by the two engines")
        if row[f"hits_{label}"] == 0:
            problems.append(f"{row['provisions']} provisions, {label}: no query found anything")
    return row


def report(rows: list[dict]) -> list[str]:
    lines = [
        "Kuzu's FTS index and the in-memory BM25, over the same graph (each step its own process; peak is",
        "its resident high-water mark). Kuzu's index is what a fresh ingest paid before this choice; the",
        "in-memory index is what every ingest builds for its search file (a delta takes the terms of the",
        "texts it already held, see scale-million).",
        "",
        "| provisions | graph MiB | Kuzu's index: build s (CPU s) | peak MiB | on disk MiB "
        "| in memory: build s (process s) | peak MiB | held MiB | search file MiB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['provisions']:,} | {r['graph_mib']:,.0f} | {r['kuzu_s']:.1f} ({r['kuzu_cpu_s']:.1f}) "
            f"| {r['kuzu_peak_mib']:,.0f} | {r['kuzu_index_mib']:,.0f} | {r['memory_build_s']:.1f} "
            f"({r['memory_s']:.1f}) | {r['memory_peak_mib']:,.0f} | {r['memory_index_mib']:,.0f} "
            f"| {r['search_file_mib']:,.0f} |")
    lines += [
        "",
        "Queries (two or three words of provisions' texts, top k; unrestricted, and restricted to half the",
        "revisions as an eligible set is): latency in one process, the first query of each engine apart;",
        "each engine is asked the same queries in order until its budget of seconds is spent ('asked');",
        "'agree': queries both were asked whose answers are the same, rank by rank (scores to 1e-9, ties by key).",
        "",
        "| provisions | engine | first query ms | all: asked | p50 ms | p95 ms | half: asked | p50 ms | p95 ms "
        "| agree all | agree half |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        for engine in ("kuzu", "memory"):
            lines.append(
                f"| {r['provisions']:,} | {'Kuzu FTS' if engine == 'kuzu' else 'in memory'} "
                f"| {1000 * r[f'{engine}_first_s']:,.0f} | {r[f'{engine}_all_asked']} "
                f"| {r[f'{engine}_all_p50_ms']:.1f} | {r[f'{engine}_all_p95_ms']:.1f} | {r[f'{engine}_half_asked']} "
                f"| {r[f'{engine}_half_p50_ms']:.1f} | {r[f'{engine}_half_p95_ms']:.1f} "
                f"| {r['agree_all']} of {r['compared_all']} | {r['agree_half']} of {r['compared_half']} |")
    return lines


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        role, args = sys.argv[2], sys.argv[3:]
        {"kuzu-index": child_kuzu_index, "memory-index": child_memory_index, "queries": child_queries}[role](*args)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000])
    parser.add_argument("--work", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--budget", type=float, default=60.0,
                        help="seconds of queries per engine and restriction; the queries past it are not asked")
    options = parser.parse_args()
    options.work.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    rows = [measure_size(size, options.work, options.queries, options.k, options.budget, problems)
            for size in options.sizes]
    print("\n".join(report(rows)))
    for problem in problems:
        print(f"\nCHECK FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
