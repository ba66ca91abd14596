"""Audit MM4 of issue 23 (the 42nd): the embedding cache, output paths, Word and CSV reading.

MM4-7 (high): a zero-byte ``.inforce/embeddings.sqlite`` (a cache cut short at creation; SQLite
opens it as an empty database) passed the one cache opener, and ``erase`` then exited 70 ("no
such table: vectors") with its erasure pending: the project was wedged. The opener
(``store._embed.open_cache``) now takes a cache without its ``vectors`` table for one that does
not read (an erasure deletes it and says so, as a corrupt one); ``embed`` (which creates the
cache) makes the table in it, as in a new file: there is nothing in it to lose.
"""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.embedding import HashingEmbedder
from inforce.ontology import StoreError
from tests.support.erasure_cases import leave_erasure_pending
from tests.support.in_process import inforce

_SPEC = ("---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi "
         "with zzerasedword aggregate.\n")


def _cli(*args: object) -> subprocess.CompletedProcess[str]:
    """The command run in this process (``tests/support/in_process``): none of these needs a
    process of its own, and each started one paid the imports and the packs' compilation again."""
    return inforce(*args)


def _project(root: Path, *, ingest: bool = True) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mm4\n")
    (root / "documents" / "spec-1.md").write_text(_SPEC)
    if ingest:
        Project.ingest(root)
    return root


def _cache(root: Path) -> Path:
    return root / ".inforce" / "embeddings.sqlite"


# ---- MM4-7: a cache without its table ------------------------------------------------------


def test_the_opener_takes_a_zero_byte_cache_for_one_that_does_not_read(tmp_path: Path) -> None:
    from inforce.engine.store._embed import open_cache

    path = tmp_path / "embeddings.sqlite"
    path.write_bytes(b"")
    with pytest.raises(StoreError, match=r"embeddings\.sqlite.*no vectors table"):
        open_cache(path)


def test_erase_deletes_a_zero_byte_cache_says_so_and_finishes(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    _cache(root).write_bytes(b"")
    with Project.open(root) as opened:
        result = opened.erase("SPEC-1", by="aud")
    assert "embeddings.sqlite" in result.cache_dropped  # type: ignore[union-attr]
    assert not (root / "documents" / "spec-1.md").exists()
    assert "state: \"pending\"" not in (root / "erasures.yaml").read_text()


def test_an_erasure_left_pending_finishes_on_a_rerun_with_a_zero_byte_cache(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path / "p")
    leave_erasure_pending(root, "SPEC-1", monkeypatch)
    _cache(root).write_bytes(b"")
    run = _cli("erase", root, "SPEC-1", "--by", "aud", "--confirm", "SPEC-1")
    assert run.returncode in (0, 1), run.stderr  # never 70
    assert "state: \"pending\"" not in (root / "erasures.yaml").read_text()
    assert not (root / "documents" / "spec-1.md").exists()


def test_embed_makes_the_table_in_a_zero_byte_cache(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    _cache(root).write_bytes(b"")
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    db = sqlite3.connect(_cache(root))
    assert db.execute("SELECT count(*) FROM vectors").fetchone()[0] > 0
    db.close()


# ---- MM4-4: -o into the store ------------------------------------------------------------------


def test_an_output_inside_the_store_is_refused_and_the_store_kept(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    pointer = root / ".inforce" / "CURRENT"
    before = pointer.read_bytes()
    run = _cli("stats", root, "-o", pointer)
    assert run.returncode == 2, run.stderr
    assert ".inforce" in run.stderr and "-o" in run.stderr
    assert pointer.read_bytes() == before
    assert _cli("stats", root).returncode == 0


# ---- MM4-5: a Word imported chunk ----------------------------------------------------------


def test_a_word_alt_chunk_is_said_not_read_at_its_paragraph(tmp_path: Path) -> None:
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls, qn

    from inforce.adapters.ingest.docx import docx_text_layer

    from docx_writer import WordWriter

    writer = WordWriter()
    writer.paragraph("3.1 SLABS")
    writer.paragraph("A. Slab thickness 200 mm.")
    body = writer.document.element.body
    body.find(qn("w:sectPr")).addprevious(parse_xml(
        f'<w:altChunk {nsdecls("w", "r")} r:id="rIdAlt"/>'))
    path = writer.save(tmp_path / "x.docx")
    layer = docx_text_layer(path, file="documents/x.docx")
    [warning] = [w for w in layer.warnings if w.field == "alt_chunk"]
    assert warning.file == "documents/x.docx" and warning.line == 2
    assert "altChunk" in warning.message and "not read" in warning.message


# ---- MM4-6: a Word list number format not written as Word prints it ------------------------


@pytest.mark.parametrize("number_format", ["chineseCounting", "ordinalText", "cardinalText", "ganada"])
def test_a_list_number_format_written_in_digits_is_said(tmp_path: Path, number_format: str) -> None:
    from inforce.adapters.ingest.docx import docx_text_layer

    from docx_writer import WordWriter

    writer = WordWriter()
    writer.paragraph("2.1 MIXTURES")
    listed = writer.list_numbering([(number_format, "%1.")])
    writer.numbered("Strength 4,000 psi.", listed)
    writer.numbered("Slump 4 inches.", listed)
    path = writer.save(tmp_path / "x.docx")
    layer = docx_text_layer(path, file="documents/x.docx")
    [warning] = [w for w in layer.warnings if w.field == "number_format"]
    assert number_format in warning.message and warning.file == "documents/x.docx" and warning.line == 2


def test_list_numbers_word_prints_as_inforce_writes_them_are_not_said(tmp_path: Path) -> None:
    from inforce.adapters.ingest.docx import docx_text_layer

    from docx_writer import WordWriter

    writer = WordWriter()
    listed = writer.list_numbering([("upperLetter", "%1."), ("decimal", "%2.")])
    writer.numbered("Strength 4,000 psi.", listed)
    writer.numbered("Slump 4 inches.", listed, 1)
    layer = docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    assert not [w for w in layer.warnings if w.field == "number_format"]


# ---- MM4-3: a CSV schedule's unbound quantities at their line ---------------------------------


def test_a_csv_rows_unbound_quantities_are_listed_at_its_line(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mm4\n")
    (root / "documents" / "sched.csv").write_text("Mark,Width (furlongs),Depth\nF1,24,300 mm\n\nF2,3,450 mm\n")
    (root / "documents" / "sched.csv.yaml").write_text(
        "id: SCH-F\nkind: schedule\ntitle: Footings\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    result = Project.ingest(root)
    items = [(item.line, item.text) for item in result.unbound.items if item.file.endswith("sched.csv")]
    assert items and all(line is not None for line, _ in items), items
    assert {line for line, text in items if "450" in text} == {4}
    assert {line for line, text in items if "300" in text} == {2}
