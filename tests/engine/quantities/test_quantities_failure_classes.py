"""Failure classes found by the two real-world checks of issue 9, each as a test.

``bench/quantity_eval.py`` (the hand-labelled fixture, inforce beside quantulum3) and
``bench/financebench_quantities.py`` (FinanceBench answers checked as claims against their
evidence) report misses and false positives by class. Each class becomes a test here, on a
short snippet written for the test in the same shape as the text it failed on (FinanceBench's
licence is unclear, so none of its text is copied; 27 CFR 447 is public domain):

- **Fixed** — what inforce got wrong and now reads right (the first half of the file).
- **Open** — classes not fixed yet, as strict xfails that say exactly what goes wrong: when
  one starts passing, the xfail fails and the test is promoted.
- **Pinned** — what quantulum3 gets wrong and inforce gets right (feet-inches, construction
  notation, numbers that name things, bracketed negatives), so a regression fails here.
"""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor, check_claim_quantities


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def read(extractor: QuantityExtractor, text: str) -> list[tuple[str, float | None, str | None]]:
    """(text, value, unit expression) of every mention, in order."""
    return [(m.text, m.value, m.unit_expression) for m in extractor.extract(text).mentions]


def values(extractor: QuantityExtractor, text: str) -> list[float | None]:
    return [m.value for m in extractor.extract(text).mentions]


def check(extractor: QuantityExtractor, claim: str, *cited: str):
    return check_claim_quantities(claim, list(cited), extractor=extractor)


# =============================================================================================
# Fixed: inforce's failure classes on the fixture and on FinanceBench
# =============================================================================================

# --- table layouts ---------------------------------------------------------------------------


def test_cells_of_a_pipe_table_written_without_spaces_are_read(extractor):
    # the shape of the 27 CFR 447.32 fee table as its text layer writes it
    text = "|Period|Fee|\n|1 year|$250|\n|3 years|700|\n|5 years|1,000|"
    assert read(extractor, text) == [
        ("1 year", 1.0, "year"), ("$250", 250.0, "USD"), ("3 years", 3.0, "year"),
        ("700", 700.0, None), ("5 years", 5.0, "year"), ("1,000", 1000.0, None),
    ]


def test_a_bracketed_negative_alone_on_a_table_line_is_negative(extractor):
    text = "Organic growth\nSegment A\n(0.5)\n(4.6)\nSegment B\n1.2 \n \n(2.0)"
    assert values(extractor, text) == [-0.5, -4.6, 1.2, -2.0]


def test_a_grouped_bracketed_figure_after_a_row_label_is_negative(extractor):
    assert values(extractor, "Purchases of equipment (2,214) (1,906)") == [-2214.0, -1906.0]
    assert values(extractor, "Purchases of equipment\n \n(2,214) \n \n(1,906)") == [-2214.0, -1906.0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Adjust the dose in renal impairment (2.3)", []),  # a cross-reference after prose
        ("see Warnings (5.1)].", []),
        ("Deferred revenue (1)\n412", [1.0, 412.0]),  # a footnote mark after a label: not -1
        ("reports from pharmacists (8), nurses (3) and physicians (2).", [8.0, 3.0, 2.0]),
    ],
)
def test_brackets_that_are_not_a_negative_stay_as_they_were(extractor, text, expected):
    assert values(extractor, text) == expected


def test_a_line_that_is_only_a_signed_number_is_negative_but_a_bullet_is_not(extractor):
    assert values(extractor, "-0.04") == [-0.04]
    assert values(extractor, "-7.1") == [-7.1]
    assert read(extractor, "-2.250% Notes due 2031") == [("2.250%", 2.25, "percent")]


# --- money ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a quarterly dividend of $ 0.42 per share", ("$ 0.42", 0.42)),
        ("working capital of $ 2.3Bn at year end", ("$ 2.3Bn", 2.3e9)),
        ("a deficit of -$2,418M in the year", ("-$2,418M", -2.418e9)),
        ("segment revenue was -$215 million.", ("-$215 million", -2.15e8)),
        ("a dividend of 0.05$ per share", ("0.05$", 0.05)),
        ("the balance at year end was $612.8\nmillion.", ("$612.8\nmillion", 6.128e8)),
        ("remaining under the program was $2.4\nbillion at", ("$2.4\nbillion", 2.4e9)),
    ],
)
def test_currency_and_scale_written_apart_from_the_number(extractor, text, expected):
    (mention,) = extractor.extract(text).mentions
    assert (mention.text, mention.value, mention.unit_expression) == (*expected, "USD")


