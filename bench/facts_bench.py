#!/usr/bin/env python3
"""Facts by subject through the engine front, side by side with PostgreSQL and the in-memory floor.

    python bench/facts_bench.py [--docs 1110] [--runs 200] [--runs-all 20] [--check-dates 12]
                                [--cold-runs 3] [--cli-runs 5] [--project DIR] [--no-postgres]

The project is ``generate`` of ``bench/generate_project.py`` (specifications of ~90
provisions each, whose paragraphs and schedule rows state compressive strengths, w/c ratios,
slumps, air contents and covers; about 30% of them revised once, 10% twice, each revision
changing one article; every tenth with an addendum that fully supersedes paragraph 2.1.A and
states its own quantity), ingested with ``inforce ingest`` (its quantities read and bound to
subjects there) and cached under ``--project`` (default ``/tmp/inforce-bench/facts-N``).

Timed through ``Project.facts(subject, valid_at)``, the call ``inforce facts`` makes:

- the first call on a freshly opened project (cold: reads the as-of index and the stored
  quantities), and the first call when the index was already read by another question;
- warm calls at varying dates: ``--runs`` for one subject (the one with the most stored
  quantities), ``--runs-all`` for every subject (``subject=None``), and each subject on the
  checked dates;
- ``inforce facts PROJECT --subject S --valid-at D --format json``, a fresh process each.

Peers, in the same run, answering the same (subject, date) questions from the same data (the
quantity rows, revisions and supersession edges inforce stored, read back from its graph):
PostgreSQL with a seed-style schema and B-tree indexes, one SQL query per question (started by
``../shared/peers/start-postgres.sh``; the output says so when it cannot run), and the
in-memory Python floor (dicts and ``max()``). Every peer must return the same multiset of
(provision version, value, upper, unit) as inforce for every checked subject and date, or the
run fails.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import (  # noqa: E402
    INFORCE,
    ensure_project,
    ingest_summary,
    ingest_usable,
    ms,
    p50,
    p95,
    profile_table,
    start_postgres,
)

from inforce.engine import Project  # noqa: E402
from inforce.ontology import StoreError  # noqa: E402

TARGET_MS = 50.0
#: The dates asked about: before the first issue to after the last second revision.
FIRST_DAY, LAST_DAY = dt.date(2021, 12, 1), dt.date(2024, 12, 31)
Key = tuple[str, float, float | None, str | None]  # (pinned provision, value, upper, unit)


# ---- the project ----------------------------------------------------------------------------------


# ---- the peers' data: what inforce stored, read back --------------------------------------------


class Registry:
    """The stored quantities, revisions and full supersessions, in the peers' plain terms.

    The peers' semantics: the version of ``doc#path`` in force on a day is the latest revision
    (effective date, then seq) effective on or before the day that changed the path; a
    revision without ``changed`` changes every path it holds, one with ``changed`` changes
    those paths, their descendants and their ancestors. A version is not in force when a full
    supersession on the path or an ancestor path (dotted prefix) is effective on the day.
    That is exact only for data without lapses (``effective.until``), known_at, pinned
    targets, access groups or outlines that differ between revisions of a document;
    ``restrictions()`` checks each and the run stops if one is present.
    """

    def __init__(self, project: Project) -> None:
        store = project.snapshot.store
        self.revisions = [(r[0], r[1], r[2], r[4], r[5], r[7]) for r in store.revision_rows()]
        self.outlines = store.provision_outlines()
        self.edges = store.supersedes()
        self.access = store.access_rows()
        self.on_lapse = {row[0]: row[9] for row in store.applicability_rows()}
        # (doc, label, path, subject, value, upper, unit)
        self.quantities = [(r[1], r[0].partition("@")[2], r[2], r[4], r[5], r[6], r[7]) for r in store.quantity_rows()]
        self.changes = self._changes()
        self.cuts = [(e.target.doc, e.target.path, e.effective) for e in self.edges if e.scope == "full"]

    def restrictions(self) -> list[str]:
        """What would make the peers' semantics inexact here (empty: none)."""
        problems = []
        lapsing = [f"{d}@{r}" for d, r, _, _, until, _ in self.revisions if until is not None]
        if lapsing:
            problems.append(f"{len(lapsing)} revisions with effective.until (e.g. {lapsing[0]})")
        resuming = [uid for uid, on_lapse in self.on_lapse.items() if on_lapse not in (None, "lapse")]
        if resuming:
            problems.append(f"{len(resuming)} revisions with on_lapse {self.on_lapse[resuming[0]]}")
        pinned = [e for e in self.edges if e.target.rev is not None]
        if pinned:
            problems.append(f"{len(pinned)} supersession edges on a pinned target (e.g. {pinned[0].target})")
        guarded = [uid for uid, _, groups in self.access if groups]
        if guarded:
            problems.append(f"{len(guarded)} revisions with access groups")
        held: dict[str, set[frozenset[str]]] = {}
        for uid, outline in self.outlines.items():
            held.setdefault(uid.partition("@")[0], set()).add(frozenset(outline))
        moving = [doc for doc, shapes in held.items() if len(shapes) > 1]
        if moving:
            problems.append(f"{len(moving)} documents whose revisions hold different paths (e.g. {moving[0]})")
        return problems

    def _changes(self) -> list[tuple[str, str, str]]:
        """(doc, label, path) for each path each revision changed."""
        found = []
        for doc, label, _, _, _, changed in self.revisions:
            outline = self.outlines.get(f"{doc}@{label}", {})
            if changed is None:
                found += [(doc, label, path) for path in outline]
                continue
            children: dict[str, list[str]] = {}
            for path, parent in outline.items():
                if parent is not None:
                    children.setdefault(parent, []).append(path)
            touched: set[str] = set()
            for path in changed:
                stack = [path]
                while stack:  # the path and its descendants
                    here = stack.pop()
                    if here not in touched:
                        touched.add(here)
                        stack += children.get(here, ())
                parent = outline.get(path)
                while parent is not None and parent not in touched:  # its ancestors
                    touched.add(parent)
                    parent = outline.get(parent)
            found += [(doc, label, path) for path in touched]
        return found


