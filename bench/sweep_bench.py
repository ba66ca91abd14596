#!/usr/bin/env python3
"""Sweep: every planted conflict found and no near-miss escalated, in time linear in the provisions.

    python bench/sweep_bench.py [--sizes 10000 50000 200000] [--workers 1 2] [--embed] [--embed-max 10000]
                                [--seed 7] [--work /tmp/inforce-bench] [--no-rfc] [--keep-going]

Each size is a campus of ``generate_planted`` (``bench/generate_project.py --planted``):
size ÷ 200 buildings of ~200 provisions each (two specification sections, a foundation plan,
a schedule, sometimes addenda; ``applies_to`` one building), in which each concrete subject
is stated twice and agrees, except for the conflicts planted in known kinds and counts, beside
near-misses that are not conflicts (the same value in other units, a paragraph an addendum
replaced before the date, a value that meets the other's range, the same disagreement between
two buildings, an earlier revision's value, an addendum not yet in force, a cross-reference
that resolves). The generator writes the answer key ``answer-key.json`` beside the project;
the project is generated and ingested once and cached under ``--work`` (``sweep-N``).

For each size and each ``--workers`` count, ``inforce sweep PROJECT --valid-at D --format json
-o OUT --workers W --fail-on none`` runs as a child process: its wall time, the peak RSS of
its largest process (``os.wait4``) and of its whole process tree (sampled from /proc every
0.2 s: the workers together). Then ``Project.sweep`` in this process, through the engine
front: the first call on a freshly opened project (cold) and a second one (warm).

Checked, and any failure stops the run with the reason (``--keep-going``: after every size,
and the run still fails at the end): every planted conflict is a finding of its kind on its
pair of locators; no near-miss and no finding outside the key is escalated (other findings on
near-misses, or outside the key, are counted and shown); the JSON of every workers count is
byte-identical; ``Project.sweep`` finds the same finding ids as the CLI.

``--embed``: sizes up to ``--embed-max`` are also swept with embeddings stored: a copy of the
project (``sweep-N-embedded``) is embedded once with ``inforce embed`` (timed, its own line;
cached) and swept again. Whether a run had embeddings is read from the project's graph
(``inforce stats``), not assumed from the flag. The IETF RFC index as a project
(``bench/rfc_project.py`` of ``../shared/data/rfc-index``, skipped when absent) is swept too.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate_project  # noqa: E402
from benchutil import INFORCE, SHARED, ensure_written, ingest_summary, ingest_usable  # noqa: E402
from generate_project import ANSWER_KEY, PROVISIONS_PER_BUILDING, generate_planted  # noqa: E402
from rfc_project import write_rfc_project  # noqa: E402

TARGET_S = 180.0
TARGET_PROVISIONS = 200_000
RFC_INDEX = SHARED / "data/rfc-index/rfc-index.parsed.jsonl"
RFC_VALID_AT = dt.date(2025, 1, 1)
REFERENCE_KINDS = {"broken_reference", "superseded_reference"}


# ---- the projects ---------------------------------------------------------------------------------


def planted_source() -> str:
    """A hash of the planted generator's source (its section of generate_project.py): the stamp
    that makes a cached campus be written again when the generator changes."""
    text = Path(generate_project.__file__).read_text(encoding="utf-8")
    start = text.index("# ---- a campus with planted conflicts")
    return hashlib.sha256(text[start: text.index("\ndef main(")].encode()).hexdigest()[:16]


@dataclass
class Campus:
    size: int
    buildings: int
    root: Path
    key: dict
    written: bool
    ingest_s: float
    ingest: str


def ensure_campus(work: Path, size: int, seed: int) -> Campus:
    """``sweep-SIZE`` under ``work``: generated unless this generator already wrote it, ingested."""
    buildings = max(2, round(size / PROVISIONS_PER_BUILDING))
    root = work / f"sweep-{size}"
    wanted = {"buildings": buildings, "seed": seed, "generator": planted_source()}
    written = ensure_written(root, wanted, lambda folder: generate_planted(folder, buildings, seed=seed))
    wall, summary, note = ingest_usable(root)
    key = json.loads((root / ANSWER_KEY).read_text(encoding="utf-8"))
    return Campus(size, buildings, root, key, written, wall, ingest_summary(summary) + (f" ({note})" if note else ""))


def stats(root: Path) -> dict:
    done = subprocess.run([str(INFORCE), "stats", str(root), "--format", "json"], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"inforce stats {root} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def embedded_count(root: Path) -> int:
    found = stats(root)
    return int(found.get("embedded_provisions") or found.get("embeddings") or 0)


def ensure_embedded(root: Path) -> tuple[Path, float | None, str]:
    """A copy of ``root`` with its provisions embedded (``ROOT-embedded``), made and embedded
    once: (the copy, seconds ``inforce embed`` took now or None when cached, what it said)."""
    target = root.with_name(root.name + "-embedded")
    stamp = json.loads((root / ".bench-stamp.json").read_text())
    mark = target / ".bench-embedded.json"
    if mark.is_file() and json.loads(mark.read_text()).get("source") == stamp:
        return target, None, json.loads(mark.read_text()).get("said", "")
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(root, target)
    started = time.perf_counter()
    done = subprocess.run([str(INFORCE), "embed", str(target)], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"inforce embed {target} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    said = " ".join((done.stdout or done.stderr).split())[:300]
    mark.write_text(json.dumps({"source": stamp, "seconds": seconds, "said": said}))
    return target, seconds, said


def ensure_rfc(work: Path) -> tuple[Path, str]:
    root = work / "sweep-rfc"
    wanted = {"index_bytes": RFC_INDEX.stat().st_size,
              "writer": hashlib.sha256(Path(HERE / "rfc_project.py").read_bytes()).hexdigest()[:16]}
    ensure_written(root, wanted, lambda folder: write_rfc_project(RFC_INDEX, folder))
    wall, summary, note = ingest_usable(root)
    return root, f"`inforce ingest` {wall:.1f} s ({ingest_summary(summary)})" + (f" {note}" if note else "")


# ---- one CLI sweep --------------------------------------------------------------------------------


class TreeRss(threading.Thread):
    """The peak of the summed RSS of a process and its descendants, sampled from /proc."""

    def __init__(self, pid: int, every_s: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.pid, self.every_s, self.peak = pid, every_s, 0
        self.done = threading.Event()
        self.page = os.sysconf("SC_PAGE_SIZE")

    def _sample(self) -> int:
        parents: dict[int, int] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
        tree, frontier = {self.pid}, [self.pid]
        while frontier:
            parent = frontier.pop()
            children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
            tree.update(children)
            frontier += children
        total = 0
        for pid in tree:
            try:
                with open(f"/proc/{pid}/statm", "rb") as statm:
                    total += int(statm.read().split()[1]) * self.page
            except (OSError, IndexError, ValueError):
                continue
        return total

    def run(self) -> None:
        while not self.done.wait(self.every_s):
            self.peak = max(self.peak, self._sample())


@dataclass
class Run:
    project: str
    workers: int
    embedded: int
    wall_s: float
    largest_mib: float
    tree_mib: float
    digest: str
    report: dict = field(repr=False)

    @property
    def summary(self) -> dict:
        return self.report["summary"]


def cli_sweep(root: Path, valid_at: dt.date, workers: int, out: Path, embedded: int) -> Run:
    """``inforce sweep`` in a child process, timed, with its peak memory."""
    command = [str(INFORCE), "sweep", str(root), "--valid-at", valid_at.isoformat(), "--format", "json",
               "-o", str(out), "--workers", str(workers), "--fail-on", "none"]
    out.unlink(missing_ok=True)
    errors = out.with_suffix(".stderr")
    with errors.open("wb") as stderr:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
        sampler = TreeRss(child.pid)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        sampler.done.set()
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"`{' '.join(command)}` exited {child.returncode}:\n"
                         f"{errors.read_text(errors='replace')[-3000:]}")
    body = out.read_bytes()
    largest = usage.ru_maxrss / 1024
    # the tree holds the largest process at least (a sample every 0.2 s can miss a short peak)
    return Run(root.name, workers, embedded, wall, largest, max(sampler.peak / 2**20, largest),
               hashlib.sha256(body).hexdigest(), json.loads(body))


def engine_sweep(root: Path, valid_at: dt.date, workers: int) -> tuple[float, float, float, set[str]]:
    """``Project.sweep`` through the engine front: (open s, first call s, second call s, finding ids)."""
    from inforce.engine import Project

    started = time.perf_counter()
    with Project.open(root) as project:
        opened = time.perf_counter()
        first = project.sweep(valid_at, workers=workers)
        cold = time.perf_counter()
        project.sweep(valid_at, workers=workers)
        warm = time.perf_counter()
    return opened - started, cold - opened, warm - cold, {f.id for f in first.findings}


# ---- the answer key -------------------------------------------------------------------------------


@dataclass
class Check:
    found: Counter = field(default_factory=Counter)  # planted conflicts found, by kind
    planted: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)  # each stops the run
    scope_differs: list[str] = field(default_factory=list)
    near_with_finding: Counter = field(default_factory=Counter)  # by near-miss plant, not escalated
    unexpected: list[dict] = field(default_factory=list)  # findings outside the key, not escalated


def _locators(finding: dict) -> tuple[set[str], set[str]]:
    sides = finding["provisions"]
    return {side["locator"] for side in sides}, {side["replaces"] for side in sides if side.get("replaces")}


def _covers(item: list[str], finding: dict) -> bool:
    """A finding is about a planted pair when it names both sides (a side that replaced one
    names it by ``replaces``), or, for a cross-reference, the referring provision and nothing
    else but the target."""
    named, replaced = _locators(finding)
    return set(item) <= named | replaced or (item[0] in named and named <= set(item))


def _show(finding: dict) -> str:
    named, replaced = _locators(finding)
    sides = "; ".join(f"{side['locator']} “{(side.get('quantity') or side['text'])[:60]}”"
                      for side in finding["provisions"])
    return f"{finding['kind']} ({finding['scope']}, {finding['resolution']}): {sides}" + (
        f" [replaces {', '.join(sorted(replaced))}]" if replaced else "")


def check_against_key(report: dict, key: dict) -> Check:
    check = Check()
    findings = list(report["findings"])
    by_locator: dict[str, list[int]] = {}
    for number, finding in enumerate(findings):
        named, replaced = _locators(finding)
        for locator in named | replaced:
            by_locator.setdefault(locator, []).append(number)
    claimed: set[int] = set()

    def about(item: list[str]) -> list[int]:
        return [n for n in sorted(set(by_locator.get(item[0], ()))) if _covers(item, findings[n])]

    for conflict in key["conflicts"]:
        check.planted[conflict["kind"]] += 1
        hits = about(conflict["locators"])
        claimed.update(hits)
        right = [n for n in hits if findings[n]["kind"] == conflict["kind"]]
        pair = " and ".join(conflict["locators"])
        if not right:
            other = f"; found instead as {', '.join(_show(findings[n]) for n in hits)}" if hits else ""
            check.problems.append(f"missed planted {conflict['kind']} ({conflict['plant']}, {conflict['subject'] or 'no subject'}): "
                                  f"{pair}: {conflict['why']}{other}")
            continue
        check.found[conflict["kind"]] += 1
        if all(findings[n]["scope"] != conflict["scope"] for n in right):
            check.scope_differs.append(f"{pair}: planted {conflict['scope']}, found {findings[right[0]]['scope']}")
    for near in key["near_misses"]:
        hits = [n for n in about(near["locators"]) if n not in claimed]
        claimed.update(hits)
        for n in hits:
            if findings[n]["resolution"] == "escalate":
                check.problems.append(f"escalated a near-miss ({near['plant']}: {near['why']}): {_show(findings[n])}")
            else:
                check.near_with_finding[near["plant"]] += 1
    for number, finding in enumerate(findings):
        if number in claimed:
            continue
        if finding["resolution"] == "escalate":
            check.problems.append(f"escalated a finding the key does not plant: {_show(finding)}")
        else:
            check.unexpected.append(finding)
    return check


# ---- output ---------------------------------------------------------------------------------------


def counts(mapping: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:,}" for k, v in sorted(mapping.items())) or "none"


def fmt_ratio(value: float) -> str:
    return f"{value:.1f}×" if value >= 10 else f"{value:.2f}×"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 50_000, 200_000], help="provisions")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--embed", action="store_true", help="also sweep sizes up to --embed-max with embeddings")
    parser.add_argument("--embed-max", type=int, default=10_000,
                        help="largest size embedded with --embed (10k provisions took ~11 minutes here)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument("--no-rfc", action="store_true", help="skip the RFC index project")
    parser.add_argument("--keep-going", action="store_true",
                        help="on a problem, measure the other sizes too (the run still fails at the end)")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    out_dir = args.work / "sweep-out"
    out_dir.mkdir(exist_ok=True)
    load_start = os.getloadavg()

    lines: list[str] = []
    runs: list[tuple[Campus, Run]] = []
    engine_rows: list[str] = []
    check_rows: list[str] = []
    notes: list[str] = []
    embed_lines: list[str] = []
    problems: list[str] = []

    def sweep_project(campus: Campus, root: Path) -> None:
        valid_at = dt.date.fromisoformat(campus.key["valid_at"])
        embedded = embedded_count(root)
        mine: list[Run] = []
        for workers in args.workers:
            run = cli_sweep(root, valid_at, workers, out_dir / f"{root.name}-w{workers}.json", embedded)
            mine.append(run)
            runs.append((campus, run))
            print(f"[sweep_bench] {root.name} workers {workers}: {run.wall_s:.1f} s", file=sys.stderr)
        first = mine[0]
        for run in mine[1:]:
            if run.digest != first.digest:
                problems.append(f"{root.name}: the JSON of --workers {run.workers} differs from --workers "
                                f"{first.workers} (sha256 {run.digest[:12]} vs {first.digest[:12]})")
        check = check_against_key(first.report, campus.key)
        problems.extend(f"{root.name}: {p}" for p in check.problems)
        opened, cold, warm, ids = engine_sweep(root, valid_at, max(args.workers))
        if ids != {f["id"] for f in first.report["findings"]}:
            problems.append(f"{root.name}: Project.sweep found {len(ids)} findings, the CLI "
                            f"{len(first.report['findings'])} (ids differ)")
        summary = first.summary
        engine_rows.append(f"| {summary['provisions']:,} | {'yes' if embedded else 'no'} | {max(args.workers)} | "
                           f"{opened:.2f} | {cold:.1f} | {warm:.1f} |")
        near_total = len(campus.key["near_misses"])
        check_rows.append(
            f"| {summary['provisions']:,} | {'yes' if embedded else 'no'} | "
            + " | ".join(f"{check.found[k]:,} / {check.planted[k]:,}" for k in
                         ("quantity_conflict", "table_mismatch", "broken_reference", "superseded_reference"))
            + f" | {sum(check.near_with_finding.values()):,} of {near_total:,} | "
            f"{sum(1 for p in check.problems if 'escalated' in p):,} | {len(check.unexpected):,} | "
            f"{len(check.scope_differs):,} |")
        if check.near_with_finding:
            notes.append(f"- {root.name}: near-misses with a (resolved) finding: {counts(check.near_with_finding)}")
        if check.unexpected:
            notes.append(f"- {root.name}: {len(check.unexpected):,} resolved findings outside the key, e.g. "
                         + "; ".join(_show(f) for f in check.unexpected[:3]))
        if check.scope_differs:
            notes.append(f"- {root.name}: {len(check.scope_differs)} planted conflicts found with another scope, "
                         f"e.g. {check.scope_differs[0]}")
        sources = "; ".join(f"{s['source']} {'ran' if s['ran'] else 'not run'}"
                            + (f" ({s['pairs']:,} pairs)" if s["ran"] else "") + (f": {s['note']}" if s.get("note") else "")
                            for s in summary["sources"])
        notes.append(f"- {root.name}: candidate sources: {sources}; findings by kind {counts(summary['by_kind'])}; "
                     f"by resolution {counts(summary['by_resolution'])}; superseded pairs left out "
                     f"{summary.get('superseded_left_out', 0):,}; unconfirmed {summary.get('unconfirmed', 0):,}")

    campuses: list[Campus] = []
    for size in args.sizes:
        started = time.perf_counter()
        campus = ensure_campus(args.work, size, args.seed)
        campuses.append(campus)
        lines.append(f"- `{campus.root}`: {campus.buildings:,} buildings, "
                     + (f"generated now ({time.perf_counter() - started - campus.ingest_s:.1f} s)" if campus.written
                        else "files cached from an earlier run")
                     + f"; `inforce ingest` {campus.ingest_s:.1f} s ({campus.ingest}); planted "
                     f"{len(campus.key['conflicts']):,} conflicts ({counts(campus.key['counts']['conflicts'])}) and "
                     f"{len(campus.key['near_misses']):,} near-misses ({counts(campus.key['counts']['near_misses'])})")
        sweep_project(campus, campus.root)
        if args.embed and size <= args.embed_max:
            embedded_root, seconds, said = ensure_embedded(campus.root)
            embed_lines.append(
                f"- `inforce embed` of {campus.root.name} (a copy, `{embedded_root.name}`): "
                + (f"{seconds:.1f} s now" if seconds is not None else "cached from an earlier run")
                + f"; {embedded_count(embedded_root):,} provisions with vectors; it said: {said}")
            sweep_project(campus, embedded_root)
        if problems and not args.keep_going:
            break

    rfc_line = ""
    if (args.keep_going or not problems) and not args.no_rfc:
        if RFC_INDEX.is_file():
            root, ingested = ensure_rfc(args.work)
            workers = max(args.workers)
            run = cli_sweep(root, RFC_VALID_AT, workers, out_dir / f"sweep-rfc-w{workers}.json", embedded_count(root))
            s = run.summary
            rfc_line = (f"RFC index (`{root}`, {ingested}): `inforce sweep --valid-at {RFC_VALID_AT} --workers "
                        f"{workers}` {run.wall_s:.1f} s, peak RSS {run.largest_mib:,.0f} MiB (tree "
                        f"{run.tree_mib:,.0f} MiB); {s['provisions']:,} provisions, {s['pairs_examined']:,} pairs "
                        f"examined of {s['all_pairs']:,}; findings by kind {counts(s['by_kind'])}, by resolution "
                        f"{counts(s['by_resolution'])}.")
        else:
            rfc_line = f"RFC index: not run ({RFC_INDEX} is not here)."

    # ---- report
    load_end = os.getloadavg()
    out = [
        f"Projects (`generate_planted` of bench/generate_project.py, seed {args.seed}; each building ~"
        f"{PROVISIONS_PER_BUILDING} provisions, `applies_to` its own building; two campus-wide documents):",
        *lines,
        f"Load average (1/5/15 min) at the start {' / '.join(f'{x:.2f}' for x in load_start)}, at the end "
        f"{' / '.join(f'{x:.2f}' for x in load_end)} (2-core machine: above 2 means waiting for a core).",
        "",
        "`inforce sweep PROJECT --valid-at D --format json -o OUT --workers W --fail-on none`, a fresh process "
        "each (file cache warm); peak RSS of its largest process (`os.wait4`) and of its process tree "
        "(sampled every 0.2 s):",
        "",
        "| provisions (in force) | embeddings | workers | wall s | peak RSS MiB (largest) | peak RSS MiB (tree) | "
        "statements | pairs examined | all pairs | examined ÷ all | findings |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for _, run in runs:
        s = run.summary
        out.append(f"| {s['provisions']:,} | {f'{run.embedded:,}' if run.embedded else 'no'} | {run.workers} | "
                   f"{run.wall_s:.1f} | {run.largest_mib:,.0f} | {run.tree_mib:,.0f} | {s['statements']:,} | "
                   f"{s['pairs_examined']:,} | {s['all_pairs']:,} | {s['pairs_examined'] / max(s['all_pairs'], 1):.2e} | "
                   f"{len(run.report['findings']):,} |")
    out += ["", f"`Project.sweep(valid_at, workers={max(args.workers)})` in this process: the first call on a freshly "
            "opened project (cold) and a second call (warm):", "",
            "| provisions | embeddings | workers | `Project.open` s | first sweep s | second sweep s |",
            "|---|---|---|---|---|---|", *engine_rows]
    out += ["", "Against the answer key (planted conflicts found / planted, by kind; near-misses with any finding; "
            "escalations outside the planted conflicts; resolved findings outside the key; planted conflicts found "
            "with another scope):", "",
            "| provisions | embeddings | quantity_conflict | table_mismatch | broken_reference | superseded_reference | "
            "near-misses with a finding | escalated outside the key | other findings | scope differs |",
            "|---|---|---|---|---|---|---|---|---|---|", *check_rows]
    if notes:
        out += ["", *notes]
    identical = {}
    for _, run in runs:
        identical.setdefault(run.project, set()).add(run.digest)
    if len(args.workers) > 1:
        out += ["", "JSON byte-identical across --workers " + " and ".join(map(str, args.workers)) + ": "
                + "; ".join(f"{name} {'yes' if len(d) == 1 else '**no**'}" for name, d in identical.items()) + "."]
    plain = [(c, r) for c, r in runs if not r.embedded]
    if len({c.size for c, _ in plain}) > 1:
        base = {r.workers: (c, r) for c, r in plain if c.size == plain[0][0].size}
        out += ["", "Linearity, against the smallest project (without embeddings):", "",
                "| provisions | provisions × | pairs examined × | " + " | ".join(f"wall × (workers {w})" for w in args.workers)
                + " |", "|---|---|---|" + "---|" * len(args.workers)]
        for size in sorted({c.size for c, _ in plain})[1:]:
            row = {r.workers: r for c, r in plain if c.size == size}
            first = base[args.workers[0]][1].summary
            here = row[args.workers[0]].summary
            out.append(f"| {here['provisions']:,} | {fmt_ratio(here['provisions'] / first['provisions'])} | "
                       f"{fmt_ratio(here['pairs_examined'] / max(first['pairs_examined'], 1))} | "
                       + " | ".join(fmt_ratio(row[w].wall_s / base[w][1].wall_s) for w in args.workers) + " |")
    if embed_lines:
        out += ["", "Embeddings:", "", *embed_lines]
    if rfc_line:
        out += ["", rfc_line]
    out += ["", "Targets:", ""]
    big = [(c, r) for c, r in runs if r.summary["provisions"] >= 0.95 * TARGET_PROVISIONS and r.workers == 2]
    with_vectors = [r for _, r in big if r.embedded]
    if with_vectors:
        best = with_vectors[0]
        out.append(f"- {best.summary['provisions']:,} provisions swept in under {TARGET_S:.0f} s on 2 cores with workers 2, "
                   f"embeddings stored, no NLI: " + ("met" if best.wall_s < TARGET_S else "**NOT met**")
                   + f" ({best.wall_s:.1f} s)")
    elif big:
        best = big[0][1]
        out.append(f"- {best.summary['provisions']:,} provisions swept in under {TARGET_S:.0f} s with workers 2, no NLI: "
                   + ("met" if best.wall_s < TARGET_S else "**NOT met**") + f" ({best.wall_s:.1f} s) without "
                   "embeddings; with embeddings stored: not measured (`--embed --embed-max 200000`)")
    else:
        out.append(f"- {TARGET_PROVISIONS:,} provisions in under {TARGET_S:.0f} s with workers 2: not measured in this "
                   "run (no size of 200k provisions with workers 2)")
    out.append("- every planted conflict found, no near-miss escalated, workers byte-identical: "
               + ("met" if not problems else f"**NOT met** ({len(problems)} problems below)"))
    print("\n".join(out))
    if problems:
        print("\nProblems (the run stopped):\n")
        print("\n".join(f"- {p}" for p in problems[:40]))
        if len(problems) > 40:
            print(f"- … and {len(problems) - 40} more")
        raise SystemExit(f"sweep_bench: {len(problems)} problems (listed above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
