#!/usr/bin/env python3
"""Embedding at scale: ``inforce embed`` of one generated project locally and on Ray (2 workers),
texts per second, peak memory of the driver and of the workers, the vectors identical.

    python bench/embed_scale_bench.py [--provisions 3000] [--batch-size 64] [--seed 7]
                                      [--work /tmp/inforce-bench] [--project FOLDER]
                                      [--ray-address HOST:PORT]

The project is a campus of ``generate_planted`` (``bench/generate_project.py --planted``) of
``--provisions`` ÷ 200 buildings, generated and ingested once under ``--work`` (the ingest is
timed on its own line); ``--project`` embeds copies of a project folder of your own instead
(ingested first, never embedded in place). Each configuration embeds a fresh copy of the ingested project (no
vector cached) with ``inforce embed COPY --format json --batch-size B`` plus its options, as a
child process sampled as ``portfolio_bench.measure`` does (wall, CPU of the process tree, peak
RSS of the driver, of the workers together and of Ray's own services together):

- ``local``: the model in the command's own process;
- ``local, --workers 2``: run as asked; today ``embed`` refuses ``--workers`` without
  ``--executor ray``, and the refusal is shown as the command said it (not measured);
- ``ray, --workers 2``: a Ray started by the command on this machine, two workers each loading
  the model once; with ``--ray-address``, the running cluster there joined instead (its workers
  and services are not the command's processes: their memory is not measured).

Checked (a failure makes the run exit 1 after its figures): every configuration that ran
embedded the same number of texts, and its embedding cache (``.inforce/embeddings.sqlite``:
model, text hash, vector bytes) is byte for byte the local one; ``inforce stats`` counts the same
provisions with a vector.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_written, ingest  # noqa: E402
from generate_project import PROVISIONS_PER_BUILDING, generate_planted  # noqa: E402
from portfolio_bench import Measured, measure  # noqa: E402
from sweep_bench import embedded_count, planted_source  # noqa: E402

CONFIGS = [
    ("local", []),
    ("local, --workers 2", ["--workers", "2"]),
    ("ray, --workers 2", ["--executor", "ray", "--workers", "2"]),
]
#: What the issue asks for.
FULL_PROVISIONS = 200_000


@dataclass
class Embedded:
    label: str
    measured: Measured
    report: dict | None  # the command's JSON answer; None when it refused
    digest: str = ""
    vectors: int = 0
    linked: int = 0


def vectors_digest(project: Path) -> tuple[str, int]:
    """sha256 over the project's embedding cache, rows in (model, hash) order; the row count."""
    digest = hashlib.sha256()
    with sqlite3.connect(project / ".inforce" / "embeddings.sqlite") as db:
        rows = db.execute("SELECT model, hash, vec FROM vectors ORDER BY model, hash").fetchall()
    for model, text_hash, vector in rows:
        digest.update(f"{model}\0{text_hash}\0".encode() + bytes(vector))
    return digest.hexdigest(), len(rows)


