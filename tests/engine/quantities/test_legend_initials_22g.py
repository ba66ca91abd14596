"""Issue 22 (fix22g): a drawing legend's dotted initials and dotted single letters reach the
element a notes item names, and ``CVR.`` is cover as ``CLR.`` is clear.

A legend writing ``P.C. = PILE CAP`` or ``N. = NORTH`` defines them with their periods; an item
``P.C.: 3"`` under a cover heading is stated for the pile caps, and ``N. RTG. WALL`` is the
north retaining wall. A bare single letter (``A = AREA``) stays a word."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.compare import compare
from inforce.engine.quantities.extract import default_extractor
from inforce.engine.quantities.legend import spell_out

_LEGEND = (("P.C.", "pile cap"), ("N.", "north"), ("S.", "south"), ("RTG.", "retaining"), ("A", "area"))
_HEADING = ("CLEAR CONCRETE PROTECTION TO BARS:",)


@pytest.fixture(scope="module")
def plain():
    return default_extractor()


@pytest.fixture(scope="module")
def with_legend(plain):
    return default_extractor(plain.vocabulary.with_legend(_LEGEND))


def test_a_dotted_single_letter_is_spelled_only_with_its_period() -> None:
    assert spell_out("element n. rtg. wall", _LEGEND) == "element north retaining wall"
    assert spell_out("element n rtg. wall", _LEGEND) == "element n retaining wall"  # no period: a letter
    assert spell_out("element a ramp", _LEGEND) == "element a ramp"  # a bare letter legend entry: a word
    assert spell_out("element p.c. sides", _LEGEND) == "element pile cap sides"


def test_an_item_labelled_by_initials_alone_states_its_element(plain, with_legend) -> None:
    item = '   2. P.C.: 3"'
    assert plain.extract_under(item, _HEADING).mentions[0].condition == ("element p.c.",)
    assert with_legend.extract_under(item, _HEADING).mentions[0].condition == ("element pile cap",)
    # the specification's pile caps are the same element: the two figures conflict
    drawing = with_legend.extract_under(item, _HEADING).mentions[0]
    spec = with_legend.extract_under("C. Pile caps: 2 inches.", ("3.5 CONCRETE COVER",)).mentions[0]
    assert spec.condition == ("element pile caps",)
    assert compare(drawing, spec).outcome == "conflict"


def test_two_items_named_by_single_letters_are_two_elements(with_legend) -> None:
    north = with_legend.extract_under('   a. N. RTG. WALL: 2"', _HEADING).mentions[0]
    south = with_legend.extract_under('   b. S. RTG. WALL: 1-1/2"', _HEADING).mentions[0]
    assert north.condition == ("element north retaining wall",)
    assert south.condition == ("element south retaining wall",)
    assert compare(north, south).outcome != "conflict"


def test_cvr_is_cover_in_the_stock_abbreviations(plain) -> None:
    found = plain.extract('TYP. CONC. CVR. AT TRANSFER GIRDER STIRRUPS: 1-3/4".').mentions
    assert [(m.text, m.subject) for m in found] == [('1-3/4"', "concrete.cover")]
