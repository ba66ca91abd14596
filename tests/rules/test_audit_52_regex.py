"""Audit 52: a repeated group whose choices overlap after ``re`` folds their shared beginning out
(``(a|aa)+`` is read ``(a(?:|a))+``) was accepted by the pack check, and ingest then backtracked
for minutes on a 60-character item. Refused now, like any repetition that can split one text
in exponentially many ways; choices that differ right away are not."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.rules.loader import STOCK_ROOT
from inforce.rules.patterns import UnsafeRegexError, check_backtracking

FLAGS = re.IGNORECASE | re.DOTALL


@pytest.mark.parametrize("regex", [
    r"(a|aa)+c",  # the audit's
    r"(\d|\d\d)+!",
    r"(?:x|xx)*!",
    r"(?:a?a)+c",  # the same overlap written with an optional part
    r"(?:(?:ab|abab)\s?)+!",  # the folded choice deeper in the group, wrapping round to the next turn
])
def test_overlapping_choices_under_a_repetition_are_refused(regex):
    with pytest.raises(UnsafeRegexError, match="can read the same text") as refusal:
        check_backtracking(regex, FLAGS)
    assert "can also follow" in str(refusal.value) or "two can begin" in str(refusal.value)


def test_the_refusal_shows_the_group_as_re_reads_it():
    with pytest.raises(UnsafeRegexError) as refusal:
        check_backtracking(r"(a|aa)+c")
    assert str(refusal.value).endswith(r"(a(?:|a))+")  # not "(a|a)+", which is another pattern


@pytest.mark.parametrize("regex", [
    r"(?:ab|cd)+!", r"(?:foo|bar)*!",  # the guard: choices that begin differently
    r"(?:ab|a)*c", r"(?:x|xy)*!", r"(?:ab?)+!", r"(?:\.\d\d?)+!",  # a part left out cannot be read by what follows
    r"(?>a|aa)+c", r"(?:a|aa)++c",  # atomic or possessive: nothing given back
])
def test_choices_that_cannot_share_a_text_pass_and_fail_fast(regex):
    check_backtracking(regex, FLAGS)
    started = time.process_time()
    assert re.search(regex, "a" * 60 + "b" * 30 + "." * 10, FLAGS) is None
    assert time.process_time() - started < 0.25


def test_rules_check_refuses_the_audits_pack(tmp_path: Path):
    text = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text()
    old = "      - regex: '\\b\\d{2} \\d{2} \\d{2}\\b'"
    assert old in text
    pack = tmp_path / "s.yaml"
    pack.write_text(text.replace(old, "      - regex: '(a|aa)+c'\n" + old, 1))
    line = pack.read_text().splitlines().index("      - regex: '(a|aa)+c'") + 1
    result = CliRunner().invoke(app, ["rules", "check", str(pack)])
    assert result.exit_code == 2, result.output
    assert f"{pack}:{line}:" in result.stdout and "RP010" in result.stdout
    assert "(a(?:|a))+" in result.stdout and "can read the same text" in result.stdout
