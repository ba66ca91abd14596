"""Issue 22, the third held-out drawing notes: the forms that keep a figure from the wrong
subject (a strength with its stage named before it, the transfer strength's own symbol, a
non-shrink or brick strength, a spacing written each way) and the forms that bind one (a
clause's own member over a masonry label, a line's own bars over a heading, a table's header
row, a word hyphenated on after another, air for freezing and thawing, WWF in a precast note),
and the grades a standard fixes (British designated and general concretes, cube grades with an
aggregate size, the former British bar grades, Indian Fe grades in any note about members, a
grade whose digits stand in its name). Each in words of its own, not the fixture's."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def bound(extractor: QuantityExtractor, text: str) -> list[tuple[str, str | None]]:
    return [(m.text, m.subject) for m in extractor.extract(text).mentions]


def implied(extractor: QuantityExtractor, text: str) -> list[tuple[str, float | None, str | None, str | None]]:
    return [(m.text, m.value, m.unit, m.subject) for m in extractor.extract(text).mentions
            if m.binding is not None and m.binding.rule.startswith("INF-V1") and m.unit_from == "context"]


STRENGTH, COVER, SLUMP, AIR, YIELD = ("concrete.compressive_strength", "concrete.cover", "concrete.slump",
                                      "concrete.air_content", "reinforcement.yield_strength")


# --- precision: what a figure is not -------------------------------------------------------------


def test_a_strength_with_its_stage_named_before_it_is_not_the_specified_one(extractor):
    text = "DECK: CONC. STRENGTH AT JACKING 3500 PSI; DESIGN CONC. STRENGTH 6000 PSI."
    assert bound(extractor, text) == [("3500 PSI", None), ("6000 PSI", STRENGTH)]


def test_the_transfer_strength_symbol_is_not_the_specified_strength(extractor):
    text = "HOLLOW CORE: f'c = 6.0 KSI, f'ci = 4.0 KSI."
    assert bound(extractor, text) == [("6.0 KSI", STRENGTH), ("4.0 KSI", None)]


def test_a_non_shrink_or_brick_strength_is_not_the_concretes(extractor):
    assert bound(extractor, "BASE PLATES ON PIERS: NON-SHRINK 6000 PSI MIN.") == [("6000 PSI MIN.", None)]
    assert bound(extractor, "FACING: BRICKWORK CRUSHING STRENGTH 7 N/mm².")[0][1] is None


def test_a_length_spaced_each_way_after_a_slump_is_no_slump(extractor):
    text = "EQUIPMENT BASE: SLUMP 4\" MAX., #4 @ 8\" EACH WAY."
    assert bound(extractor, text) == [("4\" MAX.", SLUMP), ("#4", None), ("8\"", None)]  # #4: a bar size (audit 53)


# --- recall: what a figure's own words say --------------------------------------------------------


def test_a_clause_naming_its_own_member_outweighs_a_masonry_label(extractor):
    text = "BLOCK SCREEN WALL: 8\" CMU, GROUT 2,000 PSI; GRADE BEAM CONC. 3,500 PSI, 2\" CLR. TOP."
    assert bound(extractor, text)[-2:] == [("3,500 PSI", STRENGTH), ("2\"", COVER)]
    # the label's material in the clause itself still decides
    assert bound(extractor, "BLOCK WALL: FOOTING CMU GROUT 3,500 PSI") == [("3,500 PSI", None)]


def test_a_lines_own_bars_outweigh_a_heading_above(extractor):
    text = "AS-BUILT VALUES (OLD DECK):\nPLAIN ROUND BARS: YIELD 240 N/mm²"
    assert bound(extractor, text) == [("240 N/mm²", YIELD)]


def test_a_table_rows_header_row_says_what_the_row_is_stated_for(extractor):
    text = "PIT WALLS: MARK | WIDTH | BARS | CLR. (WET FACE)\nP1 | 10\" | #4 @ 12\" | 2\""
    assert bound(extractor, text)[-1] == ("2\"", COVER)


def test_a_word_hyphenated_on_after_another_is_part_of_a_compound(extractor):
    text = "Minimum cover 45mm to load-bearing faces, 30mm to others."
    assert bound(extractor, text) == [("45mm", COVER), ("30mm", COVER)]


def test_air_beside_a_freeze_thaw_exposure_is_the_air_content(extractor):
    text = "CLASS XF3 EXPOSURE; AIR 5.5% MIN. WHERE SUBJECT TO FREEZE-THAW."
    assert bound(extractor, text)[-1] == ("5.5% MIN.", AIR)


def test_a_clear_distance_in_a_precast_note_with_wwf_is_the_cover(extractor):
    text = "PRECAST LANDINGS: WWF 6x6-W2.9xW2.9, 1\" CLR. MIN."
    assert bound(extractor, text)[-1] == ("1\" CLR. MIN.", COVER) or bound(extractor, text)[-1] == ("1\"", COVER)


def test_pounds_per_square_inch_written_as_a_unit_is_a_pressure(extractor):
    mentions = extractor.extract("EXISTING SLAB CONCRETE: 3500 lb/in² AS ORIGINALLY SPECIFIED.").mentions
    assert [(m.text, m.unit_expression, m.subject) for m in mentions] == [("3500 lb/in²", "psi", STRENGTH)]


# --- grades a standard fixes --------------------------------------------------------------------


def test_british_designated_and_general_concretes_state_their_class(extractor):
    text = "SUBSTRUCTURE CONCRETE: RC35/45 TO PILE CAPS; GEN3 MASS FILL CONCRETE."
    assert implied(extractor, text) == [("RC35/45", 35.0, "MPa", STRENGTH), ("GEN3", 16.0, "MPa", STRENGTH)]


def test_a_grade_whose_digits_are_in_its_name_is_read_in_a_text_with_no_other_number(extractor):
    assert implied(extractor, "KERBS: GEN2 CONCRETE BEDDING.") == [("GEN2", 12.0, "MPa", STRENGTH)]


def test_the_lowest_en_206_class_and_cube_grades_with_an_aggregate_size(extractor):
    assert implied(extractor, "MASS CONCRETE BLINDING: C8/10.") == [("C8/10", 8.0, "MPa", STRENGTH)]
    assert implied(extractor, "RAFT: C45/20 CONCRETE WITH SRC.") == [("C45/20", 45.0, "MPa", STRENGTH)]


def test_an_en_206_class_is_read_in_a_note_about_a_member(extractor):
    assert implied(extractor, "PAD FOOTINGS 900 SQ. x 300mm DEEP, C28/35.") == [("C28/35", 28.0, "MPa", STRENGTH)]


def test_former_british_bar_grades_state_their_yield(extractor):
    text = "BARS: HIGH YIELD TO BS 4449 GRADE 460A; LINKS IN MILD STEEL GRADE 250."
    assert implied(extractor, text) == [("GRADE 460A", 460.0, "MPa", YIELD), ("GRADE 250", 250.0, "MPa", YIELD)]
    # 250 is a structural steel grade too
    assert implied(extractor, "PURLINS: COLD-FORMED SECTIONS, STEEL GRADE 250 PLAIN FINISH.") == []


def test_an_indian_fe_grade_is_read_in_a_note_about_members(extractor):
    text = "COLUMN SCHEDULE (M20 / Fe415)"
    assert implied(extractor, text) == [("M20", 20.0, "MPa", STRENGTH), ("Fe415", 415.0, "MPa", YIELD)]
    assert implied(extractor, "PCC BED: M-10 UNDER ALL FOOTINGS.") == [("M-10", 10.0, "MPa", STRENGTH)]


# --- extraction -----------------------------------------------------------------------------------


def read(extractor: QuantityExtractor, text: str) -> list[tuple[str, float | None, str | None]]:
    return [(m.text, m.value, m.unit_expression) for m in extractor.extract(text, bind=False).mentions]


def test_a_standards_number_after_its_capitals_is_no_quantity(extractor):
    assert read(extractor, "LOADS TO IS 875 (PART 2); BLOCKWORK TO SANS 2001.") == []
    # the capitals as the verb, with a unit after the number, still measure
    assert read(extractor, "THE BEARING STRENGTH IS 3000 PSI.") == [("3000 PSI", 3000.0, "psi")]


def test_in_hyphenated_on_to_a_word_is_the_preposition(extractor):
    assert read(extractor, "2.04 IN-PLACE DENSITY TESTS") == []


def test_two_units_joined_by_a_hyphen_are_their_product(extractor):
    assert read(extractor, "OVERTURNING 880 FT-KIPS") == [("880 FT-KIPS", 880.0, "(foot) * (kip)")]


def test_a_strength_in_pascals_is_read_apart_from_the_aggregate_size_after_its_slash(extractor):
    assert read(extractor, "MASS FILL: 20 MPa/40 mm AGGREGATE") == [("20 MPa", 20.0, "megapascal"),
                                                                      ("40 mm", 40.0, "millimeter")]
    # a pressure per length stays one unit
    assert read(extractor, "SOIL PRESSURE RISES 12 kPa/m") == [("12 kPa/m", 12.0, "(kilopascal) / (meter)")]


def test_mesh_held_a_length_from_the_top_has_that_cover(extractor):
    assert bound(extractor, "GARAGE SLAB: SL82 MESH 50 mm FROM THE TOP.") == [("50 mm", COVER)]
    assert bound(extractor, "CONDUITS: 300 mm FROM TOP OF WALL.") == [("300 mm", None)]


def test_an_average_abbreviated_does_not_end_the_sentence(extractor):
    assert bound(extractor, "TOPPING AVG. 4,200 PSI") == [("4,200 PSI", STRENGTH)]


def test_the_strength_cores_show_is_the_concretes(extractor):
    text = "EXISTING GARAGE: CORES DRILLED 2019 SHOW 4,100 PSI."
    assert bound(extractor, text)[-1] == ("4,100 PSI", STRENGTH)


def test_a_title_over_its_block_says_what_an_items_grade_is_for(extractor):
    text = "SITE CONCRETE\n(i) Kerb haunching GEN2; paving RC28/35."
    assert implied(extractor, text) == [("GEN2", 12.0, "MPa", STRENGTH), ("RC28/35", 28.0, "MPa", STRENGTH)]
    # a title that names no material reads nothing
    assert implied(extractor, "SITE WORKS\n(i) Kerb haunching GEN2.") == []


def test_a_lines_label_carries_to_a_figure_of_a_long_list_after_it(extractor):
    text = ("CLEAR COVER TO BARS: BASE SLAB UNDERSIDE 75 MM, BASE SLAB TOP FACE 50 MM, "
            "WALLS IN CONTACT WITH WATER 50 MM, ROOF SLAB SOFFIT 25 MM.")
    assert [subject for _, subject in bound(extractor, text)] == [COVER] * 4
    # a word that says otherwise in the clause keeps the far figure unbound
    text = ("CLEAR COVER TO BARS: BASE SLAB UNDERSIDE 75 MM, BASE SLAB TOP FACE 50 MM, "
            "WALLS IN CONTACT WITH WATER 50 MM, ROOF SLAB JOINT WIDTH 25 MM.")
    assert bound(extractor, text)[-1] == ("25 MM", None)
