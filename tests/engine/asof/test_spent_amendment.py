"""An amending item whose change a later revision of its target overrode is spent (issue 23):
not in force from the reissue's date, in every answer (``AsOfIndex.spent``, the one rule).

The project is the riverside example with Section 03 30 00 reissued on 2026-06-01 as revision 1,
its §2.1.A at 4,500 psi: Addendum 2 item 1.3 had replaced that paragraph (5,000 psi) on
2026-04-10. On 2026-05-01 the 5,000 governs; on 2026-07-01 the reissue's 4,500 does."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.engine.asof import AsOfIndex
from inforce.engine.eligibility import EligibilityIndex, EligibilityRecord
from inforce.ontology import Answer, Context, Revision, Supersedes
from inforce.rules import RuleSet

D = dt.date.fromisoformat
BEFORE, AFTER = D("2026-05-01"), D("2026-07-01")
ITEM, PARAGRAPH = "ADD-02#1.3", "SPEC-033000#2.1.A"


def _reissue(text: str) -> str:
    """Revision 1 of Section 03 30 00: the same document, dated 2026-06-01, §2.1.A at 4,500 psi."""
    for old, new in ((r'^revision: "0"', 'revision: "1"'), (r"^seq: 1", "seq: 2"),
                     (r"^issued: 2026-03-02", "issued: 2026-06-01"),
                     (r"effective: \{from: 2026-03-02\}", "effective: {from: 2026-06-01}"),
                     (r"recorded: 2026-03-02T09:00:00Z", "recorded: 2026-06-01T09:00:00Z"),
                     (r"not less than 4,000 psi", "not less than 4,500 psi")):
        text, count = re.subn(old, new, text, flags=re.MULTILINE)
        assert count, old  # the example changed: the reissue would not be what this test says
    return text


@pytest.fixture(scope="module")
def reissued(ingested_example, tmp_path_factory: pytest.TempPathFactory) -> Path:  # type: ignore[no-untyped-def]
    root = ingested_example.copy("riverside-library", tmp_path_factory.mktemp("spent") / "riverside")
    documents = root / "documents"
    (documents / "spec-033000-rev1.md").write_text(_reissue((documents / "spec-033000.md").read_text()))
    Project.ingest(root)
    return root


def _claim(day: dt.date) -> Answer:
    return Answer.model_validate({
        "question": "What concrete strength do the footings need?",
        "context": {"valid_at": day.isoformat(), "known_at": None, "groups": []},
        "claims": [{"text": "Cast-in-place concrete must reach 5,000 psi at 28 days.",
                    "citations": [{"locator": ITEM, "quote": "not less than 5,000 psi"}]}],
    })


def _strength(project: Project, day: dt.date, known_at: str | None = None) -> dict[str, tuple[str, ...]]:
    found = project.facts("concrete.compressive_strength", day, known_at)
    return {str(f.resolved): tuple(str(r) for r in f.replaces) for f in found.facts  # type: ignore[union-attr]
            if f.resolved.doc in ("ADD-02", "SPEC-033000")}


def test_facts_drop_the_item_from_the_reissue_date(reissued: Path):
    with Project.open(reissued) as project:
        assert _strength(project, BEFORE) == {"ADD-02@0#1.3": (PARAGRAPH,)}
        assert _strength(project, AFTER) == {"SPEC-033000@1#2.1.A": ()}
        # asked with known_at (worked out day by day, not from the fact tables): the same rule
        assert _strength(project, AFTER, "2026-12-01T00:00:00Z") == {"SPEC-033000@1#2.1.A": ()}
        # before the reissue was recorded, the item's 5,000 still governs on 2026-07-01
        assert _strength(project, AFTER, "2026-05-15T00:00:00Z") == {"ADD-02@0#1.3": (PARAGRAPH,)}


def test_asof_and_history_say_the_item_is_no_longer_in_force(reissued: Path):
    with Project.open(reissued) as project:
        before = project.asof(ITEM, BEFORE)
        assert before.in_force and str(before.resolved) == "ADD-02@0#1.3"  # type: ignore[union-attr]
        after = project.asof(ITEM, AFTER)
        assert (after.in_force, after.reason) == (False, "superseded")  # type: ignore[union-attr]
        assert str(after.resolved) == "SPEC-033000@1#2.1.A"  # type: ignore[union-attr]
        assert [str(s) for s in after.successors] == [PARAGRAPH]  # type: ignore[union-attr]
        assert "4,500 psi" in after.text  # type: ignore[union-attr,operator]
        assert "SPEC-033000@1 reissued SPEC-033000#2.1.A" in after.detail  # type: ignore[union-attr,operator]
        # the paragraph itself: the reissue, as before this change
        assert str(project.asof(PARAGRAPH, AFTER).resolved) == "SPEC-033000@1#2.1.A"  # type: ignore[union-attr]
        dropped = project.dedup_to_current([ITEM, PARAGRAPH], AFTER)
        assert [str(k) for k in dropped.kept] == [PARAGRAPH]
        assert [(str(d.locator), d.reason, [str(s) for s in d.successors]) for d in dropped.dropped] == [
            (ITEM, "superseded", [PARAGRAPH])]
        version = next(v for v in project.history(ITEM).versions if str(v.locator) == "ADD-02@0#1.3")  # type: ignore[union-attr]
        assert (version.applied_until, str(version.stopped_by)) == (D("2026-06-01"), "SPEC-033000@1#2.1.A")


def test_check_fails_a_citation_of_the_spent_item(reissued: Path):
    with Project.open(reissued) as project:
        assert [c.status for c in project.check(_claim(BEFORE)).claims] == ["ok"]
        claim = project.check(_claim(AFTER)).claims[0]
        assert claim.status == "stale_revision"
        assert str(claim.in_force) == "SPEC-033000@1#2.1.A"
        assert "SPEC-033000@1#2.1.A" in claim.detail


def test_the_sweep_compares_the_reissue_not_the_item(reissued: Path):
    def sides(day: dt.date) -> set[str]:
        found = project.sweep(valid_at=day)
        return {str(p.resolved) for f in found.findings if f.kind == "quantity_conflict" for p in f.provisions}

    with Project.open(reissued) as project:
        assert "ADD-02@0#1.3" in sides(BEFORE)
        after = sides(AFTER)
        assert not any(s.startswith("ADD-02") for s in after)
        assert "SPEC-033000@1#2.1.A" in after


def test_the_cli_answers_as_of_with_the_reissue(reissued: Path):
    result = CliRunner().invoke(app, ["asof", str(reissued), ITEM, "--valid-at", AFTER.isoformat(), "--format", "json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert (answer["in_force"], answer["reason"], answer["resolved"]) == (False, "superseded", "SPEC-033000@1#2.1.A")


# ---- the rule itself, on a small index ----------------------------------------------------------


def rev(doc, label, eff, seq=1, changed=None):
    return Revision(document=doc, label=label, seq=seq, effective={"from": eff},
                    recorded=f"{eff}T09:00:00Z", changed=changed)


def edge(source, target, effective, by, scope="full"):
    return Supersedes(source=source, target=target, scope=scope, effective=effective, by=by)


def _two_targets(*, both_reissued: bool) -> AsOfIndex:
    """ADD item 1.1 changes A#1 and B#1; A is reissued (changing 1) on 2026-06-01, B too or not."""
    revisions = [rev("A", "0", "2026-01-01"), rev("A", "1", "2026-06-01", seq=2, changed=["1"]),
                 rev("B", "0", "2026-01-01"), rev("ADD", "0", "2026-03-01")]
    paths = {"A@0": ["1"], "A@1": ["1"], "B@0": ["1"], "ADD@0": ["1", "1.1", "1.1.a"]}
    if both_reissued:
        revisions.append(rev("B", "1", "2026-06-15", seq=2, changed=["1"]))
        paths["B@1"] = ["1"]
    edges = [edge("ADD@0", "A#1", "2026-03-01", "ADD#1.1", scope="partial"),
             edge("ADD@0", "B#1", "2026-03-01", "ADD#1.1", scope="partial")]
    return AsOfIndex(revisions, edges, paths)


