"""Every bundled example ingests without a warning: a warning there is a defect of the example
or of a stock rule pack, never background noise a reader learns to skip."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PROJECTS = sorted(p.parent for p in EXAMPLES.glob("*/inforce.yaml"))


def test_every_example_is_checked():
    assert {p.name for p in PROJECTS} >= {"riverside-library", "sop-retention", "label-dosing", "followup-handbooks"}


@pytest.mark.parametrize("example", PROJECTS, ids=lambda p: p.name)
@pytest.mark.slow
def test_example_ingests_without_warnings(example, ingested_example):
    """On the run's one ingest of the example (conftest's ``ingested_example``: a copy without
    its ``.inforce/``, so ingested from scratch), the one every other test of it reads."""
    result = ingested_example.result(example.name)
    assert [str(w) for w in result.warnings] == []
    assert result.added, "the copy was ingested from scratch"
