"""Conditions compared facet by facet (issue 22, a second end-to-end check).

One rule (``conditions.condition_relation``, and ``conditions.governs`` for a claim) tells a
specific figure from a general one by strict inclusion of their terms: ``recommended`` is general
to ``recommended, elderly``; no condition is general to any; ``cast against earth`` and
``larger bars`` are two cases apart.

- ``check``: among the cited figures of a claim's subject agreeing with its condition, only the
  ones stating it most closely support it — a label's recommended dose does not support "in
  elderly patients, the recommended dose is 20 mg" where the elderly dose is cited, and a claim
  stating no condition is not supported by the elderly figure where the general one is cited;
- the sweep (``compare``): two figures are statements of one requirement only when their
  conditions are the same on every facet; general and specific, and cases apart, are not compared.
"""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities import check_claim_quantities, compare
from inforce.engine.quantities.conditions import condition_relation, governs
from inforce.ontology import Quantity

RECOMMENDED = "The recommended dose is 20 mg by mouth each morning."
ELDERLY = "In elderly patients, the recommended dose is 10 mg each morning."
CHILDREN = "For children, the recommended dose is 5 mg each morning."


@pytest.mark.parametrize(("a", "b", "kind"), [
    (("recommended",), ("recommended",), "same"),
    ((), (), "same"),
    (("recommended",), ("recommended", "elderly"), "general"),
    ((), ("elderly",), "general"),
    (("elderly", "recommended"), ("recommended",), "specific"),
    (("cast against earth",), ("larger bars",), "apart"),
    (("weight ≥ 50 kg",), ("increased",), "apart"),
    (("adult",), ("pediatric",), "differs"),
    (("recommended", "elderly"), ("recommended", "pediatric"), "differs"),
])
def test_the_relation_of_two_conditions_facet_by_facet(a, b, kind) -> None:
    assert condition_relation(a, b).kind == kind


def test_the_closer_figure_governs_for_the_claims_condition() -> None:
    claim = ("elderly", "recommended")
    assert governs(("recommended", "elderly"), ("recommended",), claim)
    assert not governs(("recommended",), ("recommended", "elderly"), claim)
    assert governs((), ("elderly",), ())  # a claim stating none: the general figure
    assert governs(("recommended",), ("recommended", "elderly"), ("recommended",))
    assert not governs(("recommended",), ("recommended",), ("recommended",))


def test_an_elderly_claim_is_not_supported_by_the_recommended_dose_where_the_elderly_one_is_cited() -> None:
    wrong = "In elderly patients, the recommended dose is 20 mg each morning."
    found = check_claim_quantities(wrong, [RECOMMENDED, ELDERLY])
    assert found.status == "unsupported_quantity"
    (unmatched,) = found.unmatched
    assert unmatched.reason == "condition_differs" and unmatched.closest is not None
    assert unmatched.closest.text == "10 mg" and "20 mg" in unmatched.explanation
    right = "In elderly patients, the recommended dose is 10 mg each morning."
    assert check_claim_quantities(right, [RECOMMENDED, ELDERLY]).status == "ok"
    assert check_claim_quantities(right, [ELDERLY]).status == "ok"
    assert check_claim_quantities(wrong, [RECOMMENDED]).status == "ok"  # nothing more specific cited


def test_the_general_and_the_elderly_dose_stated_together_are_both_supported() -> None:
    claim = "The recommended dose is 20 mg each morning; in elderly patients it is 10 mg."
    found = check_claim_quantities(claim, [RECOMMENDED, ELDERLY])
    assert found.status == "ok", found.unmatched


@pytest.mark.parametrize(("claim", "general", "specific", "governing"), [
    ("The dose is 10 mg each morning.", "The dose is 20 mg by mouth each morning.",
     "In elderly patients, the dose is 10 mg each morning.", "20 mg"),
    ("The recommended dose is 10 mg each morning.", RECOMMENDED, ELDERLY, "20 mg"),
    ("The clear cover to reinforcement is 3 inches.", '2" CLR. TO REINF. TYP.',
     'WALLS CAST AGAINST EARTH: 3" CLR. TO REINF.', '2"'),
])
def test_a_claim_stating_no_more_condition_is_supported_only_by_the_general_figure(
        claim, general, specific, governing) -> None:
    found = check_claim_quantities(claim, [general, specific])
    assert found.status == "unsupported_quantity"
    (unmatched,) = found.unmatched
    assert unmatched.reason == "condition_differs" and unmatched.closest is not None
    assert unmatched.closest.text == governing
    assert check_claim_quantities(claim, [specific]).status == "ok"  # the specific figure alone still does


def _dose(value: float, *condition: str) -> Quantity:
    return Quantity(value=value, unit="mg", bound="exact", subject="dose", text=f"{value:g} mg", condition=condition)


def _cover(value: float, *condition: str) -> Quantity:
    return Quantity(value=value, unit="in", bound="min", subject="concrete.cover", text=f"{value:g} in",
                    condition=condition)


