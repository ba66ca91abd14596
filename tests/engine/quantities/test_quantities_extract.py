"""Extraction: each notation the extractor reads, what it skips, and what it keeps with a warning.

Real spaCy (a blank English pipeline with the quantity rule components) and real pint.
"""

from __future__ import annotations

import pytest

from inforce.engine import quantities
from inforce.engine.quantities import (
    EXTRACTOR_VERSION,
    QuantityExtractor,
    may_contain_quantity,
)


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def only(extractor: QuantityExtractor, text: str, **kwargs):
    mentions = extractor.extract(text, **kwargs).mentions
    assert len(mentions) == 1, [m.text for m in mentions]
    return mentions[0]


def test_exported_names_are_what_we_mean_to_export():
    assert sorted(quantities.__all__) == sorted(set(quantities.__all__))
    for name in quantities.__all__:
        assert hasattr(quantities, name), name
    assert {"QuantityExtractor", "compare", "check_claim_quantities", "EXTRACTOR_VERSION",
            "may_contain_quantity", "unit_table", "define_units"} <= set(quantities.__all__)


def test_the_extractor_version_is_a_plain_string():
    assert isinstance(EXTRACTOR_VERSION, str) and EXTRACTOR_VERSION


def test_spacy_does_the_tokenising_and_the_finding(extractor):
    names = extractor.nlp.pipe_names
    assert names == ["inforce_quantity_phrases", "inforce_quantities"]
    doc = extractor.nlp("not less than 4,000 psi")
    assert [token.text for token in doc] == ["not", "less", "than", "4,000", "psi"]
    found = doc._.inforce_quantities
    assert len(found) == 1 and found[0].bound == "min" and found[0].value == 4000
    assert ("BOUND_BEFORE", 0, 3) in doc._.inforce_phrases


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("4,000 psi", 4000, "psi"),
        ("1,577.25 kg", 1577.25, "kilogram"),
        ("0.45", 0.45, None),
        ('3/4"', 0.75, "inch"),
        ("1-1/2 inches", 1.5, "inch"),
        ("2 3/4 inches", 2.75, "inch"),
        ("250mg", 250, "milligram"),
        ("28MPa", 28, "megapascal"),
        ("15 MIL", 15, "thou"),
        ("3,000 PSF", 3000, "psf"),
        ("120 pcf", 120, "pcf"),
        ("60 ksi", 60, "ksi"),
        ("f'c = 4,000 PSI", 4000, "psi"),
        ("6 percent", 6, "percent"),
        ("6%", 6, "percent"),
        ("14 calendar days", 14, "day"),
        ("ten working days", 10, "day"),
        ("7 years", 7, "year"),
        ("5 mg/kg/day", 5, "(milligram) / (kilogram) / (day)"),
        ("60 mL/min", 60, "(milliliter) / (minute)"),
        ("0.2 pound per square foot per hour", 0.2, "(pound) / (foot ** 2) / (hour)"),
        ("85 deg F", 85, "degree_Fahrenheit"),
        ("a 24-hour period", 24, "hour"),
        ("40 BAR DIAMETERS", 40, "bar_diameter"),
        ("2 in", 2, "inch"),
    ],
)
def test_numbers_and_units_as_written(extractor, text, value, unit):
    mention = only(extractor, text)
    assert mention.value == pytest.approx(value)
    assert mention.unit_expression == unit
    assert mention.bound == "exact" or text.startswith("f'c")


