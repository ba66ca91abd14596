"""Audit 69-C (issue 23): claims the cited text contradicts, answered by ``inforce check``.

F2: a Roman numeral with a letter after it ("Type IIIB", "Clase IIIA") is a designation of its
word, as "Type IIB" is: another code of that word is refused. Every numeral from I to XX is a
code, bare, with a letter glued, or with a hyphen and a letter.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

from inforce.engine.quantities.designations import uncompared_digits

_SPEC = """6.1 Membranes shall be Type IIIB.

6.2 Asphalt shall be Type IIIA.

6.3 Clase IIIB.

6.4 Membranes shall be Type IVB.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit69c") / "q"
    ingest_specs(root, {"q-69": _SPEC})
    return root


_NOT_ANSWERED = [
    # F2: another code of the cited word, a Roman III with a letter
    ("Q-69#6.1", "Membranes shall be Type IIIA."),
    ("Q-69#6.2", "Asphalt shall be Type IIIB."),
    ("Q-69#6.2", "Asphalt shall be Type IIIC."),
    ("Q-69#6.3", "Clase IIIA."),
    ("Q-69#6.4", "Membranes shall be Type IVA."),
]


@pytest.mark.parametrize(("locator", "claim"), _NOT_ANSWERED)
def test_a_claim_the_cited_text_contradicts_is_refused(project: Path, tmp_path: Path, locator: str,
                                                        claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "refusal", checked["claims"][0]


_ANSWERED = [
    ("Q-69#6.1", "Membranes shall be Type IIIB."),
    ("Q-69#6.2", "Asphalt shall be Type IIIA."),
    ("Q-69#6.3", "Clase IIIB."),
]


@pytest.mark.parametrize(("locator", "claim"), _ANSWERED)
def test_the_cited_code_or_condition_restated_is_answered(project: Path, tmp_path: Path, locator: str,
                                                          claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == "answer", checked["claims"][0]


_ROMAN = "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX".split()
# each numeral bare, with a letter glued and with a hyphen and a letter; the code a claim changes it to
_CODES = [(numeral, _ROMAN[(at + 1) % len(_ROMAN)]) for at, numeral in enumerate(_ROMAN)]
_CODES += [(numeral + "A", numeral + "B") for numeral in _ROMAN]
_CODES += [(numeral + "-A", numeral + "-C") for numeral in _ROMAN]


@pytest.mark.parametrize(("cited", "claimed"), _CODES)
def test_every_roman_code_is_compared_with_the_cited_one(cited: str, claimed: str) -> None:
    text = f"Membranes shall be Type {cited}."
    assert uncompared_digits(text, [], [text]) == []
    found = uncompared_digits(f"Membranes shall be Type {claimed}.", [], [text])
    assert [(each.text, each.differs_from) for each in found] == [(f"Type {claimed}", f"Type {cited}")]
