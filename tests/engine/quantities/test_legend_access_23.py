"""A restricted revision's abbreviation legend is not applied (issue 23, M): a legend extends
every document's vocabulary, so one read from a revision only some groups may read would bind
a public figure for an asker without those groups. Only a legend everyone may read is applied;
a restricted one is named in an ingest warning at its file, withheld from askers who may not
read it, and it leaves the build's configuration as it was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.store import GraphStore

ON = dt.date(2026, 5, 1)

# a public sheet whose cover figure is written in a shorthand no stock abbreviation spells out
PUBLIC_SHEET = """\
id: DWG-S-210
kind: drawing
sheet: S-210
title: Pile cap sections
effective: {from: 2026-02-09}
recorded: 2026-02-09T08:00:00Z
callouts:
  - id: callout-1
    text: "75 MM XKW. TO UNDERSIDE OF PILE CAPS"
"""

# the sheet that gives the legend; ``access`` is prefixed for the restricted case
LEGEND_SHEET = """\
id: DWG-G-020
kind: drawing
sheet: G-020
title: Legend sheet
effective: {from: 2026-02-09}
recorded: 2026-02-09T08:00:00Z
callouts:
  - id: callout-1
    text: "SEE SPECIFICATION"
"""

LEGEND = "abbreviations:\n  XKW.: clear\n"

# the same legend as a restricted Markdown document's table (a second file, public sheet unchanged)
NOTES = """\
---
id: GN-4
kind: specification
title: General notes
effective: {from: 2026-02-09}
recorded: 2026-02-09T08:00:00Z
access: [engineers]
---
# General notes

## ABBREVIATIONS

| ABBR. | MEANING |
|---|---|
| XKW. | CLEAR |
"""

# a public specification whose cover differs from the sheet's, so a bound sheet figure conflicts
SPEC = """\
---
id: SPEC-7
kind: specification
title: Concrete
effective: {from: 2026-02-09}
recorded: 2026-02-09T08:00:00Z
---
SECTION 03 20 00 - REINFORCING

3.2 PLACING

A. Concrete cover to reinforcement in pile caps: not less than 50 mm.
"""


def _project(root: Path, *, legend: bool, access: str | None) -> Path:
    documents = root / "documents"
    documents.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: legend-access\nfacets: []\nrules: []\n", encoding="utf-8")
    (documents / "S-210.drawing.yaml").write_text(PUBLIC_SHEET, encoding="utf-8")
    (documents / "spec.md").write_text(SPEC, encoding="utf-8")
    sheet = (f"access: [{access}]\n" if access else "") + LEGEND_SHEET + (LEGEND if legend else "")
    (documents / "G-020.drawing.yaml").write_text(sheet, encoding="utf-8")
    return root


def _answers(root: Path, groups: tuple[str, ...] = ()) -> tuple[list, int, list]:
    """A caller's facts (subject, locator, text), sweep finding count and finding kinds."""
    with Project.open(root) as project:
        facts = project.facts(None, ON, groups=groups)
        report = project.sweep(ON, groups=groups)
    stated = sorted((f.subject, str(f.locator), f.text) for f in facts.facts)
    return stated, len(report.findings), sorted(finding.kind for finding in report.findings)


def _configuration(root: Path) -> str:
    with GraphStore.open(root) as store:
        return store.configuration_id()


@pytest.mark.parametrize("form", ["abbreviations", "markdown table"])
def test_a_restricted_legend_does_not_shape_a_public_callers_answers(tmp_path, form):
    drawing = form == "abbreviations"
    with_legend = _project(tmp_path / "with", legend=drawing, access="engineers")
    if not drawing:
        (with_legend / "documents" / "notes.md").write_text(NOTES, encoding="utf-8")
    without = _project(tmp_path / "without", legend=False, access="engineers")
    if not drawing:  # the same restricted notes without the legend: both projects use the same groups, which the
        # build's configuration holds (the opening rule decides by them)
        (without / "documents" / "notes.md").write_text(NOTES.partition("## ABBREVIATIONS")[0], encoding="utf-8")
    warned = [w.file for w in ingest_project(with_legend).warnings if "legend is not applied" in w.message]
    assert warned == ["documents/G-020.drawing.yaml" if drawing else "documents/notes.md"]
    ingest_project(without)
    public = _answers(with_legend)
    assert public == _answers(without)
    assert not any(subject == "concrete.cover" and "S-210" in locator for subject, locator, _ in public[0])
    # nor does it for a caller holding the group: the legend is not applied at all
    assert _answers(with_legend, ("engineers",)) == _answers(without, ("engineers",))
    # and the build's configuration holds no hash of it
    assert _configuration(with_legend) == _configuration(without)


def test_a_public_legend_still_binds(tmp_path):
    public = _project(tmp_path / "public", legend=True, access=None)
    without = _project(tmp_path / "without", legend=False, access=None)
    result = ingest_project(public)
    assert not [w for w in result.warnings if "legend is not applied" in str(w)]
    ingest_project(without)
    facts, findings, kinds = _answers(public)
    assert ("concrete.cover", "DWG-S-210#callout-1", "75 MM") in facts, facts
    assert ("concrete.cover", "DWG-S-210#callout-1", "75 MM") not in _answers(without)[0]
    assert findings > _answers(without)[1] and "quantity_conflict" in kinds
    assert _configuration(public) != _configuration(without)  # a public legend is in the configuration


def test_the_restricted_legend_is_named_in_a_warning_withheld_from_who_may_not_read_it(tmp_path):
    root = _project(tmp_path / "p", legend=True, access="engineers")
    result = ingest_project(root)
    (warning,) = [w for w in result.warnings if "abbreviation legend is not applied" in w.message]
    assert warning.message.startswith("DWG-G-020: ") and "this document is restricted" in warning.message
    assert (warning.file, warning.field) == ("documents/G-020.drawing.yaml", "abbreviations")
    # a re-ingest with nothing changed still says so (the legend is still not applied)
    again = Project.ingest(root, groups=("engineers",))
    assert [w.file for w in again.warnings if "legend is not applied" in w.message] == ["documents/G-020.drawing.yaml"]
    # an asker without the group is told a warning is withheld, never which file or document
    outside = Project.ingest(root, groups=("others",))
    assert not [w for w in outside.warnings if "DWG-G-020" in str(w) or "G-020" in (w.file or "")]
    assert any("withheld (access)" in w.message for w in outside.warnings)
