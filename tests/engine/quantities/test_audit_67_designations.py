"""Audit 67-C (issue 23): designations of every shape compared, and a table row's place.

F1: a designation is a designating word (Class, Type, Grade, Clase, Tipo, Classe ...) and its code
(letters, a Roman numeral, digits), or a mixed code standing alone (B500B, S355JR, H-25). A claim
giving "Class B" where the cited text gives "Class A" of the same word is refused; a code given
for another place than the claim's is refused as the audit-65 place rule says.

F4: the grades of one family (B500A / B500B / B500C) are one shape, so the place rule applies to
them as it does to H-25 / H-30.

F5: a figure matched in a table cell is the figure of that cell's row: a claim naming another
row's label as its place ("Footings: cover 40 mm." where 40 mm is the Columns row's) is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """6.1 Bedding material shall be Class A.

6.2 Cement shall be Type II.

6.3 Bedding material: Class A for pipes and Class C for manholes.

6.4 Cement: Type II for foundations, Type I for superstructure.

6.5 Les armatures seront en acier B500B pour les voiles et B500A pour les dalles.

7 SCHEDULE

| Element | Concrete | Steel | Cover |
|---|---|---|---|
| Footings | 25 MPa | Grade 420 | 75 mm |
| Columns | 35 MPa | Grade 520 | 40 mm |
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit67c") / "q"
    ingest_specs(root, {"q-67": _SPEC})
    return root


_REFUSED = [
    # F1: a letter class or a Roman-numeral type other than the cited one of the same word
    ("Q-67#6.1", "Bedding material shall be Class B.", {"refusal"}),
    ("Q-67#6.2", "Cement shall be Type V.", {"refusal"}),
    # F1: another place's class or type
    ("Q-67#6.3", "Manholes shall be bedded in Class A material.", {"refusal", "escalation"}),
    ("Q-67#6.3", "Bedding material for pipes: Class C.", {"refusal"}),
    ("Q-67#6.4", "Foundations shall use Type I cement.", {"refusal", "escalation"}),
    ("Q-67#6.4", "Cement for superstructure: Type II.", {"refusal"}),
    # F4: a grade of the B500 family given another place's
    ("Q-67#6.5", "Les dalles seront arm\u00e9es en acier B500B.", {"refusal"}),
    ("Q-67#6.5", "Les voiles seront arm\u00e9s en acier B500A.", {"refusal"}),
    # F5: another row's figure for a row the claim names
    ("Q-67#7", "Footings: cover 40 mm.", {"refusal"}),
    ("Q-67#7", "Column steel: Grade 420.", {"refusal"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _REFUSED)
def test_another_designation_or_another_rows_figure_is_not_answered(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_a_code_the_cited_text_does_not_hold_escalates(project: Path, tmp_path: Path) -> None:
    """B500C: the cited text holds the B500 family for two places, neither is C: never answered."""
    checked = check_one(project, tmp_path, "Q-67#6.5", "Les dalles seront arm\u00e9es en acier B500C.")
    assert checked["verdict"] in {"refusal", "escalation"}, checked["claims"][0]


_ANSWERED = [
    ("Q-67#6.1", "Bedding material shall be Class A."),
    ("Q-67#6.2", "Cement shall be Type II."),
    ("Q-67#6.3", "Bedding material: Class A for pipes."),
    ("Q-67#6.4", "Cement: Type II for foundations."),
    ("Q-67#6.5", "Les dalles seront arm\u00e9es en acier B500A."),
    ("Q-67#6.5", "B500A pour les dalles."),
    ("Q-67#7", "Footings: cover 75 mm."),
    ("Q-67#7", "Columns: cover 40 mm."),
    ("Q-67#7", "Column steel: Grade 520."),
]


@pytest.mark.parametrize(("locator", "claim"), _ANSWERED)
def test_the_cited_designation_or_row_figure_is_answered(
        project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "answer", checked["claims"][0]
