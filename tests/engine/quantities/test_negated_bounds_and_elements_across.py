"""Issue 22 (verify22c): a negated comparative is its opposite bound; an element's figure is
compared across documents; a claim's words pick the cited element's figure; the initial dose
governs the increased one; an impaired organ is a population.

- "shall not be less than 3,500 psi" is a minimum, "may not exceed 1 inch" a maximum, in a
  specification sentence, a drawing's capitals and a claim alike (``_tokens._negated``).
- Within one document an element's figure governs the document's general figure (a sheet's
  typical-unless-noted pattern); across documents a drawing's figure for an element meets the
  other document's general figure and its figure for that element (``sweep._pairs``).
- ``check``: "Columns need 2 inches" citing two items of one list (beams 1 1/2", columns 2")
  is about the columns' item; naming neither item of differing figures is refused, naming both.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.claims import check_claim_quantities
from inforce.engine.quantities.conditions import band_strict, element_named, governs
from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _bound(extractor, text: str) -> tuple[str, str | None]:
    (found,) = [m for m in extractor.extract(text).mentions if m.subject is not None]
    return found.bound, found.subject


# -- negated comparatives -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "bound"), [
    ("Mix strength for the retaining walls shall not be less than 3,500 psi.", "min"),
    ("CONCRETE COMPRESSIVE STRENGTH SHALL NOT BE LESS THAN 3500 P.S.I.", "min"),
    ("The concrete cover over the deck bars must not be less than 1 1/4 inches.", "min"),
    ("Concrete cover to the mat reinforcement cannot be less than 75 mm.", "min"),
    ("Concrete cover over the pier ties should never be less than 2 inches.", "min"),
    ("The compressive strength of the mix is not to be less than 4,500 psi.", "min"),
    ("Concrete cover of the wall bars may not exceed 3 inches.", "max"),
    ("Concrete cover of the wall bars does not exceed 3 inches.", "max"),
    ("Concrete cover of the wall bars shall not be more than 3 inches.", "max"),
    ("Concrete cover of the wall bars shall not be greater than 3 inches.", "max"),
    ("Concrete cover of the wall bars is not more than 3 inches.", "max"),
    # read as written: no negation, or one the phrase holds itself
    ("Concrete cover of the wall bars shall be less than 3 inches.", "max"),
    ("Concrete cover of the wall bars shall be not less than 3 inches.", "min"),
    ("Concrete cover of the wall bars shall not exceed 3 inches.", "max"),
])
def test_a_negated_comparative_is_its_opposite_bound(extractor, text: str, bound: str) -> None:
    assert _bound(extractor, text)[0] == bound, text


def test_a_negated_band_is_not_strict() -> None:
    assert band_strict("less than") and not band_strict("not be less than")
    assert not band_strict("shall not be more than") and not band_strict("n't less than")


def test_check_reads_the_negation_on_both_sides(extractor) -> None:
    source = "C. Concrete cover over the slab bars shall not be less than 1 1/2 inches."
    at_least = check_claim_quantities("Slab bars need at least 1 1/2 inches of concrete cover.", [source],
                                      extractor=extractor)
    assert at_least.status == "ok"
    at_most = check_claim_quantities("Concrete cover over slab bars may be at most 1 1/2 inches.", [source],
                                     extractor=extractor)
    assert [u.reason for u in at_most.unmatched] == ["bound_differs"]
    capped = "D. Concrete cover over the slab bars may not exceed 2 inches."
    assert check_claim_quantities("Concrete cover over slab bars must not be more than 2 inches.", [capped],
                                  extractor=extractor).status == "ok"
    assert check_claim_quantities("Concrete cover over slab bars is at least 2 inches.", [capped],
                                  extractor=extractor).status == "unsupported_quantity"


# -- the element a claim names ------------------------------------------------------------------


_BEAMS = '   a. GRADE BEAMS: 1 1/2"'
_COLUMNS = '   b. COLS.: 2"'
_COVER = ["MINIMUM CONCRETE PROTECTION FOR REINFORCEMENT:"]


def test_element_named_reads_the_claim_words_and_abbreviations() -> None:
    terms = ["element grade beams", "element cols.", "element mat footing, top"]
    assert element_named(terms, "Columns need 2 inches of cover.") == ["element cols."]
    assert element_named(terms, "Grade beam bars have 1 1/2 inches.") == ["element grade beams"]
    assert element_named(terms, "The top of the mat footing has 2 inches.") == ["element mat footing, top"]
    assert element_named(terms, "The bottom of the mat footing has 3 inches.") == []
    assert element_named(terms, "Concrete cover is 2 inches.") == []


def test_a_claim_is_checked_against_the_element_it_names(extractor) -> None:
    cited, headings = [_BEAMS, _COLUMNS], [_COVER, _COVER]
    right = check_claim_quantities("Columns need 2 inches of concrete cover.", cited, extractor=extractor,
                                   cited_headings=headings)
    assert right.status == "ok"
    wrong = check_claim_quantities("Columns need 1 1/2 inches of concrete cover.", cited, extractor=extractor,
                                   cited_headings=headings)
    assert [u.reason for u in wrong.unmatched] == ["condition_differs"]
    also_wrong = check_claim_quantities("Grade beams need 2 inches of concrete cover.", cited, extractor=extractor,
                                        cited_headings=headings)
    assert also_wrong.status == "unsupported_quantity"
    neither = check_claim_quantities("Concrete cover is 2 inches.", cited, extractor=extractor,
                                     cited_headings=headings)
    (why,) = neither.unmatched
    assert why.reason == "condition_differs" and "names none of them" in why.explanation
    assert "grade beams" in why.explanation and "cols." in why.explanation


# -- facets: the initial dose governs the increased one; an impaired organ is a population -------


def test_the_initial_figure_governs_the_increased_one_for_an_initial_claim() -> None:
    assert governs(("recommended", "initial"), ("increased",), ("initial",))
    assert not governs(("increased",), ("recommended", "initial"), ("initial",))
    # a population the claim does not state still does not govern the general figure
    assert not governs(("initial", "elderly"), (), ("initial",))


_LABEL = ("2.1 Adult dosage. The usual starting dose is 25 mg by mouth once daily; after one week the "
          "dose may be increased to 50 mg once daily.")
_KIDNEY = "2.2 In patients with moderate hepatic impairment, the recommended starting dose is 10 mg once daily."


@pytest.mark.parametrize(("claim", "status"), [
    ("The initial dose is 50 mg once daily.", "unsupported_quantity"),
    ("Begin treatment: start patients on 50 mg once daily.", "unsupported_quantity"),
    ("The initial dose is 25 mg once daily.", "ok"),
    ("The dose may be increased to 50 mg once daily.", "ok"),
    ("Patients with moderate hepatic impairment start at 25 mg once daily.", "unsupported_quantity"),
    ("Patients with moderate hepatic impairment start at 10 mg once daily.", "ok"),
    ("The starting dose is 10 mg once daily.", "unsupported_quantity"),
])
def test_phase_and_impairment_pick_the_cited_figure(extractor, claim: str, status: str) -> None:
    assert check_claim_quantities(claim, [_LABEL, _KIDNEY], extractor=extractor).status == status, claim


# -- the sweep: an element's figure across documents ---------------------------------------------


_SHEET = """---
id: DWG-S-040
kind: drawing
title: Foundation Notes
revision: "0"
seq: 1
issued: 2026-02-02
effective: {from: 2026-02-02}
recorded: 2026-02-02T08:00:00Z
---
FOUNDATION NOTES

