"""Issue 22 (fix22f): a statement's scale caption naming its currency in words or as a code,
and a caption heading one-line rows with the columns' years on its own line.

``(Figures in thousands of euros)`` over a table states euro amounts; ``CHF``-free captions
``EUR millions   2026   2025`` and ``(£ thousands)  2026  2025`` over rows written
``label figure figure`` give the rows their scale and currency, as ``(€ million)`` alone on
its line always did."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import check_claim_quantities
from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def read():
    extractor = default_extractor()

    def figures(text: str) -> dict[str, tuple[float | None, str | None]]:
        return {m.text.strip(): (m.value, m.unit_expression) for m in extractor.extract(text).mentions}

    return figures


def test_a_caption_naming_euros_in_words(read) -> None:
    text = "(Figures in thousands of euros)\n\n| | 2026 | 2025 |\n|---|---|---|\n| Licence income | 18,305 | 16,940 |\n"
    assert read(text)["18,305"] == (18_305_000.0, "EUR")


def test_a_caption_naming_pounds_sterling(read) -> None:
    text = "In millions of pounds sterling\nGroup turnover     412.6     398.1\nStaff costs        (120.4)   (111.9)\n"
    assert read(text)["412.6"] == (412_600_000.0, "GBP")


@pytest.mark.parametrize("caption", ["EUR millions        2026      2025", "(€ millions)        2026      2025",
                                     "EUR million", "(in USD thousands)   2026   2025"])
def test_a_caption_with_the_years_after_it_over_one_line_rows(read, caption: str) -> None:
    text = f"{caption}\nProceeds from disposals      14.9      3.2\nLease payments              (22.7)    (19.0)\n"
    value, unit = read(text)["14.9"]
    scale = 1e3 if "thousand" in caption else 1e6
    assert value == pytest.approx(14.9 * scale)
    assert unit == ("USD" if "USD" in caption else "EUR")


def test_a_line_of_words_after_a_currency_and_scale_is_no_caption(read) -> None:
    text = "EUR million was the threshold agreed with the lenders\nProceeds from disposals      14.9      3.2\n"
    assert read(text)["14.9"] == (14.9, None)


def test_a_claim_checked_against_a_caption_over_one_line_rows() -> None:
    text = "(€ thousands)                   2026        2025\nLease payments               (22,705)    (19,010)\n"
    found = check_claim_quantities("Lease payments were €22.7 million in 2026.", [text])
    assert found.status == "ok", found.unmatched
    found = check_claim_quantities("Lease payments were €19.0 million in 2026.", [text])
    assert found.status == "unsupported_quantity"
    assert "2025 figure" in found.unmatched[0].explanation


def test_another_currency_of_the_same_amount_says_both() -> None:
    text = "(Figures in millions of euros)\n\n| | 2026 |\n|---|---|\n| Licence income | 183.0 |\n"
    found = check_claim_quantities("Licence income was $183.0 million.", [text])
    assert found.status == "unsupported_quantity"
    assert "USD" in found.unmatched[0].explanation and "EUR" in found.unmatched[0].explanation
