"""Issue 23 (found fixing audit 109 B): pdfium's text layer keeps at most 32,767 characters of one
text-showing operator, camelot's pdfminer lays out all of them. One ``Tj`` of a million digits, each
narrower than 0.01 pt, on a ruled page was estimated at 13,609 (bound 15,000) from pdfium's 32,773
characters, and camelot spent 12.1 s (stream) and 7.9 s (lattice) on the 3 KB page. The first count
(``pdfshows``) now counts the characters each page's strings show, and the layout estimate takes the
larger of that and pdfium's characters: the page is kept from camelot and named in a warning.
(camelot's own table pages stay under the bound: ``test_pdf_layout_boxes_108``.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_layout import first_page_geometry, kept_from_camelot
from pdf_objects import text_pages_pdf, write_pdf

from inforce.adapters.ingest.pdf import SHOWN_CHARACTERS_COUNTED, pdf_text_layer
from inforce.adapters.ingest.pdfshows import _Strings, page_counts
from inforce.adapters.ingest.pdftables import (
    MAX_TABLE_PAGE_COST,
    page_cost,
    table_cost,
)

FILE = "documents/digits.pdf"
DIGITS = 1_000_000


def _one_long_show(path: Path) -> Path:
    """A 20 x 5 ruled grid and one ``Tj`` of ``DIGITS`` digits, 12 pt high, squashed to 0.0067 pt wide."""
    parts = [b"BT /F1 12 Tf 36 760 Td (1 SCOPE) Tj ET", b"0.5 w"]
    parts += [b"36 %.2f m 576 %.2f l S" % (732 - r * 34.8, 732 - r * 34.8) for r in range(21)]
    parts += [b"%.2f 36 m %.2f 732 l S" % (36 + c * 108, 36 + c * 108) for c in range(6)]
    parts.append(b"BT /F1 12 Tf 0.001 0 0 1 40 400 Tm (" + b"0123456789" * (DIGITS // 10) + b") Tj ET")
    return text_pages_pdf(path, [b"\n".join(parts)])


def test_a_show_longer_than_the_text_layer_keeps_counts_every_character(tmp_path: Path) -> None:
    path = _one_long_show(tmp_path / "digits.pdf")
    assert path.stat().st_size < 5_000
    layer = pdf_text_layer(path, file=FILE)
    assert layer.shown_characters(1) > SHOWN_CHARACTERS_COUNTED
    geometry = first_page_geometry(path, FILE)
    assert len(geometry.glyphs) < 40_000  # pdfium keeps 32,767 of the million
    assert page_cost(geometry)[1] < MAX_TABLE_PAGE_COST  # 13,609 from pdfium's characters alone
    runs, cost = page_cost(geometry, layer.shown_characters(1))
    assert cost > MAX_TABLE_PAGE_COST, (runs, cost)
    text, seconds = kept_from_camelot(path, layer, FILE)
    assert text.startswith(f"{FILE}: page 1 holds {runs:,} separate runs of text"), text
    assert f"its strings showing more than {SHOWN_CHARACTERS_COUNTED:,} characters" in text, text
    assert f"estimated at {cost:,}, past the {MAX_TABLE_PAGE_COST:,} a page may cost" in text, text
    assert seconds < 10, seconds  # camelot spent 20 s on the page


def test_the_count_stops_where_any_page_is_past_the_table_bound() -> None:
    assert table_cost(0, SHOWN_CHARACTERS_COUNTED) > MAX_TABLE_PAGE_COST


@pytest.mark.parametrize(("content", "shown"), [
    (b"BT (abc) Tj ET", 3),
    (b"[(ab) -20 (c\\)d)] TJ", 5),  # an escaped parenthesis is one character
    (b"(a(b)c) Tj", 5),  # nested parentheses are the string's
    (b"(\\101\\102x\\n) Tj", 4),  # an octal or letter escape is one
    (b"(ab\\\ncd) Tj (ef\\\r\ngh) '", 8),  # a backslash before a line end is none
    (b"<48656C6C6F> Tj <</MCID 0>> BDC <4 8 6> Tj", 7),  # hex digits halved, a dictionary's << none
    (b"% a (comment) here\n(x) Tj", 1),
    (b"BI /W 4 /H 1 /BPC 8 /CS /G ID \x28\x00\x00\x00 EI Q (yy) Tj", 2),  # an inline image's data is none
    (b"/MCID 3 BDC (z) Tj /ID 1 (w) \"", 2),
])
def test_strings_are_counted_whatever_the_slices(content: bytes, shown: int) -> None:
    """Each string's characters, however the stream's slices cut it."""
    for first in range(len(content) + 1):
        for second in range(first, len(content) + 1):
            strings = _Strings(1 << 40)
            for piece in (content[:first], content[first:second], content[second:]):
                strings.feed(piece)
            strings.finish()
            assert strings.count == shown, (first, second, strings.count)


def _font_page(path: Path, fonts: bytes, content: bytes) -> Path:
    """One page whose resources name ``fonts`` (objects 4 and 5 as given in it), showing ``content``."""
    import zlib

    packed = zlib.compress(content)
    return write_pdf(path, [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << %s >> >> /Contents 6 0 R >>" % fonts,
        b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [] >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
    ])


def test_two_byte_composite_fonts_show_a_character_for_two_bytes(tmp_path: Path) -> None:
    content = b"BT /C0 12 Tf <00410042> Tj (\\000C\\000D) Tj ET"
    only = _font_page(tmp_path / "c.pdf", b"/C0 4 0 R", content)
    [(_, count)] = list(page_counts(only, 100, 100, None, 1_000))
    assert count.problem is None and count.characters == 4
    # a simple font beside it: which font a string is shown in is not followed, so bytes are counted
    mixed = _font_page(tmp_path / "m.pdf", b"/C0 4 0 R /F1 5 0 R", content)
    [(_, count)] = list(page_counts(mixed, 100, 100, None, 1_000))
    assert count.problem is None and count.characters == 8
