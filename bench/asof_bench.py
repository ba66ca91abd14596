#!/usr/bin/env python3
"""As-of benchmark through the engine front, side by side with PostgreSQL and the in-memory floor.

    python bench/asof_bench.py [--docs 20000] [--project DIR] [--no-postgres]

The synthetic registry, the probes and the RFC graph are those of
``../shared/peers/asof_peers.py`` (same generator, same seed, 5 sections per document). The
registry is written as a real project (one Markdown file per revision; cached under
``--project``, default ``/tmp/inforce-bench/asof-N``, and re-ingested each run, a no-op when
nothing changed), plus N/20 documents each with one section fully superseded by an addendum
(a quarter of those addenda superseded in turn by a second one). inforce answers through
``Project`` — ``Project.asof`` (the full typed answer: state, chain, successors, text from
the graph, access checks) and ``Project.dedup_to_current`` — with the bare index lookups
beside them for reference. The peers run in the same process on the same probes: the
in-memory Python floor (dicts and ``max()``) and PostgreSQL with the seed-style schema
(started by ``../shared/peers/start-postgres.sh``; the output says so when it cannot run).

Tasks (p50 warm; targets as set for the index lookups):

- T1  one section as of a date                                   target <= 0.05 ms
- T1k one section as of a date, known_at before its latest revision was recorded
- T2  dedup of 1,000 candidates as of a date                     target <= 3 ms
- S   a section fully superseded by an addendum: its successors as of a date
- T3  transitive in-force successors on the RFC graph (index from records) target <= 0.2 ms

and opening the project (``Project.open(...).index``, target <= 1 s for 100k sections).
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
from collections.abc import Callable
from pathlib import Path

from inforce.engine import Project
from inforce.engine.asof import AsOfIndex
from inforce.ontology import Locator, Revision, Supersedes

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchutil import ingest, ingest_summary, profile_table, start_postgres  # noqa: E402

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared"
RFC_INDEX = SHARED / "data/rfc-index/rfc-index.parsed.jsonl"
SECTIONS = [str(i) for i in range(1, 6)]
BASE = dt.date(2020, 1, 1)
MONTHS = {m: i for i, m in enumerate(
    "January February March April May June July August September October November December".split(), 1)}


# ---- the peers' synthetic registry (same logic, same seed) ------------------------------------


def synthetic_registry(n_docs: int, rnd: random.Random):
    revs, changes = [], []  # (doc, rev, seq, effective, recorded) ; (doc, rev, section)
    for d in range(n_docs):
        doc = f"D{d}"
        eff = BASE + dt.timedelta(days=rnd.randrange(300))
        for seq in range(1, rnd.randint(1, 5) + 1):
            if seq > 1 and rnd.random() > 0.15:
                eff = eff + dt.timedelta(days=rnd.randrange(1, 200))
            rec = dt.datetime.combine(eff - dt.timedelta(days=rnd.randrange(0, 20)), dt.time(9))
            revs.append((doc, str(seq), seq, eff, rec))
            for s in (SECTIONS if seq == 1 else rnd.sample(SECTIONS, rnd.randint(1, 2))):
                changes.append((doc, str(seq), s))
    return revs, changes


def as_records(revs, changes) -> tuple[list[Revision], dict[str, list[str]]]:
    changed: dict[tuple[str, str], list[str]] = {}
    for d, r, s in changes:
        changed.setdefault((d, r), []).append(s)
    records = [
        Revision(
            document=d, label=r, seq=seq, effective={"from": eff},
            recorded=rec.replace(tzinfo=dt.UTC), changed=None if seq == 1 else tuple(changed[(d, r)]),
        )
        for d, r, seq, eff, rec in revs
    ]
    return records, {f"{d}@{r}": SECTIONS for d, r, *_ in revs}


def rfc_graph():
    rows = [json.loads(line) for line in RFC_INDEX.open()]
    # The peers date every RFC on the first of its month (date_day aside); so does this run.
    date = {r["doc_id"]: dt.date(r["date_year"], MONTHS[r["date_month"]], 1) for r in rows if r.get("date_month") in MONTHS}
    peer_date = date
    peer_edges = [(r["doc_id"], t, peer_date[r["doc_id"]]) for r in rows if r["doc_id"] in date
                  for t in r.get("obsoletes", []) if t in date]
    revisions = [
        Revision(document=doc, label="0", seq=1, effective={"from": day},
                 recorded=dt.datetime.combine(day, dt.time(0), dt.UTC))
        for doc, day in date.items()
    ]
    edges = [
        Supersedes(source=r["doc_id"], target=t, scope=scope, effective=peer_date[r["doc_id"]])
        for r in rows if r["doc_id"] in date
        for key, scope in (("obsoletes", "full"), ("updates", "partial"))
        for t in r.get(key, []) if t in date
    ]
    return revisions, edges, peer_edges


# ---- timing -------------------------------------------------------------------------------------


def timeit(fn: Callable[[], object], n: int) -> tuple[float, float]:
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts), sorted(ts)[int(0.95 * len(ts)) - 1]


# ---- PostgreSQL peer (the seed-style schema of asof_peers.py) -----------------------------------


class Postgres:
    Q1 = """SELECT rc.rev FROM revision_change rc JOIN revision r USING (doc_id, rev)
 WHERE rc.doc_id=%s::text AND rc.section=%s::text AND r.effective <= %s::date AND (%s::timestamp IS NULL OR r.recorded <= %s::timestamp)
 ORDER BY r.effective DESC, r.seq DESC LIMIT 1"""
    Q2 = """SELECT c.doc, c.sec, x.rev FROM unnest(%s::text[], %s::text[]) AS c(doc, sec)
 LEFT JOIN LATERAL (SELECT rc.rev FROM revision_change rc JOIN revision r USING (doc_id, rev)
   WHERE rc.doc_id=c.doc AND rc.section=c.sec AND r.effective <= %s ORDER BY r.effective DESC, r.seq DESC LIMIT 1) x ON true"""
    Q3 = """WITH RECURSIVE walk(doc) AS (SELECT %s::text UNION SELECT s.superseding FROM supersedes s JOIN walk w ON s.superseded = w.doc WHERE s.effective_on <= %s)
