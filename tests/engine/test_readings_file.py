"""The addenda readings kept beside a build (``engine.addenda.readings_file``): the first
process to read the addenda writes them, the next opens them instead of reading every
addendum again; a file of another build, or written by other readers or packs, is never
trusted, and what it holds is exactly what reading the addenda gives."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_project import APPLIED, PROPOSED, write_review_project

from inforce.engine import Project
from inforce.engine.addenda import reading, readings_file
from inforce.engine.store import build_file

from project_copies import ingested_copy


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """The review project, ingested once per process (no reader has opened it): a copy per test."""
    return ingested_copy("readings-review", lambda root: Project.ingest(write_review_project(root)), tmp_path / "p")


def _file(root: Path) -> Path:
    with Project.open(root) as opened:
        return build_file(opened.snapshot.store, "readings")


def test_the_first_reader_keeps_the_readings_and_the_next_opens_them(project: Path, monkeypatch) -> None:
    with Project.open(project) as opened:
        first = opened.readings()
    assert {(str(p.item), str(p.target)) for p in first.proposed} == set(PROPOSED.items())
    assert [(str(e.by), str(e.target)) for e in first.applied] == [APPLIED]
    assert _file(project).is_file()

    def read_again(snapshot):  # a second process must not read the addenda again
        raise AssertionError("the addenda were read again although their readings are kept")

    monkeypatch.setattr(reading, "readings_of", read_again)
    with Project.open(project) as opened:
        assert opened.readings() == first


def test_the_kept_readings_are_what_reading_the_addenda_gives(project: Path) -> None:
    with Project.open(project) as opened:
        opened.readings()
        snapshot = opened.snapshot
        assert readings_file.open_readings(snapshot) == reading.readings_of(snapshot)


@pytest.mark.parametrize("field", ["key", "build_id", "format"])
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_file_written_for_another_build_or_by_other_readers_is_not_trusted(project: Path, field: str) -> None:
    with Project.open(project) as opened:
        opened.readings()
    path = _file(project)
    data = path.read_bytes()
    start = data.index(b"{")
    end = start + data[start:].index(b"}") + 1
    header = json.loads(data[start:end])
    header[field] = 9 if field == "format" else "0" * len(header[field])  # another value, as long
    changed = json.dumps(header).encode()
    assert len(changed) <= end - start  # the same frame length: pad with spaces, which JSON skips
    path.write_bytes(data[:start] + changed + b" " * (end - start - len(changed)) + data[end:])
    with Project.open(project) as opened:
        assert readings_file.open_readings(opened.snapshot) is None
        assert opened.readings().proposed  # read again from the graph, all the same


def test_a_file_whose_body_was_edited_is_not_trusted_and_is_read_again(project: Path) -> None:
    """A proposal's target changed in the kept body, to the same length (every header field as
    written): the digest refuses it, the readings are read again from the addenda and kept anew
    (issue 23): accepting the edited proposal would have changed the wrong paragraph."""
    with Project.open(project) as opened:
        first = opened.readings()
    path = _file(project)
    data = path.read_bytes()
    edited = data.replace(b'"target":"SPEC-099123#3.1.A"', b'"target":"SPEC-099123#2.1.A"')
    assert edited != data and len(edited) == len(data)
    path.write_bytes(edited)
    with Project.open(project) as opened:
        assert readings_file.open_readings(opened.snapshot) is None
        again = opened.readings()
    assert again == first
    assert {(str(p.item), str(p.target)) for p in again.proposed} == set(PROPOSED.items())
    assert path.read_bytes() == data  # kept anew, as it was written