def test_the_sweep_compares_only_figures_under_the_same_condition() -> None:
    general = compare(_dose(20, "recommended"), _dose(10, "recommended", "elderly"))
    assert general.outcome == "compatible" and "specific" in general.explanation
    apart = compare(_cover(3, "cast against earth"), _cover(2, "larger bars"))
    assert apart.outcome == "compatible" and "different cases" in apart.explanation
    assert compare(_dose(150, "weight ≥ 50 kg"), _dose(300, "increased")).outcome == "compatible"
    # real conflicts stay: the same condition, different values
    assert compare(_dose(20, "recommended", "elderly"), _dose(10, "elderly", "recommended")).outcome == "conflict"
    assert compare(_cover(3, "cast against earth"), _cover(2, "cast against earth")).outcome == "conflict"
    assert compare(_dose(20, "recommended"), _dose(20, "recommended", "elderly")).outcome == "equal"


LABEL = """---
id: ZORVEX-PI
kind: label
title: Zorvex capsules label
revision: "1"
seq: 1
issued: 2026-02-01
effective: {{from: 2026-02-01}}
recorded: 2026-02-01T09:00:00Z
---
ZORVEX LABEL

3 DOSING

3.1 General

{general}

3.2 Older Patients

{elderly}

3.3 Children

{children}
"""


def _label(root, **parts: str) -> None:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lab\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "zr.md").write_text(LABEL.format(**parts), encoding="utf-8")
    ingest_project(root)


def test_a_label_whose_doses_all_say_recommended_sweeps_clean_but_a_restated_dose_still_conflicts(tmp_path) -> None:
    clean = tmp_path / "clean"
    _label(clean, general=RECOMMENDED, elderly=ELDERLY, children=CHILDREN)
    with Project.open(clean) as project:
        report = project.sweep(dt.date(2026, 7, 1))
    assert [finding for finding in report.findings if finding.kind == "quantity_conflict"] == []
    restated = tmp_path / "restated"
    _label(restated, general=RECOMMENDED, elderly=ELDERLY,
           children="In elderly patients, the recommended dose is 15 mg each morning.")
    with Project.open(restated) as project:
        report = project.sweep(dt.date(2026, 7, 1))
    pairs = {frozenset(side.locator.path for side in finding.provisions)
             for finding in report.findings if finding.kind == "quantity_conflict"}
    assert pairs == {frozenset({"3.2", "3.3"})}


@pytest.mark.parametrize(("text", "condition"), [
    ('EXPOSED TO WEATHER, NO. 6 BARS AND LARGER: 2" CLR. TO REINF.', ("exposed to weather", "larger bars")),
    ("Concrete exposed to earth or weather, No. 6 through No. 18 bars: 2 inches.", ("exposed to weather", "larger bars")),
    ("Concrete exposed to earth or weather, No. 3 through No. 5 bars: 1-1/2 inches.",
     ("exposed to weather", "smaller bars")),
])
def test_bar_sizes_as_aci_and_capital_letters_write_them_read_as_the_bars_facet(text, condition) -> None:
    from inforce.engine.quantities.extract import default_extractor

    (mention,) = default_extractor().extract(text).mentions
    assert mention.condition == condition


def test_the_weather_covers_of_two_bar_size_ranges_are_two_cases_not_a_conflict() -> None:
    from inforce.engine.quantities.extract import default_extractor

    extractor = default_extractor()
    (large,) = extractor.extract("Concrete exposed to earth or weather, No. 6 through No. 18 bars: 2 inches.").mentions
    (small,) = extractor.extract("Concrete exposed to earth or weather, No. 3 through No. 5 bars: 1-1/2 inches.").mentions
    assert compare(large, small).outcome == "compatible"


def test_a_label_of_many_weight_bands_is_no_group_of_conflicting_values(tmp_path) -> None:
    """Nine doses, each for its own weight band: nine cases, not nine values of one requirement
    (the sweep groups more than eight disagreeing values only under one condition)."""
    root = tmp_path / "bands"
    bands = "\n\n".join(f"3.{n} Band {n}\n\nIn patients weighing {10 * n} kg, the recommended dose is {100 * n} mg "
                        "once daily." for n in range(1, 10))
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lab\nfacets: []\nrules: []\n", encoding="utf-8")
    text = LABEL.split("ZORVEX LABEL")[0].replace("{{", "{").replace("}}", "}")
    (root / "documents" / "zr.md").write_text(text + "ZORVEX LABEL\n\n3 DOSING\n\n" + bands + "\n", encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        conditions = [fact.condition for fact in project.facts("drug.dose", dt.date(2026, 7, 1)).facts]
        report = project.sweep(dt.date(2026, 7, 1))
    assert len(conditions) == 9 and all(condition and "recommended" in condition for condition in conditions)
    assert [finding.kind for finding in report.findings] == []
