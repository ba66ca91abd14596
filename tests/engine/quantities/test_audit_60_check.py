"""Audit 60-C (issue 23): dates, bound words and ranges ``inforce check`` answered wrongly.

A claim changing a date's month or year is refused like one changing its day; a bound written
as an adjective ("Maximum aggregate size") or, in Spanish, as "como mínimo" is read as a bound,
so a claim with the other bound is not answered; one fixed figure claimed where the cited text
gives a range or a tolerance is not answered; a clock time "14:00 hours" is a time, not a
figure "00 hours". Each case is a claim checked through the CLI against a specification
written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """1.1 The Contract Time ends on March 15, 2027.

1.2 Notice to Proceed will be issued on 1 June 2027.

1.3 Substantial Completion shall be achieved by 15 March 2027.

1.4 Maximum aggregate size: 3/4 inch.

1.5 Minimum compressive strength: 4,000 psi.

1.6 Maximum water-cementitious ratio: 0.45.

1.7 La resistencia m\u00ednima del hormig\u00f3n ser\u00e1 de 25 MPa.

1.8 La resistencia del hormig\u00f3n ser\u00e1 de 25 MPa como m\u00ednimo.

1.9 Slump shall be 3 to 5 inches.

1.10 Air content: 5 percent, plus or minus 1.5 percent.

1.11 Mortar joints shall be 10 mm \u00b1 2 mm.

1.12 Bids close on Tuesday, 10 February 2027 at 14:00 hours.

1.13 The follow-up is due 14 days after dispatch; for example, an order dispatched on 3 June 2027 is due on 17 June 2027.

1.14 El plazo termina el 15 de marzo de 2027.

1.15 Submittals are due 03/15/2027.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit60c") / "q"
    ingest_specs(root, {"q-60": _SPEC})
    return root


