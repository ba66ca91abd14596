"""Audit 43: figures the quantity reading lost or inverted without a word.

H1 (high): a thousands group set apart by a no-break, narrow no-break or thin space ("4 000 psi"
as Word and PDFs write it) was read as 4 and "000 psi" = 0 psi, bound; ``check`` then refused the
true claim and supported "0 psi". Those spaces are read as the space they are (``_lexicon.BLANKS``),
so the spaced-thousands rules apply; a decimal comma after a spaced group is one malformed number.

H2 (high): a one-letter unit before the sentence's full stop ("level 0.50 m.") lost its unit: the
tokenizer keeps "m." whole, an abbreviation. At a sentence's end the stop is punctuation, on the
documents' side and on the claims'.

M1 (medium): "neither less than 75 mm nor more than 100 mm" was stored as at most 75 and at least
100: "neither" and "nor" negate each comparative they govern.

M2 (medium): a negative figure opening its text ("-5 °C" in a CSV cell, "-0.50 m" in a callout,
"−20 °C") lost its sign, taken for a list bullet; "between −20 and −5 °C" with U+2212 was no range.

Lows: "18±2mm" is read as "18 ± 2 mm" is; "1e3 psi" and "+5/-0 mm" are kept with a warning.
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

NBSP, NNBSP, THIN = "\u00a0", "\u202f", "\u2009"
MINUS = "\u2212"

_SPEC = """---
id: SPEC-1
kind: specification
title: Section SPEC-1
revision: "0"
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

