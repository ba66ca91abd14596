"""Precedence (S4): three packs, three outcomes for one conflict; scales; the RFI draft."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from inforce.adapters.ingest import discover_documents, parse_document
from inforce.engine.packtests import MemoryCorpus
from inforce.engine.precedence import parse_scale, provision_in_force, resolve_precedence
from inforce.ontology import Locator
from inforce.rules import load_pack

RIVERSIDE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
MAY = dt.date(2026, 5, 1)


@pytest.fixture(scope="module")
def riverside() -> MemoryCorpus:
    return MemoryCorpus([parse_document(path, RIVERSIDE) for path in discover_documents(RIVERSIDE)])


def decide(corpus, a, b, pack, valid_at=MAY, **params):
    rules = load_pack(pack, params=params or None).pack.rules
    index = corpus.asof_index()
    side_a = provision_in_force(corpus, index, Locator.parse(a), valid_at)
    side_b = provision_in_force(corpus, index, Locator.parse(b), valid_at)
    return resolve_precedence(side_a, side_b, rules, valid_at=valid_at, project="riverside-library")


SPEC, CALLOUT = "SPEC-033000#2.1.A", "DWG-S-101#callout-3"


def test_aia_style_the_drawing_governs_citing_the_agreement(riverside):
    result = decide(riverside, SPEC, CALLOUT, "precedence/aia-style", source="Agreement Article 1.2")
    assert (result.resolution, result.winner, result.rule, result.clause) == (
        "resolved_by_precedence", CALLOUT, "INF-P001", "Agreement Article 1.2")
    assert result.rfi is None
    assert result.provisions[0].as_amended_by == ("ADD-02#1.3",)


def test_far_the_specification_as_amended_governs(riverside):
    result = decide(riverside, SPEC, CALLOUT, "precedence/far-52-236-21")
    assert (result.resolution, result.winner, result.rule, result.clause) == (
        "resolved_by_precedence", SPEC, "INF-P002", "FAR 52.236-21(a)")
    assert "as amended by Addendum No. 2 §1.3" in result.explanation


def test_no_clause_escalates_with_an_rfi_citing_section_and_sheet(riverside):
    result = decide(riverside, SPEC, CALLOUT, "precedence/none")
    assert (result.resolution, result.winner, result.rule) == ("escalate", None, "INF-P003")
    rfi = result.rfi
    assert "Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3" in rfi
    assert "Sheet S-101 callout-3 (detail 3/S-501)" in rfi
    assert "not less than 5,000 psi" in rfi  # the in-force text of the amended paragraph
    assert "4,000 PSI" in rfi
    assert "no order of precedence" in rfi and "## Question" in rfi


def test_before_the_addendum_the_specification_stands_unamended(riverside):
    result = decide(riverside, SPEC, CALLOUT, "precedence/none", valid_at=dt.date(2026, 4, 1))
    assert "as amended" not in result.rfi and "not less than 4,000 psi" in result.rfi


def test_larger_scale_governs_where_the_pack_says_so(riverside):
    plan, detail = "DWG-S-101#callout-5", "DWG-S-501#callout-3"
    aia = decide(riverside, plan, detail, "precedence/aia-style", source="Agreement Article 1.2")
    assert aia.winner == detail and "3/4\" = 1'-0\"" in aia.explanation
    far = decide(riverside, plan, detail, "precedence/far-52-236-21")
    assert far.resolution == "escalate" and far.clause == "FAR 52.236-21(a)"
    assert "Contracting Officer" in far.rfi


@pytest.mark.parametrize(("text", "ratio"), [
    ('1/8" = 1\'-0"', Fraction(1, 96)),
    ('3/4" = 1\'-0"', Fraction(1, 16)),
    ('1 1/2" = 1\'-0"', Fraction(1, 8)),
    ('1" = 20\'', Fraction(1, 240)),
    ("1:50", Fraction(1, 50)),
    ("NTS", None),
    (None, None),
])
def test_parse_scale(text, ratio):
    assert parse_scale(text) == ratio
