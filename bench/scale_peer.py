#!/usr/bin/env python3
"""The scale benchmark's peers (``scale_bench.py``): what a document-control team would otherwise run
to hold the same generated project, each a script in its own process, timed from outside beside
``inforce ingest``.

    python bench/scale_peer.py postgres load|delta PROJECT
    python bench/scale_peer.py floor load|delta PROJECT --state FILE

- ``postgres``: the project's Markdown files read (front matter by PyYAML's C loader, each non-blank
  body line a provision), loaded by ``COPY`` into PostgreSQL (``../shared/peers/start-postgres.sh``)
  — revisions, provisions, supersession edges and the files seen (path, size, modification time) —
  with a B-tree index on each provision's revision and a GIN full-text index on its text
  (``to_tsvector('english', …)``, what a user's search would use). ``delta``: the folder scanned
  again, the files the ``files`` table does not hold as they are read and inserted in one
  transaction, the indexes kept by PostgreSQL.
- ``floor``: the same reading into Python dicts and an inverted index (lower-cased words → provision
  numbers), pickled to ``--state``; ``delta`` unpickles it, reads the new files, adds them, pickles it
  again: the least a Python process holding the project could do.

Each prints one JSON object: documents, revisions, provisions and edges held, files read, and the
documents found by a full-text probe (``--probe``), which ``scale_bench.py`` checks against
``inforce``'s own counts. Nothing here decides what is in force: a peer holds the project; the
questions inforce answers on top of it (as of, eligibility, facts) have their own peers in
``asof_bench.py``, ``eligibility_bench.py`` and ``facts_bench.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import sys
from collections import defaultdict
from pathlib import Path

import yaml

SCHEMA = "inforce_scale_peer"
DSN = "host=127.0.0.1 port=55432 user=postgres dbname=postgres"
_WORD = re.compile(r"[a-z0-9]+")


def _loader() -> type:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_file(path: Path) -> tuple[dict, list[str]]:
    """A generated document's front matter and its provisions (each non-blank body line)."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        raise ValueError(f"{path}: no front matter")
    front, _, body = text[4:].partition("\n---\n")
    meta = yaml.load(front, Loader=_loader())  # noqa: S506 - the C safe loader
    return meta, [line.strip() for line in body.splitlines() if line.strip()]


def scan(root: Path) -> dict[str, tuple[int, int]]:
    """Every Markdown file under ``documents/``: its path (relative) → (size, modification time)."""
    found = {}
    for path in sorted((root / "documents").rglob("*.md")):
        status = path.stat()
        found[str(path.relative_to(root))] = (status.st_size, status.st_mtime_ns)
    return found


def rows_of(root: Path, names: list[str]) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """(revisions, provisions, edges) of the files ``names``."""
    revisions, provisions, edges = [], [], []
    for name in names:
        meta, lines = read_file(root / name)
        doc, rev = str(meta["id"]), str(meta.get("revision", "0"))
        effective = meta.get("effective") or {}
        revisions.append((doc, rev, int(meta.get("seq", 1)), str(effective.get("from")),
                          None if effective.get("until") is None else str(effective["until"]), name))
        provisions += [(doc, rev, n, line) for n, line in enumerate(lines)]
        edges += [(doc, rev, str(edge["target"]), str(edge.get("scope", "full")), str(edge.get("effective")))
                  for edge in meta.get("supersedes") or ()]
    return revisions, provisions, edges


# ---- PostgreSQL ------------------------------------------------------------------------------------


