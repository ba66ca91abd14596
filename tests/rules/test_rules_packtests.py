"""`inforce rules test` machinery: cases beside a pack, pass/fail, and the diff of a failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.packtests import discover_test_files, run_test_file
from inforce.ontology import InputError, InputErrors, NotFoundError, RuleTestReport
from inforce.rules import stock_pack_names
from inforce.rules.loader import STOCK_ROOT

PACK = """schema_version: 1
rules:
  - id: TST-C001
    slug: follow-up
    kind: calculation
    description: Follow up 14 days after dispatch.
    source: Policy §4.1
    output: follow_up_date
    add: {days: 14, from: dispatch_date}
  - id: TST-E001
    slug: by-market
    kind: eligibility
    description: by market
    source: Policy §2
    facets: {market: membership}
    applicability_date: {attribute: dispatch_date}
"""

TESTS = """schema_version: 1
facets: [market]
documents:
  - {id: P1, kind: policy, effective: {from: 2024-01-01}, applies_to: {market: UK}}
cases:
  - name: the date is counted
    eligible: {context: {market: UK, dispatch_date: 2024-12-12}}
    expect:
      eligible: [P1]
      calculations: [{rule: TST-C001, result: "{result}"}]
"""


def write(tmp_path: Path, result: str) -> Path:
    (tmp_path / "policy.yaml").write_text(PACK)
    tests = tmp_path / "policy.test.yaml"
    tests.write_text(TESTS.replace("{result}", result))
    return tests


def test_a_passing_case(tmp_path):
    (case,) = run_test_file(write(tmp_path, "2024-12-26"))
    assert case.passed and case.name == "the date is counted" and case.line == 6


def test_a_failing_case_shows_expected_against_actual(tmp_path):
    (case,) = run_test_file(write(tmp_path, "2024-12-27"))
    assert not case.passed
    diff = case.diff()
    assert '-      "result": "2024-12-27",' in diff and '+      "result": "2024-12-26",' in diff


def test_only_the_keys_expect_names_are_compared(tmp_path):
    (case,) = run_test_file(write(tmp_path, "2024-12-26"))
    assert set(case.actual) == {"eligible", "calculations"}


def test_a_broken_test_file_is_an_input_error_at_its_line(tmp_path):
    tests = write(tmp_path, "2024-12-26")
    tests.write_text(tests.read_text().replace("eligible: {context", "elligible: {context"))
    with pytest.raises(InputErrors) as raised:
        run_test_file(tests)
    assert any(p.line == 7 for p in raised.value.exceptions)


def test_every_stock_pack_with_rules_to_test_has_tests_and_they_pass():
    files = discover_test_files(None)
    tested = {f.relative_to(STOCK_ROOT).as_posix().removesuffix(".test.yaml") for f in files}
    assert tested == set(stock_pack_names())
    results = [r for f in files for r in run_test_file(f)]
    assert len(results) >= 20
    assert [r.name for r in results if not r.passed] == []


def test_a_pack_without_tests_says_where_they_go(tmp_path):
    (tmp_path / "lonely.yaml").write_text(PACK)
    with pytest.raises(NotFoundError, match="lonely.test.yaml"):
        discover_test_files(tmp_path / "lonely.yaml")


def test_the_front_runs_pack_tests_without_a_project(tmp_path):
    """``Project.test_rules`` is how an adapter runs them: a typed report, each case with its diff."""
    write(tmp_path, "2024-12-27")
    report = Project.test_rules(tmp_path)
    assert isinstance(report, RuleTestReport)
    assert (report.passed, report.failed, report.files) == (0, 1, 1)
    (case,) = report.cases
    assert case.name == "the date is counted" and case.line == 6 and not case.passed
    assert case.diff() == run_test_file(tmp_path / "policy.test.yaml")[0].diff()
    assert '+      "result": "2024-12-26",' in case.diff()


def test_the_front_refuses_a_folder_without_pack_tests(tmp_path):
    with pytest.raises(InputError, match="no rule tests here"):
        Project.test_rules(tmp_path)


def test_a_corpus_folder_that_is_not_there_is_an_input_error_at_its_line(tmp_path):
    """Audit A6: ``corpus:`` naming a folder that does not exist (a typo) is an error at the
    test file's line naming the folder — never an empty corpus, against which a case expecting
    no eligible document would pass — for the tests, their coverage and the CLI (exit 2)."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app
    from inforce.adapters.cli.rules_cmds import _load_corpus

    tests = write(tmp_path, "2024-12-26")
    tests.write_text(tests.read_text().replace("facets: [market]\n", "facets: [market]\ncorpus: ../no-such-folder\n"))
    for coverage in (False, True):
        with pytest.raises(InputErrors) as raised:
            Project.test_rules(tmp_path, load_corpus=_load_corpus, coverage=coverage)
        (problem,) = raised.value.exceptions
        assert problem.line == 3 and problem.code == "RP003" and problem.field == "corpus"
        assert "../no-such-folder" in str(problem) and "does not exist" in str(problem)
    (tmp_path.parent / "no-such-folder").write_text("a file, not a folder\n")
    with pytest.raises(InputErrors) as raised:
        Project.test_rules(tmp_path, load_corpus=_load_corpus)
    assert "is not a folder" in str(raised.value.exceptions[0])
    ran = CliRunner().invoke(app, ["rules", "test", str(tmp_path / "policy.yaml")])
    assert ran.exit_code == 2 and "no-such-folder" in ran.output, ran.output
    (tmp_path.parent / "no-such-folder").unlink()
    (tmp_path.parent / "no-such-folder").mkdir()  # there (and empty): the case runs
    (case,) = Project.test_rules(tmp_path, load_corpus=_load_corpus).cases
    assert case.passed


@pytest.mark.parametrize(("written", "said"), [('""', "empty"), ("'  '", "blank")])
def test_an_empty_or_blank_corpus_is_an_input_error_at_its_line(tmp_path, written, said):
    """Audit 69 B L3: ``corpus: ""`` was read as the test file's own folder (every case then
    failing with nothing said of the corpus); the rule the CLI applies to a PATH refuses it."""
    from inforce.adapters.cli.rules_cmds import _load_corpus

    tests = write(tmp_path, "2024-12-26")
    tests.write_text(tests.read_text().replace("facets: [market]\n", f"facets: [market]\ncorpus: {written}\n"))
    with pytest.raises(InputErrors) as raised:
        Project.test_rules(tmp_path, load_corpus=_load_corpus)
    (problem,) = raised.value.exceptions
    assert problem.line == 3 and problem.code == "RP003" and f"{said}: name a folder or file" in str(problem)
