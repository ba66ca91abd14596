"""What the addenda tests share: the stock supersession pack's rules, compiled once per module."""

from __future__ import annotations

import pytest

from inforce.rules import RuleSet

from addenda_reading import addenda_rules


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return addenda_rules()