# ---- the in-memory floor ----------------------------------------------------------------------


class Floor:
    """Dicts and ``max()``: the version of each (doc, path) in force on the day, memoised per call."""

    def __init__(self, registry: Registry) -> None:
        order = {(d, r): (e.toordinal(), s) for d, r, s, e, _, _ in registry.revisions}
        self.effective = {key: ordinal for key, (ordinal, _) in order.items()}
        self.events: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
        for doc, label, path in registry.changes:
            self.events.setdefault((doc, path), []).append((*order[(doc, label)], label))
        self.by_subject: dict[str, list[tuple]] = {}
        for doc, label, path, subject, value, upper, unit in registry.quantities:
            self.by_subject.setdefault(subject, []).append((doc, label, path, subject, value, upper, unit))
        self.cuts: dict[str, list[tuple[str | None, int]]] = {}
        for doc, path, effective in registry.cuts:
            self.cuts.setdefault(doc, []).append((path, effective.toordinal()))

    def facts(self, subject: str | None, valid_at: dt.date) -> list[tuple]:
        day = valid_at.toordinal()
        live: dict[tuple[str, str], str | None] = {}
        found = []
        for name in ([subject] if subject is not None else self.by_subject):
            for row in self.by_subject.get(name, ()):
                doc, label, path = row[0], row[1], row[2]
                key = (doc, path)
                if key not in live:
                    candidates = [e for e in self.events.get(key, ()) if e[0] <= day]
                    version = max(candidates)[2] if candidates else None
                    if version is not None and any(
                        e <= day and (t is None or path == t or path.startswith(t + "."))
                        for t, e in self.cuts.get(doc, ())
                    ):
                        version = None
                    live[key] = version
                if live[key] == label:
                    found.append(row)
        return found


# ---- PostgreSQL ---------------------------------------------------------------------------------


