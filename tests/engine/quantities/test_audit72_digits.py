"""Audit 72 B F2 (issue 23): a superscript digit ("Kept ³ years.", a provision's "Apply ² coats")
crashed ``inforce check`` (exit 70; HTTP 500): ``str.isdigit()`` is true of "²", which ``float()``
and ``int()`` refuse, and ``int()`` refuses more than 4,300 digits. Text is read as a number only
where :func:`inforce.ontology.text.whole_number` reads it; a superscript is no count."""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

from inforce.engine.quantities import check_claim_quantities
from inforce.ontology.text import whole_number

_SPEC = """1.1 Records are kept 7 years.

1.2 Apply \u00b2 coats of sealer.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit72f2") / "q"
    ingest_specs(root, {"q-72": _SPEC})
    return root


@pytest.mark.parametrize(("locator", "claim"), [
    ("Q-72#1.1", "Kept \u00b3 years."),
    ("Q-72#1.1", "Records are kept \u00b2 years on Floors 1 to \u00b2."),
    ("Q-72#1.2", "Apply two coats of sealer."),
])
def test_a_superscript_digit_is_checked_as_any_claim(project: Path, tmp_path: Path, locator: str, claim: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in {"answer", "refusal", "escalation"}, checked


_TEXTS = ["Kept {d} years.", "Floors 1 to {d}.", "#{d} bars at 12 in. o.c.", "{d}M bars", "Slope 1 in {d}.",
          "{d} gauge steel", "{d}/4 inch", "1-{d}/4 in", "3'-{d} 1/2\" wide", "{d}'-6 1/2\" wide", "{d} am",
          "{d}-gauge", "{d}\u00bd in"]


@pytest.mark.parametrize("digits", ["\u00b2", "\u00b3", "\u2460", "9" * 5000])
def test_digits_no_number_is_read_from_are_no_figure(digits: str) -> None:
    """Each place that read a figure from text: a superscript or 5,000 digits raised there."""
    for text in _TEXTS:
        text = text.replace("{d}", digits)
        check_claim_quantities(text, ["Kept 7 years. Apply two coats."])
        check_claim_quantities("Apply two coats.", [text])


def test_whole_number() -> None:
    assert whole_number("12") == 12
    assert whole_number("\u0663") == 3  # an Arabic-Indic three: a decimal digit int() reads
    assert whole_number("\u00b2") is None and whole_number("\u2460") is None and whole_number("") is None
    assert whole_number("9" * 5000) is None and whole_number("-1") is None
