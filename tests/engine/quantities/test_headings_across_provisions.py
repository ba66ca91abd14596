"""A list heading carries its subject to items stored as provisions of their own, and a
specific figure governs the general one (issue 22, what an end-to-end check found).

- A numbered note ``4. ...COVER...:`` whose lettered items are provisions, and a specification
  article titled for cover whose paragraphs state the figures: the items' figures are bound
  by the heading as they are when the heading and items are one text (``extract_under``), and
  a heading that names no subject, or one the subject is not stated for, binds nothing.
- ``check``: a claim under a condition is not supported by a figure stated under none where a
  cited figure of its subject states that condition.
- ``compare`` (the sweep's): a figure under a condition and one under none do not conflict.

Every text here is written for the test."""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities import check_claim_quantities, compare
from inforce.engine.quantities.extract import default_extractor
from inforce.ontology import Quantity

DAY = dt.date(2026, 6, 1)

SHEET = """---
id: DWG-S-021
kind: drawing
title: Foundation Notes
revision: "0"
seq: 1
issued: 2026-04-20
effective: {from: 2026-04-20}
recorded: 2026-04-20T09:00:00Z
---
FOUNDATION NOTES

4. MINIMUM CONCRETE COVER FOR BARS:
   a. PILE CAPS: 4"
   b. TIE BEAMS: 2-1/2"

5. TOPPING THICKNESS:
   a. MEZZANINE: 5"

6. MASONRY COMPRESSIVE STRENGTH:
   a. BLOCK UNITS: 2200 psi
"""

SPEC = """---
id: SPEC-032200
kind: specification
title: Section 03 22 00 Bar Supports
revision: "0"
seq: 1
issued: 2026-04-20
effective: {from: 2026-04-20}
recorded: 2026-04-20T09:00:00Z
---
SECTION 03 22 00 - BAR SUPPORTS

PART 2 - PRODUCTS

2.4 GROUT FOR BEARING PLATES

A. Compressive strength at 28 days: 7500 psi.

PART 3 - EXECUTION

3.2 CONCRETE COVER TO BARS

A. Bottoms of pier caps: 4 inches.

3.3 INSTALLATION

A. Clear cover to bars shall be not less than the following:

1. Stair stringers: 1-1/4 inches.

B. Space chairs no farther apart than 4 feet.
"""


