"""Issue 23, audit 83 B F1/F2: content streams under filters other than FlateDecode, and a whole
document of pages each just under the page limits (HELPER FX93).

F1: an 890-byte page whose form showed itself twice, stored under /ASCIIHexDecode or
/ASCII85Decode, grew ingest to 5-7 GB in 60 s: the count before pdfium loads a page unpacked only
Flate streams. Every standard filter a content stream may carry is now unpacked a slice at a time
(chains and predictors too), and a content stream under any other filter is refused: an input
error naming the file and the page, exit 2, nothing stored. F2: ten pages of 190,000 paths each
(7 KB) ran past 60 s; the objects of all pages are now held to ``MAX_PDF_OBJECTS`` by the same count.
"""

from __future__ import annotations

import base64
import random
import zlib
from pathlib import Path

import pytest
from pdf_objects import graph_stored, ingest_one_pdf, write_pdf

from inforce.adapters.ingest import pdfshows
from inforce.adapters.ingest.pdf import MAX_PDF_OBJECTS, MAX_PDF_PAGE_OBJECTS, pdf_text_layer
from inforce.adapters.ingest.pdfshows import FormCycle, UnreadStream, page_counts
from inforce.ontology import InputError

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
HEAD = b"BT /F1 12 Tf 72 720 Td (1 PURPOSE) Tj 0 -14 Td (1.1 The purpose of this text is a test.) Tj ET\n"


# -- encoders, written here so the test does not read its own decoders' output ---------------


def _lzw(data: bytes, early: int = 1) -> bytes:
    """LZW as PDF writes it: a clear code first, codes of 9 to 12 bits (one code early with
    ``early`` 1), a clear code when the table is full, the end code last."""
    codes, table, word = [256], {bytes((n,)): n for n in range(256)}, b""
    size = 258
    widths = []
    width = 9
    for byte in data:
        grown = word + bytes((byte,))
        if grown in table:
            word = grown
            continue
        codes.append(table[word])
        widths.append(width)
        table[grown] = size
        size += 1
        word = bytes((byte,))
        if size + early > (1 << width) and width < 12:
            width += 1
        if size >= 4096 - 1:
            codes.append(256)
            widths.append(width)
            table, size, width = {bytes((n,)): n for n in range(256)}, 258, 9
    if word:
        codes.append(table[word])
        widths.append(width)
    codes.append(257)
    widths.append(width)
    widths.insert(0, 9)
    bits = "".join(format(code, f"0{width}b") for code, width in zip(codes, widths, strict=True))
    bits += "0" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""


def _run_length(data: bytes) -> bytes:
    out, at = bytearray(), 0
    while at < len(data):
        run = 1
        while at + run < len(data) and run < 128 and data[at + run] == data[at]:
            run += 1
        if run > 1:
            out += bytes((257 - run, data[at]))
            at += run
        else:
            literal = data[at:at + 128]
            out += bytes((len(literal) - 1,)) + literal
            at += len(literal)
    return bytes(out + b"\x80")


def _png_up(data: bytes, columns: int) -> bytes:
    """PNG predictor 'Up' (type 2) on rows of ``columns`` bytes."""
    rows = [data[start:start + columns].ljust(columns, b" ") for start in range(0, len(data), columns)]
    out, above = bytearray(), bytes(columns)
    for row in rows:
        out += b"\x02" + bytes((value - prior) & 255 for value, prior in zip(row, above, strict=True))
        above = row
    return bytes(out)


ENCODED = {
    "hex": (b"/ASCIIHexDecode", lambda data: data.hex(" ", 7).encode() + b">"),
    "a85": (b"/ASCII85Decode", lambda data: base64.a85encode(data, wrapcol=70) + b"~>"),
    "lzw": (b"/LZWDecode", _lzw),
    "lzw-early0": (b"/LZWDecode /DecodeParms << /EarlyChange 0 >>", lambda data: _lzw(data, 0)),
    "runlength": (b"/RunLengthDecode", _run_length),
    "a85-flate": (b"[/ASCII85Decode /FlateDecode]", lambda data: base64.a85encode(zlib.compress(data)) + b"~>"),
    "hex-lzw": (b"[/AHx /LZW]", lambda data: _lzw(data).hex().encode() + b">"),
    "flate-png": (b"/FlateDecode /DecodeParms << /Predictor 12 /Columns 9 >>",
                  lambda data: zlib.compress(_png_up(data, 9))),
}


