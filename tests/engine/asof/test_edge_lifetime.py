"""How long a supersedes edge applies (issue 23, AUDIT-B 2-4): an edge belongs to the revision
that declared it, and bears on the version of its target it was made against. ``asof``,
``history``, ``facts`` and ``check`` give one answer, from ``AsOfIndex.pinned_applies``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.asof import AsOfIndex
from inforce.ontology import Answer, Revision, Supersedes

from corpus_writer import write_doc

D = dt.date.fromisoformat


def rev(doc, label, eff, seq=1, changed=None):
    return Revision(document=doc, label=label, seq=seq, effective={"from": eff},
                    recorded=f"{eff}T09:00:00Z", changed=changed)


def edge(source, target, effective, by, scope="full"):
    return Supersedes(source=source, target=target, scope=scope, effective=effective, by=by)


SPEC_PATHS = ["2", "2.1", "2.1.A", "2.1.B", "2.2", "2.2.A"]


def reissued_addendum(*, declared_again: bool) -> AsOfIndex:
    """ADD-05 rev 0 replaces SPEC#2.1.A by its item 1.1; rev 1 reissues the addendum with item
    1.1 about curing (2.2.A), declaring the 2.1.A edge again or not."""
    edges = [edge("ADD-05@0", "SPEC#2.1.A", "2026-04-10", "ADD-05#1.1"),
             edge("ADD-05@1", "SPEC#2.2.A", "2026-04-20", "ADD-05#1.1")]
    if declared_again:
        edges.append(edge("ADD-05@1", "SPEC#2.1.A", "2026-04-10", "ADD-05#1.2"))
    return AsOfIndex(
        [rev("SPEC", "0", "2026-03-02"), rev("ADD-05", "0", "2026-04-10"),
         rev("ADD-05", "1", "2026-04-20", seq=2, changed=["1"])],
        edges,
        {"SPEC@0": SPEC_PATHS, "ADD-05@0": ["1", "1.1"], "ADD-05@1": ["1", "1.1", "1.2"]},
    )


def test_an_edge_ends_when_the_revision_declaring_it_is_replaced():
    index = reissued_addendum(declared_again=False)
    during = index.answer("SPEC#2.1.A", D("2026-04-15"))
    assert during.reason == "superseded" and str(during.resolved) == "ADD-05@0#1.1"
    after = index.answer("SPEC#2.1.A", D("2026-05-01"))
    # never the reissued item's words (curing) as the compressive-strength paragraph
    assert after.in_force and str(after.resolved) == "SPEC@0#2.1.A"
    assert index.version("SPEC", "2.1.A", D("2026-05-01")) == "SPEC@0#2.1.A"
    assert index.answer("SPEC#2.2.A", D("2026-05-01")).reason == "superseded"
    # known only as of before the reissue was recorded: rev 0's edge still applies
    assert index.answer("SPEC#2.1.A", D("2026-05-01"), "2026-04-19").reason == "superseded"
    found = index.history("SPEC#2.1.A")
    declared = next(v for v in found.versions if v.kind == "superseded")
    assert (declared.applied_until, declared.stopped, str(declared.stopped_by)) == (
        D("2026-04-20"), "changed", "ADD-05@1")


def test_a_reissue_that_declares_the_change_again_carries_it_with_its_own_words():
    index = reissued_addendum(declared_again=True)
    after = index.answer("SPEC#2.1.A", D("2026-05-01"))
    assert after.reason == "superseded" and str(after.resolved) == "ADD-05@1#1.2"
    assert [str(s) for s in after.successors] == ["ADD-05#1.2"]


def spec_reissued_after_addendum(changed=("2.1.A",), spec_day="2026-05-01") -> AsOfIndex:
    """ADD-05 (2026-04-10) replaces SPEC#2.1.A; SPEC rev 1 then changes 2.1.A (or not)."""
    return AsOfIndex(
        [rev("SPEC", "0", "2026-03-02"), rev("SPEC", "1", spec_day, seq=2, changed=list(changed)),
         rev("ADD-05", "0", "2026-04-10")],
        [edge("ADD-05@0", "SPEC#2.1.A", "2026-04-10", "ADD-05#1.1")],
        {"SPEC@0": SPEC_PATHS, "SPEC@1": SPEC_PATHS, "ADD-05@0": ["1", "1.1"]},
    )


