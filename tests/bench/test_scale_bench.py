"""``bench/scale_bench.py`` (issue 26): the whole script at 2,000 provisions, through
``write_results.py``'s convention into a scratch RESULTS file — every step's row with its
figures, the targets' verdicts and the checked answers — and its verdict lines on figures of
its own kind."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bench_scripts import BENCH, load

bench = load("scale_bench")
write_results = load("write_results")

STEPS = ["fresh ingest", "cold open: `asof` (median of 1)", "cold open: `stats` (median of 1)",
         "delta: +10 documents", "sweep, whole project", "cold `facts` (median of 1)",
         "cold `eligible` (median of 1)"]


def _run(wall: float, mib: float) -> object:
    return bench.Run(wall, wall, mib, 0, "", "")


def test_the_verdicts_read_each_figure_against_its_target() -> None:
    small, large = bench.Size(100_000, 1_106, Path("a"), 100_123), bench.Size(1_000_000, 11_062, Path("b"), 1_000_456)
    small.steps = {"ingest": _run(20, 900), "asof": _run(0.8, 150), "stats": _run(1.0, 150), "delta": _run(3, 400),
                   "sweep": _run(30, 800), "facts": _run(0.9, 200), "eligible": _run(1.4, 200)}
    large.steps = {"ingest": _run(200, 3000), "asof": _run(2.5, 150), "stats": _run(1.0, 150), "delta": _run(4, 900),
                   "sweep": _run(100, 800), "facts": _run(1.2, 200), "eligible": _run(1.6, 200)}
    text = "\n".join(bench.report([small, large], 3))
    assert "- at 100,123 provisions: fresh ingest ≤ 180 s: met (20.0 s); peak ≤ 4 GiB: met (900 MiB)" in text
    assert "- at 1,000,456 provisions: fresh ingest ≤ 180 s: **NOT met** (200.0 s); peak ≤ 4 GiB: met" in text
    assert "- at 1,000,456 provisions: open ≤ 2 s: **NOT met** (`asof` 2.50 s, `stats` 1.00 s)" in text
    assert "- at 1,000,456 provisions: cold `facts` ≤ 1.0 s: **NOT met** (1.20 s)" in text
    assert "- at 1,000,456 provisions: cold `eligible` ≤ 1.5 × `stats`: **NOT met** (1.60 ×)" in text
    assert "- at 100,123 provisions: cold `eligible` ≤ 1.5 × `stats`: met (1.40 ×)" in text
    assert "independent of the graph's size (at most 1.25 × from 100,123 to 1,000,456 provisions): **NOT met** " \
           "(2.25 ×: 400 → 900 MiB)" in text


def test_a_stopped_delta_leaves_no_document_for_the_next_run(tmp_path: Path) -> None:
    for name in ("000/spec-000021-r0.md", "000/spec-000022-r0.md", "000/spec-000029-r1.md", "000/add-000029.md",
                 "000/add-000019.md"):
        (tmp_path / "documents" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "documents" / name).write_text("x")
    assert sorted(p.name for p in bench.delta_files(tmp_path, 22)) == [
        "add-000029.md", "spec-000022-r0.md", "spec-000029-r1.md"]


@pytest.mark.slow
def test_the_bench_writes_its_block_with_every_step_at_a_small_size(tmp_path: Path, monkeypatch) -> None:
    scratch = tmp_path / "bench"  # write_results' own layout, under a scratch folder
    scratch.mkdir()
    monkeypatch.setattr(write_results, "HERE", scratch)
    monkeypatch.setattr(write_results, "FRAGMENTS", scratch / "results")
    monkeypatch.setattr(write_results, "RESULTS", scratch / "RESULTS.md")
    work = tmp_path / "work"
    command = [sys.executable, str(BENCH / "scale_bench.py"), "--sizes", "2000", "--work", str(work), "--runs", "1"]
    assert write_results.run("scale-million", "One project of a million provisions", command) == 0
    text = (scratch / "RESULTS.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- BEGIN scale-million .*?-->\n(.*?)<!-- END scale-million -->", text, re.S)
    assert block, text
    body = block.group(1)
    for step in STEPS:
        row = re.search(rf"^\| 2,000 \| 22 \| ([0-9,]+) \| {re.escape(step)} \| ([0-9.]+) \| ([0-9.]+) \| ([0-9,]+) \|",
                        body, re.M)
        assert row, (step, body)
        assert 1_500 <= int(row.group(1).replace(",", "")) <= 2_500 and float(row.group(2)) > 0, row.group(0)
        assert int(row.group(4).replace(",", "")) > 50, row.group(0)  # an inforce process holds more than 50 MiB
    assert re.search(r"\| delta: \+10 documents \|.*\| 1[0-9] revisions added \(1[0-9] files\), [0-9,]+ provisions "
                     r"loaded \|", body), body
    assert re.search(r"\| sweep, whole project \|.*\| [0-9,]+ provisions in force, [0-9]+ findings \|", body), body
    for target in ("fresh ingest ≤ 180 s", "open ≤ 2 s", "delta ≤ 5 s", "sweep ≤ 120 s", "cold `facts` ≤ 1.0 s",
                   "cold `eligible` ≤ 1.5 × `stats`"):
        assert re.search(rf"^- at [0-9,]+ provisions: {re.escape(target)}: (met|\*\*NOT met\*\*) \(", body, re.M), target
    assert "Every answer checked" in body and "failed their check" not in body
    # the peers beside the ingest and the delta: the floor always, PostgreSQL where it runs (else said why)
    peers = ["peer: in-memory floor load (dicts, pickled)", "peer: in-memory floor delta (unpickle, add, pickle)"]
    if "The PostgreSQL peer could not run here" not in body:
        peers += ["peer: PostgreSQL load (COPY, B-tree and GIN indexes)",
                  "peer: PostgreSQL delta (new files inserted, one transaction)"]
    for step in peers:
        row = re.search(rf"^\| 2,000 \| 22 \| [0-9,]+ \| {re.escape(step)} \| ([0-9.]+) \| [0-9.]+ \| [0-9,]+ \| "
                        r"([0-9,]+) files read; ([0-9,]+) documents, ([0-9,]+) provisions held \|", body, re.M)
        assert row and float(row.group(1)) > 0 and int(row.group(3)) >= 22, (step, body)
    assert "load average (1/5/15 min)" in body
    # the delta's documents are gone again: a second run starts from the generated files alone
    assert not bench.delta_files(work / "scale-22", 22)
