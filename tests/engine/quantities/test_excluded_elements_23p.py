"""A list item's label that leaves an element out states its figure for every element but that
one (audit 23p P4): ``Everything except manholes: 4,500 psi`` does not support "Manholes need
4,500 psi" (``condition_differs``), while a claim about an element the label covers, or naming
none, is compared as before. The label's element term says what it leaves out
(``element except manholes``), so facts and the sweep read no element named "everything except
manholes", and two figures, one for an element and one for all but it, are no two statements of
one requirement."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import check_claim_quantities
from inforce.engine.quantities.conditions import condition_conflict, element_of, excluded_named
from inforce.engine.quantities.extract import default_extractor

HEADING = ("3.2 MINIMUM CONCRETE STRENGTH AT 28 DAYS",)


@pytest.fixture(scope="module")
def extractor():
    return default_extractor(None)


@pytest.mark.parametrize(("item", "term"), [
    ("A. Everything except manholes: 4,500 psi minimum.", "element except manholes"),
    ("B. Other than valve vaults: 4,000 psi minimum.", "element except valve vaults"),
    ("C. Thrust blocks (not headwalls): 3,000 psi minimum.", "element thrust blocks except headwalls"),
    ("D. Non-structural topping: 2,500 psi minimum.", "element topping except structural topping"),
    ("E. All slabs excluding stair landings: 4,000 psi minimum.", "element slabs except stair landings"),
    ("F. Apart from pipe cradles and collars: 3,500 psi minimum.", "element except pipe cradles and collars"),
])
def test_an_excluding_label_names_what_it_leaves_out(extractor, item, term):
    found = extractor.extract_under(item, HEADING)
    assert [t for m in found.mentions for t in m.condition if t.startswith("element ")] == [term]


def test_a_plain_label_is_unchanged():
    text = "G. Valve vaults: 4,000 psi minimum."
    assert element_of(text, text.index("4,000"), None, True) == "element valve vaults"


@pytest.mark.parametrize(("claim", "item"), [
    ("Manholes need 4,500 psi minimum.", "A. Everything except manholes: 4,500 psi minimum."),
    ("Valve vaults are 4,000 psi minimum.", "B. Other than valve vaults: 4,000 psi minimum."),
    ("Headwalls need 3,000 psi minimum.", "C. Thrust blocks (not headwalls): 3,000 psi minimum."),
    ("Structural topping needs 2,500 psi minimum.", "D. Non-structural topping: 2,500 psi minimum."),
    ("Collars need 3,500 psi minimum.", "F. Apart from pipe cradles and collars: 3,500 psi minimum."),
])
def test_a_claim_about_the_left_out_element_is_not_supported(extractor, claim, item):
    found = check_claim_quantities(claim, [item], extractor=extractor, cited_headings=[HEADING])
    assert found.status == "unsupported_quantity"
    assert [u.reason for u in found.unmatched] == ["condition_differs"]
    assert "except" in found.unmatched[0].explanation


@pytest.mark.parametrize(("claim", "item"), [
    ("Wet wells need 4,500 psi minimum.", "A. Everything except manholes: 4,500 psi minimum."),
    ("Thrust blocks need 3,000 psi minimum.", "C. Thrust blocks (not headwalls): 3,000 psi minimum."),
    ("Topping needs 2,500 psi minimum.", "D. Non-structural topping: 2,500 psi minimum."),
    ("Concrete strength is 4,500 psi minimum.", "A. Everything except manholes: 4,500 psi minimum."),
])
def test_a_claim_about_a_covered_element_or_none_is_still_supported(extractor, claim, item):
    assert check_claim_quantities(claim, [item], extractor=extractor, cited_headings=[HEADING]).status == "ok"


def test_the_element_left_out_is_not_the_same_element():
    assert condition_conflict(["element manholes"], ["element except manholes"]) is not None
    assert condition_conflict(["element wet wells"], ["element except manholes"]) is None
    assert condition_conflict(["element thrust blocks"], ["element thrust blocks except headwalls"]) is None
    assert condition_conflict(["element headwalls"], ["element thrust blocks except headwalls"]) is not None


def test_a_claim_names_a_left_out_element_by_all_its_words():
    terms = ["element except pipe cradles and collars", "element topping except structural topping"]
    assert excluded_named(terms, "Pipe cradles need 3,500 psi") == ["element pipe cradles"]
    assert excluded_named(terms, "Structural topping needs 2,500 psi") == ["element structural topping"]
    assert excluded_named(terms, "Topping needs 2,500 psi") == []
    assert excluded_named(terms, "Pipes need 3,500 psi") == []


def test_a_product_property_is_no_exclusion():
    """'Non-shrink' grout is a kind of grout, not all grout but shrink grout: the label stays as written."""
    text = "H. NON-SHRINK PADS: 7,000 PSI MIN."
    assert element_of(text, text.index("7,000"), None, True) == "element non-shrink pads"


COVERS = ("MINIMUM COVER TO REINFORCEMENT:",)
COVER_ITEMS = 'A. FORMED, EXPOSED TO WEATHER: 2".\nB. FORMED, NOT EXPOSED TO WEATHER: 1 1/2".'


@pytest.mark.parametrize(("claim", "expected"), [
    ("Formed concrete not exposed to weather gets 1 1/2 inches of cover.", "ok"),  # states the same exclusion
    ("Formed concrete exposed to weather gets 2 inches of cover.", "ok"),
    ("Formed concrete exposed to weather gets 1 1/2 inches of cover.", "unsupported_quantity"),
    ("Formed concrete not exposed to weather gets 2 inches of cover.", "unsupported_quantity"),
])
def test_a_claim_stating_the_same_exclusion_is_about_the_excluding_item(extractor, claim, expected):
    found = check_claim_quantities(claim, [COVER_ITEMS], extractor=extractor, cited_headings=[COVERS])
    assert found.status == expected, [u.explanation for u in found.unmatched]