def test_a_dollar_sign_on_its_own_line_belongs_to_the_number_below_it(extractor):
    # a statement's text layer: "$" ends one line and the figure starts the next
    text = "Total assets\n$\n48,211 $\n45,007 $\n41,930"
    assert read(extractor, text) == [
        ("$\n48,211", 48211.0, "USD"), ("$\n45,007", 45007.0, "USD"), ("$\n41,930", 41930.0, "USD"),
    ]


def test_a_rate_of_money_per_unit(extractor):
    (mention,) = extractor.extract("Rock excavation: $65.00 per cubic yard.").mentions
    assert mention.value == 65.0 and mention.dimension == "[currency] / [length] ** 3"
    # a sum written twice, in words and figures, then the rate: both are the rate
    text = "Rock excavation: Sixty-Five Dollars ($65.00) per cubic yard."
    assert [(m.text, m.value, m.dimension) for m in extractor.extract(text).mentions] == [
        ("Sixty-Five Dollars", 65.0, "[currency] / [length] ** 3"),
        ("$65.00", 65.0, "[currency] / [length] ** 3"),
    ]
    # a share is not a unit: a dividend per share stays an amount of money
    assert read(extractor, "a dividend of $0.91 per share") == [("$0.91", 0.91, "USD")]


# --- the scale a heading gives ---------------------------------------------------------------

STATEMENT = """CONSOLIDATED STATEMENT OF EARNINGS
(Dollars in millions, except per share data)
Years ended December 31,
2023
2022
Revenues
$
7,214 $
6,980
Gross profit
2,905 \n2,611
Earnings per share
Basic
$
3.12 $
2.87
Diluted
$
3.10 $
2.85
The Company also repaid $400,000,000 of notes in the year."""


def test_a_heading_scale_applies_to_the_figures_below_it(extractor):
    found = {m.text: (m.value, m.unit_expression) for m in extractor.extract(STATEMENT).mentions}
    assert found["$\n7,214"] == (7.214e9, "USD")
    assert found["2,905"] == (2.905e9, "USD")  # a bare cell takes the heading's currency too
    # per-share rows, the "Basic" and "Diluted" rows of that group included, keep their value
    assert found["$\n3.12"] == (3.12, "USD") and found["$\n2.85"] == (2.85, "USD")
    # running prose below the table says what it means
    assert found["$400,000,000"] == (4e8, "USD")
    assert "2023" not in found  # the years heading the columns are not amounts


@pytest.mark.parametrize(
    ("heading", "value", "unit"),
    [
        ("(Millions)", -1.577e9, None),
        ("(In thousands, except par value)", -1.577e6, None),
        ("In millions, except per share amounts", -1.577e9, None),
        ("($ in millions)", -1.577e9, "USD"),
        ("Year Ended December 31 (Millions, except per share amounts)", -1.577e9, None),
    ],
)
def test_scale_headings_as_statements_write_them(extractor, heading, value, unit):
    (mention,) = extractor.extract(f"{heading}\nPurchases of property and equipment\n(1,577)").mentions
    assert (mention.value, mention.unit_expression) == (value, unit)


def test_a_claim_with_a_scale_word_is_matched_by_a_figure_under_a_scale_heading(extractor):
    result = check(extractor, "Gross profit rose to $2,905 million.", STATEMENT)
    assert result.status == "ok", [u.explanation for u in result.unmatched]
    cited = "(in millions)\nTotal restructuring charges\n$\n318 \n$\n204"
    assert check(extractor, "Restructuring charges were $318 million.", cited).status == "ok"


def test_a_claim_without_the_scale_the_heading_gives_is_not_matched(extractor):
    # FinanceBench states "in USD millions" in the question and "$1577.00" in the answer: the
    # answer alone says $1,577, which a statement in millions does not support
    cited = "(Dollars in millions)\nCapital expenditures\n1,577"
    result = check(extractor, "Capital expenditures were $1577.00.", cited)
    assert result.status == "unsupported_quantity"


