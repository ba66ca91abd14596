"""``rules impact`` on subject bindings (issue 25's fourth source): a vocabulary change reads the
stored quantities again from their provisions' text under the old vocabulary and the new, and
lists each figure whose binding changes, with file:line, both outcomes and the entry behind
each. A small project of its own, ingested once into Kuzu with its own subject pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project

PACK = """\
schema_version: 1
title: Demo subjects
rules:
  - id: DEM-V001
    slug: concrete-strength
    kind: subject
    subject: concrete.compressive_strength
    description: Specified compressive strength of concrete; a stated figure is a minimum.
    source: Spec 03 30 00
    synonyms: ["compressive strength"]
    unit: psi
    bound: min
  - id: DEM-V002
    slug: slump
    kind: subject
    subject: concrete.slump
    description: The slump of fresh concrete.
    source: Spec 03 30 00
    synonyms: ["slump"]
    unit: inch
    bound: max
"""

SPEC = """\
---
id: SPEC-1
kind: specification
title: Cast-in-place concrete
revision: "A"
seq: 1
issued: 2026-01-05
effective: {from: 2026-01-05}
recorded: 2026-01-05T09:00:00Z
---
SPEC-1 CAST-IN-PLACE CONCRETE

2.1 The compressive strength of footings shall be 4000 psi at 28 days.

2.2 Slab concrete f'c shall be 5000 psi.

2.3 Slump at the point of placement shall not exceed 4 inches.
"""

RESTRICTED = """\
---
id: SPEC-2
kind: specification
title: Owner's concrete notes
revision: "A"
seq: 1
issued: 2026-01-05
effective: {from: 2026-01-05}
recorded: 2026-01-05T09:00:00Z
access: [owners]
---
SPEC-2 OWNER'S CONCRETE NOTES

