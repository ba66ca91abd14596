"""Helpers the benchmark scripts share: the CLI ingest, PostgreSQL's start, profile tables."""

from __future__ import annotations

import cProfile
import hashlib
import inspect
import json
import pstats
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared"
#: The installed console script, the command users run.
INFORCE = Path(sys.executable).parent / "inforce"


def ingest(folder: Path) -> tuple[float, dict]:
    """``inforce ingest FOLDER --format json`` in its own process: (wall seconds, its summary)."""
    started = time.perf_counter()
    done = subprocess.run([str(INFORCE), "ingest", str(folder), "--format", "json"],
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"inforce ingest {folder} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return wall, json.loads(done.stdout)


def ingest_usable(folder: Path) -> tuple[float, dict, str]:
    """``ingest``, then make sure the front answers from the graph: when it refuses a graph an
    earlier engine built (``StoreError``, e.g. rule-pack hashes recorded another way) although
    the ingest found nothing to redo, the graph is rebuilt from scratch (its ``.inforce``
    folder removed, ingested again). Returns (wall seconds in all, the last summary, a note
    saying what happened, empty when nothing did)."""
    import shutil

    from inforce.engine import Project
    from inforce.ontology import StoreError

    wall, summary = ingest(folder)
    try:
        with Project.open(folder) as project:
            _ = project.snapshot.rules
        return wall, summary, ""
    except StoreError as refused:
        reason = str(refused).split("; answers")[0].replace(str(folder), "PROJECT")
    first = ingest_summary(summary)
    shutil.rmtree(folder / ".inforce", ignore_errors=True)
    again, summary = ingest(folder)
    return wall + again, summary, (
        f"`Project` refused the cached graph although `inforce ingest` had nothing to redo ({first}): "
        f"\"{reason}\"; so the graph was rebuilt from scratch in {again:.1f} s (an engine finding: "
        "re-running ingest, as the message advises, does not clear it)")


def ingest_summary(summary: dict) -> str:
    """``12 added, 0 replaced, 0 removed, 3 unchanged; 1,234 provisions loaded``."""
    def count(key: str) -> int:
        value = summary.get(key, 0)
        return len(value) if isinstance(value, list) else int(value or 0)

    return (f"{count('added'):,} added, {count('replaced'):,} replaced, {count('removed'):,} removed, "
            f"{count('unchanged'):,} unchanged; {count('provisions'):,} provisions loaded")


def start_postgres() -> str:
    """Run ``../shared/peers/start-postgres.sh``; what it said last (or why it could not run)."""
    script = SHARED / "peers/start-postgres.sh"
    if not script.is_file():
        return f"{script} not found"
    try:
        done = subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=180, check=False)
    except (OSError, subprocess.TimeoutExpired) as problem:
        return f"start-postgres.sh failed: {problem}"
    said = (done.stdout + done.stderr).strip().splitlines()
    return (said[-1] if said else "(no output)") + (f" (exit {done.returncode})" if done.returncode else "")