class Postgres:
    """The seed-style schema: revisions, per-path changes, quantities, full supersessions."""

    SCHEMA = "inforce_facts_bench"
    #: The latest revision effective on the day that changed the quantity's path must be the
    #: quantity's own, and no full supersession may cover the path on the day.
    QUERY = """SELECT q.doc, q.rev, q.path, q.subject, q.value, q.upper, q.unit FROM quantity q
 CROSS JOIN LATERAL (SELECT c.rev FROM revision_change c JOIN revision r ON r.doc = c.doc AND r.rev = c.rev
   WHERE c.doc = q.doc AND c.path = q.path AND r.effective <= %(day)s
   ORDER BY r.effective DESC, r.seq DESC LIMIT 1) v
 WHERE {subject} AND v.rev = q.rev
 AND NOT EXISTS (SELECT 1 FROM supersedes s WHERE s.target_doc = q.doc AND s.effective_on <= %(day)s
   AND (s.target_path IS NULL OR q.path = s.target_path OR q.path LIKE s.target_path || '.%%'))"""

    def __init__(self, registry: Registry) -> None:
        import psycopg

        self.con = psycopg.connect("host=127.0.0.1 port=55432 user=postgres dbname=postgres",
                                   autocommit=True, connect_timeout=5)
        cur = self.cur = self.con.cursor()
        cur.execute(f"DROP SCHEMA IF EXISTS {self.SCHEMA} CASCADE; CREATE SCHEMA {self.SCHEMA};"
                    f" SET search_path TO {self.SCHEMA}")
        cur.execute("""CREATE TABLE revision(doc text, rev text, seq int, effective date, PRIMARY KEY (doc, rev));
CREATE TABLE revision_change(doc text, rev text, path text);
CREATE TABLE quantity(doc text, rev text, path text, subject text, value float8, upper float8, unit text);
CREATE TABLE supersedes(target_doc text, target_path text, effective_on date);""")
        started = time.perf_counter()
        with cur.copy("COPY revision FROM STDIN") as copy:
            for doc, label, seq, effective, _, _ in registry.revisions:
                copy.write_row((doc, label, seq, effective))
        with cur.copy("COPY revision_change FROM STDIN") as copy:
            for row in registry.changes:
                copy.write_row(row)
        with cur.copy("COPY quantity FROM STDIN") as copy:
            for row in registry.quantities:
                copy.write_row(row)
        with cur.copy("COPY supersedes FROM STDIN") as copy:
            for row in registry.cuts:
                copy.write_row(row)
        cur.execute("CREATE INDEX ON revision_change(doc, path); CREATE INDEX ON quantity(subject);"
                    " CREATE INDEX ON supersedes(target_doc); ANALYZE;")
        self.load_s = time.perf_counter() - started
        self.one = self.QUERY.format(subject="q.subject = %(subject)s")
        self.every = self.QUERY.format(subject="q.subject IS NOT NULL")

    def facts(self, subject: str | None, valid_at: dt.date) -> list[tuple]:
        if subject is None:
            return self.cur.execute(self.every, {"day": valid_at}, prepare=True).fetchall()
        return self.cur.execute(self.one, {"subject": subject, "day": valid_at}, prepare=True).fetchall()

    def plan(self, subject: str, valid_at: dt.date) -> str:
        rows = self.cur.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) " + self.one,
                                {"subject": subject, "day": valid_at}).fetchall()
        return "\n".join(r[0] for r in rows)

    def close(self) -> None:
        self.cur.execute(f"DROP SCHEMA IF EXISTS {self.SCHEMA} CASCADE")
        self.con.close()


def connect_postgres(registry: Registry) -> tuple[Postgres | None, str]:
    said = start_postgres()
    try:
        return Postgres(registry), said
    except Exception as problem:  # noqa: BLE001 - the reason is printed, never swallowed
        return None, f"{type(problem).__name__}: {str(problem).strip()} (start-postgres.sh said: {said})"


# ---- answers compared -----------------------------------------------------------------------------


def peer_keys(rows: Iterable[tuple], with_subject: bool) -> Counter:
    return Counter(((s,) if with_subject else ()) + (f"{d}@{r}#{p}", v, u, unit) for d, r, p, s, v, u, unit in rows)


def inforce_keys(found: Any, with_subject: bool) -> Counter:
    return Counter(((f.subject,) if with_subject else ()) + (str(f.resolved), f.quantity.value, f.quantity.upper,
                                                              f.quantity.unit) for f in found.facts)


def difference(name: str, subject: str | None, day: dt.date, ours: Counter, theirs: Counter) -> str:
    missing, extra = theirs - ours, ours - theirs
    return (f"{name} disagrees with `Project.facts({subject!r}, {day})`: inforce {sum(ours.values())} facts, "
            f"{name} {sum(theirs.values())}; only {name}: {list(missing)[:3]}; only inforce: {list(extra)[:3]}")


# ---- timing -----------------------------------------------------------------------------------------


def timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def series(fn: Callable[[Any], object], args: Sequence[Any]) -> list[float]:
    return [timed(lambda a=a: fn(a)) for a in args]