def test_a_later_revision_of_the_target_that_changed_it_governs_from_its_date():
    index = spec_reissued_after_addendum()
    assert index.answer("SPEC#2.1.A", D("2026-04-20")).reason == "superseded"
    later = index.answer("SPEC#2.1.A", D("2026-06-01"))
    assert later.in_force and str(later.resolved) == "SPEC@1#2.1.A"
    assert index.answer("SPEC@0#2.1.A", D("2026-06-01")).reason == "stale_revision"
    found = {str(v.locator): v for v in index.history("SPEC#2.1.A").versions}
    assert found["SPEC@1#2.1.A"].stopped is None  # history agrees: it still applies
    assert (found["SPEC@0#2.1.A"].applied_until, found["SPEC@0#2.1.A"].stopped) == (D("2026-04-10"), "superseded")
    assert (found["ADD-05#1.1"].applied_until, str(found["ADD-05#1.1"].stopped_by)) == (
        D("2026-05-01"), "SPEC@1#2.1.A")


def test_a_later_revision_that_left_the_target_alone_does_not_end_the_edge():
    index = spec_reissued_after_addendum(changed=("2.2.A",))
    assert index.answer("SPEC#2.1.A", D("2026-06-01")).reason == "superseded"
    # a revision the addendum was made against (in force on its day) is not a reissue after it
    same_day = spec_reissued_after_addendum(spec_day="2026-04-10")
    assert same_day.answer("SPEC#2.1.A", D("2026-06-01")).reason == "superseded"


def test_history_stops_a_version_replaced_on_the_day_it_took_effect():
    index = AsOfIndex(
        [rev("A", "0", "2026-01-01"), rev("B", "0", "2026-01-01")],
        [edge("B@0", "A#1", "2026-01-01", "B#1")],
        {"A@0": ["1"], "B@0": ["1"]},
    )
    assert index.answer("A#1", D("2026-06-01")).reason == "superseded"
    version = next(v for v in index.history("A#1").versions if str(v.locator) == "A@0#1")
    assert (version.applied_until, version.stopped, str(version.stopped_by)) == (D("2026-01-01"), "superseded", "B#1")


SPEC_BODY = """SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Compressive strength at 28 days: not less than {figure} psi.

B. Slump: not more than 4 inches.
"""


