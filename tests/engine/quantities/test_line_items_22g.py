"""Issue 22 (fix22g, FinanceBench 00651's form): a figure of a statement's prose is stated for
the line item its own words name ("organic sales growth of 5.2%"), so a claim stating that
number for another line item ("diluted EPS growth of 5.2%") is refused naming both; a figure
whose own words name no item ("... of $4.80, up 7.1%") answers for the item named before it."""

from __future__ import annotations

from inforce.engine.quantities.claims import check_claim_quantities

RELEASE = """\
 Full-year diluted earnings per share of $4.12 declined 2.4%, while adjusted diluted EPS of $4.80
rose 7.1%*
____________________________________________________________
 Outlook: the Group expects organic sales growth of 5.2%* and adjusted diluted EPS of $5.10,
an increase of 6.3%*
"""


def _check(claim: str):
    return check_claim_quantities(claim, [RELEASE])


def test_a_figure_stated_for_another_line_item_is_refused_naming_both() -> None:
    found = _check("Adjusted diluted EPS is expected to grow 5.2% next year.")
    assert found.status == "unsupported_quantity"
    assert found.unmatched[0].reason == "condition_differs"
    assert "earnings per share" in found.unmatched[0].explanation and "sales" in found.unmatched[0].explanation


def test_the_figure_of_the_item_the_claim_names_answers() -> None:
    assert _check("Adjusted diluted EPS is expected to grow 6.3% next year.").status == "ok"
    assert _check("Organic revenue is expected to grow 5.2%.").status == "ok"  # revenue and sales: one item


def test_a_figure_whose_own_words_name_no_item_answers_for_the_item_before_it() -> None:
    # "rose 7.1%" names nothing: the EPS named on the line before holds for it
    assert _check("Adjusted diluted EPS rose 7.1% for the full year.").status == "ok"


def test_a_claim_naming_no_line_item_is_matched_as_before() -> None:
    assert _check("Growth was 5.2%.").status == "ok"
