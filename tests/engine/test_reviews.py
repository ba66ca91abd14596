"""The review file (``engine.reviews``): read with the line of every entry, appended without
disturbing what a person wrote, and applied at ingest as edges of origin ``review``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.reviews import append_review, read_reviews, with_reviews
from inforce.ontology import (
    AddendaReadings,
    Answer,
    InputError,
    InputErrors,
    ProposalEvidence,
    ProposedEdge,
    ReviewDecision,
)
from tests.support.review_project import AFTER, PROPOSED, write_review_project

GOOD = """\
# decisions of the design team, week 6
- item: ADD-3#item-2          # the door hardware item
  target: SPEC-087100#2.1.A
  scope: partial
  decision: accept
  by: J. Rivera
  at: 2026-03-02T10:00:00Z
  note: confirmed with the architect

- item: ADD-3#item-4
  target: DWG-A-101
  successor: false
  scope: full
  decision: reject
  by: P. Lindqvist
  at: 2026-03-03
"""


def _write(root: Path, text: str) -> Path:
    (root / "reviews.yaml").write_text(text)
    return root


def _errors(root: Path) -> list[InputError]:
    with pytest.raises(InputErrors) as raised:
        read_reviews(root)
    return list(raised.value.exceptions)  # type: ignore[arg-type]


def _decision(item: str = "ADD-3#item-2", target: str = "SPEC-087100#2.1.A", **changes: object) -> ReviewDecision:
    fields: dict[str, object] = {"item": item, "target": target, "scope": "partial", "decision": "accept",
                                 "by": "J. Rivera", "at": "2026-03-02T10:00:00Z"}
    return ReviewDecision(**{**fields, **changes})


# ---- reading -----------------------------------------------------------------------------------


def test_entries_are_read_in_file_order_with_their_lines(tmp_path):
    first, second = read_reviews(_write(tmp_path, GOOD))
    assert (str(first.item), str(first.target), first.scope, first.decision) == (
        "ADD-3#item-2", "SPEC-087100#2.1.A", "partial", "accept")
    assert (first.by, first.at, first.note, first.line) == ("J. Rivera", "2026-03-02T10:00:00Z",
                                                          "confirmed with the architect", 2)
    assert (second.successor, second.decision, second.note, second.line) == (False, "reject", None, 10)
    assert second.at == "2026-03-03T23:59:59Z"  # a date alone means the end of that day, UTC


def test_no_file_is_no_decisions(tmp_path):
    assert read_reviews(tmp_path) == ()


@pytest.mark.parametrize(("edit", "line", "field", "words"), [
    (("scope: partial", "scope: some"), 4, "reviews[0].scope", "not full or partial"),
    (("target: SPEC-087100#2.1.A", "target: 'SPEC 087100'"), 3, "reviews[0].target", "cannot parse locator"),
    (("item: ADD-3#item-2 ", "item: ADD-3 "), 2, "reviews[0].item", "whole document"),
    (("decision: reject", "decision: maybe"), 14, "reviews[1].decision", "not accept or reject"),
    (("at: 2026-03-03", "at: last tuesday"), 16, "reviews[1].at", "not a date"),
    (("  note: confirmed", "  notes: confirmed"), 8, "reviews[0].notes", "unknown key"),
    (("  by: J. Rivera\n", ""), 2, "reviews[0].by", "required"),
    (("  scope: partial\n", ""), 2, "reviews[0].scope", "required"),
])
def test_a_wrong_entry_is_named_by_line_and_field(tmp_path, edit, line, field, words):
    old, new = edit
    assert old in GOOD
    problems = _errors(_write(tmp_path, GOOD.replace(old, new, 1)))
    assert [(p.file, p.line, p.field) for p in problems] == [("reviews.yaml", line, field)]
    assert words in str(problems[0])


def test_a_deletion_must_be_full(tmp_path):
    problems = _errors(_write(tmp_path, GOOD.replace("  scope: full\n", "  scope: partial\n")))
    assert [(p.line, p.field) for p in problems] == [(13, "reviews[1].scope")]


def test_every_problem_of_the_file_is_reported_together(tmp_path):
    text = GOOD.replace("scope: partial", "scope: some").replace("decision: reject", "decision: maybe")
    assert {p.field for p in _errors(_write(tmp_path, text))} == {"reviews[0].scope", "reviews[1].decision"}


def test_a_yaml_syntax_error_points_at_its_line(tmp_path):
    problems = _errors(_write(tmp_path, GOOD.replace("  by: P. Lindqvist", "  by: [P. Lindqvist")))
    assert problems[0].file == "reviews.yaml" and problems[0].line is not None and problems[0].line >= 15


def test_a_file_that_is_not_a_list_of_entries_is_refused(tmp_path):
    problems = _errors(_write(tmp_path, "reviews:\n  - item: ADD-3#item-2\n"))
    assert (problems[0].file, problems[0].line) == ("reviews.yaml", 1) and "list of entries" in str(problems[0])


# ---- what decides a proposal -----------------------------------------------------------------------


def _proposal(item: str, target: str) -> ProposedEdge:
    return ProposedEdge(item=item, target=target, scope="partial", rule="INF-S001", file="documents/add.md", line=9,
                        words="...", evidence=ProposalEvidence(reference="2.1.A", reference_score=1.0, resolved_by="outline", why="test"))


def test_pending_is_proposed_minus_decided_and_the_last_entry_decides():
    readings = AddendaReadings(proposed=(_proposal("ADD-3#item-2", "SPEC-087100#2.1.A"),
                                         _proposal("ADD-3#item-2", "SPEC-087100#2.1.B"),
                                         _proposal("ADD-3#item-5", "SPEC-087100#3.1")))
    reviews = (_decision(), _decision(target="SPEC-087100#3.9", decision="reject"),
               _decision(item="ADD-3@0#item-5", target="SPEC-087100#3.1", decision="reject"))
    shown = with_reviews(readings, reviews)
    # a pinned item decides the unpinned proposal; a target nobody proposed decides nothing
    assert [(str(p.item), str(p.target)) for p in shown.proposed] == [("ADD-3#item-2", "SPEC-087100#2.1.B")]
    assert shown.reviewed == reviews


# ---- appending ---------------------------------------------------------------------------------


def test_appending_keeps_comments_blank_lines_and_order(tmp_path):
    _write(tmp_path, GOOD)
    # a note of one line (a line break is refused by the reader as by ``--note``: audit MM3-7), with
    # the characters YAML would read otherwise
    recorded = append_review(tmp_path, _decision(item="ADD-3#item-7", note='said "no" on site: # and in writing'))
    text = (tmp_path / "reviews.yaml").read_text()
    assert text.startswith(GOOD)  # what was there is untouched, byte for byte
    entries = read_reviews(tmp_path)
    assert len(entries) == 3 and entries[-1] == recorded
    assert recorded.line == 17 and recorded.note == 'said "no" on site: # and in writing'
    assert text.splitlines()[recorded.line - 1] == "- item: ADD-3#item-7"


def test_the_first_decision_creates_the_file(tmp_path):
    recorded = append_review(tmp_path, _decision(by="true", note="yes"))  # words YAML would read as others
    (entry,) = read_reviews(tmp_path)
    assert entry == recorded and entry.by == "true" and entry.note == "yes"
    assert (tmp_path / "reviews.yaml").read_text().startswith("# ")  # a header says what the file is


def test_an_empty_flow_list_opens_the_block_and_keeps_its_comment(tmp_path):
    _write(tmp_path, "[]  # none yet\n")
    append_review(tmp_path, _decision())
    assert "# none yet" in (tmp_path / "reviews.yaml").read_text()
    assert len(read_reviews(tmp_path)) == 1


def test_an_entry_indented_like_the_others_and_a_flow_list_left_alone(tmp_path):
    indented = "".join(f"  {line}" if line.strip() else line for line in GOOD.splitlines(keepends=True))
    _write(tmp_path, indented)
    append_review(tmp_path, _decision(item="ADD-3#item-7"))
    assert (tmp_path / "reviews.yaml").read_text().splitlines()[-7] == "  - item: ADD-3#item-7"
    assert len(read_reviews(tmp_path)) == 3
    text = "[{item: ADD-3#item-2, target: X, scope: full, decision: reject, by: me, at: 2026-01-01}]\n"
    _write(tmp_path, text)
    with pytest.raises(InputError, match="layout"):
        append_review(tmp_path, _decision())
    assert (tmp_path / "reviews.yaml").read_text() == text


# ---- through the front and the ingest ------------------------------------------------------------

MOMENT = dt.datetime(2027, 2, 10, 9, 30, tzinfo=dt.UTC)


@pytest.fixture(scope="module")
def ingested(tmp_path_factory) -> Path:
    root = write_review_project(tmp_path_factory.mktemp("reviews") / "p")
    Project.ingest(root)
    return root


def _copy(ingested: Path, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copytree(ingested, tmp_path / "p"))


def _chain_reviews(root: Path, locator: str) -> list[tuple[str, str | None, str | None]]:
    with Project.open(root) as project:
        answer = project.asof(locator, dt.date.fromisoformat(AFTER))
    return [(step.origin, step.review.by if step.review else None, step.review.note if step.review else None)
            for step in answer.chain if step.origin == "review"]


@pytest.mark.slow
def test_the_front_lists_pending_proposals_and_needs_a_target_only_when_several(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        assert {str(p.item): str(p.target) for p in project.readings().proposed} == PROPOSED
        with pytest.raises(InputError) as missing:
            project.review("ADD-04#9.9", "accept", by="M. Okafor")
        assert missing.value.field == "item"
        with pytest.raises(InputError) as nobody:
            project.review("ADD-04#1.2", "accept", by="  ")
        assert nobody.value.field == "by"
        with pytest.raises(InputError) as unscoped:  # an edge nobody proposed must say its scope
            project.review("ADD-04#1.2", "accept", by="M. Okafor", target="SPEC-099123#2.1.A")
        assert unscoped.value.field == "scope"
        recorded = project.review("ADD-04#1.2", "accept", by="M. Okafor", note="matte, as the owner asked", at=MOMENT)
        assert (str(recorded.target), recorded.scope, recorded.at) == ("SPEC-099123#2.1.B", "partial",
                                                                      "2027-02-10T09:30:00Z")
        readings = project.readings()
    assert [str(p.item) for p in readings.proposed] == ["ADD-04#1.3"]
    assert readings.reviewed == (recorded,)


@pytest.mark.slow
def test_an_accepted_review_is_an_edge_of_origin_review_after_ingest(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        before = project.build_id
        project.review("ADD-04#1.2", "accept", by="M. Okafor", note="matte, as the owner asked", at=MOMENT)
        # a reviewer may also declare an edge no rule proposed
        project.review("ADD-04#1.3", "accept", by="M. Okafor", target="SPEC-099123#3.1.B", scope="partial", at=MOMENT)
    assert _chain_reviews(root, "SPEC-099123#2.1.B") == []  # recorded, not applied until the next ingest
    result = Project.ingest(root)
    assert result.swapped and result.build_id != before
    assert _chain_reviews(root, "SPEC-099123#2.1.B") == [("review", "M. Okafor", "matte, as the owner asked")]
    assert _chain_reviews(root, "SPEC-099123#3.1.B") == [("review", "M. Okafor", None)]
    with Project.open(root) as project:
        history = project.history("SPEC-099123#2.1.B")
        reviewed = [entry for entry in history.versions if entry.origin == "review"]
        assert [(str(e.locator), e.kind, e.review.by, e.review.at) for e in reviewed] == [
            ("ADD-04#1.2", "amended", "M. Okafor", MOMENT)]
        assert {str(p.item) for p in project.readings().proposed} == {"ADD-04#1.3"}  # 3.1.A is still pending
    # a re-ingest with nothing changed keeps the build
    assert not Project.ingest(root).swapped
    # a checked answer's audit record names the reviewed edge its passage rests on, and who accepted it
    answer = Answer.model_validate({
        "question": "What finish do corridor walls get?", "context": {"valid_at": AFTER, "groups": []},
        "claims": [{"text": "Two coats of eggshell acrylic enamel.",
                    "citations": [{"locator": "SPEC-099123#2.1.B"}]}]})
    with Project.open(root) as project:
        audit = project.check(answer).audit
    assert [(str(e.item), str(e.target), e.scope, e.review.by, e.review.note) for e in audit.reviewed_edges
            if str(e.target) == "SPEC-099123#2.1.B"] == [
        ("ADD-04#1.2", "SPEC-099123#2.1.B", "partial", "M. Okafor", "matte, as the owner asked")]

    # changing one's mind: a later reject undoes the edge at the next ingest
    with Project.open(root) as project:
        applied = project.build_id
        project.review("ADD-04#1.2", "reject", by="M. Okafor", at=MOMENT + dt.timedelta(days=1))
    result = Project.ingest(root)
    assert result.build_id != applied
    assert _chain_reviews(root, "SPEC-099123#2.1.B") == []
    assert _chain_reviews(root, "SPEC-099123#3.1.B") == [("review", "M. Okafor", None)]


@pytest.mark.slow
def test_a_rejection_alone_changes_the_build_id(ingested, tmp_path):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        before = project.build_id
        project.review("ADD-04#1.3", "reject", by="M. Okafor", at=MOMENT)
    result = Project.ingest(root)
    assert result.swapped and result.build_id != before
    with Project.open(root) as project:
        assert [str(p.item) for p in project.readings().proposed] == ["ADD-04#1.2"]


@pytest.mark.slow
@pytest.mark.parametrize(("field", "locator"), [("item", "ADD-04#7.7"), ("target", "SPEC-099123#9.9.Z")])
def test_an_accepted_review_of_what_does_not_exist_fails_the_ingest_at_its_line(ingested, tmp_path, field, locator):
    root = _copy(ingested, tmp_path)
    with Project.open(root) as project:
        before = project.build_id
    entry = {"item": "ADD-04#1.2", "target": "SPEC-099123#2.1.B", field: locator}
    _write(root, "# one decision\n"
                 f"- item: {entry['item']}\n  target: {entry['target']}\n  scope: partial\n"
                 "  decision: accept\n  by: M. Okafor\n  at: 2027-02-10T09:30:00Z\n")
    with pytest.raises(InputErrors) as failed:
        Project.ingest(root)
    problems = [p for p in failed.value.exceptions if isinstance(p, InputError) and p.file == "reviews.yaml"]
    assert [(p.line, p.field) for p in problems] == [(2, f"reviews[0].{field}")]
    assert locator in str(problems[0])
    with Project.open(root) as project:
        assert project.build_id == before  # the graph is unchanged
