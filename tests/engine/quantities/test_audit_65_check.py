"""Audit 65-C (issue 23): another place's figure, and figures converted between unit systems.

F1: where the cited provision gives several figures (or grades of one family) of the same kind,
each for its own place, a claim stating one of them is answered only where its place is read as
that figure's place; a claim whose place is read as another figure's place is refused; where
the place cannot be read on either side, the claim escalates, never a plain answer. Four audits
found a new form of place each time, so the cases here are of forms the reading does not know.

F2: a figure written in another unit system than the cited one, off by no more than the cited
figure's own last written digit or a soft conversion's ~2%, is a person's call (an escalation),
never a refusal; the same unit's different value, and a conversion far off, are still refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """6.1 Footings shall be 3,000 psi concrete, slabs 4,000 psi and columns 5,000 psi.

6.2 Hormig\u00f3n H-21 en fundaciones, H-25 en losas y H-30 en columnas.

6.4 B\u00e9ton C25/30 pour les fondations ; C30/37 pour les poteaux.

6.6 Concrete grade: M20 for footings, M30 for columns.

7.1 Hydrostatic test pressure: 1.5 MPa.

7.2 Slump shall be 3 to 5 inches.

7.3 Minimum yield strength: 60 ksi.

7.4 Anchor bolts shall have a tensile capacity of 20 kip.

7.5 Hydrostatic test pressure: 218 psi.

7.6 Concrete shall be 3,000 psi.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit65c") / "q"
    ingest_specs(root, {"q-65": _SPEC})
    return root


_ANOTHER_PLACE = [
    # the place is read on both sides: another place's grade is refused
    ("Q-65#6.2", "Las losas ser\u00e1n de hormig\u00f3n H-30.", {"refusal"}),
    ("Q-65#6.2", "Las columnas ser\u00e1n de hormig\u00f3n H-21.", {"refusal"}),
    ("Q-65#6.4", "Les poteaux seront en b\u00e9ton C25/30.", {"refusal"}),
    ("Q-65#6.6", "Columns shall be M20 concrete.", {"refusal"}),
    ("Q-65#6.6", "Concrete grade for columns: M20.", {"refusal"}),
    # the cited figure's place is in a form the reading does not know: never an answer
    ("Q-65#6.1", "Slabs shall be 3,000 psi concrete.", {"refusal", "escalation"}),
    ("Q-65#6.1", "Columns shall be 4,000 psi concrete.", {"refusal", "escalation"}),  # escalated on main too
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _ANOTHER_PLACE)
def test_another_places_figure_is_not_answered(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] != "answer", checked["claims"][0]
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_an_unread_place_escalates_naming_the_several_places(project: Path, tmp_path: Path) -> None:
    """The escalation says why: the cited text gives the figure for several places."""
    checked = check_one(project, tmp_path, "Q-65#6.1", "Slabs shall be 3,000 psi concrete.")
    assert checked["verdict"] == "escalation", checked["claims"][0]
    assert "several places" in checked["rfi"], checked["rfi"]


_FAITHFUL = [
    ("Q-65#6.2", "Las losas ser\u00e1n de hormig\u00f3n H-25.", {"answer"}),
    ("Q-65#6.2", "Hormig\u00f3n H-30 en columnas.", {"answer"}),
    ("Q-65#6.4", "Les poteaux seront en b\u00e9ton C30/37.", {"answer"}),
    ("Q-65#6.6", "Columns shall be M30 concrete.", {"answer"}),
    ("Q-65#6.6", "Concrete grade for footings: M20.", {"answer"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _FAITHFUL)
def test_a_place_read_keeps_its_own_figure_answered(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


_CONVERTED = [
    ("Q-65#7.1", "Hydrostatic test pressure: 217 psi."),  # 1.5 MPa is 217.6 psi; 1.5 is 1.45 to 1.55
    ("Q-65#7.3", "Minimum yield strength: 420 MPa."),  # 60 ksi is 413.7 MPa: Grade 60 / Grade 420
    ("Q-65#7.4", "Anchor bolts shall have a tensile capacity of 90 kN."),  # 20 kip is 88.96 kN
]


@pytest.mark.parametrize(("locator", "claim"), _CONVERTED)
def test_a_soft_conversion_is_a_persons_call(project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "escalation", checked["claims"][0]
    assert "soft-converted" in checked["rfi"], checked["rfi"]


_STILL = [
    ("Q-65#7.1", "Hydrostatic test pressure: 218 psi.", {"answer"}),  # rounds the cited figure, as before
    ("Q-65#7.5", "Hydrostatic test pressure: 217 psi.", {"refusal"}),  # the same unit, another value
    ("Q-65#7.6", "Concrete shall be 25 MPa.", {"refusal"}),  # 3,000 psi is 20.7 MPa: far off
    ("Q-65#7.4", "Anchor bolts shall have a tensile capacity of 80 kN.", {"refusal"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _STILL)
def test_controls_keep_their_verdicts(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]
