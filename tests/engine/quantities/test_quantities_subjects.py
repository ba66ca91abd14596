"""Subject binding: what a quantity measures, from nearby words and the rule packs' vocabulary."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import QuantityExtractor, default_vocabulary
from inforce.rules import SubjectRule, SubjectVocabulary


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return QuantityExtractor()


def subjects(extractor, text, **kwargs):
    return [(m.text, m.subject) for m in extractor.extract(text, **kwargs).mentions]


def test_the_stock_vocabulary_is_the_default():
    vocabulary = default_vocabulary()
    assert vocabulary.get("concrete.compressive_strength") is not None
    assert QuantityExtractor().vocabulary.get("drug.dose") is not None


def test_preceding_words_in_the_same_clause_bind(extractor):
    assert subjects(extractor, "A. Compressive strength at 28 days: not less than 4,000 psi.") == [
        ("28 days", None), ("not less than 4,000 psi", "concrete.compressive_strength"),
    ]


def test_the_dimension_must_agree(extractor):
    # "slump" is a length; a slump written in psi is not bound to it (nor guessed as strength)
    assert subjects(extractor, "Slump: 4,000 psi.") == [("4,000 psi", None)]
    assert subjects(extractor, "The dose is 12 hours.") == [("12 hours", None)]


def test_a_plain_value_on_a_minimum_subject_is_read_as_that_minimum(extractor):
    (mention,) = extractor.extract("CONCRETE f'c = 4,000 PSI").mentions
    assert mention.subject == "concrete.compressive_strength"
    assert (mention.bound, mention.bound_from) == ("min", "vocabulary")
    assert mention.binding.synonym == "concrete f'c" and mention.binding.source == "text"


def test_a_bound_written_in_the_text_is_kept(extractor):
    (mention,) = extractor.extract("Concrete strength: maximum 5,000 psi").mentions
    assert (mention.bound, mention.bound_from) == ("max", "text")


def test_a_ratio_binds_to_a_dimensionless_subject(extractor):
    (mention,) = extractor.extract("B. Maximum water-cementitious materials ratio: 0.45.").mentions
    assert mention.subject == "concrete.water_cementitious_ratio" and mention.bound == "max"


def test_a_percentage_binds_only_to_a_percent_subject(extractor):
    assert subjects(extractor, "Air content: 6 percent.") == [("6 percent", "concrete.air_content")]
    assert subjects(extractor, "Air content: 6.") == [("6", None)]


def test_words_in_another_clause_do_not_bind(extractor):
    assert subjects(extractor, "Test compressive strength. Deliver 4,000 psi cylinders.") == [
        ("4,000 psi", None),
    ]


def test_following_words_bind_only_when_close_and_unpunctuated(extractor):
    assert subjects(extractor, "Provide 4,000 psi compressive strength.") == [
        ("4,000 psi", "concrete.compressive_strength"),
    ]
    assert subjects(extractor, "Weighing less than 15 kg, because an appropriate dose is unknown.") == [
        ("less than 15 kg", None),
    ]


def test_a_misspelt_subject_binds_fuzzily(extractor):
    (mention,) = extractor.extract("Concrete compresive strenght: 5,000 psi.").mentions
    assert mention.subject == "concrete.compressive_strength"
    assert mention.binding.score < 100 and mention.binding.synonym == "compressive strength"


def test_fuzzy_matching_does_not_find_words_inside_words(extractor):
    # "fee rate" is inside "coffee rates"; as whole words it is not there
    assert subjects(extractor, "Coffee rates rose 5% this year.") == [("5%", None)]


def test_the_longest_synonym_wins(extractor):
    assert subjects(extractor, "The maximum single adult dose is 500 mg.") == [
        ("500 mg", "drug.maximum_single_dose"),
    ]


def test_a_column_header_binds_a_table_cell(extractor):
    found = extractor.extract_row(
        "| F1 | 2'-0\" | 1'-0\" | 4,000 psi |", ["F1", "2'-0\"", "1'-0\"", "4,000 psi"],
        ["Mark", "Width", "Depth", "Concrete f'c"], base_offset=300,
    )
    strength = found.mentions[-1]
    assert strength.subject == "concrete.compressive_strength" and strength.binding.source == "context"
    assert strength.bound == "min" and strength.span.start == 300 + len("| F1 | 2'-0\" | 1'-0\" | ")


def test_a_header_unit_applies_to_bare_cells(extractor):
    (mention,) = extractor.extract("250", context="Dose (mg)").mentions
    assert mention.unit_expression == "milligram" and mention.unit_from == "context"
    assert mention.subject == "drug.dose"


def test_a_header_scale_applies_to_money_cells(extractor):
    (mention,) = extractor.extract("$1,577", context="Total revenue ($ in millions)").mentions
    assert mention.value == 1.577e9


def subject_rule(number: int, subject: str, synonyms: list[str], unit: str, bound: str = "exact") -> SubjectRule:
    return SubjectRule(
        id=f"TST-V{number:03d}", slug=subject.replace(".", "-").replace("_", "-"), kind="subject",
        subject=subject, synonyms=synonyms, unit=unit, bound=bound,
        description=f"{subject} for a test", source="tests",
    )


def test_the_nearest_subject_wins_and_a_tie_stays_unbound():
    extractor = QuantityExtractor(SubjectVocabulary((
        subject_rule(1, "test.alpha", ["alpha"], "mm"), subject_rule(2, "test.betas", ["betas"], "mm"),
    )))
    assert [m.subject for m in extractor.extract("alpha 5 mm betas").mentions] == ["test.alpha"]
    assert [m.subject for m in extractor.extract("betas, alpha: 5 mm").mentions] == ["test.alpha"]
    assert [m.subject for m in extractor.extract("alpha: 5 mm; betas: 6 mm").mentions] == [
        "test.alpha", "test.betas",
    ]
    # both named in the context, equally: not guessed
    assert [m.subject for m in extractor.extract("5 mm", context="alpha betas").mentions] == [None]


def test_a_project_vocabulary_replaces_the_stock_one():
    slab = subject_rule(3, "slab.thickness", ["slab on grade"], "inch", "min")
    extractor = QuantityExtractor(SubjectVocabulary((slab,)))
    (mention,) = extractor.extract('5" CONCRETE SLAB ON GRADE').mentions
    assert mention.subject == "slab.thickness"  # close after it, nothing between but a word
    (mention,) = extractor.extract('SLAB ON GRADE: 5"').mentions
    assert mention.subject == "slab.thickness" and mention.bound == "min"
    assert extractor.extract("CONCRETE f'c = 4,000 PSI").mentions[0].subject is None


def test_binding_can_be_skipped(extractor):
    (mention,) = extractor.extract("CONCRETE f'c = 4,000 PSI", bind=False).mentions
    assert mention.subject is None and mention.bound == "exact"


def test_one_mention_bound_after_extraction(extractor):
    text = "Footing schedule. CONCRETE f'c = 4,000 PSI"
    (mention,) = extractor.extract(text, bind=False, base_offset=40).mentions
    bound = extractor.binder.bind(mention, text, base=40)
    assert bound.subject == "concrete.compressive_strength"
    assert (bound.bound, bound.bound_from) == ("min", "vocabulary")
    assert text[bound.binding.span.start - 40 : bound.binding.span.end - 40] == "CONCRETE f'c"
    other = "Item 7 reads 4,000 PSI"  # names no subject, nor what the figure is stated for
    unbound = extractor.binder.bind(mention, other, base=mention.span.start - other.index("4,000"))
    assert unbound is mention


def test_binding_a_long_clause_takes_time_in_proportion_to_it():
    # one clause (commas only) holding thousands of quantities and subject words: each quantity
    # is compared with the words near it, not with every word of the clause, so doubling the
    # clause about doubles the time (an absolute bound failed on a loaded 2-core machine)
    import re
    import time

    from inforce.engine.quantities.subjects import BindingTarget, SubjectBinder

    binder = SubjectBinder(default_vocabulary())
    (key,) = [key for key in binder.by_key if key == "[mass] / [length] / [time] ** 2"]

    def took(n: int, run: int) -> float:
        text = f"Run {run}. " + "concrete strength 4,000 psi, " * n  # a new text each run: nothing kept
        targets = [BindingTarget(m.start(), m.end(), key) for m in re.finditer("4,000 psi", text)]
        began = time.perf_counter()
        decided = binder.decide(targets, text)
        elapsed = time.perf_counter() - began
        assert [(b.start, b.phrase) for b in decided] == [
            (t.start - len("concrete strength "), "concrete strength") for t in targets
        ]
        return elapsed

    took(200, 0)
    # the best of three runs each, so that a run slowed by the other test worker does not decide
    short = min(took(3000, run) for run in (1, 2, 3))
    long = min(took(6000, run) for run in (4, 5, 6))
    assert long < 2.6 * short + 0.3, f"{short:.2f} s for 3,000 quantities, {long:.2f} s for 6,000"