@pytest.mark.parametrize(
    ("text", "feet"),
    [("12'-6\"", 12.5), ("2'-0\"", 2.0), ("3'-6\"", 3.5), ("100'-0\"", 100.0), ("1'-4\"", 1 + 4 / 12)],
)
def test_feet_and_inches(extractor, text, feet):
    mention = only(extractor, f"WIDTH {text} TYP.")
    assert mention.notation == "feet_inches" and mention.unit_expression == "foot"
    assert mention.value == pytest.approx(feet)
    assert mention.normalized.unit == "millimeter"
    assert mention.normalized.value == pytest.approx(feet * 304.8)
    assert mention.text == text


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("not less than 4,000 psi", "min"), ("at least 15 kg", "min"), ("minimum 35 MPa", "min"),
        ("a minimum of 3 inches", "min"), ("≥ 3 inches", "min"), ("7 days min.", "min"),
        ("60 mL/min or greater", "min"), ("6 hours or more", "min"), ("more than 40 kg", "min"),
        ("not more than 0.30 percent", "max"), ("maximum 0.45 mg", "max"), ("max. 12 inches", "max"),
        ("not to exceed 1,000 mg", "max"), ("Do not exceed 1,000 mg", "max"), ("≤5 mg", "max"),
        ("up to 3 days", "max"), ("15 feet or less", "max"), ("within 30 days", "max"),
        ("less than 15 kg", "max"), ("15'-0\" O.C. MAX", "max"),
    ],
)
def test_bounds(extractor, text, bound):
    mention = only(extractor, text)
    assert mention.bound == bound and mention.bound_from == "text"
    assert mention.text == text.rstrip(".") or mention.text == text


@pytest.mark.parametrize(
    ("text", "low", "high", "unit"),
    [
        ("30 to 40 kg", 30, 40, "kilogram"),
        ("30–40 kg", 30, 40, "kilogram"),
        ("30-40 kg", 30, 40, "kilogram"),
        ("15 to less than 20 kg", 15, 20, "kilogram"),
        ("between 5 and 10 mm", 5, 10, "millimeter"),
        ("20° to 25°C", 20, 25, "degree_Celsius"),
        ("4 inches ± 1 inch", 3, 5, "inch"),
        ("6 percent ± 1.5 percent", 4.5, 7.5, "percent"),
        ("6% +/- 1.5%", 4.5, 7.5, "percent"),
        ("4 inches, plus or minus 1 inch", 3, 5, "inch"),
        ("100 mm ± 5%", 95, 105, "millimeter"),
    ],
)
def test_ranges_and_tolerances(extractor, text, low, high, unit):
    mention = only(extractor, text)
    assert mention.bound == "range"
    assert (mention.value, mention.upper) == (pytest.approx(low), pytest.approx(high))
    assert mention.unit_expression == unit


def test_a_tolerance_keeps_its_nominal_value(extractor):
    mention = only(extractor, "Slump limit: 4 inches ± 1 inch at point of placement.")
    assert mention.nominal == 4 and (mention.value, mention.upper) == (3, 5)


@pytest.mark.parametrize(
    ("text", "value", "unit", "precision"),
    [
        ("$1,577 million", 1.577e9, "USD", 1e6),
        ("$2.3 billion", 2.3e9, "USD", 1e8),
        ("$1.6 billion", 1.6e9, "USD", 1e8),
        ("$25", 25, "USD", 1),
        ("$2.3B", 2.3e9, "USD", 1e8),
        ("€500K", 5e5, "EUR", 1e3),
        ("USD 5 million", 5e6, "USD", 1e6),
        ("(1.2)%", -1.2, "percent", 0.1),
    ],
)
def test_money_with_scale_words_and_negative_percentages(extractor, text, value, unit, precision):
    mention = only(extractor, f"Revenue: {text}.")
    assert mention.value == pytest.approx(value)
    assert mention.unit_expression == unit
    assert mention.precision == pytest.approx(precision)
    assert mention.text == text


def test_a_parenthesised_count_is_not_negative(extractor):
    mentions = extractor.extract("F1: (3) #5 CONTINUOUS BOTTOM").mentions
    assert [m.value for m in mentions] == [3]


@pytest.mark.parametrize(
    ("text", "per_day"),
    [("250 mg twice daily", 2), ("250 mg orally twice daily", 2), ("125 mg once daily", 1),
     ("50 mg every 8 hours", 3), ("10 mg b.i.d.", 2)],
)
def test_dosing_frequencies_stay_with_the_amount(extractor, text, per_day):
    mention = only(extractor, text)
    assert mention.unit_expression == "milligram" and mention.per_day == per_day
    assert mention.text == text


def test_bar_spacing_on_center(extractor):
    mentions = extractor.extract('5" SLAB W/ #4 @ 18" O.C. EACH WAY').mentions
    assert [m.text for m in mentions] == ['5"', '#4', '18" O.C.']  # the bar's size is a figure (audit 53)
    assert mentions[2].spacing and mentions[2].value == 18 and mentions[2].unit_expression == "inch"


