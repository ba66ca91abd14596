"""The FinanceBench check benchmark of issue 10 (``bench/financebench_check.py``), as tests.

- How the benchmark writes claims: the question's scale appended, the perturbation keeping the
  number's formatting, list items kept on their lines.
- Each failure class the benchmark found that is inforce's, reproduced end to end
  (``Project.check``) on text written for the test in the same shape as the evidence it failed
  on (FinanceBench's licence is unclear, so none of its text is copied here), in a project
  written by the benchmark's own document writer. Open classes are strict xfails saying what
  goes wrong: when one starts passing, the xfail fails and the test is promoted (issue 22
  promoted five: no currency, sign, two percent columns, a singular scale heading). The data's
  classes (an answer computed from several figures, a scale stated off the excerpt) are not
  tested: ``unsupported_quantity`` is the right verdict there.
- The first 20 FinanceBench records end to end (skipped when ``../shared/data/financebench``
  is absent).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.extract import default_extractor
from inforce.ontology import Answer

from bench_scripts import load

BENCH = Path(__file__).resolve().parents[2] / "bench"
DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "financebench"


fc = load("financebench_check")


@pytest.fixture(scope="module")
def extractor():
    return default_extractor(None)


# ---- how the benchmark writes its claims ------------------------------------------------------


def test_the_question_scale_is_appended_to_a_bare_amount(extractor):
    scale = fc.question_scale("What is the FY2018 capital expenditure amount (in USD millions) for 3M?")
    assert scale == "million"
    assert fc.with_question_scale("$1577.00", scale, extractor) == "$1577.00 million"
    assert fc.with_question_scale("77.78", "million", extractor) == "77.78 million USD"
    # an answer that states its own scale, or a percent, is left as it is
    assert fc.with_question_scale("$1.6 billion", "million", extractor) is None
    assert fc.with_question_scale("4.2%", "million", extractor) is None
    assert fc.question_scale("What is the FY2019 fixed asset turnover ratio?") is None


@pytest.mark.parametrize(("claim", "perturbed"), [
    ("$1577.00 million", "$1734.70 million"),
    ("AMCOR's Adj. EBITDA was $2,018mn in FY 2023", "AMCOR's Adj. EBITDA was $2,220mn in FY 2023"),
    ("The consumer segment shrunk by 0.9% organically.", "The consumer segment shrunk by 1.0% organically."),
    ("negative working capital of -$1561M", "negative working capital of -$1717M"),
    ("0.01", "0.011"),  # rounding would leave it unchanged: one more decimal
    ("$8,400,000,000.", "$9,240,000,000."),
    ("raised guidance by 1 percentage point", "raised guidance by 1.1 percentage point"),
])
def test_the_perturbation_keeps_the_formatting(extractor, claim, perturbed):
    assert fc.perturb(claim, extractor)[0] == perturbed


def test_a_zero_has_no_perturbation(extractor):
    assert fc.perturb("0", extractor) is None


def test_list_items_stay_on_their_lines_and_notes_are_left_out(extractor):
    answer = ("Listed on the exchange:\n-1.500% Notes due 2026\n-1.750% Notes due 2030\n"
              "The answer here assumes FY2023 refers to the 12 months ended on January 28, 2023.")
    text = fc.claim_text(answer, extractor)
    assert text == "Listed on the exchange:\n-1.500% Notes due 2026\n-1.750% Notes due 2030"
    # a dash opening a line is a list item, not a minus
    assert [m.value for m in extractor.extract(text).mentions] == [1.5, 1.75]
    assert fc.claim_text("Lower marketing expenses drove it.", extractor) is None


# ---- the failure classes, end to end ----------------------------------------------------------

#: One evidence excerpt per class, in the shape of the FinanceBench page it failed on.
EXCERPTS = {
    # a cash-flow statement: the scale heading names no currency, "$" on the first row only,
    # purchases as bracketed outflows
    "cash_flow": ("Consolidated Statement of Cash Flows\nYears ended December 31\n(Millions)\n2018\n2017\n"
                  "Net income including noncontrolling interest\n$\n5,363 \n$\n4,869 \n"
                  "Depreciation and amortization\n \n1,488 \n \n1,544 \n"
                  "Purchases of property, plant and equipment (PP&E)\n \n(1,577) \n \n(1,373) \n"),
    # segment results "(in millions)": "$" on the total row only
    "segments": ("Segment results\n(in millions)\nTotal net revenue\n$\n12,310 \nNet income\n"
                 "Consumer & Community Banking\n1,004 \nCorporate & Investment Bank\n3,725 \n"),
    # an earnings release table headed "($ million)"
    "release": ("Twelve Months Ended June 30, 2023\n($ million)\nEBITDA\nEBIT\nNet income\n"
                "Adjusted EBITDA\n \n2,018 \n \n1,608 \n"),
    # a statement of earnings with a percent-to-sales column; the text layer puts each
    # amount's "$" before the next cell
    "earnings": ("Statement of Earnings\n(Unaudited; in Millions Except Per Share Figures)\n"
                 "Amount\nPercent\nto Sales\nAmount\nPercent\nto Sales\n"
                 "Sales to customers\n25,530\n$ \n 100.0\n24,020\n$ \n 100.0\n"
                 "Net earnings\n5,144\n$ \n20.1\n4,814\n$ \n20.0\n"),
    # organic growth by segment: "%" on the first row only, declines bracketed
    "growth": ("Worldwide Sales Change\nBy Business Segment\nOrganic sales\nTotal sales change\n"
               "Safety and Industrial\n1.0 %\n(3.2) %\nConsumer\n(0.9)\n(3.9)\n"),
    # sales by region, declines bracketed with "%"
    "regions": ("Sales by geographic area\nU.S.\n48,580\n47,156\n3.0%\n"
                "International\n46,363\n46,619\n(0.6)%\n"),
    # a balance sheet in millions with a currency, as the engine reads it today
    "balance": ("Consolidated Balance Sheet\n(Dollars in millions, except per share amount)\n2018\n2017\n"
                "Property, plant and equipment - net\n8,738 \n8,866 \n"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Project:
    """One evidence document per excerpt, written by the benchmark's writer, ingested once."""
    records = [{
        "financebench_id": f"financebench_id_9{number:04d}", "doc_name": f"TEST_{name.upper()}",
        "evidence": [{"evidence_text": text, "evidence_text_full_page": "Table of Contents\n" + text,
                      "doc_name": f"TEST_{name.upper()}", "evidence_page_num": 0}],
    } for number, (name, text) in enumerate(EXCERPTS.items())]
    folder = tmp_path_factory.mktemp("financebench") / "project"
    fc.write_project(folder, records, {})
    ingest_project(folder)
    with Project.open(folder) as opened:
        yield opened


