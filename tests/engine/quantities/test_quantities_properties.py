"""Whatever the text, extraction ends in mentions whose spans quote the text, never a traceback."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from inforce.engine.quantities import QuantityExtractor, check_claim_quantities, compare


@functools.cache
def _extractor() -> QuantityExtractor:
    """Built when a test first runs, not at import: every pytest-xdist worker collects this file."""
    return QuantityExtractor()


PIECES = [
    "4,000", "0.45", "3/4", '3/4"', "1-1/2", "12'-6\"", "30", "40", "250", "(1.2)", "1,57,7", "-5",
    "2026", "03", "7.4.2", "ten", "$", "€", "%", "psi", "PSI", "MPa", "mg", "g", "kg", "mL/min",
    "mg/kg/day", "mg/zz", "kPx", "calendar days", "days", "in", '"', "'", "O.C.", "#4", "@",
    "not less than", "at least", "minimum", "max.", "or less", "up to", "≤", "≥", "±", "+/-",
    "to", "to less than", "–", "-", "and", "between", "million", "billion", "twice daily",
    "orally", "f'c", "=", "compressive strength", "dose", "w/cm", "Section", "(", ")", ",", ";",
    ".", ":", "|", "\n", "\n-", "deg F", "°", "C", "x", "the", "of", "CONCRETE",
]

texts = st.lists(st.sampled_from(PIECES), min_size=1, max_size=30).map(
    lambda parts: " ".join(parts).replace(" \n ", "\n")
) | st.text(max_size=120)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, base=st.integers(min_value=0, max_value=10_000))
@pytest.mark.slow
def test_mentions_quote_the_text_they_come_from(text, base):
    found = _extractor().extract(text, base_offset=base, context="Dose (mg)")
    for mention in found.mentions:
        assert text[mention.span.start - base : mention.span.end - base] == mention.text
        assert mention.text.strip() == mention.text and mention.text
        if mention.upper is not None:
            assert mention.value is not None and mention.upper >= mention.value
            assert mention.bound == "range"
        assert (mention.normalized is not None) == (mention.unit_expression is not None and mention.value is not None)
        if mention.subject is not None:
            assert mention.binding is not None and mention.binding.subject == mention.subject
        stored = mention.quantity()
        assert (stored is None) == (mention.value is None)
    for warning in found.warnings:
        assert text[warning.span.start - base : warning.span.end - base] == warning.text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claim=texts, source=texts)
@example(claim="4,000", source="1,57,7")  # a source whose only number is malformed
def test_claim_checks_and_comparisons_always_answer(claim, source):
    result = check_claim_quantities(claim, [source], extractor=_extractor())
    assert result.status in ("ok", "unsupported_quantity")
    assert (result.status == "ok") == (not result.unmatched)
    claims = _extractor().extract(claim).mentions
    sources = _extractor().extract(source).mentions
    for a in claims[:3]:
        for b in sources[:3]:
            outcome = compare(a, b).outcome
            assert outcome in ("equal", "compatible", "conflict", "not_comparable")
            if a.unit_expression is None or b.unit_expression is None or a.dimension != b.dimension:
                if (a.unit_expression is None) != (b.unit_expression is None) or a.dimension != b.dimension:
                    assert outcome == "not_comparable"