def _stream(data: bytes, how: str, extra: bytes = b"") -> bytes:
    name, encode = ENCODED[how]
    data = encode(data)
    return b"<< /Length %d /Filter %s%s >>\nstream\n%s\nendstream" % (len(data), name, extra, data)




def _shows_x(form: bytes) -> list[bytes]:
    """A page whose content shows form /X (object 6): ``form``."""
    res = b"<< /Font << /F1 4 0 R >> /XObject << /X 6 0 R >> >>"
    content = HEAD + b"/X Do\n"
    return [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 5 0 R >>" % res,
            FONT, b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content), form]


def _selfform(path: Path, how: str) -> Path:
    """The audit's file: the page shows /X, and /X, under ``how``'s filter, shows itself twice."""
    return write_pdf(path, _shows_x(_stream(
        b"BT /F1 12 Tf (a) Tj ET /X Do /X Do", how,
        b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X 6 0 R >> >>")))


def _content(path: Path, content: bytes, how: str | None, pages: int = 1, filters: bytes | None = None) -> Path:
    """``pages`` pages showing one content stream of ``content`` under ``how``'s filter (or the
    raw ``filters`` given, the content left as it is)."""
    kids = b" ".join(b"%d 0 R" % (5 + n) for n in range(pages))
    if filters is not None:
        stream = b"<< /Length %d /Filter %s >>\nstream\n%s\nendstream" % (len(content), filters, content)
    elif how is None:
        stream = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)
    else:
        stream = _stream(content, how)
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            b"/Contents 4 0 R >>")
    return write_pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>",
                           b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages), FONT, stream]
                    + [page] * pages)








# -- F1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["hex", "a85", "lzw", "runlength", "a85-flate"])
def test_a_form_showing_itself_under_any_filter_is_refused_in_bounded_memory_and_time(tmp_path: Path, how: str):
    child, elapsed, root = ingest_one_pdf(tmp_path, lambda path: _selfform(path, how))
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    assert "documents/bomb.pdf" in child.stderr and "page 1 shows form /X inside itself" in child.stderr
    assert elapsed < 30, elapsed
    assert not graph_stored(root)


@pytest.mark.parametrize("how", list(ENCODED))
def test_an_expansion_under_each_filter_stops_at_the_page_limit(tmp_path: Path, how: str):
    """A page of more paths than a page may hold, under each filter (and chain, and predictor):
    counted before pdfium loads it, and counted just past the limit, not to the end."""
    pdf = _content(tmp_path / "b.pdf", HEAD + b"0 0 1 1 re f\n" * (MAX_PDF_PAGE_OBJECTS + 10_000), how)
    [(page, count)] = list(page_counts(pdf, 20_000, MAX_PDF_PAGE_OBJECTS))
    assert (page, count.problem) == (1, None)
    assert MAX_PDF_PAGE_OBJECTS < count.objects < MAX_PDF_PAGE_OBJECTS + 10_000
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/b.pdf")
    assert f"page 1 holds more than {MAX_PDF_PAGE_OBJECTS:,} objects" in caught.value.message


@pytest.mark.parametrize("size", [1, 3, 7, 64, 1 << 20])
@pytest.mark.parametrize("how", list(ENCODED))
def test_each_filter_unpacks_the_same_bytes_whatever_its_slices(monkeypatch, how: str, size: int):
    from playa.pdftypes import LIT

    data = bytes(random.Random(how).choices(b"ab ()Tj\n0123456789\x00\xff", k=5_000)) + b" " * 3_000
    name, encode = ENCODED[how]
    attrs = {"Filter": [LIT(each.strip(b"/[]").decode()) for each in name.split(b"/DecodeParms")[0].split()]}
    if b"EarlyChange 0" in name:
        attrs["DecodeParms"] = {"EarlyChange": 0}
    if b"Predictor" in name:
        attrs["DecodeParms"] = {"Predictor": 12, "Columns": 9}
        data = data[:len(data) - len(data) % 9]

    class Stream:
        rawdata, decipher = encode(data), None
        get = attrs.get

    monkeypatch.setattr(pdfshows, "_SLICE", size)
    assert b"".join(pdfshows._unpacked(Stream())) == data