def status(project: Project, claim: str, excerpt: str) -> str:
    """The status of ``claim`` citing the evidence section of ``excerpt``'s document."""
    number = list(EXCERPTS).index(excerpt)
    locator = f"{fc.doc_id(f'financebench_id_9{number:04d}', 0)}#{fc.EVIDENCE}"
    answer = Answer.model_validate(fc.answer_json([(claim, (locator,))]))
    return project.check(answer, tier="low").claims[0].status


def test_the_evidence_is_one_provision_of_the_page(project):
    number = list(EXCERPTS).index("balance")
    doc = fc.doc_id(f"financebench_id_9{number:04d}", 0)
    evidence = project.show(f"{doc}#{fc.EVIDENCE}").text
    assert "Property, plant and equipment - net\n8,738" in evidence
    assert "Table of Contents" not in evidence  # the page before the excerpt is §1
    assert "Table of Contents" in project.show(f"{doc}#1").text


def test_a_figure_of_a_statement_with_its_currency_is_matched_and_a_changed_one_is_not(project):
    assert status(project, "Net PP&E was $8.7 billion.", "balance") == "ok"
    assert status(project, "Net PP&E was $8,738 million.", "balance") == "ok"
    assert status(project, "Net PP&E was $9.6 billion.", "balance") == "unsupported_quantity"
    assert status(project, "Net PP&E was $9,612 million.", "balance") == "unsupported_quantity"


def test_a_percent_stated_with_its_sign_is_matched(project):
    assert status(project, "U.S. sales increased 3.0%.", "regions") == "ok"
    assert status(project, "U.S. sales increased 3.3%.", "regions") == "unsupported_quantity"


def test_a_money_claim_against_a_bare_row_of_a_statement_in_millions(project):
    """No currency (promoted, issue 22): a heading "(in millions)" names no currency and "$" stands on
    the first row only; the bare rows take the currency their table writes (FinanceBench 00394, 04700)."""
    assert status(project, "Its net income was $3,725 million.", "segments") == "ok"


def test_a_capital_expenditure_against_a_bracketed_outflow(project):
    """Sign (promoted, issue 22): a purchase is a bracketed outflow "(1,577)" on a row naming it; the
    claim states the amount (FinanceBench 03029, 05718, 04980)."""
    assert status(project, "Capital expenditure was $1,577 million.", "cash_flow") == "ok"


