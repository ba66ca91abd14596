"""An ingest that read every addendum keeps those readings as its build's readings file
(``engine.addenda.readings_file.keep_ingested``), so the first command after it opens them
instead of reading every addendum again; and it keeps them only when they are, byte for byte,
what reading the addenda from the graph gives (``reading.readings_of``): proposals, applied
edges, and the readings kept apart for askers who may read a restricted revision.

The project: the review round trip's addendum (one item applied, two proposed), and a second
specification whose revision 1 (``owners`` only) alone holds paragraph 2.9.A, which a second
addendum deletes beside a public paragraph: read apart for whoever may read revision 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_project import PROPOSED, write_review_project

from inforce.engine import Project
from inforce.engine.addenda import reading, readings_file
from inforce.engine.embedding import HashingEmbedder
from inforce.engine.store import build_file
from inforce.ontology import AddendaReadings, InputErrors

from project_copies import ingested_copy

_SPEC = """---
id: SPEC-033100
kind: specification
title: Section 03 31 00 Structural Concrete
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T08:00:00Z
{more}---
SECTION 03 31 00 - STRUCTURAL CONCRETE

PART 2 - PRODUCTS

2.1 MIXES

A. Pier concrete strength at 28 days shall be not less than 4,000 psi.

B. Deck concrete strength at 28 days shall be not less than 5,000 psi.
{extra}"""

_ADDENDUM = """---
id: ADD-07
kind: addendum
title: Addendum No. 7
issued: 2027-02-15
effective: {from: 2027-02-15}
recorded: 2027-02-15T10:00:00Z
---
ADDENDUM NO. 7

2.1 Section 03 31 00, Paragraphs 2.1.B and 2.9.A: Delete the paragraphs in their entirety.
"""

#: reviews.yaml accepting one of the review addendum's proposals (it names ADD-04 alone)
_ACCEPT = """\
- item: ADD-04#1.2
  target: SPEC-099123#2.1.B
  scope: partial
  decision: accept
  by: R. Okafor
  at: 2027-02-20T09:00:00Z
"""


def _write(root: Path) -> Path:
    write_review_project(root)
    docs = root / "documents"
    (docs / "spec-033100-0.md").write_text(_SPEC.format(label="0", seq=1, day="2027-01-04", more="", extra=""))
    (docs / "spec-033100-1.md").write_text(_SPEC.format(
        label="1", seq=2, day="2027-02-01", more='changed: ["2.9"]\naccess: [owners]\n',
        extra="\n2.9 SHAFTS\n\nA. Shaft concrete strength at 28 days shall be not less than 6,500 psi.\n"))
    (docs / "add-07.md").write_text(_ADDENDUM)
    return root


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """The project as its first ingest left it (ingested once per process; a copy per test):
    no command has opened it since."""
    return ingested_copy("readings-after-ingest", lambda root: Project.ingest(_write(root)), tmp_path / "p")


def _kept(readings: AddendaReadings) -> str:
    """Everything the readings file holds, serialised: the readings and those kept apart."""
    return readings.model_dump_json() + "".join(u.model_dump_json() for u in readings._unshared)


def test_the_ingest_keeps_the_readings_of_the_build_it_lands(project: Path) -> None:
    with Project.open(project) as opened:
        snapshot = opened.snapshot
        path = build_file(snapshot.store, "readings")
        assert path is not None and path.is_file()  # written by the ingest, no reader asked yet
        kept = readings_file.open_readings(snapshot)
        assert kept is not None
        again = reading.readings_of(snapshot)
    # the fixture reads every kind of entry the file holds
    assert {(str(p.item), str(p.target)) for p in again.proposed} >= set(PROPOSED.items())
    assert again.applied and again._unshared
    assert [str(i) for u in again._unshared for i in u.items] == ["ADD-07#2.1"]
    assert _kept(kept) == _kept(again)


def test_the_first_command_after_the_ingest_reads_no_addendum(project: Path, monkeypatch) -> None:
    def read_again(snapshot):
        raise AssertionError("the addenda were read again although the ingest kept their readings")

    with Project.open(project) as opened:
        expected = _kept(reading.readings_of(opened.snapshot))
    monkeypatch.setattr(reading, "readings_of", read_again)
    with Project.open(project) as opened:
        assert _kept(readings_file.stored_readings(opened.snapshot)) == expected


def test_an_ingest_that_read_some_addenda_again_keeps_none_of_them(project: Path) -> None:
    """A new decision in reviews.yaml reads again only the addendum it names (ADD-04): what that
    ingest read is not every addendum's reading, so no file is kept for its build, and the first
    reader reads them all from the graph (the accepted proposal still in the file: a review is
    applied after)."""
    with Project.open(project) as opened:
        before = opened.snapshot.build_id
    (project / "reviews.yaml").write_text(_ACCEPT)
    result = Project.ingest(project)
    assert result.rederived == ["ADD-04@0"]  # only the addendum the decision names was read
    with Project.open(project) as opened:
        snapshot = opened.snapshot
        assert snapshot.build_id != before
        assert readings_file.open_readings(snapshot) is None
        stored = readings_file.stored_readings(snapshot)
        assert _kept(stored) == _kept(reading.readings_of(snapshot))
        assert ("ADD-04#1.2", "SPEC-099123#2.1.B") in {(str(p.item), str(p.target)) for p in stored.proposed}


def test_a_failed_ingest_keeps_no_readings(tmp_path: Path) -> None:
    """Two revisions on one day with one seq: the corpus check fails after every addendum was
    read, before the build lands; nothing is kept for a build that never was."""
    root = _write(tmp_path / "p")
    (root / "documents" / "spec-033100-2.md").write_text(_SPEC.format(
        label="2", seq=2, day="2027-02-01", more="", extra=""))
    with pytest.raises(InputErrors, match="ingest failed"):
        Project.ingest(root)
    assert not list((root / ".inforce").glob("readings-*.bin"))


def test_an_ingest_measuring_similarity_keeps_the_readings_without_it(tmp_path: Path) -> None:
    """With an embedder the ingest's proposals carry the similarity of item and target (shown
    by the ingest alone); reading the addenda from the graph measures none, so the kept file
    holds none either."""
    root = _write(tmp_path / "p")
    result = Project.ingest(root, embedder=HashingEmbedder)
    assert {str(p.item) for p in result.proposed if p.evidence.similarity is not None} == set(PROPOSED)
    with Project.open(root) as opened:
        kept = readings_file.open_readings(opened.snapshot)
        assert kept is not None
        assert _kept(kept) == _kept(reading.readings_of(opened.snapshot))
