"""A subject's ``between``: the values its figures take, linted like an inference's range
(issue 23, audit 23g K2: a body weight has a dose's dimension but is no dose)."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.quantities import QuantityExtractor
from inforce.rules import SubjectVocabulary, read_pack

HEAD = "schema_version: 1\nrules:\n"
SUBJECT = ("  - id: TST-V001\n    slug: feed-ration\n    kind: subject\n    description: d\n    source: s\n"
           "    subject: feed.ration\n    synonyms: [ration]\n    unit: kg\n")


def _read(tmp_path: Path, text: str):
    pack = tmp_path / "pack.yaml"
    pack.write_text(HEAD + text)
    return read_pack(pack)


def test_a_subjects_range_is_linted_at_its_line(tmp_path):
    _, found = _read(tmp_path, SUBJECT + '    between: {min: "2 day", max: "40 kg"}\n')
    assert [(p.code, p.line, p.field) for p in found] == [("RP013", 11, "rules.0.between.min")]
    _, found = _read(tmp_path, SUBJECT + '    between: {min: "50 kg", max: "40000 g"}\n')
    assert [(p.code, p.line, p.field) for p in found] == [("RP013", 11, "rules.0.between")]
    _, found = _read(tmp_path, SUBJECT + '    between: {}\n')
    assert [p.code for p in found] == ["RP003"]


def test_a_figure_outside_a_subjects_range_is_never_bound_to_it(tmp_path):
    loaded, found = _read(tmp_path, SUBJECT + '    between: {min: "0.5 kg", max: "30 kg"}\n')
    assert loaded is not None and not found
    extractor = QuantityExtractor(SubjectVocabulary.of_rules(loaded.pack.rules))
    subjects = [(m.text, m.subject) for m in
                extractor.extract("The ration is 12 kg; a ration of 900 kg; the ration, 0.2 kg.").mentions]
    assert subjects == [("12 kg", "feed.ration"), ("900 kg", None), ("0.2 kg", None)]
