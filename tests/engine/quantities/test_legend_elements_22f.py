"""Issue 22 (fix22f): a drawing set's abbreviation legend reaches the element a notes item
names.

``ELEV. = ELEVATOR`` on the set's legend: ``a. ELEV. PIT WALLS: 2"`` under a cover heading is
stated for the elevator pit walls, so a specification's ``Elevator pit walls: 3 inches`` is the
same element's figure (a conflict), and a claim about the elevator pit walls picks that item."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.claims import check_claim_quantities
from inforce.engine.quantities.compare import compare
from inforce.engine.quantities.extract import default_extractor
from inforce.engine.quantities.legend import spell_out

_LEGEND = (("ELEV.", "elevator"), ("RTG.", "retaining"), ("MECH. RM.", "mechanical room"))
_HEADING = ("MINIMUM CLEAR COVER TO REINFORCING:",)
_ITEMS = ['   a. ELEV. PIT WALLS: 2"', '   b. RTG. WALLS: 1-1/2"']


@pytest.fixture(scope="module")
def plain():
    return default_extractor()


@pytest.fixture(scope="module")
def with_legend(plain):
    return default_extractor(plain.vocabulary.with_legend(_LEGEND))


def test_spell_out_matches_whole_abbreviations_with_or_without_their_period() -> None:
    assert spell_out("element elev. pit walls", _LEGEND) == "element elevator pit walls"
    assert spell_out("element elev pit walls", _LEGEND) == "element elevator pit walls"
    assert spell_out("element mech. rm. slab", _LEGEND) == "element mechanical room slab"
    assert spell_out("element elevated slab", _LEGEND) == "element elevated slab"  # a word, not ELEV.
    assert spell_out("element elev. pit walls", ()) == "element elev. pit walls"


def test_an_items_element_is_spelled_out_by_the_legend(plain, with_legend) -> None:
    assert plain.extract_under(_ITEMS[0], _HEADING).mentions[0].condition == ("element elev. pit walls",)
    assert with_legend.extract_under(_ITEMS[0], _HEADING).mentions[0].condition == ("element elevator pit walls",)


def test_the_specifications_element_is_the_same_element(plain, with_legend) -> None:
    spec_heading = ("3.3 CONCRETE COVER",)
    for extractor, outcome in ((plain, "compatible"), (with_legend, "conflict")):
        drawing = extractor.extract_under(_ITEMS[0], _HEADING).mentions[0]
        spec = extractor.extract_under("B. Elevator pit walls: 3 inches.", spec_heading).mentions[0]
        assert spec.condition == ("element elevator pit walls",)
        assert compare(drawing, spec).outcome == outcome


def test_a_claim_naming_the_element_in_full_picks_the_abbreviated_item(with_legend) -> None:
    found = check_claim_quantities("Elevator pit walls need 2 inches of clear cover.", _ITEMS,
                                   extractor=with_legend, cited_headings=[_HEADING, _HEADING])
    assert found.status == "ok", found.unmatched
    found = check_claim_quantities("Elevator pit walls need 1-1/2 inches of clear cover.", _ITEMS,
                                   extractor=with_legend, cited_headings=[_HEADING, _HEADING])
    assert found.status == "unsupported_quantity"
    assert "elevator pit walls" in found.unmatched[0].explanation


def test_a_single_letter_of_the_legend_is_left_as_written() -> None:
    assert spell_out("element walls of a pit", (("A", "area"), ("ELEV.", "elevator"))) == "element walls of a pit"
