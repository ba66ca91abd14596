"""Issue 22: a notes sheet's items name the element their figure is stated for.

``a. GRADE BEAMS: 2"`` under a cover heading states the cover of grade beams, ``b. CANOPY
SLAB, SOFFIT: 1"`` another element's: an ``element`` condition (``conditions.element_of``), so
the sweep compares only figures of one element, and ``check`` reads a cited item under its
ancestors' headings as facts do (``facts.list_headings``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.claims import check_claim_quantities
from inforce.engine.quantities.compare import compare
from inforce.engine.quantities.conditions import condition_relation, element_of
from inforce.engine.quantities.extract import default_extractor

from one_claim import claim_status


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _under(extractor, item: str, heading: str):
    mentions = extractor.extract_under(item, (heading,)).mentions
    assert len(mentions) == 1, mentions
    return mentions[0]


def test_items_under_a_cover_heading_carry_their_element(extractor) -> None:
    beams = _under(extractor, '   b. GRADE BEAMS: 2"', "CLEAR COVER TO REINFORCING STEEL:")
    soffit = _under(extractor, '   c. CANOPY SLAB, SOFFIT: 1"', "CLEAR COVER TO REINFORCING STEEL:")
    assert beams.subject == soffit.subject == "concrete.cover"
    assert beams.condition == ("element grade beams",)
    assert soffit.condition == ("element canopy slab, soffit",)
    assert compare(beams, soffit).outcome == "compatible"


def test_an_item_without_a_colon_whose_subject_the_heading_names(extractor) -> None:
    caps = _under(extractor, "   A. RAFT FOUNDATION 6000 PSI", "MIX DESIGN STRENGTH AT 28 DAYS:")
    walls = _under(extractor, "   B. RETAINING WALLS 4500 PSI", "MIX DESIGN STRENGTH AT 28 DAYS:")
    assert caps.subject == walls.subject == "concrete.compressive_strength"
    assert caps.condition == ("element raft foundation",)
    assert compare(caps, walls).outcome == "compatible"


def test_two_figures_for_one_element_are_still_compared(extractor) -> None:
    one = _under(extractor, '   a. GRADE BEAMS: 2"', "CLEAR COVER TO REINFORCING STEEL:")
    other = _under(extractor, '   d. Grade beams: 3"', "REINFORCEMENT PROTECTION (CLEAR):")
    assert compare(one, other).outcome == "conflict"


def test_an_element_and_its_part_are_general_and_specific_and_top_is_not_bottom() -> None:
    assert condition_relation(("element mat footing",), ("element mat footing, top",)).kind == "general"
    assert condition_relation(("element mat footing, top",), ("element mat footing, bottom",)).kind == "differs"
    assert condition_relation(("element culverts",), ("element headwalls",)).kind == "differs"
    assert condition_relation(("element culvert",), ("element culverts",)).kind == "same"


def test_a_label_naming_the_subject_or_a_sentence_is_no_element(extractor) -> None:
    own = [m for m in extractor.extract("B. Compressive strength at 28 days: not less than 5,500 psi.").mentions
           if m.unit_expression is not None and "psi" in m.text]
    assert own[0].subject == "concrete.compressive_strength" and own[0].condition == ()
    note = ("Remark: each footing shown on the plans shall have a clear cover to the bottom bars of "
            "3 inches.")
    said = [m for m in extractor.extract(note).mentions if m.subject is not None]
    assert said and not any(t.startswith("element") for t in said[0].condition)
    # an unbound figure carries none
    assert element_of('a. GRADE BEAMS: 2"', 16, None, False) is None


def test_check_reads_a_cited_item_under_its_headings(extractor) -> None:
    item = "   b. TRANSFER GIRDERS: 60,000 psi"
    headings = [["REINFORCING STEEL YIELD STRENGTH:"]]
    wrong = "The concrete compressive strength for transfer girders is 60,000 psi."
    right = "The yield strength of the transfer girder reinforcing bars is 60,000 psi."
    # read alone the figure is bare, and a claim about another subject passed on it
    assert check_claim_quantities(wrong, [item], extractor=extractor).status == "ok"
    refused = check_claim_quantities(wrong, [item], extractor=extractor, cited_headings=headings)
    assert [u.reason for u in refused.unmatched] == ["subject_differs"]
    assert check_claim_quantities(right, [item], extractor=extractor, cited_headings=headings).status == "ok"


_SHEET = """---
id: DWG-S-020
kind: drawing
title: Podium Notes
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T08:00:00Z
---
PODIUM NOTES

