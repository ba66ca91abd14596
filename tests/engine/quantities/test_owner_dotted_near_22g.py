"""Issue 22 (fix22g): an owner's inference rule whose ``near`` word is written with its period
(``PROT.``) fires when the word stands in a line's label before its colon, words away from the
figure: the word's period is no sentence end, as a stock abbreviation's is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.quantities.extract import default_extractor
from inforce.rules import DEFAULT_SUBJECTS, SubjectVocabulary, load_pack

PACK = """\
schema_version: 1
title: Transfer slab notes
rules:
  - id: TSL-V410
    slug: tsl-protection-over-bars
    kind: inference
    subject: concrete.cover
    description: A small length written with the office's PROT. in a note about bars is the cover.
    source: house practice
    stated_for: ["reinforcement", "bars", "slab"]
    near: ["prot."]
    between: {min: "0.5 inch", max: "4 inch"}
    unless_for: ["waterproofing"]
"""


@pytest.fixture(scope="module")
def extractor(tmp_path_factory):
    path: Path = tmp_path_factory.mktemp("pack") / "transfer.yaml"
    path.write_text(PACK, encoding="utf-8")
    rules = [*load_pack(DEFAULT_SUBJECTS).pack.rules, *load_pack(path).pack.rules]
    return default_extractor(SubjectVocabulary.of_rules(rules))


def _bound(extractor, text: str) -> list[tuple[str, str | None, str | None]]:
    return [(m.text, m.subject, m.binding.rule if m.binding else None) for m in extractor.extract(text).mentions]


@pytest.mark.parametrize("text", [
    'MIN. PROT. UNDER BOTTOM REINF. AT TRANSFER SLAB: 2-1/2"',
    'TRANSFER SLAB PROT. TO BOT. BARS: 2-1/2"',
    'PROT. FOR TOP BARS OF TRANSFER SLAB: 2-1/2"',
])
def test_the_owners_dotted_word_in_the_label_binds_the_figure(extractor, text) -> None:
    assert _bound(extractor, text) == [('2-1/2"', "concrete.cover", "TSL-V410")]


def test_the_rules_exclusion_still_holds(extractor) -> None:
    assert _bound(extractor, 'WATERPROOFING PROT. OVER SLAB BARS: 1/2"')[0][1] is None