{body}
"""

_MANIFEST = ('project: audit43\nfacets: []\nrules:\n  - stock: precedence/aia-style\n'
             '    params: {source: "Agreement Article 1.2"}\n')


def _project(root: Path, body: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(_MANIFEST, encoding="utf-8")
    (root / "documents" / "SPEC-1.md").write_text(_SPEC.format(body=body), encoding="utf-8")
    ingest_project(root)
    return root


def _status(root: Path, locator: str, quote: str, claim: str) -> str:
    answer = Answer.model_validate({
        "question": "q", "context": {"valid_at": "2026-05-01", "groups": []},
        "claims": [{"text": claim, "citations": [{"locator": locator, "quote": quote}]}],
    })
    with Project.open(root) as project:
        return project.check(answer).claims[0].status


def _read(text: str) -> list[tuple[float | None, float | None, str | None, str]]:
    return [(m.value, m.upper, m.unit, m.bound) for m in extract_quantities(text).mentions]


# ---- H1: a no-break or thin space between thousands ----------------------------------------------


@pytest.mark.parametrize("space", [NBSP, NNBSP, THIN])
@pytest.mark.parametrize("text, value, unit", [
    ("Compressive strength: not less than 4{s}000 psi.", 4000.0, "psi"),
    ("Design load 12{s}500 N on each anchor.", 12500.0, "N"),
])
def test_a_thousands_group_after_a_no_break_or_thin_space_is_one_number(space, text, value, unit):
    read = _read(text.format(s=space))
    assert len(read) == 1 and read[0][0] == value and read[0][2] == unit, read


def test_a_no_break_space_before_a_unit_or_inside_a_bound_is_a_space():
    assert _read(f"Joint width 50{NBSP}mm.") == [(50.0, None, "mm", "exact")]
    assert _read(f"Slump not{NBSP}less than 75 mm.") == [(75.0, None, "mm", "min")]


def test_the_mention_keeps_the_text_as_written():
    [mention] = extract_quantities(f"Strength 4{NNBSP}000 psi.").mentions
    assert mention.text == f"4{NNBSP}000 psi"


@pytest.mark.parametrize("space", [" ", NBSP])
def test_a_decimal_comma_after_a_spaced_group_is_one_number_not_4_and_garbage(space):
    """Audit 57 reads it whole (thousands set apart by spaces leave the comma only the decimal
    one, the SI way); without a unit after it, it stays one malformed number."""
    [mention] = extract_quantities(f"Joint width 4{space}000,5 mm.").mentions
    assert mention.value == 4000.5 and mention.text == f"4{space}000,5 mm"
    [bare] = extract_quantities(f"Joint count 4{space}000,5 here.").mentions
    assert bare.value is None and [w.code for w in bare.warnings] == ["malformed_number"]


def test_a_decimal_point_after_a_spaced_group_reads_the_whole_number():
    assert _read("Length 4 000.5 mm.") == [(4000.5, None, "mm", "exact")]


def test_a_no_break_thousands_strength_is_stored_and_checked_as_4000_psi(tmp_path):
    root = _project(tmp_path / "p", f"A. Compressive strength at 28 days: not less than 4{NBSP}000 psi.")
    with Project.open(root) as project:
        facts = project.facts(None, dt.date(2026, 5, 1)).facts
    assert [(f.subject, f.quantity.value, f.quantity.bound) for f in facts] == [
        ("concrete.compressive_strength", 4000.0, "min")]
    locator, quote = "SPEC-1#2.1.A", "not less than"
    assert _status(root, locator, quote, "Compressive strength at 28 days must be not less than 4,000 psi.") == "ok"
    assert _status(root, locator, quote, "Compressive strength at 28 days must be not less than 0 psi.") != "ok"


# ---- H2: a one-letter unit before the sentence's full stop --------------------------------------


@pytest.mark.parametrize("text, value, unit", [
    ("Set the top of slab at level 0.50 m.", 0.5, "m"),
    ("Hold 12.5 m.", 12.5, "m"),
    ("Top at 12.5 N.", 12.5, "N"),
    ("Add 5 g.", 5.0, "g"),
    ("Wait 30 s.", 30.0, "s"),
    ("Add 5 l.", 5.0, "l"),
    ("Hold 12.5 m. Then pour.", 12.5, "m"),
    ("Design load 5 kN/m.", 5.0, "kN/m"),
])
def test_a_one_letter_unit_before_a_full_stop_is_the_unit(text, value, unit):
    assert _read(text) == [(value, None, unit, "exact")]


def test_the_full_stop_stays_out_of_the_mention():
    [mention] = extract_quantities("Hold 12.5 m.").mentions
    assert mention.text == "12.5 m"


@pytest.mark.parametrize("text", ["Abs. 2 S. 3 of the act.", "Grid 5 N."])
def test_a_letter_and_period_that_label_stay_labels(text):
    assert _read(text) == []


def test_a_claim_ending_in_m_full_stop_is_compared_with_the_level_it_cites(tmp_path):
    root = _project(tmp_path / "p", "A. Set the top of slab at level 0.50 m.\n\nB. The footing depth is 1.2 m.")
    assert _status(root, "SPEC-1#2.1.A", "Set the top of slab", "Set the top of slab at level 9 m.") != "ok"
    assert _status(root, "SPEC-1#2.1.B", "footing depth", "The footing depth is 9 m.") != "ok"
    assert _status(root, "SPEC-1#2.1.A", "Set the top of slab", "Set the top of slab at level 0.50 m.") == "ok"


# ---- M1: neither ... nor -------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("Slump neither less than 75 mm nor more than 100 mm.", [(75.0, "min"), (100.0, "max")]),
    ("Strength not less than 5,000 psi nor more than 6,000 psi.", [(5000.0, "min"), (6000.0, "max")]),
    ("Slump neither more than 100 mm nor less than 75 mm.", [(100.0, "max"), (75.0, "min")]),
])
def test_neither_and_nor_negate_the_comparative_they_govern(text, expected):
    assert [(value, bound) for value, _, _, bound in _read(text)] == expected


# ---- M2: a leading minus sign --------------------------------------------------------------------


@pytest.mark.parametrize("text, value, unit", [
    ("-20 °C", -20.0, "°C"),
    (f"{MINUS}20 °C", -20.0, "°C"),
    ("-0.50 m", -0.5, "m"),
    ("-5 °C min.", -5.0, "°C"),
    (f"{MINUS}20 °C MIN. STORAGE", -20.0, "°C"),
    ("Store at:\n-20 °C minimum", -20.0, "°C"),
])
def test_a_negative_figure_opening_its_text_keeps_its_sign(text, value, unit):
    read = _read(text)
    assert [(v, u) for v, _, u, _ in read] == [(value, unit)], read


def test_a_list_bullet_glued_to_a_figure_with_words_after_is_still_a_bullet():
    assert [v for v, *_ in _read("-2.250% Notes due 2031")] == [2.25]
    assert [v for v, *_ in _read("- 20 °C")] == [20.0]


def test_between_two_figures_with_the_minus_sign_character_is_a_range():
    assert _read(f"Store between {MINUS}20 and {MINUS}5 °C.") == [(-20.0, -5.0, "°C", "range")]
    assert _read("Store between -20 and -5 °C.") == [(-20.0, -5.0, "°C", "range")]


def test_negative_cells_and_callouts_are_stored_with_their_sign(tmp_path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(_MANIFEST, encoding="utf-8")
    documents = root / "documents"
    (documents / "sched.csv").write_text(
        f"Item,Minimum air temperature\nAdmixture storage,{MINUS}20 °C\nCuring blankets,-5 °C\n", encoding="utf-8")
    (documents / "sched.csv.yaml").write_text(
        'id: SCHED-1\nkind: schedule\ntitle: Storage Schedule\nrevision: "0"\nissued: 2026-03-02\n'
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n", encoding="utf-8")
    (documents / "D-1.drawing.yaml").write_text(
        'id: DWG-D-1\nkind: drawing\nsheet: D-1\ntitle: Details\nrevision: "0"\nissued: 2026-03-02\n'
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\ncallouts:\n"
        '  - id: callout-1\n    text: "-0.50 m"\n', encoding="utf-8")
    result = ingest_project(root)
    assert sorted(item.text for item in result.unbound.items) == sorted([f"{MINUS}20 °C", "-5 °C", "-0.50 m"])


# ---- lows: a tolerance without blanks, notations not read ------------------------------------------


def test_a_tolerance_written_without_blanks_is_read_as_one_with_them():
    assert _read("The slab is 18±2mm thick.") == _read("The slab is 18 ± 2 mm thick.") == [(16.0, 20.0, "mm", "range")]


@pytest.mark.parametrize("text, written", [("Strength 1e3 psi.", "1e3 psi"), ("Cover +5/-0 mm.", "+5/-0 mm")])
def test_a_figure_in_a_notation_not_read_is_kept_with_a_warning(text, written):
    [mention] = extract_quantities(text).mentions
    assert (mention.text, mention.value) == (written, None)
    assert [w.code for w in mention.warnings] == ["malformed_number"]
