"""Issue 22, the second held-out drawing notes: the forms that decide what a figure is bound to
(a test age another figure holds, a stage written right after a strength, a name starting in a
figure's closing word, the members a cover is stated for, a clause's own material over its
line's label, a table row's label cell, a compound word) and the forms a figure or its unit is
read in (inches marked on both ends of a range, a slab ON GRADE, a unit among the words of a
header's brackets or bare at its end, a range alone in a table cell, a list row's value with a
remark after it). Each in words of its own, not the fixture's."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def bound(extractor: QuantityExtractor, text: str) -> list[tuple[str, str | None]]:
    return [(m.text, m.subject) for m in extractor.extract(text).mentions]


def read(extractor: QuantityExtractor, text: str) -> list[tuple[str, float | None, float | None, str | None]]:
    return [(m.text, m.value, m.upper, m.unit_expression) for m in extractor.extract(text, bind=False).mentions]


STRENGTH, COVER, SLUMP, AIR, YIELD = ("concrete.compressive_strength", "concrete.cover", "concrete.slump",
                                      "concrete.air_content", "reinforcement.yield_strength")


# --- binding ------------------------------------------------------------------------------------


def test_a_test_age_another_figure_holds_leaves_a_figure_to_its_notes_material(extractor):
    text = "DECK CONC. 4500 PSI (TOPPING) & 5500 PSI (GIRDERS) AT 90 DAYS."
    assert bound(extractor, text)[:2] == [("4500 PSI", STRENGTH), ("5500 PSI", STRENGTH)]


def test_a_stage_written_right_after_a_strength_makes_it_that_stages(extractor):
    text = "DOUBLE TEES: f'c = 7000 PSI AT 28 DAYS AND 4200 PSI AT RELEASE."
    assert [s for t, s in bound(extractor, text) if "PSI" in t] == [STRENGTH, None]
    assert [s for t, s in bound(extractor, "POST-TENSIONED DECK: 5000 PSI CONC.; STRESSED AT 3000 PSI.")
            if "PSI" in t] == [STRENGTH, None]


def test_a_name_starting_in_the_figures_closing_word_is_the_figures(extractor):
    assert bound(extractor, "DOWELS: BARS 420 MPa MIN. YIELD, 600 mm LONG.")[0] == ("420 MPa MIN.", YIELD)


def test_the_sizes_of_the_members_a_cover_is_for_are_no_cover(extractor):
    text = 'CLEAR COVER: 2" FOR WALLS 8" TO 12" THICK, 3" FOR WALLS OVER 12".'
    assert bound(extractor, text) == [('2"', COVER), ('8" TO 12"', None), ('3"', COVER), ('12"', None)]
    # a second cover for other members is still a cover, and a second strength a second strength
    assert bound(extractor, 'CLEAR COVER 1-1/2" FOR BEAMS 2" FOR GRADE BEAMS') == [('1-1/2"', COVER), ('2"', COVER)]
    assert bound(extractor, "f'c = 3500 PSI FOR PIERS AND 4500 PSI FOR DECKS") == [("3500 PSI", STRENGTH),
                                                                                   ("4500 PSI", STRENGTH)]


def test_a_clauses_own_bars_outweigh_its_lines_label(extractor):
    text = "EMBED PLATES: A36 PL. 1/2\" W/ HEADED STUDS; REINF. A615 GR. 60 TYP."
    assert ("GR. 60", YIELD) in bound(extractor, text)
    # the label alone still says the grade is the plates'
    assert ("GR. 60", YIELD) not in bound(extractor, "EMBED PLATES: A36 GR. 60 STUDS")


@pytest.mark.parametrize(("text", "grade", "mpa"), [
    ("BARS: 500W TO CSA G30.18, 45 mm CLEAR.", "500W", 500.0),
    ("GRADE 300E STARTER BARS AT 400 CRS.", "GRADE 300E", 300.0),
])
def test_bar_grades_written_with_their_letter(extractor, text, grade, mpa):
    found = {m.text: m for m in extractor.extract(text).mentions}
    assert found[grade].subject == YIELD and found[grade].value == mpa


def test_a_table_rows_label_cell_names_what_its_value_is(extractor):
    text = '| ITEM | REQUIREMENT |\n| RAFT CONCRETE | 5000 PSI |\n| SLUMP | 5" ± 1" |'
    assert bound(extractor, text) == [("5000 PSI", STRENGTH), ('5" ± 1"', SLUMP)]


def test_a_word_hyphenated_onward_is_a_compound_not_the_word(extractor):
    assert bound(extractor, "STEEL-TROWELLED WAREHOUSE FLOORS: 4500 PSI MIN.") == [("4500 PSI MIN.", STRENGTH)]
    assert bound(extractor, "STEEL COLUMNS: 4500 PSI MIN.") == [("4500 PSI MIN.", None)]


@pytest.mark.parametrize(("text", "figure", "subject"), [
    ("GARAGE RAMP: 5000 PSI", "5000 PSI", STRENGTH),
    ("SOG-3 | 6\" | 4000 PSI", "4000 PSI", STRENGTH),
    ("TILT-UP PANELS: 4000 PSI", "4000 PSI", STRENGTH),
    ("BEAM STIRRUPS PROTECTED BY 1-1/2\" MIN. CONC. COVERING.", '1-1/2" MIN.', COVER),
    ("- WATER/CEMENTITIOUS: 0.45 MAX.", "0.45", "concrete.water_cementitious_ratio"),
    ("EQUIPMENT PAD: 8\" THK., 3\" CLR. BOT.", '3"', COVER),
])
def test_the_words_drawings_name_elements_and_subjects_by(extractor, text, figure, subject):
    assert (figure, subject) in bound(extractor, text)


# --- reading: a figure, its unit -----------------------------------------------------------------


def test_inches_marked_on_both_ends_of_a_range(extractor):
    assert read(extractor, 'SLUMP 2"-4" AT PLACEMENT.') == [('2"-4"', 2.0, 4.0, "inch")]
    assert bound(extractor, 'SLUMP 2"-4" AT PLACEMENT.') == [('2"-4"', SLUMP)]
    # feet and inches are still feet and inches
    assert read(extractor, "WALL 2'-4\" HIGH") == [("2'-4\"", 2 + 4 / 12, None, "foot")]


def test_a_slab_on_grade_is_no_grade_name(extractor):
    assert read(extractor, "SIDEWALKS ON GRADE 3500 PSI.") == [("3500 PSI", 3500.0, None, "psi")]
    assert [m.subject for m in extractor.extract("A615 GRADE 75 BARS").mentions] == [YIELD]


@pytest.mark.parametrize(("text", "expected"), [
    ('ENTRAINED AIR (TOTAL, %):\nWALLS: 5 +/- 1\nSLABS: 2 MAX.', [("5 +/- 1", AIR, "percent"), ("2", AIR, "percent")]),
    ("CONCRETE STRENGTH (56 DAY, MPa):\nRAFT: 40\nCORE WALLS: 50 (C-1, 4-7% AIR)",
     [("40", STRENGTH, "megapascal"), ("50", STRENGTH, "megapascal")]),
    ("| PART | f'c (MPa) @ 56 d |\n| RAFT | 45 |", [("45", STRENGTH, "megapascal")]),
    ("ZONE | AIR % | SLUMP IN.\nEXT. SLABS | 6 | 4", [("6", AIR, "percent"), ("4", SLUMP, "inch")]),
])
def test_a_unit_a_header_or_heading_writes_among_other_words(extractor, text, expected):
    found = [(m.text, m.subject, m.unit_expression) for m in extractor.extract(text).mentions]
    assert all(item in found for item in expected), found


def test_a_bound_word_ending_a_header_is_no_unit(extractor):
    # MIN would be minutes: a header's closing bound word gives the column no unit
    assert read(extractor, "ELEMENT | W/CM MIN\nWALLS | 40") == [("40", 40.0, None, None)]


def test_a_dash_range_alone_in_a_table_cell_is_a_range(extractor):
    assert read(extractor, "| MEMBER | SLUMP (IN.) |\n| WALLS | 2-4 |") == [("2-4", 2.0, 4.0, "inch")]
    assert read(extractor, "MEMBER | SLUMP (IN.)\nCOLUMNS | 3-5") == [("3-5", 3.0, 5.0, "inch")]
    # outside a cell a bare dash pair stays a code
    assert read(extractor, "CALL 1-800 FOR DELIVERY.") == []


def test_the_grammar_without_spacy_reads_these_forms_alike():
    from inforce.engine.quantities._lite import export_tables

    full = QuantityExtractor(cache_size=0)
    lite = QuantityExtractor(cache_size=0, grammar=export_tables(full.nlp))
    for text in ('SLUMP 2"-4" AT PLACEMENT.', "SIDEWALKS ON GRADE 3500 PSI.", "| MEMBER | SLUMP (IN.) |\n| WALLS | 2-4 |",
                 "MEMBER | SLUMP (IN.)\nCOLUMNS | 3-5", "CALL 1-800 FOR DELIVERY.", "PLUMB WITHIN +/- 0.5 DEG.",
                 'PAVING NOTES: 1. SLABS SHALL BE 4,500 PSI. 2. JOINTS', "SEE SHEET 4 OF 22.", "PILES: A572 GR. 50 (50 KSI).",
                 "WAREHOUSE SLAB: FF 45 / FL 30 MIN.", "PAVING MIX: W/C RATIO 0.40-0.44."):
        assert lite.extract(text) == full.extract(text), text


# --- reading: what is no figure, and what a pound is ---------------------------------------------


def test_a_drawings_scale_is_no_figure(extractor):
    assert read(extractor, 'WALL SECTION. SCALE: 3/4" = 1\'-0"') == []
    # a length equal to something else is still read
    assert [t for t, *_ in read(extractor, 'TOTAL = 1\'-0" + 3"')] == ["1'-0\"", '3"']


def test_list_numbers_run_into_the_text_are_no_figures(extractor):
    text = 'PAVING NOTES: 1. SLABS SHALL BE 4,500 PSI. 2. JOINTS AT 12\'-0" MAX.'
    assert [t for t, *_ in read(extractor, text)] == ["4,500 PSI", "12'-0\" MAX."]


def test_a_rows_number_under_a_numbering_header_is_no_figure(extractor):
    text = "| NO. | ELEMENT | COVER (MM) |\n| 1 | RAFT | 75 |\n| 2 | WALLS | 40 |"
    assert read(extractor, text) == [("75", 75.0, None, "millimeter"), ("40", 40.0, None, "millimeter")]


@pytest.mark.parametrize("text", ["SEE SHEET 4 OF 22.", "DESIGN TO NZS 3101.", "PILES: A572 GR. 50 (50 KSI)."])
def test_sheet_counts_standards_and_a_grade_beside_its_stress_are_designations(extractor, text):
    assert [t for t, *_ in read(extractor, text) if "KSI" not in t] == []


def test_a_grade_with_no_stress_beside_keeps_its_number(extractor):
    assert [t for t, *_ in read(extractor, "ANCHOR RODS F1554 GR. 105, 18\" EMBED.")][:1] == ["105"]


def test_pounds_in_a_note_about_loads_are_a_force(extractor):
    found = {t: unit for t, _, _, unit in read(extractor, "CRANE PAD: OUTRIGGER LOAD 28,500 LBS; LATERAL PRESSURE 55 PCF.")}
    assert found == {"28,500 LBS": "pound_force", "55 PCF": "(pound_force) / ((foot) ** 3)"}
    assert read(extractor, "SHIPPING WEIGHT 350 LBS.") == [("350 LBS", 350.0, None, "pound")]


def test_degrees_written_deg(extractor):
    assert read(extractor, "PLUMB WITHIN +/- 0.5 DEG.") == [("WITHIN +/- 0.5 DEG.", -0.5, 0.5, "degree")]


def test_a_bare_cover_in_a_metric_note_is_millimetres(extractor):
    assert bound(extractor, "CARPARK SLAB: 200 THICK, N12 BARS, 50 COVER; JOINTS AT 6.0 m.")[1:3] == [
        ("N12", None), ("50", COVER)]  # the bar's size is a figure of its own, bound to no subject (audit 53)
    # in a note with no metric sign, a bare figure stays bare
    assert read(extractor, "SLAB: 2 CLR. TO BARS") == [("2", 2.0, None, None)]


def test_a_dash_range_of_decimals_is_a_range(extractor):
    assert bound(extractor, "PAVING MIX: W/C RATIO 0.40-0.44.") == [("0.40-0.44", "concrete.water_cementitious_ratio")]


def test_a_spread_in_brackets_is_the_values_tolerance(extractor):
    assert read(extractor, 'SLUMP 5" (+/- 1") FOR WALLS.') == [('5" (+/- 1")', 4.0, 6.0, "inch")]
    # brackets that hold more than the spread are left alone
    assert [t for t, *_ in read(extractor, "AIR 6% (+/- 1.5% FOR SLABS)")] == ["6%", "+/- 1.5%"]


@pytest.mark.parametrize("text", ["TIES Fe 500 (fy 500 N/mm²).", "BARS CONFORMING TO IS: 1786.", "BLDGS. 5–9: SLAB"])
def test_more_designations(extractor, text):
    assert [t for t, *_ in read(extractor, text) if "N/mm" not in t] == []
    assert read(extractor, "THE DOSE IS 100 MG.") == [("100 MG", 100.0, None, "milligram")]


def test_a_stress_across_a_slash_is_another_materials_not_the_grades(extractor):
    found = bound(extractor, "BARS: EXIST. 50,000 PSI (ASSUMED) / NEW A615-60")
    assert found == [("50,000 PSI", YIELD), ("A615-60", YIELD)]
    # beside it, the stress is the grade's own: the grade stays a designation
    assert bound(extractor, "BARS: A615-60, fy = 60,000 PSI") == [("60,000 PSI", YIELD)]


def test_a_canadian_bar_size_names_bars_in_a_schedule_row(extractor):
    found = bound(extractor, "P4 | 900 x 900 x 400 | (4) 20M E.W. | 500W | 60 CLR.")
    assert ("500W", YIELD) in found and ("60", COVER) in found
