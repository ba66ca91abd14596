"""Embedding rate of the packaged all-MiniLM-L6-v2 on this machine's CPU (passages/second).

    .venv/bin/python bench/embed_bench.py [--passages 1000] [--batch-size 64] [--threads N]

Passages are short provision-like sentences (15-40 words). The model is loaded and warmed
up first; only ``embed`` calls are timed. With ``--store`` the same passages also go through
``embed_project`` on a synthetic ingested project (cache writes and the vector index included).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import tempfile
import time
from pathlib import Path

SUBJECTS = ["Concrete", "The contractor", "Batch records", "Each refurbished device", "The quality unit",
            "Formwork", "Reinforcing steel", "The seller", "A deviation", "The label"]
VERBS = ["shall be", "must be", "is to be", "will be", "may be"]
OBJECTS = ["retained for seven years after the expiry date", "tested at 28 days for compressive strength",
           "inspected before the pour by the engineer of record", "reported within one business day",
           "stored between 2 and 8 degrees Celsius", "refunded within 14 days of the return",
           "placed with a cover of not less than 50 mm", "approved in writing before use"]
TAILS = ["unless the owner agrees otherwise", "as shown on the drawings", "in accordance with Section 2.1",
         "and the results submitted to the architect", "for every lot shipped to the United Kingdom", ""]


def passages(count: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    out = []
    for n in range(count):
        parts = [rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(TAILS)]
        extra = " ".join(rng.choice(OBJECTS).split()[: rng.randint(0, 8)])
        out.append(f"{n}. " + " ".join(p for p in parts if p) + (f"; {extra}." if extra else "."))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passages", type=int, default=1000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--threads", type=int, help="torch intra-op threads (default: torch's choice)")
    parser.add_argument("--store", action="store_true", help="also time embed_project on a synthetic project")
    args = parser.parse_args()

    import torch

    from inforce.adapters.models.minilm import MiniLMEmbedder

    if args.threads:
        torch.set_num_threads(args.threads)
    started = time.perf_counter()
    embedder = MiniLMEmbedder(batch_size=args.batch_size)
    loaded = time.perf_counter() - started
    texts = passages(args.passages)
    embedder.embed(texts[: args.batch_size])  # warm-up
    started = time.perf_counter()
    for start in range(0, len(texts), args.batch_size):
        embedder.embed(texts[start : start + args.batch_size])
    seconds = time.perf_counter() - started
    words = sum(len(t.split()) for t in texts) / len(texts)
    print(f"- model load {loaded:.1f} s; torch threads {torch.get_num_threads()}; "
          f"{len(texts)} passages (mean {words:.0f} words), batch {args.batch_size}: "
          f"{seconds:.2f} s = {len(texts) / seconds:.0f} passages/s")
    if args.store:
        _store_rate(embedder, texts, args.batch_size)


def _store_rate(embedder, texts: list[str], batch_size: int) -> None:
    from inforce.engine.embedding import embed_project
    from inforce.engine.store import GraphStore
    from inforce.ontology import CharSpan, Document, EffectiveInterval, Manifest, Section, SourceRef

    root = Path(tempfile.mkdtemp(prefix="embed-bench-"))
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(Manifest(project="embed-bench"), "b") as tx:
        for first in range(0, len(texts), 50):
            chunk = texts[first : first + 50]
            tx.add(Document(
                id=f"DOC-{first}", kind="sop", effective=EffectiveInterval(from_=dt.date(2026, 1, 1)),
                recorded="2026-01-01", source=SourceRef(file=f"documents/{first}.md"),
                provisions=tuple(Section(path=str(n), span=CharSpan(start=0, end=len(t)), text=t)
                                 for n, t in enumerate(chunk, 1)),
            ))
        tx.commit()
    report = embed_project(root, embedder, batch_size=batch_size)
    print(f"- embed_project: {report.embedded} passages embedded in {report.embed_seconds:.2f} s "
          f"({report.passages_per_second:.0f}/s); whole run incl. cache and vector index {report.seconds:.2f} s")


if __name__ == "__main__":
    main()
