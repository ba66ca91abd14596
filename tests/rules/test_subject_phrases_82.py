"""Audit 82 B: a subject's synonym of "" or " " passed `rules check` and ended ingest in exit 70
(IndexError compiling the vocabulary); 20,000 synonyms passed and held ingest past 90 s; and every
schema problem of a `kind: subject` rule was told at its `subject:` line (the union's tag, "subject",
is a key of the rule too). A phrase is not blank and holds no control character, a list holds at most 1,000, and each
problem is at its own line."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import read_pack
from inforce.rules.subjects import MAX_PHRASES

PACK = ("schema_version: 1\nrules:\n  - id: HV-V001\n    slug: hostile\n    kind: subject\n"
        "    subject: hostile.strength\n    description: d\n    source: s\n    unit: psi\n{extra}")


def _problems(tmp_path: Path, extra: str):
    pack = tmp_path / "vocab.yaml"
    pack.write_text(PACK.format(extra=extra), encoding="utf-8")
    loaded, problems = read_pack(pack)
    assert loaded is None
    return problems


@pytest.mark.parametrize("blank", ['""', '" "', '"\\t"', '"a\\x01b"'])
def test_a_blank_synonym_or_one_holding_a_control_character_is_refused_at_its_line(tmp_path: Path, blank: str) -> None:
    problems = _problems(tmp_path, f"    synonyms: [strength, {blank}]\n")
    said = [(p.line, p.field) for p in problems]
    assert (10, "rules.0.synonyms.1") in said, [(p.line, p.field, p.message) for p in problems]
    assert any("it is not blank, and holds no control character" in p.message for p in problems)


def test_more_synonyms_than_a_list_holds_are_refused(tmp_path: Path) -> None:
    many = ", ".join(f"word{n}" for n in range(MAX_PHRASES + 1))
    problems = _problems(tmp_path, f"    synonyms: [{many}]\n")
    assert [(p.line, p.field) for p in problems] == [(10, "rules.0.synonyms")], problems


def test_a_subject_rule_s_problem_is_at_its_own_line_not_the_subject_s(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "    synonyms: [strength]\n    tolerance: {relative: 7}\n    colour: red\n")
    said = {p.field: p.line for p in problems}
    assert said.get("rules.0.tolerance.relative") == 11, [(p.line, p.field, p.message) for p in problems]
    assert said.get("rules.0.colour") == 12, [(p.line, p.field, p.message) for p in problems]
