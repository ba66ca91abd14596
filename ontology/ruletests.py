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
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["CaseResult", "CoverageItem", "PackCoverage", "RuleCaseReport", "RuleTestReport"]


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


class CoverageItem(BaseModel):
    """One part of a pack (a rule, a branch of it, a pattern, a table row) and whether a test
    case reached it: ``by`` names up to three of the cases that did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    kind: Literal["rule", "branch", "pattern", "row"]
    item: str
    line: int | None
    covered: bool
    by: tuple[str, ...] = ()


class PackCoverage(BaseModel):
    """How much of one pack its tests reach (``inforce rules test --coverage``); ``required`` is
    the pack's ``coverage:`` (or ``--fail-under``), ``passed`` whether ``percent`` reaches it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pack: str
    covered: int
    total: int
    percent: float
    required: int | None
    passed: bool
    items: tuple[CoverageItem, ...]

    @property
    def missed(self) -> tuple[CoverageItem, ...]:
        return tuple(item for item in self.items if not item.covered)


class RuleTestReport(BaseModel):
    """Every case of the test files found for a target; with ``--coverage``, what of each pack
    its tests reached."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    passed: int
    failed: int
    files: int
    cases: tuple[RuleCaseReport, ...]
    coverage: tuple[PackCoverage, ...] = ()
