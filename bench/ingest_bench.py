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

``--before SOURCE`` compares this tree with an earlier one, side by side, in one run: the cost of
a fresh ingest of the same generated project (``--sizes``, default 5000 here) by the earlier
inforce and by this one, ``--runs`` times each (default 3, the two columns interleaved so that a
change in the machine's load falls on both), median wall seconds, CPU seconds (user and system
time of the ingest process, which the machine's load disturbs far less), provisions per second and
peak memory, with the machine's load average before each run. SOURCE is a git revision (its
tree is taken with ``git archive`` into ``--before-root``) or a folder already holding such a
tree (``git archive REV | tar -x -C DIR``; a file ``DIR/BEFORE_COMMIT`` names the revision).
``--after DIR`` takes the after column from such a copy too (say, the working tree copied when a
long run starts, so that edits made during it do not reach it) instead of the installed inforce.
The earlier tree is imported ahead of the installed one through ``PYTHONPATH``, as
``startup_bench.py`` does for its before column, and the script checks that it is. ``--pack``
names a stock rule pack the project's manifest applies (the generated one applies none, so
derivation from addenda does not run at all without it; ``--pack supersession/csi-addenda``
makes every ingest read the project's 500 addenda with that pack). ``--save FILE`` keeps the
runs as JSON; ``--before-results FILE`` takes the before column from such a file instead of
measuring it again (its date and load are printed with it). Issue 21's target: a fresh ingest
of the 5,000-document project no more than 10% slower than before the issue.

    python bench/ingest_bench.py --before 129c378 --sizes 5000 --runs 3 --pack supersession/csi-addenda
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_project import generate, generate_small  # noqa: E402

# Runs the CLI in a fresh interpreter and reports that process's own peak RSS on stderr.
CHILD = """
import atexit, resource, sys
def _usage():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"PEAK_RSS_KIB={usage.ru_maxrss}", file=sys.stderr)
    print(f"CPU_S={usage.ru_utime + usage.ru_stime:.2f}", file=sys.stderr)
atexit.register(_usage)
from inforce.adapters.cli import main
sys.argv = ["inforce", "ingest", sys.argv[1], "--format", "json"]
main()
"""


def _run_ingest(project: Path, env: dict[str, str] | None = None) -> dict:
    """One ingest in a child process: its JSON summary, wall seconds and peak RSS (MiB)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(project)], capture_output=True, text=True, check=False, env=env
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"ingest failed ({done.returncode}):\n{done.stderr[-3000:]}")
    summary = json.loads(done.stdout)
    peak = [line for line in done.stderr.splitlines() if line.startswith("PEAK_RSS_KIB=")]
    summary["peak_rss_mib"] = round(int(peak[-1].split("=")[1]) / 1024, 1)
    cpu = [line for line in done.stderr.splitlines() if line.startswith("CPU_S=")]
    summary["cpu_s"] = float(cpu[-1].split("=")[1])
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


# ---- before and after, side by side (--before) ---------------------------------------------------

REPO = Path(__file__).resolve().parents[1]


def _before_source(source: str, root: Path) -> tuple[Path, str]:
    """The earlier tree: ``source`` itself when it is a folder, else the git revision ``source``
    archived under ``root/src`` (kept while it is the same commit). Returns (tree, its label)."""
    if Path(source).is_dir():
        tree = Path(source).resolve()
        stamp = tree / "BEFORE_COMMIT"
        commit = stamp.read_text().strip()[:12] if stamp.is_file() else "commit not recorded"
        return tree, f"before ({commit}, tree {tree})"
    full = subprocess.run(["git", "-C", str(REPO), "rev-parse", source], capture_output=True, text=True,
                          check=True).stdout.strip()
    tree = root / "src"
    if not (tree / "BEFORE_COMMIT").is_file() or (tree / "BEFORE_COMMIT").read_text().strip() != full:
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", full], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        (tree / "BEFORE_COMMIT").write_text(full + "\n")
    return tree, f"before ({full[:12]})"


def _importable(tree: Path, path: Path) -> dict[str, str]:
    """Lay ``tree`` out under ``path`` as the package ``inforce`` (pyproject.toml's package-dir
    of that tree: top-level folders mapped into one namespace) and return an environment that
    imports it ahead of the installed one; refuse when it does not."""
    mapping = tomllib.loads((tree / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    shutil.rmtree(path, ignore_errors=True)
    package = path / "inforce"
    package.mkdir(parents=True)
    for entry in (tree / mapping["inforce"]).iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name, folder in mapping.items():
        if name.count(".") == 1:  # inforce.engine etc.; deeper ones are folders inside these
            (package / name.split(".")[1]).symlink_to(tree / folder)
    env = {**os.environ, "PYTHONPATH": str(path)}
    where = subprocess.run([sys.executable, "-c", "import inforce.engine; print(inforce.engine.__file__)"],
                           capture_output=True, text=True, env=env, check=True).stdout.strip()
    if not where.startswith(str(path)):
        raise SystemExit(f"the before column imports inforce from {where}, not {path}")
    return env


def _manifest(project: Path, pack: str | None) -> None:
    rules = f"\n  - stock: {pack}\n" if pack else " []\n"
    (project / "inforce.yaml").write_text(f"project: generated\nfacets: []\nrules:{rules}", encoding="utf-8")


def _fresh(source: Path, target: Path) -> Path:
    """A copy of the generated documents with no graph: every run is a fresh ingest."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".inforce"))
    return target


