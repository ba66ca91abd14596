"""Issue 23, the twenty-first audit: a PDF that decompresses without bound (HELPER FIX-G1).

A few KB of PDF whose pages all show one Flate-compressed content stream of many thousands of
text runs unpacked, page after page, into hundreds of MB of pdfium's text objects (one page of
the audit's file: 60 s and 3 GB, stored with exit 0). ``pdf.read_text_layer`` now holds a PDF to
its pages, the text runs on a page (counted before pdfium builds the page's text), the characters
on a page and the characters in all, each checked as the file is read: past one, an input error
naming the file and the page, exit 2, nothing stored.
"""

from __future__ import annotations

import time
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import pdf as pdfmod
from inforce.adapters.ingest.pdf import MAX_PDF_PAGE_TEXT_OBJECTS, pdf_text_layer
from inforce.ontology import InputError

SIDECAR = (
    "id: BOMB-1\nkind: specification\ntitle: Bomb\nissued: 2026-01-01\n"
    "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n"
)


def _pdf(path: Path, *, pages: int, runs: int, words: str = "Anchor bolts are galvanized") -> Path:
    """A PDF of ``pages`` pages that all show one shared, compressed content stream of ``runs``
    text runs, one a line: a few KB on disk however many runs it holds."""
    lines = b"".join(b"0 -11 Td (%s %d) Tj\n" % (words.encode(), n % 97) for n in range(runs))
    stream = zlib.compress(b"BT /F 9 Tf 50 760 Td\n" + lines + b"ET\n", 9)
    bodies = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count %d /Kids [%s] >>"
        % (pages, b" ".join(b"%d 0 R" % (5 + n) for n in range(pages))),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
        b"<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
    ] + [
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F 3 0 R >> >> >>"
    ] * pages
    data, offsets = bytearray(b"%PDF-1.5\n"), []
    for number, body in enumerate(bodies, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += b"trailer\n<< /Root 1 0 R /Size %d >>\nstartxref\n%d\n%%%%EOF\n" % (len(bodies) + 1, table)
    path.write_bytes(bytes(data))
    return path


def test_a_pdf_bomb_is_refused_quickly_naming_file_and_page_and_nothing_is_stored(tmp_path: Path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bomb\nfacets: []\nrules: []\n")
    bomb = _pdf(root / "documents" / "bomb.pdf", pages=5, runs=MAX_PDF_PAGE_TEXT_OBJECTS + 5_000)
    assert bomb.stat().st_size < 64 * 1024  # small on disk, huge unpacked
    (root / "documents" / "bomb.pdf.yaml").write_text(SIDECAR)
    started = time.monotonic()
    result = CliRunner().invoke(app, ["ingest", str(root)])
    elapsed = time.monotonic() - started
    assert result.exit_code == 2, result.output
    assert "documents/bomb.pdf:" in result.stderr
    assert "page 1 shows more than" in result.stderr and f"{MAX_PDF_PAGE_TEXT_OBJECTS:,}" in result.stderr
    assert elapsed < 20, elapsed  # stopped at page 1, before pdfium builds its text
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def test_an_ordinary_pdf_under_the_limits_is_read_whole(tmp_path: Path):
    layer = pdf_text_layer(_pdf(tmp_path / "ok.pdf", pages=3, runs=40), file="documents/ok.pdf")
    assert layer.page_count == 3
    assert layer.page_text(3).count("Anchor bolts are galvanized") == 40


@pytest.mark.parametrize(
    ("limit", "value", "said"),
    [
        ("MAX_PDF_PAGES", 2, "3 pages; at most 2 are read"),
        ("MAX_PDF_PAGE_CHARS", 500, "page 1 holds"),
        ("MAX_INPUT_BYTES", 2_500, "passes 2,500 characters by page 3"),
    ],
)
def test_each_limit_stops_the_read_at_the_page_past_it(tmp_path: Path, monkeypatch, limit, value, said):
    # the limits are lowered here so a small file passes them; the file itself is unchanged
    pdf = _pdf(tmp_path / "b.pdf", pages=3, runs=40)
    monkeypatch.setattr(pdfmod, limit, value)
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/b.pdf")
    assert caught.value.file == "documents/b.pdf"
    assert "the PDF is too large to read" in caught.value.message and said in caught.value.message