SELECT doc FROM walk w WHERE NOT EXISTS (SELECT 1 FROM supersedes s WHERE s.superseded = w.doc AND s.effective_on <= %s) AND doc <> %s"""

    def __init__(self, revs, changes, peer_edges) -> None:
        import psycopg

        self.con = psycopg.connect("host=127.0.0.1 port=55432 user=postgres dbname=postgres",
                                   autocommit=True, connect_timeout=5)
        cur = self.cur = self.con.cursor()
        # A schema of our own, so a peer run of another benchmark is not disturbed.
        cur.execute("DROP SCHEMA IF EXISTS inforce_asof_bench CASCADE; CREATE SCHEMA inforce_asof_bench;"
                    " SET search_path TO inforce_asof_bench")
        cur.execute("""CREATE TABLE revision(doc_id text, rev text, seq int, effective date, recorded timestamp, PRIMARY KEY(doc_id, rev));
CREATE TABLE revision_change(doc_id text, rev text, section text);
CREATE TABLE supersedes(superseding text, superseded text, effective_on date, scope text);""")
        t0 = time.perf_counter()
        with cur.copy("COPY revision FROM STDIN") as cp:
            for row in revs:
                cp.write_row(row)
        with cur.copy("COPY revision_change FROM STDIN") as cp:
            for row in changes:
                cp.write_row(row)
        with cur.copy("COPY supersedes(superseding, superseded, effective_on) FROM STDIN") as cp:
            for row in peer_edges:
                cp.write_row(row)
        cur.execute("CREATE INDEX ON revision_change(doc_id, section); CREATE INDEX ON supersedes(superseded); ANALYZE;")
        self.load_s = time.perf_counter() - t0

    def asof(self, doc, sec, valid_at, known_at=None):
        self.cur.execute(self.Q1, (doc, sec, valid_at, known_at, known_at), prepare=True)
        row = self.cur.fetchone()
        return row[0] if row else None

    def batch(self, docs, secs, when):
        return self.cur.execute(self.Q2, (docs, secs, when)).fetchall()

    def chain(self, doc, when):
        return {x[0] for x in self.cur.execute(self.Q3, (doc, when, when, doc)).fetchall()}

    def close(self) -> None:
        self.cur.execute("DROP SCHEMA IF EXISTS inforce_asof_bench CASCADE")
        self.con.close()


def connect_postgres(revs, changes, peer_edges) -> tuple[Postgres | None, str]:
    """The PostgreSQL peer, or None and why it could not run."""
    said = start_postgres()
    try:
        return Postgres(revs, changes, peer_edges), said
    except Exception as problem:  # noqa: BLE001 - the reason is printed, never swallowed
        return None, f"{type(problem).__name__}: {str(problem).strip()} (start-postgres.sh said: {said})"


# ---- the project: the registry as files, plus sections superseded by addenda ---------------------

#: Bump when the files written for the project change, so a cached project is rewritten.
PROJECT_FORMAT = 2


def superseding_documents(n_docs: int) -> tuple[list[dict], list[tuple[str, str, dt.date]]]:
    """N/20 documents ``S{k}`` (5 sections, one revision) whose section 2 an addendum ``A{k}``
    fully supersedes (by ``A{k}#1``); every fourth addendum is itself superseded by ``B{k}#1``.
    Returns the documents to write and the edges as the peers store them
    (superseding, superseded, effective)."""
    documents, edges = [], []
    for k in range(max(1, n_docs // 20)):
        first = BASE + dt.timedelta(days=100 + (k * 7) % 600)
        documents.append({"id": f"S{k}", "effective": BASE, "supersedes": None})
        documents.append({"id": f"A{k}", "effective": first,
                          "supersedes": (f"S{k}#2", first, f"A{k}#1")})
        edges.append((f"A{k}#1", f"S{k}#2", first))
        if k % 4 == 0:
            second = first + dt.timedelta(days=200)
            documents.append({"id": f"B{k}", "effective": second,
                              "supersedes": (f"A{k}#1", second, f"B{k}#1")})
            edges.append((f"B{k}#1", f"A{k}#1", second))
    return documents, edges


def write_project(folder: Path, revs, changes, extra: list[dict]) -> bool:
    """Write the registry (one Markdown file per revision) and the superseding documents,
    unless the same project is already there; True when written."""
    import shutil

    stamp = folder / ".bench-stamp.json"
    wanted = {"format": PROJECT_FORMAT, "revisions": len(revs), "extra": len(extra)}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    documents = folder / "documents"
    documents.mkdir(parents=True)
    (folder / "inforce.yaml").write_text("project: asof-bench\nfacets: []\nrules: []\n")
    changed: dict[tuple[str, str], list[str]] = {}
    for d, r, s in changes:
        changed.setdefault((d, r), []).append(s)
    for d, r, seq, eff, rec in revs:
        shard = documents / f"{int(d[1:]) // 1000:03d}"
        shard.mkdir(exist_ok=True)
        front = [
            "---", f"id: {d}", "kind: sop", f"title: Document {d}", f'revision: "{r}"', f"seq: {seq}",
            f"effective: {{from: {eff.isoformat()}}}", f"recorded: {rec.isoformat()}Z",
        ]
        if seq > 1:
            front.append("changed: [" + ", ".join(f'"{s}"' for s in changed[(d, r)]) + "]")
        body = "\n\n".join(f"## {s} Section {s}\n\nText of {d} section {s} in revision {r}." for s in SECTIONS)
        (shard / f"{d.lower()}-{r}.md").write_text("\n".join([*front, "---", body, ""]))
    shard = documents / "superseding"
    shard.mkdir()
    for doc in extra:
        eff = doc["effective"]
        front = ["---", f"id: {doc['id']}", "kind: addendum" if doc["supersedes"] else "kind: sop",
                 f"title: Document {doc['id']}", 'revision: "1"', "seq: 1", f"effective: {{from: {eff.isoformat()}}}",
                 f"recorded: {(eff - dt.timedelta(days=5)).isoformat()}T09:00:00Z"]
        if doc["supersedes"]:
            target, day, by = doc["supersedes"]
            front += ["supersedes:", f"  - target: {target}", "    scope: full", f"    effective: {day.isoformat()}",
                      f"    by: {by}"]
            body = f"## 1 Replacement\n\n{doc['id']} replaces {target} from {day.isoformat()}."
        else:
            body = "\n\n".join(f"## {s} Section {s}\n\nText of {doc['id']} section {s}." for s in SECTIONS)
        (shard / f"{doc['id'].lower()}.md").write_text("\n".join([*front, "---", body, ""]))
    stamp.write_text(json.dumps(wanted))
    return True


def open_timing(folder: Path) -> dict[str, object]:
    """Opening the ingested project's as-of index (best of 3), then where it goes."""
    from inforce.engine.asof.revisions import collector_paused

    opening, building = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        with Project.open(folder) as project:
            index = project.snapshot.index
            opening.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            index.materialize()
            building.append(time.perf_counter() - t0)
            n_sections = sum(len(index.entry(doc).versions) for doc in index.documents())
    reads: dict[str, float] = {}
    with Project.open(folder) as project, collector_paused():
        for _ in range(3):
            for name in ("revision_rows", "provision_outlines", "supersedes"):  # what from_store reads
                t0 = time.perf_counter()
                getattr(project.snapshot.store, name)()
                reads[name] = min(reads.get(name, float("inf")), time.perf_counter() - t0)
    return {"open_s": min(opening), "opens": opening, "materialize_s": min(building), "sections": n_sections,
            "reads": reads}


# ---- the run ------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=20000)
    parser.add_argument("--project", "--open-project", type=Path, default=None, dest="project",
                        help="where the project is written and ingested (default /tmp/inforce-bench/asof-N)")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out (said in the output)")
    args = parser.parse_args()
    folder = args.project or Path(f"/tmp/inforce-bench/asof-{args.docs}")

    rnd = random.Random(1)
    revs, changes = synthetic_registry(args.docs, rnd)
    extra, sup_edges = superseding_documents(args.docs)

    # the in-memory floor (the peers' py_asof and py_chain)
    revinfo = {(d, r): (e, s, rec) for d, r, s, e, rec in revs}
    by_sec: dict[tuple[str, str], list] = {}
    for d, r, s in changes:
        by_sec.setdefault((d, s), []).append((revinfo[(d, r)], r))

    def py_asof(doc, sec, valid_at, known_at=None):
        c = [(e, s, r) for (e, s, rec), r in by_sec.get((doc, sec), ())
             if e <= valid_at and (known_at is None or rec <= known_at)]
        return max(c)[2] if c else None

    rfc_revisions, rfc_edges, peer_edges = rfc_graph()
    obs_by: dict[str, list] = {}
    for a, b, e in [*peer_edges, *sup_edges]:
        obs_by.setdefault(b, []).append((a, e))

    def py_chain(doc, w):
        out: set[str] = set()
        for a in [a for a, e in obs_by.get(doc, []) if e <= w]:
            out |= (py_chain(a, w) or {a})
        return out

    # the project, ingested through the CLI, and opening it
    t0 = time.perf_counter()
    written = write_project(folder, revs, changes, extra)
    write_s = time.perf_counter() - t0
    ingest_s, summary = ingest(folder)
    opened = open_timing(folder)

    if args.no_postgres:
        pg, pg_note = None, "left out (--no-postgres)"
    else:
        pg, pg_note = connect_postgres(revs, changes, [*peer_edges, *sup_edges])

    probes = [(f"D{rnd.randrange(args.docs)}", rnd.choice(SECTIONS), BASE + dt.timedelta(days=rnd.randrange(900)))
              for _ in range(2000)]
    rows: dict[str, dict[str, tuple[float, float] | None]] = {}
    agree: dict[str, str] = {}
    differences: list[str] = []
    project = Project.open(folder)
    index = project.snapshot.index

    def rev_of(pinned: Locator | str | None) -> str | None:
        return None if pinned is None else str(pinned).split("@")[1].split("#")[0]

    # ---- T1: one section as of a date
    got = [rev_of(project.asof(f"{d}#{s}", w).resolved) for d, s, w in probes]
    agree["T1"] = (f"`Project.asof` = floor {sum(g == py_asof(*p) for g, p in zip(got, probes, strict=True))}"
                   f"/{len(probes)}; index = floor "
                   f"{sum(rev_of(index.version(*p)) == py_asof(*p) for p in probes)}/{len(probes)}"
                   + (f"; PostgreSQL = floor {sum(pg.asof(*p) == py_asof(*p) for p in probes[:500])}/500" if pg else ""))
    it = iter(probes * 3)
    rows["T1"] = {"pg": timeit(lambda: pg.asof(*next(it)), 2000) if pg else None}
    it = iter(probes * 3)
    rows["T1"]["py"] = timeit(lambda: py_asof(*next(it)), 2000)
    it = iter(probes * 3)
    rows["T1"]["front"] = timeit(lambda: (lambda d, s, w: project.asof(f"{d}#{s}", w))(*next(it)), 1000)
    it = iter(probes * 3)
    rows["T1"]["index"] = timeit(lambda: index.version(*next(it)), 2000)
    it = iter(probes * 3)
    no_text = timeit(lambda: (lambda d, s, w: index.answer(Locator(doc=d, path=s), w, with_text=False))(*next(it)),
                     2000)

    # ---- T1k: known_at before the section's latest revision was recorded
    latest: dict[str, tuple] = {}
    for row in revs:
        latest[row[0]] = row  # revs are in seq order per document
    late = [(d, r, rec) for d, r, seq, _, rec in latest.values() if seq > 1]
    changed_by: dict[tuple[str, str], list[str]] = {}
    for d, r, s in changes:
        changed_by.setdefault((d, r), []).append(s)
    far = BASE + dt.timedelta(days=2000)
    known_probes = [(d, changed_by[(d, r)][0], far, rec - dt.timedelta(hours=1)) for d, r, rec in late[:1000]]

    def utc(moment: dt.datetime) -> dt.datetime:
        return moment.replace(tzinfo=dt.UTC)

    got = [rev_of(project.asof(f"{d}#{s}", w, utc(k)).resolved) for d, s, w, k in known_probes]
    for g, (d, s, w, k) in zip(got, known_probes, strict=True):
        if g != py_asof(d, s, w, k) and len(differences) < 3:
            history = ", ".join(f"rev {r} effective {e} recorded {rec:%Y-%m-%d %H:%M}"
                                + (" (all sections)" if seq == 1 else f" (changed §{', §'.join(changed_by[(d, r)])})")
                                for dd, r, seq, e, rec in revs if dd == d)
            differences.append(f"T1k {d}#{s} valid_at {w} known_at {k:%Y-%m-%d %H:%M}: inforce "
                               f"{g or 'nothing in force'}, floor {py_asof(d, s, w, k) or 'nothing in force'} "
                               f"— {d}: {history}")
    newest = [rev_of(project.asof(f"{d}#{s}", w).resolved) for d, s, w, _ in known_probes]
    agree["T1k"] = (f"`Project.asof` = floor {sum(g == py_asof(*p) for g, p in zip(got, known_probes, strict=True))}"
                    f"/{len(known_probes)} (the answer differs from the one without known_at in "
                    f"{sum(g != n for g, n in zip(got, newest, strict=True))})"
                    + (f"; PostgreSQL = floor {sum(pg.asof(*p) == py_asof(*p) for p in known_probes)}"
                       f"/{len(known_probes)}" if pg else ""))
    it = iter(known_probes * 3)
    rows["T1k"] = {"pg": timeit(lambda: pg.asof(*next(it)), 1000) if pg else None}
    it = iter(known_probes * 3)
    rows["T1k"]["py"] = timeit(lambda: py_asof(*next(it)), 1000)
    utc_probes = [(d, s, w, utc(k)) for d, s, w, k in known_probes]
    it = iter(utc_probes * 3)
    rows["T1k"]["front"] = timeit(lambda: (lambda d, s, w, k: project.asof(f"{d}#{s}", w, k))(*next(it)), 1000)
    it = iter(utc_probes * 3)
    rows["T1k"]["index"] = timeit(lambda: index.version(*next(it)), 1000)

    # ---- T2: dedup of 1,000 candidates
    batch = probes[:1000]
    when = BASE + dt.timedelta(days=600)
    docs, secs = [b[0] for b in batch], [b[1] for b in batch]
    candidates = [Locator(doc=d, path=s) for d, s in zip(docs, secs, strict=True)]
    result = project.dedup_to_current(candidates, when)
    got_t2 = {str(k): rev_of(pin) for k, pin in zip(result.kept, result.in_force, strict=True)}
    expected = {f"{d}#{s}": py_asof(d, s, when) for d, s in zip(docs, secs, strict=True)}
    agree["T2"] = (f"`Project.dedup_to_current` = floor {sum(got_t2.get(k) == v for k, v in expected.items())}"
                   f"/{len(expected)} distinct sections")
    if pg:
        pg_t2 = {f"{d}#{s}": r for d, s, r in pg.batch(docs, secs, when)}
        agree["T2"] += (f"; PostgreSQL = `Project.dedup_to_current` "
                        f"{sum(got_t2.get(k) == v for k, v in pg_t2.items())}/{len(pg_t2)} distinct sections")
    rows["T2"] = {"pg": timeit(lambda: pg.batch(docs, secs, when), 100) if pg else None}
    rows["T2"]["py"] = timeit(lambda: [py_asof(d, s, when) for d, s in zip(docs, secs, strict=True)], 100)
    rows["T2"]["front"] = timeit(lambda: project.dedup_to_current(candidates, when), 100)
    rows["T2"]["index"] = timeit(lambda: index.dedup_to_current(candidates, when), 100)

    # ---- S: a section fully superseded by an addendum, through Project.asof
    n_sup = len([doc for doc in extra if not doc["supersedes"]])
    sup_probes = [(f"S{k}", "2", BASE + dt.timedelta(days=rnd.randrange(1200)))
                  for k in (rnd.randrange(n_sup) for _ in range(1000))]
    answers = [project.asof(f"{d}#{s}", w) for d, s, w in sup_probes]
    floor_s = [py_chain(f"{d}#{s}", w) for d, s, w in sup_probes]
    superseded = sum(bool(a.successors) for a in answers)
    agree["S"] = (f"`Project.asof` successors = floor "
                  f"{sum({str(x) for x in a.successors} == f for a, f in zip(answers, floor_s, strict=True))}"
                  f"/{len(sup_probes)} ({superseded} superseded on the date, "
                  f"{sum(len(f) == 1 and next(iter(f)).startswith('B') for f in floor_s)} of them through two addenda)"
                  + (f"; PostgreSQL = floor "
                     f"{sum(pg.chain(f'{d}#{s}', w) == f for (d, s, w), f in zip(sup_probes, floor_s, strict=True))}"
                     f"/{len(sup_probes)}" if pg else ""))
    it = iter(sup_probes * 3)
    rows["S"] = {"pg": timeit(lambda: (lambda d, s, w: pg.chain(f"{d}#{s}", w))(*next(it)), 1000) if pg else None}
    it = iter(sup_probes * 3)
    rows["S"]["py"] = timeit(lambda: (lambda d, s, w: py_chain(f"{d}#{s}", w))(*next(it)), 1000)
    it = iter(sup_probes * 3)
    rows["S"]["front"] = timeit(lambda: (lambda d, s, w: project.asof(f"{d}#{s}", w))(*next(it)), 1000)
    it = iter(sup_probes * 3)
    rows["S"]["index"] = timeit(lambda: index.successors(*next(it)), 1000)

    # where the front's time goes
    asof_profile = cProfile.Profile()
    asof_profile.enable()
    for d, s, w in probes[:300]:
        project.asof(f"{d}#{s}", w)
    asof_profile.disable()
    superseded_profile = cProfile.Profile()
    superseded_profile.enable()
    for d, s, w in sup_probes[:100]:
        project.asof(f"{d}#{s}", w)
    superseded_profile.disable()
    dedup_profile = cProfile.Profile()
    dedup_profile.enable()
    for _ in range(30):
        project.dedup_to_current(candidates, when)
    dedup_profile.disable()
    project.close()

    # ---- T3 (the real RFC graph; an index built from records, not a project)
    t0 = time.perf_counter()
    rfc = AsOfIndex(rfc_revisions, rfc_edges)
    rfc.materialize()
    rfc_build_s = time.perf_counter() - t0
    targets = [d for d in obs_by if d.startswith("RFC")][:2000]
    probes3 = [(d, dt.date(2024, 1, 1)) for d in targets]
    agree["T3"] = (f"index = floor {sum(set(rfc.successors(d, None, w)) == py_chain(d, w) for d, w in probes3)}"
                   f"/{len(probes3)}"
                   + (f"; PostgreSQL = floor {sum(pg.chain(d, w) == py_chain(d, w) for d, w in probes3[:300])}/300"
                      if pg else ""))
    it = iter(probes3 * 3)
    rows["T3"] = {"pg": timeit(lambda: pg.chain(*next(it)), 1000) if pg else None}
    it = iter(probes3 * 3)
    rows["T3"]["py"] = timeit(lambda: py_chain(*next(it)), 1000)
    rows["T3"]["front"] = None
    it = iter(probes3 * 3)
    rows["T3"]["index"] = timeit(lambda: (lambda d, w: rfc.successors(d, None, w))(*next(it)), 1000)
    if pg:
        pg_load = pg.load_s
        pg.close()

    # ---- report
    ms = lambda t: f"{t * 1e3:.4f}"  # noqa: E731
    pair = lambda t: f"{ms(t[0])} / {ms(t[1])}" if t else "not run"  # noqa: E731
    times = lambda r: f"{r:.3f}×" if r < 0.1 else f"{r:.1f}×"  # noqa: E731
    names = {
        "T1": "T1 one section as of a date",
        "T1k": "T1k the same, known_at before its latest revision was recorded",
        "T2": "T2 dedup 1,000 candidates",
        "S": "S section superseded by an addendum: its successors",
        "T3": "T3 transitive successors (RFC graph)",
    }
    targets_ms = {"T1": 0.05, "T2": 3.0, "T3": 0.2}
    out = [
        f"{args.docs:,} documents, {len(revs):,} revisions, {len(changes):,} section versions, "
        f"{args.docs * len(SECTIONS):,} sections; plus {n_sup:,} documents with a section superseded by "
        f"{len(sup_edges):,} addenda edges. Project `{folder}`: "
        + (f"written in {write_s:.1f} s, ingested (`inforce ingest`) in {ingest_s:.1f} s"
           if written else f"files cached from an earlier run, `inforce ingest` re-run: {ingest_s:.1f} s")
        + f" ({ingest_summary(summary)}).",
        "",
        "- PostgreSQL: " + (f"run (COPY + indexes {pg_load:.2f} s)" if pg else f"**not run** — {pg_note}"),
        "",
        "| task | PostgreSQL p50 / p95 ms | in-memory floor p50 / p95 ms | inforce `Project` p50 / p95 ms | "
        "inforce index alone p50 / p95 ms | PostgreSQL ÷ `Project` (p50) | `Project` ÷ floor (p50) |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, row in rows.items():
        front, pg_t, py_t = row["front"], row["pg"], row["py"]
        out.append(
            f"| {names[key]} | {pair(pg_t)} | {pair(py_t)} | {pair(front) if front else '— (no project)'} | "
            f"{pair(row['index'])} | {times(pg_t[0] / front[0]) if pg_t and front else '—'} | "
            f"{times(front[0] / py_t[0]) if front else '—'} |"
        )
    out += [
        "",
        "`Project` columns: T1, T1k and S are `Project.asof(locator, valid_at[, known_at])`, the full typed "
        "answer (state, chain, successors, the in-force text read from the graph, access checks); T2 is "
        "`Project.dedup_to_current`. Index alone: `AsOfIndex.version` (T1, T1k), `.dedup_to_current` (T2), "
        "`.successors` (S, T3).",
        "",
        "- agreement: " + "; ".join(f"{key}: {text}" for key, text in agree.items()),
        f"- `AsOfIndex.answer(..., with_text=False)` (the typed answer without the text read) for T1's probes: "
        f"p50 {ms(no_text[0])} ms, p95 {ms(no_text[1])} ms",
        f"- RFC index from records ({len(rfc_revisions)} documents, {len(rfc_edges)} edges): {rfc_build_s:.2f} s",
        f"- opening the project ({opened['sections']:,} section paths): `Project.open(...).index` "
        f"{opened['open_s']:.2f} s (best of 3: " + " / ".join(f"{x:.2f}" for x in opened["opens"]) + " s); the "
        "store's reads alone (best of 3): " + ", ".join(f"`{k}()` {v:.2f} s" for k, v in opened["reads"].items())
        + f"; indexing every document (`materialize()`) {opened['materialize_s']:.2f} s",
    ]
    verdicts = []
    for key, target in targets_ms.items():
        row = rows[key]
        for label, got_t in (("`Project`", row["front"]), ("index alone", row["index"])):
            if got_t is None:
                continue
            verdicts.append(f"{key} {label} {ms(got_t[0])} ms ≤ {target} ms: "
                            + ("met" if got_t[0] * 1e3 <= target else "**NOT met**"))
    for key, row in rows.items():
        best = row["front"] or row["index"]
        if row["pg"] and best:
            verdicts.append(f"{key} ≥ 3× faster than PostgreSQL ({'`Project`' if row['front'] else 'index'}): "
                            + ("met" if row["pg"][0] >= 3 * best[0] else "**NOT met**"))
    verdicts.append(f"open ≤ 1 s: {'met' if opened['open_s'] <= 1.0 else '**NOT met**'} ({opened['open_s']:.2f} s)")
    out += ["", "Targets:", "", *[f"- {v}" for v in verdicts]]
    if differences:
        out += ["", "Where inforce and the floor differ (first 3):", "", *[f"- {x}" for x in differences]]
    out += [
        "", "Where `Project.asof` spends its time (cProfile, T1's first 300 probes; the profiler inflates small "
        "calls, read the shares):", "", *profile_table(asof_profile, 8, cumulative=True), "",
        *profile_table(asof_profile, 6),
        "", "Where `Project.asof` spends its time on S's first 100 probes (superseded sections):", "",
        *profile_table(superseded_profile, 8, cumulative=True),
        "", "Where `Project.dedup_to_current` spends its time (cProfile, 30 calls of T2's batch):", "",
        *profile_table(dedup_profile, 8),
    ]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
