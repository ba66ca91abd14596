"""Audit 70 C F5 (issue 23): a cement's EN 197-1 designation, and a designation given under an exception.

"CEM I" .. "CEM V" (with a subtype: "CEM II/A-LL") is a designation of letters, compared as
"Type II" is: "CEM II" or "CEM V" for a cited "CEM I" is refused, in any language that writes it
("de type CEM III", "di tipo CEM III", "vom Typ CEM III": the type word never takes "CEM" as its
code). A designation the cited text gives only under a condition ("sauf en milieu agressif où le
type CEM III est exigé", "dove ...", "wo ...", "onde ...") is a place's, as "unless ..., where Type V
is required" is: a claim stating it, or the other, with no place is escalated. The word for "where"
in French, Italian and Portuguese ("où", "dove", "onde") opens a condition on a figure too. German
and Dutch designate by "Typ" and "klasse".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """6.1 Cement: ASTM C150, Type II, unless sulfate exposure is severe, where Type V is required.

6.2 Le ciment sera de type CEM I, sauf en milieu agressif où le type CEM III est exigé.

6.3 Il cemento sarà di tipo CEM I, salvo in ambiente aggressivo, dove è richiesto il tipo CEM III.

6.4 Der Zement ist vom Typ CEM I, außer bei aggressiver Umgebung, wo Typ CEM III gefordert wird.

6.5 O cimento será do tipo CEM I, exceto em meio agressivo, onde é exigido o tipo CEM III.

6.6 Cement shall be CEM II/A-LL 42,5 R.

6.7 Le ciment sera de type CEM I.

6.8 Die Abdichtung ist vom Typ A.

6.9 De afdichting is van klasse B.

7.1 Le recouvrement sera de 50 mm où la dalle est exposée.

7.2 Il copriferro sarà di 50 mm dove il tubo è interrato.

7.3 A tubulação terá 50 mm de cobrimento onde for exposta.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit70c") / "q"
    ingest_specs(root, {"q-70": _SPEC})
    return root


_REFUSED = [
    # a cement designation the cited text does not state, in each language and in English
    ("Q-70#6.2", "Le ciment sera de type CEM II."),
    ("Q-70#6.2", "Le ciment sera de type CEM V."),
    ("Q-70#6.2", "Cement shall be CEM V."),
    ("Q-70#6.3", "Il cemento sarà di tipo CEM II."),
    ("Q-70#6.4", "Der Zement ist vom Typ CEM IV."),
    ("Q-70#6.7", "Le ciment sera de type CEM III."),
    ("Q-70#6.7", "Le ciment sera CEM II/A-LL."),
    # another subtype of the cited type
    ("Q-70#6.6", "Cement shall be CEM II/B-LL 42,5 R."),
    ("Q-70#6.6", "Cement shall be CEM II/A-S 42,5 R."),
    # German and Dutch designating words
    ("Q-70#6.8", "Die Abdichtung ist vom Typ B."),
    ("Q-70#6.9", "De afdichting is van klasse C."),
]


@pytest.mark.parametrize(("locator", "claim"), _REFUSED)
def test_a_designation_the_cited_text_does_not_state_is_refused(project: Path, tmp_path: Path, locator: str,
                                                                 claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "refusal", checked["claims"][0]


_ESCALATED = [
    ("Q-70#6.1", "Cement shall be ASTM C150, Type V."),
    ("Q-70#6.1", "Type V is required."),
    ("Q-70#6.2", "Le ciment sera de type CEM III."),
    ("Q-70#6.2", "Le ciment sera de type CEM I."),
    ("Q-70#6.2", "Le type CEM III est exigé."),
    ("Q-70#6.3", "Il cemento sarà di tipo CEM III."),
    ("Q-70#6.3", "Il cemento sarà di tipo CEM I."),
    ("Q-70#6.4", "Der Zement ist vom Typ CEM III."),
    ("Q-70#6.4", "Der Zement ist vom Typ CEM I."),
    ("Q-70#6.5", "O cimento será do tipo CEM III."),
    ("Q-70#6.5", "O cimento é CEM I."),
]


@pytest.mark.parametrize(("locator", "claim"), _ESCALATED)
def test_a_designation_given_under_an_exception_stated_plainly_is_escalated(
        project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "escalation", checked["claims"][0]
    assert any("designation's place not read" in warning for warning in checked["claims"][0]["warnings"])


_ANSWERED = [
    ("Q-70#6.6", "Cement shall be CEM II/A-LL 42,5 R."),
    ("Q-70#6.6", "Cement shall be CEM II."),
    ("Q-70#6.7", "Le ciment sera de type CEM I."),
    ("Q-70#6.7", "Cement shall be CEM I."),
    ("Q-70#6.8", "Die Abdichtung ist vom Typ A."),
    ("Q-70#6.9", "De afdichting is van klasse B."),
    ("Q-70#7.1", "Le recouvrement sera de 50 mm où la dalle est exposée."),
    ("Q-70#7.2", "Il copriferro sarà di 50 mm dove il tubo è interrato."),
    ("Q-70#7.3", "A tubulação terá 50 mm de cobrimento onde for exposta."),
]


@pytest.mark.parametrize(("locator", "claim"), _ANSWERED)
def test_the_cited_designation_or_condition_restated_is_answered(project: Path, tmp_path: Path, locator: str,
                                                                 claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "answer", checked["claims"][0]


_OTHER_CONDITION = [
    ("Q-70#7.1", "Le recouvrement sera de 50 mm où la dalle est enterrée."),
    ("Q-70#7.2", "Il copriferro sarà di 50 mm dove il tubo è esposto."),
    ("Q-70#7.3", "A tubulação terá 50 mm de cobrimento onde for embutida."),
]


@pytest.mark.parametrize(("locator", "claim"), _OTHER_CONDITION)
def test_a_figure_under_another_where_clause_is_not_answered(project: Path, tmp_path: Path, locator: str,
                                                             claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in ("refusal", "escalation"), checked["claims"][0]
