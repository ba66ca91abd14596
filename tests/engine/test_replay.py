"""Audit records: stored append-only by ``check --audit-dir``, replayed by ``inforce replay`` to
the same verdict, and to a reported difference once a new revision is ingested. Bad answer
files and records are input errors naming file, line and field."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()

#: fresh when asked; stale once rev E (which rewrites 5.3 from 1 September 2026) is ingested
STALE_LATER = {
    "question": "Where are paper batch records stored?",
    "context": {"valid_at": "2026-10-01", "groups": ["qa"]},
    "claims": [{"text": "Paper records are stored in fire-rated cabinets in the records archive.",
                "citations": [{"locator": "SOP-114@D#5.3", "quote": "stored in fire-rated cabinets"}]}],
}


@pytest.fixture
def sop(ingested_example) -> Path:
    """The process's shared ingest, read only: audit records and answers go to tmp_path."""
    return ingested_example("sop-retention")


@pytest.fixture
def own_sop(tmp_path: Path, ingested_example) -> Path:
    """A copy of its own (of the run's one ingest, graph included), for a test that ingests a
    new revision into it."""
    return ingested_example.copy("sop-retention", tmp_path / "sop")


def _check(root: Path, answer: dict[str, Any], tmp_path: Path, *extra: str) -> Any:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    return runner.invoke(app, ["check", str(root), "--answer", str(path), *extra])


@pytest.mark.slow
def test_a_stored_verdict_replays_to_the_same_and_then_to_a_reported_difference(own_sop: Path, tmp_path: Path) -> None:
    audit = tmp_path / "audit"
    first = _check(own_sop, STALE_LATER, tmp_path, "--audit-dir", str(audit), "--format", "json")
    assert first.exit_code == 0, first.output
    (record,) = audit.glob("*.json")
    stored = json.loads(record.read_text())
    assert stored["format"] == "inforce-decision/2" and len(stored["sha256"]) == 64
    assert stored["verdict"]["audit"]["revisions"] == {"SOP-114": ["B", "C", "D"]}
    assert stored["verdict"]["audit"]["answer_sha256"]

    same = runner.invoke(app, ["replay", str(own_sop), str(record), "--format", "json"])
    assert same.exit_code == 0, same.output
    assert json.loads(same.stdout)["same"] is True

    # document control issues rev E, effective before the question's date; ingest it
    shutil.copy(own_sop / "pending" / "SOP-114-rev-E.md", own_sop / "documents" / "sop-114-rev-e.md")
    assert runner.invoke(app, ["ingest", str(own_sop)]).exit_code == 0
    changed = runner.invoke(app, ["replay", str(own_sop), str(record), "--format", "json"])
    assert changed.exit_code == 1, changed.output
    found = json.loads(changed.stdout)
    assert found["same"] is False
    assert found["stored"]["verdict"] == "answer" and found["now"]["verdict"] == "refusal"
    assert any("stale_revision" in d for d in found["differences"])
    assert "SOP-114: revision E recorded since" in found["changes"]
    assert any(c.startswith("index build ") for c in found["changes"])
    text = runner.invoke(app, ["replay", str(own_sop), str(record)])
    assert "different verdict: answer then, refusal now" in text.stdout
    assert "changed: SOP-114: revision E recorded since" in text.stdout


def test_the_audit_folder_is_append_only(sop: Path, tmp_path: Path) -> None:
    audit = tmp_path / "audit"
    for valid_at in ("2026-06-01", "2025-06-01"):
        answer = {**STALE_LATER, "context": {**STALE_LATER["context"], "valid_at": valid_at}}
        _check(sop, answer, tmp_path, "--audit-dir", str(audit))
    records = sorted(audit.glob("*.json"))
    assert len(records) == 2
    before = {p.name: p.read_bytes() for p in records}
    _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit))
    after = {p.name: p.read_bytes() for p in audit.glob("*.json")}
    assert all(after[name] == body for name, body in before.items())  # nothing rewritten
    assert len(after) >= 2


def test_a_record_that_is_not_one_is_an_input_error(sop: Path, tmp_path: Path) -> None:
    bad = tmp_path / "record.json"
    bad.write_text('{"format": "inforce-decision/1", "answer": {"claims": []}, "verdict": {}}')
    result = runner.invoke(app, ["replay", str(sop), str(bad)])
    assert result.exit_code == 2 and "answer.claims" in result.output
    bad.write_text("{\n  nope")
    result = runner.invoke(app, ["replay", str(sop), str(bad)])
    assert result.exit_code == 2 and f"{bad}:2" in result.output


