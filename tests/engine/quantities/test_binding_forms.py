"""Issue 22, the held-out drawing notes: the forms of schedules and note blocks that decide what a
figure is bound to (dot leaders, lists within lists, words that belong to another figure, a
bracketed second value, units and subjects written once in a header, a heading or a caption)
and the forms the grammar reads a figure in (a tolerance each way in brackets, a mixed-number
tolerance, thousands set apart by a space, N/mm² glued to the number). Each in words of its own,
not the fixture's."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def bound(extractor, text):
    return [(m.text, m.subject) for m in extractor.extract(text).mentions]


def read(extractor, text):
    return [(m.text, m.value, m.upper, m.unit_expression) for m in extractor.extract(text, bind=False).mentions]


# --- binding: where a note's words stand ------------------------------------------------------


def test_a_dot_leader_ends_no_clause(extractor):
    text = 'RAFT CONCRETE ........... 5,000 PSI\nMIN. CLEAR COVER ....... 1 1/2"'
    assert bound(extractor, text) == [("5,000 PSI", "concrete.compressive_strength"), ('1 1/2"', "concrete.cover")]


def test_a_dot_leader_keeps_a_written_stress_beside_its_grade(extractor):
    # the stress after the leader is the grade's own: the grade stays a designation
    mentions = bound(extractor, "DEFORMED BARS (GRADE 75) ........ 75,000 PSI")
    assert mentions == [("75,000 PSI", "reinforcement.yield_strength")]


def test_a_list_marked_another_way_is_a_list_within_the_heading_above(extractor):
    text = 'b. MINIMUM COVER TO REINFORCEMENT:\n1. GRADE BEAMS: 2"\n2. STAIR FLIGHTS: 3/4"'
    assert bound(extractor, text) == [('2"', "concrete.cover"), ('3/4"', "concrete.cover")]
    text = "7. CLEAR COVER TO BARS:\n(a) RAFTS = 60mm\n(b) UPSTANDS = 30mm"
    assert bound(extractor, text) == [("60mm", "concrete.cover"), ("30mm", "concrete.cover")]


def test_a_list_marked_the_same_way_is_no_heading_of_its_siblings(extractor):
    text = '1. CLEAR COVER TO BARS:\n2. CHAIR HEIGHT: 2"'
    assert bound(extractor, text) == [('2"', None)]


def test_what_another_figures_part_is_stated_for_does_not_block_this_one(extractor):
    text = "PILE CAPS: f'c = 35 MPa, COVER 75 mm, MORTAR BED 20 mm UNDER BASE PLATES."
    assert bound(extractor, text) == [
        ("35 MPa", "concrete.compressive_strength"), ("75 mm", "concrete.cover"), ("20 mm", None)]


def test_a_label_before_the_colon_still_states_what_the_line_is_for(extractor):
    text = 'GROUT FILL: 3/8" PEA GRAVEL, 2,500 PSI.'
    assert bound(extractor, text) == [('3/8"', None), ("2,500 PSI", None)]


def test_a_word_read_into_another_figure_is_that_figures(extractor):
    # O.C. is read as part of 10" O.C.: it says nothing of the 2" after CLR.
    text = 'FOUNDATION WALLS: 10" CONC., #5 @ 10" O.C. HORIZ. W/ 2" CLR. TO EARTH FACE.'
    assert ('2"', "concrete.cover") in bound(extractor, text)


def test_a_figure_in_brackets_is_the_same_things_other_value(extractor):
    text = 'GRADE BEAMS: 4,000 PSI; 1 1/2" CLR. TO TIES (2" AT FACES AGAINST SOIL).'
    assert bound(extractor, text)[1:] == [('1 1/2"', "concrete.cover"), ('2"', "concrete.cover")]


def test_a_word_read_into_the_figure_itself_says_what_it_is_not(extractor):
    # (the spacing word O.C. is read into the 12'-0": it still says the figure is no slump)
    text = "TOPPING: SLUMP 5\" ± 1\", SAWCUT @ 12'-0\" O.C. MAX."
    assert bound(extractor, text) == [('5" ± 1"', "concrete.slump"), ("12'-0\" O.C. MAX.", None)]


def test_the_opening_of_a_sentence_says_what_its_later_clauses_are_stated_for(extractor):
    text = 'TANK BASE CONC. 5000 PSI; 2" CLR. TOP & BOT.'
    assert bound(extractor, text) == [("5000 PSI", "concrete.compressive_strength"), ('2"', "concrete.cover")]
    # a clause's exclusion is its own: the mortar of the first clause does not reach the second
    text = "MORTAR TYPE N AT CMU COURSES; PEDESTAL CONCRETE 4,500 PSI."
    assert bound(extractor, text) == [("4,500 PSI", "concrete.compressive_strength")]


# --- units and subjects written once: table headers, headings, captions -------------------------


def test_a_column_header_gives_bare_cells_their_unit_and_subject(extractor):
    text = "| MEMBER | CLEAR COVER (mm) | f'c (MPa) |\n| RAFT | 60 | 40 |\n| KERB | 30 | 25 |"
    mentions = extractor.extract(text).mentions
    assert [(m.text, m.unit_expression, m.subject) for m in mentions] == [
        ("60", "millimeter", "concrete.cover"), ("40", "megapascal", "concrete.compressive_strength"),
        ("30", "millimeter", "concrete.cover"), ("25", "megapascal", "concrete.compressive_strength")]


def test_a_heading_in_brackets_gives_its_rows_their_unit(extractor):
    text = "MINIMUM COVER TO BARS (mm):\nRETAINING WALLS, EARTH FACE 55\nSUSPENDED SLABS 25"
    mentions = extractor.extract(text).mentions
    assert [(m.text, m.unit_expression, m.subject) for m in mentions] == [
        ("55", "millimeter", "concrete.cover"), ("25", "millimeter", "concrete.cover")]


def test_two_bare_figures_joined_by_a_dash_under_a_unit_are_one_range(extractor):
    text = "| POUR | SLUMP (mm) |\n| PILES | 150 - 200 |"
    mentions = extractor.extract(text).mentions
    assert [(m.text, m.value, m.upper, m.unit_expression, m.subject) for m in mentions] == [
        ("150 - 200", 150.0, 200.0, "millimeter", "concrete.slump")]


def test_a_bracket_that_is_no_unit_gives_none(extractor):
    text = "BEAM STIRRUP SPACING (TYP.):\nEND ZONES 4"
    assert [(m.text, m.unit_expression) for m in extractor.extract(text).mentions] in ([], [("4", None)])
    # a capital letter alone in brackets labels a schedule: no amperes, no newtons
    text = "| MARK | BARS (A) | LAPS (N) |\n| W1 | 12 | 40 |"
    assert [m.unit_expression for m in extractor.extract(text).mentions] == [None, None]


def test_a_tables_caption_names_the_subject_and_unit_its_columns_do_not(extractor):
    text = ("CYLINDER STRENGTH (MPa) BY EXPOSURE CLASS\n| USE | MILD | HARSH |\n| KERBS | 25 | 32 |")
    mentions = extractor.extract(text).mentions
    assert [(m.text, m.unit_expression, m.subject) for m in mentions] == [
        ("25", "megapascal", "concrete.compressive_strength"), ("32", "megapascal", "concrete.compressive_strength")]


def test_a_tables_caption_says_what_its_rows_are_stated_for(extractor):
    text = "PAVING MIX SCHEDULE\n| MIX | AIR (%) |\n| P1 | 5 ± 1 |"
    mentions = extractor.extract(text).mentions
    assert [(m.text, m.value, m.upper, m.subject) for m in mentions] == [("5 ± 1", 4.0, 6.0, "concrete.air_content")]


# --- the grammar: forms of one figure ------------------------------------------------------------


def test_a_tolerance_each_way_in_brackets_is_one_range(extractor):
    assert read(extractor, 'BOTTOM BARS: 2 1/2" (+1/2", -0")') == [('2 1/2" (+1/2", -0")', 2.5, 3.0, "inch")]
    assert read(extractor, "COVER 40 mm (-5, +10 mm)") == [("40 mm (-5, +10 mm)", 35.0, 50.0, "millimeter")]
    # one sign alone, or two the same way, is no such tolerance
    assert read(extractor, 'COVER 40 mm (+5, +10 mm)')[0][:3] == ("40 mm", 40.0, None)


def test_a_tolerance_written_as_a_mixed_number(extractor):
    assert read(extractor, "AIR 7 1/2% ±1 1/2%") == [("7 1/2% ±1 1/2%", 6.0, 9.0, "percent")]
    assert read(extractor, "AIR 5 PERCENT, PLUS OR MINUS 1 1/2 PERCENT") == [
        ("5 PERCENT, PLUS OR MINUS 1 1/2 PERCENT", 3.5, 6.5, "percent")]


def test_a_tolerances_unit_is_the_bare_values(extractor):
    assert read(extractor, "AIR 4.5 ± 1.5%") == [("4.5 ± 1.5%", 3.0, 6.0, "percent")]


def test_thousands_set_apart_by_a_space_before_a_unit(extractor):
    assert read(extractor, "f'c = 4 500 PSI") == [("4 500 PSI", 4500.0, None, "psi")]
    assert read(extractor, "TANK 1 200 000 LITRES")[0][:2] == ("1 200 000 LITRES", 1200000.0)
    # no unit after: two numbers; a count in brackets before: not a group
    assert read(extractor, "CAST 2 500 SAMPLES") == []
    assert [r[:2] for r in read(extractor, "(4) 500 PSI")][-1] == ("500 PSI", 500.0)


def test_newtons_per_square_millimetre_glued_to_the_number(extractor):
    assert read(extractor, "fcu = 35N/mm², fy = 500N/mm2.") == [
        ("35N/mm²", 35.0, None, "megapascal"), ("500N/mm2", 500.0, None, "megapascal")]
