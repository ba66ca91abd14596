"""Issue 22: what a statement's scale heading reaches, and percentages named by a row label.

A heading ``(In thousands, except per share amounts)`` over cells writing no currency, in a
statement that writes dollars elsewhere (a per-share row), states dollar amounts; a statement
writing no currency at all leaves them bare (a count or an unnamed currency is not guessed).
A heading line standing alone between two tables ends the scale; a row label ``(%)`` or a
caption ``(percent)`` makes its bare figures percentages."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def read():
    extractor = default_extractor()

    def figures(text: str) -> dict[str, tuple[float | None, str | None]]:
        return {m.text.strip(): (m.value, m.unit_expression) for m in extractor.extract(text).mentions}

    return figures


_HOTEL = """(In thousands, except per share data)

| | 2026 | 2025 |
|---|---|---|
| Room revenue | 88,215 | 80,907 |
| Property taxes | (4,460) | (4,102) |
| Basic earnings per share | $ 2.06 | $ 1.71 |

Properties operated at year end

| | 2026 | 2025 |
|---|---|---|
| Hotels | 1,208 | 1,174 |
"""


def test_a_heading_without_currency_takes_the_one_the_statement_writes(read) -> None:
    found = read(_HOTEL)
    assert found["88,215"] == (88_215_000.0, "USD")
    assert found["(4,460)"] == (-4_460_000.0, "USD")
    assert found["$ 2.06"] == (2.06, "USD")  # a per-share amount: no scale


def test_a_heading_line_between_two_tables_ends_the_scale(read) -> None:
    assert read(_HOTEL)["1,208"] == (1208.0, None)


def test_a_statement_writing_no_currency_keeps_its_cells_bare(read) -> None:
    text = "(In thousands)\n\n| | 2026 | 2025 |\n|---|---|---|\n| Room revenue | 88,215 | 80,907 |\n"
    assert read(text)["88,215"] == (88_215_000.0, None)
    two = "Licence fees were € 12 in Lyon and $ 14 in Boston.\n\n" + text
    assert read(two)["88,215"][1] is None  # two currencies elsewhere: which one is not said


def test_caption_lines_inside_one_line_rows_keep_the_scale(read) -> None:
    text = ("Dollars in thousands             2026        2025\n"
            "Investing activities\n"
            "Purchases of equipment          (7,310)     (6,995)\n"
            "Financing activities\n"
            "Dividends paid                  (2,040)     (1,980)\n")
    found = read(text)
    assert found["(7,310)"] == (-7_310_000.0, "USD")
    assert found["(2,040)"] == (-2_040_000.0, "USD")


def test_a_row_label_naming_percent_reads_its_cells_as_percent(read) -> None:
    piped = read("| | 2026 | 2025 |\n|---|---|---|\n| Occupancy (%) | 71.8 | 69.4 |\n| Rooms | 1,208 | 1,174 |\n")
    assert piped["71.8"] == (71.8, "percent")
    assert piped["1,174"][1] is None
    rows = read("Average daily rate ($)      142      137\nOccupancy, %                71.8     69.4\n")
    assert rows["71.8"] == (71.8, "percent") and rows["69.4"] == (69.4, "percent")
    assert read("Payroll (%)     1,208     1,174\n")["1,208"][1] != "percent"  # thousands: an amount


@pytest.mark.parametrize("caption", ["Operating margin (percent)", "Segment margin, %", "Return on assets in percent"])
def test_percent_captions_in_words(read, caption: str) -> None:
    found = read(f"{caption}\nResorts      11.9     10.6\nCasinos      7.3      8.8\n")
    assert found["11.9"] == (11.9, "percent") and found["8.8"] == (8.8, "percent")


def test_a_statement_laid_out_a_cell_a_line_keeps_its_scale_past_its_captions(read) -> None:
    text = ("Consolidated statement of cash flows\n(Millions)\n \n2026\n \n2025\n \n"
            "Cash flows from investing activities\n \n \n"
            "Purchases of vessels\n \n(2,745)\n \n(2,310)\n \n"
            "Cash flows from financing activities\n \n \n"
            "Dividends paid to owners\n \n(918)\n \n(874)\n")
    found = read(text)
    assert found["(2,745)"][0] == -2_745_000_000.0
    assert found["(918)"][0] == -918_000_000.0