def test_a_ratio_is_a_number_without_a_unit(extractor):
    mention = only(extractor, "Maximum w/cm: 0.45.")
    assert mention.unit is None and mention.dimension is None and mention.value == 0.45


@pytest.mark.parametrize(
    "text",
    [
        "See Section 7.4.2 and Table 1.",
        "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE",
        "Issued March 2, 2026; revised 14 January 2026.",
        "Call 1-800-555-0142 or 1-800-FDA-1088.",
        "Portland Cement: ASTM C150, Type I/II; bars to ASTM A615.",  # a bare grade states its yield (issue 22)
        "SEE DETAIL 3/S-501.",
        "[see Warnings and Precautions (5.1)]",
        "CYP3A4, HIV-1, DVX-301",  # "#5 DOWELS" is a bar's size now (audit 53: test_audit_53_figures)
        "NDC 71234-050-60",
        "2.1 CONCRETE MIXTURES",
        "1. Continuous wall footings.",
    ],
)
def test_numbers_that_name_things_are_not_quantities(extractor, text):
    assert extractor.extract(text).mentions == ()


def test_a_quote_mark_after_a_quoted_number_is_not_inches(extractor):
    # a number in quotation marks is an imprint or a label: neither inches nor an amount
    mentions = extractor.extract('debossed with "H" on one side and "50" on the other').mentions
    assert [m.unit for m in mentions] == []
    assert [m.unit_expression for m in extractor.extract('a tablet of 50" diameter').mentions] == ["inch"]


def test_spans_are_offsets_into_the_text_plus_the_base_offset(extractor):
    text = "A. Compressive strength at 28 days: not less than 4,000 psi."
    mentions = extractor.extract(text, base_offset=1000).mentions
    strength = mentions[-1]
    assert strength.text == "not less than 4,000 psi"
    assert text[strength.span.start - 1000 : strength.span.end - 1000] == strength.text
    assert strength.span.start == 1000 + text.index("not less")


def test_long_texts_keep_offsets_across_windows(extractor):
    filler = "The contractor shall coordinate the work with other trades. " * 30
    text = f"{filler}Provide 5 inches of fill. {filler}Lap 12 inches minimum."
    mentions = extractor.extract(text, base_offset=7).mentions
    assert [m.text for m in mentions] == ["5 inches", "12 inches minimum"]
    for mention in mentions:
        assert text[mention.span.start - 7 : mention.span.end - 7] == mention.text


def test_an_unknown_unit_is_kept_without_a_unit_and_with_a_warning(extractor):
    text = "A load of 12 kPx on the deck."
    found = extractor.extract(text, base_offset=50)
    (mention,) = found.mentions
    assert mention.value == 12 and mention.unit is None and mention.subject is None
    (warning,) = found.warnings
    assert warning.code == "unknown_unit" and warning.text == "12 kPx"
    assert text[warning.span.start - 50 : warning.span.end - 50] == "12 kPx"
    assert mention.warnings == (warning,)


def test_an_unknown_part_of_a_compound_unit_is_not_guessed(extractor):
    found = extractor.extract("Give 5 mg/zz of it.")
    (mention,) = found.mentions
    assert mention.unit is None and mention.value == 5
    assert [w.code for w in found.warnings] == ["unknown_unit"]


def test_a_malformed_number_is_kept_without_a_value(extractor):
    found = extractor.extract("A mass of 1,57,7 kg.")
    (mention,) = found.mentions
    assert mention.value is None and mention.normalized is None
    assert mention.quantity() is None
    assert [(w.code, w.text) for w in found.warnings] == [("malformed_number", "1,57,7")]


def test_an_all_caps_callout_does_not_warn_on_its_words(extractor):
    found = extractor.extract("SAWCUT CONTRACTION JOINT, 1/4 SLAB DEPTH, AT 15'-0\" O.C. MAX EACH WAY.")
    assert found.warnings == ()


