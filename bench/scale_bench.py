#!/usr/bin/env python3
"""One project of a million provisions on one machine (issue 26): every step a user runs, at
each size, beside its target, so the growth of each cost can be read from 100k to 1M.

    python bench/scale_bench.py [--sizes 100000 1000000] [--work /tmp/inforce-bench]
                                [--valid-at 2025-06-01] [--runs 3]

Each size is ``generate`` of ``bench/generate_project.py`` (specifications of about 90
provisions a document, some revised, every tenth with an addendum), ``--sizes`` provisions ÷
``PROVISIONS_PER_DOCUMENT`` documents, written once under ``--work/scale-DOCS`` (kept while the
generator and the size are the same). Every step is the ``inforce`` console script in its own
process, measured from outside: wall seconds, CPU seconds (user + system of the process and
any children it reaped) and peak resident memory (the kernel's high-water mark of the child,
``wait4``'s ``ru_maxrss``, or the sampled sum over its process tree when that is larger).

Steps, in order, at each size:

1. fresh ingest: the project's graph removed, ``inforce ingest P --format json``;
2. cold open: ``inforce asof P SPEC-000000#2.1.A --valid-at D --format json`` and
   ``inforce stats P --format json``, each a new process (median of ``--runs``; the file cache
   is warm, as it is after an ingest);
3. a 10-document delta: 10 new documents written beside the others, ``inforce ingest`` again
   (the same 10 at every size, so its memory can be compared across sizes);
4. ``inforce sweep P --valid-at D --format json -o F`` of the whole project;
5. a cold ``inforce facts P --subject concrete.compressive_strength --valid-at D --format json``
   and a cold ``inforce eligible P --valid-at D --format json`` (median of ``--runs``).

Beside steps 1 and 3, the peers (``scale_peer.py``, unless ``--no-peers``): the same files loaded
into PostgreSQL and into the in-memory floor, then the delta's files added to each — what a user
would otherwise run to hold the project, timed the same way.

Answers are checked, so a wrong run cannot pass as fast (a failed check makes the script exit
1 after its tables): the fresh ingest loaded about the provisions asked for; ``asof`` says the
provision is in force; ``stats`` counts every document; the delta added exactly the 10 new
documents and loaded their provisions (``stats`` counts 10 more documents and an ``asof`` of a
new document's provision says in force); the sweep's report parses, its summary counts the
provisions in force and the findings it lists; ``facts`` returns statements of the subject;
``eligible`` lists every document. The delta documents are removed again afterwards, so the
next run starts from the same files.

Targets (issue 26; facts and eligibility as at 100k, from ``startup_bench.py`` and
``cli_eligible_bench.py``): fresh ingest ≤ 3 minutes at ≤ 4 GiB peak; open (each cold
``asof`` and ``stats``) ≤ 2 s; the delta ≤ 5 s with peak memory independent of the graph's size
(the largest size's delta peak within 25% of the smallest's); sweep ≤ 2 minutes; cold ``facts``
≤ 1.0 s; cold ``eligible`` ≤ 1.5 × cold ``stats``. The targets are stated for a million
provisions; they are shown at every size so the margin can be read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_project, start_postgres  # noqa: E402
from generate_project import generate  # noqa: E402
from portfolio_bench import TreeSampler  # noqa: E402

#: Provisions ``inforce ingest`` loads per generated document (5,000 documents gave 452k).
PROVISIONS_PER_DOCUMENT = 90.4
DELTA_DOCUMENTS = 10
SUBJECT = "concrete.compressive_strength"
PROBE = "SPEC-000000#2.1.A"
GIB = 1024.0
TARGETS = {
    "ingest_s": 180.0, "ingest_mib": 4 * GIB, "open_s": 2.0, "delta_s": 5.0, "delta_growth": 1.25,
    "sweep_s": 120.0, "facts_s": 1.0, "eligible_ratio": 1.5,
}


@dataclass
class Run:
    """One command in its own process, measured from outside."""
    wall_s: float
    cpu_s: float
    peak_mib: float
    returncode: int
    stdout: str
    stderr: str


#: Seconds a step may run before it is stopped (``--step-timeout``); a stopped step is reported so.
STEP_TIMEOUT = [1800.0]


def measure(command: list[str]) -> Run:
    """Run ``command``; wall, CPU (user + system, the reaped children included) and peak RSS.
    Stopped (SIGKILL) after ``STEP_TIMEOUT`` seconds: its return code is then -9."""
    folder = Path(os.environ.get("TMPDIR", "/tmp"))
    out, err = folder / f"scale-bench-{os.getpid()}.out", folder / f"scale-bench-{os.getpid()}.err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        sampler = TreeSampler(child.pid, every_s=0.1)
        sampler.sample()
        sampler.start()
        stopper = threading.Timer(STEP_TIMEOUT[0], child.kill)
        stopper.start()
        _, status, usage = os.wait4(child.pid, 0)
        stopper.cancel()
        wall = time.perf_counter() - started
        sampler.done.set()
        sampler.join()
    said, complaint = out.read_text(errors="replace"), err.read_text(errors="replace")
    out.unlink(missing_ok=True)
    err.unlink(missing_ok=True)
    peak = max(usage.ru_maxrss / 1024, sampler.peak["tree"] / 2**20)
    return Run(wall, max(usage.ru_utime + usage.ru_stime, sampler.cpu_s), peak,
               os.waitstatus_to_exitcode(status), said, complaint)


def inforce(*args: str) -> Run:
    return measure([str(INFORCE), *args])


#: The peers (``scale_peer.py``), each its own process: PostgreSQL (``COPY``, a B-tree and a GIN
#: full-text index) and the in-memory floor (Python dicts pickled). None when not asked for.
PEERS = ("postgres", "floor")


def peer(name: str, action: str, size: Size) -> Run:
    state = size.root.parent / f"scale-{size.docs}-floor.pkl"
    return measure([sys.executable, str(HERE / "scale_peer.py"), name, action, str(size.root),
                    *(("--state", str(state)) if name == "floor" else ())])


def postgres_peer() -> str | None:
    """Why the PostgreSQL peer cannot run here (``psycopg`` missing, the server not started), or None."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (`pip install -e '.[bench]'`)"
    said = start_postgres()
    try:
        psycopg.connect("host=127.0.0.1 port=55432 user=postgres dbname=postgres", connect_timeout=5).close()
    except Exception as problem:  # noqa: BLE001 - the reason is printed, never swallowed
        return f"{type(problem).__name__}: {str(problem).strip()} (start-postgres.sh said: {said})"
    return None


