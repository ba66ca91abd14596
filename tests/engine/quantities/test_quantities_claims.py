"""Claim quantities: every quantity in a claim matched, unit- and scale-aware, by a cited one.

S2's quantity bullets: a row "30 to 40 kg | 250 mg twice daily"; a claim "250" (no unit) or
"500 mg twice daily" citing it → unsupported_quantity; "0.25 g twice daily" → ok.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.quantities import QuantityExtractor, check_claim_quantities

ROW = "30 to 40 kg | 250 mg twice daily"
HEADER = "Body weight | Dose"
LABEL = Path(__file__).resolve().parents[3] / "examples/label-dosing/documents/dorvanex-prescribing-information.md"


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def check(extractor, claim, cited, contexts=None):
    return check_claim_quantities(claim, cited, cited_contexts=contexts, extractor=extractor)


def test_the_same_dose_in_other_units_is_ok(extractor):
    result = check(extractor, "A 35 kg child takes 0.25 g twice daily.", [ROW], [HEADER])
    assert result.status == "ok" and not result.unmatched
    assert [(m.claim.text, m.source.text, m.rule) for m in result.matched] == [
        ("35 kg", "30 to 40 kg", "equal"), ("0.25 g twice daily", "250 mg twice daily", "equal"),
    ]


def test_a_bare_number_where_the_source_has_a_unit_is_unsupported(extractor):
    result = check(extractor, "The dose is 250 twice daily.", [ROW], [HEADER])
    assert result.status == "unsupported_quantity"
    (unmatched,) = result.unmatched
    assert unmatched.reason == "unit_missing" and unmatched.claim.text == "250"
    assert unmatched.closest.text == "250 mg twice daily" and unmatched.closest_index == 0


def test_a_different_dose_is_unsupported_with_the_closest_source_quantity(extractor):
    result = check(extractor, "Children weighing 30 to 40 kg receive 500 mg twice daily.", [ROW], [HEADER])
    assert result.status == "unsupported_quantity"
    assert [m.claim.text for m in result.matched] == ["30 to 40 kg"]
    (unmatched,) = result.unmatched
    assert unmatched.reason == "value_differs" and unmatched.closest.text == "250 mg twice daily"
    assert "500 mg" in unmatched.explanation


def test_a_different_frequency_is_unsupported(extractor):
    result = check(extractor, "They receive 250 mg once daily.", [ROW])
    assert [u.reason for u in result.unmatched] == ["frequency_differs"]


def test_a_number_of_another_dimension_is_not_comparable(extractor):
    result = check(extractor, "They receive 250 mL twice daily.", [ROW])
    assert [u.reason for u in result.unmatched] == ["not_comparable"]


def test_a_quantity_of_another_subject_does_not_support_the_claim(extractor):
    text = LABEL.read_text()
    section = text[text.index("### 2.1"):text.index("### 2.2")]
    result = check(extractor, "The maximum single adult dose is 250 mg.", [section])
    (unmatched,) = result.unmatched
    assert unmatched.reason in ("subject_differs", "value_differs")
    assert check(extractor, "The maximum single adult dose is 500 mg.", [section]).status == "ok"
    assert check(extractor, "The maximum single adult dose is 400 mg, per Section 7.4.2.", [section]).status == (
        "unsupported_quantity")


def test_scale_words_and_the_rounding_rule(extractor):
    source = ["Total revenue was $1,577 million in fiscal 2022."]
    rounded = check(extractor, "Revenue was about $1.6 billion.", source)
    assert rounded.status == "ok" and rounded.matched[0].rule == "rounded"
    assert check(extractor, "Revenue was $1,577 million.", source).matched[0].rule == "equal"
    # rounding to one significant figure changes the figure by 27%: not the same number
    assert check(extractor, "Revenue was $2 billion.", source).status == "unsupported_quantity"
    # a claim more precise than its source does not follow from it
    assert check(extractor, "Revenue was $1,577 million.", ["Revenue was $1.6 billion."]).status == (
        "unsupported_quantity")


def test_rounding_never_bridges_a_real_difference(extractor):
    assert check(extractor, "Take 0.3 g.", ["Take 250 mg."]).status == "unsupported_quantity"
    assert check(extractor, "Retain records for 5 years.", ["Retain records for 7 years."]).status == (
        "unsupported_quantity")


def test_negative_percentages_in_parentheses(extractor):
    assert check(extractor, "Margin changed by -1.2%.", ["Margin change: (1.2)%"]).status == "ok"
    # a decrease said in words is the bracketed negative's magnitude; an increase never is
    assert check(extractor, "Margin fell 1.2%.", ["Margin change: (1.2)%"]).status == "ok"
    assert check(extractor, "Margin rose 1.2%.", ["Margin change: (1.2)%"]).status == "unsupported_quantity"
    assert check(extractor, "Margin changed by 1.2%.", ["Margin change: (1.2)%"]).status == "unsupported_quantity"
    # the word nearest the number decides, not any word of the claim
    assert check(extractor, "US sales increased 3.0% vs international sales decline of 0.6%.",
                 ["US 3.0%; International (0.6)%"]).status == "ok"
    assert check(extractor, "International sales decreased 3.0% while US sales rose 0.6%.",
                 ["US (0.6)%; International (3.0)%"]).status == "unsupported_quantity"
    # without a word of decrease a bracketed loss is not an income of the same amount
    assert check(extractor, "Net income was $500 million.", ["Net income (loss): $(500) million"]).status \
        == "unsupported_quantity"


def test_a_claim_with_no_quantity_is_ok_and_a_source_with_none_is_named(extractor):
    assert check(extractor, "Swallow tablets whole.", [ROW]).status == "ok"
    result = check(extractor, "Take 250 mg.", ["Swallow tablets whole with water."])
    assert [u.reason for u in result.unmatched] == ["no_quantity_in_source"]


def test_a_unit_in_the_claim_that_the_source_lacks(extractor):
    result = check(extractor, "The ratio is 0.45 percent.", ["Maximum water-cementitious materials ratio: 0.45."])
    assert [u.reason for u in result.unmatched] == ["no_unit_in_source"]


def test_a_minimum_is_not_supported_by_a_maximum(extractor):
    result = check(extractor, "Use at least 1,000 mg in any 24-hour period.", [
        "Do not exceed 1,000 mg in any 24-hour period."])
    assert [u.reason for u in result.unmatched] == ["bound_differs"]
    assert check(extractor, "Use at most 1,000 mg in a 24-hour period.", [
        "Do not exceed 1,000 mg in any 24-hour period."]).status == "ok"


def test_the_module_level_function_uses_the_stock_vocabulary():
    assert check_claim_quantities("0.25 g twice daily", [ROW]).status == "ok"
