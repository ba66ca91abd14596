"""Issue 23, the twenty-first audit: a PDF that decompresses without bound (HELPER FIX-G1).

A few KB of PDF whose pages all show one Flate-compressed content stream of many thousands of
text runs unpacked, page after page, into hundreds of MB of pdfium's text objects (one page of
the audit's file: 60 s and 3 GB, stored with exit 0). ``pdf.read_text_layer`` now holds a PDF to
its pages, the text runs on a page (counted before pdfium builds the page's text), the characters
on a page and the characters in all, each checked as the file is read: past one, an input error
naming the file and the page, exit 2, nothing stored.
"""

from __future__ import annotations

import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from pdf_objects import write_pdf
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import pdf as pdfmod
from inforce.adapters.ingest.pdf import MAX_PDF_PAGE_TEXT_OBJECTS, pdf_text_layer
from inforce.adapters.ingest.pdfshows import _Counter, page_text_shows
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
    return write_pdf(path, bodies, b"1.5")




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


def test_a_pdf_past_the_page_limit_is_refused_before_its_pages_are_counted(tmp_path: Path):
    """Audit 91 B F1: a PDF past ``MAX_PDF_PAGES`` was refused only after the first count had
    walked every page (20,000 tiny pages 9.5 s, 100,000 pages 36 s: linear in the pages); pdfium's
    page count, known when the file opens, is checked first. 30,000 pages (about 5 MB, all showing
    one shared stream) took some 15-30 s here; they are refused at once, in the same words, exit 2,
    nothing stored."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: pages\nfacets: []\nrules: []\n")
    _pdf(root / "documents" / "many.pdf", pages=30_000, runs=1)
    (root / "documents" / "many.pdf.yaml").write_text(SIDECAR)
    started = time.monotonic()
    with pytest.raises(InputError) as caught:
        pdf_text_layer(root / "documents" / "many.pdf", file="documents/many.pdf")
    elapsed = time.monotonic() - started
    assert caught.value.message == (
        "the PDF is too large to read: 30,000 pages; at most 10,000 are read")
    assert elapsed < 3, elapsed
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    assert "documents/many.pdf: the PDF is too large to read: 30,000 pages; at most 10,000 are read" in result.stderr
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


# -- audit 63 F01: the pieces of text counted before pdfium loads the page ------------------


def _one_stream_pdf(path: Path, shows: int, hex_coded: bool = False) -> Path:
    """One page whose content stream, Flate-compressed (or hex-coded), is ``shows`` times
    ``(x) Tj``: a few KB on disk, and pdfium used to build an object for each show as it
    loaded the page."""
    content = b"BT /F 12 Tf 72 700 Td " + b"(x) Tj " * shows + b"ET"
    stream = content.hex().encode() + b">" if hex_coded else zlib.compress(content, 9)
    code = b"/ASCIIHexDecode" if hex_coded else b"/FlateDecode"
    bodies = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F 5 0 R >> >> >>",
        b"<< /Filter %s /Length %d >>\nstream\n%s\nendstream" % (code, len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return write_pdf(path, bodies, b"1.7")


_PEAK_ON_EXIT = """
import atexit, re, sys
from pathlib import Path
peak = Path(sys.argv.pop(1))
atexit.register(lambda: peak.write_text(re.search(r"VmHWM:\\s*(\\d+)", Path("/proc/self/status").read_text())[1]))
sys.argv[0] = "inforce"
from inforce.adapters.cli import app
app()
"""


def test_a_page_of_a_million_shows_is_refused_before_pdfium_loads_it(tmp_path: Path):
    """The audit's page of 30 million ``(x) Tj`` was refused rightly, but after 37 s and 10 GB:
    pdfium had built every object before they were counted. A million of them, ingested in a
    child process, are refused in the little memory the ingest needs anyway (pdfium's objects
    would be some 300 MB more)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bomb\nfacets: []\nrules: []\n")
    bomb = _one_stream_pdf(root / "documents" / "bomb.pdf", 1_000_000)
    assert bomb.stat().st_size < 64 * 1024
    (root / "documents" / "bomb.pdf.yaml").write_text(SIDECAR)
    started = time.monotonic()
    # the child's own peak (VmHWM, its memory since exec), written as it exits: the peak
    # wait4 reports starts from this test process's, which exec'd the child
    peak = tmp_path / "peak"
    child = subprocess.run(
        [sys.executable, "-c", _PEAK_ON_EXIT, str(peak), "ingest", str(root)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120)
    elapsed = time.monotonic() - started
    assert child.returncode == 2, child.stderr
    assert "page 1 shows more than" in child.stderr and f"{MAX_PDF_PAGE_TEXT_OBJECTS:,}" in child.stderr
    peak_kb = int(peak.read_text())
    assert peak_kb < 250 * 1024, peak_kb  # the CLI alone is about 100 MB
    assert elapsed < 20, elapsed


@pytest.mark.parametrize("size", [1, 2, 3, 5, 64])
def test_shows_are_counted_whatever_the_slices_the_stream_unpacks_in(size: int):
    """Each operator is counted once, split across slices or not; one inside a word is not."""
    content = (b"BT (a) Tj [(b) 2 (c)] TJ (d)' 1 2 (e)\" (Tjx) Tj\n(f)Tj ET Tjx xTj 'a (don't)Tj")
    counter = _Counter()
    for start in range(0, len(content), size):
        counter.feed(content[start:start + size])
    assert counter.finish() == 7


def test_a_page_past_the_limit_is_named_with_its_number(tmp_path: Path):
    """Pages under the limit pass; the first past it is named, from its content stream."""
    pdf = _pdf(tmp_path / "b.pdf", pages=2, runs=30)
    assert list(page_text_shows(pdf, 100)) == [(1, 30), (2, 30)]
    assert list(page_text_shows(pdf, 20)) == [(1, 30), (2, 30)]  # each counted just past it


def test_a_hex_coded_stream_is_counted_before_pdfium_loads_the_page(tmp_path: Path):
    """A hex-coded stream was left to pdfium's count of the loaded page (audit 83 B F1: a form
    showing itself under ASCIIHexDecode then grew the load to 5 GB); it is now unpacked and
    counted first, just past the limit."""
    pdf = _one_stream_pdf(tmp_path / "hex.pdf", MAX_PDF_PAGE_TEXT_OBJECTS + 5, hex_coded=True)
    [(page, shows)] = list(page_text_shows(pdf, MAX_PDF_PAGE_TEXT_OBJECTS))
    assert page == 1 and shows > MAX_PDF_PAGE_TEXT_OBJECTS
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/hex.pdf")
    assert f"page 1 shows more than {MAX_PDF_PAGE_TEXT_OBJECTS:,} pieces of text" in caught.value.message


def test_a_stream_whose_length_refers_to_itself_is_refused_in_bounded_time(tmp_path: Path):
    """Audit 72 B F4: a content stream whose ``/Length`` is a reference to that stream made the
    count recurse to Python's limit and playa's parser log a syntax error and try again without
    end: ingest ran for ever, 0.5 MB/s of lines on stderr. The count stops at the cycle; since
    audit 84 B F1 (the same /Length on a form showing itself twice grew pdfium's page load to 4 GB)
    a page the count cannot read is refused, never left to pdfium: ingest, in a child process
    under a timeout, says so naming the file and the page, with no line of playa's on stderr."""
    text = b"BT /F 12 Tf 72 720 Td (1 PURPOSE) Tj 0 -20 Td (1.1 Records are kept 7 years.) Tj ET"
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bomb\nfacets: []\nrules: []\n")
    pdf = write_pdf(root / "documents" / "selflen.pdf", [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F 5 0 R >> >> >>",
        b"<< /Length 4 0 R >>\nstream\n" + text + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ], b"1.7")
    (root / "documents" / "selflen.pdf.yaml").write_text(SIDECAR)
    child = subprocess.run([sys.executable, "-c", "import sys\nsys.argv[0] = 'inforce'\n"
                            "from inforce.adapters.cli import app\napp()", "ingest", str(root)],
                           capture_output=True, text=True, timeout=60)
    assert child.returncode == 2, child.stderr[-2000:]
    said = child.stdout + child.stderr
    assert "documents/selflen.pdf" in said and "page 1 could not be read" in said, said[-2000:]
    assert "Syntax error" not in said, said[-2000:]
    assert list(page_text_shows(pdf, 100)) == [(1, 0)]  # in this process only once the child ended


@pytest.mark.parametrize(("pages", "box", "code"), [
    (b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>", b"[0 0 612 792]", 2),  # a page tree holding itself
    (b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", b"[0 0 1e309 NaN]", 0),  # no size a page has
], ids=["page-tree-cycle", "nan-mediabox"])
def test_the_first_counts_library_says_nothing_of_its_own(tmp_path: Path, caplog, pages: bytes, box: bytes,
                                                           code: int):
    """Audit 72 B F8: playa's "Circular reference 2 in page tree" and "MediaBox [...] invalid in
    Page id 3, defaulting to US Letter" were printed among ingest's lines; ingest's own words
    (damaged; read) stand alone."""
    text = b"BT /F 12 Tf 72 720 Td (1 PURPOSE) Tj 0 -20 Td (1.1 Records are kept 7 years.) Tj ET"
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bomb\nfacets: []\nrules: []\n")
    write_pdf(root / "documents" / "odd.pdf", [
        b"<< /Type /Catalog /Pages 2 0 R >>", pages,
        b"<< /Type /Page /Parent 2 0 R /MediaBox " + box + b" /Contents 4 0 R /Resources << /Font << /F 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(text), text),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ], b"1.7")
    (root / "documents" / "odd.pdf.yaml").write_text(SIDECAR)
    done = CliRunner().invoke(app, ["ingest", str(root)])  # a library's warning goes to stderr in a console
    assert done.exit_code == code, done.output
    said = [record.getMessage() for record in caplog.records if record.name.startswith("playa")]
    assert not said, said
