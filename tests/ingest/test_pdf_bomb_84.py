"""Issue 23, audit 84 B F1/F2: the count before pdfium loads a page fails closed (HELPER FX98).

F1: an 858-byte PDF whose form shows itself twice, the form's ``/Length`` a reference to its own
object, grew ingest to 4 GB in 13 s: playa's reading of the form asked for itself, the count
stopped silently, and pdfium (which reads past the bad /Length) loaded the page uncounted. A page
content stream whose /Length refers to itself went the same way. F2: the same form in a PDF
encrypted with the empty user password (Standard handler V4, AES): playa cannot decrypt without
the ``cryptography`` package, the count yielded nothing, pdfium opened the file and loaded the
page uncounted. Now a page the count cannot read to its end is refused (an input error naming
the file, the page and why, exit 2, nothing stored), and ``cryptography`` is a dependency, so an
empty-password AES PDF is counted and, when it holds no bomb, read.
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from pathlib import Path

import pytest
from pdf_objects import graph_stored, ingest_one_pdf, write_pdf

from inforce.adapters.ingest.pdf import pdf_text_layer
from inforce.adapters.ingest.pdfshows import UnreadPage, UnreadStream, page_counts
from inforce.ontology import InputError

SIDECAR = (
    "id: PDF-1\nkind: specification\ntitle: Protected\nissued: 2026-01-01\n"
    "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n"
)
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
HEAD = b"BT /F1 12 Tf 72 720 Td (1 PURPOSE) Tj 0 -14 Td (1.1 Records are kept seven years.) Tj ET\n"
FORM = b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] /Resources << /XObject << /X 6 0 R >> >>"
PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
ID = b"0123456789abcdef"
OWNER = bytes(range(32))
PERMISSIONS = -4




def _page(content: bytes, form: bytes | None = None) -> list[bytes]:
    """Objects 1-6: catalog, pages, the page (showing /X where there is a ``form``), its font, its
    content stream (given whole), the form."""
    xobjects = b" /XObject << /X 6 0 R >>" if form is not None else b""
    return [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >>%s >> "
            b"/Contents 5 0 R >>" % xobjects, FONT, content] + ([form] if form is not None else [])


def _stream(data: bytes, length: bytes | None = None, extra: bytes = b"") -> bytes:
    return b"<< /Length %s %s >>\nstream\n%s\nendstream" % (length or b"%d" % len(data), extra, data)


def _selflen_form(path: Path, hexed: bool = False) -> Path:
    """The audit's F1 file: the form /X shows itself twice, its /Length ``6 0 R`` (its own object)."""
    body = b"/X Do /X Do"
    extra = FORM
    if hexed:
        body, extra = body.hex().encode() + b">", b"/Filter /ASCIIHexDecode " + FORM
    return write_pdf(path, _page(_stream(HEAD + b"/X Do\n"), _stream(body, b"6 0 R", extra)))


def _selflen_page(path: Path) -> Path:
    """The page's own content stream's /Length is ``5 0 R`` (its own object); it shows the
    self-showing form."""
    return write_pdf(path, _page(_stream(HEAD + b"/X Do\n", b"5 0 R"), _stream(b"/X Do /X Do", None, FORM)))


# -- the Standard security handler, revision 4 (AESV2), with the empty user password ------------


def _rc4(key: bytes, data: bytes) -> bytes:
    box, j = list(range(256)), 0
    for i in range(256):
        j = (j + box[i] + key[i % len(key)]) % 256
        box[i], box[j] = box[j], box[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + box[i]) % 256
        box[i], box[j] = box[j], box[i]
        out.append(byte ^ box[(box[i] + box[j]) % 256])
    return bytes(out)


def _file_key() -> bytes:
    digest = hashlib.md5(PAD + OWNER + struct.pack("<l", PERMISSIONS) + ID).digest()  # noqa: S324 (the PDF's own)
    for _ in range(50):
        digest = hashlib.md5(digest).digest()  # noqa: S324
    return digest


def _encrypt_dict(method: bytes) -> bytes:
    key = _file_key()
    user = _rc4(key, hashlib.md5(PAD + ID).digest())  # noqa: S324
    for i in range(1, 20):
        user = _rc4(bytes(byte ^ i for byte in key), user)
    return (b"<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /%s /Length 16 "
            b"/AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF /O <%s> /U <%s> /P %d >>"
            % (method, OWNER.hex().encode(), (user + bytes(16)).hex().encode(), PERMISSIONS))


def _aes(number: int, data: bytes) -> bytes:
    """``data`` of object ``number`` (generation 0) under AESV2: the object's key, a random IV."""
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    key = hashlib.md5(_file_key() + number.to_bytes(3, "little") + b"\0\0sAlT").digest()  # noqa: S324
    iv = os.urandom(16)
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return iv + encryptor.update(padded) + encryptor.finalize()


def _encrypted(path: Path, content: bytes, form: bytes | None, form_extra: bytes = FORM) -> Path:
    """A page of ``content`` (showing form /X of ``form`` where one is given), each stream
    enciphered with AESV2 under the empty user password."""
    page = _stream(_aes(5, zlib.compress(content)), None, b"/Filter /FlateDecode")
    shown = _stream(_aes(6, form), None, form_extra) if form is not None else None
    bodies = [*_page(page, shown), _encrypt_dict(b"AESV2")]
    if form is None:
        bodies.insert(5, b"null")
    return write_pdf(path, bodies, trailer=b"/Encrypt 7 0 R /ID [<%s> <%s>] " % (ID.hex().encode(), ID.hex().encode()))


