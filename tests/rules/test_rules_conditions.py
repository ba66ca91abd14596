"""The ``conditions:`` section of a subject pack (issue 22, part 3): the words that say what a
figure holds under are pack vocabulary, read and linted like the rest of the language."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.quantities import QuantityExtractor
from inforce.engine.quantities.conditions import ConditionReader, Figure, condition_reader
from inforce.ontology import InputErrors, RulePackRef
from inforce.rules import SubjectVocabulary, compile_rules, load_pack, read_pack
from inforce.rules.conditions import ConditionFacet, ConditionWordError, compile_condition_word

SUBJECT = ("schema_version: 1\nrules:\n  - id: TST-V001\n    slug: dose\n    kind: subject\n    description: d\n"
           "    source: s\n    subject: drug.dose\n    synonyms: [dose]\n    unit: mg\n")


def problems(tmp_path: Path, text: str) -> list[tuple[str, int | None, str | None]]:
    pack = tmp_path / "pack.yaml"
    pack.write_text(text)
    loaded, found = read_pack(pack)
    assert loaded is None or not found
    return [(p.code, p.line, p.field) for p in found]


def terms(reader: ConditionReader, text: str, figure: str) -> tuple[str, ...]:
    at = text.index(figure)
    return reader.read(text, [Figure(at, at + len(figure))])[0]


def test_the_stock_pack_declares_seven_facets_in_reading_order():
    facets = load_pack("subjects/default").pack.conditions
    assert [facet.facet for facet in facets] == ["regimen", "phase", "population", "exposure", "age", "bars", "weight"]
    weight = facets[-1]
    assert not weight.terms and "weigh*" in weight.band_after and "patient*" in weight.band_after
    population = next(facet for facet in facets if facet.facet == "population")
    assert population.after_figure_needs == ("for", "in", "to") and population.before_figure == "clause"


@pytest.mark.parametrize(("word", "reads", "misses"), [
    ("cast against [and permanently exposed to] [the] earth",
     ["cast against earth", "Cast  against the earth", "cast against and permanently exposed to the earth"],
     ["cast against the ground"]),
    ("titrat* [up] to", ["titrated up to", "titration to", "TITRATE TO"], ["titrated above"]),
    ("child", ["a child", "child."], ["child-resistant", "children"]),  # hyphenated onward: a compound
])
def test_a_condition_word_is_whole_words_with_optional_parts_and_any_ending(word, reads, misses):
    import re

    pattern = re.compile(compile_condition_word(word), re.IGNORECASE)
    assert all(pattern.search(text) for text in reads)
    assert not any(pattern.search(text) for text in misses)


@pytest.mark.parametrize("word", ["", "[the]", "titrat[e", "a*b", "*", "[a||b] dose"])
def test_a_condition_word_that_cannot_be_read_is_refused(word):
    with pytest.raises(ConditionWordError):
        compile_condition_word(word)


def test_a_bad_conditions_section_is_named_at_its_line(tmp_path):
    text = SUBJECT + (
        "conditions:\n"                                   # 11
        "  - facet: regimen\n"                            # 12
        "    terms:\n"                                    # 13
        "      recommended: [recommended, usual]\n"       # 14
        "      increased: []\n"                           # 15: no words
        "  - facet: regimen\n"                            # 16: facet twice
        "    terms:\n"                                    # 17
        "      reduced: [usual, \"lowered [to\"]\n"       # 18: a word twice, a word that does not read
        "  - facet: phase\n"                              # 19
        "    terms:\n"                                    # 20
        "      recommended: [initial]\n"                  # 21: a term under two facets
        "  - facet: weight\n"                             # 22: terms, not band words
        "    terms: {heavy: [heavy]}\n"
        "  - facet: route\n"                              # 24: band words on another facet
        "    band_after: [animals]\n"
        "    terms: {oral: [orally]}\n"
    )
    assert problems(tmp_path, text) == [
        ("RP008", 15, "conditions.0.terms.increased"),
        ("RP007", 16, "conditions.1.facet"),
        ("RP007", 18, "conditions.1.terms.reduced.0"),
        ("RP010", 18, "conditions.1.terms.reduced.1"),
        ("RP007", 21, "conditions.2.terms.recommended"),
        ("RP003", 22, "conditions.3"),
        ("RP003", 24, "conditions.4"),
    ]
    # band words as the other words: each read (RP010), each listed once (RP007)
    text = SUBJECT + "conditions:\n  - facet: weight\n    band_after: [\"herd*\", \"stock [of\", \"herd*\"]\n"
    assert problems(tmp_path, text) == [("RP010", 13, "conditions.0.band_after.1"),
                                        ("RP007", 13, "conditions.0.band_after.2")]


def test_a_packs_own_band_words_make_a_mass_a_weight_band(tmp_path):
    from inforce.rules import read_pack as read

    pack = tmp_path / "pack.yaml"
    pack.write_text(SUBJECT + "conditions:\n  - facet: weight\n    band_after: [\"calv*\"]\n")
    loaded, found = read(pack)
    assert loaded is not None and not found
    own = QuantityExtractor(SubjectVocabulary.of_rules(loaded.pack.rules, conditions=loaded.pack.conditions))
    read_own = own.extract("For calves over 90 kg the dose is 300 mg.").mentions
    assert [(m.text, m.subject, m.condition) for m in read_own] == [
        ("90 kg", None, ()), ("300 mg", "drug.dose", ("weight > 90 kg",))]
    # the stock band words are this pack's no longer: a mass after 'patients' is a mass again
    assert [m.condition for m in own.extract("In patients of 45 kg the dose is 30 mg.").mentions] == [(), ()]


def test_an_unknown_key_in_a_facet_is_a_typo(tmp_path):
    text = SUBJECT + "conditions:\n  - facet: route\n    befor_figure: clause\n    terms: {oral: [orally]}\n"
    assert problems(tmp_path, text) == [("RP002", 13, "conditions.0.befor_figure")]


def test_a_facets_options_decide_where_its_words_are_read():
    reader = condition_reader((
        ConditionFacet(facet="route", terms={"oral": ("orally", "by mouth")}, after_figure_needs=("given",)),
        ConditionFacet(facet="group", terms={"heavy": ("heavy animals",)}, before_figure="clause"),
    ))
    assert terms(reader, "Take 5 mg by mouth.", "5 mg") == ()  # after the figure: only after 'given'
    assert terms(reader, "Take 5 mg given by mouth.", "5 mg") == ("oral",)
    text = "For heavy animals, mix 2 g into 1 L, then 4 g."
    assert reader.read(text, [Figure(text.index("2 g"), text.index("2 g") + 3),
                              Figure(text.index("4 g"), text.index("4 g") + 3)]) == [("heavy",), ("heavy",)]


def test_a_pack_without_conditions_reads_the_stock_ones_and_an_empty_list_reads_none():
    text = "The recommended dose is 250 mg."
    stock = QuantityExtractor(SubjectVocabulary(load_pack("subjects/default").pack.of_kind("subject")))
    none = QuantityExtractor(SubjectVocabulary(load_pack("subjects/default").pack.of_kind("subject"), conditions=()))
    assert [m.condition for m in stock.extract(text).mentions] == [("recommended",)]
    assert [m.condition for m in none.extract(text).mentions] == [()]


def test_two_packs_declaring_conditions_are_refused(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text(SUBJECT.replace("TST-V001", f"TST-V00{2 if name == 'b' else 1}")
                                               .replace("slug: dose", f"slug: dose-{name}")
                                               + "conditions:\n  - facet: route\n    terms: {oral: [orally]}\n")
    with pytest.raises(InputErrors) as refused:
        compile_rules([RulePackRef(path="a.yaml"), RulePackRef(path="b.yaml")], tmp_path)
    assert [(p.code, p.field) for p in refused.value.exceptions if p.code == "RP007"] == [("RP007", "conditions")]


def test_a_claim_is_compared_by_the_facets_of_its_own_packs_terms():
    from inforce.engine.quantities import check_claim_quantities

    pack = load_pack("subjects/default").pack
    own = SubjectVocabulary(pack.of_kind("subject"), conditions=(
        ConditionFacet(facet="route", terms={"in feed": ("in [the] feed",), "in water": ("in [the] drinking water",)}),
    ))
    extractor = QuantityExtractor(own)
    checked = check_claim_quantities("The dose is 15 mg in drinking water.", ["The dose is 15 mg in the feed."],
                                     extractor=extractor)
    assert [u.reason for u in checked.unmatched] == ["condition_differs"]
    assert "in water" in checked.unmatched[0].explanation and "in feed" in checked.unmatched[0].explanation
