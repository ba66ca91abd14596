"""A replacement that is no longer in force is not reported as in force (corpus-format.md, As-of:
"successors: locators of the in-force replacements, transitively"; "amended_by: locators of
partial supersessions in force").

A lapsed replacement does not revive what it replaced either, as a lapsed revision does not
revive its predecessor: the target stays superseded, with no successor in force; a section
holding it shows a marker saying its replacement is no longer in force, never the old wording;
precedence refuses it as not in force instead of escalating with no text.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import NotFoundError

from corpus_writer import write_doc

runner = CliRunner()

D = dt.date.fromisoformat
IN_FORCE_DAY = D("2026-03-01")  # A2 (2026-02-01 .. 2026-04-01) is in force
LAPSED_DAY = D("2026-04-15")  # A2 has lapsed

SPEC_BODY = """\
2 PRODUCTS

2.1 MIXTURES

A. Compressive strength: not less than 4,000 psi.

B. Water-cementitious ratio: 0.45.

C. Slump: 4 inches.

D. Air content: 6 percent.

E. Aggregate: 3/4 inch maximum.
"""

A2_BODY = """\
1 CHANGES

1.1 Paragraph 2.1.B: add "or 0.40 for exposed concrete."

1.2 Paragraph 2.1.E: substitute "E. Aggregate: 1 inch maximum."
"""


@pytest.fixture(scope="module")
def lapsing(tmp_path_factory) -> Path:
    """S's 2.1.E replaced by A2#1.2 and 2.1.B amended by A2#1.1, A2 in force until 2026-04-01;
    document F wholly superseded by document G, G in force until 2026-04-01."""
    root = tmp_path_factory.mktemp("lapsing")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: x\n")
    write_doc(root, "S", "2026-01-01", SPEC_BODY)
    write_doc(root, "A2", "2026-02-01", A2_BODY, [
        {"target": "S#2.1.B", "scope": "partial", "effective": "2026-02-01", "by": "A2#1.1"},
        {"target": "S#2.1.E", "scope": "full", "effective": "2026-02-01", "by": "A2#1.2"},
    ], kind="addendum", until="2026-04-01")
    write_doc(root, "F", "2026-01-01", "1 GENERAL\n\n1.1 Old requirement.\n")
    write_doc(root, "G", "2026-02-01", "1 GENERAL\n\n1.1 New requirement.\n",
              [{"target": "F", "scope": "full", "effective": "2026-02-01"}], until="2026-04-01")
    ingest_project(root)
    return root


def asof(root: Path, locator: str, day: dt.date):
    with Project.open(root) as project:
        return project.asof(locator, day)


# ---- while the replacement is in force, nothing changes --------------------------------------


def test_while_in_force_the_replacement_is_the_successor(lapsing):
    answer = asof(lapsing, "S#2.1.E", IN_FORCE_DAY)
    assert answer.in_force is False and answer.reason == "superseded"
    assert [str(s) for s in answer.successors] == ["A2#1.2"]
    assert str(answer.resolved) == "A2@0#1.2" and "1 inch maximum" in answer.text
    section = asof(lapsing, "S#2.1", IN_FORCE_DAY)
    assert [str(a) for a in section.amended_by] == ["A2#1.1", "A2#1.2"]
    assert "[2.1.E replaced by A2@0#1.2] 1.2 Paragraph 2.1.E" in section.text


# ---- once it lapsed ----------------------------------------------------------------------------


def test_the_lapsed_replacement_itself_has_no_coverage(lapsing):
    answer = asof(lapsing, "A2#1.2", LAPSED_DAY)
    assert answer.in_force is False and answer.reason == "no_coverage_for_date"


def test_a_lapsed_replacement_is_no_successor_and_does_not_revive_the_target(lapsing):
    answer = asof(lapsing, "S#2.1.E", LAPSED_DAY)
    assert answer.in_force is False and answer.reason == "superseded"
    assert answer.successors == () and answer.resolved is None and answer.text is None
    assert answer.description is None
    assert "A2#1.2" in answer.detail and "no longer in force" in answer.detail
    # the chain still shows the edge walked
    edges = [(s.kind, str(s.locator), str(s.target)) for s in answer.chain if s.kind == "supersedes"]
    assert edges == [("supersedes", "A2#1.2", "S#2.1.E")]


def test_the_section_holding_it_names_no_lapsed_amender_and_marks_the_replacement(lapsing):
    answer = asof(lapsing, "S#2.1", LAPSED_DAY)
    assert answer.in_force is True and answer.amended_by == () and answer.description is None
    text = answer.text
    assert "[2.1.E replaced by A2@0#1.2, no longer in force]" in text
    assert "3/4 inch" not in text and "1 inch maximum" not in text  # neither old nor lapsed wording
    # a lapsed partial amendment is marked as such after the paragraph it amended
    assert "B. Water-cementitious ratio: 0.45. [2.1.B amended by A2@0#1.1, no longer in force]" in text
    assert "[2.1.E replaced by A2@0#1.2]" not in text
    # the edges still show in the chain
    assert [str(s.locator) for s in answer.chain if s.kind == "amends"] == ["A2#1.1", "A2#1.2"]


def test_the_whole_document_marks_the_lapsed_replacement_too(lapsing):
    answer = asof(lapsing, "S", LAPSED_DAY)
    assert answer.in_force is True and answer.amended_by == ()
    assert "[2.1.E replaced by A2@0#1.2, no longer in force]" in answer.text and "3/4 inch" not in answer.text


def test_a_document_superseded_by_one_that_lapsed_has_no_successor(lapsing):
    before = asof(lapsing, "F", IN_FORCE_DAY)
    assert [str(s) for s in before.successors] == ["G"]
    for locator in ("F", "F#1.1"):
        answer = asof(lapsing, locator, LAPSED_DAY)
        assert answer.in_force is False and answer.reason == "superseded", locator
        assert answer.successors == () and answer.resolved is None and answer.text is None
        assert "G is no longer in force" in answer.detail


def test_precedence_refuses_a_provision_whose_replacement_lapsed(lapsing):
    with Project.open(lapsing) as project:
        while_in_force = project.precedence("S#2.1.E", "S#2.1.A", IN_FORCE_DAY)
        assert while_in_force.resolution == "escalate" and "1 inch maximum" in while_in_force.rfi
        with pytest.raises(NotFoundError, match="no longer in force"):
            project.precedence("S#2.1.E", "S#2.1.A", LAPSED_DAY)
        with pytest.raises(NotFoundError, match="G is no longer in force"):
            project.precedence("F#1.1", "S#2.1.A", LAPSED_DAY)


def test_dedup_and_the_freshness_gate_name_no_lapsed_successor(lapsing):
    with Project.open(lapsing) as project:
        kept = project.snapshot.index.dedup_to_current(["S#2.1.E", "F#1.1"], IN_FORCE_DAY)
        assert {str(d.locator): [str(s) for s in d.successors] for d in kept.dropped} == {
            "S#2.1.E": ["A2#1.2"], "F#1.1": ["G"]}
        dropped = project.snapshot.index.dedup_to_current(["S#2.1.E", "F#1.1"], LAPSED_DAY).dropped
        assert [(str(d.locator), d.reason, d.successors) for d in dropped] == [
            ("S#2.1.E", "superseded", ()), ("F#1.1", "superseded", ())]
        gate = project.snapshot.index.freshness_gate(["S#2.1.E"], LAPSED_DAY)
    assert gate.outcome == "block"
    assert [(str(s.citation), s.reason, s.in_force) for s in gate.stale] == [("S#2.1.E", "superseded", ())]


def test_cli_asof_reports_no_successor_once_the_replacement_lapsed(lapsing):
    result = runner.invoke(app, ["asof", str(lapsing), "S#2.1.E", "--valid-at", "2026-04-15", "-f", "json"])
    assert result.exit_code == 1, result.output  # nothing in force answers for it: exit 1
    answer = json.loads(result.stdout)
    assert answer["in_force"] is False and answer["reason"] == "superseded"
    assert answer["successors"] == [] and answer["resolved"] is None and answer["text"] is None
    assert "A2#1.2" in answer["detail"] and "no longer in force" in answer["detail"]
    section = runner.invoke(app, ["asof", str(lapsing), "S#2.1", "--valid-at", "2026-04-15", "-f", "json"])
    assert section.exit_code == 0, section.output
    body = json.loads(section.stdout)
    assert body["amended_by"] == [] and "[2.1.E replaced by A2@0#1.2, no longer in force]" in body["text"]


# ---- a chain: the lapsed item was itself replaced by one still in force ------------------------


@pytest.mark.slow
def test_a_replacement_of_the_lapsed_item_still_in_force_is_the_successor(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: x\n")
    write_doc(tmp_path, "S", "2026-01-01", SPEC_BODY)
    write_doc(tmp_path, "A2", "2026-02-01", A2_BODY,
              [{"target": "S#2.1.E", "scope": "full", "effective": "2026-02-01", "by": "A2#1.2"}],
              kind="addendum", until="2026-04-01")
    write_doc(tmp_path, "A3", "2026-03-01",
              '1 CHANGES\n\n1.1 Addendum 2 item 1.2: substitute "E. Aggregate: 1-1/2 inch maximum."\n',
              [{"target": "A2#1.2", "scope": "full", "effective": "2026-03-01", "by": "A3#1.1"}], kind="addendum")
    ingest_project(tmp_path)
    answer = asof(tmp_path, "S#2.1.E", LAPSED_DAY)
    assert [str(s) for s in answer.successors] == ["A3#1.1"] and str(answer.resolved) == "A3@0#1.1"
    assert [str(s.locator) for s in answer.chain if s.kind == "supersedes"] == ["A2#1.2", "A3#1.1"]
    section = asof(tmp_path, "S#2.1", LAPSED_DAY)
    assert [str(a) for a in section.amended_by] == ["A3#1.1"]
    assert "[2.1.E replaced by A3@0#1.1] 1.1 Addendum 2 item 1.2" in section.text
