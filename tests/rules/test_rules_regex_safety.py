"""A pack's raw ``regex:`` that can backtrack without end is refused at load (issue 23)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import yaml

from inforce.rules import read_pack
from inforce.rules.loader import STOCK_ROOT
from inforce.rules.patterns import (
    MAX_NESTED_SPLITS,
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


# ---- bounded nested repeats and long repeats in a row (issue 23, twenty-fifth audit) -------------
#: A line the patterns below cannot finish matching: no "!" in it.
FAILING = "a" * 100


def seconds_to_fail(regex: str) -> float:
    compiled = re.compile(regex, re.IGNORECASE | re.DOTALL)
    started = time.perf_counter()
    assert compiled.search(FAILING) is None
    return time.perf_counter() - started


@pytest.mark.parametrize("regex", [
    r"(?:\w{1,60}){1,60}!",  # the audit's: ingest of a one-line item never ended
    r"(?:\w{1,6}){1,6}!",  # just above the cut: 36 ways
    r"(?:\w{1,3})+!",  # a small inner bound is no help when the outer has none
    r"(?:\w{1,2}){1,13}!",
    r"(?:(?:\w{1,5}){1,5}){1,5}!",  # each level within the cut, their product not
    r"(?:\w{1,60}){2}!",  # one wide repetition in another, as (?:\w+){2} always was
])
def test_bounded_nested_repetition_over_the_cut_is_refused(regex):
    with pytest.raises(UnsafeRegexError, match="ways to split|unbounded repetition"):
        check_backtracking(regex, re.IGNORECASE | re.DOTALL)


@pytest.mark.parametrize("regex", [r"\w*\w*\w*!", r".*.*.*!", r"\w+\w+\w+\w+!", r"\s*\w*\s*\w*\s*\w*!",
                                   r"\w*(?:foo)?\w*\b\w*!", r".*a.*a.*!", r"\w*\w*\s*+\w*!", r"(?:\w*)\w*\w{0,99}!"])
def test_three_long_repetitions_in_a_row_reading_one_character_are_refused(regex):
    with pytest.raises(UnsafeRegexError, match="3 long repetitions in a row") as refusal:
        check_backtracking(regex, re.IGNORECASE | re.DOTALL)
    assert "degree 3" in str(refusal.value)


@pytest.mark.parametrize("regex", [
    r"(?:\w{0,5}){0,5}(?:\w{0,5}){0,5}(?:\w{0,5}){0,5}!",  # the 62nd audit's: each group at the cut
    r"(?:\w{1,5}){1,5}(?:\w{1,5}){1,5}(?:\w{1,5}){1,5}(?:\w{1,5}){1,5}!",
    r"(?:\w{1,4}){1,6}\s?(?:\w{1,4}){1,6}!",  # an optional space between is no help
    r"(?:\w{1,5}){1,5}\w{0,5}\w{0,5}\w{0,5}!",  # short repetitions beside a group multiply it too
    r"(?:\w{1,5}){1,5}(?:x|(?:\w{1,5}){1,5})!",
])
def test_bounded_groups_in_a_row_over_the_cut_together_are_refused(regex):
    """Each group within the cut, yet their ways to split a run of letters multiply: two groups of
    25 ways take seconds on a 100-letter line, as one group of 625 would."""
    with pytest.raises(UnsafeRegexError, match="bounded repetitions in a row can all read") as refusal:
        check_backtracking(regex, re.IGNORECASE | re.DOTALL)
    assert "more than 25" in str(refusal.value)


def test_two_groups_in_a_row_are_slow_as_their_product():
    """Why the ways of a row multiply: what the rule above refuses is slow, not only counted so."""
    assert seconds_to_fail(r"(?:\w{1,4}){1,4}(?:\w{1,4}){1,4}!") > 5 * seconds_to_fail(r"(?:\w{1,4}){1,4}!")


@pytest.mark.parametrize("regex", [
    r"(?:\w{1,5}){1,5}\s+(?:\w{1,5}){1,5}!",  # a space each must read: the groups share no run
    r"(?:\w{1,5}){1,5}+(?:\w{1,5}){1,5}!",  # the first gives back nothing
    r"(?:\d{1,5}){1,5}[a-z]{1,5}(?:\d{1,5}){1,5}!",  # letters between that the groups cannot read
    r"(?:\w{1,2}){1,2}(?:\w{1,3}){1,2}!",  # 4 times 6: within the cut
])
def test_bounded_groups_in_a_row_within_the_cut_pass_and_fail_fast(regex):
    check_backtracking(regex, re.IGNORECASE | re.DOTALL)
    assert seconds_to_fail(regex) < 0.25


@pytest.mark.parametrize("regex", [
    r"(?:\w{1,5}){1,5}!",  # at the cut: 25 ways
    r"(?:\w{1,2}){1,12}!", r"(?:\w{1,3}){1,8}!", r"(?:\w{1,8}){1,3}!",
    r"(?:\d{2}){1,60}!",  # what repeats has one length: one way to split
    r"(?:\w{1,60}){1,60}+!", r"(?>(?:\w{1,60}){1,60})!", r"(?:(?>\w{1,60})){1,60}!",  # possessive, atomic
    r".*foo.*!", r"\w*\s?\w*!",  # two in a row: quadratic at worst
    r"\w*\s+\w*\s+\w*!",  # a space each must read splits the words one way
    r"\w++\w*\w*!", r"(?>\w+)\w*\w*!", r"\w*\w*\w*+!",  # what reads the a's last gives none back
    r"\w{0,5}\w{0,5}\w{0,5}!",  # short repetitions
])
def test_allowed_forms_pass_and_fail_fast(regex):
    check_backtracking(regex, re.IGNORECASE | re.DOTALL)
    assert seconds_to_fail(regex) < 0.25


def test_the_cut_is_where_failing_gets_slow():
    """The measure behind MAX_NESTED_SPLITS: at the cut a failing line is read at once, one step
    past it in each direction already a good deal slower, and the audit's pattern never ends."""
    assert MAX_NESTED_SPLITS == 25
    at_cut = seconds_to_fail(r"(?:\w{1,5}){1,5}!")
    past = seconds_to_fail(r"(?:\w{1,7}){1,7}!")
    assert at_cut < 0.25 and past > 5 * at_cut