@pytest.mark.parametrize(("text", "where"), [
    ("{\n  \"claims\": [\n    {\"text\": \"x\",,}\n  ]\n}", ":3:"),                          # malformed JSON
    ('{"claims": []}', "claims"),                                                              # no claims
    ('{"context": {"valid_at": "2026-05-01"},\n "claims": [{"text": "", "citations": []}]}', ":2: claims[0].text"),
    ('{"context": {"valid_at": "2026-05-01"},\n "claims": [{"text": "x",\n  "citations": [{"page": 3}]}]}',
     ":3: claims[0].citations[0]"),
    ('{"context": {"valid_at": "01/05/2026"}, "claims": [{"text": "x"}]}', "context.valid_at"),
    ('{"context": {}, "claims": [{"text": "x", "citations": [{"locator": "SOP-114#5.2"}]}]}', "context.valid_at is required: the date the question is about (hint: give it as YYYY-MM-DD"),
    ('{"context": {"valid_at": "2026-05-01", "attributes": {"markt": "UK"}}, "claims": [{"text": "x"}]}',
     "context.attributes"),
    ('{"context": {"valid_at": "2026-05-01"}, "claims": [{"text": "x", "citations": [{"locator": "not a locator!"}]}]}',
     "claims[0].citations[0].locator"),
    ("[1, 2]", "an answer is a JSON object"),
    # found by the hostile audit: JSON's loose reading let these through
    ('{"context": {"valid_at": 0}, "claims": [{"text": "x"}]}', "context.valid_at: not a date"),
    ('{"context": {"valid_at": "2026-05-01", "groups": [""]}, "claims": [{"text": "x"}]}', "context.groups[0]"),
    ('{"context": {"valid_at": "2026-05-01"}, "claims": [{"text": "x", "citations": [{"locator": "A#1", "page": "3"}]}]}',
     "claims[0].citations[0].page"),
    ('{"context": {"valid_at": "2026-05-01"}, "claims": [{"text": "x"}], "claims": []}', "appears twice"),
    ('{"claims": ' + "[" * 3000 + "]" * 3000 + "}", "nested too deeply"),
    ('{"context": {"valid_at": "2026-05-01"}, "claims": [{"text": "\u200b\u200f"}]}', "claims[0]"),
    # a date the context lacks is named at its line in the file
    ('{\n "context": {"groups": ["qa"]},\n "claims": [{"text": "x", "citations": [{"locator": "SOP-114#5.2"}]}]}',
     "answer.json:2: context.valid_at"),
])
def test_bad_answers_are_input_errors_naming_the_field(sop: Path, tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "answer.json"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(sop), "--answer", str(path)])
    assert result.exit_code == 2, result.output
    assert where in result.output, result.output
    assert "Traceback" not in result.output


def test_a_missing_answer_file_is_named(sop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(sop), "--answer", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "nope.json" in result.output


def test_a_byte_order_mark_is_read(sop: Path, tmp_path: Path) -> None:
    path = tmp_path / "answer.json"
    path.write_text("\ufeff" + json.dumps(STALE_LATER), encoding="utf-8")
    assert runner.invoke(app, ["check", str(sop), "--answer", str(path)]).exit_code == 0


def test_an_audit_dir_that_cannot_be_used_is_refused_before_the_work(sop: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(blocker))
    assert result.exit_code == 2 and "--audit-dir" in result.output and "verdict" not in result.stdout


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_record_replays_only_against_its_own_project(sop: Path, tmp_path: Path, ingested_example) -> None:
    audit = tmp_path / "audit"
    _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit))
    (record,) = audit.glob("*.json")
    other = ingested_example("label-dosing")
    result = runner.invoke(app, ["replay", str(other), str(record)])
    assert result.exit_code == 2 and "sop-retention" in result.output


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_two_dates_for_one_case_are_an_input_error(tmp_path: Path, ingested_example) -> None:
    root = ingested_example("followup-handbooks")
    answer = json.loads((EXAMPLES / "followup-handbooks" / "answers" / "s3-p2.json").read_text())
    answer["context"]["valid_at"] = "2020-01-01"  # the rule takes the date from dispatch_date: 2024-12-12
    result = _check(root, answer, tmp_path)
    assert result.exit_code == 2 and "context.valid_at" in result.output and "disagree" in result.output


