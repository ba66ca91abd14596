"""How ``rules impact`` words an eligibility decision: a long list of documents (a project of
thousands of handbooks) by its count and what the other side lacks, a short one in full."""

from __future__ import annotations


def test_a_long_list_of_documents_is_shown_by_its_count_and_what_the_other_side_lacks():
    from inforce.engine.impact import _eligibility_words

    many = [f"HB-{n:06d}" for n in range(30)]
    old = {"outcome": "eligible", "eligible": many, "excluded_total": 5, "excluded_by_reason": {"market": 5},
           "calculations": []}
    new = dict(old, eligible=[*many[:-1], "HB-999999"])
    assert _eligibility_words(old, new) == ("eligible: 30 documents, of them not on the other side: HB-000029; "
                                            "excluded: 5 documents (by reason: market 5)")
    assert _eligibility_words(old, old).startswith("eligible: 30 documents; ")
    few = dict(old, eligible=many[:3], excluded=[{"document": "P1", "reasons": ["product"]}])
    assert _eligibility_words(few, new) == "eligible: HB-000000, HB-000001, HB-000002; excluded: P1 (product)"