1. REINFORCING STEEL YIELD STRENGTH
   a. TRANSFER GIRDERS: 60,000 psi
   b. PODIUM SLAB: 75,000 psi

2. CLEAR COVER TO REINFORCING
   a. TRANSFER GIRDERS, BOTTOM: 2"
   b. PODIUM SLAB, TOP: 3/4"
   c. PODIUM SLAB, BOTTOM: 1"
"""


@pytest.fixture(scope="module")
def podium(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("podium")
    (root / "documents").mkdir()
    (root / "documents" / "s-020.md").write_text(_SHEET)
    (root / "inforce.yaml").write_text("project: podium\nfacets: []\nrules: []\n")
    ingest_project(root)
    return root


_status = claim_status  # one home: tests/support/one_claim.py


@pytest.mark.slow
def test_a_notes_sheet_of_per_element_figures_sweeps_clean_and_checks_as_facts_read(podium: Path) -> None:
    with Project.open(podium) as opened:
        found = opened.sweep(dt.date(2026, 5, 1))
    assert [f for f in found.findings if f.kind == "quantity_conflict"] == []
    status, _ = _status(podium, "The yield strength of the podium slab reinforcing bars is 75,000 psi.", "DWG-S-020#1.b")
    assert status == "ok"
    status, shown = _status(podium, "The concrete compressive strength of the podium slab is 75,000 psi.",
                            "DWG-S-020#1.b")
    assert status == "unsupported_quantity" and "subject_differs" in shown
    status, shown = _status(podium, "The podium slab top bars have 1 inch of clear cover.", "DWG-S-020#2.b")
    assert status == "unsupported_quantity" and "value_differs" in shown


# -- a strict weight bound is shown as written, and is the same band to comparisons -------------------


@pytest.mark.parametrize(("text", "term"), [
    ("Children weighing less than 18 kg receive 40 mg.", "weight < 18 kg"),
    ("Patients weighing over 90 kg receive 80 mg.", "weight > 90 kg"),
    ("Children weighing up to 18 kg receive 40 mg.", "weight ≤ 18 kg"),
    ("Patients weighing at least 90 kg receive 80 mg.", "weight ≥ 90 kg"),
])
def test_a_band_shows_a_strict_bound_as_strict(extractor, text: str, term: str) -> None:
    (dose,) = [m for m in extractor.extract(text).mentions if m.subject == "drug.dose"]
    assert term in dose.condition


def test_less_than_and_up_to_one_mass_state_one_band_to_a_claim(extractor) -> None:
    source = "Children weighing less than 18 kg receive 40 mg once daily."
    assert check_claim_quantities("Children up to 18 kg receive 40 mg once daily.", [source],
                                  extractor=extractor).status == "ok"
    assert condition_relation(("weight < 18 kg",), ("weight ≤ 18 kg",)).kind == "same"
    assert condition_relation(("weight < 18 kg",), ("weight ≤ 25 kg",)).kind == "differs"


def test_a_label_naming_a_material_states_no_element(extractor) -> None:
    for note in ("CONCRETE: 4500 PSI", "REINFORCING: ASTM A615 GRADE 60.", "REINF.: GR. 60"):
        (bound,) = [m for m in extractor.extract(note).mentions if m.subject is not None]
        assert bound.condition == (), note
    assert condition_relation(("element concrete for grade beams",), ("element grade beams",)).kind == "same"
    assert condition_relation(("element top",), ("element bottom",)).kind == "differs"
