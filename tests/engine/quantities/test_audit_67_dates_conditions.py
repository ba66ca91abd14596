"""Audit 67-C (issue 23): a numeric date read in either order, and a condition the claim changes.

F2: a date written in digits whose day and month could be swapped ("03/04/2027", "03.04.2027")
is one day, but which one is not read: a claim writing that day in another form ("3 April
2027", "4 March 2027", "2027-03-04", "04/03/2027") is escalated, never answered; the same
numeric form is answered, a date neither reading allows is refused, and a date of one reading
("13/04/2027") is compared in that one way.

F3: where the claim and the cited sentence each attach a condition ("where ...", "when ...",
"si ...") to the same figure and the two conditions' words differ, the claim is not answered;
the same condition restated, its words in another order, is answered.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """6.1 Bid opening: 03/04/2027 at 14:00.

6.2 Bid opening: 03.04.2027 at 14:00.

6.3 Bid opening: 13/04/2027 at 14:00.

6.4 Bid opening: 2027-03-04 at 14:00.

7.1 Cover to reinforcement: 75 mm where cast against earth.

7.2 Submit samples 14 days before installation where the product is substituted.

7.3 Provide expansion joints at 6 m centres where slabs are exposed to weather.

7.4 Cure concrete for 7 days when the air temperature is below 5 degrees.

7.5 El recubrimiento ser\u00e1 de 75 mm si el hormig\u00f3n se vierte contra el terreno.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit67c") / "q"
    ingest_specs(root, {"q-67": _SPEC})
    return root


_AMBIGUOUS_DATE = [
    ("Q-67#6.1", "Bid opening: 3 April 2027 at 14:00."),
    ("Q-67#6.1", "Bid opening: 4 March 2027 at 14:00."),
    ("Q-67#6.1", "Bid opening: 2027-03-04 at 14:00."),
    ("Q-67#6.1", "Bid opening: 04/03/2027 at 14:00."),
    ("Q-67#6.2", "Bid opening: 4 March 2027 at 14:00."),
    ("Q-67#6.2", "Bid opening: 3 April 2027 at 14:00."),
    # the other way round: the claim writes the day both ways, the cited text one way
    ("Q-67#6.4", "Bid opening: 04/03/2027 at 14:00."),
    ("Q-67#6.4", "Bid opening: 03/04/2027 at 14:00."),
]


@pytest.mark.parametrize(("locator", "claim"), _AMBIGUOUS_DATE)
def test_a_day_and_month_either_way_round_escalate(project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "escalation", checked["claims"][0]
    assert "could not be read" in checked["rfi"], checked["rfi"]


def test_the_escalation_names_both_readings(project: Path, tmp_path: Path) -> None:
    checked = check_one(project, tmp_path, "Q-67#6.1", "Bid opening: 3 April 2027 at 14:00.")
    assert "3 April" in checked["rfi"] and "4 March" in checked["rfi"], checked["rfi"]


_DATE_READ = [
    ("Q-67#6.1", "Bid opening: 03/04/2027 at 14:00.", "answer"),  # the same numeric form
    ("Q-67#6.1", "Bid opening: 3/4/2027 at 14:00.", "answer"),
    ("Q-67#6.2", "Bid opening: 03/04/2027 at 14:00.", "answer"),
    ("Q-67#6.1", "Bid opening: 3 March 2027 at 14:00.", "refusal"),  # neither reading
    ("Q-67#6.1", "Bid opening: 05/04/2027 at 14:00.", "refusal"),
    ("Q-67#6.3", "Bid opening: 13 April 2027 at 14:00.", "answer"),  # one reading only
    ("Q-67#6.3", "Bid opening: 2027-04-13 at 14:00.", "answer"),
    ("Q-67#6.3", "Bid opening: 13/04/2027 at 14:00.", "answer"),
    ("Q-67#6.3", "Bid opening: 13 March 2027 at 14:00.", "refusal"),
    ("Q-67#6.4", "Bid opening: 2027-03-04 at 14:00.", "answer"),  # ISO on both sides
    ("Q-67#6.4", "Bid opening: 4 March 2027 at 14:00.", "answer"),
    ("Q-67#6.4", "Bid opening: 2027-04-03 at 14:00.", "refusal"),
]


@pytest.mark.parametrize(("locator", "claim", "verdict"), _DATE_READ)
def test_a_date_of_one_reading_is_compared(project: Path, tmp_path: Path, locator: str, claim: str,
                                           verdict: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == verdict, checked["claims"][0]


_OTHER_CONDITION = [
    ("Q-67#7.1", "Cover to reinforcement where cast against formwork: 75 mm."),
    ("Q-67#7.1", "Cover to reinforcement: 75 mm where cast against formwork."),
    ("Q-67#7.2", "Submit samples 14 days before installation where the product is specified."),
    ("Q-67#7.3", "Provide expansion joints at 6 m centres where slabs are protected from weather."),
    ("Q-67#7.4", "Cure concrete for 7 days when the slab is exposed to wind."),
    ("Q-67#7.5", "El recubrimiento ser\u00e1 de 75 mm si el hormig\u00f3n se vierte contra encofrado."),
]


@pytest.mark.parametrize(("locator", "claim"), _OTHER_CONDITION)
def test_another_condition_on_the_same_figure_is_not_answered(project: Path, tmp_path: Path, locator: str,
                                                              claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in {"refusal", "escalation"}, checked["claims"][0]
    if checked["verdict"] == "escalation":
        assert "conditions are one case" in checked["rfi"], checked["rfi"]


_SAME_CONDITION = [
    ("Q-67#7.1", "Cover to reinforcement: 75 mm where cast against earth."),
    ("Q-67#7.1", "Cover to reinforcement where cast against earth: 75 mm."),
    ("Q-67#7.1", "Cover to reinforcement: 75 mm where cast against the earth."),
    ("Q-67#7.2", "Submit samples 14 days before installation where products are substituted."),
    ("Q-67#7.3", "Provide expansion joints at 6 m centres where slabs are exposed to the weather."),
    ("Q-67#7.3", "Provide expansion joints at 6 m centres where exposed to weather are the slabs."),
    ("Q-67#7.5", "El recubrimiento ser\u00e1 de 75 mm si el hormig\u00f3n se vierte contra el terreno."),
]


@pytest.mark.parametrize(("locator", "claim"), _SAME_CONDITION)
def test_the_same_condition_in_other_words_is_answered(project: Path, tmp_path: Path, locator: str,
                                                       claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "answer", checked["claims"][0]
