"""Audit 70 B F2: a pack test's ``expect`` names keys of the answer, and at least one.

A misspelt key (``expect: {eligble: null, excluded_totl: null, outcom: null}``) was compared
with a field the answer does not have (null), so the case passed, exit 0, checking nothing
(with a value, it failed with a diff of a made-up field, never an input error); ``expect: {}``
passed too. The loader (``casefile.read_test_file``) now refuses a key the question's answer
lacks (RP002 at the key, naming the key meant) and an ``expect`` naming none (RP003), for
every question a case can ask (``casefile.ANSWER_KEYS``, held to what the pack answers here).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.packtests import case_answers, discover_test_files, run_test_file
from inforce.ontology import InputErrors
from inforce.rules.casefile import ANSWER_KEYS, CASE_KINDS

PACK = """schema_version: 1
rules:
  - id: TST-E001
    slug: by-market
    kind: eligibility
    description: by market
    source: Policy §2
    facets: {market: membership}
"""
TESTS = """schema_version: 1
facets: [market]
documents:
  - {id: P1, kind: policy, effective: {from: 2024-01-01}, applies_to: {market: UK}}
cases:
  - name: a misspelt expectation checks nothing
    eligible: {context: {market: UK}, valid_at: 2024-06-01}
    expect: {eligble: null, excluded_totl: null, outcome: eligible}
  - name: an empty expectation checks nothing
    eligible: {context: {market: UK}, valid_at: 2024-06-01}
    expect: {}
"""


def _written(tmp_path: Path, tests: str = TESTS) -> Path:
    (tmp_path / "policy.yaml").write_text(PACK)
    (tmp_path / "policy.test.yaml").write_text(tests)
    return tmp_path / "policy.test.yaml"


def test_an_unknown_expect_key_is_an_input_error_at_the_key_naming_the_key_meant(tmp_path: Path):
    with pytest.raises(InputErrors) as raised:
        run_test_file(_written(tmp_path))
    said = [(p.line, p.col, p.code, p.message, p.hint) for p in raised.value.exceptions]  # type: ignore[union-attr]
    assert said[0][:3] == (8, 14, "RP002") and "'eligble'" in said[0][3] and said[0][4] == "did you mean 'eligible'?"
    assert said[1][:3] == (8, 29, "RP002") and said[1][4] == "did you mean 'excluded_total'?"
    assert said[2][:3] == (11, 5, "RP003") and "expect names nothing" in said[2][3]
    assert len(said) == 3  # outcome is a key of the answer


def test_the_command_refuses_the_file_with_exit_2(tmp_path: Path):
    result = CliRunner().invoke(app, ["rules", "test", str(_written(tmp_path))])
    assert result.exit_code == 2, result.output
    assert "RP002 cases.0.expect.eligble: unknown key 'eligble'" in result.stderr


def test_known_keys_still_pass(tmp_path: Path):
    tests = TESTS.split("  - name: an empty")[0].replace("eligble: null, excluded_totl: null, ", "")
    (case,) = run_test_file(_written(tmp_path, tests))
    assert case.passed


def test_the_answer_keys_are_what_each_question_answers(tmp_path: Path):
    """``ANSWER_KEYS`` against the answers the pack tests give: one case of each question,
    taken from the stock packs' own tests and the example's."""
    examples = Path(__file__).resolve().parents[2] / "examples" / "followup-handbooks" / "rules"
    seen: dict[str, set[str]] = {}
    for number, source in enumerate([*discover_test_files(None), examples / "followup.test.yaml"]):
        tree = yaml.safe_load(source.read_text())
        firsts: dict[str, dict] = {}
        for case in tree["cases"]:
            firsts.setdefault(next(kind for kind in CASE_KINDS if kind in case), case)
        if "corpus" in tree:
            tree["corpus"] = str((source.parent / tree["corpus"]).resolve())
        tree["pack"] = str(source.with_name(source.name.removesuffix(".test.yaml") + ".yaml"))
        tree["cases"] = list(firsts.values())
        short = tmp_path / f"t{number}.test.yaml"
        short.write_text(yaml.safe_dump(tree, sort_keys=False))
        from inforce.adapters.cli.rules_cmds import _load_corpus

        for case, _, actual in case_answers(short, load_corpus=_load_corpus)[1]:
            seen.setdefault(case.question, set()).update(actual)
    assert {kind: sorted(keys) for kind, keys in seen.items()} == {
        kind: sorted(keys) for kind, keys in ANSWER_KEYS.items()}


def test_a_nested_key_the_answer_lacks_fails_the_case_naming_it(tmp_path: Path):
    """Issue 23 (left over from audit 70 B F2): a misspelt key inside the answer
    (``applicability_date: {attribute: valid_at, vlaue: null}``) was projected as null, so a
    null expectation of it passed, checking nothing; it now fails, the diff naming the key and
    those the answer has."""
    tests = TESTS.split("  - name: an empty")[0].replace(
        "eligble: null, excluded_totl: null, outcome: eligible", "applicability_date: {attribute: valid_at, vlaue: null}")
    (case,) = run_test_file(_written(tmp_path, tests))
    assert not case.passed
    shown = case.actual["applicability_date"]
    assert shown["attribute"] == "valid_at"
    assert shown["vlaue"] == "(the answer has no key 'vlaue'; it has: attribute, value)"
    (case,) = run_test_file(_written(tmp_path, tests.replace("vlaue: null", "value: '2024-06-01'")))
    assert case.passed