@pytest.fixture(scope="module")
def facts(tmp_path_factory) -> dict[tuple[str, str], str | None]:
    root = tmp_path_factory.mktemp("headings") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: piers\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "s-021.md").write_text(SHEET, encoding="utf-8")
    (root / "documents" / "spec-032200.md").write_text(SPEC, encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        stored = project.facts(None, DAY).facts
    found = {(fact.resolved.path or "", fact.text): fact.subject for fact in stored}
    return found


def test_a_numbered_notes_heading_carries_its_subject_to_its_lettered_items(facts) -> None:
    assert facts[("4.a", '4"')] == "concrete.cover"
    assert facts[("4.b", '2-1/2"')] == "concrete.cover"


def test_a_specification_articles_title_and_a_lead_in_carry_their_subject(facts) -> None:
    assert facts[("3.2.A", "4 inches")] == "concrete.cover"
    assert facts[("3.3.A.1", "1-1/4 inches")] == "concrete.cover"


def test_a_heading_naming_no_subject_or_one_blocked_binds_nothing(facts) -> None:
    # facts lists bound figures only: every other figure stays unbound
    assert set(facts) == {("4.a", '4"'), ("4.b", '2-1/2"'), ("3.2.A", "4 inches"), ("3.3.A.1", "1-1/4 inches")}
    assert ("5.a", '5"') not in facts
    assert ("6.a", "2200 psi") not in facts
    assert ("3.3.B", "4 feet") not in facts


def test_a_title_naming_what_the_subject_is_not_stated_for_unbinds_its_items_figure(facts) -> None:
    """Its own words name compressive strength; the article is about grout (``unless_for``)."""
    assert ("2.4.A", "7500 psi") not in facts
    extractor = default_extractor()
    own = "A. Compressive strength at 28 days: 7500 psi."
    assert [m.subject for m in extractor.extract(own).mentions if m.text == "7500 psi"] == [
        "concrete.compressive_strength"]


def test_extract_under_leaves_what_the_items_own_words_decide() -> None:
    extractor = default_extractor()
    found = extractor.extract_under('b. WALL TOPPING THICKNESS: 3" MIN.', ["CONCRETE COVER:"], base_offset=7)
    assert [(m.text, m.subject) for m in found.mentions] == [('3" MIN.', None)]
    found = extractor.extract_under('c. SLUMP: 5"', ["CONCRETE COVER:"], base_offset=7)
    assert [m.subject for m in found.mentions] == ["concrete.slump"]
    item = '   d. SUMP PITS: 3"'
    mention = extractor.extract_under(item, ["CLEAR COVER:"], base_offset=7).mentions[0]
    assert mention.subject == "concrete.cover" and mention.span.start == 7 + item.index('3"')
    assert mention.binding is not None and mention.binding.source == "context" and mention.binding.span is None
    assert extractor.extract(item).mentions[0].subject is None


GENERAL = 'FTG. BOTTOM BARS 2" CLR. TO REINF. TYP.'
SPECIFIC = 'FOOTINGS CAST AGAINST EARTH: 3" CLR. TO REINF.'


def test_a_claim_under_a_condition_is_not_supported_by_the_general_figure() -> None:
    claim = "Footings cast against earth get 2 inches of clear cover to reinforcement."
    found = check_claim_quantities(claim, [GENERAL, SPECIFIC])
    assert found.status == "unsupported_quantity"
    (unmatched,) = found.unmatched
    assert unmatched.reason == "condition_differs" and unmatched.closest is not None
    assert unmatched.closest.text == '3"' and '2"' in unmatched.explanation
    right = "Footings cast against earth get 3 inches of clear cover to reinforcement."
    assert check_claim_quantities(right, [GENERAL, SPECIFIC]).status == "ok"


def test_the_general_figure_still_supports_a_claim_stating_no_condition_or_alone() -> None:
    assert check_claim_quantities("Footing bars get 2 inches of clear cover.", [GENERAL, SPECIFIC]).status == "ok"
    claim = "Footings cast against earth get 2 inches of clear cover to reinforcement."
    assert check_claim_quantities(claim, [GENERAL]).status == "ok"  # no figure states the condition


def _cover(value: float, condition: tuple[str, ...] = ()) -> Quantity:
    return Quantity(value=value, unit="in", bound="min", subject="concrete.cover", text=f"{value:g} in",
                    condition=condition)


def test_the_sweeps_comparison_reads_a_specific_and_a_general_figure_as_no_conflict() -> None:
    compared = compare(_cover(3, ("cast against earth",)), _cover(2))
    assert compared.outcome == "compatible" and "no condition" in compared.explanation
    assert compare(_cover(2), _cover(3, ("cast against earth",))).outcome == "compatible"
    assert compare(_cover(3, ("cast against earth",)), _cover(2, ("cast against earth",))).outcome == "conflict"
    assert compare(_cover(3), _cover(2)).outcome == "conflict"
    assert compare(_cover(2, ("cast against earth",)), _cover(2)).outcome == "equal"


NOTES = """id: DWG-S-031
kind: drawing
sheet: S-031
title: Lift Station Notes
revision: "0"
seq: 1
issued: 2026-04-20
effective: {from: 2026-04-20}
recorded: 2026-04-20T09:00:00Z
callouts:
  - id: gn-a
    text: "VALVE VAULT WALLS CAST AGAINST EARTH: 3\\" CLR. TO REINF."
  - id: gn-b
    text: "VALVE VAULT ROOF SLAB: 3\\" CLR. TO REINF."
  - id: gn-c
    text: "2\\" CLR. TO REINF. TYP."
  - id: gn-d
    text: "3\\" CLR. TO REINF. AT ALL OTHER CONC."
"""


def test_the_sweep_weighs_each_statements_condition_not_its_value_classs_first(tmp_path) -> None:
    """The 3" under a condition and the 3" under none are one value: the general 3" still
    conflicts with the general 2", the specific 3"s do not (an exposure; a labelled element,
    fix22g: ``VALVE VAULT ROOF SLAB: 3" CLR.`` states its element as a list item does)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: vault\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "S-031.drawing.yaml").write_text(NOTES, encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        conditions = {fact.resolved.path: fact.condition for fact in project.facts("concrete.cover", DAY).facts}
        report = project.sweep(DAY)
    assert conditions == {"gn-a": ("cast against earth", "element valve vault walls cast against earth"),
                          "gn-b": ("element valve vault roof slab",), "gn-c": None, "gn-d": None}
    pairs = {frozenset(side.locator.path for side in finding.provisions)
             for finding in report.findings if finding.kind == "quantity_conflict"}
    assert pairs == {frozenset({"gn-d", "gn-c"})}


def test_a_bar_size_written_before_a_cover_does_not_cut_its_condition() -> None:
    extractor = default_extractor()
    found = extractor.extract("Members exposed to earth or weather, No. 8 bars and larger: 2 inches.").mentions
    assert [m.condition for m in found if m.text == "2 inches"] == [("exposed to weather", "larger bars")]
    found = extractor.extract("Interior beams not exposed to weather, No. 14 bars: 1-1/2 inches.").mentions
    assert [m.condition for m in found if m.text == "1-1/2 inches"] == [("not exposed to weather",)]
