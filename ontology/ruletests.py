"""What ``inforce rules test`` reports: each case a policy owner wrote beside a pack, passed or
not, with what it expected and what the pack answered.

These are results of ``inforce.engine.Project.test_rules`` (run by ``engine.packtests``); they
live here, with the other result types, so an adapter prints them without reaching into the
engine.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["CaseResult", "RuleCaseReport", "RuleTestReport"]


def _diff(expected: Any, actual: Any) -> str:
    """Expected against actual (actual cut down to what ``expect`` names), line by line."""
    before = json.dumps(expected, indent=2, sort_keys=True, default=str).splitlines()
    after = json.dumps(actual, indent=2, sort_keys=True, default=str).splitlines()
    return "\n".join(difflib.unified_diff(before, after, "expected", "actual", lineterm=""))


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome; ``actual`` is the pack's answer cut down to what ``expected`` names."""

    file: str
    name: str
    line: int | None
    passed: bool
    expected: Any
    actual: Any

    def diff(self) -> str:
        """Expected against actual (actual cut down to what ``expect`` names), line by line."""
        return _diff(self.expected, self.actual)


class RuleCaseReport(BaseModel):
    """One case of a rule test and its outcome, in the rule-test report's JSON form."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    line: int | None
    name: str
    passed: bool
    expected: Any
    actual: Any

    def diff(self) -> str:
        """Expected against actual (actual cut down to what ``expect`` names), line by line."""
        return _diff(self.expected, self.actual)


class RuleTestReport(BaseModel):
    """Every case of the test files found for a target."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    passed: int
    failed: int
    files: int
    cases: tuple[RuleCaseReport, ...]