def _full_disk_under(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file opened for writing under ``folder`` is created there (as the kernel would) but
    written to /dev/full, whose writes fail with ENOSPC: a disk that fills at the first byte."""
    import os

    real_open = os.open

    def opening(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
        fd = real_open(path, flags, mode, dir_fd=dir_fd)
        if flags & (os.O_WRONLY | os.O_RDWR) and Path(os.fsdecode(path)).absolute().parent == folder.absolute():
            full = real_open("/dev/full", os.O_WRONLY)
            os.dup2(full, fd)
            os.close(full)
        return fd

    monkeypatch.setattr(os, "open", opening)


def test_a_full_disk_leaves_no_record_and_the_verdict_is_printed(
    sop: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    audit = tmp_path / "audit"
    audit.mkdir()
    _full_disk_under(audit, monkeypatch)
    result = _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit), "--format", "json")
    assert result.exit_code == 2, result.output
    assert json.loads(result.stdout)["verdict"] == "answer"  # the verdict all the same
    assert "the disk is full" in result.output and str(audit) in result.output and "--audit-dir" in result.output
    assert list(audit.iterdir()) == []  # no empty or half record, no temporary file


def test_an_edited_record_is_reported_as_edited(sop: Path, tmp_path: Path) -> None:
    audit = tmp_path / "audit"
    assert _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit)).exit_code == 0
    (record,) = audit.glob("*.json")
    assert runner.invoke(app, ["replay", str(sop), str(record)]).exit_code == 0
    stored = json.loads(record.read_text())
    # another answer, the hash left alone (the verdict is the one that answer gets)
    stored["answer"]["claims"][0]["citations"][0]["quote"] = "records are kept on site"
    stored["verdict"]["verdict"], stored["verdict"]["reason"] = "refusal", "no_valid_citation"
    stored["verdict"]["claims"][0]["status"] = "quote_not_found"
    for where in (record, tmp_path / "copied.json"):  # under its own name, and under another
        where.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
        result = runner.invoke(app, ["replay", str(sop), str(where)])
        assert result.exit_code == 2, result.output
        assert "edited" in result.output and "same verdict" not in result.output


def test_a_record_with_a_key_written_twice_is_refused_at_its_line(sop: Path, tmp_path: Path) -> None:
    # (audit 61 F01) the last value was read, so a record could show two dates and replay as "same verdict"
    audit = tmp_path / "audit"
    assert _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit)).exit_code == 0
    (record,) = audit.glob("*.json")
    text = record.read_text()
    twice = re.sub(r'("valid_at": "[^"]*",)', r'"valid_at": "2019-01-01",\n\1', text, count=1)
    assert twice != text
    copied = tmp_path / "twice.json"
    copied.write_text(twice)
    result = runner.invoke(app, ["replay", str(sop), str(copied)])
    line = twice[:twice.index('"valid_at": "2019-01-01"')].count("\n") + 2
    assert result.exit_code == 2, result.output
    assert f"twice.json:{line}: valid_at:" in result.output and "twice in one object" in result.output


def test_a_record_carries_its_own_hash_checked_whatever_its_name(sop: Path, tmp_path: Path) -> None:
    """Issue 23 (L5): the hash was only in the file's name, so an edited record saved under
    another name replayed as "same verdict"."""
    import hashlib

    audit = tmp_path / "audit"
    assert _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit)).exit_code == 0
    (record,) = audit.glob("*.json")
    stored = json.loads(record.read_text())
    renamed = tmp_path / "renamed.json"
    renamed.write_text(json.dumps(stored))  # another name and layout, nothing edited: read
    assert runner.invoke(app, ["replay", str(sop), str(renamed)]).exit_code == 0
    stored["verdict"]["audit"]["decided_at"] = "2020-01-01T00:00:00Z"
    stored["verdict"]["audit"]["eligible"] = ["ADD-01"]
    renamed.write_text(json.dumps(stored))
    result = runner.invoke(app, ["replay", str(sop), str(renamed)])
    assert result.exit_code == 2 and "edited" in result.output and "sha256" in result.output
    # a record written before records carried their hash: read under its own name only
    old = json.loads(record.read_text())
    old.pop("sha256")
    old["format"] = "inforce-decision/1"
    body = json.dumps(old, indent=2, sort_keys=True) + "\n"
    named = tmp_path / f"20260101T000000Z-answer-{hashlib.sha256(body.encode()).hexdigest()[:16]}.json"
    named.write_text(body)
    assert runner.invoke(app, ["replay", str(sop), str(named)]).exit_code == 0
    (tmp_path / "old.json").write_text(body)
    result = runner.invoke(app, ["replay", str(sop), str(tmp_path / "old.json")])
    assert result.exit_code == 2 and "its name" in result.output


def test_a_record_holding_a_key_its_format_does_not_define_or_a_nan_is_refused(sop: Path, tmp_path: Path) -> None:
    """Audit 71 B F2: the hash covers format, answer and verdict, so keys added beside them
    (``approved_by``, an ``override`` holding a NaN) replayed as "same verdict" under another name."""
    audit = tmp_path / "audit"
    assert _check(sop, STALE_LATER, tmp_path, "--audit-dir", str(audit)).exit_code == 0
    (record,) = audit.glob("*.json")
    stored = json.loads(record.read_text())
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps({**stored, "approved_by": "Head of QA"}, indent=1))
    result = runner.invoke(app, ["replay", str(sop), str(edited)])
    assert result.exit_code == 2, result.output
    assert "edited.json: approved_by:" in result.output and "holds no 'approved_by'" in result.output
    edited.write_text(json.dumps({**stored, "sha256": stored["sha256"]}).replace(
        '"format"', '"score": NaN, "format"', 1))
    result = runner.invoke(app, ["replay", str(sop), str(edited)])
    assert result.exit_code == 2 and "NaN (JSON has no such number)" in result.output, result.output
    # the record as written, under another name, still replays
    edited.write_text(json.dumps(stored))
    assert runner.invoke(app, ["replay", str(sop), str(edited)]).exit_code == 0