1. CONCRETE STRENGTH AT 28 DAYS:
   a. CONCRETE U.N.O.: 4000 PSI
   b. GRADE BEAMS: 4500 PSI
   c. PILE CAPS: 5000 PSI
"""

_SPEC = """---
id: SPEC-033100
kind: specification
title: Section 03 31 00 Structural Concrete
revision: "0"
seq: 1
issued: 2026-02-02
effective: {from: 2026-02-02}
recorded: 2026-02-02T08:00:00Z
---
SECTION 03 31 00 - STRUCTURAL CONCRETE

PART 2 - PRODUCTS

2.4 CONCRETE MIXTURES

A. Compressive strength at 28 days: 4,000 psi.
"""


@pytest.fixture(scope="module")
def foundation(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("foundation")
    (root / "documents").mkdir()
    (root / "documents" / "s-040.md").write_text(_SHEET)
    (root / "inforce.yaml").write_text("project: foundation\nfacets: []\nrules: []\n")
    ingest_project(root)
    return root


@pytest.mark.slow
def test_one_sheet_alone_has_no_conflict_and_a_specification_brings_the_real_one(foundation: Path) -> None:
    with Project.open(foundation) as opened:
        alone = opened.sweep(dt.date(2026, 5, 1))
    assert [f for f in alone.findings if f.kind == "quantity_conflict"] == []
    (foundation / "documents" / "spec-033100.md").write_text(_SPEC)
    ingest_project(foundation)
    with Project.open(foundation) as opened:
        found = opened.sweep(dt.date(2026, 5, 1))
    pairs = sorted(tuple(sorted(p.locator.format() for p in f.provisions))
                   for f in found.findings if f.kind == "quantity_conflict")
    # the sheet's grade beams and pile caps against the specification's general figure (a real
    # question across documents); the sheet's own general figure agrees with it, and the sheet's
    # elements are not compared with its general figure nor with each other
    assert pairs == [("DWG-S-040#1.b", "SPEC-033100#2.4.A"), ("DWG-S-040#1.c", "SPEC-033100#2.4.A")], pairs
    assert all(f.scope == "across_documents" for f in found.findings if f.kind == "quantity_conflict")


# -- a patient's weight inside a cited band ------------------------------------------------------


_BANDS = "2.3 Children weighing less than 35 kg: 15 mg once daily. Patients weighing 35 kg or more: 30 mg once daily."


@pytest.mark.parametrize(("claim", "status"), [
    ("A child weighing 28 kg takes 15 mg once daily.", "ok"),
    ("A patient weighing 35 kg takes 30 mg once daily.", "ok"),
    ("A child weighing 28 kg takes 30 mg once daily.", "unsupported_quantity"),
    ("A child weighing 35 kg takes 15 mg once daily.", "unsupported_quantity"),  # less than 35 is strict
])
def test_a_patient_weight_inside_a_band_takes_its_dose(extractor, claim: str, status: str) -> None:
    assert check_claim_quantities(claim, [_BANDS], extractor=extractor).status == status, claim
