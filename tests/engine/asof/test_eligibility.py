"""Eligibility before ranking (S3): outcomes, separate exclusion reasons, calculations, ranking."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inforce.engine.eligibility import (
    EligibilityIndex,
    EligibilityRecord,
    rank_eligible,
    search_eligible,
)
from inforce.ontology import (
    Context,
    Document,
    EffectiveInterval,
    InputError,
    SourceRef,
    StoreError,
)
from inforce.rules import RuleSet, load_pack

FOLLOWUP = Path(__file__).resolve().parents[3] / "examples" / "followup-handbooks"


def handbook(doc_id, market, product, start, until=None, access=None, revision="1", seq=1, recorded=None,
             kind="handbook"):
    return Document(
        id=doc_id, kind=kind, title=f"Handbook {doc_id}", revision=revision, seq=seq,
        effective=EffectiveInterval(from_=start, until=until), recorded=recorded or start,
        access=access, applies_to={"market": (market,), "product": (product,)},
        source=SourceRef(file=f"{doc_id}.md"),
    )


S3_DOCUMENTS = [
    handbook("P1", "UK", "new", dt.date(2023, 1, 1)),
    handbook("P2", "UK", "refurbished", dt.date(2024, 4, 1), access=("support-uk",)),
    handbook("P3", "IE", "refurbished", dt.date(2021, 1, 1), until=dt.date(2024, 1, 1)),
]
S3_CASE = {"market": "UK", "product": "refurbished", "dispatch_date": dt.date(2024, 12, 12), "pilot": False}


@pytest.fixture(scope="module")
def followup_rules() -> RuleSet:
    pack = load_pack(FOLLOWUP / "rules" / "followup.yaml", facets=["market", "product"])
    return RuleSet(packs=(pack,), facets=("market", "product"))


@pytest.fixture(scope="module")
def s3(followup_rules) -> EligibilityIndex:
    return EligibilityIndex.from_documents(S3_DOCUMENTS, followup_rules)


def ask(index, attributes, groups=("support-uk",), valid_at=None, known_at=None, explain=False):
    case = Context(attributes=attributes, groups=groups, valid_at=valid_at, known_at=known_at)
    return index.evaluate(case, explain=explain)


def test_s3_selects_p2_with_each_exclusion_reason_kept_separately(s3):
    result = ask(s3, S3_CASE)
    assert result.outcome == "eligible" and result.reason is None
    assert result.eligible == ("P2",) and result.eligible_revisions == ("P2@1",)
    assert {e.document: e.reasons for e in result.excluded} == {"P1": ("product",), "P3": ("market", "period")}
    assert result.applicability_date.attribute == "dispatch_date"
    assert result.applicability_date.value == dt.date(2024, 12, 12)


def test_the_applicability_date_is_the_dispatch_date_not_the_question_date(s3):
    # asked in 2026, when P3 is long archived: the dispatch date still decides
    result = ask(s3, {**S3_CASE, "market": "IE", "dispatch_date": dt.date(2023, 6, 1)},
                 valid_at=dt.date(2026, 1, 1))
    assert result.eligible == ("P3",)
    assert result.applicability_date.value == dt.date(2023, 6, 1)


def test_s3_follow_up_date_carries_its_conditions(s3):
    (calculation,) = ask(s3, S3_CASE).calculations
    assert calculation.rule == "FUP-C001" and calculation.result == "2024-12-26"
    assert calculation.status == "definite"
    assert calculation.conditions == {"market": "UK", "product": "refurbished", "pilot": False,
                                      "dispatch_date": "2024-12-12"}


def test_pilot_unknown_is_a_conditional_answer_never_a_silent_non_pilot_default(s3):
    case = {k: v for k, v in S3_CASE.items() if k != "pilot"}
    result = ask(s3, case)
    assert result.outcome == "eligible" and result.conditional_on == ("pilot",)
    by_rule = {c.rule: c for c in result.calculations}
    assert set(by_rule) == {"FUP-C001", "FUP-C002"}
    assert all(c.status == "conditional" and c.unknown == ("pilot",) for c in result.calculations)
    assert by_rule["FUP-C001"].conditions["pilot"] is False
    assert by_rule["FUP-C002"].conditions["pilot"] is True


def test_pilot_true_gets_the_manual_exception_not_the_14_days(s3):
    (calculation,) = ask(s3, {**S3_CASE, "pilot": True}).calculations
    assert calculation.rule == "FUP-C002" and "manually" in calculation.result


def test_product_unknown_asks_for_product(s3):
    result = ask(s3, {k: v for k, v in S3_CASE.items() if k != "product"})
    assert result.outcome == "clarification_request"
    assert result.missing_attributes == ("product",)
    assert result.eligible == () and result.calculations == ()


def test_access_restricted_reveals_nothing_of_the_hidden_document(s3):
    result = ask(s3, S3_CASE, groups=(), explain=True)
    assert (result.outcome, result.reason) == ("refusal", "access_restricted")
    assert result.eligible == () and result.eligible_revisions == () and result.calculations == ()
    dumped = str(result.model_dump())
    assert "Handbook P2" not in dumped  # not even the title
    (hidden,) = [step.effect for step in result.trace if step.effect.startswith("P2 ")]
    assert "refurbished" not in hidden and "nothing more is shown" in hidden


def test_no_coverage_for_date_and_no_eligible_document_are_different_refusals(s3):
    early = ask(s3, {**S3_CASE, "dispatch_date": dt.date(2023, 6, 1)})
    assert (early.outcome, early.reason) == ("refusal", "no_coverage_for_date")
    assert {e.document: e.reasons for e in early.excluded}["P2"] == ("period",)
    france = ask(s3, {**S3_CASE, "market": "FR"})
    assert (france.outcome, france.reason) == ("refusal", "no_eligible_document")


# ---- eligibility first, structurally -----------------------------------------------------
S3_SCORES = {"P1": 9.0, "P2": 5.0, "P3": 10.0}


def test_ranking_is_restricted_to_eligible_documents(s3):
    result = ask(s3, S3_CASE)
    rank_everything = max(S3_SCORES, key=S3_SCORES.get)
    top2_then_filter = [d for d in sorted(S3_SCORES, key=S3_SCORES.get, reverse=True)[:2] if d in result.eligible]
    assert rank_everything == "P3" and top2_then_filter == []  # the two failures S3 names
    for k in (1, 2, 3):
        assert rank_eligible(S3_SCORES, result, k) == [("P2", 5.0)]


def test_a_refusal_ranks_nothing(s3):
    assert rank_eligible(S3_SCORES, ask(s3, S3_CASE, groups=()), 3) == []


@settings(max_examples=60, deadline=None)
@given(scores=st.dictionaries(st.sampled_from(["P1", "P2", "P3", "P4"]), st.floats(0, 100), min_size=1),
       k=st.integers(1, 4))
def test_rank_eligible_is_the_top_k_of_the_eligible_for_any_scores(s3, scores, k):
    result = ask(s3, S3_CASE)
    ranked = rank_eligible(scores, result, k)
    eligible_scores = {d: s for d, s in scores.items() if d in result.eligible}
    assert {d for d, _ in ranked} <= set(result.eligible)
    assert len(ranked) == min(k, len(eligible_scores))  # never empty while an eligible one is scored


def test_search_receives_the_restriction_and_a_leak_is_an_error(s3):
    result = ask(s3, S3_CASE)
    seen = {}

    def search(query, k, documents):
        seen["documents"] = documents
        return [(uid, 1.0) for uid in sorted(documents)][:k]

    assert search_eligible(search, "follow-up", result, 5) == [("P2@1", 1.0)]
    assert seen["documents"] == frozenset({"P2@1"})
    with pytest.raises(StoreError):
        search_eligible(lambda q, k, documents: [("P3@1", 9.0)], "follow-up", result, 5)


# ---- revisions, known_at, matching modes, defaults ---------------------------------------
def test_only_the_revision_in_force_on_the_date_is_eligible(followup_rules):
    docs = [
        handbook("P2", "UK", "refurbished", dt.date(2024, 4, 1), revision="1", seq=1),
        handbook("P2", "UK", "refurbished", dt.date(2024, 10, 1), revision="2", seq=2,
                 recorded=dt.datetime(2024, 11, 15, tzinfo=dt.UTC)),
        handbook("P2", "UK", "refurbished", dt.date(2024, 10, 1), revision="2a", seq=1),  # same day, lower seq
    ]
    index = EligibilityIndex.from_documents(docs, followup_rules)
    assert ask(index, S3_CASE).eligible_revisions == ("P2@2",)
    before = ask(index, {**S3_CASE, "dispatch_date": dt.date(2024, 6, 1)})
    assert before.eligible_revisions == ("P2@1",)
    # what the registry knew on 2024-11-01: rev 2 not yet recorded, so the tie-loser 2a is in force
    known = ask(index, S3_CASE, known_at=dt.datetime(2024, 11, 1, tzinfo=dt.UTC))
    assert known.eligible_revisions == ("P2@2a",)


def test_equality_match_needs_exactly_the_case_value(tmp_path):
    pack = tmp_path / "eq.yaml"
    pack.write_text(
        "schema_version: 1\nrules:\n  - id: TST-E001\n    slug: eq\n    kind: eligibility\n"
        "    description: d\n    source: s\n    facets: {market: equality}\n")
    rules = RuleSet(packs=(load_pack(pack, facets=["market"]),), facets=("market",))
    docs = [
        Document(id="ONE", kind="policy", effective=EffectiveInterval(from_=dt.date(2024, 1, 1)),
                 recorded=dt.date(2024, 1, 1), applies_to={"market": ("UK",)}, source=SourceRef(file="a")),
        Document(id="TWO", kind="policy", effective=EffectiveInterval(from_=dt.date(2024, 1, 1)),
                 recorded=dt.date(2024, 1, 1), applies_to={"market": ("UK", "IE")}, source=SourceRef(file="b")),
        Document(id="ANY", kind="policy", effective=EffectiveInterval(from_=dt.date(2024, 1, 1)),
                 recorded=dt.date(2024, 1, 1), source=SourceRef(file="c")),
    ]
    index = EligibilityIndex.from_documents(docs, rules)
    result = ask(index, {"market": "UK"}, valid_at=dt.date(2024, 6, 1), groups=())
    assert result.eligible == ("ANY", "ONE")  # a document that omits the facet applies to every value
    assert {e.document: e.reasons for e in result.excluded} == {"TWO": ("market",)}


def test_a_rule_governs_only_its_document_kinds(followup_rules):
    docs = [*S3_DOCUMENTS, handbook("SOP-1", "DE", "new", dt.date(2020, 1, 1), kind="sop")]
    result = ask(EligibilityIndex.from_documents(docs, followup_rules), S3_CASE)
    assert result.eligible == ("P2", "SOP-1")  # FUP-E001 governs handbooks; the SOP's facets are not checked


def test_without_an_eligibility_rule_the_question_needs_valid_at():
    rules = RuleSet(packs=(), facets=("market", "product"))
    index = EligibilityIndex.from_documents(S3_DOCUMENTS, rules)
    with pytest.raises(InputError, match="valid_at"):
        ask(index, {"market": "UK"})
    result = ask(index, {"market": "UK"}, valid_at=dt.date(2024, 12, 12), groups=())
    assert result.eligible == ("P1",) and result.rules_fired == ("INF-E000",)
    assert {e.document: e.reasons for e in result.excluded} == {"P2": ("access",), "P3": ("market", "period")}


def test_a_malformed_dispatch_date_is_an_input_error_naming_it(s3):
    with pytest.raises(InputError) as raised:
        ask(s3, {**S3_CASE, "dispatch_date": "12/12/2024"})
    assert raised.value.field == "dispatch_date"


def test_eligible_uids_matches_the_full_decision(s3):
    assert s3.eligible_uids({"market": "UK", "product": "refurbished"}, ["support-uk"], dt.date(2024, 12, 12)) == ["P2@1"]


def test_records_without_documents_build_the_same_index(followup_rules):
    records = [EligibilityRecord.from_document(d) for d in S3_DOCUMENTS]
    assert ask(EligibilityIndex(records, followup_rules), S3_CASE).eligible == ("P2",)
