"""Audit 61-C (issue 23): a kind of day and a place's figure ``inforce check`` answered wrongly.

C1: a count of working (business, "úteis", "hábiles") days is no count of calendar days, though
the unit table reads both as pint's day: a claim naming the other kind is refused. C2: a claim
giving one place ("Slabs:", "en losas", "pour les dalles") the figure the cited text gives
another is refused; restating each place's own figure is still answered. Each case is a claim
checked through the CLI against a specification written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """1.1 The Contract Time is 180 calendar days.

1.2 The Contract Time is 120 working days.

1.3 Submittals will be returned within 10 business days.

1.4 Liquidated damages: $1,500 per calendar day.

1.5 O prazo de execu\u00e7\u00e3o \u00e9 de 180 (cento e oitenta) dias corridos.

1.6 El plazo es de 30 (treinta) d\u00edas h\u00e1biles.

1.11 Footings: 3,000 psi; slabs on grade: 4,000 psi.

1.12 El recubrimiento m\u00ednimo ser\u00e1 de 5 cm en fundaciones y de 2,5 cm en losas.

1.13 L'enrobage minimal sera de 5 cm pour les fondations et de 3 cm pour les dalles.

1.14 Footings: 3,000 psi; slabs: 4,000 psi.

1.15 Concrete shall be 3,000 psi for footings and 4,000 psi for slabs.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit61c") / "q"
    ingest_specs(root, {"q-61": _SPEC})
    return root


#: Since audit 70 B F3 a section's number is no part of its words' reading, so ``1.11 Footings:
#: 3,000 psi; ...`` reads 3,000 psi for footings, as ``A. Footings: 3,000 psi; ...`` did before;
#: the figure after the ``;`` is then read under no element, and the check refuses the cited
#: words restated (the same verdict ``A. Footings: ...`` cited gets on main): a gap of the claim
#: check's element reading, left to its own fix.
_ELEMENT_GAP = pytest.mark.xfail(strict=True, reason="audit 70 B F3: the element after a ';' is not read")

_CASES = [
    # C1: the kind of day is compared
    ("Q-61#1.1", "The Contract Time is 180 working days.", {"refusal"}),
    ("Q-61#1.2", "The Contract Time is 120 calendar days.", {"refusal"}),
    ("Q-61#1.3", "Submittals will be returned within 10 calendar days.", {"refusal"}),
    ("Q-61#1.4", "Liquidated damages: $1,500 per working day.", {"refusal"}),
    ("Q-61#1.5", "O prazo de execu\u00e7\u00e3o \u00e9 de 180 (cento e oitenta) dias \u00fateis.", {"refusal"}),
    ("Q-61#1.6", "El plazo es de 30 (treinta) d\u00edas calendario.", {"refusal"}),
    ("Q-61#1.1", "The Contract Time is 180 calendar days.", {"answer"}),
    ("Q-61#1.1", "The Contract Time is 180 days.", {"answer"}),
    ("Q-61#1.2", "The Contract Time is 120 business days.", {"answer"}),
    ("Q-61#1.3", "Submittals will be returned within ten business days.", {"answer"}),
    ("Q-61#1.4", "Liquidated damages: $1,500 per calendar day.", {"answer"}),
    ("Q-61#1.5", "O prazo de execu\u00e7\u00e3o \u00e9 de 180 (cento e oitenta) dias corridos.", {"answer"}),
    ("Q-61#1.6", "El plazo es de 30 (treinta) d\u00edas h\u00e1biles.", {"answer"}),
    # C2: a place's figure is the figure stated for that place
    ("Q-61#1.11", "Slabs on grade: 3,000 psi.", {"refusal", "escalation"}),
    ("Q-61#1.14", "Slabs: 3,000 psi.", {"refusal", "escalation"}),
    ("Q-61#1.12", "El recubrimiento m\u00ednimo en losas ser\u00e1 de 5 cm.", {"refusal", "escalation"}),
    ("Q-61#1.12", "En losas, el recubrimiento m\u00ednimo ser\u00e1 de 5 cm.", {"refusal", "escalation"}),
    ("Q-61#1.13", "L'enrobage minimal sera de 5 cm pour les dalles.", {"refusal", "escalation"}),
    ("Q-61#1.11", "Footings: 3,000 psi.", {"answer"}),
    ("Q-61#1.11", "Slabs on grade: 4,000 psi.", {"answer"}),
    pytest.param("Q-61#1.11", "Footings: 3,000 psi; slabs on grade: 4,000 psi.", {"answer"}, marks=_ELEMENT_GAP),
    ("Q-61#1.14", "Slabs: 4,000 psi.", {"answer"}),
    ("Q-61#1.12", "El recubrimiento m\u00ednimo en fundaciones ser\u00e1 de 5 cm.", {"answer"}),
    ("Q-61#1.13", "L'enrobage minimal sera de 5 cm pour les fondations.", {"answer"}),
    ("Q-61#1.15", "Concrete shall be 3,000 psi for footings.", {"answer"}),
    # a heading word the cited text places nothing at names no place of it: which of the cited
    # places (footings 3,000 psi, slabs 4,000 psi) the claim means is not read, so a person
    # decides (audit 65: an answer before, never a refusal)
    pytest.param("Q-61#1.14", "Concrete strength: 3,000 psi.", {"escalation"}, marks=_ELEMENT_GAP),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _CASES)
def test_a_claim_is_answered_only_where_the_cited_text_says_it(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_a_working_day_is_no_calendar_day() -> None:
    """C1: the kinds are compared where both sides name one, and said."""
    from inforce.engine.quantities import check_claim_quantities

    [unmatched] = check_claim_quantities("The Contract Time is 180 working days.",
                                         ["The Contract Time is 180 calendar days."]).unmatched
    assert unmatched.reason == "not_comparable"
    assert "counts working days" in unmatched.explanation and "counts calendar days" in unmatched.explanation
    assert check_claim_quantities("The Contract Time is 180 days.", ["The Contract Time is 180 calendar days."]).status == "ok"


def test_another_places_figure_is_stated_for_that_place() -> None:
    """C2: the claim's place and the cited figure's are named in the refusal."""
    from inforce.engine.quantities import check_claim_quantities

    [unmatched] = check_claim_quantities(
        "L'enrobage minimal sera de 5 cm pour les dalles.",
        ["L'enrobage minimal sera de 5 cm pour les fondations et de 3 cm pour les dalles."]).unmatched
    assert unmatched.reason == "condition_differs"
    assert "'dalle'" in unmatched.explanation and "'fondation'" in unmatched.explanation