# --- numbers in words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a sum of Three Million Four Hundred Twenty-One Thousand Dollars ($3,421,000.00)",
         [("Three Million Four Hundred Twenty-One Thousand Dollars", 3421000.0, "USD"),
          ("$3,421,000.00", 3421000.0, "USD")]),
        ("limits of not less than Two Million Dollars ($2,000,000.00) each",
         [("not less than Two Million Dollars", 2e6, "USD"), ("$2,000,000.00", 2e6, "USD")]),
        ("the twenty-year average of the station", [("twenty-year", 20.0, "year")]),
        ("within seven working days of receipt, and 2 copies", [("within seven working days", 7.0, "day"),
                                                               ("2", 2.0, None)]),
        ("for the six \nmonths ended June 30", [("six \nmonths", 6.0, "month")]),
        ("interest at two percent per month", [("two percent per month", 2.0, "(percent) / (month)")]),
    ],
)
def test_numbers_written_in_words(extractor, text, expected):
    assert read(extractor, text) == expected


def test_fractions_written_in_words(extractor):
    (mention,) = extractor.extract("not more than one-third of the bars").mentions
    assert (mention.value, mention.bound, mention.unit_expression) == (pytest.approx(1 / 3), "max", None)
    assert extractor.extract("one of the two").mentions == ()


# --- numbers that name things ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "as defined in 18 U.S.C. 921(a) and 27 CFR Part 478",
        "subject to E.O. 13637 and 5 U.S.C. 553 and 554",
        "No. 6 and No. 8 blasting caps",
        "reported on Forms 6 and 6A",
        "under step 2 or 3 of the procedure",
        "in Rooms 118 through 120",
        "the Bureau, Washington, DC 20226.",
        "call (304) 616-4550 for information",
        "(2) Minor components and parts",
        "(1) Current Health Ltd and (2) Two Peaks",
        "costs at 3M and at IZH 34M",
        "Butyl 2-chloro-4-fluorophenoxyacetate",
        "deliver to 410 Commerce Street, Millbrook",
        "AASHTO M 182, burlap cloth",
        "Handbook P1, edition 1",
        "not exceeding the limit in subparagraph 1.",
        "a 2022 second quarter charge",
    ],
)
def test_numbers_that_name_things_are_not_amounts(extractor, text):
    assert extractor.extract(text).mentions == ()


def test_counts_beside_letters_and_brackets(extractor):
    assert read(extractor, "in the trial (n=96, aged 6 to 17 years)")[0] == ("96", 96.0, None)
    assert read(extractor, "between FY 2023 and FY 2022.(3.4% jump)") == [("3.4%", 3.4, "percent")]


# --- units -----------------------------------------------------------------------------------


def test_a_tolerance_with_no_value_before_it_is_a_range_about_zero(extractor):
    (mention,) = extractor.extract("from the elevation indicated: plus or minus 1/2 inch.").mentions
    assert (mention.text, mention.value, mention.upper, mention.bound) == (
        "plus or minus 1/2 inch", -0.5, 0.5, "range")
    (mention,) = extractor.extract("flatness within ± 3 mm.").mentions
    assert (mention.value, mention.upper, mention.unit_expression) == (-3.0, 3.0, "millimeter")


def test_units_that_were_missing(extractor):
    assert read(extractor, "weighing 10 ounces per square yard") == [
        ("10 ounces per square yard", 10.0, "(ounce) / (yard ** 2)")]
    assert read(extractor, "raised guidance by 2 percentage points") == [
        ("2 percentage points", 2.0, "percentage_point")]  # no percent (audit 57)


# --- promoted from the open classes (issue 22) ------------------------------------------------


def test_a_drawing_scale_is_not_a_range(extractor):
    mentions = extractor.extract("at a scale of not less than 1/8 inch to 1 foot.").mentions
    assert [(m.value, m.unit_expression) for m in mentions] == [(0.125, "inch"), (1.0, "foot")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # fresh words: a scale stated on a plan, and one "scaled" at
        ("Site plans drawn to a scale of 1/16 inch to 1 foot", [(0.0625, "inch"), (1.0, "foot")]),
        ("details scaled at 3 inches to 1 foot minimum", [(3.0, "inch"), (1.0, "foot")]),
        # a range of mixed units without the scale word stays a range
        ("footings 8 inches to 2 feet deep", [(8.0, "inch")]),
        ("pipe runs of 10 feet to 1 mile", [(10.0, "foot")]),
    ],
)
def test_a_scale_is_two_lengths_and_a_range_stays_one(extractor, text, expected):
    mentions = extractor.extract(text).mentions
    assert [(m.value, m.unit_expression) for m in mentions] == expected


