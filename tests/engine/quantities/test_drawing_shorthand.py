"""Issue 22: drawing notes in shorthand bound to their subjects — abbreviations, inference from
what a figure is stated for, list headings, table headers, grades a standard fixes, and a
drawing set's abbreviation legend read at ingest."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities import QuantityExtractor, default_vocabulary
from inforce.engine.quantities.legend import abbreviation_legend
from inforce.rules import InferenceRule, SubjectVocabulary


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def bound(extractor, text):
    return [(m.text, m.subject) for m in extractor.extract(text).mentions]


def test_an_abbreviation_names_a_subject_and_its_period_ends_no_clause(extractor):
    # "CONC." and "REINF." are the pack's abbreviations; without them "CONC. COVER" would end a clause
    assert bound(extractor, 'MIN. CONC. COVER TO REINF. 2" AT WALLS.') == [('2"', "concrete.cover")]
    assert default_vocabulary().abbreviated >= {"conc", "reinf", "u.n.o"}


def test_a_curly_prime_is_a_prime(extractor):
    assert bound(extractor, "f’c = 4500 PSI") == [("4500 PSI", "concrete.compressive_strength")]
    assert bound(extractor, "f′c = 4500 PSI") == [("4500 PSI", "concrete.compressive_strength")]


def test_spaced_thousands_psi_with_dots_and_newtons_per_square_millimetre_are_read(extractor):
    found = {m.text: (m.value, m.unit_expression) for m in extractor.extract(
        "SITE PAVING CONCRETE: 4 , 000 psi. CURBS: 3500 P.S.I.; BLINDING 15 N/mm²").mentions}
    assert found == {"4 , 000 psi": (4000.0, "psi"), "3500 P.S.I.": (3500.0, "psi"),
                     "15 N/mm²": (15.0, "megapascal")}
    # a list of small numbers with commas is not read as thousands
    assert [m.value for m in extractor.extract("SIZES 4, 5, 6 IN.").mentions if m.value == 4000.0] == []


def test_a_pressure_stated_for_concrete_is_its_strength_with_the_rule_and_score(extractor):
    (strength,) = extractor.extract("GYM SLAB: 4,000 PSI").mentions
    assert strength.subject == "concrete.compressive_strength"
    assert (strength.binding.rule, strength.binding.score) == ("INF-V101", 85.0)
    assert (strength.bound, strength.bound_from) == ("min", "vocabulary")


@pytest.mark.parametrize("text", [
    "GROUT: ASTM C476, 3,000 PSI MIN.",            # grout is not concrete
    "MORTAR: TYPE S, 1,800 PSI MIN. @ 28 DAYS.",   # nor mortar
    "CMU WALLS: f'm = 2,000 PSI",                   # nor masonry
    "SLAB: 250 PSF LIVE LOAD",                      # a load, and out of a strength's range
    "DO NOT STRIP SLAB FORMS UNTIL 3,000 PSI",      # a fraction of f'c for stripping
])
def test_near_misses_of_strength_stay_unbound(extractor, text):
    assert [m.subject for m in extractor.extract(text).mentions if m.dimension and "mass" in m.dimension] \
        in ([None], [None, None])


@pytest.mark.parametrize("text, unbound", [
    ('TYP. SLAB ON GRADE: 5" CONC. SLAB W/ #4 @ 18" O.C. EA. WAY', ['5"', '18" O.C.']),  # thickness, spacing
    ('SLAB EDGE: THICKEN TO 12" AT PERIMETER, 3" CLR.', ['12"']),
    ('PROVIDE 1" CLEAR BETWEEN SLAB AND WALL AT ISOLATION JOINT.', ['1"']),
    ('TOPPING: 2" CLR. OVER PLATE', ['2"']),
    ('CLEAR SPACING BETWEEN BARS 1" MIN.', ['1" MIN.']),
])
def test_near_misses_of_cover_stay_unbound(extractor, text, unbound):
    found = extractor.extract(text).mentions
    assert [m.text for m in found if m.subject is None and m.unit_expression == "inch"] == unbound
    assert all(m.subject in (None, "concrete.cover") for m in found)


def test_a_yield_stated_for_steel_shapes_is_not_the_reinforcements(extractor):
    text = "STRUCTURAL STEEL:\n1. W-SHAPES: ASTM A992, Fy = 50 KSI.\n2. METAL DECK: 20 GA., Fy = 33 KSI MIN."
    assert [s for _, s in bound(extractor, text) if s] == []


def test_a_list_heading_carries_its_subject_to_its_items_and_no_further(extractor):
    text = ("CONC. COVER TO REINF. (MIN.):\nFTGS. CAST AGAINST EARTH ..... 3\"\nFDN. WALLS, EXT. FACE ........ 2\"\n"
            "\nGENERAL:\nSLAB THICKNESS 5\"")
    assert bound(extractor, text) == [('3"', "concrete.cover"), ('2"', "concrete.cover"), ('5"', None)]


def test_a_numbered_note_is_a_sibling_of_a_numbered_heading_not_its_item(extractor):
    text = "1. CLEAR COVER TO REINFORCEMENT:\n2. PROVIDE 8\" WALLS."
    assert bound(extractor, text) == [('8"', None)]


def test_two_subjects_in_a_heading_carry_neither(extractor):
    text = "SLUMP AND COVER:\nFOOTINGS 3\""
    assert bound(extractor, text) == [('3"', None)]


def test_a_tolerance_alone_is_bound_to_nothing(extractor):
    found = extractor.extract('SLUMP 4" (+/- 1") FOR FOOTINGS').mentions
    assert [(m.text, m.subject) for m in found if m.value == -1.0] in ([], [('+/- 1"', None)])


def test_a_bar_grade_states_the_standards_yield_and_names_the_standard(extractor):
    (grade,) = extractor.extract("REINF.: A-615-60.").mentions
    assert (grade.text, grade.value, grade.unit_expression, grade.bound) == ("A-615-60", 60.0, "ksi", "min")
    assert grade.subject == "reinforcement.yield_strength"
    assert (grade.binding.rule, grade.binding.synonym) == ("INF-V151", "ASTM A615 Grade 60")
    (metric,) = extractor.extract("REINFORCING STEEL: CSA G30.18, GRADE 400W U.N.O.").mentions
    assert (metric.text, metric.value, metric.binding.synonym) == ("GRADE 400W", 400.0, "CSA G30.18 Grade 400W")


@pytest.mark.parametrize("text", [
    "SLABS ON GRADE 4\" THK.",                          # 'GRADE' with no grade after it
    "ANCHOR RODS: F1554 GR. 36",                        # not a bar grade
    "MAIN BARS: GRADE 420 DEFORMED, fy = 414 MPa",      # the stress is written beside it
    "HOLDING DOWN BOLTS M20, CONCRETE GRADE C32/40",    # M20 is a bolt, C32/40 the concrete
])
def test_grades_that_are_not_implied_stresses(extractor, text):
    implied = [m for m in extractor.extract(text).mentions if m.binding and m.binding.synonym
               and m.binding.rule.startswith("INF-V15")]
    assert implied == []


def test_a_concrete_class_states_its_strength(extractor):
    found = [(m.text, m.value, m.subject) for m in extractor.extract("CONCRETE GRADE C32/40 TO EN 206.").mentions]
    assert found == [("C32/40", 32.0, "concrete.compressive_strength")]


def test_a_policy_owner_adds_an_inference_rule_in_yaml():
    vocabulary = default_vocabulary()
    shotcrete = InferenceRule(
        id="OWN-V001", slug="shotcrete-strength", kind="inference", subject="concrete.compressive_strength",
        description="A pressure stated for shotcrete is its compressive strength.", source="owner's practice",
        stated_for=("shotcrete",), between={"min": "2000 psi", "max": "12000 psi"}, score=80.0,
    )
    own = SubjectVocabulary(vocabulary.subjects, (*vocabulary.inferences, shotcrete), vocabulary.abbreviations,
                            vocabulary.grades)
    text = "SHOTCRETE LINING: 5,000 PSI"
    assert QuantityExtractor(vocabulary).extract(text).mentions[0].subject is None
    (strength,) = QuantityExtractor(own).extract(text).mentions
    assert (strength.subject, strength.binding.rule, strength.binding.score) == (
        "concrete.compressive_strength", "OWN-V001", 80.0)


_DRAWING = """id: DWG-{sheet}
kind: drawing
sheet: {sheet}
title: {title}
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
callouts:
{callouts}
"""


def _drawing(root: Path, sheet: str, title: str, callouts: list[str]) -> None:
    body = "\n".join(f"  - id: callout-{n}\n    text: {json.dumps(text)}" for n, text in enumerate(callouts, 1))
    (root / "documents" / f"{sheet}.drawing.yaml").write_text(
        _DRAWING.format(sheet=sheet, title=title, callouts=body), encoding="utf-8")


def _covers(root: Path) -> list[str]:
    """The covers the graph holds (the texts of every stored quantity bound to concrete.cover)."""
    with Project.open(root) as project:
        facts = project.facts(None, dt.date(2026, 6, 1))
    return sorted(fact.text for fact in facts.facts if fact.subject == "concrete.cover")


def test_a_drawing_sets_abbreviation_legend_extends_the_vocabulary_at_ingest(tmp_path):
    root = tmp_path / "legend"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: legend\n", encoding="utf-8")
    # S-101 comes first in file order; the legend on G-001 still applies to it
    _drawing(root, "A-101", "Foundation plan", ['CONC. CVG. 2" AT GRADE BEAMS'])
    ingest_project(root)
    assert _covers(root) == []  # "CVG." is no abbreviation the stock vocabulary knows
    _drawing(root, "G-001", "General notes", ["ABBREVIATIONS:\nCVG. = COVER\nTYP. = TYPICAL\nSEE = nothing defined ="])
    ingest_project(root)  # the legend changed: every document is read again
    assert _covers(root) == ['2"']


def test_a_markdown_abbreviations_table_is_a_legend(tmp_path):
    path = tmp_path / "documents" / "notes.md"
    path.parent.mkdir(parents=True)
    path.write_text("---\nid: GN-1\nkind: specification\nrevision: '0'\neffective: {from: 2026-01-01}\n"
                    "recorded: 2026-01-01T09:00:00Z\n---\n# General notes\n\n## ABBREVIATIONS\n\n"
                    "| ABBR. | MEANING |\n|---|---|\n| CVR. | COVER |\n| P.C. | PRECAST CONCRETE |\n| 12 | |\n",
                    encoding="utf-8")
    from inforce.adapters.ingest import parse_document

    assert abbreviation_legend(parse_document(path, tmp_path)) == [("CVR.", "cover"), ("P.C.", "precast concrete")]
