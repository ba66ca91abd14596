"""Audit 102 A F2: ``check --answer FILE -o FILE`` wrote its verdict over the answer it checked (exit 1, the answer
gone), and ``replay RECORD -o RECORD`` over the record it replayed, while ``-o`` onto the project's own files is
refused. The one judgement of where an output may not land (``Project.own_path_at``) now takes the files the command
is given too (every argument read as a file's or folder's name): such an ``-o`` is refused before the work, exit 2,
naming the option that gave the file, nothing written — by its path, through a link, or a hard link to it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.in_process import inforce

from project_copies import example_copy


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return example_copy("riverside-library", tmp_path / "p")


def _said(done) -> str:
    return " ".join((done.stdout + done.stderr).split())


def _answer(project: Path) -> Path:
    """An answer of the caller's, outside the project."""
    answer = project.parent / "answer.json"
    shutil.copyfile(project / "answers" / "s4-addendum.json", answer)
    return answer


def test_check_refuses_an_output_over_the_answer_it_checks(project: Path) -> None:
    answer = _answer(project)
    before = answer.read_bytes()
    link = project.parent / "link.json"
    link.symlink_to(answer)
    hard = project.parent / "hard.json"
    os.link(answer, hard)
    for target in (answer, link, hard, project.parent / "x" / ".." / "answer.json"):
        (project.parent / "x").mkdir(exist_ok=True)
        done = inforce("check", project, "--answer", answer, "-o", target)
        assert done.returncode == 2, _said(done)
        assert f"-o: {target} is a file the command is given (--answer {answer})" in _said(done), _said(done)
        assert answer.read_bytes() == before
    # a file of its own: the verdict is written there, the answer left as it was
    verdict = project.parent / "verdict.txt"
    done = inforce("check", project, "--answer", answer, "-o", verdict)
    assert done.returncode in (0, 1), _said(done)
    assert verdict.read_text(encoding="utf-8").strip() and answer.read_bytes() == before


def test_replay_refuses_an_output_over_the_record_it_replays(project: Path) -> None:
    answer = _answer(project)
    records = project.parent / "audit"
    done = inforce("check", project, "--answer", answer, "--audit-dir", records)
    assert done.returncode in (0, 1), _said(done)
    (record,) = sorted(records.glob("*.json"))
    before = record.read_bytes()
    done = inforce("replay", project, record, "-o", record)
    assert done.returncode == 2, _said(done)
    assert f"-o: {record} is a file the command is given (RECORD {record})" in _said(done), _said(done)
    assert record.read_bytes() == before
    replayed = project.parent / "replayed.txt"
    done = inforce("replay", project, record, "-o", replayed)
    assert done.returncode in (0, 1), _said(done)
    assert replayed.read_text(encoding="utf-8").strip() and record.read_bytes() == before


def test_every_file_a_command_is_given_is_refused_as_its_output(project: Path) -> None:
    """Not a check of ``--answer`` alone: ``eligible --decision-log LOG -o LOG`` would replace the log it appends
    to with its answer."""
    log = project.parent / "decisions.jsonl"
    log.write_text("", encoding="utf-8")
    done = inforce("eligible", project, "--valid-at", "2026-05-01", "--decision-log", log, "-o", log)
    assert done.returncode == 2, _said(done)
    assert f"-o: {log} is a file the command is given (--decision-log {log})" in _said(done), _said(done)
    assert log.read_text(encoding="utf-8") == ""
