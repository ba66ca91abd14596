"""The cheap tests that spare binding work it would find nothing by (issue 22's ingest cost).

Each gate must never turn away a text its full test would accept: a grade pattern is not
run on a text that lacks its literal words or a grade name's digits, a list heading is not
read over a figure no subject it names could take, and a cited revision's list headings are
worked out once per build."""

from __future__ import annotations

import re

import pytest

from inforce.engine import facts
from inforce.engine.quantities.extract import default_extractor
from inforce.engine.quantities.subjects import (
    BindingTarget,
    _grade_gates,
    default_vocabulary,
    mention_key,
)
from tests.support.store_factory import make_document

#: Texts that write a grade (some in lower case, some without a space), and texts that do not.
GRADED = [
    "REINFORCING BARS: ASTM A615 GRADE 60.", "Reinforcing bars: ASTM A615 gr.60 deformed.",
    "Bars to A 615-75.", "A706-80 bars where welded.", "CONCRETE: C25/30, blinding GEN1.",
    "REO: 500N bars, D500N mesh.", "Concrete grade M-25 for slabs.", "Bars Fe 500D, Fe415 links.",
    "N32 concrete to slabs.", "B500B reinforcement.",
]
PLAIN = ["Portland cement Type I/II.", "Class B concrete.", "#4 bars at 12 in.", "Slump 4 in. max.",
         "Cover 50 mm to footings.", "Grade beams: 2 in. clear."]


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _passes(gate, text: str) -> bool:
    words, runs = gate
    return not runs.isdisjoint(re.findall(r"[0-9]+", text)) and all(word in text.upper() for word in words)


def test_a_grade_pattern_gate_passes_every_text_the_pattern_matches(extractor):
    grades = extractor.binder._grades
    assert len(grades) > 30 and all(gate is not None for _, _, gate in grades)  # the stock forms are all gated
    matched = 0
    for _, pattern, gate in grades:
        for text in GRADED + PLAIN:
            if pattern.search(text) is not None:
                matched += 1
                assert _passes(gate, text), (pattern.pattern, text)
    assert matched >= len(GRADED)


def test_texts_naming_no_grade_pass_few_gates_and_match_nothing(extractor):
    grades = extractor.binder._grades
    assert not [p for _, p, gate in grades if _passes(gate, "Portland cement Type I/II, Class B.")]
    for text in PLAIN:
        assert all(p.search(text) is None for _, p, _ in grades)
    assert sum(_passes(gate, "#4 bars at 12 in.") for _, _, gate in grades) < len(grades) // 4


def test_grades_are_still_read_where_written(extractor):
    found = extractor.extract("REINFORCING BARS: ASTM A615 GRADE 60.").mentions
    assert [(m.text, m.value, m.unit_expression, m.subject) for m in found] == [
        ("GRADE 60", 60.0, "ksi", "reinforcement.yield_strength")]
    found = extractor.extract("CONCRETE: C25/30, blinding GEN1.").mentions
    assert [(m.text, m.value, m.subject) for m in found] == [
        ("C25/30", 25.0, "concrete.compressive_strength"), ("GEN1", 8.0, "concrete.compressive_strength")]


def test_a_form_whose_words_are_not_ascii_or_run_into_the_digits_is_not_gated():
    rule = default_vocabulary().grades[0]
    odd = rule.model_copy(update={"written": ["GRADE {grade}", "GRADE-7{grade}", "Größe {grade}"]})
    gates = dict(zip(sorted(odd.written, key=len, reverse=True), _grade_gates(odd), strict=True))  # patterns' order
    assert gates["GRADE-7{grade}"] is None and gates["Größe {grade}"] is None
    assert gates["GRADE {grade}"] == (("GRADE",), frozenset({"60", "80", "420", "550"}))


def _figures(extractor, text: str) -> list[BindingTarget]:
    return [BindingTarget(start=0, end=0, key=mention_key(m), value=m.value, upper=m.upper, unit=m.unit_expression)
            for m in extractor.extract(text).mentions]


def test_a_heading_is_not_read_over_a_figure_no_subject_it_names_takes(extractor):
    heading = "CAST-IN-PLACE CONCRETE"
    thin, cover = _figures(extractor, "a. CLEAR: 15 mils"), _figures(extractor, 'a. CLEAR: 3"')
    assert [f.key for f in thin] == [f.key for f in cover] == ["[length]"]
    assert not extractor.binder.may_name(thin, heading)  # no concrete subject of length takes 15 mils
    assert extractor.binder.may_name(cover, heading)
    assert [m.subject for m in extractor.extract_under("a. CLEAR: 15 mils", (heading,)).mentions] == [None]
    assert [m.subject for m in extractor.extract_under('a. CLEAR: 3"', (heading,)).mentions] == ["concrete.cover"]


def test_a_revisions_list_headings_are_worked_out_once_per_build():
    document = make_document("LH-1", "1", texts={"1": "1 CONCRETE COVER TO REINFORCING:", "1.A": 'A. FOOTINGS: 3"'})
    loads: list[str] = []

    def load():
        loads.append(document.id)
        return document

    first = facts.revision_list_headings("build-a", "LH-1@1", load)
    assert first["1.A"] == ("CONCRETE COVER TO REINFORCING:",)  # its number is no figure (audit 70 B F3)
    assert facts.revision_list_headings("build-a", "LH-1@1", load) == first == facts.list_headings(document)
    assert loads == ["LH-1"]
    facts.revision_list_headings("build-b", "LH-1@1", load)  # another build: read again
    assert loads == ["LH-1", "LH-1"]
    facts.revision_list_headings("", "LH-1@1", load)
    facts.revision_list_headings("", "LH-1@1", load)  # nothing ingested: nothing kept
    assert len(loads) == 4
