"""Audit 44: figures the quantity reading lost or misread without a word.

M1 (medium): a minus sign written as an en dash (Word's autoformat of "-20"), a non-breaking
hyphen (U+2011) or a fullwidth hyphen-minus (U+FF0D) before a figure was dropped: "Design
temperature: –20 °C." was the fact 20 °C and ``check`` passed the claim "20 °C". Where no number
precedes it as a range's first end, such a dash is a minus sign (``_lexicon.read_minus_signs``);
between two numbers ("10–40") an en dash stays the range's connector.

M3 (low-medium): a range written high to low ("-5 to -10 °C", "6 to 4 inches") was a unitless
number and one exact or bounded end; it is the range, low to high, as the ascending form reads.

Lows: "-3'-6\"" and "-10–40 °C" are read; "1×10^3 psi" and "1 x 10^3 psi" are kept with a warning,
never read as a unitless 1; "4,000 (+500, -0) psi" is 4,000 psi with its tolerance.
Every document here is written for the test.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities import extract_quantities
from inforce.ontology import Answer
from tests.engine.quantities.test_audit_43_quantities import _SPEC as AUDIT_43_SPEC

EN_DASH, NB_HYPHEN, FULLWIDTH = "\u2013", "\u2011", "\uff0d"

_SPEC = AUDIT_43_SPEC.replace("2.1 MIXTURES", "2.1 SERVICE")  # one specification template, its heading this file's

_MANIFEST = ("project: audit44\nfacets: []\nrules:\n  - stock: subjects/default\n  - path: rules/subjects.yaml\n")
_SUBJECTS = """schema_version: 1
title: test subjects
rules:
  - id: TST-V001
    slug: service-temperature
    kind: subject
    subject: service.temperature
    description: service temperature
    source: test
    synonyms: ["service temperature", "design temperature"]
    unit: degC
    bound: exact
    tolerance: {relative: 0.001}
"""


def _project(root: Path, body: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text(_MANIFEST, encoding="utf-8")
    (root / "rules" / "subjects.yaml").write_text(_SUBJECTS, encoding="utf-8")
    (root / "documents" / "SPEC-1.md").write_text(_SPEC.format(body=body), encoding="utf-8")
    ingest_project(root)
    return root


def _status(root: Path, locator: str, claim: str) -> str:
    answer = Answer.model_validate({
        "question": "q", "context": {"valid_at": "2026-05-01", "groups": []},
        "claims": [{"text": claim, "citations": [{"locator": locator}]}],
    })
    with Project.open(root) as project:
        return project.check(answer).claims[0].status


def _facts(root: Path) -> list[tuple[str, float | None, float | None, str]]:
    with Project.open(root) as project:
        facts = project.facts(None, dt.date(2026, 5, 1)).facts
    return [(f.subject, f.quantity.value, f.quantity.upper, f.quantity.bound) for f in facts]


def _read(text: str) -> list[tuple[float | None, float | None, str | None, str]]:
    return [(m.value, m.upper, m.unit, m.bound) for m in extract_quantities(text).mentions]


# ---- M1: a dash written for a minus sign ---------------------------------------------------------


@pytest.mark.parametrize("dash", [EN_DASH, NB_HYPHEN, FULLWIDTH])
@pytest.mark.parametrize("text, expected", [
    ("Design temperature: {d}20 °C.", [(-20.0, None, "°C", "exact")]),
    ("{d}2%", [(-2.0, None, "%", "exact")]),
    ("Elevation: {d}3'-6\".", [(-3.5, None, "ft", "exact")]),
    ("{d}10 to 40 °C", [(-10.0, 40.0, "°C", "range")]),
    ("Store between {d}20 and {d}5 °C.", [(-20.0, -5.0, "°C", "range")]),
    ("Level ({d}1.5 m)", [(-1.5, None, "m", "exact")]),
])
def test_a_dash_before_a_figure_with_no_number_before_it_is_a_minus_sign(dash, text, expected):
    assert _read(text.format(d=dash)) == expected


def test_an_en_dash_between_two_numbers_stays_the_range_connector():
    assert _read(f"Service temperature: 10{EN_DASH}40 °C.") == [(10.0, 40.0, "°C", "range")]
    assert _read(f"Level 10{NB_HYPHEN}40 m.") == [(10.0, 40.0, "m", "range")]


def test_the_mention_keeps_the_dash_as_written():
    [mention] = extract_quantities(f"Design temperature: {EN_DASH}20 °C.").mentions
    assert mention.text == f"{EN_DASH}20 °C"


def test_an_en_dash_minus_is_stored_and_checked_as_negative(tmp_path):
    root = _project(tmp_path / "p", f"A. Design temperature: {EN_DASH}20 °C.")
    assert _facts(root) == [("service.temperature", -20.0, None, "exact")]
    assert _status(root, "SPEC-1#2.1.A", "The design temperature is 20 °C.") != "ok"
    assert _status(root, "SPEC-1#2.1.A", "The design temperature is -20 °C.") == "ok"


# ---- M3: a range written high to low -------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("Service temperature: -5 to -10 °C.", [(-10.0, -5.0, "°C", "range")]),
    ("-5 to -10 °C", [(-10.0, -5.0, "°C", "range")]),
    ("Slump: 6 to 4 inches.", [(4.0, 6.0, "inches", "range")]),
    ("7 to 5 percent", [(5.0, 7.0, "percent", "range")]),
    ("between 7 and 5 percent", [(5.0, 7.0, "percent", "range")]),
])
def test_a_range_written_high_to_low_is_the_range(text, expected):
    assert _read(text) == expected


def test_a_range_opening_its_line_keeps_its_sign():
    assert _read("-10 to 40 °C") == [(-10.0, 40.0, "°C", "range")]


def test_a_descending_range_is_stored_as_the_ascending_one_is(tmp_path):
    root = _project(tmp_path / "p", "A. Service temperature: -5 to -10 °C.\n\nB. Service temperature: -10 to -5 °C.")
    assert _facts(root) == [("service.temperature", -10.0, -5.0, "range")] * 2
    # a figure outside the range is refused (a figure inside it satisfies the range, either way written)
    assert _status(root, "SPEC-1#2.1.A", "The service temperature is -20 °C.") != "ok"


# ---- lows -----------------------------------------------------------------------------------------


def test_a_signed_feet_and_inches_and_a_signed_one_word_range_are_read():
    assert _read("Elevation: -3'-6\".") == [(-3.5, None, "ft", "exact")]
    assert _read(f"Service temperature: -10{EN_DASH}40 °C.") == [(-10.0, 40.0, "°C", "range")]


@pytest.mark.parametrize("text, written", [
    ("Pressure 1\u00d710^3 psi.", "1\u00d710^3 psi"),
    ("Pressure 1 x 10^3 psi.", "1 x 10^3 psi"),
])
def test_a_power_of_ten_is_kept_with_a_warning_never_read_as_its_first_digits(text, written):
    [mention] = extract_quantities(text).mentions
    assert (mention.text, mention.value, mention.unit) == (written, None, "psi")
    assert [w.code for w in mention.warnings] == ["malformed_number"]


def test_a_tolerance_each_way_before_the_unit_keeps_the_unit():
    [mention] = extract_quantities("Compressive strength: 4,000 (+500, -0) psi.").mentions
    assert (mention.value, mention.upper, mention.nominal, mention.unit) == (4000.0, 4500.0, 4000.0, "psi")


def test_a_times_between_two_plain_figures_is_not_a_power_of_ten():
    assert _read("Size 3 x 10 mm") == [(3.0, None, None, "exact"), (10.0, None, "mm", "exact")]
