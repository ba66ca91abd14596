"""A pack's raw ``regex:`` that can backtrack without end is refused at load (issue 23)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from inforce.rules import read_pack
from inforce.rules.loader import STOCK_ROOT
from inforce.rules.patterns import (
    UnsafeRegexError,
    WordingPattern,
    check_backtracking,
    compile_wording,
)

QUALIFIER = """schema_version: 1
rules:
  - id: QQ-Q001
    slug: except-as-provided
    kind: qualifier
    description: d
    source: s
    patterns:
      - pattern: "except as provided in {ref}"
      - regex: {regex}
"""
#: The words the repro's pattern could not finish reading: 30 words, no "!".
LONG = "1.1 " + "word " * 30


def refused(tmp_path: Path, regex: str):
    pack = tmp_path / "q.yaml"
    pack.write_text(QUALIFIER.replace("{regex}", "'" + regex + "'"))
    loaded, problems = read_pack(pack)
    assert loaded is None and len(problems) == 1, [str(p) for p in problems]
    return problems[0]


def test_nested_repetition_is_refused_with_file_line_rule_and_hint(tmp_path):
    problem = refused(tmp_path, r"(?P<ref>(\w+\s?)+)!")
    assert problem.code == "RP010" and problem.file.endswith("q.yaml") and problem.line == 10
    assert problem.field == "rules.0.patterns.1.regex"
    assert "QQ-Q001" in str(problem) and "unbounded repetition" in str(problem)
    assert "possessive" in problem.hint and "(?>" in problem.hint


@pytest.mark.parametrize("regex", [r"(?P<ref>(a|a)*)!", r"(?P<ref>(?:ab|a.)+)!", r"(?P<ref>(?:x?y|xz)+)!"])
def test_alternatives_reading_the_same_text_are_refused(tmp_path, regex):
    problem = refused(tmp_path, regex)
    assert "QQ-Q001" in str(problem) and "can read the same text" in str(problem)


@pytest.mark.parametrize("regex", [r"(?P<ref>(\w++\s?)+)", r"(?P<ref>(?:\w+\s?)++)", r"(?P<ref>(?>(\w+\s?)+))",
                                   r"(?P<ref>(?:(?>\w+)\s?)+)"])
def test_possessive_or_atomic_forms_load_and_still_match(tmp_path, regex):
    pack = tmp_path / "q.yaml"
    pack.write_text(QUALIFIER.replace("{regex}", "'" + regex + "!'"))
    loaded, problems = read_pack(pack)
    assert loaded is not None and problems == []
    compiled = compile_wording(WordingPattern(regex=regex + "!"), ("ref",))
    assert compiled.search("as in section nine!").group("ref") == "as in section nine"
    assert compiled.search(LONG) is None  # fails at once where the nested form never finishes


def test_the_same_problem_in_a_no_change_phrase_names_its_rule(tmp_path):
    pack = tmp_path / "s.yaml"
    pack.write_text("schema_version: 1\nrules:\n  - id: SS-S001\n    slug: s\n    kind: supersession\n"
                    "    description: d\n    source: s\n    verbs: {delete: [delete]}\n"
                    "    no_change:\n      - regex: '(?:no|not)(?:\\s+\\w+)+\\s+made'\n")
    loaded, problems = read_pack(pack)
    assert loaded is None and [p.line for p in problems] == [10]
    assert "SS-S001" in str(problems[0]) and problems[0].field == "rules.0.no_change.0.regex"


def test_alternatives_re_folds_into_one_set_are_not_refused():
    check_backtracking(r"(?:\w|\d)+", re.IGNORECASE)  # re reads it as one set: one way to read
    check_backtracking(r"(?:a|ab)*c")  # shared first letter folded out: the rest differ
    with pytest.raises(UnsafeRegexError):
        check_backtracking(r"(?>(\w+\s?)+!)")  # atomic, but "!" inside it makes it give back


def test_every_stock_regex_passes_the_check():
    regexes = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("regex"), str):
                regexes.append(node["regex"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(STOCK_ROOT.rglob("*.yaml")):
        walk(yaml.safe_load(path.read_text()))
    assert len(regexes) >= 20
    for regex in regexes:
        check_backtracking(regex, re.IGNORECASE | re.DOTALL)
