"""Audit 68-C (issue 23): claims the cited text contradicts, answered by ``inforce check``.

F1: a hyphenated type code ("Tipo I-A", "Type II-B") is a designation of its word; another code of
that word is refused.
F2: a date in digits with a two-digit year ("3.4.27", "03/04/27") is a date: a claim's date no
reading of it allows is refused, one that a single reading allows is escalated.
F3: "Schedule 40" / "Schedule 80" given for places is compared by place, as "Grade" is.
F4: a Markdown row whose first cell is blank continues the label of the row above (a merged
cell): its figure is that label's, and a claim giving it for another label is not answered.
F9: a condition opened by Portuguese "quando", "exceto quando" or Spanish "salvo que", "a menos
que" is compared as one opened by "cuando" is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """6.1 El cemento será Tipo I-A.

6.2 Membranes shall be Type II-B.

6.3 Pipe for the main line shall be Schedule 40; pipe for branches shall be Schedule 80.

6.4 Pipe shall be Schedule 40 for the main line and Schedule 80 for branches.

6.5 O cobrimento será de 30 mm quando a peça estiver enterrada.

6.6 O cobrimento será de 45 mm exceto quando a peça estiver enterrada.

6.7 El recubrimiento será de 40 mm salvo que el elemento esté enterrado.

6.8 El recubrimiento será de 60 mm a menos que el elemento esté enterrado.

6.9 Bids are due 3.4.27 at 10:00.

6.10 Bids are due 03/04/27.

9 SCHEDULE B

| Element | Property | Value |
|---|---|---|
| Footings | Cover | 75 mm |
|  | Concrete | 25 MPa |
| Columns | Cover | 40 mm |
|  | Concrete | 35 MPa |
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit68c") / "q"
    ingest_specs(root, {"q-68": _SPEC})
    return root


_NOT_ANSWERED = [
    # F1: another hyphenated code of the cited word
    ("Q-68#6.1", "El cemento será Tipo I-B.", {"refusal"}),
    ("Q-68#6.1", "El cemento será Tipo III-A.", {"refusal"}),
    ("Q-68#6.2", "Membranes shall be Type II-A.", {"refusal"}),
    # F3: the other place's schedule
    ("Q-68#6.3", "Pipe for branches shall be Schedule 40.", {"refusal", "escalation"}),
    ("Q-68#6.3", "Pipe for the main line shall be Schedule 80.", {"refusal", "escalation"}),
    ("Q-68#6.4", "Branch pipe shall be Schedule 40.", {"refusal", "escalation"}),
    ("Q-68#6.4", "Pipe for branches shall be Schedule 40.", {"refusal"}),
    # F9: another condition, in Portuguese and Spanish words
    ("Q-68#6.5", "O cobrimento será de 30 mm quando a peça estiver exposta.", {"refusal", "escalation"}),
    ("Q-68#6.6", "O cobrimento será de 45 mm exceto quando a peça estiver exposta.", {"refusal", "escalation"}),
    ("Q-68#6.7", "El recubrimiento será de 40 mm salvo que el elemento esté expuesto.", {"refusal", "escalation"}),
    ("Q-68#6.8", "El recubrimiento será de 60 mm a menos que el elemento esté expuesto.", {"refusal", "escalation"}),
    # F2: a date with a two-digit year, and another date
    ("Q-68#6.9", "Bids are due 9 September 2031 at 10:00.", {"refusal"}),
    ("Q-68#6.9", "Bids are due 3.4.28 at 10:00.", {"refusal"}),
    ("Q-68#6.10", "Bids are due 1 January 2030.", {"refusal"}),
    ("Q-68#6.10", "Bids are due 4 March 2027.", {"refusal", "escalation"}),
    # F4: a figure of a row whose blank first cell continues the label above, said of the other label
    ("Q-68#9", "Column concrete shall be 25 MPa.", {"refusal", "escalation"}),
    ("Q-68#9", "Footings: concrete 35 MPa.", {"refusal", "escalation"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _NOT_ANSWERED)
def test_a_claim_the_cited_text_contradicts_is_not_answered(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


_ANSWERED = [
    ("Q-68#6.1", "El cemento será Tipo I-A."),
    ("Q-68#6.2", "Membranes shall be Type II-B."),
    ("Q-68#6.4", "Pipe for branches shall be Schedule 80."),
    ("Q-68#6.5", "O cobrimento será de 30 mm quando a peça estiver enterrada."),
    ("Q-68#6.8", "El recubrimiento será de 60 mm a menos que el elemento esté enterrado."),
    ("Q-68#6.9", "Bids are due 3.4.27 at 10:00."),
    ("Q-68#6.10", "Bids are due 03/04/27."),
    ("Q-68#9", "Column concrete shall be 35 MPa."),
    ("Q-68#9", "Footings: concrete 25 MPa."),
]


@pytest.mark.parametrize(("locator", "claim"), _ANSWERED)
def test_the_cited_code_date_place_or_condition_restated_is_answered(
        project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "answer", checked["claims"][0]
