"""Approximate figures (issue 22's leftovers, FIX-22): "about 12 in", "approximately 300 mm",
"12 in +/-", "roughly 2 in". Such a figure's condition holds ``approximate`` (how exactly it is
written, not a case it holds for), and wherever two figures are compared — the sweep, a claim's
check — either being approximate widens the tolerance to the subject's ``approximate`` (5%
unless its pack says otherwise): a close figure is the same value, never an exact conflict, and
a far one is still a conflict, never support. Texts written here."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.quantities import compare
from inforce.engine.quantities.conditions import APPROXIMATE, condition_relation
from inforce.engine.quantities.extract import default_extractor
from inforce.ontology import Answer, Quantity
from inforce.rules import Tolerance

DAY = dt.date(2027, 3, 1)


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


@pytest.mark.parametrize(("text", "figure"), [
    ("Slump shall be about 4 inches.", "4 inches"),
    ("Clear cover approximately 50 mm.", "50 mm"),
    ("Clear cover: approx. 2 in.", "2 in."),
    ("roughly 2 inches of cover", "2 inches"),
    ("EXIST. SLAB 6\" +/-, FIELD VERIFY", '6"'),
    ('COVER 3" ±', '3"'),
    ("cover ~2 in", "2 in"),
    ("cure for 7 days or so", "7 days"),
    ("cover of 2 in. (approx.)", "2 in."),
])
def test_the_words_beside_a_figure_make_it_approximate(extractor, text, figure) -> None:
    (mention,) = [m for m in extractor.extract(text).mentions if m.text.startswith(figure)]
    assert APPROXIMATE in mention.condition


@pytest.mark.parametrize(("text", "figure"), [
    ("Slump shall be 4 inches.", "4 inches"),
    ("Slump 4 in ± 1 in", "4 in ± 1 in"),        # a tolerance with its own figure is a range
    ("cover within 2 in of the face", "within 2 in"),
    ("a handsome 2 inch border", "2 inch"),        # the word inside another is not read
])
def test_a_figure_with_no_such_word_is_not_approximate(extractor, text, figure) -> None:
    (mention,) = [m for m in extractor.extract(text).mentions if m.text == figure]
    assert APPROXIMATE not in mention.condition


def _quantity(value: float, *, approximate: bool = False) -> Quantity:
    return Quantity(value=value, unit="inch", bound="max", subject="concrete.slump",
                    condition=(APPROXIMATE,) if approximate else ())


def test_a_close_figure_is_the_same_value_as_an_approximate_one_and_a_far_one_conflicts() -> None:
    about_four = _quantity(4.0, approximate=True)
    assert compare(about_four, _quantity(4.125)).outcome == "equal"      # 3% apart
    assert "approximately" in compare(about_four, _quantity(4.125)).explanation
    assert compare(about_four, _quantity(4.5)).outcome == "conflict"     # 11% apart
    assert compare(_quantity(4.0), _quantity(4.125)).outcome == "conflict"  # both exact: as before
    # a figure moved by a tenth is never made the same by an approximate word (9.1% apart)
    assert compare(about_four, _quantity(4.4)).outcome == "conflict"
    # the subject's own figure for approximate ones rules (2% here: 3% apart is a conflict)
    narrow = Tolerance(relative=0.01, approximate=0.02)
    assert compare(about_four, _quantity(4.125), tolerance=narrow).outcome == "conflict"


def test_approximation_sets_no_figure_apart_as_a_condition_does() -> None:
    assert condition_relation((APPROXIMATE,), ()).kind == "same"
    assert condition_relation((APPROXIMATE, "cast against earth"), ("cast against earth",)).kind == "same"


SPEC = """\
---
id: SPEC-1
kind: specification
title: Section 03 30 00 Concrete
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

3.1 SLUMP

A. Slump of concrete for footings: about 8 inches.

B. Slump of concrete for walls: about 8 inches.

3.2 COVER

A. Cover for piers: 3 inches.
"""

SHEET = """\
---
id: DWG-1
kind: drawing
title: Notes
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
NOTES

1. SLUMP AT FOOTINGS: 8-1/4"
2. SLUMP AT WALLS: 10"
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("approximate") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: approximate\nfacets: []\nrules:\n  - stock: precedence/far-52-236-21\n")
    (root / "documents" / "spec.md").write_text(SPEC)
    (root / "documents" / "s.md").write_text(SHEET)
    Project.ingest(root)
    return root


@pytest.mark.slow
def test_the_sweep_reports_a_far_figure_against_an_approximate_one_not_a_close_one(project) -> None:
    with Project.open(project) as opened:
        listed = {str(f.locator): f for f in opened.facts("concrete.slump", DAY).facts}
        report = opened.sweep(DAY)
    assert listed["SPEC-1#3.1.A"].condition == (APPROXIMATE,)  # facts show how it is written
    pairs = {frozenset(str(p.locator) for p in f.provisions) for f in report.findings}
    assert frozenset({"DWG-1#1", "SPEC-1#3.1.A"}) not in pairs  # about 8 in and 8-1/4 in
    assert frozenset({"DWG-1#2", "SPEC-1#3.1.B"}) in pairs      # about 8 in and 10 in


def _check(project: Path, claim: str, cited: str) -> tuple[str, str, list[str]]:
    answer = {"question": "q", "context": {"groups": [], "valid_at": DAY.isoformat()},
              "claims": [{"text": claim, "citations": [{"locator": cited}]}]}
    with Project.open(project) as opened:
        result = opened.check(Answer.model_validate(answer))
    checked = result.claims[0]
    return result.verdict, checked.status, list(checked.warnings) + [json.dumps(checked.model_dump(mode="json"))]


@pytest.mark.slow
@pytest.mark.parametrize(("claim", "cited", "status"), [
    ("The slump of concrete for footings is 8-1/4 inches.", "SPEC-1#3.1.A", "ok"),         # close to "about 8"
    ("The slump of concrete for footings is 10 inches.", "SPEC-1#3.1.A", "unsupported_quantity"),
    ("The slump of concrete for footings is about 8.8 inches.", "SPEC-1#3.1.A", "unsupported_quantity"),  # a tenth off
    ("The cover for piers is about 3 inches.", "SPEC-1#3.2.A", "ok"),                       # an exact 3 is about 3
    ("The cover for piers is roughly 3.1 inches.", "SPEC-1#3.2.A", "ok"),
    ("The cover for piers is approximately 6 inches.", "SPEC-1#3.2.A", "unsupported_quantity"),
])
def test_a_claim_is_supported_by_a_close_figure_where_either_is_approximate_never_by_a_far_one(
        project, claim, cited, status) -> None:
    verdict, found, said = _check(project, claim, cited)
    assert found == status, said
    if status == "ok":  # the approximating word is read, not an unknown word beside the figure
        assert verdict == "answer", said