def test_an_item_stays_in_force_while_one_of_its_edges_applies():
    index = _two_targets(both_reissued=False)
    assert index.answer("ADD#1.1", D("2026-07-01")).in_force
    assert index.version("ADD", "1.1", D("2026-07-01")) == "ADD@0#1.1"
    both = _two_targets(both_reissued=True)
    assert both.answer("ADD#1.1", D("2026-06-10")).in_force  # B not reissued yet
    after = both.answer("ADD#1.1", D("2026-07-01"))
    assert (after.in_force, after.reason) == (False, "superseded")
    assert [str(s) for s in after.successors] == ["A#1", "B#1"] and after.resolved is None
    assert both.version("ADD", "1.1", D("2026-07-01")) is None
    # a sub-paragraph of the item is part of its words; its parent and an item with no edge are not amenders
    assert both.version("ADD", "1.1.a", D("2026-07-01")) is None
    assert both.answer("ADD#1", D("2026-07-01")).in_force


def test_a_withheld_reissue_is_named_by_its_document_alone():
    index = _two_targets(both_reissued=True)
    answer = index.answer("ADD#1.1", D("2026-07-01"), visible=lambda locator: locator.doc != "B")
    assert answer.withheld == ("B",)
    assert "B#1" not in answer.detail and "B@1" not in answer.detail  # type: ignore[operator]
    assert "B (withheld: access)" in answer.detail  # type: ignore[operator]
    assert [str(s) for s in answer.successors] == ["A#1", "B"]


def test_eligibility_takes_a_spent_amending_document_out_of_force():
    """A whole document that is the ``by`` of an edge on another whole document (a standard
    amended by a supplement): spent when that document is reissued, in both indexes alike."""
    revisions = [rev("STD", "0", "2026-01-01"), rev("STD", "1", "2026-06-01", seq=2), rev("SUP", "0", "2026-03-01")]
    edges = [edge("SUP@0", "STD", "2026-03-01", "SUP", scope="partial")]
    records = [EligibilityRecord(uid=f"{r.document}@{r.label}", document=r.document, kind="policy",
                                 effective_from=r.effective.from_, seq=r.seq, recorded=r.recorded) for r in revisions]
    eligibility = EligibilityIndex(records, RuleSet(packs=(), facets=()), edges)
    asof = AsOfIndex(revisions, edges)

    def eligible(day: str) -> tuple[str, ...]:
        return eligibility.evaluate(Context(valid_at=D(day), known_at=None), exclusions=None).eligible_revisions

    assert "SUP@0" in eligible("2026-04-01") and asof.version("SUP", None, D("2026-04-01")) == "SUP@0"
    assert "SUP@0" not in eligible("2026-07-01") and asof.version("SUP", None, D("2026-07-01")) is None
    assert "SUP@0" not in eligibility.in_force_revisions(D("2026-07-01"), None, ())