def postgres(action: str, root: Path, probe: str) -> dict:
    import psycopg

    with psycopg.connect(DSN, connect_timeout=10) as con, con.cursor() as cur:
        if action == "load":
            cur.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
            cur.execute(f"CREATE SCHEMA {SCHEMA}")
        cur.execute(f"SET search_path TO {SCHEMA}")
        seen = scan(root)
        if action == "load":
            cur.execute("""CREATE TABLE revision(doc text, rev text, seq int, effective_from date,
                               effective_until date, file text, PRIMARY KEY (doc, rev));
                           CREATE TABLE provision(doc text, rev text, n int, text text);
                           CREATE TABLE supersedes(doc text, rev text, target text, scope text, effective date);
                           CREATE TABLE files(path text PRIMARY KEY, size bigint, mtime_ns bigint)""")
            new = sorted(seen)
        else:
            held = {path: (size, mtime) for path, size, mtime in cur.execute("SELECT path, size, mtime_ns FROM files")}
            new = [name for name, stat in seen.items() if held.get(name) != stat]
        revisions, provisions, edges = rows_of(root, new)
        for table, rows in (("revision", revisions), ("provision", provisions), ("supersedes", edges),
                            ("files", [(name, *seen[name]) for name in new])):
            with cur.copy(f"COPY {table} FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        if action == "load":
            cur.execute("""CREATE INDEX ON provision(doc, rev);
                           CREATE INDEX ON provision USING gin (to_tsvector('english', text));
                           CREATE INDEX ON supersedes(target); ANALYZE""")
        con.commit()
        counts = cur.execute("""SELECT (SELECT count(DISTINCT doc) FROM revision), (SELECT count(*) FROM revision),
                                       (SELECT count(*) FROM provision), (SELECT count(*) FROM supersedes)""").fetchone()
        found = cur.execute("SELECT count(DISTINCT doc) FROM provision WHERE to_tsvector('english', text) @@ "
                            "plainto_tsquery('english', %s)", (probe,)).fetchone()[0]
    return {"peer": "postgres", "action": action, "files_read": len(new), "documents": counts[0],
            "revisions": counts[1], "provisions": counts[2], "edges": counts[3], "probe_documents": found}


# ---- the in-memory floor ---------------------------------------------------------------------------


def floor(action: str, root: Path, probe: str, state: Path) -> dict:
    seen = scan(root)
    if action == "load":
        held: dict = {"files": {}, "revisions": {}, "provisions": [], "edges": [], "words": defaultdict(list)}
        new = sorted(seen)
    else:
        with state.open("rb") as file:
            held = pickle.load(file)  # noqa: S301 - the file this script wrote
        new = [name for name, stat in seen.items() if held["files"].get(name) != stat]
    revisions, provisions, edges = rows_of(root, new)
    for doc, rev, *rest in revisions:
        held["revisions"][(doc, rev)] = rest
    words = held["words"]
    for row in provisions:
        number = len(held["provisions"])
        held["provisions"].append(row)
        for word in set(_WORD.findall(row[3].lower())):
            words[word].append(number)
    held["edges"] += edges
    held["files"].update({name: seen[name] for name in new})
    temporary = state.with_name(state.name + ".tmp")
    with temporary.open("wb") as file:
        pickle.dump(held, file, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, state)
    wanted = set(_WORD.findall(probe.lower()))
    hits = set.intersection(*(set(words.get(word, ())) for word in wanted)) if wanted else set()
    return {"peer": "floor", "action": action, "files_read": len(new),
            "documents": len({doc for doc, _ in held["revisions"]}), "revisions": len(held["revisions"]),
            "provisions": len(held["provisions"]), "edges": len(held["edges"]),
            "probe_documents": len({held["provisions"][n][0] for n in hits})}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("peer", choices=["postgres", "floor"])
    parser.add_argument("action", choices=["load", "delta"])
    parser.add_argument("project", type=Path)
    parser.add_argument("--probe", default="curing compound", help="words a full-text probe looks for")
    parser.add_argument("--state", type=Path, help="the floor's pickle")
    args = parser.parse_args()
    if args.peer == "postgres":
        said = postgres(args.action, args.project, args.probe)
    else:
        if args.state is None:
            parser.error("floor needs --state")
        said = floor(args.action, args.project, args.probe, args.state)
    print(json.dumps(said))
    return 0


if __name__ == "__main__":
    sys.exit(main())
