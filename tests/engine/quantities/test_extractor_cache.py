"""The quantity pipeline and extractors are built once per process for each content they are
built from (the unit spellings; the subject vocabulary), and never answer for another's.

Every ingest and every check loads its rules afresh, so these tests load the rules afresh too:
two loads of equal packs from different folders share one extractor, while packs that differ
in any way a reading can show (a subject's name, a rule's id, a unit spelling) get their own.
"""

from __future__ import annotations

from pathlib import Path

from inforce.engine.quantities.extract import default_extractor, project_extractor
from inforce.rules import RuleSet, SubjectRule, SubjectVocabulary, load_pack


def _rules(folder: Path, subject: str, synonym: str, rule_id: str = "TST-C001") -> RuleSet:
    """A project's rule set of one subject pack, read from its own file as ingest reads it."""
    folder.mkdir(parents=True)
    pack = folder / "subjects.yaml"
    pack.write_text(
        "schema_version: 1\nrules:\n"
        f"  - id: {rule_id}\n    slug: a-gap\n    kind: subject\n    description: d\n    source: s\n"
        f"    subject: {subject}\n    synonyms: [{synonym}]\n    unit: mm\n"
    )
    return RuleSet(packs=(load_pack(pack),))


def _bound(extractor, text: str) -> list[tuple[str | None, str | None]]:
    return [(m.subject, m.binding.rule if m.binding else None) for m in extractor.extract(text).mentions]


def test_rules_loaded_again_from_equal_packs_reuse_one_extractor(tmp_path: Path) -> None:
    first = _rules(tmp_path / "one", "test.gap", "gap")
    second = _rules(tmp_path / "two", "test.gap", "gap")
    assert first.subjects is not second.subjects  # a fresh vocabulary object on every load
    assert project_extractor(second) is project_extractor(first)
    assert project_extractor(first, {"WDG": "mm"}) is project_extractor(second, {"WDG": "mm"})


def test_another_vocabulary_gets_its_own_extractor_and_binds_its_own_subjects(tmp_path: Path) -> None:
    alpha = _rules(tmp_path / "alpha", "test.alpha", "gap")
    beta = _rules(tmp_path / "beta", "test.beta", "gap")
    text = "Gap: 5 mm."
    assert _bound(project_extractor(alpha), text) == [("test.alpha", "TST-C001")]
    assert _bound(project_extractor(beta), text) == [("test.beta", "TST-C001")]
    # asked again after the other was built: still its own
    assert _bound(project_extractor(alpha), text) == [("test.alpha", "TST-C001")]
    assert project_extractor(alpha) is not project_extractor(beta)
    # the pipeline depends on the unit spellings alone: one for both
    assert project_extractor(alpha).nlp is project_extractor(beta).nlp


def test_a_rule_differing_only_in_its_id_is_another_vocabulary(tmp_path: Path) -> None:
    """A binding names its rule, so equal words under another id must not be answered for."""
    old = _rules(tmp_path / "old", "test.gap", "gap", "TST-C001")
    new = _rules(tmp_path / "new", "test.gap", "gap", "TST-C002")
    assert _bound(project_extractor(old), "Gap: 5 mm.") == [("test.gap", "TST-C001")]
    assert _bound(project_extractor(new), "Gap: 5 mm.") == [("test.gap", "TST-C002")]


def test_unit_spellings_key_the_pipeline(tmp_path: Path) -> None:
    rules = _rules(tmp_path / "p", "test.gap", "gap")
    plain, spelled = project_extractor(rules), project_extractor(rules, {"WDG": "mm"})
    assert plain is not spelled and plain.nlp is not spelled.nlp
    assert [m.unit_expression for m in spelled.extract("Gap: 5 WDG.").mentions] == ["mm"]
    assert [m.unit_expression for m in plain.extract("Gap: 5 WDG.").mentions] == [None]
    # and the project without spellings is not handed the spelled one afterwards
    assert [m.unit_expression for m in project_extractor(rules).extract("Gap: 5 WDG.").mentions] == [None]


def test_default_extractor_keys_by_the_vocabulary_content_not_the_object() -> None:
    def vocabulary(subject: str) -> SubjectVocabulary:
        return SubjectVocabulary((SubjectRule(
            id="TST-C010", slug="a-gap", kind="subject", subject=subject, synonyms=["gap"],
            unit="mm", description="d", source="s",
        ),))

    assert default_extractor(vocabulary("test.gap")) is default_extractor(vocabulary("test.gap"))
    other = default_extractor(vocabulary("test.other"))
    assert [m.subject for m in other.extract("Gap: 5 mm.").mentions] == ["test.other"]
    assert default_extractor(None) is default_extractor()
    assert default_extractor(None) is not default_extractor(vocabulary("test.gap"))