def _load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def _save(path: Path, size: int, pack: str | None, columns: dict) -> None:
    path.write_text(json.dumps({"size": size, "pack": pack, "columns": columns}, indent=2) + "\n")


def _median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def _median_row(label: str, runs: list[dict]) -> str:
    wall, cpu = _median(runs, "wall_s"), _median(runs, "cpu_s")
    provisions = runs[0]["provisions"]
    peak = _median(runs, "peak_rss_mib")
    each = ", ".join(f"{r['wall_s']:.1f}" + (f" ({r['cpu_s']:.1f})" if r.get("cpu_s") is not None else "")
                     for r in runs)
    cpu_text = f"{cpu:.1f}" if cpu is not None else "not measured"
    return (f"| {label} | {len(runs)} | {provisions:,} | {wall:.1f} | {cpu_text} | {provisions / wall:,.0f} | "
            f"{peak:.1f} | {each} |")


def _compare(args: argparse.Namespace) -> None:
    size = max(args.sizes)
    source = args.workdir / f"compare{size}"
    if not (source / "documents").is_dir() or (source / ".size").read_text() != str(size):
        shutil.rmtree(source, ignore_errors=True)
        generate(source, size)
        (source / ".size").write_text(str(size))
    _manifest(source, args.pack)
    pack = args.pack or "none (the generated manifest's)"
    print(f"project: {size:,} generated specification documents and their addenda ({source}); rule pack: {pack}")
    columns: dict[str, dict] = {}
    recorded = None
    if args.before_results:
        recorded = json.loads(args.before_results.read_text())
        columns["before"] = recorded["columns"]["before"]
        if recorded.get("pack") != args.pack or recorded.get("size") != size:
            raise SystemExit(f"{args.before_results}: measured with pack {recorded.get('pack')} and size "
                             f"{recorded.get('size')}, not {args.pack} and {size}")
    envs: dict[str, dict[str, str] | None] = {}
    if args.before and not recorded:
        tree, label = _before_source(args.before, args.before_root)
        envs["before"] = _importable(tree, tree.parent / f"{tree.name}.path")
        columns["before"] = {"label": label, "runs": []}
    if not args.before_only and args.after:
        tree = args.after.resolve()
        envs["now"] = _importable(tree, tree.parent / f"{tree.name}.path")
        stamp = tree / "AFTER_STAMP"
        columns["now"] = {"label": f"after ({stamp.read_text().strip() if stamp.is_file() else tree})", "runs": []}
    elif not args.before_only:
        envs["now"] = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        columns["now"] = {"label": "now (this tree)", "runs": []}
    print("| column | run | provisions loaded | wall s | CPU s | provisions/s | peak RSS MiB | load average before |")
    print("|---|---|---|---|---|---|---|---|")
    for run in range(1, args.runs + 1):
        for key, env in envs.items():
            load = _load()
            summary = _run_ingest(_fresh(source, args.workdir / f"compare{size}-{key}"), env)
            columns[key]["runs"].append({"wall_s": summary["wall_s"], "cpu_s": summary["cpu_s"],
                                         "provisions": summary["provisions"],
                                         "peak_rss_mib": summary["peak_rss_mib"], "load_before": load,
                                         "at": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")})
            print(f"| {columns[key]['label']} | {run} | {summary['provisions']:,} | {summary['wall_s']:.1f} | "
                  f"{summary['cpu_s']:.1f} | {summary['provisions'] / summary['wall_s']:,.0f} | "
                  f"{summary['peak_rss_mib']} | {load} |", flush=True)
            if args.save:  # kept after every run: a run cut short still leaves what it measured
                _save(args.save, size, args.pack, columns)
    print()
    print("| column | runs | provisions loaded | median wall s | median CPU s | provisions/s | median peak RSS MiB | "
          "wall s (CPU s) of each run |")
    print("|---|---|---|---|---|---|---|---|")
    for column in columns.values():
        print(_median_row(column["label"], column["runs"]))
    if recorded:
        runs = columns["before"]["runs"]
        print(f"\nThe before column was measured earlier ({runs[0]['at']} to {runs[-1]['at']}; load average "
              f"before each run {'; '.join(r['load_before'] for r in runs)}), read from {args.before_results}.")
    if "before" in columns and "now" in columns and columns["before"]["runs"] and columns["now"]["runs"]:
        print()
        for key, name in (("wall_s", "median wall"), ("cpu_s", "median CPU")):
            before, now = _median(columns["before"]["runs"], key), _median(columns["now"]["runs"], key)
            if before is None or now is None:
                print(f"now / before ({name}): not measured in both columns")
                continue
            ratio = now / before
            verdict = "met" if ratio <= 1.10 else "not met"
            print(f"now / before ({name}): {ratio:.3f} ({(ratio - 1) * 100:+.1f}%); "
                  f"target (no more than 10% slower): {verdict}")
        print("CPU seconds (user + system, all threads of the ingest process) depend far less on the "
              "machine's load than wall seconds; on a shared machine compare those.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument(
        "--small-docs", type=int, default=None, metavar="N",
        help="measure a fresh ingest of N short handbooks (~10 provisions each) instead of --sizes",
    )
    parser.add_argument("--before", metavar="SOURCE",
                        help="compare with an earlier tree: a git revision, or a folder holding one")
    parser.add_argument("--before-root", type=Path, default=Path("/tmp/inforce-before21"),
                        help="where --before's revision is unpacked and made importable")
    parser.add_argument("--before-only", action="store_true", help="measure only the before column")
    parser.add_argument("--after", type=Path, metavar="DIR",
                        help="the after column from a copy of a tree (e.g. the working tree copied when the run "
                             "starts, so that edits during a long run do not reach it; DIR/AFTER_STAMP labels it) "
                             "instead of the installed inforce")
    parser.add_argument("--before-results", type=Path, metavar="FILE",
                        help="the before column from an earlier run's --save file, not measured again")
    parser.add_argument("--runs", type=int, default=3, help="fresh ingests per column with --before")
    parser.add_argument("--pack", help="a stock rule pack the generated project's manifest applies")
    parser.add_argument("--save", type=Path, metavar="FILE", help="write the compared runs as JSON")
    args = parser.parse_args()
    if args.before_only and not args.before:
        parser.error("--before-only needs --before")

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    if args.small_docs is not None:
        _small_docs(args.workdir, args.small_docs)
        return
    if args.before or args.before_results:
        if args.sizes == parser.get_default("sizes"):
            args.sizes = [5000]
        _compare(args)
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