def test_the_prefilter_skips_text_without_numbers(extractor):
    assert not may_contain_quantity("Coordinate the work with the Architect.")
    assert not may_contain_quantity("Comply with ASTM C150 and CYP3A4 guidance.")
    assert may_contain_quantity("Cure for 7 days.")
    assert may_contain_quantity("not less than ten working days before")
    assert extractor.extract("Coordinate the work with the Architect.").mentions == ()


def test_normalised_values_use_one_unit_per_dimension(extractor):
    a, b, c = extractor.extract("27.6 MPa; 4,000 PSI; 1 week").mentions
    assert a.normalized.unit == b.normalized.unit == "megapascal"
    assert b.normalized.value == pytest.approx(27.579, abs=1e-3)
    assert c.normalized.unit == "day" and c.normalized.value == 7


def test_the_stored_form_keeps_what_the_graph_needs(extractor):
    mention = only(extractor, "CONCRETE f'c = 4,000 PSI")
    stored = mention.quantity("DWG-S-101#callout-3")
    assert stored.value == 4000 and stored.unit == "PSI" and stored.bound == "min"
    assert stored.bound_from == "vocabulary" and stored.subject == "concrete.compressive_strength"
    assert str(stored.locator) == "DWG-S-101#callout-3" and stored.normalized.unit == "megapascal"
    assert stored.span == mention.span


def test_extract_many_answers_in_order(extractor):
    texts = ["no numbers here", ("Cure for 7 days.", 100), ("5 mg", 0, "Dose (mg)"), "12 psi"]
    results = list(extractor.extract_many(texts))
    assert [len(r.mentions) for r in results] == [0, 1, 1, 1]
    assert results[1].mentions[0].span.start == 100 + len("Cure for ")


def test_a_window_cache_does_not_change_results():
    cached, uncached = QuantityExtractor(), QuantityExtractor(cache_size=0)
    text = "A. Compressive strength: not less than 4,000 psi.\nB. Slump: 4 inches ± 1 inch."
    first = cached.extract(text, base_offset=5)
    again = cached.extract(text, base_offset=9)
    assert first == uncached.extract(text, base_offset=5)
    assert [m.span.start - 9 for m in again.mentions] == [m.span.start - 5 for m in first.mentions]


def test_a_list_bullet_is_not_a_minus_sign(extractor):
    text = "Notes registered:\n-1.500% Notes due 2026\n- 1.750% Notes due 2031\nChange: -1.2%"
    assert [(m.text, m.value) for m in extractor.extract(text).mentions] == [
        ("1.500%", 1.5), ("1.750%", 1.75), ("-1.2%", -1.2),
    ]


# -- a window over spaCy's limit (issue 23) ------------------------------------------------------

_DENSE = ["Concrete shall reach 4,000 psi at 28 days.", "The slab is 150 mm thick, plus or minus 3 mm.",
          "Test every 50 cubic yards or fraction thereof.", "Slump: 4 inches, maximum 6 inches.\n",
          "Cure for not less than 7 days at 50 to 90 deg F.", "Provide ten working days' notice."]


def test_a_window_longer_than_the_pipeline_reads_is_read_in_pieces_to_the_same_result(monkeypatch):
    """Numbers close together merge into one window; over ``MAX_WINDOW`` it is cut at a line
    break or a sentence's end, and the pieces read what one pass reads."""
    from inforce.engine.quantities import extract

    text = " ".join(_DENSE[i % len(_DENSE)] for i in range(400))
    whole = QuantityExtractor(cache_size=0).extract(text)
    assert len(extract.text_windows(text)) == 1 and len(whole.mentions) > 600
    monkeypatch.setattr(extract, "MAX_WINDOW", 1000)
    windows = extract.text_windows(text)
    assert len(windows) > 16 and max(end - start for start, end in windows) <= 1000
    assert all(text[end] in " \n" for _, end in windows[:-1])
    assert QuantityExtractor(cache_size=0).extract(text) == whole


def test_the_longest_window_is_one_the_pipeline_reads(extractor):
    """With the test above, no text reaches the pipeline longer than it reads: a real provision
    of over a million characters dense with numbers is ingested end to end in
    tests/ingest/test_ingest_hostile.py."""
    from inforce.engine.quantities.extract import MAX_WINDOW

    assert MAX_WINDOW <= extractor.nlp.max_length
