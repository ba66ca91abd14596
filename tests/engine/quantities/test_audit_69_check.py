"""Audit 69-C (issue 23): claims the cited text contradicts, answered by ``inforce check``.

F2: a Roman numeral with a letter after it ("Type IIIB", "Clase IIIA") is a designation of its
word, as "Type IIB" is: another code of that word is refused. Every numeral from I to XX is a
code, bare, with a letter glued, or with a hyphen and a letter.
F3: a figure whose condition is opened by a word of any language the project reads ("except if",
"siempre que", "a não ser que", "à condition que", "salvo che", "sofern", "tenzij") is compared with
the cited condition as one opened by "where" is.
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


# F3: a figure's condition opened by a word of each language the project reads; the claim gives the
# figure under another condition (the cited condition, the claim's)
_CONDITIONS = [
    ("Pipe cover shall be 50 mm except if the pipe is exposed.", "Pipe cover shall be 50 mm except if the pipe is buried."),
    ("Pipe cover shall be 50 mm provided that the pipe is exposed.",
     "Pipe cover shall be 50 mm provided that the pipe is buried."),
    ("La tubería tendrá 50 mm de recubrimiento siempre que quede expuesta.",
     "La tubería tendrá 50 mm de recubrimiento siempre que quede enterrada."),
    ("La tubería tendrá 50 mm de recubrimiento en caso de que quede expuesta.",
     "La tubería tendrá 50 mm de recubrimiento en caso de que quede enterrada."),
    ("A tubulação terá 50 mm de cobrimento a não ser que seja exposta.",
     "A tubulação terá 50 mm de cobrimento a não ser que seja embutida."),
    ("A tubulação terá 50 mm de cobrimento desde que seja exposta.",
     "A tubulação terá 50 mm de cobrimento desde que seja embutida."),
    ("Le recouvrement sera de 50 mm à condition que la dalle soit exposée.",
     "Le recouvrement sera de 50 mm à condition que la dalle soit enterrée."),
    ("Il copriferro sarà di 50 mm salvo che il tubo sia interrato.",
     "Il copriferro sarà di 50 mm salvo che il tubo sia esposto."),
    ("Il copriferro sarà di 50 mm qualora il tubo sia interrato.",
     "Il copriferro sarà di 50 mm qualora il tubo sia esposto."),
    ("Die Betondeckung beträgt 50 mm, sofern das Rohr freiliegt.",
     "Die Betondeckung beträgt 50 mm, sofern das Rohr eingebettet ist."),
    ("Die Betondeckung beträgt 50 mm, falls das Rohr freiliegt.",
     "Die Betondeckung beträgt 50 mm, falls das Rohr eingebettet ist."),
    ("Die Betondeckung beträgt 50 mm, außer wenn das Rohr freiliegt.",
     "Die Betondeckung beträgt 50 mm, außer wenn das Rohr eingebettet ist."),
    ("De betondekking is 50 mm indien de buis vrij ligt.", "De betondekking is 50 mm indien de buis ingestort is."),
    ("De betondekking is 50 mm tenzij de buis vrij ligt.", "De betondekking is 50 mm tenzij de buis ingestort is."),
]


@pytest.fixture(scope="module")
def conditions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit69c-conditions") / "q"
    body = "\n\n".join(f"7.{at} {cited}" for at, (cited, _) in enumerate(_CONDITIONS, start=1))
    ingest_specs(root, {"q-69": body + "\n"})
    return root


@pytest.mark.parametrize("at", range(1, len(_CONDITIONS) + 1))
def test_a_figure_given_under_another_condition_is_not_answered(conditions: Path, tmp_path: Path, at: int) -> None:
    checked = check_one(conditions, tmp_path, f"Q-69#7.{at}", _CONDITIONS[at - 1][1])
    assert checked["verdict"] in ("refusal", "escalation"), checked["claims"][0]


@pytest.mark.parametrize("at", range(1, len(_CONDITIONS) + 1))
def test_a_figure_under_the_cited_condition_is_answered(conditions: Path, tmp_path: Path, at: int) -> None:
    checked = check_one(conditions, tmp_path, f"Q-69#7.{at}", _CONDITIONS[at - 1][0])
    assert checked["verdict"] == "answer", checked["claims"][0]


def test_a_participle_opens_no_condition(conditions: Path, tmp_path: Path) -> None:
    """Whole words only: "provided by" states no case, so its words differing is no doubt."""
    root = tmp_path / "q"
    ingest_specs(root, {"q-70": "7.1 Anchors provided by the supplier shall be 12 mm.\n"})
    checked = check_one(root, tmp_path, "Q-70#7.1", "Anchors provided by the installer shall be 12 mm.")
    assert checked["verdict"] == "answer", checked["claims"][0]
