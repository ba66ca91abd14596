#!/usr/bin/env python3
"""The real-world check of the quantity extractor on FinanceBench, with quantulum3 beside it.

    python bench/financebench_quantities.py [--data ../shared/data/financebench] [--failures 12]

FinanceBench (``financebench_open_source.jsonl``: 150 questions on public company filings,
each with an answer and the evidence pages it rests on) is read in place; its licence is
unclear, so nothing of it is copied into the repository and failures are shown by record id
and the answer's words only. For every record:

- the extractor reads the evidence pages and the answer (numeric mentions counted);
- the answer is checked as a claim against its evidence with ``check_claim_quantities`` —
  the check ``inforce check`` runs before any model — unit- and scale-aware: every quantity
  in the answer must be stated by a quantity in the evidence (``$1,577 million`` against a
  cash-flow line "1,577" under "(Millions)" only where the page's words give the scale);
- unmatched answer quantities are counted by the reason the check gives.

Then throughput over the evidence pages (long, number-dense text): inforce's extractor and
quantulum3's parser, each over the same pages in the same run, mentions per second and pages
per second (quantulum3 as ``bench/quantity_eval.py`` runs it). Markdown on standard output,
for ``bench/write_results.py --name financebench``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "financebench"


def _records(data: Path) -> list[dict]:
    path = data / "financebench_open_source.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--failures", type=int, default=12, help="unmatched answers listed (by record id)")
    args = parser.parse_args()
    if not (args.data / "financebench_open_source.jsonl").is_file():
        print(f"FinanceBench is not at {args.data}: nothing measured", file=sys.stderr)
        return 2

    from inforce.engine.quantities import check_claim_quantities
    from inforce.engine.quantities.extract import default_extractor

    records = _records(args.data)
    extractor = default_extractor(None)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average at start {load:.2f}")
    print(f"data: {args.data} ({len(records)} records)\n")

    evidence_mentions = answer_mentions = with_quantities = matched = 0
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    pages: list[str] = []
    for record in records:
        texts = [e.get("evidence_text") or "" for e in record.get("evidence") or []]
        pages += [t for t in texts if t]
        evidence_mentions += sum(len(extractor.extract(t).mentions) for t in texts)
        answer = record.get("answer") or ""
        claim = extractor.extract(answer)
        answer_mentions += len(claim.mentions)
        if not claim.mentions:
            continue
        with_quantities += 1
        checked = check_claim_quantities(answer, texts, extractor=extractor)
        if checked.status == "ok":
            matched += 1
            continue
        for unmatched in checked.unmatched:
            reasons[unmatched.reason] += 1
        if len(failures) < args.failures:
            why = "; ".join(f"{u.claim.text!r}: {u.reason}" for u in checked.unmatched)
            failures.append(f"| {record['financebench_id']} | {why} |")

    print("## Answers checked against their evidence (claim quantities)\n")
    print("| measure | count |")
    print("|---|---|")
    print(f"| records | {len(records)} |")
    print(f"| numeric mentions extracted from the evidence pages | {evidence_mentions:,} |")
    print(f"| numeric mentions extracted from the answers | {answer_mentions:,} |")
    print(f"| answers stating at least one quantity | {with_quantities} |")
    share = matched / with_quantities if with_quantities else 0.0
    print(f"| ... every quantity matched in the evidence (unit- and scale-aware) | {matched} ({share:.0%}) |")
    print(f"| ... at least one quantity unmatched | {with_quantities - matched} |")
    print("\nUnmatched answer quantities by the reason the check gives:\n")
    print("| reason | count |")
    print("|---|---|")
    for reason, count in reasons.most_common():
        print(f"| {reason} | {count} |")
    if failures:
        print("\nFirst unmatched answers (record id; the answer's quantity and the reason):\n")
        print("| record | unmatched |")
        print("|---|---|")
        print("\n".join(failures))

    print("\n## Throughput over the evidence pages, side by side\n")
    chars = sum(len(p) for p in pages)
    print(f"{len(pages)} pages, {chars:,} characters.\n")
    print("| system | mentions | seconds | mentions/s | pages/s |")
    print("|---|---|---|---|---|")
    fresh = type(extractor)(extractor.vocabulary, cache_size=0)  # no remembered windows: a cold read
    started = time.perf_counter()
    found = sum(len(fresh.extract(p).mentions) for p in pages)
    seconds = time.perf_counter() - started
    print(f"| inforce (engine.quantities, no cache) | {found:,} | {seconds:.2f} | {found / seconds:,.0f} | "
          f"{len(pages) / seconds:,.1f} |")
    try:
        from quantity_eval import SystemUnavailable, quantulum_system

        run, name = quantulum_system()
    except (ImportError, SystemUnavailable) as missing:
        print(f"| quantulum3 | not run: {missing} | | | |")
    else:
        started = time.perf_counter()
        found = sum(len(run(p)) for p in pages)
        seconds = time.perf_counter() - started
        print(f"| {name} | {found:,} | {seconds:.2f} | {found / seconds:,.0f} | {len(pages) / seconds:,.1f} |")
    print("\nMentions are each system's own count (they disagree on what a mention is: see the "
          "labelled comparison in `quantities` for precision and recall on the same text).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
