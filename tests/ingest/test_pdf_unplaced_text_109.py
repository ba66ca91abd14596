"""Audit 109 B F2: pdfium's text layer leaves out a piece of text drawn narrower than 0.01 pt (a
near-zero font size, a text matrix squashed sideways), so the layout-cost estimate, read from that
layer, did not see it; camelot's pdfminer lays out each of its characters all the same. A 17 KB
ruled page of 2,000 one-digit pieces at 0.001 pt was estimated at 504 (bound 15,000) and camelot
took 70 s and 0.98 GB on it; squashed by ``0.001 0 0 1 Tm`` it estimated alike. The estimate now
counts each piece the text layer holds no character of as a run and a character: the page passes
the bound, is not given to camelot, and is named in a warning. (camelot's own table pages stay
under the bound: ``test_pdf_layout_boxes_108``.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pdf_layout import first_page_geometry, kept_from_camelot
from pdf_objects import text_pages_pdf

from inforce.adapters.ingest.pdf import pdf_text_layer
from inforce.adapters.ingest.pdftables import MAX_TABLE_PAGE_COST, page_cost

FILE = "documents/tiny.pdf"
PIECES = 2_000
#: how each piece is set: a 0.001 pt font, or a 3 pt font under a text matrix squashed sideways
SETTINGS = {
    "near-zero font size": b"BT /F1 0.001 Tf %.2f %.2f Td (%d) Tj ET",
    "squashed text matrix": b"BT /F1 3 Tf 0.001 0 0 1 %.2f %.2f Tm (%d) Tj ET",
}


def _scattered(path: Path, piece: bytes) -> Path:
    """A 20 x 5 ruled grid holding ``PIECES`` one-digit pieces set by ``piece`` at random places."""
    rng = random.Random(109)
    parts = [b"BT /F1 12 Tf 36 760 Td (1 SCOPE) Tj ET", b"0.5 w"]
    parts += [b"36 %.2f m 576 %.2f l S" % (732 - r * 34.8, 732 - r * 34.8) for r in range(21)]
    parts += [b"%.2f 36 m %.2f 732 l S" % (36 + c * 108, 36 + c * 108) for c in range(6)]
    parts += [piece % (rng.uniform(37, 566), rng.uniform(37, 727), index % 10) for index in range(PIECES)]
    return text_pages_pdf(path, [b"\n".join(parts)])


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_pieces_left_out_of_the_text_layer_count_in_the_layout_estimate(tmp_path: Path, setting: str) -> None:
    path = _scattered(tmp_path / "tiny.pdf", SETTINGS[setting])
    assert path.stat().st_size < 20_000
    layer = pdf_text_layer(path, file=FILE)
    assert "SCOPE" in layer.text and len(layer.text.split()) == 2  # pdfium reads none of the pieces
    geometry = first_page_geometry(path, FILE)
    runs, cost = page_cost(geometry)
    assert runs > PIECES and cost > MAX_TABLE_PAGE_COST, (runs, cost)  # 1 run, 504 before
    assert geometry.unplaced == PIECES
    text, seconds = kept_from_camelot(path, layer, FILE)
    assert text.startswith(f"{FILE}: page 1 holds {runs:,} separate runs of text"), text
    assert f"(and {PIECES:,} pieces of text drawn too small for its text layer)" in text, text
    assert f"past the {MAX_TABLE_PAGE_COST:,} a page may cost" in text, text
    assert seconds < 10, seconds  # camelot took 70 s and 0.98 GB on the near-zero page