def test_the_refusal_names_the_part_of_the_pattern(tmp_path):
    problem = refused(tmp_path, r"(?P<ref>\d+) in (?:\w{1,60}){1,60}!")
    assert problem.line == 10 and problem.field == "rules.0.patterns.1.regex"
    assert "QQ-Q001" in str(problem) and r"(?:\w{1,60}){1,60}" in str(problem) and "more than 25" in str(problem)
    chain = refused(tmp_path, r"(?P<ref>\d+) in \w*\s*\w*\w*!")
    assert r"\w*\s*\w*\w*" in str(chain) and "'0'" in str(chain)


def test_rules_check_exits_non_zero_naming_the_line(tmp_path):
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    pack = tmp_path / "q.yaml"
    pack.write_text(QUALIFIER.replace("{regex}", "'(?P<ref>\\w+)(?:\\w{1,60}){1,60}!'"))
    result = CliRunner().invoke(app, ["rules", "check", str(pack)])
    assert result.exit_code == 2, result.output
    assert f"{pack}:10:" in result.stdout and "RP010" in result.stdout and "QQ-Q001" in result.stdout
    assert "(?:\\w{1,60}){1,60}" in result.stdout


def test_a_verb_phrase_is_built_once_per_process(monkeypatch) -> None:
    """Every addendum read asks for each of a pack's verb phrases again: built once, they are
    the same pattern; a phrase that cannot be one is refused each time it is asked for."""
    from inforce.rules import patterns

    built: list[str] = []
    real = patterns._verb_words
    monkeypatch.setattr(patterns, "_verb_words", lambda piece: built.append(piece) or real(piece))
    first = patterns.compile_verb("zzquxify ... the zzwibble")
    assert patterns.compile_verb("zzquxify ... the zzwibble") is first
    assert built == ["zzquxify", "the zzwibble"]
    assert first.search("They ZZQUXIFIED all of the zzwibble.")
    for _ in range(2):
        with pytest.raises(patterns.PatternError):
            patterns.compile_verb("zzquxify ...")
