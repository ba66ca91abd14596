"""Audit 102 C F2: a one-page PDF whose content stream FlateDecodes to N MiB of blanks (and one
``(1 SCOPE) Tj``) was read in full, about 0.1-0.2 s a MiB unpacked (a 306 KB file of 300 MiB: 77 s,
729 MB): no count saw blanks, which pdfium parses and the count before it read all the same. The bytes
a page's content unpacks to (its forms' each time shown) are now counted by that count, which stops
past ``MAX_PDF_PAGE_CONTENT_BYTES`` on a page and ``MAX_PDF_CONTENT_BYTES`` in all: an input error
naming the file and the page, exit 2, nothing stored."""

from __future__ import annotations

import time
import zlib
from pathlib import Path

import pytest
from pdf_objects import graph_stored, ingest_one_pdf, write_pdf

from inforce.adapters.ingest.pdf import (
    MAX_PDF_CONTENT_BYTES,
    MAX_PDF_PAGE_CONTENT_BYTES,
    pdf_text_layer,
)
from inforce.adapters.ingest.pdfshows import page_counts
from inforce.ontology import InputError

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
TEXT = b"BT /F1 12 Tf 72 720 Td (1 SCOPE) Tj ET "
MIB = 2**20


def _blanks(size: int, head: bytes = b"") -> bytes:
    """``head`` then blanks to ``size`` bytes in all, FlateDecoded a MiB at a time (a few KB a MiB)."""
    packer = zlib.compressobj(9)
    out = [packer.compress(head)]
    left = size - len(head)
    while left > 0:
        out.append(packer.compress(b" " * min(left, MIB)))
        left -= MIB
    return b"".join(out) + packer.flush()


def _stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d /Filter /FlateDecode %s>>\nstream\n%s\nendstream" % (len(data), extra, data)


def _one_page(path: Path, size: int) -> Path:
    """One page whose content unpacks to ``size`` bytes: its text, then blanks."""
    return write_pdf(path, [
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        _stream(_blanks(size, TEXT)), FONT])


def _form_pages(path: Path, pages: int, form_size: int, shown: int) -> Path:
    """``pages`` pages sharing one content stream, which shows one form of ``form_size`` bytes
    (blanks) ``shown`` times, after its text."""
    content = zlib.compress(TEXT + b"/X Do " * shown)
    kids = b" ".join(b"%d 0 R" % (6 + number) for number in range(pages))
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
            b"/Resources << /Font << /F1 4 0 R >> /XObject << /X 5 0 R >> >> >>")
    return write_pdf(path, [
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
        _stream(content), FONT,
        _stream(_blanks(form_size), b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << >> "),
        *[page] * pages])


def test_a_page_whose_content_unpacks_past_the_bound_is_refused_at_the_page(tmp_path: Path) -> None:
    """A 17 KB file whose one page unpacks to a MiB past the bound: exit 2 naming the file and page, no graph."""
    child, elapsed, root = ingest_one_pdf(tmp_path, lambda path: _one_page(path, MAX_PDF_PAGE_CONTENT_BYTES + MIB))
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    said = " ".join(child.stderr.split())
    assert f"documents/bomb.pdf: the PDF is too large to read: the content of page 1 unpacks to more than " \
           f"{MAX_PDF_PAGE_CONTENT_BYTES:,} bytes" in said, said[-2000:]
    assert elapsed < 30, elapsed
    assert not graph_stored(root)


def test_the_audits_300_mib_page_is_refused_in_well_under_seconds(tmp_path: Path) -> None:
    """The audit's bomb (a 306 KB file, 300 MiB of blanks): the count stops past the bound, unpacking no more."""
    pdf = _one_page(tmp_path / "x.pdf", 300 * MIB)
    started = time.monotonic()
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/x.pdf")
    elapsed = time.monotonic() - started
    assert "the content of page 1 unpacks to more than" in caught.value.message
    [(_, count)] = list(page_counts(pdf, 20_000, 200_000, MAX_PDF_PAGE_CONTENT_BYTES))
    assert MAX_PDF_PAGE_CONTENT_BYTES < count.size <= MAX_PDF_PAGE_CONTENT_BYTES + MIB  # within a slice
    assert elapsed < 5, elapsed  # 0.3 s here; read whole it was 27 s before pdfium's own parse


def test_a_form_is_counted_each_time_it_is_shown(tmp_path: Path) -> None:
    """pdfium parses a form's stream for each ``Do``: a 1 MiB form shown 20 times is 20 MiB of the page's."""
    pdf = _form_pages(tmp_path / "f.pdf", 1, MIB, 20)
    [(_, count)] = list(page_counts(pdf, 20_000, 200_000, MAX_PDF_PAGE_CONTENT_BYTES))
    assert count.size > MAX_PDF_PAGE_CONTENT_BYTES
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/f.pdf")
    assert "the content of page 1 unpacks to more than" in caught.value.message


def test_pages_each_under_the_bound_are_refused_past_the_total(tmp_path: Path) -> None:
    """Pages sharing one form just under the page's bound: refused at the page past the document's total,
    the form unpacked once by the count."""
    per = MAX_PDF_PAGE_CONTENT_BYTES - MIB
    pdf = _form_pages(tmp_path / "t.pdf", MAX_PDF_CONTENT_BYTES // per + 2, per, 1)
    started = time.monotonic()
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/t.pdf")
    past = MAX_PDF_CONTENT_BYTES // per + 1
    assert f"the content of its pages unpacks to more than {MAX_PDF_CONTENT_BYTES:,} bytes by page {past}" \
        in caught.value.message, caught.value.message
    assert time.monotonic() - started < 10


def test_a_page_under_the_bound_is_read(tmp_path: Path) -> None:
    layer = pdf_text_layer(_one_page(tmp_path / "u.pdf", MAX_PDF_PAGE_CONTENT_BYTES - MIB), file="documents/u.pdf")
    assert "1 SCOPE" in layer.text


def test_a_page_of_names_is_counted_in_bounded_time_and_its_do_still_follows_its_name(tmp_path: Path) -> None:
    """Under the bound, 15 MiB of names (``/a /a ...``, operands pdfium parses and passes over) had
    each been decoded as met, 17 s: a ``Do``'s name is now read at the ``Do``, the names between not at
    all. The form the last name before the ``Do`` names is still followed, its text counted."""
    names = b"/a " * ((MAX_PDF_PAGE_CONTENT_BYTES - MIB) // 3)
    content = zlib.compress(TEXT + names + b"/X Do " + names[:30] + b"/X Do", 9)
    form = zlib.compress(b"BT /F1 12 Tf 72 700 Td (1.1 Shown.) Tj ET BT (again) Tj ET")
    pdf = write_pdf(tmp_path / "n.pdf", [
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >> >>",
        _stream(content), FONT,
        _stream(form, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> ")])
    started = time.monotonic()
    [(_, count)] = list(page_counts(pdf, 20_000, 200_000, MAX_PDF_PAGE_CONTENT_BYTES))
    assert time.monotonic() - started < 5  # 0.3 s here
    assert (count.shows, count.objects, count.problem) == (1 + 2 * 2, 1 + 2 + 2 * 2, None)