def test_a_percent_claim_against_cells_under_a_percent_header(extractor):
    cited = "Net earnings\n% to Sales\n4,512\n18.4\n4,077\n17.9"
    assert check(extractor, "Net earnings were 18.4% of sales.", cited).status == "ok"


def test_percent_columns_in_fresh_words(extractor):
    # a "Percent of revenue" header spread over two lines, cells one per line
    cited = "Operating income\nAmount\nPercent\nof revenue\n2,310\n12.7\n2,004\n11.9"
    assert check(extractor, "Operating income was 12.7% of revenue.", cited).status == "ok"
    assert check(extractor, "Operating income was 13.7% of revenue.", cited).status == "unsupported_quantity"
    # the first cell of a change column carries "%", the next do not; a fall is bracketed
    cited = "Change by region\nNorth\n4.1 %\nSouth\n(2.6)\nWest\n0.8"
    assert check(extractor, "The South region fell 2.6%.", cited).status == "ok"
    assert check(extractor, "The West region grew 0.8%.", cited).status == "ok"
    # no percent header and no percent cell above: a bare number is no percent
    assert check(extractor, "Margin was 12.7%.", "Operating income\n2,310\n12.7").status == "unsupported_quantity"
    # a cell read this weakly must be on the claim's row: 8.2 is research's share, not marketing's
    cited = "Costs\n% of revenue\nResearch\n8.2\nMarketing\n9.0"
    assert check(extractor, "Research took 8.2% of revenue.", cited).status == "ok"
    assert check(extractor, "Marketing took 8.2% of revenue.", cited).status == "unsupported_quantity"
    # a cell above the header does not count: the header must stand above the cell
    cited = "Units sold\n12.7\n% of total\n40.1"
    assert check(extractor, "It was 12.7% of the total.", cited).status == "unsupported_quantity"


def test_a_decline_in_words_against_a_bracketed_negative(extractor):
    """A direction word carries the sign the source brackets (promoted from the open classes)."""
    cited = "International\n46,363\n46,619\n(0.6)%"
    assert check(extractor, "International sales declined by 0.6%.", cited).status == "ok"


def test_a_money_claim_against_a_bare_row_of_a_statement_in_millions(extractor):
    cited = "(in millions, except ratios)\nTotal net revenue\n$\n12,310\nNet income\n3,725"
    assert check(extractor, "Net income was $3,725 million.", cited).status == "ok"


def test_a_statement_heading_without_a_currency_takes_the_one_its_cells_write(extractor):
    text = ("(In thousands)\nRevenue\n$\n81,250\nCost of revenue\n52,100\n"
            "Employees at year end\n1,140\nWeighted average shares outstanding\n20,415")
    found = {m.text: (m.value, m.unit_expression) for m in extractor.extract(text).mentions}
    assert found["52,100"] == (52_100_000.0, "USD")
    # counts keep the scale and take no currency
    assert found["1,140"] == (1_140_000.0, None)
    assert found["20,415"] == (20_415_000.0, None)
    # a heading with no currency over cells that write none leaves them bare
    (mention,) = extractor.extract("(in millions)\nTotal backlog\n4,410").mentions
    assert (mention.value, mention.unit_expression) == (4.41e9, None)


@pytest.mark.parametrize(
    ("heading", "unit"),
    [("($ million)", "USD"), ("(US$ millions)", "USD"), ("(€ million)", "EUR"), ("(£ thousand)", "GBP")],
)
def test_a_currency_sign_before_a_singular_scale_is_a_heading(extractor, heading, unit):
    (mention,) = extractor.extract(f"Quarter ended March 31\n{heading}\nAdjusted EBITDA\n \n1,215 \n").mentions
    scale = 1e3 if "thousand" in heading else 1e6
    assert (mention.value, mention.unit_expression) == (1215 * scale, unit)


def test_an_outflow_in_brackets_against_a_claim_of_its_amount(extractor):
    statement = ("(Millions)\nNet income\n$\n2,904\nPayments for acquisitions, net of cash acquired\n(845)\n"
                 "Net loss from discontinued operations\n(312)")
    # the row names a payment: the claim states its amount
    assert check(extractor, "Acquisitions cost the company $845 million.", statement).status == "ok"
    # the claim names the outflow, the row does not
    assert check(extractor, "It spent $312 million.", "(Millions)\nOther items\n$\n9\nOther\n(312)").status == "ok"
    # a loss is not an income of the same amount, nor does a rise match a bracketed figure
    assert check(extractor, "Income from discontinued operations was $312 million.",
                 statement).status == "unsupported_quantity"
    assert check(extractor, "Acquisition payments rose to $845 million.", statement).status == "unsupported_quantity"
    assert check(extractor, "Acquisitions cost the company $930 million.", statement).status == "unsupported_quantity"