def run_peers(size: Size, peers: tuple[str, ...], action: str, documents: int, problems: list[str]) -> None:
    """Each peer's ``action`` on the project, timed as ``<peer>-<action>``; its documents checked
    against ``inforce stats``'s ``documents``, and the peers' full-text probes against each other."""
    probes = {}
    for name in peers:
        run = size.steps[f"{name}-{action}"] = peer(name, action, size)
        said = _json(run, f"{name} {action}", problems) or {}
        probes[name] = said.get("probe_documents")
        size.notes[f"{name}-{action}"] = (f"{said.get('files_read', 0):,} files read; {said.get('documents', 0):,} "
                                          f"documents, {said.get('provisions', 0):,} provisions held")
        if run.returncode != 0 or said.get("documents") != documents:
            problems.append(f"{name} {action}: exit {run.returncode}, {said.get('documents')} documents held, "
                            f"`inforce stats` counts {documents}: {run.stderr.strip()[-300:]}")
    if len(set(probes.values())) != 1 or not next(iter(probes.values())):
        problems.append(f"the peers' full-text probes disagree or found nothing: {probes}")


@dataclass
class Size:
    asked: int
    docs: int
    root: Path
    provisions: int = 0
    steps: dict[str, Run] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _json(run: Run, what: str, problems: list[str]) -> dict | None:
    try:
        return json.loads(run.stdout)
    except ValueError:
        problems.append(f"{what}: exit {run.returncode}, no JSON answer: {run.stderr.strip()[-400:]}")
        return None