def profile_table(profiler: cProfile.Profile, top: int = 10, *, cumulative: bool = False) -> list[str]:
    """A Markdown table of where the profiled time went, with each row's share of it.

    By default the ``top`` functions by their own time, libraries included. ``cumulative``:
    the repository's own functions (not its libraries, not the benchmark) by their time
    including their callees; a chain of calls that share the same time (a wrapper and what
    it wraps) is folded into one row, ``outer → inner``.
    """
    stats = pstats.Stats(profiler)
    total = stats.total_tt or 1.0  # type: ignore[attr-defined]
    items = list(stats.stats.items())  # type: ignore[attr-defined]
    root = str(HERE.parent) + "/"

    def where(file: str, line: int) -> str:
        short = file.split("site-packages/")[-1].split(root)[-1]
        return f"{short}:{line}" if line else short

    if not cumulative:
        rows = sorted(items, key=lambda item: item[1][2], reverse=True)[:top]
        out = ["| function (own time) | calls | share of the profiled time |", "|---|---|---|"]
        for (file, line, name), (_, calls, own, _cum, _) in rows:
            out.append(f"| `{name}` ({where(file, line)}) | {calls:,} | {100 * own / total:.1f}% |")
        return out
    ours = [item for item in items if item[0][0].startswith(root)
            and "/bench/" not in item[0][0] and "site-packages" not in item[0][0]]
    ours.sort(key=lambda item: item[1][3], reverse=True)
    folded: list[tuple[list[str], int, float]] = []
    for (file, line, name), (_, calls, _own, cum, _) in ours:
        share = round(100 * cum / total, 1)
        label = f"`{name}` ({where(file, line)})"
        if folded and folded[-1][2] == share:
            folded[-1][0].append(label)
            continue
        if len(folded) == top:
            break
        folded.append(([label], calls, share))
    out = ["| function, with its callees (a chain of equal shares folded: outer → inner) | calls | "
           "share of the profiled time |", "|---|---|---|"]
    for labels, calls, share in folded:
        chain = labels if len(labels) <= 3 else [labels[0], f"… {len(labels) - 2} more …", labels[-1]]
        out.append(f"| {' → '.join(chain)} | {calls:,} | {share:.1f}% |")
    return out


def ensure_project(folder: Path, docs: int) -> bool:
    """Generate ``generate_project.generate``'s specifications into ``folder`` unless this
    generator already wrote this size there (a stamp of its source); True when it wrote them."""
    from generate_project import generate

    stamp = folder / ".bench-stamp.json"
    wanted = {"docs": docs, "generator": hashlib.sha256(inspect.getsource(generate).encode()).hexdigest()[:16]}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    generate(folder, docs)
    stamp.write_text(json.dumps(wanted))
    return True


def example_copy(name: str, work: Path) -> tuple[Path, dict]:
    """A fresh copy of ``examples/NAME`` at ``WORK/NAME`` (any graph of the example's own left
    out, any earlier copy replaced), ingested with the CLI: (the copy, the ingest summary).
    The examples themselves are never ingested in place."""
    source = HERE.parent / "examples" / name
    if not (source / "inforce.yaml").is_file():
        raise SystemExit(f"no example project {source}")
    target = Path(work) / name
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".inforce"))
    _, summary = ingest(target)
    return target, summary


#: FinanceBench's open-source sample, read in place (``SOURCE.md`` there: licence unclear, so
#: nothing of it is copied into the repository).
FINANCEBENCH = SHARED / "data" / "financebench"


def financebench_records(data: Path = FINANCEBENCH) -> list[dict]:
    """The 150 questions of ``financebench_open_source.jsonl`` under ``data``, in file order."""
    path = Path(data) / "financebench_open_source.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def financebench_documents(data: Path = FINANCEBENCH) -> dict[str, dict]:
    """``financebench_document_information.jsonl`` under ``data``: doc_name → its record
    (company, gics_sector, doc_type, doc_period, doc_link)."""
    path = Path(data) / "financebench_document_information.jsonl"
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {row["doc_name"]: row for row in rows}


def ensure_written(folder: Path, wanted: dict, write) -> bool:
    """``ensure_project`` for any writer: call ``write(folder)`` into an emptied ``folder``
    unless its stamp already records ``wanted`` (what was written and the writer's source);
    True when it wrote. ``wanted`` must be JSON."""
    stamp = folder / ".bench-stamp.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    write(folder)
    stamp.write_text(json.dumps(wanted))
    return True


def source_digest(*objects) -> str:
    """A short hash of the source of functions or modules: a stamp that changes with the writer."""
    return hashlib.sha256("".join(inspect.getsource(o) for o in objects).encode()).hexdigest()[:16]


# ---- figures ----------------------------------------------------------------------------------


def p50(times: Sequence[float]) -> float:
    """The median of a series of timings."""
    return statistics.median(times)


def p95(times: Sequence[float]) -> float:
    """The 95th percentile of a series of timings (nearest rank)."""
    ordered = sorted(times)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def ms(seconds: float) -> str:
    """Seconds as milliseconds, for a table."""
    return f"{seconds * 1e3:,.2f}"