@pytest.mark.parametrize("filters", [b"/DCTDecode", b"/JPXDecode", b"/JBIG2Decode", b"/CCITTFaxDecode", b"/Crypt",
                                     b"/NoSuchDecode", b"[/FlateDecode /DCTDecode]", b"(FlateDecode)"])
def test_a_content_stream_under_a_filter_not_unpacked_is_refused_naming_the_page(tmp_path: Path, filters: bytes):
    pdf = _content(tmp_path / "x.pdf", zlib.compress(HEAD), None, pages=2, filters=filters)
    page, count = next(page_counts(pdf, 20_000, MAX_PDF_PAGE_OBJECTS))
    assert page == 1 and isinstance(count.problem, UnreadStream)
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/x.pdf")
    assert caught.value.file == "documents/x.pdf"
    assert "the content of page 1 is under the filter" in caught.value.message, caught.value.message


def test_a_form_under_an_image_filter_is_refused_naming_it_and_the_page(tmp_path: Path):
    bodies = _shows_x(b"<< /Length 4 /Filter /DCTDecode /Type /XObject /Subtype /Form /BBox [0 0 9 9] >>\n"
                      b"stream\n\xff\xd8\xff\xd9\nendstream")
    with pytest.raises(InputError) as caught:
        pdf_text_layer(write_pdf(tmp_path / "f.pdf", bodies), file="documents/f.pdf")
    assert "form /X shown on page 1 is under the filter /DCTDecode" in caught.value.message


@pytest.mark.parametrize("how", list(ENCODED))
def test_an_ordinary_pdf_under_each_filter_is_read(tmp_path: Path, how: str):
    pdf = _content(tmp_path / "ok.pdf", HEAD + b"0 0 100 100 re f\n" * 50, how)
    [(_, count)] = list(page_counts(pdf, 20_000, MAX_PDF_PAGE_OBJECTS))
    assert (count.shows, count.objects, count.problem) == (2, 52, None)
    layer = pdf_text_layer(pdf, file="documents/ok.pdf")
    assert "1.1 The purpose of this text is a test." in layer.page_text(1)


def test_a_pdf_whose_content_is_lzw_coded_is_ingested(tmp_path: Path):
    child, _, root = ingest_one_pdf(tmp_path, lambda path: _content(path, HEAD, "lzw"), limited=False)
    said = child.stdout + child.stderr
    assert child.returncode == 0 and "1 added" in said and "2 provisions" in said, said[-2000:]
    [(_, cycle)] = list(page_counts(_selfform(tmp_path / "s.pdf", "lzw"), 10_000, 10_000))
    assert isinstance(cycle.problem, FormCycle)


# -- F2 ------------------------------------------------------------------------------------------


def test_pages_each_under_the_page_limit_are_refused_past_the_document_total_quickly(tmp_path: Path):
    """The audit's ten pages of 190,000 paths each (one shared stream, 7 KB): refused at the
    page whose objects pass the total, before pdfium loads any."""
    per = 190_000
    pages = MAX_PDF_OBJECTS // per + 5

    def build(path: Path) -> None:
        _content(path, HEAD + b"0 0 1 1 re f\n" * per, "a85-flate", pages=pages)

    child, elapsed, root = ingest_one_pdf(tmp_path, build)
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    past = MAX_PDF_OBJECTS // (per + 2) + 1
    assert f"more than {MAX_PDF_OBJECTS:,} objects (text, paths, images, forms) by page {past}" in child.stderr, \
        child.stderr[-2000:]
    assert elapsed < 30, elapsed
    assert not graph_stored(root)
