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
    ("Q-61#1.11", "Footings: 3,000 psi; slabs on grade: 4,000 psi.", {"answer"}),
    ("Q-61#1.14", "Slabs: 4,000 psi.", {"answer"}),
    ("Q-61#1.12", "El recubrimiento m\u00ednimo en fundaciones ser\u00e1 de 5 cm.", {"answer"}),
    ("Q-61#1.13", "L'enrobage minimal sera de 5 cm pour les fondations.", {"answer"}),
    ("Q-61#1.15", "Concrete shall be 3,000 psi for footings.", {"answer"}),
    # a heading word the cited text places nothing at names no place of it: which of the cited
    # places (footings 3,000 psi, slabs 4,000 psi) the claim means is not read, so a person
    # decides (audit 65: an answer before, never a refusal)
    ("Q-61#1.14", "Concrete strength: 3,000 psi.", {"escalation"}),
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


# -- audit 70 B F3 follow-up: each item of a line "X: fig; Y: fig" is read for its own element --

_ITEMS = [
    ("Footings: 3,000 psi; slabs on grade: 4,000 psi.", ["element footings", "element slabs on grade"]),
    ("A. Footings: 3,000 psi; slabs on grade: 4,000 psi.", ["element footings", "element slabs on grade"]),
    ("Footings: 3,000 psi, slabs: 4,000 psi.", ["element footings", "element slabs"]),
    ("Footings: 3,000 psi, slabs, top: 4,000 psi.", ["element footings", "element slabs, top"]),
    ('PILE CAPS, BOTTOM: 3"; PIERS: 2"', ["element pile caps, bottom", "element piers"]),
    ("A. PILE CAPS 5000 PSI; PIERS 4000 PSI", ["element pile caps", "element piers"]),
    ("Zapatas: 21 MPa; losas: 28 MPa", ["element zapatas", "element losas"]),
    ("Fondations : 25 MPa ; dalles : 30 MPa.", ["element fondations", "element dalles"]),
    # a label of no element after the ';' states none, and a comma with no label's colon before it
    # is no item's end (the words before it are one label, not read as an element here)
    ("Footings: 3,000 psi; concrete strength: 4,000 psi.", ["element footings", None]),
    ("Footings 3,000 psi, slabs: 4,000 psi.", [None, None]),
]


@pytest.mark.parametrize(("text", "elements"), _ITEMS)
def test_each_item_of_a_line_is_read_for_its_own_element(text: str, elements: list[str | None]) -> None:
    """The element of a figure after a ';' (or a ', ' ending a labelled item) is the label after
    that separator, not the words from the line's start (which name no element)."""
    import re

    from inforce.engine.quantities.conditions import element_of

    figures = [match.start() for match in re.finditer(r"\d[\d,]*(?=\s?(?:psi|PSI|MPa|\"))", text)]
    assert [element_of(text, start, None, True) for start in figures] == elements


_RESTATED = [
    ("Footings: 3,000 psi; slabs on grade: 4,000 psi.", "Footings: 3,000 psi; slabs on grade: 4,000 psi."),
    ("A. Footings: 3,000 psi; slabs on grade: 4,000 psi.", "Footings: 3,000 psi; slabs on grade: 4,000 psi."),
    ("Footings: 3,000 psi, slabs: 4,000 psi.", "Slabs: 4,000 psi."),
    ("Zapatas: 21 MPa; losas: 28 MPa.", "Zapatas: 21 MPa; losas: 28 MPa."),
    ("Fondations : 25 MPa ; dalles : 30 MPa.", "Dalles : 30 MPa."),
]


@pytest.mark.parametrize(("cited", "claim"), _RESTATED)
def test_the_cited_items_restated_are_answered(cited: str, claim: str) -> None:
    from inforce.engine.quantities import check_claim_quantities

    checked = check_claim_quantities(claim, [cited])
    assert checked.status == "ok" and not checked.unmatched, checked.unmatched
    assert all(match.doubt is None for match in checked.matched), checked.matched


_ANOTHER_ITEM = [
    ("Footings: 3,000 psi; slabs on grade: 4,000 psi.", "Footings: 4,000 psi."),
    ("Footings: 3,000 psi, slabs: 4,000 psi.", "Slabs: 3,000 psi."),
    ("Zapatas: 21 MPa; losas: 28 MPa.", "Losas: 21 MPa."),
    ("Fondations : 25 MPa ; dalles : 30 MPa.", "Dalles : 25 MPa."),
]


@pytest.mark.parametrize(("cited", "claim"), _ANOTHER_ITEM)
def test_another_items_figure_is_refused(cited: str, claim: str) -> None:
    from inforce.engine.quantities import check_claim_quantities

    checked = check_claim_quantities(claim, [cited])
    assert [why.reason for why in checked.unmatched] == ["condition_differs"], checked.unmatched


def test_a_claim_naming_none_of_one_provisions_elements_is_a_persons_call() -> None:
    """One provision states the figure for several elements; a claim naming none of them is
    escalated (several places), never refused as its own words restated, and a figure of none
    of them is still refused."""
    from inforce.engine.quantities import check_claim_quantities

    cited = ["Footings: 3,000 psi; slabs on grade: 4,000 psi."]
    checked = check_claim_quantities("Concrete strength: 3,000 psi.", cited)
    assert not checked.unmatched and [bool(match.doubt) for match in checked.matched] == [True]
    assert "several places" in checked.matched[0].doubt
    assert [why.reason for why in check_claim_quantities("Concrete strength: 5,000 psi.", cited).unmatched] \
        == ["value_differs"]
