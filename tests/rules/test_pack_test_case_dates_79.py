"""Audit 79 B F1: a pack test case whose context the rules cannot work with (a date fourteen days
past 9999-12-31, NaN, 1e309) stopped ``rules test`` with the rules' words alone — no test file,
line or case — where a date YAML cannot read (0000-01-01) is named at its line. The case is named
at its file and line now."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "followup-handbooks"


def _case(date: str) -> str:
    return (f"  - name: dispatched {date}\n    eligible:\n      context: {{market: UK, product: refurbished, "
            f"dispatch_date: {date}, pilot: false}}\n      groups: [support-uk]\n"
            "    expect: {outcome: eligible, eligible: [P2]}\n")


@pytest.mark.parametrize(("date", "said"), [("9999-12-31", "past the last date there is"), (".nan", "not a date: nan"),
                                            ("1e309", "not a date: inf")])
def test_a_case_the_rules_cannot_work_with_is_named_at_its_line(tmp_path: Path, date: str, said: str) -> None:
    root = shutil.copytree(EXAMPLE, tmp_path / "p", ignore=shutil.ignore_patterns(".inforce"))
    tests = root / "rules" / "followup.test.yaml"
    tests.write_text("schema_version: 1\nfacets: [market, product]\ncorpus: ..\ncases:\n" + _case("2024-12-12")
                     + _case(date))
    done = CliRunner().invoke(app, ["rules", "test", str(root / "rules")])
    assert done.exit_code == 2, done.output
    assert "followup.test.yaml:10: cases[1].dispatch_date:" in done.output, done.output
    assert f"case 'dispatched {date}'" in done.output and said in done.output, done.output
