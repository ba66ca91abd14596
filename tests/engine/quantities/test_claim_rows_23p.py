"""A figure read from a table row is stated for that row (audit 23p P8), and the claim check's
cost grows with the cited figures, not with their square (audit 23p P7).

P8: a claim naming one row of a cited table is not supported by an equal figure on another
row ("Sludge cake is hauled every 14 days" where 14 days is the grit row's). The claim's row is
told by its words: those before its figure, back to the figure before (else those after it to
the clause's end, where no other figure follows); a row label sharing more of them than the
figure's own row does is the row the claim speaks of: ``condition_differs``, naming both rows
and what the claim's row states. A claim naming no row, or naming the figure's own row, is
compared as before.
"""

from __future__ import annotations

import time

import pytest

from inforce.engine.quantities import check_claim_quantities
from inforce.engine.quantities import claims as claims_module
from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def extractor():
    return default_extractor(None)


#: A Markdown schedule: one figure per row, the same unit on every row.
HAULING = ("Hauling intervals:\n\n| Residual | Interval |\n|---|---|\n| Grit | 14 days |\n"
           "| Sludge cake | 30 days |\n| Screenings | 7 days |")
#: A statement as a PDF text layer writes it: each cell on a line of its own under its label.
LEDGER = ("Summary of results\n(Amounts in thousands of dollars)\n2031\n2030\n"
          "Membership dues\n$\n6,240\n$\n5,980\n"
          "Facility rentals\n\n2,115\n\n1,870\n"
          "Program grants\n\n940\n\n1,020\n")


def _status(extractor, claim: str, cited: str):
    found = check_claim_quantities(claim, [cited], extractor=extractor)
    return found.status, [u.reason for u in found.unmatched], " ".join(u.explanation for u in found.unmatched)


@pytest.mark.parametrize(("claim", "row", "states"), [
    ("Sludge cake is hauled every 14 days.", "Sludge cake", "30 days"),
    ("Screenings go out every 30 days.", "Screenings", "7 days"),
    ("Grit leaves the plant every 7 days.", "Grit", "14 days"),
])
def test_a_markdown_row_figure_does_not_answer_a_claim_naming_another_row(extractor, claim, row, states):
    status, reasons, why = _status(extractor, claim, HAULING)
    assert status == "unsupported_quantity" and reasons == ["condition_differs"]
    assert repr(row) in why and repr(states) in why


@pytest.mark.parametrize("claim", [
    "Sludge cake is hauled every 30 days.",
    "Grit is hauled every 14 days.",
    "Screenings: every 7 days.",
    "Residuals are hauled at least every 7 days.",  # names no row: any row's figure is compared
])
def test_a_claim_naming_its_own_row_or_none_is_still_answered(extractor, claim):
    assert _status(extractor, claim, HAULING)[0] == "ok"


def test_the_row_may_be_named_after_the_figure(extractor):
    assert _status(extractor, "Every 14 days for the sludge cake.", HAULING)[:2] == (
        "unsupported_quantity", ["condition_differs"])
    assert _status(extractor, "Every 30 days for the sludge cake.", HAULING)[0] == "ok"


@pytest.mark.parametrize(("claim", "expected"), [
    ("Facility rentals brought in $6,240 thousand in 2031.", "unsupported_quantity"),  # the dues row's
    ("Program grants were $2,115 thousand.", "unsupported_quantity"),  # the rentals row's
    ("Membership dues were $6,240 thousand.", "ok"),
    ("Facility rentals were $2,115 thousand.", "ok"),
])
def test_a_text_layer_statement_row_is_its_label_above(extractor, claim, expected):
    assert _status(extractor, claim, LEDGER)[0] == expected


def test_each_figure_of_a_claim_is_read_with_its_own_words(extractor):
    swapped = "Membership dues were $2,115 thousand and facility rentals were $6,240 thousand."
    right = "Membership dues were $6,240 thousand and facility rentals were $2,115 thousand."
    assert _status(extractor, swapped, LEDGER)[1] == ["condition_differs", "condition_differs"]
    assert _status(extractor, right, LEDGER)[0] == "ok"


