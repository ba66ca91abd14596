"""The Akoma Ntoso amendment pair as a project: ingest, as-of and eligibility (issue 13).

The Kenyan files in ../shared/data are read in place (copied into a temporary project); the
test skips where ../shared is absent.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import Context, Locator

KENYA = Path(__file__).resolve().parents[3] / "shared" / "data" / "akoma-ntoso-kenya"
PRINCIPAL, AMENDING = "KE-ACT-1997-08-22-3", "KE-ACT-2003-12-10-8"


@pytest.fixture(scope="module")
def kenya(tmp_path_factory):
    if not KENYA.is_dir():
        pytest.skip("../shared/data/akoma-ntoso-kenya is not here")
    root = tmp_path_factory.mktemp("kenya")
    (root / "documents").mkdir()
    for xml in KENYA.glob("*.xml"):
        shutil.copy(xml, root / "documents" / xml.name)
    (root / "inforce.yaml").write_text("project: kenya\n")
    result = ingest_project(root)
    with Project.open(root) as project:
        yield project, result


def test_the_pair_ingests_and_the_amended_sections_carry_the_amending_act(kenya):
    project, result = kenya
    assert sorted(result.added) == ["KE-ACT-1989-12-06-16@1989-12-06", f"{PRINCIPAL}@2003-12-19",
                                    f"{AMENDING}@2003-12-10"]
    amended = project.asof(f"{PRINCIPAL}#2.1", dt.date(2004, 1, 1))
    assert amended.in_force and amended.resolved == Locator.parse(f"{PRINCIPAL}@2003-12-19#2.1")
    assert Locator.parse(f"{AMENDING}#2.1.a") in amended.amended_by
    assert {step.origin for step in amended.chain if step.kind == "amends"} == {"declared"}
    item = project.asof(f"{PRINCIPAL}#34.2.a", dt.date(2004, 1, 1))
    assert [str(a) for a in item.amended_by] == [f"{AMENDING}#4.1.a"]
    assert f"[34.2.a amended by {AMENDING}@2003-12-10#4.1.a]" in (item.text or "")


def test_modifications_aimed_outside_the_project_are_reported_not_errors(kenya):
    project, result = kenya
    outside = [w for w in result.warnings if "aims at an act the project does not hold" in str(w)]
    assert {str(w).split("modification of ")[1].split("#")[0].split(" ")[0] for w in outside} >= {
        "KE-ACT-1980-01-01-1", "KE-ACT-2002-12-12-5"}
    assert all(w.file and w.line for w in outside)
    # none of them reached the graph
    assert not [e for e in project.snapshot.index.supersession.edges if e.target.doc in {"KE-ACT-1980-01-01-1", "KE-ACT-2002-12-12-5"}]


def test_the_acts_are_eligible_as_other_documents_are(kenya):
    project, _ = kenya
    result = project.eligible(Context(valid_at=dt.date(2004, 1, 1)))
    assert {PRINCIPAL, AMENDING} <= set(result.eligible)


@pytest.mark.slow
def test_an_insertion_of_a_new_provision_amends_the_provision_it_joins(tmp_path):
    """A destination that names the provision an insertion creates (not in the act yet)
    amends its nearest existing provision, with a warning, instead of failing the ingest."""
    if not KENYA.is_dir():
        pytest.skip("../shared/data/akoma-ntoso-kenya is not here")
    (tmp_path / "documents").mkdir()
    shutil.copy(KENYA / "Act_Kenya_1997-08-22_3@2003-12-19.xml", tmp_path / "documents")
    amending = (KENYA / "Act_Kenya_2003-12-10-short.xml").read_text(encoding="utf-8")
    first = amending.index('/ke/act/1997-08-22/3/main#sec2-sub1"')
    amending = amending[:first] + amending[first:].replace("#sec2-sub1\"", "#sec2-sub1-itmz\"", 1)
    (tmp_path / "documents" / "amending.xml").write_text(amending, encoding="utf-8")
    (tmp_path / "inforce.yaml").write_text("project: kenya\n")
    result = ingest_project(tmp_path)
    assert any(f"{PRINCIPAL}#2.1.z is not in the act yet" in str(w) and f"amendment of {PRINCIPAL}#2.1" in str(w)
               for w in result.warnings)
    with Project.open(tmp_path) as project:
        assert any(a.doc == AMENDING for a in project.asof(f"{PRINCIPAL}#2.1", dt.date(2004, 1, 1)).amended_by)
