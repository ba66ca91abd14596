"""What a review decision may be, when it is known, and who may make it (issue 21, the audit's
H2, H3, H4, H10, M6, M7, M8, M11): a review is an edge like any other — the corpus checks
apply, it is known from the moment it was decided, it is made on the words the reviewer read,
and the access gate applies to what it chooses and what the readings show."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.reviews import graph_readings
from inforce.ontology import InputError, InputErrors
from tests.support.review_project import AFTER, write_review_project

MOMENT = dt.datetime(2027, 2, 10, 9, 30, tzinfo=dt.UTC)

#: a second addendum of the same day (two addenda may not replace each other in a circle) with
#: an item naming a paragraph the section does not have
ADDENDUM_5 = """\
---
id: ADD-05
kind: addendum
title: Addendum No. 5
issued: 2027-02-08
effective: {from: 2027-02-08}
recorded: 2027-02-08T16:00:00Z
---
ADDENDUM NO. 5

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 09 91 23, Paragraph 3.1.B: primer for nail heads to be zinc-rich.

1.2 Section 09 91 23, Paragraph 9.9.Z: Delete the paragraph.
"""

#: a section that takes effect after both addenda
LATER = """\
---
id: SPEC-099600
kind: specification
title: Section 09 96 00 High-Performance Coatings
issued: 2027-04-01
effective: {from: 2027-04-01}
recorded: 2027-04-01T08:00:00Z
---
SECTION 09 96 00 - HIGH-PERFORMANCE COATINGS

PART 2 - PRODUCTS

2.1 MATERIALS