def _median(runs: list[Run]) -> Run:
    """The run of median wall time (its own CPU and memory with it)."""
    return sorted(runs, key=lambda r: r.wall_s)[len(runs) // 2]


def delta_files(root: Path, docs: int) -> list[Path]:
    """Files of documents numbered ``docs`` and beyond: what a delta added (an earlier run may
    have been stopped before it removed them)."""
    return [p for p in (root / "documents").rglob("*.md")
            if p.name.startswith(("spec-", "add-")) and int(p.stem.split("-")[1]) >= docs]


def cold(size: Size, label: str, runs: int, *args: str) -> Run | None:
    done = [inforce(*args) for _ in range(runs)]
    failed = [r for r in done if r.returncode not in (0,)]
    if failed:
        size.problems.append(f"{label}: exit {failed[0].returncode}: {failed[0].stderr.strip()[-400:]}")
        return None
    size.steps[label] = _median(done)
    return size.steps[label]


def measure_size(asked: int, work: Path, valid_at: str, runs: int, peers: tuple[str, ...] = ()) -> Size:
    docs = max(2, round(asked / PROVISIONS_PER_DOCUMENT))
    size = Size(asked, docs, work / f"scale-{docs}")
    written = ensure_project(size.root, docs)
    for stale in delta_files(size.root, docs):
        stale.unlink()
    print(f"- {asked:,} provisions asked: {docs:,} documents in {size.root}"
          + (" (generated now)" if written else " (generated earlier, same generator)"), file=sys.stderr, flush=True)
    root, problems = str(size.root), size.problems

    # 1. fresh ingest
    shutil.rmtree(size.root / ".inforce", ignore_errors=True)
    run = size.steps["ingest"] = inforce("ingest", root, "--format", "json")
    summary = _json(run, "fresh ingest", problems)
    if run.returncode != 0 or summary is None:
        problems.append(f"fresh ingest: exit {run.returncode}: {run.stderr.strip()[-400:]}")
        return size
    size.provisions = int(summary.get("provisions") or 0)
    if not 0.8 * asked <= size.provisions <= 1.25 * asked:
        problems.append(f"fresh ingest loaded {size.provisions:,} provisions, {asked:,} asked")

    # 2. cold open
    asof = cold(size, "asof", runs, "asof", root, PROBE, "--valid-at", valid_at, "--format", "json")
    if asof and (_json(asof, "asof", problems) or {}).get("in_force") is not True:
        problems.append(f"asof {PROBE} on {valid_at}: not in force")
    stats = cold(size, "stats", runs, "stats", root, "--format", "json")
    documents = (_json(stats, "stats", problems) or {}).get("documents", 0) if stats else 0
    if stats and documents < docs:
        problems.append(f"stats counts {documents:,} documents, {docs:,} written")
    if peers:  # the same files held by the peers, beside the fresh ingest
        run_peers(size, peers, "load", documents, problems)

    # 3. the delta: 10 new documents, ingested again
    before = set((size.root / "documents").rglob("*.md"))
    generate(size.root, DELTA_DOCUMENTS, start=docs)
    added_files = sorted(set((size.root / "documents").rglob("*.md")) - before)
    try:
        run = size.steps["delta"] = inforce("ingest", root, "--format", "json")
        delta = _json(run, "delta ingest", problems) or {}
        added = {locator.split("@")[0] for locator in delta.get("added", [])}
        wanted = {f"SPEC-{n:06d}" for n in range(docs, docs + DELTA_DOCUMENTS)}
        size.notes["delta"] = (f"{len(delta.get('added', []))} revisions added "
                               f"({len(added_files)} files), {int(delta.get('provisions') or 0):,} provisions loaded")
        if run.returncode != 0 or not wanted <= added or delta.get("replaced") or delta.get("removed"):
            problems.append(f"delta: exit {run.returncode}, added {sorted(added)[:12]}, replaced "
                            f"{delta.get('replaced')}, removed {delta.get('removed')}; wanted {sorted(wanted)}")
        if int(delta.get("provisions") or 0) < 50 * DELTA_DOCUMENTS:
            problems.append(f"delta loaded {delta.get('provisions')} provisions for {DELTA_DOCUMENTS} documents")
        # a new document without an addendum (every tenth, numbered ...9, has one replacing its 2.1.A)
        probe = f"SPEC-{next(n for n in range(docs, docs + DELTA_DOCUMENTS) if n % 10 != 9):06d}#2.1.A"
        fresh = inforce("asof", root, probe, "--valid-at", valid_at, "--format", "json")
        if (_json(fresh, "asof of a delta document", problems) or {}).get("in_force") is not True:
            problems.append(f"asof {probe} after the delta: not in force")
        after = (_json(inforce("stats", root, "--format", "json"), "stats after the delta", problems) or {})
        if after.get("documents", 0) - documents < DELTA_DOCUMENTS:
            problems.append(f"stats after the delta counts {after.get('documents')} documents, "
                            f"{documents} before")
        if peers:
            run_peers(size, peers, "delta", after.get("documents", 0), problems)
    finally:
        for path in added_files:
            path.unlink(missing_ok=True)

    # 4. the sweep of the whole project
    report = size.root.parent / f"scale-{docs}-sweep.json"
    report.unlink(missing_ok=True)
    run = size.steps["sweep"] = inforce("sweep", root, "--valid-at", valid_at, "--format", "json", "-o", str(report))
    if run.returncode == -9:
        problems.append(f"sweep: stopped after {run.wall_s:.0f} s (--step-timeout); its last words: "
                        f"{run.stderr.strip()[-400:]!r}")
    elif run.returncode not in (0, 1) or not report.is_file():
        problems.append(f"sweep: exit {run.returncode}: {run.stderr.strip()[-400:]}")
    else:
        swept = json.loads(report.read_text())
        findings, counted = len(swept["findings"]), sum(swept["summary"]["by_kind"].values())
        in_force = int(swept["summary"]["provisions"])
        size.notes["sweep"] = f"{in_force:,} provisions in force, {findings:,} findings"
        if findings != counted or in_force < 0.5 * size.provisions:
            problems.append(f"sweep report: {findings} findings listed, {counted} counted; "
                            f"{in_force:,} provisions in force of {size.provisions:,}")

    # 5. facts and eligibility, cold
    facts = cold(size, "facts", runs, "facts", root, "--subject", SUBJECT, "--valid-at", valid_at, "--format", "json")
    rows = (_json(facts, "facts", problems) or {}).get("facts", []) if facts else []
    size.notes["facts"] = f"{len(rows):,} statements"
    if facts and (not rows or any(r.get("subject") != SUBJECT for r in rows)):
        problems.append(f"facts {SUBJECT}: {len(rows)} statements, or of another subject")
    eligible = cold(size, "eligible", runs, "eligible", root, "--valid-at", valid_at, "--format", "json")
    listed = (_json(eligible, "eligible", problems) or {}).get("eligible", []) if eligible else []
    size.notes["eligible"] = f"{len(listed):,} documents eligible"
    if eligible and len(listed) < docs:
        problems.append(f"eligible lists {len(listed):,} documents, {docs:,} written")
    return size


def verdict(ok: bool) -> str:
    return "met" if ok else "**NOT met**"


def report(sizes: list[Size], runs: int) -> list[str]:
    labels = {
        "ingest": "fresh ingest", "postgres-load": "peer: PostgreSQL load (COPY, B-tree and GIN indexes)",
        "floor-load": "peer: in-memory floor load (dicts, pickled)",
        "asof": f"cold open: `asof` (median of {runs})",
        "stats": f"cold open: `stats` (median of {runs})", "delta": f"delta: +{DELTA_DOCUMENTS} documents",
        "postgres-delta": "peer: PostgreSQL delta (new files inserted, one transaction)",
        "floor-delta": "peer: in-memory floor delta (unpickle, add, pickle)",
        "sweep": "sweep, whole project", "facts": f"cold `facts` (median of {runs})",
        "eligible": f"cold `eligible` (median of {runs})",
    }
    peers_shown = any(key in size.steps for size in sizes for key in labels if key.startswith(PEERS))
    if not peers_shown:
        labels = {key: label for key, label in labels.items() if not key.startswith(PEERS)}
    target = {
        **{f"{name}-{action}": "(beside the step above)" for name in PEERS for action in ("load", "delta")},
        "ingest": f"≤ {TARGETS['ingest_s']:.0f} s, ≤ {TARGETS['ingest_mib']:,.0f} MiB",
        "asof": f"≤ {TARGETS['open_s']:.0f} s", "stats": f"≤ {TARGETS['open_s']:.0f} s",
        "delta": f"≤ {TARGETS['delta_s']:.0f} s, MiB independent of size", "sweep": f"≤ {TARGETS['sweep_s']:.0f} s",
        "facts": f"≤ {TARGETS['facts_s']:.1f} s", "eligible": f"≤ {TARGETS['eligible_ratio']} × `stats`",
    }
    out = ["| provisions (asked) | documents | provisions loaded | step | wall s | CPU s | peak RSS MiB | answer | "
           "target |", "|---|---|---|---|---|---|---|---|---|"]
    for size in sizes:
        for key, label in labels.items():
            run = size.steps.get(key)
            figures = (f"{run.wall_s:.2f} | {run.cpu_s:.2f} | {run.peak_mib:,.0f}" if run else "— | — | —")
            if run and run.returncode == -9:
                figures = f"stopped after {run.wall_s:.0f} | {run.cpu_s:.2f} | {run.peak_mib:,.0f}"
            out.append(f"| {size.asked:,} | {size.docs:,} | {size.provisions:,} | {label} | {figures} | "
                       f"{size.notes.get(key, '')} | {target[key]} |")
    out += ["", "Targets:", ""]
    for size in sizes:
        s = size.steps
        at = f"at {size.provisions:,} provisions"
        if "ingest" in s:
            out.append(f"- {at}: fresh ingest ≤ {TARGETS['ingest_s']:.0f} s: {verdict(s['ingest'].wall_s <= TARGETS['ingest_s'])}"
                       f" ({s['ingest'].wall_s:.1f} s); peak ≤ 4 GiB: "
                       f"{verdict(s['ingest'].peak_mib <= TARGETS['ingest_mib'])} ({s['ingest'].peak_mib:,.0f} MiB)")
        if "asof" in s and "stats" in s:
            worst = max(s["asof"].wall_s, s["stats"].wall_s)
            out.append(f"- {at}: open ≤ {TARGETS['open_s']:.0f} s: {verdict(worst <= TARGETS['open_s'])} "
                       f"(`asof` {s['asof'].wall_s:.2f} s, `stats` {s['stats'].wall_s:.2f} s)")
        if "delta" in s:
            out.append(f"- {at}: delta ≤ {TARGETS['delta_s']:.0f} s: {verdict(s['delta'].wall_s <= TARGETS['delta_s'])} "
                       f"({s['delta'].wall_s:.2f} s, {s['delta'].peak_mib:,.0f} MiB)")
        if "sweep" in s:
            out.append(f"- {at}: sweep ≤ {TARGETS['sweep_s']:.0f} s: {verdict(s['sweep'].wall_s <= TARGETS['sweep_s'])} "
                       f"({s['sweep'].wall_s:.1f} s, {s['sweep'].peak_mib:,.0f} MiB)")
        if "facts" in s:
            out.append(f"- {at}: cold `facts` ≤ {TARGETS['facts_s']:.1f} s: "
                       f"{verdict(s['facts'].wall_s <= TARGETS['facts_s'])} ({s['facts'].wall_s:.2f} s)")
        if "eligible" in s and "stats" in s:
            ratio = s["eligible"].wall_s / s["stats"].wall_s
            out.append(f"- {at}: cold `eligible` ≤ {TARGETS['eligible_ratio']} × `stats`: "
                       f"{verdict(ratio <= TARGETS['eligible_ratio'])} ({ratio:.2f} ×)")
    deltas = [size for size in sizes if "delta" in size.steps]
    if len(deltas) >= 2:
        small, large = deltas[0], deltas[-1]
        growth = large.steps["delta"].peak_mib / small.steps["delta"].peak_mib
        out.append(f"- delta peak memory independent of the graph's size (at most {TARGETS['delta_growth']:.2f} × from "
                   f"{small.provisions:,} to {large.provisions:,} provisions): "
                   f"{verdict(growth <= TARGETS['delta_growth'])} ({growth:.2f} ×: {small.steps['delta'].peak_mib:,.0f} → "
                   f"{large.steps['delta'].peak_mib:,.0f} MiB)")
    if len(sizes) >= 2 and all(s.steps for s in (sizes[0], sizes[-1])):
        small, large = sizes[0], sizes[-1]
        factor = large.provisions / max(1, small.provisions)
        out += ["", f"Growth from {small.provisions:,} to {large.provisions:,} provisions ({factor:.1f} ×): "
                + "; ".join(f"{labels[k].split(' (')[0]} {large.steps[k].wall_s / small.steps[k].wall_s:.1f} × wall, "
                            f"{large.steps[k].peak_mib / small.steps[k].peak_mib:.1f} × memory"
                            for k in labels if k in small.steps and k in large.steps) + "."]
    out += ["", "CPU seconds are user + system time of the command's process (and children it reaped); the "
            "machine is shared, so compare those where wall seconds look disturbed by the load average above."]
    if peers_shown:
        out += ["", "The peers (`bench/scale_peer.py`) hold the same files as a user's script would: each reads the "
                "Markdown itself (front matter by PyYAML's C loader, a provision per non-blank line) and keeps "
                "revisions, provisions and edges — PostgreSQL with a GIN full-text index (its server's CPU is not in "
                "the peer's CPU seconds or memory, only in its wall seconds), the floor as pickled dicts. They decide "
                "nothing (no as-of, no eligibility, no facts, no derived edges); their documents are checked against "
                "`inforce stats`, and their full-text probes against each other. What each question costs beside "
                "PostgreSQL is in the as-of, eligibility and facts sections."]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000], help="provisions")
    parser.add_argument("--work", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument("--valid-at", default="2025-06-01")
    parser.add_argument("--runs", type=int, default=3, help="cold runs of asof, stats, facts and eligible")
    parser.add_argument("--step-timeout", type=float, default=STEP_TIMEOUT[0],
                        help="seconds a step may run before it is stopped and reported as such")
    parser.add_argument("--no-peers", action="store_true", help="leave out PostgreSQL and the in-memory floor")
    args = parser.parse_args()
    STEP_TIMEOUT[0] = args.step_timeout
    args.work.mkdir(parents=True, exist_ok=True)
    peers: tuple[str, ...] = ()
    missing = None
    if not args.no_peers:
        missing = postgres_peer()
        peers = PEERS if missing is None else tuple(name for name in PEERS if name != "postgres")
    sizes = [measure_size(n, args.work, args.valid_at, args.runs, peers) for n in sorted(args.sizes)]
    print(f"Generated specifications (`bench/generate_project.py --docs N`, about {PROVISIONS_PER_DOCUMENT} provisions "
          f"a document); every step is the `inforce` command in its own process, valid at {args.valid_at}.")
    if missing is not None:
        print(f"\nThe PostgreSQL peer could not run here: {missing}.")
    print()
    print("\n".join(report(sizes, args.runs)))
    problems = [f"{size.asked:,}: {p}" for size in sizes for p in size.problems]
    if problems:
        print("\nAnswers that failed their check (these figures do not count):\n")
        print("\n".join(f"- {p}" for p in problems))
        return 1
    print("\nEvery answer checked: ingest counts, `asof` in force, the delta's documents loaded, the sweep report "
          "parsed with its findings counted, `facts` and `eligible` answered"
          + (", the peers' documents against `stats` and their full-text probes against each other." if peers else "."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
