"""Audit 52: erase's read-back said "none holds the erased text" (exit 0) while copies were left
in forms it did not read: a Word file whose word is cut across two runs (``ow`` | ``ner's``: the
end of a run's text was taken for a blank), a PDF whose page is a FlateDecode stream, RTF with
``\\rquote`` or ``{\\b heavy}`` inside the sentence, bzip2 and xz, a plain XML file with the same
cut word, a URL with ``%27``. And a file it read only as raw bytes (an image) passed as read
back. Now each of those forms is read as text (``ontology.readback``), and a file in a binary
format it does not decode is named "not read back", many of them on one line.

Through the real CLI on real files; ``read_back`` on its own for each form too."""

from __future__ import annotations

import bz2
import io
import lzma
import shutil
import zipfile
import zlib
from pathlib import Path

import pytest
from erase_read_back import erase_sec1_lines

from inforce.adapters.cli import app
from tests.cli.test_cli_erase import runner
from tests.support.corpus_writer import FRONT_MATTER

SENTENCE = "Anchor bolts shall match the owner's heavy galvanizing."
BOILERPLATE = "Comply with the requirements of the Contract Documents and the Building Code in force at bid time."
PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8


def _front(doc: str) -> str:
    return FRONT_MATTER.format(id=doc, kind="specification", title=f"Section {doc}", day="2026-01-01", extra="")


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit52") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n")
    (root / "documents" / "sec-1.md").write_text(_front("SEC-1") + f"1.1 ANCHORS\n\nA. {SENTENCE}\n\n"
                                                 f"1.2 CODES\n\nA. {BOILERPLATE}\n")
    (root / "documents" / "pub-1.md").write_text(_front("PUB-1") + f"2.1 CODES\n\nB. {BOILERPLATE}\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture
def project(ingested: Path, tmp_path: Path) -> Path:
    return shutil.copytree(ingested, tmp_path / "project")


def _word(text: str) -> bytes:
    """The document part of a Word file cutting ``owner`` after ``ow`` into a bold run."""
    first, second = text.split("ow", 1) if "owner" in text else (text, "")
    return (b"<w:document><w:body><w:p><w:r><w:t>" + first.encode() + b"ow</w:t></w:r><w:r><w:rPr><w:b/></w:rPr>"
            b"<w:t>" + second.replace("'", "&apos;").encode() + b"</w:t></w:r></w:p></w:body></w:document>")


def _pdf(text: str) -> bytes:
    """A PDF holding ``text`` only in its page's FlateDecode content stream."""
    content = zlib.compress(b"BT /F1 12 Tf 72 712 Td (" + text.encode().replace(b"'", b"\\047") + b") Tj ET")
    return (b"%PDF-1.4\n1 0 obj<</Length " + str(len(content)).encode() + b"/Filter/FlateDecode>>stream\n"
            + content + b"\nendstream endobj\n%%EOF\n")


def _forms(text: str) -> dict[str, bytes]:
    """A copy of ``text`` in each form the audit found missed, by file name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", _word(text))
        archive.writestr("word/media/image1.png", PICTURE)  # the document's own picture: not named
    return {
        "copy.docx": buffer.getvalue(),
        "copy.pdf": _pdf(text),
        "quote.rtf": b"{\\rtf1\\ansi " + text.replace("'", "\\rquote ").encode() + b"\\par}",
        "bold.rtf": b"{\\rtf1\\ansi " + text.replace("heavy", "{\\b heavy}").replace("'", "\\'92").encode() + b"\\par}",
        "copy.txt.bz2": bz2.compress(text.encode()),
        "copy.txt.xz": lzma.compress(text.encode()),
        "split.xml": _word(text),
        "link.txt": b"https://example.org/?q=" + text.replace(" ", "%20").replace("'", "%27").encode(),
    }


@pytest.mark.slow
def test_every_copy_form_the_audit_found_is_named(project: Path) -> None:
    (project / "notes").mkdir()
    for name, data in _forms(SENTENCE).items():
        (project / "notes" / name).write_bytes(data)
    named = erase_sec1_lines(project, code=1)
    assert [name for name in _forms(SENTENCE) if f"notes/{name}" not in named] == [], named


@pytest.mark.slow
def test_a_picture_is_named_not_read_back_and_many_on_one_line(project: Path) -> None:
    (project / "scan.png").write_bytes(PICTURE)
    said = erase_sec1_lines(project, code=1)
    assert any(line.startswith("scan.png (not read back: binary") for line in said), said


def test_many_files_read_only_as_raw_bytes_are_one_line(tmp_path: Path) -> None:
    from inforce.engine.store.erase import files_holding
    from inforce.ontology.readback import WordRuns, runs_of

    for at in range(7):
        (tmp_path / f"photo-{at}.png").write_bytes(PICTURE)
    (tmp_path / "note.txt").write_text("Nothing erased here.\n")
    checked, found = files_holding(tmp_path, WordRuns(runs_of(SENTENCE)))
    assert checked == 8
    assert found == ["7 files (not read back: in binary formats read only as raw bytes, images and others): "
                     "photo-0.png, photo-1.png, photo-2.png, photo-3.png, photo-4.png and 2 more"], found


@pytest.mark.slow
def test_text_boilerplate_a_store_and_a_word_files_picture_name_nothing(project: Path) -> None:
    """A plain-text project: its store's binary files and a Word file's picture are not named."""
    (project / "codes.txt").write_text(f"Standard wording:\n{BOILERPLATE}\n")
    (project / "memo.docx").write_bytes(_forms("The memo says nothing of it.")["copy.docx"])
    said = erase_sec1_lines(project, code=0)
    assert "none holds the erased text" in " ".join(said), said


# ---- the reader on its own -------------------------------------------------------------------


@pytest.mark.parametrize("name", list(_forms(SENTENCE)))
def test_read_back_reads_each_form(tmp_path: Path, name: str) -> None:
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    path = tmp_path / name
    path.write_bytes(_forms(SENTENCE)[name])
    assert read_back(path, WordRuns(runs_of(SENTENCE))).holds
    # the same form holding other words is not the text, and nothing of it went unread
    other = SENTENCE.replace("heavy", "light")
    path.write_bytes(_forms(other)[name])
    assert not read_back(path, WordRuns(runs_of(SENTENCE))).holds
    assert read_back(path, WordRuns(runs_of(SENTENCE))).unread == ()


def test_read_back_names_what_it_reads_only_as_raw_bytes(tmp_path: Path) -> None:
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    runs = WordRuns(runs_of(SENTENCE))
    (tmp_path / "scan.png").write_bytes(PICTURE)
    assert read_back(tmp_path / "scan.png", runs).unread
    # a PDF whose page is in a filter it does not decode, or shows no text: said so
    (tmp_path / "lzw.pdf").write_bytes(b"%PDF-1.4\n1 0 obj<</Length 4/Filter/LZWDecode>>stream\n\x80\x0b\x60\x50"
                                       b"\nendstream endobj\n%%EOF\n")
    assert "LZWDecode" in " ".join(read_back(tmp_path / "lzw.pdf", runs).unread)
    # UTF-16 text without a mark is text, not binary
    (tmp_path / "wide.txt").write_bytes("Nothing erased here at all.".encode("utf-16-le"))
    assert read_back(tmp_path / "wide.txt", runs).unread == ()