A. Epoxy coating: two-component polyamide epoxy, two coats.
"""


def _project(root: Path, *, restricted: bool = False) -> Path:
    write_review_project(root)
    (root / "documents" / "add-05.md").write_text(ADDENDUM_5)
    (root / "documents" / "spec-099600.md").write_text(LATER)
    if restricted:  # the painting section is for engineers only
        spec = root / "documents" / "spec-099123.md"
        spec.write_text(spec.read_text().replace("kind: specification\n", "kind: specification\naccess: [engineers]\n"))
    return root


@pytest.fixture(scope="module")
def ingested(tmp_path_factory) -> Path:
    root = _project(tmp_path_factory.mktemp("decisions") / "p")
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def restricted(tmp_path_factory) -> Path:
    root = _project(tmp_path_factory.mktemp("restricted") / "p", restricted=True)
    Project.ingest(root)
    return root


def _copy(source: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(source, tmp_path / "p"))


def _refused(project: Project, *args: object, **kwargs: object) -> InputError:
    with pytest.raises(InputError) as refused:
        project.review(*args, **kwargs)  # type: ignore[arg-type]
    return refused.value


def _write(root: Path, entries: str) -> None:
    (root / "reviews.yaml").write_text("# by hand\n" + entries)


def _entry(item: str, target: str, *, decision: str = "accept", scope: str = "full") -> str:
    return (f"- item: {item}\n  target: {target}\n  scope: {scope}\n  decision: {decision}\n"
            "  by: M. Okafor\n  at: 2027-02-10T09:30:00Z\n")


# ---- H3: only an edge the corpus may hold is accepted --------------------------------------------


@pytest.mark.slow
def test_review_refuses_an_edge_the_corpus_cannot_hold(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        itself = _refused(project, "ADD-04#1.2", "accept", by="x", target="ADD-04#1.2", scope="full")
        assert itself.field == "target" and "itself" in str(itself)
        own = _refused(project, "ADD-04#1.2", "accept", by="x", target="ADD-04#1.3", scope="partial")
        assert own.field == "target" and "same document" in str(own)
        later = _refused(project, "ADD-04#1.2", "accept", by="x", target="SPEC-099600#2.1.A", scope="partial")
        assert later.field == "target" and "takes effect later (2027-04-01)" in str(later)
        spec = _refused(project, "SPEC-099123#2.1.A", "accept", by="x", target="SPEC-099600", scope="full")
        assert spec.field == "item" and "is an item of a specification; the supersession rules read items of" in str(spec)
        assert "addendum" in str(spec).split("read items of", 1)[1]
        project.review("ADD-05#1.1", "accept", by="x", target="ADD-04#1.1", scope="full", at=MOMENT)
    assert not (root / "reviews.yaml").read_text().count("ADD-04#1.2")  # nothing refused was written
    Project.ingest(root)
    with Project.open(root) as project:
        cycle = _refused(project, "ADD-04#1.2", "accept", by="x", target="ADD-05#1.1", scope="full")
    assert cycle.field == "target" and "cycle" in str(cycle)


@pytest.mark.slow
@pytest.mark.parametrize(("entries", "line", "words"), [
    (_entry("ADD-04#1.2", "ADD-04#1.2"), 2, "itself"),
    (_entry("ADD-04#1.2", "SPEC-099600"), 2, "takes effect later"),
    (_entry("ADD-05#1.1", "ADD-04#1.1") + _entry("ADD-04#1.2", "ADD-05#1.1"), None, "cycle"),
])
def test_an_entry_the_corpus_cannot_hold_fails_the_ingest_at_its_line(ingested, tmp_path, entries, line, words):
    root = _copy(ingested, tmp_path)
    _write(root, entries)
    with pytest.raises(InputErrors) as failed:
        Project.ingest(root)
    problems = [p for p in failed.value.exceptions if isinstance(p, InputError) and p.file == "reviews.yaml"]
    assert problems and words in str(problems[0])
    assert problems[0].line in ((line,) if line is not None else (2, 8))


# ---- H2: known from the moment it was decided ------------------------------------------------------


@pytest.mark.slow
def test_an_accepted_edge_is_known_from_the_review_not_from_the_addendum(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        project.review("ADD-04#1.2", "accept", by="M. Okafor", at=MOMENT)
    Project.ingest(root)
    with Project.open(root) as project:
        def amended(known_at: dt.datetime | None) -> list[str]:
            answer = project.asof("SPEC-099123#2.1.B", dt.date.fromisoformat(AFTER), known_at)
            return [str(locator) for locator in answer.amended_by]

        assert amended(MOMENT - dt.timedelta(hours=1)) == []  # the addendum was recorded; the decision was not
        assert amended(MOMENT + dt.timedelta(hours=1)) == ["ADD-04#1.2"]
        chain = project.asof("SPEC-099123#2.1.B", dt.date.fromisoformat(AFTER)).chain
        assert [step.recorded for step in chain if step.origin == "review"] == [MOMENT]


# ---- H10: a decision is made on the words the reviewer read ---------------------------------------


@pytest.mark.slow
def test_an_accepted_entry_whose_item_changed_is_stale_not_applied(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        recorded = project.review("ADD-04#1.2", "accept", by="M. Okafor", at=MOMENT)
    assert recorded.digest and f"digest: {recorded.digest}" in (root / "reviews.yaml").read_text().replace('"', "")
    addendum = root / "documents" / "add-04.md"
    addendum.write_text(addendum.read_text().replace(
        "corridor walls receive a scrubbable matte finish, not eggshell.", "no change; eggshell stays."))
    result = Project.ingest(root)
    (warning,) = [w for w in result.warnings if w.file == "reviews.yaml" and "in the future" not in w.message]
    assert warning.line == recorded.line and "words changed" in str(warning)
    with Project.open(root) as project:
        answer = project.asof("SPEC-099123#2.1.B", dt.date.fromisoformat(AFTER))
        readings = project.readings()
    assert answer.amended_by == ()
    assert [str(r.item) for r in readings.stale] == ["ADD-04#1.2"]


# ---- M6, M7: a review decides proposals; every entry names what exists ------------------------------


@pytest.mark.slow
def test_an_edge_a_rule_applied_is_not_decided_by_a_review(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        refused = _refused(project, "ADD-04#1.1", "reject", by="x", target="SPEC-099123#2.1.C")
    assert refused.field == "decision" and "applied by rule" in str(refused)
    assert not (root / "reviews.yaml").exists()
    _write(root, _entry("ADD-04#1.1", "SPEC-099123#2.1.C", decision="reject"))
    result = Project.ingest(root)
    (warning,) = [w for w in result.warnings if w.file == "reviews.yaml" and "in the future" not in w.message]
    assert warning.line == 2 and "applied by rule" in str(warning)


@pytest.mark.slow
def test_a_rejected_entry_naming_a_missing_target_fails_the_ingest_at_its_line(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    _write(root, _entry("ADD-04#1.3", "SPEC-999999", decision="reject"))
    with pytest.raises(InputErrors) as failed:
        Project.ingest(root)
    (problem,) = [p for p in failed.value.exceptions if isinstance(p, InputError) and p.file == "reviews.yaml"]
    assert (problem.line, problem.field) == (2, "reviews[0].target")


# ---- M11: read once per graph generation ------------------------------------------------------------


@pytest.mark.slow
def test_the_readings_are_computed_once_per_graph_generation(ingested):
    with Project.open(ingested) as project:
        snapshot = project.snapshot
        assert graph_readings(snapshot) is graph_readings(snapshot)


# ---- H4, H4b, M8: the access gate ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_reviewer_decides_only_what_they_may_read(restricted, tmp_path):
    root = _copy(restricted, tmp_path)
    with Project.open(root) as project:
        # its one target is the engineers' section: read as its readers share the corpus, the item
        # names nothing the project holds, so to an asker without the group it has no proposal,
        # as an item naming a section no document holds has none (engine.addenda.view)
        with pytest.raises(InputError, match="has no proposed edge") as refused:
            project.review("ADD-04#1.2", "accept", by="x", groups=())
        assert "2.1.B" not in str(refused.value) and "SPEC-099123" not in str(refused.value)
        assert not (root / "reviews.yaml").exists()
        recorded = project.review("ADD-04#1.2", "accept", by="x", groups=("engineers",))
        assert str(recorded.target) == "SPEC-099123#2.1.B"


@pytest.mark.slow
def test_a_reason_naming_a_hidden_document_is_withheld(restricted):
    with Project.open(restricted) as project:
        hidden = project.readings(groups=())
        shown = project.readings(groups=("engineers",))
    (missed,) = [n for n in shown.not_understood if str(n.item) == "ADD-05#1.2"]
    assert "SPEC-099123" in (missed.reason or "")
    (withheld,) = [n for n in hidden.not_understood if str(n.item) == "ADD-05#1.2"]
    # a document none of whose revisions they may read is one the project does not hold, to them:
    # the reason is the one an item naming a section no document holds is given, from the item's
    # own words, and nothing names the document (issue 23, twenty-seventh audit, AUDIT-S 05)
    assert withheld.reason == "names Section 09 91 23, which the project does not hold"
    assert "SPEC-099123" not in hidden.model_dump_json() and not hidden.proposed


@pytest.mark.slow
def test_ingest_lists_only_what_the_asker_may_read(restricted, tmp_path):
    root = _copy(restricted, tmp_path)
    (root / "documents" / "add-04.md").write_text((root / "documents" / "add-04.md").read_text() + "\n")
    result = Project.ingest(root, derived=True, groups=())
    assert result.proposed == [] and result.derived == []  # every target is the engineers' section
    # to them the project does not hold the section: its document is not named (AUDIT-S 05)
    assert result.readings is not None and "SPEC-099123" not in result.readings.model_dump_json()
    assert all("SPEC-099123" not in (n.reason or "") for n in result.not_understood)
    assert not any("SPEC-099123" in str(w) for w in result.warnings)
    summary = result.summary()
    assert summary.proposed == [] and summary.derived == []


def test_a_review_under_no_supersession_pack_says_no_pack_reads_items(tmp_path):
    """With no supersession pack in the manifest, a review says that no pack reads items — not
    that an addendum's item is not an addendum's (a message that contradicted itself)."""
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: nopack\nfacets: []\nrules: []\n")
    (tmp_path / "documents" / "spec.md").write_text(
        "---\nid: SPEC-1\nkind: specification\ntitle: S\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        "recorded: 2026-01-01T00:00:00Z\n---\n1 ONE\n\n1.1 Slump: 4 inches.\n")
    (tmp_path / "documents" / "add.md").write_text(
        "---\nid: ADD-1\nkind: addendum\ntitle: A\nissued: 2026-02-01\neffective: {from: 2026-02-01}\n"
        "recorded: 2026-02-01T00:00:00Z\n---\n1 CHANGES\n\n1.1 Section 1.1: change 4 inches to 5 inches.\n")
    Project.ingest(tmp_path)
    with Project.open(tmp_path) as project:
        refused = _refused(project, "ADD-1#1.1", "accept", by="x", target="SPEC-1#1.1", scope="partial")
    assert refused.field == "item"
    assert "the manifest lists no supersession rule pack" in str(refused) and "not of a document" not in str(refused)
