"""The example projects' own text: drawing callouts, the footing schedule, specification
03 30 00 and Addendum 2 (riverside-library, S4), and the DORVANEX label's tables (S2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from inforce.engine.quantities import QuantityExtractor, check_claim_quantities, compare
from inforce.ontology import Manifest
from inforce.ontology.yamltext import load_marked
from inforce.rules import compile_manifest

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
RIVERSIDE = EXAMPLES / "riverside-library"
LABEL = EXAMPLES / "label-dosing/documents/dorvanex-prescribing-information.md"


@pytest.fixture(scope="module")
def riverside() -> QuantityExtractor:
    """An extractor with the subjects the riverside project's manifest compiles to."""
    root = RIVERSIDE
    manifest = Manifest.model_validate(load_marked((root / "inforce.yaml").read_text(), file="inforce.yaml"))
    return QuantityExtractor(compile_manifest(manifest, root).subjects)


def callouts(sheet: str) -> dict[str, str]:
    drawing = load_marked((RIVERSIDE / f"documents/{sheet}.drawing.yaml").read_text(), file=sheet)
    return {callout["id"]: callout["text"] for callout in drawing["callouts"]}


def table_rows(path: Path) -> list[tuple[list[str], list[str], str]]:
    """(header, cells, row text) for each row of each Markdown table in ``path``."""
    rows, header = [], None
    for line in path.read_text().splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
            rows.append((header, cells, line))
    return rows


def paragraph(path: Path, starts: str) -> str:
    return next(line for line in path.read_text().splitlines() if line.startswith(starts))


def test_the_strength_callout_on_s101(riverside):
    text = callouts("S-101")["callout-3"]
    strength, age = riverside.extract(text).mentions
    assert (strength.text, strength.value, strength.unit) == ("4,000 PSI", 4000, "PSI")
    assert strength.subject == "concrete.compressive_strength"
    assert (strength.bound, strength.bound_from) == ("min", "vocabulary")
    assert (age.text, age.normalized.value, age.subject) == ("28 DAYS", 28, None)


def test_every_s101_callout_reads_without_a_warning(riverside):
    expected = {
        "callout-1": ["100'-0\"", "96'-6\"", "NOT LESS THAN 3'-6\""],
        "callout-2": ["3,000 PSF"],
        "callout-4": ['5"', "#4", '18" O.C.', "15 MIL", '4"'],  # #4: the bar's size (audit 53)
        "callout-5": ["2'-0\"", "1'-0\""],
        "callout-6": ["6'-0\"", "6'-0\"", "1'-4\""],
        "callout-7": ["GRADE 60", "3", "#5"],  # GRADE 60: ASTM A615 fixes 60 ksi (issue 22); #5: the bar size (audit 53)
        "callout-8": ['3"'],
        "callout-9": ["15 MIL", '6"'],
        "callout-10": ["1/4", "15'-0\" O.C. MAX"],
        "callout-11": ["#5", '16" O.C.', "40 BAR DIAMETERS"],  # #5: the bar size (audit 53)
        "callout-12": ['12"', '12"', "95'-0\""],
        "callout-13": ["6% +/- 1.5%"],
    }
    for callout, text in callouts("S-101").items():
        found = riverside.extract(text)
        assert found.warnings == (), callout
        if callout in expected:
            assert [m.text for m in found.mentions] == expected[callout], callout


def test_air_content_on_the_drawing_is_a_range(riverside):
    text = callouts("S-101")["callout-13"]
    (air,) = riverside.extract(text).mentions
    assert (air.value, air.upper, air.nominal, air.bound) == (4.5, 7.5, 6, "range")
    # "AIR ENTRAINED CONCRETE, 6% +/- 1.5% AIR": a percentage beside AIR in a note about
    # concrete is its air content (the stock inference INF-V103, issue 22)
    assert air.subject == "concrete.air_content" and air.binding.rule == "INF-V103"
    (air,) = riverside.extract(text, context="Air content").mentions
    assert air.subject == "concrete.air_content"


def test_the_footing_widths_on_plan_and_detail_differ(riverside):
    plan = riverside.extract(callouts("S-101")["callout-5"]).mentions[0]
    detail = riverside.extract(callouts("S-501")["callout-3"]).mentions[0]
    assert (plan.value, detail.value) == (2.0, 2.5)
    assert compare(plan, detail).outcome == "conflict"


