#!/usr/bin/env python3
"""A CLI that starts fast (issue 20): cold processes of the real ``inforce`` command, and
``Project.asof`` with its text warm beside PostgreSQL, now and before the issue, in one run.

    python bench/startup_bench.py [--provisions 100000] [--runs 5] [--before 7913f44] [--no-postgres]

Two columns, measured side by side (their runs interleaved, so a busy machine slows both):

- **before**: the commit named by ``--before`` (the last one before issue 20), its source taken
  with ``git archive`` into ``/tmp/inforce-before/src`` and put first on ``PYTHONPATH`` (the
  same virtualenv, so the libraries are the same; only inforce's own code differs). It ingests
  its own copies of the projects, under ``/tmp/inforce-bench/startup-before/``: a graph is
  never shared between two versions of the engine.
- **now**: the working tree, through the installed ``inforce`` console script, over the projects
  the other benchmarks cache (``verify-handbooks-N``, ``facts-N``, ``asof-N`` under
  ``/tmp/inforce-bench``).

Targets, each at ``--provisions`` provisions (the projects of ``verify_bench.py``,
``facts_bench.py`` and ``asof_bench.py`` at that size), cold process, p50 of ``--runs`` runs
after one that warms the file cache:

- ``inforce --version``  <= 3x ``python -c "import pydantic"``
- ``inforce check`` of a one-claim answer (a valid quoted citation with a quantity) <= 1.0 s
- ``inforce facts`` of one subject on a date <= 1.0 s
- ``inforce resolve`` of one question with a case <= 3 s, the model included when the
  project is embedded (the output says whether it is)
- ``Project.asof`` with its text, warm, p50 over the probes of ``asof_bench.py``: at least
  3x faster than PostgreSQL's as-of query (the seed-style schema of ``asof_bench.py``)

Every column's answers are compared: check's verdict and claim statuses, resolve's locators,
facts' rows, and the revision ``Project.asof`` resolves against PostgreSQL's; and a cold
``check`` of the now column says whether it imported spaCy to read its claim's numbers (it
should not: the grammar tables beside the build read them, ``engine/quantities/_lite``).
Each cold command's CPU time (user + system) is shown beside its wall time: the machines
are shared, and CPU time is far less sensitive to what else runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ensure_project, ingest_summary, p50  # noqa: E402

REPO = HERE.parent
BEFORE_ROOT = Path("/tmp/inforce-before")
BEFORE_PROJECTS = Path("/tmp/inforce-bench/startup-before")
#: the top-level folders and the ``inforce.*`` names pyproject.toml's package-dir gives them
PACKAGE_DIRS = {"ontology": "ontology", "rules": "rules", "engine": "engine", "adapters": "adapters"}


@dataclass
class Column:
    """One version of inforce: how to run its command, and its copies of the projects."""

    label: str
    env: dict[str, str]
    projects: dict[str, Path] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    #: CPU seconds (user + system) of each recorded run: far less sensitive to a busy machine
    cpu: dict[str, list[float]] = field(default_factory=dict)
    outputs: dict[str, list[str]] = field(default_factory=dict)

    def run(self, key: str, *words: str, record: bool = True) -> subprocess.CompletedProcess[str]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([str(INFORCE), *words], capture_output=True, text=True, env=self.env, check=False)
        seconds = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 1):
            raise SystemExit(f"[{self.label}] inforce {' '.join(words)} exited {done.returncode}:\n"
                             f"{done.stderr[-3000:]}")
        if record:
            self.times.setdefault(key, []).append(seconds)
            self.cpu.setdefault(key, []).append(cpu)
            self.outputs.setdefault(key, []).append(done.stdout)
        return done


# ---- the columns ----------------------------------------------------------------------------------


def before_column(commit: str) -> Column:
    """The source at ``commit``, importable as ``inforce`` ahead of the working tree."""
    src, path = BEFORE_ROOT / "src", BEFORE_ROOT / "path"
    stamp = BEFORE_ROOT / "commit"
    full = subprocess.run(["git", "-C", str(REPO), "rev-parse", commit], capture_output=True, text=True,
                          check=True).stdout.strip()
    if not stamp.is_file() or stamp.read_text() != full:
        shutil.rmtree(BEFORE_ROOT, ignore_errors=True)
        src.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", full], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
        package = path / "inforce"
        package.mkdir(parents=True)
        (package / "__init__.py").symlink_to(src / "_inforce" / "__init__.py")
        for name, folder in PACKAGE_DIRS.items():
            (package / name).symlink_to(src / folder)
        stamp.write_text(full)
    env = {**os.environ, "PYTHONPATH": str(path)}
    where = subprocess.run([sys.executable, "-c", "import inforce.engine; print(inforce.engine.__file__)"],
                           capture_output=True, text=True, env=env, check=True).stdout.strip()
    if not where.startswith(str(path)):
        raise SystemExit(f"the before column imports inforce from {where}, not {path}")
    return Column(f"before ({commit})", env)


def now_column() -> Column:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return Column("now", env)


def copy_documents(source: Path, target: Path) -> None:
    """``target`` holds ``source``'s files (its graph left out) unless it already holds this
    version of them (the bench stamp)."""
    stamp = ".bench-stamp.json"
    if (target / stamp).is_file() and (target / stamp).read_text() == (source / stamp).read_text():
        return
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".inforce", ".bench-embed.json"))


def ingest(column: Column, folder: Path) -> str:
    started = time.perf_counter()
    done = column.run("ingest", "ingest", str(folder), "--format", "json", record=False)
    if done.returncode:
        raise SystemExit(f"[{column.label}] inforce ingest {folder}: {done.stderr[-2000:]}")
    return f"{time.perf_counter() - started:.1f} s ({ingest_summary(json.loads(done.stdout))})"


def same_vectors(column: Column, source: Path, target: Path) -> str:
    """Give ``target`` the vectors ``source`` holds: its embedding cache (vectors by model and text
    hash) copied beside the graph, then ``inforce embed`` of this column, which finds every text
    in the cache and computes nothing. Both columns then resolve with vectors and the model, so
    their answers can be compared (a column without vectors would search full text only)."""
    cache = source / ".inforce" / "embeddings.sqlite"
    if not cache.is_file():
        return "left out: the project of the now column holds no embeddings"
    shutil.copyfile(cache, target / ".inforce" / "embeddings.sqlite")
    started = time.perf_counter()
    done = column.run("embed", "embed", str(target), record=False)
    if done.returncode:
        raise SystemExit(f"[{column.label}] inforce embed {target}: {done.stderr[-2000:]}")
    return f"{time.perf_counter() - started:.1f} s from the copied cache"


# ---- the workload -----------------------------------------------------------------------------------


def handbooks(docs: int) -> Path:
    import verify_bench

    folder = Path(f"/tmp/inforce-bench/verify-handbooks-{docs}")
    verify_bench.ensure_handbooks(folder, docs)
    return folder


def asof_project(docs: int) -> tuple[Path, list, list, list, list]:
    import asof_bench

    folder = Path(f"/tmp/inforce-bench/asof-{docs}")
    rnd = random.Random(1)
    revs, changes = asof_bench.synthetic_registry(docs, rnd)
    extra, sup_edges = asof_bench.superseding_documents(docs)
    asof_bench.write_project(folder, revs, changes, extra)
    if not (folder / ".bench-stamp.json").is_file():
        (folder / ".bench-stamp.json").write_text(json.dumps({"docs": docs, "asof": True}))
    _, _, peer_edges = asof_bench.rfc_graph()
    probes = [(f"D{rnd.randrange(docs)}", rnd.choice(asof_bench.SECTIONS),
               asof_bench.BASE + __import__("datetime").timedelta(days=rnd.randrange(900))) for _ in range(2000)]
    return folder, revs, changes, [*peer_edges, *sup_edges], probes


class _Front:
    """``Project`` with ``store`` and ``index`` where verify_bench's workload reads them (on the
    front before issue 20, on its snapshot after)."""

    def __init__(self, project: Any) -> None:
        self._project = project
        held = getattr(project, "snapshot", project)
        self.store, self.index = held.store, held.index

    def __getattr__(self, name: str) -> Any:
        return getattr(self._project, name)


def one_claim_answer(folder: Path, scratch: Path) -> tuple[Path, list[str], str, str]:
    """An answer of one valid claim, and a question with its case: (answer file, resolve's
    words, the facts subject, the facts date), built from the now-column's graph."""
    import verify_bench

    from inforce.engine import Project

    with Project.open(folder) as project:
        work = verify_bench.Workload(_Front(project))
        built = work.answer(["valid"])
        question, case = work.questions(1)[0]
    file = scratch / "answer.json"
    file.write_text(built.answer.model_dump_json(exclude_none=True))
    return file, [question, *case.cli(), "--k", "10"], built.case.day.isoformat(), ""