def _aes_bomb(path: Path) -> Path:
    """The audit's F2 file, its streams truly enciphered: the form shows itself twice (under
    /ASCIIHexDecode, as the audit wrote it)."""
    return _encrypted(path, HEAD + b"/X Do\n", b"/X Do /X Do".hex().encode() + b">",
                      b"/Filter /ASCIIHexDecode " + FORM)


def _aes_text(path: Path) -> Path:
    return _encrypted(path, HEAD, None)


# -- through ingest, in a child held to 1.5 GB ---------------------------------------------------








def _untyped_page(path: Path) -> Path:
    """The page showing the self-showing form has no ``/Type /Page``: pdfium loads it as a page,
    playa's page tree holds none."""
    bodies = _page(_stream(HEAD + b"/X Do\n"), _stream(b"/X Do /X Do", None, FORM))
    bodies[2] = bodies[2].replace(b"/Type /Page ", b"")
    return write_pdf(path, bodies)


@pytest.mark.parametrize(("build", "said"), [
    (_selflen_form, "page 1 could not be read to the end before pdfium builds it (reading object 6 asks for"),
    (lambda path: _selflen_form(path, hexed=True), "page 1 could not be read to the end before pdfium builds it"),
    (_selflen_page, "page 1 could not be read to the end before pdfium builds it (reading object 5 asks for"),
    (_untyped_page, "page 1 could not be read to the end before pdfium builds it (the page tree as the count "
                    "reads it holds 0 pages, pdfium finds 1)"),
], ids=["form-length-self", "form-length-self-hex", "page-length-self", "page-not-typed"])
def test_a_page_the_count_cannot_read_is_refused_never_loaded_by_pdfium(tmp_path: Path, build, said: str):  # noqa: ANN001
    child, elapsed, root = ingest_one_pdf(tmp_path, build, name="x.pdf", sidecar=SIDECAR)
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    assert "documents/x.pdf" in child.stderr and said in child.stderr, child.stderr[-2000:]
    assert elapsed < 30, elapsed
    assert not graph_stored(root)


def test_an_empty_password_aes_pdf_holding_the_form_bomb_is_counted_and_refused(tmp_path: Path):
    child, elapsed, root = ingest_one_pdf(tmp_path, _aes_bomb, name="x.pdf", sidecar=SIDECAR)
    assert child.returncode == 2, (child.returncode, child.stderr[-2000:])
    assert "documents/x.pdf" in child.stderr and "page 1 shows form /X inside itself" in child.stderr
    assert elapsed < 30, elapsed
    assert not graph_stored(root)


def test_an_ordinary_empty_password_aes_pdf_is_read(tmp_path: Path):
    pdf = _aes_text(tmp_path / "x.pdf")
    assert [number for number, count in page_counts(pdf, 100, 100) if count.problem is None] == [1]
    child, _, _ = ingest_one_pdf(tmp_path, _aes_text, limited=False, name="x.pdf", sidecar=SIDECAR)
    assert child.returncode == 0, child.stderr[-2000:]
    assert "1 added" in child.stdout + child.stderr, child.stdout + child.stderr
    assert "Records are kept seven years" in pdf_text_layer(pdf, file="x.pdf").text


def test_a_real_producers_empty_password_aes_pdf_is_read(tmp_path: Path):
    """fpdf2's AES-128 and AES-256 (V5, R6) with no user password."""
    from fpdf import FPDF
    from fpdf.enums import EncryptionMethod

    for method in (EncryptionMethod.AES_128, EncryptionMethod.AES_256):
        drawing = FPDF()
        drawing.add_page()
        drawing.set_font("helvetica", size=12)
        drawing.cell(text="1.1 Records are kept seven years.")
        drawing.set_encryption(owner_password="owner", encryption_method=method)
        pdf = tmp_path / f"{method.name}.pdf"
        drawing.output(str(pdf))
        assert [count.problem for _, count in page_counts(pdf, 100, 100)] == [None], method
        assert "Records are kept seven years" in pdf_text_layer(pdf, file=pdf.name).text


def test_damaged_flate_data_is_refused_not_counted_short(tmp_path: Path):
    """A Flate stream broken part way: the output of zlib's call that met the damage was dropped,
    uncounted (it may hold the form's ``/X Do``): the page is refused. A wrong closing checksum
    alone, which real files have, leaves the data whole and is read."""
    good = zlib.compress(b"/X Do /X Do " * 10)
    broken = good[:-12] + bytes(b ^ 0x55 for b in good[-12:-4]) + good[-4:]
    pdf = write_pdf(tmp_path / "broken.pdf", _page(_stream(HEAD + b"/X Do\n"),
                                                   _stream(broken, None, b"/Filter /FlateDecode " + FORM)))
    [(number, count)] = list(page_counts(pdf, 100, 100))
    assert number == 1 and isinstance(count.problem, UnreadStream), count
    text = zlib.compress(HEAD)[:-4] + bytes(4)
    pdf = write_pdf(tmp_path / "sum.pdf", _page(_stream(text, None, b"/Filter /FlateDecode")))
    assert [(n, c.shows, c.problem) for n, c in page_counts(pdf, 100, 100)] == [(1, 2, None)]


def test_the_refusal_names_the_file_and_the_page(tmp_path: Path):
    pdf = _selflen_form(tmp_path / "x.pdf")
    [(number, count)] = list(page_counts(pdf, 100, 100))
    assert number == 1 and isinstance(count.problem, UnreadPage) and not count.problem.document
    with pytest.raises(InputError) as caught:
        pdf_text_layer(pdf, file="documents/x.pdf")
    assert caught.value.file == "documents/x.pdf" and "page 1" in caught.value.message