def test_a_decline_in_words_against_a_bracketed_negative_percent(project):
    """'declined 0.6%' against '(0.6)%': the direction word carries the sign (FinanceBench 01484)."""
    assert status(project, "International sales declined 0.6%.", "regions") == "ok"


def test_a_percent_claim_against_a_percent_to_sales_column(project):
    """Percent column (promoted, issue 22): cells under a "Percent to Sales" header, read without "%"
    and after a stray "$", match a percent claim as the number written (FinanceBench 01487)."""
    assert status(project, "Net earnings were 20.1% of sales.", "earnings") == "ok"


def test_a_decline_against_a_bare_bracketed_cell_of_a_percent_column(project):
    """Percent column and sign (promoted, issue 22): "%" on the first row only, a decline bracketed:
    "shrunk by 0.9%" against "(0.9)" (FinanceBench 01865)."""
    assert status(project, "The consumer segment shrunk by 0.9% organically.", "growth") == "ok"


def test_a_money_claim_under_a_singular_dollar_million_heading(project):
    """Scale heading (promoted, issue 22): "($ million)", singular with the currency inside, is a scale
    heading (FinanceBench 01928)."""
    assert status(project, "Adjusted EBITDA was $2,018 million.", "release") == "ok"


def test_a_number_of_another_row_does_not_support_the_claim(project):
    """Another row (promoted, audit 23p P8): '1.0%' is Safety and Industrial's growth, and the claim
    names the Consumer row: a figure read from a table row is stated for that row (FinanceBench 01865
    and 00651 perturbed)."""
    assert status(project, "The consumer segment shrunk by 1.0% organically.", "growth") == "unsupported_quantity"


# ---- the first 20 FinanceBench records --------------------------------------------------------


@pytest.mark.shared
@pytest.mark.slow
def test_the_first_20_records_end_to_end(tmp_path, extractor):
    if not (DATA / "financebench_open_source.jsonl").is_file():
        pytest.skip("../shared/data/financebench is not here")
    records = fc.financebench_records(DATA)[:20]
    fc.write_project(tmp_path, records, fc.financebench_documents(DATA))
    ingest_project(tmp_path)
    samples, _ = fc.build_samples(records, extractor)
    with Project.open(tmp_path) as opened:
        gold, _ = fc.check_each(opened, [(s.gold, s.citations) for s in samples])
        changed = [s for s in samples if s.perturbed is not None]
        perturbed, _ = fc.check_each(opened, [(s.perturbed, s.citations) for s in changed])
        together, _ = fc.check_together(opened, [(s.gold, s.citations) for s in samples])
    assert len(samples) == 20 and len(changed) == 19  # every answer states a number; 01319's is 0
    # one Answer per claim and one for all of them agree claim by claim
    assert [r.status for r in gold] == [r.status for r in together]
    # the perturbed: at least 90% unsupported_quantity (01865's 1.0%, another row's, is told apart
    # since audit 23p P8)
    right = [s.record for s, r in zip(changed, perturbed, strict=True) if r.status == "unsupported_quantity"]
    assert len(right) >= 0.9 * len(changed)
    # every gold claim judged ok has its perturbed claim told apart
    ok = {s.record for s, r in zip(samples, gold, strict=True) if r.status == "ok"}
    assert ok and ok <= set(right)
    # the gold: far below 90% on these records (3 of 20), and rightly: the 17 failures are the
    # data's (14 answers computed from several figures, one "0" for "not stated", one count
    # from an ordinal, one "$8.70" for 8,738 millions); every failure is unsupported_quantity
    # in a known class, and none is inforce's (issue 22 fixed 03029: sign + no currency, and
    # 01865: sign + percent column)
    cache: dict[str, list] = {}
    classes = {}
    for sample, result in zip(samples, gold, strict=True):
        if result.status != "ok":
            assert result.status == "unsupported_quantity", (sample.record, result.detail)
            classes[sample.record] = fc.gold_class(sample, result, extractor, cache)[0]
    assert all(part in fc.CLASSES for name in classes.values() for part in name.split(" + ")), classes
    assert "financebench_id_00941" in ok  # three rates in list items, each on its line
    inforce = sorted(record for record, name in classes.items() if fc.owner(name) == "inforce")
    assert not inforce, classes
    assert {"financebench_id_03029", "financebench_id_01865"} <= ok