def test_words_before_the_next_figure_are_not_read_for_this_one(extractor):
    """ "14 days versus sludge cake at 30 days": the words after 14 days are the next figure's."""
    assert _status(extractor, "Grit goes every 14 days versus sludge cake at 30 days.", HAULING)[0] == "ok"


# ---- P7: the cost of a long cited table ----------------------------------------------------------


def _long_schedule(rows: int) -> str:
    """A strength schedule: every figure bound to one subject, under one (empty) condition."""
    lines = ["| Placement | Compressive strength |", "|---|---|"]
    lines += [f"| Cast-in-place placement | {3000 + (n % 40) * 100:,} psi |" for n in range(rows)]
    return "\n".join(lines)


def test_governing_figures_are_compared_by_condition_not_by_pairs_of_figures(extractor, monkeypatch):
    """Every row of a long schedule has the same (empty) condition: ``governs`` is asked about
    distinct conditions, so its calls do not grow with the rows (they grew with their square)."""
    calls = {"n": 0}
    real = claims_module.governs

    def counted(*args, **kwargs):
        calls["n"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(claims_module, "governs", counted)
    claim = "Cast-in-place placements need 3,100 psi, 3,200 psi and 3,300 psi."
    for rows in (50, 400):
        calls["n"] = 0
        assert check_claim_quantities(claim, [_long_schedule(rows)], extractor=extractor).status == "ok"
        assert calls["n"] <= 3 * 2  # at most a few per claim figure, whatever the rows


def test_the_governing_rule_is_the_pairwise_rule(extractor):
    """The grouped reading names the same governing figure as comparing every pair did: the
    first figure, in cited order, whose condition governs."""
    from inforce.engine.quantities.conditions import condition_conflict, governs, term_facets

    cited = ["Recommended dose: 500 mg twice daily.",
             "In elderly patients, the recommended dose is 250 mg twice daily.",
             "For adults, the recommended dose is 500 mg twice daily.",
             "The dose may be increased to 1,000 mg twice daily."]
    sources = [(i, m) for i, text in enumerate(cited) for m in extractor.extract(text).mentions]
    vocabulary = extractor.vocabulary
    facets = term_facets(vocabulary)
    for claim_text in ("The recommended dose is 500 mg twice daily.",
                       "In elderly patients the recommended dose is 250 mg twice daily.",
                       "For adults, the recommended dose is 500 mg twice daily."):
        for claim in extractor.extract(claim_text).mentions:
            comparable = [(i, s) for i, s in sources if s.value is not None and s.dimension == claim.dimension]
            agreeing = [(i, s) for i, s in comparable if s.subject is not None and claim.subject in (None, s.subject)
                        and condition_conflict(claim.condition, s.condition, facets) is None]
            pairwise = {}
            for _, source in agreeing:
                for index, other in agreeing:
                    if other is not source and other.subject == source.subject \
                            and governs(other.condition, source.condition, claim.condition, facets):
                        pairwise[id(source)] = (index, other)
                        break
            grouped = claims_module._governing(claim, comparable, vocabulary)
            assert {k: (i, id(o)) for k, (i, o) in grouped.items()} == \
                   {k: (i, id(o)) for k, (i, o) in pairwise.items()}


@pytest.mark.slow
def test_a_long_claim_against_a_long_table_takes_seconds_not_minutes(extractor):
    """Forty figures against 1,000 rows: the pairwise rule asked ``governs`` 40 x 1,000 x 999 times."""
    claim = " ".join(f"Placements need {3000 + n * 100:,} psi." for n in range(40))
    began = time.perf_counter()
    found = check_claim_quantities(claim, [_long_schedule(1000)], extractor=extractor)
    assert len(found.matched) + len(found.unmatched) == 40
    assert time.perf_counter() - began < 60