def facts_subject(folder: Path) -> tuple[str, str]:
    """The subject with the most stored quantities, and a date inside the corpus's span."""
    from collections import Counter

    from inforce.engine import Project

    with Project.open(folder) as project:
        store = _Front(project).store
        rows = store.quantity_rows()
        dates = sorted(r[4] for r in store.revision_rows() if r[4] is not None)
    subject = Counter(r[4] for r in rows).most_common(1)[0][0]
    return subject, dates[len(dates) // 2].isoformat()[:10]


# ---- Project.asof warm, in each column's own process ----------------------------------------------


def asof_child(folder: Path, probes_file: Path) -> None:
    """Print JSON: the p50 of ``Project.asof`` with text over the probes, and each answer's revision."""
    import datetime as dt

    from inforce.engine import Project

    probes = [(d, s, dt.date.fromisoformat(w)) for d, s, w in json.loads(probes_file.read_text())]
    with Project.open(folder) as project:
        revisions = []
        for d, s, w in probes:  # the warm-up, and the answers compared
            resolved = project.asof(f"{d}#{s}", w).resolved
            revisions.append(None if resolved is None else str(resolved).split("@")[1].split("#")[0])
        times = []
        for d, s, w in probes:
            started = time.perf_counter()
            project.asof(f"{d}#{s}", w)
            times.append(time.perf_counter() - started)
    print(json.dumps({"p50_ms": p50(times) * 1e3, "revisions": revisions}))


def spacy_note(env: dict[str, str], folder: Path, answer: Path) -> str:
    """Whether a cold ``check`` of the now column imported spaCy to read its claim's numbers
    (it reads them with the grammar tables written beside the build, ``engine/quantities/_lite``)."""
    script = (
        "import sys\n"
        "from inforce.adapters.cli import main\n"
        f"sys.argv = ['inforce', 'check', {str(folder)!r}, '--answer', {str(answer)!r}, '--format', 'json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write('\\nSPACY ' + str('spacy' in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False)
    found = json.loads(done.stdout)
    quantities = [c.get("quantities") for c in found["claims"] if c.get("quantities")]
    imported = done.stderr.rsplit("SPACY ", 1)[-1].strip() == "True"
    return (f"`check` [now]: the claim's quantities were read ({', '.join(q['status'] for q in quantities) or 'none'}) "
            f"{'with spaCy imported' if imported else 'without importing spaCy (the build grammar tables)'}")


# ---- the report -----------------------------------------------------------------------------------


def fmt(seconds: list[float]) -> str:
    return f"{p50(seconds):.3f} s" if seconds else "–"


def met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--provisions", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5, help="cold runs of each command per column")
    parser.add_argument("--before", default="7913f44", help="the commit before the issue")
    parser.add_argument("--no-before", action="store_true", help="measure the working tree alone")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out (said in the output)")
    parser.add_argument("--asof-child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.asof_child:
        asof_child(*args.asof_child)
        return 0

    handbook_docs = max(1, args.provisions // 10)   # ~10 provisions a handbook
    facts_docs = max(2, round(args.provisions * 1110 / 100_000))  # facts_bench: 1,110 specifications ~ 100k
    asof_docs = max(20, args.provisions // 5)       # 5 sections a document
    columns = [now_column()] + ([] if args.no_before else [before_column(args.before)])
    notes: list[str] = []

    folders = {"handbooks": handbooks(handbook_docs)}
    facts_folder = Path(f"/tmp/inforce-bench/facts-{facts_docs}")
    ensure_project(facts_folder, facts_docs)
    folders["facts"] = facts_folder
    folders["asof"], revs, changes, edges, probes = asof_project(asof_docs)
    for column in columns:
        for name, folder in folders.items():
            target = folder if column.label == "now" else BEFORE_PROJECTS / folder.name
            if target != folder:
                copy_documents(folder, target)
            column.projects[name] = target
            notes.append(f"[{column.label}] `inforce ingest` {target}: {ingest(column, target)}")
            if name == "handbooks" and target != folder:
                notes.append(f"[{column.label}] `inforce embed` {target}: {same_vectors(column, folder, target)}")

    scratch = Path(tempfile.mkdtemp(prefix="startup-bench-"))
    try:
        answer, resolve_words, _, _ = one_claim_answer(folders["handbooks"], scratch)
        subject, day = facts_subject(folders["facts"])
        embedded = (folders["handbooks"] / ".bench-embed.json").is_file()

        # cold processes, the columns interleaved; the first round warms the file cache
        pydantic: list[float] = []
        for round_ in range(args.runs + 1):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import pydantic"], check=True)
            if round_:
                pydantic.append(time.perf_counter() - started)
            for column in columns:
                record = round_ > 0
                column.run("version", "--version", record=record)
                column.run("check", "check", str(column.projects["handbooks"]), "--answer", str(answer),
                           "--format", "json", record=record)
                column.run("facts", "facts", str(column.projects["facts"]), "--subject", subject,
                           "--valid-at", day, "--format", "json", record=record)
                column.run("resolve", "resolve", str(column.projects["handbooks"]), *resolve_words,
                           "--format", "json", record=record)

        spacy_seen = spacy_note(columns[0].env, columns[0].projects["handbooks"], answer)

        # Project.asof warm, each column in its own process, beside PostgreSQL
        probes_file = scratch / "probes.json"
        probes_file.write_text(json.dumps([(d, s, w.isoformat()) for d, s, w in probes]))
        asof: dict[str, dict] = {}
        for column in columns:
            done = subprocess.run([sys.executable, __file__, "--asof-child", str(column.projects["asof"]),
                                   str(probes_file)], capture_output=True, text=True, env=column.env, check=True)
            asof[column.label] = json.loads(done.stdout.strip().splitlines()[-1])
        pg_ms, pg_note, pg_revisions = None, "left out (--no-postgres)", None
        if not args.no_postgres:
            import asof_bench

            pg, pg_note = asof_bench.connect_postgres(revs, changes, edges)
            if pg is not None:
                pg_revisions = [pg.asof(*p) for p in probes]
                it = iter(probes * 2)
                pg_ms = asof_bench.timeit(lambda: pg.asof(*next(it)), len(probes))[0] * 1e3
                pg.close()
                pg_note = "the seed-style schema of asof_bench.py"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    # ---- answers compared between the columns, and with PostgreSQL
    def check_key(output: str) -> tuple:
        verdict = json.loads(output)
        return verdict["verdict"], tuple(c["status"] for c in verdict["claims"])

    def resolve_key(output: str) -> tuple:
        return tuple(p["locator"] for p in json.loads(output).get("provisions", []))

    def facts_key(output: str) -> int:
        found = json.loads(output)
        return len(found.get("facts", found) if isinstance(found, dict) else found)

    agreement = []
    for key, of in (("check", check_key), ("resolve", resolve_key), ("facts", facts_key)):
        seen = {column.label: {of(o) for o in column.outputs[key]} for column in columns}
        values = [v for vs in seen.values() for v in vs]
        same = all(v == values[0] for v in values)
        agreement.append(f"`{key}`: every run of every column gave the same answer" if same
                         else f"`{key}`: the answers differ: {seen}")
    agreement.append(spacy_seen)
    for column in columns:
        revisions = asof[column.label]["revisions"]
        if pg_revisions is not None:
            agree = sum(a == b for a, b in zip(revisions, pg_revisions, strict=True))
            agreement.append(f"`Project.asof` [{column.label}] = PostgreSQL on {agree}/{len(probes)} probes")

    # ---- the table
    now = columns[0]
    before = columns[1] if len(columns) > 1 else None
    rows = [("| target | before | now | goal | now: |", "|---|---|---|---|---|")]
    table = list(rows[0])
    pyd = p50(pydantic)

    def cell(column: Column, key: str) -> str:
        return f"{fmt(column.times[key])} (CPU {fmt(column.cpu[key])})"

    def line(name: str, key: str, goal: str, ok: bool) -> None:
        table.append(f"| {name} | {cell(before, key) if before else '–'} | {cell(now, key)} | "
                     f"{goal} | {met(ok)} |")

    line(f"`inforce --version` (`import pydantic`: {pyd:.3f} s)", "version", f"<= {3 * pyd:.3f} s (3x)",
         p50(now.times["version"]) <= 3 * pyd)
    line("`inforce check`, one claim", "check", "<= 1.0 s", p50(now.times["check"]) <= 1.0)
    line(f"`inforce facts --subject {subject}`", "facts", "<= 1.0 s", p50(now.times["facts"]) <= 1.0)
    line("`inforce resolve`" + (" (vectors and the model)" if embedded else " (full text only: not embedded)"),
         "resolve", "<= 3.0 s", p50(now.times["resolve"]) <= 3.0)
    if pg_ms is not None:
        speed = {c.label: pg_ms / asof[c.label]["p50_ms"] for c in columns}
        table.append(f"| `Project.asof` with text, warm p50 (PostgreSQL {pg_ms:.3f} ms) | "
                     + (f"{asof[before.label]['p50_ms']:.3f} ms ({speed[before.label]:.1f}x) | " if before else "– | ")
                     + f"{asof['now']['p50_ms']:.3f} ms ({speed['now']:.1f}x) | >= 3x faster | "
                     + f"{met(speed['now'] >= 3)} |")
    else:
        table.append("| `Project.asof` with text, warm p50 | "
                     + (f"{asof[before.label]['p50_ms']:.3f} ms | " if before else "– | ")
                     + f"{asof['now']['p50_ms']:.3f} ms | >= 3x PostgreSQL | not measured: {pg_note} |")

    print(f"{args.provisions:,} provisions; cold processes, p50 of {args.runs} runs after one warming the file "
          f"cache, the columns interleaved, wall time (the goal's measure) with the process's CPU time (user + "
          f"system, far less sensitive to a busy machine) beside it; `Project.asof` p50 over {len(probes):,} probes "
          f"after a warm-up pass.")
    print()
    print("\n".join(table))
    print()
    print("Answers:")
    for item in agreement:
        print(f"- {item}")
    print()
    print("Projects:")
    for item in notes:
        print(f"- {item}")
    print(f"- PostgreSQL: {pg_note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
