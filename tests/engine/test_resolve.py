"""``inforce resolve``: eligibility first (S3), in force per section (S4), qualifiers that
travel, calculations with their conditions, and the three refusals; through CLI and front."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.candidates import RRF_K, rrf
from inforce.ontology import Context, InputError, Locator

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()
CASE = {"market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12", "pilot": False}
QUESTION = "When is the follow-up contact due after the dispatch date?"


@pytest.fixture(scope="module")
def projects(ingested_example) -> dict[str, Path]:
    """The examples, ingested once for every test that only reads them (tests/conftest.py)."""
    return {name: ingested_example(name) for name in ("followup-handbooks", "riverside-library", "label-dosing")}


def _resolve(root: Path, question: str, context: Context, **kwargs: Any) -> Any:
    with Project.open(root) as opened:
        return opened.resolve(question, context, **kwargs)


def _case(**attributes: Any) -> Context:
    return Context(groups=("support-uk",), attributes={**CASE, **attributes})


def test_eligibility_first_answers_from_p2_only(projects: dict[str, Path]) -> None:
    found = _resolve(projects["followup-handbooks"], QUESTION, _case(), k=5)
    assert found.outcome == "answer"
    assert {p.locator.doc for p in found.provisions} == {"P2"}
    assert found.provisions[0].locator.format() == "P2@1#4.1"
    assert found.valid_at == dt.date(2024, 12, 12) and "dispatch_date" in found.valid_at_source
    (calculation,) = [c for c in found.calculations if c.output == "follow_up_date"]
    assert calculation.result == "2024-12-26"
    assert calculation.conditions == {"market": "UK", "product": "refurbished", "pilot": False,
                                      "dispatch_date": "2024-12-12"}
    assert {e.document: e.reasons for e in found.excluded} == {"P1": ("product",), "P3": ("market", "period")}


def test_ranking_first_would_have_picked_the_wrong_handbook(projects: dict[str, Path]) -> None:
    """The words rank P1 above P2; with k=1 a filter after the ranking would find nothing,
    while eligibility inside the search still answers from P2."""
    unfiltered = _resolve(projects["followup-handbooks"], QUESTION, _case(), k=1, eligibility=False)
    assert unfiltered.provisions[0].locator.doc == "P1"  # the trap the scenario describes
    survivors = [p for p in unfiltered.provisions if p.locator.doc == "P2"]
    assert survivors == []  # post-filtering the truncated top-1: nothing
    first = _resolve(projects["followup-handbooks"], QUESTION, _case(), k=1)
    assert [p.locator.format() for p in first.provisions] == ["P2@1#4.1"]
    assert first.retrieval.searched_revisions == 1  # only P2's in-force revision was ever searched


def test_unknown_pilot_is_conditional_never_defaulted(projects: dict[str, Path]) -> None:
    attributes = dict(CASE)
    del attributes["pilot"]
    found = _resolve(projects["followup-handbooks"], QUESTION,
                     Context(groups=("support-uk",), attributes=attributes), k=2)
    assert found.conditional_on == ("pilot",)
    assert {c.status for c in found.calculations} == {"conditional"}


def test_unknown_product_asks_for_it_through_the_cli(projects: dict[str, Path]) -> None:
    result = runner.invoke(app, ["resolve", str(projects["followup-handbooks"]), QUESTION, "-c", "market=UK",
                                 "-c", "dispatch_date=2024-12-12", "-c", "pilot=false", "--groups", "support-uk",
                                 "--format", "json"])
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert found["outcome"] == "clarification_request" and found["missing_attributes"] == ["product"]
    assert found["provisions"] == []


@pytest.mark.parametrize(("groups", "attributes", "reason"), [
    ((), {}, "access_restricted"),                                   # P2 matches, the asker may not read it
    (("support-uk",), {"dispatch_date": "2019-06-01"}, "no_coverage_for_date"),
    (("support-uk",), {"market": "FR"}, "no_eligible_document"),
])
def test_three_refusals_are_three_outcomes(
    projects: dict[str, Path], groups: tuple[str, ...], attributes: dict[str, Any], reason: str
) -> None:
    found = _resolve(projects["followup-handbooks"], QUESTION,
                     Context(groups=groups, attributes={**CASE, **attributes}), k=5)
    assert found.outcome == "refusal" and found.reason == reason
    assert found.provisions == ()
    assert "14 calendar days" not in json.dumps(found.model_dump(mode="json"))


def test_a_replaced_clause_answers_with_its_replacement(projects: dict[str, Path]) -> None:
    found = _resolve(projects["riverside-library"], "compressive strength of concrete at 28 days",
                     Context(valid_at=dt.date(2026, 5, 1)), k=5)
    assert found.outcome == "answer"
    (top,) = [p for p in found.provisions if p.locator.doc == "ADD-02"]
    assert top.locator.format() == "ADD-02@0#1.3"
    assert top.replaces == (Locator.parse("SPEC-033000#2.1.A"),)
    assert top.description == "03 30 00 §2.1.A as amended by Addendum No. 2 (ADD-02 §1.3)"
    assert "5,000 psi" in top.text and top.title == "Addendum No. 2"
    assert all(p.locator.unpinned().format() != "SPEC-033000#2.1.A" for p in found.provisions)
    before = _resolve(projects["riverside-library"], "compressive strength of concrete at 28 days",
                      Context(valid_at=dt.date(2026, 3, 20)), k=5)
    assert "SPEC-033000@0#2.1.A" in [p.locator.format() for p in before.provisions]


def test_a_qualifier_travels_with_its_provision(projects: dict[str, Path]) -> None:
    found = _resolve(projects["label-dosing"], "Are strong CYP3A4 inhibitors contraindicated?",
                     Context(valid_at=dt.date(2026, 5, 1)), k=5)
    (contraindication,) = [p for p in found.provisions if p.locator.path == "4.2"]
    (qualifier,) = contraindication.qualifiers
    assert qualifier.locator.format() == "LBL-DVX@0#9.1" and qualifier.rule == "INF-Q001"
    assert "except as provided in 9.1" in qualifier.words and "stabilized" in (qualifier.text or "").lower()
    assert contraindication.heading == "Strong CYP3A4 Inhibitors"


def test_vector_search_is_skipped_and_said_without_a_model(projects: dict[str, Path]) -> None:
    found = _resolve(projects["label-dosing"], "weight band dose", Context(valid_at=dt.date(2026, 5, 1)))
    assert found.retrieval.sources == ("full_text",)
    assert "no embedding model" in found.retrieval.skipped["vector"]


class _ShortestFirst:
    """A reranker of our own: prefers shorter passages (the hook reorders, never removes)."""

    name = "shortest-first"

    def score(self, question: str, passages: Sequence[str]) -> list[float]:
        return [-float(len(p)) for p in passages]


def test_the_rerank_hook_reorders_candidates(projects: dict[str, Path]) -> None:
    context = Context(valid_at=dt.date(2026, 5, 1))
    plain = _resolve(projects["label-dosing"], "dose twice daily", context, k=200)  # the whole pool
    with Project.open(projects["label-dosing"], backends=ModelBackends(reranker=_ShortestFirst())) as opened:
        reranked = opened.resolve("dose twice daily", context, k=200)
    assert reranked.retrieval.reranker == "shortest-first"
    lengths = [len(p.text) for p in reranked.provisions]
    assert lengths == sorted(lengths)
    assert {p.locator for p in reranked.provisions} == {p.locator for p in plain.provisions}


def test_reciprocal_rank_fusion_by_hand() -> None:
    a, b, c = (Locator.parse(x) for x in ("D@1#a", "D@1#b", "D@1#c"))
    fused = rrf({"full_text": [a, b], "vector": [b, c]})
    assert [loc for loc, _, _ in fused] == [b, a, c]
    assert fused[0][1] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))
    assert fused[0][2] == {"full_text": 2, "vector": 1}
    assert fused[1][1] == pytest.approx(1 / (RRF_K + 1))


def test_bad_questions_are_input_errors(projects: dict[str, Path]) -> None:
    with Project.open(projects["label-dosing"]) as opened:
        with pytest.raises(InputError, match="empty"):
            opened.resolve("   ", Context(valid_at=dt.date(2026, 5, 1)))
        with pytest.raises(InputError, match="valid_at"):
            opened.resolve("dose", Context())
    result = runner.invoke(app, ["resolve", str(projects["label-dosing"]), "dose", "--valid-at", "2026-02-30"])
    assert result.exit_code == 2 and "--valid-at" in result.output


def test_text_output_lists_provisions(projects: dict[str, Path]) -> None:
    result = runner.invoke(app, ["resolve", str(projects["riverside-library"]), "compressive strength at 28 days",
                                 "--valid-at", "2026-05-01", "-k", "3"])
    assert result.exit_code == 0, result.output
    assert "ADD-02@0#1.3" in result.stdout and "as amended by Addendum No. 2" in result.stdout


def test_a_section_unchanged_since_a_restricted_revision_shows_from_the_readable_one(tmp_path: Path) -> None:
    """The in-force version of §1.1 sits in rev A (restricted); rev B (public) carries the same
    words. Asked without the group, resolve answers from rev B and shows nothing of rev A."""
    root = tmp_path / "x"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: x\n")
    body = "## 1 Vault\n\n### 1.1 Code\n\nThe launch code is kept in the vault.\n\n## 2 Other\n\n{}\n"
    (root / "documents" / "x-a.md").write_text(
        "---\nid: X\nkind: sop\ntitle: ZZSECRET TITLE A\nrevision: A\nseq: 1\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\naccess: [owner]\n---\n"
        + body.format("First wording."))
    (root / "documents" / "x-b.md").write_text(
        "---\nid: X\nkind: sop\ntitle: Public title B\nrevision: B\nseq: 2\nissued: 2026-02-01\n"
        "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T00:00:00Z\nchanged: ['2']\n---\n"
        + body.format("Second wording."))
    ingest_project(root)
    found = _resolve(root, "launch code vault", Context(valid_at=dt.date(2026, 5, 1)), k=5)
    dumped = json.dumps(found.model_dump(mode="json"))
    assert "ZZSECRET" not in dumped and "X@A" not in dumped
    assert "X@B#1.1" in [p.locator.format() for p in found.provisions]


def test_a_section_whose_paragraph_was_replaced_shows_consolidated(projects: dict[str, Path]) -> None:
    found = _resolve(projects["riverside-library"], "concrete mixtures compressive strength water-cementitious ratio",
                     Context(valid_at=dt.date(2026, 5, 1)), k=10)
    (section,) = [p for p in found.provisions if p.locator.format() == "SPEC-033000@0#2.1"]
    assert "4,000 psi" not in section.text and "5,000 psi" in section.text
    assert section.description == "03 30 00 §2.1 as amended by Addendum No. 2 (ADD-02 §1.3)"


def test_an_unknown_embedding_model_is_refused_at_its_line(tmp_path: Path) -> None:
    root = tmp_path / "label"
    shutil.copytree(EXAMPLES / "label-dosing", root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "inforce.yaml").write_text((root / "inforce.yaml").read_text() + "models:\n  embedding: bogus\n")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2 and "inforce.yaml:7" in result.output and "models.embedding" in result.output
