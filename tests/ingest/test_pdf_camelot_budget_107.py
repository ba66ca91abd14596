"""Audit 107 B F1: camelot's layout of a page costs about the square of its separate runs of text.

A 10 KB ruled page of 1,000 one-digit pieces scattered inside a grid held ingest 20 s (2,000: 94 s;
5,000: past five minutes and 3.5 GB), and a 199 x 100 cell grid page (19,900 pieces, 89,000
characters) about 25 s, under every PDF limit: a file of ~49 such pages took twenty minutes. The table
reader now estimates each page's layout cost from pdfium's characters before camelot runs
(``table_cost``, counts only): a page past ``MAX_TABLE_PAGE_COST`` is not given to camelot, nor are
the pages from the one that takes the file's sum past ``MAX_TABLE_FILE_COST``; their text is indexed
as text and a warning names the file and the page(s).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from pdf_objects import text_pages_pdf

from inforce.adapters.ingest import pdftables
from inforce.adapters.ingest.pdf import opened_pdf, pdf_text_layer
from inforce.adapters.ingest.pdfgeometry import page_geometry
from inforce.adapters.ingest.pdftables import MAX_TABLE_PAGE_COST, page_cost, read_pdf_tables

FILE = "documents/sched.pdf"
WIDTH, HEIGHT = 612, 792
LEFT, BOTTOM, RIGHT, TOP = 36, 36, WIDTH - 36, HEIGHT - 60


def _grid_rules(rows: int, columns: int, bottom: float = BOTTOM) -> list[bytes]:
    step_y, step_x = (TOP - bottom) / rows, (RIGHT - LEFT) / columns
    rules = [b"0.5 w"]
    rules += [b"%.2f %.2f m %.2f %.2f l S" % (LEFT, TOP - r * step_y, RIGHT, TOP - r * step_y) for r in range(rows + 1)]
    rules += [b"%.2f %.2f m %.2f %.2f l S" % (LEFT + c * step_x, bottom, LEFT + c * step_x, TOP) for c in range(columns + 1)]
    return rules


def _scatter(pieces: int) -> bytes:
    """A 20 x 5 ruled grid with ``pieces`` one-digit pieces of 3 pt text at fixed random places inside."""
    rng = random.Random(107)
    parts = [b"BT /F1 12 Tf 36 760 Td (1 SCOPE) Tj ET", *_grid_rules(20, 5)]
    for index in range(pieces):
        x, y = rng.uniform(LEFT + 1, RIGHT - 10), rng.uniform(BOTTOM + 1, TOP - 5)
        parts.append(b"BT /F1 3 Tf %.2f %.2f Td (%d) Tj ET" % (x, y, index % 10))
    return b"\n".join(parts)


def _grid(rows: int, columns: int, number: int, bottom: float = BOTTOM) -> bytes:
    """A ruled grid of ``rows`` x ``columns`` cells down to ``bottom``, each holding a number (the
    first an item name); a line of text under a grid that ends above the page's foot."""
    step_y, step_x = (TOP - bottom) / rows, (RIGHT - LEFT) / columns
    size = max(2, min(8, step_y * 0.6))
    parts = [b"BT /F1 12 Tf 36 760 Td (%d SCHEDULE) Tj ET" % number, *_grid_rules(rows, columns, bottom)]
    if bottom > 2 * BOTTOM:
        parts.append(b"BT /F1 12 Tf 36 %.2f Td (End of schedule %d.) Tj ET" % (bottom - 30, number))
    for r in range(rows):
        y = TOP - (r + 1) * step_y + step_y * 0.25
        for c in range(columns):
            text = b"Item %d" % r if c == 0 else b"%d" % (r * columns + c)
            parts.append(b"BT /F1 %.1f Tf %.2f %.2f Td (%s) Tj ET" % (size, LEFT + c * step_x + 1, y, text))
    return b"\n".join(parts)


def _pdf(path: Path, pages: list[bytes]) -> Path:
    return text_pages_pdf(path, pages, width=WIDTH, height=HEIGHT)


def _read(path: Path):
    layer = pdf_text_layer(path, file=FILE)
    started = time.monotonic()
    tables = read_pdf_tables(path, layer, file=FILE)
    return layer, tables, time.monotonic() - started


def _estimate(path: Path, page: int) -> int:
    """The page's estimated layout cost, from its geometry as the reader counts it."""
    layer = pdf_text_layer(path, file=FILE)
    with opened_pdf(path, file=FILE) as document:
        loaded = document[page - 1]
        try:
            geometry = page_geometry(loaded, number=page, text_start=layer.page_starts[page - 1])
        finally:
            loaded.close()
    return page_cost(geometry)[1]


def test_a_page_of_scattered_pieces_is_not_laid_out_by_camelot(tmp_path: Path):
    path = _pdf(tmp_path / "scatter.pdf", [_scatter(1000)])
    assert path.stat().st_size < 12_000
    layer, tables, seconds = _read(path)
    assert tables.pages_read == () and tables.rows == []
    (warning,) = tables.warnings
    text = str(warning)
    assert warning.file == FILE and "page 1 holds" in text and "separate runs of text" in text, text
    assert "its tables were not looked for" in text and f"{MAX_TABLE_PAGE_COST:,} a page may cost" in text, text
    assert "SCOPE" in layer.text  # the page's text is still read
    assert seconds < 10, seconds  # camelot took 20 s on this page


def test_dense_grid_pages_past_the_page_bound_are_each_named(tmp_path: Path):
    path = _pdf(tmp_path / "dense.pdf", [_grid(199, 100, page) for page in range(1, 4)])
    _, tables, seconds = _read(path)
    assert tables.pages_read == () and tables.rows == []
    assert [str(warning).split(" holds")[0] for warning in tables.warnings] == [
        f"{FILE}: page {page}" for page in (1, 2, 3)
    ]
    assert all("its tables were not looked for" in str(warning) for warning in tables.warnings)
    assert seconds < 15, seconds  # about 25 s a page through camelot


def test_pages_past_the_file_bound_are_not_given_to_camelot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Many pages under the page bound: camelot is given pages in order while their estimates add up
    to the file's bound, and none from the page that would pass it (the bound is set here to two
    and a half pages' worth, so that the test runs camelot on two small pages only)."""
    path = _pdf(tmp_path / "grids.pdf", [_grid(12, 4, page, bottom=400) for page in range(1, 7)])
    cost = _estimate(path, 1)
    assert cost <= MAX_TABLE_PAGE_COST
    monkeypatch.setattr(pdftables, "MAX_TABLE_FILE_COST", 2 * cost + cost // 2)
    _, tables, _ = _read(path)
    assert tables.pages_read == (1, 2)
    (warning,) = [warning for warning in tables.warnings if "not looked for" in str(warning)]
    text = str(warning)
    assert warning.file == FILE and text.startswith(f"{FILE}: pages 3-6: their tables were not looked for"), text
    assert "with page 3 it would pass" in text, text
    assert {row.table for row in tables.rows} == {1, 2} and not tables.quarantined  # each page's table read
    assert {row.span.page_start for row in tables.rows} == {1, 2}

