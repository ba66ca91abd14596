"""The review file as a file (``engine.reviews``): what a hand edit, a link, a bad date, a
second writer or a repeated command can do to it, and what the engine says (issue 21, the
audit's H8, M12, M13, L1-L4)."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from inforce.engine.reviews import append_review, read_reviews
from inforce.ontology import InputError, InputErrors, ReviewDecision


def _decision(item: str = "ADD-3#item-2", target: str = "SPEC-087100#2.1.A", **changes: object) -> ReviewDecision:
    fields: dict[str, object] = {"item": item, "target": target, "scope": "partial", "decision": "accept",
                                 "by": "J. Rivera", "at": "2026-03-02T10:00:00Z"}
    return ReviewDecision(**{**fields, **changes})


def _errors(root: Path) -> list[InputError]:
    with pytest.raises(InputErrors) as raised:
        read_reviews(root)
    return list(raised.value.exceptions)  # type: ignore[arg-type]


ENTRY = ("- item: ADD-3#item-2\n  target: SPEC-087100#2.1.A\n  scope: partial\n  decision: accept\n"
         "  by: J. Rivera\n  at: {at}\n")


def test_a_time_that_is_no_date_is_an_input_error_at_its_line(tmp_path):
    (tmp_path / "reviews.yaml").write_text("# week 6\n" + ENTRY.format(at="2026-13-45T10:00:00Z"))
    (problem,) = _errors(tmp_path)
    assert (problem.file, problem.line, problem.field) == ("reviews.yaml", 7, "at")
    assert "2026-13-45T10:00:00Z" in str(problem)


def test_a_review_file_leading_out_of_the_project_is_refused(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(ENTRY.format(at="2026-03-02T10:00:00Z"))
    root = tmp_path / "p"
    root.mkdir()
    (root / "reviews.yaml").symlink_to(outside)
    with pytest.raises(InputError, match="leads out of the project"):
        read_reviews(root)
    with pytest.raises(InputError, match="leads out of the project"):
        append_review(root, _decision())
    assert (root / "reviews.yaml").is_symlink()  # the link is not replaced
    assert outside.read_text() == ENTRY.format(at="2026-03-02T10:00:00Z")  # nor what it leads to written


def test_a_review_file_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "reviews.yaml").mkdir()
    with pytest.raises(InputError, match="not a regular file"):
        read_reviews(tmp_path)
    with pytest.raises(InputError, match="not a regular file"):
        append_review(tmp_path, _decision())


@pytest.mark.parametrize("name", ["0x1F", "1e3", ".5", "+1", "007", "2026-03-02", "no", "- dash", "a: b"])
def test_a_name_yaml_would_read_as_another_value_is_written_so_it_reads_back_the_same(tmp_path, name):
    recorded = append_review(tmp_path, _decision(by=name, note=name))
    (entry,) = read_reviews(tmp_path)
    assert (entry.by, entry.note) == (name, name) == (recorded.by, recorded.note)


def test_a_list_or_mapping_where_text_belongs_is_an_error_and_every_problem_is_reported(tmp_path):
    text = ENTRY.format(at="2026-03-02T10:00:00Z").replace("  by: J. Rivera\n", "  by: [a, b]\n  notes: x\n")
    text = text.replace("decision: accept", "decision: yes")
    (tmp_path / "reviews.yaml").write_text(text)
    fields = {problem.field for problem in _errors(tmp_path)}
    assert fields == {"reviews[0].by", "reviews[0].notes", "reviews[0].decision"}


def test_appending_keeps_windows_line_endings(tmp_path):
    (tmp_path / "reviews.yaml").write_bytes(ENTRY.format(at="2026-03-02T10:00:00Z").replace("\n", "\r\n").encode())
    append_review(tmp_path, _decision(item="ADD-3#item-7"))
    raw = (tmp_path / "reviews.yaml").read_bytes()
    assert raw.count(b"\n") == raw.count(b"\r\n") and len(read_reviews(tmp_path)) == 2


def test_the_same_decision_twice_is_refused_and_not_appended(tmp_path):
    append_review(tmp_path, _decision())
    with pytest.raises(InputError, match="already accepted") as again:
        append_review(tmp_path, _decision(at="2026-03-05T10:00:00Z"))
    assert again.value.field == "decision" and "line 4" in str(again.value)
    assert len(read_reviews(tmp_path)) == 1
    append_review(tmp_path, _decision(by="P. Lindqvist"))  # another reviewer concurring is recorded
    append_review(tmp_path, _decision(decision="reject"))  # so is a change of mind
    assert [(r.by, r.decision) for r in read_reviews(tmp_path)] == [
        ("J. Rivera", "accept"), ("P. Lindqvist", "accept"), ("J. Rivera", "reject")]


def _append_many(root: str, worker: int, start: multiprocessing.synchronize.Barrier) -> None:
    start.wait()
    for n in range(5):
        append_review(Path(root), _decision(item=f"ADD-3#item-{worker}-{n}"))


@pytest.mark.slow  # over a second and a half; the full suite runs it
def test_concurrent_reviewers_lose_no_entry(tmp_path):
    context = multiprocessing.get_context("fork")
    workers = 6
    start = context.Barrier(workers)
    processes = [context.Process(target=_append_many, args=(str(tmp_path), w, start)) for w in range(workers)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    assert all(process.exitcode == 0 for process in processes)
    items = sorted(str(r.item) for r in read_reviews(tmp_path))
    assert items == sorted(f"ADD-3#item-{w}-{n}" for w in range(workers) for n in range(5))
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".reviews.yaml.")]  # no temporary left


def test_each_item_and_target_is_looked_up_once_however_many_entries_name_it(tmp_path):
    """Audit 31 (low): a review file of 20,000 decisions on four proposals asked the graph
    whether each entry's item and target exist, 40,000 queries (48 s of `inforce review`). Each
    locator is asked once; every entry naming a missing one is still reported at its own line."""
    from inforce.engine.reviews import check_reviews

    entries = "".join(f"- item: ADD-1#1.{n % 2}\n  target: SPEC-1#2.{n % 3}\n  decision: reject\n  by: R {n}\n"
                      f"  at: 2026-11-01T09:00:00Z\n" for n in range(300))
    (tmp_path / "reviews.yaml").write_text(entries, encoding="utf-8")
    asked: list[str] = []

    def exists(locator):
        asked.append(locator.format())
        return locator.format() != "SPEC-1#2.2"

    problems = check_reviews(read_reviews(tmp_path), exists)
    assert sorted(asked) == ["ADD-1#1.0", "ADD-1#1.1", "SPEC-1#2.0", "SPEC-1#2.1", "SPEC-1#2.2"]
    assert [p.line for p in problems] == [1 + 5 * n for n in range(2, 300, 3)]
    assert all("SPEC-1#2.2 is not in the project" in str(p) for p in problems)


def test_a_hand_written_note_or_name_past_its_limit_is_an_error_at_its_line(tmp_path):
    """Audit 69 B F03: ``inforce review --note`` took at most 2,000 characters, but a note of
    megabytes written by hand was read, and every ``history`` printed it. One limit per field,
    ``review_text_too_long``, for the file as for the CLI."""
    entry = ENTRY.format(at="2026-03-02T10:00:00Z")
    (tmp_path / "reviews.yaml").write_text(entry + "  note: " + "a" * 2000 + "\n")
    assert read_reviews(tmp_path)[0].note == "a" * 2000
    (tmp_path / "reviews.yaml").write_text(entry.replace("J. Rivera", "b" * 201) + "  note: " + "a" * 2001 + "\n")
    found = {(problem.line, problem.field, problem.message) for problem in _errors(tmp_path)}
    assert found == {(5, "reviews[0].by", "201 characters; a decision's by holds at most 200"),
                     (7, "reviews[0].note", "2,001 characters; a decision's note holds at most 2,000")}


def test_an_entry_repeated_by_an_alias_is_refused_at_its_line(tmp_path):
    """Audit 69 B L1: ``- *x`` repeated an entry, read as a second decision with the first's lines."""
    entry = ENTRY.format(at="2026-03-02T10:00:00Z").replace("- item:", "- &x\n  item:", 1)
    (tmp_path / "reviews.yaml").write_text(entry + "- *x\n")
    (problem,) = _errors(tmp_path)
    assert (problem.file, problem.line) == ("reviews.yaml", 1) and "repeated by an alias" in problem.message
