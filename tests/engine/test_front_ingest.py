"""``Project.ingest``, ``Project.lag`` and ``Project.embed``: the engine's doors for writing a
graph and for what it lacks, reading files only through a ``DocumentReader``."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inforce.adapters.ingest import FileReader
from inforce.engine import DocumentReader, ParsedFile, Project
from inforce.engine.embedding import HashingEmbedder
from inforce.engine.ingest import reader as reader_port
from inforce.ontology import InforceError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "sop-retention"
    shutil.copytree(EXAMPLES / "sop-retention", root, ignore=shutil.ignore_patterns(".inforce"))
    return root


class CountingReader:
    """The package's reader, counting what the engine asks of it."""

    def __init__(self) -> None:
        self.inner = FileReader()
        self.parsed: list[str] = []
        self.hashed: list[str] = []

    def open(self, root: Path):
        files = self.inner.open(root)
        reader = self

        class Counting:
            manifest = files.manifest
            warnings = files.warnings

            def __enter__(self):
                files.__enter__()
                return self

            def __exit__(self, *exc):
                files.__exit__(*exc)

            def discover(self):
                return files.discover()

            def content_hash(self, name):
                reader.hashed.append(name)
                return files.content_hash(name)

            def parse(self, name) -> ParsedFile:
                reader.parsed.append(name)
                return files.parse(name)

            def text_line(self, document):
                return files.text_line(document)

            def lines_at(self, document, places):
                return files.lines_at(document, places)

            def registry(self):
                return files.registry()

        return Counting()


def test_ingest_with_no_reader_uses_the_installed_default(project):
    result = Project.ingest(project)
    assert result.swapped and len(result.added) == 6 and result.provisions > 0
    with Project.open(project) as opened:
        assert opened.build_id == result.build_id
        assert opened.asof("SOP-114#5.2", dt.date(2026, 5, 1)).resolved is not None
    again = Project.ingest(project)
    assert not again.swapped and again.unchanged == 6 and again.build_id == result.build_id


@pytest.mark.slow
def test_the_engine_reads_files_only_through_the_reader_it_is_given(project):
    counting = CountingReader()
    assert isinstance(counting, DocumentReader)
    first = Project.ingest(project, reader=counting)
    # every file (a predecessor is read again to compare with a revision's `changed` list)
    assert set(counting.parsed) == {f"documents/{p.name}" for p in (project / "documents").glob("*.md")}
    assert counting.hashed == []  # a first ingest hashes nothing: every file is new and parsed
    counting.parsed.clear()
    edited = project / "documents" / "sop-121-rev-a.md"
    edited.write_text(edited.read_text() + "\nOne more closing sentence.\n")
    second = Project.ingest(project, reader=counting)
    assert counting.parsed == ["documents/sop-121-rev-a.md"]  # the content hash decided, in the engine
    assert len(counting.hashed) == 6
    assert second.swapped and second.replaced == ["SOP-121@A"] and second.build_id != first.build_id


def test_ingest_without_an_installed_reader_says_so(project, monkeypatch):
    monkeypatch.setattr(reader_port, "entry_points", lambda group: [])
    reader_port._installed_reader.cache_clear()  # an earlier test of this process found it: look again
    with pytest.raises(InforceError, match="no document reader is installed"):
        Project.ingest(project)
    assert not (project / ".inforce").exists()


def test_the_installed_reader_is_looked_up_once_per_process(monkeypatch):
    """Listing an entry point group reads every installed distribution's metadata (~40 ms): done
    once, each call still gets a reader of its own; a lookup that found none is not kept."""
    asked = []
    listed = reader_port.entry_points

    def counting(group):
        asked.append(group)
        return listed(group=group)

    monkeypatch.setattr(reader_port, "entry_points", counting)
    reader_port._installed_reader.cache_clear()
    first, second = reader_port.default_reader(), reader_port.default_reader()
    assert asked == [reader_port.READERS]
    assert type(first) is type(second) and first is not second
    monkeypatch.setattr(reader_port, "entry_points", lambda group: [])
    reader_port._installed_reader.cache_clear()
    with pytest.raises(InforceError, match="no document reader is installed"):
        reader_port.default_reader()
    monkeypatch.setattr(reader_port, "entry_points", counting)
    reader_port.default_reader()
    assert asked == [reader_port.READERS] * 2


def test_importing_the_engine_imports_no_adapter():
    code = ("import sys, inforce.engine; "
            "print(sorted(m for m in sys.modules if m.startswith('inforce.adapters')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
def test_lag_reads_the_registry_through_the_reader(project):
    now = dt.datetime(2026, 9, 1, tzinfo=dt.UTC)
    before = Project.lag(project, now=now)
    assert before.lagging and len(before.pending) == 6 and before.ingested_revisions == 0
    assert {item.source for item in before.pending} == {
        f"documents/{p.name}" for p in (project / "documents").glob("*.md")}
    Project.ingest(project)
    after = Project.lag(project, now=now)
    assert not after.lagging and after.registry_revisions == after.ingested_revisions == 6


@pytest.mark.slow
def test_embed_puts_vectors_into_the_graph(project):
    Project.ingest(project)
    report = Project.embed(project, HashingEmbedder(16), batch_size=8)
    assert report.applied and report.embedded > 0 and report.vectors_added == report.embedded
    again = Project.embed(project, HashingEmbedder(16))
    assert again.missing == 0 and again.embedded == 0
