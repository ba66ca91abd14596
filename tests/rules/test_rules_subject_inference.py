"""The subject rule language of issue 22: inference, grade and abbreviation rules, and their lint."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import (
    AbbreviationRule,
    GradeRule,
    InferenceRule,
    SubjectVocabulary,
    load_pack,
    read_pack,
)

HEAD = "schema_version: 1\nrules:\n"
SUBJECT = ("  - id: TST-V001\n    slug: strength\n    kind: subject\n    description: d\n    source: s\n"
           "    subject: concrete.compressive_strength\n    synonyms: [\"f'c\"]\n    unit: psi\n")


def problems(tmp_path: Path, text: str):
    pack = tmp_path / "pack.yaml"
    pack.write_text(text)
    loaded, found = read_pack(pack)
    assert loaded is None or not found
    return [(p.code, p.line) for p in found]


def inference(body: str, rule_id: str = "TST-V101") -> str:
    return (f"  - id: {rule_id}\n    slug: inferred-{rule_id.lower()}\n    kind: inference\n    description: d\n"
            f"    source: s\n{body}")


def test_the_stock_pack_has_each_new_kind():
    pack = load_pack("subjects/default").pack
    assert pack.of_kind("inference") and pack.of_kind("grade") and pack.of_kind("abbreviations")
    vocabulary = SubjectVocabulary.of_rules(pack.rules)
    assert all(isinstance(r, InferenceRule) for r in vocabulary.inferences)
    assert all(isinstance(r, GradeRule) for r in vocabulary.grades)
    assert all(isinstance(r, AbbreviationRule) for r in vocabulary.abbreviations)


def test_a_good_inference_rule_passes(tmp_path):
    body = ("    subject: concrete.compressive_strength\n    stated_for: [concrete]\n"
            "    between: {min: 2000 psi, max: 15000 psi}\n")
    assert problems(tmp_path, HEAD + SUBJECT + inference(body)) == []


def test_an_inference_of_a_subject_the_pack_lacks_never_fires(tmp_path):
    body = "    subject: concrete.cover\n    stated_for: [concrete]\n"
    assert problems(tmp_path, HEAD + SUBJECT + inference(body)) == [("RP008", 16)]  # at its `subject`


def test_a_range_of_another_dimension_is_invalid(tmp_path):
    body = "    subject: concrete.compressive_strength\n    stated_for: [concrete]\n    between: {min: 2 inch}\n"
    assert [code for code, _ in problems(tmp_path, HEAD + SUBJECT + inference(body))] == ["RP013"]


def test_a_word_listed_twice_and_an_empty_word(tmp_path):
    body = "    subject: concrete.compressive_strength\n    stated_for: [concrete, Concrete, ' ']\n"
    assert sorted(code for code, _ in problems(tmp_path, HEAD + SUBJECT + inference(body))) == ["RP003", "RP007"]


def test_an_inference_needs_the_words_it_is_stated_for(tmp_path):
    body = "    subject: concrete.compressive_strength\n    stated_for: []\n"
    assert [code for code, _ in problems(tmp_path, HEAD + SUBJECT + inference(body))] == ["RP003"]


def test_an_abbreviation_listed_by_two_rules(tmp_path):
    first = ("  - id: TST-V190\n    slug: one\n    kind: abbreviations\n    description: d\n    source: s\n"
             "    words: {\"CONC.\": concrete}\n")
    second = first.replace("TST-V190", "TST-V191").replace("slug: one", "slug: two")
    assert [code for code, _ in problems(tmp_path, HEAD + first + second)] == ["RP007"]


def test_a_grade_form_without_its_placeholder_and_a_stress_of_another_dimension(tmp_path):
    grade = ("  - id: TST-V150\n    slug: bars\n    kind: grade\n    description: d\n    source: s\n"
             "    subject: concrete.compressive_strength\n    standard: X 1\n    written: [\"GRADE {grade}\"]\n"
             "    grades: {\"60\": 60 inch}\n    stated_for: [bars]\n")
    assert [code for code, _ in problems(tmp_path, HEAD + SUBJECT + grade)] == ["RP013"]
    assert [code for code, _ in problems(tmp_path, HEAD + SUBJECT + grade.replace("GRADE {grade}", "GRADE"))] \
        == ["RP003"]


def test_the_vocabulary_key_changes_with_a_legend():
    vocabulary = SubjectVocabulary.of_rules(load_pack("subjects/default").pack.rules)
    extended = vocabulary.with_legend([("CVG.", "cover")])
    assert extended.key() != vocabulary.key()
    assert vocabulary.with_legend([]) is vocabulary
    assert [r.subject for r, _, _ in extended.find("CONC. CVG.")] == ["concrete.cover"]
    assert [r.subject for r, _, _ in vocabulary.find("CONC. CVG.")] == []