1.1 Precast concrete f'c shall be 7000 psi.
"""

ADDED = 'synonyms: ["compressive strength"]'
REMOVED = 'synonyms: ["slump"]'


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("subjects") / "demo"
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text("project: subjects-demo\nfacets: []\nrules:\n  - path: rules/subjects.yaml\n")
    (root / "rules" / "subjects.yaml").write_text(PACK)
    (root / "documents" / "spec-1.md").write_text(SPEC)
    (root / "documents" / "spec-2.md").write_text(RESTRICTED)
    ingest_project(root)
    return root


def _impact(root: Path, text: str, tmp_path: Path, groups: tuple[str, ...] = ()):
    new = tmp_path / "subjects.yaml"
    new.write_text(text)
    with Project.open(root) as opened:
        return opened.impact(new, against=root / "rules" / "subjects.yaml", groups=groups)


def test_a_synonym_added_binds_a_figure_and_one_removed_unbinds_one(project, tmp_path):
    assert ADDED in PACK and REMOVED in PACK
    text = PACK.replace(ADDED, 'synonyms: ["compressive strength", "f\'c"]').replace(REMOVED, 'synonyms: ["slump test"]')
    report = _impact(project, text, tmp_path)
    assert report.changed
    source = next(s for s in report.sources if s.source == "subjects")
    # 2.1's two figures, 2.2 and 2.3; the restricted document's figure is neither read, listed nor
    # counted (the asker writes the vocabulary: audit 112a F1), the document named as withheld
    assert (source.decisions, source.changed, source.withheld) == (4, 2, 0)
    assert report.withheld == ("SPEC-2",)
    changes = {c.origin: c for c in report.changes if c.source == "subjects"}
    assert set(changes) == {"documents/spec-1.md:15", "documents/spec-1.md:17"}
    bound = changes["documents/spec-1.md:15"]
    assert bound.subject == "SPEC-1@A#2.2 '5000 psi'"
    assert (bound.before, bound.after) == ("unbound", "concrete.compressive_strength [DEM-V001: \"f'c\"]")
    assert [r.id for r in bound.rules] == ["DEM-V001"] and bound.rules[0].line == 4
    unbound = changes["documents/spec-1.md:17"]
    assert (unbound.before, unbound.after) == ("concrete.slump [DEM-V002: 'slump']", "unbound")
    assert [r.id for r in unbound.rules] == ["DEM-V002"]
    assert not any("SPEC-2" in c.subject or "7000" in c.subject or "spec-2" in c.origin for c in report.changes)
    # the policy owner holding the group sees the change whole
    owner = _impact(project, text, tmp_path, groups=("owners",))
    (whole,) = [c for c in owner.changes if c.source == "subjects" and c.subject.startswith("SPEC-2@")]
    assert whole.origin.startswith("documents/spec-2.md:") and "7000 psi" in whole.subject and not whole.withheld


def test_a_synonym_moved_to_another_subject_rebinds_the_figure(project, tmp_path):
    moved = PACK.replace(ADDED, 'synonyms: ["footings strength"]').replace(
        "  - id: DEM-V002", '  - id: DEM-V003\n    slug: footing-strength\n    kind: subject\n'
        '    subject: footing.compressive_strength\n    description: A footing\'s concrete strength.\n'
        '    source: Spec 03 30 00\n    synonyms: ["compressive strength"]\n    unit: psi\n    bound: min\n'
        '  - id: DEM-V002')
    report = _impact(project, moved, tmp_path)
    changes = [c for c in report.changes if c.source == "subjects"]
    assert [(c.origin, c.before, c.after) for c in changes] == [(
        "documents/spec-1.md:13", "concrete.compressive_strength [DEM-V001: 'compressive strength']",
        "footing.compressive_strength [DEM-V003: 'compressive strength']")]
    assert {r.id for r in changes[0].rules} == {"DEM-V001", "DEM-V003"}


def test_past_the_listed_number_the_changes_are_counted_by_outcome(project, tmp_path, monkeypatch):
    from inforce.engine import impact

    monkeypatch.setattr(impact, "_SUBJECTS_LISTED", 1)
    text = PACK.replace(ADDED, 'synonyms: ["compressive strength", "f\'c"]').replace(REMOVED, 'synonyms: ["slump test"]')
    report = _impact(project, text, tmp_path)
    source = next(s for s in report.sources if s.source == "subjects")
    assert source.changed == 2 and [c.origin for c in report.changes if c.source == "subjects"] == [
        "documents/spec-1.md:15"]
    # the restricted document's figure is not read, so not counted either (audit 112a F1)
    assert source.note == "1 more not listed: concrete.slump -> unbound: 1"
    assert source.withheld == 0
    # the owner's count holds it, by its outcome
    owner = next(s for s in _impact(project, text, tmp_path, groups=("owners",)).sources if s.source == "subjects")
    assert owner.changed == 3 and owner.note == "2 more not listed: concrete.slump -> unbound: 1; unbound -> concrete.compressive_strength: 1"


def test_an_unchanged_vocabulary_reads_nothing_again_and_exits_0(project, tmp_path):
    report = _impact(project, PACK.replace("title: Demo subjects", "title: Demo subjects  # a comment"), tmp_path)
    assert not report.changed and not report.rules_changed
    source = next(s for s in report.sources if s.source == "subjects")
    assert (source.decisions, source.changed) == (0, 0) and "not read again" in source.note


def test_the_subjects_source_renders_in_every_format(project, tmp_path):
    from inforce.adapters.report.impact import (
        render_impact_markdown,
        render_impact_sarif,
        render_impact_text,
    )

    text = PACK.replace(REMOVED, 'synonyms: ["slump test"]')
    report = _impact(project, text, tmp_path)
    lines = render_impact_text(report)
    # the restricted figure, unchanged, is no decision of an asker of no group (audit 73 A F2)
    assert "subjects: 1 of 4 decision(s) changed" in lines
    assert any(line.startswith("subjects documents/spec-1.md:17 SPEC-1@A#2.3") for line in lines)
    assert "| subjects | documents/spec-1.md:17 |" in render_impact_markdown(report)
    assert '"ruleId": "impact/subjects"' in render_impact_sarif(report)


def test_the_stock_vocabulary_a_project_reads_without_listing_it_can_be_changed(tmp_path):
    """A project that lists no subject pack reads the stock ``subjects/default``; an owner trying a
    change of it (a copy edited, carrying its rule ids) sees the figures it moves, and an unchanged
    copy exits 0."""
    from inforce.rules.loader import STOCK_ROOT

    root = tmp_path / "plain"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: plain\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-1.md").write_text(SPEC.replace("The compressive strength of footings", "Footings"))
    ingest_project(root)
    stock = (STOCK_ROOT / "subjects" / "default.yaml").read_text(encoding="utf-8")
    new = tmp_path / "vocabulary.yaml"

    def impact(text: str):
        new.write_text(text, encoding="utf-8")
        with Project.open(root) as opened:
            return opened.impact(new)  # the old pack: the stock one the project reads

    assert not impact(stock).changed
    slump = stock.index('slump')  # the stock slump entry's synonyms: emptied of the word the spec uses
    entry = stock.rindex("  - id:", 0, slump)
    start = stock.index("synonyms:", entry)
    end = stock.index("\n", start)
    edited = stock[:start] + 'synonyms: ["slump flow of self-consolidating mixes"]' + stock[end:]
    report = impact(edited)
    assert report.changed and report.pack == "subjects/default"
    (change,) = [c for c in report.changes if c.source == "subjects"]
    assert change.subject.startswith("SPEC-1@A#2.3") and change.after == "unbound"