def embed(base: Path, copy: Path, label: str, options: list[str], batch_size: int) -> Embedded:
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(base, copy)
    if (copy / ".inforce" / "embeddings.sqlite").exists():
        raise SystemExit(f"{base} holds an embedding cache: it must be an ingested project never embedded")
    answer = copy.with_suffix(".json")
    command = [str(INFORCE), "embed", str(copy), "--format", "json", "--batch-size", str(batch_size), *options]
    measured = measure(command, stdout_to=answer)
    print(f"[embed_scale_bench] {label}: exit {measured.returncode}, {measured.wall_s:.1f} s", file=sys.stderr)
    if measured.returncode != 0:
        shutil.rmtree(copy)
        return Embedded(label, measured, None)
    done = Embedded(label, measured, json.loads(answer.read_text(encoding="utf-8")))
    done.digest, done.vectors = vectors_digest(copy)
    done.linked = embedded_count(copy)
    shutil.rmtree(copy)  # a copy is as large as the project: only its figures are kept
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--provisions", type=int, default=3000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/tmp/inforce-bench"))
    parser.add_argument("--project", type=Path, help="embed copies of this project folder instead (no --provisions)")
    parser.add_argument("--ray-address", help="join the Ray cluster there for the ray configuration "
                        "(its workers' and services' memory not measured) instead of the command starting its own")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    load_start = os.getloadavg()
    buildings = max(2, round(args.provisions / PROVISIONS_PER_BUILDING))
    if args.project:
        base, written = args.project.resolve(), False
        what = f"`{base.name}` (given with --project)"
    else:
        base = args.work / f"embed-scale-{buildings}-s{args.seed}"
        wanted = {"buildings": buildings, "seed": args.seed, "project": "embed-scale", "generator": planted_source()}
        written = ensure_written(base, wanted, lambda folder: generate_planted(folder, buildings, seed=args.seed,
                                                                               project="embed-scale"))
        what = (f"`generate_planted` (bench/generate_project.py --planted, seed {args.seed}) of {buildings} buildings, "
                f"asked {args.provisions:,} provisions; generated "
                + ("now" if written else "(files cached from an earlier run)"))
    ingest_s, _ = ingest(base)

    runs = [embed(base, args.work / f"embed-scale-copy-{n}", label,
                  [*options, "--ray-address", args.ray_address] if args.ray_address and label.startswith("ray")
                  else options, args.batch_size)
            for n, (label, options) in enumerate(CONFIGS)]

    problems: list[str] = []
    done = [r for r in runs if r.report is not None]
    refused = [r for r in runs if r.report is None]
    for run in refused:
        if run.label.startswith("ray") or run.label == "local":
            problems.append(f"{run.label} failed (exit {run.measured.returncode}): {run.measured.stderr[-1500:]}")
    reference = next((r for r in done if r.label == "local"), None)
    for run in done:
        if reference is None or run is reference:
            continue
        if run.digest != reference.digest or run.vectors != reference.vectors:
            problems.append(f"{run.label}: its {run.vectors:,} cached vectors differ from local's {reference.vectors:,}"
                            f" (sha256 {run.digest[:12]} vs {reference.digest[:12]})")
        if run.report["embedded"] != reference.report["embedded"] or run.linked != reference.linked:
            problems.append(f"{run.label}: embedded {run.report['embedded']:,} texts ({run.linked:,} provisions "
                            f"with a vector), local {reference.report['embedded']:,} ({reference.linked:,})")

    load_end = os.getloadavg()
    texts = reference.report["embedded"] if reference else 0
    lines = [
        f"Project: {what}; `inforce ingest` {ingest_s:.1f} s; {reference.linked if reference else 0:,} provisions with a vector after "
        f"embedding, {texts:,} distinct texts embedded (the cache is keyed by the text's hash, so a text stated twice "
        f"is embedded once). Model {reference.report['model'] if reference else '?'}, batch {args.batch_size}.",
        f"Load average (1/5/15 min) at the start {' / '.join(f'{x:.2f}' for x in load_start)}, at the end "
        f"{' / '.join(f'{x:.2f}' for x in load_end)} (a 2-core machine shared with other work: above 2 means waiting "
        "for a core).",
        "",
        f"`inforce embed COPY --format json --batch-size {args.batch_size}` plus the options below, each on a fresh "
        "copy of the ingested project (nothing cached), a fresh process each; texts/s over the command's wall time "
        "and over the model's own time (`embed_seconds` of its answer); CPU of the whole process tree; peak RSS "
        "sampled from /proc every 0.2 s, summed over the processes of each role:",
        "",
        "| executor | wall s | model s | texts | texts/s (wall) | texts/s (model) | CPU s | peak RSS MiB: driver | "
        "workers (most processes at once) | Ray's services | whole tree |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        m = run.measured
        if run.report is None:
            said = " ".join(m.stderr.split())[:240].replace("|", "\\|")
            lines.append(f"| {run.label} | refused (exit {m.returncode}): {said} | | | | | | | | | |")
            continue
        r = run.report
        lines.append(
            f"| {run.label} | {m.wall_s:.1f} | {r['embed_seconds']:.1f} | {r['embedded']:,} | "
            f"{r['embedded'] / m.wall_s:.1f} | {r['embedded'] / max(r['embed_seconds'], 1e-9):.1f} | {m.cpu_s:.1f} | "
            f"{m.driver_mib:,.0f} | "
            + ("not measured (a joined cluster's) | not measured" if run.label.startswith("ray") and args.ray_address
               else f"{m.workers_mib:,.0f} ({m.most_workers}) | "
               + (f"{m.services_mib:,.0f}" if run.label.startswith("ray") else "—")) + f" | {m.tree_mib:,.0f} |")
    lines += ["", "Vectors byte-identical to the local run's (every cached vector, and the provisions with one): "
              + "; ".join(f"{r.label} " + ("yes" if r.digest == reference.digest and r.linked == reference.linked
                                           else "**no**")
                          for r in done if reference and r is not reference) + "."]
    if refused and not any("failed" in p for p in problems):
        lines.append("- `inforce embed --workers 2` without `--executor ray` is refused by the command (above): the "
                     "local executor embeds in one process, whose model uses the machine's cores through torch's "
                     "own threads; there is no local multi-process embedding to measure.")
    lines += ["",
              f"Scaled down: the issue asks for a 200,000-provision project; this run embeds {texts:,} texts. At "
              "~17 texts/s a core that is over an hour a configuration on this shared 2-core machine, so the full "
              f"size was not run here. The full size is `.venv/bin/python bench/embed_scale_bench.py --provisions "
              f"{FULL_PROVISIONS}`."]
    if reference:
        share = texts / max(reference.linked, 1)
        estimate = "; ".join(
            f"{r.label} ~{FULL_PROVISIONS * share / (r.report['embedded'] / r.measured.wall_s) / 60:.0f} min"
            for r in done)
        lines.append(f"- **Estimate, not measured**: at this run's wall-time rates, with texts in the same share of "
                     f"provisions ({share:.2f} a provision), {FULL_PROVISIONS:,} provisions would take {estimate}. "
                     "A project whose texts are more alike or less alike than this generator's moves the estimate "
                     "with that share.")
        cores = len(os.sched_getaffinity(0))
        per_cpu = "; ".join(
            f"{r.label} {r.report['embedded'] / r.measured.cpu_s:.1f} texts per CPU-second, so "
            f"~{FULL_PROVISIONS * share / (r.report['embedded'] / r.measured.cpu_s) / 3600:.1f} CPU-hours, "
            f"~{FULL_PROVISIONS * share / (r.report['embedded'] / r.measured.cpu_s) / 3600 / cores:.1f} h on "
            f"{cores} cores" for r in done if r.measured.cpu_s > 0)
        lines.append(f"- **Estimate, not measured**, from CPU time rather than wall time (less sensitive to what else "
                     f"the shared machine ran): {per_cpu}, were the cores this benchmark's alone.")
    lines += ["", "Targets:", "",
              "- vectors from Ray identical to the local ones: " + ("met" if not problems
                                                                    else f"**NOT met** ({len(problems)} problems below)")]
    print("\n".join(lines))
    if problems:
        print("\nProblems:\n")
        print("\n".join(f"- {p}" for p in problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