# ---- the run ------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=1110)
    parser.add_argument("--runs", type=int, default=200, help="warm calls for one subject")
    parser.add_argument("--runs-all", type=int, default=20, help="warm calls for every subject")
    parser.add_argument("--check-dates", type=int, default=12,
                        help="dates each subject is checked on in every peer (every subject: half of them)")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh projects opened for the first-call times")
    parser.add_argument("--cli-runs", type=int, default=5)
    parser.add_argument("--project", type=Path, default=None)
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out (said in the output)")
    args = parser.parse_args()
    root = args.project or Path(f"/tmp/inforce-bench/facts-{args.docs}")
    load_start = os.getloadavg()

    written = ensure_project(root, args.docs)
    ingest_s, summary, ingest_note = ingest_usable(root)

    with Project.open(root) as project:
        registry = Registry(project)
        try:
            stored = f"{project.stats().quantities:,} quantities stored, "
        except StoreError as problem:  # the count is context; the run does not need it
            stored = f"quantities stored (`Project.stats()` could not count them: {str(problem)[:200]}), "
    problems = registry.restrictions()
    if problems:
        raise SystemExit("the peers' semantics would not be exact for this project: " + "; ".join(problems))
    subjects = sorted({q[3] for q in registry.quantities})
    rows_of = Counter(q[3] for q in registry.quantities)
    subject = max(subjects, key=lambda s: (rows_of[s], s))  # the subject with the most stored quantities
    floor = Floor(registry)
    if args.no_postgres:
        pg, pg_note = None, "left out (--no-postgres)"
    else:
        pg, pg_note = connect_postgres(registry)

    rnd = random.Random(11)
    span = (LAST_DAY - FIRST_DAY).days
    dates = [FIRST_DAY + dt.timedelta(days=rnd.randrange(span + 1)) for _ in range(args.runs)]

    # ---- cold: the first call on a fresh project
    cold_fresh, cold_indexed, opens, index_reads = [], [], [], []
    for run in range(args.cold_runs):
        day = dates[run]
        started = time.perf_counter()
        project = Project.open(root)
        opens.append(time.perf_counter() - started)
        cold_fresh.append(timed(lambda p=project, d=day: p.facts(subject, d)))
        project.close()
        project = Project.open(root)
        index_reads.append(timed(lambda p=project: p.index))
        cold_indexed.append(timed(lambda p=project, d=day: p.facts(subject, d)))
        project.close()
    cold_profile = cProfile.Profile()
    with Project.open(root) as project:
        _ = project.snapshot.index
        cold_profile.enable()
        project.facts(subject, dates[0])
        cold_profile.disable()

    # ---- agreement: every subject, and all of them, on spread dates, in every peer
    project = Project.open(root)
    project.facts(subject, dates[0])  # warm-up: the index and the stored quantities read
    checked = 0
    differences: list[str] = []
    kept, stored_live, by_revision, by_cut = Counter(), Counter(), Counter(), Counter()
    check_dates = [FIRST_DAY + dt.timedelta(days=span * k // (args.check_dates - 1)) for k in range(args.check_dates)]
    per_subject: dict[str, list[float]] = {}
    for asked in [*subjects, None]:
        for day in (check_dates if asked is not None else check_dates[1::2]):
            started = time.perf_counter()
            answer = project.facts(asked, day)
            if asked is not None:
                per_subject.setdefault(asked, []).append(time.perf_counter() - started)
            ours = inforce_keys(answer, asked is None)
            peers = [("the floor", floor.facts(asked, day))] + ([("PostgreSQL", pg.facts(asked, day))] if pg else [])
            for name, rows in peers:
                theirs = peer_keys(rows, asked is None)
                if theirs != ours:
                    differences.append(difference(name, asked, day, ours, theirs))
            checked += 1
            if asked is not None:
                kept[asked] += sum(ours.values())
                ordinal = day.toordinal()
                for doc, label, path, *_ in floor.by_subject[asked]:
                    if floor.effective[(doc, label)] > ordinal:
                        continue  # its revision is not effective yet
                    stored_live[asked] += 1
                    events = [e for e in floor.events[(doc, path)] if e[0] <= ordinal]
                    if max(events)[2] != label:
                        by_revision[asked] += 1  # a later revision's text, or an earlier one's still in force
                    elif any(e <= ordinal and (t is None or path == t or path.startswith(t + "."))
                             for t, e in floor.cuts.get(doc, ())):
                        by_cut[asked] += 1
    if differences:
        print("\n".join(f"- {d}" for d in differences[:10]))
        raise SystemExit(f"{len(differences)} answers differ between inforce and its peers (first ones above)")

    # ---- warm
    warm: dict[str, dict[str, list[float]]] = {}
    sizes: dict[str, float] = {}
    questions = ((f"one subject (`{subject}`)", subject, dates),
                 ("every subject (`subject=None`)", None, dates[: args.runs_all]))
    for label, asked, days in questions:
        warm[label] = {
            "inforce": series(lambda d, a=asked: project.facts(a, d), days),
            "floor": series(lambda d, a=asked: floor.facts(a, d), days),
        }
        if pg:
            warm[label]["pg"] = series(lambda d, a=asked: pg.facts(a, d), days)
        sizes[label] = statistics.mean(len(floor.facts(asked, d)) for d in days)
    profiled = dates[:10]
    warm_profile = cProfile.Profile()
    warm_profile.enable()
    for day in profiled:
        project.facts(subject, day)
    warm_profile.disable()
    project.close()
    plan = pg.plan(subject, dates[0]) if pg else ""
    pg_load = pg.load_s if pg else 0.0
    if pg:
        pg.close()

    # ---- the CLI, a fresh process each
    def cli(*words: str) -> float:
        started = time.perf_counter()
        subprocess.run([str(INFORCE), *words], capture_output=True, check=True)
        return time.perf_counter() - started

    cli_facts = [cli("facts", str(root), "--subject", subject, "--valid-at", d.isoformat(), "--format", "json")
                 for d in dates[: args.cli_runs + 1]][1:]
    cli_start = [cli("--version") for _ in range(args.cli_runs + 1)][1:]

    # ---- report
    provisions = sum(len(outline) for outline in registry.outlines.values())
    documents = len({doc for doc, *_ in registry.revisions})
    load_end = os.getloadavg()
    out = [
        f"Project `{root}`: {args.docs:,} generated specifications, "
        + ("written now" if written else "files cached from an earlier run")
        + f"; `inforce ingest` {ingest_s:.1f} s ({ingest_summary(summary)})."
        + (f" {ingest_note}" if ingest_note else ""),
        f"Graph: {provisions:,} provisions in {len(registry.revisions):,} revisions of {documents:,} documents; "
        f"{stored}{len(registry.quantities):,} of them bound to "
        f"{len(subjects)} subjects ({', '.join(f'`{s}` {rows_of[s]:,}' for s in subjects)}); "
        f"{len(registry.cuts):,} full supersessions by addenda.",
        f"Load average (1/5/15 min) at the start {' / '.join(f'{x:.2f}' for x in load_start)}, at the end "
        f"{' / '.join(f'{x:.2f}' for x in load_end)} (2-core machine: above 2 means waiting for a core).",
        "",
        "How much the in-force filter removes, averaged over the checked dates (per subject: stored quantities of "
        "revisions effective on the day → facts in force): "
        + "; ".join(f"`{s}`: {stored_live[s] / len(check_dates):,.0f} stored → {kept[s] / len(check_dates):,.0f} "
                    f"in force ({by_revision[s] / len(check_dates):,.0f} not the in-force version of their path, "
                    f"{by_cut[s] / len(check_dates):,.0f} superseded by an addendum)" for s in subjects) + ".",
        "",
        f"Agreement: {checked} questions (each of the {len(subjects)} subjects on {len(check_dates)} dates evenly "
        f"spread over {FIRST_DAY} – {LAST_DAY}, every subject on {len(check_dates[1::2])} of them): the floor"
        f"{' and PostgreSQL' if pg else ''} returned the same multiset of (provision version, value, upper, "
        "unit) as `Project.facts` for every one (any difference stops the run).",
        "The peers' semantics, exact here because the run checked that no revision lapses "
        "(`effective.until`), no edge is pinned to a revision, no document has access groups, and the "
        "revisions of a document hold the same paths (known_at is not asked): the version of a path in force "
        "is the latest revision effective on the day that changed it (a revision without `changed` changes "
        "every path; `changed` touches the path, its descendants and ancestors), less paths a full "
        "supersession covers on the day.",
        "- PostgreSQL: " + (f"run (COPY + indexes {pg_load:.2f} s; one query per question: a LATERAL lookup of "
                            "each quantity's in-force version and NOT EXISTS for supersessions)" if pg
                            else f"**not run** — {pg_note}"),
        "",
        f"First call, cold (median of {args.cold_runs}, each on a freshly opened project; `Project.open` itself "
        f"{ms(p50(opens))} ms):",
        "",
        "| first `Project.facts(subject, valid_at)` | p50 ms | min ms | max ms |",
        "|---|---|---|---|",
        f"| on a fresh project (reads the as-of index and the stored quantities) | {ms(p50(cold_fresh))} | "
        f"{ms(min(cold_fresh))} | {ms(max(cold_fresh))} |",
        f"| the as-of index read first (`project.index`: {ms(p50(index_reads))} ms), then the call "
        f"(reads the stored quantities) | {ms(p50(cold_indexed))} | {ms(min(cold_indexed))} | "
        f"{ms(max(cold_indexed))} |",
        "",
        f"Warm, at random dates over {FIRST_DAY} – {LAST_DAY} ({args.runs} calls for one subject, "
        f"{min(args.runs_all, args.runs)} for every subject; the same dates for every peer):",
        "",
        "| question | facts returned (mean) | inforce `Project.facts` p50 / p95 ms | p50 ÷ target "
        f"({TARGET_MS:.0f} ms) | PostgreSQL p50 / p95 ms | in-memory floor p50 / p95 ms | PostgreSQL ÷ inforce "
        "(p50) | inforce ÷ floor (p50) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, times in warm.items():
        ours, fl, theirs = times["inforce"], times["floor"], times.get("pg")
        out.append(
            f"| {label} | {sizes[label]:,.0f} | {ms(p50(ours))} / {ms(p95(ours))} | {p50(ours) * 1e3 / TARGET_MS:.2f}× | "
            + (f"{ms(p50(theirs))} / {ms(p95(theirs))}" if theirs else "not run")
            + f" | {ms(p50(fl))} / {ms(p95(fl))} | "
            + (f"{p50(theirs) / p50(ours):.2f}×" if theirs else "—")
            + f" | {p50(ours) / p50(fl):.1f}× |"
        )
    out += [
        "",
        f"Warm `Project.facts` per subject (the {len(check_dates)} checked dates, evenly spread): "
        + "; ".join(f"`{s}` p50 {ms(p50(t))} ms, p95 {ms(p95(t))} ms" for s, t in per_subject.items()) + ".",
        "",
        f"CLI, a fresh process each (median of {args.cli_runs}, after one untimed run; file cache warm):",
        "",
        "| command | p50 ms | min ms | max ms |",
        "|---|---|---|---|",
        f"| `inforce facts PROJECT --subject {subject} --valid-at D --format json` | {ms(p50(cli_facts))} | "
        f"{ms(min(cli_facts))} | {ms(max(cli_facts))} |",
        f"| `inforce --version` (for reference: the console script's start-up alone) | {ms(p50(cli_start))} | "
        f"{ms(min(cli_start))} | {ms(max(cli_start))} |",
        "",
        "Targets:",
        "",
    ]
    one = warm[f"one subject (`{subject}`)"]
    out.append(f"- `facts` for one subject over {provisions:,} provisions answers in under {TARGET_MS:.0f} ms warm: "
               + ("met" if p50(one["inforce"]) * 1e3 < TARGET_MS else "**NOT met**")
               + f" (p50 {ms(p50(one['inforce']))} ms, p95 {ms(p95(one['inforce']))} ms)")
    if "pg" in one:
        out.append("- faster than PostgreSQL (one subject, p50): "
                   + ("met" if p50(one["inforce"]) < p50(one["pg"]) else "**NOT met**")
                   + f" ({p50(one['pg']) / p50(one['inforce']):.2f}×)")
    out += [
        "",
        f"Where a warm `Project.facts` spends its time (cProfile, {len(profiled)} calls for one subject; the "
        "profiler inflates small calls, read the shares):",
        "",
        *profile_table(warm_profile, 8, cumulative=True),
        "",
        *profile_table(warm_profile, 10),
        "",
        "Where the first call spends its time (the as-of index already read):",
        "",
        *profile_table(cold_profile, 8, cumulative=True),
    ]
    if plan:
        out += ["", "PostgreSQL's plan for one subject (`EXPLAIN ANALYZE`, timing off):", "", "```", plan, "```"]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
