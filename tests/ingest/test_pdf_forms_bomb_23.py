"""Issue 23, audit 82 B F1/F2: PDF pages whose forms show themselves, or nest ten times at each of
eight levels, or that paint millions of paths (HELPER FIX-89).

A 922-byte page whose form showed itself twice grew pdfium's page load past 7 GB (under a memory
limit: SIGABRT, no message); the text-piece count ran before pdfium loaded the page but did not
follow ``Do`` into forms. A 76 KB page of three million ``0 0 1 1 re f`` took 86 s: only pieces
of text were limited. Forms are now followed (each counted the times it is shown), a form shown
inside itself is refused, and a page's objects are bounded: each an input error naming the file
and page, exit 2, nothing stored, in a child process held to 1.5 GB and 60 s.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from pdf_objects import ingest_one_pdf, write_pdf

from inforce.adapters.ingest.pdf import (
    MAX_PDF_PAGE_OBJECTS,
    MAX_PDF_PAGE_TEXT_OBJECTS,
    pdf_text_layer,
)
from inforce.adapters.ingest.pdfshows import MAX_FORM_DEPTH, FormCycle, page_counts

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
HEAD = b"BT /F1 12 Tf 72 720 Td (1 PURPOSE) Tj 0 -14 Td (1.1 The purpose of this text is a test.) Tj ET\n"




def _stream(data: bytes, extra: bytes = b"") -> bytes:
    data = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode%s >>\nstream\n%s\nendstream" % (len(data), extra, data)


def _form(content: bytes, resources: bytes) -> bytes:
    return _stream(content, b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + resources)


def _page(resources: bytes) -> bytes:
    return (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + resources
            + b" /Contents 5 0 R >>")


def _selfform(path: Path) -> Path:
    """The audit's 922-byte file: the page shows /X, and /X shows text and then itself twice."""
    res = b"<< /Font << /F1 4 0 R >> /XObject << /X 6 0 R >> >>"
    return write_pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                           _page(res), FONT, _stream(HEAD + b"/X Do\n"),
                           _form(b"BT /F1 12 Tf (a) Tj ET /X Do /X Do", res)])


def _nested(path: Path, depth: int, fan: int) -> Path:
    """Forms X0 .. X``depth``: X0 shows a piece of text, each other the one below ``fan`` times
    (the audit's ``forms7``: 8 levels of 10, 10^7 pieces of text in 2.3 KB)."""
    bodies = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", b"", FONT,
              _stream(HEAD + b"/X%d Do\n" % depth)]
    for level in range(depth + 1):
        if level == 0:
            bodies.append(_form(b"BT /F1 12 Tf 10 10 Td (ab) Tj ET", b"<< /Font << /F1 4 0 R >> >>"))
        else:
            bodies.append(_form(b"/X%d Do\n" % (level - 1) * fan,
                                b"<< /XObject << /X%d %d 0 R >> >>" % (level - 1, 5 + level)))
    bodies[2] = _page(b"<< /Font << /F1 4 0 R >> /XObject << /X%d %d 0 R >> >>" % (depth, 6 + depth))
    return write_pdf(path, bodies)


def _paths(path: Path, count: int) -> Path:
    """The audit's F2 page: two lines of text, then ``count`` filled squares."""
    return write_pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                           _page(b"<< /Font << /F1 4 0 R >> >>"), FONT, _stream(HEAD + b"0 0 1 1 re f\n" * count)])






@pytest.mark.parametrize(("build", "said"), [
    (_selfform, "page 1 shows form /X inside itself"),
    (lambda path: _nested(path, 7, 10), f"page 1 shows more than {MAX_PDF_PAGE_TEXT_OBJECTS:,} pieces of text"),
    (lambda path: _paths(path, 3_000_000), f"page 1 holds more than {MAX_PDF_PAGE_OBJECTS:,} objects"),
], ids=["form-shows-itself", "eight-levels-of-ten", "three-million-paths"])
def test_a_page_of_forms_or_paths_past_the_limits_is_refused_in_bounded_memory_and_time(tmp_path: Path, build,
                                                                                      said: str):
    child, elapsed, root = ingest_one_pdf(tmp_path, build)
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    assert "documents/bomb.pdf" in child.stderr and said in child.stderr, child.stderr[-2000:]
    assert elapsed < 30, elapsed
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def test_forms_are_counted_each_time_they_are_shown_and_a_cycle_is_named(tmp_path: Path):
    # 3 levels of 4: 64 pieces in the forms, 2 in the page; objects: the shows and each Do
    [(page, count)] = list(page_counts(_nested(tmp_path / "n.pdf", 3, 4), 10_000, 10_000))
    assert (page, count.shows, count.problem) == (1, 2 + 4**3, None)
    assert count.objects == 2 + 4**3 + (1 + 4 + 16 + 64)
    [(_, cycle)] = list(page_counts(_selfform(tmp_path / "s.pdf"), 10_000, 10_000))
    assert isinstance(cycle.problem, FormCycle) and cycle.problem.name == "X"


def test_forms_nested_past_the_depth_limit_are_refused(tmp_path: Path):
    from inforce.ontology import InputError

    with pytest.raises(InputError) as caught:
        pdf_text_layer(_nested(tmp_path / "deep.pdf", MAX_FORM_DEPTH + 1, 1), file="documents/deep.pdf")
    assert f"page 1 nests forms more than {MAX_FORM_DEPTH} deep" in caught.value.message


def test_an_ordinary_pdf_showing_forms_a_few_times_is_read(tmp_path: Path):
    layer = pdf_text_layer(_nested(tmp_path / "ok.pdf", 2, 3), file="documents/ok.pdf")
    assert layer.page_count == 1
    assert "ab" in layer.page_text(1) and "1.1 The purpose" in layer.page_text(1)  # pdfium drops repeats laid on one place
    drawn = pdf_text_layer(_paths(tmp_path / "drawn.pdf", 5_000), file="documents/drawn.pdf")
    assert "1 PURPOSE" in drawn.page_text(1)