def test_a_multiplier_with_a_glued_x(extractor):
    assert values(extractor, "coverage needs to reach the 1.5x mark") == [1.5]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("net leverage fell to 2.8x at year end", [2.8]),
        ("an interest cover of 11x (prior year 9×)", [11.0, 9.0]),
        ("2x4 studs at 16 inches", [16.0]),  # a dimension of lumber is not a multiplier
    ],
)
def test_multipliers_in_fresh_words(extractor, text, expected):
    assert values(extractor, text) == expected


# =============================================================================================
# Open: classes not fixed yet
# =============================================================================================


def test_floor_f_numbers_are_quantities(extractor):
    """FF and FL are a floor's F-numbers (ACI 117) beside the flatness or levelness words, or
    written together; alone, FL 2 is a floor level."""
    assert values(extractor, "Specified overall values of flatness, FF 35; and of levelness, FL 25.") == [35, 25]
    assert values(extractor, "WAREHOUSE SLAB: FF 45 / FL 30 MIN.") == [45, 30]
    assert values(extractor, "SEE FL 2 FRAMING PLAN.") == []


# =============================================================================================
# Pinned: quantulum3's failure classes, where inforce is right
# =============================================================================================


@pytest.mark.parametrize(
    ("text", "value"),
    [("TOP OF FOOTING EL. 12'-6\"", 12.5), ("2'-0\" WIDE", 2.0), ("96'-6\" OVERALL", 96.5),
     ("| F2 | 1'-4\" |", 1 + 4 / 12)],
)
def test_feet_and_inches_are_one_length_in_feet(extractor, text, value):
    (mention,) = extractor.extract(text).mentions
    assert mention.unit_expression == "foot" and mention.value == pytest.approx(value)
    assert mention.notation == "feet_inches"


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [("CONCRETE f'c = 4,000 PSI", 4000.0, "psi"), ("f'c=5000 psi at 28 days", 5000.0, "psi"),
     ("f'c = 28 MPa", 28.0, "megapascal"), ("Fy = 60 ksi", 60.0, "ksi")],
)
def test_construction_notation(extractor, text, value, unit):
    mention = extractor.extract(text).mentions[0]
    assert (mention.value, mention.unit_expression) == (value, unit)
    if text.startswith(("CONCRETE", "f'c")):
        assert mention.subject == "concrete.compressive_strength" and mention.bound == "min"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("placed above 85 deg F", (85.0, None, "degree_Fahrenheit")),
        ("a membrane 15 mils thick", (15.0, None, "thou")),
        ("lap 1-1/2 inches", (1.5, None, "inch")),
        ("15 to less than 20 kg", (15.0, 20.0, "kilogram")),
        ("imprisonment of 1 to 5 years at most", (1.0, 5.0, "year")),
        ("not less than 200 square feet at each", (200.0, None, "foot ** 2")),
    ],
)
def test_units_and_ranges_quantulum_misreads(extractor, text, expected):
    (mention,) = extractor.extract(text).mentions
    assert (mention.value, mention.upper, mention.unit_expression) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Refer to Section 2.1 and Section 03 30 00.",
        "as described in (5.3)",
        "ISSUED FOR BIDDING MARCH 2, 2026",
        "revised 3/2025",
        "in fiscal 2022 and FY 2021",
        "1. GENERAL",
        "received before 2:00 p.m.",
        "See Detail 4/S-501.",
        "ASTM C39 and ACI 302.1R",
        "Grade 60, Type 1 cement",
        "genotype CYP3A4 and HIV-1",
        "under 27 CFR Part 447",
    ],
)
def test_section_numbers_dates_and_identifiers_are_not_quantities(extractor, text):
    assert extractor.extract(text).mentions == ()


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [("organic sales (4.2) %", -4.2, "percent"), ("a loss of $(1.2) million", -1.2e6, "USD"),
     ("Net cash used\n(1,577)", -1577.0, None), ("Other, net\n(27.9)", -27.9, None)],
)
def test_bracketed_negatives(extractor, text, value, unit):
    (mention,) = extractor.extract(text).mentions
    assert (mention.value, mention.unit_expression) == (value, unit)
