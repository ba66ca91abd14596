"""A figure's condition is stored with it and shown where the figure is (issue 22, part 3):
``facts`` (the front, the CLI's text and JSON) and a sweep finding's sides carry the terms the
figure is stated under, read with the words of the subject pack's ``conditions:`` section.
Every document here is written for the test."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project

DAY = dt.date(2026, 3, 1)
runner = CliRunner()

LABEL = """---
id: LBL-7
kind: label
revision: '0'
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
# Dosage

## 2.1 Dosing

The usual dose is 40 mg once daily; for adults the dose can be increased to 80 mg once daily.

## 2.2 Tablets

The dose is 20 mg once daily with food.
"""

#: a project's own subject pack, with a facet the stock pack does not have (a route)
OWN_PACK = """schema_version: 1
rules:
  - id: VET-V001
    slug: feed-dose
    kind: subject
    subject: feed.dose
    description: A dose of a feed additive.
    source: written for the test
    synonyms: [dose]
    unit: mg
conditions:
  - facet: route
    terms:
      in feed: ["in [the] feed", "mixed in feed"]
      in water: ["in [the] drinking water"]
"""

FEED = """---
id: VET-3
kind: label
revision: '0'
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
# Use

## 1 Dose

Give a dose of 15 mg in the feed; the dose is 12 mg in drinking water. The usual dose is 9 mg.
"""


def _project(root: Path, manifest: str, documents: dict[str, str], files: dict[str, str] | None = None) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(manifest, encoding="utf-8")
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for name, text in documents.items():
        (root / "documents" / name).write_text(text, encoding="utf-8")
    ingest_project(root)
    return root


@pytest.fixture(scope="module")
def label(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("label") / "p", "project: doses\nrules:\n  - stock: precedence/none\n",
                    {"lbl-7.md": LABEL})


@pytest.fixture(scope="module")
def feed(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("feed") / "p",
                    "project: feed\nrules:\n  - path: rules/feed.yaml\n  - stock: precedence/none\n",
                    {"vet-3.md": FEED}, {"rules/feed.yaml": OWN_PACK})


def _by_text(facts) -> dict[str, tuple[str, ...] | None]:
    return {fact.text: fact.condition for fact in facts.facts}


def test_facts_keep_the_condition_each_figure_is_stated_under(label: Path) -> None:
    with Project.open(label) as project:
        found = _by_text(project.facts("drug.dose", DAY))
    assert found == {"40 mg once daily": ("recommended",), "80 mg once daily": ("increased", "adult"),
                     "20 mg once daily": None}


def test_facts_json_has_a_condition_field_null_when_none(label: Path) -> None:
    result = runner.invoke(app, ["facts", str(label), "--valid-at", str(DAY), "--format", "json"])
    assert result.exit_code == 0, result.output
    facts = {fact["text"]: fact for fact in json.loads(result.stdout)["facts"]}
    assert facts["80 mg once daily"]["condition"] == ["increased", "adult"]
    assert facts["40 mg once daily"]["condition"] == ["recommended"]
    assert facts["20 mg once daily"]["condition"] is None


def test_facts_text_says_what_a_figure_holds_under(label: Path) -> None:
    result = runner.invoke(app, ["facts", str(label), "--valid-at", str(DAY)])
    assert result.exit_code == 0, result.output
    lines = {line.split("“")[1].split("”")[0]: line for line in result.stdout.splitlines() if "“" in line}
    assert lines["80 mg once daily"].endswith("under: increased, adult")
    assert "under:" not in lines["20 mg once daily"]


#: LABEL with a second usual dose and a second plain one: each pair conflicts under one condition
SWEPT = LABEL + """
## 2.3 Capsules

The usual dose is 60 mg once daily. The dose is 30 mg once daily with water.
"""


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("swept") / "p", "project: doses\nrules:\n  - stock: precedence/none\n",
                    {"lbl-7.md": SWEPT})


def test_a_sweep_finding_shows_each_sides_condition(swept: Path) -> None:
    with Project.open(swept) as project:
        report = project.sweep(DAY)
    pairs = {frozenset((side.quantity, side.condition) for side in finding.provisions) for finding in report.findings}
    assert frozenset({("40 mg once daily", ("recommended",)), ("60 mg once daily", ("recommended",))}) in pairs
    assert frozenset({("20 mg once daily", None), ("30 mg once daily", None)}) in pairs
    # a figure under a condition and one under none are the specific and the general: no finding
    assert not any({side.quantity for side in finding.provisions} == {"20 mg once daily", "40 mg once daily"}
                   for finding in report.findings)
    result = runner.invoke(app, ["sweep", str(swept), "--valid-at", str(DAY), "--format", "md"])
    assert "stated under: " in result.stdout


def test_a_projects_own_pack_states_its_own_condition_words(feed: Path) -> None:
    with Project.open(feed) as project:
        found = _by_text(project.facts("feed.dose", DAY))
    assert found["15 mg"] == ("in feed",)
    assert found["12 mg"] == ("in water",)
    # the pack's conditions replace the stock ones: 'usual' states nothing here
    assert found["9 mg"] is None


COVERS = """---
id: SPEC-9
kind: specification
revision: '0'
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
# Reinforcement

## 3.1 Cover

A. Walls exposed to weather, No. 7 bars and larger: concrete cover of 2 inches.

B. Walls exposed to weather, No. 4 bars and smaller: concrete cover of 1-1/2 inches.

C. Slabs exposed to weather, No. 7 bars and larger: concrete cover of 1-1/2 inches.

## 3.2 Prices

A. Alternate No. 1, a canopy over the loading dock, adds a price of $48,500.

B. The allowance for testing is a payment of $12,000.
"""


@pytest.fixture(scope="module")
def covers(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("covers") / "p", "project: covers\nrules:\n  - stock: precedence/none\n",
                    {"spec-9.md": COVERS})


def test_covers_for_two_ranges_of_bar_sizes_are_two_requirements_and_one_range_twice_is_one(covers: Path) -> None:
    """The stock pack's ``bars`` facet: cover for larger bars and cover for smaller bars are not
    one requirement stated twice; two covers for the same range that differ are a finding."""
    with Project.open(covers) as project:
        found = _by_text(project.facts("concrete.cover", DAY))
        report = project.sweep(DAY)
    assert found["2 inches"] == ("exposed to weather", "larger bars")
    pairs = [{side.locator.path for side in finding.provisions} for finding in report.findings
             if finding.kind == "quantity_conflict"]
    assert {"3.1.A", "3.1.C"} in pairs
    assert {"3.1.A", "3.1.B"} not in pairs


def test_amounts_of_money_are_each_their_own_and_never_compared_as_one_requirement(covers: Path) -> None:
    """``finance.amount`` is ``compared: false``: an alternate's price and an allowance differ
    without a conflict; each is still a fact of its subject."""
    with Project.open(covers) as project:
        amounts = project.facts("finance.amount", DAY).facts
        report = project.sweep(DAY)
    assert len(amounts) == 2
    assert not [finding for finding in report.findings if finding.subject == "finance.amount"]
