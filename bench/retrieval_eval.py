#!/usr/bin/env python3
"""Retrieval evaluation over the example projects: nDCG@10, recall@10 and MRR by mode.

    python bench/retrieval_eval.py [--questions bench/retrieval/questions.yaml] [--work DIR]
    python bench/write_results.py --name retrieval --title "..." -- .venv/bin/python bench/retrieval_eval.py

The judged set is ``bench/retrieval/questions.yaml``: questions asked of the four example
projects, each with graded judgments (0-3) on character spans of the revisions' text layers.
Each project is copied into a work folder, ingested with the CLI, and embedded with the
packaged MiniLM model; its offsets are verified against the text layers before anything is
scored (a judged text that moved is an error, not a silent zero). Then every question is put
to ``Project.resolve`` (k=10) in four modes:

- ``full_text``: ``sources=("full_text",), eligibility=False``
- ``vector``:    ``sources=("vector",), eligibility=False``
- ``hybrid``:    ``sources=("full_text", "vector"), eligibility=False`` (RRF fusion)
- ``hybrid+eligibility``: the defaults, ``sources=("full_text", "vector"), eligibility=True``

(Without eligibility, resolve still ranks only the revisions in force on the date that the
asker may read, and collapses each candidate to its in-force version; eligibility adds the
rule packs' facets and applicability date.)

Metrics, per question, then averaged (every question counts; a refusal scores 0):

- a returned provision's grade is the highest grade of the judged spans of the same revision
  (doc and rev) that its span overlaps; unjudged text is 0.
- nDCG@10: DCG = sum over ranks r = 1..10 of (2^grade - 1) / log2(r + 1); the ideal DCG sorts
  the grades of *every* judged span of the question (not only those retrieved) and takes the
  top 10. A judged span credits one provision only: a provision's gain uses the best judged
  span it overlaps that no higher-ranked provision has already been credited with, so a
  section and its own paragraph returned together do not count the same text twice (and
  nDCG stays at most 1).
- recall@10: the fraction of the question's judged spans of grade >= 2 that some top-10
  provision overlaps.
- MRR: 1 / the rank of the first provision of grade >= 2 (0 when none is in the top 10).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "retrieval"))

K = 10
RELEVANT = 2  # the grade from which a span counts for recall and MRR
MODES: dict[str, dict] = {
    "full_text": {"sources": ("full_text",), "eligibility": False},
    "vector": {"sources": ("vector",), "eligibility": False},
    "hybrid": {"sources": ("full_text", "vector"), "eligibility": False},
    "hybrid+eligibility": {"sources": ("full_text", "vector"), "eligibility": True},
}


# ---- metrics (pure; tests/bench/test_retrieval_metrics.py) ------------------------------------------


@dataclass(frozen=True)
class Span:
    """A stretch of one revision's text layer: characters [start, end)."""

    doc: str
    rev: str
    start: int
    end: int

    def overlaps(self, other: Span) -> bool:
        return (self.doc, self.rev) == (other.doc, other.rev) and self.start < other.end and other.start < self.end


@dataclass(frozen=True)
class Judged:
    span: Span
    grade: int


def grade_of(retrieved: Span, judged: Iterable[Judged]) -> int:
    """The highest grade of the judged spans ``retrieved`` overlaps; 0 when it overlaps none."""
    return max((j.grade for j in judged if retrieved.overlaps(j.span)), default=0)


def credited_gains(ranked: Sequence[Span], judged: Sequence[Judged], k: int = K) -> list[int]:
    """The grade each of the top ``k`` provisions is credited with in DCG: the best judged span
    it overlaps that no higher-ranked provision was credited with (each judged span credits
    one provision at most)."""
    used: set[int] = set()
    out = []
    for span in ranked[:k]:
        best = max((i for i, j in enumerate(judged) if i not in used and span.overlaps(j.span)),
                   key=lambda i: judged[i].grade, default=None)
        if best is None:
            out.append(0)
            continue
        used.add(best)
        out.append(judged[best].grade)
    return out


def dcg(grades: Sequence[int]) -> float:
    """Sum over ranks r (from 1) of (2^grade - 1) / log2(r + 1)."""
    return sum((2 ** g - 1) / math.log2(rank + 1) for rank, g in enumerate(grades, 1))


def ideal_dcg(judged: Sequence[Judged], k: int = K) -> float:
    """DCG of the best possible ranking: every judged span's grade, highest first, top ``k``."""
    return dcg(sorted((j.grade for j in judged), reverse=True)[:k])


def ndcg(ranked: Sequence[Span], judged: Sequence[Judged], k: int = K) -> float:
    ideal = ideal_dcg(judged, k)
    return dcg(credited_gains(ranked, judged, k)) / ideal if ideal > 0 else 0.0


def recall(ranked: Sequence[Span], judged: Sequence[Judged], k: int = K, relevant: int = RELEVANT) -> float:
    """The fraction of judged spans of grade >= ``relevant`` that a top-``k`` provision overlaps."""
    wanted = [j for j in judged if j.grade >= relevant]
    if not wanted:
        return 0.0
    top = ranked[:k]
    return sum(any(span.overlaps(j.span) for span in top) for j in wanted) / len(wanted)


def reciprocal_rank(ranked: Sequence[Span], judged: Sequence[Judged], k: int = K, relevant: int = RELEVANT) -> float:
    """1 / the rank of the first provision of grade >= ``relevant`` in the top ``k``; else 0."""
    for rank, span in enumerate(ranked[:k], 1):
        if grade_of(span, judged) >= relevant:
            return 1.0 / rank
    return 0.0


# ---- the run -------------------------------------------------------------------------------------