_CASES = [
    # C01: a date's month or year is compared, as its day is
    ("Q-60#1.1", "The Contract Time ends on April 15, 2027.", {"refusal"}),
    ("Q-60#1.1", "The Contract Time ends on March 15, 2028.", {"refusal"}),
    ("Q-60#1.1", "The Contract Time ends on 2027-04-15.", {"refusal"}),
    ("Q-60#1.2", "Notice to Proceed will be issued on 1 July 2027.", {"refusal"}),
    ("Q-60#1.2", "Notice to Proceed will be issued on 1 June 2026.", {"refusal"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved by 15 April 2027.", {"refusal"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved by 13 March 2027.", {"refusal"}),
    ("Q-60#1.1", "The Contract Time ends on 15 March 2027.", {"answer"}),
    ("Q-60#1.1", "The Contract Time ends on 2027-03-15.", {"answer"}),
    ("Q-60#1.2", "Notice to Proceed will be issued on June 1, 2027.", {"answer"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved by March 15, 2027.", {"answer"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved by 15 March.", {"answer"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved by 15 April.", {"refusal"}),
    ("Q-60#1.3", "Substantial Completion shall be achieved in April 2027.", {"refusal"}),
    ("Q-60#1.14", "El plazo termina el 15 de abril de 2027.", {"refusal"}),
    ("Q-60#1.14", "El plazo termina el 15 de marzo de 2027.", {"answer"}),
    ("Q-60#1.15", "Submittals are due 2027-03-15.", {"answer"}),
    ("Q-60#1.15", "Submittals are due 2027-03-16.", {"refusal"}),
    # an example's date is no date the provision states: a date worked out from its rule is not
    # compared with it, a date of the example restated is
    ("Q-60#1.13", "An order dispatched on 1 July 2027 is due on 15 July 2027.", {"answer"}),
    ("Q-60#1.13", "An order dispatched on July 1, 2027 is due on July 15, 2027.", {"answer"}),
    ("Q-60#1.13", "For example, an order dispatched on 3 June 2027 is due on 18 June 2027.", {"refusal"}),
    ("Q-60#1.13", "For example, an order dispatched on 3 June 2027 is due on 17 June 2027.", {"answer"}),
    # C02: "Maximum"/"Minimum" before the thing, and Spanish "como m\u00ednimo", are bounds
    ("Q-60#1.4", "Minimum aggregate size: 3/4 inch.", {"refusal", "escalation"}),
    ("Q-60#1.5", "Maximum compressive strength: 4,000 psi.", {"refusal", "escalation"}),
    ("Q-60#1.6", "Minimum water-cementitious ratio: 0.45.", {"refusal", "escalation"}),
    ("Q-60#1.7", "La resistencia m\u00e1xima del hormig\u00f3n ser\u00e1 de 25 MPa.", {"refusal", "escalation"}),
    ("Q-60#1.8", "La resistencia del hormig\u00f3n ser\u00e1 de 25 MPa como m\u00e1ximo.", {"refusal", "escalation"}),
    ("Q-60#1.5", "Compressive strength shall not exceed 4,000 psi.", {"refusal", "escalation"}),
    ("Q-60#1.4", "Maximum aggregate size 3/4 in.", {"answer"}),
    ("Q-60#1.4", "Maximum aggregate size: 3/4 inch.", {"answer"}),
    ("Q-60#1.5", "Minimum compressive strength: 4000 psi.", {"answer"}),
    ("Q-60#1.6", "Maximum water-cementitious ratio: 0.45.", {"answer"}),
    ("Q-60#1.7", "La resistencia m\u00ednima del hormig\u00f3n ser\u00e1 de 25 MPa.", {"answer"}),
    ("Q-60#1.8", "La resistencia del hormig\u00f3n ser\u00e1 de 25 MPa como m\u00ednimo.", {"answer"}),
    # C03: one fixed figure is not a range or a figure with its tolerance
    ("Q-60#1.9", "Slump shall be 5 inches.", {"refusal", "escalation"}),
    ("Q-60#1.9", "Slump shall be 3 inches.", {"refusal", "escalation"}),
    ("Q-60#1.10", "Air content: 6.5 percent.", {"refusal", "escalation"}),
    ("Q-60#1.10", "Air content: 5 percent.", {"refusal", "escalation"}),
    ("Q-60#1.11", "Mortar joints shall be 12 mm.", {"refusal", "escalation"}),
    ("Q-60#1.11", "Mortar joints shall be 10 mm.", {"refusal", "escalation"}),
    ("Q-60#1.9", "Slump shall not exceed 5 inches.", {"escalation"}),
    ("Q-60#1.9", "Slump shall be 3 to 6 inches.", {"refusal"}),
    ("Q-60#1.9", "Slump: 3 to 5 inches.", {"answer"}),
    ("Q-60#1.9", "Slump shall be 3 to 5 inches.", {"answer"}),
    ("Q-60#1.10", "Air content: 5 percent, plus or minus 1.5 percent.", {"answer"}),
    ("Q-60#1.11", "Mortar joints shall be 10 mm \u00b1 2 mm.", {"answer"}),
    # C04: "14:00 hours" is a clock time
    ("Q-60#1.12", "Bids close on Tuesday, 10 March 2027 at 14:00 hours.", {"refusal"}),
    ("Q-60#1.12", "Bids close on Tuesday, 10 February 2027 at 14:00 hours.", {"answer"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _CASES)
def test_a_claim_is_answered_only_where_the_cited_text_says_it(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_a_named_bound_of_the_other_sense_is_a_bound_that_differs() -> None:
    """C02: the bound word naming the quantity is the figure's bound when it is compared."""
    from inforce.engine.quantities import check_claim_quantities

    [unmatched] = check_claim_quantities("Minimum aggregate size: 3/4 inch.", ["Maximum aggregate size: 3/4 inch."]).unmatched
    assert unmatched.reason == "bound_differs"
    assert "states a minimum" in unmatched.explanation and "is a maximum" in unmatched.explanation
    [unmatched] = check_claim_quantities("La resistencia del hormig\u00f3n ser\u00e1 de 25 MPa como m\u00e1ximo.",
                                         ["La resistencia del hormig\u00f3n ser\u00e1 de 25 MPa como m\u00ednimo."]).unmatched
    assert unmatched.reason == "bound_differs"
    assert check_claim_quantities("Aggregate size shall not exceed 3/4 inch.",
                                  ["Maximum aggregate size: 3/4 inch."]).status == "ok"


def test_a_clock_times_minutes_are_no_figure_and_no_count() -> None:
    """C04: the "00" of "14:00 hours" is neither a figure not read nor a count of hours."""
    from inforce.engine.quantities import unread_figures
    from inforce.engine.quantities.claims import states_count
    from inforce.engine.quantities.extract import default_extractor

    assert unread_figures("Bids close at 14:00 hours.", default_extractor) == []
    assert not states_count("Bids close at 14:00 hours.")
    assert unread_figures("The test runs 14 hours.", default_extractor) == []  # read by the extractor
    assert states_count("Apply 2 coats at 14:00 hours.")
