"""The retrieval evaluation's metrics (bench/retrieval_eval.py) and its judged set
(bench/retrieval/questions.yaml): hand-computed nDCG, recall and MRR, and every judged text
equal to the text layer at its offsets."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project

from bench_scripts import load

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


evaluation = load("retrieval_eval")
locate = load("retrieval/locate")
Span, Judged = evaluation.Span, evaluation.Judged


def span(start: int, end: int, doc: str = "SPEC", rev: str = "1") -> object:
    return Span(doc, rev, start, end)


#: A (3) [0, 10), B (2) [20, 30), C (0) [40, 50) of SPEC@1, and D (1) of another document.
JUDGED = [
    Judged(span(0, 10), 3),
    Judged(span(20, 30), 2),
    Judged(span(40, 50), 0),
    Judged(span(0, 10, doc="LETTER", rev="0"), 1),
]
#: The ideal DCG of JUDGED: grades 3, 2, 1, 0 at ranks 1..4.
IDEAL = 7 / math.log2(2) + 3 / math.log2(3) + 1 / math.log2(4) + 0


# ---- grades of retrieved provisions ---------------------------------------------------------------


def test_a_provision_takes_the_highest_grade_of_the_judged_spans_it_overlaps():
    assert evaluation.grade_of(span(5, 25), JUDGED) == 3  # overlaps A (3) and B (2)
    assert evaluation.grade_of(span(25, 45), JUDGED) == 2  # overlaps B (2) and C (0)
    assert evaluation.grade_of(span(0, 100), JUDGED) == 3  # a whole section holding A, B and C
    assert evaluation.grade_of(span(22, 23), JUDGED) == 2  # a clause inside B


def test_unjudged_text_touching_spans_and_other_revisions_are_grade_0():
    assert evaluation.grade_of(span(10, 20), JUDGED) == 0  # between A and B: [10, 20) touches both, overlaps neither
    assert evaluation.grade_of(span(60, 70), JUDGED) == 0
    assert evaluation.grade_of(span(0, 10, rev="2"), JUDGED) == 0  # the same offsets in another revision
    assert evaluation.grade_of(span(0, 10, doc="OTHER"), JUDGED) == 0
    assert evaluation.grade_of(span(3, 4, doc="LETTER", rev="0"), JUDGED) == 1


# ---- DCG and nDCG --------------------------------------------------------------------------------


def test_dcg_uses_exponential_gain_and_a_log2_discount():
    assert evaluation.dcg([3, 0, 2]) == pytest.approx(7 + 0 + 3 / 2)  # log2(4) = 2 at rank 3
    assert evaluation.dcg([1, 1]) == pytest.approx(1 + 1 / math.log2(3))
    assert evaluation.dcg([]) == 0


def test_the_ideal_dcg_is_computed_from_every_judged_span_not_only_those_retrieved():
    assert evaluation.ideal_dcg(JUDGED) == pytest.approx(9.392789, abs=1e-6)
    assert evaluation.ideal_dcg(JUDGED) == pytest.approx(IDEAL)
    # only the top 10 grades of the judged set count
    twelve = [Judged(span(100 * i, 100 * i + 10), 1) for i in range(12)]
    assert evaluation.ideal_dcg(twelve) == pytest.approx(sum(1 / math.log2(r + 1) for r in range(1, 11)))
    # retrieving the best span alone, first, is not a perfect ranking: B and D are still missing
    assert evaluation.ndcg([span(0, 10)], JUDGED) == pytest.approx(7 / IDEAL)


def test_ndcg_hand_computed():
    ranked = [span(40, 50), span(25, 35), span(0, 5)]  # C (0), B (2), A (3)
    expected = (0 + 3 / math.log2(3) + 7 / math.log2(4)) / IDEAL
    assert evaluation.ndcg(ranked, JUDGED) == pytest.approx(expected)
    assert evaluation.ndcg(ranked, JUDGED) == pytest.approx(0.574141, abs=1e-6)
    perfect = [span(0, 10), span(20, 30), span(0, 10, doc="LETTER", rev="0"), span(40, 50)]
    assert evaluation.ndcg(perfect, JUDGED) == pytest.approx(1.0)


def test_a_judged_span_credits_one_provision_only_so_ndcg_stays_at_most_1():
    section, paragraph, again = span(0, 100), span(20, 30), span(2, 8)
    # the section overlaps A, B and C: its gain is A's 3; the paragraph then gets B's 2; a
    # third provision overlapping only A (already credited) gets nothing
    assert evaluation.credited_gains([section, paragraph, again], JUDGED) == [3, 2, 0]
    assert [evaluation.grade_of(s, JUDGED) for s in (section, paragraph, again)] == [3, 2, 3]
    many = [span(0, 10)] * 10
    assert evaluation.ndcg(many, JUDGED) == pytest.approx(7 / IDEAL)
    assert evaluation.ndcg([section, paragraph, span(0, 10, doc="LETTER", rev="0")], JUDGED) == pytest.approx(1.0)


def test_ndcg_counts_the_top_k_only():
    ranked = [span(60, 70)] * 10 + [span(0, 10)]
    assert evaluation.ndcg(ranked, JUDGED, k=10) == 0
    assert evaluation.ndcg(ranked, JUDGED, k=11) == pytest.approx((7 / math.log2(12)) / IDEAL)


# ---- recall and MRR ------------------------------------------------------------------------------


def test_recall_is_the_share_of_grade_2_and_3_spans_some_top_k_provision_overlaps():
    assert evaluation.recall([span(25, 26)], JUDGED) == 0.5  # B of {A, B}
    assert evaluation.recall([span(0, 100)], JUDGED) == 1.0  # one section covering A and B
    assert evaluation.recall([span(0, 10, doc="LETTER", rev="0"), span(40, 50)], JUDGED) == 0  # grades 1 and 0
    assert evaluation.recall([span(60, 70)] * 10 + [span(0, 10)], JUDGED) == 0  # A at rank 11


def test_mrr_is_the_reciprocal_rank_of_the_first_provision_of_grade_2_or_more():
    ranked = [span(0, 10, doc="LETTER", rev="0"), span(40, 50), span(24, 26), span(0, 10)]
    assert evaluation.reciprocal_rank(ranked, JUDGED) == pytest.approx(1 / 3)  # grade 1 and 0 do not count
    assert evaluation.reciprocal_rank([span(5, 25)], JUDGED) == 1.0
    assert evaluation.reciprocal_rank([span(60, 70)], JUDGED) == 0
    assert evaluation.reciprocal_rank([span(60, 70)] * 10 + [span(0, 10)], JUDGED) == 0


# ---- the judged set ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return locate.load()


def test_the_judged_set_has_graded_questions_over_every_example(questions):
    assert len(questions) >= 40
    assert {q["project"] for q in questions} == set(locate.PROJECTS)
    for q in questions:
        grades = [j["grade"] for j in q["judgments"]]
        assert 3 in grades, f"{q['id']} has no span that answers it"
        assert all("start" in j and "end" in j for j in q["judgments"]), f"{q['id']}: run bench/retrieval/locate.py"
    assert sum(j["grade"] == 0 for q in questions for j in q["judgments"]) >= 20  # tempting but wrong passages


@pytest.fixture(scope="module")
def layers(ingested_example) -> dict:
    """Every example's text layers, read from the process's shared ingests."""
    return {name: locate.read_layers(ingested_example(name)) for name in locate.PROJECTS}


@pytest.mark.slow
def test_every_judged_text_is_the_text_layer_at_its_offsets(questions, layers):
    for q in questions:
        for j in q["judgments"]:
            layer = layers[q["project"]][(j["doc"], j["rev"])]
            assert layer.text[j["start"]:j["end"]] == j["text"], f"{q['id']} {j['doc']}@{j['rev']}"
            assert layer.covering(j["start"], j["end"]), f"{q['id']}: no provision covers {j['text'][:40]!r}"
    assert locate.check(questions, layers, fill=False) == []


def test_a_changed_document_breaks_its_judgments(questions, tmp_path):
    project = tmp_path / "sop-retention"
    shutil.copytree(EXAMPLES / "sop-retention", project, ignore=shutil.ignore_patterns(".inforce"))
    revised = project / "documents" / "sop-114-rev-d.md"
    text = revised.read_text(encoding="utf-8")
    assert "## 1 PURPOSE" in text
    revised.write_text(text.replace("## 1 PURPOSE", "## 1 PURPOSE AND AIMS", 1), encoding="utf-8")
    ingest_project(project)
    asked = [q for q in questions if q["project"] == "sop-retention"]
    problems = locate.check(asked, {"sop-retention": locate.read_layers(project)}, fill=False)
    on_d = [j for q in asked for j in q["judgments"] if (j["doc"], j["rev"]) == ("SOP-114", "D")]
    assert on_d and len(problems) == len(on_d)
    assert all("SOP-114@D" in p and "is now at" in p for p in problems)