def judged_of(question: dict) -> list[Judged]:
    return [Judged(Span(j["doc"], j["rev"], j["start"], j["end"]), j["grade"]) for j in question["judgments"]]


def context_of(question: dict):
    from inforce.ontology import Context

    c = question["context"]
    return Context(valid_at=c["valid_at"], known_at=c.get("known_at"), groups=tuple(c.get("groups", ())),
                   attributes=dict(c.get("attributes", {})))


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def main(argv: list[str] | None = None) -> int:
    import locate
    from benchutil import example_copy, ingest_summary

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=Path, default=locate.QUESTIONS)
    parser.add_argument("--work", type=Path, help="where to copy, ingest and embed the examples (default: temporary)")
    parser.add_argument("--per-question", action="store_true", help="also print each question's nDCG@10 by mode")
    args = parser.parse_args(argv)

    from inforce.adapters.models.minilm import MiniLMEmbedder
    from inforce.engine import ModelBackends, Project
    from inforce.engine.embedding import embed_project

    questions = locate.load(args.questions)
    projects = sorted({q["project"] for q in questions}, key=list(locate.PROJECTS).index)
    embedder = MiniLMEmbedder()
    grades = [j["grade"] for q in questions for j in q["judgments"]]
    print(f"{len(questions)} questions over {len(projects)} example projects, {len(grades)} judged spans "
          f"(grade 3: {grades.count(3)}, 2: {grades.count(2)}, 1: {grades.count(1)}, 0: {grades.count(0)}); "
          f"`Project.resolve(question, context, k={K})`, embeddings {embedder.name}.")
    print()

    scores: dict[str, dict[str, list[tuple[str, float, float, float]]]] = {m: {} for m in MODES}
    outcomes: dict[str, dict[str, int]] = {m: {} for m in MODES}
    seconds: dict[str, list[float]] = {m: [] for m in MODES}
    setup = []
    with tempfile.TemporaryDirectory(prefix="inforce-retrieval-") as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        for name in projects:
            started = time.perf_counter()
            folder, summary = example_copy(name, work)
            report = embed_project(folder, embedder)
            setup.append(f"{name}: {ingest_summary(summary)}; {report.embedded:,} passages embedded; "
                         f"{time.perf_counter() - started:.1f} s")
            asked = [q for q in questions if q["project"] == name]
            problems = locate.check(asked, {name: locate.read_layers(folder)}, fill=False)
            if problems:
                for problem in problems:
                    print(f"error: {problem}", file=sys.stderr)
                raise SystemExit(f"{len(problems)} judged span(s) no longer match the text layers of {name}: "
                                 "run bench/retrieval/locate.py")
            with Project.open(folder, backends=ModelBackends(embedder=embedder)) as project:
                for q in asked:
                    judged, context = judged_of(q), context_of(q)
                    for mode, options in MODES.items():
                        t0 = time.perf_counter()
                        result = project.resolve(q["question"], context, k=K, **options)
                        seconds[mode].append(time.perf_counter() - t0)
                        if mode != "full_text" and "vector" in result.retrieval.skipped:
                            raise SystemExit(f"{q['id']} {mode}: vector search skipped: "
                                             f"{result.retrieval.skipped['vector']}")
                        ranked = [Span(p.locator.doc, p.locator.rev or "", p.span[0], p.span[1])
                                  for p in result.provisions]
                        outcomes[mode][result.outcome] = outcomes[mode].get(result.outcome, 0) + 1
                        scores[mode].setdefault(name, []).append((
                            q["id"], ndcg(ranked, judged), recall(ranked, judged), reciprocal_rank(ranked, judged)))

    def mean(values: Iterable[float]) -> str:
        values = list(values)
        return f"{statistics.fmean(values):.3f}" if values else "-"

    print(f"All {len(questions)} questions (means; a question answered with a refusal scores 0):")
    print()
    rows = []
    for mode in MODES:
        every = [s for per in scores[mode].values() for s in per]
        answered = ", ".join(f"{n} {o}" for o, n in sorted(outcomes[mode].items()))
        rows.append([f"`{mode}`", mean(s[1] for s in every), mean(s[2] for s in every), mean(s[3] for s in every),
                     answered, f"{1000 * statistics.fmean(seconds[mode]):.0f}"])
    for line in _table(["mode", "nDCG@10", "recall@10", "MRR", "outcomes", "ms per question"], rows):
        print(line)
    print()
    print("By project (nDCG@10 / recall@10 / MRR):")
    print()
    rows = []
    for name in projects:
        count = len(scores["hybrid"][name])
        rows.append([name, str(count)] + [
            f"{mean(s[1] for s in scores[m][name])} / {mean(s[2] for s in scores[m][name])} / "
            f"{mean(s[3] for s in scores[m][name])}" for m in MODES])
    for line in _table(["project", "questions", *(f"`{m}`" for m in MODES)], rows):
        print(line)
    print()
    if args.per_question:
        print("nDCG@10 by question:")
        print()
        ids = [q["id"] for q in questions]
        by_mode = {m: {s[0]: s[1] for per in scores[m].values() for s in per} for m in MODES}
        for line in _table(["question", *(f"`{m}`" for m in MODES)],
                           ([i, *(f"{by_mode[m][i]:.3f}" for m in MODES)] for i in ids)):
            print(line)
        print()
    print("Modes: " + "; ".join(f"`{m}` = sources={o['sources']}, eligibility={o['eligibility']}"
                                for m, o in MODES.items()) + ".")
    print("Setup: " + "; ".join(setup) + ".")
    return 0


if __name__ == "__main__":
    sys.exit(main())
