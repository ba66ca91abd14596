"""Load-path benchmark of the graph store: a full ingest, then a 1% delta into the big graph.

    .venv/bin/python bench/store_bench.py [--docs 1000] [--provisions 50] [--keep DIR]

Documents are generated in memory (no parsing); the timed part is ``tx.add`` plus
``commit`` (stage, bulk-load, full-text index, checkpoint, swap). Each phase runs in its own
process so its peak RSS (``ru_maxrss``) is its own.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from inforce.engine.store import GraphStore
from inforce.ontology import (
    CharSpan,
    Document,
    EffectiveInterval,
    Manifest,
    Section,
    SourceRef,
    TableRow,
)

MANIFEST = Manifest(project="store-bench")
_VOCAB_SEED = 7


def _vocabulary() -> list[str]:
    rng = random.Random(_VOCAB_SEED)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(3, 10))) for _ in range(20000)]


def synthetic_document(number: int, provisions: int, vocab: list[str], revision: str = "0") -> Document:
    """One revision with ``provisions`` provisions: numbered sections and a table's rows."""
    rng = random.Random(number * 1000 + hash(revision) % 1000)
    doc = f"DOC-{number:06d}"
    layer: list[str] = []
    offset = 0
    items = []
    rows = provisions // 5
    for n in range(1, provisions - rows + 1):
        text = f"{n} " + " ".join(rng.choice(vocab) for _ in range(rng.randint(15, 60)))
        items.append(Section(path=str(n), number=str(n), span=CharSpan(start=offset, end=offset + len(text)), text=text))
        layer.append(text + "\n")
        offset += len(text) + 1
    for r in range(1, rows + 1):
        cells = (rng.choice(vocab), str(rng.randint(1, 5000)), "mg")
        text = "name | value | unit\n" + " | ".join(cells)
        items.append(TableRow(path=f"table-1.row-{r}", table=1, row=r, header=("name", "value", "unit"), cells=cells,
                              span=CharSpan(start=offset, end=offset + len(text)), header_span=CharSpan(start=0, end=1), text=text))
        layer.append(text + "\n")
        offset += len(text) + 1
    start = dt.date(2026, 1, 1) + dt.timedelta(days=number % 300)
    return Document(
        id=doc, kind="specification", title=f"Document {number}", revision=revision,
        effective=EffectiveInterval(from_=start), recorded=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        source=SourceRef(file=f"documents/{doc}.md"), content_hash=f"{number}-{revision}",
        text_layer="".join(layer), provisions=tuple(items),
    )


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_full(root: Path, docs: int, provisions: int) -> dict[str, float]:
    vocab = _vocabulary()
    add_seconds = 0.0
    loaded = 0
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "bench") as tx:
        for number in range(docs):
            document = synthetic_document(number, provisions, vocab)
            started = time.perf_counter()
            tx.add(document)
            add_seconds += time.perf_counter() - started
            loaded += len(document.provisions)
        report = tx.commit()
        stats = store.stats()
    total = add_seconds + report.seconds
    return {"provisions": loaded, "add_s": add_seconds, "commit_s": report.seconds, "total_s": total,
            "provisions_per_s": loaded / total, "db_mb": stats.db_bytes / 1e6, "peak_rss_mb": _peak_rss_mb()}


def run_delta(root: Path, docs: int, provisions: int, share: float, changed: int | None) -> dict[str, float]:
    vocab = _vocabulary()
    changed = changed or max(1, int(docs * share))
    chosen = random.Random(11).sample(range(docs), changed)
    with GraphStore.open(root, read_only=False) as store:
        started = time.perf_counter()
        with store.begin_ingest(MANIFEST, "bench") as tx:
            loaded = 0
            for number in chosen:
                tx.remove(f"DOC-{number:06d}@0")
                document = synthetic_document(number, provisions, vocab, revision="0")
                document = document.model_copy(update={"content_hash": f"{number}-changed"})
                tx.add(document)
                loaded += len(document.provisions)
            report = tx.commit()
        total = time.perf_counter() - started
    return {"documents_changed": changed, "provisions": loaded, "commit_s": report.seconds, "total_s": total,
            "peak_rss_mb": _peak_rss_mb()}


def _phase(args: list[str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--provisions", type=int, default=50)
    parser.add_argument("--share", type=float, default=0.01, help="share of documents the delta changes")
    parser.add_argument("--changed", type=int, help="documents the delta changes (overrides --share)")
    parser.add_argument("--keep", type=Path, help="build the project here and keep it")
    parser.add_argument("--phase", choices=["full", "delta"], help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase == "full":
        print(json.dumps(run_full(args.root, args.docs, args.provisions)))
        return
    if args.phase == "delta":
        print(json.dumps(run_delta(args.root, args.docs, args.provisions, args.share, args.changed)))
        return
    root = args.keep or Path(tempfile.mkdtemp(prefix="store-bench-"))
    shutil.rmtree(root / ".inforce", ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    common = ["--docs", str(args.docs), "--provisions", str(args.provisions), "--root", str(root)]
    full = _phase([*common, "--phase", "full"])
    print(f"- full ingest: {full['provisions']:,} provisions in {full['total_s']:.2f} s "
          f"(add {full['add_s']:.2f} s, commit {full['commit_s']:.2f} s) = {full['provisions_per_s']:,.0f} provisions/s; "
          f"db {full['db_mb']:.0f} MB; peak RSS {full['peak_rss_mb']:.0f} MB")
    sizing = ["--changed", str(args.changed)] if args.changed else ["--share", str(args.share)]
    delta = _phase([*common, *sizing, "--phase", "delta"])
    print(f"- delta ingest: {delta['documents_changed']} documents ({delta['provisions']:,} provisions) replaced in "
          f"{delta['total_s']:.2f} s (commit {delta['commit_s']:.2f} s); peak RSS {delta['peak_rss_mb']:.0f} MB")
    if args.keep is None:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