def test_the_footing_schedule_rows_bind_by_their_headers(riverside):
    rows = table_rows(RIVERSIDE / "documents/schedule-footings.md")
    assert len(rows) == 8
    for header, cells, line in rows:
        found = riverside.extract_row(line, cells, header, base_offset=1000)
        strength = [m for m in found.mentions if m.subject == "concrete.compressive_strength"]
        assert [(m.value, m.unit, m.bound) for m in strength] == [(4000, "psi", "min")], cells[0]
        for mention in found.mentions:
            assert line[mention.span.start - 1000 : mention.span.end - 1000] == mention.text
    header, cells, line = rows[0]
    texts = [m.text for m in riverside.extract_row(line, cells, header).mentions]
    assert texts == ["2'-0\"", "1'-0\"", "3", "#5", "#4", '24"', "4,000 psi"]  # #5, #4: the bars' sizes (audit 53)


def test_specification_033000_article_2_1(riverside):
    spec = RIVERSIDE / "documents/spec-033000.md"
    expected = {
        "A. Compressive strength": ("concrete.compressive_strength", "min", "text", 4000, None),
        "B. Maximum water-cementitious": ("concrete.water_cementitious_ratio", "max", "vocabulary", 0.45, None),
        "C. Slump limit": ("concrete.slump", "range", "text", 3, 5),
        "D. Air content": ("concrete.air_content", "range", "text", 4.5, 7.5),
    }
    for starts, (subject, bound, bound_from, value, upper) in expected.items():
        found = riverside.extract(paragraph(spec, starts)).bound()
        assert [(m.subject, m.bound, m.bound_from, m.value, m.upper) for m in found] == [
            (subject, bound, bound_from, value, upper)], starts


def test_the_addendum_and_the_drawing_conflict_on_strength(riverside):
    addendum = RIVERSIDE / "documents/addendum-02.md"
    replaced = paragraph(addendum, "1.3 Section 03 30 00")
    (specified,) = riverside.extract(replaced).bound()
    assert (specified.value, specified.bound, specified.subject) == (5000, "min", "concrete.compressive_strength")
    drawing = riverside.extract(callouts("S-101")["callout-3"]).bound()[0]
    result = compare(drawing, specified, vocabulary=riverside.vocabulary)
    assert result.outcome == "conflict" and result.subject == "concrete.compressive_strength"
    original = riverside.extract(paragraph(RIVERSIDE / "documents/spec-033000.md", "A. Compressive")).bound()[0]
    assert compare(drawing, original, vocabulary=riverside.vocabulary).outcome == "equal"


def test_the_specification_reads_without_warnings_and_skips_its_numbering(riverside):
    text = (RIVERSIDE / "documents/spec-033000.md").read_text()
    found = riverside.extract(text)
    assert found.warnings == ()
    texts = [m.text for m in found.mentions]
    for heading in ("1.1", "2.1", "3.12", "03", "2026"):
        assert heading not in texts
    assert "not less than 7 days" in texts and "not more than 15 feet" in texts
    assert "not less than 50 deg F" in texts and "0.2 pound per square foot per hour" in " ".join(texts)


def test_the_label_dosing_table(riverside):
    rows = table_rows(LABEL)
    band = next(row for row in rows if row[1][0] == "30 to 40 kg")
    header, cells, line = band
    weight, dose = riverside.extract_row(line, cells, header).mentions
    assert (weight.value, weight.upper, weight.unit_expression, weight.bound) == (30, 40, "kilogram", "range")
    assert (dose.value, dose.unit_expression, dose.per_day, dose.subject) == (250, "milligram", 2, "drug.dose")
    renal = [row for row in rows if row[0][0] == "Creatinine clearance"]
    first = riverside.extract_row(renal[1][2], renal[1][1], renal[1][0]).mentions
    assert [(m.text, m.bound) for m in first] == [("30 to 59 mL/min", "range"), ("125 mg twice daily", "exact")]


def test_s2_claims_against_the_weight_band_row():
    row = "30 to 40 kg | 250 mg twice daily"
    for claim, status in [("250", "unsupported_quantity"), ("500 mg twice daily", "unsupported_quantity"),
                          ("0.25 g twice daily", "ok")]:
        assert check_claim_quantities(claim, [row]).status == status, claim


def test_the_label_adverse_reaction_table_reads_percentages(riverside):
    rows = [row for row in table_rows(LABEL) if row[0][0] == "Adverse reaction"]
    header, cells, line = rows[0]
    found = riverside.extract_row(line, cells, header)
    assert [(m.value, m.unit_expression) for m in found.mentions] == [(14, "percent"), (6, "percent")]
