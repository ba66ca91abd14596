"""Audit 64-C (issue 23): a claim giving one place the figure or grade the cited text gives another.

The colon form ("Interior walls: 5/8 in.") was refused already; the same place written as the
claim's subject ("Interior walls shall be 5/8 in.") was answered, and so was a grade designation
put in a place by "para" or "pour les" ("H-25 para vigas" where the cited text writes "H-25 para
columnas y H-30 para vigas"). Each case is a claim checked through the CLI against a
specification written here; the faithful restatements are still answered.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """1.1 Interior walls: 1/2 in. gypsum board; ceilings: 5/8 in. gypsum board.

1.2 Footings: 3,000 psi; slabs: 4,000 psi.

1.3 Hormig\u00f3n H-25 para columnas y H-30 para vigas.

1.4 Le b\u00e9ton sera de classe C25/30 pour les semelles et C30/37 pour les voiles.

1.5 El recubrimiento ser\u00e1 de 5 cm en fundaciones y de 2,5 cm en losas.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit64c") / "q"
    ingest_specs(root, {"q-64": _SPEC})
    return root


_CASES = [
    # the claim's subject before "shall be" / "will be" / "is" / "será" names its figure's place
    ("Q-64#1.1", "Interior walls shall be 5/8 in. gypsum board.", {"refusal"}),
    ("Q-64#1.1", "Ceilings will be 1/2 in. gypsum board.", {"refusal"}),
    ("Q-64#1.2", "Slabs must be 3,000 psi.", {"refusal"}),
    ("Q-64#1.2", "Footings are 4,000 psi.", {"refusal"}),
    ("Q-64#1.5", "El recubrimiento de las losas ser\u00e1 de 5 cm.", {"refusal"}),
    ("Q-64#1.1", "Interior walls: 5/8 in. gypsum board.", {"refusal", "escalation"}),  # the colon form, as before
    ("Q-64#1.1", "Interior walls shall be 1/2 in. gypsum board.", {"answer"}),
    ("Q-64#1.1", "Ceilings shall be 5/8 in. gypsum board.", {"answer"}),
    ("Q-64#1.2", "Slabs must be 4,000 psi.", {"answer"}),
    ("Q-64#1.2", "Footings are 3,000 psi.", {"answer"}),
    ("Q-64#1.5", "El recubrimiento ser\u00e1 de 5 cm en fundaciones.", {"answer"}),
    # a subject the cited text places nothing at names no place of it: which of the cited places
    # (walls 1/2 in., ceilings 5/8 in.) the claim means is not read, so a person decides (audit
    # 65: an answer before, never a refusal)
    ("Q-64#1.1", "Gypsum board shall be 5/8 in.", {"escalation"}),
    # a grade the claim puts in a place is compared with the grade the cited text gives that place
    ("Q-64#1.3", "Hormig\u00f3n H-25 para vigas.", {"refusal"}),
    ("Q-64#1.3", "Hormig\u00f3n H-30 para columnas.", {"refusal"}),
    ("Q-64#1.4", "Le b\u00e9ton sera de classe C25/30 pour les voiles.", {"refusal"}),
    ("Q-64#1.4", "Le b\u00e9ton sera de classe C30/37 pour les semelles.", {"refusal"}),
    ("Q-64#1.3", "Hormig\u00f3n H-25 para columnas.", {"answer"}),
    ("Q-64#1.3", "Hormig\u00f3n H-30 para vigas.", {"answer"}),
    ("Q-64#1.4", "Le b\u00e9ton sera de classe C30/37 pour les voiles.", {"answer"}),
    ("Q-64#1.4", "Le b\u00e9ton sera de classe C25/30 pour les semelles.", {"answer"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _CASES)
def test_a_place_keeps_the_figure_the_cited_text_gives_it(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_the_subject_is_the_place_the_refusal_names() -> None:
    """The claim's subject and the cited figure's place are both named."""
    from inforce.engine.quantities import check_claim_quantities

    [unmatched] = check_claim_quantities(
        "Interior walls shall be 5/8 in. gypsum board.",
        ["Interior walls: 1/2 in. gypsum board; ceilings: 5/8 in. gypsum board."]).unmatched
    assert unmatched.reason == "condition_differs"
    assert "'interior' and 'wall'" in unmatched.explanation and "'ceiling'" in unmatched.explanation


def test_a_grade_at_another_place_differs_from_that_places_grade() -> None:
    """The gate names the grade the cited text gives the claim's place."""
    from inforce.engine.quantities.designations import uncompared_digits

    cited = ["Hormig\u00f3n H-25 para columnas y H-30 para vigas."]
    [found] = uncompared_digits("Hormig\u00f3n H-25 para vigas.", [], cited)
    assert (found.text, found.differs_from) == ("H-25", "H-30")
    assert uncompared_digits("Hormig\u00f3n H-30 para vigas.", [], cited) == []