@pytest.fixture(scope="module")
def reissued_spec(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project of AUDIT-B finding 3: the spec's rev 1 (8,000 psi) after an addendum (6,000)."""
    root = tmp_path_factory.mktemp("edge-lifetime")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: edge-lifetime\nfacets: []\nrules: []\n")
    for label, seq, day, figure in (("0", 1, "2026-03-02", "4,000"), ("1", 2, "2026-05-01", "8,000")):
        changed = 'changed: ["2.1.A"]\n' if label == "1" else ""
        (root / "documents" / f"spec{label}.md").write_text(
            f"---\nid: SPEC-033000\nkind: specification\ntitle: Section 03 30 00\nrevision: \"{label}\"\n"
            f"seq: {seq}\n{changed}issued: {day}\neffective: {{from: {day}}}\nrecorded: {day}T09:00:00Z\n---\n"
            + SPEC_BODY.format(figure=figure))
    (root / "documents" / "add.md").write_text(
        "---\nid: ADD-05\nkind: addendum\ntitle: Addendum No. 5\nissued: 2026-04-10\n"
        "effective: {from: 2026-04-10}\nrecorded: 2026-04-10T12:00:00Z\nsupersedes:\n"
        "  - target: SPEC-033000#2.1.A\n    scope: full\n    effective: 2026-04-10\n    by: ADD-05#1.1\n---\n"
        "ADDENDUM NO. 5\n\n1 CHANGES TO THE SPECIFICATIONS\n\n1.1 Section 03 30 00, Paragraph 2.1.A: Delete the "
        'paragraph and substitute: "Compressive strength at 28 days: not less than 6,000 psi."\n')
    Project.ingest(root)
    return root


def test_asof_history_facts_and_check_agree_on_the_later_revision(reissued_spec: Path):
    day = D("2026-06-01")
    with Project.open(reissued_spec) as project:
        answer = project.asof("SPEC-033000#2.1.A", day)
        assert answer.in_force and str(answer.resolved) == "SPEC-033000@1#2.1.A"  # type: ignore[union-attr]
        versions = {str(v.locator): v for v in project.history("SPEC-033000#2.1.A").versions}  # type: ignore[union-attr]
        assert versions["SPEC-033000@1#2.1.A"].stopped is None
        strength = [f for f in project.facts("concrete.compressive_strength", day).facts]
        spec = [f for f in strength if f.resolved.doc == "SPEC-033000"]
        assert [str(f.resolved) for f in spec] == ["SPEC-033000@1#2.1.A"]
        assert all(not f.replaces for f in strength)  # the addendum item replaces nothing now
        claim = {"text": "Concrete reaches not less than 8,000 psi at 28 days.",
                 "citations": [{"locator": "SPEC-033000#2.1.A", "quote": "not less than 8,000 psi"}]}
        verdict = project.check(Answer.model_validate({
            "question": "What strength?", "context": {"valid_at": "2026-06-01", "known_at": None, "groups": []},
            "claims": [claim]}))
        assert [c.status for c in verdict.claims] == ["ok"]
        before = project.facts("concrete.compressive_strength", D("2026-04-20")).facts
        assert [(str(f.resolved), [str(r) for r in f.replaces]) for f in before] == [
            ("ADD-05@0#1.1", ["SPEC-033000#2.1.A"])]


def test_a_replacement_not_in_force_yet_is_not_told_as_no_longer_in_force(tmp_path: Path):
    root = tmp_path
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: pending\nfacets: []\nrules: []\n")
    write_doc(root, "A", "2026-01-01", "1 FEES\n\n1.1 The fee is 10 dollars.\n\n1.2 Paid yearly.\n")
    # issued 2026-02-01, its edge effective then, the addendum itself in force a month later
    (root / "documents" / "add-b.md").write_text(
        "---\nid: ADD-B\nkind: addendum\ntitle: B\nissued: 2026-02-01\neffective: {from: 2026-03-01}\n"
        "recorded: 2026-02-01T00:00:00Z\nsupersedes:\n  - target: A#1.1\n    scope: full\n"
        "    effective: 2026-02-01\n    by: ADD-B#1.1\n---\n1 FEES\n\n1.1 The fee is 20 dollars.\n")
    Project.ingest(root)
    with Project.open(root) as project:
        early = project.asof("A#1.1", D("2026-02-15"))
        assert early.reason == "superseded"  # type: ignore[union-attr]
        assert early.detail.endswith("its replacement ADD-B#1.1 is not yet in force")  # type: ignore[union-attr]
        section = project.asof("A#1", D("2026-02-15"))
        assert "[1.1 replaced by ADD-B@0#1.1, not yet in force]" in section.text  # type: ignore[union-attr]
        assert "no longer" not in section.text  # type: ignore[union-attr]
        assert str(project.asof("A#1.1", D("2026-03-01")).resolved) == "ADD-B@0#1.1"  # type: ignore[union-attr]


def test_an_edge_ended_by_a_revision_the_asker_may_not_read_does_not_date_it():
    from inforce.engine.redaction import redact_history

    found = spec_reissued_after_addendum().history("SPEC#2.1.A")
    shown = redact_history(found, lambda locator: locator.rev != "1")
    edge_entry = next(v for v in shown.versions if v.kind == "superseded")
    assert (edge_entry.applied_until, edge_entry.stopped, str(edge_entry.stopped_by)) == (None, "withheld", "SPEC")
    assert "SPEC" in shown.withheld
